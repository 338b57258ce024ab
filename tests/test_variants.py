"""Hand-worked tests of the named variants (RULES.md, "Variants"): ``auction-pitch``,
``smudge``, ``high-low-jack``, ``thirteen-card`` and ``thirteen-point``.

Every expected number here was worked out by hand from the rules, trick by trick,
never copied from the engine; the working is in the comments. The complete hands
are hand records in ``tests/records/variants/`` and are checked three ways: the
Python API (``pl.loads`` / ``pl.summary`` / ``Hand.result``), the command line
(``python -m pitchlab replay``) and a record round trip.

What the five presets change, and where it is tested:

* first-lead trump (the bidder's first card sets trump, no naming phase):
  ``test_bidder_leads_any_card_and_its_suit_becomes_trump``, the record tests;
* follow-suit play: the ``test_*lead*`` tests on the follow deal;
* High and Low to the holder (auction-pitch, smudge) or to the capturer
  (high-low-jack, thirteen-card): the set deal in both rulesets;
* Jack not dealt, Game tie, Game over partners: the no-jack deal;
* bidding 2-4 (3-4 in thirteen-card), dealer match, stuck dealer: the bidding tests;
* the count-out at the target, smudge's instant win and its in-the-hole
  exception: the ``winner_after`` tests;
* thirteen-card's 13-card deal; thirteen-point's off-three (rank and 3 points).

Card codes: rank then suit, ``T`` is the ten. In auction-pitch and smudge every
seat is its own team (team of seat s = s); in high-low-jack and thirteen-card
seats 0 and 2 are team 0, seats 1 and 3 team 1.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.engine.winning import winner_after
from tests.helpers import assert_refused, play

Record = dict[str, Any]
RECORDS = Path(__file__).resolve().parent / "records" / "variants"
ROOT = Path(__file__).resolve().parents[1]
DECK_52 = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
"""The 52 standard cards, written out here (not taken from the engine)."""

# --------------------------------------------------------------------------- helpers


def record(name: str) -> Record:
    data: Record = json.loads((RECORDS / name).read_text())
    return data


def replay(name: str, plays: int | None = None, ruleset: str | None = None) -> pl.Hand:
    """The record's hand, replayed through its first ``plays`` cards (all if None),
    optionally under another ruleset (same deal, bids and plays)."""
    data = record(name)
    if plays is not None:
        data["plays"] = data["plays"][:plays]
    if ruleset is not None:
        data["ruleset"] = ruleset
    return pl.from_record(data)


def first_lead_deal(ruleset: str, dealer: int, hands: Sequence[str]) -> pl.Hand:
    """A first-lead deal: four six-card hands; the stock is every other card."""
    seats = [h.split() for h in hands]
    used = {c for h in seats for c in h}
    stock = [pl.Card(c) for c in DECK_52 if c not in used]
    return pl.Hand.from_cards(pl.ruleset(ruleset), dealer, [[pl.Card(c) for c in h] for h in seats], stock)


def bid_all(hand: pl.Hand, *values: int | None) -> None:
    """Bid in order from the dealer's left (``None`` is a pass), checking each seat's turn."""
    for i, value in enumerate(values):
        seat = (hand.dealer + 1 + i) % 4
        hand.apply(pl.PASS if value is None else pl.Bid(value), seat=seat)


def legal(hand: pl.Hand) -> set[str | int]:
    """The legal actions as codes (``"pass"``, ``3``, ``"AS"``), order-free."""
    found: set[str | int] = set()
    for action in hand.legal_actions():
        code = pl.action_code(action)
        assert not isinstance(code, list), "no discards in these rulesets"
        found.add(code)
    return found


def cards(text: str) -> set[str | int]:
    return set(text.split())


def tricks(*rows: tuple[int, str, int]) -> list[dict[str, Any]]:
    """Tricks as the replay summary writes them, from (leader, cards, winner)."""
    return [{"leader": lead, "cards": text.split(), "winner": win} for lead, text, win in rows]


def result_of(name: str, ruleset: str | None = None) -> pl.HandResult:
    hand = replay(name, ruleset=ruleset)
    assert hand.is_over
    return hand.result()


# ------------------------------------------------------------------ worked hands
#
# auction-pitch-set.json (dealer 3; seat 3 matches at 3 and is set)
#   seat 0: 2S TH QH 8D 7C 6C      seat 1: JS 4S AH 2D KC 3C
#   seat 2: 7S TD AD QC 5D 9C      seat 3: AS 3S KH 5H 9D 4C
#   Bids from seat 0: pass, 2, 3, and the dealer (3) takes it at 3.
#   T1 3 leads AS (spades trump); 0 2S, 1 4S, 2 7S (all must trump) -> 3 (A 4 game points)
#   T2 3 leads 3S; 0 6C (no spade), 1 JS (must trump), 2 9C -> JS, seat 1 (J 1)
#   T3 1 leads AH; 2 5D (no heart), 3 5H, 0 TH (both must follow) -> AH, seat 1 (A 4 + T 10)
#   T4 1 leads KC; 2 QC, 3 4C, 0 7C -> KC, seat 1 (K 3 + Q 2)
#   T5 1 leads 3C; 2 TD, 3 9D, 0 8D (no club left) -> 3C, seat 1 (T 10)
#   T6 1 leads 2D; 2 AD, 3 KH, 0 QH -> AD, seat 2 (A 4 + K 3 + Q 2)
#   Game points: seat 0 0, seat 1 1+14+5+10 = 30, seat 2 9, seat 3 4 (43 in all: two tens,
#   three aces, two kings, two queens, one jack).
#   auction-pitch: High AS dealt to 3 -> 3; Low 2S dealt to 0 -> 0 (though 3 captured it);
#   Jack JS captured by 1 -> 1; Game 30 -> 1. Points [1, 2, 0, 1].
#   Seat 3 took 1 < 3: set, [1, 2, 0, -3].
#
# high-low-jack-low-captured.json: the same deal, bids and plays under high-low-jack
#   (team 0 = seats 0, 2; team 1 = seats 1, 3). High AS captured by 3 -> team 1; Low 2S,
#   held by seat 0 (team 0) but captured by seat 3 in T1 -> team 1; Jack -> team 1;
#   Game: team 0 0+9 = 9, team 1 30+4 = 34 -> team 1. Points [0, 4]; seat 3 (team 1)
#   bid 3 and took 4: made, [0, 4].
#
# auction-pitch-stuck-made.json (dealer 1; all pass, the dealer bids 2, the least it may)
#   seat 0: AS TS AH KC 2S 3C      seat 1: 2D KD JD 9H 8H 7S
#   seat 2: KS QS TH 9C 8C 7C      seat 3: AD 6D 4H 3H 5C 4C
#   T1 1 leads 2D (diamonds trump); 2 7C, 3 AD, 0 3C -> AD, seat 3 (4)
#   T2 3 leads 6D; 0 2S, 1 JD (must trump), 2 8C -> JD, seat 1 (1)
#   T3 1 leads KD; 2 9C, 3 4C, 0 KC (no trump left anywhere) -> seat 1 (3 + 3)
#   T4 1 leads 7S; 2 QS (must follow), 3 5C (void), 0 AS -> AS, seat 0 (2 + 4)
#   T5 0 leads AH; 1 8H, 2 TH, 3 3H -> AH, seat 0 (4 + 10)
#   T6 0 leads TS; 1 9H, 2 KS, 3 4H -> KS, seat 2 (10 + 3)
#   Game points: seat 0 20, seat 1 7, seat 2 13, seat 3 4 (44 in all).
#   High AD held by 3 -> 3; Low 2D held by 1 -> 1; Jack JD captured by 1 -> 1;
#   Game -> 0. Points [1, 2, 0, 1]; seat 1 bid 2, took 2: made, [1, 2, 0, 1].
#
# auction-pitch-no-jack.json (dealer 2; seat 0 bids 2, the rest pass; JC is undealt)
#   seat 0: AC 2C 4H 5H 6D 7D      seat 1: 5C TH 3H 8D 9S 8S
#   seat 2: 2H 3D 4D 5S 6S 7S      seat 3: TD 9H 2D 2S 3S 4S
#   T1 0 leads AC (clubs trump); 1 5C (must trump), 2 5S, 3 2S -> seat 0 (4)
#   T2 0 leads 2C; 1 9S, 2 6S, 3 3S -> seat 0 (0)
#   T3 0 leads 4H; 1 TH, 2 2H, 3 9H -> TH, seat 1 (10)
#   T4 1 leads 8D; 2 4D, 3 TD, 0 6D -> TD, seat 3 (10)
#   T5 3 leads 2D; 0 7D, 1 3H (void), 2 3D -> 7D, seat 0 (0)
#   T6 0 leads 5H; 1 8S, 2 7S, 3 4S -> seat 0 (0)
#   Game points: seat 0 4, seat 1 10, seat 2 0, seat 3 10: seats 1 and 3 tie -> nobody.
#   High AC and Low 2C both held by 0; no Jack (JC not dealt). Points [2, 0, 0, 0]:
#   made, [2, 0, 0, 0]. Under high-low-jack: High and Low captured by seat 0 -> team 0;
#   Game: team 0 4+0 = 4, team 1 10+10 = 20 -> team 1. Points [2, 1], made, [2, 1].
#
# smudge-all-four.json (dealer 0; seat 1 bids 2, seat 2 bids 4, seats 3 and 0 pass)
#   seat 0: KH 5S 4S 3D QC 4D      seat 1: 3H 2C 3C QD KD TS
#   seat 2: AH JH TH 2H AC TC      seat 3: 5H 9S 8S 7D KC 6D
#   T1 2 leads AH (hearts trump); 3 5H, 0 KH, 1 3H -> seat 2
#   T2-T4 2 leads JH, TH, 2H; nobody else has a heart -> seat 2 each time
#   T5 2 leads AC; 3 KC, 0 QC (must follow), 1 KD (void) -> AC, seat 2
#   T6 2 leads TC; 3 6D, 0 4D, 1 TS -> TC, seat 2
#   Seat 2 wins every trick (all 52 game points): High AH, Low 2H, Jack JH, Game.
#   Points [0, 0, 4, 0], made, [0, 0, 4, 0]: a bid of 4 taking all four.
#
# thirteen-card-set.json (dealer 3; seat 0 bids 3, the rest pass; all 52 cards dealt)
#   seat 0: AS KS 9S  AC KC QC JC TC 9C 8C 7C 6C 5C
#   seat 1: 2S 6S 8S  AD KD QD JD TD 9D 8D 7D 6D 5D
#   seat 2: QS 3S  2H 3H 4H 5H 6H  4D 3D 2D  4C 3C 2C
#   seat 3: JS TS 7S 5S 4S  AH KH QH JH TH 9H 8H 7H
#   T1 0 leads AS (spades trump); 1 2S, 2 3S, 3 4S -> seat 0 (4)
#   T2 0 KS; 1 6S, 2 QS, 3 5S -> seat 0 (3 + 2)
#   T3 0 9S; 1 8S, 2 2H (no spade left), 3 JS -> JS, seat 3 (1)
#   T4 3 TS; 0 5C, 1 AD, 2 2C -> seat 3 (10 + 4)     T5 3 7S; 0 6C, 1 KD, 2 3C -> 3 (3)
#   T6-T13 3 leads AH KH QH JH TH 9H 8H 7H; seat 0 plays 7C..AC upward, seat 1 QD JD TD 9D
#   5D 6D 7D 8D, seat 2 follows 3H 4H 5H 6H then 2D 3D 4D 4C; no trump left -> seat 3 each.
#   T6 4+2, T7 3+1, T8 2+10, T9 1+10, T10 10+1, T11 2, T12 3, T13 4.
#   Game points: team 0 4+5 = 9, team 1 1+14+3+6+4+12+11+11+2+3+4 = 71 (80 in all).
#   High AS and Low 2S (held by seat 1, captured by seat 0 in T1) -> team 0; Jack -> team 1;
#   Game -> team 1. Points [2, 2]; team 0 bid 3, took 2: set, [-3, 2].
#
# thirteen-point-off-three.json (dealer 0; seat 1 bids 9, the rest pass; hearts trump)
#   Trump, high to low: AH KH QH JH JD JK JK TH 9H 8H 7H 6H 5H 4H 3H 3D 2H (17 cards).
#   Dealt trump: seat 0 QH JH JK 7H 5H 2H; seat 1 AH TH 3H; seat 2 KH JD 8H 6H 3D; seat 3 JK.
#   Stock: 9H 5D 4D 4H 2D AC ... (9H and 4H are the only trump in it).
#   Refill from seat 1: seat 1 keeps 3, draws 9H 5D 4D; seat 2 keeps 5 (3D is trump), draws
#   4H; seat 3 keeps 1, draws five dead cards; seat 0 keeps 6, draws none. The rest of the
#   stock holds no trump. drawn = [0, 3, 1, 5]; nobody holds more than 6 trump.
#   T1 1 AH, 2 4H, 3 JK, 0 5H -> AH, seat 1 (A 1 + JK 1)
#   T2 1 3H, 2 3D, (3 out), 0 2H -> 3H beats the off-three, seat 1 (3 + 3); 2H: its holder, seat 0
#   T3 1 TH, 2 8H, 0 7H -> seat 1 (T 1)
#   T4 1 9H, 2 6H, 0 JK -> JK, seat 0 (1)
#   T5 0 JH, (1 out), 2 KH -> KH, seat 2 (J 1)
#   T6 2 JD, 0 QH -> QH, seat 0 (off-jack 1)
#   Team 1: 2+6+1 = 9; team 0: 1 (the two) + 1 + 1 + 1 = 4; 13 in all. Bid 9, took 9: made.

EXPECTED: dict[str, Record] = {
    "auction-pitch-set.json": {
        "bidder": 3,
        "bid": 3,
        "trump": "S",
        "tricks": tricks(
            (3, "AS 2S 4S 7S", 3),
            (3, "3S 6C JS 9C", 1),
            (1, "AH 5D 5H TH", 1),
            (1, "KC QC 4C 7C", 1),
            (1, "3C TD 9D 8D", 1),
            (1, "2D AD KH QH", 2),
        ),
        "points": [1, 2, 0, 1],
        "made": False,
        "score_change": [1, 2, 0, -3],
        "awards": {"high": 3, "low": 0, "game": 1},
    },
    "high-low-jack-low-captured.json": {
        "bidder": 3,
        "bid": 3,
        "trump": "S",
        "tricks": tricks(
            (3, "AS 2S 4S 7S", 3),
            (3, "3S 6C JS 9C", 1),
            (1, "AH 5D 5H TH", 1),
            (1, "KC QC 4C 7C", 1),
            (1, "3C TD 9D 8D", 1),
            (1, "2D AD KH QH", 2),
        ),
        "points": [0, 4],
        "made": True,
        "score_change": [0, 4],
        "awards": {"high": 1, "low": 1, "game": 1},
    },
    "auction-pitch-stuck-made.json": {
        "bidder": 1,
        "bid": 2,
        "trump": "D",
        "tricks": tricks(
            (1, "2D 7C AD 3C", 3),
            (3, "6D 2S JD 8C", 1),
            (1, "KD 9C 4C KC", 1),
            (1, "7S QS 5C AS", 0),
            (0, "AH 8H TH 3H", 0),
            (0, "TS 9H KS 4H", 2),
        ),
        "points": [1, 2, 0, 1],
        "made": True,
        "score_change": [1, 2, 0, 1],
        "awards": {"high": 3, "low": 1, "game": 0},
    },
    "auction-pitch-no-jack.json": {
        "bidder": 0,
        "bid": 2,
        "trump": "C",
        "tricks": tricks(
            (0, "AC 5C 5S 2S", 0),
            (0, "2C 9S 6S 3S", 0),
            (0, "4H TH 2H 9H", 1),
            (1, "8D 4D TD 6D", 3),
            (3, "2D 7D 3H 3D", 0),
            (0, "5H 8S 7S 4S", 0),
        ),
        "points": [2, 0, 0, 0],
        "made": True,
        "score_change": [2, 0, 0, 0],
        "awards": {"high": 0, "low": 0, "game": None},
    },
    "smudge-all-four.json": {
        "bidder": 2,
        "bid": 4,
        "trump": "H",
        "tricks": tricks(
            (2, "AH 5H KH 3H", 2),
            (2, "JH 9S 5S 2C", 2),
            (2, "TH 8S 4S 3C", 2),
            (2, "2H 7D 3D QD", 2),
            (2, "AC KC QC KD", 2),
            (2, "TC 6D 4D TS", 2),
        ),
        "points": [0, 0, 4, 0],
        "made": True,
        "score_change": [0, 0, 4, 0],
        "awards": {"high": 2, "low": 2, "game": 2},
    },
    "thirteen-card-set.json": {
        "bidder": 0,
        "bid": 3,
        "trump": "S",
        "tricks": tricks(
            (0, "AS 2S 3S 4S", 0),
            (0, "KS 6S QS 5S", 0),
            (0, "9S 8S 2H JS", 3),
            (3, "TS 5C AD 2C", 3),
            (3, "7S 6C KD 3C", 3),
            (3, "AH 7C QD 3H", 3),
            (3, "KH 8C JD 4H", 3),
            (3, "QH 9C TD 5H", 3),
            (3, "JH TC 9D 6H", 3),
            (3, "TH JC 5D 2D", 3),
            (3, "9H QC 6D 3D", 3),
            (3, "8H KC 7D 4D", 3),
            (3, "7H AC 8D 4C", 3),
        ),
        "points": [2, 2],
        "made": False,
        "score_change": [-3, 2],
        "awards": {"high": 0, "low": 0, "game": 1},
    },
    "thirteen-point-off-three.json": {
        "bidder": 1,
        "bid": 9,
        "trump": "H",
        "drawn": [0, 3, 1, 5],
        "tricks": tricks(
            (1, "AH 4H JK 5H", 1),
            (1, "3H 3D 2H", 1),
            (1, "TH 8H 7H", 1),
            (1, "9H 6H JK", 0),
            (0, "JH KH", 2),
            (2, "JD QH", 0),
        ),
        "points": [4, 9],
        "made": True,
        "score_change": [4, 9],
    },
}
FIRST_LEAD_RECORDS = [name for name in EXPECTED if not name.startswith("thirteen-point")]


def test_every_record_file_is_worked_out() -> None:
    """Each file in the records folder has a hand-worked expectation, and vice versa."""
    presets = {"auction-pitch", "smudge", "high-low-jack", "thirteen-card", "thirteen-point"}
    mine = [p.name for p in RECORDS.glob("*.json") if json.loads(p.read_text())["ruleset"] in presets]
    assert sorted(mine) == sorted(
        EXPECTED
    )  # (the other rulesets' records: tests/test_variants_seats_and_draws.py)
    assert {record(name)["ruleset"] for name in EXPECTED} == presets


# --------------------------------------------------------------- complete records


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_replays_to_the_hand_worked_summary(name: str) -> None:
    hand = pl.loads((RECORDS / name).read_text())
    summary = pl.summary(hand)
    assert summary["complete"] is True
    got = {key: summary.get(key) for key in EXPECTED[name]}
    assert got == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_record_result_is_the_hand_worked_score(name: str) -> None:
    want = EXPECTED[name]
    data = record(name)
    rules = pl.ruleset(data["ruleset"])
    result = result_of(name)
    assert result.bidder == want["bidder"]
    assert result.bid == want["bid"]
    assert result.trump is pl.Suit.parse(want["trump"])
    assert result.bidding_team == rules.teams[want["bidder"]]
    assert result.points == tuple(want["points"])
    assert result.made is want["made"]
    assert result.score_change == tuple(want["score_change"])
    awards = want.get("awards", {})
    assert result.awards == tuple(awards.items())


def test_cli_replay_prints_the_hand_worked_summaries() -> None:
    """One JSON line per record, in the order given, through the real entry point."""
    names = sorted(EXPECTED)
    run = subprocess.run(
        [sys.executable, "-m", "pitchlab", "replay", *(str(RECORDS / n) for n in names)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    lines = run.stdout.splitlines()
    assert len(lines) == len(names)
    for name, line in zip(names, lines, strict=True):
        summary = json.loads(line)
        assert summary["complete"] is True, name
        assert {key: summary.get(key) for key in EXPECTED[name]} == EXPECTED[name], name


@pytest.mark.parametrize("name", FIRST_LEAD_RECORDS)
def test_first_lead_record_round_trips(name: str) -> None:
    """A first-lead record needs no ``trump`` or ``bury``. Writing the replayed hand gives the
    same deal, bids and plays (cards within a hand in any order); a ``trump`` it writes is the
    suit of the first card, a ``bury`` it writes is empty; and it reads back to the same hand."""
    data = record(name)
    assert "trump" not in data
    assert "bury" not in data
    hand = pl.from_record(data)
    again = pl.to_record(hand)
    assert [sorted(h) for h in again["hands"]] == [sorted(h) for h in data["hands"]]
    assert sorted(again["stock"]) == sorted(data["stock"])
    for key in ("format", "ruleset", "dealer", "bids", "plays"):
        assert again[key] == data[key], key
    assert again.get("trump", data["plays"][0][1]) == data["plays"][0][1]
    assert again.get("bury", []) in ([], [[], [], [], []])
    assert pl.summary(pl.from_record(again)) == pl.summary(hand)


# Game points each side captured, from the worked hands above.
GAME_POINTS = {
    "auction-pitch-set.json": [0, 30, 9, 4],
    "high-low-jack-low-captured.json": [9, 34],
    "auction-pitch-stuck-made.json": [20, 7, 13, 4],
    "auction-pitch-no-jack.json": [4, 10, 0, 10],
    "smudge-all-four.json": [0, 0, 52, 0],
    "thirteen-card-set.json": [9, 71],
}


@pytest.mark.parametrize("name", sorted(GAME_POINTS))
def test_game_points_by_side(name: str) -> None:
    assert pl.summary(replay(name))["game_points"] == GAME_POINTS[name]


def test_record_trump_key_must_match_the_first_card() -> None:
    data = record("auction-pitch-set.json")
    assert pl.from_record({**data, "trump": "S"}).result().trump is pl.Suit.SPADES
    with pytest.raises(pl.BadRecord):
        pl.from_record({**data, "trump": "H"})


def test_first_lead_position_waits_for_the_bidders_lead() -> None:
    """The set deal with the bidding done and nothing played: seat 3 may lead any of its six."""
    summary = pl.summary(replay("auction-pitch-set.json", plays=0))
    assert summary["complete"] is False
    assert summary["phase"] == "play"
    assert summary["to_act"] == 3
    assert summary["trump"] is None
    assert set(summary["legal"]) == cards("AS 3S KH 5H 9D 4C")


# ------------------------------------------------- holder vs capturer, Jack, Game


def test_low_goes_to_its_holder_in_auction_pitch_but_to_its_capturer_in_high_low_jack() -> None:
    """Same deal and play: the 2S, dealt to seat 0, falls to seat 3's ace in trick 1."""
    solo = result_of("auction-pitch-set.json")
    partners = result_of("high-low-jack-low-captured.json")
    assert dict(solo.awards)["low"] == 0  # seat 0, who held it
    assert dict(partners.awards)["low"] == 1  # team 1 (seat 3), who captured it


