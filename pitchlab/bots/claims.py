"""Claims: the facts a bot's reason rests on, typed so that each can be checked.

A learner copies what the bots do and believes what they say, so every
factual part of a reason is a :class:`Claim` about what the deciding seat
knows: "West has no trump left", "partner's Q♠ wins this trick whatever is
still out", "the 2♠ scores for whoever holds it". The words a learner reads
are rendered from the claims (:func:`render`), never written beside them, and
:mod:`pitchlab.bots.claimcheck` verifies each claim against the seat's information
set with code that shares nothing with the bots' tactics.

A claim names seats by number; :func:`who` turns a seat into words as the
speaker sees it ("my partner", "the player on my left"). Estimates (a
simulated figure) are claims too, so that a number is always said with what
it is and where it comes from.

Each claim also says whether the table may hear it while the hand is on
(:meth:`Claim.reveals`): a seat tells the others its bid and what they have all
seen, never the cards in its hand. A claim that names a card still hidden in the
speaker's hand, or that rests on the speaker's own cards ("I hold 5 trump", an
estimate worked out from the hand, "no card still out beats my jack", which it
knows partly because it holds the cards above), is kept for after the hand;
:func:`public` keeps the others, and :func:`first_sentence` says the reason in one
short sentence for the Why? panel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import steps_left


@dataclass(frozen=True)
class Shown:
    """What the whole table has seen when a seat gives its reason: the public side of its
    position, against which :meth:`Claim.reveals` judges a claim."""

    cards: frozenset[Card]
    """Cards laid face up: every card played or buried, hands shown when thrown in, and the
    card the decision itself lays down."""
    out: frozenset[int] = frozenset()
    """Seats the table has seen out of trump (passed over, in trump-only play)."""
    partners_known: bool = True
    """Whether every seat's side is public: fixed teams, or the called card already played."""


@dataclass(frozen=True)
class Claim:
    """One checkable fact about what the deciding seat knows."""

    kind: ClassVar[str] = "claim"

    def reveals(self, shown: Shown) -> bool:
        """Whether saying this tells the table something of the speaker's hidden cards.

        By default a claim does: it rests on the seat's own hand. Kinds about the auction,
        the score or cards every seat has seen say otherwise."""
        return True

    def words(self, speaker: int, rules: Ruleset) -> str:
        """The claim in plain words, as ``speaker`` would say it."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The claim as a JSON object: its ``kind`` and its fields (cards as codes, suits as letters)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


# ----------------------------------------------------------------- words


def who(seat: int, speaker: int, rules: Ruleset) -> str:
    """A seat as the speaker names it: "I", "my partner", "the player on my left"..."""
    if seat == speaker:
        return "I"
    n = rules.players
    offset = steps_left(speaker, seat, n)
    partner = not rules.call_partner and rules.teams[seat] == rules.teams[speaker]
    if n == 4:
        if offset == 2:
            return "my partner" if partner else "the player across"
        side = "left" if offset == 1 else "right"
        return f"my partner on my {side}" if partner else f"the player on my {side}"
    if n == 2:
        return "my opponent"
    if offset == 1:
        return "my partner on my left" if partner else "the player on my left"
    if offset == n - 1:
        return "my partner on my right" if partner else "the player on my right"
    return f"my partner in seat {seat}" if partner else f"the player in seat {seat}"


def _whose(seat: int, speaker: int, rules: Ruleset) -> str:
    name = who(seat, speaker, rules)
    return "my" if name == "I" else f"{name}'s"


def points_words(n: float) -> str:
    """``1 point``, ``3 points``, ``2.5 points``."""
    shown = f"{n:g}" if n == int(n) else f"{n:.1f}"
    return f"{shown} point" if n == 1 else f"{shown} points"


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards)


def suit_words(suit: Suit, trump: bool) -> str:
    return "trump" if trump else f"{suit.symbol} {suit.name.lower()}"


def _hidden(cards: Sequence[Card], shown: Shown) -> bool:
    """Whether any of ``cards`` is one the table has not seen."""
    return any(card not in shown.cards for card in cards)


# ------------------------------------------------------------ the kinds


@dataclass(frozen=True)
class OnlyChoice(Claim):
    """The rules leave the seat one action."""

    kind: ClassVar[str] = "only_choice"

    def words(self, speaker: int, rules: Ruleset) -> str:
        return "it is the only move the rules allow me"


@dataclass(frozen=True)
class DealerStuck(Claim):
    """Everyone else passed, so the dealer must bid."""

    kind: ClassVar[str] = "dealer_stuck"

    def reveals(self, shown: Shown) -> bool:
        return False  # the auction and the score are public

    def words(self, speaker: int, rules: Ruleset) -> str:
        return "everyone else passed, so as dealer I must bid"


@dataclass(frozen=True)
class PartnerBid(Claim):
    """The high bid so far is the partner's."""

    kind: ClassVar[str] = "partner_bid"
    seat: int
    bid: int

    def reveals(self, shown: Shown) -> bool:
        return False  # the auction and the score are public

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"{who(self.seat, speaker, rules)} already bid {self.bid}"


