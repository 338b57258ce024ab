"""Hints and the post-hand review: every card played, judged by what its player knew.

A **hint** is what the strong bot would play from the learner's own seat,
seeing only what that seat sees, with the points each legal card is expected
to bring. The **review** of a finished hand goes back to each card played and
values every card the player could have played *by what that player knew*:
its expected final points for the team, over every layout of the unseen
trump consistent with what the seat had seen, each solved perfectly from
there (:func:`judge`). The points lost are the best expected value minus the
played card's: a card that was right on what the player could see, and
unlucky on where the cards lay, loses 0. Beside it, second, stays the
hindsight measure: the same comparison with every card known
(``lost_hindsight``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from pitchlab.bots.solver import Position, solve
from pitchlab.bots.strong import StrongPlayer
from pitchlab.engine.actions import Play
from pitchlab.engine.cards import Card, parse_card
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.tricks import sort_cards
from pitchlab.engine.view import SeatView
from pitchlab.odds import inference
from pitchlab.odds.stats import mean_of, paired_difference

EXACT_LAYOUTS = 150
"""Positions with at most this many consistent layouts are valued exactly, one solve per layout
(late in a hand, where few trump are unseen); beyond, :data:`SAMPLES` layouts are drawn."""
SAMPLES = 16
"""Layouts drawn to value a position with more than :data:`EXACT_LAYOUTS` of them."""


@dataclass(frozen=True)
class Judgement:
    """A position valued by what the seat to play knew: every legal card's expected final points
    for its team, over the layouts of the unseen trump that fit what the seat had seen.

    Exact (``exact``) when every layout was solved and weighed by its chance; otherwise a
    seeded sample of layouts, each card's mean with a 95% interval. With sampling, a card
    whose shortfall from the top card has a 95% interval reaching 0 counts among the best
    (the layouts drawn cannot tell it from the top), so its ``lost`` is 0.
    """

    expected: dict[Card, float]
    """Each distinct legal card's expected final points for the seat's team (empty when
    the seat had a single choice, which needs no valuing)."""
    interval: dict[Card, tuple[float, float]]
    """Each card's 95% interval (the value itself, twice, when exact)."""
    best: tuple[Card, ...]
    played: Card
    lost: float
    """The played card's shortfall from the best by this measure (0 for a best card)."""
    lost_interval: tuple[float, float]
    """The 95% interval of the played card's shortfall from the card with the highest mean
    (with sampling it may reach above 0 for a card counted among the best: it reaches 0 too)."""
    layouts: int
    """Layouts solved: all of them when exact, else the number drawn."""
    possible: int
    """The layouts consistent with what the seat had seen."""
    exact: bool


def judge(
    view: SeatView,
    played: Card,
    *,
    exact_layouts: int = EXACT_LAYOUTS,
    samples: int = SAMPLES,
    seed: int | str = 0,
) -> Judgement:
    """Value ``played`` against every other legal card, by what ``view``'s seat knew.

    The layouts come from :func:`pitchlab.odds.inference.layouts` (the same ones, with the
    same chances, that the strong bot samples): each is solved perfectly from here, as the
    strong bot does, and a card's value is its chance-weighted average. Up to
    ``exact_layouts`` layouts are all counted; beyond, ``samples`` (at least 2, for an
    interval) are drawn with :meth:`StrongPlayer.sampled`, reproducibly from ``seed``.
    Intervals are :mod:`pitchlab.odds.stats`'s: a mean's, and the paired difference's for
    a shortfall (the cards are compared on the same layouts).
    """
    if samples < 2:
        raise PitchError(f"a sampled review needs at least 2 layouts for an interval, not {samples}")
    rules = view.rules
    team = rules.teams[view.seat]
    legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
    cards = sort_cards(legal, rules, view.trump)  # high to low
    if played not in cards:
        raise PitchError(f"seat {view.seat} could not play {played.code} here")
    space = inference.layouts(view)
    possible = space.count()
    if len(cards) == 1:
        return Judgement({}, {}, (played,), played, 0.0, (0.0, 0.0), 0, possible, True)
    if possible <= exact_layouts:
        sums: dict[Card, Fraction] = dict.fromkeys(cards, Fraction(0))
        for layout, chance in space.each():
            for card, points in layout_values(view, layout, team).items():
                sums[card] += chance * points
        top = max(sums.values())
        best = tuple(c for c in cards if sums[c] == top)
        expected = {c: float(v) for c, v in sums.items()}
        lost = float(top - sums[played])
        return Judgement(
            expected,
            {c: (v, v) for c, v in expected.items()},
            best,
            played,
            lost,
            (lost, lost),
            possible,
            possible,
            True,
        )
    bot = StrongPlayer(samples=samples, suit_hands=0, seed=random.Random(f"{seed}"))
    found = {parse_card(code): values for code, values in bot.sampled(view, samples).items()}
    means = {c: mean_of(found[c], "layouts").value for c in cards}
    interval = {c: mean_of(found[c], "layouts").interval() for c in cards}
    top_card = max(cards, key=lambda c: means[c])
    gaps = {c: paired_difference(found[top_card], found[c], "layouts") for c in cards}
    best = tuple(c for c in cards if gaps[c].interval()[0] <= 0)
    lost = 0.0 if played in best else gaps[played].value
    return Judgement(means, interval, best, played, lost, gaps[played].interval(), samples, possible, False)


