"""The kernel's half of the lost-connection banner, which pages carry it and what they promise,
and the load box's cap (the browser's halves: tests/browser/test_lifeline.py)."""

from __future__ import annotations

import ipywidgets as w
import pytest

from pitchlab.engine.limits import MAX_SEND_BYTES
from pitchlab.ui.capped import CappedTextarea
from pitchlab.ui.explorer import Explorer
from pitchlab.ui.lifeline import LOST_AFTER_S, PING_S, PROBE_AFTER_S, Lifeline
from pitchlab.ui.table_app import TableApp
from pitchlab.ui.widgets import style
from tests.widget_tree import walk


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What every Lifeline sends to its page during a test."""
    out: list[object] = []
    monkeypatch.setattr(Lifeline, "send", lambda self, content, buffers=None: out.append(content))
    return out


def ping(line: Lifeline, content: object) -> None:
    """A custom message from the page, as ipywidgets hands it to the widget."""
    line._handle_custom_msg(content, [])


def test_a_ping_is_answered_with_its_number(sent: list[object]) -> None:
    line = Lifeline()
    ping(line, {"ping": 1})
    ping(line, {"ping": 41})
    assert sent == [{"pong": 1}, {"pong": 41}]


@pytest.mark.parametrize("junk", [None, "ping", 7, [], {}, {"ping": "1"}, {"ping": True}, {"ping": 1.5}])
def test_anything_else_a_page_sends_is_ignored(sent: list[object], junk: object) -> None:
    ping(Lifeline(), junk)
    assert sent == []


def lifelines(root: w.Widget) -> list[Lifeline]:
    return [x for x in walk(root) if isinstance(x, Lifeline)]


def test_only_a_page_that_saves_its_game_promises_it() -> None:
    assert [x.saved for x in lifelines(style())] == [False]
    assert [x.saved for x in lifelines(style(saved=True))] == [True]
    assert [x.saved for x in lifelines(TableApp(seed=1, autosave="app").widget)] == [True]
    assert [x.saved for x in lifelines(TableApp(seed=1).widget)] == [False]
    assert [x.saved for x in lifelines(Explorer("AH KH 3H JD 7H 9S 4C QD 8S", position=0).widget)] == [False]


def test_the_timings_wait_for_a_busy_kernel() -> None:
    """A bot's move or a hint takes about a second, several on a loaded server: a page asks the
    server only after a ping has waited longer than that, and gives up far later still."""
    assert PING_S <= 2 < PROBE_AFTER_S < LOST_AFTER_S
    assert LOST_AFTER_S >= 15


def test_the_load_box_takes_a_whole_sealed_save_and_no_more() -> None:
    box = TableApp(seed=1).record_box
    assert isinstance(box, CappedTextarea)
    assert box.cap == 6 * 1024 * 1024  # a sealed save's cap (pitchlab.engine.limits), by hand
    # the largest text it takes, all ASCII as a save is, quoted as the page sends it, fits
    assert box.cap + 2 <= box.max_bytes == MAX_SEND_BYTES < 10 * 1024 * 1024
