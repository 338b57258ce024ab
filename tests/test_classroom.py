"""Lesson widgets: numbers read the way people type them, exercises that mark fairly and
never raise, progress bars, and the shared lesson figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pitchlab.bots import ladder
from pitchlab.bots import simulation as sim
from pitchlab.odds import probability
from pitchlab.odds.stats import proportion
from pitchlab.ui import classroom, plots


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.25", Fraction(1, 4)),
        ("25%", Fraction(1, 4)),
        (" 25 % ", Fraction(1, 4)),
        ("1/4", Fraction(1, 4)),
        ("2 / 8", Fraction(1, 4)),
        (".25", Fraction(1, 4)),
        ("1,000", Fraction(1000)),
        ("-1.5", Fraction(-3, 2)),
        ("\u22123", Fraction(-3)),
    ],
)
def test_numbers_are_read_as_people_write_them(text: str, value: Fraction) -> None:
    assert classroom.read_number(text) == value


@pytest.mark.parametrize(
    ("text", "message"), [("", "nothing"), ("abc", "not a number"), ("1/0", "below the line")]
)
def test_a_non_number_gets_a_message_not_a_traceback(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        classroom.read_number(text)


def test_an_exercise_marks_answers_within_its_tolerance() -> None:
    ex = classroom.Exercise(
        "What is P(partner holds the three)?", Fraction(1, 5), "9 of the 45 unseen cards: 9/45 = 1/5."
    )
    assert ex.check("0.3") is False
    assert "pl-wrong" in ex.feedback._dom_classes
    assert not ex.solved
    assert ex.check("20%") is True
    assert "pl-right" in ex.feedback._dom_classes and "pl-wrong" not in ex.feedback._dom_classes
    assert "1/5" in ex.feedback.value
    assert ex.check("1/5") is True and ex.check("0.2") is True and ex.check("0.204") is True
    assert ex.check("0.21") is False  # 0.01 off is outside the 0.005 tolerance
    assert ex.solved and ex.tries == 6


def test_a_typo_changes_nothing_but_the_message() -> None:
    ex = classroom.Exercise("?", Fraction(1, 2), "half", hint="think of a coin")
    ex.check("0.1")
    tries = ex.tries
    assert ex.check("half") is None
    assert ex.tries == tries
    assert "not a number" in ex.feedback.value
    assert "pl-right" not in ex.feedback._dom_classes and "pl-wrong" not in ex.feedback._dom_classes
    ex.check("0.1")
    assert "think of a coin" in ex.feedback.value


def test_the_solution_stays_hidden_until_asked() -> None:
    ex = classroom.Exercise("?", 1, "<b>because</b>")
    assert not ex.solution_shown
    ex.toggle.click()
    assert ex.solution_shown and ex.toggle.description == "Hide solution"
    ex.toggle.click()
    assert not ex.solution_shown


def test_a_progress_bar_follows_its_callback() -> None:
    bar = classroom.ProgressBar("dealing")
    sim.bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", hands=300, seed=1, progress=bar.update)
    assert (bar.bar.value, bar.bar.max) == (300, 300)
    assert bar.text.value == "300 / 300"


def axis_titles(fig: object) -> tuple[str, str, str]:
    layout = fig.layout  # type: ignore[attr-defined]
    return layout.title.text, layout.xaxis.title.text, layout.yaxis.title.text


def test_every_lesson_figure_has_a_title_and_labelled_axes_with_units() -> None:
    exact = probability.trump_count_distribution()
    simulated = {k: proportion(round(float(p) * 1000), 1000) for k, p in exact.items()}
    dist = plots.distribution_figure(
        exact, simulated, title="Trump in a hand", x_title="trump (cards)", mark=3
    )
    assert axis_titles(dist) == ("Trump in a hand", "trump (cards)", "probability (%)")
    assert list(dist.data[0].y) == pytest.approx([float(p) * 100 for p in exact.values()])
    assert dist.data[0].marker.line.width[3] == 3

    conv = plots.convergence_figure(
        [1, 10, 100], [0.0, 0.2, 0.25], [0.0, 0.1, 0.2], [0.8, 0.5, 0.3], Fraction(1, 4), title="Convergence"
    )
    assert axis_titles(conv)[1:] == ("trials so far (log scale)", "estimated probability (%)")
    assert conv.layout.xaxis.type == "log"

    result = sim.bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", hands=300, seed=1)
    bids = plots.bid_chances_figure(result)
    assert "300 simulated hands" in bids.layout.title.text
    assert list(bids.data[0].x) == list(range(4, 11))
    assert bids.data[0].y[0] == pytest.approx(100 * result.chance(4).value)
    assert bids.layout.yaxis2.title.text == "expected score change (points)"

    shipped = ladder.shipped()
    grid = plots.ladder_figure(shipped, ladder.Spot(0, 0, False))
    assert axis_titles(grid)[1:] == ("points you hold in your best suit", "trump in your best suit")
    assert "first seat, no bid yet" in grid.layout.title.text


def test_pressing_enter_in_the_box_checks_the_answer() -> None:
    ex = classroom.Exercise("?", Fraction(1, 5), "")
    ex.box.value = "1/5"  # the browser sends the value on Enter (continuous_update is off)
    assert ex.solved and "pl-right" in ex.feedback._dom_classes


def test_an_enormous_number_is_marked_wrong_not_crashed() -> None:
    ex = classroom.Exercise("?", Fraction(1, 4), "1/4")
    assert ex.check("9" * 190) is False  # compared exactly, never through a float
    assert ex.check("1/" + "9" * 190) is False  # a tiny fraction, 1/4 off
    assert ex.tries == 2


def test_an_overlong_answer_is_refused_in_the_learners_words() -> None:
    ex = classroom.Exercise("?", Fraction(1, 4), "1/4")
    assert ex.check("9" * 5000) is None
    assert "5,000 characters" in ex.feedback.value and "digits" not in ex.feedback.value
    assert ex.tries == 0


@pytest.mark.parametrize(
    ("query", "size"),
    [("", 200), ("games=7", 200), ("hands=1000&games=7", 1000), ("hands=30", 30), ("hands=5000", 5000)],
)
def test_a_size_comes_from_the_address_when_it_names_one(query: str, size: int) -> None:
    assert classroom.size_from_address("hands", 200, 30, 5000, query=query) == size


@pytest.mark.parametrize("given", ["29", "5001", "-5", "1e3", "lots", "9" * 400, "<b>"])
def test_a_bad_size_in_the_address_keeps_the_default_and_says_so(
    given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert classroom.size_from_address("hands", 200, 30, 5000, query=f"hands={given}") == 200
    said = capsys.readouterr().out  # outside a kernel, display() prints the message widget
    assert "hands must be a whole number from 30 to 5,000: this page uses 200" in said
    assert "<b>" not in said
