"""Every kind of refusal, provoked in every preset, in a learner's words with no engine words left.

The engine refuses with a typed reason (:mod:`pitchlab.engine.refusals`) and the page words
that reason (:mod:`pitchlab.ui.plain`). Here each preset's hands are walked with seeded
random legal actions; at every decision the engine's own legal-action list is turned into
its complement (every card of the deck, every bid, every suit, malformed actions, every seat
out of turn) and each of those is applied. Each must be refused with nothing changed, and
the learner's words for it must be plain (no card codes, seat numbers, programmer phrases)
and must name what the reason's facts say (the card, the seat to act, the highest bid).
What each fact should look like in the words is written here, not taken from plain.py.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import ClassVar

import pytest

import pitchlab as pl
from pitchlab.engine import refusals
from pitchlab.engine.errors import IllegalAction, Reason
from pitchlab.ui.plain import reason_words, refusal_words
from pitchlab.ui.session import seat_name
from tests.helpers import code_shaped, snapshot

SEEDS = range(3)
MALFORMED = "XX"
"""What a malformed action carries where a card belongs."""

PHASE_WORD = {
    pl.Phase.BID: ("bid",),
    pl.Phase.NAME_TRUMP: ("trump",),
    pl.Phase.BURY: ("bury",),
    pl.Phase.DISCARD: ("discard", "throw away"),
    pl.Phase.CALL: ("call",),
    pl.Phase.PLAY: ("play",),
}
"""Words of which the learner's text must use one for what a phase asks (written from the rules)."""

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA]|10)[SHDC]\b|\bJK[HL]?\b")
ENGINE_WORDS = re.compile(r"\b(?:refused|phase|seat \d|team \d|expected|slot|None)\b")


@dataclass(frozen=True)
class Refused:
    """One refusal met in a walk: the exception, the learner who acted and the table's rules."""

    exc: IllegalAction
    learner: int
    rules: pl.Ruleset

    def name(self, seat: int) -> str:
        return seat_name(seat, self.learner, self.rules)


def single(card: object) -> pl.Discard:
    return pl.Discard((card,))  # type: ignore[arg-type]  # a malformed one too


CARD_ACTIONS: dict[pl.Phase, Callable[[object], pl.Action]] = {
    pl.Phase.PLAY: pl.Play,  # type: ignore[dict-item]
    pl.Phase.BURY: pl.Bury,  # type: ignore[dict-item]
    pl.Phase.CALL: pl.Call,  # type: ignore[dict-item]
    pl.Phase.DISCARD: single,
}
"""The actions that name a card, by the phase they belong to (a discard of one card)."""


def candidates(hand: pl.Hand) -> Iterator[pl.Action]:
    """Every action a page or a caller could send now: each card of the deck (and a malformed
    one) in the phase's card action, one card in each other card action, every bid from 0 past
    the top (and the moon), every suit, and malformed ones."""
    rules = hand.rules
    deck = list(dict.fromkeys(rules.deck))
    for phase, make in CARD_ACTIONS.items():
        for card in [*deck, MALFORMED] if phase is hand.phase else deck[:1]:
            yield make(card)
    yield from (pl.Bid(value) for value in range(rules.max_bid + 3))
    if rules.moon_bid is not None:
        yield pl.Bid(rules.moon_bid)
    yield from (pl.PASS, pl.THROW_IN)
    yield from (pl.NameTrump(suit) for suit in pl.Suit)
    yield pl.NameTrump("hearts")  # type: ignore[arg-type]
    yield pl.Discard(list(hand.hand_of(hand.to_act or 0)[:1]))  # type: ignore[arg-type]


def refuse(hand: pl.Hand, action: object, seat: int | None, rules: pl.Ruleset) -> Refused:
    with pytest.raises(IllegalAction) as refused:
        hand.apply(action, seat)  # type: ignore[arg-type]
    exc = refused.value
    learner = exc.seat if exc.seat is not None else (seat or 0)
    return Refused(exc, learner, rules)


def decision(hand: pl.Hand, rules: pl.Ruleset) -> Iterator[Refused]:
    """Every refusal the engine gives at this decision; the hand is checked unchanged after."""
    before = snapshot(hand)
    legal = hand.legal_actions()
    actor = hand.to_act
    assert actor is not None
    for action in candidates(hand):
        if action not in legal:
            refused = refuse(hand, action, actor, rules)
            fits(hand, refused.exc.reason)
            yield refused
    first = hand.legal_actions()[0]
    for other in range(rules.players):
        if other != actor:
            yield refuse(hand, first, other, rules)
    assert snapshot(hand) == before


