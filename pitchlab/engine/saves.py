"""Saves without secrets: a game kept in a learner's browser that the learner cannot read.

A saved game (``pitchlab-game/1``) holds every hand dealt, the stock and the
dealing generator's state: in a student's hands it shows every card and
predicts the next deals. What the app gives the browser (its autosave and its
Save game download) is therefore a *sealed save*, ``pitchlab-save/1``::

    {"format": "pitchlab-save/1",
     "view": {"ruleset": "ten-point", "seat": 0, "hand": 3, "scores": [4, 2],
              "phase": "play", "cards": ["AS", "10H", ...]},
     "sealed": "gAAAAAB..."}

``view`` is what the learner's seat may see anyway (and all the resume offer
needs); ``sealed`` is the whole game, encrypted and authenticated with Fernet
(AES-128-CBC and HMAC-SHA256, from the ``cryptography`` package) under a key
that stays on the server. Opening a save checks the seal and that the view is
the one the sealed game gives, so a save changed anywhere, cut short, sealed
under another key or older than :data:`MAX_AGE` is refused with
:class:`~pitchlab.engine.errors.SaveRefused`, in one line. A plain ``pitchlab-game/1``
(a teacher's or the explorer's file) still opens.

The key is ``PITCHLAB_SAVE_KEY`` when set (a teacher running several servers
gives them the same one), else a key file made once, readable by its owner
only, in the user's data folder, so that a restarted server still resumes its
learners' games.

What sealing cannot stop: a learner may keep an old sealed save and load it
again later (to replay a hand whose cards the play has shown), since the
browser holds the only copy.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pitchlab.engine.errors import BadRecord, PitchError, SaveRefused
from pitchlab.engine.game import Game
from pitchlab.engine.limits import MAX_GAME_CHARS, MAX_SAVE_CHARS, too_long
from pitchlab.engine.record import GAME_FORMAT, _parse, dumps_game, game_from_record, loads_game

if TYPE_CHECKING:
    from cryptography.fernet import Fernet

SAVE_FORMAT = "pitchlab-save/1"
KEY_VARIABLE = "PITCHLAB_SAVE_KEY"
MAX_AGE = 400 * 24 * 3600
"""Seconds a sealed save stays good: a school year and a summer, so last term's game still
resumes while an old save kept to replay hands does not last for ever."""

REFUSED = "this save was changed or made by another server, so it cannot be resumed"
"""The one line a save that fails its seal gets: changed, cut short, or sealed under another key
look the same from here, and saying which would help nobody."""

_HOW_TO_MAKE_A_KEY = (
    'python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"'
)


# ------------------------------------------------------------------ the key


def data_folder() -> Path:
    """pitchlab's folder for what a server keeps (the save key, the class store):
    ``$XDG_DATA_HOME/pitchlab``, or ``~/.local/share/pitchlab`` when that is unset or not absolute."""
    data = os.environ.get("XDG_DATA_HOME", "")
    base = Path(data) if os.path.isabs(data) else Path.home() / ".local" / "share"
    return base / "pitchlab"


def key_path() -> Path:
    """Where the server keeps its save key: ``save.key`` in :func:`data_folder`."""
    return data_folder() / "save.key"


def save_key() -> bytes:
    """The server's save key: ``PITCHLAB_SAVE_KEY`` if set, else the key file (made on first use).

    Raises :class:`PitchError` in one line for a key that is not a Fernet key, a key file
    others may read, or a data folder where no key file can be made."""
    given = os.environ.get(KEY_VARIABLE, "").strip()
    if given:
        return _checked(
            given.encode(), f"{KEY_VARIABLE} is not a save key; make one with {_HOW_TO_MAKE_A_KEY}"
        )
    path = key_path()
    try:
        if not path.exists():
            _make_key_file(path)
        if path.stat().st_mode & 0o077:
            raise PitchError(f"the save key {path} may be read by other users; run: chmod 600 {path}")
        text = path.read_bytes().strip()
    except OSError as exc:
        raise PitchError(
            f"no save key could be kept at {path} ({exc.strerror}); set {KEY_VARIABLE} instead"
        ) from None
    return _checked(text, f"the save key {path} is damaged; delete it to make a new one")


def _make_key_file(path: Path) -> None:
    """Write a new key where none is, whole or not at all: written aside with mode 0600, then
    linked into place, which fails if another kernel got there first (then its key stands)."""
    from cryptography.fernet import Fernet

    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(Fernet.generate_key() + b"\n")
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(aside, path)
    finally:
        aside.unlink(missing_ok=True)


def _checked(key: bytes, problem: str) -> bytes:
    try:
        _fernet(key)
    except ValueError:
        raise PitchError(problem) from None
    return key


def _fernet(key: bytes | None) -> Fernet:
    try:
        from cryptography.fernet import Fernet
    except ImportError:  # pragma: no cover - the app extra brings it
        raise PitchError("sealed saves need the app's packages: pip install 'pitchlab[app]'") from None
    return Fernet(save_key() if key is None else key)


# ------------------------------------------------------------------ sealing


def save_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see of the game, and all the resume offer says: the ruleset, which
    hand this is, the scores, the phase and the seat's own cards (none for a table of bots)."""
    hand = game.hand
    current_is_scored = bool(game.history) and game.history[-1].hand is hand
    return {
        "ruleset": game.rules.name,
        "seat": seat,
        "hand": len(game.history) + (0 if current_is_scored else 1),
        "scores": list(game.scores),
        "phase": str(hand.phase),
        "cards": [] if seat is None else [card.code for card in hand.view(seat).hand],
    }


