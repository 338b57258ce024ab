"""Tutorial page 03, trump ranks (``tutorial/03-trump-ranks.ipynb``): the ladder and a which-card-wins quiz.

Who wins a trick is the engine's rule (:func:`pitchlab.engine.tricks.trick_winner`);
:func:`explain_trick` says why in words. A click
the quiz does not allow sets a message in the page and changes nothing.
Stable CSS classes for browser tests: the quiz's ``pl-quiz``,
``pl-quiz-next``, ``pl-feedback`` (with ``pl-right`` or ``pl-wrong``),
``pl-quiz-score``; and, from :mod:`pitchlab.ui.widgets`,
``pl-card pl-card-<CODE>`` and ``pl-suit-*``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import round_from
from pitchlab.engine.tricks import trick_winner
from pitchlab.lessons.tutorial.common import (
    style,
    suit_html,
    trump_family,
)
from pitchlab.ui import drawing
from pitchlab.ui.markup import escape, html
from pitchlab.ui.session import seat_name
from pitchlab.ui.widgets import (
    SuitChooser,
    View,
    card_button,
    classed,
    replace_children,
)


def trump_role_name(card: Card, suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """A card as trump, in words: ``A♥ (ace of trump)``, ``J♦ (the off-jack)``, ``Joker``."""
    role = rules.role_of(card, suit)
    if role is None:
        return f"{card.label} (not trump)"
    if card.is_joker:
        return "Joker"
    names = {"A": "ace of trump", "J": "jack of trump", "OJ": "the off-jack", "T": "ten of trump"}
    names |= {"3": "three of trump", "2": "two of trump"}
    return f"{card.label} ({names[role]})" if role in names else card.label


def random_trick(
    rng: random.Random, suit: Suit, rules: Ruleset = TEN_POINT
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """A trick in play order, and the seats that played them.

    Where only trump is played: two to four different trump; about one trick
    in three holds both jokers (where they are identical), so the learner
    meets the "first joker wins" rule often. Where suit is followed: one
    card from each player, trump or not.
    """
    if rules.play_rule == "follow-suit":
        return _follow_suit_trick(rng, suit, rules)
    ladder = rules.trump_cards(suit)
    n = rng.choice((2, 3, 4))
    jokers = [i for i, c in enumerate(ladder) if c.is_joker]
    if len(jokers) == 2 and ladder[jokers[0]] == ladder[jokers[1]] and rng.random() < 0.35:
        others = [i for i in range(len(ladder)) if i not in jokers]
        picks = jokers + rng.sample(others, n - 2)
    else:
        picks = rng.sample(range(len(ladder)), n)
    rng.shuffle(picks)
    leader = rng.randrange(rules.players)
    seats = round_from(leader, rules.players)[:n]
    return tuple(ladder[i] for i in picks), seats


def _follow_suit_trick(
    rng: random.Random, suit: Suit, rules: Ruleset
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """A follow-suit trick: a lead, then cards that mostly follow it, with some trump and some
    discards, so the quiz asks about both rules (trump wins; else the suit led)."""
    n = min(rules.players, 4)
    deck = list(dict.fromkeys(rules.deck))
    trump = [c for c in deck if rules.is_trump(c, suit)]
    lead = rng.choice(trump if rng.random() < 0.25 else [c for c in deck if c not in trump])
    cards = [lead]
    for _ in range(n - 1):
        roll = rng.random()
        if lead in trump:
            pool = trump if roll < 0.7 else deck
        elif roll < 0.55:
            pool = [c for c in deck if c.suit == lead.suit and c not in trump]
        elif roll < 0.8:
            pool = trump
        else:
            pool = deck
        pool = [c for c in pool if c not in cards] or [c for c in deck if c not in cards]
        cards.append(rng.choice(pool))
    leader = rng.randrange(rules.players)
    seats = round_from(leader, rules.players)[:n]
    return tuple(cards), seats


def ladder_place(card: Card, suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Where a trump stands on the ladder, counted from the top: ``no. 1``, or ``no. 6-7`` for a
    repeated joker; ``not trump`` for any other card."""
    ladder = rules.trump(suit).cards
    if card not in ladder:
        return "not trump"
    first = ladder.index(card) + 1
    repeats = ladder.count(card)
    return f"no. {first}" if repeats == 1 else f"no. {first}-{first + repeats - 1}"


