"""Every reason the follow-suit bot gives is made of claims that hold in every deal its seat
cannot rule out (checked by :mod:`pitchlab.bots.claimcheck`, which shares no code with the bot)."""

from __future__ import annotations

import re

import pytest

import pitchlab as pl
from pitchlab.bots import claimcheck
from pitchlab.bots.claims import render

FOLLOW_SUIT = [name for name in pl.ruleset_names() if pl.ruleset(name).play_rule == "follow-suit"]
ASSERTS_NOTHING = re.compile(r"(lead|play) \S+, the (card|trump) I can best spare|keep every card")
"""The only conclusions that may stand without a claim: they name the action and assert nothing."""

SHARED = [name for name in pl.ruleset_names() if name not in FOLLOW_SUIT and pl.ruleset(name).call_partner]


def test_the_sample_covers_the_follow_suit_family() -> None:
    assert {"auction-pitch", "cutthroat", "five", "two-handed", "thirteen-card", "draw-pitch"} <= set(
        FOLLOW_SUIT
    )


@pytest.mark.parametrize("name", FOLLOW_SUIT + SHARED)
def test_every_claim_the_bot_makes_is_true_of_what_its_seat_knows(name: str) -> None:
    """Seeded hands, four rule-based bots, every decision of every seat that this bot makes (the
    follow-suit rules of thumb, and the discard and call of every ruleset): no false claim, a
    reason rendered from exactly its claims, and a claim behind every decision that asserts
    something (see ``ASSERTS_NOTHING``)."""
    rules = pl.ruleset(name)
    bot = pl.RuleBasedPlayer()
    follow = rules.play_rule == "follow-suit"
    decisions = 0
    for k in range(12):
        hand = pl.Hand.deal(rules, k % rules.players, seed=500 + k)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = hand.view(seat)
            if not follow and view.phase not in (pl.Phase.DISCARD, pl.Phase.CALL):
                hand.step(bot.code(hand))
                continue
            decision = bot.decide(view)
            assert claimcheck.false_claims(hand, seat, decision.claims) == [], (name, k, decision)
            assert decision.claims or ASSERTS_NOTHING.fullmatch(decision.because), (name, k, decision)
            assert "{" not in decision.why, decision.why  # a template left unfilled
            conclusion = decision.because.split(": ", 1)[0]
            assert decision.because == render(conclusion, decision.claims, seat, rules)
            decisions += 1
            hand.apply(decision.action, seat)
    assert decisions >= 12
