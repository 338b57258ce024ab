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
from html import escape

import pytest

from pitchlab.classes import experiments, payloads
from pitchlab.classes.payloads import MONTE_CARLO, TRUMP_COUNT
from pitchlab.classes.store import ClassStore, Created
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


def send(store: ClassStore, code: str, nickname: str, hits: int, *, trump: bool = True) -> None:
    member = store.join(code, nickname)
    seed = payloads.seed_for(code, nickname, MONTE_CARLO)
    assert store.submit(member, MONTE_CARLO, {"deals": 100, "seed": seed, "hits": hits})
    if trump:
        seed = payloads.seed_for(code, nickname, TRUMP_COUNT)
        assert store.submit(member, TRUMP_COUNT, {"hands": 20, "seed": seed, "counts": TRUMP})


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
    assert table[0]["seed"] == str(payloads.seed_for(code, "Ana", MONTE_CARLO))


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
    seed = payloads.seed_for(code, "Ana", MONTE_CARLO)
    store.submit(member, MONTE_CARLO, {"deals": 100, "seed": seed, "hits": 23})
    assert board.check()
    assert board.sections[MONTE_CARLO].figure.figure is not mc_figure
    assert board.sections[TRUMP_COUNT].figure.figure is trump_figure  # untouched experiment
    assert "Pooled: 23.0%" in board.sections[MONTE_CARLO].words.value
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
        send(store, code, "Ana", 25)
        for _ in range(500):
            await asyncio.sleep(0.01)
            if board.redraws > draws:
                break
        board.stop()
        return board.redraws - draws, board.sections[MONTE_CARLO].words.value

    more, words = run_async(scenario)
    assert more >= 1 and "Pooled: 25.0%" in words


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
    assert "O&#x27;Neil" in html and "the class" in html and "<td class='pl-num'>1.00</td>" in html
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
    assert store.submit(ana, MONTE_CARLO, experiments.monte_carlo_payload(code, "Ana"))
    board = TeacherBoard(store)
    board.enter_class(code, made.teacher_key)
    assert (
        "Dealt again from each student's seed: all 1 rows match." in board.sections[MONTE_CARLO].words.value
    )
    ben = store.join(code, "Ben")
    forged = experiments.monte_carlo_payload(code, "Ben")
    forged["hits"] = (forged["hits"] + 1) % (payloads.DEALS + 1)  # the right seed, another number
    assert store.submit(ben, MONTE_CARLO, forged)
    assert board.check()
    assert "1 row of 2 does not match (Ben)." in board.sections[MONTE_CARLO].words.value


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
