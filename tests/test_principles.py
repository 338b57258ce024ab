"""Every bot reason and hint opens with a principle of the fixed vocabulary, and the principle is
true of the hand.

Seeded hands in every preset, with the rule-based bot and (where it plays) the strong bot at
alternate seats, in both bidding styles. Each decision's principle is then checked against the
hand itself as it was played out, not against the classifier that chose it: a trump said to
draw trump did win its trick, a card fed to a partner carried points and the partner's side
took the trick, a card played low gave away no more than any other, and so on. The facts a
principle rests on are claims too, so the claim checker judges them with the rest.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

import pitchlab as pl
from pitchlab.bots import claimcheck
from pitchlab.bots.claims import Estimate
from pitchlab.bots.players import BiddingStyle, Decision, RuleBasedPlayer
from pitchlab.bots.principles import (
    BEST_ON_AVERAGE,
    BID_GAME,
    BID_MAKE,
    BURY_SAFE,
    CALL_TOP,
    COUNT_OUT,
    DRAW_TRUMP,
    FEED,
    FIRST_JOKER,
    KEEP_TRUMP,
    NAME_SUIT,
    NO_CHOICE,
    PLAY_LOW,
    SAVE_THE_3,
    SEPARATOR,
    TAKE_POINTS,
    VOCABULARY,
    Principle,
    said_aloud,
)
from pitchlab.bots.strong import StrongPlayer, solvable
from pitchlab.engine.cards import Card, Rank
from pitchlab.engine.hand import Hand
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import GAME_POINTS
from pitchlab.ui.guide import principles_html

ROOT = Path(__file__).resolve().parent.parent
NAMES = pl.ruleset_names()
STYLES: tuple[BiddingStyle, ...] = ("game", "ladder")


@dataclass(frozen=True)
class Made:
    """A card decision, with what the check needs of the moment it was made."""

    trick: int
    seat: int
    card: Card
    principle: Principle
    before: tuple[Card, ...]
    legal: tuple[Card, ...]
    passed_over: int
    decision: Decision


def _worth(rules: Ruleset, trump: pl.Suit, cards: tuple[Card, ...]) -> int:
    """Capture points and game points of ``cards``, counted from the ruleset's tables."""
    table = rules.trump(trump)
    game = any(a.kind == "game" for a in rules.awards)
    points = sum(table.points.get(c, 0) for c in cards if table.scorers.get(c) == "capturer")
    return points + (sum(GAME_POINTS[c] for c in cards) if game else 0)


def _capture(rules: Ruleset, trump: pl.Suit, card: Card) -> int:
    table = rules.trump(trump)
    return table.points.get(card, 0) if table.scorers.get(card) == "capturer" else 0


def _sides(hand: Hand) -> tuple[int, ...]:
    """Each seat's side as the hand turned out: fixed teams, or the bidder and the called card's
    holder (the seat that played it) against the rest."""
    rules = hand.rules
    if not rules.call_partner:
        return tuple(rules.teams)
    holder = next(
        (s for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if c == hand.called),
        hand.bidder,
    )
    return tuple(0 if s in (hand.bidder, holder) else 1 for s in range(rules.players))


def _check_card(hand: Hand, made: Made) -> None:
    rules, trump = hand.rules, hand.trump
    assert trump is not None
    trick = hand.tricks[made.trick]
    sides = _sides(hand)
    assert trick.winner is not None
    ours = sides[trick.winner] == sides[made.seat]
    p = made.principle
    why = (p.name, made.card, trick, made.decision.why)
    if p in (DRAW_TRUMP, FIRST_JOKER):
        assert trick.winner == made.seat, why
    if p is DRAW_TRUMP:
        assert not made.before and rules.is_trump(made.card, trump), why
    if p is FIRST_JOKER:
        assert made.card.is_joker, why
    if p is FEED:
        assert ours and trick.winner != made.seat and _capture(rules, trump, made.card) > 0, why
    if p is TAKE_POINTS:
        assert trick.winner == made.seat or made.before, why
        assert _worth(rules, trump, trick.cards) > 0 or rules.awards, why
    if p is COUNT_OUT:
        n = rules.players
        after = [
            (made.seat + k) % n
            for k in range(1, n)
            if (made.seat + k) % n not in trick.seats[: len(made.before)]
        ]
        assert ours, why
        assert any(made.passed_over >> s & 1 and sides[s] != sides[made.seat] for s in after), why
    if p in (PLAY_LOW, SAVE_THE_3):
        assert all(_capture(rules, trump, made.card) <= _capture(rules, trump, c) for c in made.legal), why
    if p is SAVE_THE_3:
        threes = [
            c for c in made.legal if c.rank is Rank.THREE and rules.is_trump(c, trump) and c != made.card
        ]
        assert threes and _capture(rules, trump, threes[0]) > 0, why
    if p is BEST_ON_AVERAGE:
        assert any(isinstance(c, Estimate) for c in made.decision.claims), why


