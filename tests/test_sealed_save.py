"""Sealed saves (``pitchlab-save/1``): what the browser keeps resumes the game exactly, shows
nothing the learner's seat could not see, and is refused in one line when changed.

The run's key comes from the root conftest (``PITCHLAB_SAVE_KEY``); tests of the key file
point ``XDG_DATA_HOME`` at a folder of their own.
"""

from __future__ import annotations

import base64
import json
import os
import random
import re
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

import pitchlab as pl
from pitchlab.engine import saves
from pitchlab.ui.session import Table

REFUSED = "this save was changed or made by another server, so it cannot be resumed"
"""The line the brief asks for, written out here rather than read from the code."""


def step(table: Table, steps: int, bot: pl.Player) -> None:
    """Play ``steps`` moves with ``bot`` deciding for the learner too, dealing on."""
    for _ in range(steps):
        if table.game.winner is not None:
            return
        if table.hand.is_over:
            assert table.new_hand()
        elif table.human_to_act:
            assert table.act(bot.decide(table.hand.view(0)).action), table.message
        else:
            assert table.advance() is not None


LIKE_THE_TABLE = pl.RuleBasedPlayer(bidding="ladder")
"""The learner's seat played as the table's bots play a first game: bidding by the strength of
the hand."""


def played(name: str, steps: int | None = None) -> Table:
    """A table of ``name`` part-way through a game that goes on, at a place chosen by the name
    (the next seed of the name's own where a game ended first, as on a made 10)."""
    for attempt in range(20):
        rng = random.Random(f"sealed:{name}" + (f":{attempt}" if attempt else ""))
        table = Table(rules=pl.ruleset(name), seed=rng.randrange(10**6))
        step(table, rng.randrange(15, 70) if steps is None else steps, LIKE_THE_TABLE)
        if table.game.winner is None:
            return table
    raise AssertionError(f"{name}: twenty games in a row were over within 70 moves")


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_a_sealed_save_resumes_exactly_with_the_same_later_deals(name: str) -> None:
    original = played(name)
    stored = original.saved_game()
    assert json.loads(stored)["format"] == "pitchlab-save/1"
    resumed = Table(rules=pl.TEN_POINT, seed=1)
    resumed.restore_game(stored)
    assert resumed.rules == original.rules
    assert pl.game_to_record(resumed.game) == pl.game_to_record(original.game)
    bot = LIKE_THE_TABLE
    step(original, 200, bot)
    step(resumed, 200, bot)
    dealt = [pl.to_record(s.hand)["hands"] for s in original.game.history]
    assert len(dealt) >= 2  # the comparison reaches hands dealt after the save
    assert pl.game_to_record(resumed.game) == pl.game_to_record(original.game)


def strings_and_numbers(value: object) -> Iterator[object]:
    """Every leaf of a parsed JSON value."""
    if isinstance(value, dict):
        for item in value.values():
            yield from strings_and_numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_and_numbers(item)
    else:
        yield value


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_the_stored_text_shows_no_card_the_seat_cannot_see_nor_the_generator(name: str) -> None:
    table = played(name)
    stored = table.saved_game()
    data = json.loads(stored)
    assert set(data) == {"format", "view", "sealed"}

    # the hidden cards, from the plain record of the hand: every other seat's deal and the stock,
    # less any card whose code the learner's seat holds (ten-point deals two jokers, both "JK")
    plain = pl.to_record(table.hand)
    mine = {card.code for card in table.hand.view(0).hand}
    hidden = {code for hand in plain["hands"][1:] for code in hand} | set(plain["stock"])
    hidden -= mine
    assert hidden, "a hand always hides some card"
    leaves = list(strings_and_numbers(data["view"]))
    assert not hidden & {leaf for leaf in leaves if isinstance(leaf, str)}
    assert set(data["view"]["cards"]) <= mine
    # and as text: no hidden code may occur anywhere in the stored text once the sealed part
    # is cut out, standing as a word of its own (so "KH" inside the joker "JKH" is not one)
    clear = stored.replace(data["sealed"], "")
    assert not [code for code in hidden if re.search(rf"(?<![A-Za-z0-9]){code}(?![A-Za-z0-9])", clear)]

    # the generator's state: its long numbers appear nowhere in the stored text
    state = pl.game_to_record(table.game)["rng"][1]
    long_numbers = [str(n) for n in state if n >= 10**8]
    assert len(long_numbers) > 500
    assert not [n for n in long_numbers if n in stored]

    # the sealed part is encrypted, not merely encoded: its bytes hold none of the game's JSON
    raw = base64.urlsafe_b64decode(data["sealed"])
    for marker in (b'"hands"', b'"stock"', b"pitchlab-game", name.encode()):
        assert marker not in raw


def test_a_table_of_bots_seals_no_cards() -> None:
    table = Table(human=None, seed=4)
    table.run_bots(10)
    assert json.loads(table.saved_game())["view"]["cards"] == []


