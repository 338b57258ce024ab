"""The "What you know" panel and the seat's count of unseen cards, in every ruleset.

The count under test is the seat's: the deck less what the seat has seen. The count it is
checked against is taken from the other side, the whole hand: the cards that are now in
the other seats' hands, left in the stock, or thrown away by another seat are exactly the
ones this seat has not seen. Both are multisets, so the two identical jokers of ten-point
are counted one per copy.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

import pytest

import pitchlab as pl
from pitchlab.engine.actions import Action, Bid, NameTrump, Pass, ThrowIn
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.ui import drawing
from pitchlab.ui.known import known_html

NAMES = pl.ruleset_names()
HANDS = 6
"""Seeded random hands per ruleset; every seat is checked after every step of each."""


def hidden_from(hand: Hand, seat: int) -> Counter[Card]:
    """What ``seat`` cannot have seen, found from where every card is: another seat's hand,
    the stock still undrawn, or another seat's thrown-away cards."""
    out: Counter[Card] = Counter()
    for other in range(hand.rules.players):
        if other != seat:
            out.update(hand.hand_of(other))
    out.update(hand.stock_cards[hand.stock_used :])
    out.update(c for r in hand.refills if r.seat != seat for c in r.thrown)
    return out


def listed_points(html: str) -> Counter[str]:
    """The point cards the panel lists as still out, as shown ("Joker (1)"), one per mention."""
    text = re.sub(r"<[^>]+>", "", html)
    found = re.search(r"in all: (.*?); each is with", text)
    return Counter(found.group(1).split(", ")) if found else Counter()


def check(hand: Hand, seat: int) -> None:
    rules = hand.rules
    view = hand.view(seat)
    hidden = hidden_from(hand, seat)
    assert Counter(view.unseen_cards()) == hidden
    html = known_html(view, ["West", "North", "East"])
    suit = hand.trump
    if suit is None:
        assert view.unseen_trump() == []
        assert "this panel counts the trump" in html
        return
    hidden_trump = Counter({c: n for c, n in hidden.items() if rules.is_trump(c, suit)})
    assert Counter(view.unseen_trump()) == hidden_trump
    in_deck = sum(1 for c in rules.deck if rules.is_trump(c, suit))
    trump_out = sum(hidden_trump.values())
    if not drawing.every_trump_in_play(rules):
        assert f"You have not seen <b>{trump_out}</b> of the {in_deck} trump." in html
        return
    assert f"<b>{trump_out}</b> of {in_deck} trump are still out" in html
    if hand.phase is Phase.PLAY:  # "still out" must be true: every trump not seen is in another hand
        others = Counter(c for s in range(rules.players) if s != seat for c in hand.hand_of(s))
        assert not hidden_trump - others, (rules.name, hidden_trump - others)
    points = {c: rules.points_of(c, suit) for c in hidden_trump}
    expected = Counter({f"{c.label} ({points[c]})": n for c, n in hidden_trump.items() if points[c]})
    assert listed_points(html) == expected
    worth = sum(points[c] * n for c, n in hidden_trump.items())
    if worth:
        assert f"<b>{worth}</b> point{'' if worth == 1 else 's'} in all" in html
    else:
        assert "Every point card has been played, buried or is in your hand." in html


@pytest.mark.parametrize("name", NAMES)
def test_the_seat_s_count_of_unseen_cards_matches_where_the_cards_are(name: str) -> None:
    rules = pl.ruleset(name)
    for seed in range(HANDS):
        rng = random.Random(f"{name}/{seed}")
        hand = Hand.deal(rules, seed % rules.players, rng)
        while True:
            for seat in range(rules.players):
                check(hand, seat)
            if hand.is_over:
                break
            hand.apply(pick(hand.legal_actions(), rng))


def pick(legal: Sequence[Action], rng: random.Random) -> Action:
    """A random legal action, a throw-in half the times one is allowed: the random bots
    would rarely throw a hand in, and a shown hand is a card count's hardest case."""
    throw = [a for a in legal if isinstance(a, ThrowIn)]
    return throw[0] if throw and rng.random() < 0.5 else rng.choice(legal)


def test_both_jokers_still_out_are_both_listed() -> None:
    """Ten-point, worked by hand: deal 1 from seat 3, everyone passes, the dealer is stuck at
    4 and names hearts. Seat 0 then holds 2♥ 3♥ 5♥ 9♥ J♦ (and a dead 8♣); nothing is played
    or buried. Of the 16 trump, 11 are out, and of the point cards the ace, the jack, both
    jokers and the ten: 1 point each, 5 in all."""
    hand = Hand.deal(pl.ruleset("ten-point"), 3, 1)
    for action in (Pass(), Pass(), Pass(), Bid(4), NameTrump(Suit.HEARTS)):
        hand.apply(action)
    assert sorted(c.code for c in hand.hand_of(0)) == ["2H", "3H", "5H", "8C", "9H", "JD"]
    assert hand.phase is pl.Phase.PLAY and not any(hand.buried_by(s) for s in range(4))
    html = known_html(hand.view(0), ["West", "North", "East"])
    assert "<b>11</b> of 16 trump are still out" in html
    assert listed_points(html) == Counter({"A♥ (1)": 1, "J♥ (1)": 1, "Joker (1)": 2, "10♥ (1)": 1})
    assert "<b>5</b> points in all" in html
