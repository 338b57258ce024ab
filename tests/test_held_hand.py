"""A bid's reason speaks for the hand held: its own simulated chance of making the bid."""

from __future__ import annotations

import random

import pytest

import pitchlab as pl
from pitchlab.bots.claims import Estimate
from pitchlab.bots.players import HELD_HAND_DEALS, RuleBasedPlayer, held_hand_chance
from pitchlab.engine.actions import Bid


def _first_view(name: str, seed: int) -> pl.SeatView:
    return pl.Game(pl.ruleset(name), 0, random.Random(seed)).hand.view(1)


@pytest.mark.parametrize("style", ["game", "ladder"])
def test_a_bid_quotes_this_hands_own_chance_with_its_interval(style: str) -> None:
    view = _first_view("ten-point", 4)
    decision = RuleBasedPlayer(style).decide(view)  # type: ignore[arg-type]
    own = [
        c for c in decision.claims if isinstance(c, Estimate) and c.subject.startswith("how often this hand")
    ]
    assert len(own) == 1
    bid = decision.action.value if isinstance(decision.action, Bid) else 5  # a pass speaks of the lowest bid
    assert own[0].subject == f"how often this hand makes {bid} as bidder"
    assert f"{HELD_HAND_DEALS} deals" in own[0].basis and "95% interval" in own[0].basis
    low, high = (float(x.rstrip("%")) for x in own[0].basis.rsplit("interval ", 1)[1].split(" to "))
    assert low - 0.5 <= own[0].value <= high + 0.5


def test_a_hand_holding_every_point_makes_the_top_bid_nearly_always() -> None:
    # the top of spades and both jokers, the 3 and the 2: every trump that scores is held
    # but the ten (game), so the bidder wins every trick it leads with trump
    # and loses at most the game point: 9 of 10 nearly always
    hand = pl.parse_cards("AS KS QS JS JC JK JK 3S 2S")
    view = _first_view("ten-point", 0)
    view = view.__class__(**{**view.__dict__, "hand": tuple(hand)})
    (claim,) = held_hand_chance(view, pl.Suit.parse("S"), 9)
    assert isinstance(claim, Estimate) and claim.value >= 95


def test_no_such_figure_where_the_simulation_does_not_model_the_rules() -> None:
    view = _first_view("auction-pitch", 1)
    assert held_hand_chance(view, pl.Suit.parse("S"), 2) == ()
