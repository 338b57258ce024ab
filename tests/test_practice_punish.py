"""A wrong card always costs (issue 27, part 2): the deal chosen to show what a wrong answer
loses fits what the learner's seat saw, and the wrong answer really does worse there.

The checks share nothing with :mod:`pitchlab.practice.punish`: the ten-point positions are
re-counted with tests/test_practice.py's own enumeration of the layouts and its own search
(:class:`tests.test_practice.Late`), read from RULES.md; what a seat has seen is compared
card by card with the problem's record.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pitchlab.bots.bid_review import net_points
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand
from pitchlab.engine.record import Record, from_record
from pitchlab.practice.problems import Problem, answers_at, load
from pitchlab.practice.punish import Punishment, punish
from tests.test_practice import Late, shown_out

PROBLEMS = {p.id: p for p in load()}


def _own_draws(hand: Hand, seat: int) -> list[int]:
    """The stock places ``seat`` drew from (its refill, and the rest of the stock if it took it):
    it saw those cards."""
    places: list[int] = []
    at = 0
    for refill in hand.refills:
        if refill.seat == seat:
            places.extend(range(at, at + len(refill.drawn)))
        at += len(refill.drawn)
    return places


def assert_fits(problem: Problem, position: Record) -> None:
    """``position`` could be the real deal for all the problem's seat has seen: only hidden cards
    moved (the other hands and the stock draws it did not see), every hand is its size, and a
    seat known to be out of a suit (of trump, in ten-point) holds none of it."""
    hand = problem.hand()
    original = problem.record
    me = problem.seat
    for key in ("ruleset", "dealer", "bids", "trump", "bury", "plays"):
        assert position.get(key) == original.get(key), (problem.id, key)
    assert position["hands"][me] == original["hands"][me], problem.id
    everything = [c for h in position["hands"] for c in h] + list(position.get("stock", []))
    before = [c for h in original["hands"] for c in h] + list(original.get("stock", []))
    assert Counter(everything) == Counter(before), problem.id
    for i in _own_draws(hand, me):
        assert position["stock"][i] == original["stock"][i], (problem.id, i)
    replayed = from_record(position)
    for s in range(hand.rules.players):
        assert len(replayed.hand_of(s)) == len(hand.hand_of(s)), (problem.id, s)
        assert replayed.buried_by(s) == hand.buried_by(s), (problem.id, s)
    assert replayed.view(me).drawn == hand.view(me).drawn, problem.id
    trump = hand.trump
    if problem.ruleset == "ten-point" and trump is not None:
        for s in Late(problem).out:
            assert not replayed.playable(s), (problem.id, s)
    elif trump is not None:
        for s, suits in shown_out(hand).items():
            assert not any(c.suit in suits for c in replayed.hand_of(s)), (problem.id, s, suits)


def assert_lines_start_right(problem: Problem, found: Punishment) -> None:
    """Each line is the chosen deal, then its answer, then a finished hand."""
    before = found.position
    for line in (found.wrong, found.answer):
        record = line.record
        assert [sorted(h) for h in record["hands"]] == [sorted(h) for h in before["hands"]]
        assert record.get("stock") == before.get("stock")
        if problem.kind == "card":
            done = list(before.get("plays", []))
            assert record["plays"][: len(done) + 1] == [*done, line.answer]
        elif problem.kind == "bid":
            done = list(before.get("bids", []))
            assert str(record["bids"][len(done)]) == line.answer
        else:
            assert record["trump"] == line.answer
        assert from_record(record).is_over


# ------------------------------------------------------------------ a position worked by hand


def test_the_joker_led_into_the_off_jack_worked_by_hand() -> None:
    """ten-point-0-17: spades are trump; seat 1 leads with the 3, jack and a joker left, its side
    has 1 point; the only trump it has not seen is the off-jack (J♣), held by its partner
    (seat 3) or by seat 0, the only opponent still holding trump. Led, the jack beats the off-jack
    wherever it is: 1 + J♠ + J♣ + joker + 3 = 7. The joker ranks below the off-jack: with J♣ at
    seat 0, the joker is taken (J♣ and the joker, 2 points, go to the other side) and seat 1 takes
    only its jack and 3 afterwards, 5 points; with J♣ at its partner it loses nothing. So the
    deal that punishes the joker has J♣ at seat 0, and the joker costs 2 there; the 3 led
    there is taken by J♣ too (4 points away), leaving 3."""
    problem = PROBLEMS["ten-point-0-17"]
    assert problem.answers == ("JS",)
    found = punish(problem, "JK")
    dealt = from_record(found.position)
    assert [c.code for c in dealt.playable(0)] == ["JC"]
    assert not dealt.playable(3) and not dealt.playable(2)
    assert found.exact
    assert found.answer.answer == "JS"
    assert (found.wrong.points, found.answer.points, found.cost) == (5, 7, 2)
    played = found.wrong.record["plays"][len(problem.record["plays"]) :]
    assert played[:2] == ["JK", "JC"] and sorted(played[2:]) == ["3S", "JS"]
    low = punish(problem, "3S")
    assert [c.code for c in from_record(low.position).playable(0)] == ["JC"]
    assert (low.wrong.points, low.answer.points, low.cost) == (3, 7, 4)
    assert_fits(problem, found.position)
    assert_lines_start_right(problem, found)


def test_the_same_seed_gives_the_same_deal_and_bad_answers_are_refused() -> None:
    problem = PROBLEMS["ten-point-0-17"]
    assert punish(problem, "JK", seed=3) == punish(problem, "JK", seed=3)
    with pytest.raises(PitchError, match="accepted"):
        punish(problem, "JS")
    with pytest.raises(PitchError, match="not an answer"):
        punish(problem, "9H")


# ------------------------------------------------------------------ every wrong card, counted again


def _late_problems() -> list[Problem]:
    """Ten-point card problems late enough for the plain search (two tricks played or more,
    the stock not run short), spread over the set."""
    found = []
    for p in PROBLEMS.values():
        if p.ruleset != "ten-point" or p.kind != "card":
            continue
        view = p.hand().view(p.seat)
        if view.drawn is not None and sum(view.drawn) < 18 and len(view.tricks) >= 2:
            found.append(p)
    return found[:: max(1, len(found) // 16)][:16]


def test_the_sample_is_large_enough() -> None:
    assert len(_late_problems()) >= 12


@pytest.mark.parametrize("problem", _late_problems(), ids=lambda p: p.id)
def test_every_wrong_card_is_punished_on_a_layout_the_seat_cannot_rule_out(problem: Problem) -> None:
    """For every card not accepted: the deal fits what the seat saw; its layout is one of those
    the independent enumeration finds; there the wrong card scores less than the answer, by
    the most any consistent layout makes it lose, and both lines score what the independent
    search says perfect play brings."""
    late = Late(problem)
    layouts = late.layouts()
    key = {tuple(tuple(sorted(cards)) for _, cards in sorted(layout.items())) for layout, _ in layouts}
    for wrong in answers_at(problem.hand()):
        if wrong in problem.answers:
            continue
        found = punish(problem, wrong)
        assert_fits(problem, found.position)
        assert_lines_start_right(problem, found)
        dealt = from_record(found.position)
        layout = {s: [c.code for c in dealt.playable(s)] for s in range(4) if s != problem.seat}
        assert tuple(tuple(sorted(cards)) for _, cards in sorted(layout.items())) in key, (problem.id, wrong)
        assert found.answer.answer in problem.answers
        assert found.wrong.points == late.value(layout, wrong), (problem.id, wrong)
        assert found.answer.points == late.value(layout, found.answer.answer), (problem.id, wrong)
        assert found.cost > 0
        worst = max(
            max(late.value(lay, a) for a in problem.answers) - late.value(lay, wrong) for lay, _ in layouts
        )
        assert found.cost == worst, (problem.id, wrong)


def _sampled_problems() -> list[Problem]:
    """A few problems without an exact solver: follow-suit cards, bids, a trump."""
    rest = [p for p in PROBLEMS.values() if p.ruleset == "auction-pitch" or p.kind != "card"]
    picked: list[Problem] = []
    for kind, ruleset in (
        ("card", "auction-pitch"),
        ("bid", "auction-pitch"),
        ("bid", "ten-point"),
        ("trump", "ten-point"),
    ):
        picked.extend([p for p in rest if p.kind == kind and p.ruleset == ruleset][:2])
    return picked


@pytest.mark.slow
@pytest.mark.parametrize("problem", _sampled_problems(), ids=lambda p: p.id)
def test_a_sampled_problem_s_wrong_answer_is_punished_on_a_deal_that_fits(problem: Problem) -> None:
    wrong = problem.verdict.runner_up
    found = punish(problem, wrong)
    assert not found.exact
    assert_fits(problem, found.position)
    assert_lines_start_right(problem, found)
    for line in (found.wrong, found.answer):
        assert net_points(from_record(line.record), problem.seat) == line.points
    assert found.answer.answer in problem.answers
    assert found.wrong.answer == wrong and found.cost > 0
