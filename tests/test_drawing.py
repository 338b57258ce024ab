"""The pictures, for every registered ruleset: the trump ladder, the point table, the table of 2-8 seats."""

from __future__ import annotations

import itertools
import re
from html import unescape

import pytest

import pitchlab as pl
from pitchlab.engine.cards import card_name
from pitchlab.ui import drawing

NAMES = pl.ruleset_names()


def ladder_codes(svg: str) -> list[str]:
    found = re.search(r'data-cards="([^"]*)"', svg)
    assert found is not None
    return found.group(1).split()


def ladder_words(html: str) -> str:
    """What a screen reader says for the ladder: its one image's name."""
    found = re.search(r'<div class="pl-ladder" role="img" aria-label="([^"]*)"', html)
    assert found is not None
    return unescape(found.group(1))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("suit", list(pl.Suit))
def test_the_ladder_lists_exactly_the_rulesets_trump_high_to_low(name: str, suit: pl.Suit) -> None:
    rules = pl.ruleset(name)
    svg = drawing.ladder_html(suit, rules)
    trump = rules.trump_cards(suit)
    assert ladder_codes(svg) == [c.code for c in trump]
    assert svg.count('<g transform="translate(') == len(trump)  # one card face per trump
    spoken = ladder_words(svg).split("high to low: ", 1)[1]
    assert [part.split(",")[0].split(" (")[0] for part in spoken.split("; ")] == [card_name(c) for c in trump]
    points = sum(int(p) for p in re.findall(r">(\d+) pt<", svg))
    assert points == sum(rules.points_of(c, suit) for c in trump)


def test_a_played_card_is_struck_once_per_time_it_was_played() -> None:
    svg = drawing.ladder_html(pl.Suit.HEARTS, played=pl.parse_cards("JK AH"))
    assert svg.count("<line") == 2
    assert "Joker (joker), 2 points" not in svg  # one joker point each
    assert ladder_words(svg).count(", played") == 2


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("suit", list(pl.Suit))
def test_the_point_table_sums_to_the_rulesets_total(name: str, suit: pl.Suit) -> None:
    rules = pl.ruleset(name)
    rows = drawing.point_rows(suit, rules)
    assert sum(points for *_, points, _ in [(c, w, p, who) for c, w, p, who in rows]) == rules.total_points
    cards = [c for c, *_ in rows if c is not None]
    expected = [c for c in rules.trump_cards(suit) if rules.points_of(c, suit)]
    assert cards == expected
    awards = [what.split(":")[0] for c, what, _, _ in rows if c is None]
    assert awards == [
        a.kind.title() for kind in ("high", "low", "game") for a in rules.awards if a.kind == kind
    ]
    html = drawing.points_table(suit, rules)
    assert f'data-total="{rules.total_points}"' in html
    assert html.count("<svg") == len(cards)
    assert html.count("<tr>") == len(rows) + 2  # a header and a total
    assert ("every hand" in html) == drawing.points_exact(rules)


@pytest.mark.parametrize("name", NAMES)
def test_the_point_table_says_who_scores_each_point(name: str) -> None:
    rules = pl.ruleset(name)
    rows = drawing.point_rows(pl.Suit.SPADES, rules)
    solo = rules.num_teams == rules.players
    for card, what, _, who in rows:
        assert ("the team" in who) != solo, (what, who)
        if card is not None:
            scorer = rules.trump(pl.Suit.SPADES).scorers[card]
        else:
            kind = what.split(":")[0].lower()
            scorer = next(a.scorer for a in rules.awards if a.kind == kind)
            if kind == "game":
                assert "most" in who and "tie" in who
                continue
        assert ("captures" in who) == (scorer == "capturer"), (what, who)
        assert ("holding" in who or "dealt it" in who) == (scorer == "holder"), (what, who)


def test_ten_point_table_is_unchanged() -> None:
    rows = drawing.point_rows(pl.Suit.HEARTS)
    assert [c.code for c, *_ in rows if c] == ["AH", "JH", "JD", "JK", "JK", "TH", "3H", "2H"]
    assert [what for _, what, _, _ in rows][2] == "off-jack (jack of diamonds)"


def test_awards_are_listed_with_their_scorers() -> None:
    rules = pl.TEN_POINT.replace(
        name="test-awards",
        awards=(pl.Award("high", 1, "holder"), pl.Award("low", 1, "capturer"), pl.Award("game")),
    )
    rows = drawing.point_rows(pl.Suit.CLUBS, rules)
    assert rows[0][1].startswith("High") and "holding it when play begins" in rows[0][3]
    assert rows[1][1].startswith("Low") and "captures" in rows[1][3]
    assert rows[-1][1].startswith("Game")
    assert sum(r[2] for r in rows) == rules.total_points == 13
    assert "at most" in drawing.points_table(pl.Suit.CLUBS, rules)  # a tied Game scores nobody


