"""The coach's hint at every kind of decision, and the explorer's advice, without a browser.

The learner sits in seat 0. Each position is a hand record made by hand
(:func:`tests.test_decide.deal`) and loaded into the table, so the learner is
to act in the phase under test; the expected advice is worked out from the
rules or the plain reading of the hand (see tests/test_decide.py for each).
The hint must name the action in words and give the bot's reason.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.engine.actions import Bid, Bury, Call, Discard, NameTrump, Play
from pitchlab.ui.coach import PlayPanel
from pitchlab.ui.session import Table, imperative
from pitchlab.ui.table_app import TableApp
from tests.test_decide import deal
from tests.widget_tree import as_shown

Record = dict[str, Any]

EIGHT_HEARTS = "KH QH JH TH 9H 8H 3H 2H 4S"
OTHER_HEARTS = "AH 7H 6H 5H 4H JD JK JK"
"""The bidder's eight hearts and the others': with the ace out, the first trick is not sure to
be the bidder's, so it buries the two first (its point stays with its holder)."""

# (id, record with seat 0 to act, the words the hint must show, the bot it comes from)
HINTS: list[tuple[str, Record, tuple[str, ...], str]] = [
    (
        "bid-stuck-dealer",
        deal("ten-point", 0, {}, bids=["pass", "pass", "pass"]),
        ("Bid 4.",),
        "the strong bot",
    ),
    (
        "name-trump",
        deal("ten-point", 3, {0: "AS KS QS JS TS 9S 3S JC 4D"}, bids=[6, "pass", "pass", "pass"]),
        ("Name ♠ spades as trump.",),
        "the strong bot",
    ),
    (
        "bury-the-two",
        deal("ten-point", 3, {0: EIGHT_HEARTS}, OTHER_HEARTS, bids=[5, "pass", "pass", "pass"], trump="H"),
        ("Bury 2♥.",),
        "the strong bot",
    ),
    (
        "play-the-only-trump",
        deal(
            "ten-point",
            0,
            {0: "3H AS KS QS 9S 8C 7C 6C 5C"},
            "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 2H JD JK JK",
            bids=["pass", "pass", "pass", 4],
            trump="H",
        ),
        ("Play 3♥.",),
        "the strong bot",
    ),
    (
        # cutthroat's three seats: seat 0 bids first, wins the bid, names hearts and discards
        # first; it throws the junk 7C and 4D and keeps its trump
        "discard",
        deal("cutthroat", 2, {0: "AH KH 2H AS 7C 4D"}, bids=[2, "pass", "pass"], trump="H"),
        ("Throw away", "7♣", "4♦", "and draw 2."),
        "the rule-based bot",
    ),
    (
        "call-a-partner",
        deal(
            "call-partner",
            3,
            {0: "AS KS QS 3S 2S JC 9D 8D 7C"},
            "JS TS 9S 8S 7S 6S 5S 4S JK JK",
            bids=[5, "pass", "pass", "pass"],
            trump="S",
        ),
        ("Call J♠: whoever holds it is the bidder's partner this hand.",),
        "the rule-based bot",
    ),
]


def table_at(record: Record) -> Table:
    """A table for the record's ruleset with the record loaded: the learner (seat 0) to act."""
    table = Table(rules=pl.ruleset(record["ruleset"]), seed=5)
    assert table.load(json.dumps(record)), table.message
    assert table.human_to_act, table.status()
    return table


@pytest.mark.parametrize(("record", "words", "bot"), [pytest.param(*h[1:], id=h[0]) for h in HINTS])
def test_the_hint_button_gives_the_action_and_the_reason_at_every_decision(
    record: Record, words: tuple[str, ...], bot: str
) -> None:
    app = TableApp(table_at(record))
    coach = app.coach
    before = (app.table.record(), len(app.table.log))
    assert not coach.hint_button.disabled
    assert coach.hint_button.layout.display is None
    coach.hint_button.click()
    text = as_shown(coach.hint_text.value)
    assert text.startswith("<b>Hint:</b> ")
    for part in words:
        assert part in text, f"{part!r} not in {text}"
    assert f"Why ({bot}, from your cards alone): " in text
    why = text.split("cards alone): ", 1)[1]
    assert len(why.split()) >= 3, why  # the reason in words, not an empty tail
    assert (app.table.record(), len(app.table.log)) == before, "a hint changes nothing"


