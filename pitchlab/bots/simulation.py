"""Whole hands played out by bots: the chances that need the play, not just the deal.

"If I bid with these nine cards and name spades, how often does my team take
five points?" has no closed form: it depends on the refill, the bury and every
card played. So deal the 45 cards I cannot see at random, make me the bidder
with my trump, let the bots play it out, and count. Each run is
reproducible: the hands are cut into fixed chunks, chunk ``i`` is dealt from
the seed ``"<seed>:<i>"``, so the answer depends on the seed and the number
of hands only, never on how many processes shared the work.

The bots here are the engine's own players, asked through their fast path
(:meth:`~pitchlab.bots.players.RuleBasedPlayer.code`), so a simulated hand is a
real hand: the same rules, the same choices the tutorial explains.
"""

from __future__ import annotations

import functools
import math
import multiprocessing
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Protocol, TypeVar

import numpy as np

from pitchlab.bots.players import BiddingStyle, RuleBasedPlayer
from pitchlab.engine.actions import Bid
from pitchlab.engine.cards import Card, Suit, parse_cards
from pitchlab.engine.errors import BadDeal
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.limits import MAX_CHANCE_HANDS
from pitchlab.engine.lookups import deal_positions
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_for, dealer_of, left_of
from pitchlab.engine.winning import winner_after
from pitchlab.odds.probability import best_count
from pitchlab.odds.stats import Estimate, mean_of, proportion

