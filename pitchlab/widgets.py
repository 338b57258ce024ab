"""Widgets for the tutorial and the app (ipywidgets; needs the ``app`` extra).

Views render from the engine state; callbacks only call the engine (through a
:class:`~pitchlab.session.Table`) and then refresh. A refused click shows a
message in the page and changes nothing.

Every control carries stable CSS classes so a browser test can drive the app
without knowing its layout: ``pl-card pl-card-<CODE>`` (``pl-legal`` when it
may be played now), ``pl-bid pl-bid-pass`` / ``pl-bid-4`` ... ``pl-bid-10``,
``pl-suit-S/H/D/C``, ``pl-next``, ``pl-new-hand``, ``pl-new-game``,
``pl-status``, ``pl-score``, ``pl-message``, ``pl-why``, ``pl-log``, and
``pl-hand-over`` / ``pl-game-over`` once the hand or the game is finished.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from pitchlab import drawing
from pitchlab.actions import Action, Bid, Bury, NameTrump, Pass, Play
from pitchlab.cards import Card, Suit
from pitchlab.hand import Phase
from pitchlab.session import Table

CSS = """
<style>
.pl-app { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1100px; }
.pl-app h3 { margin: 6px 0; }
.widget-button.pl-card, .jupyter-button.pl-card {
  width: 58px; height: 80px; margin: 2px; padding: 0; border-radius: 8px;
  background: #fff; border: 2px solid #777; font-size: 22px; font-weight: bold;
  white-space: normal; line-height: 1.15; box-shadow: 0 1px 3px rgba(0,0,0,.25);
}
.pl-card.pl-red { color: #c0392b !important; }
.pl-card.pl-black { color: #1b1b1b !important; }
.pl-card.pl-blue { color: #1f5fbf !important; }
.pl-card.pl-green { color: #1e8449 !important; }
.pl-card.pl-legal { border: 3px solid #1e8449; cursor: pointer; transform: translateY(-4px); }
.pl-card.pl-dead { background: #e6e6e6; opacity: .55; }
.pl-status { font-size: 17px; font-weight: bold; padding: 6px 10px; background: #eef6ff;
  border-left: 5px solid #1f5fbf; border-radius: 4px; }
.pl-message { color: #a12; font-weight: bold; min-height: 1.3em; }
.pl-why { background: #fffbe6; border-left: 5px solid #f2c94c; padding: 6px 10px; border-radius: 4px; }
.pl-score table { border-collapse: collapse; font-size: 15px; }
.pl-score td, .pl-score th { border: 1px solid #ccc; padding: 3px 10px; text-align: center; }
.pl-log { max-height: 240px; overflow-y: auto; font-size: 13px; border: 1px solid #ddd; padding: 4px 8px; }
.pl-log .pl-log-why { color: #666; font-style: italic; }
.pl-hand-over, .pl-game-over { background: #eafaf1; border: 2px solid #1e8449; padding: 6px 10px;
  border-radius: 6px; font-weight: bold; }
.pl-bid, .pl-suit { font-size: 16px; min-width: 54px; }
.pl-suit-H, .pl-suit-D { color: #c0392b !important; }
</style>
"""


def style() -> w.HTML:
    """The stylesheet every pitchlab page includes once."""
    return w.HTML(CSS)


def classed(widget: w.DOMWidget, *classes: str) -> w.DOMWidget:
    """Add CSS classes (the hooks browser tests and styles use) and return the widget."""
    for cls in classes:
        widget.add_class(cls)
    return widget


def replace_children(box: w.Box, children: Sequence[w.Widget]) -> None:
    """Show new children in ``box`` and close the ones it drops.

    Views redraw by building fresh widgets; closing the old ones frees their
    models in the kernel and the page, so a long game does not pile them up.
    """
    keep = {id(child) for child in children}
    old = [child for child in box.children if id(child) not in keep]
    box.children = tuple(children)
    for child in old:
        _close_tree(child)


def _close_tree(widget: w.Widget) -> None:
    """Close a widget, its children, and the layout and style models each one owns."""
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    for part in ("layout", "style"):
        owned = getattr(widget, part, None)
        if isinstance(owned, w.Widget):
            owned.close()
    widget.close()


def _ink(card: Card, four_colour: bool) -> str:
    if four_colour and card.suit is not None:
        return {"S": "pl-black", "H": "pl-red", "D": "pl-blue", "C": "pl-green"}[card.suit.letter]
    return "pl-red" if card.is_red else "pl-black"


def card_button(card: Card, *, legal: bool, dead: bool = False, four_colour: bool = False) -> w.Button:
    """A clickable card: its rank over its suit symbol, in the suit's colour."""
    rank, symbol = ("JK", "★") if card.is_joker else (card.label[:-1], card.label[-1])
    button = w.Button(description=f"{rank} {symbol}", tooltip=card.label + (" (dead)" if dead else ""))
    classes = ["pl-card", f"pl-card-{card.code}", _ink(card, four_colour)]
    if legal:
        classes.append("pl-legal")
    if dead:
        classes.append("pl-dead")
    classed(button, *classes)
    return button


class HandView(w.HBox):  # type: ignore[misc]
    """The learner's cards as buttons; clicking one calls ``on_pick(card)``."""

    def __init__(self, on_pick: Callable[[Card], None], four_colour: bool = False) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", min_height="92px"))
        self.on_pick = on_pick
        self.four_colour = four_colour
        self._shown: object = None

    def show(self, cards: Sequence[Card], legal: Sequence[Card], dead: Sequence[Card] = ()) -> None:
        """Show these cards; unchanged content keeps its buttons, so a click in flight stays valid."""
        key = (tuple(cards), frozenset(legal), tuple(dead))
        if key == self._shown:
            return
        self._shown = key
        legal_set, dead_left = set(legal), list(dead)
        buttons = []
        for card in cards:
            is_dead = card in dead_left
            if is_dead:
                dead_left.remove(card)
            button = card_button(
                card, legal=card in legal_set and not is_dead, dead=is_dead, four_colour=self.four_colour
            )
            button.on_click(lambda _b, c=card: self.on_pick(c))
            buttons.append(button)
        replace_children(self, buttons)


class BidBar(w.HBox):  # type: ignore[misc]
    """One button per legal bid (and pass), so an illegal bid cannot even be offered."""

    def __init__(self, on_bid: Callable[[Action], None]) -> None:
        super().__init__()
        self.on_bid = on_bid
        self._shown: tuple[Action, ...] | None = None

    def show(self, legal: Sequence[Action]) -> None:
        """Offer these actions; the same offer keeps its buttons."""
        if tuple(legal) == self._shown:
            return
        self._shown = tuple(legal)
        buttons = []
        for action in legal:
            if isinstance(action, Pass):
                button = classed(w.Button(description="Pass"), "pl-bid", "pl-bid-pass")
            elif isinstance(action, Bid):
                button = classed(
                    w.Button(description=f"Bid {action.value}"), "pl-bid", f"pl-bid-{action.value}"
                )
            else:
                continue
            button.on_click(lambda _b, a=action: self.on_bid(a))
            buttons.append(button)
        replace_children(self, buttons)


class SuitChooser(w.HBox):  # type: ignore[misc]
    """Four buttons, one per suit, for naming trump."""

    def __init__(self, on_suit: Callable[[Suit], None]) -> None:
        buttons = []
        for suit in Suit:
            button = classed(
                w.Button(description=f"{suit.symbol} {suit.name.title()}"),
                "pl-suit",
                f"pl-suit-{suit.letter}",
            )
            button.on_click(lambda _b, s=suit: on_suit(s))
            buttons.append(button)
        super().__init__(buttons)


class View:
    """A page part built from widgets: it keeps its widget tree in :attr:`widget`
    and displays as that tree, so a notebook cell can end with the object itself."""

    widget: w.Widget

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        return self.widget._repr_mimebundle_(**kwargs)


class SeededView(View):
    """A view whose content comes from a seed typed into a box: a new seed redeals."""

    seed: int

    def deal(self, seed: int) -> None:
        raise NotImplementedError

    def _on_seed(self, change: dict[str, object]) -> None:
        new = change["new"]
        if isinstance(new, int) and new != self.seed:
            self.deal(new)


class TableApp(View):
    """A whole game for one learner: the table, their hand, controls, the why-panel and the log.

    Pass a :class:`Table` to share one with other views, or let the app make one.
    The widget tree is :attr:`widget`; the app displays as that widget.
    """

    def __init__(
        self,
        table: Table | None = None,
        *,
        seed: int | None = None,
        four_colour: bool = False,
        show_ladder: bool = True,
        show_odds: bool = True,
    ) -> None:
        self.table = table if table is not None else Table(seed=seed)
        self.four_colour = four_colour
        self.status = classed(w.HTML(), "pl-status")
        self.message = classed(w.HTML(), "pl-message")
        self.picture = w.HTML()
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.odds = w.HTML()
        self.hand_view = HandView(self._pick, four_colour)
        self.bids = BidBar(self._act)
        self.suits = SuitChooser(lambda suit: self._act(NameTrump(suit)))
        self.next = classed(w.Button(description="Next ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self._advance())
        self.to_me = classed(w.Button(description="Play on to my turn »"), "pl-run")
        self.to_me.on_click(lambda _b: self._run())
        self.new_hand = classed(w.Button(description="New hand"), "pl-new-hand")
        self.new_hand.on_click(lambda _b: self._new_hand())
        self.new_game = classed(w.Button(description="New game"), "pl-new-game")
        self.new_game.on_click(lambda _b: self._new_game())
        self.why = classed(w.HTML(), "pl-why")
        self.score = classed(w.HTML(), "pl-score")
        self.log = classed(w.HTML(), "pl-log")
        self.over = w.HTML()
        self.record_box = w.Textarea(
            placeholder="Paste a hand record (JSON) here, then press Load.",
            layout=w.Layout(width="100%", height="90px"),
        )
        self.save = classed(w.Button(description="Save hand"), "pl-save")
        self.save.on_click(lambda _b: self._save())
        self.load = classed(w.Button(description="Load"), "pl-load")
        self.load.on_click(lambda _b: self._load())
        self.download = w.HTML()
        self.colours = classed(
            w.Checkbox(value=four_colour, description="Four-colour deck (♦ blue, ♣ green)", indent=False),
            "pl-four-colour",
        )
        self.colours.observe(self._set_colours, names="value")
        controls = w.HBox([self.next, self.to_me, self.new_hand, self.new_game])
        left = w.VBox(
            [
                self.picture,
                w.HTML("<h3>Your hand</h3>"),
                self.hand_view,
                self.bids,
                self.suits,
                controls,
                self.colours,
                self.message,
                self.over,
            ],
            layout=w.Layout(width="600px"),
        )
        from pitchlab.coach import Coach  # the coach's views build on this module's

        self.coach = Coach(self.table)
        right = w.VBox(
            [
                w.HTML("<h3>Score</h3>"),
                self.score,
                w.HTML("<h3>Why?</h3>"),
                self.why,
                self.coach.hint,
                w.HTML("<h3>What you know</h3>"),
                self.odds,
                w.HTML("<h3>History</h3>"),
                self.log,
            ],
            layout=w.Layout(width="440px", margin="0 0 0 16px"),
        )
        records = w.Accordion(
            [w.VBox([w.HBox([self.save, self.load]), self.download, self.record_box])],
            titles=("Save or load this hand",),
        )
        parts = [style(), self.status, w.HBox([left, right]), self.coach.analysis]
        if show_ladder:
            parts.insert(2, self.ladder)
        parts.append(records)
        self.show_odds = show_odds
        self.widget = classed(w.VBox(parts), "pl-app")
        self.refresh()

    # -------------------------------------------------------------- callbacks

    def _act(self, action: Action) -> None:
        self.table.act(action)
        self.refresh()

    def _pick(self, card: Card) -> None:
        phase = self.table.hand.phase
        if phase is Phase.BURY:
            self._act(Bury(card))
        elif phase is Phase.PLAY:
            self._act(Play(card))
        else:
            self.table.message = f"Cards are played later: now it is time to {_WHAT[phase]}."
            self.refresh()

    def _advance(self) -> None:
        self.table.advance()
        self.refresh()

    def _run(self) -> None:
        self.table.run_bots()
        self.refresh()

    def _new_hand(self) -> None:
        if self.table.game.winner is not None:
            self.table.new_game()
        else:
            self.table.new_hand()
        self.refresh()

    def _new_game(self) -> None:
        self.table.new_game()
        self.refresh()

    def _set_colours(self, change: dict[str, object]) -> None:
        """Colour-blind readers can tell four suit colours apart more easily than two."""
        self.four_colour = self.hand_view.four_colour = bool(change["new"])
        self.hand_view._shown = None  # redraw the cards in the new colours
        self.refresh()

    def _save(self) -> None:
        text = self.table.record()
        self.record_box.value = text
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (
            f'<a download="pitchlab-hand.json" href="data:application/json;base64,{data}">'
            "Download pitchlab-hand.json</a>"
        )
        self.table.message = ""
        self.refresh()

    def _load(self) -> None:
        self.table.load(self.record_box.value)
        self.refresh()

    # ---------------------------------------------------------------- render

    def refresh(self) -> None:
        """Redraw every view from the table's state."""
        table, hand = self.table, self.table.hand
        human = table.human if table.human is not None else 0
        self.status.value = escape(table.status())
        self.message.value = escape(table.message)
        bids = [""] * hand.rules.players
        for i, bid in enumerate(hand.bids):
            bids[(hand.dealer + 1 + i) % hand.rules.players] = str(bid) if bid else "pass"
        self.picture.value = drawing.table_svg(
            [table.name(s) for s in range(hand.rules.players)],
            dealer=hand.dealer,
            bids=bids,
            hand_sizes=[len(hand.hand_of(s)) for s in range(hand.rules.players)],
            trick=list(zip(hand.current_trick.seats, hand.current_trick.cards, strict=True))
            or _last_trick(hand),
            bidder=hand.bidder,
            drawn=hand.drawn if hand.trump is not None else None,
            to_act=hand.to_act,
            trump=hand.trump,
            bottom=human,
            four_colour=self.four_colour,
        )
        legal = table.legal()
        legal_cards = [a.card for a in legal if isinstance(a, (Play, Bury))]
        self.hand_view.show(hand.hand_of(human), legal_cards, hand.dead(human))
        self.bids.show(legal if hand.phase is Phase.BID else ())
        self.bids.layout.display = None if legal and hand.phase is Phase.BID else "none"
        self.suits.layout.display = None if legal and hand.phase is Phase.NAME_TRUMP else "none"
        self.next.disabled = not table.bot_to_act
        self.to_me.disabled = not table.bot_to_act
        self.why.value = escape(table.last_why or "The bots explain each move here.")
        self.score.value = self._score_html()
        self.log.value = "".join(
            f"<div>{escape(e.text)}"
            + (f' <span class="pl-log-why">({escape(e.why)})</span>' if e.why else "")
            + "</div>"
            for e in table.log[-40:][::-1]
        )
        self._show_over()
        if hand.trump is not None:
            played = [c for t in hand.tricks for c in t.cards] + list(hand.current_trick.cards)
            self.ladder.value = drawing.ladder_svg(
                hand.trump, hand.rules, played=played, four_colour=self.four_colour
            )
        else:
            self.ladder.value = "<i>The trump ladder appears once trump is named.</i>"
        self.odds.value = self._odds_html() if self.show_odds else ""
        self.coach.refresh()

    def _score_html(self) -> str:
        table = self.table
        rows = "".join(
            f"<tr><td>{escape(table.team_name(t))}</td><td><b>{score}</b></td></tr>"
            for t, score in enumerate(table.game.scores)
        )
        points = table.hand.points_by_team(public=True)
        now = " - ".join(str(p) for p in points)
        return (
            f"<table><tr><th>Team</th><th>Score</th></tr>{rows}</table>"
            f"<div>Points this hand: {now} (target {table.rules.target})</div>"
        )

    def _show_over(self) -> None:
        table, hand = self.table, self.table.hand
        game_over = table.game.winner is not None
        for cls, on in (("pl-hand-over", hand.is_over), ("pl-game-over", game_over)):
            if on:
                self.over.add_class(cls)
            else:
                self.over.remove_class(cls)
        self.over.value = escape(table.status()) if hand.is_over else ""
        self.over.layout.display = None if hand.is_over else "none"

    def _odds_html(self) -> str:
        table, hand = self.table, self.table.hand
        human = table.human if table.human is not None else 0
        if hand.trump is None:
            return "Once trump is named, this panel counts the trump still out."
        rules, suit = hand.rules, hand.trump
        unseen = hand.view(human).unseen_trump()
        points = [c for c in dict.fromkeys(unseen) if rules.points_of(c, suit)]
        others = ", ".join(table.name(s) for s in range(rules.players) if s != human)
        point_text = (
            ", ".join(f"{c.label} ({rules.points_of(c, suit)})" for c in points) if points else "none"
        )
        return (
            f"<div><b>{len(unseen)}</b> of {len(rules.trump_cards(suit))} trump are still out "
            f"(not in your hand, buried or played).</div>"
            + (
                f"<div>Point cards still out: {escape(point_text)}; each is with one of {escape(others)}.</div>"
                if points
                else "<div>Every point card has been played, buried or is in your hand.</div>"
            )
        )


def _last_trick(hand: object) -> list[tuple[int, Card]]:
    tricks = getattr(hand, "tricks", [])
    if not tricks:
        return []
    last = tricks[-1]
    return list(zip(last.seats, last.cards, strict=True))


_WHAT = {
    Phase.BID: "bid or pass",
    Phase.NAME_TRUMP: "name trump",
    Phase.BURY: "bury",
    Phase.PLAY: "play",
    Phase.OVER: "start a new hand",
}

__all__ = [
    "BidBar",
    "HandView",
    "SeededView",
    "SuitChooser",
    "TableApp",
    "View",
    "card_button",
    "classed",
    "replace_children",
    "style",
]
