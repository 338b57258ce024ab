"""The command line: ``python -m pitchlab replay|deal|simulate``.

HAND-RECORD.md makes the command line a contract: ``replay`` prints one JSON
object per record, one per line, in order; a bad record (or a file that is not
JSON) exits with status 2, prints exactly one line on standard error naming
what is wrong and where, prints nothing on standard output, and never shows a
traceback. Most checks run ``pitchlab.cli.main`` in-process for speed; a few
run the real ``python -m pitchlab`` entry point in a subprocess.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import pitchlab as pl
from pitchlab import cli
from pitchlab.bots import solver
from pitchlab.engine.record import loads, to_record
from tests.test_analysis import KNOWN_FIRST_TRICKS, late_position

Record = dict[str, Any]
ROOT = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------- runners


@dataclass(frozen=True)
class Run:
    status: int
    out: str
    err: str


def run_main(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> Run:
    """``cli.main`` in-process; an exception escaping it is what a user sees as a traceback."""
    capsys.readouterr()
    try:
        status = cli.main(list(argv))
    except SystemExit as exc:  # argparse's --help and friends
        status = exc.code if isinstance(exc.code, int) else 1
    except Exception as exc:
        captured = capsys.readouterr()
        pytest.fail(
            f"main({list(argv)}) raised {type(exc).__name__}: {exc!s:.200} (a traceback for the user);"
            f" stdout={captured.out!r:.200} stderr={captured.err!r:.200}"
        )
    captured = capsys.readouterr()
    return Run(status, captured.out, captured.err)


def run_cli(args: Sequence[str], stdin: str | None = None) -> Run:
    """The real entry point, ``python -m pitchlab``, in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run(
        [sys.executable, "-m", "pitchlab", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)


def assert_one_line_error(run: Run, *expected: str) -> None:
    """Status 2, nothing on stdout, exactly one non-empty line on stderr, no traceback,
    and every expected fragment (case-insensitive) in that line."""
    assert run.status == 2, f"status {run.status}, stderr {run.err!r}"
    assert run.out == "", f"stdout must stay empty on error, got {run.out!r}"
    assert "Traceback" not in run.err, run.err
    lines = run.err.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}: {run.err!r}"
    assert lines[0].strip(), "the error line is empty"
    for fragment in expected:
        assert fragment.lower() in lines[0].lower(), f"{fragment!r} not in {lines[0]!r}"


# --------------------------------------------------------------------------- records


def played(seed: int, dealer: int = 0) -> pl.Hand:
    hand = pl.Hand.deal(dealer=dealer, seed=seed)
    pl.play_hand(hand, [pl.RuleBasedPlayer()] * 4)
    return hand


def write(path: Path, document: object) -> Path:
    """Write a record (any JSON value) or, given bytes, raw file content."""
    if isinstance(document, bytes):
        path.write_bytes(document)
    else:
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


@dataclass(frozen=True)
class Base:
    """A complete rule-based hand in which every situation the bad-record table needs
    occurs, with the facts each mutation uses. Found by searching seeds (the engine
    evolves, so no seed is hard-coded) and asserted, so no case can silently pass."""

    record: Record
    seed: int
    dealer: int
    bury_seat: int
    """A seat that buries at least one trump."""
    extra_trump: str
    """A trump the bury seat keeps and plays (burying it too is one too many)."""
    foreign_bury: str
    """A card the bury seat does not hold."""
    quiet_seat: int
    """A seat with nothing to bury."""
    quiet_card: str
    """A trump the quiet seat holds (and plays)."""
    leader: int
    """Who leads the first trick."""
    foreign_play: str
    """A trump held by another seat, so the leader cannot play it."""
    dead_index: int
    dead_seat: int
    dead_card: str
    """At plays[dead_index], dead_seat is to act and holds this non-trump card."""

    def doc(self) -> Record:
        return copy.deepcopy(self.record)

    def set(self, path: Sequence[str | int], value: object) -> Record:
        """A copy with the value at ``path`` (keys and list indices) replaced."""
        doc = self.doc()
        target: Any = doc
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        return doc

    def drop(self, *keys: str) -> Record:
        doc = self.doc()
        for key in keys:
            del doc[key]
        return doc

    def position(self, bids: object, **keys: object) -> Record:
        """The deal with these bids and nothing later, plus any extra keys."""
        doc = self.drop("trump", "bury", "plays")
        doc["bids"] = bids
        doc.update(keys)
        return doc


def _played_by(hand: pl.Hand) -> list[tuple[str, int]]:
    return [(c.code, s) for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True)]


def _dead_moment(record: Record) -> tuple[int, int, str] | None:
    """The first play index where the seat to act holds a dead (non-trump) card."""
    for i in range(len(record["plays"])):
        hand = pl.from_record({**record, "plays": record["plays"][:i]})
        seat = hand.to_act
        assert seat is not None
        assert hand.trump is not None
        dead = [c for c in hand.hand_of(seat) if not hand.rules.is_trump(c, hand.trump)]
        if dead:
            return i, seat, dead[0].code
    return None


