"""Hints and the post-hand review: against the solver, hand-worked, and in the app's widgets."""

from __future__ import annotations

import json

import pytest

import pitchlab as pl
from pitchlab.bots import analysis, solver
from pitchlab.ui.table_app import TableApp
from tests.test_solver import position, worked_deal
from tests.test_widgets import click_once
from tests.widget_tree import with_class

BOT = pl.RuleBasedPlayer()


@pytest.mark.parametrize("seed", range(6))
def test_each_card_is_valued_as_the_solver_values_its_position(seed: int) -> None:
    hand = position(seed, 0)
    replay = hand.copy()
    pl.play_hand(hand, [BOT] * 4)
    reviews = analysis.review(hand)
    assert [r.played for r in reviews] == [c for t in hand.tricks for c in t.cards]
    for r in reviews:
        solution = solver.solve(replay)
        team = replay.rules.teams[r.seat]
        values = {replay.rules.deck[s]: v[team] for s, v in solution.values.items()}
        assert r.seat == replay.to_act
        assert r.value_played == values[r.played]
        assert r.value_best == max(values.values())
        assert set(r.best) == {c for c, v in values.items() if v == r.value_best}
        assert r.lost >= 0 and (r.lost == 0) == (r.played in r.best)
        replay.apply(pl.Play(r.played))
    assert [r.trick for r in reviews][-1] == len(hand.tricks)


def test_perfect_play_loses_nothing() -> None:
    hand = position(3, 0)
    while not hand.is_over:
        hand.step(solver.solve(hand).best()[0])
    reviews = analysis.review(hand)
    assert reviews and all(r.lost == 0 for r in reviews)
    assert analysis.lost_by_seat(reviews) == [0, 0, 0, 0]


def test_a_card_given_away_is_counted_worked_by_hand() -> None:
    """Worked by hand (see the solver's test of this deal): team 0 takes exactly the ten and
    one joker however the cards fall, since seat 2 can beat only the ten and must give its
    other joker to seat 1 at some point. So seat 2 dropping a joker under the ace, seat 3
    burying its own three under its partner's ace, and seat 1 leading the ten into the other
    joker all cost nothing: the review finds no card that lost points."""
    hand = worked_deal()
    for code in ("AH", "JK", "3H", "TH", "JK", "5H"):
        hand.apply(pl.Play(pl.parse_card(code)))
    reviews = analysis.review(hand)
    assert [r.lost for r in reviews] == [0] * 6
    assert reviews[3].seat == 1 and reviews[3].played == pl.parse_card("TH")


def test_a_hint_is_for_the_seat_to_play_and_ranks_every_legal_card() -> None:
    hand = position(5, 0)
    seat = hand.to_act
    assert seat is not None
    other = (seat + 1) % 4
    with pytest.raises(pl.PitchError, match="your turn to play"):
        analysis.hint(hand, other)
    advice = analysis.hint(hand, seat, samples=6, seed=1)
    legal = {hand.rules.deck[s].code for s in hand.legal_codes()}
    assert set(advice.expected) == legal
    assert advice.expected[advice.best] == max(advice.expected.values())
    assert advice.text().startswith(f"Play {advice.best}.") and "6 deals" in advice.text()


def test_the_app_gives_a_hint_on_your_turn_and_reviews_the_hand_at_the_end() -> None:
    app = TableApp(seed=12)
    coach = app.coach
    assert not coach.hint_button.disabled  # the learner bids first: a hint for the bid too
    hinted = False
    for _ in range(150):
        if with_class(app, "pl-hand-over"):
            break
        if coach.your_play() and not hinted:
            assert not coach.hint_button.disabled
            coach.hint_button.click()
            assert '<b>Hint:</b> <span class="pl-hint-action">Play ' in coach.hint_text.value
            hinted = True
        click_once(app)
        if hinted and coach.hint_text.value:
            assert coach.your_play()  # a stale hint is cleared once the position moves on
    assert hinted and app.table.hand.is_over
    assert coach.analysis.layout.display is None
    lost = analysis.lost_by_seat(coach.reviews)
    assert f"you gave away {lost[0]} point" in coach.summary.value
    figure = coach.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert figure["layout"]["title"]["text"] == "What each card gave away against perfect play"
    assert sum(sum(trace["y"]) for trace in figure["data"]) == sum(lost)
    assert json.dumps(figure)  # plain JSON, ready for the page
    app.new_hand.click()
    assert coach.analysis.layout.display == "none"
