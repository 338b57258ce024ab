"""Property-based tests of the pitchlab hand engine (hypothesis), plus one plain seeded sweep.

Each test names the property it checks. The oracles are written from the
project's RULES.md, not from the engine's own tables: the trump order, the
point values and the teams below are spelled out here, so a wrong table in
the engine makes a test fail instead of agreeing with itself.

Numbered properties:

1. every hand deals out exactly 10 points, and the score change follows the
   made/set rule;
2. no card is created or lost at any step;
3. every trump of the named suit is played exactly once or buried;
4. only legal actions are accepted, and a refused action changes nothing;
5. save -> load -> replay is the identity, for complete hands and positions;
6. the fast path (``legal_codes``/``step``) and the checked path
   (``legal_actions``/``apply``) play the same game;
7. the bots choose only legal actions and always say why;
8. a seat's view shows its own cards and nothing hidden of anyone else's;
9. tricks are won by the highest trump (first of two jokers), and the lead
   passes to the winner or the next seat clockwise holding trump.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import pitchlab as pl
from tests.budget import examples
from tests.helpers import snapshot
from tests.strategies import (
    Deal,
    PlayerKind,
    Script,
    actions_at,
    complete_hands,
    deals,
    make_players,
    play_choices,
    play_randomly,
    player_kinds,
    positions,
    seats_or_none,
)

SEATS = range(4)
SEEDED_HANDS = 2000

SETTINGS = settings(
    max_examples=examples(300),
    deadline=None,  # a slow CI machine must not turn into a flaky DeadlineExceeded
    suppress_health_check=[HealthCheck.too_slow],
)
"""Shared hypothesis settings: 300 random hands per test in a long run unless a test says otherwise
(tests/budget.py: a third of them in CI)."""

ALSO_SWEPT = settings(SETTINGS, max_examples=examples(200))
"""For properties the seeded sweep also checks on its 2,000 hands: fewer random hands here."""


# ------------------------------------------------------------------ oracles
# Written from RULES.md, independently of pitchlab.engine.rules.

SIBLING = {"S": "C", "C": "S", "H": "D", "D": "H"}
"""The other suit of the same colour: home of the off-jack."""

JOKER = pl.Card("JK")

DECK: Counter[pl.Card] = Counter(pl.CARDS[:52]) + Counter({JOKER: 2})
"""The 54-card deck: the 52 standard cards and the joker twice."""
DECK_LIST = sorted(DECK.elements())


def format_cards(cards: Iterable[pl.Card]) -> str:
    return " ".join(sorted(c.code for c in cards)) or "nothing"


def assert_same_cards(got: list[pl.Card], want: list[pl.Card], what: str) -> None:
    """The two card lists are the same multiset; else say which cards are extra and which missing."""
    if sorted(got) != sorted(want):
        extra, missing = Counter(got) - Counter(want), Counter(want) - Counter(got)
        raise AssertionError(
            f"{what}: extra {format_cards(extra.elements())}; missing {format_cards(missing.elements())}"
        )


def team(seat: int) -> int:
    """Partners sit across: team 0 is seats 0 and 2, team 1 is seats 1 and 3."""
    return seat % 2


@functools.cache
def trump_order(suit: pl.Suit) -> tuple[pl.Card, ...]:
    """The 16 trump from high to low: A K Q J, off-jack, joker, joker, 10 9 ... 2."""
    s, o = suit.letter, SIBLING[suit.letter]
    codes = ["A" + s, "K" + s, "Q" + s, "J" + s, "J" + o, "JK", "JK"] + [r + s for r in "T98765432"]
    return tuple(pl.Card(code) for code in codes)


def strength(card: pl.Card, suit: pl.Suit) -> int:
    """Higher beats lower; the two jokers are equal; 0 for a card that is not trump."""
    order = trump_order(suit)
    return len(order) - order.index(card) if card in order else 0


def capture_points(suit: pl.Suit) -> dict[pl.Card, int]:
    """Points scored by the team that captures the card (each joker counts)."""
    s, o = suit.letter, SIBLING[suit.letter]
    codes = {"A" + s: 1, "J" + s: 1, "J" + o: 1, "JK": 1, "T" + s: 1, "3" + s: 3}
    return {pl.Card(code): points for code, points in codes.items()}


def two_of(suit: pl.Suit) -> pl.Card:
    """The two of trump: 1 point for its holder's team, never captured."""
    return pl.Card("2" + suit.letter)


