"""Bids and trump choices judged by what the seat knew (pitchlab.bots.bid_review)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.bots.bid_review import ChoiceReview, judge_choice, review_choices
from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.engine.errors import PitchError
from pitchlab.ui.coach import choice_words

STRONG = ["AS", "KS", "QS", "JS", "JC", "JK", "JK", "3S", "2S"]
"""Every scoring spade but the ten, both jokers, and the off-jack: all but the Game point held."""


def _record_with(seat: int, cards: list[str], seed: int = 0) -> dict[str, Any]:
    """A ten-point record before any bid, dealer 0, with ``cards`` in ``seat``'s hand and
    the rest dealt from the remaining deck at random."""
    rules = pl.ruleset("ten-point")
    rest = [c.code for c in rules.deck]
    for code in cards:
        rest.remove(code)
    random.Random(seed).shuffle(rest)
    hands = []
    for s in range(rules.players):
        if s == seat:
            hands.append(list(cards))
        else:
            hands.append(rest[: rules.hand_size])
            rest = rest[rules.hand_size :]
    return {"format": "pitchlab-hand/1", "ruleset": "ten-point", "dealer": 0, "hands": hands, "stock": rest}


def test_naming_a_suit_the_hand_does_not_hold_is_judged_far_worse() -> None:
    # seat 1 (first to speak, dealer 0) bids 6 and the others pass; holding no heart and not
    # the jack of diamonds (hearts' off-jack), a hearts bidder holds 2 trump (the jokers) to
    # the spades bidder's 9: spades must be the one best answer, and hearts must cost several
    # points a hand
    record = _record_with(1, STRONG) | {"bids": [6, "pass", "pass", "pass"]}
    hand = pl.from_record(record)
    assert hand.phase is pl.Phase.NAME_TRUMP and hand.to_act == 1
    judged = judge_choice(record, 1, "trump", "H", ["S", "H", "D", "C"], deals=30)
    assert judged.best == ("S",)
    assert judged.lost > 4 and judged.points["S"] - judged.points["H"] == pytest.approx(judged.lost)


def test_a_hopeless_top_bid_loses_points_and_a_pass_does_not() -> None:
    # seat 1 speaks first; with low cards of four suits and no jack, joker or ace, a 10 is
    # made only with every point: it is set nearly always, for -10, while passing costs little
    weak = ["4S", "5S", "6H", "7H", "4D", "5D", "6C", "7C", "8C"]
    record = _record_with(1, weak)
    judged = judge_choice(record, 1, "bid", 10, [0, 4, 5, 6, 7, 8, 9, 10], deals=30)
    assert "10" not in judged.best and judged.lost > 5
    passed = judge_choice(record, 1, "bid", 0, [0, 4, 5, 6, 7, 8, 9, 10], deals=30)
    assert passed.chosen == "pass" and passed.lost == 0


def test_every_answer_mean_lies_in_its_interval_and_the_review_is_reproducible() -> None:
    game = pl.Game(pl.ruleset("ten-point"), 0, random.Random(5))
    hand, bot = game.hand, RuleBasedPlayer("ladder")
    while not hand.is_over:
        hand.step(bot.code(hand))
    first = review_choices(hand, deals=20, seed=1)
    again = review_choices(hand, deals=20, seed=1)
    assert [c.as_json() for c in first] == [c.as_json() for c in again]
    assert [c.kind for c in first].count("trump") == 1
    for c in first:
        for answer, value in c.points.items():
            low, high = c.points_interval[answer]
            assert low <= value <= high
        assert c.chosen in c.points and set(c.best) <= set(c.points)
        assert c.win is not None and all(0 <= v <= 1 for v in c.win.values())


def test_no_review_of_bids_where_the_seat_sees_more_than_its_hand() -> None:
    game = pl.Game(pl.ruleset("auction-pitch"), 0, random.Random(1))
    hand, bot = game.hand, RuleBasedPlayer("ladder")
    while not hand.is_over:
        hand.step(bot.code(hand))
    with pytest.raises(PitchError, match="no review of bids"):
        review_choices(hand)


def _choice(chosen: str, lost: float, lost_win: float | None) -> ChoiceReview:
    return ChoiceReview(
        1,
        "bid",
        chosen,
        {"pass": 1.5, "8": -2.0},
        {"pass": (0.5, 2.5), "8": (-3.0, -1.0)},
        ("pass",),
        lost,
        (2.0, 5.0),
        {"pass": 0.55, "8": 0.45},
        lost_win,
        150,
    )


def test_the_coach_says_a_costly_bid_in_words_with_its_interval() -> None:
    text = choice_words(_choice("8", 3.5, 10.0))
    assert text.startswith("Bidding 8 cost about 3.5 points a hand on what you could see: passing")
    assert "95% interval 2 to 5 points" in text and "150 deals" in text
    assert text.endswith("lowered your chance of winning the game by about 10 percentage points.")
    assert choice_words(_choice("pass", 0.0, 0.0)).startswith("Passing was among the best choices")


def test_a_seats_choices_sum_to_the_row_a_class_receives() -> None:
    """Seat 1 bid 8 (3.5 points short of passing) and named a best trump (0 lost); seat 2's choice
    is not seat 1's. So seat 1: 2 choices, 1 best, 3.5 points lost: 350 hundredths in its row."""
    from dataclasses import replace

    from pitchlab.bots.analysis import SeatSummary
    from pitchlab.bots.bid_review import choice_summary
    from pitchlab.classes import experiments, payloads

    trump = replace(_choice("H", 0.0, None), kind="trump")
    other = replace(_choice("pass", 0.0, None), seat=2)
    summary = choice_summary([_choice("8", 3.5, 10.0), trump, other], 1)
    assert (summary.decisions, summary.best, summary.lost) == (2, 1, 3.5)
    row = experiments.review_payload(1, SeatSummary(0.5, 6, 5, 2, 4), summary)
    assert (row["choices"], row["choices_best"], row["choices_lost_hundredths"]) == (2, 1, 350)
    assert payloads.check(payloads.REVIEW, row) == row
