"""Winning the game, running scores and the rotating deal (RULES.md, "Table" and
"Winning the game").

A game's hands are dealt at random, so to play a hand worked out by hand these
tests put a chosen deal in ``game.hand`` (with the dealer the game expects) and,
where a test needs it, set ``game.scores`` before that hand. Hands are played
through ``game.apply`` so that the game scores them when they end. The deals and
their hand-worked outcomes are in ``tests/helpers.py``:

* joker deal, seat 2 (team 0) bids, JOKER_MADE_PLAY: team 0 takes 9, team 1 takes 1;
* joker deal, seat 1 (team 1) bids, JOKER_SET_PLAY: the same 9 and 1;
* all-points deal, seat 2 bids, ALL_POINTS_PLAY: team 0 takes all 10.
"""

from __future__ import annotations

import pytest

import pitchlab as pl
from tests.helpers import (
    ALL_POINTS_PLAY,
    JOKER_MADE_PLAY,
    JOKER_SET_PLAY,
    all_points_deal,
    bids,
    joker_deal,
    name,
    play,
)


def game_with(hand: pl.Hand, scores: tuple[int, int] = (0, 0)) -> pl.Game:
    """A game whose current hand is ``hand``, with ``scores`` before it."""
    game = pl.Game(first_dealer=hand.dealer, seed=0)
    assert game.hand.dealer == hand.dealer
    game.hand = hand
    game.scores = list(scores)
    return game


def team0_makes(game: pl.Game, bid: int = 5) -> None:
    """Seat 2 bids ``bid`` on the joker deal (dealer 0 or 1) and team 0 takes 9, team 1 takes 1."""
    dealer = game.hand.dealer
    # seat 2 is the second bidder when seat 0 deals, the first when seat 1 deals
    bids(game, *((None, bid, None, None) if dealer == 0 else (bid, None, None, None)))
    name(game, "H")
    play(game, JOKER_MADE_PLAY)


def team1_is_set(game: pl.Game) -> None:
    """Seat 1 bids on the joker deal (5 with dealer 0; stuck at 4 with dealer 1) and
    takes only the two: team 0 adds 9, team 1 loses its bid."""
    if game.hand.dealer == 0:
        bids(game, 5, None, None, None)
    else:
        bids(game, None, None, None, 4)
    name(game, "H")
    play(game, JOKER_SET_PLAY)


def play_through(game: pl.Game) -> None:
    """Finish the current hand with the first legal action each time."""
    while not game.hand.is_over:
        game.apply(game.hand.legal_actions()[0])


# ===================================================================== deal


def test_dealer_passes_one_seat_left_each_hand() -> None:
    """Table: the deal passes one seat to the left (dealer + 1) each hand, and
    the bidding of each hand starts at that dealer's left."""
    game = pl.Game(first_dealer=2, seed=3)
    dealers = []
    for _ in range(6):
        dealers.append(game.hand.dealer)
        assert game.hand.to_act == (game.hand.dealer + 1) % 4
        play_through(game)
        assert not game.is_over  # at most 10 points a hand, no bid of 10 here
        game.next_hand()
    assert dealers == [2, 3, 0, 1, 2, 3]


def test_first_dealer_defaults_to_seat_0() -> None:
    assert pl.Game(seed=1).hand.dealer == 0


def test_next_hand_needs_the_current_hand_over() -> None:
    game = pl.Game(seed=1)
    with pytest.raises(pl.PitchError):
        game.next_hand()


# =================================================================== scores


def test_scores_accumulate_and_may_go_negative() -> None:
    """Score: scores may go negative. Hand 1 (dealer 0): team 1 bids 5, is set:
    [0, 0] -> [9, -5]. Hand 2 (dealer 1): seat 1, the dealer, is stuck at 4 and is
    set again: [9, -5] -> [18, -9]."""
    game = game_with(joker_deal(0))
    team1_is_set(game)
    assert game.scores == [9, -5]
    assert game.history[-1].scores == (9, -5)
    assert game.history[-1].result.score_change == (9, -5)
    assert game.winner is None
    game.next_hand()
    assert game.hand.dealer == 1
    game.hand = joker_deal(1)
    team1_is_set(game)
    assert game.scores == [18, -9]
    assert [h.scores for h in game.history] == [(9, -5), (18, -9)]


