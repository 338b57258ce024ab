"""The claim checker: is what a bot says true of what its seat knows?

Written apart from the bots on purpose: it reads the hand (the whole truth)
and the deciding seat's view, works out from the rules alone which cards each
other seat could still hold, and judges every claim against *all* of them. A
claim passes only if it holds in every deal the seat cannot tell apart from
the real one, so a claim that happens to be true of this deal but that the
seat could not know ("my partner's queen wins", when an unseen king might sit
behind it) is false here.

What a seat can rule out, from the rules (RULES.md, "What a player can see"):

* cards in its own hand, buried face up, or played;
* in trump-only play, every trump of a seat that was skipped (a seat with no
  trump left is passed over, and the lead passes on from a winner who is out);
* in follow-suit play, the suit led, for a seat that neither followed nor
  trumped (a seat may trump a plain lead at will, so trumping shows nothing);
  and trump, for a seat that did not follow a trump lead that must be followed.

Cards called equally good must be legal, and none may risk its points: a card
carrying points for its capturer that, played now, might end in a trick the
opponents take is not as good as one that cannot, whatever the estimates say.

Cards nobody was dealt (a stock never drawn) stay possible: the seat cannot
see them, so a claim must survive them too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pitchlab.bots import claims as c
from pitchlab.engine.actions import Bid, Pass, Play
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.seats import left_of, round_from, steps_left, still_to_play
from pitchlab.engine.tricks import beats, game_points, play_suit
from pitchlab.engine.winning import only_the_bidder_wins, winner_after

EQUAL_TOLERANCE = 0.25
"""The most two expected values may differ by and still be called equally good."""


class Knowledge:
    """What one seat knows of a hand at its decision: the cards each other seat might hold."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self.hand = hand
        self.seat = seat
        self.view = view = hand.view(seat)
        self.rules: Ruleset = hand.rules
        self.trump: Suit | None = view.trump
        unseen = Counter(self.rules.deck)
        unseen.subtract(view.seen_cards())
        self.unseen: list[Card] = sorted(unseen.elements())
        self.void: dict[int, set[Suit]] = {s: set() for s in range(self.rules.players)}
        if self.trump is not None:
            self._read_tricks()

    # ------------------------------------------------------------ deductions

    def suit_of(self, card: Card) -> Suit | None:
        """The suit a card counts as: the trump suit for any trump."""
        return card.suit if self.trump is None else play_suit(self.rules, self.trump, card)

    def _read_tricks(self) -> None:
        trump = self.trump
        assert trump is not None
        rules = self.rules
        n = rules.players
        tricks = [*self.view.tricks, self.view.current_trick]
        if rules.play_rule == "trump-only":
            leader_wanted = self.view.bidder
            to_act = self.view.to_act
            for trick in tricks:
                # the lead passed over every seat from the one due to lead to the actual leader
                if leader_wanted is not None:
                    s = leader_wanted
                    while s != trick.leader:
                        self.void[s].add(trump)
                        s = left_of(s, n)
                # in a finished trick every seat that did not play was passed over; in the
                # current one, every seat between the leader and the seat to act
                if trick.winner is not None:
                    passed = list(round_from(trick.leader, n))
                elif trick.seats and to_act is not None:
                    passed = list(round_from(trick.leader, n))[: steps_left(trick.leader, to_act, n)]
                else:
                    passed = []
                for s in passed:
                    if s not in trick.seats:
                        self.void[s].add(trump)
                leader_wanted = trick.winner
            return
        for trick in tricks:
            if not trick.cards:
                continue
            led = self.suit_of(trick.cards[0])
            for card, who in zip(trick.cards[1:], trick.seats[1:], strict=True):
                suit = self.suit_of(card)
                if suit == led:
                    continue
                if led == trump:
                    if rules.trump_lead_must_follow:
                        self.void[who].add(trump)
                elif suit != trump and led is not None:
                    self.void[who].add(led)

    def possible(self, seat: int) -> list[Card]:
        """Cards ``seat`` might hold, as this seat knows: unseen, and of no suit it is known void in."""
        if seat == self.seat:
            return list(self.view.hand)
        void = self.void[seat]
        return [card for card in self.unseen if self.suit_of(card) not in void]

    def to_play_after(self) -> list[int]:
        """Seats still to play to the current trick after this seat (all others, when it leads)."""
        trick = self.view.current_trick
        n = self.rules.players
        leader = trick.seats[0] if trick.seats else self.seat
        return still_to_play(self.seat, leader, n)

    def partners(self) -> set[int]:
        """The seats this seat knows to be on its side (itself included)."""
        rules = self.rules
        if rules.call_partner:
            known = self.view.partner
            return {self.seat} | ({known} if known is not None else set())
        return {s for s in range(rules.players) if rules.teams[s] == rules.teams[self.seat]}

    # ----------------------------------------------------------------- tricks

    def beats(self, challenger: Card, best: Card, led: Suit | None) -> bool:
        """Whether ``challenger``, played after ``best``, takes the trick from it (ties stay with
        the first played: identical jokers)."""
        trump = self.trump
        assert trump is not None
        return beats(self.rules, trump, led, challenger, best)

    def trick_best(self) -> tuple[Card, int] | None:
        """The card winning the current trick so far, and who played it."""
        trick = self.view.current_trick
        if not trick.cards:
            return None
        led = self.suit_of(trick.cards[0])
        best, seat = trick.cards[0], trick.seats[0]
        for card, who in zip(trick.cards[1:], trick.seats[1:], strict=True):
            if self.beats(card, best, led):
                best, seat = card, who
        return best, seat

    def led(self, card: Card) -> Suit | None:
        """The suit led to the current trick (``card``'s own, if it would be the lead)."""
        trick = self.view.current_trick
        return self.suit_of(trick.cards[0] if trick.cards else card)

    def someone_after_beats(self, card: Card) -> bool:
        """Whether any seat still to play after this one might hold a card that beats ``card``."""
        led = self.led(card)
        return any(
            self.beats(other, card, led) for seat in self.to_play_after() for other in self.possible(seat)
        )

    def may_lose(self, card: Card) -> bool:
        """Whether ``card``, played now, might end in a trick the opponents take: our side's
        card would not be winning it, or an opponent still to play might hold a card beating it."""
        best = self.trick_best()
        led = self.led(card)
        mine = self.partners()
        if best is None or self.beats(card, best[0], led):
            winner, seat = card, self.seat
        else:
            winner, seat = best
        if seat not in mine:
            return True
        return any(
            self.beats(other, winner, led)
            for s in self.to_play_after()
            if s not in mine
            for other in self.possible(s)
        )

    # ----------------------------------------------------------------- points

    def capture_points(self, card: Card) -> int:
        """Points the card's capturer scores for it as a point card (never the holder's two)."""
        if self.trump is None:
            return 0
        table = self.rules.trump(self.trump)
        if table.scorers.get(card) != "capturer":
            return 0
        return table.points.get(card, 0)

    def may_count(self, card: Card) -> bool:
        """Whether whoever takes ``card`` might score anything by it: a point card, game points
        where Game is played, or a High or Low its capturer scores that it might turn out to be."""
        if self.capture_points(card):
            return True
        awards = self.rules.awards
        game = any(a.kind == "game" for a in awards)
        if game and game_points(card):
            return True
        trump = self.trump
        if trump is None or not self.rules.trump_rank(card, trump):
            return False
        rank = self.rules.trump_rank(card, trump)
        in_play = [self.rules.trump_rank(x, trump) for x in self.view.seen_cards()]
        for award in awards:
            if award.scorer != "capturer" or award.kind == "game":
                continue
            if award.kind == "high" and not any(r > rank for r in in_play):
                return True
            if award.kind == "low" and not any(0 < r < rank for r in in_play):
                return True
        return False

    def carries_points(self, card: Card) -> bool:
        """Whether the card carries points for anyone: its holder (the two) or its capturer."""
        if self.trump is not None and self.rules.trump(self.trump).points.get(card, 0):
            return True
        return self.may_count(card)

    def legal_cards(self) -> list[Card]:
        return [a.card for a in self.hand.legal_actions() if isinstance(a, Play)]


