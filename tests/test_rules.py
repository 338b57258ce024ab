"""Ten-point Pitch, rule by rule (RULES.md), on deals built and worked out by hand.

Every deal names all sixteen trump explicitly (see ``helpers.build``); the rest
of each hand and of the stock is filler that is never trump. Hearts are trump
unless a test says otherwise. With dealer 0 the order from the dealer's left is
seats 1, 2, 3, 0. Team 0 is seats 0 and 2, team 1 seats 1 and 3.
"""

from __future__ import annotations

import pytest

import pitchlab as pl
from tests.helpers import (
    ALL_POINTS_PLAY,
    JOKER_DEAL,
    JOKER_MADE_PLAY,
    JOKER_SET_PLAY,
    JOKER_STOCK,
    all_points_deal,
    assert_refused,
    bids,
    build,
    bury,
    card,
    cards,
    codes,
    deal,
    joker_deal,
    name,
    phase,
    play,
    snapshot,
    tricks,
    trump_codes,
)

# ====================================================================== table


def test_four_seats_partners_sit_across() -> None:
    """Table: seats 0-3; team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    rules = pl.ruleset("ten-point")
    assert rules is pl.TEN_POINT
    assert rules.players == 4
    assert rules.teams == (0, 1, 0, 1)
    hand = joker_deal()
    assert [hand.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [hand.view(s).partner for s in range(4)] == [2, 3, 0, 1]


# ======================================================================= deal


def test_deal_three_at_a_time_clockwise_from_dealers_left() -> None:
    """Deal: nine each, three at a time, clockwise from the dealer's left; the other
    18 cards are the stock, in order.

    Deck slots in order: 2S..AS (0-12), 2H..AH (13-25), 2D..AD (26-38), 2C..AC
    (39-51), JK JK. With dealer 0 the packets go to seats 1, 2, 3, 0, three rounds:
    seat 1 gets positions 0-2, 12-14, 24-26, and so on; the stock is positions 36-53.
    """
    order = list(range(54))
    hand = pl.Hand.from_order(pl.TEN_POINT, 0, order)
    assert pl.format_cards(hand.hand_of(1)) == "2S 3S 4S AS 2H 3H KH AH 2D"
    assert pl.format_cards(hand.hand_of(2)) == "5S 6S 7S 4H 5H 6H 3D 4D 5D"
    assert pl.format_cards(hand.hand_of(3)) == "8S 9S TS 7H 8H 9H 6D 7D 8D"
    assert pl.format_cards(hand.hand_of(0)) == "JS QS KS TH JH QH 9D TD JD"
    assert pl.format_cards(cards(" ".join(pl.to_record(hand)["stock"]))) == (
        "QD KD AD 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JK JK"
    )


def test_deal_starts_at_the_dealers_left_for_any_dealer() -> None:
    """With dealer 2 the first packet goes to seat 3 and the dealer gets the fourth."""
    hand = pl.Hand.from_order(pl.TEN_POINT, 2, list(range(54)))
    assert pl.format_cards(hand.hand_of(3)) == "2S 3S 4S AS 2H 3H KH AH 2D"
    assert pl.format_cards(hand.hand_of(2)) == "JS QS KS TH JH QH 9D TD JD"


def test_shuffled_deal_is_the_whole_deck() -> None:
    """Deck: 54 cards, 52 standard plus two identical jokers; 9 each, 18 in the stock."""
    hand = pl.Hand.deal(seed=12345, dealer=1)
    record = pl.to_record(hand)
    assert [len(h) for h in record["hands"]] == [9, 9, 9, 9]
    assert len(record["stock"]) == 18
    every = sorted(code for h in record["hands"] for code in h) + record["stock"]
    assert sorted(every) == sorted([r + s for s in "SHDC" for r in "AKQJT98765432"] + ["JK", "JK"])


def test_from_cards_refuses_a_deal_that_is_not_one_deck() -> None:
    """A chosen deal must be exactly the 54-card deck with JK twice."""
    hands, stock = build(("", "", "", ""), trump_text())
    with pytest.raises(pl.BadDeal):
        pl.Hand.from_cards(pl.TEN_POINT, 0, hands, stock[:-1])
    with pytest.raises(pl.BadDeal):
        pl.Hand.from_cards(pl.TEN_POINT, 0, hands, [*stock[:-1], card("JK")])
    with pytest.raises(pl.BadDeal):
        pl.Hand.from_cards(pl.TEN_POINT, 0, [hands[0][:8], *hands[1:]], [*stock, hands[0][8]])


def trump_text(suit: str = "H") -> str:
    return " ".join(trump_codes(suit))


# ==================================================================== bidding


def test_bidding_starts_at_dealers_left_and_goes_clockwise() -> None:
    """Bid: from the dealer's left, clockwise; the dealer acts last."""
    for dealer in range(4):
        hand = joker_deal(dealer)
        order = []
        while hand.phase is pl.Phase.BID:
            assert hand.to_act is not None
            order.append(hand.to_act)
            hand.apply(hand.legal_actions()[0])
        assert order == [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4, dealer]


def test_each_player_bids_exactly_once() -> None:
    """Bid: each player acts exactly once; after four actions bidding is over."""
    hand = joker_deal()
    bids(hand, 4, 5, 6, 7)
    assert hand.bids == [4, 5, 6, 7]
    assert phase(hand) is pl.Phase.NAME_TRUMP
    assert hand.bidder == 0
    assert hand.high_bid == 7
    # seat 1 bid first; it may not come back with a higher bid
    assert_refused(hand, pl.Bid(8), seat=1, named_seat=1, rule="turn")
    assert_refused(hand, pl.Bid(8), named_seat=0, rule="phase")


def test_opening_bids_are_pass_or_4_to_10() -> None:
    """Bid: pass or a whole number 4-10."""
    hand = joker_deal()
    assert hand.legal_actions() == (pl.PASS, *(pl.Bid(v) for v in range(4, 11)))


def test_bid_must_be_strictly_higher() -> None:
    """Bid: strictly higher than the highest bid so far."""
    hand = joker_deal()
    bids(hand, 6)
    assert hand.to_act == 2
    assert hand.legal_actions() == (pl.PASS, pl.Bid(7), pl.Bid(8), pl.Bid(9), pl.Bid(10))
    assert_refused(hand, pl.Bid(6), named_seat=2, rule="higher")
    assert_refused(hand, pl.Bid(5), named_seat=2, rule="higher")
    assert_refused(hand, pl.Bid(4), named_seat=2, rule="higher")
    hand.apply(pl.Bid(7))
    assert hand.bidder == 2


