"""The practice page: a Pitch position, the learner's answer, and a lesson either way.

A problem (:mod:`pitchlab.practice.problems`) is shown from the learner's chair, only what
that seat can see: the table as the app draws it (:func:`pitchlab.ui.table_picture.table_pictures`),
the learner's cards as the app's card buttons, what the seat has seen in words, and the
question in plain words. The learner answers by tapping a card (a bid, a suit), or by
keyboard (the app's keys: arrows and Enter in the hand, digits to bid, S H D C for trump).

- **Right**: the explanation, the problem's checked claims, one a line.
- **Wrong**: a deal that fits everything the learner saw and on which the answer given does
  worse than the right one (:func:`pitchlab.practice.punish.punish`: the exact solver plays
  every seat in ten-point card problems), played out trick by trick at the table, with what
  it cost; then **Try again**, or **Show the answer** (the answer played out on the same deal,
  and its explanation).

Problems are chosen by ruleset, level (1 first) and theme; **Next problem** moves on: to a
missed problem due for review first, else to the next problem of the learner's level not yet
solved. The learner's progress (:mod:`pitchlab.practice.progress`: problems solved, the level,
the problems to review) is kept in the browser (:class:`pitchlab.ui.storage.BrowserStore`), so
a reload or a restart of the server keeps it; it holds problem ids and counts, no answer. The
answers never reach the page before an attempt: they stay in the kernel, which sends the page
only the question, the table and, once the learner has answered, the lesson.

Stable CSS hooks: ``pl-practice``,
``pl-question``, ``pl-stage``, ``pl-seen``, ``pl-hand``, ``pl-feedback``, ``pl-right``,
``pl-wrong``, ``pl-replay``, ``pl-replay-next``, ``pl-replay-back``, ``pl-deal``,
``pl-try-again``, ``pl-show-answer``, ``pl-next-problem``, ``pl-onward``, ``pl-level``, ``pl-theme``,
``pl-progress``, ``pl-progress-summary``, ``pl-reset-progress``, ``pl-reset-confirm``,
``pl-reset-yes``, ``pl-reset-no``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from urllib.parse import parse_qs

import ipywidgets as w

from pitchlab.engine.actions import Action, Bid, NameTrump, Pass, Play
from pitchlab.engine.cards import Suit
from pitchlab.engine.errors import PitchError, printable
from pitchlab.engine.hand import Hand, Phase, Trick
from pitchlab.engine.record import Record, from_record
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import sort_cards
from pitchlab.practice.problems import RULESETS, Problem, answers_at, load, word
from pitchlab.practice.progress import FALL, INTERVALS, RISE, Progress, tallies
from pitchlab.practice.punish import Line, Punishment, punish
from pitchlab.ui import drawing
from pitchlab.ui.class_join import ClassJoin
from pitchlab.ui.class_sets import SENDS as CLASS_SENDS
from pitchlab.ui.class_sets import ClassSetPlay
from pitchlab.ui.keys import KEYS, keys_line
from pitchlab.ui.known import known_html
from pitchlab.ui.markup import Markup, html, join
from pitchlab.ui.session import seat_name
from pitchlab.ui.storage import BrowserStore
from pitchlab.ui.table_picture import MAX_QUERY, table_pictures
from pitchlab.ui.widgets import (
    BidBar,
    HandView,
    SuitChooser,
    View,
    classed,
    readable,
    style,
)

RULESET_WORDS = {"ten-point": "Ten-point Pitch", "auction-pitch": "Auction Pitch (follow suit)"}
LEVEL_WORDS = {1: "first steps", 2: "easy", 3: "medium", 4: "hard", 5: "expert"}
STORAGE_KEY = "practice"
"""The browser's localStorage key for the learner's progress (``pitchlab:practice``)."""

PRACTICE_CSS = """
<style>
.pl-practice .pl-question { font-size: 17px; line-height: 1.45; background: #eaf2fb; border-left: 5px solid #1f5fbf;
  padding: 6px 10px; margin: 4px 0; max-width: 620px; }
