"""FROZEN: the rule-based bot of commit 67acb9f, as ``rule-based-v1``.

A copy of that day's :class:`pitchlab.bots.players.RuleBasedPlayer` (ladder
bidding) with the parts of :mod:`pitchlab.bots.ladder` it read, so that it plays as
it did however the live bot, its rules of thumb and its bidding change. It
reads its own frozen rules of thumb (:mod:`benchmarks.baseline.tactics` and
:mod:`benchmarks.baseline.tactics_suit`) and the ten-point ladder from the data
file by its explicit name, ``ladder-ten-point.json.gz`` (:data:`LADDER_FILE`),
never through :func:`pitchlab.bots.ladder.ladder_for`, which may come to name a
newer one. Only the engine (hands, rules, cards) is shared with the live code.
Never edit it to improve play.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.baseline import tactics, tactics_suit
from pitchlab.bots import shipped
from pitchlab.bots.players import Decision
from pitchlab.engine.actions import PASS, Bid, Bury, NameTrump, Pass, Play
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.lookups import assign_slots
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.view import SeatView

LADDER_FILE = "ladder-ten-point.json.gz"
"""The bidding ladder v1 bids from (in ``pitchlab/data``), named explicitly."""
LADDER_RULESET = "ten-point"
"""The one ruleset v1 has a ladder for; every other ruleset bids from the estimate."""
LADDER_SHA256 = "003bd0b2895acc4dc026368a22ef6beaa8a44d9bcd50ab3f0fcc61abb3d29783"
"""The file's content on commit 67acb9f (now the body of the compressed table, byte for byte:
:func:`pitchlab.bots.shipped.open_file`): v1 refuses to bid from any other ladder."""

POSITIONS = ("first", "second", "third", "dealer")
HIGH_STEPS = (0, 4, 5, 6, 7)
TRUMP_ROWS = (2, 3, 4, 5, 6, 7)
POINT_COLUMNS = ((0, 1), (2, 3), (4, 5), (6, 10))
MIN_SAMPLES = 30
"""An answer tried fewer times than this in a cell is not trusted for the argmax."""


@dataclass(frozen=True, order=True)
class Spot:
    """Where a seat stands in the bidding when its turn comes (as in v1's ladder)."""

    position: int
    high: int
    partner_high: bool

    def __str__(self) -> str:
        seat = POSITIONS[self.position]
        if not self.high:
            return f"{seat} seat, no bid yet"
        who = "partner" if self.partner_high else "an opponent"
        return f"{seat} seat, {who} bid {self.high}{'+' if self.high == HIGH_STEPS[-1] else ''}"


@dataclass(frozen=True, order=True)
class Strength:
    """A hand as v1's ladder sees it: its best suit's trump count and points, grouped."""

    trump: int
    points: int

    def __str__(self) -> str:
        low, high = POINT_COLUMNS[self.points]
        trump = {2: "2 or fewer", 7: "7 or more"}.get(self.trump, str(self.trump))
        return f"{trump} trump, {low}-{high} points"


def strength_of(rating: tactics.Rating) -> Strength:
    trump = min(max(len(rating.trump), TRUMP_ROWS[0]), TRUMP_ROWS[-1])
    column = next(i for i, (low, high) in enumerate(POINT_COLUMNS) if low <= rating.points_held <= high)
    return Strength(trump, column)


Cell = tuple[Spot, Strength]


@functools.cache
def ladder() -> dict[Cell, tuple[int, float]]:
    """Each cell's best answer (0 passes) and its mean, from :data:`LADDER_FILE`: the answer
    with the best mean among those tried :data:`MIN_SAMPLES` times, ties to the lower."""
    _, body = shipped.open_file(LADDER_FILE)
    raw = body.encode("utf-8")
    if hashlib.sha256(raw).hexdigest() != LADDER_SHA256:
        raise RuntimeError(
            f"pitchlab/data/{LADDER_FILE} is no longer the ladder rule-based-v1 bid from; "
            "keep that file as it was and ship a new ladder under another name"
        )
    data: dict[str, Any] = json.loads(raw)
    found: dict[Cell, dict[int, float]] = {}
    for position, high, partner, trump, points, answer, mean, _se, n in data["values"]:
        if n >= MIN_SAMPLES:
            cell = (Spot(position, high, bool(partner)), Strength(trump, points))
            found.setdefault(cell, {})[answer] = mean
    best = {}
    for cell, answers in found.items():
        answer = max(answers, key=lambda a: (answers[a], -a))
        best[cell] = (answer, answers[answer])
    return best


def ladder_answer(
    best: tactics.Rating, legal: Sequence[int], high_bid: int, partner_high: bool, position: int
) -> tuple[int, str] | None:
    """The ladder's answer and a reason template, or ``None`` where it cannot say."""
    spot = Spot(position, max(s for s in HIGH_STEPS if s <= high_bid), partner_high)
    strength = strength_of(best)
    found = ladder().get((spot, strength))
    if found is None or found[0] not in legal:
        return None
    answer, value = found
    what = "pass" if answer == 0 else "{bid}"
    return answer, f"{{reason}}; the ladder says {what} with {strength} ({spot}): {value:+.2f} a hand"


class RuleBasedV1:
    """``rule-based-v1``: today's (commit 67acb9f) rule-based bot with ladder bidding, frozen.

    :meth:`decide` answers a seat's view with a reason (and no claims: the
    bot of that day made none); :meth:`code` makes the same choice from a hand.
    """

    name = "rule-based-v1"

    def decide(self, view: SeatView) -> Decision:
        rules = view.rules
        if rules.play_rule == "follow-suit" or view.phase in _SHARED_PHASES:
            action, why = tactics_suit.decide(view)
            return Decision(action, why)
        deck = rules.deck
        if view.phase is Phase.BID or view.phase is Phase.NAME_TRUMP:
            best = tactics.best_rating(rules, _mask(assign_slots(rules, [view.hand])[0]))
            n, points = len(best.trump), _points(best.points_held)
            if view.phase is Phase.NAME_TRUMP:
                return Decision(NameTrump(best.suit), f"{best.suit.symbol} gives {n} trump holding {points}")
            codes = [
                a.value if isinstance(a, Bid) else 0 for a in view.legal_actions if isinstance(a, Bid | Pass)
            ]
            bidder = view.bidder
            partner_high = (
                bidder is not None and bidder != view.seat and rules.teams[bidder] == rules.teams[view.seat]
            )
            position = (view.seat - view.dealer - 1) % rules.players
            code, why = self.bid(rules, best, codes, view.high_bid, partner_high, position)
            action = Bid(code) if code else PASS
            reason = f"best suit {best.suit.symbol}: {n} trump, {points} in hand, worth about {best.expected:.1f} points"
            return Decision(action, why.format(bid=action, high=view.high_bid or "nothing", reason=reason))
        suit = view.trump
        assert suit is not None
        t = tactics.suit_tables(rules, suit)
        if view.phase is Phase.BURY:
            buriable = [a.card for a in view.legal_actions if isinstance(a, Bury)]
            slot, why = tactics.choose_bury(t, _mask(assign_slots(rules, [buriable])[0]))
            return Decision(Bury(deck[slot]), why.format(card=deck[slot].label))
        trick = view.current_trick
        played = [c for done in view.tricks for c in done.cards]
        buried = [c for pile in view.buried for c in pile]
        now, playable, rest = assign_slots(rules, [trick.cards, view.playable, [*buried, *played]])
        seen = _mask(now) | _mask(playable) | _mask(rest)
        slot, why, stake = tactics.choose_play(
            t, rules.teams, view.seat, _mask(playable), t.trump_mask & ~seen, now, trick.seats
        )
        return Decision(Play(deck[slot]), why.format(card=deck[slot].label, stake=_points(stake)))

    def bid(
        self,
        rules: Ruleset,
        best: tactics.Rating,
        legal: Sequence[int],
        high_bid: int,
        partner_high: bool,
        position: int,
    ) -> tuple[int, str]:
        """A bid code (0 passes) and a reason template: the ladder's where it has one, else the estimate's."""
        if rules.name == LADDER_RULESET:
            found = ladder_answer(best, legal, high_bid, partner_high, position)
            if found is not None:
                return found
        return tactics.choose_bid(rules, best, legal, high_bid, partner_high)

    def code(self, hand: Hand) -> int:
        """The action code this bot picks for the seat to act, reading only what that seat may see."""
        rules = hand.rules
        seat = hand.to_act
        assert seat is not None
        phase = hand.phase
        if rules.play_rule == "follow-suit" or phase in _SHARED_PHASES:
            return hand.encode(tactics_suit.decide(tactics_suit.table_of(hand, seat))[0])
        suit = hand.trump
        if phase is Phase.PLAY:
            assert suit is not None
            t = tactics.suit_tables(rules, suit)
            unseen = t.trump_mask & ~(hand.hand_mask(seat) | hand.seen_by_all)
            mine = hand.held_mask(seat)
            return tactics.choose_play(
                t, rules.teams, seat, mine, unseen, hand.trick_slots, hand.trick_seats
            )[0]
        if phase is Phase.BURY:
            assert suit is not None
            t = tactics.suit_tables(rules, suit)
            return tactics.choose_bury(t, hand.held_mask(seat))[0]
        best = tactics.best_rating(rules, hand.hand_mask(seat))
        if phase is Phase.NAME_TRUMP:
            return int(best.suit)
        bidder = hand.bidder
        partner_high = bidder is not None and bidder != seat and rules.teams[bidder] == rules.teams[seat]
        codes = [c for c in hand.legal_codes() if c >= 0]
        return self.bid(rules, best, codes, hand.high_bid, partner_high, hand.position(seat))[0]


_SHARED_PHASES = (Phase.DISCARD, Phase.CALL)


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _mask(slots: Sequence[int]) -> int:
    mask = 0
    for slot in slots:
        mask |= 1 << slot
    return mask
