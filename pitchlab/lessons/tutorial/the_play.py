"""Tutorial page 07, the play (``tutorial/07-the-play.ipynb``): a hand played trick by trick.

:class:`TrickByTrick` keeps an engine hand and renders from it; its buttons
only call the engine and then redraw. A refused click shows a message in the
page (``pl-message``) and changes nothing. :func:`trick_story` tells a
finished trick in words.
"""

from __future__ import annotations

import ipywidgets as w

from pitchlab.bots.players import Decision, RuleBasedPlayer
from pitchlab.engine.actions import Play
from pitchlab.engine.cards import Card
from pitchlab.engine.hand import Hand, Phase, Trick
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.tricks import sort_cards
from pitchlab.lessons.tutorial.common import (
    name,
    page,
    plural,
    result_line,
    table_pictures,
    team_name,
)
from pitchlab.ui import drawing
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.session import (
    bid_labels,
    bid_text,
    describe,
    imperative,
    refusal,
    result_of,
    seat_name,
    verb,
)
from pitchlab.ui.widgets import HandView, View, classed


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
        f"{trick.cards[trick.seats.index(trick.winner)].label}, taking {plural(pts, 'point')}."
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
        self.bot = RuleBasedPlayer(bidding="ladder")  # bids by the hand's strength, as in a first game
        self.hand = hand if hand is not None else Hand.deal(rules, dealer=rules.players - 1, seed=seed)
        self.rules = self.hand.rules
        self.message_text = ""
        self.log: list[tuple[str, int | None, Decision | None]] = []
        """Each line: the text, and a bot's move's seat and decision (its reason: see :meth:`reason`)."""
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
            layout=w.Layout(width="560px", max_width="100%"),
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
            layout=w.Layout(width="420px", max_width="100%", margin="0 0 0 16px"),
        )
        self.widget = page(
            [self.status, self.ladder, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap"))]
        )
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
            self.log.append((verb(self._name(seat), said), seat, decision))
        if hand.phase is Phase.PLAY:
            self.log.append((first_lead_story(hand, self.human), None, None))

    @property
    def my_turn(self) -> bool:
        return self.hand.phase is Phase.PLAY and self.hand.to_act == self.human

    def legal(self) -> list[Card]:
        return [a.card for a in self.hand.legal_actions() if isinstance(a, Play)] if self.my_turn else []

    def _after_play(self, seat: int, card: Card, decision: Decision | None) -> None:
        text = verb(self._name(seat), describe(Play(card), self.rules))
        self.log.append((text, seat, decision))
        hand = self.hand
        if not hand.current_trick.cards and hand.tricks:
            self.log.append((trick_story(hand, len(hand.tricks) - 1, self.human), None, None))

    def reason(self, seat: int | None, decision: Decision | None) -> str:
        """A bot's reason as the page may show it now: what it told the table while the hand is
        on, its full reasoning (its cards and all) once the hand is over, or for your own seat
        (the bots played it up to the play)."""
        if decision is None:
            return ""
        return decision.why if self.hand.is_over or seat == self.human else decision.said

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
            self.message_text = refusal(lambda: hand.apply(Play(card), self.human), hand, self.human)
            if not self.message_text:
                self.last_why = ""
                self._after_play(self.human, card, None)
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
            self.last_why = f"{self._name(seat)} played {decision.action.card.label}: {decision.said}."
            self._after_play(seat, decision.action.card, decision)
        self.refresh()

    def show_hint(self) -> None:
        if self.my_turn:
            decision = self.bot.decide(self.hand.view(self.human))
            self.last_why = "Hint: " + decision.opened(
                f"{imperative(decision.action, self.rules)}. {decision.because}."
            )
        else:
            self.last_why = "Hints are for your turn."
        self.refresh()

    def _table_svg(self) -> str:
        hand = self.hand
        n = hand.rules.players
        bids = bid_labels(hand)
        trick: Trick = hand.current_trick
        if not trick.cards and hand.tricks:
            trick = hand.tricks[-1]
        return table_pictures(
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
            teams=hand.rules.teams,
        )

    def team_name(self, team: int) -> str:
        """The seats of a team by name: "You and Partner", or one player's name."""
        return team_name(team, self.human, self.rules)

    def _points_html(self) -> str:
        hand = self.hand
        points = hand.points_by_team(public=not hand.is_over)
        rows = join(
            html("<tr><td>{}</td><td><b>{}</b></td></tr>", self.team_name(t), p) for t, p in enumerate(points)
        )
        if hand.bidder is None:
            return f"<table class='pl-table'><tr><th>team</th><th>points</th></tr>{rows}</table>"
        awards = " High, Low and Game are counted at the end." if hand.rules.awards else ""
        return html(
            "<table class='pl-table'><tr><th>team</th><th>points</th></tr>{rows}</table>"
            "<div>{fallen} of {total} points have fallen; the bid is {bid} by {bidder}.{awards}</div>",
            rows=rows,
            fallen=sum(points),
            total=hand.rules.total_points,
            bid=bid_text(hand.high_bid, hand.rules),
            bidder=name(hand.bidder, self.human, hand.rules),
            awards=awards,
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
        self.tricks_box.value = join(
            html("<div>{}</div>", trick_story(hand, i, me)) for i in range(len(hand.tricks))
        ) or Markup("<i>No trick finished yet.</i>")
        lines = []
        for text, seat, decision in self.log[::-1]:
            why = self.reason(seat, decision)
            said = html(' <span class="pl-log-why">({})</span>', why) if why else ""
            lines.append(html("<div>{}{}</div>", text, said))
        self.history.value = "".join(lines)
        self.next.disabled = hand.is_over or self.my_turn
        self.hint.disabled = not self.my_turn
        result = result_of(hand)
        if result is not None:
            self.over.value = escape(result_line(result, me, hand.rules))
            self.over.add_class("pl-hand-over")
        else:
            self.over.value = ""
            self.over.remove_class("pl-hand-over")


__all__ = ["TrickByTrick", "first_lead_story", "trick_story"]
