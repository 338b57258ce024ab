"""Learn from your mistakes: the learner's own costly decisions in a finished hand, posed again.

After a hand the app reviews every decision by what its seat knew
(:func:`pitchlab.bots.analysis.review` for the cards,
:func:`pitchlab.bots.bid_review.review_choices` for the bids and the trump). The
learner's own decisions that lost at least :data:`MISTAKE` points by that measure
(half a point: the margin a shipped problem must clear too,
:data:`pitchlab.practice.problems.MARGIN`) become a short run of retries, the
largest loss first, at most :data:`MOST` of them. Each retry is the hand rewound to
that decision (:attr:`Mistake.record`), turned into a practice
:class:`~pitchlab.practice.problems.Problem` (:func:`as_problem`), so the practice
page's pieces pose it, explain it and punish a wrong answer the same way:

* its accepted answers are the review's best ones (the best by what the seat knew, and,
  where layouts or deals were sampled, every answer the sample cannot tell from it);
* its explanation is :func:`pitchlab.practice.generate.explain`'s, every claim checked:
  the principle and the claims the rule-based bot gives when it gives a best answer, then
  the expected points of the best answer and of the learner's own (the runner-up here is
  the mistake itself). A mistake whose explanation would say something untrue is left out.

Nothing here looks at the hidden cards beyond what the review did: the values are the
review's, made from the seat's view; the record rewound to the decision holds every hand
(as a problem's does), and a page shows the learner only what the seat saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchlab.bots.analysis import Review
from pitchlab.bots.bid_review import ChoiceReview, rewound
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand
from pitchlab.engine.record import Record, from_record, to_record
from pitchlab.practice.generate import posed
from pitchlab.practice.problems import Kind, Problem, Verdict

MISTAKE = 0.5
"""The least a decision must have lost, by what the seat knew, to be retried (in expected points)."""
MOST = 3
"""The most retries after one hand: the largest losses, a short run rather than a lesson plan."""


@dataclass(frozen=True)
class Mistake:
    """One of the learner's decisions that lost points by what they knew, and the hand at it."""

    kind: Kind
    seat: int
    given: str
    """The learner's answer as a problem writes it: a card code, a bid or "pass", a suit letter."""
    best: tuple[str, ...]
    """The answers the review counted best by what the seat knew."""
    values: dict[str, float]
    """Each answer's expected value by what the seat knew: a card's, its team's final points in
    the hand; a bid's or a trump's, its side's score change less the other side's."""
    lost: float
    """What the learner's answer lost by what they knew (at least :data:`MISTAKE`)."""
    lost_interval: tuple[float, float]
    exact: bool
    """Whether the values counted every layout of the unseen trump (else a sample)."""
    layouts: int
    """Layouts (or deals, for a bid or trump) behind the values."""
    record: Record
    """The hand rewound to the decision: every card dealt, the play stopped before the answer."""
    order: int
    """The decision's place in the hand (bids, then trump, then cards): ties keep the hand's order."""

    def hand(self) -> Hand:
        """The position of the decision, replayed."""
        return from_record(self.record)

    def cost(self, answer: str) -> float:
        """What ``answer`` loses by what the seat knew: 0 for a best answer, else its shortfall from
        the highest value (the review's own measure: for the learner's answer, :attr:`lost`)."""
        if answer in self.best:
            return 0.0
        if answer not in self.values:
            raise PitchError(f"{answer} is not an answer at this decision")
        return max(self.values.values()) - self.values[answer]


def _card_mistake(record: Record, review: Review) -> Mistake:
    k = review.knew
    plays = list(record.get("plays") or [])
    return Mistake(
        "card",
        review.seat,
        review.played.code,
        tuple(c.code for c in review.best),
        {c.code: v for c, v in k.expected.items()},
        review.lost,
        k.lost_interval,
        k.exact,
        k.layouts,
        {**record, "plays": plays[: review.number - 1]},
        1000 + review.number,
    )


def _choice_mistake(record: Record, choice: ChoiceReview) -> Mistake:
    if choice.bids_before is None:
        raise PitchError("this review of a bid does not say where in the bidding it was made")
    return Mistake(
        choice.kind,
        choice.seat,
        choice.chosen,
        choice.best,
        dict(choice.points),
        choice.lost,
        choice.lost_interval,
        False,
        choice.deals,
        rewound(record, choice.bids_before),
        choice.bids_before + (1 if choice.kind == "trump" else 0),
    )


def mistakes(
    hand: Hand,
    seat: int,
    reviews: Sequence[Review],
    choices: Sequence[ChoiceReview] = (),
    most: int = MOST,
) -> list[Mistake]:
    """``seat``'s decisions in ``hand`` that lost at least :data:`MISTAKE` points by what it knew,
    the largest loss first (ties in the hand's order), at most ``most``: ``reviews`` and
    ``choices`` are the hand's reviews (of every seat or of this one; others are skipped)."""
    record = to_record(hand)
    found = [_card_mistake(record, r) for r in reviews if r.seat == seat and r.lost >= MISTAKE]
    found += [_choice_mistake(record, c) for c in choices if c.seat == seat and c.lost >= MISTAKE]
    for m in found:
        at = m.hand()
        if at.to_act != seat:  # a review that does not belong to this hand
            raise PitchError(f"the hand rewound to a decision of seat {seat} waits on seat {at.to_act}")
    found.sort(key=lambda m: (-m.lost, m.order))
    return found[:most]


def as_problem(mistake: Mistake, pid: str) -> Problem | None:
    """The mistake as a practice problem (see the module docstring), or ``None`` where its
    explanation would carry a claim the checker refuses."""
    hand = mistake.hand()
    runner_up = mistake.given
    verdict = Verdict(
        mistake.values,
        mistake.best,
        runner_up,
        mistake.lost,
        mistake.lost_interval,
        mistake.exact,
        mistake.layouts,
    )
    return posed(pid, hand, mistake.kind, mistake.seat, verdict, mistake.record)


def retries(
    hand: Hand,
    seat: int,
    reviews: Sequence[Review],
    choices: Sequence[ChoiceReview] = (),
    most: int = MOST,
) -> list[tuple[Mistake, Problem]]:
    """The run of retries after ``hand``: each of :func:`mistakes` (all of them, largest first)
    that can be explained truthfully, with its problem, at most ``most``."""
    found = []
    for number, mistake in enumerate(
        mistakes(hand, seat, reviews, choices, most=len(reviews) + len(choices))
    ):
        problem = as_problem(mistake, f"mistake-{number + 1}")
        if problem is not None:
            found.append((mistake, problem))
        if len(found) == most:
            break
    return found
