"""Players: anything that looks at a seat's view and picks an action, with a reason.

A player sees only a :class:`~pitchlab.view.SeatView`, never the hidden cards,
so bots cannot cheat and the tutorial can show exactly what a bot knew. Each
decision carries a one-line explanation for the "why?" panel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pitchlab.actions import PASS, Action, Bid, Bury, NameTrump, Play
from pitchlab.cards import Card, Suit
from pitchlab.hand import Hand, Phase
from pitchlab.rules import Ruleset
from pitchlab.view import SeatView


@dataclass(frozen=True)
class Decision:
    """An action and the reason a player gives for it."""

    action: Action
    why: str


class Player(Protocol):
    """Chooses an action for the seat whose view it is given."""

    name: str

    def decide(self, view: SeatView) -> Decision: ...


class RandomPlayer:
    """Picks uniformly among the legal actions; reproducible from its seed."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def decide(self, view: SeatView) -> Decision:
        legal = view.legal_actions
        action = legal[int(self.rng.random() * len(legal))]
        return Decision(action, f"picked {action} at random from {len(legal)} legal actions")


# ------------------------------------------------------------------ rule-based


@dataclass(frozen=True)
class SuitEstimate:
    """How a hand looks with one suit as trump, before the refill."""

    suit: Suit
    trump: tuple[Card, ...]
    points_held: int
    expected: float
    """A rough count of the points this hand should take as bidder."""


def estimate(rules: Ruleset, cards: Sequence[Card], suit: Suit) -> SuitEstimate:
    """Rate a hand for one trump suit with simple, explainable rules of thumb.

    The ace and the two are sure points (nothing beats the ace; the two scores
    for its holder). Other point cards count half, or fully when a higher trump
    in hand can protect them. Each trump beyond three adds a little, because the
    bidder also collects the trump left in the stock.
    """
    trump = sorted((c for c in cards if rules.is_trump(c, suit)), key=lambda c: -rules.trump_rank(c, suit))
    held = sum(rules.points_of(c, suit) for c in trump)
    expected = 0.0
    top = rules.trump_rank(trump[0], suit) if trump else 0
    for card in trump:
        points = rules.points_of(card, suit)
        if not points:
            continue
        role = rules.role_of(card, suit)
        sure = role == "2" or rules.trump_rank(card, suit) == len(rules.trump_order)
        protected = top > rules.trump_rank(card, suit) and len(trump) >= 4
        expected += points if sure or protected else points / 2
    expected += 0.6 * max(0, len(trump) - 3)
    # the bidder names trump and collects the rest of the stock: worth about two points
    expected += 2.0
    return SuitEstimate(suit, tuple(trump), held, expected)


