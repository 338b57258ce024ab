"""``python -m pitchlab decide`` and :mod:`pitchlab.bots.advice`: a bot's action and reason at any decision.

Each position is a record made by hand for one phase of one ruleset: the
deciding seat's cards are chosen, the cards that matter are spread over the
other hands (so the stock holds none of them), and the rest of the deck fills
in. The expected actions are worked out from the rules (a stuck dealer must
bid 4, a seat holding one trump must lead it) or from the plain reading of a
hand (seven spades name spades); where a rule of thumb chooses, the test says
which. Every action is also checked against the engine's own legal list (as
``replay`` prints it) and written back into the record, which must replay one
decision further: that is what "the action as the record writes it" means.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import pitchlab as pl
from pitchlab import cli
from pitchlab.bots.advice import ADVISOR_SAMPLES, advise, advisor, written
from pitchlab.bots.claims import HighBid
from pitchlab.bots.players import Decision
from pitchlab.bots.strong import StrongPlayer
from pitchlab.engine.actions import Bid, Bury, Discard, NameTrump, Pass
from pitchlab.engine.view import SeatView
from tests.test_cli import CASES, Base, Mutation, assert_one_line_error, base, run_cli, run_main, write

Record = dict[str, Any]


def deal(rules_name: str, dealer: int, fixed: dict[int, str], spread: str = "", **later: object) -> Record:
    """A record whose seats in ``fixed`` hold those cards; the cards in ``spread`` go round the
    other seats first (so they are dealt, not left in the stock), then the rest of the deck in
    deck order. ``later`` adds the keys after the deal (bids, trump, bury, plays...)."""
    rules = pl.ruleset(rules_name)
    left = Counter(c.code for c in rules.deck)
    for cards in fixed.values():
        left.subtract(cards.split())
    left.subtract(spread.split())
    assert all(n >= 0 for n in left.values()), f"a card is given twice: {left}"
    order = spread.split()
    for card in rules.deck:
        if left[card.code] > 0:
            left[card.code] -= 1
            order.append(card.code)
    hands = {seat: cards.split() for seat, cards in fixed.items()}
    free = [seat for seat in range(rules.players) if seat not in fixed]
    for i in range(len(free) * rules.hand_size):
        hands.setdefault(free[i % len(free)], []).append(order.pop(0))
    return {
        "format": "pitchlab-hand/1",
        "ruleset": rules_name,
        "dealer": dealer,
        "hands": [hands[seat] for seat in range(rules.players)],
        "stock": order,
        **later,
    }


# (id, record, expected seat, phase, check of the written action)
Check = Callable[[Any], bool]
POSITIONS: list[tuple[str, Record, int, str, Check]] = [
    (
        # everyone else passed: the dealer's one legal action is a bid of 4
        "ten-point-stuck-dealer-bids-4",
        deal("ten-point", 3, {}, bids=["pass", "pass", "pass"]),
        3,
        "bid",
        lambda action: action == 4,
    ),
    (
        # seven spades (and the off-jack JC makes eight trump); no other suit gives more than one
        "ten-point-bidder-names-its-long-suit",
        deal("ten-point", 0, {1: "AS KS QS JS TS 9S 3S JC 4D"}, bids=[6, "pass", "pass", "pass"]),
        1,
        "name trump",
        lambda action: action == "S",
    ),
    (
        # eight hearts, the other eight trump (the ace among them) dealt round the others: seat 2
        # must bury two; the ace is out, so the first trick is not sure to be seat 2's, and the two
        # of trump goes first, as it scores for its holder buried or not (the two's ruling)
        "ten-point-bury-the-two-first",
        deal(
            "ten-point",
            0,
            {2: "KH QH JH TH 9H 8H 3H 2H 4S"},
            "AH 7H 6H 5H 4H JD JK JK",
            bids=["pass", 5, "pass", "pass"],
            trump="H",
        ),
        2,
        "bury",
        lambda action: action == ["2H"],
    ),
    (
        # the second bury: of the seven left, K Q 9 8 carry no point; the lowest of them is 8H
        "ten-point-second-bury-lowest-pointless",
        deal(
            "ten-point",
            0,
            {2: "KH QH JH TH 9H 8H 3H 2H 4S"},
            "AH 7H 6H 5H 4H JD JK JK",
            bids=["pass", 5, "pass", "pass"],
            trump="H",
            bury=[[], [], ["2H"], []],
        ),
        2,
        "bury",
        lambda action: action == ["8H"],
    ),
    (
        # the stuck dealer bid and named hearts holding one heart; every other trump is dealt
        # to the others, so it drew none: it leads its only trump, the 3H
        "ten-point-lead-the-only-trump",
        deal(
            "ten-point",
            0,
            {0: "3H AS KS QS 9S 8C 7C 6C 5C"},
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 2H JD JK JK",
            bids=["pass", "pass", "pass", 4],
            trump="H",
        ),
        0,
        "play",
        lambda action: action == "3H",
    ),
    (
        # the pitcher led AS, so spades are trump; a trump lead must be followed with trump
        # if possible, and seat 2's one spade is the 4S
        "auction-pitch-follow-with-the-only-trump",
        deal(
            "auction-pitch",
            0,
            {1: "AS KD QD 7C 5C 3H", 2: "4S KH QH 7H 5D 6C"},
            bids=[2, "pass", "pass", "pass"],
            plays=["AS"],
        ),
        2,
        "play",
        lambda action: action == "4S",
    ),
    (
        # hearts trump: throw the junk 7C 4D to draw for trump, never a trump
        "cutthroat-discard-keeps-trump",
        deal("cutthroat", 0, {1: "AH KH 2H AS 7C 4D"}, bids=[2, "pass", "pass"], trump="H"),
        1,
        "discard",
        lambda action: {"7C", "4D"} <= set(action) and not {"AH", "KH", "2H"} & set(action),
    ),
    (
        # spades trump; the bidder holds A K Q 3 2 and the off-jack JC: the highest trump
        # it does not hold is the JS, whose holder is strong where the bidder is
        "call-partner-calls-the-highest-trump-missing",
        deal(
            "call-partner",
            0,
            {2: "AS KS QS 3S 2S JC 9D 8D 7C"},
            "JS TS 9S 8S 7S 6S 5S 4S JK JK",
            bids=["pass", 5, "pass", "pass"],
            trump="S",
        ),
        2,
        "call a partner",
        lambda action: action == "JS",
    ),
    (
        # a hand whose best card is a ten may be thrown in for a new deal (two-handed)
        "two-handed-may-throw-in",
        deal("two-handed", 0, {1: "TS 9S 8S 7H 6H 5D 4D 3C 2C"}, bids=[]),
        1,
        "bid",
        lambda action: action in ("pass", 2, 3, 4, "throw-in"),
    ),
]


def legal_written(record: Record, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> list[Any]:
    """The legal actions as ``replay`` lists them for the position."""
    run = run_main(["replay", str(write(tmp_path / "position.json", record))], capsys)
    assert run.status == 0, run.err
    report = json.loads(run.out)
    assert report["complete"] is False
    legal: list[Any] = report["legal"]
    return legal


def extended(record: Record, seat: int, phase: str, action: Any) -> Record:
    """The record one decision further: ``action`` written where the record format keeps it."""
    doc: Record = json.loads(json.dumps(record))
    players = len(doc["hands"])
    if phase == "bid":
        doc.setdefault("bids", []).append(action)
    elif phase == "name trump":
        doc["trump"] = action
    elif phase == "discard":
        doc["discard"] = doc.get("discard") or [None] * players
        doc["discard"][seat] = action
    elif phase == "bury":
        doc["bury"] = doc.get("bury") or [[] for _ in range(players)]
        doc["bury"][seat] += action
    elif phase == "call a partner":
        doc["call"] = action
    else:
        assert phase == "play", phase
        doc.setdefault("plays", []).append(action)
    return doc


@pytest.mark.parametrize(
    ("record", "seat", "phase", "check"), [pytest.param(*case[1:], id=case[0]) for case in POSITIONS]
)
def test_decide_answers_every_phase_with_a_legal_action_and_its_reason(
    record: Record,
    seat: int,
    phase: str,
    check: Check,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    legal = legal_written(record, capsys, tmp_path)
    run = run_main(["decide", str(tmp_path / "position.json")], capsys)
    assert run.status == 0 and run.err == "", run.err
    assert run.out.count("\n") == 1, "one JSON object on one line"
    report = json.loads(run.out)
    assert {"seat", "action", "why", "claims"} <= set(report)
    assert report["seat"] == seat and report["phase"] == phase
    assert isinstance(report["why"], str) and len(report["why"].split()) >= 3, report["why"]
    assert isinstance(report["claims"], list)
    assert report["why"].startswith(f"{report['principle']} — "), report  # the principle opens it
    assert all(isinstance(c, dict) and isinstance(c.get("kind"), str) for c in report["claims"])
    action = report["action"]
    assert check(action), f"{action!r}: {report['why']}"
    if phase == "bury":  # the record lists a seat's buries; replay lists the one card to bury now
        assert isinstance(action, list) and len(action) == 1 and action[0] in legal
    elif phase == "discard":
        assert sorted(action) in [sorted(a) for a in legal]
    else:
        assert action in legal
    after = pl.from_record(extended(record, seat, phase, action))  # raises if written wrongly
    assert pl.to_record(after) != pl.to_record(pl.from_record(record)), "the action was not taken"


def test_the_default_player_is_strong_where_it_can_search_else_rule_based(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ten = POSITIONS[1][1]
    pitch = POSITIONS[5][1]
    for record, expected in ((ten, f"strong ({ADVISOR_SAMPLES} samples)"), (pitch, "rule-based")):
        run = run_main(["decide", str(write(tmp_path / "p.json", record))], capsys)
        assert json.loads(run.out)["player"] == expected
    assert isinstance(advisor(pl.ruleset("ten-point")), StrongPlayer)
    assert advisor(pl.ruleset("auction-pitch")).name == "rule-based"


@pytest.mark.parametrize("spec", ["rule-based", "estimate", "random", "strong:3"])
def test_player_takes_the_tournament_names(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mid-play in ten-point with several cards open, each named player answers legally."""
    hand = pl.Hand.deal(dealer=1, seed=21)
    pl.play_hand(hand, [pl.RuleBasedPlayer(bidding="ladder")] * 4)
    record = pl.to_record(hand)
    plays = record["plays"]
    # the first place from the fifth card on where the seat to act has a choice
    cut = next(
        k
        for k in range(5, len(plays))
        if len(pl.from_record({**record, "plays": plays[:k]}).legal_actions()) > 1
    )
    record["plays"] = plays[:cut]
    legal = legal_written(record, capsys, tmp_path)
    assert len(legal) > 1
    run = run_main(["decide", str(tmp_path / "position.json"), "--player", spec, "--seed", "3"], capsys)
    assert run.status == 0, run.err
    report = json.loads(run.out)
    assert report["action"] in legal
    assert report["player"] == cli.player(spec, "3").name  # type: ignore[attr-defined]
    again = run_main(["decide", str(tmp_path / "position.json"), "--player", spec, "--seed", "3"], capsys)
    assert again.out == run.out, "the same seed gives the same answer"


