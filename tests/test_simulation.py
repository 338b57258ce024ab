"""Whole hands played out by the bots: checked questions, reproducible answers, hand-worked cases."""

from __future__ import annotations

import pytest

import pitchlab as pl
from pitchlab.bots import simulation as sim

STRONG = "AS KS 3S JC JK 9H 4D 7C 2C"


def test_setup_reads_codes_and_places_the_dealer() -> None:
    s = sim.setup(STRONG, "S", position=0)
    assert s.cards == tuple(pl.parse_cards(STRONG))
    assert s.trump is pl.Suit.SPADES
    # seat 0 speaks first when the dealer sits on its right (seat 3), last when it deals
    assert s.dealer == 3
    assert sim.setup(STRONG, pl.Suit.SPADES, position=3).dealer == 0


@pytest.mark.parametrize(
    ("cards", "trump", "position", "message"),
    [
        ("AS KS 3S", "S", 0, "9 cards, not 3"),
        ("AS AS 3S JC JK 9H 4D 7C 2C", "S", 0, "AS appears 2 times"),
        ("JK JK JK 3S JC 9H 4D 7C 2C", "S", 0, "JK appears 3 times"),
        (STRONG, "S", 4, "position must be 0"),
        (STRONG, "X", 0, "not a suit"),
        ("AS KS 3S JC JK 9H 4D 7C ZZ", "S", 0, "not a card"),
    ],
)
def test_bad_questions_are_refused_clearly(cards: str, trump: str, position: int, message: str) -> None:
    with pytest.raises(pl.PitchError, match=message):
        sim.setup(cards, trump, position)


def test_a_hand_with_every_high_trump_takes_every_capture_point() -> None:
    """Worked by hand: AS KS QS JS JC JK JK TS 3S hold nine trump, every capture point but
    none of 9S-2S. The bot buries KS, QS and (all spare trump now carry points) the 3S,
    leads the ace, which nothing beats, and from then on each of its cards outranks every
    trump still out (the best is 9S), so it wins every trick, the buried three included:
    9 capture points. The two's point goes to whoever holds it: 9 or 10 every time."""
    result = sim.bid_chances("AS KS QS JS JC JK JK TS 3S", "S", hands=300, seed=5)
    assert set(result.points) <= {9, 10}
    assert set(result.against) <= {0, 1}
    assert all(p + a == 10 for p, a in zip(result.points, result.against, strict=True))
    assert result.chance(9).value == 1


def test_chances_and_expected_changes_follow_from_the_points() -> None:
    """Four hands taking 3, 5, 7 and 10 points: a bid of 5 is made 3 times in 4, and its
    expected change is (-5 + 5 + 7 + 10) / 4 = 4.25."""
    s = sim.setup(STRONG, "S")
    result = sim.BidChances(s, 0, (3, 5, 7, 10), (7, 5, 3, 0))
    assert result.chance(5).value == pytest.approx(0.75)
    assert result.expected_change(5).value == pytest.approx(4.25)
    assert result.expected_change(10).value == pytest.approx((-10 * 3 + 10) / 4)
    assert result.histogram() == [0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1]
    # 6 -> (-6-6+7+10)/4 = 1.25 still gains; 7 -> (-7-7+7+10)/4 = 0.75 too;
    # 8 -> (-8-8-8+10)/4 = -3.5 does not: the highest bid that gains is 7
    assert result.top_bid() == 7
    assert sim.BidChances(s, 0, (0, 1, 2, 3), (10, 9, 8, 7)).top_bid() is None


def test_same_seed_same_answer_whatever_the_number_of_processes() -> None:
    one = sim.bid_chances(STRONG, "S", hands=600, seed="class-1")
    again = sim.bid_chances(STRONG, "S", hands=600, seed="class-1")
    shared = sim.bid_chances(STRONG, "S", hands=600, seed="class-1", workers=2)
    other = sim.bid_chances(STRONG, "S", hands=600, seed="class-2")
    assert one.points == again.points == shared.points
    assert one.points != other.points


def test_progress_is_reported_chunk_by_chunk() -> None:
    seen: list[tuple[int, int]] = []
    sim.bid_chances(STRONG, "S", hands=600, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(250, 600), (500, 600), (600, 600)]


