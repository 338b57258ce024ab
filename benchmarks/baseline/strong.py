"""FROZEN: the strong bot of commit 67acb9f, as ``strong-v1``.

A copy of that day's :class:`pitchlab.bots.strong.StrongPlayer`: sample the hidden
hands, solve each sample, play the card with the best average; name the suit
whose simulated hands score best; everything else (and every ruleset the
solver cannot search) is the frozen rule-based bot's (:class:`RuleBasedV1`),
which also plays the simulated hands. The sampler and the solver are the
engine's (they answer questions of fact, not of taste); the choices built on
them are frozen here. Never edit it to improve play: improve
:mod:`pitchlab.bots.strong` instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from benchmarks.baseline.players import RuleBasedV1
from pitchlab.bots import solver
from pitchlab.bots.players import Decision
from pitchlab.engine.actions import NameTrump, Play
from pitchlab.engine.cards import Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView
from pitchlab.odds import inference


class StrongV1:
    """``strong-v1``: today's strong bot, frozen (``samples`` guesses per card decision,
    ``suit_hands`` simulated hands per suit when naming trump)."""

    def __init__(self, samples: int = 20, suit_hands: int = 60, seed: int | random.Random = 0) -> None:
        self.samples = samples
        self.suit_hands = suit_hands
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.base = RuleBasedV1()
        self.name = f"strong-v1 ({samples} samples)"

    def decide(self, view: SeatView) -> Decision:
        if not solvable(view.rules):
            base = self.base.decide(view)
            return Decision(base.action, f"{base.why} (rule-based: {unsolvable_reason(view.rules)})")
        if view.phase is Phase.PLAY and view.to_act == view.seat and len(view.legal_actions) > 1:
            return self._play(view)
        if view.phase is Phase.NAME_TRUMP and self.suit_hands:
            return self._name(view)
        return self.base.decide(view)

    def code(self, hand: Hand) -> int:
        """The same choice from a hand, reading only what the seat to act may see."""
        seat = hand.to_act
        assert seat is not None
        if not solvable(hand.rules):
            return self.base.code(hand)
        phase = hand.phase
        if (phase is Phase.PLAY and len(hand.legal_codes()) > 1) or (
            phase is Phase.NAME_TRUMP and self.suit_hands
        ):
            return hand.encode(self.decide(hand.view(seat)).action)
        return self.base.code(hand)

    def expected(self, view: SeatView) -> dict[str, float]:
        """Each legal card's expected final points for this seat's team, over the samples."""
        team = view.rules.teams[view.seat]
        totals: dict[str, float] = {}
        samples = inference.sample_holdings(view, self.samples, self.rng)
        for guess in samples:
            solution = solver.solve(solver.Position.of_view(view, guess))
            deck = view.rules.deck
            for slot, points in solution.values.items():
                code = deck[slot].code
                totals[code] = totals.get(code, 0.0) + points[team]
        return {code: total / len(samples) for code, total in totals.items()}

    def _play(self, view: SeatView) -> Decision:
        expected = self.expected(view)
        ranked = sorted(expected.items(), key=lambda item: -item[1])
        best = ranked[0][0]
        card = next(a.card for a in view.legal_actions if isinstance(a, Play) and a.card.code == best)
        top = ", ".join(f"{code} {points:.2f}" for code, points in ranked[:3])
        why = f"over {self.samples} deals that fit what I have seen, played perfectly: {top} points for us"
        return Decision(Play(card), why)

    def _name(self, view: SeatView) -> Decision:
        from pitchlab.bots.simulation import bid_chances, setup

        position = (view.seat - view.dealer - 1) % view.rules.players
        seed = self.rng.randrange(1 << 30)
        means = {
            suit: bid_chances(
                setup(view.hand, suit, position, view.rules),
                hands=self.suit_hands,
                seed=seed,
                player=self.base,
            )
            .mean_points()
            .value
            for suit in _candidates(view)
        }
        suit = max(means, key=lambda s: means[s])
        shown = ", ".join(f"{s.symbol} {m:.1f}" for s, m in sorted(means.items(), key=lambda i: -i[1]))
        return Decision(
            NameTrump(suit), f"in {self.suit_hands} simulated hands per suit, points taken: {shown}"
        )


def _candidates(view: SeatView) -> Sequence[Suit]:
    """Suits worth simulating: any giving at least three trump (else all four)."""
    rules = view.rules
    good = [s for s in Suit if sum(rules.is_trump(c, s) for c in view.hand) >= 3]
    return good or list(Suit)


def unsolvable_reason(rules: Ruleset) -> str | None:
    """Why v1's solver and sampler could not play ``rules``, or ``None`` if they could."""
    if rules.play_rule != "trump-only":
        return "the solver plays trump-only hands only"
    if rules.num_teams != 2 or rules.call_partner:
        return "the solver scores two fixed partnerships only"
    if not rules.bidder_takes_stock or rules.bidder_refills_last:
        return "the sampler models a refill in turn with the bidder taking the rest of the stock"
    if rules.buried_to != "first-trick":
        return "the solver gives buried cards to the first trick's winner"
    return None


def solvable(rules: Ruleset) -> bool:
    """Whether v1 searched ``rules`` (see :func:`unsolvable_reason`)."""
    return unsolvable_reason(rules) is None
