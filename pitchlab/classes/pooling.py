"""What a class's rows add up to: the numbers behind the teacher's live figures.

Each student's experiment is small on purpose. Twenty hands say little about the
chance of holding three trump; thirty students' twenty hands, pooled, say a lot,
and the scatter of the thirty small samples around the exact answer is the
standard error made visible. This module turns the store's
:class:`~pitchlab.classes.store.Row` objects into those summaries, one per
experiment, and nothing else: no widgets, no database, so a test can hand it rows
worked out on paper and the teacher's page only has to draw what it returns.

* :func:`trump_count`: the class's pooled counts against lesson 01's exact
  distribution, with each student's own small-sample shares beside them;
* :func:`monte_carlo`: each student as one replicate of lesson 05's estimate,
  the spread of their estimates against the standard error the exact chance
  predicts, and the pooled estimate's Wilson 95% interval after 1, 2, ..., n
  students (it narrows as the class arrives);
* :func:`poll_tallies`: the votes of each prediction poll;
* :func:`review_table`: the app's post-hand reviews, per student and per hand: points
  lost judged on what the student could see, on the cards and on the bids and trump
  choice, then points given away with every card known (hindsight);
* :func:`problem_set_lines`: a problem set's attempts, per problem: students who tried it,
  solved it at the first try and in the end, and the wrong first answers most chosen; every
  attempt judged again from the problem, so a row that claims a solve is left out unless its
  answer makes one;
* :func:`verify` and :func:`why_not`: a row dealt again from its student's seed, to
  check that it is what the student's kernel computed; :func:`verified` keeps the rows
  that are and lists the others with the reason, so that only checked rows are pooled
  (one forged row moved a class's spread of estimates from 3.4 to 12.4 points).

Rows are taken in the order they arrived (the store's order breaks ties), so "after k
students" means the first k to submit, as the teacher saw them arrive.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pitchlab.classes import experiments, names, payloads, problem_sets
from pitchlab.classes.payloads import DEALS, HAND_CARDS, MONTE_CARLO, REVIEW, TRUMP_COUNT, Poll
from pitchlab.classes.store import Row
from pitchlab.odds.stats import Estimate, binomial_se, proportion

MONTE_CARLO_AT_LEAST = experiments.AT_LEAST
"""Lesson 05's question: at least this many trump of a named suit in a nine-card hand."""


def exact_trump_counts() -> tuple[Fraction, ...]:
    """Lesson 01's exact chances of 0, 1, ..., 9 trump of a named suit in a nine-card hand
    (16 trump among 54 cards), the student side's reference: what the pooled counts close in on."""
    named = experiments.trump_count_exact()
    return tuple(named.get(k, Fraction(0)) for k in range(HAND_CARDS + 1))


def exact_monte_carlo() -> Fraction:
    """Lesson 05's exact chance (the student side's reference), the truth every student's
    estimate scatters around."""
    return experiments.monte_carlo_exact()


def arrival(rows: Iterable[Row], experiment: str | None = None) -> list[Row]:
    """``rows`` (of ``experiment`` alone, if given) in the order they arrived."""
    chosen = [r for r in rows if experiment is None or r.experiment == experiment]
    return sorted(chosen, key=lambda r: r.at)  # stable: the store's order breaks ties


def label(row: Row) -> str:
    """Who a row is from, as the teacher reads it: the nickname, and the slot when there is one."""
    return row.nickname if not row.slot else f"{row.nickname} ({row.slot})"


# ------------------------------------------------------------------ lesson 01: the trump count


@dataclass(frozen=True)
class TrumpCountPool:
    """The class's trump counts: ``counts[k]`` hands held ``k`` trump, over all students' hands."""

    counts: tuple[int, ...]
    exact: tuple[Fraction, ...]
    students: tuple[tuple[str, tuple[int, ...]], ...]
    """Each row's own counts, labelled (:func:`label`), in arrival order."""

    @property
    def hands(self) -> int:
        return sum(self.counts)

    def shares(self) -> tuple[float, ...]:
        """The pooled share of hands with each count (0 to 1); all zero before anyone submits."""
        return tuple(c / self.hands if self.hands else 0.0 for c in self.counts)

    def estimates(self) -> dict[int, Estimate]:
        """Each count's pooled share as an estimate, whose interval is Wilson's 95%; empty
        before any hand is in."""
        if not self.hands:
            return {}
        return {k: proportion(c, self.hands, unit="hands") for k, c in enumerate(self.counts)}

    def own_shares(self) -> list[tuple[str, tuple[float, ...]]]:
        """Each student's shares from their own hands: the small samples that scatter."""
        return [(who, tuple(c / max(1, sum(cs)) for c in cs)) for who, cs in self.students]

    def farthest(self) -> float:
        """How far (in share, 0 to 1) the pooled shares stray from the exact chances at most."""
        if not self.hands:
            return 0.0
        return max(abs(s - float(e)) for s, e in zip(self.shares(), self.exact, strict=True))


