"""The widgets behind tutorial pages 01-04: the table and its points, the deal, trump ranks, the bid.

Each lesson is a small controller holding engine state plus the views drawn
from it: a callback calls one method (which the tests call too), then
:meth:`refresh` redraws. The widget tree is ``.widget``, and a lesson shows
itself as that tree in Jupyter and Voilà. A click that the rules (or the
lesson) do not allow sets a message in the page and changes nothing.

Stable CSS classes for browser tests: ``pl-seed``, ``pl-deal``,
``pl-show-others``, ``pl-named-suit``, ``pl-odds``, ``pl-plot``; the quiz's
``pl-quiz``, ``pl-quiz-next``, ``pl-feedback`` (with ``pl-right`` or
``pl-wrong``), ``pl-quiz-score``; the bidding lesson's ``pl-bidding``,
``pl-hint``, ``pl-status``, ``pl-message``, ``pl-log``; :class:`RulesetChoice`'s
``pl-ruleset`` menu and ``pl-ruleset-description``; and, from
:mod:`pitchlab.widgets`, ``pl-card pl-card-<CODE>``, ``pl-bid-*`` and
``pl-suit-*``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as w

from pitchlab import drawing, plots
from pitchlab.actions import PASS as PASS_ACTION
from pitchlab.actions import Action, Bid, Pass
from pitchlab.cards import Card, Suit
from pitchlab.hand import Hand, Phase
from pitchlab.players import Decision, RuleBasedPlayer, estimate
from pitchlab.probability import (
    at_least,
    best_suit_distribution,
    percent,
    trump_count_distribution,
    trump_counts,
    trump_in,
)
from pitchlab.rules import TEN_POINT, Ruleset, ruleset, ruleset_names
from pitchlab.session import bid_text, describe, refusal, seat_name, verb
from pitchlab.widgets import (
    ActionBar,
    BidBar,
    SeededView,
    SuitChooser,
    View,
    card_button,
    classed,
    replace_children,
)
from pitchlab.widgets import style as page_style

LESSON_CSS = """
<style>
.pl-lesson { font-family: 'DejaVu Sans', Arial, sans-serif; max-width: 1000px; }
.pl-lesson h4 { margin: 10px 0 4px 0; font-size: 16px; }
.pl-note { color: #444; font-size: 14px; }
.pl-feedback { font-size: 16px; padding: 8px 12px; border-radius: 6px; min-height: 1.4em; }
.pl-feedback.pl-right { background: #eafaf1; border-left: 6px solid #1e8449; }
.pl-feedback.pl-wrong { background: #fdedec; border-left: 6px solid #c0392b; }
.pl-quiz-score { font-weight: bold; padding: 4px 0; }
.pl-odds { background: #f4f8fd; border-left: 5px solid #1f5fbf; padding: 6px 12px; border-radius: 4px;
  font-size: 15px; line-height: 1.5; }
.pl-trump-table { border-collapse: collapse; font-size: 15px; }
.pl-trump-table td, .pl-trump-table th { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left;
  vertical-align: middle; }
.pl-caption { text-align: center; font-size: 13px; color: #333; }
.widget-button.pl-card.pl-winner, .jupyter-button.pl-card.pl-winner { border: 4px solid #1e8449;
  background: #eafaf1; }
.pl-bidding .pl-log { max-height: none; }
.pl-plot .jp-RenderedPlotly { min-height: 440px; }
.pl-seat-hands td { padding: 2px 10px; vertical-align: middle; }
</style>
"""

RED = drawing.RED
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits in the order a hand is sorted: colours alternate, so the eye separates them."""
OPPONENTS_AND_PARTNER = (1, 2, 3)


def style() -> w.Box:
    """The stylesheet of the app's widgets plus the lessons' own."""
    return page_style(LESSON_CSS)


def _suit_html(suit: Suit) -> str:
    colour = RED if suit.is_red else drawing.BLACK
    return f'<span style="color:{colour};font-weight:bold">{suit.symbol}</span> {suit.name.lower()}'


class Picture:
    """Static HTML that shows itself in Jupyter and Voilà (an SVG, a table)."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (spades, hearts, clubs, diamonds: colours alternate), high first; jokers last."""

    def key(card: Card) -> tuple[int, int]:
        if card.suit is None or card.rank is None:
            return (len(SUIT_ORDER), 0)
        return (SUIT_ORDER.index(card.suit), -int(card.rank))

    return sorted(cards, key=key)


def trump_role_name(card: Card, suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """A card as trump, in words: ``A♥ (ace of trump)``, ``J♦ (the off-jack)``, ``Joker``."""
    role = rules.role_of(card, suit)
    if role is None:
        return f"{card.label} (not trump)"
    if card.is_joker:
        return "Joker"
    names = {"A": "ace of trump", "J": "jack of trump", "OJ": "the off-jack", "T": "ten of trump"}
    names |= {"3": "three of trump", "2": "two of trump"}
    return f"{card.label} ({names[role]})" if role in names else card.label


# ----------------------------------------------------------------- page 01


def seating_picture(dealer: int = 3) -> Picture:
    """The table from your chair: you at the bottom, your partner across, opponents left and right."""
    names = [seat_name(s) for s in range(4)]
    return Picture(drawing.table_svg(names, dealer=dealer, bids=[""] * 4, hand_sizes=[9] * 4, width=520))


def point_rows(suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> list[tuple[Card, str, int, str]]:
    """The point cards when ``suit`` is trump, from the ruleset: (card, what it is, points, who scores it).

    A role that stands for two cards (the joker) gives one row per card. The
    awards some rulesets add (High, Low, Game) are in :func:`drawing.point_rows`.
    """
    return [(card, what, points, who) for card, what, points, who in drawing.point_rows(suit, rules) if card]


def points_table(suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> Picture:
    """Everything that scores, the point cards drawn as cards, with their points and who scores them."""
    return Picture(drawing.points_table(suit, rules))


def points_sum(rules: Ruleset = TEN_POINT, suit: Suit = Suit.HEARTS) -> str:
    """The point cards added up, as one line of text."""
    rows = drawing.point_rows(suit, rules)
    terms = " + ".join(
        f"{card.label if card is not None else what.split(':')[0]} {points}" for card, what, points, _ in rows
    )
    when = "in every hand" if drawing.points_exact(rules) else "at most in a hand"
    return f"{terms} = {sum(points for _, _, points, _ in rows)} points {when}"


# ----------------------------------------------------------------- page 02


class DealExplorer(SeededView):
    """Deal a hand from a seed and look at it: your cards, which would be trump, and the exact odds.

    The seed box fixes the deal (the same seed always gives the same cards);
    **Deal a new hand** moves to the next seed.
    """

    def __init__(self, seed: int = 1, rules: Ruleset = TEN_POINT, dealer: int = 3) -> None:
        self.rules = rules
        self.dealer = dealer
        self.hand = Hand.deal(rules, dealer, seed)
        self.seed = seed
        self.seed_box = classed(
            w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px")), "pl-seed"
        )
        self.seed_box.observe(self._on_seed, names="value")
        self.deal_button = classed(
            w.Button(description="Deal a new hand", button_style="primary", icon="refresh"), "pl-deal"
        )
        self.deal_button.on_click(lambda _b: self.next_deal())
        self.show_others = classed(
            w.ToggleButton(
                value=False,
                description="Show the other hands",
                icon="eye",
                layout=w.Layout(width="210px"),
            ),
            "pl-show-others",
        )
        self.show_others.observe(lambda _c: self.refresh(), names="value")
        best = max(Suit, key=lambda s: trump_counts(self.cards, rules)[s])
        self.named = classed(
            w.ToggleButtons(
                options=[(f"{s.symbol} {s.name.title()}", s) for s in Suit],
                value=best,
                tooltips=[f"name {s.name.lower()} as trump" for s in Suit],
                style={"button_width": "110px"},
            ),
            "pl-named-suit",
        )
        self.named.observe(lambda _c: self.refresh(), names="value")
        self.your_hand = w.HTML()
        self.others = w.HTML()
        self.trump_table = w.HTML()
        self.odds = classed(w.HTML(), "pl-odds")
        self.plot = classed(w.Output(), "pl-plot")
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HBox([self.seed_box, self.deal_button, self.show_others]),
                    w.HTML("<h4>Your hand (nine cards, sorted by suit)</h4>"),
                    self.your_hand,
                    self.others,
                    w.HTML("<h4>Which of your cards would be trump?</h4>"),
                    self.trump_table,
                    w.HTML(
                        "<h4>How likely is a hand like yours?</h4>"
                        '<div class="pl-note">Pick a suit to name as trump:</div>'
                    ),
                    self.named,
                    self.odds,
                    self.plot,
                ]
            ),
            "pl-lesson",
            "pl-deal-explorer",
        )
        self.refresh()

    @property
    def cards(self) -> tuple[Card, ...]:
        """Your nine cards (seat 0)."""
        return self.hand.hand_of(0)

    def deal(self, seed: int) -> None:
        """Deal the hand of ``seed`` (the seed box calls this)."""
        self.seed = seed
        if self.seed_box.value != seed:
            self.seed_box.value = seed
        self.hand = Hand.deal(self.rules, self.dealer, seed)
        self.refresh()

    def next_deal(self) -> None:
        """Move to the next seed and deal it."""
        self.deal(self.seed + 1)

    def refresh(self) -> None:
        rules, cards = self.rules, self.cards
        self.your_hand.value = drawing.hand_svg(sort_hand(cards), 78, overlap=0.7)
        if self.show_others.value:
            rows = "".join(
                f"<tr><td><b>{seat_name(s)}</b></td><td>"
                f"{drawing.hand_svg(sort_hand(self.hand.hand_of(s)), 50, overlap=0.62)}</td></tr>"
                for s in OPPONENTS_AND_PARTNER
            )
            self.others.value = (
                f'<table class="pl-seat-hands">{rows}</table>'
                f'<div class="pl-note">The other {len(self.hand.stock_slots)} cards are the stock, face down.</div>'
            )
        else:
            self.others.value = '<div class="pl-note">The other hands are hidden, as at a real table.</div>'
        self.trump_table.value = self._trump_table_html()
        suit = self.named.value
        counts = trump_counts(cards, rules)
        self.odds.value = self._odds_html(suit, counts)
        fig = plots.trump_count_figure(suit, yours=counts[suit], your_best=max(counts.values()), rules=rules)
        self.figure = fig
        self.plot.outputs = ({"output_type": "display_data", "data": plots.mimebundle(fig), "metadata": {}},)

    def _trump_table_html(self) -> str:
        rules, cards = self.rules, self.cards
        rows = []
        for suit in Suit:
            trump = trump_in(cards, suit, rules)
            notes = []
            for card in dict.fromkeys(trump):
                role = rules.role_of(card, suit)
                if role == "OJ":
                    notes.append(f"{card.label} is the off-jack")
                elif card.is_joker:
                    n = trump.count(card)
                    notes.append("both jokers" if n == 2 else "a joker")
            pictures = drawing.hand_svg(trump, 40, overlap=1.08) if trump else "<i>none</i>"
            rows.append(
                f"<tr><td>{_suit_html(suit)}</td><td><b>{len(trump)}</b></td><td>{pictures}</td>"
                f"<td class='pl-note'>{escape(', '.join(notes))}</td></tr>"
            )
        return (
            '<table class="pl-trump-table"><tr><th>if trump is</th><th>trump</th>'
            "<th>your cards that would be trump (high to low)</th><th>note</th></tr>"
            f"{''.join(rows)}</table>"
        )

    def _odds_html(self, suit: Suit, counts: dict[Suit, int]) -> str:
        rules = self.rules
        k = counts[suit]
        named = trump_count_distribution(rules, suit)
        deck, trump, size = len(rules.deck), len(rules.trump_cards(suit)), rules.hand_size
        best_k = max(counts.values())
        best_suits = " or ".join(s.symbol for s in Suit if counts[s] == best_k)
        best = best_suit_distribution(rules)
        return (
            f"With {_suit_html(suit)} named you hold <b>{k}</b> trump. "
            f"Exactly {k} of {trump} trump in {size} cards from {deck}: "
            f"C({trump},{k})·C({deck - trump},{size - k}) / C({deck},{size}) = "
            f"<b>{percent(float(named[k]))}</b> of deals; at least {k}: {percent(float(at_least(k, named)))}.<br>"
            f"Your best suit is {best_suits} with <b>{best_k}</b> trump. The best of the four suits gives "
            f"exactly {best_k} in <b>{percent(float(best[best_k]))}</b> of deals, at least {best_k} in "
            f"{percent(float(at_least(best_k, best)))} (exact, counted over suit patterns)."
        )


# ----------------------------------------------------------------- page 03


def _power(card: Card, lead: Card, suit: Suit, rules: Ruleset) -> int:
    """How strong a card is in a trick led by ``lead``: any trump beats every other card;
    where suit is followed, a card of the plain suit led comes next, by its rank."""
    rank = rules.trump_rank(card, suit)
    if rank or rules.play_rule != "follow-suit":
        return 100 + rank if rank else 0
    if not rules.is_trump(lead, suit) and card.suit == lead.suit and card.rank is not None:
        return int(card.rank)
    return 0


def trick_winner(cards: Sequence[Card], suit: Suit, rules: Ruleset = TEN_POINT) -> int:
    """The position in the trick of the winning card: the highest trump, the first played among equals.

    Only a strictly higher card takes the lead from the card winning so far,
    which is how the first of two identical jokers beats the second. Where
    suit is followed (``play_rule == "follow-suit"``) a trick with no trump
    goes to the highest card of the suit led.
    """
    best, best_power = 0, -1
    for i, card in enumerate(cards):
        power = _power(card, cards[0], suit, rules)
        if power > best_power:
            best, best_power = i, power
    return best


def random_trick(
    rng: random.Random, suit: Suit, rules: Ruleset = TEN_POINT
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """A trick in play order, and the seats that played them.

    Where only trump is played: two to four different trump; about one trick
    in three holds both jokers (where they are identical), so the learner
    meets the "first joker wins" rule often. Where suit is followed: one
    card from each player, trump or not.
    """
    if rules.play_rule == "follow-suit":
        return _follow_suit_trick(rng, suit, rules)
    ladder = rules.trump_cards(suit)
    n = rng.choice((2, 3, 4))
    jokers = [i for i, c in enumerate(ladder) if c.is_joker]
    if len(jokers) == 2 and ladder[jokers[0]] == ladder[jokers[1]] and rng.random() < 0.35:
        others = [i for i in range(len(ladder)) if i not in jokers]
        picks = jokers + rng.sample(others, n - 2)
    else:
        picks = rng.sample(range(len(ladder)), n)
    rng.shuffle(picks)
    leader = rng.randrange(rules.players)
    seats = tuple((leader + i) % rules.players for i in range(n))
    return tuple(ladder[i] for i in picks), seats


def _follow_suit_trick(
    rng: random.Random, suit: Suit, rules: Ruleset
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """A follow-suit trick: a lead, then cards that mostly follow it, with some trump and some
    discards, so the quiz asks about both rules (trump wins; else the suit led)."""
    n = min(rules.players, 4)
    deck = list(dict.fromkeys(rules.deck))
    trump = [c for c in deck if rules.is_trump(c, suit)]
    lead = rng.choice(trump if rng.random() < 0.25 else [c for c in deck if c not in trump])
    cards = [lead]
    for _ in range(n - 1):
        roll = rng.random()
        if lead in trump:
            pool = trump if roll < 0.7 else deck
        elif roll < 0.55:
            pool = [c for c in deck if c.suit == lead.suit and c not in trump]
        elif roll < 0.8:
            pool = trump
        else:
            pool = deck
        pool = [c for c in pool if c not in cards] or [c for c in deck if c not in cards]
        cards.append(rng.choice(pool))
    leader = rng.randrange(rules.players)
    seats = tuple((leader + i) % rules.players for i in range(n))
    return tuple(cards), seats


def ladder_place(card: Card, suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Where a trump stands on the ladder, counted from the top: ``no. 1``, or ``no. 6-7`` for a
    repeated joker; ``not trump`` for any other card."""
    ladder = rules.trump(suit).cards
    if card not in ladder:
        return "not trump"
    first = ladder.index(card) + 1
    repeats = ladder.count(card)
    return f"no. {first}" if repeats == 1 else f"no. {first}-{first + repeats - 1}"


def possessive(seat: int, rules: Ruleset | None = None) -> str:
    """``your`` for the learner, else ``West's``."""
    name = seat_name(seat, 0, rules)
    return "your" if name == "You" else f"{name}'s"


def explain_trick(cards: Sequence[Card], seats: Sequence[int], suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Why the winning card wins, in a sentence or two, from the ruleset's trump order."""
    win = trick_winner(cards, suit, rules)
    card = cards[win]
    total = len(rules.trump_cards(suit))
    jokers = [i for i, c in enumerate(cards) if c.is_joker]
    twin_jokers = len(jokers) == 2 and cards[jokers[0]] == cards[jokers[1]]
    if not rules.is_trump(card, suit):
        lead = cards[0]
        text = (
            f"No trump fell, so the highest card of the suit led ({lead.suit.name.lower() if lead.suit else 'led'}) "
            f"wins: {card.label}. A card of another suit cannot win unless it is trump."
        )
    elif card.is_joker and twin_jokers:
        text = (
            "Both jokers fell and nothing higher did.\nThe two jokers are equal, so the one played first "
            f"wins: {possessive(seats[win], rules)} joker, the {_ordinal(win + 1)} card played."
        )
    else:
        text = f"{trump_role_name(card, suit, rules)} is {ladder_place(card, suit, rules)} of {total} on the ladder, the highest here."
        if rules.play_rule == "follow-suit" and any(not rules.is_trump(c, suit) for c in cards):
            text += "\nAny trump beats every card of the other suits, whatever suit was led."
        if twin_jokers:
            text += f"\nOf two jokers the first played beats the other, but both rank below {card.label}."
        if rules.role_of(card, suit) == "OJ" and jokers:
            text += "\nThe off-jack ranks just below the jack of trump and above both jokers."
    places = ", ".join(f"{c.label} {ladder_place(c, suit, rules)}" for c in cards)
    return f"{text}\nLadder places in play order: {places}."


def trump_family(suit: Suit, rules: Ruleset = TEN_POINT) -> str:
    """Which cards are trump, in words: "the off-jack J♦ and both jokers join the 13 hearts"."""
    trump = rules.trump(suit)
    extras = []
    roles = [trump.roles[c] for c in dict.fromkeys(trump.cards)]
    for role, words in (("OJ", "the off-jack"), ("OA", "the off-ace"), ("O3", "the off-three")):
        if role in roles:
            card = next(c for c in trump.cards if trump.roles[c] == role)
            extras.append(f"{words} {card.label}")
    if "JK" in roles:
        extras.append("both jokers")
    if "JKH" in roles or "JKL" in roles:
        extras.append("the high and the low joker")
    plain = sum(1 for r in roles if len(r) == 1 or r == "T")
    name = suit.name.lower()
    if not extras:
        return f"the {plain} {name} are trump"
    joined = extras[0] if len(extras) == 1 else ", ".join(extras[:-1]) + " and " + extras[-1]
    return f"{joined} join the {plain} {name}"


class TrumpQuiz(View):
    """Pick a trump suit, see its ladder, and say which card wins a random trick.

    Tricks come from ``random.Random(seed)``, so the same seed asks the same
    questions in the same order.
    """

    def __init__(self, seed: int = 1, suit: Suit = Suit.HEARTS, rules: Ruleset = TEN_POINT) -> None:
        self.rules = rules
        self.seed = seed
        self.rng = random.Random(seed)
        self.suit = suit
        self.cards: tuple[Card, ...] = ()
        self.seats: tuple[int, ...] = ()
        self.answered: int | None = None
        self.right = 0
        self.asked = 0
        self.message = ""
        self.suits = SuitChooser(self.set_suit)
        self.heading = w.HTML()
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.points = classed(w.HTML(), "pl-points")
        self.points_box = w.Accordion([self.points], titles=("What scores",), selected_index=None)
        self.prompt = w.HTML()
        self.trick_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = classed(w.HTML(), "pl-feedback")
        self.score = classed(w.HTML(), "pl-quiz-score")
        self.next_button = classed(
            w.Button(description="Next trick ▶", button_style="primary"), "pl-quiz-next"
        )
        self.next_button.on_click(lambda _b: self.new_trick())
        self.widget = classed(
            w.VBox(
                [
                    style(),
                    w.HTML("<h4>Choose the trump suit</h4>"),
                    self.suits,
                    self.heading,
                    self.ladder,
                    self.points_box,
                    w.HTML("<h4>Which card wins this trick? Click it.</h4>"),
                    self.prompt,
                    self.trick_box,
                    self.feedback,
                    w.HBox([self.next_button, self.score]),
                ]
            ),
            "pl-lesson",
            "pl-quiz",
        )
        self.new_trick()

    @property
    def winner(self) -> int:
        """The position in the trick of the winning card."""
        return trick_winner(self.cards, self.suit, self.rules)

    def set_suit(self, suit: Suit) -> None:
        """Make ``suit`` trump and ask a new trick in it."""
        self.suit = suit
        self.new_trick()

    def new_trick(self) -> None:
        """Deal the next random trick of the current trump suit."""
        self.cards, self.seats = random_trick(self.rng, self.suit, self.rules)
        self.answered = None
        self.message = ""
        self.refresh()

    def answer(self, position: int) -> bool:
        """The learner clicks the card at ``position`` in the trick; True if it wins.

        Clicking again after answering, or a position not in the trick,
        only sets a message.
        """
        if self.answered is not None:
            self.message = "You already answered this trick: press Next trick for another."
            self.refresh()
            return False
        if not 0 <= position < len(self.cards):
            self.message = f"There is no card {position + 1} in this trick; it has {len(self.cards)}."
            self.refresh()
            return False
        self.answered = position
        self.asked += 1
        correct = position == self.winner
        self.right += correct
        self.message = ""
        self.refresh()
        return correct

    @property
    def feedback_text(self) -> str:
        """What the page says about the answer (empty before one)."""
        if self.answered is None:
            return ""
        win, picked = self.winner, self.answered
        why = explain_trick(self.cards, self.seats, self.suit, self.rules)
        if picked == win:
            return f"Right: {self._named(win)} wins. {why}"
        card, best = self.cards[picked], self.cards[win]
        if card == best:  # the second of two equal jokers
            return (
                f"Not quite: that is the second joker; the first one played, {self._named(win)}, wins. {why}"
            )
        return f"Not quite: {self._named(win)} wins, not {self._named(picked)}. {why}"

    def _named(self, position: int) -> str:
        card = self.cards[position]
        plain_joker = card.is_joker and card.code == "JK"
        return f"{possessive(self.seats[position], self.rules)} {'joker' if plain_joker else card.label}"

    def refresh(self) -> None:
        rules, suit = self.rules, self.suit
        self.heading.value = (
            f"<h4>Trump: {_suit_html(suit)}. The ladder, highest on the left "
            f"({escape(trump_family(suit, rules))}):</h4>"
        )
        self.ladder.value = drawing.ladder_html(suit, rules, width=52)
        self.points.value = drawing.points_table(suit, rules, card_width=36)
        leader = seat_name(self.seats[0], 0, rules)
        follow = (
            " Suit is followed here: any trump beats the other suits; with no trump in the trick "
            "the highest card of the suit led wins."
            if rules.play_rule == "follow-suit"
            else ""
        )
        self.prompt.value = (
            f'<div class="pl-note">{leader} led; the cards are shown in the order they were played.'
            f"{follow}</div>"
        )
        boxes = []
        for i, (card, seat) in enumerate(zip(self.cards, self.seats, strict=True)):
            button = card_button(card, legal=self.answered is None)
            if self.answered is not None and i == self.winner:
                button.add_class("pl-winner")
                button.button_style = "success"
            button.on_click(lambda _b, pos=i: self.answer(pos))
            caption = w.HTML(
                f'<div class="pl-caption">{_ordinal(i + 1)}: {seat_name(seat, 0, self.rules)}</div>'
            )
            boxes.append(w.VBox([button, caption], layout=w.Layout(margin="0 8px 0 0", align_items="center")))
        replace_children(self.trick_box, boxes)
        text = self.message or self.feedback_text
        self.feedback.value = escape(text) if text else "Click the card you think wins."
        for cls in ("pl-right", "pl-wrong"):
            self.feedback.remove_class(cls)
        if self.answered is not None and not self.message:
            self.feedback.add_class("pl-right" if self.answered == self.winner else "pl-wrong")
        self.score.value = f"Right so far: {self.right} of {self.asked}" if self.asked else ""


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# ----------------------------------------------------------------- page 04


class BiddingLesson(SeededView):
    """A fresh deal's bidding: bots bid with their reasons, you bid with buttons that offer only legal bids.

    The seed fixes the deal and the dealer (``seed % 4``), so the dealer moves
    round the table from one deal to the next.
    """

    def __init__(self, seed: int = 1, rules: Ruleset = TEN_POINT) -> None:
        self.rules = rules
        self.bot = RuleBasedPlayer()
        self.seed = seed
        self.hand = Hand.deal(rules, seed % rules.players, seed)
        self.log: list[tuple[int, str, str]] = []
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
        self.your_hand = w.HTML()
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
                                layout=w.Layout(margin="0 0 0 16px", width="400px"),
                            ),
                        ]
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
        self.start(Hand.deal(self.rules, seed % self.rules.players, seed))

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
        self.message = refusal(lambda: self.hand.apply(action, 0))
        if self.message:
            self.refresh()
            return False
        self.log.append((0, verb("You", describe(action, self.rules)), ""))
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
            self.hint = f"A bot in your chair: {_bot_words(decision.action)}, because {decision.why}."
        self.refresh()

    def _run_bots(self) -> None:
        hand = self.hand
        while hand.phase is Phase.BID and hand.to_act not in (None, 0):
            seat = hand.to_act
            decision = self.bot.decide(hand.view(seat))
            hand.apply(decision.action, seat)
            said = verb(self._name(seat), describe(decision.action, self.rules, public=True))
            self.log.append((seat, said, decision.why))

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
        moon = bid_text(hand.bid, self.rules) == "Moon"
        said = verb(who, "wins the bid by shooting the moon" if moon else f"wins the bid at {hand.bid}")
        return f"Bidding over: {said} ({team}). Press New deal to try another hand."

    def refresh(self) -> None:
        hand, rules = self.hand, self.rules
        n = rules.players
        bids = [""] * n
        for i, value in enumerate(hand.bids):
            bids[(hand.dealer + 1 + i) % n] = bid_text(value, rules) if value else "pass"
        self.picture.value = drawing.table_svg(
            [self._name(s) for s in range(n)],
            dealer=hand.dealer,
            bids=bids,
            hand_sizes=[len(hand.hand_of(s)) for s in range(n)],
            bidder=hand.bidder,
            to_act=hand.to_act if hand.phase is Phase.BID else None,
            width=540,
            teams=rules.teams,
        )
        cards = hand.hand_of(0)
        self.your_hand.value = drawing.hand_svg(sort_hand(cards), 74, overlap=0.7)
        counts = trump_counts(cards, rules)
        self.suits_line.value = (
            '<div class="pl-note">Trump you would hold: '
            + " · ".join(f"{_suit_html(s)} <b>{counts[s]}</b>" for s in Suit)
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
        lines = []
        for _seat, text, why in self.log:
            lines.append(
                f"<div>{escape(text)}"
                + (f' <span class="pl-log-why">({escape(why)})</span>' if why else "")
                + "</div>"
            )
        if hand.phase is Phase.NAME_TRUMP and hand.bidder is not None and hand.bidder != 0:
            naming = self.bot_decision(hand.bidder)
            suit_words = describe(naming.action).removeprefix("names ")
            lines.append(
                f"<div><i>Next {escape(self._name(hand.bidder))} would name {escape(suit_words)}</i>"
                f' <span class="pl-log-why">({escape(naming.why)})</span></div>'
            )
        elif hand.phase is Phase.NAME_TRUMP:
            best = max((estimate(rules, cards, s) for s in Suit), key=lambda e: e.expected)
            lines.append(
                f"<div><i>You won the bid: next you name trump. Your strongest suit looks like "
                f"{escape(best.suit.symbol)} ({len(best.trump)} trump).</i></div>"
            )
        if rules.trump_choice == "first-lead" and hand.bidder is not None and hand.phase is Phase.PLAY:
            lines.append(
                f"<div><i>Next {escape(self._name(hand.bidder))} leads, and the suit of that first card "
                "is trump.</i></div>"
            )
        dealer = self._name(hand.dealer)
        head = f"<div class='pl-note'>{escape(verb(dealer, 'deals'))}; bidding starts at the dealer's left.</div>"
        self.log_box.value = head + "".join(lines)


# ------------------------------------------------------------- any page


class RulesetChoice(View):
    """A ruleset menu above a lesson: choosing a ruleset shows its description, its trump
    ladder and what scores in it, and rebuilds the lesson under it.

    ``make`` builds the lesson from ``rules=`` and ``kwargs``, e.g.
    ``RulesetChoice(TrumpQuiz, seed=3)``. ``ladder`` and ``points`` show the
    ladder and the points table for ``suit`` (turn them off for a lesson that
    draws its own). The menu starts at ``ruleset`` (ten-point by default).
    Stable CSS classes: ``pl-ruleset``, ``pl-ruleset-description``.
    """

    def __init__(
        self,
        make: Callable[..., View],
        *,
        ruleset: str = TEN_POINT.name,
        ladder: bool = True,
        points: bool = True,
        suit: Suit = Suit.HEARTS,
        **kwargs: object,
    ) -> None:
        self.make = make
        self.kwargs = kwargs
        self.suit = suit
        self.menu = classed(
            w.Dropdown(
                options=ruleset_names(), value=ruleset, description="Ruleset", layout=w.Layout(width="300px")
            ),
            "pl-ruleset",
        )
        self.menu.observe(lambda change: self.choose(str(change["new"])), names="value")
        self.description = classed(w.HTML(), "pl-ruleset-description")
        self.ladder = w.HTML(layout=w.Layout(overflow="auto"))
        self.points = classed(w.HTML(), "pl-points")
        self.ladder.layout.display = None if ladder else "none"
        self.points.layout.display = None if points else "none"
        self.holder = w.VBox()
        self.page: View | None = None
        self.widget = classed(
            w.VBox([style(), self.menu, self.description, self.ladder, self.points, self.holder]),
            "pl-lesson",
            "pl-ruleset-choice",
        )
        self.choose(ruleset)

    @property
    def rules(self) -> Ruleset:
        return ruleset(str(self.menu.value))

    def choose(self, name: str) -> None:
        """Show the named ruleset and rebuild the lesson under it (the menu does this)."""
        if self.menu.value != name:
            self.menu.value = name  # observed: comes back here
            return
        rules = ruleset(name)
        self.description.value = (
            f"<div class='pl-note' style='line-height:1.45'>{escape(rules.description)}</div>"
        )
        suit = self.suit
        self.ladder.value = (
            f"<h4>The trump ladder with {_suit_html(suit)} trump, highest on the left "
            f"({escape(trump_family(suit, rules))})</h4>" + drawing.ladder_html(suit, rules, width=44)
        )
        self.points.value = "<h4>What scores</h4>" + drawing.points_table(suit, rules, card_width=32)
        self.page = self.make(rules=rules, **self.kwargs)
        replace_children(self.holder, [self.page.widget])


def _bot_words(action: Action) -> str:
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return f"bid {action.value}"
    return str(action)


__all__ = [
    "BiddingLesson",
    "DealExplorer",
    "Picture",
    "RulesetChoice",
    "TrumpQuiz",
    "explain_trick",
    "ladder_place",
    "point_rows",
    "points_sum",
    "points_table",
    "possessive",
    "random_trick",
    "seating_picture",
    "sort_hand",
    "style",
    "trick_winner",
    "trump_family",
    "trump_role_name",
]
