"""What if this card were different? One hand's numbers, worked out together, and two hands compared.

A curious player asks the same questions of every hand: how many trump do I
hold, what do the others hold, where are the point cards I lack, what would
the ladder bid, how often would I make each bid. :func:`analyze` answers all
of them at once for nine cards, a trump suit and a seat, and returns them as
one frozen :class:`Analysis`. Change one card (or the seat, or trump), analyse
again, and :func:`compare` lines the two up number by number, so the learner
sees what that one card was worth.

Nothing here is new arithmetic: the exact odds come from
:mod:`pitchlab.odds.probability`, the simulated chances from
:mod:`pitchlab.bots.simulation` and the bid from :mod:`pitchlab.bots.ladder`. This
module only asks them the same question and keeps the answers together,
which is what lets a page (:mod:`pitchlab.ui.explorer`) and a test read the
same numbers. No widget code lives here.

The learner always sits in seat 0, as in the simulations; the seat's
*position* in the bidding (first to speak ... dealer) is what changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pitchlab.bots import trump_only_judgement
from pitchlab.bots.ladder import POSITIONS, Cell, Ladder, Spot, shipped, strength_of
from pitchlab.bots.simulation import BidChances, Progress, Setup, bid_chances, setup
from pitchlab.engine.bitset import mask_of
from pitchlab.engine.cards import Card, Suit, parse_cards
from pitchlab.engine.errors import BadDeal
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.odds.probability import (
    Distribution,
    OthersTrump,
    Whereabouts,
    mean,
    others_trump,
    team_points_distribution,
    trump_counts,
    trump_in,
    whereabouts,
)
from pitchlab.odds.sampling import slots_of
from pitchlab.odds.stats import Estimate

SEAT = 0
"""The learner's seat: the simulations deal my cards to seat 0, and so does every exact count here."""
DEFAULT_HANDS = 2000
"""Simulated hands per analysis: about a second, and chances within about ±2% (a 95% interval)."""
DEFAULT_SEED = 1
"""The simulations' seed: the same question always gives the same numbers."""


def bot_choice(cards: Sequence[Card], rules: Ruleset = TEN_POINT) -> trump_only_judgement.Rating:
    """How the rule-based bot rates these cards in its favourite suit: the suit it would name."""
    return trump_only_judgement.best_rating(rules, mask_of(slots_of(cards, rules)))


def question(
    cards: str | Sequence[Card], trump: Suit | str | None, position: int, rules: Ruleset = TEN_POINT
) -> Setup:
    """Check a what-if question before any work is done, with messages a learner can act on.

    The checks are :func:`pitchlab.bots.simulation.setup`'s (nine cards, no card
    more often than the deck holds it, a seat position that exists, a suit),
    plus one it leaves to later: a card from another ruleset's deck (``JKH``)
    would otherwise be reported as "held 1 times, the deck holds 0".
    ``trump=None`` means the suit the bot would name. The cards come back
    sorted, so the same nine cards picked in any order are the same question.
    """
    hand = tuple(sorted(parse_cards(cards) if isinstance(cards, str) else cards))
    strangers = sorted({c.code for c in hand if c not in rules.deck})
    if strangers:
        listed = ", ".join(strangers)
        raise BadDeal(f"{listed} {'is' if len(strangers) == 1 else 'are'} not in the {rules.name} deck")
    checked = setup(hand, Suit.SPADES if trump is None else trump, position, rules)
    if trump is None:
        checked = replace(checked, trump=bot_choice(checked.cards, rules).suit)
    return checked


def _answer_name(answer: int | None) -> str:
    if answer is None:
        return "too little data"
    return "pass" if answer == 0 else f"bid {answer}"


@dataclass(frozen=True)
class LadderAdvice:
    """The ladder's answer for this hand in this seat when nobody has bid yet, and the numbers behind it."""

    cell: Cell
    suit: Suit
    """The best suit the ladder files the hand under (the bot's choice, whatever trump the page names)."""
    answer: int | None
    """The ladder's answer: 0 passes, else the bid; ``None`` where its data are too thin."""
    gain: float | None
    """How much that answer beats passing, in net points a hand (``None``: no pass to compare)."""
    values: dict[int, Estimate]
    """Every answer tried in the cell: its mean net score change (yours minus theirs) a hand."""
    trusted: frozenset[int]
    """The answers tried often enough for the ladder to compare them."""
    forced: bool
    """The dealer with nobody bid: the rules allow only the stuck dealer's bid."""
    deals: int
    """Auctions the ladder was simulated from."""

    @property
    def words(self) -> str:
        """The answer as the page says it: ``bid 6``, ``pass``, ``must bid 4``, ``too little data``."""
        if self.forced:
            return f"must {_answer_name(self.answer)}"
        return _answer_name(self.answer)


