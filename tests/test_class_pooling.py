"""The teacher's summaries (pitchlab.classes.pooling) against examples worked out by hand.

Three students' rows, small enough to add up on paper: their pooled counts, the running
pooled estimate and its Wilson 95% interval (bounds worked out with a calculator from the
formula, written here without the package), the spread of their estimates, poll votes and
the review table.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any

import pytest

from pitchlab.classes import payloads, pooling
from pitchlab.classes.payloads import MONTE_CARLO, REVIEW, TRUMP_COUNT, Poll
from pitchlab.classes.store import Row

CODE = "K7QM2X"
T0 = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def row(experiment: str, nickname: str, payload: dict[str, Any], second: int, slot: str = "") -> Row:
    return Row(CODE, experiment, nickname, slot, payload, T0 + timedelta(seconds=second))


def trump(nickname: str, counts: list[int], second: int) -> Row:
    return row(TRUMP_COUNT, nickname, {"hands": 20, "seed": 1, "counts": counts}, second)


def mc(nickname: str, hits: int, second: int) -> Row:
    return row(MONTE_CARLO, nickname, {"deals": 100, "seed": 1, "hits": hits}, second)


# three students' twenty hands each; the pooled column sums are worked out by hand
ANA = [1, 3, 6, 5, 3, 2, 0, 0, 0, 0]
BEN = [0, 4, 5, 6, 3, 1, 1, 0, 0, 0]
CHO = [2, 2, 7, 4, 4, 1, 0, 0, 0, 0]
POOLED = (3, 9, 18, 15, 10, 4, 1, 0, 0, 0)


def test_trump_count_pools_three_students() -> None:
    # arriving out of order: Cho first
    pool = pooling.trump_count([trump("Ben", BEN, 2), trump("Cho", CHO, 0), trump("Ana", ANA, 1)])
    assert pool.counts == POOLED and pool.hands == 60
    assert [who for who, _ in pool.students] == ["Cho", "Ana", "Ben"]
    assert pool.shares()[2] == 18 / 60
    assert pool.own_shares()[0] == ("Cho", tuple(c / 20 for c in CHO))
    # lesson 01's exact distribution, from the count of hands: C(16,k) C(38,9-k) / C(54,9)
    assert pool.exact == tuple(
        Fraction(math.comb(16, k) * math.comb(38, 9 - k), math.comb(54, 9)) for k in range(10)
    )
    assert sum(pool.exact) == 1
    # the farthest pooled share from its exact chance, from the counts above and C(n, k) alone
    gaps = [
        abs(POOLED[k] / 60 - math.comb(16, k) * math.comb(38, 9 - k) / math.comb(54, 9)) for k in range(10)
    ]
    assert pool.farthest() == pytest.approx(max(gaps))
    est = pool.estimates()[2]
    assert est.n == 60 and est.value == 0.3 and est.kind == "proportion"


def test_trump_count_before_anyone() -> None:
    pool = pooling.trump_count([mc("Ana", 20, 0)])  # another experiment's row is not counted
    assert pool.counts == (0,) * 10 and pool.hands == 0 and pool.estimates() == {}
    assert pool.shares() == (0.0,) * 10 and pool.farthest() == 0.0


def test_monte_carlo_running_interval_and_spread() -> None:
    pool = pooling.monte_carlo([mc("Ben", 19, 5), mc("Ana", 25, 1), mc("Cho", 31, 9)])
    assert [r.who for r in pool.replicates] == ["Ana", "Ben", "Cho"]
    # the exact chance of 4+ trump (lesson 05): 1 - P(0..3), from the count of hands
    exact = 1 - sum(Fraction(math.comb(16, k) * math.comb(38, 9 - k), math.comb(54, 9)) for k in range(4))
    assert pool.exact == exact == Fraction(1_484_227, 6_015_765)
    p = 1_484_227 / 6_015_765
    assert pool.standard_error() == pytest.approx(math.sqrt(p * (1 - p) / 100))
    assert round(pool.standard_error(), 5) == 0.04311  # by calculator
    # shares 0.25, 0.19, 0.31: mean 0.25, squared deviations 0 + 0.0036 + 0.0036, / 2, root: 0.06
    assert pool.spread() == pytest.approx(0.06)
    running = pool.running()
    assert [(e.value, e.n) for e in running] == [(0.25, 100), (44 / 200, 200), (75 / 300, 300)]
    # Wilson 95% bounds by calculator from (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)
    by_hand = [(0.17545, 0.34304), (0.16817, 0.28239), (0.20437, 0.30195)]
    for est, (low, high) in zip(running, by_hand, strict=True):
        got = est.wilson()
        assert (round(got[0], 5), round(got[1], 5)) == (low, high)
    widths = [high - low for low, high in by_hand]
    assert widths[0] > widths[1] > widths[2]  # the interval narrows as students arrive
    assert pool.pooled() == running[-1]
    # within 1.96 se = 0.0845 of 0.2467: 0.25 and 0.31 are, 0.19 is (0.0567 away): all three
    assert pool.inside() == 3
    assert pooling.monte_carlo([mc("Ana", 25, 1)]).spread() is None
    assert pooling.monte_carlo([]).pooled() is None


def test_poll_tallies() -> None:
    polls = {"p1": Poll("p1", "Which is likelier?", ("A", "B", "C"), right=2)}
    rows = [
        row("poll:p1", "Ana", {"choice": 0}, 1),
        row("poll:p1", "Ben", {"choice": 2}, 2),
        row("poll:p1", "Cho", {"choice": 2}, 3),
        row("poll:gone", "Ana", {"choice": 1}, 4),  # a poll no longer in the registry
        mc("Ana", 25, 5),
    ]
    first, gone = pooling.poll_tallies(rows, polls)
    assert (first.experiment, first.counts, first.votes, first.right) == ("poll:p1", (1, 0, 2), 3, 2)
    assert first.options == ("A", "B", "C") and first.question == "Which is likelier?"
    assert (gone.experiment, gone.counts, gone.right, gone.options) == (
        "poll:gone",
        (0, 1),
        None,
        ("option 1", "option 2"),
    )


def test_review_table() -> None:
    def review(nickname: str, hand: int, given: int, decisions: int, perfect: int, second: int) -> Row:
        payload = {"hand": hand, "given_away": given, "decisions": decisions, "perfect": perfect}
        return row(REVIEW, nickname, payload, second, slot=f"hand-{hand}")

    rows = [review("ben", 1, 0, 8, 8, 1), review("Ana", 1, 3, 8, 6, 2), review("Ana", 2, 1, 9, 9, 3)]
    lines = pooling.review_table(rows)
    assert [(x.nickname, x.hands, x.given_away, x.per_hand) for x in lines] == [
        ("Ana", 2, 4, 2.0),
        ("ben", 1, 0, 0.0),
    ]
    assert lines[0].perfect_share == 15 / 17
    total = pooling.review_total(lines)
    assert total is not None and (total.hands, total.given_away, total.per_hand) == (3, 4, 4 / 3)
    assert pooling.review_total([]) is None
    assert all(x.lost_per_hand is None for x in lines)  # rows from before the measure: hindsight only


def test_review_table_puts_the_measure_by_what_students_knew_beside_older_rows() -> None:
    """Two rows carry the points lost by what the student knew (1.25 and 0.5, in hundredths),
    one older row does not: the measure is averaged over the two hands that carry it."""
    new = {"lost_hundredths": 125, "best": 7, "decisions": 8, "given_away": 2, "perfect": 6}
    rows = [
        row(REVIEW, "Ana", {"hand": 1, **new}, 1, slot="hand-1"),
        row(REVIEW, "Ana", {"hand": 2, **new, "lost_hundredths": 50, "best": 8}, 2, slot="hand-2"),
        row(REVIEW, "Ana", {"hand": 3, "given_away": 1, "decisions": 8, "perfect": 7}, 3, slot="hand-3"),
    ]
    (line,) = pooling.review_table(rows)
    assert (line.hands, line.knew_hands, line.lost, line.best) == (3, 2, 1.75, 15)
    assert line.lost_per_hand == 0.875 and line.given_away == 5 and line.per_hand == 5 / 3


def test_review_table_adds_the_bids_and_trump_where_rows_carry_them() -> None:
    """Three rows of Ana's: one with her bids reviewed (2 choices, 1 best, 3.40 points lost), one
    with the cards only, one with hindsight only. The bids' figure is over the one hand that
    carries it: 3.4 a hand; the cards' over the two that carry theirs; hindsight over all three.
    Ben's one row carries his bids (1 choice, best, 0 lost). The class: 3.4 + 0 over 2 hands = 1.7."""
    cards = {"lost_hundredths": 100, "best": 7, "decisions": 8, "given_away": 2, "perfect": 6}
    bids = {"choices": 2, "choices_best": 1, "choices_lost_hundredths": 340}
    rows = [
        row(REVIEW, "Ana", {"hand": 1, **cards, **bids}, 1, slot="hand-1"),
        row(REVIEW, "Ana", {"hand": 2, **cards}, 2, slot="hand-2"),
        row(REVIEW, "Ana", {"hand": 3, "given_away": 1, "decisions": 8, "perfect": 7}, 3, slot="hand-3"),
        row(
            REVIEW,
            "Ben",
            {"hand": 1, **cards, "choices": 1, "choices_best": 1, "choices_lost_hundredths": 0},
            4,
            slot="hand-1",
        ),
    ]
    ana, ben = pooling.review_table(rows)
    assert (ana.hands, ana.knew_hands, ana.choice_hands, ana.choices, ana.choices_best) == (3, 2, 1, 2, 1)
    assert ana.choices_lost == 3.4 and ana.choices_lost_per_hand == 3.4 and ana.lost_per_hand == 1.0
    assert (ben.choice_hands, ben.choices, ben.choices_best, ben.choices_lost_per_hand) == (1, 1, 1, 0.0)
    total = pooling.review_total([ana, ben])
    assert total is not None and total.choice_hands == 2 and total.choices_lost_per_hand == 1.7
    older = pooling.review_table(rows[1:3])[0]
    assert older.choices_lost_per_hand is None  # no row of hers carries the bids


