"""The strong bot: legal, reproducible, and exactly the solver when nothing is hidden."""

from __future__ import annotations

import random
from pathlib import Path

import pitchlab as pl
from pitchlab.bots import solver
from pitchlab.bots.claimcheck import false_claims
from pitchlab.bots.claims import (
    EquallyGood,
    Estimate,
    HandHolds,
    NoOpponentAfter,
    TrickPoints,
    Unbeatable,
    render,
)
from pitchlab.bots.strong import TIE_TOLERANCE, StrongPlayer, _ties, _unsettled, close
from pitchlab.bots.sure import sure_bank
from pitchlab.engine.cards import parse_card
from pitchlab.engine.record import loads
from pitchlab.odds import inference
from tests.test_players import three_or_four

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
                    assert "played out perfectly" in decision.why
                    checked += 1
            hand.step(BOT.code(hand))
    assert checked >= 10


def test_it_names_the_suit_its_simulations_favour_and_says_why() -> None:
    hand = pl.Hand.deal(dealer=3, seed=11)
    while hand.phase is pl.Phase.BID:
        hand.apply(pl.Bid(4) if hand.to_act == 0 else pl.PASS)
    decision = StrongPlayer(samples=4, suit_hands=40, seed=2).decide(hand.view(0))
    assert isinstance(decision.action, pl.NameTrump)
    assert "simulated hands" in decision.why
    assert decision.action.suit.symbol in decision.why


# ----------------------------------------------------------------- sure points, ties, claims

POSITIONS = Path(__file__).parent / "records" / "strong"


def _position(name: str) -> pl.Hand:
    return loads((POSITIONS / f"{name}.json").read_text())


def test_it_banks_the_ten_instead_of_ducking_with_the_two() -> None:
    """Worked by hand (tests/records/strong/bank-the-ten-or-duck.json): ♠ trump, I am seat 1
    holding 2♠ J♠, the bidder (seat 0, an opponent) has led 10♠. Seat 2 was skipped twice, so
    it is out of trump; my partner (seat 3) drew and played as the counts show it has none
    left; the only unseen trump, the Joker and the 3♠, are with seat 0. Nothing unseen outranks
    the J♠, so playing it takes the 10 for sure. Ducking with the 2♠ is worth the same under
    perfect play (seat 0 must then lead the Joker into my jack, and keeps the 3♠), so the
    solver's averages tie, and the first card listed, the duck, would be played; the strong
    bot plays the sure capture and says why."""
    hand = _position("bank-the-ten-or-duck")
    view = hand.view(1)
    strong = StrongPlayer(samples=20, seed=5)
    means = StrongPlayer(samples=20, seed=5).expected(view)
    assert means["2S"] == means["JS"]
    assert max(means, key=lambda code: means[code]) == "2S"  # averages alone would duck
    ducks = StrongPlayer(samples=20, seed=5, sure_points=False).decide(view)
    assert ducks.action == pl.Play(parse_card("2S"))
    decision = strong.decide(view)
    assert decision.action == pl.Play(parse_card("JS"))
    assert Unbeatable(parse_card("JS")) in decision.claims
    assert TrickPoints((parse_card("TS"),), 1) in decision.claims
    assert any(
        isinstance(c, EquallyGood) and set(c.cards) == {parse_card("JS"), parse_card("2S")}
        for c in decision.claims
    )
    assert decision.because.startswith("play J♠ to make the trick's points sure now: ")
    assert false_claims(hand, 1, decision.claims) == []


