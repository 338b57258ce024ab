"""Every notebook in a real browser, as a class sees it through Voila.

Each notebook under tutorial/ and notebooks/ must render with no Python error in the page,
asking nothing of any server but the class server (tutorial 2's button icons drawn from Voila's
own font; an error page asks nothing outside either). The app must refuse an illegal click and
go on, give hints, and play a game's last hands to its winner by clicks alone
(tests/browser/test_mistakes.py plays a whole hand by clicks and checks the app's CSS hooks on
the way). Screenshots go to screenshots/ (gitignored) for a person to look at.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import axe_playwright_python
import pytest
from playwright.sync_api import ConsoleMessage, Page
from playwright.sync_api import Request as PlaywrightRequest

from tests.helpers import OPENING
from tests.serving import ROOT, SETTLED_JS, click_and_wait, next_move, play_next

NOTEBOOKS = sorted(
    p.relative_to(ROOT).as_posix()
    for d in ("tutorial", "notebooks", "notebooks/lessons")
    for p in (ROOT / d).glob("*.ipynb")
)
APP = "notebooks/app.ipynb"
NEAR_END = ROOT / "tests" / "records" / "game-seed-36-two-hands-left.json"
OWN_TESTS = {
    "notebooks/lessons/01-counting-hands.ipynb": "test_lesson_counting.py",
    "notebooks/lessons/02-conditional-probability.ipynb": "test_lesson_counting.py",
    "notebooks/lessons/03-bayes-from-the-draws.ipynb": "test_lesson_bayes.py",
    "notebooks/lessons/04-expected-value-and-the-bid.ipynb": "test_lesson_value.py",
    "notebooks/lessons/05-monte-carlo-error.ipynb": "test_lesson_intervals.py",
    "notebooks/lessons/07-winning-the-game.ipynb": "test_lesson_game.py",
    "notebooks/teacher.ipynb": "test_class_teacher.py",
    "notebooks/practice.ipynb": "test_practice.py",
}
"""Pages whose own test renders them, works their sliders and questions, and then makes this
file's checks at both widths (:func:`tests.browser.lessons.check_widths`): rendering them here
too would only repeat a page's load (a quarter to a half minute each on a loaded machine)."""
SMALLER = {
    "notebooks/lessons/06-comparing-variants.ipynb": ("?hands=40&games=2", "40 hands and 2 games per ruleset")
}
"""Pages rendered here at a smaller size their address asks for, and words that show the page
took it: the page's code and widgets are the same, and nbval runs each notebook at its own size
(lesson 6's bots play 220 hands and games in each of some twenty variants: a minute or more on a
loaded machine, which this test would only repeat)."""
RENDER_TIMEOUT_MS = 180_000

# Python errors as Voila shows them: a cell's error (a traceback, or with tracebacks
# hidden "There was an error when executing cell"), anything on stderr, Voila's
# error page. Browser-side noise (plotly's setData, version warnings, fonts from a
# CDN) is not a Python error and is not looked at.
PYTHON_ERRORS = ", ".join(
    [
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]',
        ".voila-error",
    ]
)

PL_CLASSES_JS = """() => Array.from(new Set(Array.from(document.querySelectorAll('[class*="pl-"]'))
    .flatMap((e) => Array.from(e.classList).filter((c) => c.startsWith('pl-')))))"""

# Hooks the app must carry by the end of one hand (pitchlab/ui/widgets.py docstring), checked
# through a whole hand by tests/browser/test_mistakes.py.
HOOKS = {
    "pl-card",
    "pl-legal",
    "pl-bid",
    "pl-suit-S",
    "pl-suit-H",
    "pl-suit-D",
    "pl-suit-C",
    "pl-next",
    "pl-run",
    "pl-new-hand",
    "pl-new-game",
    "pl-status",
    "pl-score",
    "pl-message",
    "pl-why",
    "pl-hand-over",
    "pl-hint",
    "pl-analysis",
}


