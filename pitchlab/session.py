"""A table for one learner: a human seat, bots in the others, and a log of what happened.

This is the controller behind the tutorial and the app, kept free of widgets
so that everything a page does can be tested in plain Python. It never raises
on bad input from the page: a refused action leaves the game as it was and
sets :attr:`Table.message`, which the page shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pitchlab.actions import Action, Bid, Bury, Call, Discard, NameTrump, Pass, ThrowIn
from pitchlab.errors import PitchError
from pitchlab.game import Game
from pitchlab.hand import Hand, Phase
from pitchlab.players import Player, RuleBasedPlayer
from pitchlab.record import dumps, loads
from pitchlab.rules import TEN_POINT, Ruleset

SEAT_NAMES = ("You", "West", "Partner", "East")
"""Seat 0 is the learner; play goes clockwise: West, then the partner across, then East."""


def seat_name(seat: int, human: int | None = 0) -> str:
    """A friendly name for a seat, seen from the learner's chair."""
    if human is None:
        return f"Seat {seat}"
    return SEAT_NAMES[(seat - human) % 4]


@dataclass(frozen=True)
class Event:
    """One line of the step log: who did what, and why (bots explain themselves)."""

    seat: int | None
    text: str
    why: str = ""


def refusal(apply: Callable[[], object]) -> str:
    """Run an engine call made from a page; ``""`` if it went through, else the
    message the page shows. The engine leaves its state unchanged on refusal."""
    try:
        apply()
    except PitchError as exc:
        return f"Not allowed: {exc}"
    return ""


def verb(name: str, *clauses: str) -> str:
    """Agree verbs with their subject: ``verb("You", "plays 3♥")`` is ``You play 3♥``.

    Several clauses are joined with "and", each verb agreeing.
    """
    if name != "You":
        return f"{name} {' and '.join(clauses)}"
    plain = []
    for clause in clauses:
        first, _, rest = clause.partition(" ")
        word = {"buries": "bury", "passes": "pass", "throws": "throw"}.get(first, first.removesuffix("s"))
        plain.append(f"{word} {rest}".rstrip())
    return f"{name} {' and '.join(plain)}"


def describe(action: Action) -> str:
    """An action in words: ``bids 5``, ``passes``, ``names ♥ trump``, ``plays 10♥``."""
    if isinstance(action, Pass):
        return "passes"
    if isinstance(action, Bid):
        return f"bids {action.value}"
    if isinstance(action, NameTrump):
        return f"names {action.suit.symbol} {action.suit.name.lower()} as trump"
    if isinstance(action, Bury):
        return f"buries {action.card.label}"
    if isinstance(action, Discard):
        return f"discards {len(action.cards)} and draws as many" if action.cards else "keeps every card"
    if isinstance(action, Call):
        return f"calls {action.card.label} for a partner"
    if isinstance(action, ThrowIn):
        return "throws in the hand"
    return f"plays {action.card.label}"


