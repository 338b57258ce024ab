"""The table as one seat sees it, the one picture the app, the practice page and the retries draw.

It lives apart from :mod:`pitchlab.ui.table_app` so that pages built on the app's pieces (the
practice page, the run of retries the app opens) can draw it without importing the app.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pitchlab.engine.cards import Card
from pitchlab.engine.hand import Hand
from pitchlab.ui import drawing
from pitchlab.ui.session import bid_labels

TABLE_WIDE, TABLE_PHONE = 560, 360
"""The table picture's widths: a desktop's and a phone's (shown below 520 px, see the kit's ``CSS``)."""
MAX_QUERY = 8192
"""Characters of a page address the app reads: a shared link is far shorter; junk is bounded."""


def table_pictures(
    hand: Hand, bottom: int, names: Sequence[str], *, four_colour: bool = False, partner: int | None = None
) -> str:
    """The table as ``bottom``'s chair sees it (bids, draw counts, the trick now or the last one),
    drawn twice: for a wider screen and for a phone; the page's CSS shows the one that fits. The
    app's table and the practice page's are this one picture."""
    rules = hand.rules
    n = rules.players
    bids = bid_labels(hand)
    refilled = hand.trump is not None and rules.exchange == "refill"
    draw = functools.partial(
        drawing.table_svg,
        list(names),
        dealer=hand.dealer,
        bids=bids,
        hand_sizes=[len(hand.hand_of(s)) for s in range(n)],
        trick=list(zip(hand.current_trick.seats, hand.current_trick.cards, strict=True)) or _last_trick(hand),
        bidder=hand.bidder,
        drawn=hand.drawn if refilled else None,
        to_act=hand.to_act,
        trump=hand.trump,
        bottom=bottom,
        four_colour=four_colour,
        teams=rules.teams,
        partner=partner,
    )
    return draw(width=TABLE_WIDE) + draw(width=TABLE_PHONE)


def _last_trick(hand: object) -> list[tuple[int, Card]]:
    tricks = getattr(hand, "tricks", [])
    if not tricks:
        return []
    last = tricks[-1]
    return list(zip(last.seats, last.cards, strict=True))
