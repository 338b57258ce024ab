"""The teacher's page (pitchlab.ui.teacher) driven from Python against a real class store (SQLite).

Behind the key: a wrong, huge or malformed key or code shows one line and nothing of the
class, and changes nothing in the store. With the key: open and close, reset only after a
confirm, the CSV the download link carries, and the live redraw: a change in the store is
drawn at the next look (by the kernel's periodic task), and only the parts it touched.
"""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import re
import statistics
import time
from html import escape, unescape

import pytest
import sqlalchemy as sa

from pitchlab.classes import experiments, payloads
from pitchlab.classes.payloads import MONTE_CARLO, TRUMP_COUNT
from pitchlab.classes.store import ClassStore, Created, Member
from pitchlab.odds.stats import proportion
from pitchlab.ui import plots, teacher
from pitchlab.ui.teacher import TeacherBoard
from tests.helpers import run_async

TRUMP = [1, 3, 6, 5, 3, 2, 0, 0, 0, 0]


@pytest.fixture
def store(sqlite_store: ClassStore) -> ClassStore:
    return sqlite_store


@pytest.fixture
def made(store: ClassStore) -> Created:
    return store.create_class("Maths 9B")


def send(store: ClassStore, code: str, nickname: str, hits: int | None, *, trump: bool = True) -> Member:
    """A student joins and sends a Monte Carlo row (``hits``, or ``None``: what their seed deals,
    as their page sends it) and, with ``trump``, the counts :data:`TRUMP`. A row with hits made up
    here is what a forger could store: the board leaves it out of the figures."""
    member = store.join(code, nickname)
    seed = member.seed(MONTE_CARLO)
    dealt = experiments.monte_carlo_payload(seed)
    payload = dealt if hits is None else {"deals": 100, "seed": seed, "hits": hits}
    assert store.submit(member, MONTE_CARLO, payload)
    if trump:
        seed = member.seed(TRUMP_COUNT)
        assert store.submit(member, TRUMP_COUNT, {"hands": 20, "seed": seed, "counts": TRUMP})
    return member


def shows_nothing(board: TeacherBoard) -> bool:
    return board.panel.children == () and board.status.value == "" and board.info is None


def one_line(board: TeacherBoard) -> str:
    text: str = board.message.value
    assert text and "\n" not in text and len(text) <= 300, text
    return text


@pytest.mark.parametrize(
    ("code", "key", "says"),
    [
        (None, "not-the-key", "not the teacher key"),
        (None, "k" * 10_000, "too long"),
        (None, "", "not the teacher key"),
        ("<b>K7QM</b>", "whatever", "is not a class code"),
        ("ZZZZZZ", "whatever", "no class ZZZZZZ"),
    ],
)
def test_without_the_right_key_one_line_and_nothing_else(
    store: ClassStore, made: Created, code: str | None, key: str, says: str
) -> None:
    send(store, made.info.code, "Ana", 25)
    before = store.revision(made.info.code)
    board = TeacherBoard(store)
    assert not board.enter_class(made.info.code if code is None else code, key)
    text = one_line(board)
    assert says in text and "<b>" not in text
    assert shows_nothing(board)
    assert store.revision(made.info.code) == before and store.info(made.info.code).open


def test_a_ten_kilobyte_address_is_not_read(store: ClassStore, made: Created) -> None:
    board = TeacherBoard(store)
    board.follow_address(f"class={made.info.code}&key=" + "x" * 10_000)
    assert "not read" in one_line(board) and shows_nothing(board)


def test_the_address_opens_the_class_and_a_code_alone_fills_the_box(store: ClassStore, made: Created) -> None:
    board = TeacherBoard(store)
    board.follow_address(f"class={made.info.code.lower()}")
    assert board.code_box.value == made.info.code.lower() and shows_nothing(board)
    board.follow_address(f"class={made.info.code.lower()}&key={made.teacher_key}")
    assert board.code == made.info.code and board.panel.children
    assert "Class " + made.info.code in board.status.value and "Maths 9B" in board.status.value
    assert board.key_box.value == "" and board.message.value == ""


