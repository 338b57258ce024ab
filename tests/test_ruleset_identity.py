"""Rulesets with an identity: a house rule's records and saved games read back as that house
rule, a preset's name stays the preset's, every field is checked when a ruleset is made, and
per-ruleset data (ladders, bidding tables) goes only to the rules it was made for.

Expected values are worked out by hand here (the fingerprint from its definition with
hashlib, names and messages from the documented rule), never read off the code's output.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import pitchlab as pl
from pitchlab.bots import claims
from pitchlab.bots.bidding import shipped_model, shipped_tables
from pitchlab.bots.ladder import ladder_for, shipped
from pitchlab.engine import presets as presets_module
from pitchlab.engine import rules as rules_module
from pitchlab.engine.rules import preset_of
from pitchlab.engine.ruleset_identity import fingerprint, from_identity, identity

ROOT = Path(__file__).resolve().parents[1]
KEEP_FIVE = pl.TEN_POINT.replace(keep_trump=5)
JK, JKH, JKL = pl.Card("JK"), pl.Card("JKH"), pl.Card("JKL")


def sha16(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def played(rules: pl.Ruleset, seed: int) -> pl.Hand:
    """A whole hand dealt and played by random legal choices."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(rules, dealer=rng.randrange(rules.players), seed=rng)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def played_game(rules: pl.Ruleset, seed: int, hands: int) -> pl.Game:
    """A game with ``hands`` hands played by random legal choices (fewer if it ends), the last
    one stopped half way so the save holds a position too."""
    rng = random.Random(seed)
    game = pl.Game(rules, seed=seed)
    for n in range(hands):
        steps = 0
        while not game.hand.is_over and (n < hands - 1 or steps < 5):
            game.apply(rng.choice(game.hand.legal_actions()))
            steps += 1
        if game.is_over or n == hands - 1:
            break
        game.next_hand()
    return game


# ====================================================================== names


def test_a_house_rule_is_named_after_its_preset_and_what_changed() -> None:
    assert KEEP_FIVE.name == "ten-point (keep_trump=5)"
    assert KEEP_FIVE.description.startswith(pl.TEN_POINT.description)
    assert KEEP_FIVE.description.endswith(" Changed from ten-point: keep_trump 5 (not 6).")
    assert KEEP_FIVE.source == pl.TEN_POINT.source
    two = KEEP_FIVE.replace(target=31)
    assert two.name == "ten-point (keep_trump=5, target=31)"
    assert pl.ruleset("oklahoma").replace(target=31).name == "oklahoma (target=31)"  # the nearest preset
    teams = pl.TEN_POINT.replace(teams=(0, 1, 2, 3), call_partner=True)
    assert teams.name == "call-partner"  # these are call-partner's rules exactly
    assert teams is pl.ruleset("call-partner")


def test_a_house_rule_changed_back_is_the_preset_itself() -> None:
    assert KEEP_FIVE.replace(keep_trump=6) is pl.TEN_POINT
    assert KEEP_FIVE.replace(target=31).replace(keep_trump=6, target=52) is pl.TEN_POINT


def test_a_name_you_give_stays() -> None:
    house = pl.TEN_POINT.replace(name="to-31", target=31)
    assert house.name == "to-31"
    assert house.description.endswith("Changed from ten-point: target 31 (not 52).")
    assert house.replace(keep_trump=5).name == "to-31"
    mine = house.replace(description="mine")
    assert mine.replace(keep_trump=5).description == "mine"


def test_a_presets_name_with_other_rules_is_refused() -> None:
    with pytest.raises(pl.BadRuleset, match=r"name: is a preset's name") as caught:
        pl.TEN_POINT.replace(name="ten-point", keep_trump=5)
    assert caught.value.field == "name"
    with pytest.raises(pl.BadRuleset, match=r"oklahoma: name: is a preset's name"):
        pl.Ruleset(name="oklahoma", description="not oklahoma at all")


# =================================================================== register


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, pl.Ruleset]:
    """A copy of the registry for the test to change."""
    copy_ = dict(presets_module._REGISTRY)
    monkeypatch.setattr(presets_module, "_REGISTRY", copy_)
    return copy_


