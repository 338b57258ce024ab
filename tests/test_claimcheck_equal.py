"""The checker's view of "equally good": legal cards, two or more, a tolerance that means equal."""

from __future__ import annotations

from pathlib import Path

from pitchlab.bots.claimcheck import EQUAL_TOLERANCE, false_claims
from pitchlab.bots.claims import ALL_KINDS, EquallyGood
from pitchlab.engine.cards import Card, parse_card
from pitchlab.engine.record import loads
from tests.test_players import three_or_four

POSITION = Path(__file__).parent / "records" / "strong" / "bank-the-ten-or-duck.json"


def test_equally_good_holds_only_for_legal_cards_said_to_be_close() -> None:
    hand = loads(POSITION.read_text())  # seat 1 to play, holding 2♠ J♠ 6♣ (only trump legal)
    js, two, club = parse_card("JS"), parse_card("2S"), parse_card("6C")
    basis = "8 deals"
    assert false_claims(hand, 1, [EquallyGood((js, two), 0.05, basis)]) == []
    for wrong in (
        EquallyGood((js,), 0.05, basis),  # one card is no choice
        EquallyGood((js, js), 0.05, basis),
        EquallyGood((js, club), 0.05, basis),  # not a legal play
        EquallyGood((js, two), EQUAL_TOLERANCE + 0.5, basis),  # too far apart to be equal
        EquallyGood((js, two), -0.1, basis),
    ):
        assert len(false_claims(hand, 1, [wrong])) == 1, wrong
    # 3♥ and 4♥ against the unbeatable A♥ (tests.test_players.three_or_four): they score the
    # same, but the 3♥ hands the opponents three points, so it is not called equally good
    three_four = three_or_four()
    assert len(false_claims(three_four, 1, [EquallyGood((Card("3H"), Card("4H")), 0.0, basis)])) == 1
    assert EquallyGood in ALL_KINDS
    words = EquallyGood((js, two), 0, basis).words(1, hand.rules)
    assert words == "J♠, 2♠ are equally good: they score exactly the same over 8 deals"
