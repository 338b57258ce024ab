"""A timer in the page that lets the bots play on by themselves, one move at a time.

With the pace at "slow" or "fast" the learner watches each bot's move instead
of pressing Next for it; the slow pace waits long enough to read what the last move
said (:func:`reading_ms`). The kernel keeps no thread and no clock (a Voilà
kernel serves one page and should sit idle between messages): the browser
waits ``delay_ms`` and then sends one message, the kernel lets one bot act and
re-arms the timer by bumping :attr:`PaceTimer.step`. A message from an older
arming (a view that was slow to notice, a second view) carries an older step
and is ignored, so a move is never taken twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

PACES = {"step": 0, "slow": 1200, "fast": 400}
"""The bots' paces and the wait before each move, in milliseconds (0: wait for Next)."""
READ_MS_PER_WORD = 300
"""A new reader's pace: about 200 words a minute, so a line of 15 words stays 4.5 s on screen."""
LONGEST_WAIT_MS = 12_000
"""The slow pace never waits longer than this for one move (a learner reading longer opens Why?)."""


def reading_ms(text: str) -> int:
    """The slow pace's wait after a move whose words are ``text`` (the Why? panel's first line):
    a second to look at the table, then time to read the line, at least :data:`PACES` ``["slow"]``."""
    return min(LONGEST_WAIT_MS, max(PACES["slow"], 1000 + READ_MS_PER_WORD * len(text.split())))


_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  let timer = null;
  const arm = () => {
    clearTimeout(timer);
    timer = null;
    const delay = model.get("delay_ms");
    if (delay > 0 && model.get("armed")) {
      const step = model.get("step");
      timer = setTimeout(() => { timer = null; model.send({ tick: step }); }, delay);
    }
  };
  model.on("change:step", arm);
  model.on("change:armed", arm);
  model.on("change:delay_ms", arm);
  arm();
  return () => clearTimeout(timer);
}
export default { render };
"""


class PaceTimer(anywidget.AnyWidget):
    """Hidden; display it once. ``on_tick`` runs when the wait of the current arming is over."""

    _esm = _ESM
    delay_ms = traitlets.Int(0).tag(sync=True)
    armed = traitlets.Bool(False).tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)

    def __init__(self, on_tick: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_tick = on_tick
        self.on_msg(self._message)

    def arm(self, delay_ms: int, armed: bool) -> None:
        """Start a fresh wait (or stop waiting): called after every change the page shows."""
        with self.hold_sync():
            self.delay_ms = delay_ms
            self.armed = armed and delay_ms > 0
            if self.armed:
                self.step += 1

    def _message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        self.tick(content.get("tick"))

    def tick(self, step: object) -> None:
        """The browser's wait for arming ``step`` is over: act, unless that arming is stale."""
        if self.armed and step == self.step:
            self.on_tick()
