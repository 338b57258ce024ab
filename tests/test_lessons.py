"""Tutorial pages 01-04 driven through their Python API, as a learner's clicks would drive them."""

from __future__ import annotations

import itertools

import pytest

import pitchlab as pl
from pitchlab.bots import simulation
from pitchlab.lessons.tutorial import the_bid, the_deal, trump_ranks, welcome
from pitchlab.odds import probability
from pitchlab.ui import plots
from pitchlab.ui.session import seat_name
from tests.helpers import trump_codes
from tests.widget_tree import with_class


def test_point_cards_come_from_the_ruleset() -> None:
    rows = welcome.point_rows(pl.Suit.HEARTS)
    codes = [card.code for card, *_ in rows]
    assert codes == ["AH", "JH", "JD", "JK", "JK", "TH", "3H", "2H"]
    assert sum(points for _, _, points, _ in rows) == 10
    holder = [card.code for card, _, _, who in rows if "holding" in who]
    assert holder == ["2H"]
    html = welcome.points_table(pl.Suit.SPADES)._repr_html_()
    assert "off-jack (jack of clubs)" in html
    assert html.count("<svg") == 8
    assert welcome.points_sum().endswith("= 10 points in every hand")


def test_seating_shows_partners_across() -> None:
    svg = welcome.seating_picture()._repr_html_()
    assert all(name in svg for name in ("You", "West", "Partner", "East"))


# ------------------------------------------------------------------ page 02


def test_deal_button_changes_the_hand_reproducibly_from_the_seed() -> None:
    page = the_deal.DealExplorer(seed=5)
    first = page.cards
    assert first == pl.Hand.deal(dealer=3, seed=5).hand_of(0)
    page.deal_button.click()
    assert page.seed == 6
    assert page.seed_box.value == 6
    assert page.cards == pl.Hand.deal(dealer=3, seed=6).hand_of(0)
    assert page.cards != first
    page.seed_box.value = 5  # typing a seed deals it
    assert page.cards == first
    assert page.seed == 5


def test_deal_explorer_shows_trump_per_suit_and_odds() -> None:
    page = the_deal.DealExplorer(seed=1)
    for suit in pl.Suit:
        page.named.value = suit
        assert f"named you hold <b>{len(probability.trump_in(page.cards, suit))}</b>" in page.odds.value
    table = page.trump_table.value
    assert table.count("<tr>") == 5  # a header and one row per suit
    bundle = page.plot.outputs[0]["data"]
    assert "application/vnd.plotly.v1+json" in bundle
    layout = bundle["application/vnd.plotly.v1+json"]["layout"]
    assert "exact" in layout["title"]["text"]
    assert "cards" in layout["xaxis"]["title"]["text"]
    assert "%" in layout["yaxis"]["title"]["text"]


def test_trump_table_counts_the_off_jack_and_jokers() -> None:
    page = the_deal.DealExplorer(seed=1)
    page.hand = pl.Hand.from_cards(pl.TEN_POINT, 0, *_deal_with_first_hand("AH JD JK 2H 5S 9C JC 3D KD"))
    page.refresh()
    assert "J♦ is the off-jack" in page.trump_table.value  # hearts
    assert "J♣ is the off-jack" in page.trump_table.value  # spades
    assert "a joker" in page.trump_table.value


def _deal_with_first_hand(codes: str) -> tuple[list[list[pl.Card]], list[pl.Card]]:
    mine = pl.parse_cards(codes)
    rest = list(pl.TEN_POINT.deck)
    for card in mine:
        rest.remove(card)
    return [mine, rest[0:9], rest[9:18], rest[18:27]], rest[27:]


def test_show_other_hands_toggle() -> None:
    page = the_deal.DealExplorer(seed=2)
    assert "hidden" in page.others.value
    page.show_others.value = True
    assert all(seat_name(s) in page.others.value for s in (1, 2, 3))
    assert page.others.value.count("<svg") == 3


def test_named_figure_marks_your_counts() -> None:
    fig = plots.trump_count_figure(pl.Suit.HEARTS, yours=2, your_best=4)
    named, best = fig.data
    assert list(named.marker.line.width)[2] == 3
    assert list(best.marker.line.width)[4] == 3
    assert {a.text for a in fig.layout.annotations} == {"you: 2 ♥", "your best: 4"}
    assert fig.layout.xaxis.title.text and fig.layout.yaxis.title.text and fig.layout.title.text


