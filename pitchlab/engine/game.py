"""A game: hands in sequence with the deal rotating and running scores, until the win rule
(:mod:`pitchlab.engine.winning`) names a winner."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchlab.engine.actions import Action
from pitchlab.engine.errors import IllegalAction
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refusals import GameOver, HandNotOver
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.winning import winner_after

NEXT_HAND = "deal the next hand"
"""The action :meth:`Game.next_hand` names when it refuses."""


@dataclass(frozen=True)
class ScoredHand:
    """A finished hand with the scores after it."""

    hand: Hand
    result: HandResult
    scores: tuple[int, ...]


class Game:
    """Hands of Pitch until a team wins.

    ``Game(seed=7)`` deals every hand from one seeded generator, so a whole
    game is reproducible. Play the current hand through :meth:`apply` (or
    directly on :attr:`hand`); when it ends it is scored, and :meth:`next_hand`
    deals the next one with the deal moved one seat to the left.
    """

    def __init__(
        self, rules: Ruleset = TEN_POINT, first_dealer: int = 0, seed: int | random.Random | None = None
    ) -> None:
        self.rules = rules
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.scores: list[int] = [0] * rules.num_teams
        self.history: list[ScoredHand] = []
        self.winner: int | None = None
        self.hand = Hand.deal(rules, first_dealer % rules.players, self.rng, self.scores)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply an action to the current hand, scoring it if that ends it."""
        self.hand.apply(action, seat)
        self.score_if_over()

    def score_if_over(self) -> HandResult | None:
        """Score the current hand once it is over (safe to call more than once)."""
        hand = self.hand
        if not hand.is_over or hand.redeal is not None or (self.history and self.history[-1].hand is hand):
            return None
        result = hand.result()
        for team, change in enumerate(result.score_change):
            self.scores[team] += change
        self.history.append(ScoredHand(hand, result, tuple(self.scores)))
        self.winner = winner_after(self.rules, result, self.scores)
        return result

    def next_hand(self) -> Hand:
        """Deal the next hand, the deal passing one seat to the left."""
        if self.winner is None and not self.hand.is_over:
            raise IllegalAction(None, NEXT_HAND, HandNotOver(self.hand.phase))
        self.score_if_over()
        if self.winner is not None:
            raise IllegalAction(None, NEXT_HAND, GameOver(self.winner))
        # a void deal (thrown in, or a junk hand) is dealt again by the same dealer
        dealer = (
            self.hand.dealer if self.hand.redeal is not None else (self.hand.dealer + 1) % self.rules.players
        )
        self.hand = Hand.deal(self.rules, dealer, self.rng, self.scores)
        return self.hand
