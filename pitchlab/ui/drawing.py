"""Pictures of cards, hands, tables and the trump ladder, as SVG text.

No widget or notebook dependency: every function returns a string, so the
pictures work in Jupyter (``_repr_html_``), in Voilà, in a static page or a
test. Every picture carries a text equivalent (``role="img"``, an
``aria-label`` and a ``<title>``) for screen readers.

The engine never imports this module, so playing hands loads no drawing code; once a page
loads it, it hands the engine its card picture (:func:`~pitchlab.engine.cards.show_cards_as`),
and a card in a notebook shows as that picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from pitchlab.engine.cards import Card, Suit, card_name, show_cards_as
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import game_points_words
from pitchlab.ui.markup import Markup, html, join

RED = "#c0392b"
BLACK = "#1b1b1b"
FOUR_COLOUR = {"S": "#1b1b1b", "H": "#c0392b", "D": "#1f5fbf", "C": "#1e8449"}
"""Suit colours of a four-colour deck, easier to tell apart for colour-blind readers."""
FELT = "#1f6f43"
GOLD = "#f2c94c"
CARD_W, CARD_H = 100, 140
"""The card's own coordinate box; pictures scale it."""


def card_colour(card: Card, four_colour: bool = False) -> str:
    """The ink of a card: red or black, or one colour per suit in a four-colour deck."""
    suit = card.suit
    if four_colour and suit is not None:
        return FOUR_COLOUR[suit.letter]
    return RED if card.is_red else BLACK


FONT = "DejaVu Sans, Arial, sans-serif"


def _text(
    x: float, y: float, text: str, size: int, fill: str = "#333", anchor: str = "start", bold: bool = False
) -> Markup:
    return html(
        '<text x="{x:.1f}" y="{y:.1f}" font-family="{font}" font-size="{size}"{weight} '
        'text-anchor="{anchor}" fill="{fill}">{text}</text>',
        x=x,
        y=y,
        font=FONT,
        size=size,
        weight=Markup(' font-weight="bold"') if bold else "",
        anchor=anchor,
        fill=fill,
        text=text,
    )


def _card_group(
    card: Card | None,
    x: float,
    y: float,
    scale: float,
    *,
    four_colour: bool = False,
    dead: bool = False,
    struck: bool = False,
    marked: bool = False,
) -> str:
    """One card (``None`` for a face-down back) at (x, y) in a parent SVG."""
    out = [f'<g transform="translate({x:.1f},{y:.1f}) scale({scale:.3f})">']
    if card is None:
        out.append(
            f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="10" fill="#2c4f8c" '
            'stroke="#fff" stroke-width="4"/>'
            f'<rect x="12" y="12" width="{CARD_W - 24}" height="{CARD_H - 24}" rx="6" fill="none" '
            'stroke="#9db4e0" stroke-width="3" stroke-dasharray="6 4"/>'
        )
        out.append("</g>")
        return "".join(out)
    colour = card_colour(card, four_colour)
    face = "#ececec" if dead else "#ffffff"
    border = GOLD if marked else "#555"
    out.append(
        f'<rect x="2" y="2" width="{CARD_W - 4}" height="{CARD_H - 4}" rx="10" fill="{face}" '
        f'stroke="{border}" stroke-width="{6 if marked else 3}"/>'
    )
    if card.is_joker:
        corner, centre = "JK", "★"
        sub = {"JKH": "high", "JKL": "low"}.get(card.code, "")
    else:
        corner, centre, sub = card.label[:-1], card.label[-1], ""
    opacity = ' opacity="0.45"' if dead else ""
    out.append(f"<g{opacity}>")
    out.append(_text(10, 36, corner, 32, colour, bold=True))
    out.append(_text(50, 96 if sub else 104, centre, 56, colour, "middle"))
    if sub:
        out.append(_text(50, 124, sub, 18, colour, "middle"))
    out.append("</g>")
    if struck:
        out.append(
            '<line x1="8" y1="132" x2="92" y2="8" stroke="#7f8c8d" stroke-width="7" stroke-linecap="round"/>'
        )
    out.append("</g>")
    return "".join(out)


