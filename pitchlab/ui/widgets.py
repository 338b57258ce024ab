"""The widget kit every page shares: the house style, card buttons, the bid bar,
the suit chooser and the views the pages build on (ipywidgets; needs the ``app`` extra).

Views render from the engine state; callbacks only call the engine and then
refresh. A refused click shows a message in the page and changes nothing. The
learner's table itself is :class:`pitchlab.ui.table_app.TableApp`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as w

from pitchlab.engine.actions import Action, Bid, Pass
from pitchlab.engine.cards import Card, Suit, card_name, spoken_parts
from pitchlab.ui.access import ScrollRegions
from pitchlab.ui.keys import KEYS_CSS, Keys
from pitchlab.ui.lifeline import Lifeline
from pitchlab.ui.markup import Markup, html, join, text

CSS = """
<style>
.pl-app { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1100px; }
.pl-app h3 { margin: 6px 0; }
/* Phones: a button's words wrap rather than end in "…", a row of buttons wraps rather than
   squeezing them, and below 700 px every button is a fingertip's 44 px tall (in the app and in
   every lesson and tutorial page alike). */
:is(.pl-app, .pl-lesson) .jupyter-button { white-space: normal; text-overflow: clip; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); max-width: 100%; flex-shrink: 0; line-height: 1.2; }
:is(.pl-app, .pl-lesson) .widget-hbox { flex-wrap: wrap; }
@media (max-width: 700px) { :is(.pl-app, .pl-lesson) .jupyter-button { min-height: 44px; } }
/* A row of step buttons (the app's Next, To my turn, Take back; a replay's) keeps to one row on a
   phone: each as wide as its words, the row shared out, rather than one wrapping to a line alone */
@media (max-width: 520px) { .pl-app .pl-steps > .jupyter-button { flex: 1 1 auto; width: auto;
  min-width: 0; max-width: 170px; padding: 0 8px; } }
/* plotly's zoom and download buttons are 22 px: too small for a finger, and a phone zooms
   with two fingers anyway, so below 700 px a figure shows no button bar */
@media (max-width: 700px) { .js-plotly-plot .modebar-container { display: none !important; } }
/* What scores on a phone: four columns would leave "scored by" one word wide, so each row puts
   it under what the card is (the header's first cell gets a line of its own) */
