"""The rule-based bot's judgement for follow-suit rulesets (Auction Pitch and its family).

In these games every card is played, the pitcher's first lead makes trump, and
the points are contests (High, Low, Game) plus a few point cards (the Jack).
So the bot reasons about whole tricks, not just trump: which side wins this
trick, what it is worth, and what each card in hand is worth keeping.

Everything here reads a seat's view only (:class:`SeatKnowledge`; in the play, what
the seat has seen as slot masks, from a view or straight from a hand for simulations,
:func:`code`), and every rule of thumb is driven by the ruleset's parameters (its trump
order, point cards, awards, teams and deal sizes), never by its name, so a new
follow-suit preset gets a sensible bot for free.

Each choice (:class:`Choice`) comes back with its reason in two parts, built
only when asked for: a conclusion that names the action and its intent and
asserts nothing, and the claims it rests on (:mod:`pitchlab.bots.claims`), each a
fact the seat can know and :mod:`pitchlab.bots.claimcheck` can verify. A learner
believes what the bot says, so a fact the bot is not sure of (an unseen king
may sit behind my queen; a six is Low only if no lower trump was dealt) is
valued as a chance, never said.

What the seat knows: every card it has not seen may be in play (cards never
dealt look the same from its chair); a seat that did not follow a suit holds
none of it; and only the seats still to play after it can change a trick.

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
  Game points) is at stake; otherwise follow low. Last to play (or sure to
  win), take the trick with a point card that could be captured later, so as
  to capture it myself. Never overtake a partner who is winning; when the
  partner is sure to win, give it counting cards. Void in the suit led and
  nothing worth winning: throw off a low card that counts for nothing.

Some presets add steps, and the bot has a rule of thumb for each: **name**
the best suit where trump is named rather than pitched; **throw in** a hand
too weak to bid where the rules allow a new deal; in a discard-and-draw
exchange **keep** trump and aces and draw for the rest; and where the bidder
**calls** a partner by a card, call the highest trump it does not hold. The
last two serve trump-only rulesets too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from pitchlab.bots.claims import (
    AllCarryPoints,
    CannotWin,
    Claim,
    Contest,
    DealerStuck,
    Estimate,
    HandHolds,
    HighBid,
    NoOpponentAfter,
    NoPoints,
    OnlyChoice,
    PartnerBid,
    TrickGame,
    TrickPoints,
    Unbeatable,
    Void,
    Winning,
    WinsForSure,
)
from pitchlab.engine.actions import PASS, Action, Bid, Call, Discard, NameTrump, Pass, Play, ThrowIn
from pitchlab.engine.bitset import mask_of
from pitchlab.engine.cards import CARDS, Card, Suit
from pitchlab.engine.hand import Phase, Trick
from pitchlab.engine.lookups import assign_slots, trump_tables
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import still_to_play
from pitchlab.engine.tricks import GAME_POINTS, TRUMP_BASE, card_power, play_suits
from pitchlab.engine.view import voids_shown

if TYPE_CHECKING:
    from pitchlab.engine.hand import Hand


@dataclass(frozen=True)
class Choice:
    """An action, and on demand the reason for it: a conclusion (what the seat does and means
    to do, asserting nothing) and the claims it rests on (see :mod:`pitchlab.bots.claims`).

    The reason is built only when asked (:meth:`explain`): simulations call the bot
    thousands of times a second and never read it.
    """

    action: Action
    explain: Callable[[], tuple[str, tuple[Claim, ...]]]


class SeatKnowledge(Protocol):
    """What the bot reads of a seat's view: a :class:`~pitchlab.engine.view.SeatView` is one, and
    so is the lighter :func:`knowledge_of` that simulations build straight from a hand."""

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
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def legal_actions(self) -> tuple[Action, ...]: ...
    def seen_cards(self) -> tuple[Card, ...]: ...


class HandKnowledge:
    """The part of a seat's view the bot reads, read straight from a hand without building a
    :class:`~pitchlab.engine.view.SeatView`: the same facts; the tricks only when the bot asks for
    them (a bid never does)."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self._of = hand
        self.seat = seat
        self.rules = hand.rules
        self.dealer = hand.dealer
        self.phase = hand.phase
        self.high_bid = hand.high_bid
        self.bidder = hand.bidder
        self.trump = hand.trump
        self.hand = hand.hand_of(seat)
        self.legal_actions = hand.legal_actions() if hand.to_act == seat else ()

    # read once a decision, and only in play
    @property
    def current_trick(self) -> Trick:
        return self._of.current_trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._of.tricks)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(self._of.hand_mask(s).bit_count() for s in range(self._of.rules.players))

    def seen_cards(self) -> tuple[Card, ...]:
        """Every card this seat has seen: its hand, the buried cards, every card played (in
        deck order, not the order seen)."""
        return self._of.cards(self._of.hand_mask(self.seat) | self._of.seen_by_all)


def knowledge_of(hand: Hand, seat: int) -> HandKnowledge:
    """What ``seat`` may see of ``hand``, as the bot reads it."""
    return HandKnowledge(hand, seat)


# ------------------------------------------------------------------ card facts


# per card index, looked up thousands of times a hand: the printed suit and rank (None and 0
# for a joker) and the game points
_SUIT: tuple[Suit | None, ...] = tuple(c.suit for c in CARDS)
_PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
_RANK: tuple[int, ...] = tuple(0 if c.rank is None else int(c.rank) for c in CARDS)
_GAME: tuple[int, ...] = GAME_POINTS


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
        return sum([value for _, value in self.parts])

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
    return SuitRating(suit, *_rated(rules, hand, suit, _seat_odds(rules, seat), _game_share(rules, hand)))


Parts = tuple[tuple[str, float], ...]
"""What a suit is worth, part by part (see :attr:`SuitRating.parts`)."""


