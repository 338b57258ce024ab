"""Practice progress (pitchlab.practice.progress), every expected value counted by hand from the
rules in its docstring: three right in a row move the level up, two misses down; a miss is due
again 2 problems later, then 5, then 12; the stored form holds ids and counts only."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from pitchlab.engine.errors import PitchError
from pitchlab.practice.problems import load
from pitchlab.practice.progress import Progress, Review, Tally, tallies


@dataclass(frozen=True)
class P:
    id: str
    level: int = 1
    themes: tuple[str, ...] = ("play low",)
    ruleset: str = "ten-point"


def answer(progress: Progress, rights: str, level: int = 1, start: int = 0) -> list[int]:
    """Answer problems p<start>, p<start+1>... at ``level``: R right, M missed; the level's moves."""
    return [progress.record(P(f"p{start + i}", level), c == "R") for i, c in enumerate(rights)]


def test_three_right_in_a_row_move_the_level_up_and_start_a_new_run() -> None:
    progress = Progress()
    assert answer(progress, "RR") == [0, 0]
    assert progress.level("ten-point") == 1 and progress.runs["ten-point"] == 2
    assert answer(progress, "R", start=2) == [1]
    assert progress.level("ten-point") == 2 and progress.runs["ten-point"] == 0
    assert progress.level("auction-pitch") == 1  # each ruleset its own level


def test_a_miss_breaks_the_run_of_right_answers() -> None:
    progress = Progress()
    assert answer(progress, "RRMRR") == [0, 0, 0, 0, 0]
    assert progress.level("ten-point") == 1 and progress.runs["ten-point"] == 2
    assert answer(progress, "R", start=5) == [1]


def test_two_misses_in_a_row_move_the_level_down_but_not_below_1() -> None:
    progress = Progress()
    progress.choose_level("ten-point", 2)
    assert answer(progress, "MRM", level=2) == [0, 0, 0]  # the right answer broke the misses' run
    assert answer(progress, "M", level=2, start=3) == [-1]
    assert progress.level("ten-point") == 1
    assert answer(progress, "MM", start=4) == [0, 0]
    assert progress.level("ten-point") == 1 and progress.runs["ten-point"] == 0


def test_the_level_stops_at_5_and_other_levels_answers_leave_it_alone() -> None:
    progress = Progress()
    assert answer(progress, "RRRRRR", level=3) == [0] * 6  # not the level practised
    assert progress.level("ten-point") == 1 and progress.runs.get("ten-point", 0) == 0
    progress.choose_level("ten-point", 5)
    assert answer(progress, "RRR", level=5, start=6) == [0, 0, 0]
    assert progress.level("ten-point") == 5 and progress.runs["ten-point"] == 0
    with pytest.raises(PitchError, match="from 1 to 5"):
        progress.choose_level("ten-point", 6)


def test_a_miss_comes_back_after_2_then_5_then_12_problems_then_leaves() -> None:
    progress = Progress()
    progress.record(P("a"), False)  # seen 1: box 1, due at 1 + 2
    assert progress.review == {"a": Review(1, 3)} and progress.due() == []
    answer(progress, "R", start=1)  # seen 2
    assert progress.due() == []
    answer(progress, "R", start=2)  # seen 3
    assert progress.due() == ["a"]
    progress.record(P("a"), True)  # seen 4: box 2, due at 4 + 5
    assert progress.review == {"a": Review(2, 9)} and progress.due() == []
    answer(progress, "RRRR", start=3)  # seen 8
    assert progress.due() == []
    answer(progress, "R", start=7)  # seen 9
    assert progress.due() == ["a"]
    progress.record(P("a"), True)  # seen 10: box 3, due at 10 + 12
    assert progress.review == {"a": Review(3, 22)}
    progress.record(P("a"), True)  # right in the last box (even early): out of the queue
    assert progress.review == {} and progress.solved["a"] == 3 and progress.tries["a"] == 4


