"""A wrong card always costs: the layout that shows a learner what an answer not accepted loses.

When a learner gives an answer a problem does not accept, telling them "that loses 1.2 points
on average" teaches little; showing a deal where it loses teaches a lot. :func:`punish` picks,
among the deals that fit everything the learner's seat has seen, one where the wrong answer
does worse than the accepted one, by as much as any (ties broken by a seeded draw), and plays
the hand out from there twice, once after each answer, so a page can replay both lines trick
by trick. Nothing here invents a layout the seat could rule out: a ten-point card problem
reads its layouts from :func:`pitchlab.odds.inference.layouts` (the ones the review and the
strong bot use), and every deal handed back replays to the very view the seat had.

* **A card in trump-only play** (ten-point): every layout of the unseen trump is solved
  exactly (:func:`pitchlab.bots.analysis.layout_values`; a seeded sample of
  :data:`SAMPLED_LAYOUTS` when there are more than :data:`ALL_LAYOUTS`), the worst one for
  the wrong card is dealt out as a whole hand (:func:`deal_for`), and both lines are
  played by the exact solver at every seat. Measure: the learner's team's points in the hand.
* **Any other problem** (a card in follow-suit play, a bid, a trump): there is no exact
  solver, so, as the problem was valued, :data:`DEALS` deals that fit what the seat saw are
  drawn (:func:`pitchlab.practice.problems.fitting_deal`,
  :func:`pitchlab.bots.bid_review.dealt_again`) and both answers played out by the
  rule-based bots on each. Measure: the score change for the learner's side less the
  other side's (:func:`pitchlab.bots.bid_review.net_points`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from pitchlab.bots.analysis import layout_values
from pitchlab.bots.bid_review import dealt_again, net_points
from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.bots.solver import solve
from pitchlab.bots.strong import solvable
from pitchlab.engine.cards import Card
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.record import Record, from_record, to_record
from pitchlab.odds import inference
from pitchlab.practice.generate import action_for
from pitchlab.practice.problems import Problem, answers_at, fitting_deal

ALL_LAYOUTS = 2000
"""Up to this many layouts of the unseen trump, every one is solved to find the worst for the
wrong card (each solve late in a hand takes well under a millisecond)."""
SAMPLED_LAYOUTS = 200
"""Layouts drawn, with their chances, when there are more than :data:`ALL_LAYOUTS`."""
DEALS = 40
"""Deals tried for a problem without an exact solver (each plays the hand out for every answer)."""
MORE_DEALS = 400
"""Deals tried at most when none of the first :data:`DEALS` makes the wrong answer cost (a pass
that loses on average may tie on most deals)."""


@dataclass(frozen=True)
class Line:
    """One answer played out to the end of the hand on the chosen deal."""

    answer: str
    record: Record
    """The whole hand: the chosen deal, the answer, and every decision after it."""
    points: float
    """What the hand brought the learner's side, by the problem's measure (see the module)."""


@dataclass(frozen=True)
class Punishment:
    """The deal that shows what a wrong answer costs, and both answers played out on it."""

    problem: str
    seat: int
    position: Record
    """The chosen deal, stopped at the learner's decision: the same as the problem's record for
    everything the seat has seen, the hidden cards placed where they punish."""
    wrong: Line
    answer: Line
    exact: bool
    """Whether every seat was played by the exact solver (else by the rule-based bots)."""
    considered: int
    """The layouts (or deals) looked at to find it."""
    unit: str
    """What :attr:`Line.points` count, in words."""

    @property
    def cost(self) -> float:
        """How much less the wrong answer brought than the accepted one, on this deal."""
        return self.answer.points - self.wrong.points


def punish(problem: Problem, wrong: str, seed: int | str = 0) -> Punishment:
    """The deal, among those that fit what ``problem``'s seat has seen, where ``wrong`` does
    worst against an accepted answer, and both played out (see the module docstring).

    Reproducible from ``seed``. Raises :class:`PitchError` when ``wrong`` is not a legal
    answer, is an accepted one, or no deal tried makes it cost anything.
    """
    hand = problem.hand()
    offered = answers_at(hand)
    if wrong not in offered:
        raise PitchError(f"{wrong} is not an answer here: the answers are {', '.join(offered)}")
    if wrong in problem.answers:
        raise PitchError(f"{wrong} is an accepted answer to {problem.id}: it costs nothing")
    rng = random.Random(f"punish:{problem.id}:{wrong}:{seed}")
    if problem.kind == "card" and solvable(hand.rules):
        return _solved(problem, hand, wrong, rng)
    return _played_by_bots(problem, hand, wrong, rng)


# ------------------------------------------------------------------ ten-point: exact


def _solved(problem: Problem, hand: Hand, wrong: str, rng: random.Random) -> Punishment:
    seat = problem.seat
    view = hand.view(seat)
    team = hand.rules.teams[seat]
    space = inference.layouts(view)
    count = space.count()
    chosen: Iterable[dict[int, tuple[Card, ...]]] = (
        (layout for layout, _ in space.each()) if count <= ALL_LAYOUTS else space.sample(SAMPLED_LAYOUTS, rng)
    )
    ranked: list[tuple[float, float, dict[int, tuple[Card, ...]], str]] = []
    for layout in chosen:
        values = {card.code: points for card, points in layout_values(view, layout, team).items()}
        best = max(problem.answers, key=lambda a: values[a])
        shortfall = values[best] - values[wrong]
        if shortfall > 0:
            ranked.append((shortfall, rng.random(), layout, best))
    if not ranked:
        raise PitchError(f"{problem.id}: {wrong} does as well as the answer on every layout tried")
    ranked.sort(key=lambda found: (-found[0], found[1]))
    for _, _, layout, best in ranked:
        dealt = deal_for(hand, seat, layout)
        if dealt is None:
            continue
        looked = count if count <= ALL_LAYOUTS else SAMPLED_LAYOUTS
        wrong_line, answer_line = (_line(dealt, a, team) for a in (wrong, best))
        return Punishment(
            problem.id, seat, dealt, wrong_line, answer_line, True, looked, "points my side took"
        )
    raise PitchError(f"{problem.id}: no layout where {wrong} costs could be dealt out")


def solver_move(hand: Hand) -> int:
    """The exact solver's card for the seat to act (the first of the cards tied for best)."""
    return solve(hand).best()[0]