def render(page: Page, base: str, notebook: str) -> None:
    """Open a notebook in Voila and wait until its cells and widgets are on screen.

    Seen in four full runs under load and never on a calm machine (lessons 03 and 05, tutorial
    02 twice; 17 loads of lesson 05 and tutorial 02 beside a full run did not repeat it): a
    widget view fails in the browser ("Error displaying widget") while the notebook's Python is
    fine (nbval runs it, and the page shows no Python error). The likely cause is a race a busy
    kernel can lose: Voila's widget manager gives the kernel 4 s to send every widget's state at
    once before it asks model by model. One fresh load tells that race from a broken widget, which
    fails both loads and so reaches the test's :func:`python_errors`. Every browser test opens
    pages here, so none fails on the race. Said on stderr with the console's errors, not as a
    warning: the test suite turns warnings into failures."""
    console: list[str] = []

    def heard(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            console.append(msg.text[:500])

    page.on("console", heard)
    try:
        _load(page, base, notebook)
        if python_errors(page) == [WIDGET_FAILED]:
            print(
                f"{notebook}: a widget view failed on the first load, loading again: {console}",
                file=sys.stderr,
            )
            _load(page, base, notebook)
    finally:
        page.remove_listener("console", heard)


def _load(page: Page, base: str, notebook: str) -> None:
    response = page.goto(f"{base}/voila/render/{notebook}", timeout=RENDER_TIMEOUT_MS)
    assert response is not None, notebook
    assert response.ok, f"{notebook}: HTTP {response.status}"
    page.wait_for_selector("#rendered_cells", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_load_state("networkidle", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.body.innerText.includes('Loading widget')", timeout=RENDER_TIMEOUT_MS
    )


WIDGET_FAILED = "Error displaying widget (a widget's model or view failed)"


def python_errors(page: Page) -> list[str]:
    """The text of every Python error shown in the page."""
    errors = [e.inner_text()[:2000] for e in page.query_selector_all(PYTHON_ERRORS)]
    if "Error displaying widget" in page.inner_text("body"):
        errors.append(WIDGET_FAILED)
    return errors


@contextmanager
def whole_page(page: Page) -> Iterator[None]:
    """The window as tall as the notebook for a while: Voila scrolls inside #rendered_cells,
    not the page, so a screenshot or axe's contrast check (which skips what is off screen)
    would otherwise see one window's worth."""
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("() => document.querySelector('#rendered_cells')?.scrollHeight ?? 0")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, 8000))})
    try:
        yield
    finally:
        page.set_viewport_size(size)


def shot(page: Page, folder: Path, name: str) -> None:
    """Screenshot the whole notebook."""
    with whole_page(page):
        page.screenshot(path=folder / f"{name}.png", full_page=True)


def test_each_page_left_to_its_own_test_is_checked_there() -> None:
    for notebook, test_file in OWN_TESTS.items():
        assert notebook in NOTEBOOKS, notebook
        text = (Path(__file__).parent / test_file).read_text(encoding="utf-8")
        name = notebook.removeprefix("notebooks/lessons/")
        assert name in text or notebook in text, f"{test_file} does not open {notebook}"
        assert "check_widths(" in text, f"{test_file} does not check {notebook} at both widths"


@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if n not in OWN_TESTS])
def test_notebook_renders_without_python_errors(
    page: Page, request: pytest.FixtureRequest, js_errors: list[str], screenshots: Path, notebook: str
) -> None:
    # the app as a class gets it, from the preheated kernel of the session's server; every other
    # page from this module's server (neither is started for a case that does not use it)
    voila_url: str = request.getfixturevalue("voila_url" if notebook == APP else "pages_url")
    outside = asked_outside(page, voila_url)
    render(page, voila_url, notebook + SMALLER.get(notebook, ("", ""))[0])
    errors = python_errors(page)
    if notebook == ICONS:  # Font Awesome from Voila's own bundle: the glyph drawn in its font, which loaded
        page.wait_for_selector(".pl-deal i.fa")
        icon = page.evaluate(ICON_FONT_JS)
        assert "Font Awesome" in icon["family"] and icon["glyph"] not in ("none", "normal", '""'), icon
        assert icon["loaded"], icon
    shot(page, screenshots, notebook.removesuffix(".ipynb").replace("/", "-"))
    assert SMALLER.get(notebook, ("", ""))[1] in page.inner_text("body"), "the address's size was not taken"
    assert not errors, (
        f"{notebook} shows Python errors (set PITCHLAB_TRACEBACKS=1 to see tracebacks in the page; "
        f"nbval runs the notebook too):\n" + "\n---\n".join(errors) + f"\nJavaScript errors: {js_errors}"
    )
    # WCAG 2.1 AA at a desktop's width and a phone's (the same page, the window narrowed)
    assert access_problems(page) == [], notebook
    page.set_viewport_size({"width": 375, "height": 812})
    assert fits(page), f"{notebook} scrolls sideways at 375 px"
    assert access_problems(page) == [], f"{notebook} at 375 px"
    if notebook == ICONS:  # an error page, too, needs nothing from outside
        page.goto(f"{voila_url}/voila/render/tutorial/no-such-page.ipynb", timeout=RENDER_TIMEOUT_MS)
    assert outside == [], f"{notebook} asked for files from outside the class server: {outside}"


