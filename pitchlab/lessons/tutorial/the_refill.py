"""Tutorial page 05, the refill (``tutorial/05-the-refill.ipynb``): throw away, draw back to six.

:class:`RefillStepper` shows the refill one seat at a time from a hand whose
trump is named. The constructed deal the page uses (:func:`stock_runs_out_hand`)
is a plain function, so the tests can check the numbers the page shows
against numbers worked out by hand.
"""

from __future__ import annotations

import ipywidgets as w

from pitchlab.bots.players import RuleBasedPlayer
from pitchlab.engine.actions import Bid, Pass
from pitchlab.engine.cards import Suit, parse_cards
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refill import cards_drawn, cards_wanted
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.tutorial.common import (
    around_html,
    bid_and_name,
    bots_to,
    figure_html,
    name,
    page,
    plural,
)
from pitchlab.ui.markup import Markup, html, join
from pitchlab.ui.widgets import View, classed, replace_children


def seeded_trump_hand(seed: int, dealer: int = 0) -> Hand:
    """A shuffled deal from ``seed``, bid and named by the rule-based bots bidding by the strength
    of the hand, as in a first game: trump is named, the refill done."""
    hand = Hand.deal(dealer=dealer, seed=seed)
    bots_to(hand, (Phase.BID, Phase.NAME_TRUMP), [RuleBasedPlayer(bidding="ladder")] * hand.rules.players)
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
    hand = Hand.from_cards(TEN_POINT, 0, hands, stock)
    return bid_and_name(hand, [Pass(), Pass(), Pass(), Bid(4)], Suit.SPADES)


def draw_reveals(drawn: int, stock_before: int, rules: Ruleset = TEN_POINT) -> str:
    """What the table learns from a public draw count, given how many cards the stock held: the
    trump counts that the refill's rule (:func:`~pitchlab.engine.refill.cards_drawn`) turns into
    this draw, in words. A seat that empties the stock wanted at least what it got, so it kept
    at most ``refill_to - drawn`` trump."""
    if stock_before == 0:
        return "the stock was already empty, so drawing nothing tells the table nothing"
    kept = [t for t in range(rules.hand_size + 1) if cards_drawn(t, stock_before, rules) == drawn]
    if not kept:
        raise PitchError(f"no seat draws {drawn} cards from a stock of {stock_before}")
    low, high = kept[0], kept[-1]
    if high == 0:
        return "it kept no trump of its own"
    if low == high:
        return f"it kept exactly {low} trump of its own"
    if high == rules.hand_size:
        return f"it kept {low} or more trump of its own"
    return f"it emptied the stock, so it kept at most {high} trump of its own"


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
        self.widget = page(
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

    def _object(self, seat: int) -> str:
        """A seat's name inside a sentence: "you", "West"."""
        called = self._name(seat)
        return "you" if called == "You" else called

    def stock_left(self, turns: int) -> int:
        """Cards left in the stock after ``turns`` refill turns."""
        return len(self.hand.stock_slots) - sum(len(t.drawn) for t in self.turns[:turns])

    def _start_html(self) -> str:
        hand = self.hand
        assert hand.trump is not None and hand.bidder is not None
        rules, suit = hand.rules, hand.trump
        figures = []
        for seat in range(rules.players):
            dealt = hand.dealt_to(seat)
            trump = [c for c in dealt if rules.is_trump(c, suit)]
            figures.append(
                figure_html(f"{self._name(seat)}: {len(trump)} trump of 9", dealt, marked=trump, width=44)
            )
        return html(
            "<div class='pl-note'>{bidder} bid {bid} and named <b>{symbol} {suit}</b>. The dealer is {dealer}, "
            "so the refill starts at {first}. "
            "</div><div class='pl-note'>Every hand is shown face up here, where each player sits, trump "
            "ringed in gold. At a real table only the draw counts are public.</div>{around}",
            bidder=self._name(hand.bidder),
            bid=hand.high_bid,
            symbol=suit.symbol,
            suit=suit.name.lower(),
            dealer=self._object(hand.dealer),
            first=self._name(hand.seat_at(0)),
            around=around_html(figures, self.human or 0),
        )

    def row_html(self, index: int) -> str:
        """One refill turn, in words and pictures."""
        hand = self.hand
        rules = hand.rules
        suit = hand.trump
        assert suit is not None
        turn = self.turns[index]
        who = self._name(turn.seat)
        dead = [c for c in turn.drawn if not rules.is_trump(c, suit)]
        if turn.from_remainder and not turn.drawn:
            return html(
                "<h4>Last: the bidder, {}, would take the rest of the stock</h4>"
                "<div>The stock is empty, so the bidder takes nothing.</div>",
                who,
            )
        if turn.from_remainder:
            kept = [c for c in turn.drawn if rules.is_trump(c, suit)]
            return html(
                "<h4>Last: the bidder, {who}, takes the rest of the stock</h4>"
                "<div class='pl-cards'>{last}{kept}{thrown}</div>"
                "<div>{who} keeps {count} and throws the rest away"
                " (the remainder is not a public count, but everyone knows its size).</div>",
                who=who,
                last=figure_html(f"the last {len(turn.drawn)} cards", turn.drawn, dead),
                kept=figure_html("kept: trump", kept),
                thrown=figure_html("thrown away", turn.thrown),
                count=plural(len(kept), "trump"),
            )
        before = self.stock_left(index)
        own = [c for c in hand.dealt_to(turn.seat) if rules.is_trump(c, suit)]
        n = len(turn.drawn)
        short = Markup()
        if n < cards_wanted(len(own), rules):
            short = html(
                "<div class='pl-note'><b>Ruling: the stock ran out.</b> {} wanted "
                "{} cards but only {} were left, so it plays short with {}.</div>",
                who,
                cards_wanted(len(own), rules),
                before,
                plural(len(own) + n, "card"),
            )
        return html(
            "<h4>{index}. {who}: throws away {thrown_count}, keeps {own_count} trump, draws {n}</h4>"
            "<div class='pl-cards'>{thrown}{own}{drawn}</div>"
            "<div><span class='pl-public'>Public: {who} drew {n}</span> &mdash; {reveals}.</div>{short}",
            index=index + 1,
            who=who,
            thrown_count=len(turn.thrown),
            own_count=len(own),
            n=n,
            thrown=figure_html("thrown away (not trump)", turn.thrown),
            own=figure_html("kept trump", own),
            drawn=figure_html(f"drawn: {n} (grey = dead)", turn.drawn, dead),
            reveals=draw_reveals(n, before, rules),
            short=short,
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
            own = sum(1 for c in hand.dealt_to(turn.seat) if rules.is_trump(c, suit))
            dead = sum(1 for c in turn.drawn if not rules.is_trump(c, suit))
            rows.append(
                html(
                    "<tr><td>{}</td><td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    self._name(turn.seat),
                    n,
                    draw_reveals(n, self.stock_left(index), rules),
                    own,
                    dead,
                    hand.trump_count(turn.seat),
                )
            )
        return html(
            "<h4>What the table knows</h4><table class='pl-table'><tr><th>player</th><th>drew (public)</th>"
            "<th>what that reveals</th><th>trump of its own (hidden)</th><th>dead cards (hidden)</th>"
            "<th>trump now</th></tr>{}</table>",
            join(rows),
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
            f"{len(self.hand.stock_slots)} cards left</div>"
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
            self.status.value = html("Step {} of {}: press Next to see {}.", self.shown + 1, total, who)
            self.summary.value = ""


__all__ = ["RefillStepper", "draw_reveals", "seeded_trump_hand", "stock_runs_out_hand"]
