"""Hints and the post-hand review: against the solver, hand-worked, and in the app's widgets."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

import pitchlab as pl
from pitchlab.bots import analysis, solver
from pitchlab.odds import inference
from pitchlab.ui import coach
from pitchlab.ui.table_app import TableApp
from tests.helpers import deal
from tests.test_inference import consistent_holdings, holdings_of
from tests.test_inference import position as inference_position
from tests.test_solver import position, worked_deal
from tests.test_widgets import click_once
from tests.widget_tree import with_class

BOT = pl.RuleBasedPlayer()


@pytest.mark.parametrize("seed", range(6))
def test_each_card_is_valued_as_the_solver_values_its_position(seed: int) -> None:
    hand = position(seed, 0)
    replay = hand.copy()
    pl.play_hand(hand, [BOT] * 4)
    reviews = analysis.review(hand)
    assert [r.played for r in reviews] == [c for t in hand.tricks for c in t.cards]
    for r in reviews:
        solution = solver.solve(replay)
        team = replay.rules.teams[r.seat]
        values = {replay.rules.deck[s]: v[team] for s, v in solution.values.items()}
        assert r.seat == replay.to_act
        assert r.value_played == values[r.played]
        assert r.value_best == max(values.values())
        assert set(r.best_hindsight) == {c for c, v in values.items() if v == r.value_best}
        assert r.lost_hindsight >= 0 and (r.lost_hindsight == 0) == (r.played in r.best_hindsight)
        replay.apply(pl.Play(r.played))
    assert [r.trick for r in reviews][-1] == len(hand.tricks)


def test_perfect_play_loses_nothing() -> None:
    hand = position(3, 0)
    while not hand.is_over:
        hand.step(solver.solve(hand).best()[0])
    reviews = analysis.review(hand)
    assert reviews and all(r.lost_hindsight == 0 for r in reviews)
    assert analysis.lost_by_seat_hindsight(reviews) == [0, 0, 0, 0]


def test_a_card_given_away_is_counted_worked_by_hand() -> None:
    """Worked by hand (see the solver's test of this deal): team 0 takes exactly the ten and
    one joker however the cards fall, since seat 2 can beat only the ten and must give its
    other joker to seat 1 at some point. So seat 2 dropping a joker under the ace, seat 3
    burying its own three under its partner's ace, and seat 1 leading the ten into the other
    joker all cost nothing: the review finds no card that lost points."""
    hand = worked_deal()
    for code in ("AH", "JK", "3H", "TH", "JK", "5H"):
        hand.apply(pl.Play(pl.parse_card(code)))
    reviews = analysis.review(hand)
    assert [r.lost_hindsight for r in reviews] == [0] * 6
    assert reviews[3].seat == 1 and reviews[3].played == pl.parse_card("TH")


def test_a_hint_is_for_the_seat_to_play_and_ranks_every_legal_card() -> None:
    hand = position(5, 0)
    seat = hand.to_act
    assert seat is not None
    other = (seat + 1) % 4
    with pytest.raises(pl.PitchError, match="your turn to play"):
        analysis.hint(hand, other)
    advice = analysis.hint(hand, seat, samples=6, seed=1)
    legal = {hand.rules.deck[s].code for s in hand.legal_codes()}
    assert set(advice.expected) == legal
    assert advice.expected[advice.best] == max(advice.expected.values())
    assert advice.text().startswith(f"Play {advice.best}.") and "6 deals" in advice.text()


def test_the_app_gives_a_hint_on_your_turn_and_reviews_the_hand_at_the_end() -> None:
    app = TableApp(seed=12)
    coach = app.coach
    assert not coach.hint_button.disabled  # the learner bids first: a hint for the bid too
    hinted = False
    for _ in range(150):
        if with_class(app, "pl-hand-over"):
            break
        if coach.your_play() and not hinted:
            assert not coach.hint_button.disabled
            coach.hint_button.click()
            hint = coach.hint_text.value
            assert hint.startswith('<b>Hint:</b> <span class="pl-hint-principle">'), hint
            assert '<span class="pl-hint-action">Play ' in hint
            hinted = True
        click_once(app)
        if hinted and coach.hint_text.value:
            assert coach.your_play()  # a stale hint is cleared once the position moves on
    assert hinted and app.table.hand.is_over
    assert coach.analysis.layout.display is None
    lost = analysis.lost_by_seat(coach.reviews)
    hindsight = analysis.lost_by_seat_hindsight(coach.reviews)
    summary = coach.summary.value
    assert summary.index("Judged on what you could see") < summary.index("With every card known (hindsight)")
    cost = summary.split("your cards cost your team ")[1].removeprefix("about ")
    assert cost.startswith(f"{analysis.points_text(lost[0])} point")
    assert f"you gave away {hindsight[0]} point" in summary
    figure = coach.plot.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert figure["layout"]["title"]["text"] == "Points each card lost, judged on what its player could see"
    assert sum(sum(trace["y"]) for trace in figure["data"]) == pytest.approx(sum(lost), abs=0.1)
    assert json.dumps(figure)  # plain JSON, ready for the page
    app.new_hand.click()
    assert coach.analysis.layout.display == "none"


@pytest.mark.parametrize(
    ("best", "counted"),
    [(0, "0 of your 3 cards were"), (1, "1 of your 3 cards was"), (2, "2 of your 3 cards were")],
)
def test_the_coachs_count_of_best_cards_agrees_with_its_number(
    monkeypatch: pytest.MonkeyPatch, best: int, counted: str
) -> None:
    """ "1 of your 3 cards was the best choice", never "were": the sentence for any count."""
    summary = analysis.SeatSummary(lost=1.0, decisions=3, best=best, given_away=2, perfect=best)
    monkeypatch.setattr(analysis, "seat_summary", lambda reviews, seat, players: summary)
    monkeypatch.setattr(analysis, "lost_by_seat", lambda reviews, players: [1.0, 0.0, 0.5, 0.0])
    text = str(coach.summary_html([], 0, lambda seat: f"Seat {seat}", 4))
    assert f"({counted} the best choice you had)" in text, text


# ------------------------------------------------------------ the review by what the seat knew

KNOWN_FIRST_TRICKS = [
    [(0, "JK"), (1, "9H"), (2, "2H"), (3, "JK")],  # seat 0 wins: first joker played
    [(0, "JH"), (1, "8H"), (3, "7H")],  # seat 2 is out; seat 0 wins with the jack
    [(0, "6H"), (1, "JD"), (3, "QH")],  # seat 3 wins with the queen and will lead
]


def late_position(lead: str, mine: str, left: str, right: str) -> pl.Hand:
    """Hearts trump, dealer 3, seat 0 bids 5 and names hearts, and the hand reaches trick 4 with
    seat 3 leading ``lead``; seat 0 then holds ``mine``, seat 1 (on its left) ``left``, seat 3
    ``right``. Every trump is dealt: seats 0, 1 and 3 five each, seat 2 one (the two). Seats 0,
    1 and 3 draw one card, seat 2 five, and the bidder's rest of the stock holds no trump.

    What seat 0 knows, by hand: a seat that draws d of six kept 6 - d trump (seat 1: 5, seat 2:
    1, seat 3: 5), and with its own five that makes all 16, so nothing any seat drew is trump.
    After three tricks seat 1 holds exactly two of the three unseen trump and seat 3 one, and
    seat 2 has none (it was skipped). Nothing else tells the three cards apart, so the layouts
    are the three choices of seat 3's card, each with chance 1/3. Team 0 already has 4 points:
    two jokers and the jack captured, and the two held by seat 2.
    """
    hands = {0: mine.split(), 1: left.split(), 2: [], 3: [lead, *right.split()]}
    for trick in KNOWN_FIRST_TRICKS:
        for seat, code in trick:
            hands[seat].append(code)
    hand = deal([" ".join(hands[s]) for s in range(4)], dealer=3)
    for action in (pl.Bid(5), pl.PASS, pl.PASS, pl.PASS, pl.NameTrump(pl.Suit.HEARTS)):
        hand.apply(action)
    for trick in KNOWN_FIRST_TRICKS:
        for seat, code in trick:
            hand.apply(pl.Play(pl.Card(code)), seat)
    hand.apply(pl.Play(pl.Card(lead)), 3)
    assert hand.to_act == 0 and hand.points_by_team()[0] == 4
    return hand


def test_a_right_card_unlucky_on_the_layout_loses_nothing_worked_by_hand() -> None:
    """Seat 3 leads the ten; seat 0 holds A 5; K 4 3 are unseen. Team 0's final points
    (from 4), worked out by hand under perfect play, by seat 3's last card:

    * seat 3 holds K (seat 1: 4 3). Ace: T A 4 (seat 1 keeps its 3 from the ace) gives +2;
      then 5 3 K goes to the king: 6. Five: seat 1 drops its 3 under its partner's ten;
      K A 4 gives +1: 5.
    * seat 3 holds 4 (seat 1: K 3). Ace: +2, and seat 1's K and 3 split between the last
      tricks so the 3 comes to us either way: 9. Five: seat 1 drops the 3 under the ten,
      then 4 A K gives +1: 5.
    * seat 3 holds 3 (seat 1: K 4). Ace: T A 4 (+2), then 5 K 3 to the king: 6. Five: the
      ten wins or the king does, and then 3 A K or 4 3 A gives +4 either way: 8.

    Ace: (6 + 9 + 6) / 3 = 7; five: (5 + 5 + 8) / 3 = 6. By what seat 0 knew the ace is best
    by a point; in the real layout (seat 3 holds the 3) the five was better by 2."""
    hand = late_position("TH", "AH 5H", "KH 4H", "3H")
    assert inference.layouts(hand.view(0)).count() == 3
    hand.apply(pl.Play(pl.Card("AH")))
    (r,) = [r for r in analysis.review(hand) if r.number == 12]
    assert (r.seat, r.played) == (0, pl.Card("AH"))
    assert r.exact and r.knew.possible == r.knew.layouts == 3
    assert r.knew.expected == pytest.approx({pl.Card("AH"): 7.0, pl.Card("5H"): 6.0})
    assert r.best == (pl.Card("AH"),) and r.lost == 0
    assert r.best_hindsight == (pl.Card("5H"),) and r.lost_hindsight == 2


def test_a_card_worse_on_every_layout_loses_its_shortfall_worked_by_hand() -> None:
    """Seat 3 leads the ace; seat 0 holds K 5; T 4 3 are unseen. The ace takes this trick
    whatever seat 0 plays. Worked out by hand, team 0's final points (from 4):

    * seat 3 holds T (seat 1: 4 3). King: seat 1 sheds a low card under the ace and the ten
      then wins the last trick over the five: 4. Five: seat 1 drops its 3 under the ace, and
      the king then takes T and 4: 5.
    * seat 3 holds 4 (seat 1: T 3). King: seat 1 drops the 3, the ten takes the last trick: 4.
      Five: seat 1 drops the 3, then 4 K T gives the ten: 5.
    * seat 3 holds 3 (seat 1: T 4). King: seat 1 keeps its ten for 3 5 T: 4. Five: seat 1
      gives its ten to the ace, then 3 K 4 brings the 3: 7.

    The king is worse on every layout: (4 + 4 + 4) / 3 = 4 against (5 + 5 + 7) / 3 = 17/3,
    so playing it loses 5/3 by what seat 0 knew; in the real layout (seat 3 holds the 3),
    with every card known, it lost 3."""
    hand = late_position("AH", "KH 5H", "TH 4H", "3H")
    hand.apply(pl.Play(pl.Card("KH")))
    (r,) = [r for r in analysis.review(hand) if r.number == 12]
    assert r.exact and r.knew.possible == 3
    assert r.knew.expected == pytest.approx({pl.Card("KH"): 4.0, pl.Card("5H"): 17 / 3})
    assert r.best == (pl.Card("5H"),) and r.lost == pytest.approx(5 / 3)
    assert r.lost_hindsight == 3


SMALL_PLAY = [(1, 0, 1), (1, 1, 1), (1, 2, 1), (1, 0, 2), (2, 3, 3), (3, 4, 2)]  # (1, 2, 1): deals 2, 4, 4
"""Small-deck positions in the play (dealer, seed, steps after the bidder of ``dealer + 1``
names spades) where the seat to act has a choice."""


@pytest.mark.parametrize(("dealer", "seed", "steps"), SMALL_PLAY)
def test_each_layout_has_the_share_of_the_deals_behind_it(dealer: int, seed: int, steps: int) -> None:
    """The layouts the review enumerates, against every deal listed one by one: the same
    layouts, each with exactly its share of the consistent deals (draw counts weigh them)."""
    ref, moves = inference_position({}, dealer, (dealer + 1) % 4, seed, steps)
    me = ref.to_act
    assert me is not None
    found = consistent_holdings(ref, moves, me)
    space = inference.layouts(ref.view(me))
    listed = {holdings_of(layout): chance for layout, chance in space.each()}
    assert space.count() == len(listed) == len(found)
    assert listed == {holdings: Fraction(deals, found.total()) for holdings, deals in found.items()}


@pytest.mark.parametrize(("dealer", "seed", "steps"), SMALL_PLAY)
def test_the_exact_value_is_the_average_over_every_consistent_deal(
    dealer: int, seed: int, steps: int
) -> None:
    """Brute force, independent of the inference: list every deal the seat to act cannot tell
    from the real one (playing each through the engine), solve each with the other hands as
    dealt, and average over the deals. The review's exact values must equal it."""
    ref, moves = inference_position({}, dealer, (dealer + 1) % 4, seed, steps)
    me = ref.to_act
    assert me is not None and ref.phase is pl.Phase.PLAY
    view = ref.view(me)
    team = ref.rules.teams[me]
    found = consistent_holdings(ref, moves, me)
    sums: dict[pl.Card, Fraction] = {}
    for holdings, deals in found.items():
        guess = {seat: tuple(pl.Card(c) for c in cards) for seat, cards in holdings}
        solution = solver.solve(solver.Position.of_view(view, guess))
        for slot, points in solution.values.items():
            card = ref.rules.deck[slot]
            sums[card] = sums.get(card, Fraction(0)) + Fraction(deals * points[team], found.total())
    played = min(sums, key=lambda c: (sums[c], c.code))
    judged = analysis.judge(view, played)
    assert judged.exact and judged.layouts == judged.possible == len(found)
    assert judged.expected == pytest.approx({c: float(v) for c, v in sums.items()})
    assert judged.lost == pytest.approx(float(max(sums.values()) - sums[played]))
    assert set(judged.best) == {c for c, v in sums.items() if v == max(sums.values())}


@pytest.mark.parametrize("seed", range(4))
def test_every_review_loses_nothing_on_a_best_card_and_says_when_it_counted_every_layout(seed: int) -> None:
    """Over whole hands: lost >= 0, 0 exactly for a best card, hindsight never below 0; exact
    when, and only when, every consistent layout was solved; sampled ones carry the draws."""
    hand = position(seed, 0)
    pl.play_hand(hand, [BOT] * 4)
    reviews = analysis.review(hand, exact_layouts=20, samples=8, seed=seed)
    assert any(r.exact for r in reviews) and any(not r.exact for r in reviews)
    for r in reviews:
        k = r.knew
        assert r.lost >= 0 and r.lost_hindsight >= 0
        assert (r.lost == 0) == (r.played in r.best)
        assert k.exact == (k.layouts == k.possible or not k.expected)
        if k.expected:
            assert set(r.best) | {r.played} <= set(k.expected)
            assert k.exact == (k.possible <= 20)
            assert k.lost_interval[0] <= k.lost or r.played in r.best
        if not k.exact:
            assert k.layouts == 8
    again = analysis.review(hand, exact_layouts=20, samples=8, seed=seed)
    assert [r.knew for r in again] == [r.knew for r in reviews]  # reproducible from the seed


OKLAHOMA_HAND: dict[str, Any] = {
    "format": "pitchlab-hand/1",
    "ruleset": "oklahoma",
    "dealer": 3,
    "hands": [
        ["QS", "AS", "8H", "4C", "7C", "8C"],
        ["5S", "2H", "6D", "7D", "KC", "AC"],
        ["9S", "7H", "2C", "5C", "6C", "JC"],
        ["TS", "AH", "3D", "KD", "AD", "QC"],
    ],
    "stock": [
        "4H",
        "7S",
        "JS",
        "JD",
        "KS",
        "8D",
        "5H",
        "8S",
        "JKL",
        "4D",
        "9C",
        "TH",
        "TD",
        "6S",
        "QH",
        "QD",
        "JH",
        "5D",
        "3H",
        "9D",
        "6H",
        "2D",
        "JKH",
        "9H",
        "3C",
        "TC",
        "4S",
        "2S",
        "3S",
        "KH",
    ],
    "bids": [4, "pass", 5, "pass"],
    "trump": "C",
    "bury": [[], [], [], []],
    "plays": [
        "2C",
        "9C",
        "4C",
        "KC",
        "AC",
        "5C",
        "3C",
        "7C",
        "6C",
        "QC",
        "8C",
        "TC",
        "JS",
        "JKL",
        "JC",
        "JKH",
    ],
}
"""An Oklahoma hand (dealt by seat 3, so seat 3 takes the rest of the stock) that seat 2 bid
and named clubs in: the bots' play, written out."""


def test_an_oklahoma_card_is_judged_on_what_its_seat_knew_worked_by_hand() -> None:
    """Seat 2, to play the 14th card, holds J♣ and the low joker (and 8♠, no trump).

    The refill, in turn from the dealer's left: seat 0 drew 3 (so it kept 3 trump of its
    deal), seat 1 drew 4 (kept 2), seat 2 drew 2 (the low joker and 8♠), seat 3 drew 5
    (kept 1); then seat 3, the dealer, took the other 16 cards and kept their trump. Seat 2
    has seen every trump but the high joker: its own five, and ten played. Where is it?
    - Seat 1 was passed over in trick 3: it is out of trump.
    - Seat 3 holds 5 cards and has shown 4 trump: 1 dealt + 5 drawn + r taken - 4 = 5, so
      it took r = 3 trump from the rest; it then held 1 + x + 3 trump, x of its 5 drawn.
    - Seat 0 kept its 3 dealt trump and has shown 4 (4♣ 7♣ 8♣ and J♠): of its 3 drawn
      cards at least 1 was trump; it held 3 + x0.
    Eleven trump were not seat 2's, so x0 + x = 2: the joker with seat 3 (x0 = 1, x = 1) or
    with seat 0 (x0 = 2, x = 0). Counting deals (the inference's model: a seat holding a
    trump that showed s of them shows them in a!/(a - s)! ways): with seat 3,
    C(3, 1) * 4!/0! * C(5, 1) * 5!/1! = 3 * 24 * 5 * 120; with seat 0,
    C(3, 2) * 5!/1! * C(5, 0) * 4!/0! = 3 * 120 * 1 * 24: 5 to 1, so 5/6 and 1/6.

    Seat 3 led the 10♣ and seat 0 covered with J♠; seat 1 is out, so seat 2 plays last and
    its side takes the trick with either card, then leads. Playing the low joker now keeps
    J♣, the top trump left, to lead: it takes the high joker wherever it is. Its side
    ends with 6 points, as it did. Playing J♣ now leaves the low joker to lead: where seat 3
    holds the high joker, it takes both jokers (2 points the other way: 4); where seat 0
    holds it, both are ours (6). So J♣ is worth 5/6 * 4 + 1/6 * 6 = 13/3, the low joker 6:
    the low joker, played, was the one best card and lost nothing either way.
    """
    from pitchlab.ui.coach import reviewed

    rules = pl.ruleset("oklahoma")
    assert reviewed(rules)
    record = dict(OKLAHOMA_HAND, plays=OKLAHOMA_HAND["plays"][:13])
    hand = pl.from_record(record)
    assert hand.to_act == 2 and hand.dealer == 3 and hand.bidder == 2
    view = hand.view(2)
    found = {
        tuple(s for s, cards in layout.items() if cards): chance
        for layout, chance in inference.layouts(view).each()
    }
    assert found == {(3,): Fraction(5, 6), (0,): Fraction(1, 6)}
    judged = analysis.judge(view, pl.Card("JKL"))
    assert judged.exact and judged.possible == 2
    assert judged.expected == pytest.approx({pl.Card("JC"): 13 / 3, pl.Card("JKL"): 6.0})
    assert judged.best == (pl.Card("JKL"),) and judged.lost == 0
    whole = analysis.review(pl.from_record(OKLAHOMA_HAND))
    assert len(whole) == 16 and whole[13].played == pl.Card("JKL") and whole[13].lost == 0
