"""Players: anything that looks at a seat's view and picks an action, with a reason.

A player sees only a :class:`~pitchlab.engine.view.SeatView`, never the hidden cards,
so bots cannot cheat and the tutorial can show exactly what a bot knew. Each
decision carries a one-line explanation for the "why?" panel.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from pitchlab.bots import claims, follow_suit_judgement, principles, trump_only_judgement
from pitchlab.bots.claims import Claim, Estimate, render
from pitchlab.bots.principles import Principle, opening
from pitchlab.bots.sure import known_partner
from pitchlab.engine.actions import PASS, Action, Bid, Bury, NameTrump, Pass, Play
from pitchlab.engine.bitset import mask_of
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.lookups import BidCode, assign_slots
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView

if TYPE_CHECKING:
    from pitchlab.bots.bidding import BidTrials, Choice
    from pitchlab.bots.ladder import Ladder


BiddingStyle = Literal["game", "ladder", "estimate"]
"""How the rule-based bot bids (see :class:`RuleBasedPlayer`): to win the game, by the
hand's strength as the bidding ladder learned it, or by the rough estimate alone."""


@dataclass(frozen=True)
class Decision:
    """An action and the reason a player gives for it.

    ``why`` is the seat's full reasoning, its own cards and all; ``claims`` are the
    checkable facts it rests on (see :mod:`pitchlab.bots.claims`): every factual
    part of ``why`` is rendered from one of them, so checking the claims checks the
    words. The full reasoning is for the seat's own player (a hint) and for after
    the hand: while the hand is on, the table hears only ``said`` and ``more``, the
    claims that give away none of the seat's hidden cards (:func:`decided`). A
    player that leaves ``said`` empty tells the table nothing.
    """

    action: Action
    why: str
    claims: tuple[Claim, ...] = ()
    said: str = ""
    """What the seat tells the table, in one short sentence: what it does, and why as far as
    the table may hear (:func:`pitchlab.bots.claims.first_sentence`)."""
    more: tuple[str, ...] = ()
    """The rest of what the table may hear, a claim a line: the numbers and facts a click away."""
    principle: Principle | None = None
    """The principle of good play the choice applies (:mod:`pitchlab.bots.principles`): ``why``
    opens with its name, and ``said`` with the name the table may hear."""

    @property
    def because(self) -> str:
        """The full reasoning after its principle, for a page that shows the principle apart."""
        if self.principle is None:
            return self.why
        return self.why.removeprefix(opening(self.principle, ""))

    def opened(self, words: str) -> str:
        """``words`` opening with the decision's principle, as a hint shows it."""
        return words if self.principle is None else opening(self.principle, words)


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
        why = f"picked {action} at random from {len(legal)} legal actions"
        return Decision(action, why, said="picked a legal move at random")

    def code(self, hand: Hand) -> int:
        """A random legal action code, for simulations."""
        codes = hand.legal_codes()
        return codes[int(self.rng.random() * len(codes))]


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
    """Rate a hand for one trump suit the way the rule-based bot does (see
    :func:`pitchlab.bots.trump_only_judgement.rate` for the rules of thumb)."""
    rating = trump_only_judgement.rate(rules, mask_of(assign_slots(rules, [cards])[0]), suit)
    deck = rules.deck
    return SuitEstimate(suit, tuple(deck[s] for s in rating.trump), rating.points_held, rating.expected)


