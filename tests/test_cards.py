"""Card notation (HAND-RECORD.md, "Cards"): parsing, canonical output, suits, pictures."""

from __future__ import annotations

import pickle
import re

import pytest

import pitchlab as pl
from pitchlab.engine.cards import card_name, spoken
from pitchlab.ui.drawing import BLACK, RED

# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("TH", "TH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("10♥", "TH"),
        ("th", "TH"),
        ("tH", "TH"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("A♦", "AD"),
        ("2♣", "2C"),
        ("K♡", "KH"),
        ("J♢", "JD"),
        ("3♤", "3S"),
        ("9♧", "9C"),
        ("as", "AS"),
        ("jc", "JC"),
        ("jk", "JK"),
        ("JK", "JK"),
        ("Jk", "JK"),
        ("JKL", "JKL"),
        ("jkl", "JKL"),
        ("JKH", "JKH"),
        ("  TH  ", "TH"),
        ("\t10d\n", "TD"),
    ],
)
def test_parse_card_accepts_every_documented_spelling(text: str, code: str) -> None:
    """Rank then suit, `10` for `T`, suit symbols, any case, surrounding blanks ignored."""
    assert pl.Card(text).code == code
    assert pl.parse_card(text).code == code


def test_card_indices_follow_suit_then_rank() -> None:
    """Indices 0-51 are suit*13 + rank-2 in suit order S H D C; 52-54 the jokers."""
    assert int(pl.Card("2S")) == 0
    assert int(pl.Card("AS")) == 12
    assert int(pl.Card("2H")) == 13
    assert int(pl.Card("TH")) == 13 + 8
    assert int(pl.Card("AC")) == 51
    assert int(pl.Card("JK")) == 52
    assert int(pl.Card("JKH")) == 53
    assert int(pl.Card("JKL")) == 54
    assert pl.Card(21) is pl.Card("TH")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "T",
        "H",
        "1H",
        "11H",
        "0H",
        "1OH",
        "TX",
        "ZH",
        "AHH",
        "HA",
        "J K",
        "JKX",
        "JKK",
        "JOKER",
        "10",
        "T H",
        "A,H",
        "♥",
    ],
)
def test_bad_card_text_raises_card_error(text: str) -> None:
    """Anything that is not a card code is refused with CardError, a ValueError."""
    with pytest.raises(pl.CardError):
        pl.parse_card(text)
    with pytest.raises(ValueError, match="not a card"):
        pl.Card(text)


@pytest.mark.parametrize("value", [-1, 55, 100])
def test_bad_card_index_raises_card_error(value: int) -> None:
    """Card indices run 0-54."""
    with pytest.raises(pl.CardError):
        pl.Card(value)


def test_non_text_is_not_a_card() -> None:
    """parse_card takes text only."""
    with pytest.raises(pl.CardError):
        pl.parse_card(None)  # type: ignore[arg-type]
    with pytest.raises(pl.CardError):
        pl.parse_card(14)  # type: ignore[arg-type]
    with pytest.raises(pl.CardError):
        pl.Card(2.0)  # type: ignore[arg-type]


def test_card_error_is_a_value_error_and_a_pitch_error() -> None:
    assert issubclass(pl.CardError, ValueError)
    assert issubclass(pl.CardError, pl.PitchError)


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert [c.code for c in pl.parse_cards("AH, 10d  jk,Q♠")] == ["AH", "TD", "JK", "QS"]
    assert [c.code for c in pl.parse_cards(["ah", "2c"])] == ["AH", "2C"]
    assert pl.parse_cards("") == []
    with pytest.raises(pl.CardError):
        pl.parse_cards("AH XX")


# ------------------------------------------------------------------- output


def test_output_is_canonical_ascii() -> None:
    """Output uses the canonical form: `T` for ten, ASCII suit letter, `JK`."""
    assert str(pl.Card("10♥")) == "TH"
    assert pl.Card("q♠").code == "QS"
    assert f"{pl.Card('10c')}" == "TC"
    assert f"{pl.Card('jk'):>4}" == "  JK"
    assert pl.format_cards(pl.parse_cards("10h jk 2♣")) == "TH JK 2C"


def test_every_code_is_two_ascii_letters_or_a_joker() -> None:
    """Every canonical code parses back to the same card and is upper-case ASCII."""
    assert len(pl.CARDS) == 55
    seen = set()
    for c in pl.CARDS:
        code = c.code
        assert code.isascii()
        assert code == code.upper()
        assert pl.Card(code) == c
        assert pl.Card(code.lower()) == c
        seen.add(code)
    assert len(seen) == 55


def test_repr_round_trips() -> None:
    """repr(card) is `Card('TH')` and evaluates back to the same card; pickling keeps it."""
    assert repr(pl.Card("10h")) == "Card('TH')"
    for c in pl.CARDS:
        assert eval(repr(c), {"Card": pl.Card}) == c
        assert pickle.loads(pickle.dumps(c)) is c


