"""The follow-suit bot: legal play in every ruleset, and sensible choices in deals worked out by hand."""

from __future__ import annotations

import pytest

import pitchlab as pl
from pitchlab.bots import claimcheck, follow_suit_judgement
from pitchlab.bots.claims import (
    AllCarryPoints,
    CannotWin,
    Contest,
    NoPoints,
    OnlyChoice,
    TrickGame,
    TrickPoints,
    Unbeatable,
    Void,
)
from pitchlab.bots.strong import StrongPlayer
from tests.budget import examples
from tests.helpers import written_deal as deal

AUCTION = pl.ruleset("auction-pitch")
PARTNERS = pl.ruleset("high-low-jack")
SPADES = pl.Suit.SPADES


def bid(hand: pl.Hand, bids: dict[int, int]) -> None:
    """Run the auction: the given seats bid, everyone else passes."""
    while hand.phase is pl.Phase.BID:
        seat = hand.to_act
        assert seat is not None
        hand.apply(pl.Bid(bids[seat]) if seat in bids else pl.PASS)


def play(hand: pl.Hand, codes: str) -> None:
    for code in codes.split():
        hand.apply(pl.Play(pl.Card(code)))


BOT = pl.RuleBasedPlayer()
THUMB = pl.RuleBasedPlayer(bidding="estimate")
"""Bids by this module's rules of thumb, not the game tables the default bot bids from first."""

# Auction Pitch, dealer 0: seat 1 (first to speak) holds three spades headed by the king;
# seat 2's only spade is the jack; seat 3 holds the ace and queen.
SOLO = [
    "3S 4D 5H 6C 7C 8H",
    "KS 7S 2S 9H 5D 3C",
    "JS 4H 6H 8D 9D 4C",
    "AS QS TH 2H 7D 8C",
]


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_every_player_plays_every_ruleset_legally(name: str) -> None:
    """300 hands (a third in CI's budget, tests/budget.py: 2,100 over the rulesets) with a
    random, two rule-based and a strong player, seats rotating: apply() refuses anything
    illegal, and every decision is one of the listed legal actions."""
    rules = pl.ruleset(name)
    players: list[pl.Player] = [
        pl.RandomPlayer(1),
        pl.RuleBasedPlayer(),
        StrongPlayer(samples=1, suit_hands=0, seed=1),
        pl.RuleBasedPlayer(bidding="estimate"),
    ]
    for k in range(examples(300)):
        hand = pl.Hand.deal(rules, k % rules.players, seed=k)
        seated = [players[(k + seat) % len(players)] for seat in range(rules.players)]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            decision = seated[seat].decide(hand.view(seat))
            assert decision.action in hand.legal_actions(), (name, k, decision)
            assert decision.why
            hand.apply(decision.action, seat)
        if hand.redeal is None:  # else thrown in or void: nothing to score
            assert sum(hand.result().points) <= rules.total_points


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_the_fast_path_picks_legal_codes_in_every_ruleset(name: str) -> None:
    """A code names a bid or a card's slot; the two identical jokers are one choice, so either
    slot of a held joker is the same card."""
    rules = pl.ruleset(name)
    bot = pl.RuleBasedPlayer()
    for k in range(100):
        hand = pl.Hand.deal(rules, k % rules.players, seed=1000 + k)
        while not hand.is_over:
            code = bot.code(hand)
            if hand.phase is pl.Phase.PLAY:
                assert rules.deck[code] in [rules.deck[c] for c in hand.legal_codes()]
            else:
                assert code in hand.legal_codes()
            hand.step(code)


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_the_same_choice_from_the_view_and_from_the_hand(name: str) -> None:
    """The fast path reads a lighter view of the same facts, so it must choose the same (more
    hands where every card is played: the follow-suit rules of thumb read the most facts)."""
    rules = pl.ruleset(name)
    for k in range(40 if rules.play_rule == "follow-suit" else 10):
        hand = pl.Hand.deal(rules, k % rules.players, seed=k)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = BOT.decide(hand.view(seat)).action
            mine, fast = hand.encode(action), BOT.code(hand)
            if isinstance(action, pl.Play | pl.Bury):  # a slot: either twin of a joker is the same card
                assert rules.deck[mine] == rules.deck[fast]
            else:
                assert mine == fast
            hand.apply(action)


# ------------------------------------------------------------------ bidding