@pytest.mark.parametrize("value", [-1, 1, 2, 3, 11, 12, 100])
def test_bid_outside_4_to_10_is_refused(value: int) -> None:
    """Bid: a whole number 4-10."""
    hand = joker_deal()
    assert_refused(hand, pl.Bid(value), named_seat=1, rule=r"4\D+10")


def test_bid_of_zero_is_not_a_pass() -> None:
    """Bid: a bid is a whole number 4-10; Bid(0) is not a bid (and not a pass)."""
    hand = joker_deal()
    assert_refused(hand, pl.Bid(0), named_seat=1, rule=r"4\D+10")


@pytest.mark.parametrize("value", [5.0, 4.5, True, "5", None])
def test_malformed_bid_is_refused(value: object) -> None:
    """Bid: a bid is a whole number; anything else is refused, not recorded."""
    hand = joker_deal()
    assert_refused(hand, pl.Bid(value), named_seat=1, rule=r"4\D+10")  # type: ignore[arg-type]


def test_bid_of_ten_leaves_only_passes() -> None:
    """Bid: nothing is higher than 10, so after a 10 everyone else may only pass."""
    hand = joker_deal()
    bids(hand, 10)
    for seat in (2, 3, 0):
        assert hand.to_act == seat
        assert hand.legal_actions() == (pl.PASS,)
        assert_refused(hand, pl.Bid(10), named_seat=seat, rule="higher")
        hand.apply(pl.PASS)
    assert hand.bidder == 1
    assert hand.high_bid == 10


def test_highest_bidder_is_the_bidder_even_the_dealer() -> None:
    """Bid: the highest bidder is the bidder; the dealer, acting last, may overcall."""
    hand = joker_deal()
    bids(hand, 5, 7, None, 8)
    assert hand.bidder == 0
    assert hand.high_bid == 8
    assert hand.to_act == 0
    assert phase(hand) is pl.Phase.NAME_TRUMP


def test_partners_may_outbid_each_other() -> None:
    """Bid: partners may outbid each other (seat 1 then its partner seat 3)."""
    hand = joker_deal()
    bids(hand, 5, None, 6, None)
    assert hand.bidder == 3
    assert hand.high_bid == 6


def test_stuck_dealer_must_bid_4() -> None:
    """Bid: if the first three pass, the dealer's only legal action is to bid 4."""
    hand = joker_deal(dealer=2)
    bids(hand, None, None, None)
    assert hand.to_act == 2
    assert hand.legal_actions() == (pl.Bid(4),)
    assert_refused(hand, pl.PASS, named_seat=2, rule=r"dealer.*4")
    assert_refused(hand, pl.Bid(5), named_seat=2, rule=r"dealer.*4")
    assert_refused(hand, pl.Bid(10), named_seat=2, rule=r"dealer.*4")
    hand.apply(pl.Bid(4))
    assert hand.bidder == 2
    assert hand.high_bid == 4
    assert phase(hand) is pl.Phase.NAME_TRUMP


def test_dealer_is_not_stuck_after_a_bid() -> None:
    """Bid: the dealer may pass once someone has bid."""
    hand = joker_deal()
    bids(hand, 4, None, None)
    assert pl.PASS in hand.legal_actions()
    hand.apply(pl.PASS)
    assert hand.bidder == 1
    assert hand.high_bid == 4


# ================================================================ name trump


def test_bidder_names_trump() -> None:
    """Name trump: the bidder, and only the bidder, names one of the four suits."""
    hand = joker_deal()
    bids(hand, None, 6, None, None)
    assert phase(hand) is pl.Phase.NAME_TRUMP
    assert hand.to_act == 2
    assert set(hand.legal_actions()) == {pl.NameTrump(s) for s in pl.Suit}
    assert_refused(hand, pl.NameTrump(pl.Suit.HEARTS), seat=1, named_seat=1, rule="turn")
    assert_refused(hand, pl.NameTrump(pl.Suit.HEARTS), seat=0, named_seat=0, rule="turn")
    hand.apply(pl.NameTrump(pl.Suit.HEARTS), seat=2)
    assert hand.trump is pl.Suit.HEARTS


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_naming_a_suit_makes_16_trump_in_rank_order(suit: str) -> None:
    """Deck and trump: 13 of the suit, the off-jack (same colour) and both jokers,
    ranked A K Q J off-jack joker joker 10 9 8 7 6 5 4 3 2."""
    rules = pl.TEN_POINT
    s = pl.Suit.parse(suit)
    assert [c.code for c in rules.trump_cards(s)] == trump_codes(suit)
    deck = rules.deck
    assert len(deck) == 54
    assert sum(rules.is_trump(c, s) for c in deck) == 16
    ranks = [rules.trump_rank(card(code), s) for code in trump_codes(suit)]
    # strictly decreasing except the two equal jokers (positions 5 and 6)
    for i in range(15):
        if i == 5:
            assert ranks[5] == ranks[6]
        else:
            assert ranks[i] > ranks[i + 1]


def test_trump_named_decides_what_is_kept() -> None:
    """Naming hearts: JD (off-jack) and the jokers are trump; QD, JS, JC are not.

    Seat 2 is dealt JD JK JK QD JS JC and filler; it keeps JD JK JK and throws the rest.
    """
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    thrown = hand.refills[1]
    assert thrown.seat == 2
    assert {"QD", "JS", "JC"} <= {c.code for c in thrown.thrown}
    assert {"JD", "JK"} <= {c.code for c in hand.hand_of(2)}
    assert hand.trump_count(2) == 4  # JD JK JK and the 3H it drew


# =========================================================== trump rank order


def duel_deal(suit: str, high: str, low: str) -> pl.Hand:
    """Seat 1 (bidder) holds ``low`` and eight other trump; seat 2 holds ``high`` and
    six other trump; seats 3 and 0 get no trump, so tricks are seat 1 against seat 2.
    Seat 1 buries three of its others, seat 2 one; both then hold six."""
    others = trump_codes(suit)
    others.remove(high)
    others.remove(low)
    hand = deal(
        (" ", " ".join([low, *others[:8]]), " ".join([high, *others[8:]]), " "),
        dealer=0,
        trump=suit,
    )
    bids(hand, 4, None, None, None)
    name(hand, suit)
    bury(hand, {1: " ".join(others[5:8]), 2: others[13]})
    return hand


