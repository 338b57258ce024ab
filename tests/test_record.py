"""Hand records (``pitchlab-hand/1``): writing, reading, replaying, summarising.

The record is the project's interchange format (HAND-RECORD.md): a record
written by the engine must read back to the very same hand, a record that
stops early must replay to the exact position it describes, card notation is
forgiving on input and canonical on output, and the replay summary of a
complete hand must agree with a hand scored by hand.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pitchlab as pl

Record = dict[str, Any]

# --------------------------------------------------------------------------- helpers


def rule_based_hand(seed: int, dealer: int = 0) -> pl.Hand:
    """A complete hand dealt from ``seed`` and played by the rule-based bots."""
    hand = pl.Hand.deal(dealer=dealer, seed=seed)
    pl.play_hand(hand, [pl.RuleBasedPlayer()] * 4)
    return hand


def random_hand(seed: int) -> pl.Hand:
    """A complete hand played by four random players (odd bids, odd trump, odd buries)."""
    hand = pl.Hand.deal(dealer=seed % 4, seed=seed)
    players: Sequence[pl.Player] = [pl.RandomPlayer(seed * 4 + seat) for seat in range(4)]
    pl.play_hand(hand, players)
    return hand


def prefixes(seed: int) -> Iterator[pl.Hand]:
    """Every state of one randomly played hand, from the deal to the end, as independent copies."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(dealer=(seed + 1) % 4, seed=seed)
    while True:
        yield hand.copy()
        if hand.is_over:
            return
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])


def codes(actions: Sequence[pl.Action]) -> list[str | int | list[str]]:
    return [pl.action_code(a) for a in actions]


def same_items(values: Sequence[object]) -> list[str]:
    """Order-free comparison of legal-action lists (the spec fixes the set, not the order)."""
    return sorted(str(v) for v in values)


# --------------------------------------------------------------------- round trips


@pytest.mark.parametrize("seed", range(12))
def test_rule_based_hand_round_trips(seed: int) -> None:
    """dumps -> loads must give back the same record, the same text and the same score:
    otherwise a shared or saved hand is not the hand that was played."""
    hand = rule_based_hand(seed, dealer=seed % 4)
    assert hand.is_over
    text = pl.dumps(hand)
    again = pl.loads(text)
    assert again.is_over
    assert pl.to_record(again) == pl.to_record(hand)
    assert pl.dumps(again) == text
    assert again.result() == hand.result()
    assert pl.summary(again) == pl.summary(hand)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hand_round_trips_through_plain_json(seed: int) -> None:
    """Random players reach bids, trumps and buries the bots never choose; the record
    must survive a trip through plain json (no pitchlab on the other side)."""
    hand = random_hand(seed)
    record = pl.to_record(hand)
    wire = json.loads(json.dumps(record))
    again = pl.from_record(wire)
    assert pl.to_record(again) == record
    assert again.result() == hand.result()
    assert pl.summary(again) == pl.summary(hand)
    # compact text reads back too
    assert pl.to_record(pl.loads(pl.dumps(hand, indent=None))) == record


def test_every_prefix_of_a_hand_is_a_position_that_replays_exactly() -> None:
    """A record that stops anywhere must replay to the same phase, seat to act and legal
    actions as the live hand at that point; and all phases, bury included, must be met."""
    seen: set[pl.Phase] = set()
    for seed in range(40):
        for live in prefixes(seed):
            record = pl.to_record(live)
            back = pl.from_record(json.loads(json.dumps(record)))
            seen.add(live.phase)
            assert back.phase is live.phase
            assert back.to_act == live.to_act
            assert codes(back.legal_actions()) == codes(live.legal_actions())
            assert pl.to_record(back) == record
            summary = pl.summary(back)
            assert summary["complete"] is live.is_over
            if not live.is_over:
                assert summary["phase"] == live.phase.value
                assert summary["to_act"] == live.to_act
                assert summary["legal"] == codes(live.legal_actions())
    other_rulesets = {pl.Phase.DISCARD, pl.Phase.CALL}  # (tests/test_ruleset_properties.py)
    assert seen == set(pl.Phase) - other_rulesets, f"phases never reached: {set(pl.Phase) - seen}"