class RuleBasedPlayer:
    """A sensible, explainable bot (its rules of thumb live in :mod:`pitchlab.bots.trump_only_judgement`).

    * **Bid** what the best suit's estimate says, if that beats the table, and
      do not outbid a partner without a clearly better hand.
    * **Name** the suit with the best estimate.
    * **Bury**: a bidder whose top trump nothing unseen can beat wins the first
      trick, and with it the buried cards, so it buries the point cards it could
      still lose. Otherwise the two first (its point is safe with its holder), then the
      lowest trump that carry no points; where buried cards go to the opponents
      with their points (thirty-one), the two is kept, since it would score for them.
    * **Play**: lead the highest trump still out when it is ours, otherwise a
      low card; take a trick that holds points when we can, but never spend a
      sure winner on a trick with nothing to take; give points to a partner who
      is sure to win, keeping back a card nothing can beat (it wins a trick of
      its own later); save the three; throw the two first when losing.

    :meth:`decide` answers a seat's view with a reason; :meth:`code` makes
    the same choice straight from a hand, for simulations that need no reasons.

    Where every card is played and suit must be followed (``play_rule ==
    "follow-suit"``, Auction Pitch and its family), the bot plays by the rules
    of thumb of :mod:`pitchlab.bots.follow_suit_judgement` instead: bid what the best suit
    is worth, pitch its top card, win cheaply what counts, follow low. That
    module also discards (keep trump and aces) and calls a partner (the
    highest trump not held) in the rulesets that have those steps, whatever
    their play rule.

    ``bidding="game"`` (the default) bids to win the game, not the hand: each
    answer is judged by the chance of winning the game from the scores it
    leaves (:mod:`pitchlab.bots.bidding`), in every ruleset pitchlab ships tables
    for, falling back on the ladder's way where the tables are too thin.
    ``bidding="ladder"`` is the bot's bidding before that: the shipped
    bidding ladder (:mod:`pitchlab.bots.ladder`), falling back on the estimate
    where the ladder has no data or the ruleset has no ladder (and, outside
    trump-only play, on :mod:`pitchlab.bots.follow_suit_judgement`); ``bidding="estimate"``
    bids from the estimate alone, as the bot did before the ladder existed (the
    ladder was derived against it). ``ladder`` replaces the shipped one, and ``tables``
    the shipped bid tables (a derivation in progress bids by the tables it is making).
    """

    def __init__(
        self, bidding: BiddingStyle = "game", ladder: Ladder | None = None, tables: BidTrials | None = None
    ) -> None:
        if bidding not in ("game", "ladder", "estimate"):
            raise ValueError(f"bidding must be 'game', 'ladder' or 'estimate', not {bidding!r}")
        self.bidding = bidding
        self.ladder = ladder
        self.tables = tables
        self.name = _NAMES[bidding]

    def decide(self, view: SeatView) -> Decision:
        rules = view.rules
        if view.phase is Phase.BID and self.bidding == "game":
            found = self._game_choice(view)
            if found is not None:
                from pitchlab.bots.bidding import claims_of

                judged, us, them, best = found
                return _bid_decision(view, judged.answer, best, claims_of(judged, us, them, rules), game=True)
        if rules.play_rule == "follow-suit" or view.phase in _SHARED_PHASES:
            choice = follow_suit_judgement.decide(view)
            conclusion, said = choice.explain()
            return decided(choice.action, conclusion, said, view)
        deck = rules.deck
        if view.phase is Phase.BID or view.phase is Phase.NAME_TRUMP:
            best = trump_only_judgement.best_rating(rules, mask_of(assign_slots(rules, [view.hand])[0]))
            if view.phase is Phase.NAME_TRUMP:
                holds = claims.HandHolds(best.suit, tuple(deck[s] for s in best.trump), best.points_held)
                guess = Estimate(
                    "points this hand should take as bidder", best.expected, "points", "rules of thumb"
                )
                return decided(NameTrump(best.suit), f"name {best.suit.symbol}", (holds, guess), view)
            # a bid or a pass; never a throw-in, a moon only if an estimate ever reached it
            codes = [
                a.value if isinstance(a, Bid) else 0 for a in view.legal_actions if isinstance(a, Bid | Pass)
            ]
            partner_high = _partner_high(view)
            code, _ = self.bid(rules, best, codes, view.high_bid, partner_high, view.position, fallback=True)
            found_claims: tuple[Claim, ...] = ()
            if self.bidding != "estimate":
                from pitchlab.bots.ladder import ladder_claim, ladder_for

                table = self.ladder or ladder_for(rules)
                gain = (
                    ladder_claim(table, best, code, view.high_bid, partner_high, view.position)
                    if table
                    else None
                )
                found_claims = (gain,) if gain is not None else ()
            if not found_claims:
                found_claims = (
                    Estimate(
                        "points this hand should take as bidder", best.expected, "points", "rules of thumb"
                    ),
                )
            return _bid_decision(view, code, best, found_claims)
        suit = view.trump
        assert suit is not None
        t = trump_only_judgement.suit_tables(rules, suit)
        if view.phase is Phase.BURY:
            trump = [c for c in view.hand if rules.is_trump(c, suit)]
            held, shown = assign_slots(rules, [trump, [c for pile in view.buried for c in pile]])
            slot, explain = trump_only_judgement.choose_bury(
                t,
                mask_of(held),
                rules.buried_to == "opponents",
                view.seat == view.bidder,
                t.trump_mask & ~(mask_of(held) | mask_of(shown)),
            )
            return _explained(Bury(deck[slot]), explain, view)
        trick = view.current_trick
        played = [c for done in view.tricks for c in done.cards]
        buried = [c for pile in view.buried for c in pile]
        # the trick's cards first, so its slots are the ones the rest of the hand cannot take
        now, playable, rest = assign_slots(rules, [trick.cards, view.playable, [*buried, *played]])
        seen = mask_of(now) | mask_of(playable) | mask_of(rest)
        assert view.bidder is not None
        out = sum(1 << s for s in view.passed_over)
        side = trump_only_judgement.sides(rules, view.seat, view.bidder, known_partner(view))
        slot, explain = trump_only_judgement.choose_play(
            t, side, view.seat, mask_of(playable), t.trump_mask & ~seen, now, trick.seats, out
        )
        return _explained(Play(deck[slot]), explain, view)

    def bid(
        self,
        rules: Ruleset,
        best: trump_only_judgement.Rating,
        legal: Sequence[int],
        high_bid: int,
        partner_high: bool,
        position: int,
        fallback: bool = False,
    ) -> tuple[int, str]:
        """A bid code (0 passes) and a reason template (``{bid}``, ``{high}``, ``{reason}``);
        ``position`` is 0 for the first to speak up to 3 for the dealer. The ladder's way
        (the game bidding falls back on it, ``fallback=True``)."""
        if self.bidding == "ladder" or (fallback and self.bidding == "game"):
            from pitchlab.bots.ladder import ladder_answer, ladder_for

            table = self.ladder or ladder_for(rules)
            found = ladder_answer(table, best, legal, high_bid, partner_high, position) if table else None
            if found is not None:
                return found
        return trump_only_judgement.choose_bid(rules, best, legal, high_bid, partner_high)

    def _game_choice(self, view: SeatView) -> tuple[Choice, int, int, trump_only_judgement.Rating] | None:
        """The game-winning choice at this seat's bid, with the scores it was judged at."""
        from pitchlab.bots.bidding import game_choice

        rules = view.rules
        mask = mask_of(assign_slots(rules, [view.hand])[0])
        legal = [
            a.value if isinstance(a, Bid) else 0 for a in view.legal_actions if isinstance(a, Bid | Pass)
        ]
        best = trump_only_judgement.best_rating(rules, mask)
        position = view.position
        found = game_choice(
            rules,
            mask,
            best,
            legal,
            view.high_bid,
            _partner_high(view),
            position,
            view.scores,
            rules.teams[view.seat],
            self.tables,
        )
        return None if found is None else (*found, best)

    def _game_bid(
        self,
        rules: Ruleset,
        mask: int,
        legal: Sequence[int],
        high_bid: int,
        partner_high: bool,
        position: int,
        scores: Sequence[int],
        seat: int,
    ) -> int | None:
        """The game-winning answer (:mod:`pitchlab.bots.bidding`), or ``None`` to bid the ladder's way."""
        from pitchlab.bots.bidding import game_choice

        best = trump_only_judgement.best_rating(rules, mask)
        found = game_choice(
            rules, mask, best, legal, high_bid, partner_high, position, scores, rules.teams[seat], self.tables
        )
        if found is None:
            return None
        self._chose(seat, found[0])
        return found[0].answer

    def _chose(self, seat: int, choice: Choice) -> None:
        """Called with every game-winning choice the fast path makes: a measuring subclass
        (:mod:`pitchlab.bots.calibration`) records the chances quoted; the bot itself needs none."""

    def code(self, hand: Hand) -> int:
        """The action code this bot picks for the seat to act, reading only what that seat may see."""
        rules = hand.rules
        seat = hand.actor
        phase = hand.phase
        if phase is _BID and self.bidding == "game":
            bidder = hand.bidder
            partner = bidder is not None and bidder != seat and rules.teams[bidder] == rules.teams[seat]
            legal = [c for c in hand.legal_codes() if c != _THROW_IN]
            found = self._game_bid(
                rules,
                hand.hand_mask(seat),
                legal,
                hand.high_bid,
                partner,
                hand.position(seat),
                hand.scores,
                seat,
            )
            if found is not None:
                return found
        if rules.play_rule == "follow-suit" or phase in _SHARED_PHASES:
            # the slot tables below know trump-only play alone
            return follow_suit_judgement.code(hand)
        suit = hand.trump
        if phase is Phase.PLAY:
            assert suit is not None
            assert hand.bidder is not None
            t = trump_only_judgement.suit_tables(rules, suit)
            unseen = t.trump_mask & ~(hand.hand_mask(seat) | hand.seen_by_all)
            mine = hand.held_mask(seat)
            out = hand.passed_over
            known = known_partner(hand.view(seat)) if rules.call_partner else None
            side = trump_only_judgement.sides(rules, seat, hand.bidder, known)
            return trump_only_judgement.choose_play(
                t, side, seat, mine, unseen, hand.trick_slots, hand.trick_seats, out
            )[0]
        if phase is Phase.BURY:
            assert suit is not None
            t = trump_only_judgement.suit_tables(rules, suit)
            unseen = t.trump_mask & ~(hand.hand_mask(seat) | hand.seen_by_all)
            return trump_only_judgement.choose_bury(
                t, hand.held_mask(seat), rules.buried_to == "opponents", seat == hand.bidder, unseen
            )[0]
        best = trump_only_judgement.best_rating(rules, hand.hand_mask(seat))
        if phase is Phase.NAME_TRUMP:
            return int(best.suit)
        bidder = hand.bidder
        partner_high = bidder is not None and bidder != seat and rules.teams[bidder] == rules.teams[seat]
        codes = [c for c in hand.legal_codes() if c != BidCode.THROW_IN]
        code, _ = self.bid(
            rules, best, codes, hand.high_bid, partner_high, hand.position(seat), fallback=True
        )
        return code