def test_register_refuses_a_taken_name(registry: dict[str, pl.Ruleset]) -> None:
    house = pl.TEN_POINT.replace(name="house", target=31)
    assert pl.register(house) is house
    assert pl.ruleset("house") is house
    assert pl.register(pl.TEN_POINT.replace(name="house", target=31)) is not None  # the identical rules
    with pytest.raises(pl.RulesetNameTaken, match=r"'house' is taken by other rules"):
        pl.register(pl.TEN_POINT.replace(name="house", target=21))
    assert pl.ruleset("house").target == 31
    assert pl.register(pl.TEN_POINT) is pl.TEN_POINT  # a preset again: harmless
    with pytest.raises(pl.BadRuleset, match="preset's name"):  # the preset's name is refused earlier
        pl.register(pl.TEN_POINT.replace(name="ten-point", target=21))
    assert issubclass(pl.RulesetNameTaken, pl.PitchError)


def test_a_registered_house_rule_reads_back_as_itself(registry: dict[str, pl.Ruleset]) -> None:
    house = pl.register(pl.TEN_POINT.replace(name="house", target=31))
    written = identity(house)
    assert written == {
        "base": "ten-point",
        "changes": {"target": 31, "name": "house"},
        "fingerprint": sha16('{"target":31}'),
    }
    assert from_identity(written) is house


# ================================================================= validation