def test_last_against_the_ten_it_takes_it_rather_than_duck() -> None:
    """Worked by hand (tests/records/strong/last-against-the-ten.json): ♥ trump, I am seat 3
    holding 2♥ 3♥ J♥ Q♥, the last to play; seat 0 led 10♥ and my partner followed 9♥. No
    opponent plays after me, so the J♥ or the Q♥ takes the 10's point for sure (the 2♥ and
    3♥ do not beat it). In every guess the solver has my partner or me win it back later, so
    the duck with the 2♥ scores as well as the jack and the queen, and comes first; the bot
    takes the point now, names the equal cards, and rests on no opponent playing after it."""
    hand = _position("last-against-the-ten")
    view = hand.view(3)
    means = StrongPlayer(samples=20, seed=1).expected(view)
    assert means["2H"] == means["JH"] == means["QH"] == max(means.values())
    assert max(means, key=lambda code: means[code]) == "2H"  # averages alone would duck
    decision = StrongPlayer(samples=20, seed=1).decide(view)
    assert isinstance(decision.action, pl.Play)
    assert decision.action.card.code in ("JH", "QH")
    assert NoOpponentAfter() in decision.claims
    for code in ("JH", "QH"):
        bank = sure_bank(view, parse_card(code))
        assert bank is not None and bank[0] == 1  # the 10; the J♥'s own point is safe anyway
    assert sure_bank(view, parse_card("2H")) is None  # the two does not beat the 10
    assert false_claims(hand, 3, decision.claims) == []


def test_no_sure_bank_while_a_higher_trump_is_unseen() -> None:
    """At the first lead of a fresh hand, any card below the highest unseen trump may be
    beaten, so none of them banks anything for sure; the 2♥ above neither wins nor counts."""
    hand = _position("last-against-the-ten")
    assert sure_bank(hand.view(3), parse_card("2H")) is None
    fresh = pl.Hand.deal(dealer=1, seed=11)
    while fresh.phase is not pl.Phase.PLAY:
        fresh.step(BOT.code(fresh))
    seat = fresh.to_act
    assert seat is not None
    lead = fresh.view(seat)
    trump = lead.trump
    assert trump is not None
    top = max(lead.rules.trump_rank(c, trump) for c in lead.unseen_trump())
    below = [c for c in lead.playable if lead.rules.trump_rank(c, trump) < top]
    assert below
    assert all(sure_bank(lead, card) is None for card in below)


def test_close_values_draw_more_guesses_and_settled_ones_do_not() -> None:
    assert _unsettled([5.0, 6.0, 5.0, 6.0], [5.5, 5.5, 5.5, 5.5])
    assert not _unsettled([6.0] * 4, [5.0] * 4)  # differs by a point in every guess: settled
    assert not _unsettled([6.0] * 4, [6.0] * 4)  # identical in every guess: a tie, no more needed
    assert close([6.0, 6.0, 7.0, 5.0], [6.0, 5.0, 7.0, 5.0])
    assert not close([9.0] * 4, [5.0] * 4)
    counts = set()
    for seed in range(30):
        hand = pl.Hand.deal(dealer=seed % 4, seed=seed)
        while hand.phase is not pl.Phase.PLAY:
            hand.step(BOT.code(hand))
        strong = StrongPlayer(samples=6, seed=seed)
        found = strong.values(hand.view(hand.to_act))  # type: ignore[arg-type]
        counts.add(len(next(iter(found.values()))))
        assert len(next(iter(found.values()))) in (6, 12, 18)
    assert 6 in counts and max(counts) > 6  # some first leads are settled at once, some are not


def test_every_strong_claim_is_true_and_the_words_are_the_claims() -> None:
    strong = StrongPlayer(samples=6, suit_hands=20, seed=4)
    kinds: set[str] = set()
    for seed in range(3):
        hand = pl.Hand.deal(dealer=seed, seed=seed)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            decision = strong.decide(hand.view(seat))
            if decision.claims and (hand.phase is pl.Phase.PLAY or hand.phase is pl.Phase.NAME_TRUMP):
                assert false_claims(hand, seat, decision.claims) == []
                conclusion = decision.because.split(": ", 1)[0]
                assert decision.because == render(conclusion, decision.claims, seat, hand.rules)
                kinds |= {c.kind for c in decision.claims}
            hand.apply(decision.action, seat)
    assert {"estimate", "hand_holds"} <= kinds


