"""Problems: a position stopped at a decision, the answers proven best there, and why.

A problem is a hand record that stops where one seat must decide (a bid, a trump,
a card), the answers accepted, a level from 1 to 5, its themes, and an explanation
made of checked claims. The answers are *best by what the seat knew*, never by the
cards it could not see, and by a clear margin (:data:`MARGIN`) over the best answer
not accepted (the runner-up):

* **a card in trump-only play** (ten-point) is valued as the post-hand review
  values it (:func:`pitchlab.bots.analysis.judge`): the team's expected final points
  over every layout of the unseen trump that fits what the seat saw, each played
  perfectly. Late in the hand, when at most :data:`EXACT_LAYOUTS` layouts fit, every
  one is counted with its chance, so the values are exact; earlier, a seeded sample
  of layouts is drawn and the runner-up's shortfall must have a 95% interval above 0;
* **a card in follow-suit play** (auction-pitch) is valued on :data:`SUIT_DEALS`
  deals of the cards the seat has not seen, drawn at random among those that fit
  what it saw (every card each seat has played stays in its hand, and a deal that
  would make an earlier card illegal is drawn again), each hand finished by the
  rule-based bots; the measure is the seat's points less the others' average;
* **a bid or a trump** is valued as the review of bids values it
  (:func:`pitchlab.bots.bid_review.judge_choice`): the unseen cards dealt again,
  every answer played out by the rule-based bots on the same deals.

Sampled answers are compared pairwise (every answer is played on the same deals),
so the accepted answers are those whose shortfall from the top one has a 95%
interval reaching 0, and the runner-up's interval must lie above 0.
Problems ship in the package (``pitchlab/data/problems-*.json.gz``, :data:`PROBLEMS`), made by
``scripts/make_problems.py`` (:mod:`pitchlab.practice.generate`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pitchlab.bots import shipped
from pitchlab.bots.analysis import judge
from pitchlab.bots.bid_review import dealt_again, judge_choice, net_points
from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.bots.strong import solvable
from pitchlab.engine.actions import Action, Bid, Bury, NameTrump, Pass, Play
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import ruleset
from pitchlab.engine.record import Record, action_code, from_record, to_record
from pitchlab.engine.tricks import sort_cards
from pitchlab.odds.stats import mean_of, paired_difference

MARGIN = 0.5
"""The least the answers must beat the runner-up by, in expected points: half a point, the loss
the app's review counts as a mistake worth going back to."""
CARD_SAMPLES = 48
"""Layouts drawn for a trump-only card with more than :data:`EXACT_LAYOUTS` layouts."""
SUIT_DEALS = 120
"""Deals drawn for a card in follow-suit play."""
CHOICE_DEALS = 150
"""Deals each bid or trump is played out on (as the review of bids plays them)."""
REDRAWS = 2000
"""Draws tried for one follow-suit deal that fits what the seat saw before giving up."""
RULESETS = ("ten-point", "auction-pitch")
"""The rulesets problems ship for."""

Kind = Literal["bid", "trump", "card"]


@dataclass(frozen=True)
class Verdict:
    """The answers' values at a problem's position, by what the seat knew."""

    values: dict[str, float]
    """Each distinct answer the seat could give (a card code, a bid or "pass", a suit
    letter) and its expected points (a card in ten-point: the team's final points in
    the hand; otherwise the seat's side's score change less the others')."""
    best: tuple[str, ...]
    runner_up: str
    """The answer not accepted with the highest value."""
    margin: float
    """How much the top answer beats the runner-up by."""
    interval: tuple[float, float]
    """The 95% interval of that margin (the margin itself, twice, when exact)."""
    exact: bool
    layouts: int
    """Layouts counted (exact) or deals drawn (sampled)."""

    def clear(self) -> bool:
        """Whether the answers beat the runner-up clearly: by :data:`MARGIN` at least, and,
        sampled, with the margin's 95% interval above 0."""
        return self.margin >= MARGIN and self.interval[0] > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "values": {a: round(v, 4) for a, v in self.values.items()},
            "best": list(self.best),
            "runner_up": self.runner_up,
            "margin": round(self.margin, 4),
            "interval": [round(x, 4) for x in self.interval],
            "exact": self.exact,
            "layouts": self.layouts,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        low, high = data["interval"]
        return cls(
            dict(data["values"]),
            tuple(data["best"]),
            data["runner_up"],
            data["margin"],
            (low, high),
            data["exact"],
            data["layouts"],
        )