def expected_points(hand: pl.Hand) -> list[int]:
    """Points by team of a finished hand, recomputed from its public history.

    Each trick's winner takes the capture points in it; the first trick's winner
    also takes the buried cards; the two scores for whoever played or buried it.
    """
    suit = hand.trump
    assert suit is not None
    table, two = capture_points(suit), two_of(suit)  # the two is not in `table`: never captured
    buried = [c for s in SEATS for c in hand.buried_by(s)]
    points = [0, 0]
    for i, trick in enumerate(hand.tricks):
        assert trick.winner is not None
        won = list(trick.cards) + (buried if i == 0 else [])
        points[team(trick.winner)] += sum(table.get(c, 0) for c in won)
        for card, seat in zip(trick.cards, trick.seats, strict=True):
            if card == two:
                points[team(seat)] += 1
    for seat in SEATS:
        if two in hand.buried_by(seat):
            points[team(seat)] += 1
    return points


def holder_of_two(hand: pl.Hand) -> int:
    """The seat that held the two of trump when play began: it played it or buried it."""
    assert hand.trump is not None
    two = two_of(hand.trump)
    holders = [s for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if c == two]
    holders += [s for s in SEATS if two in hand.buried_by(s)]
    assert len(holders) == 1, f"the two of trump was played or buried {len(holders)} times"
    return holders[0]


# ---------------------------------------------------------------- helpers


def states(script: Script) -> Iterator[pl.Hand]:
    """The hand after 0, 1, ... all of the script's choices (the same object, advanced in place)."""
    hand = script.deal.new_hand()
    yield hand
    for index in script.choices:
        hand.apply(hand.legal_actions()[index])
        yield hand


def played_cards(hand: pl.Hand) -> list[pl.Card]:
    return [c for t in hand.tricks for c in t.cards] + list(hand.current_trick.cards)


def all_buried(hand: pl.Hand) -> list[pl.Card]:
    return [c for s in SEATS for c in hand.buried_by(s)]


def decode(hand: pl.Hand, codes: tuple[int, ...]) -> tuple[pl.Action, ...]:
    """Fast-path codes as checked-path actions, by the module's documented code meanings."""
    phase = hand.phase
    if phase is pl.Phase.BID:
        return tuple(pl.PASS if c == 0 else pl.Bid(c) for c in codes)
    if phase is pl.Phase.NAME_TRUMP:
        return tuple(pl.NameTrump(pl.Suit(c)) for c in codes)
    if phase is pl.Phase.BURY:
        return tuple(pl.Bury(hand.card(c)) for c in codes)
    if phase is pl.Phase.PLAY:
        return tuple(pl.Play(hand.card(c)) for c in codes)
    return ()


# ------------------------------------------------------- property checks
# Shared by the hypothesis tests and the plain seeded sweep.