def test_submitted_names_each_once_in_arrival_order() -> None:
    rows = [
        mc("Ben", 1, 2),
        mc("Ana", 2, 1),
        trump("Ana", ANA, 3),
        row(REVIEW, "Ana", {}, 4, "h1"),
        row(REVIEW, "Ana", {}, 5, "h2"),
    ]
    assert pooling.submitted(rows) == {MONTE_CARLO: ["Ana", "Ben"], TRUMP_COUNT: ["Ana"], REVIEW: ["Ana"]}


def test_verify_checks_seed_and_recomputation() -> None:
    seed = payloads.seed_for("Ana's secret", MONTE_CARLO)

    def ana(payload: dict[str, int], nickname: str = "Ana", secret: str | None = "Ana's secret") -> Row:
        return Row(CODE, MONTE_CARLO, nickname, "", payload, T0, secret)

    def dealt(experiment: str, s: int) -> dict[str, int]:
        assert (experiment, s) == (MONTE_CARLO, seed)
        return {"deals": 100, "seed": s, "hits": 23}

    assert pooling.verify(ana({"deals": 100, "seed": seed, "hits": 23}), dealt)
    assert pooling.why_not(ana({"deals": 100, "seed": seed, "hits": 24}), dealt) == pooling.NOT_ITS_DEAL
    # another student's seed, or the one her nickname gave before the server drew secrets:
    # refused before anything is dealt
    assert pooling.why_not(ana({"deals": 100, "seed": seed, "hits": 23}, "Ben", "Ben's secret"), dealt) == (
        pooling.NOT_ITS_SEED
    )
    old = payloads.nickname_seed(CODE, "Ana", MONTE_CARLO)
    assert pooling.why_not(ana({"deals": 100, "seed": old, "hits": 23}), dealt) == pooling.NOT_ITS_SEED
    # a member who joined before secrets (none stored) is checked by the seed her nickname gave
    assert pooling.why_not(ana({"deals": 100, "seed": old, "hits": 23}, secret=None)) is not None
    with pytest.raises(ValueError, match="nothing to deal again"):
        pooling.verify(row("poll:p1", "Ana", {"choice": 0}, 1), dealt)