def fits(hand: pl.Hand, reason: Reason) -> None:
    """The play's reasons agree with the position, checked from the rules: the called card is
    owed only to the first trick of a ruleset that says so (razzle-dazzle, not call-partner);
    a dead card is not trump; a suit to follow is not trump, a trump lead is."""
    rules, trump = hand.rules, hand.trump
    match reason:
        case refusals.MustPlayCalled(called=called):
            assert rules.called_to_first_lead and not hand.tricks, (rules.name, reason)
            assert called in hand.hand_of(hand.to_act or 0)
        case refusals.DeadCard(card=card):
            assert trump is not None and not rules.is_trump(card, trump), (rules.name, reason)
        case refusals.MustFollowSuit(lead=lead):
            assert trump is not None and not rules.is_trump(lead, trump), (rules.name, reason)
        case refusals.MustFollowTrump(lead=lead):
            assert trump is not None and rules.is_trump(lead, trump), (rules.name, reason)


def over(hand: pl.Hand, rules: pl.Ruleset) -> Iterator[Refused]:
    """A finished hand refuses everything, through the checked and the unchecked door."""
    yield refuse(hand, pl.PASS, None, rules)
    with pytest.raises(IllegalAction) as refused:
        hand.step(0)
    yield Refused(refused.value, 0, rules)


def choose(rng: random.Random, hand: pl.Hand) -> pl.Action:
    """A random legal action, steered to meet the rarer refusals: a throw-in whenever one is
    open (so a second is refused), a pass half the time (so a dealer is stuck), and a call of a
    card some other seat holds (so its holder is made to play it)."""
    legal = hand.legal_actions()
    if pl.THROW_IN in legal:
        return pl.THROW_IN
    if pl.PASS in legal and rng.random() < 0.5:
        return pl.PASS
    held = [
        a
        for a in legal
        if isinstance(a, pl.Call) and any(a.card in hand.hand_of(s) for s in range(hand.rules.players))
    ]
    return rng.choice(held or legal)


def first_hand_throws_in(name: str, seed: int) -> bool:
    """Whether the first hand of the seeded walk of ``name`` has a throw-in (played, unchecked)."""
    rules = pl.ruleset(name)
    rng = random.Random(seed)
    hand = pl.Game(rules, first_dealer=seed % rules.players, seed=seed).hand
    while not hand.is_over and hand.redeal is None:
        action = choose(rng, hand)
        if action == pl.THROW_IN:
            return True
        hand.apply(action)
    return False


@cache
def seeds(name: str) -> tuple[int, ...]:
    """The walks' seeds: the first three, and in a ruleset with a throw-in the first seed whose
    first hand has one (a throw-in needs a hand of a kind dealt a few times in a hundred)."""
    if pl.ruleset(name).throw_in == "none":
        return tuple(SEEDS)
    return (*SEEDS, next(seed for seed in range(1000) if first_hand_throws_in(name, seed)))


def walk(name: str, seed: int) -> Iterator[Refused]:
    """A seeded game of preset ``name``: every refusal of its first hand, the refusal of the
    next hand while one is on, then random play to the end and the refusal of a hand after."""
    rules = pl.ruleset(name)
    rng = random.Random(seed)
    game = pl.Game(rules, first_dealer=seed % rules.players, seed=seed)
    with pytest.raises(IllegalAction) as early:
        game.next_hand()
    yield Refused(early.value, 0, rules)
    first = game.hand
    while game.hand is first and not first.is_over:
        yield from decision(first, rules)
        game.apply(choose(rng, first))
    yield from over(first, rules)
    game.score_if_over()
    game.scores[:] = [rules.target - 1] * rules.num_teams  # random bids are mostly set: start near the end
    for _ in range(1000):  # hands: a game so near its end needs a few
        if game.is_over:
            break
        if game.hand.is_over:
            game.next_hand()
        while not game.hand.is_over:
            game.apply(rng.choice(game.hand.legal_actions()))
    assert game.is_over
    with pytest.raises(IllegalAction) as late:
        game.next_hand()
    yield Refused(late.value, 0, rules)


@cache
def codes_met(name: str) -> Counter[str]:
    """How often each kind of refusal was met in the preset's walks, the words checked."""
    met: Counter[str] = Counter()
    checked: set[tuple[object, ...]] = set()
    for seed in seeds(name):
        for refused in walk(name, seed):
            exc = refused.exc
            seen = (exc.reason, refused.learner, type(exc.action))  # the same words said again
            if seen not in checked:
                check_words(refused)
                checked.add(seen)
            met[exc.reason.code] += 1
    return met


