"""Learn from your mistakes: the learner's costly decisions found, rewound and posed again,
worked by hand on tests/test_analysis.py's late position.

The hand: hearts trump, seat 0 bid 5 and named hearts; at trick 4 seat 3 leads the ace and
seat 0 holds K♥ 5♥ with T 4 3 unseen. Worked by hand there (test_analysis's
``test_a_card_worse_on_every_layout_loses_its_shortfall_worked_by_hand``): over the three
layouts seat 0 cannot tell apart, the king brings team 0 4 points and the five 17/3, so
playing the king loses 5/3 by what seat 0 knew; on the layout where seat 3 holds the 3, the
king brings 4 and the five 7 (the five lets seat 1's ten fall to the ace, and the king then
catches the 3).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import ipywidgets as w
import pytest

import pitchlab as pl
from pitchlab.bots import analysis
from pitchlab.bots.bid_review import ChoiceReview
from pitchlab.engine.errors import PitchError
from pitchlab.engine.record import to_record
from pitchlab.practice.mistakes import MISTAKE, Mistake, as_problem, mistakes, retries
from pitchlab.practice.punish import punish, solver_move
from pitchlab.ui.mistakes import RetryRun
from pitchlab.ui.table_app import TableApp
from tests.test_analysis import late_position
from tests.test_widget_fuzz import loud_callback
from tests.test_widgets import click_once
from tests.widget_tree import with_class

KING_NUMBER = 12
"""The king is the twelfth card played: three tricks of four, three and four cards, then the ace."""


def finished_after_the_king() -> tuple[pl.Hand, analysis.Review]:
    """The hand played out by the solver after seat 0's king, and the king's review (by what
    seat 0 knew: every layout counted; hindsight with the real one)."""
    before = late_position("AH", "KH 5H", "TH 4H", "3H")
    knew = analysis.judge(before.view(0), pl.Card("KH"))
    hand = late_position("AH", "KH 5H", "TH 4H", "3H")
    hand.apply(pl.Play(pl.Card("KH")))
    while not hand.is_over:
        hand.step(solver_move(hand))
    review = analysis.Review(KING_NUMBER, 4, 0, pl.Card("KH"), knew, (pl.Card("5H"),), 4, 7)
    return hand, review


def choice(kind: str, chosen: str, lost: float, bids_before: int, seat: int = 0) -> ChoiceReview:
    """A bid or trump review as bid_review makes it, with the loss a test needs."""
    points = {"pass": 0.0, "4": 1.0, "5": 1.0 - lost} if kind == "bid" else {"S": 1.0 - lost, "H": 1.0}
    best = ("4",) if kind == "bid" else ("H",)
    if chosen in best:
        points[chosen] = 1.0
    return ChoiceReview(
        seat,
        kind,  # type: ignore[arg-type]
        chosen,
        points,
        {a: (v - 1, v + 1) for a, v in points.items()},
        best,
        lost,
        (lost / 2, lost * 2),
        None,
        None,
        150,
        bids_before,
    )


def test_the_king_is_the_one_mistake_rewound_to_what_seat_0_saw() -> None:
    hand, king = finished_after_the_king()
    assert king.lost == pytest.approx(5 / 3) and king.best == (pl.Card("5H"),)
    (found,) = mistakes(hand, 0, [king])
    assert (found.kind, found.seat, found.given, found.best) == ("card", 0, "KH", ("5H",))
    assert found.lost == pytest.approx(5 / 3) and found.exact and found.layouts == 3
    assert found.values == pytest.approx({"KH": 4.0, "5H": 17 / 3})
    assert found.cost("5H") == 0 and found.cost("KH") == pytest.approx(5 / 3)
    at = found.hand()
    # posed as seat 0 saw it: the very view it had before the king, no more
    assert at.to_act == 0 and at.view(0) == late_position("AH", "KH 5H", "TH 4H", "3H").view(0)
    assert len(found.record["plays"]) == KING_NUMBER - 1
    assert mistakes(hand, 1, [king]) == []  # seat 1 made none of it


def test_the_kings_retry_explains_the_five_and_punishes_the_king_by_three() -> None:
    hand, king = finished_after_the_king()
    ((mistake, problem),) = retries(hand, 0, [king])
    assert (
        mistake.given == "KH" and problem.kind == "card" and problem.answers == ("5H",) and problem.seat == 0
    )
    assert problem.verdict.runner_up == "KH"  # the explanation sets the five against the learner's king
    why = problem.explanation.why
    assert "play 5♥" in why and "about 5.7 points" in why and "if I play K♥: about 4 points" in why
    assert "all 3 layouts" in why
    found_deal = punish(problem, "KH")
    # the one layout where the king costs: seat 3 holds the 3; king 4, five 7 (worked above)
    assert (found_deal.wrong.points, found_deal.answer.points) == (4.0, 7.0)
    assert pl.Card("3H") in pl.parse_cards(" ".join(found_deal.position["hands"][3]))
    with pytest.raises(PitchError, match="accepted answer"):
        punish(problem, "5H")


def test_bids_and_trump_are_rewound_to_the_bidding_and_ranked_with_the_cards() -> None:
    """Seat 0 (first to bid after dealer 3) bid 5: a costly bid of 2 points comes before the
    king's 5/3; a trump choice costing 1 after it; at most three."""
    hand, king = finished_after_the_king()
    bid, trump = choice("bid", "5", 2.0, 0), choice("trump", "S", 1.0, 4)
    found = mistakes(hand, 0, [king], [trump, bid])
    assert [(m.kind, m.given) for m in found] == [("bid", "5"), ("card", "KH"), ("trump", "S")]
    first, _, last = found
    assert first.hand().phase is pl.Phase.BID and first.hand().to_act == 0 and first.record["bids"] == []
    assert last.hand().phase is pl.Phase.NAME_TRUMP and last.hand().to_act == 0
    assert last.record["bids"] == to_record(hand)["bids"] and "plays" not in last.record
    assert first.cost("pass") == pytest.approx(1.0) and first.cost("4") == 0
    assert [m.kind for m in mistakes(hand, 0, [king], [trump, bid], most=2)] == ["bid", "card"]


