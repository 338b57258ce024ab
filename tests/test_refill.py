"""The refill's count (:mod:`pitchlab.engine.refill`), worked by hand, and the engine's own
refill held to it on dealt hands."""

from __future__ import annotations

import random

import pytest

import pitchlab as pl
from pitchlab.engine.refill import cards_drawn, cards_wanted, draw_counts, draw_table


def test_the_stock_is_what_the_deal_leaves() -> None:
    assert pl.ruleset("ten-point").stock_size == 54 - 4 * 9 == 18
    assert pl.ruleset("auction-pitch").stock_size == 52 - 4 * 6 == 28


def test_a_seat_asks_for_six_less_its_trump_and_gets_what_is_left() -> None:
    ten = pl.ruleset("ten-point")
    assert [cards_wanted(k, ten) for k in (0, 2, 6, 8)] == [6, 4, 0, 0]
    assert cards_drawn(2, 18, ten) == 4
    assert cards_drawn(2, 3, ten) == 3  # the stock runs short: what is left
    assert cards_drawn(7, 18, ten) == 0
    assert cards_drawn(0, 0, ten) == 0


def test_draw_counts_go_round_from_the_dealers_left() -> None:
    ten = pl.ruleset("ten-point")
    # dealer 0: seats 1, 2, 3 then 0 draw. Seat 1 kept 2 and draws 4 (18 -> 14), seat 2 kept 6
    # and draws none, seat 3 kept 3 and draws 3 (14 -> 11), seat 0 kept none and draws 6 (11 -> 5)
    assert draw_counts([0, 2, 6, 3], 0, ten) == (6, 4, 0, 3)
    # dealer 3: seats 0, 1, 2 take 6 each and empty the stock; seat 3, last, finds none
    assert draw_counts([0, 0, 0, 0], 3, ten) == (6, 6, 6, 0)
    # dealer 1: seats 2, 3, 0 take 6 each; seat 1 finds the stock empty
    assert draw_counts([0, 0, 0, 0], 1, ten) == (6, 0, 6, 6)


def test_the_table_is_the_count_for_every_trump_and_stock() -> None:
    ten = pl.ruleset("ten-point")
    table = draw_table(ten)
    assert len(table) == 55 and all(len(row) == 19 for row in table)  # 0-54 trump kept, 0-18 cards left
    assert table[2][18] == 4 and table[2][3] == 3 and table[7][18] == 0 and table[0][0] == 0


@pytest.mark.parametrize("name", [n for n in pl.ruleset_names() if pl.ruleset(n).exchange == "refill"])
def test_the_engines_refill_draws_by_the_count(name: str) -> None:
    """On dealt hands, each seat's refill turn in the engine draws what the count says, with
    the stock as it stood at that turn."""
    rules = pl.ruleset(name)
    rng = random.Random(name)
    players = [pl.RandomPlayer(rng) for _ in range(rules.players)]
    for k in range(40):
        hand = pl.Hand.deal(rules, k % rules.players, rng)
        pl.play_hand(hand, players)
        trump = hand.trump
        left = rules.stock_size
        for turn in hand.refills:
            if turn.from_remainder:  # the bidder (or dealer) taking what nobody drew
                continue
            assert trump is not None  # a refill comes after trump is named
            kept = len([c for c in hand.dealt_to(turn.seat) if rules.is_trump(c, trump)])
            assert len(turn.drawn) == cards_drawn(kept, left, rules), (name, turn)
            left -= len(turn.drawn)
