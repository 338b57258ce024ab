"""The end of a hand and of a game, in words: what happened, and why the game goes on or ends.

A learner who reads "Game over: You and Partner win, -5 to 25." after one hand
cannot tell that a made bid of 10 wins at once. These lines say it. Every fact
comes from the engine: the hand's :class:`~pitchlab.engine.scoring.HandResult`
(made or set, the points taken, the score change) and the win rule's own verdict
with its reason (:func:`~pitchlab.engine.winning.win_after`); the page only puts
them in words, and never judges a win itself.
"""

from __future__ import annotations

from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.winning import WinReason, only_the_bidder_wins, win_after
from pitchlab.ui import drawing
from pitchlab.ui.session import Table, bid_text, plural, result_of, verb
from pitchlab.ui.widgets import readable


def _taken(rules: Ruleset, taken: int) -> str:
    """ "4 of the 10 points" where every hand gives out the same total, else "4 points"."""
    if drawing.points_exact(rules):
        return f"{taken} of the {rules.total_points} points"
    return plural(taken, "point")


def contract_line(table: Table, result: HandResult) -> str:
    """Who bid what, what that side took, and whether the bid was made or set."""
    rules = table.rules
    team = result.bidding_team
    side = table.team_name(team)
    taken = result.points[team] if result.side_points is None else result.side_points
    change = result.score_change[team]
    if not rules.auction:
        return f"{verb(table.name(result.bidder), 'pitched')}; {verb(side, 'took')} {_taken(rules, taken)}."
    bid = bid_text(result.bid, rules)
    bidder = verb(table.name(result.bidder), f"bid {bid}")
    if result.made:
        return (
            f"{bidder} and {side} took {_taken(rules, taken)}: the bid is made, "
            f"so {verb(side, 'scores')} {change}."
        )
    return (
        f"{bidder} but {side} took {_taken(rules, taken)}: the bid is set "
        f"(fell short), so {verb(side, 'loses')} {plural(-change, 'point')}."
    )


def others_line(table: Table, result: HandResult) -> str:
    """What the sides that did not bid scored ("" when none scored)."""
    parts = [
        f"{verb(table.team_name(t), 'scores')} {change}"
        for t, change in enumerate(result.score_change)
        if t != result.bidding_team and change
    ]
    return "; ".join(parts) + "." if parts else ""


def score_line(table: Table) -> str:
    """The score after the hand, each side named, and the target."""
    scores = ", ".join(f"{table.team_name(t)} {s}" for t, s in enumerate(table.game.scores))
    return f"Score now: {scores}; the game is to {table.rules.target}."


WON = {
    "moon": "{who} shot the moon and made it: a made moon wins the game at once.",
    "all-points": (
        "{who} bid {top} and took every point: a made {top} wins the game at once, whatever the score."
    ),
    "target": "{who} bid this hand and reached {target}, so {wins}.",
    "most": "{has} the most points at or over {target}, and the bidding side is short of it.",
    "counted-out": ("Counting this hand's points out in order, {who} reached {target} first, so {wins}."),
}
"""Why the game ended, for each of the engine's reasons (:data:`~pitchlab.engine.winning.WinReason`)."""


GOING_OUT = {
    "bidder-only": "Only a side that bid the hand can go out: it wins at the end of that hand with {target} or more.",
    "bidder-first": (
        "The first side to {target} wins; if two get there on one hand, the bidder's points count first."
    ),
    "count-out": (
        "The first side to {target} wins; if two get there on one hand, the points count in order "
        "(High, Low, Jack, Game) and the first to reach it wins."
    ),
    "bidder-then-most": (
        "The bidding side wins at {target}; otherwise the side with the most points at or over it wins."
    ),
}
"""Who can go out, for each win rule of :data:`~pitchlab.engine.rules.WinRule`."""


def game_line(table: Table, result: HandResult) -> str:
    """Why the game ended on this hand, or who can go out while it goes on."""
    rules, game = table.rules, table.game
    won = win_after(rules, result, game.scores) if game.winner is not None else None
    if won is not None:
        team, reason = won
        return won_line(table, team, reason)
    line = GOING_OUT[rules.win_rule].format(target=rules.target)
    over = [t for t, s in enumerate(game.scores) if s >= rules.target]
    if over and only_the_bidder_wins(rules):
        names = " and ".join(table.team_name(t) for t in over)
        line += f" {verb(names, 'has')} {rules.target} or more but did not bid this hand, so play goes on."
    if rules.all_points_wins and rules.auction:
        line += f" A bid of {rules.max_bid} that takes every point wins at once."
    return line


def won_line(table: Table, team: int, reason: WinReason) -> str:
    """The engine's reason for a win, in words."""
    rules = table.rules
    who = table.team_name(team)
    return WON[reason].format(
        who=who,
        top=rules.max_bid,
        target=rules.target,
        has=verb(who, "has"),
        wins=verb(who, "wins", "the game"),
    )


def ending_lines(table: Table) -> list[str]:
    """The end of the hand in a few plain lines (none while the hand is on)."""
    hand = table.hand
    if not hand.is_over:
        return []
    result = result_of(hand)
    if result is None:
        void = getattr(hand, "redeal", None) or "nobody scored"
        return [f"No score this hand: {void}. The same dealer deals again."]
    lines = [contract_line(table, result)]
    others = others_line(table, result)
    if others:
        lines.append(others)
    lines += [score_line(table), game_line(table, result)]
    if table.game.winner is not None:
        lines.append("Press New game to play again.")
    else:
        lines.append("Press New hand for the next deal.")
    return lines


def ending_html(table: Table) -> str:
    """:func:`ending_lines` as the page shows them, under a bold "Hand over" or "Game over"."""
    lines = ending_lines(table)
    if not lines:
        return ""
    title = "Game over" if table.game.winner is not None else "Hand over"
    items = "".join(f"<li>{readable(line)}</li>" for line in lines)
    return f'<div class="pl-ending"><b>{title}.</b><ul>{items}</ul></div>'


__all__ = ["ending_html", "ending_lines", "game_line", "won_line"]