def trump_count(rows: Iterable[Row]) -> TrumpCountPool:
    """Pool the class's trump-count rows: sum each count over every student's hands."""
    mine = arrival(rows, TRUMP_COUNT)
    own = tuple((label(r), tuple(int(c) for c in r.payload["counts"])) for r in mine)
    counts = tuple(sum(cs[k] for _, cs in own) for k in range(HAND_CARDS + 1))
    return TrumpCountPool(counts, exact_trump_counts(), own)


# ------------------------------------------------------------------ lesson 05: students as replicates


@dataclass(frozen=True)
class Replicate:
    """One student's Monte Carlo estimate: ``hits`` of ``deals`` deals held the event."""

    who: str
    hits: int
    deals: int

    @property
    def share(self) -> float:
        return self.hits / self.deals


@dataclass(frozen=True)
class MonteCarloPool:
    """The class's Monte Carlo replicates, in arrival order, and the exact chance they estimate."""

    replicates: tuple[Replicate, ...]
    exact: Fraction

    @property
    def students(self) -> int:
        return len(self.replicates)

    def standard_error(self, deals: int = DEALS) -> float:
        """``sqrt(p(1-p)/deals)`` at the exact ``p``: how far one student's estimate typically strays."""
        return binomial_se(float(self.exact), float(deals))

    def spread(self) -> float | None:
        """The standard deviation of the students' estimates (``n - 1`` in the divisor): the
        standard error as the class measured it. ``None`` with fewer than two students."""
        if self.students < 2:
            return None
        return statistics.stdev(r.share for r in self.replicates)

    def spread_range(
        self, level: float = 0.95, classes: int = 20_000, seed: int = 0
    ) -> tuple[float, float] | None:
        """Where a class of this size's :meth:`spread` falls ``level`` of the time when every
        student deals fairly: the middle of the spreads of ``classes`` seeded classes, each
        student's hits a binomial draw of :data:`DEALS` deals at the exact chance. A spread is
        itself an estimate (30 students, about 3.2 to 5.4 points around a standard error of 4.3),
        so a class's spread is read against this range, not against the standard error alone.
        ``None`` with fewer than two students."""
        if self.students < 2:
            return None
        rng = np.random.default_rng(seed)
        shares = rng.binomial(DEALS, float(self.exact), size=(classes, self.students)) / DEALS
        spreads = shares.std(axis=1, ddof=1)
        tail = (1 - level) / 2
        low, high = np.quantile(spreads, [tail, 1 - tail])
        return float(low), float(high)

    def running(self) -> list[Estimate]:
        """The pooled estimate after the first 1, 2, ..., n students: all their hits over all
        their deals, each with its Wilson 95% interval, which narrows as students arrive."""
        out: list[Estimate] = []
        hits = deals = 0
        for r in self.replicates:
            hits += r.hits
            deals += r.deals
            out.append(proportion(hits, deals))
        return out

    def pooled(self) -> Estimate | None:
        """The whole class's estimate (the last of :meth:`running`), or ``None`` before anyone."""
        running = self.running()
        return running[-1] if running else None

    def inside(self, z: float = 1.96) -> int:
        """How many students' estimates lie within ``z`` standard errors of the exact chance:
        about 95 in 100 for ``z = 1.96`` once a class is large."""
        se = self.standard_error()
        return sum(abs(r.share - float(self.exact)) <= z * se for r in self.replicates)


def monte_carlo(rows: Iterable[Row], exact: Fraction | None = None) -> MonteCarloPool:
    """The class's Monte Carlo rows as replicates (``exact``: lesson 05's chance unless given)."""
    reps = tuple(
        Replicate(label(r), int(r.payload["hits"]), int(r.payload["deals"]))
        for r in arrival(rows, MONTE_CARLO)
    )
    return MonteCarloPool(reps, exact_monte_carlo() if exact is None else exact)


# ------------------------------------------------------------------ polls


