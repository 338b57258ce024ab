"""Are the bots' quoted chances true? Quotes against what happened, in deciles.

A bid reason says "our chance of winning the game if I bid 10: 85%". If the
bots' game model were right, the games in which such quotes were made would
be won about 85% of the time. This module measures that: it plays whole games
with the rule-based bot at every seat (bidding to win the game, as the app
ships it), records every chance a bid decision quotes for the answer it
chose, and sorts the quotes into deciles (0-10%, 10-20%, ...). Each decile
then has a mean quote and a realised rate with a Wilson 95% interval, and the
largest gap between the two over the deciles with enough quotes is one number
to track (:func:`max_error`). The same is done for the quoted made-rate of a
bid, over the bids that won the auction (what that quote speaks for), against
whether the contract was made; the made-rate before its recalibration
(:mod:`pitchlab.bots.isotonic`) is recorded beside it, for fitting the map.

Also measured: how often the top bid is made from behind (the bidding side's
score below the opponent's), and how those games end: under rules where only
the bidding side can go out, a side behind may bid the maximum just to keep
the contract from the other side ("blocking").

The bookkeeping (:func:`decile_of`, :func:`deciles`, :func:`max_error`) is
apart from the games so that a figure can show any list of quotes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.bots.simulation import Progress, chunked, parallel_map
from pitchlab.engine.errors import PitchError
from pitchlab.engine.game import Game
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.seats import dealer_of
from pitchlab.odds.stats import proportion

if TYPE_CHECKING:
    from pitchlab.bots.bidding import BidTrials, Choice
    from pitchlab.bots.isotonic import MadeMap

DECILES = 10
"""Quotes are grouped by tenths: 0-10%, 10-20%, ..., 90-100% (a quote of 100% in the last)."""
MIN_COUNT = 50
"""Quotes a decile needs before its gap counts in :func:`max_error`: fewer say too little."""
ROUNDING = 1e-9
"""How far a quote summed from floating-point shares may stray outside 0 to 1."""
GAME_CHUNK = 100
"""Games per unit of work (each carries any tables under test to its process, so units are
large); a game's seed is fixed, so results never depend on the workers."""


# ------------------------------------------------------------ bookkeeping


def decile_of(quote: float) -> int:
    """The decile (0 to 9) of a quoted chance between 0 and 1; a quote of exactly 1 is in the top one."""
    if not -ROUNDING <= quote <= 1.0 + ROUNDING:
        raise PitchError(f"a quoted chance is between 0 and 1, not {quote}")
    return min(max(int(quote * DECILES), 0), DECILES - 1)


@dataclass(frozen=True)
class Decile:
    """The quotes of one decile and how often what they quoted happened."""

    index: int
    """0 for quotes of 0-10%, ..., 9 for 90-100%."""
    count: int
    mean_quote: float
    rate: float
    """The share of these quotes whose event happened."""
    ci95: tuple[float, float]
    """Wilson 95% interval of :attr:`rate`, as if every quote were a game of its own."""
    games: int | None = None
    """How many games the quotes came from, where known."""
    ci95_games: tuple[float, float] | None = None
    """A 95% interval of :attr:`rate` that counts games, not quotes (see :func:`clustered_ci95`):
    the quotes of one game share its result, so this one is the wider and the truer."""

    @property
    def error(self) -> float:
        """The gap between the mean quote and the realised rate, in percentage points."""
        return 100 * abs(self.mean_quote - self.rate)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "decile": f"{10 * self.index}-{10 * (self.index + 1)}%",
            "count": self.count,
            "mean_quote": self.mean_quote,
            "rate": self.rate,
            "ci95": list(self.ci95),
        }
        if self.games is not None and self.ci95_games is not None:
            found["games"] = self.games
            found["ci95_games"] = list(self.ci95_games)
        return found


