"""Class experiments: a class's students pool their results in one database for the teacher's page.

:mod:`~pitchlab.classes.store` keeps classes, students and rows (SQLite or PostgreSQL);
:mod:`~pitchlab.classes.payloads` says what a row may hold and seeds each student's deals;
:mod:`~pitchlab.classes.names` checks codes, nicknames and keys. Nothing here draws.
"""

from pitchlab.classes.payloads import DEALS, HANDS, MONTE_CARLO, POLLS, REVIEW, TRUMP_COUNT, Poll, seed_for
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
from pitchlab.engine.errors import ClassError

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
