"""The bots' tables, learned from simulated hands: the bidding ladder and the
game-aware bid tables, and the regret that measures a bidder against hindsight.

Each derivation deals seeded hands, walks the auction with the rule-based bot
and at every turn tries *every* legal answer on the same cards, playing the
rest of the hand out. The tables they give (:class:`~pitchlab.bots.ladder.Ladder`,
:class:`~pitchlab.bots.bidding.BidTrials`) are data the bots only read; they live
apart from this module so that reading a table never needs the bots that made it.
``scripts/derive_ladder.py`` and ``scripts/derive_bidding.py`` write the shipped files.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from pitchlab.bots import gamemodel, trump_only_judgement
from pitchlab.bots.bidding import POOL, BidTrials, Trials, hand_keys_of, keys_of, won_keys
from pitchlab.bots.calibration import QuotingPlayer, bid_decisions, game_hands
from pitchlab.bots.gamemodel import Outcome
from pitchlab.bots.ladder import Cell, Ladder, Tallies, Tally, spot_of, strength_of
from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.bots.simulation import FastPlayer, Progress, chunked, parallel_map
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.lookups import BidCode
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_of, dealer_offset
from pitchlab.engine.winning import race_of
from pitchlab.odds.stats import Estimate, mean_of

LADDER_CHUNK = 200
BIDDING_CHUNK = 100
"""Deals per unit of work: a chunk's seed is fixed, so results never depend on the workers."""


def finish(hand: Hand, bot: FastPlayer) -> Hand:
    """Play ``hand`` to its end with ``bot`` at every seat."""
    over = Phase.OVER
    while hand.phase is not over:
        hand.step(bot.code(hand))
    return hand


# ------------------------------------------------------------ the ladder


def ladder_net(hand: Hand, team: int) -> int:
    """``team``'s score change minus the other side's, for a finished hand."""
    rules = hand.rules
    points = hand.points_by_team()
    assert hand.bidder is not None
    bidding = rules.teams[hand.bidder]
    change = list(points)
    if points[bidding] < hand.high_bid:
        change[bidding] = -hand.high_bid
    return 2 * change[team] - sum(change)


def ladder_bot() -> RuleBasedPlayer:
    """The bot the ladder's auctions and playouts are walked with."""
    return RuleBasedPlayer(bidding="estimate")


def ladder_deals(deals: int, seed: int | str = 0, rules: Ruleset = TEN_POINT) -> Iterator[Hand]:
    """The first ``deals`` deals the ladder of ``seed`` is derived from, in order, chunk by chunk."""
    for index, count in chunked(deals, LADDER_CHUNK):
        yield from _chunk_deals(rules, seed, index, count)


def _chunk_deals(rules: Ruleset, seed: int | str, index: int, count: int) -> Iterator[Hand]:
    rng = random.Random(f"ladder:{seed}:{index}")  # a chunk's own seed: the same with any workers
    for k in range(count):
        yield Hand.deal(rules, dealer_of(index * LADDER_CHUNK + k, rules.players), rng)


def ladder_cell(hand: Hand) -> Cell:
    """The ladder cell of the seat to bid: its spot in the auction and its hand's strength."""
    return spot_of(hand), strength_of(
        trump_only_judgement.best_rating(hand.rules, hand.hand_mask(hand.actor))
    )


def answer_nets(hand: Hand, bot: FastPlayer) -> dict[int, int]:
    """Every legal answer of the seat to bid, each played to the end by ``bot``: the net score
    change it brings that seat's side (:func:`ladder_net`), on the same cards."""
    team = hand.rules.teams[hand.actor]
    nets = {}
    for code in hand.legal_codes():
        trial = hand.copy()
        trial.step(code)
        nets[code] = ladder_net(finish(trial, bot), team)
    return nets


def tally_ladder_deal(hand: Hand, bot: FastPlayer, into: Tallies) -> None:
    """Walk one deal's auction with ``bot``; at each turn, try every legal answer to the end.

    The auction then goes on with the bot's own answer, so later spots arise as
    they would at a table of these bots.
    """
    while hand.phase is Phase.BID:
        answers = into.setdefault(ladder_cell(hand), {})
        for code, net in answer_nets(hand, bot).items():
            answers.setdefault(code, Tally()).add(net)
        hand.step(bot.code(hand))


def _ladder_chunk(args: tuple[Ruleset, int | str, int, int]) -> Tallies:
    bot = ladder_bot()
    into: Tallies = {}
    for hand in _chunk_deals(*args):
        tally_ladder_deal(hand, bot, into)
    return into


