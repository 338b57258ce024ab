"""What the tutorial pages share: their stylesheets, the ruleset menu, seat names and card rows.

Pages 01-04 draw with :func:`style` (the lesson stylesheet over the app's);
pages 05-08 build their tree with :func:`page` (the app's stylesheet plus
:data:`PAGE_CSS`). :class:`RulesetChoice` puts a ruleset menu above any page
that takes ``rules=`` (pages 03, 04 and 07). A page's own widgets live in the
module named after its notebook (``tutorial/02-the-deal.ipynb``:
:mod:`pitchlab.lessons.tutorial.the_deal`).

Stable CSS classes for browser tests: :class:`RulesetChoice`'s ``pl-ruleset``
menu and ``pl-ruleset-description``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from pitchlab.bots.players import Player, RuleBasedPlayer
from pitchlab.engine.actions import Action, NameTrump
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT, ruleset, ruleset_names
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.ui import drawing
from pitchlab.ui.drawing import suit_html
from pitchlab.ui.markup import Markup, html, join
from pitchlab.ui.session import contract_text, describe, plural, seat_name, verb
from pitchlab.ui.table_picture import TABLE_PHONE, TABLE_WIDE
from pitchlab.ui.widgets import (
    View,
    classed,
    replace_children,
)
from pitchlab.ui.widgets import style as page_style

LESSON_CSS = """
<style>
.pl-lesson { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.pl-lesson h4 { margin: 10px 0 4px 0; font-size: 16px; }
.pl-note { color: #444; font-size: 14px; }
.pl-feedback { font-size: 16px; padding: 8px 12px; border-radius: 6px; min-height: 1.4em; }
.pl-feedback.pl-right { background: #eafaf1; border-left: 6px solid #1e8449; }
.pl-feedback.pl-wrong { background: #fdedec; border-left: 6px solid #c0392b; }
.pl-quiz-score { font-weight: bold; padding: 4px 0; }
.pl-odds { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px; border-radius: 4px;
  font-size: 15px; line-height: 1.5; }
.pl-trump-table { border-collapse: collapse; font-size: 15px; }
.pl-trump-table td, .pl-trump-table th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left;
  vertical-align: middle; }
.pl-caption { text-align: center; font-size: 13px; color: #333; }
.widget-button.pl-card.pl-winner, .jupyter-button.pl-card.pl-winner { border: 4px solid #1e8449;
  background: #eafaf1; }
.pl-bidding .pl-log { max-height: none; }
.pl-plot .jp-RenderedPlotly { min-height: 440px; }
.pl-seat-hands td { padding: 2px 10px; vertical-align: middle; }
.pl-lesson .pl-fit svg { max-width: 100%; height: auto; }
</style>
"""


PAGE_CSS = """
<style>
.pl-lesson { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.pl-lesson .pl-row { border: 1px solid #d5d5d5; border-radius: 8px; padding: 6px 10px; margin: 4px 0;
  background: #fbfbfb; }
.pl-lesson .pl-row-new { border: 2px solid #1f5fbf; background: #f3f8ff; }
.pl-lesson .pl-row h4 { margin: 2px 0 4px 0; font-size: 15px; }
.pl-lesson .pl-cards { display: flex; flex-wrap: wrap; align-items: center; gap: 14px; }
.pl-lesson .pl-cards figure { margin: 0; text-align: center; font-size: 13px; color: #444; }
.pl-lesson .pl-cardrow { display: inline-flex; gap: 3px; }
.pl-lesson .pl-around { display: grid; grid-template-columns: repeat(2, minmax(0, max-content));
  grid-template-areas: "top top" "left right" "bottom bottom"; gap: 8px 28px; justify-content: center; }
.pl-lesson .pl-around figure { justify-self: center; }
.pl-lesson .pl-around .pl-at-0 { grid-area: bottom; } .pl-lesson .pl-around .pl-at-1 { grid-area: left; }
.pl-lesson .pl-around .pl-at-2 { grid-area: top; } .pl-lesson .pl-around .pl-at-3 { grid-area: right; }
@media (max-width: 700px) {
  .pl-lesson .pl-around { grid-template-columns: 1fr; grid-template-areas: "top" "left" "right" "bottom"; }
  .pl-lesson .pl-cardrow { flex-wrap: wrap; }
}
.pl-lesson .pl-public { color: #1e6b3a; font-weight: bold; }
.pl-lesson table.pl-table { border-collapse: collapse; font-size: 14px; margin: 4px 0; }
.pl-lesson table.pl-table td, .pl-lesson table.pl-table th { border: 1px solid #ccc; padding: 3px 9px;
  text-align: center; }
.pl-lesson table.pl-table th { background: #f0f0f0; }
.pl-lesson .pl-advice { background: #fffbe6; border-left: 5px solid #f2c94c; padding: 6px 10px;
  border-radius: 4px; }
.pl-lesson .pl-note { background: #eef6ff; border-left: 5px solid #1f5fbf; padding: 6px 10px;
  border-radius: 4px; margin: 4px 0; }
.pl-lesson .pl-points { font-size: 16px; }
.pl-lesson .pl-log { max-height: 260px; overflow-y: auto; font-size: 13px; border: 1px solid #ddd;
  padding: 4px 8px; }
.pl-lesson .pl-log .pl-log-why { color: #666; font-style: italic; }
</style>
"""


CARD_W = 48
"""Width in pixels of a card in these pages' pictures."""


def table_pictures(names: Sequence[str], **facts: Any) -> str:
    """The table app's picture of the table, drawn for a desktop's width and for a phone's: inside
    a ``pl-app`` box the app's stylesheet shows the one that fits the screen, as in the app."""
    return drawing.table_svg(names, width=TABLE_WIDE, **facts) + drawing.table_svg(
        names, width=TABLE_PHONE, **facts
    )


def style() -> w.Box:
    """The stylesheet of the app's widgets plus the lessons' own."""
    return page_style(LESSON_CSS)


def page(children: Sequence[w.Widget]) -> w.VBox:
    return classed(w.VBox([page_style(), w.HTML(PAGE_CSS), *children]), "pl-app", "pl-lesson")


def name(seat: int, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """A seat's name as the table app says it ("You", "West", "Partner", "East").

    A page with no learner at the table (``human=None``) still names the seats from the
    bottom chair: a bot sits in "your" chair, and a beginner reads names, not numbers."""
    return seat_name(seat, 0 if human is None else human, rules)


def team_name(team: int, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """A partnership by its players' names, the learner's own first: "You and Partner"."""
    rules = rules or TEN_POINT
    me = 0 if human is None else human
    seats = sorted((s for s in range(rules.players) if rules.teams[s] == team), key=lambda s: s != me)
    return " and ".join(name(s, me, rules) for s in seats)


def cards_html(
    cards: Sequence[Card], dead: Sequence[Card] = (), marked: Sequence[Card] = (), *, width: int = CARD_W
) -> Markup:
    """A row of card faces side by side: dead ones greyed, ``marked`` ones ringed in gold."""
    if not cards:
        return Markup("<i>none</i>")
    dead_left, marked_set = list(dead), set(marked)
    faces = []
    for card in cards:
        is_dead = card in dead_left
        if is_dead:
            dead_left.remove(card)
        faces.append(drawing.card_svg(card, width, dead=is_dead, marked=card in marked_set))
    return html("<span class='pl-cardrow'>{}</span>", join(faces))


def figure_html(
    caption: str,
    cards: Sequence[Card],
    dead: Sequence[Card] = (),
    marked: Sequence[Card] = (),
    width: int = CARD_W,
) -> Markup:
    return html(
        "<figure>{}<figcaption>{}</figcaption></figure>",
        cards_html(cards, dead, marked, width=width),
        caption,
    )


def around_html(figures: Sequence[Markup], human: int = 0) -> Markup:
    """Four seats' figures placed as they sit at the table app's table: you at the bottom,
    West on the left, Partner across at the top, East on the right (a phone stacks them in
    that order, top to bottom). ``figures`` are by seat number."""
    if len(figures) != 4:
        return html("<div class='pl-cards'>{}</div>", join(figures))
    placed = join(
        html("<div class='pl-at-{}'>{}</div>", (seat - human) % 4, figure)
        for seat, figure in enumerate(figures)
    )
    return html("<div class='pl-around'>{}</div>", placed)


def by_seat(values: Sequence[object], human: int = 0, rules: Ruleset | None = None) -> str:
    """One value per seat in words, the seats by name: "You 4, West 6, Partner 4, East 1"."""
    return ", ".join(f"{name(seat, human, rules)} {value}" for seat, value in enumerate(values))


def bots_to(hand: Hand, phases: Sequence[Phase], players: Sequence[Player] | None = None) -> list[str]:
    """Let bots act while the hand is in one of ``phases``; return what they did, each with what
    it told the table (its full reasoning names its cards: for after the hand)."""
    bots = players if players is not None else [RuleBasedPlayer()] * hand.rules.players
    said = []
    while hand.phase in phases:
        seat = hand.to_act
        assert seat is not None
        decision = bots[seat].decide(hand.view(seat))
        hand.apply(decision.action, seat)
        said.append(
            f"{verb(name(seat), describe(decision.action, hand.rules, public=True))} ({decision.said})"
        )
    return said


def bid_and_name(hand: Hand, bids: Sequence[Action], suit: Suit) -> Hand:
    for action in bids:
        hand.apply(action)
    hand.apply(NameTrump(suit))
    return hand


def result_line(result: HandResult, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """One sentence: the points by team and whether the bid was made, the teams by name."""
    teams = [team_name(t, human, rules) for t in range(len(result.points))]
    points = ", ".join(f"{who} {p}" for who, p in zip(teams, result.points, strict=True))
    changes = ", ".join(f"{who} {c:+d}" for who, c in zip(teams, result.score_change, strict=True))
    awards = ""
    if result.awards:
        awards = (
            " "
            + ", ".join(
                f"{kind.title()}: {'nobody' if team is None else teams[team]}" for kind, team in result.awards
            )
            + "."
        )
    return (
        f"Hand over: {contract_text(name(result.bidder, human, rules), result, rules)}; "
        f"points: {points}; scores change: {changes}.{awards}"
    )


def trump_family(suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Which cards are trump, in words: "the off-jack J♦ and both jokers join the 13 hearts"."""
    trump = rules.trump(suit)
    extras = []
    roles = [trump.roles[c] for c in dict.fromkeys(trump.cards)]
    for role, words in (("OJ", "the off-jack"), ("OA", "the off-ace"), ("O3", "the off-three")):
        if role in roles:
            card = next(c for c in trump.cards if trump.roles[c] == role)
            extras.append(f"{words} {card.label}")
    if "JK" in roles:
        extras.append("both jokers")
    if "JKH" in roles or "JKL" in roles:
        extras.append("the high and the low joker")
    plain = sum(1 for r in roles if len(r) == 1 or r == "T")
    name = suit.name.lower()
    if not extras:
        return f"the {plain} {name} are trump"
    joined = extras[0] if len(extras) == 1 else ", ".join(extras[:-1]) + " and " + extras[-1]
    return f"{joined} join the {plain} {name}"


class RulesetChoice(View):
    """A ruleset menu above a lesson: choosing a ruleset shows its description, its trump
    ladder and what scores in it, and rebuilds the lesson under it.

    ``make`` builds the lesson from ``rules=`` and ``kwargs``, e.g.
    ``RulesetChoice(TrumpQuiz, seed=3)``. ``ladder`` and ``points`` show the
    ladder and the points table for ``suit`` (turn them off for a lesson that
    draws its own). The menu starts at ``ruleset`` (ten-point by default).
    Stable CSS classes: ``pl-ruleset``, ``pl-ruleset-description``.
    """

    def __init__(
        self,
        make: Callable[..., View],
        *,
        ruleset: str = TEN_POINT.name,
        ladder: bool = True,
        points: bool = True,
        suit: Suit = Suit.HEARTS,
        **kwargs: object,
    ) -> None:
        self.make = make
        self.kwargs = kwargs
        self.suit = suit
        self.menu = classed(
            w.Dropdown(
                options=ruleset_names(), value=ruleset, description="Ruleset", layout=w.Layout(width="300px")
            ),
            "pl-ruleset",
        )
        self.menu.observe(lambda change: self.choose(str(change["new"])), names="value")
        self.description = classed(w.HTML(), "pl-ruleset-description")
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.points = classed(w.HTML(), "pl-points")
        self.ladder.layout.display = None if ladder else "none"
        self.points.layout.display = None if points else "none"
        self.holder = w.VBox()
        self.page: View | None = None
        self.widget = classed(
            w.VBox([style(), self.menu, self.description, self.ladder, self.points, self.holder]),
            "pl-lesson",
            "pl-ruleset-choice",
        )
        self.choose(ruleset)

    @property
    def rules(self) -> Ruleset:
        return ruleset(str(self.menu.value))

    def choose(self, name: str) -> None:
        """Show the named ruleset and rebuild the lesson under it (the menu does this)."""
        if self.menu.value != name:
            self.menu.value = name  # observed: comes back here
            return
        rules = ruleset(name)
        self.description.value = html(
            "<div class='pl-note' style='line-height:1.45'>{}</div>", rules.description
        )
        suit = self.suit
        self.ladder.value = html(
            "<h4>The trump ladder with {} trump, highest on the left ({})</h4>{}",
            suit_html(suit),
            trump_family(suit, rules),
            drawing.ladder_html(suit, rules, width=44),
        )
        self.points.value = html("<h4>What scores</h4>{}", drawing.points_table(suit, rules, card_width=32))
        self.page = self.make(rules=rules, **self.kwargs)
        replace_children(self.holder, [self.page.widget])


__all__ = [
    "CARD_W",
    "LESSON_CSS",
    "PAGE_CSS",
    "RulesetChoice",
    "around_html",
    "bid_and_name",
    "bots_to",
    "by_seat",
    "cards_html",
    "figure_html",
    "name",
    "page",
    "plural",
    "result_line",
    "style",
    "suit_html",
    "table_pictures",
    "team_name",
    "trump_family",
]
