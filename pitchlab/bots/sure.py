"""What a seat can be sure of in a trick: that its side takes it, and the points that banks.

Sure means provable from what the seat has seen, in every deal it cannot rule out
(trump-only play: only trump reach a trick). The strong bot prefers a sure capture
over a near-tie, and the principles a reason opens with (:mod:`pitchlab.bots.principles`)
are told by the same facts, so one definition serves both.
"""

from __future__ import annotations

from pitchlab.bots.claims import Claim, NoOpponentAfter, TrickPoints, Unbeatable, Winning, WinsForSure
from pitchlab.engine.cards import Card
from pitchlab.engine.seats import still_to_play
from pitchlab.engine.tricks import beats, trick_winner
from pitchlab.engine.view import SeatView

Bank = tuple[int, tuple[Claim, ...]]
"""Points banked for sure, and the claims that prove it."""


def sure_bank(view: SeatView, card: Card) -> Bank | None:
    """The points that playing ``card`` now wins for this seat's side for certain, with the
    facts that make it certain, or ``None`` where nothing is banked for sure.

    Sure means provable from what the seat has seen, in every deal it cannot
    rule out (see :func:`sure_ours`). The points are the capture points in the
    trick and on ``card`` itself (the two scores for its holder and is never
    banked this way), except a card of ours that nothing unseen can beat: its
    points are safe whenever it is played.
    """
    trick = view.current_trick
    pointed = tuple(c for c in trick.cards if capture(view, c))
    if not pointed and not capture(view, card):
        return None
    found = sure_ours(view, card)
    if found is None:
        return None
    proof, safe_anyway = found
    banked = sum(capture(view, c) for c in pointed) + (0 if safe_anyway else capture(view, card))
    if not banked:
        return None
    return banked, (*proof, TrickPoints(pointed, sum(capture(view, c) for c in pointed)))


def sure_ours(view: SeatView, card: Card) -> tuple[tuple[Claim, ...], bool] | None:
    """Whether this seat's side surely takes the current trick if ``card`` is played now: the
    facts that prove it, and whether ``card`` itself wins it unbeatably (its points are then
    safe whenever it is played); ``None`` if the seat cannot be sure.

    Sure means provable from what the seat has seen, in every deal it cannot
    rule out: our side's card wins the trick because no trump still unseen
    outranks it (an identical joker does not: the first played wins) or
    because no opponent plays to the trick after this seat.
    """
    rules, seat, trump = view.rules, view.seat, view.trump
    assert trump is not None
    trick = view.current_trick
    cards, seats = (*trick.cards, card), (*trick.seats, seat)
    won = trick_winner(rules, trump, cards)  # an equal rank (the twin joker): the first played
    winner, winner_seat = cards[won], seats[won]
    if rules.teams[winner_seat] != rules.teams[seat]:
        return None
    n = rules.players
    leader = trick.seats[0] if trick.seats else seat
    after = still_to_play(seat, leader, n)
    unseen = view.unseen_trump()
    unbeatable = not any(beats(rules, trump, trump, u, winner) for u in unseen)
    mine = winner_seat == seat and unbeatable
    if not any(rules.teams[s] != rules.teams[seat] for s in after):
        proof: tuple[Claim, ...] = (
            (NoOpponentAfter(),) if winner_seat == seat else (Winning(winner_seat, winner), NoOpponentAfter())
        )
        return proof, mine
    if not unbeatable:
        return None
    if winner_seat == seat:
        return (Unbeatable(card, twin=card in unseen),), True
    return (WinsForSure(winner_seat, winner),), False


def risked(view: SeatView, card: Card) -> int:
    """The points playing ``card`` now may hand to the opponents: its capture points, unless
    this seat's side is sure to take the trick with it (see :func:`sure_ours`)."""
    points = capture(view, card)
    return points if points and sure_ours(view, card) is None else 0


def capture(view: SeatView, card: Card) -> int:
    """Points the card's capturer scores for it (the two scores for its holder: none)."""
    assert view.trump is not None
    table = view.rules.trump(view.trump)
    return table.points.get(card, 0) if table.scorers.get(card) == "capturer" else 0


def known_partner(view: SeatView) -> int | None:
    """Where the bidder calls a partner by a card: the card's holder, if this seat knows it
    (it holds the card, or has seen it played); ``None`` otherwise or with fixed teams."""
    if not view.rules.call_partner or view.called is None:
        return None
    for trick in (*view.tricks, view.current_trick):
        for card, who in zip(trick.cards, trick.seats, strict=True):
            if card == view.called:
                return who
    return view.seat if view.called in view.hand else None
