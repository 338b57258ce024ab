"""Rules as data: the :class:`Ruleset` value and the registry of named presets.

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
from pitchlab.engine.errors import BadRuleset, RulesetNameTaken, UnknownRuleset
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
        kitty = (
            len(rules.deck) - rules.players * rules.hand_size
            if rules.stock_rest == "bidder-before-trump"
            else 0
        )
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


TEN_POINT = Ruleset(
    name="ten-point",
    description=(
        "Ten-point Pitch: four players in two partnerships, 54 cards with two "
        "identical jokers, nine cards each, one bid each from 4 to 10, the bidder "
        "names trump, everyone refills to six trump-only cards, only trump is "
        "played, ten points a hand, game to 52 for the bidding team. Rulings: the "
        "two scores for whoever holds it when play begins, even if buried; every "
        "player with more than six trump buries; a short stock means short hands; "
        "the lead passes clockwise when the winner is out of trump."
    ),
    source="seeds/000",
)

_PLAIN_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")

AUCTION_PITCH = Ruleset(
    name="auction-pitch",
    description=(
        "Auction Pitch (Setback): four players, each for themself, 52 cards, six each "
        "dealt three at a time, no stock play. One bid each from 2 to 4; the dealer may "
        "take the contract at the high bid; if everyone else passed it must bid 2, 3 or 4 "
        "(at least 2: so a stuck dealer may smudge). The "
        "bidder's first lead (the pitch) makes its suit trump. A trump lead must be "
        "followed with trump if possible; on a plain lead follow suit or trump; "
        "otherwise play anything. Four points: High and Low to the player dealt them, "
        "Jack to whoever captures it (nobody if it was not dealt), Game to the most "
        "game points taken (ten 10, ace 4, king 3, queen 2, jack 1; a tie scores "
        "nobody). A set bidder loses the bid; the others score what they took. First "
        "to 7; if several reach 7 on one hand, the bidder's points count first, then "
        "High, Low, Jack and Game in turn. Reading taken: four solo players (the "
        "rules allow three or four, solo or partners: derive one with replace())."
    ),
    source="seeds/001, seeds/003",
    players=4,
    teams=(0, 1, 2, 3),
    jokers=(),
    hand_size=6,
    min_bid=2,
    max_bid=4,
    stuck_dealer_bid=2,
    stuck_dealer_may_bid_more=True,
    dealer_may_match=True,
    trump_choice="first-lead",
    play_rule="follow-suit",
    exchange="none",
    trump_order=_PLAIN_ORDER,
    point_cards=(PointCard("J", 1),),
    awards=(Award("high", 1, "holder"), Award("low", 1, "holder"), Award("game", 1)),
    target=7,
    win_rule="bidder-first",
    all_points_wins=False,
)

SMUDGE = AUCTION_PITCH.replace(
    name="smudge",
    description=(
        "Smudge: Auction Pitch, except that a bid of 4 that takes all four points wins "
        "the game at once, unless the bidder's score was below zero. A stuck dealer may smudge "
        "too: it bids 2, 3 or 4."
    ),
    source="seeds/001",
    all_points_wins=True,
    all_points_wins_in_the_hole=False,
)

HIGH_LOW_JACK = AUCTION_PITCH.replace(
    name="high-low-jack",
    description=(
        "High-Low-Jack: four players in two partnerships (partners across), six cards "
        "each dealt three at a time, no exchange; the bidder's first card sets trump. "
        "Bids 2 to 4, the dealer may match the high bid and must bid 2 if all passed. "
        "High, Low, Jack and Game each score for the side whose tricks hold them "
        "(Game tie: nobody). Reading taken: first to 21, the bidding side first when "
        "both reach it on one hand."
    ),
    source="seeds/002",
    teams=(0, 1, 0, 1),
    awards=(Award("high"), Award("low"), Award("game")),
    stuck_dealer_may_bid_more=False,
    target=21,
)

HIGH_LOW_JACK_8 = HIGH_LOW_JACK.replace(
    name="high-low-jack-8",
    description=(
        "Eight-player High-Low-Jack: the four threes are taken out, leaving 48 cards, and "
        "all of them are dealt, six each in threes, so the ace of trump is always High, the "
        "two always Low and the jack always in play. Four partnerships of two seated "
        "alternately (seats 0 and 4, 1 and 5, 2 and 6, 3 and 7). Otherwise High-Low-Jack: "
        "bids 2 to 4, the dealer may match and must bid 2 if all passed, the bidder's first "
        "card sets trump, High, Low, Jack and Game to the capturing side, first to 21, the "
        "bidding side first when several reach it on one hand."
    ),
    players=8,
    teams=(0, 1, 2, 3, 0, 1, 2, 3),
    left_out="3",
    trump_order=tuple(r for r in _PLAIN_ORDER if r != "3"),
)

THIRTEEN_CARD = HIGH_LOW_JACK.replace(
    name="thirteen-card",
    description=(
        "Thirteen-card Pitch: High-Low-Jack for four in partnerships with every card "
        "dealt (thirteen each, in threes and a last single card), bids of 3 or 4 only "
        "(a dealer left alone bids 3), game to 15."
    ),
    source="seeds/002",
    hand_size=13,
    min_bid=3,
    stuck_dealer_bid=3,
    target=15,
)

SIMPLE_PITCH = AUCTION_PITCH.replace(
    name="simple-pitch",
    description=(
        "Simple Pitch: Auction Pitch without the auction. Nobody bids: the dealer's left "
        "(eldest hand) is the pitcher and leads first, and the suit of that lead is trump. "
        "Follow-suit play as in Auction Pitch; High and Low to the player dealt them, Jack "
        "to its capturer (nobody if it was not dealt), Game to the most game points (a tie "
        "scores nobody). Nobody is set: every player scores what it took. Readings taken: "
        "four players each for themself; first to 7, and when several reach 7 on one hand "
        "the points count out strictly in the order High, Low, Jack, Game (the pitcher "
        "has no bid to count first)."
    ),
    source="seeds/003",
    auction=False,
    stuck_dealer_may_bid_more=False,
    win_rule="count-out",
)

AUCTION_PITCH_1 = AUCTION_PITCH.replace(
    name="auction-pitch-1",
    description=(
        "Auction Pitch with bids from 1: one bid each from 1 to 4 (4 is called smudge, or "
        "shooting the moon), each higher than the last, so the dealer cannot take the bid "
        "by matching it. If everyone passes, the dealer included, the deal is void and the "
        "same dealer deals again. Otherwise Auction Pitch: the pitcher's first lead sets "
        "trump, High and Low to the player dealt them, Jack to its capturer, Game to the "
        "most game points, a set pitcher loses its bid, first to 7; when several players "
        "could reach 7 on one hand the points count out strictly in the order High, Low, "
        "Jack, Game, with no precedence for the pitcher (as the source's scoring table "
        "orders them). Reading taken: a made smudge scores its four points like any bid "
        "(the source's side payments are not kept)."
    ),
    source="seeds/003",
    min_bid=1,
    stuck_dealer_bid=1,
    stuck_dealer_may_bid_more=False,
    all_pass_redeal=True,
    dealer_may_match=False,
    win_rule="count-out",
)

ALL_FOURS = AUCTION_PITCH.replace(
    name="all-fours",
    description=(
        "All Fours (the pub game): Auction Pitch for four players in two partnerships "
        "(partners across). One bid each from 2 to 4, the dealer may take the contract at "
        "the high bid and, if everyone passed, must bid at least 2; the bidder's first lead "
        "sets trump; High and Low to the side dealt them, Jack to its capturer (nobody if "
        "not dealt), Game to the most game points. A set side loses its bid. Game to 11; "
        "when several sides could reach 11 on one hand the points count out strictly in "
        "the order High, Low, Jack, Game (reading taken: a set side's loss first, and no "
        "precedence for the bidder's points)."
    ),
    source="seeds/003",
    teams=(0, 1, 0, 1),
    target=11,
    win_rule="count-out",
)

THIRTEEN_POINT = TEN_POINT.replace(
    name="thirteen-point",
    description=(
        "Thirteen-point Pitch: ten-point Pitch with the off-three (the three of the other "
        "suit of trump's colour) as a seventeenth trump, ranked just below the three and "
        "worth 3 points: 13 points a hand, bids 4 to 13. Every ten-point Ruling applies."
    ),
    source="seeds/002",
    trump_order=(*TEN_POINT.trump_order[:-1], "O3", "2"),
    point_cards=(*TEN_POINT.point_cards, PointCard("O3", 3)),
    max_bid=13,
)

CUTTHROAT = AUCTION_PITCH.replace(
    name="cutthroat",
    description=(
        "Cutthroat Pitch: three players, each for themself, six cards each. One bid each "
        "of 2, 3 or 4 (or pass); the dealer may match the high bid and must bid 2 if both "
        "others passed. The bidder names trump; then each player from the dealer's left "
        "discards any cards it likes and draws as many from the stock. Follow-suit play, "
        "the bidder leading. High, Low, Jack and Game each score for whoever captures them "
        "(Game tie: nobody). Game to 11: the bidder at 11 wins outright, otherwise the "
        "most points at 11 or more wins, and a tie plays on. Reading taken: a player "
        "may discard trump too."
    ),
    source="seeds/002",
    players=3,
    teams=(0, 1, 2),
    trump_choice="named",
    exchange="discard-draw",
    awards=(Award("high"), Award("low"), Award("game")),
    stuck_dealer_may_bid_more=False,
    target=11,
    win_rule="bidder-then-most",
)

PARTNERSHIP = CUTTHROAT.replace(
    name="partnership",
    description=(
        "Partnership Pitch: cutthroat's rules for four players in two partnerships "
        "(partners across): bids 2-4 with the dealer's match, named trump, discard and "
        "draw, follow-suit play, High/Low/Jack/Game to the capturing side, game to 21. "
        "The bidding side at 21 wins; the other side wins at 21 only if the bidding side "
        "is below 21."
    ),
    players=4,
    teams=(0, 1, 0, 1),
    target=21,
)

FIVE = PARTNERSHIP.replace(
    name="five",
    description=(
        "Five (five-card bid): partnership Pitch in which the five of trump is worth 5 "
        "points to the side that captures it, 9 points in all; bids 2 to 9."
    ),
    point_cards=(PointCard("J", 1), PointCard("5", 5)),
    max_bid=9,
)

TWO_HANDED = AUCTION_PITCH.replace(
    name="two-handed",
    description=(
        "Two-handed Pitch: two players, nine cards each, no stock play. Bids 2-4; the "
        "dealer must bid 2 if the other passed and may not take the bid by matching. A "
        "player whose highest card is a ten may throw the hand in at its turn to bid, and "
        "the same dealer deals again. The bidder's first lead sets trump; follow-suit play. "
        "High, Low, Jack, Game and the five of trump (1 point) score for whoever captures "
        "them. Game to 21: the bidder at 21 wins, else the higher score at 21. Reading "
        "taken: trump by the first lead, as in every no-exchange game of the source."
    ),
    source="seeds/002",
    players=2,
    teams=(0, 1),
    hand_size=9,
    dealer_may_match=False,
    stuck_dealer_may_bid_more=False,
    point_cards=(PointCard("J", 1), PointCard("5", 1)),
    awards=(Award("high"), Award("low"), Award("game")),
    throw_in="redeal",
    throw_in_hand="top-ten",
    target=21,
    win_rule="bidder-then-most",
)

_DISTINCT_JOKERS = (CARDS[HIGH_JOKER], CARDS[LOW_JOKER])
_TEN_POINT_DISTINCT = (*TEN_POINT.trump_order[:5], "JKH", "JKL", *TEN_POINT.trump_order[7:])
_POINTS_DISTINCT = tuple(
    q
    for p in TEN_POINT.point_cards
    for q in ((PointCard("JKH", p.points), PointCard("JKL", p.points)) if p.role == "JK" else (p,))
)

OKLAHOMA = TEN_POINT.replace(
    name="oklahoma",
    description=(
        "Oklahoma ten-point Pitch: two partnerships, 54 cards with a high and a low joker "
        "(the high one ranks above), six cards dealt. One bid each from 1 to 9, or shoot "
        "the moon (all ten points). The bidder names trump; everyone throws away its "
        "non-trump and draws back to six; the dealer takes what is left of the stock and "
        "keeps its trump (burying any beyond six). Only trump is played; ten points: ace, "
        "jack, off-jack, each joker, ten 1, three 3, and the two 1 for whoever holds it. A "
        "set side loses its bid. A made moon scores 52, a failed one costs 52 (reading "
        "taken: the source gives only the gain). Game to 52: either side reaching 52 wins, "
        "the bidding side if both reach it on the same hand."
    ),
    source="seeds/002",
    jokers=_DISTINCT_JOKERS,
    trump_order=_TEN_POINT_DISTINCT,
    point_cards=_POINTS_DISTINCT,
    hand_size=6,
    min_bid=1,
    max_bid=9,
    stuck_dealer_bid=1,
    moon_bid=10,
    moon_made=52,
    moon_set=52,
    stock_rest="dealer",
    all_points_wins=False,
    win_rule="bidder-then-most",
)

MISSOURI_ELEVEN = OKLAHOMA.replace(
    name="missouri-eleven",
    description=(
        "Missouri eleven-point Pitch: Oklahoma's rules with the off-ace (the ace of the "
        "other suit of trump's colour) as the second-highest trump, worth 1: eleven points. "
        "Bids 3 to 10, or the moon (11: every point). The bidder, not the dealer, takes "
        "the rest of the stock. Game to 52 as in Oklahoma: either side reaching it wins, "
        "the bidding side if both do."
    ),
    trump_order=("A", "OA", *_TEN_POINT_DISTINCT[1:]),
    point_cards=(*_POINTS_DISTINCT, PointCard("OA", 1)),
    min_bid=3,
    max_bid=10,
    stuck_dealer_bid=3,
    moon_bid=11,
    stock_rest="bidder",
)

MISSOURI_ELEVEN_6 = MISSOURI_ELEVEN.replace(
    name="missouri-eleven-6",
    description=(
        "Six-player Missouri eleven-point Pitch: three partnerships of two, partners seated "
        "alternately (seats 0 and 3, 1 and 4, 2 and 5), all 54 cards dealt, nine each, so "
        "there is no stock and nobody draws. Bids 3 to 10 or the moon (11), the bidder names "
        "trump, and each player then discards three cards: reading taken, it keeps its trump "
        "up to six and lays any trump beyond six face up (to the first trick's winner, the "
        "two staying with its holder, as in ten-point); its other discards are plain cards, "
        "which could never be played. Otherwise as Missouri eleven: only trump is played, "
        "eleven points, game to 52, either side reaching it wins (the bidding side if two "
        "sides do; reading taken: if two other sides reach it, the higher score wins and a "
        "tie plays on)."
    ),
    players=6,
    teams=(0, 1, 2, 0, 1, 2),
    hand_size=9,
    refill_to=0,
    stock_rest="none",
)

CALL_PARTNER = TEN_POINT.replace(
    name="call-partner",
    description=(
        "Call-your-partner Pitch: ten-point Pitch for four with no fixed partners. Once "
        "trump is named and the hands are set up, the bidder calls a card it does not hold (a joker only when it holds the other); "
        "whoever holds it is its partner for the hand (nobody, if the card is out of play: "
        "the bidder plays alone), known to the table when the card is played. Ruling: a "
        "card buried face up may not be called (its holder is already known, so the call "
        "would hide nothing). Scores are "
        "kept per player: the bidder and partner each score their side's points, or each "
        "lose the bid if set; every other player scores the points it took itself. A "
        "player wins at 52 only at the end of a hand it bid."
    ),
    source="seeds/002",
    teams=(0, 1, 2, 3),
    call_partner=True,
)

RAZZLE_DAZZLE = CALL_PARTNER.replace(
    name="razzle-dazzle",
    description=(
        "Razzle-Dazzle: five players, ten-point cards and points, nine cards each and a "
        "kitty of nine. One bid each from 5 to 10; the bidder takes the kitty, then names "
        "trump. Everyone keeps only trump and draws nothing; anyone with more than six "
        "trump (the bidder, usually) buries the extra face up. The bidder then calls a card "
        "for a partner (never a card buried face up: Ruling, as in call-partner), and whoever "
        "holds it must play it to the bidder's first lead, so the table knows the partner "
        "after one trick; a set bidder takes its partner down with it. Scores per player, "
        "game to 52 for a bidder. Readings taken: five players, a kitty of nine."
    ),
    players=5,
    teams=(0, 1, 2, 3, 4),
    min_bid=5,
    stuck_dealer_bid=5,
    stock_rest="bidder-before-trump",
    refill_to=0,
    called_to_first_lead=True,
)

DRAW_PITCH = PARTNERSHIP.replace(
    name="draw-pitch",
    description=(
        "Draw Pitch (partnership draw, New Yorker): two partnerships, six cards dealt in "
        "threes. A player dealt only threes to nines may show the hand at its turn to bid "
        "and take six new cards from the stock. One bid each: 2, 3, 4 or moon; no matching, "
        "and a dealer left alone bids 2. The bidder names trump; each player from the "
        "dealer's left throws away cards it does not want, never trump, and is dealt as "
        "many again (a moon bidder keeps its hand). Trump may be played at any time: the "
        "only duty is to follow a plain suit led, or trump. High, Low, Jack and Game to the "
        "capturing side. A moon must take every point in play and every trick, and a made "
        "moon wins the game at once (reading taken); a failed moon costs 5 (reading taken). "
        "Ruling: when the jack of trump was never dealt only three points are in play, and "
        "a moon that takes High, Low, Game and every trick is made. Game to 15."
    ),
    dealer_may_match=False,
    moon_bid=5,
    moon_made=None,
    moon_set=5,
    moon_needs_every_trick=True,
    moon_skips_exchange=True,
    discard_trump=False,
    trump_lead_must_follow=False,
    throw_in="replace",
    throw_in_hand="three-to-nine",
    target=15,
)

THIRTY_ONE = TEN_POINT.replace(
    name="thirty-one",
    description=(
        "Thirty-one-point Pitch: ten-point Pitch with a high and a low joker (high above "
        "low). A deal where someone holds no possible point card and no king or queen is "
        "dealt again. A dealer whom everyone passed must bid, 4 or more. Bids 4 to 10 or shoot the moon (+20 if every point is taken, -20 if "
        "not; only for a side above zero); the dealer may steal a 10 or a moon by matching "
        "it. After trump is named the other players refill first (throw away non-trump, "
        "draw to six, keep what they draw); the bidder keeps all nine, takes the rest of "
        "the stock and keeps its trump. Anyone left with more than six trump discards the "
        "extra to the opponents' pile, with its points: a discarded two scores for the "
        "opponents too; only a two that is played scores for whoever played it. Game to 31; "
        "when both sides cross on one hand the bidding side wins."
    ),
    source="seeds/004",
    jokers=_DISTINCT_JOKERS,
    trump_order=_TEN_POINT_DISTINCT,
    point_cards=_POINTS_DISTINCT,
    forced_redeal="junk",
    stuck_dealer_may_bid_more=True,
    moon_bid=11,
    moon_made=20,
    moon_set=20,
    moon_needs_score_above_zero=True,
    dealer_may_match=True,
    dealer_match_min=10,
    bidder_refills_last=True,
    buried_to="opponents",
    target=31,
    win_rule="bidder-first",
    all_points_wins=False,
)

_REGISTRY: dict[str, Ruleset] = {
    r.name: r
    for r in (
        TEN_POINT,
        AUCTION_PITCH,
        SMUDGE,
        CUTTHROAT,
        PARTNERSHIP,
        FIVE,
        HIGH_LOW_JACK,
        TWO_HANDED,
        OKLAHOMA,
        THIRTEEN_POINT,
        MISSOURI_ELEVEN,
        CALL_PARTNER,
        RAZZLE_DAZZLE,
        THIRTEEN_CARD,
        DRAW_PITCH,
        THIRTY_ONE,
        HIGH_LOW_JACK_8,
        MISSOURI_ELEVEN_6,
        SIMPLE_PITCH,
        AUCTION_PITCH_1,
        ALL_FOURS,
    )
}


def ruleset(name: str = "ten-point") -> Ruleset:
    """The named preset, e.g. ``ruleset("ten-point")``."""
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None


def ruleset_names() -> list[str]:
    """Names of every registered preset, sorted."""
    return sorted(_REGISTRY)


def register(rules: Ruleset) -> Ruleset:
    """Add a preset to the registry under its name and return it.

    Registering the identical ruleset again is harmless; a name that stands for other
    rules is refused (:class:`RulesetNameTaken`), so a preset is never silently replaced."""
    taken = _REGISTRY.get(rules.name)
    if taken is not None and taken != rules:
        raise RulesetNameTaken(
            f"the ruleset name {rules.name!r} is taken by other rules; give yours another name"
        )
    _REGISTRY[rules.name] = rules
    return rules


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


_PRESETS.update(_REGISTRY)
_BY_RULES.update((_rule_key(vars(r)), r) for r in reversed(_REGISTRY.values()))