def clustered_ci95(groups: Iterable[tuple[int, int]]) -> tuple[float, float]:
    """A 95% interval of the pooled rate of ``(quotes, hits)`` groups (one group a game),
    taking the groups, not the quotes, as the independent draws.

    A game quotes many chances that all come true or not together, so quotes are not
    independent and an interval that counts them (Wilson's) is too narrow. This is the
    ratio estimator's cluster-robust interval: the rate r = sum of hits / sum of quotes,
    its variance G / (G - 1) * sum over groups of (hits - r * quotes)^2 / (sum of quotes)^2
    for G groups, and r +- 1.96 standard errors, held inside 0 to 1."""
    parts = list(groups)
    total = sum(n for n, _ in parts)
    if not parts or total == 0:
        raise PitchError("an interval needs at least one quote")
    rate = sum(h for _, h in parts) / total
    if len(parts) < 2:
        return (0.0, 1.0)
    spread = sum((h - rate * n) ** 2 for n, h in parts) * len(parts) / (len(parts) - 1)
    half = 1.96 * math.sqrt(spread) / total
    return (max(0.0, rate - half), min(1.0, rate + half))


def deciles(quotes: Iterable[tuple[float, bool]], games: Iterable[Hashable] | None = None) -> list[Decile]:
    """Group ``(quote, happened)`` pairs by decile of the quote; the deciles with any quotes, in
    order. With ``games`` (which game each quote came from, in the same order) each decile
    also says how many games it rests on, with the interval that counts games."""
    sums: dict[int, list[float]] = {}
    by_game: dict[int, dict[Hashable, list[int]]] = {}
    tags = iter(games) if games is not None else None
    for quote, happened in quotes:
        index = decile_of(quote)
        tally = sums.setdefault(index, [0, 0.0, 0])
        tally[0] += 1
        tally[1] += quote
        tally[2] += int(happened)
        if tags is not None:
            group = by_game.setdefault(index, {}).setdefault(next(tags), [0, 0])
            group[0] += 1
            group[1] += int(happened)
    found = []
    for index in sorted(sums):
        count, total, hits = sums[index]
        share = proportion(int(hits), int(count), unit="quotes")
        low, high = share.wilson()
        # the interval holds the rate; rounding can leave a bound 1e-17 the wrong side of 0 or 1
        ci95 = (min(low, share.value), max(high, share.value))
        groups = by_game.get(index)
        clustered = None if groups is None else clustered_ci95((n, h) for n, h in groups.values())
        found.append(
            Decile(
                index,
                int(count),
                total / count,
                share.value,
                ci95,
                None if groups is None else len(groups),
                clustered,
            )
        )
    return found


def max_error(found: Iterable[Decile], min_count: int = MIN_COUNT) -> float | None:
    """The largest gap (percentage points) between mean quote and realised rate over the
    deciles with at least ``min_count`` quotes, or ``None`` when none has that many."""
    gaps = [d.error for d in found if d.count >= min_count]
    return max(gaps) if gaps else None


# ------------------------------------------------------------ self-play


class QuotingPlayer(RuleBasedPlayer):
    """The rule-based bot bidding to win the game, noting every choice its fast path makes
    (by ``tables`` where given, else the shipped tables)."""

    def __init__(self, tables: BidTrials | None = None) -> None:
        super().__init__(bidding="game", tables=tables)
        self.noted: list[tuple[int, Choice]] = []

    def _chose(self, seat: int, choice: Choice) -> None:
        self.noted.append((seat, choice))


@dataclass(frozen=True)
class Quoted:
    """One bid decision's quotes and what followed."""

    win: float
    """The quoted chance of winning the game for the answer chosen."""
    won: bool
    """Whether the quoting seat's side won the game."""
    made: float | None
    """The quoted chance of making the bid, where the seat's side then held the contract at
    that bid (the quote speaks of such hands only); else ``None``."""
    was_made: bool
    game: str = ""
    """The seed of the game the quote was made in."""
    made_raw: float | None = None
    """As :attr:`made`, the made-rate as read from the counted bids before the made-rate map
    (:mod:`pitchlab.bots.isotonic`), quoted or not: what a map is fitted on."""