def test_the_ace_and_the_two_are_sure_points_when_their_holder_scores_them() -> None:
    rating = follow_suit_judgement.rate_suit(AUCTION, pl.parse_cards("AS 2S 9H 5D 3C 4C"), SPADES, seat=1)
    parts = dict(rating.parts)
    assert parts["High"] == 1.0 and parts["Low"] == 1.0
    assert rating.trump == tuple(pl.parse_cards("AS 2S"))


def test_without_the_ace_high_is_as_likely_as_the_ace_staying_out_of_the_other_hands() -> None:
    """Holding the king, High is ours unless one of the 18 cards dealt to the others (of the
    46 I cannot see) is the ace: 28/46."""
    rating = follow_suit_judgement.rate_suit(AUCTION, pl.parse_cards("KS 2S 9H 5D 3C 4C"), SPADES, seat=1)
    assert dict(rating.parts)["High"] == pytest.approx(28 / 46)


def test_a_partner_may_hold_what_i_lack() -> None:
    cards = pl.parse_cards("KS 2S 9H 5D 3C 4C")
    solo = dict(follow_suit_judgement.rate_suit(AUCTION, cards, SPADES, seat=1).parts)["High"]
    paired = dict(follow_suit_judgement.rate_suit(PARTNERS, cards, SPADES, seat=1).parts)["High"]
    assert paired == pytest.approx(solo + (1 - solo) / 3)


def test_a_strong_hand_bids_and_a_weak_one_passes() -> None:
    hand = deal(AUCTION, ["3S 4D 5H 6C 7C 8H", "AS KS JS 2S 5D 3C", "9H 4H 6H 8D 9D 4C", "QS TH 2H 7D 8C 6S"])
    strong = THUMB.decide(hand.view(1))
    assert isinstance(strong.action, pl.Bid) and strong.action.value >= 3
    assert "♠" in strong.why
    hand.apply(strong.action)
    weak = THUMB.decide(hand.view(2))
    assert weak.action == pl.PASS and "not enough" in weak.why


def test_a_dealer_left_alone_must_bid() -> None:
    hand = deal(AUCTION, ["3S 4D 5H 6C 7C 8H", "9S 8S 2D 9H 5D 3C", "JD 4H 6H 8D 9D 4C", "QS TH 2H 7D 8C 6S"])
    for _ in range(3):
        hand.apply(pl.PASS)
    decision = THUMB.decide(hand.view(0))
    assert decision.action == pl.Bid(AUCTION.stuck_dealer_bid) and "must" in decision.why


def test_the_dealer_takes_the_contract_as_cheaply_as_it_may() -> None:
    """Seat 1 bids 2; the dealer, with a hand worth more, matches rather than raising."""
    hand = deal(AUCTION, ["AS KS JS 2S 7C 8H", "9S 8S 2D AH 5D 3C", "JD 4H 6H 8D 9D 4C", "QS TH 2H 7D 8C 6S"])
    hand.apply(pl.Bid(2))
    hand.apply(pl.PASS)
    hand.apply(pl.PASS)
    decision = THUMB.decide(hand.view(0))
    assert decision.action == pl.Bid(2) and "dealer" in decision.why


def test_partners_do_not_outbid_each_other_without_a_better_hand() -> None:
    hand = deal(
        PARTNERS, ["3S 4D 5H 6C 7C 8H", "AS KS JS 2S 5D 3C", "9H 4H 6H 8D 9D 4C", "QD TD 2D 7D 8C 6S"]
    )
    hand.apply(pl.Bid(3))
    hand.apply(pl.PASS)
    decision = BOT.decide(hand.view(3))
    assert decision.action == pl.PASS and "partner" in decision.why


# ------------------------------------------------------------------ play


def test_the_pitcher_leads_the_top_card_of_its_best_suit() -> None:
    hand = deal(AUCTION, SOLO)
    bid(hand, {1: 2})
    assert hand.trump is None and hand.to_act == 1
    decision = BOT.decide(hand.view(1))
    assert decision.action == pl.Play(pl.Card("KS"))
    assert decision.because.startswith("pitch K♠ to make ♠ trump: ")


def test_a_forced_card_says_so() -> None:
    """Trump led, and the jack is seat 2's only spade."""
    hand = deal(AUCTION, SOLO)
    bid(hand, {1: 2})
    play(hand, "KS")
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(pl.Card("JS")) and decision.claims == (OnlyChoice(),)


def test_it_wins_the_jack_cheaply() -> None:
    """King and jack of trump on the table: the ace wins them, the queen would not."""
    hand = deal(AUCTION, SOLO)
    bid(hand, {1: 2})
    play(hand, "KS JS")
    decision = BOT.decide(hand.view(3))
    assert decision.action == pl.Play(pl.Card("AS"))
    assert Unbeatable(pl.Card("AS")) in decision.claims
    assert TrickPoints((pl.Card("JS"),), 1) in decision.claims


