"""The frozen baselines play exactly as the bots of commit 67acb9f did.

``tests/records/bots_v1_baseline.json`` was written by
``scripts/make_bots_v1_fixture.py`` run on commit 67acb9f, with that day's
``RuleBasedPlayer()`` and ``StrongPlayer()``; it is not regenerated from the
code under test. If ``rule-based-v1`` or ``strong-v1`` drift (an edit to the
frozen copies, a change in the engine they share, a replaced ladder file),
these records stop matching.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import pitchlab as pl
from benchmarks.baseline import RuleBasedV1, StrongV1, register
from benchmarks.baseline import players as v1_players
from pitchlab.bots.players import play_hand
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import ruleset
from pitchlab.engine.record import to_record

FIXTURE = json.loads((Path(__file__).parent / "records" / "bots_v1_baseline.json").read_text())
CHANGED_SINCE = {"razzle-dazzle": "the called card's holder must play it to the bidder's first lead"}
"""Rulesets whose rules changed after 67acb9f, so its hands need not be legal now (checked below)."""
RULE_BASED = [e for e in FIXTURE["rule_based"] if e["ruleset"] not in CHANGED_SINCE]


def _coded(hand: Hand, players: list[Any]) -> dict[str, Any]:
    while hand.phase is not pl.Phase.OVER:
        seat = hand.to_act
        assert seat is not None
        hand.step(players[seat].code(hand))
    return to_record(hand)


def _rule_based_ids() -> list[str]:
    return [f"{e['ruleset']}-{e['seed']}" for e in RULE_BASED]


@pytest.mark.parametrize("entry", RULE_BASED, ids=_rule_based_ids())
def test_rule_based_v1_plays_and_explains_as_the_bot_of_67acb9f(entry: dict[str, Any]) -> None:
    rules = ruleset(entry["ruleset"])
    hand = Hand.deal(rules, entry["dealer"], entry["seed"])
    log = play_hand(hand, [RuleBasedV1()] * rules.players)
    assert to_record(hand) == entry["decide"]["record"]
    assert [d.why for _, d in log] == entry["decide"]["why"]
    fast = _coded(Hand.deal(rules, entry["dealer"], entry["seed"]), [RuleBasedV1()] * rules.players)
    assert fast == entry["code"]["record"]


@pytest.mark.parametrize("entry", FIXTURE["strong"], ids=lambda e: f"{e['ruleset']}-{e['seed']}")
def test_strong_v1_decides_as_the_bot_of_67acb9f(entry: dict[str, Any]) -> None:
    rules = ruleset(entry["ruleset"])
    bot = StrongV1(samples=entry["samples"], suit_hands=entry["suit_hands"], seed=entry["seed"])
    hand = Hand.deal(rules, entry["dealer"], entry["seed"])
    log = play_hand(hand, [bot] * rules.players)
    assert to_record(hand) == entry["decide"]["record"]
    assert [d.why for _, d in log] == entry["decide"]["why"]
    bot = StrongV1(samples=entry["samples"], suit_hands=entry["suit_hands"], seed=entry["seed"])
    mixed = [bot, RuleBasedV1()] * (rules.players // 2)
    assert _coded(Hand.deal(rules, entry["dealer"], entry["seed"]), mixed) == entry["code"]["record"]


def test_rules_changed_since_67acb9f_refuse_some_of_its_hands() -> None:
    """Each ruleset left out above really plays differently now: a hand the bot of 67acb9f
    played under it no longer replays."""
    for name, rule in CHANGED_SINCE.items():
        records = [e["decide"]["record"] for e in FIXTURE["rule_based"] if e["ruleset"] == name]
        refused = 0
        for record in records:
            try:
                pl.from_record(record)
            except pl.BadRecord as exc:
                refused += "first lead" in str(exc)
        assert refused, f"{name}: no hand of 67acb9f breaks the rule '{rule}'"


def test_the_fixture_covers_every_ruleset_and_real_choices() -> None:
    """The records are not trivial: every ruleset, bids and plays, strong play with reasons."""
    covered = {e["ruleset"] for e in FIXTURE["rule_based"]}
    assert len(covered) == 16 and covered <= set(pl.ruleset_names())  # every preset of 67acb9f
    whys = [w for e in FIXTURE["strong"] for w in e["decide"]["why"]]
    assert any("played perfectly" in w for w in whys)
    assert any("simulated hands per suit" in w for w in whys)
    assert any("rule-based:" in w for w in whys)


def test_v1_reads_the_ladder_file_of_67acb9f_by_name() -> None:
    """The file is compressed now (pitchlab.bots.shipped): its body is 67acb9f's file, byte for byte."""
    packed = (Path(pl.__file__).parent / "data" / v1_players.LADDER_FILE).read_bytes()
    _, body = gzip.decompress(packed).split(b"\n", 1)
    assert hashlib.sha256(body).hexdigest() == v1_players.LADDER_SHA256
    assert v1_players.ladder()  # parsed, not empty


def test_v1_refuses_a_replaced_ladder(monkeypatch: pytest.MonkeyPatch) -> None:
    v1_players.ladder.cache_clear()
    monkeypatch.setattr(v1_players, "LADDER_SHA256", "0" * 64)
    try:
        with pytest.raises(RuntimeError, match="no longer the ladder"):
            v1_players.ladder()
    finally:
        v1_players.ladder.cache_clear()


def test_the_tournament_knows_the_baselines_by_name_once_registered(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The installed command line has no baselines; ``python -m benchmarks.baseline``
    registers them, and then they play as they did under the package's own names."""
    from pitchlab import cli

    monkeypatch.setattr(cli, "MORE_PLAYERS", {})
    with pytest.raises(cli.UsageError, match="rule-based-v1"):
        cli.player("rule-based-v1", "s")
    register()
    assert isinstance(cli.player("rule-based-v1", "s"), RuleBasedV1)
    strong = cli.player("strong-v1:5", "s")
    assert isinstance(strong, StrongV1) and strong.samples == 5
    with pytest.raises(cli.UsageError, match="strong-v1:0"):
        cli.player("strong-v1:0", "s")
    argv = ["tournament", "rule-based-v1", "rule-based-v1", "--games", "2", "--seed", "v", "--json"]
    assert cli.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["first"] == "rule-based-v1" and report["win_rate"] == 0.5


def test_the_package_holds_no_baseline_bots() -> None:
    """The wheel is the ``pitchlab`` folder (pyproject's wheel target); the baselines live
    beside the benchmarks, so no module of the package defines them (tests/test_layers.py
    checks that none imports them, tests/browser/test_wheel.py the built wheel itself)."""
    package = Path(__file__).resolve().parent.parent / "pitchlab"
    assert not (package / "bots" / "v1").exists()
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "class RuleBasedV1" not in text and "class StrongV1" not in text, path
