"""A table for one learner: a human seat, bots in the others, and a log of what happened.

This is the controller behind the tutorial and the app, kept free of widgets
so that everything a page does can be tested in plain Python. It never raises
on bad input from the page: a refused action leaves the game as it was and
sets :attr:`Table.message`, which the page shows.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pitchlab.bots.players import BiddingStyle, Player, RandomPlayer, RuleBasedPlayer
from pitchlab.engine.actions import Action, Bid, Bury, Call, Discard, NameTrump, Pass, Play, ThrowIn
from pitchlab.engine.errors import IllegalAction, PitchError
from pitchlab.engine.game import Game
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.record import dumps, dumps_game, loads
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.saves import open_game, save_view, seal_game
from pitchlab.engine.scoring import HandResult
from pitchlab.engine.seats import steps_left
from pitchlab.ui.plain import refusal_words

if TYPE_CHECKING:
    from pitchlab.bots.advice import Advice

BIDDING_STYLES: dict[BiddingStyle, tuple[str, str]] = {
    "ladder": (
        "by the strength of the hand",
        "each bot bids what its cards should take in points, as most tables bid: "
        "a strong hand bids high, a weak one passes, whatever the score.",
    ),
    "game": (
        "to win the game",
        "each bot weighs every bid by its chance of winning the game from the score, as the "
        "bots' own games measured it. Where only the bidding side can win and a made 10 wins "
        "at once, as in ten-point, that is a 10 on nearly every hand: it keeps the bid, and the "
        "game, from the other side.",
    ),
}
"""The ways the table's bots may bid, as a learner chooses them: a name and what it means."""
DEFAULT_BIDDING: BiddingStyle = "ladder"
"""A first game's bots bid by the strength of the hand: each bid then says what the cards are
worth, which a new player can learn from; bidding to win the game is a choice for later."""

SEAT_NAMES = ("You", "West", "Partner", "East")
"""Seat 0 is the learner; play goes clockwise: West, then the partner across, then East."""
AROUND = {2: ("You", "Opponent"), 3: ("You", "West", "East"), 4: ("You", "West", "North", "East")}
"""Names by place clockwise from the learner, for tables of two to four; larger tables number their seats."""