def test_hand_is_scored_only_when_it_ends() -> None:
    game = game_with(joker_deal(0), (10, 20))
    bids(game, None, 5, None, None)
    name(game, "H")
    play(game, "2:JK 3:JK 0:3H 1:2H")
    assert game.scores == [10, 20]
    assert game.history == []


# ================================================================== winning


def test_bidding_team_reaching_52_wins() -> None:
    """Winning: target 52; the bidding team wins at the end of a hand it bid with
    its score then 52 or more: 43 + 9 = 52."""
    game = game_with(joker_deal(0), (43, 0))
    team0_makes(game)
    assert game.scores == [52, 1]
    assert game.winner == 0
    assert game.is_over
    with pytest.raises(pl.PitchError):
        game.next_hand()


def test_bidding_team_at_51_plays_on() -> None:
    """Winning: 42 + 9 = 51 is short of 52; the game goes on."""
    game = game_with(joker_deal(0), (42, 0))
    team0_makes(game)
    assert game.scores == [51, 1]
    assert game.winner is None
    assert not game.is_over
    assert game.next_hand().dealer == 1


def test_non_bidding_team_at_52_keeps_playing_then_wins_on_its_bid() -> None:
    """Winning: a non-bidding team at 52 or more keeps playing.

    Hand 1: team 1 bids and is set; team 0 goes 50 -> 59 but did not bid: no winner.
    Hand 2 (dealer 1): seat 2 bids 5 for team 0, which takes 9: 68, and wins.
    """
    game = game_with(joker_deal(0), (50, 0))
    team1_is_set(game)
    assert game.scores == [59, -5]
    assert game.winner is None
    game.next_hand()
    game.hand = joker_deal(1)
    team0_makes(game)
    assert game.scores == [68, -4]
    assert game.winner == 0


def test_when_both_cross_only_the_bidding_team_wins() -> None:
    """Winning: team 0 bids and goes 45 -> 54; team 1 also crosses, 51 -> 52,
    but was not bidding: team 0 wins."""
    game = game_with(joker_deal(0), (45, 51))
    team0_makes(game)
    assert game.scores == [54, 52]
    assert game.winner == 0


def test_non_bidding_team_crossing_alone_does_not_win() -> None:
    """Winning: team 1 (not bidding) goes 51 -> 52 while team 0 bids and makes
    but stays short (30 + 9 = 39): nobody wins."""
    game = game_with(joker_deal(0), (30, 51))
    team0_makes(game)
    assert game.scores == [39, 52]
    assert game.winner is None


def test_bidding_team_set_below_target_does_not_win() -> None:
    """Winning: team 0, at 60 from earlier non-bidding hands, bids 10, takes 9
    and is set: 60 - 10 = 50 < 52; no winner (team 1 at 1)."""
    game = game_with(joker_deal(0), (60, 0))
    team0_makes(game, bid=10)
    assert game.scores == [50, 1]
    assert game.winner is None


@pytest.mark.parametrize("scores", [(0, 0), (-30, 51), (-40, 60), (51, 51)])
def test_bid_of_ten_taking_all_ten_wins_at_once(scores: tuple[int, int]) -> None:
    """Winning: a bid of 10 that takes all 10 points wins the game at once,
    whatever the scores (even below zero, even with the other team past 52)."""
    game = game_with(all_points_deal(0), scores)
    bids(game, None, 10, None, None)
    name(game, "H")
    play(game, ALL_POINTS_PLAY)
    assert game.history[-1].result.points == (10, 0)
    assert game.scores == [scores[0] + 10, scores[1]]
    assert game.winner == 0


def test_bid_of_nine_taking_all_ten_does_not_win_at_once() -> None:
    """Winning: only a bid of 10 wins at once; bid 9 and take all 10 from 0 is just +10."""
    game = game_with(all_points_deal(0))
    bids(game, None, 9, None, None)
    name(game, "H")
    play(game, ALL_POINTS_PLAY)
    assert game.scores == [10, 0]
    assert game.winner is None