BAD: list[tuple[pl.Ruleset, dict[str, Any], str, str]] = [
    (pl.TEN_POINT, {"name": ""}, "name", "must not be empty"),
    (pl.TEN_POINT, {"description": 5}, "description", "must be text"),
    (pl.TEN_POINT, {"players": 1, "teams": (0,)}, "players", "at least 2 players"),
    (pl.TEN_POINT, {"teams": (0, 1, 0)}, "teams", "a team for each of 4 seats, not 3"),
    (pl.TEN_POINT, {"teams": (0, 2, 0, 2)}, "teams", "none skipped"),
    (pl.TEN_POINT, {"teams": (0, 0, 0, 0)}, "teams", "at least two teams"),
    (pl.TEN_POINT, {"teams": [0, 1, 0, 1]}, "teams", "must be a tuple"),
    (pl.ruleset("call-partner"), {"teams": (0, 1, 0, 1)}, "teams", "each player as its own team"),
    (pl.TEN_POINT, {"jokers": (pl.Card("AS"),)}, "jokers", "only JK, JKH and JKL are jokers"),
    (pl.TEN_POINT, {"jokers": (JK, JK, JK)}, "jokers", "up to two identical JK"),
    (pl.TEN_POINT, {"jokers": (JK, JKH)}, "jokers", "or one JKH and one JKL"),
    (pl.TEN_POINT, {"left_out": "X"}, "left_out", "rank letters"),
    (pl.TEN_POINT, {"left_out": "33"}, "left_out", "each once"),
    (pl.TEN_POINT, {"hand_size": 0}, "hand_size", "at least one card"),
    (pl.TEN_POINT, {"hand_size": 14}, "hand_size", "4 hands of 14 need more than the 54 cards"),
    (pl.TEN_POINT, {"deal_packet": 0}, "deal_packet", "at least one at a time"),
    (pl.TEN_POINT, {"min_bid": 0}, "min_bid", "0 is a pass"),
    (pl.TEN_POINT, {"max_bid": 3}, "max_bid", "at least min_bid (4), not 3"),
    (pl.TEN_POINT, {"stuck_dealer_bid": 99}, "stuck_dealer_bid", "min_bid to max_bid (4-10), not 99"),
    (pl.TEN_POINT, {"stuck_dealer_bid": 3}, "stuck_dealer_bid", "min_bid to max_bid (4-10), not 3"),
    (pl.TEN_POINT, {"moon_bid": 10}, "moon_bid", "above max_bid (10), not 10"),
    (pl.TEN_POINT, {"max_bid": 201}, "max_bid", "up to 200 at most, not 201"),
    (pl.TEN_POINT, {"moon_bid": 10**6}, "moon_bid", "up to 200 at most, not 1000000"),
    (pl.TEN_POINT, {"dealer_match_min": 3}, "dealer_match_min", "a bid from 4 to 10, not 3"),
    (pl.TEN_POINT, {"moon_set": -1}, "moon_set", "not be below 0"),
    (pl.TEN_POINT, {"moon_made": -5}, "moon_made", "not be below 0"),
    (pl.TEN_POINT, {"refill_to": -1}, "refill_to", "not be below 0"),
    (pl.TEN_POINT, {"keep_trump": 0}, "keep_trump", "at least one trump"),
    (pl.TEN_POINT, {"keep_trump": 5.0}, "keep_trump", "whole number"),
    (pl.TEN_POINT, {"target": 0}, "target", "above 0"),
    (pl.TEN_POINT, {"target": True}, "target", "whole number"),
    (pl.TEN_POINT, {"moon_bid": "11"}, "moon_bid", "whole number"),
    (pl.TEN_POINT, {"auction": "no"}, "auction", "True or False"),
    (pl.TEN_POINT, {"play_rule": "any"}, "play_rule", "one of 'trump-only', 'follow-suit'"),
    (pl.TEN_POINT, {"win_rule": "first"}, "win_rule", "must be one of"),
    (pl.TEN_POINT, {"stock_rest": "dog"}, "stock_rest", "must be one of"),
    (pl.TEN_POINT, {"buried_to": "me"}, "buried_to", "'first-trick', 'opponents'"),
    (pl.TEN_POINT, {"throw_in_hand": "none"}, "throw_in_hand", "must be one of"),
    (pl.TEN_POINT, {"trump_choice": "first-lead"}, "trump_choice", "needs follow-suit play"),
    (pl.TEN_POINT, {"play_rule": "follow-suit"}, "exchange", "has no refill"),
    (pl.TEN_POINT, {"auction": False}, "auction", "first lead names trump"),
    (pl.ruleset("auction-pitch"), {"call_partner": True}, "call_partner", "needs a named trump"),
    # simple-pitch's first lead names trump; a joker led first would name no suit
    (pl.ruleset("simple-pitch"), {"jokers": (pl.Card("JK"), pl.Card("JK"))}, "jokers", "a joker has no suit"),
    (pl.ruleset("cutthroat"), {"hand_size": 14}, "exchange", "13 cards at most (every subset"),
    # 52 cards, 3 hands of 6: a kitty of 34 taken before trump makes 40 to discard from
    (pl.ruleset("cutthroat"), {"stock_rest": "bidder-before-trump"}, "exchange", "13 cards at most"),
    (pl.ruleset("cutthroat"), {"stock_rest": "bidder-before-trump"}, "exchange", "not 40"),
    (pl.TEN_POINT, {"trump_order": ("A", "X")}, "trump_order", "trump roles"),
    (pl.TEN_POINT, {"trump_order": ()}, "trump_order", "trump roles"),
    (pl.TEN_POINT, {"trump_order": ("A", "K", "K", "J")}, "trump_order", "lists K more than once"),
    (pl.TEN_POINT, {"trump_order": ("A", "JK", "J")}, "trump_order", "JK once for each identical joker"),
    (pl.TEN_POINT, {"trump_order": ("A", "JKH", "J")}, "trump_order", "left out of the deck"),
    (pl.TEN_POINT, {"point_cards": (pl.PointCard("O3", 1),)}, "point_cards", "'O3' is not a trump role"),
    (pl.TEN_POINT, {"point_cards": (pl.PointCard("A", 0),)}, "point_cards", "1 point or more, not 0"),
    (pl.TEN_POINT, {"point_cards": (pl.PointCard("A", 1, "anyone"),)}, "point_cards", "capturer or holder"),  # type: ignore[arg-type]
    (
        pl.TEN_POINT,
        {"point_cards": (pl.PointCard("A", 1), pl.PointCard("A", 2))},
        "point_cards",
        "more than once",
    ),
    (pl.TEN_POINT, {"point_cards": ("A",)}, "point_cards", "PointCard values"),
    (pl.TEN_POINT, {"awards": (pl.Award("middle"),)}, "awards", "kind high, low or game"),  # type: ignore[arg-type]
    (pl.TEN_POINT, {"awards": (pl.Award("high", 0),)}, "awards", "1 point or more"),
    (pl.TEN_POINT, {"awards": (pl.Award("low", 1, "x"),)}, "awards", "capturer or holder"),  # type: ignore[arg-type]
    (
        pl.TEN_POINT,
        {"awards": (pl.Award("game"), pl.Award("game"))},
        "awards",
        "game is listed more than once",
    ),
]


@pytest.mark.parametrize(
    ("base", "changes", "field", "rule"), BAD, ids=[f"{c[2]}-{i}" for i, c in enumerate(BAD)]
)
def test_every_field_is_checked_when_a_ruleset_is_made(
    base: pl.Ruleset, changes: dict[str, Any], field: str, rule: str
) -> None:
    with pytest.raises(pl.BadRuleset) as caught:
        base.replace(**changes)
    assert caught.value.field == field
    assert f": {field}: " in str(caught.value)
    assert rule in str(caught.value)
    assert isinstance(caught.value, ValueError)  # callers catching ValueError still catch it


