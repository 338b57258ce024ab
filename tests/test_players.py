"""The bots: only legal actions, sensible choices in positions worked out by hand, honest reasons."""

from __future__ import annotations

import random

import pitchlab as pl

HEARTS = pl.Suit.HEARTS


def filler() -> list[pl.Card]:
    """The 38 cards that are never trump when hearts are trump (all spades, clubs, diamonds but JD)."""
    return [c for c in pl.CARDS[:52] if not pl.TEN_POINT.is_trump(c, HEARTS)]


def deal(seats: dict[int, str], stock_tail: str = "") -> pl.Hand:
    """Dealer 0; named seats get the given cards padded with non-trump; the stock ends with ``stock_tail``."""
    spare = filler()
    given = {s: pl.parse_cards(text) for s, text in seats.items()}
    tail = pl.parse_cards(stock_tail)
    hands = []
    for seat in range(4):
        cards = given.get(seat, [])
        hands.append(cards + [spare.pop() for _ in range(9 - len(cards))])
    stock = [spare.pop() for _ in range(18 - len(tail))] + tail
    assert not spare
    return pl.Hand.from_cards(pl.TEN_POINT, 0, hands, stock)


def stuck_dealer_names_hearts(hand: pl.Hand) -> None:
    """Seats 1-3 pass, the dealer (seat 0) is forced to 4 and names hearts."""
    for _ in range(3):
        hand.apply(pl.PASS)
    hand.apply(pl.Bid(4))
    hand.apply(pl.NameTrump(HEARTS))


TRUMP_IN_HANDS = {0: "AH KH QH JH JD 7H", 1: "3H 6H 9H", 2: "TH 5H 8H", 3: "4H JK JK 2H"}


def play_deal() -> pl.Hand:
    """All 16 trump in hands, the stock all non-trump, so every draw is dead."""
    hand = deal(TRUMP_IN_HANDS)
    stuck_dealer_names_hearts(hand)
    assert hand.phase is pl.Phase.PLAY and hand.to_act == 0
    return hand


BOT = pl.RuleBasedPlayer()


def test_stuck_dealer_bids_four_and_says_why() -> None:
    hand = deal(TRUMP_IN_HANDS)
    for _ in range(3):
        hand.apply(pl.PASS)
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Bid(4)
    assert "must" in decision.why


def test_leads_the_highest_trump_still_out() -> None:
    """Seat 0 holds the ace of trump: nothing can beat it, so it leads it."""
    hand = play_deal()
    decision = BOT.decide(hand.view(0))
    assert decision.action == pl.Play(pl.Card("AH"))
    assert "beat" in decision.why


def test_saves_the_three_when_it_cannot_win() -> None:
    """Against the ace, seat 1 (3H 6H 9H) cannot win: it keeps the three and plays the 6."""
    hand = play_deal()
    hand.apply(pl.Play(pl.Card("AH")))
    decision = BOT.decide(hand.view(1))
    assert decision.action == pl.Play(pl.Card("6H"))


def test_gives_points_to_a_partner_who_is_sure_to_win() -> None:
    """Partner's ace cannot be beaten, so seat 2 adds its ten (a point) rather than the 5 or 8."""
    hand = play_deal()
    hand.apply(pl.Play(pl.Card("AH")))
    hand.apply(pl.Play(pl.Card("9H")))
    decision = BOT.decide(hand.view(2))
    assert decision.action == pl.Play(pl.Card("TH"))
    assert "partner" in decision.why


def test_buries_the_two_first_then_the_lowest_plain_trump() -> None:
    """The two's point stays with its holder even buried, so it goes first; then the 7, the lowest plain trump."""
    hand = deal({1: "AH KH QH 9H 8H 7H 2H 3H", 2: "JK JK"}, stock_tail="JH JD TH 6H 5H 4H")
    stuck_dealer_names_hearts(hand)
    assert hand.phase is pl.Phase.BURY and hand.to_act == 1
    first = BOT.decide(hand.view(1))
    assert first.action == pl.Bury(pl.Card("2H"))
    hand.apply(first.action)
    second = BOT.decide(hand.view(1))
    assert second.action == pl.Bury(pl.Card("7H"))


def test_bots_only_choose_legal_actions_and_explain_them() -> None:
    rng = random.Random(5)
    for i in range(200):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        players: list[pl.Player] = [
            pl.RuleBasedPlayer(),
            pl.RandomPlayer(i),
            pl.RuleBasedPlayer(),
            pl.RandomPlayer(-i),
        ]
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            decision = players[seat].decide(hand.view(seat))
            assert decision.action in hand.legal_actions()
            assert decision.why.strip()
            hand.apply(decision.action, seat)


def test_rule_based_team_beats_random_team() -> None:
    """A sanity check on strength, in points: over many hands the bot bidding by the strength of
    the hand (the style a first game uses) out-scores random play by a wide margin. Points a
    hand are what that style bids for; the bot bidding to win the game may give points away
    (a hopeless 10 that keeps the bid from the other side), so it is judged by games below."""
    rng = random.Random(11)
    totals = [0, 0]
    for i in range(300):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        bot = pl.RuleBasedPlayer(bidding="ladder")
        pl.play_hand(hand, [bot, pl.RandomPlayer(i), bot, pl.RandomPlayer(i + 1)])
        for team, change in enumerate(hand.result().score_change):
            totals[team] += change
    assert totals[0] > totals[1] + 300


def test_the_bot_bidding_to_win_the_game_wins_games_against_random_play() -> None:
    """The same sanity check for the bot bidding to win the game, by its own measure: whole
    ten-point games against random play, the first dealer rotating. Random play bids at random
    and throws points away, so a sound bot should lose hardly any of 20 games."""
    won = 0
    for i in range(20):
        game = pl.Game(pl.TEN_POINT, first_dealer=i % 4, seed=i)
        players: list[pl.Player] = [
            pl.RuleBasedPlayer(),
            pl.RandomPlayer(i),
            pl.RuleBasedPlayer(),
            pl.RandomPlayer(i + 1),
        ]
        while not game.is_over:
            if game.hand.is_over:
                game.next_hand()
            pl.play_hand(game.hand, players)
            game.score_if_over()
        won += game.winner == 0
    assert won >= 18


def test_the_fast_path_makes_the_same_choice_as_the_view_path() -> None:
    """Simulations ask ``code(hand)``; people see ``decide(view)``: over whole seeded hands
    both must pick the same action at every step (the same card, bid or suit)."""
    bot = pl.RuleBasedPlayer()
    rng = random.Random(11)
    steps = 0
    for i in range(150):
        hand = pl.Hand.deal(dealer=i % 4, seed=rng)
        while not hand.is_over:
            action = bot.decide(hand.view(hand.to_act)).action  # type: ignore[arg-type]
            code = bot.code(hand)
            if isinstance(action, pl.Play | pl.Bury):
                assert hand.rules.deck[code] == action.card
            elif isinstance(action, pl.NameTrump):
                assert code == int(action.suit)
            else:
                assert code == (action.value if isinstance(action, pl.Bid) else 0)
            hand.step(code)
            steps += 1
    assert steps > 150 * 20
