"""The one definition of the play rules (pitchlab.engine.tricks): who wins a trick, card power, game points,
the hand order.

Every expected value below is worked out by hand from ../shared/RULES.md (quoted beside each
case), not read off the code; the last tests check that the engine's fast tables, built from
these functions, pick the same trick winners in every preset.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pitchlab as pl
from pitchlab.engine import tricks
from pitchlab.ui import drawing

S, H, D, C = pl.Suit.SPADES, pl.Suit.HEARTS, pl.Suit.DIAMONDS, pl.Suit.CLUBS
TEN = pl.TEN_POINT
AUCTION = pl.ruleset("auction-pitch")
OKLAHOMA = pl.ruleset("oklahoma")
MISSOURI = pl.ruleset("missouri-eleven")
THIRTEEN = pl.ruleset("thirteen-point")
PLAIN_ORDER = ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2")
AUCTION_OFF_JACK = AUCTION.replace(
    name="auction-off-jack", trump_order=("A", "K", "Q", "J", "OJ", *PLAIN_ORDER[4:])
)
"""A house rule: Auction Pitch with the off-jack as trump (no preset plays follow-suit with one)."""
AUCTION_JOKERS = AUCTION.replace(
    name="auction-jokers",
    jokers=(pl.Card("JK"), pl.Card("JK")),
    trump_order=("A", "K", "Q", "J", "OJ", "JK", "JK", *PLAIN_ORDER[4:]),
    trump_choice="named",
)
"""Auction Pitch with the off-jack and two identical jokers as trump, for the property test (the
bidder names trump: a joker led as the pitch would name no suit)."""


def winner(rules: pl.Ruleset, trump: pl.Suit, codes: str) -> int:
    return pl.trick_winner(rules, trump, pl.parse_cards(codes))


# ------------------------------------------------------------------ trick_winner


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        # "Trump rank, high to low: A, K, Q, J, off-jack, joker, joker, 10, 9, ..., 2"
        ("9H 2H AH", 2),
        ("2H 3H", 1),
        ("TH JD", 1),  # the off-jack (jack of the same colour) above the ten
        ("JD JH", 1),  # the jack of trump above the off-jack
        ("JH JD", 0),
        ("JK JD 9H", 1),  # the off-jack above a joker
        ("QH JK", 0),
        ("TH JK", 1),  # a joker above the ten
        # "Two jokers in one trick: the one played first beats the other."
        ("JK TH JK", 0),
        ("TH JK JK", 1),
        ("9H JK 2H JK", 1),
    ],
)
def test_ten_point_tricks(codes: str, expected: int) -> None:
    assert winner(TEN, H, codes) == expected


def test_ten_point_off_jack_follows_the_colour() -> None:
    """Spades trump: the off-jack is the jack of clubs (spades<->clubs), and the jack of
    diamonds is no trump at all (it is never played in ten-point)."""
    assert winner(TEN, S, "TS JC") == 1
    assert winner(TEN, S, "JC JS") == 1
    assert pl.card_power(TEN, S, S, pl.Card("JD")) == 0


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        # "plain lead: follow suit or trump": a trick with no trump goes to the highest of the suit led
        ("KH 2H AH QD", 2),
        ("5D AC 7D 2D", 2),  # the ace of another plain suit cannot win
        ("9C AH KD QH", 0),  # nobody followed clubs, nobody trumped: the lead wins
        # any trump beats the suit led
        ("KH 3S AH", 1),
        ("AH 2S 3S", 2),  # two trumps: the higher one
        # "trump lead must be followed with trump if possible": a trump lead, plain cards cannot win
        ("4S AH 2S", 0),
        ("2S AH KD", 0),
        ("2S AH 5S", 2),
    ],
)
def test_follow_suit_tricks(codes: str, expected: int) -> None:
    """Auction Pitch, spades trump."""
    assert winner(AUCTION, S, codes) == expected


def test_an_off_jack_lead_is_a_trump_lead() -> None:
    """With the off-jack trump, J♣ led under spades is a trump lead, not a club lead: Q♣ does
    not follow it and cannot win. Without the off-jack rule J♣ is a club and Q♣ beats it."""
    assert winner(AUCTION_OFF_JACK, S, "JC QC AC") == 0
    assert winner(AUCTION_OFF_JACK, S, "JC QC 2S") == 0  # the off-jack above the two of trump
    assert winner(AUCTION, S, "JC QC AC") == 2
    assert tricks.play_suit(AUCTION_OFF_JACK, S, pl.Card("JC")) is S
    assert tricks.play_suit(AUCTION, S, pl.Card("JC")) is C


@pytest.mark.parametrize("rules", [OKLAHOMA, pl.ruleset("thirty-one")], ids=lambda r: r.name)
def test_distinct_jokers(rules: pl.Ruleset) -> None:
    """RULES.md: "high and low jokers are distinct (high beats low)"; both below the off-jack, above the ten."""
    assert winner(rules, H, "JKL JKH") == 1
    assert winner(rules, H, "JKH JKL") == 0
    assert winner(rules, H, "JKH JD") == 1
    assert winner(rules, H, "TH JKL") == 1


def test_off_ace_and_off_three() -> None:
    """Missouri eleven: "the off-ace (second-highest trump)"; thirteen-point: the off-three,
    placed between the three and the two of trump."""
    assert winner(MISSOURI, H, "KH AD") == 1
    assert winner(MISSOURI, H, "AD AH") == 1
    assert winner(THIRTEEN, H, "2H 3D") == 1
    assert winner(THIRTEEN, H, "3D 3H") == 1
    assert winner(THIRTEEN, H, "3D 4H") == 1


def test_an_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        pl.trick_winner(TEN, H, [])


# ------------------------------------------------------------------ card_power and beats


def test_card_power_values() -> None:
    """Ten-point hearts: 16 trump roles, so the ace ranks 16 and the two 1; the jokers are the
    sixth role from the top (A K Q J off-jack joker), rank 11, and share it."""
    power = {code: pl.card_power(TEN, H, H, pl.Card(code)) for code in ("AH", "2H", "JK", "TH", "9S")}
    assert power == {"AH": 116, "2H": 101, "JK": 111, "TH": 109, "9S": 0}


def test_card_power_of_plain_cards() -> None:
    """Follow-suit: a card of the plain suit led counts its natural rank (A 14 ... 2 2); another
    plain card, or any plain card under a trump lead, counts 0; with nothing led only trump counts.
    Where only trump is played a plain card never counts."""
    assert pl.card_power(AUCTION, S, H, pl.Card("AH")) == 14
    assert pl.card_power(AUCTION, S, H, pl.Card("2H")) == 2
    assert pl.card_power(AUCTION, S, H, pl.Card("AD")) == 0
    assert pl.card_power(AUCTION, S, S, pl.Card("AH")) == 0
    assert pl.card_power(AUCTION, S, None, pl.Card("AH")) == 0
    assert pl.card_power(AUCTION, S, None, pl.Card("2S")) == 101
    assert pl.card_power(TEN, S, H, pl.Card("AH")) == 0


def test_beats_needs_a_strictly_higher_card() -> None:
    jk = pl.Card("JK")
    assert not tricks.beats(TEN, H, H, jk, jk)  # the second joker does not take the first's trick
    assert tricks.beats(TEN, H, H, pl.Card("JD"), jk)
    assert not tricks.beats(TEN, H, H, pl.Card("TH"), jk)
    assert tricks.beats(AUCTION, S, H, pl.Card("3S"), pl.Card("AH"))
    assert not tricks.beats(AUCTION, S, H, pl.Card("AC"), pl.Card("2H"))


# ------------------------------------------------------------------ game points


def test_game_points_of_single_cards() -> None:
    """RULES.md: "Game (most game points: 10=10, A=4, K=3, Q=2, J=1)"; every other card and a joker 0."""
    expected = {"TH": 10, "AS": 4, "KD": 3, "QC": 2, "JH": 1, "9S": 0, "2H": 0, "JK": 0, "JKH": 0}
    assert {code: pl.game_points(pl.Card(code)) for code in expected} == expected


def test_game_points_sums() -> None:
    """Each suit counts 10 + 4 + 3 + 2 + 1 = 20, so a 52-card deck 80 (jokers add nothing), and
    the eight-player deck without threes 80 too; a hand of A♠ K♠ T♥ 2♣ 3♦ J♦ counts 4+3+10+1 = 18."""
    assert sum(pl.game_points(c) for c in AUCTION.deck) == 80
    assert sum(pl.game_points(c) for c in TEN.deck) == 80
    assert sum(pl.game_points(c) for c in pl.ruleset("high-low-jack-8").deck) == 80
    assert sum(pl.game_points(c) for c in pl.parse_cards("AS KS TH 2C 3D JD")) == 18
    assert tricks.GAME_POINTS[pl.Card("TD")] == 10 and len(tricks.GAME_POINTS) == len(pl.CARDS)


def test_the_pages_state_the_game_points_of_the_rules() -> None:
    assert tricks.game_points_words() == "10 = 10, A = 4, K = 3, Q = 2, J = 1"
    assert "(10 = 10, A = 4, K = 3, Q = 2, J = 1)" in drawing._AWARD_NAMES["game"][1]


def test_engine_game_points_of_a_played_hand() -> None:
    """The engine's per-side game points, recounted by hand-independent route: the captured cards
    of each team summed with game_points (the engine sums a slot table built from it)."""
    hand = pl.Hand.deal(AUCTION, dealer=0, seed=5)
    rng = random.Random(5)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    by_team = [0] * AUCTION.num_teams
    for trick in hand.tricks:
        assert trick.winner is not None
        by_team[AUCTION.teams[trick.winner]] += sum(pl.game_points(c) for c in trick.cards)
    assert hand.game_points() == by_team
    assert sum(by_team) == sum(pl.game_points(c) for t in hand.tricks for c in t.cards)


# ------------------------------------------------------------------ the hand order


def test_sort_cards_before_trump() -> None:
    """Jokers first (trump whatever suit is named), then spades, hearts, clubs, diamonds, high first."""
    cards = pl.parse_cards("2C JK 5D AS TH 4S KC")
    assert [c.code for c in pl.sort_cards(cards)] == ["JK", "AS", "4S", "TH", "KC", "2C", "5D"]
    assert [c.code for c in pl.sort_cards(pl.parse_cards("2S JKL JKH"))] == ["JKH", "JKL", "2S"]


def test_sort_cards_with_trump() -> None:
    """Hearts trump: A♥, the off-jack J♦, the joker, 10♥ in trump order, then the rest by suit."""
    cards = pl.parse_cards("2C JK AS TH JD 5D AH")
    got = [c.code for c in pl.sort_cards(cards, TEN, H)]
    assert got == ["AH", "JD", "JK", "TH", "AS", "2C", "5D"]


# ------------------------------------------------------------------ the engine agrees


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from([*map(pl.ruleset, pl.ruleset_names()), AUCTION_OFF_JACK, AUCTION_JOKERS]),
    seed=st.integers(0, 2**32 - 1),
)
def test_engine_trick_winner_is_the_pure_one(rules: pl.Ruleset, seed: int) -> None:
    """Random legal hands through the fast path (``legal_codes``/``step``), every preset and two
    follow-suit house rules: each trick's winner in the engine is :func:`pl.trick_winner`'s."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(rules, dealer=rng.randrange(rules.players), seed=rng)
    while not hand.is_over:
        codes = hand.legal_codes()
        hand.step(codes[rng.randrange(len(codes))])
    for trick in hand.tricks:
        assert hand.trump is not None
        assert trick.winner == trick.seats[pl.trick_winner(rules, hand.trump, trick.cards)], trick


