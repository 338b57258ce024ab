"""What a class experiment may store: its name, the shape of its result, and each student's seed.

A row reaches the class store only through :func:`check`, so whatever a page (or a
forged widget message) tries to send, the database holds small objects of whole
numbers in the shape each experiment defines, within that experiment's bounds.

A student's deals are seeded by :func:`seed_for` from a secret the server draws when
they join (kept with their membership in the class store) and the experiment: every
student deals hands of their own, the same ones on any page or retry, none of them
chosen by the student, and the teacher's page can deal them again to check a row.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pitchlab.engine.errors import ClassError, printable

TRUMP_COUNT = "trump-count"
"""Lesson 01: deal :data:`HANDS` nine-card hands and count the trump in each."""
MONTE_CARLO = "monte-carlo"
"""Lesson 05: one replicate of the lesson's Monte Carlo estimate, :data:`DEALS` deals."""
REVIEW = "review"
"""The app: a hand's review (opt-in), one row per hand: the points lost judged on what the
student could see (:data:`REVIEW_KEYS`), with hindsight beside it, and the student's bids
and trump choice judged the same way (:data:`CHOICE_KEYS`). Rows sent before either measure
existed (:data:`REVIEW_KEYS_HINDSIGHT`, hindsight only), or before the bids were reviewed
(:data:`REVIEW_KEYS` alone), stay valid: the store keeps each row as it came."""
REVIEW_KEYS = ("hand", "lost_hundredths", "best", "decisions", "given_away", "perfect")
"""A review row: ``lost_hundredths``, points lost by what the student knew in hundredths (the
store holds whole numbers), ``best`` the cards that were the best choice by that measure;
``given_away`` and ``perfect`` the same with every card known (hindsight)."""
REVIEW_KEYS_HINDSIGHT = ("hand", "given_away", "decisions", "perfect")
"""An older review row: hindsight only."""
CHOICE_KEYS = ("choices", "choices_best", "choices_lost_hundredths")
"""A review row's bids and trump choice, by what the student knew (added to :data:`REVIEW_KEYS`):
``choices`` reviewed (a forced answer is not), ``choices_best`` of them among the best, and
``choices_lost_hundredths`` the expected points lost on them, in hundredths."""
POLL_PREFIX = "poll:"
SET_PREFIX = "set:"
"""A problem set's attempts are stored under ``set:`` and a digest of the set's problem ids
(:func:`pitchlab.classes.problem_sets.ProblemSet.experiment`): the same set given again finds its
rows, another set starts afresh."""
SET_DIGEST_CHARS = 12
MAX_SET_PROBLEMS = 10
"""Problems in a class's set at most: a lesson's worth, and a table a teacher reads at a glance."""
MAX_ATTEMPTS = 30
"""Attempts at one problem a student's page sends at most: far more than anyone makes."""
MAX_ANSWERS = 64
"""Answers one decision offers at most (cards in a hand, bids, suits), with room."""
ATTEMPT_KEYS = ("problem", "attempt", "answer", "right")
"""A problem set's attempt: the problem's place in the set (from 0), the attempt's number (from
1), the answer given as its place among the answers the position offers
(:func:`pitchlab.practice.problems.answers_at`) and whether the kernel found it right (1) or not (0)."""
SHOWN_KEYS = ("problem", "shown")
"""A problem set's "the answer was shown": after how many attempts (a later solve does not count)."""

