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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pitchlab.engine.bitset import bits
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.lookups import card_slots, trump_tables
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView

INF = 1 << 20


def supports(rules: Ruleset) -> bool:
    """Whether :func:`solve` can search hands of ``rules``: only trump played (so the tree is
    small), two fixed sides, buried cards to the first trick's winner, no contest points."""
    return (
        rules.play_rule == "trump-only"
        and rules.num_teams == 2
        and not rules.call_partner
        and rules.buried_to == "first-trick"
        and not rules.awards
    )


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

    def __init__(self, rules: Ruleset, suit: Suit) -> None:
        tables = trump_tables(rules, suit)
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
        for i in self.moves(held, seat, best_power):
            result = self.card(held, seat, i, leader, won, best_power, best_seat, pending, alpha, beta)
            if maximise:
                value = max(value, result)
                alpha = max(alpha, value)
            else:
                value = min(value, result)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def card(
        self,
        held: list[int],
        seat: int,
        i: int,
        leader: int,
        won: int,
        best_power: int,
        best_seat: int,
        pending: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Team 0's capture points if ``seat`` plays card ``i`` now (the first of equal cards stays best)."""
        power = self.power[i]
        held[seat] ^= 1 << i
        if power > best_power:
            best_power, best_seat = power, seat
        value = self.after(
            held, seat, leader, won + self.points[i], best_power, best_seat, pending, alpha, beta
        )
        held[seat] ^= 1 << i
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


@dataclass(frozen=True)
class Position:
    """A play-phase position as the solver needs it, all in deck slots.

    Made from a real hand (:meth:`of_hand`) or from what one seat sees plus a
    guess at the other hands (:meth:`of_view`), so a seat that cannot see the
    cards can solve the deals it thinks possible.
    """

    rules: Ruleset
    trump: Suit
    to_act: int
    legal: tuple[int, ...]
    """The slots the seat to act may play (one of two identical jokers)."""
    held: tuple[int, ...]
    """Each seat's playable trump, as a slot mask."""
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]
    pending: int
    """Points of the buried cards while the first trick is still to be won, else 0."""
    taken: tuple[int, ...]
    """Points each team has for sure: its captures, and the two for its holder's team."""

    @classmethod
    def of_hand(cls, hand: Hand, holdings: Sequence[int] | None = None) -> Position:
        if not supports(hand.rules):
            raise PitchError(
                f"the solver handles rulesets where only trump is played, by two fixed partnerships, "
                f"buried cards going to the first trick; {hand.rules.name} is not one"
            )
        if hand.phase is not Phase.PLAY:
            raise PitchError(f"the solver needs a hand in the play phase, not the {hand.phase} phase")
        assert hand.trump is not None and hand.to_act is not None
        held = (
            tuple(holdings)
            if holdings is not None
            else tuple(hand.held_mask(seat) for seat in range(hand.rules.players))
        )
        tables = trump_tables(hand.rules, hand.trump)
        pending = 0 if hand.tricks else sum([tables.capture_points[s] for s in bits(_buried(hand))])
        return cls(
            hand.rules,
            hand.trump,
            hand.to_act,
            tuple(hand.legal_codes()),
            held,
            tuple(hand.trick_slots),
            tuple(hand.trick_seats),
            pending,
            tuple(_taken(hand, held)),
        )

    @classmethod
    def of_view(cls, view: SeatView, others: Mapping[int, Sequence[Card]]) -> Position:
        """The seat's own view, with ``others`` (each other seat's trump now) filled in."""
        rules, suit = view.rules, view.trump
        if view.phase is not Phase.PLAY or suit is None or view.to_act != view.seat:
            raise PitchError(f"seat {view.seat}: the solver needs its turn in the play phase")
        tables = trump_tables(rules, suit)
        free = {card: list(slots) for card, slots in card_slots(rules).items()}

        def slot(card: Card) -> int:
            return free[card].pop(0)

        trick = tuple(slot(c) for c in view.current_trick.cards)
        for done in view.tricks:
            for c in done.cards:
                slot(c)
        buried = [sum(1 << slot(c) for c in pile) for pile in view.buried]
        held = [0] * rules.players
        held[view.seat] = sum(1 << slot(c) for c in view.playable)
        for seat, cards in others.items():
            held[seat] = sum(1 << slot(c) for c in cards)
        legal = tuple(_one_of_each(rules, held[view.seat]))
        taken = list(view.points)  # captures, and the two once it has been shown
        for seat in range(rules.players):
            for s in bits(held[seat] & tables.holder_mask):
                taken[rules.teams[seat]] += tables.holder_points[s]
        pending = 0 if view.tricks else sum([tables.capture_points[s] for m in buried for s in bits(m)])
        return cls(
            rules, suit, view.seat, legal, tuple(held), trick, view.current_trick.seats, pending, tuple(taken)
        )


def _one_of_each(rules: Ruleset, mask: int) -> list[int]:
    """The slots of a mask, one for each distinct card (identical jokers are one choice)."""
    seen: set[Card] = set()
    out = []
    for s in bits(mask):
        if rules.deck[s] not in seen:
            seen.add(rules.deck[s])
            out.append(s)
    return out


def solve(source: Hand | Position, holdings: Sequence[int] | None = None) -> Solution:
    """Solve a play-phase position exactly (every hand is known to the solver).

    ``source`` is a hand or a :class:`Position`; with a hand, ``holdings``
    (each seat's playable trump as a slot mask) may replace the hand's own,
    and the two's point then goes to whoever holds it in them. Raises
    :class:`PitchError` outside the play phase.
    """
    pos = source if isinstance(source, Position) else Position.of_hand(source, holdings)
    search = _Search(pos.rules, pos.trump)
    seat = pos.to_act
    held = [search.mask(mask) for mask in pos.held]
    trick = [search.index_of[slot] for slot in pos.trick]
    seats = pos.trick_seats
    power, points = search.power, search.points
    best_power, best_seat = -1, seat
    for i, who in zip(trick, seats, strict=True):
        if power[i] > best_power:
            best_power, best_seat = power[i], who
    leader = seats[0] if seats else seat
    pending = pos.pending
    won = sum([points[i] for i in trick])
    taken = pos.taken
    rest = sum([points[i] for mask in held for i in bits(mask)]) + won + pending
    values: dict[int, tuple[int, ...]] = {}
    for slot in pos.legal:
        i = search.index_of[slot]
        v0 = search.card(held, seat, i, leader, won, best_power, best_seat, pending, -INF, INF)
        values[slot] = (taken[0] + v0, taken[1] + rest - v0)
    team = pos.rules.teams[seat]
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
    for seat in range(hand.rules.players):
        mask |= hand.buried_mask(seat)
    return mask