@pytest.mark.parametrize("size", [2, 3])
def test_best_count_by_patterns_matches_every_hand_listed(size: int) -> None:
    # brute force: every hand of `size` cards, its best suit counted card by card
    listed: dict[int, int] = dict.fromkeys(range(size + 1), 0)
    for hand in itertools.combinations(pl.TEN_POINT.deck, size):
        listed[probability.best_count(hand)] += 1
    assert the_deal.hands_by_best_count(size) == listed


@pytest.mark.parametrize("size", [4, 5, 9])
def test_pigeonhole_bound_is_the_fewest_best_trump(size: int) -> None:
    for jokers in range(3):
        assert the_deal.fewest_best_trump(jokers, size) == the_deal.pigeonhole_bound(jokers, size)
    assert [the_deal.pigeonhole_bound(j) for j in range(3)] == [3, 3, 4]  # 9 cards: 3; 2 + 1; 2 + 2


# ------------------------------------------------------------------ page 03


def test_trick_winner_follows_the_written_trump_order() -> None:
    order = trump_codes("H")  # from RULES.md, high to low
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            if high == low:  # the jokers: first played wins
                continue
            cards = pl.parse_cards([low, high])
            assert pl.trick_winner(pl.TEN_POINT, pl.Suit.HEARTS, cards) == 1
    assert pl.trick_winner(pl.TEN_POINT, pl.Suit.HEARTS, pl.parse_cards("JK TH JK")) == 0


def quiz_with(cards: str, seats: tuple[int, ...], suit: pl.Suit = pl.Suit.HEARTS) -> trump_ranks.TrumpQuiz:
    quiz = trump_ranks.TrumpQuiz(seed=1, suit=suit)
    quiz.cards, quiz.seats = tuple(pl.parse_cards(cards)), seats
    quiz.refresh()
    return quiz


def test_quiz_accepts_the_right_answer() -> None:
    quiz = quiz_with("5H AH JD", (1, 2, 3))
    buttons = with_class(quiz.widget, "pl-card")
    assert [b._dom_classes[1] for b in buttons] == ["pl-card-5H", "pl-card-AH", "pl-card-JD"]
    buttons[1].click()
    assert quiz.right == quiz.asked == 1
    assert "pl-right" in quiz.feedback._dom_classes
    assert quiz.feedback.value.startswith("Right: Partner&#39;s A♥ wins")
    assert "1 of 1" in quiz.score.value


def test_quiz_explains_a_wrong_answer() -> None:
    quiz = quiz_with("JK JD 9H", (0, 1, 2))
    assert not quiz.answer(0)
    assert "pl-wrong" in quiz.feedback._dom_classes
    text = quiz.feedback_text
    assert text.startswith("Not quite: West's J♦ wins, not your joker.")
    assert "above both jokers" in text
    assert quiz.right == 0 and quiz.asked == 1


def test_quiz_two_jokers_first_played_wins() -> None:
    quiz = quiz_with("JK TH JK", (1, 2, 3))
    assert quiz.winner == 0
    assert not quiz.answer(2)
    assert "second joker" in quiz.feedback_text
    assert "the one played first wins: West's joker" in quiz.feedback_text


def test_quiz_refuses_a_second_answer_and_changes_nothing() -> None:
    quiz = quiz_with("5H AH", (0, 1))
    quiz.answer(1)
    state = (quiz.cards, quiz.answered, quiz.right, quiz.asked)
    with_class(quiz.widget, "pl-card")[0].click()
    assert "already answered" in quiz.feedback.value
    assert (quiz.cards, quiz.answered, quiz.right, quiz.asked) == state
    assert not quiz.answer(7)
    assert (quiz.cards, quiz.answered, quiz.right, quiz.asked) == state


def test_quiz_is_seeded_and_changes_suit() -> None:
    a, b = trump_ranks.TrumpQuiz(seed=9), trump_ranks.TrumpQuiz(seed=9)
    for _ in range(5):
        assert (a.cards, a.seats) == (b.cards, b.seats)
        assert 2 <= len(a.cards) <= 4
        assert all(pl.TEN_POINT.is_trump(c, a.suit) for c in a.cards)
        a.next_button.click()
        b.new_trick()
    with_class(a.widget, "pl-suit-S")[0].click()
    assert a.suit is pl.Suit.SPADES
    assert "spades" in a.ladder.value
    assert all(pl.TEN_POINT.is_trump(c, pl.Suit.SPADES) for c in a.cards)


def test_random_tricks_meet_both_jokers_sometimes() -> None:
    import random

    rng = random.Random(0)
    tricks = [trump_ranks.random_trick(rng, pl.Suit.CLUBS)[0] for _ in range(200)]
    assert any(t.count(pl.Card("JK")) == 2 for t in tricks)
    assert all(len(set(t)) == len(t) - (t.count(pl.Card("JK")) == 2) for t in tricks)