def _game_share(rules: Ruleset, hand: Sequence[Card]) -> tuple[float, float, int, float]:
    """What :func:`rate_suit` reads of a hand for Game, whatever the trump: the game points and
    trump of an average hand (:func:`_typical`), the hand's game points, and an even share."""
    expected_pips, expected_trump = _typical(rules)
    base = 1 / rules.num_teams + 0.1  # the pitcher's side leads and holds the long trump
    return expected_pips, expected_trump, sum([_GAME[c] for c in hand]), base


def _rated(
    rules: Ruleset,
    hand: Sequence[Card],
    suit: Suit,
    odds: tuple[float, float],
    game: tuple[float, float, int, float],
) -> tuple[tuple[Card, ...], Parts]:
    """The trump of :func:`rate_suit`, highest first, and its parts (``odds``: :func:`_seat_odds`;
    ``game``: :func:`_game_share`)."""
    r = _rating_tables(rules, suit)
    ranks = r.ranks
    mine = tuple(sorted((c for c in hand if c in ranks), key=lambda c: -ranks[c]))
    parts = r.parts.get((odds, mine))
    if parts is None:
        parts = r.parts[odds, mine] = _trump_parts(rules, suit, odds, mine)
    if r.game:
        expected_pips, expected_trump, pips, base = game
        value = base + 0.08 * (len(mine) - expected_trump)
        if expected_pips:
            value += 0.25 * (pips / expected_pips - 1)
        parts += (("Game", r.game * min(0.9, max(0.05, value))),)
    return mine, parts


def _trump_parts(
    rules: Ruleset, suit: Suit, odds: tuple[float, float], mine: tuple[Card, ...]
) -> tuple[tuple[str, float], ...]:
    """High, Low and the point cards for :func:`rate_suit`: they depend on the trump held and the
    seat's odds (:func:`_seat_odds`, the same at every seat where the seats are alike) alone,
    and short holdings come round again and again, so they are remembered
    (:attr:`_RatingTables.parts`)."""
    share, dealt = odds
    r = _rating_tables(rules, suit)
    ranks = r.ranks
    mine_ranks = [ranks[c] for c in mine]
    parts: list[tuple[str, float]] = []
    trick_share = min(0.85, 0.45 + 0.06 * len(mine))
    for kind, points, scorer in r.contests:
        if mine:
            # every trump beyond my edge card is another's: out of my hand, it is dealt or not
            beyond = r.above[mine_ranks[0]] if kind == "high" else r.below[mine_ranks[-1]]
            p_mine = (1 - dealt) ** beyond
        else:
            p_mine = 0.0
        value = p_mine + (1 - p_mine) * share  # mine, or else a partner's share of the rest
        if scorer == "capturer" and kind == "low":
            # whoever holds the Low, it falls to the side winning trump tricks: mostly the long trump
            value = trick_share
        parts.append((kind.capitalize(), points * value))
    for label, card, copies, points, scorer in r.point_cards:
        held = mine.count(card)
        guards = sum(1 for x in mine_ranks if x > ranks[card])
        for k in range(copies):
            if k < held:
                guarded = min(0.95, 0.45 + 0.2 * guards + 0.05 * len(mine))
                chance = 1.0 if scorer == "holder" else guarded
            else:
                catch = min(0.5, 0.1 * guards)
                chance = dealt * (share * (1.0 if scorer == "holder" else 0.6) + (1 - share) * catch)
            parts.append((label, points * chance))
    return tuple(parts)


@functools.cache
def _seat_odds(rules: Ruleset, seat: int) -> tuple[float, float]:
    """Of the cards dealt to the other seats, the share the seat's partners hold; and the chance
    that a card the seat does not hold was dealt to another seat."""
    players = rules.players
    teams = rules.teams
    partners = sum(1 for s in range(players) if s != seat and teams[s] == teams[seat])
    unseen = len(rules.deck) - rules.hand_size
    dealt = min(1.0, (players - 1) * rules.hand_size / unseen) if unseen else 1.0
    return partners / (players - 1), dealt


@dataclass(frozen=True)
class _RatingTables:
    """What :func:`rate_suit` reads of a ruleset with one suit as trump, built once."""

    ranks: dict[Card, int]
    above: dict[int, int]
    below: dict[int, int]
    """For each trump rank, how many trump (a repeated joker twice) rank above it, below it."""
    contests: tuple[tuple[str, int, str], ...]
    """High and Low: (kind, points, who scores)."""
    point_cards: tuple[tuple[str, Card, int, int, str], ...]
    """(label, card, copies in the deck, points, who scores)."""
    game: int
    """Points for Game (0: not played)."""
    parts: dict[tuple[tuple[float, float], tuple[Card, ...]], Parts] = field(
        default_factory=dict, compare=False
    )
    """:func:`_trump_parts` by the seat's odds and the trump held, as worked out so far."""


def _rating_tables(rules: Ruleset, suit: Suit) -> _RatingTables:
    """What :func:`rate_suit` reads of ``rules`` with ``suit`` as trump (one cache look-up by the
    rules alone: a suit is slower to hash than an index)."""
    return _every_rating(rules)[suit]


@functools.cache
def _every_rating(rules: Ruleset) -> tuple[_RatingTables, ...]:
    return tuple(_suit_rating(rules, suit) for suit in Suit)


