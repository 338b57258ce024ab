"""The made-rate map: pool adjacent violators on cases worked by hand and against the
min-max formula, and the shipped maps rising and refused for rules or counts not their own."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

import pitchlab as pl
from pitchlab.bots import bidding, shipped
from pitchlab.bots import claims as cl
from pitchlab.bots.calibration import fit_made_map, self_play
from pitchlab.bots.claimcheck import false_claims
from pitchlab.bots.isotonic import MADE_MAP, MIN_STEP, MadeMap, Step, pool_adjacent, won_digest
from pitchlab.engine.errors import PitchError, StaleTable

MAPPED = ("ten-point", "thirty-one", "partnership")
"""The rulesets whose tables carry counted bids, so ship a made-rate map."""


def test_violators_are_pooled_back_until_the_rates_rise() -> None:
    """Quotes .1 to .5, made no, yes, yes, no, no. Going up: .1 (0/1), .2 (1/1), .3 (1/1);
    .4 (0/1) breaks the order, so it joins .3 (1/2), which breaks it with .2 (1/1): .2-.4 is
    2/3; .5 (0/1) breaks it again: .2-.5 is 2/4. The fit: 0 at .1, then 1/2 from .2 on."""
    pairs = [(0.1, False), (0.2, True), (0.3, True), (0.4, False), (0.5, False)]
    assert pool_adjacent(pairs) == [Step(0.1, 0.1, 1, 0), Step(0.2, 0.5, 4, 2)]


def test_equal_quotes_are_one_step_and_a_rising_run_is_left_alone() -> None:
    # .3 made once of twice is below .2's one of one: pooled, 2 of 3
    assert pool_adjacent([(0.3, True), (0.3, False), (0.2, True)]) == [Step(0.2, 0.3, 3, 2)]
    rising = [(0.1, False), (0.1, False), (0.6, True), (0.6, False), (0.9, True)]
    assert pool_adjacent(rising) == [Step(0.1, 0.1, 2, 0), Step(0.6, 0.6, 2, 1), Step(0.9, 0.9, 1, 1)]


def test_a_step_too_small_joins_the_neighbour_nearer_in_rate() -> None:
    # already rising: 0 of 5 at .1, 1 of 2 at .5, 9 of 10 at .8; with at least 3 a step, the
    # middle one (rate .5) is .4 from the next (.9) and .5 from the one before: it joins .8
    pairs = [(0.1, False)] * 5 + [(0.5, True), (0.5, False)] + [(0.8, i < 9) for i in range(10)]
    assert pool_adjacent(pairs, min_count=3) == [Step(0.1, 0.1, 5, 0), Step(0.5, 0.8, 12, 10)]
    # the last step, too small, can only join the one before
    tail = [(0.1, False)] * 3 + [(0.5, i < 5) for i in range(10)] + [(0.9, True)]
    assert pool_adjacent(tail, min_count=3) == [Step(0.1, 0.1, 3, 0), Step(0.5, 0.9, 11, 6)]


def test_the_fit_is_the_min_max_formula_of_isotonic_regression() -> None:
    """An independent check: the least-squares non-decreasing fit at point i is
    max over j <= i of min over k >= i of the mean of y[j..k] (a classical identity), worked
    here by brute force over 40 seeded points with distinct quotes."""
    rng = random.Random("isotonic")
    xs = sorted(rng.sample(range(1000), 40))
    pairs = [(x / 1000, rng.random() < x / 1000) for x in xs]
    ys = [float(m) for _, m in pairs]
    steps = pool_adjacent(pairs)
    fitted = {}
    for s in steps:
        for x, _ in pairs:
            if s.low <= x <= s.high:
                fitted[x] = s.rate
    for i, (x, _) in enumerate(pairs):
        best = max(min(sum(ys[j : k + 1]) / (k + 1 - j) for k in range(i, len(ys))) for j in range(i + 1))
        assert fitted[x] == pytest.approx(best)
    assert sum(s.count for s in steps) == 40


def test_a_map_reads_the_step_a_raw_quote_falls_in_and_refuses_a_falling_one() -> None:
    found = MadeMap("s", 1, (Step(0.1, 0.3, 10, 2), Step(0.4, 0.6, 10, 5)))
    assert found.step(0.05).rate == 0.2 and found.step(0.35).rate == 0.2 and found.step(0.4).rate == 0.5
    assert found.step(0.99).rate == 0.5
    assert MadeMap.from_json(found.to_json()) == found
    with pytest.raises(PitchError, match="rise"):
        MadeMap("s", 1, (Step(0.1, 0.3, 10, 6), Step(0.4, 0.6, 10, 5)))
    with pytest.raises(PitchError, match="at least one step"):
        MadeMap("s", 1, ())


@pytest.mark.parametrize("name", MAPPED)
def test_the_shipped_map_rises_and_speaks_for_these_rules_and_counts(name: str) -> None:
    rules = pl.ruleset(name)
    tables = bidding.shipped_tables(rules)
    assert tables is not None and tables.won
    found = tables.made_map
    header, _ = shipped.open_file(MADE_MAP.file(name))
    assert found is not None and header["won_digest"] == won_digest(tables.won)
    assert len(found.steps) >= 3
    for before, after in zip(found.steps, found.steps[1:], strict=False):
        assert before.high < after.low and before.rate <= after.rate
    assert all(s.count >= MIN_STEP for s in found.steps)
    # fitted on seeds of its own, never a number (the benchmark's games are seeded by numbers)
    assert not found.seed.isdigit() and found.games >= 2000


def test_a_map_is_refused_for_other_rules_or_other_counted_bids() -> None:
    rules = pl.ruleset("ten-point")
    tables = bidding.shipped_tables(rules)
    assert tables is not None and tables.made_map is not None
    file = MADE_MAP.file("ten-point")
    header, _ = shipped.open_file(file)
    counted = won_digest(tables.won)
    with pytest.raises(StaleTable, match=re.escape("made for other rules (ten-point) than thirty-one's")):
        shipped.check(MADE_MAP, header, pl.ruleset("thirty-one"), file, won_digest=counted)
    # a house rule (one field changed) is another game; but the preset's rules by another
    # name are the same game, and the map speaks for them
    with pytest.raises(StaleTable, match=re.escape("than ten-point (target=21)'s")):
        shipped.check(MADE_MAP, header, rules.replace(target=21), file, won_digest=counted)
    same = pl.Ruleset(name="my-ten", description="ten-point by another name")
    shipped.check(MADE_MAP, header, same, file, won_digest=counted)
    recounted = dict(tables.won)
    key = next(iter(recounted))
    recounted[key] = (recounted[key][0], recounted[key][1] + 1)
    # the shipped loader refuses it in one line, saying what differs and how to fit it again,
    # rather than quote a map's numbers for other quotes
    with pytest.raises(StaleTable) as refused:
        bidding.shipped_made_map(rules, recounted)
    assert str(refused.value) == (
        "made-ten-point.json.gz: it was made from other counted bids than the bidding tables hold"
        " now: make it again with `python scripts/fit_made_rate.py --rules ten-point --workers 2`"
    )
    assert bidding.shipped_made_map(rules, tables.won) == tables.made_map


def test_a_quote_is_its_step_with_the_wilson_interval_and_passes_the_checker() -> None:
    """A choice whose raw reading falls in a step of 30 made of 40: the reason quotes 75% with
    Wilson's 95% interval, worked by hand: centre (0.75 + z²/80) / (1 + z²/40), half-width
    z / (1 + z²/40) * sqrt(0.75 * 0.25 / 40 + z² / 6400), z = 1.96: 59.8% to 85.8%."""
    step = Step(0.5, 0.9, 40, 30)
    choice = bidding.Choice(8, {8: 0.6, 0: 0.4}, {8: 0.7}, "f", 40, False, (), {8: 40}, {8: step})
    (quote,) = [
        c for c in bidding.claims_of(choice, 0, 0, pl.TEN_POINT) if isinstance(c, cl.Estimate) and c.interval
    ]
    z = 1.959964
    centre = (0.75 + z * z / 80) / (1 + z * z / 40)
    half = z / (1 + z * z / 40) * (0.75 * 0.25 / 40 + z * z / 6400) ** 0.5
    assert quote.value == 75.0 and quote.interval is not None
    assert quote.interval == pytest.approx((100 * (centre - half), 100 * (centre + half)), abs=1e-3)
    assert quote.interval == pytest.approx((59.8, 85.8), abs=0.05)
    assert "75% (95% interval 60% to 86%)" in quote.words(0, pl.TEN_POINT)
    assert "40 winning bids" in quote.basis
    assert quote.to_json()["interval"] == list(quote.interval)
    assert "interval" not in cl.Estimate("a chance", 50.0, "percent", "a guess").to_json()
    hand = pl.Hand.deal(pl.TEN_POINT, 0, random.Random(1))
    assert hand.to_act is not None
    assert false_claims(hand, hand.to_act, (quote,)) == []
    wrong = dataclasses.replace(quote, interval=(80.0, 90.0))
    assert false_claims(hand, hand.to_act, (wrong,)) != []


def test_a_map_is_fitted_on_the_raw_readings_of_the_bids_that_won_the_auction() -> None:
    """A small fit (20 thirty-one games of a seed of their own): every bid that won the
    auction counts once, at the raw reading it was chosen with, and the map names the rules
    and counted bids it speaks for. A ruleset that counts no bids has nothing to fit."""
    rules = pl.ruleset("thirty-one")
    tables = bidding.shipped_tables(rules)
    assert tables is not None
    found = fit_made_map(rules, 20, "test-fit", min_step=20)
    played = self_play(rules, 20, "test-fit")
    held = [q for q in played.quotes if q.made_raw is not None]
    assert len(held) >= 40 and all(q.made is not None for q in held)
    assert sum(s.count for s in found.steps) == len(held)
    assert sum(s.made for s in found.steps) == sum(q.was_made for q in held)
    assert (found.seed, found.games) == ("test-fit", 20)
    with pytest.raises(PitchError, match="no counted bids"):
        fit_made_map(pl.ruleset("auction-pitch"), 1, "test-fit")
