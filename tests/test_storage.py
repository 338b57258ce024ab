"""The autosave bridge, driven from Python as the browser would drive it (the browser side is
checked by the reload test in tests/browser)."""

from __future__ import annotations

import pitchlab as pl
from pitchlab.ui.storage import Autosave


class Table:
    """Just enough of a page: a game that can be saved and replaced."""

    def __init__(self) -> None:
        self.game = pl.Game(seed=1)

    def save(self) -> str:
        return pl.dumps_game(self.game)

    def restore(self, text: str) -> None:
        self.game = pl.loads_game(text)


def opened(stored: str) -> tuple[Table, Autosave]:
    """A page opening in a browser that holds ``stored``."""
    table = Table()
    auto = Autosave("app", table.save, table.restore)
    auto.store.stored = stored
    auto.store.ready = True
    return table, auto


def test_a_new_browser_gets_no_offer_and_every_step_is_saved() -> None:
    table, auto = opened("")
    assert not auto.offered
    auto.save()
    assert pl.loads_game(auto.store.value).hand.dealt_to(0) == table.game.hand.dealt_to(0)


def test_a_saved_game_is_offered_and_resumed_exactly() -> None:
    earlier = pl.Game(seed=9)
    earlier.apply(earlier.hand.legal_actions()[0])
    table, auto = opened(pl.dumps_game(earlier))
    assert auto.offered
    auto.save()  # the fresh game must not overwrite the saved one while the offer stands
    assert auto.store.value == ""
    auto.resume()
    assert not auto.offered
    assert pl.game_to_record(table.game) == pl.game_to_record(earlier)
    assert auto.store.value == pl.dumps_game(earlier)


def test_declining_keeps_the_new_game_and_saves_it() -> None:
    table, auto = opened(pl.dumps_game(pl.Game(seed=9)))
    auto.decline()
    assert not auto.offered
    assert auto.store.value == pl.dumps_game(table.game)


def test_a_damaged_save_is_explained_and_the_game_goes_on() -> None:
    table, auto = opened('{"format": "pitchlab-game/1", "hands": 3}')
    before = pl.dumps_game(table.game)
    auto.resume()
    assert "Saved game refused" in auto.message.value and "A new game is ready" in auto.message.value
    assert auto.offered and auto.resume_button.layout.display == "none"
    assert pl.dumps_game(table.game) == before
    assert auto.store.value == before  # the damaged save is worth nothing: the new game replaces it
    auto.decline()
    assert not auto.offered and auto.store.value == before


def test_the_app_saves_every_step_and_resumes_a_saved_game() -> None:
    from pitchlab.ui.table_app import TableApp

    earlier = TableApp(seed=4, autosave="app")
    earlier.next.click()
    assert earlier.autosave is not None
    saved = earlier.autosave.store.value
    assert pl.game_to_record(pl.open_game(saved)) == pl.game_to_record(earlier.table.game)

    app = TableApp(seed=5, autosave="app")
    assert app.autosave is not None
    app.autosave.store.stored = saved
    app.autosave.store.ready = True  # the browser reports what it holds
    assert app.autosave.offered
    app.autosave.resume_button.click()
    assert pl.game_to_record(app.table.game) == pl.game_to_record(earlier.table.game)
    assert "exactly where you left it" in app.table.message


def test_the_address_picks_the_seed_and_the_ruleset_and_junk_is_ignored_aloud() -> None:
    from pitchlab.ui.table_app import TableApp

    app = TableApp()
    app.apply_query("seed=7&ruleset=auction-pitch")
    assert app.table.rules.name == "auction-pitch" and app.rules_menu.value == "auction-pitch"
    again = TableApp()
    again.apply_query("seed=7&ruleset=auction-pitch")
    assert pl.to_record(again.table.hand) == pl.to_record(app.table.hand)  # the same deal for everyone
    before = pl.dumps_game(app.table.game)
    app.apply_query("seed=1e9&ruleset=%3Cscript%3E")
    assert pl.dumps_game(app.table.game) == before
    assert "Ignored from the address" in app.table.message and "<script>" not in app.message.value


def test_the_address_is_read_whatever_its_number_of_fields() -> None:
    from pitchlab.ui.table_app import TableApp

    app = TableApp()
    padding = "&".join(f"utm{i}=x" for i in range(12))
    app.apply_query(f"{padding}&seed=7&ruleset=five")
    reference = TableApp()
    reference.apply_query("seed=7&ruleset=five")
    assert pl.to_record(app.table.hand) == pl.to_record(reference.table.hand)
    assert app.table.message == ""


def test_an_overlong_address_is_ignored_aloud() -> None:
    from pitchlab.ui.table_app import TableApp
    from pitchlab.ui.table_picture import MAX_QUERY

    app = TableApp()
    before = pl.dumps_game(app.table.game)
    app.apply_query("seed=7&x=" + "y" * MAX_QUERY)
    assert pl.dumps_game(app.table.game) == before
    assert app.table.message.startswith("Ignored from the address") and "longer than" in app.table.message


def test_an_oversized_save_in_the_browser_is_refused_aloud_and_the_game_goes_on() -> None:
    """A save padded past the cap is still valid JSON: only the cap refuses it."""
    from pitchlab.engine.limits import MAX_GAME_CHARS

    saved = pl.dumps_game(pl.Game(seed=9))
    table, auto = opened(saved + " " * (MAX_GAME_CHARS + 1 - len(saved)))
    before = pl.dumps_game(table.game)
    auto.resume()
    assert "Saved game refused" in auto.message.value and "4,194,304" in auto.message.value
    assert pl.dumps_game(table.game) == before
