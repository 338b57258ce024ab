"""Lesson widgets: numbers read the way people type them, exercises that mark fairly and
never raise, progress bars, and the shared lesson figures."""

from __future__ import annotations

import ast
import contextlib
import json
import math
import signal
import time
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitchlab.bots import ladder
from pitchlab.bots import simulation as sim
from pitchlab.odds import probability
from pitchlab.odds.stats import proportion
from pitchlab.ui import classroom, plots
from tests.budget import examples
from tests.helpers import load_benchmark


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
    assert axis_titles(grid)[1:] == (
        "points you hold in the bot's chosen suit",
        "trump in the bot's chosen suit (cards)",
    )
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


# ----------------------------------------------------------------------------- forgiving answers

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0,0169", Fraction(169, 10_000)),  # a decimal comma
        ("1,5", Fraction(3, 2)),
        ("0,125", Fraction(1, 8)),  # a first group starting with 0 is never thousands
        ("1234,5", Fraction(2469, 2)),  # four digits before the comma: not a thousands group
        ("12,345", Fraction(12_345)),  # one comma, then exactly three digits: thousands
        ("1,000,000", Fraction(1_000_000)),
        ("1.234,5", Fraction(2469, 2)),  # both marks: the last one is the decimal point
        ("1,234.5", Fraction(2469, 2)),
        ("1.234.567", Fraction(1_234_567)),  # several points: thousands
        ("12 345", Fraction(12_345)),  # a space between thousands
        ("1\u202f000,5", Fraction(2001, 2)),  # a narrow no-break space, then a decimal comma
        ("1.69%", Fraction(169, 10_000)),
        ("1,69 %", Fraction(169, 10_000)),
        ("169/10000", Fraction(169, 10_000)),
        ("2,5/10", Fraction(1, 4)),  # a decimal over a whole number
        ("\u2212 0,5", Fraction(-1, 2)),  # a typographic minus, a space, a decimal comma
        ("\u00bd", Fraction(1, 2)),  # the one-character half
        ("\uff11/\uff14", Fraction(1, 4)),  # full-width digits
        ("\u2248 0.25", Fraction(1, 4)),  # copied with its "about" sign
        ("5.", Fraction(5)),
    ],
)
def test_decimal_commas_thousands_and_unicode_are_read(text: str, value: Fraction) -> None:
    assert classroom.read_number(text) == value


@pytest.mark.parametrize(
    "text", ["1,23.4", "1,000,5", "12 34", "1e3", "1/2/3", "0x10", "1.2.3", "1,2,3", "%", "-"]
)
def test_an_ambiguous_or_odd_number_is_refused_not_guessed(text: str) -> None:
    with pytest.raises(ValueError, match="not a number"):
        classroom.read_number(text)


P = Fraction(169, 10_000)  # 1.69%, asked to within 0.0005 (0.05 percentage points)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("0.0169", "right"),
        ("0,0169", "right"),
        ("1.69%", "right"),
        ("1,69%", "right"),
        ("169/10000", "right"),
        ("0.017", "right"),  # 0.0001 from the answer
        ("1.69", "format"),  # a percent without its sign: 100 times the answer
        ("1,69", "format"),
        ("0.0169%", "format"),  # 1/100 of the answer
        ("0.000169", "format"),
        ("2", "format"),  # above 1, and 2/100 = 0.02 is 0.0031 away: not a slip, out of range
        ("-0.01", "format"),
        ("150%", "format"),
        ("abc", "format"),
        ("", "format"),
        ("0.02", "too high"),
        ("2%", "too high"),
        ("0.01", "too low"),
        ("1%", "too low"),
    ],
)
def test_a_probability_question(text: str, verdict: str) -> None:
    assert classroom.mark(text, P, "probability", 0.0005).verdict == verdict


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("1.69", "right"),  # the issue's case: a bare number in a percent question is a percent
        ("1.69%", "right"),
        ("1,69", "right"),
        ("0.0169", "right"),  # the same share written as a proportion
        ("0,0169", "right"),
        ("169", "format"),  # 169%: 100 times the answer
        ("0.000169", "format"),  # as a proportion, 0.0169%: 1/100 of the answer
        ("0.0169%", "format"),
        ("101", "format"),
        ("-1", "format"),
        ("150%", "format"),
        ("2", "too high"),
        ("2%", "too high"),
        ("1.5", "too low"),
        ("0.5", "too low"),  # 0.5%: neither it nor the proportion 50% is a slip of 1.69%
    ],
)
def test_a_percent_question(text: str, verdict: str) -> None:
    assert classroom.mark(text, P, "percent", 0.0005).verdict == verdict


