"""The what-if explorer: pick nine cards, a seat and trump, change one thing and see what it was worth.

The page is a controller in the house style (see :mod:`pitchlab.lessons.tutorial.the_deal`):
every control's callback calls one method that the tests call too
(:meth:`Explorer.toggle`, :meth:`Explorer.paste`, :meth:`Explorer.load_record`,
:meth:`Explorer.use_record_seat`, :meth:`Explorer.set_position`,
:meth:`Explorer.set_trump`), which asks :func:`pitchlab.studies.whatif.analyze` for
the numbers and redraws. The previous analysis is kept, so each change shows
*before / now / change* (:func:`pitchlab.studies.whatif.compare`). Bad input (eight
cards, a card twice, a code that is no card, a record that does not load, a
seat the record does not have) shows a message and changes nothing: the
question is checked before anything is simulated, and the page's state is
only replaced once a new analysis exists.

Stable CSS classes for browser tests: ``pl-explorer``, ``pl-picker``,
``pl-card-toggle pl-card-<CODE>`` (``pl-chosen`` when picked), ``pl-count``,
``pl-clear``, ``pl-codes``, ``pl-use-codes``, ``pl-upload``, ``pl-record-seat``,
``pl-position``, ``pl-trump`` with ``pl-trump-auto`` / ``pl-trump-S`` ...
``pl-trump-C`` (``pl-selected`` on the one in use), ``pl-message``,
``pl-status``, ``pl-progress``, ``pl-compare``, ``pl-odds``,
``pl-points-where``, ``pl-ladder``, ``pl-chances``, ``pl-plot``.
The root also carries ``pl-app``, so ``tests.serving.click_and_wait``
can watch it redraw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab.bots.ladder import POSITIONS, Ladder, shipped
from pitchlab.engine.cards import Card, Rank, Suit, parse_cards, standard_card
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand
from pitchlab.engine.limits import MAX_RECORD_CHARS
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.record import loads
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import SUIT_ORDER, sort_cards
from pitchlab.odds.probability import at_least, mean, percent, stock_size, trump_in
from pitchlab.odds.stats import z_of
from pitchlab.studies import whatif
from pitchlab.ui import drawing, plots
from pitchlab.ui.classroom import ProgressBar
from pitchlab.ui.coach import PlayPanel
from pitchlab.ui.drawing import suit_html
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.session import seat_name
from pitchlab.ui.widgets import View, classed
from pitchlab.ui.widgets import style as page_style

DEFAULT_HAND = "AH KH 3H JD 7H 9S 4C QD 8S"
"""Five hearts trump (the off-jack among them) and three of its point cards: a hand worth changing."""
MAX_RECORD_BYTES = MAX_RECORD_CHARS
"""An uploaded record's bytes: UTF-8 takes at least a byte a character, so this cap never
refuses a file :func:`pitchlab.loads` would take."""
MEMORY = 64
"""Analyses kept, so that undoing a change shows its numbers at once."""

POSITION_HELP = (
    "first to bid, at the dealer's left",
    "second to bid",
    "third to bid",
    "last to bid",
)

EXPLORER_CSS = """
<style>
.pl-explorer { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1180px; }
.pl-explorer h4 { margin: 12px 0 4px 0; font-size: 16px; }
.pl-explorer .widget-html-content { line-height: 1.5; }
.pl-explorer .widget-html, .pl-explorer .widget-html-content { max-width: 100%; min-width: 0; }
.pl-explorer .pl-suit-label .widget-html-content { line-height: 36px; }
.pl-explorer .pl-note { color: #444; font-size: 14px; line-height: 1.45; }
.widget-toggle-button.pl-card-toggle, .jupyter-button.pl-card-toggle {
  font-size: 16px; font-weight: bold; background: #fff; border: 1px solid #9aa3ad; border-radius: 6px;
  box-shadow: 0 1px 2px rgba(0,0,0,.15); }
.pl-card-toggle.pl-red { color: #c0392b !important; }
.pl-card-toggle.pl-black { color: #1b1b1b !important; }
.jupyter-button.pl-card-toggle.mod-active, .jupyter-button.pl-card-toggle.pl-chosen {
  background: #fff1b8; border: 2px solid #b7950b; box-shadow: inset 0 2px 3px rgba(0,0,0,.25); }
.pl-suit-label { font-size: 22px; font-weight: bold; width: 30px; text-align: center; line-height: 36px; }
.pl-count { font-size: 15px; font-weight: bold; padding: 6px 0; }
.pl-count.pl-done { color: #1e8449; }
.jupyter-button.pl-trump { min-width: 92px; font-size: 15px; }
.jupyter-button.pl-trump-H, .jupyter-button.pl-trump-D { color: #c0392b; }
.jupyter-button.pl-trump.pl-selected, .pl-position .jupyter-button.mod-active {
  background: #dbe9fb; border: 2px solid #1f5fbf; font-weight: bold; }
.pl-explorer .pl-message { padding: 6px 10px; border-radius: 4px; margin: 4px 0; }
.pl-explorer .pl-message.pl-error { background: #fdedec; border-left: 5px solid #c0392b; color: #a12; }
.pl-explorer .pl-message.pl-hint { background: #fef9e7; border-left: 5px solid #f2c94c; color: #6e5400;
  font-weight: normal; }
.pl-explorer .pl-status { font-size: 15px; font-weight: normal; line-height: 1.5; }
.pl-panel { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px; border-radius: 4px;
  font-size: 15px; line-height: 1.5; overflow-x: auto; max-width: 100%; box-sizing: border-box; }
.pl-explorer table.pl-grid { border-collapse: collapse; font-size: 14px; margin: 4px 0; }
.pl-grid td, .pl-grid th { border-bottom: 1px solid #d5dbe3; padding: 3px 10px; text-align: right;
  vertical-align: middle; }
.pl-grid td:first-child, .pl-grid th:first-child { text-align: left; }
.pl-grid tr.pl-pick td { background: #eafaf1; font-weight: bold; }
.pl-compare .pl-grid td + td { white-space: nowrap; }
.pl-grid tr.pl-thin td { color: #888; }
.pl-grid .pl-up { color: #196f3d; font-weight: bold; }
.pl-grid .pl-down { color: #c0392b; font-weight: bold; }
.pl-explorer .pl-chances pre { font-size: 13px; margin: 4px 0; line-height: 1.35; }
.pl-explorer .pl-plot { min-height: 440px; }
</style>
"""


def style() -> w.Box:
    """The app's stylesheet (card colours, messages) plus the explorer's own."""
    return page_style(EXPLORER_CSS)


def card_html(card: Card) -> Markup:
    """A card's label in its suit colour, for tables."""
    colour = drawing.RED if card.is_red else drawing.BLACK
    return html('<b style="color:{}">{}</b>', colour, card.label)


def others_trump_figure(analysis: whatif.Analysis) -> go.Figure:
    """The trump your partner was dealt and the trump the two opponents share, exactly, beside your own count.

    Both come from the same 45 unseen cards, so the opponents' bars (18
    cards) sit to the right of your partner's (9 cards); each opponent alone
    has the same chances as your partner, and the stock the same as both
    opponents together.
    """
    others, suit, rules = analysis.others, analysis.trump, analysis.rules
    size = rules.hand_size
    fig = plots.distribution_figure(
        others.partner,
        title=(  # short lines: one long one ran off a phone's plot
            f"Trump the others were dealt<br><sup>{suit.symbol} trump, exact, given your hand:</sup><br>"
            f"<sup>{others.trump} of the {others.unseen} cards you cannot see are trump</sup>"
        ),
        x_title="trump dealt to them (cards)",
    )
    # room for the title's three lines; the legend under the plot, where a phone's width lets
    # its entries wrap without running into the title
    fig.update_layout(
        margin_t=110, margin_b=120, legend={"yanchor": "top", "y": -0.32, "xanchor": "left", "x": 0}
    )
    fig.update_traces(
        selector=0,
        name=f"your partner ({size} cards)",
        hovertemplate="partner holds %{x}: %{y:.2f}%<extra></extra>",
    )
    ks = sorted(k for k, p in others.opponents.items() if p)
    fig.add_trace(
        go.Bar(
            x=ks,
            y=[float(others.opponents[k]) * 100 for k in ks],
            name=f"the two opponents together ({size * 2} cards)",
            marker={"color": plots.ORANGE},
            hovertemplate="opponents hold %{x}: %{y:.2f}%<extra></extra>",
        )
    )
    top = max(float(p) * 100 for p in (*others.partner.values(), *others.opponents.values()))
    fig.add_trace(
        go.Scatter(
            x=[analysis.held, analysis.held],
            y=[0, top],
            mode="lines",
            line={"color": "#111", "dash": "dot", "width": 2},
            name=f"you hold {analysis.held}",
            hoverinfo="skip",
        )
    )
    fig.update_layout(barmode="group", bargap=0.18, showlegend=True)
    fig.update_xaxes(range=[-0.6, max(ks, default=size) + 0.6])
    return fig


def show_figure(output: w.Output, fig: go.Figure) -> None:
    """Show ``fig`` in an ``Output`` widget by setting its outputs (no kernel needed, tests can read them).

    The same figure is not sent again: the browser would redraw it for nothing.
    """
    shown = plots.outputs_of(fig)
    if tuple(output.outputs) != shown:
        output.outputs = shown


class Explorer(View):
    """Nine cards, a seat and trump: their odds, the ladder's bid and the simulated chances, before and after a change.

    ``cards`` is the hand shown first (codes or cards); ``trump=None`` follows
    the suit the bot would name; ``position`` 0 is the first seat to bid, 3
    the dealer. ``hands`` and ``seed`` fix the simulation (the same question
    always gives the same numbers); ``ladder`` defaults to the shipped one.
    """

    def __init__(
        self,
        cards: str | Sequence[Card] = DEFAULT_HAND,
        trump: Suit | str | None = None,
        position: int = 0,
        *,
        hands: int = whatif.DEFAULT_HANDS,
        seed: int | str = whatif.DEFAULT_SEED,
        rules: Ruleset = TEN_POINT,
        ladder: Ladder | None = None,
    ) -> None:
        self.rules = rules
        self.hands = hands
        self.seed = seed
        self.ladder = ladder or shipped(rules)
        self.trump_choice: Suit | None = (
            None if trump is None else trump if isinstance(trump, Suit) else Suit.parse(trump)
        )
        self.previous: whatif.Analysis | None = None
        self.record: Hand | None = None
        self.record_name = ""
        self.message = ""
        self.message_kind = "error"
        self._memory: dict[tuple[tuple[Card, ...], Suit, int], whatif.Analysis] = {}
        self._quiet = False  # set while the page moves its own controls, so their observers stay still

        self.toggles: list[tuple[Card, w.ToggleButton]] = []
        rows = [self._suit_row(suit) for suit in SUIT_ORDER]
        jokers = [c for c in rules.deck if c.is_joker]
        rows.append(
            w.HBox(
                [classed(w.HTML("★"), "pl-suit-label"), *(self._toggle(c, i) for i, c in enumerate(jokers))]
            )
        )
        self.picker = classed(w.VBox(rows), "pl-picker")
        self.count = classed(w.HTML(), "pl-count")
        self.clear_button = classed(w.Button(description="Clear all", icon="times"), "pl-clear")
        self.clear_button.on_click(lambda _b: self.clear())

        self.codes = classed(
            w.Text(
                placeholder="nine codes, e.g. AH KH 3H JD 7H 9S 4C QD 8S",
                continuous_update=False,
                layout=w.Layout(width="430px"),
            ),
            "pl-codes",
        )
        self.codes.observe(self._on_codes, names="value")
        self.use_codes_button = classed(w.Button(description="Use these cards"), "pl-use-codes")
        self.use_codes_button.on_click(lambda _b: self.use_codes())

        self.upload = classed(
            w.FileUpload(accept=".json", multiple=False, description="Load a hand record"),
            "pl-upload",
        )
        self.upload.layout.width = "210px"
        self.upload.observe(self._on_upload, names="value")
        self.record_seat = classed(
            w.Dropdown(
                options=[(f"seat {s}", s) for s in range(rules.players)],
                value=0,
                description="Take seat",
                disabled=True,
                layout=w.Layout(width="260px"),
            ),
            "pl-record-seat",
        )
        self.record_seat.observe(self._on_record_seat, names="value")
        self.record_note = w.HTML(
            '<div class="pl-note">A .json hand record (pitchlab-hand/1): you take one seat\'s dealt '
            "hand, and the record's dealer sets your seat.</div>"
        )

        self.position = classed(
            w.ToggleButtons(
                options=[(name, p) for p, name in enumerate(POSITIONS)],
                value=0,
                tooltips=list(POSITION_HELP),
                style={"button_width": "86px"},
            ),
            "pl-position",
        )
        self.position.observe(self._on_position, names="value")
        self.trump_buttons: dict[Suit | None, w.Button] = {}
        for choice in (None, *Suit):
            button = classed(
                w.Button(
                    description="bot's pick" if choice is None else f"{choice.symbol} {choice.name.title()}",
                    tooltip="the suit the rule-based bot would name"
                    if choice is None
                    else f"name {choice.name.lower()}",
                ),
                "pl-trump",
                "pl-trump-auto" if choice is None else f"pl-trump-{choice.letter}",
            )
            button.on_click(lambda _b, c=choice: self.set_trump(c))
            self.trump_buttons[choice] = button

        self.message_box = classed(w.HTML(), "pl-message")
        self.progress = ProgressBar("simulating")
        self.progress.bar.layout.width = "300px"
        self.status = classed(w.HTML(), "pl-status")
        self.compare_box = classed(w.HTML(), "pl-compare", "pl-panel")
        self.hand_picture = w.HTML()
        self.odds = classed(w.HTML(), "pl-odds", "pl-panel")
        self.odds_plot = classed(w.Output(), "pl-plot", "pl-odds-plot")
        self.points_where = classed(w.HTML(), "pl-points-where")
        self.ladder_box = classed(w.HTML(), "pl-ladder", "pl-panel")
        self.chances_text = classed(w.HTML(), "pl-panel")
        self.chances_plot = classed(w.Output(), "pl-plot", "pl-chances-plot")
        self.chances_table = w.HTML()
        self.chances = classed(
            w.VBox([self.chances_text, self.chances_plot, self.chances_table]), "pl-chances"
        )
        self.play_panel = PlayPanel()

        left = w.VBox(
            [
                w.HTML(
                    "<h4>1 · Pick nine cards</h4><div class='pl-note'>Click a card to take it or put it back.</div>"
                ),
                self.picker,
                w.HBox([self.count, self.clear_button], layout=w.Layout(align_items="center")),
                w.HTML("<h4>… or paste card codes</h4>"),
                w.HBox([self.codes, self.use_codes_button]),
                w.HTML("<h4>… or load a hand record</h4>"),
                w.HBox([self.upload, self.record_seat]),
                self.record_note,
                w.HTML("<h4>2 · Your seat and trump</h4>"),
                w.HBox(
                    [w.Label("Your seat", layout=w.Layout(width="80px")), self.position],
                    layout=w.Layout(align_items="center"),
                ),
                w.HBox(
                    [w.Label("Trump", layout=w.Layout(width="80px")), *self.trump_buttons.values()],
                    layout=w.Layout(align_items="center"),
                ),
            ],
            layout=w.Layout(width="690px"),
        )
        right = w.VBox(
            [
                w.HTML("<h4>The hand analysed</h4>"),
                self.hand_picture,
                self.status,
                self.progress.widget,
                self.message_box,
                w.HTML("<h4>What changed</h4>"),
                self.compare_box,
            ],
            layout=w.Layout(width="470px", margin="0 0 0 18px"),
        )
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HBox([left, right]),
                    w.HTML("<h4>3 · Trump: yours and the others'</h4>"),
                    self.odds,
                    self.odds_plot,
                    w.HTML("<h4>4 · Where are the point cards you do not hold?</h4>"),
                    self.points_where,
                    w.HTML("<h4>5 · What would the ladder bid? (nobody has bid yet)</h4>"),
                    self.ladder_box,
                    w.HTML("<h4>6 · How often would you make each bid?</h4>"),
                    self.chances,
                    w.HTML(
                        "<h4>7 · A loaded hand record: what to do where it stops, and a review of its bids and play</h4>"
                    ),
                    self.play_panel.widget,
                ]
            ),
            "pl-explorer",
            "pl-app",
        )
        self.analysis = self._analysis_for(cards, self.trump_choice, position)  # bad defaults raise here
        self._show_new(self.analysis)

    # ------------------------------------------------------------- building

    def _toggle(self, card: Card, copy: int = 0) -> w.ToggleButton:
        rank = "JK" if card.is_joker else card.label
        button = classed(
            w.ToggleButton(
                value=False,
                description=rank,
                tooltip=card.label
                + (f" ({copy + 1} of {self.rules.deck.count(card)})" if card.is_joker else ""),
                layout=w.Layout(width="46px", height="36px", margin="1px", padding="0"),
            ),
            "pl-card-toggle",
            f"pl-card-{card.code}",
            "pl-red" if card.is_red else "pl-black",
        )
        button.observe(self._on_toggle, names="value")
        self.toggles.append((card, button))
        return button

    def _suit_row(self, suit: Suit) -> w.HBox:
        colour = drawing.RED if suit.is_red else drawing.BLACK
        label = classed(w.HTML(f'<span style="color:{colour}">{suit.symbol}</span>'), "pl-suit-label")
        return w.HBox([label, *(self._toggle(standard_card(rank, suit)) for rank in reversed(Rank))])

    # ------------------------------------------------------------- the state

    @property
    def chosen(self) -> list[Card]:
        """The cards picked in the picker now, in deck order (it may hold more or fewer than nine)."""
        return sorted(card for card, button in self.toggles if button.value)

    def _analysis_for(
        self, cards: str | Sequence[Card], trump: Suit | None, position: int
    ) -> whatif.Analysis:
        """The analysis of a question, from memory when it was asked before; raises on bad input."""
        q = whatif.question(cards, trump, position, self.rules)
        key = (q.cards, q.trump, q.position)
        found = self._memory.get(key)
        if found is None:
            self.status.value = html(
                "<i>Simulating {hands:,} hands for {cards}, {symbol} trump, {position} seat…</i>",
                hands=self.hands,
                cards=_hand_words(q.cards),
                symbol=q.trump.symbol,
                position=POSITIONS[q.position],
            )
            self.progress.bar.description = "simulating"
            self.progress.update(0, self.hands)
            found = whatif.analyze(
                q.cards,
                q.trump,
                q.position,
                hands=self.hands,
                seed=self.seed,
                rules=self.rules,
                ladder=self.ladder,
                progress=self.progress.update,
            )
            if len(self._memory) >= MEMORY:
                self._memory.pop(next(iter(self._memory)))
            self._memory[key] = found
        return found

    def ask(
        self, cards: str | Sequence[Card], trump: Suit | None, position: int, *, new_hand: bool = True
    ) -> bool:
        """Analyse a new question and show it beside the last one; on bad input show why and keep everything.

        ``new_hand=False`` (a new seat or trump for the same cards) leaves a
        half-made pick in the picker as it is. Returns whether the page now
        shows the new question.
        """
        try:
            new = self._analysis_for(cards, trump, position)
        except PitchError as exc:
            self._refuse(f"Nothing changed: {exc}.")
            return False
        self.trump_choice = trump
        if new.key != self.analysis.key:
            self.previous, self.analysis = self.analysis, new
        self._show_new(new, new_hand)
        return True

    # ------------------------------------------------------------- the inputs

    def toggle(self, card: Card | str, copy: int = 0) -> None:
        """Click ``card`` in the picker, as a learner would; ``copy`` picks which of the two joker buttons."""
        try:
            card = Card(card)
        except PitchError as exc:
            self._refuse(f"Nothing changed: {exc}.")
            return
        buttons = [b for c, b in self.toggles if c == card]
        if not 0 <= copy < len(buttons):
            self._refuse(f"There is no {card.code} button {copy + 1} in the picker.")
            return
        buttons[copy].value = not buttons[copy].value

    def _on_toggle(self, _change: Mapping[str, object]) -> None:
        if not self._quiet:
            self.picked()

    def picked(self) -> bool:
        """The picker changed: with nine cards, analyse them; otherwise say how many are missing."""
        self._show_count()
        if self._picker_hint():
            return False
        return self.ask(self.chosen, self.trump_choice, self.analysis.position)

    def _picker_hint(self) -> bool:
        """Say what the picker still needs when it does not hold a hand; whether it said anything."""
        n, need = len(self.chosen), self.rules.hand_size
        if n == need:
            return False
        if n < need:
            todo = f"pick {need - n} more card{'s' if need - n > 1 else ''}"
        else:
            todo = f"put {n - need} card{'s' if n - need > 1 else ''} back: a hand has {need}"
        shown = _hand_words(self.analysis.cards)
        self._say(f"{n} of {need} cards chosen: {todo}. The numbers below are still for {shown}.", "hint")
        return True

    def clear(self) -> None:
        """Put every card back, to pick a hand from scratch (the analysis stays until nine are picked)."""
        self._set_picker([])
        self.picked()

    def _on_codes(self, change: Mapping[str, object]) -> None:
        if not self._quiet:
            self.use_codes()

    def use_codes(self) -> bool:
        """Read the codes box with pitchlab's own parser and analyse the hand it names."""
        text = self.codes.value
        try:
            cards = parse_cards(text)
        except PitchError as exc:
            self._refuse(f"Nothing changed: {exc}.")
            return False
        return self.ask(cards, self.trump_choice, self.analysis.position)

    def paste(self, text: str) -> bool:
        """Type ``text`` into the codes box and use it, as a learner pasting and pressing the button."""
        self._quietly(lambda: setattr(self.codes, "value", text))
        return self.use_codes()

    def _on_upload(self, change: Mapping[str, object]) -> None:
        files = change["new"]
        if isinstance(files, Sequence) and files and isinstance(files[0], Mapping):
            first = files[0]
            self.load_record(bytes(first["content"]), str(first.get("name", "the file")))

    def load_record(self, data: bytes | str, name: str = "the record") -> bool:
        """Read a hand record (the file's bytes or text) and take the seat the seat box names.

        A file that is not UTF-8 text, not a record, or breaks a rule is
        refused with the reason :func:`pitchlab.loads` gives.
        """
        if isinstance(data, bytes):
            if len(data) > MAX_RECORD_BYTES:
                self._refuse(
                    f"Nothing changed: {name} is {len(data):,} bytes, far too big for a hand record."
                )
                return False
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                self._refuse(f"Nothing changed: {name} is not a text file, so not a hand record.")
                return False
        else:
            text = data
        try:
            hand = loads(text)
        except PitchError as exc:
            self._refuse(f"Nothing changed: {name} is not a hand record pitchlab can read: {exc}.")
            return False
        if hand.rules != self.rules:
            self._refuse(
                f"Nothing changed: {name} is a {hand.rules.name} hand; this page explores {self.rules.name}."
            )
            return False
        seat = self.record_seat.value if self.record_seat.value in range(hand.rules.players) else 0
        if not self._take_seat(hand, seat):
            return False
        self.record, self.record_name = hand, name
        self._quietly(lambda: self._offer_seats(hand, seat))
        self.play_panel.show(hand)
        return True

    def _on_record_seat(self, change: Mapping[str, object]) -> None:
        if not self._quiet and isinstance(change["new"], int):
            self.use_record_seat(change["new"])

    def use_record_seat(self, seat: int) -> bool:
        """Take another seat's dealt hand from the loaded record; its position comes from the record's dealer."""
        if self.record is None:
            self._refuse("Load a hand record first: then pick whose hand to take.")
            return False
        players = self.record.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            self._refuse(f"Nothing changed: the record has seats 0-{players - 1}, not {seat!r}.")
            return False
        if not self._take_seat(self.record, seat):
            return False
        self._quietly(lambda: setattr(self.record_seat, "value", seat))
        return True

    def _take_seat(self, hand: Hand, seat: int) -> bool:
        cards = hand.dealt_to(seat)
        return self.ask(cards, self.trump_choice, hand.position(seat))

    def _offer_seats(self, hand: Hand, seat: int) -> None:
        self.record_seat.options = [
            (f"seat {s}: {POSITIONS[hand.position(s)]}", s) for s in range(hand.rules.players)
        ]
        self.record_seat.value = seat
        self.record_seat.disabled = False
        self.record_note.value = html(
            "<div class='pl-note'>Loaded <b>{}</b>: seat {} dealt. Pick another seat to take its nine cards.</div>",
            self.record_name,
            hand.dealer,
        )

    def _on_position(self, change: Mapping[str, object]) -> None:
        if not self._quiet and isinstance(change["new"], int):
            self.set_position(change["new"])

    def set_position(self, position: int) -> bool:
        """Sit at another position in the bidding (0 first ... 3 dealer) with the same cards and trump."""
        return self.ask(self.analysis.cards, self.trump_choice, position, new_hand=False)

    def set_trump(self, suit: Suit | str | None) -> bool:
        """Name ``suit`` as trump, or ``None`` to follow the suit the bot would name."""
        try:
            choice = suit if suit is None or isinstance(suit, Suit) else Suit.parse(suit)
        except PitchError as exc:
            self._refuse(f"Nothing changed: {exc}.")
            return False
        return self.ask(self.analysis.cards, choice, self.analysis.position, new_hand=False)

    # ---------------------------------------------------------------- output

    def _quietly(self, move: Callable[[], object]) -> None:
        """Move the page's own controls without their observers asking a new question."""
        self._quiet = True
        try:
            move()
        finally:
            self._quiet = False

    def _set_picker(self, cards: Sequence[Card]) -> None:
        """Show ``cards`` as picked; buttons already right are left alone (a joker stays on the button clicked)."""
        if sorted(cards) != self.chosen:
            left = list(cards)

            def move() -> None:
                for card, button in self.toggles:
                    button.value = card in left
                    if button.value:
                        left.remove(card)

            self._quietly(move)
        for _card, button in self.toggles:
            if button.value:
                button.add_class("pl-chosen")
            else:
                button.remove_class("pl-chosen")
        self._show_count()

    def _refuse(self, text: str) -> None:
        self._say(text, "error")

    def _say(self, text: str, kind: str) -> None:
        self.message, self.message_kind = text, kind
        self.message_box.value = escape(text)
        for cls in ("pl-error", "pl-hint"):
            self.message_box.remove_class(cls)
        if text:
            self.message_box.add_class(f"pl-{kind}")
        self.message_box.layout.display = None if text else "none"

    def _show_count(self) -> None:
        n, need = len(self.chosen), self.rules.hand_size
        self.count.value = f"{n} of {need} chosen" + (" ✓" if n == need else "")
        if n == need:
            self.count.add_class("pl-done")
        else:
            self.count.remove_class("pl-done")

    def _show_new(self, analysis: whatif.Analysis, new_hand: bool = True) -> None:
        """Bring the controls in line with the analysis shown, clear the message (or repeat the picker's hint), redraw."""
        if new_hand:
            self._set_picker(analysis.cards)

        def move() -> None:
            self.codes.value = " ".join(c.code for c in sort_cards(analysis.cards))
            self.position.value = analysis.position

        self._quietly(move)
        if not self._picker_hint():
            self._say("", "error")
        self.refresh()

    def refresh(self) -> None:
        """Redraw every panel from :attr:`analysis` (and :attr:`previous` for the comparison)."""
        a = self.analysis
        self.progress.bar.description = "simulated"
        self.progress.update(a.hands, a.hands)
        for choice, button in self.trump_buttons.items():
            if choice == self.trump_choice:
                button.add_class("pl-selected")
            else:
                button.remove_class("pl-selected")
        self.trump_buttons[None].description = f"bot's pick: {a.bot_suit.symbol}"
        self.hand_picture.value = drawing.hand_svg(sort_cards(a.cards), 50, overlap=0.62)
        how = "the bot's pick" if self.trump_choice is None else "your pick"
        self.status.value = html(
            "{trump} trump ({how}) · <b>{position}</b> seat: {help}<br>"
            "<span class='pl-note'>Simulated parts: {hands:,} hands, seed {seed}: "
            "the same question always gives the same numbers.</span>",
            trump=suit_html(a.trump),
            how=how,
            position=POSITIONS[a.position],
            help=POSITION_HELP[a.position],
            hands=a.hands,
            seed=a.seed,
        )
        self.compare_box.value = self.compare_html()
        self.odds.value = self.odds_html()
        self.figure = others_trump_figure(a)
        show_figure(self.odds_plot, self.figure)
        self.points_where.value = self.points_where_html()
        self.ladder_box.value = self.ladder_html()
        self.chances_text.value = self.chances_html()
        self.chances_figure = plots.bid_chances_figure(a.chances)
        self.chances_figure.update_layout(title_font_size=14)
        show_figure(self.chances_plot, self.chances_figure)
        self.chances_table.value = html("<pre>{}</pre>", a.chances.table())

    def compare_html(self) -> Markup:
        """The comparison panel: what changed, then before / now / change for each key number."""
        if self.previous is None:
            return Markup(
                "<div class='pl-note'>Change one card, your seat or trump: the numbers before and after "
                "the change appear here side by side.</div>"
            )
        before, now = self.previous, self.analysis
        rows = []
        for row in whatif.compare(before, now):
            tone = (
                "" if row.delta is None or row.change == "same" else ("pl-up" if row.delta > 0 else "pl-down")
            )
            rows.append(
                html(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td class='{}'>{}</td></tr>",
                    row.label,
                    row.before,
                    row.now,
                    tone,
                    row.change,
                )
            )
        reach = max(max(now.made(b).error_bar()) for b in now.chances.bids()) * 100
        return html(
            "<div><b>Changed:</b> {changed}</div>"
            "<table class='pl-grid'><tr><th></th><th>before</th><th>now</th><th>change</th></tr>{rows}</table>"
            "<div class='pl-note'>Chances are simulated, each within about ±{reach:.1f}% (its 95% interval). "
            "Both runs use the same seed, so they replay largely the same deals of the cards you cannot "
            "see; a change of a point or two can still be luck.</div>",
            changed=whatif.what_changed(before, now),
            rows=join(rows),
            reach=reach,
        )

    def odds_html(self) -> str:
        a = self.analysis
        rules, suit = a.rules, a.trump
        mine = trump_in(a.cards, suit, rules)
        counts = " · ".join(f"{suit_html(s)} <b>{a.counts[s]}</b>" for s in Suit)
        best = " or ".join(s.symbol for s in a.best_suits)
        partner = a.others.partner
        size = rules.hand_size
        return (
            f"With {suit_html(suit)} named you hold <b>{a.held}</b> of the {len(rules.trump_cards(suit))} trump"
            + (f": {', '.join(card_html(c) for c in mine)}." if mine else ".")
            + f"<br>Trump you would hold in each suit: {counts}. Your best suit is <b>{best}</b> "
            f"with {a.best_count}; the bot would name {suit_html(a.bot_suit)}.<br>"
            f"Of the <b>{a.others.unseen}</b> cards you cannot see, <b>{a.others.trump}</b> are trump. "
            f"Your partner's {size} cards hold on average {_exact(mean(partner))} of them "
            f"({size} × {a.others.trump}/{a.others.unseen}); the two opponents together "
            f"{_exact(mean(a.others.opponents))}. Your partner holds none with chance "
            f"{percent(partner[0])}, three or more with chance "
            f"{percent(at_least(3, partner))}.<br>"
            f"Your team holds {_exact(a.expected_team_points)} points on average before the refill "
            f"(the {a.points_held} in your hand, and your partner's share of the rest)."
        )

    def points_where_html(self) -> str:
        a = self.analysis
        rules, suit = a.rules, a.trump
        opponents = sorted(a.where[0].opponents) if a.where else []
        head = html(
            "<tr><th>card</th><th>points</th><th>your partner</th>{}<th>the stock</th></tr>",
            join(html("<th>{} (opponent)</th>", seat_name(s)) for s in opponents),
        )
        rows = []
        for place in a.where:
            note = ""
            if place.unseen > 1:
                note = " <span class='pl-note'>(either copy)</span>"
            elif rules.deck.count(place.card) > 1:
                note = " <span class='pl-note'>(the other copy)</span>"
            cells = [
                percent(place.partner),
                *(percent(place.opponents[s]) for s in opponents),
                percent(place.stock),
            ]
            rows.append(
                f"<tr><td>{card_html(place.card)}{note}</td><td>{rules.points_of(place.card, suit)}</td>"
                + "".join(f"<td>{c}</td>" for c in cells)
                + "</tr>"
            )
        held = [c for c in sort_cards(a.cards) if rules.points_of(c, suit)]
        you = (
            "You hold " + ", ".join(f"{card_html(c)} ({rules.points_of(c, suit)})" for c in held) + "."
            if held
            else "You hold no point card of this trump."
        )
        if not rows:
            return f"<div class='pl-panel'>{you} Every point card is in your hand.</div>"
        unseen = a.others.unseen
        return (
            f"<div class='pl-panel'>{you} Each card you do not hold is equally likely to be any of the "
            f"{unseen} you cannot see: {rules.hand_size} with each other player, {stock_size(rules)} in the stock. "
            "So a single card is with your partner with chance "
            f"{rules.hand_size}/{unseen} = {percent(Fraction(rules.hand_size, unseen))}, "
            "before anyone draws."
            + (
                " With both jokers out, each place has two chances to hold one."
                if any(place.unseen > 1 for place in a.where)
                else ""
            )
            + "</div>"
            f"<table class='pl-grid'>{head}{''.join(rows)}</table>"
        )

    def ladder_html(self) -> str:
        a = self.analysis
        advice = a.ladder
        spot, strength = advice.cell
        lines: list[str] = [
            html(
                "The ladder files your hand under <b>{}</b> (its best suit, {}), in the <b>{}</b> spot.",
                str(strength),
                suit_html(advice.suit),
                str(spot),
            )
        ]
        if advice.forced:
            lines.append(
                html(
                    "You are the dealer and nobody has bid, so the rules allow only one answer: <b>{}</b>.",
                    advice.words,
                )
            )
        elif advice.answer is None:
            lines.append("The ladder has too few simulated auctions for this cell to trust an answer.")
        else:
            gain = (
                ""
                if advice.gain is None or advice.answer == 0
                else f", {advice.gain:+.2f} points a hand better than passing"
            )
            lines.append(html("Its answer: <b>{}</b>{}.", advice.words, gain))
        if advice.suit != a.trump:
            lines.append(
                f"<span class='pl-note'>The ladder rates your best suit, {advice.suit.symbol}, whatever trump "
                "you pick above.</span>"
            )
        table = ""
        if advice.values:
            z = z_of(0.95)
            rows = []
            for answer, e in advice.values.items():
                cls = (
                    "pl-pick" if answer == advice.answer else ("" if answer in advice.trusted else "pl-thin")
                )
                name = "pass" if answer == 0 else f"bid {answer}"
                note = "" if answer in advice.trusted else " (too few hands)"
                rows.append(
                    f"<tr class='{cls}'><td>{name}{note}</td><td>{e.value:+.2f}</td><td>± {z * e.se:.2f}</td>"
                    f"<td>{e.n:,}</td></tr>"
                )
            table = (
                "<table class='pl-grid'><tr><th>answer</th><th>net points a hand</th><th>95% interval</th>"
                f"<th>hands</th></tr>{''.join(rows)}</table>"
            )
        foot = (
            f"<div class='pl-note'>Net points: your team's score change minus the other team's, averaged over "
            f"the hands of this kind in {advice.deals:,} simulated auctions, trying every answer on each.</div>"
        )
        return "<br>".join(lines) + table + foot

    def chances_html(self) -> str:
        a = self.analysis
        result = a.chances
        taken = a.expected_taken
        top = result.top_bid()
        return (
            f"You as bidder naming {suit_html(a.trump)} from the {POSITIONS[a.position]} seat, the other "
            f"{a.others.unseen} cards dealt at random {a.hands:,} times and played out by the bots: "
            f"your team takes <b>{taken.value:.2f}</b> of the {a.rules.total_points} points on average "
            f"(95% interval ± {z_of(0.95) * taken.se:.2f}). "
            + (
                "No bid gains on average with this hand."
                if top is None
                else f"The highest bid that still gains on average is <b>{top}</b>."
            )
        )


def _exact(value: Fraction) -> str:
    """An exact number as a reader takes it in: ``6``, or ``2.2`` to two places."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _hand_words(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in sort_cards(cards))


__all__ = ["DEFAULT_HAND", "Explorer", "others_trump_figure", "style"]