def _top_bid_keeps(hand: Hand, seat: int, bid: int) -> str | None:
    """Whether ``bid`` keeps the contract from the other side (:class:`~pitchlab.bots.claims.TopBidKeeps`):
    the seat may bid it now, nobody after it may bid more or take it at the same bid, only the
    bidding side can win, and the engine's win rule ends the game for the bidding side after
    the least a made ``bid`` can be (``bid`` points to the bidding side, the rest to the others)."""
    rules = hand.rules
    if hand.phase is not Phase.BID or Bid(bid) not in hand.legal_actions():
        return f"the seat may not bid {bid} here"
    if rules.max_bid != bid or (rules.moon_bid is not None and rules.moon_bid > bid):
        return f"a higher bid than {bid} is allowed"
    if rules.dealer_may_match and seat != hand.dealer:
        return f"the dealer may still take the bid at {bid}"
    if not only_the_bidder_wins(rules):
        return "a side that did not bid can win the game too"
    team = rules.teams[seat]
    teams = rules.num_teams
    points = tuple(
        bid if t == team else (rules.total_points - bid if t == (team + 1) % teams else 0)
        for t in range(teams)
    )
    before = list(hand.scores)
    after = [s + p for s, p in zip(before, points, strict=True)]
    made = HandResult(
        bidder=seat,
        bid=bid,
        trump=Suit.SPADES,
        points=points,
        captured=(),
        holder_points=(),
        made=True,
        score_change=points,
        bidding_team=team,
        side_points=bid,
    )
    return None if winner_after(rules, made, after) == team else f"a made {bid} does not win the game at once"


