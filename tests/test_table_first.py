"""The table app's endings in words, its pace, take-back, one-press Save hand and folding
introduction, without a browser (tests/browser/test_first_screen.py checks where things land)."""

from __future__ import annotations

import json

import pitchlab as pl
from pitchlab.engine.cards import Suit
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.winning import win_after
from pitchlab.ui.endings import ending_lines, game_line, won_line
from pitchlab.ui.pace import reading_ms
from pitchlab.ui.session import Table
from pitchlab.ui.table_app import TableApp
from tests.test_widgets import click_until
from tests.widget_tree import with_class


def result_of(bidder: int, bid: int, points: tuple[int, int], score_change: tuple[int, int]) -> HandResult:
    """A finished hand's result as the endings read it (no cards), with its score change worked by
    hand by the caller; the bidding side is the bidder's (seats 0 and 2 against 1 and 3)."""
    team = bidder % 2
    return HandResult(
        bidder=bidder,
        bid=bid,
        trump=Suit.SPADES,
        points=points,
        captured=((), ()),
        holder_points=(),
        made=points[team] >= bid,
        score_change=score_change,
        bidding_team=team,
    )


def test_a_made_ten_wins_at_once_and_the_page_says_so() -> None:
    # You bid 10 and take all ten points (worked by hand: +10 to You and Partner, nothing to the
    # others, so -15 becomes -5); RULES.md: a 10 taking all 10 wins whatever the scores
    result, scores = result_of(0, 10, (10, 0), (10, 0)), [-5, 40]
    assert win_after(pl.ruleset("ten-point"), result, scores) == (0, "all-points")
    table = Table(seed=1)
    line = won_line(table, 0, "all-points")
    assert line.startswith("You and Partner bid 10 and took every point")
    assert "wins the game at once, whatever the score" in line


def test_a_side_over_the_target_that_did_not_bid_plays_on_and_the_page_says_why() -> None:
    # West (seat 1) bid 6 and West and East made 7; You and Partner, the other side, end at 53: RULES.md, "a non-bidding team
    # at 52 or more keeps playing"
    result = result_of(1, 6, (3, 7), (3, 7))
    table = Table(seed=2)
    table.game.scores = [53, 30]
    assert win_after(table.rules, result, table.game.scores) is None
    line = game_line(table, result)
    assert line.startswith("Only a side that bid the hand can go out")
    assert "You and Partner have 52 or more but did not bid this hand, so play goes on." in line
    assert "A bid of 10 that takes every point wins at once." in line


def test_every_ending_says_made_or_set_from_the_points_taken() -> None:
    """Over seeded games of bots: made exactly when the bidding side took at least its bid
    (counted here from the captured points), and the score line gives the game's scores."""
    seen = set()
    for seed in range(3):
        table = Table(human=None, seed=seed)
        for _ in range(8):
            table.run_bots()
            hand = table.hand
            lines = ending_lines(table)
            result = hand.result()
            team = result.bidding_team
            taken = result.points[team]
            made = taken >= result.bid
            seen.add(made)
            assert ("the bid is made" in lines[0]) == made, lines
            assert ("the bid is set" in lines[0]) == (not made), lines
            assert f"took {taken} of the 10 points" in lines[0]
            scores = ", ".join(f"Team {t} {s}" for t, s in enumerate(table.game.scores))
            assert f"Score now: {scores}; the game is to 52." in lines
            if table.game.winner is not None:
                assert lines[-1] == "Press New game to play again."
                break
            assert lines[-1] == "Press New hand for the next deal."
            table.new_hand()
    assert seen == {True, False}


def test_the_slow_pace_waits_for_the_words_to_be_read() -> None:
    # 300 ms a word after a second's look, between 1.2 s and 12 s (worked by hand)
    assert reading_ms("") == 1200
    assert reading_ms("East plays 2♠: the 2♠ scores for whoever holds it") == 1000 + 300 * 10
    assert reading_ms("word " * 100) == 12_000


def to_my_turn_in_play(app: TableApp) -> None:
    click_until(
        app, lambda a: a.table.human_to_act and a.table.hand.phase is pl.Phase.PLAY, "the learner's card"
    )


def test_take_back_restores_the_hand_and_marks_the_history() -> None:
    app = TableApp(seed=3)
    to_my_turn_in_play(app)
    before = pl.to_record(app.table.hand)
    with_class(app, "pl-legal")[0].click()
    app.next.click()  # a bot moves after the learner
    assert pl.to_record(app.table.hand) != before
    assert app.take_back.layout.display is None
    app.take_back.click()
    assert pl.to_record(app.table.hand) == before
    assert app.table.log[-1].text.startswith("Taken back: You play")
    assert app.table.human_to_act and app.take_back.layout.display == "none"


def test_take_back_is_off_while_a_class_experiment_counts_the_moves() -> None:
    app = TableApp(seed=3)
    to_my_turn_in_play(app)
    with_class(app, "pl-legal")[0].click()
    app.table.take_backs = False  # what ReviewShare sets while the student shares reviews
    app.refresh()
    assert app.take_back.layout.display == "none"
    before = pl.to_record(app.table.hand)
    app.take_back.click()
    assert pl.to_record(app.table.hand) == before and "Take-backs are off" in app.message.value


def test_to_my_turn_plays_on_at_a_readable_pace_and_a_second_press_skips() -> None:
    app = TableApp(seed=11)
    click_until(app, lambda a: a.table.bot_to_act, "a bot's turn")
    app.to_me.click()
    assert app.pace_timer.armed and app.pace_timer.delay_ms == reading_ms(app.table.last_why)
    app.pace_timer.tick(app.pace_timer.step)  # the page's wait is over: one bot moves
    app.to_me.click()  # again: straight to the learner's turn
    assert not app.table.bot_to_act and not app.pace_timer.armed
    assert not app.table.auto  # the chosen pace (Step with Next) is back


def test_save_hand_is_ready_in_the_page_once_the_hand_is_over() -> None:
    app = TableApp(seed=3)
    assert app.save.text == ""
    click_until(app, lambda a: a.table.hand.is_over, "the end of the hand")
    assert json.loads(app.save.text) == json.loads(pl.dumps(app.table.hand))


def test_the_introduction_folds_for_a_browser_that_was_here_before() -> None:
    first = TableApp(seed=1, autosave="app")
    assert first.autosave is not None
    first.autosave.store.ready = True  # the browser held nothing: a first visit
    assert (first.about.selected_index, first.howto.selected_index, first.settings.selected_index) == (
        0,
        0,
        0,
    )
    back = TableApp(seed=1, autosave="app")
    assert back.autosave is not None
    back.autosave.store.stored = first.table.saved_game()
    back.autosave.store.ready = True
    assert (back.about.selected_index, back.howto.selected_index, back.settings.selected_index) == (
        None,
        None,
        None,
    )
