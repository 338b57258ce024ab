"""FROZEN baselines: the bots as they played on commit 67acb9f, kept to measure progress against.

``rule-based-v1`` (:class:`RuleBasedV1`) and ``strong-v1`` (:class:`StrongV1`)
play exactly as that day's ``RuleBasedPlayer()`` and ``StrongPlayer()`` did,
however the live bots (:mod:`pitchlab.bots.players`, :mod:`pitchlab.bots.tactics`,
:mod:`pitchlab.bots.tactics_suit`, :mod:`pitchlab.bots.strong`) and the bidding ladder
change later: a tournament against them says whether a change helped.
``tests/test_bots_v1.py`` holds them to a fixture recorded from that day's
code. They are for comparisons only, so they live beside the benchmarks, not in the
installed package; nothing teaches from them, and nothing here is ever edited to
improve play. Run a tournament against them from a clone with
``python -m benchmarks.baseline tournament rule-based rule-based-v1``.

What is shared with the live code is the engine (hands, rules, cards, the
sampler and the solver, which answer questions of fact); what is frozen is
every choice built on it, and the bidding ladder, read from
``pitchlab/data/ladder-ten-point.json.gz`` by that explicit name and checked
against the content it had that day.
"""

from __future__ import annotations

import random

from benchmarks.baseline.players import RuleBasedV1
from benchmarks.baseline.strong import StrongV1
from pitchlab import cli


def _rule_based(samples: str, seed: str) -> RuleBasedV1 | None:
    return None if samples else RuleBasedV1()


def _strong(samples: str, seed: str) -> StrongV1 | None:
    if samples and not (samples.isdigit() and 1 <= int(samples) <= 1000):
        return None
    spec = f"strong-v1:{samples}" if samples else "strong-v1"
    return StrongV1(samples=int(samples or 20), seed=random.Random(f"{seed}:{spec}"))


def register() -> None:
    """Let the command line's ``tournament`` and ``decide`` play ``rule-based-v1`` and
    ``strong-v1[:SAMPLES]`` (``python -m benchmarks.baseline tournament strong strong-v1``)."""
    cli.MORE_PLAYERS.update({"rule-based-v1": _rule_based, "strong-v1": _strong})


__all__ = ["RuleBasedV1", "StrongV1", "register"]