def derive_ladder(
    deals: int,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    workers: int = 1,
    progress: Progress | None = None,
) -> Ladder:
    """Simulate ``deals`` auctions, trying every answer at every turn; the ladder they give.

    Reproducible from ``seed`` and ``deals`` alone, whatever ``workers`` is.
    """
    chunks = [(rules, seed, i, count) for i, count in chunked(deals, LADDER_CHUNK)]
    total: Tallies = {}
    done = 0
    for part in parallel_map(_ladder_chunk, chunks, workers):
        merge_tallies(total, part)
        done += LADDER_CHUNK
        if progress is not None:
            progress(min(done, deals), deals)
    values = {cell: {a: t.estimate() for a, t in answers.items()} for cell, answers in total.items()}
    return Ladder(rules, deals, seed, values)


def merge_tallies(total: Tallies, part: Tallies) -> None:
    """Add one chunk's tallies into the running total."""
    for cell, answers in part.items():
        into = total.setdefault(cell, {})
        for answer, tally in answers.items():
            into.setdefault(answer, Tally()).merge(tally)


# ---------------------------------------------------------- the bid tables


def _seat_turn(hand: Hand) -> tuple[int, int, trump_only_judgement.Rating, bool]:
    """The seat to act, its hand mask, its best rating and whether the high bid is its partner's."""
    rules = hand.rules
    seat = hand.actor
    mask = hand.hand_mask(seat)
    bidder = hand.bidder
    partner = bidder is not None and bidder != seat and rules.teams[bidder] == rules.teams[seat]
    return seat, mask, trump_only_judgement.best_rating(rules, mask), partner


def tally_bidding_deal(hand: Hand, bot: FastPlayer, trials: Trials, hands: list[Counter[Outcome]]) -> None:
    """Try every answer at every turn of one deal's auction; file each trial under its keys,
    then play the deal out as the bots bid it and count that hand for the game model."""
    rules = hand.rules
    while hand.phase is Phase.BID:
        seat, mask, best, partner = _seat_turn(hand)
        keys = keys_of(rules, mask, best, hand.position(seat), hand.high_bid, partner)
        top: Hand | None = None
        for code in hand.legal_codes():
            if code == BidCode.THROW_IN:  # not a bid
                continue
            trial = top = hand.copy()
            trial.step(code)
            found = gamemodel.outcomes_of(finish(trial, bot), seat)
            for key in keys:
                counts = trials.setdefault(key, {}).setdefault(code, Counter())
                for outcome, weight in found:
                    counts[outcome] += weight
        if top is not None and top.bidder == seat and top.redeal is None:
            # the top bid: what this hand takes as bidder (the bid's size never changes the play)
            result = top.result()
            team = rules.teams[seat]
            taken = result.points[team] if result.side_points is None else result.side_points
            for key in hand_keys_of(rules, mask, best):
                counts = trials.setdefault(key, {}).setdefault(POOL, Counter())
                for t in range(rules.num_teams):
                    if t != team:
                        race = race_of(rules, result, team, t)
                        counts[Outcome(True, True, taken, result.points[t], result.points[t], race=race)] += 1
        hand.step(bot.code(hand))
    finish(hand, bot)
    for seat in range(rules.players):
        for outcome, weight in gamemodel.outcomes_of(hand, seat):
            hands[dealer_offset(seat, hand.dealer, rules.players)][outcome] += weight


def _bidding_chunk(args: tuple[Ruleset, int | str, int, int]) -> tuple[Trials, list[Counter[Outcome]]]:
    rules, seed, index, count = args
    rng = random.Random(f"bidding:{seed}:{index}")
    bot = RuleBasedPlayer(bidding="estimate")
    trials: Trials = {}
    hands: list[Counter[Outcome]] = [Counter() for _ in range(rules.players)]
    # scores of one each: every bid (a moon that needs a score above zero too) is legal
    scores = (1,) * rules.num_teams
    for k in range(count):
        hand = Hand.deal(rules, dealer_of(index * BIDDING_CHUNK + k, rules.players), rng, scores)
        if hand.redeal is None:
            tally_bidding_deal(hand, bot, trials, hands)
    return trials, hands


