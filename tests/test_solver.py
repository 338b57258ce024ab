"""The double-dummy solver: equal to plain minimax through the engine, consistent with its own
best line, worked by hand on a small ending, and on the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchlab as pl
from pitchlab import cli
from pitchlab.bots import solver
from tests.budget import examples

BOT = pl.RuleBasedPlayer()


def held_masks(hand: pl.Hand) -> list[int]:
    """Every seat's playable cards as slot masks, as the solver takes them."""
    return [hand.held_mask(seat) for seat in range(hand.rules.players)]


def minimax(hand: pl.Hand) -> int:
    """Team 0's final points under best play, by trying every legal card through the engine itself."""
    if hand.is_over:
        return hand.points_by_team()[0]
    team = hand.rules.teams[hand.to_act]  # type: ignore[index]
    outcomes = []
    for code in hand.legal_codes():
        child = hand.copy()
        child.step(code)
        outcomes.append(minimax(child))
    return max(outcomes) if team == 0 else min(outcomes)


def position(seed: int, plays: int, random_play: bool = False) -> pl.Hand:
    """A seeded deal, bid and refilled by the bots, then ``plays`` cards into the play phase
    (by the bots, or at random, so odd positions turn up too)."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(dealer=seed % 4, seed=rng)
    while hand.phase is not pl.Phase.PLAY:
        hand.step(BOT.code(hand))
    for _ in range(plays):
        if hand.is_over:
            break
        codes = hand.legal_codes()
        hand.step(codes[rng.randrange(len(codes))] if random_play else BOT.code(hand))
    return hand


@settings(max_examples=examples(250), deadline=None)
@given(seed=st.integers(0, 10**9), plays=st.integers(9, 20), random_play=st.booleans())
def test_every_card_value_equals_plain_minimax(seed: int, plays: int, random_play: bool) -> None:
    hand = position(seed, plays, random_play)
    if hand.is_over:
        return
    solution = solver.solve(hand)
    assert set(solution.values) == set(hand.legal_codes())
    for code, points in solution.values.items():
        child = hand.copy()
        child.step(code)
        assert points[0] == minimax(child), (seed, plays, code)
        assert sum(points) == 10
    team = solution.team
    assert solution.points[team] == max(v[team] for v in solution.values.values())


@pytest.mark.parametrize("seed", range(12))
def test_playing_the_best_line_reaches_the_solved_points(seed: int) -> None:
    """From the first lead, both teams following the solver end exactly where it said."""
    hand = position(seed, 0)
    promised = solver.solve(hand).points
    while not hand.is_over:
        hand.step(solver.solve(hand).best()[0])
    assert tuple(hand.points_by_team()) == promised


def worked_deal() -> pl.Hand:
    """Hearts trump, dealer 0, seat 1 bids 4 and names hearts. Every trump is dealt:
    seat 1 AH KH QH JH JD TH, seat 2 JK JK 9H 8H 7H 6H, seat 3 5H 4H 3H 2H, seat 0 none;
    the other 38 cards are the non-trump. Seats 1 and 2 keep six and draw nothing, seat 3
    draws two dead cards, seat 0 six; the bidder's remainder holds no trump; nobody buries."""
    filler = [c for c in pl.CARDS[:52] if not pl.TEN_POINT.is_trump(c, pl.Suit.HEARTS)]
    trump = {0: "", 1: "AH KH QH JH JD TH", 2: "JK JK 9H 8H 7H 6H", 3: "5H 4H 3H 2H"}
    hands = []
    for seat in range(4):
        cards = pl.parse_cards(trump[seat]) if trump[seat] else []
        hands.append(cards + [filler.pop() for _ in range(9 - len(cards))])
    hand = pl.Hand.from_cards(pl.TEN_POINT, 0, hands, filler)
    for action in (pl.Bid(4), pl.PASS, pl.PASS, pl.PASS, pl.NameTrump(pl.Suit.HEARTS)):
        hand.apply(action)
    assert hand.phase is pl.Phase.PLAY and hand.to_act == 1
    return hand


def test_an_ending_worked_by_hand() -> None:
    """In :func:`worked_deal`, seat 1 (team 1) leads. Seat 2's only way to score is a joker
    over seat 1's ten: every other card of seat 1 outranks both jokers, and seat 2 keeps its
    jokers for last, so whenever the ten is played (first, last or between) seat 2 takes the
    ten and a joker: 2 points for team 0, and no more, since seat 2 must give up its other
    joker when it runs out of low trump and seat 3 plays the three only under its partner's
    winners. The two is seat 3's (team 1). So every lead is worth [2, 8]."""
    hand = worked_deal()
    solution = solver.solve(hand)
    assert solution.to_act == 1 and solution.team == 1
    assert solution.points == (2, 8)
    leads = {hand.rules.deck[code].code for code in solution.values}
    assert leads == {"AH", "KH", "QH", "JH", "JD", "TH"}
    assert set(solution.values.values()) == {(2, 8)}