def _svg(
    width: float, height: float, label: str, body: Iterable[str], css_class: str = "", data: str = ""
) -> Markup:
    """An SVG picture of ``body`` (its drawn parts, markup already) labelled for a screen reader."""
    return html(
        '<svg xmlns="http://www.w3.org/2000/svg"{css_class}{data} width="{width:.0f}" height="{height:.0f}" '
        'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{label}">'
        "<title>{label}</title>{body}</svg>",
        css_class=html(' class="{}"', css_class) if css_class else "",
        data=html(' data-cards="{}"', data) if data else "",
        width=width,
        height=height,
        label=label,
        body=Markup("".join(body)),
    )


def card_svg(
    card: Card | None,
    width: int = 64,
    *,
    four_colour: bool = False,
    dead: bool = False,
    struck: bool = False,
    marked: bool = False,
) -> Markup:
    """One card face (or, for ``None``, a face-down back).

    ``dead`` greys a card that can never be played; ``struck`` crosses out a
    card already played; ``marked`` rings it in gold.
    """
    scale = width / CARD_W
    label = "face-down card" if card is None else card_name(card) + (", dead" if dead else "")
    group = _card_group(card, 0, 0, scale, four_colour=four_colour, dead=dead, struck=struck, marked=marked)
    return _svg(width, CARD_H * scale, label, [group])


def suit_html(suit: Suit) -> Markup:
    """A suit as coloured symbol and name, for text panels."""
    colour = RED if suit.is_red else BLACK
    return html(
        '<span style="color:{};font-weight:bold">{}</span> {}', colour, suit.symbol, suit.name.lower()
    )


def card_html(card: Card) -> Markup:
    """HTML for one card, as Jupyter shows it."""
    return html(
        '<span class="pl-card-picture" data-card="{code}" title="{name}">{picture}</span>',
        code=card.code,
        name=card_name(card),
        picture=card_svg(card),
    )


def hand_svg(
    cards: Sequence[Card | None],
    width: int = 64,
    *,
    overlap: float = 0.55,
    four_colour: bool = False,
    dead: Iterable[Card] = (),
    label: str = "",
) -> Markup:
    """A hand fanned in a row, each card overlapping the last; dead cards greyed."""
    scale = width / CARD_W
    step = width * overlap
    dead_set = set(dead)
    groups = [
        _card_group(c, i * step, 0, scale, four_colour=four_colour, dead=c in dead_set)
        for i, c in enumerate(cards)
    ]
    total = step * max(0, len(cards) - 1) + width if cards else width
    text = label or (
        ", ".join("face-down card" if c is None else card_name(c) for c in cards) if cards else "no cards"
    )
    return _svg(total, CARD_H * scale, text, groups)