def derive_tables(
    deals: int,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    workers: int = 1,
    progress: Progress | None = None,
) -> BidTrials:
    """Simulate ``deals`` auctions, trying every answer at every turn. Reproducible from
    ``seed`` and ``deals`` alone, whatever ``workers`` is."""
    chunks = [(rules, seed, i, count) for i, count in chunked(deals, BIDDING_CHUNK)]
    trials: Trials = {}
    hands: list[Counter[Outcome]] = [Counter() for _ in range(rules.players)]
    done = 0
    for part_trials, part_hands in parallel_map(_bidding_chunk, chunks, workers):
        for key, answers in part_trials.items():
            into = trials.setdefault(key, {})
            for answer, counts in answers.items():
                into.setdefault(answer, Counter()).update(counts)
        for total, part in zip(hands, part_hands, strict=True):
            total.update(part)
        done += BIDDING_CHUNK
        if progress is not None:
            progress(min(done, deals), deals)
    return BidTrials(rules, deals, seed, trials, hands)


# ------------------------------------------------------ the model from self-play

SELF_PLAY_CHUNK = 100
"""Games per unit of work when the game model is re-estimated from self-play (each unit
carries the tables to its process, so units are large)."""


def _self_play_chunk(args: tuple[BidTrials, int | str, int, int]) -> list[Counter[Outcome]]:
    tables, seed, index, count = args
    rules = tables.rules
    bot = RuleBasedPlayer(bidding="game", tables=tables)
    hands: list[Counter[Outcome]] = [Counter() for _ in range(rules.players)]
    for k in range(count):
        number = index * SELF_PLAY_CHUNK + k
        played = game_hands(rules, f"self-play:{seed}:{number}", dealer_of(number, rules.players), bot)
        for total, part in zip(hands, gamemodel.tally_outcomes(h for h, *_ in played), strict=True):
            total.update(part)
    return hands


def self_play_hands(
    tables: BidTrials, games: int, seed: int | str = 0, workers: int = 1
) -> list[Counter[Outcome]]:
    """The outcomes of every hand of ``games`` seeded games with the rule-based bot bidding by
    ``tables`` at every seat, by dealer offset (as :attr:`BidTrials.hands`): the hands as the
    bots' own bidding makes them, at the scores games pass through."""
    tables.model  # solved once here, not in every process it is sent to  # noqa: B018
    chunks = [(tables, seed, i, count) for i, count in chunked(games, SELF_PLAY_CHUNK)]
    hands: list[Counter[Outcome]] = [Counter() for _ in range(tables.rules.players)]
    for part in parallel_map(_self_play_chunk, chunks, workers):
        for total, found in zip(hands, part, strict=True):
            total.update(found)
    return hands


@dataclass(frozen=True)
class Round:
    """One round of :func:`settle_model`."""

    number: int
    hands: int
    """Hands played (each counted once)."""
    same_as: int | None
    """The earlier round whose hands these were exactly (the same seeded games played the
    same way: the bidding did not change on them), or ``None``."""


def settle_model(
    tables: BidTrials, games: int, rounds: int, seed: int | str = 0, workers: int = 1
) -> tuple[BidTrials, list[Round]]:
    """Re-estimate the game model from the bots' own games until their bidding stops changing.

    The game model of ``tables`` is solved from hands dealt at 0-0 and bid by the estimate;
    the bots then bid by that model, which changes the hands. Each round plays the same
    ``games`` seeded games with the bots bidding by the current tables and solves the model
    from those hands. It stops when a round's hands are exactly those of the round before
    (a fixed point: the same games were bid the same way) or of an earlier one (a cycle, as
    :attr:`Round.same_as` says), or after ``rounds`` rounds. The per-answer trials stay.
    """
    history: list[list[Counter[Outcome]]] = []
    found: list[Round] = []
    current = tables
    for number in range(1, rounds + 1):
        hands = self_play_hands(current, games, seed, workers)
        same = next((i + 1 for i, h in enumerate(history) if h == hands), None)
        count = sum(sum(c.values()) for c in hands) // (tables.rules.players * (tables.rules.num_teams - 1))
        found.append(Round(number, count, same))
        if same is not None:
            break
        history.append(hands)
        current = BidTrials(tables.rules, tables.deals, tables.seed, tables.trials, hands, games)
    return current, found


# ------------------------------------------------ bids that won the auction

Won = dict[str, tuple[int, int]]
"""Per key (:func:`pitchlab.bots.bidding.won_keys`), bids made and bids that won the auction."""


