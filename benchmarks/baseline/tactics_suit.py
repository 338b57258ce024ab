"""The rule-based bot's judgement for follow-suit rulesets (Auction Pitch and its family).

FROZEN: a copy of ``pitchlab/bots/tactics_suit.py`` as of commit 67acb9f, kept unchanged so that
the ``rule-based-v1`` and ``strong-v1`` baselines (:mod:`benchmarks.baseline`) play as the
bots did that day. Never edit it to improve play: improve :mod:`pitchlab.bots.tactics_suit` instead.

In these games every card is played, the pitcher's first lead makes trump, and
the points are contests (High, Low, Game) plus a few point cards (the Jack).
So the bot reasons about whole tricks, not just trump: which side wins this
trick, what it is worth, and what each card in hand is worth keeping.

Everything here reads a seat's view only (:class:`Table`), and every rule
of thumb is driven by the ruleset's parameters (its trump order, point cards,
awards, teams and deal sizes), never by its name, so a new follow-suit preset
gets a sensible bot for free. Each choice comes back with a one-line reason,
written for a learner, in the voice of :class:`~pitchlab.bots.players.RuleBasedPlayer`.

The rules of thumb:

* **Bid** what the best suit is worth: the chance that its top card is High
  and its bottom card Low (how likely is a higher or lower trump to have been
  dealt to someone else?), its point cards and how well they are protected,
  and a share of Game from trump length and counting cards. Bid that once;
  the dealer, who speaks last, takes the contract as cheaply as the rules allow.
* **Pitch** the best suit's highest card.
* **Lead** a trump nothing still out can beat (it pulls the others' trump and
  the points with them), else a cheap card that counts for nothing.
* **Follow**: win a trick cheaply when a point (the Jack, High or Low, a ten,
  Game points) is at stake; otherwise follow low. Never overtake a partner
  who is winning; when the partner is sure to win, give it counting cards.
  Void in the suit led and nothing worth winning: dump a low card that counts
  for nothing.

Some presets add steps, and the bot has a rule of thumb for each: **name**
the best suit where trump is named rather than pitched; **throw in** a hand
too weak to bid where the rules allow a new deal; in a discard-and-draw
exchange **keep** trump and aces and draw for the rest; and where the bidder
**calls** a partner by a card, call the highest trump it does not hold. The
last two serve trump-only rulesets too.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pitchlab.engine.actions import PASS, Action, Bid, Call, Discard, NameTrump, Pass, Play, ThrowIn
from pitchlab.engine.cards import CARDS, Card, Suit
from pitchlab.engine.hand import Phase, Trick
from pitchlab.engine.rules import GAME_VALUES, Ruleset

if TYPE_CHECKING:
    from pitchlab.engine.hand import Hand

Choice = tuple[Action, str]
"""An action and the reason given for it."""


class Table(Protocol):
    """What the bot reads of a seat's view: a :class:`~pitchlab.engine.view.SeatView` is one, and
    so is the lighter :func:`table_of` that simulations build straight from a hand."""

    @property
    def seat(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def dealer(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def high_bid(self) -> int: ...
    @property
    def bidder(self) -> int | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def current_trick(self) -> Trick: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    def seen_cards(self) -> tuple[Card, ...]: ...


@dataclass(frozen=True)
class HandTable:
    """The part of a seat's view the bot reads, built from a hand without the rest of a
    :class:`~pitchlab.engine.view.SeatView` (no scores, no piles): the same facts, read faster."""

    seat: int
    rules: Ruleset
    dealer: int
    phase: Phase
    hand: tuple[Card, ...]
    high_bid: int
    bidder: int | None
    trump: Suit | None
    current_trick: Trick
    legal_actions: tuple[Action, ...]
    shown: tuple[Card, ...]
    """Every card laid face up: buried, or played to a finished trick (the current trick's
    cards are in ``current_trick``)."""

    def seen_cards(self) -> tuple[Card, ...]:
        """Every card this seat has seen: its hand, the buried cards, every card played."""
        return self.hand + self.shown + self.current_trick.cards


def table_of(hand: Hand, seat: int) -> HandTable:
    """What ``seat`` may see of ``hand``, as the bot reads it."""
    return HandTable(
        seat=seat,
        rules=hand.rules,
        dealer=hand.dealer,
        phase=hand.phase,
        hand=hand.hand_of(seat),
        high_bid=hand.high_bid,
        bidder=hand.bidder,
        trump=hand.trump,
        current_trick=hand.current_trick,
        legal_actions=hand.legal_actions() if hand.to_act == seat else (),
        shown=tuple(c for s in range(hand.rules.players) for c in hand.buried_by(s))
        + tuple(c for t in hand.tricks for c in t.cards),
    )


# ------------------------------------------------------------------ card facts


# per card index, looked up thousands of times a hand: the printed suit and rank (None and 0
# for a joker) and the game points
_SUIT: tuple[Suit | None, ...] = tuple(c.suit for c in CARDS)
_RANK: tuple[int, ...] = tuple(0 if c.rank is None else int(c.rank) for c in CARDS)
_GAME: tuple[int, ...] = tuple(0 if c.rank is None else GAME_VALUES.get(c.rank.letter, 0) for c in CARDS)


def game_value(card: Card) -> int:
    """Game points the card counts for whoever captures it (ten 10, ace 4, king 3, queen 2, jack 1)."""
    return _GAME[card]


def suit_in_play(rules: Ruleset, card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card counts as: trump for every trump (an off-jack too), else its printed suit."""
    if trump is not None and rules.is_trump(card, trump):
        return trump
    return _SUIT[card]