def ladder_html(
    suit: Suit,
    rules: Ruleset = TEN_POINT,
    *,
    played: Iterable[Card] = (),
    width: int = 46,
    four_colour: bool = False,
) -> Markup:
    """The trump ladder: every trump of ``suit`` from high to low, with its points.

    Drawn from the ruleset: its ``trump_order`` (so a variant's off-three or
    distinct high and low jokers take their places) and its ``point_cards``.
    The off-cards and the jokers are labelled; cards in ``played`` are struck
    through (a repeated joker is struck once per time it appears).

    A ladder runs to twenty cards, far wider than a phone, and shrunk to fit one
    it would be unreadable: so each rung (a card with its points and role) is a
    picture of its own, ``width`` px wide, in a row that wraps, and a narrow
    screen gets two or more rows of full-size cards. The row is one image for a
    screen reader, named rung by rung; its ``data-cards`` lists the codes, high
    to low, for tests and tools.
    """
    trump = rules.trump(suit)
    scale = width / CARD_W
    cell_w = width + 10
    top = 18
    card_h = CARD_H * scale
    left_over = list(played)
    rungs, parts = [], []
    # lines of notes under a card: every rung is as tall as the tallest, so wrapped rows line up
    lines = max(len(_ROLE_NOTES[r].split(" ")) if r in _ROLE_NOTES else 0 for r in trump.roles.values())
    for i, card in enumerate(trump.cards):
        struck = card in left_over
        if struck:
            left_over.remove(card)
        role = trump.roles[card]
        points = trump.points.get(card, 0)
        body = [_card_group(card, 5, top, scale, four_colour=four_colour, struck=struck)]
        if i == 0:
            body.append(_text(5, 13, "high", 13))
        if i == len(trump.cards) - 1:
            body.append(_text(cell_w - 5, 13, "low", 13, anchor="end"))
        note = _ROLE_NOTES.get(role, "")
        cy = top + card_h + 17
        if points:
            body.append(_text(cell_w / 2, cy, f"{points} pt", 14, "#1e6b3a", "middle", bold=True))
        for k, line in enumerate(note.split(" ")):  # "high joker" on two lines: a rung is narrow
            body.append(_text(cell_w / 2, cy + 15 + 12 * k, line, 11, "#555", "middle"))
        height = top + card_h + 22 + 15 * bool(lines) + 12 * max(0, lines - 1)
        rungs.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{cell_w}" height="{height:.0f}" '
            f'viewBox="0 0 {cell_w} {height:.0f}" aria-hidden="true" focusable="false" '
            f'style="overflow:visible;flex:none">{"".join(body)}</svg>'
        )
        scorer = trump.scorers.get(card)
        parts.append(
            card_name(card)
            + (f" ({note})" if note and note != card_name(card) else "")
            + (f", {points} point{'s' if points > 1 else ''}" if points else "")
            + (", to its holder" if scorer == "holder" else "")
            + (", played" if struck else "")
        )
    label = f"Trump ladder for {suit.name.lower()}, high to low: " + "; ".join(parts)
    codes = " ".join(card.code for card in trump.cards)
    return html(
        '<div class="pl-ladder" role="img" aria-label="{label}" data-cards="{codes}" '
        'style="display:flex;flex-wrap:wrap;max-width:100%">{rungs}</div>',
        label=label,
        codes=codes,
        rungs=Markup("".join(rungs)),
    )


_ROLE_NOTES = {
    "OJ": "off-jack",
    "OA": "off-ace",
    "O3": "off-three",
    "JK": "joker",
    "JKH": "high joker",
    "JKL": "low joker",
}


_CARD_NAMES = {
    "A": "ace of trump",
    "K": "king of trump",
    "Q": "queen of trump",
    "J": "jack of trump",
    "T": "ten of trump",
    "5": "five of trump",
    "3": "three of trump",
    "2": "two of trump",
}
_AWARD_NAMES = {
    "high": ("High", "the highest trump in play"),
    "low": ("Low", "the lowest trump in play"),
    "game": ("Game", f"the most game points in the tricks taken ({game_points_words()})"),
}


def solo(rules: Ruleset) -> bool:
    """Whether every player plays for themself (no partnerships)."""
    return rules.num_teams == rules.players


def every_trump_in_play(rules: Ruleset) -> bool:
    """Whether every trump of the deck reaches the play in every hand: all cards are
    dealt, or the refill hands one seat whatever is left of the stock (the bidder, or in
    Oklahoma the dealer), which keeps its trump and buries any beyond its hand face up."""
    dealt_all = rules.players * rules.hand_size == len(rules.deck)
    return dealt_all or (rules.exchange == "refill" and rules.stock_rest != "none")