def _suit_rating(rules: Ruleset, suit: Suit) -> _RatingTables:
    table = rules.trump(suit)
    ranks = table.ranks
    all_ranks = [ranks[c] for c in table.cards]
    points = []
    for point in rules.point_cards:
        card = next(c for c in table.cards if table.roles[c] == point.role)
        points.append((card.label, card, table.cards.count(card), point.points, point.scorer))
    return _RatingTables(
        ranks=ranks,
        above={r: sum(1 for x in all_ranks if x > r) for r in all_ranks},
        below={r: sum(1 for x in all_ranks if x < r) for r in all_ranks},
        contests=tuple((a.kind, a.points, a.scorer) for a in rules.awards if a.kind != "game"),
        point_cards=tuple(points),
        game=sum(a.points for a in rules.awards if a.kind == "game"),
    )


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
    # the same hand is rated when it bids and again when it pitches or names trump; only the
    # best suit's rating is built (the first on a tie, as max() keeps it)
    odds = _seat_odds(rules, seat)
    game = _game_share(rules, hand)
    best: tuple[Suit, tuple[Card, ...], Parts] | None = None
    most = 0.0
    for suit in Suit:
        mine, parts = _rated(rules, hand, suit, odds, game)
        expected = sum([value for _, value in parts])  # as SuitRating.expected
        if best is None or expected > most:
            best, most = (suit, mine, parts), expected
    assert best is not None
    return SuitRating(*best)


BID_MARGIN = 0.4
"""Bid the whole points the best suit is worth, rounding up from this far below."""


def choose_bid(view: SeatKnowledge, best: SuitRating) -> Choice:
    """Bid what the best suit is worth, once; the dealer takes the contract as cheaply as it can.

    Where the rules let a poor hand be thrown in for a new deal, throw in a
    hand not worth the lowest bid.
    """
    rules = view.rules
    legal = view.legal_actions
    bids = [a.value for a in legal if isinstance(a, Bid)]
    worth = int(best.expected + BID_MARGIN)

    def because(conclusion: str, *facts: Claim) -> Callable[[], tuple[str, tuple[Claim, ...]]]:
        return lambda: (conclusion, (*facts, *_rating_claims(rules, best)))

    if worth < rules.min_bid and any(isinstance(a, ThrowIn) for a in legal):
        return Choice(ThrowIn(), because("throw the hand in for a new deal"))
    if not any(isinstance(a, Pass) for a in legal):
        return Choice(Bid(bids[0]), because(f"bid {bids[0]}", DealerStuck()))
    bidder = view.bidder
    high = view.high_bid
    partner_high = (
        bidder is not None and bidder != view.seat and rules.teams[bidder] == rules.teams[view.seat]
    )
    if partner_high and worth <= high:
        assert bidder is not None
        return Choice(PASS, because("pass and leave the contract to my partner", PartnerBid(bidder, high)))
    affordable = [b for b in bids if b <= worth and (b > high or not partner_high)]
    if not affordable:
        over = f"over {high}" if high else f"the minimum of {rules.min_bid}"
        return Choice(PASS, because(f"pass, not enough to bid {over}", HighBid(high)))
    bid = affordable[0] if view.seat == view.dealer else affordable[-1]
    if view.seat == view.dealer:
        conclusion = f"as dealer, bid {bid} to take the contract as cheaply as I can"
    else:
        conclusion = f"bid {bid}, what the hand is worth"
    return Choice(Bid(bid), because(conclusion, HighBid(high)))


def _rating_claims(rules: Ruleset, best: SuitRating) -> tuple[Claim, ...]:
    """What a bid, a named or a pitched suit rests on: the trump the hand holds in the best
    suit, and what the rules of thumb make of it."""
    points = rules.trump(best.suit).points
    return (
        HandHolds(best.suit, best.trump, sum(points.get(c, 0) for c in best.trump)),
        Estimate(
            f"points my side takes with {best.suit.symbol} as trump",
            best.expected,
            "points",
            "rules of thumb",
        ),
    )


def choose_trump(view: SeatKnowledge) -> Choice:
    """Where the bidder names trump rather than pitching it: the best suit."""
    rules = view.rules
    best = best_suit(rules, view.hand, view.seat)
    return Choice(NameTrump(best.suit), lambda: (f"name {best.suit.symbol}", _rating_claims(rules, best)))


# ------------------------------------------------------ exchange and partner


def _trump_held(view: SeatKnowledge) -> tuple[Claim, ...]:
    """The trump the hand holds (nothing before trump is known)."""
    trump = view.trump
    if trump is None:
        return ()
    table = view.rules.trump(trump)
    held = tuple(sorted((c for c in view.hand if c in table.ranks), key=lambda c: -table.ranks[c]))
    return (HandHolds(trump, held, sum(table.points.get(c, 0) for c in held)),)


def choose_discard(view: SeatKnowledge) -> Choice:
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

    def explain() -> tuple[str, tuple[Claim, ...]]:
        if not action.cards:
            return "keep every card", _trump_held(view)
        # counted, not named: thrown face down, they stay hidden from the table (the action names them)
        n = len(action.cards)
        return f"throw away {n} card{'s' if n > 1 else ''} and draw as many, to draw for trump", _trump_held(
            view
        )

    return Choice(action, explain)


def choose_call(view: SeatKnowledge) -> Choice:
    """Where the bidder calls its partner by a card: the highest trump it does not hold, whose
    holder is strong where the bidder is (shared by every play rule)."""
    rules = view.rules
    legal = [a.card for a in view.legal_actions if isinstance(a, Call)]
    trump = view.trump
    wanted = [c for c in legal if trump is not None and rules.is_trump(c, trump)]
    if wanted:
        assert trump is not None
        card = max(wanted, key=lambda c: (rules.trump_rank(c, trump), -int(c)))
    else:
        card = max(legal, key=lambda c: (_RANK[c], -int(c)))
    return Choice(
        Call(card), lambda: (f"call {card.label}, so that its holder plays with me", _trump_held(view))
    )


# ------------------------------------------------------------------- play


