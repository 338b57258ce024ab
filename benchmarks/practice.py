"""Practice problems: how fast they are made and checked, and whom each level stops.

    python benchmarks/practice.py               # a table
    python benchmarks/practice.py --json        # one JSON object, for tracking

* ``generated_per_min``: problems made per minute from seeded hands
  (:func:`pitchlab.practice.generate.from_deal`, each one verified as it is made:
  its answers best by a clear margin by what the seat knew), per ruleset, with the
  hands played and the decisions tried;
* ``verify_ms``: checking one shipped late-hand ten-point card problem again, exactly over
  every consistent layout (:func:`pitchlab.practice.problems.verify`): median and 90th
  percentile; and how many of those checked still hold;
* ``punish_ms``: the time from a wrong answer to the deal that punishes it, both answers
  played out on it (:func:`pitchlab.practice.punish.punish`, each sampled problem's
  runner-up): median and 90th percentile, for ten-point cards (every layout solved exactly)
  and for the rest (deals played out by the rule-based bots). Goal: median 1 s or less;
* ``solved``: per ruleset and level, the share of the shipped problems the beginner
  policy, the rule-based bot and the strong bot (as the app's hint plays it) answer
  right. Higher levels should be solved less often.

The machine is shared and noisy: compare figures from one run, never in a test.

Measured on the shared two-core machine (load high), with the 303 ten-point and 59
auction-pitch problems first shipped (``--hands 2``): 195 ten-point problems a minute
(late cards, exact, are quick) and 22 auction-pitch ones (every answer played out on
120 deals); ``verify_ms`` median 3 ms, p90 18 ms, 30 of 30 held. Solved, levels 1 to 5,
ten-point: beginner 60%, 36%, 21%, 17%, 3%; rule-based 100%, 100%, 59%, 0%, 0%; strong
100%, 100%, 64%, 61%, 38%. Auction-pitch (24, 21, 9, 2, 3 problems): beginner 46%, 5%,
22%, 0%, 0%; rule-based and strong alike (the strong bot plays follow-suit games the
rule-based way) 100%, 100%, 89%, 0%, 0%.

``punish_ms`` over every shipped problem's runner-up (``--punish-every 1``, commit 887d5fc, the
same machine): ten-point cards (227, exact) median 6 ms, p90 24 ms; the other 110 (bots) median
105 ms, p90 158 ms: well inside the goal of a second from a wrong card to the deal shown.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

from pitchlab.bots.advice import advisor
from pitchlab.engine.presets import ruleset
from pitchlab.practice import learners
from pitchlab.practice.generate import from_deal
from pitchlab.practice.problems import RULESETS, Problem, load, verify
from pitchlab.practice.punish import punish


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))] if ordered else float("nan")


def generation(hands: int, start: int, rulesets: Sequence[str] = RULESETS) -> dict[str, dict[str, float]]:
    """Problems made from ``hands`` seeded hands of each ruleset, and how many a minute."""
    found: dict[str, dict[str, float]] = {}
    for name in rulesets:
        began = time.perf_counter()
        made = sum(1 for seed in range(start, start + hands) for _ in from_deal(name, seed))
        minutes = (time.perf_counter() - began) / 60
        found[name] = {"hands": hands, "problems": made, "per_min": made / minutes}
    return found


def verification(count: int) -> dict[str, float]:
    """Check the first ``count`` shipped late-hand ten-point card problems again, timing each."""
    late = [p for p in load("ten-point") if p.kind == "card" and p.verdict.exact][:count]
    times: list[float] = []
    held = 0
    for p in late:
        began = time.perf_counter()
        held += verify(p) is None
        times.append(1000 * (time.perf_counter() - began))
    return {
        "checked": len(late),
        "held": held,
        "median": statistics.median(times),
        "p90": _quantile(times, 0.9),
    }


def punishing(every: int) -> dict[str, dict[str, float]]:
    """Time :func:`punish` on every ``every``-th shipped problem's runner-up, by how it is found."""
    times: dict[str, list[float]] = {"exact": [], "bots": []}
    for p in load()[::every]:
        began = time.perf_counter()
        found = punish(p, p.verdict.runner_up)
        times["exact" if found.exact else "bots"].append(1000 * (time.perf_counter() - began))
    return {
        way: {"problems": len(found), "median": statistics.median(found), "p90": _quantile(found, 0.9)}
        for way, found in times.items()
        if found
    }


def solved(problems: Sequence[Problem]) -> dict[str, dict[str, dict[str, float]]]:
    """Per ruleset and level: the problems, and the share the beginner, the rule-based bot and
    the strong bot (the app's advisor) answer right."""
    table: dict[str, dict[str, dict[str, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(list))
    )
    for p in problems:
        hand = p.hand()
        strong = learners.by_bot(advisor(ruleset(p.ruleset), seed=0))(hand)
        row = table[p.ruleset][str(p.level)]
        row["beginner"].append(1 - p.misses["beginner"])
        row["rule-based"].append(1 - p.misses["rule-based"])
        row["strong"].append(float(strong in p.answers))
        row["problems"].append(1)
    return {
        name: {
            level: {k: (len(v) if k == "problems" else round(sum(v) / len(v), 3)) for k, v in row.items()}
            for level, row in sorted(levels.items())
        }
        for name, levels in table.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="seeded hands per ruleset to time the making on")
    parser.add_argument(
        "--start", type=int, default=1000, help="the first seed (default past the shipped ones)"
    )
    parser.add_argument("--verify", type=int, default=30, help="late-hand problems to check again")
    parser.add_argument("--punish-every", type=int, default=4, help="time punishing every N-th problem")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args()
    made = generation(args.hands, args.start)
    checked = verification(args.verify)
    punished = punishing(args.punish_every)
    shares = solved(load())
    report = {
        "generated_per_min": made,
        "verify_ms": checked,
        "punish_ms": punished,
        "solved": shares,
        "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(report))
        return
    for name, row in made.items():
        print(f"{name}: {row['problems']} problems from {row['hands']} hands, {row['per_min']:.1f} a minute")
    print(
        f"verify_ms (late ten-point card, exact): median {checked['median']:.0f}, p90 {checked['p90']:.0f}; "
        f"{checked['held']:.0f} of {checked['checked']:.0f} held"
    )
    for way, row in punished.items():
        print(
            f"punish_ms ({way}, {row['problems']:.0f} problems): median {row['median']:.0f}, p90 {row['p90']:.0f}"
        )
    for name, levels in shares.items():
        for level, row in levels.items():
            print(
                f"{name} level {level} ({row['problems']:.0f}): beginner {row['beginner']:.0%}, "
                f"rule-based {row['rule-based']:.0%}, strong {row['strong']:.0%}"
            )


if __name__ == "__main__":
    main()
