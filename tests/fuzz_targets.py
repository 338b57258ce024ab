"""The fuzzing targets, shared by the CI fuzz tests (hypothesis) and ``benchmarks/fuzz.py`` (atheris).

Each target feeds one input to a parser a student can reach and checks the
contract: it parses, or it raises the engine's own error with a one-line
message. Anything else propagates, and the fuzzer reports it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pitchlab as pl

T = TypeVar("T")
EXPECTED: tuple[type[Exception], ...] = (pl.PitchError,)


def refusal(call: Callable[[], T], expected: tuple[type[Exception], ...] = EXPECTED) -> T | str:
    """``call()``'s value, or the message of the engine's own refusal (anything else propagates)."""
    try:
        return call()
    except expected as exc:
        return f"refused: {exc}"


def guarded(call: Callable[[], T], what: str) -> T | None:
    """``call()``, where the engine's own refusal is a pass and its message must be one line."""
    outcome = refusal(call)
    if isinstance(outcome, str) and outcome.startswith("refused: "):
        assert outcome != "refused: " and "\n" not in outcome, f"{what}: refusal without a one-line message"
        return None
    return outcome  # type: ignore[return-value]


def cards(text: str) -> None:
    """Card codes as typed into a box: parse, and what parses prints back the same."""
    parsed = guarded(lambda: pl.parse_cards(text), "parse_cards")
    if parsed is not None:
        assert pl.parse_cards(pl.format_cards(parsed)) == parsed
    card = guarded(lambda: pl.parse_card(text), "parse_card")
    if card is not None:
        assert pl.parse_card(card.code) == card


def record_text(text: str) -> None:
    """An uploaded file: a hand, or :class:`pl.BadRecord`; what loads saves and loads back the same."""
    hand = guarded(lambda: pl.loads(text), "loads")
    if hand is None:
        return
    again = pl.loads(pl.dumps(hand))
    assert pl.to_record(again) == pl.to_record(hand)


def mutate(record: dict[str, Any], junk: object, seed: int) -> None:
    """Damage one place of a record: replace, drop or add a key, or change one list item."""
    rng = random.Random(seed)
    key = rng.choice(sorted(record))
    roll = rng.random()
    if roll < 0.2:
        del record[key]
    elif roll < 0.3:
        record[rng.choice(["junk", "Bids", "plays ", "scores", "call", "discard"])] = junk
    elif isinstance(record[key], list) and record[key] and roll < 0.8:
        items = record[key]
        i = rng.randrange(len(items))
        if isinstance(items[i], list) and items[i] and rng.random() < 0.5:
            items[i][rng.randrange(len(items[i]))] = junk
        elif rng.random() < 0.3:
            del items[i]
        else:
            items[i] = junk
    else:
        record[key] = junk


def actions(name: str, seed: int, junk: list[object]) -> None:
    """Actions built from junk, offered to a hand part-played: legal ones apply, the rest are
    refused without changing anything."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(pl.ruleset(name), seed=rng)
    for _ in range(rng.randrange(40)):
        if hand.is_over:
            return
        hand.apply(rng.choice(hand.legal_actions()))
    for item in junk:
        action = _action_from(item, rng)
        before = pl.dumps(hand), hand.phase, hand.to_act
        # the same action as one listed, value and type: Play(False) equals Play(Card(0)) to Python
        # (a bool is an int, and so is a card), but False is no card and the engine refuses it
        legal = repr(action) in {repr(a) for a in hand.legal_actions()}
        outcome = refusal(lambda: hand.apply(action), (pl.IllegalAction,))  # type: ignore[arg-type]  # noqa: B023
        if isinstance(outcome, str):
            assert not legal, f"{action!r} is listed as legal but was {outcome}"
            assert (pl.dumps(hand), hand.phase, hand.to_act) == before
            assert "\n" not in outcome
            continue
        assert legal, f"{action!r} was accepted but is not among the legal actions"
        if hand.is_over:
            return


def _action_from(item: object, rng: random.Random) -> object:
    """An action of a random kind carrying ``item`` (often the wrong type) as its value."""
    kinds: list[Callable[[], object]] = [
        lambda: pl.Bid(item),  # type: ignore[arg-type]
        lambda: pl.Play(item),  # type: ignore[arg-type]
        lambda: pl.Bury(item),  # type: ignore[arg-type]
        lambda: pl.NameTrump(item),  # type: ignore[arg-type]
        lambda: pl.Call(item),  # type: ignore[arg-type]
        lambda: pl.Discard(item),  # type: ignore[arg-type]
        lambda: pl.Discard((item,)),  # type: ignore[arg-type]
        lambda: pl.PASS,
        lambda: pl.THROW_IN,
        lambda: copy.copy(item),
    ]
    return rng.choice(kinds)()


def game_text(text: str) -> None:
    """A saved game from the browser's storage or an upload, sealed or plain: a game, or the
    engine's refusal (:class:`pl.BadRecord`, :class:`pl.SaveRefused`); what opens seals and
    opens back the same."""
    game = guarded(lambda: pl.open_game(text), "open_game")
    if game is not None:
        assert pl.game_to_record(pl.open_game(pl.seal_game(game, 0))) == pl.game_to_record(game)
