"""Making problems: seeded deals played by the rule-based bots, every decision on the way tried.

At each decision of a hand (:func:`pitchlab.practice.problems.kind_of`) whose answers
are worth telling apart, :func:`pitchlab.practice.problems.evaluate` values every
answer by what the seat knew; a position becomes a problem when its best answers
beat the runner-up clearly (:meth:`Verdict.clear`). Its explanation is the
principle and the claims the rule-based bot gives for the answer (when it gives the
answer) plus the two figures the verdict rests on, every claim checked by
:mod:`pitchlab.bots.claimcheck` (a problem with a claim that fails is dropped); its
themes come from the principle, the claims and the cards at stake
(:func:`themes_of`); its level from the weaker players' misses
(:mod:`pitchlab.practice.learners`). Everything is reproducible from the seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from pitchlab.bots import principles as p
from pitchlab.bots.analysis import EXACT_LAYOUTS
from pitchlab.bots.claimcheck import false_claims
from pitchlab.bots.claims import Claim, DealerStuck, Estimate, HolderScores
from pitchlab.bots.players import RuleBasedPlayer, decided
from pitchlab.engine.actions import Action
from pitchlab.engine.cards import Card, Rank, Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import ruleset
from pitchlab.engine.record import Record, to_record
from pitchlab.engine.seats import dealer_of
from pitchlab.odds import inference
from pitchlab.practice import learners
from pitchlab.practice.problems import (
    Explanation,
    Kind,
    Problem,
    Verdict,
    answers_at,
    evaluate,
    kind_of,
    word,
)

THEMES: dict[str, str] = {
    p.SAVE_THE_3.name: "protect the 3",
    p.FEED.name: "feed partner's sure trick",
    p.FIRST_JOKER.name: "first joker wins",
    p.DRAW_TRUMP.name: "draw out trump",
    p.COUNT_OUT.name: "count who is out",
    p.TAKE_POINTS.name: "take the points",
    p.PLAY_LOW.name: "play low",
    p.BID_GAME.name: "bid near the target",
    p.BID_MAKE.name: "bid what you can make",
    p.NAME_SUIT.name: "name the best suit",
    p.BEST_ON_AVERAGE.name: "best on average",
}
"""The theme each principle teaches. Further themes come from the cards at stake: the two,
the 3, the off-jack, a joker, buried points, the stuck dealer (:func:`themes_of`)."""
NEAR_TARGET = 5
"""A bid is near the target when a side is within a fifth of the target of it (10 points of
ten-point's 52, 2 of auction-pitch's 7)."""


def action_for(hand: Hand, answer: str) -> Action:
    """The legal action an answer stands for."""
    for action in hand.legal_actions():
        if word(action, hand) == answer:
            return action
    raise PitchError(f"seat {hand.to_act}: {answer} is not a legal answer here")


def _said(hand: Hand, answer: str) -> str:
    """The answer as the explanation's conclusion says it."""
    if hand.phase is Phase.PLAY:
        deck = {c.code: c for c in hand.rules.deck}
        return f"play {deck[answer].label}"
    if hand.phase is Phase.NAME_TRUMP:
        return f"name {Suit.parse(answer).symbol} as trump"
    return "pass" if answer == "pass" else f"bid {answer}"


def _figures(hand: Hand, verdict: Verdict, answers: tuple[str, ...]) -> list[Claim]:
    """The verdict's two figures, as claims: the answer's value and the runner-up's."""
    if verdict.exact:
        basis = f"all {verdict.layouts} layouts of the unseen trump that fit what I have seen, each played perfectly"
    elif hand.phase is Phase.PLAY and hand.rules.play_rule == "trump-only":
        basis = (
            f"{verdict.layouts} layouts of the unseen trump that fit what I have seen, each played perfectly"
        )
    else:
        basis = f"{verdict.layouts} deals of the cards I have not seen, played out by the rule-based bots"
    unit_words = (
        "points my side expects"
        if hand.rules.play_rule == "trump-only" and hand.phase is Phase.PLAY
        else ("my side's points less the others' (expected)")
    )
    return [
        Estimate(f"{unit_words} if I {_said(hand, answers[0])}", verdict.values[answers[0]], "points", basis),
        Estimate(
            f"{unit_words} if I {_said(hand, verdict.runner_up)}",
            verdict.values[verdict.runner_up],
            "points",
            basis,
        ),
    ]


def explain(hand: Hand, verdict: Verdict) -> Explanation:
    """The explanation of ``verdict``'s answers at ``hand`` (see the module docstring); raises
    :class:`PitchError` if a claim fails the checker."""
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    answers = verdict.best
    bot = RuleBasedPlayer().decide(view)
    found: list[Claim] = list(bot.claims) if word(bot.action, hand) in answers else []
    found += _figures(hand, verdict, answers)
    decision = decided(action_for(hand, answers[0]), _said(hand, answers[0]), found, view)
    wrong = false_claims(hand, seat, decision.claims)
    if wrong:
        raise PitchError(f"seat {seat}: a claim fails: {wrong[0][1]}")
    assert decision.principle is not None
    return Explanation(decision.principle.name, decision.why, tuple(c.to_json() for c in decision.claims))


def _is_trump(hand: Hand, card: Card) -> bool:
    return hand.trump is not None and hand.rules.is_trump(card, hand.trump)


