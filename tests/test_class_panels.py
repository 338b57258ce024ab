"""The student's class panels driven as widgets, against a SQLite class store in ``tmp_path``.

Joining (from the address or typed, remembered by the browser, left again), every refusal a
one-line message that changes nothing, each experiment sent once however often it is clicked,
a closed class refused, and forged widget messages: every synced trait of every student
widget set to hostile values, every button pressed, and the class's rows still exactly what
the kernel computes from the students' seeds.
"""

from __future__ import annotations

import json

import pytest

import pitchlab as pl
from pitchlab.bots import analysis, bid_review
from pitchlab.classes import experiments, origin, payloads
from pitchlab.classes.store import ClassStore, Created
from pitchlab.ui.class_experiments import MonteCarloPanel, PollPanel, ReviewShare, TrumpCountPanel
from pitchlab.ui.class_join import ClassJoin, code_from_query
from pitchlab.ui.session import Table
from pitchlab.ui.table_app import TableApp
from tests.class_student import arrive, forge, joined, klass, remembered
from tests.test_page_request import preheated_env, voila_query
from tests.test_widget_fuzz import loud_callbacks

__all__ = ["klass", "loud_callbacks"]  # fixtures, used by name

JOKER = payloads.POLLS["joker-or-three"]


def rows(
    store: ClassStore, klass: Created, experiment: str | None = None
) -> list[tuple[str, str, dict[str, object]]]:
    return [
        (r.nickname, r.slot, r.payload) for r in store.rows(klass.info.code, klass.teacher_key, experiment)
    ]


def one_line(html: str) -> bool:
    return bool(html) and "\n" not in html and len(html) < 400


# ------------------------------------------------------------------ joining


def test_the_address_gives_the_code_and_the_page_says_what_is_sent(
    sqlite_store: ClassStore, klass: Created
) -> None:
    code = klass.info.code
    join = ClassJoin(sqlite_store, query=f"seed=3&class={code.lower()}")
    assert join.code_box.value == code and join.member is None
    assert join.consent.value == (
        f"Your nickname and the numbers this page deals go to class {code}; your teacher sees them "
        "beside your nickname; nothing else leaves this page."
    )
    join.nickname_box.value = "Zoë"
    assert join.join()
    assert join.member is not None and (join.member.code, join.member.nickname) == (code, "Zoë")
    assert remembered(join) == {"code": code, "nickname": "Zoë", "token": join.member.token}
    assert sqlite_store.members(code, klass.teacher_key) == ["Zoë"]
    assert join.form.layout.display == "none" and join.leave_button.layout.display is None


def test_a_typed_code_joins_too(sqlite_store: ClassStore, klass: Created) -> None:
    join = ClassJoin(sqlite_store, query="")
    assert join.code_box.value == "" and "your class" in join.consent.value
    join.code_box.value = f"  {klass.info.code.lower()} "
    assert klass.info.code in join.consent.value
    join.nickname_box.value = "Bo"
    assert join.join() and join.code == klass.info.code


def test_a_preheated_kernel_reads_the_code_from_its_pages_address(
    monkeypatch: pytest.MonkeyPatch, sqlite_store: ClassStore, klass: Created
) -> None:
    """In the app's pool the kernel starts before its page: the panel waits for the address."""
    reply = json.dumps({"QUERY_STRING": f"seed=3&class={klass.info.code.lower()}"})
    with voila_query(reply, []) as port:
        preheated_env(monkeypatch, port)
        join = ClassJoin(sqlite_store)
    assert join.code_box.value == klass.info.code and klass.info.code in join.consent.value


@pytest.mark.parametrize("query", ["class=", "class=<b>", "class=" + "A" * 10_000, "class=ABC10O"])
def test_a_bad_code_in_the_address_is_named_and_not_used(query: str) -> None:
    code, why = code_from_query(query)
    assert code == ""
    assert why == "" if query == "class=" else one_line(why) and "not a class code" in why


def refusals(store: ClassStore, klass: Created) -> dict[str, tuple[str, str, str]]:
    """Each refusal: (code typed, nickname typed, words the message must hold)."""
    other = store.create_class()
    store.set_open(other.info.code, other.teacher_key, False)
    joined(store, klass.info.code, "Ana")
    return {
        "bad code": ("K7Q", "Bo", "not a class code"),
        "unknown class": ("ZZZZZZ", "Bo", "ZZZZZZ"),
        "closed class": (other.info.code, "Bo", "closed"),
        "taken nickname": (klass.info.code, "ANA", "already called"),
        "markup": (klass.info.code, "<b>Bo</b>", "a nickname is"),
        "a 10 kB paste": (klass.info.code, "B" * 10_240, "a nickname is"),
        "empty": (klass.info.code, "", "a nickname is"),
    }


