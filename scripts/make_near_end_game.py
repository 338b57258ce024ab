"""Write tests/records/game-seed-36-two-hands-left.json: a game of the app two hands from its end.

The browser test of a whole game (tests/browser/test_pages.py) loads this save and plays on by
clicks to the winner: the hands before it are the same clicks and redraws over again, a
minute and a half of a CI run that a game started near its end spares. The save is the app's
game from ``?seed=36`` after the learner has played nine hands the way that test clicks (the
lowest bid, else pass; the first suit, legal card or button; Play on when offered), made here
through the widgets without a browser. The saved hands replay under the engine's rules when
the page loads them; what follows (two hands, the other side winning on its bid) is played by
the bots of the day, so this needs making again only if the test says the game no longer
lasts two hands.

    PYTHONPATH=. python scripts/make_near_end_game.py
"""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as w

import pitchlab as pl
from pitchlab.ui.table_app import TableApp
from tests.widget_tree import with_class

OUT = Path(__file__).resolve().parent.parent / "tests" / "records" / "game-seed-36-two-hands-left.json"
SEED = 36
HANDS_LEFT = 2


def _first(app: TableApp, cls: str) -> w.Button | None:
    usable = [b for b in with_class(app, cls) if not getattr(b, "disabled", False)]
    return usable[0] if usable else None


def click_as_the_test_does(app: TableApp) -> None:
    """The browser test's next click (``tests.serving.next_move``, Play on first), on the widgets."""
    bids = sorted(
        (int(m.group(1)), b)
        for b in with_class(app, "pl-bid")
        for c in b._dom_classes
        if (m := re.fullmatch(r"pl-bid-(\d+)", c))
    )
    choice = bids[0][1] if bids else _first(app, "pl-bid-pass") if with_class(app, "pl-bid") else None
    for cls in ("pl-run", "pl-suit", "pl-legal", "pl-action", "pl-next"):
        if choice is not None:
            break
        found = _first(app, cls)
        if found is not None and (cls != "pl-legal" or "pl-card" in found._dom_classes):
            choice = found
    if choice is None:
        raise AssertionError(f"nothing to click: {app.status.value}")
    choice.click()


def main() -> None:
    app = TableApp(seed=SEED)
    saves = []
    while not with_class(app, "pl-game-over"):
        saves.append(pl.dumps_game(app.table.game))
        while not with_class(app, "pl-hand-over"):
            click_as_the_test_does(app)
        if not with_class(app, "pl-game-over"):
            with_class(app, "pl-new-hand")[0].click()
    OUT.write_text(saves[-HANDS_LEFT] + "\n")
    print(f"{OUT.name}: hand {len(saves) - HANDS_LEFT + 1} of {len(saves)}, scores {app.table.game.scores}")


if __name__ == "__main__":
    main()