def test_naming_trump_claims_the_hand_and_an_estimate_per_suit() -> None:
    hand = pl.Hand.deal(dealer=3, seed=11)
    while hand.phase is pl.Phase.BID:
        hand.apply(pl.Bid(4) if hand.to_act == 0 else pl.PASS)
    decision = StrongPlayer(samples=4, suit_hands=20, seed=2).decide(hand.view(0))
    assert isinstance(decision.action, pl.NameTrump)
    suit = decision.action.suit
    held = [c for c in decision.claims if isinstance(c, HandHolds)]
    assert [h.suit for h in held] == [suit]
    estimates = [c for c in decision.claims if isinstance(c, Estimate)]
    assert estimates and estimates[0].subject == f"points we take with {suit.symbol} as trump"
    assert estimates[0].value == max(e.value for e in estimates)
    assert decision.because.startswith(f"name {suit.symbol} trump: with {suit.symbol} as trump I hold")
    assert false_claims(hand, 0, decision.claims) == []


def test_where_it_cannot_search_it_passes_the_rule_based_claims_through() -> None:
    rules = pl.ruleset("auction-pitch")
    hand = pl.Hand.deal(rules, 0, 3)
    strong = StrongPlayer(samples=4, seed=1)
    for _ in range(6):
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        base = strong.base.decide(view)
        decision = strong.decide(view)
        assert decision.action == base.action and decision.claims == base.claims
        assert decision.why == f"{base.why} (rule-based: the solver plays trump-only hands only)"
        hand.apply(decision.action, seat)


def test_equal_cards_are_named_together() -> None:
    """The J♠ and the 2♠ of the first position score the same in every guess."""
    hand = _position("bank-the-ten-or-duck")
    decision = StrongPlayer(samples=8, seed=2).decide(hand.view(1))
    tie = next(c for c in decision.claims if isinstance(c, EquallyGood))
    assert tie.cards[0] == parse_card("JS") and tie.tolerance == TIE_TOLERANCE
    assert "J♠, 2♠ are equally good: they score the same to within 0.05 points over 8 deals" in decision.why


def test_cards_named_equal_are_within_the_tolerance_of_one_another() -> None:
    means = {"AS": 6.0, "KS": 6.04, "QS": 5.96, "JS": 5.92, "TS": 5.0}
    assert _ties(means, "AS") == ["AS", "KS"]  # the Q♠ is 0.08 below the K♠: not with both
    assert _ties(means, "JS") == ["JS", "QS"]
    assert _ties({"AS": 6.0, "KS": 6.0}, "KS") == ["KS", "AS"]


def test_a_tie_never_goes_to_the_card_that_gives_the_opponents_points() -> None:
    """Worked by hand (:func:`tests.test_players.three_or_four`): seat 1 holds 3♥ 4♥ against the
    A♥ led by seat 0, which also holds the K♥ and the 10♥. Whatever seat 1 plays now, seat 0
    takes the other card next trick, so the two cards score exactly the same in every deal, and
    the averages tie. Played now, though, the 3♥ hands the opponents its three points at once;
    the tie goes to the 4♥, and the 3♥ is not called equally good."""
    hand = three_or_four()
    view = hand.view(1)
    means = StrongPlayer(samples=20, seed=0).expected(view)
    assert means["3H"] == means["4H"] == 1.0  # our side keeps only seat 3's 2♥
    decision = StrongPlayer(samples=20, seed=0).decide(view)
    assert decision.action == pl.Play(parse_card("4H"))
    assert not any(isinstance(c, EquallyGood) for c in decision.claims)
    assert decision.because.startswith("play 4♥, which puts none of my points at risk: ")
    assert "3♥" not in decision.said + " ".join(decision.more)  # still hidden in seat 1's hand
    assert false_claims(hand, 1, decision.claims) == []
