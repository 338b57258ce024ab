"""The principles of good play a reason opens with: a small, fixed vocabulary, one name each.

Strategy books say why in a rule a learner can reuse (draw trump, save the 3,
feed your partner's winner), not in averages. So every bot reason and every hint
opens with the principle its choice applies, named the same way everywhere: in
the Why? panel, the history, the hint, the tutorial's page 9 (where each name is
a heading, so the table can link to it) and ``python -m pitchlab decide``.

The principle is told from the choice and the facts the seat can prove, never
from which bot chose it: a strong bot's lead of the top trump is "draw trump"
as much as the rule-based bot's. The facts come from the reason's own claims
(checked by :mod:`pitchlab.bots.claimcheck`) and, in trump-only play, from
:func:`pitchlab.bots.sure.sure_ours`; a fact the principle rests on that the
reason did not state is returned as evidence, so it is said and checked too.
Where no rule of thumb describes a choice, the honest principle is the one the
strong bot follows, "best on average"; a forced move says "no choice".

A principle can itself give away a hidden card ("save the 3" says the seat
holds the three): those have a public form (:attr:`Principle.public`) that
the table hears while the hand is on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitchlab.bots.claims import (
    BidWinsGame,
    Claim,
    Contest,
    Estimate,
    NoOpponentAfter,
    OnlyChoice,
    TopBidKeeps,
    TrickGame,
    Unbeatable,
    Winning,
    WinsForSure,
)
from pitchlab.bots.sure import capture, known_partner, sure_ours
from pitchlab.bots.trump_only_judgement import sides
from pitchlab.engine.actions import Action, Bid, Bury, Call, Discard, NameTrump, Pass, Play, ThrowIn
from pitchlab.engine.cards import Card, Rank
from pitchlab.engine.seats import still_to_play
from pitchlab.engine.tricks import GAME_POINTS, trick_winner
from pitchlab.engine.view import SeatView

PAGE = "09-playing-well.ipynb"
"""The tutorial page that teaches every principle, one heading each."""


@dataclass(frozen=True)
class Principle:
    """One rule of good play, as a learner meets it: its name, and what it says in a line."""

    name: str
    """The name every text uses, capitalised as a heading ("Draw trump")."""
    says: str
    """The rule in one plain sentence, for the how-to box and the docs."""
    public: str | None = None
    """The name of the principle the table hears instead while the hand is on, where this
    one would give away a hidden card; ``None``: this one may be said."""

    @property
    def anchor(self) -> str:
        """The heading's anchor on the tutorial page, as Jupyter makes it: spaces become hyphens."""
        return self.name.replace(" ", "-")

    @property
    def link(self) -> str:
        """The tutorial page and anchor that teach it, relative to the tutorial folder."""
        return f"{PAGE}#{self.anchor}"


BID_MAKE = Principle(
    "Bid what you can make", "Count what your best suit can take and bid that: a set costs your whole bid."
)
BID_GAME = Principle(
    "Bid to win the game",
    "Only the bidding side can win the game: near the target, bid to take the bid or to keep it from them.",
)
NAME_SUIT = Principle("Name your strongest suit", "Name the suit that takes the most points as trump.")
KEEP_TRUMP = Principle("Keep your trump", "When you throw cards away, keep your trump and throw the rest.")
BURY_SAFE = Principle(
    "Bury safely", "Lay face up a card whose points are safe: one you will win back, the 2, or a low trump."
)
CALL_TOP = Principle(
    "Call the top trump you lack",
    "Call the highest trump you do not hold: its holder becomes a strong partner.",
)
DRAW_TRUMP = Principle(
    "Draw trump",
    "Lead a trump nothing still out can beat: it pulls the others' trump and keeps your points safe.",
)
FIRST_JOKER = Principle(
    "The first joker wins", "Of two jokers in a trick the first played wins: play yours before the other."
)
FEED = Principle(
    "Feed your partner's winner", "When your partner is sure to win the trick, give it your point cards."
)
TAKE_POINTS = Principle("Take the points", "Win the tricks that hold points, as cheaply as you can.")
COUNT_OUT = Principle(
    "Count who is out",
    "A player passed over has no trump left: once no opponent can play, the trick is yours.",
)
PLAY_LOW = Principle(
    "Play low",
    "When you cannot or need not win a trick, play the card that gives away least and keep the rest.",
)
SAVE_THE_3 = Principle(
    "Save the 3",
    "Keep the 3 of trump until it can fall on a trick your side is sure to win.",
    public=PLAY_LOW.name,
)
BEST_ON_AVERAGE = Principle(
    "Best on average",
    "When no rule of thumb settles it, play the card that scores most over the deals that fit what you have seen.",
)
NO_CHOICE = Principle("No choice", "The rules allow one move: make it.")

VOCABULARY: tuple[Principle, ...] = (
    BID_MAKE,
    BID_GAME,
    NAME_SUIT,
    KEEP_TRUMP,
    BURY_SAFE,
    CALL_TOP,
    DRAW_TRUMP,
    FIRST_JOKER,
    FEED,
    TAKE_POINTS,
    COUNT_OUT,
    PLAY_LOW,
    SAVE_THE_3,
    BEST_ON_AVERAGE,
    NO_CHOICE,
)
"""Every principle, in the order the tutorial teaches them."""

BY_NAME = {p.name: p for p in VOCABULARY}

SEPARATOR = " — "
"""Between the principle and the rest of a reason: "Draw trump — lead A♠: ..."."""


def opening(principle: Principle, words: str) -> str:
    """A reason that opens with its principle."""
    return f"{principle.name}{SEPARATOR}{words}"


def said_aloud(principle: Principle) -> Principle:
    """The principle the table may hear while the hand is on (:attr:`Principle.public`)."""
    return BY_NAME[principle.public] if principle.public else principle