def test_jack_not_dealt_scores_nobody() -> None:
    """No-jack deal: JC is in the stock, so only High and Low (both seat 0's) are scored."""
    hand = replay("auction-pitch-no-jack.json")
    assert pl.Card("JC") in hand.stock_cards
    assert sum(hand.result().points) == 2


def test_game_tie_scores_nobody_but_partners_add_their_game_points() -> None:
    """No-jack deal: seats 1 and 3 each took 10 game points. Solo they tie (Game to nobody);
    as partners in high-low-jack team 1 has 20 against 4 and takes Game."""
    assert dict(result_of("auction-pitch-no-jack.json").awards)["game"] is None
    partners = result_of("auction-pitch-no-jack.json", ruleset="high-low-jack")
    assert partners.awards == (("high", 0), ("low", 0), ("game", 1))
    assert partners.points == (2, 1)
    assert partners.made is True
    assert partners.score_change == (2, 1)


def test_smudge_deal_scores_the_same_in_auction_pitch() -> None:
    """Smudge only changes the win rule: the hand scores exactly the same."""
    result = result_of("smudge-all-four.json", ruleset="auction-pitch")
    assert result.points == (0, 0, 4, 0)
    assert result.awards == (("high", 2), ("low", 2), ("game", 2))


# -------------------------------------------------------------------- play rules
#
# The follow deal (auction-pitch, dealer 3; seat 0 bids 2, the others pass):
#   seat 0: KC 5C AH 9H 5S 3S      seat 1: QC 8H 7H 2H 6S 4D
#   seat 2: 6C 8C 3H KD QD 9S      seat 3: 7C TD 9D 8D AS KS
#   T1 0 leads KC (clubs trump): 1 must play QC, 2 6C or 8C, 3 7C -> KC, seat 0
#   T2 0 leads AH: 1 must follow with a heart (no trump left); 2 may follow (3H) or trump
#      (8C), nothing else; 3 has neither and may play anything -> 2 trumps with 8C and wins
#   T3 2 leads KD: 3 must follow (TD or 9D); 0 has no diamond and may play anything,
#      trumps with 5C; 1 must play its 4D -> 5C, seat 0

