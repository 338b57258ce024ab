"""Lesson 3, Bayes from the draw counts: the working parts the notebook calls.

The lesson (``notebooks/lessons/03-bayes-from-the-draws.ipynb``) asks what a
public draw count says about a hidden hand, and answers it three ways that
must agree: a Bayes table worked by hand, the exact count of
:mod:`pitchlab.odds.inference`, and a simulation that deals many hands and keeps
only those the table could not tell apart from what it saw. Everything with
a loop or a rule in it lives here, where a test can reach it; the notebook
only asks and checks.

* **The evidence** (:func:`kept_given_draw`, :func:`draw_likelihood`,
  :func:`draw_says`): the refill rule run forwards for every count a seat
  could have kept, so the words and the likelihoods come from the rule
  itself and cannot drift from it.
* **Bayes' rule** (:func:`bayes_table`): prior times likelihood, summed to
  the chance of the evidence, divided through. Exact fractions, so a
  notebook can check every cell against ``math.comb``.
* **Rejection sampling** (:func:`rejection_sample`): deal with my hand
  fixed, run the refill on every deal at once (numpy, via
  :mod:`pitchlab.odds.sampling`), keep the deals whose public evidence matches,
  and count where the trump ended up. Its share of kept deals is the chance
  of the evidence, the denominator of Bayes' rule.
* **A hand as it is played** (:func:`replay`, :func:`moments_table`): the
  posterior sharpening trick by trick.
* **Figures and tables** for the page, built here rather than in
  :mod:`pitchlab.ui.plots` so the lesson owns its look.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Generic, TypeVar

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go
from numpy.typing import NDArray
from plotly.subplots import make_subplots

from pitchlab.bots.simulation import Progress
from pitchlab.engine.actions import Action
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.errors import PitchError
from pitchlab.engine.hand import Hand
from pitchlab.engine.presets import TEN_POINT
from pitchlab.engine.refill import cards_drawn
from pitchlab.engine.rules import Ruleset
from pitchlab.lessons.classroom import common
from pitchlab.odds import sampling
from pitchlab.odds.inference import Posterior, posterior_given
from pitchlab.odds.probability import Distribution, percent, refill_order, stock_left, stock_size
from pitchlab.odds.stats import Estimate, agrees, proportion
from pitchlab.ui import classroom, plots
from pitchlab.ui.markup import Markup, escape, html
from pitchlab.ui.pictures import Picture, table
from pitchlab.ui.widgets import View, classed

H = TypeVar("H", bound=Hashable)


# ------------------------------------------------------------------ the evidence


def kept_given_draw(drew: int, left: int, rules: Ruleset = TEN_POINT) -> tuple[int, ...]:
    """Every number of trump a seat could have kept, having drawn ``drew`` cards with ``left`` in the stock.

    The refill rule is run forwards for each count ``t`` the seat could have
    been dealt: it wants ``refill_to - t`` cards (none with six or more) and
    gets no more than the stock holds (the engine's count,
    :func:`pitchlab.engine.refill.cards_drawn`). The counts that give ``drew`` are the
    ones the draw allows. Written this way, rather than as the three cases a
    person states (exactly ``6 - d``; six or more; at most ``6 - d`` when it
    emptied the stock), so that the cases follow from the rule and a test can
    confirm them instead of copying them.
    """
    if isinstance(left, bool) or not isinstance(left, int) or not 0 <= left <= stock_size(rules):
        raise PitchError(f"the stock holds 0-{stock_size(rules)} cards, not {left!r}")
    top = cards_drawn(0, left, rules)  # the most a seat draws: what one with no trump does
    if isinstance(drew, bool) or not isinstance(drew, int) or not 0 <= drew <= top:
        raise PitchError(f"with {left} cards in the stock a seat draws 0-{top}, not {drew!r}")
    return tuple(t for t in range(rules.hand_size + 1) if cards_drawn(t, left, rules) == drew)


def draw_likelihood(drew: int, left: int, rules: Ruleset = TEN_POINT) -> Distribution:
    """P(the seat draws ``drew`` | it kept ``t`` trump), for every ``t``: 1 if the rule gives ``drew``, else 0.

    The refill has no chance in it once the deal is made, so the likelihood
    of a draw count is all or nothing: Bayes' rule then crosses out the
    impossible counts and rescales the rest.
    """
    allowed = set(kept_given_draw(drew, left, rules))
    return {t: Fraction(int(t in allowed)) for t in range(rules.hand_size + 1)}


def draw_says(drew: int, left: int, rules: Ruleset = TEN_POINT) -> str:
    """What a draw count tells the table, in words, read off :func:`kept_given_draw`."""
    kept = kept_given_draw(drew, left, rules)
    cards = "card" if drew == 1 else "cards"
    if len(kept) == rules.hand_size + 1:
        return f"drew {drew} {cards} from an empty stock: it kept any number of trump (the draw says nothing)"
    if len(kept) == 1:
        return f"drew {drew} {cards} with {left} in the stock: it kept exactly {kept[0]} trump"
    if kept[-1] == rules.hand_size:
        return f"drew {drew} {cards} with {left} in the stock: it kept {kept[0]} or more trump"
    return f"drew the last {drew} {cards} of the stock: it kept at most {kept[-1]} trump"


# ------------------------------------------------------------------ Bayes' rule


@dataclass(frozen=True)
class BayesRow(Generic[H]):
    """One hypothesis: its prior, the likelihood of the evidence under it, their product, its posterior."""

    hypothesis: H
    prior: Fraction
    likelihood: Fraction
    product: Fraction
    posterior: Fraction


@dataclass(frozen=True)
class BayesTable(Generic[H]):
    """Bayes' rule laid out row by row, exactly, as a lesson shows it.

    ``evidence`` is P(E), the sum of the products: the law of total
    probability, and the number every posterior is divided by.
    """

    rows: tuple[BayesRow[H], ...]
    evidence: Fraction
    hypothesis: str = "H"
    """How the first column is headed, e.g. ``trump seat 2 kept``."""
    given: str = "E"
    """A short name of the evidence for the column heads, e.g. ``drew 4``."""

    def posterior(self) -> dict[H, Fraction]:
        """P(H | E) for each hypothesis."""
        return {r.hypothesis: r.posterior for r in self.rows}

    def _repr_html_(self) -> str:
        head = [
            escape(self.hypothesis),
            "prior<br>P(H)",
            html("likelihood<br>P({} | H)", self.given),
            html("product<br>P({} | H)·P(H)", self.given),
            html("posterior<br>P(H | {})", self.given),
        ]
        body = [
            [
                escape(str(r.hypothesis)),
                _exact(r.prior),
                _exact(r.likelihood),
                _exact(r.product),
                f"<b>{_exact(r.posterior)}</b>" if r.posterior else _exact(r.posterior),
            ]
            for r in self.rows
        ]
        total = sum((r.prior for r in self.rows), Fraction(0))
        body.append(
            ["total", _exact(total), "", html("<b>P({}) = {}</b>", self.given, _exact(self.evidence)), "1"]
        )
        caption = html(
            "posterior = product ÷ P({given}); P({given}) is the sum of the products. "
            "Fractions are exact; long ones are shown as percentages.",
            given=self.given,
        )
        return table(head, body, caption, css="pl-bayes-table").html


def bayes_table(
    prior: Mapping[H, Fraction],
    likelihood: Mapping[H, Fraction],
    *,
    hypothesis: str = "H",
    given: str = "E",
) -> BayesTable[H]:
    """Bayes' rule on a list of hypotheses: ``P(H | E) = P(E | H) P(H) / P(E)``.

    ``prior`` must add up to exactly 1 (a prior that does not is a mistake
    worth catching, not normalising away); ``likelihood`` gives P(E | H) for
    the same hypotheses. Raises :class:`PitchError` if the evidence is
    impossible under every hypothesis: there is then nothing to divide by.
    """
    if set(prior) != set(likelihood):
        raise PitchError("the prior and the likelihood must cover the same hypotheses")
    total = sum(prior.values(), Fraction(0))
    if total != 1:
        raise PitchError(f"a prior adds up to 1, this one to {total}")
    for h in prior:
        if not 0 <= prior[h] <= 1 or not 0 <= likelihood[h] <= 1:
            raise PitchError(f"{h}: probabilities lie between 0 and 1")
    products = {h: Fraction(prior[h]) * Fraction(likelihood[h]) for h in prior}
    evidence = sum(products.values(), Fraction(0))
    if not evidence:
        raise PitchError("the evidence is impossible under every hypothesis")
    rows = tuple(
        BayesRow(h, Fraction(prior[h]), Fraction(likelihood[h]), products[h], products[h] / evidence)
        for h in prior
    )
    return BayesTable(rows, evidence, hypothesis, given)


def worked_posterior(prior: Mapping[H, Fraction], likelihood: Mapping[H, Fraction]) -> dict[H, Fraction]:
    """Bayes' rule in three steps: multiply, add up, divide."""
    product = {h: prior[h] * likelihood[h] for h in prior}  # prior × likelihood
    evidence = sum(product.values(), Fraction(0))  # P(E): the law of total probability
    return {h: p / evidence for h, p in product.items()}  # normalise: the answers add up to 1


