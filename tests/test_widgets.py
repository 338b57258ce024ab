"""The widgets without a browser: click through a hand through the Python API."""

from __future__ import annotations

import json
from collections.abc import Callable

import pitchlab as pl
from pitchlab.engine.cards import card_name
from pitchlab.ui.table_app import TableApp
from pitchlab.ui.widgets import card_words, readable
from tests.widget_tree import with_class


def click_once(app: TableApp) -> None:
    """What a learner might click: a legal card, a bid, a suit, else Next."""
    for cls in ("pl-bid-pass", "pl-bid-4", "pl-suit-H", "pl-legal", "pl-next"):
        buttons = [b for b in with_class(app, cls) if not getattr(b, "disabled", False)]
        if buttons:
            buttons[0].click()
            return
    raise AssertionError(f"nothing to click: {app.status.value}")


def click_until(app: TableApp, reached: Callable[[TableApp], bool], what: str, clicks: int = 150) -> None:
    """:func:`click_once` until ``reached`` holds; fails, naming ``what`` was awaited, after ``clicks``."""
    for _ in range(clicks):
        if reached(app):
            return
        click_once(app)
    raise AssertionError(f"{what}: not reached after {clicks} clicks ({app.status.value})")


def test_a_whole_hand_by_clicking_only() -> None:
    app = TableApp(seed=12)
    for _ in range(120):
        if with_class(app, "pl-hand-over"):
            break
        click_once(app)
    assert app.table.hand.is_over
    assert "Hand over" in app.status.value
    assert app.table.game.scores != [0, 0]
    assert "<b>" in app.score.value


def test_bid_bar_offers_only_legal_bids() -> None:
    app = TableApp(seed=3)
    app.table.run_bots()
    app.refresh()
    offered = {c for b in with_class(app, "pl-bid") for c in b._dom_classes if c.startswith("pl-bid-")}
    legal = {f"pl-bid-{a.value}" if isinstance(a, pl.Bid) else "pl-bid-pass" for a in app.table.legal()}
    assert offered == legal


def test_illegal_click_shows_a_message_and_changes_nothing() -> None:
    app = TableApp(seed=3)
    app.table.run_bots()
    app.refresh()
    before = pl.to_record(app.table.hand)
    card_button = with_class(app, "pl-card")[0]
    card_button.click()  # a card while bidding
    assert app.message.value
    assert pl.to_record(app.table.hand) == before


def test_save_hand_mid_hand_is_refused_the_record_would_show_every_card() -> None:
    app = TableApp(seed=3)
    for _ in range(12):
        click_once(app)
    assert not app.table.hand.is_over
    assert app.save.text == ""  # the page holds no record to download
    app.save.click()
    assert app.record_box.value == "" and app.download.value == ""
    assert "Save hand keeps a finished hand" in app.message.value and "Save game" in app.message.value


def test_save_then_load_restores_the_hand() -> None:
    app = TableApp(seed=3)
    for _ in range(120):
        if app.table.hand.is_over:
            break
        click_once(app)
    assert app.table.hand.is_over
    saved = app.save.text  # sent to the page ahead: one press downloads it
    assert json.loads(saved)["format"] == "pitchlab-hand/1"
    app.save.click()
    assert "pitchlab-hand.json" in app.download.value and not app.message.value
    record = pl.to_record(app.table.hand)
    app.new_game.click()
    app.record_box.value = saved
    app.load.click()
    assert pl.to_record(app.table.hand) == record
    app.record_box.value = "garbage"
    app.load.click()
    assert "Could not load" in app.message.value
    assert pl.to_record(app.table.hand) == record


def test_redrawing_does_not_pile_up_widgets() -> None:
    """Each click rebuilds the card and bid buttons; the old ones (and their layout and
    style models) must be closed, or a class's kernels grow all afternoon."""
    from ipywidgets.widgets import widget as widget_module

    app = TableApp(seed=12)
    start = len(widget_module._instances)
    clicks = 0
    while not with_class(app, "pl-hand-over"):
        click_once(app)
        clicks += 1
    assert clicks > 15
    assert len(widget_module._instances) <= start


def test_a_whole_game_by_clicking_only() -> None:
    """Hands follow one another through New hand until a team reaches 52 on its bid."""
    app = TableApp(seed=21)
    hands = 0
    while not with_class(app, "pl-game-over"):
        assert hands < 60, "a game to 52 ends well within 60 hands"
        while not with_class(app, "pl-hand-over"):
            click_once(app)
        hands += 1
        if not with_class(app, "pl-game-over"):
            with_class(app, "pl-new-hand")[0].click()
    game = app.table.game
    assert game.winner is not None
    last = game.history[-1].result
    # at 52 on its bid, or at once: a bid of 10 that takes all ten points
    assert max(game.scores) >= 52 or (last.bid == 10 and last.made and last.points[last.bidding_team] == 10)
    assert "Game over" in app.status.value


