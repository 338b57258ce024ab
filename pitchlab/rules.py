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
from dataclasses import dataclass
from typing import Literal

from pitchlab.cards import CARDS, HIGH_JOKER, JOKER, LOW_JOKER, RANK_LETTERS, Card, Suit
from pitchlab.errors import UnknownRuleset

TrumpChoice = Literal["named"]
"""How trump is chosen: ``named`` by the bidder after the bidding. (Variants
that take trump from the first card led arrive with their presets.)"""
PlayRule = Literal["trump-only"]
"""What may be played: ``trump-only``, any trump to any trick, never another card."""
Scorer = Literal["capturer", "holder"]
"""Who scores a point card: the team that captures it, or the team of the
player holding it when play begins."""


@dataclass(frozen=True)
class PointCard:
    """A trump role that carries points, and who scores them."""

    role: str
    points: int
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
    hand_size: int = 9
    deal_packet: int = 3
    """Cards dealt to a seat at a time, going clockwise from the dealer's left."""
    min_bid: int = 4
    max_bid: int = 10
    stuck_dealer_bid: int = 4
    """What the dealer must bid when everyone before passed."""
    dealer_may_match: bool = False
    """Whether the dealer may take the contract at the current high bid."""
    trump_choice: TrumpChoice = "named"
    play_rule: PlayRule = "trump-only"
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
    refill_to: int = 6
    """Each player, in turn from the dealer's left, keeps only trump and draws
    from the stock back to this many cards."""
    bidder_takes_stock: bool = True
    """After the refill the bidder takes what is left of the stock, keeping its trump."""
    keep_trump: int = 6
    """Trump a player may take into play; any extra are buried face up."""
    target: int = 52
    only_bidder_wins: bool = True
    """A team wins only at the end of a hand it bid, with its score at the target."""
    all_points_wins: bool = True
    """A bid of ``max_bid`` that takes every point wins the game at once."""

    def __post_init__(self) -> None:
        if len(self.teams) != self.players:
            raise ValueError(f"{self.name}: teams must list a team for each of {self.players} seats")
        if self.players * self.hand_size > len(self.deck):
            raise ValueError(f"{self.name}: {self.players} hands of {self.hand_size} exceed the deck")
        if self.trump_choice != "named" or self.play_rule != "trump-only":
            raise ValueError(f"{self.name}: this engine plays named trump, trump-only play")
        for point in self.point_cards:
            if point.role not in self.trump_order:
                raise ValueError(f"{self.name}: point card {point.role!r} is not a trump role")

    def __hash__(self) -> int:
        # hashed on every cached table lookup, so compute the field hash once
        try:
            return self.__dict__["_hash"]  # type: ignore[no-any-return]
        except KeyError:
            value = hash(dataclasses.astuple(self))
            object.__setattr__(self, "_hash", value)
            return value

    def replace(self, **changes: object) -> Ruleset:
        """A copy with some fields changed (a house rule)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @functools.cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards of one deck, in a fixed order; identical jokers repeat."""
        return CARDS[:52] + self.jokers

    @property
    def jokers_distinct(self) -> bool:
        return len(set(self.jokers)) == len(self.jokers)

    @property
    def num_teams(self) -> int:
        return max(self.teams) + 1

    @functools.cached_property
    def total_points(self) -> int:
        """Points in play each hand (every point card is always dealt here)."""
        spades = self.trump(Suit.SPADES)
        return sum(spades.points.get(card, 0) for card in spades.cards)

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

_REGISTRY: dict[str, Ruleset] = {TEN_POINT.name: TEN_POINT}


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
    """Add a preset to the registry under its name and return it."""
    _REGISTRY[rules.name] = rules
    return rules