def seal_game(game: Game, seat: int | None, key: bytes | None = None) -> str:
    """The game as a sealed save (JSON text) for a browser whose learner sits at ``seat``."""
    token = _fernet(key).encrypt(dumps_game(game).encode())
    save = {"format": SAVE_FORMAT, "view": save_view(game, seat), "sealed": token.decode("ascii")}
    return json.dumps(save, separators=(",", ":"))


def open_game(text: str, key: bytes | None = None, *, now: float | None = None) -> Game:
    """A game from a sealed save, or from a plain saved game (``pitchlab-game/1``).

    Raises :class:`SaveRefused` (one line) for a sealed save that is not exactly one this
    server sealed within :data:`MAX_AGE`, and :class:`BadRecord` for text that is neither."""
    data = _parse(text, "a saved game", MAX_SAVE_CHARS)
    if isinstance(data, Mapping) and data.get("format") == GAME_FORMAT:
        reason = too_long(text, MAX_GAME_CHARS, "a saved game")
        if reason is not None:
            raise BadRecord("", reason)
        return game_from_record(data)
    if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        found = data.get("format") if isinstance(data, Mapping) else None
        raise BadRecord("format", f"expected {SAVE_FORMAT!r} or {GAME_FORMAT!r}, got {found!r}")
    view, token = data.get("view"), data.get("sealed")
    if (
        set(data) != {"format", "view", "sealed"}
        or not isinstance(view, Mapping)
        or not isinstance(token, str)
    ):
        raise SaveRefused(REFUSED)
    plain = _unseal(token, key, time.time() if now is None else now)
    try:
        game = loads_game(plain)
    except BadRecord:  # sealed under this key, yet not a game: not to be trusted
        raise SaveRefused(REFUSED) from None
    seat = view.get("seat")
    if seat is not None and not (type(seat) is int and 0 <= seat < game.rules.players):
        raise SaveRefused(REFUSED)
    if save_view(game, seat) != view:  # the view was edited: the seal covers the game, not it
        raise SaveRefused(REFUSED)
    return game


def _unseal(token: str, key: bytes | None, now: float) -> str:
    """The sealed text, once its seal and age are checked."""
    from cryptography.fernet import InvalidToken

    fernet = _fernet(key)
    try:
        made = fernet.extract_timestamp(token.encode("ascii"))  # checks the seal first
        plain = fernet.decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError):
        raise SaveRefused(REFUSED) from None
    if now - made > MAX_AGE:
        days = MAX_AGE // (24 * 3600)
        raise SaveRefused(f"this save is more than {days} days old, so it cannot be resumed")
    try:
        return plain.decode()
    except UnicodeDecodeError:
        raise SaveRefused(REFUSED) from None
