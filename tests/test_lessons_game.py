"""Lesson 07, winning the game: the toy chain solved exactly and by the game model, the
problem of points counted, ten-point chances against simulated games, the two plans worked
by hand, the heat map's and the slider's words, the misconception and the code exercise."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

import pitchlab as pl
from pitchlab.bots import gamemodel
from pitchlab.lessons.classroom import winning_the_game as game
from pitchlab.ui import classroom, plots


@pytest.fixture(scope="module")
def model() -> gamemodel.GameModel:
    return game.model_of(pl.TEN_POINT)


# ------------------------------------------------------------------ the toy race


def test_the_toy_hands_are_the_four_outcomes_of_the_page() -> None:
    hands = game.toy_hands()
    assert sum(hands.values()) == 1
    assert sorted(hands.values()) == [Fraction(1, 6), Fraction(1, 6), Fraction(1, 3), Fraction(1, 3)]
    assert (gamemodel.floor_of(game.TOY), game.TOY.target, game.TOY.win_rule) == (-2, 3, "bidder-only")


def test_the_exact_toy_chances_keep_the_symmetries_worked_by_hand() -> None:
    """A fair race: ½ at equal scores, W(u, t) + W(t, u) = 1, and W(2, 2) from its own
    equation; a likelier make helps whoever is ahead."""
    exact = game.exact_toy_chances()
    assert len(exact) == 25
    assert all(exact[s, s] == Fraction(1, 2) for s in range(-2, 3))
    assert all(exact[u, t] + exact[t, u] == 1 for u, t in exact)
    assert exact[2, 2] == Fraction(1, 3) + Fraction(1, 6) * (exact[1, 2] + exact[2, 1])
    # each state's equation holds exactly (checked here without the solver's elimination)
    for (u, t), w in exact.items():
        rhs = sum(
            p * (Fraction(nxt) if isinstance(nxt, float) else exact[nxt])
            for o, p in game.toy_hands().items()
            for nxt in [game.toy_next(u, t, o)]
        )
        assert rhs == w, (u, t)
    assert game.exact_toy_chances(Fraction(9, 10))[2, 0] > exact[2, 0]


def test_value_iteration_reaches_the_exact_toy_chances_for_every_make_chance() -> None:
    for make in (Fraction(1), Fraction(2, 3), Fraction(1, 3)):
        exact = game.exact_toy_chances(make)
        model = game.toy_model(make)
        for (u, t), w in exact.items():
            for offset in range(game.TOY.players):
                assert model.chance(u, t, offset) == pytest.approx(float(w), abs=1e-6), (make, u, t)


def test_with_every_bid_made_the_toy_is_the_problem_of_points() -> None:
    sure = game.exact_toy_chances(Fraction(1))
    for u in range(3):
        for t in range(3):
            assert sure[u, t] == game.points_by_count(3 - u, 3 - t, Fraction(1, 2))
    assert sure[0, 1] == Fraction(5, 16)  # 3 or 4 of the next 4 points: (4 + 1) / 16


def test_the_code_exercise_cases_are_the_counted_answers() -> None:
    for (need_us, need_them, p), expected, about in game.POINTS_CASES:
        assert about
        assert game.points_by_count(need_us, need_them, p) == expected
        if need_us and need_them:  # the sum over the next need_us + need_them - 1 points, by hand
            n = need_us + need_them - 1
            assert expected == sum(
                Fraction(math.comb(n, k)) * p**k * (1 - p) ** (n - k) for k in range(need_us, n + 1)
            )


def recursion(need_us: int, need_them: int, p: float) -> float:
    if need_us == 0:
        return 1.0
    if need_them == 0:
        return 0.0
    return p * recursion(need_us - 1, need_them, p) + (1 - p) * recursion(need_us, need_them - 1, p)


def test_the_code_exercise_passes_a_right_answer_and_names_a_wrong_one() -> None:
    assert classroom.check_code(recursion, game.points_cases()).passed

    def stub(need_us: int, need_them: int, p: float) -> float:
        raise NotImplementedError

    def swapped(need_us: int, need_them: int, p: float) -> float:
        return recursion(need_them, need_us, p)

    assert not classroom.check_code(stub, game.points_cases()).passed
    wrong = classroom.check_code(swapped, game.points_cases())
    assert not wrong.passed


# ------------------------------------------------------------- ten-point Pitch


def test_the_ten_point_chances_agree_with_simulated_games(model: gamemodel.GameModel) -> None:
    """1,500 seeded games from 40-35: the Wilson 95% interval holds the solved chance, and
    not the chance the same score has when any side may win (the test can fail)."""
    played = game.simulated_chance(pl.TEN_POINT, 40, 35, 0, 1500, seed=11)
    low, high = played.wilson()
    assert low <= model.chance(40, 35, 0) <= high
    other = game.model_of(game.bidder_first(pl.TEN_POINT)).chance(50, 30, 0)
    played_50 = game.simulated_chance(pl.TEN_POINT, 50, 30, 0, 1500, seed=12)
    low, high = played_50.wilson()
    assert low <= model.chance(50, 30, 0) <= high
    assert not low <= other <= high


def test_only_the_bidder_winning_keeps_the_trailing_side_alive(model: gamemodel.GameModel) -> None:
    either = game.model_of(game.bidder_first(pl.TEN_POINT))
    assert either.rules.win_rule == "bidder-first" and model.rules.win_rule == "bidder-only"
    assert either.rules.target == model.rules.target
    assert abs(model.chance(0, 0, 0) - either.chance(0, 0, 0)) < 0.001
    for us, them in [(30, 20), (48, 45), (50, 30)]:
        assert either.chance(us, them, 0) > model.chance(us, them, 0)
    # past the target without bidding is no win under ten-point's rule
    assert model.chance(56, 40, 0) < model.chance(50, 30, 0) < 1


def test_the_plans_worked_by_hand(model: gamemodel.GameModel) -> None:
    assert game.SURE.expected_points == Fraction(9, 10) * 5 - Fraction(1, 10) * 4
    assert game.BOLD.expected_points == Fraction(7, 10) * 9 - Fraction(3, 10) * 7
    assert game.BOLD.expected_points > game.SURE.expected_points
    assert game.BOLD.expected_margin > game.SURE.expected_margin
    # from 47-40 a made bid wins at once; a set moves the deal one seat on
    assert game.SURE.chance(model, 47, 40) == pytest.approx(0.9 + 0.1 * model.chance(43, 47, 1), abs=1e-12)
    assert game.BOLD.chance(model, 47, 40) == pytest.approx(0.7 + 0.3 * model.chance(40, 44, 1), abs=1e-12)
    assert game.SURE.chance(model, 47, 40) > game.BOLD.chance(model, 47, 40)
    assert game.SURE.chance(model, 30, 40) < game.BOLD.chance(model, 30, 40)


def test_the_heat_map_has_titles_a_colour_bar_in_percent_and_words(model: gamemodel.GameModel) -> None:
    fig = game.heat_map(model)
    assert "Chance we win, from each score" in fig.layout.title.text
    assert fig.layout.xaxis.title.text == "our score (points)"
    assert fig.layout.yaxis.title.text == "their score (points)"
    trace = fig.data[0]
    assert trace.colorbar.title.text == "chance we win (%)" and (trace.zmin, trace.zmax) == (0, 100)
    assert trace.z[list(trace.y).index(40)][list(trace.x).index(48)] == pytest.approx(
        100 * model.chance(48, 40, 0)
    )
    words = plots.describe(fig)
    assert "Across: our score (points)." in words and "48 " in words and "%" in words


def test_the_slider_redraws_its_figure_and_words_quickly_and_refuses_bad_scores(
    model: gamemodel.GameModel,
) -> None:
    view = game.BidFromScore(model, us=47)
    before = (view.words.value, view.figure.outputs)
    assert "the sure 4 wins 93.7%" in view.words.value
    view.slider.value = 30
    assert view.words.value != before[0] and view.figure.outputs != before[1]
    assert "At 30 to 40" in view.words.value
    spec = view.figure.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert "From 30-40, the bold 7 wins more games" in spec["layout"]["meta"]["description"]
    shown = (view.words.value, view.figure.outputs, view.slider.value)
    for bad in (60, "47", 4.5, True):
        assert not view.show(bad)
        assert "whole number from -20 to 51" in view.message.value
        assert (view.words.value, view.figure.outputs, view.slider.value) == shown
    assert view.show(31) and view.message.value == ""
    for us in range(-20, 52, 3):
        view.slider.value = us
    # one redraw a move: the first draw, 30, 31, then the 24 moves of the loop
    assert len(view.timings) == 3 + 24  # timed for benchmarks/sliders.py, never judged here


def test_the_slider_joins_the_redraw_benchmark_by_the_kits_protocol() -> None:
    [build] = game.REDRAWS
    times = classroom.redraw_times(build(), rounds=3)
    assert set(times) == {f"our score {us}" for us in (0, 30, 44, 47, 51)}


def test_the_misconception_explains_every_choice(model: gamemodel.GameModel) -> None:
    item = game.misconception(model)
    rights = [c for c in item.choices if c.right]
    assert len(rights) == 1 and "surer bid" in rights[0].text
    sure = f"{100 * game.SURE.chance(model, 47, 40):.1f}%"
    assert all(c.why for c in item.choices)
    assert sure in rights[0].why


def test_the_number_exercise_is_the_two_cases_added_up(model: gamemodel.GameModel) -> None:
    item = game.after_a_set_exercise(model)
    after_set = round(Fraction(model.chance(43, 47, 1)), 3)  # set: 47 - 4 to us, 40 + (10 - 3) to them
    assert item.answer == Fraction(9, 10) + Fraction(1, 10) * after_set
    assert abs(float(item.answer) - game.SURE.chance(model, 47, 40)) < 0.001
    assert item.unit == "percent"
    assert item.check("93.7") and item.check("0,937") and not item.check("90")


# ------------------------------------------------ are the bots' chances true?


def test_the_bots_quotes_by_tenths_counted_by_hand() -> None:
    """Section 8's figures, recounted from the recorded quotes with plain sums (no code shared
    with the calibration's bookkeeping): the tenths' sizes, the middle tenth, the worst gap."""
    played = game.bots_games()
    assert (played.games, played.seed) == (400, 7)
    tally: dict[int, list[float]] = {}
    for q in played.quotes:
        row = tally.setdefault(min(int(10 * q.win), 9), [0, 0.0, 0])
        row[0] += 1
        row[1] += q.win
        row[2] += q.won
    assert len(played.quotes) == 5_095 and 12 < 5_095 / 400 < 13
    assert {k: int(v[0]) for k, v in tally.items()} == {4: 1_405, 5: 3_545, 6: 140, 7: 5}
    mean = {k: 100 * v[1] / v[0] for k, v in tally.items()}
    won = {k: 100 * v[2] / v[0] for k, v in tally.items()}
    assert (round(mean[5], 1), round(won[5], 1)) == (52.7, 52.4)
    assert (round(mean[6], 1), round(won[6], 1)) == (63.1, 60.7)
    gaps = {k: abs(mean[k] - won[k]) for k, v in tally.items() if v[0] >= 50}
    assert max(gaps, key=lambda k: gaps[k]) == 6 and round(gaps[6], 1) == 2.4
    fig = game.calibration_picture(played)
    assert list(fig.data[1].customdata) == [1_405, 3_545, 140, 5]


def test_the_bots_made_quotes_by_tenths_counted_by_hand() -> None:
    """Section 8's second figure, recounted with plain sums: one quote of making the bid per
    hand (the seat that held the contract), 400 of them made as the engine's replay below finds,
    the tenths' sizes, the lowest tenth and the largest gap."""
    played = game.bots_games()
    held = [q for q in played.quotes if q.made is not None]
    assert len(held) == 5_095 and sum(q.was_made for q in held) == 400
    tally: dict[int, list[float]] = {}
    for q in held:
        assert q.made is not None
        row = tally.setdefault(min(int(10 * q.made), 9), [0, 0.0, 0])
        row[0] += 1
        row[1] += q.made
        row[2] += q.was_made
    assert {k: int(v[0]) for k, v in tally.items()} == {0: 3_697, 1: 1_157, 2: 241}
    mean = {k: 100 * v[1] / v[0] for k, v in tally.items()}
    made = {k: 100 * v[2] / v[0] for k, v in tally.items()}
    assert (round(mean[0], 1), round(made[0], 1)) == (5.1, 5.0)
    assert round(max(abs(mean[k] - made[k]) for k in tally), 1) == 0.6
    fig = game.made_picture(played)
    assert list(fig.data[1].customdata) == [3_697, 1_157, 241]
    assert "making the bid" in fig.layout.title.text


def test_every_hand_of_the_bots_games_is_a_10_and_one_a_game_is_made() -> None:
    """The same 400 games replayed on the engine alone (each game's seed and first dealer as
    the self-play deals them): every hand is played at a bid of 10, 400 of them are made,
    and every game ends on its made 10."""
    bot = pl.RuleBasedPlayer(bidding="game")
    hands = tens = made = ended = 0
    for n in range(400):
        g = pl.Game(pl.TEN_POINT, n % 4, random.Random(f"calibration:7:{n}"))
        while True:
            while not g.hand.is_over:
                g.hand.step(bot.code(g.hand))
            result = g.score_if_over()
            assert result is not None
            hands += 1
            tens += result.bid == 10
            made += result.bid == 10 and result.made
            if g.is_over:
                ended += result.bid == 10 and result.made
                break
            g.next_hand()
    assert (hands, tens, made, ended) == (5_095, 5_095, 400, 400)
    assert round(100 * made / tens, 1) == 7.9