def check(hand: Hand, seat: int, claim: c.Claim, knowledge: Knowledge | None = None) -> str | None:
    """``None`` if ``claim`` holds in every deal ``seat`` cannot rule out, else why it does not.

    ``hand`` is the hand as it stands at the decision, before the action is applied.
    """
    k = knowledge or Knowledge(hand, seat)
    rules = hand.rules
    view = k.view
    match claim:
        case c.OnlyChoice():
            return None if len(hand.legal_actions()) == 1 else "more than one action is legal"
        case c.DealerStuck():
            stuck = (
                hand.phase is Phase.BID
                and seat == hand.dealer
                and not any(isinstance(a, Pass) for a in hand.legal_actions())
            )
            return None if stuck else "the dealer is not stuck"
        case c.PartnerBid(seat=bidder, bid=bid):
            if bidder == seat or hand.bidder != bidder or hand.high_bid != bid:
                return f"seat {bidder} does not hold the high bid of {bid}"
            if rules.call_partner or rules.teams[bidder] != rules.teams[seat]:
                return f"seat {bidder} is not this seat's partner"
            return None
        case c.HighBid(bid=bid):
            return None if hand.high_bid == bid else f"the high bid is {hand.high_bid}, not {bid}"
        case c.HandHolds(suit=suit, cards=cards, points=points):
            held = sorted(x for x in view.hand if rules.is_trump(x, suit))
            if held != sorted(cards):
                return f"the hand's {suit.letter} trump are {held}, not {sorted(cards)}"
            table = rules.trump(suit)
            real = sum(table.points.get(x, 0) for x in held)
            return None if real == points else f"they carry {real} points, not {points}"
        case c.BidWinsGame(bid=bid, score=score, target=target):
            team = rules.teams[seat]
            if rules.target != target or hand.scores[team] != score:
                return "the score or the target is misquoted"
            return None if score + bid >= target else f"{score} + {bid} falls short of {target}"
        case c.TopBidKeeps(bid=bid):
            return _top_bid_keeps(hand, seat, bid)
        case c.Estimate(value=value, unit=unit, interval=interval):
            top = 100.0 if unit == "percent" else float(rules.max_bid if rules.max_bid else 100)
            if not -top <= value <= 100 * top:
                return f"{value} is no possible {unit} figure"
            # an interval holds its figure, and a chance's interval lies between 0 and 100%
            low, high = (0.0, 100.0) if unit == "percent" else (-top, 100 * top)
            if interval is not None and not low <= interval[0] <= value <= interval[1] <= high:
                return f"the interval {interval} does not hold {value} inside what a {unit} figure can be"
            return None
        case c.OutOf(seat=other, suit=suit, trump=is_trump):
            if is_trump and suit != k.trump:
                return "the suit named is not trump"
            holdable = [x for x in k.possible(other) if k.suit_of(x) == suit]
            return None if not holdable else f"seat {other} may still hold {holdable[0].label}"
        case c.Winning(seat=who, card=card):
            best = k.trick_best()
            return None if best == (card, who) else f"the trick's best card is {best}"
        case c.WinsForSure(seat=who, card=card):
            best = k.trick_best()
            if best != (card, who):
                return f"{card.label} is not winning the trick"
            if k.someone_after_beats(card):
                return f"a seat still to play might beat {card.label}"
            return None
        case c.Unbeatable(card=card, twin=twin):
            if card not in view.hand:
                return f"{card.label} is not in the hand"
            best = k.trick_best()
            if best is not None and not k.beats(card, best[0], k.led(card)):
                return f"{card.label} does not beat {best[0].label}"
            if k.someone_after_beats(card):
                return f"a card still out might beat {card.label}"
            if twin and (k.trump is None or card not in k.unseen or rules.trump_rank(card, k.trump) == 0):
                return f"no identical twin of {card.label} is still out"
            return None
        case c.Beats(card=card, best=beaten):
            best = k.trick_best()
            if best is None or best[0] != beaten:
                return f"{beaten.label} is not the best card in the trick"
            if card not in k.legal_cards():
                return f"{card.label} may not be played now"
            return (
                None if k.beats(card, beaten, k.led(card)) else f"{card.label} does not beat {beaten.label}"
            )
        case c.CannotWin(card=card):
            best = k.trick_best()
            if best is None or best[0] != card:
                return f"{card.label} is not the best card in the trick"
            led = k.led(card)
            if any(k.beats(x, card, led) for x in k.legal_cards()):
                return f"a playable card beats {card.label}"
            return None
        case c.TrickPoints(cards=named, points=said):
            pointed = [x for x in view.current_trick.cards if k.capture_points(x)]
            total = sum(k.capture_points(x) for x in pointed)
            if sorted(pointed) != sorted(named) or total != said:
                return f"the trick's point cards are {pointed} worth {total}"
            return None
        case c.HolderScores(card=card):
            if k.trump is None:
                return "no trump yet"
            table = rules.trump(k.trump)
            ok = table.scorers.get(card) == "holder" and table.points.get(card, 0) > 0
            return None if ok else f"{card.label} is not scored by its holder"
        case c.NoPoints(card=card):
            return f"{card.label} may count for its taker" if k.may_count(card) else None
        case c.AllCarryPoints():
            bare = [x for x in k.legal_cards() if not k.carries_points(x)]
            return None if not bare else f"{bare[0].label} carries no points"
        case c.NoOpponentAfter():
            mine = k.partners()
            trump = k.trump
            threats = [
                s
                for s in k.to_play_after()
                if s not in mine and (rules.play_rule != "trump-only" or trump not in k.void[s])
            ]
            return None if not threats else f"seat {threats[0]} may still play to this trick"
        case c.Contest(card=card, award=award):
            if k.trump is None:
                return "no trump yet"
            rank = rules.trump_rank(card, k.trump)
            ranks = [rules.trump_rank(x, k.trump) for x in rules.deck]
            beyond = [r for r in ranks if r and (r > rank if award == "high" else r < rank)]
            if not rank or beyond:
                return f"{card.label} is not sure to be {award}"
            return None
        case c.Void(suit=suit):
            held = [x for x in view.hand if k.suit_of(x) == suit]
            return None if not held else f"the hand holds {held[0].label}"
        case c.CalledPartner(seat=holder, card=card):
            if hand.called != card or hand.partner != holder:
                return f"seat {holder} does not hold the called {card.label}"
            knows = holder in (seat, view.partner)
            return None if knows else "this seat cannot know who holds the called card"
        case c.TrickGame(cards=named, pips=said):
            if not any(a.kind == "game" for a in rules.awards):
                return "Game is not played"
            counting = [x for x in view.current_trick.cards if game_points(x)]
            total = sum(game_points(x) for x in counting)
            if sorted(counting) != sorted(named) or total != said:
                return f"the trick's counting cards are {counting} worth {total} game points"
            return None
        case c.EquallyGood(cards=cards, tolerance=tolerance):
            legal = k.legal_cards()
            if len(set(cards)) < 2 or len(set(cards)) != len(cards):
                return "an equal choice needs two or more different cards"
            strangers = [x for x in cards if x not in legal]
            if strangers:
                return f"{strangers[0].label} is not a legal play now"
            risky = [x for x in cards if k.capture_points(x) and k.may_lose(x)]
            if risky:
                return f"{risky[0].label} may give its points to the opponents: not as good as a card that cannot"
            return None if 0 <= tolerance <= EQUAL_TOLERANCE else f"{tolerance} points apart is not equal"
    return f"no check for claims of kind {claim.kind!r}"


def false_claims(hand: Hand, seat: int, found: Sequence[c.Claim]) -> list[tuple[c.Claim, str]]:
    """The claims among ``found`` that do not hold, each with the reason."""
    knowledge = Knowledge(hand, seat)
    wrong = []
    for claim in found:
        problem = check(hand, seat, claim, knowledge)
        if problem is not None:
            wrong.append((claim, problem))
    return wrong