@dataclass(frozen=True)
class _SuitFacts:
    """Per-card lookups for one ruleset and trump suit, indexed by card, and the slot tables that
    count what a seat has not seen: a hand reads them thousands of times, so they are built once
    (:func:`_facts`)."""

    rank: tuple[int, ...]
    """Trump rank (0: not trump)."""
    suit: tuple[Suit | None, ...]
    """The suit a card counts as: the trump suit for every trump."""
    capture: tuple[int, ...]
    """Points a point card scores for whoever captures it."""
    top: int
    bottom: int
    """The highest and lowest trump rank of the ruleset."""
    high: int
    low: int
    """Points High and Low score for their capturer (0: no such award, or its holder scores it)."""
    game: bool
    """Whether Game (most game points) is played."""
    power: dict[Suit | None, tuple[int, ...]]
    """:func:`~pitchlab.engine.tricks.card_power` by the suit led (``None``: nothing led) and card index."""
    keep: tuple[float, ...]
    """How much a seat would rather keep a card, before a trump's points (see :meth:`_Trick.keep_value`):
    a plain card its game points and a little of its rank, a trump more, by its rank."""
    slot_rank: tuple[int, ...]
    """Trump rank by deck slot (the engine's own table: identical jokers share one)."""
    trump_slots: tuple[int, ...]
    trump_rising: tuple[int, ...]
    """The trump slots of the deck, highest first and lowest first (both slots of an identical joker)."""
    plain_slots: dict[Suit, tuple[tuple[int, ...], tuple[int, ...]]]
    """By plain suit, its slots in the deck, highest first, and their power with that suit led."""
    above: dict[int, int]
    below: dict[int, int]
    """For each trump rank, the slot mask of the trump ranked above it, below it."""
    trump_mask: int
    """The trump slots."""
    size: int
    """The cards in the deck."""
    seating: tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]
    """:func:`_seating` (the same for every trump: kept here to be read in the same look-up)."""


def _facts(rules: Ruleset, trump: Suit) -> _SuitFacts:
    """The lookups of ``rules`` with ``trump`` as trump (one cache look-up by the rules alone:
    a suit is slower to hash than an index)."""
    return _every_suit(rules)[trump]


@functools.cache
def _every_suit(rules: Ruleset) -> tuple[_SuitFacts, ...]:
    return tuple(_suit_facts(rules, trump) for trump in Suit)


def _suit_facts(rules: Ruleset, trump: Suit) -> _SuitFacts:
    table = rules.trump(trump)
    size = len(CARDS)
    rank = [0] * size
    capture = [0] * size
    for card, r in table.ranks.items():
        rank[card] = r
        if table.scorers.get(card) == "capturer":
            capture[card] = table.points.get(card, 0)
    suit = play_suits(rules, trump)
    by_kind = {a.kind: a.points for a in rules.awards if a.scorer == "capturer"}
    power = {led: tuple(card_power(rules, trump, led, card) for card in CARDS) for led in (None, *Suit)}
    deck = rules.deck
    slot_rank = tuple(trump_tables(rules, trump).power)
    slots = range(len(deck))
    trump_slots = tuple(sorted((s for s in slots if slot_rank[s]), key=lambda s: -slot_rank[s]))
    plain_slots = {}
    for plain in Suit:
        if plain != trump:
            own = sorted(
                (s for s in slots if not slot_rank[s] and _SUIT[deck[s]] == plain),
                key=lambda s: -_RANK[deck[s]],
            )
            plain_slots[plain] = (tuple(own), tuple(power[plain][deck[s]] for s in own))
    ranks = set(table.ranks.values())
    return _SuitFacts(
        rank=tuple(rank),
        suit=suit,
        capture=tuple(capture),
        top=max(ranks),
        bottom=min(ranks),
        high=by_kind.get("high", 0),
        low=by_kind.get("low", 0),
        game=any(a.kind == "game" for a in rules.awards),
        power=power,
        keep=tuple(
            5 + 2 * rank[c] + 2 * _GAME[c] if rank[c] else 2 * _GAME[c] + _RANK[c] / 20 for c in range(size)
        ),
        slot_rank=slot_rank,
        trump_slots=trump_slots,
        trump_rising=trump_slots[::-1],
        plain_slots=plain_slots,
        above={r: mask_of(s for s in trump_slots if slot_rank[s] > r) for r in ranks},
        below={r: mask_of(s for s in trump_slots if slot_rank[s] < r) for r in ranks},
        trump_mask=mask_of(trump_slots),
        size=len(deck),
        seating=_seating(rules),
    )


@dataclass(slots=True)
class _Out:
    """What a seat knows of the cards it has not seen: in other hands, or never dealt (not frozen,
    as nothing changes it: a frozen dataclass costs more to build, and one is built a decision)."""

    unseen_trump: int
    """The trump among them, as a slot mask."""
    top_unseen: int
    """The highest trump rank among them (0: none)."""
    top_seen: int
    bottom_seen: int
    """The highest and lowest trump rank seen (hand, buried, played); past the ends: none."""
    in_play: float
    """The share of the unseen cards that other seats hold (the rest were never dealt)."""
    seen: int
    """The slots the seat has seen."""
    plain: dict[Suit, tuple[tuple[int, ...], tuple[int, ...]]]
    """:attr:`_SuitFacts.plain_slots`."""

    @classmethod
    def of(cls, f: _SuitFacts, seen: int, held: int) -> _Out:
        """From the slots the seat has seen and the number of cards the other seats hold."""
        rank = f.slot_rank
        unseen_trump = f.trump_mask & ~seen
        seen_trump = f.trump_mask & seen
        unseen = f.size - seen.bit_count()
        return cls(
            unseen_trump,
            _top_rank(f.trump_slots, rank, unseen_trump, 0),
            _top_rank(f.trump_slots, rank, seen_trump, 0),
            _top_rank(f.trump_rising, rank, seen_trump, f.top + 1),
            held / unseen if unseen else 0.0,
            seen,
            f.plain_slots,
        )

    def top_plain(self, led: Suit | None) -> int:
        """The power of the highest of them in plain suit ``led``, with that suit led (its natural
        rank); 0 if there is none, or ``led`` is trump or nothing."""
        found = self.plain.get(led) if led is not None else None
        if found is not None:
            seen = self.seen
            for slot, power in zip(*found, strict=True):
                if not seen >> slot & 1:
                    return power
        return 0


