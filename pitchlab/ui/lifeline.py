"""A page that has lost its server says so, and offers the reload that resumes the game.

A Voilà page works only while its kernel runs and its server answers. When the
kernel dies, the server restarts or stops, the widgets stay on screen and every
click silently does nothing. This small browser-side helper, displayed (hidden)
by ``widgets.style()`` on every pitchlab page, notices and shows a banner at the
top of the page (``role=alert``) with a Reload button:

- it pings the kernel every :data:`PING_S` seconds (a custom widget message that
  :class:`Lifeline` answers at once), so an answer proves the whole path, browser
  to server to kernel and back, is alive;
- the page's kernel connection (Voilà's widget manager's ``kernel``) says at once
  when the server reports the kernel dead or restarting (a restarted kernel has
  none of the page's widgets, so the page is dead as well);
- a ping unanswered for :data:`PROBE_AFTER_S` seconds makes the page ask the
  server about its kernel (``GET api/kernels/<id>``): no answer at all means the
  server is gone, a 404 or ``dead`` that the kernel is; ``busy`` means the kernel
  is working (a long simulation) and is left to finish;
- a ping unanswered for :data:`LOST_AFTER_S` seconds with the kernel not known to
  be busy (a server that hangs, a socket a proxy dropped) counts as lost too.

A later answer takes the banner away (a network that comes back). The banner
promises a saved game only where the page keeps one (the app's autosave, see
:mod:`pitchlab.ui.storage`); elsewhere it says to reload.
"""

from __future__ import annotations

import json
from typing import Any

import anywidget
import traitlets

PING_S = 2.0
"""Seconds between pings: a ping is a few dozen bytes, and the kernel answers it in microseconds."""
PROBE_AFTER_S = 3.0
"""Seconds a ping may go unanswered before the page asks the server about its kernel: a bot's
move or a hint takes about a second, so a wait this long is already unusual."""
LOST_AFTER_S = 20.0
"""Seconds without an answer, the kernel not known to be busy, after which the page counts the
connection lost: many times the slowest click measured on a loaded server (p95 7.6 s per page)."""

LOST = "The connection to the server was lost."
SAVED = "Your game is saved in this browser: reload the page to resume it."
UNSAVED = "Reload the page to start again."
RELOAD = "Reload the page"

CSS = """
.pl-lifeline-on { position: fixed; top: 0; left: 0; right: 0; z-index: 10000; display: flex;
  flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 10px 16px; background: #7a1212;
  color: #fff; font: 17px/1.4 'DejaVu Sans', Arial, sans-serif; box-shadow: 0 2px 8px rgba(0,0,0,.4); }
.pl-lifeline-on p { margin: 0; flex: 1 1 260px; }
.pl-lifeline-on button { min-height: 44px; padding: 6px 16px; font: bold 17px 'DejaVu Sans', Arial,
  sans-serif; color: #7a1212; background: #fff; border: 2px solid #fff; border-radius: 6px; cursor: pointer; }
.pl-lifeline-on button:focus-visible { outline: 3px solid #fff; outline-offset: 3px; }
body:has(.pl-lifeline-on) .jupyter-widgets-disconnected::before { content: none; }
"""
"""The banner's look: dark red with white words (10.9:1), a fingertip-sized button, on top of the
page. While it shows, ipywidgets' broken-link mark on every widget of a dead kernel is left out:
the banner has said it once, and the marks push the cards out of shape."""

