"""The table's bidding styles: the bots (and the hints' bids) bid by the strength of the hand
or to win the game, as the learner chooses; a first game bids by the strength of the hand."""

from __future__ import annotations

import pitchlab as pl
from pitchlab.bots.players import BiddingStyle, RuleBasedPlayer
from pitchlab.ui.session import BIDDING_STYLES, DEFAULT_BIDDING, Table
from pitchlab.ui.table_app import TableApp
from tests.widget_tree import with_class


def _learner_bids(table: Table) -> None:
    """Let the bots act until the learner (seat 0) is to bid."""
    while not (table.human_to_act and table.hand.phase is pl.Phase.BID):
        assert table.bot_to_act, table.status()
        table.advance()


def test_a_first_game_bids_by_the_strength_of_the_hand() -> None:
    assert DEFAULT_BIDDING == "ladder"
    table = Table(seed=3)
    assert table.bidding == "ladder"
    assert all(isinstance(bot, RuleBasedPlayer) and bot.bidding == "ladder" for bot in table.bots)


def test_choosing_a_style_changes_every_bot_and_the_game_goes_on() -> None:
    table = Table(seed=3)
    table.advance()
    before = (table.seed, len(table.hand.bids), list(table.game.scores))
    table.set_bidding("game")
    assert all(isinstance(bot, RuleBasedPlayer) and bot.bidding == "game" for bot in table.bots)
    assert (table.seed, len(table.hand.bids), list(table.game.scores)) == before
    assert table.log[-1].text == "From now on the bots bid to win the game."
    table.set_rules(pl.ruleset("thirteen-point"))  # a new game keeps the style
    assert all(isinstance(bot, RuleBasedPlayer) and bot.bidding == "game" for bot in table.bots)


def test_an_unknown_style_is_refused_in_words_and_changes_nothing() -> None:
    table = Table(seed=3)
    table.set_bidding("<b>blocking</b>")
    assert table.bidding == "ladder"
    assert table.message.startswith("There is no way of bidding called")
    assert all(isinstance(bot, RuleBasedPlayer) and bot.bidding == "ladder" for bot in table.bots)


def test_the_hint_bids_the_way_the_table_bids() -> None:
    """Bidding to win the game, a bid's reason quotes the chance of winning the game; by the
    strength of the hand it speaks of the hand's points and never of the game."""
    styles: tuple[tuple[BiddingStyle, bool], ...] = (("game", True), ("ladder", False))
    for style, game_words in styles:
        table = Table(seed=5, bidding=style)
        _learner_bids(table)
        why = table.hint().why
        assert ("chance of winning the game" in why) is game_words, (style, why)


def test_the_app_offers_both_styles_and_says_which_is_in_use() -> None:
    app = TableApp(seed=4)
    (menu,) = with_class(app, "pl-bidding")
    assert [value for _, value in menu.options] == list(BIDDING_STYLES)
    assert menu.value == "ladder"
    (text,) = with_class(app, "pl-bidding-text")
    assert "The bots bid <b>by the strength of the hand</b>" in text.value
    menu.value = "game"
    assert app.table.bidding == "game"
    assert "The bots bid <b>to win the game</b>" in text.value
    assert "a 10 on nearly every hand: it keeps the bid" in text.value


def test_the_address_may_choose_the_style() -> None:
    app = TableApp(seed=4)
    app.apply_query("bidding=game&seed=9")
    assert (app.table.bidding, app.table.seed) == ("game", 9)
    (menu,) = with_class(app, "pl-bidding")
    assert menu.value == "game"
    app.apply_query("bidding=bluff")
    assert app.table.bidding == "game"
    assert (
        "bidding may be ladder (by the strength of the hand) or game (to win the game), not 'bluff'"
        in app.table.message
    )
