"""Hostile input: every parser a student can reach, fed garbage on a fixed budget.

The promise checked here is the one the app relies on: a text box or an upload
either parses or raises the engine's own error (a :class:`pl.PitchError`, or
``ValueError`` for a number), never another exception, never a hang, and never
a changed state. Budgets are fixed so CI stays quick; ``benchmarks/fuzz.py``
runs the same targets for longer (with atheris when it is installed).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pitchlab as pl
from pitchlab.ui.classroom import read_number
from pitchlab.ui.session import Table
from tests import fuzz_targets
from tests.budget import examples

BUDGET = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=30,
)
"""Any JSON value, nested."""

CARDISH = st.text(alphabet="AKQJT98765432SHDCJKLhds10♠♥♦♣ ,x-", max_size=40)
"""Text near the card notation, where parser bugs hide."""


@BUDGET
@given(st.text(max_size=60) | CARDISH)
def test_card_parsers_parse_or_refuse(text: str) -> None:
    fuzz_targets.cards(text)


@BUDGET
@given(st.text(max_size=40) | st.from_regex(r"\s*-?[0-9.,/%]{0,12}\s*", fullmatch=True))
def test_number_box_parses_or_refuses(text: str) -> None:
    value = fuzz_targets.refusal(lambda: read_number(text), (ValueError,))
    if isinstance(value, str):
        assert value != "refused: " and "\n" not in value
        return
    assert isinstance(value, Fraction)


@BUDGET
@given(st.text(max_size=200) | JSON.map(json.dumps))
def test_record_loader_refuses_garbage_with_bad_record(text: str) -> None:
    fuzz_targets.record_text(text)


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    """A real record of some ruleset, cut short and then damaged in one to three places."""
    name = draw(st.sampled_from(pl.ruleset_names()))
    rng = random.Random(draw(st.integers(0, 2**32)))
    hand = pl.Hand.deal(pl.ruleset(name), seed=rng)
    for _ in range(draw(st.integers(0, 60))):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    record: dict[str, Any] = pl.to_record(hand)
    for _ in range(draw(st.integers(1, 3))):
        fuzz_targets.mutate(record, draw(JSON), draw(st.integers(0, 2**32)))
    return json.dumps(record)


@BUDGET
@given(mutated_records())
def test_damaged_records_load_or_refuse(text: str) -> None:
    fuzz_targets.record_text(text)


@BUDGET
@given(st.sampled_from(pl.ruleset_names()), st.integers(0, 2**32), st.lists(JSON, max_size=8))
def test_garbage_actions_are_refused_and_change_nothing(name: str, seed: int, junk: list[Any]) -> None:
    fuzz_targets.actions(name, seed, junk)


def test_the_targets_reject_a_planted_crash() -> None:
    """The harness itself must notice an exception that is not the engine's own."""
    with pytest.raises(ZeroDivisionError):
        fuzz_targets.guarded(lambda: 1 // 0, "planted")


@st.composite
def damaged_games(draw: st.DrawFn) -> str:
    """A real saved game, part-played, damaged in one to three places."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    game = pl.Game(pl.ruleset(draw(st.sampled_from(pl.ruleset_names()))), seed=rng.randrange(10**6))
    for _ in range(draw(st.integers(0, 40))):
        if game.hand.is_over:
            if game.is_over:
                break
            game.next_hand()
        else:
            game.apply(rng.choice(game.hand.legal_actions()))
    data: dict[str, Any] = pl.game_to_record(game)
    for _ in range(draw(st.integers(1, 3))):
        hands = (
            [h for h in data.get("hands") or [] if isinstance(h, dict) and h]
            if isinstance(data.get("hands"), list)
            else []
        )
        target = rng.choice(hands) if hands and rng.random() < 0.6 else data
        if target:
            fuzz_targets.mutate(target, draw(JSON), draw(st.integers(0, 2**32)))
    return json.dumps(data)


@st.composite
def damaged_seals(draw: st.DrawFn) -> str:
    """A real sealed save, its view or its sealed part damaged: a value replaced, or characters."""
    table = Table(rules=pl.ruleset(draw(st.sampled_from(pl.ruleset_names()))), seed=draw(st.integers(0, 999)))
    table.run_bots(draw(st.integers(0, 12)))
    data: dict[str, Any] = json.loads(table.saved_game())
    if draw(st.booleans()):
        fuzz_targets.mutate(data["view"], draw(JSON), draw(st.integers(0, 2**32)))
    else:
        token = data["sealed"]
        at = draw(st.integers(0, len(token)))
        data["sealed"] = token[:at] + draw(st.text(max_size=4)) + token[at + draw(st.integers(0, 4)) :]
    return json.dumps(data)


@BUDGET
@given(st.text(max_size=200) | JSON.map(json.dumps) | damaged_games() | damaged_seals())
def test_saved_games_load_or_refuse(text: str) -> None:
    fuzz_targets.game_text(text)