def power(rules: Ruleset, card: Card, trump: Suit | None, led: Suit | None) -> int:
    """How strongly a card bids for a trick: any trump beats the suit led, which beats the rest (0)."""
    if trump is not None:
        rank = rules.trump_rank(card, trump)
        if rank:
            return 100 + rank
    if led is not None and led != trump and _SUIT[card] == led:
        return _RANK[card]
    return 0


# ------------------------------------------------------------------ bidding


@dataclass(frozen=True)
class SuitRating:
    """What one suit as trump is worth to a hand, before anything is played.

    Each part is the expected points for the seat's side, by the rules of thumb
    in :func:`rate_suit`.
    """

    suit: Suit
    trump: tuple[Card, ...]
    """The hand's trump in this suit, highest first."""
    parts: tuple[tuple[str, float], ...]
    """(what, expected points): High, Low, each point card, Game."""

    @property
    def expected(self) -> float:
        return sum(value for _, value in self.parts)

    def describe(self) -> str:
        """A learner's summary, e.g. ``♠: 3 trump (A♠ J♠ 2♠), about 3.1 points (High 1.0, ...)``."""
        held = " ".join(c.label for c in self.trump) or "none"
        parts = ", ".join(f"{what} {value:.1f}" for what, value in self.parts)
        return f"{self.suit.symbol}: {len(self.trump)} trump ({held}), about {self.expected:.1f} points ({parts})"


