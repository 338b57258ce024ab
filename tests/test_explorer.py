"""The what-if explorer driven through its widgets, as a learner's clicks, pastes and uploads drive it.

Hand-worked facts about the default hand A♥ K♥ 3♥ J♦ 7♥ 9♠ 4♣ Q♦ 8♠ are in
tests/test_whatif.py; here they check what the page shows: five hearts
trump, 6 points expected for the team before the refill (6.80 with a joker
for the 8♠), and any single point card it lacks is with the partner with
chance 9/45 = 20%. The exact probability functions, tested on their own,
serve as the oracle for the page's plumbing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import pytest

import pitchlab as pl
from pitchlab.odds import probability
from pitchlab.studies import whatif
from pitchlab.ui import explorer
from pitchlab.ui.markup import escape
from tests.helpers import deck_codes
from tests.widget_tree import with_class

HANDS = 200


@pytest.fixture
def page() -> explorer.Explorer:
    return explorer.Explorer(hands=HANDS)


def state(page: explorer.Explorer) -> tuple[object, ...]:
    """Everything a refused input must leave alone."""
    return (
        page.analysis,
        page.previous,
        tuple(page.chosen),
        page.position.value,
        page.trump_choice,
        page.record,
        page.compare_box.value,
        page.odds.value,
    )


def refused(page: explorer.Explorer, act: Callable[[], object], words: str) -> None:
    """``act`` shows a message naming ``words`` in the page, and changes nothing."""
    before = state(page)
    act()
    assert words in page.message, page.message
    assert with_class(page, "pl-message"), "the message is hidden"
    assert "pl-error" in page.message_box._dom_classes
    assert state(page) == before


def as_uploaded(data: bytes, name: str = "hand.json") -> tuple[Any, ...]:
    """A FileUpload value as ipywidgets 8 builds it from the browser's message (content is a memoryview)."""
    from_json = w.FileUpload.class_traits()["value"].metadata["from_json"]
    sent = [
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": 1_700_000_000_000,
        }
    ]
    return tuple(from_json(sent, None))


SEAT_HANDS = [
    "AS KS QS JS JC JK 2S 5H 6D",  # seat 0: seven spades trump
    "AH KH QH JH JD JK TH 3H 2H",  # seat 1: all nine hearts trump
    "AD KD QD TD 9D 8D 7D 6C 5C",  # seat 2
]


def record_bytes(dealer: int = 2, **changes: object) -> bytes:
    """A hand record written out by hand: three chosen hands, the rest of the deck in order."""
    rest = deck_codes()
    for hand in SEAT_HANDS:
        for code in hand.split():
            rest.remove(code)
    hands = [hand.split() for hand in SEAT_HANDS] + [rest[:9]]
    record: dict[str, object] = {
        "format": "pitchlab-hand/1",
        "ruleset": "ten-point",
        "dealer": dealer,
        "hands": hands,
        "stock": rest[9:],
    }
    record.update(changes)
    return json.dumps(record).encode()


# ------------------------------------------------------------------ the picker


def test_the_picker_offers_every_card_in_suit_rows(page: explorer.Explorer) -> None:
    toggles = with_class(page, "pl-card-toggle")
    assert len(toggles) == 54
    codes = [
        next(c for c in t._dom_classes if c.startswith("pl-card-") and c != "pl-card-toggle") for t in toggles
    ]
    assert sorted(c.removeprefix("pl-card-") for c in codes) == sorted(deck_codes())
    rows = with_class(page, "pl-picker")[0].children
    assert [len(row.children) - 1 for row in rows] == [13, 13, 13, 13, 2]  # a label, then the cards
    assert [row.children[1]._dom_classes[1] for row in rows] == [
        "pl-card-AS",
        "pl-card-AH",
        "pl-card-AC",
        "pl-card-AD",
        "pl-card-JK",
    ]
    for toggle, code in zip(toggles, codes, strict=True):
        red = code[-1] in "HD" or code.endswith("JK")
        assert ("pl-red" if red else "pl-black") in toggle._dom_classes, code
    chosen = [t for t in toggles if t.value]
    assert sorted(
        pl.Card(c.removeprefix("pl-card-")) for t, c in zip(toggles, codes, strict=True) if t.value
    ) == sorted(pl.parse_cards(explorer.DEFAULT_HAND))
    assert all("pl-chosen" in t._dom_classes for t in chosen)
    assert page.count.value.startswith("9 of 9 chosen")
    assert not with_class(page, "pl-message")  # nothing to say yet