def test_unfinished_records_leave_out_later_keys() -> None:
    """Before trump is named there is no trump, bury or plays to write (HAND-RECORD: the
    keys for later phases are left out or empty)."""
    hand = pl.Hand.deal(seed=3)
    record = pl.to_record(hand)
    assert record["bids"] == []
    assert not record.get("trump")
    assert not any(record.get("bury") or [])
    assert not record.get("plays")
    hand.apply(pl.PASS)
    assert pl.to_record(hand)["bids"] == ["pass"]


# -------------------------------------------------------------- a hand worked by hand
#
# Dealer 3, so seat 0 bids first and refills first. Trump will be hearts, which makes
# 16 trump: AH KH QH JH (off-jack) JD JK JK TH 9H 8H 7H 6H 5H 4H 3H 2H.
#
#   seat 0: 3H KH AH + six diamonds        -> keeps 3 trump, draws 3
#   seat 1: JK + 2D-7D 5C 6C               -> keeps 1 trump, draws 5
#   seat 2: 9H TH JD + 7C-QC               -> keeps 3 trump, draws 3
#   seat 3: 5H 6H 7H 8H JH QH JK + KC AC   -> keeps 7 trump, draws 0, must bury 1
#
# Stock, top first: 2H 2S 3S | 4S 5S 6S 7S 8S | 9S TS QS | 4H JS KS AS 2C 3C 4C
#   seat 0 draws 2H 2S 3S   (2H is trump; 2S 3S are dead)
#   seat 1 draws 4S-8S      (all dead)
#   seat 2 draws 9S TS QS   (all dead)
#   seat 3 draws nothing
#   the bidder (seat 0) takes the remaining 7 and keeps 4H; drawn stays [3, 5, 3, 0].
#
# Bids from seat 0: 5, pass, pass, pass -> seat 0 bids 5 and names hearts.
# Seat 3 buries JH (the jack: it goes to whoever wins the first trick).
#
# In play: s0 AH KH 4H 3H 2H, s1 JK, s2 TH 9H JD, s3 QH 8H 7H 6H 5H JK.
#   trick 1, s0 leads: 4H, JK (s1), 9H, JK (s3). Two equal jokers: the first played
#            wins -> seat 1. Seat 1 takes 4H JK 9H JK + buried JH = 1+1+1 = 3 for team 1.
#   trick 2: seat 1 is out of trump, so the lead passes clockwise to seat 2:
#            JD, QH (s3), 3H (s0) -> QH, seat 3. JD 1 + 3H 3 = 4 for team 1.
#   trick 3, s3 leads: 5H, AH (s0), TH (s2) -> AH, seat 0. AH 1 + TH 1 = 2 for team 0.
#   trick 4, s0 leads: KH, 8H (s3; seat 2 is out now) -> KH, seat 0. No points.
#   trick 5, s0 leads: 2H, 6H (s3) -> 6H, seat 3. The two scores for its holder, seat 0.
#   trick 6: seat 0 is out; seat 3 leads 7H alone -> seat 3.
# Team 0: AH 1 + TH 1 + 2H 1 = 3.  Team 1: JK 1 + JK 1 + JH 1 + JD 1 + 3H 3 = 7.  Sum 10.
# Bid 5, team 0 took 3: set. Score change: team 0 -5, team 1 +7.