def test_labels_use_symbols_and_10() -> None:
    assert pl.Card("TH").label == "10♥"
    assert pl.Card("QS").label == "Q♠"
    assert pl.Card("JK").label == "Joker"


# -------------------------------------------------------------------- suits


def test_suit_and_rank_of_a_card() -> None:
    c = pl.Card("TH")
    assert c.suit is pl.Suit.HEARTS
    assert c.rank is pl.Rank.TEN
    assert not c.is_joker
    joker = pl.Card("JK")
    assert joker.is_joker
    assert joker.suit is None
    assert joker.rank is None


@pytest.mark.parametrize(
    ("suit", "sibling", "red"),
    [
        (pl.Suit.HEARTS, pl.Suit.DIAMONDS, True),
        (pl.Suit.DIAMONDS, pl.Suit.HEARTS, True),
        (pl.Suit.SPADES, pl.Suit.CLUBS, False),
        (pl.Suit.CLUBS, pl.Suit.SPADES, False),
    ],
)
def test_sibling_suit_is_the_other_suit_of_the_same_colour(
    suit: pl.Suit, sibling: pl.Suit, red: bool
) -> None:
    """The off-jack's home: hearts<->diamonds, spades<->clubs."""
    assert suit.sibling is sibling
    assert sibling.sibling is suit
    assert suit.is_red is red
    assert sibling.is_red is red


@pytest.mark.parametrize(
    ("text", "suit"),
    [("S", pl.Suit.SPADES), ("h", pl.Suit.HEARTS), ("♦", pl.Suit.DIAMONDS), (" c ", pl.Suit.CLUBS)],
)
def test_suit_parse(text: str, suit: pl.Suit) -> None:
    assert pl.Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "X", "HEARTS", "SH"])
def test_bad_suit_raises_card_error(text: str) -> None:
    with pytest.raises(pl.CardError):
        pl.Suit.parse(text)


def test_card_colours() -> None:
    """Hearts and diamonds are red, spades and clubs black."""
    for code in ("AH", "2D", "TH", "JD"):
        assert pl.Card(code).is_red
    for code in ("AS", "2C", "TS", "JC"):
        assert not pl.Card(code).is_red


# ----------------------------------------------------------------- pictures


def picture(code: str) -> str:
    """A card's picture in a notebook: the drawing wing (imported above) hands it to the engine."""
    html = pl.Card(code)._repr_html_()
    assert html is not None
    return html


@pytest.mark.parametrize(
    ("code", "colour", "other"),
    [("AH", RED, BLACK), ("TD", RED, BLACK), ("QS", BLACK, RED), ("2C", BLACK, RED)],
)
def test_html_shows_code_and_colour(code: str, colour: str, other: str) -> None:
    """A card's notebook picture carries its code and its suit's colour."""
    html = picture(code)
    assert code in html
    assert colour in html
    assert other not in html


def test_html_of_the_ten_and_joker() -> None:
    assert "TH" in picture("10h")
    assert "JK" in picture("jk")


# ------------------------------------------------------------------ in words


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("JD", "jack of diamonds"),
        ("TH", "10 of hearts"),
        ("7H", "7 of hearts"),
        ("2C", "2 of clubs"),
        ("AS", "ace of spades"),
        ("KC", "king of clubs"),
        ("QH", "queen of hearts"),
        ("9S", "9 of spades"),
        ("JK", "joker"),
        ("JKH", "high joker"),
        ("JKL", "low joker"),
    ],
)
def test_a_card_in_words(code: str, name: str) -> None:
    assert card_name(pl.Card(code)) == name


RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def test_every_card_has_its_own_name_read_from_its_code() -> None:
    """All 55 card values (52, the joker and the distinct high and low jokers): each name is
    the code's rank and suit in words (this test's own tables), and no two cards share one."""
    names = [card_name(card) for card in pl.CARDS]
    assert len(set(names)) == len(names) == 55
    for card, name in zip(pl.CARDS, names, strict=True):
        if card.is_joker:
            continue
        rank, suit = card.code[0], card.code[1]
        assert name == f"{RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit]}", card.code
        assert not re.search(r"[♠♥♦♣]", name)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("East plays A♠", "East plays ace of spades"),
        ("West names ♥ hearts as trump", "West names hearts as trump"),
        (
            "Only trump: 10♦ and J♣ (trump is ♣)",
            "Only trump: 10 of diamonds and jack of clubs (trump is clubs)",
        ),
        ("You play Joker", "You play Joker"),
    ],
)
def test_a_line_of_the_app_in_words(text: str, words: str) -> None:
    assert spoken(text) == words
