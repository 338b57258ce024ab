"""No text the table shows during a hand names a card hidden from the learner's seat.

Seeded hands in every preset, with the app's bots and a learner who plays a random legal
move, driven through the app's table. After every step each text the page would show
(the Why? panel, the history, what a screen reader hears, the status line) is scanned for
the cards the learner has not seen. What the learner has seen is worked out here from the
hand itself (their own cards, every card laid face up, a hand shown when thrown in, the
called card), apart from the bots' own split of what they may say: a card is "hidden" if
no card with its label is among them, so the check does not trust the code it tests.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import pitchlab as pl
from pitchlab.bots.claims import (
    Beats,
    BidWinsGame,
    Claim,
    DealerStuck,
    Estimate,
    HandHolds,
    HighBid,
    OutOf,
    Shown,
    TrickGame,
    TrickPoints,
    Unbeatable,
    Void,
    first_sentence,
    public,
    word_count,
)
from pitchlab.bots.players import BiddingStyle
from pitchlab.engine.cards import Card, Suit, card_name
from pitchlab.engine.hand import Hand
from pitchlab.lessons.tutorial import the_bid, the_bury, the_play
from pitchlab.ui.session import BIDDING_STYLES, Table
from pitchlab.ui.table_app import TableApp, log_html, why_html

SEEDS: dict[int, BiddingStyle] = {1: "ladder", 2: "game"}
"""Each seed's bidding style, so both styles the app offers are played (:data:`BIDDING_STYLES`)."""
HANDS = 2
"""Hands played from each seed: the second starts from a score, which the bidding reads."""


def seen_by_learner(hand: Hand, human: int) -> set[Card]:
    """The cards the learner's seat has seen this hand, read from the hand, not from any view."""
    seen = set(hand.dealt_to(human)) | set(hand.hand_of(human)) | set(hand.played_cards)
    for refill in hand.refills:
        if refill.seat == human:
            seen |= {*refill.thrown, *refill.drawn}
    for seat in range(hand.rules.players):
        seen |= set(hand.buried_by(seat))
    for _seat, mask in hand.thrown_in:
        seen |= set(hand.cards(mask))
    if hand.called is not None:
        seen.add(hand.called)  # the call names it; who holds it may stay hidden
    return seen


def _forms(card: Card) -> tuple[str, ...]:
    """How a text may name a card: its label (``10♥``, ``Joker``) and its words (``10 of hearts``).
    A plain joker's words ("joker") are left out: rules talk of jokers by that word."""
    if card.is_joker:
        return (card.label,) if card.label == "Joker" else (card.label, card_name(card))
    return (card.label, card_name(card))


def hidden_named(text: str, hand: Hand, human: int) -> list[str]:
    """The names in ``text`` of cards the learner has not seen (none of their label seen)."""
    seen = seen_by_learner(hand, human)
    open_forms = {form for card in seen for form in _forms(card)}
    found = []
    for card in set(hand.rules.deck) - seen:
        for form in _forms(card):
            if form in open_forms:
                continue  # a twin (the other joker) was seen: its name is fair
            if re.search(rf"(?<![\w]){re.escape(form)}(?![\w])", text):
                found.append(form)
    return found


def page_texts(app: TableApp, start: int) -> Iterator[str]:
    """What the page shows of the current hand, as the app renders it (the history from line
    ``start``, where the hand was dealt; earlier hands are over and may show their cards)."""
    table = app.table
    yield table.status()
    yield table.message
    yield why_html(table)
    yield log_html(table, lines=len(table.log) - start)
    yield app.announcement()


def play_and_scan(name: str, seed: int) -> int:
    """Play ``HANDS`` hands of ``name`` from ``seed``, scanning every step; the steps scanned."""
    table = Table(rules=pl.ruleset(name), seed=seed, bidding=SEEDS[seed])
    app = TableApp(table, choose_rules=False)
    learner = random.Random(seed)
    steps = 0
    for _ in range(HANDS):
        start = max(i for i, e in enumerate(table.log) if e.text.startswith("New hand"))
        hand = table.hand
        while not hand.is_over and table.game.winner is None:
            if table.human_to_act:
                legal = table.legal()
                table.act(legal[learner.randrange(len(legal))])
            else:
                table.advance()
            if table.hand is not hand:  # thrown in and dealt again: a new hand to scan
                hand = table.hand
                start = max(i for i, e in enumerate(table.log) if e.text.startswith("New hand"))
            texts = list(page_texts(app, start))  # as the page refreshes after every step
            if hand.is_over:
                break
            steps += 1
            for text in texts:
                named = hidden_named(text, hand, table.human or 0)
                assert not named, f"{name} seed {seed}: {named} named before the hand ended in {text!r}"
        if table.game.winner is not None or not table.new_hand():
            break
        app.announcement()  # the new deal, said as the page refreshes
    return steps


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_no_text_names_a_card_hidden_from_the_learner(name: str) -> None:
    assert set(SEEDS.values()) == set(BIDDING_STYLES)
    steps = sum(play_and_scan(name, seed) for seed in SEEDS)
    assert steps >= 10  # the hands were played, not skipped


def test_the_scan_finds_a_hidden_card() -> None:
    """The scan itself: a card in another seat's hand is found by label and in words;
    the learner's own cards are not."""
    hand = Hand.deal(pl.TEN_POINT, 3, 5)
    west = next(c for c in hand.hand_of(1) if not c.is_joker)
    mine = next(c for c in hand.hand_of(0) if not c.is_joker)
    assert hidden_named(f"West holds {west.label}", hand, 0) == [west.label]
    assert hidden_named(f"West holds the {card_name(west)}.", hand, 0) == [card_name(west)]
    assert hidden_named(f"You hold {mine.label} and {card_name(mine)}", hand, 0) == []