WORKED: Record = {
    "format": "pitchlab-hand/1",
    "ruleset": "ten-point",
    "dealer": 3,
    "hands": [
        ["3H", "KH", "AH", "8D", "9D", "TD", "QD", "KD", "AD"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "5C", "6C", "JK"],
        ["9H", "TH", "JD", "7C", "8C", "9C", "TC", "JC", "QC"],
        ["5H", "6H", "7H", "8H", "JH", "QH", "KC", "AC", "JK"],
    ],
    "stock": [
        *["2H", "2S", "3S"],  # seat 0 draws
        *["4S", "5S", "6S", "7S", "8S"],  # seat 1 draws
        *["9S", "TS", "QS"],  # seat 2 draws
        *["4H", "JS", "KS", "AS", "2C", "3C", "4C"],  # the remainder, to the bidder
    ],
    "bids": [5, "pass", "pass", "pass"],
    "trump": "H",
    "bury": [[], [], [], ["JH"]],
    "plays": ["4H", "JK", "9H", "JK", "JD", "QH", "3H", "5H", "AH", "TH", "KH", "8H", "2H", "6H", "7H"],
}

WORKED_TRICKS = [
    {"leader": 0, "cards": ["4H", "JK", "9H", "JK"], "winner": 1},
    {"leader": 2, "cards": ["JD", "QH", "3H"], "winner": 3},
    {"leader": 3, "cards": ["5H", "AH", "TH"], "winner": 0},
    {"leader": 0, "cards": ["KH", "8H"], "winner": 0},
    {"leader": 0, "cards": ["2H", "6H"], "winner": 3},
    {"leader": 3, "cards": ["7H"], "winner": 3},
]


def worked(**changes: object) -> Record:
    """A copy of the worked record with some keys replaced (``None`` drops the key)."""
    record = copy.deepcopy(WORKED)
    for key, value in changes.items():
        if value is None:
            record.pop(key, None)
        else:
            record[key] = value
    return record


def test_worked_record_is_one_whole_deck() -> None:
    """Guards the hand-made fixture itself: 54 cards, JK twice, nine per seat."""
    cards = [c for seat in WORKED["hands"] for c in seat] + WORKED["stock"]
    assert len(cards) == 54
    assert all(len(seat) == 9 for seat in WORKED["hands"])
    assert sorted(cards) == sorted([c.code for c in pl.CARDS[:52]] + ["JK", "JK"])


def test_worked_hand_summary_matches_the_hand_count() -> None:
    """The replay summary of the worked hand must equal the count done by hand above:
    joker order, lead passing, buried cards to the first trick, the two to its holder,
    the remainder not counted in ``drawn``, and the set scoring."""
    summary = pl.summary(pl.from_record(copy.deepcopy(WORKED)))
    assert summary["complete"] is True
    assert summary["bidder"] == 0
    assert summary["bid"] == 5
    assert summary["trump"] == "H"
    assert summary["drawn"] == [3, 5, 3, 0]
    assert summary["tricks"] == WORKED_TRICKS
    assert summary["points"] == [3, 7]
    assert summary["made"] is False
    assert summary["score_change"] == [-5, 7]


def test_scoring_rule_holds_for_played_hands() -> None:
    """Across many played hands: 10 points in all, made iff the bidding team took its
    bid, a set team loses exactly its bid while the other keeps what it took, and the
    tricks hold every card played."""
    for seed in range(30):
        hand = rule_based_hand(seed)
        summary = pl.summary(hand)
        team = summary["bidder"] % 2
        points = summary["points"]
        assert sum(points) == 10
        assert summary["made"] is (points[team] >= summary["bid"])
        expected = list(points)
        if not summary["made"]:
            expected[team] = -summary["bid"]
        assert summary["score_change"] == expected
        assert [c for t in summary["tricks"] for c in t["cards"]] == pl.to_record(hand)["plays"]
        assert all(0 <= d <= 6 for d in summary["drawn"])


def test_worked_record_writes_back_canonically() -> None:
    """Reading the worked record and writing it again gives the same document."""
    assert pl.to_record(pl.from_record(copy.deepcopy(WORKED))) == WORKED


# ------------------------------------------------------------------ positions


def test_position_in_the_bidding() -> None:
    """Two bids recorded: the third bidder (seat 2, dealer 3) acts and may pass or beat 5."""
    hand = pl.from_record(worked(bids=[5, "pass"], trump=None, bury=None, plays=None))
    assert hand.phase is pl.Phase.BID
    assert hand.to_act == 2
    assert codes(hand.legal_actions()) == ["pass", 6, 7, 8, 9, 10]
    summary = pl.summary(hand)
    assert summary["complete"] is False
    assert summary["phase"] == pl.Phase.BID.value
    assert summary["to_act"] == 2
    assert summary["legal"] == ["pass", 6, 7, 8, 9, 10]


