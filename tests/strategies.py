"""Hypothesis strategies for pitchlab: deals, hands played by random choices, positions, actions.

Everything here builds hands through the public API only (``import pitchlab as pl``).

A hand is described by a :class:`Script`: a :class:`Deal` plus the *choices*
that play it, one index per decision into the list of legal actions at that
moment. Because ``legal_actions()`` and ``legal_codes()`` list the same actions
in the same order, one script replays identically through the checked path
(``legal_actions``/``apply``) and the fast path (``legal_codes``/``step``), and a
script can be cut anywhere to give a *position* that can be saved, reloaded and
continued with the rest of the choices.

Strategies without arguments are built once (``functools.cache``): building
and validating a strategy costs more than drawing from it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from hypothesis import strategies as st

import pitchlab as pl

RULES = pl.TEN_POINT
DECK_SIZE = len(RULES.deck)
"""54 slots: 52 standard cards and two identical jokers."""

Draw = Callable[[st.SearchStrategy[int]], int]
"""Anything that draws an int from a strategy: ``data.draw`` or a composite's ``draw``."""


@dataclass(frozen=True)
class Deal:
    """A shuffled deck and a dealer: either a slot permutation or a seed for ``pl.Hand.deal``."""

    dealer: int
    order: tuple[int, ...] | None = None
    seed: int | None = None

    def new_hand(self) -> pl.Hand:
        """A freshly dealt hand (in the bidding phase)."""
        if self.order is not None:
            return pl.Hand.from_order(RULES, self.dealer, self.order)
        return pl.Hand.deal(RULES, dealer=self.dealer, seed=self.seed)


@dataclass(frozen=True)
class Script:
    """A deal, the choices that play it out to the end, and where a position stops.

    ``choices[i]`` indexes the legal actions at decision ``i``. For a complete
    hand ``stop == len(choices)``; for a position, only ``choices[:stop]`` have
    been made and ``rest`` finishes the hand.
    """

    deal: Deal
    choices: tuple[int, ...]
    stop: int

    @property
    def made(self) -> tuple[int, ...]:
        return self.choices[: self.stop]

    @property
    def rest(self) -> tuple[int, ...]:
        return self.choices[self.stop :]

    def position(self) -> pl.Hand:
        """The hand after the first ``stop`` choices (checked path)."""
        return play_choices(self.deal.new_hand(), self.made)

    def complete(self) -> pl.Hand:
        """The hand after every choice (checked path); always over."""
        return play_choices(self.deal.new_hand(), self.choices)


# -------------------------------------------------------------------- deals


@functools.cache
def dealers() -> st.SearchStrategy[int]:
    return st.integers(0, RULES.players - 1)


@functools.cache
def deals() -> st.SearchStrategy[Deal]:
    """Any dealer, and a deck that is either an explicit permutation of the 54 slots or a seed.

    Seeds come first: a failing example then shrinks to a seed quickly (and the
    tests ``note`` its record), where shrinking a 54-card permutation can take minutes.
    """
    by_order = st.builds(Deal, dealers(), st.permutations(range(DECK_SIZE)).map(tuple), st.none())
    by_seed = st.builds(Deal, dealers(), st.none(), st.integers(0, 2**32 - 1))
    return st.one_of(by_seed, by_order)


# ----------------------------------------------------------- playing choices


def play_choices(hand: pl.Hand, choices: Sequence[int]) -> pl.Hand:
    """Make each choice through the checked path; returns ``hand`` (mutated)."""
    for index in choices:
        hand.apply(hand.legal_actions()[index])
    return hand


def play_randomly(hand: pl.Hand, draw: Draw, limit: int | None = None) -> list[int]:
    """Play ``hand`` by choices drawn from hypothesis (to the end, or ``limit`` steps).

    Returns the choices made, so the hand can be replayed from its deal.
    """
    choices: list[int] = []
    while not hand.is_over and (limit is None or len(choices) < limit):
        legal = hand.legal_actions()
        index = draw(st.integers(0, len(legal) - 1))
        hand.apply(legal[index])
        choices.append(index)
    return choices


@st.composite
def complete_hands(draw: st.DrawFn) -> Script:
    """A deal played to the end by random choices (``stop == len(choices)``)."""
    deal = draw(deals())
    choices = play_randomly(deal.new_hand(), draw)
    return Script(deal, tuple(choices), len(choices))


_COMPLETE_HANDS = complete_hands()


@st.composite
def positions(draw: st.DrawFn) -> Script:
    """A complete random hand cut at a random point: from the fresh deal to the finished hand."""
    script = draw(_COMPLETE_HANDS)
    stop = draw(st.integers(0, len(script.choices)))
    return Script(script.deal, script.choices, stop)


# ------------------------------------------------------------------ actions

ALL_CARDS: tuple[pl.Card, ...] = pl.CARDS
"""Every card value, including ``JKH`` and ``JKL`` which the ten-point deck does not hold."""


@functools.cache
def any_actions() -> st.SearchStrategy[pl.Action]:
    """Any well-formed action, legal or not: pass, bid -1..12, name any suit, play or bury any card."""
    return st.one_of(
        st.just(pl.Pass()),
        st.builds(pl.Bid, st.integers(-1, 12)),
        st.builds(pl.NameTrump, st.sampled_from(list(pl.Suit))),
        st.builds(pl.Play, st.sampled_from(ALL_CARDS)),
        st.builds(pl.Bury, st.sampled_from(ALL_CARDS)),
    )


def actions_at(hand: pl.Hand) -> st.SearchStrategy[pl.Action]:
    """An action for ``hand``'s current state: often one of its legal actions, otherwise any action."""
    legal = hand.legal_actions()
    if not legal:
        return any_actions()
    return st.one_of(st.sampled_from(legal), any_actions())


@functools.cache
def seats_or_none() -> st.SearchStrategy[int | None]:
    """The optional ``seat`` argument of ``Hand.apply``."""
    return st.one_of(st.none(), dealers())


# ------------------------------------------------------------------ players

PlayerKind = Literal["random", "rule-based"]


@functools.cache
def player_kinds() -> st.SearchStrategy[tuple[PlayerKind, PlayerKind, PlayerKind, PlayerKind]]:
    """Which bot sits in each seat: ``"random"`` or ``"rule-based"``."""
    kind: st.SearchStrategy[PlayerKind] = st.sampled_from(["random", "rule-based"])
    return st.tuples(kind, kind, kind, kind)


def make_players(kinds: Sequence[PlayerKind], seed: int) -> list[pl.Player]:
    players: list[pl.Player] = []
    for seat, kind in enumerate(kinds):
        if kind == "random":
            players.append(pl.RandomPlayer(seed + seat))
        else:
            players.append(pl.RuleBasedPlayer())
    return players
