"""What a page's address may set: a teacher opens ``...?hands=1000`` or ``...?seed=7`` instead
of editing a notebook; a bad value keeps the default and says so in one line."""

from __future__ import annotations

from urllib.parse import parse_qs

import ipywidgets as w
from IPython.display import display

from pitchlab.ui import page_request
from pitchlab.ui.markup import html
from pitchlab.ui.widgets import classed

# ----------------------------------------------------------------------------- the page's address


def size_from_address(name: str, default: int, low: int, high: int, query: str | None = None) -> int:
    """A simulation's size that the page's address may set (``?hands=1000&games=100``): a teacher
    who wants sharper numbers for a class, or a quicker page, opens another address instead of
    editing the notebook. ``query`` is the address's query string (Voilà's ``QUERY_STRING`` when
    not given; none in a notebook opened in Jupyter).

    The address is the reader's input: anything but a whole number from ``low`` to ``high``
    keeps ``default`` and says so in the page, in one line."""
    if query is None:
        query = page_request.query()
    given = parse_qs(query).get(name)
    if not given:
        return default
    text = given[-1].strip()
    if text.isdecimal() and len(text) <= len(str(high)) and low <= int(text) <= high:
        return int(text)
    display(  # type: ignore[no-untyped-call]  # IPython ships display untyped
        classed(
            w.HTML(
                html(
                    "The address asks for {name}={text}, but {name} must be a "
                    "whole number from {low:,} to {high:,}: this page uses {default:,}.",
                    name=name,
                    text=text[:40],
                    low=low,
                    high=high,
                    default=default,
                )
            ),
            "pl-message",
        )
    )
    return default


SEED_HIGH = 999_999_999
"""The largest seed an address may give: nine digits, plenty for a class and a bound on the text."""


def seed_from_address(default: int, query: str | None = None) -> int:
    """The seed a page's address may set (``?seed=7``), so a teacher gives a whole class one
    page by handing out one address; a notebook opened in Jupyter keeps ``default``. A bad
    value (not a whole number from 0 to :data:`SEED_HIGH`) keeps ``default`` and says so in
    the page, in one line, as :func:`size_from_address` does."""
    return size_from_address("seed", default, 0, SEED_HIGH, query)
