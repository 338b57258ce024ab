"""The student's class experiments, computed from seeds: each checked by a route of its own.

The trump counts and the Monte Carlo hits are dealt again here card by card (the deck's
cards and the ruleset's ``is_trump``, not the library's vectorised tally); the exact
references are worked from ``math.comb``; pooled over many students the counts close in
on the exact chances and the estimates scatter by the binomial standard error.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from pitchlab.bots import analysis
from pitchlab.classes import experiments, payloads
from pitchlab.engine.cards import Suit
from pitchlab.engine.errors import ClassError
from pitchlab.engine.presets import TEN_POINT
from pitchlab.lessons.classroom import counting_hands
from pitchlab.odds import sampling, stats
from pitchlab.ui.session import Table


def by_cards(n: int, seed: int) -> list[int]:
    """Each of ``n`` hands dealt from ``seed``: its spade trump, counted card by card."""
    hands = sampling.deal_hands(n, seed, rules=TEN_POINT)
    deck = TEN_POINT.deck
    return [sum(TEN_POINT.is_trump(deck[slot], Suit.SPADES) for slot in row) for row in hands]


def exact_chance(k: int) -> Fraction:
    return Fraction(comb(16, k) * comb(38, 9 - k), comb(54, 9))


@pytest.mark.parametrize("secret", ["a secret", "another", "Zoë's", "7"])
def test_a_trump_count_is_the_students_own_hands_counted(secret: str) -> None:
    seed = payloads.seed_for(secret, payloads.TRUMP_COUNT)
    payload = experiments.trump_count_payload(seed)
    assert payload["seed"] == seed
    assert payload["hands"] == payloads.HANDS == 20
    counts = payload["counts"]
    assert len(counts) == 10 and sum(counts) == 20
    per_hand = by_cards(20, seed)
    assert counts == [per_hand.count(k) for k in range(10)]
    assert payloads.check(payloads.TRUMP_COUNT, payload) == payload  # the store takes it as it is


def test_students_deal_different_hands_and_the_same_secret_the_same() -> None:
    seeds = {payloads.seed_for(secret, payloads.TRUMP_COUNT) for secret in ("a", "b", "c")}
    assert len(seeds) == 3 and len({experiments.trump_count_payload(s)["seed"] for s in seeds}) == 3
    assert payloads.seed_for("a", payloads.TRUMP_COUNT) != payloads.seed_for("a", payloads.MONTE_CARLO)
    seed = payloads.seed_for("a", payloads.TRUMP_COUNT)
    assert experiments.trump_count_payload(seed) == experiments.trump_count_payload(seed)


def test_the_exact_reference_is_lesson_01s_distribution() -> None:
    exact = experiments.trump_count_exact()
    assert exact == {k: exact_chance(k) for k in range(10)}
    assert sum(exact.values()) == 1
    assert experiments.expected_counts() == [20 * exact_chance(k) for k in range(10)]
    assert sum(experiments.expected_counts()) == 20


def test_a_class_of_200_pooled_closes_in_on_the_exact_chances() -> None:
    """4,000 hands from 200 students' seeds: each count's share within the pooled 95% Wilson
    interval's reach (four standard errors, the project's agreement test) of the exact chance;
    one student's 20 hands are far coarser."""
    pooled = np.zeros(10, dtype=int)
    for i in range(200):
        pooled += experiments.trump_count_payload(payloads.seed_for(f"student {i}", payloads.TRUMP_COUNT))[
            "counts"
        ]
    assert pooled.sum() == 4_000
    for k in range(10):
        assert stats.agrees(stats.proportion(int(pooled[k]), 4_000), exact_chance(k)), k