def test_verify_deals_a_students_rows_again_with_the_student_side() -> None:
    """With the student side's own dealing: a row as a student's kernel sends it checks out; one
    number changed, or another student's row under this name, does not."""
    experiments = pytest.importorskip("pitchlab.classes.experiments")
    at = T0
    secret = "Ana's secret"
    for experiment, payload in (
        (TRUMP_COUNT, experiments.trump_count_payload(payloads.seed_for(secret, TRUMP_COUNT))),
        (MONTE_CARLO, experiments.monte_carlo_payload(payloads.seed_for(secret, MONTE_CARLO))),
    ):
        assert pooling.verify(Row(CODE, experiment, "Ana", "", payload, at, secret))
        assert not pooling.verify(Row(CODE, experiment, "Ben", "", payload, at, "Ben's secret"))
        # a row of a member who joined before secrets: dealt again from her nickname's seed
        old = payloads.nickname_seed(CODE, "Ana", experiment)
        old_payload = (
            experiments.trump_count_payload(old)
            if experiment == TRUMP_COUNT
            else experiments.monte_carlo_payload(old)
        )
        assert pooling.verify(Row(CODE, experiment, "ANA", "", old_payload, at))  # nicknames fold
        assert not pooling.verify(Row(CODE, experiment, "Ben", "", old_payload, at))
    counts = experiments.trump_count_payload(payloads.seed_for(secret, TRUMP_COUNT))
    moved = list(counts["counts"])
    k = next(i for i, c in enumerate(moved) if c)
    moved[k] -= 1
    moved[(k + 1) % 10] += 1  # still 20 hands: a forged row the store's shape check would pass
    assert not pooling.verify(Row(CODE, TRUMP_COUNT, "Ana", "", {**counts, "counts": moved}, at, secret))
