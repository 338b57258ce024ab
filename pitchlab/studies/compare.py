"""The variants side by side: what changes when the rules change, measured by simulation.

Ten-point Pitch, Auction Pitch, High-Low-Jack... differ in small rules that
add up to different games. Reading the rules tells you *that* they differ;
playing thousands of hands with the same bots tells you *how much*:

* **points in play** per hand: fixed in the ten-point family, where every
  point card comes into play; variable where cards stay undealt (no Jack
  point when nobody holds the jack) or Game is tied;
* **how often a bid is made**, overall and by the size of the bid;
* **the value of each seat**, the dealer's above all: the mean score change
  of a seat's side minus the mean of the other sides, per hand;
* **how long a game lasts**, in hands.

Everything comes from seeded simulation with the rule-based bots
(:class:`~pitchlab.bots.players.RuleBasedPlayer`): work is cut into fixed chunks,
chunk ``i`` is seeded ``"compare:<seed>:<i>"``, so the answer depends on the
seed and the sizes only, never on how many processes shared the work (see
:mod:`pitchlab.bots.simulation`). Each number comes as an
:class:`~pitchlab.odds.stats.Estimate`, quoted with its 95% interval.

The figures at the end draw with plotly, imported only when a figure is asked
for, so the engine never loads it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.bots.simulation import CHUNK, Progress, chunked, parallel_map
from pitchlab.engine.game import Game
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import ruleset
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_of
from pitchlab.odds.stats import LEVEL, Estimate, mean_of, paired_difference, proportion

if TYPE_CHECKING:
    pass

GAME_CHUNK = 10
"""Games per chunk: the unit of seeding for whole games."""
MAX_HANDS = 1000
"""A game still going after this many hands is a bug, not a long game."""


@dataclass(frozen=True)
class HandRecord:
    """What the comparison keeps of one simulated hand."""

    points: int
    """Points scored in the hand, by every side together."""
    bid: int
    made: bool
    edges: tuple[float, ...]
    """By bidding position (0: the dealer's left ... last: the dealer): the score change of
    that seat's side minus the mean change of the other sides."""
    out_of_play: int
    """Points of point cards (the Jack) that never came into play, so nobody could score
    them: never dealt, or thrown away in an exchange."""
    unawarded: int
    """Points of contests (High, Low, Game) that went to nobody, such as a tied Game."""
    deal: str = ""
    """The cards as dealt (each seat's hand, then the stock) and the dealer: two rulesets whose
    hands match here played the same cards, so they can be compared hand by hand."""


def record(hand: Hand) -> HandRecord:
    """The comparison's record of a finished hand."""
    rules = hand.rules
    result = hand.result()
    n = rules.players
    change = result.score_change
    sides = len(change)
    edges = []
    for position in range(n):
        team = rules.teams[hand.seat_at(position)]
        others = [change[t] for t in range(sides) if t != team]
        edges.append(change[team] - sum(others) / len(others))
    points_of = rules.trump(result.trump).points
    # a card in play is played or buried; count every copy (the identical jokers are two) that was not
    missing = Counter(rules.deck)
    missing.subtract(card for trick in hand.tricks for card in trick.cards)
    missing.subtract(card for seat in range(n) for card in hand.buried_by(seat))
    out_of_play = sum(points_of.get(card, 0) * k for card, k in missing.items() if k > 0)
    unawarded = sum(
        a.points for a, (_, team) in zip(rules.awards, result.awards, strict=True) if team is None
    )
    seats = " | ".join(" ".join(c.code for c in hand.dealt_to(seat)) for seat in range(n))
    deal = f"{seats} | stock {' '.join(c.code for c in hand.stock_cards)} | dealer {hand.dealer}"
    return HandRecord(sum(result.points), result.bid, result.made, tuple(edges), out_of_play, unawarded, deal)


# ----------------------------------------------------------------- results


@dataclass(frozen=True)
class VariantStats:
    """One ruleset's simulated hands and games (see the module docstring)."""

    rules: Ruleset
    seed: int | str
    hands: tuple[HandRecord, ...]
    lengths: tuple[int, ...]
    """Hands in each simulated game."""

    @property
    def name(self) -> str:
        return self.rules.name

    def points(self) -> NDArray[np.int_]:
        """Points in play in each hand."""
        return np.array([h.points for h in self.hands])

    def mean_points(self) -> Estimate:
        return mean_of(self.points(), unit="hands")

    def points_distribution(self) -> dict[int, Estimate]:
        """How often a hand had 0, 1, ... ``rules.total_points`` points in play."""
        counts = np.bincount(self.points(), minlength=self.rules.total_points + 1)
        n = len(self.hands)
        return {k: proportion(int(c), n, unit="hands") for k, c in enumerate(counts.tolist())}

    def made_rate(self) -> Estimate:
        """How often the bidding side took at least its bid."""
        return proportion(sum(h.made for h in self.hands), len(self.hands), unit="hands")

    def made_by_bid(self) -> dict[int, Estimate]:
        """For each winning bid that occurred, how often it was made."""
        by_bid: dict[int, list[bool]] = {}
        for h in self.hands:
            by_bid.setdefault(h.bid, []).append(h.made)
        return {b: proportion(sum(m), len(m), unit="hands") for b, m in sorted(by_bid.items())}

    def bid_shares(self) -> dict[int, Estimate]:
        """How often each bid was the winning bid."""
        n = len(self.hands)
        counts: dict[int, int] = {}
        for h in self.hands:
            counts[h.bid] = counts.get(h.bid, 0) + 1
        return {b: proportion(c, n, unit="hands") for b, c in sorted(counts.items())}

    def edges(self) -> NDArray[np.float64]:
        """Per hand (rows) and bidding position (columns): that seat's side's edge over the others."""
        return np.array([h.edges for h in self.hands], dtype=float)

    def seat_values(self) -> list[Estimate]:
        """Each bidding position's mean edge per hand, from the dealer's left to the dealer."""
        return [mean_of(column, unit="hands") for column in self.edges().T]

    def dealer_value(self) -> Estimate:
        """The dealer's side's mean score change minus the other sides', per hand."""
        return self.seat_values()[-1]

    def game_length(self) -> Estimate:
        """Hands per game, with its standard error."""
        return mean_of(self.lengths, unit="games")


def measure(
    rules: Ruleset | str,
    hands: int = 2000,
    games: int = 200,
    seed: int | str = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> VariantStats:
    """Simulate ``hands`` single hands (the deal rotating) and ``games`` whole games of one ruleset.

    Reproducible from ``seed`` and the sizes alone, whatever ``workers`` is.
    """
    return compare([rules], hands, games, seed, workers, progress)[0]


Work = tuple[int, Ruleset, int | str, int, int, bool]
"""One chunk of work: (ruleset number, ruleset, seed, chunk index, count, whole games?)."""


def compare(
    names: Iterable[str | Ruleset],
    hands: int = 2000,
    games: int = 200,
    seed: int | str = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> list[VariantStats]:
    """:func:`measure` each ruleset with the same sizes and seed, sharing one pool of
    ``workers`` processes; ``progress(done, total)`` counts hands and games over them all."""
    chosen = [ruleset(n) if isinstance(n, str) else n for n in names]
    if hands < 2 or games < 2:
        raise ValueError(f"simulate at least two hands and two games, not {hands} and {games}")
    work: list[Work] = []
    for k, rules in enumerate(chosen):
        work.extend((k, rules, seed, i, count, True) for i, count in chunked(games, GAME_CHUNK))
        work.extend((k, rules, seed, i, count, False) for i, count in chunked(hands, CHUNK))
    records: list[list[HandRecord]] = [[] for _ in chosen]
    lengths: list[list[int]] = [[] for _ in chosen]
    done = 0
    total = len(chosen) * (hands + games)
    # with rulesets enough to keep every process busy, each ruleset's chunks go to one process,
    # which then loads that ruleset's bidding tables and solves its game model alone
    together = len(work) // len(chosen) if len(chosen) >= max(2, 2 * workers) else 1
    for (k, *_, count, _whole), (part, part_lengths) in zip(
        work, parallel_map(_chunk, work, workers, together), strict=True
    ):
        records[k].extend(part)
        lengths[k].extend(part_lengths)
        done += count
        if progress is not None:
            progress(done, total)
    return [VariantStats(rules, seed, tuple(records[k]), tuple(lengths[k])) for k, rules in enumerate(chosen)]


def _chunk(work: Work) -> tuple[list[HandRecord], list[int]]:
    _, rules, seed, index, count, whole = work
    if whole:
        return [], _games(rules, seed, index, count)
    return _hands(rules, seed, index, count), []


def _play(hand: Hand, bot: RuleBasedPlayer) -> Hand:
    over = Phase.OVER
    while hand.phase is not over:
        hand.step(bot.code(hand))
    return hand


def _hands(rules: Ruleset, seed: int | str, index: int, count: int) -> list[HandRecord]:
    """``count`` played hands; a deal thrown in or void is dealt again by the same dealer."""
    rng = random.Random(f"compare:{seed}:{index}")
    bot = RuleBasedPlayer()
    out = []
    for k in range(count):
        for _ in range(MAX_HANDS):
            hand = _play(Hand.deal(rules, dealer_of(index * CHUNK + k, rules.players), rng), bot)
            if hand.redeal is None:
                break
        else:
            raise RuntimeError(f"{rules.name}: {MAX_HANDS:,} deals in a row were void")
        out.append(record(hand))
    return out


def _games(rules: Ruleset, seed: int | str, index: int, count: int) -> list[int]:
    bot = RuleBasedPlayer()
    out = []
    for k in range(count):
        game = Game(rules, seed=random.Random(f"compare-game:{seed}:{index * GAME_CHUNK + k}"))
        while True:
            _play(game.hand, bot)
            game.score_if_over()
            if game.is_over:
                break
            if len(game.history) >= MAX_HANDS:
                raise RuntimeError(f"a {rules.name} game did not end in {MAX_HANDS:,} hands")
            game.next_hand()
        out.append(len(game.history))
    return out


# -------------------------------------------------------------------- text


def rules_table(rules: Sequence[Ruleset]) -> str:
    """The rulesets' main parameters, one line each: who plays, the deal, the bids, the points,
    and how a hand goes (trump pitched or named, the exchange, what may be played)."""
    wide = max([16, *(len(r.name) for r in rules)])
    head = (
        f"{'ruleset':<{wide}} {'seats':>5} {'sides':>5} {'cards':>5} {'deck':>4} {'bids':>5} "
        f"{'points':>6} {'target':>6}  trump, exchange, play"
    )
    lines = [head]
    for r in rules:
        exchange = {"refill": "refill", "none": "no exchange", "discard-draw": "discard and draw"}
        how = ", ".join(
            (
                "pitched" if r.trump_choice == "first-lead" else "named",
                # a refill to nothing (no draw) is a discard down to the trump kept
                "keep trump" if r.exchange == "refill" and r.refill_to == 0 else exchange[r.exchange],
                "trump only" if r.play_rule == "trump-only" else "follow suit",
            )
        )
        bids = f"{r.min_bid}-{r.max_bid}" if r.auction else "none"
        lines.append(
            f"{r.name:<{wide}} {r.players:>5} {r.num_teams:>5} {r.hand_size:>5} {len(r.deck):>4} "
            f"{bids:>5} {r.total_points:>6} {r.target:>6}  {how}"
        )
    return "\n".join(lines)


def table(results: Sequence[VariantStats], level: float = LEVEL) -> str:
    """One line per ruleset: mean points in play, bids made, the dealer's edge, hands per game,
    each with its ``level`` interval (95%: the package's one convention). The means show
    ``± half`` their interval; the share of bids made, often near 100%, shows its Wilson bounds,
    as ``value ± 1.96·se`` there can pass 100%."""
    head = (
        f"{'ruleset':<16} {'points in play':>16} {'of':>3} {'bids made':>9} {'(interval)':<16}"
        f"{'dealer edge':>13} {'hands a game':>14}"
    )
    lines = [head]
    for s in results:
        p, m, d, g = s.mean_points(), s.made_rate(), s.dealer_value(), s.game_length()
        low, high = m.interval(level)
        made = f"({low:.0%} to {high:.0%})"
        lines.append(
            f"{s.name:<16} {p.value:>9.2f} ± {p.error_bar(level)[1]:<4.2f} {s.rules.total_points:>3} "
            f"{m.value:>9.1%} {made:<16}{d.value:>+6.2f} ± {d.error_bar(level)[1]:<4.2f} "
            f"{g.value:>7.1f} ± {g.error_bar(level)[1]:.1f}"
        )
    n_hands = {len(s.hands) for s in results}
    n_games = {len(s.lengths) for s in results}
    seeds = {str(s.seed) for s in results}
    lines.append(
        f"({'/'.join(f'{n:,}' for n in sorted(n_hands))} hands and "
        f"{'/'.join(f'{n:,}' for n in sorted(n_games))} games per ruleset, seed {', '.join(sorted(seeds))}; "
        f"{level:.0%} intervals, Wilson intervals for bids made; dealer edge in points a hand)"
    )
    return "\n".join(lines)


def common_deals(a: VariantStats, b: VariantStats) -> list[int]:
    """The hands (by number) that ``a`` and ``b`` played from the same cards and the same dealer.

    :func:`compare` seeds every ruleset's hands alike, so rulesets with the same deck, players
    and hand size are dealt the same cards, hand by hand: a comparison on common deals, where
    the luck of the cards is shared and cancels in each hand's difference.
    """
    return [k for k, (x, y) in enumerate(zip(a.hands, b.hands, strict=False)) if x.deal == y.deal]


def made_difference(a: VariantStats, b: VariantStats) -> Estimate:
    """How much more often ``a``'s bidder made the bid than ``b``'s, over their common deals:
    the paired difference (made under ``a`` minus made under ``b``, hand by hand) with its 95%
    interval, the right measure when both played the same cards."""
    both = common_deals(a, b)
    return paired_difference(
        [float(a.hands[k].made) for k in both], [float(b.hands[k].made) for k in both], unit="hands"
    )


def fewest_hands(rules: Ruleset) -> int:
    """The fewest hands a game can last when no single hand can win it outright: each hand
    scores at most ``total_points`` for a side, so reaching the target takes this many."""
    return 1 if rules.all_points_wins else math.ceil(rules.target / rules.total_points)


__all__ = [
    "HandRecord",
    "VariantStats",
    "common_deals",
    "compare",
    "fewest_hands",
    "made_difference",
    "measure",
    "record",
    "rules_table",
    "table",
]