def rate_suit(rules: Ruleset, hand: Sequence[Card], suit: Suit, seat: int = 0) -> SuitRating:
    """Rate a hand with ``suit`` as trump; ``seat`` only matters for who the partners are.

    * **High / Low**: my highest (lowest) trump is High (Low) unless a higher
      (lower) trump I do not hold was dealt to someone else; each such card is
      out with the chance ``dealt``, the share of the unseen cards dealt to the
      other seats. A partner's High or Low counts for us too. A Low that its
      capturer scores goes, whoever holds it, to the side that wins the trump
      trick it falls in: count it at a share that grows with trump length.
    * **Point cards** (the Jack): held, worth more the more higher trump guard
      it; not held, worth a little when a partner may hold it or my higher
      trump may catch it.
    * **Game**: an even share between the sides, more with long trump and
      with counting cards (tens, aces) in hand.
    """
    players = rules.players
    teams = rules.teams
    partners = sum(1 for s in range(players) if s != seat and teams[s] == teams[seat])
    share = partners / (players - 1)  # of the cards dealt to the other seats, the share partners hold
    unseen = len(rules.deck) - rules.hand_size
    dealt = min(1.0, (players - 1) * rules.hand_size / unseen) if unseen else 1.0
    table = rules.trump(suit)
    ranks = table.ranks
    mine = sorted((c for c in hand if c in ranks), key=lambda c: -ranks[c])
    held = Counter(mine)
    out = Counter(table.cards) - held
    parts: list[tuple[str, float]] = []

    def ours(p_mine: float) -> float:
        """Chance a contest card is our side's: mine, or else a partner's share of the rest."""
        return p_mine + (1 - p_mine) * share

    trick_share = min(0.85, 0.45 + 0.06 * len(mine))
    for award in rules.awards:
        if award.kind == "game":
            continue
        if mine:
            edge = mine[0] if award.kind == "high" else mine[-1]
            beyond = sum(
                n
                for c, n in out.items()
                if (ranks[c] > ranks[edge] if award.kind == "high" else ranks[c] < ranks[edge])
            )
            p_mine = (1 - dealt) ** beyond
        else:
            p_mine = 0.0
        value = ours(p_mine)
        if award.scorer == "capturer" and award.kind == "low":
            # whoever holds the Low, it falls to the side winning trump tricks: mostly the long trump
            value = trick_share
        parts.append((award.kind.capitalize(), award.points * value))
    for point in rules.point_cards:
        card = next(c for c in table.cards if table.roles[c] == point.role)
        copies = table.cards.count(card)
        for k in range(copies):
            if k < held[card]:
                guards = sum(1 for c in mine if ranks[c] > ranks[card])
                if point.scorer == "holder":
                    chance = 1.0
                else:
                    chance = min(0.95, 0.45 + 0.2 * guards + 0.05 * len(mine))
            else:
                catch = min(0.5, 0.1 * sum(1 for c in mine if ranks[c] > ranks[card]))
                chance = dealt * (share * (1.0 if point.scorer == "holder" else 0.6) + (1 - share) * catch)
            parts.append((card.label, point.points * chance))
    for award in rules.awards:
        if award.kind != "game":
            continue
        expected_pips, expected_trump = _typical(rules)
        pips = sum([_GAME[c] for c in hand])
        base = 1 / rules.num_teams + 0.1  # the pitcher's side leads and holds the long trump
        value = base + 0.08 * (len(mine) - expected_trump)
        if expected_pips:
            value += 0.25 * (pips / expected_pips - 1)
        parts.append(("Game", award.points * min(0.9, max(0.05, value))))
    return SuitRating(suit, tuple(mine), tuple(parts))


@functools.cache
def _typical(rules: Ruleset) -> tuple[float, float]:
    """Game points and cards of one suit as trump in an average hand of the ruleset."""
    deck = rules.deck
    size = rules.hand_size
    return size * sum(_GAME[c] for c in deck) / len(deck), size * len(rules.trump_cards(Suit.SPADES)) / len(
        deck
    )


def best_suit(rules: Ruleset, hand: Sequence[Card], seat: int = 0) -> SuitRating:
    """The suit the bot would pitch: the best rating (the first suit on a tie)."""
    return _best(rules, tuple(hand), seat)


@functools.lru_cache(maxsize=1024)
def _best(rules: Ruleset, hand: tuple[Card, ...], seat: int) -> SuitRating:
    # the same hand is rated when it bids and again when it pitches or names trump
    return max((rate_suit(rules, hand, suit, seat) for suit in Suit), key=lambda r: r.expected)


BID_MARGIN = 0.4
"""Bid the whole points the best suit is worth, rounding up from this far below."""


def choose_bid(view: Table, best: SuitRating) -> Choice:
    """Bid what the best suit is worth, once; the dealer takes the contract as cheaply as it can.

    Where the rules let a poor hand be thrown in for a new deal, throw in a
    hand not worth the lowest bid.
    """
    rules = view.rules
    legal = view.legal_actions
    bids = [a.value for a in legal if isinstance(a, Bid)]
    reason = f"best suit {best.describe()}"
    worth = int(best.expected + BID_MARGIN)
    if worth < rules.min_bid and any(isinstance(a, ThrowIn) for a in legal):
        return ThrowIn(), f"{reason}: too weak to bid, and the rules let me throw it in for a new deal"
    if not any(isinstance(a, Pass) for a in legal):
        return Bid(bids[0]), f"everyone passed, so the dealer must bid {bids[0]}; {reason}"
    bidder = view.bidder
    high = view.high_bid
    partner_high = (
        bidder is not None and bidder != view.seat and rules.teams[bidder] == rules.teams[view.seat]
    )
    if partner_high and worth <= high:
        return PASS, f"partner already bid {high}; {reason}"
    affordable = [b for b in bids if b <= worth and (b > high or not partner_high)]
    if not affordable:
        over = f"over {high}" if high else f"the minimum of {rules.min_bid}"
        return PASS, f"{reason}: not enough to bid {over}"
    if view.seat == view.dealer:
        bid = affordable[0]
        how = "matches" if bid == high else "beats"
        return Bid(bid), f"{reason}; as dealer, bid {bid}: the cheapest bid that {how} the table"
    bid = affordable[-1]
    return Bid(bid), f"{reason}; one bid each, so bid {bid}, what the hand is worth"


