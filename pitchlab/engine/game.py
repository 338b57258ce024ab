"""A game: hands in sequence with the deal rotating, running scores, and the win rule."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pitchlab.engine.actions import Action
from pitchlab.engine.errors import IllegalAction
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refusals import GameOver, HandNotOver
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult

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


WinReason = Literal["moon", "all-points", "target", "most", "counted-out"]
"""Why a hand won the game (see :func:`win_after`): a made moon; a made top bid taking every
point; the bidding side at the target; the most points at or over the target (after the
bidding side missed it); the first side to reach the target as the hand's points are counted
out in order."""


def winner_after(rules: Ruleset, result: HandResult, scores: list[int]) -> int | None:
    """The winning team after a hand's score is added (``scores``), or ``None`` if play goes on."""
    won = win_after(rules, result, scores)
    return None if won is None else won[0]


def win_after(rules: Ruleset, result: HandResult, scores: list[int]) -> tuple[int, WinReason] | None:
    """The winning team after a hand's score is added (``scores``) and why, or ``None`` if play
    goes on: the one place the win rule is decided, so a page can say why without judging again."""
    team = result.bidding_team
    before = [s - c for s, c in zip(scores, result.score_change, strict=True)]
    if result.bid == rules.moon_bid and result.made and rules.moon_made is None:
        return team, "moon"
    if (
        rules.all_points_wins
        and result.bid == rules.max_bid
        and (result.points[team] if result.side_points is None else result.side_points) == rules.total_points
        and (rules.all_points_wins_in_the_hole or before[team] >= 0)
    ):
        return team, "all-points"
    if rules.win_rule == "bidder-only":
        return (team, "target") if scores[team] >= rules.target else None
    if rules.win_rule == "bidder-then-most":
        if scores[team] >= rules.target:
            return team, "target"
        best = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == best]
        return (leaders[0], "most") if best >= rules.target and len(leaders) == 1 else None
    # count the hand out. bidder-first: the bidder's made points (or its loss) first, then
    # everyone else's in the order High, Low, point cards, Game. count-out: a set bidder's
    # loss first (it reaches no target), then every point won in that order, the bidder's too
    running = before[:]
    bidder_first = rules.win_rule == "bidder-first" or not result.made
    if bidder_first:
        running[team] += result.score_change[team]
        if result.made and running[team] >= rules.target:
            return team, "target"
    for _, side, points in result.tally:
        if side != team or not bidder_first:
            running[side] += points
            if running[side] >= rules.target:
                return side, "counted-out"
    return None