def test_position_before_any_bid() -> None:
    """No bids yet: the dealer's left opens and may pass or bid 4 to 10."""
    hand = pl.from_record(worked(bids=None, trump=None, bury=None, plays=None))
    assert hand.phase is pl.Phase.BID
    assert hand.to_act == 0
    assert codes(hand.legal_actions()) == ["pass", 4, 5, 6, 7, 8, 9, 10]


def test_position_with_a_stuck_dealer() -> None:
    """Three passes: the dealer (seat 3) must bid 4, nothing else."""
    hand = pl.from_record(worked(bids=["pass"] * 3, trump=None, bury=None, plays=None))
    assert hand.to_act == 3
    assert codes(hand.legal_actions()) == [4]
    assert pl.summary(hand)["legal"] == [4]


def test_position_naming_trump() -> None:
    """Bidding over, no trump: the bidder (seat 0) names one of the four suits."""
    hand = pl.from_record(worked(trump=None, bury=None, plays=None))
    assert hand.phase is pl.Phase.NAME_TRUMP
    assert hand.to_act == 0
    assert same_items(codes(hand.legal_actions())) == ["C", "D", "H", "S"]
    summary = pl.summary(hand)
    assert summary["phase"] == pl.Phase.NAME_TRUMP.value
    assert summary["to_act"] == 0
    assert summary["bidder"] == 0
    assert summary["bid"] == 5


@pytest.mark.parametrize("bury", [None, [], [[], [], [], []]])
def test_position_in_the_bury(bury: object) -> None:
    """Trump named, no bury yet: seat 3 holds seven trump and must bury one of them;
    the refill has already happened (drawn [3, 5, 3, 0])."""
    record = worked(plays=None)
    if bury is None:
        record.pop("bury")
    else:
        record["bury"] = bury
    hand = pl.from_record(record)
    assert hand.phase is pl.Phase.BURY
    assert hand.to_act == 3
    seven = ["5H", "6H", "7H", "8H", "JH", "QH", "JK"]
    assert same_items(codes(hand.legal_actions())) == sorted(seven)
    summary = pl.summary(hand)
    assert summary["phase"] == pl.Phase.BURY.value
    assert summary["to_act"] == 3
    assert same_items(summary["legal"]) == sorted(seven)
    assert summary["drawn"] == [3, 5, 3, 0]


@pytest.mark.parametrize(
    ("plays", "to_act", "legal"),
    [
        # the bidder leads with everything it holds after taking 4H from the remainder
        (0, 0, ["AH", "KH", "4H", "3H", "2H"]),
        # after 4H from seat 0, seat 1 has only its joker
        (1, 1, ["JK"]),
        # trick 1 done, won by seat 1 which is out of trump: the lead passes to seat 2
        (4, 2, ["TH", "JD"]),
        # seat 2 led JD: seat 3 follows with what it kept after burying JH and playing JK
        (5, 3, ["QH", "8H", "7H", "6H", "5H"]),
        # trick 4: seat 2 is out now, so after seat 0's KH comes seat 3
        (11, 3, ["8H", "7H", "6H"]),
    ],
)
def test_position_in_the_play(plays: int, to_act: int, legal: list[str]) -> None:
    """A record stopping in the play phase: whose turn it is follows from the rules."""
    hand = pl.from_record(worked(plays=WORKED["plays"][:plays]))
    assert hand.phase is pl.Phase.PLAY
    assert hand.to_act == to_act
    assert same_items(codes(hand.legal_actions())) == sorted(legal)
    summary = pl.summary(hand)
    assert summary["complete"] is False
    assert summary["phase"] == pl.Phase.PLAY.value
    assert summary["to_act"] == to_act
    assert same_items(summary["legal"]) == sorted(legal)


