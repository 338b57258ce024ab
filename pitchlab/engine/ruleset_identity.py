"""A ruleset written down so that it reads back exactly: records and saved games carry it.

A built-in preset is written as its name, ``"ten-point"``, as the hand-record spec
has it. Any other ruleset is written as the preset it is nearest to, the fields
that differ from it and a fingerprint of every field that makes the game::

    {"base": "ten-point", "changes": {"keep_trump": 5}, "fingerprint": "1f0c..."}

``changes`` holds JSON values: tuples as lists, cards as codes (``"JKH"``), a
:class:`~pitchlab.engine.rules.PointCard` as ``{"role", "points", "scorer"}`` and an
:class:`~pitchlab.engine.rules.Award` as ``{"kind", "points", "scorer"}``; ``name``,
``description`` and ``source`` appear only where they differ from what
``base.replace(**changes)`` gives by itself. Reading it back rebuilds the ruleset
with :meth:`~pitchlab.engine.rules.Ruleset.replace` and refuses it unless its fingerprint
is the one written, so a changed record, or one written under another version of
the base preset, never plays as a different game.

The fingerprint is the first 16 hex digits of the SHA-256 of the rule fields that
differ from a bare :class:`~pitchlab.engine.rules.Ruleset`'s defaults, as sorted compact
JSON: the name, description and source are left out (renaming a house rule does not
change the game), and so is any field at its default, so a field added later with a
default that keeps the old game keeps every fingerprint.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from pitchlab.engine.cards import Card, parse_card
from pitchlab.engine.errors import BadRecord, BadRuleset, PitchError, UnknownRuleset
from pitchlab.engine.presets import ruleset
from pitchlab.engine.rules import (
    LABEL_FIELDS,
    RULE_FIELDS,
    Award,
    PointCard,
    Ruleset,
    nearest_preset,
    preset_of,
)

Identity = str | dict[str, Any]
"""A ruleset as records write it: a preset's name, or ``{"base", "changes", "fingerprint"}``."""

KEYS = ("base", "changes", "fingerprint")
_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Ruleset) if f.name in RULE_FIELDS}


def encode(value: object) -> object:
    """A field's value as JSON data (see the module's docstring)."""
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Card):
        return value.code
    if isinstance(value, PointCard):
        return {"role": value.role, "points": value.points, "scorer": value.scorer}
    if isinstance(value, Award):
        return {"kind": value.kind, "points": value.points, "scorer": value.scorer}
    return value


def fingerprint(rules: Ruleset) -> str:
    """16 hex digits that change with any field of the game and with nothing else."""
    canonical = {f: encode(getattr(rules, f)) for f in RULE_FIELDS if getattr(rules, f) != _DEFAULTS[f]}
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def identity(rules: Ruleset) -> Identity:
    """How a record names ``rules``: the preset's name if it is a built-in preset, else the
    nearest preset, the changed fields and the fingerprint."""
    if type(rules) is not Ruleset:
        raise PitchError(f"{rules.name}: only a Ruleset, not a {type(rules).__name__}, can be written down")
    if preset_of(rules) == rules:
        return rules.name
    base, changed = nearest_preset(rules)
    changes = {f: encode(v) for f, v in changed.items()}
    plain = base.replace(**changed)  # what reading back gives without the labels
    for label in LABEL_FIELDS:
        if getattr(rules, label) != getattr(plain, label):
            changes[label] = getattr(rules, label)
    return {"base": base.name, "changes": changes, "fingerprint": fingerprint(rules)}


def from_identity(value: object, where: str = "ruleset") -> Ruleset:
    """The ruleset a record names; :class:`BadRecord` (at ``where``) says what is wrong."""
    if isinstance(value, str):
        try:
            return ruleset(value)
        except UnknownRuleset as exc:
            raise BadRecord(where, str(exc)) from None
    if not isinstance(value, Mapping):
        raise BadRecord(
            where, f"expected a ruleset name or an object with {', '.join(KEYS)}, got {value!r:.40}"
        )
    for key in value:
        if key not in KEYS:
            raise BadRecord(f"{where}.{key}", f"unknown key (known: {', '.join(KEYS)})")
    for key in KEYS:
        if key not in value:
            raise BadRecord(f"{where}.{key}", "required key is missing")
    base_name, changes, written = value["base"], value["changes"], value["fingerprint"]
    if not isinstance(base_name, str):
        raise BadRecord(f"{where}.base", f"expected a preset's name, got {base_name!r:.40}")
    try:
        base = ruleset(base_name)
    except UnknownRuleset as exc:
        raise BadRecord(f"{where}.base", str(exc)) from None
    if not isinstance(changes, Mapping):
        raise BadRecord(f"{where}.changes", "expected an object of field names and values")
    known = RULE_FIELDS + LABEL_FIELDS
    decoded = {}
    for field, raw in changes.items():
        if field not in known:
            raise BadRecord(f"{where}.changes.{field}", "not a ruleset field")
        decoded[field] = _decode(field, raw, f"{where}.changes.{field}")
    try:
        rules = base.replace(**decoded)
    except BadRuleset as exc:
        raise BadRecord(f"{where}.changes.{exc.field}", exc.rule) from None
    if not isinstance(written, str):
        raise BadRecord(f"{where}.fingerprint", f"expected 16 hex digits, got {written!r:.40}")
    actual = fingerprint(rules)
    if actual != written:
        raise BadRecord(
            f"{where}.fingerprint",
            f"these changes to {base_name} make a ruleset whose fingerprint is {actual}, not {written}: "
            "the record was changed, or written by a pitchlab whose presets differ",
        )
    try:
        registered = ruleset(rules.name)
    except UnknownRuleset:
        return rules
    return registered if registered == rules else rules


def _decode(field: str, raw: object, where: str) -> object:
    """A field's value from its JSON data; only the shape is checked here, the values
    by the ruleset itself (:class:`BadRuleset`, which names the field)."""
    if not isinstance(_DEFAULTS.get(field), tuple):
        if isinstance(raw, list | Mapping):
            raise BadRecord(where, f"expected a single value, got {type(raw).__name__}")
        return raw
    if not isinstance(raw, list):
        raise BadRecord(where, f"expected a list, got {raw!r:.40}")
    if field == "jokers":
        try:
            return tuple(parse_card(code) for code in raw)
        except PitchError as exc:
            raise BadRecord(where, str(exc)) from None
    if field == "point_cards":
        return tuple(
            PointCard(*_entry(item, ("role", "points", "scorer"), f"{where}[{i}]"))
            for i, item in enumerate(raw)
        )
    if field == "awards":
        return tuple(
            Award(*_entry(item, ("kind", "points", "scorer"), f"{where}[{i}]")) for i, item in enumerate(raw)
        )
    if any(isinstance(item, list | Mapping) for item in raw):
        raise BadRecord(where, "expected a list of single values")
    return tuple(raw)


def _entry(item: object, keys: tuple[str, str, str], where: str) -> tuple[Any, ...]:
    """The values of a point card or award object, in ``keys`` order (``scorer`` may be left out)."""
    if not isinstance(item, Mapping):
        raise BadRecord(where, f"expected an object with {', '.join(keys)}, got {item!r:.40}")
    for key in item:
        if key not in keys:
            raise BadRecord(f"{where}.{key}", f"unknown key (known: {', '.join(keys)})")
    for key in keys[:2]:
        if key not in item:
            raise BadRecord(f"{where}.{key}", "required key is missing")
    return tuple(item[k] for k in keys if k in item)
