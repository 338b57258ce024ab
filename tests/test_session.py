"""The learner's table: bots step one at a time, refusals change nothing, records load back."""

from __future__ import annotations

import itertools

import pitchlab as pl
from pitchlab.ui.session import Event, Table, verb


def finish_hand(table: Table) -> None:
    """Play the hand out: the learner takes the first legal action each time."""
    while not table.hand.is_over:
        if table.human_to_act:
            assert table.act(table.legal()[0])
        else:
            assert table.advance() is not None


def test_verbs_agree_with_the_learner() -> None:
    assert verb("You", "plays 3♥") == "You play 3♥"
    assert verb("You", "passes") == "You pass"
    assert verb("You", "buries 2♥") == "You bury 2♥"
    assert verb("You", "throws away 3", "draws 2") == "You throw away 3 and draw 2"
    assert verb("West", "throws away 3", "draws 2") == "West throws away 3 and draws 2"


def test_a_whole_hand_is_logged_and_scored() -> None:
    table = Table(seed=4)
    finish_hand(table)
    result = table.hand.result()
    assert sum(result.points) == 10
    assert table.game.scores == list(result.score_change)
    texts = [e.text for e in table.log]
    assert texts[0].startswith("New hand")
    assert any("draw" in t for t in texts), "the refill is in the log"
    assert texts[-1].endswith(f"score {table.score_text()}")
    assert table.status().startswith("Hand over")


def test_bot_events_carry_reasons_and_the_why_panel_shows_the_last() -> None:
    table = Table(seed=8)
    events: list[Event] = []
    while len(events) < 3 and not table.hand.is_over:
        if table.human_to_act:
            table.act(table.legal()[0])
        else:
            event = table.advance()
            assert event is not None
            events.append(event)
    assert all(e.why and e.said for e in events)
    last = events[-1]
    assert table.last_why == f"{last.text}: {last.said}"  # what the seat told the table, not its hand
    assert table.why_more() == ("More", last.more)


def test_the_full_reasoning_shows_once_the_hand_is_over() -> None:
    """While the hand is on, the history and the Why? panel give what each bot told the table;
    once it is over, every line of that hand gives the bot's full reasoning, its cards and all."""
    table = Table(seed=8)
    first_bid: Event | None = None
    while not table.hand.is_over:
        if table.human_to_act:
            table.act(table.legal()[0])
            continue
        event = table.advance()
        assert event is not None
        first_bid = first_bid or event
        if not table.hand.is_over:
            assert table.reason(first_bid) == first_bid.said
            assert "I hold" not in table.reason(first_bid)
    assert first_bid is not None and "I hold" in first_bid.why  # the bid rests on the bot's trump
    assert table.reason(first_bid) == first_bid.why
    label, lines = table.why_more()
    assert label.startswith("Full reasoning") and lines == (table.last.why,)  # type: ignore[union-attr]
    assert table.new_hand()
    assert table.reason(first_bid) == first_bid.why  # a line of a finished hand stays full
    assert table.last_why == "" and table.why_more() == ("", ())


def test_refused_action_sets_a_message_and_changes_nothing() -> None:
    table = Table(seed=2)
    table.run_bots()
    assert table.human_to_act
    before = pl.to_record(table.hand)
    assert not table.act(pl.Play(pl.Card("AS")))  # nobody plays cards while bidding
    assert table.message == "Not now: it is time to bid or pass."  # plain words (test_first_timer.py)
    assert pl.to_record(table.hand) == before


def test_acting_out_of_turn_is_refused() -> None:
    table = Table(seed=2)
    table.run_bots()
    table.act(table.legal()[0])
    if table.bot_to_act:
        before = pl.to_record(table.hand)
        assert not table.act(pl.PASS)
        assert "not your turn" in table.message
        assert pl.to_record(table.hand) == before


def test_next_hand_moves_the_deal_and_game_ends_with_a_winner() -> None:
    table = Table(seed=1)
    dealers = []
    for _ in range(60):
        finish_hand(table)
        dealers.append(table.hand.dealer)
        if table.game.winner is not None:
            break
        assert table.new_hand()
    assert table.game.winner is not None, "a game to 52 ends within 60 hands"
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    assert table.status().startswith("Game over")
    assert not table.new_hand()


def test_save_and_load_a_position() -> None:
    table = Table(seed=6)
    table.run_bots()
    table.act(table.legal()[0])
    table.run_bots()
    saved = table.record()
    phase, to_act = table.hand.phase, table.hand.to_act
    other = Table(seed=99)
    assert other.load(saved)
    assert other.hand.phase is phase
    assert other.hand.to_act == to_act
    assert pl.to_record(other.hand) == pl.to_record(table.hand)


def test_loading_garbage_is_refused_with_a_message() -> None:
    table = Table(seed=6)
    before = pl.to_record(table.hand)
    assert not table.load("{not json")
    assert table.message.startswith("Could not load")
    assert not table.load('{"format": "pitchlab-hand/1"}')
    assert "ruleset" in table.message
    assert pl.to_record(table.hand) == before


def test_a_new_hand_clears_the_last_hands_refusal() -> None:
    table = Table(seed=2)
    finish_hand(table)
    assert not table.act(pl.Play(pl.Card("AS")))  # the hand is over: nothing more to play
    assert table.message
    assert table.new_hand()
    assert table.message == ""


def test_a_hand_left_for_a_loaded_record_keeps_its_bots_cards_hidden() -> None:
    """A learner who loads a finished hand record in the middle of a hand does not get the
    abandoned hand's full reasoning: that hand never ended. Neither does a game resumed after
    a finished hand show the resumed hand's reasons in full."""
    table = Table(seed=8)
    while len([e for e in table.log if e.why]) < 4:
        if table.human_to_act:
            table.act(table.legal()[0])
        else:
            table.advance()
    bot_lines = [e for e in table.log if e.why]
    assert not table.hand.is_over
    done = Table(seed=3)
    while not done.hand.is_over:
        if done.human_to_act:
            done.act(done.legal()[0])
        else:
            done.advance()
    saved = table.saved_game()
    assert table.load(done.record()) and table.hand.is_over
    assert all(table.reason(e) == e.said for e in bot_lines)
    table.restore_game(saved)  # back to the hand left off, after a finished one was loaded
    while table.bot_to_act:
        table.advance()
    resumed = [e for e in table.log if e.why]
    assert resumed and all(table.reason(e) == e.said for e in resumed)
