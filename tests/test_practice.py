"""Practice problems: what ships, what ``problems`` lists, and a re-check of the answers that
shares nothing with the code that found them.

The re-check (:func:`test_late_card_problems_hold_by_an_independent_count`) works from
RULES.md alone: it lists every way the unseen trump could lie among the other seats,
weighs each by the number of deals that would have produced it and what the seat saw, plays
each out perfectly with a small search of its own, and checks that the accepted cards are
the best on average, by the margin the problem says, and with the values it stores.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache
from math import comb, perm

import pytest

from pitchlab.cli import main
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.record import from_record
from pitchlab.practice import learners
from pitchlab.practice.generate import explain, problem_at
from pitchlab.practice.problems import MARGIN, Problem, answers_at, fitting_deal, load, verify

PROBLEMS = load()
BY_RULESET: dict[str, list[Problem]] = defaultdict(list)
for _p in PROBLEMS:
    BY_RULESET[_p.ruleset].append(_p)


# ------------------------------------------------------------------ what ships and is listed


def test_enough_problems_ship_for_each_ruleset() -> None:
    assert len(BY_RULESET["ten-point"]) >= 150
    assert len(BY_RULESET["auction-pitch"]) >= 50
    assert len({p.id for p in PROBLEMS}) == len(PROBLEMS)


def test_every_theme_is_taught_at_two_levels_or_more() -> None:
    levels: dict[str, set[int]] = defaultdict(set)
    for p in PROBLEMS:
        assert 1 <= p.level <= 5
        assert p.themes
        for theme in p.themes:
            levels[theme].add(p.level)
    thin = {t: sorted(found) for t, found in levels.items() if len(found) < 2}
    assert not thin


def test_each_problem_stops_at_its_seat_s_decision_and_its_answers_are_legal() -> None:
    for p in PROBLEMS:
        hand = p.hand()
        assert hand.to_act == p.seat, p.id
        legal = {str(a) for a in p.verdict.values}
        assert set(p.answers) <= legal, p.id
        assert p.verdict.runner_up in legal and p.verdict.runner_up not in p.answers, p.id
        assert p.verdict.margin >= MARGIN and p.verdict.interval[0] > 0, p.id
        assert 2 * len(p.answers) <= len(legal), p.id


def test_a_bid_problem_accepts_bids_side_by_side() -> None:
    # "pass, 4 or 6 but not 5" cannot be taught as a rule of bidding: an accepted set of bids
    # has no gap in the order the auction offers them (pass, then 4 up to 10 in ten-point)
    bids = [p for p in PROBLEMS if p.kind == "bid"]
    assert bids
    for p in bids:
        offered = answers_at(p.hand())
        places = sorted(offered.index(a) for a in p.answers)
        assert places == list(range(places[0], places[0] + len(places))), (p.id, p.answers)


def test_problems_json_lists_every_problem_with_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["problems", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == len(PROBLEMS)
    for item in listed:
        assert set(item) >= {"id", "ruleset", "level", "themes", "seat", "answers", "record"}
    assert main(["problems", "--ruleset", "auction-pitch", "--json"]) == 0
    only = json.loads(capsys.readouterr().out)
    assert {item["ruleset"] for item in only} == {"auction-pitch"}
    assert len(only) == len(BY_RULESET["auction-pitch"])


def test_problems_plain_listing_has_a_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["problems", "--ruleset", "ten-point"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(BY_RULESET["ten-point"]) + 1
    assert lines[-1] == f"{len(BY_RULESET['ten-point'])} problems"


@pytest.mark.parametrize("args", [["problems", "--ruleset", "cutthroat"], ["problems", "--level", "3"]])
def test_problems_bad_arguments_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1


def test_loading_a_ruleset_without_problems_is_refused() -> None:
    with pytest.raises(PitchError, match="cutthroat"):
        load("cutthroat")


# ------------------------------------------------------------------ the re-check by an independent count

POINTS = {"A": 1, "J": 1, "T": 1, "3": 3}
"""RULES.md's capture points for trump of the named suit: ace, jack, ten 1; three 3; the
off-jack and each joker 1 (below); the two scores for its holder, never captured."""
ORDER = ("A", "K", "Q", "J", "off", "JK", "T", "9", "8", "7", "6", "5", "4", "3", "2")
"""RULES.md's trump order, high to low (the two jokers share a place: the first played wins)."""