FOLLOW_DEAL = ("KC 5C AH 9H 5S 3S", "QC 8H 7H 2H 6S 4D", "6C 8C 3H KD QD 9S", "7C TD 9D 8D AS KS")


def follow_deal() -> pl.Hand:
    hand = first_lead_deal("auction-pitch", 3, FOLLOW_DEAL)
    bid_all(hand, 2, None, None, None)
    return hand


def test_bidder_leads_any_card_and_its_suit_becomes_trump() -> None:
    hand = follow_deal()
    assert hand.phase is pl.Phase.PLAY
    assert hand.to_act == 0
    assert hand.bidder == 0
    assert hand.high_bid == 2
    assert hand.trump is None
    assert legal(hand) == cards(FOLLOW_DEAL[0])
    assert_refused(hand, pl.NameTrump(pl.Suit.HEARTS), named_seat=0, rule=r"play|lead|trump")
    play(hand, "0:KC")
    assert hand.trump is pl.Suit.CLUBS


def test_trump_lead_must_be_followed_with_trump() -> None:
    hand = follow_deal()
    play(hand, "0:KC")
    assert legal(hand) == {"QC"}
    assert_refused(hand, pl.Play(pl.Card("8H")), named_seat=1, rule=r"trump|follow|suit")
    play(hand, "1:QC")
    assert legal(hand) == {"6C", "8C"}
    play(hand, "2:6C")
    assert legal(hand) == {"7C"}
    play(hand, "3:7C")
    assert [(t.leader, t.winner) for t in hand.tricks] == [(0, 0)]