def check_conservation(hand: pl.Hand) -> None:
    """Property 2: no card is created or lost.

    Invariant, at every step of a hand. Let ``held`` be every seat's current hand
    (dead cards included), ``buried`` every buried card, ``done`` the cards of the
    finished tricks, ``current`` the cards of the trick in progress, ``thrown``
    the cards thrown away in the refill (including the non-trump of the stock
    remainder the bidder takes), and ``stock`` the undrawn stock
    ``stock[stock_used:]``. Then, as multisets with ``JK`` twice:

    (a) where the cards lie: held + buried + done + current + thrown + stock == deck;
    (b) who owns them: the cards captured by all seats are exactly ``done`` plus
        (once the first trick is over) ``buried``, less every two of trump, which
        is never captured;
    so (a) and (b) together give the union the rules describe:
    held + thrown + stock + current + captured + (the twos in done or in a
    first-trick-claimed burial) + (buried, while no trick is finished) == deck.
    """
    if hand.is_over:
        assert not hand.current_trick.cards, (
            f"the hand is over but current_trick still holds {format_cards(hand.current_trick.cards)}"
        )
    held = [c for s in SEATS for c in hand.hand_of(s)]
    buried = all_buried(hand)
    done = [c for t in hand.tricks for c in t.cards]
    current = list(hand.current_trick.cards)
    thrown = [c for r in hand.refills for c in r.thrown]
    stock = list(hand.stock_cards[hand.stock_used :])
    captured = [c for s in SEATS for c in hand.captured_by(s)]

    assert_same_cards(held + buried + done + current + thrown + stock, DECK_LIST, "(a) the deck")

    claimed = done + (buried if hand.tricks else [])
    twos = [c for c in claimed if hand.trump is not None and c == two_of(hand.trump)]
    assert_same_cards(captured + twos, claimed, "(b) captured + the two vs finished tricks + burial")
    unclaimed_burial = [] if hand.tricks else buried
    assert_same_cards(
        held + thrown + stock + current + captured + twos + unclaimed_burial, DECK_LIST, "union"
    )

    # the public draw counts match the refill log (the remainder taken by the bidder not counted)
    for refill in hand.refills:
        if not refill.from_remainder:
            assert hand.drawn[refill.seat] == len(refill.drawn)
    if hand.trump is None:
        assert not hand.refills
        assert hand.stock_used == 0
        assert all(len(hand.hand_of(s)) == 9 for s in SEATS)


def check_points(hand: pl.Hand) -> pl.HandResult:
    """Property 1: exactly 10 points per hand, scored per RULES.md, and made/set applied to the bid."""
    result = hand.result()
    bids = pl.to_record(hand)["bids"]
    numeric = [(b, i) for i, b in enumerate(bids) if b != "pass"]
    high, index = max(numeric)
    assert (result.bid, result.bidder) == (high, (hand.dealer + 1 + index) % 4)
    assert result.bidding_team == team(result.bidder)
    assert result.trump == hand.trump

    assert sum(result.points) == 10
    assert list(result.points) == expected_points(hand)
    assert result.holder_points == ((two_of(result.trump), holder_of_two(hand)),)

    bidding, other = result.bidding_team, 1 - result.bidding_team
    assert result.made == (result.points[bidding] >= result.bid)
    if result.made:
        assert result.score_change == result.points
    else:
        assert result.score_change[bidding] == -result.bid
        assert result.score_change[other] == result.points[other]
    return result


def check_trump_accounted(hand: pl.Hand) -> None:
    """Property 3: the 16 trump of the named suit are each played once or buried, nothing else is.

    Also: no seat takes more than six trump into play, and a seat that buried
    took exactly six (it buries only down to six).
    """
    assert hand.is_over
    assert hand.trump is not None
    played = [c for t in hand.tricks for c in t.cards]
    assert [c.code for c in played] == pl.to_record(hand)["plays"]
    assert Counter(played + all_buried(hand)) == Counter(trump_order(hand.trump))
    assert len(played) + len(all_buried(hand)) == 16
    by_seat = Counter(s for t in hand.tricks for s in t.seats)
    for seat in SEATS:
        assert by_seat[seat] <= 6
        if hand.buried_by(seat):
            assert by_seat[seat] == 6


def check_tricks(hand: pl.Hand) -> None:
    """Property 9: winners and leads.

    A seat holds trump at a trick's start iff it plays in that or a later trick
    (every trump taken into play gets played), so the history itself says who
    holds trump when. Then: the first leader is the bidder or the next seat
    clockwise holding trump; each trick is played by exactly the seats holding
    trump, clockwise from the leader; the winner played the strongest trump
    (by RULES.md, and by ``rules.trump_rank``), the first of two jokers winning;
    the next leader is the winner or the next seat clockwise holding trump.
    """
    assert hand.is_over
    assert hand.trump is not None
    assert hand.bidder is not None
    suit, rules = hand.trump, hand.rules
    remaining = Counter(s for t in hand.tricks for s in t.seats)
    lead_from = hand.bidder
    assert hand.tricks, "a hand has at least one trick"
    for trick in hand.tricks:
        holding = [(lead_from + k) % 4 for k in SEATS if remaining[(lead_from + k) % 4]]
        assert trick.leader == holding[0]
        clockwise = [(trick.leader + k) % 4 for k in SEATS]
        assert trick.seats == tuple(s for s in clockwise if remaining[s])
        ours = [strength(c, suit) for c in trick.cards]
        theirs = [rules.trump_rank(c, suit) for c in trick.cards]
        assert min(ours) > 0, "only trump is played"
        first_best = ours.index(max(ours))
        assert theirs.index(max(theirs)) == first_best
        assert trick.winner is not None
        assert trick.winner == trick.seats[first_best]
        for seat in trick.seats:
            remaining[seat] -= 1
        lead_from = trick.winner
    assert not +remaining, "every seat played out its trump"