def test_the_stuck_dealer_bid_that_used_to_trip_legal_actions_is_refused_up_front() -> None:
    """The issue's case: ``stuck_dealer_bid=99`` was accepted, then ``legal_actions()`` raised KeyError."""
    with pytest.raises(pl.BadRuleset, match="stuck_dealer_bid"):
        pl.TEN_POINT.replace(stuck_dealer_bid=99)


def test_every_preset_passes_its_checks() -> None:
    for name in pl.ruleset_names():
        preset = pl.ruleset(name)
        assert (
            pl.Ruleset(
                **{f: getattr(preset, f) for f in rules_module.LABEL_FIELDS + rules_module.RULE_FIELDS}
            )
            == preset
        )


# ================================================================== records


def test_a_preset_is_written_by_its_name() -> None:
    for name in pl.ruleset_names():
        assert pl.to_record(pl.Hand.deal(pl.ruleset(name), seed=1))["ruleset"] == name


def test_a_house_rule_is_written_as_its_preset_and_its_changes() -> None:
    record = pl.to_record(played(KEEP_FIVE, 3))
    # ten-point's every rule field is the bare Ruleset's default, so only keep_trump is hashed
    assert record["ruleset"] == {
        "base": "ten-point",
        "changes": {"keep_trump": 5},
        "fingerprint": sha16('{"keep_trump":5}'),
    }


def test_cards_point_cards_and_awards_are_written_as_json() -> None:
    okl = pl.ruleset("oklahoma")
    house = okl.replace(
        name="house",
        jokers=(JKH, JKL),
        point_cards=(pl.PointCard("JKH", 2), pl.PointCard("2", 1, "holder")),
        awards=(pl.Award("game", 2),),
    )
    written = identity(house)
    assert isinstance(written, dict)
    assert written["base"] == "oklahoma"
    assert written["changes"] == {
        "point_cards": [
            {"role": "JKH", "points": 2, "scorer": "capturer"},
            {"role": "2", "points": 1, "scorer": "holder"},
        ],
        "awards": [{"kind": "game", "points": 2, "scorer": "capturer"}],
        "name": "house",
    }
    assert from_identity(json.loads(json.dumps(written))) == house


@pytest.mark.parametrize(
    "rules",
    [
        KEEP_FIVE,
        pl.ruleset("oklahoma").replace(name="house-ok", target=31, moon_set=10),
        pl.ruleset("cutthroat").replace(awards=(pl.Award("high", 2), pl.Award("game"))),
        pl.ruleset("thirty-one").replace(dealer_match_min=0, buried_to="first-trick"),
    ],
    ids=lambda r: r.name,
)
def test_a_house_rule_hand_round_trips_exactly(rules: pl.Ruleset) -> None:
    for seed in range(3):
        hand = played(rules, seed)
        text = pl.dumps(hand)
        back = pl.loads(text)
        assert back.rules == rules
        assert pl.to_record(back) == pl.to_record(hand)
        assert pl.summary(back) == pl.summary(hand)
        assert back.result() == hand.result()