@functools.cache
def base() -> Base:
    for seed in range(500):
        dealer = seed % 4
        hand = played(seed, dealer)
        record = pl.to_record(hand)
        bury_seats = [s for s in range(4) if record["bury"][s]]
        if not bury_seats:
            continue
        moment = _dead_moment(record)
        if moment is None:
            continue
        plays = _played_by(hand)
        b = bury_seats[0]
        quiet = [s for s in range(4) if not record["bury"][s] and any(p == s for _, p in plays)]
        kept = [c for c, s in plays if s == b]
        others = [c for c, s in plays if s != b and c != "JK"]
        leader = hand.tricks[0].leader
        foreign_plays = [c for c, s in plays if s != leader and c != "JK"]
        if not (quiet and kept and others and foreign_plays):
            continue
        q = quiet[0]
        return Base(
            record=record,
            seed=seed,
            dealer=dealer,
            bury_seat=b,
            extra_trump=kept[0],
            foreign_bury=others[0],
            quiet_seat=q,
            quiet_card=next(c for c, s in plays if s == q),
            leader=leader,
            foreign_play=foreign_plays[0],
            dead_index=moment[0],
            dead_seat=moment[1],
            dead_card=moment[2],
        )
    raise AssertionError("no seed in range(500) gives a hand with a bury and a dead card in play")


def test_base_hand_has_every_situation() -> None:
    """The fixture hand is a valid complete record with a bury and a dead card to misplay."""
    b = base()
    hand = pl.from_record(b.doc())
    assert hand.is_over
    assert hand.buried_by(b.bury_seat)
    assert not hand.buried_by(b.quiet_seat)
    assert hand.trump is not None
    assert not hand.rules.is_trump(pl.Card(b.dead_card), hand.trump)
    held_by_bury_seat = [c for c, s in _played_by(hand) if s == b.bury_seat] + b.record["bury"][b.bury_seat]
    assert b.foreign_bury not in held_by_bury_seat
    assert b.extra_trump in held_by_bury_seat
    assert b.quiet_card in [c for c, s in _played_by(hand) if s == b.quiet_seat]


# ------------------------------------------------------------------ bad records

Mutation = Callable[[Base], object]


def _duplicate(b: Base) -> Record:
    """Seat 0 is given a (non-joker) card that seat 1 also holds."""
    doc = b.doc()
    doc["hands"][0][0] = next(c for c in doc["hands"][1] if c != "JK")
    return doc


def _duplicate_code(b: Base) -> str:
    code: str = next(c for c in b.record["hands"][1] if c != "JK")
    return code


def _short_hand(b: Base) -> Record:
    doc = b.doc()
    doc["stock"].append(doc["hands"][0].pop())
    return doc


def _long_hand(b: Base) -> Record:
    doc = b.doc()
    doc["hands"][2].append(doc["stock"].pop(0))
    return doc


def _three_hands(b: Base) -> Record:
    doc = b.doc()
    doc["stock"] += doc["hands"].pop()
    return doc


def _bury_too_many(b: Base) -> Record:
    doc = b.doc()
    doc["bury"][b.bury_seat].append(b.extra_trump)
    return doc


def _bury_after_bids_unfinished(b: Base) -> Record:
    doc = b.position(b.record["bids"][:3])
    doc["bury"] = copy.deepcopy(b.record["bury"])
    return doc


