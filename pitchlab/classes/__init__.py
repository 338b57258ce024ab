"""Class experiments: a class's students pool their results in one database for the teacher's page.

:mod:`~pitchlab.classes.store` keeps classes, students and rows (SQLite or PostgreSQL);
:mod:`~pitchlab.classes.payloads` says what a row may hold and seeds each student's deals;
:mod:`~pitchlab.classes.names` checks codes, nicknames and keys. Nothing here draws.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pitchlab.engine.errors import ClassError

if TYPE_CHECKING:
    from pitchlab.classes.payloads import (
        DEALS,
        HANDS,
        MONTE_CARLO,
        POLLS,
        REVIEW,
        TRUMP_COUNT,
        Poll,
        seed_for,
    )
    from pitchlab.classes.store import (
        DB_VARIABLE,
        ClassInfo,
        ClassStore,
        Created,
        Member,
        Row,
        database_url,
        open_store,
    )

_HOMES = {
    **dict.fromkeys(
        ("DEALS", "HANDS", "MONTE_CARLO", "POLLS", "REVIEW", "TRUMP_COUNT", "Poll", "seed_for"), "payloads"
    ),
    **dict.fromkeys(
        ("DB_VARIABLE", "ClassInfo", "ClassStore", "Created", "Member", "Row", "database_url", "open_store"),
        "store",
    ),
}


def __getattr__(name: str) -> Any:
    """The names above, each loaded from its module when first asked for: the store brings in
    SQLAlchemy (a quarter of a second), which a page that joins no class, or a server starting
    with :mod:`~pitchlab.classes.origin` alone, never needs."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pitchlab.classes' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"pitchlab.classes.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DB_VARIABLE",
    "DEALS",
    "HANDS",
    "MONTE_CARLO",
    "POLLS",
    "REVIEW",
    "TRUMP_COUNT",
    "ClassError",
    "ClassInfo",
    "ClassStore",
    "Created",
    "Member",
    "Poll",
    "Row",
    "database_url",
    "open_store",
    "seed_for",
]