class Late:
    """A ten-point position, read from the record as RULES.md says a seat sees it."""

    def __init__(self, problem: Problem) -> None:
        hand = problem.hand()
        self.hand = hand
        self.me = problem.seat
        self.trump = trump = hand.trump
        assert trump is not None
        self.view = view = hand.view(self.me)
        self.off = f"J{trump.sibling.letter}"
        self.deck = {c.code: c for c in hand.rules.deck}
        everything = [f"{r}{trump.letter}" for r in "AKQJT98765432"] + [self.off, "JK", "JK"]
        seen = Counter(c.code for c in view.hand)
        for trick in (*view.tricks, view.current_trick):
            seen.update(c.code for c in trick.cards)
        for cards in view.buried:
            seen.update(c.code for c in cards)
        unseen = Counter(everything)
        unseen.subtract(seen)
        self.unseen = sorted(unseen.elements())
        self.played: Counter[int] = Counter()
        for trick in (*view.tricks, view.current_trick):
            self.played.update(trick.seats)
        self.out = self._out()

    def is_trump(self, code: str) -> bool:
        return code in ("JK", self.off) or (self.trump is not None and code[1] == self.trump.letter)

    def rank(self, code: str) -> int:
        if code == self.off:
            return len(ORDER) - ORDER.index("off")
        if code == "JK":
            return len(ORDER) - ORDER.index("JK")
        return len(ORDER) - ORDER.index(code[0])

    def points(self, code: str) -> int:
        return 1 if code in ("JK", self.off) else POINTS.get(code[0], 0)

    def _out(self) -> set[int]:
        """Seats the seat knows are out of trump: skipped in a trick, or passed by the lead."""
        out: set[int] = set()
        view, n = self.view, 4
        bidder = view.bidder
        assert bidder is not None
        tricks = [*view.tricks]
        expected_leader = bidder
        for trick in tricks:
            out |= {s for s in range(n) if s not in trick.seats}
            out |= {(expected_leader + k) % n for k in range((trick.leader - expected_leader) % n)}
            assert trick.winner is not None
            expected_leader = trick.winner
        current = view.current_trick
        if current.cards:
            out |= {(expected_leader + k) % n for k in range((current.leader - expected_leader) % n)}
            last = current.seats[-1]
            out |= {(last + k) % n for k in range(1, (self.me - last) % n)}
        else:
            out |= {(expected_leader + k) % n for k in range((self.me - expected_leader) % n)}
        out.discard(self.me)
        return out

    def weight(self, layout: dict[int, list[str]]) -> Fraction:
        """How many deals give ``layout`` (up to a factor every layout shares).

        Every order of the deck is equally likely, so the unseen cards lie in the slots the
        seat cannot see (the others' nine dealt cards, the stock's draws but its own) in
        every order equally. RULES.md's refill fixes, for each other seat, how many trump
        it was dealt: one that drew d cards kept 6 - d (the stock did not run short), one
        that drew none kept six or more. Its trump ever held (in hand, played, buried) are
        then those dealt and those drawn; the bidder's drawn ones split between its draw and
        the rest of the stock it took, and the number of cards it holds, which the table
        sees, says how many: drawn cards that are not trump stay in a hand, the rest of the
        stock's are thrown away. The ways: which trump were dealt (and of the others, which were
        drawn and which came from the rest), times the ordered places
        the dealt ones take among nine slots, the drawn ones among the draws and the rest's
        among the rest (the other cards fill what is left, in a number of ways all layouts share).
        """
        view = self.view
        drawn = view.drawn
        bidder = view.bidder
        assert drawn is not None and bidder is not None
        rest = 18 - sum(drawn)
        total = Fraction(1)
        for s in range(4):
            if s == self.me:
                continue
            buried = len(view.buried[s])
            held = len(layout[s]) + self.played[s] + buried
            if (buried and held - buried != 6) or held - buried > 6:
                return Fraction(0)
            if drawn[s]:
                dealt_options = [6 - drawn[s]]
            elif s == bidder:
                dealt_options = list(range(6, held + 1))
            else:
                dealt_options = [held]
            ways = 0
            for dealt in dealt_options:
                got = held - dealt
                from_rest = (
                    view.hand_sizes[s] - dealt - drawn[s] + buried + self.played[s] if s == bidder else 0
                )
                from_draw = got - from_rest
                if dealt > 9 or (drawn[s] == 0 and dealt < 6):
                    continue
                if not (0 <= from_draw <= drawn[s] and 0 <= from_rest <= (rest if s == bidder else 0)):
                    continue
                which = comb(held, dealt) * comb(got, from_draw)  # dealt; drawn or from the rest
                ways += which * perm(9, dealt) * perm(drawn[s], from_draw) * perm(rest, from_rest)
            total *= ways
        return total

    def layouts(self) -> list[tuple[dict[int, list[str]], Fraction]]:
        """Every way the unseen trump can lie (each seat's cards as a set of codes, once), with
        the number of deals that give it: the two jokers are alike to the eye but two cards
        in the deck, so a layout where two seats held one each (counting the jokers they have
        played, buried or hold) comes from twice as many deals as one where a seat held both."""
        others = [s for s in range(4) if s != self.me and s not in self.out]
        found = []
        seen: set[tuple[tuple[str, ...], ...]] = set()
        for places in itertools.product(others, repeat=len(self.unseen)):
            layout: dict[int, list[str]] = {s: [] for s in range(4) if s != self.me}
            for code, s in zip(self.unseen, places, strict=True):
                layout[s].append(code)
            key = tuple(tuple(sorted(layout[s])) for s in sorted(layout))
            if key in seen:
                continue
            seen.add(key)
            w = self.weight(layout) * self.labelings(layout)
            if w:
                found.append((layout, w))
        return found

    def labelings(self, layout: dict[int, list[str]]) -> int:
        """The ways to tell the two jokers apart in ``layout``: 2 if two seats held one each, else 1."""
        held = Counter(s for s, cards in layout.items() for c in cards if c == "JK")
        held[self.me] += sum(c.code == "JK" for c in self.view.hand)
        for trick in (*self.view.tricks, self.view.current_trick):
            held.update(s for s, c in zip(trick.seats, trick.cards, strict=True) if c.code == "JK")
        for s, cards in enumerate(self.view.buried):
            held[s] += sum(c.code == "JK" for c in cards)
        return 1 if 2 in held.values() else 2

    def value(self, layout: dict[int, list[str]], first: str) -> int:
        """My side's final points when I play ``first`` and everyone then plays perfectly
        (my side the most, the other side the least), the hands as in ``layout``."""
        view, me = self.view, self.me
        hands = {s: tuple(sorted(layout[s])) for s in layout}
        hands[me] = tuple(sorted(c.code for c in view.hand if self.is_trump(c.code)))
        side = me % 2
        taken = 0
        for trick in view.tricks:
            assert trick.winner is not None
            if trick.winner % 2 == side:
                taken += sum(self.points(c.code) for c in trick.cards)
        buried = sum(self.points(c.code) for cards in view.buried for c in cards if c.code[0] != "2")
        two = f"2{self.trump.letter}" if self.trump is not None else ""
        holder = next(
            (s for s in range(4) if two in hands.get(s, ()) or any(c.code == two for c in view.buried[s])),
            None,
        )
        for trick in (*view.tricks, view.current_trick):
            for s, c in zip(trick.seats, trick.cards, strict=True):
                if c.code == two:
                    holder = s
        taken += 1 if holder is not None and holder % 2 == side else 0
        won_first = view.tricks[0].winner if view.tricks else None
        taken += buried if won_first is not None and won_first % 2 == side else 0
        first_open = not view.tricks
        opened = tuple(
            (s, c.code) for s, c in zip(view.current_trick.seats, view.current_trick.cards, strict=True)
        )
        hands_list = [hands[s] for s in range(4)]
        hands_list[me] = _without(hands_list[me], first)
        return taken + self._search(tuple(hands_list), (*opened, (me, first)), first_open, buried, side)

    def _search(
        self,
        hands: tuple[tuple[str, ...], ...],
        trick: tuple[tuple[int, str], ...],
        first_open: bool,
        buried: int,
        side: int,
    ) -> int:
        @cache
        def best(
            hands: tuple[tuple[str, ...], ...], trick: tuple[tuple[int, str], ...], first_open: bool
        ) -> int:
            if not any(hands) and not trick:
                return 0
            last = trick[-1][0] if trick else None
            leader = trick[0][0] if trick else None
            nxt = None
            if trick:
                for k in range(1, 4):
                    s = (last + k) % 4  # type: ignore[operator]
                    if s == leader:
                        break
                    if hands[s]:
                        nxt = s
                        break
            if trick and nxt is None:
                win_seat, _ = max(trick, key=lambda sc: (self.rank(sc[1]), -trick.index(sc)))
                got = sum(self.points(c) for _, c in trick) + (buried if first_open else 0)
                mine = got if win_seat % 2 == side else 0
                for k in range(4):
                    if hands[(win_seat + k) % 4]:
                        return mine + choose(hands, (win_seat + k) % 4, (), False)
                return mine
            assert nxt is not None
            return choose(hands, nxt, trick, first_open)

        def choose(
            hands: tuple[tuple[str, ...], ...],
            seat: int,
            trick: tuple[tuple[int, str], ...],
            first_open: bool,
        ) -> int:
            results = []
            for card in sorted(set(hands[seat])):
                after = list(hands)
                after[seat] = _without(hands[seat], card)
                results.append(best(tuple(after), (*trick, (seat, card)), first_open))
            return max(results) if seat % 2 == side else min(results)

        return best(hands, trick, first_open)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    found = list(cards)
    found.remove(card)
    return tuple(found)


