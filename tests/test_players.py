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


# ---------------------------------------------------------------- the gaps, worked by hand


def assert_true_and_played(hand: pl.Hand, seat: int, card: str) -> pl.Decision:
    """The bot at ``seat`` plays ``card``, by its view and by its fast path, and says nothing false."""
    from pitchlab.bots.claimcheck import false_claims

    decision = BOT.decide(hand.view(seat))
    assert decision.action == pl.Play(pl.Card(card)), decision.why
    assert hand.rules.deck[BOT.code(hand)] == pl.Card(card)
    assert false_claims(hand, seat, decision.claims) == []
    return decision


def play(hand: pl.Hand, *cards: str) -> None:
    """Play ``cards`` in turn, whoever is to act."""
    for card in cards:
        hand.apply(pl.Play(pl.Card(card)))


def test_loses_the_two_rather_than_a_trump_that_might_win_later() -> None:
    """The deal of :func:`play_deal`: seat 0 leads the A♥, seat 1 plays 6♥, seat 2 adds its
    10♥. Seat 3 holds 4♥ JK JK 2♥ and nothing of it beats the ace. The 2♥ scores for seat 3
    whichever trick it goes to, and as the lowest trump it can never win one; the 4♥ might
    (a late trick of low cards). So the two goes now and the 4♥ stays."""
    hand = play_deal()
    play(hand, "AH", "6H", "TH")
    decision = assert_true_and_played(hand, 3, "2H")
    assert "scores for whoever holds it" in decision.why


FOUR_SEATS = {0: "KH QH JH JD 7H 4H", 1: "9H 6H 3H", 2: "AH 5H 8H", 3: "TH JK JK 2H"}
"""All 16 ♥ trump dealt, the stock all plain: every draw is dead, so these are the hands in play."""


def test_keeps_an_unbeatable_card_out_of_partners_sure_trick() -> None:
    """Seat 0 leads the K♥ and seat 1 plays 6♥. Seat 2 holds A♥ 5♥ 8♥: the only trump above
    the king is its own ace, so partner wins for sure. The ace's point is safe whenever it is
    played (nothing can beat it), and kept it wins a trick of its own later, taking whatever
    the others put on it; added here it banks nothing more. So seat 2 plays the 5♥ (the old
    bot added the ace)."""
    hand = deal(FOUR_SEATS)
    stuck_dealer_names_hearts(hand)
    play(hand, "KH", "6H")
    decision = assert_true_and_played(hand, 2, "5H")
    assert "our trick" in decision.why


def test_does_not_spend_a_sure_winner_on_a_trick_with_no_points() -> None:
    """Seat 0 leads the 4♥, a trick with no points. Seat 1 holds A♥ 6♥ 3♥ (the hands of
    :data:`FOUR_SEATS` with seat 1 and seat 2's cards swapped round): the ace would win it for
    sure, but there is nothing to take, and the ace wins a trick later whatever happens. It
    plays the 6♥, the card that costs least (the 3♥ carries three points), and keeps the ace
    for a trick with points in it."""
    hand = deal({0: "KH QH JH JD 7H 4H", 1: "AH 6H 3H", 2: "9H 5H 8H", 3: "TH JK JK 2H"})
    stuck_dealer_names_hearts(hand)
    play(hand, "4H")
    decision = assert_true_and_played(hand, 1, "6H")
    assert "no points" in decision.why


def test_last_to_play_it_leaves_a_pointless_trick_it_has_nothing_to_bank_with() -> None:
    """Seat 3 plays last to 4♥ 6♥ 8♥ (led by seat 0, then seats 1 and 2), a trick with no points,
    holding 9♥ 7♥ 2♥. The 9♥ would win it, but banks nothing: no card of seat 3's with points is
    at stake, and winning only hands seat 3 the lead. It plays the 2♥ (its point stays with
    seat 3) and keeps the 9♥."""
    hand = deal({0: "KH QH JH JD 4H 5H", 1: "AH 6H 3H", 2: "TH 8H JK JK", 3: "9H 7H 2H"})
    stuck_dealer_names_hearts(hand)
    play(hand, "4H", "6H", "8H")
    assert_true_and_played(hand, 3, "2H")


def test_a_bidder_sure_of_the_first_trick_buries_its_points_there() -> None:
    """Seat 0, the bidder, holds eight trump after the refill (A♥ K♥ Q♥ 3♥ 10♥ 9♥ 8♥ 7♥, the
    stock all plain) and buries two. It leads the first trick, and buried cards go to whoever
    wins that trick: with the ace, which nothing can beat, that is seat 0. So the 3♥ and then
    the 10♥, buried, are four points banked, while in hand the jacks and jokers still out
    could take them. The old rule buried the 7♥ and 8♥."""
    from pitchlab.bots.claimcheck import false_claims

    hand = deal({0: "AH KH QH 3H TH 9H 8H 7H", 1: "JH 6H 2H", 2: "JD 5H", 3: "JK JK 4H"})
    stuck_dealer_names_hearts(hand)
    assert hand.phase is pl.Phase.BURY and hand.to_act == 0
    for card in ("3H", "TH"):
        decision = BOT.decide(hand.view(0))
        assert decision.action == pl.Bury(pl.Card(card)), decision.why
        assert hand.rules.deck[BOT.code(hand)] == pl.Card(card)
        assert false_claims(hand, 0, decision.claims) == []
        # the table hears why, but not which card is the unbeatable one: it is still hidden
        assert "first trick" in decision.said and "A♥" not in decision.said + " ".join(decision.more)
        hand.apply(decision.action)
    assert BOT.decide(hand.view(0)).action == pl.Play(pl.Card("AH"))
    play(hand, "AH")
    while hand.current_trick.cards:
        seat = hand.to_act
        assert seat is not None
        hand.apply(BOT.decide(hand.view(seat)).action)
    assert hand.points_by_team(public=True)[0] >= 1 + 3 + 1  # the ace, the buried 3 and 10


def three_or_four() -> pl.Hand:
    """♥ trump, seat 0 the bidder with A♥ K♥ Q♥ J♥ J♦ 10♥ (it drew nothing: exactly these six).
    Seat 0 has led and won the Q♥, the J♥ and the J♦; seats 2 and 3 have run out (both skipped
    in the third trick). Seat 0 now leads the A♥, and seat 1 holds the 3♥ and the 4♥ only; the
    K♥ and the 10♥, the only trump it has not seen, are seat 0's."""
    hand = deal({0: "AH KH QH JH JD TH", 1: "3H 4H 9H 8H 7H", 2: "6H JK", 3: "5H 2H JK"})
    stuck_dealer_names_hearts(hand)
    play(hand, "QH", "9H", "6H", "5H", "JH", "8H", "JK", "2H", "JD", "7H", "JK", "AH")
    assert hand.to_act == 1
    return hand
