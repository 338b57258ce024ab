"""What a first-timer needs beside the table: how to play, the trick so far, the last
trick, and how far each side is from the target.

Everything is read from the ruleset and the engine: the facts in the how-to box
come from the :class:`~pitchlab.engine.rules.Ruleset` chosen (never ten-point's when
another is played), a trick's winner is the one the engine recorded, and its
points are the ruleset's (:meth:`~pitchlab.engine.rules.Ruleset.points_of`). The texts
are plain functions of a :class:`~pitchlab.ui.session.Table`, so they are tested
without a browser; :class:`~pitchlab.ui.table_app.TableApp` shows them.
"""

from __future__ import annotations

from pitchlab.bots.principles import VOCABULARY
from pitchlab.engine.cards import Card, Suit
from pitchlab.engine.hand import Hand, Phase, Trick
from pitchlab.engine.rules import Ruleset
from pitchlab.ui import rule_words
from pitchlab.ui.markup import Markup, html, join
from pitchlab.ui.session import Table, verb

TUTORIAL = "../tutorial/"
"""The tutorial's folder relative to the app's page: the app is served at
``/voila/render/notebooks/app.ipynb`` in a clone and by ``pitchlab app`` alike
(see :mod:`pitchlab.server.launcher`), and the tutorial at ``/voila/render/tutorial/``."""

PRACTICE = "practice.ipynb"
"""The practice page, beside the app's page in ``notebooks/``."""

LINKS = (
    ("01-welcome.ipynb", "1 · Welcome"),
    ("04-the-bid.ipynb", "4 · The bid"),
    ("07-the-play.ipynb", "7 · The play"),
    ("index.ipynb", "all tutorial pages"),
)
"""Tutorial pages linked from the how-to box, with their titles (the tutorial teaches ten-point)."""


def howto_lines(rules: Ruleset) -> list[str]:
    """Six to nine plain lines on how the chosen ruleset is played, each made from its own
    fields by :mod:`pitchlab.ui.rule_words` (so a house rule reads as truly as a preset)."""
    lines = [
        rule_words.seats_line(rules),
        rule_words.redeal_line(rules),
        *rule_words.bidding_lines(rules),
        rule_words.trump_line(rules),
        rule_words.exchange_line(rules),
        rule_words.play_line(rules),
        rule_words.score_line(rules),
    ]
    return [line for line in lines if line]


def howto_html(rules: Ruleset, tutorial: str = TUTORIAL) -> Markup:
    """The how-to box's content: the lines, then links to the tutorial pages (in a new tab,
    so the game stays open)."""
    items = join(html("<li>{}</li>", line) for line in howto_lines(rules))
    links = join(
        (
            html('<a href="{}" target="_blank" rel="noopener">{}</a>', tutorial + page, text)
            for page, text in LINKS
        ),
        " · ",
    )
    which = "" if rules.name == "ten-point" else " (it teaches ten-point Pitch)"
    return html(
        '<div class="pl-howto-text"><b>{name}</b> in short:<ul>{items}</ul>'
        "<div>Learn step by step in the tutorial{which}: {links}</div>"
        '<div>Practise one decision at a time: <a href="{practice}" target="_blank" rel="noopener">'
        "practice problems</a>, each checked, with the deal that shows what a wrong card costs.</div>"
        "{principles}</div>",
        name=rules.name,
        items=items,
        which=which,
        links=links,
        practice=PRACTICE,
        principles=principles_html(tutorial),
    )


def principles_html(tutorial: str = TUTORIAL) -> Markup:
    """The principles every hint and reason opens with, each linked to the tutorial's section
    that teaches it, folded so the box stays short on a phone."""
    items = join(
        html(
            '<li><a href="{}" target="_blank" rel="noopener">{}</a>: {}</li>',
            tutorial + p.link,
            p.name,
            p.says,
        )
        for p in VOCABULARY
    )
    return html(
        '<details class="pl-principles"><summary>The principles the hints name</summary><ul>{}</ul></details>',
        items,
    )


def learner_has_played(table: Table) -> bool:
    """Whether the learner has played a card in this game (the how-to box may close then)."""
    if table.human is None:
        return False
    hand = table.hand
    tricks = [*hand.tricks, hand.current_trick]
    return bool(table.game.history) or any(table.human in t.seats for t in tricks)


def _played(table: Table, trick: Trick) -> str:
    return ", ".join(f"{table.name(s)} {c.label}" for s, c in zip(trick.seats, trick.cards, strict=True))


def trick_line(table: Table) -> str:
    """The trick being played, who played what: "This trick: West 7♥, North J♥ (West led)."."""
    hand = table.hand
    trick = hand.current_trick
    if trick.cards:
        return f"This trick: {_played(table, trick)} ({table.name(trick.leader)} led)."
    if hand.phase is Phase.PLAY and hand.to_act is not None:
        return f"This trick: no card yet; {verb(table.name(hand.to_act), 'leads')}."
    if hand.is_over:
        return "This trick: the hand is over."
    return "This trick: cards are played once the bidding and the trump are settled."


