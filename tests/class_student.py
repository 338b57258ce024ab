"""What the student-side class tests share: a class in a SQLite store under ``tmp_path``
(``tests/classdb.py``'s ``sqlite_store``, closed after each test), a joining panel wired to that
store, and the forged messages a page could send.

Import the fixtures into a test module (``from tests.class_student import ...``).
"""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as w
import pytest
import traitlets

from pitchlab.classes.store import ClassStore, Created
from pitchlab.ui.class_join import ClassJoin
from tests.widget_tree import walk

__all__ = ["arrive", "forge", "joined", "klass", "remembered"]


@pytest.fixture
def klass(sqlite_store: ClassStore) -> Created:
    """An open class, and its teacher key."""
    return sqlite_store.create_class("Period 3")


def joined(store: ClassStore, code: str, nickname: str) -> ClassJoin:
    """A joining panel, opened from an address naming ``code``, that joined as ``nickname``."""
    panel = ClassJoin(store, query=f"class={code}")
    panel.nickname_box.value = nickname
    assert panel.join(), panel.message.value
    return panel


def remembered(join: ClassJoin) -> dict[str, str]:
    """What the joining panel asked the browser to keep (empty: nothing)."""
    return json.loads(join.browser.value) if join.browser.value else {}


def arrive(join: ClassJoin, stored: str) -> None:
    """The browser reports what it kept, as a page opening does."""
    join.browser.set_state({"stored": stored, "ready": True})


HOSTILE: tuple[Any, ...] = (
    "",
    "<script>alert(1)</script>",
    "x" * 10_240,
    "\x00\u202e\ud800",
    '{"code": "AAAAAA", "nickname": "Ana", "token": "forged"}',
    '{"hands": 20, "seed": 1, "counts": [20, 0, 0, 0, 0, 0, 0, 0, 0, 0]}',
    '{"deals": 100, "seed": 1, "hits": 100}',
    -1,
    0,
    1,
    2,
    99,
    10**40,
    2.5,
    True,
    False,
    None,
    [],
    {},
    {"hits": 100},
)
"""Values a forged widget message may carry for any synced trait."""


def synced(widget: w.Widget) -> list[str]:
    """The traits of ``widget`` the page may set (those synced with the browser), but for references
    to other widgets (``layout``, ``style``, ``children``): a page can only point those at models
    the kernel made, and their own traits are styling."""

    def reference(value: object) -> bool:
        return isinstance(value, w.Widget) or (
            isinstance(value, tuple) and any(isinstance(v, w.Widget) for v in value)
        )

    return [name for name in widget.keys if not name.startswith("_") and not reference(getattr(widget, name))]


def forge(root: w.Widget) -> int:
    """Send every visible widget under ``root`` every hostile value for every synced trait, then
    a click, as a page whose scripts were rewritten could: the number of messages accepted."""
    accepted = 0
    for widget in list(walk(root)):
        for name in synced(widget):
            for value in HOSTILE:
                try:
                    widget.set_state({name: value})
                except traitlets.TraitError:
                    continue  # refused by the trait itself, as the comm would refuse it
                accepted += 1
        if isinstance(widget, w.Button):
            widget._handle_button_msg(None, {"event": "click"}, [])
            accepted += 1
    return accepted