def point_rows(
    suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT
) -> list[tuple[Card | None, str, int, str]]:
    """Everything that scores in a hand, from the ruleset: (card or ``None`` for an award,
    what it is, points, who scores it).

    Awards (High, Low, Game) come in the order a hand is counted out: High
    and Low first, then the point cards from high to low, then Game. A role
    that stands for two cards (the identical joker) gives one row per card,
    so the points add up to ``rules.total_points``.
    """
    trump = rules.trump(suit)
    side = "player" if solo(rules) else "team"
    holder_side = "the player" if solo(rules) else "the team of the player"
    thrown = rules.exchange == "discard-draw" and rules.discard_trump  # a trump may be thrown away
    missed = "it was not dealt or was thrown away" if thrown else "it was not dealt"
    undealt = "" if every_trump_in_play(rules) else f" (nobody, if {missed}: it never reaches the play)"
    rows: list[tuple[Card | None, str, int, str]] = []

    def award_row(kind: str) -> None:
        for award in rules.awards:
            if award.kind != kind:
                continue
            title, what = _AWARD_NAMES[kind]
            if kind == "game":
                who = f"the {side} whose tricks count the most; a tie scores nobody"
            elif award.scorer == "holder":
                who = f"{holder_side} {'holding it when play begins' if rules.exchange == 'refill' else 'dealt it'}"
            else:
                who = f"the {side} {_who(rules)} captures it in a trick"
            rows.append((None, f"{title}: {what}", award.points, who))

    award_row("high")
    award_row("low")
    for card in trump.cards:
        points = trump.points.get(card, 0)
        if not points:
            continue
        role = trump.roles[card]
        if role in _CARD_NAMES:
            what = _CARD_NAMES[role]
        elif role in ("OJ", "OA", "O3"):
            what = f"{_ROLE_NOTES[role]} ({RANK_WORDS[role[1]]} of {suit.sibling.name.lower()})"
        elif card.is_joker:
            what = _ROLE_NOTES.get(role, "joker")
        else:
            what = f"{card.label} of trump"
        if trump.scorers.get(card) == "holder":
            who = f"{holder_side} holding it when play begins"
        else:
            who = f"the {side} {_who(rules)} captures it in a trick{undealt}"
        rows.append((card, what, points, who))
    award_row("game")
    return rows


RANK_WORDS = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
    "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}  # fmt: skip
"""Each rank letter in words (an off-card's rank: the off-jack's "jack")."""


def _who(rules: Ruleset) -> str:
    return "who" if solo(rules) else "that"


def points_exact(rules: Ruleset) -> bool:
    """Whether every hand gives out exactly ``rules.total_points`` (no undealt point
    cards, no Game that a tie can leave unscored)."""
    return every_trump_in_play(rules) and not any(a.kind == "game" for a in rules.awards)


_CELL = Markup(' style="text-align:left;padding:3px 12px;vertical-align:middle"')
"""Inline cell style: a page without the widgets' stylesheet still lays the table out."""


