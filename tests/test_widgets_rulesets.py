"""The app under every registered ruleset, clicked through the Python widget API.

Every test that loops over rulesets reads ``pl.ruleset_names()`` when the tests
are collected, so a ruleset added to the registry is played here too. The
clicks only ever use what the page shows: the controls are driven by
``legal_actions()``, so a test that finds nothing to click has found a bug.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import ipywidgets as w
import pytest

import pitchlab as pl
from pitchlab.bots.players import Player
from pitchlab.ui import coach, drawing
from pitchlab.ui.session import Table
from pitchlab.ui.table_app import TableApp
from pitchlab.ui.widgets import action_class
from tests.widget_tree import with_class

NAMES = pl.ruleset_names()


def bots_for(rules: pl.Ruleset) -> list[Player]:
    """The rule-based bots, or random ones where they cannot play this ruleset yet."""
    try:
        for seed in range(3):
            pl.play_hand(pl.Hand.deal(rules, 0, seed), [pl.RuleBasedPlayer()] * rules.players)
    except Exception:  # any failure means: not this ruleset yet
        return [pl.RandomPlayer(seat) for seat in range(rules.players)]
    return [pl.RuleBasedPlayer()] * rules.players


def make_app(name: str, seed: int = 3) -> TableApp:
    rules = pl.ruleset(name)
    return TableApp(Table(rules=rules, bots=bots_for(rules), seed=seed))


def clickable(app: TableApp, cls: str) -> list[w.Button]:
    return [b for b in with_class(app, cls) if isinstance(b, w.Button) and not b.disabled]


def check_controls(app: TableApp) -> None:
    """Each control shows exactly when, and exactly what, the engine allows."""
    legal = app.table.legal()
    offered = {c for b in with_class(app, "pl-bid") for c in b._dom_classes if re.fullmatch(r"pl-bid-\w+", c)}
    bids = {f"pl-bid-{a.value}" for a in legal if isinstance(a, pl.Bid)}
    bids |= {"pl-bid-pass"} if pl.PASS in legal else set()
    moon = getattr(app.table.rules, "moon_bid", None)
    if moon is not None and pl.Bid(moon) in legal:
        bids.add("pl-bid-moon")
    assert offered == bids
    suits = {b._dom_classes[-1] for b in with_class(app, "pl-suit")}
    assert suits == {f"pl-suit-{a.suit.letter}" for a in legal if isinstance(a, pl.NameTrump)}
    discards = [a for a in legal if isinstance(a, pl.Discard)]
    assert bool(with_class(app, "pl-discard")) == bool(discards)
    if not discards:
        playable = {a.card.code for a in legal if isinstance(a, (pl.Play, pl.Bury))}
        marked = {c.removeprefix("pl-card-") for b in with_class(app, "pl-legal") for c in b._dom_classes}
        assert playable <= marked
        assert {c for c in marked if not c.startswith("pl-")} == playable
    others = [
        a for a in legal if not isinstance(a, (pl.Bid, pl.Pass, pl.NameTrump, pl.Play, pl.Bury, pl.Discard))
    ]
    assert bool(with_class(app, "pl-action")) == bool(others)


def choose_discard(app: TableApp, discard: pl.Discard) -> None:
    """Toggle the cards of ``discard`` in the hand, one click each."""
    want = Counter(discard.cards)
    for i, card in enumerate(list(app._cards)):
        if want[card] and i not in app.selected:
            want[card] -= 1
            app.hand_view.children[i].click()
    assert not +want


def click_random(app: TableApp, rng: random.Random) -> None:
    """One thing a learner might click, at random among what the page offers."""
    check_controls(app)
    if with_class(app, "pl-discard"):
        legal = [a for a in app.table.legal() if isinstance(a, pl.Discard)]
        choose_discard(app, rng.choice(legal))
        assert "pl-legal-choice" in app.discard_button._dom_classes
        app.discard_button.click()
        return
    menus = with_class(app, "pl-action-menu")
    if menus:
        menus[0].value = rng.randrange(len(menus[0].options))
    buttons = [
        b for cls in ("pl-bid", "pl-suit", "pl-legal", "pl-action", "pl-next") for b in clickable(app, cls)
    ]
    assert buttons, f"nothing to click: {app.status.value}"
    rng.choice(buttons).click()


def play_out(app: TableApp, rng: random.Random) -> int:
    clicks = 0
    while not with_class(app, "pl-hand-over"):
        assert clicks < 800, f"no end of hand after {clicks} clicks: {app.status.value}"
        click_random(app, rng)
        clicks += 1
        assert not app.table.bot_trouble, app.table.bot_trouble
    return clicks


@pytest.mark.parametrize("name", NAMES)
def test_whole_hands_by_clicking_under_every_ruleset(name: str) -> None:
    app = make_app(name)
    rules = app.table.rules
    rng = random.Random(name)
    for _ in range(2):
        assert play_out(app, rng) > 0
        hand = app.table.hand
        assert hand.is_over
        # a hand that ends the game at once (a made bid of all the points) says the game is over
        over = app.table.game.winner is not None
        assert ("Game over" if over else "Hand over") in app.status.value
        assert "pl-hand-over" in app.over._dom_classes
        scored = app.table.game.history and app.table.game.history[-1].hand is hand
        assert scored or getattr(hand, "redeal", None)
        score_rows = app.score.value.count("<tr>") - 1
        assert score_rows == rules.num_teams
        assert ("<th>Player</th>" in app.score.value) == (rules.num_teams == rules.players)
        if hand.trump is not None:
            codes = re.search(r'data-cards="([^"]*)"', app.ladder.value)
            assert codes is not None
            assert codes.group(1).split() == [c.code for c in rules.trump_cards(hand.trump)]
        if app.table.game.winner is not None:
            break
        clickable(app, "pl-new-hand")[0].click()
        assert not with_class(app, "pl-hand-over")


@pytest.mark.parametrize("name", NAMES)
def test_the_table_the_score_and_the_panels_follow_the_ruleset(name: str) -> None:
    app = make_app(name)
    rules = app.table.rules
    names = [app.table.name(s) for s in range(rules.players)]
    assert len(set(names)) == rules.players
    assert all(f">{n}" in app.picture.value for n in names)
    assert escape_text(rules.description[:60]) in app.rules_text.value
    assert f'data-total="{rules.total_points}"' in app.points.value
    drawn_shown = "drew " in app.picture.value
    assert not drawn_shown  # nothing is drawn before trump
    # a hint in every ruleset (the rule-based bot's where the strong bot cannot search);
    # the solver's review only where play is trump-only, else a sentence says why
    assert app.coach.hint_button.layout.display is None
    if rules.play_rule != "trump-only":  # the solver is made for trump-only play
        assert not coach.reviewed(rules)
    play_out(app, random.Random(1))
    analysis = app.coach.analysis
    assert analysis.layout.display is None
    if coach.reviewed(rules):
        assert "your cards cost your team" in app.coach.summary.value
        assert "With every card known (hindsight), you gave away" in app.coach.summary.value
    else:
        assert app.coach.summary.value.count(escape_text(coach.not_reviewed(rules))) == 1
        assert not app.coach.reviews
    if rules.exchange != "refill":
        assert "drew " not in app.picture.value


def escape_text(text: str) -> str:
    from pitchlab.ui.markup import escape  # the pages' own escape (quotes as &#39;)

    return escape(text)


@pytest.mark.parametrize("name", NAMES)
def test_the_ruleset_menu_starts_a_new_game_under_the_chosen_rules(name: str) -> None:
    app = TableApp(seed=4)
    app.table.run_bots()
    app.refresh()
    app.rules_menu.value = name
    if name != "ten-point":  # the menu only shows the choice: the game goes on until Play
        assert app.table.rules.name == "ten-point" and not app.rules_start.disabled
        assert "Not started yet" in app.rules_text.value
    app.rules_start.click()
    rules = pl.ruleset(name)
    assert app.rules_start.disabled and "Not started yet" not in app.rules_text.value
    assert app.table.rules == rules
    assert app.table.game.scores == [0] * rules.num_teams
    assert len(app.table.bots) == rules.players
    assert len(app.table.hand.hand_of(0)) == rules.hand_size
    assert len(with_class(app, "pl-card")) == rules.hand_size
    assert app.table.log[0].text.startswith("New hand")
    assert f"{rules.players} players" in app.rules_text.value
    assert f'data-total="{rules.total_points}"' in app.points.value
    app.table.run_bots()
    app.refresh()
    check_controls(app)


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_click_shows_a_message_and_changes_nothing(name: str) -> None:
    app = make_app(name, seed=5)
    app.table.run_bots()
    app.refresh()
    if app.table.hand.is_over:  # a deal void from the start
        return
    assert app.table.human_to_act
    if not app.table.rules.auction:  # no bidding: the eldest hand leads at once, any card
        assert app.table.hand.phase is pl.Phase.PLAY
        assert not clickable(app, "pl-bid")
        return
    assert app.table.hand.phase is pl.Phase.BID
    before = pl.to_record(app.table.hand)
    with_class(app, "pl-card")[0].click()  # a card while bidding
    assert "time to bid" in app.message.value
    assert pl.to_record(app.table.hand) == before
    clickable(app, "pl-bid")[0].click()  # the game goes on
    assert not app.message.value
    assert pl.to_record(app.table.hand) != before


def test_a_discard_is_chosen_by_toggling_cards_and_confirming() -> None:
    found = None
    # the rulesets with a discard-and-draw exchange first: a learner is asked for a discard there,
    # so the search does not build a few hundred apps in rulesets that never ask (every one still follows)
    for name in sorted(NAMES, key=lambda n: pl.ruleset(n).exchange != "discard-draw"):
        for seed in range(40):
            app = make_app(name, seed)
            for _ in range(60):
                app.table.run_bots()
                app.refresh()
                legal = app.table.legal()
                if any(isinstance(a, pl.Discard) for a in legal) or not legal:
                    break
                app.table.act(pl.PASS if pl.PASS in legal else legal[0])
            if any(isinstance(a, pl.Discard) for a in app.table.legal()):
                found = app
                break
        if found:
            break
    if found is None:
        pytest.skip("no registered ruleset asks the learner for a discard")
    app = found
    discards = [a for a in app.table.legal() if isinstance(a, pl.Discard)]
    assert with_class(app, "pl-discard") and with_class(app, "pl-discard-confirm")
    two = next((a for a in discards if len(a.cards) == 2), max(discards, key=lambda a: len(a.cards)))
    choose_discard(app, two)
    assert len(with_class(app, "pl-selected")) == len(two.cards)
    assert "pl-legal-choice" in app.discard_button._dom_classes
    assert app.discard_button.description == f"Discard {len(two.cards)} and draw {len(two.cards)}"
    first = sorted(app.selected)[0]
    app.hand_view.children[first].click()  # a second click drops a card
    assert len(with_class(app, "pl-selected")) == len(two.cards) - 1
    app.hand_view.children[first].click()
    assert "pl-legal-choice" in app.discard_button._dom_classes
    mine = app.table.hand.hand_of(0)
    app.discard_button.click()
    assert not app.message.value, app.message.value
    assert not app.selected
    assert any(e.text.startswith("You throw away") for e in app.table.log)
    assert Counter(app.table.hand.hand_of(0)) != Counter(mine) or not two.cards


def test_an_illegal_discard_choice_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    app = TableApp(seed=1)
    legal = (pl.Discard(()), pl.Discard((app._cards[0],)))

    def refuse(action: pl.Action) -> bool:
        app.table.message = f"Not allowed: {action}"
        return False

    monkeypatch.setattr(app.table, "legal", lambda: legal)  # a discard turn, as the page sees it
    monkeypatch.setattr(app.table, "act", refuse)
    app.refresh()
    assert with_class(app, "pl-discard")
    assert app.discard_button.description == "Discard nothing"
    assert "pl-legal-choice" in app.discard_button._dom_classes
    app.hand_view.children[1].click()  # not a legal discard on its own
    assert "pl-legal-choice" not in app.discard_button._dom_classes
    assert "not allowed" in app.discard_note.value
    app.discard_button.click()
    assert "Not allowed: discard" in app.message.value


def test_other_actions_get_plain_buttons_labelled_with_the_action(monkeypatch: pytest.MonkeyPatch) -> None:
    app = TableApp(seed=1)
    acted: list[pl.Action] = []
    call = pl.Call(pl.Card("AS"))
    legal: tuple[pl.Action, ...] = (pl.PASS, pl.Bid(5), pl.THROW_IN, call)

    def act(action: pl.Action) -> bool:
        acted.append(action)
        return True

    monkeypatch.setattr(app.table, "legal", lambda: legal)
    monkeypatch.setattr(app.table, "act", act)
    app.refresh()
    buttons = with_class(app, "pl-action")
    assert [b.description for b in buttons] == ["throw in", "call AS"]
    assert action_class(pl.THROW_IN) in buttons[0]._dom_classes
    assert action_class(call) == "pl-action-call-AS"
    buttons[0].click()
    buttons[1].click()
    assert acted == [pl.THROW_IN, call]
    # many of them (a call of any card) become a menu and one button
    legal = tuple(pl.Call(c) for c in pl.TEN_POINT.deck[:40])
    app.refresh()
    menu = with_class(app, "pl-action-menu")[0]
    assert len(menu.options) == 40
    menu.value = 7
    with_class(app, "pl-action-go")[0].click()
    assert acted[-1] == pl.Call(pl.TEN_POINT.deck[7])


def test_a_moon_bid_reads_moon() -> None:
    moon_rules = [pl.ruleset(n) for n in NAMES if getattr(pl.ruleset(n), "moon_bid", None) is not None]
    if not moon_rules:
        pytest.skip("no registered ruleset has a moon bid")
    rules = moon_rules[0]
    moon = rules.moon_bid
    assert moon is not None
    app = TableApp(Table(rules=rules, seed=2))
    app.table.run_bots()
    app.refresh()
    assert app.table.human_to_act
    if pl.Bid(moon) not in app.table.legal():
        pytest.skip(f"{rules.name}: no moon bid open to the learner on this deal")
    button = with_class(app, "pl-bid-moon")[0]
    assert button.description == "Moon"
    button.click()
    assert any(e.text == "You shoot the moon" for e in app.table.log)
    assert "bid Moon" in app.picture.value


def test_a_bot_that_cannot_decide_does_not_stop_the_game() -> None:
    class Broken:
        name = "broken"

        def decide(self, view: pl.SeatView) -> pl.Decision:
            raise NotImplementedError("no rule for this")

    table = Table(human=None, bots=[Broken()] * 4, seed=1)
    table.run_bots()
    assert table.hand.is_over
    assert table.bot_trouble and "no rule for this" in table.bot_trouble[0]
    assert "the bot had no rule for this" in table.last_why


def test_points_and_odds_panels_say_what_the_ruleset_allows() -> None:
    for name in NAMES:
        rules = pl.ruleset(name)
        app = make_app(name)
        while app.table.hand.trump is None and not app.table.hand.is_over:
            app.table.run_bots()
            if app.table.human_to_act:
                app.table.act(app.table.legal()[-1])
        app.refresh()
        if app.table.hand.trump is None:
            continue
        if drawing.every_trump_in_play(rules):
            assert "trump are still out" in app.odds.value
        else:
            assert "left in the stock" in app.odds.value
