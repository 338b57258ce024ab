"""Hints and the post-hand analysis: every card played, held up against perfect play.

A **hint** is what the strong bot would play from the learner's own seat,
seeing only what that seat sees, with the points each legal card is expected
to bring. The **review** of a finished hand looks back with every card
known: at each card played, the solver values every card the player could
have played; the points lost are the value of the best of them minus the
value of the one played, for the player's team. Zero means the card was as
good as perfect play; the sum over a hand is what the table gave away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pitchlab.bots.solver import solve
from pitchlab.bots.strong import StrongPlayer
from pitchlab.engine.actions import Play
from pitchlab.engine.cards import Card, parse_card
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.record import from_record, to_record


@dataclass(frozen=True)
class Review:
    """One card played, against the solver's verdict on that position."""

    number: int
    """The card's place in the play, from 1."""
    trick: int
    """The trick it went to, from 1."""
    seat: int
    played: Card
    best: tuple[Card, ...]
    """Every card that was as good as the best."""
    value_played: int
    """The player's team's final points after this card, with perfect play from then on."""
    value_best: int

    @property
    def lost(self) -> int:
        return self.value_best - self.value_played


def review(hand: Hand) -> list[Review]:
    """Every card played in ``hand`` (finished or not), each compared with perfect play."""
    record = to_record(hand)
    plays = record.get("plays") or []
    if not plays:
        return []
    record["plays"] = []
    replay = from_record(record)
    reviews = []
    trick = 1
    for number, code in enumerate(plays, start=1):
        if replay.phase is not Phase.PLAY:
            raise PitchError(f"play {number} ({code}) comes after the play ended")
        seat = replay.to_act
        assert seat is not None
        team = replay.rules.teams[seat]
        solution = solve(replay)
        deck = replay.rules.deck
        by_card = {deck[slot]: points[team] for slot, points in solution.values.items()}
        card = parse_card(code)
        top = max(by_card.values())
        reviews.append(
            Review(
                number,
                trick,
                seat,
                card,
                tuple(c for c, v in by_card.items() if v == top),
                by_card[card],
                top,
            )
        )
        finished = len(replay.tricks)
        replay.apply(Play(card), seat)
        if len(replay.tricks) > finished:
            trick += 1
    return reviews


def lost_by_seat(reviews: list[Review], players: int = 4) -> list[int]:
    """Points each seat gave away over the hand."""
    lost = [0] * players
    for r in reviews:
        lost[r.seat] += r.lost
    return lost


@dataclass(frozen=True)
class SeatSummary:
    """One seat's play in one hand against perfect play: the coach's line about it, as numbers."""

    given_away: int
    """Points the seat's cards gave away."""
    decisions: int
    """Cards the seat played."""
    perfect: int
    """Of those, cards as good as the best."""


def seat_summary(reviews: list[Review], seat: int, players: int = 4) -> SeatSummary:
    """What ``seat`` gave away, over how many cards, and how many were perfect: one computation
    for the coach's sentence and for the row a class's pooled review receives."""
    mine = [r for r in reviews if r.seat == seat]
    return SeatSummary(lost_by_seat(reviews, players)[seat], len(mine), sum(1 for r in mine if not r.lost))


@dataclass(frozen=True)
class Hint:
    """What the strong bot would play from a seat, and the expected points of each legal card."""

    seat: int
    best: str
    expected: dict[str, float]
    samples: int

    def text(self) -> str:
        ranked = sorted(self.expected.items(), key=lambda item: -item[1])
        cards = ", ".join(f"{code} {points:.1f}" for code, points in ranked)
        return (
            f"Play {self.best}. Expected points for your team after each card, over {self.samples} deals "
            f"that fit what you have seen, played perfectly: {cards}."
        )


def hint(hand: Hand, seat: int, samples: int = 20, seed: int = 0) -> Hint:
    """The strong bot's advice for ``seat``, which must be the seat to play."""
    if hand.phase is not Phase.PLAY or hand.to_act != seat:
        raise PitchError(f"seat {seat}: a hint is for your turn to play a card")
    bot = StrongPlayer(samples=samples, suit_hands=0, seed=random.Random(seed))
    expected = bot.expected(hand.view(seat))
    best = max(expected, key=lambda code: expected[code])
    return Hint(seat, best, expected, samples)