def test_the_command_line_replays_a_house_rule_record(tmp_path: Path) -> None:
    hand = played(KEEP_FIVE, 11)
    path = tmp_path / "house.json"
    path.write_text(pl.dumps(hand), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "pitchlab", "replay", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(json.dumps(pl.summary(hand)))


def test_a_ruleset_with_a_presets_rules_is_that_preset_whatever_its_name() -> None:
    mine = pl.Ruleset(name="my-ten", description="ten-point by another name")
    assert preset_of(mine) is pl.TEN_POINT
    written = identity(mine)
    assert written == {
        "base": "ten-point",
        "changes": {"name": "my-ten", "description": "ten-point by another name", "source": ""},
        "fingerprint": sha16("{}"),  # ten-point's every rule field is the bare default
    }
    assert from_identity(written) == mine
    assert from_identity({"base": "ten-point", "changes": {}, "fingerprint": sha16("{}")}) is pl.TEN_POINT


def tampered(record: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    where = changed
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return changed


@pytest.mark.parametrize(
    ("path", "value", "where", "problem"),
    [
        (("ruleset", "fingerprint"), "0" * 16, "ruleset.fingerprint", "not 0000000000000000"),
        (("ruleset", "changes", "keep_trump"), 4, "ruleset.fingerprint", "was changed"),
        (("ruleset", "changes", "keep_trump"), 0, "ruleset.changes.keep_trump", "at least one trump"),
        (("ruleset", "changes", "keep_trump"), [5], "ruleset.changes.keep_trump", "a single value"),
        (("ruleset", "changes", "colour"), "red", "ruleset.changes.colour", "not a ruleset field"),
        (("ruleset", "base"), "nine-point", "ruleset.base", "unknown ruleset 'nine-point'"),
        (("ruleset", "extra"), 1, "ruleset.extra", "unknown key"),
        (("ruleset", "fingerprint"), 7, "ruleset.fingerprint", "16 hex digits"),
        (("ruleset",), 5, "ruleset", "a ruleset name or an object"),
        (("ruleset",), "ten-point", "bury", ""),  # the hand read as plain ten-point breaks a rule
    ],
)
def test_a_changed_ruleset_is_refused(path: tuple[str, ...], value: object, where: str, problem: str) -> None:
    # a hand in which some seat buries: under keep_trump=5, someone holding six trump buries one
    hand = next(h for h in (played(KEEP_FIVE, s) for s in range(50)) if any(h.buried_by(x) for x in range(4)))
    record = tampered(pl.to_record(hand), path, value)
    with pytest.raises(pl.BadRecord) as caught:
        pl.from_record(record)
    assert caught.value.where.startswith(where)
    assert problem in caught.value.problem


def test_a_missing_ruleset_key_is_named() -> None:
    record = pl.to_record(played(KEEP_FIVE, 1))
    del record["ruleset"]["fingerprint"]
    with pytest.raises(pl.BadRecord, match=r"ruleset.fingerprint: required key is missing"):
        pl.from_record(record)


# ============================================================== saved games


def test_a_house_rule_game_round_trips_plain_and_sealed() -> None:
    rules = pl.ruleset("oklahoma").replace(name="quick-ok", target=15)
    game = played_game(rules, seed=4, hands=3)
    back = pl.loads_game(pl.dumps_game(game))
    assert back.rules == rules
    assert back.scores == game.scores
    assert pl.game_to_record(back) == pl.game_to_record(game)
    assert pl.game_to_record(back)["ruleset"]["base"] == "oklahoma"
    opened = pl.open_game(pl.seal_game(game, 0))
    assert opened.rules == rules
    assert pl.game_to_record(opened) == pl.game_to_record(game)
    # the restored game deals on exactly as the original
    for g in (game, back):
        while not g.hand.is_over:
            g.apply(g.hand.legal_actions()[0])
    assert pl.game_to_record(back) == pl.game_to_record(game)


def test_a_saved_game_refuses_a_hand_of_other_rules() -> None:
    record = pl.game_to_record(played_game(KEEP_FIVE, seed=2, hands=2))
    record["hands"][0]["ruleset"] = "ten-point"
    with pytest.raises(
        pl.BadRecord, match=r"hands\[0\].ruleset: every hand of a ten-point \(keep_trump=5\) game"
    ):
        pl.game_from_record(record)
    record = pl.game_to_record(played_game(KEEP_FIVE, seed=2, hands=2))
    record["ruleset"]["fingerprint"] = "f" * 16
    with pytest.raises(pl.BadRecord, match=r"^ruleset.fingerprint: "):
        pl.game_from_record(record)


# ============================================================ identity, random


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LITERALS = {
    f: v for f, v in rules_module._LITERALS.items() if f not in ("trump_choice", "play_rule", "exchange")
}
FLAGS = [
    f
    for f, kind in rules_module._FIELD_KINDS.items()
    if kind is bool and f not in ("auction", "call_partner")
]


@st.composite
def house_rules(draw: st.DrawFn) -> pl.Ruleset:
    """A preset with random valid changes: numbers in range, flags, literals, point cards, awards, a name."""
    base = pl.ruleset(draw(st.sampled_from(pl.ruleset_names())))
    changes: dict[str, Any] = {}
    if draw(st.booleans()):
        changes["target"] = draw(st.integers(1, 200))
    if draw(st.booleans()):
        changes["keep_trump"] = draw(st.integers(1, 12))
    if draw(st.booleans()):
        changes["refill_to"] = draw(st.integers(0, base.hand_size + 3))
    if draw(st.booleans()):
        top = draw(st.integers(base.min_bid, base.min_bid + 12))
        changes["max_bid"] = top
        changes["stuck_dealer_bid"] = draw(st.integers(base.min_bid, top))
        changes["moon_bid"] = draw(st.sampled_from([None, top + 1, top + 5]))
        changes["dealer_match_min"] = draw(st.sampled_from([0, base.min_bid, top]))
    for flag in draw(st.lists(st.sampled_from(FLAGS), unique=True, max_size=4)):
        changes[flag] = not getattr(base, flag)
    for field in draw(st.lists(st.sampled_from(sorted(LITERALS)), unique=True, max_size=3)):
        changes[field] = draw(st.sampled_from(LITERALS[field]))
    if draw(st.booleans()):
        kept = draw(st.lists(st.sampled_from(base.point_cards), unique=True, min_size=1))
        changes["point_cards"] = tuple(
            pl.PointCard(p.role, draw(st.integers(1, 5)), draw(st.sampled_from(["capturer", "holder"])))
            for p in kept
        )
    if draw(st.booleans()):
        kinds = draw(st.lists(st.sampled_from(typing.get_args(rules_module.AwardKind)), unique=True))
        changes["awards"] = tuple(
            pl.Award(k, draw(st.integers(1, 3)), draw(st.sampled_from(["capturer", "holder"]))) for k in kinds
        )
    if draw(st.booleans()):
        name = draw(st.text(min_size=1, max_size=12))
        if name not in pl.ruleset_names():
            changes["name"] = name
    try:
        return base.replace(**changes)
    except pl.BadRuleset:  # a mix of fields no game can have (each refusal has its own test above)
        reject()


@SETTINGS
@given(house_rules(), st.integers(0, 2**32))
def test_any_house_rule_reads_back_equal(rules: pl.Ruleset, seed: int) -> None:
    written = identity(rules)
    back = from_identity(json.loads(json.dumps(written)))
    assert back == rules
    if isinstance(written, str):
        assert rules is pl.ruleset(written)
    else:
        assert preset_of(rules) is None or rules.name != preset_of(rules).name  # type: ignore[union-attr]
        assert written["fingerprint"] == fingerprint(rules)
    # the name, description and source are not part of the game
    assert fingerprint(rules.replace(name="zz-renamed", description="d", source="s")) == fingerprint(rules)
    hand = played(rules, seed)  # the engine plays any valid house rule to the end
    again = pl.loads(pl.dumps(hand))
    assert again.rules == rules
    assert pl.to_record(again) == pl.to_record(hand)
    assert pl.summary(again) == pl.summary(hand)


def test_fingerprints_tell_every_preset_apart() -> None:
    prints = {fingerprint(pl.ruleset(n)) for n in pl.ruleset_names()}
    assert len(prints) == len(pl.ruleset_names())


# ======================================================= per-ruleset data


def test_a_house_rule_gets_no_presets_ladder_or_tables() -> None:
    """Even a change that looks harmless to bidding (the target) gets no preset's data:
    the bots then bid by their rules of thumb, as they do in a preset without data."""
    house = pl.TEN_POINT.replace(target=31)
    assert ladder_for(pl.TEN_POINT) is not None
    assert ladder_for(house) is None
    with pytest.raises(FileNotFoundError, match="no ladder for ten-point \\(target=31\\)"):
        shipped(house)
    assert shipped_tables(pl.TEN_POINT) is not None
    assert shipped_tables(house) is None
    assert shipped_model(house) is None


def test_rules_equal_to_a_presets_get_its_data_whatever_the_name() -> None:
    mine = pl.Ruleset(name="my-ten", description="ten-point by another name")
    ladder = ladder_for(mine)
    assert ladder is not None
    assert ladder.values == shipped(pl.TEN_POINT).values
    tables = shipped_tables(mine)
    assert tables is not None and tables.deals == shipped_tables(pl.TEN_POINT).deals  # type: ignore[union-attr]


def test_a_house_rules_bot_says_it_bids_by_rules_of_thumb() -> None:
    """What the learner reads as the bid's basis is true: the ladder's deals for ten-point,
    rules of thumb for a house rule (it has no ladder)."""

    def bases(rules: pl.Ruleset) -> set[str]:
        hand = pl.Hand.deal(rules, seed=5)
        assert hand.to_act is not None
        decision = pl.RuleBasedPlayer(bidding="ladder").decide(hand.view(hand.to_act))
        return {c.basis for c in decision.claims if isinstance(c, claims.Estimate)}

    assert bases(pl.TEN_POINT) == {"deals the bots played out to learn their bidding"}
    assert bases(pl.TEN_POINT.replace(target=31)) == {"rules of thumb"}
