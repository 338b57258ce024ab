"""The learner's table: a hand against three bots, one step at a time (ipywidgets).

Views render from the engine state; callbacks only call the engine (through a
:class:`~pitchlab.ui.session.Table`) and then refresh. A refused click shows a
message in the page and changes nothing.

The app is driven by ``legal_actions()``, never by a ruleset's name, so a
new ruleset with new kinds of action plays without changes here: bids and
passes get the bid bar (a moon bid reads "Moon"), a suit to name the suit
chooser, cards to play or bury are clicked in the hand, a discard is chosen
by toggling cards and confirming, and any other action gets a plain button
labelled ``str(action)``.

Every control carries stable CSS classes so a browser test can drive the app
without knowing its layout: ``pl-card pl-card-<CODE>`` (``pl-legal`` when it
may be played now, ``pl-selected`` when picked for a discard),
``pl-bid pl-bid-pass`` / ``pl-bid-4`` ... ``pl-bid-10`` (and ``pl-bid-moon``),
``pl-suit-S/H/D/C``, ``pl-discard`` with its button ``pl-discard-confirm``
(``pl-legal-choice`` when the cards picked may be discarded),
``pl-action pl-action-<words>`` for any other action, ``pl-ruleset`` (the
ruleset menu) and ``pl-ruleset-description``, ``pl-next``, ``pl-new-hand``,
``pl-new-game``, ``pl-status``, ``pl-score``, ``pl-points-table``,
``pl-message``, ``pl-steps`` (the row of Next, To my turn, Take back, New hand and, after a hand
with mistakes worth going back to, ``pl-retry-mistakes``, which opens :mod:`pitchlab.ui.mistakes`), ``pl-why``, ``pl-known`` (What you know), ``pl-log``, and ``pl-hand-over`` /
``pl-game-over`` once the hand or the game is finished. The hand is ``pl-hand``;
``pl-announce`` is the hidden line a screen reader hears after each step, and
``pl-keys`` / ``pl-keys-on`` the list of keys and the box that turns them off
(:mod:`pitchlab.ui.keys`). ``pl-record-box`` is the box a hand record or saved game is
pasted into (:mod:`pitchlab.ui.capped`).

Every card button's tooltip names it in words with its state (:func:`card_words`),
which the page makes its accessible name; playable, dead and picked cards are told
apart by marks and borders as well as colour (▲ under a playable card, a dashed
border and a diagonal stroke on a dead one, ✕ on one picked to discard).

The board (:mod:`pitchlab.ui.board`) puts the status, the table, the hand and the decision's
controls in the first screen, with Hint and Why? beside them (a drawer over the table on a phone);
the rest follows below. ``pl-run`` (To my turn: the bots play on at a readable pace; pressed again,
at once), ``pl-take-back`` (undo the learner's last decision in this hand, shown while one may),
``pl-save`` (Save hand: one press downloads the record, :mod:`pitchlab.ui.download`),
``pl-settings`` (Rules and settings), ``pl-about`` (the page's introduction) and ``pl-howto`` fold
away for a browser that has been here before. The end of a hand is told in words
(:mod:`pitchlab.ui.endings`).

A first-timer's pieces (:mod:`pitchlab.ui.guide`, :mod:`pitchlab.ui.pace`): ``pl-howto`` (the How to
play box), ``pl-pace`` (the bots' pace: step with Next, slow, fast),
``pl-trick`` and ``pl-last-trick`` (who played what), ``pl-score-bars`` with
one ``pl-score-bar`` per side.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Sequence
from urllib.parse import parse_qs

import ipywidgets as w

from pitchlab.engine.actions import Action, Bid, Bury, Discard, NameTrump, Pass, Play
from pitchlab.engine.cards import Card, Suit, spoken
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.limits import MAX_RECORD_CHARS, MAX_SAVE_CHARS
from pitchlab.engine.presets import ruleset, ruleset_names
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import sort_cards
from pitchlab.practice import mistakes
from pitchlab.practice.mistakes import Mistake
from pitchlab.practice.problems import Problem
from pitchlab.ui import drawing, guide, page_request, rule_words
from pitchlab.ui.board import BOARD_CSS, Drawer, board
from pitchlab.ui.capped import CappedTextarea
from pitchlab.ui.download import DownloadButton
from pitchlab.ui.endings import ending_html
from pitchlab.ui.keys import keys_line
from pitchlab.ui.known import known_html
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.pace import PACES, PaceTimer, reading_ms
from pitchlab.ui.session import BIDDING_STYLES, Table, plural, result_of
from pitchlab.ui.storage import Autosave
from pitchlab.ui.table_picture import MAX_QUERY, table_pictures
from pitchlab.ui.widgets import (
    ActionBar,
    BidBar,
    HandView,
    SuitChooser,
    View,
    classed,
    readable,
    same_cards,
    style,
)

ABOUT_HTML = """<div class="pl-about-text" style="line-height:1.45">
<p>You sit at the bottom; the other seats are bots. Press <b>Next</b> to watch each bot act, or set
<b>Bots</b> to <i>Slow</i> or <i>Fast</i> and they play on by themselves until it is your turn;
<b>To my turn</b> plays them on once, at a pace you can read. Click your own cards, bids and suits when
it is your turn. <b>Hint</b> says what a bot would do in your seat and why; <b>Why?</b> says what the
last bot was thinking. Changed your mind? <b>Take back</b> undoes your last move of the hand.
New to Pitch? <b>How to play</b>, above, says it in a few lines and links the tutorial.</p>
<p>Pitch comes in many versions. Choose one under <b>Rules and settings</b> and press <b>Play these
rules</b> for a new game under it: ten-point Pitch (the default: four players in two partnerships, only
trump is played, first team to 52 on a hand it bid), Auction Pitch and its relatives where suit must be
followed, games for two, three or five players, and more. The line under the menu describes the version
you chose (before you start it, too), <b>What scores</b> lists its points, and the trump ladder is drawn
for it once trump is known. How the bots bid is chosen there too.</p>
<p>After your first visit this box, How to play and the rules stay folded: the table comes first.</p>
</div>"""
"""The page's introduction (it was the notebook's text above the table): open on a first visit only."""


class TableApp(View):
    """A whole game for one learner: the table, their hand, controls, the why-panel and the log.

    Pass a :class:`Table` to share one with other views, or let the app make
    one (``rules``: a :class:`Ruleset` or a registered name). The ruleset menu
    at the top starts a new game under the chosen ruleset (``choose_rules=False``
    hides it). The widget tree is :attr:`widget`; the app displays as that widget.
    """

    def __init__(
        self,
        table: Table | None = None,
        *,
        seed: int | None = None,
        rules: Ruleset | str | None = None,
        four_colour: bool = False,
        show_ladder: bool = True,
        show_odds: bool = True,
        choose_rules: bool = True,
        autosave: str | None = None,
    ) -> None:
        """``autosave``: a key (one per notebook) under which the game is kept in the
        student's browser after every step and offered back when the page opens again."""
        chosen = ruleset(rules) if isinstance(rules, str) else rules
        if table is None:
            table = Table(seed=seed) if chosen is None else Table(rules=chosen, seed=seed)
        elif chosen is not None and chosen != table.rules:
            table.set_rules(chosen, seed)
        self.table = table
        self.four_colour = four_colour
        self.selected: set[int] = set()
        """Positions in the shown hand picked for a discard."""
        self._cards: list[Card] = []
        self._rules_by_name = {name: ruleset(name) for name in ruleset_names()}
        if self._rules_by_name.get(table.rules.name) != table.rules:  # a house rule: offer it too
            self._rules_by_name[table.rules.name] = table.rules
        self.rules_menu = classed(
            w.Dropdown(
                options=list(self._rules_by_name),
                value=table.rules.name,
                description="Ruleset",
                layout=w.Layout(width="300px"),
            ),
            "pl-ruleset",
        )
        self.rules_menu.observe(self._on_rules, names="value")
        # choosing in the menu only shows the rules; this button starts the game, so arrowing
        # through the menu by keyboard never throws a game away (WCAG 2.1 3.2.2, on input)
        self.rules_start = classed(
            w.Button(description="Play these rules", button_style="primary", layout=w.Layout(width="auto")),
            "pl-ruleset-start",
        )
        self.rules_start.on_click(lambda _b: self.set_ruleset(str(self.rules_menu.value)))
        self.rules_text = classed(w.HTML(), "pl-ruleset-description")
        # how the bots bid takes effect at their next bid: the game goes on, so it acts at once
        self.bidding_menu = classed(
            w.Dropdown(
                options=[(name, style) for style, (name, _) in BIDDING_STYLES.items()],
                value=table.bidding,
                description="Bots bid",
                layout=w.Layout(width="340px"),
            ),
            "pl-bidding",
        )
        self.bidding_menu.observe(self._on_bidding, names="value")
        self.bidding_text = classed(w.HTML(), "pl-bidding-text")
        self.status = classed(w.HTML(), "pl-status")
        self.message = classed(w.HTML(), "pl-message")
        self.announce = classed(w.HTML(), "pl-announce")
        self._heard: object = None
        """The newest history line already announced."""
        self.picture = w.HTML()
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.points = classed(w.HTML(), "pl-points")
        self.odds = classed(w.HTML(), "pl-known")  # the "What you know" panel
        self.hand_view = HandView(four_colour=four_colour, on_index=self._pick_at)
        self.hand_title = w.HTML("<h3>Your hand</h3>")
        self.bids = BidBar(self._act)
        self.suits = SuitChooser(lambda suit: self._act(NameTrump(suit)))
        self.discard_note = w.HTML()
        self.discard_button = classed(
            w.Button(description="Discard", button_style="primary", layout=w.Layout(width="auto")),
            "pl-discard-confirm",
        )
        self.discard_button.on_click(lambda _b: self._discard())
        self.discard_bar = classed(
            w.HBox([self.discard_button, self.discard_note], layout=w.Layout(align_items="center")),
            "pl-discard",
        )
        self.actions = ActionBar(self._act)
        self.next = classed(w.Button(description="Next ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self._advance())
        self.to_me = classed(
            w.Button(description="To my turn »", tooltip="The bots play on, at a pace you can read"), "pl-run"
        )
        self.to_me.on_click(lambda _b: self._run())
        self._running = False
        """Whether the bots play on to the learner's turn (To my turn pressed) at a readable pace."""
        self.take_back = classed(
            w.Button(description="Take back ↶", tooltip="Undo your last move in this hand"), "pl-take-back"
        )
        self.take_back.on_click(lambda _b: self._take_back())
        self.new_hand = classed(w.Button(description="New hand"), "pl-new-hand")
        self.new_hand.on_click(lambda _b: self._new_hand())
        self.retry_button = classed(
            w.Button(
                description="Retry my mistakes",
                tooltip="Go back to your decisions in this hand that cost half a point or more",
                layout=w.Layout(width="auto"),
            ),
            "pl-retry-mistakes",
        )
        self.retry_button.on_click(lambda _b: self.retry_mistakes())
        self.new_game = classed(w.Button(description="New game"), "pl-new-game")
        self.new_game.on_click(lambda _b: self._new_game())
        self._build_first_timer()
        self.why = classed(w.HTML(), "pl-why")
        self.score = classed(w.HTML(), "pl-score")
        self.log = classed(w.HTML(), "pl-log")
        self.over = w.HTML()
        self.record_box = classed(
            CappedTextarea(
                placeholder="Paste a hand record (JSON) here, then press Load.",
                label="A hand record or a saved game",
                what="A hand record or saved game",
                cap=max(MAX_RECORD_CHARS, MAX_SAVE_CHARS),
                layout=w.Layout(width="100%"),
            ),
            "pl-record-box",
        )
        """The paste box, refused in the browser over its cap (a larger paste would close the
        page's socket): its cap is the larger of the two loaders'; each checks its own."""
        self.save = classed(
            DownloadButton(
                description="Save hand",
                filename="pitchlab-hand.json",
                tooltip="Download this hand's record (once the hand is over)",
            ),
            "pl-save",
        )
        self.save.on_click(self._save)
        self.load = classed(w.Button(description="Load"), "pl-load")
        self.load.on_click(lambda _b: self._load())
        self.download = w.HTML()
        self.save_game = classed(w.Button(description="Save game"), "pl-save-game")
        self.save_game.on_click(lambda _b: self._save_game())
        self.load_game = classed(w.Button(description="Load game"), "pl-load-game")
        self.load_game.on_click(lambda _b: self._load_game())
        self.autosave = (
            Autosave(autosave, table.saved_game, self._resume, table.saved_summary) if autosave else None
        )
        self.colours = classed(
            w.Checkbox(value=four_colour, description="Four-colour deck (♦ blue, ♣ green)", indent=False),
            "pl-four-colour",
        )
        self.colours.observe(self._set_colours, names="value")
        from pitchlab.ui.coach import Coach  # the coach's views build on this module's

        self.coach = Coach(self.table)
        self.coach.hint_button.description = "Hint"  # its tooltip says what it gives
        self.drawer = Drawer(self.coach.hint_button, self.coach.hint_text, self.why)
        for tab in (self.coach.hint_button, self.drawer.why_tab, self.drawer.close):
            tab.on_click(lambda _b: self._refresh_first_timer())  # an open drawer pauses the bots
        self.board = board(
            self.status,
            w.VBox([self.picture]),
            self.drawer.widget,
            w.VBox([self.hand_title, self.hand_view]),
            self.over,
            w.VBox(
                [
                    self.message,  # under the cards: a refused click is answered where the eye is
                    self.bids,
                    self.suits,
                    self.discard_bar,
                    self.actions,
                    classed(
                        w.HBox([self.next, self.to_me, self.take_back, self.new_hand, self.retry_button]),
                        "pl-steps",
                    ),
                    self.announce,
                ]
            ),
            w.VBox([self.trick_text, self.last_trick_text]),
        )
        self.points_box = w.Accordion([self.points], titles=("What scores",), selected_index=None)
        left = w.VBox(
            [
                w.HBox([self.pace, self.new_game], layout=w.Layout(align_items="flex-end")),
                self.colours,
                keys_line(),
            ],
            layout=w.Layout(width="620px", max_width="100%"),
        )
        right = w.VBox(
            [
                w.HTML("<h3>Score</h3>"),
                self.score_bars,
                self.score,
                self.points_box,
                w.HTML("<h3>What you know</h3>"),
                self.odds,
                w.HTML("<h3>History</h3>"),
                self.log,
            ],
            layout=w.Layout(width="440px", max_width="100%"),
        )
        records = w.Accordion(
            [
                w.VBox(
                    [
                        w.HBox([self.save, self.load, self.save_game, self.load_game]),
                        self.download,
                        self.record_box,
                    ]
                )
            ],
            titles=("Save or load this hand, or the whole game",),
            selected_index=None,
        )
        settings = w.VBox(
            [
                w.HBox([self.rules_menu, self.rules_start], layout=w.Layout(flex_flow="row wrap")),
                self.rules_text,
                w.HBox([self.bidding_menu]),
                self.bidding_text,
            ]
        )
        self.settings = classed(
            w.Accordion([settings], titles=("Rules and settings",), selected_index=0), "pl-settings"
        )
        self.settings.layout.display = None if choose_rules else "none"
        self.about = classed(
            w.Accordion([w.HTML(ABOUT_HTML)], titles=("About this page",), selected_index=0), "pl-about"
        )
        from pitchlab.ui.mistakes import RetryRun  # builds on this module's table picture

        self.retries = RetryRun(self._leave_retries)
        self._retry_run: list[tuple[Mistake, Problem]] = []
        self._retries_of: Hand | None = None
        # the table first; below it the rest, side by side where there is room
        columns = classed(w.HBox([left, right], layout=w.Layout(flex_flow="row wrap")), "pl-columns")
        parts = [
            style(BOARD_CSS, saved=self.autosave is not None),
            self.pace_timer,
            self.retries.widget,
            self.board,
            columns,
            self.coach.analysis,
            self.howto,
            self.settings,
            self.about,
        ]
        if self.autosave is not None:
            parts.insert(1, self.autosave.widget)
            self.autosave.store.observe(lambda _change: self._fold_if_back(), "ready")
        if show_ladder:
            parts.insert(parts.index(columns) + 1, self.ladder)
        parts.append(records)
        self.show_odds = show_odds
        self.widget = classed(w.VBox(parts), "pl-app")
        self.refresh()

    def follow_address(self) -> None:
        """Follow the address of the page showing this app (see ``apply_query``).

        In a kernel that Voilà started ahead of its page (a preheated pool), first wait
        for the page that takes it: the app is built before anyone asks, so the page
        opens at once, and only its address is read late."""
        if not page_request.wait_for_request():
            self.table.message = "The page's address could not be read: this is a fresh game."
        self.apply_query(os.environ.get("QUERY_STRING", ""))

    def apply_query(self, query: str) -> None:
        """Follow the page's address: ``?seed=7`` deals a chosen game (a whole class can play
        the same deals), ``?ruleset=auction-pitch`` picks the rules, ``?bidding=game`` how the
        bots bid (see :data:`~pitchlab.ui.session.BIDDING_STYLES`). Anything else, or a value
        that does not parse, is ignored and said so on the page."""
        notes = []
        if len(query or "") > MAX_QUERY:
            notes.append(f"an address longer than {MAX_QUERY:,} characters is not read")
            query = ""
        wanted = parse_qs(query or "")
        seed_text = (wanted.get("seed") or [""])[0]
        name = (wanted.get("ruleset") or [""])[0]
        style = (wanted.get("bidding") or [""])[0]
        if style in BIDDING_STYLES:
            self.table.set_bidding(style)
        elif style:
            choices = " or ".join(f"{key} ({name})" for key, (name, _) in BIDDING_STYLES.items())
            notes.append(f"bidding may be {choices}, not {style[:20]!r}")
        seed = int(seed_text) if re.fullmatch(r"[0-9]{1,9}", seed_text) else None
        if seed_text and seed is None:
            notes.append(f"the seed {seed_text[:20]!r} is not a whole number below a billion")
        if name and name not in self._rules_by_name:
            notes.append(f"there is no ruleset called {name[:30]!r}")
            name = ""
        if name or seed is not None:
            rules = self._rules_by_name[name] if name else self.table.rules
            self.table.set_rules(rules, seed)
            self.rules_menu.unobserve(self._on_rules, names="value")
            self.rules_menu.value = rules.name
            self.rules_menu.observe(self._on_rules, names="value")
            self.selected.clear()
            self.coach.reset()
        if notes:
            self.table.message = "Ignored from the address: " + "; ".join(notes) + "."
        self.refresh()

    # -------------------------------------------------------------- callbacks

    def set_ruleset(self, name: str) -> None:
        """Start a new game under the named ruleset (what choosing it in the menu and pressing
        Play these rules does)."""
        if self.rules_menu.value != name:
            self.rules_menu.value = name  # observed: shows the rules chosen
        rules = self._rules_by_name[name]
        if rules != self.table.rules:
            self.table.set_rules(rules)
            self.selected.clear()
            self.coach.reset()
        self.refresh()

    def set_bidding(self, style: str) -> None:
        """Let the bots bid in another style from their next bid on (what the menu does)."""
        self.table.set_bidding(style)
        self.refresh()

    def _on_bidding(self, change: dict[str, object]) -> None:
        self.set_bidding(str(change["new"]))

    def _show_bidding(self) -> None:
        name, meaning = BIDDING_STYLES[self.table.bidding]
        if self.bidding_menu.value != self.table.bidding:
            self.bidding_menu.unobserve(self._on_bidding, names="value")
            self.bidding_menu.value = self.table.bidding
            self.bidding_menu.observe(self._on_bidding, names="value")
        self.bidding_text.value = html("<div>The bots bid <b>{}</b>: {}</div>", name, meaning)

    def _on_rules(self, change: dict[str, object]) -> None:
        """A choice in the menu is shown, not played: the learner may be reading the options."""
        self._show_rules()

    def _show_rules(self) -> None:
        chosen = self._rules_by_name[str(self.rules_menu.value)]
        pending = chosen != self.table.rules
        self.rules_start.disabled = not pending
        self.rules_start.layout.display = None if pending else "none"
        self.rules_text.value = (
            html(
                "<div><b>Not started yet:</b> press <i>Play these rules</i> for a new game under them "
                "(this game, {}, ends).</div>",
                self.table.rules.name,
            )
            if pending
            else Markup()
        ) + self._rules_html(chosen)

    def _act(self, action: Action) -> None:
        if self.table.act(action):
            self.selected.clear()
        self.refresh()

    def _pick_at(self, index: int, card: Card | None = None) -> None:
        if card is None:
            card = self._cards[index]
        legal = self.table.legal()
        if any(isinstance(a, Discard) for a in legal):
            self.selected ^= {index}
            self.table.message = ""
            self.refresh()
            return
        for action in legal:
            if isinstance(action, (Play, Bury)) and action.card == card:
                self._act(action)
                return
        phase = self.table.hand.phase
        if self.table.human_to_act and phase is Phase.BURY:
            self._act(Bury(card))  # refused: the engine says why
        elif self.table.human_to_act and phase is Phase.PLAY:
            self._act(Play(card))
        elif not self.table.human_to_act:
            self.table.message = self.table.not_your_turn()
            self.refresh()
        else:
            self.table.message = f"Cards are played later: now it is time to {self.table.prompt()}."
            self.refresh()

    def discard_choice(self) -> tuple[Card, ...]:
        """The cards picked for a discard, in the order shown."""
        return tuple(self._cards[i] for i in sorted(self.selected) if i < len(self._cards))

    def _discard(self) -> None:
        cards = self.discard_choice()
        match = next(
            (a for a in self.table.legal() if isinstance(a, Discard) and same_cards(a.cards, cards)), None
        )
        self._act(match if match is not None else Discard(cards))  # an illegal choice is refused

    def _advance(self) -> None:
        self.table.advance()
        self.refresh()

    def _run(self) -> None:
        """To my turn: the bots play on to the learner's turn at a pace that leaves time to read
        each move (:func:`~pitchlab.ui.pace.reading_ms`); pressed again, they finish at once."""
        if self._running:
            self.table.run_bots()
        elif self.table.bot_to_act:
            self._running = self.table.auto = True
        self.refresh()

    def _stop_running(self) -> None:
        """The learner's turn (or the hand's end) has come: the pace is the chosen one again."""
        self._running = False
        self.table.auto = self.pace.value != "step"

    def _take_back(self) -> None:
        if self.table.take_back():
            self.selected.clear()
            self._stop_running()
        self.refresh()

    def _new_hand(self) -> None:
        if self.table.game.winner is not None:
            self.table.new_game()
        else:
            self.table.new_hand()
        self.selected.clear()
        self.refresh()

    def _new_game(self) -> None:
        self.table.new_game()
        self.selected.clear()
        self.refresh()

    def _set_colours(self, change: dict[str, object]) -> None:
        """Colour-blind readers can tell four suit colours apart more easily than two."""
        self.four_colour = self.hand_view.four_colour = bool(change["new"])
        self.refresh()

    def _save(self) -> None:
        """After a press of Save hand: the page has already downloaded the record (its text was
        sent ahead, see :class:`~pitchlab.ui.download.DownloadButton`); say so, or why not."""
        if self.table.saved_hand() is not None:
            self.table.message = ""
            self.download.value = (
                f"Saved: this hand is in your downloads as <b>{self.save.filename}</b>. "
                "To see it again, paste it in the box below and press Load."
            )
        self.refresh()

    def _offer(self, text: str, filename: str) -> None:
        """Put a saved hand or game in the box, and a link that downloads it, made in the page
        (a data: URL), so nothing is written on the server."""
        self.record_box.value = text
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (
            f'<a download="{filename}" href="data:application/json;base64,{data}">Download {filename}</a>'
        )
        self.table.message = ""
        self.refresh()

    def _load(self) -> None:
        if self.table.load(self.record_box.value):
            self.selected.clear()  # discard picks belong to the hand that was replaced
            self.coach.reset()
        self.refresh()

    def _save_game(self) -> None:
        self._offer(self.table.saved_game(), "pitchlab-save.json")

    def _load_game(self) -> None:
        try:
            self._resume(self.record_box.value)
        except PitchError as exc:
            self.table.message = f"Could not load that game: {exc}"
            self.refresh()

    def _resume(self, text: str) -> None:
        """Go on with a saved game (from the browser or pasted); refused saves raise."""
        self.table.restore_game(text)
        if self.rules_menu.value != self.table.rules.name:
            self.rules_menu.unobserve(self._on_rules, names="value")
            self._rules_by_name.setdefault(self.table.rules.name, self.table.rules)
            self.rules_menu.options = list(self._rules_by_name)
            self.rules_menu.value = self.table.rules.name
            self.rules_menu.observe(self._on_rules, names="value")
        self.selected.clear()
        self.coach.reset()
        self.refresh()

    # ------------------------------------------------------- a first visit

    def _build_first_timer(self) -> None:
        """The pieces a first-timer leans on: how to play, the bots' pace, the trick in
        words, the last trick, and a bar per side toward the target."""
        self.howto_text = w.HTML()
        self.howto = classed(
            w.Accordion([self.howto_text], titles=("How to play",), selected_index=0), "pl-howto"
        )
        self._howto_closed = False
        self.pace = classed(
            w.ToggleButtons(
                options=[("Step with Next", "step"), ("Slow", "slow"), ("Fast", "fast")],
                value="step",
                description="Bots:",
                tooltips=[
                    "Each bot moves when you press Next",
                    "The bots play on by themselves until your turn, each move left long enough to read",
                    "The bots play on by themselves, a move every 0.4 seconds, until your turn",
                ],
                style={"button_width": "auto"},
            ),
            "pl-pace",
        )
        self.pace.observe(self._on_pace, names="value")
        self.pace_timer = PaceTimer(self._pace_tick)
        self.trick_text = classed(w.HTML(), "pl-trick")
        self.last_trick_text = classed(w.HTML(), "pl-last-trick")
        self.score_bars = classed(w.HTML(), "pl-score-bars")

    def _show_tricks(self) -> None:
        self.trick_text.value = readable(guide.trick_line(self.table))
        last = guide.last_trick_line(self.table)
        self.last_trick_text.value = readable(last)
        self.last_trick_text.layout.display = None if last else "none"

    def _refresh_first_timer(self) -> None:
        """Last in :meth:`refresh`: the timer re-arms once the page shows the new state."""
        table = self.table
        self.howto_text.value = guide.howto_html(table.rules)
        if not self._howto_closed and guide.learner_has_played(table):
            self._howto_closed = True  # once: a learner who opens it again keeps it open
            self.howto.selected_index = None
        pace = "slow" if self._running and self.pace.value == "step" else str(self.pace.value)
        delay = reading_ms(table.last_why) if pace == "slow" else PACES[pace]
        reading = self.drawer.shown is not None  # the phone's drawer is open: the learner is reading
        self.pace_timer.arm(delay, table.bot_to_act and table.auto and not reading)

    def _fold_if_back(self) -> None:
        """A browser that kept a game has been here before: the introduction, How to play and the
        rules fold away, and the table is all the first screen shows."""
        if self.autosave is None or not self.autosave.store.stored:
            return
        self._howto_closed = True
        for fold in (self.about, self.howto, self.settings):
            fold.selected_index = None

    def _on_pace(self, change: dict[str, object]) -> None:
        self.table.auto = self._running or change["new"] != "step"
        self.refresh()

    def _pace_tick(self) -> None:
        """The page's timer ran out: one bot moves (the timer re-arms in :meth:`refresh`)."""
        if self.table.auto and self.table.bot_to_act:
            self._advance()

    # ---------------------------------------------------------------- render

    def refresh(self) -> None:
        """Redraw every view from the table's state."""
        if self.autosave is not None:
            self.autosave.save()  # after every step, first: a reload or a culled kernel loses nothing
        table, hand = self.table, self.table.hand
        rules = hand.rules
        human = table.human if table.human is not None else 0
        self._show_rules()
        self._show_bidding()
        self.status.value = readable(table.status())
        self.message.value = readable(table.message)
        self.next.disabled = not table.bot_to_act  # first, with the status: the page's next step
        if not table.bot_to_act:
            self._stop_running()
        self.to_me.disabled = not table.bot_to_act
        self.save.text = table.record() if table.hand_saveable else ""  # early: the review is slow
        self.to_me.description = "Skip to my turn »" if self._running else "To my turn »"
        self.take_back.layout.display = None if table.can_take_back else "none"
        self.new_hand.layout.display = None if hand.is_over else "none"
        for button in (self.next, self.to_me):  # once the hand is over, New hand is the one way on
            button.layout.display = "none" if hand.is_over else None
        self.picture.value = self._table_svg(hand, human)
        self._show_tricks()  # with the picture, so the words and the drawing change together
        legal = table.legal()
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            self.selected.clear()
        self._cards = sort_cards(hand.hand_of(human), rules, hand.trump)
        if discards:
            legal_cards = list(dict.fromkeys(c for a in discards for c in a.cards))
        else:
            legal_cards = [a.card for a in legal if isinstance(a, (Play, Bury))]
        trumps, verb = self._card_states(discards)
        self.hand_view.show(
            self._cards, legal_cards, hand.dead(human), self.selected, trumps=trumps, verb=verb
        )
        self.announce.value = self.announcement()
        self.hand_title.value = f"<h3>Your hand ({plural(len(self._cards), 'card')})</h3>"
        bids = [a for a in legal if isinstance(a, (Bid, Pass))]
        self.bids.show(bids, getattr(rules, "moon_bid", None))
        self.bids.layout.display = None if bids else "none"
        suits = [a.suit for a in legal if isinstance(a, NameTrump)]
        self.suits.show(suits)
        self.suits.layout.display = None if suits else "none"
        self._show_discard(discards)
        others = [a for a in legal if not isinstance(a, (Bid, Pass, NameTrump, Play, Bury, Discard))]
        self.actions.show(others)
        self.actions.layout.display = None if others else "none"
        self.why.value = why_html(table)
        self.score.value = self._score_html()
        self.score_bars.value = guide.score_bars_html(table)  # with the table: the coach may be slow
        self.points.value = drawing.points_table(
            Suit.HEARTS if hand.trump is None else hand.trump, rules, card_width=32
        )
        self.log.value = log_html(table)
        self._show_over()
        if hand.trump is not None:
            played = [c for t in hand.tricks for c in t.cards] + list(hand.current_trick.cards)
            self.ladder.value = drawing.ladder_html(
                hand.trump, rules, played=played, four_colour=self.four_colour
            )
        elif rules.trump_choice == "first-lead":
            self.ladder.value = (
                "<i>No one names trump here: the suit of the bidder's first card led is trump. "
                "The trump ladder appears then.</i>"
            )
        else:
            self.ladder.value = "<i>The trump ladder appears once trump is named.</i>"
        self.odds.value = self._odds_html() if self.show_odds else ""
        self.coach.refresh()
        if self.drawer.shown == "hint" and not self.coach.hint_text.value:
            self.drawer.show(None)  # the hint was for a position that has moved on
        self._refresh_first_timer()
        self._offer_retries()

    def _offer_retries(self) -> None:
        """Once a hand is over and reviewed: the button that opens the run of retries, with how
        many there are (none: no button)."""
        hand = self.table.hand
        if hand.is_over and self._retries_of is not hand:
            self._retries_of = hand
            self._retry_run = []
            if self.coach.reviews or self.coach.choices:
                try:
                    self._retry_run = mistakes.retries(
                        hand, self.coach.human, self.coach.reviews, self.coach.choices
                    )
                except PitchError:
                    self._retry_run = []
        shown = hand.is_over and bool(self._retry_run)
        self.retry_button.description = f"Retry my mistakes ({len(self._retry_run)})"
        self.retry_button.layout.display = None if shown else "none"

    def retry_mistakes(self) -> None:
        """Open the run of retries in place of the game (which waits, as it was, behind it)."""
        if not self.table.hand.is_over or not self._retry_run:
            return
        # the class hides the rest of the app by CSS (the finished hand's cards and its review would
        # give the answers away), whatever a redraw does to the parts' own display meanwhile
        self.widget.add_class("pl-retrying")
        self.retries.start(self._retry_run)

    def _leave_retries(self) -> None:
        """Back to the game from the run of retries, as it was left."""
        self.retries.stop()
        self.widget.remove_class("pl-retrying")

    def _card_states(self, discards: Sequence[Discard]) -> tuple[list[Card], str]:
        """What the hand's spoken card names need: which cards are trump (by the ruleset, so an
        off-jack or a joker counts), and what choosing a card does now."""
        hand = self.table.hand
        trump = hand.trump
        verb = "discard" if discards else ("bury" if hand.phase is Phase.BURY else "play")
        trumps = [c for c in self._cards if trump is not None and hand.rules.is_trump(c, trump)]
        return trumps, verb

    def announcement(self) -> str:
        """What a screen reader hears after a step (the live region ``pl-announce``): the moves
        added to the history since the last step (a bot's card and who won the trick), cards in
        words, less any line the status already says."""
        log, status = self.table.log, spoken(self.table.status())
        fresh: list[str] = []
        for event in reversed(log[-6:]):
            if event is self._heard:
                break
            fresh.insert(0, spoken(event.text).rstrip("."))
        self._heard = log[-1] if log else None
        said = [line for line in fresh if line not in status]
        return escape(". ".join(said) + "." if said else "")

    @staticmethod
    def _rules_html(rules: Ruleset) -> Markup:
        facts = rule_words.summary_line(rules)
        return html('<div style="line-height:1.45"><b>{}</b> {}</div>', facts, rules.description)

    def _table_svg(self, hand: Hand, human: int) -> str:
        names = [self.table.name(s) for s in range(hand.rules.players)]
        partner = self._known_partner(hand, human)
        return table_pictures(hand, human, names, four_colour=self.four_colour, partner=partner)

    def _known_partner(self, hand: Hand, human: int) -> int | None:
        """The bidder's called partner, once the learner can know who it is."""
        called: Card | None = getattr(hand, "called", None)
        partner: int | None = getattr(hand, "partner", None)
        if called is None or partner is None:
            return None
        played = {c for t in hand.tricks for c in t.cards} | set(hand.current_trick.cards)
        return partner if called in played or partner == human else None

    def _show_discard(self, discards: Sequence[Discard]) -> None:
        self.discard_bar.layout.display = None if discards else "none"
        if not discards:
            return
        cards = self.discard_choice()
        legal = any(same_cards(a.cards, cards) for a in discards)
        n = len(cards)
        self.discard_button.description = f"Discard {n} and draw {n}" if n else "Discard nothing"
        if legal:
            self.discard_button.add_class("pl-legal-choice")
        else:
            self.discard_button.remove_class("pl-legal-choice")
        self.discard_note.value = (
            "Click the cards to throw away (click again to keep one); you draw as many as you throw."
            if legal
            else "<b>That choice is not allowed:</b> pick again."
        )

    def _score_html(self) -> Markup:
        table = self.table
        hand = table.hand
        who = "Player" if table.solo else "Team"
        rows = join(
            html("<tr><td>{}</td><td><b>{}</b></td></tr>", table.team_name(t), score)
            for t, score in enumerate(table.game.scores)
        )
        points = hand.points_by_team(public=True)
        extra = Markup()
        if any(a.kind == "game" for a in table.rules.awards):
            extra = html("<div>Game points taken: {}</div>", table.points_text(hand.game_points()))
        called: Card | None = getattr(hand, "called", None)
        if called is not None and hand.bidder is not None:
            human = table.human if table.human is not None else 0
            mine = called in hand.hand_of(human) or self._known_partner(hand, human) == human
            extra += html(
                "<div>{} called <b>{}</b>: {}</div>",
                table.name(hand.bidder),
                called.label,
                "you hold it, so you are the bidder's partner this hand."
                if mine and human != hand.bidder
                else "its holder is the bidder's partner this hand.",
            )
        result = result_of(hand)
        if result is not None and result.awards:
            extra += html("<div>{}</div>", table.awards_text(result))
        return html(
            "<table><tr><th>{who}</th><th>Score</th></tr>{rows}</table>"
            "<div>Points this hand: {points} (target {target})</div>{extra}",
            who=who,
            rows=rows,
            points=table.points_text(points),
            target=table.rules.target,
            extra=extra,
        )

    def _show_over(self) -> None:
        table, hand = self.table, self.table.hand
        game_over = table.game.winner is not None
        for cls, on in (("pl-hand-over", hand.is_over), ("pl-game-over", game_over)):
            if on:
                self.over.add_class(cls)
            else:
                self.over.remove_class(cls)
        self.over.value = ending_html(table)
        self.over.layout.display = None if hand.is_over else "none"

    def _odds_html(self) -> str:
        """The "What you know" panel (:mod:`pitchlab.ui.known`), from the learner's seat."""
        table = self.table
        human = table.human if table.human is not None else 0
        others = [table.name(s) for s in range(table.rules.players) if s != human]
        return known_html(table.hand.view(human), others)


def why_html(table: Table) -> Markup:
    """The Why? panel: the last move and what its seat said, in one short sentence, with the
    rest a click away (what the seat may tell the table while the hand is on; its full
    reasoning once the hand is over, see :meth:`Table.why_more`)."""
    first = html(
        '<div class="pl-why-said">{}</div>', readable(table.last_why or "The bots explain each move here.")
    )
    label, lines = table.why_more()
    if not lines:
        return first
    items = join(html("<li>{}</li>", readable(line)) for line in lines)
    return html(
        '{}<details class="pl-why-more"><summary>{}</summary><ul>{}</ul></details>', first, label, items
    )


def log_html(table: Table, lines: int = 40) -> str:
    """The history, newest first: each move with its reason as the table may show it now
    (:meth:`Table.reason`: what a seat said while its hand is on, its full reasoning after)."""
    out = []
    for event in table.log[-lines:][::-1]:
        reason = table.reason(event)
        why = f' <span class="pl-log-why">({readable(reason)})</span>' if reason else ""
        out.append(f"<div>{readable(event.text)}{why}</div>")
    return "".join(out)


__all__ = ["TableApp", "log_html", "why_html"]
