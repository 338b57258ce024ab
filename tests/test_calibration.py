"""The calibration bookkeeping, checked on cases worked by hand, and self-play recording
what the bots quoted and what followed."""

from __future__ import annotations

import pytest

import pitchlab as pl
from pitchlab.bots import bidding, derive
from pitchlab.bots import calibration as cal
from pitchlab.engine.errors import PitchError


def test_a_quote_falls_in_its_tenth_and_a_sure_quote_in_the_top_one() -> None:
    assert cal.decile_of(0.0) == 0
    assert cal.decile_of(0.099) == 0
    assert cal.decile_of(0.1) == 1
    assert cal.decile_of(0.85) == 8
    assert cal.decile_of(0.95) == 9
    assert cal.decile_of(1.0) == 9
    assert cal.decile_of(1.0000000000000002) == 9  # a sum of shares, rounded
    with pytest.raises(PitchError, match="between 0 and 1"):
        cal.decile_of(1.5)


def test_a_decile_has_its_count_mean_rate_and_wilson_interval() -> None:
    # 8 of 10 quotes of 0.8 and 0.88 (mean 0.84) came true; one quote of 0.05 did not
    quotes = [(0.8, True)] * 4 + [(0.88, True)] * 4 + [(0.8, False), (0.88, False), (0.05, False)]
    low, top = cal.deciles(quotes)
    assert (low.index, low.count, low.mean_quote, low.rate) == (0, 1, 0.05, 0.0)
    assert top.index == 8 and top.count == 10 and top.rate == 0.8
    assert top.mean_quote == pytest.approx(0.84)
    # Wilson 95% for 8 of 10, worked by hand: centre (0.8 + 1.96²/20) / (1 + 1.96²/10)
    z = 1.959964
    centre = (0.8 + z * z / 20) / (1 + z * z / 10)
    half = z / (1 + z * z / 10) * (0.8 * 0.2 / 10 + z * z / 400) ** 0.5
    assert top.ci95 == pytest.approx((centre - half, centre + half), abs=1e-5)
    assert top.ci95 == pytest.approx((0.4902, 0.9433), abs=1e-4)  # the published table's value
    assert top.error == pytest.approx(4.0)


def test_the_max_error_reads_only_deciles_with_enough_quotes() -> None:
    # decile 2: 60 quotes of 0.25, 30 came true (0.5): a gap of 25 points
    # decile 7: 49 quotes of 0.75, none came true: a gap of 75, but too few quotes to count
    quotes = [(0.25, i < 30) for i in range(60)] + [(0.75, False)] * 49
    found = cal.deciles(quotes)
    assert cal.max_error(found) == pytest.approx(25.0)
    assert cal.max_error(found, min_count=49) == pytest.approx(75.0)
    assert cal.max_error(found, min_count=61) is None


def test_self_play_records_every_quote_with_the_game_it_was_made_in() -> None:
    rules = pl.ruleset("ten-point")
    found = cal.self_play(rules, 3, seed=5)
    again = cal.self_play(rules, 3, seed=5)
    assert found.quotes == again.quotes and found.quotes
    assert all(0 <= q.win <= 1 for q in found.quotes)
    assert all(q.made is None or 0 <= q.made <= 1 for q in found.quotes)
    # every game is won by one side: each game's quotes split between won and lost sides
    assert {q.won for q in found.quotes} == {True, False}
    report = found.to_json()
    assert sum(d["count"] for d in report["calibration"]) == len(found.quotes)
    with pytest.raises(PitchError, match="at least one game"):
        cal.self_play(rules, 0)


def test_settling_stops_when_the_bidding_no_longer_depends_on_the_model() -> None:
    """Tables without trials never decide a bid (the bots bid the ladder's way), so the second
    round replays the first round's games exactly: a fixed point at round 2, its hands the
    hands of those games and the model solved from them."""
    rules = pl.ruleset("ten-point")
    shipped = bidding.shipped_tables(rules)
    assert shipped is not None
    blind = bidding.Tables(rules, 0, "blind", {}, shipped.hands)
    settled, rounds = derive.settle_model(blind, games=3, rounds=5, seed="s")
    assert [(r.number, r.same_as) for r in rounds] == [(1, None), (2, 1)]
    assert settled.self_play == 3 and settled.trials == {}
    assert settled.hands == derive.self_play_hands(blind, 3, "s")
    # every game's hands: at least one hand per game, counted once from each of the four seats
    assert rounds[0].hands == sum(settled.hands[0].values()) >= 3
    again = bidding.Tables.from_json(settled.to_json(), rules)
    assert again.self_play == 3 and again.hands == settled.hands


def test_blocking_counts_top_bids_from_behind_and_how_their_games_ended() -> None:
    """Four top bids, three from behind; of those one made and two in games the bidder won."""
    found = cal.SelfPlay(pl.ruleset("ten-point"), 1, 0)
    found.top_bids.extend(
        [
            cal.TopBid(behind=True, made=True, won=True),
            cal.TopBid(behind=True, made=False, won=True),
            cal.TopBid(behind=True, made=False, won=False),
            cal.TopBid(behind=False, made=True, won=True),
        ]
    )
    report = found.blocking()
    assert (report["top_bids"], report["from_behind"]) == (4, 3)
    assert report["share_from_behind"] == 0.75
    assert report["made"] == pytest.approx(1 / 3) and report["win_rate"] == pytest.approx(2 / 3)
    low, high = report["win_rate_ci95"]
    assert low < 2 / 3 < high


def test_the_interval_that_counts_games_is_worked_by_hand() -> None:
    # four games of ten quotes, 8, 4, 6 and 6 of them coming true: rate 24/40 = 0.6;
    # residuals hits - 0.6 * 10 = 2, -2, 0, 0, squares summing to 8; times 4/3 = 10.667;
    # root 3.266, over 40 quotes 0.08165, times 1.96: half-width 0.16003
    low, high = cal.clustered_ci95([(10, 8), (10, 4), (10, 6), (10, 6)])
    assert (low, high) == pytest.approx((0.43997, 0.76003), abs=1e-5)


def test_deciles_count_the_games_their_quotes_came_from() -> None:
    quotes = [(0.55, True), (0.56, True), (0.57, False), (0.15, False)]
    low, mid = cal.deciles(quotes, ["g1", "g1", "g2", "g2"])
    assert (low.games, mid.games) == (1, 2)
    assert mid.ci95_games is not None and mid.ci95_games[0] <= mid.rate <= mid.ci95_games[1]
    assert cal.deciles(quotes)[0].games is None  # without game tags, no such count