def test_a_monte_carlo_replicate_is_the_students_deals_counted() -> None:
    for secret in ("a", "b"):
        seed = payloads.seed_for(secret, payloads.MONTE_CARLO)
        payload = experiments.monte_carlo_payload(seed)
        assert payload["seed"] == seed
        assert payload["deals"] == payloads.DEALS == 100
        assert payload["hits"] == sum(n >= 4 for n in by_cards(100, payload["seed"]))
        assert payloads.check(payloads.MONTE_CARLO, payload) == payload


def test_the_monte_carlo_exact_answer_and_the_spread_of_a_class() -> None:
    exact = experiments.monte_carlo_exact()
    assert exact == 1 - sum(exact_chance(k) for k in range(4)) == Fraction(1_484_227, 6_015_765)
    shares = [
        experiments.monte_carlo_payload(payloads.seed_for(f"s{i}", payloads.MONTE_CARLO))["hits"] / 100
        for i in range(300)
    ]
    p = float(exact)
    se = math.sqrt(p * (1 - p) / 100)  # one student's standard error, about 4.3 points
    mean = sum(shares) / len(shares)
    spread = math.sqrt(sum((s - mean) ** 2 for s in shares) / (len(shares) - 1))
    assert abs(mean - p) <= 4 * se / math.sqrt(len(shares))  # the class's mean: near the truth
    assert 0.8 * se <= spread <= 1.2 * se  # each student: off by about one standard error
    estimate = experiments.monte_carlo_estimate(25)
    assert estimate.interval() == stats.proportion(25, 100).wilson()


def test_the_joker_poll_is_lesson_01s_question_and_answer() -> None:
    poll = payloads.POLLS["joker-or-three"]
    numbers = counting_hands.joker_or_three(TEN_POINT)
    assert numbers.a_joker == 1 - Fraction(comb(52, 9), comb(54, 9)) > numbers.one_card == Fraction(1, 6)
    assert poll.options[poll.right] == "A joker"
    assert poll.experiment == "poll:joker-or-three" in payloads.experiments()
    for choice in range(3):
        assert payloads.check(poll.experiment, experiments.poll_payload(poll, choice)) == {"choice": choice}
    for bad in (-1, 3, True, "0"):
        with pytest.raises(ValueError, match="no option"):
            experiments.poll_payload(poll, bad)  # type: ignore[arg-type]
    with pytest.raises(ClassError):
        payloads.check(poll.experiment, {"choice": 3})


def finished_hand(seed: int) -> Table:
    table = Table(human=None, seed=seed)
    table.run_bots(200)
    assert table.hand.is_over
    return table


def test_a_review_row_is_the_coachs_summary_of_the_seat() -> None:
    table = finished_hand(4)
    hand = table.hand
    reviews = analysis.review(hand)
    summary = analysis.seat_summary(reviews, 0, 4)
    mine = [r for r in reviews if r.seat == 0]
    assert summary.lost == pytest.approx(sum(r.knew.lost for r in mine))
    assert summary.best == sum(r.played in r.knew.best for r in mine)
    assert summary.given_away == sum(r.value_best - r.value_played for r in mine)
    assert summary.decisions == len(mine) == sum(1 for r in reviews if r.seat == 0)
    assert summary.perfect == sum(r.played in r.best_hindsight for r in mine)
    number = experiments.hand_number(table.game.history, hand)
    assert number == 1 and table.game.history[0].hand is hand
    payload = experiments.review_payload(number, summary)
    assert payloads.check(payloads.REVIEW, payload) == payload


def test_a_hands_slot_names_it_alone() -> None:
    first, second = finished_hand(4), finished_hand(5)
    slot = experiments.review_slot(first.seed, 1, first.hand)
    assert slot == experiments.review_slot(first.seed, 1, first.hand)  # reviewed again: counts once
    assert slot != experiments.review_slot(second.seed, 1, second.hand)
    assert slot != experiments.review_slot(first.seed, 2, first.hand)
    assert slot != experiments.review_slot(first.seed, 1, second.hand)  # same seed said, other cards
    assert payloads.check_slot(slot) == slot and slot.startswith(f"{first.seed}-1-")