def test_typed_in(store: ClassStore, made: Created) -> None:
    board = TeacherBoard(store)
    board.code_box.value = made.info.code
    board.key_box.value = made.teacher_key
    board.enter.click()
    assert board.info is not None and "0 students joined" in board.status.value


def test_open_and_close(store: ClassStore, made: Created) -> None:
    board = TeacherBoard(store)
    assert board.enter_class(made.info.code, made.teacher_key)
    assert "open" in board.status.value and board.toggle.description == "Close submissions"
    board.toggle.click()
    assert not store.info(made.info.code).open
    assert "closed" in board.status.value and board.toggle.description == "Open submissions"
    board.toggle.click()
    assert store.info(made.info.code).open and board.toggle.description == "Close submissions"


def test_reset_only_after_a_confirm(store: ClassStore, made: Created) -> None:
    code = made.info.code
    for name, hits in (("Ana", 25), ("Ben", 19), ("Cho", 31)):
        send(store, code, name, hits)
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    assert board.reset(MONTE_CARLO) == 0 and "first" in one_line(board)
    assert len(store.rows(code, made.teacher_key)) == 6
    board.reset_choice.value = MONTE_CARLO
    board.reset_button.click()
    assert "Delete the 3 rows of Monte Carlo" in board.confirm.children[0].value
    keep = board.confirm.children[1].children[1]
    assert keep.description == "Keep them"
    keep.click()
    assert board.confirm.children == () and len(store.rows(code, made.teacher_key)) == 6
    board.reset_button.click()
    yes = board.confirm.children[1].children[0]
    assert yes.description == "Delete 3 rows"
    yes.click()
    assert [r.experiment for r in store.rows(code, made.teacher_key)] == [TRUMP_COUNT] * 3
    assert "Deleted 3 rows" in board.message.value and board.confirm.children == ()
    assert "Monte Carlo estimate (lesson 05) 0" in board.status.value
    # every experiment
    board.reset_choice.value = ""
    board.reset_button.click()
    assert "Delete the 3 rows of every experiment" in board.confirm.children[0].value
    board.confirm.children[1].children[0].click()
    assert store.rows(code, made.teacher_key) == [] and store.info(code).students == 3
    assert board.sections[TRUMP_COUNT].figure.figure is not None


def test_export_csv_is_a_download_of_every_row(store: ClassStore, made: Created) -> None:
    code = made.info.code
    send(store, code, "Ana", 25)
    send(store, code, "Ben", 19, trump=False)
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    board.export.click()
    link = board.download.value
    assert f'download="class-{code}-' in link and "(3 rows)" in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    text = base64.b64decode(data).decode()
    table = list(csv.DictReader(io.StringIO(text)))
    assert [(r["experiment"], r["nickname"]) for r in table] == [
        (MONTE_CARLO, "Ana"),
        (TRUMP_COUNT, "Ana"),
        (MONTE_CARLO, "Ben"),
    ]
    assert table[0]["hits"] == "25" and table[2]["hits"] == "19" and table[1]["counts_2"] == "6"
    ana = store.rows(code, made.teacher_key)[0]
    assert ana.nickname == "Ana" and table[0]["seed"] == str(ana.seed())


def test_redraw_on_a_change_and_only_what_changed(store: ClassStore, made: Created) -> None:
    code = made.info.code
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    draws = board.redraws
    assert not board.check() and board.redraws == draws  # nothing changed: nothing drawn
    mc_figure = board.sections[MONTE_CARLO].figure.figure
    trump_figure = board.sections[TRUMP_COUNT].figure.figure
    member = store.join(code, "Ana")
    assert board.check() and board.redraws == draws + 1
    assert "1 student joined" in board.status.value and "Ana" in board.who.value
    assert board.sections[MONTE_CARLO].figure.figure is mc_figure  # no row: the same figure
    dealt = experiments.monte_carlo_payload(member.seed(MONTE_CARLO))
    store.submit(member, MONTE_CARLO, dealt)
    assert board.check()
    assert board.sections[MONTE_CARLO].figure.figure is not mc_figure
    assert board.sections[TRUMP_COUNT].figure.figure is trump_figure  # untouched experiment
    assert f"Pooled: {dealt['hits']}.0%" in board.sections[MONTE_CARLO].words.value  # its hits of 100
    assert not board.check()