def _late_sample() -> list[Problem]:
    """Exact card problems of ten-point late enough for a plain search (four trump or fewer in
    every hand), where the stock did not run short, spread over the set."""
    found = []
    for p in BY_RULESET["ten-point"]:
        if p.kind != "card" or not p.verdict.exact:
            continue
        hand = p.hand()
        view = hand.view(p.seat)
        if view.drawn is None or sum(view.drawn) >= 18:
            continue
        if len(view.tricks) >= 2:
            found.append(p)
    return found[:: max(1, len(found) // 10)][:10]


def test_the_sample_is_not_empty() -> None:
    assert len(_late_sample()) >= 5


@pytest.mark.parametrize("problem", _late_sample(), ids=lambda p: p.id)
def test_late_card_problems_hold_by_an_independent_count(problem: Problem) -> None:
    late = Late(problem)
    layouts = late.layouts()
    assert layouts, problem.id
    assert len(layouts) >= 1
    total = sum(w for _, w in layouts)
    values = {
        card: sum(w * late.value(layout, card) for layout, w in layouts) / total
        for card in problem.verdict.values
    }
    top = max(values.values())
    assert {c for c, v in values.items() if v == top} == set(problem.answers), (problem.id, values)
    runner = max(v for c, v in values.items() if c not in problem.answers)
    assert top - runner >= MARGIN
    for card, v in values.items():
        assert float(v) == pytest.approx(problem.verdict.values[card], abs=1e-3), (problem.id, card)


# ------------------------------------------------------------------ the sampled measures and the rest


def shown_out(hand: Hand) -> dict[int, set[Suit]]:
    """The suits each seat of a follow-suit hand has shown it holds none of, read from the tricks
    as RULES.md's auction-pitch says: a card neither of a plain suit led nor trump, or a card not
    trump on a trump lead."""
    trump = hand.trump
    assert trump is not None
    voids: dict[int, set[Suit]] = defaultdict(set)
    for trick in (*hand.tricks, hand.current_trick):
        if not trick.cards:
            continue
        led = trick.cards[0].suit
        for s, c in zip(trick.seats[1:], trick.cards[1:], strict=True):
            if c.suit is not led and c.suit is not trump:
                voids[s].add(led)  # type: ignore[arg-type]
            if led is trump and c.suit is not trump:
                voids[s].add(trump)
    return voids


def test_a_follow_suit_deal_keeps_what_the_seat_saw() -> None:
    """Drawn deals keep every played card in its player's hand and give nothing of a suit to a
    seat that showed out of it (it neither followed a plain lead nor trumped)."""
    problem = next(
        p for p in BY_RULESET["auction-pitch"] if p.kind == "card" and len(p.record.get("plays", [])) >= 8
    )
    hand = problem.hand()
    voids = shown_out(hand)
    rng = random.Random(0)
    for _ in range(20):
        dealt = fitting_deal(hand, problem.record, problem.seat, rng)
        assert dealt["hands"][problem.seat] == problem.record["hands"][problem.seat]
        replay = from_record(dealt)
        for trick, original in zip(
            (*replay.tricks, replay.current_trick), (*hand.tricks, hand.current_trick), strict=True
        ):
            assert trick.seats == original.seats and trick.cards == original.cards
        for s, suits in voids.items():
            still = set(replay.view(s).hand)
            assert not any(c.suit in suits for c in still), (s, suits)


def test_making_a_problem_again_gives_the_same_problem() -> None:
    """Generation is reproducible: the position of a shipped exact problem makes it again."""
    problem = next(p for p in BY_RULESET["ten-point"] if p.verdict.exact)
    again = problem_at(problem.hand(), problem.id)
    assert again is not None
    assert again.to_json() == problem.to_json()


@pytest.mark.parametrize("kind", ["bid", "card"])
def test_a_sampled_problem_verifies_again(kind: str) -> None:
    problem = next(p for p in BY_RULESET["auction-pitch"] if p.kind == kind)
    assert verify(problem) is None


def test_verify_names_a_wrong_answer() -> None:
    problem = next(p for p in BY_RULESET["ten-point"] if p.verdict.exact)
    wrong = Problem.from_json({**problem.to_json(), "answers": [problem.verdict.runner_up]})
    found = verify(wrong)
    assert found is not None and problem.verdict.runner_up in found


def test_explanations_pass_the_claim_checker_again() -> None:
    """Every claim of a sample of explanations holds in every deal the seat could not tell from
    the real one (:func:`explain` raises on a claim the checker refutes), and says the same."""
    for p in PROBLEMS[::7]:
        again = explain(p.hand(), p.verdict)  # from the stored verdict, its figures rounded
        assert (again.principle, again.why) == (p.explanation.principle, p.explanation.why), p.id
        assert [c["kind"] for c in again.claims] == [c["kind"] for c in p.explanation.claims], p.id


def test_the_explanation_opens_with_its_principle_and_says_the_figures() -> None:
    for p in PROBLEMS[:40]:
        assert p.explanation.why.startswith(p.explanation.principle)
        assert sum(c["kind"] == "estimate" for c in p.explanation.claims) >= 2


# ------------------------------------------------------------------ the weaker players and the level


def _late_hand() -> tuple[Hand, list[Card]]:
    problem = next(p for p in BY_RULESET["ten-point"] if p.kind == "card" and len(p.verdict.values) >= 3)
    hand = problem.hand()
    assert hand.phase is Phase.PLAY and hand.trump is not None
    deck = {c.code: c for c in hand.rules.deck}
    return hand, [deck[code] for code in problem.verdict.values]


def test_the_beginner_plays_its_highest_trump_and_the_cautious_player_its_lowest() -> None:
    hand, cards = _late_hand()
    trump = hand.trump
    assert trump is not None
    ranks = {c.code: hand.rules.trump_rank(c, trump) for c in cards}
    assert ranks[learners.beginner(hand)] == max(ranks.values())
    assert ranks[learners.cautious(hand)] == min(ranks.values())


def test_level_counts_the_misses() -> None:
    def level(
        beginner: float, cautious: float, grabber: float, counter: float, random: float, rule: float
    ) -> int:
        missed = {"beginner": beginner, "cautious": cautious, "grabber": grabber, "counter": counter}
        return learners.level({**missed, "random": random, "rule-based": rule})

    # new players missing: (1 + 0 + 1 + 1 + 0.5) / 5 = 0.7, over 0.55: level 3; with the rule-based bot, 5
    assert level(1, 0, 1, 1, 0.5, 0) == 3
    assert level(1, 0, 1, 1, 0.5, 1) == 5
    # (0 + 1 + 0 + 0 + 0.5) / 5 = 0.3, at most 0.35: level 1; (1 + 1 + 0.5) / 5 = 0.5: level 2, or 4
    assert level(0, 1, 0, 0, 0.5, 0) == 1
    assert level(0, 1, 0, 1, 0.5, 0) == 2
    assert level(0, 1, 0, 1, 0.5, 1) == 4
    assert level(0, 0, 0, 0, 0.4, 0) == 1
    # (1 + 0.8) / 5 = 0.36, just over 0.35: level 2
    assert level(0, 1, 0, 0, 0.8, 0) == 2


def test_the_counter_bids_one_less_than_its_longest_suit() -> None:
    """A stuck dealer in auction-pitch may bid 2, 3 or 4: the counter bids its longest suit's
    length less one, kept within those (a two-card suit or shorter still bids the 2 it must)."""
    stuck = [p for p in BY_RULESET["auction-pitch"] if "the stuck dealer" in p.themes]
    assert stuck
    for p in stuck:
        hand = p.hand()
        longest = max(Counter(c.suit for c in hand.view(p.seat).hand).values())
        assert learners.counter(hand) == str(min(4, max(2, longest - 1)))
