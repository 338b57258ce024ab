"""Tutorial page 04, the bid (``tutorial/04-the-bid.ipynb``): a fresh deal's bidding, bots and you.

The bots bid with their reasons, as much of them as a player may tell the
table: the bid and where the auction stands, never the cards in the hand (see
:class:`~pitchlab.bots.players.Decision`). Once the bidding is over the page's
deal stops, and the bots' full reasons, cards and all, are a click away. Your
buttons offer only legal bids, and a refused bid leaves a message and changes
nothing. Stable CSS classes for
browser tests: ``pl-bidding``, ``pl-seed``, ``pl-deal``, ``pl-hint``,
``pl-status``, ``pl-message``, ``pl-log``; and, from
:mod:`pitchlab.ui.widgets`, ``pl-bid-*``.
"""

from __future__ import annotations

import ipywidgets as w

from pitchlab.bots.players import Decision, RuleBasedPlayer, estimate
from pitchlab.engine.actions import PASS as PASS_ACTION
from pitchlab.engine.actions import Action, Bid, Pass
from pitchlab.engine.cards import Suit
from pitchlab.engine.hand import Hand, Phase
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.rules import Ruleset
from pitchlab.engine.seats import dealer_of
from pitchlab.engine.tricks import sort_cards
from pitchlab.lessons.tutorial.common import (
    style,
    suit_html,
    table_pictures,
)
from pitchlab.odds.probability import (
    trump_counts,
)
from pitchlab.ui import drawing
from pitchlab.ui.markup import Markup, escape, html, join
from pitchlab.ui.session import bid_labels, bid_text, describe, refusal, seat_name, verb
from pitchlab.ui.widgets import (
    ActionBar,
    BidBar,
    SeededView,
    classed,
)


