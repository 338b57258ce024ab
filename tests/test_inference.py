"""The posterior of the unseen trump against every deal of a small game, hand-worked
values on the real deck, and a seeded check that the real-deck answers are calibrated.

Brute force: fix one seat's dealt hand, list every way the other cards could lie
(other hands and the stock in every order), play each deal through the engine
with the same actions, and keep the deals that give that seat exactly the same
view. Where the unseen trump are in those deals, counted one by one, is the
posterior; :func:`posterior` must equal it as fractions.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction

import pytest

import pitchlab as pl
from pitchlab.odds import probability as pr
from pitchlab.odds.inference import Posterior, posterior, posterior_given
from tests.test_probability import deals_around, nonzero, small_rules, tally

S, H = pl.Suit.SPADES, pl.Suit.HEARTS
JK = pl.Card("JK")
Move = tuple[int, pl.Action]


def bidding(dealer: int, bidder: int, players: int = 4) -> list[Move]:
    """The bidder bids the minimum (4), everyone else passes, and spades are named."""
    seats = [(dealer + k) % players for k in range(1, players + 1)]
    return [(s, pl.Bid(4) if s == bidder else pl.PASS) for s in seats] + [(bidder, pl.NameTrump(S))]


def position(
    changes: dict[str, int | str], dealer: int, bidder: int, seed: int, steps: int
) -> tuple[pl.Hand, list[Move]]:
    """A small-deck hand after the bidding and ``steps`` random buries and plays."""
    rng = random.Random(seed)
    hand = pl.Hand.deal(small_rules(**changes), dealer, seed=rng)
    moves = bidding(dealer, bidder)
    for seat, action in moves:
        hand.apply(action, seat)
    for _ in range(steps):
        if hand.is_over:
            break
        actor = hand.to_act
        assert actor is not None
        action = rng.choice(hand.legal_actions())
        hand.apply(action, actor)
        moves.append((actor, action))
    return hand, moves


def trump_now(hand: pl.Hand, seat: int) -> list[pl.Card]:
    return [c for c in hand.hand_of(seat) if hand.rules.is_trump(c, S)]


def brute_force(
    ref: pl.Hand, moves: list[Move], me: int
) -> tuple[int, dict[int, Counter[int]], Counter[tuple[pl.Card, int]]]:
    """Count the deals ``me`` cannot tell from ``ref``: how many, each seat's unseen trump, each card's holder."""
    rules = ref.rules
    target = ref.view(me)
    deals = 0
    by_count: dict[int, Counter[int]] = {s: Counter() for s in range(rules.players) if s != me}
    by_card: Counter[tuple[pl.Card, int]] = Counter()
    for hands, stock in deals_around(rules, me, ref.dealt_to(me), ordered_stock=True):
        hand = pl.Hand.from_cards(rules, ref.dealer, hands, stock)
        bids, rest = moves[:5], moves[5:]
        for seat, action in bids:
            hand.apply(action, seat)
        if hand.drawn != ref.drawn:
            continue  # a quick look at one part of the view, to skip most deals early
        try:
            for seat, action in rest:
                hand.apply(action, seat)
        except pl.IllegalAction:
            continue  # this deal could not have produced the moves the table saw
        if hand.view(me) != target:
            continue
        deals += 1
        for seat, counts in by_count.items():
            held = trump_now(hand, seat)
            counts[len(held)] += 1
            by_card.update((card, seat) for card in set(held))
    return deals, by_count, by_card


POSITIONS: list[tuple[dict[str, int | str], int, int, int, int, int]] = [
    # ruleset changes, dealer, bidder, seed, steps after naming trump, seat looking
    ({}, 0, 1, 4, 0, 0),  # play about to start
    ({}, 0, 0, 0, 2, 0),  # the bidder's view in mid-play: a joker shown, its twin unseen
    ({}, 2, 3, 14, 3, 2),  # mid-play, a joker shown; the stock ran short
    ({"keep_trump": 1}, 2, 3, 14, 0, 2),  # the bury about to start
    ({"keep_trump": 1}, 0, 0, 0, 1, 1),  # the bury under way, a non-bidder has buried
    ({"keep_trump": 1}, 1, 0, 1, 5, 2),  # after the bury, seats out of trump
    ({"refill_to": 1, "keep_trump": 1}, 0, 0, 0, 0, 2),  # the bidder took the rest of the stock
    ({"refill_to": 1, "keep_trump": 1}, 1, 0, 1, 3, 3),
    ({}, 3, 1, 7, 20, 3),  # the hand is over
    # Oklahoma's refill: the dealer, not the bidder, takes the rest of the stock
    ({"refill_to": 1, "keep_trump": 1, "stock_rest": "dealer"}, 0, 1, 0, 0, 2),  # neither's view
    ({"refill_to": 1, "keep_trump": 1, "stock_rest": "dealer"}, 0, 1, 0, 0, 1),  # the bidder's
    ({"refill_to": 1, "keep_trump": 1, "stock_rest": "dealer"}, 2, 3, 5, 3, 2),  # the dealer's, mid-play
]


def features(ref: pl.Hand, me: int) -> set[str]:
    """What a position exercises, read from the engine's own state."""
    rules = ref.rules
    found = set()
    dealt_trump = [len(pr.trump_in(ref.dealt_to(seat), S, rules)) for seat in range(4)]
    if any(d < rules.refill_to - k for d, k in zip(ref.drawn, dealt_trump, strict=True)):
        found.add("stock ran short")
    if sum(ref.drawn) < len(ref.stock_slots):
        found.add("bidder took cards")
    if me == ref.bidder:
        found.add("my view as bidder")
    if any(ref.buried_mask(s) for s in range(4) if s not in (me, ref.bidder)):
        found.add("a non-bidder buried")
    if ref.phase is pl.Phase.BURY:
        found.add("bury under way")
    if ref.phase is pl.Phase.PLAY and any(not trump_now(ref, s) for s in range(4) if s != me):
        found.add("a seat out of trump in play")
    shown_jokers = [
        c
        for t in (*ref.tricks, ref.current_trick)
        for c, s in zip(t.cards, t.seats, strict=True)
        if s != me and c == JK
    ]
    if shown_jokers and JK not in ref.hand_of(me) and JK in [c for s in range(4) for c in trump_now(ref, s)]:
        found.add("a joker shown, its twin unseen")
    if ref.is_over:
        found.add("over")
    return found