def choose_trump(view: Table) -> Choice:
    """Where the bidder names trump rather than pitching it: the best suit."""
    best = best_suit(view.rules, view.hand, view.seat)
    return NameTrump(best.suit), f"name {best.suit.symbol}: my best suit is {best.describe()}"


# ------------------------------------------------------ exchange and partner


def choose_discard(view: Table) -> Choice:
    """Where everyone may throw cards away and draw as many: keep trump and plain aces (sure
    tricks, and game points), throw the rest to draw for more trump."""
    rules = view.rules
    trump = view.trump
    keep = [c for c in view.hand if (trump is not None and rules.is_trump(c, trump)) or _RANK[c] == 14]
    thrown = list(view.hand)
    for card in keep:
        thrown.remove(card)
    action = Discard(tuple(thrown))
    if action not in view.legal_actions:  # e.g. trump may not be thrown: throw only what is allowed
        allowed = [a for a in view.legal_actions if isinstance(a, Discard)]
        action = max(allowed, key=lambda a: (set(a.cards) <= set(thrown), len(a.cards)))
    if not action.cards:
        return action, "keep every card: all trump or aces"
    shown = " ".join(c.label for c in action.cards)
    return action, f"throw away {shown} and draw as many: keep trump and aces"


def choose_call(view: Table) -> Choice:
    """Where the bidder calls its partner by a card: the highest trump it does not hold, whose
    holder is strong where the bidder is (shared by every play rule)."""
    rules = view.rules
    legal = [a.card for a in view.legal_actions if isinstance(a, Call)]
    trump = view.trump
    if trump is not None:
        wanted = [c for c in legal if rules.is_trump(c, trump)]
        if wanted:
            card = max(wanted, key=lambda c: (rules.trump_rank(c, trump), -int(c)))
            return Call(card), f"call {card.label}: the highest trump I do not hold; its holder plays with me"
    card = max(legal, key=lambda c: (_RANK[c], -int(c)))
    return Call(card), f"call {card.label}: a high card I do not hold; its holder plays with me"


# ------------------------------------------------------------------- play