def find_deep_bury() -> tuple[Record, int]:
    """A rule-based hand in which one seat buries two or more trump, and that seat."""
    for seed in range(2000):
        record = pl.to_record(rule_based_hand(seed))
        for seat, cards in enumerate(record["bury"]):
            if len(cards) >= 2:
                return record, seat
    raise AssertionError("no seed in range(2000) gives a seat that buries two trump")


def test_position_part_way_through_a_bury() -> None:
    """A seat burying two with only one recorded is still to act in the bury phase,
    and may no longer bury the card already laid down."""
    record, seat = find_deep_bury()
    first, *_rest = record["bury"][seat]
    record["bury"] = [[first] if s == seat else [] for s in range(4)]
    record["plays"] = []
    hand = pl.from_record(record)
    assert hand.phase is pl.Phase.BURY
    assert hand.to_act == seat
    assert first not in codes(hand.legal_actions())
    assert [c.code for c in hand.buried_by(seat)] == [first]


# --------------------------------------------------------------- card notation


def loose(code: str, style: int) -> str:
    """Write a canonical code in one of the accepted input spellings."""
    symbols = dict(zip("SHDC", "♠♥♦♣", strict=True))
    rank, suit = ("JK", "") if code == "JK" else (code[0], code[1])
    if rank == "T" and style % 2 == 0:
        rank = "10"
    if suit and style % 3 == 0:
        suit = symbols[suit]
    text = rank + suit
    return text.lower() if style % 4 == 1 else text


def test_loose_notation_is_accepted_and_written_canonically() -> None:
    """``10`` for ``T``, suit symbols and lower case must all read, and the engine must
    write back the canonical ASCII record (spec: 'Output uses the canonical ASCII form')."""
    messy = copy.deepcopy(WORKED)
    style = 0
    for key in ("stock", "plays"):
        messy[key] = [loose(c, style := style + 1) for c in messy[key]]
    messy["hands"] = [[loose(c, style := style + 1) for c in seat] for seat in messy["hands"]]
    messy["bury"] = [[loose(c, 3) for c in seat] for seat in messy["bury"]]
    text = json.dumps(messy, ensure_ascii=False)
    # the fixture really uses every spelling
    for spelling in ("10", "♥", "♠", "♦", "♣", "jk", "th"):
        assert spelling in text.lower()
    hand = pl.loads(text)
    assert pl.to_record(hand) == WORKED
    out = pl.dumps(hand)
    assert out.isascii()
    assert '"10' not in out
    assert pl.summary(hand)["tricks"] == WORKED_TRICKS


@pytest.mark.parametrize(("spelling", "code"), [("10h", "TH"), ("10♥", "TH"), ("t♥", "TH"), ("Jk", "JK")])
def test_single_cards_parse_to_canonical_codes(spelling: str, code: str) -> None:
    """The same spellings at the card level, with the code the record writer uses."""
    assert pl.parse_card(spelling).code == code
    assert pl.Card(spelling) == pl.Card(code)


@pytest.mark.parametrize("trump", ["h", "♥"])
def test_trump_letter_accepts_lower_case_and_symbol(trump: str) -> None:
    """Case-insensitive input applies to the trump suit too; output is the letter."""
    hand = pl.from_record(worked(trump=trump))
    assert pl.to_record(hand)["trump"] == "H"
    assert pl.summary(hand)["trump"] == "H"


def test_engine_output_is_canonical_ascii() -> None:
    """Records written by the engine never use ``10``, symbols or lower case."""
    for seed in range(8):
        record = pl.to_record(random_hand(seed))
        cards = [c for seat in record["hands"] for c in seat] + record["stock"] + record["plays"]
        cards += [c for seat in record["bury"] for c in seat]
        for code in cards:
            assert code in {c.code for c in pl.CARDS[:53]}, code
            assert code == code.upper()
            assert code.isascii()
            assert len(code) == 2
        assert record["trump"] in {"S", "H", "D", "C"}
