"""The win rule: whether a hand ends the game, who wins it, and why.

Written once, here: :func:`win_after` decides it for one hand at the table, and
:func:`verdict` is the same rule over arrays, for the bots' game model, which judges every
outcome a hand can have at every score at once. Both ask :func:`instant_kind` for the wins
that come at once (a made moon, a top bid taking every point), and the tests hold the two to
the same verdicts on real hands in every preset. Pages that put the rule in words ask
:func:`only_the_bidder_wins` and :func:`win_after`'s reason rather than judge again
(``tests/test_layers.py`` checks that no module outside the engine branches on
``win_rule`` but the rule's own words).
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import NDArray

from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult

Array = NDArray[np.float64]


def only_the_bidder_wins(rules: Ruleset) -> bool:
    """Whether a side can win only on a hand it bid (``bidder-only``): what makes a top bid
    keep the game from the other side for good."""
    return rules.win_rule == "bidder-only"


def instant_kind(rules: Ruleset, bid: int, made: bool, taken: int) -> int:
    """Whether a contract wins the game at once, whatever the scores: 0 no; 1 yes (a made moon,
    or a made top bid taking every point); 2 yes if the bidding side was not below zero before
    the hand (a top bid taking every point, where a side in the hole cannot win that way).
    ``taken``: the bidding side's points. :func:`win_after` and :func:`verdict` both ask it."""
    if bid == rules.moon_bid and made and rules.moon_made is None:
        return 1
    if rules.all_points_wins and bid == rules.max_bid and taken == rules.total_points:
        return 1 if rules.all_points_wins_in_the_hole else 2
    return 0


WinReason = Literal["moon", "all-points", "target", "most", "counted-out"]
"""Why a hand won the game (see :func:`win_after`): a made moon; a made top bid taking every
point; the bidding side at the target; the most points at or over the target (after the
bidding side missed it); the first side to reach the target as the hand's points are counted
out in order."""


def winner_after(rules: Ruleset, result: HandResult, scores: list[int]) -> int | None:
    """The winning team after a hand's score is added (``scores``), or ``None`` if play goes on."""
    won = win_after(rules, result, scores)
    return None if won is None else won[0]


def win_after(rules: Ruleset, result: HandResult, scores: list[int]) -> tuple[int, WinReason] | None:
    """The winning team after a hand's score is added (``scores``) and why, or ``None`` if play
    goes on: the one place the win rule is decided, so a page can say why without judging again."""
    team = result.bidding_team
    before = [s - c for s, c in zip(scores, result.score_change, strict=True)]
    taken = result.points[team] if result.side_points is None else result.side_points
    instant = instant_kind(rules, result.bid, result.made, taken)
    if instant == 1 or (instant == 2 and before[team] >= 0):
        return team, "moon" if result.bid == rules.moon_bid and rules.moon_made is None else "all-points"
    if rules.win_rule == "bidder-only":
        return (team, "target") if scores[team] >= rules.target else None
    if rules.win_rule == "bidder-then-most":
        if scores[team] >= rules.target:
            return team, "target"
        best = max(scores)
        leaders = [t for t, s in enumerate(scores) if s == best]
        return (leaders[0], "most") if best >= rules.target and len(leaders) == 1 else None
    # count the hand out. bidder-first: the bidder's made points (or its loss) first, then
    # everyone else's in the order High, Low, point cards, Game. count-out: a set bidder's
    # loss first (it reaches no target), then every point won in that order, the bidder's too
    running = before[:]
    bidder_first = rules.win_rule == "bidder-first" or not result.made
    if bidder_first:
        running[team] += result.score_change[team]
        if result.made and running[team] >= rules.target:
            return team, "target"
    for _, side, points in result.tally:
        if side != team or not bidder_first:
            running[side] += points
            if running[side] >= rules.target:
                return side, "counted-out"
    return None


def race_of(rules: Ruleset, result: HandResult, team: int, other: int) -> int:
    """The order the hand's points were counted in, as :func:`verdict` reads it under
    ``count-out`` rules (0 under any other rule): one bit per point of ``team`` (1) or
    ``other`` (0), the first point counted in the lowest bit, above them a single 1 that
    marks how many there are. A card worth several points gives several bits in a row
    (no other point can come between them)."""
    if rules.win_rule != "count-out":
        return 0
    units = [
        int(side == team) for _, side, points in result.tally if side in (team, other) for _ in range(points)
    ]
    return sum(u << k for k, u in enumerate(units)) | (1 << len(units))