class _Trick:
    """What the seat to act knows about the trick in front of it, and the cards still out."""

    def __init__(self, view: Table) -> None:
        rules = self.rules = view.rules
        trump = self.trump = view.trump
        self.seat = view.seat
        self.teams = rules.teams
        self.legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        self.hand = view.hand
        trick = view.current_trick
        self.cards = trick.cards
        self.seats = trick.seats
        self.led = suit_in_play(rules, trick.cards[0], trump) if trick.cards else None
        seen = view.seen_cards()
        unseen = Counter(rules.deck)
        unseen.subtract(seen)
        # cards not in this hand and not played: in other hands, or never dealt
        self.unseen = [c for c, n in unseen.items() if n > 0]
        n = rules.players
        leader = trick.seats[0] if trick.seats else view.seat
        later = [(view.seat + k) % n for k in range(1, (leader - view.seat) % n or n)]
        self.opponents_later = any(self.teams[s] != self.teams[view.seat] for s in later)
        table = rules.trump(trump) if trump is not None else None
        self.ranks: dict[Card, int] = (
            table.ranks if table is not None else {}
        )  # trump rank; absent: not trump
        seen_ranks = [self.ranks[c] for c in seen if c in self.ranks]
        self.top_seen = max(seen_ranks, default=0)
        self.bottom_seen = min(seen_ranks, default=len(rules.trump_order) + 1)
        self._captures: dict[Card, tuple[float, str]] = {}

    def power(self, card: Card) -> int:
        return power(self.rules, card, self.trump, self.led)

    def trump_rank(self, card: Card) -> int:
        return self.ranks.get(card, 0)

    def capture_points(self, card: Card) -> tuple[float, str]:
        """Points its capturer wins with this card, and what they are: a point card (the Jack),
        or the High or Low while no trump seen goes beyond it."""
        known = self._captures.get(card)
        if known is not None:
            return known
        rank = self.ranks.get(card, 0)
        points = 0.0
        names = []
        if rank:
            assert self.trump is not None
            table = self.rules.trump(self.trump)
            if table.scorers.get(card) == "capturer" and table.points.get(card):
                points += table.points[card]
                names.append(card.label)
            for award in self.rules.awards:
                if award.scorer != "capturer":
                    continue
                if award.kind == "high" and rank >= self.top_seen:
                    points += award.points
                    names.append(f"{card.label} (High)")
                elif award.kind == "low" and rank <= self.bottom_seen:
                    points += award.points
                    names.append(f"{card.label} (Low)")
        known = self._captures[card] = (points, " and ".join(names))
        return known

    def keep_value(self, card: Card) -> float:
        """How much the seat would rather keep a card: plain cards that count for nothing go
        first, then low trump, then counting cards; point-carrying trump last."""
        rank = self.trump_rank(card)
        plain = _RANK[card]
        if not rank:
            return 2 * game_value(card) + plain / 20
        value = 5 + 2 * rank + 2 * game_value(card)
        points, _ = self.capture_points(card)
        return value + 30 * points

    def gift_value(self, card: Card) -> float:
        """What a card adds to a partner's trick: its points, or its game points where giving
        them costs no control (a plain card, or a trump worth a ten's game points)."""
        points, _ = self.capture_points(card)
        pips = game_value(card)
        if self.trump_rank(card) and pips < 10:
            pips = 0
        return 10 * points + pips

    def beaten_by_unseen(self, card: Card) -> bool:
        """Whether a card still out could beat ``card`` in this trick."""
        mine = self.power(card)
        return any(self.power(c) > mine for c in self.unseen)

    def cheapest(self, cards: Sequence[Card]) -> Card:
        return min(cards, key=lambda c: (self.keep_value(c), int(c)))


def choose_play(view: Table) -> Choice:
    """A card from ``view.legal_actions`` and the reason for it (see the module docstring)."""
    t = _Trick(view)
    if len(t.legal) == 1 and t.trump is not None:
        card = t.legal[0]
        return _play(card, f"play {card.label}: the only card the rules let me play")
    if not t.cards:
        return _pitch(view) if t.trump is None else _lead(t)
    return _follow(t)


def _pips(n: int) -> str:
    return "1 game point" if n == 1 else f"{n} game points"


def _play(card: Card, why: str) -> Choice:
    return Play(card), why


def _pitch(view: Table) -> Choice:
    rules = view.rules
    best = best_suit(rules, view.hand, view.seat)
    legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
    own = [c for c in legal if _SUIT[c] == best.suit]
    card = max(own or legal, key=lambda c: (rules.trump_rank(c, best.suit), int(c)))
    return _play(
        card, f"pitch {card.label}: my best suit is {best.describe()}, so its top card makes it trump"
    )


def _lead(t: _Trick) -> Choice:
    trump = t.trump
    assert trump is not None
    rules = t.rules
    trumps = sorted((c for c in t.legal if t.trump_rank(c)), key=t.trump_rank)
    trump_out = [c for c in t.unseen if rules.is_trump(c, trump)]
    if trumps and trump_out:
        top = trumps[-1]
        if not any(t.trump_rank(c) > t.trump_rank(top) for c in trump_out):
            return _play(
                top, f"lead {top.label}: no trump still out can beat it, and it draws the others' trump"
            )
    if not trump_out:
        # nobody can trump: a plain card that is the best of its suit still out takes the trick
        for card in sorted(t.legal, key=lambda c: -game_value(c)):
            suit, rank = _SUIT[card], _RANK[card]
            if card in trumps or suit is None or rank is None or not game_value(card):
                continue
            if not any(_SUIT[c] == suit and _RANK[c] > rank for c in t.unseen):
                return _play(
                    card, f"lead {card.label}: the best {suit.symbol} still out, and no trump is left"
                )
    if trumps and not trump_out:
        card = t.cheapest(trumps)
        return _play(card, f"lead {card.label}: nobody else has a trump left, so it takes the trick")
    plain = [c for c in t.legal if not t.trump_rank(c)]
    card = t.cheapest(plain or t.legal)
    if plain:
        return _play(card, f"lead {card.label}: a cheap card, keeping trump and counting cards back")
    return _play(card, f"lead {card.label}: only trump left; this one risks the least")