@settings(max_examples=examples(300), deadline=None)
@given(
    st.text(alphabet="0123456789.,/% -\u2212\u00bd\u202f\u2248e+", max_size=14) | st.text(max_size=20),
    st.sampled_from(classroom.UNITS),
)
def test_marking_never_raises_and_only_a_number_is_judged(text: str, unit: classroom.Unit) -> None:
    result = classroom.mark(text, P, unit, 0.0005)
    assert result.message and "\n" not in result.message
    if result.value is None:
        assert result.verdict == "format"
    else:
        assert result.verdict != "format" or unit != "number"  # a number question has no format slips


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("60", "right"),
        ("59,5", "right"),
        ("59,4", "too low"),
        ("1,000", "too high"),
        ("6000", "too high"),
        ("-3", "too low"),
        ("6,0", "too low"),
    ],
)
def test_a_number_question_has_no_percent_slips(text: str, verdict: str) -> None:
    assert classroom.mark(text, Fraction(60), "number", 0.5).verdict == verdict


def test_the_messages_name_the_slip_in_the_learners_own_digits() -> None:
    assert (
        classroom.mark("1.69", P, "probability", 0.0005).message
        == "1.69 looks like a percent: write 1.69% or 0.0169."
    )
    small = classroom.mark("0.000169", P, "probability", 0.0005).message
    assert small.startswith("0.000169 means 0.0169%, 100 times too small") and "1.69%" in small
    big = classroom.mark("169", P, "percent", 0.0005).message
    assert big.startswith("169 means 169%, 100 times too big") and "unit slip" in big
    assert "add the % sign: 2%" in classroom.mark("2", P, "probability", 0.0005).message
    assert "below zero" in classroom.mark("-0.01", P, "probability", 0.0005).message
    assert "more than 100%" in classroom.mark("101", P, "percent", 0.0005).message
    assert classroom.mark("1.5", P, "percent", 0.0005).message == "Not quite: 1.5 (read as 1.5%) is too low."
    assert (
        classroom.mark("0,02", P, "probability", 0.0005).message
        == "Not quite: 0,02 (read as 0.02) is too high."
    )
    assert "type it like 25 or 25%" in classroom.mark("lots", P, "percent").message


def test_an_answer_of_zero_has_no_slips() -> None:
    """0.005 is 100 times nothing and a hundredth of nothing; it is simply too high."""
    assert classroom.mark("0.005", Fraction(0), "probability", 0.0001).verdict == "too high"
    assert classroom.mark("0", Fraction(0), "probability", 0.0001).verdict == "right"


def test_a_slip_must_be_near_the_answer_not_just_within_a_wide_tolerance() -> None:
    """With 0.002 asked to 0.005, 0.3 (0.003 as a percent) is a slip; 0.5 (0.005) is too far to guess one."""
    tiny = Fraction(2, 1000)
    assert classroom.mark("0.3", tiny, "probability").verdict == "format"
    assert classroom.mark("0.5", tiny, "probability").verdict == "too high"


def test_a_format_problem_is_not_a_try_and_says_so_in_its_own_colour() -> None:
    ex = classroom.Exercise("?", P, "", unit="probability", tolerance=0.0005, hint="count the hands")
    assert ex.check("1.69") is None and ex.tries == 0
    assert "pl-format" in ex.feedback._dom_classes and "pl-wrong" not in ex.feedback._dom_classes
    assert "count the hands" not in ex.feedback.value  # the hint is for a wrong value, not a format
    assert ex.check("0.02") is False and ex.tries == 1
    assert "too high" in ex.feedback.value and "count the hands" in ex.feedback.value
    assert "pl-wrong" in ex.feedback._dom_classes and "pl-format" not in ex.feedback._dom_classes
    assert ex.check("1,69%") is True and ex.tries == 2 and ex.solved
    assert ex.feedback.value == "Right: 169/10000 = 0.0169 (1.69%)."


def test_the_issue_s_percent_answer_is_right() -> None:
    ex = classroom.Exercise("half-width, as a percent?", P, "", unit="percent", tolerance=0.0005)
    assert ex.check("1.69") is True
    assert ex.feedback.value == "Right: 1.69%."
    assert ex.box.placeholder == "e.g. 25 or 25%"