_NAMES = {
    "game": "rule-based",
    "ladder": "rule-based (ladder bidding)",
    "estimate": "rule-based (estimate bidding)",
}
"""The bot's name for each way of bidding."""

_BID = Phase.BID
"""(An enum member looked up on its class costs a descriptor call; :meth:`RuleBasedPlayer.code` reads this.)"""
_THROW_IN = BidCode.THROW_IN
"""(Likewise for the throw-in's code, which every bid's legal codes are filtered of.)"""
_SHARED_PHASES = (Phase.DISCARD, Phase.CALL)
"""Phases whose rules of thumb do not depend on the play rule (:mod:`pitchlab.bots.follow_suit_judgement` has them)."""


def _partner_high(view: SeatView) -> bool:
    """Whether the high bid so far is this seat's (fixed) partner's."""
    bidder, rules = view.bidder, view.rules
    return (
        bidder is not None
        and bidder != view.seat
        and not rules.call_partner
        and rules.teams[bidder] == rules.teams[view.seat]
    )


def _bid_decision(
    view: SeatView, code: int, best: trump_only_judgement.Rating, found: Sequence[Claim], game: bool = False
) -> Decision:
    """A bid or a pass, said with what the hand holds, where the auction stands, and ``found``;
    ``game``: judged by the chance of winning the game."""
    rules = view.rules
    deck = rules.deck
    action: Action = Bid(code) if code else PASS
    holds = claims.HandHolds(best.suit, tuple(deck[s] for s in best.trump), best.points_held)
    if not any(isinstance(a, Pass) for a in view.legal_actions):
        where: Claim = claims.DealerStuck()
    elif _partner_high(view):
        assert view.bidder is not None
        where = claims.PartnerBid(view.bidder, view.high_bid)
    else:
        where = claims.HighBid(view.high_bid)
    word = "pass" if not code else ("bid the moon" if code == rules.moon_bid else f"bid {code}")
    # a bid that keeps the contract from the other side says so first: it is the reason
    leading = tuple(x for x in found if isinstance(x, claims.TopBidKeeps))
    rest = tuple(x for x in found if not isinstance(x, claims.TopBidKeeps))
    return decided(action, word, (*leading, holds, where, *rest), view, game)