def test_every_refusal_is_one_line_and_changes_nothing(sqlite_store: ClassStore, klass: Created) -> None:
    cases = refusals(sqlite_store, klass)
    before = sqlite_store.members(klass.info.code, klass.teacher_key)
    for what, (code, nickname, says) in cases.items():
        join = ClassJoin(sqlite_store, query="")
        join.code_box.value, join.nickname_box.value = code, nickname
        assert join.join() is False, what
        assert join.member is None and join.browser.value == "", what
        assert one_line(join.message.value) and says in join.message.value, (what, join.message.value)
        assert "<b>Bo" not in join.message.value  # markup is shown as text, never as markup
    assert sqlite_store.members(klass.info.code, klass.teacher_key) == before


def test_the_browser_remembers_the_class_across_pages_and_leave_forgets(
    sqlite_store: ClassStore, klass: Created
) -> None:
    first = joined(sqlite_store, klass.info.code, "Ana")
    kept = first.browser.value
    page = ClassJoin(sqlite_store, query="")  # the next lesson, no class in its address
    arrive(page, kept)
    assert page.member == first.member
    page.leave()
    assert page.member is None and page.browser.value == "" and "left class" in page.message.value
    again = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    arrive(again, "")
    assert again.member is None


def test_a_forged_or_foreign_memory_is_not_taken_up(sqlite_store: ClassStore, klass: Created) -> None:
    ana = joined(sqlite_store, klass.info.code, "Ana")
    forged = {**remembered(ana), "token": "guessed"}
    page = ClassJoin(sqlite_store, query="")
    arrive(page, json.dumps(forged))
    assert page.member is None and one_line(page.message.value)
    for junk in ("", "{", "[1]", '{"code": 1}', "x" * 5_000, json.dumps({**forged, "nickname": "<b>"})):
        page = ClassJoin(sqlite_store, query="")
        arrive(page, junk)
        assert page.member is None
    other = sqlite_store.create_class()
    page = ClassJoin(sqlite_store, query=f"class={other.info.code}")  # the address names another class
    arrive(page, ana.browser.value)
    assert page.member is None and page.nickname_box.value == "Ana"


def test_a_look_alike_nickname_is_refused_in_words(sqlite_store: ClassStore, klass: Created) -> None:
    joined(sqlite_store, klass.info.code, "Ana")
    page = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    page.nickname_box.value = "\u0410na"  # a Cyrillic А
    assert not page.join() and page.member is None
    assert page.message.value == (
        "Not joined: someone in this class is already called \u0410na (written Ana): choose another nickname."
    )