HANDS = 20
"""Hands a student deals for the trump count: a small sample that scatters, pooled into a large one."""
HAND_CARDS = 9
"""Cards in a ten-point hand after the deal (lesson 01's hand)."""
DEALS = 100
"""Deals in one student's Monte Carlo replicate: the same for all, so one standard error fits all."""
MAX_HAND_POINTS = 10
"""Points in play in a ten-point hand: no hand gives away more."""
MAX_DECISIONS = 20
"""Cards one seat plays in a hand, with room: a review counts at most this many decisions."""
MAX_LOST_HUNDREDTHS = MAX_DECISIONS * MAX_HAND_POINTS * 100
"""Each card's expected shortfall is at most a hand's points, so a hand's sum is at most this."""
MAX_CHOICES = 4
"""Bids and trump choices one seat makes in a hand, with room (the reviewed rulesets have one bid
each and one naming of trump)."""
MAX_SIDE_SWING = 100
"""A side's score change in one hand, with room: at most a made or failed moon (52) and the
hand's points."""
MAX_CHOICE_LOST_HUNDREDTHS = MAX_CHOICES * 2 * MAX_SIDE_SWING * 100
"""A choice's expected shortfall is a mean of differences between two answers' net points (my
side's change less the other's), each within twice a side's swing; a hand's sum is at most this."""
MAX_HAND_NUMBER = 10_000
MAX_SEED = 2**64 - 1
MAX_SLOT_CHARS = 64


@dataclass(frozen=True)
class Poll:
    """A prediction asked before a lesson shows its answer: the class's guesses, then the truth."""

    id: str
    question: str
    options: tuple[str, ...]
    right: int
    lesson: str = ""

    @property
    def experiment(self) -> str:
        return poll_name(self.id)


JOKER_POLL = Poll(
    "joker-or-three",
    "Before you look at your nine cards, with spades to be named: which is more likely, "
    "that you hold a joker, or that you hold the three of trump?",
    ("A joker", "The three of trump", "Both the same"),
    0,
    "01-counting-hands",
)
"""Lesson 01's misconception, asked before the lesson answers it: a joker (either of two) against
one given card. A joker: 49/159 against 1/6 (lesson 01's ``joker_or_three``; a test holds
``right`` to it)."""

POLLS: dict[str, Poll] = {poll.id: poll for poll in (JOKER_POLL,)}
"""Every poll a page may ask, by id."""


def poll_name(poll_id: str) -> str:
    """The experiment name a poll's votes are stored under."""
    return POLL_PREFIX + poll_id


def experiments() -> tuple[str, ...]:
    """Every experiment name a row may carry, in the order a teacher meets them."""
    return (TRUMP_COUNT, MONTE_CARLO, *(p.experiment for p in POLLS.values()), REVIEW)


def seed_for(secret: str, experiment: str) -> int:
    """A student's seed for an experiment, from the secret the server drew when they joined
    (:func:`pitchlab.classes.names.new_secret`): the same on every page and retry, different
    for every student and experiment, and one the teacher's page computes again from the
    store. A student chooses their nickname, never their secret, so nobody picks their deals
    (a seed made from the nickname let a page try names offline for extreme deals)."""
    text = f"pitchlab-class/2\n{secret}\n{experiment}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def nickname_seed(code: str, nickname: str, experiment: str) -> int:
    """The seed of a student who joined before the server drew secrets (a class store of schema
    1): made from the class code and the nickname as it was compared then (NFKC, case folded),
    so their rows sent then still check. No student joins this way any more."""
    then = unicodedata.normalize("NFKC", nickname).casefold()
    text = f"pitchlab-class/1\n{code.upper()}\n{then}\n{experiment}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def member_seed(code: str, nickname: str, secret: str | None, experiment: str) -> int:
    """A member's seed for an experiment: from their secret (:func:`seed_for`), or for a member
    who joined before secrets (``secret`` is ``None``) from their nickname (:func:`nickname_seed`)."""
    return nickname_seed(code, nickname, experiment) if secret is None else seed_for(secret, experiment)


# ------------------------------------------------------------------ checks