# (id, mutation, fragments the error line must contain)
CASES: list[tuple[str, Mutation, Callable[[Base], tuple[str, ...]]]] = [
    # --- not a record at all
    ("not-json", lambda b: b"{this is not json", lambda b: ("json",)),
    ("empty-file", lambda b: b"", lambda b: ("json",)),
    ("truncated-json", lambda b: json.dumps(b.record)[:-5].encode(), lambda b: ("json",)),
    ("not-utf8", lambda b: b'{"format": "\xff\xfe"}', lambda b: ()),
    ("deeply-nested-json", lambda b: b"[" * 100_000 + b"]" * 100_000, lambda b: ()),
    (
        "integer-too-long-for-python",
        lambda b: re.sub(r'"dealer": \d+', '"dealer": ' + "1" * 5000, json.dumps(b.record), count=1).encode(),
        lambda b: ("dealer",),
    ),
    ("not-an-object-list", lambda b: [b.record], lambda b: ("object",)),
    ("not-an-object-string", lambda b: "pitchlab-hand/1", lambda b: ("object",)),
    ("not-an-object-null", lambda b: None, lambda b: ("object",)),
    # --- keys
    ("unknown-key", lambda b: {**b.doc(), "comment": "hi"}, lambda b: ("comment",)),
    ("unknown-key-case", lambda b: {**b.doc(), "Trump": "H"}, lambda b: ("Trump",)),
    ("missing-format", lambda b: b.drop("format"), lambda b: ("format", "missing")),
    ("missing-ruleset", lambda b: b.drop("ruleset"), lambda b: ("ruleset", "missing")),
    ("missing-dealer", lambda b: b.drop("dealer"), lambda b: ("dealer", "missing")),
    ("missing-hands", lambda b: b.drop("hands"), lambda b: ("hands", "missing")),
    ("missing-stock", lambda b: b.drop("stock"), lambda b: ("stock", "missing")),
    ("wrong-format", lambda b: b.set(["format"], "pitchlab-hand/2"), lambda b: ("format", "hand/2")),
    ("format-not-string", lambda b: b.set(["format"], 1), lambda b: ("format",)),
    ("unknown-ruleset", lambda b: b.set(["ruleset"], "nine-point"), lambda b: ("ruleset", "nine-point")),
    ("ruleset-not-string", lambda b: b.set(["ruleset"], ["ten-point"]), lambda b: ("ruleset",)),
    # --- dealer
    ("dealer-too-high", lambda b: b.set(["dealer"], 4), lambda b: ("dealer", "4")),
    ("dealer-negative", lambda b: b.set(["dealer"], -1), lambda b: ("dealer", "-1")),
    ("dealer-string", lambda b: b.set(["dealer"], "0"), lambda b: ("dealer",)),
    ("dealer-bool", lambda b: b.set(["dealer"], True), lambda b: ("dealer",)),
    ("dealer-float", lambda b: b.set(["dealer"], 1.5), lambda b: ("dealer",)),
    ("dealer-null", lambda b: b.set(["dealer"], None), lambda b: ("dealer",)),
    # --- the deal
    ("three-hands", _three_hands, lambda b: ("hands", "3")),
    ("five-hands", lambda b: b.set(["hands"], [*b.record["hands"], []]), lambda b: ("hands", "5")),
    ("hands-not-list", lambda b: b.set(["hands"], "AS KS"), lambda b: ("hands",)),
    ("hand-not-list", lambda b: b.set(["hands", 2], "AS KS"), lambda b: ("hands[2]",)),
    ("stock-not-list", lambda b: b.set(["stock"], {"top": "AS"}), lambda b: ("stock",)),
    ("bad-card-in-hand", lambda b: b.set(["hands", 1, 4], "ZZ"), lambda b: ("hands[1][4]", "ZZ")),
    ("bad-card-in-stock", lambda b: b.set(["stock", 2], "1H"), lambda b: ("stock[2]", "1H")),
    ("bad-card-11", lambda b: b.set(["hands", 3, 0], "11S"), lambda b: ("hands[3][0]", "11S")),
    ("card-as-number", lambda b: b.set(["hands", 0, 0], 7), lambda b: ("hands[0][0]",)),
    ("card-as-null", lambda b: b.set(["stock", 0], None), lambda b: ("stock[0]",)),
    ("bad-card-in-plays", lambda b: b.set(["plays", 3], "10X"), lambda b: ("plays[3]", "10X")),
    (
        "bad-card-in-bury",
        lambda b: b.set(["bury", b.bury_seat, 0], "??"),
        lambda b: (f"bury[{b.bury_seat}][0]", "??"),
    ),
    ("card-not-in-deck", lambda b: b.set(["hands", 0, 0], "JKH"), lambda b: ("JKH",)),
    ("duplicate-card", _duplicate, lambda b: ("hands", _duplicate_code(b))),
    (
        "missing-card",
        lambda b: b.set(["stock"], b.record["stock"][:-1]),
        lambda b: ("missing", b.record["stock"][-1]),
    ),
    ("hand-of-eight", _short_hand, lambda b: ("seat 0", "8")),
    ("hand-of-ten", _long_hand, lambda b: ("seat 2", "10")),
    # --- bids
    ("bids-not-list", lambda b: b.position("pass pass"), lambda b: ("bids",)),
    ("bid-word", lambda b: b.position(["five"]), lambda b: ("bids[0]", "five")),
    ("bid-float", lambda b: b.position(["pass", 5.5]), lambda b: ("bids[1]", "5.5")),
    ("bid-bool", lambda b: b.position([True]), lambda b: ("bids[0]",)),
    ("bid-null", lambda b: b.position(["pass", None]), lambda b: ("bids[1]",)),
    ("bid-list", lambda b: b.position([[5]]), lambda b: ("bids[0]",)),
    ("bid-too-low", lambda b: b.position([6, 5]), lambda b: ("bids[1]", f"seat {(b.dealer + 2) % 4}", "6")),
    ("bid-equal", lambda b: b.position([6, "pass", 6]), lambda b: ("bids[2]", f"seat {(b.dealer + 3) % 4}")),
    ("bid-eleven", lambda b: b.position([11]), lambda b: ("bids[0]", "10")),
    ("bid-three", lambda b: b.position(["pass", 3]), lambda b: ("bids[1]", "4")),
    ("bid-zero", lambda b: b.position([0]), lambda b: ("bids[0]", "4")),
    ("bid-negative", lambda b: b.position([-5]), lambda b: ("bids[0]", "4")),
    (
        "stuck-dealer-passes",
        lambda b: b.position(["pass"] * 4),
        lambda b: ("bids[3]", f"seat {b.dealer}", "4"),
    ),
    ("too-many-bids", lambda b: b.set(["bids"], [*b.record["bids"], "pass"]), lambda b: ("bids[4]",)),
    # --- trump
    (
        "trump-before-bidding-done",
        lambda b: b.position(b.record["bids"][:3], trump="H"),
        lambda b: ("trump", "bid"),
    ),
    ("bury-before-bidding-done", _bury_after_bids_unfinished, lambda b: ("bury", "bid")),
    (
        "plays-before-bidding-done",
        lambda b: b.position(b.record["bids"][:2], plays=b.record["plays"][:1]),
        lambda b: ("plays", "bid"),
    ),
    ("plays-without-trump", lambda b: b.drop("trump"), lambda b: ("trump",)),
    ("trump-letter-x", lambda b: b.set(["trump"], "X"), lambda b: ("trump", "X")),
    ("trump-word", lambda b: b.set(["trump"], "hearts"), lambda b: ("trump", "hearts")),
    ("trump-number", lambda b: b.set(["trump"], 1), lambda b: ("trump",)),
    ("trump-empty", lambda b: b.set(["trump"], ""), lambda b: ("trump",)),
    # --- bury
    (
        "plays-with-bury-missing",
        lambda b: b.set(["bury"], [[], [], [], []]),
        lambda b: ("plays", f"seat {b.bury_seat}", "bury"),
    ),
    (
        "plays-with-bury-key-absent",
        lambda b: b.drop("bury"),
        lambda b: ("plays", f"seat {b.bury_seat}", "bury"),
    ),
    (
        "bury-by-seat-with-nothing-to-bury",
        lambda b: b.set(["bury", b.quiet_seat], [b.quiet_card]),
        lambda b: (f"bury[{b.quiet_seat}]", f"seat {b.quiet_seat}"),
    ),
    (
        "bury-too-many",
        _bury_too_many,
        lambda b: (f"bury[{b.bury_seat}]", f"seat {b.bury_seat}", "6"),
    ),
    (
        "bury-card-not-held",
        lambda b: b.set(["bury", b.bury_seat, 0], b.foreign_bury),
        lambda b: (f"bury[{b.bury_seat}]", f"seat {b.bury_seat}", b.foreign_bury),
    ),
    ("bury-wrong-shape", lambda b: b.set(["bury"], [[]]), lambda b: ("bury",)),
    ("bury-not-list", lambda b: b.set(["bury"], "JH"), lambda b: ("bury",)),
    # --- plays
    ("plays-not-list", lambda b: b.set(["plays"], "AH KH"), lambda b: ("plays",)),
    # false and {} are not "left out or empty": they break the format like any other non-list
    ("plays-false", lambda b: b.set(["plays"], False), lambda b: ("plays",)),
    ("plays-object", lambda b: b.set(["plays"], {}), lambda b: ("plays",)),
    (
        "play-card-not-in-hand",
        lambda b: b.set(["plays", 0], b.foreign_play),
        lambda b: ("plays[0]", f"seat {b.leader}", b.foreign_play),
    ),
    (
        "play-dead-card",
        lambda b: b.set(["plays", b.dead_index], b.dead_card),
        lambda b: (f"plays[{b.dead_index}]", f"seat {b.dead_seat}", b.dead_card, "trump"),
    ),
    (
        "play-after-hand-over",
        lambda b: b.set(["plays"], [*b.record["plays"], b.record["plays"][0]]),
        lambda b: (f"plays[{len(b.record['plays'])}]", "over"),
    ),
]


