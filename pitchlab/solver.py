"""Perfect play with every hand known: the double-dummy solver.

Once trump is named, Pitch's play is a small game of perfect information for
anyone who can see all the cards: every card played is a trump, every trump
may be played to any trick, and the only question is who wins which trick.
The solver answers it exactly: the points each team takes from here if both
teams play perfectly (each team maximising its own points, partners working
together), and what every legal card is worth to the player to act.

How it stays fast in plain Python:

* hands are bit masks of deck slots, cards are looked up in per-suit tables;
* the points still to capture are shared by the two teams, so "each team
  maximises its own" is a zero-sum game on team 0's points: alpha-beta;
* positions between tricks are remembered (a transposition table keyed by who
  holds what and who leads), with the bounds alpha-beta proved for them;
* of several cards that are interchangeable for this seat (no card still in
  play ranks between them, and they carry the same points) only one is tried;
* likely winners are tried first, so the bounds tighten early.

The two (a holder's point) is scored before play and never captured, so the
search counts capture points only and adds the holder points at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pitchlab.bitset import bits
from pitchlab.errors import PitchError
from pitchlab.hand import Hand, Phase, trump_tables

INF = 1 << 20


@dataclass(frozen=True)
class Solution:
    """The value of a position under perfect play by both teams.

    ``points`` are each team's final points for the hand (what it has taken,
    the buried cards, the two, and what it will take); ``values`` the final
    points if the player to act plays that card and both teams play
    perfectly afterwards, by card slot (one slot for each distinct card).
    """

    to_act: int
    points: tuple[int, ...]
    values: dict[int, tuple[int, ...]]
    nodes: int = field(default=0, compare=False)

    def best(self) -> list[int]:
        """The slots that reach :attr:`points` (every card tied for best)."""
        team = self.team
        top = max(v[team] for v in self.values.values())
        return [slot for slot, v in self.values.items() if v[team] == top]

    team: int = field(default=0, compare=False)
    """The team of the player to act."""


class _Search:
    """One solve: the trump suit as rank indices, and a transposition table.

    Inside the search a card is its index among the suit's trump from low to
    high (0-15 in ten-point), so a hand is a 16-bit mask and the cards
    between two others are a contiguous run of bits.
    """

    def __init__(self, hand: Hand) -> None:
        rules = hand.rules
        assert hand.trump is not None
        tables = trump_tables(rules, hand.trump)
        slots = sorted(bits(tables.trump_mask), key=lambda s: (tables.power[s], s))
        self.slot_of = slots
        self.index_of = {slot: i for i, slot in enumerate(slots)}
        self.power = [tables.power[s] for s in slots]
        self.points = [tables.capture_points[s] for s in slots]
        # the run of indices sharing each card's rank (the identical jokers share one)
        self.low = [min(j for j in range(len(slots)) if self.power[j] == p) for p in self.power]
        self.high = [max(j for j in range(len(slots)) if self.power[j] == p) for p in self.power]
        self.teams = rules.teams
        self.n = rules.players
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def mask(self, slots: int) -> int:
        """A slot mask as an index mask."""
        out = 0
        for slot in bits(slots):
            out |= 1 << self.index_of[slot]
        return out

    # ------------------------------------------------------------- moves

    def moves(self, held: Sequence[int], seat: int, best_power: int) -> list[int]:
        """The seat's cards worth trying, one of each interchangeable group, high first.

        Two cards are interchangeable when they carry the same points and no
        card still in play (in any hand, or the trick's best so far) ranks
        between them or equal to either: whichever is played, every trick
        goes the same way. High cards first: the likeliest to take the trick.
        """
        mine = held[seat]
        if not mine & (mine - 1):
            return [mine.bit_length() - 1]
        others = 0
        for s, mask in enumerate(held):
            if s != seat:
                others |= mask
        power, points, low, high = self.power, self.points, self.low, self.high
        kept: list[int] = []
        last = -1
        m = mine
        while m:
            bit = m & -m
            i = bit.bit_length() - 1
            m ^= bit
            if last >= 0 and points[last] == points[i]:
                span = ((2 << high[i]) - 1) & ~((1 << low[last]) - 1)
                if not others & span and not power[last] <= best_power <= power[i]:
                    continue
            kept.append(i)
            last = i
        kept.reverse()
        return kept

    # ------------------------------------------------------------ search

    def trick_start(self, held: tuple[int, ...], leader: int, pending: int, alpha: int, beta: int) -> int:
        """Team 0's capture points from a trick's first lead to the end; ``pending`` is the
        points of the buried cards, which go with the first trick."""
        key = (*held, leader, pending)
        found = self.table.get(key)
        if found is not None:
            low, high = found
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        value = self.play(list(held), leader, leader, 0, -1, leader, pending, alpha, beta)
        low, high = found if found is not None else (-INF, INF)
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high)
        return value

    def play(
        self,
        held: list[int],
        seat: int,
        leader: int,
        won: int,
        best_power: int,
        best_seat: int,
        pending: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Team 0's capture points from here, ``seat`` to play to the current trick
        (which holds ``won`` points so far)."""
        self.nodes += 1
        maximise = self.teams[seat] == 0
        value = -INF if maximise else INF
        power, points = self.power, self.points
        for i in self.moves(held, seat, best_power):
            held[seat] ^= 1 << i
            if power[i] > best_power:
                result = self.after(held, seat, leader, won + points[i], power[i], seat, pending, alpha, beta)
            else:
                result = self.after(
                    held, seat, leader, won + points[i], best_power, best_seat, pending, alpha, beta
                )
            held[seat] ^= 1 << i
            if maximise:
                value = max(value, result)
                alpha = max(alpha, value)
            else:
                value = min(value, result)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def after(
        self,
        held: list[int],
        seat: int,
        leader: int,
        won: int,
        best_power: int,
        best_seat: int,
        pending: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Continue after ``seat`` played: the next seat in the trick, or score it and lead again."""
        n = self.n
        s = (seat + 1) % n
        while s != leader:
            if held[s]:
                return self.play(held, s, leader, won, best_power, best_seat, pending, alpha, beta)
            s = (s + 1) % n
        gain = won + pending if self.teams[best_seat] == 0 else 0
        nxt = _next_leader(held, best_seat, n)
        if nxt is None:
            return gain
        return gain + self.trick_start(tuple(held), nxt, 0, alpha - gain, beta - gain)


def _next_leader(held: Sequence[int], seat: int, n: int) -> int | None:
    for k in range(n):
        s = (seat + k) % n
        if held[s]:
            return s
    return None


def solve(hand: Hand, holdings: Sequence[int] | None = None) -> Solution:
    """Solve a play-phase position of ``hand`` exactly (every hand is known to the solver).

    ``holdings`` (each seat's playable trump as a slot mask) replaces the
    hand's own: a seat that cannot see the others solves the deals it thinks
    possible this way. The two's point goes to whoever holds it in the
    holdings, or played or buried it. Raises :class:`PitchError` outside the
    play phase.
    """
    if hand.phase is not Phase.PLAY:
        raise PitchError(f"the solver needs a hand in the play phase, not the {hand.phase} phase")
    search = _Search(hand)
    seat = hand.to_act
    assert seat is not None
    slots_held = list(holdings) if holdings is not None else hand.held
    held = [search.mask(mask) for mask in slots_held]
    trick = [search.index_of[slot] for slot in hand.trick_slots]
    seats = hand.trick_seats
    power, points = search.power, search.points
    best_power, best_seat = -1, seat
    for i, who in zip(trick, seats, strict=True):
        if power[i] > best_power:
            best_power, best_seat = power[i], who
    leader = seats[0] if seats else seat
    pending = 0 if hand.tricks else sum([points[i] for i in bits(search.mask(_buried(hand)))])
    won = sum([points[i] for i in trick])
    taken = _taken(hand, slots_held)
    rest = sum([points[i] for mask in held for i in bits(mask)]) + won + pending
    values: dict[int, tuple[int, ...]] = {}
    for slot in hand.legal_codes():
        i = search.index_of[slot]
        held[seat] ^= 1 << i
        if power[i] > best_power:
            v0 = search.after(held, seat, leader, won + points[i], power[i], seat, pending, -INF, INF)
        else:
            v0 = search.after(held, seat, leader, won + points[i], best_power, best_seat, pending, -INF, INF)
        held[seat] ^= 1 << i
        values[slot] = (taken[0] + v0, taken[1] + rest - v0)
    team = hand.rules.teams[seat]
    top = max(values.values(), key=lambda v: v[team])
    return Solution(seat, top, values, search.nodes, team)


def _taken(hand: Hand, held: Sequence[int]) -> list[int]:
    """Points each team has for sure: what it captured, and the two's point for the team of
    whoever holds it (in ``held``) or played or buried it."""
    rules = hand.rules
    assert hand.trump is not None
    tables = trump_tables(rules, hand.trump)
    taken = [0] * rules.num_teams
    for seat in range(rules.players):
        team = rules.teams[seat]
        taken[team] += sum([tables.capture_points[s] for s in bits(hand.captured_mask(seat))])
        holder = (held[seat] | hand.shown_mask(seat)) & tables.holder_mask
        taken[team] += sum([tables.holder_points[s] for s in bits(holder)])
    return taken


def _buried(hand: Hand) -> int:
    mask = 0
    for m in hand.buried:
        mask |= m
    return mask
