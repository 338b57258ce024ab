"""Fuzz the widgets: seeded random walks of clicks and typing through the Python widget API.

The issue's promise: whatever a learner clicks or types, no exception escapes,
a refused step changes nothing, and no step hangs. Each walk here is a
``random.Random`` seeded from the test's parameters, so a failure names a walk
that replays exactly (the app's own fresh seeds, for New game and a new
ruleset, are drawn from the walk's generator too). After every step the page
is checked against the engine: a status line is shown, the message in the
page is the table's, a refused step (one the app answers with a message)
left the game exactly as it was, and every control offers exactly what
``legal_actions()`` allows.

Budgets are fixed so the file stays under a minute: 16 TableApp walks of 160
steps (every registered ruleset once, two per seed, each free to switch to
any other through the menu or a loaded game), two explorer walks of 150 steps
and three exercise walks of 400. A failure reports the walk, the step and the
steps that led there; the walks replay exactly, so the test's id reproduces it.

Button callbacks run inside ipywidgets' ``CallbackDispatcher``, which logs an
exception and carries on; the ``loud_callbacks`` fixture lets it escape instead,
or a crash in a click would pass unseen.
"""

from __future__ import annotations

import importlib
import json
import random
import re
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from html import unescape
from types import FrameType, SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, quote

import ipywidgets as w
import pytest
import traitlets

import pitchlab as pl
from pitchlab.engine import record
from pitchlab.ui import explorer, session
from pitchlab.ui.classroom import Exercise, read_number
from pitchlab.ui.markup import escape
from pitchlab.ui.table_app import TableApp
from pitchlab.ui.widgets import same_cards
from tests.test_explorer import as_uploaded
from tests.test_explorer import state as explorer_refusal_state
from tests.widget_tree import walk as walk_visible
from tests.widget_tree import with_class

importlib.import_module("pitchlab.ui.plots")  # up front: its first import (plotly) is no step's doing

NAMES = pl.ruleset_names()
SEEDS = range(8)
APP_STEPS = 160
"""Steps per ruleset walk: two rulesets per seed, so 2,560 steps over the file."""
EXPLORER_STEPS = 150
EXERCISE_STEPS = 400
STEP_LIMIT = 10.0
"""CPU seconds one step may take (the slowest, a hint in a 13-card hand, takes about 1.5 s).

Counted in CPU time, so a busy machine does not fail a slow but finite step."""
HANG_LIMIT = 60.0
"""Seconds on the clock after which a step is interrupted as a hang."""
SUCCESS_NOTES = ("Hand record loaded.", "Your saved game is back, exactly where you left it.")
"""Messages that report a step that went through (every other message is a refusal)."""


def rulesets_for(seed: int) -> list[str]:
    """The rulesets walked for ``seed``: a seeded shuffle dealt round the seeds, so each one is walked."""
    names = list(NAMES)
    random.Random("fuzz-rulesets").shuffle(names)
    return names[seed :: len(SEEDS)]


def test_every_ruleset_is_walked() -> None:
    assert sorted(n for seed in SEEDS for n in rulesets_for(seed)) == sorted(NAMES)


# ---------------------------------------------------------------- the guard


class Hang(Exception):
    pass


@contextmanager
def deadline(what: Callable[[], str]) -> Iterator[None]:
    """Fail a step that computes for more than :data:`STEP_LIMIT` seconds, and interrupt one
    still running after :data:`HANG_LIMIT` seconds on the clock (a loop, or a wait)."""

    def alarm(_signum: int, _frame: FrameType | None) -> None:
        raise Hang(f"a step ran for more than {HANG_LIMIT:.0f} s: {what()}")

    armed = hasattr(signal, "setitimer")
    if armed:
        old = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, HANG_LIMIT)
    start = time.process_time()
    try:
        yield
    finally:
        if armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    took = time.process_time() - start
    assert took < STEP_LIMIT, f"a step computed for {took:.1f} s (limit {STEP_LIMIT:.0f} s): {what()}"


@dataclass(repr=False)
class Trail:
    """The steps of a walk so far, for the failure message."""

    name: str
    steps: list[str] = field(default_factory=list)

    def where(self) -> str:
        last = "\n  ".join(f"{i}: {s}" for i, s in list(enumerate(self.steps))[-15:])
        return f"{self.name}, step {len(self.steps) - 1}; the last steps:\n  {last}"

    def run(self, label: str, step: Callable[[], None]) -> None:
        __tracebackhide__ = True
        self.steps.append(label)
        try:
            with deadline(self.where):
                step()
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n{self.where()}") from exc
        except Exception as exc:  # the fuzz's point: nothing may escape, and the failure says how to replay
            raise AssertionError(f"{type(exc).__name__} escaped: {exc}\n{self.where()}") from exc