def test_the_positions_cover_every_case() -> None:
    covered = set().union(*(features(position(*p[:5])[0], p[5]) for p in POSITIONS))
    assert covered == {
        "stock ran short",
        "bidder took cards",
        "my view as bidder",
        "a non-bidder buried",
        "bury under way",
        "a seat out of trump in play",
        "a joker shown, its twin unseen",
        "over",
    }


@pytest.mark.parametrize(("changes", "dealer", "bidder", "seed", "steps", "me"), POSITIONS)
def test_posterior_equals_the_count_of_consistent_deals(
    changes: dict[str, int | str], dealer: int, bidder: int, seed: int, steps: int, me: int
) -> None:
    ref, moves = position(changes, dealer, bidder, seed, steps)
    deals, by_count, by_card = brute_force(ref, moves, me)
    assert deals >= 1  # the real deal itself
    got = posterior(ref.view(me))
    for seat, counts in by_count.items():
        assert nonzero(got.counts[seat]) == tally(counts, deals), seat
        assert sum(got.counts[seat].values()) == 1
    assert set(got.where) == set(got.unseen)
    for card, by_seat in got.where.items():
        for seat, p in by_seat.items():
            assert p == Fraction(by_card[card, seat], deals), (card, seat)


def test_a_shown_joker_makes_its_twin_less_likely_than_a_plain_card() -> None:
    ref, _ = position({}, 0, 0, 0, 2)
    got = posterior(ref.view(0))
    assert ref.current_trick.cards == (pl.Card("JC"), JK)  # seat 1 played a joker
    plain = [c for c in got.unseen if c != JK]
    assert got.unseen.count(JK) == 1 and len(plain) == 3
    # plain cards share one chance at each seat ...
    assert all(len({got.where[c][s] for c in plain}) == 1 for s in got.counts)
    # ... but a seat that showed "a joker" fits twice as many deals with one joker as
    # with both (either joker could be the one it played). Seat 1 has at most one trump
    # left, so if it has one, that is the twin in 1 way and each plain card in 2: half
    assert got.where[JK][1] == got.where[plain[0]][1] / 2
    # the chances still add up, at each seat, to the number of unseen trump it holds
    for seat in got.counts:
        assert sum(got.where[c][seat] for c in got.unseen) == got.expected(seat)