@dataclass(frozen=True)
class TopBid:
    """A hand whose contract was the top bid."""

    behind: bool
    """Whether the bidding side's score was below the best opponent's before the hand."""
    made: bool
    won: bool
    """Whether the bidding side won the game."""


@dataclass
class SelfPlay:
    """What a run of self-play games recorded."""

    rules: Ruleset
    games: int
    seed: int | str
    quotes: list[Quoted] = field(default_factory=list)
    top_bids: list[TopBid] = field(default_factory=list)

    def win_deciles(self) -> list[Decile]:
        return deciles(((q.win, q.won) for q in self.quotes), (q.game for q in self.quotes))

    def made_deciles(self) -> list[Decile]:
        held = [q for q in self.quotes if q.made is not None]
        return deciles(((q.made, q.was_made) for q in held if q.made is not None), (q.game for q in held))

    def blocking(self) -> dict[str, Any]:
        """Top bids made from behind: their share of all top bids, how often they were
        made, and how often the side that bid them won the game (Wilson 95% intervals)."""
        behind = [t for t in self.top_bids if t.behind]
        report: dict[str, Any] = {"top_bids": len(self.top_bids), "from_behind": len(behind)}
        if self.top_bids:
            share = proportion(len(behind), len(self.top_bids), unit="top bids")
            report["share_from_behind"] = share.value
            report["share_from_behind_ci95"] = list(share.wilson())
        if behind:
            for key, hits in (
                ("made", sum(t.made for t in behind)),
                ("win_rate", sum(t.won for t in behind)),
            ):
                rate = proportion(hits, len(behind), unit="top bids")
                report[key] = rate.value
                report[f"{key}_ci95"] = list(rate.wilson())
        return report

    def to_json(self) -> dict[str, Any]:
        wins, made = self.win_deciles(), self.made_deciles()
        return {
            "games": self.games,
            "seed": self.seed,
            "quotes": len(self.quotes),
            "calibration": [d.to_json() for d in wins],
            "calibration_max_error": max_error(wins),
            "made_calibration": [d.to_json() for d in made],
            "made_calibration_max_error": max_error(made),
            "blocking": self.blocking(),
        }


def game_hands(
    rules: Ruleset, seed: str, first_dealer: int, bot: RuleBasedPlayer
) -> Iterator[tuple[Hand, list[int], HandResult | None, Game]]:
    """Play one game to the target with ``bot`` at every seat, yielding each hand once it
    is over, with the scores before it, its result (``None`` for a void deal) and the game."""
    game = Game(rules, first_dealer, random.Random(seed))
    while True:
        hand = game.hand
        before = list(game.scores)
        while hand.phase is not Phase.OVER:
            hand.step(bot.code(hand))
        yield hand, before, game.score_if_over(), game
        if game.is_over:
            return
        game.next_hand()


def bid_decisions(
    rules: Ruleset, seed: str, first_dealer: int, bot: QuotingPlayer
) -> tuple[list[tuple[int, Choice, bool, bool]], list[tuple[int, bool, bool]], int | None]:
    """One game to the target with ``bot`` at every seat: each bid decision the bot's game
    bidding made, as ``(seat, choice, held, made)`` (``held``: the seat kept the contract at the
    bid it chose; ``made``: the hand's contract was made), the hands played at the top bid as
    ``(bidding team, behind, made)``, and the winning team."""
    pending: list[tuple[int, Choice, bool, bool]] = []
    top: list[tuple[int, bool, bool]] = []
    winner = None
    bot.noted.clear()
    for hand, before, result, game in game_hands(rules, seed, first_dealer, bot):
        winner = game.winner
        if result is not None:
            team = result.bidding_team
            for seat, choice in bot.noted:
                held = hand.bidder == seat and choice.answer == result.bid
                pending.append((seat, choice, held, result.made))
            if result.bid == rules.max_bid:
                behind = before[team] < max(s for t, s in enumerate(before) if t != team)
                top.append((team, behind, result.made))
        bot.noted.clear()
    return pending, top, winner