def test_eight_or_ten_cards_keep_the_analysis_and_say_what_to_do(page: explorer.Explorer) -> None:
    shown = page.analysis
    page.toggle("2C")  # ten cards
    assert page.count.value == "10 of 9 chosen"
    assert "10 of 9 cards chosen: put 1 card back" in page.message
    assert "pl-hint" in page.message_box._dom_classes
    assert page.analysis is shown and page.previous is None
    page.toggle("2C")  # back to the nine shown: nothing new to compare
    assert page.analysis is shown and page.previous is None and page.message == ""
    page.toggle("8S")
    assert page.count.value == "8 of 9 chosen"
    assert "pick 1 more card" in page.message
    assert page.analysis is shown
    page.clear()
    assert page.count.value == "0 of 9 chosen" and "pick 9 more cards" in page.message
    assert page.analysis is shown and page.previous is None


def test_change_one_card_and_see_the_difference(page: explorer.Explorer) -> None:
    first = page.analysis
    page.toggle("8S")
    page.toggle("JK")  # the ninth card: a new analysis, compared with the old one
    now = page.analysis
    assert page.previous is first
    assert list(now.cards) == sorted(pl.parse_cards("AH KH 3H JD 7H 9S 4C QD JK"))
    assert page.message == "" and not with_class(page, "pl-message")
    html = page.compare_box.value
    assert "out 8♠, in Joker" in html
    assert "<td>5 ♥</td><td>6 ♥</td><td class='pl-up'>+1</td>" in html
    assert "<td>6.00</td><td>6.80</td><td class='pl-up'>+0.80</td>" in html  # 6 -> 6 + 4 x 9/45, by hand
    assert html.count("<tr>") == 1 + len(whatif.compare(first, now))
    # the one hand order, by hand: jokers first, then spades, hearts, clubs, diamonds, high to low
    assert page.codes.value == "JK 9S AH KH 7H 3H 4C QD JD"


def test_putting_a_card_back_is_remembered_not_simulated_again(page: explorer.Explorer) -> None:
    first = page.analysis
    page.toggle("8S")
    page.toggle("JK")
    page.toggle("JK")
    page.toggle("8S")
    assert page.analysis is first  # the same question: the same object, at once
    assert "out Joker, in 8♠" in page.compare_box.value


def test_the_second_joker_has_its_own_button(page: explorer.Explorer) -> None:
    page.toggle("8S")
    page.toggle("JK", copy=1)
    page.toggle("QD")
    assert [t.value for c, t in page.toggles if c == pl.Card("JK")] == [False, True]  # the button clicked
    page.toggle("JK", copy=0)
    assert page.analysis.cards.count(pl.Card("JK")) == 2
    assert "out Q♦, in Joker" in page.compare_box.value
    refused(page, lambda: page.toggle("JK", copy=2), "no JK button 3")
    refused(page, lambda: page.toggle("ZZ"), "not a card")


def test_a_new_seat_or_trump_keeps_a_half_made_pick(page: explorer.Explorer) -> None:
    page.toggle("8S")
    page.trump_buttons[pl.Suit.DIAMONDS].click()
    assert page.analysis.trump == pl.Suit.DIAMONDS
    assert list(page.analysis.cards) == sorted(
        pl.parse_cards(explorer.DEFAULT_HAND)
    )  # the shown hand, re-trumped
    assert page.count.value == "8 of 9 chosen" and "pick 1 more card" in page.message
    page.toggle("JK")  # finishing the pick keeps the new trump
    assert page.analysis.trump == pl.Suit.DIAMONDS and pl.Card("JK") in page.analysis.cards
    assert page.message == ""


