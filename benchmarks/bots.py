"""Bot quality: are the bots' reasons true, do the new bots beat the old, how fast do they play?

    python benchmarks/bots.py            # a table
    python benchmarks/bots.py --json     # one JSON object, for tracking

* ``false_claims`` / ``claims_checked``: every decision of the rule-based bot
  (and, where the solver can search the ruleset, of the strong bot with few
  samples) in hands dealt at random in every ruleset, its claims judged by
  :func:`pitchlab.bots.claimcheck.false_claims`, the checker written apart from the
  bots; per ruleset, and with examples of any false claim found.
* ``strong_vs_rule_based`` (both bidding to win the game), ``strong_vs_rule_based_by_strength``
  (both bidding by the strength of the hand: the same bidding, so the card play tells),
  ``new_vs_old_strong``, ``rule_based_vs_old_rule_based``: win rates in mirrored games to the target
  (:func:`pitchlab.bots.simulation.duel_games`, every deal sequence played both
  ways) with 95% intervals; the ``-v1`` bots are the frozen baselines of
  :mod:`pitchlab.bots.v1`.
* ``bid_regret``: net points a bidding turn gives up against the best answer in
  hindsight (:func:`pitchlab.bots.derive.bid_regret`), for the ladder's bidding and the game model's.
* ``calibration``: per ruleset (:data:`CALIBRATION_RULESETS`), self-play games of the
  rule-based bot bidding to win the game at every seat
  (:func:`pitchlab.bots.calibration.self_play`): every quoted chance of winning the game
  against games won, in deciles with Wilson 95% intervals (and, as ``ci95_games``, the
  interval that counts games rather than quotes: a game's quotes share its result, so
  this is the one to judge a gap by), and ``calibration_max_error``
  (the largest gap in percentage points over deciles with at least 50 quotes); the same
  for the quoted made-rate of a bid over the bids that won the auction, what that quote speaks
  for (``made_calibration``: the quote after its map, :mod:`pitchlab.bots.isotonic`, fitted on
  games seeded ``made-map``, never a number this script is given); ``blocking``: top bids
  made from behind, their share, made rate and win rate. ``calibration_max_error`` at
  the top level is the largest over the rulesets.
* ``reason_words_median``: the median length in words of the Why? panel's first line (a
  bot's move and what it told the table, :func:`pitchlab.ui.session.reason_words_median`),
  pooled over the app's bots' moves in a few hands of every ruleset (goal: at most 25).
* ``rule_based_fast_hands_per_s``: whole hands per second, four rule-based bots
  through their fast path (``code()``), for ten-point and for a follow-suit
  ruleset; the median of several rounds.

Timings are for comparing figures of the same run: the machine is shared and
noisy, so no test ever holds a figure to a threshold. The win rates need
hundreds of games to tell bots apart; the small default only shows it runs.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # benchmarks.baseline, from a clone

import pitchlab as pl
from benchmarks.baseline import RuleBasedV1, StrongV1
from pitchlab.bots.calibration import self_play
from pitchlab.bots.claimcheck import false_claims
from pitchlab.bots.claims import word_count
from pitchlab.bots.players import BiddingStyle, Decision, Player
from pitchlab.bots.simulation import Duel, FastPlayer, duel_games
from pitchlab.bots.strong import StrongPlayer, solvable
from pitchlab.ui.session import why_lines

FAST_RULESETS = ("ten-point", "auction-pitch")
"""Rulesets timed for ``rule_based_fast_hands_per_s``: trump-only play and follow-suit play."""
CALIBRATION_RULESETS = ("ten-point", "thirty-one", "partnership")
"""Rulesets with a target whose quotes are tested: three win rules (bidder only, bidder
first, bidder then most points), trump-only play and follow-suit."""
EXAMPLES = 5
"""False claims shown as examples, at most."""


# ------------------------------------------------------------------ claims


def _check_hand(hand: pl.Hand, player: Player, tally: dict[str, Any], examples: list[dict[str, Any]]) -> None:
    """Play ``hand`` out with ``player`` at every seat, checking the claims of each decision
    against the hand as it stood when the decision was made."""
    label = str(getattr(player, "name", type(player).__name__))
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        decision: Decision = player.decide(hand.view(seat))
        wrong = false_claims(hand, seat, decision.claims)
        tally["decisions"] += 1
        tally["claims"] += len(decision.claims)
        tally["false"] += len(wrong)
        for claim, problem in wrong:
            if len(examples) < EXAMPLES:
                examples.append(
                    {
                        "ruleset": hand.rules.name,
                        "player": label,
                        "claim": claim.to_json(),
                        "problem": problem,
                        "why": decision.why,
                        "position": pl.to_record(hand),
                    }
                )
        hand.apply(decision.action, seat)


def claims_report(decisions: int, seed: int) -> dict[str, Any]:
    """Check the claims of at least ``decisions`` rule-based decisions, dealing hands in every
    ruleset in turn, and of the strong bot's decisions in one hand of every ten dealt in the
    rulesets the solver can search (4 guesses each, 10 simulated hands per suit, to keep it quick)."""
    rng = random.Random(f"claims:{seed}")
    names = pl.ruleset_names()
    examples: list[dict[str, Any]] = []
    players: dict[str, dict[str, dict[str, int]]] = {"rule-based": {}, "strong": {}}
    rule_based = pl.RuleBasedPlayer()
    strong = StrongPlayer(samples=4, suit_hands=10, seed=random.Random(f"strong:{seed}"))
    done = 0
    index = 0
    searched = 0  # hands dealt in rulesets the solver can search: one in ten is the strong bot's too
    while done < decisions:
        name = names[index % len(names)]
        rules = pl.ruleset(name)
        hand = pl.Hand.deal(rules, index % rules.players, rng)
        tally = players["rule-based"].setdefault(name, {"decisions": 0, "claims": 0, "false": 0})
        before = tally["decisions"]
        _check_hand(hand, rule_based, tally, examples)
        done += tally["decisions"] - before
        if solvable(rules):
            searched += 1
        if solvable(rules) and searched % 10 == 1:
            hand = pl.Hand.deal(rules, index % rules.players, rng)
            tally = players["strong"].setdefault(name, {"decisions": 0, "claims": 0, "false": 0})
            _check_hand(hand, strong, tally, examples)
        index += 1
    by_ruleset: dict[str, dict[str, int]] = {}
    for tallies in players.values():
        for name, tally in tallies.items():
            into = by_ruleset.setdefault(name, {"decisions": 0, "claims": 0, "false": 0})
            for key, value in tally.items():
                into[key] += value

    def total(key: str, tallies: dict[str, dict[str, int]] = by_ruleset) -> int:
        return sum(t[key] for t in tallies.values())

    return {
        "false_claims": total("false"),
        "claims_checked": total("claims"),
        "decisions_checked": total("decisions"),
        "claims_by_player": {
            player: {key: total(key, tallies) for key in ("decisions", "claims", "false")}
            for player, tallies in players.items()
        },
        "claims_by_ruleset": dict(sorted(by_ruleset.items())),
        "false_claim_examples": examples,
    }


# ------------------------------------------------------------------ duels


def duel_report(duel: Duel) -> dict[str, Any]:
    """A duel's figures as the tournament prints them: win rate (Wilson 95% interval), points
    per hand and lead per game (normal 95% intervals)."""
    wins, points, lead = duel.win_rate(), duel.points_per_hand(), duel.margin()
    return {
        "first": duel.first,
        "second": duel.second,
        "games": len(duel.wins),
        "seed": duel.seed,
        "win_rate": wins.value,
        "win_rate_ci95": list(wins.wilson()),
        "points_per_hand": points.value,
        "points_per_hand_ci95": list(points.interval()),
        "lead_per_game": lead.value,
        "lead_per_game_ci95": list(lead.interval()),
    }


def duels(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """The mirrored matches, ``args.games`` game pairs each, ten-point: the strong bot against
    the rule-based one bidding to win the game, and both bidding by the strength of the hand
    (the same bidding on both sides, so the games measure the card play); the new bots
    against the frozen ones."""

    def strong(tag: str, bidding: BiddingStyle = "game") -> StrongPlayer:
        return StrongPlayer(
            samples=args.strong_samples, seed=random.Random(f"{args.seed}:{tag}"), bidding=bidding
        )

    def strong_v1(tag: str) -> StrongV1:
        return StrongV1(samples=args.strong_samples, seed=random.Random(f"{args.seed}:{tag}"))

    matches: dict[str, tuple[object, object]] = {
        "strong_vs_rule_based": (strong("strong"), pl.RuleBasedPlayer()),
        # both sides bidding by the strength of the hand (the app's first game): the card play tells
        "strong_vs_rule_based_by_strength": (strong("strong", "ladder"), pl.RuleBasedPlayer("ladder")),
        "new_vs_old_strong": (strong("new"), strong_v1("old")),
        "rule_based_vs_old_rule_based": (pl.RuleBasedPlayer(), RuleBasedV1()),
    }
    return {
        key: duel_report(
            duel_games(
                cast(FastPlayer, first), cast(FastPlayer, second), args.games, args.seed, workers=args.workers
            )
        )
        for key, (first, second) in matches.items()
    }


# ------------------------------------------------------------------ bid regret


def bid_regret(args: argparse.Namespace) -> tuple[object, str]:
    """Mean net points a bidding turn gives up against the best answer in hindsight (ten-point,
    dealt at 0-0, ``--games`` deals), for today's bidding (the ladder's) and the new (the game
    model's), through :func:`pitchlab.bots.derive.bid_regret`."""
    from pitchlab.bots.derive import bid_regret as regret

    old = pl.RuleBasedPlayer(bidding="ladder")
    new = pl.RuleBasedPlayer(bidding="game")
    found = {
        name: _plain(regret(player, deals=args.games, seed=args.seed, workers=args.workers))
        for name, player in (("old_ladder_bidding", old), ("new_game_bidding", new))
    }
    return (
        found,
        f"pitchlab.bots.derive.bid_regret over {args.games} ten-point deals at 0-0, net points per bidding turn",
    )


def _plain(value: object) -> object:
    """A JSON-friendly form of a figure: numbers as they are, an estimate as value and interval."""
    if isinstance(value, pl.Estimate):
        return {"value": value.value, "ci95": list(value.interval())}
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return repr(value)


# ------------------------------------------------------------------ calibration


def calibration(args: argparse.Namespace) -> dict[str, Any]:
    """The quotes of :data:`CALIBRATION_RULESETS` tested against self-play games
    (``--calibration-games`` each), and the worst decile gaps over them."""
    found = {
        name: self_play(pl.ruleset(name), args.calibration_games, args.seed, args.workers).to_json()
        for name in CALIBRATION_RULESETS
    }

    def worst(key: str) -> float | None:
        gaps = [r[key] for r in found.values() if r[key] is not None]
        return max(gaps) if gaps else None

    return {
        "calibration": found,
        "calibration_max_error": worst("calibration_max_error"),
        "made_calibration_max_error": worst("made_calibration_max_error"),
    }


# ------------------------------------------------------------------ speed


def fast_hands(rules: pl.Ruleset, hands: int, seed: int) -> None:
    """Four rule-based bots through their fast path, as simulations ask them."""
    rng = random.Random(seed)
    bot = pl.RuleBasedPlayer()
    over = pl.Phase.OVER
    for i in range(hands):
        hand = pl.Hand.deal(rules, i % rules.players, rng)
        while hand.phase is not over:
            hand.step(bot.code(hand))


def rate(run: Callable[[int, int], None], hands: int, rounds: int) -> float:
    """Median hands per second over ``rounds`` runs."""
    rates = []
    for r in range(rounds):
        start = time.perf_counter()
        run(hands, r)
        rates.append(hands / (time.perf_counter() - start))
    return statistics.median(rates)


def speeds(args: argparse.Namespace) -> dict[str, float]:
    """Hands per second of the fast rule-based bots in each of :data:`FAST_RULESETS`."""
    out = {}
    for name in FAST_RULESETS:
        rules = pl.ruleset(name)
        run = functools.partial(fast_hands, rules)
        out[name] = round(rate(run, args.hands, args.rounds), 1)
    return out


# ------------------------------------------------------------------ reasons


def reason_words(seed: int, hands: int = 5) -> dict[str, Any]:
    """``reason_words_median`` over ``hands`` hands of every ruleset (a few seconds each)."""
    counts = [
        word_count(line) for name in pl.ruleset_names() for line in why_lines(pl.ruleset(name), hands, seed)
    ]
    return {"reason_words_median": statistics.median(counts), "reason_words_lines": len(counts)}


# ------------------------------------------------------------------ main


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Every figure, as one JSON-ready object."""
    report: dict[str, Any] = {"seed": args.seed, "decisions_asked": args.decisions}
    report.update(claims_report(args.decisions, args.seed))
    report.update(duels(args))
    regret, note = bid_regret(args)
    report["bid_regret"] = regret
    report["bid_regret_note"] = note
    report.update(calibration(args))
    report.update(reason_words(args.seed))
    report["rule_based_fast_hands_per_s"] = speeds(args)
    return report


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=5000, help="rule-based decisions to check")
    parser.add_argument("--games", type=int, default=4, help="game pairs per match (at least 2)")
    parser.add_argument(
        "--calibration-games", type=int, default=2000, help="self-play games per ruleset for calibration"
    )
    parser.add_argument("--workers", type=int, default=1, help="processes to share each match's games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--strong-samples", type=int, default=8, help="the strong bots' guesses per card")
    parser.add_argument("--hands", type=int, default=500, help="hands per speed round")
    parser.add_argument("--rounds", type=int, default=5, help="speed rounds (the median is reported)")
    parser.add_argument("--json", action="store_true")
    return parser


def _points(gap: float | None) -> str:
    return "n/a" if gap is None else f"{gap:.1f} points"


def main() -> None:
    args = parser().parse_args()
    if args.games < 2:
        parser().error("--games must be at least 2 (an interval needs two game pairs)")
    if args.calibration_games < 1:
        parser().error("--calibration-games must be at least 1")
    report = measure(args)
    if args.json:
        print(json.dumps(report))
        return
    print(f"pitchlab {pl.__version__}, Python {platform.python_version()}, {platform.machine()}")
    print(
        f"claims: {report['false_claims']} false of {report['claims_checked']} checked "
        f"in {report['decisions_checked']} decisions"
    )
    for name, tally in report["claims_by_ruleset"].items():
        print(
            f"  {name:16} {tally['false']:5} false / {tally['claims']:6} claims / {tally['decisions']:6} decisions"
        )
    for key in (
        "strong_vs_rule_based",
        "strong_vs_rule_based_by_strength",
        "new_vs_old_strong",
        "rule_based_vs_old_rule_based",
    ):
        duel = report[key]
        low, high = duel["win_rate_ci95"]
        print(
            f"{key:30} won {duel['win_rate']:.1%} of {duel['games']} games (95% interval {low:.1%} to {high:.1%})"
        )
    for name, found in report["calibration"].items():
        print(
            f"calibration {name:12} {found['quotes']} quotes in {found['games']} games: worst decile gap"
            f" {_points(found['calibration_max_error'])} (win), {_points(found['made_calibration_max_error'])} (made)"
        )
        for d in found["calibration"]:
            low, high = d["ci95"]
            g_low, g_high = d["ci95_games"]
            print(
                f"  quoted {d['decile']:>8}: {d['count']:6} quotes in {d['games']:5} games, mean {d['mean_quote']:.1%},"
                f" won {d['rate']:.1%} ({low:.1%} to {high:.1%}; counting games {g_low:.1%} to {g_high:.1%})"
            )
    print(f"bid_regret: {report['bid_regret']} ({report['bid_regret_note']})")
    print(
        f"reason_words_median: {report['reason_words_median']} words ({report['reason_words_lines']} lines)"
    )
    for name, value in report["rule_based_fast_hands_per_s"].items():
        print(f"rule-based fast, {name:14} {value:10,.0f} hands/s")


if __name__ == "__main__":
    main()
