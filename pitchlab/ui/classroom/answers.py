"""Reading and marking a learner's numeric answer, the way people write numbers.

An answer is read as written: ``0.0169``, ``0,0169`` (a decimal comma), ``1.69%``,
``169/10000``, ``2 2/3`` (a mixed number), ``−0.5`` (a typographic minus), ``12 345`` or
``1,000`` (thousands), ``1.234,5``. Each exercise says what kind of number it asks for (``unit``):

- ``"probability"``: a bare number is a probability (``0.0169``); ``1.69%`` is the same.
- ``"percent"``: a bare number is a percent (``1.69`` means 1.69%); ``1.69%`` and the
  proportion ``0.0169`` are right too.
- ``"number"`` (the default): a count, a mean, points; a ``%`` sign still divides by 100.

A *format problem* is named apart from a wrong value and does not use up a try: text that
is not a number, a probability or percent below 0 or above 100%, and a likely unit slip
(the answer's digits, 100 times too big or too small: ``1.69`` where the probability
0.0169 is asked gets "looks like a percent: write 1.69% or 0.0169"), and ``16.000`` where
the count 16,000 is asked (a decimal point to some, a thousands mark to others: it asks which). A wrong value is
"too high" or "too low", with the exercise's hint. Nothing here draws: the widgets that ask
are in :mod:`pitchlab.ui.classroom.exercises`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

MAX_ANSWER = 200
"""Characters an answer may have: enough for any number a lesson asks, and a bound on the work."""

Unit = Literal["probability", "percent", "number"]
UNITS: tuple[Unit, ...] = get_args(Unit)

EXAMPLES: dict[Unit, str] = {
    "probability": "0.25, 25% or 1/4",
    "percent": "25 or 25%",
    "number": "2.5, 5/2 or 1,000",
}
"""How to type an answer of each unit, for placeholders and for the message about unreadable text."""

# ----------------------------------------------------------------------------- reading numbers


class Unreadable(ValueError):
    """Text that is not a number; its message says what was typed, and :func:`mark` adds how to type it."""


_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2012": "-", "\u2044": "/", "\u2215": "/", "÷": "/"})
_PREFIX = re.compile(r"^(?:≈|~|=|about\b)\s*", re.IGNORECASE)
_BODY = re.compile(r"[0-9., ]+")
_MIXED = re.compile(r"(?P<sign>[+-]?)\s*(?P<whole>\d+) (?P<top>\d+) ?/ ?(?P<below>\d+)")
"""A mixed number, ``2 2/3``: a whole number, a space, and a proper fraction."""
_DOTTED_THOUSANDS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
"""``16.000``: a decimal point to some, a thousands mark to others (:func:`mark` asks which)."""


@dataclass(frozen=True)
class Typed:
    """A number as typed: ``value`` (a ``%`` sign already divided out) and whether it had the sign."""

    value: Fraction
    percent_sign: bool


def read_typed(text: str) -> Typed:
    """Read an answer (see the module's docstring for what is accepted).

    Separators: when both ``.`` and ``,`` appear, the last one is the decimal point
    (``1,234.5``, ``1.234,5``); a lone comma before exactly three digits after a first group
    of one to three digits not starting with 0 separates thousands (``1,000``, ``12,345``),
    any other lone comma is a decimal comma (``0,0169``, ``1,5``, ``1234,5``); spaces
    separate thousands (``12 345``). Thousands groups must have three digits, so ``1,23.4``
    is refused rather than guessed. Raises :class:`Unreadable`.
    """
    if len(text) > MAX_ANSWER:
        raise Unreadable(f"that answer is {len(text):,} characters long")
    cleaned = unicodedata.normalize("NFKC", text).translate(_SIGNS)
    cleaned = " ".join(cleaned.split())  # any run of (no-break, thin) spaces is one space
    cleaned = _PREFIX.sub("", cleaned)
    percent = cleaned.endswith("%")
    if percent:
        cleaned = cleaned[:-1].rstrip()
    parts = cleaned.split("/")
    shown = text.strip()[:40] or "nothing"
    if len(parts) > 2:
        raise Unreadable(f"{shown!r} is not a number")
    mixed = _MIXED.fullmatch(cleaned) if len(parts) == 2 else None
    # 2 2/3 is two and two thirds; 1 000/4, whose top is a group of thousands, is a thousand quarters
    if (
        mixed
        and len(mixed["top"]) != 3
        and mixed["top"][0] != "0"
        and int(mixed["top"]) < int(mixed["below"])
    ):
        size = int(mixed["whole"]) + Fraction(int(mixed["top"]), int(mixed["below"]))
        value = -size if mixed["sign"] == "-" else size
        return Typed(value / 100 if percent else value, percent)
    try:
        values = [_decimal(part) for part in parts]
    except Unreadable:
        raise Unreadable(f"{shown!r} is not a number") from None
    if len(values) == 2:
        if values[1] == 0:
            raise Unreadable("a fraction cannot have 0 below the line")
        value = values[0] / values[1]
    else:
        value = values[0]
    return Typed(value / 100 if percent else value, percent)


def _decimal(part: str) -> Fraction:
    """One signed decimal number with optional thousands separators (no fraction, no %)."""
    body = part.strip()
    negative = body.startswith("-")
    if body[:1] in "+-":
        body = body[1:].lstrip()
    if not body or not _BODY.fullmatch(body):
        raise Unreadable(part)
    point: str | None
    if "." in body and "," in body:
        point = "." if body.rfind(".") > body.rfind(",") else ","
    elif body.count(",") == 1:
        point = None if re.fullmatch(r"[1-9]\d{0,2},\d{3}", body.replace(" ", "")) else ","
    elif body.count(".") == 1:
        point = "."
    else:
        point = None  # no point, or several of one mark: thousands separators
    whole, _, fraction = body.partition(point) if point else (body, "", "")
    thousands = {".": ",", ",": ".", None: "," if "," in body else "."}[point]
    if re.search(r"[,. ]", whole):
        if not re.fullmatch(rf"\d{{1,3}}(?:[{re.escape(thousands)} ]\d{{3}})+", whole):
            raise Unreadable(part)
        whole = re.sub(r"[,. ]", "", whole)
    if not re.fullmatch(r"\d*", fraction) or not (whole or fraction):
        raise Unreadable(part)
    value = Fraction(f"{whole or 0}.{fraction or 0}")
    return -value if negative else value


def read_number(text: str) -> Fraction:
    """A number as a learner types it: ``0.25``, ``25%``, ``1/4``, ``.25``, ``0,25``, ``1,000``.

    Raises ``ValueError`` with a message a learner can act on.
    """
    try:
        return read_typed(text).value
    except Unreadable as exc:
        raise ValueError(f"{exc}: type it like {EXAMPLES['probability']}") from None


# ----------------------------------------------------------------------------- marking


Verdict = Literal["right", "too high", "too low", "format"]


@dataclass(frozen=True)
class Mark:
    """How one answer was marked: ``verdict`` and the plain-text ``message`` the learner reads.

    ``value`` is the answer as read, on the answer's own scale (a percent as a proportion);
    ``None`` when the text was not a number. A ``"format"`` verdict is not counted as a try."""

    verdict: Verdict
    message: str
    value: Fraction | None = None

    @property
    def right(self) -> bool | None:
        """``True`` right, ``False`` too high or too low, ``None`` a format problem."""
        return None if self.verdict == "format" else self.verdict == "right"


def mark(text: str, answer: Fraction, unit: Unit = "number", tolerance: Fraction | float = 0.005) -> Mark:
    """Mark ``text`` against ``answer`` (exact; a percent's answer is a proportion, 1.69% is
    0.0169) within the absolute ``tolerance`` on the answer's scale (for a percent question
    0.0005 is 0.05 percentage points). Every comparison is exact: no float can overflow."""
    try:
        typed = read_typed(text)
    except Unreadable as exc:
        return Mark("format", f"{exc}: type it like {EXAMPLES[unit]}.")
    tol = Fraction(tolerance)
    said = " ".join(text.split())  # as typed, on one line

    def close(value: Fraction) -> bool:
        return abs(value - answer) <= tol

    value = typed.value
    if unit == "percent" and not typed.percent_sign:
        value /= 100  # a bare number in a percent question is a percent
    if close(value):
        return Mark("right", f"Right: {_shown(answer, unit)}.", value)
    bare = said.removesuffix("%").strip()
    if _DOTTED_THOUSANDS.fullmatch(bare) and unit == "number":
        thousands = int(bare.replace(".", ""))
        if close(
            Fraction(thousands)
        ):  # 16.000 read as 16 would be wrong, as 16,000 right: ask which was meant
            return Mark(
                "format",
                f"{said} could be {_plain(value)} (a decimal point) or {thousands:,} (a thousands mark): "
                f"write {thousands} or {thousands:,} for the second.",
                value,
            )
    readings = [value]
    if unit == "percent" and not typed.percent_sign and 0 <= typed.value <= 1:
        if close(typed.value):  # the proportion itself, 0.0169 for 1.69%
            return Mark("right", f"Right: {said} is {_as_percent(typed.value)}.", typed.value)
        readings.append(typed.value)
    if unit == "number":
        return _off(said, value, answer, unit)
    if answer != 0:
        for reading in readings:
            for factor, size in ((Fraction(1, 100), "big"), (Fraction(100), "small")):
                meant = reading * factor
                if close(meant) and abs(meant - answer) <= abs(answer) / 2:
                    return Mark("format", _slip(said, reading, meant, size, unit), reading)
    if value < 0:
        kind = "a probability" if unit == "probability" else "a percent of the whole"
        return Mark("format", f"{said} is below zero, and {kind} never is: check the sign.", value)
    if value > 1:
        if unit == "probability" and not typed.percent_sign:
            return Mark(
                "format",
                f"{said} is more than 1, and a probability is between 0 and 1. "
                f"If you meant a percent, add the % sign: {said}%.",
                value,
            )
        return Mark("format", f"{said} is more than 100%, and a share of the whole cannot be.", value)
    return _off(said, value, answer, unit)


def _off(said: str, value: Fraction, answer: Fraction, unit: Unit) -> Mark:
    """A readable value that is wrong: too high or too low (and how it was read, if not as typed)."""
    verdict: Verdict = "too high" if value > answer else "too low"
    reading = _as_percent(value) if unit == "percent" else _plain(value)
    read_as = "" if reading == said else f" (read as {reading})"
    return Mark(verdict, f"Not quite: {said}{read_as} is {verdict}.", value)


def _slip(said: str, reading: Fraction, meant: Fraction, size: str, unit: Unit) -> str:
    """The message for a likely unit slip: the learner's own digits, 100 times too big or too small."""
    if size == "big" and unit == "probability":
        return f"{said} looks like a percent: write {_as_percent(meant)} or {_plain(meant)}."
    means = " is" if _as_percent(reading) == said.replace(" ", "") else f" means {_as_percent(reading)},"
    return (
        f"{said}{means} 100 times too {size} to be likely: a unit slip? "
        f"Write {_as_percent(meant)}, or the proportion {_plain(meant)}."
    )


def _plain(value: Fraction) -> str:
    """A value as a person writes it: exact decimals up to 12 places, else about 4 significant figures."""
    rest, places = value.denominator, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        places = max(places, count)
    if rest == 1 and places <= 12 and abs(value) < 10**15:
        digits = str(abs(value.numerator * 10**places // value.denominator)).rjust(places + 1, "0")
        whole, decimals = digits[: len(digits) - places], digits[len(digits) - places :]
        return ("-" if value < 0 else "") + whole + (f".{decimals}" if decimals else "")
    try:
        return f"≈ {float(value):.4g}"
    except OverflowError:
        return "an enormous number"


def _as_percent(value: Fraction) -> str:
    shown = _plain(value * 100)
    return f"{shown}%"


def _shown(value: Fraction, unit: Unit = "number") -> str:
    """An exact answer as a person reads it: a short fraction, then its decimal (and percent)."""
    plain = _plain(value)
    if unit == "percent":
        return _as_percent(value)
    parts = []
    if value.denominator != 1 and value.denominator <= 10_000:
        parts.append(str(value))
    parts.append(plain if plain.startswith("≈") or not parts else f"= {plain}")
    if unit == "probability":
        parts.append(f"({_as_percent(value)})")
    return " ".join(parts)