@dataclass(frozen=True)
class HighBid(Claim):
    """The high bid so far (0: nobody has bid)."""

    kind: ClassVar[str] = "high_bid"
    bid: int

    def reveals(self, shown: Shown) -> bool:
        return False  # the auction and the score are public

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"the high bid so far is {self.bid}" if self.bid else "nobody has bid yet"


@dataclass(frozen=True)
class HandHolds(Claim):
    """With ``suit`` as trump the seat holds exactly ``cards`` as trump, carrying ``points``."""

    kind: ClassVar[str] = "hand_holds"
    suit: Suit
    cards: tuple[Card, ...]
    points: int

    def words(self, speaker: int, rules: Ruleset) -> str:
        n = len(self.cards)
        held = f" ({_labels(self.cards)})" if self.cards else ""
        carry = f", {points_words(self.points)} among them" if self.cards else ""
        return f"with {self.suit.symbol} as trump I hold {n} trump{held}{carry}"


@dataclass(frozen=True)
class BidWinsGame(Claim):
    """Making ``bid`` takes the bidding side from ``score`` to the target or past it."""

    kind: ClassVar[str] = "bid_wins_game"
    bid: int
    score: int
    target: int

    def reveals(self, shown: Shown) -> bool:
        return False  # the auction and the score are public

    def words(self, speaker: int, rules: Ruleset) -> str:
        return (
            f"we have {self.score}, so making {self.bid} takes us to at least "
            f"{self.score + self.bid} and wins the game (the target is {self.target})"
        )


@dataclass(frozen=True)
class TopBidKeeps(Claim):
    """Bidding ``bid`` keeps the contract from the other side: nobody may bid over it or take it
    at the same bid, only the bidding side can win the game, and a made ``bid`` wins at once.

    Why blocking can pay: under such rules a side that lets the other side bid lets it go
    out, and the top bid gives the other side no bid at all."""

    kind: ClassVar[str] = "top_bid_keeps"
    bid: int

    def reveals(self, shown: Shown) -> bool:
        return False  # the rules, the auction and the score are public

    def words(self, speaker: int, rules: Ruleset) -> str:
        return (
            f"a {self.bid} keeps the bid from them (only the bidding side can win the game), "
            f"and a made {self.bid} wins at once"
        )


@dataclass(frozen=True)
class Estimate(Claim):
    """A simulated or estimated figure, said as one: what it is, its value, what it rests on."""

    kind: ClassVar[str] = "estimate"
    subject: str
    """What is estimated, e.g. "points we take with ♠ as trump"."""
    value: float
    unit: Literal["points", "percent"]
    basis: str
    """Where the figure comes from, e.g. "rules of thumb" or "200 simulated hands"."""
    interval: tuple[float, float] | None = None
    """A 95% interval of the figure, in its unit, where the basis gives one."""

    def words(self, speaker: int, rules: Ruleset, *, basis: bool = True) -> str:
        """``basis=False`` leaves out where the figure comes from: :func:`render` says a basis
        once, for the first figure that rests on it."""
        if self.unit == "percent":
            value = f"{self.value:.0f}%"
            if self.interval is not None:
                value += f" (95% interval {self.interval[0]:.0f}% to {self.interval[1]:.0f}%)"
        elif self.value < 0:
            value = f"a loss of about {points_words(round(-self.value, 1))}"
        else:
            value = f"about {points_words(round(self.value, 1))}"
        return f"{self.subject}: {value}" + (f" (from {self.basis})" if basis else "")

    def to_json(self) -> dict[str, Any]:
        """As any claim's, without an interval where there is none (so an estimate without
        one reads as it always did)."""
        found = super().to_json()
        if self.interval is None:
            del found["interval"]
        return found


