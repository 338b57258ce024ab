"""App speed as a learner feels it: Voila serving notebooks/app.ipynb to headless Chromium.

    python benchmarks/app.py                  # a table
    python benchmarks/app.py --json           # one JSON object, for tracking
    python benchmarks/app.py --command-only   # only the time from `pitchlab app` to a working page

Figures: seconds from running ``pitchlab app`` (default settings, a fresh server each
time) to a learner's first interactive page (``command_to_interactive_s``, the median of
``--command-rounds`` starts: the page is opened when the command prints its ready line, as
it tells the learner to, and is interactive when the table's first control, Next or a bid,
can be clicked); seconds from opening the page to the first interactive widget (the Next
button), with a cold kernel and with the preheated pool of voila.json; the median
milliseconds from a click (a bid, a suit, a legal card, Next) to the page showing
its effect, over a whole hand; the wall time of the nbval run over every notebook; and
``first_screen_controls``: per window size (1280x800, 375x667), whether the status line, the
table, the hand and the current decision's controls are all in the first screen.
The machine is shared and noisy: compare figures from one run, never a threshold.
Needs Debian's Chromium at /usr/bin/chromium (never `playwright install`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import queue
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.serving, the Voilà driver

from pitchlab.server.launcher import config_with_pool
from pitchlab.server.processes import stop_group
from tests.serving import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FIRST_SCREEN_SEED,
    FIRST_SCREENS,
    ROOT,
    ServerError,
    VoilaServer,
    click_and_wait,
    first_screen_problems,
    free_port,
    next_move,
    play_to_a_card,
    wait_quiet,
    window,
)

POOL_FILLED = "Kernel pool of app.ipynb is filled"
POOL_HIT = "Using pre-heated kernel"
START_DEADLINE_S = 120.0
REFILL_S = 10
"""Seconds before the benchmark's pool starts a kernel for the next page view."""

# Runs in the page before its own scripts: when each message from the kernel arrives
# (and its size), and when the Next button first shows.
TIMING_JS = """(() => {
    const marks = {messages: [], next: null};
    window.__plTiming = marks;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(url, protocols) {
            super(url, protocols);
            if (String(url).includes('/channels')) {
                this.addEventListener('message', (e) => marks.messages.push(
                    [performance.now(), e.data.byteLength ?? e.data.length ?? e.data.size]));
            }
        }
    };
    const observer = new MutationObserver(() => {
        const next = document.querySelector('.pl-next');
        if (next && next.offsetParent !== null) { marks.next = performance.now(); observer.disconnect(); }
    });
    observer.observe(document, {childList: true, subtree: true, attributes: true});
})()"""
MARKS_JS = """() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return {response_start: nav.responseStart, response_end: nav.responseEnd,
            messages: window.__plTiming.messages, next: window.__plTiming.next};
}"""


@dataclass(frozen=True)
class FirstPaint:
    """One page view of the app, in seconds from the page's navigation start."""

    interactive_s: float
    """Until the Next button shows (the learner's wait)."""
    first_byte_s: float
    """Until the server's first byte: taking a kernel (pooled or new) and starting the page."""
    html_s: float
    """The rest of the page's HTML: the notebook's execution still to do when the page asked."""
    scripts_s: float
    """From the whole HTML to the kernel's first message: the page's scripts load and connect."""
    state_s: float
    """From the kernel's first message to the widgets' state arriving: the page asks for every
    widget model and the kernel sends them all."""
    render_s: float
    """From the widgets' state to Next showing: the front end builds every model and view."""
    models: int
    """Widget models in the state the kernel sends."""
    state_bytes: int
    """Bytes of that state message."""


def kernel_message(payload: str | bytes) -> dict[str, Any] | None:
    """A Jupyter message from a kernel websocket frame (JSON text, or the binary
    ``v1.kernel.websocket.jupyter.org`` framing: offsets, channel, header, parent
    header, metadata, content, buffers); ``None`` if it is neither."""
    try:
        if isinstance(payload, str):
            message: dict[str, Any] = json.loads(payload)
            return message
        count = int.from_bytes(payload[:8], "little")
        offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
        parts = [payload[a:b] for a, b in itertools.pairwise(offsets)]
        return {"header": json.loads(parts[1]), "content": json.loads(parts[4])}
    except (ValueError, IndexError, UnicodeDecodeError):
        return None


def widget_states(payload: str | bytes) -> int | None:
    """How many widget models a frame carries if it is the kernel's ``update_states`` reply
    (ipywidgets sends every model's full state in one message when a page connects)."""
    message = kernel_message(payload)
    if message is None:
        return None
    data = message.get("content", {}).get("data", {})
    if not isinstance(data, dict) or data.get("method") != "update_states":
        return None
    return len(data.get("states", {}))