# ----------------------------------------------------------------- pasting


def test_pasted_codes_are_read_by_pitchlabs_parser(page: explorer.Explorer) -> None:
    assert page.paste("2s, 3s 4s 5s 6s 7s 8s 9s 10s")
    assert list(page.analysis.cards) == sorted(pl.parse_cards("2S 3S 4S 5S 6S 7S 8S 9S TS"))
    assert page.chosen == sorted(page.analysis.cards)
    assert page.analysis.trump == pl.Suit.SPADES  # nine spades: the bot names spades
    assert "pl-selected" in page.trump_buttons[None]._dom_classes


def test_the_codes_box_reads_on_enter(page: explorer.Explorer) -> None:
    page.codes.value = "AH KH 3H JD 7H 9S 4C QD JK"  # what the browser sends on Enter
    assert page.analysis.cards.count(pl.Card("JK")) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AH KH 3H JD 7H 9S 4C QD", "9 cards, not 8"),
        ("AH KH 3H JD 7H 9S 4C QD 8S 2C", "9 cards, not 10"),
        ("AH AH 3H JD 7H 9S 4C QD 8S", "AH appears 2 times"),
        ("AH KH 3H JD 7H 9S 4C QD ZZ", "not a card: 'ZZ'"),
        ("AH KH 3H JD 7H 9S 4C QD JKH", "JKH is not in the ten-point deck"),
        ("", "9 cards, not 0"),
    ],
)
def test_bad_codes_show_a_message_and_change_nothing(page: explorer.Explorer, text: str, words: str) -> None:
    refused(page, lambda: page.paste(text), words)
    assert page.codes.value == text  # left for the learner to fix


# ----------------------------------------------------------------- records


def test_an_uploaded_record_gives_a_seats_hand_and_position(page: explorer.Explorer) -> None:
    page.upload.value = as_uploaded(record_bytes(dealer=2))
    # dealer 2: seat 3 bids first, seat 0 second, seat 1 third, seat 2 last
    assert list(page.analysis.cards) == sorted(pl.parse_cards(SEAT_HANDS[0]))
    assert page.analysis.position == 1 and page.position.value == 1
    assert page.analysis.trump == pl.Suit.SPADES  # seven spades trump
    assert not page.record_seat.disabled
    assert [label for label, _ in page.record_seat.options] == [
        "seat 0: second",
        "seat 1: third",
        "seat 2: dealer",
        "seat 3: first",
    ]
    assert "hand.json" in page.record_note.value
    page.record_seat.value = 2  # the learner picks another seat
    assert list(page.analysis.cards) == sorted(pl.parse_cards(SEAT_HANDS[2]))
    assert page.analysis.position == 3
    assert "seat second → dealer" in page.compare_box.value
    assert page.use_record_seat(1) and page.analysis.position == 2 and page.record_seat.value == 1


def test_record_text_works_too(page: explorer.Explorer) -> None:
    assert page.load_record(record_bytes(dealer=0).decode(), "typed")
    assert page.analysis.position == 3  # seat 0 deals, so it bids last


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00\x81 binary", "not a text file"),
        (b"[]", "a record is a JSON object"),
        (record_bytes(colour="blue"), "unknown key"),
        (record_bytes(dealer=9), "dealer"),
        (record_bytes(hands=[["AS"] * 9, [], [], []]), "hands"),
        (b" " * (explorer.MAX_RECORD_BYTES + 1), "too big"),
    ],
)
def test_a_bad_record_file_shows_a_message_and_changes_nothing(
    page: explorer.Explorer, data: bytes, words: str
) -> None:
    refused(page, lambda: setattr(page.upload, "value", as_uploaded(data, "bad.json")), words)
    assert "bad.json" in page.message
    assert page.record_seat.disabled


