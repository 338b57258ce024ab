"""The command line: ``python -m pitchlab replay|deal|rulesets|simulate|chances|solve|review|tournament|decide``,
``problems`` to list the practice problems,
``app|lessons|tutorial|notebooks`` to serve or copy the pages a pip install ships, and
``class`` for class experiments.

Errors never show a traceback: the process exits with status 2 and prints one
line on standard error, and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, cast

from pitchlab.bots.players import BiddingStyle, RandomPlayer, RuleBasedPlayer, play_hand
from pitchlab.classes import commands as class_commands
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.limits import (
    MAX_CHANCE_HANDS,
    MAX_RECORD_CHARS,
    MAX_SIMULATE_HANDS,
    MAX_TOURNAMENT_GAMES,
    MAX_WORKERS,
)
from pitchlab.engine.presets import ruleset, ruleset_names
from pitchlab.engine.record import loads, summary, to_record
from pitchlab.engine.seats import dealer_of
from pitchlab.server.launcher import (
    LEARNER_POOL,
    Launch,
    LaunchError,
    Network,
    copy_pages,
    launch,
    port_refusal,
    port_taken,
)
from pitchlab.server.watchdog import Watchdog
from pitchlab.ui.session import BIDDING_STYLES, DEFAULT_BIDDING

PLAYERS = ("rule-based", "estimate", "random", "strong")
"""Players the tournament knows by name (``strong:40`` sets the strong bot's samples)."""
MORE_PLAYERS: dict[str, Callable[[str, str], object | None]] = {}
"""Players a script adds by name before it runs :func:`main`: each makes the player from the
text after its name's colon (``""`` if none) and the seed, or gives ``None`` for a text it
refuses. ``python -m benchmarks.baseline`` (in a clone) adds the frozen baselines
``rule-based-v1`` and ``strong-v1``: measurement tooling the installed package does not hold."""


def player_names() -> str:
    """Every player name the tournament and ``decide`` know, for their help and refusals."""
    return ", ".join((*PLAYERS, *MORE_PLAYERS))


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pitchlab", description="Ten-point Pitch and its variants: replay, deal, simulate.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = sub.add_parser("replay", help="replay hand records and print one JSON result per record")
    replay.add_argument("files", nargs="+", metavar="FILE", help="a hand record ('-' reads standard input)")

    deal = sub.add_parser("deal", help="deal a hand, play it with the rule-based bots, print its record")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--dealer", type=int, default=0)
    deal.add_argument("--ruleset", default="ten-point", choices=ruleset_names())

    sub.add_parser("rulesets", help="list the rulesets (Pitch variants) by name, with what each one plays")
    sim = sub.add_parser("simulate", help="play many hands with the rule-based bots and summarise them")
    sim.add_argument("--hands", type=int, required=True)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--ruleset", default="ten-point", choices=ruleset_names())
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    chances = sub.add_parser(
        "chances", help="the chance of making each bid with a hand of nine, from hands the bots play out"
    )
    chances.add_argument("cards", metavar="CARDS", help='nine card codes, e.g. "AS KS 3S JC JK 9H 4D 7C 2C"')
    chances.add_argument("--trump", required=True, help="the suit you would name: S, H, D or C")
    chances.add_argument(
        "--position", type=int, default=0, help="your place in the bidding: 0 first ... 3 the dealer"
    )
    chances.add_argument("--hands", type=int, default=2000)
    chances.add_argument("--seed", default="0")
    chances.add_argument("--workers", type=int, default=1, help="processes to share the hands among")
    chances.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    solve = sub.add_parser(
        "solve", help="best play from a position in the play phase, every hand known: one JSON object"
    )
    solve.add_argument(
        "file", metavar="FILE", help="a hand record stopping in the play phase ('-' reads stdin)"
    )

    review = sub.add_parser(
        "review",
        help="each card played in a hand record, judged by what its player knew, then with every card known",
    )
    review.add_argument("file", metavar="FILE", help="a hand record that reaches the play ('-' reads stdin)")
    review.add_argument(
        "--seed", type=int, default=0, help="seeds the layouts drawn where there are too many"
    )
    review.add_argument(
        "--bidding",
        choices=tuple(BIDDING_STYLES),
        default=DEFAULT_BIDDING,
        help="how the bots bid in the deals each bid and trump choice is played out on: "
        + "; ".join(f"{style}: {name}" for style, (name, _) in BIDDING_STYLES.items())
        + f" (default {DEFAULT_BIDDING}, as the app's first game)",
    )
    review.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    match = sub.add_parser(
        "tournament",
        help="games to 52 between two partnerships, every deal played twice with the seats swapped",
    )
    for side in ("first", "second"):
        match.add_argument(
            side, metavar=side.upper(), help=f"the {side} partnership: {player_names()}[:SAMPLES]"
        )
    match.add_argument(
        "--games", type=int, default=100, help="game pairs (each deal sequence played both ways)"
    )
    match.add_argument("--seed", default="0")
    match.add_argument("--workers", type=int, default=1, help="processes to share the games among")
    match.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    for name, what in (
        ("app", "the app: a whole game against the bots (with the classroom config)"),
        ("lessons", "the probability lessons and the explorer: their index page"),
        ("tutorial", "the tutorial, the game phase by phase: its index page"),
    ):
        serve = sub.add_parser(name, help=f"serve {what} with Voila and print its address")
        serve.add_argument("--port", type=int, default=8866, help="the port to serve on (default 8866)")
        serve.add_argument(
            "--ip",
            default="127.0.0.1",
            help="the address to listen on: 127.0.0.1 (this machine only, the default), 0.0.0.0 "
            "(every network of this machine: a classroom) or one of the machine's addresses",
        )
        serve.add_argument(
            "--certfile", type=Path, metavar="FILE", help="serve https with this certificate (PEM)"
        )
        serve.add_argument("--keyfile", type=Path, metavar="FILE", help="the certificate's private key (PEM)")
        serve.add_argument(
            "--public-url",
            metavar="URL",
            help="behind a reverse proxy that does the https: the address students open "
            "(e.g. https://pitch.myschool.org), printed instead of this machine's",
        )
        serve.add_argument(
            "--watchdog",
            type=float,
            default=20.0,
            metavar="SECONDS",
            help="restart the server when it has not answered for this long (default 20; 0: no watchdog)",
        )
        if name == "app":
            serve.add_argument(
                "--class",
                dest="classroom",
                action="store_true",
                help="serve a class: voila.json's pool of 30 preheated kernels (start it a minute early)",
            )
            serve.add_argument(
                "--pool",
                type=int,
                help=f"preheated kernels, at least the class size (default {LEARNER_POOL}, one learner; "
                "30 with --class)",
            )
    copy = sub.add_parser("notebooks", help="copy the notebooks and the Voila config into DIR, to edit")
    copy.add_argument("dir", metavar="DIR", help="a new or empty folder")

    decide = sub.add_parser(
        "decide",
        help="what a bot would do at the decision where a hand record stops, and why: one JSON object",
    )
    decide.add_argument("file", metavar="FILE", help="a hand record stopping at a decision ('-' reads stdin)")
    decide.add_argument(
        "--player",
        help=f"who decides: {player_names()}[:SAMPLES] (default: the strongest bot that answers "
        "within about a second: strong where it can search the ruleset, else rule-based)",
    )
    decide.add_argument("--seed", type=int, default=0, help="seeds the bots that draw at random")
    problems = sub.add_parser("problems", help="list the practice problems that ship with pitchlab")
    problems.add_argument("--ruleset", help="only this ruleset's problems (ten-point or auction-pitch)")
    problems.add_argument("--json", action="store_true", help="print one JSON array instead of a table")
    class_commands.add_parser(sub, _Parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        if args.command == "replay":
            lines = [json.dumps(summary(_replay_file(name))) for name in args.files]
            print("\n".join(lines))
        elif args.command == "deal":
            print(json.dumps(_deal(args.seed, args.dealer, args.ruleset), indent=2, ensure_ascii=False))
        elif args.command == "chances":
            _chances(args)
        elif args.command == "solve":
            print(json.dumps(_solve(args.file)))
        elif args.command == "review":
            _review(args.file, args.seed, args.bidding, args.json)
        elif args.command == "tournament":
            _tournament(args)
        elif args.command == "decide":
            print(json.dumps(_decide(args.file, args.player, args.seed)))
        elif args.command == "rulesets":
            _rulesets()
        elif args.command == "problems":
            _problems(args.ruleset, args.json)
        elif args.command in ("app", "lessons", "tutorial"):
            return _serve(args.command, _plan(args), args.watchdog)
        elif args.command == "class":
            class_commands.run(args)
        elif args.command == "notebooks":
            for path in copy_pages(Path(args.dir)):
                print(path)
        else:
            _simulate(args.hands, args.seed, args.ruleset, args.json)
    except (UsageError, PitchError, OSError) as exc:
        print(_one_line(str(exc)), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print(_one_line(f"pitchlab: internal error: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return 2
    return 0


def serving_plan(argv: Sequence[str]) -> Launch:
    """What ``pitchlab app|lessons|tutorial ...`` (``argv`` without ``pitchlab``) would serve,
    and how: one learner's small pool unless a class server is asked for (``--class``, or
    ``--pool N``). Nothing starts."""
    return _plan(_parser().parse_args(argv))


def _plan(args: argparse.Namespace) -> Launch:
    classroom = getattr(args, "classroom", False)
    network = Network(args.ip, args.certfile, args.keyfile, args.public_url)
    return launch(
        args.command, args.port, pool=getattr(args, "pool", None), classroom=classroom, network=network
    )


def _serve(what: str, plan: Launch, watchdog_s: float) -> int:
    """Run the server under the watchdog, after saying where to look (Voila's log follows).

    A port already served (a second ``pitchlab`` command, or another program) is refused
    here in one line, before anything starts: the new server could not bind it, and would
    otherwise hear the other server answer in its place."""
    refusal = port_refusal(what, plan.port, plan.network.ip)
    if refusal is not None:
        raise LaunchError(refusal)
    print(f"pitchlab: open {plan.address} in your browser (Ctrl-C stops the server)", flush=True)
    if plan.practice:
        print(f"pitchlab: practice problems at {plan.practice}", flush=True)
    for other in plan.addresses[1:]:
        print(f"pitchlab: or {other}", flush=True)
    warning = plan.network.warning()
    if warning is not None:
        print(warning, flush=True)
    if what == "app":
        print("pitchlab: pages open at once from the line 'ready: ...' below", flush=True)
    if plan.classroom:
        print(
            f"pitchlab: class experiments go to {class_commands.shown_url()} "
            f"(pitchlab class create --address {plan.network.roots(plan.port)[0]})",
            flush=True,
        )
    elif what == "app":
        print("pitchlab: one learner's server; for a class, start it with --class", flush=True)
    if watchdog_s <= 0:
        os.chdir(plan.cwd)
        os.execv(plan.command[0], list(plan.command))
    taken = port_taken(what, plan.port)  # should another server bind the port first after all
    return Watchdog(plan.command, plan.cwd, plan.health, stall_s=watchdog_s, taken=taken).run()


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _replay_file(name: str) -> Hand:
    """A record read from a file or stdin: at most one character over the cap is read, so an
    endless input (``/dev/zero``) is refused in one line instead of filling the memory."""
    try:
        if name == "-":
            text = sys.stdin.read(MAX_RECORD_CHARS + 1)
        else:
            with open(name, encoding="utf-8") as f:
                text = f.read(MAX_RECORD_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{name}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    if len(text) > MAX_RECORD_CHARS:
        raise UsageError(
            f"{name}: longer than {MAX_RECORD_CHARS:,} characters, the most a hand record may be"
        )
    try:
        return loads(text)
    except PitchError as exc:
        raise UsageError(f"{name}: {exc}") from None


def _deal(seed: int, dealer: int, rules_name: str) -> dict[str, object]:
    rules = ruleset(rules_name)
    if not 0 <= dealer < rules.players:
        raise UsageError(f"pitchlab deal: --dealer must be a seat 0-{rules.players - 1}")
    hand = Hand.deal(rules, dealer, seed)
    play_hand(hand, [RuleBasedPlayer()] * rules.players)
    return to_record(hand)


def simulate(hands: int, seed: int, rules_name: str = "ten-point") -> dict[str, object]:
    """Play ``hands`` independent hands with the rule-based bots (the deal rotating)."""
    rules = ruleset(rules_name)
    bot = RuleBasedPlayer()
    over = Phase.OVER
    bids: Counter[int] = Counter()
    made = 0
    seat_points = [0] * rules.players
    bidder_seats: Counter[int] = Counter()
    voided = 0
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand.deal(rules, dealer_of(i, rules.players), rng)
        while hand.phase is not over:  # the bot's fast path: the same choices as its views give
            hand.step(bot.code(hand))
        if hand.redeal is not None:
            voided += 1
            continue
        result = hand.result()
        bids[result.bid] += 1
        made += result.made
        bidder_seats[hand.position(result.bidder)] += 1
        for seat, p in enumerate(hand.points_by_seat()):
            seat_points[seat] += p
    elapsed = time.perf_counter() - start
    played = hands - voided
    positions = [*_ORDINALS[: rules.players - 1], "dealer"]
    return {
        "ruleset": rules.name,
        "hands": hands,
        "seed": seed,
        "redeals": voided,
        "bids": {str(b): bids[b] for b in sorted(bids)},
        "made_rate": made / played if played else 0.0,
        "mean_points_by_seat": [p / played if played else 0.0 for p in seat_points],
        "bidder_position": {name: bidder_seats[k] for k, name in enumerate(positions)},
        "hands_per_s": hands / elapsed if elapsed > 0 else 0.0,
    }


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _problems(rules_name: str | None, as_json: bool) -> None:
    """The ``problems`` listing: each problem's id, ruleset, level, themes, seat, answers and
    record (the position), as JSON or one line each."""
    from pitchlab.practice.problems import load

    found = load(rules_name)
    if as_json:
        print(json.dumps([p.listing() for p in found], ensure_ascii=False))
        return
    for p in found:
        print(
            f"{p.id}  level {p.level}  seat {p.seat}  {p.kind}: {', '.join(p.answers)}  "
            f"themes: {', '.join(p.themes)}"
        )
    print(f"{len(found)} problems")


def _rulesets() -> None:
    for name in ruleset_names():
        rules = ruleset(name)
        print(f"{name}  ({rules.players} players, {len(rules.deck)} cards, game to {rules.target})")
        print(textwrap.fill(rules.description, width=88, initial_indent="    ", subsequent_indent="    "))


def _simulate(hands: int, seed: int, rules_name: str, as_json: bool) -> None:
    if not 1 <= hands <= MAX_SIMULATE_HANDS:
        raise UsageError(f"pitchlab simulate: --hands must be 1 to {MAX_SIMULATE_HANDS:,}")
    report = simulate(hands, seed, rules_name)
    if as_json:
        print(json.dumps(report))
        return
    bids = report["bids"]
    assert isinstance(bids, dict)
    print(f"{hands} hands of {rules_name}, seed {seed}, rule-based bots at every seat")
    print("winning bids:  " + "  ".join(f"{b}: {n}" for b, n in bids.items()))
    print(f"bids made:     {report['made_rate']:.1%}")
    means = report["mean_points_by_seat"]
    assert isinstance(means, list)
    print("mean points:   " + "  ".join(f"seat {s}: {p:.2f}" for s, p in enumerate(means)))
    print(f"total points:  {math.fsum(means):.2f} per hand")
    if report["redeals"]:
        print(f"void deals:    {report['redeals']} (dealt again)")
    print(f"speed:         {report['hands_per_s']:,.0f} hands/s")


def _chances(args: argparse.Namespace) -> None:
    from pitchlab.bots.simulation import bid_chances, setup

    if not 2 <= args.hands <= MAX_CHANCE_HANDS:
        raise UsageError(f"pitchlab chances: --hands must be 2 to {MAX_CHANCE_HANDS:,}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"pitchlab chances: --workers must be 1 to {MAX_WORKERS}")
    result = bid_chances(
        setup(args.cards, args.trump, args.position), hands=args.hands, seed=args.seed, workers=args.workers
    )
    if not args.json:
        s = result.setup
        print(
            f"{' '.join(c.code for c in s.cards)}, {s.trump.symbol} trump, bidding {['first', 'second', 'third', 'as dealer'][s.position]}"
        )
        print(result.table())
        top = result.top_bid()
        print(f"highest bid that still gains on average: {top if top else 'none'}")
        return
    report = {
        "cards": [c.code for c in result.setup.cards],
        "trump": result.setup.trump.letter,
        "position": result.setup.position,
        "hands": result.hands,
        "seed": result.seed,
        "mean_points": result.mean_points().value,
        "bids": {
            str(b): {
                "made": result.chance(b).value,
                "made_ci95": list(result.chance(b).interval()),
                "expected_change": result.expected_change(b).value,
                "expected_change_ci95": list(result.expected_change(b).interval()),
            }
            for b in result.bids()
        },
        "top_bid": result.top_bid(),
    }
    print(json.dumps(report))


def _solve(name: str) -> dict[str, object]:
    from pitchlab.bots.solver import solve

    hand = _replay_file(name)
    if hand.phase is not Phase.PLAY:
        where = "is a finished hand" if hand.phase is Phase.OVER else f"stops in the {hand.phase} phase"
        raise UsageError(f"{name}: the record {where}; solve needs a position in the play phase")
    solution = solve(hand)
    deck = hand.rules.deck
    return {
        "points": list(solution.points),
        "to_act": solution.to_act,
        "values": {deck[slot].code: list(points) for slot, points in solution.values.items()},
    }


def _review(name: str, seed: int, bidding: BiddingStyle, as_json: bool) -> None:
    """Each card played, judged first by what its player knew, then with every card known; then
    each bid and the trump choice, on deals played out by bots bidding in ``bidding``'s style
    (named in the output: the same answer can be best at one table and not at the other)."""
    from pitchlab.bots import analysis, bid_review
    from pitchlab.bots.strong import solvable, unsolvable_reason

    hand = _replay_file(name)
    if not solvable(hand.rules):
        raise UsageError(f"{name}: no review in {hand.rules.name}: {unsolvable_reason(hand.rules)}")
    if not hand.play_slots:
        raise UsageError(f"{name}: the record stops before any card is played; review needs played cards")
    reviews = analysis.review(hand, seed=seed)
    choices = bid_review.review_choices(hand, bidding=bidding, seed=seed)
    if as_json:
        print(
            json.dumps(
                {
                    "seed": seed,
                    "bidding": bidding,
                    "cards": [r.as_json() for r in reviews],
                    "choices": [c.as_json() for c in choices],
                }
            )
        )
        return
    print("By what the player knew: the points lost against the best card on what that seat had seen")
    print("(exact: every layout of the unseen cards counted; else a sample, ~ marks it).")
    print(f"{'#':>3} {'trick':>5} {'seat':>4}  {'card':<4} {'best':<12} {'lost':>6}  {'hindsight':>9}")
    for r in reviews:
        mark = " " if r.exact else "~"
        best = " ".join(c.code for c in r.best)
        print(
            f"{r.number:>3} {r.trick:>5} {r.seat:>4}  {r.played.code:<4} {best:<12} "
            f"{mark}{r.lost:>5.2f}  {r.lost_hindsight:>9}"
        )
    lost = analysis.lost_by_seat(reviews, hand.rules.players)
    hindsight = analysis.lost_by_seat_hindsight(reviews, hand.rules.players)
    for seat in range(hand.rules.players):
        print(
            f"seat {seat}: lost {analysis.points_text(lost[seat])} by what it knew; "
            f"with every card known (hindsight): {hindsight[seat]}"
        )
    print()
    print("Bids and trump, by what the player knew: expected points against the best answer")
    print(
        f"({bid_review.DEALS} deals of the cards that seat could not see, played out by the rule-based bots"
        f" bidding {BIDDING_STYLES[bidding][0]})."
    )
    for c in choices:
        best = " ".join(c.best)
        print(f"seat {c.seat} {c.kind:<5} {c.chosen:<5} best {best:<16} lost {c.lost:5.2f}")


def player(spec: str, seed: str) -> object:
    """A player from its name: ``rule-based``, ``estimate`` (the old bidding), ``random``,
    ``strong`` or ``strong:SAMPLES``, or one of :data:`MORE_PLAYERS`."""
    name, _, samples = spec.partition(":")
    more = MORE_PLAYERS.get(name)
    made = more(samples, seed) if more is not None else None
    if made is not None:
        return made
    if name == "rule-based" and not samples:
        return RuleBasedPlayer()
    if name == "estimate" and not samples:
        return RuleBasedPlayer(bidding="estimate")
    if name == "random" and not samples:
        return RandomPlayer(random.Random(f"{seed}:{spec}"))
    if name == "strong" and (not samples or (samples.isdigit() and 1 <= int(samples) <= 1000)):
        from pitchlab.bots.strong import StrongPlayer

        return StrongPlayer(samples=int(samples or 20), seed=random.Random(f"{seed}:{spec}"))
    raise UsageError(
        f"pitchlab tournament: unknown player {spec!r} (known: {player_names()}, strong:SAMPLES)"
    )


def _tournament(args: argparse.Namespace) -> None:
    from pitchlab.bots.simulation import FastPlayer, duel_games

    if not 1 <= args.games <= MAX_TOURNAMENT_GAMES:
        raise UsageError(f"pitchlab tournament: --games must be 1 to {MAX_TOURNAMENT_GAMES:,}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"pitchlab tournament: --workers must be 1 to {MAX_WORKERS}")
    first, second = player(args.first, args.seed), player(args.second, args.seed)
    duel = duel_games(
        cast(FastPlayer, first), cast(FastPlayer, second), args.games, args.seed, workers=args.workers
    )
    wins, points = duel.win_rate(), duel.points_per_hand()
    low, high = wins.interval()  # Wilson's, as for every proportion
    report = {
        "first": args.first,
        "second": args.second,
        "games": len(duel.wins),
        "seed": args.seed,
        "win_rate": wins.value,
        "win_rate_ci95": [low, high],
        "points_per_hand": points.value,
        "points_per_hand_ci95": list(points.interval()),
        "lead_per_game": duel.margin().value,
        "lead_per_game_ci95": list(duel.margin().interval()),
    }
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{args.first} against {args.second}: {len(duel.wins):,} games to 52, every deal sequence played both ways"
    )
    print(f"games won:        {wins}")
    print(f"points per hand:  {points} of {10}")
    print(f"lead per game:    {duel.margin()}")


def _decide(name: str, spec: str | None, seed: int) -> dict[str, object]:
    """The ``decide`` report: the record read and refused as ``replay`` reads and refuses it,
    then the chosen bot's action at the decision where it stops."""
    from pitchlab.bots.advice import advise
    from pitchlab.bots.players import Player

    hand = _replay_file(name)
    if hand.to_act is None:
        done = f"is a void deal ({hand.redeal})" if hand.redeal is not None else "is a finished hand"
        raise UsageError(f"{name}: the record {done}; decide needs a record that stops at a decision")
    chosen: Player | None = None
    if spec is not None:
        try:
            chosen = cast(Player, player(spec, str(seed)))
        except UsageError as exc:
            raise UsageError(str(exc).replace("pitchlab tournament:", "pitchlab decide:", 1)) from None
    return advise(hand, chosen, seed).to_json(hand.rules)
