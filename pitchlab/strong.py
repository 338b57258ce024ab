"""The strong bot: perfect play on the deals it thinks possible.

A seat cannot see the other hands, but it knows a great deal about them: the
draw counts tell how many trump each seat kept, the buried and played cards
are face up, a skipped seat is out. :func:`pitchlab.inference.sample_holdings`
draws guesses at the other hands, each exactly as likely as the deals behind
it; the solver plays each guess out perfectly; the card with the best average
over the guesses is played. Its reason lists the best few cards with the
points each is expected to bring.

Bidding, naming trump and burying are the rule-based bot's (the bidding
ladder is itself learned from simulated outcomes), except that the suit is
named from simulated hands: the one whose simulated play gives the bidding
team the most points.

The solver and the sampler know the ten-point family's shape only (see
:func:`unsolvable_reason`). In any other ruleset, Auction Pitch and its
follow-suit family above all, the strong bot makes the rule-based bot's
choices and says so in its reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pitchlab import inference, solver
from pitchlab.actions import NameTrump, Play
from pitchlab.cards import Suit
from pitchlab.hand import Hand, Phase
from pitchlab.players import Decision, RuleBasedPlayer
from pitchlab.rules import Ruleset
from pitchlab.view import SeatView


class StrongPlayer:
    """Samples the hidden hands, solves each sample, plays the best card on average.

    ``samples`` guesses per decision (more is stronger and slower);
    ``suit_hands`` simulated hands per suit when naming trump (0 names the
    rule-based bot's suit). Reproducible from ``seed``.
    """

    def __init__(self, samples: int = 20, suit_hands: int = 60, seed: int | random.Random = 0) -> None:
        self.samples = samples
        self.suit_hands = suit_hands
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.base = RuleBasedPlayer()
        self.name = f"strong ({samples} samples)"

    def decide(self, view: SeatView) -> Decision:
        if not solvable(view.rules):
            base = self.base.decide(view)
            return Decision(
                base.action, f"{base.why} (rule-based: {unsolvable_reason(view.rules)})", base.claims
            )
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

    # -------------------------------------------------------------- play

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

    # ------------------------------------------------------------- trump

    def _name(self, view: SeatView) -> Decision:
        from pitchlab.simulation import bid_chances, setup

        position = (view.seat - view.dealer - 1) % view.rules.players
        seed = self.rng.randrange(1 << 30)
        means = {
            suit: bid_chances(setup(view.hand, suit, position, view.rules), hands=self.suit_hands, seed=seed)
            .mean_points()
            .value
            for suit in _candidates(view)
        }
        suit = max(means, key=lambda s: means[s])
        shown = ", ".join(f"{s.symbol} {m:.1f}" for s, m in sorted(means.items(), key=lambda i: -i[1]))
        return Decision(
            NameTrump(suit), f"in {self.suit_hands} simulated hands per suit, points taken: {shown}"
        )


def unsolvable_reason(rules: Ruleset) -> str | None:
    """Why the solver and the sampler cannot play ``rules``, or ``None`` if they can.

    They model ten-point's own shape: trump-only play (any trump to any
    trick) between two fixed partnerships, a refill in turn after which the
    bidder takes the rest of the stock (so every trump is in play and the draw
    counts say who holds how many), buried cards going to the first trick.
    """
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
    """Whether the strong bot can search ``rules`` (see :func:`unsolvable_reason`)."""
    return unsolvable_reason(rules) is None


def _candidates(view: SeatView) -> Sequence[Suit]:
    """Suits worth simulating: any giving at least three trump (else all four)."""
    rules = view.rules
    good = [s for s in Suit if sum(rules.is_trump(c, s) for c in view.hand) >= 3]
    return good or list(Suit)
