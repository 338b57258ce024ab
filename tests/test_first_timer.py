"""A first-timer's path through the app: refusals in plain words, the how-to box, the bots'
pace, the trick in words and the score bars.

Every expected sentence is written here from the rules and a position worked out by
hand (the deals below are chosen so the play is forced), not copied from the code.
"""

from __future__ import annotations

import re

import pytest

import pitchlab as pl
from pitchlab.engine.errors import IllegalAction
from pitchlab.ui import guide
from pitchlab.ui.plain import refusal_words
from pitchlab.ui.session import Table, seat_name
from pitchlab.ui.table_app import TableApp
from tests import helpers
from tests.widget_tree import with_class


def said(hand: pl.Hand, action: pl.Action, seat: int | None = None) -> str:
    """What the page would tell the learner at seat 0 if the engine refused ``action``."""
    with pytest.raises(IllegalAction) as refused:
        hand.apply(action, seat)
    return refusal_words(refused.value, lambda s: seat_name(s, 0, hand.rules))


# ------------------------------------------------------------------ ten-point positions

# Hearts will be trump. Every trump is placed: You (seat 0) hold nine, so you bury three;
# West (seat 1) keeps A♥ 7♥ and, filled up in deck order, holds 2♠-8♠, so after the refill
# West has A♥ 7♥ and draws the top four of the stock (9♦ 10♦ Q♦ K♦), which are dead.
TEN = ["KH QH JH JD JK JK TH 9H 8H", "AH 7H", "6H 5H", "4H 3H 2H"]


def ten_point_bidding() -> pl.Hand:
    return helpers.deal(TEN, dealer=3)  # East deals, so You speak first


def ten_point_play() -> pl.Hand:
    """You bid 4 and name hearts, bury 9♥ 8♥ 10♥, and lead K♥: West is to play."""
    hand = ten_point_bidding()
    helpers.bids(hand, 4, None, None, None)
    helpers.name(hand, "H")
    helpers.bury(hand, {0: "9H 8H TH"})
    hand.apply(pl.Play(pl.Card("KH")), 0)
    assert hand.to_act == 1
    assert {pl.Card("9D"), pl.Card("KD")} <= set(hand.hand_of(1))
    return hand


def test_a_bid_too_low_says_the_highest_bid() -> None:
    hand = ten_point_bidding()
    hand.apply(pl.Bid(6), 0)
    assert said(hand, pl.Bid(5)) == "That bid is too low: the highest bid so far is 6; bid more or pass."


def test_a_bid_out_of_range_says_the_range() -> None:
    assert said(ten_point_bidding(), pl.Bid(11)) == "Bid a whole number from 4 to 10, or pass."


def test_a_stuck_dealer_may_not_pass() -> None:
    hand = ten_point_bidding()
    helpers.bids(hand, None, None, None)
    assert said(hand, pl.PASS) == "Everyone else passed, so as dealer you may not pass: bid 4."


def test_acting_out_of_turn_names_whose_turn_it_is() -> None:
    assert said(ten_point_bidding(), pl.Bid(5), seat=1) == "Not yet: it is your turn to bid."
    hand = ten_point_bidding()
    hand.apply(pl.PASS, 0)
    assert said(hand, pl.Bid(5), seat=2) == "Not yet: it is West's turn to bid."


def test_a_card_while_bidding_says_what_to_do_now() -> None:
    assert said(ten_point_bidding(), pl.Play(pl.Card("KH"))) == "Not now: it is time to bid or pass."


def test_a_dead_card_only_trump_can_be_played() -> None:
    words = said(ten_point_play(), pl.Play(pl.Card("9D")))
    assert words == "Only trump can be played: 9♦ is not trump, so it stays in your hand."


def test_a_card_not_held() -> None:
    assert said(ten_point_play(), pl.Play(pl.Card("QS"))) == "You do not hold Q♠."


def test_burying_a_card_that_is_not_your_trump() -> None:
    hand = ten_point_bidding()
    helpers.bids(hand, 4, None, None, None)
    helpers.name(hand, "H")
    assert hand.phase is pl.Phase.BURY
    assert (
        said(hand, pl.Bury(pl.Card("AH")))
        == "Only one of your own trump may be buried: A♥ is not one of them."
    )


def test_no_throw_in_in_ten_point() -> None:
    words = said(ten_point_bidding(), pl.THROW_IN)
    assert words == "There is no throwing in under ten-point: play the hand you were dealt."


def test_the_hand_is_over() -> None:
    hand = ten_point_play()
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    assert said(hand, pl.PASS) == "The hand is over: press New hand to deal the next one."