def _won_chunk(args: tuple[BidTrials, int | str, int, int]) -> Won:
    tables, seed, index, count = args
    rules = tables.rules
    bot = QuotingPlayer(tables)
    found: dict[str, list[int]] = {}
    for k in range(count):
        number = index * SELF_PLAY_CHUNK + k
        decisions, _, _ = bid_decisions(rules, f"won:{seed}:{number}", dealer_of(number, rules.players), bot)
        for _, choice, held, made in decisions:
            if held and choice.answer:
                for key in won_keys(choice.won, choice.answer):
                    tally = found.setdefault(key, [0, 0])
                    tally[0] += int(made)
                    tally[1] += 1
    return {key: (made, n) for key, (made, n) in found.items()}


def count_won(
    tables: BidTrials, games: int, seed: int | str = 0, workers: int = 1, keep: int = 2
) -> BidTrials:
    """``tables`` with :attr:`~pitchlab.bots.bidding.BidTrials.won` counted afresh: ``games`` seeded
    games of the bots bidding by ``tables`` at every seat, and for every bid that won the
    auction, whether it was made, filed under its spot and hand (:func:`won_keys`).

    This is what a bot's made-rate speaks for: the bids that won the auction, not every hand
    like this one played as bidder (the reading is then recalibrated by a map fitted on these
    counts, :mod:`pitchlab.bots.isotonic`, before it is quoted). The bidding never reads these counts, so
    counting them changes no decision (and no game model). Groups with fewer than ``keep``
    bids are left out (they would weigh at most ``keep / (keep + PRIOR)`` in a quote): the
    shipped file stays small. Reproducible from ``seed`` and ``games``, whatever ``workers``."""
    tables.model  # solved once here, not in every process it is sent to  # noqa: B018
    chunks = [(tables, seed, i, count) for i, count in chunked(games, SELF_PLAY_CHUNK)]
    total: dict[str, list[int]] = {}
    for part in parallel_map(_won_chunk, chunks, workers):
        for key, (made, n) in part.items():
            tally = total.setdefault(key, [0, 0])
            tally[0] += made
            tally[1] += n
    won = {key: (made, n) for key, (made, n) in total.items() if n >= keep}
    return BidTrials(
        tables.rules, tables.deals, tables.seed, tables.trials, tables.hands, tables.self_play, won, games
    )


# ------------------------------------------------------------------- regret


def score_net(hand: Hand, team: int) -> int:
    """``team``'s score change minus the other sides' (a moon scored as the rules say)."""
    change = hand.result().score_change
    return 2 * change[team] - sum(change)


def _regret_chunk(args: tuple[FastPlayer, Ruleset, int | str, int, int]) -> list[float]:
    player, rules, seed, index, count = args
    rng = random.Random(f"regret:{seed}:{index}")
    out: list[float] = []
    for k in range(count):
        hand = Hand.deal(rules, dealer_of(index * BIDDING_CHUNK + k, rules.players), rng)
        while hand.phase is Phase.BID:
            seat = hand.actor
            team = rules.teams[seat]
            chosen = player.code(hand)
            nets: dict[int, int] = {}
            for code in hand.legal_codes():
                if code == BidCode.THROW_IN:
                    continue
                trial = hand.copy()
                trial.step(code)
                if finish(trial, player).redeal is None:
                    nets[code] = score_net(trial, team)
            if chosen in nets:
                out.append(max(nets.values()) - nets[chosen])
            hand.step(chosen)
    return out


def bid_regret(
    player: FastPlayer,
    deals: int,
    seed: int | str = 0,
    rules: Ruleset = TEN_POINT,
    workers: int = 1,
    progress: Progress | None = None,
) -> Estimate:
    """Mean points a bid loses against the best answer in hindsight, per bidding turn.

    For each of ``deals`` seeded deals (scores 0-0), the auction is walked with
    ``player``; at every turn each legal answer is tried on the same cards and
    the hand finished by ``player``; the turn's regret is the best answer's net
    score change (my side's minus the others') less the chosen answer's.
    Zero means the player never left points on the table in hindsight; a bot
    that bids to win games gives up some points on purpose, so read this
    beside win rates. Reproducible from ``seed`` and ``deals``, whatever ``workers``.
    """
    chunks = [(player, rules, seed, i, count) for i, count in chunked(deals, BIDDING_CHUNK)]
    regrets: list[float] = []
    done = 0
    for part in parallel_map(_regret_chunk, chunks, workers):
        regrets.extend(part)
        done += BIDDING_CHUNK
        if progress is not None:
            progress(min(done, deals), deals)
    return mean_of(regrets, unit="bidding turns")