def test_posterior_given_counts_deals_with_the_same_draws() -> None:
    # no one can bury (keep_trump 10), so after the refill the table has seen only the
    # draw counts; the seat also knows its own draw and, as bidder, the rest of the stock
    rules = small_rules(refill_to=1, keep_trump=10)
    dealer = 1
    for me, bidder, dealt in ((0, 0, "4H 9D"), (2, 0, "JK 7H"), (3, 1, "AS KC")):
        hand = pl.parse_cards(dealt)
        groups: dict[
            tuple[tuple[int, ...], tuple[tuple[pl.Card, ...], ...]], list[dict[int, list[pl.Card]]]
        ] = {}
        for hands, stock in deals_around(rules, me, hand, ordered_stock=True):
            done = pl.Hand.from_cards(rules, dealer, hands, stock)
            for seat, action in bidding(dealer, bidder):
                done.apply(action, seat)
            seen = tuple(r.drawn for r in done.refills if r.seat == me)  # its draw, then the rest
            held = {s: trump_now(done, s) for s in range(4) if s != me}
            groups.setdefault((tuple(done.drawn), seen), []).append(held)
        assert len(groups) > 3
        for (drawn, seen), deals in groups.items():
            got = posterior_given(
                hand,
                S,
                me,
                dealer,
                bidder,
                drawn,
                drew=seen[0],
                remainder=seen[1] if len(seen) > 1 else (),
                rules=rules,
            )
            for seat in got.counts:
                assert nonzero(got.counts[seat]) == tally(Counter(len(d[seat]) for d in deals), len(deals))
                for card in got.where:
                    assert got.where[card][seat] == Fraction(sum(card in d[seat] for d in deals), len(deals))


REAL_HAND = pl.parse_cards("AS KS 2S 4H 5H 6D 7D 8C 9C")  # 3 spade trump
MY_DRAW = pl.parse_cards("9H TH 3D")


def test_draw_counts_worked_by_hand() -> None:
    # dealer 3: seats draw 0, 1, 2, 3 in turn from 18 cards. Seat 0 (bidder, 3 trump)
    # draws 3; seats 1, 2, 3 draw 4, 5, 2 with cards to spare, so they kept exactly
    # 2, 1 and 4 trump. Of the 13 trump seat 0 has not seen, 7 are in those hands and
    # the other 6 are among the 11 cards seats 1-3 drew: seat 1's 4 cards hold
    # x ~ hypergeometric(11, 6, 4), and no bury limit (6) binds.
    got = posterior_given(
        REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=pl.parse_cards("QH KH 4D 5D")
    )
    c11_4 = 330
    ways = {0: 5 * 1, 1: 6 * 10, 2: 15 * 10, 3: 20 * 5, 4: 15 * 1}  # C(6,x) * C(5,4-x)
    assert sum(ways.values()) == c11_4
    assert got.counts[1] == {0: 0, 1: 0} | {2 + x: Fraction(w, c11_4) for x, w in ways.items()}
    assert got.expected(1) == 2 + Fraction(4 * 6, 11) == Fraction(46, 11)
    assert got.expected(2) == 1 + Fraction(5 * 6, 11)
    assert got.expected(3) == 4 + Fraction(2 * 6, 11)
    # any single unseen trump is with seat 1 with chance 46/11 out of 13
    assert len(got.unseen) == 13
    assert got.chance(pl.Card("3S"), 1) == Fraction(46, 143)
    assert got.chance(pl.Card("AS"), 1) == 0  # seat 0's own card
    # a joker (both unseen): given seat 1 holds n of the 13, it misses both with C(11,n)/C(13,n)
    some = sum(
        Fraction(w, c11_4) * (1 - Fraction(math.comb(11, 2 + x), math.comb(13, 2 + x)))
        for x, w in ways.items()
    )
    assert got.where[JK][1] == some
    assert "seat 1 holds 4.18 of them on average" in got.summary()


