"""Bids and trump choices, judged by what the seat knew when it made them.

A card is judged over the layouts of the unseen cards that fit what its seat had
seen (:mod:`pitchlab.bots.analysis`). A bid or a choice of trump is judged the
same way, one level up: when a seat bids or names trump in the ten-point family,
all it has seen is its own hand and the bids before it. So the other hands and
the stock are dealt again at random, :data:`DEALS` times; on each deal every
answer the seat could have given (pass or each bid; each suit) is tried, and the
hand is played out from there by the rule-based bots (bidding the way the table
bids). Each answer gets

* its **expected points**: my side's score change in the hand, less the other
  side's (the average other side's, with more than two), a mean over the deals
  with a 95% interval; and,
* where the game has a target, its **chance of winning the game** from the
  scores the hand leaves (won or lost outright where the hand ends the game,
  else the game model's chance from there: the model of a table bidding the
  way this one does, :func:`pitchlab.bots.bidding.model_for`).

Every answer is played on the same deals, so answers are compared pairwise, as
cards are: the best answers are the top one and any whose shortfall's 95%
interval reaches 0; a seat that gave a best answer lost 0 points, whatever the
cards then did. The bids the others made are not read for what they say of
their hands (a simplification the basis says: the other hands are dealt at random).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pitchlab.bots.bidding import model_for
from pitchlab.bots.gamemodel import GameModel
from pitchlab.bots.players import BiddingStyle, RuleBasedPlayer
from pitchlab.engine.actions import PASS, Action, Bid, NameTrump, Pass
from pitchlab.engine.cards import Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.record import from_record, to_record
from pitchlab.engine.seats import dealer_offset, left_of
from pitchlab.engine.winning import winner_after
from pitchlab.odds.stats import mean_of, paired_difference

DEALS = 150
"""Deals of the unseen cards each answer is played out on (about half a second a decision)."""

Kind = Literal["bid", "trump"]


@dataclass(frozen=True)
class ChoiceReview:
    """One bid or trump choice against every other answer its seat had, by what it knew."""

    seat: int
    kind: Kind
    chosen: str
    """The answer given: "pass", a bid ("7"), or a suit's letter ("S")."""
    points: dict[str, float]
    """Each answer's expected points (my side's score change less the other side's)."""
    points_interval: dict[str, tuple[float, float]]
    best: tuple[str, ...]
    """The answers as good as the best by expected points (within sampling noise)."""
    lost: float
    """The chosen answer's shortfall in expected points from the best (0 for a best answer)."""
    lost_interval: tuple[float, float]
    win: dict[str, float] | None
    """Each answer's chance of winning the game (``None``: no target, or no game model)."""
    lost_win: float | None
    """The chosen answer's shortfall in that chance from the answer with the highest, in
    percentage points (0 where the two cannot be told apart)."""
    deals: int
    bids_before: int | None = None
    """How many bids were made before this decision (the hand rewound to it stops there; a
    trump choice comes after every bid); ``None`` where it was not recorded."""

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "seat": self.seat,
            "kind": self.kind,
            "chosen": self.chosen,
            "best": list(self.best),
            "lost": round(self.lost, 4),
            "lost_interval": [round(x, 4) for x in self.lost_interval],
            "expected": {a: round(v, 4) for a, v in self.points.items()},
            "interval": {a: [round(x, 4) for x in v] for a, v in self.points_interval.items()},
            "deals": self.deals,
            "exact": False,
        }
        if self.win is not None:
            found["win"] = {a: round(v, 4) for a, v in self.win.items()}
            found["lost_win"] = None if self.lost_win is None else round(self.lost_win, 2)
        return found


def _answer_word(answer: int | str) -> str:
    return "pass" if answer in ("pass", 0) else str(answer)


def _answer_action(kind: Kind, answer: int | str) -> Action:
    """The action an answer is (a bid, a pass, or trump named by its letter)."""
    if kind == "trump":
        return NameTrump(Suit.parse(str(answer)))
    return PASS if _answer_word(answer) == "pass" else Bid(int(answer))