@pytest.mark.parametrize(("mutate", "expected"), [pytest.param(m, e, id=name) for name, m, e in CASES])
def test_bad_record_is_one_line_on_stderr_and_status_2(
    mutate: Mutation,
    expected: Callable[[Base], tuple[str, ...]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every kind of bad record: status 2, one line naming what and where, empty
    stdout, no traceback (HAND-RECORD.md, 'The command line')."""
    b = base()
    path = write(tmp_path / "bad.json", mutate(b))
    assert_one_line_error(run_main(["replay", str(path)], capsys), *expected(b))


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [pytest.param(m, e, id=name) for name, m, e in CASES if name != "not-utf8"],
)
def test_bad_record_raises_bad_record_in_the_library(
    mutate: Mutation, expected: Callable[[Base], tuple[str, ...]]
) -> None:
    """``pl.loads`` is what the CLI relies on: every bad record must come out as
    ``BadRecord`` (a ``PitchError``) with the same where-and-what, nothing else."""
    b = base()
    document = mutate(b)
    text = document.decode() if isinstance(document, bytes) else json.dumps(document)
    with pytest.raises(pl.BadRecord) as info:
        pl.loads(text)
    for fragment in expected(b):
        assert fragment.lower() in str(info.value).lower(), f"{fragment!r} not in {info.value}"


def test_mutations_start_from_a_good_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The unmutated base record replays cleanly, so each error above comes from its mutation."""
    path = write(tmp_path / "good.json", base().record)
    run = run_main(["replay", str(path)], capsys)
    assert run.status == 0, run.err
    assert json.loads(run.out)["complete"] is True


@pytest.mark.parametrize("kind", ["missing-file", "directory"])
def test_unreadable_path_is_one_line_error(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A path that is not a readable file is reported by name, in one line, status 2."""
    path = tmp_path / "no-such-record.json"
    if kind == "directory":
        path = tmp_path / "a-directory"
        path.mkdir()
    assert_one_line_error(run_main(["replay", str(path)], capsys), path.name)


def test_bad_file_after_good_ones_prints_nothing_on_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing on stdout on error, even for the good records before the bad one."""
    good = write(tmp_path / "good.json", pl.to_record(played(1)))
    bad = write(tmp_path / "bad.json", base().set(["dealer"], 9))
    run = run_main(["replay", str(good), str(good), str(bad)], capsys)
    assert_one_line_error(run, "dealer")


# ---------------------------------------------------------------- replay success


def test_replay_prints_one_object_per_record_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line per FILE, in the order given, each the replay summary of its record;
    positions and repeats included."""
    hands = [played(seed, dealer=seed % 4) for seed in (5, 6, 7)]
    position = pl.Hand.deal(seed=8, dealer=2)
    position.apply(pl.PASS)
    records = [pl.to_record(h) for h in [*hands, position]]
    paths = [write(tmp_path / f"r{i}.json", r) for i, r in enumerate(records)]
    order = [paths[2], paths[0], paths[3], paths[1], paths[0]]
    run = run_main(["replay", *map(str, order)], capsys)
    assert run.status == 0, run.err
    assert run.err == ""
    lines = run.out.splitlines()
    assert len(lines) == len(order)
    objects = [json.loads(line) for line in lines]
    assert all(isinstance(o, dict) for o in objects)
    expected = [pl.summary(pl.from_record(json.loads(p.read_text()))) for p in order]
    assert objects == expected
    assert [o["complete"] for o in objects] == [True, True, False, True, True]
    for obj, path in zip(objects, order, strict=True):
        record = json.loads(path.read_text())
        if obj["complete"]:
            for key in ("bidder", "bid", "trump", "drawn", "tricks", "points", "made", "score_change"):
                assert key in obj
            assert obj["trump"] == record["trump"]
            assert sum(obj["points"]) == 10
            assert [c for t in obj["tricks"] for c in t["cards"]] == record["plays"]
        else:
            assert obj["phase"] == pl.Phase.BID.value
            assert obj["to_act"] == (2 + 2) % 4  # dealer 2, one pass: the second bidder
            assert obj["legal"] == ["pass", 4, 5, 6, 7, 8, 9, 10]


def test_replay_dash_reads_stdin_in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-`` reads the record from standard input."""
    hand = played(9)
    monkeypatch.setattr(sys, "stdin", io.StringIO(pl.dumps(hand)))
    run = run_main(["replay", "-"], capsys)
    assert run.status == 0, run.err
    assert [json.loads(line) for line in run.out.splitlines()] == [pl.summary(hand)]


def test_replay_dash_mixes_with_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-`` takes its place in the order like any file."""
    first, second = played(10), played(11)
    path = write(tmp_path / "second.json", pl.to_record(second))
    monkeypatch.setattr(sys, "stdin", io.StringIO(pl.dumps(first, indent=None)))
    run = run_main(["replay", str(path), "-"], capsys)
    assert run.status == 0, run.err
    assert [json.loads(line) for line in run.out.splitlines()] == [pl.summary(second), pl.summary(first)]


def test_replay_bad_stdin_is_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad input on stdin follows the same error contract as a bad file."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("not json at all"))
    assert_one_line_error(run_main(["replay", "-"], capsys), "json")


# --------------------------------------------------------------------- deal


def test_deal_prints_a_complete_reproducible_record(capsys: pytest.CaptureFixture[str]) -> None:
    """``deal --seed N``: a valid record that replays to a complete hand; the same seed
    gives the same text, another seed another deal."""
    first = run_main(["deal", "--seed", "21"], capsys)
    again = run_main(["deal", "--seed", "21"], capsys)
    other = run_main(["deal", "--seed", "22"], capsys)
    for run in (first, again, other):
        assert run.status == 0, run.err
        assert run.err == ""
    assert first.out == again.out
    record = json.loads(first.out)
    assert record["format"] == "pitchlab-hand/1"
    assert record["dealer"] == 0
    hand = pl.from_record(record)
    assert hand.is_over
    assert pl.to_record(hand) == record
    assert json.loads(other.out)["hands"] != record["hands"]


def test_deal_takes_a_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    """``--dealer`` sets the dealer of the record (bidding starts at its left)."""
    run = run_main(["deal", "--seed", "4", "--dealer", "2"], capsys)
    assert run.status == 0, run.err
    record = json.loads(run.out)
    assert record["dealer"] == 2
    assert pl.from_record(record).is_over


# ----------------------------------------------------------------- simulate


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """The table form: status 0, nothing on stderr, mentions how many hands."""
    run = run_main(["simulate", "--hands", "12", "--seed", "3"], capsys)
    assert run.status == 0, run.err
    assert run.err == ""
    assert "12" in run.out
    assert len(run.out.splitlines()) >= 2


def test_simulate_json_is_one_consistent_object(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json``: exactly one JSON object; rates are rates, every hand scores 10 points
    so the seat means sum to 10, and the same seed gives the same statistics."""
    run = run_main(["simulate", "--hands", "16", "--seed", "5", "--json"], capsys)
    assert run.status == 0, run.err
    lines = run.out.splitlines()
    assert len(lines) == 1
    report = json.loads(lines[0])
    assert isinstance(report, dict)
    assert report["hands"] == 16
    assert 0.0 <= report["made_rate"] <= 1.0
    means = report["mean_points_by_seat"]
    assert len(means) == 4
    assert sum(means) == pytest.approx(10.0)
    assert report["hands_per_s"] > 0
    again = json.loads(run_main(["simulate", "--hands", "16", "--seed", "5", "--json"], capsys).out)
    for key in ("made_rate", "mean_points_by_seat", "bids"):
        assert again[key] == report[key]


STRONG = "AS KS 3S JC JK 9H 4D 7C 2C"


def test_chances_prints_a_table_of_bids(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(
        ["chances", STRONG, "--trump", "s", "--position", "3", "--hands", "300", "--seed", "2"], capsys
    )
    assert run.status == 0, run.err
    assert run.err == ""
    lines = run.out.splitlines()
    assert lines[0] == "AS KS 3S JC JK 9H 4D 7C 2C, \u2660 trump, bidding as dealer"
    assert [line.split()[0] for line in lines[2:9]] == [str(b) for b in range(4, 11)]
    assert "300 simulated hands, seed 2; 95% intervals, Wilson intervals for the chances" in run.out
    assert "standard error" not in run.out and "made (95% interval)" in lines[1]
    assert lines[-1].startswith("highest bid that still gains on average:")


def test_chances_json_agrees_with_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    """One JSON object holding exactly what ``simulation.bid_chances`` computes for the same seed."""
    from pitchlab.bots import simulation

    run = run_main(["chances", STRONG, "--trump", "S", "--hands", "300", "--seed", "x", "--json"], capsys)
    assert run.status == 0, run.err
    report = json.loads(run.out)
    expected = simulation.bid_chances(STRONG, "S", hands=300, seed="x")
    assert report["cards"] == STRONG.split()
    assert (report["trump"], report["position"], report["hands"], report["seed"]) == ("S", 0, 300, "x")
    assert list(report["bids"]) == [str(b) for b in range(4, 11)]
    for b in range(4, 11):
        assert report["bids"][str(b)]["made"] == expected.chance(b).value
        assert report["bids"][str(b)]["expected_change"] == expected.expected_change(b).value
        # the 95% intervals: Wilson's for the chance (written out here), value ± 1.96 se for the change
        p, n, z = expected.chance(b).value, 300, 1.959963984540054
        centre, spread = (
            (p + z * z / (2 * n)) / (1 + z * z / n),
            z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)),
        )
        assert report["bids"][str(b)]["made_ci95"] == pytest.approx(
            [max(0.0, centre - spread), min(1.0, centre + spread)]
        )
        change = expected.expected_change(b)
        assert report["bids"][str(b)]["expected_change_ci95"] == pytest.approx(
            [change.value - z * change.se, change.value + z * change.se]
        )
    assert report["top_bid"] == expected.top_bid()


# -------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        pytest.param([], "command", id="no-command"),
        pytest.param(["frob"], "frob", id="unknown-subcommand"),
        pytest.param(["replay"], "FILE", id="replay-without-files"),
        pytest.param(["deal"], "--seed", id="deal-missing-seed"),
        pytest.param(["deal", "--seed", "x"], "--seed", id="deal-seed-not-int"),
        pytest.param(["deal", "--seed", "1", "--dealer", "4"], "dealer", id="deal-bad-dealer"),
        pytest.param(["deal", "--seed", "1", "--ruleset", "nope"], "nope", id="deal-unknown-ruleset"),
        pytest.param(["simulate"], "--hands", id="simulate-missing-hands"),
        pytest.param(["simulate", "--hands", "0"], "--hands", id="simulate-zero-hands"),
        pytest.param(["simulate", "--hands", "-3"], "--hands", id="simulate-negative-hands"),
        pytest.param(["simulate", "--hands", "2", "--frob"], "--frob", id="unknown-option"),
        pytest.param(["chances", STRONG], "--trump", id="chances-without-trump"),
        pytest.param(["chances", "AS KS", "--trump", "S"], "9 cards, not 2", id="chances-short-hand"),
        pytest.param(["chances", STRONG.replace("2C", "ZZ"), "--trump", "S"], "ZZ", id="chances-bad-card"),
        pytest.param(
            ["chances", STRONG.replace("2C", "AS"), "--trump", "S"], "AS appears 2", id="chances-twice"
        ),
        pytest.param(["chances", STRONG, "--trump", "X"], "not a suit", id="chances-bad-suit"),
        pytest.param(
            ["chances", STRONG, "--trump", "S", "--position", "4"], "position", id="chances-position"
        ),
        pytest.param(["chances", STRONG, "--trump", "S", "--hands", "1"], "--hands", id="chances-one-hand"),
        pytest.param(
            ["chances", STRONG, "--trump", "S", "--workers", "0"], "--workers", id="chances-workers"
        ),
    ],
)
def test_bad_usage_is_one_line_error(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Command-line mistakes follow the same contract: status 2, one line, no stdout."""
    assert_one_line_error(run_main(argv, capsys), fragment)


# -------------------------------------------------- the real entry point


def test_subprocess_replay_files_in_order(tmp_path: Path) -> None:
    """``python -m pitchlab replay A B`` prints A's line then B's, status 0."""
    a, b = played(31), played(32)
    pa = write(tmp_path / "a.json", pl.to_record(a))
    pb = write(tmp_path / "b.json", pl.to_record(b))
    run = run_cli(["replay", str(pb), str(pa)])
    assert run.status == 0, run.err
    assert run.err == ""
    assert [json.loads(line) for line in run.out.splitlines()] == [pl.summary(b), pl.summary(a)]


def test_subprocess_replay_stdin() -> None:
    """``-`` reads standard input in the real process too (UTF-8 symbols included)."""
    hand = played(33)
    text = pl.dumps(hand).replace('"TH"', '"10♥"').replace('"AS"', '"a♠"')
    run = run_cli(["replay", "-"], stdin=text)
    assert run.status == 0, run.err
    assert [json.loads(line) for line in run.out.splitlines()] == [pl.summary(hand)]


def test_subprocess_deal_is_reproducible() -> None:
    """Two separate processes with the same seed print the same record, which replays complete."""
    first = run_cli(["deal", "--seed", "77"])
    second = run_cli(["deal", "--seed", "77"])
    assert first.status == 0, first.err
    assert first.out == second.out
    assert pl.loads(first.out).is_over


def test_subprocess_simulate_json() -> None:
    """``simulate --json`` from the real entry point: one object, means summing to 10."""
    run = run_cli(["simulate", "--hands", "8", "--seed", "2", "--json"])
    assert run.status == 0, run.err
    (line,) = run.out.splitlines()
    report = json.loads(line)
    assert sum(report["mean_points_by_seat"]) == pytest.approx(10.0)
    assert {"made_rate", "mean_points_by_seat", "hands_per_s"} <= set(report)


def test_subprocess_bad_record(tmp_path: Path) -> None:
    """A bad record from the real entry point: status 2, one line, no traceback."""
    path = write(tmp_path / "bad.json", base().position(["pass"] * 4))
    assert_one_line_error(run_cli(["replay", str(path)]), "bids[3]")


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"[" * 100_000, id="deeply-nested"),
        pytest.param(b'{"dealer": ' + b"1" * 5000 + b"}", id="huge-int"),
    ],
)
def test_subprocess_unparsable_json_has_no_traceback(tmp_path: Path, content: bytes) -> None:
    """JSON that Python's parser gives up on must still end in one line, status 2."""
    path = write(tmp_path / "odd.json", content)
    assert_one_line_error(run_cli(["replay", str(path)]))


def test_subprocess_bad_usage() -> None:
    """An unknown subcommand from the real entry point: status 2, one line."""
    assert_one_line_error(run_cli(["frob"]), "frob")


def test_tournament_reports_win_rate_points_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(
        ["tournament", "rule-based", "rule-based", "--games", "2", "--seed", "s", "--json"], capsys
    )
    assert run.status == 0, run.err
    report = json.loads(run.out)
    # the same players on both sides: mirrored games cancel exactly
    assert report["games"] == 4
    assert report["win_rate"] == 0.5
    assert report["points_per_hand"] == 5.0
    assert report["lead_per_game"] == 0.0
    low, high = report["win_rate_ci95"]
    assert 0 < low < 0.5 < high < 1
    # 2 wins in 4: Wilson centres on 0.5 and spreads z / (1 + z^2 / 4) * sqrt(0.25 / 4 + z^2 / 64) = 0.3497
    z = 1.959963984540054
    spread = z / (1 + z * z / 4) * math.sqrt(0.25 / 4 + z * z / 64)
    assert (low, high) == pytest.approx((0.5 - spread, 0.5 + spread))
    text = run_main(["tournament", "rule-based", "rule-based", "--games", "2", "--seed", "s"], capsys).out
    assert f"games won:        50.0% (95% interval {0.5 - spread:.1%} to {0.5 + spread:.1%}, 4 games)" in text


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["tournament", "rule-based", "bogus"], "unknown player 'bogus'"),
        (["tournament", "strong:0", "rule-based"], "unknown player 'strong:0'"),
        (["tournament", "rule-based", "random", "--games", "0"], "--games"),
        (["tournament", "rule-based"], "SECOND"),
    ],
)
def test_tournament_bad_usage_is_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert_one_line_error(run_main(argv, capsys), fragment)