def check_views(hand: pl.Hand) -> None:
    """Property 8: each seat's view holds its own hand, only public cards besides, and a turn only its own."""
    public = Counter(all_buried(hand) + played_cards(hand))
    assert bool(hand.legal_actions()) == (not hand.is_over)
    for seat in SEATS:
        view = hand.view(seat)
        assert view.seat == seat
        assert view.hand == hand.hand_of(seat)
        assert view.my_turn == (hand.to_act == seat)
        assert bool(view.legal_actions) == (hand.to_act == seat)
        if hand.to_act == seat:
            assert view.legal_actions == hand.legal_actions()
        own = Counter(view.hand)
        assert not Counter(view.playable) - own
        assert not Counter(_cards_in(view.legal_actions)) - own
        others = [
            getattr(view, f.name)
            for f in dataclasses.fields(view)
            if f.name not in ("hand", "playable", "legal_actions", "rules", "thrown_away")
        ]
        leaked = Counter(_cards_in(others)) - public
        assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
        # what it threw away it once held: dealt to it, or drawn by it
        held = Counter(hand.dealt_to(seat)) + Counter(
            c for r in hand.refills if r.seat == seat for c in r.drawn
        )
        assert not Counter(view.thrown_away) - held
        assert view.hand_sizes == tuple(len(hand.hand_of(s)) for s in SEATS)