def test_a_throw_in_hand_gets_a_hint_among_its_choices() -> None:
    """Two-handed, seat 0 first to bid with ten-high: it may bid, pass or throw in."""
    table = table_at(deal("two-handed", 1, {0: "TS 9S 8S 7H 6H 5D 4D 3C 2C"}, bids=[]))
    assert pl.THROW_IN in table.legal()
    advice = table.hint()
    assert advice.action in table.legal()
    words = imperative(advice.action, table.rules)
    assert words in {"Pass", "Bid 2", "Bid 3", "Bid 4", "Throw in the hand for a new deal"}


def test_the_hint_follows_the_position_and_is_refused_off_turn() -> None:
    app = TableApp(seed=12)
    table, coach = app.table, app.coach
    assert table.human_to_act and table.hand.phase is pl.Phase.BID  # seat 0 bids first in game 12
    coach.hint_button.click()
    first = coach.hint_text.value
    assert "<b>Hint:</b> " in first and ("Bid " in first or "Pass." in first)
    coach.hint_button.click()
    assert coach.hint_text.value == first, "the same position gives the same hint"
    app._act(table.hint().action)  # the learner takes the advice
    assert coach.hint_text.value == "", "a hint is cleared once the position moves on"
    assert coach.hint_button.disabled == (not table.human_to_act)
    if not table.human_to_act:
        coach.ask_hint()
        assert "Hints are for your turn" in coach.hint_text.value


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_every_ruleset_offers_the_hint(name: str) -> None:
    """Where the strong bot cannot search, the rule-based bot advises: the button is always there."""
    app = TableApp(rules=name, seed=3)
    app.table.run_bots()
    app.refresh()
    assert app.coach.hint_button.layout.display is None
    if app.table.human_to_act:
        app.coach.ask_hint()
        assert "Why (the " in app.coach.hint_text.value


def test_imperative_words_each_kind_of_action() -> None:
    missouri = pl.ruleset("missouri-eleven")
    assert imperative(Bid(11), missouri) == "Shoot the moon"
    assert imperative(Bid(5), missouri) == "Bid 5"
    assert imperative(pl.PASS) == "Pass"
    assert imperative(NameTrump(pl.Suit.HEARTS)) == "Name ♥ hearts as trump"
    assert imperative(Bury(pl.Card("2H"))) == "Bury 2♥"
    assert imperative(Play(pl.Card("TH"))) == "Play 10♥"
    assert imperative(Discard((pl.Card("7C"), pl.Card("4D")))) == "Throw away 7♣ 4♦ and draw 2"
    assert imperative(Discard(())) == "Keep every card"
    assert imperative(Call(pl.Card("JS"))) == "Call J♠: whoever holds it is the bidder's partner this hand"
    assert imperative(pl.THROW_IN) == "Throw in the hand for a new deal"


@pytest.mark.parametrize(
    ("record", "head", "advice"),
    [
        pytest.param(HINTS[0][1], "Seat 0 to bid.", '<span class="pl-hint-action">Bid 4.', id="bid"),
        pytest.param(HINTS[1][1], "Seat 0 to name trump.", "Name ♠ spades as trump.", id="trump"),
        pytest.param(HINTS[2][1], "Seat 0 to bury.", "Bury 2♥.", id="bury"),
        pytest.param(HINTS[4][1], "Seat 0 to discard.", "and draw 2.", id="discard"),
        pytest.param(HINTS[3][1], "Seat 0 to play.", "Play 3♥.", id="play"),
    ],
)
def test_the_explorer_advises_at_any_decision_of_a_loaded_record(
    record: Record, head: str, advice: str
) -> None:
    panel = PlayPanel()
    assert "Load a hand record" in panel.text.value
    hand = pl.from_record(record)
    panel.show(hand)
    text = as_shown(panel.text.value)
    assert f"<b>{head}</b>" in text
    assert advice in text
    assert 'would say: <span class="pl-hint-principle">' in text  # the principle comes first
    assert "Why (the " in text and "from seat 0's cards alone" in text
    assert ("With every hand known" in text) == (hand.phase is pl.Phase.PLAY)


def test_a_bot_with_no_rule_gives_a_sentence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """As when a bot cannot move (Table.advance), a bot that cannot advise is said in the page."""

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("no rule of thumb for this")

    app = TableApp(table_at(HINTS[0][1]))
    monkeypatch.setattr("pitchlab.bots.advice.advise", broken)
    app.coach.hint_button.click()
    assert app.coach.hint_text.value == (
        "No hint here: the bot has no rule for this (ValueError: no rule of thumb for this)."
    )
