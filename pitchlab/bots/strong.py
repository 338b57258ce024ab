"""The strong bot: perfect play on the deals it thinks possible.

A seat cannot see the other hands, but it knows a great deal about them: the
draw counts tell how many trump each seat kept, the buried and played cards
are face up, a skipped seat is out. :func:`pitchlab.odds.inference.sample_holdings`
draws guesses at the other hands, each exactly as likely as the deals behind
it; the solver plays each guess out perfectly; the card with the best average
over the guesses is played.

Solving each guess as if every hand were known flatters a duck: with the
cards in view, a point left in the trick now can always be won back later,
which the real seat cannot count on. So where the averages are close
(within sampling noise: two standard errors of the paired difference, see
:func:`close`), the bot first takes more guesses (up to ``max_samples``),
and then prefers a card that banks points now *for sure*: a capture it can
prove from what it has seen (:func:`sure_bank`), not one that merely
happened in the guesses. Nor does a near-tie ever go to a card that may hand
the opponents its points (:func:`risked`) over one that cannot: the guesses
are too few to say the points are lost either way.

Its reason is built from claims (:mod:`pitchlab.bots.claims`): the expected
points of the card played and of the best other card, each an
:class:`~pitchlab.bots.claims.Estimate` saying how many guesses it rests on;
cards the guesses rate the same (within :data:`TIE_TOLERANCE`) named together
as :class:`~pitchlab.bots.claims.EquallyGood`, never one that may hand the
opponents points; and, where it banks a sure point,
the facts that make it sure.

Bidding, naming trump and burying are the rule-based bot's (the bidding
ladder is itself learned from simulated outcomes), except that the suit is
named from simulated hands: the one whose simulated play gives the bidding
team the most points, said as an estimate per suit.

The solver and the sampler know the ten-point family's shape only (see
:func:`unsolvable_reason`). In any other ruleset, Auction Pitch and its
follow-suit family above all, the strong bot makes the rule-based bot's
choices and says so in its reason.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections.abc import Sequence

from pitchlab.bots import solver
from pitchlab.bots.claims import (
    Claim,
    EquallyGood,
    Estimate,
    HandHolds,
    TrickPoints,
)
from pitchlab.bots.players import BiddingStyle, Decision, RuleBasedPlayer, decided
from pitchlab.bots.sure import Bank, risked, sure_bank
from pitchlab.engine.actions import NameTrump, Play
from pitchlab.engine.cards import Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView
from pitchlab.odds import inference

TIE_TOLERANCE = 0.05
"""Cards whose expected points differ by no more than this are named together as equally
good: below the tenth of a point the figures are shown to."""
SURE_SLACK = 1.0
"""The most a sure capture may trail the best card's expected points by and still be
preferred (and only when the gap is within sampling noise, see :func:`close`)."""


class StrongPlayer:
    """Samples the hidden hands, solves each sample, plays the best card on average.

    ``samples`` guesses per decision (more is stronger and slower), drawn again
    in batches of ``samples`` up to ``max_samples`` (default three times
    ``samples``) while the two best cards are within sampling noise of each
    other; ``suit_hands`` simulated hands per suit when naming trump (0 names
    the rule-based bot's suit). ``sure_points=False`` and ``max_samples=samples``
    turn the two guards against ducking off, to measure what they bring.
    Reproducible from ``seed``.
    """

    def __init__(
        self,
        samples: int = 20,
        suit_hands: int = 60,
        seed: int | random.Random = 0,
        max_samples: int | None = None,
        sure_points: bool = True,
        bidding: BiddingStyle = "game",
    ) -> None:
        self.samples = samples
        self.sure_points = sure_points
        self.max_samples = 3 * samples if max_samples is None else max(samples, max_samples)
        self.suit_hands = suit_hands
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.base = RuleBasedPlayer(bidding)
        """Bids, names trump where it simulates nothing, and buries: the rule-based bot's way."""
        self.name = f"strong ({samples} samples)"

    def decide(self, view: SeatView) -> Decision:
        if not solvable(view.rules):
            base = self.base.decide(view)
            why = f"{base.why} (rule-based: {unsolvable_reason(view.rules)})"
            return dataclasses.replace(base, why=why)
        if view.phase is Phase.PLAY and view.to_act == view.seat and len(view.legal_actions) > 1:
            return self._play(view)
        if view.phase is Phase.NAME_TRUMP and self.suit_hands:
            return self._name(view)
        return self.base.decide(view)

    def code(self, hand: Hand) -> int:
        """The same choice from a hand, reading only what the seat to act may see."""
        seat = hand.actor
        if not solvable(hand.rules):
            return self.base.code(hand)
        phase = hand.phase
        if (phase is Phase.PLAY and len(hand.legal_codes()) > 1) or (
            phase is Phase.NAME_TRUMP and self.suit_hands
        ):
            return hand.encode(self.decide(hand.view(seat)).action)
        return self.base.code(hand)

    # -------------------------------------------------------------- play

    def sampled(self, view: SeatView, count: int) -> dict[str, list[float]]:
        """Each legal card's final points for this seat's team in each of ``count`` guesses,
        every guess solved perfectly (one list entry per guess, in the same order for every card)."""
        team = view.rules.teams[view.seat]
        deck = view.rules.deck
        found: dict[str, list[float]] = {}
        for guess in inference.sample_holdings(view, count, self.rng):
            solution = solver.solve(solver.Position.of_view(view, guess))
            for slot, points in solution.values.items():
                found.setdefault(deck[slot].code, []).append(float(points[team]))
        return found

    def expected(self, view: SeatView) -> dict[str, float]:
        """Each legal card's expected final points for this seat's team, over ``samples`` guesses."""
        return {code: statistics.fmean(v) for code, v in self.sampled(view, self.samples).items()}

    def values(self, view: SeatView) -> dict[str, list[float]]:
        """Per-guess values as :meth:`sampled`, with more guesses while the best two cards are
        within noise of each other (see :func:`_unsettled`), up to ``max_samples``."""
        found = self.sampled(view, self.samples)
        while True:
            n = len(next(iter(found.values())))
            ranked = sorted(found, key=lambda code: -statistics.fmean(found[code]))
            if n >= self.max_samples or len(ranked) < 2 or not _unsettled(found[ranked[0]], found[ranked[1]]):
                return found
            for code, more in self.sampled(view, min(self.samples, self.max_samples - n)).items():
                found[code].extend(more)

    def _play(self, view: SeatView) -> Decision:
        found = self.values(view)
        means = {code: statistics.fmean(v) for code, v in found.items()}
        cards = {a.card.code: a.card for a in view.legal_actions if isinstance(a, Play)}
        best = max(means, key=lambda code: means[code])
        banks = {code: sure_bank(view, cards[code]) for code in means}
        risks = {code: risked(view, cards[code]) for code in means}
        chosen = best
        if risks[best]:
            # a near-tie never goes to a card that may hand the opponents points over one that cannot
            safe = [c for c in means if not risks[c] and close(found[best], found[c])]
            if safe:
                chosen = max(safe, key=lambda c: means[c])
        if self.sure_points and banks[chosen] is None:
            near = [c for c in means if banks[c] is not None and close(found[best], found[c])]
            if near:
                chosen = max(near, key=lambda c: (means[c], _banked(banks[c])))
        n = len(found[chosen])
        basis = f"{n} deals that fit what I have seen, each played out perfectly"

        def estimate(code: str) -> Estimate:
            subject = f"points we end the hand with if I play {cards[code].label}"
            return Estimate(subject, round(means[code], 2), "points", basis)

        # a card that may hand the opponents points is never called equally good
        ties = [c for c in _ties(means, chosen) if not risks[c]] if not risks[chosen] else [chosen]
        claims: list[Claim] = [estimate(chosen)]
        if len(ties) > 1:
            claims.append(EquallyGood(tuple(cards[c] for c in ties), TIE_TOLERANCE, basis))
        others = [c for c in means if c not in ties]
        if others:
            claims.append(estimate(max(others, key=lambda c: means[c])))
        bank = banks[chosen]
        if bank is not None:
            claims.extend(bank[1])
        label = cards[chosen].label
        conclusion = f"play {label}"
        if bank is not None and chosen != best:
            from_trick = any(isinstance(c, TrickPoints) and c.cards for c in claims)
            whose = "the trick's" if from_trick else "its own"
            conclusion += f" to make {whose} points sure now"
        elif chosen != best:
            # the card passed over stays unnamed: it is still hidden in this seat's hand
            conclusion += ", which puts none of my points at risk"
        return decided(Play(cards[chosen]), conclusion, claims, view)

    # ------------------------------------------------------------- trump

    def _name(self, view: SeatView) -> Decision:
        from pitchlab.bots.simulation import bid_chances, setup

        rules = view.rules
        position = view.position
        seed = self.rng.randrange(1 << 30)
        means = {
            suit: bid_chances(setup(view.hand, suit, position, rules), hands=self.suit_hands, seed=seed)
            .mean_points()
            .value
            for suit in _candidates(view)
        }
        suit = max(means, key=lambda s: means[s])
        held = tuple(c for c in view.hand if rules.is_trump(c, suit))
        basis = f"{self.suit_hands} simulated hands with the rule-based bots playing them out"
        claims: list[Claim] = [HandHolds(suit, held, sum(rules.points_of(c, suit) for c in held))]
        for s, m in sorted(means.items(), key=lambda i: -i[1]):
            claims.append(Estimate(f"points we take with {s.symbol} as trump", round(m, 2), "points", basis))
        return decided(NameTrump(suit), f"name {suit.symbol} trump", claims, view)


# ------------------------------------------------------------ noise and sure points


def paired_se(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the mean of ``a - b`` over the same guesses (0 with fewer than two)."""
    if len(a) < 2:
        return 0.0
    return statistics.stdev([x - y for x, y in zip(a, b, strict=True)]) / math.sqrt(len(a))


def close(best: Sequence[float], other: Sequence[float]) -> bool:
    """Whether ``other``'s mean trails ``best``'s by no more than sampling noise (two paired
    standard errors, at least :data:`TIE_TOLERANCE`) and no more than :data:`SURE_SLACK`."""
    gap = statistics.fmean(best) - statistics.fmean(other)
    return gap <= min(SURE_SLACK, max(TIE_TOLERANCE, 2 * paired_se(best, other)))


def _unsettled(best: Sequence[float], second: Sequence[float]) -> bool:
    """Whether more guesses could tell the two apart: they differ in some guess, and their
    means are within two standard errors of each other."""
    se = paired_se(best, second)
    return se > 0 and statistics.fmean(best) - statistics.fmean(second) <= 2 * se


def _ties(means: dict[str, float], chosen: str) -> list[str]:
    """``chosen`` and the cards scoring the same as it: the nearest first, each kept while all
    those kept stay within :data:`TIE_TOLERANCE` of one another (so the claim holds pairwise)."""
    kept = [chosen]
    for code in sorted(means, key=lambda c: abs(means[c] - means[chosen])):
        values = [means[c] for c in kept] + [means[code]]
        if code != chosen and max(values) - min(values) <= TIE_TOLERANCE:
            kept.append(code)
    return kept


def _banked(bank: Bank | None) -> int:
    return bank[0] if bank else 0


def unsolvable_reason(rules: Ruleset) -> str | None:
    """Why the solver and the sampler cannot play ``rules``, or ``None`` if they can.

    They model ten-point's own shape: trump-only play (any trump to any
    trick) between two fixed partnerships, a refill in turn after which one seat
    takes the rest of the stock (the bidder, or in Oklahoma the dealer: so every
    trump is in play and the draw counts say who holds how many), buried cards
    going to the first trick.
    """
    if rules.play_rule != "trump-only":
        return "the solver plays trump-only hands only"
    if rules.num_teams != 2 or rules.call_partner:
        return "the solver scores two fixed partnerships only"
    if rules.stock_rest not in ("bidder", "dealer") or rules.bidder_refills_last:
        return (
            "the sampler models a refill in turn with the bidder or the dealer taking the rest of the stock"
        )
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