def layout_values(view: SeatView, layout: dict[int, tuple[Card, ...]], team: int) -> dict[Card, int]:
    """Each legal card's final points for ``team`` with the other hands as ``layout``, played perfectly."""
    deck = view.rules.deck
    solution = solve(Position.of_view(view, layout))
    return {deck[slot]: points[team] for slot, points in solution.values.items()}


@dataclass(frozen=True)
class Review:
    """One card played, valued first by what its seat knew, then with every card known."""

    number: int
    """The card's place in the play, from 1."""
    trick: int
    """The trick it went to, from 1."""
    seat: int
    played: Card
    knew: Judgement
    """The card against the others by what the seat knew (see :func:`judge`)."""
    best_hindsight: tuple[Card, ...]
    """Every card that was as good as the best with every card known."""
    value_played: int
    """With every card known: the team's final points after this card, perfect play from then on."""
    value_best: int

    @property
    def best(self) -> tuple[Card, ...]:
        """The best cards by what the seat knew."""
        return self.knew.best

    @property
    def lost(self) -> float:
        """Points lost by what the seat knew: 0 for a card that was best on what it could see."""
        return self.knew.lost

    @property
    def exact(self) -> bool:
        return self.knew.exact

    @property
    def lost_hindsight(self) -> int:
        """Points lost with every card known, the layout's luck included."""
        return self.value_best - self.value_played

    def as_json(self) -> dict[str, object]:
        """The review of this card as plain JSON (for the command line): the measure by what the
        seat knew first, with its interval and how many layouts it counted, then hindsight."""
        k = self.knew
        return {
            "number": self.number,
            "trick": self.trick,
            "seat": self.seat,
            "card": self.played.code,
            "best": [c.code for c in self.best],
            "lost": round(self.lost, 4),
            "lost_interval": [round(x, 4) for x in k.lost_interval],
            "exact": k.exact,
            "choices": max(1, len(k.expected)),
            "layouts": k.layouts,
            "possible_layouts": k.possible,
            "expected": {c.code: round(v, 4) for c, v in k.expected.items()},
            "interval": {c.code: [round(x, 4) for x in v] for c, v in k.interval.items()},
            "lost_hindsight": self.lost_hindsight,
            "best_hindsight": [c.code for c in self.best_hindsight],
        }


