"""The generic properties, checked for every registered ruleset over thousands of random hands.

Per ruleset, a seeded sweep of whole hands (random legal choices, dealers
rotating) plus hypothesis-drawn positions check:

1. points: never more than the ruleset's ``total_points``, exactly that many
   where the bidder takes the stock (every trump comes into play), and the
   score change follows the made/set rule;
2. no card is created or lost: the deal is the deck, and at the end every card
   is captured, kept by its holder (a holder-scored card), buried, thrown, dead,
   still in the stock or (follow-suit play) never dealt;
3. only legal actions are accepted, and a refused action changes nothing;
4. save -> load -> replay is the identity, for complete hands and positions;
5. the fast path (``legal_codes``/``step``) plays the same game as the checked path;
6. in follow-suit play, each trick goes to the highest trump or else the highest
   card of the suit led, and a card that did not follow was allowed to (an oracle
   written from RULES.md, not from the engine's tables).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pitchlab as pl
from tests.budget import examples
from tests.helpers import snapshot

NAMES = pl.ruleset_names()
SWEEP = 1500
"""Whole hands per ruleset in the seeded sweep."""
SETTINGS = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
RANKS = "23456789TJQKA"


def random_hand(rules: pl.Ruleset, rng: random.Random, stop: int | None = None) -> pl.Hand:
    """A hand dealt and played by uniformly random legal choices, stopped after ``stop`` actions."""
    hand = pl.Hand.deal(rules, dealer=rng.randrange(rules.players), seed=rng)
    done = 0
    while not hand.is_over and (stop is None or done < stop):
        hand.apply(rng.choice(hand.legal_actions()))
        done += 1
    return hand


def check_points(hand: pl.Hand) -> None:
    rules = hand.rules
    result = hand.result()
    total = sum(result.points)
    assert 0 <= total <= rules.total_points
    if rules.exchange == "refill" and rules.bidder_takes_stock:
        assert total == rules.total_points
    side = bidding_side(hand)
    side_teams = {rules.teams[s] for s in side}
    taken = sum(result.points[t] for t in side_teams)
    moon = result.bid == rules.moon_bid
    if moon:
        every_trick = all(t.winner in side for t in hand.tricks) or not rules.moon_needs_every_trick
        # Ruling: a moon takes every point in play (no Jack owed when it was never dealt);
        # a contest nobody won (a Game tie) is a point the side failed to take
        unwon = sum(a.points for a, (_, t) in zip(rules.awards, result.awards, strict=True) if t is None)
        assert result.made == (taken == total + unwon and every_trick)
        gain = taken if rules.moon_made is None else rules.moon_made
        loss = rules.moon_set
    else:
        assert result.made == (taken >= result.bid)
        gain, loss = taken, result.bid
    for t, (points, change) in enumerate(zip(result.points, result.score_change, strict=True)):
        assert change == ((gain if result.made else -loss) if t in side_teams else points)
    assert sum(points for _, _, points in result.tally) == total


def bidding_side(hand: pl.Hand) -> set[int]:
    """The bidder's team, or the bidder and whoever held the called card (found in the open record)."""
    rules, bidder = hand.rules, hand.bidder
    assert bidder is not None
    if not rules.call_partner:
        return {s for s in range(rules.players) if rules.teams[s] == rules.teams[bidder]}
    called = hand.called
    holders = {s for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if c == called}
    holders |= {s for s in range(rules.players) if called in hand.hand_of(s) + hand.buried_by(s)}
    holders.discard(bidder)  # a called joker: the bidder holds its twin
    assert len(holders) <= 1
    return {bidder} | holders


def check_cards(hand: pl.Hand) -> None:
    """Every card of the deck is accounted for exactly once at the end of the hand."""
    rules = hand.rules
    seats = range(rules.players)
    where: list[pl.Card] = []
    for s in seats:
        where += hand.captured_by(s) + hand.hand_of(s)  # buried cards go to the first trick's winner
    where += [c for r in hand.refills for c in r.thrown]  # thrown away, discarded
    where += [c for _, mask in hand.thrown_in for c in hand.cards(mask)]  # shown and replaced
    if rules.exchange == "refill":
        # a holder-scored card (the two), played or buried, is nobody's capture
        where += [card for card, _ in hand.result().holder_points]
    where += hand.stock_cards[hand.stock_used :]
    assert Counter(where) == Counter(rules.deck)


def allowed_by_oracle(
    card: pl.Card, before: list[pl.Card], holding: tuple[pl.Card, ...], trump: pl.Suit
) -> bool:
    """Follow-suit legality from RULES.md: trump lead calls for trump, a plain lead for its suit or trump."""
    if not before:
        return True
    led = before[0].suit
    if led is trump:
        return card.suit is trump or all(c.suit is not trump for c in holding)
    if any(c.suit is led for c in holding):
        return card.suit in (led, trump)
    return True