def adjacent_pairs(suit: str) -> list[tuple[str, str]]:
    order = trump_codes(suit)
    return [(order[i], order[i + 1]) for i in range(15) if i != 5]  # 5 is joker/joker


DUELS = [(suit, high, low) for suit in "SHDC" for high, low in adjacent_pairs(suit)]


@pytest.mark.parametrize(("suit", "high", "low"), DUELS)
def test_trump_rank_higher_card_wins_when_played_second(suit: str, high: str, low: str) -> None:
    """Trump rank A K Q J off-jack joker joker 10 ... 2: seat 1 leads the lower
    card, seat 2 plays the next higher one; seat 2 wins the two-card trick."""
    hand = duel_deal(suit, high, low)
    assert hand.to_act == 1
    play(hand, f"1:{low} 2:{high}")
    assert tricks(hand) == [(1, f"{low} {high}", (1, 2), 2)]


@pytest.mark.parametrize(("suit", "high", "low"), DUELS)
def test_trump_rank_higher_card_wins_when_led(suit: str, high: str, low: str) -> None:
    """Trump rank: the leader's higher card beats the next lower one."""
    # swap the holders: seat 1 now holds the higher card
    hand = duel_deal(suit, low, high)
    play(hand, f"1:{high} 2:{low}")
    assert tricks(hand) == [(1, f"{high} {low}", (1, 2), 1)]


def test_off_jack_beats_joker_and_joker_beats_ten() -> None:
    """Trump rank: the off-jack (JD with hearts) is above a joker, a joker above the ten."""
    hand = duel_deal("H", "JD", "JK")
    play(hand, "1:JK 2:JD")
    assert tricks(hand)[0][3] == 2
    hand = duel_deal("H", "JK", "TH")
    play(hand, "1:TH 2:JK")
    assert tricks(hand)[0][3] == 2


def test_two_jokers_first_played_wins_duel() -> None:
    """Two jokers in one trick: the one played first beats the other.

    Seat 1 holds one joker and seat 2 the other; seat 1 leads its joker, so
    seat 1 wins whichever way round the engine stores them.
    """
    hand = duel_deal("S", "JK", "JK")
    play(hand, "1:JK 2:JK")
    assert tricks(hand) == [(1, "JK JK", (1, 2), 1)]


def test_two_jokers_first_played_wins_four_card_trick() -> None:
    """Two jokers in one trick: seat 2 plays a joker before seat 3 does, so seat 2
    takes the trick (2H JK JK 3H; jokers beat the two and three)."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    play(hand, "1:2H 2:JK 3:JK 0:3H")
    assert tricks(hand) == [(1, "2H JK JK 3H", (1, 2, 3, 0), 2)]


# ===================================================================== refill


def refill_deal() -> pl.Hand:
    """Dealer 0; seat 2 will bid. Trump dealt: seat 1 AH KH QH JH (4, draws 2),
    seat 2 JD JK JK (3, draws 3), seat 3 TH 9H 8H 7H 6H (5, draws 1), seat 0 5H 4H
    (2, draws 4). Stock: positions 0-1 to seat 1, 2-4 to seat 2, 5 to seat 3, 6-9 to
    seat 0, 10-17 left for the bidder. 3H sits at 2, 2H at 5."""
    return deal(
        ("5H 4H", "AH KH QH JH", "JD JK JK QD JS JC", "TH 9H 8H 7H 6H"),
        "2S 3S 3H 4S 5S 2H 6S 7S 8S 9S TS QS KS AS 2C 3C 4C 5C",
    )


def test_refill_order_from_dealers_left_bidder_in_turn() -> None:
    """Refill: from the dealer's left, clockwise, each throws away every non-trump
    then draws to six; the bidder (seat 2) draws in its turn, not first or last;
    then the bidder takes the rest of the stock, keeping only its trump.

    Worked by hand: seat 1 draws 2S 3S; seat 2 draws 3H 4S 5S; seat 3 draws 2H;
    seat 0 draws 6S 7S 8S 9S; seat 2 then takes TS QS KS AS 2C 3C 4C 5C, none trump.
    """
    dealt, _ = build(
        ("5H 4H", "AH KH QH JH", "JD JK JK QD JS JC", "TH 9H 8H 7H 6H"),
        "2S 3S 3H 4S 5S 2H 6S 7S 8S 9S TS QS KS AS 2C 3C 4C 5C",
    )
    hearts = set(trump_codes("H"))
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    got = [(r.seat, codes(r.thrown), pl.format_cards(r.drawn), r.from_remainder) for r in hand.refills]
    non_trump = [sorted(c.code for c in dealt[s] if c.code not in hearts) for s in range(4)]
    assert got == [
        (1, non_trump[1], "2S 3S", False),
        (2, non_trump[2], "3H 4S 5S", False),
        (3, non_trump[3], "2H", False),
        (0, non_trump[0], "6S 7S 8S 9S", False),
        (2, codes(cards("TS QS KS AS 2C 3C 4C 5C")), "TS QS KS AS 2C 3C 4C 5C", True),
    ]
    assert hand.drawn == [4, 2, 3, 1]


def test_refill_throws_non_trump_and_draws_back_to_six() -> None:
    """Refill: after throwing away non-trump, everyone draws back to six cards;
    drawn non-trump stay in the hand as dead cards."""
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    assert codes(hand.hand_of(1)) == codes(cards("AH KH QH JH 2S 3S"))
    assert codes(hand.hand_of(2)) == codes(cards("JD JK JK 3H 4S 5S"))
    assert codes(hand.hand_of(3)) == codes(cards("TH 9H 8H 7H 6H 2H"))
    assert codes(hand.hand_of(0)) == codes(cards("5H 4H 6S 7S 8S 9S"))
    assert codes(hand.dead(0)) == codes(cards("6S 7S 8S 9S"))
    assert codes(hand.dead(2)) == codes(cards("4S 5S"))
    assert hand.dead(3) == ()
    assert [hand.trump_count(s) for s in range(4)] == [2, 4, 4, 6]
    assert phase(hand) is pl.Phase.PLAY
    assert hand.to_act == 2


def test_dead_card_cannot_be_played() -> None:
    """Refill: drawn non-trump are dead: never played. Playing one is refused,
    naming the seat, the card and the rule, and changes nothing.

    Joker deal: seat 1 (bidder) drew QS KS, which stay in its hand."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    assert codes(hand.hand_of(1)) == codes(cards("2H 4H 6H 8H QS KS"))
    assert codes(hand.dead(1)) == ["KS", "QS"]
    assert codes(hand.playable(1)) == codes(cards("2H 4H 6H 8H"))
    assert set(hand.legal_actions()) == {pl.Play(c) for c in cards("2H 4H 6H 8H")}
    assert_refused(hand, pl.Play(card("QS")), named_seat=1, rule="trump")
    assert_refused(hand, pl.Play(card("KS")), seat=1, named_seat=1, rule="trump")
    # later, on another seat's turn, its dead cards are refused too
    play(hand, "1:2H")
    assert_refused(hand, pl.Play(card("QC")), named_seat=2, rule="trump")


