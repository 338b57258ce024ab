"""Every preset's How to play, summary line and What you know, checked against hands the engine plays.

The words are made from a ruleset's fields (:mod:`pitchlab.ui.rule_words`); the facts they
are checked against here are not: they are watched in seeded random hands played by the
engine (which bids the first seat and the dealer may make, whether a trump lead binds a
player holding trump, whether a card that is not trump is ever played, how many points a
hand gives out, whether a trump is ever thrown away or left in the stock). A sentence that
says what the engine does not do fails here, whichever field it was wrongly built from.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given

import pitchlab as pl
from pitchlab.engine.actions import Action, Bid, Discard, Pass, Play, ThrowIn
from pitchlab.engine.hand import Hand, Phase
from pitchlab.ui import drawing, guide, rule_words
from pitchlab.ui.known import known_html
from tests.test_ruleset_identity import SETTINGS, house_rules

NAMES = pl.ruleset_names()
HANDS = 500
"""Seeded random hands per ruleset; enough to see every rare case the texts name: a tied Game
comes in about one random hand of sixty (25 to 51 in 1,500 hands of each High-Low-Game
ruleset), so 500 hands miss it with a chance near (59/60) ** 500, about 1 in 4,000."""


@dataclass
class Seen:
    """What the engine was seen to do in one ruleset's hands."""

    first_bids: set[int] = field(default_factory=set)
    """The numbered bids the first seat to bid may make (moon aside)."""
    moon: bool = False
    matched: set[int] = field(default_factory=set)
    """The high bids the dealer was allowed to match, last to bid after them."""
    stuck: set[Action] = field(default_factory=set)
    """What the dealer may do when everyone before it passed."""
    non_trump_played: bool = False
    trump_lead_binds: set[bool] = field(default_factory=set)
    """For a player holding trump and other cards, facing a trump lead: whether only trump was legal."""
    dead: bool = False
    totals: set[int] = field(default_factory=set)
    """The points each finished hand gave out, every side's together."""
    game_tie: bool = False
    trump_missing: bool = False
    """Some trump of the deck was in nobody's hand (nor buried) when play began."""
    stock_left: bool = False
    """Cards were left in the stock when play began."""
    trump_thrown: bool = False
    """A trump was thrown away (discarded) by a player."""
    discard_chosen: bool = False
    """Players chose which cards to throw away (a discard-and-draw exchange)."""
    trump_by_first_lead: bool = False
    trump_count: int = 0
    known: list[str] = field(default_factory=list)
    """The What you know panel, from the first seat, once play began."""


def bid_values(legal: tuple[Action, ...]) -> set[int]:
    return {a.value for a in legal if isinstance(a, Bid)}


def watch_auction(rules: pl.Ruleset, seen: Seen, seed: int) -> None:
    """The first seat's bids, and for each of them whether the dealer may match it."""
    scores = [5] * rules.num_teams  # above zero, where a moon needs it
    hand = Hand.deal(rules, 0, seed, scores)
    values = bid_values(hand.legal_actions())
    seen.moon |= rules.moon_bid is not None and rules.moon_bid in values
    seen.first_bids |= values - {rules.moon_bid}
    for value in sorted(values):
        hand = Hand.deal(rules, 0, seed, scores)
        hand.apply(Bid(value))
        while hand.to_act != 0:
            hand.apply(Pass())
        if value in bid_values(hand.legal_actions()):
            seen.matched.add(value)
    hand = Hand.deal(rules, 0, seed, scores)
    while hand.to_act != 0:
        hand.apply(Pass())
    seen.stuck |= {a for a in hand.legal_actions() if not isinstance(a, ThrowIn)}


def watch_hand(rules: pl.Ruleset, seen: Seen, rng: random.Random) -> None:
    """One hand to its end by random legal actions, watching the play and the score."""
    hand = Hand.deal(rules, rng.randrange(rules.players), rng, [5] * rules.num_teams)
    began = False
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        if any(isinstance(a, Discard) for a in legal):
            seen.discard_chosen = True
            trump = hand.trump
            assert trump is not None
            seen.trump_thrown |= any(
                isinstance(a, Discard) and any(rules.is_trump(c, trump) for c in a.cards) for a in legal
            )
        if hand.phase is Phase.PLAY and hand.trump is not None and not began:
            began = True
            watch_play_start(hand, seen)
        if hand.phase is Phase.PLAY and hand.current_trick.cards and hand.trump is not None:
            trump = hand.trump
            held = hand.hand_of(seat)
            if (
                rules.is_trump(hand.current_trick.cards[0], trump)
                and len({rules.is_trump(c, trump) for c in held}) == 2
            ):
                plays = [a.card for a in legal if isinstance(a, Play)]
                seen.trump_lead_binds.add(all(rules.is_trump(c, trump) for c in plays))
        action = rng.choice(legal)
        if (
            isinstance(action, Play)
            and hand.trump is not None
            and not rules.is_trump(action.card, hand.trump)
        ):
            seen.non_trump_played = True
        hand.apply(action)
        if hand.trump is not None and not began and rules.trump_choice == "first-lead":
            seen.trump_by_first_lead |= isinstance(action, Play) and action.card.suit == hand.trump
    if hand.redeal is not None:
        return
    result = hand.result()
    seen.totals.add(sum(result.points))
    seen.game_tie |= ("game", None) in result.awards