def _top_rank(slots: Sequence[int], rank: Sequence[int], mask: int, none: int) -> int:
    """The rank of the first of ``slots`` in ``mask`` (``none`` if there is none)."""
    for slot in slots:
        if mask >> slot & 1:
            return rank[slot]
    return none


class _Sight(Protocol):
    """What a seat has seen beyond the trick in front of it, read only when a rule of thumb asks:
    from a view (:class:`_ViewSight`), or straight from a hand (:class:`_HandSight`)."""

    def hand(self) -> Sequence[Card]:
        """The seat's own cards."""
        ...

    def seen(self) -> tuple[int, int]:
        """The slots the seat has seen (its hand, the buried cards, every card played), and how
        many cards the other seats hold."""
        ...

    def voids(self, trump: Suit) -> dict[int, frozenset[Suit]]:
        """Suits each seat has shown it lacks in the finished tricks
        (:func:`~pitchlab.engine.view.voids_shown`): all a seat still to play to this trick has
        shown, as it has played no card to it."""
        ...


class _ViewSight:
    """What a seat has seen, read from its view (the cards given slots as the engine deals them)."""

    __slots__ = ("view",)

    def __init__(self, view: SeatKnowledge) -> None:
        self.view = view

    def hand(self) -> Sequence[Card]:
        return self.view.hand

    def seen(self) -> tuple[int, int]:
        view = self.view
        sizes = view.hand_sizes
        return mask_of(assign_slots(view.rules, [view.seen_cards()])[0]), sum(sizes) - sizes[view.seat]

    def voids(self, trump: Suit) -> dict[int, frozenset[Suit]]:
        return voids_shown(self.view.rules, trump, self.view.tricks)


class _HandSight:
    """What a seat has seen, read straight from the hand's slot masks: only what its view shows
    (its own cards, the buried and played cards, how many cards each seat holds, the tricks)."""

    __slots__ = ("of", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self.of = hand
        self.seat = seat

    def hand(self) -> Sequence[Card]:
        return self.of.hand_of(self.seat)

    def seen(self) -> tuple[int, int]:
        hand, seat = self.of, self.seat
        held = sum([hand.hand_mask(s).bit_count() for s in range(hand.rules.players) if s != seat])
        return hand.hand_mask(seat) | hand.seen_by_all, held

    def voids(self, trump: Suit) -> dict[int, frozenset[Suit]]:
        # the voids the finished tricks show are the same for every seat until a trick ends:
        # remembered for the last hand asked (a hand only moves on, so its number of finished
        # tricks says which they are), those of the tricks finished since added
        hand = self.of
        rules = hand.rules
        finished = hand.tricks
        memo = _FINISHED[0]
        if memo is not None and memo[0] is hand and memo[1] == len(finished):
            shown = memo[2]
        else:
            if memo is not None and memo[0] is hand and memo[1] < len(finished):
                shown = _joined(memo[2], voids_shown(rules, trump, finished[memo[1] :]))
            else:
                shown = voids_shown(rules, trump, finished)
            _FINISHED[0] = (hand, len(finished), shown)  # one assignment: a thread reads it whole
        return shown


def _joined(
    shown: dict[int, frozenset[Suit]], more: dict[int, frozenset[Suit]]
) -> dict[int, frozenset[Suit]]:
    """The voids of two runs of tricks together (``shown`` itself where ``more`` adds none): each
    trick shows its voids alone (:func:`~pitchlab.engine.view.voids_shown`)."""
    if not any(more.values()):
        return shown
    return {s: shown[s] | more[s] for s in shown}


_FINISHED: list[tuple[Hand, int, dict[int, frozenset[Suit]]] | None] = [None]
"""The last hand :meth:`_HandSight.voids` read, its number of finished tricks and their voids."""


@functools.cache
def _seating(rules: Ruleset) -> tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]:
    """By seat and by the trick's leader: the seats still to play after it
    (:func:`~pitchlab.engine.seats.still_to_play`), and whether an opponent is among them."""
    teams = rules.teams
    table = []
    for seat in range(rules.players):
        row = []
        for leader in range(rules.players):
            after = tuple(still_to_play(seat, leader, rules.players))
            row.append((after, any(teams[s] != teams[seat] for s in after)))
        table.append(tuple(row))
    return tuple(table)