def _cards_in(value: object) -> list[pl.Card]:
    """Every card inside a value (dataclasses, tuples, lists walked recursively)."""
    if isinstance(value, pl.Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in _cards_in(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [c for item in value for c in _cards_in(item)]
    return []


# ------------------------------------------------------------- property 1


@ALSO_SWEPT
@given(script=complete_hands())
def test_ten_points_and_made_or_set(script: Script) -> None:
    """Property 1: every hand scores exactly 10 points and the score change follows made/set.

    The points are recomputed from the public history (tricks, burial, who
    held the two) with RULES.md's table, so a wrong point table, a lost
    capture or a misattributed two fails here.
    """
    hand = script.complete()
    note(pl.dumps(hand, indent=None))
    check_points(hand)


# ------------------------------------------------------------- property 2


@ALSO_SWEPT
@given(deal=deals(), data=st.data())
def test_no_card_created_or_lost(deal: Deal, data: st.DataObject) -> None:
    """Property 2: at every step the 54 cards are all somewhere, once (see ``check_conservation``).

    The hand is played one random choice at a time, drawn from ``st.data()``,
    and the invariant checked after each; a failure notes the record so far.
    """
    hand = deal.new_hand()
    try:
        check_conservation(hand)
        while not hand.is_over:
            play_randomly(hand, data.draw, limit=1)
            check_conservation(hand)
    except AssertionError:
        note(f"record when it failed: {pl.dumps(hand, indent=None)}")
        raise


# ------------------------------------------------------------- property 3


@ALSO_SWEPT
@given(script=complete_hands())
def test_every_trump_played_once_or_buried(script: Script) -> None:
    """Property 3: all 16 trump of the named suit (jokers and off-jack included) end up played once or buried.

    Only trump is ever played and every trump ends in someone's hand after the
    refill, so any card played twice, never played, or played though not trump fails.
    """
    hand = script.complete()
    note(pl.dumps(hand, indent=None))
    check_trump_accounted(hand)


# ------------------------------------------------------------- property 4


@SETTINGS
@given(script=positions(), data=st.data())
def test_only_legal_actions_are_accepted(script: Script, data: st.DataObject) -> None:
    """Property 4: ``apply`` accepts an action iff it is in ``legal_actions()`` (for the seat to act).

    Random actions (pass, bids -1..12, any suit, play or bury of any card
    including ones not in the deck), half of them legal, with a random ``seat``
    argument. A refusal is an ``IllegalAction`` (so a ``PitchError`` and a
    ``ValueError``) naming the seat and the action, and leaves every observable
    part of the state as it was; an acceptance does what the fast path does.
    """
    hand = script.position()
    note(pl.dumps(hand, indent=None))
    for _ in range(3):
        action = data.draw(actions_at(hand), label="action")
        seat = data.draw(seats_or_none(), label="seat")
        legal = hand.legal_actions()
        allowed = action in legal and (seat is None or seat == hand.to_act)
        before = (snapshot(hand), tuple(hand.legal_codes()))  # the fast path's codes too
        if allowed:
            twin = hand.copy()
            twin.step(hand.legal_codes()[legal.index(action)])
            hand.apply(action, seat)
            assert pl.to_record(hand) == pl.to_record(twin)
            assert (hand.phase, hand.to_act) == (twin.phase, twin.to_act)
        else:
            with pytest.raises(pl.IllegalAction) as refused:
                hand.apply(action, seat)
            error = refused.value
            assert isinstance(error, pl.PitchError)
            assert isinstance(error, ValueError)
            assert error.action == action
            assert error.seat == (seat if seat is not None else hand.to_act)
            assert str(action) in str(error)
            assert error.rule
            assert (snapshot(hand), tuple(hand.legal_codes())) == before


# ------------------------------------------------------------- property 5


@SETTINGS
@given(script=positions())
def test_save_load_replay_is_identity(script: Script) -> None:
    """Property 5: ``loads(dumps(hand))`` is the same hand, and it plays on the same.

    For any position (from the fresh deal to the finished hand): the same
    record and text, phase, seat to act, legal actions and replay summary; the
    same result when complete; and finishing both the original and the reloaded
    position with the rest of the choices gives the hand played without a break.
    """
    hand = script.position()
    text = pl.dumps(hand)
    note(text)
    loaded = pl.loads(text)
    assert pl.to_record(loaded) == pl.to_record(hand)
    assert pl.dumps(loaded) == text
    assert pl.loads(pl.dumps(hand, indent=None)).legal_actions() == hand.legal_actions()
    assert (loaded.phase, loaded.to_act) == (hand.phase, hand.to_act)
    assert loaded.legal_actions() == hand.legal_actions()
    assert pl.summary(loaded) == pl.summary(hand)
    if hand.is_over:
        assert loaded.result() == hand.result()

    play_choices(hand, script.rest)
    play_choices(loaded, script.rest)
    whole = script.complete()
    assert loaded.is_over
    assert hand.is_over
    assert pl.to_record(loaded) == pl.to_record(hand) == pl.to_record(whole)
    assert loaded.result() == hand.result() == whole.result()
    assert loaded.tricks == whole.tricks


# ------------------------------------------------------------- property 6


@SETTINGS
@given(script=complete_hands())
def test_fast_and_checked_paths_agree(script: Script) -> None:
    """Property 6: ``legal_codes``/``step`` and ``legal_actions``/``apply`` are one engine.

    At every step the codes, read by their documented meaning, list the same
    actions in the same order, and after the same choice both hands have the
    same phase and seat to act; at the end the same record, tricks, refill and result.
    """
    checked, fast = script.deal.new_hand(), script.deal.new_hand()
    note(pl.dumps(script.complete(), indent=None))
    for index in script.choices:
        actions = checked.legal_actions()
        codes = tuple(fast.legal_codes())
        assert decode(fast, codes) == actions
        checked.apply(actions[index])
        fast.step(codes[index])
        assert (fast.phase, fast.to_act) == (checked.phase, checked.to_act)
    # a record only grows, so equal final records mean equal records at every step
    assert pl.to_record(fast) == pl.to_record(checked)
    assert fast.is_over
    assert checked.is_over
    assert not fast.legal_codes()
    assert not checked.legal_actions()
    assert fast.tricks == checked.tricks
    assert fast.refills == checked.refills
    assert fast.result() == checked.result()


# ------------------------------------------------------------- property 7


@settings(SETTINGS, max_examples=examples(200))
@given(deal=deals(), kinds=player_kinds(), seed=st.integers(0, 2**32 - 1))
def test_bots_choose_legal_actions_and_explain(
    deal: Deal, kinds: tuple[PlayerKind, PlayerKind, PlayerKind, PlayerKind], seed: int
) -> None:
    """Property 7: the random and rule-based players pick only legal actions, each with a reason.

    Seats get either bot at random, so the rule-based player meets every
    kind of table; it decides from its seat's view alone.
    """
    hand = deal.new_hand()
    players = make_players(kinds, seed)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        decision = players[seat].decide(hand.view(seat))
        assert isinstance(decision, pl.Decision)
        assert decision.action in hand.legal_actions(), f"{players[seat].name} chose {decision.action}"
        assert isinstance(decision.why, str)
        assert decision.why.strip(), f"{players[seat].name} gave no reason for {decision.action}"
        hand.apply(decision.action, seat)
    note(pl.dumps(hand, indent=None))
    check_points(hand)


# ------------------------------------------------------------- property 8


@settings(SETTINGS, max_examples=examples(100))
@given(script=complete_hands())
def test_view_shows_own_hand_and_own_turn_only(script: Script) -> None:
    """Property 8: at every step, each seat's view is its own hand plus public cards only.

    ``SeatView.hand`` equals ``hand_of(seat)``; no other field of the view holds
    a card that is not face up (buried or played); legal actions appear exactly
    when it is that seat's turn, and then equal the hand's.
    """
    note(pl.dumps(script.complete(), indent=None))
    for hand in states(script):
        check_views(hand)


def _hidden_places(hand: pl.Hand, viewer: int) -> list[tuple[str, int, int]]:
    """Places in the deal, ``("hands", seat, i)`` or ``("stock", 0, j)``, whose card ``viewer`` never saw.

    A card is hidden from the viewer if the viewer was not dealt it, did not
    draw it (the stock cards drawn in the refill, in order, then the remainder
    to the bidder) and it is not face up (buried or played; a played or buried
    ``JK`` rules out both jokers).
    """
    record = pl.to_record(hand)
    drawer: list[int | None] = [None] * len(record["stock"])
    top = 0
    for refill in hand.refills:
        for j in range(top, top + len(refill.drawn)):
            drawer[j] = refill.seat
        top += len(refill.drawn)
    public = {c.code for c in all_buried(hand) + played_cards(hand)}
    places = [
        ("hands", seat, i)
        for seat, cards in enumerate(record["hands"])
        for i, code in enumerate(cards)
        if seat != viewer and code not in public
    ]
    places += [
        ("stock", 0, j)
        for j, code in enumerate(record["stock"])
        if drawer[j] != viewer and code not in public
    ]
    return places


def _code_at(record: dict[str, Any], place: tuple[str, int, int]) -> str:
    key, seat, i = place
    code: str = record["hands"][seat][i] if key == "hands" else record["stock"][i]
    return code


@SETTINGS
@given(script=positions(), viewer=st.integers(0, 3), seed=st.integers(0, 2**32 - 1))
def test_view_does_not_depend_on_hidden_cards(script: Script, viewer: int, seed: int) -> None:
    """Property 8 (honesty): what a seat sees cannot depend on cards hidden from it.

    Shuffle the cards the viewer has never seen (in other seats' hands, thrown
    away, or in the stock) among their places in the deal, trump only with
    trump and other cards only with other cards once trump is named. The same
    bids, trump, burials and plays stay legal and the table plays out the
    same, so the viewer's ``SeatView`` must be identical; anything that differs
    (points, counts, cards) leaks hidden information. The shuffle is a full
    one from ``random.Random(seed)``: it finds a leak far more often than a
    hypothesis-drawn permutation (which stays near the identity) and shrinks fast;
    the failure notes which cards moved where.
    """
    hand = script.position()
    record = pl.to_record(hand)
    trump = set(trump_order(hand.trump)) if hand.trump is not None else set()
    places = _hidden_places(hand, viewer)
    codes = {place: _code_at(record, place) for place in places}
    swapped = copy.deepcopy(record)
    moved = []
    for is_trump in (True, False):
        group = [place for place in places if (pl.Card(codes[place]) in trump) == is_trump]
        order = list(range(len(group)))
        random.Random(seed).shuffle(order)
        for place, source in zip(group, order, strict=True):
            code = codes[group[source]]
            if code != codes[place]:
                moved.append(f"{code} to {place}")
            key, seat, i = place
            if key == "hands":
                swapped["hands"][seat][i] = code
            else:
                swapped["stock"][i] = code
    note(f"original: {pl.dumps(hand, indent=None)}")
    note(f"moved {', '.join(moved) or 'nothing'}: {swapped}")
    other = pl.from_record(swapped)
    assert other.view(viewer) == hand.view(viewer)


# ------------------------------------------------------------- property 9


@pytest.mark.parametrize("suit", list(pl.Suit))
def test_trump_order_matches_rules(suit: pl.Suit) -> None:
    """Property 9 (its yardstick): the engine's trump cards and ranks follow RULES.md.

    A K Q J, off-jack, joker, joker, 10 down to 2; the jokers rank equal; no other card is trump.
    """
    rules = pl.TEN_POINT
    assert rules.trump_cards(suit) == trump_order(suit)
    ranks = [rules.trump_rank(c, suit) for c in trump_order(suit)]
    assert ranks == [strength(c, suit) for c in trump_order(suit)]
    assert all(r > 0 for r in ranks)
    assert sum(rules.trump_rank(c, suit) > 0 for c in pl.CARDS[:52]) == 14


@ALSO_SWEPT
@given(script=complete_hands())
def test_trick_winner_and_next_leader(script: Script) -> None:
    """Property 9: each trick goes to the highest trump (first of two jokers); the lead follows the rules."""
    hand = script.complete()
    note(pl.dumps(hand, indent=None))
    check_tricks(hand)


# --------------------------------------------------- the plain seeded sweep


def test_seeded_sweep_of_random_hands() -> None:
    """Properties 1, 2, 3 and 9 on 2,000 seeded random hands through the checked path.

    No hypothesis: the same hands every run, so "thousands of hands" is
    literally true in CI. Seed ``n`` deals with ``pl.Hand.deal(seed=n)``, dealer
    ``n % 4``, and plays uniform random legal actions from ``random.Random(n)``.
    Card conservation (2) is checked at the deal, whenever the phase changes
    or a trick ends, and at the end (the hypothesis test checks every step).
    """
    for n in range(SEEDED_HANDS):
        hand = pl.Hand.deal(dealer=n % 4, seed=n)
        rng = random.Random(n)
        try:
            check_conservation(hand)
            while not hand.is_over:
                legal = hand.legal_actions()
                phase, tricks = hand.phase, len(hand.tricks)
                hand.apply(legal[rng.randrange(len(legal))])
                if hand.phase is not phase or len(hand.tricks) != tricks:
                    check_conservation(hand)
            check_points(hand)
            check_trump_accounted(hand)
            check_tricks(hand)
        except AssertionError as exc:
            raise AssertionError(f"seed {n}: {exc}\nrecord: {pl.dumps(hand, indent=None)}") from exc


# ------------------------------------------------------- property 5, rewound


@SETTINGS
@given(script=complete_hands())
def test_a_hand_rewound_to_any_step_is_the_hand_played_that_far(script: Script) -> None:
    """Property 5, without a record: for every step of a finished hand, :meth:`Hand.rewound` gives
    the hand its first choices make when played again from the deal (the checked path, the
    independent check), and the finished hand is left as it was."""
    hand = script.complete()
    before = snapshot(hand)
    assert len(hand.history) == len(script.choices)
    for steps in range(len(script.choices) + 1):
        again = dataclasses.replace(script, stop=steps).position()
        assert snapshot(hand.rewound(steps)) == snapshot(again), steps
    assert snapshot(hand) == before