def test_no_trump_in_hand_on_a_trump_lead_plays_anything() -> None:
    """Set deal, trick 2: seat 3 leads 3S; seat 0's only spade went in trick 1."""
    hand = replay("auction-pitch-set.json", plays=5)
    assert hand.to_act == 0
    assert legal(hand) == cards("TH QH 8D 7C 6C")
    play(hand, "0:6C")
    assert legal(hand) == {"JS"}  # seat 1 still holds a trump


def test_plain_lead_follow_suit_or_trump() -> None:
    hand = follow_deal()
    play(hand, "0:KC 1:QC 2:6C 3:7C")
    assert legal(hand) == cards("5C AH 9H 5S 3S")  # the leader: anything
    play(hand, "0:AH")
    assert legal(hand) == cards("8H 7H 2H")  # hearts, no trump left
    assert_refused(hand, pl.Play(pl.Card("6S")), named_seat=1, rule=r"trump|follow|suit")
    play(hand, "1:2H")
    assert legal(hand) == cards("3H 8C")  # follow or trump, nothing else
    assert_refused(hand, pl.Play(pl.Card("KD")), named_seat=2, rule=r"trump|follow|suit")
    play(hand, "2:8C")
    assert legal(hand) == cards("TD 9D 8D AS KS")  # neither: anything
    play(hand, "3:8D")
    assert [(t.cards[-1].code, t.winner) for t in hand.tricks] == [("7C", 0), ("8D", 2)]
    assert hand.to_act == 2  # the trump beat the ace of the suit led


