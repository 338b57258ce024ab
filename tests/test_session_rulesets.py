"""The learner's table under other rulesets: seat and team names, words for every action, new games."""

from __future__ import annotations

from typing import cast

import pytest

import pitchlab as pl
from pitchlab.ui.session import Table, bid_text, clauses, describe, seat_name, verb


def test_seat_names_follow_the_number_of_seats_and_the_partnerships() -> None:
    ten = pl.TEN_POINT
    assert [seat_name(s, 0, ten) for s in range(4)] == ["You", "West", "Partner", "East"]
    assert [seat_name(s) for s in range(4)] == ["You", "West", "Partner", "East"]  # ten-point's, as before
    solo = ten.replace(name="solo", teams=(0, 1, 2, 3))
    assert [seat_name(s, 0, solo) for s in range(4)] == ["You", "West", "North", "East"]
    two = ten.replace(name="two", players=2, teams=(0, 1))
    assert [seat_name(s, 0, two) for s in range(2)] == ["You", "Opponent"]
    three = ten.replace(name="three", players=3, teams=(0, 1, 2))
    assert [seat_name(s, 0, three) for s in range(3)] == ["You", "West", "East"]
    five = ten.replace(name="five-seats", players=5, teams=(0, 1, 2, 3, 4), hand_size=6)
    assert [seat_name(s, 0, five) for s in range(5)] == ["You", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert seat_name(2, None, five) == "Seat 2"


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_team_names_and_scores_per_team_or_per_player(name: str) -> None:
    rules = pl.ruleset(name)
    table = Table(rules=rules, seed=1)
    teams = [table.team_name(t) for t in range(rules.num_teams)]
    assert len(set(teams)) == rules.num_teams
    assert teams[rules.teams[0]].startswith("You")
    if table.solo:
        assert teams == [table.name(s) for s in range(rules.players)]
    assert len(table.game.scores) == rules.num_teams
    assert table.status().startswith("Your turn") or table.hand.is_over


def test_verbs_agree_with_several_people() -> None:
    assert verb("You and Partner", "wins") == "You and Partner win"
    assert verb("West and East", "wins") == "West and East win"
    assert verb("West", "wins") == "West wins"


def test_every_kind_of_action_in_words() -> None:
    cards = tuple(pl.parse_cards("AS 3H"))
    assert describe(pl.Discard(cards)) == "throws away A♠ 3♥ and draws 2"
    assert describe(pl.Discard(cards), public=True) == "throws away 2 cards and draws 2"  # face down
    assert describe(pl.Discard(())) == "keeps every card"
    assert verb("You", *clauses(pl.Discard(cards))) == "You throw away A♠ 3♥ and draw 2"
    assert describe(pl.Call(pl.Card("AS"))).startswith("calls A♠")
    assert verb("You", *clauses(pl.THROW_IN)) == "You throw in the hand for a new deal"
    moon = cast(pl.Ruleset, type("R", (), {"moon_bid": 11})())
    assert describe(pl.Bid(11), moon) == "shoots the moon"
    assert verb("You", *clauses(pl.Bid(11), moon)) == "You shoot the moon"
    assert describe(pl.Bid(10), moon) == "bids 10"
    assert bid_text(11, moon) == "Moon" and bid_text(11) == "11"


def test_set_rules_starts_a_new_game_with_bots_for_every_seat() -> None:
    table = Table(seed=3)
    table.run_bots()
    for name in pl.ruleset_names():
        rules = pl.ruleset(name)
        table.set_rules(rules, seed=4)
        assert table.rules == rules
        assert len(table.bots) == rules.players
        assert table.game.scores == [0] * rules.num_teams
        assert table.log[0].text.startswith("New hand")
        assert table.hand.dealer == rules.players - 1


def test_the_prompt_says_what_the_phase_asks_for() -> None:
    table = Table(rules=pl.ruleset("auction-pitch"), seed=2)
    table.run_bots()
    assert table.prompt() in ("bid or pass", "everyone else passed, so you must bid 2")
    while not table.hand.is_over:
        if table.human_to_act:
            prompt = table.prompt()
            if table.hand.phase is pl.Phase.PLAY:
                assert "card" in prompt  # every card is played here, not only trump
            table.act(table.legal()[0])
        else:
            table.advance()
    assert any(e.text.endswith("wins the trick.") for e in table.log)
    assert "High:" in table.log[-1].text