def possessive(seat: int, rules: Ruleset | None = None) -> str:
    """``your`` for the learner, else ``West's``."""
    name = seat_name(seat, 0, rules)
    return "your" if name == "You" else f"{name}'s"


def explain_trick(cards: Sequence[Card], seats: Sequence[int], suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Why the winning card wins, in a sentence or two, from the ruleset's trump order."""
    win = trick_winner(rules, suit, cards)
    card = cards[win]
    total = len(rules.trump_cards(suit))
    jokers = [i for i, c in enumerate(cards) if c.is_joker]
    twin_jokers = len(jokers) == 2 and cards[jokers[0]] == cards[jokers[1]]
    if not rules.is_trump(card, suit):
        lead = cards[0]
        text = (
            f"No trump fell, so the highest card of the suit led ({lead.suit.name.lower() if lead.suit else 'led'}) "
            f"wins: {card.label}. A card of another suit cannot win unless it is trump."
        )
    elif card.is_joker and twin_jokers:
        text = (
            "Both jokers fell and nothing higher did.\nThe two jokers are equal, so the one played first "
            f"wins: {possessive(seats[win], rules)} joker, the {_ordinal(win + 1)} card played."
        )
    else:
        text = f"{trump_role_name(card, suit, rules)} is {ladder_place(card, suit, rules)} of {total} on the ladder, the highest here."
        if rules.play_rule == "follow-suit" and any(not rules.is_trump(c, suit) for c in cards):
            text += "\nAny trump beats every card of the other suits, whatever suit was led."
        if twin_jokers:
            text += f"\nOf two jokers the first played beats the other, but both rank below {card.label}."
        if rules.role_of(card, suit) == "OJ" and jokers:
            text += "\nThe off-jack ranks just below the jack of trump and above both jokers."
    places = ", ".join(f"{c.label} {ladder_place(c, suit, rules)}" for c in cards)
    return f"{text}\nLadder places in play order: {places}."


class TrumpQuiz(View):
    """Pick a trump suit, see its ladder, and say which card wins a random trick.

    Tricks come from ``random.Random(seed)``, so the same seed asks the same
    questions in the same order.
    """

    def __init__(self, seed: int = 1, suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> None:
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.suit = suit
        self.cards: tuple[Card, ...] = ()
        self.seats: tuple[int, ...] = ()
        self.answered: int | None = None
        self.right = 0
        self.asked = 0
        self.message = ""
        self.suits = SuitChooser(self.set_suit)
        self.heading = w.HTML()
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.points = classed(w.HTML(), "pl-points")
        self.points_box = w.Accordion([self.points], titles=("What scores",), selected_index=None)
        self.prompt = w.HTML()
        self.trick_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = classed(w.HTML(), "pl-feedback")
        self.score = classed(w.HTML(), "pl-quiz-score")
        self.next_button = classed(
            w.Button(description="Next trick ▶", button_style="primary"), "pl-quiz-next"
        )
        self.next_button.on_click(lambda _b: self.new_trick())
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HTML("<h4>Choose the trump suit</h4>"),
                    self.suits,
                    self.heading,
                    self.ladder,
                    self.points_box,
                    w.HTML("<h4>Which card wins this trick? Click it.</h4>"),
                    self.prompt,
                    self.trick_box,
                    self.feedback,
                    w.HBox([self.next_button, self.score]),
                ]
            ),
            "pl-lesson",
            "pl-quiz",
        )
        self.new_trick()

    @property
    def winner(self) -> int:
        """The position in the trick of the winning card."""
        return trick_winner(self.rules, self.suit, self.cards)

    def set_suit(self, suit: Suit) -> None:
        """Make ``suit`` trump and ask a new trick in it."""
        self.suit = suit
        self.new_trick()

    def new_trick(self) -> None:
        """Deal the next random trick of the current trump suit."""
        self.cards, self.seats = random_trick(self.rng, self.suit, self.rules)
        self.answered = None
        self.message = ""
        self.refresh()

    def answer(self, position: int) -> bool:
        """The learner clicks the card at ``position`` in the trick; True if it wins.

        Clicking again after answering, or a position not in the trick,
        only sets a message.
        """
        if self.answered is not None:
            self.message = "You already answered this trick: press Next trick for another."
            self.refresh()
            return False
        if not 0 <= position < len(self.cards):
            self.message = f"There is no card {position + 1} in this trick; it has {len(self.cards)}."
            self.refresh()
            return False
        self.answered = position
        self.asked += 1
        correct = position == self.winner
        self.right += correct
        self.message = ""
        self.refresh()
        return correct

    @property
    def feedback_text(self) -> str:
        """What the page says about the answer (empty before one)."""
        if self.answered is None:
            return ""
        win, picked = self.winner, self.answered
        why = explain_trick(self.cards, self.seats, self.suit, self.rules)
        if picked == win:
            return f"Right: {self._named(win)} wins. {why}"
        card, best = self.cards[picked], self.cards[win]
        if card == best:  # the second of two equal jokers
            return (
                f"Not quite: that is the second joker; the first one played, {self._named(win)}, wins. {why}"
            )
        return f"Not quite: {self._named(win)} wins, not {self._named(picked)}. {why}"

    def _named(self, position: int) -> str:
        card = self.cards[position]
        plain_joker = card.is_joker and card.code == "JK"
        return f"{possessive(self.seats[position], self.rules)} {'joker' if plain_joker else card.label}"

    def refresh(self) -> None:
        rules, suit = self.rules, self.suit
        self.heading.value = html(
            "<h4>Trump: {}. The ladder, highest on the left ({}):</h4>",
            suit_html(suit),
            trump_family(suit, rules),
        )
        self.ladder.value = drawing.ladder_html(suit, rules, width=52)
        self.points.value = drawing.points_table(suit, rules, card_width=36)
        leader = seat_name(self.seats[0], 0, rules)
        follow = (
            " Suit is followed here: any trump beats the other suits; with no trump in the trick "
            "the highest card of the suit led wins."
            if rules.play_rule == "follow-suit"
            else ""
        )
        self.prompt.value = (
            f'<div class="pl-note">{leader} led; the cards are shown in the order they were played.'
            f"{follow}</div>"
        )
        boxes = []
        for i, (card, seat) in enumerate(zip(self.cards, self.seats, strict=True)):
            button = card_button(card, legal=self.answered is None)
            if self.answered is not None and i == self.winner:
                button.add_class("pl-winner")
                button.button_style = "success"
            button.on_click(lambda _b, pos=i: self.answer(pos))
            caption = w.HTML(
                f'<div class="pl-caption">{_ordinal(i + 1)}: {seat_name(seat, 0, self.rules)}</div>'
            )
            boxes.append(w.VBox([button, caption], layout=w.Layout(margin="0 8px 0 0", align_items="center")))
        replace_children(self.trick_box, boxes)
        text = self.message or self.feedback_text
        self.feedback.value = escape(text) if text else "Click the card you think wins."
        for cls in ("pl-right", "pl-wrong"):
            self.feedback.remove_class(cls)
        if self.answered is not None and not self.message:
            self.feedback.add_class("pl-right" if self.answered == self.winner else "pl-wrong")
        self.score.value = f"Right so far: {self.right} of {self.asked}" if self.asked else ""


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


__all__ = [
    "TrumpQuiz",
    "explain_trick",
    "ladder_place",
    "possessive",
    "random_trick",
    "trump_role_name",
]