def test_claims_are_printed_as_their_json() -> None:
    """A bot that gives claims has them printed as ``to_json`` writes them."""

    class Claimer:
        name = "claimer"

        def decide(self, view: SeatView) -> Decision:
            return Decision(pl.PASS, "nobody has bid yet", (HighBid(0),))

    hand = pl.from_record(deal("ten-point", 0, {}, bids=[]))
    report = advise(hand, Claimer()).to_json(hand.rules)
    assert report["claims"] == [{"kind": "high_bid", "bid": 0}]
    assert report == {
        "seat": 1,
        "phase": "bid",
        "action": "pass",
        "principle": None,  # a bot of its own names none
        "why": "nobody has bid yet",
        "claims": [{"kind": "high_bid", "bid": 0}],
        "player": "claimer",
    }


def test_an_illegal_choice_by_a_bot_is_not_passed_on() -> None:
    class Cheat:
        name = "cheat"

        def decide(self, view: SeatView) -> Decision:
            return Decision(Bid(3), "too low")

    hand = pl.from_record(deal("ten-point", 0, {}, bids=[]))
    with pytest.raises(pl.IllegalAction, match="seat 1"):
        advise(hand, Cheat())


@pytest.mark.parametrize("failure", [pl.PitchError("no deal fits"), ValueError("a bug")])
def test_a_failing_advisor_falls_back_to_the_rule_based_bot(
    failure: Exception, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Stuck:
        name = "stuck"

        def decide(self, view: SeatView) -> Decision:
            raise failure

    monkeypatch.setattr("pitchlab.bots.advice.advisor", lambda rules, seed=0, bidding="game": Stuck())
    hand = pl.from_record(POSITIONS[0][1])
    advice = advise(hand)
    assert advice.player == "rule-based" and advice.action == Bid(4)
    with pytest.raises(type(failure), match=str(failure)):
        advise(hand, Stuck())  # a player asked for by name is not replaced


def test_written_follows_the_record_format() -> None:
    """Hand-worked: Missouri eleven's moon is a bid of 11, written "moon"; a 10 stays a number."""
    missouri = pl.ruleset("missouri-eleven")
    assert missouri.moon_bid == 11
    assert written(Bid(11), missouri) == "moon"
    assert written(Bid(10), missouri) == 10
    ten = pl.ruleset("ten-point")
    assert written(Pass(), ten) == "pass"
    assert written(pl.THROW_IN, ten) == "throw-in"
    assert written(NameTrump(pl.Suit.CLUBS), ten) == "C"
    assert written(Bury(pl.Card("2H")), ten) == ["2H"]
    assert written(Discard((pl.Card("7C"), pl.Card("TH"))), ten) == ["7C", "TH"]


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(("mutate", "expected"), [pytest.param(m, e, id=name) for name, m, e in CASES])
def test_a_bad_record_is_refused_exactly_as_replay_refuses_it(
    mutate: Mutation,
    expected: Callable[[Base], tuple[str, ...]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    b = base()
    path = str(write(tmp_path / "bad.json", mutate(b)))
    replayed = run_main(["replay", path], capsys)
    decided = run_main(["decide", path], capsys)
    assert_one_line_error(decided, *expected(b))
    assert decided == replayed


def _finished() -> Record:
    return pl.to_record(pl.from_record(base().record))


def _thrown_in() -> Record:
    return deal("two-handed", 0, {1: "TS 9S 8S 7H 6H 5D 4D 3C 2C"}, bids=["throw-in"])


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        pytest.param(_finished, ("finished hand", "decision"), id="finished"),
        pytest.param(_thrown_in, ("void deal", "decision"), id="thrown-in"),
    ],
)
def test_a_record_with_no_decision_pending_is_refused_in_one_line(
    document: Callable[[], Record],
    expected: Sequence[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(tmp_path / "done.json", document())
    assert run_main(["replay", str(path)], capsys).status == 0  # a good record, just complete
    assert_one_line_error(run_main(["decide", str(path)], capsys), "done.json", *expected)


def test_an_unknown_player_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path / "p.json", POSITIONS[0][1])
    run = run_main(["decide", str(path), "--player", "genius"], capsys)
    assert_one_line_error(run, "pitchlab decide", "genius", "rule-based")
    assert_one_line_error(run_main(["decide", str(path), "--seed", "x"], capsys), "--seed")
    assert_one_line_error(run_main(["decide"], capsys), "FILE")


def test_subprocess_decide_reads_stdin_and_refuses_bad_input() -> None:
    """The real entry point: a position on standard input gives one JSON line; junk, one error line."""
    run = run_cli(["decide", "-"], stdin=json.dumps(POSITIONS[4][1]))
    assert run.status == 0, run.err
    assert json.loads(run.out)["action"] == "3H"
    assert_one_line_error(run_cli(["decide", "-"], stdin="{not json"), "-:", "json")


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_every_decision_of_a_hand_written_back_replays_to_the_same_hand(name: str) -> None:
    """Through a whole seeded hand of each ruleset: at every decision, the advice written into
    the position's record (as ``decide`` prints it) replays to exactly the hand that taking the
    action gives. The rule-based bot answers, so the walk is quick."""
    rules = pl.ruleset(name)
    hand = pl.Hand.deal(rules, 0, seed=11)
    phases = set()
    while not hand.is_over:
        record = pl.to_record(hand)
        advice = advise(hand, pl.RuleBasedPlayer())
        phases.add(str(advice.phase))
        report = advice.to_json(rules)
        assert json.loads(json.dumps(report)) == report  # plain JSON
        hand.apply(advice.action, advice.seat)
        replayed = pl.from_record(extended(record, advice.seat, report["phase"], report["action"]))
        assert pl.to_record(replayed) == pl.to_record(hand), (name, report)
    wanted = {"bid", "play"} if rules.auction else {"play"}  # simple-pitch: no auction at all
    assert wanted <= phases or hand.redeal is not None, phases