def _line(dealt: Record, answer: str, team: int) -> Line:
    """``answer`` given at ``dealt``'s decision, then the hand played out by the solver."""
    hand = from_record(dealt)
    hand.apply(action_for(hand, answer))
    while not hand.is_over:
        hand.step(solver_move(hand))
    return Line(answer, to_record(hand), float(hand.result().points[team]))


def deal_for(hand: Hand, seat: int, layout: dict[int, tuple[Card, ...]]) -> Record | None:
    """A whole deal of trump-only ``hand`` (stopped in the play) in which every other seat holds
    the trump ``layout`` gives it and ``seat`` sees exactly what it saw; ``None`` if placing the
    hidden cards this way cannot make one (the caller tries the next layout).

    Only cards hidden from ``seat`` move. What the table saw fixes how many trump each other
    seat kept from its deal (it drew up to six) and how many the bidder kept from the rest of
    the stock (its hand's size shows them); what it cannot see is how many of a seat's refill
    draws were trump rather than dead cards. So each other seat's trump go first into the
    places its dealt trump and the bidder's kept trump held, the rest into its refill draws,
    and the cards that are not trump fill the refill draws left. The result is replayed and its
    view compared with the seat's, so a deal that fails to fit is never handed back."""
    record = to_record(hand)
    rules = hand.rules
    assert hand.trump is not None
    trump = hand.trump
    deck = {c.code: c for c in rules.deck}

    def is_trump(code: str) -> bool:
        return rules.is_trump(deck[code], trump)

    hands = [list(h) for h in record["hands"]]
    stock = list(record["stock"])
    refilled: dict[int, list[int]] = {s: [] for s in range(rules.players)}
    fixed: dict[int, list[int]] = {s: [] for s in range(rules.players)}  # the rest's trump kept
    place = 0
    for refill in hand.refills:  # the stock is drawn in the refill's order, the rest last
        span = range(place, place + len(refill.drawn))
        if refill.from_remainder:
            fixed[refill.seat].extend(i for i in span if is_trump(stock[i]))
        else:
            refilled[refill.seat].extend(span)
        place += len(refill.drawn)
    others = [s for s in range(rules.players) if s != seat]
    plain = [stock[i] for s in others for i in refilled[s] if not is_trump(stock[i])]
    played = [
        (s, c.code) for t in (*hand.tricks, hand.current_trick) for s, c in zip(t.seats, t.cards, strict=True)
    ]
    for other in others:
        held = [c.code for c in layout.get(other, ())]
        held += [c.code for c in hand.buried_by(other)] + [c for s, c in played if s == other]
        places = [(hands[other], i) for i, c in enumerate(hands[other]) if is_trump(c)]
        places += [(stock, i) for i in fixed[other]]
        drawn = len(held) - len(places)
        if not 0 <= drawn <= len(refilled[other]) or len(plain) < len(refilled[other]) - drawn:
            return None
        places += [(stock, i) for i in refilled[other][:drawn]]
        for (cards, i), card in zip(places, held, strict=True):
            cards[i] = card
        for i in refilled[other][drawn:]:
            stock[i] = plain.pop()
    if plain:
        return None
    made = {**record, "hands": hands, "stock": stock}
    try:
        replayed = from_record(made)
    except PitchError:
        return None
    if replayed.view(seat) != hand.view(seat):
        return None
    if any(Counter(replayed.playable(other)) != Counter(cards) for other, cards in layout.items()):
        return None
    return made


# ------------------------------------------------------------------ everything else: the bots


def _played_by_bots(problem: Problem, hand: Hand, wrong: str, rng: random.Random) -> Punishment:
    seat = problem.seat
    record = to_record(hand)
    bot = RuleBasedPlayer("ladder")  # as a bid or a trump is valued (judge_choice's bots)
    best: tuple[float, Record, Line, Line] | None = None
    tried = 0
    while tried < MORE_DEALS and (best is None or tried < DEALS):
        tried += 1
        dealt = (
            fitting_deal(hand, record, seat, rng)
            if hand.phase is Phase.PLAY
            else dealt_again(record, seat, rng)
        )
        lines = []
        for answer in (wrong, *problem.answers):
            played = from_record(dealt)
            played.apply(action_for(played, answer))
            while not played.is_over:
                played.step(bot.code(played))
            lines.append(Line(answer, to_record(played), net_points(played, seat)))
        top = max(lines[1:], key=lambda line: line.points)
        shortfall = top.points - lines[0].points
        if shortfall > 0 and (best is None or shortfall > best[0]):
            best = (shortfall, dealt, lines[0], top)
    if best is None:
        raise PitchError(f"{problem.id}: {wrong} did as well as the answer on all {tried} deals tried")
    _, dealt, wrong_line, answer_line = best
    return Punishment(
        problem.id,
        seat,
        dealt,
        wrong_line,
        answer_line,
        False,
        DEALS,
        "my side's score change less the others'",
    )
