"""Bidding that wins games: each answer judged by the chance of winning the game it leaves.

The ladder (:mod:`pitchlab.bots.ladder`) bids for points: the answer with the best
mean net score change in one hand. Points are not the goal. At 48-50 a sure 4
takes the game and a 7 set for -7 may lose it; at 0-0 a hand holding A K Q J
and a joker should bid high, because the hand is worth far more than 6 and a
higher bid keeps the contract. So for each legal answer (pass, or each bid)
:func:`choose` combines

* the distribution of this hand's outcome given that answer (which side ends
  up bidding, made or set, both sides' score changes, an instant win), read
  from tables of simulated trials, and
* the chance of winning the game from the scores each outcome leaves
  (:class:`pitchlab.bots.gamemodel.GameModel`),

and picks the answer with the best chance of winning the game.

The tables come from :func:`pitchlab.bots.derive.derive_tables`, like the ladder: deal, let the bots bid
up to a seat's turn, and there try *every* legal answer on the same cards,
playing the rest of the hand out with the rule-based bot (bidding by its
estimate, so the tables do not depend on themselves). Each trial is filed
under four keys from fine to coarse: the spot (seat position, high bid so
far, whether it is the partner's) with

1. the best suit's trump count, its top trump (the highest trump of all, the
   next, the third, lower), its jokers, whether it holds the three and the
   two (``f``);
2. the ladder's strength: trump count and points held (``m``);
3. the trump count alone (``c``);
4. nothing else (``s``).

A decision reads the finest key at which every answer was tried at least
:data:`MIN_TRIALS` times, so the answers are always compared on the same
hands. That settles the auction: who ends up with the contract after each
answer, and what happens when the others hold it. What my side takes when
it keeps the contract depends on the cards far more than on the spot, so
those hands are scored from a second, finer table pooled over every spot
(:func:`hand_keys_of`: the best suit's trump count, top trump, how many of
the five highest trump, jokers, the three and the two, and coarser groups):
the points hands of that kind took as bidder, made or set at the answer's bid.
The bid's size never changes the play, so one trial per turn (the top bid) fills it.

The finest group speaks best for the hand held but rests on the fewest trials,
and a quote read from few trials is most often high where it is high by chance:
the bot bids on such quotes, so they gather where the quotes are highest and
overstate them there (10,000 ten-point self-play games, seed 7: hands bid on a group
of fewer than 150 trials quoted a made bid 29.4% on average and made it 26.2%, while
the groups of 600 or more were within a point). So each group's share of points is
weighed against the next coarser group's (:meth:`BidTrials.pooled`), by its number of
trials against :data:`PRIOR`: a thin group leans on the broader one, a well-tried
group speaks for itself. In 6,000 games (seed 0) the worst made-rate decile gap fell
from 16.3 points to 4.2, the win chance's from 2.4 to 1.5.

The made-rate a bid's reason quotes ("hands like this made 8 when the bid won the
auction from this seat: 62%") is not read from those points. A hand's points as bidder
speak for it whoever else bids, but a bid is kept only when nobody after it outbids it, so
the hands it is kept with are a chosen lot: in 2,000 partnership self-play games (seeds 7
and 9) the 3-bids quoted 55.5% from those points were made 49.2% and 48.9% of the times they
won the auction, and in thirty-one (seed 0) the bids quoted 30-40% (35.8% on average) were
made 44.1% of the times they won it. So
the quote counts only bids that won the auction, in games of the bots bidding by these very
tables (:func:`pitchlab.bots.derive.count_won`, seeds of their own), filed by the bid, the
spot and the hand's keys (:func:`won_keys`) and weighed together from the spot to the
finest group like the points (:func:`shrink`). The bidding never reads these counts, so
they change no decision. That left (2,000 self-play games each, seeds 7, 8, 9 and 0)
thirty-one's worst made-rate decile gap at 2.0-5.0 points, but partnership's 50-60% decile
over-quoted (55.6% quoted, 47.6-50.5% made) and ten-point's 30-40% under-quoted at seed 7
(35.4%, made 44.9%): the quotes at the ends of a ruleset's range lean on coarser groups whose
hands are nearer the middle.

So that reading is never quoted as it is. It orders hands well (a hand read higher is made
more often), so a monotone map fitted on self-play games of their own
(:mod:`pitchlab.bots.isotonic`, ``scripts/fit_made_rate.py``: 3,000 games a ruleset, seed
``made-map``, which no measure uses) keeps the order and replaces the level: the quote is the
made-rate of the step of bids read alike (1,000 bids at least), said with its basis and its
Wilson 95% interval (:attr:`Choice.quoted`). A finer model of the hand would mend the reading
at its source, but the quote's only duty is to come true, and the map makes it so whatever
the reading's faults, measured on games it was not fitted on (``benchmarks/bots.py --json``,
2,000 games each, seeds 7, 8, 9 and 0): the worst made-rate decile gap fell from 9.5, 4.0, 3.6
and 5.0 points to 0.6, 2.2, 1.0 and 1.5 in ten-point, from 2.0, 5.0, 3.9 and 3.9 to 2.3, 2.8,
2.7 and 4.3 in thirty-one, and from 8.0, 5.8, 7.8 and 6.2 to 2.9, 1.2, 2.9 and 1.9 in
partnership. What is left is mostly the map's own noise (a step of 1,000 to 2,000 bids is
sure to a point or two): thirty-one's quotes of 30-60% came out 1 to 4 points under what was
made at every seed, partnership's 66% step 1 to 3 points over.

One actual hand per deal (every seat answering as the bot does) feeds the
game model. Readings: the pooled points are my own contract's (a partner's
overcall is scored as if it were mine), and a moon counts as made when it
takes every point.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from pitchlab.bots import claims as cl
from pitchlab.bots import gamemodel, shipped, trump_only_judgement
from pitchlab.bots.gamemodel import GameModel, Outcome, Outcomes
from pitchlab.bots.isotonic import MADE_MAP, MadeMap, Step, won_digest
from pitchlab.bots.ladder import strength_of
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_for, dealer_offset
from pitchlab.engine.winning import instant_kind, only_the_bidder_wins

MIN_TRIALS = 30
"""Trials of each answer a key needs before a decision trusts it."""
PRIOR = 30
"""The trials a coarser group of hands counts for when a finer group's points as bidder are
weighed against it (:meth:`BidTrials.pooled`): a group with :data:`MIN_TRIALS` trials of its own
speaks for half. Chosen on 6,000 ten-point self-play games (seed 0), where 100 leaned on the
coarser groups too far (the 20-30% made-rate decile quoted 4.4 points under what was made)."""
WON_PRIOR = 60
"""The bids a coarser group counts for when a made-rate is read from the bids that won the
auction (:meth:`BidTrials.made_when_won`). These groups are thinner than the trials (one bid per
decision kept, not one trial per answer tried), and in 2,000 thirty-one self-play games (seed 0)
a quote that leaned less on the coarser groups spoke for its group's luck: the worst made-rate
decile gap was 15.3 points with 10, 10.2 with 30 (the trials' :data:`PRIOR`), 3.9 with 60."""
LEVELS = ("f", "m", "c", "s")
"""The keys a trial is filed under, finest first (see the module docstring)."""
_JOKER_ROLES = ("JK", "JKH", "JKL")

Trials = dict[str, dict[int, Counter[Outcome]]]
"""Per key, per answer (0 passes, else the bid), the outcomes seen."""


# ----------------------------------------------------------------- the keys


@functools.cache
def _role_masks(rules: Ruleset, suit: int) -> tuple[int, int, int]:
    """Slot masks of the jokers, the three and the two (the lowest trump) with ``suit`` as trump."""
    from pitchlab.engine.cards import Suit
    from pitchlab.engine.lookups import card_slots

    slots = card_slots(rules)
    trump = rules.trump(Suit(suit))
    masks = [0, 0, 0]
    lowest = rules.trump_order[-1]
    for card, role in trump.roles.items():
        which = 0 if role in _JOKER_ROLES else 1 if role == "3" else 2 if role == lowest else -1
        if which >= 0:
            for slot in slots[card]:
                masks[which] |= 1 << slot
    return masks[0], masks[1], masks[2]


Features = tuple[int, int, int, int, int, int, int, int]
"""What the keys read of a hand (:func:`features_of`)."""


def features_of(rules: Ruleset, mask: int, best: trump_only_judgement.Rating) -> Features:
    """What the keys of a hand (:func:`keys_of`, :func:`hand_keys_of`) read of it, as small numbers:
    the best suit's trump count and points (the ladder's strength), its top trump (0 the
    highest of all, 1 the next, 2 the third, 3 lower), how many of the five and of the seven
    highest trump it holds, its jokers, and whether it holds the three and the two. A decision
    is remembered by these (:func:`choose`), and its keys are written from them only once.

    They depend on the best suit's trump and on which of its jokers, three and two are held
    alone, so they are remembered by these: the same short holdings come round at most bids."""
    jokers, three, two = _role_masks(rules, int(best.suit))
    memo = (rules, int(best.suit), best.trump, best.points_held, mask & (jokers | three | two))
    found = _FEATURES.get(memo)
    if found is None:
        found = _FEATURES[memo] = _features(rules, mask, best, jokers, three, two)
    return found


_FEATURES: dict[tuple[Ruleset, int, tuple[int, ...], int, int], Features] = {}
"""What :func:`features_of` found, by all it reads of a hand."""


def _features(
    rules: Ruleset, mask: int, best: trump_only_judgement.Rating, jokers: int, three: int, two: int
) -> Features:
    strength = strength_of(best)
    t = trump_only_judgement.suit_tables(rules, best.suit)
    power = t.power
    top = t.top - power[best.trump[0]] if best.trump else 3
    high = sum(1 for slot in best.trump if power[slot] > t.top - 5)
    higher = sum(1 for slot in best.trump if power[slot] > t.top - 7)
    return (
        strength.trump,
        strength.points,
        min(top, 3),
        high,
        higher,
        (mask & jokers).bit_count(),
        int(bool(mask & three)),
        int(bool(mask & two)),
    )


def keys_of(
    rules: Ruleset, mask: int, best: trump_only_judgement.Rating, position: int, high: int, partner_high: bool
) -> tuple[str, str, str, str]:
    """The four keys of a seat's turn, finest first (see the module docstring)."""
    return _keys(features_of(rules, mask, best), position, high, partner_high)


@functools.lru_cache(maxsize=65536)
def _keys(features: Features, position: int, high: int, partner_high: bool) -> tuple[str, str, str, str]:
    trump, points, top, _, _, jokers, three, two = features
    spot = f"{position}:{high}:{int(partner_high)}"
    return (
        f"f{spot}:{trump}:{top}:{jokers}:{three}:{two}",
        f"m{spot}:{trump}:{points}",
        f"c{spot}:{trump}",
        f"s{spot}",
    )


Pool = tuple[str, ...]
"""A hand's keys (:func:`hand_keys_of`), finest first: the groups its points as bidder are read from."""
POOL = -1
"""The answer code under which a hand key files the points my side took as bidder."""


def hand_keys_of(rules: Ruleset, mask: int, best: trump_only_judgement.Rating) -> tuple[str, str, str, str]:
    """The keys of a hand alone, for the points it takes as bidder, finest first: the best
    suit's trump count, top trump, how many of the five highest trump, jokers, the three and
    the two (``h``); trump count, how many of the five highest and jokers (``k``); trump
    count, how many of the seven highest and whether the top one (``q``: strong hands are
    rare, and this groups them by strength); the ladder's strength (``g``)."""
    return _hand_keys(features_of(rules, mask, best))


@functools.lru_cache(maxsize=4096)
def _hand_keys(features: Features) -> tuple[str, str, str, str]:
    trump, points, top, high, higher, jokers, three, two = features
    return (
        f"h{trump}:{top}:{high}:{jokers}:{three}:{two}",
        f"k{trump}:{high}:{jokers}",
        f"q{trump}:{higher}:{int(top == 0)}",
        f"g{trump}:{points}",
    )


def won_base(position: int, high: int, partner_high: bool, hand: Pool) -> Pool:
    """The groups a bid's made-rate is read from, finest first, before the bid is named (see
    :func:`won_keys`): the spot in the auction (seat position, high bid so far, whether it is the
    partner's) with each of the hand's keys (:func:`hand_keys_of`), then the spot alone."""
    spot = f"{position}:{high}:{int(partner_high)}"
    return (*(f"{spot}:{k}" for k in hand), spot)


def won_keys(base: Pool, bid: int) -> Pool:
    """The keys under which a bid of ``bid`` that won the auction files whether it was made,
    finest first: each of ``base`` (:func:`won_base`) with the bid (``w``).

    A bid is made more or less often when it wins the auction than the same hand would make
    it as bidder whatever the others held: it wins only when nobody after it outbids it, so
    the others' hands are not a random lot. So the made-rate a bot quotes is counted only over
    bids that won the auction, from the same spot (see the module docstring)."""
    return tuple(f"w{bid}:{k}" for k in base)


def describe_key(key: str) -> str:
    """A key in words, for a learner: ``f0:0:0:5:0:1:1:0`` -> seat, high bid, hand."""
    parts = key[1:].split(":")
    seat = ("first", "second", "third", "fourth", "fifth")[int(parts[0])]
    high = "no bid yet" if parts[1] == "0" else f"{'partner' if parts[2] == '1' else 'high'} bid {parts[1]}"
    words = [f"{seat} to speak, {high}"]
    if len(parts) > 3:
        words.append(f"{parts[3]}{'+' if parts[3] == '7' else ''} trump")
    if key[0] == "f":
        top = ("the top trump", "the second trump", "the third trump", "no top-three trump")[int(parts[4])]
        words.append(f"{top}, {parts[5]} joker(s)")
        words.append("the three" if parts[6] == "1" else "no three")
        words.append("the two" if parts[7] == "1" else "no two")
    return ", ".join(words)


# ------------------------------------------------------------------ the data


_K = TypeVar("_K")


def shrink(groups: Iterable[tuple[int, dict[_K, float]]], prior: int = PRIOR) -> dict[_K, float]:
    """Shares of nested groups of hands weighed together, the coarsest group first, each as
    ``(trials, shares)``: the first group with trials speaks alone, and each finer one's own
    shares then weigh ``n / (n + prior)`` against what the coarser groups gave, for ``n`` trials
    of its own (a group without trials adds nothing). This is the estimate that treats the
    coarser groups as what a finer group's hands are like before its own trials are counted:
    it keeps a group of few trials from quoting its luck (see the module docstring)."""
    found: dict[_K, float] = {}
    for n, shares in groups:
        if n <= 0 or not shares:
            continue
        weight = 1.0 if not found else n / (n + prior)
        found = {o: (1 - weight) * p for o, p in found.items()}
        for o, p in shares.items():
            found[o] = found.get(o, 0.0) + weight * p
    return found


_COLUMNS = tuple(f.name for f in dataclasses.fields(Outcomes))
"""The arrays of an :class:`Outcomes`, by name."""


@dataclass(frozen=True)
class Stack:
    """Several answers' outcome distributions end to end (see :meth:`BidTrials.stack`)."""

    outcomes: Outcomes
    starts: NDArray[np.intp]
    """Where each answer's outcomes begin."""
    chances: dict[tuple[int, int, int], list[float]] = field(default_factory=dict, compare=False)
    """My side's chance of winning the game after each answer, by the scores and the dealer offset
    they were judged at (see :func:`choose`): hands of other kinds read the same stack."""

    def judged(self, model: GameModel, us: int, them: int, offset: int) -> list[float]:
        """My side's chance of winning the game after each answer, from these scores (cached)."""
        found = self.chances.get((us, them, offset))
        if found is None:
            weighted = self.outcomes.p * model.after(self.outcomes, us, them, offset)
            found = self.chances[us, them, offset] = np.add.reduceat(weighted, self.starts).tolist()
        return found


@dataclass
class BidTrials:
    """One ruleset's trials and the hands its game model is solved from."""

    rules: Ruleset
    deals: int
    seed: int | str
    trials: Trials
    hands: list[Counter[Outcome]]
    """Outcomes of the actual hands, by dealer offset (see :mod:`pitchlab.bots.gamemodel`)."""
    self_play: int = 0
    """When not 0, :attr:`hands` come from this many games of the bots bidding by these
    tables (:func:`pitchlab.bots.derive.settle_model`), not from the deals at 0-0."""
    won: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per key (:func:`won_keys`), how many bids that won the auction were made, and how many
    there were, in :attr:`won_games` games of the bots bidding by these tables
    (:func:`pitchlab.bots.derive.count_won`)."""
    won_games: int = 0
    made_map: MadeMap | None = None
    """The recalibration of the made-rate read from :attr:`won` (:mod:`pitchlab.bots.isotonic`),
    checked against these rules and counts; without it no made-rate is quoted."""
    _dists: dict[tuple[str, int, Pool | None], Outcomes] = field(default_factory=dict, repr=False)
    _decided: dict[tuple[Any, ...], Choice | None] = field(default_factory=dict, repr=False)
    _counts: dict[tuple[str, int], int] = field(default_factory=dict, repr=False)
    _stacks: dict[tuple[str, Pool | None, tuple[int, ...]], Stack] = field(default_factory=dict, repr=False)
    _pooled: dict[Pool, dict[Outcome, float]] = field(default_factory=dict, repr=False)
    _as_bidder: dict[tuple[Pool, int], list[tuple[Outcome, list[float]]]] = field(
        default_factory=dict, repr=False
    )
    _lost_at: dict[tuple[str, int], tuple[list[tuple[Outcome, float]], float]] = field(
        default_factory=dict, repr=False
    )
    _made: dict[tuple[Pool, int], tuple[float, int] | None] = field(default_factory=dict, repr=False)

    @functools.cached_property
    def model(self) -> GameModel:
        return gamemodel.model_from_counts(self.rules, self.hands)

    def count(self, key: str, answer: int) -> int:
        """How many trials of ``answer`` ``key`` holds (each trial weighs one per opponent side:
        see :func:`pitchlab.bots.gamemodel.outcomes_of`)."""
        found = self._counts.get((key, answer))
        if found is None:
            total = sum(self.trials.get(key, {}).get(answer, Counter()).values())
            found = self._counts[key, answer] = total // (self.rules.num_teams - 1)
        return found

    def stack(self, key: str, pool: Pool | None, answers: tuple[int, ...]) -> Stack:
        """The distributions of several answers end to end, judged in one call (cached)."""
        found = self._stacks.get((key, pool, answers))
        if found is None:
            parts = [self.dist(key, a, pool) for a in answers]
            joined = Outcomes(*(np.concatenate([getattr(d, name) for d in parts]) for name in _COLUMNS))
            starts = np.array(list(itertools.accumulate([0] + [len(d) for d in parts[:-1]])))
            found = self._stacks[key, pool, answers] = Stack(joined, starts)
        return found

    def dist(self, key: str, answer: int, pool: Pool | None = None) -> Outcomes:
        """The outcome distribution of ``answer`` at ``key`` (cached: decisions reuse it).

        With a hand's keys ``pool`` (:func:`hand_keys_of`, finest first), the hands in which
        my side kept the contract are scored instead from the points this kind of hand took
        as bidder (:meth:`pooled`), at the bid ``answer``: the auction comes from the spot,
        the points from the cards.
        """
        if answer == 0:
            pool = None  # a pass is read from the spot alone: one distribution for every kind of hand
        found = self._dists.get((key, answer, pool))
        if found is None:
            if pool is None:
                found = Outcomes.of(self.trials[key][answer])
            else:
                # the outcomes where my side did not keep the contract sort before those where it
                # did (``ours`` leads an outcome), so each part comes sorted from its own cache
                lost, kept = self._lost(key, answer)
                made = self.as_bidder(pool, answer)
                weights = [n for _, n in lost]
                for _, shares in made:
                    weight = 0.0
                    for share in shares:  # summed in the pooled order
                        weight = weight + share * kept
                    weights.append(weight)
                found = Outcomes.of_sorted([o for o, _ in lost] + [o for o, _ in made], weights)
            self._dists[key, answer, pool] = found
        return found

    def _lost(self, key: str, answer: int) -> tuple[list[tuple[Outcome, float]], float]:
        """The outcomes of ``answer`` at ``key`` where my side did not keep the contract, sorted,
        with their shares, and the share of the trials where it did. Cached: every kind of hand
        reads them."""
        found = self._lost_at.get((key, answer))
        if found is None:
            seen = self.trials[key][answer]
            total = sum(seen.values())
            kept = sum(n for o, n in seen.items() if o.ours) / total
            found = self._lost_at[key, answer] = (
                sorted((o, n / total) for o, n in seen.items() if not o.ours),
                kept,
            )
        return found

    def as_bidder(self, pool: Pool, answer: int) -> list[tuple[Outcome, list[float]]]:
        """Each outcome a hand of these kinds had as bidder (:meth:`pooled`), scored at the bid
        ``answer``, sorted, with the shares that score so, in the pooled order. Cached: every
        spot reads them."""
        found = self._as_bidder.get((pool, answer))
        if found is None:
            rules = self.rules
            shares: dict[Outcome, list[float]] = {}
            for o, share in self.pooled(pool).items():
                shares.setdefault(gamemodel.as_bidder(rules, answer, o.us, o.them, o.race), []).append(share)
            found = self._as_bidder[pool, answer] = sorted(shares.items())
        return found

    def pooled(self, pool: Pool) -> dict[Outcome, float]:
        """The share of each outcome a hand of these kinds (its keys, finest first) had as
        bidder, its groups weighed together by :func:`shrink`. Cached."""
        found = self._pooled.get(pool)
        if found is None:
            groups = []
            for key in reversed(pool):
                seen = self.trials.get(key, {}).get(POOL)
                if seen:
                    total = sum(seen.values())
                    groups.append((self.count(key, POOL), {o: n / total for o, n in seen.items()}))
            found = shrink(groups)
            self._pooled[pool] = found
        return found

    def made_when_won(self, base: Pool, bid: int) -> tuple[float, int] | None:
        """How often a bid of ``bid`` from this spot with a hand like this one was made when it
        won the auction (its groups, :func:`won_keys`, from the spot alone to the finest hand
        key, weighed together by :func:`shrink`), and how many such bids from this spot it rests
        on; ``None`` where fewer than :data:`MIN_TRIALS` bids of ``bid`` won the auction from this
        spot. Cached."""
        memo = (base, bid)
        if memo in self._made:
            return self._made[memo]
        keys = won_keys(base, bid)
        spot = self.won.get(keys[-1], (0, 0))[1]
        found = None
        if spot >= MIN_TRIALS:
            groups = []
            for key in reversed(keys):
                made, n = self.won.get(key, (0, 0))
                groups.append((n, {True: made / n, False: 1 - made / n} if n else {}))
            found = (shrink(groups, WON_PRIOR)[True], spot)
        self._made[memo] = found
        return found

    def to_json(self) -> str:
        """Compact JSON: outcomes as ``[ours, made, us, them, lead, instant, third, count]`` rows,
        with the count-out order before the count (``..., third, race, count``) where there is one;
        the bids that won the auction (:attr:`won`) as ``key: [made, bids]``."""

        compact = functools.partial(json.dumps, separators=(",", ":"))
        lines = [self._head_and_hands()]
        if self.won:
            lines.append(',\n"won":' + compact({k: list(v) for k, v in sorted(self.won.items())}))
        lines.append(',\n"trials":{')
        body = [
            compact(key) + ":" + compact({str(a): _rows(c) for a, c in sorted(answers.items())})
            for key, answers in sorted(self.trials.items())
        ]
        return "".join(lines) + "\n" + ",\n".join(body) + "\n}}\n"

    def hands_json(self) -> str:
        """Compact JSON of :attr:`hands` alone, with the head of :meth:`to_json`: the file of
        hands dealt under ladder bidding (:data:`LADDER_HANDS`)."""
        return self._head_and_hands() + "}\n"

    def _head_and_hands(self) -> str:
        compact = functools.partial(json.dumps, separators=(",", ":"))
        head: dict[str, Any] = {"rules": self.rules.name, "deals": self.deals, "seed": self.seed}
        if self.self_play:
            head["self_play"] = self.self_play
        if self.won_games:
            head["won_games"] = self.won_games
        return compact(head)[:-1] + ',\n"hands":' + compact([_rows(c) for c in self.hands])

    @classmethod
    def from_json(cls, text: str, rules: Ruleset) -> BidTrials:
        data: dict[str, Any] = json.loads(text)
        trials = {
            key: {int(a): _counts(rows) for a, rows in answers.items()}
            for key, answers in data["trials"].items()
        }
        hands = [_counts(c) for c in data["hands"]]
        won = {k: (int(v[0]), int(v[1])) for k, v in data.get("won", {}).items()}
        return cls(
            rules,
            data["deals"],
            data["seed"],
            trials,
            hands,
            data.get("self_play", 0),
            won,
            data.get("won_games", 0),
        )


def _rows(counts: Counter[Outcome]) -> list[list[int]]:
    """Outcome counts as the data files keep them: ``[ours, made, us, them, lead, instant, third,
    count]`` rows, with the count-out order before the count where there is one."""
    return [[int(x) for x in (o if o.race else o[:-1])] + [n] for o, n in sorted(counts.items())]


def _counts(rows: list[list[int]]) -> Counter[Outcome]:
    """The outcome counts of :func:`_rows`, read back."""
    found: Counter[Outcome] = Counter()
    for r in rows:
        found[
            Outcome(bool(r[0]), bool(r[1]), r[2], r[3], r[4], r[5], bool(r[6]), r[7] if len(r) > 8 else 0)
        ] = r[-1]
    return found


BIDDING = shipped.Kind(
    "bidding", "bidding-{rules}", 1, "scripts/derive_bidding.py --rules {rules} --workers 2"
)
"""The shipped game-bidding tables, made by :func:`pitchlab.bots.derive.derive_tables` (then
settled and counted: see ``scripts/derive_bidding.py``): raise the code version when the bots
that play the trials out, the keys or the derivation change."""
LADDER_HANDS = shipped.Kind(
    "ladder-hands",
    "gamemodel-{rules}-ladder",
    1,
    "scripts/derive_bidding.py --rules {rules} --deals 20000 --seed 1 --workers 2 --ladder-hands",
)
"""The hands dealt at 0-0 under ladder bidding (:func:`ladder_hands`): kept apart so they never
move, so their code version is raised only when they are meant to be dealt again."""


@functools.cache
def shipped_tables(rules: Ruleset) -> BidTrials | None:
    """The tables shipped with pitchlab for a ruleset (by ``scripts/derive_bidding.py``) with
    their made-rate map, or ``None``; :class:`~pitchlab.engine.errors.StaleTable` for tables or a
    map made for other rules, by other code, or (the map) from other counted bids.

    Keyed on the rules, not the name: a house rule that changes any field of a preset gets
    ``None`` (the bots then bid as they do where no tables ship), never the preset's tables."""
    tables = _read_tables(rules)
    if tables is not None:
        tables.made_map = shipped_made_map(rules, tables.won)
    return tables


@functools.cache
def unmapped_tables(rules: Ruleset) -> BidTrials | None:
    """The shipped tables without their made-rate map: what a map is fitted on, so fitting
    one again never reads the map it replaces (see :func:`shipped_tables`)."""
    return _read_tables(rules)


def _read_tables(rules: Ruleset) -> BidTrials | None:
    text = shipped.read(BIDDING, rules)
    return None if text is None else BidTrials.from_json(text, rules)


def shipped_made_map(rules: Ruleset, won: dict[str, tuple[int, int]]) -> MadeMap | None:
    """The made-rate map shipped for a preset, or ``None`` where none ships;
    :class:`~pitchlab.engine.errors.StaleTable` where the one shipped was fitted on other rules
    or other counted bids (a quote it gave would speak for quotes these tables no longer make)."""
    text = shipped.read(MADE_MAP, rules, won_digest=won_digest(won))
    return None if text is None else MadeMap.from_json(text)


@functools.cache
def ladder_hands(rules: Ruleset) -> list[Counter[Outcome]] | None:
    """The outcomes of hands dealt at 0-0 with every seat bidding by the ladder (the strength of
    the hand), by dealer offset, or ``None`` where pitchlab keeps none (only ten-point ships them).

    The game bidding's own model is settled on the bots' games under that bidding (see
    :func:`pitchlab.bots.derive.settle_model`), so it describes a table that bids to win the
    game; these hands give the model of a table that bids by the strength of the hand, which
    lesson 07 teaches. They are the hands of the first ten-point tables
    (``scripts/derive_bidding.py``, 20,000 deals, seed 1), kept apart so they never move."""
    text = shipped.read(LADDER_HANDS, rules)
    return None if text is None else [_counts(c) for c in json.loads(text)["hands"]]


def prune(tables: BidTrials, keep: int = MIN_TRIALS) -> BidTrials:
    """Drop the keys no decision can use (some answer tried fewer than ``keep`` times):
    the shipped file stays small and says exactly what decisions read."""
    trials = {
        key: answers
        for key, answers in tables.trials.items()
        if key[0] == "s" or min(tables.count(key, a) for a in answers) >= keep
    }
    return BidTrials(
        tables.rules,
        tables.deals,
        tables.seed,
        trials,
        tables.hands,
        tables.self_play,
        tables.won,
        tables.won_games,
        tables.made_map,
    )


@functools.cache
def shipped_model(rules: Ruleset) -> GameModel | None:
    """The game model of a ruleset from the hands shipped with pitchlab, or ``None`` without data."""
    tables = shipped_tables(rules)
    return None if tables is None else tables.model


# ------------------------------------------------------------------ deciding


@dataclass(frozen=True)
class Choice:
    """An answer and the game-winning chances it was chosen on."""

    answer: int
    """0 passes, else the bid."""
    chances: dict[int, float]
    """My side's chance of winning the game after each answer tried."""
    made: dict[int, float]
    """For each bid, how often it was made when it won the auction from this spot with a hand
    like this one (:meth:`BidTrials.made_when_won`), where the tables say: the raw reading, never
    quoted as it is (see :attr:`quoted`)."""
    key: str
    trials: int
    wins_if_made: bool
    """Whether the chosen bid, made, ends the game in my side's favour."""
    won: Pool = ()
    """This spot and hand's groups for counting bids that won the auction (:func:`won_base`)."""
    made_from: dict[int, int] = field(default_factory=dict)
    """For each bid in :attr:`made`, how many bids that won the auction from this spot it rests on."""
    quoted: dict[int, Step] = field(default_factory=dict)
    """For each bid in :attr:`made`, where the tables carry a made-rate map, the map's step its
    raw reading falls in: the bids rated alike in games of their own and how many were made.
    This is the made-rate a reason quotes."""


def choose(
    tables: BidTrials,
    mask: int,
    best: trump_only_judgement.Rating,
    legal: Sequence[int],
    high_bid: int,
    partner_high: bool,
    position: int,
    us: int,
    them: int,
) -> Choice | None:
    """The answer with the best chance of winning the game, or ``None`` without enough data.

    ``us`` and ``them`` are my side's score and the best opponent's;
    ``position`` 0 is the first to speak.
    """
    rules = tables.rules
    model = tables.model
    # the keys are written from the features alone, so a decision is remembered by them
    features = features_of(rules, mask, best)
    answers = tuple(a for a in legal if a >= 0)
    memo = (features, high_bid, partner_high, answers, model.clamp(us), model.clamp(them), position)
    try:
        return tables._decided[memo]  # one look-up where it is known (``None``: no data)
    except KeyError:
        pass
    keys = _keys(features, position, high_bid, partner_high)
    hand_keys = _hand_keys(features)
    # some group of hands like this one must have been tried enough to say what it takes
    pool = hand_keys if any(tables.count(k, POOL) >= MIN_TRIALS for k in hand_keys) else None
    coarse = [a for a in answers if tables.count(keys[-1], a) >= MIN_TRIALS]
    # the spot-only key says which answers have data, never which is best: it ignores the cards
    key = next(
        (k for k in keys[:-1] if coarse and all(tables.count(k, a) >= MIN_TRIALS for a in coarse)), None
    )
    found: Choice | None = None
    if key is not None:
        offset = dealer_offset(0, dealer_for(0, position, rules.players), rules.players)
        judged = tables.stack(key, pool, tuple(coarse)).judged(model, us, them, offset)
        chances = dict(zip(coarse, judged, strict=True))
        answer = max(coarse, key=lambda a: (round(chances[a], 9), -a))
        wins = bool(answer) and _wins_if_made(rules, answer, us, them)
        won = won_base(position, high_bid, partner_high, hand_keys)
        rates = {a: r for a in coarse if a and (r := tables.made_when_won(won, a)) is not None}
        made = {a: r[0] for a, r in rates.items()}
        recalibrate = tables.made_map
        found = Choice(
            answer,
            chances,
            made,
            key,
            tables.count(key, answer),
            wins,
            won,
            {a: r[1] for a, r in rates.items()},
            {} if recalibrate is None else {a: recalibrate.step(r) for a, r in made.items()},
        )
    tables._decided[memo] = found
    return found


@functools.lru_cache(maxsize=4096)
def _wins_if_made(rules: Ruleset, bid: int, us: int, them: int) -> bool:
    """Whether ``bid``, made, wins the game from these scores: by the target, or at once where
    the least a made ``bid`` takes (``bid`` points; every point for a moon) already wins it, as a
    made moon does or a made 10 in ten-point. The outcome is the game model's own
    (:func:`~pitchlab.bots.gamemodel.as_bidder`), the other side scoring nothing.
    Remembered: a few bids and scores come round at every decision worked out."""
    least = rules.total_points if bid == rules.moon_bid else bid
    done, value = gamemodel.judge(rules, gamemodel.as_bidder(rules, bid, least, 0), us, them)
    return bool(done) and float(value) == 1.0


def keeps_the_bid(rules: Ruleset, bid: int, us: int) -> bool:
    """Whether bidding ``bid`` keeps the contract from the other side for good, and a made
    ``bid`` wins at once: the top bid, with no moon above it and no dealer taking it at the same
    bid, under rules where only the bidding side can win and a made top bid (every point)
    ends the game (from my side's score ``us`` where a side in the hole cannot win that way).

    This is why blocking can pay: the other side may be one made bid from the target, and
    after the top bid it gets no bid at all (ten-point's first seat bids 10 on nearly any hand
    at a table bidding to win the game)."""
    if bid != rules.max_bid or rules.moon_bid is not None or rules.dealer_may_match:
        return False
    if not only_the_bidder_wins(rules):
        return False
    instant = instant_kind(rules, bid, True, bid)
    return instant == 1 or (instant == 2 and us >= 0)


def claims_of(choice: Choice, us: int, them: int, rules: Ruleset) -> tuple[cl.Claim, ...]:
    """What the choice rests on, as checkable claims: that it keeps the bid from the other
    side (the top bid, where only the bidding side can win), the win it secures if made, and
    the chances it was chosen on, each said with what it is and where it comes from."""
    word = {0: "pass"}.get(choice.answer, f"bid {choice.answer}")
    basis = f"{choice.trials} simulated hands like this, each game then played on from the score now, us {us} and them {them}"
    found: list[cl.Claim] = []
    if keeps_the_bid(rules, choice.answer, us):
        found.append(cl.TopBidKeeps(choice.answer))
    moon = choice.answer == rules.moon_bid
    if choice.wins_if_made and not moon and us + choice.answer >= rules.target:
        found.append(cl.BidWinsGame(choice.answer, us, rules.target))
    mine = 100 * choice.chances[choice.answer]
    found.append(cl.Estimate(f"our chance of winning the game if I {word}", mine, "percent", basis))
    others = {a: c for a, c in choice.chances.items() if a != choice.answer}
    if others:
        alt = 0 if 0 in others else max(others, key=lambda a: others[a])
        alt_word = "pass" if alt == 0 else f"bid {alt}"
        found.append(cl.Estimate(f"our chance if I {alt_word} instead", 100 * others[alt], "percent", basis))
    step = choice.quoted.get(choice.answer)
    if step is not None:
        low, high = step.interval()
        found.append(
            cl.Estimate(
                f"the chance this bid of {choice.answer} is made if it wins the auction",
                100 * step.rate,
                "percent",
                f"{step.count:,} winning bids the bots rated alike in simulated games of their own",
                (100 * low, 100 * high),
            )
        )
    return tuple(found)


def game_choice(
    rules: Ruleset,
    mask: int,
    best: trump_only_judgement.Rating,
    legal: Sequence[int],
    high_bid: int,
    partner_high: bool,
    position: int,
    scores: Sequence[int],
    team: int,
    tables: BidTrials | None = None,
) -> tuple[Choice, int, int] | None:
    """The game-winning choice with my side's score and the best opponent's, or ``None`` where
    pitchlab ships no tables for the ruleset or they are too thin here. ``tables`` (of these
    rules) replaces the shipped ones."""
    if tables is None or tables.rules != rules:
        tables = shipped_tables(rules)
    if tables is None:
        return None
    us, them = split_scores(scores, team)
    choice = choose(tables, mask, best, legal, high_bid, partner_high, position, us, them)
    return None if choice is None else (choice, us, them)


def split_scores(scores: Sequence[int], team: int) -> tuple[int, int]:
    """My side's score and the best opponent's (zero when no scores are known)."""
    if not scores:
        return 0, 0
    return scores[team], max(s for t, s in enumerate(scores) if t != team)


@functools.cache
def ladder_model(rules: Ruleset) -> GameModel | None:
    """The game model of a table bidding by the strength of the hand (solved from
    :func:`ladder_hands`), or ``None`` where pitchlab keeps no such hands."""
    hands = ladder_hands(rules)
    return None if hands is None else gamemodel.model_from_counts(rules, hands)


def model_for(rules: Ruleset, style: str) -> GameModel | None:
    """The game model of a table whose bots bid in ``style``: bidding to win the game
    (``"game"``) is the shipped tables' own settled model; any other style the ladder's."""
    return shipped_model(rules) if style == "game" else ladder_model(rules)