def test_a_new_hand_while_one_is_on_says_what_to_do() -> None:
    """The engine refuses the next deal with its reason; the table says it in plain words."""
    table = Table(seed=2)
    table.run_bots()
    assert table.human_to_act and table.hand.phase is pl.Phase.BID
    hand = table.hand
    assert not table.new_hand()
    assert table.hand is hand
    assert table.message == "Finish this hand first: it is time to bid or pass."


def test_a_moon_after_a_moon_in_missouri_eleven() -> None:
    hand = pl.Hand.deal(pl.ruleset("missouri-eleven"), dealer=3, seed=1)
    hand.apply(pl.Bid(11), 0)  # 11 is Missouri Eleven's moon
    words = said(hand, pl.Bid(11))
    assert words == "Shooting the moon is not allowed now: the highest bid so far is 11."


def test_a_moon_needs_a_score_above_zero_in_thirty_one() -> None:
    hand = pl.Hand.deal(pl.ruleset("thirty-one"), dealer=3, seed=1, scores=[0, 5])
    words = said(hand, pl.Bid(11))  # the moon; You and Partner have 0
    assert words == "You may shoot the moon only when your team's score is above zero."


# ----------------------------------------------------------- follow-suit (auction pitch)

AUCTION = [
    "AS KH QC JC TC 9C",  # You: the ace of spades makes spades trump, then K♥ is led
    "3S 5H 7H 2D 4D 6D",  # West: one spade, two hearts
    "2H 3H 4H 5D 7D 8D",  # North (across; each plays alone here): no spade
    "6H 8H 9H 9D TD JD",  # East: no spade
]


def auction_play() -> pl.Hand:
    rules = pl.ruleset("auction-pitch")
    hands = [[pl.Card(c) for c in h.split()] for h in AUCTION]
    dealt = {c for h in hands for c in h}
    stock = [c for c in rules.deck if c not in dealt]
    hand = pl.Hand.from_cards(rules, 3, hands, stock)
    helpers.bids(hand, 2, None, None, None)
    hand.apply(pl.Play(pl.Card("AS")), 0)  # the pitch: spades are trump
    return hand


def test_a_trump_lead_must_be_followed_with_trump() -> None:
    words = said(auction_play(), pl.Play(pl.Card("5H")))
    assert words == "Trump was led (A♠) and you hold trump, so you must play a trump."


def test_a_plain_lead_must_be_followed() -> None:
    hand = auction_play()
    for seat, code in ((1, "3S"), (2, "2H"), (3, "6H")):
        hand.apply(pl.Play(pl.Card(code)), seat)
    hand.apply(pl.Play(pl.Card("KH")), 0)  # A♠ won the first trick: You lead again
    words = said(hand, pl.Play(pl.Card("2D")))
    assert words == "You must follow suit: K♥ was led and you hold a heart, so play a heart (or a trump)."


def test_the_table_shows_plain_words_not_engine_text() -> None:
    table = Table(seed=2)
    table.run_bots()
    assert table.human_to_act and table.hand.phase is pl.Phase.BID
    assert not table.act(pl.Play(pl.Card("AS")))
    assert table.message == "Not now: it is time to bid or pass."
    assert "seat" not in table.message and "refused" not in table.message


# ----------------------------------------------------------------------- the status


def test_the_page_never_says_press_next_while_next_is_disabled() -> None:
    app = TableApp(seed=12)
    seen = {"your turn": 0, "bot to act": 0, "hand over": 0}
    for _ in range(120):
        texts = [app.status.value, app.message.value]
        if app.next.disabled:
            assert not any("press Next" in t for t in texts), texts
        app.table.act(pl.Play(pl.Card("AS")))  # often refused: the message must fit the page too
        app.refresh()
        if app.next.disabled:
            assert "press Next" not in app.message.value, app.message.value
        if app.table.hand.is_over:
            seen["hand over"] += 1
            app.new_hand.click()
        elif app.table.human_to_act:
            seen["your turn"] += 1
            app._act(app.table.legal()[0])
        else:
            seen["bot to act"] += 1
            app.next.click()
    assert all(seen.values()), seen  # every kind of moment was checked


def test_with_the_bots_on_their_own_the_status_says_so() -> None:
    app = TableApp(seed=3)
    app.table.act(pl.PASS)
    app.refresh()
    assert app.status.value.endswith("press Next to see what they do.")
    app.pace.value = "slow"
    assert app.status.value.endswith("the bots play on by themselves until it is your turn.")


# ---------------------------------------------------------------------- how to play


def test_how_to_play_is_ten_points_in_ten_point() -> None:
    lines = guide.howto_lines(pl.ruleset("ten-point"))
    assert 5 <= len(lines) <= 6
    text = " ".join(lines)
    assert "A bid of 6 says your team will take at least 6 of the hand's points" in text
    assert "fall short and your team loses 6" in text
    assert "A hand gives out 10 points" in text
    assert "reaching 52" in text
    assert "Only trump are played" in text


