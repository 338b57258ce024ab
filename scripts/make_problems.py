"""Make the problems that ship in the package: ``python scripts/make_problems.py [--ruleset R]``.

Seeded hands are played by the rule-based bots and every decision worth posing is tried
(:mod:`pitchlab.practice.generate`), seed after seed from ``--start``, until the ruleset has
``--count`` problems and every theme found is taught at two levels or more, but those searched
for apart (or ``--seeds``
hands were played); then, for a rare theme still taught at one level (the stuck dealer), further
deals are searched for it alone (:data:`pitchlab.practice.generate.FOCUS`). The same arguments
make the same file. CPU heavy: run it under ``nice``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

from pitchlab.bots import shipped
from pitchlab.engine.presets import ruleset
from pitchlab.practice.generate import FOCUS, from_deal
from pitchlab.practice.problems import PROBLEMS, RULESETS, Problem

TARGETS = {"ten-point": 160, "auction-pitch": 55}
"""Problems made per ruleset: a margin over the 150 and 50 the practice pages promise."""
FOCUS_START = 100_000
"""The first seed searched for a rare theme (far from the hands played as they come)."""
FOCUS_SEEDS = 2000
"""The most deals searched for one rare theme."""
DATA = Path(__file__).resolve().parent.parent / "pitchlab" / "data"


def thin_themes(problems: list[Problem]) -> list[str]:
    """Themes taught at fewer than two levels."""
    levels: dict[str, set[int]] = defaultdict(set)
    for problem in problems:
        for theme in problem.themes:
            levels[theme].add(problem.level)
    return sorted(t for t, found in levels.items() if len(found) < 2)


def write(rules_name: str, problems: list[Problem], folder: Path) -> None:
    """Write a ruleset's problems as its table in ``folder`` (:data:`PROBLEMS`, compressed)."""
    text = json.dumps([p.to_json() for p in problems], separators=(",", ":"), ensure_ascii=False)
    shipped.write(PROBLEMS, ruleset(rules_name), text + "\n", folder)


def make(rules_name: str, count: int, start: int, seeds: int, folder: Path) -> list[Problem]:
    """Problems from seed after seed, written into ``folder`` after each (so a run stopped
    after seed ``k`` leaves the file ``--seeds k - start + 1`` makes)."""
    problems: list[Problem] = []
    began = time.perf_counter()
    for seed in range(start, start + seeds):
        problems.extend(from_deal(rules_name, seed))
        write(rules_name, problems, folder)
        thin = thin_themes(problems)
        print(
            f"{rules_name}: seed {seed}, {len(problems)} problems, {time.perf_counter() - began:.0f} s"
            + (f"; at one level only: {', '.join(thin)}" if thin else ""),
            file=sys.stderr,
            flush=True,
        )
        if len(problems) >= count and all(theme in FOCUS for theme in thin):
            break
    for theme in thin_themes(problems):
        if theme in FOCUS:
            problems.extend(focused(rules_name, theme, problems, folder))
    return problems


def focused(rules_name: str, theme: str, problems: list[Problem], folder: Path) -> list[Problem]:
    """Problems teaching a rare ``theme`` at levels it lacks, from a search of further deals
    (seeds from :data:`FOCUS_START`) trying only the decisions that may teach it."""
    levels = {p.level for p in problems if theme in p.themes}
    found: list[Problem] = []
    for seed in range(FOCUS_START, FOCUS_START + FOCUS_SEEDS):
        for problem in from_deal(rules_name, seed, FOCUS[theme]):
            if theme in problem.themes and problem.level not in levels:
                levels.add(problem.level)
                found.append(problem)
        if len(levels) >= 2:
            break
    write(rules_name, [*problems, *found], folder)
    print(
        f"{rules_name}: {theme}: {len(found)} more from seeds {FOCUS_START} on", file=sys.stderr, flush=True
    )
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=RULESETS, action="append", help="default: every ruleset")
    parser.add_argument(
        "--count", type=int, help="problems to make (default: 160 ten-point, 55 auction-pitch)"
    )
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--seeds", type=int, default=150, help="the most hands to play")
    parser.add_argument(
        "--out", type=Path, default=DATA, help="the folder to write problems-RULESET.json.gz in"
    )
    args = parser.parse_args(argv)
    for name in args.ruleset or RULESETS:
        problems = make(name, args.count or TARGETS[name], args.start, args.seeds, args.out)
        thin = thin_themes(problems)
        print(
            f"{name}: {len(problems)} problems" + (f"; at one level only: {', '.join(thin)}" if thin else "")
        )


if __name__ == "__main__":
    main()
