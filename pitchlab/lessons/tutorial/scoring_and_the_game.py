"""Tutorial page 08, scoring and the game (``tutorial/08-scoring-and-the-game.ipynb``).

How a hand is scored, card by card (:func:`score_breakdown`); the win rule on
a few scenarios, each verdict from the engine (:func:`winning_examples`); and
a whole bots-only game replayed hand by hand with its score chart
(:class:`GameReplay`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab.bots.players import Player, RuleBasedPlayer
from pitchlab.engine.cards import Suit
from pitchlab.engine.game import Game
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.winning import winner_after
from pitchlab.lessons.tutorial.common import (
    bots_to,
    name,
    page,
    result_line,
    team_name,
)
from pitchlab.ui import drawing, plots
from pitchlab.ui.markup import escape, html, join
from pitchlab.ui.pictures import Picture, words
from pitchlab.ui.widgets import View, classed


def score_breakdown(hand: Hand) -> str:
    """How a finished hand is scored, point card by point card, as plain text, the teams by name."""
    result = hand.result()
    rules, suit = hand.rules, result.trump
    teams = [team_name(t) for t in range(len(result.points))]
    team = result.bidding_team
    lines = [f"Trump {suit.symbol} {suit.name.lower()}; {name(result.bidder)} bid {result.bid}."]
    for who, cards in zip(teams, result.captured, strict=True):
        scoring = [c for c in cards if rules.points_of(c, suit) and rules.role_of(c, suit) != "2"]
        detail = " + ".join(f"{c.label} {rules.points_of(c, suit)}" for c in scoring) or "nothing"
        lines.append(f"  {who} captured: {detail}")
    for card, seat in result.holder_points:
        lines.append(
            f"  {card.label} {rules.points_of(card, suit)}: held by {name(seat)}, so it counts for "
            f"{teams[rules.teams[seat]]}"
        )
    points = ", ".join(f"{who} {p}" for who, p in zip(teams, result.points, strict=True))
    lines.append(f"  points: {points} (always {rules.total_points} in all)")
    took = f"{teams[team]} took {result.points[team]}"
    if result.made:
        lines.append(f"  {took}, at least the bid of {result.bid}: made. Both teams add what they took.")
    else:
        lines.append(
            f"  {took}, less than the bid of {result.bid}: set. {teams[team]} lose {result.bid};"
            f" {teams[1 - team]} add what they took."
        )
    changes = ", ".join(f"{who} {c:+d}" for who, c in zip(teams, result.score_change, strict=True))
    lines.append(f"  score change: {changes}")
    return "\n".join(lines)


def recount_points(hand: Hand) -> tuple[int, ...]:
    """Each team's points counted again from the cards: what it captured, plus the two held by its player.

    A second count beside :meth:`Hand.result`'s, straight from the point
    values of RULES.md, so a page can assert the two agree.
    """
    result = hand.result()
    rules, suit = hand.rules, result.trump
    points = [
        sum(rules.points_of(c, suit) for c in cards if rules.role_of(c, suit) != "2")
        for cards in result.captured
    ]
    for card, seat in result.holder_points:
        points[rules.teams[seat]] += rules.points_of(card, suit)
    return tuple(points)


def hand_story(hand: Hand) -> str:
    """What happened in a finished hand, in one paragraph written from the hand itself.

    The tutorial prints this rather than describing the hand in fixed prose:
    when the bots change and the same seed plays out differently, the words
    change with it (and the page's asserts say whether the hand still shows
    what its heading promises). Seats are named from the bottom chair, where a
    bot sits in the learner's place.
    """
    result = hand.result()
    team, other = result.bidding_team, 1 - result.bidding_team
    bidders, defenders = team_name(team), team_name(other)
    took = result.points[team]
    head = (
        f"{name(result.bidder)} bid {result.bid} with {result.trump.name.lower()} as trump, "
        f"and {bidders} took {took} of the {hand.rules.total_points} points"
    )
    if result.made:
        return (
            f"{head}, at least the bid: made. Both teams add what they took: "
            f"{bidders} {result.score_change[team]:+d}, {defenders} {result.score_change[other]:+d}."
        )
    return (
        f"{head}, fewer than the bid: set. {bidders} score {result.score_change[team]:+d} (minus the bid), "
        f"while {defenders}, the defenders, add the {result.points[other]} they took."
    )


def told(hand: Hand) -> Picture:
    """A finished hand as the page shows it: its story, then its score card by card, in prose
    that wraps to a phone's width (:func:`hand_story`, :func:`score_breakdown`)."""
    return words(f"{hand_story(hand)}\n{score_breakdown(hand)}")