def test_void_in_the_suit_led_may_trump_or_discard() -> None:
    hand = follow_deal()
    play(hand, "0:KC 1:QC 2:6C 3:7C  0:AH 1:2H 2:8C 3:8D  2:KD")
    assert legal(hand) == cards("TD 9D")
    play(hand, "3:9D")
    assert legal(hand) == cards("5C 9H 5S 3S")  # no diamond: anything, trump included
    play(hand, "0:5C")
    assert legal(hand) == {"4D"}
    play(hand, "1:4D")
    assert hand.tricks[-1].winner == 0
    assert hand.to_act == 0


# ----------------------------------------------------------------------- bidding


def test_auction_pitch_bids_two_to_four_and_the_dealer_may_match() -> None:
    hand = pl.from_record({**record("auction-pitch-set.json"), "bids": [], "plays": []})
    assert hand.to_act == 0
    assert legal(hand) == {"pass", 2, 3, 4}
    assert_refused(hand, pl.Bid(5), named_seat=0, rule=r"2.*4")
    assert_refused(hand, pl.Bid(1), named_seat=0, rule=r"2.*4")
    bid_all(hand, None, 2)
    assert legal(hand) == {"pass", 3, 4}
    assert_refused(hand, pl.Bid(2), named_seat=2, rule=r"higher")
    hand.apply(pl.Bid(3), seat=2)
    assert legal(hand) == {"pass", 3, 4}  # the dealer may take it at 3
    hand.apply(pl.Bid(3), seat=3)
    assert (hand.bidder, hand.high_bid, hand.phase, hand.to_act) == (3, 3, pl.Phase.PLAY, 3)