@dataclass(frozen=True)
class PollTally:
    """One poll's votes: ``counts[i]`` students chose option ``i``."""

    experiment: str
    question: str
    options: tuple[str, ...]
    counts: tuple[int, ...]
    right: int | None
    """The right option's index, or ``None`` for a poll no longer in the registry."""

    @property
    def votes(self) -> int:
        return sum(self.counts)


def poll_tallies(rows: Iterable[Row], polls: Mapping[str, Poll] | None = None) -> list[PollTally]:
    """Every poll with at least one vote, in the registry's order, then any unknown ones by name."""
    registry = payloads.POLLS if polls is None else polls
    votes: dict[str, Counter[int]] = {}
    for r in rows:
        if r.experiment.startswith(payloads.POLL_PREFIX):
            votes.setdefault(r.experiment, Counter())[int(r.payload["choice"])] += 1
    known = {payloads.poll_name(p.id): p for p in registry.values()}
    order = [e for e in known if e in votes] + sorted(e for e in votes if e not in known)
    out = []
    for name in order:
        poll = known.get(name)
        if poll is not None:
            options, question, right = poll.options, poll.question, poll.right
        else:  # a poll taken out of the registry keeps its votes, numbered
            width = max(votes[name]) + 1
            options, question, right = tuple(f"option {i + 1}" for i in range(width)), name, None
        out.append(
            PollTally(name, question, options, tuple(votes[name][i] for i in range(len(options))), right)
        )
    return out


# ------------------------------------------------------------------ the app's reviews


@dataclass(frozen=True)
class ReviewLine:
    """One student's reviewed hands: points given away with every card known (hindsight), in all
    and per hand, and first on the page, the points lost judged on what the student could see,
    over the hands whose rows carry that measure (rows sent before it existed do not); the same
    for the student's bids and trump choice, over the hands whose rows carry it."""

    nickname: str
    hands: int
    given_away: int
    decisions: int
    perfect: int
    lost: float = 0.0
    """Points lost by what the student knew, over :attr:`knew_hands` hands."""
    knew_hands: int = 0
    best: int = 0
    """Cards that were the best choice by what the student knew, over those hands."""
    choice_hands: int = 0
    """Hands whose rows carry the review of the student's bids and trump choice."""
    choices: int = 0
    """Bids and trump choices reviewed over those hands."""
    choices_best: int = 0
    """Of those, choices among the best by what the student knew."""
    choices_lost: float = 0.0
    """Expected points lost on them, by what the student knew."""

    @property
    def per_hand(self) -> float:
        """Hindsight: points given away per hand."""
        return self.given_away / self.hands

    @property
    def lost_per_hand(self) -> float | None:
        """Points lost per hand by what the student knew, ``None`` with no such row."""
        return self.lost / self.knew_hands if self.knew_hands else None

    @property
    def choices_lost_per_hand(self) -> float | None:
        """Points lost on bids and trump per hand by what the student knew, ``None`` with no such row."""
        return self.choices_lost / self.choice_hands if self.choice_hands else None

    @property
    def perfect_share(self) -> float | None:
        """The share of decisions that matched perfect play, ``None`` with no decisions."""
        return self.perfect / self.decisions if self.decisions else None


def review_table(rows: Iterable[Row]) -> list[ReviewLine]:
    """One line per student who shared reviews, by nickname (a class table, not a ranking),
    each hand counted once (the store keeps one row per hand's slot)."""
    by: dict[str, list[Row]] = {}
    for r in arrival(rows, REVIEW):
        by.setdefault(r.nickname, []).append(r)
    lines = []
    for name, mine in by.items():
        knew = [r for r in mine if "lost_hundredths" in r.payload]
        chose = [r for r in mine if "choices" in r.payload]
        lines.append(
            ReviewLine(
                name,
                len(mine),
                sum(int(r.payload["given_away"]) for r in mine),
                sum(int(r.payload["decisions"]) for r in mine),
                sum(int(r.payload["perfect"]) for r in mine),
                sum(int(r.payload["lost_hundredths"]) for r in knew) / 100,
                len(knew),
                sum(int(r.payload["best"]) for r in knew),
                len(chose),
                sum(int(r.payload["choices"]) for r in chose),
                sum(int(r.payload["choices_best"]) for r in chose),
                sum(int(r.payload["choices_lost_hundredths"]) for r in chose) / 100,
            )
        )
    return sorted(lines, key=lambda line: names.fold(line.nickname))


