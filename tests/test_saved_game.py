"""Saved games (``pitchlab-game/1``): the whole game, sealed inside the app's saves and offered to resume.

A game saved at any point and restored must go on exactly as the original:
the same current hand, the same scores, and (the generator's state being
saved) the same next deals, so bots play the rest of the game identically.
"""

from __future__ import annotations

import json
import random

import pytest

import pitchlab as pl


def play(game: pl.Game, steps: int, bot: pl.RuleBasedPlayer) -> int:
    """Play up to ``steps`` actions with the bot in every seat, dealing on; the steps taken."""
    for taken in range(steps):
        if game.is_over:
            return taken
        if game.hand.is_over:
            game.next_hand()
            continue
        hand = game.hand
        assert hand.to_act is not None
        game.apply(bot.decide(hand.view(hand.to_act)).action)
    return steps


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_a_game_saved_anywhere_goes_on_exactly_as_the_original(name: str) -> None:
    bot = pl.RuleBasedPlayer()
    rng = random.Random(name)
    original = pl.Game(pl.ruleset(name), seed=rng.randrange(10**6))
    play(original, rng.randrange(20, 90), bot)
    restored = pl.loads_game(pl.dumps_game(original))
    assert pl.game_to_record(restored) == pl.game_to_record(original)
    assert restored.scores == original.scores and restored.winner == original.winner
    assert pl.to_record(restored.hand) == pl.to_record(original.hand)
    play(original, 150, bot)
    play(restored, 150, bot)
    assert pl.game_to_record(restored) == pl.game_to_record(original)
    assert [s.scores for s in restored.history] == [s.scores for s in original.history]


def test_a_fresh_game_round_trips() -> None:
    game = pl.Game(seed=3)
    again = pl.loads_game(pl.dumps_game(game))
    assert pl.to_record(again.hand) == pl.to_record(game.hand)


@pytest.mark.parametrize(
    ("damage", "where"),
    [
        (lambda d: d.update(format="pitchlab-hand/1"), "format"),
        (lambda d: d.update(ruleset="nine-point"), "ruleset"),
        (lambda d: d.update(hands=[]), "hands"),
        (lambda d: d.update(rng=[3, [1, 2], None]), "rng"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["hands"][0].update(bids=["pass", "pass", "pass", "pass"]), "hands[0].bids[3]"),
        (lambda d: d["hands"][0].update(ruleset="auction-pitch"), "hands[0].ruleset"),
        (lambda d: d["hands"].insert(0, dict(d["hands"][-1])), "hands[0]"),
    ],
)
def test_a_damaged_save_is_refused_naming_the_place(damage: object, where: str) -> None:
    game = pl.Game(seed=5)
    play(game, 30, pl.RuleBasedPlayer())
    data = json.loads(pl.dumps_game(game))
    damage(data)  # type: ignore[operator]
    with pytest.raises(pl.BadRecord) as info:
        pl.game_from_record(data)
    assert info.value.where == where, str(info.value)


# ------------------------------------------------------------------ size caps
# A save padded with spaces is still valid JSON, so only a size cap refuses it: padded to
# one character over the cap it must be refused, padded exactly to the cap it must load.


def padded(text: str, size: int) -> str:
    return text + " " * (size - len(text))


def test_a_saved_game_over_the_cap_is_refused_in_one_line_and_one_at_the_cap_loads() -> None:
    from pitchlab.engine.limits import MAX_GAME_CHARS

    game = pl.Game(seed=3)
    saved = pl.dumps_game(game)
    restored = pl.loads_game(padded(saved, MAX_GAME_CHARS))
    assert pl.game_to_record(restored) == pl.game_to_record(game)
    with pytest.raises(pl.BadRecord) as info:
        pl.loads_game(padded(saved, MAX_GAME_CHARS + 1))
    message = str(info.value)
    assert "4,194,304" in message and "\n" not in message  # 4 MiB, worked by hand: 4 * 1024 * 1024


def test_a_hand_record_over_the_cap_is_refused_and_one_at_the_cap_loads() -> None:
    from pitchlab.engine.limits import MAX_RECORD_CHARS

    hand = pl.Hand.deal(pl.TEN_POINT, 0, 5)
    text = pl.dumps(hand)
    assert pl.to_record(pl.loads(padded(text, MAX_RECORD_CHARS))) == pl.to_record(hand)
    with pytest.raises(pl.BadRecord, match="1,048,576"):  # 1 MiB = 1024 * 1024
        pl.loads(padded(text, MAX_RECORD_CHARS + 1))


def test_a_deeply_nested_save_is_a_bad_record_not_a_recursion_error() -> None:
    with pytest.raises(pl.BadRecord, match="nested too deeply"):
        pl.loads_game("[" * 100_000 + "]" * 100_000)


def test_the_load_boxes_refuse_an_oversized_paste_with_a_message_and_change_nothing() -> None:
    from pitchlab.engine.limits import MAX_GAME_CHARS, MAX_RECORD_CHARS
    from pitchlab.ui.table_app import TableApp

    app = TableApp(seed=6)
    app.next.click()
    before = pl.dumps_game(app.table.game)
    app.record_box.value = padded(pl.dumps(app.table.hand), MAX_RECORD_CHARS + 1)
    app.load.click()
    assert "Could not load" in app.message.value and "1,048,576" in app.message.value
    assert pl.dumps_game(app.table.game) == before
    app.record_box.value = padded(pl.dumps_game(pl.Game(seed=8)), MAX_GAME_CHARS + 1)
    app.load_game.click()
    assert "Could not load that game" in app.message.value and "4,194,304" in app.message.value
    assert pl.dumps_game(app.table.game) == before
