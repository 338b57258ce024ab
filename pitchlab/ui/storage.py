"""Nothing lost on reload: a game kept in the student's own browser, offered back on return.

A classroom server may cull a kernel, and a student may reload the page. The
game in progress is therefore written, after every step, to the browser's
``localStorage`` under a key per notebook, through a small anywidget bridge:
no game is written on the server, and one student's storage is invisible to
every other. What the app writes there is a sealed save (:mod:`pitchlab.engine.saves`),
so the student can read nothing in it the table does not show. When a page
opens, the bridge reports what its browser holds; if that is a game this server
can open, the page offers to resume it, else says in one line why not.
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import ipywidgets as w
import traitlets

from pitchlab.engine.errors import PitchError, printable
from pitchlab.ui.markup import escape, html

PREFIX = "pitchlab:"
"""Prefix of every localStorage key pitchlab writes."""

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const key = () => "pitchlab:" + model.get("key");
  let stored = "";
  try { stored = window.localStorage.getItem(key()) || ""; } catch (e) { stored = ""; }
  model.set("stored", stored);
  model.set("ready", true);
  model.save_changes();
  model.on("change:value", () => {
    const value = model.get("value");
    try {
      if (value) { window.localStorage.setItem(key(), value); }
      else { window.localStorage.removeItem(key()); }
    } catch (e) { /* storage full or blocked: the game goes on unsaved */ }
  });
}
export default { render };
"""


class BrowserStore(anywidget.AnyWidget):
    """One text value in the browser's localStorage (display it, hidden, to connect it).

    ``value`` goes to the browser (empty removes the key); ``stored`` comes back
    once, when the page opens, with what the browser held; ``ready`` turns true then.
    """

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)


class Autosave:
    """Saves through ``save()`` after each step; offers ``restore(text)`` when a saved game is found.

    ``describe(text)`` says in a few words what a found save holds, for the offer. Either
    raises :class:`~pitchlab.engine.errors.PitchError` for a save it cannot use (changed, sealed by
    another server, damaged): the offer says so in one line, and the new game goes on and
    is saved in its place.
    """

    def __init__(
        self,
        key: str,
        save: Callable[[], str],
        restore: Callable[[str], None],
        describe: Callable[[str], str] | None = None,
    ) -> None:
        self._save = save
        self._restore = restore
        self._describe = describe
        self.store = BrowserStore(key=key)
        self.message = w.HTML("")
        self.resume_button = w.Button(description="Resume your game", button_style="success", icon="play")
        self.discard_button = w.Button(description="Start a new game")
        self.resume_button.add_class("pl-resume")
        self.discard_button.add_class("pl-discard-save")
        self.offer = w.HBox(
            [self.message, self.resume_button, self.discard_button], layout=w.Layout(display="none")
        )
        self.offer.add_class("pl-resume-offer")
        self.widget = w.VBox([self.store, self.offer])
        self.resume_button.on_click(lambda _b: self.resume())
        self.discard_button.on_click(lambda _b: self.decline())
        self.store.observe(lambda _change: self._found(), "ready")
        self._paused = False

    @property
    def offered(self) -> bool:
        return bool(self.offer.layout.display != "none")

    def _found(self) -> None:
        stored = self.store.stored
        if not stored:
            return
        self.offer.layout.display = ""
        try:
            what = self._describe(stored) if self._describe is not None else ""
        except PitchError as exc:
            self._refuse(exc)
            return
        self._paused = True  # keep the saved game until the student chooses
        kept = html(": {}.", what) if what else "."
        self.message.value = f"<b>Welcome back.</b> This browser kept your game from last time{kept}"
        self.resume_button.layout.display = ""

    def save(self) -> None:
        """Write the game to the browser (not while a saved game waits for the student's choice)."""
        if self._paused:
            return
        try:
            self.store.value = self._save()
        except PitchError as exc:  # no key to seal with: said once, in the page; the game goes on
            self.message.value = f"<b>Your game is not being saved:</b> {_line(exc)}."
            self.resume_button.layout.display = "none"
            self.offer.layout.display = ""

    def resume(self) -> None:
        try:
            self._restore(self.store.stored)
        except PitchError as exc:
            self._refuse(exc)
            return
        self._close_offer()

    def _refuse(self, exc: PitchError) -> None:
        """One line for a save that cannot be used; the new game is saved over it at once."""
        self.message.value = f"<b>Saved game refused:</b> {_line(exc)}. A new game is ready."
        self.resume_button.layout.display = "none"
        self._paused = False
        self.save()

    def decline(self) -> None:
        self._close_offer()

    def _close_offer(self) -> None:
        self.offer.layout.display = "none"
        self._paused = False
        self.save()


def _line(exc: PitchError) -> str:
    """An error's message as one short line of HTML."""
    return escape(printable(str(exc), 200))
