"""Who wins a trick and what a card counts for Game: the play rules of RULES.md, once.

Everything here is a plain function of a ruleset, the trump suit and cards, so
that every part of pitchlab that needs to know "which card wins?" asks the same
code: the engine builds its fast per-slot tables from these functions (once per
ruleset), and the tutorial pages, the bots' rules of thumb and the claim
checker call them directly.

The rules, from ``RULES.md``:

* **Trump beats everything.** Naming a suit makes its cards, the off-jack
  (and, by ruleset, the off-ace or off-three) and the jokers trump, ranked by
  the ruleset's ``trump_order`` (ten-point: A K Q J off-jack joker joker 10 9
  ... 2). Any trump beats every card that is not trump, whatever was led
  ("Play": "The highest trump wins the trick").
* **Equal cards: the first played wins.** The two identical jokers share one
  rank; a later card takes the trick only with a strictly higher power
  ("Deck and trump": "Two jokers in one trick: the one played first beats
  the other"). Distinct jokers (``JKH``, ``JKL``) have ranks of their own.
* **Follow-suit play** (Auction Pitch and its family, ``play_rule ==
  "follow-suit"``): a trick with no trump in it goes to the highest card of
  the suit led, by natural rank (A high, 2 low); a card of another plain suit
  cannot win. A trump led counts as the trump suit led, so an off-jack lead
  is a trump lead, not a lead of its printed suit.
* **Game points** (the Game award of Auction Pitch and its family): ten 10,
  ace 4, king 3, queen 2, jack 1, every other card and the jokers 0
  (:data:`pitchlab.engine.rules.GAME_VALUES`).

Cards in a hand are shown in one order everywhere (:func:`sort_cards`): the
trump first once trump is known, then the plain suits with their colours
alternating. The jokers come first, before the plain suits: they are trump
whatever suit is named (RULES.md, "Deck and trump"), so they sit where the
trump will sit and naming trump never moves them to the other end of the hand.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from pitchlab.engine.cards import CARDS, Card, Suit
from pitchlab.engine.rules import GAME_VALUES, Ruleset

TRUMP_BASE = 100
"""Added to a trump's rank in :func:`card_power`, so that any trump outranks any plain card
(plain cards rank 2-14)."""

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The plain suits in the order a hand is sorted: colours alternate, so the eye separates them."""


def play_suit(rules: Ruleset, trump: Suit, card: Card) -> Suit | None:
    """The suit ``card`` belongs to in play: the trump suit for every trump (an off-jack led is a
    trump lead), else its printed suit; ``None`` for a joker the ruleset does not make trump."""
    return trump if rules.is_trump(card, trump) else card.suit


@functools.cache
def play_suits(rules: Ruleset, trump: Suit) -> tuple[Suit | None, ...]:
    """:func:`play_suit` of every card, by card index: for code that reads a whole trick record
    at a time (:func:`~pitchlab.engine.view.voids_shown`, the bots' rules of thumb)."""
    return tuple(play_suit(rules, trump, card) for card in CARDS)


def card_power(rules: Ruleset, trump: Suit, led: Suit | None, card: Card) -> int:
    """How strongly ``card`` bids for a trick whose lead counts as ``led`` (see :func:`play_suit`).

    A trump: ``TRUMP_BASE`` plus its rank as trump (1 for the lowest; identical jokers share
    one rank). In follow-suit play, a plain card of the suit led: its natural rank, 2-14. Any
    other card, and every plain card where only trump is played: 0, it cannot win. ``led`` is
    ``None`` before anything is led: then only trump has power. The card with the highest
    power wins; among equal powers the first played (:func:`trick_winner`).
    """
    rank = rules.trump_rank(card, trump)
    if rank:
        return TRUMP_BASE + rank
    if rules.play_rule == "follow-suit" and led is not None and led != trump and card.suit == led:
        return int(card.rank or 0)
    return 0


def beats(rules: Ruleset, trump: Suit, led: Suit | None, challenger: Card, best: Card) -> bool:
    """Whether ``challenger``, played after ``best``, takes the trick from it: only a strictly
    higher power does, so of two equal cards (identical jokers) the first played stays best."""
    return card_power(rules, trump, led, challenger) > card_power(rules, trump, led, best)


def trick_winner(rules: Ruleset, trump: Suit, cards: Sequence[Card]) -> int:
    """The position in ``cards`` (in play order, the lead first) of the card that wins the trick.

    The highest :func:`card_power` with the lead's :func:`play_suit` as the suit led; a card
    takes the lead from the card winning so far only with a strictly higher power, which is
    how the first of two identical jokers beats the second.
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = play_suit(rules, trump, cards[0])
    best, best_power = 0, -1
    for i, card in enumerate(cards):
        power = card_power(rules, trump, led, card)
        if power > best_power:
            best, best_power = i, power
    return best


def game_points(card: Card) -> int:
    """What ``card`` counts toward the Game award, by its printed rank (:data:`GAME_VALUES`;
    a joker counts 0). Trump or not makes no difference."""
    return 0 if card.rank is None else GAME_VALUES.get(card.rank.letter, 0)


GAME_POINTS: tuple[int, ...] = tuple(game_points(card) for card in CARDS)
""":func:`game_points` by card index, for code that looks it up thousands of times a hand."""


def game_points_words() -> str:
    """The game-point values as a page states them: ``10 = 10, A = 4, K = 3, Q = 2, J = 1``."""
    return ", ".join(f"{'10' if rank == 'T' else rank} = {value}" for rank, value in GAME_VALUES.items())


def sort_cards(cards: Iterable[Card], rules: Ruleset | None = None, trump: Suit | None = None) -> list[Card]:
    """A hand as a player holds it: once trump is known (``rules`` and ``trump`` given) its trump
    first, high to low; then the jokers that are not (yet) trump, the high one first; then the
    plain suits in :data:`SUIT_ORDER`, each high to low."""

    def key(card: Card) -> tuple[int, int, int]:
        if rules is not None and trump is not None and rules.is_trump(card, trump):
            return (0, -rules.trump_rank(card, trump), 0)
        if card.suit is None or card.rank is None:
            return (1, 0, int(card))
        return (2 + SUIT_ORDER.index(card.suit), -int(card.rank), 0)

    return sorted(cards, key=key)
