"""Tutorial pages 05-08: the refill, the bury, the play and the score, as widgets and plots.

Each page class keeps an engine object (a :class:`~pitchlab.hand.Hand` or a
:class:`~pitchlab.game.Game`) and renders from it; its buttons only call the
engine and then redraw. Every page has a ``.widget`` and shows itself as that
widget in Jupyter and Voilà. A refused click shows a message in the page
(``pl-message``) and changes nothing.

The constructed deals the pages use (:func:`stock_runs_out_hand`,
:func:`bury_hand`) are plain functions, so the tests can check the numbers a
page shows against numbers worked out by hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from pitchlab import drawing, plots
from pitchlab.actions import Action, Bid, Bury, NameTrump, Pass, Play
from pitchlab.cards import Card, Suit, parse_cards
from pitchlab.errors import PitchError
from pitchlab.game import Game, winner_after
from pitchlab.hand import Hand, HandResult, Phase, Trick
from pitchlab.players import Decision, Player, RuleBasedPlayer
from pitchlab.rules import TEN_POINT, Ruleset
from pitchlab.session import bid_text, contract_text, describe, refusal, result_of, seat_name
from pitchlab.widgets import HandView, View, classed, replace_children, sort_cards, style

PAGE_CSS = """
<style>
.pl-lesson { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.pl-lesson .pl-row { border: 1px solid #d5d5d5; border-radius: 8px; padding: 6px 10px; margin: 4px 0;
  background: #fbfbfb; }
.pl-lesson .pl-row-new { border: 2px solid #1f5fbf; background: #f3f8ff; }
.pl-lesson .pl-row h4 { margin: 2px 0 4px 0; font-size: 15px; }
.pl-lesson .pl-cards { display: flex; flex-wrap: wrap; align-items: center; gap: 14px; }
.pl-lesson .pl-cards figure { margin: 0; text-align: center; font-size: 13px; color: #444; }
.pl-lesson .pl-cardrow { display: inline-flex; gap: 3px; }
.pl-lesson .pl-cards-2 { display: grid; grid-template-columns: repeat(2, max-content); gap: 8px 28px; }
.pl-lesson .pl-public { color: #1e6b3a; font-weight: bold; }
.pl-lesson table.pl-table { border-collapse: collapse; font-size: 14px; margin: 4px 0; }
.pl-lesson table.pl-table td, .pl-lesson table.pl-table th { border: 1px solid #ccc; padding: 3px 9px;
  text-align: center; }
.pl-lesson table.pl-table th { background: #f0f0f0; }
.pl-lesson .pl-advice { background: #fffbe6; border-left: 5px solid #f2c94c; padding: 6px 10px;
  border-radius: 4px; }
.pl-lesson .pl-note { background: #eef6ff; border-left: 5px solid #1f5fbf; padding: 6px 10px;
  border-radius: 4px; margin: 4px 0; }
.pl-lesson .pl-points { font-size: 16px; }
.pl-lesson .pl-log { max-height: 260px; overflow-y: auto; font-size: 13px; border: 1px solid #ddd;
  padding: 4px 8px; }
.pl-lesson .pl-log .pl-log-why { color: #666; font-style: italic; }
</style>
"""

CARD_W = 48
"""Width in pixels of a card in these pages' pictures."""


# ------------------------------------------------------------------ helpers


def _page(children: Sequence[w.Widget]) -> w.VBox:
    return classed(w.VBox([style(), w.HTML(PAGE_CSS), *children]), "pl-app", "pl-lesson")


def name(seat: int, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """A seat's name with its number, e.g. ``West (seat 1)``; just ``Seat 1`` with no learner."""
    if human is None:
        return f"Seat {seat}"
    called = seat_name(seat, human, rules)
    return called if called == f"Seat {seat}" else f"{called} (seat {seat})"


def cards_html(
    cards: Sequence[Card], dead: Sequence[Card] = (), marked: Sequence[Card] = (), *, width: int = CARD_W
) -> str:
    """A row of card faces side by side: dead ones greyed, ``marked`` ones ringed in gold."""
    if not cards:
        return "<i>none</i>"
    dead_left, marked_set = list(dead), set(marked)
    faces = []
    for card in cards:
        is_dead = card in dead_left
        if is_dead:
            dead_left.remove(card)
        faces.append(drawing.card_svg(card, width, dead=is_dead, marked=card in marked_set))
    return f"<span class='pl-cardrow'>{''.join(faces)}</span>"


def _figure(
    caption: str,
    cards: Sequence[Card],
    dead: Sequence[Card] = (),
    marked: Sequence[Card] = (),
    width: int = CARD_W,
) -> str:
    return (
        f"<figure>{cards_html(cards, dead, marked, width=width)}"
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def bots_to(hand: Hand, phases: Sequence[Phase], players: Sequence[Player] | None = None) -> list[str]:
    """Let bots act while the hand is in one of ``phases``; return what they did, with reasons."""
    bots = players if players is not None else [RuleBasedPlayer()] * hand.rules.players
    said = []
    while hand.phase in phases:
        seat = hand.to_act
        assert seat is not None
        decision = bots[seat].decide(hand.view(seat))
        hand.apply(decision.action, seat)
        said.append(f"{name(seat)}: {decision.action} ({decision.why})")
    return said


def seeded_trump_hand(seed: int, dealer: int = 0) -> Hand:
    """A shuffled deal from ``seed``, bid and named by the rule-based bots: trump is named, the refill done."""
    hand = Hand.deal(dealer=dealer, seed=seed)
    bots_to(hand, (Phase.BID, Phase.NAME_TRUMP))
    return hand


def _bid_and_name(hand: Hand, bids: Sequence[Action], suit: Suit) -> Hand:
    for action in bids:
        hand.apply(action)
    hand.apply(NameTrump(suit))
    return hand


def stock_runs_out_hand() -> Hand:
    """A constructed deal in which the stock runs out during the refill.

    Dealer: seat 0. Seats 1, 2 and 3 hold no spades at all; seat 0 holds four.
    Everyone else passes, so the dealer must bid 4, and names spades. Seats 1,
    2 and 3 each want six cards: 6 + 6 + 6 = 18, the whole stock. The dealer
    wants two more but the stock is empty: it draws nothing and plays with
    four trump (the Ruling on a short stock).
    """
    hands = [
        parse_cards("AS JS 3S 2S 4H 5H 6H 7H 8H"),
        parse_cards("9H TH JH QH KH AH 2D 3D 4D"),
        parse_cards("5D 6D 7D 8D 9D TD QD KD AD"),
        parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC"),
    ]
    stock = parse_cards("KS QC TS 2H JK 9S QS KC 8S JD 3H JC 7S AC JK 6S 5S 4S")
    hand = Hand.from_cards(hands, stock, dealer=0)
    return _bid_and_name(hand, [Pass(), Pass(), Pass(), Bid(4)], Suit.SPADES)


def bury_hand() -> Hand:
    """A constructed deal in which two players must bury, one of them not the bidder.

    Dealer: seat 3, so the refill and the bury go seat 0, 1, 2, 3. Seat 0 (the
    learner) bids 5 and names hearts holding A J 7 2 of hearts. West (seat 1)
    is dealt seven trump. The learner draws two dead cards, then takes the rest
    of the stock, which holds three more hearts: seven trump, one to bury.
    """
    hands = [
        parse_cards("AH JH 7H 2H 2S 3S 4S 5S 6S"),
        parse_cards("KH QH 9H 8H 6H 4H JK 7S 8S"),
        parse_cards("JD JK 9S TS JS QS KS AS 2C"),
        parse_cards("3C 4C 5C 6C 7C 8C 9C TC QC"),
    ]
    stock = parse_cards("KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD QD 3H KD TH AD 5H JC")
    hand = Hand.from_cards(hands, stock, dealer=3)
    return _bid_and_name(hand, [Bid(5), Pass(), Pass(), Pass()], Suit.HEARTS)


def draw_reveals(drawn: int, stock_before: int, rules: Ruleset = TEN_POINT) -> str:
    """What the table learns from a public draw count, given how many cards the stock held."""
    full = rules.refill_to
    if stock_before == 0:
        return "the stock was already empty, so drawing nothing tells the table nothing"
    if drawn == stock_before and drawn < full:
        return f"it emptied the stock, so it kept at least {full - drawn} trump of its own"
    if drawn == 0:
        return f"it kept {full} or more trump of its own"
    if drawn == full:
        return "it kept no trump of its own"
    return f"it kept exactly {full - drawn} trump of its own"


# ------------------------------------------------------------------ page 05


class RefillStepper(View):
    """The refill one seat at a time: throw away, draw back to six, dead cards greyed.

    Start from a hand whose trump has been named (the engine has already run
    the refill and kept each turn in :attr:`Hand.refills`). **Next** reveals
    one more turn; the last turn is the bidder taking the rest of the stock,
    then a summary of the public draw counts and what they reveal.
    """

    def __init__(self, hand: Hand, human: int | None = 0) -> None:
        if hand.trump is None:
            raise PitchError("name trump first: the refill happens once trump is named")
        self.hand = hand
        self.human = human
        self.turns = hand.refills
        self.shown = 0
        self.status = classed(w.HTML(), "pl-status")
        self.stock = w.HTML()
        self.start = w.HTML(self._start_html())
        self.rows: list[w.HTML] = []
        self.row_box = w.VBox()
        self.summary = classed(w.HTML(), "pl-refill-summary")
        self.next = classed(w.Button(description="Next seat ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.step())
        self.again = classed(w.Button(description="Start again"), "pl-restart")
        self.again.on_click(lambda _b: self.restart())
        self.widget = _page(
            [
                self.start,
                self.status,
                w.HBox([self.next, self.again, self.stock], layout=w.Layout(align_items="center")),
                self.row_box,
                self.summary,
            ]
        )
        self.refresh()

    @property
    def done(self) -> bool:
        return self.shown >= len(self.turns)

    def step(self) -> None:
        """Reveal one more refill turn."""
        if not self.done:
            self.shown += 1
        self.refresh()

    def restart(self) -> None:
        self.shown = 0
        self.refresh()

    def _name(self, seat: int) -> str:
        return name(seat, self.human)

    def stock_left(self, turns: int) -> int:
        """Cards left in the stock after ``turns`` refill turns."""
        return len(self.hand.stock) - sum(len(t.drawn) for t in self.turns[:turns])

    def _start_html(self) -> str:
        hand = self.hand
        assert hand.trump is not None and hand.bidder is not None
        rules, suit = hand.rules, hand.trump
        figures = []
        for k in range(1, rules.players + 1):
            seat = (hand.dealer + k) % rules.players
            dealt = hand.cards(hand.dealt[seat])
            trump = [c for c in dealt if rules.is_trump(c, suit)]
            figures.append(
                _figure(f"{self._name(seat)}: {len(trump)} trump of 9", dealt, marked=trump, width=44)
            )
        return (
            f"<div class='pl-note'>{escape(self._name(hand.bidder))} bid {hand.bid} and named "
            f"<b>{suit.symbol} {suit.name.lower()}</b>. The dealer is {escape(self._name(hand.dealer))}, "
            f"so the refill starts at {escape(self._name((hand.dealer + 1) % rules.players))}. "
            "</div><div class='pl-note'>Every hand is shown face up here, trump ringed in gold. At a real "
            f"table only the draw counts are public.</div><div class='pl-cards-2'>{''.join(figures)}</div>"
        )

    def row_html(self, index: int) -> str:
        """One refill turn, in words and pictures."""
        hand = self.hand
        rules = hand.rules
        suit = hand.trump
        assert suit is not None
        turn = self.turns[index]
        who = escape(self._name(turn.seat))
        dead = [c for c in turn.drawn if not rules.is_trump(c, suit)]
        if turn.from_remainder and not turn.drawn:
            return (
                f"<h4>Last: the bidder, {who}, would take the rest of the stock</h4>"
                "<div>The stock is empty, so the bidder takes nothing.</div>"
            )
        if turn.from_remainder:
            kept = [c for c in turn.drawn if rules.is_trump(c, suit)]
            return (
                f"<h4>Last: the bidder, {who}, takes the rest of the stock</h4>"
                f"<div class='pl-cards'>{_figure(f'the last {len(turn.drawn)} cards', turn.drawn, dead)}"
                f"{_figure('kept: trump', kept)}{_figure('thrown away', turn.thrown)}</div>"
                f"<div>{who} keeps {_plural(len(kept), 'trump')} and throws the rest away"
                " (the remainder is not a public count, but everyone knows its size).</div>"
            )
        before = self.stock_left(index)
        own = [c for c in hand.cards(hand.dealt[turn.seat]) if rules.is_trump(c, suit)]
        n = len(turn.drawn)
        line = (
            f"<span class='pl-public'>Public: {who} drew {n}</span>"
            f" &mdash; {escape(draw_reveals(n, before, rules))}."
        )
        short = ""
        if len(own) + n < rules.refill_to:
            short = (
                f"<div class='pl-note'><b>Ruling: the stock ran out.</b> {who} wanted "
                f"{rules.refill_to - len(own)} cards but only {before} were left, so it plays short "
                f"with {_plural(len(own) + n, 'card')}.</div>"
            )
        return (
            f"<h4>{index + 1}. {who}: throws away {len(turn.thrown)}, keeps {len(own)} trump, "
            f"draws {n}</h4>"
            f"<div class='pl-cards'>{_figure('thrown away (not trump)', turn.thrown)}"
            f"{_figure('kept trump', own)}"
            f"{_figure(f'drawn: {n} (grey = dead)', turn.drawn, dead)}</div>"
            f"<div>{line}</div>{short}"
        )

    def summary_html(self) -> str:
        """The public draw counts and what each reveals, next to the truth."""
        hand = self.hand
        rules, suit = hand.rules, hand.trump
        assert suit is not None
        rows = []
        for index, turn in enumerate(self.turns):
            if turn.from_remainder:
                continue
            n = len(turn.drawn)
            own = sum(1 for c in hand.cards(hand.dealt[turn.seat]) if rules.is_trump(c, suit))
            dead = sum(1 for c in turn.drawn if not rules.is_trump(c, suit))
            rows.append(
                f"<tr><td>{escape(self._name(turn.seat))}</td><td><b>{n}</b></td>"
                f"<td>{escape(draw_reveals(n, self.stock_left(index), rules))}</td>"
                f"<td>{own}</td><td>{dead}</td><td>{hand.trump_count(turn.seat)}</td></tr>"
            )
        return (
            "<h4>What the table knows</h4><table class='pl-table'><tr><th>seat</th><th>drew (public)</th>"
            "<th>what that reveals</th><th>trump of its own (hidden)</th><th>dead cards (hidden)</th>"
            "<th>trump now</th></tr>" + "".join(rows) + "</table>"
        )

    def refresh(self) -> None:
        total = len(self.turns)
        self.rows = [w.HTML(self.row_html(i)) for i in range(self.shown)]
        for i, row in enumerate(self.rows):
            classed(row, "pl-row", "pl-refill-row")
            if i == self.shown - 1:
                row.add_class("pl-row-new")
        replace_children(self.row_box, self.rows[::-1])
        left = self.stock_left(min(self.shown, total))
        self.stock.value = (
            f"<div class='pl-points' style='margin-left: 16px'>Stock: <b>{left}</b> of "
            f"{len(self.hand.stock)} cards left</div>"
        )
        self.next.disabled = self.done
        if self.done:
            self.status.value = (
                "The refill is done. Below: the draw counts everyone saw, and what they reveal."
            )
            self.summary.value = self.summary_html()
        else:
            nxt = self.turns[self.shown]
            who = "the bidder takes the rest" if nxt.from_remainder else f"{self._name(nxt.seat)} refills"
            self.status.value = f"Step {self.shown + 1} of {total}: press Next to see {escape(who)}."
            self.summary.value = ""


# ------------------------------------------------------------------ page 06


class BuryChooser(View):
    """The bury, with the learner choosing: click a trump to lay it face up.

    Legal buries are marked (``pl-legal``); a dead card or a click out of turn
    is refused with a message and nothing changes. The advice panel says what
    the rule-based bot would bury and why. Once every player is down to six
    trump, the bots play the first trick, showing who collects the buried
    cards, and then the rest of the hand.
    """

    def __init__(self, hand: Hand | None = None, human: int = 0) -> None:
        self.hand = hand if hand is not None else bury_hand()
        self.human = human
        self.bot = RuleBasedPlayer()
        self.message_text = ""
        self.log: list[str] = []
        self.status = classed(w.HTML(), "pl-status")
        self.hand_view = HandView(self.pick)
        self.advice = classed(w.HTML(), "pl-advice", "pl-why")
        self.message = classed(w.HTML(), "pl-message")
        self.buried = w.HTML()
        self.next = classed(w.Button(description="Next ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.advance())
        self.outcome = w.HTML()
        self.history = classed(w.HTML(), "pl-log")
        self.widget = _page(
            [
                self.status,
                w.HTML("<h3>Your hand</h3>"),
                self.hand_view,
                self.message,
                self.advice,
                self.next,
                w.HTML("<h3>Buried, face up</h3>"),
                self.buried,
                self.outcome,
                w.HTML("<h3>What happened (newest first)</h3>"),
                self.history,
            ]
        )
        self.refresh()

    def _name(self, seat: int) -> str:
        return name(seat, self.human)

    @property
    def my_turn(self) -> bool:
        return self.hand.phase is Phase.BURY and self.hand.to_act == self.human

    def legal(self) -> list[Card]:
        """The trump the learner may bury now (none when it is not their turn)."""
        return [a.card for a in self.hand.legal_actions() if isinstance(a, Bury)] if self.my_turn else []

    def suggestion(self) -> Decision | None:
        """What the rule-based bot would bury for the seat to bury now."""
        hand = self.hand
        if hand.phase is not Phase.BURY or hand.to_act is None:
            return None
        return self.bot.decide(hand.view(hand.to_act))

    def pick(self, card: Card) -> None:
        """The learner clicks a card: bury it if that is legal, else say why not."""
        hand = self.hand
        if not self.my_turn:
            self.message_text = (
                "It is not your turn to bury: press Next."
                if hand.phase is Phase.BURY
                else "The bury is over."
            )
        else:
            self.message_text = refusal(lambda: hand.apply(Bury(card), self.human))
            if not self.message_text:
                self.log.append(f"{self._name(self.human)} buried {card.label}.")
        self.refresh()

    def advance(self) -> None:
        """Let a bot bury; after the bury, play the first trick; then the rest of the hand."""
        hand = self.hand
        self.message_text = ""
        if self.my_turn:
            self.message_text = "Your turn: click the trump you want to bury."
        elif hand.phase is Phase.BURY:
            seat = hand.to_act
            assert seat is not None
            decision = self.bot.decide(hand.view(seat))
            hand.apply(decision.action, seat)
            self.log.append(f"{self._name(seat)}: {decision.action} ({decision.why}).")
        elif hand.phase is Phase.PLAY and not hand.tricks:
            while not hand.tricks:
                self._bot_play()
        elif hand.phase is Phase.PLAY:
            while not hand.is_over:
                self._bot_play()
        self.refresh()

    def _bot_play(self) -> None:
        hand = self.hand
        seat = hand.to_act
        assert seat is not None
        decision = self.bot.decide(hand.view(seat))
        hand.apply(decision.action, seat)
        self.log.append(f"{self._name(seat)} plays {decision.action.card.label} ({decision.why}).")  # type: ignore[union-attr]

    def _buried_html(self) -> str:
        hand = self.hand
        parts = [
            _figure(self._name(seat), hand.buried_by(seat))
            for seat in range(hand.rules.players)
            if hand.buried_by(seat)
        ]
        return f"<div class='pl-cards'>{''.join(parts)}</div>" if parts else "<i>Nothing buried yet.</i>"

    def _outcome_html(self) -> str:
        hand = self.hand
        if not hand.tricks:
            return ""
        assert hand.trump is not None
        rules, suit = hand.rules, hand.trump
        first = hand.tricks[0]
        assert first.winner is not None
        pile = [c for s in range(rules.players) for c in hand.buried_by(s)]
        holder = [c for c in pile if rules.role_of(c, suit) == "2"]
        taken = [c for c in pile if c not in holder]
        pts = sum(rules.points_of(c, suit) for c in taken)
        team = rules.teams[first.winner]
        text = (
            f"<div class='pl-note'><b>First trick:</b> {escape(self._name(first.winner))} wins it with "
            f"{first.cards[first.seats.index(first.winner)].label}, and with it the buried "
            f"{escape(', '.join(c.label for c in taken) or 'cards')} "
            f"({_plural(pts, 'point')} for team {team}).</div>"
        )
        for card in holder:
            seat = next(s for s in range(rules.players) if card in hand.buried_by(s))
            text += (
                f"<div class='pl-note'><b>Ruling:</b> the buried {card.label} still scores its point "
                f"for its holder's team ({escape(self._name(seat))}, team {rules.teams[seat]}), "
                "whoever wins the first trick.</div>"
            )
        if hand.is_over:
            result = hand.result()
            text += f"<div class='pl-hand-over'>{escape(result_line(result, self.human))}</div>"
        return text

    def refresh(self) -> None:
        hand = self.hand
        me = self.human
        self.hand_view.show(hand.hand_of(me), self.legal(), hand.dead(me))
        self.message.value = escape(self.message_text)
        self.buried.value = self._buried_html()
        advice = self.suggestion()
        if advice is not None:
            seat = hand.to_act
            assert seat is not None
            n = len(hand.playable(seat)) if hand.phase is Phase.PLAY else len(hand.legal_actions())
            extra = n - hand.rules.keep_trump
            who = "You hold" if seat == me else f"{self._name(seat)} holds"
            self.advice.value = (
                f"{escape(who)} {n} trump: {_plural(extra, 'card')} to bury. "
                f"The rule-based bot would <b>{escape(advice.why)}</b>."
            )
        else:
            self.advice.value = "Everyone is down to six trump or fewer."
        if self.my_turn:
            self.status.value = "Your turn to bury: click a green-bordered trump (grey cards are dead)."
            self.next.description = "Next ▶"
        elif hand.phase is Phase.BURY:
            self.status.value = (
                f"{escape(self._name(hand.to_act or 0))} must bury too (not the bidder!). Press Next."
            )
            self.next.description = "Next: bot buries ▶"
        elif hand.phase is Phase.PLAY and not hand.tricks:
            self.status.value = "The bury is done. Press Next to let the bots play the first trick."
            self.next.description = "Play the first trick ▶"
        elif hand.phase is Phase.PLAY:
            self.status.value = "Press Next to let the bots play out the hand and see the score."
            self.next.description = "Play out the hand ▶"
        else:
            self.status.value = "The hand is over."
            self.next.description = "Done"
        self.next.disabled = self.my_turn or hand.is_over
        self.outcome.value = self._outcome_html()
        self.history.value = "".join(f"<div>{escape(line)}</div>" for line in self.log[::-1]) or (
            "<i>Nothing yet.</i>"
        )


# ------------------------------------------------------------------ page 07


def trick_story(hand: Hand, index: int, human: int | None = 0) -> str:
    """A finished trick in words: who won, what it held, who was out, where the lead goes."""
    tricks = hand.tricks
    trick = tricks[index]
    assert trick.winner is not None and hand.trump is not None
    rules, suit = hand.rules, hand.trump
    pts = sum(rules.points_of(c, suit) for c in trick.cards if rules.role_of(c, suit) != "2")
    if index == 0:
        pts += sum(
            rules.points_of(c, suit)
            for s in range(rules.players)
            for c in hand.buried_by(s)
            if rules.role_of(c, suit) != "2"
        )
    text = (
        f"Trick {index + 1}: {name(trick.winner, human, rules)} wins with "
        f"{trick.cards[trick.seats.index(trick.winner)].label}, taking {_plural(pts, 'point')}."
    )
    if len(trick.cards) < rules.players:
        out = [name(s, human, rules) for s in range(rules.players) if s not in trick.seats]
        text += f" Only {len(trick.cards)} cards: {', '.join(out)} {'is' if len(out) == 1 else 'are'} out of trump."
    if index + 1 < len(tricks):
        nxt: int | None = tricks[index + 1].leader
    else:
        nxt = hand.current_trick.leader if hand.phase is Phase.PLAY else None
    if nxt is not None and nxt != trick.winner:
        text += (
            f" {seat_name(trick.winner, human, rules)} has no trump left, so the lead passes clockwise to "
            f"{name(nxt, human, rules)} (Ruling)."
        )
    return text


def first_lead_story(hand: Hand, human: int | None = 0) -> str:
    """Who leads the first trick: the bidder, or the next seat with trump (Ruling)."""
    assert hand.bidder is not None
    rules = hand.rules
    leader = hand.tricks[0].leader if hand.tricks else hand.current_trick.leader
    if leader == hand.bidder:
        pitch = ": the suit of that first card is trump" if rules.trump_choice == "first-lead" else ""
        return f"The bidder, {name(hand.bidder, human, rules)}, leads the first trick{pitch}."
    return (
        f"The bidder, {name(hand.bidder, human, rules)}, has no trump, so the lead passes clockwise to "
        f"{name(leader, human, rules)} (Ruling)."
    )


def result_line(result: HandResult, human: int | None = 0, rules: Ruleset | None = None) -> str:
    """One sentence: the points by team and whether the bid was made."""
    changes = ", ".join(f"team {t} {c:+d}" for t, c in enumerate(result.score_change))
    points = "-".join(str(p) for p in result.points)
    teams = " - ".join(f"team {t}" for t in range(len(result.points)))
    awards = ""
    if result.awards:
        awards = (
            " "
            + ", ".join(
                f"{kind.title()}: {'nobody' if team is None else f'team {team}'}"
                for kind, team in result.awards
            )
            + "."
        )
    return (
        f"Hand over: {contract_text(name(result.bidder, human, rules), result, rules)}; "
        f"points {points} ({teams}); scores change: {changes}.{awards}"
    )


class TrickByTrick(View):
    """A hand played trick by trick: the learner plays seat ``human``, bots the rest.

    The bots bid, name trump, exchange and bury before play starts (their
    reasons are in the log; what another seat discards stays hidden). In play
    only the cards the learner may play are clickable (``pl-legal``); dead
    cards are greyed; **Next** lets the bot to act play one card and says
    why. Points are shown per team as the table sees them fall. Any ruleset
    plays (``rules``); the last seat deals, so the learner speaks first.
    """

    def __init__(
        self, hand: Hand | None = None, *, seed: int = 13, human: int = 0, rules: Ruleset = TEN_POINT
    ) -> None:
        self.human = human
        self.seed = seed
        self.bot = RuleBasedPlayer()
        self.hand = hand if hand is not None else Hand.deal(rules, dealer=rules.players - 1, seed=seed)
        self.rules = self.hand.rules
        self.message_text = ""
        self.log: list[tuple[str, str]] = []
        self.last_why = ""
        self.status = classed(w.HTML(), "pl-status")
        self.points = classed(w.HTML(), "pl-score", "pl-points")
        self.table = w.HTML()
        self.trick = w.HTML()
        self.hand_view = HandView(self.pick)
        self.message = classed(w.HTML(), "pl-message")
        self.why = classed(w.HTML(), "pl-why")
        self.tricks_box = w.HTML()
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.history = classed(w.HTML(), "pl-log")
        self.next = classed(w.Button(description="Next ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.advance())
        self.hint = classed(w.Button(description="Hint"), "pl-hint")
        self.hint.on_click(lambda _b: self.show_hint())
        self.over = w.HTML()
        self._setup()
        left = w.VBox(
            [
                self.table,
                w.HTML("<h3>Your hand</h3>"),
                self.hand_view,
                w.HBox([self.next, self.hint]),
                self.message,
                self.why,
                self.over,
            ],
            layout=w.Layout(width="560px"),
        )
        right = w.VBox(
            [
                w.HTML("<h3>Points so far</h3>"),
                self.points,
                w.HTML("<h3>Tricks</h3>"),
                self.tricks_box,
                w.HTML("<h3>Every card, and why</h3>"),
                self.history,
            ],
            layout=w.Layout(width="420px", margin="0 0 0 16px"),
        )
        self.widget = _page([self.status, self.ladder, w.HBox([left, right])])
        self.refresh()

    def _name(self, seat: int) -> str:
        return seat_name(seat, self.human, self.rules)

    def _setup(self) -> None:
        """Let the bots take every seat up to the play: bids, trump, the exchange, the bury."""
        hand = self.hand
        while hand.phase is not Phase.PLAY and not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            decision = self.bot.decide(hand.view(seat))
            hand.apply(decision.action, seat)
            said = describe(decision.action, self.rules, public=seat != self.human)
            self.log.append((f"{self._name(seat)} {said}", decision.why))
        if hand.phase is Phase.PLAY:
            self.log.append((first_lead_story(hand, self.human), ""))

    @property
    def my_turn(self) -> bool:
        return self.hand.phase is Phase.PLAY and self.hand.to_act == self.human

    def legal(self) -> list[Card]:
        return [a.card for a in self.hand.legal_actions() if isinstance(a, Play)] if self.my_turn else []

    def _after_play(self, seat: int, card: Card, why: str) -> None:
        self.log.append((f"{self._name(seat)} {'play' if seat == self.human else 'plays'} {card.label}", why))
        hand = self.hand
        if not hand.current_trick.cards and hand.tricks:
            self.log.append((trick_story(hand, len(hand.tricks) - 1, self.human), ""))

    def pick(self, card: Card) -> None:
        """The learner clicks a card: play it if legal, else say why not and change nothing."""
        hand = self.hand
        if not self.my_turn:
            self.message_text = (
                "The hand is over."
                if hand.is_over
                else "It is not your turn: press Next to let the bots play."
            )
        else:
            self.message_text = refusal(lambda: hand.apply(Play(card), self.human))
            if not self.message_text:
                self.last_why = ""
                self._after_play(self.human, card, "")
        self.refresh()

    def advance(self) -> None:
        """Let the bot whose turn it is play one card."""
        hand = self.hand
        if hand.is_over:
            self.message_text = "The hand is over."
        elif self.my_turn:
            self.message_text = "Your turn: click one of your green-bordered trump."
        else:
            seat = hand.to_act
            assert seat is not None
            decision = self.bot.decide(hand.view(seat))
            hand.apply(decision.action, seat)
            assert isinstance(decision.action, Play)
            self.message_text = ""
            self.last_why = f"{self._name(seat)} played {decision.action.card.label}: {decision.why}."
            self._after_play(seat, decision.action.card, decision.why)
        self.refresh()

    def show_hint(self) -> None:
        if self.my_turn:
            decision = self.bot.decide(self.hand.view(self.human))
            self.last_why = f"Hint: the bot would {decision.action}: {decision.why}."
        else:
            self.last_why = "Hints are for your turn."
        self.refresh()

    def _table_svg(self) -> str:
        hand = self.hand
        n = hand.rules.players
        bids = [""] * n
        for i, bid in enumerate(hand.bids):
            bids[(hand.dealer + 1 + i) % n] = bid_text(bid, hand.rules) if bid else "pass"
        trick: Trick = hand.current_trick
        if not trick.cards and hand.tricks:
            trick = hand.tricks[-1]
        return drawing.table_svg(
            [self._name(s) for s in range(n)],
            dealer=hand.dealer,
            bids=bids,
            hand_sizes=[len(hand.hand_of(s)) for s in range(n)],
            trick=list(zip(trick.seats, trick.cards, strict=True)),
            bidder=hand.bidder,
            drawn=hand.drawn if hand.trump is not None and hand.rules.exchange == "refill" else None,
            to_act=hand.to_act,
            trump=hand.trump,
            bottom=self.human,
            width=540,
            teams=hand.rules.teams,
        )

    def team_name(self, team: int) -> str:
        """The seats of a team by name: "You and Partner", or one player's name."""
        rules = self.rules
        seats = sorted(
            (s for s in range(rules.players) if rules.teams[s] == team), key=lambda s: s != self.human
        )
        return " and ".join(self._name(s) for s in seats)

    def _points_html(self) -> str:
        hand = self.hand
        points = hand.points_by_team(public=not hand.is_over)
        rows = "".join(
            f"<tr><td>{escape(self.team_name(t))} (team {t})</td><td><b>{p}</b></td></tr>"
            for t, p in enumerate(points)
        )
        if hand.bidder is None:
            return f"<table class='pl-table'><tr><th>team</th><th>points</th></tr>{rows}</table>"
        awards = " High, Low and Game are counted at the end." if hand.rules.awards else ""
        return (
            f"<table class='pl-table'><tr><th>team</th><th>points</th></tr>{rows}</table>"
            f"<div>{sum(points)} of {hand.rules.total_points} points have fallen; the bid is "
            f"{bid_text(hand.bid, hand.rules)} by {escape(name(hand.bidder, self.human, hand.rules))}.{awards}</div>"
        )

    def status_text(self) -> str:
        hand = self.hand
        if hand.is_over and hand.bidder is None:
            return f"No hand to play: {getattr(hand, 'redeal', None) or 'the deal was void'}."
        if hand.is_over:
            everything = "every trump" if hand.rules.play_rule == "trump-only" else "every card"
            return f"The hand is over: {everything} has been played."
        seat = hand.to_act
        assert seat is not None
        k = len(hand.tricks) + 1
        if self.my_turn:
            if hand.rules.play_rule == "trump-only":
                return f"Trick {k}: your turn. Click a green-bordered trump (grey cards are dead)."
            return f"Trick {k}: your turn. Click a green-bordered card (follow suit or trump if you can)."
        return f"Trick {k}: {self._name(seat)} to play. Press Next."

    def refresh(self) -> None:
        hand = self.hand
        me = self.human
        self.status.value = escape(self.status_text())
        self.table.value = self._table_svg()
        if hand.trump is not None:
            played = [c for t in hand.tricks for c in t.cards] + list(hand.current_trick.cards)
            self.ladder.value = drawing.ladder_html(hand.trump, hand.rules, played=played, width=40)
        else:
            self.ladder.value = (
                "<i>The trump ladder appears when the bidder's first card makes its suit trump.</i>"
            )
        self.hand_view.show(sort_cards(hand.hand_of(me), hand.rules, hand.trump), self.legal(), hand.dead(me))
        self.message.value = escape(self.message_text)
        self.why.value = escape(self.last_why or "Each bot explains its card here.")
        self.points.value = self._points_html()
        self.tricks_box.value = (
            "".join(f"<div>{escape(trick_story(hand, i, me))}</div>" for i in range(len(hand.tricks)))
            or "<i>No trick finished yet.</i>"
        )
        self.history.value = "".join(
            f"<div>{escape(text)}"
            + (f' <span class="pl-log-why">({escape(why)})</span>' if why else "")
            + "</div>"
            for text, why in self.log[::-1]
        )
        self.next.disabled = hand.is_over or self.my_turn
        self.hint.disabled = not self.my_turn
        result = result_of(hand)
        if result is not None:
            self.over.value = escape(result_line(result, me, hand.rules))
            self.over.add_class("pl-hand-over")
        else:
            self.over.value = ""
            self.over.remove_class("pl-hand-over")


# ------------------------------------------------------------------ page 08


def score_breakdown(hand: Hand) -> str:
    """How a finished hand is scored, point card by point card, as plain text."""
    result = hand.result()
    rules, suit = hand.rules, result.trump
    lines = [f"Trump {suit.symbol}; seat {result.bidder} (team {result.bidding_team}) bid {result.bid}."]
    for team, cards in enumerate(result.captured):
        scoring = [c for c in cards if rules.points_of(c, suit) and rules.role_of(c, suit) != "2"]
        detail = " + ".join(f"{c.label} {rules.points_of(c, suit)}" for c in scoring) or "nothing"
        lines.append(f"  team {team} captured: {detail}")
    for card, seat in result.holder_points:
        lines.append(
            f"  {card.label} {rules.points_of(card, suit)}: held by seat {seat}, so team {rules.teams[seat]}"
        )
    lines.append(
        f"  points: team 0 {result.points[0]}, team 1 {result.points[1]} (always {rules.total_points})"
    )
    team = result.bidding_team
    if result.made:
        lines.append(
            f"  team {team} took {result.points[team]} >= {result.bid}: made. Both teams add what they took."
        )
    else:
        lines.append(
            f"  team {team} took {result.points[team]} < {result.bid}: set. Team {team} loses {result.bid};"
            f" team {1 - team} adds what it took."
        )
    changes = ", ".join(f"team {t} {c:+d}" for t, c in enumerate(result.score_change))
    lines.append(f"  score change: {changes}")
    return "\n".join(lines)


def bots_hand(seed: int, dealer: int = 0) -> Hand:
    """A hand dealt from ``seed`` and played to the end by the rule-based bots."""
    hand = Hand.deal(dealer=dealer, seed=seed)
    bots_to(hand, (Phase.BID, Phase.NAME_TRUMP, Phase.BURY, Phase.PLAY))
    return hand


def example_result(bidding_team: int, bid: int, points: tuple[int, int]) -> HandResult:
    """A made-up hand result (bidding team, bid, points by team), scored by the rules."""
    made = points[bidding_team] >= bid
    change = list(points)
    if not made:
        change[bidding_team] = -bid
    return HandResult(
        bidder=bidding_team,
        bid=bid,
        trump=Suit.SPADES,
        points=points,
        captured=((), ()),
        holder_points=(),
        made=made,
        score_change=tuple(change),
        bidding_team=bidding_team,
    )


WIN_CASES: tuple[tuple[str, tuple[int, int], int, int, tuple[int, int]], ...] = (
    ("team 0 bids 5, takes 6 and reaches 52", (46, 30), 0, 5, (6, 4)),
    ("team 1 reaches 55, but team 0 bid", (40, 48), 0, 6, (3, 7)),
    ("team 1 bids 4 and takes 4 the next hand", (40, 55), 1, 4, (6, 4)),
    ("team 0 at 3 bids 5 and takes 2", (3, 20), 0, 5, (2, 8)),
    ("team 1 at 12 bids 10 and takes all 10", (30, 12), 1, 10, (0, 10)),
)
"""Scenarios for the win rule: (what happens, scores before, bidding team, bid, points by team)."""


def winning_examples(rules: Ruleset = TEN_POINT) -> str:
    """The win rule on a few scenarios, each verdict computed by the engine's :func:`winner_after`."""
    lines = []
    for text, before, team, bid, points in WIN_CASES:
        result = example_result(team, bid, points)
        after = [s + c for s, c in zip(before, result.score_change, strict=True)]
        win = winner_after(rules, result, after)
        verdict = "play on" if win is None else f"team {win} wins"
        lines.append(f"{text}: {before[0]}-{before[1]} -> {after[0]}-{after[1]}: {verdict}")
    return "\n".join(lines)


def play_game(seed: int, players: Sequence[Player] | None = None, max_hands: int = 500) -> Game:
    """A whole game played by bots (rule-based by default) from ``seed``, to a winner."""
    bots = players if players is not None else [RuleBasedPlayer()] * TEN_POINT.players
    game = Game(seed=random.Random(seed))
    while True:
        bots_to(game.hand, (Phase.BID, Phase.NAME_TRUMP, Phase.BURY, Phase.PLAY), bots)
        game.score_if_over()
        if game.is_over or len(game.history) >= max_hands:
            return game
        game.next_hand()


def score_series(game: Game, hands: int | None = None) -> tuple[list[int], list[list[int]]]:
    """Hand numbers (0 = the start) and each team's score after each of the first ``hands`` hands."""
    history = game.history[:hands]
    xs = list(range(len(history) + 1))
    ys = [[0] + [h.scores[t] for h in history] for t in range(game.rules.num_teams)]
    return xs, ys


def score_chart(game: Game, hands: int | None = None) -> go.Figure:
    """Both teams' scores hand by hand, with the target line."""
    xs, ys = score_series(game, hands)
    colours = ("#1f5fbf", "#c0392b")
    fig = go.Figure()
    for team, series in enumerate(ys):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=series,
                mode="lines+markers",
                name=f"team {team} (seats {team} and {team + 2})",
                line={"color": colours[team % 2], "width": 3},
            )
        )
    target = game.rules.target
    fig.add_hline(
        y=target,
        line_dash="dash",
        line_color="#1e8449",
        annotation_text=f"target {target}",
        annotation_position="top left",
    )
    fig.add_hline(y=0, line_color="#999", line_width=1)
    low = min([0, *[v for s in ys for v in s]]) - 5
    high = max([target, *[v for s in ys for v in s]]) + 8
    plots.layout(
        fig,
        "Scores after each hand (game to 52; only the bidding team can win)",
        "hand number",
        "score (points)",
    )
    fig.update_layout(yaxis_range=[low, high], xaxis_range=[0, max(1, len(game.history))], width=900)
    return fig


def hand_rows(
    game: Game, hands: int | None = None
) -> list[tuple[int, int, int, int, str, int, int, str, int, int]]:
    """One row per hand: number, dealer, bidder, bid, trump, points by team, made/set, scores after."""
    rows = []
    for k, scored in enumerate(game.history[:hands], start=1):
        r = scored.result
        rows.append(
            (
                k,
                scored.hand.dealer,
                r.bidder,
                r.bid,
                r.trump.symbol,
                r.points[0],
                r.points[1],
                "made" if r.made else "set",
                scored.scores[0],
                scored.scores[1],
            )
        )
    return rows


HAND_COLUMNS = ("hand", "dealer", "bidder", "bid", "trump", "pts 0", "pts 1", "result", "team 0", "team 1")


def hands_table_html(game: Game, hands: int | None = None) -> str:
    head = "".join(f"<th>{c}</th>" for c in HAND_COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in row) + "</tr>"
        for row in hand_rows(game, hands)
    )
    return f"<table class='pl-table pl-hands'><tr>{head}</tr>{body}</table>"


def hands_table_text(game: Game) -> str:
    """The hands of a game as a plain text table."""
    rows = [HAND_COLUMNS, *[tuple(str(v) for v in row) for row in hand_rows(game)]]
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(HAND_COLUMNS))]
    return "\n".join("  ".join(str(v).rjust(wd) for v, wd in zip(r, widths, strict=True)) for r in rows)


def game_summary(game: Game) -> str:
    """Who won, the final scores and how many hands it took."""
    if game.winner is None:
        return f"No winner after {len(game.history)} hands: {game.scores[0]}-{game.scores[1]}."
    last = game.history[-1].result
    how = (
        "a bid of 10 that took all 10"
        if last.bid == game.rules.max_bid and last.points[last.bidding_team] == game.rules.total_points
        else f"bidding {last.bid} and reaching {game.scores[game.winner]}"
    )
    return (
        f"Team {game.winner} wins after {len(game.history)} hands by {how}; "
        f"final scores {game.scores[0]}-{game.scores[1]}."
    )


class GameReplay(View):
    """A bots-only game from ``seed``, revealed one hand at a time, with the score chart and table."""

    def __init__(self, seed: int = 4, game: Game | None = None) -> None:
        self.game = game if game is not None else play_game(seed)
        self.shown = 0
        self.figure = score_chart(self.game, 0)
        self.status = classed(w.HTML(), "pl-status")
        self.chart = w.Output(layout=w.Layout(min_height="430px"))
        self.table = w.HTML()
        self.last = w.HTML()
        self.next = classed(w.Button(description="Next hand ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.step())
        self.to_end = classed(w.Button(description="Play to the end »"), "pl-run")
        self.to_end.on_click(lambda _b: self.step(len(self.game.history)))
        self.again = classed(w.Button(description="Start again"), "pl-restart")
        self.again.on_click(lambda _b: self.restart())
        self.over = w.HTML()
        self.widget = _page(
            [
                self.status,
                w.HBox([self.next, self.to_end, self.again]),
                self.last,
                self.over,
                self.chart,
                w.HTML("<h3>The hands so far</h3>"),
                self.table,
            ]
        )
        self.refresh()

    @property
    def done(self) -> bool:
        return self.shown >= len(self.game.history)

    def step(self, hands: int = 1) -> None:
        self.shown = min(len(self.game.history), self.shown + hands)
        self.refresh()

    def restart(self) -> None:
        self.shown = 0
        self.refresh()

    def plotted(self) -> list[list[int]]:
        """The y values of each team's line as currently plotted."""
        return [list(trace.y) for trace in self.figure.data if trace.name and trace.name.startswith("team")]

    def _draw(self) -> None:
        """The chart's figure as the chart's outputs: set directly, as every page and a test alike
        do it, with no kernel needed (tests read what was drawn)."""
        self.figure = score_chart(self.game, self.shown)
        self.chart.outputs = (
            {"output_type": "display_data", "data": plots.mimebundle(self.figure), "metadata": {}},
        )

    def refresh(self) -> None:
        game = self.game
        total = len(game.history)
        self._draw()
        self.table.value = hands_table_html(game, self.shown) if self.shown else "<i>No hands yet.</i>"
        if self.shown:
            scored = game.history[self.shown - 1]
            self.last.value = f"<div class='pl-note'>Hand {self.shown}: {escape(result_line(scored.result, None).removeprefix('Hand over: '))}</div>"
        else:
            self.last.value = ""
        self.next.disabled = self.to_end.disabled = self.done
        if self.done:
            self.status.value = escape(f"Game over. {game_summary(game)}")
            self.over.value = escape(game_summary(game))
            self.over.add_class("pl-game-over")
        else:
            self.status.value = (
                f"{self.shown} of {total} hands shown, scores {self._scores()}. Press Next hand."
            )
            self.over.value = ""
            self.over.remove_class("pl-game-over")

    def _scores(self) -> str:
        if not self.shown:
            return "0-0"
        s = self.game.history[self.shown - 1].scores
        return f"{s[0]}-{s[1]}"


__all__ = [
    "BuryChooser",
    "GameReplay",
    "RefillStepper",
    "TrickByTrick",
    "bots_hand",
    "bury_hand",
    "draw_reveals",
    "example_result",
    "game_summary",
    "hands_table_text",
    "play_game",
    "score_breakdown",
    "score_chart",
    "score_series",
    "seeded_trump_hand",
    "stock_runs_out_hand",
    "winning_examples",
]