class _Trick:
    """What the seat to act knows about the trick in front of it and the cards still out.

    A seat that did not follow a suit is out of it (:attr:`voids`): a card is
    only called sure to win when no seat still to play after this one could
    hold a card that beats it.

    Built from a seat's view (:meth:`of_view`) or straight from a hand (:meth:`of_hand`, the
    fast path): the same facts either way, the costly ones read only when asked for.
    """

    __slots__ = (
        "_out",
        "_strongest",
        "_values",
        "_voids",
        "after",
        "best",
        "cards",
        "f",
        "led",
        "legal",
        "opponents_after",
        "rules",
        "seat",
        "seats",
        "sight",
        "teams",
        "trump",
    )

    def __init__(
        self,
        rules: Ruleset,
        trump: Suit,
        seat: int,
        legal: list[Card],
        cards: tuple[Card, ...],
        seats: Sequence[int],
        sight: _Sight,
    ) -> None:
        self.rules = rules
        self.trump = trump
        f = self.f = _facts(rules, trump)
        self.seat = seat
        self.teams = rules.teams
        self.legal = legal
        """The cards the seat may play, in deck order (an identical joker once)."""
        self.cards = cards
        self.seats = seats
        """The trick's cards so far and who played them, in order."""
        self.led: Suit | None = f.suit[cards[0]] if cards else None
        self.sight = sight
        self.after, self.opponents_after = f.seating[seat][seats[0] if seats else seat]
        """The seats still to play to this trick after this one, and whether an opponent is among them."""
        self._out: _Out | None = None
        self._values: dict[Card, float] = {}
        self._strongest: dict[Suit | None, int] = {}
        self._voids: dict[int, frozenset[Suit]] | None = None
        self.best: tuple[Card, int, int] = self._best() if cards else (CARDS[0], seat, -1)
        """The card winning the trick so far, who played it and its power (-1: nothing played)."""

    @classmethod
    def of_view(cls, view: SeatKnowledge, legal: list[Card]) -> _Trick:
        """``legal``: the cards of the view's legal plays."""
        trump = view.trump
        assert trump is not None
        trick = view.current_trick
        return cls(view.rules, trump, view.seat, legal, trick.cards, trick.seats, _ViewSight(view))

    @classmethod
    def of_hand(cls, hand: Hand, seat: int, legal: list[Card]) -> _Trick:
        """``legal``: the cards of the hand's legal codes."""
        trump = hand.trump
        assert trump is not None
        cards = tuple(map(hand.rules.deck.__getitem__, hand.trick_slots))
        return cls(hand.rules, trump, seat, legal, cards, hand.trick_seats, _HandSight(hand, seat))

    # ---------------------------------------------------------- who holds what

    @property
    def hand(self) -> Sequence[Card]:
        return self.sight.hand()

    @property
    def out(self) -> _Out:
        """The cards this seat has not seen, worked out only when a rule of thumb needs them."""
        if self._out is None:
            self._out = _Out.of(self.f, *self.sight.seen())
        return self._out

    @property
    def voids(self) -> dict[int, frozenset[Suit]]:
        """Suits each seat has shown it lacks in the finished tricks (:meth:`_Sight.voids`): read
        only for the seats still to play to this trick, which have shown nothing in it."""
        if self._voids is None:
            self._voids = self.sight.voids(self.trump)
        return self._voids

    def power(self, card: Card, led: Suit | None = None) -> int:
        """How strongly a card bids for a trick with ``led`` led (default: this trick's)."""
        return self.f.power[self.led if led is None else led][card]

    def strongest_after(self, led: Suit | None) -> int:
        """The power of the strongest card any seat after this one might hold, with ``led`` led
        (0: none can win a trick): its top unseen trump unless it is out of trump, else its top
        unseen card of a plain suit led unless it is out of that suit."""
        known = self._strongest.get(led)
        if known is None:
            known = 0
            if not self.after:  # last to play: nothing unseen matters
                self._strongest[led] = known
                return known
            trump = self.trump
            out = self.out
            top_trump = TRUMP_BASE + out.top_unseen if out.top_unseen else 0
            top_plain = out.top_plain(led)
            voids = self.voids
            for s in self.after:
                void = voids[s]  # mostly empty: then nothing to look up (a suit hashes slowly)
                if not void or trump not in void:
                    known = max(known, top_trump)
                if led is not None and (not void or led not in void):
                    known = max(known, top_plain)
            self._strongest[led] = known
        return known

    def unbeatable(self, card: Card) -> bool:
        """Whether ``card``, played now, beats the trick so far and nothing after can beat it."""
        led = self.led if self.cards else self.f.suit[card]
        mine = self.power(card, led)
        return mine > self.best[2] and mine >= self.strongest_after(led)

    def safe(self, card: Card) -> bool:
        """Whether the trick is ours if I play ``card``: it cannot be beaten after me, or no
        opponent plays after me."""
        return not self.opponents_after or self.unbeatable(card)

    def safe_claim(self, card: Card) -> Claim:
        """The claim behind :meth:`safe`."""
        return Unbeatable(card) if self.unbeatable(card) else NoOpponentAfter()

    def _best(self) -> tuple[Card, int, int]:
        best_card, best_seat, best_power = self.cards[0], self.seats[0], -1
        power = self.f.power[self.led]
        for card, who in zip(self.cards, self.seats, strict=True):
            p = power[card]
            if p > best_power:
                best_card, best_seat, best_power = card, who, p
        return best_card, best_seat, best_power

    # ---------------------------------------------------------------- points

    def chance(self, card: Card, kind: str) -> float:
        """The chance a trump turns out High (``kind="high"``) or Low: none if a trump beyond it
        has been seen; else every unseen trump beyond it must be one never dealt."""
        rank = self.f.rank[card]
        out = self.out
        if kind == "high":
            if out.top_seen > rank:
                return 0.0
            beyond = (out.unseen_trump & self.f.above[rank]).bit_count()
        else:
            if out.bottom_seen < rank:
                return 0.0
            beyond = (out.unseen_trump & self.f.below[rank]).bit_count()
        return (1 - out.in_play) ** beyond

    def value(self, card: Card) -> float:
        """Points its capturer expects to score for a card: a point card's points, and High or
        Low where its capturer scores them, at the chance the card turns out to be it."""
        known = self._values.get(card)
        if known is not None:
            return known
        f = self.f
        points = float(f.capture[card])
        if f.rank[card]:
            if f.high:
                points += f.high * self.chance(card, "high")
            if f.low:
                points += f.low * self.chance(card, "low")
        self._values[card] = points
        return points

    def sure_contests(self, card: Card) -> list[Literal["high", "low"]]:
        """The High or Low its capturer scores that ``card`` is sure to be (the ruleset's top or
        bottom trump)."""
        f = self.f
        rank = f.rank[card]
        found: list[Literal["high", "low"]] = []
        if rank and f.high and rank == f.top:
            found.append("high")
        if rank and f.low and rank == f.bottom:
            found.append("low")
        return found

    def counts(self, card: Card) -> bool:
        """Whether whoever takes ``card`` might score by it: a point card, game points where Game
        is played, or a High or Low its capturer scores that no trump seen rules out."""
        f = self.f
        if f.capture[card] or (f.game and _GAME[card]):
            return True
        rank = f.rank[card]
        return bool(rank) and (
            bool(f.high and self.out.top_seen <= rank) or bool(f.low and self.out.bottom_seen >= rank)
        )

    def keep_value(self, card: Card) -> float:
        """How much the seat would rather keep a card: plain cards that count for nothing go
        first, then low trump, then counting cards; point-carrying trump last
        (:attr:`_SuitFacts.keep`, and for a trump its points)."""
        keep = self.f.keep[card]
        return keep + 30 * self.value(card) if self.f.rank[card] else keep

    def gift_value(self, card: Card) -> float:
        """What a card adds to a partner's trick: its points, or its game points where giving
        them costs no control (a plain card, or a trump worth a ten's game points)."""
        pips = _GAME[card]
        if self.f.rank[card] and pips < 10:
            pips = 0
        return 10 * self.value(card) + pips

    def cheapest(self, cards: Sequence[Card]) -> Card:
        """The card of ``cards`` the seat can best spare: the least :meth:`keep_value` (the lowest
        card on a tie). A card's keep value is never below its :attr:`_SuitFacts.keep`, so the
        cards are weighed in that order and a trump's points (which need what is unseen) only
        while it may still be the least."""
        keep = self.f.keep
        found: tuple[float, Card] | None = None
        for card in sorted(cards, key=keep.__getitem__):
            if found is not None and keep[card] > found[0]:
                break
            mine = (self.keep_value(card), card)
            if found is None or mine < found:
                found = mine
        assert found is not None
        return found[1]

    def stake(self) -> tuple[float, int]:
        """What the trick holds for its winner: expected points, and game points."""
        value = self.value
        return sum([value(c) for c in self.cards]), sum([_GAME[c] for c in self.cards]) if self.f.game else 0

    def stake_claims(self) -> list[Claim]:
        """The sure facts about what the trick holds: its point cards, its game points, a
        sure High or Low; or that nothing in it can count."""
        f = self.f
        found: list[Claim] = []
        pointed = tuple(c for c in self.cards if f.capture[c])
        if pointed:
            found.append(TrickPoints(pointed, sum(f.capture[c] for c in pointed)))
        counting = tuple(c for c in self.cards if _GAME[c]) if f.game else ()
        if counting:
            found.append(TrickGame(counting, sum(_GAME[c] for c in counting)))
        found.extend(Contest(c, kind) for c in self.cards for kind in self.sure_contests(c))
        if not any(self.counts(c) for c in self.cards):
            found.append(TrickPoints((), 0))
        return found

    def spare_claims(self, card: Card) -> list[Claim]:
        """Why giving ``card`` up costs nothing, or costs the least there is: it carries no
        points, or every card I may play does."""
        if not self.counts(card):
            return [NoPoints(card)]
        if all(self.counts(c) for c in self.legal):
            return [AllCarryPoints()]
        return []


