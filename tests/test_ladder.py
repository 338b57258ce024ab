"""The bidding ladder: cells worked out by hand, bids that are the argmax of their data,
a derivation that reproduces, and a bot that bids from it legally."""

from __future__ import annotations

import random

import pytest

import pitchlab as pl
from pitchlab.bots import derive, ladder, trump_only_judgement
from pitchlab.bots.claims import Estimate as EstimateClaim
from pitchlab.odds.stats import Estimate

OPEN_FIRST = ladder.Spot(0, 0, False)


def rating(codes: str) -> trump_only_judgement.Rating:
    cards = pl.parse_cards(codes)
    mask = 0
    for card in cards:
        mask |= 1 << pl.TEN_POINT.deck.index(card)
    return trump_only_judgement.best_rating(pl.TEN_POINT, mask)


@pytest.mark.parametrize(
    ("codes", "trump", "points"),
    [
        # spades: AS KS 3S JC JK = 5 trump holding 1 + 3 + 1 + 1 = 6 points -> column 6-10
        ("AS KS 3S JC JK 9H 4D 7C 2C", 5, 3),
        # hearts: AH QH 9H 7H = 4 trump holding the ace's 1 point -> column 0-1
        ("AH QH 9H 7H 5S 8S 4D 6C 3C", 4, 0),
        # nine trump of spades count as "7 or more"; A J JC JK JK T 3 2 = 10 points
        ("AS JS JC JK JK TS 3S 2S 9S", 7, 3),
        # no suit gives more than two trump: the row "2 or fewer"
        ("AS 5S AH 5H AD 5D AC 5C 9C", 2, 0),
    ],
)
def test_a_hand_falls_in_the_cell_worked_out_by_hand(codes: str, trump: int, points: int) -> None:
    assert ladder.strength_of(rating(codes)) == ladder.Strength(trump, points)


def test_the_spot_names_the_seat_the_high_bid_and_whose_it_is() -> None:
    hand = pl.Hand.deal(dealer=0, seed=1)  # seat 1 speaks first
    assert ladder.spot_of(hand) == ladder.Spot(0, 0, False)
    hand.apply(pl.Bid(5))  # seat 1
    assert ladder.spot_of(hand) == ladder.Spot(1, 5, False)  # seat 2: an opponent bid 5
    hand.apply(pl.PASS)
    assert ladder.spot_of(hand) == ladder.Spot(2, 5, True)  # seat 3: its partner (seat 1) bid 5
    hand.apply(pl.Bid(9))
    assert ladder.spot_of(hand) == ladder.Spot(3, 7, False)  # the dealer: 9 is in the "7 or more" step
    assert str(ladder.spot_of(hand)) == "dealer seat, an opponent bid 7+"


def synthetic(values: dict[int, float], n: int = 100) -> ladder.Ladder:
    cell = (OPEN_FIRST, ladder.Strength(5, 3))
    return ladder.Ladder(
        pl.TEN_POINT, 0, "test", {cell: {a: Estimate(v, 0.1, n, unit="hands") for a, v in values.items()}}
    )


def test_the_bid_is_the_argmax_ties_to_the_lower_answer_and_thin_data_is_ignored() -> None:
    cell = (OPEN_FIRST, ladder.Strength(5, 3))
    assert synthetic({0: -1.0, 4: 0.5, 5: 1.5, 6: 1.2}).bid(cell) == 5
    assert synthetic({0: 0.0, 4: 2.0, 5: 2.0}).bid(cell) == 4
    assert synthetic({0: 0.3, 4: 0.2}).gain(cell) == 0  # passing is best: no gain over passing
    assert synthetic({0: 0.0, 6: 2.5}).gain(cell) == pytest.approx(2.5)
    assert synthetic({0: 0.0, 6: 2.5}, n=5).bid(cell) is None  # fewer than min_samples
    assert synthetic({0: 0.0}).bid((OPEN_FIRST, ladder.Strength(2, 0))) is None


def test_every_shipped_bid_is_the_argmax_of_the_simulated_values() -> None:
    shipped = ladder.shipped()
    assert shipped.deals >= 1000
    checked = 0
    for cell, answers in shipped.values.items():
        trusted = {a: e.value for a, e in answers.items() if e.n >= shipped.min_samples}
        if not trusted:
            assert shipped.bid(cell) is None
            continue
        top = max(trusted.values())
        assert shipped.bid(cell) == min(a for a, v in trusted.items() if v == top)
        checked += 1
    assert checked >= 100


def test_the_ladder_survives_a_round_trip_through_json() -> None:
    shipped = ladder.shipped()
    again = ladder.Ladder.from_json(shipped.to_json())
    assert again.values == shipped.values
    assert (again.deals, again.seed) == (shipped.deals, shipped.seed)


