"""The blocking reason: "a 10 keeps the bid from them, and a made 10 wins at once".

Each position is worked out by hand from the rules (RULES.md): ten-point's top bid is 10, no
moon, no dealer taking a bid at the same number; only the bidding side can go out (bidder-only,
target 52); and a made 10 takes all ten points, which wins the game at once, in the hole or not.
"""

from __future__ import annotations

import pytest

import pitchlab as pl
from pitchlab.bots import bidding, claimcheck
from pitchlab.bots.claims import ALL_KINDS, Shown, TopBidKeeps, first_sentence
from pitchlab.engine.hand import Hand

FIRST = 0
"""With dealer 3, seat 0 speaks first: every bid from 4 to 10 is open to it."""


def opening(rules: pl.Ruleset = pl.TEN_POINT, scores: tuple[int, int] = (0, 0)) -> Hand:
    hand = Hand.deal(rules, 3, 1, list(scores))
    assert hand.to_act == FIRST
    return hand


def test_the_claim_is_public_and_short() -> None:
    claim = TopBidKeeps(10)
    assert TopBidKeeps in ALL_KINDS
    assert not claim.reveals(Shown(frozenset()))  # the rules, the auction and the score only
    said = first_sentence("bid 10", (claim,), FIRST, pl.TEN_POINT)
    assert said == (
        "bid 10: a 10 keeps the bid from them (only the bidding side can win the game), and a made 10 wins at once"
    )
    assert len(said.split()) == 24  # counted by hand: within the 25 words of a first sentence


def test_a_10_at_the_opening_of_ten_point_keeps_the_bid() -> None:
    assert claimcheck.check(opening(), FIRST, TopBidKeeps(10)) is None
    # in the hole too: ten-point lets a made 10 win from below zero
    assert claimcheck.check(opening(scores=(-8, 40)), FIRST, TopBidKeeps(10)) is None


def test_a_bid_below_the_top_keeps_nothing() -> None:
    """A 9 can be overbid with a 10."""
    assert claimcheck.check(opening(), FIRST, TopBidKeeps(9)) == "a higher bid than 9 is allowed"


def test_where_the_other_side_can_win_too_a_10_keeps_nothing() -> None:
    """Bidder-first: a side that did not bid may count out to the target."""
    rules = pl.TEN_POINT.replace(name="ten-point, bidder first", win_rule="bidder-first")
    found = claimcheck.check(opening(rules), FIRST, TopBidKeeps(10))
    assert found == "a side that did not bid can win the game too"


def test_where_the_dealer_may_take_the_bid_a_10_keeps_nothing() -> None:
    rules = pl.TEN_POINT.replace(name="ten-point, dealer matches", dealer_may_match=True)
    assert (
        claimcheck.check(opening(rules), FIRST, TopBidKeeps(10)) == "the dealer may still take the bid at 10"
    )


def test_a_made_10_that_does_not_end_the_game() -> None:
    """Without the all-points rule, a made 10 from 0 reaches only 10 of 52; from 45 it reaches
    55 and wins. Where a side in the hole cannot win by all the points, -5 + 10 = 5 does not."""
    plain = pl.TEN_POINT.replace(name="ten-point, no all-points win", all_points_wins=False)
    assert (
        claimcheck.check(opening(plain), FIRST, TopBidKeeps(10)) == "a made 10 does not win the game at once"
    )
    assert claimcheck.check(opening(plain, (45, 0)), FIRST, TopBidKeeps(10)) is None
    holed = pl.TEN_POINT.replace(name="ten-point, not from the hole", all_points_wins_in_the_hole=False)
    assert claimcheck.check(opening(holed, (0, 0)), FIRST, TopBidKeeps(10)) is None
    assert claimcheck.check(opening(holed, (-5, 0)), FIRST, TopBidKeeps(10)) == (
        "a made 10 does not win the game at once"
    )


def test_the_bid_must_be_open_to_the_seat() -> None:
    assert claimcheck.check(opening(), FIRST, TopBidKeeps(11)) == "the seat may not bid 11 here"


@pytest.mark.parametrize(
    ("name", "bid", "us", "keeps"),
    [
        ("ten-point", 10, 0, True),
        ("ten-point", 10, -20, True),
        ("ten-point", 9, 0, False),
        ("thirty-one", 10, 0, False),  # bidder-first, a moon above 10, the dealer may match
        ("partnership", 4, 0, False),  # bidder-then-most
        ("thirteen-point", 13, 0, True),
    ],
)
def test_the_bots_say_it_where_the_checker_finds_it_true(name: str, bid: int, us: int, keeps: bool) -> None:
    assert bidding.keeps_the_bid(pl.ruleset(name), bid, us) is keeps


def test_a_game_bidding_10_says_why_first_and_the_claim_checks() -> None:
    """Ten-point at 0-0 with the game bidding: the first seat's 10 tells the table it keeps
    the bid, before anything else, and the checker finds every claim of the decision true."""
    hand = opening()
    decision = pl.RuleBasedPlayer().decide(hand.view(FIRST))
    assert decision.action == pl.Bid(10)
    assert decision.said.startswith("Bid to win the game — bid 10: a 10 keeps the bid from them")
    assert "I hold" not in decision.said and not any("I hold" in line for line in decision.more)
    assert any(isinstance(x, TopBidKeeps) for x in decision.claims)
    assert all(claimcheck.check(hand, FIRST, x) is None for x in decision.claims)
