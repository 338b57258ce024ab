"""The strong bot: legal, reproducible, and exactly the solver when nothing is hidden."""

from __future__ import annotations

import random

import pitchlab as pl
from pitchlab import inference, solver
from pitchlab.strong import StrongPlayer

BOT = pl.RuleBasedPlayer()


def test_it_plays_whole_hands_legally_through_the_checked_api() -> None:
    strong = StrongPlayer(samples=4, suit_hands=20, seed=3)
    for seed in range(4):
        hand = pl.Hand.deal(dealer=seed, seed=seed)
        players: list[pl.Player] = [strong, BOT, strong, BOT]
        pl.play_hand(hand, players)  # apply() refuses anything illegal
        assert hand.is_over


def test_the_same_seed_makes_the_same_choices() -> None:
    def choices(seed: int) -> list[str]:
        strong = StrongPlayer(samples=4, suit_hands=20, seed=seed)
        hand = pl.Hand.deal(dealer=1, seed=7)
        log = pl.play_hand(hand, [strong] * 4)
        return [str(d.action) for _, d in log]

    assert choices(1) == choices(1)


def test_when_nothing_is_hidden_it_values_cards_as_the_solver_does() -> None:
    """Late in a hand the draw counts and the play can pin every unseen trump down; then every
    sample is the real deal and the expected points are the solver's, card for card."""
    checked = 0
    for seed in range(40):
        hand = pl.Hand.deal(dealer=seed % 4, seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            if hand.phase is pl.Phase.PLAY and len(hand.legal_codes()) > 1:
                view = hand.view(seat)
                guesses = inference.sample_holdings(view, 12, random.Random(seed))
                truth = {s: sorted(hand.playable(s)) for s in range(4) if s != seat}
                if all({s: sorted(c) for s, c in g.items()} == truth for g in guesses):
                    strong = StrongPlayer(samples=6, seed=seed)
                    expected = strong.expected(view)
                    solution = solver.solve(hand)
                    team = hand.rules.teams[seat]
                    deck = hand.rules.deck
                    assert expected == {deck[s].code: float(v[team]) for s, v in solution.values.items()}
                    decision = strong.decide(view)
                    best = max(expected.values())
                    assert isinstance(decision.action, pl.Play)
                    assert expected[decision.action.card.code] == best
                    assert "played perfectly" in decision.why
                    checked += 1
            hand.step(BOT.code(hand))
    assert checked >= 10


def test_it_names_the_suit_its_simulations_favour_and_says_why() -> None:
    hand = pl.Hand.deal(dealer=3, seed=11)
    while hand.phase is pl.Phase.BID:
        hand.apply(pl.Bid(4) if hand.to_act == 0 else pl.PASS)
    decision = StrongPlayer(samples=4, suit_hands=40, seed=2).decide(hand.view(0))
    assert isinstance(decision.action, pl.NameTrump)
    assert "simulated hands per suit" in decision.why
    assert decision.action.suit.symbol in decision.why