# ------------------------------------------------------------------ page 04


def offered(page: the_bid.BiddingLesson) -> set[str]:
    return {c for b in with_class(page.widget, "pl-bid") for c in b._dom_classes if c.startswith("pl-bid-")}


def legal_classes(actions: tuple[pl.Action, ...]) -> set[str]:
    return {f"pl-bid-{a.value}" if isinstance(a, pl.Bid) else "pl-bid-pass" for a in actions}


@pytest.mark.parametrize("seed", range(1, 13))
def test_bid_bar_offers_only_legal_bids(seed: int) -> None:
    page = the_bid.BiddingLesson(seed=seed)
    assert page.hand.dealer == seed % 4
    assert page.your_turn
    legal = page.hand.legal_actions()
    assert offered(page) == legal_classes(legal)
    before_you = len(page.hand.bids)
    assert len(page.log) == before_you
    assert all(why for seat, _, why in page.log if seat != 0)


def test_stuck_dealer_is_offered_only_the_forced_bid() -> None:
    weak = ["4S 5S 6S 4H 5H 6H 4D 5D 6D", "7S 8S 9S 7H 8H 9H 7D 8D 9D", "4C 5C 6C 7C QS QH QD KS KH"]
    bots = [pl.parse_cards(codes) for codes in weak]
    rest = list(pl.TEN_POINT.deck)
    for card in (c for hand in bots for c in hand):
        rest.remove(card)
    page = the_bid.BiddingLesson(seed=0)
    # the ladder has the third seat bid rather than hand the dealer a cheap 4, so bots that
    # bid from their estimate alone make a stuck dealer: these weak hands all pass
    page.bot = pl.RuleBasedPlayer(bidding="estimate")
    page.start(pl.Hand.from_cards(pl.TEN_POINT, 0, [rest[:9], *bots], rest[9:]))
    assert page.hand.bids == [0, 0, 0]  # all three bots passed
    assert offered(page) == {"pl-bid-4"}
    assert "must bid 4" in page.status.value
    with_class(page.widget, "pl-bid-4")[0].click()
    assert page.hand.bidder == 0
    assert "You won the bid" in page.log_box.value


def test_bidding_then_bots_finish_with_reasons() -> None:
    page = the_bid.BiddingLesson(seed=1)
    with_class(page.widget, "pl-bid-pass")[0].click()
    assert page.hand.phase is not pl.Phase.BID
    assert not with_class(page.widget, "pl-bid")  # the bar is hidden once bidding is over
    assert "Bidding over" in page.status.value
    assert len(page.log) == 4
    assert "names trump" in page.log_box.value or "You won the bid" in page.log_box.value


def test_illegal_bid_gives_a_message_and_changes_nothing() -> None:
    page = the_bid.BiddingLesson(seed=1)
    record = pl.to_record(page.hand)
    assert page.hand.high_bid >= 4
    assert not page.bid(pl.Bid(4))  # not higher than the high bid
    assert (
        page.message_box.value
        == f"That bid is too low: the highest bid so far is {page.hand.high_bid}; bid more or pass."
    )
    assert pl.to_record(page.hand) == record
    page.bid(pl.PASS)
    record = pl.to_record(page.hand)
    assert not page.bid(pl.Bid(10))  # the bidding is over
    assert "bidding is over" in page.message_box.value
    assert pl.to_record(page.hand) == record


def test_hint_gives_the_bots_bid_and_reason() -> None:
    page = the_bid.BiddingLesson(seed=3)
    page.hint_button.click()
    decision = page.bot_decision(0)
    assert "a bot in your chair would" in page.hint_box.value
    assert decision.because.split(",")[0] in page.hint_box.value


def test_new_deal_is_reproducible() -> None:
    page = the_bid.BiddingLesson(seed=4)
    page.deal_button.click()
    assert page.seed == 5
    other = the_bid.BiddingLesson(seed=5)
    assert pl.to_record(page.hand) == pl.to_record(other.hand)
    assert page.log == other.log


def test_opening_bid_figure_is_titled() -> None:
    fig = plots.opening_bid_figure(simulation.opening_bids(300, seed=1))
    assert "seed 1" in fig.layout.title.text
    assert "cards" in fig.layout.xaxis.title.text
    assert "%" in fig.layout.yaxis.title.text


def test_lessons_display_as_their_widget() -> None:
    for page in (the_deal.DealExplorer(), trump_ranks.TrumpQuiz(), the_bid.BiddingLesson()):
        bundle = page._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle  # type: ignore[operator]