# --------------------------------------------------------------------------- variants


def test_rulesets_lists_every_preset_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    run = run_main(["rulesets"], capsys)
    assert run.status == 0 and not run.err
    for name in pl.ruleset_names():
        assert re.search(rf"^{re.escape(name)}  \(\d players", run.out, re.M), name
    assert "High and Low to the player dealt them" in run.out  # auction-pitch's description, wrapped in place


def test_solve_refuses_a_ruleset_it_cannot_search() -> None:
    record = json.loads((ROOT / "tests/records/variants/auction-pitch-set.json").read_text())
    record["plays"] = record["plays"][:5]  # a position in the play phase
    proc = run_cli(["solve", "-"], stdin=json.dumps(record))
    assert proc.status == 2 and not proc.out
    assert proc.err.count("\n") == 1 and "only trump is played" in proc.err and "auction-pitch" in proc.err


# --------------------------------------------------------------------------- bounded inputs

MEMORY_LIMIT = 2**30
"""The address space a capped CLI run may use: numpy and the engine load in well under this,
an endless read does not."""


def run_bounded(args: Sequence[str], stdin_path: str | None = None) -> Run:
    """The real entry point with its address space capped, so input that would grow without
    bound ends in MemoryError (or is refused first), and a timeout for input that would spin."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    with open(stdin_path or os.devnull, "rb") as stdin:
        proc = subprocess.run(
            [sys.executable, "-m", "pitchlab", *args],
            stdin=stdin,
            capture_output=True,
            cwd=ROOT,
            env=env,
            timeout=60,
            check=False,
            preexec_fn=cap,
        )
    return Run(proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace"))


@pytest.mark.parametrize(
    ("args", "stdin_path"),
    [
        pytest.param(["replay", "/dev/zero"], None, id="replay"),
        pytest.param(["solve", "/dev/zero"], None, id="solve"),
        pytest.param(["decide", "/dev/zero"], None, id="decide"),
        pytest.param(["replay", "-"], "/dev/zero", id="replay-stdin"),
    ],
)
def test_an_endless_file_is_refused_naming_the_cap_in_bounded_memory(
    args: list[str], stdin_path: str | None
) -> None:
    """Reading all of /dev/zero would only stop at MemoryError; at most the cap is read
    (1 MiB = 1,048,576 characters) and the refusal names it."""
    assert_one_line_error(
        run_bounded(args, stdin_path), "/dev/zero" if stdin_path is None else "-", "1,048,576"
    )


def test_chances_refuses_a_huge_number_of_hands_naming_the_cap() -> None:
    """A trillion hands used to build the whole list of chunks before playing one."""
    run = run_bounded(["chances", "AS KS 3S JC JK 9H 4D 7C 2C", "--trump", "S", "--hands", "1000000000000"])
    assert_one_line_error(run, "--hands", "1,000,000")


def test_bid_chances_refuses_more_hands_than_the_cap() -> None:
    from pitchlab.bots.simulation import bid_chances
    from pitchlab.engine.limits import MAX_CHANCE_HANDS

    with pytest.raises(pl.PitchError, match="1,000,000"):
        bid_chances("AS KS 3S JC JK 9H 4D 7C 2C", "S", hands=MAX_CHANCE_HANDS + 1)


@pytest.mark.parametrize(
    ("args", "cap"),
    [
        pytest.param(["simulate", "--hands", "1000000000000"], "10,000,000", id="simulate"),
        pytest.param(
            ["tournament", "random", "random", "--games", "1000000000000"], "100,000", id="tournament"
        ),
    ],
)
def test_huge_counts_are_refused_at_once_naming_the_cap(args: list[str], cap: str) -> None:
    """A trillion hands would run for years in flat memory: refused before the first."""
    assert_one_line_error(run_bounded(args), args[-2], cap)


# --------------------------------------------------------------------------- review


def test_review_json_judges_each_card_by_what_its_seat_knew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hand-worked position of tests/test_analysis.py: seat 0 plays the ace under the ten with
    K 4 3 unseen. By what it knew (three layouts, each 1/3) the ace is worth 7 against the
    five's 6, so it lost nothing; with every card known the five was 2 better."""
    hand = late_position("TH", "AH 5H", "KH 4H", "3H")
    hand.apply(pl.Play(pl.Card("AH")))
    run = run_main(["review", str(write(tmp_path / "r.json", to_record(hand))), "--json"], capsys)
    assert run.status == 0 and not run.err
    rows = json.loads(run.out)["cards"]
    assert [(r["seat"], r["card"]) for r in rows] == [
        (seat, code) for trick in KNOWN_FIRST_TRICKS for seat, code in trick
    ] + [(3, "TH"), (0, "AH")]
    last = rows[-1]
    assert last["best"] == ["AH"] and last["lost"] == 0 and last["lost_hindsight"] == 2
    assert last["exact"] is True and last["layouts"] == last["possible_layouts"] == 3
    assert last["expected"] == {"AH": 7.0, "5H": 6.0}
    for r in rows:
        assert set(r) >= {"seat", "card", "best", "lost", "lost_hindsight", "exact", "choices"}
        assert (r["choices"] == 1) == (not r["expected"]) and (r["choices"] > 1 or r["layouts"] == 0)
        assert r["lost"] >= 0 and (r["lost"] == 0) == (r["card"] in r["best"])
        assert r["exact"] == (r["layouts"] == r["possible_layouts"] or not r["expected"])
    record = to_record(hand)
    assert json.loads(run.out)["bidding"] == "ladder"
    choices = json.loads(run.out)["choices"]
    # every bid with a choice and the trump naming, in order, each with its chosen answer
    said = [str(b) for b in record.get("bids") or []]
    assert [c["chosen"] for c in choices if c["kind"] == "bid"] == [b for b in said if b][: len(choices) - 1]
    assert choices[-1]["kind"] == "trump" and choices[-1]["chosen"] == record["trump"]
    for c in choices:
        assert c["chosen"] in c["expected"] and (c["lost"] == 0) == (c["chosen"] in c["best"])