def loud_callback(self: Any, *args: object, **kwargs: object) -> object:
    """``CallbackDispatcher.__call__`` without its ``except``: ipywidgets runs a button's
    callbacks inside it, logs an exception and carries on (a kernel prints the traceback
    into the page), so without this a crash in a click would pass unseen."""
    value = None
    for callback in self.callbacks:
        local = callback(*args, **kwargs)
        value = local if local is not None else value
    return value


@pytest.fixture(autouse=True)
def loud_callbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(w.widgets.widget.CallbackDispatcher, "__call__", loud_callback)


# ---------------------------------------------------------------- hostile text

FRAGMENTS = (
    "{", "}", "[", "]", ":", ",", '"', "null", "true", "false", "0", "-1", "1e309", "NaN", "Infinity",
    "99999999999999999999999999999999999999", '"format"', '"pitchlab-hand/1"', '"pitchlab-game/1"',
    '"ruleset"', '"ten-point"', '"hands"', '"stock"', '"dealer"', '"bids"', '"plays"', '"rng"', '"scores"',
    '"AS"', '"JK"', '"10H"', "\\u0000", "\\ud800", "__proto__",
)  # fmt: skip
ODD = "\x00\x07\x1b[31m\r\n\t\u202e\u200b\ufeff\ud800\U0001f0a1♠♥♦♣★é<script>&amp;'\"\\%/-+.,"


def mutate_json(value: Any, rng: random.Random) -> Any:
    """``value`` (parsed JSON) with one random leaf replaced, or a key dropped or added."""
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        roll = rng.random()
        copy = dict(value)
        if roll < 0.15:
            del copy[key]
        elif roll < 0.25:
            copy[rng.choice(["extra", "", key + "x"])] = 1
        else:
            copy[key] = mutate_json(value[key], rng)
        return copy
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        copy_list = list(value)
        roll = rng.random()
        if roll < 0.15:
            del copy_list[i]
        elif roll < 0.25:
            copy_list.append(copy_list[i])
        else:
            copy_list[i] = mutate_json(value[i], rng)
        return copy_list
    return rng.choice(
        [None, True, -1, 0, 7, 10**40, 2.5, "", "AS", "JK", "x" * 50, [], {}, [0] * 3, "ten-point"]
    )


def hostile_text(rng: random.Random, real: list[str]) -> str:
    """Something a learner (or a broken paste) could put in a text box."""
    kind = rng.randrange(12)
    if kind == 0:
        return ""
    if kind == 1:
        return "".join(rng.choice(ODD) for _ in range(rng.randrange(1, 40)))
    if kind == 2:
        return "".join(chr(rng.randrange(32)) for _ in range(rng.randrange(1, 20)))
    if kind == 3:
        return rng.choice(["x", "\x00", "{", "[", "9", " ", "♠"]) * rng.choice([1_000, 50_000, 200_000])
    if kind == 4:
        return rng.choice(["[", '{"a":', '{"hands":[']) * rng.choice([100, 5_000, 50_000])
    if kind == 5:
        return "".join(rng.choice(FRAGMENTS) for _ in range(rng.randrange(1, 30)))
    if kind == 6:
        return "9" * rng.choice([31, 400, 5_000])
    if not real:
        return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 30)))
    text = rng.choice(real)
    if kind in (7, 8):
        return text  # a real record or game, perhaps into the wrong box or for another ruleset
    if kind == 9:
        return text[: rng.randrange(len(text))]  # truncated
    if kind == 10:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(ODD + "0123456789") + text[i + 1 :]
    return json.dumps(mutate_json(json.loads(text), rng))


@cache
def library() -> tuple[str, ...]:
    """Real saved games and hand records: a few bot-played hands of every ruleset, and whole
    games, sealed (as the app saves them) and plain (as a teacher's file holds them)."""
    texts: list[str] = []
    for i, name in enumerate(NAMES):
        table = session.Table(rules=pl.ruleset(name), human=None, seed=100 + i)
        table.run_bots(500)
        texts.append(table.record())
        texts.append(table.saved_game())
        if table.new_hand():
            table.run_bots(20)  # a position in the middle of the next hand
            texts.append(table.record())
            texts.append(table.saved_game())
    for name in ("ten-point", "cutthroat"):  # games played to the end: nothing more can be dealt
        table = session.Table(rules=pl.ruleset(name), human=None, seed=7)
        for _ in range(60):
            table.run_bots(500)
            if table.game.winner is not None or not table.new_hand():
                break
        texts.append(table.saved_game())
        texts.append(pl.dumps_game(table.game))
    return tuple(texts)