@dataclass(frozen=True)
class Explanation:
    """Why the answer is best: the principle it applies and the claims it rests on (each checked
    by :mod:`pitchlab.bots.claimcheck` when the problem was made), rendered in plain words."""

    principle: str
    why: str
    claims: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Problem:
    """One position to solve (see the module docstring)."""

    id: str
    ruleset: str
    kind: Kind
    seat: int
    answers: tuple[str, ...]
    level: int
    themes: tuple[str, ...]
    record: Record
    """The hand as far as the decision: every hand dealt is in it (the truth the position
    was made from); a page shows the learner only what ``seat`` can see."""
    explanation: Explanation
    verdict: Verdict
    misses: dict[str, float]
    """How often each weaker player misses it (see :mod:`pitchlab.practice.learners`): 1 or 0, or
    a chance for the player choosing at random."""

    def hand(self) -> Hand:
        """The position, replayed."""
        return from_record(self.record)

    def listing(self) -> dict[str, Any]:
        """What ``python -m pitchlab problems --json`` prints for it."""
        return {
            "id": self.id,
            "ruleset": self.ruleset,
            "kind": self.kind,
            "level": self.level,
            "themes": list(self.themes),
            "seat": self.seat,
            "answers": list(self.answers),
            "record": self.record,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            **self.listing(),
            "principle": self.explanation.principle,
            "why": self.explanation.why,
            "claims": list(self.explanation.claims),
            "verdict": self.verdict.to_json(),
            "misses": {k: round(v, 4) for k, v in self.misses.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Problem:
        return cls(
            data["id"],
            data["ruleset"],
            data["kind"],
            data["seat"],
            tuple(data["answers"]),
            data["level"],
            tuple(data["themes"]),
            data["record"],
            Explanation(data["principle"], data["why"], tuple(data["claims"])),
            Verdict.from_json(data["verdict"]),
            dict(data["misses"]),
        )


PROBLEMS = shipped.Kind("problems", "problems-{rules}", 1, "scripts/make_problems.py --ruleset {rules}")
"""The shipped problem sets, made by :mod:`pitchlab.practice.generate`: raise the code version
when the bots that play the positions, the valuing of answers or the problems' format change."""


def load(rules_name: str | None = None) -> list[Problem]:
    """The problems shipped with the package: one ruleset's, or all of them (``None``);
    :class:`~pitchlab.engine.errors.StaleTable` for a set made for other rules or by other code."""
    names = RULESETS if rules_name is None else (rules_name,)
    if rules_name is not None and rules_name not in RULESETS:
        raise PitchError(
            f"no problems for the ruleset {rules_name!r}: there are problems for {', '.join(RULESETS)}"
        )
    found: list[Problem] = []
    for name in names:
        text = shipped.read(PROBLEMS, ruleset(name))
        if text is None:
            raise FileNotFoundError(f"pitchlab ships no {PROBLEMS.file(name)}")
        found.extend(Problem.from_json(item) for item in json.loads(text))
    return found


# ------------------------------------------------------------------ the decision and its answers


def kind_of(hand: Hand) -> Kind | None:
    """The kind of decision pending in ``hand``, if it is one a problem can pose."""
    phase = hand.phase
    if phase is Phase.BID:
        return "bid"
    if phase is Phase.NAME_TRUMP:
        return "trump"
    if phase is Phase.PLAY:
        return "card"
    return None


def word(action: Action, hand: Hand) -> str:
    """An answer as a problem writes it: a card code, a bid's number or "pass", a suit letter."""
    if isinstance(action, Bury):
        return action.card.code
    return str(action_code(action))


def answers_at(hand: Hand) -> list[str]:
    """Every distinct answer the seat to act may give, high to low for cards."""
    legal = hand.legal_actions()
    if hand.phase is Phase.PLAY:
        cards = {a.card for a in legal if isinstance(a, Play)}
        return [c.code for c in sort_cards(cards, hand.rules, hand.trump)]
    return list(dict.fromkeys(word(a, hand) for a in legal if isinstance(a, Bid | Pass | NameTrump)))


# ------------------------------------------------------------------ valuing the answers


def evaluate(hand: Hand, seed: int | str = 0) -> Verdict:
    """Every answer at ``hand``'s pending decision valued by what the seat to act knew (see the
    module docstring), reproducibly from ``seed``. Raises :class:`PitchError` where there is
    nothing to choose or the decision is not one problems pose."""
    kind = kind_of(hand)
    seat = hand.to_act
    words = answers_at(hand)
    if kind is None or seat is None or len(words) < 2:
        raise PitchError(f"no problem here: the position in {hand.rules.name} leaves nothing to choose")
    if kind == "card" and solvable(hand.rules):
        return _trump_only_card(hand, seat, words, seed)
    if kind == "card":
        return _sampled(words, _suit_play_values(hand, seat, words, SUIT_DEALS, seed), SUIT_DEALS)
    return _choice(hand, seat, "bid" if kind == "bid" else "trump", words, seed)


def _trump_only_card(hand: Hand, seat: int, words: list[str], seed: int | str) -> Verdict:
    view = hand.view(seat)
    deck = {c.code: c for c in hand.rules.deck}
    first = judge(view, deck[words[0]], samples=CARD_SAMPLES, seed=seed)
    values = {c.code: v for c, v in first.expected.items()}
    best = tuple(c.code for c in first.best)
    runner = max((w for w in words if w not in best), key=lambda w: values[w], default=None)
    if runner is None:
        raise PitchError("no problem here: every card is as good as the best")
    if first.exact:
        margin = max(values.values()) - values[runner]
        return Verdict(values, best, runner, margin, (margin, margin), True, first.layouts)
    second = judge(view, deck[runner], samples=CARD_SAMPLES, seed=seed)
    return Verdict(values, best, runner, second.lost, second.lost_interval, False, second.layouts)


def _choice(
    hand: Hand, seat: int, kind: Literal["bid", "trump"], words: list[str], seed: int | str
) -> Verdict:
    record = to_record(hand)
    answers: list[int | str] = [w if w == "pass" or kind == "trump" else int(w) for w in words]
    first = judge_choice(record, seat, kind, answers[0], answers, deals=CHOICE_DEALS, seed=seed)
    runner = max((w for w in words if w not in first.best), key=lambda w: first.points[w], default=None)
    if runner is None:
        raise PitchError("no problem here: every answer is as good as the best")
    chosen = answers[words.index(runner)]
    second = judge_choice(record, seat, kind, chosen, answers, deals=CHOICE_DEALS, seed=seed)
    return Verdict(first.points, first.best, runner, second.lost, second.lost_interval, False, CHOICE_DEALS)


def _sampled(words: Sequence[str], found: dict[str, list[float]], deals: int) -> Verdict:
    """Answers played on the same deals, compared pairwise (as :func:`judge_choice` does)."""
    means = {w: mean_of(found[w]).value for w in words}
    top = max(words, key=lambda w: means[w])
    gaps = {w: paired_difference(found[top], found[w]) for w in words}
    best = tuple(w for w in words if gaps[w].interval()[0] <= 0)
    runner = max((w for w in words if w not in best), key=lambda w: means[w], default=None)
    if runner is None:
        raise PitchError("no problem here: every answer is as good as the best")
    return Verdict(means, best, runner, gaps[runner].value, gaps[runner].interval(), False, deals)


def _suit_play_values(
    hand: Hand, seat: int, words: Sequence[str], deals: int, seed: int | str
) -> dict[str, list[float]]:
    """Each card's points for ``seat`` (less the others' average) on ``deals`` deals of the unseen
    cards that fit what the seat saw, each hand finished by the rule-based bots."""
    record = to_record(hand)
    rng = random.Random(f"suit:{seed}")
    bot = RuleBasedPlayer()
    found: dict[str, list[float]] = {w: [] for w in words}
    for _ in range(deals):
        dealt = fitting_deal(hand, record, seat, rng)
        for w in words:
            played = from_record({**dealt, "plays": [*record.get("plays", []), w]})
            while not played.is_over:
                played.step(bot.code(played))
            found[w].append(net_points(played, seat))
    return found


def fitting_deal(hand: Hand, record: Record, seat: int, rng: random.Random) -> Record:
    """``record`` with the cards ``seat`` has not seen dealt again at random, among the deals
    that fit what it saw: its own hand and every card played stay where they are (each in
    the hand that played it), and a deal in which any card played so far would have been
    illegal is drawn again (so a seat that showed out of a suit holds none of it)."""
    played: dict[int, list[str]] = {s: [] for s in range(hand.rules.players)}
    for trick in (*hand.tricks, hand.current_trick):
        for s, card in zip(trick.seats, trick.cards, strict=True):
            played[s].append(card.code)
    for _ in range(REDRAWS):
        tried = dealt_again(record, seat, rng, played)
        try:
            from_record(tried)
        except PitchError:
            continue
        return tried
    raise PitchError(f"seat {seat}: no deal of the unseen cards fits what it saw in {REDRAWS} draws")


# ------------------------------------------------------------------ checking a problem again


def verify(problem: Problem) -> str | None:
    """Value the problem's answers again (the same measure, the same seed) and say what is wrong,
    or ``None`` if its answers are still the best ones, clearly, by what the seat knew."""
    hand = problem.hand()
    if hand.to_act != problem.seat:
        return f"{problem.id}: the record stops at seat {hand.to_act}'s decision, not seat {problem.seat}'s"
    verdict = evaluate(hand, problem.id)
    if set(verdict.best) != set(problem.answers):
        return (
            f"{problem.id}: the best answers are {', '.join(verdict.best)}, not {', '.join(problem.answers)}"
        )
    if not verdict.clear():
        return f"{problem.id}: the answers beat {verdict.runner_up} by only {verdict.margin:.2f} points"
    return None