THIRTEEN_JOKERS = pl.ruleset("thirteen-card").replace(
    name="thirteen-card-jokers",
    jokers=(pl.Card("JK"), pl.Card("JK")),
    trump_order=("A", "K", "Q", "J", "OJ", "JK", "JK", *PLAIN_ORDER[4:]),
    trump_choice="named",
)
"""Every card but two dealt, follow-suit, with two identical jokers: tricks holding both jokers
come often enough for a seeded sweep to meet them (random presets rarely do in follow-suit play)."""


def test_follow_suit_engine_gives_two_jokers_to_the_first() -> None:
    """Seeded hands of :data:`THIRTEEN_JOKERS` through the fast path: every trick's engine winner is
    :func:`pl.trick_winner`'s, and some tricks hold both jokers (so the rule "the one played first
    beats the other" is really exercised in follow-suit play)."""
    both = 0
    for seed in range(150):
        rng = random.Random(seed)
        hand = pl.Hand.deal(THIRTEEN_JOKERS, dealer=seed % 4, seed=rng)
        while not hand.is_over:
            codes = hand.legal_codes()
            hand.step(codes[rng.randrange(len(codes))])
        assert hand.trump is not None
        for trick in hand.tricks:
            assert trick.winner == trick.seats[pl.trick_winner(THIRTEEN_JOKERS, hand.trump, trick.cards)]
            both += trick.cards.count(pl.Card("JK")) == 2
    assert both >= 5