# ---------------------------------------------------------------- the table app


def replayable(monkeypatch: pytest.MonkeyPatch, key: str) -> None:
    """Draw the app's fresh seeds (New game, a new ruleset, a saved game without its
    generator) from a generator seeded by ``key``, so that a walk replays exactly."""
    fresh = random.Random(key)
    monkeypatch.setattr(session, "random", SimpleNamespace(SystemRandom=lambda: fresh))
    monkeypatch.setattr(
        record, "random", SimpleNamespace(Random=lambda: random.Random(fresh.getrandbits(64)))
    )


class Outcome(Enum):
    SAME = "changes nothing"
    REFUSED = "is refused with a message and changes nothing"
    FREE = "may change the game"


def every_widget(root: w.Widget) -> Iterator[w.Widget]:
    """Every widget in the tree, hidden or not."""
    yield root
    for child in getattr(root, "children", ()):
        yield from every_widget(child)


def state(app: TableApp) -> tuple[str, str, int | None]:
    table = app.table
    return pl.dumps_game(table.game), table.rules.name, table.human


def card_codes(buttons: list[w.Widget]) -> set[str]:
    return {
        c.removeprefix("pl-card-")
        for b in buttons
        for c in b._dom_classes
        if c.startswith("pl-card-") and c != "pl-card-toggle"
    }


def check_page(app: TableApp) -> None:
    """The page against the engine, after any step."""
    table, hand = app.table, app.table.hand
    seen = list(walk_visible(app.widget))

    def shown_with(cls: str) -> list[w.Widget]:
        return [x for x in seen if cls in x._dom_classes]

    assert app.status.value.strip() and shown_with("pl-status"), "no status line"
    assert unescape(re.sub(r"<[^>]+>", "", app.message.value)) == table.message  # shown as it is
    if app.rules_menu.value == table.rules.name:
        assert app.rules_start.disabled and "Not started yet" not in app.rules_text.value
    else:  # a choice shown, not yet played: the page says so and offers to start it
        assert not app.rules_start.disabled and "Not started yet" in app.rules_text.value
    assert app.next.disabled == (not table.bot_to_act)
    if table.game.winner is None and not hand.is_over:
        assert app.status.value.startswith("Your turn") == table.human_to_act
    human = table.human if table.human is not None else 0
    assert Counter(app._cards) == Counter(hand.hand_of(human))
    assert [card_codes([b]) for b in app.hand_view.children] == [{c.code} for c in app._cards]
    legal = table.legal()
    discards = [a for a in legal if isinstance(a, pl.Discard)]
    if discards:
        takes = {c for a in discards for c in a.cards}
    else:
        takes = {a.card for a in legal if isinstance(a, (pl.Play, pl.Bury))}
    assert takes <= set(app._cards), "a legal card the hand does not hold"
    dead, want = list(hand.dead(human)), set()
    for i, card in enumerate(app._cards):
        if card in dead:
            dead.remove(card)  # this copy is dead: shown greyed, never marked
        elif card in takes:
            want.add(i)
    marked = {i for i, b in enumerate(app.hand_view.children) if "pl-legal" in b._dom_classes}
    assert marked == want, f"the hand marks {marked}, the engine allows {want}"
    selected = {i for i, b in enumerate(app.hand_view.children) if "pl-selected" in b._dom_classes}
    assert selected == app.selected and (discards or not selected)
    assert bool(shown_with("pl-discard")) == bool(discards)
    if discards:
        ok = any(same_cards(a.cards, app.discard_choice()) for a in discards)
        assert ("pl-legal-choice" in app.discard_button._dom_classes) == ok
    offered = {c for b in shown_with("pl-bid") for c in b._dom_classes if c.startswith("pl-bid-")}
    offered.discard("pl-bid-moon")
    bids = {f"pl-bid-{a.value}" for a in legal if isinstance(a, pl.Bid)}
    assert offered == bids | ({"pl-bid-pass"} if pl.PASS in legal else set())
    suits = {b._dom_classes[-1] for b in shown_with("pl-suit")}
    assert suits == {f"pl-suit-{a.suit.letter}" for a in legal if isinstance(a, pl.NameTrump)}
    others = [
        a for a in legal if not isinstance(a, (pl.Bid, pl.Pass, pl.NameTrump, pl.Play, pl.Bury, pl.Discard))
    ]
    menu = app.actions.menu
    actions = shown_with("pl-action")
    assert (len(menu.options) if menu is not None else len(actions)) == len(others)
    assert bool(actions) == bool(others)
    assert ("pl-hand-over" in app.over._dom_classes) == hand.is_over
    assert ("pl-game-over" in app.over._dom_classes) == (table.game.winner is not None)
    autosave = app.autosave
    assert autosave is not None
    if not autosave._paused:  # nothing lost on reload: the browser holds the game as it is
        assert autosave.store.value == table.saved_game()