ICONS = "tutorial/02-the-deal.ipynb"
"""A page with icons on its buttons (Deal a new hand, Show the hands)."""
ICON_FONT_JS = """async () => {
    await document.fonts.ready;
    const icon = document.querySelector('.pl-deal i.fa');
    return {
        family: icon ? getComputedStyle(icon, '::before').fontFamily : null,
        glyph: icon ? getComputedStyle(icon, '::before').content : null,
        loaded: [...document.fonts].some((f) => f.family.includes('Font Awesome') && f.status === 'loaded'),
    };
}"""


def asked_outside(page: Page, base: str) -> list[str]:
    """Every address off the class server that ``page`` asks for from now on: a classroom
    without the internet must lose nothing, and no page may tell a third party who opened it
    (the list the render test holds empty for every page). The browser refuses a request to the
    internet at once (tests.serving.CHROMIUM_ARGS); listening, not intercepting, keeps its cache."""
    outside: list[str] = []

    def asked(request: PlaywrightRequest) -> None:
        if not request.url.startswith((f"{base}/", f"{base}?", "data:", "blob:")):
            outside.append(request.url)

    page.on("request", asked)
    return outside


AXE_JS = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
WCAG_AA = (
    "() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},"
    " resultTypes: ['violations']})"
)
"""axe-core's WCAG 2.1 A and AA rules. Only the violations are read, so axe is told so
(``resultTypes``): it still runs every rule, but lists one node for a rule that passes rather
than every node, a fifth less work on a long page."""