def test_distinct_jokers_are_drawn_distinctly() -> None:
    high, low = pl.Card("JKH"), pl.Card("JKL")
    assert drawing.card_svg(high) != drawing.card_svg(low)
    assert ">high<" in drawing.card_svg(high) and ">low<" in drawing.card_svg(low)
    assert drawing.card_colour(high) != drawing.card_colour(low)
    rules = pl.TEN_POINT.replace(
        name="test-jokers",
        jokers=(high, low),
        trump_order=("A", "K", "Q", "J", "OJ", "JKH", "JKL", "T", "9", "8", "7", "6", "5", "4", "3", "2"),
        point_cards=(pl.PointCard("A", 1), pl.PointCard("JKH", 1), pl.PointCard("JKL", 1)),
    )
    svg = drawing.ladder_html(pl.Suit.HEARTS, rules)
    assert ladder_codes(svg)[5:7] == ["JKH", "JKL"]
    assert "; high joker, 1 point; low joker, 1 point; " in ladder_words(
        svg
    )  # named once, not "high joker (high joker)"
    table = drawing.points_table(pl.Suit.HEARTS, rules)
    assert "high joker" in table and "low joker" in table


def apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two rectangles (x, y, width, height) do not overlap."""
    return a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]


@pytest.mark.parametrize("width", [560, 360])  # a desktop's picture and a phone's
@pytest.mark.parametrize("n", range(2, 9))
def test_the_table_seats_two_to_eight_players_without_overlap(n: int, width: int) -> None:
    names = ["You"] + [f"Seat {s}" for s in range(1, n)]
    cards = list(pl.TEN_POINT.deck[:n])
    teams = [s % 2 for s in range(n)]
    svg = drawing.table_svg(
        names,
        dealer=n - 1,
        bids=["pass"] * n,
        hand_sizes=[6] * n,
        trick=list(enumerate(cards)),
        bidder=1,
        partner=n - 1 if n > 2 else None,
        teams=teams,
        drawn=[3] * n,
        width=width,
        trump=pl.Suit.HEARTS,
    )
    assert all(f">{name}" in svg for name in names)
    assert svg.count("<title>") == 1
    assert ("the bidder&#39;s partner" in svg) == (n > 2)
    boxes = [
        tuple(float(v) for v in m)
        for m in re.findall(
            r'<rect x="([\d.-]+)" y="([\d.-]+)" width="(\d+)" height="(\d+)" rx="10" fill="#(?:f4f4f4|fffbe6)"',
            svg,
        )
    ]
    assert len(boxes) == n
    assert re.findall(r'viewBox="0 0 (\d+) ', svg)[0] == str(width)
    height = float(re.findall(r'viewBox="0 0 \d+ (\d+)"', svg)[0])
    for x, y, bw, bh in boxes:
        assert x >= 0 and x + bw <= width and y >= 0 and y + bh <= height
    for (x1, y1, w1, h1), (x2, y2, _, _) in itertools.combinations(boxes, 2):
        assert abs(x1 - x2) >= w1 or abs(y1 - y2) >= h1, "two seats overlap"
    badge = [
        float(v) for v in re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)" rx="8"', svg)[0]
    ]
    boxes_and_badge = [*boxes, tuple(badge)]
    placed = [
        (float(x), float(y), 100 * float(k), 140 * float(k))  # a card is drawn 100 by 140, scaled
        for x, y, k in re.findall(
            r'<g class="pl-trick-card"><g transform="translate\(([\d.-]+),([\d.-]+)\) scale\(([\d.]+)\)', svg
        )
    ]
    assert len(placed) == n
    assert all(apart(tuple(badge), box) for box in boxes), "the trump badge covers a seat"
    for card, other in itertools.product(placed, boxes_and_badge):
        assert apart(card, other), "a trick card covers a seat or the trump badge"
    for (x1, y1, w1, h1), (x2, y2, w2, h2) in itertools.combinations(placed, 2):
        corner = (x1, y1, w1 * 0.35, h1 * 0.3)  # where a card's rank is written
        covered = x2 < corner[0] + corner[2] and x2 + w2 > x1 and y2 < corner[1] + corner[3] and y2 + h2 > y1
        assert not covered, "a trick card hides the rank of one played before it"
    spoken = svg.split("<title>")[1].split("</title>")[0]
    # partners are marked in words, from the bottom chair's side (two seats: solo, no marks);
    # seats alternate teams, so the even seats are with "You" at seat 0
    ours, theirs = (len(range(0, n, 2)), len(range(1, n, 2))) if n > 2 else (0, 0)
    assert spoken.count(", your team:") == ours and spoken.count(", opponents:") == theirs, spoken
    pictured = svg.split("</title>")[1]
    assert pictured.count(">your team<") == ours and pictured.count(">opponents<") == theirs


def test_four_seats_sit_where_they_always_did() -> None:
    assert [drawing.seat_spot(k, 4) for k in range(4)] == list(drawing.SEAT_SPOTS)


def test_the_longest_ladder_wraps_on_a_phone_at_full_size() -> None:
    """Seventeen trump do not fit a 320-px phone in one row: each rung is a picture of its own,
    drawn one to one (its viewBox is its size, so nothing is shrunk), in a row that wraps."""
    rules = max((pl.ruleset(n) for n in NAMES), key=lambda r: len(r.trump_cards(pl.Suit.SPADES)))
    html = drawing.ladder_html(pl.Suit.SPADES, rules)
    assert "flex-wrap:wrap" in html
    sizes = re.findall(r'<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"', html)
    assert len(sizes) == len(rules.trump_cards(pl.Suit.SPADES)) >= 17
    for width, height, box_w, box_h in sizes:
        assert (width, height) == (box_w, box_h)
        assert int(width) <= 320 // 4  # four or more to a row on the narrowest phone
