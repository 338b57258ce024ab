"""Finding widgets the way a learner sees them, for the browser-free widget tests."""

from __future__ import annotations

import re
from collections.abc import Iterator

import ipywidgets as w


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    """Every widget a learner could see: hidden containers hide their children too."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def with_class(root: object, cls: str) -> list[w.Widget]:
    """Visible widgets carrying a CSS class, under a widget or a page object's ``.widget``."""
    top = getattr(root, "widget", root)
    return [widget for widget in walk(top) if cls in widget._dom_classes]


_NAMED = re.compile(r'<span role="img" aria-label="[^"]*">([^<]*)</span>')


def as_shown(html: str) -> str:
    """Page HTML with the screen reader's names of cards taken out (``widgets.readable``),
    leaving the labels a sighted learner sees: ``Play <span ...>3♥</span>`` is ``Play 3♥``."""
    return _NAMED.sub(r"\1", html)