.pl-practice .pl-seen { font-size: 14px; line-height: 1.45; max-width: 620px; }
.pl-practice .pl-feedback { font-size: 16px; line-height: 1.45; max-width: 620px; }
.pl-practice .pl-right { background: #eafaf1; border: 2px solid #1e8449; border-radius: 6px; padding: 6px 10px; }
.pl-practice .pl-wrong { background: #fdf2e9; border: 2px solid #a04000; border-radius: 6px; padding: 6px 10px; }
.pl-practice .pl-feedback ul { margin: 4px 0; padding-left: 20px; }
.pl-practice .pl-deal td { padding: 2px 8px 2px 0; vertical-align: middle; }
.pl-practice .pl-deal { border-collapse: collapse; font-size: 15px; }
.pl-practice .pl-trick-words { font-size: 15px; min-height: 1.5em; }
.pl-practice .pl-choose .widget-dropdown { width: auto; }
.pl-practice .pl-choose .widget-dropdown select { font-size: 15px; }
.pl-practice .pl-choose .widget-label { font-size: 15px; }
.pl-practice .pl-replay-title { font-size: 15px; margin-top: 6px; }
/* wide screens: the problem and its lesson on the left, what the seat has seen beside them */
.pl-practice .pl-practice-main { display: grid !important; gap: 4px 18px; align-items: start;
  grid-template-columns: minmax(0, 620px) minmax(0, 1fr); }
@media (max-width: 899.98px) { .pl-practice .pl-practice-main { grid-template-columns: minmax(0, 1fr); } }
.pl-practice .pl-progress { font-size: 15px; line-height: 1.45; max-width: 620px; margin-top: 10px;
  border-top: 1px solid #b3b3b3; padding-top: 6px; }
.pl-practice .pl-progress ul { margin: 2px 0 6px; padding-left: 20px; }
.pl-practice .pl-progress summary { cursor: pointer; padding: 11px 0; line-height: 1.4; }
.pl-practice .pl-reset-confirm { flex-wrap: wrap; }
@media (max-width: 520px) { .pl-practice .pl-question { font-size: 15px; padding: 4px 8px; }
  .pl-practice .pl-feedback { font-size: 15px; } }
</style>
"""


def _names(problem: Problem, rules: Ruleset) -> list[str]:
    return [seat_name(s, problem.seat, rules) for s in range(rules.players)]


def _side_words(rules: Ruleset, seat: int) -> str:
    return "your side (you and your partner)" if rules.teams.count(rules.teams[seat]) > 1 else "you"


def question_html(problem: Problem, hand: Hand) -> str:
    """The question in words a first-time player follows: what is being decided and how it is judged."""
    rules = hand.rules
    side = _side_words(rules, problem.seat)
    if problem.kind == "card":
        trump = hand.trump
        assert trump is not None
        only = (
            "Only trump can be played in this game, so your trump are the cards you may choose."
            if rules.play_rule == "trump-only"
            else "Cards you may not play now are crossed out."
        )
        return (
            f"You sit at the bottom of the table. Trump is {trump.symbol} "
            f"({trump.name.lower()}). It is your turn to play a card. "
            f"<b>Which card brings {side} the most points by the end of the hand?</b> {only} "
            "Choose it below: tap it, or use the arrow keys and Enter."
        )
    if problem.kind == "bid":
        high = max((b for b in hand.bids if b), default=0)
        beaten = f"The highest bid so far is {high}. " if high else "No one has bid yet. "
        return (
            "You sit at the bottom of the table and it is your turn to bid: a bid says how many points "
            f"{side} will take with the trump you then choose; the highest bidder names trump, and a side "
            f"that takes fewer points than it bid loses that many. {beaten}"
            "<b>Which bid, or pass, is best with your cards?</b> Tap it, or type its number (P passes)."
        )
    return (
        f"You won the bidding with a bid of {hand.high_bid}: now you name the trump suit, the suit whose "
        "cards beat every other card and carry the points. "
        "<b>Which suit should be trump?</b> Tap it, or press S, H, D or C."
    )


def trick_words(trick: Trick, names: Sequence[str], title: str) -> str:
    """A trick in words, the page's one way of saying it: "Trick 2: East A♠, You Q♠; East won it"."""
    played = ", ".join(f"{names[s]} {c.label}" for s, c in zip(trick.seats, trick.cards, strict=True))
    won = f"; {names[trick.winner]} won it" if trick.winner is not None else ""
    return f"{title}: {played}{won}."


def seen_html(problem: Problem, hand: Hand) -> str:
    """What the learner's seat has seen so far, in words: the tricks, buried cards, the draws,
    and the trump still out (the app's "What you know", from the seat's own view)."""
    rules = hand.rules
    names = _names(problem, rules)
    view = hand.view(problem.seat)
    lines: list[str] = []
    if view.drawn is not None:
        drew = ", ".join(f"{names[s]} {n}" for s, n in enumerate(view.drawn))
        lines.append(f"Cards drawn in the refill: {drew}.")
    buried = [(s, cards) for s, cards in enumerate(view.buried) if cards]
    for s, cards in buried:
        lines.append(f"{names[s]} laid aside (face up): {' '.join(c.label for c in cards)}.")
    for i, trick in enumerate(view.tricks, 1):
        lines.append(trick_words(trick, names, f"Trick {i}"))
    current = view.current_trick
    if current.cards:
        lines.append(trick_words(current, names, "This trick so far"))
    if view.trump is not None:
        points = " to ".join(str(p) for p in view.points)
        lines.append(f"Points taken so far, your side first: {points}.")
    items = "".join(f"<li>{readable(line)}</li>" for line in lines)
    others = [n for s, n in enumerate(names) if s != problem.seat]
    known = known_html(view, others) if view.trump is not None else ""
    heading = "<b>What you have seen</b>"
    body = f"<ul>{items}</ul>" if items else "<div>Nothing yet but your own cards.</div>"
    return f"{heading}{body}{known}"


def answer_words(problem: Problem, answer: str) -> str:
    """An answer as a sentence names it: "K♠", "bid 5", "pass", "♥ as trump"."""
    if problem.kind == "card":
        return next(c.label for c in problem.hand().rules.deck if c.code == answer)
    if problem.kind == "bid":
        return "pass" if answer == "pass" else f"bid {answer}"
    return f"{Suit.parse(answer).symbol} as trump"


def _to_learner(text: str) -> str:
    """A claim as the bots say it ("nothing I may play beats the A♠") said to the learner."""
    for mine, yours in ((r"\bI\b", "you"), (r"\bmy\b", "your"), (r"\bme\b", "you"), (r"\bour\b", "your")):
        text = re.sub(mine, yours, text)
    return text


def right_html(problem: Problem, given: str) -> str:
    """What a right answer gets, on the practice page and in a retry alike: the answer, any other
    answer as good, and the problem's explanation."""
    others = [a for a in problem.answers if a != given]
    also = f" ({readable(', '.join(answer_words(problem, a) for a in others))} is as good.)" if others else ""
    said = readable(answer_words(problem, given))
    return f'<div class="pl-right" role="status"><b>Right: {said}.</b>{also}{explanation_html(problem)}</div>'


def explanation_html(problem: Problem) -> Markup:
    """The problem's explanation: its principle and conclusion, then each checked claim on a line
    of its own, said to the learner."""
    why = _to_learner(problem.explanation.why)
    _, _, rest = why.partition(" — ")
    conclusion, _, claims = (rest or why).partition(": ")
    items = join(html("<li>{}</li>", readable(p.strip())) for p in claims.split("; ") if p.strip())
    return html(
        "<div><b>{}</b>: {}. Why:</div><ul>{}</ul>",
        problem.explanation.principle,
        readable(conclusion),
        items,
    )


def deal_html(position: Record, problem: Problem) -> str:
    """Every hand of the chosen deal at the decision, face up: the cards that matter from here
    (each seat's playable cards in the play; its whole hand before it)."""
    hand = from_record(position)
    rules = hand.rules
    names = _names(problem, rules)
    rows = []
    for s in range(rules.players):
        cards = hand.playable(s) if hand.phase is Phase.PLAY else hand.hand_of(s)
        shown = sort_cards(cards, rules, hand.trump)
        said = ", ".join(c.label for c in shown) or "no cards left to play"
        picture = drawing.hand_svg(shown, 40, overlap=0.6, label=f"{names[s]}: {said}") if shown else ""
        rows.append(
            html("<tr><td><b>{}</b></td><td>{}</td></tr>", names[s], picture or readable("none left to play"))
        )
    return f'<table class="pl-deal">{"".join(rows)}</table>'


def offer(hand: Hand, seat: int, hand_view: HandView, bids: BidBar, suits: SuitChooser) -> None:
    """Show ``seat``'s cards at ``hand``'s decision in ``hand_view`` (the ones it may play marked)
    and, for a bid or a trump, the choices in ``bids`` or ``suits`` (each hidden when not asked)."""
    rules = hand.rules
    legal = hand.legal_actions()
    cards = sort_cards(hand.hand_of(seat), rules, hand.trump)
    playable = [a.card for a in legal if isinstance(a, Play)]
    trumps = [c for c in cards if hand.trump is not None and rules.is_trump(c, hand.trump)]
    hand_view.show(cards, playable, hand.dead(seat), trumps=trumps)
    offered = [a for a in legal if isinstance(a, Bid | Pass)]
    bids.show(offered, getattr(rules, "moon_bid", None))
    bids.layout.display = None if offered else "none"
    named = [a.suit for a in legal if isinstance(a, NameTrump)]
    suits.show(named)
    suits.layout.display = None if named else "none"


class Replay(View):
    """One line of play shown at the table trick by trick: Back and Next step through it."""

    def __init__(self) -> None:
        self.at: int = 0
        self.title = classed(w.HTML(), "pl-replay-title")
        self.picture = classed(w.HTML(), "pl-stage")
        self.words = classed(w.HTML(), "pl-trick-words")
        self.back = classed(w.Button(description="‹ Back"), "pl-replay-back")
        self.next = classed(w.Button(description="Next trick ›"), "pl-replay-next")
        self.back.on_click(lambda _b: self.go(self.at - 1))
        self.next.on_click(lambda _b: self.go(self.at + 1))
        self.back.disabled = self.next.disabled = True  # nothing to step through until a line is loaded
        self.widget = classed(
            w.VBox(
                [self.title, self.picture, self.words, classed(w.HBox([self.back, self.next]), "pl-steps")]
            ),
            "pl-replay",
        )
        self.states: list[Hand] = []
        self.captions: list[str] = []
        self.seat = 0
        self.names: list[str] = []

    def load(self, line: Line, start: Record, seat: int, names: Sequence[str], title: str) -> None:
        """Step through ``line`` from ``start`` (the decision): the first step is the answer's trick."""
        self.seat, self.names = seat, list(names)
        self.title.value = f"<b>{title}</b>"
        plays = list(line.record.get("plays", []))
        done = len(start.get("plays", []))
        hands: list[Hand] = []
        for k in range(done + 1, len(plays) + 1):
            hand = from_record({**line.record, "plays": plays[:k]})
            if not hand.current_trick.cards or k == len(plays):
                hands.append(hand)
        if not hands:
            hands.append(from_record(line.record))
        self.states = hands
        self.captions = [self._caption(h) for h in hands]
        self.go(0)

    def _caption(self, hand: Hand) -> str:
        trick = hand.tricks[-1] if hand.tricks else None
        if trick is None:
            return ""
        return trick_words(trick, self.names, f"Trick {len(hand.tricks)}")

    def go(self, at: int) -> None:
        """Show step ``at`` (kept within the line); nothing to do before a line is loaded (a click
        that reaches a hidden, empty replay changes nothing)."""
        if not self.states:
            return
        at = max(0, min(at, len(self.states) - 1))
        self.at = at
        hand = self.states[at]
        self.picture.value = table_pictures(hand, self.seat, self.names)
        last = at == len(self.states) - 1
        words = self.captions[at]
        if last and hand.is_over:
            points = hand.result().points
            team = hand.rules.teams[self.seat]
            words += f" The hand is over: your side took {points[team]} of the points."
        self.words.value = f"<div>Step {at + 1} of {len(self.states)}. {readable(words)}</div>"
        self.back.disabled = at == 0
        self.next.disabled = last


class PracticePage(View):
    """The practice page (see the module docstring)."""

    def __init__(self, rules_name: str = "ten-point", level: int = 1, theme: str = "", seed: int = 0) -> None:
        self.all = load()
        self.seed = seed
        self.ruleset = classed(
            w.Dropdown(
                options=[(RULESET_WORDS[r], r) for r in RULESETS], value=rules_name, description="Game"
            ),
            "pl-ruleset",
        )
        self.level = classed(
            w.Dropdown(
                options=[(f"{n} · {LEVEL_WORDS[n]}", n) for n in range(1, 6)],
                value=level,
                description="Level",
            ),
            "pl-level",
        )
        self.theme = classed(w.Dropdown(options=[("any", "")], value="", description="Theme"), "pl-theme")
        self.next_problem = classed(w.Button(description="Next problem ›"), "pl-next-problem")
        self.count = classed(w.HTML(), "pl-count")
        self.question = classed(w.HTML(), "pl-question")
        self.picture = classed(w.HTML(), "pl-stage")
        self.hand_view = HandView(on_pick=lambda card: self.answer(card.code))
        self.bids = BidBar(on_bid=self._action)
        self.suits = SuitChooser(on_suit=lambda suit: self.answer(suit.letter))
        self.seen = classed(w.HTML(), "pl-seen")
        self.feedback = classed(w.HTML(), "pl-feedback")
        self.deal = classed(w.HTML(), "pl-deal-box")
        self.replay = Replay()
        self.try_again = classed(w.Button(description="Try again", button_style="primary"), "pl-try-again")
        self.show_answer = classed(w.Button(description="Show the answer"), "pl-show-answer")
        self.after = classed(w.HBox([self.try_again, self.show_answer]), "pl-after")
        self.onward = classed(w.Button(description="Next problem ›", button_style="primary"), "pl-onward")
        self.onward.on_click(lambda _b: self.next())
        self.try_again.on_click(lambda _b: self._again())
        self.show_answer.on_click(lambda _b: self._reveal())
        self.next_problem.on_click(lambda _b: self.next())
        self.ruleset.observe(self._ruleset_chosen, "value")
        self.level.observe(self._level_chosen, "value")
        self.theme.observe(self._filters, "value")
        # progress, kept in the browser
        self.progress = Progress()
        self.progress.keep_only(p.id for p in self.all)
        self._answered: list[tuple[Problem, bool]] = []
        """First answers given on this page, replayed onto the record the browser holds when it
        arrives (a learner quick enough to answer before it does loses nothing)."""
        self._news = ""
        self._refused = ""
        self._addressed = ""
        """What the page's address opened ("problem", "level", or "refused": a problem that does not
        exist, said so): the browser's record leaves it shown."""
        self._quiet = False
        self._first_try = True
        self.review = False
        self.store = BrowserStore(key=STORAGE_KEY)
        self.store.observe(lambda _c: self._stored(), "ready")
        self.summary = classed(w.HTML(), "pl-progress-summary")
        self.reset = classed(
            w.Button(description="Reset my progress…", layout=w.Layout(width="auto")), "pl-reset-progress"
        )
        self.reset_yes = classed(
            w.Button(
                description="Yes, forget my progress", button_style="danger", layout=w.Layout(width="auto")
            ),
            "pl-reset-yes",
        )
        self.reset_no = classed(w.Button(description="Keep it"), "pl-reset-no")
        self.reset_words = w.HTML(
            '<div role="alert">Forget every problem solved, your level and the problems to review, '
            "in this browser? This cannot be undone.</div>"
        )
        self.reset_confirm = classed(
            w.HBox([self.reset_words, self.reset_yes, self.reset_no], layout=w.Layout(display="none")),
            "pl-reset-confirm",
        )
        self.reset.on_click(lambda _b: self._ask_reset(True))
        self.reset_no.on_click(lambda _b: self._ask_reset(False))
        self.reset_yes.on_click(lambda _b: self.forget())
        self.progress_box = classed(
            w.VBox([self.store, self.summary, self.reset, self.reset_confirm]), "pl-progress"
        )
        self.controls = w.VBox([self.hand_view, self.bids, self.suits])
        choose = classed(w.HBox([self.ruleset, self.level, self.theme, self.next_problem]), "pl-choose")
        self.lesson = w.VBox([self.feedback, self.deal, self.replay.widget, self.after, self.onward])
        problem = w.VBox([self.question, self.picture, self.controls, self.lesson])
        main = classed(w.Box([problem, self.seen]), "pl-practice-main")
        keys = [k for k in KEYS if k[0] in ("← →", "Enter", "2-9, 0", "S H D C")]
        self.class_box = w.VBox()
        """Where a class's problem set shows its joining panel (:meth:`follow_address`)."""
        self.on_answer: list[Callable[[Problem, str], None]] = []
        """Called with each answer the page accepts as one the position offers, once judged."""
        self.on_reveal: list[Callable[[Problem], None]] = []
        """Called when the learner asks for a problem's answer."""
        self.fixed = False
        """Whether the page shows a set given to it (a class's), in order, instead of its menus' choice."""
        self.set_words = ""
        self.widget = classed(
            w.VBox(
                [
                    style(PRACTICE_CSS),
                    self.class_box,
                    choose,
                    self.count,
                    main,
                    self.progress_box,
                    keys_line(keys),
                ]
            ),
            "pl-app",
            "pl-practice",
        )
        self.shown: list[Problem] = []
        self.index = 0
        self.problem: Problem | None = None
        self.punished: Punishment | None = None
        self._themes()
        self._filters()
        self._summarise()

    # -------------------------------------------------------------- choosing problems

    def _themes(self) -> None:
        found = sorted(
            {
                t
                for p in self.all
                if p.ruleset == self.ruleset.value and p.level == self.level.value
                for t in p.themes
            }
        )
        keep = self.theme.value if self.theme.value in found else ""
        self.theme.unobserve(self._filters, "value")
        self.theme.options = [("any", ""), *((t, t) for t in found)]
        self.theme.value = keep
        self.theme.observe(self._filters, "value")

    def _filters(self, _change: object = None) -> None:
        if self.fixed:
            return  # a given set stays as it was given; its menus are hidden
        self._themes()
        self.shown = [
            p
            for p in self.all
            if p.ruleset == self.ruleset.value
            and p.level == self.level.value
            and (not self.theme.value or self.theme.value in p.themes)
        ]
        self.index = 0
        if not self._quiet:
            self.show()
            self._summarise()

    def _ruleset_chosen(self, _change: object = None) -> None:
        """The learner chose a game: its problems at the learner's level in it."""
        if self._quiet:
            self._filters()
            return
        self._menus(self.ruleset.value, self.progress.level(self.ruleset.value))
        self.show()
        self._summarise()

    def _level_chosen(self, _change: object = None) -> None:
        """The learner chose a level in the menu: it is the level practised from now on."""
        if not self._quiet:
            self.progress.choose_level(self.ruleset.value, self.level.value)
            self._news = ""
            self._save()
        self._filters()

    def _menus(self, ruleset: str, level: int, theme: str | None = None) -> None:
        """Set the menus from here, not by the learner (no problem shown, the level not chosen)."""
        self._quiet = True
        try:
            self.ruleset.value, self.level.value = ruleset, level
            if theme is not None:
                self.theme.value = theme
            self._filters()
        finally:
            self._quiet = False

    def move(self, step: int) -> None:
        """Go ``step`` problems on in the chosen set (round to the first after the last)."""
        if self.shown:
            self.index = (self.index + step) % len(self.shown)
        self.show()

    def next(self) -> None:
        """The next problem: a missed one due for review first (of this game), else the next
        problem of the learner's level (and chosen theme) neither solved nor waiting for its
        review, else simply the next."""
        if self.fixed:
            self.move(1)  # a given set, in its order
            return
        ruleset = self.ruleset.value
        due = [p for p in self._by_ids(self.progress.due()) if p.ruleset == ruleset]
        if due:
            self.show(due[0])
            return
        level = self.progress.level(ruleset)
        if level != self.level.value:
            self._menus(ruleset, level)
            self.index = -1
        count = len(self.shown)
        ahead = [(self.index + k) % count for k in range(1, count + 1)] if count else []
        waiting = self.progress.review  # missed: back when due, not before
        fresh = [
            i
            for i in ahead
            if not self.progress.is_solved(self.shown[i].id) and self.shown[i].id not in waiting
        ]
        self.index = (fresh or ahead or [0])[0]
        self.show()

    def _by_ids(self, ids: Sequence[str]) -> list[Problem]:
        known = {p.id: p for p in self.all}
        return [known[i] for i in ids if i in known]

    def use_set(self, problems: Sequence[Problem] | None, words: str = "", start: int = 0) -> None:
        """Show ``problems`` in their order in place of the menus' choice, from the one at ``start``
        (``words`` name the set above each problem: a class's set), or go back to the menus (``None``)."""
        if problems:
            self.fixed, self.set_words = True, words
            self.shown, self.index = list(problems), start % len(problems)
            self._menus_shown(False)
            self.show()
        elif self.fixed:
            self.fixed, self.set_words = False, ""
            self._menus_shown(True)
            self._filters()

    def _menus_shown(self, shown: bool) -> None:
        """The game, level and theme menus shown or hidden (a given set hides them; Next problem stays)."""
        for menu in (self.ruleset, self.level, self.theme):
            menu.layout.display = None if shown else "none"

    def choose(self, problem_id: str) -> None:
        """Show the problem with this id (its ruleset, level and theme chosen in the menus)."""
        found = next((p for p in self.all if p.id == problem_id), None)
        if found is None:
            raise PitchError(f"there is no practice problem {problem_id!r}")
        self._menus(found.ruleset, found.level, "")
        self.index = self.shown.index(found)
        self.show()

    # -------------------------------------------------------------- one problem

    def show(self, review: Problem | None = None) -> None:
        """Put the current problem (or ``review``, a missed problem due again) on the table,
        waiting for an answer."""
        self.punished = None
        self._first_try = True
        self.review = review is not None
        self._lesson(self.feedback)
        if review is None and not self.shown:
            self.problem = None
            self.count.value = "No problem has this level and theme: choose another theme or level."
            for part in (self.question, self.picture, self.seen, self.feedback):
                part.value = ""
            self.controls.layout.display = "none"
            return
        problem = self.problem = review or self.shown[self.index]
        hand = problem.hand()
        rules = hand.rules
        themes = ", ".join(problem.themes)
        where = (
            Markup("<b>Review:</b> a problem you missed before")
            if review is not None
            else html("<b>{}:</b> problem {} of {}", self.set_words, self.index + 1, len(self.shown))
            if self.fixed
            else html("Problem {} of {}", self.index + 1, len(self.shown))
        )
        self.count.value = html(
            "<div>{where} · {ruleset}, level {level} · theme: {themes}</div>",
            where=where,
            ruleset=RULESET_WORDS[problem.ruleset],
            level=problem.level,
            themes=themes,
        )
        self.question.value = question_html(problem, hand)
        self.picture.value = table_pictures(hand, problem.seat, _names(problem, rules))
        self.seen.value = seen_html(problem, hand)
        self.feedback.value = ""
        self._offer(hand)

    def _lesson(self, *shown: w.Widget) -> None:
        """Show these parts of the lesson under the table and hide the others (they are kept:
        the replay's buttons must live on)."""
        for part in self.lesson.children:
            part.layout.display = None if part in shown else "none"

    def _offer(self, hand: Hand) -> None:
        """Show the learner's cards and, for a bid or a trump, the choices; nothing else to click."""
        assert self.problem is not None
        offer(hand, self.problem.seat, self.hand_view, self.bids, self.suits)
        self.controls.layout.display = None

    def _action(self, action: Action) -> None:
        assert self.problem is not None
        self.answer(word(action, self.problem.hand()))

    def answer(self, given: str) -> None:
        """The learner's answer: right, the explanation; wrong, the deal where it costs."""
        problem = self.problem
        if problem is None:
            return
        hand = problem.hand()
        if given not in answers_at(hand):
            self.feedback.value = (
                f'<div class="pl-wrong" role="alert">{readable(answer_words(problem, given))} cannot be '
                "chosen here: choose one of the cards that is not crossed out.</div>"
            )
            return
        said = readable(answer_words(problem, given))
        self._record(problem, given in problem.answers)
        for listener in list(self.on_answer):
            listener(problem, given)
        if given in problem.answers:
            self.feedback.value = right_html(problem, given)
            self.controls.layout.display = "none"
            self._lesson(self.feedback, self.onward)
            return
        try:
            found = punish(problem, given, self.seed)
        except PitchError:
            self.feedback.value = (
                f'<div class="pl-wrong" role="status"><b>{said} is not the best here.</b> '
                f"On average it brings less than the best answer.</div>"
            )
            self._lesson(self.feedback, self.after)
            self.controls.layout.display = "none"
            return
        self.punished = found
        self.controls.layout.display = "none"
        self.feedback.value = self._cost_html(problem, found)
        self.deal.value = "<b>The deal, every hand face up:</b>" + deal_html(found.position, problem)
        said = readable(answer_words(problem, given))
        names = _names(problem, from_record(found.position).rules)
        self.replay.load(
            found.wrong, found.position, problem.seat, names, f"The hand played out after {said}:"
        )
        self._lesson(self.feedback, self.deal, self.replay.widget, self.after)

    # -------------------------------------------------------------- progress

    def _record(self, problem: Problem, right: bool) -> None:
        """The first answer each time a problem is shown counts (see :mod:`pitchlab.practice.progress`)."""
        if not self._first_try:
            return
        self._first_try = False
        self._answered.append((problem, right))
        before = self.progress.level(problem.ruleset)
        step = self.progress.record(problem, right)
        after = self.progress.level(problem.ruleset)
        if step > 0:
            self._news = (
                f"{RISE} right answers in a row: your next problems are at level {after} "
                f"({LEVEL_WORDS[after]})."
            )
        elif step < 0:
            self._news = (
                f"{FALL} misses in a row at level {before}: your next problems are at level {after} "
                f"({LEVEL_WORDS[after]}) for a while."
            )
        else:
            self._news = ""
        self._save()
        self._summarise()

    def _save(self) -> None:
        """Write the progress to the browser, once it has said what it held (not before: the
        record it holds comes first)."""
        if self.store.ready:
            self.store.value = self.progress.to_json()

    def _stored(self) -> None:
        """The browser's record has arrived: it is the learner's progress, with this page's first
        answers added; a value that is not a record is said so in one line and left until the
        next answer replaces it. A page opened on no particular problem moves to the learner's
        level (or a review due)."""
        self._refused = ""
        progress = Progress()
        if self.store.stored:
            try:
                progress = Progress.from_json(self.store.stored)
            except PitchError as exc:
                self._refused = html(
                    "Your saved progress could not be read ({}), so it starts afresh here.",
                    printable(str(exc), 200),
                )
        progress.keep_only(p.id for p in self.all)
        addressed_level = self.level.value if self._addressed == "level" else None
        if addressed_level is not None:
            progress.choose_level(self.ruleset.value, addressed_level)
        for problem, right in self._answered:
            progress.record(problem, right)
        self.progress = progress
        if self._answered or addressed_level is not None:
            self._save()
        if not self._answered and not self._addressed and not self.fixed:
            self.index = -1
            self.next()
        self._summarise()

    def _summarise(self) -> None:
        """The progress in plain words: the level, problems solved, the problems to review; by
        level and by theme on request (a details box)."""
        ruleset = self.ruleset.value
        game = [p for p in self.all if p.ruleset == ruleset]
        levels, themes = tallies(self.progress, game)
        level = self.progress.level(ruleset)
        solved = sum(t.solved for t in levels.values())
        queued = [p for p in self._by_ids(list(self.progress.review)) if p.ruleset == ruleset]
        due = set(self.progress.due())
        due_now = sum(p.id in due for p in queued)
        waits = {p.id: self.progress.review[p.id].due for p in queued}
        lines = []
        if self._refused:
            lines.append(f'<div role="alert">{self._refused}</div>')
        if self._news:
            lines.append(html('<div role="status"><b>{}</b></div>', self._news))
        lines.append(
            html(
                "<div><b>Your progress</b> in {ruleset}: level {level} ({words}); {solved} of {total} problems "
                "solved. <b>Review these again ({queued})</b>{next}</div>",
                ruleset=RULESET_WORDS[ruleset],
                level=level,
                words=LEVEL_WORDS[level],
                solved=solved,
                total=len(game),
                queued=len(queued),
                next=f": {due_now} due now, and they come first."
                if due_now
                else f": the next is {self._when(min(waits, key=waits.__getitem__))}."
                if queued
                else ": none yet.",
            )
        )
        rows = "".join(
            f"<li>Level {n} ({LEVEL_WORDS[n]}): {t.solved} of {t.total}</li>" for n, t in levels.items()
        )
        by_theme = join(html("<li>{}: {} of {}</li>", name, t.solved, t.total) for name, t in themes.items())
        review = join(
            html("<li>Level {}, {}: {}</li>", p.level, ", ".join(p.themes), self._when(p.id)) for p in queued
        )
        lines.append(
            "<details><summary>More: solved by level and by theme, the problems to review</summary>"
            f"<div>Solved by level:</div><ul>{rows}</ul><div>Solved by theme:</div><ul>{by_theme}</ul>"
            f"<div>Review these again ({len(queued)}):</div>"
            + (f"<ul>{review}</ul>" if review else "<div>None: a problem you miss comes back here.</div>")
            + f"<div>How it works: only your first answer to a problem counts. {RISE} right answers in a "
            f"row at your level move you up a level; {FALL} misses in a row move you down one. A problem you "
            f"miss comes back after {INTERVALS[0]} more problems; right again, it comes back later "
            f"(after {', then '.join(str(n) for n in INTERVALS[1:])}); right {len(INTERVALS)} times, "
            "it leaves the list. "
            "Your progress is kept in this browser only.</div></details>"
        )
        self.summary.value = "".join(lines)

    def _when(self, problem_id: str) -> str:
        waiting = self.progress.review[problem_id].due - self.progress.seen
        if waiting <= 0:
            return "due now"
        return f"due after {waiting} more problem{'' if waiting == 1 else 's'}"

    def _ask_reset(self, asking: bool) -> None:
        self.reset_confirm.layout.display = None if asking else "none"
        self.reset.layout.display = "none" if asking else None

    def forget(self) -> None:
        """Reset the progress (confirmed): nothing solved, level 1, nothing to review."""
        self.progress = Progress()
        self._answered.clear()
        self._news = ""
        self._refused = ""
        self._ask_reset(False)
        self._save()
        self._menus(self.ruleset.value, 1, "")
        self.show()
        self._summarise()

    def _cost_html(self, problem: Problem, found: Punishment) -> str:
        wrong = readable(answer_words(problem, found.wrong.answer))
        measure = (
            "your side took {} points in the hand"
            if found.exact
            else "your side's score for the hand, less the other side's, was {}"
        )
        played = (
            "every player playing perfectly from there" if found.exact else "the bots playing on from there"
        )
        cost = found.cost
        return (
            f'<div class="pl-wrong" role="status"><b>{wrong} is not the best here.</b> '
            "Here is a deal that fits everything you have seen, the cards you could not see placed where "
            f"they punish it, played out with {played}. After {wrong}, "
            + measure.format(f"<b>{found.wrong.points:g}</b>")
            + f"; after the best answer, {found.answer.points:g}. "
            + f"{wrong} cost <b>{cost:g} point{'' if cost == 1 else 's'}</b> on this deal. "
            + "Step through it trick by trick below, then try again or see the answer.</div>"
        )

    def _again(self) -> None:
        if self.problem is None:
            return
        self.feedback.value = (
            '<div role="status">Try again: which answer would have done better on that deal, '
            "and on every deal that fits what you have seen?</div>"
        )
        self._lesson(self.feedback)
        self._offer(self.problem.hand())

    def _reveal(self) -> None:
        problem = self.problem
        if problem is None:
            return
        for listener in list(self.on_reveal):
            listener(problem)
        best = ", ".join(answer_words(problem, a) for a in problem.answers)
        parts: list[w.Widget] = [self.feedback, self.onward]
        text = f'<div class="pl-right" role="status"><b>The answer: {readable(best)}.</b>{explanation_html(problem)}'
        found = self.punished
        if found is not None:
            answer = readable(answer_words(problem, found.answer.answer))
            text += f"<div>Below, {answer} played out on the same deal.</div>"
            names = _names(problem, from_record(found.position).rules)
            self.replay.load(
                found.answer, found.position, problem.seat, names, f"The hand played out after {answer}:"
            )
            parts += [self.deal, self.replay.widget]
        self.feedback.value = text + "</div>"
        self.controls.layout.display = "none"
        self._lesson(*parts)

    def follow_address(self) -> None:
        """Read ``?problem=ID`` or ``?level=N&theme=...`` from the page's address, as the app reads
        its seed: a teacher can send a class straight to one problem. ``?class=CODE`` (or a class
        this browser joined) gives the page the class's problem set
        (:class:`pitchlab.ui.class_sets.ClassSetPlay`)."""
        query = os.environ.get("QUERY_STRING", "")
        self.apply_query(query)
        self.join_class(ClassJoin(query=query, sends=CLASS_SENDS))

    def join_class(self, join: ClassJoin) -> ClassSetPlay:
        """Put ``join`` (the joining panel) above the problem: a class's problem set comes with it."""
        play = ClassSetPlay(self, join)
        self.class_box.children = (play.widget,)
        return play

    def apply_query(self, query: str) -> None:
        """``?problem=ID`` shows that problem; ``?level=N`` (1 to 5) starts at that level. Anything
        else is left alone; a problem that does not exist is said so on the page."""
        wanted = parse_qs(query[:MAX_QUERY])
        chosen = (wanted.get("problem") or [""])[0]
        level = (wanted.get("level") or [""])[0]
        try:
            if chosen:
                self.choose(chosen)
                self._addressed = "problem"
            elif level in {"1", "2", "3", "4", "5"}:
                self.level.value = int(level)
                self._addressed = "level"
        except PitchError as exc:
            self.count.value = html('<div role="alert">{}</div>', exc)
            self._addressed = "refused"  # the browser's record arriving leaves the message shown


__all__ = [
    "PracticePage",
    "Replay",
    "answer_words",
    "deal_html",
    "explanation_html",
    "offer",
    "question_html",
    "seen_html",
]