def test_it_does_not_overtake_a_partner_and_gives_it_the_ten() -> None:
    """High-Low-Jack: partner (seat 1) pitched the king, the only trump above it is seat 3's own
    ace, so the king wins for sure: seat 3 adds the ten of trump (ten game points) instead."""
    hand = deal(
        PARTNERS,
        ["3S 4D 5H 6C 7C 8H", "KS 7S 2S 9H 5D 3C", "JS 4H 6H 8D 9D 4C", "AS TS TH 2H 7D 8C"],
    )
    bid(hand, {1: 2})
    play(hand, "KS JS")
    decision = BOT.decide(hand.view(3))
    assert decision.action == pl.Play(pl.Card("TS"))
    assert "partner" in decision.why


def test_void_with_nothing_at_stake_it_dumps_a_card_that_counts_for_nothing() -> None:
    """Hearts led with no game points in the trick; seat 0 has no heart: it keeps its trump
    and its ten and throws the three of clubs."""
    hand = deal(AUCTION, ["3S TD 3C 6C 7C 8D", "KS 7S 2S 4H 5D 9C", "JS 5H 6H 8S 9D 4C", "AS QS TH 2H 7D 8C"])
    bid(hand, {1: 2})
    play(hand, "KS JS AS 3S 2H")  # seat 3 wins the first trick and leads a heart
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Play(pl.Card("3C"))
    assert Void(pl.Suit.HEARTS) in decision.claims and NoPoints(pl.Card("3C")) in decision.claims


def test_it_follows_low_when_nothing_counts() -> None:
    """A low heart led, nothing that counts in the trick: seat 0 keeps the king back."""
    hand = deal(AUCTION, ["3S 9H KH 6C 7C 8D", "KS 7S 2S 4H 5D 9C", "JS 5H 6H 8S 9D 4C", "AS QS TH 2H 7D 8C"])
    bid(hand, {1: 2})
    play(hand, "KS JS AS 3S 2H")  # seat 3 wins the first trick and leads a heart
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Play(pl.Card("9H"))


def test_the_strong_player_falls_back_on_the_rules_of_thumb_and_says_so() -> None:
    hand = deal(AUCTION, SOLO)
    bid(hand, {1: 2})
    strong = StrongPlayer(samples=2, seed=1)
    decision = strong.decide(hand.view(1))
    assert decision.action == BOT.decide(hand.view(1)).action
    assert "rule-based" in decision.why and "trump-only" in decision.why
    assert hand.encode(decision.action) == strong.code(hand)


def test_nothing_to_decide_outside_the_seats_turn() -> None:
    hand = deal(AUCTION, SOLO)
    with pytest.raises(ValueError, match="nothing to decide"):
        follow_suit_judgement.decide(hand.view(2))


# ------------------------------------------------ what the seat can know


def assert_true_claims(hand: pl.Hand, decision: pl.Decision) -> None:
    seat = hand.to_act
    assert seat is not None
    assert claimcheck.false_claims(hand, seat, decision.claims) == []


# High-Low-Jack (seats 0 and 2 against 1 and 3; High, Low, Jack and Game to their capturer),
# dealer 0: seat 1 pitches a low spade, seat 2 holds the queen and seven of spades.
def low_lead(card: str) -> pl.Hand:
    hand = deal(
        PARTNERS,
        ["3H 4H 5H 6H 7H 8H", f"{card} 9H 5D 8C 9C 2C", "QS 7S 2D 3C 4C 6C", "AH KH 2H 3D 4D 7D"],
    )
    bid(hand, {1: 2})
    play(hand, card)
    return hand


def test_a_six_is_low_only_if_no_lower_trump_is_in_play() -> None:
    """The 6♠ is Low only if none of the 2-5♠ (none seen) is in play. Seat 2 sees its own six
    cards and the 6♠, so 45 cards are unseen, 17 of them in the other hands (5 + 6 + 6): each
    lower spade is out of play with chance 28/45, all four with (28/45)^4, about 0.15. Not worth
    the queen: the 7♠, the cheapest card, beats it for now, and nobody is told that the 6♠ is
    Low, nor that the 7♠ takes the trick (the A♠ and K♠ are unseen, and two seats play after)."""
    hand = low_lead("6S")
    view = hand.view(2)
    assert follow_suit_judgement._Trick.of_view(
        view, [a.card for a in view.legal_actions if isinstance(a, pl.Play)]
    ).value(pl.Card("6S")) == pytest.approx((28 / 45) ** 4)
    decision = BOT.decide(view)
    assert decision.action == pl.Play(pl.Card("7S"))
    assert decision.because.startswith("play 7♠, the card I can best spare: ")
    assert not any(isinstance(c, Contest) for c in decision.claims)
    assert "Low" not in decision.why
    assert_true_claims(hand, decision)