def test_one_browser_joins_a_class_under_a_few_nicknames_only(
    sqlite_store: ClassStore, klass: Created, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The steering attack: one page joining under twenty nicknames. The class server tells the
    page's kernel its browser and address (pitchlab.classes.origin); the fourth join is refused."""
    monkeypatch.setenv(origin.env_name(origin.BROWSER_HEADER), origin.browser_label("one browser"))
    monkeypatch.setenv(origin.env_name(origin.ADDRESS_HEADER), "192.0.2.7")
    page = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    for i in range(3):
        page.nickname_box.value = f"name {i}"
        assert page.join(), page.message.value
        page.leave()
    page.nickname_box.value = "name 3"
    assert not page.join() and page.member is None
    assert page.message.value == (
        f"Not joined: this browser has joined class {klass.info.code} 3 times already: ask your teacher."
    )
    assert sqlite_store.members(klass.info.code, klass.teacher_key) == ["name 0", "name 1", "name 2"]
    # another browser on the same network joins (a class shares its school's address)
    monkeypatch.setenv(origin.env_name(origin.BROWSER_HEADER), origin.browser_label("another"))
    assert page.join()


# ------------------------------------------------------------------ experiments


def test_deal_send_and_a_retry_counts_once(sqlite_store: ClassStore, klass: Created) -> None:
    join = joined(sqlite_store, klass.info.code, "Ana")
    panel = TrumpCountPanel(join)
    panel.send_button.click()
    assert "Deal your hands first" in panel.sent.value and rows(sqlite_store, klass) == []
    panel.deal_button.click()
    assert join.member is not None
    expected = experiments.trump_count_payload(join.member.seed(payloads.TRUMP_COUNT))
    assert panel.counts == expected["counts"]
    assert panel.box.figure is not None and "Your 20 hands" in panel.result.value
    panel.send_button.click()
    assert panel.sent.value == f"Sent to class {klass.info.code}."
    panel.send_button.click()
    assert "already in" in panel.sent.value and "counted once" in panel.sent.value
    assert rows(sqlite_store, klass) == [("Ana", "", expected)]
    again = TrumpCountPanel(joined_again(sqlite_store, join))  # a reload: the page knows it is in
    assert again.sent.value == f"Already sent to class {klass.info.code}."


def joined_again(store: ClassStore, join: ClassJoin) -> ClassJoin:
    page = ClassJoin(store, query="")
    arrive(page, join.browser.value)
    assert page.member is not None
    return page


def test_a_student_not_in_a_class_deals_for_themself_and_sends_nothing(
    sqlite_store: ClassStore, klass: Created
) -> None:
    join = ClassJoin(sqlite_store, query="")
    panel = TrumpCountPanel(join)
    counts = panel.deal()
    assert sum(counts) == 20 and "yours alone" in panel.result.value
    assert panel.send_counts() is None and "Join a class" in panel.sent.value
    join.code_box.value, join.nickname_box.value = klass.info.code, "Ana"
    join.join()
    assert panel.counts is None and panel.result.value == ""  # dealt outside the class: dealt again
    assert panel.send_counts() is None


def test_run_send_and_a_retry_counts_once(sqlite_store: ClassStore, klass: Created) -> None:
    join = joined(sqlite_store, klass.info.code, "Bo")
    panel = MonteCarloPanel(join)
    hits = panel.run()
    assert join.member is not None
    expected = experiments.monte_carlo_payload(join.member.seed(payloads.MONTE_CARLO))
    assert hits == expected["hits"] and f"{hits} of your 100 deals" in panel.result.value
    assert "95% interval" in panel.result.value
    assert panel.send_hits() is True and panel.send_hits() is False
    assert rows(sqlite_store, klass) == [("Bo", "", expected)]


def test_a_closed_class_refuses_with_a_line_and_stores_nothing(
    sqlite_store: ClassStore, klass: Created
) -> None:
    panel = MonteCarloPanel(joined(sqlite_store, klass.info.code, "Bo"))
    panel.run()
    sqlite_store.set_open(klass.info.code, klass.teacher_key, False)
    assert panel.send_hits() is None
    assert one_line(panel.sent.value) and "closed" in panel.sent.value
    assert rows(sqlite_store, klass) == []


def test_a_prediction_is_locked_in_before_the_answer_shows(sqlite_store: ClassStore, klass: Created) -> None:
    join = joined(sqlite_store, klass.info.code, "Cy")
    poll = PollPanel(join, JOKER, "49/159 against 1/6.")
    poll.predict_button.click()
    assert "Pick one" in poll.sent.value and poll.answer.value == ""
    poll.options.value = 1
    poll.predict_button.click()
    assert poll.sent.value == f"Sent to class {klass.info.code}."
    assert "Not what you predicted" in poll.answer.value and "A joker" in poll.answer.value
    poll.options.value = 0  # changing one's mind after the answer is shown
    assert poll.predict() is None and "already on this page" in poll.sent.value
    assert rows(sqlite_store, klass) == [("Cy", "", {"choice": 1})]


def test_a_prediction_made_outside_a_class_is_not_sent_later(
    sqlite_store: ClassStore, klass: Created
) -> None:
    join = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    poll = PollPanel(join, JOKER, "")
    poll.options.value = 0
    assert poll.predict() is None and "You predicted it" in poll.answer.value
    join.nickname_box.value = "Di"
    join.join()
    assert poll.predict() is None and rows(sqlite_store, klass) == []


def play_out(table: Table) -> None:
    """The learner plays their seat as the bots would (so the hand is the one the bots make of
    this deal), the bots the others."""
    while not table.hand.is_over:
        if table.human_to_act:
            assert table.act(table.bots[0].decide(table.hand.view(0)).action), table.message
        else:
            table.run_bots(200)


def test_the_apps_reviews_are_shared_only_when_ticked_and_once_a_hand(
    sqlite_store: ClassStore, klass: Created
) -> None:
    app = TableApp(Table(human=0, seed=4))
    join = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    share = ReviewShare(app, join)
    share.box.value = True  # not in a class yet: the box will not stay ticked
    assert share.box.value is False and "Join a class" in share.sent.value
    join.nickname_box.value = "Ed"
    join.join()
    assert klass.info.code in share.box.description
    play_out(app.table)
    app.refresh()  # the hand is over: the coach reviews it, and nothing is sent unticked
    assert app.table.hand.is_over and app.coach.reviews and rows(sqlite_store, klass) == []
    share.box.value = True  # ticked after the review: the hand just reviewed goes too
    hand = app.table.hand
    summary = analysis.seat_summary(app.coach.reviews, 0, 4)
    choices = bid_review.choice_summary(app.coach.choices, 0)
    slot = experiments.review_slot(app.table.seed, 1, hand)
    assert rows(sqlite_store, klass) == [("Ed", slot, experiments.review_payload(1, summary, choices))]
    # seat 3 dealt, so seat 0 spoke first with every bid open to it, bid 6, the others passed and
    # seat 0 named trump: two choices of its own go with the row, beside its cards
    record = pl.to_record(hand)
    assert (record["dealer"], record["bids"]) == (3, [6, "pass", "pass", "pass"])
    payload = rows(sqlite_store, klass)[0][2]
    assert payload["choices"] == 2 and payload["choices_best"] in (0, 1, 2)
    assert payload["choices_lost_hundredths"] == round(sum(c.lost for c in app.coach.choices) * 100)
    assert share.shared(hand) is False and "counted once" in share.sent.value
    app.table.new_hand()
    play_out(app.table)
    app.refresh()
    assert app.table.hand.is_over
    assert [r[1] for r in rows(sqlite_store, klass)] == [
        slot,
        experiments.review_slot(app.table.seed, 2, app.table.hand),
    ]


def test_reviews_of_loaded_hands_and_resumed_games_stay_on_the_page(
    sqlite_store: ClassStore, klass: Created
) -> None:
    """The forgery: finished hands the bots played, loaded into the app one after another, each
    shared as the student's own review (8 rows of "0 points given away, 35 of 35 perfect"). Only
    hands dealt and played at this table go to the class."""
    app = TableApp(Table(human=0, seed=4))
    join = joined(sqlite_store, klass.info.code, "Ed")
    share = ReviewShare(app, join)
    share.box.value = True
    for seed in range(8):
        bots = Table(human=None, seed=100 + seed)
        bots.run_bots(200)
        assert bots.hand.is_over
        assert app.table.load(bots.record()), app.table.message
        app.refresh()
        assert app.table.hand.is_over and app.coach.reviews  # reviewed on the page, as before
        assert "stays on this page" in share.sent.value and one_line(share.sent.value)
        assert share.shared(app.table.hand) is None
    assert rows(sqlite_store, klass) == []
    # a saved game resumed: its hand was played elsewhere, by anyone
    finished = Table(human=0, seed=9)
    play_out(finished)
    app.table.restore_game(finished.saved_game())
    app.refresh()
    assert app.table.hand.is_over and app.coach.reviews and rows(sqlite_store, klass) == []
    # the next hand is dealt here: its review goes
    assert app.table.new_hand()
    play_out(app.table)
    app.refresh()
    assert [r[0] for r in rows(sqlite_store, klass)] == ["Ed"]


# ------------------------------------------------------------------ forged messages


def test_forged_widget_messages_store_only_what_the_kernel_computes(
    sqlite_store: ClassStore, klass: Created
) -> None:
    code = klass.info.code
    join = joined(sqlite_store, code, "Ana")
    panels = [TrumpCountPanel(join, show_join=False), MonteCarloPanel(join, show_join=False)]
    poll = PollPanel(join, JOKER, "")
    accepted = sum(forge(panel.widget) for panel in [*panels, poll])
    assert accepted > 100  # the forgeries reached the widgets
    # every button was pressed last, after the hostile values: the deal and the send went through
    ana = sqlite_store.rejoin(code, "Ana", remembered(join)["token"])
    expected = {
        payloads.TRUMP_COUNT: ("Ana", "", experiments.trump_count_payload(ana.seed(payloads.TRUMP_COUNT))),
        payloads.MONTE_CARLO: ("Ana", "", experiments.monte_carlo_payload(ana.seed(payloads.MONTE_CARLO))),
    }

    def stored() -> dict[str, tuple[str, str, dict[str, object]]]:
        found = sqlite_store.rows(code, klass.teacher_key)
        assert len({r.experiment for r in found}) == len(found)  # once each
        return {r.experiment: (r.nickname, r.slot, r.payload) for r in found}

    now = stored()
    assert {k: now[k] for k in expected} == expected
    assert set(now) <= {*expected, JOKER.experiment}
    if JOKER.experiment in now:  # a forged pick is still one of the poll's options, and Ana's
        assert now[JOKER.experiment][:2] == ("Ana", "") and now[JOKER.experiment][2]["choice"] in (0, 1, 2)
    forge(join.widget)  # the joining panel itself: codes, nicknames, the browser's memory, Join, Leave
    assert stored() == now
    assert sqlite_store.members(code, klass.teacher_key) == ["Ana"]


def test_forged_messages_before_joining_claim_nothing(sqlite_store: ClassStore, klass: Created) -> None:
    ana = joined(sqlite_store, klass.info.code, "Ana")
    join = ClassJoin(sqlite_store, query=f"class={klass.info.code}")
    arrive(join, json.dumps({**remembered(ana), "token": "forged"}))
    forge(TrumpCountPanel(join).widget)
    assert join.member is None or join.member.nickname not in ("Ana",)
    assert all(r.nickname != "Ana" for r in sqlite_store.rows(klass.info.code, klass.teacher_key))