def test_the_offer_names_the_ruleset_the_hand_and_the_score() -> None:
    table = played("ten-point", 120)
    hand_number = len(table.game.history) + (0 if table.hand.is_over else 1)
    scores = table.game.scores
    said = Table(seed=2).saved_summary(table.saved_game())
    assert said == f"ten-point, hand {hand_number}, score {scores[0]} to {scores[1]}"


# ---------------------------------------------------------------- refusals


def refused_and_unchanged(table: Table, text: str) -> str:
    """Restore ``text`` into ``table``: it must be refused in one line, the table as it was."""
    before = (pl.dumps_game(table.game), table.rules.name, list(table.log))
    with pytest.raises(pl.PitchError) as info:
        table.restore_game(text)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 300
    assert (pl.dumps_game(table.game), table.rules.name, list(table.log)) == before
    return message


def test_one_changed_byte_anywhere_is_refused_or_changes_nothing() -> None:
    """Every single-character change to a save: refused in one line, or (a change base64 does
    not see, in the padding bits of the last character) the very same game."""
    source = played("ten-point", 6)
    stored = source.saved_game()
    expected = pl.game_to_record(source.game)
    table = Table(seed=12)
    before = pl.dumps_game(table.game)
    messages: list[str] = []
    accepted = 0
    for i, char in enumerate(stored):
        changed = stored[:i] + ("B" if char != "B" else "C") + stored[i + 1 :]
        try:
            game = pl.open_game(changed)
        except pl.PitchError as exc:
            messages.append(str(exc))
            continue
        accepted += 1
        assert pl.game_to_record(game) == expected, f"character {i} changed the game"
    assert accepted <= 2 and len(messages) == len(stored) - accepted
    assert not [m for m in messages if "\n" in m]
    assert pl.dumps_game(table.game) == before