def ladder_advice(
    ladder: Ladder, cards: Sequence[Card], position: int, rules: Ruleset = TEN_POINT
) -> LadderAdvice:
    """Look the hand up in ``ladder``: the cell of its best suit's strength, nobody having bid yet."""
    rating = bot_choice(cards, rules)
    cell = (Spot(position, 0, False), strength_of(rating))
    answer = ladder.bid(cell)
    forced = position == rules.players - 1 and not rules.all_pass_redeal
    if forced and answer is None:
        answer = rules.stuck_dealer_bid  # the rules decide, whatever the data
    return LadderAdvice(
        cell=cell,
        suit=rating.suit,
        answer=answer,
        gain=ladder.gain(cell),
        values=dict(sorted(ladder.values.get(cell, {}).items())),
        trusted=frozenset(ladder.answers(cell)),
        forced=forced,
        deals=ladder.deals,
    )


@dataclass(frozen=True)
class Analysis:
    """Everything the explorer shows about nine cards, one trump suit and one seat position.

    Exact where counting can answer (what the others hold, where a point card
    is), simulated where only playing the hand out can (the chance of making
    a bid), and the ladder's lookup for the bid itself.
    """

    cards: tuple[Card, ...]
    """The nine cards, in deck order."""
    trump: Suit
    position: int
    """0 (first to bid, the dealer's left) to 3 (the dealer)."""
    hands: int
    seed: int | str
    rules: Ruleset
    counts: dict[Suit, int]
    """Trump the cards would hold for each suit named."""
    bot_suit: Suit
    """The suit the rule-based bot would name with these cards."""
    others: OthersTrump
    """How the trump this hand lacks are spread over partner, opponents and stock (exact)."""
    team_points: Distribution
    """The chance your team (you and your partner) holds each number of points when dealt (exact)."""
    where: tuple[Whereabouts, ...]
    """Each point card of this trump not all in your hand: where it can be (exact), highest first."""
    ladder: LadderAdvice
    chances: BidChances
    """The simulated hands with you as bidder naming :attr:`trump`."""

    @property
    def key(self) -> tuple[tuple[Card, ...], Suit, int, int, int | str, Ruleset]:
        """What the analysis depends on: equal keys give equal numbers."""
        return (self.cards, self.trump, self.position, self.hands, self.seed, self.rules)

    @property
    def held(self) -> int:
        """Trump in your hand with :attr:`trump` named."""
        return self.counts[self.trump]

    @property
    def points_held(self) -> int:
        """Points in your hand with :attr:`trump` named (the two counts for its holder, as dealt)."""
        return sum(self.rules.points_of(c, self.trump) for c in self.cards)

    @property
    def best_count(self) -> int:
        """The most trump any one suit gives your cards."""
        return max(self.counts.values())

    @property
    def best_suits(self) -> tuple[Suit, ...]:
        """The suits giving :attr:`best_count` trump (a tie lists each)."""
        return tuple(s for s in Suit if self.counts[s] == self.best_count)

    @property
    def expected_team_points(self) -> Fraction:
        """Points your team is expected to hold when dealt, before the refill (exact)."""
        return mean(self.team_points)

    def made(self, bid: int) -> Estimate:
        """The simulated chance of making ``bid`` as bidder."""
        return self.chances.chance(bid)

    @property
    def expected_taken(self) -> Estimate:
        """The points your team takes as bidder, on average over the simulated hands."""
        return self.chances.mean_points()

    @property
    def seat_name(self) -> str:
        return POSITIONS[self.position]


def point_cards(suit: Suit, rules: Ruleset = TEN_POINT) -> tuple[Card, ...]:
    """The cards that carry points with ``suit`` as trump, highest first, each listed once."""
    return tuple(c for c in dict.fromkeys(trump_in(rules.deck, suit, rules)) if rules.points_of(c, suit))