def follow_winner(cards: tuple[pl.Card, ...], seats: tuple[int, ...], trump: pl.Suit) -> int:
    """Highest trump, else highest card of the suit led (natural ranks, ace high)."""
    trumps = [(RANKS.index(c.code[0]), s) for c, s in zip(cards, seats, strict=True) if c.suit is trump]
    if trumps:
        return max(trumps)[1]
    led = cards[0].suit
    return max((RANKS.index(c.code[0]), s) for c, s in zip(cards, seats, strict=True) if c.suit is led)[1]


@pytest.mark.parametrize("name", NAMES)
def test_seeded_sweep_points_and_cards(name: str) -> None:
    rules = pl.ruleset(name)
    rng = random.Random(f"sweep:{name}")
    for _ in range(SWEEP):
        hand = random_hand(rules, rng)
        if hand.redeal is not None:
            continue
        check_points(hand)
        check_cards(hand)


@pytest.mark.parametrize("name", [n for n in NAMES if pl.ruleset(n).play_rule == "follow-suit"])
def test_follow_suit_tricks_match_the_oracle(name: str) -> None:
    rules = pl.ruleset(name)
    rng = random.Random(f"oracle:{name}")
    for _ in range(400):
        hand = random_hand(rules, rng)
        trump = hand.trump
        if hand.redeal is not None:
            continue
        assert trump is not None
        if rules.trump_choice == "first-lead":
            assert hand.tricks[0].cards[0].suit is trump, "the first card led names trump"
        # every card a seat holds when play begins is played, so its plays are its holding
        holding = {
            s: [c for t in hand.tricks for c, p in zip(t.cards, t.seats, strict=True) if p == s]
            for s in range(rules.players)
        }
        for trick in hand.tricks:
            assert trick.winner == follow_winner(trick.cards, trick.seats, trump)
            for i, (card, seat) in enumerate(zip(trick.cards, trick.seats, strict=True)):
                allowed = allowed_by_oracle(card, list(trick.cards[:i]), tuple(holding[seat]), trump)
                assert allowed or (not rules.trump_lead_must_follow and trick.cards[0].suit is trump)
                holding[seat].remove(card)


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 80), pick=st.integers(0, 10**6))
def test_refused_actions_change_nothing(name: str, seed: int, stop: int, pick: int) -> None:
    rules = pl.ruleset(name)
    hand = random_hand(rules, random.Random(seed), stop)
    legal = set(hand.legal_actions())
    candidates: list[pl.Action] = [pl.PASS, *(pl.Bid(v) for v in range(0, 15))]
    candidates += [pl.NameTrump(s) for s in pl.Suit]
    candidates += [pl.Play(c) for c in set(rules.deck)] + [pl.Bury(c) for c in set(rules.deck)]
    illegal = [a for a in candidates if a not in legal]
    action = illegal[pick % len(illegal)]
    before = snapshot(hand)
    with pytest.raises(pl.IllegalAction):
        hand.apply(action)
    assert snapshot(hand) == before


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 80))
def test_save_load_replay_is_identity(name: str, seed: int, stop: int) -> None:
    rules = pl.ruleset(name)
    hand = random_hand(rules, random.Random(seed), stop)
    again = pl.loads(pl.dumps(hand))
    assert snapshot(again) == snapshot(hand)
    assert pl.summary(again) == pl.summary(hand)
    if hand.is_over and hand.redeal is None:
        assert again.result() == hand.result()


@pytest.mark.parametrize("name", NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32))
def test_fast_path_plays_the_same_game(name: str, seed: int) -> None:
    rules = pl.ruleset(name)
    rng = random.Random(seed)
    checked = pl.Hand.deal(rules, dealer=seed % rules.players, seed=seed)
    fast = checked.copy()
    while not checked.is_over:
        actions, codes = checked.legal_actions(), list(fast.legal_codes())
        assert len(actions) == len(codes)
        k = rng.randrange(len(actions))
        checked.apply(actions[k])
        fast.step(codes[k])
        assert pl.to_record(fast) == pl.to_record(checked)
    assert fast.is_over
    if checked.redeal is None:
        assert fast.result() == checked.result()


def test_every_phase_is_reached_by_some_ruleset() -> None:
    seen: set[pl.Phase] = set()
    for name in NAMES:
        rng = random.Random(f"phases:{name}")
        for _ in range(30):
            hand = pl.Hand.deal(pl.ruleset(name), seed=rng)
            seen.add(hand.phase)
            while not hand.is_over:
                hand.apply(rng.choice(hand.legal_actions()))
                seen.add(hand.phase)
    assert seen == set(pl.Phase)