@pytest.mark.parametrize(
    "tamper",
    [
        # a letter of the ciphertext changed (to one it is not: the token is random, so it may be x)
        pytest.param(
            lambda d: d.update(sealed=d["sealed"][:40] + "xy"[d["sealed"][40] == "x"] + d["sealed"][41:]),
            id="token-byte",
        ),
        pytest.param(lambda d: d.update(sealed=d["sealed"][: len(d["sealed"]) // 2]), id="truncated"),
        pytest.param(lambda d: d["view"].update(scores=[9, 0]), id="view-score"),
        pytest.param(lambda d: d["view"].update(seat=1), id="view-seat"),
        pytest.param(lambda d: d["view"].update(cards=[]), id="view-cards"),
        pytest.param(lambda d: d.update(sealed=7), id="token-not-text"),
        pytest.param(lambda d: d.update(extra="x"), id="extra-key"),
        pytest.param(lambda d: d.update(sealed="é" * 80), id="token-not-ascii"),
    ],
)
def test_a_tampered_save_is_refused_with_the_one_line(tamper: object) -> None:
    data = json.loads(played("ten-point", 10).saved_game())
    tamper(data)  # type: ignore[operator]
    assert refused_and_unchanged(Table(seed=3), json.dumps(data)) == REFUSED


def test_a_save_sealed_under_one_key_is_refused_under_another(monkeypatch: pytest.MonkeyPatch) -> None:
    key_a, key_b = Fernet.generate_key(), Fernet.generate_key()
    monkeypatch.setenv("PITCHLAB_SAVE_KEY", key_a.decode())
    source = played("auction-pitch", 10)
    stored = source.saved_game()
    pl.open_game(stored)  # under A it opens
    monkeypatch.setenv("PITCHLAB_SAVE_KEY", key_b.decode())
    assert refused_and_unchanged(Table(seed=3), stored) == REFUSED


def test_a_save_past_its_age_is_refused_and_one_inside_it_opens() -> None:
    import time

    stored = played("ten-point", 5).saved_game()
    year = 365 * 24 * 3600
    pl.open_game(stored, now=time.time() + year)  # last school year's game still resumes
    with pytest.raises(pl.SaveRefused, match="days old, so it cannot be resumed"):
        pl.open_game(stored, now=time.time() + 2 * year)


def test_a_plain_saved_game_still_loads_but_is_saved_sealed() -> None:
    source = played("cutthroat", 30)
    table = Table(seed=3)
    table.restore_game(pl.dumps_game(source.game))  # a teacher's or the explorer's file
    assert pl.game_to_record(table.game) == pl.game_to_record(source.game)
    assert json.loads(table.saved_game())["format"] == "pitchlab-save/1"


def test_an_oversized_sealed_save_is_refused_by_its_cap() -> None:
    from pitchlab.engine.limits import MAX_SAVE_CHARS

    stored = played("ten-point", 5).saved_game()
    message = refused_and_unchanged(Table(seed=3), stored + " " * (MAX_SAVE_CHARS + 1 - len(stored)))
    assert "6,291,456" in message  # 6 MiB = 6 * 1024 * 1024
    pl.open_game(stored + " " * (MAX_SAVE_CHARS - len(stored)))


# ---------------------------------------------------------------- the key


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No key in the environment, and a data folder of the test's own."""
    monkeypatch.delenv("PITCHLAB_SAVE_KEY", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "pitchlab" / "save.key"


def test_the_key_file_is_made_once_readable_by_its_owner_only(data_home: Path) -> None:
    stored = played("ten-point", 8).saved_game()
    assert data_home.exists()
    assert stat.S_IMODE(data_home.stat().st_mode) == 0o600
    made = data_home.read_bytes()
    Fernet(made.strip())  # a real Fernet key
    # a restarted server reads the same file: the save still opens, the key is unchanged
    pl.open_game(stored)
    assert data_home.read_bytes() == made
    assert not [p.name for p in data_home.parent.iterdir() if p.name != "save.key"]  # nothing left aside


def test_kernels_starting_together_agree_on_one_key(data_home: Path) -> None:
    keys: list[bytes] = []
    start = threading.Barrier(8)

    def first_use() -> None:
        start.wait()
        keys.append(saves.save_key())

    threads = [threading.Thread(target=first_use) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keys) == 8 and len(set(keys)) == 1
    assert keys[0] == data_home.read_bytes().strip()


def test_a_key_file_others_can_read_is_refused(data_home: Path) -> None:
    saves.save_key()
    os.chmod(data_home, 0o644)
    with pytest.raises(pl.PitchError, match="chmod 600"):
        saves.save_key()


def test_the_environment_key_wins_and_a_bad_one_says_how_to_make_one(
    data_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = Fernet.generate_key()
    monkeypatch.setenv("PITCHLAB_SAVE_KEY", key.decode())
    assert saves.save_key() == key
    assert not data_home.exists()
    monkeypatch.setenv("PITCHLAB_SAVE_KEY", "not a key")
    with pytest.raises(pl.PitchError, match=r"Fernet\.generate_key") as info:
        saves.save_key()
    assert "\n" not in str(info.value)


def test_a_data_folder_where_no_key_can_be_kept_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PITCHLAB_SAVE_KEY", raising=False)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    with pytest.raises(pl.PitchError, match="set PITCHLAB_SAVE_KEY instead"):
        saves.save_key()


# ---------------------------------------------------------------- the app


def test_the_app_stores_and_offers_only_sealed_saves() -> None:
    from pitchlab.ui.table_app import TableApp

    app = TableApp(seed=4, autosave="app")
    app.next.click()
    assert app.autosave is not None
    assert json.loads(app.autosave.store.value)["format"] == "pitchlab-save/1"
    app.save_game.click()
    assert json.loads(app.record_box.value)["format"] == "pitchlab-save/1"
    assert 'download="pitchlab-save.json"' in app.download.value
    payload = app.download.value.split("base64,", 1)[1].split('"', 1)[0]
    assert json.loads(base64.b64decode(payload))["format"] == "pitchlab-save/1"
    kept = pl.game_to_record(app.table.game)
    app.new_game.click()
    assert pl.game_to_record(app.table.game) != kept
    app.load_game.click()  # the sealed save still in the box
    assert pl.game_to_record(app.table.game) == kept


def test_a_tampered_save_in_the_browser_gets_one_line_and_the_new_game_is_kept() -> None:
    from pitchlab.ui.table_app import TableApp

    earlier = TableApp(seed=4, autosave="app")
    earlier.next.click()
    assert earlier.autosave is not None
    data = json.loads(earlier.autosave.store.value)
    data["view"]["scores"] = [10, 0]

    app = TableApp(seed=5, autosave="app")
    auto = app.autosave
    assert auto is not None
    before = pl.dumps_game(app.table.game)
    auto.store.stored = json.dumps(data)
    auto.store.ready = True
    assert auto.offered and auto.resume_button.layout.display == "none"
    assert auto.message.value == f"<b>Saved game refused:</b> {REFUSED}. A new game is ready."
    assert pl.dumps_game(app.table.game) == before
    assert pl.game_to_record(pl.open_game(auto.store.value)) == pl.game_to_record(app.table.game)


def test_a_good_save_in_the_browser_is_offered_with_what_it_holds() -> None:
    from pitchlab.ui.table_app import TableApp

    earlier = TableApp(seed=4, autosave="app")
    earlier.next.click()
    assert earlier.autosave is not None
    app = TableApp(seed=5, autosave="app")
    assert app.autosave is not None
    app.autosave.store.stored = earlier.autosave.store.value
    app.autosave.store.ready = True
    assert "kept your game from last time: ten-point, hand 1, score 0 to 0." in app.autosave.message.value


def test_a_server_with_no_key_says_the_game_is_not_saved_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pitchlab.ui.table_app import TableApp
    from tests.test_widgets import click_once

    monkeypatch.delenv("PITCHLAB_SAVE_KEY", raising=False)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    app = TableApp(seed=4, autosave="app")
    assert app.autosave is not None
    for _ in range(3):
        click_once(app)
    assert len(app.table.log) >= 3  # the game went on
    assert app.autosave.offered and app.autosave.store.value == ""
    line = app.autosave.message.value
    assert line.startswith("<b>Your game is not being saved:</b> no save key could be kept at ")
    assert "\n" not in line and "set PITCHLAB_SAVE_KEY instead" in line