def bots_hand(seed: int, dealer: int = 0) -> Hand:
    """A hand dealt from ``seed`` and played to the end by the rule-based bots."""
    hand = Hand.deal(dealer=dealer, seed=seed)
    bots_to(hand, (Phase.BID, Phase.NAME_TRUMP, Phase.BURY, Phase.PLAY))
    return hand


def example_result(bidding_team: int, bid: int, points: tuple[int, int]) -> HandResult:
    """A made-up hand result (bidding team, bid, points by team), scored by the rules."""
    made = points[bidding_team] >= bid
    change = list(points)
    if not made:
        change[bidding_team] = -bid
    return HandResult(
        bidder=bidding_team,
        bid=bid,
        trump=Suit.SPADES,
        points=points,
        captured=((), ()),
        holder_points=(),
        made=made,
        score_change=tuple(change),
        bidding_team=bidding_team,
    )


WIN_CASES: tuple[tuple[str, tuple[int, int], int, int, tuple[int, int]], ...] = (
    ("You and Partner bid 5 and take 6", (46, 30), 0, 5, (6, 4)),
    ("You and Partner bid 6 and take 3, while West and East take 7", (40, 48), 0, 6, (3, 7)),
    ("West and East bid 4 and take 4", (40, 55), 1, 4, (6, 4)),
    ("You and Partner bid 5 and take 2", (3, 20), 0, 5, (2, 8)),
    ("West and East bid 10 and take all 10", (30, 12), 1, 10, (0, 10)),
)
"""Scenarios for the win rule: (what happens, scores before, bidding team, bid, points by team)."""


def score_words(scores: Sequence[int]) -> str:
    """Two teams' scores in words, "You and Partner 46, West and East 30": a bare "46-30"
    reads as one number to a beginner, and "-5" after a dash is unreadable."""
    return ", ".join(f"{team_name(t)} {s}" for t, s in enumerate(scores))


def winning_examples(rules: Ruleset = TEN_POINT) -> str:
    """The win rule on a few scenarios, each verdict computed by the engine's :func:`winner_after`."""
    lines = []
    for text, before, team, bid, points in WIN_CASES:
        result = example_result(team, bid, points)
        after = [s + c for s, c in zip(before, result.score_change, strict=True)]
        win = winner_after(rules, result, after)
        verdict = "play on" if win is None else f"{team_name(win)} win"
        lines.append(f"From {score_words(before)}: {text}. Now {score_words(after)}: {verdict}.")
    return "\n".join(lines)


def play_game(seed: int, players: Sequence[Player] | None = None, max_hands: int = 500) -> Game:
    """A whole game played by bots (rule-based by default) from ``seed``, to a winner."""
    bots = players if players is not None else [RuleBasedPlayer()] * TEN_POINT.players
    game = Game(seed=random.Random(seed))
    while True:
        bots_to(game.hand, (Phase.BID, Phase.NAME_TRUMP, Phase.BURY, Phase.PLAY), bots)
        game.score_if_over()
        if game.is_over or len(game.history) >= max_hands:
            return game
        game.next_hand()


