"""Hand-worked tests of the stuck dealer, either side reaching the target, the discarded two,
five new presets and two Rulings (three presets brought back to RULES.md, five new forms).

* the stuck dealer of ``auction-pitch`` and ``smudge`` bids *at least* 2 (and so may smudge);
* ``oklahoma`` and ``missouri-eleven``: either side reaching 52 wins, the bidding side if both;
* ``thirty-one``: a discarded two goes to the opponents with its point (see also
  ``test_variants_seats_and_draws.py``'s steal record, reworked for it);
* new presets: ``high-low-jack-8``, ``missouri-eleven-6``, ``simple-pitch``, ``auction-pitch-1``
  and ``all-fours``;
* the Rulings the sources leave open: a card buried face up cannot be called; a moon
  when the jack was never dealt needs only the points in play.

Every expected number was worked out by hand from RULES.md, trick by trick, in the comments;
none was copied from the engine. The records in ``tests/records/forms/`` are checked through
the Python API, through ``python -m pitchlab replay`` and by a round trip.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.engine.winning import winner_after
from tests.test_variants_seats_and_draws import after, bid_all, legal, refused, tricks

Record = dict[str, Any]
RECORDS = Path(__file__).resolve().parent / "records" / "forms"
VARIANTS = Path(__file__).resolve().parent / "records" / "variants"
ROOT = Path(__file__).resolve().parents[1]


def record(name: str, folder: Path = RECORDS) -> Record:
    data: Record = json.loads((folder / name).read_text())
    return data


def replay(name: str, **changes: Any) -> pl.Hand:
    return pl.from_record({**record(name), **changes})


# ------------------------------------------------------------------ worked hands
#
# smudge-stuck-dealer-smudges.json (smudge; dealer 3; seats each for themself)
#   seat 0: AH KH QH 9D 8D 7D     seat 1: AD KD QD 9C 8C 7C
#   seat 2: AC KC QC 9H 8H 7H     seat 3: AS KS QS JS TS 2S (every spade dealt)
#   Bids from seat 0: pass, pass, pass; the dealer is stuck and bids 4 (RULES.md: at least 2).
#   Nobody else holds a spade, so on each spade lead the others play anything:
#   T1 3 AS; 0 AH, 1 AD, 2 AC -> seat 3 (game 4 x 4 = 16)
#   T2 3 KS; 0 KH, 1 KD, 2 KC -> seat 3 (12)     T3 3 QS; QH QD QC -> seat 3 (8)
#   T4 3 JS; 0 9D, 1 9C, 2 9H -> seat 3 (1)      T5 3 TS; 8D 8C 8H -> seat 3 (10)
#   T6 3 2S; 0 7D, 1 7C, 2 7H -> seat 3 (0)      game points [0, 0, 0, 47]
#   High AS and Low 2S held by 3, Jack JS captured by 3, Game 3: [0, 0, 0, 4]; bid 4 made:
#   a smudge, which wins the game at once unless seat 3 was below zero.
#
# auction-pitch-1-dealer-outbids.json: the same deal under auction-pitch-1. Bids from seat 0:
#   1, seat 1 2 (higher), seat 2 pass, the dealer 4 (it may not match 2, only go higher).
#   The same play: [0, 0, 0, 4], made; no instant win (auction-pitch-1 has none).
# auction-pitch-1-all-pass.json: the same deal, everyone passes, the dealer too: the deal
#   is void and the same dealer deals again.
#
# all-fours-count-out.json (dealer 0; partners 0+2 against 1+3)
#   seat 0: KH 2H TS 9S 4C 3C     seat 1: AH 5H 8S 7S 6D 5D
#   seat 2: JH 4H QS JS 7C 6C     seat 3: 3H TD 9D 8D 2C 5C
#   Bids from seat 1: 2, pass, pass, the dealer takes it at 2. Seat 0 pitches KH: hearts.
#   T1 0 KH; 1 5H, 2 4H, 3 3H (trump led, trump followed) -> KH, seat 0 (game K 3)
#   T2 0 2H; 1 AH, 2 JH, 3 2C (no trump) -> AH, seat 1 (A 4 + J 1)
#   T3 1 8S; 2 QS, 3 5C (no spade, no trump), 0 TS -> QS, seat 2 (Q 2 + T 10)
#   T4 2 JS; 3 TD, 0 9S, 1 7S -> JS, seat 2 (J 1 + T 10)
#   T5 2 7C; 3 9D (no club), 0 4C, 1 6D -> 7C, seat 2 (0)
#   T6 2 6C; 3 8D, 0 3C, 1 5D -> 6C, seat 2 (0)
#   Game points: team 0 3 + 12 + 11 = 26, team 1 5. High AH held by seat 1 -> team 1;
#   Low 2H held by seat 0 -> team 0; Jack JH captured by seat 1 -> team 1; Game -> team 0.
#   Points [2, 2]; team 0 bid 2, took 2: made, [2, 2]. Count-out order: High (1), Low (0),
#   Jack (1), Game (0).
#
# simple-pitch-game-tie.json (dealer 3: seat 0 is eldest hand and pitches; no bids)
#   seat 0: AD 3D KS 9H 8C 7C     seat 1: 2D QD JH 5S 4C 6H
#   seat 2: JD TD AS 8H 2C 9S     seat 3: 5D KC QC TC 3S 7H
#   T1 0 AD (diamonds trump); 1 2D, 2 TD, 3 5D (trump followed) -> AD, seat 0 (A 4 + T 10)
#   T2 0 3D; 1 QD, 2 JD, 3 3S (no trump left) -> QD, seat 1 (Q 2 + J 1)
#   T3 1 JH; 2 8H, 3 7H, 0 9H -> JH, seat 1 (J 1)
#   T4 1 6H; 2 2C, 3 TC, 0 8C (no heart, no trump) -> 6H, seat 1 (T 10)
#   T5 1 5S; 2 AS, 3 QC (no spade), 0 KS -> AS, seat 2 (A 4 + Q 2 + K 3)
#   T6 2 9S; 3 KC, 0 7C, 1 4C -> 9S, seat 2 (K 3)
#   Game points [14, 14, 12, 0]: seats 0 and 1 tie, so nobody scores Game.
#   High AD held by 0, Low 2D held by 1, Jack JD captured by 1: [1, 2, 0, 0]. Nobody is
#   set: score change [1, 2, 0, 0]. Count-out order: High (0), Low (1), Jack (1).
#
# high-low-jack-8-made.json (dealer 7; eight seats, team of seat s = s mod 4; no threes)
#   0: 2C KH 9H AS KS QS   1: TC AH 8H JS TS 9S   2: 9C 7H 6H 8S 7S 6S   3: AC KC QC JC 5H 4H
#   4: 8C 2H 5S 4S 2S AD   5: 7C KD QD JD TD 9D   6: 6C 8D 7D 6D 5D 4D   7: 5C 4C 2D QH JH TH
#   All 48 cards are dealt. Bids from seat 0: 2, pass, pass, seat 3 3, pass, pass, pass, and
#   the dealer passes. Seat 3 pitches AC: clubs.
#   T1 3 AC; 4 8C, 5 7C, 6 6C, 7 4C, 0 2C, 1 TC, 2 9C (every other club) -> AC, seat 3 (A 4 + T 10)
#   T2 3 KC; 4 2S, 5 9D, 6 4D, 7 5C (its last trump, so it must), 0 QS, 1 9S, 2 6S -> seat 3 (K 3 + Q 2)
#   T3 3 QC; 4 4S, 5 JD, 6 5D, 7 2D, 0 KS, 1 JS, 2 7S -> seat 3 (Q 2 + J 1 + K 3 + J 1)
#   T4 3 JC; 4 5S, 5 QD, 6 6D, 7 JH, 0 AS, 1 8H, 2 8S -> seat 3 (J 1 + Q 2 + J 1 + A 4)
#   T5 3 5H (plain); 4 2H, 5 TD (no heart), 6 7D (no heart), 7 TH, 0 KH, 1 AH, 2 6H -> AH,
#      seat 1 (T 10 + T 10 + K 3 + A 4)
#   T6 1 TS; 2 7H, 3 4H, 4 AD, 5 KD, 6 8D, 7 QH, 0 9H (nobody else has a spade) -> seat 1
#      (T 10 + A 4 + K 3 + Q 2)
#   Game points: team 3 (seats 3, 7) 14 + 5 + 7 + 8 = 34; team 1 (seats 1, 5) 27 + 19 = 46;
#   teams 0 and 2 none (80 in all). High AC, Low 2C (T1) and Jack JC captured by seat 3 ->
#   team 3; Game -> team 1. Points [0, 1, 0, 3]; team 3 bid 3, took 3: made, [0, 1, 0, 3].
#
# missouri-eleven-6-made.json (dealer 5; six seats, team of seat s = s mod 3; 54 cards, none left)
#   0: TS 3S AH KH QH JH TH 9H 8H      1: JKL 9S AC 7H 6H 5H 4H 3H 2H
#   2: AS KS QS JS JKH 4S 2S 2C AD     3: JC 8S KD QD JD TD 9D 8D 7D
#   4: 7S 6S 6D 5D 4D 3D 2D KC QC      5: 5S TC 9C 8C 7C 6C 5C 4C 3C
#   Bids from seat 0: 5, pass, seat 2 6, pass, pass, the dealer passes. Seat 2 names spades:
#   trump A, AC (off-ace), K, Q, J, JC (off-jack), JKH, JKL, T ... 2.
#   Each player discards three: its plain cards go, nobody draws (there is no stock); seat 2
#   holds seven trump and lays one face up, 4S (no points; to the first trick's winner), so
#   its three discards are 2C, AD and 4S. drawn = [0] * 6.
#   Trump: 0 TS 3S  1 JKL 9S AC  2 AS KS QS JS JKH 2S  3 JC 8S  4 7S 6S  5 5S
#   T1 2 AS; 3 8S, 4 6S, 5 5S, 0 TS, 1 9S -> AS, seat 2 (A 1 + T 1; the buried 4S: 0)
#   T2 2 KS; 3 JC, 4 7S, (5 is out), 0 3S, 1 AC -> the off-ace, seat 1 (JC 1 + 3S 3 + AC 1)
#   T3 1 JKL; 2 QS (everyone else is out) -> QS, seat 2 (JKL 1)
#   T4-T6 seat 2 alone: JS (1), JKH (1), 2S (its own two: 1)
#   Team 2: 2 + 1 + 1 + 1 + 1 = 6; team 1: 5; team 0: 0 (11 in all). Team 2 bid 6: made,
#   [0, 5, 6].

EXPECTED: dict[str, Record] = {
    "smudge-stuck-dealer-smudges.json": {
        "bidder": 3,
        "bid": 4,
        "trump": "S",
        "tricks": tricks(
            (3, "AS AH AD AC", 3),
            (3, "KS KH KD KC", 3),
            (3, "QS QH QD QC", 3),
            (3, "JS 9D 9C 9H", 3),
            (3, "TS 8D 8C 8H", 3),
            (3, "2S 7D 7C 7H", 3),
        ),
        "points": [0, 0, 0, 4],
        "made": True,
        "score_change": [0, 0, 0, 4],
        "awards": {"high": 3, "low": 3, "game": 3},
        "game_points": [0, 0, 0, 47],
    },
    "auction-pitch-1-dealer-outbids.json": {
        "bidder": 3,
        "bid": 4,
        "trump": "S",
        "points": [0, 0, 0, 4],
        "made": True,
        "score_change": [0, 0, 0, 4],
        "awards": {"high": 3, "low": 3, "game": 3},
    },
    "all-fours-count-out.json": {
        "bidder": 0,
        "bid": 2,
        "trump": "H",
        "tricks": tricks(
            (0, "KH 5H 4H 3H", 0),
            (0, "2H AH JH 2C", 1),
            (1, "8S QS 5C TS", 2),
            (2, "JS TD 9S 7S", 2),
            (2, "7C 9D 4C 6D", 2),
            (2, "6C 8D 3C 5D", 2),
        ),
        "points": [2, 2],
        "made": True,
        "score_change": [2, 2],
        "awards": {"high": 1, "low": 0, "game": 0},
        "game_points": [26, 5],
    },
    "simple-pitch-game-tie.json": {
        "bidder": 0,
        "bid": 0,
        "trump": "D",
        "tricks": tricks(
            (0, "AD 2D TD 5D", 0),
            (0, "3D QD JD 3S", 1),
            (1, "JH 8H 7H 9H", 1),
            (1, "6H 2C TC 8C", 1),
            (1, "5S AS QC KS", 2),
            (2, "9S KC 7C 4C", 2),
        ),
        "points": [1, 2, 0, 0],
        "made": True,
        "score_change": [1, 2, 0, 0],
        "awards": {"high": 0, "low": 1, "game": None},
        "game_points": [14, 14, 12, 0],
    },
    "high-low-jack-8-made.json": {
        "bidder": 3,
        "bid": 3,
        "trump": "C",
        "drawn": [0] * 8,
        "tricks": tricks(
            (3, "AC 8C 7C 6C 4C 2C TC 9C", 3),
            (3, "KC 2S 9D 4D 5C QS 9S 6S", 3),
            (3, "QC 4S JD 5D 2D KS JS 7S", 3),
            (3, "JC 5S QD 6D JH AS 8H 8S", 3),
            (3, "5H 2H TD 7D TH KH AH 6H", 1),
            (1, "TS 7H 4H AD KD 8D QH 9H", 1),
        ),
        "points": [0, 1, 0, 3],
        "made": True,
        "score_change": [0, 1, 0, 3],
        "awards": {"high": 3, "low": 3, "game": 1},
        "game_points": [0, 46, 0, 34],
    },
    "missouri-eleven-6-made.json": {
        "bidder": 2,
        "bid": 6,
        "trump": "S",
        "drawn": [0] * 6,
        "buried": [[], [], ["4S"], [], [], []],
        "tricks": tricks(
            (2, "AS 8S 6S 5S TS 9S", 2),
            (2, "KS JC 7S 3S AC", 1),
            (1, "JKL QS", 2),
            (2, "JS", 2),
            (2, "JKH", 2),
            (2, "2S", 2),
        ),
        "points": [0, 5, 6],
        "made": True,
        "score_change": [0, 5, 6],
    },
}
VOID = {"auction-pitch-1-all-pass.json": "everyone passed"}
NEW_PRESETS = {"high-low-jack-8", "missouri-eleven-6", "simple-pitch", "auction-pitch-1", "all-fours"}


def test_every_record_is_worked_out_and_every_new_preset_has_one() -> None:
    assert sorted(p.name for p in RECORDS.glob("*.json")) == sorted([*EXPECTED, *VOID])
    assert {record(name)["ruleset"] for name in [*EXPECTED, *VOID]} >= NEW_PRESETS
    assert set(pl.ruleset_names()) >= NEW_PRESETS


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_replays_to_the_hand_worked_summary(name: str) -> None:
    summary = pl.summary(pl.loads((RECORDS / name).read_text()))
    assert summary["complete"] is True
    assert {key: summary.get(key) for key in EXPECTED[name]} == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_result_is_the_hand_worked_score(name: str) -> None:
    want = EXPECTED[name]
    result = replay(name).result()
    assert (result.bidder, result.bid, result.trump.letter) == (want["bidder"], want["bid"], want["trump"])
    assert result.points == tuple(want["points"])
    assert result.made is want["made"]
    assert result.score_change == tuple(want["score_change"])


@pytest.mark.parametrize("name", sorted([*EXPECTED, *VOID]))
def test_record_round_trips(name: str) -> None:
    hand = replay(name)
    again = pl.from_record(json.loads(pl.dumps(hand)))
    assert pl.to_record(again) == pl.to_record(hand)
    assert pl.summary(again) == pl.summary(hand)


def test_cli_replay_prints_the_hand_worked_summaries() -> None:
    names = sorted([*EXPECTED, *VOID])
    run = subprocess.run(
        [sys.executable, "-m", "pitchlab", "replay", *(str(RECORDS / n) for n in names)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(lines) == len(names)
    for name, line in zip(names, lines, strict=True):
        if name in VOID:
            assert line["complete"] is True
            assert VOID[name] in line["redeal"]
        else:
            assert {key: line.get(key) for key in EXPECTED[name]} == EXPECTED[name]


def test_cli_replay_refuses_a_three_in_the_eight_player_deck() -> None:
    data = record("high-low-jack-8-made.json")
    data["hands"][0] = ["3C", *data["hands"][0][1:]]
    run = subprocess.run(
        [sys.executable, "-m", "pitchlab", "replay", "-"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1
    assert "3C is not in the high-low-jack-8 deck" in run.stderr
    assert "Traceback" not in run.stderr


# ------------------------------------------------------ fix 1: the stuck dealer


def test_a_stuck_smudge_dealer_may_bid_four_and_smudge() -> None:
    hand = replay("smudge-stuck-dealer-smudges.json", bids=["pass"] * 3, plays=[])
    assert hand.to_act == 3
    assert legal(hand) == {2, 3, 4}
    refused(hand, pl.PASS, named=3, rule=r"must bid 2 or more")
    result = replay("smudge-stuck-dealer-smudges.json").result()
    rules = pl.ruleset("smudge")
    assert winner_after(rules, result, after(result, [0, 0, 0, 0])) == 3  # the smudge wins at once
    assert winner_after(rules, result, after(result, [0, 0, 0, -1])) is None  # not from the hole


def test_high_low_jack_keeps_the_minimum_for_a_stuck_dealer() -> None:
    with pytest.raises(pl.BadRecord) as info:
        replay("smudge-stuck-dealer-smudges.json", ruleset="high-low-jack")
    assert info.value.where == "bids[3]"
    assert "must bid 2" in str(info.value)


# ----------------------------------------- fix 2: either side at 52 wins


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # the six-player hand: [0, 5, 6], team 2 bidding
        ([40, 47, 40], 1),  # [40, 52, 46]: a side that did not bid reaches 52 and wins
        ([40, 47, 46], 2),  # [40, 52, 52]: two sides reach it, the bidding side wins
        ([40, 40, 40], None),  # [40, 45, 46]
        ([52, 47, 48], 2),  # [52, 52, 54]: three at 52 or more: the bidding side
    ],
)
def test_missouri_eleven_6_either_side_at_52_wins(before: list[int], winner: int | None) -> None:
    result = replay("missouri-eleven-6-made.json").result()
    assert winner_after(pl.ruleset("missouri-eleven-6"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # missouri-eleven-made.json, worked in test_variants_seats_and_draws.py: team 1 bid 6, [1, 10]
        ([51, 30], 0),  # [52, 40]: team 0 did not bid, and wins at 52
        ([51, 42], 1),  # [52, 52]: both, so the bidding side
        ([50, 41], None),  # [51, 51]
    ],
)
def test_missouri_eleven_either_side_at_52_wins(before: list[int], winner: int | None) -> None:
    result = pl.from_record(record("missouri-eleven-made.json", VARIANTS)).result()
    assert result.score_change == (1, 10)
    assert winner_after(pl.ruleset("missouri-eleven"), result, after(result, before)) == winner


# ------------------------------------------------------------ the new presets


def test_eight_player_deck_is_48_cards_with_no_threes_and_all_dealt() -> None:
    rules = pl.ruleset("high-low-jack-8")
    assert len(rules.deck) == 48
    assert not [c for c in rules.deck if c.code[0] == "3"]
    assert rules.teams == (0, 1, 2, 3, 0, 1, 2, 3)
    hand = pl.Hand.deal(rules, dealer=7, seed=4)
    assert [len(hand.hand_of(s)) for s in range(8)] == [6] * 8
    assert hand.stock_cards == ()
    assert pl.Card("3S") not in rules.trump_cards(pl.Suit.SPADES)


def test_missouri_eleven_6_discards_three_and_draws_nothing() -> None:
    hand = replay("missouri-eleven-6-made.json", bury=[], plays=[])
    assert (hand.phase, hand.to_act) == (pl.Phase.BURY, 2)
    assert hand.drawn == [0] * 6
    assert [len(hand.hand_of(s)) for s in range(6)] == [2, 3, 7, 2, 2, 1]
    refused(hand, pl.Bury(pl.Card("2C")), named=2, rule=r"only a trump in the seat's own hand")
    hand.apply(pl.Bury(pl.Card("4S")), seat=2)
    assert hand.phase is pl.Phase.PLAY
    thrown = {r.seat: {c.code for c in r.thrown} for r in hand.refills}
    assert thrown[2] | {c.code for c in hand.buried_by(2)} == {"2C", "AD", "4S"}  # three discards


def test_simple_pitch_has_no_auction_and_eldest_hand_pitches() -> None:
    hand = replay("simple-pitch-game-tie.json", plays=[])
    assert (hand.phase, hand.to_act, hand.bidder, hand.high_bid) == (pl.Phase.PLAY, 0, 0, 0)
    assert hand.legal_actions() == tuple(pl.Play(c) for c in hand.hand_of(0))
    refused(hand, pl.PASS, named=0, rule=r"play phase")
    with pytest.raises(pl.BadRecord) as info:
        replay("simple-pitch-game-tie.json", bids=["pass"])
    assert info.value.where == "bids[0]"


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # the game tie hand: +1 seat 0 (High), +2 seat 1 (Low, Jack); count-out High, Low, Jack
        ([6, 5, 0, 0], 0),  # both reach 7: High counts first, seat 0
        ([5, 6, 0, 0], 1),  # seat 0 only 6 after High; seat 1 reaches 7 with Low
        ([6, 4, 6, 6], 0),
        ([5, 4, 6, 6], None),
    ],
)
def test_simple_pitch_counts_out_high_low_jack_game(before: list[int], winner: int | None) -> None:
    result = replay("simple-pitch-game-tie.json").result()
    assert winner_after(pl.ruleset("simple-pitch"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # [2, 2]: High 1, Low 0, Jack 1, Game 0, strictly in that order
        ([9, 9], 1),  # High 10, Low 10, Jack 11: team 1, though team 0 bid and made
        ([10, 9], 0),  # High 10, Low 11: team 0
        ([8, 8], None),
    ],
)
def test_all_fours_counts_out_in_order_at_eleven(before: list[int], winner: int | None) -> None:
    result = replay("all-fours-count-out.json").result()
    assert winner_after(pl.ruleset("all-fours"), result, after(result, before)) == winner


def test_all_fours_set_side_loses_first_then_points_count_out() -> None:
    """The all-fours deal with the dealer bidding 3 over seat 1's 2, the same play: team 0
    took 2, set: [-3, 2]; from [12, 9] team 0 falls to 9, then team 1 counts High 10 and
    Jack 11 (team 0's Low and Game do not count): team 1 wins."""
    result = replay("all-fours-count-out.json", bids=[2, "pass", "pass", 3]).result()
    assert (result.bidder, result.made, result.score_change) == (0, False, (-3, 2))
    assert winner_after(pl.ruleset("all-fours"), result, after(result, [12, 9])) == 1


def test_auction_pitch_1_bids_from_one_and_the_dealer_must_outbid() -> None:
    hand = replay("auction-pitch-1-dealer-outbids.json", bids=[], plays=[])
    assert legal(hand) == {"pass", 1, 2, 3, 4}
    bid_all(hand, 1, 2, None)
    assert legal(hand) == {"pass", 3, 4}
    refused(hand, pl.Bid(2), named=3, rule=r"higher")
    result = replay("auction-pitch-1-dealer-outbids.json").result()
    rules = pl.ruleset("auction-pitch-1")
    assert winner_after(rules, result, after(result, [0, 0, 0, 0])) is None  # a made 4 wins nothing more
    assert winner_after(rules, result, after(result, [0, 0, 0, 3])) == 3


def test_auction_pitch_1_all_pass_is_dealt_again_by_the_same_dealer() -> None:
    hand = replay("auction-pitch-1-all-pass.json", bids=["pass"] * 3)
    assert legal(hand) == {"pass", 1, 2, 3, 4}  # the dealer may pass too
    hand = replay("auction-pitch-1-all-pass.json")
    assert hand.is_over
    assert hand.redeal is not None
    with pytest.raises(pl.PitchError):
        hand.result()
    game = pl.Game(pl.ruleset("auction-pitch-1"), first_dealer=3, seed=2)
    while game.hand.phase is pl.Phase.BID:
        game.apply(pl.PASS)
    assert game.hand.redeal is not None
    assert game.next_hand().dealer == 3
    assert game.scores == [0, 0, 0, 0]


# ------------------------------------------------- fix 3: thirty-one's two


def test_the_thirty_one_bot_keeps_the_two_out_of_the_bury() -> None:
    """thirty-one-steal.json at the bury: seat 3 holds AH JH JD JKH JKL TH 3H 2H. The two
    would score for the opponents if buried, so the bot buries other trump."""
    data = record("thirty-one-steal.json", VARIANTS)
    data.pop("plays")
    data["bury"] = [[], [], [], []]
    hand = pl.from_record(data)
    bot = pl.RuleBasedPlayer()
    for _ in range(2):
        assert (hand.phase, hand.to_act) == (pl.Phase.BURY, 3)
        action = bot.decide(hand.view(3)).action
        assert action == pl.Bury(hand.rules.deck[bot.code(hand)])  # the fast path agrees
        assert action != pl.Bury(pl.Card("2H"))
        hand.apply(action)
    assert pl.Card("2H") in hand.playable(3)


# ---------------------------------------------------------------- the Rulings


def test_a_card_buried_face_up_cannot_be_called() -> None:
    """razzle-dazzle-set.json: the bidder, seat 3, buried 9S and 7S face up; a call on either
    is refused (Ruling), QS is still fine."""
    data = record("razzle-dazzle-set.json", VARIANTS)
    data.pop("call")
    data.pop("plays")
    hand = pl.from_record(data)
    assert (hand.phase, hand.to_act) == (pl.Phase.CALL, 3)
    called = {a.card.code for a in hand.legal_actions() if isinstance(a, pl.Call)}
    assert {"9S", "7S"} & called == set()
    assert "QS" in called
    refused(hand, pl.Call(pl.Card("9S")), named=3, rule=r"buried face up by seat 3")
    with pytest.raises(pl.BadRecord) as info:
        pl.from_record({**data, "call": "7S"})
    assert info.value.where == "call"


def test_a_moon_when_the_jack_was_never_dealt_needs_only_the_points_in_play() -> None:
    """draw-pitch-moon.json with JH and 9H swapped: seat 0 holds 9H, JH lies undrawn in the
    stock. T4 becomes 0 9H; 1 QS, 2 JD, 3 8S -> 9H, seat 0 (Q 2 + J 1). Team 0 still wins
    every trick: High AH, Low 2H, Game (55 to 0), no Jack in play: 3 points, every point in
    play, so the moon is made (Ruling) and wins the game."""
    data = record("draw-pitch-moon.json", VARIANTS)
    data["hands"][0] = ["9H" if c == "JH" else c for c in data["hands"][0]]
    data["stock"] = ["JH" if c == "9H" else c for c in data["stock"]]
    data["plays"] = ["9H" if c == "JH" else c for c in data["plays"]]
    hand = pl.from_record(data)
    result = hand.result()
    assert [t.winner for t in hand.tricks] == [0, 0, 0, 0, 0, 2]
    assert result.points == (3, 0)
    assert hand.game_points() == [55, 0]
    assert result.made is True
    assert result.score_change == (3, 0)
    assert winner_after(pl.ruleset("draw-pitch"), result, [3, 0]) == 0


# ------------------------------------------- everywhere a ruleset appears


@pytest.mark.parametrize("name", sorted(NEW_PRESETS))
def test_a_game_is_played_through_the_session_and_saved_and_restored(name: str) -> None:
    """The app's engine room (pitchlab.ui.session.Table), no browser: the learner at seat 0
    plays its first legal action each time, bots play the rest, for whole hands; the
    table picture draws every seat; a saved game restores to the same place."""
    from pitchlab.ui import drawing
    from pitchlab.ui.session import Table

    rules = pl.ruleset(name)
    table = Table(rules=rules, seed=9)
    for _ in range(3):
        while not table.hand.is_over:
            if table.human_to_act:
                assert table.act(table.legal()[0])
            else:
                table.advance()
        hand = table.hand
        svg = drawing.table_svg(
            [table.name(s) for s in range(rules.players)],
            dealer=hand.dealer,
            bids=[""] * rules.players,
            hand_sizes=[len(hand.hand_of(s)) for s in range(rules.players)],
            teams=rules.teams,
        )
        assert svg.count("<rect") >= rules.players + 1
        saved = table.saved_game()
        again = Table(rules=rules, seed=1)
        again.restore_game(saved)
        # a sealed save differs each time it is made (a fresh nonce): compare the games inside
        assert pl.dumps_game(again.game) == pl.dumps_game(table.game)
        if table.game.winner is not None or not table.new_hand():
            break


@pytest.mark.parametrize("name", sorted(NEW_PRESETS))
def test_the_tutorial_trick_by_trick_page_and_the_points_table_take_the_new_presets(name: str) -> None:
    from pitchlab.lessons.tutorial import common, the_play
    from pitchlab.ui import drawing

    choice = common.RulesetChoice(the_play.TrickByTrick, seed=13, ladder=True, ruleset=name)
    page = choice.page
    assert isinstance(page, the_play.TrickByTrick)
    assert page.hand.rules.name == name
    for _ in range(200):
        if page.hand.is_over:
            break
        if page.my_turn:
            page.pick(page.legal()[0])
        else:
            page.advance()
    assert page.hand.is_over
    rules = pl.ruleset(name)
    table = drawing.points_table(pl.Suit.CLUBS, rules)
    assert f'data-total="{rules.total_points}"' in table
    ladder = re.search(r'data-cards="([^"]*)"', drawing.ladder_html(pl.Suit.CLUBS, rules))
    assert ladder is not None
    assert ladder.group(1).split() == [c.code for c in rules.trump_cards(pl.Suit.CLUBS)]
    assert ("3C" in ladder.group(1).split()) == (name != "high-low-jack-8")


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("auction-pitch", "2, 3 or 4"),
        ("smudge", "stuck dealer may smudge"),
        ("oklahoma", "either side reaching 52 wins"),
        ("missouri-eleven", "either side reaching it wins"),
        ("thirty-one", "a discarded two scores for the opponents"),
        ("call-partner", "card buried face up may not be called"),
        ("razzle-dazzle", "never a card buried face up"),
        ("draw-pitch", "jack of trump was never dealt"),
        ("draw-pitch", "made moon wins the game at once"),
        ("missouri-eleven-6", "reading taken"),
        ("simple-pitch", "Readings taken"),
        ("auction-pitch-1", "Reading taken"),
        ("all-fours", "reading taken"),
    ],
)
def test_each_reading_and_ruling_is_written_in_the_description(name: str, words: str) -> None:
    assert words in " ".join(pl.ruleset(name).description.split())