class Table:
    """A whole game for one learner at ``human`` (``None``: bots in every seat).

    Bots act one at a time through :meth:`advance`, so a page can step
    through the table with a "next" button and show each bot's reason.
    """

    def __init__(
        self,
        human: int | None = 0,
        bots: Sequence[Player] | None = None,
        rules: Ruleset = TEN_POINT,
        seed: int | None = None,
    ) -> None:
        self.human = human
        self.rules = rules
        self.bots: list[Player] = list(bots) if bots is not None else [RuleBasedPlayer()] * rules.players
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        """Start again from 0-0, from ``seed`` (a fresh one if not given)."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self.game = Game(self.rules, first_dealer=self.rules.players - 1, seed=self.seed)
        self.log: list[Event] = []
        self.message = ""
        self.last_why = ""
        self._log_deal()

    # ------------------------------------------------------------------ state

    @property
    def hand(self) -> Hand:
        return self.game.hand

    def name(self, seat: int) -> str:
        return seat_name(seat, self.human)

    @property
    def human_to_act(self) -> bool:
        return self.human is not None and self.hand.to_act == self.human

    @property
    def bot_to_act(self) -> bool:
        return self.hand.to_act is not None and not self.human_to_act

    def legal(self) -> tuple[Action, ...]:
        """What the learner may do now (nothing when it is not their turn)."""
        return self.hand.legal_actions() if self.human_to_act else ()

    def status(self) -> str:
        """One line saying what happens next."""
        hand = self.hand
        if self.game.winner is not None:
            winner = self.game.winner
            others = " to ".join(str(x) for t, x in enumerate(self.game.scores) if t != winner)
            return f"Game over: {self.team_name(winner)} win, {self.game.scores[winner]} to {others}."
        if hand.is_over:
            result = hand.result()
            verdict = "made" if result.made else "went set on"
            return (
                f"Hand over: {self.name(result.bidder)} {verdict} the bid of {result.bid} "
                f"({result.points[0]}-{result.points[1]}). Press New hand."
            )
        seat = hand.to_act
        assert seat is not None
        if self.human_to_act:
            return f"Your turn: {_PROMPT[hand.phase]}."
        return f"{self.name(seat)} to {hand.phase}: press Next to see what they do."

    def team_name(self, team: int) -> str:
        if self.human is None:
            return f"Team {team}"
        return "You and Partner" if team == self.rules.teams[self.human] else "West and East"

    def score_text(self) -> str:
        return " to ".join(str(s) for s in self.game.scores)

    # ---------------------------------------------------------------- actions

    def act(self, action: Action) -> bool:
        """The learner's action; on refusal, :attr:`message` says why and nothing changes."""
        if self.human is None or not self.human_to_act:
            self.message = "It is not your turn: press Next to let the bots play."
            return False
        human = self.human
        message = refusal(lambda: self._apply(human, action, ""))
        self.message = message
        return not message

    def advance(self) -> Event | None:
        """Let the bot whose turn it is take one action; ``None`` if no bot is to act."""
        if not self.bot_to_act:
            self.message = "Your turn." if self.human_to_act else "Nothing to do: the hand is over."
            return None
        seat = self.hand.to_act
        assert seat is not None
        decision = self.bots[seat].decide(self.hand.view(seat))
        return self._apply(seat, decision.action, decision.why)

    def run_bots(self, limit: int = 200) -> list[Event]:
        """Let bots act until the learner is to act or the hand ends."""
        events: list[Event] = []
        while self.bot_to_act and len(events) < limit:
            event = self.advance()
            assert event is not None
            events.append(event)
        return events

    def _apply(self, seat: int, action: Action, why: str) -> Event:
        was_naming = self.hand.phase is Phase.NAME_TRUMP
        self.game.apply(action, seat)
        said = verb(self.name(seat), describe(action))
        event = Event(seat, said, why)
        self.log.append(event)
        self.message = ""
        if why:
            self.last_why = f"{said}: {why}"
        if was_naming:
            self._log_refill()
        if self.hand.is_over:
            self._log_result()
        return event

    def new_hand(self) -> bool:
        """Deal the next hand once this one is over."""
        try:
            self.game.next_hand()
        except PitchError as exc:
            self.message = str(exc)
            return False
        self.last_why = ""
        self._log_deal()
        return True

    # ---------------------------------------------------------------- records

    def record(self) -> str:
        """The current hand as a hand record (JSON text)."""
        return dumps(self.hand)

    def load(self, text: str) -> bool:
        """Continue from a hand record (a complete hand or a position); the scores stay."""
        try:
            hand = loads(text)
        except PitchError as exc:
            self.message = f"Could not load that record: {exc}"
            return False
        if hand.rules != self.rules:
            self.message = f"That record is for {hand.rules.name}; this table plays {self.rules.name}."
            return False
        self.game.hand = hand
        self.game.score_if_over()
        dealer = self.name(hand.dealer)
        self.log.append(Event(None, f"Loaded a hand record: dealer {dealer}, {hand.phase} phase."))
        self.message = "Hand record loaded."
        return True

    # ------------------------------------------------------------------- log

    def _log_deal(self) -> None:
        dealt = verb(self.name(self.hand.dealer), f"deals {self.rules.hand_size} cards each")
        self.log.append(Event(None, f"New hand: {dealt}."))

    def _log_refill(self) -> None:
        for refill in self.hand.refills:
            who = self.name(refill.seat)
            if refill.from_remainder:
                if not refill.drawn:
                    continue
                text = verb(who, f"takes the last {len(refill.drawn)} cards of the stock", "keeps the trump")
            else:
                text = verb(who, f"throws away {len(refill.thrown)}", f"draws {len(refill.drawn)}")
            self.log.append(Event(refill.seat, text))

    def _log_result(self) -> None:
        result = self.hand.result()
        verdict = "made" if result.made else "went set on"
        points = "-".join(str(p) for p in result.points)
        who = self.name(result.bidder)
        self.log.append(
            Event(None, f"{who} {verdict} {result.bid}: points {points}, score {self.score_text()}")
        )


_PROMPT = {
    Phase.BID: "bid or pass",
    Phase.NAME_TRUMP: "name the trump suit",
    Phase.BURY: "choose a trump to bury (you hold more than six)",
    Phase.PLAY: "play a trump",
    Phase.OVER: "the hand is over",
}