def test_the_periodic_task_redraws_by_itself(store: ClassStore, made: Created) -> None:
    """What the kernel's event loop does under Voila: the task started by entering the class
    looks every ``interval`` seconds and draws a student's row without being asked."""
    code = made.info.code

    async def scenario() -> tuple[int, str]:
        board = TeacherBoard(store, interval=0.01)
        board.enter_class(code, made.teacher_key)  # starts the task: a loop is running
        assert board._task is not None
        draws = board.redraws
        hits.append(send(store, code, "Ana", None, trump=False).seed(MONTE_CARLO))
        for _ in range(500):
            await asyncio.sleep(0.01)
            if board.redraws > draws:
                break
        board.stop()
        return board.redraws - draws, board.sections[MONTE_CARLO].words.value

    hits: list[int] = []
    more, words = run_async(scenario)
    dealt = experiments.monte_carlo(hits[0])  # the row Ana's page sent: its hits of 100 deals
    assert more >= 1 and f"Pooled: {dealt}.0%" in words


def test_a_store_that_fails_says_one_line(store: ClassStore, made: Created) -> None:
    board = TeacherBoard(store)
    board.enter_class(made.info.code, made.teacher_key)
    store.delete_class(made.info.code)
    assert not board.check()
    assert f"no class {made.info.code}" in one_line(board)


def test_figures_have_titles_units_and_words() -> None:
    from datetime import UTC, datetime

    from pitchlab.classes import pooling
    from pitchlab.classes.store import Row

    at = datetime(2026, 12, 2, tzinfo=UTC)
    rows = [
        Row("K7QM2X", MONTE_CARLO, "Ana", "", {"deals": 100, "seed": 1, "hits": 25}, at),
        Row("K7QM2X", TRUMP_COUNT, "Ana", "", {"hands": 20, "seed": 1, "counts": TRUMP}, at),
        Row("K7QM2X", "poll:p", "Ana", "", {"choice": 1}, at),
    ]
    tally = pooling.poll_tallies(rows, {"p": payloads.Poll("p", "<i>Q</i>?", ("A", "B"), 1)})[0]
    numeric = (
        teacher.trump_count_figure(pooling.trump_count(rows)),
        teacher.monte_carlo_figure(pooling.monte_carlo(rows)),
    )
    for fig in (*numeric, teacher.poll_figure(tally, show_right=True)):
        assert fig.layout.title.text
        assert "(" in fig.layout.yaxis.title.text, fig.layout.yaxis.title.text  # a unit in brackets
        assert plots.describe(fig).count("\n") >= 3  # title, two axes, the values
    for fig in numeric:
        assert "(" in fig.layout.xaxis.title.text, fig.layout.xaxis.title.text
    assert "&lt;i&gt;" in teacher.poll_figure(tally, show_right=False).layout.title.text
    assert "right answer" not in plots.describe(teacher.poll_figure(tally, show_right=False))
    assert "right answer" in plots.describe(teacher.poll_figure(tally, show_right=True))
    html = teacher.review_html(
        [pooling.ReviewLine("O'Neil", 2, 3, 10, 8), pooling.ReviewLine("Bo", 1, 0, 5, 5)]
    )
    assert "O&#39;Neil" in html and "the class" in html and "<td class='pl-num'>1.00</td>" in html
    assert html.count("<td class='pl-num'>–</td>") == 6  # older rows: hindsight only, two dashes a line
    html = teacher.review_html([pooling.ReviewLine("Ana", 2, 3, 10, 8, 1.5, 2, 9)])
    assert "<td class='pl-num'>0.75</td>" in html  # 1.5 points lost by what she knew over 2 hands
    assert html.count("<td class='pl-num'>–</td>") == 2  # her rows predate the bids' review
    assert html.index("<th>on the cards: points lost per hand, by what") < html.index(
        "<th>with every card known (hindsight)"
    )
    # bids and trump: 3.5 points lost over the 2 hands that carry them (of 3) = 1.75 a hand
    html = teacher.review_html([pooling.ReviewLine("Ana", 3, 3, 10, 8, 1.5, 3, 9, 2, 3, 2, 3.5)])
    assert (
        "<td>Ana</td><td class='pl-num'>3</td><td class='pl-num'>0.50</td><td class='pl-num'>1.75</td>"
        in html
    )
    assert (
        html.index("<th>on the cards: points lost")
        < html.index("<th>on bids and trump: points lost per hand, by what they could see")
        < html.index("<th>with every card known (hindsight)")
    )