def test_review_json_hindsight_is_the_solver_s_verdict_on_each_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = played(5)
    run = run_main(
        ["review", str(write(tmp_path / "h.json", to_record(hand))), "--json", "--seed", "3"], capsys
    )
    assert run.status == 0
    rows = json.loads(run.out)["cards"]
    replay = loads(json.dumps({**to_record(hand), "plays": []}))
    for r in rows:
        seat = replay.to_act
        assert seat is not None and seat == r["seat"]
        solution = solver.solve(replay)
        team = replay.rules.teams[seat]
        values = {replay.rules.deck[s].code: v[team] for s, v in solution.values.items()}
        assert r["lost_hindsight"] == max(values.values()) - values[r["card"]]
        replay.apply(pl.Play(pl.Card(r["card"])), seat)
    again = run_main(["review", str(tmp_path / "h.json"), "--json", "--seed", "3"], capsys)
    assert again.out == run.out  # reproducible from the seed


def test_review_prints_a_table_by_what_each_seat_knew_then_hindsight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = played(2)
    run = run_main(["review", str(write(tmp_path / "h.json", to_record(hand)))], capsys)
    assert run.status == 0
    lines = run.out.splitlines()
    assert lines[0].startswith("By what the player knew")
    assert sum(1 for line in lines if re.match(r"^\s+\d+\s+\d+\s+\d\s", line)) == len(hand.play_slots)
    bids = lines.index("Bids and trump, by what the player knew: expected points against the best answer")
    assert "with every card known (hindsight)" in lines[bids - 2]
    assert lines[bids + 1].endswith("bidding by the strength of the hand).")  # the app's first game
    # one line a bid with a choice, and one for the trump, each naming seat, kind and answer
    rows = lines[bids + 2 :]
    assert rows and rows[-1].startswith(f"seat {hand.bidder} trump {to_record(hand)['trump']}")
    assert all(re.match(r"^seat \d (bid|trump) ", row) for row in rows)


