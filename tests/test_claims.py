"""Reasons made of checked claims: the checker finds nothing false in the bots' reasons, and
the positions behind each fix of the trump-only bot, worked out by hand.

The positions use hearts as trump with dealer 0 stuck at 4 (seat 0 bids, names
hearts and leads), every trump in the seats' hands and a stock of non-trump, so
the refill draws only dead cards and the play is exactly the cards given.
"""

from __future__ import annotations

import random

import pytest

import pitchlab as pl
from pitchlab.bots import claims as c
from pitchlab.bots.claimcheck import check, false_claims
from pitchlab.engine.presets import ruleset_names
from tests.test_players import deal, stuck_dealer_names_hearts

BOT = pl.RuleBasedPlayer()


def play(hand: pl.Hand, cards: str) -> None:
    for code in cards.split():
        hand.apply(pl.Play(pl.Card(code)))


def card(code: str) -> pl.Card:
    return pl.Card(code)


# ------------------------------------------------ the checker over random decisions


@pytest.mark.parametrize("name", ruleset_names())
def test_no_false_claim_in_any_decision(name: str) -> None:
    """Every decision of every seat in seeded random hands: each claim holds in every deal the
    seat cannot rule out (checked before the action is applied)."""
    rules = pl.ruleset(name)
    rng = random.Random(2026)
    checked = 0
    for i in range(12):
        hand = pl.Hand.deal(dealer=i % rules.players, seed=rng, rules=rules)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            decision = BOT.decide(hand.view(seat))
            assert false_claims(hand, seat, decision.claims) == [], decision.why
            if rules.play_rule == "trump-only" and hand.phase is pl.Phase.PLAY:
                assert decision.claims, f"a card played with no reason: {decision.why}"
            checked += len(decision.claims)
            hand.apply(decision.action, seat)
    if rules.play_rule == "trump-only":
        assert checked > 100


# ------------------------------------------------------ positions, worked by hand

# Seat 3 holds one trump only. After trick 1 it is out, and in trick 2 it is passed over,
# so from then on the whole table knows it: in trick 3 nobody who can still play comes
# after seat 2.
SHOWN_OUT = {0: "AH KH JD QH", 1: "JK JK TH 9H 6H", 2: "5H 7H 3H 8H 2H JH", 3: "4H"}


def shown_out_position() -> pl.Hand:
    hand = deal(SHOWN_OUT)
    stuck_dealer_names_hearts(hand)
    play(hand, "AH 6H 5H 4H")  # trick 1: seat 0's ace wins; seat 3 plays its only trump
    play(hand, "KH 9H 7H")  # trick 2: seat 3 is passed over, out of trump
    play(hand, "JD JK")  # trick 3: partner (seat 0) leads the off-jack, seat 1 adds a joker
    assert hand.to_act == 2
    return hand


def test_adds_the_three_when_only_a_seat_that_is_out_plays_after() -> None:
    """Seat 2 holds 8H 3H 2H JH behind its partner's off-jack. The queen and jack of hearts
    are above the off-jack and seat 2 cannot see where the queen is, but the only seat after it,
    seat 3, was passed over in trick 2: it is out of trump. So the off-jack wins, and seat 2
    adds its three (3 points) rather than saying it "cannot win" and keeping it back."""
    hand = shown_out_position()
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(card("3H"))
    assert c.NoOpponentAfter() in decision.claims or c.WinsForSure(0, card("JD")) in decision.claims
    assert "cannot" not in decision.why
    assert false_claims(hand, 2, decision.claims) == []


def test_the_checker_knows_a_seat_is_out_only_once_it_is_passed_over() -> None:
    """In trick 2, before seat 3's turn comes, nobody has seen it skipped: saying it is out,
    or that no opponent plays after seat 2, is a claim seat 2 cannot back. After the skip it can."""
    hand = deal(SHOWN_OUT)
    stuck_dealer_names_hearts(hand)
    play(hand, "AH 6H 5H 4H")
    play(hand, "KH 9H")
    assert hand.to_act == 2
    assert check(hand, 2, c.OutOf(3, pl.Suit.HEARTS, True)) is not None
    assert check(hand, 2, c.NoOpponentAfter()) is not None
    play(hand, "7H")
    play(hand, "JD")  # trick 3 led by seat 0
    assert check(hand, 1, c.OutOf(3, pl.Suit.HEARTS, True)) is None


def test_partner_card_is_not_sure_while_a_higher_trump_may_sit_behind() -> None:
    """Trick 1 of the shown-out deal, seat 0 leads the king: the ace is unseen by seat 2, and
    seat 3, still to play, might hold it as far as seat 2 knows. "Wins whatever is out" is false
    there; it is true for seat 0's ace."""
    hand = deal(SHOWN_OUT)
    stuck_dealer_names_hearts(hand)
    play(hand, "KH 6H")
    assert check(hand, 2, c.WinsForSure(0, card("KH"))) is not None
    hand = deal(SHOWN_OUT)
    stuck_dealer_names_hearts(hand)
    play(hand, "AH 6H")
    assert check(hand, 2, c.WinsForSure(0, card("AH"))) is None


# Seat 0 clears the ace and king; the queen, jack and off-jack fall in the same tricks.
# It then holds a joker and the five, with the other joker (seat 1) the highest trump out.
JOKERS = {0: "AH KH JK 5H", 1: "JK 9H 8H 6H", 2: "QH JH TH 7H", 3: "JD 4H 3H 2H"}