def verdict(
    rules: Ruleset,
    ours: NDArray[np.bool_],
    made: NDArray[np.bool_],
    instant: NDArray[np.int_],
    us: NDArray[np.int_],
    them: NDArray[np.int_],
    lead: NDArray[np.int_],
    before_us: NDArray[np.int_] | int,
    before_them: NDArray[np.int_] | int,
    third: NDArray[np.bool_] | bool = False,
    race: NDArray[np.int_] | int = 0,
) -> tuple[NDArray[np.bool_], Array]:
    """Whether a hand ends the game and, where it does, my chance: 1 won, 0 lost, ½ a tie.

    Every argument broadcasts, so one call judges many outcomes at one score
    (a bid decision) or one outcome at many scores (value iteration). When a
    side the model does not follow bid (``third``), only its instant win is
    seen (a loss); its score is not kept. ``race`` (see :func:`race_of`) orders the
    count under ``count-out`` rules.

    This is :func:`win_after` over arrays, for the bots' game model
    (:mod:`pitchlab.bots.gamemodel`): the tests hold the two to the same verdicts on real hands
    in every preset with a target.
    """
    target = rules.target
    now_us = before_us + us
    now_bid = before_them + them
    now_lead = before_them + lead
    bidder_before = np.where(ours, before_us, before_them)
    sudden = (instant == 1) | ((instant == 2) & (bidder_before >= 0))
    win = sudden & ours
    lose = sudden & ~ours
    theirs = ~ours & ~np.asarray(third)
    rule = rules.win_rule
    if rule == "bidder-only":
        win = win | (~sudden & ours & (now_us >= target))
        lose = lose | (~sudden & theirs & (now_bid >= target))
    elif rule == "bidder-then-most":
        crossed_us = ~sudden & ours & (now_us >= target)
        crossed_them = ~sudden & theirs & (now_bid >= target)
        rest = ~sudden & ~crossed_us & ~crossed_them
        win = win | crossed_us | (rest & (now_us >= target) & (now_us > now_lead))
        lose = lose | crossed_them | (rest & (now_lead >= target) & (now_lead > now_us))
    elif rule == "count-out":
        return _count_out(
            target, sudden, win, lose, ours, made, theirs, np.asarray(race), before_us, before_them
        )
    else:  # bidder-first: the bidder's made points count out first, then the others'
        first_us = ~sudden & ours & made & (now_us >= target)
        first_them = ~sudden & theirs & made & (now_bid >= target)
        rest = ~sudden & ~first_us & ~first_them
        later_us = rest & ~ours & (now_us >= target)
        later_them = rest & (now_lead >= target)
        tie = later_us & later_them
        win = win | first_us | (later_us & ~tie)
        lose = lose | first_them | (later_them & ~later_us)
        value = np.where(win, 1.0, np.where(tie, 0.5, 0.0))
        return win | lose | tie, value
    return win | lose, np.where(win, 1.0, 0.0)


def _count_out(
    target: int,
    sudden: NDArray[np.bool_],
    win: NDArray[np.bool_],
    lose: NDArray[np.bool_],
    ours: NDArray[np.bool_],
    made: NDArray[np.bool_],
    theirs: NDArray[np.bool_],
    race: NDArray[np.int_],
    before_us: NDArray[np.int_] | int,
    before_them: NDArray[np.int_] | int,
) -> tuple[NDArray[np.bool_], Array]:
    """The ``count-out`` rule: a set bidder's loss first (it reaches no target), then every
    point won in the order counted (``race``), the made bidder's too; the first side to
    reach the target wins, the moment its own point is counted."""
    set_us = ours & ~made
    set_them = theirs & ~made
    need_us = target - np.asarray(before_us)
    need_them = target - np.asarray(before_them)
    never = np.iinfo(np.int64).max
    shape = np.broadcast_shapes(race.shape, need_us.shape, need_them.shape, ours.shape)
    at_us = np.full(shape, never)
    at_them = np.full(shape, never)
    got_us = np.zeros(shape, dtype=int)
    got_them = np.zeros(shape, dtype=int)
    longest = int(np.max(race)).bit_length() - 1 if race.size else 0
    for k in range(max(longest, 0)):
        counted = (race >> (k + 1)) != 0
        bit = ((race >> k) & 1) == 1
        mine = counted & bit & ~set_us
        other = counted & ~bit & ~set_them
        got_us = got_us + mine
        got_them = got_them + other
        at_us = np.where(mine & (got_us >= need_us) & (at_us == never), k, at_us)
        at_them = np.where(other & (got_them >= need_them) & (at_them == never), k, at_them)
    win = win | (~sudden & (at_us < at_them))
    lose = lose | (~sudden & (at_them < at_us))
    return win | lose, np.where(win, 1.0, 0.0)


__all__ = [
    "WinReason",
    "instant_kind",
    "only_the_bidder_wins",
    "race_of",
    "verdict",
    "win_after",
    "winner_after",
]
