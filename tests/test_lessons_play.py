"""Tutorial pages 05-08 driven through their Python API, the way a learner clicks them."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

import pitchlab as pl
from pitchlab.lessons.tutorial import common, scoring_and_the_game, the_bury, the_play, the_refill
from tests.helpers import OPENING
from tests.widget_tree import with_class


def card_buttons(page: object, code: str) -> list[w.Button]:
    return with_class(page, f"pl-card-{code}")


def text(html: str) -> str:
    """The words of an HTML fragment, tags (and SVG titles) removed."""
    html = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&mdash;", "-")


# ------------------------------------------------------------------ page 05


def test_draw_reveals_what_the_count_means() -> None:
    assert the_refill.draw_reveals(2, 18) == "it kept exactly 4 trump of its own"
    assert the_refill.draw_reveals(0, 18) == "it kept 6 or more trump of its own"
    # worked by hand: a seat that kept t trump asks for 6 - t. Drawing all 3 of a 3-card stock
    # means it asked for 3 or more, so t <= 3; drawing all 2 of a 2-card stock, t <= 4
    assert the_refill.draw_reveals(3, 3) == "it emptied the stock, so it kept at most 3 trump of its own"
    assert the_refill.draw_reveals(2, 2) == "it emptied the stock, so it kept at most 4 trump of its own"
    assert the_refill.draw_reveals(6, 18) == "it kept no trump of its own"
    assert the_refill.draw_reveals(1, 1) == "it emptied the stock, so it kept at most 5 trump of its own"
    assert "already empty" in the_refill.draw_reveals(0, 0)


def test_stepping_the_refill_shows_each_seats_draw() -> None:
    hand = the_refill.seeded_trump_hand(129)
    stepper = the_refill.RefillStepper(hand)
    assert stepper.shown == 0
    assert not with_class(stepper, "pl-refill-row")
    turns = hand.refills
    for k, turn in enumerate(turns, start=1):
        with_class(stepper, "pl-next")[0].click()
        rows = with_class(stepper, "pl-refill-row")
        assert len(rows) == k
        newest = text(rows[0].value)  # the newest turn is on top
        if turn.from_remainder:
            assert f"the last {len(turn.drawn)} cards" in newest
        else:
            assert f"drew {hand.drawn[turn.seat]}" in newest
            assert f"{common.name(turn.seat)}: throws away" in newest
        drawn_so_far = sum(len(t.drawn) for t in turns[:k])
        assert f"Stock: {len(hand.stock_slots) - drawn_so_far} of {len(hand.stock_slots)}" in text(
            stepper.stock.value
        )
    assert stepper.done
    assert stepper.next.disabled
    summary = text(stepper.summary.value)
    for seat in range(4):
        assert f"{common.name(seat)} {hand.drawn[seat]} " in summary
    stepper.next.click()  # past the end: nothing changes
    assert len(with_class(stepper, "pl-refill-row")) == len(turns)
    with_class(stepper, "pl-restart")[0].click()
    assert stepper.shown == 0
    assert not stepper.summary.value


def test_dead_cards_are_greyed_in_the_refill() -> None:
    hand = the_refill.seeded_trump_hand(129)
    stepper = the_refill.RefillStepper(hand)
    for _ in hand.refills:
        stepper.step()
    suit = hand.trump
    assert suit is not None
    dead = [c for t in hand.refills for c in t.drawn if not hand.rules.is_trump(c, suit)]
    assert dead
    html = "".join(row.value for row in stepper.rows)
    assert html.count('fill="#ececec"') == len(dead)  # a dead card's grey face


def test_the_stock_runs_out_worked_by_hand() -> None:
    # Worked by hand from the deal in stock_runs_out_hand(): the dealer is seat 0,
    # so the refill goes 1, 2, 3, 0. Seats 1-3 hold no spades and want 6 each:
    # 6 + 6 + 6 = 18, the whole stock. The dealer holds 4 spades and wants 2,
    # but 18 - 18 = 0 cards are left: it draws 0 and plays with 4 cards.
    hand = the_refill.stock_runs_out_hand()
    assert hand.drawn == [0, 6, 6, 6]
    assert len(hand.hand_of(0)) == 4
    stepper = the_refill.RefillStepper(hand)
    for _ in range(4):
        stepper.next.click()
    dealer_row = text(stepper.rows[3].value)
    assert "You drew 0" in dealer_row
    assert "Ruling: the stock ran out" in dealer_row
    assert "plays short with 4 cards" in dealer_row
    assert "already empty" in dealer_row
    assert "Stock: 0 of 18" in text(stepper.stock.value)


def test_the_stepper_needs_trump_named() -> None:
    with pytest.raises(pl.PitchError):
        the_refill.RefillStepper(pl.Hand.deal(seed=1))


# ------------------------------------------------------------------ page 06


def test_the_constructed_bury_deal_worked_by_hand() -> None:
    # Worked by hand: the learner (seat 0) keeps A J 7 2 of hearts and draws
    # 6 - 4 = 2 (K♣ A♣, dead). West keeps its 7 trump and draws 0; Partner keeps
    # J♦ and a joker and draws 4; East has no trump and draws 6. That is
    # 2 + 0 + 4 + 6 = 12 cards, leaving 6 for the bidder, of which 3♥ 10♥ 5♥ are
    # trump: the learner ends with 4 + 3 = 7 trump and must bury 1; West buries 1.
    hand = the_bury.bury_hand()
    assert hand.drawn == [2, 0, 4, 6]
    assert [hand.trump_count(s) for s in range(4)] == [7, 7, 2, 0]
    assert hand.bidder == 0
    assert hand.phase is pl.Phase.BURY


def test_bury_chooser_marks_only_legal_buries() -> None:
    chooser = the_bury.BuryChooser()
    legal = {c for b in with_class(chooser, "pl-legal") for c in b._dom_classes if c.startswith("pl-card-")}
    expected = {f"pl-card-{a.card.code}" for a in chooser.hand.legal_actions() if isinstance(a, pl.Bury)}
    assert legal == expected
    assert len(legal) == 7
    dead = {c for b in with_class(chooser, "pl-dead") for c in b._dom_classes if c.startswith("pl-card-")}
    assert dead == {"pl-card-KC", "pl-card-AC"}
    assert "bury 3♥" not in chooser.advice.value  # no answer before the learner chooses
    chooser.pick(pl.Card("2H"))
    assert "bury 3♥" in chooser.advice.value  # then: the A♥ makes the first trick, and the buried 3♥, ours


def test_bury_chooser_refuses_an_illegal_bury_and_changes_nothing() -> None:
    chooser = the_bury.BuryChooser()
    before = pl.to_record(chooser.hand)
    card_buttons(chooser, "KC")[0].click()  # a dead card
    # the app's plain words (pitchlab.ui.plain), never the engine's "Not allowed: seat 0: ... refused"
    assert chooser.message.value == "Only one of your own trump may be buried: K♣ is not one of them."
    assert pl.to_record(chooser.hand) == before
    assert chooser.hand.buried_by(0) == ()


def test_bury_chooser_accepts_a_legal_bury_then_the_bot_buries() -> None:
    chooser = the_bury.BuryChooser()
    card_buttons(chooser, "2H")[0].click()
    assert chooser.hand.buried_by(0) == (pl.Card("2H"),)
    assert not chooser.message.value
    assert "West must bury too" in chooser.status.value
    # not the learner's turn now: a click is refused and changes nothing
    before = pl.to_record(chooser.hand)
    card_buttons(chooser, "AH")[0].click()
    assert "not your turn" in chooser.message.value
    assert pl.to_record(chooser.hand) == before
    # West (not the bidder) buries its lowest trump without points: the 4♥
    chooser.next.click()
    assert chooser.hand.buried_by(1) == (pl.Card("4H"),)
    assert chooser.hand.phase is pl.Phase.PLAY
    assert "4 of hearts" in chooser.buried.value and "2 of hearts" in chooser.buried.value  # spoken labels
    chooser.next.click()  # the first trick
    assert len(chooser.hand.tricks) == 1
    outcome = text(chooser.outcome.value)
    assert "First trick" in outcome
    assert "buried 2♥ still scores" in outcome
    chooser.next.click()  # the rest of the hand
    assert chooser.hand.is_over
    result = chooser.hand.result()
    assert (pl.Card("2H"), 0) in result.holder_points
    assert sum(result.points) == 10
    assert "Hand over" in chooser.outcome.value
    assert chooser.next.disabled


# ------------------------------------------------------------------ page 07


def click_once(page: the_play.TrickByTrick) -> None:
    for cls in ("pl-legal", "pl-next"):
        buttons = [b for b in with_class(page, cls) if not getattr(b, "disabled", False)]
        if buttons:
            buttons[0].click()
            return
    raise AssertionError(f"nothing to click: {page.status.value}")


@pytest.mark.parametrize("seed", [13, 21, 5])
def test_trick_by_trick_reaches_the_end_by_clicking_only(seed: int) -> None:
    page = the_play.TrickByTrick(seed=seed)
    assert page.hand.phase is pl.Phase.PLAY
    for _ in range(60):
        if page.hand.is_over:
            break
        click_once(page)
    assert page.hand.is_over
    assert sum(page.hand.points_by_team()) == 10
    points = [int(p) for p in re.findall(r"<b>(\d+)</b>", page.points.value)]
    assert points == page.hand.points_by_team()
    assert "Hand over" in page.over.value
    assert "pl-hand-over" in page.over._dom_classes
    assert page.next.disabled


def test_trick_by_trick_refuses_a_dead_card() -> None:
    page = the_play.TrickByTrick(seed=13)
    for _ in range(10):
        if page.my_turn:
            break
        page.next.click()
    assert page.my_turn
    dead = page.hand.dead(0)
    assert dead
    before = pl.to_record(page.hand)
    card_buttons(page, dead[0].code)[0].click()
    assert (
        page.message.value
        == f"Only trump can be played: {dead[0].label} is not trump, so it stays in your hand."
    )
    assert pl.to_record(page.hand) == before
    page.next.click()  # Next on the learner's turn: a message, no change
    assert "Your turn" in page.message.value
    assert pl.to_record(page.hand) == before
    page.hint.click()
    assert re.search(f"Hint: {OPENING}Play ", page.why.value), page.why.value


def test_trick_stories_name_short_tricks_and_the_passing_lead() -> None:
    hand = pl.Hand.deal(dealer=3, seed=2)  # a seed whose play has short tricks and a passing lead
    common.bots_to(hand, (pl.Phase.BID, pl.Phase.NAME_TRUMP, pl.Phase.BURY, pl.Phase.PLAY))
    stories = [the_play.trick_story(hand, i) for i in range(len(hand.tricks))]
    for trick, story in zip(hand.tricks, stories, strict=True):
        assert ("Only" in story) == (len(trick.cards) < 4)
    passes = [i for i in range(len(hand.tricks) - 1) if hand.tricks[i + 1].leader != hand.tricks[i].winner]
    assert passes
    for i in passes:
        assert "the lead passes clockwise" in stories[i]


# ------------------------------------------------------------------ page 08


def test_score_breakdown_of_a_set_hand_worked_by_hand() -> None:
    # Worked by hand: seat 0 bids 5 with team 0 taking 2 points. 2 < 5, so team 0
    # is set: it scores -5, and team 1 adds the 8 it took.
    result = scoring_and_the_game.example_result(0, 5, (2, 8))
    assert result.score_change == (-5, 8)
    assert not result.made


def test_score_breakdown_text_adds_up() -> None:
    hand = scoring_and_the_game.bots_hand(3)
    text_out = scoring_and_the_game.score_breakdown(hand)
    result = hand.result()
    assert f"You and Partner {result.points[0]}, West and East {result.points[1]}" in text_out
    assert ("made" in text_out) == result.made


def test_winning_examples_follow_the_rules() -> None:
    lines = scoring_and_the_game.winning_examples().splitlines()
    assert lines[0].endswith("Now You and Partner 52, West and East 34: You and Partner win.")
    assert lines[1].endswith("play on.")  # West and East at 55 did not bid
    assert lines[2].endswith("West and East win.")
    assert "Now You and Partner -2, West and East 28: play on" in lines[3]  # scores go negative
    assert lines[4].endswith("West and East win.")  # 10 bid, all 10, from 12


def test_game_replay_reaches_a_winner_and_plots_the_history() -> None:
    replay = scoring_and_the_game.GameReplay(seed=4)
    game = replay.game
    assert game.winner is not None
    assert replay.plotted() == [[0], [0]]
    for _ in range(len(game.history) + 5):
        if replay.done:
            break
        with_class(replay, "pl-next")[0].click()
        k = replay.shown
        assert replay.plotted() == [[0] + [h.scores[t] for h in game.history[:k]] for t in (0, 1)]
        (shown,) = replay.chart.outputs  # the page shows the figure it plotted
        drawn = shown["data"]["application/vnd.plotly.v1+json"]["data"]
        assert [t["y"] for t in drawn if t.get("type") == "scatter"] == replay.plotted()
        assert [t["name"] for t in drawn] == ["You and Partner", "West and East"]
    assert replay.done
    assert replay.plotted() == [[0] + [h.scores[t] for h in game.history] for t in (0, 1)]
    assert replay.plotted()[game.winner][-1] == game.scores[game.winner]
    assert "Game over" in replay.status.value
    assert replay.table.value.count("<tr>") == len(game.history) + 1
    figure = replay.figure
    assert figure.layout.title.text
    assert figure.layout.xaxis.title.text == "hand number"
    assert figure.layout.yaxis.title.text == "score (points)"
    assert any(shape.y0 == 52 for shape in figure.layout.shapes)
    replay.again.click()
    assert replay.shown == 0
    replay.to_end.click()
    assert replay.done


def test_a_seeded_game_is_reproducible() -> None:
    one, two = scoring_and_the_game.play_game(4), scoring_and_the_game.play_game(4)
    assert one.scores == two.scores
    assert scoring_and_the_game.hands_table_text(one) == scoring_and_the_game.hands_table_text(two)
    assert one.winner is not None
    assert scoring_and_the_game.game_summary(one).startswith(f"{common.team_name(one.winner)} win after")


@pytest.mark.parametrize("seed", [1, 3, 68])
def test_hand_story_is_written_from_the_hand_and_recount_agrees(seed: int) -> None:
    hand = scoring_and_the_game.bots_hand(seed, dealer=3)
    result = hand.result()
    story = scoring_and_the_game.hand_story(hand)
    team = result.bidding_team
    assert f"{common.name(result.bidder)} bid {result.bid} with {result.trump.name.lower()}" in story
    assert f"{common.team_name(team)} took {result.points[team]}" in story
    assert f"took {result.points[team]} of the 10 points" in story
    assert ("made" in story) == result.made and ("set" in story) == (not result.made)
    assert scoring_and_the_game.recount_points(hand) == result.points
