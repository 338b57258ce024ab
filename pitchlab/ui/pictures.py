"""Static pictures a page shows as the value of a cell: a hand sorted by suit, a small table.

They are plain HTML, not widgets: a lesson's last line returns one and Jupyter
or Voilà draws it (:class:`Picture`). The tutorial pages, the classroom lessons
and the what-if explorer all sort and draw hands the same way, so this lives in
the ``ui`` wing where each of them can reach it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pitchlab.engine.cards import Card, parse_cards
from pitchlab.engine.tricks import sort_cards
from pitchlab.ui import drawing
from pitchlab.ui.markup import html

_CELL = ' style="border:1px solid #ccc;padding:3px 10px;text-align:right"'
_FIRST = ' style="border:1px solid #ccc;padding:3px 10px;text-align:left"'
_HEAD = ' style="border:1px solid #ccc;padding:3px 10px;background:#f0f0f0;text-align:center"'


class Picture:
    """Static HTML that shows itself in Jupyter and Voilà (an SVG, a table)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html


def hand_picture(
    cards: str | Iterable[Card],
    label: str = "",
    caption: str = "",
    *,
    width: int = 64,
    overlap: float = 0.55,
) -> Picture:
    """A hand drawn as cards, sorted by suit, so a page shows the hand it talks about.

    ``cards`` may be card codes (``"AS KS 3S ..."``). ``label`` is read out by
    screen readers; ``caption``, if given, is printed under the cards (and read
    out when there is no label). ``width`` (pixels a card) and ``overlap`` (the
    share of a card's width before the next one starts) fit the picture to its page.
    """
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    under = html('<div style="font-size:13px;color:#444;margin-top:2px">{}</div>', caption) if caption else ""
    svg = drawing.hand_svg(sort_cards(hand), width, overlap=overlap, label=label or caption)
    return Picture(f'<div class="pl-hand-picture" style="margin:4px 0">{svg}{under}</div>')


def table(head: Sequence[str], rows: Sequence[Sequence[str]], note: str = "", *, css: str = "") -> Picture:
    """A small HTML table (cells already escaped or built from numbers), the first column to the left.

    ``note`` goes under the table in small grey type, as wide as the page
    allows (a ``<caption>`` would squeeze it to the table's width). ``css``
    names the table for browser tests and page styles.
    """
    top = "".join(f"<th{_HEAD}>{h}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td{_FIRST if i == 0 else _CELL}>{c}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    under = (
        f'<div style="font-size:13px;color:#555;margin:2px 0 0 2px;max-width:900px">{note}</div>'
        if note
        else ""
    )
    named = html(' class="{}"', css) if css else ""
    return Picture(
        f'<div{named} style="margin:6px 0">'
        f'<table style="border-collapse:collapse;font-size:15px">'
        f"<tr>{top}</tr>{body}</table>{under}</div>"
    )


def words(text: str, *, listed: bool = False) -> Picture:
    """Lines a page would print, as prose that wraps to the screen: each line a paragraph, and the
    indented lines under one a bulleted list (``listed``: every line an item of one list).

    Printed text keeps its lines whole in a fixed-width font, so on a phone a long line breaks in
    the middle of a word or runs off the screen; a paragraph wraps between words."""
    blocks: list[str] = []
    items: list[str] = []

    def end_list() -> None:
        if items:
            blocks.append('<ul style="margin:2px 0 8px;padding-left:22px">' + "".join(items) + "</ul>")
            items.clear()

    for line in text.splitlines():
        if listed or line.startswith(" "):
            items.append(html('<li style="margin:2px 0">{}</li>', line.strip()))
        else:
            end_list()
            blocks.append(html('<p style="margin:6px 0">{}</p>', line))
    end_list()
    return Picture(
        f'<div class="pl-words" style="font-size:15px;line-height:1.45;max-width:900px">{"".join(blocks)}</div>'
    )


__all__ = ["Picture", "hand_picture", "table", "words"]
