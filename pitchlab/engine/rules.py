"""Rules as data: the :class:`Ruleset` value; the named presets are in :mod:`pitchlab.engine.presets`.

The hand state machine consults only the fields of a ruleset, never its name,
so a variant is a new value, not a new branch. Trump is described by *roles*
relative to the named suit, which is what lets one table serve every suit:

``A K Q J T 9 8 7 6 5 4 3 2``
    the cards of the trump suit, by rank letter
``OJ`` ``OA`` ``O3``
    the off-jack, off-ace and off-three: that rank in the other suit of the
    same colour (hearts/diamonds, spades/clubs)
``JK`` ``JKH`` ``JKL``
    the identical joker, or the distinct high and low jokers
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from pitchlab.engine.cards import CARDS, HIGH_JOKER, JOKER, LOW_JOKER, RANK_LETTERS, Card, Suit
from pitchlab.engine.errors import BadRuleset
from pitchlab.engine.limits import MAX_BID, MAX_DISCARD_HAND

TrumpChoice = Literal["named", "first-lead"]
"""How trump is chosen: ``named`` by the bidder after the bidding, or
``first-lead``: the suit of the first card the bidder leads (the *pitch*)."""
PlayRule = Literal["trump-only", "follow-suit"]
"""What may be played: ``trump-only``, any trump to any trick, never another
card; or ``follow-suit``: every card is played, a trump lead must be followed
with trump if possible, a plain lead followed in its suit or trumped, and a
player who can do neither plays anything."""
Exchange = Literal["refill", "none", "discard-draw"]
"""What happens between naming trump and play: ``refill`` (throw away the
non-trump, draw back to ``refill_to``, bury the trump beyond ``keep_trump``),
``none`` (play the hand as dealt) or ``discard-draw`` (each player in turn
throws away the cards it chooses and draws as many from the stock)."""
StockRest = Literal["bidder", "dealer", "bidder-before-trump", "none"]
"""Who takes the stock left after the refill (keeping its trump): the bidder,
the dealer, nobody; or ``bidder-before-trump``: the bidder takes the whole
stock (a kitty) as soon as the bidding ends, before naming trump."""
ThrowInRule = Literal["none", "redeal", "replace"]
"""A weak hand (see ``ThrowInHand``) may be shown at its bidding turn: the
whole deal is then ``redeal``t, or the hand is ``replace``d from the stock."""
ThrowInHand = Literal["top-ten", "three-to-nine"]
"""Which hands may be thrown in: no card above a ten, or only threes to nines."""
Scorer = Literal["capturer", "holder"]
"""Who scores a point card: the team that captures it, or the team of the
player holding it when play begins."""
WinRule = Literal["bidder-only", "bidder-first", "count-out", "bidder-then-most"]
"""Who may win at the target. ``bidder-only``: only a side that bid the hand
just ended, with its score at the target. ``bidder-first``: anyone, but when
several reach the target on one hand the points are counted in order (the
bidder's made bid first, then High, Low, Jack, Game) and the first side
to reach the target wins. ``count-out``: the same count without the bidder
going first: a set bidder's loss, then every point won strictly in the order
High, Low, the point cards (Jack), Game. ``bidder-then-most``: the bidding
side wins at the target; otherwise the side with the most points at or over
it, and a tie plays on (with two sides: either side reaching the target wins,
the bidding side if both do)."""
ForcedRedeal = Literal["none", "junk"]
"""``junk``: a deal in which some hand holds no possible point card (ace,
jack, ten, three, two, joker) and no king or queen is dealt again by the
same dealer."""
AwardKind = Literal["high", "low", "game"]
GAME_VALUES = {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}
"""Game points by rank letter, counted over every card a side captures."""


@dataclass(frozen=True)
class PointCard:
    """A trump role that carries points, and who scores them."""

    role: str
    points: int
    scorer: Scorer = "capturer"


@dataclass(frozen=True)
class Award:
    """A point won by a contest rather than by one fixed card.

    ``high`` and ``low``: the highest and the lowest trump dealt, scored by
    its holder's side or by the side that captures it. ``game``: the side
    whose captured cards count the most game points (:data:`GAME_VALUES`);
    a tie gives nobody the point.
    """

    kind: AwardKind
    points: int = 1
    scorer: Scorer = "capturer"


@dataclass(frozen=True)
class Ruleset:
    """Every parameter the hand and game state machines consult.

    Presets come from :func:`ruleset`; derive a house rule with
    :meth:`replace`, e.g. ``pl.ruleset("ten-point").replace(target=31)``.
    """

    name: str
    description: str
    source: str = ""
    players: int = 4
    teams: tuple[int, ...] = (0, 1, 0, 1)
    """Team of each seat; partners sit across."""
    jokers: tuple[Card, ...] = (CARDS[JOKER], CARDS[JOKER])
    """Jokers added to the 52 standard cards (``JK`` twice: identical jokers)."""
    left_out: str = ""
    """Rank letters whose four cards are taken out of the deck (``"3"``: the
    eight-player High-Low-Jack's 48 cards, so that every card is dealt)."""
    hand_size: int = 9
    deal_packet: int = 3
    """Cards dealt to a seat at a time, going clockwise from the dealer's left."""
    min_bid: int = 4
    max_bid: int = 10
    stuck_dealer_bid: int = 4
    """What the dealer must bid when everyone before passed."""
    stuck_dealer_may_bid_more: bool = False
    """Whether that stuck dealer may bid higher than ``stuck_dealer_bid`` (it may never pass)."""
    all_pass_redeal: bool = False
    """The dealer may pass too; if everyone passes the deal is void and the same dealer
    deals again (``stuck_dealer_bid`` then never applies)."""
    auction: bool = True
    """Whether there is any bidding. Without it the dealer's left (eldest hand) is the
    *pitcher* with a bid of 0: it leads first, its lead names trump, and it is never set."""
    dealer_may_match: bool = False
    """Whether the dealer may take the contract at the current high bid."""
    dealer_match_min: int = 0
    """The lowest high bid the dealer may match (a *steal* of only the top bids)."""
    moon_bid: int | None = None
    """The bid value of *shooting the moon* (taking every point), above ``max_bid``; ``None``: no moon."""
    moon_made: int | None = None
    """What a made moon scores; ``None``: it wins the game at once."""
    moon_set: int = 0
    """What a failed moon costs."""
    moon_needs_score_above_zero: bool = False
    moon_needs_every_trick: bool = False
    moon_skips_exchange: bool = False
    """The moon bidder neither discards nor draws."""
    throw_in: ThrowInRule = "none"
    throw_in_hand: ThrowInHand = "top-ten"
    forced_redeal: ForcedRedeal = "none"
    call_partner: bool = False
    """No fixed partners: once the hand is set up the bidder calls a card, and
    its holder is the bidder's partner for the hand (``teams`` then lists each
    player alone, for the game score)."""
    called_to_first_lead: bool = False
    """With a called partner: the holder of the called card must play it to the first
    trick, the one the bidder leads, so the partner is known after one trick."""
    trump_choice: TrumpChoice = "named"
    play_rule: PlayRule = "trump-only"
    exchange: Exchange = "refill"
    trump_order: tuple[str, ...] = (
        "A", "K", "Q", "J", "OJ", "JK", "JK", "T", "9", "8", "7", "6", "5", "4", "3", "2",
    )  # fmt: skip
    """Trump roles from high to low; a role listed twice (the joker) is two
    equal cards, of which the one played first wins a trick."""
    point_cards: tuple[PointCard, ...] = (
        PointCard("A", 1),
        PointCard("J", 1),
        PointCard("OJ", 1),
        PointCard("JK", 1),
        PointCard("T", 1),
        PointCard("3", 3),
        PointCard("2", 1, "holder"),
    )
    """Points by trump role; a joker role's points count for each joker."""
    awards: tuple[Award, ...] = ()
    """Contest points (High, Low, Game), in the order they are counted out."""
    refill_to: int = 6
    """Each player, in turn from the dealer's left, keeps only trump and draws
    from the stock back to this many cards."""
    stock_rest: StockRest = "bidder"
    bidder_refills_last: bool = False
    """The bidder skips its refill turn, keeps all its cards and goes last: it
    takes the rest of the stock, keeps its trump and buries down to ``keep_trump``."""
    discard_trump: bool = True
    """Whether a ``discard-draw`` exchange may throw trump away."""
    trump_lead_must_follow: bool = True
    """Follow-suit play: whether a trump lead obliges a player holding trump to play one."""
    keep_trump: int = 6
    """Trump a player may take into play; any extra are buried face up."""
    buried_to: Literal["first-trick", "opponents"] = "first-trick"
    """Who takes the buried cards: the winner of the first trick (a holder-scored card,
    the two, staying its holder's), or the burying side's opponents, who then take every
    buried card with its points, a buried two included (only a two that is played
    scores for its holder)."""
    target: int = 52
    win_rule: WinRule = "bidder-only"
    all_points_wins: bool = True
    """A bid of ``max_bid`` that takes every point in play wins the game at once."""
    all_points_wins_in_the_hole: bool = True
    """Whether that instant win also counts for a side whose score was below zero."""

    def __post_init__(self) -> None:
        _validate(self)

    def __hash__(self) -> int:
        # hashed on every cached table lookup, so compute the field hash once
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            value = hash(dataclasses.astuple(self))
            object.__setattr__(self, "_hash", value)
            return value

    def replace(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (a house rule).

        A ruleset named after a preset, or by this rule, is named after what it becomes:
        the preset itself when its rules are a preset's, else the nearest preset and the
        changes, e.g. ``"ten-point (keep_trump=5)"``, and its description says what changed.
        A name (or description) you gave stays, and so does one given here."""
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}
        values.update(changes)
        if type(self) is Ruleset and _PRESETS:
            own = _labels(_rules_of(vars(self)))
            made = _labels(_rules_of(values))
            for i, label in enumerate(LABEL_FIELDS):
                if label not in changes and getattr(self, label) == own[i]:
                    values[label] = made[i]
            preset = _preset_by_rules(values)
            if preset is not None and all(values[k] == getattr(preset, k) for k in LABEL_FIELDS):
                return preset
        return type(self)(**values)

    @functools.cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards of one deck, in a fixed order; identical jokers repeat; ``left_out`` ranks removed."""
        return tuple(c for c in CARDS[:52] if RANK_LETTERS[c % 13] not in self.left_out) + self.jokers

    @property
    def stock_size(self) -> int:
        """The cards left undealt after the deal, the stock: 54 - 4 x 9 = 18 in ten-point."""
        return len(self.deck) - self.players * self.hand_size

    @property
    def bidder_takes_stock(self) -> bool:
        """Whether the bidder ends up with every card of the stock nobody drew."""
        return self.stock_rest in ("bidder", "bidder-before-trump")

    @property
    def stuck_dealer_words(self) -> str:
        """What a dealer whom everyone passed may do, in words, for pages that explain the bidding
        (one phrase for every ruleset, so no page restates the three cases)."""
        if self.all_pass_redeal:
            return "may pass too: if everyone passes, the same dealer deals again"
        more = " or more" if self.stuck_dealer_may_bid_more else ""
        return f"must bid {self.stuck_dealer_bid}{more}"

    @property
    def top_bid(self) -> int:
        """The highest bid value, the moon included."""
        return self.moon_bid if self.moon_bid is not None else self.max_bid

    @property
    def jokers_distinct(self) -> bool:
        return len(set(self.jokers)) == len(self.jokers)

    @property
    def num_teams(self) -> int:
        return max(self.teams) + 1

    @functools.cached_property
    def total_points(self) -> int:
        """Points in play in a hand where every point card is dealt and every contest is won.

        Exact for every hand of a refill game whose bidder takes the stock
        (every trump comes into play); an upper bound where cards stay undealt
        (no Jack point if the jack was not dealt) or Game can tie.
        """
        spades = self.trump(Suit.SPADES)
        return sum(spades.points.get(card, 0) for card in spades.cards) + sum(a.points for a in self.awards)

    def trump(self, suit: Suit) -> TrumpSuit:
        """Everything about ``suit`` as trump: its cards, ranks, roles and points."""
        return self._trump_suits[suit]

    @functools.cached_property
    def _trump_suits(self) -> tuple[TrumpSuit, ...]:
        return tuple(TrumpSuit(self, suit) for suit in Suit)

    def trump_cards(self, suit: Suit) -> tuple[Card, ...]:
        """The trump of ``suit``, from high to low (a repeated joker listed twice)."""
        return self._trump_suits[suit].cards

    def role_of(self, card: Card, suit: Suit) -> str | None:
        """The card's trump role when ``suit`` is trump, or ``None`` if not trump."""
        return self._trump_suits[suit].roles.get(card)

    def points_of(self, card: Card, suit: Suit) -> int:
        """Points the card carries when ``suit`` is trump."""
        return self._trump_suits[suit].points.get(card, 0)

    def is_trump(self, card: Card, suit: Suit) -> bool:
        return card in self._trump_suits[suit].roles

    def trump_rank(self, card: Card, suit: Suit) -> int:
        """How strong the card is as trump: higher beats lower, 0 is not trump.

        Cards sharing a role (identical jokers) share a rank; between them the
        one played first wins the trick.
        """
        return self._trump_suits[suit].ranks.get(card, 0)


class TrumpSuit:
    """One suit as trump under one ruleset, as lookup tables keyed by card."""

    __slots__ = ("cards", "points", "ranks", "roles", "scorers", "suit")

    def __init__(self, rules: Ruleset, suit: Suit) -> None:
        order = rules.trump_order
        self.suit = suit
        self.cards: tuple[Card, ...] = tuple(card_of_role(role, suit) for role in order)
        """The trump from high to low (an identical joker listed twice)."""
        self.roles: dict[Card, str] = {card_of_role(role, suit): role for role in order}
        self.ranks: dict[Card, int] = {c: len(order) - order.index(r) for c, r in self.roles.items()}
        by_role = {p.role: p for p in rules.point_cards}
        self.points: dict[Card, int] = {c: by_role[r].points for c, r in self.roles.items() if r in by_role}
        self.scorers: dict[Card, Scorer] = {
            c: by_role[r].scorer for c, r in self.roles.items() if r in by_role
        }


def card_of_role(role: str, suit: Suit) -> Card:
    """The card that plays ``role`` when ``suit`` is trump."""
    if role == "JK":
        return CARDS[JOKER]
    if role == "JKH":
        return CARDS[HIGH_JOKER]
    if role == "JKL":
        return CARDS[LOW_JOKER]
    home = suit
    if len(role) == 2 and role[0] == "O":
        home, role = suit.sibling, role[1]
    return CARDS[home * 13 + RANK_LETTERS.index(role)]


# ------------------------------------------------------------------ what a ruleset may hold

LABEL_FIELDS = ("name", "description", "source")
"""The fields that say what a ruleset is called, not how it plays: left out of its identity."""
RULE_FIELDS = tuple(f.name for f in dataclasses.fields(Ruleset) if f.name not in LABEL_FIELDS)
"""The fields that make the game: two rulesets equal in these play the same game."""
_PRESETS: dict[str, Ruleset] = {}
"""The built-in presets by name (filled once they are all made)."""
_BY_RULES: dict[tuple[object, ...], Ruleset] = {}
"""The built-in presets by their rule fields."""
_ROLES = frozenset([*RANK_LETTERS, *(f"O{r}" for r in RANK_LETTERS), "JK", "JKH", "JKL"])
_JOKER_CARDS = (CARDS[JOKER], CARDS[HIGH_JOKER], CARDS[LOW_JOKER])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_SCORERS = typing.get_args(Scorer)
_HINTS = typing.get_type_hints(Ruleset)
_LITERALS = {f: typing.get_args(h) for f, h in _HINTS.items() if typing.get_origin(h) is Literal}
_OPTIONAL_INTS = frozenset(f for f, h in _HINTS.items() if h == (int | None))


def _kind(field: str, hint: object) -> type:
    """The type a field's values must have (``object``: a Literal or a tuple's items, checked apart)."""
    if typing.get_origin(hint) is tuple:
        return tuple
    if hint is int or field in _OPTIONAL_INTS:
        return int
    return hint if hint is bool or hint is str else object


_FIELD_KINDS = {f: _kind(f, h) for f, h in _HINTS.items()}


# ------------------------------------------------------------------ validation


def _validate(rules: Ruleset) -> None:
    """Every field of ``rules`` in its range and consistent with the others, else
    :class:`BadRuleset` naming the first field at fault and the rule it breaks."""

    def bad(field: str, rule: str) -> BadRuleset:
        return BadRuleset(str(rules.name)[:60], field, rule)

    for f in dataclasses.fields(Ruleset):
        value = getattr(rules, f.name)
        kind = _FIELD_KINDS.get(f.name)
        if kind is str and not isinstance(value, str):
            raise bad(f.name, f"must be text, not {value!r}")
        if kind is bool and not isinstance(value, bool):
            raise bad(f.name, f"must be True or False, not {value!r}")
        if kind is int and not (_is_int(value) or (value is None and f.name in _OPTIONAL_INTS)):
            raise bad(f.name, f"must be a whole number, not {value!r}")
        allowed = _LITERALS.get(f.name)
        if allowed is not None and value not in allowed:
            raise bad(f.name, f"must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        if kind is tuple and not isinstance(value, tuple):
            raise bad(f.name, f"must be a tuple, not {type(value).__name__}")
    if not rules.name:
        raise bad("name", "must not be empty")
    preset = _PRESETS.get(rules.name)
    if preset is not None and _rule_key(vars(preset)) != _rule_key(vars(rules)):
        raise bad("name", "is a preset's name, and these rules are not that preset's: choose another name")
    if rules.players < 2:
        raise bad("players", f"at least 2 players play, not {rules.players}")
    if len(rules.teams) != rules.players:
        raise bad("teams", f"must list a team for each of {rules.players} seats, not {len(rules.teams)}")
    if not all(_is_int(t) for t in rules.teams) or sorted(set(rules.teams)) != list(
        range(len(set(rules.teams)))
    ):
        raise bad("teams", f"team numbers run 0, 1, 2 ... with none skipped, not {rules.teams!r}")
    if len(set(rules.teams)) < 2:
        raise bad("teams", "at least two teams play")
    if rules.call_partner and rules.trump_choice != "named":
        raise bad(
            "call_partner", "the bidder calls its partner once it has named trump: it needs a named trump"
        )
    if rules.call_partner and len(set(rules.teams)) != rules.players:
        raise bad("teams", "a called partner game lists each player as its own team")
    if rules.called_to_first_lead and not rules.call_partner:
        raise bad("called_to_first_lead", "only a game with a called partner has a called card to play")
    if not all(isinstance(j, Card) and j in _JOKER_CARDS for j in rules.jokers):
        raise bad("jokers", f"only JK, JKH and JKL are jokers, not {rules.jokers!r}")
    plain, distinct = rules.jokers.count(CARDS[JOKER]), [j for j in rules.jokers if j != CARDS[JOKER]]
    if plain > 2 or len(distinct) != len(set(distinct)) or (plain and distinct):
        raise bad("jokers", "a deck holds up to two identical JK, or one JKH and one JKL")
    if any(rank not in RANK_LETTERS for rank in rules.left_out) or len(set(rules.left_out)) != len(
        rules.left_out
    ):
        raise bad("left_out", f"holds rank letters ({RANK_LETTERS}), each once, not {rules.left_out!r}")
    if rules.hand_size < 1:
        raise bad("hand_size", f"a hand holds at least one card, not {rules.hand_size}")
    if rules.players * rules.hand_size > len(rules.deck):
        raise bad(
            "hand_size",
            f"{rules.players} hands of {rules.hand_size} need more than the {len(rules.deck)} cards of the deck",
        )
    if rules.deal_packet < 1:
        raise bad("deal_packet", f"cards are dealt at least one at a time, not {rules.deal_packet}")
    if rules.min_bid < 1:
        raise bad("min_bid", f"the lowest bid is at least 1 (0 is a pass), not {rules.min_bid}")
    if rules.max_bid < rules.min_bid:
        raise bad("max_bid", f"must be at least min_bid ({rules.min_bid}), not {rules.max_bid}")
    if not rules.min_bid <= rules.stuck_dealer_bid <= rules.max_bid:
        raise bad(
            "stuck_dealer_bid",
            f"must be a bid from min_bid to max_bid ({rules.min_bid}-{rules.max_bid}), not {rules.stuck_dealer_bid}",
        )
    if rules.moon_bid is not None and rules.moon_bid <= rules.max_bid:
        raise bad("moon_bid", f"must be above max_bid ({rules.max_bid}), not {rules.moon_bid}")
    for field in ("max_bid", "moon_bid"):
        if (getattr(rules, field) or 0) > MAX_BID:
            raise bad(field, f"bids go up to {MAX_BID} at most, not {getattr(rules, field)}")
    if rules.dealer_match_min and not rules.min_bid <= rules.dealer_match_min <= rules.top_bid:
        raise bad(
            "dealer_match_min",
            f"must be 0 (any bid) or a bid from {rules.min_bid} to {rules.top_bid}, not {rules.dealer_match_min}",
        )
    for field in ("moon_made", "moon_set", "refill_to"):
        if (getattr(rules, field) or 0) < 0:
            raise bad(field, f"must not be below 0, not {getattr(rules, field)}")
    if rules.keep_trump < 1:
        raise bad("keep_trump", f"a player keeps at least one trump, not {rules.keep_trump}")
    if rules.target < 1:
        raise bad("target", f"the game's target must be above 0, not {rules.target}")
    if rules.trump_choice == "first-lead" and rules.play_rule != "follow-suit":
        raise bad("trump_choice", "a first-lead trump needs follow-suit play (any card may be led)")
    if rules.trump_choice == "first-lead" and rules.jokers:
        # a joker has no suit, so the first lead could name none (no variant plays jokers this way)
        raise bad("jokers", "a first-lead trump is the suit of the card led, and a joker has no suit")
    if rules.play_rule == "follow-suit" and rules.exchange == "refill":
        raise bad("exchange", "follow-suit play keeps every card, so it has no refill")
    if rules.exchange == "discard-draw":
        kitty = rules.stock_size if rules.stock_rest == "bidder-before-trump" else 0
        if rules.hand_size + kitty > MAX_DISCARD_HAND:
            raise bad(
                "exchange",
                f"a discard-draw hand may hold {MAX_DISCARD_HAND} cards at most (every subset of it is a "
                f"legal discard), not {rules.hand_size + kitty}",
            )
    if not rules.auction and rules.trump_choice != "first-lead":
        raise bad("auction", "without an auction the eldest hand's first lead names trump")
    _validate_trump(rules, bad)


def _validate_trump(rules: Ruleset, bad: Callable[[str, str], BadRuleset]) -> None:
    order = rules.trump_order
    strange = [r for r in order if not isinstance(r, str) or r not in _ROLES]
    if strange or not order:
        raise bad(
            "trump_order", f"lists trump roles (A K ... 2, OJ OA ..., JK JKH JKL), not {strange or '()'}"
        )
    repeated = sorted({r for r in order if r != "JK" and order.count(r) > 1})
    if repeated:
        raise bad(
            "trump_order",
            f"lists {', '.join(repeated)} more than once (only JK, two equal jokers, may repeat)",
        )
    if "JK" in order and order.count("JK") != rules.jokers.count(CARDS[JOKER]):
        raise bad("trump_order", "lists JK once for each identical joker in the deck")
    missing = [r for r in order if card_of_role(r, Suit.SPADES) not in rules.deck]
    if missing:
        raise bad("trump_order", f"roles {missing} name cards left out of the deck")
    for i, point in enumerate(rules.point_cards):
        if not isinstance(point, PointCard):
            raise bad("point_cards", f"holds PointCard values, not {point!r}")
        if point.role not in order:
            raise bad("point_cards", f"{point.role!r} is not a trump role of trump_order")
        if not _is_int(point.points) or point.points < 1:
            raise bad("point_cards", f"{point.role!r} must carry 1 point or more, not {point.points!r}")
        if point.scorer not in _SCORERS:
            raise bad("point_cards", f"{point.role!r}: scorer is capturer or holder, not {point.scorer!r}")
        if any(p.role == point.role for p in rules.point_cards[:i]):
            raise bad("point_cards", f"{point.role!r} is listed more than once")
    for i, award in enumerate(rules.awards):
        if not isinstance(award, Award) or award.kind not in typing.get_args(AwardKind):
            raise bad("awards", f"holds Award values of kind high, low or game, not {award!r}")
        if not _is_int(award.points) or award.points < 1:
            raise bad("awards", f"{award.kind} must carry 1 point or more, not {award.points!r}")
        if award.scorer not in _SCORERS:
            raise bad("awards", f"{award.kind}: scorer is capturer or holder, not {award.scorer!r}")
        if any(a.kind == award.kind for a in rules.awards[:i]):
            raise bad("awards", f"{award.kind} is listed more than once")


# ------------------------------------------------------------------ identity


def preset_of(rules: Ruleset) -> Ruleset | None:
    """The built-in preset whose rules these are (whatever their name), or ``None``.

    What per-ruleset data (ladders, bidding tables) keys on: two rulesets with the same
    fields play the same game, and a house rule that changes any field gets no preset's data."""
    return _preset_by_rules(vars(rules)) if type(rules) is Ruleset else None


def _preset_by_rules(values: Mapping[str, object]) -> Ruleset | None:
    try:
        return _BY_RULES.get(_rule_key(values))
    except TypeError:  # an unhashable value (a list for a tuple): no preset, and the ruleset refuses it
        return None


def nearest_preset(rules: Ruleset) -> tuple[Ruleset, dict[str, object]]:
    """The built-in preset with the fewest fields different from ``rules`` (the first listed
    on a tie), and those fields with the values ``rules`` gives them."""
    return _nearest(_rules_of(vars(rules)))


def _nearest(values: Mapping[str, object]) -> tuple[Ruleset, dict[str, object]]:
    best: tuple[Ruleset, dict[str, object]] | None = None
    for preset in _PRESETS.values():
        changed = {f: values[f] for f in RULE_FIELDS if values[f] != getattr(preset, f)}
        if best is None or len(changed) < len(best[1]):
            best = preset, changed
    assert best is not None
    return best


def _rule_key(values: Mapping[str, object]) -> tuple[object, ...]:
    return tuple(values[f] for f in RULE_FIELDS)


def _rules_of(values: Mapping[str, object]) -> dict[str, object]:
    return {f: values[f] for f in RULE_FIELDS}


def _labels(values: Mapping[str, object]) -> tuple[str, str, str]:
    """The name, description and source a ruleset with these rule fields gets by default:
    the nearest preset's, with the changes said in the name and the description."""
    base, changed = _nearest(values)
    if not changed:
        return base.name, base.description, base.source
    name = f"{base.name} ({', '.join(f'{f}={shown(v)}' for f, v in changed.items())})"
    was = "; ".join(f"{f} {shown(v)} (not {shown(getattr(base, f))})" for f, v in changed.items())
    return name, f"{base.description} Changed from {base.name}: {was}.", base.source


def shown(value: object) -> str:
    """A field's value in a few words: ``5``, ``0 1 2 3``, ``A:1 2:1/holder``, ``none``."""
    if isinstance(value, tuple):
        return " ".join(shown(v) for v in value) or "none"
    if isinstance(value, PointCard):
        return f"{value.role}:{value.points}" + ("" if value.scorer == "capturer" else f"/{value.scorer}")
    if isinstance(value, Award):
        return f"{value.kind}:{value.points}" + ("" if value.scorer == "capturer" else f"/{value.scorer}")
    if value is None:
        return "none"
    return str(value)


def know_presets(presets: Mapping[str, Ruleset]) -> None:
    """Learn the built-in presets (:mod:`pitchlab.engine.presets` calls this once, as it is
    imported): the identity of a ruleset (:func:`preset_of`) and a house rule's default name
    (the nearest preset's, with its changes) are told against them."""
    _PRESETS.update(presets)
    _BY_RULES.update((_rule_key(vars(r)), r) for r in reversed(list(presets.values())))