def _award_badge(title: str, width: int) -> Markup:
    return html(
        '<span style="display:inline-flex;align-items:center;justify-content:center;width:{width}px;'
        "height:{height}px;border:2px dashed #1e6b3a;border-radius:6px;font-weight:bold;"
        'color:#1e6b3a;font-size:{size}px">{title}</span>',
        width=width,
        height=round(width * CARD_H / CARD_W),
        size=max(11, width // 4),
        title=title,
    )


def points_table(suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT, *, card_width: int = 46) -> Markup:
    """An HTML table of everything that scores: the point cards drawn as cards, the
    awards as labelled boxes, each with its points and who scores it, and the total."""
    body = []
    rows = point_rows(suit, rules)
    for card, what, points, who in rows:
        picture = (
            card_svg(card, card_width) if card is not None else _award_badge(what.split(":")[0], card_width)
        )
        body.append(
            html(
                "<tr><td{cell}>{picture}</td><td{cell}>{what}</td><td{cell}><b>{points}</b></td>"
                "<td{cell}>{who}</td></tr>",
                cell=_CELL,
                picture=picture,
                what=what,
                points=points,
                who=who,
            )
        )
    total = sum(row[2] for row in rows)
    when = "every hand" if points_exact(rules) else "at most, in a hand"
    symbol = f'<span style="color:{RED if suit.is_red else BLACK};font-weight:bold">{suit.symbol}</span>'
    return Markup(  # numbers, words of pitchlab's own and the rows escaped above
        f'<table class="pl-trump-table pl-points-table" data-total="{total}" '
        'style="border-collapse:collapse;font-size:15px">'
        f"<tr><th{_CELL}>card ({symbol} {suit.name.lower()} trump)</th><th{_CELL}>what it is</th>"
        f"<th{_CELL}>points</th><th{_CELL}>scored by</th></tr>{join(body)}"
        f"<tr><td{_CELL}></td><td{_CELL}><b>total</b></td><td{_CELL}><b>{total}</b></td>"
        f"<td{_CELL}>{when}</td></tr></table>"
    )


def trick_svg(
    cards: Sequence[Card], seats: Sequence[int], width: int = 64, *, four_colour: bool = False
) -> Markup:
    """The cards of one trick in play order, each captioned with its seat."""
    scale = width / CARD_W
    gap = 10
    body = []
    for i, (card, seat) in enumerate(zip(cards, seats, strict=True)):
        x = i * (width + gap)
        body.append(_card_group(card, x, 0, scale, four_colour=four_colour))
        body.append(_text(x + width / 2, CARD_H * scale + 16, f"seat {seat}", 13, anchor="middle"))
    total = max(width, len(cards) * (width + gap) - gap)
    plays = ", ".join(f"seat {s} played {card_name(c)}" for c, s in zip(cards, seats, strict=True))
    return _svg(total, CARD_H * scale + 22, "trick: " + (plays or "empty"), body)


NARROW_TABLE = 480
"""A table picture drawn narrower than this is for a phone (see :func:`table_svg`)."""
SEAT_SPOTS = ((0.5, 0.86), (0.17, 0.5), (0.5, 0.14), (0.83, 0.5))
"""Where four seats sit on the table picture, as fractions of its size, from the learner's chair clockwise."""
TEAM_COLOURS = ("#1f5fbf", "#c0392b", "#8e44ad", "#d68910")
"""The tab that marks each partnership's seats (solo players get none)."""


def seat_spot(k: int, n: int) -> tuple[float, float]:
    """Where the seat ``k`` places clockwise from the bottom chair sits, of ``n`` round the
    table, as fractions of the picture's size (four seats land on :data:`SEAT_SPOTS`)."""
    if n == 4:
        return SEAT_SPOTS[k % 4]
    rx, ry = (0.33, 0.36) if n < 4 else (0.36, 0.38)
    angle = 2 * math.pi * k / n
    return 0.5 - rx * math.sin(angle), 0.5 + ry * math.cos(angle)


def team_word(teams: Sequence[int], seat: int, bottom: int) -> str:
    """A seat's team in words, from the chair at the bottom: "your team", "opponents" (two
    teams) or "team B" (more), so partners are told apart by more than a colour."""
    if teams[seat] == teams[bottom]:
        return "your team"
    return "opponents" if len(set(teams)) == 2 else f"team {chr(ord('A') + teams[seat])}"


_NARROW = {False: (1.0, 0.2, 0.45, 40), True: (1.5, 0.42, 0.42, 38)}
"""A phone's table picture, for four seats or fewer and for more: its height (times its width), how
far from the centre towards each seat a trick card sits (across, down), and a card's width; chosen so
no card covers a seat or the corner of a card played before it (tests/test_drawing.py)."""


def _seat_facts(
    seat: int, bids: Sequence[str], hand_sizes: Sequence[int], drawn: Sequence[int] | None
) -> list[str]:
    facts = [f"{hand_sizes[seat]} card" + ("" if hand_sizes[seat] == 1 else "s")]
    if bids[seat]:
        facts.append("bid " + bids[seat] if bids[seat] != "pass" else "passed")
    if drawn is not None:
        facts.append(f"drew {drawn[seat]}")
    return facts


def _fit_line(facts: Sequence[str], room: float, size: float) -> list[str]:
    """Facts joined by " · " into as few lines as fit ``room`` units at font ``size``
    (a character is taken at 0.56 of the size: DejaVu Sans averages 0.47 to 0.53 on such words)."""
    lines: list[str] = []
    for fact in facts:
        if lines and len(lines[-1] + " · " + fact) * 0.56 * size <= room:
            lines[-1] += " · " + fact
        else:
            lines.append(fact)
    return lines


def table_svg(
    names: Sequence[str],
    *,
    dealer: int,
    bids: Sequence[str],
    hand_sizes: Sequence[int],
    trick: Sequence[tuple[int, Card]] = (),
    bidder: int | None = None,
    drawn: Sequence[int] | None = None,
    to_act: int | None = None,
    trump: Suit | None = None,
    bottom: int = 0,
    width: int = 560,
    four_colour: bool = False,
    teams: Sequence[int] | None = None,
    partner: int | None = None,
) -> Markup:
    """The table from one chair: every seat (two to eight) with dealer, bids and draw counts,
    the trick in the middle.

    ``bids`` are per seat as text ("pass", "5" or ""); ``trick`` lists
    (seat, card) in play order; ``bottom`` is the seat drawn at the bottom.
    ``teams`` (a team per seat) marks partners, when there are partnerships, with a
    tab in the team's colour naming the team from the bottom chair's side
    (:func:`team_word`). ``partner`` marks the bidder's partner (a called card's
    holder, once known) with a "P". The spoken label says all of it in words.
    Below :data:`NARROW_TABLE` units wide the picture is laid out for a phone's width:
    taller, with boxes in proportion and their facts wrapped, so its words stay readable
    at that size (its class: ``pl-table pl-table-narrow``). Seat boxes carry the class
    ``pl-seat`` and trick cards ``pl-trick-card``, for tests that measure where they land.
    """
    n = len(names)
    crowded = n > 4
    narrow = width < NARROW_TABLE
    every_facts = [_seat_facts(seat, bids, hand_sizes, drawn) for seat in range(n)]
    if narrow:  # a phone's picture: boxes a third as wide as the table, their facts wrapped to fit
        height = round(width * _NARROW[crowded][0])
        box_w = round(width * (0.25 if crowded else 0.325))
        title_size, fact_size = (13, 11) if crowded else (14, 12)
        # "dealer" joins the facts: in the title it would shrink a narrow box's name
        lines = [
            _fit_line(["dealer"] * (seat == dealer) + every_facts[seat], box_w - 8, fact_size)
            for seat in range(n)
        ]
        box_h = title_size + 18 + max(map(len, lines)) * (fact_size + 3)
    else:
        height = round(width * (0.8 if crowded else 0.62))
        box_w, box_h = (round(width * 0.24), 62) if crowded else (172, 62)
        title_size, fact_size = (14, 12) if crowded else (16, 13)
        lines = [
            [" · ".join(f[:-1]), f[-1]] if crowded and len(f) > 2 else [" · ".join(f)] for f in every_facts
        ]  # in a crowded table's narrow box the draw count goes on a line of its own
    partners = teams is not None and len(set(teams)) < len(teams)
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" rx="24" fill="{FELT}"/>']
    if trump is not None:
        # the trump badge: x, y, width, the word's size, the symbol's x and size (clear of the top seat)
        bx, by, badge_w, size, sx, ssize = (8, 8, 94, 16, 77, 22) if narrow else (12, 12, 112, 18, 92, 26)
        body.append(f'<rect x="{bx}" y="{by}" width="{badge_w}" height="{size + 16}" rx="8" fill="#fff"/>')
        body.append(_text(bx + 10, by + size + 6, "Trump", size, "#111", bold=True))
        body.append(_text(sx, by + size + 8, trump.symbol, ssize, RED if trump.is_red else BLACK, bold=True))
    spoken = []
    for seat in range(n):
        fx, fy = seat_spot((seat - bottom) % n, n)
        cx, cy = fx * width, fy * height
        active = seat == to_act
        body.append(
            f'<rect x="{cx - box_w / 2:.0f}" y="{cy - box_h / 2:.0f}" width="{box_w}" height="{box_h}" rx="10" '
            f'fill="{"#fffbe6" if active else "#f4f4f4"}" stroke="{GOLD if active else "#0d3d22"}" '
            f'stroke-width="{4 if active else 2}" class="pl-seat"/>'
        )
        team_words = ""
        if partners and teams is not None:
            colour = TEAM_COLOURS[teams[seat] % len(TEAM_COLOURS)]
            word = team_word(teams, seat, bottom)
            # a tab on the box's top edge: the team in the colour and in words; on a phone's
            # picture (drawn narrower than the screen's 375 px) a size larger, to stay >= 11 px
            tab_size, tab_w = (12, 0.76) if narrow else (11, 0.6)
            body.append(
                f'<rect x="{cx - box_w * tab_w / 2:.0f}" y="{cy - box_h / 2 - 9:.0f}" '
                f'width="{box_w * tab_w:.0f}" height="{tab_size + 3}" rx="6" fill="{colour}"/>'
            )
            ink = "#111" if colour == TEAM_COLOURS[3] else "#fff"
            body.append(
                _text(cx, cy - box_h / 2 + 2 + (tab_size - 11), word, tab_size, ink, "middle", bold=True)
            )
            team_words = f", {word}"
        title = names[seat] + (" (dealer)" if seat == dealer else "")
        shown = names[seat] if narrow else title
        fitted = min(title_size, int((box_w - 18) / (0.62 * len(shown))))  # a long name shrinks to fit
        facts = every_facts[seat]
        if narrow:
            baseline = cy - box_h / 2 + 4 + title_size
            steps = [fact_size + 3] * len(lines[seat])
        else:
            baseline = cy - (14 if crowded else 10)
            steps = [18, 16] if len(lines[seat]) == 2 else [24]
        body.append(_text(cx, baseline, shown, fitted, "#111", "middle", bold=True))
        for line, step in zip(lines[seat], steps, strict=True):
            baseline += step
            body.append(_text(cx, baseline, line, fact_size, "#333", "middle"))
        if seat == bidder:
            body.append(
                f'<circle cx="{cx + box_w / 2 - 4:.0f}" cy="{cy - box_h / 2 + 4:.0f}" r="11" fill="{GOLD}"/>'
            )
            body.append(_text(cx + box_w / 2 - 4, cy - box_h / 2 + 9, "B", 13, "#111", "middle", bold=True))
        if seat == partner and seat != bidder:
            body.append(
                f'<circle cx="{cx + box_w / 2 - 4:.0f}" cy="{cy - box_h / 2 + 4:.0f}" r="11" fill="#9fd3b5"/>'
            )
            body.append(_text(cx + box_w / 2 - 4, cy - box_h / 2 + 9, "P", 13, "#111", "middle", bold=True))
        spoken.append(
            f"{title}{team_words}: {', '.join(facts)}"
            + (", to act" if active else "")
            + (", the bidder" if seat == bidder else "")
            + (", the bidder's partner" if seat == partner and seat != bidder else "")
        )
    card_w = _NARROW[crowded][3] if narrow else 40 if crowded else 50
    scale = card_w / CARD_W
    reach_x, reach_y = _NARROW[crowded][1:3] if narrow else (0.42, 0.5) if crowded else (0.3, 0.42)
    for seat, card in trick:
        fx, fy = seat_spot((seat - bottom) % n, n)
        # each card sits between the centre and its player's seat
        x = width / 2 + (fx - 0.5) * width * reach_x - card_w / 2
        y = height / 2 + (fy - 0.5) * height * reach_y - CARD_H * scale / 2
        body.append(f'<g class="pl-trick-card">{_card_group(card, x, y, scale, four_colour=four_colour)}</g>')
    played = "; ".join(f"{names[s]} played {card_name(c)}" for s, c in trick) or "no cards played yet"
    label = (
        f"The table, {names[bottom]} at the bottom"
        + (f", trump is {trump.name.lower()}" if trump is not None else "")
        + ". "
        + ". ".join(spoken)
        + f". Trick: {played}."
    )
    return _svg(width, height, label, body, "pl-table pl-table-narrow" if narrow else "pl-table")


show_cards_as(card_html)  # a card in a notebook shows as its picture
