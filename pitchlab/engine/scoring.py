"""What a hand is worth: points by seat and team, the contests (High, Low, Game), the result.

The state machine (:mod:`pitchlab.engine.hand`) plays a hand; this module scores it. It reads
the hand's slot masks and trump tables directly (the two modules are one engine, split
by concern, and scoring runs once per simulated hand); :class:`~pitchlab.engine.hand.Hand`'s
``points_by_seat``, ``points_by_team``, ``game_points`` and ``result`` call these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitchlab.engine.bitset import bits
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import PitchError

if TYPE_CHECKING:
    from pitchlab.engine.hand import Hand


@dataclass(frozen=True)
class HandResult:
    """The score of a finished hand; ``points`` and ``score_change`` are by team."""

    bidder: int
    bid: int
    trump: Suit
    points: tuple[int, ...]
    captured: tuple[tuple[Card, ...], ...]
    holder_points: tuple[tuple[Card, int], ...]
    """Cards scored by their holder's team (the two), each with the seat that held it."""
    made: bool
    score_change: tuple[int, ...]
    bidding_team: int
    awards: tuple[tuple[str, int | None], ...] = ()
    """Each contest point of the ruleset (High, Low, Game) and the team that won it, if any."""
    side_points: int | None = None
    """The points the bidding side took (the bidder and its called partner, or its team)."""
    tally: tuple[tuple[str, int, int], ...] = ()
    """Every point won, as (what, team, points), in the order a tie at the target counts
    them out: High, Low, the point cards from high to low, Game."""


def points_by_seat(hand: Hand, public: bool = False) -> list[int]:
    """Points each seat has won so far: its captures, plus what it scores as holder once play began.

    With ``public`` set, a holder's card (the two) counts only once the table
    has seen who holds it, because it was played or buried face up.
    """
    tables = hand._tables
    points = [0] * hand.rules.players
    if tables is None:
        return points
    capture, holder = tables.capture_points, tables.holder_points
    for seat, mask in enumerate(hand._captured):
        # a holder-scored card is captured only when buried to the opponents, points and all
        points[seat] = sum([capture[slot] + holder[slot] for slot in bits(mask)])
    if hand.play_began:
        shown = hand._played if public and not hand.is_over else -1
        for seat in range(hand.rules.players):
            held = (hand._start_held[seat] & shown | _buried_kept(hand, seat)) & tables.holder_mask
            points[seat] += sum([holder[slot] for slot in bits(held)])
    if hand.is_over:
        for _, credited, award_points in contests(hand):
            if credited is not None:
                points[credited] += award_points
    return points


def _buried_kept(hand: Hand, seat: int) -> int:
    """The seat's buried cards whose holder-scored points stay its own: all of them when
    buried cards go to the first trick (the two's Ruling), none when they go to the
    opponents, who take them with their points."""
    return hand._buried[seat] if hand.rules.buried_to == "first-trick" else 0


def contests(hand: Hand) -> list[tuple[str, int | None, int]]:
    """Each award of the ruleset as (kind, the seat credited or ``None``, points); for a finished hand.

    High and Low are the highest and lowest trump in play (held when play
    began, or buried); Game goes to the side with strictly the most game
    points, credited to that side's seat that took the most of them.
    """
    awards = hand.rules.awards
    if not awards or hand._tables is None:
        return []
    tables = hand._tables
    n = hand.rules.players
    teams = hand.rules.teams
    in_play = [(hand._start_held[s] | hand._buried[s]) & tables.trump_mask for s in range(n)]
    trump_slots = sorted(bits(sum(in_play)), key=tables.power.__getitem__)
    out: list[tuple[str, int | None, int]] = []
    for award in awards:
        seat: int | None = None
        if award.kind == "game":
            value = hand._c.game_values
            by_seat = [sum([value[slot] for slot in bits(mask)]) for mask in hand._captured]
            by_team = [0] * hand.rules.num_teams
            for s, v in enumerate(by_seat):
                by_team[teams[s]] += v
            best = max(by_team)
            if by_team.count(best) == 1:
                team = by_team.index(best)
                seat = max((s for s in range(n) if teams[s] == team), key=lambda s: (by_seat[s], -s))
        elif trump_slots:
            slot = trump_slots[-1] if award.kind == "high" else trump_slots[0]
            owners = in_play if award.scorer == "holder" else hand._captured
            seat = next((s for s in range(n) if owners[s] >> slot & 1), None)
        out.append((award.kind, seat, award.points))
    return out