def review(
    hand: Hand, *, exact_layouts: int = EXACT_LAYOUTS, samples: int = SAMPLES, seed: int | str = 0
) -> list[Review]:
    """Every card played in ``hand`` (finished or not), each valued from its seat's view at that
    moment (so nothing it could not see leaks in) and, second, with every card known.
    ``exact_layouts``, ``samples`` and ``seed`` go to :func:`judge` (the seed with the card's number)."""
    plays = hand.played_cards
    if not plays:
        return []
    replay = hand.at_play(0)
    reviews = []
    trick = 1
    for number, card in enumerate(plays, start=1):
        if replay.phase is not Phase.PLAY:
            raise PitchError(f"play {number} ({card.code}) comes after the play ended")
        seat = replay.to_act
        assert seat is not None
        team = replay.rules.teams[seat]
        solution = solve(replay)
        deck = replay.rules.deck
        by_card = {deck[slot]: points[team] for slot, points in solution.values.items()}
        top = max(by_card.values())
        knew = judge(
            replay.view(seat), card, exact_layouts=exact_layouts, samples=samples, seed=f"{seed}:{number}"
        )
        reviews.append(
            Review(
                number,
                trick,
                seat,
                card,
                knew,
                tuple(c for c, v in by_card.items() if v == top),
                by_card[card],
                top,
            )
        )
        finished = len(replay.tricks)
        replay.apply(Play(card), seat)
        if len(replay.tricks) > finished:
            trick += 1
    return reviews


def points_text(points: float) -> str:
    """Points for a learner to read: whole numbers as they are, others to a tenth ("1.7"), and
    a loss that rounds to 0 but is not 0 as "under 0.1"."""
    if points == round(points):
        return str(round(points))
    if abs(points) < 0.05:
        return "under 0.1"
    return f"{points:.1f}"


def lost_by_seat(reviews: list[Review], players: int = 4) -> list[float]:
    """Points each seat lost over the hand, by what it knew."""
    lost = [0.0] * players
    for r in reviews:
        lost[r.seat] += r.lost
    return lost


def lost_by_seat_hindsight(reviews: list[Review], players: int = 4) -> list[int]:
    """Points each seat gave away over the hand with every card known."""
    lost = [0] * players
    for r in reviews:
        lost[r.seat] += r.lost_hindsight
    return lost


@dataclass(frozen=True)
class SeatSummary:
    """One seat's play in one hand, by what it knew and with hindsight: the coach's line, as numbers."""

    lost: float
    """Points the seat's cards lost by what it knew."""
    decisions: int
    """Cards the seat played."""
    best: int
    """Of those, cards that were best by what it knew."""
    given_away: int
    """Points given away with every card known (hindsight)."""
    perfect: int
    """Cards as good as the best with every card known."""


def seat_summary(reviews: list[Review], seat: int, players: int = 4) -> SeatSummary:
    """What ``seat`` lost, over how many cards, and how many were best: one computation
    for the coach's sentence and for the row a class's pooled review receives."""
    mine = [r for r in reviews if r.seat == seat]
    return SeatSummary(
        lost_by_seat(reviews, players)[seat],
        len(mine),
        sum(1 for r in mine if not r.lost),
        lost_by_seat_hindsight(reviews, players)[seat],
        sum(1 for r in mine if not r.lost_hindsight),
    )


@dataclass(frozen=True)
class Hint:
    """What the strong bot would play from a seat, and the expected points of each legal card."""

    seat: int
    best: str
    expected: dict[str, float]
    samples: int

    def text(self) -> str:
        ranked = sorted(self.expected.items(), key=lambda item: -item[1])
        cards = ", ".join(f"{code} {points:.1f}" for code, points in ranked)
        return (
            f"Play {self.best}. Expected points for your team after each card, over {self.samples} deals "
            f"that fit what you have seen, played perfectly: {cards}."
        )


def hint(hand: Hand, seat: int, samples: int = 20, seed: int = 0) -> Hint:
    """The strong bot's advice for ``seat``, which must be the seat to play."""
    if hand.phase is not Phase.PLAY or hand.to_act != seat:
        raise PitchError(f"seat {seat}: a hint is for your turn to play a card")
    bot = StrongPlayer(samples=samples, suit_hands=0, seed=random.Random(seed))
    expected = bot.expected(hand.view(seat))
    best = max(expected, key=lambda code: expected[code])
    return Hint(seat, best, expected, samples)