def watch_play_start(hand: Hand, seen: Seen) -> None:
    """The hands once play began and trump is known (after the first card, where it names trump)."""
    rules, trump = hand.rules, hand.trump
    assert trump is not None
    n = rules.players
    seen.dead |= any(hand.dead(s) for s in range(n))
    seen.stock_left |= hand.stock_used < len(hand.stock_cards)
    played = [*hand.current_trick.cards, *(c for t in hand.tricks for c in t.cards)]
    in_play = {c for s in range(n) for c in (*hand.hand_of(s), *hand.buried_by(s))} | set(played)
    seen.trump_missing |= any(rules.is_trump(c, trump) and c not in in_play for c in rules.deck)
    seen.trump_count = sum(1 for c in rules.deck if rules.is_trump(c, trump))
    if not seen.known:
        seen.known.append(known_html(hand.view(0), [f"seat {s}" for s in range(1, n)]))


@cache
def seen_in(name: str) -> Seen:
    rules = pl.ruleset(name)
    seen = Seen()
    if rules.auction:
        for seed in range(3):
            watch_auction(rules, seen, seed)
    rng = random.Random(f"words/{name}")
    for _ in range(HANDS):
        watch_hand(rules, seen, rng)
    return seen


def howto(rules: pl.Ruleset) -> str:
    return " ".join(guide.howto_lines(rules))


@pytest.mark.parametrize("name", NAMES)
def test_the_bidding_words_are_the_bids_the_engine_takes(name: str) -> None:
    rules, seen = pl.ruleset(name), seen_in(name)
    text, summary = howto(rules), rule_words.summary_line(rules)
    if not seen.first_bids:  # no auction: no bid words but the "no bidding"
        assert {w.lower() for w in re.findall(r"\b[Bb]id\w*", text + " " + summary)} <= {"bidding"}
        assert "no bidding" in text and "no bidding" in summary
        assert "match" not in text and "set" not in text.replace("can be set", "")
        return
    low, high = min(seen.first_bids), max(seen.first_bids)
    assert seen.first_bids == set(range(low, high + 1))
    said = {0: f"{low}", 1: f"{low} or {high}"}.get(high - low, f"from {low} to {high}")
    assert f"Bid {said}" in text
    assert f"bids {said.removeprefix('from ').replace(' to ', '-')}" in summary
    assert ("moon" in text) == seen.moon and ("moon" in summary) == seen.moon
    # the dealer's match: none, every bid, or a steal of the top bids only
    offered = seen.first_bids | ({rules.moon_bid} if seen.moon and rules.moon_bid else set())
    if not seen.matched:
        assert "match" not in text and "steal" not in text
    elif seen.matched == offered:
        assert "the dealer may take the bid by matching it" in text and "steal" not in text
    else:
        clause = re.search(r"the dealer may match (.*?) to steal it, and no lower bid", text)
        assert clause, text
        for value in seen.matched:
            assert ("the moon" if value == rules.moon_bid else str(value)) in clause.group(1)
        assert str(min(offered - seen.matched)) not in clause.group(1)
    # the dealer whom everyone passed
    stuck = bid_values(tuple(seen.stuck))
    if Pass() in seen.stuck:
        assert "the dealer may pass too" in text
    else:
        more = " or more" if len(stuck) > 1 else ""
        assert f"the dealer must bid {min(stuck)}{more}." in text


@pytest.mark.parametrize("name", NAMES)
def test_the_play_words_are_what_the_engine_lets_a_player_play(name: str) -> None:
    rules, seen = pl.ruleset(name), seen_in(name)
    text = howto(rules)
    assert not re.search(r"follow (the )?suit", text, re.IGNORECASE)  # too loose for any ruleset
    if not seen.non_trump_played:
        assert "Only trump are played" in text and "plain lead" not in text
    else:
        assert "Only trump" not in text and "to a plain lead, play its suit or a trump" in text
        (binds,) = seen.trump_lead_binds  # the engine decides the same way every time
        if binds:
            assert "To a trump lead, play a trump if you have one" in text
        else:
            assert "To a trump lead, any card may be played" in text and "play a trump if" not in text
    assert ("dead" in text) == seen.dead
    if rules.trump_choice == "first-lead":
        assert seen.trump_by_first_lead and "The suit of the first card" in text
    else:
        assert "names trump" in text
    assert f"{seen.trump_count} cards" in text


