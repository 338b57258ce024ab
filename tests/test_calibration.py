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
    """BidTrials without trials never decide a bid (the bots bid the ladder's way), so the second
    round replays the first round's games exactly: a fixed point at round 2, its hands the
    hands of those games and the model solved from them."""
    rules = pl.ruleset("ten-point")
    shipped = bidding.shipped_tables(rules)
    assert shipped is not None
    blind = bidding.BidTrials(rules, 0, "blind", {}, shipped.hands)
    settled, rounds = derive.settle_model(blind, games=3, rounds=5, seed="s")
    assert [(r.number, r.same_as) for r in rounds] == [(1, None), (2, 1)]
    assert settled.self_play == 3 and settled.trials == {}
    assert settled.hands == derive.self_play_hands(blind, 3, "s")
    # every game's hands: at least one hand per game, counted once from each of the four seats
    assert rounds[0].hands == sum(settled.hands[0].values()) >= 3
    again = bidding.BidTrials.from_json(settled.to_json(), rules)
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


class _Noting(pl.RuleBasedPlayer):
    """The game-bidding bot, noting each choice with the hand it was made in (for a recount
    that reads the auction's end from the engine, not from the code under test)."""

    def __init__(self, tables: bidding.BidTrials) -> None:
        super().__init__(bidding="game", tables=tables)
        self.noted: list[tuple[int, bidding.Choice]] = []

    def _chose(self, seat: int, choice: bidding.Choice) -> None:
        self.noted.append((seat, choice))


def test_a_made_rate_counts_only_the_bids_that_won_the_auction() -> None:
    """The made-rate a bot quotes once spoke for every hand like this played as bidder, but a
    bid is kept only when nobody outbids it, so the hands it is kept with are not the hands it
    is bid with (partnership's 3-bids quoted 55.5% and were made 49-52% of the times they won
    the auction). Here a small simulation of its own (30 thirty-one games, seeds no table was
    derived from) is recounted from the engine: for each bid the bot chose, did that seat end
    up holding the contract at that bid, and was it made. The tables' counts must be exactly
    these, spot by spot, and a quote where only the spot has counts must be the spot's share."""
    rules = pl.ruleset("thirty-one")
    shipped = bidding.shipped_tables(rules)
    assert shipped is not None
    counted = derive.count_won(shipped, games=30, seed="recount", keep=1)
    bot = _Noting(shipped)
    recount: dict[str, list[int]] = {}
    for number in range(30):
        bot.noted.clear()
        for hand, _, result, _ in cal.game_hands(rules, f"won:recount:{number}", number % rules.players, bot):
            for seat, choice in bot.noted:
                if result is not None and hand.bidder == seat and hand.high_bid == choice.answer > 0:
                    spot = choice.key[1:].split(":")[:3]  # the decision's key: position, high bid, partner's
                    tally = recount.setdefault(f"w{choice.answer}:{':'.join(spot)}", [0, 0])
                    tally[0] += int(result.made)
                    tally[1] += 1
            bot.noted.clear()
    spots = {k: v for k, v in counted.won.items() if k.count(":") == 3}
    assert spots == {k: tuple(v) for k, v in recount.items()} and sum(n for _, n in spots.values()) >= 100
    # the busiest spot, with no finer group counted: its quote is its own share, exactly
    busiest = max(spots, key=lambda k: spots[k][1])
    made, n = spots[busiest]
    assert n >= bidding.MIN_TRIALS
    bid, position, high, partner = (int(x) for x in busiest[1:].split(":"))
    only_spot = bidding.BidTrials(rules, 0, "t", {}, shipped.hands, won={busiest: (made, n)})
    base = bidding.won_base(position, high, bool(partner), ("h-none",))
    quote = only_spot.made_when_won(base, bid)
    assert quote is not None and quote[0] == pytest.approx(made / n) and quote[1] == n
