"""Advice at any decision of a hand: what a bot would do there, and the reason it gives.

One place answers "what should the seat to act do now?" for every phase
(bid, throw-in, trump, discard, bury, call, play) and every ruleset, so the
app's hint, the explorer and ``python -m pitchlab decide`` say the same
thing. The advisor sees only the deciding seat's view (:meth:`Hand.view`),
never the hidden cards, so advice is something a player could have worked
out at the table.

The advisor is the strongest bot that answers within about a second
(:func:`advisor`): the strong bot where its sampler and solver model the
ruleset, the rule-based bot elsewhere. Its sample counts were measured, not
guessed: see :data:`ADVISOR_SAMPLES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pitchlab.bots.players import BiddingStyle, Decision, Player, RuleBasedPlayer
from pitchlab.bots.strong import StrongPlayer, solvable
from pitchlab.engine.actions import Action, Bid, Bury
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.record import action_code
from pitchlab.engine.rules import Ruleset

ADVISOR_SAMPLES = 12
"""Deals the strong bot guesses per card when advising.

The slowest decision is the first lead, when every seat still holds six
trump and each guess is solved from the top; ``benchmarks/advice.py`` times
it over 36 first leads of ten-point, thirteen-point and Missouri eleven. On
this project's two-core machine, shared with other jobs: at a load of about
2.7, 20 samples took 0.26 s median and 1.4 s at worst, 16 took 0.97 s at
worst, 12 took 0.78 s at worst; at a load of 6 to 7.5, 16 took 0.39 s median,
0.98 s at the 90th percentile and 1.8 s at worst, and 12 took 0.27 s, 0.64 s
and 1.0 s. So 12 keeps every answer within about a second even on a busy
machine. Every other decision is faster (later cards: 0.07 s at the 90th
percentile, 0.4 s at worst)."""
ADVISOR_SUIT_HANDS = 60
"""Simulated hands per suit when the strong bot names trump (0.1 s median, 0.25 s at worst for
all suits, measured as above)."""


def advisor(rules: Ruleset, seed: int = 0, bidding: BiddingStyle = "game") -> Player:
    """The strongest bot that answers within about a second under ``rules``, bidding in the
    style ``bidding`` (the table's: advice on a bid follows the way the table bids).

    The strong bot where it can search the ruleset (:func:`pitchlab.bots.strong.solvable`);
    elsewhere it would only repeat the rule-based bot's choice with a note, so the
    rule-based bot answers directly. Reproducible from ``seed``.
    """
    if solvable(rules):
        return StrongPlayer(
            samples=ADVISOR_SAMPLES, suit_hands=ADVISOR_SUIT_HANDS, seed=seed, bidding=bidding
        )
    return RuleBasedPlayer(bidding)


@dataclass(frozen=True)
class Advice:
    """What ``player`` would do as ``seat`` in ``phase``, and why."""

    seat: int
    phase: Phase
    decision: Decision
    player: str
    """The name of the bot that answered (``strong (12 samples)``, ``rule-based``...)."""

    @property
    def action(self) -> Action:
        return self.decision.action

    @property
    def why(self) -> str:
        return self.decision.why

    @property
    def bot(self) -> str:
        """The bot in words, for a sentence: "the strong bot", "the rule-based bot" (however it
        bids: the table says that once, beside its menu)."""
        kind = next((k for k in ("strong", "rule-based") if self.player.startswith(k)), self.player)
        return f"the {kind} bot"

    def to_json(self, rules: Ruleset) -> dict[str, Any]:
        """The advice as ``decide`` prints it: the action written as the hand record writes it."""
        return {
            "seat": self.seat,
            "phase": str(self.phase),
            "action": written(self.action, rules),
            "principle": self.decision.principle.name if self.decision.principle else None,
            "why": self.why,
            "claims": [claim.to_json() for claim in self.decision.claims],
            "player": self.player,
        }


def advise(hand: Hand, player: Player | None = None, seed: int = 0, bidding: BiddingStyle = "game") -> Advice:
    """The advice for the seat to act in ``hand``, seeing only that seat's view.

    ``player`` answers if given. Otherwise the :func:`advisor` does, and should
    the strong bot fail (a position its sampler cannot fit deals to, or a bug
    of its own), the rule-based bot answers instead: a learner asking for a
    hint gets one. Raises :class:`PitchError` when no decision is pending (the
    hand is over), and :class:`~pitchlab.engine.errors.IllegalAction` if a bot picks
    an action the rules refuse, rather than pass on bad advice.
    """
    seat = hand.to_act
    if seat is None or hand.is_over:
        raise PitchError("the hand is over: no decision is pending")
    view = hand.view(seat)
    bot = player if player is not None else advisor(hand.rules, seed, bidding)
    try:
        decision = bot.decide(view)
    except Exception:
        if player is not None or isinstance(bot, RuleBasedPlayer):
            raise
        bot = RuleBasedPlayer(bidding)
        decision = bot.decide(view)
    hand.encode(decision.action, seat)  # checks legality; changes nothing
    return Advice(seat, hand.phase, decision, bot.name)


def written(action: Action, rules: Ruleset) -> str | int | list[str]:
    """An action as the hand record writes it: a bid number or ``"pass"``, ``"moon"``,
    ``"throw-in"``; a suit letter; a card code; a discard as its list of card codes, and
    a bury as a list too, the one card to append to the seat's ``bury`` list."""
    if isinstance(action, Bury):
        return [action.card.code]
    if isinstance(action, Bid) and rules.moon_bid is not None and action.value == rules.moon_bid:
        return "moon"
    return action_code(action)