def _explained(action: Action, explain: trump_only_judgement.Explain, view: SeatView) -> Decision:
    """A decision whose words are rendered from its claims."""
    conclusion, found = explain(view.rules.deck)
    return decided(action, conclusion, found, view)


def decided(
    action: Action, conclusion: str, found: Sequence[Claim], view: SeatView, game: bool = False
) -> Decision:
    """A decision with its words rendered from its claims, opening with the principle it
    applies (:func:`pitchlab.bots.principles.principle_for`; ``game``: a bid judged by the
    chance of winning the game): the full reasoning (``why``), and what the seat may tell the
    table while the hand is on (``said``, ``more``: the claims that give away none of its
    hidden cards, as the table stands once ``action`` is taken)."""
    rules, seat = view.rules, view.seat
    principle, evidence = principles.principle_for(view, action, found, game)
    found = (*found, *evidence)
    told = claims.public(found, shown(view, action))
    # the principle heads the sentence like a title: the short sentence's budget is the rest's
    said = claims.first_sentence(conclusion, told, seat, rules)
    rest = told[1:] if said != conclusion else told
    return Decision(
        action,
        render(opening(principle, conclusion), found, seat, rules),
        tuple(found),
        opening(principles.said_aloud(principle), said),
        tuple(claim.words(seat, rules) for claim in rest),
        principle,
    )


def shown(view: SeatView, action: Action) -> claims.Shown:
    """What the whole table has seen once the seat of ``view`` takes ``action``: the cards
    laid face up (:meth:`SeatView.seen_by_all`, hands shown when thrown in, and the card the
    action lays down), the seats seen out of trump, and whether the sides are known."""
    cards = {*view.seen_by_all(), *(c for _, hand in view.thrown_in for c in hand)}
    if isinstance(action, Play | Bury):
        cards.add(action.card)
    rules = view.rules
    out: set[int] = set()
    if rules.play_rule == "trump-only" and view.phase is Phase.PLAY and view.bidder is not None:
        out = set(view.passed_over)
    played = {c for trick in (*view.tricks, view.current_trick) for c in trick.cards}
    known = not rules.call_partner or (view.called is not None and view.called in played)
    return claims.Shown(frozenset(cards), frozenset(out), known)


def play_hand(hand: Hand, players: Sequence[Player]) -> list[tuple[int, Decision]]:
    """Let ``players`` (one per seat) finish ``hand``; return who decided what."""
    log = []
    while not hand.is_over:
        seat = hand.actor
        decision = players[seat].decide(hand.view(seat))
        hand.apply(decision.action, seat)
        log.append((seat, decision))
    return log