def test_how_to_play_follows_the_chosen_ruleset() -> None:
    text = " ".join(guide.howto_lines(pl.ruleset("auction-pitch")))
    # Auction Pitch: bids 2 to 4, so the example is its top bid; four points at most; game to 7
    assert "A bid of 4 says you will take at least 4" in text and "fall short and you lose 4" in text
    assert "Bid from 2 to 4" in text and "up to 4 points" in text and "to reach 7" in text
    assert "To a trump lead, play a trump if you have one" in text and "The suit of the first card" in text
    assert "10 points" not in text and "reach 52" not in text and "Only trump" not in text
    simple = " ".join(guide.howto_lines(pl.ruleset("simple-pitch")))
    assert "no bidding" in simple and "below zero" not in simple  # nobody can be set


def test_the_how_to_box_links_the_tutorial_and_closes_once_a_card_is_played() -> None:
    app = TableApp(seed=3)
    (box,) = with_class(app, "pl-howto")
    assert box.selected_index == 0  # open on a first visit
    hrefs = re.findall(r'href="([^"]+)"', app.howto_text.value)
    assert "../tutorial/01-welcome.ipynb" in hrefs and "../tutorial/index.ipynb" in hrefs
    app.table.act(pl.Bid(4))
    app.refresh()
    assert box.selected_index == 0  # a bid is not a card
    while not guide.learner_has_played(app.table):
        if app.table.human_to_act:
            app._act(app.table.legal()[0])
        else:
            app.next.click()
    assert box.selected_index is None
    box.selected_index = 0  # opened again by the learner: it stays open
    app.refresh()
    assert box.selected_index == 0


def test_the_how_to_box_changes_with_the_ruleset() -> None:
    app = TableApp(seed=3)
    app.set_ruleset("auction-pitch")
    assert "auction-pitch" in app.howto_text.value and "at least 4" in app.howto_text.value
    assert "it teaches ten-point Pitch" in app.howto_text.value


# ------------------------------------------------------------------------ the pace


def test_pace_step_keeps_the_timer_off() -> None:
    app = TableApp(seed=3)
    app.table.act(pl.PASS)
    app.refresh()
    assert app.table.bot_to_act
    assert not app.pace_timer.armed and app.pace_timer.delay_ms == 0


def test_slow_pace_plays_the_bots_on_one_tick_at_a_time_until_your_turn() -> None:
    app = TableApp(seed=3)
    app.table.act(pl.PASS)
    app.pace.value = "slow"
    timer = app.pace_timer
    assert timer.armed and timer.delay_ms == 1200
    moves = len(app.table.log)
    stale = timer.step - 1
    timer.tick(stale)  # a message from an older arming does nothing
    assert len(app.table.log) == moves
    timer.tick(timer.step)
    assert len(app.table.log) == moves + 1  # exactly one bot moved
    while app.table.bot_to_act:
        timer.tick(timer.step)
    assert app.table.human_to_act or app.table.hand.is_over
    assert not timer.armed  # it waits for the learner now
    app.pace.value = "fast"
    assert timer.delay_ms == 400


# ------------------------------------------------------------- the trick in words


def test_the_trick_and_the_last_trick_in_words() -> None:
    table = Table(rules=pl.ruleset("auction-pitch"))
    table.game.hand = auction_play()
    assert guide.trick_line(table) == "This trick: You A♠ (You led)."
    assert guide.last_trick_line(table) == ""
    for seat, code in ((1, "3S"), (2, "2H"), (3, "6H")):
        table.hand.apply(pl.Play(pl.Card(code)), seat)
    # A♠ is the only trump: You win; the trick holds no jack, Auction Pitch's only point card
    assert guide.last_trick_line(table) == (
        "Last trick: You A♠, West 3♠, North 2♥, East 6♥; won by You, no point cards in it."
    )
    assert guide.trick_line(table) == "This trick: no card yet; You lead."


def test_the_last_trick_counts_the_rulesets_points() -> None:
    table = Table()
    table.game.hand = ten_point_play()
    # West must play a trump: A♥ wins over K♥ whatever Partner and East hold (only the
    # ace is higher). Partner 6♥, East 2♥: the 2 scores for its holder, not the winner.
    # It is the first trick, so West also takes the buried 9♥ 8♥ 10♥: the 10 is 1 point.
    for seat, code in ((1, "AH"), (2, "6H"), (3, "2H")):
        table.hand.apply(pl.Play(pl.Card(code)), seat)
    assert guide.last_trick_line(table) == (
        "Last trick: You K♥, West A♥, Partner 6♥, East 2♥; won by West, "
        "worth 1 point (A♥ 1); the 2♥ scores for whoever held it; "
        "with it West takes the buried 10♥ (1 point)."
    )


# ---------------------------------------------------------------------- score bars