def test_dealer_may_match_four() -> None:
    hand = pl.from_record({**record("smudge-all-four.json"), "bids": [2, 4], "plays": []})
    assert legal(hand) == {"pass"}  # seat 3: nothing is higher than 4
    hand.apply(pl.PASS, seat=3)
    assert legal(hand) == {"pass", 4}
    hand.apply(pl.Bid(4), seat=0)
    assert (hand.bidder, hand.high_bid) == (0, 4)


def test_stuck_dealer_must_bid_at_least_two() -> None:
    """RULES.md: an auction-pitch (and smudge) dealer whom everyone passed bids 2, 3 or 4."""
    for name in ("auction-pitch", "smudge"):
        data = {**record("auction-pitch-stuck-made.json"), "ruleset": name, "bids": [], "plays": []}
        hand = pl.from_record(data)
        bid_all(hand, None, None, None)
        assert hand.to_act == 1
        assert legal(hand) == {2, 3, 4}
        assert_refused(hand, pl.PASS, named_seat=1, rule=r"must bid 2 or more")
        hand.apply(pl.Bid(2), seat=1)
        assert (hand.bidder, hand.high_bid, hand.to_act) == (1, 2, 1)


def test_high_low_jack_stuck_dealer_bids_the_minimum() -> None:
    data = {**record("auction-pitch-stuck-made.json"), "ruleset": "high-low-jack", "bids": [], "plays": []}
    hand = pl.from_record(data)
    bid_all(hand, None, None, None)
    assert legal(hand) == {2}
    assert_refused(hand, pl.Bid(3), named_seat=1, rule=r"must bid 2$")