def review_total(lines: Sequence[ReviewLine]) -> ReviewLine | None:
    """The class's line: every reviewed hand together (``None`` before any)."""
    if not lines:
        return None
    return ReviewLine(
        "the class",
        sum(x.hands for x in lines),
        sum(x.given_away for x in lines),
        sum(x.decisions for x in lines),
        sum(x.perfect for x in lines),
        sum(x.lost for x in lines),
        sum(x.knew_hands for x in lines),
        sum(x.best for x in lines),
        sum(x.choice_hands for x in lines),
        sum(x.choices for x in lines),
        sum(x.choices_best for x in lines),
        sum(x.choices_lost for x in lines),
    )


# ------------------------------------------------------------------ who has submitted


def submitted(rows: Iterable[Row]) -> dict[str, list[str]]:
    """Each experiment's nicknames, in arrival order, each once."""
    out: dict[str, list[str]] = {}
    for r in arrival(rows):
        names = out.setdefault(r.experiment, [])
        if r.nickname not in names:
            names.append(r.nickname)
    return out


# ------------------------------------------------------------------ checking a row


Recompute = Callable[[str, int], Mapping[str, Any]]
"""``(experiment, seed) -> payload``: a dealt experiment computed again from its seed."""

DEALT = (TRUMP_COUNT, MONTE_CARLO)
"""The experiments a teacher can deal again: a poll's vote and a hand's review are choices,
not deals, so there is nothing to recompute for them."""


NOT_ITS_SEED = "its seed is not the one the class server gave this student"
NOT_ITS_DEAL = "its numbers are not what its seed deals"


def why_not(row: Row, recompute: Recompute | None = None) -> str | None:
    """Why ``row`` is not what its student's kernel computes (``None``: it is). The payload's
    seed must be the student's own (:meth:`~pitchlab.classes.store.Row.seed`: from the secret the
    store drew when they joined), and dealing from that seed again must give the same numbers.
    ``ValueError`` for an experiment that deals nothing (:data:`DEALT`)."""
    if row.experiment not in DEALT:
        raise ValueError(f"a {row.experiment} row is a choice, not a deal: there is nothing to deal again")
    seed = row.seed()
    if row.payload.get("seed") != seed:
        return NOT_ITS_SEED
    dealt = (recompute or _recompute)(row.experiment, seed)
    return None if dict(dealt) == dict(row.payload) else NOT_ITS_DEAL


def verify(row: Row, recompute: Recompute | None = None) -> bool:
    """Whether ``row`` is what its student's kernel computes (see :func:`why_not`)."""
    return why_not(row, recompute) is None


@dataclass(frozen=True)
class Excluded:
    """A row left out of the class's figures, and why (:func:`why_not`)."""

    row: Row
    why: str


def verified(
    rows: Iterable[Row], check: Callable[[Row], str | None] = why_not
) -> tuple[list[Row], list[Excluded]]:
    """The rows that deal again to themselves, in their order, and the others with the reason.
    Only the first are pooled: a row the store holds but its student's seed does not deal (one
    written into the database by other means) must not move the class's figures. ``check`` is
    :func:`why_not`, or a caching wrapper of it (the teacher's page checks each row once)."""
    kept: list[Row] = []
    left: list[Excluded] = []
    for row in rows:
        why = check(row)
        if why is None:
            kept.append(row)
        else:
            left.append(Excluded(row, why))
    return kept, left


# ------------------------------------------------------------------ a problem set


Judge = Callable[[str], tuple[Sequence[str], Sequence[str]]]
"""``problem id -> (answers offered, answers accepted)``: a problem's position, asked again."""

NOT_IN_SET = "it names no problem of this set"
NOT_ITS_SLOT = "its place in the store does not match what it says"
NOT_OFFERED = "its answer is not one the problem offers"
NOT_ITS_VERDICT = "it says right or wrong where its answer says the other"
OUT_OF_ORDER = "an attempt whose earlier attempt is missing"
AFTER_SOLVED = "an attempt after the problem was solved"
AFTER_SHOWN = "an attempt after the answer was shown"


@dataclass(frozen=True)
class ProblemLine:
    """One problem of a set, as the class met it (checked rows only)."""

    place: int
    """Its place in the set, from 0."""
    problem: str
    tried: int
    """Students with at least one attempt."""
    first_try: int
    """Students whose first answer was right."""
    solved: int
    """Students who answered it right at some attempt before asking for the answer."""
    shown: int
    """Students who asked for the answer without having solved it."""
    wrong_first: tuple[tuple[str, int], ...]
    """Each wrong first answer and how many students gave it: most first, and answers given by
    as many students in the order the position offers them (cards high to low)."""

    def most_wrong(self) -> tuple[tuple[str, ...], int]:
        """The wrong first answers chosen by the most students (all of them, when tied, in the
        order the position offers them) and how many students chose each; ``((), 0)``: none."""
        if not self.wrong_first:
            return (), 0
        top = self.wrong_first[0][1]
        return tuple(a for a, n in self.wrong_first if n == top), top