def test_score_bars_say_the_score_of_the_target() -> None:
    table = Table()
    table.game.scores = [23, -7]
    html = guide.score_bars_html(table)
    labels = re.findall(r'aria-label="([^"]+)"', html)
    assert labels == ["Your team (You and Partner): 23 of 52", "West and East: -7 of 52"]
    assert html.count('class="pl-score-bar"') == 2
    # the scale runs from -7 to 52 over 220 px: zero at 7 * 220 / 59 = 26.1 px
    assert 'x1="26.1"' in html
    bars = re.findall(r'<rect x="([-0-9.]+)" y="2" width="([0-9.]+)"', html)
    assert bars == [("26.1", "85.8"), ("0.0", "26.1")]  # 23 * 220 / 59 = 85.76; -7 ends at 0


# ------------------------------------------------------------------ the Why? panel


def test_the_ladders_spot_and_strength_in_words() -> None:
    from pitchlab.bots.ladder import Spot, Strength

    rules = pl.ruleset("ten-point")
    assert Spot(3, 7, False).plain(rules) == "I deal, and the other team has bid 7 or more"
    assert Spot(0, 0, False).plain(rules) == "I speak first, and nobody has bid yet"
    assert Spot(2, 5, True).plain(rules) == "I speak third, and my partner has bid 5"
    assert Strength(4, 2).plain() == "4 trump worth 4 or 5 points"
    assert Strength(2, 0).plain() == "2 trump or fewer worth 0 or 1 points"


def test_figures_from_one_simulation_name_it_once() -> None:
    from pitchlab.bots.claims import Estimate, HighBid, render

    rules = pl.ruleset("ten-point")
    basis = "80 simulated hands like this"
    claims = (
        HighBid(0),
        Estimate("our chance of winning the game if I bid 5", 53.0, "percent", basis),
        Estimate("our chance if I pass instead", 46.0, "percent", basis),
        Estimate("points this hand should take as bidder", 3.0, "points", "rules of thumb"),
    )
    assert render("bid 5", claims, 0, rules) == (
        "bid 5: nobody has bid yet; our chance of winning the game if I bid 5: 53% "
        "(from 80 simulated hands like this); our chance if I pass instead: 46%; "
        "points this hand should take as bidder: about 3 points (from rules of thumb)"
    )


# ------------------------------------------------- calls, discards and throw-ins


def call_partner_at_the_call(seed: int) -> pl.Hand:
    """Call-partner: You bid 4, everyone passes, You name hearts; the hand runs to the call."""
    hand = pl.Hand.deal(pl.ruleset("call-partner"), dealer=3, seed=seed)
    helpers.bids(hand, 4, None, None, None)
    helpers.name(hand, "H")
    while hand.phase is pl.Phase.BURY:
        hand.apply(hand.legal_actions()[0])
    assert hand.phase is pl.Phase.CALL and hand.to_act == 0
    return hand


def test_calling_your_own_card_or_a_buried_one() -> None:
    hand = call_partner_at_the_call(2)
    assert pl.Card("7S") in hand.hand_of(0)
    words = said(hand, pl.Call(pl.Card("7S")))
    assert (
        words
        == "You hold 7♠ yourself: call a card you do not hold, and whoever holds it becomes your partner."
    )
    assert pl.Card("JK") not in hand.hand_of(0)  # two identical jokers, both elsewhere
    words = said(hand, pl.Call(pl.Card("JK")))
    assert words == "You may call a joker only if you hold the other one: otherwise two players would answer."
    buried = call_partner_at_the_call(1)
    assert buried.buried_by(0) == (pl.Card("2H"),)  # You held seven hearts: one is buried face up
    words = said(buried, pl.Call(pl.Card("2H")))
    assert words == "You buried 2♥ face up: call a card that is still hidden."


def test_draw_pitch_keeps_trump_out_of_a_discard() -> None:
    hand = pl.Hand.deal(pl.ruleset("draw-pitch"), dealer=3, seed=4)
    helpers.bids(hand, 2, None, None, None)
    helpers.name(hand, "H")
    assert hand.phase is pl.Phase.DISCARD
    seat = hand.to_act
    assert seat is not None
    trump = [c for c in hand.hand_of(seat) if hand.rules.is_trump(c, pl.Suit.HEARTS)]
    assert trump, "the seat to discard holds a trump"
    words = said(hand, pl.Discard((trump[0],)))
    assert words == "Keep your trump: draw-pitch does not let you throw trump away."


def test_two_handed_throws_in_only_a_hand_topped_by_a_ten() -> None:
    hand = pl.Hand.deal(pl.ruleset("two-handed"), dealer=1, seed=0)
    assert hand.to_act == 0 and pl.Card("AH") in hand.hand_of(0)  # an ace: no throw-in
    assert said(hand, pl.THROW_IN) == "You may throw in only a hand whose highest card is a ten."