def working() -> Picture:
    """The lines of :func:`worked_posterior`, shown in the page as code (Voilà hides code cells)."""
    return common.working(
        worked_posterior,
        caption=Markup(
            "The working: Bayes' rule on plain dictionaries of fractions, checked against "
            "<code>bayes_table</code> on both tables above."
        ),
    )


# ------------------------------------------------------------ rejection sampling


@dataclass(frozen=True, eq=False)
class Rejection:
    """What a rejection sampler kept: the deals that look, to one seat, exactly like the real table.

    ``counts[s][k]`` is how many kept deals left seat ``s`` holding ``k``
    trump after the refill; ``holders[card][s]`` how many left seat ``s``
    holding (a copy of) ``card``.
    """

    seat: int
    dealt: int
    kept: int
    counts: dict[int, NDArray[np.int_]]
    holders: dict[Card, NDArray[np.int_]] = field(default_factory=dict)

    def acceptance(self) -> Estimate:
        """The share of deals kept: an estimate of P(evidence), the denominator of Bayes' rule."""
        return proportion(self.kept, self.dealt)

    def count_estimates(self, seat: int) -> dict[int, Estimate]:
        """The estimated chance that ``seat`` holds each number of trump, among the kept deals."""
        self._need_some()
        return {k: proportion(int(c), self.kept) for k, c in enumerate(self.counts[seat])}

    def chance(self, card: Card, seat: int) -> Estimate:
        """The estimated chance that ``seat`` holds ``card`` (a copy of it, for a joker), among the kept deals."""
        self._need_some()
        return proportion(int(self.holders[card][seat]), self.kept)

    def _need_some(self) -> None:
        if not self.kept:
            raise PitchError(f"none of the {self.dealt:,} deals matched the table: deal more")


