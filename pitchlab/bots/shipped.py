"""The tables pitchlab ships (``pitchlab/data``), compressed, each naming what it speaks for.

What the bots learned from simulated hands, and the practice problems, ship as tables made by
the scripts in ``scripts/``. A table is true only of the rules and the code that made it: the
bidding tables of ten-point say nothing about a ten-point whose preset has since changed,
nor about bots that now play differently. So every table carries its identity, and is refused
when read for anything else rather than quietly speaking for a game it was never made from.

A table is one file, ``<name>.json.gz``: gzip (mtime 0 and no file name, so making it again
from the same contents gives the same bytes) of one header line and the table's own JSON.
The header line is a JSON object (:func:`identity_of`):

* ``table``: the kind of table (:attr:`Kind.kind`);
* ``rules``: the name of the rules it was made for, for people, and ``rules_digest``: their
  fingerprint (:func:`pitchlab.engine.ruleset_identity.fingerprint`), from the fields that
  make the game, never the name: a preset's rules under another name are the same game;
* ``code``: the version of the code that made it (:attr:`Kind.code`, a constant beside the
  reader of each kind, raised whenever the bots or the derivation change what it would hold);
* ``script``: the command that makes it again;
* and, for a table made from another table, a digest of that table's inputs (a made-rate map
  names the counted bids it was fitted on: ``won_digest``, :func:`digest`).

The body after the header line is the table's JSON exactly as its format writes it, so a
table read back is the text it was written from. :func:`read` is the one way the package
opens a table; a table whose header does not match what it is read for raises
:class:`~pitchlab.engine.errors.StaleTable` in one line naming the table, what differs and
the command that makes it again (the command line shows that line and exits 2).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pitchlab.engine.errors import StaleTable
from pitchlab.engine.rules import Ruleset, preset_of
from pitchlab.engine.ruleset_identity import fingerprint

SUFFIX = ".json.gz"
FOLDER: Traversable = resources.files("pitchlab").joinpath("data")
"""Where the package's tables are: read at each :func:`read`, so a test may point it elsewhere."""


@dataclass(frozen=True)
class Kind:
    """A kind of shipped table: how its files are named, the version of the code that makes
    it, and the command that makes one again."""

    kind: str
    """What the header's ``table`` says, e.g. ``bidding``."""
    name: str
    """The file's name without :data:`SUFFIX`, ``{rules}`` standing for the preset's name."""
    code: int
    """The version of the code that makes this kind of table: raise it whenever the bots or
    the derivation change, and every table of the kind made before is refused until made again."""
    script: str
    """The command that makes a table of this kind again, ``{rules}`` standing for the preset's name."""
    inputs: Mapping[str, str] = field(default_factory=dict)
    """Digests of other inputs the header names (key), each with what it is, in words."""

    def file(self, rules_name: str) -> str:
        return self.name.format(rules=rules_name) + SUFFIX

    def command(self, rules_name: str) -> str:
        return "python " + self.script.format(rules=rules_name)


def digest(data: object) -> str:
    """16 hex digits of the SHA-256 of ``data`` as sorted compact JSON: a table's other input."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def preset_name(rules: Ruleset) -> str | None:
    """The preset whose tables speak for ``rules`` (whatever they are called), or ``None``
    for a house rule: nothing measured a preset's tables under changed rules."""
    preset = preset_of(rules)
    return None if preset is None else preset.name


def identity_of(kind: Kind, rules: Ruleset, **inputs: str) -> dict[str, Any]:
    """The header of a table of ``kind`` made now for ``rules`` from ``inputs`` (see the module)."""
    if set(inputs) != set(kind.inputs):
        raise ValueError(f"a {kind.kind} table names {sorted(kind.inputs)}, not {sorted(inputs)}")
    name = preset_name(rules) or rules.name
    return {
        "table": kind.kind,
        "rules": rules.name,
        "rules_digest": fingerprint(rules),
        "code": kind.code,
        "script": kind.command(name),
        **inputs,
    }


def pack(header: Mapping[str, Any], body: str) -> bytes:
    """A table's file: its header line and body, gzip'd the same way every time."""
    line = json.dumps(dict(header), separators=(",", ":"), ensure_ascii=True)
    return gzip.compress((line + "\n" + body).encode("utf-8"), compresslevel=9, mtime=0)


def unpack(raw: bytes, file: str) -> tuple[dict[str, Any], str]:
    """A table file's header and body; :class:`StaleTable` for a file that is not a table."""
    try:
        text = gzip.decompress(raw).decode("utf-8")
        line, _, body = text.partition("\n")
        header = json.loads(line)
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError):
        header = None
    if not isinstance(header, dict) or "table" not in header:
        raise StaleTable(f"{file} is not a pitchlab table (a gzip'd header line and JSON)")
    return header, body


def write(kind: Kind, rules: Ruleset, body: str, folder: Path, **inputs: str) -> Path:
    """Write a table of ``kind`` made for ``rules`` (a preset's, named after the preset) into
    ``folder``, with its identity (:func:`identity_of`); return its path."""
    name = preset_name(rules)
    if name is None:
        raise ValueError(f"{rules.name} is no preset, so pitchlab ships no tables for it")
    path = folder / kind.file(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pack(identity_of(kind, rules, **inputs), body))
    return path


def open_file(file: str) -> tuple[dict[str, Any], str]:
    """The header and body of the package's table ``file``, unchecked: for a reader that checks
    the body itself (the frozen baseline bots check their ladder's content)."""
    return unpack(FOLDER.joinpath(file).read_bytes(), file)


def read(kind: Kind, rules: Ruleset, **inputs: str) -> str | None:
    """The body of the package's table of ``kind`` for ``rules`` (named after their preset),
    checked against them, the code version and ``inputs``; ``None`` where none ships (a house
    rule, or a preset without one).

    Raises :class:`StaleTable`, in one line, for a table made for other rules, by another
    code version or from other inputs."""
    name = preset_name(rules)
    if name is None:
        return None
    file = kind.file(name)
    try:
        raw = FOLDER.joinpath(file).read_bytes()
    except FileNotFoundError:
        return None
    header, body = unpack(raw, file)
    check(kind, header, rules, file, **inputs)
    return body


def check(kind: Kind, header: Mapping[str, Any], rules: Ruleset, file: str, **inputs: str) -> None:
    """Refuse (:class:`StaleTable`) a table whose header is not what a table of ``kind`` made
    now for ``rules`` from ``inputs`` would say; the message names the table, each difference
    and the command that makes the table again."""
    found = identity_of(kind, rules, **inputs)
    wrong = []
    if header.get("table") != kind.kind:
        wrong.append(f"it is a {header.get('table')} table, not a {kind.kind} table")
    if header.get("rules_digest") != found["rules_digest"]:
        wrong.append(f"it was made for other rules ({header.get('rules')}) than {rules.name}'s")
    if header.get("code") != kind.code:
        wrong.append(f"it was made by code version {header.get('code')}, not {kind.code}")
    for key, what in kind.inputs.items():
        if header.get(key) != found[key]:
            wrong.append(f"it was made from other {what}")
    if wrong:
        command = kind.command(preset_name(rules) or str(header.get("rules")))
        raise StaleTable(f"{file}: {'; '.join(wrong)}: make it again with `{command}`")