@contextmanager
def voila(*, preheat: bool, extra_args: Sequence[str] = ()) -> Iterator[VoilaServer]:
    """``voila notebooks/app.ipynb`` as ``pitchlab app --pool 1`` runs it (the shipped config,
    with a pool of one kernel: one learner at a time), with or without the preheated pool.

    The pool refills after ``REFILL_S`` here (the shipped config waits for a class to finish
    arriving), so each round finds it full again, and the refill's kernel does not share the
    cores with the page being timed."""
    config = config_with_pool(ROOT, 1)
    server = VoilaServer(
        "notebooks/app.ipynb",
        [
            f"--VoilaConfiguration.preheat_kernel={preheat}",
            f"--VoilaKernelManager.fill_delay={REFILL_S}",
            *extra_args,
        ],
        config_dir=config,
    )
    try:
        try:
            server.wait_until(POOL_FILLED if preheat else None, deadline_s=START_DEADLINE_S)
        except ServerError as exc:
            raise SystemExit(str(exc)) from None
        yield server
    finally:
        server.stop()
        shutil.rmtree(config, ignore_errors=True)


@contextmanager
def app_page(browser: Browser, url: str) -> Iterator[tuple[Page, FirstPaint]]:
    """A page with the app open, and how long its first paint took."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(TIMING_JS)
    page = context.new_page()
    frames: list[str | bytes] = []

    def on_socket(socket: WebSocket) -> None:
        if "/channels" in socket.url:
            socket.on("framereceived", lambda payload: frames.append(payload))  # noqa: PLW0108 (needs a Python function)

    page.on("websocket", on_socket)
    page.goto(url, wait_until="commit", timeout=120_000)
    page.wait_for_selector(".pl-next", state="visible", timeout=120_000)
    page.wait_for_function("() => window.__plTiming.next !== null", timeout=10_000)
    marks = page.evaluate(MARKS_JS)
    found = [(i, n) for i, frame in enumerate(frames) if (n := widget_states(frame)) is not None]
    if not found:
        raise SystemExit("benchmarks/app.py: the page never received the widgets' state")
    index, models = found[0]
    if len(marks["messages"]) <= index:
        raise SystemExit("benchmarks/app.py: the page saw fewer kernel messages than playwright")
    connected_at, state_at = marks["messages"][0][0], marks["messages"][index][0]
    paint = FirstPaint(
        interactive_s=marks["next"] / 1000,
        first_byte_s=marks["response_start"] / 1000,
        html_s=(marks["response_end"] - marks["response_start"]) / 1000,
        scripts_s=(connected_at - marks["response_end"]) / 1000,
        state_s=(state_at - connected_at) / 1000,
        render_s=(marks["next"] - state_at) / 1000,
        models=models,
        state_bytes=len(frames[index]),
    )
    try:
        yield page, paint
    finally:
        page.close(run_before_unload=True)  # asks Voila to shut the kernel down
        context.close()


def medians(paints: list[FirstPaint]) -> dict[str, float]:
    """Each figure's median over the page views."""
    return {name: round(statistics.median(getattr(p, name) for p in paints), 3) for name in asdict(paints[0])}


def first_paint(
    browser: Browser, *, preheat: bool, rounds: int, extra_args: Sequence[str] = ()
) -> dict[str, float]:
    """Median figures of the app's first paint over ``rounds`` page views.

    Preheated, each view waits for the pool to hold a kernel again and for the
    server to go quiet: the pooled kernel has then run the notebook up to reading
    its page's address (a pool reported "filled" has only started its kernels)."""
    paints = []
    with voila(preheat=preheat, extra_args=extra_args) as server:
        for r in range(rounds):
            if preheat:
                server.wait_until(POOL_FILLED, count=r + 1, deadline_s=START_DEADLINE_S)
            wait_quiet(server.proc.pid, START_DEADLINE_S)
            with app_page(browser, server.url) as (_page, paint):
                paints.append(paint)
        hits = server.log.read_text(errors="replace").count(POOL_HIT)
        if preheat and hits != rounds:  # the pool must serve the address the browser opens
            raise SystemExit(f"benchmarks/app.py: {hits} of {rounds} page views took a preheated kernel")
    return medians(paints)


FIRST_CONTROL_JS = """() => [...document.querySelectorAll('button.pl-next, button.pl-bid')]
    .some((b) => !b.disabled && b.offsetParent !== null)"""
"""Whether the table's first control can be clicked: Next (a bot is to act) or a bid (the
learner is). The widgets are drawn once the kernel has sent their state, so a control that
shows is one whose click reaches the kernel."""


@dataclass(frozen=True)
class CommandStart:
    """One run of ``pitchlab app``, in seconds from the command."""

    ready_s: float
    """Until the command prints its ready line (the one that tells the learner to open the page)."""
    interactive_s: float
    """Until the page opened then has a control that can be clicked."""