def test_pages_say_what_a_stuck_dealer_may_do() -> None:
    assert pl.ruleset("ten-point").stuck_dealer_words == "must bid 4"
    assert pl.ruleset("auction-pitch").stuck_dealer_words == "must bid 2 or more"
    assert pl.ruleset("high-low-jack").stuck_dealer_words == "must bid 2"
    assert pl.ruleset("auction-pitch-1").stuck_dealer_words.startswith("may pass too")


def test_without_an_auction_the_table_says_who_pitched_not_a_bid_of_0() -> None:
    from pitchlab.lessons.tutorial.common import result_line
    from pitchlab.ui.session import contract_text

    rules = pl.ruleset("simple-pitch")
    result = replay("simple-pitch-game-tie.json").result()
    assert contract_text("You", result, rules) == "You pitched"
    assert "bid of 0" not in result_line(result, 0, rules)
    made = replay("all-fours-count-out.json").result()
    assert contract_text("You", made, pl.ruleset("all-fours")) == "You made the bid of 2"


@pytest.mark.parametrize("name", sorted(NEW_PRESETS))
def test_deal_and_simulate_take_the_new_presets(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_cli import run_main

    dealt = run_main(["deal", "--ruleset", name, "--seed", "5"], capsys)
    assert dealt.status == 0 and not dealt.err
    hand = pl.loads(dealt.out)
    assert hand.rules.name == name and hand.is_over
    simulated = run_main(["simulate", "--ruleset", name, "--hands", "12", "--json"], capsys)
    assert simulated.status == 0 and not simulated.err
    assert json.loads(simulated.out)["ruleset"] == name


@pytest.mark.parametrize(("scores", "winner"), [([51, 30], 0), ([51, 42], 1), ([40, 30], None)])
def test_the_game_applies_either_side_at_52(scores: list[int], winner: int | None) -> None:
    """pitchlab.engine.game.Game scoring missouri-eleven-made.json ([1, 10], team 1 bidding) from
    ``scores``: a side that did not bid wins at 52, and the bidding side when both reach it."""
    game = pl.Game(pl.ruleset("missouri-eleven"), seed=1)
    game.scores = scores[:]
    game.hand = pl.from_record(record("missouri-eleven-made.json", VARIANTS))
    game.score_if_over()
    assert game.scores == after(game.history[-1].result, scores)
    assert game.winner == winner