def _follow(t: _Trick) -> Choice:
    best_card, best_seat, best_power = t.cards[0], t.seats[0], -1
    for card, who in zip(t.cards, t.seats, strict=True):
        p = t.power(card)
        if p > best_power:
            best_card, best_seat, best_power = card, who, p
    stake = 0.0
    names = []
    for card in t.cards:
        points, name = t.capture_points(card)
        stake += points
        if name:
            names.append(name)
    pips = sum(game_value(c) for c in t.cards)
    if pips:
        names.append(_pips(pips))
    at_stake = ", ".join(names) or "nothing that counts"
    led = t.led
    assert led is not None
    winners = [c for c in t.legal if t.power(c) > best_power]
    others = [c for c in t.legal if t.power(c) <= best_power]
    beaten = best_card.label

    if t.teams[best_seat] == t.teams[t.seat]:
        if not others:
            card = t.cheapest(t.legal)
            return _play(card, f"every card I may play beats my partner's {beaten}; {card.label} costs least")
        if not t.opponents_later or not t.beaten_by_unseen(best_card):
            gifts = [c for c in others if t.gift_value(c)]
            if gifts:
                card = max(gifts, key=lambda c: (t.gift_value(c), -int(c)))
                what = t.capture_points(card)[1] or f"{card.label} ({_pips(game_value(card))})"
                return _play(card, f"partner's {beaten} wins this trick for sure: add {what} to it")
            card = t.cheapest(others)
            return _play(card, f"partner's {beaten} wins this trick: play {card.label}")
        card = t.cheapest(others)
        return _play(card, f"partner's {beaten} is winning: don't overtake it, play {card.label}")

    big = stake >= 1 or pips >= 10
    worth = big or pips >= 3
    if winners and worth:
        safe = [c for c in winners if not t.opponents_later or not t.beaten_by_unseen(c)]
        if safe:
            card = t.cheapest(safe)
            return _play(card, f"{card.label} wins the trick cheaply, taking {at_stake}")
        if big:
            card = max(winners, key=t.power)
            return _play(card, f"{card.label} fights for {at_stake}; a card still out could beat it")
        cheap = [c for c in winners if not t.trump_rank(c)]
        if cheap:
            card = t.cheapest(cheap)
            return _play(card, f"{card.label} tries for {at_stake} without spending a trump")
    card = t.cheapest(t.legal)
    if card in winners:
        return _play(card, f"{card.label} costs me least of my cards, and it takes the trick ({at_stake})")
    void = not any(suit_in_play(t.rules, c, t.trump) == led for c in t.hand)
    if void and not t.trump_rank(card):
        if game_value(card):
            return _play(card, f"void in {led.symbol}: {card.label} is the least I can give up")
        return _play(
            card, f"void in {led.symbol}, nothing worth winning: dump {card.label}, which counts for nothing"
        )
    if winners and not names:
        return _play(card, f"nothing that counts in the trick: follow low with {card.label}")
    if winners:
        return _play(card, f"only {at_stake} in the trick: follow low with {card.label}")
    return _play(card, f"cannot beat {beaten}: keep points back and play {card.label}")


# ------------------------------------------------------------------ decide


def decide(view: Table) -> Choice:
    """The bot's action for the seat whose view this is, and its reason."""
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to decide in the {view.phase} phase")
    first = legal[0]
    if isinstance(first, Play):
        return choose_play(view)
    if isinstance(first, NameTrump):
        return choose_trump(view)
    if isinstance(first, Discard):
        return choose_discard(view)
    if isinstance(first, Call):
        return choose_call(view)
    if any(isinstance(a, Bid | Pass) for a in legal):
        return choose_bid(view, best_suit(view.rules, view.hand, view.seat))
    raise ValueError(f"seat {view.seat}: no rule of thumb for {first} in the {view.phase} phase")