def dealt_again(
    record: dict[str, Any], seat: int, rng: random.Random, kept: Mapping[int, Sequence[str]] | None = None
) -> dict[str, Any]:
    """The record with every card ``seat`` has not seen (the other hands and the stock) dealt again.

    ``kept``: cards other seats are known to have held (those they played), which stay in their
    hands; the rest of each hand is dealt from the unseen cards."""
    hands = record["hands"]
    unseen = [c for s, h in enumerate(hands) if s != seat for c in h] + list(record["stock"])
    kept = kept or {}
    for s, cards in kept.items():
        if s != seat:
            for card in cards:
                unseen.remove(card)
    rng.shuffle(unseen)
    found = dict(record)
    new_hands = []
    for s, h in enumerate(hands):
        if s == seat:
            new_hands.append(list(h))
        else:
            known = list(kept.get(s, ()))
            take = len(h) - len(known)
            new_hands.append([*known, *unseen[:take]])
            unseen = unseen[take:]
    found["hands"], found["stock"] = new_hands, unseen
    return found


def net_points(hand: Hand, seat: int) -> float:
    """The finished hand's score change for ``seat``'s side less the other side's (the average
    other side's, with more than two): the measure every answer is compared by."""
    change = hand.result().score_change
    team = hand.rules.teams[seat]
    others = [c for t, c in enumerate(change) if t != team]
    return change[team] - sum(others) / len(others)


def _outcome(hand: Hand, seat: int, model: GameModel | None) -> tuple[float, float | None]:
    """The finished hand's points for ``seat``'s side (less the other side's), and its chance
    of winning the game by ``model`` (``None`` without one)."""
    rules = hand.rules
    team = rules.teams[seat]
    result = hand.result()
    change = result.score_change
    net = net_points(hand, seat)
    if model is None:
        return net, None
    after = [s + c for s, c in zip(hand.scores or [0] * len(change), change, strict=True)]
    winner = winner_after(rules, result, after)
    if winner is not None:
        return net, 1.0 if winner == team else 0.0
    them = max(s for t, s in enumerate(after) if t != team)
    return net, model.chance(
        after[team], them, dealer_offset(seat, left_of(hand.dealer, rules.players), rules.players)
    )


def judge_choice(
    record: dict[str, Any],
    seat: int,
    kind: Kind,
    chosen: int | str,
    answers: Sequence[int | str],
    bidding: BiddingStyle = "ladder",
    deals: int = DEALS,
    seed: int | str = 0,
) -> ChoiceReview:
    """Judge ``chosen`` against ``answers`` (bids as numbers, 0 or "pass" to pass; suits as
    letters), the record stopping just before the decision; see the module docstring."""
    if deals < 2:
        raise PitchError(f"judging a choice needs at least 2 deals for an interval, not {deals}")
    bot = RuleBasedPlayer(bidding)
    rules = from_record(record).rules
    model = model_for(rules, bidding) if rules.target else None
    rng = random.Random(f"choice:{seed}")
    words = [_answer_word(a) for a in answers]
    nets: dict[str, list[float]] = {w: [] for w in words}
    wins: dict[str, list[float]] = {w: [] for w in words}
    actions = [_answer_action(kind, a) for a in answers]
    for _ in range(deals):
        dealt = from_record(dealt_again(record, seat, rng))  # read once: each answer plays a copy
        for action, word in zip(actions, words, strict=True):
            hand = dealt.copy()
            hand.apply(action)
            while not hand.is_over:
                hand.step(bot.code(hand))
            net, win = _outcome(hand, seat, model)
            nets[word].append(net)
            if win is not None:
                wins[word].append(win)
    means = {w: statistics.fmean(v) for w, v in nets.items()}
    intervals = {w: mean_of(v, "deals").interval() for w, v in nets.items()}
    top = max(words, key=lambda w: means[w])
    gaps = {w: paired_difference(nets[top], nets[w], "deals") for w in words}
    best = tuple(w for w in words if gaps[w].interval()[0] <= 0)
    mine = _answer_word(chosen)
    lost = 0.0 if mine in best else gaps[mine].value
    win_means = None
    lost_win = None
    if all(wins[w] for w in words):
        win_means = {w: statistics.fmean(v) for w, v in wins.items()}
        win_top = max(words, key=lambda w: win_means[w])
        gap = paired_difference(wins[win_top], wins[mine], "deals")
        lost_win = 0.0 if gap.interval()[0] <= 0 else 100 * gap.value
    return ChoiceReview(
        seat,
        kind,
        mine,
        means,
        intervals,
        best,
        lost,
        gaps[mine].interval(),
        win_means,
        lost_win,
        deals,
        len(record.get("bids") or []),
    )


