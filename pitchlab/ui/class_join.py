"""Joining a class: the one panel every page with a class experiment shows.

The class code comes from the page's address (``?class=K7QM2X``, read in a preheated
kernel too, see :func:`pitchlab.ui.page_request.query`) or is typed in; the student
chooses a nickname, and nothing else is asked. Before they join, one plain sentence
says what will leave the page, and to whom. Joining claims the nickname in the class
store (:mod:`pitchlab.classes.store`) and gives the page a token, kept with the code
and the nickname in the browser's own ``localStorage`` (:class:`~pitchlab.ui.storage.BrowserStore`),
so the next lesson, or a reload, finds the student still in their class; **Leave**
forgets it. The token, not the nickname, is what lets a page send in a student's name.

Every refusal (a code that cannot be one, an unknown or closed class, a taken nickname,
however its letters are written, markup in a nickname, a long paste, a browser or network
address that holds its share of the class's nicknames already: see
:mod:`pitchlab.classes.origin`) is one line in the page and changes nothing. The
store is opened only when a student joins, so a page nobody joins from touches no
database. Stable CSS classes: ``pl-class-join``, ``pl-class-code``, ``pl-class-nickname``,
``pl-class-consent``, ``pl-class-join-button``, ``pl-class-leave``, ``pl-class-status``,
``pl-class-message``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

import ipywidgets as w

from pitchlab.classes import names, origin
from pitchlab.engine.errors import PitchError, printable
from pitchlab.ui import page_request
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.storage import BrowserStore
from pitchlab.ui.widgets import View, classed

if TYPE_CHECKING:
    from pitchlab.classes.store import ClassStore, Member

STORAGE_KEY = "class"
"""The localStorage key (``pitchlab:class``) every page shares: one class per browser at a time."""
MAX_STORED = 400
"""Characters of a stored membership read back: a code, a nickname and a token fit in far fewer."""
MAX_QUERY = 8192
"""Characters of an address read for its class code (as the app reads its address)."""


def line(exc: Exception) -> str:
    """An error as one short line of page HTML."""
    return escape(printable(str(exc), 200).rstrip("."))


def code_from_query(query: str) -> tuple[str, str]:
    """The class code an address gives, and a line saying why one given is not a code (or "")."""
    given = parse_qs(query[:MAX_QUERY]).get("class")
    if not given:
        return "", ""
    try:
        return names.check_code(given[-1]), ""
    except PitchError as exc:
        return "", f"The address's class code was not used: {line(exc)}."


SENDS = "the numbers this page deals"
"""What a lesson's experiment sends (the practice page sends its answers: :class:`ClassJoin`'s ``sends``)."""


def consent(code: str, sends: str = SENDS) -> Markup:
    """The sentence that says exactly what joining sends, and to whom."""
    return html(
        "Your nickname and {sends} go to {who}; your teacher sees them beside "
        "your nickname; nothing else leaves this page.",
        sends=sends,
        who=html("class {}", code) if code else "your class",
    )


class ClassJoin(View):
    """The joining panel: code, nickname, what is sent, Join and Leave (see the module).

    ``member`` is the student's claim while they are in a class, else ``None``; ``sends`` says
    what the page sends, in the sentence shown before joining;
    ``listeners`` are called after every change of it (an experiment panel redraws).
    ``store`` is opened on first use from ``url`` (the class database the server is
    given, see :func:`pitchlab.classes.store.database_url`), unless one is passed in."""

    def __init__(
        self,
        store: ClassStore | None = None,
        *,
        url: str | None = None,
        query: str | None = None,
        sends: str = SENDS,
    ) -> None:
        self._store = store
        self._url = url
        self.sends = sends
        self.member: Member | None = None
        self.listeners: list[Callable[[], None]] = []
        self.code_box = classed(
            w.Text(
                description="Class code", placeholder="like K7QM2X", style={"description_width": "initial"}
            ),
            "pl-class-code",
        )
        self.nickname_box = classed(
            w.Text(
                description="Nickname",
                placeholder="any name you like",
                style={"description_width": "initial"},
            ),
            "pl-class-nickname",
        )
        self.consent = classed(w.HTML(consent("", sends)), "pl-class-consent")
        self.join_button = classed(
            w.Button(description="Join", button_style="primary"), "pl-class-join-button"
        )
        self.leave_button = classed(w.Button(description="Leave the class"), "pl-class-leave")
        self.status = classed(w.HTML(), "pl-class-status")
        self.message = classed(w.HTML(), "pl-class-message")
        self.browser = BrowserStore(key=STORAGE_KEY)
        self.form = w.VBox(
            [
                w.HBox([self.code_box, self.nickname_box], layout=w.Layout(flex_flow="row wrap")),
                self.consent,
                self.join_button,
            ]
        )
        self.widget = classed(
            w.VBox([self.browser, self.form, self.status, self.leave_button, self.message]),
            "pl-class-join",
        )
        self.join_button.on_click(lambda _b: self.join())
        self.leave_button.on_click(lambda _b: self.leave())
        self.code_box.observe(lambda _c: self._show_consent(), "value")
        self.browser.observe(lambda _c: self._found(), "ready")
        code, why = code_from_query(page_request.query() if query is None else query)
        self.address_code = code
        self.code_box.value = code
        self.message.value = why
        self._show()

    # ------------------------------------------------------------------ state

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            from pitchlab.classes.store import open_store  # SQLAlchemy: only once a class is joined

            self._store = open_store(self._url)
        return self._store

    @property
    def code(self) -> str:
        return self.member.code if self.member is not None else ""

    def _show_consent(self) -> None:
        try:
            code = names.check_code(self.code_box.value)
        except PitchError:
            code = ""
        self.consent.value = consent(code, self.sends)

    def _show(self) -> None:
        joined = self.member is not None
        self.form.layout.display = "none" if joined else None
        self.leave_button.layout.display = None if joined else "none"
        if self.member is not None:
            self.status.value = html(
                "You are in class <b>{code}</b> as <b>{nickname}</b>. {consent}",
                code=self.member.code,
                nickname=self.member.nickname,
                consent=consent(self.member.code, self.sends),
            )
        else:
            self.status.value = ""
            self._show_consent()
        for listener in list(self.listeners):
            listener()

    def _set(self, member: Member | None) -> None:
        self.member = member
        self.browser.value = (
            json.dumps({"code": member.code, "nickname": member.nickname, "token": member.token})
            if member is not None
            else ""
        )
        self._show()

    # ------------------------------------------------------------------ actions

    def join(self) -> bool:
        """Join the class typed (or given by the address) under the nickname typed; a refusal
        is one line and leaves the page as it was."""
        if self.member is not None:
            self.message.value = html("You are already in class {}; leave it first.", self.member.code)
            return False
        try:
            code = names.check_code(self.code_box.value)
            browser, address = origin.page_origin()
            member = self.store.join(code, self.nickname_box.value, browser=browser, address=address)
        except PitchError as exc:
            self.message.value = f"Not joined: {line(exc)}."
            return False
        self.message.value = ""
        self._set(member)
        return True

    def leave(self) -> None:
        """Leave the class on this page and in this browser (what was sent stays with the class)."""
        if self.member is None:
            self.message.value = "You are not in a class."
            return
        code = self.member.code
        self._set(None)
        self.message.value = html("You left class {}; this page sends nothing more.", code)

    def _found(self) -> None:
        """The browser reported what it kept: if it is a membership of this page's class (or any,
        when the address names none), take it up again; anything else is ignored."""
        if self.member is not None or not self.browser.ready:
            return
        stored = self.browser.stored
        if not stored or len(stored) > MAX_STORED:
            return
        try:
            kept = json.loads(stored)
        except ValueError:
            return
        if not isinstance(kept, dict) or not all(
            isinstance(kept.get(k), str) for k in ("code", "nickname", "token")
        ):
            return
        if self.address_code and kept["code"] != self.address_code:
            self.nickname_box.value = printable(kept["nickname"], 40)
            return  # the address names another class: the student joins it afresh
        try:
            member = self.store.rejoin(kept["code"], kept["nickname"], kept["token"])
        except PitchError as exc:
            self.message.value = f"This browser's class could not be rejoined: {line(exc)}."
            return
        self.message.value = ""
        self._set(member)


__all__ = ["STORAGE_KEY", "ClassJoin", "code_from_query", "consent"]