def test_thirteen_card_bids_three_or_four_and_a_stuck_dealer_bids_three() -> None:
    hand = pl.from_record({**record("thirteen-card-set.json"), "bids": [], "plays": []})
    assert legal(hand) == {"pass", 3, 4}
    assert_refused(hand, pl.Bid(2), named_seat=0, rule=r"3.*4")
    bid_all(hand, None, None, None)
    assert legal(hand) == {3}
    hand.apply(pl.Bid(3), seat=3)
    assert (hand.bidder, hand.high_bid, hand.phase) == (3, 3, pl.Phase.PLAY)


def test_thirteen_point_bids_four_to_thirteen_and_the_dealer_cannot_match() -> None:
    data = record("thirteen-point-off-three.json")
    for key in ("trump", "bury", "plays"):
        data.pop(key)
    data["bids"] = []
    hand = pl.from_record(data)
    assert legal(hand) == {"pass", *range(4, 14)}
    bid_all(hand, 11, None, None)
    assert legal(hand) == {"pass", 12, 13}  # ten-point rules: no match for the dealer


# -------------------------------------------------------------------------- deals


def test_deal_sizes() -> None:
    """Six each and 28 undealt in the six-card games; thirteen each and no stock in thirteen-card."""
    for name in ("auction-pitch", "smudge", "high-low-jack"):
        hand = pl.Hand.deal(pl.ruleset(name), dealer=1, seed=5)
        assert [len(hand.hand_of(s)) for s in range(4)] == [6] * 4
        assert len(hand.stock_slots) == 28
    hand = pl.Hand.deal(pl.ruleset("thirteen-card"), dealer=2, seed=5)
    assert [len(hand.hand_of(s)) for s in range(4)] == [13] * 4
    assert len(hand.stock_slots) == 0
    assert sorted(c.code for s in range(4) for c in hand.hand_of(s)) == sorted(DECK_52)


def test_thirteen_card_deals_every_card() -> None:
    data = record("thirteen-card-set.json")
    assert data["stock"] == []
    short = [[pl.Card(c) for c in h] for h in data["hands"]]
    spare = short[0].pop()
    with pytest.raises(pl.BadDeal):
        pl.Hand.from_cards(pl.ruleset("thirteen-card"), 3, short, [spare])


def test_games_keep_a_score_per_side() -> None:
    assert pl.Game(pl.ruleset("auction-pitch"), first_dealer=0, seed=1).scores == [0, 0, 0, 0]
    assert pl.Game(pl.ruleset("smudge"), first_dealer=0, seed=1).scores == [0, 0, 0, 0]
    assert pl.Game(pl.ruleset("high-low-jack"), first_dealer=0, seed=1).scores == [0, 0]
    assert pl.Game(pl.ruleset("thirteen-card"), first_dealer=0, seed=1).scores == [0, 0]


# ----------------------------------------------------------------------- winning


def after(result: pl.HandResult, before: Sequence[int]) -> list[int]:
    return [b + c for b, c in zip(before, result.score_change, strict=True)]


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # change [1, 2, 0, -3]; counted in order: seat 3's loss, (High is seat 3's, but a set
        # bidder scores nothing), Low -> seat 0, Jack -> seat 1, Game -> seat 1
        ([6, 6, 0, 6], 0),  # seat 0 reaches 7 on Low before seat 1 (8) on Jack
        ([5, 6, 0, 6], 1),  # seat 0 only 6; seat 1 reaches 7 on Jack
        ([5, 4, 0, 6], None),  # [6, 6, 0, 3]: nobody at 7
    ],
)
def test_count_out_after_a_set(before: list[int], winner: int | None) -> None:
    result = result_of("auction-pitch-set.json")
    assert winner_after(pl.ruleset("auction-pitch"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # change [1, 2, 0, 1]: bidder seat 1 made 2 (Low and Jack); High -> seat 3, Game -> seat 0
        ([6, 5, 0, 6], 1),  # [7, 7, 0, 7]: the bidder made it and reaches 7: it wins first
        ([6, 0, 0, 6], 3),  # [7, 2, 0, 7]: High (seat 3) counts before Game (seat 0)
        ([6, 0, 0, 5], 0),  # [7, 2, 0, 6]: only seat 0 gets there, on Game
        ([0, 0, 0, 0], None),
    ],
)
def test_count_out_bidder_first_then_high_low_jack_game(before: list[int], winner: int | None) -> None:
    result = result_of("auction-pitch-stuck-made.json")
    assert winner_after(pl.ruleset("auction-pitch"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # the same hand under auction-pitch-1 (where the dealer's 2 is as legal): change
        # [1, 2, 0, 1], counted strictly High (seat 3), Low (seat 1), Jack (seat 1), Game
        # (seat 0); the pitcher's made points come in that order, not first
        ([6, 5, 0, 6], 3),  # [7, 7, 0, 7]: High first, so seat 3 (auction-pitch: the pitcher, 1)
        ([6, 6, 0, 5], 1),  # High leaves seat 3 at 6; Low takes seat 1 to 7
        ([6, 4, 0, 5], 0),  # High 6, Low 5, Jack 6, then Game takes seat 0 to 7
        ([0, 0, 0, 0], None),
    ],
)
def test_auction_pitch_1_counts_out_strictly_high_low_jack_game(
    before: list[int], winner: int | None
) -> None:
    result = result_of("auction-pitch-stuck-made.json", ruleset="auction-pitch-1")
    assert (result.bidder, result.made, result.score_change) == (1, True, (1, 2, 0, 1))
    assert winner_after(pl.ruleset("auction-pitch-1"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("ruleset", "before", "winner"),
    [
        ("smudge", [0, 0, 0, 0], 2),  # bid 4, all four points: wins at once at 4
        ("smudge", [5, 3, 0, 6], 2),  # others' scores do not matter
        ("smudge", [0, 0, -1, 0], None),  # in the hole before the hand: no instant win (3)
        ("smudge", [0, 0, -4, 0], None),
        ("auction-pitch", [0, 0, 0, 0], None),  # no instant win in plain auction pitch
        ("auction-pitch", [0, 0, 3, 0], 2),  # 7: the bidder made it and reaches the target
    ],
)
def test_smudge_instant_win(ruleset: str, before: list[int], winner: int | None) -> None:
    result = result_of("smudge-all-four.json", ruleset=ruleset)
    assert result.score_change == (0, 0, 4, 0)
    assert winner_after(pl.ruleset(ruleset), result, after(result, before)) == winner


def test_smudge_instant_win_ends_a_game() -> None:
    """The same win through :class:`pl.Game`, which scores the hand when its last card is played."""
    game = pl.Game(pl.ruleset("smudge"), first_dealer=0, seed=0)
    assert game.hand.dealer == 0
    game.hand = replay("smudge-all-four.json", plays=0)
    for code in record("smudge-all-four.json")["plays"]:
        game.apply(pl.Play(pl.Card(code)))
    assert game.scores == [0, 0, 4, 0]
    assert game.winner == 2


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # no-jack deal as high-low-jack: change [2, 1]; team 0 bid 2 and made it (High, Low),
        # team 1 took Game
        ([19, 20], 0),  # [21, 21]: the bidding side made it and reaches 21 first
        ([18, 20], 1),  # [20, 21]: team 1 gets there on Game
        ([18, 19], None),  # [20, 20]
    ],
)
def test_high_low_jack_plays_to_21(before: list[int], winner: int | None) -> None:
    result = result_of("auction-pitch-no-jack.json", ruleset="high-low-jack")
    assert winner_after(pl.ruleset("high-low-jack"), result, after(result, before)) == winner


