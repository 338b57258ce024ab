"""A class's problem set: choosing it, storing it, the rows a student's kernel sends, and the
teacher's per-problem counts, worked out by hand.

The counts (:func:`pitchlab.classes.pooling.problem_set_lines`) are checked on rows written
here, with a judge of three made-up problems, so every number below is counted on paper from
the rows listed; then forged rows, each breaking one rule, are shown to be left out. The
practice page's class part and the teacher's page are driven against a real SQLite store.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
import sqlalchemy as sa

from pitchlab.classes import payloads, pooling, problem_sets
from pitchlab.classes.problem_sets import ProblemSet
from pitchlab.classes.store import ClassStore, Created, Row
from pitchlab.engine.errors import ClassError
from pitchlab.practice.problems import answers_at, load
from pitchlab.ui import class_sets
from pitchlab.ui.class_join import ClassJoin
from pitchlab.ui.class_sets import ClassSetPlay
from pitchlab.ui.practice import PracticePage
from pitchlab.ui.teacher import TeacherBoard
from tests.class_student import arrive, forge, remembered

SHIPPED = {p.id: p for p in load()}
CARD = "ten-point-0-17"
"""Offers J♠, the joker and 3♠ (in that order); only J♠ is accepted (tests/test_practice_punish.py)."""
BID = "auction-pitch-0-1"
"""Offers pass, 3 and 4; only pass is accepted."""


# ------------------------------------------------------------------ choosing a set


def test_a_chosen_set_is_the_same_every_time_and_fits_the_choice() -> None:
    problems = list(SHIPPED.values())
    first = problem_sets.choose(problems, "ten-point", 3, "play low", 6, 1)
    assert first == problem_sets.choose(list(reversed(problems)), "ten-point", 3, "play low", 6, 1)
    assert len(first.ids) == len(set(first.ids)) == 6
    for problem_id in first.ids:
        chosen = SHIPPED[problem_id]
        assert chosen.ruleset == "ten-point" and chosen.level == 3 and "play low" in chosen.themes
    assert problem_sets.choose(problems, "ten-point", 3, "play low", 6, 2) != first
    assert first.made_from == "ten-point, level 3, theme play low, draw 1"
    # every level: the easier problems first
    mixed = problem_sets.choose(problems, "auction-pitch", None, "", 10, 7)
    levels = [SHIPPED[i].level for i in mixed.ids]
    assert levels == sorted(levels) and all(SHIPPED[i].ruleset == "auction-pitch" for i in mixed.ids)
    # fewer candidates than asked: every one of them (auction pitch has 2 problems at level 4)
    assert len(problem_sets.choose(problems, "auction-pitch", 4, "", 5, 1).ids) == 2


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("ten-point-0-17, nope-1", "there is no practice problem nope-1"),
        ("ten-point-0-17 ten-point-0-17", "ten-point-0-17 is in the set twice"),
        ("", "a problem set holds 1 to 10 problems, not 0"),
        (",".join(list(SHIPPED)[:11]), "a problem set holds 1 to 10 problems, not 11"),
        ("<b>x</b>", "is not a problem id"),
    ],
)
def test_a_typed_set_that_does_not_exist_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(ClassError, match=said):
        problem_sets.from_ids(list(SHIPPED.values()), text)


def test_a_typed_set_keeps_its_order_and_reads_back() -> None:
    made = problem_sets.from_ids(list(SHIPPED.values()), f" {BID.upper()},{CARD} ")
    assert made.ids == (BID, CARD)
    assert ProblemSet.from_text(made.to_text()) == made
    assert payloads.is_set_experiment(made.experiment)
    assert made.experiment != ProblemSet((CARD, BID), made.made_from).experiment  # the order counts
    for junk in (
        "",
        "{}",
        "[1]",
        '{"format": "pitchlab-set/1", "problems": ["<b>"], "from": ""}',
        "x" * 5000,
    ):
        with pytest.raises(ClassError, match=r"damaged or was made by a newer pitchlab|not a problem id"):
            ProblemSet.from_text(junk)


# ------------------------------------------------------------------ what a row may hold


def test_the_store_takes_only_attempts_in_their_shape() -> None:
    name = ProblemSet((CARD,), "").experiment
    good = {"problem": 0, "attempt": 1, "answer": 2, "right": 0}
    assert payloads.check(name, good) == good
    assert payloads.check(name, {"problem": 0, "shown": 3}) == {"problem": 0, "shown": 3}
    for bad in (
        {**good, "right": 2},
        {**good, "right": True},
        {**good, "attempt": 0},
        {**good, "problem": 10},
        {**good, "answer": 64},
        {**good, "extra": 1},
        {"problem": 0, "shown": -1},
    ):
        with pytest.raises(ClassError):
            payloads.check(name, bad)
    for experiment in ("set:", "set:XYZ", "set:0123456789abcdef"):
        with pytest.raises(ClassError, match="no experiment is called"):
            payloads.check(experiment, good)


def test_the_kernel_judges_an_attempt_from_the_problem() -> None:
    card = SHIPPED[CARD]
    assert problem_sets.attempt_payload(card, 0, "JK", 1) == {
        "problem": 0,
        "attempt": 1,
        "answer": 1,
        "right": 0,
    }
    assert problem_sets.attempt_payload(card, 0, "JS", 2) == {
        "problem": 0,
        "attempt": 2,
        "answer": 0,
        "right": 1,
    }
    with pytest.raises(ClassError, match="cannot be chosen"):
        problem_sets.attempt_payload(card, 0, "AH", 1)


# ------------------------------------------------------------------ the counts, by hand

SET = ProblemSet(("p1", "p2", "p3"), "three made-up problems")
JUDGE = {
    "p1": (["JS", "JK", "3S", "2S"], ("JS",)),
    "p2": (["pass", "2", "3", "4"], ("pass", "2")),
    "p3": (["H", "S"], ("S",)),
}
START = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


def rows_of(
    *sent: tuple[str, dict[str, int]], slot: str | None = None, experiment: str = SET.experiment
) -> list[Row]:
    """Rows as the store gives them back, one second apart, in the order listed."""
    return [
        Row(
            "K7QM2X",
            experiment,
            who,
            problem_sets.slot_of(payload) if slot is None else slot,
            payload,
            START + timedelta(seconds=k),
        )
        for k, (who, payload) in enumerate(sent)
    ]


def attempt(place: int, number: int, answer: int, right: int) -> dict[str, int]:
    return {"problem": place, "attempt": number, "answer": answer, "right": right}


HONEST = rows_of(
    ("Ana", attempt(0, 1, 1, 0)),  # p1: the joker, wrong
    ("Ben", attempt(0, 1, 0, 1)),  # p1: J♠, right at once
    ("Cho", attempt(0, 1, 2, 0)),  # p1: 3♠, wrong...
    ("Cho", {"problem": 0, "shown": 1}),  # ...then asked for the answer
    ("Dee", attempt(0, 1, 1, 0)),  # p1: the joker, wrong
    ("Ana", attempt(0, 2, 0, 1)),  # p1: J♠ at the second try
    ("Dee", attempt(0, 2, 2, 0)),  # p1: 3♠, wrong again (not a first answer: not counted as one)
    ("Eve", attempt(0, 1, 2, 0)),  # p1: 3♠, wrong
    ("Eve", attempt(0, 2, 0, 1)),  # p1: right at the second try
    ("Ana", attempt(1, 1, 1, 1)),  # p2: bid 2, one of the two accepted answers
    ("Ben", attempt(1, 1, 3, 0)),  # p2: bid 4, wrong
    ("Ben", attempt(1, 2, 0, 1)),  # p2: pass, right
)


def judge(problem_id: str) -> tuple[list[str], tuple[str, ...]]:
    return JUDGE[problem_id]


def test_per_problem_counts_worked_by_hand() -> None:
    lines, left = pooling.problem_set_lines(SET, HONEST, judge)
    assert left == []
    p1, p2, p3 = lines
    # p1: Ana, Ben, Cho, Dee, Eve tried; Ben right at once; Ana, Ben and Eve solved; Cho saw the
    # answer; first answers wrong: the joker (Ana, Dee) and 3♠ (Cho, Eve), two each
    assert (p1.place, p1.problem, p1.tried, p1.first_try, p1.solved, p1.shown) == (0, "p1", 5, 1, 3, 1)
    assert p1.wrong_first == (("JK", 2), ("3S", 2))
    assert p1.most_wrong() == (("JK", "3S"), 2)  # a tie: both, in the order the problem offers them
    # p2: Ana right at once (bid 2 is accepted too), Ben wrong (bid 4) then right
    assert (p2.tried, p2.first_try, p2.solved, p2.shown, p2.wrong_first) == (2, 1, 2, 0, (("4", 1),))
    assert p2.most_wrong() == (("4",), 1)
    assert (p3.tried, p3.first_try, p3.solved, p3.shown, p3.most_wrong()) == (0, 0, 0, 0, ((), 0))


def test_a_tie_is_broken_by_the_order_the_problem_offers_its_answers_not_by_arrival() -> None:
    later_first = rows_of(
        ("Ana", attempt(0, 1, 3, 0)), ("Ben", attempt(0, 1, 1, 0)), ("Cho", attempt(0, 1, 3, 0))
    )
    lines, _ = pooling.problem_set_lines(SET, later_first, judge)
    assert lines[0].most_wrong() == (("2S",), 2)  # two students chose 2♠, one the joker
    tied = rows_of(("Ana", attempt(0, 1, 3, 0)), ("Ben", attempt(0, 1, 1, 0)))
    lines, _ = pooling.problem_set_lines(SET, tied, judge)
    assert lines[0].wrong_first == (("JK", 1), ("2S", 1))


def test_forged_rows_are_left_out_and_named() -> None:
    forged = [
        *rows_of(("Fay", attempt(1, 1, 3, 1))),  # claims a solve with bid 4
        *rows_of(("Gus", attempt(0, 2, 0, 1))),  # a second try with no first
        *rows_of(("Ben", attempt(0, 2, 1, 0))),  # after Ben solved p1
        *rows_of(("Cho", attempt(0, 2, 0, 1))),  # after Cho saw the answer
        *rows_of(("Hal", attempt(5, 1, 0, 1))),  # a problem the set does not have
        *rows_of(("Ivy", attempt(0, 1, 0, 1)), slot="0.2"),  # stored under another attempt's slot
        *rows_of(("Jo", attempt(0, 1, 7, 0))),  # an answer p1 does not offer
    ]
    other_set = rows_of(("Kim", attempt(0, 1, 0, 1)), experiment=ProblemSet(("p9",), "").experiment)
    lines, left = pooling.problem_set_lines(SET, [*HONEST, *forged, *other_set], judge)
    assert [(x.row.nickname, x.why) for x in left] == [
        ("Fay", pooling.NOT_ITS_VERDICT),
        ("Gus", pooling.OUT_OF_ORDER),
        ("Ben", pooling.AFTER_SOLVED),
        ("Cho", pooling.AFTER_SHOWN),
        ("Hal", pooling.NOT_IN_SET),
        ("Ivy", pooling.NOT_ITS_SLOT),
        ("Jo", pooling.NOT_OFFERED),
    ]
    assert lines == pooling.problem_set_lines(SET, HONEST, judge)[0]  # nothing forged moved a count


# ------------------------------------------------------------------ the store


def test_the_teacher_gives_a_set_and_anyone_with_the_code_reads_it(sqlite_store: ClassStore) -> None:
    made = sqlite_store.create_class("Period 3")
    code, key = made.info.code, made.teacher_key
    assert sqlite_store.problem_set(code) is None
    given = ProblemSet((CARD, BID), "typed")
    before = sqlite_store.revision(code)
    with pytest.raises(ClassError, match="not the teacher key"):
        sqlite_store.give_set(code, "wrong", given)
    assert sqlite_store.problem_set(code) is None and sqlite_store.revision(code) == before
    sqlite_store.give_set(code, key, given)
    assert sqlite_store.problem_set(code) == given and sqlite_store.revision(code) > before
    sqlite_store.give_set(code, key, None)
    assert sqlite_store.problem_set(code) is None
    with pytest.raises(ClassError, match="there is no class"):
        sqlite_store.problem_set("ZZZZZZ")
    sqlite_store.give_set(code, key, given)
    sqlite_store.delete_class(code)
    assert sqlite_store.classes() == []


# ------------------------------------------------------------------ the student's page


@pytest.fixture
def klass(sqlite_store: ClassStore) -> Created:
    made = sqlite_store.create_class("Period 3")
    sqlite_store.give_set(made.info.code, made.teacher_key, ProblemSet((CARD, BID), "typed"))
    return made


def practice_in(store: ClassStore, code: str) -> tuple[PracticePage, ClassJoin, ClassSetPlay]:
    page = PracticePage()
    join = ClassJoin(store, query=f"class={code}", sends=class_sets.SENDS)
    return page, join, page.join_class(join)


def test_a_student_meets_the_set_in_order_and_their_kernel_sends_each_attempt(
    sqlite_store: ClassStore, klass: Created
) -> None:
    code, key = klass.info.code, klass.teacher_key
    page, join, play = practice_in(sqlite_store, code)
    assert not page.fixed and play.widget.layout.display is None  # the address named a class
    assert "your answers to the class's problem set" in unescape(join.consent.value)
    join.nickname_box.value = "Ana"
    assert join.join()
    assert page.fixed and page.problem is not None and page.problem.id == CARD
    assert f"Class {code}&#39;s set:</b> problem 1 of 2" in page.count.value
    assert page.ruleset.layout.display == page.level.layout.display == page.theme.layout.display == "none"
    assert page.next_problem.layout.display is None  # a problem may be left for later
    assert "You have solved 0 of 2" in play.status.value
    page.answer("JK")
    page.answer("JS")
    page.answer("JS")  # solved already: stays on the page
    assert "has your answer already" in play.sent.value
    page.next()
    assert page.problem is not None and page.problem.id == BID
    page._reveal()
    page.answer("pass")  # after the answer was shown: not sent
    rows = sqlite_store.rows(code, key)
    assert [(r.slot, r.payload) for r in rows] == [
        ("0.1", {"problem": 0, "attempt": 1, "answer": 1, "right": 0}),
        ("0.2", {"problem": 0, "attempt": 2, "answer": 0, "right": 1}),
        ("1.shown", {"problem": 1, "shown": 0}),
    ]
    shipped = {i: (answers_at(SHIPPED[i].hand()), SHIPPED[i].answers) for i in (CARD, BID)}
    lines, left = pooling.problem_set_lines(ProblemSet((CARD, BID), "typed"), rows, shipped.__getitem__)
    assert left == []
    assert [(x.tried, x.first_try, x.solved, x.shown) for x in lines] == [(1, 0, 1, 0), (0, 0, 0, 1)]
    assert lines[0].most_wrong() == (("JK",), 1)

    # the same student on a new page: the browser's membership, and what the class has of them
    again, again_join, again_play = practice_in(sqlite_store, code)
    arrive(again_join, json.dumps(remembered(join)))
    assert again.fixed and again_play.settled == {0, 1} and again_play.attempts == {0: 2}
    assert "You have solved 1 of 2" in again_play.status.value

    # leaving the class gives the page its menus back
    join.leave()
    assert not page.fixed and page.ruleset.layout.display is None and page.theme.layout.display is None


def test_no_set_a_store_error_or_an_unknown_code_say_one_line_and_the_practice_goes_on(
    sqlite_store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    bare = sqlite_store.create_class("no set yet")
    page, join, play = practice_in(sqlite_store, bare.info.code)
    join.nickname_box.value = "Ana"
    assert join.join()
    assert "has no problem set yet" in play.status.value and not page.fixed
    page.answer(page.problem.answers[0] if page.problem else "")  # the practice goes on
    assert sqlite_store.rows(bare.info.code, bare.teacher_key) == []

    def fails(_code: str) -> None:
        raise ClassError("the class database could not be used: disk I/O error")

    monkeypatch.setattr(sqlite_store, "problem_set", fails)
    join.leave()
    join.nickname_box.value = "Ben"
    assert join.join()
    assert play.status.value.startswith(
        f"Class {bare.info.code}'s problem set could not be read: the class database"
    )
    assert not page.fixed and page.problem is not None

    page, join, play = practice_in(sqlite_store, "K7QM2!")
    assert "The address's class code was not used" in join.message.value
    assert page.problem is not None and not page.fixed


# ------------------------------------------------------------------ the teacher's page


def test_the_teachers_page_gives_a_set_and_shows_each_problem(sqlite_store: ClassStore) -> None:
    made = sqlite_store.create_class("Period 3")
    code, key = made.info.code, made.teacher_key
    board = TeacherBoard(sqlite_store)
    assert board.enter_class(code, key)
    section = board.sections["problem-set"]
    assert "No problem set given yet" in section.words.value
    # a typed problem that does not exist: one line, nothing given
    board.set_ids.value = f"{CARD}, nope-1"
    assert board.give_set() is None
    assert board.message.value == "No set given: there is no practice problem nope-1"
    assert sqlite_store.problem_set(code) is None
    # the menus' choice: the same set problem_sets.choose makes of the same choice
    board.set_ids.value = ""
    board.set_game.value, board.set_level.value, board.set_size.value, board.set_draw.value = (
        "ten-point",
        1,
        5,
        3,
    )
    given = board.give_set()
    assert given == problem_sets.choose(list(SHIPPED.values()), "ten-point", 1, "", 5, 3)
    assert sqlite_store.problem_set(code) == given
    # a typed set, answered by two students' kernels and one forged row
    board.set_ids.value = f"{CARD} {BID}"
    typed = board.give_set()
    assert typed is not None and typed.ids == (CARD, BID)
    for nickname, answers in (("Ana", ["JK", "JS"]), ("Ben", ["JK"])):
        page, join, _play = practice_in(sqlite_store, code)
        join.nickname_box.value = nickname
        assert join.join()
        for answer in answers:
            page.answer(answer)
    cho = sqlite_store.join(code, "Cho")
    sqlite_store.submit(cho, typed.experiment, attempt(0, 1, 1, 1), "0.1")  # the joker, "right"
    board.check()
    table = section.table.value
    assert "Problem 1: <a href='practice.ipynb?problem=ten-point-0-17'" in table
    # problem 1: Ana and Ben tried, nobody right at once, Ana solved; both first chose the joker
    assert (
        "<tr class='pl-set-counts'><td class='pl-num'>2</td><td class='pl-num'>0</td><td class='pl-num'>1</td>"
        "<td class='pl-num'>0</td><td>Joker (2 students)</td></tr>"
    ) in table
    assert "Cho: it says right or wrong where its answer says the other" in section.words.value
    assert "3 of 4 rows match" in section.words.value
    figure = section.figure.figure
    assert figure.layout.title.text.startswith("Problem set: how the class did")
    assert figure.layout.xaxis.title.text == "problem (its number in the set)"
    assert figure.layout.yaxis.title.text == "students (count)"
    assert [list(t.y) for t in figure.data] == [[2, 0], [0, 0], [1, 0]]
    assert "Problem set 4" in board.status.value  # its rows, named in the class's line
    board.take_set_back()
    assert sqlite_store.problem_set(code) is None and "No problem set given yet" in section.words.value


def test_forged_widget_messages_store_only_attempts_the_kernel_judged(
    sqlite_store: ClassStore, klass: Created
) -> None:
    """Every widget of the practice page in a class sent every hostile value and a click, as a page
    whose scripts were rewritten could: whatever reached the store, the teacher's page finds
    every row true to its problem (none left out), so no message claimed a solve."""
    code, key = klass.info.code, klass.teacher_key
    page, join, _play = practice_in(sqlite_store, code)
    join.nickname_box.value = "Ana"
    assert join.join()
    # the problem and its lesson first (the joining panel's Leave would end the sending), then the rest
    parts = [part for part in page.widget.children if part is not page.class_box]
    assert sum(forge(part) for part in parts) + forge(page.class_box) > 100
    rows = sqlite_store.rows(code, key)
    shipped = {i: (answers_at(SHIPPED[i].hand()), SHIPPED[i].answers) for i in (CARD, BID)}
    _lines, left = pooling.problem_set_lines(ProblemSet((CARD, BID), "typed"), rows, shipped.__getitem__)
    assert left == []
    assert rows and {r.nickname for r in rows} == {"Ana"}  # the forged clicks reached the store


def test_an_unknown_class_or_a_damaged_set_is_one_line_on_both_pages(
    sqlite_store: ClassStore, klass: Created
) -> None:
    code, key = klass.info.code, klass.teacher_key
    page, join, play = practice_in(sqlite_store, "ZZZZZZ")
    join.nickname_box.value = "Ana"
    assert not join.join()
    assert join.message.value == "Not joined: there is no class ZZZZZZ on this server."
    assert not page.fixed and page.problem is not None  # the practice goes on
    with sqlite_store.engine.begin() as conn:  # a set written into the database by other means
        conn.execute(sa.text('UPDATE pitchlab_problem_sets SET problems = \'{"format": "other"}\''))
    board = TeacherBoard(sqlite_store)
    assert board.enter_class(code, key)
    assert board.sections["problem-set"].words.value == (
        "The class&#39;s problem set could not be read (the stored set is damaged or was made by a newer "
        "pitchlab): give it a new one above."
    )
    assert board.status.value.startswith(f"<b>Class {code}</b>")  # the rest of the page is drawn
    page, join, play = practice_in(sqlite_store, code)
    join.nickname_box.value = "Ben"
    assert join.join()
    assert play.status.value == (
        f"Class {code}'s problem set could not be read: the stored set is damaged or was made by a newer "
        "pitchlab. Practise as you like, and tell your teacher."
    )
    assert not page.fixed


def test_the_most_chosen_wrong_answer_in_words_and_the_figure_described() -> None:
    from pitchlab.ui import plots, teacher

    card, bid = SHIPPED[CARD], SHIPPED[BID]
    tied = pooling.ProblemLine(0, CARD, 5, 1, 3, 1, (("JK", 2), ("3S", 2)))
    one = pooling.ProblemLine(1, BID, 3, 0, 1, 0, (("4", 2), ("3", 1)))
    nobody = pooling.ProblemLine(1, BID, 0, 0, 0, 0, ())
    assert teacher.most_wrong_words(card, tied) == "Joker and 3♠ (2 students each)"
    assert teacher.most_wrong_words(bid, one) == "bid 4 (2 students)"
    assert teacher.most_wrong_words(bid, nobody) == "–"
    fig = teacher.problem_set_figure([tied, one])
    words = plots.describe(fig)
    assert "Problem set: how the class did" in words and "students (count)" in words
    assert [list(t.y) for t in fig.data] == [[5, 3], [1, 0], [3, 1]]
    assert [t.name for t in fig.data] == ["tried it", "right at the first try", "solved in the end"]
