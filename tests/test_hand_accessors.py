"""Hand's public face: cards and slot masks for the same state, the seat to act, the bidding codes,
and one argument order for every constructor."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import pitchlab as pl
from pitchlab.engine.hand import Phase
from pitchlab.engine.lookups import BidCode
from tests.helpers import snapshot

DECK = pl.TEN_POINT.deck
RECORDS = Path(__file__).resolve().parent / "records" / "variants"


def in_order() -> pl.Hand:
    """Seat k is dealt the deck's cards 9k to 9k+8; the stock is the last 18, in deck order."""
    hands = [DECK[9 * k : 9 * k + 9] for k in range(4)]
    return pl.Hand.from_cards(pl.TEN_POINT, 0, hands, DECK[36:])


def test_a_chosen_deal_reads_back_as_cards_and_as_masks() -> None:
    hand = in_order()
    for seat in range(4):
        assert hand.dealt_to(seat) == tuple(DECK[9 * seat : 9 * seat + 9])
        assert hand.hand_of(seat) == hand.dealt_to(seat)  # nothing drawn or played yet
        # the deck's cards are one slot each but the jokers, which sit in the stock here
        assert (
            hand.dealt_mask(seat)
            == hand.hand_mask(seat)
            == sum(1 << s for s in range(9 * seat, 9 * seat + 9))
        )
        assert hand.buried_mask(seat) == 0 and hand.buried_by(seat) == ()
        assert hand.held_mask(seat) == 0  # no trump named
    assert hand.stock_cards == tuple(DECK[36:])
    assert hand.stock_slots == tuple(range(36, 54))
    assert hand.play_slots == () and hand.played_cards == ()


def test_played_cards_are_the_plays_in_the_order_made() -> None:
    hand = pl.Hand.deal(seed=11)
    made: list[pl.Card] = []
    while not hand.is_over:
        action = hand.legal_actions()[-1]
        if isinstance(action, pl.Play):
            made.append(action.card)
        hand.apply(action)
        for seat in range(4):
            assert hand.hand_of(seat) == hand.cards(hand.hand_mask(seat))
        assert hand.played_cards == tuple(made)
        assert tuple(DECK[s] for s in hand.play_slots) == tuple(made)
    assert made  # the hand was played out, not thrown in
    assert [c for t in hand.tricks for c in t.cards] == made


def test_the_actor_is_the_seat_to_act_until_the_hand_is_over() -> None:
    hand = pl.Hand.deal(dealer=2, seed=3)
    assert hand.actor == hand.to_act == 3  # the dealer's left speaks first
    while not hand.is_over:
        assert hand.actor == hand.to_act
        hand.step(hand.legal_codes()[0])
    assert hand.to_act is None
    with pytest.raises(pl.PitchError, match="over"):
        _ = hand.actor


def test_bidding_codes_name_the_pass_and_the_throw_in() -> None:
    first = pl.Hand.deal(seed=1)
    assert BidCode.PASS in first.legal_codes()  # the first seat may pass
    first.step(BidCode.PASS)
    assert first.bids == [0] and first.high_bid == 0
    # two-handed-throw-in.json: seat 0 speaks first with a ten-high hand, which it may throw in
    data = json.loads((RECORDS / "two-handed-throw-in.json").read_text())
    for key in ("bids", "trump", "discard", "bury", "call", "plays"):
        data.pop(key, None)
    hand = pl.from_record(data)
    assert BidCode.THROW_IN in hand.legal_codes()
    hand.step(BidCode.THROW_IN)
    assert hand.thrown_in == [(0, hand.dealt_mask(0))] and hand.redeal is not None


def test_every_constructor_takes_rules_then_dealer_then_the_deal() -> None:
    rules = pl.ruleset("auction-pitch")
    dealt = pl.Hand.deal(rules, 2, 5)
    again = pl.Hand.from_cards(rules, 2, [dealt.dealt_to(s) for s in range(rules.players)], dealt.stock_cards)
    assert [again.dealt_mask(s) for s in range(rules.players)] == [
        dealt.dealt_mask(s) for s in range(rules.players)
    ]
    assert again.stock_slots == dealt.stock_slots and again.dealer == 2 and again.rules is rules


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_every_ruleset_rewinds_to_each_step_and_to_the_start_of_play(name: str) -> None:
    """In every preset (throw-ins, discards, calls, a first lead that names trump): a hand played
    by random legal choices, rewound to each step, is the hand those choices make from the deal;
    and rewound to its first card it is the copy taken as the play began."""
    rules = pl.ruleset(name)
    for seed in range(4):
        rng = random.Random(f"rewind:{name}:{seed}")
        hand = pl.Hand.deal(rules, seed % rules.players, rng)
        choices: list[int] = []
        at_first_card = None
        while not hand.is_over:
            if at_first_card is None and hand.phase is Phase.PLAY:
                at_first_card = hand.copy()
            legal = hand.legal_actions()
            choices.append(rng.randrange(len(legal)))
            hand.apply(legal[choices[-1]])
        for steps in range(len(choices) + 1):
            again = pl.Hand.deal(rules, seed % rules.players, random.Random(f"rewind:{name}:{seed}"))
            for choice in choices[:steps]:
                again.apply(again.legal_actions()[choice])
            assert snapshot(hand.rewound(steps)) == snapshot(again), (name, seed, steps)
        if at_first_card is not None:
            assert snapshot(hand.at_play(0)) == snapshot(at_first_card)
            assert len(hand.at_play(len(hand.played_cards)).played_cards) == len(hand.played_cards)
        else:  # a void deal or a hand over before the play: no position in the play to go to
            with pytest.raises(pl.PitchError):
                hand.at_play(0)
    with pytest.raises(pl.PitchError, match="steps to rewind to"):
        hand.rewound(len(choices) + 1)