def test_each_row_is_dealt_again_from_its_students_seed(store: ClassStore, made: Created) -> None:
    code = made.info.code
    ana = store.join(code, "Ana")
    assert store.submit(ana, MONTE_CARLO, experiments.monte_carlo_payload(ana.seed(MONTE_CARLO)))
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    assert "Dealt again from each student's seed: all 1 rows match, and all are pooled." in unescape(
        board.sections[MONTE_CARLO].words.value
    )
    ben = store.join(code, "Ben")
    forged = experiments.monte_carlo_payload(ben.seed(MONTE_CARLO))
    forged["hits"] = (forged["hits"] + 1) % (payloads.DEALS + 1)  # the right seed, another number
    assert store.submit(ben, MONTE_CARLO, forged)
    assert board.check()
    words = board.sections[MONTE_CARLO].words.value
    assert "1 of 2 rows match and only they are pooled" in words
    assert "<li>Ben: its numbers are not what its seed deals</li>" in words


def test_polls_tally_and_the_right_answer_only_when_asked(store: ClassStore, made: Created) -> None:
    code = made.info.code
    poll = payloads.POLLS["joker-or-three"]
    for name, choice in (("Ana", 0), ("Ben", 1), ("Cho", 0)):
        assert store.submit(store.join(code, name), poll.experiment, {"choice": choice})
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    box = board.sections["polls"].extra.children[1]
    words = box.children[1].value
    options = [escape(o) for o in poll.options]
    assert f"Votes: {options[0]} 2, {options[1]} 1, {options[2]} 0." in words and "Right:" not in words
    figure = box.children[0]
    spec = figure.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert spec["data"][0]["y"] == [2, 1, 0] and "3 votes" in spec["layout"]["title"]["text"]
    board.show_right.value = True
    words = board.sections["polls"].extra.children[1].children[1].value
    assert f"Right: {options[poll.right]}" in words


def test_a_closed_board_stops_looking(store: ClassStore, made: Created) -> None:
    """A board whose widgets were closed (its cell run again in Jupyter) stops its task."""

    async def scenario() -> bool:
        board = TeacherBoard(store, interval=0.01)
        board.enter_class(made.info.code, made.teacher_key)
        task = board._task
        assert task is not None
        board.widget.close()
        await asyncio.wait_for(task, timeout=5)
        return task.done()

    assert run_async(scenario)


