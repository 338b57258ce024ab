"""Who speaks and plays when round the table: the one definition of the order.

Seats are numbered round the table, and after the deal the bidding starts at the dealer's left
and goes round to the dealer, who speaks last. A seat's *position* is where it speaks in that
order, 0 for the dealer's left. Bots bid by position (the last to speak knows every other
bid), pages show each bid beside the seat that made it, and lessons count by position: all of
them ask here (or :meth:`Hand.position <pitchlab.engine.hand.Hand.position>` and
:meth:`Hand.seat_at <pitchlab.engine.hand.Hand.seat_at>`), so the order is written once. A trick
goes round the same way from its leader: :func:`still_to_play` names who is yet to play to it,
:func:`round_from` the whole round. The deal passes to the left after each hand
(:func:`dealer_of`), and what depends on where the dealer sits is keyed by
:func:`dealer_offset`. Every step round the table outside the engine goes through here
(``tests/test_layers.py`` checks that no other module does arithmetic modulo the players).
"""

from __future__ import annotations


def speaking_position(seat: int, dealer: int, players: int) -> int:
    """Where ``seat`` speaks in the bidding: 0 first (the dealer's left) to the dealer last."""
    return (seat - dealer - 1) % players


def seat_at(position: int, dealer: int, players: int) -> int:
    """The seat that speaks ``position``-th (the inverse of :func:`speaking_position`)."""
    return (dealer + 1 + position) % players


def speaking_order(dealer: int, players: int) -> tuple[int, ...]:
    """Every seat in the order they speak in the bidding, and draw in the refill: from the
    dealer's left round to the dealer."""
    return tuple(seat_at(k, dealer, players) for k in range(players))


def steps_left(seat: int, other: int, players: int) -> int:
    """How many places to the left of ``seat`` ``other`` sits (0 when it is ``seat``): the
    inverse of :func:`left_of`, which a seat names its neighbours by."""
    return (other - seat) % players


def still_to_play(seat: int, leader: int, players: int) -> list[int]:
    """The seats that play to a trick after ``seat``, in order, when ``leader`` led it (every
    other seat when ``seat`` leads)."""
    return [(seat + k) % players for k in range(1, (leader - seat) % players or players)]


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the left of ``seat``: the way the deal, the bidding and the
    play go round (a negative ``steps`` goes to the right)."""
    return (seat + steps) % players


def round_from(seat: int, players: int) -> tuple[int, ...]:
    """Every seat once, in the order they act, starting with ``seat`` (a trick's leader)."""
    return tuple((seat + k) % players for k in range(players))


def dealer_of(number: int, players: int, first: int = 0) -> int:
    """Who deals hand ``number`` (from 0) of a run of hands whose first is dealt by ``first``:
    the deal passes one seat to the left each hand."""
    return (first + number) % players


def dealer_offset(seat: int, dealer: int, players: int) -> int:
    """How many seats to the left of ``seat`` the dealer sits: 0 when ``seat`` deals, one less
    than the players when it speaks first. What a bot's chances after a hand are keyed by: it
    grows by one (:func:`left_of`) each hand, as the deal passes on."""
    return steps_left(seat, dealer, players)


def dealer_for(seat: int, position: int, players: int) -> int:
    """The dealer who puts ``seat`` at ``position`` in the bidding (the inverse, for the dealer,
    of :func:`speaking_position`)."""
    return (seat - 1 - position) % players


__all__ = [
    "dealer_for",
    "dealer_of",
    "dealer_offset",
    "left_of",
    "round_from",
    "seat_at",
    "speaking_order",
    "speaking_position",
    "steps_left",
    "still_to_play",
]