@pytest.mark.parametrize(
    ("before", "winner"),
    [
        # change [-3, 2]: team 0 set; team 1 took Jack and Game
        ([14, 13], 1),  # [11, 15]
        ([14, 12], None),  # [11, 14]: nobody at 15
    ],
)
def test_thirteen_card_plays_to_15(before: list[int], winner: int | None) -> None:
    result = result_of("thirteen-card-set.json")
    assert winner_after(pl.ruleset("thirteen-card"), result, after(result, before)) == winner


# ------------------------------------------------------------------ thirteen-point


def thirteen_point_at_play() -> pl.Hand:
    return replay("thirteen-point-off-three.json", plays=0)


def test_off_three_is_trump_kept_in_the_refill() -> None:
    """Seat 2 was dealt KH JD 8H 6H 3D and four plain cards (3S among them): it keeps five
    trump, the off-three 3D included, and draws one (4H). The 3 of the other colour is not trump."""
    hand = thirteen_point_at_play()
    assert hand.drawn == [0, 3, 1, 5]
    assert {c.code for c in hand.playable(2)} == cards("KH JD 8H 6H 4H 3D")
    assert pl.Card("3S") not in hand.hand_of(2)
    assert {c.code for c in hand.playable(0)} == cards("QH JH JK 7H 5H 2H")


def test_off_three_ranks_below_the_three_and_above_the_two() -> None:
    """The record shows 3H beating 3D (trick 2). Another line of the same deal:
    T1 1 AH 2 4H 3 JK 0 5H -> seat 1 (A 1 + JK 1);  T2 1 TH 2 6H 0 7H -> seat 1 (T 1)
    T3 1 9H 2 8H 0 JK -> JK, seat 0 (1);  T4 0 JH 1 3H 2 KH -> KH, seat 2 (J 1 + 3 3)
    T5 2 JD 0 QH -> QH, seat 0 (off-jack 1);  T6 0 2H 2 3D -> the off-three beats the two,
    seat 2 (3). Team 1: 3; team 0: 1 + 4 + 1 + 3 + the two 1 = 10 (13 in all).
    Seat 1 bid 9 and took 3: set, [10, -9]."""
    hand = thirteen_point_at_play()
    play(hand, "1:AH 2:4H 3:JK 0:5H  1:TH")
    assert legal(hand) == cards("KH JD 8H 6H 3D")
    play(hand, "2:6H 0:7H  1:9H 2:8H 0:JK  0:JH 1:3H 2:KH  2:JD 0:QH  0:2H 2:3D")
    assert hand.is_over
    assert [t.winner for t in hand.tricks] == [1, 1, 0, 2, 0, 2]
    result = hand.result()
    assert result.points == (10, 3)
    assert result.made is False
    assert result.score_change == (10, -9)
    assert result.awards == ()


def test_thirteen_point_has_thirteen_points_a_hand() -> None:
    result = result_of("thirteen-point-off-three.json")
    assert sum(result.points) == 13
    off_three_trick = replay("thirteen-point-off-three.json").tricks[1]
    assert [c.code for c in off_three_trick.cards] == ["3H", "3D", "2H"]
    assert off_three_trick.winner == 1