class RuleBasedPlayer:
    """A sensible, explainable bot.

    * **Bid** what the best suit's estimate says, if that beats the table, and
      do not outbid a partner without a clearly better hand.
    * **Name** the suit with the best estimate.
    * **Bury** the two first (its point is safe with its holder), then the
      lowest trump that carry no points.
    * **Play**: lead the highest trump still out when it is ours, otherwise a
      low card; take a trick that holds points when we can; give points to a
      partner who is sure to win; save the three; throw the two when losing.
    """

    name = "rule-based"

    def decide(self, view: SeatView) -> Decision:
        if view.phase is Phase.BID:
            return self._bid(view)
        if view.phase is Phase.NAME_TRUMP:
            best = max(self._estimates(view), key=lambda e: e.expected)
            return Decision(
                NameTrump(best.suit),
                f"{best.suit.symbol} gives {len(best.trump)} trump holding {_points(best.points_held)}",
            )
        if view.phase is Phase.BURY:
            return self._bury(view)
        return self._play(view)

    def _estimates(self, view: SeatView) -> list[SuitEstimate]:
        return [estimate(view.rules, view.hand, suit) for suit in Suit]

    def _bid(self, view: SeatView) -> Decision:
        rules = view.rules
        legal = view.legal_actions
        best = max(self._estimates(view), key=lambda e: e.expected)
        target = min(rules.max_bid, int(best.expected))
        reason = (
            f"best suit {best.suit.symbol}: {len(best.trump)} trump, {_points(best.points_held)} in hand,"
            f" worth about {best.expected:.1f} points"
        )
        if PASS not in legal:
            forced = legal[0]
            return Decision(forced, f"everyone passed, so the dealer must {forced}; {reason}")
        partner_high = view.bidder is not None and view.bidder == view.partner
        if partner_high and target < view.high_bid + 2:
            return Decision(PASS, f"partner already bid {view.high_bid}; {reason}")
        bids = [a for a in legal if isinstance(a, Bid) and a.value <= target]
        if not bids:
            return Decision(PASS, f"{reason}: not enough to bid over {view.high_bid or 'nothing'}")
        choice = bids[0] if view.high_bid else bids[-1]
        if not view.high_bid:
            choice = next((b for b in bids if b.value == max(rules.min_bid, min(target, 6))), bids[-1])
        return Decision(choice, f"{reason}, so {choice}")

    def _bury(self, view: SeatView) -> Decision:
        rules, suit = view.rules, view.trump
        assert suit is not None
        cards = [a.card for a in view.legal_actions if isinstance(a, Bury)]
        for card in cards:
            if rules.role_of(card, suit) in _holder_roles(rules):
                return Decision(Bury(card), f"bury {card.label}: its point stays with us, buried or not")
        plain = [c for c in cards if not rules.points_of(c, suit)]
        pool = plain or cards
        low = min(pool, key=lambda c: rules.trump_rank(c, suit))
        why = "lowest trump with no points" if plain else "every spare trump carries points; lowest one"
        return Decision(Bury(low), f"bury {low.label}: {why}")

    def _play(self, view: SeatView) -> Decision:
        rules, suit = view.rules, view.trump
        assert suit is not None
        mine = sorted(view.playable, key=lambda c: rules.trump_rank(c, suit))  # low to high
        rank = {c: rules.trump_rank(c, suit) for c in mine}
        pts = {c: rules.points_of(c, suit) for c in mine}
        unseen = view.unseen_trump()
        top_out = max((rules.trump_rank(c, suit) for c in unseen), default=0)
        trick = view.current_trick
        holder = _holder_roles(rules)

        def safe_low(cards: list[Card]) -> Card:
            # a card we do not mind losing: no points, else a holder card (the two), else the lowest
            plain = [c for c in cards if not pts[c]]
            if plain:
                return plain[0]
            holders = [c for c in cards if rules.role_of(c, suit) in holder]
            return holders[0] if holders else min(cards, key=lambda c: (pts[c], rank[c]))

        if not trick.cards:
            boss = mine[-1]
            if rank[boss] > top_out:
                return Decision(Play(boss), f"lead {boss.label}: no trump still out can beat it")
            low = safe_low(mine)
            if pts[low] and rules.role_of(low, suit) not in holder:
                return Decision(
                    Play(low), f"lead {low.label}: every card left carries points; this risks least"
                )
            return Decision(Play(low), f"lead {low.label}: a cheap card to draw out higher trump")

        best_seat, best_rank = _trick_leader(rules, suit, trick.cards, trick.seats)
        partner_winning = rules.teams[best_seat] == rules.teams[view.seat]
        later = _seats_still_to_play(view)
        opponents_later = any(rules.teams[s] != rules.teams[view.seat] for s in later)
        at_stake = sum(rules.points_of(c, suit) for c in trick.cards)
        if partner_winning and (best_rank > top_out or not opponents_later):
            giving = [c for c in mine if pts[c] and rules.role_of(c, suit) not in holder]
            if giving:
                card = max(giving, key=lambda c: pts[c])
                return Decision(Play(card), f"partner wins this trick for sure: add {card.label} to it")
            low = safe_low(mine)
            return Decision(Play(low), f"partner wins this trick: play {low.label}")
        winners = [c for c in mine if rank[c] > best_rank]
        if winners:
            sure = [c for c in winners if rank[c] > top_out or not opponents_later]
            if sure:
                card = min(sure, key=lambda c: (rank[c] if not opponents_later else -pts[c], rank[c]))
                if not opponents_later:
                    # last to play against us: win as cheaply as possible, adding points if we can
                    card = max(sure, key=lambda c: (pts[c], -rank[c]))
                return Decision(Play(card), f"{card.label} wins the trick ({_points(at_stake)} in it)")
            if at_stake:
                card = winners[-1]
                return Decision(Play(card), f"{card.label} fights for the {_points(at_stake)} in the trick")
        low = safe_low(mine)
        if pts[low] and rules.role_of(low, suit) not in holder:
            return Decision(Play(low), f"only point cards left: {low.label} is the cheapest to give up")
        return Decision(Play(low), f"cannot win this trick: keep points back and play {low.label}")


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _holder_roles(rules: Ruleset) -> frozenset[str]:
    return _HOLDER_ROLES.get(rules) or _HOLDER_ROLES.setdefault(
        rules, frozenset(p.role for p in rules.point_cards if p.scorer == "holder")
    )


_HOLDER_ROLES: dict[Ruleset, frozenset[str]] = {}


def _trick_leader(rules: Ruleset, suit: Suit, cards: Sequence[Card], seats: Sequence[int]) -> tuple[int, int]:
    best_seat, best_rank = seats[0], -1
    for card, seat in zip(cards, seats, strict=True):
        r = rules.trump_rank(card, suit)
        if r > best_rank:
            best_seat, best_rank = seat, r
    return best_seat, best_rank


def _seats_still_to_play(view: SeatView) -> list[int]:
    """Seats after this one in the current trick that may still hold trump."""
    n = view.rules.players
    leader = view.current_trick.leader
    out: list[int] = []
    seat = (view.seat + 1) % n
    while seat != leader:
        out.append(seat)
        seat = (seat + 1) % n
    return out


def play_hand(hand: Hand, players: Sequence[Player]) -> list[tuple[int, Decision]]:
    """Let ``players`` (one per seat) finish ``hand``; return who decided what."""
    log = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        decision = players[seat].decide(hand.view(seat))
        hand.apply(decision.action, seat)
        log.append((seat, decision))
    return log