def test_only_rows_that_deal_again_are_pooled_and_the_others_are_listed(
    store: ClassStore, made: Created
) -> None:
    """The projector's attack: one forged row among a class's honest ones moved the spread of the
    students' estimates from 3.4 to 12.4 points. Here 30 students send what their seeds deal; Eve
    sends 100 hits of 100 under her own seed, and a row written straight into the database names a
    seed Fay was never given. Both are named with the reason, and every figure is the 30's."""
    code, key = made.info.code, made.teacher_key
    honest = [send(store, code, f"student {i}", None, trump=False) for i in range(30)]
    shares = [experiments.monte_carlo(m.seed(MONTE_CARLO)) / 100 for m in honest]
    eve = store.join(code, "Eve")
    assert store.submit(eve, MONTE_CARLO, {"deals": 100, "seed": eve.seed(MONTE_CARLO), "hits": 100})
    fay = store.join(code, "Fay")
    with store.engine.begin() as conn:  # past the store's checks, as a reader of its file could
        class_id = conn.scalar(sa.text("SELECT id FROM pitchlab_classes WHERE code = :c"), {"c": code})
        fay_id = conn.scalar(sa.text("SELECT id FROM pitchlab_members WHERE nickname = 'Fay'"))
        conn.execute(
            sa.text(
                "INSERT INTO pitchlab_rows (class_id, member_id, experiment, slot, payload, at) "
                "VALUES (:c, :m, 'monte-carlo', '', :p, :at)"
            ),
            {"c": class_id, "m": fay_id, "p": '{"deals": 100, "seed": 12345, "hits": 0}', "at": time.time()},
        )
    assert fay.seed(MONTE_CARLO) != 12345
    board = TeacherBoard(store)
    board.enter_class(code, key)
    words = board.sections[MONTE_CARLO].words.value
    # the spread the page shows is the 30 honest estimates' standard deviation (n - 1)...
    honest_spread = statistics.stdev(shares)
    assert f"The class's 30 estimates spread by {100 * honest_spread:.1f} points" in words
    # ...where the two forged rows would have made it far wider
    assert statistics.stdev([*shares, 1.0, 0.0]) > 2 * honest_spread
    pooled = sum(round(100 * s) for s in shares)
    assert f"Pooled: {escape(str(proportion(pooled, 3000)))}." in words
    assert (
        " of 30 lie within 1.96 standard errors" in words
        and "30 of 32 rows match and only they are pooled. Left out (2):" in words
    )
    assert "<li>Eve: its numbers are not what its seed deals</li>" in words
    assert "<li>Fay: its seed is not the one the class server gave this student</li>" in words
    spec = board.sections[MONTE_CARLO].figure.figure
    assert spec is not None
    students = next(t for t in spec.data if t.name.startswith("each student"))
    assert list(students.customdata) == [f"student {i}" for i in range(30)]  # no forged dot
    # a student's forged trump count is left out of the pooled counts too
    ana = store.join(code, "Ana")
    dealt = experiments.trump_count_payload(ana.seed(TRUMP_COUNT))
    assert store.submit(ana, TRUMP_COUNT, dealt)
    assert store.submit(eve, TRUMP_COUNT, {"hands": 20, "seed": eve.seed(TRUMP_COUNT), "counts": TRUMP})
    board.check()
    trump_words = board.sections[TRUMP_COUNT].words.value
    assert trump_words.startswith("1 student, 20 hands.")
    assert experiments.trump_count(eve.seed(TRUMP_COUNT)) != TRUMP  # so Eve's counts are forged
    assert "<li>Eve: its numbers are not what its seed deals</li>" in trump_words


def test_the_teacher_sees_who_joined_and_removes_a_student_with_their_rows(
    store: ClassStore, made: Created
) -> None:
    code, key = made.info.code, made.teacher_key
    send(store, code, "Ana", None)
    send(store, code, "Ben", None)
    store.join(code, "Cho")
    board = TeacherBoard(store)
    board.enter_class(code, key)
    assert board.members in board.panel.children
    roster = board.roster.value
    for name, rows in (("Ana", 2), ("Ben", 2), ("Cho", 0)):
        assert re.search(
            rf"<tr><td>{name}</td><td>\d\d:\d\d:\d\d</td><td class='pl-num'>{rows}</td></tr>", roster
        )
    assert [v for _, v in board.remove_choice.options] == ["", "Ana", "Ben", "Cho"]
    assert board.remove("Ben") == 0 and "Press Remove first" in board.message.value  # no second click
    board.remove_choice.value = "Ben"
    board.remove_button.click()
    confirm = board.confirm.children[0].value
    assert "Remove Ben and the 2 rows they sent?" in confirm
    no = board.confirm.children[1].children[1]
    no.click()  # Keep the student
    assert store.members(code, key) == ["Ana", "Ben", "Cho"]
    board.remove_button.click()
    board.confirm.children[1].children[0].click()  # Remove Ben
    assert store.members(code, key) == ["Ana", "Cho"]
    assert {r.nickname for r in store.rows(code, key)} == {"Ana"}
    assert board.message.value == "Removed Ben and 2 rows."
    assert "Ben" not in board.roster.value and "2 students joined" in board.status.value
    assert [v for _, v in board.remove_choice.options] == ["", "Ana", "Cho"]
    board.remove_choice.value = ""
    board.remove_button.click()
    assert board.message.value == "Choose a student to remove first."