def _choice(card: Card, conclusion: str, claims: Callable[[], Sequence[Claim]]) -> Choice:
    """A card to play, with its reason built only on demand: the conclusion (``{card}`` stands
    for the card) and the claims it rests on."""
    return Choice(_PLAYS[card], lambda: (conclusion.format(card=card.label), tuple(claims())))


def choose_play(view: SeatKnowledge) -> Choice:
    """A card from ``view.legal_actions`` and the reason for it (see the module docstring)."""
    if view.trump is None:
        return _pitch(view)
    legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
    return _play(legal, lambda: _Trick.of_view(view, legal))


def _play(legal: list[Card], trick: Callable[[], _Trick]) -> Choice:
    """A card to play once trump is known (``legal``: the cards the seat may play): the only
    one, a lead or a card to follow, what the trick is read (``trick()``) only when there is a choice."""
    if len(legal) == 1:
        only = legal[0]
        return Choice(_PLAYS[only], lambda: (f"play {only.label}", (OnlyChoice(),)))
    t = trick()
    if not t.cards:
        return _lead(t)
    return _follow(t)


def _pitch(view: SeatKnowledge) -> Choice:
    rules = view.rules
    best = best_suit(rules, view.hand, view.seat)
    legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
    own = [c for c in legal if _SUIT[c] == best.suit]
    card = max(own or legal, key=lambda c: (rules.trump_rank(c, best.suit), int(c)))
    return Choice(
        Play(card),
        lambda: (f"pitch {card.label} to make {best.suit.symbol} trump", _rating_claims(rules, best)),
    )