def test_a_seat_the_record_does_not_have(page: explorer.Explorer) -> None:
    refused(page, lambda: page.use_record_seat(2), "Load a hand record first")
    page.load_record(record_bytes())
    refused(page, lambda: page.use_record_seat(4), "seats 0-3, not 4")
    refused(page, lambda: page.use_record_seat(-1), "seats 0-3, not -1")


# ------------------------------------------------------------ seat and trump


def test_the_seat_buttons_move_you_round_the_table(page: explorer.Explorer) -> None:
    page.position.value = 3
    assert page.analysis.position == 3
    assert "must bid 4" in page.ladder_box.value  # RULES.md: if all pass, the dealer must bid 4
    assert "seat first → dealer" in page.compare_box.value
    refused(page, lambda: page.set_position(4), "position must be 0")


def test_the_trump_buttons(page: explorer.Explorer) -> None:
    first = page.analysis
    page.trump_buttons[pl.Suit.SPADES].click()
    assert page.analysis.trump == pl.Suit.SPADES and page.analysis.held == 2  # 9♠ 8♠
    assert [s for s, b in page.trump_buttons.items() if "pl-selected" in b._dom_classes] == [pl.Suit.SPADES]
    assert "trump ♥ → ♠" in page.compare_box.value
    assert "<td>6.00</td><td>2.00</td>" in page.compare_box.value  # no spade points held: 10 x 9/45
    page.trump_buttons[None].click()
    assert page.analysis is first and page.trump_choice is None
    assert page.trump_buttons[None].description == "bot's pick: ♥"
    refused(page, lambda: page.set_trump("X"), "not a suit")


# ------------------------------------------------------------------ panels


def test_the_odds_panel_and_figure(page: explorer.Explorer) -> None:
    a = page.analysis
    assert "you hold <b>5</b> of the 16 trump" in page.odds.value
    assert "<b>45</b> cards you cannot see, <b>11</b> are trump" in page.odds.value
    spec = page.odds_plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    partner, opponents, you = spec["data"]
    assert partner["y"] == pytest.approx([float(a.others.partner[k]) * 100 for k in partner["x"]])
    exact = probability.hypergeometric_distribution(45, 11, 18)
    assert opponents["y"] == pytest.approx([float(exact[k]) * 100 for k in opponents["x"]])
    assert you["x"] == [5, 5] and you["name"] == "you hold 5"
    layout = spec["layout"]
    assert "exact" in layout["title"]["text"]
    assert "(cards)" in layout["xaxis"]["title"]["text"]
    assert "(%)" in layout["yaxis"]["title"]["text"]


def test_the_points_where_table(page: explorer.Explorer) -> None:
    html = page.points_where.value
    rows = html.split("<tr>")[2:]
    assert [r.split("</b>")[0].rsplit(">", 1)[1] for r in rows] == ["J♥", "Joker", "10♥", "2♥"]
    jack = rows[0]
    assert (
        jack.count("<td>20.00%</td>") == 3 and "<td>40.00%</td>" in jack
    )  # 9/45 each player, 18/45 the stock
    joker = probability.whereabouts(page.analysis.cards, pl.Card("JK"), 0)
    assert f"<td>{probability.percent(joker.partner)}</td>" in rows[1] and "either copy" in rows[1]
    assert "9/45 = 20.00%" in html


def test_the_ladder_panel(page: explorer.Explorer) -> None:
    advice = page.analysis.ladder
    html = page.ladder_box.value
    assert "5 trump, 4-5 points" in html  # five hearts trump, 5 points held
    assert "first seat, no bid yet" in html
    assert html.count("<tr class=") == len(advice.values)
    if advice.answer is not None:
        assert f"<b>{advice.words}</b>" in html


