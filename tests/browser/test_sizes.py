"""The app at a phone's, a tablet's and a desktop's size, through a whole hand.

At 375x812, 768x1024 and 1280x900, at the start, mid-hand (trump named, cards played,
the learner to play) and when the hand is over: the page never scrolls sideways; every
seat box and trick card of the table picture, the learner's cards, the trump ladder, the
point table and every button lie inside the window and inside any box that would clip
them; cards are a fingertip's 44 px both ways; no button's words are cut short; the
words on the ladder and the table picture are at least 11 px; and axe-core finds no
WCAG 2.1 A or AA violation.
One page is resized between the sizes (one load, one hand, one Voila server for all).
A hand played by taps alone in a phone's browser (touch, a mobile viewport) is measured the same
way at each of the learner's decisions, in tests/browser/test_first_screen.py.
Screenshots: screenshots/sizes-<moment>-<width>.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.browser.test_pages import access_problems, fits, python_errors, shot
from tests.browser.test_resume import open_seeded, play

SIZES = ((375, 812), (768, 1024), (1280, 900))
FINGER_PX = 44
"""The smallest comfortable touch target (Apple's and WCAG 2.5.5's 44 CSS px)."""
LABEL_PX = 11
"""The smallest card label that reads on a phone."""

# Where things land, measured in the page. An element must lie inside the window's width
# and inside every ancestor that clips what overflows it (a scrolling box, an SVG); the
# rectangles do not depend on the vertical scroll, so nothing needs scrolling into view.
# Font sizes are the text's own size times the scale its picture is drawn at.
MEASURE_JS = """(fingerPx) => {
    const W = innerWidth;
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const all = (sel) => Array.from(document.querySelectorAll(sel)).filter(shown);
    const problems = [];
    const inside = (what, el) => {
        const r = el.getBoundingClientRect();
        if (r.left < -0.5 || r.right > W + 0.5) {
            problems.push(`${what} spans ${r.left.toFixed(0)}..${r.right.toFixed(0)}, the window 0..${W}`);
        }
        for (let a = el.parentElement; a; a = a.parentElement) {
            if (getComputedStyle(a).overflowX === 'visible') { continue; }
            const b = a.getBoundingClientRect();
            if (r.left < b.left - 0.5 || r.right > b.right + 0.5) {
                problems.push(`${what} cut off by <${a.tagName.toLowerCase()} class="${a.getAttribute('class')}">`);
                break;
            }
        }
    };
    const px = (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    const parts = {
        seats: all('svg.pl-table .pl-seat'),
        trick: all('svg.pl-table .pl-trick-card'),
        cards: all('.pl-app .pl-card'),
        ladder: all('.pl-ladder, .pl-ladder svg'),
        points: all('.pl-points-table'),
        buttons: all('.pl-app button'),
        analysis: all('.pl-analysis'),
        figures: all('.pl-app .js-plotly-plot svg.main-svg'),
    };
    for (const [what, els] of Object.entries(parts)) {
        els.forEach((el, i) => inside(`${what}[${i}] ${el.textContent.trim().slice(0, 20)}`, el));
    }
    for (const card of parts.cards) {
        const r = card.getBoundingClientRect();
        if (r.width < fingerPx || r.height < fingerPx) {
            problems.push(`card ${card.textContent} is ${r.width}x${r.height} px`);
        }
    }
    for (const b of parts.buttons) {
        if (b.scrollWidth > b.clientWidth + 1) { problems.push(`button "${b.textContent}" cut short`); }
        if (W <= 700 && b.getBoundingClientRect().height < fingerPx) {
            problems.push(`button "${b.textContent}" ${b.getBoundingClientRect().height} px tall`);
        }
    }
    const sizes = (sel) => all(sel).map(px);
    return {
        problems,
        counts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.length])),
        ladderPx: Math.min(...sizes('.pl-ladder text')),
        tablePx: Math.min(...sizes('svg.pl-table text')),
    };
}"""
FRAME_JS = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def measure(page: Page) -> dict[str, Any]:
    """Where the app's parts land at the page's present size (see ``MEASURE_JS``)."""
    page.wait_for_timeout(300)  # a resize reflows the page and plotly redraws its plot
    page.evaluate(FRAME_JS)
    found: dict[str, Any] = page.evaluate(MEASURE_JS, FINGER_PX)
    return found


def check_sizes(page: Page, moment: str, screenshots: Path, axe: dict[str, int]) -> list[str]:
    """Everything this module promises, at each of the three sizes; the problems found, each
    named with its moment and width (axe's counts go into ``axe``)."""
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        where = f"{moment} at {width} px"
        found = measure(page)
        problems += [f"{where}: {p}" for p in found["problems"]]
        if not fits(page):
            problems.append(f"{where}: the page scrolls sideways")
        if found["counts"]["seats"] != 4:  # ten-point: four seats, every one must be measured
            problems.append(f"{where}: {found['counts']['seats']} seat boxes on the table")
        if found["counts"]["ladder"] and found["ladderPx"] < LABEL_PX:
            problems.append(f"{where}: ladder labels {found['ladderPx']:.1f} px")
        if found["tablePx"] < LABEL_PX:
            problems.append(f"{where}: words on the table picture {found['tablePx']:.1f} px")
        violations = access_problems(page)
        axe[f"{moment} {width}"] = len(violations)
        problems += [f"{where}: axe: {v}" for v in violations]
        print(
            f"{where}: {found['counts']}, smallest text: ladder {found['ladderPx']:.1f} px, "
            f"table {found['tablePx']:.1f} px; axe violations {len(violations)}"
        )
        shot(page, screenshots, f"sizes-{moment}-{width}")
    page.set_viewport_size({"width": SIZES[-1][0], "height": SIZES[-1][1]})
    return problems


def learner_to_play_mid_hand(page: Page) -> bool:
    """Trump named, three trump played (struck on the ladder), and a card of the learner's to play."""
    return bool(
        page.locator(".pl-ladder line").count() >= 3 and page.locator(".pl-card.pl-legal:visible").count()
    )


def open_what_scores(page: Page) -> None:
    page.locator(".jupyter-widget-Collapse-header", has_text="What scores").click()
    page.wait_for_selector(".pl-points-table", state="visible")


def test_the_app_fits_a_phone_a_tablet_and_a_desktop_through_a_hand(
    page: Page, voila_url: str, screenshots: Path
) -> None:
    open_seeded(page, voila_url)
    axe: dict[str, int] = {}
    problems = check_sizes(page, "start", screenshots, axe)
    assert page.locator(".pl-app .pl-card:visible").count() > 0
    play(page, until=learner_to_play_mid_hand)
    assert learner_to_play_mid_hand(page), "the hand ended before the learner played mid-hand"
    open_what_scores(page)
    problems += check_sizes(page, "mid", screenshots, axe)
    play(page)
    assert "Hand over" in page.inner_text(".pl-status")
    # the review's figure, drawn at the desktop's width, must follow the window down to a phone's
    page.wait_for_selector(".pl-analysis-plot .js-plotly-plot svg.main-svg", state="visible")
    problems += check_sizes(page, "over", screenshots, axe)
    print("axe-core WCAG 2.1 A/AA violations:", axe)
    assert len(axe) == 9
    assert not problems, "\n".join(problems)
    assert not python_errors(page), python_errors(page)