CHUNK = 250
"""Hands per chunk: the unit of seeding and of work handed to a process."""


Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each chunk, e.g. to move a progress bar."""


class FastPlayer(Protocol):
    """A player that can choose an action code straight from a hand (see :meth:`RuleBasedPlayer.code`)."""

    def code(self, hand: Hand) -> int: ...


@dataclass(frozen=True)
class Setup:
    """One question: this hand of nine, at this position in the bidding, bidding and naming this trump."""

    cards: tuple[Card, ...]
    trump: Suit
    position: int
    """0 (first to bid, the dealer's left) to 3 (the dealer)."""
    rules: Ruleset = TEN_POINT

    @property
    def dealer(self) -> int:
        """The simulations sit me at seat 0; the dealer is where that puts me at ``position``."""
        return dealer_for(0, self.position, self.rules.players)


def setup(
    cards: str | Sequence[Card], trump: Suit | str, position: int = 0, rules: Ruleset = TEN_POINT
) -> Setup:
    """Check a question once, with messages a learner can act on.

    ``cards`` may be card codes (``"AS KS 3S JC JK 9H 4D 7C 2C"``) or cards;
    ``trump`` a suit or its letter or symbol.
    """
    hand = tuple(parse_cards(cards) if isinstance(cards, str) else cards)
    if len(hand) != rules.hand_size:
        raise BadDeal(f"a {rules.name} hand has {rules.hand_size} cards, not {len(hand)}")
    for card in set(hand):
        if hand.count(card) > rules.deck.count(card):
            raise BadDeal(
                f"{card.code} appears {hand.count(card)} times; the deck holds {rules.deck.count(card)}"
            )
    if not 0 <= position < rules.players:
        raise BadDeal(
            f"position must be 0 (first to bid) to {rules.players - 1} (the dealer), not {position}"
        )
    suit = trump if isinstance(trump, Suit) else Suit.parse(trump)
    return Setup(hand, suit, position, rules)


# ----------------------------------------------------------------- one hand


def _order(s: Setup, rng: random.Random) -> list[int]:
    """A deck order that deals my cards to seat 0 and the rest at random."""
    mine, free, positions = _layout(s)
    rand = rng.random
    rest = iter(sorted(free, key=lambda _slot: rand()))
    given = iter(mine)
    return [next(given) if p in positions else next(rest) for p in range(len(s.rules.deck))]


@functools.cache
def _layout(s: Setup) -> tuple[tuple[int, ...], tuple[int, ...], frozenset[int]]:
    """My slots, the slots I cannot see, and the deck positions dealt to seat 0."""
    deck = s.rules.deck
    free = list(range(len(deck)))
    mine = []
    for card in s.cards:
        slot = next(x for x in free if deck[x] == card)
        free.remove(slot)
        mine.append(slot)
    return tuple(mine), tuple(free), frozenset(deal_positions(s.rules, s.dealer)[0])


def play_as_bidder(s: Setup, rng: random.Random, player: FastPlayer) -> tuple[int, ...]:
    """Deal the unseen cards, make seat 0 the bidder with ``s.trump``, play it out; points by team.

    The others pass and seat 0 bids whatever is legal (a bid's size does not
    change how the bots play), so only the cards decide the points.
    """
    hand = Hand.from_order(s.rules, s.dealer, _order(s, rng))
    while hand.phase is Phase.BID:
        codes = hand.legal_codes()
        hand.step(codes[-1] if hand.to_act == 0 else codes[0])
    hand.step(int(s.trump))
    over = Phase.OVER
    while hand.phase is not over:
        hand.step(player.code(hand))
    return tuple(hand.points_by_team())


# ------------------------------------------------------------------ answers


@dataclass(frozen=True)
class BidChances:
    """How the bidding team fares with one hand, one trump and one seat, from simulated hands."""

    setup: Setup
    seed: int | str
    points: tuple[int, ...]
    """The bidding team's points in each simulated hand, in chunk order."""
    against: tuple[int, ...]
    """The other team's points in the same hands."""

    @property
    def hands(self) -> int:
        return len(self.points)

    def histogram(self) -> list[int]:
        """How many hands the bidding team took 0, 1, ... all the points."""
        return np.bincount(self.points, minlength=self.setup.rules.total_points + 1).tolist()  # type: ignore[no-any-return]

    def chance(self, bid: int) -> Estimate:
        """The chance of making ``bid``: taking at least that many points."""
        return proportion(sum(1 for p in self.points if p >= bid), self.hands, unit="hands")

    def expected_change(self, bid: int) -> Estimate:
        """The bidding team's expected score change with this bid: its points when it
        makes the bid, minus the bid when it is set."""
        return mean_of(np.where(np.asarray(self.points) >= bid, self.points, -bid), unit="hands")

    def mean_points(self) -> Estimate:
        return mean_of(self.points, unit="hands")

    def mean_against(self) -> Estimate:
        """What the other team adds, made or set: the same whatever the bid."""
        return mean_of(self.against, unit="hands")

    def bids(self) -> range:
        rules = self.setup.rules
        return range(rules.min_bid, rules.max_bid + 1)

    def top_bid(self) -> int | None:
        """The highest bid that still gains points on average (``None``: none does).

        Once you hold the contract a lower bid is always worth more (a higher
        one only turns some made hands into sets), so this is not the bid to
        open with: it is the most the hand can afford when the table pushes
        the price up. Whether winning the contract beats letting the others
        have it is the ladder's question (:mod:`pitchlab.bots.ladder`).
        """
        gaining = [b for b in self.bids() if self.expected_change(b).value > 0]
        return max(gaining) if gaining else None

    def table(self) -> str:
        """One line per bid: the chance of making it and the expected score change."""
        lines = [f"{'bid':>3}  {'made (95% interval)':<27}  {'expected change':>17}"]
        for b in self.bids():
            chance, change = self.chance(b), self.expected_change(b)
            low, high = chance.interval()
            _, half = change.error_bar()
            made = f"{chance.value:>6.1%} ({low:.1%} to {high:.1%})"
            lines.append(f"{b:>3}  {made:<27}  {change.value:>+9.2f} ± {half:.2f}")
        lines.append(
            f"({self.hands:,} simulated hands, seed {self.seed}; 95% intervals, Wilson intervals for the chances)"
        )
        return "\n".join(lines)


def bid_chances(
    cards: str | Sequence[Card] | Setup,
    trump: Suit | str | None = None,
    position: int = 0,
    hands: int = 2000,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    player: FastPlayer | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> BidChances:
    """Play ``hands`` simulated hands with me as bidder; see :class:`BidChances`.

    ``workers`` > 1 shares the chunks among that many processes (worth it for
    tens of thousands of hands; a pool costs a fraction of a second to start).
    """
    if isinstance(cards, Setup):
        s = cards
    else:
        if trump is None:
            raise BadDeal("name the trump suit to simulate")
        s = setup(cards, trump, position, rules)
    if not 1 <= hands <= MAX_CHANCE_HANDS:
        raise BadDeal(f"simulate 1 to {MAX_CHANCE_HANDS:,} hands, not {hands:,}")
    bot = player or RuleBasedPlayer()
    chunks = [(s, seed, i, count, bot) for i, count in chunked(hands, CHUNK)]
    points: list[int] = []
    against: list[int] = []
    done = 0
    for part in parallel_map(_chunk, chunks, workers):
        for pts in part:
            team = s.rules.teams[0]
            points.append(pts[team])
            against.append(sum(pts) - pts[team])
        done += len(part)
        if progress is not None:
            progress(done, hands)
    return BidChances(s, seed, tuple(points), tuple(against))


def _chunk(args: tuple[Setup, int | str, int, int, FastPlayer]) -> list[tuple[int, ...]]:
    s, seed, index, count, bot = args
    rng = random.Random(f"{seed}:{index}")
    return [play_as_bidder(s, rng, bot) for _ in range(count)]


def chunked(total: int, size: int) -> list[tuple[int, int]]:
    """``(index, count)`` of each chunk of ``total`` items cut into chunks of ``size``: the
    unit of seeding, so an answer depends on the seed alone, never on how work was shared."""
    return [(i, min(size, total - i * size)) for i in range((total + size - 1) // size)]


T = TypeVar("T")
R = TypeVar("R")


def parallel_map(func: Callable[[T], R], items: Sequence[T], workers: int, together: int = 1) -> Iterator[R]:
    """``map`` in order, in this process or shared among ``workers`` processes.

    Processes come from a fork server, which forks a fresh single-threaded
    Python: safe inside a Jupyter kernel, whose own threads a plain fork
    would copy mid-flight. ``together`` consecutive items go to one process
    as one task: items that share a costly set-up (a ruleset's bidding tables
    and game model, loaded once per process) then pay for it in one process only.
    """
    if workers <= 1 or len(items) <= 1:
        yield from map(func, items)
        return
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(func, items, chunksize=max(1, together))


# ----------------------------------------------------------- two partnerships


@dataclass(frozen=True)
class Duel:
    """Two partnerships over the same deals, each deal played twice with the seats swapped.

    Swapping cancels most of the luck of the cards: whatever one side was
    dealt, the other side is dealt too. ``net`` holds, per deal, the first
    side's score change minus the second side's, averaged over the two plays;
    ``wins`` (games only) whether the first side won each game.
    """

    first: str
    second: str
    seed: int | str
    net: tuple[float, ...]
    wins: tuple[bool, ...] = ()
    points: tuple[float, ...] = ()
    """Games only: the first side's mean points taken per hand, per game pair."""

    def margin(self) -> Estimate:
        """The first side's mean lead per deal (per game for games), with its standard error."""
        return mean_of(self.net, unit="games" if self.wins else "deals")

    def win_rate(self) -> Estimate:
        return proportion(sum(self.wins), len(self.wins), unit="games")

    def points_per_hand(self) -> Estimate:
        """Games only: the points (of the ten) the first side takes in a hand, on average."""
        return mean_of(self.points, unit="games")


def _play(hand: Hand, players: Sequence[FastPlayer]) -> Hand:
    over = Phase.OVER
    while hand.phase is not over:
        hand.step(players[hand.to_act].code(hand))  # type: ignore[index]
    return hand


def _seats(first: FastPlayer, second: FastPlayer, rules: Ruleset, swap: bool) -> list[FastPlayer]:
    return [
        (second if swap else first) if rules.teams[s] == 0 else (first if swap else second)
        for s in range(rules.players)
    ]


def _duel_hands(args: tuple[FastPlayer, FastPlayer, Ruleset, int | str, int, int]) -> list[float]:
    first, second, rules, seed, index, count = args
    rng = random.Random(f"duel:{seed}:{index}")
    out = []
    for k in range(count):
        deal = Hand.deal(rules, dealer_of(index * CHUNK + k, rules.players), rng)
        total = 0
        for swap in (False, True):
            hand = _play(deal.copy(), _seats(first, second, rules, swap))
            change = hand.result().score_change
            mine = 1 if swap else 0
            total += 2 * change[mine] - sum(change)
        out.append(total / 2)
    return out


def duel_hands(
    first: FastPlayer,
    second: FastPlayer,
    deals: int,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    workers: int = 1,
    progress: Progress | None = None,
) -> Duel:
    """Single hands: how many points a hand ``first`` gains on ``second`` (see :class:`Duel`)."""
    chunks = [(first, second, rules, seed, i, count) for i, count in chunked(deals, CHUNK)]
    net: list[float] = []
    for part in parallel_map(_duel_hands, chunks, workers):
        net.extend(part)
        if progress is not None:
            progress(len(net), deals)
    return Duel(_name(first), _name(second), seed, tuple(net))


def _game(
    first: FastPlayer, second: FastPlayer, rules: Ruleset, seed: str, swap: bool
) -> tuple[int, bool, float]:
    """One game to the target: the first side's final margin, whether it won, and its mean
    points taken per hand."""
    rng = random.Random(seed)
    players = _seats(first, second, rules, swap)
    mine = 1 if swap else 0
    scores = [0] * rules.num_teams
    taken = 0
    dealer = 0
    for hands in range(1, 1001):
        hand = _play(Hand.deal(rules, dealer, rng, scores), players)
        if hand.redeal is not None:  # a void deal (thrown in, or junk): the same dealer deals again
            continue
        result = hand.result()
        taken += result.points[mine]
        for team, change in enumerate(result.score_change):
            scores[team] += change
        winner = winner_after(rules, result, scores)
        if winner is not None:
            return 2 * scores[mine] - sum(scores), winner == mine, taken / hands
        dealer = left_of(dealer, rules.players)
    raise RuntimeError("a game did not end in 1,000 hands")


def _duel_games(
    args: tuple[FastPlayer, FastPlayer, Ruleset, int | str, int, int],
) -> list[tuple[float, int, float]]:
    first, second, rules, seed, index, count = args
    out = []
    for k in range(count):
        name = f"game:{seed}:{index * GAME_CHUNK + k}"
        plays = [_game(first, second, rules, name, swap) for swap in (False, True)]
        out.append((sum(p[0] for p in plays) / 2, sum(p[1] for p in plays), sum(p[2] for p in plays) / 2))
    return out


GAME_CHUNK = 10
"""Games per chunk."""


def duel_games(
    first: FastPlayer,
    second: FastPlayer,
    games: int,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    workers: int = 1,
    progress: Progress | None = None,
) -> Duel:
    """Whole games to the target, each deal sequence played twice with the sides swapped.

    The i-th hand of both games is the same deal (one seeded generator deals
    them in turn), however differently the two games go.
    """
    chunks = [(first, second, rules, seed, i, count) for i, count in chunked(games, GAME_CHUNK)]
    net: list[float] = []
    wins: list[bool] = []
    points: list[float] = []
    for part in parallel_map(_duel_games, chunks, workers):
        for margin, won, taken in part:
            net.append(margin)
            wins.extend([True] * won + [False] * (2 - won))
            points.append(taken)
        if progress is not None:
            progress(len(net), games)
    return Duel(_name(first), _name(second), seed, tuple(net), tuple(wins), tuple(points))


def _name(player: FastPlayer) -> str:
    return str(getattr(player, "name", type(player).__name__))


# ------------------------------------------------------------ opening bids


@dataclass(frozen=True)
class OpeningBids:
    """What the rule-based bot bids first (no one has bid yet), by trump in its best suit.

    ``counts[k][b]`` is how many deals with ``k`` trump in the best suit the bot
    answered with bid ``b`` (0 is a pass).
    """

    deals: int
    seed: int
    counts: dict[int, dict[int, int]]

    def bids(self) -> list[int]:
        """Every bid value seen (0 for pass), in order."""
        return sorted({b for row in self.counts.values() for b in row})

    def mean_bid(self, k: int) -> float:
        """The mean bid among hands with ``k`` trump that did bid (nan if none did)."""
        row = self.counts.get(k, {})
        bidders = sum(n for b, n in row.items() if b)
        return sum(b * n for b, n in row.items()) / bidders if bidders else math.nan

    def share_bidding(self, k: int) -> float:
        """The fraction of hands with ``k`` trump that bid rather than pass (nan if none)."""
        row = self.counts.get(k, {})
        total = sum(row.values())
        return sum(n for b, n in row.items() if b) / total if total else math.nan

    def table(self) -> str:
        """The counts as plain text, one row per trump count."""
        bids = self.bids()
        head = "trump  hands  " + "  ".join(f"{'pass' if b == 0 else f'bid {b}':>6}" for b in bids)
        lines = [head]
        for k in sorted(self.counts):
            row = self.counts[k]
            cells = "  ".join(f"{row.get(b, 0):>6}" for b in bids)
            lines.append(f"{k:>5}  {sum(row.values()):>5}  {cells}")
        return "\n".join(lines)


def opening_bids(
    deals: int = 2000, seed: int = 1, rules: Ruleset = TEN_POINT, bidding: BiddingStyle = "ladder"
) -> OpeningBids:
    """Deal ``deals`` hands from ``seed`` and record the first bidder's bid against its best trump count.

    The first bidder (the dealer's left) hears no bid before its own, so its
    choice depends on its cards alone: a clean view of how trump drive a bid.
    The bot bids by the strength of the hand unless ``bidding`` says otherwise: bidding to
    win the game, ten-point's first seat bids 10 on nearly any hand (it keeps the bid from
    the other side), which shows nothing of how trump drive a bid.
    """
    rng = random.Random(seed)
    bot = RuleBasedPlayer(bidding=bidding)
    counts: dict[int, Counter[int]] = {}
    for _ in range(deals):
        hand = Hand.deal(rules, dealer=0, seed=rng)
        seat = hand.actor
        action = bot.decide(hand.view(seat)).action
        k = best_count(hand.hand_of(seat), rules)
        counts.setdefault(k, Counter())[action.value if isinstance(action, Bid) else 0] += 1
    return OpeningBids(deals, seed, {k: dict(sorted(row.items())) for k, row in sorted(counts.items())})
