"""The weaker players a problem's level is measured against.

A problem is hard when the players a learner grows out of get it wrong. Beside
the rule-based bot, four habits of new players are modelled, each a plain rule
that reads only the seat's own position:

* the **beginner** plays its highest card, bids as high as it may and names the
  suit of its highest card (strength first, no counting);
* the **cautious** player plays its lowest card, passes whenever it may and names
  the suit it holds most of;
* the **grabber** takes the trick whenever it can, with its cheapest winner (and
  leads its highest card), otherwise plays low; it always bids, as low as it may;
* the **counter** bids by its length: one less than the cards it holds in its longest
  suit (passing when that is below the lowest bid, and bidding the most allowed above
  it), names that suit, and plays its highest card when that wins the trick (and to lead),
  otherwise its lowest;

and a player choosing at random, whose miss is a chance (the share of the answers
that are not accepted). :func:`level` turns the misses into a level from 1 to 5: the
more new players miss a problem the higher it stands, and a problem the rule-based bot
misses stands above every one it solves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pitchlab.bots.players import Player, RuleBasedPlayer
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.tricks import trick_winner
from pitchlab.practice.problems import answers_at, word

Chooser = Callable[[Hand], str]


def _strength(hand: Hand, card: Card) -> tuple[int, int]:
    """How strong a card is to a player who only looks at it: trump above plain, then its rank."""
    rules, trump = hand.rules, hand.trump
    if trump is not None and rules.is_trump(card, trump):
        return (1, rules.trump_rank(card, trump))
    return (0, int(card.rank) if card.rank is not None else 0)


def _cards(hand: Hand) -> list[Card]:
    deck = {c.code: c for c in hand.rules.deck}
    return sorted((deck[w] for w in answers_at(hand)), key=lambda c: _strength(hand, c), reverse=True)


def _bids(hand: Hand) -> list[str]:
    """The bids allowed, lowest first, then "pass" if it is allowed."""
    words = answers_at(hand)
    bids = sorted((w for w in words if w != "pass"), key=lambda w: int(w) if w.isdigit() else 99)
    return bids + (["pass"] if "pass" in words else [])


def _longest_suit(hand: Hand) -> str:
    seat = hand.to_act
    assert seat is not None
    held = Counter(c.suit for c in hand.view(seat).hand if c.suit is not None)
    allowed = answers_at(hand)
    return max(allowed, key=lambda letter: held[Suit.parse(letter)])


def _highest_suit(hand: Hand) -> str:
    seat = hand.to_act
    assert seat is not None
    cards = [c for c in hand.view(seat).hand if c.suit is not None and c.rank is not None]
    allowed = answers_at(hand)
    top = max(
        (c for c in cards if c.suit is not None and c.suit.letter in allowed), key=lambda c: int(c.rank or 0)
    )
    return top.suit.letter if top.suit is not None else allowed[0]


def beginner(hand: Hand) -> str:
    """Plays its highest card, bids the most it may, names the suit of its highest card."""
    if hand.phase is Phase.PLAY:
        return _cards(hand)[0].code
    if hand.phase is Phase.BID:
        return [b for b in _bids(hand) if b != "pass"][-1]
    return _highest_suit(hand)


def cautious(hand: Hand) -> str:
    """Plays its lowest card, passes when it may, names the suit it holds most of."""
    if hand.phase is Phase.PLAY:
        return _cards(hand)[-1].code
    if hand.phase is Phase.BID:
        bids = _bids(hand)
        return "pass" if "pass" in bids else bids[0]
    return _longest_suit(hand)


def grabber(hand: Hand) -> str:
    """Takes the trick when it can, as cheaply as it can; leads its highest card; always bids low."""
    if hand.phase is Phase.PLAY:
        cards = _cards(hand)
        trick = hand.current_trick
        if not trick.cards or hand.trump is None:
            return cards[0].code
        seat = hand.to_act
        winners = [
            c
            for c in cards
            if (*trick.seats, seat)[trick_winner(hand.rules, hand.trump, (*trick.cards, c))] == seat
        ]
        return (winners or cards)[-1].code
    if hand.phase is Phase.BID:
        return _bids(hand)[0]
    return _longest_suit(hand)


def counter(hand: Hand) -> str:
    """Bids one less than its longest suit's length, names that suit, wins with its top card."""
    if hand.phase is Phase.PLAY:
        cards = _cards(hand)
        trick = hand.current_trick
        seat = hand.to_act
        if not trick.cards or hand.trump is None:
            return cards[0].code
        top = cards[0]
        wins = (*trick.seats, seat)[trick_winner(hand.rules, hand.trump, (*trick.cards, top))] == seat
        return (top if wins else cards[-1]).code
    if hand.phase is Phase.BID:
        seat = hand.to_act
        assert seat is not None
        held = Counter(c.suit for c in hand.view(seat).hand if c.suit is not None)
        want = max(held.values(), default=0) - 1
        bids = [b for b in _bids(hand) if b != "pass"]
        fitting = [b for b in bids if int(b) <= want]
        if fitting:
            return fitting[-1]
        return "pass" if "pass" in _bids(hand) else bids[0]
    return _longest_suit(hand)


def by_bot(player: Player) -> Chooser:
    """A bot as a chooser: its action at the seat to act, written as a problem's answer."""

    def choose(hand: Hand) -> str:
        seat = hand.to_act
        assert seat is not None
        return word(player.decide(hand.view(seat)).action, hand)

    return choose


HABITS: dict[str, Chooser] = {
    "beginner": beginner,
    "cautious": cautious,
    "grabber": grabber,
    "counter": counter,
}
"""The new players' habits, by name."""


def misses(hand: Hand, answers: tuple[str, ...]) -> dict[str, float]:
    """How often each weaker player misses the answers at ``hand``: 1 or 0 for each habit and the
    rule-based bot, and for a random player the share of the distinct answers not accepted."""
    found = {name: float(choose(hand) not in answers) for name, choose in HABITS.items()}
    words = answers_at(hand)
    found["random"] = sum(w not in answers for w in words) / len(words)
    found["rule-based"] = float(by_bot(RuleBasedPlayer())(hand) not in answers)
    return found


EASY_SHARE = 0.35
"""The share of new players who miss a level-1 problem, at most: about a third."""
HALF_SHARE = 0.55
"""The share of new players who miss a level-2 (or, when the rule-based bot misses it too,
level-4) problem, at most: about half."""


def new_player_share(missed: dict[str, float]) -> float:
    """The share of the new players (the four habits and the random player) who miss it."""
    names = (*HABITS, "random")
    return sum(missed[name] for name in names) / len(names)


def level(missed: dict[str, float]) -> int:
    """The level from 1 to 5: how many new players miss it (:func:`new_player_share`), and
    whether the rule-based bot does too, which lifts the problem two levels.

    ====================  ======  =============  ======
    new players who miss  ≤ 0.35  0.35 to 0.55   > 0.55
    ====================  ======  =============  ======
    rule-based solves     1       2              3
    rule-based misses     3       4              5
    ====================  ======  =============  ======
    """
    share = new_player_share(missed)
    step = 0 if share <= EASY_SHARE else 1 if share <= HALF_SHARE else 2
    return 1 + step + (2 if missed["rule-based"] else 0)