def _lead(t: _Trick) -> Choice:
    rank = t.f.rank
    trumps = sorted([c for c in t.legal if rank[c]], key=rank.__getitem__)
    # (read only with trump in hand: what is unseen, and the voids, cost a look at every trick)
    others_may_trump = (
        bool(trumps)
        and bool(t.out.unseen_trump)
        and any(not void or t.trump not in void for void in map(t.voids.__getitem__, t.after))
    )
    if others_may_trump and t.unbeatable(trumps[-1]):
        top = trumps[-1]
        return _choice(top, "lead {card} to draw out the others' trump", lambda: [Unbeatable(top)])
    # a plain card that counts, which nobody can beat, takes its game points home (the most first)
    counting = sorted([c for c in t.legal if not rank[c] and _GAME[c]], key=lambda c: -_GAME[c])
    sure = next((c for c in counting if t.unbeatable(c)), None)
    if sure is not None:
        return _choice(sure, "lead {card} to take its game points", lambda: [Unbeatable(sure)])
    if trumps and not others_may_trump:
        card = t.cheapest(trumps)
        return _choice(card, "lead {card}, the trump I can best spare", lambda: [Unbeatable(card)])
    plain = [c for c in t.legal if not rank[c]]
    card = t.cheapest(plain or t.legal)
    spare = "card" if plain else "trump"
    return _choice(card, f"lead {{card}}, the {spare} I can best spare", lambda: t.spare_claims(card))


def _follow(t: _Trick) -> Choice:
    best_card, best_seat, best_power = t.best
    power = t.f.power[t.led]
    winners: list[Card] = []  # the cards that beat the trick so far, and the others
    others: list[Card] = []
    for c in t.legal:
        (winners if power[c] > best_power else others).append(c)

    if t.teams[best_seat] == t.teams[t.seat]:

        def winning() -> list[Claim]:
            return [Winning(best_seat, best_card)]

        if not others:
            card = t.cheapest(t.legal)
            return _choice(card, "play {card}, the card I can best spare", winning)
        led = t.led
        if best_power >= t.strongest_after(led):

            def sure() -> list[Claim]:
                return [WinsForSure(best_seat, best_card)]

        elif not t.opponents_after:

            def sure() -> list[Claim]:
                return [*winning(), NoOpponentAfter()]

        else:
            card = t.cheapest(others)
            return _choice(card, "leave the trick to my partner and play {card}", winning)
        gifts = [c for c in others if t.gift_value(c)]
        if gifts:
            card = max(gifts, key=lambda c: (t.gift_value(c), -int(c)))
            return _choice(card, "give my partner the {card}", sure)
        card = t.cheapest(others)
        return _choice(card, "leave the trick to my partner and play {card}", sure)

    # (most often the seat cannot win: then there is nothing safe, nor to bank)
    safe = [c for c in winners if t.safe(c)] if winners else []
    rank = t.f.rank
    banked = [c for c in safe if rank[c] and t.out.top_unseen > rank[c] and t.value(c) >= 1] if safe else []
    if banked:
        # nobody after can take it back: win with a card that counts and that a higher trump
        # still out could capture later, so I capture it myself now
        card = max(banked, key=lambda c: (t.value(c), -t.keep_value(c), -int(c)))
        return _choice(
            card,
            "take the trick with {card}, capturing it myself",
            lambda: [t.safe_claim(card), *t.stake_claims()],
        )
    # what the trick holds matters only to a seat that can win it
    points, pips = t.stake() if winners else (0.0, 0)
    big = points >= 1 or pips >= 10
    if winners and (big or pips >= 3):
        if safe:
            card = t.cheapest(safe)
            return _choice(
                card, "take the trick with {card}", lambda: [t.safe_claim(card), *t.stake_claims()]
            )
        if big:
            card = max(winners, key=t.power)
            return _choice(card, "fight for the trick with {card}", t.stake_claims)
        cheap = [c for c in winners if not t.f.rank[c]]
        if cheap:
            card = t.cheapest(cheap)
            return _choice(card, "try for the trick with {card} without spending a trump", t.stake_claims)
    card = t.cheapest(t.legal)
    if card in winners:
        if card in safe:
            return _choice(
                card,
                "take the trick with {card}, the card I can best spare",
                lambda: [t.safe_claim(card), Winning(best_seat, best_card), *t.stake_claims()],
            )
        # it beats the trick so far, but a card after it may still beat it: say no more than that
        return _choice(
            card,
            "play {card}, the card I can best spare",
            lambda: [Winning(best_seat, best_card), *t.stake_claims()],
        )
    led = t.led
    assert led is not None

    def void() -> list[Claim]:
        """That the seat holds none of the suit led, if so (read only for the words)."""
        return [] if any(t.f.suit[c] == led for c in t.hand) else [Void(led)]

    if not winners:
        return _choice(
            card,
            "give up the trick and play {card}",
            lambda: [CannotWin(best_card), *void(), *t.spare_claims(card)],
        )
    if not t.f.rank[card] and void():
        return _choice(
            card, "throw off {card} (a card of another suit)", lambda: [*void(), *t.spare_claims(card)]
        )
    lowest = min((c for c in t.legal if t.f.suit[c] == led), key=t.power, default=None)
    play = "follow low with {card}" if card == lowest else "play {card}, the card I can best spare"
    return _choice(card, play, lambda: [Winning(best_seat, best_card), *t.stake_claims()])


# ------------------------------------------------------------------ decide


def decide(view: SeatKnowledge) -> Choice:
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


_PLAY = Phase.PLAY
"""(An enum member looked up on its class costs a descriptor call; :func:`code` reads this.)"""


def code(hand: Hand) -> int:
    """The code of the action :func:`decide` takes for the seat to act, read straight from the
    hand with no view built (the fast path simulations ask). In the play, once trump is known,
    the seat's legal slots stand for its cards; every other decision reads a light view
    (:func:`knowledge_of`)."""
    seat = hand.actor
    if hand.phase is _PLAY and hand.trump is not None:
        codes = hand.legal_codes()
        if len(codes) == 1:  # the only card the seat may play (:func:`_play`)
            return codes[0]
        legal = list(map(hand.rules.deck.__getitem__, codes))
        action = _play(legal, lambda: _Trick.of_hand(hand, seat, legal)).action
        assert isinstance(action, Play)
        return codes[legal.index(action.card)]
    return hand.encode(decide(knowledge_of(hand, seat)).action)