def test_the_two_is_sure_to_be_low_and_worth_fighting_for() -> None:
    """The 2♠ is the lowest trump there is: Low for whoever takes it, for sure. The 7♠ could be
    beaten after me, so the queen fights for it."""
    hand = low_lead("2S")
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(pl.Card("QS"))
    assert Contest(pl.Card("2S"), "low") in decision.claims
    assert_true_claims(hand, decision)


def test_giving_up_a_trick_with_a_counting_card_says_every_card_counts() -> None:
    """Auction Pitch: the pitcher leads the A♠ and seat 2 must follow with trump, holding only
    the J♠ (the Jack, and 1 game point) and the T♠ (10 game points): whatever it plays gives
    points away, so it may not claim to keep them back. It keeps the Jack: the ten's keep value
    (5 + 2 x rank 9 + 2 x 10 = 43) is below the jack's (5 + 2 x 10 + 2 x 1 + 30 x 1 = 57)."""
    hand = deal(AUCTION, ["3H 4H 5H 6H 7H 8H", "AS 9H 5D 8C 9C 2C", "JS TS 2D 3C 4C 6C", "KH 2H 3D 4D 7D QD"])
    bid(hand, {1: 2})
    play(hand, "AS")
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(pl.Card("TS"))
    assert CannotWin(pl.Card("AS")) in decision.claims and AllCarryPoints() in decision.claims
    assert not any(isinstance(c, NoPoints) for c in decision.claims)
    assert_true_claims(hand, decision)


def test_last_to_play_it_banks_the_jack() -> None:
    """Auction Pitch, seat 0 last to play to a heart trick holding nothing that counts: the K♥
    and the J♠ both win it (nobody plays after), and the K♠ and Q♠ are unseen, so the Jack could
    be captured later: seat 0 captures it itself now rather than winning with the king."""
    hand = deal(AUCTION, ["KH JS 4S 7C 8C 9D", "AS 9H 2C 3C 4C 5D", "3H 6S 2D 3D 4D 6D", "5H 7S 5C 6C 7D 8D"])
    bid(hand, {1: 2})
    play(hand, "AS 6S 7S 4S 9H 3H 5H")
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Play(pl.Card("JS"))
    assert Unbeatable(pl.Card("JS")) in decision.claims
    assert_true_claims(hand, decision)


def shown_out() -> pl.Hand:
    """Auction Pitch: seat 1 pitches the A♠, seat 2 follows with the 3♠, seats 3 and 0 have no
    spade; seat 1 then leads the K♥, and seat 2 is to play."""
    hand = deal(AUCTION, ["2D 3D 4D 6D 7D 8D", "AS KH 9H 5D 8C 9C", "3S 4S 7H 2C 3C 6C", "2H 3H 4H 5H 6H 8H"])
    bid(hand, {1: 2})
    play(hand, "AS 3S 2H 2D KH")
    return hand


def test_a_seat_that_showed_out_of_trump_cannot_beat_my_trump() -> None:
    """Auction Pitch: seats 3 and 0, the two still to play after seat 2, did not follow the A♠
    lead (trump must be followed), so neither holds a trump: seat 2's 4♠ is sure to take the
    K♥ (3 game points) and it trumps, instead of giving the king away with its 7♥."""
    hand = shown_out()
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(pl.Card("4S"))
    assert Unbeatable(pl.Card("4S")) in decision.claims
    assert TrickGame((pl.Card("KH"),), 3) in decision.claims
    assert_true_claims(hand, decision)


def test_the_checker_counts_the_game_points_in_the_trick() -> None:
    """The trick holds the K♥ alone: 3 game points. A wrong count, or a card left out, is refused
    (the claim kind the follow-suit bot added, checked apart from the bot)."""
    hand = shown_out()
    king = pl.Card("KH")
    assert claimcheck.false_claims(hand, 2, [TrickGame((king,), 3)]) == []
    assert len(claimcheck.false_claims(hand, 2, [TrickGame((king,), 4), TrickGame((), 0)])) == 2