def analyze(
    cards: str | Sequence[Card],
    trump: Suit | str | None = None,
    position: int = 0,
    *,
    hands: int = DEFAULT_HANDS,
    seed: int | str = DEFAULT_SEED,
    rules: Ruleset = TEN_POINT,
    ladder: Ladder | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Work out every number the explorer shows for one question.

    ``trump=None`` names the bot's suit. The question is checked first
    (:func:`question`), so bad input raises a :class:`~pitchlab.engine.errors.PitchError`
    before any simulating starts. ``ladder`` defaults to the shipped one;
    ``progress`` is called as the simulated hands come in.
    """
    s = question(cards, trump, position, rules)
    hand, suit = s.cards, s.trump
    where = tuple(
        w for w in (whereabouts(hand, c, SEAT, rules) for c in point_cards(suit, rules)) if w.unseen
    )
    return Analysis(
        cards=hand,
        trump=suit,
        position=s.position,
        hands=hands,
        seed=seed,
        rules=rules,
        counts=trump_counts(hand, rules),
        bot_suit=bot_choice(hand, rules).suit,
        others=others_trump(hand, suit, SEAT, rules),
        team_points=team_points_distribution(hand, suit, SEAT, rules),
        where=where,
        ladder=ladder_advice(ladder or shipped(rules), hand, s.position, rules),
        chances=bid_chances(s, hands=hands, seed=seed, progress=progress),
    )


# ------------------------------------------------------------ two analyses


@dataclass(frozen=True)
class Row:
    """One line of a comparison: a number before the change, now, and the difference."""

    label: str
    before: str
    now: str
    change: str
    """The difference as the page shows it: ``+0.40``, ``-1.5``, ``same``, ``higher``."""
    delta: float | None
    """``now - before`` in the row's unit, or ``None`` where the two are not numbers."""


def _signed(delta: float, places: int) -> str:
    """A difference with its sign, or ``same`` when it rounds to nothing at the places shown."""
    text = f"{delta:+.{places}f}"
    return "same" if float(text) == 0 else text


def _number_row(label: str, before: float, now: float, places: int) -> Row:
    return Row(
        label, f"{before:.{places}f}", f"{now:.{places}f}", _signed(now - before, places), now - before
    )


def compare(before: Analysis, after: Analysis) -> tuple[Row, ...]:
    """The key numbers of two analyses side by side, the later one second.

    Trump held, the team's expected points before the refill, the ladder's
    bid with nobody bid yet, the chance of making each bid (in %) and the
    points taken as bidder. Chances are percentages, so their change is in
    percentage points.
    """
    rows = [
        Row(
            "trump you hold",
            f"{before.held} {before.trump.symbol}",
            f"{after.held} {after.trump.symbol}",
            _signed(after.held - before.held, 0),
            after.held - before.held,
        ),
        _number_row(
            "team's points as dealt (expected)",
            float(before.expected_team_points),
            float(after.expected_team_points),
            2,
        ),
    ]
    old, new = before.ladder.answer, after.ladder.answer
    moved = "" if old is None or new is None else "same" if new == old else "higher" if new > old else "lower"
    rows.append(
        Row(
            "the ladder's bid, no bid yet",
            before.ladder.words,
            after.ladder.words,
            moved,
            None if old is None or new is None else new - old,
        )
    )
    for bid in before.chances.bids():
        rows.append(
            _number_row(
                f"chance to make {bid} (%)", before.made(bid).value * 100, after.made(bid).value * 100, 1
            )
        )
    rows.append(
        _number_row(
            "points taken as bidder (mean)", before.expected_taken.value, after.expected_taken.value, 2
        )
    )
    return tuple(rows)


def what_changed(before: Analysis, after: Analysis) -> str:
    """The change between two questions in words: cards out and in, trump, seat (empty if none)."""
    parts = []
    out = _minus(before.cards, after.cards)
    came = _minus(after.cards, before.cards)
    if out or came:
        parts.append(
            "out "
            + (" ".join(c.label for c in out) or "nothing")
            + ", in "
            + (" ".join(c.label for c in came) or "nothing")
        )
    if before.trump != after.trump:
        parts.append(f"trump {before.trump.symbol} → {after.trump.symbol}")
    if before.position != after.position:
        parts.append(f"seat {before.seat_name} → {after.seat_name}")
    return "; ".join(parts)


def _minus(cards: Sequence[Card], others: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` not matched in ``others``, copy by copy (the two jokers are alike)."""
    left = list(others)
    missing = []
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            missing.append(card)
    return missing


__all__ = [
    "DEFAULT_HANDS",
    "DEFAULT_SEED",
    "SEAT",
    "Analysis",
    "LadderAdvice",
    "Row",
    "analyze",
    "bot_choice",
    "compare",
    "ladder_advice",
    "point_cards",
    "question",
    "what_changed",
]
