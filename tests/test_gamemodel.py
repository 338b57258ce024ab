"""The game model and the bidding that wins games: toy games solved by hand, the win rules
against the engine's own, and positions where the right bid is clear."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import pitchlab as pl
from pitchlab.bots import bidding, derive, gamemodel, trump_only_judgement
from pitchlab.bots import claims as cl
from pitchlab.bots.claims import render
from pitchlab.bots.gamemodel import GameModel, Outcome, Outcomes
from pitchlab.bots.isotonic import MadeMap, Step
from pitchlab.engine import winning
from pitchlab.engine.lookups import card_slots
from pitchlab.engine.seats import left_of
from pitchlab.engine.winning import winner_after
from pitchlab.odds.stats import agrees, proportion

# ----------------------------------------------------------------- toy games

TOY_ONLY = pl.TEN_POINT.replace(name="toy", players=2, teams=(0, 1), target=2)
TOY_MOST = TOY_ONLY.replace(win_rule="bidder-then-most")

A = Outcome(ours=True, made=True, us=1, them=0, lead=0)  # we bid and make: +1 to us
B = Outcome(ours=False, made=True, us=1, them=1, lead=1)  # they bid and make: +1 each
C = Outcome(ours=False, made=True, us=0, them=2, lead=2)  # they bid and make: +2 to them
TOY = {A: 2, B: 1, C: 1}  # A half the time, B and C a quarter each, whoever deals


def toy(rules: pl.Ruleset) -> GameModel:
    return GameModel(rules, [Outcomes.of(TOY)] * rules.players)


# Worked by hand, target 2, W(u, t) = our chance at scores u-t.
#
# bidder-only (only the bidding side can win): C always loses (they reach 2 as bidders).
#   u>=1, t>=1: A wins, B loses (they bid and reach 2), C loses      -> W = 1/2
#   u>=1, t=0:  A wins; B goes to (u+1, 1), where W = 1/2; C loses    -> W = 1/2 + 1/4 * 1/2 = 5/8
#   u=0, t>=1:  A goes to (1, t): 1/2; B and C lose                   -> W = 1/2 * 1/2 = 1/4
#   u=0, t=0:   A goes to (1, 0): 5/8; B goes to (1, 1): 1/2          -> W = 5/16 + 1/8 = 7/16
# Note (1, 0) --B--> (2, 1): we stand at the target but did not bid, so the game goes on.
#
# bidder-then-most (the bidder at the target wins, else the most at or over it):
#   (1, 0) --B--> (2, 1): they bid and stay below 2, we are at 2 and ahead: we win
#   u=1, t=0:  1/2 + 1/4                                              -> W = 3/4
#   u=1, t=1:  A wins, B and C: they bid and reach 2                  -> W = 1/2
#   u=0, t=1:  A goes to (1, 1)                                       -> W = 1/4
#   u=0, t=0:  A goes to (1, 0): 3/4; B goes to (1, 1): 1/2           -> W = 3/8 + 1/8 = 1/2
BY_HAND = {
    TOY_ONLY: {
        (0, 0): Fraction(7, 16),
        (1, 0): Fraction(5, 8),
        (0, 1): Fraction(1, 4),
        (1, 1): Fraction(1, 2),
    },
    TOY_MOST: {
        (0, 0): Fraction(1, 2),
        (1, 0): Fraction(3, 4),
        (0, 1): Fraction(1, 4),
        (1, 1): Fraction(1, 2),
    },
}


@pytest.mark.parametrize("rules", [TOY_ONLY, TOY_MOST], ids=["bidder-only", "bidder-then-most"])
def test_a_toy_game_solves_to_the_fractions_worked_by_hand(rules: pl.Ruleset) -> None:
    model = toy(rules)
    for (us, them), exact in BY_HAND[rules].items():
        for offset in range(rules.players):
            assert model.chance(us, them, offset) == pytest.approx(float(exact), abs=1e-6)


def test_simulated_toy_games_agree_with_the_solved_chance() -> None:
    """The same distribution, sampled hand by hand instead of solved: 4,000 seeded games."""
    rng = random.Random("toy")
    hands = [Outcomes.of(TOY)] * TOY_ONLY.players
    games = 4000
    wins = sum(gamemodel.simulate_game(TOY_ONLY, hands, 0, 0, 0, rng) for _ in range(games))
    assert agrees(proportion(int(wins), games, unit="games"), Fraction(7, 16))
    # and it can tell a wrong answer apart: 1/2 (the other rule's chance) is far outside
    assert not agrees(proportion(int(wins), games, unit="games"), Fraction(1, 2))


def test_an_instant_win_and_the_smudge_condition() -> None:
    """A 10 taking all ten wins at once from any score; a smudge only if the bidder was not
    below zero (then it is an ordinary made bid of +4, which at -3 to 0 does not reach 7)."""
    smudge = pl.ruleset("smudge")
    outcome = Outcomes.of({Outcome(True, True, 4, 0, 0, instant=2): 1})
    done, value = winning.verdict(
        smudge, outcome.ours, outcome.made, outcome.instant, outcome.us, outcome.them, outcome.lead,
        np.array([0, -3]), np.array([0, 0]),
    )  # fmt: skip
    assert done.tolist() == [True, False] and value.tolist()[0] == 1.0


@pytest.mark.parametrize("name", pl.ruleset_names())
def test_the_model_judges_real_hands_as_the_engine_does(name: str) -> None:
    """On real hands at scores near the target, in every preset, the model ends the game
    exactly when :func:`~pitchlab.engine.winning.winner_after` does, for the same side, from
    every seat's view. With more than two sides the others sit far from the target (the
    model keeps two scores), and a hand a side the model does not follow bid is left to
    the test of that reading below."""
    rules = pl.ruleset(name)
    bot = pl.RuleBasedPlayer(bidding="estimate")
    rng = random.Random(name)
    ended = compared = 0
    for i in range(150):
        near = [rng.randint(rules.target - 6, rules.target - 1) for _ in range(2)]
        team, other = rng.sample(range(rules.num_teams), 2)
        scores = [-30] * rules.num_teams
        scores[team], scores[other] = near
        hand = pl.Hand.deal(rules, i % rules.players, rng, scores)
        while not hand.is_over:
            hand.step(bot.code(hand))
        if hand.redeal is not None:
            continue
        result = hand.result()
        after = [s + c for s, c in zip(scores, result.score_change, strict=True)]
        winner = winner_after(rules, result, after)
        seat = rules.teams.index(team)
        others = [t for t in range(rules.num_teams) if t != team]  # the opponents, in the model's order
        for t, (o, weight) in zip(others, gamemodel.outcomes_of(hand, seat), strict=True):
            assert weight == 1
            if t != other:
                continue  # following another opponent
            done, value = gamemodel.judge(rules, o, scores[team], scores[other])
            if o.third and not o.instant:
                continue  # another side bid: the model sees only its instant win (its own test)
            compared += 1
            assert bool(done) == (winner is not None), (o, scores, winner)
            if winner is not None:
                ended += 1
                assert float(value) == (1.0 if winner == team else 0.0), (o, scores, winner)
    assert compared >= 60 and ended >= 10


def test_all_fours_counts_the_points_out_in_order_at_the_target() -> None:
    """All-fours, 10-10, target 11: the points count out High, Low, Jack, Game, the bidder's
    too. We bid 2 and take Low and Game; they take High and Jack. High is counted first:
    they reach 11 and win, though we made our bid. Had we taken High (and they Low), we win."""
    rules = pl.ruleset("all-fours")
    # one bit per point, first counted lowest, 1 for ours; the leading 1 marks four points
    they_high = 0b1_1010  # High theirs, Low ours, Jack theirs, Game ours
    we_high = 0b1_1001  # High ours, Low theirs, Jack theirs, Game ours
    for race, result in ((they_high, 0.0), (we_high, 1.0)):
        made = Outcome(True, True, 2, 2, 2, race=race)
        done, value = gamemodel.judge(rules, made, 10, 10)
        assert bool(done) and float(value) == result
    # set (we bid 3 and took 2): our loss first, then only their points count: they win at Jack
    done, value = gamemodel.judge(rules, Outcome(True, False, -3, 2, 2, race=they_high), 10, 9)
    assert bool(done) and float(value) == 0.0
    # far from the target nobody goes out
    assert not bool(gamemodel.judge(rules, Outcome(True, True, 2, 2, 2, race=they_high), 3, 3)[0])


def test_chances_of_the_shipped_ten_point_model_make_sense() -> None:
    """Symmetric at 0-0 up to who deals. At a table bidding to win the game (the shipped,
    settled model) the first to speak bids 10 on every hand of the bots' games, and under
    ten-point's rules only a made 10 (all ten points, an instant win) can then end the game:
    the score never decides who wins, so 50-0 is worth exactly what 0-0 is. At a table bidding
    by the strength of the hand (the ladder's model) small bids go out near the target, so one
    point from the target beats one point from zero."""
    game, ladder = bidding.shipped_model(pl.TEN_POINT), bidding.ladder_model(pl.TEN_POINT)
    assert game is not None and ladder is not None
    for offset in range(4):
        for model in (game, ladder):
            even = model.chance(0, 0, offset) + model.chance(0, 0, left_of(offset, 4))
            assert even == pytest.approx(1.0, abs=1e-6)  # my chance + theirs, the deal moved one seat
        assert game.chance(50, 0, offset) == pytest.approx(game.chance(0, 0, offset), abs=1e-6)
        assert game.chance(0, 50, offset) == pytest.approx(game.chance(0, 0, offset), abs=1e-6)
        assert ladder.chance(50, 0, offset) > ladder.chance(0, 0, offset) > ladder.chance(0, 50, offset)


# ------------------------------------------------------------------ bidding


def mask_of(rules: pl.Ruleset, codes: str) -> int:
    slots = card_slots(rules)
    mask = 0
    for card in pl.parse_cards(codes):
        mask |= 1 << next(s for s in slots[card] if not mask >> s & 1)
    return mask


def synthetic(
    key_hand: str, answers: dict[int, Counter[Outcome]], spot: tuple[int, int, bool]
) -> bidding.BidTrials:
    """Hand-made tables: the given outcomes under every key of ``key_hand`` at ``spot``, and the
    toy hands (all even) for the game model."""
    rules = pl.TEN_POINT
    mask = mask_of(rules, key_hand)
    keys = bidding.keys_of(rules, mask, trump_only_judgement.best_rating(rules, mask), *spot)
    even = Counter({Outcome(True, True, 5, 5, 5): 1, Outcome(False, True, 5, 5, 5): 1})
    trials = dict.fromkeys(keys, answers)
    return bidding.BidTrials(rules, 0, "test", trials, [even] * rules.players)


SURE = "AS KS 3S 2S JS 9H 4D 7C 8H"


def test_at_48_50_a_sure_small_bid_beats_a_risky_big_one() -> None:
    """Dealer, an opponent bid 4. Bidding 5 is made every time (+5: 53, we win); 7 is made
    half the time and set otherwise (-7). At 48-50 the game model must take the sure 5 whatever
    7 is worth in points; at 0-0 the two are close and points decide."""
    spot = (3, 4, False)
    answers = {
        0: Counter({Outcome(False, True, 4, 6, 6): 40}),
        5: Counter({Outcome(True, True, 6, 4, 4): 40}),
        7: Counter({Outcome(True, True, 8, 2, 2): 20, Outcome(True, False, -7, 2, 2): 20}),
    }
    tables = synthetic(SURE, answers, spot)
    mask = mask_of(pl.TEN_POINT, SURE)
    best = trump_only_judgement.best_rating(pl.TEN_POINT, mask)
    choice = bidding.choose(tables, mask, best, [0, 5, 7], 4, False, 3, 48, 50)
    assert choice is not None and choice.answer == 5
    assert choice.chances[5] == 1.0 and choice.wins_if_made
    # passing: they bid 4 and make it, reaching 56 as the bidding side: a sure loss
    assert choice.chances[0] == 0.0
    assert 0.0 < choice.chances[7] < 1.0
    said = bidding.claims_of(choice, 48, 50, pl.TEN_POINT)
    why = render("bid 5", said, 0, pl.TEN_POINT)
    assert "we have 48, so making 5 takes us to at least 53 and wins the game" in why
    assert "if I bid 5: 100%" in why and "if I pass instead: 0%" in why


@pytest.mark.parametrize(
    ("name", "bid", "us", "wins"),
    [
        # RULES.md: a ten-point bid of 10 taking all 10 points wins at once, whatever the scores
        ("ten-point", 10, 0, True),
        ("ten-point", 10, -5, True),
        ("ten-point", 9, 0, False),  # 0 + 9 is short of 52, and only a 10 wins at once
        ("ten-point", 9, 43, True),  # 43 + 9 = 52, the target
        # smudge: a made 4 (all four points) wins at once unless the bidder is below zero
        ("smudge", 4, 0, True),
        ("smudge", 4, -5, False),  # -5 + 4 is short of 7, and in the hole no 4 wins at once
        ("auction-pitch", 4, 0, False),  # no instant win: 0 + 4 is short of 7
        ("auction-pitch", 4, 3, True),  # 3 + 4 = 7
    ],
)
def test_a_bid_that_wins_at_once_is_known_to_win_if_made(name: str, bid: int, us: int, wins: bool) -> None:
    """Whether a made bid wins the game counts the wins at once (once only the moon's), worked
    out by hand from each ruleset's row; the other side's score is 0 throughout."""
    assert bidding._wins_if_made(pl.ruleset(name), bid, us, 0) is wins


def test_the_shipped_tables_take_the_sure_game_at_48_50() -> None:
    """The same position with the shipped tables: the dealer holds A K 3 2 J of spades over an
    opponent's 4 (sure points: A, 2, 3 under A K, J likely), is last to speak so nobody can
    outbid it, and 5 takes the game if made. It must not gamble on 7 or more."""
    rules = pl.TEN_POINT
    mask = mask_of(rules, SURE)
    best = trump_only_judgement.best_rating(rules, mask)
    tables = bidding.shipped_tables(rules)
    assert tables is not None
    choice = bidding.choose(tables, mask, best, [0, 5, 6, 7, 8, 9, 10], 4, False, 3, 48, 50)
    assert choice is not None
    assert choice.answer in (5, 6) and choice.wins_if_made
    assert choice.chances[choice.answer] > max(choice.chances[b] for b in (7, 8, 9, 10))


AKQJ = "AS KS QS JS JK 9H 4D 7C 8H"


def test_a_strong_hand_bids_high_enough_to_keep_the_contract() -> None:
    """Hand-worked, first to speak at 0-0 with A K Q J and a joker. The auction: after a 7 an
    opponent outbids us a third of the time (they take 8, we 2); after 8 or 9 we keep it. The
    hand as bidder takes 10 points half the time, 9 points 40%, 7 points 10%: 8 and 9 are
    both made 90% of the time, but a set 9 costs one more than a set 8. So 7 loses the
    contract too often (expected net +8.6 * 2/3 - 6 / 3 = +3.7 a hand), 8 keeps it
    (+8.6 * 0.9 - 11 * 0.1 = +6.6) and 9 risks more for nothing: the bot bids 8."""
    spot = (0, 0, False)
    answers = {
        0: Counter({Outcome(False, True, 3, 7, 7): 30}),
        7: Counter({Outcome(True, True, 9, 1, 1): 20, Outcome(False, True, 2, 8, 8): 10}),
        8: Counter({Outcome(True, True, 9, 1, 1): 30}),
        9: Counter({Outcome(True, True, 9, 1, 1): 30}),
    }
    tables = synthetic(AKQJ, answers, spot)
    mask = mask_of(pl.TEN_POINT, AKQJ)
    best = trump_only_judgement.best_rating(pl.TEN_POINT, mask)
    pool = bidding.hand_keys_of(pl.TEN_POINT, mask, best)[0]
    took = {10: 5, 9: 4, 7: 1}
    tables.trials[pool] = {
        bidding.POOL: Counter({Outcome(True, True, t, 10 - t, 10 - t): 10 * n for t, n in took.items()})
    }
    choice = bidding.choose(tables, mask, best, [0, 7, 8, 9], 0, False, 0, 0, 0)
    assert choice is not None and choice.answer == 8
    assert choice.chances[8] > choice.chances[9] > choice.chances[0]
    # no bid has won the auction in the tables' games: no made-rate is quoted, and no claim says one
    assert choice.made == {} and not any("made" in c.subject for c in _estimates(choice))


def _estimates(choice: bidding.Choice) -> list[cl.Estimate]:
    return [c for c in bidding.claims_of(choice, 0, 0, pl.TEN_POINT) if isinstance(c, cl.Estimate)]


def test_the_made_rate_counts_only_bids_that_won_the_auction() -> None:
    """The same hand first to speak at 0-0. The tables' own games say: of 40 bids of 8 that won
    the auction from this spot (any hand) 30 were made (75%); of the 10 with this very kind of
    hand (its finest group) all 10 were made. The quote weighs the finer group's 100% by
    10 / (10 + WON_PRIOR 60) = 1/7 against the spot's 75%: 0.75 * 6/7 + 1.0 * 1/7 = 5.5/7 = 78.57%.
    Bids of 7 won the auction from this spot only 29 times, too few to quote (under 30)."""
    spot = (0, 0, False)
    # passing leaves the contract to them, 7 keeps it half the time, 8 always: the bot bids 8
    answers = {
        0: Counter({Outcome(False, True, 2, 8, 8): 30}),
        7: Counter({Outcome(True, True, 9, 1, 1): 15, Outcome(False, True, 2, 8, 8): 15}),
        8: Counter({Outcome(True, True, 9, 1, 1): 30}),
    }
    tables = synthetic(AKQJ, answers, spot)
    mask = mask_of(pl.TEN_POINT, AKQJ)
    best = trump_only_judgement.best_rating(pl.TEN_POINT, mask)
    hand = bidding.hand_keys_of(pl.TEN_POINT, mask, best)
    base = bidding.won_base(*spot, hand)
    assert base[-1] == "0:0:0" and base[0] == f"0:0:0:{hand[0]}"
    tables.won = {"w8:0:0:0": (30, 40), f"w8:0:0:0:{hand[0]}": (10, 10), "w7:0:0:0": (29, 29)}
    assert bidding.WON_PRIOR == 60
    choice = bidding.choose(tables, mask, best, [0, 7, 8], 0, False, 0, 0, 0)
    assert choice is not None and choice.answer == 8
    assert choice.made == {8: pytest.approx(5.5 / 7)} and choice.made_from == {8: 40}
    # that raw reading is never quoted as it is: without a made-rate map, no made-rate is said
    assert choice.quoted == {} and not any("made" in c.subject for c in _estimates(choice))
    # with one, the quote is the step the raw 78.6% falls in: of 200 bids rated 70-80%, 150 made
    steps = (Step(0.1, 0.5, 100, 30), Step(0.7, 0.8, 200, 150), Step(0.85, 0.95, 100, 90))
    tables.made_map = MadeMap("test", 1, steps)
    tables._decided.clear()
    choice = bidding.choose(tables, mask, best, [0, 7, 8], 0, False, 0, 0, 0)
    assert choice is not None and choice.quoted == {8: steps[1]}
    (quote,) = [c for c in _estimates(choice) if "made" in c.subject]
    assert quote.value == 75.0 and "wins the auction" in quote.subject
    assert quote.basis.startswith("200 winning bids") and quote.interval is not None
    assert quote.interval[0] < 75.0 < quote.interval[1]


def test_a_k_q_j_and_a_joker_bids_more_than_the_ladder_at_0_0() -> None:
    """The shipped tables, same hand: the ladder opens 6 with it (the points per hand are
    best there); bidding for the game opens higher, so the opponents cannot cheaply take a
    contract this hand will almost surely make."""
    rules = pl.TEN_POINT
    mask = mask_of(rules, AKQJ)
    best = trump_only_judgement.best_rating(rules, mask)
    legal = [0, 4, 5, 6, 7, 8, 9, 10]
    tables = bidding.shipped_tables(rules)
    assert tables is not None
    choice = bidding.choose(tables, mask, best, legal, 0, False, 0, 0, 0)
    old = pl.RuleBasedPlayer(bidding="ladder").bid(rules, best, legal, 0, False, 0)[0]
    assert choice is not None and choice.answer > old


WEAK = "2S 4S 5S 8H 9H TD 4D 7C 6C"


@pytest.mark.parametrize(
    ("name", "late", "ladder_table"),
    [("ten-point", (40, 50), True), ("thirty-one", (20, 29), False)],
)
def test_the_scores_change_the_bid(name: str, late: tuple[int, int], ladder_table: bool) -> None:
    """A weak hand (three low spades), first to speak, passes at 0-0, but with the other side
    one hand from the target it must contest: passing lets them bid and go out.

    Ten-point is judged on the model of a table that bids by the strength of the hand (the
    ladder's hands): at a table bidding to win the game, ten-point's first seat bids 10 on
    nearly any hand, whatever the score (only the bidding side can win, so a 10 keeps the bid
    from the other side), and the score no longer changes that bid. Thirty-one, whose top bid
    ends nothing, keeps its own settled model."""
    rules = pl.ruleset(name)
    mask = mask_of(rules, WEAK)
    best = trump_only_judgement.best_rating(rules, mask)
    tables = bidding.shipped_tables(rules)
    assert tables is not None
    if ladder_table:
        hands = bidding.ladder_hands(rules)
        assert hands is not None
        tables = bidding.BidTrials(rules, tables.deals, tables.seed, tables.trials, hands)
    legal = [0, 4, 5, 6, 7, 8, 9, 10]
    calm = bidding.choose(tables, mask, best, legal, 0, False, 0, 0, 0)
    pressed = bidding.choose(tables, mask, best, legal, 0, False, 0, *late)
    assert calm is not None and pressed is not None
    assert calm.answer == 0 and pressed.answer > 0


def test_the_bot_bids_to_win_the_game_from_its_view_and_its_fast_path_agrees() -> None:
    """The view carries the game scores; the default bot reads them, gives the chance in its
    reason, and its fast path picks the same answer. The ladder's bot is today's bot."""
    rng = random.Random(3)
    game_bot, ladder_bot = pl.RuleBasedPlayer(), pl.RuleBasedPlayer(bidding="ladder")
    assert game_bot.bidding == "game" and ladder_bot.name == "rule-based (ladder bidding)"
    differ = 0
    for i in range(200):
        scores = (rng.randint(-10, 51), rng.randint(-10, 51))
        hand = pl.Hand.deal(pl.TEN_POINT, i % 4, rng, scores)
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat)
        assert view.scores == scores
        decision = game_bot.decide(view)
        assert hand.encode(decision.action) == game_bot.code(hand)
        if "chance of winning the game" in decision.why:
            assert (
                f"from the score now, us {scores[seat % 2]} and them {scores[1 - seat % 2]}" in decision.why
            )
        old = ladder_bot.decide(view)
        best = trump_only_judgement.best_rating(pl.TEN_POINT, hand.hand_mask(seat))
        codes = [c for c in hand.legal_codes() if c >= 0]
        expected = ladder_bot.bid(pl.TEN_POINT, best, codes, 0, False, hand.position(seat))[0]
        assert hand.encode(old.action) == expected  # the ladder's bot ignores the scores
        differ += decision.action != old.action
    assert differ > 0


def test_every_ruleset_with_a_target_ships_tables_and_a_model() -> None:
    for name in pl.ruleset_names():
        rules = pl.ruleset(name)
        if not rules.target or not rules.auction:  # simple-pitch has no bidding to learn
            continue
        tables = bidding.shipped_tables(rules)
        assert tables is not None, name
        assert tables.deals >= 1000
        model = tables.model
        assert 0.0 <= model.chance(0, 0, 0) <= 1.0


def test_bid_regret_is_reproducible_and_never_negative() -> None:
    bot = pl.RuleBasedPlayer(bidding="ladder")
    one = derive.bid_regret(bot, 12, seed="r")
    assert one.value >= 0.0 and one.n >= 12
    assert derive.bid_regret(bot, 12, seed="r") == one


def test_a_bot_that_always_bids_the_best_answer_in_hindsight_has_no_regret() -> None:
    """An oracle that tries every answer on the true cards (as the regret does) and takes the
    best never regrets; a bot that always passes (or bids the minimum when stuck) does."""

    class Oracle:
        def __init__(self, rest: pl.RuleBasedPlayer) -> None:
            self.rest = rest

        def code(self, hand: pl.Hand) -> int:
            if hand.phase is not pl.Phase.BID:
                return self.rest.code(hand)
            seat = hand.to_act
            assert seat is not None
            team = hand.rules.teams[seat]
            nets = {}
            for code in (c for c in hand.legal_codes() if c >= 0):
                trial = hand.copy()
                trial.step(code)
                while not trial.is_over:
                    trial.step(self.code(trial))
                change = trial.result().score_change
                nets[code] = 2 * change[team] - sum(change)
            return max(nets, key=lambda c: (nets[c], -c))

    class Passer:
        def __init__(self, rest: pl.RuleBasedPlayer) -> None:
            self.rest = rest

        def code(self, hand: pl.Hand) -> int:
            return hand.legal_codes()[0] if hand.phase is pl.Phase.BID else self.rest.code(hand)

    rest = pl.RuleBasedPlayer(bidding="estimate")
    two = pl.TEN_POINT.replace(name="two-seat", players=2, teams=(0, 1))  # two turns: cheap to search
    assert derive.bid_regret(Oracle(rest), 6, seed="o", rules=two).value == 0.0
    assert derive.bid_regret(Passer(rest), 6, seed="o", rules=two).value > 0.0


def test_a_side_the_model_does_not_follow_can_only_end_the_game_by_an_instant_win() -> None:
    """Three or more sides: when a third side bids and reaches the target, the model cannot
    see it (its score is not kept): no verdict. Its instant win is seen: a loss."""
    rules = pl.ruleset("call-partner")
    crossed = Outcome(False, True, 0, 0, 0, instant=0, third=True)
    assert not bool(gamemodel.judge(rules, crossed, 10, 51)[0])
    theirs = crossed._replace(third=False, them=5, lead=5)  # the followed opponent bid: 56, a loss
    done, value = gamemodel.judge(rules, theirs, 10, 51)
    assert bool(done) and float(value) == 0.0
    sudden = crossed._replace(instant=1)
    done, value = gamemodel.judge(rules, sudden, 10, 0)
    assert bool(done) and float(value) == 0.0


def test_kept_contracts_are_scored_from_the_points_the_hand_takes_as_bidder() -> None:
    """At the spot, bidding 7 keeps the contract half the time (the trials say: made, +7) and
    half the time they outbid us (they +8, we +2). The hand pool says hands like this take
    6 points as bidder 3 times in 4 and 9 points once: at 7 that is set 3/4 (-7), made 1/4 (+9).
    The mixed distribution: 1/2 theirs, 3/8 set, 1/8 made."""
    spot = (0, 0, False)
    mask = mask_of(pl.TEN_POINT, SURE)
    best = trump_only_judgement.best_rating(pl.TEN_POINT, mask)
    seen = {7: Counter({Outcome(True, True, 7, 3, 3): 10, Outcome(False, True, 2, 8, 8): 10})}
    tables = synthetic(SURE, seen, spot)
    pool = bidding.hand_keys_of(pl.TEN_POINT, mask, best)
    tables.trials[pool[0]] = {
        bidding.POOL: Counter({Outcome(True, True, 6, 4, 4): 3, Outcome(True, True, 9, 1, 1): 1})
    }
    key = bidding.keys_of(pl.TEN_POINT, mask, best, *spot)[0]
    dist = tables.dist(key, 7, pool)
    got = {dist.outcome(i): float(dist.p[i]) for i in range(len(dist))}
    assert got == pytest.approx(
        {
            Outcome(False, True, 2, 8, 8): 0.5,
            Outcome(True, False, -7, 4, 4): 0.375,
            Outcome(True, True, 9, 1, 1): 0.125,
        }
    )


def test_a_thin_group_of_hands_leans_on_the_broader_one() -> None:
    """Worked by hand. The finest group of this hand made all ten points in its 30 trials;
    the middle groups have no trials; the coarsest took 10 points in 20 of its 60 trials and
    6 in the other 40. The finest group's 30 trials against a prior of 30 speak for half:
    10 points 1/2 * 1 + 1/2 * 1/3 = 2/3, 6 points 1/2 * 2/3 = 1/3. With 90 trials of its
    own it speaks for 90 / 120 = 3/4: 10 points 3/4 + 1/4 * 1/3 = 5/6."""
    assert bidding.PRIOR == 30  # the weights above are worked out for this prior
    mask = mask_of(pl.TEN_POINT, SURE)
    pool = bidding.hand_keys_of(pl.TEN_POINT, mask, trump_only_judgement.best_rating(pl.TEN_POINT, mask))
    ten, six = Outcome(True, True, 10, 0, 0), Outcome(True, True, 6, 4, 4)
    coarse = {bidding.POOL: Counter({ten: 20, six: 40})}
    for own, expected in ((30, 2 / 3), (90, 5 / 6)):
        trials = {pool[0]: {bidding.POOL: Counter({ten: own})}, pool[-1]: coarse}
        tables = bidding.BidTrials(pl.TEN_POINT, 0, "test", trials, [])
        assert tables.pooled(pool) == pytest.approx({ten: expected, six: 1 - expected})


def test_the_game_bidding_bot_plays_legal_games_in_every_ruleset() -> None:
    """Whole games through the checked API, scores in the view, in every ruleset with a target;
    the bot's bids come from the game model wherever its tables have data."""
    from pitchlab.engine.game import Game

    bot = pl.RuleBasedPlayer()
    from_tables = 0
    for name in pl.ruleset_names():
        rules = pl.ruleset(name)
        game = Game(rules, seed=random.Random(name))
        for _ in range(3):
            hand = game.hand
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                view = hand.view(seat)
                assert view.scores == tuple(game.scores)
                decision = bot.decide(view)
                from_tables += "chance of winning the game" in decision.why
                game.apply(decision.action, seat)
            if game.is_over:
                break
            game.next_hand()
    assert from_tables > 20


def test_a_view_without_scores_reads_as_zero_all() -> None:
    """``SeatView.scores`` is new and optional: a view built without it (as older code does)
    is read as 0-0."""
    import dataclasses

    hand = pl.Hand.deal(pl.TEN_POINT, 0, random.Random(1), (0, 0))
    view = hand.view(hand.to_act or 0)
    bare = dataclasses.replace(view, scores=())
    bot = pl.RuleBasedPlayer()
    assert bot.decide(bare) == bot.decide(view)
    assert bidding.split_scores((), 0) == (0, 0)


def test_ten_point_ships_a_settled_model_and_the_ladder_tables_hands_apart() -> None:
    """The game bidding's hands come from the bots' own games (self-play); the hands dealt at
    0-0 under ladder bidding stay shipped apart, 20,000 a dealer seat, for ten-point only."""
    tables = bidding.shipped_tables(pl.TEN_POINT)
    assert tables is not None and tables.self_play > 0
    hands = bidding.ladder_hands(pl.TEN_POINT)
    assert hands is not None and [sum(c.values()) for c in hands] == [20_000] * 4
    assert hands != tables.hands
    assert bidding.ladder_hands(pl.ruleset("thirty-one")) is None