def problem_set_lines(
    problem_set: problem_sets.ProblemSet, rows: Iterable[Row], judge: Judge
) -> tuple[list[ProblemLine], list[Excluded]]:
    """Each problem of ``problem_set`` as the class answered it (rows of other sets are not
    looked at), and the rows left out with the reason. Every attempt is judged again here from
    the problem (``judge``): its answer must be one the position offers and its right-or-wrong
    what that answer is; a student's attempts at a problem must run 1, 2, 3... and stop at the
    first right one, and at the answer shown. A row that fails any of these is left out."""
    mine = arrival(rows, problem_set.experiment)
    left: list[Excluded] = []
    attempts: dict[tuple[str, int], dict[int, Row]] = {}
    shown: dict[tuple[str, int], int] = {}
    for row in mine:
        place = int(row.payload["problem"])
        if place >= len(problem_set.ids):
            left.append(Excluded(row, NOT_IN_SET))
        elif row.slot != problem_sets.slot_of(row.payload):
            left.append(Excluded(row, NOT_ITS_SLOT))
        elif "shown" in row.payload:
            shown[(row.nickname, place)] = int(row.payload["shown"])
        else:
            offered, accepted = judge(problem_set.ids[place])
            answer = int(row.payload["answer"])
            if answer >= len(offered):
                left.append(Excluded(row, NOT_OFFERED))
            elif bool(row.payload["right"]) != (offered[answer] in accepted):
                left.append(Excluded(row, NOT_ITS_VERDICT))
            else:
                attempts.setdefault((row.nickname, place), {})[int(row.payload["attempt"])] = row
    tried: dict[int, set[str]] = {}
    first: dict[int, set[str]] = {}
    solved: dict[int, set[str]] = {}
    wrong: dict[int, Counter[int]] = {}
    for (who, place), by_number in attempts.items():
        limit = shown.get((who, place))
        done = False
        for number in sorted(by_number):
            row = by_number[number]
            if number != 1 and number - 1 not in by_number:
                left.append(Excluded(row, OUT_OF_ORDER))
                continue
            if done:
                left.append(Excluded(row, AFTER_SOLVED))
                continue
            if limit is not None and number > limit:
                left.append(Excluded(row, AFTER_SHOWN))
                continue
            right = bool(row.payload["right"])
            tried.setdefault(place, set()).add(who)
            if right:
                done = True
                solved.setdefault(place, set()).add(who)
                if number == 1:
                    first.setdefault(place, set()).add(who)
            elif number == 1:
                wrong.setdefault(place, Counter())[int(row.payload["answer"])] += 1
    lines = []
    for place, problem in enumerate(problem_set.ids):
        counted = wrong.get(place, Counter())
        offered = judge(problem)[0] if counted else ()
        ranked = sorted(counted.items(), key=lambda item: (-item[1], item[0]))  # ties: as offered
        gave_up = {who for (who, p) in shown if p == place} - solved.get(place, set())
        lines.append(
            ProblemLine(
                place,
                problem,
                len(tried.get(place, ())),
                len(first.get(place, ())),
                len(solved.get(place, ())),
                len(gave_up),
                tuple((offered[a], n) for a, n in ranked),
            )
        )
    order = {id(row): k for k, row in enumerate(mine)}
    return lines, sorted(left, key=lambda x: order[id(x.row)])


def _recompute(experiment: str, seed: int) -> Mapping[str, Any]:
    """The student's computation, with the student side's own dealing (one definition of it)."""
    if experiment == TRUMP_COUNT:
        return experiments.trump_count_payload(seed)
    return experiments.monte_carlo_payload(seed)


__all__ = [
    "DEALT",
    "NOT_ITS_DEAL",
    "NOT_ITS_SEED",
    "Excluded",
    "MonteCarloPool",
    "PollTally",
    "ProblemLine",
    "Replicate",
    "ReviewLine",
    "TrumpCountPool",
    "arrival",
    "exact_monte_carlo",
    "exact_trump_counts",
    "label",
    "monte_carlo",
    "poll_tallies",
    "problem_set_lines",
    "review_table",
    "review_total",
    "submitted",
    "trump_count",
    "verified",
    "verify",
    "why_not",
]