def themes_of(hand: Hand, verdict: Verdict, explanation: Explanation) -> tuple[str, ...]:
    """The themes a problem teaches: its principle's, then the cards and the moment at stake."""
    found = [THEMES.get(explanation.principle, "best on average")]
    deck = {c.code: c for c in hand.rules.deck}
    kinds = {claim["kind"] for claim in explanation.claims}
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    if hand.phase is Phase.PLAY and hand.trump is not None:
        trump = hand.trump
        stake = [deck[verdict.best[0]], deck[verdict.runner_up]]
        if HolderScores.kind in kinds or any(_is_trump(hand, c) and c.rank is Rank.TWO for c in stake):
            found.append("the two")
        if any(_is_trump(hand, c) and c.rank is Rank.THREE and hand.rules.points_of(c, trump) for c in stake):
            found.append("protect the 3")
        if any(c.rank is Rank.JACK and c.suit is trump.sibling for c in stake):
            found.append("the off-jack")
        if any(c.suit is None for c in stake[:1]):
            out = sum(c.suit is None for c in view.unseen_cards())
            if out:
                found.append("first joker wins")
        if not view.tricks and any(hand.rules.points_of(c, trump) for b in view.buried for c in b):
            found.append("bury and win it back")
        if view.passed_over:
            found.append("count who is out")
    if hand.phase is Phase.BID:
        if DealerStuck.kind in kinds or stuck_dealer(hand):
            found.append("the stuck dealer")
        target = hand.rules.target
        if target and view.scores and max(view.scores) >= target - max(2, target // NEAR_TARGET):
            found.append("bid near the target")
    return tuple(dict.fromkeys(found))


def in_a_row(words: Sequence[str], answers: Sequence[str]) -> bool:
    """Whether ``answers`` sit side by side in ``words`` (the bids in order, pass first)."""
    places = sorted(words.index(a) for a in answers)
    return places == list(range(places[0], places[-1] + 1))


def problem_at(hand: Hand, pid: str) -> Problem | None:
    """The problem at ``hand``'s pending decision, or ``None`` where its answers are not clearly
    best, are more than half of the answers (nothing much to find), are bids with a gap among
    them (pass, 4 or 6 but not 5 is a quirk of how the bots answer a 5, not a lesson), or their
    explanation would say something untrue."""
    kind: Kind | None = kind_of(hand)
    seat = hand.to_act
    if kind is None or seat is None or len(answers_at(hand)) < 2:
        return None
    try:
        verdict = evaluate(hand, pid)
        if not verdict.clear() or 2 * len(verdict.best) > len(answers_at(hand)):
            return None
        if kind == "bid" and not in_a_row(answers_at(hand), verdict.best):
            return None
    except PitchError:
        return None
    return posed(pid, hand, kind, seat, verdict, to_record(hand))


def posed(pid: str, hand: Hand, kind: Kind, seat: int, verdict: Verdict, record: Record) -> Problem | None:
    """The decision at ``hand`` (whose ``record`` stops there) as a problem with the answers
    ``verdict`` counts best: explained by checked claims, themed by them, and levelled by the
    new players who miss it; ``None`` where the explanation would say something untrue. A
    shipped problem and a learner's own mistake are posed the same way."""
    try:
        explanation = explain(hand, verdict)
    except PitchError:
        return None
    missed = learners.misses(hand, verdict.best)
    return Problem(
        pid,
        hand.rules.name,
        kind,
        seat,
        verdict.best,
        learners.level(missed),
        themes_of(hand, verdict, explanation),
        record,
        explanation,
        verdict,
        missed,
    )


def wanted(hand: Hand, rng: random.Random) -> bool:
    """Whether to try the pending decision: every card late in a ten-point hand (exact and
    quick) and every follow-suit card, half the bids and trump choices (each played out on
    many deals, and alike from hand to hand), none forced."""
    if len(answers_at(hand)) < 2:
        return False
    if hand.phase is Phase.PLAY and hand.rules.play_rule == "trump-only":
        seat = hand.to_act
        assert seat is not None
        return inference.layouts(hand.view(seat)).count() <= EXACT_LAYOUTS
    if hand.phase is Phase.PLAY:
        return True
    return rng.random() < 0.5


def stuck_dealer(hand: Hand) -> bool:
    """Whether the seat to act is a dealer who may not pass: everyone else did."""
    return hand.phase is Phase.BID and hand.to_act == hand.dealer and "pass" not in answers_at(hand)


FOCUS: dict[str, Callable[[Hand], bool]] = {"the stuck dealer": stuck_dealer}
"""Themes that hands as they come teach too rarely, each with a quick test for the bids that may
teach it: :func:`from_deal` given one tries only those, and stops each hand at its bidding,
so many more deals can be searched."""


def from_deal(rules_name: str, seed: int, focus: Callable[[Hand], bool] | None = None) -> Iterator[Problem]:
    """Every problem found in one seeded hand played by the rule-based bots (game scores drawn too,
    so that some hands are played near the target); with ``focus`` (one of :data:`FOCUS`), only
    the bids it picks."""
    rules = ruleset(rules_name)
    rng = random.Random(f"problems:{rules_name}:{seed}")
    scores = None
    if rules.target and rng.random() < 0.4:
        scores = [rng.randrange(0, rules.target) for _ in range(rules.num_teams)]
    hand = Hand.deal(rules, dealer_of(seed, rules.players), rng, scores=scores)
    bot = RuleBasedPlayer()
    step = 0
    while not hand.is_over:
        if focus is not None and hand.phase is not Phase.BID:
            return
        if focus(hand) if focus is not None else wanted(hand, rng):
            found = problem_at(hand, f"{rules_name}-{seed}-{step}")
            if found is not None:
                yield found
        hand.step(bot.code(hand))
        step += 1