def joker_position() -> pl.Hand:
    hand = deal(JOKERS)
    stuck_dealer_names_hearts(hand)
    play(hand, "AH 6H QH JD")  # seat 0 wins
    play(hand, "KH 8H JH 4H")  # seat 0 wins
    assert hand.to_act == 0
    return hand


def test_leads_its_joker_when_only_the_twin_is_out() -> None:
    """Identical jokers: the first played wins. With only the twin still out above it, seat 0's
    joker cannot be beaten, so it leads it (it is a point) rather than the five."""
    hand = joker_position()
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Play(card("JK"))
    assert decision.claims == (c.Unbeatable(card("JK"), twin=True),)
    assert "first joker played wins" in decision.why
    assert false_claims(hand, 0, decision.claims) == []


def test_a_joker_played_second_does_not_beat_its_twin() -> None:
    """Once seat 0 has led its joker, seat 1's twin cannot take the trick: claiming it beats
    the joker is false."""
    hand = joker_position()
    play(hand, "JK")
    assert check(hand, 1, c.Beats(card("JK"), card("JK"))) is not None
    assert check(hand, 1, c.CannotWin(card("JK"))) is None


def test_the_two_is_no_stake_in_a_trick() -> None:
    """Seat 3 leads the two; the two scores for its holder and is never captured, so seat 0
    must not say the trick holds a point. Seat 0's ace wins whatever is out and banks its own
    point: the claims say just that."""
    hand = deal({0: "AH KH QH JH JD 7H", 1: "3H 6H 9H", 2: "TH 5H 8H", 3: "4H JK JK 2H"})
    stuck_dealer_names_hearts(hand)
    play(hand, "7H 9H 5H JK")  # seat 3's joker beats the nine
    play(hand, "2H")
    assert hand.to_act == 0
    decision = BOT.decide(hand.view(0))
    stake = [x for x in decision.claims if isinstance(x, c.TrickPoints)]
    assert stake == [c.TrickPoints((), 0)]
    assert "point" not in decision.why.split(":")[0]
    assert false_claims(hand, 0, decision.claims) == []
    assert check(hand, 0, c.TrickPoints((card("2H"),), 1)) is not None


def test_bury_keeps_the_two_and_says_so() -> None:
    hand = deal({1: "AH KH QH 9H 8H 7H 2H 3H", 2: "JK JK"}, stock_tail="JH JD TH 6H 5H 4H")
    stuck_dealer_names_hearts(hand)
    decision = BOT.decide(hand.view(1))
    assert decision.action == pl.Bury(card("2H"))
    assert decision.claims == (c.HolderScores(card("2H")),)
    assert "scores for whoever holds it" in decision.why


# ------------------------------------------------------------------ call-partner

CALL = pl.ruleset("call-partner")


def called_position() -> pl.Hand:
    """Call-partner, dealer 0 stuck at 4: seat 0 names hearts and calls the ace, which seat 2
    holds. Seat 0 leads the king; seat 1 follows with the five."""
    hand = deal({0: "KH QH 7H 6H", 1: "5H 4H JK", 2: "AH 3H 8H", 3: "JH JD TH 9H JK 2H"})
    hand = pl.Hand.from_cards(CALL, 0, [hand.hand_of(s) for s in range(4)], hand.stock_cards)
    stuck_dealer_names_hearts(hand)
    while hand.phase is not pl.Phase.CALL:
        seat = hand.to_act
        hand.apply(BOT.decide(hand.view(seat)).action, seat)  # type: ignore[arg-type]
    hand.apply(pl.Call(card("AH")))
    assert hand.partner == 2
    return hand


def test_the_called_partner_feeds_the_bidders_sure_trick() -> None:
    """Seat 2 holds the called ace, so it knows seat 0 is its partner this hand. Seat 0 leads the
    king; the only trump above it is the ace in seat 2's own hand, so the king wins whatever
    seat 3 holds. Seat 2 adds its three (3 points) instead of taking the trick with the ace,
    as a bot that thought teams fixed (everyone alone) would."""
    hand = called_position()
    play(hand, "KH 5H")
    assert hand.to_act == 2
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(card("3H"))
    assert c.WinsForSure(0, card("KH")) in decision.claims
    assert false_claims(hand, 2, decision.claims) == []


def test_the_engine_and_the_checker_agree_on_who_is_known_out() -> None:
    """The bots read who is out of trump from the engine (:attr:`Hand.passed_over`, shown in
    the view as ``passed_over``); the claim checker works it out apart, from the tricks and
    the lead passing over: over seeded hands both say the same, by both paths."""
    from pitchlab.bots.claimcheck import Knowledge

    rng = random.Random(3)
    seen_out = 0
    for i in range(60):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        while not hand.is_over:
            if hand.phase is pl.Phase.PLAY:
                seat = hand.to_act
                assert seat is not None and hand.trump is not None
                known = Knowledge(hand, seat)
                derived = frozenset(s for s in range(4) if hand.trump in known.void[s])
                assert derived == hand.view(seat).passed_over
                assert sum(1 << s for s in derived) == hand.passed_over
                seen_out += bool(derived)
            hand.step(BOT.code(hand))
    assert seen_out > 100