def _holder_scored(rules: Ruleset, card: Card, trump: Suit) -> bool:
    role = rules.role_of(card, trump)
    return any(p.role == role and p.scorer == "holder" for p in rules.point_cards)


def last_trick_line(table: Table) -> str:
    """The last finished trick: who played what, who won it (the engine's winner) and what it
    is worth to the winner (the ruleset's points); ``""`` before the first trick ends."""
    hand: Hand = table.hand
    if not hand.tricks or hand.trump is None:
        return ""
    last = hand.tricks[-1]
    trump, rules = hand.trump, hand.rules
    won = [c for c in last.cards if rules.points_of(c, trump) and not _holder_scored(rules, c, trump)]
    kept = [c for c in last.cards if rules.points_of(c, trump) and _holder_scored(rules, c, trump)]
    worth = sum(rules.points_of(c, trump) for c in won)
    if won:
        cards = ", ".join(f"{c.label} {rules.points_of(c, trump)}" for c in won)
        value = f"worth {worth} point{'s' if worth != 1 else ''} ({cards})"
    else:
        value = "no point cards in it"
    kept_note = "".join(f"; the {c.label} scores for whoever held it" for c in kept)
    winner = "nobody" if last.winner is None else table.name(last.winner)
    return f"Last trick: {_played(table, last)}; won by {winner}, {value}{kept_note}{_buried_note(table)}."


def _buried_note(table: Table) -> str:
    """After the first trick, where the buried cards go to its winner: which of them carry
    points for the winner (a card scored by its holder stays its holder's)."""
    hand, rules = table.hand, table.rules
    last = hand.tricks[-1]
    if len(hand.tricks) != 1 or rules.buried_to != "first-trick" or last.winner is None:
        return ""
    trump = hand.trump
    assert trump is not None
    buried = [c for s in range(rules.players) for c in hand.buried_by(s)]
    scoring = [c for c in buried if rules.points_of(c, trump) and not _holder_scored(rules, c, trump)]
    if not scoring:
        return ""
    points = sum(rules.points_of(c, trump) for c in scoring)
    cards = " ".join(c.label for c in scoring)
    taker = verb(table.name(last.winner), "takes")
    return f"; with it {taker} the buried {cards} ({points} point{'s' if points != 1 else ''})"


def score_bars_html(table: Table) -> Markup:
    """A bar per team (or player) from its score toward the target, the numbers in text and an
    accessible label; a score below zero is drawn in red to the left of a zero line."""
    rules, scores = table.rules, table.game.scores
    target = rules.target
    below = max([0, *(-s for s in scores)])
    width, height = 220, 16
    scale = width / (target + below)
    zero = below * scale
    rows = []
    for team, score in enumerate(scores):
        name = table.team_name(team)
        mine = table.human is not None and rules.teams[table.human] == team
        label = ("Your team" if not table.solo else "You") if mine else name
        if mine and not table.solo and name != "You":
            label += f" ({name})"
        said = f"{label}: {score} of {target}"
        length = min(abs(score), target) * scale
        x = zero if score >= 0 else zero - length
        colour = "#1e8449" if score >= 0 else "#b03a2e"
        rows.append(
            html(
                '<div class="pl-score-row" style="margin:2px 0 6px"><div class="pl-score-name">{label}</div>'
                '<div style="display:flex;align-items:center;gap:8px">'
                '<svg class="pl-score-bar" role="img" aria-label="{said}" '
                'style="flex:0 1 {width}px;min-width:80px;height:{height}px" '
                'viewBox="0 0 {width} {height}" preserveAspectRatio="none"><title>{said}</title>'
                '<rect x="0" y="0" width="{width}" height="{height}" fill="#eee" stroke="#767676"/>'
                '<rect x="{x:.1f}" y="2" width="{length:.1f}" height="{inner}" fill="{colour}"/>'
                '<line x1="{zero:.1f}" y1="0" x2="{zero:.1f}" y2="{height}" stroke="#333"/></svg>'
                '<span style="white-space:nowrap"><b>{score}</b> of {target}</span></div></div>',
                label=label,
                said=said,
                width=width,
                height=height,
                x=x,
                length=length,
                inner=height - 4,
                colour=colour,
                zero=zero,
                score=score,
                target=target,
            )
        )
    return join(rows)


__all__ = [
    "LINKS",
    "TUTORIAL",
    "howto_html",
    "howto_lines",
    "last_trick_line",
    "learner_has_played",
    "principles_html",
    "score_bars_html",
    "trick_line",
]