def test_only_a_loss_of_half_a_point_or_more_is_a_mistake() -> None:
    hand, king = finished_after_the_king()
    below = choice("bid", "5", MISTAKE - 0.01, 0)
    at = choice("bid", "5", MISTAKE, 0)
    assert mistakes(hand, 0, [], [below]) == []
    assert [m.lost for m in mistakes(hand, 0, [], [at])] == [MISTAKE]
    assert mistakes(hand, 0, [replace(king, knew=replace(king.knew, lost=0.49))]) == []


def test_a_review_from_another_hand_or_without_its_place_is_refused() -> None:
    hand, _ = finished_after_the_king()
    with pytest.raises(PitchError, match="where in the bidding"):
        mistakes(hand, 0, [], [replace(choice("bid", "5", 2.0, 0), bids_before=None)])
    with pytest.raises(PitchError, match="waits on seat"):
        mistakes(hand, 0, [], [choice("bid", "5", 2.0, 1)])  # seat 1 bids second, not seat 0


def test_a_mistake_knows_only_its_own_answers() -> None:
    hand, king = finished_after_the_king()
    (found,) = mistakes(hand, 0, [king])
    assert isinstance(found, Mistake)
    with pytest.raises(PitchError, match="not an answer"):
        found.cost("QS")
    assert as_problem(found, "m") is not None


# ------------------------------------------------------------ the run of retries, through its widgets


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def shown(widget: Any) -> bool:
    return bool(widget.layout.display != "none")


def king_run() -> tuple[RetryRun, list[str]]:
    """The king's retry posed in a run; the calls to ``on_leave`` are counted in the list."""
    hand, king = finished_after_the_king()
    left: list[str] = []
    run = RetryRun(lambda: left.append("left"))
    run.start(retries(hand, 0, [king]))
    return run, left


