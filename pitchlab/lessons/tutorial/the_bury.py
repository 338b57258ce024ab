"""Tutorial page 06, the bury (``tutorial/06-the-bury.ipynb``): the learner chooses which trump to bury.

The constructed deal (:func:`bury_hand`) makes two players bury, one of them
not the bidder; it is a plain function so the tests can check it by hand. A
refused click shows a message in the page (``pl-message``) and changes nothing.
"""

from __future__ import annotations

import ipywidgets as w

from pitchlab.bots.players import Decision, RuleBasedPlayer
from pitchlab.engine.actions import Bid, Bury, Pass
from pitchlab.engine.cards import Card, Suit, parse_cards
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.lessons.tutorial.common import (
    bid_and_name,
    figure_html,
    name,
    page,
    plural,
    result_line,
    team_name,
)
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.session import describe, refusal, verb
from pitchlab.ui.widgets import HandView, View, classed


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
    hand = Hand.from_cards(TEN_POINT, 3, hands, stock)
    return bid_and_name(hand, [Bid(5), Pass(), Pass(), Pass()], Suit.HEARTS)


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
        self.advised: Decision | None = None
        """What a bot in the learner's chair would have buried: shown once the learner has chosen."""
        self.message_text = ""
        self.log: list[tuple[str, Decision | None]] = []
        """Each line: what happened, and a bot's decision (its reason: see :meth:`reason`)."""
        self.status = classed(w.HTML(), "pl-status")
        self.hand_view = HandView(self.pick)
        self.advice = classed(w.HTML(), "pl-advice", "pl-why")
        self.message = classed(w.HTML(), "pl-message")
        self.buried = w.HTML()
        self.next = classed(w.Button(description="Next ▶", button_style="primary"), "pl-next")
        self.next.on_click(lambda _b: self.advance())
        self.outcome = w.HTML()
        self.history = classed(w.HTML(), "pl-log")
        self.widget = page(
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
            advised = self.suggestion()
            self.message_text = refusal(lambda: hand.apply(Bury(card), self.human), hand, self.human)
            if not self.message_text:
                self.advised = advised
                self.log.append((verb(self._name(self.human), describe(Bury(card), hand.rules)), None))
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
            self.log.append((verb(self._name(seat), describe(decision.action, hand.rules)), decision))
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
        self.log.append((verb(self._name(seat), describe(decision.action, hand.rules)), decision))

    def reason(self, decision: Decision | None) -> str:
        """A bot's reason as the page may show it now: what it told the table while the hand is
        on, its full reasoning, its cards and all, once the hand is over."""
        if decision is None:
            return ""
        return decision.why if self.hand.is_over else decision.said

    def _buried_html(self) -> str:
        hand = self.hand
        parts = [
            figure_html(self._name(seat), hand.buried_by(seat))
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
        text = html(
            "<div class='pl-note'><b>First trick:</b> {winner} wins it with {card}, and with it the buried "
            "{taken} ({points} for {team}).</div>",
            winner=self._name(first.winner),
            card=first.cards[first.seats.index(first.winner)].label,
            taken=", ".join(c.label for c in taken) or "cards",
            points=plural(pts, "point"),
            team=team_name(team, self.human, rules),
        )
        for card in holder:
            seat = next(s for s in range(rules.players) if card in hand.buried_by(s))
            text += html(
                "<div class='pl-note'><b>Ruling:</b> the buried {} still scores its point "
                "for its holder's team ({}), whoever wins the first trick.</div>",
                card.label,
                team_name(rules.teams[seat], self.human, rules),
            )
        if hand.is_over:
            text += html("<div class='pl-hand-over'>{}</div>", result_line(hand.result(), self.human))
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
            # the bot's choice for you comes after yours (no answer before the learner acts); another
            # seat's names cards in its hand, hidden till it buries
            would = (
                "Which one? Choose: what a bot in your chair would bury shows once you have buried."
                if seat == me
                else "Press Next to see which it buries: its other cards stay hidden."
            )
            advised = html("{} {} trump: {} to bury. {}", who, n, plural(extra, "card"), would)
        else:
            advised = Markup("Everyone is down to six trump or fewer.")
        if self.advised is not None:
            said = self.advised.opened(html("a bot in your chair would <b>{}</b>", self.advised.because))
            advised += html("<div>{}.</div>", Markup(said))  # the principle's name opens it: our own words
        self.advice.value = advised
        if self.my_turn:
            self.status.value = "Your turn to bury: click a green-bordered trump (grey cards are dead)."
            self.next.description = "Next ▶"
        elif hand.phase is Phase.BURY:
            self.status.value = html(
                "{} must bury too (not the bidder!). Press Next.", self._name(hand.to_act or 0)
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
        lines = []
        for text, decision in self.log[::-1]:
            why = self.reason(decision)
            lines.append(html("<div>{}{}.</div>", text, f" ({why})" if why else ""))
        self.history.value = "".join(lines) or "<i>Nothing yet.</i>"


__all__ = ["BuryChooser", "bury_hand"]