def test_a_seat_that_drew_nothing_and_one_that_buried_worked_by_hand() -> None:
    rest = pl.parse_cards("QH KH 4D 5D 6H 7H 8H 2D 3C")  # 18 - (3 + 4 + 0 + 2) = 9 cards
    # seat 2 drew nothing with 11 cards left: it kept 6 or more, and buried nothing, so 6.
    # Seats 1 and 3 kept 2 and 4; 13 - 12 = 1 unseen trump is among their 4 + 2 drawn cards.
    got = posterior_given(REAL_HAND, S, 0, 3, 0, (3, 4, 0, 2), drew=MY_DRAW, remainder=rest)
    assert nonzero(got.counts[2]) == {6: 1}
    assert nonzero(got.counts[1]) == {2: Fraction(2, 6), 3: Fraction(4, 6)}
    assert nonzero(got.counts[3]) == {4: Fraction(4, 6), 5: Fraction(2, 6)}
    assert got.chance(pl.Card("3S"), 2) == Fraction(6, 13)
    # had seat 2 buried one card (TS, face up), it held 7: 2 + 7 + 4 = 13 leaves no trump to draw
    buried = posterior_given(
        REAL_HAND, S, 0, 3, 0, (3, 4, 0, 2), drew=MY_DRAW, remainder=rest, buried={2: [pl.Card("TS")]}
    )
    assert [nonzero(buried.counts[s]) for s in (1, 2, 3)] == [{2: 1}, {6: 1}, {4: 1}]
    assert pl.Card("TS") not in buried.unseen
    # and a seat known to be out holds nothing
    out = posterior_given(
        REAL_HAND,
        S,
        0,
        3,
        0,
        (3, 4, 0, 2),
        drew=MY_DRAW,
        remainder=rest,
        played={1: pl.parse_cards("QS JS 3S")},
        out=[1],
    )
    # seat 1 held 3 and played all 3: the one trump drawn among 6 cards was in its 4
    assert nonzero(out.counts[1]) == {0: 1}
    assert nonzero(out.counts[3]) == {4: 1}


def test_a_joker_in_my_hand_and_both_jokers_in_my_hand() -> None:
    hand = pl.parse_cards("AS JK 2S 4H 5H 6D 7D 8C 9C")
    one = posterior_given(
        hand, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=pl.parse_cards("QH KH 4D 5D")
    )
    assert one.unseen.count(JK) == 1
    # one unseen joker is a single card like any other: E[count] / unseen
    assert all(one.where[JK][s] == one.expected(s) / len(one.unseen) for s in (1, 2, 3))
    both = posterior_given(
        pl.parse_cards("JK JK 2S 4H 5H 6D 7D 8C 9C"),
        S,
        0,
        3,
        0,
        (3, 4, 5, 2),
        drew=MY_DRAW,
        remainder=pl.parse_cards("QH KH 4D 5D"),
    )
    assert JK not in both.unseen
    assert JK not in both.where
    assert both.chance(JK, 1) == 0


def test_a_view_and_its_explicit_observations_agree() -> None:
    rng = random.Random(8)
    for _ in range(20):
        hand = pl.Hand.deal(pl.TEN_POINT, rng.randrange(4), seed=rng)
        bot = pl.RuleBasedPlayer()
        while hand.phase is not pl.Phase.PLAY:
            seat = hand.to_act
            assert seat is not None
            hand.apply(bot.decide(hand.view(seat)).action, seat)
        me = rng.randrange(4)
        view = hand.view(me)
        assert view.trump is not None and view.bidder is not None and view.drawn is not None
        skipped = []  # the bidder leads, or the lead passes clockwise to a seat with trump
        seat = view.bidder
        while seat != hand.to_act:
            skipped.append(seat)
            seat = (seat + 1) % 4
        turns = {r.seat: r for r in hand.refills if not r.from_remainder}
        rest = [r for r in hand.refills if r.from_remainder]
        explicit = posterior_given(
            hand.dealt_to(me),
            view.trump,
            me,
            hand.dealer,
            view.bidder,
            view.drawn,
            drew=turns[me].drawn,
            remainder=rest[0].drawn if me == view.bidder else (),
            buried=dict(enumerate(view.buried)),
            out=skipped,
            holding=[hand.to_act],
            hand_sizes=view.hand_sizes,
        )
        assert explicit == posterior(view)