@pytest.mark.parametrize("name", NAMES)
def test_the_points_a_hand_gives_out_are_the_points_the_hands_gave(name: str) -> None:
    rules, seen = pl.ruleset(name), seen_in(name)
    text = howto(rules)
    assert max(seen.totals) == rules.total_points
    if len(seen.totals) == 1:
        assert f"A hand gives out {rules.total_points} points" in text and "up to" not in text
    else:
        assert f"A hand gives out up to {rules.total_points} points" in text
    assert ("never reaches the play" in text) == seen.trump_missing
    table = drawing.points_table(pl.Suit.SPADES, rules)  # What scores
    assert ("never reaches the play" in table) == seen.trump_missing
    assert ("thrown away" in table) == seen.trump_thrown
    assert ("a tied Game" in text) == seen.game_tie
    assert f"reach {rules.target} " in text or f"reaching {rules.target} " in text
    assert f"game to {rules.target}." in rule_words.summary_line(rules)


@pytest.mark.parametrize("name", NAMES)
def test_the_exchange_words_are_what_the_players_may_throw_away(name: str) -> None:
    rules, seen = pl.ruleset(name), seen_in(name)
    text = howto(rules)
    assert ("throws away any cards it chooses" in text) == seen.discard_chosen
    assert ("(never trump)" in text) == (seen.discard_chosen and not seen.trump_thrown)
    assert f"{rules.players} players" in text and f"{rules.players} players" in rule_words.summary_line(rules)


@pytest.mark.parametrize("name", NAMES)
def test_what_you_know_says_where_an_unseen_trump_can_be(name: str) -> None:
    seen = seen_in(name)
    (known,) = seen.known
    if not seen.trump_missing:
        assert "still out" in known and "You have not seen" not in known
        assert "dealt" not in known and "stock" not in known
    else:
        assert "You have not seen" in known
    assert ("left in the stock" in known) == (seen.trump_missing and seen.stock_left)
    assert ("threw away" in known) == seen.trump_thrown


def test_the_texts_of_the_issue_are_gone() -> None:
    """The sentences that contradicted the rules, each in the ruleset it was shown for."""
    assert "the dealer may take the bid by matching it" not in howto(pl.ruleset("thirty-one"))
    assert "a bid of 10 or the moon to steal it" in howto(pl.ruleset("thirty-one"))
    assert "To a trump lead, any card may be played" in howto(pl.ruleset("draw-pitch"))
    oklahoma = howto(pl.ruleset("oklahoma"))
    assert "A hand gives out 10 points" in oklahoma and "up to" not in oklahoma
    assert "bids" not in rule_words.summary_line(pl.ruleset("simple-pitch"))


README = Path(__file__).resolve().parent.parent / "README.md"
NUMBER_WORDS = {"nineteen": 19, "twenty": 20, "twenty-one": 21}
"""The counts the README's opening may say, in words."""


def readme_row(name: str) -> str:
    found = re.search(rf"^\| `{re.escape(name)}` \|.*$", README.read_text(encoding="utf-8"), re.MULTILINE)
    assert found, name
    return found.group(0)


def test_the_readme_counts_the_variants_and_names_every_reading() -> None:
    """The README's count is the registry's, and the readings the engine takes where the sources
    say nothing are in the readings column: the stuck dealer of Oklahoma and Missouri eleven
    (the lowest bid), High in cutthroat when the ace was thrown away, and a called partner who
    reaches 52 without bidding."""
    text = README.read_text(encoding="utf-8")
    said = re.search(r"ten-point Pitch\*\* \(and ([\w-]+) other Pitch\s+variants", text)
    assert said and NUMBER_WORDS[said.group(1)] == len(NAMES) - 1
    for name in NAMES:
        readme_row(name)
    for name in ("oklahoma", "missouri-eleven"):
        rules = pl.ruleset(name)
        stuck = f"a stuck dealer (everyone else passed) must bid {rules.min_bid}, the lowest bid"
        assert stuck in readme_row(name)
        assert f"the dealer must bid {rules.min_bid}." in howto(rules)  # the engine's, checked above
    assert "with the ace thrown away the highest trump left is High" in readme_row("cutthroat")
    assert "a partner at 52 or more plays on" in readme_row("call-partner")


@SETTINGS
@given(house_rules())
def test_any_house_rule_is_described_in_its_own_terms(rules: pl.Ruleset) -> None:
    """A house rule made with replace() gets words too, from the fields it changed: the play,
    the bids (none without an auction), the points a hand can give out and the target."""
    text, summary = howto(rules), rule_words.summary_line(rules)
    assert ("Only trump are played" in text) == (rules.play_rule == "trump-only")
    assert ("no bidding" in summary) == (not rules.auction)
    assert f"{rules.total_points} points" in text and f"game to {rules.target}." in summary
    assert ("the dealer may" in text) == (rules.auction and (rules.dealer_may_match or rules.all_pass_redeal))