def test_an_exercise_refuses_a_unit_it_does_not_know_or_a_percent_over_one() -> None:
    with pytest.raises(ValueError, match="unit must be one of"):
        classroom.Exercise("?", 1, "", unit="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"1\.69% is 0\.0169"):
        classroom.Exercise("?", Fraction(169, 100), "", unit="percent")


def exercise_calls(path: Path) -> list[ast.Call]:
    calls = []
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code" and "Exercise(" in "".join(cell["source"]):
            tree = ast.parse("".join(cell["source"]))
            calls += [
                node
                for node in ast.walk(tree)
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "Exercise"
            ]
    return calls


def test_every_exercise_in_the_notebooks_names_its_unit() -> None:
    """How a bare number is read depends on the unit, so no lesson leaves it to the default."""
    notebooks = sorted([*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "tutorial").rglob("*.ipynb")])
    calls = {path.name: exercise_calls(path) for path in notebooks}
    assert sum(map(len, calls.values())) >= 20
    for name, found in calls.items():
        for call in found:
            assert "unit" in {k.arg for k in call.keywords}, f"{name} line {call.lineno}: no unit="
    units = {
        k.value.value
        for call in calls["05-monte-carlo-error.ipynb"]
        for k in call.keywords
        if k.arg == "unit" and isinstance(k.value, ast.Constant)
    }
    assert "percent" in units  # the half-width "as a percent" of issue 16


# ----------------------------------------------------------------------------- multiple choice

CHOICES = [
    classroom.Choice(
        "95% of the time the true value is inside this interval", False, "the true value is fixed"
    ),
    classroom.Choice(
        "95% of intervals made this way hold the true value", True, "the method covers 95% of the time"
    ),
    classroom.Choice("the estimate is 95% accurate", False, "95% is a coverage rate, not an accuracy"),
]


def test_a_multiple_choice_explains_the_choice_picked() -> None:
    mc = classroom.MultipleChoice("What does a 95% interval mean?", CHOICES)
    assert mc.check() is None and mc.tries == 0
    assert "Pick one" in mc.feedback.value and "pl-format" in mc.feedback._dom_classes
    mc.pick(CHOICES[2].text)
    assert mc.check() is False and mc.tries == 1 and not mc.solved
    assert "coverage rate, not an accuracy" in mc.feedback.value and "pl-wrong" in mc.feedback._dom_classes
    mc.pick(CHOICES[0].text)  # a new pick clears the old explanation
    assert mc.feedback.value == "" and not {"pl-right", "pl-wrong"} & set(mc.feedback._dom_classes)
    mc.options.value = 1  # as a click on the second radio button
    mc.check_button.click()
    assert mc.solved and mc.tries == 2
    assert "covers 95% of the time" in mc.feedback.value and "pl-right" in mc.feedback._dom_classes
    assert "pl-choice" in mc.widget._dom_classes and "pl-choice-options" in mc.options._dom_classes
    assert "pl-check" in mc.check_button._dom_classes
    assert [label for label, _ in mc.options.options] == [c.text for c in CHOICES]


@pytest.mark.parametrize(
    "choices",
    [
        CHOICES[:1],  # one choice
        [CHOICES[0], CHOICES[2]],  # nothing right
        [CHOICES[1], classroom.Choice("b", False, " ")],  # a choice without its why
        [CHOICES[1], CHOICES[1]],  # the same text twice
    ],
)
def test_a_multiple_choice_needs_a_right_choice_and_every_why(choices: list[classroom.Choice]) -> None:
    with pytest.raises(ValueError, match="multiple-choice"):
        classroom.MultipleChoice("?", choices)


# ----------------------------------------------------------------------------- code exercises

COUNT_CASES = (
    classroom.Case((10, 3), 120, "choose 3 of 10"),
    classroom.Case((5, 0), 1, "choose none"),
    classroom.Case((4, 5), 0, "more than there are"),
)


def comb_right(n: int, k: int) -> int:
    if k > n:
        return 0
    top = bottom = 1
    for i in range(k):
        top, bottom = top * (n - i), bottom * (i + 1)
    return top // bottom


def test_code_that_is_right_passes() -> None:
    report = classroom.check_code(comb_right, COUNT_CASES)
    assert report.passed and report.written
    assert report.summary == "Right: comb_right passes all 3 checks."
    assert "pl-right" in report.feedback._dom_classes and "pl-code-report" in report.widget._dom_classes


def stub_none(n: int, k: int) -> int:
    ...  # the learner's cell as the lesson ships it: a body still to write
    return None  # type: ignore[return-value]


def stub_raises(n: int, k: int) -> int:
    raise NotImplementedError("write this")


def stub_ellipsis(n: int, k: int) -> object:
    return ...


@pytest.mark.parametrize("stub", [stub_none, stub_raises, stub_ellipsis])
def test_a_stub_is_not_written_yet_and_raises_nothing(
    stub: Callable[[int, int], object], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    report = classroom.check_code(stub, COUNT_CASES)
    assert not report.passed and not report.written
    assert report.summary.startswith(f"{stub.__name__} is not written yet. Write the body")
    assert "pl-todo" in report.feedback._dom_classes and report.cases.value == ""


def test_on_a_voila_page_a_stub_says_where_code_can_be_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # Voilà gives every kernel it starts this variable
    report = classroom.check_code(stub_raises, COUNT_CASES)
    assert "open this notebook in JupyterLab (or on Binder) to write the function" in report.summary


def test_a_wrong_case_is_named_with_what_came_back_and_what_was_expected() -> None:
    def no_zero(n: int, k: int) -> int:
        return comb_right(n, k) if k <= n else 1  # forgot the empty case

    report = classroom.check_code(no_zero, COUNT_CASES)
    assert not report.passed and report.written
    assert [r.status for r in report.results] == ["right", "right", "wrong"]
    assert report.results[2].message == "more than there are: no_zero(4, 5) gave 1, expected 0"
    assert "passes 2 of 3 checks" in report.summary and "more than there are" in report.summary
    assert "pl-wrong" in report.feedback._dom_classes and "more than there are" in report.cases.value


def test_an_exception_in_the_learners_code_is_one_line() -> None:
    def divides(n: int, k: int) -> int:
        return n // (k - k)

    report = classroom.check_code(divides, COUNT_CASES[:1])
    (result,) = report.results
    assert result.status == "raised" and "\n" not in result.message
    assert result.message.startswith(
        "choose 3 of 10: divides(10, 3) raised ZeroDivisionError: integer division"
    )
    assert "(in divides, line" in result.message and not report.passed


def test_a_case_that_runs_too_long_is_stopped_and_the_timer_put_back() -> None:
    def forever(n: int, k: int) -> int:
        while True:
            with contextlib.suppress(Exception):  # a learner's catch-all does not keep it running
                time.sleep(0.01)

    handler = signal.getsignal(signal.SIGALRM)
    report = classroom.check_code(forever, COUNT_CASES[:2], budget=0.2)  # returns: the budget stopped it
    assert [r.status for r in report.results] == ["slow", "slow"]
    assert "took over 0.2 s" in report.results[0].message
    assert signal.getsignal(signal.SIGALRM) is handler and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_cases_compare_numbers_closely_and_containers_item_by_item() -> None:
    def posterior(n: int) -> dict[int, float]:
        return dict.fromkeys(range(n), 1 / n)

    exact = dict.fromkeys(range(3), Fraction(1, 3))
    assert classroom.check_code(posterior, [classroom.Case((3,), exact, "three alike")]).passed
    off = classroom.check_code(posterior, [classroom.Case((3,), {0: Fraction(1, 2), 1: 0, 2: 0}, "skewed")])
    assert not off.passed
    assert (
        classroom.same([1, 2.0], (1, 2))
        and not classroom.same(True, 1)
        and not classroom.same({1: 1}, {2: 1})
    )
    # within: the same comparison with tolerances of its own, worked by hand
    rounded = classroom.within(rel_tol=1e-3, abs_tol=1e-9)
    assert rounded((0.5, 1.96), (0.5, 1.959964)) and not classroom.same((0.5, 1.96), (0.5, 1.959964))
    assert not rounded((0.5, 1.97), (0.5, 1.959964)) and not rounded((0.5,), (0.5, 1.96))
    assert rounded((-1e-17, 0.0), (0.0, 0.0)) and not rounded(("0.5", 1.96), (0.5, 1.96))
    millionth = classroom.within(rel_tol=0, abs_tol=1e-6)
    assert millionth(0.8304337, Fraction(1147475, 1381778)) and not millionth(
        0.8305, Fraction(1147475, 1381778)
    )
    assert not millionth(True, 1) and not millionth("0.83", Fraction(83, 100))
    loose = classroom.Case((3,), 0.4, "about a third", compare=lambda got, want: abs(got[0] - want) < 0.1)
    assert classroom.check_code(posterior, [loose]).passed


def test_a_function_that_changes_its_arguments_spoils_no_other_case() -> None:
    def pops(cards: list[int]) -> int:
        return cards.pop()

    shared = [1, 2, 3]
    cases = [classroom.Case((shared,), 3, "last card"), classroom.Case((shared,), 3, "last card again")]
    assert classroom.check_code(pops, cases).passed and shared == [1, 2, 3]


def test_a_function_that_answers_some_cases_is_written_and_a_missing_return_is_named() -> None:
    def half_done(n: int, k: int) -> int | None:
        if k == 0:
            return 1
        if k > n:
            raise NotImplementedError
        return None

    report = classroom.check_code(half_done, COUNT_CASES)
    assert report.written and not report.passed
    assert [r.status for r in report.results] == ["stub", "right", "stub"]
    assert "choose 3 of 10: half_done(10, 3) gave None (is a return missing?)" in report.summary
    assert "half_done(4, 5) raised NotImplementedError" in report.cases.value
    assert "pl-wrong" in report.feedback._dom_classes


def test_an_exception_from_a_library_names_the_learners_line() -> None:
    def negative(n: int, k: int) -> int:
        return comb_right(n, k) + math.comb(n, -k)  # math.comb refuses a negative k

    (result,) = classroom.check_code(negative, COUNT_CASES[:1]).results
    assert (
        result.status == "raised"
        and "ValueError" in result.message
        and "(in negative, line" in result.message
    )


def test_an_answer_none_is_a_stub_only_when_something_else_was_expected() -> None:
    def nothing(x: int) -> None:
        return None

    assert classroom.check_code(nothing, [classroom.Case((1,), None, "nothing back")]).passed


# ----------------------------------------------------------------------------- figures, timings, address


def test_a_figure_box_draws_through_the_plots_bundle() -> None:
    box = classroom.FigureBox()
    assert box.figure is None and box.output.outputs == ()
    fig = plots.trump_count_figure()
    box.draw(fig)
    assert box.figure is fig and "pl-plot" in box.widget._dom_classes
    (shown,) = box.output.outputs
    assert shown["data"] == plots.mimebundle(fig)


class Toy:
    def __init__(self) -> None:
        self.calls: list[int] = []

    def redraw_cases(self) -> Iterable[tuple[str, Callable[[], object]]]:
        yield "n=10", lambda: self.calls.append(10)
        yield "n=20", lambda: self.calls.append(20)


def test_redraw_times_runs_each_case_once_a_round() -> None:
    toy = Toy()
    times = classroom.redraw_times(toy, rounds=3)
    assert list(times) == ["n=10", "n=20"] and all(t >= 0 for t in times.values())
    assert toy.calls == [10, 10, 10, 20, 20, 20]


@pytest.mark.parametrize(
    ("query", "seed"), [("", 4), ("seed=7", 7), ("seed=0&hands=40", 0), ("seed=999999999", 999_999_999)]
)
def test_a_seed_comes_from_the_address(query: str, seed: int) -> None:
    assert classroom.seed_from_address(4, query=query) == seed


@pytest.mark.parametrize("given", ["-1", "1000000000", "7.5", "seven", "<b>"])
def test_a_bad_seed_in_the_address_keeps_the_default_and_says_so(
    given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert classroom.seed_from_address(4, query=f"seed={given}") == 4
    assert "seed must be a whole number from 0 to 999,999,999: this page uses 4" in capsys.readouterr().out


def test_the_slider_benchmark_times_every_listed_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sliders = load_benchmark("sliders")
    found = sliders.main(["--rounds", "1", "--json"])  # every lesson module, whatever REDRAWS they list today
    report = json.loads(capsys.readouterr().out)
    assert report["budget_ms"] == classroom.REDRAW_BUDGET_MS == 250 and report["rounds"] == 1
    assert len(report["cases"]) == len(found)
    assert {m.__name__ for m in sliders.lesson_modules()} >= {
        "pitchlab.lessons.classroom.monte_carlo_error",
        "pitchlab.lessons.tutorial.the_deal",
    }
    lesson = SimpleNamespace(__name__="pitchlab.lessons.classroom.toy", REDRAWS=(Toy,))
    monkeypatch.setattr(sliders, "lesson_modules", lambda: [lesson])
    timed = sliders.main(["--rounds", "2"])
    assert [(t.view, t.case) for t in timed] == [("Toy", "n=10"), ("Toy", "n=20")]
    assert "Toy" in capsys.readouterr().out