def play_game(rules: Ruleset, seed: str, first_dealer: int, bot: QuotingPlayer) -> SelfPlay:
    """One game to the target with ``bot`` at every seat; its quotes and top bids."""
    found = SelfPlay(rules, 1, seed)
    pending, top, winner = bid_decisions(rules, seed, first_dealer, bot)
    for seat, choice, held, made in pending:
        step = choice.quoted.get(choice.answer) if held else None
        raw = choice.made.get(choice.answer) if held else None
        won = rules.teams[seat] == winner
        quote = None if step is None else step.rate
        found.quotes.append(Quoted(choice.chances[choice.answer], won, quote, made, seed, raw))
    found.top_bids.extend(TopBid(behind, made, team == winner) for team, behind, made in top)
    return found


def _chunk(args: tuple[Ruleset, int | str, int, int, BidTrials | None]) -> SelfPlay:
    rules, seed, index, count, tables = args
    bot = QuotingPlayer(tables)
    total = SelfPlay(rules, count, seed)
    for k in range(count):
        number = index * GAME_CHUNK + k
        one = play_game(rules, f"calibration:{seed}:{number}", dealer_of(number, rules.players), bot)
        total.quotes.extend(one.quotes)
        total.top_bids.extend(one.top_bids)
    return total


def self_play(
    rules: Ruleset,
    games: int,
    seed: int | str = 0,
    workers: int = 1,
    progress: Progress | None = None,
    tables: BidTrials | None = None,
) -> SelfPlay:
    """``games`` seeded games of the game-bidding rule-based bot at every seat (bidding by
    ``tables`` where given, else the shipped ones), the first dealer rotating; reproducible
    from ``seed`` and ``games`` alone, whatever ``workers`` is."""
    if games < 1:
        raise PitchError(f"self-play needs at least one game, not {games}")
    if tables is not None:
        tables.model  # solved once here, not in every process it is sent to  # noqa: B018
    chunks = [(rules, seed, i, count, tables) for i, count in chunked(games, GAME_CHUNK)]
    total = SelfPlay(rules, games, seed)
    done = 0
    for part in parallel_map(_chunk, chunks, workers):
        total.quotes.extend(part.quotes)
        total.top_bids.extend(part.top_bids)
        done += part.games
        if progress is not None:
            progress(done, games)
    return total


def fit_made_map(
    rules: Ruleset, games: int, seed: str, workers: int = 1, min_step: int | None = None
) -> MadeMap:
    """A made-rate map for the shipped tables of ``rules``, fitted by pool adjacent violators
    (:func:`pitchlab.bots.isotonic.pool_adjacent`) on the raw made-rate of every bid that won
    the auction in ``games`` self-play games of ``seed``, against whether it was made.

    ``seed`` must be one no measure of the quotes uses (the benchmark's and the tests' games
    are seeded by numbers and names of their own): a map judged on the games it was fitted on
    would look truer than it is. The bidding never reads the map, so these games are the
    games the quotes will be made in."""
    from pitchlab.bots.bidding import unmapped_tables
    from pitchlab.bots.isotonic import MIN_STEP, MadeMap, pool_adjacent

    # the tables without the map this one replaces (which may be stale, and is never read here)
    tables = unmapped_tables(rules)
    if tables is None or not tables.won:
        raise PitchError(f"{rules.name} ships no counted bids, so it quotes no made-rate to fit")
    played = self_play(rules, games, seed, workers, tables=tables)
    pairs = [(q.made_raw, q.was_made) for q in played.quotes if q.made_raw is not None]
    steps = pool_adjacent(pairs, MIN_STEP if min_step is None else min_step)
    return MadeMap(str(seed), games, tuple(steps))
