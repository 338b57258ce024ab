"""Who speaks and plays when round the table: the one definition of the order.

Seats are numbered round the table, and after the deal the bidding starts at the dealer's left
and goes round to the dealer, who speaks last. A seat's *position* is where it speaks in that
order, 0 for the dealer's left. Bots bid by position (the last to speak knows every other
bid), pages show each bid beside the seat that made it, and lessons count by position: all of
them ask here (or :meth:`Hand.position <pitchlab.engine.hand.Hand.position>` and
:meth:`Hand.seat_at <pitchlab.engine.hand.Hand.seat_at>`), so the order is written once. A trick
goes round the same way from its leader: :func:`still_to_play` names who is yet to play to it.
"""

from __future__ import annotations


def speaking_position(seat: int, dealer: int, players: int) -> int:
    """Where ``seat`` speaks in the bidding: 0 first (the dealer's left) to the dealer last."""
    return (seat - dealer - 1) % players


def seat_at(position: int, dealer: int, players: int) -> int:
    """The seat that speaks ``position``-th (the inverse of :func:`speaking_position`)."""
    return (dealer + 1 + position) % players


def still_to_play(seat: int, leader: int, players: int) -> list[int]:
    """The seats that play to a trick after ``seat``, in order, when ``leader`` led it (every
    other seat when ``seat`` leads)."""
    return [(seat + k) % players for k in range(1, (leader - seat) % players or players)]


__all__ = ["seat_at", "speaking_position", "still_to_play"]