# ---------------------------------------------------------------- what the words must say


def facts(reason: Reason, name: Callable[[int], str]) -> tuple[list[tuple[str, ...]], list[str]]:
    """What the learner's words (lower case) must say (one of each tuple), and must not, from
    the reason's facts.

    Each field is read by its name: a field nobody wrote an expectation for fails here, so a
    new fact is checked from the day it is added."""
    must: list[tuple[str, ...]] = []
    never: list[str] = []
    assert is_dataclass(reason)
    for field in fields(reason):
        value = getattr(reason, field.name)
        match field.name:
            case "seat":  # the refused seat is the learner's own
                must.append(("you",))
            case "turn" | "burier":
                must.append((name(value).lower(),))
            case "card" | "called" | "lead":
                must.append((value.label.lower() if isinstance(value, pl.Card) else "that",))
            case "phase":
                must.append(PHASE_WORD[value])
            case "high" | "least" | "most":
                must.append((str(value),))
            case "moon" if value is not None:
                must.append(("moon",))
            case "moon":
                never.append("moon")
            case "more" if value:
                must.append(("or more",))
            case "more":
                never.append("or more")
            case "alone" if value:
                never.append("team")
            case "alone":
                must.append(("team",))
            case "ruleset":
                must.append((value,))
            case "winner":  # the page names the game's end, its scores say who won
                must.append(("game is over",))
            case _:
                raise AssertionError(f"{type(reason).__name__}.{field.name}: no expectation written")
    return must, never


def normal(text: str) -> str:
    return " ".join(re.sub(r"[^\w♠♥♦♣]+", " ", text.lower()).split())


def check_words(refused: Refused) -> str:
    """The learner's words for ``refused``: plain, no engine wording, naming the reason's facts."""
    exc, reason = refused.exc, refused.exc.reason
    words = refusal_words(exc, refused.name)
    where = f"{refused.rules.name}: {exc}: {words!r}"
    assert type(reason) in refusals.REASONS, where
    assert words and words[0].isupper() and words.endswith("."), where
    unnamed = words
    for seat in range(refused.rules.players):  # the page's own seat names ("Seat 5") are not code
        unnamed = unnamed.replace(refused.name(seat), "someone")
    assert str(exc) not in words and normal(exc.rule) not in normal(unnamed), where
    assert not code_shaped(unnamed), (where, code_shaped(unnamed))
    assert not CARD_CODE.search(unnamed) and not ENGINE_WORDS.search(unnamed), where
    assert reason.code not in words and type(reason).__name__ not in words, where
    must, never = facts(reason, refused.name)
    for fact in must:
        assert any(word in words.lower() for word in fact), (where, fact)
    for absent in never:
        assert absent not in words.lower(), (where, absent)
    return words


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_every_refusal_in_a_preset_reads_plainly(name: str) -> None:
    met = codes_met(name)
    assert {"not-your-turn", "not-held", "hand-over", "hand-not-over", "game-over"} <= set(met), met


def test_every_kind_of_refusal_is_met_in_some_preset() -> None:
    """Each kind the engine can give is provoked by the walks (and its words checked there)."""
    met: Counter[str] = Counter()
    for name in pl.ruleset_names():
        met += codes_met(name)
    assert {reason.code for reason in refusals.REASONS} - set(met) == set()


def test_each_kind_is_listed_once_with_a_code_of_its_own() -> None:
    kinds = {
        v
        for v in vars(refusals).values()
        if isinstance(v, type) and issubclass(v, Reason) and v is not Reason
    }
    assert set(refusals.REASONS) == kinds
    codes = [reason.code for reason in refusals.REASONS]
    assert len(codes) == len(set(codes)) == len(kinds)


def test_a_kind_without_learner_words_fails_loudly() -> None:
    """A new kind of refusal the page has no words for raises, rather than fall back to the
    engine's text: its test fails before a learner meets it."""

    @dataclass(frozen=True)
    class Unworded(Reason):
        code: ClassVar[str] = "unworded"

        def rule(self) -> str:
            return "a rule nobody worded for learners"

    exc = IllegalAction(0, pl.PASS, Unworded())
    assert "a rule nobody worded for learners" in str(exc)
    with pytest.raises(LookupError, match="Unworded"):
        refusal_words(exc, seat_name)
    with pytest.raises(LookupError):
        reason_words(Unworded(), seat_name)


def test_a_kind_without_programmer_words_fails_loudly() -> None:
    class Bare(Reason):
        code: ClassVar[str] = "bare"

    with pytest.raises(NotImplementedError, match="Bare"):
        IllegalAction(0, pl.PASS, Bare())