def test_real_deck_posteriors_are_calibrated_on_seeded_deals() -> None:
    """Deals that look alike to seat 0 should put each card where the posterior says,
    as often as it says: sum(indicator - p) over deals is within 4 standard errors of 0."""
    mine = pl.parse_cards("AH KH QH JH JD TH 4S 5C 6C")  # 6 trump of hearts: seat 0 draws nothing
    unseen = list((Counter(pl.TEN_POINT.deck) - Counter(mine)).elements())
    rng = random.Random(31)
    cache: dict[pl.SeatView, Posterior] = {}
    gap: defaultdict[tuple[object, int], float] = defaultdict(float)
    var: defaultdict[tuple[object, int], float] = defaultdict(float)
    opening: list[Move] = [(0, pl.PASS), (1, pl.Bid(4)), (2, pl.PASS), (3, pl.PASS), (1, pl.NameTrump(H))]
    for _ in range(1500):
        rng.shuffle(unseen)
        hands = [mine, unseen[:9], unseen[9:18], unseen[18:27]]
        hand = pl.Hand.from_cards(pl.TEN_POINT, 3, hands, unseen[27:])
        for seat, action in opening:
            hand.apply(action, seat)
        while hand.phase is pl.Phase.BURY:  # which cards go is chosen at random, telling nothing more
            hand.apply(rng.choice(hand.legal_actions()))
        view = hand.view(0)
        if view not in cache:
            cache[view] = posterior(view)
        post = cache[view]
        for seat in (1, 2, 3):
            held = [c for c in hand.hand_of(seat) if pl.TEN_POINT.is_trump(c, H)]
            for card, by_seat in post.where.items():
                p = float(by_seat[seat])
                gap[card, seat] += (card in held) - p
                var[card, seat] += p * (1 - p)
            for k, chance in post.counts[seat].items():
                gap[f"count {k}", seat] += (len(held) == k) - float(chance)
                var[f"count {k}", seat] += float(chance) * (1 - float(chance))
    assert len({key for key in gap if isinstance(key[0], pl.Card)}) == 9 * 3  # 10 unseen, the jokers as one
    for key, total in gap.items():
        assert abs(total) <= 4 * math.sqrt(var[key]) + 1e-9, key


def test_posterior_before_trump_is_named_is_refused() -> None:
    hand = pl.Hand.deal(seed=3)
    with pytest.raises(pl.PitchError, match="before trump is named"):
        posterior(hand.view(0))


