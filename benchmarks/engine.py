"""Engine speed: hands per second through the checked API, with the rule-based
bots, and through the fast path that simulations use, beside the bare loop.

The bare loop (``../shared/bench/bare_loop.py``: a random ten-point hand in plain
Python, ints and no checks) runs in the same process and rounds, so the ratios
``fast / bare`` and ``checked / bare`` say what the engine's objects and checks cost
on this machine today, whatever its load.

    python benchmarks/engine.py            # a table
    python benchmarks/engine.py --json     # one JSON object, for tracking

Each figure is the median of several rounds; the machine is shared and noisy,
so compare figures from the same run, never against a fixed threshold in a test.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import pitchlab as pl


def checked_random(hands: int, seed: int) -> None:
    """Random legal actions through ``legal_actions`` and ``apply``."""
    rng = random.Random(seed)
    rand = rng.random
    for i in range(hands):
        hand = pl.Hand.deal(dealer=i & 3, seed=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[int(rand() * len(legal))])


def rule_based(hands: int, seed: int) -> None:
    """The rule-based bot at every seat, deciding from each seat's view."""
    rng = random.Random(seed)
    bots = [pl.RuleBasedPlayer()] * 4
    for i in range(hands):
        pl.play_hand(pl.Hand.deal(dealer=i & 3, seed=rng), bots)


def rule_based_fast(hands: int, seed: int, rules: str = "ten-point") -> None:
    """The same bots through their fast path (``code(hand)``, no views), as simulations ask them;
    a follow-suit ``rules`` runs the rules of thumb of :mod:`pitchlab.bots.follow_suit_judgement`."""
    rng = random.Random(seed)
    bot = pl.RuleBasedPlayer()
    over = pl.Phase.OVER
    ruleset = pl.ruleset(rules)
    for i in range(hands):
        hand = pl.Hand.deal(ruleset, i % ruleset.players, seed=rng)
        while hand.phase is not over:
            hand.step(bot.code(hand))


def fast(hands: int, seed: int) -> None:
    """Random legal codes through the unchecked ``legal_codes`` and ``step``."""
    rng = random.Random(seed)
    rand = rng.random
    over = pl.Phase.OVER
    for i in range(hands):
        hand = pl.Hand.deal(dealer=i & 3, seed=rng)
        while hand.phase is not over:
            codes = hand.legal_codes()
            hand.step(codes[int(rand() * len(codes))])


BARE_LOOP = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "bare_loop.py"
"""The anchor: beside the repository (``../shared/bench``), as the project's spec keeps it."""


def bare_loop(path: Path) -> Callable[[int, int], None] | None:
    """The bare loop's ``hands(n, seed)``, or ``None`` where there is no such file."""
    spec = importlib.util.spec_from_file_location("bare_loop", path)
    if spec is None or spec.loader is None or not path.exists():
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    run: Callable[[int, int], None] = module.hands
    return run


def rates(
    runs: dict[str, tuple[Callable[[int, int], None], int]],
    rounds: int,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, list[float]]:
    """Hands per second of each run, round by round, the runs taking turns within a round
    so that a change in the machine's load falls on all of them alike."""
    out: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name, (run, hands) in runs.items():
            start = clock()
            run(hands, r)
            out[name].append(hands / (clock() - start))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per round (rule-based: a fifth)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time, not the wall clock (steadier on a busy shared machine)",
    )
    parser.add_argument(
        "--bare", type=Path, default=BARE_LOOP, help="the bare loop to run beside (a git worktree: pass it)"
    )
    args = parser.parse_args()
    n = args.hands
    runs: dict[str, tuple[Callable[[int, int], None], int]] = {
        "checked_random": (checked_random, n),
        "rule_based": (rule_based, max(1, n // 5)),
        "rule_based_fast": (rule_based_fast, max(1, n // 2)),
        "auction_fast": (functools.partial(rule_based_fast, rules="auction-pitch"), max(1, n // 5)),
        "fast": (fast, n),
    }
    bare = bare_loop(args.bare)
    if bare is None:
        print(f"no bare loop at {args.bare}: no ratios")
    else:
        runs["bare_loop"] = (bare, n)
    measured = rates(runs, args.rounds, time.process_time if args.cpu else time.perf_counter)
    figures = {f"{name}_hands_per_s": statistics.median(r) for name, r in measured.items()}
    if bare is not None:
        # the median of each round's ratio: both sides of a ratio ran under the same load
        for name in ("fast", "checked_random"):
            pairs = zip(measured[name], measured["bare_loop"], strict=True)
            figures[f"{name}_over_bare"] = statistics.median(a / b for a, b in pairs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    if args.json:
        rounded = {k: round(v, 3 if "_over_" in k else 1) for k, v in figures.items()}
        print(json.dumps({**rounded, "load": load, "clock": "cpu" if args.cpu else "wall"}))
        return
    clock = "CPU time" if args.cpu else "wall clock"
    print(
        f"pitchlab {pl.__version__}, Python {platform.python_version()}, {platform.machine()}, "
        f"load {load:.2f}, {clock}, medians of {args.rounds} rounds"
    )
    for name, value in figures.items():
        print(f"{name:30} {value:12.2f}" if "_over_" in name else f"{name:30} {value:12,.0f}")


if __name__ == "__main__":
    main()