def seat_name(seat: int, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """A friendly name for a seat, seen from the learner's chair.

    Without ``rules`` the table is ten-point's: four seats, partners across.
    With them, the names follow its seats and partnerships: the player across
    is "Partner" only if on the learner's team, and tables of five or more
    say "Seat 3".
    """
    if human is None:
        return f"Seat {seat}"
    if rules is None:
        return SEAT_NAMES[steps_left(human, seat, 4)]
    n = rules.players
    place = steps_left(human, seat, n)
    if n == 4 and place == 2 and rules.teams[seat] == rules.teams[human]:
        return "Partner"
    if n in AROUND:
        return AROUND[n][place]
    return "You" if place == 0 else f"Seat {seat}"


@dataclass(frozen=True)
class Event:
    """One line of the step log: who did what, and why (bots explain themselves).

    A bot's reason comes in two forms (see :class:`~pitchlab.bots.players.Decision`):
    ``said``, what the seat may tell the table while the hand is on, with ``more``
    a click away; and ``why``, its full reasoning with the cards in its hand, for
    once the hand is over (:meth:`Table.reason` picks).
    """

    seat: int | None
    text: str
    why: str = ""
    said: str = ""
    more: tuple[str, ...] = ()
    deal: int = 0
    """Which deal of the table's the line belongs to (:attr:`Table.deals`)."""


def refusal(apply: Callable[[], object], hand: Hand, human: int = 0) -> str:
    """Run an engine call the learner at ``human`` made from a page on ``hand``; ``""`` if it
    went through, else what the page shows: the app's plain words (:func:`refusal_words`), never
    the engine's programmer wording. The engine leaves its state unchanged on refusal."""
    try:
        apply()
    except IllegalAction as exc:
        return refusal_words(exc, lambda seat: seat_name(seat, human, hand.rules))
    return ""


_PLAIN = {"buries": "bury", "passes": "pass", "throws": "throw", "does": "do", "has": "have"}


def verb(name: str, *clauses: str) -> str:
    """Agree verbs with their subject: ``verb("You", "plays 3♥")`` is ``You play 3♥``.

    Several clauses are joined with "and", each verb agreeing. A subject that
    is several people ("You and Partner", "West and East") takes the plural too.
    """
    if name != "You" and " and " not in name:
        return f"{name} {' and '.join(clauses)}"
    return f"{name} {' and '.join(_plain(clause) for clause in clauses)}"


def plural(n: int, word: str) -> str:
    """A count and its noun, agreeing: ``1 point``, ``4 points`` (a regular plural only)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _plain(clause: str) -> str:
    """A third-person clause with its verb in the plain form: ``plays 3♥`` is ``play 3♥``."""
    first, _, rest = clause.partition(" ")
    word = _PLAIN.get(first, first.removesuffix("s"))
    return f"{word} {rest}".rstrip()


def imperative(action: Action, rules: Ruleset | None = None) -> str:
    """An action as advice to the player who takes it: ``Bid 5``, ``Play 10♥``,
    ``Throw away 7♣ 4♦ and draw 2`` (the cards named: the advice is for their holder)."""
    said = " and ".join(_plain(clause) for clause in clauses(action, rules))
    return said[:1].upper() + said[1:]


def is_moon(action: Action, rules: Ruleset | None) -> bool:
    """Whether ``action`` is a moon bid of ``rules`` (a bid of its ``moon_bid``, if it has one)."""
    moon = getattr(rules, "moon_bid", None)
    return isinstance(action, Bid) and moon is not None and action.value == moon


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def clauses(action: Action, rules: Ruleset | None = None, *, public: bool = False) -> tuple[str, ...]:
    """An action in words, as clauses with their verbs in the third person (see :func:`verb`).

    ``public`` words it as the rest of the table sees it: a discard says how
    many cards, never which.
    """
    if isinstance(action, Pass):
        return ("passes",)
    if isinstance(action, Bid):
        return ("shoots the moon",) if is_moon(action, rules) else (f"bids {action.value}",)
    if isinstance(action, NameTrump):
        return (f"names {action.suit.symbol} {action.suit.name.lower()} as trump",)
    if isinstance(action, Bury):
        return (f"buries {action.card.label}",)
    if isinstance(action, Play):
        return (f"plays {action.card.label}",)
    if isinstance(action, Discard):
        n = len(action.cards)
        if not n:
            return ("keeps every card",)
        what = _plural(n, "card") if public else " ".join(c.label for c in action.cards)
        return (f"throws away {what}", f"draws {n}")
    if isinstance(action, Call):
        return (f"calls {action.card.label}: whoever holds it is the bidder's partner this hand",)
    if isinstance(action, ThrowIn):
        return ("throws in the hand for a new deal",)
    return (f"chooses {action}",)


def describe(action: Action, rules: Ruleset | None = None, *, public: bool = False) -> str:
    """An action in words: ``bids 5``, ``passes``, ``names ♥ hearts as trump``, ``plays 10♥``."""
    return " and ".join(clauses(action, rules, public=public))


def bid_text(value: int, rules: Ruleset | None = None) -> str:
    """A bid as the table shows it: the number, or "Moon" for a moon bid."""
    return "Moon" if is_moon(Bid(value), rules) else str(value)


def bid_labels(hand: Hand) -> list[str]:
    """Each seat's bid as the table shows it beside the seat: the bid, "pass", or nothing yet."""
    labels = [""] * hand.rules.players
    for position, value in enumerate(hand.bids):
        labels[hand.seat_at(position)] = bid_text(value, hand.rules) if value else "pass"
    return labels


def contract_text(who: str, result: HandResult, rules: Ruleset | None = None) -> str:
    """The bidder and its contract, ``You made the bid of 5``; without an auction (simple
    Pitch) nobody bid and nobody can be set, so only who pitched: ``You pitched``."""
    if rules is not None and not rules.auction:
        return f"{who} pitched"
    verdict = "made" if result.made else "went set on"
    return f"{who} {verdict} the bid of {bid_text(result.bid, rules)}"


def result_of(hand: Hand) -> HandResult | None:
    """The score of a finished hand, or ``None`` if it has none (a hand thrown in)."""
    if not hand.is_over:
        return None
    try:
        return hand.result()
    except PitchError:
        return None


class Table:
    """A whole game for one learner at ``human`` (``None``: bots in every seat).

    Bots act one at a time through :meth:`advance`, so a page can step
    through the table with a "next" button and show each bot's reason.
    :meth:`set_rules` starts a new game under another ruleset; every text
    the table writes follows the ruleset's seats, teams and phases.
    """

    def __init__(
        self,
        human: int | None = 0,
        bots: Sequence[Player] | None = None,
        rules: Ruleset = TEN_POINT,
        seed: int | None = None,
        bidding: BiddingStyle = DEFAULT_BIDDING,
    ) -> None:
        self.human = human
        self.bidding = bidding
        """How the bots bid, and the hints' bids with them (see :data:`BIDDING_STYLES`)."""
        self.auto = False
        """Whether the page lets the bots play on by themselves (a pace other than Next)."""
        self.take_backs = True
        """Whether the learner may take back their last decision (off while a class experiment
        records the hands: a taken-back card would make the class's numbers untrue)."""
        self._undo: _Undo | None = None
        self._chosen_bots = list(bots) if bots is not None else None
        self.bot_trouble: list[str] = []
        """What went wrong each time a bot could not decide (a random legal action stood in)."""
        self._sealed: tuple[tuple[str, int | None], str] | None = None
        """The last game saved (plain, with the learner's seat) and its sealed save: sealed
        again only when they change, so a step that changes nothing writes nothing new."""
        self._set_rules(rules)
        self.new_game(seed)

    def _set_rules(self, rules: Ruleset) -> None:
        self.rules = rules
        chosen = self._chosen_bots
        self.bots: list[Player] = (
            chosen
            if chosen is not None and len(chosen) == rules.players
            else [RuleBasedPlayer(self.bidding)] * rules.players
        )
        self._fallback = RandomPlayer(0)

    def set_bidding(self, style: str) -> None:
        """Let the bots bid another way from their next bid on (the game goes on); a style
        that is not one of :data:`BIDDING_STYLES` is refused in a message and changes nothing."""
        chosen = next((known for known in BIDDING_STYLES if known == style), None)
        if chosen is None:
            self.message = f"There is no way of bidding called {style[:30]!r}: the bots bid as before."
            return
        if chosen == self.bidding:
            return
        self.bidding = chosen
        self._set_rules(self.rules)
        self.log.append(Event(None, f"From now on the bots bid {BIDDING_STYLES[self.bidding][0]}."))

    def set_rules(self, rules: Ruleset, seed: int | None = None) -> None:
        """Play another ruleset: a new game from 0, with bots for its number of seats."""
        if self.human is not None and self.human >= rules.players:
            self.human = 0
        self._set_rules(rules)
        self.new_game(seed)

    def new_game(self, seed: int | None = None) -> None:
        """Start again from 0-0, from ``seed`` (a fresh one if not given)."""
        self.seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        self.game = Game(self.rules, first_dealer=self.rules.players - 1, seed=self.seed)
        self.log: list[Event] = []
        self.message = ""
        self.last: Event | None = None
        """The newest move with a reason, for the Why? panel."""
        self.deals = 0
        """Deals so far (a hand thrown in and dealt again counts again): the log's lines know theirs."""
        self._finished: set[int] = set()
        """The deals played to their end: only their lines give the bots' full reasoning (a hand
        left for a loaded record never ends, so its bots' cards stay hidden)."""
        self._logged: Hand | None = None
        self._undo = None
        self._dealt: list[Hand] = []
        """The hands dealt at this table in this session (not loaded from a record or a save)."""
        self._log_deal()

    # ------------------------------------------------------------------ state

    @property
    def hand(self) -> Hand:
        return self.game.hand

    def name(self, seat: int) -> str:
        return seat_name(seat, self.human, self.rules)

    @property
    def solo(self) -> bool:
        """Whether everyone plays for themself: the score is kept per player."""
        return self.rules.num_teams == self.rules.players

    @property
    def human_to_act(self) -> bool:
        return self.human is not None and self.hand.to_act == self.human

    @property
    def bot_to_act(self) -> bool:
        return self.hand.to_act is not None and not self.human_to_act

    def hint(self) -> Advice:
        """What the strongest bot that answers within about a second would do in the
        learner's seat now, seeing only what the learner sees (see :mod:`pitchlab.bots.advice`).

        Any decision gets a hint: a bid, a throw-in, trump, a discard, a bury, a call,
        a card. Raises :class:`PitchError` with a sentence for the page when it is not
        the learner's turn, or when no bot has a rule for the position (as :meth:`advance`
        does, a bot's failure never escapes into the page). Seeded by the position, so
        asking twice gives the same hint.
        """
        from pitchlab.bots.advice import advise  # the solver loads when a hint is first asked, not before

        if self.human is None or not self.human_to_act:
            why = "the hand is over" if self.hand.is_over else f"it is not your turn: {self.bots_go_on()}"
            raise PitchError(f"Hints are for your turn to decide; {why}.")
        try:
            return advise(self.hand, seed=self.seed + len(self.log), bidding=self.bidding)
        except PitchError:
            raise
        except Exception as exc:  # a bot with no rule for this: said in the page, the game goes on
            raise PitchError(
                f"No hint here: the bot has no rule for this ({type(exc).__name__}: {exc})."
            ) from exc

    def legal(self) -> tuple[Action, ...]:
        """What the learner may do now (nothing when it is not their turn)."""
        return self.hand.legal_actions() if self.human_to_act else ()

    def status(self) -> str:
        """One line saying what happens next."""
        hand = self.hand
        if self.game.winner is not None:
            winner = self.game.winner
            others = " to ".join(str(x) for t, x in enumerate(self.game.scores) if t != winner)
            return (
                f"Game over: {verb(self.team_name(winner), 'wins')}, {self.game.scores[winner]} to {others}."
            )
        if hand.is_over:
            result = result_of(hand)
            if result is None:
                void = getattr(hand, "redeal", None) or "no score this hand"
                return f"Hand over: {void}. Press New hand: the same dealer deals again."
            return (
                f"Hand over: {contract_text(self.name(result.bidder), result, self.rules)} "
                f"({self.points_text(result.points)}). Press New hand."
            )
        seat = hand.to_act
        assert seat is not None
        if self.human_to_act:
            return f"Your turn: {self.prompt()}."
        return f"{self.name(seat)} to {hand.phase}: {self.bots_go_on()}."

    def prompt(self) -> str:
        """What the learner is asked to do, from the actions open to them."""
        legal = self.legal()
        kinds = {type(a) for a in legal}
        rules, hand = self.rules, self.hand
        asks = []
        if kinds & {Bid, Pass}:
            bids = [a for a in legal if isinstance(a, Bid)]
            if len(bids) == 1 and Pass not in kinds:
                asks.append(f"everyone else passed, so you must bid {bid_text(bids[0].value, rules)}")
            else:
                asks.append("bid or pass")
        if NameTrump in kinds:
            asks.append("name the trump suit")
        if Bury in kinds:
            asks.append(f"choose a trump to bury (you hold more than {rules.keep_trump})")
        if Play in kinds:
            if rules.play_rule == "trump-only":
                asks.append("play a trump")
            elif hand.trump is None:
                asks.append("lead a card: its suit becomes trump")
            elif hand.current_trick.cards:
                asks.append("play a card (follow suit or trump if you can)")
            else:
                asks.append("lead a card")
        if Discard in kinds:
            asks.append("click the cards to throw away, then press Discard")
        if Call in kinds:
            asks.append("call a card: whoever holds it is your partner this hand")
        known = {Bid, Pass, NameTrump, Bury, Play, Discard, Call, ThrowIn}
        if kinds - known:
            asks.append("choose one of the buttons")
        if ThrowIn in kinds:
            asks.append("or throw in your hand for a new deal")
        return ", ".join(asks) if asks else f"the hand is in the {hand.phase} phase"

    def team_name(self, team: int) -> str:
        """The seats of a team by name ("You and Partner"), or one player's name when solo."""
        seats = [s for s in range(self.rules.players) if self.rules.teams[s] == team]
        if self.human is None:
            return f"Seat {seats[0]}" if len(seats) == 1 else f"Team {team}"
        if self.human in seats:
            seats.remove(self.human)
            seats.insert(0, self.human)
        return " and ".join(self.name(s) for s in seats)

    def points_text(self, points: Sequence[int]) -> str:
        """Points by team: "6-4" for two teams, else each named."""
        if len(points) == 2:
            return "-".join(str(p) for p in points)
        return ", ".join(f"{self.team_name(t)} {p}" for t, p in enumerate(points))

    def score_text(self) -> str:
        return " to ".join(str(s) for s in self.game.scores)

    def awards_text(self, result: HandResult) -> str:
        """Who won each award of a finished hand: "High: You, Low: West, Game: nobody"."""
        return ", ".join(
            f"{kind.title()}: {'nobody' if team is None else self.team_name(team)}"
            for kind, team in result.awards
        )

    # ---------------------------------------------------------------- actions

    def act(self, action: Action) -> bool:
        """The learner's action; on refusal, :attr:`message` says why and nothing changes."""
        if self.human is None or not self.human_to_act:
            self.message = self.not_your_turn()
            return False
        before = _Undo(self.hand, self.hand.copy(), len(self.log), self.last, "")
        try:
            event = self._apply(self.human, action, "")
        except IllegalAction as exc:  # the engine left the hand as it was
            self.message = refusal_words(exc, self.name)
            return False
        self._undo = replace(before, text=event.text)
        self.message = ""
        return True

    @property
    def can_take_back(self) -> bool:
        """Whether the learner's last decision may be taken back now: take-backs are on, and the
        hand it was made in is still being played (a finished hand is scored and stays)."""
        undo = self._undo
        return self.take_backs and undo is not None and undo.live is self.hand and not self.hand.is_over

    def take_back(self) -> bool:
        """Undo the learner's last decision in this hand, and the bots' moves after it: the hand
        is as it was just before, and the history says what was taken back."""
        undo = self._undo
        if undo is None or not self.can_take_back:
            self.message = (
                "Take-backs are off here: your class's experiment counts every move."
                if not self.take_backs
                else "There is no move of yours to take back in this hand."
            )
            return False
        undone = sum(1 for event in self.log[undo.log_length + 1 :] if event.seat is not None)  # the bots'
        after = f" and the {_plural(undone, 'move')} after it" if undone > 0 else ""
        self.game.hand = self._logged = undo.hand
        self.log = self.log[: undo.log_length]
        self.log.append(Event(None, f"Taken back: {undo.text}{after}.", deal=self.deals))
        self.last = undo.last
        self._undo = None
        self.message = ""  # the history says what was taken back; the message line is for refusals
        return True

    def not_your_turn(self) -> str:
        """What the page says to a learner who acts when it is not their turn: the way on
        that the page offers now (Next only while a bot is to act; it is disabled otherwise)."""
        if self.game.winner is not None:
            return "The game is over: press New game to play again."
        if self.hand.is_over:
            return "The hand is over: press New hand to deal the next one."
        return f"It is not your turn: {self.bots_go_on()}."

    def bots_go_on(self) -> str:
        """How the bots' moves come, in the words of the pace the page has set (:attr:`auto`)."""
        if self.auto:
            return "the bots play on by themselves until it is your turn"
        return "press Next to see what they do"

    def over(self, event: Event) -> bool:
        """Whether the hand ``event`` belongs to was played to its end: its full reasoning may
        then be shown."""
        return event.deal in self._finished

    def reason(self, event: Event) -> str:
        """A move's reason as the table may show it now: what the seat said while its hand is
        on, its full reasoning, own cards and all, once the hand is over. The learner's own
        moves carry none."""
        return event.why if self.over(event) else event.said

    @property
    def last_why(self) -> str:
        """The Why? panel's first line: the newest move with a reason, and what its seat said,
        in one short sentence; ``""`` before any. The rest is a click away (:meth:`why_more`)."""
        event = self.last
        if event is None:
            return ""
        return f"{event.text}: {event.said}" if event.said else event.text

    def why_more(self) -> tuple[str, tuple[str, ...]]:
        """What the Why? panel keeps a click away, with its label: the rest of what the seat
        said while the hand is on; its full reasoning, own cards and all, once it is over."""
        event = self.last
        if event is None:
            return "", ()
        if self.over(event):
            return "Full reasoning (the hand is over)", (event.why,)
        return "More", event.more

    def advance(self) -> Event | None:
        """Let the bot whose turn it is take one action; ``None`` if no bot is to act.

        A bot that cannot decide (a ruleset it has no rule for yet) does not
        stop the game: a random legal action stands in, the why-panel says so,
        and :attr:`bot_trouble` keeps what went wrong.
        """
        if not self.bot_to_act:
            self.message = "Your turn." if self.human_to_act else self.not_your_turn()
            return None
        seat = self.hand.to_act
        assert seat is not None
        view = self.hand.view(seat)
        try:
            decision = self.bots[seat].decide(view)
            self.hand.encode(decision.action, seat)  # refused (and nothing changed) if illegal
        except Exception as exc:  # a bot's failure must not stop the learner's game
            trouble = f"{type(exc).__name__}: {exc}"
            self.bot_trouble.append(trouble)
            stand_in = self._fallback.decide(view)
            no_rule = "the bot had no rule for this"
            return self._apply(
                seat,
                stand_in.action,
                f"{no_rule} ({trouble}), so it {stand_in.why}",
                f"{no_rule}, so it {stand_in.said}",
            )
        return self._apply(seat, decision.action, decision.why, decision.said, decision.more)

    def run_bots(self, limit: int = 200) -> list[Event]:
        """Let bots act until the learner is to act or the hand ends."""
        events: list[Event] = []
        while self.bot_to_act and len(events) < limit:
            event = self.advance()
            assert event is not None
            events.append(event)
        return events

    def _apply(
        self, seat: int, action: Action, why: str, said: str = "", more: tuple[str, ...] = ()
    ) -> Event:
        was_naming = self.hand.phase is Phase.NAME_TRUMP
        hand = self.hand
        tricks = len(hand.tricks)
        self.game.apply(action, seat)
        public = seat != self.human
        text = verb(self.name(seat), *clauses(action, self.rules, public=public))
        event = Event(seat, text, why, said, more, self.deals)
        self.log.append(event)
        self.message = ""
        if why:
            self.last = event
        if was_naming:
            self._log_refill()
        if isinstance(action, ThrowIn):
            for shown_seat, mask in getattr(hand, "thrown_in", ()):
                if shown_seat == seat:
                    cards = " ".join(c.label for c in hand.cards(mask))
                    self.log.append(Event(seat, verb(self.name(seat), f"shows {cards}")))
        if len(hand.tricks) > tricks:
            winner = hand.tricks[-1].winner
            if winner is not None:
                self.log.append(Event(None, verb(self.name(winner), "wins the trick") + "."))
        if self.hand is not hand:  # the game dealt again (a hand thrown in)
            self._finished.add(self.deals)
            self._log_deal()
        elif self.hand.is_over:
            self._log_result()
        return event

    def new_hand(self) -> bool:
        """Deal the next hand once this one is over."""
        try:
            self.game.next_hand()
        except IllegalAction as exc:
            self.message = refusal_words(exc, self.name)
            return False
        self.message = ""  # a refusal from the last hand no longer applies
        self.last = None
        self._undo = None
        self._log_deal()
        return True

    # ---------------------------------------------------------------- records

    def record(self) -> str:
        """The current hand as a hand record (JSON text)."""
        return dumps(self.hand)

    @property
    def hand_saveable(self) -> bool:
        """Whether the hand's record may be given to the learner now (see :meth:`saved_hand`)."""
        return self.human is None or self.hand.is_over

    def saved_hand(self) -> str | None:
        """The hand's record for the learner to keep, or ``None`` (and :attr:`message` says why)
        while a learner's hand is still being played: a record holds every seat's cards and
        the stock, which the learner must not see before the hand is over."""
        if not self.hand_saveable:
            self.message = (
                "Save hand keeps a finished hand (its record shows every seat's cards); "
                "to keep this game as it is, press Save game."
            )
            return None
        return self.record()

    def load(self, text: str) -> bool:
        """Continue from a hand record (a complete hand or a position); the scores stay."""
        try:
            hand = loads(text)
        except PitchError as exc:
            self.message = f"Could not load that record: {exc}"
            return False
        if hand.rules != self.rules:
            self.message = (
                f"That record is for {hand.rules.name}; this table plays {self.rules.name} "
                "(choose the record's ruleset first)."
            )
            return False
        self.game.hand = hand
        self.game.score_if_over()
        self._logged = hand
        self.deals += 1  # the record's hand is another deal: the one left never ends
        dealer = self.name(hand.dealer)
        self.log.append(Event(None, f"Loaded a hand record: dealer {dealer}, {hand.phase} phase."))
        self.message = "Hand record loaded."
        return True

    def saved_game(self) -> str:
        """The game so far as a sealed save (``pitchlab-save/1``): what the page keeps in the
        browser and offers as a download, resumable here but unreadable there beyond what the
        learner's seat sees (see :mod:`pitchlab.engine.saves`). Sealed afresh only when the game changed."""
        plain = (dumps_game(self.game), self.human)
        if self._sealed is None or self._sealed[0] != plain:
            self._sealed = (plain, seal_game(self.game, self.human))
        return self._sealed[1]

    def saved_summary(self, text: str) -> str:
        """What a saved game holds, in a few words for the resume offer: ``ten-point, hand 3,
        score 12 to 8``. Raises :class:`PitchError` (one line) for a save that cannot be resumed."""
        view = save_view(open_game(text), None)
        scores = " to ".join(str(s) for s in view["scores"])
        return f"{view['ruleset']}, hand {view['hand']}, score {scores}"

    def restore_game(self, text: str) -> None:
        """Go on with a saved game, sealed or plain, exactly where it stopped (raises
        :class:`PitchError` if unusable: the table is then unchanged)."""
        game = open_game(text)
        if self.human is not None and self.human >= game.rules.players:
            self.human = 0
        self._set_rules(game.rules)
        self.game = game
        self.log = [Event(None, f"Game resumed: {len(game.history)} hands played, {self.hand.phase} phase.")]
        self._logged = self.hand
        self.deals += 1  # a deal of its own: lines from here on are the resumed hand's
        self.message = "Your saved game is back, exactly where you left it."
        self.last = None
        self._undo = None

    # ------------------------------------------------------------------- log

    def dealt_here(self, hand: Hand) -> bool:
        """Whether ``hand`` was dealt at this table in this session, so every decision in it was
        made here: not a hand record loaded, nor a saved game resumed (whose play happened
        elsewhere, by anyone, bots included). Only such a hand's review may go to a class."""
        return any(dealt is hand for dealt in self._dealt)

    def _log_deal(self) -> None:
        self._logged = self.hand
        self._dealt.append(self.hand)
        self.deals += 1
        dealt = verb(self.name(self.hand.dealer), f"deals {self.rules.hand_size} cards each")
        self.log.append(Event(None, f"New hand: {dealt}."))
        if self.hand.is_over:  # a deal void from the start (a junk hand)
            self._log_result()

    def _log_refill(self) -> None:
        for refill in self.hand.refills:
            who = self.name(refill.seat)
            if refill.from_remainder:
                if not refill.drawn:
                    continue
                text = verb(who, f"takes the last {len(refill.drawn)} cards of the stock", "keeps the trump")
            else:
                text = verb(who, f"throws away {len(refill.thrown)}", f"draws {len(refill.drawn)}")
            self.log.append(Event(refill.seat, text))

    def _log_result(self) -> None:
        self._finished.add(self.deals)
        result = result_of(self.hand)
        if result is None:
            void = getattr(self.hand, "redeal", None) or "no score"
            self.log.append(Event(None, f"The hand is over: {void}."))
            return
        points = "-".join(str(p) for p in result.points)
        awards = f" ({self.awards_text(result)})" if result.awards else ""
        self.log.append(
            Event(
                None,
                f"{contract_text(self.name(result.bidder), result, self.rules)}: points {points}{awards}, "
                f"score {self.score_text()}",
            )
        )


@dataclass(frozen=True)
class _Undo:
    """What a take-back restores: the hand ``live`` was just before the learner's decision
    (``hand``, a copy), the history's length and the Why? panel's move then, and the decision's
    words (``text``) for the history's line."""

    live: Hand
    hand: Hand
    log_length: int
    last: Event | None
    text: str


def why_lines(
    rules: Ruleset = TEN_POINT, hands: int = 20, seed: int = 0, bots: Sequence[Player] | None = None
) -> list[str]:
    """The Why? panel's first line after every bot move of ``hands`` hands of self-play at the
    app's table (the app's bots unless ``bots`` are given), as the panel shows it mid-hand:
    the move and what its seat told the table. Each game goes on from its score; a game won
    starts another from ``seed`` plus one."""
    table = Table(human=None, bots=bots, rules=rules, seed=seed)
    lines: list[str] = []
    for _ in range(hands):
        while table.bot_to_act:
            table.advance()
            lines.append(table.last_why)
        if table.game.winner is not None:
            table.new_game(table.seed + 1)
        elif not table.new_hand():
            raise PitchError(f"no new hand could be dealt: {table.message}")
    return lines


def reason_words_median(
    rules: Ruleset = TEN_POINT, hands: int = 20, seed: int = 0, bots: Sequence[Player] | None = None
) -> float:
    """The median length in words of the Why? panel's first line over the bot moves of
    ``hands`` hands (:func:`why_lines`): the figure the panel is held to, at most about
    :data:`~pitchlab.bots.claims.SHORT_WORDS`."""
    from pitchlab.bots.claims import word_count

    return statistics.median(word_count(line) for line in why_lines(rules, hands, seed, bots))
