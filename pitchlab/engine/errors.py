"""The one exception hierarchy of pitchlab.

Every error the engine raises on purpose derives from :class:`PitchError`,
which is a :class:`ValueError`, so callers can catch bad input with one clause::

    ValueError
     └── PitchError
          ├── CardError          text that is not a card
          ├── UnknownRuleset     a ruleset name nobody registered
          ├── BadRuleset         a ruleset field out of its range or at odds with another
          ├── RulesetNameTaken   a name registered already for other rules
          ├── BadDeal            cards that are not one whole deck dealt
          ├── IllegalAction      a well-formed action the rules forbid now
          ├── BadRecord          a hand record that breaks the format or a rule
          ├── SaveRefused        a sealed save changed, sealed elsewhere, or too old
          ├── StaleTable         a shipped table made for other rules, by other code or from other inputs
          └── ClassError         a class store's refusal (closed class, taken nickname, wrong key)

The split follows python-chess: *can't parse* (``CardError``) is a different
mistake from *parsed but illegal* (``IllegalAction``), and a record loader
wraps both into ``BadRecord`` with the place in the record where it happened.

An ``IllegalAction`` carries a typed :class:`Reason` (a code and its fields, the kinds in
:mod:`pitchlab.engine.refusals`): the engine renders it for programmers in the message,
and a page renders the same reason for a learner (:mod:`pitchlab.ui.plain`) without
reading the message back.
"""

from __future__ import annotations

from typing import ClassVar


class PitchError(ValueError):
    """Base class of every error pitchlab raises on purpose."""


class CardError(PitchError):
    """Text that does not name a card."""


class UnknownRuleset(PitchError):
    """A ruleset name that is not registered."""


class BadRuleset(PitchError):
    """A ruleset that cannot be played: ``field`` names the field, ``rule`` what it breaks.

    Raised when the ruleset is made, so a bad value never reaches a hand (where it would
    surface later as some unrelated KeyError)."""

    def __init__(self, name: str, field: str, rule: str) -> None:
        self.field = field
        self.rule = rule
        super().__init__(printable(f"{name}: {field}: {rule}"))


class RulesetNameTaken(PitchError):
    """``register`` was given a name that already stands for other rules."""


class BadDeal(PitchError):
    """Cards that are not exactly one deck dealt into hands and a stock."""


class Reason:
    """Why an action was refused: a kind (``code``) and the facts it needs, with no words.

    Each kind is a frozen dataclass in :mod:`pitchlab.engine.refusals`. Words are rendered
    from it twice, for two readers: :meth:`rule` for a programmer (seats by number, cards by
    code), the page's for a learner; so rewording one never silently changes the other."""

    __slots__ = ()
    code: ClassVar[str]

    def rule(self) -> str:
        """The rule broken, for a programmer: seats by number, cards by code."""
        raise NotImplementedError(f"{type(self).__name__} has no programmer wording")


class IllegalAction(PitchError):
    """An action the rules do not allow in the current state.

    The message names the seat, the action and the rule (``reason`` rendered for a
    programmer); the state that refused the action is left exactly as it was.
    """

    def __init__(self, seat: int | None, action: object, reason: Reason) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.rule = rule = reason.rule()
        who = "" if seat is None else f"seat {seat}: "  # no seat: the hand is over, or a game's step
        super().__init__(printable(f"{who}{action} refused: {rule}"))


class BadRecord(PitchError):
    """A hand record that is not valid JSON, breaks the format, or breaks a rule.

    ``where`` names the place in the record (a key, a bid or play index).
    """

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(printable(f"{where}: {problem}" if where else problem))


class SaveRefused(PitchError):
    """A sealed save (``pitchlab-save/1``) this server will not open: changed anywhere, cut
    short, sealed under another server's key, or too old. The message is one line for the page."""


class StaleTable(PitchError):
    """A shipped table (``pitchlab/data/*.json.gz``) that does not speak for what it is read
    for: made for other rules, by another version of the code that makes it, from other inputs,
    or not a table at all. The message is one line: the table, what differs and the command
    that makes it again (see :mod:`pitchlab.bots.shipped`)."""


class ClassError(PitchError):
    """A class store's refusal, in one line: an unknown or closed class, a taken nickname,
    a wrong key, a code or nickname that cannot be one, a result in the wrong shape."""


def printable(text: str, limit: int = 300) -> str:
    """A message safe to show on one line: control characters escaped, the length bounded.

    Messages quote what the user sent (a key, a card code), which can be anything."""
    shown = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"