@media (max-width: 600px) {
  .pl-points-table tr { display: grid; grid-template-columns: 48px 1fr 52px; }
  .pl-points-table td, .pl-points-table th { padding: 3px 6px !important; grid-column: 2; }
  .pl-points-table :is(td, th):nth-child(1) { grid-column: 1; grid-row: span 2; }
  .pl-points-table :is(td, th):nth-child(3) { grid-column: 3; }
  .pl-points-table :is(td, th):nth-child(4) { grid-column: 2 / 4; padding-top: 0 !important; }
  .pl-points-table tr:first-child th:first-child { grid-column: 1 / 4; grid-row: auto; }
  .pl-points-table tr + tr { border-top: 1px solid #ddd; }
}
.widget-button.pl-card, .jupyter-button.pl-card {
  width: 58px; height: 80px; margin: 2px; padding: 0; border-radius: 8px;
  background: #fff; border: 2px solid #777; font-size: 22px; font-weight: bold;
  white-space: normal; line-height: 1.15; box-shadow: 0 1px 3px rgba(0,0,0,.25);
}
.pl-card.pl-red { color: #c0392b !important; }
.pl-card.pl-black { color: #1b1b1b !important; }
.pl-card.pl-blue { color: #1f5fbf !important; }
.pl-card.pl-green { color: #1e8449 !important; }
.widget-button.pl-card, .jupyter-button.pl-card { position: relative; }
.pl-card.pl-legal { border: 3px solid #1e8449; cursor: pointer; transform: translateY(-4px); }
.pl-card.pl-legal::after { content: "▲"; position: absolute; left: 0; right: 0; bottom: 1px;
  font-size: 11px; line-height: 1; color: #1e6b3a; }
.pl-card.pl-dead { border-style: dashed; background: #eee linear-gradient(to top right, transparent 47%,
  #6b6b6b 47%, #6b6b6b 53%, transparent 53%); }
.pl-card.pl-selected { border: 3px solid #1f5fbf; background: #e3edfb; transform: translateY(-12px); }
.pl-card.pl-selected::before { content: "✕"; position: absolute; top: 2px; right: 4px; font-size: 12px;
  line-height: 1; color: #1f5fbf; }
.pl-compact .widget-button.pl-card, .pl-compact .jupyter-button.pl-card {
  width: 44px; height: 68px; font-size: 18px; margin: 1px; }
.pl-ruleset-description { font-size: 13px; color: #444; line-height: 1.35; max-width: 1060px; }
.pl-ruleset select { font-size: 15px; }
.pl-action, .pl-discard-confirm { font-size: 15px; }
.pl-discard-confirm.pl-legal-choice { border: 2px solid #1e8449; }
.pl-note-box { color: #555; font-style: italic; }
.pl-status { font-size: 17px; font-weight: bold; padding: 6px 10px; background: #eef6ff;
  border-left: 5px solid #1f5fbf; border-radius: 4px; }
.pl-message { color: #a12; font-weight: bold; min-height: 1.3em; }
.pl-why { background: #fffbe6; border-left: 5px solid #f2c94c; padding: 6px 10px; border-radius: 4px; }
.pl-why .pl-why-more { margin-top: 4px; }
.pl-why .pl-why-more summary { cursor: pointer; }
.pl-why .pl-why-more ul { margin: 4px 0 0 0; padding-left: 18px; }
.pl-hint-text .widget-html-content { line-height: 1.4; }
.pl-hint-text .widget-html-content:not(:empty) { background: #f4f8fd; border-left: 5px solid #1f5fbf;
  padding: 6px 10px; border-radius: 4px; margin-top: 4px; }
.pl-hint-action { font-weight: bold; }
.pl-figure-words { margin: 4px 0 10px; font-size: 14px; color: #222; }
.pl-figure-words summary { cursor: pointer; color: #1f5fbf; text-decoration: underline; padding: 4px 0; }
.pl-figure-words p { white-space: pre-line; margin: 4px 0; padding: 6px 10px; background: #f7f7f7;
  border-left: 4px solid #95a5a6; overflow-wrap: anywhere; }
.pl-app svg.pl-table { max-width: 100%; height: auto; }
.pl-app svg.pl-table-narrow { display: none; }
@media (max-width: 520px) {
  .pl-app svg.pl-table:not(.pl-table-narrow) { display: none; }
  .pl-app svg.pl-table-narrow { display: block; }
}
.pl-columns > * { flex-grow: 1; }
.pl-columns { gap: 12px 16px; }
.pl-score table { border-collapse: collapse; font-size: 15px; }
.pl-score td, .pl-score th { border: 1px solid #ccc; padding: 3px 10px; text-align: center; }
.pl-log { max-height: 240px; overflow-y: auto; font-size: 13px; border: 1px solid #ddd; padding: 4px 8px; }
.pl-log .pl-log-why { color: #666; font-style: italic; }
.pl-hand-over, .pl-game-over { background: #eafaf1; border: 2px solid #1e8449; padding: 6px 10px;
  border-radius: 6px; font-weight: bold; }
.pl-bid, .pl-suit { font-size: 16px; min-width: 54px; }
.pl-suit-H, .pl-suit-D { color: #c0392b !important; }
.jupyter-widget-Collapse-header, .jupyter-widget-Collapse-header > span { color: #333 !important; }
.jp-RenderedHTMLCommon a, .jp-RenderedHTMLCommon a:link, .jp-RenderedHTMLCommon a:visited, .pl-app a {
  text-decoration: underline !important; }
</style>
"""


def style(extra: str = "", *, saved: bool = False) -> w.Box:
    """The stylesheet every pitchlab page includes once (with a page's ``extra`` CSS), the
    helper that makes its scrolling boxes reachable by keyboard (:mod:`pitchlab.ui.access`), the
    one that names cards, keeps the focus and adds the app's keys (:mod:`pitchlab.ui.keys`), and
    the one that says when the page has lost its server (:mod:`pitchlab.ui.lifeline`; ``saved``:
    the page keeps its game in the browser, so the warning may say so)."""
    return w.VBox(
        [w.HTML(CSS + KEYS_CSS + extra), ScrollRegions(), Keys(), Lifeline(saved=saved)],
        layout=w.Layout(margin="0"),
    )


def readable(line: str) -> Markup:
    """A line of plain text as page HTML whose cards a screen reader says in words.

    Each card or suit symbol is shown as it is ("A♠") but named for a screen reader
    ("ace of spades"): a lone symbol would be read "black spade suit". The text a
    sighted learner sees, and copies, is unchanged."""
    return join(
        text(shown)
        if shown == said
        else html('<span role="img" aria-label="{}">{}</span>', said, text(shown))
        for shown, said in spoken_parts(line)
    )


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


STATE_WORDS = {
    "play": ("playable", "not playable"),
    "bury": ("can be buried", "cannot be buried"),
    "discard": ("can be discarded", "cannot be discarded"),
}
"""What a card's name adds when it may, or may not, be chosen now, by what choosing it does."""


def card_words(
    card: Card,
    *,
    trump: bool = False,
    legal: bool = False,
    dead: bool = False,
    picked: bool = False,
    verb: str = "play",
) -> str:
    """A card's accessible name: what it is and what may be done with it now, in words
    ("jack of diamonds, trump, playable"), since colour and position alone say nothing to a screen reader."""
    can, cannot = STATE_WORDS[verb]
    state = (
        "dead, never playable" if dead else ("picked to discard" if picked else (can if legal else cannot))
    )
    return ", ".join([card_name(card), *(["trump"] if trump else []), state])


def card_button(
    card: Card, *, legal: bool, dead: bool = False, four_colour: bool = False, words: str = ""
) -> w.Button:
    """A clickable card: its rank over its suit symbol, in the suit's colour.

    Distinct jokers read "Hi ★" (red) and "Lo ★" (black); an identical joker "JK ★".
    ``words`` (see :func:`card_words`) become the tooltip, which :mod:`pitchlab.ui.keys` makes
    the button's accessible name; without them the card is named alone.
    """
    if card.is_joker:
        rank, symbol = {"JKH": "Hi", "JKL": "Lo"}.get(card.code, "JK"), "★"
    else:
        rank, symbol = card.label[:-1], card.label[-1]
    button = w.Button(
        description=f"{rank} {symbol}", tooltip=words or card_words(card, legal=legal, dead=dead)
    )
    classes = ["pl-card", f"pl-card-{card.code}", _ink(card, four_colour)]
    if legal:
        classes.append("pl-legal")
    if dead:
        classes.append("pl-dead")
    classed(button, *classes)
    return button


class HandView(w.HBox):  # type: ignore[misc]
    """The learner's cards as buttons; clicking one calls ``on_pick(card)``.

    Pass ``on_index`` instead to be told the card's position in the row, which
    tells two identical jokers apart (a discard chooser needs that). A long
    hand (thirteen cards) is drawn with smaller cards, so it fits one row.
    """

    def __init__(
        self,
        on_pick: Callable[[Card], None] | None = None,
        four_colour: bool = False,
        *,
        on_index: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", min_height="92px"))
        self.add_class("pl-hand")  # pitchlab.ui.keys: arrow keys move through it, focus comes back to it
        self.on_pick = on_pick
        self.on_index = on_index
        self.four_colour = four_colour
        self._shown: object = None

    def show(
        self,
        cards: Sequence[Card],
        legal: Sequence[Card],
        dead: Sequence[Card] = (),
        selected: Iterable[int] = (),
        *,
        trumps: Iterable[Card] = (),
        verb: str = "play",
    ) -> None:
        """Show these cards (``selected``: positions picked, raised and ringed in blue);
        unchanged content keeps its buttons, so a click in flight stays valid.

        ``trumps`` (the cards that are trump now, by the ruleset) and ``verb`` (what a
        legal card does: a key of :data:`STATE_WORDS`) go into each card's spoken name."""
        chosen, trump_set = frozenset(selected), frozenset(trumps)
        key = (tuple(cards), frozenset(legal), tuple(dead), chosen, self.four_colour, trump_set, verb)
        if key == self._shown:
            return
        self._shown = key
        legal_set, dead_left = set(legal), list(dead)
        buttons = []
        for i, card in enumerate(cards):
            is_dead = card in dead_left
            if is_dead:
                dead_left.remove(card)
            legal_now = card in legal_set and not is_dead
            words = card_words(
                card, trump=card in trump_set, legal=legal_now, dead=is_dead, picked=i in chosen, verb=verb
            )
            button = card_button(
                card, legal=legal_now, dead=is_dead, four_colour=self.four_colour, words=words
            )
            if i in chosen:
                button.add_class("pl-selected")
            button.on_click(lambda _b, c=card, i=i: self._clicked(i, c))
            buttons.append(button)
        if len(cards) > 10:
            self.add_class("pl-compact")
        else:
            self.remove_class("pl-compact")
        replace_children(self, buttons)

    def _clicked(self, index: int, card: Card) -> None:
        if self.on_index is not None:
            self.on_index(index)
        elif self.on_pick is not None:
            self.on_pick(card)


class BidBar(w.HBox):  # type: ignore[misc]
    """One button per legal bid (and pass), so an illegal bid cannot even be offered.

    A bid of ``moon`` (a ruleset's ``moon_bid``) is labelled "Moon".
    """

    def __init__(self, on_bid: Callable[[Action], None]) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap"))
        self.on_bid = on_bid
        self._shown: tuple[tuple[Action, ...], int | None] | None = None

    def show(self, legal: Sequence[Action], moon: int | None = None) -> None:
        """Offer the bids and passes among these actions; the same offer keeps its buttons."""
        if (tuple(legal), moon) == self._shown:
            return
        self._shown = (tuple(legal), moon)
        buttons = []
        for action in legal:
            if isinstance(action, Pass):
                button = classed(w.Button(description="Pass"), "pl-bid", "pl-bid-pass")
            elif isinstance(action, Bid) and moon is not None and action.value == moon:
                button = classed(
                    w.Button(description="Moon", tooltip=f"shoot the moon (a bid of {moon})"),
                    "pl-bid",
                    "pl-bid-moon",
                    f"pl-bid-{action.value}",
                )
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
    """Four buttons, one per suit, for naming trump (:meth:`show` can offer fewer)."""

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
        self.buttons = dict(zip(Suit, buttons, strict=True))
        super().__init__(buttons)

    def show(self, suits: Iterable[Suit]) -> None:
        """Offer only these suits."""
        offered = set(suits)
        for suit, button in self.buttons.items():
            button.layout.display = None if suit in offered else "none"


def action_class(action: Action) -> str:
    """The CSS hook of a generic action's button: ``pl-action-throw-in``, ``pl-action-call-AS``."""
    return "pl-action-" + re.sub(r"[^A-Za-z0-9]+", "-", str(action)).strip("-")


class ActionBar(w.HBox):  # type: ignore[misc]
    """A button for each action no other control offers, labelled ``str(action)``.

    More than :attr:`MAX_BUTTONS` of them (a bidder calling any card for a
    partner) become a menu and one button, so the page stays short.
    """

    MAX_BUTTONS = 12

    def __init__(self, on_action: Callable[[Action], None]) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.on_action = on_action
        self._shown: tuple[Action, ...] | None = None
        self.menu: w.Dropdown | None = None

    def show(self, actions: Sequence[Action]) -> None:
        if tuple(actions) == self._shown:
            return
        self._shown = tuple(actions)
        self.menu = None
        children: list[w.Widget] = []
        if len(actions) > self.MAX_BUTTONS:
            menu = classed(
                w.Dropdown(options=[(str(a), i) for i, a in enumerate(actions)], value=0), "pl-action-menu"
            )
            go = classed(w.Button(description="Do it", button_style="info"), "pl-action", "pl-action-go")
            go.on_click(lambda _b: self.on_action(actions[menu.value]))
            self.menu = menu
            children = [menu, go]
        else:
            for action in actions:
                button = classed(w.Button(description=str(action)), "pl-action", action_class(action))
                button.on_click(lambda _b, a=action: self.on_action(a))
                children.append(button)
        replace_children(self, children)


def same_cards(a: Iterable[Card], b: Iterable[Card]) -> bool:
    """Whether two lists hold the same cards, in any order (a joker may repeat)."""
    return Counter(a) == Counter(b)


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


__all__ = [
    "ActionBar",
    "BidBar",
    "HandView",
    "SeededView",
    "SuitChooser",
    "View",
    "action_class",
    "card_button",
    "classed",
    "readable",
    "replace_children",
    "same_cards",
    "style",
]