def test_a_miss_in_a_later_box_goes_back_to_box_1_and_the_longest_waiting_come_first() -> None:
    progress = Progress()
    progress.record(P("a"), False)  # seen 1: a due at 3
    progress.record(P("b"), False)  # seen 2: b due at 4
    progress.record(P("a"), True)  # seen 3: a in box 2, due at 8
    progress.record(P("a"), False)  # seen 4: a back in box 1, due at 6
    assert progress.review == {"b": Review(1, 4), "a": Review(1, 6)}
    assert progress.due() == ["b"]
    answer(progress, "RR")  # seen 6
    assert progress.due() == ["b", "a"]  # b due at 4 waited longer than a due at 6
    assert not progress.is_solved("b") and progress.is_solved("a")


def test_the_stored_form_is_ids_and_counts_and_reads_back() -> None:
    progress = Progress()
    progress.record(P("ten-point-0-1"), True)
    progress.record(P("ten-point-0-2"), False)
    stored = json.loads(progress.to_json())
    assert stored == {
        "format": "pitchlab-progress/1",
        "seen": 2,
        "tries": {"ten-point-0-1": 1, "ten-point-0-2": 1},
        "solved": {"ten-point-0-1": 1},
        "levels": {"ten-point": [1, -1]},  # a right then a miss: a run of one miss
        "review": {"ten-point-0-2": [1, 4]},
    }
    back = Progress.from_json(progress.to_json())
    assert back == progress and back.due() == []


def test_the_stored_form_holds_no_answer_of_a_real_problem() -> None:
    problems = load("ten-point")[:20]
    progress = Progress()
    for i, p in enumerate(problems):
        progress.record(p, i % 2 == 0)
    stored = progress.to_json()
    words = set(json.loads(stored)) | {
        k for table in ("tries", "solved", "review") for k in json.loads(stored)[table]
    }
    assert words == {"format", "seen", "tries", "solved", "levels", "review"} | {p.id for p in problems}
    assert all(f'"{a}"' not in stored for p in problems for a in p.answers)


GOOD = Progress(
    3, {"a": 2, "b": 1}, {"a": 1}, {"ten-point": 2}, {"ten-point": 1}, {"b": Review(2, 9)}
).to_json()


def edited(**changes: object) -> str:
    return json.dumps({**json.loads(GOOD), **changes})


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "not readable"),
        ('{"format": "pitchlab-progress/1", "seen": ', "not readable"),
        ('{"format":"pitchlab-save/1","view":{}}', "not pitchlab practice progress"),
        ("[1, 2, 3]", "not pitchlab practice progress"),
        (edited(format="pitchlab-progress/2"), "not pitchlab practice progress"),
        (edited(seen=-1), "bad 'seen' count"),
        (edited(seen=True), "bad 'seen' count"),
        (edited(tries={"a": 2, "b": 1.5}), "bad 'tries' count"),
        (edited(tries={"A B": 1}), "bad 'tries' table"),
        (edited(solved={"a": 3}), "solved more often than tried"),
        (edited(levels={"ten-point": [9, 0]}), "level out of range"),
        (edited(levels={"ten-point": [2, 3]}), "level out of range"),
        (edited(levels={"ten-point": 2}), "bad entry in 'levels'"),
        (edited(review={"b": [4, 9]}), "review out of range"),
        (edited(review=[]), "bad 'review' table"),
        ('"' + "x" * 200_001 + '"', "too long"),
    ],
)
def test_a_damaged_or_foreign_value_is_refused_saying_why(text: str, why: str) -> None:
    assert Progress.from_json(GOOD).seen == 3
    with pytest.raises(PitchError, match=why):
        Progress.from_json(text)


def test_tallies_count_problems_solved_by_level_and_theme() -> None:
    problems = [P("p1", 1, ("x", "y")), P("p2", 1, ("y",)), P("p3", 2, ("x",)), P("p4", 2, ("z",))]
    progress = Progress()
    progress.record(problems[0], True)
    progress.record(problems[2], True)
    progress.record(problems[1], False)
    levels, themes = tallies(progress, problems)
    assert levels == {1: Tally(1, 2), 2: Tally(1, 2)}
    assert list(themes.items()) == [("x", Tally(2, 2)), ("y", Tally(1, 2)), ("z", Tally(0, 1))]


def test_problems_no_longer_shipped_are_forgotten() -> None:
    progress = Progress()
    progress.record(P("a"), False)
    progress.record(P("b"), True)
    progress.keep_only({"b"})
    assert progress.tries == {"b": 1} and progress.review == {} and progress.seen == 2