class AppWalk:
    """One TableApp, and the steps a learner (or a cat on the keyboard) could take."""

    def __init__(self, seed: int, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rng = random.Random(f"app:{seed}:{name}")
        replayable(monkeypatch, f"fresh:{seed}:{name}")
        self.app = TableApp(seed=seed, rules=name, autosave="fuzz")
        self.trail = Trail(f"TableApp walk seed={seed} ruleset={name}")
        self.real = list(library())
        self.refusals = 0
        self.changes = 0
        self.seen: Counter[str] = Counter()
        """Steps that ended in each phase, at a hand's end, at the game's end."""

    # ---------------------------------------------------------- expectations

    def expect_click(self, button: w.Button) -> Outcome:
        """What clicking ``button`` should do, decided from the engine before the click."""
        app, table = self.app, self.app.table
        legal = table.legal()
        autosave = app.autosave
        assert autosave is not None
        if button in app.hand_view.children:
            if any(isinstance(a, pl.Discard) for a in legal):
                return Outcome.SAME  # a discard pick: a card toggled, nothing played
            card = app._cards[app.hand_view.children.index(button)]
            takes = any(isinstance(a, (pl.Play, pl.Bury)) and a.card == card for a in legal)
            return Outcome.FREE if takes else Outcome.REFUSED
        for suit, suit_button in app.suits.buttons.items():
            if button is suit_button:
                return Outcome.FREE if pl.NameTrump(suit) in legal else Outcome.REFUSED
        if button in app.bids.children or button in app.actions.children:
            return Outcome.FREE  # offered only when legal
        if button is app.discard_button:
            choice = app.discard_choice()
            ok = any(isinstance(a, pl.Discard) and same_cards(a.cards, choice) for a in legal)
            return Outcome.FREE if ok else Outcome.REFUSED
        if button is app.next:
            return Outcome.FREE if table.bot_to_act else Outcome.REFUSED
        if button is app.to_me:
            return Outcome.FREE if table.bot_to_act else Outcome.SAME
        if button is app.new_hand:
            over = table.hand.is_over or table.game.winner is not None
            return Outcome.FREE if over else Outcome.REFUSED
        if button is app.save:  # a learner's hand record only once the hand is over: it shows every card
            return Outcome.SAME if table.hand.is_over else Outcome.REFUSED
        if button in (app.save_game, app.coach.hint_button, autosave.discard_button):
            return Outcome.SAME
        if button is app.load:
            try:
                loaded = pl.loads(app.record_box.value)
            except pl.PitchError:
                return Outcome.REFUSED
            return Outcome.FREE if loaded.rules == table.rules else Outcome.REFUSED
        if button is app.load_game:
            try:
                pl.open_game(app.record_box.value)
            except pl.PitchError:
                return Outcome.REFUSED
            return Outcome.FREE
        if button is autosave.resume_button:
            try:
                pl.open_game(autosave.store.stored)
            except pl.PitchError:
                return Outcome.SAME  # the offer says so; the game goes on
            return Outcome.FREE
        return Outcome.FREE  # New game, and any control added later

    def checked(self, label: str, outcome: Outcome, act: Callable[[], None]) -> None:
        """Take one step, then check the page and what the step was allowed to change."""
        app = self.app

        def step() -> None:
            before = state(app)
            act()
            changed = state(app) != before
            message = app.table.message
            refusal = bool(message) and message not in SUCCESS_NOTES
            if outcome is not Outcome.FREE:
                assert not changed, (
                    f"the step {outcome.value}, yet it changed the game (message: {message!r})"
                )
            if outcome is Outcome.REFUSED:
                assert refusal, f"the step {outcome.value}, yet the page shows no message"
                self.refusals += 1
            if changed:
                self.changes += 1
                assert not refusal, f"the game changed, yet the page shows a refusal: {message!r}"
            check_page(app)
            hand = app.table.hand
            self.seen[str(hand.phase)] += 1
            self.seen["hand over"] += hand.is_over
            self.seen["game over"] += app.table.game.winner is not None

        self.trail.run(label, step)

    def click(self, button: w.Button, label: str) -> None:
        self.checked(label, self.expect_click(button), button.click)

    # ---------------------------------------------------------------- steps

    def buttons(self) -> list[w.Button]:
        return [b for b in every_widget(self.app.widget) if isinstance(b, w.Button)]

    def any_button(self) -> None:
        """Any button in the page, shown or hidden, enabled or not."""
        button = self.rng.choice(self.buttons())
        self.click(button, f"click {describe(button)}")

    def any_card(self) -> None:
        cards = list(self.app.hand_view.children)
        if cards:
            i = self.rng.randrange(len(cards))
            self.click(cards[i], f"click card {i} {describe(cards[i])}")

    def progress(self) -> None:
        """A step a learner who knows the rules would take, so the walk reaches every phase."""
        app, rng = self.app, self.rng
        discards = [a for a in app.table.legal() if isinstance(a, pl.Discard)]
        if discards and rng.random() < 0.8:
            want = Counter(rng.choice(discards).cards)
            for i, card in enumerate(list(app._cards)):
                if (want[card] > 0) != (i in app.selected):
                    self.click(app.hand_view.children[i], f"pick card {i} {card.code} for a discard")
                if want[card] > 0:
                    want[card] -= 1
            self.click(app.discard_button, f"confirm discard {app.discard_choice()}")
            return
        menus = with_class(app, "pl-action-menu")
        if menus:
            menu = menus[0]
            index = rng.randrange(len(menu.options))
            self.checked(f"action menu -> {index}", Outcome.SAME, lambda: setattr(menu, "value", index))
        wanted = {"pl-legal", "pl-bid", "pl-suit", "pl-action", "pl-next", "pl-run", "pl-new-hand"}
        live = [
            b
            for b in walk_visible(app.widget)
            if isinstance(b, w.Button) and not b.disabled and wanted & set(b._dom_classes)
        ]
        if app.table.human_to_act or app.table.hand.is_over:
            live = [b for b in live if b is not app.to_me]
        if not app.table.hand.is_over:
            live = [b for b in live if b is not app.new_hand]
        if live:
            button = rng.choice(live)
            self.click(button, f"play {describe(button)}")

    def type_text(self) -> None:
        text = hostile_text(self.rng, self.real)
        self.checked(f"type {shown(text)}", Outcome.SAME, lambda: setattr(self.app.record_box, "value", text))

    def load_something(self) -> None:
        """Junk, truncated or real text in the box, then Load or Load game."""
        self.type_text()
        app, text = self.app, self.app.record_box.value
        button = self.rng.choice([app.load, app.load_game])
        outcome = self.expect_click(button)
        self.checked(f"click {button.description}", outcome, button.click)
        if outcome is Outcome.FREE and button is app.load:
            assert pl.dumps(app.table.hand) == pl.dumps(pl.loads(text)), self.trail.where()
        if outcome is Outcome.FREE and button is app.load_game:
            restored, saved = (
                record.game_to_record(app.table.game),
                record.game_to_record(pl.open_game(text)),
            )
            data = json.loads(text)
            # a plain save without its generator (none, or null) deals on from a fresh one
            if data.get("format") == pl.GAME_FORMAT and data.get("rng") is None:
                del restored["rng"], saved["rng"]
            assert restored == saved, f"Load game did not restore the game saved\n{self.trail.where()}"

    def save_something(self) -> None:
        button = self.rng.choice([self.app.save, self.app.save_game])
        self.click(button, f"click {button.description}")
        if self.app.record_box.value:  # Save hand mid-hand is refused and may leave the box empty
            self.real.append(self.app.record_box.value)

    def ruleset(self) -> None:
        menu = self.app.rules_menu
        if self.rng.random() < 0.2:
            junk = hostile_text(self.rng, [])[:80]

            def refused() -> None:
                with pytest.raises(traitlets.TraitError):
                    menu.value = junk  # the browser can only send a listed name

            self.checked(f"ruleset menu <- junk {shown(junk)}", Outcome.SAME, refused)
            return
        name = self.rng.choice(list(menu.options))
        # choosing shows the rules and changes no game; Play these rules starts one
        self.checked(f"ruleset menu -> {name}", Outcome.SAME, lambda: setattr(menu, "value", name))
        if not self.app.rules_start.disabled:
            self.click(self.app.rules_start, f"play {name}")

    def toggles(self) -> None:
        app = self.app
        if self.rng.random() < 0.5:
            self.checked(
                "four-colour toggle",
                Outcome.SAME,
                lambda: setattr(app.colours, "value", not app.colours.value),
            )
        else:
            box = app.points_box
            index = self.rng.choice([None, 0])
            self.checked(
                f"points accordion {index}", Outcome.SAME, lambda: setattr(box, "selected_index", index)
            )

    def browser_reports(self) -> None:
        """The page (re)opens: the browser says what its storage holds, and the app offers it back."""
        autosave = self.app.autosave
        assert autosave is not None
        text = self.rng.choice([*self.real[-4:], hostile_text(self.rng, self.real)])

        def report() -> None:
            autosave.store.stored = text
            autosave.store.ready = not autosave.store.ready
            assert autosave.offered or not text, "a saved game in the browser, and no offer"

        self.checked(f"browser reports {shown(text)}", Outcome.SAME, report)
        button = self.rng.choice([autosave.resume_button, autosave.discard_button])
        outcome = self.expect_click(button)
        self.checked(f"click {button.description}", outcome, button.click)
        if button is autosave.discard_button or outcome is Outcome.FREE:
            assert not autosave.offered and not autosave._paused, self.trail.where()
        else:
            assert "Saved game refused" in autosave.message.value, self.trail.where()

    STEPS: tuple[tuple[str, int], ...] = (
        ("progress", 40),
        ("any_button", 22),
        ("any_card", 10),
        ("type_text", 4),
        ("load_something", 7),
        ("save_something", 4),
        ("ruleset", 2),
        ("toggles", 3),
        ("browser_reports", 3),
    )

    def walk(self, steps: int) -> None:
        check_page(self.app)
        names = [n for n, _ in self.STEPS]
        weights = [k for _, k in self.STEPS]
        while len(self.trail.steps) < steps:
            getattr(self, self.rng.choices(names, weights)[0])()


def describe(button: w.Button) -> str:
    classes = [c for c in button._dom_classes if c.startswith("pl-")]
    return f"{button.description!r} {' '.join(classes)}" + (" (disabled)" if button.disabled else "")


def shown(text: str) -> str:
    return repr(text[:60]) + (f"... ({len(text):,} chars)" if len(text) > 60 else "")


@pytest.mark.parametrize("seed", SEEDS)
def test_random_clicks_and_typing_never_break_the_table_app(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: Counter[str] = Counter()
    for name in rulesets_for(seed):
        walk = AppWalk(seed, name, monkeypatch)
        walk.walk(APP_STEPS)
        assert walk.refusals > 0 and walk.changes > 0, "the walk should both play and be refused"
        seen += walk.seen
    assert seen["play"] and seen["hand over"], f"the walks should reach the play and a hand's end: {seen}"


def address(rng: random.Random) -> str:
    """A page address's query, as a shared link or a learner's typing could make it."""
    fields = []
    for _ in range(rng.choice([0, 1, 2, 3, 5, 8, 11, 14])):
        key = rng.choice(["seed", "ruleset", "utm_source", "x", "", "seed[]", hostile_text(rng, [])[:10]])
        value = rng.choice(
            [
                str(rng.randrange(10**9)),
                rng.choice(NAMES),
                hostile_text(rng, [])[:300],
                "1e9",
                "%ff%00",
                "-1",
                "9" * 40,
            ]
        )
        # a lone surrogate cannot be UTF-8 encoded: quote it byte for byte as a browser would not
        # refuse to send it, so the app still meets it
        fields.append(
            f"{quote(key, errors='surrogatepass')}="
            f"{quote(value, errors='surrogatepass') if rng.random() < 0.5 else value}"
        )
    return "&".join(fields)


def test_junk_in_the_address_is_ignored_and_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's address (``?seed=7&ruleset=five``) is input too: junk in it is ignored, and said so."""
    replayable(monkeypatch, "fresh:address")
    rng = random.Random("address")
    app = TableApp(seed=1, autosave="fuzz")
    trail = Trail("TableApp.apply_query walk (the app notebook passes QUERY_STRING)")
    for _ in range(30):
        query = address(rng)

        def step(query: str = query) -> None:
            app.apply_query(query)
            check_page(app)
            wanted = parse_qs(query)
            seed, name = (wanted.get("seed") or [""])[0], (wanted.get("ruleset") or [""])[0]
            junk = bool(seed and not re.fullmatch("[0-9]{1,9}", seed)) or bool(name and name not in NAMES)
            assert not junk or app.table.message.startswith("Ignored from the address"), app.table.message

        trail.run(f"address ?{shown(query)}", step)


# ---------------------------------------------------------------- the explorer

HANDS = 40


def check_explorer(page: explorer.Explorer) -> None:
    assert page.status.value.strip() and with_class(page, "pl-status")
    assert page.message_box.value == escape(page.message)
    assert bool(with_class(page, "pl-message")) == bool(page.message)
    if page.message:
        assert f"pl-{page.message_kind}" in page.message_box._dom_classes
    assert page.position.value == page.analysis.position
    assert [c for c, b in page.trump_buttons.items() if "pl-selected" in b._dom_classes] == [
        page.trump_choice
    ]
    assert page.count.value.startswith(f"{len(page.chosen)} of 9 chosen")
    if page.trump_choice is not None:
        assert page.analysis.trump == page.trump_choice


def not_a(parse: Callable[[str], object], rng: random.Random) -> str:
    """Hostile text that ``parse`` refuses."""
    while True:
        text = hostile_text(rng, [])[:20]
        try:
            parse(text)
        except pl.PitchError:
            return text


class ExplorerWalk:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"explorer:{seed}")
        self.page = explorer.Explorer(hands=HANDS)
        self.trail = Trail(f"Explorer walk seed={seed}")
        deck = [c.code for c in pl.TEN_POINT.deck]
        self.good_hands = [" ".join(self.rng.sample(deck, 9)) for _ in range(4)]
        self.real = [t for t in library() if '"pitchlab-hand/1"' in t[:40]]
        self.refusals = 0

    def checked(self, label: str, act: Callable[[], object], *, bad: bool | None) -> None:
        """One step; ``bad=True``: it must be refused with an error and keep everything;
        ``None``: it may go either way, but a refusal (an error message) must keep everything."""
        page = self.page

        def step() -> None:
            before = explorer_refusal_state(page)
            good_before = page.analysis
            act()
            error = bool(page.message) and page.message_kind == "error"
            if bad:
                assert error, f"bad input, yet no error in the page: {page.message!r}"
            if error:
                self.refusals += 1
                assert page.analysis is good_before, "a refused input replaced the analysis"
                assert explorer_refusal_state(page) == before, "a refused input changed the page"
            check_explorer(page)

        self.trail.run(label, step)

    def codes(self) -> None:
        rng, page = self.rng, self.page
        if rng.random() < 0.06:
            text = rng.choice(self.good_hands)
            bad: bool | None = None
        else:
            text = hostile_text(rng, self.real)
            try:
                pl.parse_cards(text)
                bad = None
            except pl.PitchError:
                bad = True
        if rng.random() < 0.5:
            self.checked(f"codes box <- {shown(text)}", lambda: setattr(page.codes, "value", text), bad=bad)
        else:
            self.checked(f"paste {shown(text)}", lambda: page.paste(text), bad=bad)
        if rng.random() < 0.3:
            self.checked("click Use these cards", page.use_codes_button.click, bad=bad)

    def toggle(self) -> None:
        page, rng = self.page, self.rng
        card, button = rng.choice(page.toggles)
        # a ninth card asks for a new simulation: keep those few, so the walk stays quick
        if len(page.chosen) == 8 and not button.value and rng.random() < 0.7:
            card, button = next((c, b) for c, b in page.toggles if b.value)
        self.checked(f"toggle {card.code}", lambda: setattr(button, "value", not button.value), bad=None)

    def junk_call(self) -> None:
        """The page's own methods, as its callbacks call them, with values no control sends."""
        page, rng = self.page, self.rng
        calls: list[tuple[str, Callable[[], object]]] = [
            ("toggle junk", lambda: page.toggle(not_a(pl.Card, rng))),
            ("toggle JK copy 5", lambda: page.toggle("JK", copy=5)),
            ("trump junk", lambda: page.set_trump(not_a(pl.Suit.parse, rng))),
            ("position junk", lambda: page.set_position(rng.choice([-1, 4, 99, 10**20]))),
            ("seat junk", lambda: page.use_record_seat(rng.choice([-1, 7, 10**20]))),
        ]
        label, call = rng.choice(calls)
        self.checked(label, call, bad=True)

    def upload(self) -> None:
        rng = self.rng
        kind = rng.randrange(5)
        if kind == 0:
            data = rng.choice(self.real).encode()
        elif kind == 1:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        elif kind == 2:
            data = b" " * (explorer.MAX_RECORD_BYTES + 1)
        else:
            data = hostile_text(rng, self.real).encode("utf-8", "surrogatepass")
        try:
            hand = pl.loads(data.decode())
            bad: bool | None = None if hand.rules.name == "ten-point" else True
        except (pl.PitchError, UnicodeDecodeError):
            bad = True
        if len(data) > explorer.MAX_RECORD_BYTES:
            bad = True
        page = self.page
        name = rng.choice(["hand.json", hostile_text(rng, [])[:80] or "x", "<b>a</b>.json"])
        value = as_uploaded(data, name)
        if value == page.upload.value:
            bad = None  # the same file again: the widget reports no change, so the page hears nothing
        self.checked(
            f"upload {shown(data.decode('utf-8', 'replace'))} as {shown(name)}",
            lambda: setattr(page.upload, "value", value),
            bad=bad,
        )
        if bad:
            assert escape(name) in page.message_box.value, "the refusal names the file"

    def controls(self) -> None:
        page, rng = self.page, self.rng
        roll = rng.randrange(4)
        if roll == 0:
            choice = rng.choice(list(page.trump_buttons))
            self.checked(f"trump {choice}", page.trump_buttons[choice].click, bad=None)
        elif roll == 1:
            position = rng.randrange(4)
            self.checked(f"position {position}", lambda: setattr(page.position, "value", position), bad=None)
        elif roll == 2:
            seat = rng.randrange(len(page.record_seat.options))
            # a seat before any record is loaded is refused (the menu is disabled; the same seat is no change)
            bad = True if page.record is None and seat != page.record_seat.value else None
            self.checked(f"record seat {seat}", lambda: setattr(page.record_seat, "value", seat), bad=bad)
        else:
            self.checked("click Clear all", page.clear_button.click, bad=None)

    STEPS = (("codes", 40), ("toggle", 25), ("junk_call", 12), ("upload", 12), ("controls", 5))

    def walk(self, steps: int) -> None:
        check_explorer(self.page)
        names = [n for n, _ in self.STEPS]
        weights = [k for _, k in self.STEPS]
        while len(self.trail.steps) < steps:
            getattr(self, self.rng.choices(names, weights)[0])()


@pytest.mark.parametrize("seed", range(2))
def test_random_input_never_breaks_the_explorer(seed: int) -> None:
    walk = ExplorerWalk(seed)
    walk.walk(EXPLORER_STEPS)
    assert walk.refusals > 0


# ---------------------------------------------------------------- the exercise


def numberish(rng: random.Random) -> str:
    """Text near what the answer box reads: numbers, percents, fractions, with typos."""
    sign = rng.choice(["", "-", "+", "\u2212", " "])
    digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([1, 2, 3, 8, 40, 400, 5000])))
    return rng.choice(
        [
            f"{sign}{digits}",
            f"{sign}0.{digits}",
            f"{sign}{digits}%",
            f"{sign}{digits}/{rng.choice(['0', '4', digits])}",
            f"{sign}.{digits[:5]}",
            f"{digits[:3]},{digits[:3]}",
            f"1/4{rng.choice(ODD)}",
        ]
    )