def test_a_derivation_is_reproducible_and_tries_every_legal_answer() -> None:
    first = derive.derive_ladder(30, seed="t")
    again = derive.derive_ladder(30, seed="t", workers=2)
    assert first.values == again.values
    # 30 auctions, four turns each
    assert sum(next(iter(a.values())).n for a in first.values.values()) == 120
    for (spot, _), answers in first.values.items():
        if spot == ladder.Spot(3, 0, False):
            assert set(answers) == {4}  # a dealer facing three passes must bid 4
        elif spot.high == 0:
            assert set(answers) == {0, 4, 5, 6, 7, 8, 9, 10}


def test_the_net_change_scores_a_set_bidder_against_the_table() -> None:
    """A bidder that is set loses its bid while the others add what they took, so the
    bidding team's net is -bid - (their points); the hand's own result agrees."""
    rng = random.Random(4)
    bot = pl.RuleBasedPlayer()
    seen_set = False
    for _ in range(200):
        hand = pl.Hand.deal(seed=rng)
        pl.play_hand(hand, [bot] * 4)
        result = hand.result()
        team = result.bidding_team
        change = result.score_change
        assert derive.ladder_net(hand, team) == change[team] - change[1 - team]
        if not result.made:
            seen_set = True
            assert derive.ladder_net(hand, team) == -result.bid - result.points[1 - team]
    assert seen_set


def test_the_rule_based_bot_bids_from_its_ladder_and_says_so() -> None:
    values = {0: -1.0, 4: 0.5, 5: 1.0, 6: 1.8, 7: 1.2, 8: -2.0, 9: -5.0, 10: -9.0}
    player = pl.RuleBasedPlayer(bidding="ladder", ladder=synthetic(values))
    # dealer 3, so seat 0 speaks first holding 5 spades with 6 points
    mine = pl.parse_cards("AS KS 3S JC JK 9H 4D 7C 2C")
    rest = list(pl.TEN_POINT.deck)
    for card in mine:
        rest.remove(card)
    hands = [mine, rest[0:9], rest[9:18], rest[18:27]]
    hand = pl.Hand.from_cards(pl.TEN_POINT, 3, hands, rest[27:])
    decision = player.decide(hand.view(0))
    assert decision.action == pl.Bid(6)
    gain = [c for c in decision.claims if isinstance(c, EstimateClaim)]
    assert len(gain) == 1 and gain[0].value == 1.8 and "learn their bidding" in gain[0].basis
    assert "about 1.8 points" in decision.why
    # in a learner's words, no ladder jargon: spades as trump are A♠ K♠ 3♠ J♣ (the off-jack)
    # and the joker, five trump; their points 1 + 1 + 1 + 3 (the three) = 6, the 6-10 column
    assert "with a hand like mine (5 trump worth 6 to 10 points; I speak first, and nobody has bid yet)" in (
        decision.why
    )
    assert player.code(hand) == 6
    # a cell the ladder knows nothing of: it bids from its estimate, as before the ladder
    hand.apply(pl.Bid(6))
    old = pl.RuleBasedPlayer(bidding="estimate")
    assert player.decide(hand.view(1)).action == old.decide(hand.view(1)).action


def test_estimate_bidding_ignores_the_ladder() -> None:
    values = {0: 5.0, 4: 0.5}  # the ladder would pass in this cell
    mine = pl.parse_cards("AS KS 3S JC JK 9H 4D 7C 2C")
    rest = list(pl.TEN_POINT.deck)
    for card in mine:
        rest.remove(card)
    hand = pl.Hand.from_cards(pl.TEN_POINT, 3, [mine, rest[0:9], rest[9:18], rest[18:27]], rest[27:])
    assert (
        pl.RuleBasedPlayer(bidding="ladder", ladder=synthetic(values)).decide(hand.view(0)).action == pl.PASS
    )
    old = pl.RuleBasedPlayer(bidding="estimate", ladder=synthetic(values)).decide(hand.view(0))
    assert old.action == pl.Bid(6) and "ladder" not in old.why  # 5 trump rated 9.2: opens at 6
    with pytest.raises(ValueError, match="bidding must be"):
        pl.RuleBasedPlayer(bidding="guess")  # type: ignore[arg-type]


def test_the_bot_only_ever_bids_legally_from_the_shipped_ladder() -> None:
    rng = random.Random(9)
    player = pl.RuleBasedPlayer(bidding="ladder")
    for i in range(300):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        pl.play_hand(hand, [player] * 4)  # the checked API refuses anything illegal
        assert hand.is_over