_ESM = """
const PING_MS = %(ping)d, PROBE_AFTER_MS = %(probe)d, LOST_AFTER_MS = %(lost)d;
const WORDS = %(words)s;
const GONE = ["dead", "restarting", "autorestarting"];

// One watcher per page, shared by every Lifeline shown on it (a lesson page shows several).
function watcher() {
  if (window.__pitchlabLifeline) { return window.__pitchlabLifeline; }
  const w = { links: new Set(), sent: 0, since: null, busy: false, probing: false, lostAt: null,
    kernel: null, banner: document.createElement("div") };
  w.banner.className = "pl-lifeline";
  w.banner.setAttribute("role", "alert");  // empty until needed: filling it is what is announced
  document.body.prepend(w.banner);
  window.__pitchlabLifeline = w;
  setInterval(() => tick(w), PING_MS);
  return w;
}

function show(w, why) {
  if (w.lostAt !== null) { return; }
  w.lostAt = w.sent;
  w.banner.dataset.why = why;
  const saved = Array.from(w.links).some((link) => link.model.get("saved"));
  const text = document.createElement("p");
  text.textContent = WORDS.lost + " " + (saved ? WORDS.saved : WORDS.unsaved);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pl-lifeline-reload";
  button.textContent = WORDS.reload;
  button.addEventListener("click", () => window.location.reload());
  w.banner.replaceChildren(text, button);
  w.banner.classList.add("pl-lifeline-on");
  button.focus();  // the page can do nothing else now
}

function hide(w) {
  w.lostAt = null;
  w.banner.classList.remove("pl-lifeline-on");
  w.banner.replaceChildren();
}

function answered(w, msg) {
  if (!msg || typeof msg.pong !== "number") { return; }
  w.since = null;
  w.busy = false;
  if (w.lostAt !== null && msg.pong > w.lostAt) { hide(w); }  // an answer to a ping sent since
}

// The kernel connection of the page, when the widget manager has one (Voila's has).
function follow(w, model) {
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (!kernel || w.kernel === kernel || !kernel.statusChanged) { return; }
  w.kernel = kernel;
  kernel.statusChanged.connect((_k, status) => {
    if (GONE.includes(status)) { show(w, "kernel " + status); }
  });
  kernel.connectionStatusChanged.connect((_k, status) => {
    if (status === "disconnected") { show(w, "socket disconnected"); }
    else if (status === "connecting") { probe(w); }
  });
}

async function probe(w) {
  const kernel = w.kernel;
  if (w.probing || !kernel || !kernel.serverSettings) { return; }
  w.probing = true;
  const url = kernel.serverSettings.baseUrl + "api/kernels/" + encodeURIComponent(kernel.id);
  try {
    const reply = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(LOST_AFTER_MS) });
    if (reply.status === 404) { show(w, "kernel gone"); return; }
    if (!reply.ok) { return; }  // refused or failing: the pings decide
    const model = await reply.json();
    if (model.execution_state === "dead") { show(w, "kernel dead"); }
    w.busy = model.execution_state === "busy";
  } catch (e) {
    if (e && e.name === "TypeError") { show(w, "server unreachable"); }  // fetch's network error
  } finally {
    w.probing = false;
  }
}

function tick(w) {
  const link = w.links.values().next().value;
  if (!link) { return; }
  follow(w, link.model);
  const now = performance.now();
  if (w.since === null) { w.since = now; }
  w.sent += 1;
  link.model.send({ ping: w.sent });
  const waited = now - w.since;
  if (waited >= PROBE_AFTER_MS) { probe(w); }
  if (waited >= LOST_AFTER_MS && !w.busy) { show(w, "no answer"); }
}

function render({ model, el }) {
  el.style.display = "none";
  const w = watcher();
  const link = { model };
  const onMessage = (msg) => answered(w, msg);
  w.links.add(link);
  model.on("msg:custom", onMessage);
  follow(w, model);
  return () => { w.links.delete(link); model.off("msg:custom", onMessage); };
}
export default { render };
"""


def _script() -> str:
    """The browser side, with this module's timings and words (one source for both)."""
    words = {"lost": LOST, "saved": SAVED, "unsaved": UNSAVED, "reload": RELOAD}
    return _ESM % {
        "ping": PING_S * 1000,
        "probe": PROBE_AFTER_S * 1000,
        "lost": LOST_AFTER_S * 1000,
        "words": json.dumps(words),
    }


class Lifeline(anywidget.AnyWidget):
    """Display it (hidden) on a page: if the page loses its kernel or its server, a banner says
    so with a Reload button. ``saved``: the page keeps the game in the browser (the banner may
    promise it back)."""

    _esm = _script()
    _css = CSS
    saved = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._answer)

    def _answer(self, _widget: object, content: object, _buffers: object) -> None:
        """Answer a ping with its number; anything else a page sends is ignored."""
        if isinstance(content, dict) and type(content.get("ping")) is int:
            self.send({"pong": content["ping"]})