@dataclass(frozen=True)
class OutOf(Claim):
    """``seat`` holds no card of ``suit`` (or no trump, with ``trump``), as the table has seen."""

    kind: ClassVar[str] = "out_of"
    seat: int
    suit: Suit
    trump: bool

    def reveals(self, shown: Shown) -> bool:
        # public once the table has seen the seat passed over for want of trump; otherwise the
        # seat works it out partly from its own cards
        return not (self.trump and self.seat in shown.out)

    def words(self, speaker: int, rules: Ruleset) -> str:
        name = who(self.seat, speaker, rules)
        what = suit_words(self.suit, self.trump)
        return f"{name} {'have' if name == 'I' else 'has'} no {what} left"


@dataclass(frozen=True)
class WinsForSure(Claim):
    """``card``, played by ``seat`` to this trick, wins it whatever the seats still to play hold."""

    kind: ClassVar[str] = "wins_for_sure"
    seat: int
    card: Card

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"{_whose(self.seat, speaker, rules)} {self.card.label} wins this trick whatever is still out"


@dataclass(frozen=True)
class Unbeatable(Claim):
    """``card`` led now cannot be beaten by any card still out; with ``twin``, only the
    identical other joker is out above it, and the first joker played wins."""

    kind: ClassVar[str] = "unbeatable"
    card: Card
    twin: bool = False

    def words(self, speaker: int, rules: Ruleset) -> str:
        if self.twin:
            return (
                f"only the other joker could match my {self.card.label}, and the first joker "
                "played wins, so nothing still out can beat it"
            )
        return f"no card still out can beat my {self.card.label}"


