"""Play seeded hands and write one line per hand, to show that a speed-up changed no play.

    PYTHONPATH=../old .venv/bin/python scripts/same_play.py 2000 > old.txt   # a worktree of the old commit
    .venv/bin/python scripts/same_play.py 2000 > new.txt
    cmp old.txt new.txt

A change made only for speed must deal the same cards and make the same bids, plays and
scores for the same seeds. Each line holds a hand's record, its result, and what was asked
on the way: every list of legal codes (the engine's fast path, random codes), nothing more
(the rule-based bot's fast path, ``code()``), or every list of legal actions and every
decision's words and claims (the bot deciding from a seat's view, as the app asks it).
Ten-point and auction-pitch (trump-only and follow-suit play) get ``hands`` hands each way,
every other ruleset a tenth as many; the bot's view-by-view play a tenth again, being slow.
Comparing the files of the old and new code, line by line, is the check.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any, TextIO

import pitchlab as pl

MAIN_RULESETS = ("ten-point", "auction-pitch")
"""The rulesets the speed figures time, played ``hands`` times each way."""


def line(tag: str, hand: pl.Hand, asked: list[Any]) -> str:
    """One hand as text: its record, its result (or why it has none) and what was asked."""
    result = "redeal" if hand.redeal is not None else repr(hand.result())
    record = json.dumps(pl.to_record(hand), sort_keys=True, default=str)
    return f"{tag} {record} {result} {json.dumps(asked)}\n"


def fast_random(rules: pl.Ruleset, hands: int, out: TextIO) -> None:
    """Random legal codes through ``legal_codes`` and ``step``, every code list kept."""
    rng = random.Random(f"fast:{rules.name}")
    for i in range(hands):
        hand = pl.Hand.deal(rules, i % rules.players, rng)
        asked: list[Any] = []
        while not hand.is_over:
            codes = list(hand.legal_codes())
            asked.append(codes)
            hand.step(codes[int(rng.random() * len(codes))])
        out.write(line(f"fast {rules.name} {i}", hand, asked))


def bot_fast(rules: pl.Ruleset, hands: int, out: TextIO) -> None:
    """The rule-based bot at every seat through its fast path, as simulations ask it."""
    rng = random.Random(f"bot:{rules.name}")
    bot = pl.RuleBasedPlayer()
    for i in range(hands):
        hand = pl.Hand.deal(rules, i % rules.players, rng)
        while not hand.is_over:
            hand.step(bot.code(hand))
        out.write(line(f"bot {rules.name} {i}", hand, []))


def bot_views(rules: pl.Ruleset, hands: int, out: TextIO) -> None:
    """The rule-based bot deciding from each seat's view through the checked path, its words
    and claims kept with every list of legal actions."""
    rng = random.Random(f"view:{rules.name}")
    bot = pl.RuleBasedPlayer()
    for i in range(hands):
        hand = pl.Hand.deal(rules, i % rules.players, rng)
        asked: list[Any] = []
        while not hand.is_over:
            seat = hand.actor
            asked.append([repr(a) for a in hand.legal_actions()])
            decision = bot.decide(hand.view(seat))
            asked.append([decision.why, [repr(c) for c in decision.claims]])
            hand.apply(decision.action, seat)
        out.write(line(f"view {rules.name} {i}", hand, asked))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "hands", type=int, nargs="?", default=2000, help="hands of each main ruleset, each way"
    )
    args = parser.parse_args(argv)
    for name in pl.ruleset_names():
        rules = pl.ruleset(name)
        hands = args.hands if name in MAIN_RULESETS else max(1, args.hands // 10)
        fast_random(rules, hands, sys.stdout)
        bot_fast(rules, hands, sys.stdout)
        bot_views(rules, max(1, hands // 10), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