def is_number(text: str) -> bool:
    try:
        read_number(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("seed", range(3))
def test_random_answers_never_break_an_exercise(seed: int) -> None:
    rng = random.Random(f"exercise:{seed}")
    exercise = Exercise("What is the chance?", Fraction(1, 4), "1/4", hint="count the cards")
    trail = Trail(f"Exercise walk seed={seed}")
    for _ in range(EXERCISE_STEPS):
        text = numberish(rng) if rng.random() < 0.6 else hostile_text(rng, [])
        roll = rng.randrange(4)

        def step(text: str = text, roll: int = roll) -> None:
            tries, solved, solution = exercise.tries, exercise.solved, exercise.solution_shown
            checks: list[str] = []  # the texts checked by this step
            if roll in (0, 1):
                if text and text != exercise.box.value:
                    checks.append(text)  # the box is read on Enter, or on leaving it
                exercise.box.value = text
            if roll in (1, 2):
                checks.append(exercise.box.value)
                exercise.check_button.click()
            if roll == 3:
                exercise.toggle.click()
                assert exercise.solution_shown != solution
            else:
                assert exercise.solution_shown == solution
            assert exercise.tries == tries + sum(map(is_number, checks))
            assert exercise.solved >= solved
            if checks:
                assert exercise.feedback.value.strip(), "no feedback after a check"
                marks = {"pl-right", "pl-wrong"} & set(exercise.feedback._dom_classes)
                assert len(marks) == is_number(checks[-1])

        trail.run(f"{['enter', 'type and check', 'check', 'solution'][roll]} {shown(text)}", step)