def game_points(hand: Hand) -> list[int]:
    """Game points (ten 10, ace 4, king 3, queen 2, jack 1) each team has captured so far."""
    value = hand._c.game_values
    totals = [0] * hand.rules.num_teams
    for seat, mask in enumerate(hand._captured):
        totals[hand.rules.teams[seat]] += sum([value[slot] for slot in bits(mask)])
    return totals


def points_by_team(hand: Hand, public: bool = False) -> list[int]:
    """Points each team has taken so far (see :meth:`points_by_seat` for ``public``)."""
    points = [0] * hand.rules.num_teams
    for seat, p in enumerate(points_by_seat(hand, public)):
        points[hand.rules.teams[seat]] += p
    return points


def result(hand: Hand) -> HandResult:
    """The score of the finished hand."""
    if not hand.is_over:
        raise PitchError(f"the hand is not over: it is in the {hand.phase} phase")
    if hand.redeal is not None:
        raise PitchError(f"the hand was not played: {hand.redeal}")
    tables = hand._trump_tables()
    bidder = hand._bidder_seat()
    trump = hand.trump
    assert trump is not None  # named with the tables
    rules = hand.rules
    points = points_by_team(hand)
    team = rules.teams[bidder]
    side = hand.bidding_side()
    by_seat = points_by_seat(hand)
    taken = sum(by_seat[s] for s in side)
    awarded = contests(hand)
    if hand.is_moon:
        every_trick = all(t.winner in side for t in hand.tricks) or not rules.moon_needs_every_trick
        # Ruling: the moon is every point *in play*; a card never dealt (the jack) is not
        # owed, while a contest nobody won (a Game tie) is a point the side did not take
        in_play = sum(by_seat) + sum(p for _, s, p in awarded if s is None)
        made = taken == in_play and every_trick
        gain = taken if rules.moon_made is None else rules.moon_made
        loss = rules.moon_set
    else:
        made = taken >= hand.high_bid
        gain, loss = taken, hand.high_bid
    change = list(points)
    for t in {rules.teams[s] for s in side}:
        change[t] = gain if made else -loss
    captured: list[list[Card]] = [[] for _ in points]
    for seat, mask in enumerate(hand._captured):
        captured[rules.teams[seat]].extend(hand.cards(mask))
    holders = tuple(
        (rules.deck[slot], seat)
        for seat in range(rules.players)
        for slot in bits((hand._start_held[seat] | _buried_kept(hand, seat)) & tables.holder_mask)
    )
    awards = tuple((kind, None if seat is None else rules.teams[seat]) for kind, seat, _ in awarded)
    return HandResult(
        bidder=bidder,
        bid=hand.high_bid,
        trump=trump,
        points=tuple(points),
        captured=tuple(tuple(sorted(c)) for c in captured),
        holder_points=holders,
        made=made,
        score_change=tuple(change),
        bidding_team=team,
        awards=awards,
        side_points=taken,
        tally=_tally(hand, awarded),
    )


def _tally(hand: Hand, awarded: list[tuple[str, int | None, int]]) -> tuple[tuple[str, int, int], ...]:
    """Every point won, in count-out order: High, Low, point cards high to low, Game."""
    tables = hand._trump_tables()
    teams = hand.rules.teams
    first = [(k, teams[s], p) for k, s, p in awarded if s is not None and k != "game"]
    won = [
        (slot, seat, tables.capture_points[slot] + tables.holder_points[slot])
        for seat, mask in enumerate(hand._captured)
        for slot in bits(mask)
    ]
    won += [
        (slot, seat, tables.holder_points[slot])
        for seat in range(hand.rules.players)
        for slot in bits((hand._start_held[seat] | _buried_kept(hand, seat)) & tables.holder_mask)
    ]
    # high to low; twin jokers (one rank) by team, so the order does not depend on which slot is which
    won.sort(key=lambda w: (-tables.power[w[0]], teams[w[1]]))
    cards = [(hand.rules.deck[slot].code, teams[seat], points) for slot, seat, points in won if points]
    last = [(k, teams[s], p) for k, s, p in awarded if s is not None and k == "game"]
    return tuple(first + cards + last)