def test_dead_cards_score_nothing_and_stay_to_the_end() -> None:
    """Refill: dead cards stay in the hand through play and score nothing."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    play(hand, JOKER_SET_PLAY)
    assert hand.is_over
    assert codes(hand.hand_of(1)) == ["KS", "QS"]
    assert codes(hand.hand_of(2)) == ["KC", "QC"]
    assert codes(hand.hand_of(3)) == ["AC", "AS"]
    assert codes(hand.hand_of(0)) == ["2D", "3D"]
    assert sum(hand.result().points) == 10


def test_six_trump_draws_nothing() -> None:
    """Refill: a player with six (or more) trump draws nothing.

    Lead deal: seat 1 is dealt exactly six trump and draws 0; seat 2 (1 trump)
    draws 5, seat 3 (4) draws 2, seat 0 (5) draws 1."""
    hand = lead_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert hand.drawn == [1, 0, 5, 2]
    assert hand.refills[0].seat == 1
    assert hand.refills[0].drawn == ()


def test_seven_or_more_trump_draws_nothing() -> None:
    """Refill: seats 3 (7 trump) and 0 (9 trump) draw nothing; seats 1 and 2
    (no trump) draw six each."""
    hand = no_trump_bidder_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert hand.drawn == [0, 6, 6, 0]
    assert hand.trump_count(3) == 7
    assert hand.trump_count(0) == 9


def test_stock_runs_out_last_player_draws_what_is_left_and_plays_short() -> None:
    """Refill ruling: if the stock runs out, later players draw what is left and
    play short; the bidder then finds nothing left.

    Trump dealt: seat 0 JH, seat 1 AH KH, seat 3 QH, seat 2 none. Seat 1 draws 4
    (JD JK TH 2S), seat 2 draws 6 (JK 9H 8H 3S 4S 7H), seat 3 draws 5
    (6H 5H 5S 4H 6S): 15 of 18. Seat 0 wants 5 but gets the last 3 (3H 2H 7S).

    Play (seat 1 leads):
      T1 AH 9H 4H 2H -> seat 1 (ace 1; the 2H is 1 for seat 0's team 0)
      T2 KH 8H 5H 3H -> seat 1 (three: 3)
      T3 TH 7H 6H JH -> JH, seat 0 (ten 1, jack 1 for team 0); seat 0 is now out
      T4 (lead passes to seat 1) JD JK QH -> QH, seat 3 (off-jack 1, joker 1)
      T5 (seat 3 out; seats 0 out; seat 1 leads) JK alone -> seat 1 (joker 1)
    Team 0: 1 + 1 + 1 = 3. Team 1: 1 + 3 + 2 + 1 = 7. Bid 4 made.
    """
    hand = deal(
        ("JH", "AH KH", "", "QH"),
        "JD JK TH 2S  JK 9H 8H 3S 4S 7H  6H 5H 5S 4H 6S  3H 2H 7S",
    )
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert hand.drawn == [3, 4, 6, 5]
    assert [len(hand.hand_of(s)) for s in range(4)] == [4, 6, 6, 6]
    assert pl.format_cards(hand.refills[3].drawn) == "3H 2H 7S"
    last = hand.refills[-1]
    assert last.from_remainder
    assert last.seat == 1
    assert last.drawn == ()
    play(
        hand,
        "1:AH 2:9H 3:4H 0:2H  1:KH 2:8H 3:5H 0:3H  1:TH 2:7H 3:6H 0:JH  1:JD 2:JK 3:QH  1:JK",
    )
    assert tricks(hand) == [
        (1, "AH 9H 4H 2H", (1, 2, 3, 0), 1),
        (1, "KH 8H 5H 3H", (1, 2, 3, 0), 1),
        (1, "TH 7H 6H JH", (1, 2, 3, 0), 0),
        (1, "JD JK QH", (1, 2, 3), 3),
        (1, "JK", (1,), 1),
    ]
    result = hand.result()
    assert result.points == (3, 7)
    assert result.made
    assert result.score_change == (3, 7)


def test_stock_runs_out_last_player_may_draw_nothing() -> None:
    """Refill ruling: seats 1, 2, 3 (no trump) take all 18 stock cards; seat 0,
    holding only JH, draws nothing and plays with one card.

    T1: seat 1 leads AH, seat 2 TH, seat 3 6H, seat 0 JH -> AH wins (seat 1).
    T2: seat 0 is out and skipped: KH 9H 5H, three cards.
    """
    hand = deal(
        ("JH", "", "", ""),
        "AH KH QH JD JK JK  2S TH 9H 8H 7H 3S  6H 5H 4H 3H 2H 4S",
    )
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert hand.drawn == [0, 6, 6, 6]
    assert pl.format_cards(hand.hand_of(0)) == "JH"
    assert hand.refills[-1].drawn == ()
    play(hand, "1:AH 2:TH 3:6H 0:JH  1:KH 2:9H 3:5H")
    assert tricks(hand) == [(1, "AH TH 6H JH", (1, 2, 3, 0), 1), (1, "KH 9H 5H", (1, 2, 3), 1)]


def bidder_bury_deal(two_in_remainder: bool = False) -> pl.Hand:
    """Dealer 0, seat 1 bids 4 in hearts.

    Trump dealt: seat 1 AH KH QH JH (draws 2: JD, 2S dead), seat 2 JK JK 5H
    (draws 3: 4H 2C 3C), seat 3 TH (draws 5: 3H 4C 5C 6C 7C), seat 0 9H 2H
    (draws 4: 8C 9C TC JC). The last four stock cards, 8H QC 7H 6H, go to the
    bidder, who keeps 8H 7H 6H and throws QC: eight trump, so it buries two.
    With ``two_in_remainder`` the 2H and 6H swap places: seat 0 holds 6H and the
    bidder takes the 2H from the stock.
    """
    seat0, last = ("9H 6H", "2H") if two_in_remainder else ("9H 2H", "6H")
    hand = deal(
        (seat0, "AH KH QH JH", "JK JK 5H", "TH"),
        f"JD 2S 4H 2C 3C 3H 4C 5C 6C 7C 8C 9C TC JC 8H QC 7H {last}",
    )
    bids(hand, 4, None, None, None)
    name(hand, "H")
    return hand


def test_bidder_takes_rest_of_stock_keeping_only_trump() -> None:
    """Refill: after all four have drawn, the bidder takes what is left of the
    stock, keeps its trump and throws the rest; that is not counted as drawn."""
    hand = bidder_bury_deal()
    assert hand.drawn == [4, 2, 3, 5]
    last = hand.refills[-1]
    assert (last.seat, last.from_remainder) == (1, True)
    assert pl.format_cards(last.drawn) == "8H QC 7H 6H"
    assert pl.format_cards(last.thrown) == "QC"
    assert codes(hand.hand_of(1)) == codes(cards("AH KH QH JH JD 2S 8H 7H 6H"))
    assert hand.trump_count(1) == 8
    assert codes(hand.dead(1)) == ["2S"]


def test_draw_counts_are_public() -> None:
    """What a player can see: how many cards each player drew, the bids, trump;
    not other hands."""
    hand = bidder_bury_deal()
    before = joker_deal()
    assert before.view(2).drawn is None
    for seat in range(4):
        view = hand.view(seat)
        assert view.drawn == (4, 2, 3, 5)
        assert view.trump is pl.Suit.HEARTS
        assert view.bids == (4, None, None, None)
        assert view.bidder == 1
        assert view.hand == hand.hand_of(seat)


def test_view_hides_other_hands_the_stock_and_thrown_cards() -> None:
    """What a player can see: its own cards, not other hands, the stock or
    thrown-away cards. Refill deal after the refill: seat 0 holds 5H 4H 6S-9S;
    seat 1 holds AH; TS was in the stock and thrown away by the bidder; QD was
    thrown away by seat 2."""
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    view = hand.view(0)
    assert codes(view.hand) == codes(cards("5H 4H 6S 7S 8S 9S"))
    assert codes(view.playable) == ["4H", "5H"]
    assert view.legal_actions == ()  # not seat 0's turn: seat 2 leads
    assert view.hand_sizes == (6, 6, 6, 6)
    text = repr(view)
    for hidden in ("AH", "TS", "QD", "3H", "2H"):
        assert f"Card('{hidden}')" not in text, hidden


# ======================================================================= bury


def test_bidder_with_more_than_six_trump_buries() -> None:
    """Bury: the bidder holding eight trump lays two face up, chosen from its
    trump; then the bidder leads the first trick with six."""
    hand = bidder_bury_deal()
    assert phase(hand) is pl.Phase.BURY
    assert hand.to_act == 1
    assert set(hand.legal_actions()) == {pl.Bury(c) for c in cards("AH KH QH JH JD 8H 7H 6H")}
    hand.apply(pl.Bury(card("JD")), seat=1)
    assert phase(hand) is pl.Phase.BURY
    assert hand.to_act == 1
    hand.apply(pl.Bury(card("6H")), seat=1)
    assert phase(hand) is pl.Phase.PLAY
    assert hand.to_act == 1
    assert codes(hand.buried_by(1)) == ["6H", "JD"]
    assert codes(hand.playable(1)) == codes(cards("AH KH QH JH 8H 7H"))
    for seat in range(4):
        assert codes(hand.view(seat).buried[1]) == ["6H", "JD"]


def test_non_bidder_with_seven_or_more_trump_buries() -> None:
    """Bury ruling: every player holding more than six trump buries, not only the
    bidder. Seat 3 (7 trump) buries one, seat 0 (9 trump) three; the bidder, seat 1,
    holds none."""
    hand = no_trump_bidder_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert phase(hand) is pl.Phase.BURY
    assert hand.to_act in (3, 0)
    bury(hand, {3: "TH", 0: "2H 3H 4H"})
    assert phase(hand) is pl.Phase.PLAY
    assert codes(hand.buried_by(3)) == ["TH"]
    assert codes(hand.buried_by(0)) == ["2H", "3H", "4H"]
    assert hand.buried_by(1) == ()
    assert [len(hand.playable(s)) for s in range(4)] == [6, 0, 0, 6]


def test_bidder_bury_goes_to_first_trick_winner() -> None:
    """Bury: buried cards belong to whoever wins the first trick (here the
    opponents of the bidder who buried them).

    The bidder buries JD and 6H, keeping AH KH QH JH 8H 7H.
      T1 8H JK TH 9H -> JK, seat 2 (team 0): joker 1, ten 1, plus buried JD 1 = 3
      T2 (seat 2 leads) 4H 3H 2H 7H -> 7H, seat 1: three 3; the 2H scores 1 for
         its holder seat 0 (team 0). Seats 3 and 0 are now out.
      T3 AH JK -> seat 1: ace 1, joker 1.  T4 KH 5H -> seat 1 (seat 2 now out).
      T5 QH alone.  T6 JH alone: jack 1.
    Team 0: 3 + 1 = 4. Team 1: 3 + 2 + 1 = 6. Bid 4 made.
    """
    hand = bidder_bury_deal()
    bury(hand, {1: "JD 6H"})
    play(hand, "1:8H 2:JK 3:TH 0:9H  2:4H 3:3H 0:2H 1:7H  1:AH 2:JK  1:KH 2:5H  1:QH  1:JH")
    assert tricks(hand) == [
        (1, "8H JK TH 9H", (1, 2, 3, 0), 2),
        (2, "4H 3H 2H 7H", (2, 3, 0, 1), 1),
        (1, "AH JK", (1, 2), 1),
        (1, "KH 5H", (1, 2), 1),
        (1, "QH", (1,), 1),
        (1, "JH", (1,), 1),
    ]
    assert codes(hand.captured_by(2)) == codes(cards("8H JK TH 9H JD 6H"))
    result = hand.result()
    assert result.points == (4, 6)
    assert result.made
    assert result.score_change == (4, 6)


def test_buried_two_taken_from_stock_scores_for_bidder() -> None:
    """Ruling (the two): the holder when play begins scores it, even if it came
    from the stock remainder and was buried; buried cards otherwise go to the
    first trick's winner.

    As in the test above, but seat 0 holds 6H and the bidder takes the 2H from
    the stock and buries JD and 2H. T2 is then 4H 3H 6H 7H -> seat 1.
    Team 0: JK TH + buried JD = 3. Team 1: 3H 3, AH 1, JK 1, JH 1, the two 1 = 7.
    """
    hand = bidder_bury_deal(two_in_remainder=True)
    assert pl.format_cards(hand.refills[-1].drawn) == "8H QC 7H 2H"
    bury(hand, {1: "JD 2H"})
    play(hand, "1:8H 2:JK 3:TH 0:9H  2:4H 3:3H 0:6H 1:7H  1:AH 2:JK  1:KH 2:5H  1:QH  1:JH")
    assert tricks(hand)[0] == (1, "8H JK TH 9H", (1, 2, 3, 0), 2)
    assert "2H" not in codes(hand.captured_by(2))
    assert "JD" in codes(hand.captured_by(2))
    result = hand.result()
    assert result.points == (3, 7)
    assert (card("2H"), 1) in result.holder_points


def no_trump_bidder_deal() -> pl.Hand:
    """Dealer 0. Seats 1 and 2 get no trump; seat 3 AH KH QH JH JD JK TH (7);
    seat 0 JK 9H 8H 7H 6H 5H 4H 3H 2H (9). The stock is all filler."""
    return deal(("JK 9H 8H 7H 6H 5H 4H 3H 2H", "", "", "AH KH QH JH JD JK TH"))


def test_buried_two_scores_for_holder_other_buried_cards_to_first_trick_winner() -> None:
    """Ruling (the two) and Bury: seat 0 buries 2H 3H 4H, seat 3 buries TH.
    Seat 3 (team 1) wins the first trick and so takes TH, 3H, 4H; the 2H is never
    captured and scores for seat 0's team.

    Bidder seat 1 has no trump, nor has seat 2, so seat 3 leads (see the play rules).
      T1 AH 5H -> seat 3, with the buried TH 3H 4H: ace 1 + ten 1 + three 3 = 5
      T2 KH JK -> seat 3: joker 1.  T3 QH 9H.  T4 JH 8H: jack 1.
      T5 JD 7H: off-jack 1.  T6 JK 6H: joker 1.
    Team 1 takes 5 + 1 + 1 + 1 + 1 = 9; team 0 scores 1 for the buried two.
    The bidding team (1) bid 4 and made it even though the bidder held no trump.
    """
    hand = no_trump_bidder_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    bury(hand, {3: "TH", 0: "2H 3H 4H"})
    assert hand.to_act == 3
    play(hand, "3:AH 0:5H  3:KH 0:JK  3:QH 0:9H  3:JH 0:8H  3:JD 0:7H  3:JK 0:6H")
    assert [t[3] for t in tricks(hand)] == [3] * 6
    captured = codes(hand.captured_by(3))
    assert {"TH", "3H", "4H"} <= set(captured)
    assert "2H" not in captured
    assert all(not hand.captured_by(s) for s in (0, 1, 2))
    result = hand.result()
    assert result.points == (1, 9)
    assert result.holder_points == ((card("2H"), 0),)
    assert result.made
    assert result.score_change == (1, 9)


def test_wrong_bury_is_refused() -> None:
    """Bad input: a wrong bury (a dead card, a card not held, another seat's card,
    the wrong seat, a play instead of a bury) is refused and changes nothing."""
    hand = bidder_bury_deal()
    assert hand.to_act == 1
    assert_refused(hand, pl.Bury(card("2S")), named_seat=1, rule="trump")  # dead card
    assert_refused(hand, pl.Bury(card("QC")), named_seat=1, rule="hand")  # thrown away
    assert_refused(hand, pl.Bury(card("JK")), named_seat=1, rule="hand")  # seat 2's
    assert_refused(hand, pl.Bury(card("5H")), named_seat=1, rule="hand")  # seat 2's
    assert_refused(hand, pl.Bury(card("JK")), seat=2, named_seat=2, rule="turn")
    assert_refused(hand, pl.Play(card("AH")), named_seat=1, rule="phase")
    hand.apply(pl.Bury(card("7H")))
    hand.apply(pl.Bury(card("6H")))
    assert phase(hand) is pl.Phase.PLAY
    # a third bury would leave the bidder short of six: the bury phase is over
    assert_refused(hand, pl.Bury(card("8H")), named_seat=1, rule="phase")


def test_no_bury_phase_without_seven_trump() -> None:
    """Bury: only a player holding more than six trump buries; with 6/4/4/2 trump
    play starts straight after the refill."""
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    assert phase(hand) is pl.Phase.PLAY
    assert all(hand.buried_by(s) == () for s in range(4))


# ======================================================================= play


def lead_deal() -> pl.Hand:
    """Dealer 0; seat 1 bids 4 in hearts. Seat 1 4H-9H (6), seat 2 AH (1),
    seat 3 KH QH JH JD (4), seat 0 JK JK TH 3H 2H (5). The stock is filler."""
    return deal(("JK JK TH 3H 2H", "4H 5H 6H 7H 8H 9H", "AH", "KH QH JH JD"))


def test_bidder_leads_first_trick() -> None:
    """Play: the bidder leads the first trick (here seat 2, not the dealer's left)."""
    hand = refill_deal()
    bids(hand, None, 6, None, None)
    name(hand, "H")
    assert phase(hand) is pl.Phase.PLAY
    assert hand.to_act == 2
    assert hand.current_trick.leader == 2


def test_any_trump_may_be_played_to_any_trick() -> None:
    """Play: only trump is played, and any trump to any trick (no following)."""
    hand = lead_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    play(hand, "1:4H")
    assert hand.legal_actions() == (pl.Play(card("AH")),)
    play(hand, "2:AH")
    assert set(hand.legal_actions()) == {pl.Play(c) for c in cards("KH QH JH JD")}


def test_lead_passes_clockwise_when_winner_is_out_of_trump() -> None:
    """Play: the winner leads next; ruling: if the winner has no trump left, the
    lead passes clockwise to the next player who has. Players out of trump are
    skipped, so tricks may have fewer than four cards; play ends when no one
    holds trump.

      T1 (seat 1) 4H AH KH 2H -> AH, seat 2, its only trump: lead passes to seat 3.
      T2 (seat 3) QH JK 5H (seat 2 skipped) -> QH, seat 3.
      T3 JH JK 6H -> seat 3.  T4 JD TH 7H -> seat 3, now out: lead passes to seat 0.
      T5 (seat 0) 3H 8H -> 8H, seat 1.  T6 (seat 1) 9H alone -> seat 1. Over.
    Team 0: ace 1 + the two 1 = 2. Team 1: JK JH JK JD TH (5) + three 3 = 8.
    """
    hand = lead_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    assert hand.drawn == [1, 0, 5, 2]
    play(hand, "1:4H 2:AH 3:KH 0:2H")
    assert hand.to_act == 3
    play(hand, "3:QH 0:JK 1:5H  3:JH 0:JK 1:6H  3:JD 0:TH 1:7H")
    assert hand.to_act == 0
    play(hand, "0:3H 1:8H  1:9H")
    assert tricks(hand) == [
        (1, "4H AH KH 2H", (1, 2, 3, 0), 2),
        (3, "QH JK 5H", (3, 0, 1), 3),
        (3, "JH JK 6H", (3, 0, 1), 3),
        (3, "JD TH 7H", (3, 0, 1), 3),
        (0, "3H 8H", (0, 1), 1),
        (1, "9H", (1,), 1),
    ]
    assert phase(hand) is pl.Phase.OVER
    assert hand.to_act is None
    assert all(hand.playable(s) == () for s in range(4))
    result = hand.result()
    assert result.points == (2, 8)
    assert result.made
    assert result.score_change == (2, 8)


def test_bidder_out_of_trump_lead_passes_clockwise() -> None:
    """Play ruling: if the bidder has no trump for the first trick, the lead passes
    clockwise to the next player who has: seat 1 and seat 2 hold none, so seat 3."""
    hand = no_trump_bidder_deal()
    bids(hand, 4, None, None, None)
    name(hand, "H")
    bury(hand, {3: "TH", 0: "2H 3H 4H"})
    assert hand.bidder == 1
    assert hand.trump_count(1) == 0
    assert hand.to_act == 3
    assert hand.current_trick.leader == 3


def test_play_ends_when_no_one_holds_trump() -> None:
    """Play: the all-points deal ends after five tricks, when seats 2 and 0 play
    their last trump; seats 1 and 3 ran out after three tricks and were skipped."""
    hand = all_points_deal()
    bids(hand, None, 10, None, None)
    name(hand, "H")
    play(hand, ALL_POINTS_PLAY)
    assert [len(t[2]) for t in tricks(hand)] == [4, 4, 4, 2, 2]
    assert [t[2] for t in tricks(hand)][3:] == [(2, 0), (2, 0)]
    assert hand.is_over
    assert hand.legal_actions() == ()


# ====================================================================== score


def test_made_both_teams_add_what_they_took() -> None:
    """Score: the bidding team (0, seat 2 bid 5) took 9 >= 5, so both teams add
    what they took: +9 and +1 (see helpers.JOKER_MADE_PLAY)."""
    hand = joker_deal()
    bids(hand, None, 5, None, None)
    name(hand, "H")
    play(hand, JOKER_MADE_PLAY)
    result = hand.result()
    assert (result.bidder, result.bid, result.bidding_team) == (2, 5, 0)
    assert result.points == (9, 1)
    assert result.made
    assert result.score_change == (9, 1)


def test_made_exactly_at_the_bid() -> None:
    """Score: taking exactly the bid makes it (at least its bid): bid 9, took 9."""
    hand = joker_deal()
    bids(hand, None, 9, None, None)
    name(hand, "H")
    play(hand, JOKER_MADE_PLAY)
    result = hand.result()
    assert result.made
    assert result.score_change == (9, 1)


def test_set_by_one_loses_the_bid() -> None:
    """Score: bid 10, took 9: the bidding team subtracts its bid, the other adds 1."""
    hand = joker_deal()
    bids(hand, None, 10, None, None)
    name(hand, "H")
    play(hand, JOKER_MADE_PLAY)
    result = hand.result()
    assert result.points == (9, 1)
    assert not result.made
    assert result.score_change == (-10, 1)


def test_set_bidding_team_subtracts_other_team_adds() -> None:
    """Score: team 1 (seat 1 bid 5) took only the two (1 point): set. It subtracts
    5; team 0 adds its 9 (see helpers.JOKER_SET_PLAY)."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    play(hand, JOKER_SET_PLAY)
    assert tricks(hand) == [
        (1, "2H JK JK 3H", (1, 2, 3, 0), 2),
        (2, "AH TH JD 4H", (2, 3, 0, 1), 2),
        (2, "5H KH QH 6H", (2, 3, 0, 1), 3),
        (3, "7H JH 8H 9H", (3, 0, 1, 2), 0),
    ]
    result = hand.result()
    assert result.points == (9, 1)
    assert not result.made
    assert result.score_change == (9, -5)
    assert result.bidding_team == 1


def test_the_two_is_never_captured() -> None:
    """Ruling (the two): seat 1 plays 2H into a trick seat 2 wins; the two stays
    with seat 1's team (1 point) and is not among seat 2's cards."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    play(hand, "1:2H 2:JK 3:JK 0:3H")
    assert codes(hand.captured_by(2)) == codes(cards("JK JK 3H"))
    # team 0: two jokers and the three; team 1: its two, scored as soon as play began
    assert hand.points_by_team() == [5, 1]


def test_point_values() -> None:
    """Points: ace 1, jack 1, off-jack 1, each joker 1, ten 1, three 3, two 1 (holder);
    no other card scores; 10 in all."""
    rules = pl.TEN_POINT
    expected = {"AH": 1, "JH": 1, "JD": 1, "JK": 1, "TH": 1, "3H": 3, "2H": 1}
    for code in trump_codes("H"):
        assert rules.points_of(card(code), pl.Suit.HEARTS) == expected.get(code, 0), code
    assert rules.points_of(card("AS"), pl.Suit.HEARTS) == 0
    assert rules.total_points == 10


@pytest.mark.parametrize(
    ("setup", "moves"),
    [
        ("joker-set", JOKER_SET_PLAY),
        ("joker-made", JOKER_MADE_PLAY),
        ("all-points", ALL_POINTS_PLAY),
    ],
)
def test_exactly_ten_points_per_hand(setup: str, moves: str) -> None:
    """Points: always exactly 10 per hand."""
    if setup == "all-points":
        hand = all_points_deal()
        bids(hand, None, 10, None, None)
    else:
        hand = joker_deal()
        bids(hand, *((5, None, None, None) if setup == "joker-set" else (None, 5, None, None)))
    name(hand, "H")
    play(hand, moves)
    assert sum(hand.result().points) == 10


def test_all_points_hand_scores_ten_for_team_zero() -> None:
    """Points: team 0 holds every point card and takes all ten (see
    helpers.ALL_POINTS_PLAY): jack beats joker, off-jack beats joker."""
    hand = all_points_deal()
    bids(hand, None, 10, None, None)
    name(hand, "H")
    play(hand, ALL_POINTS_PLAY)
    assert tricks(hand) == [
        (2, "AH 6H 2H 9H", (2, 3, 0, 1), 2),
        (2, "KH 5H 3H 8H", (2, 3, 0, 1), 2),
        (2, "QH 4H TH 7H", (2, 3, 0, 1), 2),
        (2, "JH JK", (2, 0), 2),
        (2, "JD JK", (2, 0), 2),
    ]
    result = hand.result()
    assert result.points == (10, 0)
    assert result.made
    assert result.score_change == (10, 0)


def test_result_before_the_end_is_an_error() -> None:
    hand = joker_deal()
    with pytest.raises(pl.PitchError):
        hand.result()


# ============================================================ illegal actions


def test_bid_out_of_turn_is_refused() -> None:
    """Bad input: a bid out of turn names the seat, the bid and whose turn it is."""
    hand = joker_deal()
    assert_refused(hand, pl.Bid(5), seat=2, named_seat=2, rule="turn")
    assert_refused(hand, pl.PASS, seat=0, named_seat=0, rule="turn")
    assert_refused(hand, pl.Bid(4), seat=3, named_seat=3, rule="turn")
    bids(hand, 5)
    assert_refused(hand, pl.Bid(6), seat=1, named_seat=1, rule="turn")


def test_bid_too_low_is_refused() -> None:
    """Bad input: a bid not higher than the high bid names the seat, bid and rule."""
    hand = joker_deal()
    bids(hand, 7, None)
    assert hand.to_act == 3
    err = assert_refused(hand, pl.Bid(7), named_seat=3, rule="higher")
    assert "7" in err.rule
    assert_refused(hand, pl.Bid(4), seat=3, named_seat=3, rule="higher")


def test_pass_by_stuck_dealer_is_refused() -> None:
    """Bad input: a pass by a stuck dealer is refused naming the dealer's seat."""
    hand = joker_deal(dealer=3)
    bids(hand, None, None, None)
    assert_refused(hand, pl.PASS, named_seat=3, rule="dealer")
    assert_refused(hand, pl.PASS, seat=3, named_seat=3, rule="dealer")


def test_card_not_in_hand_is_refused() -> None:
    """Bad input: playing a card the seat does not hold (another seat's trump, a
    card it threw away, an already played card) is refused."""
    dealt, _ = build(JOKER_DEAL, JOKER_STOCK)
    thrown = next(c for c in dealt[1] if c.code not in trump_codes("H"))
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    assert_refused(hand, pl.Play(card("AH")), named_seat=1, rule="not in")
    assert_refused(hand, pl.Play(card("JK")), named_seat=1, rule="not in")
    assert_refused(hand, pl.Play(thrown), named_seat=1, rule="not in")
    play(hand, "1:2H 2:JK 3:JK 0:3H  2:AH")
    assert_refused(hand, pl.Play(card("JK")), named_seat=3, rule="not in")  # played already
    assert_refused(hand, pl.Play(card("AH")), named_seat=3, rule="not in")


def test_play_out_of_turn_is_refused() -> None:
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    assert_refused(hand, pl.Play(card("AH")), seat=2, named_seat=2, rule="turn")


@pytest.mark.parametrize(
    "action",
    [
        pl.Play(card("2H")),
        pl.Bury(card("2H")),
        pl.NameTrump(pl.Suit.HEARTS),
    ],
)
def test_action_of_the_wrong_phase_in_bidding(action: pl.Action) -> None:
    """Bad input: an action of another phase is refused during the bidding."""
    hand = joker_deal()
    assert_refused(hand, action, named_seat=1, rule="phase")


@pytest.mark.parametrize(
    "action",
    [pl.PASS, pl.Bid(6), pl.Play(card("2H")), pl.Bury(card("2H"))],
)
def test_action_of_the_wrong_phase_naming_trump(action: pl.Action) -> None:
    """Bad input: only naming trump is allowed once bidding is over."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    assert_refused(hand, action, named_seat=1, rule="phase")


@pytest.mark.parametrize(
    "action",
    [pl.PASS, pl.Bid(6), pl.NameTrump(pl.Suit.SPADES), pl.Bury(card("2H"))],
)
def test_action_of_the_wrong_phase_in_play(action: pl.Action) -> None:
    """Bad input: bidding, naming trump or burying during play is refused."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    assert_refused(hand, action, named_seat=1, rule="phase")


@pytest.mark.parametrize(
    "action",
    [pl.PASS, pl.Bid(6), pl.NameTrump(pl.Suit.SPADES), pl.Bury(card("AH")), pl.Play(card("AH"))],
)
def test_acting_after_the_hand_is_over_is_refused(action: pl.Action) -> None:
    """Bad input: nothing may be done once the hand is over."""
    hand = joker_deal()
    bids(hand, 5, None, None, None)
    name(hand, "H")
    play(hand, JOKER_SET_PLAY)
    assert hand.is_over
    for seat in range(4):
        assert_refused(hand, action, seat=seat, named_seat=seat, rule="over")
    before = snapshot(hand)
    with pytest.raises(pl.IllegalAction, match="over"):
        hand.apply(action)
    assert snapshot(hand) == before


def test_phases_in_order() -> None:
    """A hand, phase by phase: bid, name trump, bury (when needed), play, over."""
    hand = deal(
        ("9H 2H", "AH KH QH JH", "JK JK 5H", "TH"),
        "JD 2S 4H 2C 3C 3H 4C 5C 6C 7C 8C 9C TC JC 8H QC 7H 6H",
    )
    seen = [hand.phase]
    bids(hand, 4, None, None, None)
    seen.append(hand.phase)
    name(hand, "H")
    seen.append(hand.phase)
    bury(hand, {1: "7H 6H"})
    seen.append(hand.phase)
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    seen.append(hand.phase)
    assert seen == [pl.Phase.BID, pl.Phase.NAME_TRUMP, pl.Phase.BURY, pl.Phase.PLAY, pl.Phase.OVER]