def test_four_colour_deck_recolours_cards_and_pictures() -> None:
    """The toggle for colour-blind readers: diamonds turn blue on the buttons and in the table."""
    app = TableApp(seed=5)
    diamonds = [b for b in with_class(app, "pl-card") if any(c.endswith("D") for c in b._dom_classes)]
    assert diamonds, "seed 5 deals you a diamond"
    assert "pl-red" in diamonds[0]._dom_classes
    app.colours.value = True
    diamonds = [b for b in with_class(app, "pl-card") if any(c.endswith("D") for c in b._dom_classes)]
    assert "pl-blue" in diamonds[0]._dom_classes
    app.colours.value = False
    diamonds = [b for b in with_class(app, "pl-card") if any(c.endswith("D") for c in b._dom_classes)]
    assert "pl-red" in diamonds[0]._dom_classes


def test_loading_a_record_drops_the_discard_picks_of_the_hand_it_replaces() -> None:
    app = TableApp(seed=4)
    app.set_ruleset("cutthroat")
    for _ in range(60):  # to the learner's discard
        if any(isinstance(a, pl.Discard) for a in app.table.legal()):
            break
        click_once(app)
    assert any(isinstance(a, pl.Discard) for a in app.table.legal())
    app.record_box.value = pl.dumps(app.table.hand)  # the position (Save hand waits for the hand's end)
    app._pick_at(0)
    app._pick_at(2)
    assert app.discard_choice()
    app.load.click()  # the same position, from its record: nothing picked yet
    assert app.discard_choice() == ()
    assert "pl-selected" not in str([b._dom_classes for b in with_class(app, "pl-card")])


def test_a_card_is_named_in_words_with_its_state() -> None:
    """The accessible name of each state, and trump taken from the ruleset (a joker, an off-jack)."""
    assert card_words(pl.Card("JD"), trump=True, legal=True) == "jack of diamonds, trump, playable"
    assert card_words(pl.Card("7H")) == "7 of hearts, not playable"
    assert card_words(pl.Card("8H"), dead=True) == "8 of hearts, dead, never playable"
    assert (
        card_words(pl.Card("QC"), legal=True, picked=True, verb="discard")
        == "queen of clubs, picked to discard"
    )
    assert card_words(pl.Card("2S"), legal=True, verb="discard") == "2 of spades, can be discarded"
    assert card_words(pl.Card("JK"), trump=True, legal=True, verb="bury") == "joker, trump, can be buried"


OFF_JACK_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}
"""The suit of the same colour, whose jack is trump in ten-point (worked out by hand)."""


def test_the_hand_reads_trump_playable_and_dead_in_ten_point() -> None:
    """Ten-point once trump is named: only trump is played, so at the learner's turn exactly the
    trump they hold are playable (the trump suit, the off-jack, the jokers) and every other card,
    drawn in the refill, is dead. While a bot plays, the trump read "not playable"."""
    app = TableApp(seed=12)
    seen_bot_turn = False
    for _ in range(60):
        if app.table.human_to_act and app.table.hand.trump is not None:
            break
        if app.table.hand.trump is not None and not seen_bot_turn:
            seen_bot_turn = True
            for button in with_class(app, "pl-card"):
                assert button.tooltip.endswith(("trump, not playable", "dead, never playable")), (
                    button.tooltip
                )
        click_once(app)
    trump = app.table.hand.trump
    assert trump is not None and app.table.human_to_act and seen_bot_turn
    words = {}
    for button in with_class(app, "pl-card"):
        code = next(c for c in button._dom_classes if c.startswith("pl-card-"))[len("pl-card-") :]
        card = pl.Card(code)
        is_trump = (
            card.is_joker
            or code[1] == trump.letter
            or (code[0] == "J" and code[1] == OFF_JACK_SUIT[trump.letter])
        )
        expected = (
            f"{card_name(card)}, trump, playable" if is_trump else f"{card_name(card)}, dead, never playable"
        )
        assert button.tooltip == expected
        assert ("pl-legal" in button._dom_classes) == is_trump
        words[button.tooltip] = is_trump
    assert True in words.values() and False in words.values(), "seed 12 gives both kinds"


def test_what_scores_shows_the_suit_named_trump_spades_too() -> None:
    """Spades is the suit numbered 0: the point table once drew hearts for it (``trump or HEARTS``)."""
    app = TableApp(seed=2)
    while app.table.hand.trump is None:
        click_once(app)
    assert app.table.hand.trump is pl.Suit.SPADES  # seed 2's bidder (Partner) names spades
    assert "spades trump" in app.points.value and "hearts" not in app.points.value


def test_cards_in_a_line_are_shown_as_labels_and_named_in_words() -> None:
    """What a screen reader hears of a status or log line: each card by name, a suit symbol
    by the suit's name (once, when the name follows it), the rest as it is, escaped."""
    assert readable("West plays 10♦ & leads <b>") == (
        'West plays <span role="img" aria-label="10 of diamonds">10♦</span> &amp; leads &lt;b&gt;'
    )
    assert readable("I name ♣ clubs: Q♣ is high") == (
        'I name <span role="img" aria-label="clubs">♣ clubs</span>: '
        '<span role="img" aria-label="queen of clubs">Q♣</span> is high'
    )
    assert readable("no cards here") == "no cards here"