def test_review_plays_the_bids_out_with_the_bidding_style_asked_and_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same bid can be best at a table bidding by the strength of the hand and not at one
    bidding to win the game, so the review plays its deals out in the style asked and says which.
    The judging itself is tested above; here only what reaches it and what is printed."""
    from pitchlab.bots import analysis, bid_review

    asked: list[str] = []

    def review_choices(hand: pl.Hand, bidding: str, seed: int) -> list[object]:
        asked.append(bidding)
        return []

    monkeypatch.setattr(analysis, "review", lambda hand, seed: [])
    monkeypatch.setattr(bid_review, "review_choices", review_choices)
    path = str(write(tmp_path / "h.json", to_record(played(2))))
    table = run_main(["review", path, "--bidding", "game"], capsys)
    assert table.status == 0 and table.out.rstrip().endswith("bidding to win the game).")
    plain = run_main(["review", path, "--json"], capsys)
    assert plain.status == 0 and json.loads(plain.out)["bidding"] == "ladder"
    assert asked == ["game", "ladder"]
    assert_one_line_error(run_main(["review", path, "--bidding", "bold"], capsys), "--bidding", "bold")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(b"{}", "format"), (b"not json", "h.json"), (None, "before any card is played")],
)
def test_review_bad_file_is_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, fragment: str
) -> None:
    if content is None:
        record = to_record(played(1))
        record["plays"] = []
        content = json.dumps(record).encode()
    path = write(tmp_path / "h.json", content)
    assert_one_line_error(run_main(["review", str(path), "--json"], capsys), fragment)
    assert_one_line_error(run_main(["review", str(tmp_path / "missing.json")], capsys), "cannot read")


def test_review_refuses_a_ruleset_it_cannot_search() -> None:
    record = json.loads((ROOT / "tests/records/variants/auction-pitch-set.json").read_text())
    proc = run_cli(["review", "-", "--json"], stdin=json.dumps(record))
    assert_one_line_error(proc, "auction-pitch", "no review")