def review_choices(
    hand: Hand,
    seats: Sequence[int] | None = None,
    bidding: BiddingStyle = "ladder",
    deals: int = DEALS,
    seed: int | str = 0,
) -> list[ChoiceReview]:
    """Every bid (a pass included) and the trump choice in ``hand`` made by ``seats`` (all
    by default), each judged by what its seat knew; a forced answer (one choice) is left out.
    Only in rulesets where the seat knows nothing but its own hand and the bids when it
    decides (the ten-point family: see :func:`pitchlab.bots.strong.solvable`)."""
    from pitchlab.bots.strong import solvable, unsolvable_reason

    rules = hand.rules
    if not solvable(rules):
        raise PitchError(f"no review of bids in {rules.name}: {unsolvable_reason(rules)}")
    record = to_record(hand)
    bids = list(record.get("bids") or [])
    base = rewound(record, 0)  # the what-if deals are records: dealt again, then played out
    replay = hand.rewound(0)
    found = []
    for number, given in enumerate(bids):
        seat = replay.to_act
        assert seat is not None and replay.phase is Phase.BID
        answers: list[int | str] = [
            a.value if isinstance(a, Bid) else 0 for a in replay.legal_actions() if isinstance(a, Bid | Pass)
        ]
        if (seats is None or seat in seats) and len(answers) > 1:
            chosen = 0 if given == "pass" else int(given)
            prefix = dict(base, bids=bids[:number])
            found.append(
                judge_choice(prefix, seat, "bid", chosen, answers, bidding, deals, f"{seed}:bid{number}")
            )
        replay = hand.rewound(number + 1)
    trump = record.get("trump")
    if trump is not None and replay.phase is Phase.NAME_TRUMP:
        seat = replay.to_act
        assert seat is not None
        if seats is None or seat in seats:
            suits: list[int | str] = [
                a.suit.letter for a in replay.legal_actions() if isinstance(a, NameTrump)
            ]
            found.append(
                judge_choice(
                    dict(base, bids=bids), seat, "trump", trump, suits, bidding, deals, f"{seed}:trump"
                )
            )
    return found


def rewound(record: dict[str, Any], bids: int) -> dict[str, Any]:
    """``record`` stopped after its first ``bids`` bids: the deal (and the game's scores) kept,
    no trump named, nothing played (with every bid kept: stopped where trump is named)."""
    base: dict[str, Any] = {
        k: record[k] for k in ("format", "ruleset", "dealer", "hands", "stock", "scores") if k in record
    }
    base["bids"] = list(record.get("bids") or [])[:bids]
    return base


@dataclass(frozen=True)
class ChoiceSummary:
    """One seat's bids and trump choice in one hand, by what it knew: what a class's pooled
    review receives beside the cards' figures (:func:`pitchlab.bots.analysis.seat_summary`)."""

    decisions: int
    """Choices reviewed (forced ones, with a single answer, are left out)."""
    best: int
    """Of those, choices among the best by what the seat knew."""
    lost: float
    """Expected points lost on them, by what the seat knew."""


def choice_summary(choices: Sequence[ChoiceReview], seat: int) -> ChoiceSummary:
    """``seat``'s choices among ``choices``, summed: how many, how many best, the points lost."""
    mine = [c for c in choices if c.seat == seat]
    return ChoiceSummary(len(mine), sum(1 for c in mine if not c.lost), sum(c.lost for c in mine))