def score_series(game: Game, hands: int | None = None) -> tuple[list[int], list[list[int]]]:
    """Hand numbers (0 = the start) and each team's score after each of the first ``hands`` hands."""
    history = game.history[:hands]
    xs = list(range(len(history) + 1))
    ys = [[0] + [h.scores[t] for h in history] for t in range(game.rules.num_teams)]
    return xs, ys


def score_chart(game: Game, hands: int | None = None) -> go.Figure:
    """Both teams' scores hand by hand, with the target line."""
    xs, ys = score_series(game, hands)
    colours = (plots.BLUE, drawing.RED)
    fig = go.Figure()
    for team, series in enumerate(ys):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=series,
                mode="lines+markers",
                name=team_name(team),
                line={"color": colours[team % 2], "width": 3},
            )
        )
    target = game.rules.target
    fig.add_hline(
        y=target,
        line_dash="dash",
        line_color=plots.GREEN,
        annotation_text=f"target {target}",
        annotation_position="top left",
    )
    fig.add_hline(y=0, line_color="#999", line_width=1)
    low = min([0, *[v for s in ys for v in s]]) - 5
    high = max([target, *[v for s in ys for v in s]]) + 8
    plots.layout(  # no fixed width: the chart fills the page, a phone's too (its title in two lines)
        fig,
        f"Scores after each hand<br><sup>game to {target}; only the bidding team can win</sup>",
        "hand number",
        "score (points)",
        top=90,
    )
    fig.update_layout(  # the legend under the plot: above it, a phone's width puts it on the title
        yaxis_range=[low, high],
        xaxis_range=[0, max(1, len(game.history))],
        height=480,
        margin={"b": 110},
        legend={"yanchor": "top", "y": -0.3, "xanchor": "left", "x": 0},
    )
    return fig


def hand_rows(
    game: Game, hands: int | None = None
) -> list[tuple[int, str, str, int, str, int, int, str, int, int]]:
    """One row per hand: number, dealer, bidder, bid, trump, points by team, made/set, scores after."""
    rows = []
    for k, scored in enumerate(game.history[:hands], start=1):
        r = scored.result
        rows.append(
            (
                k,
                name(scored.hand.dealer),
                name(r.bidder),
                r.bid,
                r.trump.symbol,
                r.points[0],
                r.points[1],
                "made" if r.made else "set",
                scored.scores[0],
                scored.scores[1],
            )
        )
    return rows


HAND_COLUMNS = (
    "hand",
    "dealer",
    "bidder",
    "bid",
    "trump",
    "points: You and Partner",
    "points: West and East",
    "result",
    "score: You and Partner",
    "score: West and East",
)


def hands_table_html(game: Game, hands: int | None = None) -> str:
    head = "".join(f"<th>{c}</th>" for c in HAND_COLUMNS)
    body = join(
        html("<tr>{}</tr>", join(html("<td>{}</td>", v) for v in row)) for row in hand_rows(game, hands)
    )
    return f"<table class='pl-table pl-hands'><tr>{head}</tr>{body}</table>"


def hands_table_text(game: Game) -> str:
    """The hands of a game as a plain text table."""
    rows = [HAND_COLUMNS, *[tuple(str(v) for v in row) for row in hand_rows(game)]]
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(HAND_COLUMNS))]
    return "\n".join("  ".join(str(v).rjust(wd) for v, wd in zip(r, widths, strict=True)) for r in rows)


def game_summary(game: Game) -> str:
    """Who won, the final scores and how many hands it took."""
    if game.winner is None:
        return f"No winner after {len(game.history)} hands: {score_words(game.scores)}."
    last = game.history[-1].result
    before = game.scores[game.winner] - last.score_change[game.winner]
    how = (
        f"a bid of 10 that took all 10, which wins at once whatever the score (they stood at {before})"
        if last.bid == game.rules.max_bid and last.points[last.bidding_team] == game.rules.total_points
        else f"bidding {last.bid} and reaching {game.scores[game.winner]}"
    )
    # a team past the target that did not win: say why it lost, or the score reads like a win
    past = [
        f" {team_name(t)} stand at {game.scores[t]}, past {game.rules.target} too, but only the bidding "
        "team can win, at the end of a hand it bid."
        for t in range(game.rules.num_teams)
        if t != game.winner and game.scores[t] >= game.rules.target
    ]
    return (
        f"{team_name(game.winner)} win after {len(game.history)} hands by {how}. "
        f"Final scores: {score_words(game.scores)}.{''.join(past)}"
    )