def test_the_value_of_each_card_counts_what_is_already_taken() -> None:
    """After the first trick of :func:`worked_deal` (AH, 6H, 5H: team 1 takes the ace, 1
    point), the values still end at [2, 8]: points already taken are part of the answer."""
    hand = worked_deal()
    for code in ("AH", "6H", "5H"):
        hand.apply(pl.Play(pl.parse_card(code)))
    assert hand.points_by_team() == [0, 2]  # the ace, and the two held by seat 3
    assert solver.solve(hand).points == (2, 8)


def test_the_solver_refuses_a_hand_outside_the_play_phase() -> None:
    with pytest.raises(pl.PitchError, match="play phase"):
        solver.solve(pl.Hand.deal(seed=1))


def record_at(seed: int, plays: int, tmp_path: Path) -> Path:
    hand = position(seed, plays)
    path = tmp_path / f"position-{seed}-{plays}.json"
    path.write_text(pl.dumps(hand), encoding="utf-8")
    return path


def test_solve_on_the_command_line_prints_points_to_act_and_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = record_at(4, 5, tmp_path)
    assert cli.main(["solve", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    hand = pl.loads(path.read_text(encoding="utf-8"))
    expected = solver.solve(hand)
    assert report["to_act"] == hand.to_act == expected.to_act
    assert report["points"] == list(expected.points)
    legal = {hand.rules.deck[code].code for code in hand.legal_codes()}
    assert set(report["values"]) == legal
    for code, points in report["values"].items():
        child = hand.copy()
        child.apply(pl.Play(pl.parse_card(code)))
        assert points == [minimax_or_solve(child), 10 - minimax_or_solve(child)]


def minimax_or_solve(hand: pl.Hand) -> int:
    """Team 0's final points: the solver's, checked elsewhere against minimax (which is too slow this early)."""
    return hand.points_by_team()[0] if hand.is_over else solver.solve(hand).points[0]


@pytest.mark.parametrize(
    ("plays", "fragment"),
    [(None, "finished hand"), (-1, "bid phase")],
)
def test_solve_refuses_a_record_outside_the_play_phase(
    plays: int | None, fragment: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = pl.Hand.deal(seed=2)
    if plays is None:
        pl.play_hand(hand, [BOT] * 4)
    path = tmp_path / "record.json"
    path.write_text(pl.dumps(hand), encoding="utf-8")
    assert cli.main(["solve", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and fragment in captured.err


def test_solve_refuses_a_bad_record_as_replay_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "pitchlab-hand/1"}', encoding="utf-8")
    assert cli.main(["solve", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err and len(captured.err.splitlines()) == 1


@pytest.mark.parametrize("seed", range(20))
def test_points_taken_for_sure_match_the_hand_s_own_count(seed: int) -> None:
    """With the true holdings, what the solver counts as taken (captures, and the two for its
    holder's team) is what the hand itself says at every step of the play."""
    hand = position(seed, 0)
    while not hand.is_over:
        assert solver._taken(hand, held_masks(hand)) == hand.points_by_team()
        hand.step(BOT.code(hand))


def test_other_holdings_move_the_two_with_them() -> None:
    """Solving with the two moved to the other team's seat moves its point too."""
    hand = worked_deal()  # seat 3 (team 1) holds the 2H
    held = held_masks(hand)
    two = 1 << hand.rules.deck.index(pl.parse_card("2H"))
    six = 1 << hand.rules.deck.index(pl.parse_card("6H"))
    held[3] ^= two | six  # seat 3 gives up the two and takes the six ...
    held[2] ^= two | six  # ... from seat 2, which takes the two
    assert solver._taken(hand, held) == [1, 0]
    assert solver._taken(hand, held_masks(hand)) == [0, 1]


@pytest.mark.parametrize("seed", range(15))
def test_a_seat_s_view_with_the_true_hands_solves_like_the_hand(seed: int) -> None:
    """Rebuilt from what the seat to act sees plus the others' real trump, the position
    has the same value, card for card, at every step of a hand."""
    hand = position(seed, 0)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        others = {s: hand.playable(s) for s in range(4) if s != seat}
        from_view = solver.solve(solver.Position.of_view(hand.view(seat), others))
        truth = solver.solve(hand)
        deck = hand.rules.deck
        assert from_view.points == truth.points
        assert {deck[s]: v for s, v in from_view.values.items()} == {
            deck[s]: v for s, v in truth.values.items()
        }
        hand.step(BOT.code(hand))