REST = pl.parse_cards("QH KH 4D 5D")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: posterior_given(REAL_HAND, S, 0, 3, 0, (4, 4, 5, 2), drew=MY_DRAW, remainder=REST),
            pl.PitchError,
            "so it drew 3, not 4",
        ),
        (
            lambda: posterior_given(REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW[:2], remainder=REST),
            pl.BadDeal,
            "holds 2 cards",
        ),
        (
            lambda: posterior_given(REAL_HAND, S, 1, 3, 0, (3, 3, 5, 2), drew=MY_DRAW, remainder=REST),
            pl.BadDeal,
            "calls for 0",
        ),
        (
            lambda: posterior_given(
                REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=pl.parse_cards("9H TH 4H"), remainder=REST
            ),
            pl.BadDeal,
            "4H appears 2 times",
        ),
        (
            lambda: posterior_given(
                REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=REST, buried={2: [pl.Card("TH")]}
            ),
            pl.PitchError,
            "only trump is buried",
        ),
        (
            lambda: posterior_given(
                REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=REST, out=[1], holding=[1]
            ),
            pl.PitchError,
            "both out of trump and holding",
        ),
        (
            lambda: posterior_given(
                REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=REST, buried={1: [pl.Card("TS")]}
            ),
            pl.PitchError,
            "no deal fits",
        ),
        (
            lambda: posterior_given(
                REAL_HAND, S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW, remainder=REST, played={2: [pl.Card("AS")]}
            ),
            pl.PitchError,
            "AS has been seen more often",
        ),
        (
            lambda: posterior_given(REAL_HAND, S, 0, 3, 5, (3, 4, 5, 2), drew=MY_DRAW),
            pl.BadDeal,
            "bidder must be a seat 0-3, not 5",
        ),
        (
            lambda: posterior_given(REAL_HAND, S, 0, 3, 0, (3, 4, 5, 7), drew=MY_DRAW),
            pl.PitchError,
            "seat 3 cannot have drawn 7",
        ),
        (
            lambda: posterior_given(REAL_HAND[:8], S, 0, 3, 0, (3, 4, 5, 2), drew=MY_DRAW),
            pl.BadDeal,
            "holds 8 cards",
        ),
    ],
)
def test_bad_observations_are_refused_clearly(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


# ------------------------------------------------------------------ sampling


Holdings = tuple[tuple[int, tuple[str, ...]], ...]


def holdings_of(sample: dict[int, tuple[pl.Card, ...]] | dict[int, list[pl.Card]]) -> Holdings:
    return tuple(sorted((seat, tuple(sorted(c.code for c in cards))) for seat, cards in sample.items()))


def consistent_holdings(ref: pl.Hand, moves: list[Move], me: int) -> Counter[Holdings]:
    """Every deal ``me`` cannot tell from ``ref``, by the trump each other seat holds now."""
    found: Counter[Holdings] = Counter()
    rules = ref.rules
    target = ref.view(me)
    for hands, stock in deals_around(rules, me, ref.dealt_to(me), ordered_stock=True):
        hand = pl.Hand.from_cards(rules, ref.dealer, hands, stock)
        for seat, action in moves[:5]:
            hand.apply(action, seat)
        if hand.drawn != ref.drawn:
            continue
        try:
            for seat, action in moves[5:]:
                hand.apply(action, seat)
        except pl.IllegalAction:
            continue
        if hand.view(me) == target:
            found[holdings_of({s: trump_now(hand, s) for s in range(rules.players) if s != me})] += 1
    return found


@pytest.mark.parametrize(
    ("changes", "dealer", "bidder", "seed", "steps", "me"),
    [p for p in POSITIONS if p[4] and p[4] < 20],  # positions in the bury or the play
)
def test_the_sampler_draws_only_consistent_holdings_and_each_as_often_as_its_deals(
    changes: dict[str, int | str], dealer: int, bidder: int, seed: int, steps: int, me: int
) -> None:
    """Enumerate every deal the seat cannot tell from the real one; the sampler must never
    produce holdings outside them, and must produce each in proportion to its deals
    (within 4 standard errors of a binomial share, over 6,000 seeded samples)."""
    from pitchlab.odds.inference import sample_holdings

    ref, moves = position(changes, dealer, bidder, seed, steps)
    exact = consistent_holdings(ref, moves, me)
    deals = exact.total()
    draws = 6000
    seen = Counter(holdings_of(s) for s in sample_holdings(ref.view(me), draws, random.Random(seed)))
    assert set(seen) <= set(exact)
    for holdings, ways in exact.items():
        p = ways / deals
        assert abs(seen[holdings] / draws - p) <= 4 * (p * (1 - p) / draws) ** 0.5 + 1e-9, holdings


def test_samples_are_reproducible_from_the_generator() -> None:
    from pitchlab.odds.inference import sample_holdings

    ref, _ = position({}, 0, 0, 0, 2)
    first = sample_holdings(ref.view(1), 50, random.Random(3))
    assert first == sample_holdings(ref.view(1), 50, random.Random(3))
    assert first != sample_holdings(ref.view(1), 50, random.Random(4))