class GameReplay(View):
    """A bots-only game from ``seed``, revealed one hand at a time, with the score chart and table."""

    def __init__(self, seed: int = 4, game: Game | None = None) -> None:
        self.game = game if game is not None else play_game(seed)
        self.shown = 0
        self.figure = score_chart(self.game, 0)
        self.status = classed(w.HTML(), "pl-status")
        self.chart = w.Output(layout=w.Layout(min_height="430px"))
        self.table = w.HTML()
        self.last = w.HTML()
        self.next = classed(w.Button(description="Next hand ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.step())
        self.to_end = classed(w.Button(description="Play to the end »"), "pl-run")
        self.to_end.on_click(lambda _b: self.step(len(self.game.history)))
        self.again = classed(w.Button(description="Start again"), "pl-restart")
        self.again.on_click(lambda _b: self.restart())
        self.over = w.HTML()
        self.widget = page(
            [
                self.status,
                classed(w.HBox([self.next, self.to_end, self.again]), "pl-steps"),
                self.last,
                self.over,
                self.chart,
                w.HTML("<h3>The hands so far</h3>"),
                self.table,
            ]
        )
        self.refresh()

    @property
    def done(self) -> bool:
        return self.shown >= len(self.game.history)

    def step(self, hands: int = 1) -> None:
        self.shown = min(len(self.game.history), self.shown + hands)
        self.refresh()

    def restart(self) -> None:
        self.shown = 0
        self.refresh()

    def plotted(self) -> list[list[int]]:
        """The y values of each team's line as currently plotted."""
        return [list(trace.y) for trace in self.figure.data if isinstance(trace, go.Scatter)]

    def _draw(self) -> None:
        """The chart's figure as the chart's outputs: set directly, as every page and a test alike
        do it, with no kernel needed (tests read what was drawn)."""
        self.figure = score_chart(self.game, self.shown)
        self.chart.outputs = plots.outputs_of(self.figure)

    def refresh(self) -> None:
        game = self.game
        total = len(game.history)
        self._draw()
        self.table.value = hands_table_html(game, self.shown) if self.shown else "<i>No hands yet.</i>"
        if self.shown:
            scored = game.history[self.shown - 1]
            self.last.value = html(
                "<div class='pl-note'>Hand {}: {}</div>",
                self.shown,
                result_line(scored.result).removeprefix("Hand over: "),
            )
        else:
            self.last.value = ""
        self.next.disabled = self.to_end.disabled = self.done
        if self.done:
            self.status.value = escape(f"Game over. {game_summary(game)}")
            self.over.value = escape(game_summary(game))
            self.over.add_class("pl-game-over")
        else:
            self.status.value = html(
                "{} of {} hands shown. Scores: {}. Press Next hand.", self.shown, total, self._scores()
            )
            self.over.value = ""
            self.over.remove_class("pl-game-over")

    def _scores(self) -> str:
        return score_words(self.game.history[self.shown - 1].scores if self.shown else (0, 0))


__all__ = [
    "HAND_COLUMNS",
    "WIN_CASES",
    "GameReplay",
    "bots_hand",
    "example_result",
    "game_summary",
    "hand_rows",
    "hand_story",
    "hands_table_html",
    "hands_table_text",
    "play_game",
    "recount_points",
    "score_breakdown",
    "score_chart",
    "score_series",
    "score_words",
    "told",
    "winning_examples",
]