class BiddingLesson(SeededView):
    """A fresh deal's bidding: bots bid with their reasons, you bid with buttons that offer only legal bids.

    The seed fixes the deal and the dealer (``seed % 4``), so the dealer moves
    round the table from one deal to the next.
    """

    def __init__(self, seed: int = 1, rules: Ruleset = TEN_POINT) -> None:
        self.rules = rules
        self.bot = RuleBasedPlayer(bidding="ladder")  # a first game's bots bid by the strength of the hand
        self.seed = seed
        self.hand = Hand.deal(rules, dealer_of(seed, rules.players), seed)
        self.log: list[tuple[int, str, Decision | None]] = []
        """Each bid: the seat, what it did in words, and a bot's decision (``None``: yours)."""
        self.message = ""
        self.hint = ""
        self.seed_box = classed(
            w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px")), "pl-seed"
        )
        self.seed_box.observe(self._on_seed, names="value")
        self.deal_button = classed(w.Button(description="New deal", button_style="primary"), "pl-deal")
        self.deal_button.on_click(lambda _b: self.deal(self.seed + 1))
        self.hint_button = classed(
            w.Button(description="What would a bot bid here?", layout=w.Layout(width="250px")), "pl-hint"
        )
        self.hint_button.on_click(lambda _b: self.ask_hint())
        self.picture = w.HTML()
        self.your_hand = classed(w.HTML(), "pl-fit")  # a phone shrinks the hand to its width
        self.suits_line = w.HTML()
        self.status = classed(w.HTML(), "pl-status")
        self.bids = BidBar(self._on_bid)
        self.others = ActionBar(self._on_bid)
        self.message_box = classed(w.HTML(), "pl-message")
        self.hint_box = classed(w.HTML(), "pl-why")
        self.log_box = classed(w.HTML(), "pl-log")
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HBox([self.seed_box, self.deal_button]),
                    self.status,
                    w.HBox(
                        [
                            self.picture,
                            w.VBox(
                                [w.HTML("<h4>The bidding so far</h4>"), self.log_box],
                                layout=w.Layout(margin="0 0 0 16px", width="400px", max_width="100%"),
                            ),
                        ],
                        layout=w.Layout(flex_flow="row wrap"),
                    ),
                    w.HTML("<h4>Your hand</h4>"),
                    self.your_hand,
                    self.suits_line,
                    self.bids,
                    self.others,
                    self.message_box,
                    w.HBox([self.hint_button]),
                    self.hint_box,
                ]
            ),
            "pl-app",  # the app's table styles: the picture that fits the screen
            "pl-lesson",
            "pl-bidding",
        )
        self.start(self.hand)

    # ------------------------------------------------------------ the lesson

    def deal(self, seed: int) -> None:
        """Deal the hand of ``seed`` and let the bots before you bid."""
        self.seed = seed
        if self.seed_box.value != seed:
            self.seed_box.value = seed
        self.start(Hand.deal(self.rules, dealer_of(seed, self.rules.players), seed))

    def start(self, hand: Hand) -> None:
        """Bid this hand from the start (a chosen deal); the bots before you bid at once."""
        self.hand = hand
        self.log = []
        self.message = ""
        self.hint = ""
        self._run_bots()
        self.refresh()

    @property
    def your_turn(self) -> bool:
        return self.hand.phase is Phase.BID and self.hand.to_act == 0

    def legal(self) -> tuple[Action, ...]:
        """The bids you may make now (nothing when it is not your turn)."""
        return self.hand.legal_actions() if self.your_turn else ()

    def bid(self, action: Action) -> bool:
        """Your bid or pass; a refused one leaves a message and changes nothing."""
        if not self.your_turn:
            self.message = "The bidding is over: press New deal for another hand."
            self.refresh()
            return False
        self.message = refusal(lambda: self.hand.apply(action, 0), self.hand)
        if self.message:
            self.refresh()
            return False
        self.log.append((0, verb("You", describe(action, self.rules)), None))
        self.message = ""
        self.hint = ""
        self._run_bots()
        self.refresh()
        return True

    def _on_bid(self, action: Action) -> None:
        self.bid(action)

    def bot_decision(self, seat: int = 0) -> Decision:
        """What the rule-based bot would do in ``seat`` now."""
        return self.bot.decide(self.hand.view(seat))

    def ask_hint(self) -> None:
        if not self.your_turn:
            self.hint = "Hints are for your turn to bid."
        else:
            decision = self.bot_decision(0)
            self.hint = decision.opened(
                f"a bot in your chair would {_bot_words(decision.action)}, because {decision.because}."
            )
        self.refresh()

    def _run_bots(self) -> None:
        hand = self.hand
        while hand.phase is Phase.BID and hand.to_act not in (None, 0):
            seat = hand.to_act
            decision = self.bot.decide(hand.view(seat))
            hand.apply(decision.action, seat)
            said = verb(self._name(seat), describe(decision.action, self.rules, public=True))
            self.log.append((seat, said, decision))

    def _name(self, seat: int) -> str:
        return seat_name(seat, 0, self.rules)

    def status_text(self) -> str:
        hand = self.hand
        if hand.phase is Phase.BID:
            if self.your_turn:
                bids = [a for a in self.legal() if isinstance(a, Bid)]
                if len(bids) == 1 and PASS_ACTION not in self.legal():
                    return f"Your turn. Everyone passed, so you, the dealer, must bid {bids[0].value}."
                return "Your turn: pass, or bid more than the high bid so far."
            return "Waiting for the bots."
        if hand.bidder is None:  # the deal was thrown in
            why = getattr(hand, "redeal", None) or "no one bid"
            return f"No bid this deal: {why}. Press New deal for another hand."
        who = self._name(hand.bidder)
        if self.rules.teams.count(self.rules.teams[hand.bidder]) == 1:
            team = "you" if hand.bidder == 0 else "an opponent"
        else:
            team = "your team" if hand.team_of(hand.bidder) == hand.team_of(0) else "the other team"
        moon = bid_text(hand.high_bid, self.rules) == "Moon"
        said = verb(who, "wins the bid by shooting the moon" if moon else f"wins the bid at {hand.high_bid}")
        return f"Bidding over: {said} ({team}). Press New deal to try another hand."

    def refresh(self) -> None:
        hand, rules = self.hand, self.rules
        n = rules.players
        bids = bid_labels(hand)
        self.picture.value = table_pictures(
            [self._name(s) for s in range(n)],
            dealer=hand.dealer,
            bids=bids,
            hand_sizes=[len(hand.hand_of(s)) for s in range(n)],
            bidder=hand.bidder,
            to_act=hand.to_act if hand.phase is Phase.BID else None,
            teams=rules.teams,
        )
        cards = hand.hand_of(0)
        self.your_hand.value = drawing.hand_svg(sort_cards(cards), 74, overlap=0.7)
        counts = trump_counts(cards, rules)
        self.suits_line.value = (
            '<div class="pl-note">Trump you would hold: '
            + " · ".join(f"{suit_html(s)} <b>{counts[s]}</b>" for s in Suit)
            + "</div>"
        )
        self.status.value = escape(self.status_text())
        legal = self.legal()
        bid_actions = [a for a in legal if isinstance(a, (Bid, Pass))]
        others = [a for a in legal if not isinstance(a, (Bid, Pass))]
        self.bids.show(bid_actions, getattr(rules, "moon_bid", None))
        self.bids.layout.display = None if bid_actions else "none"
        self.others.show(others)
        self.others.layout.display = None if others else "none"
        self.hint_button.disabled = not self.your_turn
        self.message_box.value = escape(self.message)
        advice = self.hint or (
            "Press the button for the bot's advice and its reason." if self.your_turn else ""
        )
        self.hint_box.value = escape(advice)
        self.hint_box.layout.display = None if advice else "none"
        lines: list[Markup] = []
        full: list[tuple[str, Decision]] = []  # the bots' whole reasons, for once the bidding is over
        for _seat, text, decision in self.log:
            said = decision.said if decision is not None else ""
            why = html(' <span class="pl-log-why">({})</span>', said) if said else ""
            lines.append(html("<div>{}{}</div>", text, why))
            if decision is not None:
                full.append((text, decision))
        if hand.phase is Phase.NAME_TRUMP and hand.bidder is not None and hand.bidder != 0:
            bidder = self._name(hand.bidder)
            naming = self.bot_decision(hand.bidder)
            full.append((f"{bidder} would name {describe(naming.action).removeprefix('names ')}", naming))
            lines.append(
                html("<div><i>Next {} names trump: which suit, the table sees then.</i></div>", bidder)
            )
        elif hand.phase is Phase.NAME_TRUMP:
            best = max((estimate(rules, cards, s) for s in Suit), key=lambda e: e.expected)
            lines.append(
                html(
                    "<div><i>You won the bid: next you name trump. Your strongest suit looks like "
                    "{} ({} trump).</i></div>",
                    best.suit.symbol,
                    len(best.trump),
                )
            )
        if rules.trump_choice == "first-lead" and hand.bidder is not None and hand.phase is Phase.PLAY:
            lines.append(
                html(
                    "<div><i>Next {} leads, and the suit of that first card is trump.</i></div>",
                    self._name(hand.bidder),
                )
            )
        if hand.phase is not Phase.BID and full:
            reasons = join(
                html('<div>{} <span class="pl-log-why">({})</span></div>', text, d.why) for text, d in full
            )
            lines.append(
                html(
                    '<details class="pl-full-reasons"><summary>The bots\' full reasons, their cards and all '
                    "(the bidding is over, and this page's deal with it)</summary>{}</details>",
                    reasons,
                )
            )
        dealer = self._name(hand.dealer)
        head = html(
            "<div class='pl-note'>{}; bidding starts at the dealer's left.</div>", verb(dealer, "deals")
        )
        self.log_box.value = head + join(lines)


def _bot_words(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.value}"
    return str(action)


__all__ = ["BiddingLesson"]