def command_start(browser: Browser, app_args: Sequence[str] = ()) -> CommandStart:
    """Run ``pitchlab app`` with default settings (or ``app_args``) on a free port, open its page in a browser
    already running (a learner's is) when the ready line comes, and time both; then stop it
    with SIGTERM, as Ctrl-C does, so its kernels go with it."""
    port = free_port()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    lines: queue.Queue[str] = queue.Queue()
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pitchlab", "app", f"--port={port}", *app_args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    threading.Thread(target=_read_lines, args=(proc, lines), daemon=True).start()
    try:
        address, ready_s = None, None
        while ready_s is None:
            try:
                line = lines.get(timeout=max(0.1, START_DEADLINE_S - (time.perf_counter() - start)))
            except queue.Empty:
                raise SystemExit(
                    f"benchmarks/app.py: pitchlab app was not ready in {START_DEADLINE_S:.0f} s"
                ) from None
            if line.startswith("pitchlab: open "):
                address = line.split()[2]
            elif line.startswith("pitchlab: ready"):
                ready_s = time.perf_counter() - start
        if address is None:
            raise SystemExit("benchmarks/app.py: pitchlab app printed no address")
        page.goto(address, wait_until="commit", timeout=120_000)
        page.wait_for_function(FIRST_CONTROL_JS, timeout=120_000, polling=50)
        interactive_s = time.perf_counter() - start
        page.close(run_before_unload=True)
    finally:
        context.close()
        stop_group(proc, grace_s=60)
    return CommandStart(ready_s, interactive_s)


def _read_lines(proc: subprocess.Popen[str], into: queue.Queue[str]) -> None:
    """Hand on each line the command prints (a thread: reading blocks until one comes)."""
    assert proc.stdout is not None
    for line in proc.stdout:
        into.put(line)


def command_to_interactive(browser: Browser, rounds: int, app_args: Sequence[str] = ()) -> dict[str, Any]:
    """Median seconds from ``pitchlab app`` to its ready line and to a working page, over
    ``rounds`` fresh starts, and each start's figure."""
    starts = [command_start(browser, app_args) for _ in range(rounds)]
    return {
        "command_to_interactive_s": round(statistics.median(s.interactive_s for s in starts), 2),
        "command_to_ready_s": round(statistics.median(s.ready_s for s in starts), 2),
        "command_to_interactive_runs_s": [round(s.interactive_s, 2) for s in starts],
    }


KERNEL_SIDE = """
import json, time
start = time.perf_counter()
from pitchlab.ui.table_app import TableApp
imported = time.perf_counter()
app = TableApp(autosave="app")
app.follow_address()
built = time.perf_counter()
from ipywidgets.widgets.widget import _instances
state = {k: {"model_name": v._model_name, "model_module": v._model_module,
             "model_module_version": v._model_module_version,
             "state": v.get_state(drop_defaults=False)} for k, v in _instances.items()}
print(json.dumps({"import_s": imported - start, "build_s": built - imported,
                  "models": len(state), "state_bytes": len(json.dumps(state))}))
"""


def kernel_side(rounds: int) -> dict[str, float]:
    """What the notebook's code costs in a fresh interpreter, outside Voila: importing the app,
    building it (as app.ipynb does), and the widget state a page receives (the JSON of every
    model's full state, as ipywidgets' ``request_states`` answer carries it, without framing)."""
    runs = []
    for _ in range(rounds):
        result = subprocess.run(
            [sys.executable, "-c", KERNEL_SIDE], cwd=ROOT, capture_output=True, text=True, check=True
        )
        runs.append(json.loads(result.stdout))
    return {name: round(statistics.median(r[name] for r in runs), 3) for name in runs[0]}


def click_latencies(browser: Browser) -> list[float]:
    """Milliseconds from each click to the page changing, over one whole hand."""
    latencies = []
    with voila(preheat=True) as server, app_page(browser, server.url) as (page, _):
        for _ in range(300):
            if page.locator(".pl-hand-over:visible").count():
                break
            selector = next_move(page)
            if selector is None:
                raise SystemExit(f"nothing to click: {page.inner_text('.pl-status')}")
            latencies.append(click_and_wait(page, selector))
        else:
            raise SystemExit("the hand did not end within 300 clicks")
    return latencies