def test_the_retry_is_posed_as_seat_0_saw_it() -> None:
    run, _ = king_run()
    assert shown(run.widget) and "Learn from your mistakes: 1 of 1" in text(run.count.value)
    intro = text(run.intro.value)
    assert "you played K♥ here" in intro and "cost your side 1.7 points" in intro
    assert "Find a better card." in intro
    assert "Which card brings your side" in text(run.question.value)
    # the hand as it was: K♥ and 5♥ to choose from, nothing of the other hands face up
    legal = [c for c in ("KH", "5H") if with_class(run.hand_view, f"pl-card-{c}")]
    assert legal == ["KH", "5H"]
    for hidden in ("ten", "four", "three"):  # the unseen trump: not drawn, said to be out but not where
        assert f"{hidden} of hearts" not in run.picture.value
    assert "each is with one of West, Partner, East" in text(run.seen.value)
    assert "East played ace of hearts" in run.picture.value  # East's lead, which seat 0 saw
    assert "Trick 3" in text(run.seen.value) and run.deal.layout.display == "none"


def test_the_king_again_loses_its_points_and_the_five_is_explained() -> None:
    run, left = king_run()
    run.answer("KH")
    said = text(run.feedback.value)
    assert "K♥ is not the best here (what you played in the hand)" in said
    assert "it loses 1.7 points against the best answer" in said
    assert (
        "your side took 4, after the best answer 7, so K♥ cost 3 points on this deal" in said
    )  # the layout worked by hand above
    assert shown(run.deal) and shown(run.replay.widget) and shown(run.again) and shown(run.reveal)
    assert not shown(run.controls) and not shown(run.next)
    run.again.click()
    assert shown(run.controls) and not shown(run.deal)
    run.answer("5H")
    said = text(run.feedback.value)
    assert said.startswith("Right: 5♥.") and "Play low" in said and "Why:" in said
    assert "about 5.7 points" in said and "if you play K♥: about 4 points" in said
    assert not shown(run.next)  # the only retry: Back to the game is the way on
    assert run.leave.button_style == "primary"
    run.leave.click()
    assert left == ["left"]


def test_show_the_answer_plays_the_five_on_the_same_deal() -> None:
    run, _ = king_run()
    run.answer("KH")
    run.reveal.click()
    said = text(run.feedback.value)
    assert said.startswith("The answer: 5♥.") and "played out on the same deal" in said
    assert "after 5♥" in text(run.replay.title.value)


@pytest.mark.slow
def test_the_app_offers_the_run_after_a_hand_and_hides_the_hand_while_it_runs() -> None:
    """Seed 3 played by test_widgets' clicks (pass, 4, hearts, the first legal card): the review
    finds one decision of the learner's that lost half a point or more. The button says so, the
    run takes the game's place (the finished hand's cards and review stay hidden: the browser test
    sees them hidden), and Back to the game brings the game back; a new hand has no button until it is over."""
    app = TableApp(seed=3)
    assert not shown(app.retry_button)
    while not app.table.hand.is_over:
        assert not shown(app.retry_button)
        click_once(app)
    count = len(app._retry_run)
    lost = sum(r.seat == 0 and r.lost >= MISTAKE for r in app.coach.reviews)
    lost += sum(c.lost >= MISTAKE for c in app.coach.choices)
    assert count == min(3, lost) >= 1
    assert shown(app.retry_button) and app.retry_button.description == f"Retry my mistakes ({count})"
    app.retry_button.click()
    assert shown(app.retries.widget) and "pl-retrying" in app.widget._dom_classes  # the rest hidden by CSS
    assert "Learn from your mistakes: 1 of" in text(app.retries.count.value)
    app.retries.leave.click()
    assert not shown(app.retries.widget) and "pl-retrying" not in app.widget._dom_classes
    app.new_hand.click()
    assert not shown(app.retry_button) and not shown(app.retries.widget)


def test_the_retries_buttons_before_any_run_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run of retries sits hidden in the app from the start; a click that reaches one of its
    buttons (or its replay's) before there is a run is ignored, never an error (the widget fuzz
    found Next trick and Show the answer raising IndexError there)."""
    monkeypatch.setattr(w.widgets.widget.CallbackDispatcher, "__call__", loud_callback)  # errors raise
    app = TableApp(seed=3)
    before = (app.table.status(), len(app.table.log))
    run = app.retries
    for button in (run.again, run.reveal, run.next, run.replay.next, run.replay.back):
        button.click()
    assert (app.table.status(), len(app.table.log)) == before
    assert not shown(run.widget) and "pl-retrying" not in app.widget._dom_classes