def test_the_chances_panel(page: explorer.Explorer) -> None:
    a = page.analysis
    spec = page.chances_plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    bars = spec["data"][0]
    assert bars["y"] == pytest.approx([a.made(b).value * 100 for b in range(4, 11)])
    assert f"{HANDS} simulated hands" in spec["layout"]["title"]["text"]
    assert f"seed {whatif.DEFAULT_SEED}" in page.chances_table.value
    assert f"<b>{a.expected_taken.value:.2f}</b>" in page.chances_text.value
    assert f"{HANDS:,} hands, seed {whatif.DEFAULT_SEED}" in page.status.value
    assert page.progress.bar.value == page.progress.bar.max == HANDS


def test_a_bad_default_hand_is_a_clear_error() -> None:
    with pytest.raises(pl.BadDeal, match="9 cards, not 2"):
        explorer.Explorer("AS KS", hands=HANDS)


def test_the_hooks_a_browser_test_needs(page: explorer.Explorer) -> None:
    for hook in (
        "pl-explorer",
        "pl-picker",
        "pl-codes",
        "pl-upload",
        "pl-position",
        "pl-trump-auto",
        "pl-trump-S",
        "pl-trump-H",
        "pl-trump-D",
        "pl-trump-C",
        "pl-odds",
        "pl-points-where",
        "pl-ladder",
        "pl-chances",
        "pl-compare",
        "pl-progress",
    ):
        assert with_class(page, hook), hook
    page.paste("AS")
    assert with_class(page, "pl-message")


def played_record(plays: int | None) -> str:
    """A seeded hand played by the bots, stopped after ``plays`` cards (``None``: finished)."""
    hand = pl.Hand.deal(dealer=1, seed=21)
    pl.play_hand(hand, [pl.RuleBasedPlayer()] * 4)
    record = pl.to_record(hand)
    if plays is not None:
        record["plays"] = record["plays"][:plays]
    return json.dumps(record)


def test_a_record_in_the_play_shows_the_best_play_from_where_it_stops(page: explorer.Explorer) -> None:
    from pitchlab.bots import analysis, solver

    assert "Load a hand record to see what a bot would do" in page.play_panel.text.value
    text = played_record(6)
    assert page.load_record(text, "mid-play.json")
    hand = pl.loads(text)
    seat = hand.to_act
    assert seat is not None
    panel = page.play_panel
    assert f"Seat {seat} to play." in panel.text.value
    team = hand.rules.teams[seat]
    for slot, points in solver.solve(hand).values.items():
        assert f"{hand.rules.deck[slot].label} {points[team]}" in panel.text.value
    assert 'strong bot would say: <span class="pl-hint-principle">' in panel.text.value
    assert '<span class="pl-hint-action">Play ' in panel.text.value
    assert [r.played for r in panel.reviews] == [r.played for r in analysis.review(hand)]
    assert len(panel.reviews) == 6 and panel.plot.outputs


def test_a_record_stopped_in_the_bidding_gets_the_advice_for_that_bid(page: explorer.Explorer) -> None:
    """Hand-worked: seat 1 deals, seats 2, 3 and 0 pass, so seat 1 is stuck and must bid 4."""
    record = json.loads(played_record(None))
    for key in ("trump", "bury", "plays"):
        record.pop(key)
    record["bids"] = ["pass", "pass", "pass"]
    assert page.load_record(json.dumps(record), "stuck.json")
    text = page.play_panel.text.value
    assert "<b>Seat 1 to bid.</b>" in text
    assert "No choice" in text and '<span class="pl-hint-action">Bid 4.</span>' in text
    assert "from seat 1's cards alone" in text and "With every hand known" not in text
    assert not page.play_panel.reviews