def _check_other(hand: Hand, seat: int, action: pl.Action, p: Principle, style: BiddingStyle) -> None:
    """The principles of decisions other than a card, checked at the moment they are made."""
    rules = hand.rules
    if p is NO_CHOICE:
        assert len(hand.legal_actions()) == 1
        return
    if isinstance(action, pl.Bid | pl.Pass | pl.ThrowIn):
        assert p in (BID_MAKE, BID_GAME), p
        assert p is BID_MAKE or style == "game", p  # only a bot bidding for the game says so
    elif isinstance(action, pl.NameTrump):
        assert p is NAME_SUIT
    elif isinstance(action, pl.Discard):
        assert p is KEEP_TRUMP
        if hand.trump is not None:  # nothing thrown away is trump where another card could go
            kept = [c for c in hand.hand_of(seat) if c not in action.cards]
            spare = [c for c in kept if not rules.is_trump(c, hand.trump)]
            assert not spare or not any(rules.is_trump(c, hand.trump) for c in action.cards)
    elif isinstance(action, pl.Bury):
        assert p is BURY_SAFE
    elif isinstance(action, pl.Call):
        assert p is CALL_TOP
        assert hand.trump is not None
        top = rules.trump_cards(hand.trump)
        held = hand.hand_of(seat)
        assert action.card not in held
        assert all(c in held for c in top[: top.index(action.card)]), (action.card, held)


def _play(name: str, seed: int, style: BiddingStyle) -> tuple[int, set[str]]:
    rules = pl.ruleset(name)
    near = [max(rules.target - 4, 0) if rules.target else 0] * rules.num_teams
    hand = Hand.deal(rules, seed % rules.players, seed=seed, scores=near if seed % 2 else None)
    strong = solvable(rules)
    bots = [
        StrongPlayer(samples=4, suit_hands=6, seed=seed, bidding=style)
        if strong and s % 2
        else RuleBasedPlayer(style)
        for s in range(rules.players)
    ]
    cards: list[Made] = []
    seen: set[str] = set()
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        decision = bots[seat].decide(hand.view(seat))
        p = decision.principle
        assert p in VOCABULARY, decision
        seen.add(p.name)
        assert decision.why.startswith(p.name + SEPARATOR), decision.why
        assert decision.said.startswith(said_aloud(p).name + SEPARATOR), decision.said
        assert not decision.said.startswith(SAVE_THE_3.name), decision.said  # it tells of the hand
        assert claimcheck.false_claims(hand, seat, decision.claims) == [], (name, seed, decision)
        action = decision.action
        if isinstance(action, pl.Play) and hand.trump is not None and p is not NO_CHOICE:
            legal = tuple(a.card for a in hand.legal_actions() if isinstance(a, pl.Play))
            current = hand.current_trick
            cards.append(
                Made(len(hand.tricks), seat, action.card, p, current.cards, legal, hand.passed_over, decision)
            )
        else:
            _check_other(hand, seat, action, p, style)
        hand.apply(action, seat)
    for made in cards:
        _check_card(hand, made)
    return len(cards), seen


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_opens_with_a_true_principle(name: str) -> None:
    played, seen = 0, set()
    for seed in range(4):
        n, names = _play(name, 40 + seed, STYLES[seed % 2])
        played += n
        seen |= names
    assert played >= 4, name  # cards were judged, not just bids
    assert len(seen) >= 3, seen


def test_the_vocabulary_is_taught_and_linked() -> None:
    """Tutorial page 9 has a heading for every principle, spelled as the reasons spell it, and the
    how-to box links each to its heading's anchor (spaces as hyphens, as Jupyter makes them)."""
    page = json.loads((ROOT / "tutorial" / "09-playing-well.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in page["cells"] if c["cell_type"] == "markdown")
    headings = re.findall(r"^## (.+)$", text, re.M)
    for p in VOCABULARY:
        assert p.name in headings, p.name
    html = principles_html("../tutorial/")
    for p in VOCABULARY:
        assert f'href="../tutorial/09-playing-well.ipynb#{p.name.replace(" ", "-")}"' in unescape(html)
    assert len({p.name for p in VOCABULARY}) == len(VOCABULARY)


def test_a_principle_that_names_a_hidden_card_is_not_said_aloud() -> None:
    """Worked by hand: "Save the 3" tells the table the seat holds the 3 of trump, so while the
    hand is on the table hears "Play low" (true of the card played, a cheapest one)."""
    assert said_aloud(SAVE_THE_3) is PLAY_LOW
    assert all(said_aloud(p) is p for p in VOCABULARY if p is not SAVE_THE_3)