def test_chances_fall_as_the_bid_rises_and_the_table_says_so() -> None:
    result = sim.bid_chances(STRONG, "S", hands=500, seed=2)
    chances = [result.chance(b).value for b in result.bids()]
    assert chances == sorted(chances, reverse=True)
    table = result.table()
    assert "500 simulated hands, seed 2" in table
    assert len(table.splitlines()) == 2 + len(result.bids())


def test_simulated_hands_are_real_hands_of_the_engine() -> None:
    """The same deal, replayed through the checked API with the bots' views, ends with
    the same points: the fast path plays by the same rules."""
    import random

    s = sim.setup(STRONG, "H", position=2)
    bot = pl.RuleBasedPlayer()
    for k in range(40):
        fast = sim.play_as_bidder(s, random.Random(k), bot)
        hand = pl.Hand.from_order(s.rules, s.dealer, sim._order(s, random.Random(k)))
        assert sorted(hand.hand_of(0)) == sorted(s.cards)
        while hand.phase is pl.Phase.BID:
            legal = hand.legal_actions()
            hand.apply(legal[-1] if hand.to_act == 0 else legal[0])
        assert hand.bidder == 0
        hand.apply(pl.NameTrump(pl.Suit.HEARTS))
        pl.play_hand(hand, [bot] * 4)
        assert tuple(hand.points_by_team()) == fast


def test_a_duel_of_a_player_with_itself_is_even_deal_by_deal() -> None:
    """The same bot on both sides: each deal is played twice with the seats swapped, the
    two plays are identical, so the first side's lead cancels exactly on every deal."""
    bot = pl.RuleBasedPlayer()
    duel = sim.duel_hands(bot, bot, deals=60, seed=3)
    assert duel.net == (0.0,) * 60
    games = sim.duel_games(bot, bot, games=4, seed=3)
    assert games.net == (0.0,) * 4
    assert games.win_rate().value == 0.5


class DealSpy:
    """A rule-based bot that notes every deal it is shown (at its first bid of each hand)."""

    def __init__(self, bidding: str) -> None:
        self.bot = pl.RuleBasedPlayer(bidding=bidding)  # type: ignore[arg-type]
        self.name = bidding
        self.deals: list[tuple[int, tuple[int, ...]]] = []

    def code(self, hand: pl.Hand) -> int:
        if hand.phase is pl.Phase.BID and len(hand.bids) < 2:
            deal = (hand.dealer, tuple(hand.dealt_mask(s) for s in range(4)))
            if not self.deals or self.deals[-1] != deal:
                self.deals.append(deal)
        return self.bot.code(hand)


def test_tournament_games_are_mirrored_deal_for_deal() -> None:
    """Each game's deals are played twice with the sides swapped: the second play is dealt
    exactly the same hands, in the same order, as the first (as long as both games last)."""
    first, second = DealSpy("ladder"), DealSpy("estimate")
    one = sim.duel_games(first, second, games=1, seed="m")
    assert len(one.wins) == 2
    # the first side speaks first in one play or the other, so it sees every deal of both plays
    deals = first.deals
    half = next(i for i in range(1, len(deals)) if deals[i] == deals[0])
    play_one, play_two = deals[:half], deals[half:]
    shared = min(len(play_one), len(play_two))
    assert shared >= 3
    assert play_one[:shared] == play_two[:shared]
    assert second.deals[:shared] == play_one[:shared]  # and the other side saw the same deals


def test_points_per_hand_of_a_bot_against_itself_is_exactly_half() -> None:
    bot = pl.RuleBasedPlayer()
    games = sim.duel_games(bot, bot, games=3, seed=1)
    assert games.points == (5.0, 5.0, 5.0)


def test_tournament_games_deal_again_after_a_void_deal() -> None:
    """Thirty-one redeals a junk deal (a hand with no point card, king or queen); a tournament
    game must have the same dealer deal again, not score a hand that was never played. These
    50 seeded game pairs meet such a deal (they once stopped with "the hand was not played")."""
    games = sim.duel_games(
        pl.RuleBasedPlayer(),
        pl.RuleBasedPlayer(bidding="ladder"),
        50,
        "game-bidding",
        pl.ruleset("thirty-one"),
    )
    assert len(games.wins) == 100