def _whole(payload: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = payload.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ClassError(f"{key} must be a whole number from {low} to {high}")
    return value


def _exact_keys(experiment: str, payload: Mapping[str, Any], keys: tuple[str, ...]) -> None:
    if set(payload) != set(keys):
        raise ClassError(f"a {experiment} result holds exactly: {', '.join(keys)}")


def check(experiment: str, payload: object) -> dict[str, Any]:
    """``payload`` as stored for ``experiment``, or :class:`ClassError` saying what is wrong."""
    if not isinstance(payload, Mapping):
        raise ClassError("a result must be an object of named numbers")
    if experiment == TRUMP_COUNT:
        _exact_keys(experiment, payload, ("hands", "seed", "counts"))
        _whole(payload, "hands", HANDS, HANDS)
        seed = _whole(payload, "seed", 0, MAX_SEED)
        counts = payload["counts"]
        if (
            not isinstance(counts, list | tuple)
            or len(counts) != HAND_CARDS + 1
            or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in counts)
            or sum(counts) != HANDS
        ):
            raise ClassError(f"counts must be {HAND_CARDS + 1} whole numbers adding up to {HANDS}")
        return {"hands": HANDS, "seed": seed, "counts": list(counts)}
    if experiment == MONTE_CARLO:
        _exact_keys(experiment, payload, ("deals", "seed", "hits"))
        _whole(payload, "deals", DEALS, DEALS)
        return {
            "deals": DEALS,
            "seed": _whole(payload, "seed", 0, MAX_SEED),
            "hits": _whole(payload, "hits", 0, DEALS),
        }
    if experiment == REVIEW:
        keys = set(payload)
        old = keys == set(REVIEW_KEYS_HINDSIGHT)
        choices = keys == set(REVIEW_KEYS + CHOICE_KEYS)
        if not choices:
            _exact_keys(experiment, payload, REVIEW_KEYS_HINDSIGHT if old else REVIEW_KEYS)
        decisions = _whole(payload, "decisions", 0, MAX_DECISIONS)
        knew = (
            {}
            if old
            else {
                "lost_hundredths": _whole(payload, "lost_hundredths", 0, MAX_LOST_HUNDREDTHS),
                "best": _whole(payload, "best", 0, decisions),
            }
        )
        if choices:
            made = _whole(payload, "choices", 0, MAX_CHOICES)
            knew |= {
                "choices": made,
                "choices_best": _whole(payload, "choices_best", 0, made),
                "choices_lost_hundredths": _whole(
                    payload, "choices_lost_hundredths", 0, MAX_CHOICE_LOST_HUNDREDTHS
                ),
            }
        return {
            "hand": _whole(payload, "hand", 1, MAX_HAND_NUMBER),
            **knew,
            "decisions": decisions,
            "given_away": _whole(payload, "given_away", 0, MAX_HAND_POINTS),
            "perfect": _whole(payload, "perfect", 0, decisions),
        }
    if experiment.startswith(POLL_PREFIX) and experiment[len(POLL_PREFIX) :] in POLLS:
        poll = POLLS[experiment[len(POLL_PREFIX) :]]
        _exact_keys(experiment, payload, ("choice",))
        return {"choice": _whole(payload, "choice", 0, len(poll.options) - 1)}
    if is_set_experiment(experiment):
        problem = _whole(payload, "problem", 0, MAX_SET_PROBLEMS - 1)
        if set(payload) == set(SHOWN_KEYS):
            return {"problem": problem, "shown": _whole(payload, "shown", 0, MAX_ATTEMPTS)}
        _exact_keys(experiment, payload, ATTEMPT_KEYS)
        return {
            "problem": problem,
            "attempt": _whole(payload, "attempt", 1, MAX_ATTEMPTS),
            "answer": _whole(payload, "answer", 0, MAX_ANSWERS - 1),
            "right": _whole(payload, "right", 0, 1),
        }
    raise ClassError(f"no experiment is called {printable(experiment, 60)!r}")


def is_set_experiment(experiment: str) -> bool:
    """Whether ``experiment`` names a problem set's attempts (``set:`` and a digest)."""
    digest = experiment[len(SET_PREFIX) :]
    return (
        experiment.startswith(SET_PREFIX)
        and len(digest) == SET_DIGEST_CHARS
        and all(ch in "0123456789abcdef" for ch in digest)
    )


def check_slot(slot: str) -> str:
    """A row's slot (which of a student's rows it is: empty, or a hand's identity)."""
    if not isinstance(slot, str) or len(slot) > MAX_SLOT_CHARS or not slot.isprintable():
        raise ClassError(f"a slot is at most {MAX_SLOT_CHARS} printable characters")
    return slot