def first_screen_controls(browser: Browser) -> dict[str, bool]:
    """Per window size, whether the status line, the table, the hand and the current decision's
    controls all lie inside the first screen, in the bidding and again in the play (a seeded deal
    in which the learner bids first; the boxes as :func:`tests.serving.first_screen_problems`
    measures them). A size that fails prints what lay outside."""
    found = {}
    with voila(preheat=True) as server:
        for width, height, phone in FIRST_SCREENS:
            with window(browser, width, height, phone) as page:
                # the app at the root, as served
                page.goto(f"{server.url}/?seed={FIRST_SCREEN_SEED}", timeout=180_000)
                page.wait_for_selector(".pl-next", state="visible", timeout=180_000)
                problems = [f"bidding: {p}" for p in first_screen_problems(page)]
                if play_to_a_card(page, tap=phone):
                    problems += [f"play: {p}" for p in first_screen_problems(page)]
                else:
                    problems.append("play: the learner never had a card to play")
            for problem in problems:
                print(f"first screen at {width}x{height}: {problem}", file=sys.stderr)
            found[f"{width}x{height}"] = not problems
    return found


def nbval_seconds() -> float:
    """Wall time of pytest's nbval run over every notebook (as ./dev test runs it)."""
    folders = [d for d in ("tutorial", "notebooks") if (ROOT / d).is_dir()]
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        print(result.stdout[-3000:], file=sys.stderr)
        raise SystemExit(f"the nbval run failed (status {result.returncode})")
    return elapsed


PHASES = (
    ("interactive_s", "opening the page to Next showing", "s"),
    ("first_byte_s", "  server's first byte (kernel hand-over)", "s"),
    ("html_s", "  rest of the HTML (notebook left to run)", "s"),
    ("scripts_s", "  page scripts until the kernel answers", "s"),
    ("state_s", "  kernel answers until the widget state", "s"),
    ("render_s", "  front-end render until Next shows", "s"),
    ("models", "widget models sent to the page", ""),
    ("state_bytes", "bytes of that widget state", ""),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="page views per first-paint figure")
    parser.add_argument("--command-rounds", type=int, default=3, help="fresh starts of pitchlab app to time")
    parser.add_argument(
        "--command-only", action="store_true", help="only time pitchlab app to a working page"
    )
    parser.add_argument(
        "--app-arg",
        action="append",
        default=[],
        help="a pitchlab app option for those starts, to compare, e.g. --app-arg=--class (repeatable)",
    )
    parser.add_argument("--first-paint-only", action="store_true", help="skip the clicks and nbval")
    parser.add_argument("--preheated-only", action="store_true", help="skip the cold kernel's figures")
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="an extra voila option, to compare (repeatable)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"benchmarks/app.py: no Chromium at {CHROMIUM} (apt-get install chromium)")
    figures: dict[str, Any] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            figures.update(command_to_interactive(browser, args.command_rounds, args.app_arg))
            if args.command_only:
                print(json.dumps(figures) if args.json else _command_table(figures))
                return
            if not args.preheated_only:
                figures["cold"] = first_paint(
                    browser, preheat=False, rounds=args.rounds, extra_args=args.voila_arg
                )
            figures["preheated"] = first_paint(
                browser, preheat=True, rounds=args.rounds, extra_args=args.voila_arg
            )
            clicks = [] if args.first_paint_only else click_latencies(browser)
            figures["first_screen_controls"] = first_screen_controls(browser)
        finally:
            browser.close()
    figures["kernel"] = kernel_side(args.rounds)
    if not args.first_paint_only:
        figures["click_median_ms"] = round(statistics.median(clicks), 1)
        figures["nbval_s"] = round(nbval_seconds(), 1)
    if args.json:
        print(json.dumps(figures))
        return
    print(_command_table(figures))
    print(f"first paint, median of {args.rounds} page views   {'cold':>9} {'preheated':>10}")
    for name, label, unit in PHASES:
        fmt = ".2f" if unit else ".0f"
        cold = format(figures["cold"][name], fmt) if "cold" in figures else "-"
        print(f"{label:<42} {cold:>9} {figures['preheated'][name]:10{fmt}} {unit}")
    k = figures["kernel"]
    print(
        f"kernel, fresh interpreter: import {k['import_s']:.2f} s, build {k['build_s']:.2f} s, "
        f"{k['models']:.0f} widget models, {k['state_bytes']:.0f} bytes of state"
    )
    fits = ", ".join(
        f"{size} {'yes' if ok else 'NO'}" for size, ok in figures["first_screen_controls"].items()
    )
    print(f"game in the first screen (bidding and play)     {fits}")
    if not args.first_paint_only:
        print(
            f"click to view update, median of {len(clicks):3d} clicks    {figures['click_median_ms']:8.1f} ms"
            f"  (max {max(clicks):.0f} ms)"
        )
        print(f"nbval over every notebook                       {figures['nbval_s']:8.1f} s")


def _command_table(figures: dict[str, Any]) -> str:
    runs = ", ".join(f"{s:.1f}" for s in figures["command_to_interactive_runs_s"])
    return (
        f"pitchlab app to a working page, median       {figures['command_to_interactive_s']:8.2f} s  ({runs})\n"
        f"pitchlab app to its ready line, median       {figures['command_to_ready_s']:8.2f} s"
    )


if __name__ == "__main__":
    main()