def _scan(texts: Iterator[str] | list[str], hand: Hand, where: str) -> None:
    for text in texts:
        named = hidden_named(text, hand, 0)
        assert not named, f"{where}: {named} named before the hand ended in {text!r}"


@pytest.mark.parametrize("name", ["ten-point", "auction-pitch", "thirty-one", "call-partner"])
def test_the_bidding_page_keeps_the_bots_hands_hidden(name: str) -> None:
    """Tutorial page 4: while the bidding is on, the log names none of the bots' cards; once it
    is over (the page's deal stops there) the full reasons are a click away, and only there."""
    for seed in range(1, 7):
        page = the_bid.BiddingLesson(seed=seed, rules=pl.ruleset(name))
        learner = random.Random(seed)
        while page.your_turn:
            _scan([page.log_box.value, page.status.value], page.hand, f"{name} seed {seed}")
            legal = page.legal()
            page.bid(legal[learner.randrange(len(legal))])
        shown, _, full = page.log_box.value.partition('<details class="pl-full-reasons">')
        _scan([shown, page.status.value], page.hand, f"{name} seed {seed}, bidding over")
        if page.hand.bidder is not None:
            assert "full reasons" in full


@pytest.mark.parametrize("seed", [13, 21, 5])
def test_the_bury_and_play_pages_keep_the_bots_hands_hidden(seed: int) -> None:
    """Tutorial pages 6 and 7: the advice, the Why? panel and the history name no card of
    another seat's hand before the hand is over."""
    play = the_play.TrickByTrick(seed=seed)
    while not play.hand.is_over:
        _scan([play.why.value, play.history.value, play.status.value], play.hand, f"page 7 seed {seed}")
        if play.my_turn:
            play.pick(play.legal()[0])
        else:
            play.advance()
    bury = the_bury.BuryChooser()
    while not bury.hand.is_over:
        _scan([bury.advice.value, bury.history.value, bury.outcome.value], bury.hand, "page 6")
        if bury.my_turn:
            bury.pick(bury.legal()[0])
        else:
            bury.advance()


# ------------------------------------------------------------ the split, claim by claim

SHOWN = Shown(frozenset({Card("KS"), Card("2S")}), out=frozenset({3}), partners_known=True)
"""A table that has seen K♠ and 2♠ played, and seat 3 passed over for want of trump."""


@pytest.mark.parametrize(
    ("claim", "reveals"),
    [
        (HandHolds(Suit.SPADES, (Card("AS"), Card("3S")), 4), True),  # the hand itself
        (Estimate("points this hand should take as bidder", 5.0, "points", "rules of thumb"), True),
        (HighBid(6), False),
        (DealerStuck(), False),
        (BidWinsGame(6, 46, 52), False),
        (Beats(Card("AS"), Card("KS")), True),  # the ace is still in the hand
        (Beats(Card("2S"), Card("KS")), False),  # both seen: a fact of the trick
        (Unbeatable(Card("AS")), True),  # "still out" rests on the seat's own cards
        (OutOf(3, Suit.SPADES, True), False),  # the table saw seat 3 passed over
        (OutOf(1, Suit.SPADES, True), True),
        (Void(Suit.HEARTS), True),
        (TrickPoints((Card("2S"),), 1), False),
    ],
)
def test_a_claim_is_public_when_it_rests_on_what_the_table_has_seen(claim: Claim, reveals: bool) -> None:
    assert claim.reveals(SHOWN) is reveals
    assert public([claim], SHOWN) == (() if reveals else (claim,))


def test_the_first_sentence_is_short_and_the_rest_a_click_away() -> None:
    rules = pl.TEN_POINT
    # counted by hand: "bid 6: the high bid so far is 5" is 9 words
    assert first_sentence("bid 6", (HighBid(5),), 1, rules) == "bid 6: the high bid so far is 5"
    assert word_count("bid 6: the high bid so far is 5") == 9
    # the Game claim runs to 28 words, 33 with "take the trick with Q♠:": over 25, so the
    # conclusion stands alone and the claim goes under More
    game = TrickGame((Card("KS"), Card("AS")), 7)
    assert word_count(game.words(1, rules)) == 28
    assert first_sentence("take the trick with Q♠", (game,), 1, rules) == "take the trick with Q♠"


def test_a_bid_tells_the_table_the_auction_and_keeps_the_hand() -> None:
    """A bot's opening bid in ten-point: its full reasoning lists its trump; what it tells the
    table is the bid and that nobody has bid yet. Bidding to win the game, the same seat bids
    10 and tells the table why from the rules alone (it keeps the bid from the other side),
    nobody having bid yet a click away."""
    hand = Hand.deal(pl.TEN_POINT, 3, 1)
    decision = pl.RuleBasedPlayer(bidding="ladder").decide(hand.view(0))
    assert "I hold" in decision.why
    assert decision.said.endswith(": nobody has bid yet") and "I hold" not in decision.said
    assert not any("I hold" in line for line in decision.more)
    blocking = pl.RuleBasedPlayer(bidding="game").decide(hand.view(0))
    assert "I hold" in blocking.why and "I hold" not in blocking.said
    assert blocking.said.startswith("Bid to win the game — bid 10: a 10 keeps the bid from them")
    assert blocking.more == ("nobody has bid yet",)