def access_problems(page: Page) -> list[str]:
    """axe-core's WCAG 2.1 A and AA violations on the page as it stands, one line each (the
    whole notebook: axe checks colour contrast only for what is on screen)."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE_JS)
    with whole_page(page):
        page.wait_for_timeout(400)  # the page's helper marks scrolling boxes a moment after a change
        found = page.evaluate(WCAG_AA)["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]} {v['help']}" for v in found]


def fits(page: Page) -> bool:
    """No horizontal scrolling: the page is no wider than the window."""
    width, inner = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    return bool(width <= inner)


def open_app(page: Page, base: str, query: str = "") -> None:
    """Open the app (``query``: its address's ``?seed=...``, for a chosen deal)."""
    render(page, base, APP + query)
    page.wait_for_selector(".pl-next", state="visible")
    assert not python_errors(page), python_errors(page)


def ask_hint(page: Page) -> str:
    """Press the hint button and return the hint's words once they are on the page."""
    click_and_wait(page, ".pl-hint")
    page.wait_for_function(
        "() => document.querySelector('.pl-hint-text')?.innerText.includes('Why (')", timeout=30_000
    )
    return page.inner_text(".pl-hint-text")


def test_an_illegal_click_then_a_hint_in_the_bidding_and_in_the_play_in_words(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    """The hint works at every decision: asked in the bidding and again in the play, it names the
    action and gives the bot's reason in words; the layout is looked at on a phone and a laptop.
    First, on the same page, a card clicked during the bidding is refused in a message, and the
    game goes on."""
    open_app(page, voila_url)
    status = page.inner_text(".pl-status")
    assert not page.inner_text(".pl-message").strip()
    click_and_wait(page, ".pl-card >> nth=0", force=True)  # a card during the bidding (aria-disabled)
    assert page.inner_text(".pl-message").strip(), "no message after a card click during the bidding"
    assert page.inner_text(".pl-status") == status
    shot(page, screenshots, "app-illegal-click")
    log = page.inner_text(".pl-log")
    bid_hint = card_hint = ""
    clicks = 0
    while not card_hint:
        assert clicks < 200, f"no card to play after {clicks} clicks: {page.inner_text('.pl-status')}"
        assert not page.locator(".pl-hand-over:visible").count(), "the hand ended before the learner played"
        selector = next_move(page)
        assert selector is not None, f"nothing to click: {page.inner_text('.pl-status')}"
        if not bid_hint and selector.startswith(".pl-bid"):
            bid_hint = ask_hint(page)
            assert re.search(rf"Hint: {OPENING}(Bid \d+|Pass|Shoot the moon)\.", bid_hint), bid_hint
            for width in (1280, 375):
                page.set_viewport_size({"width": width, "height": 900})
                shot(page, screenshots, f"app-hint-bid-{width}")
            page.set_viewport_size({"width": 1280, "height": 900})
        elif selector.startswith(".pl-card"):
            card_hint = ask_hint(page)
            assert re.search(rf"Hint: {OPENING}Play \S+\.", card_hint), card_hint
            shot(page, screenshots, "app-hint-play-1280")
            page.set_viewport_size({"width": 375, "height": 900})
            page.evaluate(SETTLED_JS, [250, 10_000])
            shot(page, screenshots, "app-hint-play-375")
            # on a phone, nothing cut off (the drawer over the table shows the hint, not Why?)
            for part in (".pl-hint", ".pl-hint-text", ".pl-table"):
                box = page.locator(f"{part}:visible").first.bounding_box()  # a phone's table picture
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1, (part, box)
            page.set_viewport_size({"width": 1280, "height": 900})
            break
        click_and_wait(page, selector)
        clicks += 1
        if clicks == 1:  # after the refused card the game goes on: one more action in the history
            assert page.inner_text(".pl-log") != log, "the game did not go on after a refused card"
        if bid_hint:
            assert page.inner_text(".pl-hint-text").strip() in ("", bid_hint.strip())
    for words in (bid_hint, card_hint):
        why = words.split("cards alone):", 1)[1]
        assert len(re.findall(r"[a-z]{3,}", why)) >= 3, f"the reason is not in words: {why!r}"
    assert page.inner_text(".pl-why").strip()
    assert not python_errors(page), python_errors(page)


def test_a_game_to_its_winner_by_clicking_only(page: Page, voila_url: str, screenshots: Path) -> None:
    """A game's last hands in the browser: the learner's clicks, Play on for the bots, New hand,
    until a winner.

    The game is the app's own ``?seed=36``, nine hands in, loaded from its save as a learner
    pastes one (tests/records, made by scripts/make_near_end_game.py): the nine hands before are
    the same clicks over again, and tests/test_widgets.py plays a whole game from 0-0 without a
    browser. From the save the other side wins on its bid in the second hand. After New hand the
    finished hand's box must go before the next hand is played: a redraw that pauses longer than
    :func:`click_and_wait`'s quiet spell would otherwise leave it on screen, counted twice and
    pressed for again once New hand had gone."""
    open_app(page, voila_url)
    page.get_by_text("Save or load this hand, or the whole game").click()
    page.fill(".pl-record-box textarea", NEAR_END.read_text())
    click_and_wait(page, ".pl-load-game")
    assert "exactly where you left it" in page.inner_text(".pl-message")
    hands = 0
    while not page.locator(".pl-game-over:visible").count():
        assert hands < 40, f"no winner after {hands} hands: {page.inner_text('.pl-score')}"
        clicks = 0
        while not page.locator(".pl-hand-over:visible").count():
            assert clicks < 200, f"no end of hand after {clicks} clicks: {page.inner_text('.pl-status')}"
            if page.locator(".pl-run:visible:enabled").count():
                click_and_wait(page, ".pl-run:visible")
            else:
                play_next(page)
            clicks += 1
        hands += 1
        if not page.locator(".pl-game-over:visible").count():
            click_and_wait(page, ".pl-new-hand")
            page.wait_for_selector(".pl-hand-over", state="hidden")
    assert hands >= 2, f"the save ended in {hands} hand: New hand went unpressed (make it again, see above)"
    shot(page, screenshots, "app-game-over")
    assert "Game over" in page.inner_text(".pl-status")
    assert not python_errors(page), python_errors(page)
