"""Write tests/records/bots_v1_baseline.json: what the bots of commit 67acb9f did.

The fixture pins :mod:`benchmarks.baseline` (once ``pitchlab.bots.v1``) to the bots it froze. It was made by
running this script on commit 67acb9f (where ``RuleBasedPlayer`` and
``StrongPlayer`` were the code that ``bots_v1`` copies); run on a later commit
it would record the *new* bots, so do not regenerate it to make a test pass.

    PYTHONPATH=. python scripts/make_bots_v1_fixture.py > tests/records/bots_v1_baseline.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pitchlab as pl
from pitchlab.bots.players import RuleBasedPlayer, play_hand
from pitchlab.bots.strong import StrongPlayer
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import ruleset, ruleset_names
from pitchlab.engine.record import to_record

SEEDS = (0, 1, 2)
"""Hands per ruleset, dealt from these seeds with the dealer at ``seed % players``."""


def _decided(hand: Hand, players: list[Any]) -> dict[str, Any]:
    log = play_hand(hand, players)
    return {"record": to_record(hand), "why": [d.why for _, d in log]}


def _coded(hand: Hand, players: list[Any]) -> dict[str, Any]:
    while hand.phase is not pl.Phase.OVER:
        seat = hand.to_act
        assert seat is not None
        hand.step(players[seat].code(hand))
    return {"record": to_record(hand)}


def main() -> None:
    out: dict[str, Any] = {"made_by": "scripts/make_bots_v1_fixture.py on commit 67acb9f", "rule_based": []}
    for name in ruleset_names():
        rules = ruleset(name)
        for seed in SEEDS:
            dealer = seed % rules.players
            entry = {"ruleset": name, "seed": seed, "dealer": dealer}
            entry["decide"] = _decided(Hand.deal(rules, dealer, seed), [RuleBasedPlayer()] * rules.players)
            entry["code"] = _coded(Hand.deal(rules, dealer, seed), [RuleBasedPlayer()] * rules.players)
            out["rule_based"].append(entry)
    strong = []
    for name, seed in (("ten-point", 7), ("ten-point", 8), ("auction-pitch", 3)):
        rules = ruleset(name)
        dealer = seed % rules.players
        bot = StrongPlayer(samples=4, suit_hands=20, seed=seed)
        entry = {"ruleset": name, "seed": seed, "dealer": dealer, "samples": 4, "suit_hands": 20}
        entry["decide"] = _decided(Hand.deal(rules, dealer, seed), [bot] * rules.players)
        bot = StrongPlayer(samples=4, suit_hands=20, seed=seed)
        entry["code"] = _coded(
            Hand.deal(rules, dealer, seed), [bot, RuleBasedPlayer()] * (rules.players // 2)
        )
        strong.append(entry)
    out["strong"] = strong
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