def _stock_owner(drawn: Sequence[int], dealer: int, bidder: int, rules: Ruleset) -> NDArray[np.int_]:
    """Who ends up with each stock position: the seats in refill order, then the bidder takes the rest."""
    owner = np.full(stock_size(rules), bidder, dtype=np.int_)
    pos = 0
    for s in refill_order(dealer, rules):
        owner[pos : pos + drawn[s]] = s
        pos += drawn[s]
    return owner


def _trump_signature(rules: Ruleset, suit: Suit) -> NDArray[np.int64]:
    """A number per slot such that a set of slots sums to the same total exactly when it holds the same trump.

    Each distinct trump gets two bits of its own (the deck holds a card at
    most twice), plain cards 0, so the two identical jokers count as the
    same card, as the table sees them.
    """
    ids: dict[Card, int] = {}
    weights = np.zeros(len(rules.deck), dtype=np.int64)
    for slot, card in enumerate(rules.deck):
        if rules.is_trump(card, suit):
            weights[slot] = 1 << (2 * ids.setdefault(card, len(ids)))
    if max(rules.deck.count(c) for c in ids) > 3 or len(ids) > 30:
        raise PitchError(f"{rules.name}: too many trump for the sampler's signature")
    return weights


def rejection_sample(
    hand: Iterable[Card],
    suit: Suit,
    seat: int,
    dealer: int,
    bidder: int,
    drawn: Sequence[int],
    *,
    n: int,
    seed: sampling.Seed,
    drew: Iterable[Card] = (),
    remainder: Iterable[Card] = (),
    watch: Iterable[Card] = (),
    hand_sizes: Sequence[int] | None = None,
    rules: Ruleset = TEN_POINT,
    chunk: int = sampling.CHUNK,
    progress: Progress | None = None,
) -> Rejection:
    """Deal ``n`` times with ``hand`` at ``seat``, keep the deals the table could not tell from the real one.

    The table saw (the same inputs as :func:`pitchlab.odds.inference.posterior_given`
    just after the refill and an empty bury):

    * every seat's draw count ``drawn``;
    * ``seat``'s own draw ``drew`` and, as bidder, the ``remainder`` of the
      stock: a deal is kept if the *trump* among those cards are the same
      (which plain cards they were changes nothing about where the trump
      are, since plain cards are interchangeable, and asking for them too
      would throw away almost every deal);
    * nothing buried face up, so no seat holds more than ``keep_trump``;
    * if given, every seat's ``hand_sizes``: the cards it holds after the
      refill, which for the bidder counts the trump it took from the rest of
      the stock (the rest it threw away), a number the table sees and the
      draw counts alone do not give.

    The bids are ignored, as the exact count ignores them: ``bidder`` is
    simply given. Counting the kept deals' trump is Bayes' rule by brute
    force, with every deal equally likely beforehand.
    """
    for who, what in ((seat, "seat"), (dealer, "dealer"), (bidder, "bidder")):
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < rules.players:
            raise PitchError(f"{what} must be a seat 0-{rules.players - 1}, not {who!r}")
    mine = list(hand)
    if len(mine) != rules.hand_size:
        raise PitchError(f"a dealt hand holds {rules.hand_size} cards, not {len(mine)}")
    drawn = tuple(drawn)
    left = stock_left(drawn, dealer, rules)  # refuses counts the refill cannot produce
    seen_draw, seen_rest = list(drew), list(remainder)
    rest = stock_size(rules) - sum(drawn)
    if len(seen_draw) != drawn[seat]:
        raise PitchError(f"seat {seat} drew {drawn[seat]} cards, but {len(seen_draw)} are listed")
    if len(seen_rest) != (rest if seat == bidder else 0):
        raise PitchError(
            f"the rest of the stock is {rest} cards, seen only by the bidder; {len(seen_rest)} are listed"
        )
    players, keep, size = rules.players, rules.keep_trump, rules.hand_size
    sizes = None if hand_sizes is None else np.array(tuple(hand_sizes), dtype=np.int_)
    if sizes is not None and sizes.shape != (players,):
        raise PitchError(f"hand sizes: expected one for each of {players} seats, got {len(sizes)}")
    start = stock_size(rules) - left[seat]
    mine_at = list(range(start, start + drawn[seat]))
    if seat == bidder:
        mine_at += list(range(stock_size(rules) - rest, stock_size(rules)))
    weights = _trump_signature(rules, suit)
    target_signature = int(weights[sampling.slots_of(seen_draw + seen_rest, rules)].sum())
    target = np.array(drawn, dtype=np.int_)
    owner = _stock_owner(drawn, dealer, bidder, rules)
    trump_slot = sampling.trump_table(rules)[:, suit]
    watched = {Card(c): [s for s, d in enumerate(rules.deck) if d == Card(c)] for c in watch}
    dealt_at = players * size
    counts = {s: np.zeros(keep + 1, dtype=np.int_) for s in range(players) if s != seat}
    holders = {c: np.zeros(players, dtype=np.int_) for c in watched}
    kept = done = 0
    for deals in sampling.iter_full_deals(n, seed, hand=mine, seat=seat, rules=rules, chunk=chunk):
        got, _short = sampling.refill_draws(sampling.trump_counts(deals.hands, suit, rules), rules, dealer)
        order = deals.order[(got == target).all(axis=1)]
        stock = order[:, dealt_at:]
        same = weights[stock[:, mine_at]].sum(axis=1) == target_signature
        order, stock = order[same], stock[same]
        held = sampling.trump_counts(order[:, :dealt_at].reshape(-1, players, size), suit, rules)
        stock_trump = trump_slot[stock]
        fits = np.ones(len(order), dtype=bool)
        if sizes is not None:  # kept trump + cards drawn (dead or not) + the bidder's trump from the rest
            taken = stock_trump[:, stock_size(rules) - rest :].sum(axis=1)
            shown = held + target
            shown[:, bidder] += taken
            fits = (shown == sizes).all(axis=1)
        for s in range(players):
            held[:, s] += stock_trump[:, owner == s].sum(axis=1)
        fits &= (held <= keep).all(axis=1)
        order, held = order[fits], held[fits]
        kept += len(order)
        for s in counts:
            counts[s] += np.bincount(held[:, s], minlength=keep + 1)
        for card, slots in watched.items():
            found = np.zeros((len(order), players), dtype=bool)
            for slot in slots:
                position = (order == slot).argmax(axis=1)
                in_stock = np.clip(position - dealt_at, 0, None)
                place = np.where(position < dealt_at, position // size, owner[in_stock])
                found[np.arange(len(order)), place] = True
            holders[card] += found.sum(axis=0)
        done += deals.n
        if progress is not None:
            progress(done, n)
    return Rejection(seat, n, kept, counts, holders)


# --------------------------------------------------------- a hand as it is played


def replay(seed: int, actions: Sequence[Action], *, dealer: int = 0, rules: Ruleset = TEN_POINT) -> Hand:
    """The hand dealt from ``seed``, with ``actions`` applied in order, each by the seat whose turn it is.

    A lesson writes its hand's bids and cards out in full rather than letting
    the bots choose them: the bots' habits may change, and a page about one
    hand must show that same hand. Replaying a prefix of the actions gives
    the same hand at an earlier moment. An illegal action raises the
    engine's :class:`~pitchlab.engine.errors.IllegalAction`.
    """
    hand = Hand.deal(rules, dealer=dealer, seed=seed)
    for action in actions:
        hand.apply(action)
    return hand


def known_out(post: Posterior) -> list[int]:
    """The seats the posterior is sure hold no unseen trump."""
    return [s for s, dist in post.counts.items() if dist.get(0) == 1]


def moments_table(moments: Sequence[tuple[str, Posterior]], card: Card) -> Picture:
    """One row per moment of a hand: the unseen trump, and for each other seat its expected trump and its chance of ``card``.

    A seat sure to hold nothing is marked *out*; a ``card`` already seen is
    marked *seen* (the posterior no longer asks where it is).
    """
    if not moments:
        raise PitchError("no moments to show")
    seats = list(moments[0][1].counts)
    head = ["moment", "unseen trump", *(f"seat {s}" for s in seats)]
    body = []
    for label, post in moments:
        out = set(known_out(post))
        cells = [escape(label), str(len(post.unseen))]
        for s in seats:
            if s in out:
                cells.append("<b>out</b>: 0 trump")
                continue
            where = (
                f"{card.label}: {percent(post.chance(card, s))}"
                if card in post.where
                else f"{card.label}: seen"
            )
            cells.append(html("{:.2f} trump<br>{}", float(post.expected(s)), where))
        body.append(cells)
    return table(
        head,
        body,
        html("each seat: the unseen trump it holds on average, and the chance it holds the {}", card.label),
        css="pl-moments-table",
    )


# ------------------------------------------------------- what the hand sizes add


def sizes_after_refill(
    drawn: Sequence[int], dealer: int, bidder: int, taken: int, rules: Ruleset = TEN_POINT
) -> tuple[int, ...]:
    """The cards each seat holds after the refill, as the table sees them, when nobody buried.

    A seat that had cards to spare holds ``refill_to`` (its trump plus the
    cards it drew, dead or not; one that drew nothing kept six or more and,
    burying nothing, holds exactly six). The bidder holds that many plus
    the ``taken`` trump of the rest of the stock. A seat that emptied the
    stock holds what it kept plus its draw, which only its hand size tells:
    that is evidence of its own, so it is refused here rather than guessed.
    """
    left = stock_left(drawn, dealer, rules)
    short = [s for s in range(rules.players) if 0 < left[s] <= drawn[s] or left[s] == 0]
    if short:
        raise PitchError(f"seat {short[0]} emptied the stock: its hand size is its own evidence, give it")
    rest = stock_size(rules) - sum(drawn)
    if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= rest:
        raise PitchError(f"the bidder took 0-{rest} trump from the rest of the stock, not {taken!r}")
    return tuple(rules.refill_to + (taken if s == bidder else 0) for s in range(rules.players))


@dataclass(frozen=True)
class SeatSaw:
    """What one seat saw by the end of the refill: the inputs of :func:`pitchlab.odds.inference.posterior_given`.

    Kept together so the lesson's table is written once, and a slider can
    change one number of it (:meth:`with_draw`) and ask again.
    """

    hand: tuple[Card, ...]
    suit: Suit
    seat: int
    dealer: int
    bidder: int
    drawn: tuple[int, ...]
    drew: tuple[Card, ...]
    rules: Ruleset = TEN_POINT

    @property
    def rest(self) -> int:
        """The cards left in the stock after the four draws: the bidder takes them."""
        return stock_size(self.rules) - sum(self.drawn)

    def with_draw(self, seat: int, cards: int) -> SeatSaw:
        """The same table, with ``seat`` having drawn ``cards``."""
        drawn = list(self.drawn)
        drawn[seat] = cards
        return SeatSaw(
            self.hand, self.suit, self.seat, self.dealer, self.bidder, tuple(drawn), self.drew, self.rules
        )

    def posterior(self, taken: int | None = None) -> Posterior:
        """The exact posterior; with ``taken``, also given the bidder's hand size (its trump from the stock)."""
        sizes = (
            None
            if taken is None
            else sizes_after_refill(self.drawn, self.dealer, self.bidder, taken, self.rules)
        )
        return posterior_given(
            self.hand,
            self.suit,
            self.seat,
            self.dealer,
            self.bidder,
            self.drawn,
            drew=self.drew,
            hand_sizes=sizes,
            rules=self.rules,
        )


class DrawExplorer(View):
    """Two sliders, one chart: where a card is, against one seat's draw count and the bidder's hand size.

    The chart shows the exact chance that each other seat holds ``card``,
    twice: ignoring the bidder's hand size (grey) and using it (blue), so
    the learner sees what the number of cards in the bidder's hand adds.
    Every answer is exact and cached, so a move costs one small count the
    first time and a lookup after; :attr:`last_ms` keeps how long the last
    redraw took. A setting no deal fits gets a message, and the chart keeps
    the last setting that fits (named in the message).
    """

    def __init__(self, saw: SeatSaw, card: Card, *, sliding: int, taken: int = 0) -> None:
        self.saw, self.card, self.sliding = saw, card, sliding
        rules = saw.rules
        left = stock_left(saw.drawn, saw.dealer, rules)[sliding]
        self._cache: dict[tuple[int, int | None], Posterior | None] = {}
        self.draw_slider = classed(
            w.IntSlider(
                value=saw.drawn[sliding],
                min=0,
                max=cards_drawn(0, left, rules),
                description=f"cards seat {sliding} drew",
                continuous_update=False,
                style={"description_width": "initial"},
            ),
            "pl-slider",
            "pl-draw-slider",
        )
        self.taken_slider = classed(
            w.IntSlider(
                value=taken,
                min=0,
                max=rules.refill_to - 1,
                description=f"trump seat {saw.bidder} took",
                continuous_update=False,
                style={"description_width": "initial"},
            ),
            "pl-slider",
            "pl-taken-slider",
        )
        self.text = classed(w.HTML(), "pl-explorer-text")
        self.box = classroom.FigureBox()
        self.plot = classed(self.box.output, "pl-explorer-plot")
        self.figure: go.Figure | None = None
        self.shown: tuple[int, int] | None = None
        """The setting the chart shows (seat's draw, trump taken)."""
        self.last_ms = 0.0
        self.widget = classed(
            w.VBox(
                [
                    w.HBox([self.draw_slider, self.taken_slider], layout=w.Layout(flex_flow="row wrap")),
                    self.text,
                    self.plot,
                ]
            ),
            "pl-draw-explorer",
        )
        self.draw_slider.observe(lambda change: self.redraw(drew=int(change["new"])), names="value")
        self.taken_slider.observe(lambda change: self.redraw(taken=int(change["new"])), names="value")
        self.redraw()

    def posterior(self, drew: int, taken: int | None) -> Posterior | None:
        """The exact posterior for a setting (``taken=None``: ignoring the hand size), or None if no deal fits."""
        key = (drew, taken)
        if key not in self._cache:
            try:
                self._cache[key] = self.saw.with_draw(self.sliding, drew).posterior(taken)
            except PitchError:
                self._cache[key] = None
        return self._cache[key]

    def possible_taken(self, drew: int) -> list[int]:
        """The trump the bidder can have taken from the stock when the sliding seat drew ``drew``."""
        return [r for r in range(self.taken_slider.max + 1) if self.posterior(drew, r) is not None]

    def redraw_cases(self) -> Iterator[tuple[str, Callable[[], object]]]:
        """Slider moves for the benchmark (:class:`pitchlab.ui.classroom.Redraw`): each slider
        to a new value, counted already (a lookup) and not yet (the count itself, the slowest)."""
        yield "seat's draw, counted", lambda: self.redraw(drew=5, taken=1)
        yield "trump taken, counted", lambda: self.redraw(drew=4, taken=2)
        yield "not yet counted", self._first_time

    def _first_time(self) -> None:
        self._cache.clear()
        self.redraw(drew=3, taken=2)

    def redraw(self, *, drew: int | None = None, taken: int | None = None) -> None:
        """Show a setting: count (or look up) its posteriors, then the words and the chart.

        A value not given is the slider's. This is the whole work of one slider move, the
        method each slider's observer calls with its new value (:meth:`redraw_cases` times it).
        """
        started = time.perf_counter()
        drew = int(self.draw_slider.value) if drew is None else drew
        taken = int(self.taken_slider.value) if taken is None else taken
        saw, card = self.saw.with_draw(self.sliding, drew), self.card
        without, given = self.posterior(drew, None), self.posterior(drew, taken)
        left = stock_left(saw.drawn, saw.dealer, saw.rules)[self.sliding]
        seat_says = escape(draw_says(drew, left, saw.rules))
        unburied = [t for t in kept_given_draw(drew, left, saw.rules) if t <= saw.rules.keep_trump]
        if drew == 0 and len(unburied) == 1:  # "six or more", and nobody buried: exactly six
            seat_says += f", and it buried none: exactly {unburied[0]}"
        if without is None or given is None:
            can = self.possible_taken(drew)
            was = (
                f" The chart still shows seat {self.sliding} drawing {self.shown[0]} and seat {saw.bidder} "
                f"taking {self.shown[1]}."
                if self.shown
                else ""
            )
            self.text.value = (
                f"<div class='pl-feedback pl-wrong'>No deal fits: when seat {self.sliding} draws {drew}, seat "
                f"{saw.bidder} can have taken {_listed(can)} trump from the stock, not {taken}.{was}</div>"
            )
            self.last_ms = (time.perf_counter() - started) * 1000
            return
        others = list(given.counts)
        bidder = saw.bidder
        self.text.value = html(
            "<div class='pl-note'>Seat {seat} {says}. Seat {bidder} holds "
            "{cards} cards: {refill} after its draw and {taken} trump of the "
            "{rest} cards left in the stock. The {card} is with seat {bidder} with chance "
            "<b>{given}</b> ({without} if you ignore its hand size).</div>",
            seat=self.sliding,
            says=seat_says,
            bidder=bidder,
            cards=saw.rules.refill_to + taken,
            refill=saw.rules.refill_to,
            taken=taken,
            rest=saw.rest,
            card=card.label,
            given=percent(given.chance(card, bidder)),
            without=percent(without.chance(card, bidder)),
        )
        series = {
            f"ignoring seat {bidder}'s hand size": [without.chance(card, s) for s in others],
            f"seat {bidder} holds {saw.rules.refill_to + taken} cards": [
                given.chance(card, s) for s in others
            ],
        }
        title = f"Where is the {card.label}?<br>Seat {self.sliding} drew {drew}, seat {bidder} took {taken}"
        if (
            self.figure is None
        ):  # built once: a new plotly figure costs far more than the 250 ms a move may take
            self.figure = where_figure(
                card,
                {
                    name: {f"seat {s}": p for s, p in zip(others, ps, strict=True)}
                    for name, ps in series.items()
                },
                title=title,
            )
            self.figure.update_yaxes(range=[0, 115])
            self.figure.update_layout(margin={"t": 90}, height=470)
            _legend_below(self.figure, bottom=130, gap=70)  # short labels, never tilted: less room below
        else:  # only the numbers and the words change
            with self.figure.batch_update():
                for trace, (name, ps) in zip(self.figure.data, series.items(), strict=True):
                    trace.y = [float(p) * 100 for p in ps]
                    trace.text = [f"{float(p) * 100:.1f}%" for p in ps]
                    trace.name = name
                self.figure.layout.title.text = title
        self.box.draw(self.figure)
        self.shown = (drew, taken)
        self.last_ms = (time.perf_counter() - started) * 1000


def _listed(values: Sequence[int]) -> str:
    """``[0, 1, 2]`` as "0-2", ``[0]`` as "only 0", nothing as "no"."""
    if not values:
        return "no"
    if len(values) == 1:
        return f"only {values[0]}"
    return f"{values[0]}-{values[-1]}"


LESSON = SeatSaw(
    hand=tuple(Card(c) for c in ["KS", "JS", "9S", "2S", "8H", "4H", "TD", "6D", "QC"]),
    suit=Suit.SPADES,
    seat=0,
    dealer=1,
    bidder=1,
    drawn=(2, 4, 4, 3),
    drew=(Card("7H"), Card("3C")),
)
"""The lesson's table at the end of the refill (sections 1-5 and 7; the notebook asserts it is the one it shows)."""


def lesson_explorer() -> DrawExplorer:
    """The lesson's sliders on its own table: seat 2's draw, and the trump seat 1 took (1, as in section 4)."""
    return DrawExplorer(LESSON, Card("3S"), sliding=2, taken=1)


REDRAWS: tuple[Callable[[], DrawExplorer], ...] = (lesson_explorer,)
"""The lesson's slider views, for ``benchmarks/sliders.py``."""


# ------------------------------------------------------------ the code exercise


def zero_or_one(got: object, expected: object) -> bool:
    """A likelihood that is 1 or 0, however it is written: ``True`` and ``False`` say the same as
    1 and 0 (a learner may fairly return the comparison itself), a number must equal it."""
    if isinstance(got, bool):
        return int(got) == expected
    return classroom.same(got, expected)


LIKELIHOOD_CASES: tuple[classroom.Case, ...] = (
    # (trump kept t, cards drawn, cards in the stock at its turn) -> P(that draw | t), worked by hand
    # from the rule: a seat keeping t wants max(0, 6 - t) cards and gets at most what is left
    classroom.Case(
        (2, 4, 18), 1, "kept 2, drew 4 with 18 in the stock: it wanted 4 and got them", zero_or_one
    ),
    classroom.Case((3, 4, 18), 0, "kept 3: it would have drawn 3, not 4", zero_or_one),
    classroom.Case((1, 4, 18), 0, "kept 1: it would have drawn 5, not 4", zero_or_one),
    classroom.Case((0, 6, 18), 1, "kept none, drew a whole new hand of 6", zero_or_one),
    classroom.Case((6, 0, 18), 1, "kept 6: it draws nothing", zero_or_one),
    classroom.Case((8, 0, 18), 1, "kept 8: six or more draws nothing too", zero_or_one),
    classroom.Case((5, 0, 18), 0, "kept 5: it would have drawn 1", zero_or_one),
    classroom.Case((1, 3, 3), 1, "kept 1 and wanted 5, but only 3 were left: it drew all 3", zero_or_one),
    classroom.Case((3, 3, 3), 1, "kept 3 and wanted exactly the 3 that were left", zero_or_one),
    classroom.Case((4, 3, 3), 0, "kept 4: it wanted 2, and 3 were there", zero_or_one),
    classroom.Case((0, 0, 0), 1, "the stock was empty: a seat draws nothing whatever it kept", zero_or_one),
    classroom.Case((9, 0, 0), 1, "the stock was empty, and it kept all nine", zero_or_one),
)
"""Cases for the lesson's code exercise: the learner's ``likelihood(t, drew, left)``."""


# ------------------------------------------------------------ pictures and figures


def _percent(p: Fraction) -> Markup:
    """A percentage a class can read: two decimals, and below 0.001% just that (not ``2e-05%``)."""
    return escape("< 0.001%" if 0 < p < Fraction(1, 100_000) else percent(p))


def _exact(p: Fraction) -> Markup:
    """A probability as a table cell: the fraction when it is short, else its percentage."""
    if p.denominator == 1:
        return escape(p.numerator)
    if p.denominator < 10_000:
        return html("{}/{} <span style='color:#666'>({})</span>", p.numerator, p.denominator, _percent(p))
    return _percent(p)


def agreement_table(rows: Sequence[tuple[str, Fraction, Estimate]]) -> Picture:
    """Exact chances beside simulated ones, one row each, and whether they agree within 4 standard errors.

    "Agree" is :func:`pitchlab.odds.stats.agrees`, the same test the notebook asserts.
    """
    body = [
        [
            escape(name),
            percent(exact),
            escape(str(estimate)),
            "yes" if agrees(estimate, exact) else "<b>NO</b>",
        ]
        for name, exact, estimate in rows
    ]
    return table(
        ["question", "exact", "simulated", "agree?"],
        body,
        "exact: counted by pitchlab.odds.inference. simulated: the share of kept deals (rejection sampling), "
        "with its 95% interval. agree: within 4 standard errors, the check the notebook asserts for every row "
        "at once (a 95% interval would miss about one row in twenty by chance alone).",
        css="pl-agreement-table",
    )


class Shown:
    """A figure that shows itself as the plotly JSON of :func:`pitchlab.ui.plots.mimebundle`.

    Why not let the figure show itself: the first time a notebook displays a
    plotly figure, plotly loads its renderer machinery, which imports
    nbformat and jsonschema, several seconds on a busy classroom server,
    only to send the same ``application/vnd.plotly.v1+json`` output that
    this sends at once. Voila and Jupyter draw both the same way.
    """

    def __init__(self, figure: go.Figure) -> None:
        self.figure = figure

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        return plots.mimebundle(self.figure)


def show(figure: go.Figure) -> Shown:
    """``figure`` ready to be the last line of a notebook cell (see :class:`Shown` for why)."""
    return Shown(figure)


def _shown_range(series: Iterable[Mapping[int, Fraction]], floor: float = 0.0005) -> list[int]:
    """The counts worth an axis tick: 0 up to the largest with at least ``floor`` chance in some series."""
    top = max((k for dist in series for k, p in dist.items() if p >= floor), default=0)
    return list(range(top + 1))


def counts_figure(
    panels: Mapping[str, Mapping[str, Mapping[int, Fraction]]],
    *,
    title: str,
    x_title: str = "trump held (cards)",
    simulated: Mapping[str, Mapping[int, Estimate]] | None = None,
    colours: Sequence[str] = (plots.GREY, plots.BLUE),
) -> go.Figure:
    """One panel per seat, one above the other, exact distributions as grouped bars, simulated ones as dots.

    Stacked rather than side by side so that each panel keeps a readable
    width on a phone. ``panels`` maps a panel title (a seat) to its named series; every panel
    must name the same series, shown once in the legend. ``simulated`` adds,
    per panel, orange dots with 95% Wilson intervals over the bars: meant for a
    panel with a single exact series, where the dots sit on top of it.
    """
    names = list(panels)
    fig = make_subplots(rows=len(names), cols=1, subplot_titles=names, vertical_spacing=0.2 / len(names) * 3)
    ks = _shown_range(d for series in panels.values() for d in series.values())
    for row, name in enumerate(names, start=1):
        for i, (label, dist) in enumerate(panels[name].items()):
            fig.add_trace(
                go.Bar(
                    x=ks,
                    y=[float(dist.get(k, 0)) * 100 for k in ks],
                    name=label,
                    legendgroup=label,
                    showlegend=row == 1,
                    marker={"color": colours[i % len(colours)]},
                    hovertemplate=html("%{{x}} trump: %{{y:.2f}}%<extra>{}</extra>", label),
                ),
                row=row,
                col=1,
            )
        if simulated and name in simulated:
            sim = simulated[name]
            first = next(iter(sim.values()))
            label = f"simulated: {first.n:,} kept deals<br>(95% Wilson intervals)"  # two lines fit a phone
            sim_ks = [k for k in ks if k in sim]
            fig.add_trace(
                go.Scatter(
                    x=sim_ks,
                    y=[sim[k].value * 100 for k in sim_ks],
                    error_y=plots.error_y([sim[k] for k in sim_ks], scale=100, color=plots.ORANGE),
                    mode="markers",
                    marker={"color": plots.ORANGE, "size": 9, "symbol": "diamond"},
                    name=label,
                    legendgroup="simulated",
                    showlegend=row == 1,
                    hovertemplate="%{x} trump: %{y:.2f}%<extra>simulated</extra>",
                ),
                row=row,
                col=1,
            )
        fig.update_xaxes(title_text=x_title, dtick=1, row=row, col=1)  # each panel reads on its own
        fig.update_yaxes(title_text="probability (%)", row=row, col=1)
    fig.update_yaxes(matches="y")  # one scale for every seat, so bars compare across panels
    fig.update_layout(barmode="group", bargap=0.2)
    plots.style(fig, title, height=150 + 260 * len(names), top=110)
    return _legend_below(fig, bottom=180, gap=75)


def _legend_below(fig: go.Figure, *, bottom: int, gap: int) -> go.Figure:
    """The legend under the plot, one entry a line: above the plot, a phone's narrow figure wraps
    the legend into the title. ``bottom`` is the margin under the plot, ``gap`` the pixels of it
    the x axis takes (tick labels, tilted on a phone, and the axis title) above the legend."""
    high = fig.layout.height - fig.layout.margin.t - bottom  # the plot area, in pixels
    fig.update_layout(
        legend={
            "orientation": "v",
            "y": -gap / high,
            "yanchor": "top",
            "x": 0,
            "xanchor": "left",
            "tracegroupgap": 2,
            "maxheight": bottom - gap,  # pixels: what is left of the margin, not a share of the plot
        },
        margin={"b": bottom},
    )
    return fig


def where_figure(
    card: Card,
    series: Mapping[str, Mapping[str, Fraction]],
    *,
    title: str,
    simulated: tuple[str, Mapping[str, Estimate]] | None = None,
    colours: Sequence[str] = (plots.GREY, plots.BLUE),
) -> go.Figure:
    """Where one card is, place by place: one bar per named series, and a simulated series with error bars.

    ``series`` maps a moment (``before the refill``) to the chance of each
    place (``seat 1``, ``stock``); a place missing from a series gets 0.
    ``simulated`` is ``(name, estimates by place)``, drawn as orange bars
    with 95% Wilson intervals beside the exact ones, so no dot floats between bars.
    """
    places: list[str] = []
    for chances in series.values():
        places += [p for p in chances if p not in places]
    fig = go.Figure()
    for i, (label, chances) in enumerate(series.items()):
        ys = [float(chances.get(p, 0)) * 100 for p in places]
        fig.add_trace(
            go.Bar(
                x=places,
                y=ys,
                name=label,
                marker={"color": colours[i % len(colours)]},
                text=[f"{y:.1f}%" for y in ys],
                textposition="outside",
                hovertemplate=html("%{{x}}: %{{y:.2f}}%<extra>{}</extra>", label),
            )
        )
    if simulated is not None:
        label, estimates = simulated
        shown = [p for p in places if p in estimates]  # a place with no estimate gets no bar
        fig.add_trace(
            go.Bar(
                x=shown,
                y=[estimates[p].value * 100 for p in shown],
                error_y=plots.error_y([estimates[p] for p in shown], scale=100, color="#444"),
                name=label,
                marker={"color": plots.ORANGE},
                hovertemplate=html("%{{x}}: %{{y:.2f}}%<extra>{}</extra>", label),
            )
        )
    top = max((float(p) for chances in series.values() for p in chances.values()), default=0)
    fig.update_yaxes(range=[0, max(10.0, top * 100 * 1.2)])
    fig.update_layout(
        barmode="group", bargap=0.2, xaxis_title=f"where the {card.label} is", yaxis_title="probability (%)"
    )
    plots.style(fig, title, height=520, top=110)
    return _legend_below(fig, bottom=190, gap=125)


__all__ = [
    "LESSON",
    "LIKELIHOOD_CASES",
    "REDRAWS",
    "BayesRow",
    "BayesTable",
    "DrawExplorer",
    "Rejection",
    "SeatSaw",
    "Shown",
    "agreement_table",
    "bayes_table",
    "counts_figure",
    "draw_likelihood",
    "draw_says",
    "kept_given_draw",
    "known_out",
    "lesson_explorer",
    "moments_table",
    "rejection_sample",
    "replay",
    "show",
    "sizes_after_refill",
    "where_figure",
    "worked_posterior",
    "working",
    "zero_or_one",
]