def test_a_finished_record_is_reviewed_card_by_card(page: explorer.Explorer) -> None:
    from pitchlab.bots import analysis

    text = played_record(None)
    assert page.load_record(text, "done.json")
    hand = pl.loads(text)
    panel = page.play_panel
    lost = analysis.lost_by_seat(analysis.review(hand))
    assert "to play." not in panel.text.value
    said = ", ".join(f"seat {s} {analysis.points_text(n)}" for s, n in enumerate(lost))
    assert (
        "<b>Cards:</b> judged on what each player could see, the cards played so far lost: " + said
        in panel.text.value
    )
    hindsight = analysis.lost_by_seat_hindsight(analysis.review(hand))
    said = ", ".join(f"seat {s} {n}" for s, n in enumerate(hindsight))
    assert "With every card known (hindsight) they gave away: " + said in panel.text.value
    figure = panel.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert sum(sum(trace["y"]) for trace in figure["data"]) == pytest.approx(
        sum(lost), abs=0.01 * len(hand.play_slots)
    )


@pytest.mark.parametrize("name", ["auction-pitch"])
def test_a_record_the_review_cannot_search_says_why_instead(name: str) -> None:
    """Auction Pitch follows suit, which the solver does not search: no card-by-card review,
    and the panel says why."""
    from pitchlab.ui import coach

    rules = pl.ruleset(name)
    hand = pl.Hand.deal(rules, 0, 3)
    bot = pl.RuleBasedPlayer()
    while not hand.play_slots:
        seat = hand.to_act
        assert seat is not None
        hand.apply(bot.decide(hand.view(seat)).action, seat)
    panel = coach.PlayPanel()
    panel.show(hand)
    assert not panel.reviews and not panel.rows.value
    assert escape(coach.not_reviewed(rules)) in panel.text.value


def test_a_finished_record_reviews_its_bid_and_trump_before_its_cards(page: explorer.Explorer) -> None:
    """Hand-worked on the seeded hand of :func:`played_record`: seat 1 deals, so seat 2 speaks
    first and bids 10, the top bid in ten-point (no moon); the other three may then only pass, a
    forced answer the review leaves out. So the review holds two choices, seat 2's bid and its
    trump (hearts). Seat 2 holds 4♥ J♥ K♥ J♦: four trump, and none of the ace, the 2, the 3 or
    either joker. A 10 is made only by taking all ten points, so it is set nearly always, for
    -10 and the other side's points besides; a pass cannot lose that much on average, so the
    bid of 10 is no best answer and costs more than 5 points a hand."""
    from pitchlab.ui import coach

    text = played_record(None)
    assert page.load_record(text, "done.json")
    panel = page.play_panel
    assert [(c.seat, c.kind, c.chosen) for c in panel.choices] == [(2, "bid", "10"), (2, "trump", "H")]
    bid = panel.choices[0]
    assert "10" not in bid.best and bid.lost > 5
    said = panel.text.value
    sentence = escape(coach.choice_words(bid, "seat 2"))
    assert sentence.startswith("Seat 2: bidding 10 cost about ")
    assert "on what seat 2 could see" in sentence and "you" not in sentence
    assert "Seat 2: naming ♥" in said
    # the bids first, judged on what each seat could see; then the cards, hindsight last
    order = [
        said.index("Bids and trump, judged on what each player could see"),
        said.index(sentence),
        said.index("<b>Cards:</b> judged on what each player could see"),
        said.index("With every card known (hindsight)"),
    ]
    assert order == sorted(order)


def test_a_record_stopped_in_the_bidding_reviews_the_passes_made(page: explorer.Explorer) -> None:
    """Hand-worked: seat 1 deals and seats 2, 3 and 0 have passed, each with every bid open to it;
    seat 1, stuck, has not answered. So three passes are reviewed, in the order made."""
    record = json.loads(played_record(None))
    for key in ("trump", "bury", "plays"):
        record.pop(key)
    record["bids"] = ["pass", "pass", "pass"]
    assert page.load_record(json.dumps(record), "stuck.json")
    assert [(c.seat, c.chosen) for c in page.play_panel.choices] == [(2, "pass"), (3, "pass"), (0, "pass")]
    assert page.play_panel.text.value.count("pl-choice-review") == 3