def principle_for(
    view: SeatView, action: Action, found: Sequence[Claim], game: bool = False
) -> tuple[Principle, tuple[Claim, ...]]:
    """The principle ``action`` applies at ``view``, and the facts it rests on that ``found``
    does not already state. ``game``: a bid judged by the chance of winning the game."""
    if len(view.legal_actions) == 1:
        return NO_CHOICE, () if any(isinstance(c, OnlyChoice) for c in found) else (OnlyChoice(),)
    if isinstance(action, Bid | Pass | ThrowIn):
        if game or any(isinstance(c, TopBidKeeps | BidWinsGame) for c in found):
            return BID_GAME, ()
        return BID_MAKE, ()
    if isinstance(action, NameTrump):
        return NAME_SUIT, ()
    if isinstance(action, Discard):
        return KEEP_TRUMP, ()
    if isinstance(action, Bury):
        return BURY_SAFE, ()
    if isinstance(action, Call):
        return CALL_TOP, ()
    assert isinstance(action, Play)
    if view.trump is None:  # the first lead makes trump
        return NAME_SUIT, ()
    return _card_principle(view, action.card, found)


def _card_principle(
    view: SeatView, card: Card, found: Sequence[Claim]
) -> tuple[Principle, tuple[Claim, ...]]:
    """The principle a card applies, told from the trick as it stands and what the seat can
    prove of it: whose card wins once this one is played, and whether that is sure."""
    rules, seat = view.rules, view.seat
    trump = view.trump
    assert trump is not None
    trick = view.current_trick
    extra: list[Claim] = []
    if rules.play_rule == "trump-only" and not rules.call_partner and rules.is_trump(card, trump):
        sure = sure_ours(view, card)  # the same proof the strong bot's sure captures rest on
        if sure is not None:
            extra = [c for c in sure[0] if c not in found]
    facts = (*found, *extra)

    def told(principle: Principle) -> tuple[Principle, tuple[Claim, ...]]:
        return principle, tuple(extra)

    winner = (*trick.seats, seat)[trick_winner(rules, trump, (*trick.cards, card))]
    mine = winner == seat
    nobody_after = any(isinstance(c, NoOpponentAfter) for c in facts)
    unbeatable = [c for c in facts if isinstance(c, Unbeatable) and c.card == card]
    sure_mine = mine and (bool(unbeatable) or nobody_after)
    sure_partner = (
        not mine
        and _same_side(view, winner)
        and (
            any(isinstance(c, WinsForSure) and c.seat == winner for c in facts)
            or (nobody_after and any(isinstance(c, Winning) and c.seat == winner for c in facts))
        )
    )
    counted = nobody_after and not unbeatable and _opponents_counted_out(view)
    if not trick.cards and sure_mine:
        if not rules.is_trump(card, trump):
            return told(TAKE_POINTS if _counts(view, card) else PLAY_LOW)
        return told(FIRST_JOKER if any(c.twin for c in unbeatable) else DRAW_TRUMP)
    if sure_partner and capture(view, card):
        return told(COUNT_OUT if counted else FEED)
    stake = sum(_counts(view, c) for c in (*trick.cards, card)) > 0 or any(
        isinstance(c, TrickGame | Contest) for c in facts
    )
    if mine and trick.cards and stake:
        if counted:
            return told(COUNT_OUT)
        return told(FIRST_JOKER if any(c.twin for c in unbeatable) else TAKE_POINTS)
    if _cheapest(view, card):
        return told(SAVE_THE_3 if _keeps_the_3(view, card) else PLAY_LOW)
    if any(isinstance(c, Estimate) for c in found):
        return told(BEST_ON_AVERAGE)
    return told(TAKE_POINTS if mine else PLAY_LOW)


def _same_side(view: SeatView, other: int) -> bool:
    """Whether ``other`` plays on this seat's side, as far as the seat knows."""
    rules = view.rules
    return sides(rules, view.seat, view.bidder, known_partner(view))[other] == 0


def _opponents_counted_out(view: SeatView) -> bool:
    """Whether an opponent still to play to this trick is known out of trump (passed over):
    the trick is safe because the seat counted who is out, not because of where it sits."""
    seat, trick = view.seat, view.current_trick
    after = still_to_play(seat, trick.seats[0] if trick.seats else seat, view.rules.players)
    return any(s in view.passed_over and not _same_side(view, s) for s in after)


def _counts(view: SeatView, card: Card) -> int:
    """What taking ``card`` in a trick is worth: its capture points, its game points where Game
    is played, and High or Low where its capturer scores them and no trump can be above or
    below it (the deck's top or bottom trump)."""
    rules, trump = view.rules, view.trump
    assert trump is not None
    ends = rules.trump_cards(trump)
    worth = capture(view, card)
    for award in rules.awards:
        if award.kind == "game":
            worth += GAME_POINTS[card]
        elif award.scorer == "capturer" and card == (ends[0] if award.kind == "high" else ends[-1]):
            worth += award.points
    return worth


def _cheapest(view: SeatView, card: Card) -> bool:
    """Whether ``card`` gives away no more points than any other card the seat may play."""
    values = [capture(view, a.card) for a in view.legal_actions if isinstance(a, Play)]
    return capture(view, card) <= min(values)


def _keeps_the_3(view: SeatView, card: Card) -> bool:
    """Whether the seat keeps back a 3 of trump that scores for its taker, playing another card."""
    trump = view.trump
    assert trump is not None
    rules = view.rules
    for a in view.legal_actions:
        if (
            isinstance(a, Play)
            and a.card != card
            and a.card.rank is Rank.THREE
            and rules.is_trump(a.card, trump)
            and capture(view, a.card)
        ):
            return True
    return False
