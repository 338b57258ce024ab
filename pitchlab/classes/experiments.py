"""The student's side of a class experiment: each result dealt in the student's own kernel.

A row in the class store is only ever what this module computed from the student's
seed (:meth:`pitchlab.classes.store.Member.seed`: from the secret the server drew when
they joined, and the experiment), never a number a page sends: a widget carries clicks,
and the kernel deals. The same seed gives the same hands on every page, retry and reload, so a
retry stores nothing new, and the teacher can deal any row again to check it.

The experiments are lessons' own, made small enough for one student and pooled by
the class: lesson 01's trump count (:func:`trump_count`, against its exact
distribution :func:`trump_count_exact`), lesson 05's Monte Carlo estimate
(:func:`monte_carlo`, one replicate of "at least 4 trump", against
:func:`monte_carlo_exact`), the lessons' prediction polls (:func:`poll_payload`, for the
polls of :data:`pitchlab.classes.payloads.POLLS`), and the app's post-hand review
(:func:`review_payload`, with :func:`review_slot` naming the hand so that it counts once).
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from pitchlab.bots import analysis
from pitchlab.classes.payloads import (
    DEALS,
    HANDS,
    Poll,
)
from pitchlab.engine.cards import Suit
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.record import to_record
from pitchlab.odds import sampling

if TYPE_CHECKING:
    from pitchlab.bots.bid_review import ChoiceSummary
from pitchlab.odds.probability import Distribution, at_least, trump_count_distribution
from pitchlab.odds.stats import Estimate, proportion

SUIT = Suit.SPADES
"""The suit named in lessons 01 and 05 (every suit has 16 trump, so any would do)."""
AT_LEAST = 4
"""Lesson 05's event: a hand holds at least this many trump of the named suit."""
RULES = TEN_POINT


# ------------------------------------------------------------------ lesson 01: the trump count


def trump_count(seed: int, hands: int = HANDS) -> list[int]:
    """Deal ``hands`` nine-card hands from ``seed``; ``counts[k]`` is how many held exactly ``k``
    trump of spades. Lesson 01's own dealing (:func:`pitchlab.odds.sampling.tally_trump`), small."""
    tally = sampling.tally_trump(hands, seed, suit=SUIT, rules=RULES)
    return [int(n) for n in tally]


def trump_count_payload(seed: int) -> dict[str, Any]:
    """The trump-count row a student sends: their seed (from the class store) and their counts,
    both from the kernel."""
    return {"hands": HANDS, "seed": seed, "counts": trump_count(seed)}


def trump_count_exact() -> Distribution:
    """Lesson 01's exact answer: the chance of each number of trump of a named suit in nine cards."""
    return trump_count_distribution(RULES, SUIT)


def expected_counts(hands: int = HANDS) -> list[Fraction]:
    """How many of ``hands`` hands hold each number of trump, on average: ``hands`` times the chance."""
    exact = trump_count_exact()
    return [hands * exact[k] for k in range(RULES.hand_size + 1)]


def count_estimates(counts: list[int]) -> dict[int, Estimate]:
    """Each share of a student's hands with ``k`` trump, with its 95% (Wilson) interval."""
    return sampling.tally_estimates(np.asarray(counts), unit="hands")


# ------------------------------------------------------------------ lesson 05: one Monte Carlo replicate


def monte_carlo(seed: int, deals: int = DEALS) -> int:
    """How many of ``deals`` hands dealt from ``seed`` hold at least :data:`AT_LEAST` trump:
    one run of lesson 05's estimate (its ``hits_in``)."""
    return sampling.hits_at_least(deals, seed, AT_LEAST, suit=SUIT, rules=RULES)


def monte_carlo_payload(seed: int) -> dict[str, Any]:
    """The monte-carlo row a student sends: their seed (from the class store) and their hits,
    both from the kernel."""
    return {"deals": DEALS, "seed": seed, "hits": monte_carlo(seed)}


def monte_carlo_exact() -> Fraction:
    """Lesson 05's exact answer: the chance of at least :data:`AT_LEAST` trump of a named suit."""
    return at_least(AT_LEAST, trump_count_exact())


def monte_carlo_estimate(hits: int, deals: int = DEALS) -> Estimate:
    """A replicate's estimate and its 95% (Wilson) interval."""
    return proportion(hits, deals)


# ------------------------------------------------------------------ polls


def poll_payload(poll: Poll, choice: int) -> dict[str, Any]:
    """A poll's row: the index of the option the student picked (checked against the poll's
    options by the store, so a forged index is refused there as well as here)."""
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(poll.options):
        raise ValueError(f"{poll.id}: no option {choice!r}")
    return {"choice": choice}


# ------------------------------------------------------------------ the app: a hand's review


def review_payload(
    number: int, reviewed: analysis.SeatSummary, choices: ChoiceSummary | None = None
) -> dict[str, Any]:
    """The review row of hand ``number`` of a game (from 1): the points lost by what the student
    knew (in hundredths: the store holds whole numbers) first, hindsight beside it; and with
    ``choices``, the student's bids and trump choice judged by what they knew."""
    found: dict[str, Any] = {
        "hand": number,
        "lost_hundredths": round(reviewed.lost * 100),
        "best": reviewed.best,
        "decisions": reviewed.decisions,
        "given_away": reviewed.given_away,
        "perfect": reviewed.perfect,
    }
    if choices is not None:
        found |= {
            "choices": choices.decisions,
            "choices_best": choices.best,
            "choices_lost_hundredths": round(choices.lost * 100),
        }
    return found


def review_slot(seed: int, number: int, hand: Hand) -> str:
    """A hand's identity: its game's seed, its number in the game, and a digest of its deal (so a
    resumed or loaded game, whose seed says nothing of its cards, cannot stand for another hand).
    The same hand reviewed twice, on a reload or a second click, has the same slot: it counts once."""
    record = to_record(hand)
    deal = json.dumps([record["ruleset"], record["dealer"], record["hands"], record["stock"]])
    return f"{seed}-{number}-{hashlib.sha256(deal.encode()).hexdigest()[:12]}"


def hand_number(history: list[Any], hand: Hand) -> int:
    """The number of ``hand`` in its game (from 1): its place among the scored hands, or the next."""
    for index, scored in enumerate(history):
        if scored.hand is hand:
            return index + 1
    return len(history) + 1


__all__ = [
    "AT_LEAST",
    "SUIT",
    "count_estimates",
    "expected_counts",
    "hand_number",
    "monte_carlo",
    "monte_carlo_estimate",
    "monte_carlo_exact",
    "monte_carlo_payload",
    "poll_payload",
    "review_payload",
    "review_slot",
    "trump_count",
    "trump_count_exact",
    "trump_count_payload",
]