@dataclass(frozen=True)
class Winning(Claim):
    """``seat``'s ``card`` is winning the trick so far."""

    kind: ClassVar[str] = "winning"
    seat: int
    card: Card

    def reveals(self, shown: Shown) -> bool:
        return _hidden((self.card,), shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"{_whose(self.seat, speaker, rules)} {self.card.label} is winning the trick so far"


@dataclass(frozen=True)
class Beats(Claim):
    """``card``, which the seat may play, beats ``best``, the card winning the trick so far."""

    kind: ClassVar[str] = "beats"
    card: Card
    best: Card

    def reveals(self, shown: Shown) -> bool:
        return _hidden((self.card, self.best), shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"my {self.card.label} beats the {self.best.label}"


@dataclass(frozen=True)
class CannotWin(Claim):
    """No card the seat may play beats ``card``, the best card in the trick."""

    kind: ClassVar[str] = "cannot_win"
    card: Card

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"nothing I may play beats the {self.card.label}"


@dataclass(frozen=True)
class TrickPoints(Claim):
    """The cards in the trick that its winner captures points with, and how many points."""

    kind: ClassVar[str] = "trick_points"
    cards: tuple[Card, ...]
    points: int

    def reveals(self, shown: Shown) -> bool:
        return _hidden(self.cards, shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        if not self.cards:
            return "the trick holds no points its winner can take"
        return f"the trick holds {points_words(self.points)} for its winner ({_labels(self.cards)})"


@dataclass(frozen=True)
class HolderScores(Claim):
    """``card`` scores for its holder: it is never captured."""

    kind: ClassVar[str] = "holder_scores"
    card: Card

    def reveals(self, shown: Shown) -> bool:
        return _hidden((self.card,), shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"the {self.card.label} scores for whoever holds it and is never captured"


@dataclass(frozen=True)
class NoPoints(Claim):
    """``card`` carries no point its capturer could score."""

    kind: ClassVar[str] = "no_points"
    card: Card

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"the {self.card.label} carries no points for whoever takes it"


@dataclass(frozen=True)
class AllCarryPoints(Claim):
    """Every card the seat may play carries points its capturer would score."""

    kind: ClassVar[str] = "all_carry_points"

    def words(self, speaker: int, rules: Ruleset) -> str:
        return "every card I may play carries points"


@dataclass(frozen=True)
class NoOpponentAfter(Claim):
    """No opponent can still play to this trick after the seat."""

    kind: ClassVar[str] = "no_opponent_after"

    def reveals(self, shown: Shown) -> bool:
        return not shown.partners_known  # who plays after is public; which side they are on may not be

    def words(self, speaker: int, rules: Ruleset) -> str:
        return "no opponent can play to this trick after me"


@dataclass(frozen=True)
class Contest(Claim):
    """``card`` is sure to be High (or Low): no trump beyond it can still be in play."""

    kind: ClassVar[str] = "contest"
    card: Card
    award: Literal["high", "low"]

    def reveals(self, shown: Shown) -> bool:
        return _hidden((self.card,), shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        edge = "higher" if self.award == "high" else "lower"
        return f"the {self.card.label} is {self.award.capitalize()}: no {edge} trump can still be in play"


@dataclass(frozen=True)
class Void(Claim):
    """The seat holds no card that counts as ``suit`` (trump counts as the trump suit)."""

    kind: ClassVar[str] = "void"
    suit: Suit

    def words(self, speaker: int, rules: Ruleset) -> str:
        return f"I have no {self.suit.symbol} to follow with"


@dataclass(frozen=True)
class CalledPartner(Claim):
    """``seat`` holds the called card ``card`` and so plays with the bidder this hand."""

    kind: ClassVar[str] = "called_partner"
    seat: int
    card: Card

    def reveals(self, shown: Shown) -> bool:
        return not shown.partners_known

    def words(self, speaker: int, rules: Ruleset) -> str:
        name = who(self.seat, speaker, rules)
        if name == "I":
            return f"I hold the called {self.card.label}, so I play with the bidder this hand"
        return f"{name} holds the called {self.card.label}: we are partners this hand"


@dataclass(frozen=True)
class TrickGame(Claim):
    """The cards in the trick that count toward Game, and the game points they add up to."""

    kind: ClassVar[str] = "trick_game"
    cards: tuple[Card, ...]
    pips: int

    def reveals(self, shown: Shown) -> bool:
        return _hidden(self.cards, shown)

    def words(self, speaker: int, rules: Ruleset) -> str:
        return (
            f"the trick holds {self.pips} game point{'s' if self.pips != 1 else ''} ({_labels(self.cards)}) "
            "toward Game, the point for the side with the most (ten 10, ace 4, king 3, queen 2, jack 1)"
        )


@dataclass(frozen=True)
class EquallyGood(Claim):
    """The seat's estimates rate ``cards`` (all legal plays now) the same to within
    ``tolerance`` points, so any of them is as good a choice as the one played.

    Named together so a learner does not read meaning into which of two equal
    cards a bot happened to pick; the figures themselves are
    :class:`Estimate` claims with their basis. A card that, played now, may
    give its points to the opponents is never among them: it risks what the
    others do not, whatever the averages say.
    """

    kind: ClassVar[str] = "equally_good"
    cards: tuple[Card, ...]
    tolerance: float
    basis: str

    def words(self, speaker: int, rules: Ruleset) -> str:
        same = "exactly the same" if self.tolerance == 0 else f"the same to within {self.tolerance:g} points"
        return (
            f"{', '.join(c.label for c in self.cards)} are equally good: they score {same} over {self.basis}"
        )


ALL_KINDS: tuple[type[Claim], ...] = (
    OnlyChoice,
    DealerStuck,
    PartnerBid,
    HighBid,
    HandHolds,
    BidWinsGame,
    TopBidKeeps,
    Estimate,
    OutOf,
    WinsForSure,
    Unbeatable,
    Winning,
    Beats,
    CannotWin,
    TrickPoints,
    HolderScores,
    NoPoints,
    AllCarryPoints,
    NoOpponentAfter,
    Contest,
    Void,
    CalledPartner,
    TrickGame,
    EquallyGood,
)
"""Every kind of claim, for the checker and the docs."""


SHORT_WORDS = 25
"""The most words the first sentence of a reason should have (see :func:`first_sentence`)."""


def public(claims: Sequence[Claim], shown: Shown) -> tuple[Claim, ...]:
    """The claims a seat may tell the table while the hand is on: those that reveal none of
    its hidden cards (:meth:`Claim.reveals`)."""
    return tuple(claim for claim in claims if not claim.reveals(shown))


def first_sentence(conclusion: str, claims: Sequence[Claim], speaker: int, rules: Ruleset) -> str:
    """What the seat does and why in one short sentence: the conclusion with the first of
    ``claims``, if that stays within :data:`SHORT_WORDS` words, else the conclusion alone
    (the claims are then a click away)."""
    said = render(conclusion, claims[:1], speaker, rules)
    return said if word_count(said) <= SHORT_WORDS else conclusion


def word_count(text: str) -> int:
    """Words in ``text``, as a reader counts them: runs of characters between spaces."""
    return len(text.split())


def render(conclusion: str, claims: Sequence[Claim], speaker: int, rules: Ruleset) -> str:
    """A reason in words: the conclusion, then the claims it rests on. Figures that rest on
    the same basis (several chances from one simulation) name it once, at the first."""
    if not claims:
        return conclusion
    said: list[str] = []
    bases: set[str] = set()
    for claim in claims:
        if isinstance(claim, Estimate):
            said.append(claim.words(speaker, rules, basis=claim.basis not in bases))
            bases.add(claim.basis)
        else:
            said.append(claim.words(speaker, rules))
    facts = "; ".join(said)
    return f"{conclusion}: {facts}" if conclusion else facts
