"""The practice page driven through its widgets, as a learner's taps drive it (no browser).

The problem is ten-point-0-17, worked by hand in tests/test_practice_punish.py: the joker
costs 2 points on the deal where the off-jack sits with East, the jack is the answer.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pitchlab.ui.practice import PracticePage

PROBLEM = "ten-point-0-17"


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def shown(widget: Any) -> bool:
    return bool(widget.layout.display != "none")


def test_a_wrong_card_shows_its_cost_and_the_deal_then_the_answer() -> None:
    page = PracticePage()
    page.choose(PROBLEM)
    assert page.problem is not None and page.problem.id == PROBLEM
    assert "Which card brings your side" in text(page.question.value)
    assert "Trick 3:" in text(page.seen.value)  # what the seat has seen, in words
    page.answer("JK")
    said = text(page.feedback.value)
    assert "Joker is not the best here" in said
    assert (
        "your side took 5 points" in said and "after the best answer, 7" in said and "cost 2 points" in said
    )
    assert 'aria-label="East: J♣"' in page.deal.value
    assert not shown(page.controls) and shown(page.after) and shown(page.replay.widget)
    assert "Trick 4" in text(page.replay.words.value) and "East won it" in text(page.replay.words.value)
    page.replay.go(99)
    assert "your side took 5 of the points" in text(page.replay.words.value)
    page.show_answer.click()
    assert "The answer: J♠" in text(page.feedback.value)
    page.replay.go(99)
    assert "your side took 7 of the points" in text(page.replay.words.value)
    page.try_again.click()
    assert shown(page.controls) and not shown(page.replay.widget)
    page.answer("JS")
    assert "Right: J♠" in text(page.feedback.value) and "Why:" in text(page.feedback.value)
    assert not shown(page.controls) and not shown(page.after) and shown(page.onward)
    page.onward.click()
    assert page.problem.id != PROBLEM and shown(page.controls) and not shown(page.onward)


def test_an_answer_that_cannot_be_given_changes_nothing() -> None:
    page = PracticePage()
    page.choose(PROBLEM)
    page.answer("9H")
    assert "cannot be chosen here" in text(page.feedback.value)
    assert shown(page.controls) and page.punished is None


def test_problems_are_chosen_by_game_level_and_theme() -> None:
    page = PracticePage()
    assert page.problem is not None and page.problem.level == 1 and page.problem.ruleset == "ten-point"
    page.level.value = 3
    assert all(p.level == 3 for p in page.shown) and page.problem.level == 3
    theme = page.theme.options[1][1]
    page.theme.value = theme
    assert page.shown and all(theme in p.themes for p in page.shown)
    first = page.problem
    if len(page.shown) > 1:
        page.next_problem.click()
        assert page.problem is not first
    page.ruleset.value = "auction-pitch"
    assert all(p.ruleset == "auction-pitch" for p in page.shown)


def test_the_address_opens_a_problem_or_says_it_does_not_exist() -> None:
    page = PracticePage()
    page.apply_query(f"problem={PROBLEM}")
    assert page.problem is not None and page.problem.id == PROBLEM
    page.apply_query("problem=no-such-problem")
    assert "there is no practice problem" in text(page.count.value)
    assert page.problem.id == PROBLEM
    page.apply_query("level=4")
    assert page.problem.level == 4


def test_a_bid_problem_offers_bids_and_a_wrong_bid_is_played_out() -> None:
    page = PracticePage()
    page.ruleset.value = "auction-pitch"
    problem = page.problem
    assert problem is not None and problem.kind == "bid"
    assert shown(page.bids) and not shown(page.suits)
    page.answer(problem.verdict.runner_up)
    said = text(page.feedback.value)
    assert "is not the best here" in said and "less the other side's" in said
    assert page.punished is not None and page.punished.cost > 0


def test_the_app_the_tutorial_and_the_lessons_link_the_page() -> None:
    """Each link, followed from the page that holds it, reaches notebooks/practice.ipynb."""
    import pitchlab as pl
    from pitchlab.ui import guide

    root = Path(__file__).resolve().parent.parent
    target = (root / "notebooks" / "practice.ipynb").resolve()
    assert 'href="practice.ipynb"' in guide.howto_html(pl.TEN_POINT)
    assert (root / "notebooks" / "app.ipynb").parent.joinpath("practice.ipynb").resolve() == target
    for page in ("tutorial/index.ipynb", "notebooks/lessons/index.ipynb"):
        links = re.findall(r"\]\(([^)]*practice\.ipynb)\)", (root / page).read_text(encoding="utf-8"))
        assert links, page
        assert all((root / page).parent.joinpath(link).resolve() == target for link in links), page
