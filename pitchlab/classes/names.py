"""Class codes, nicknames, titles and secrets: what a person types, checked before it is stored.

A class code is short enough to write on the board and made of characters nobody
misreads (no 0/O, 1/I/L). A nickname is the only thing a student tells the class
about themselves, so it is checked to be a name and nothing more: no markup, no
spreadsheet formula, no paragraph.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from pitchlab.engine.errors import ClassError, printable

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_CHARS = 6
"""31**6, about 890 million codes: a class's code is not guessed by trying."""
MAX_NICKNAME_CHARS = 20
MAX_TITLE_CHARS = 80
MAX_KEY_CHARS = 64
NICKNAME_MARKS = " -_."
"""Characters a nickname may hold besides letters and digits (never first)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_CHARS))


def check_code(text: object) -> str:
    """A class code as stored (upper case), from what a student typed or the address held."""
    code = text.strip().upper() if isinstance(text, str) else ""
    if len(code) != CODE_CHARS or any(ch not in CODE_ALPHABET for ch in code):
        shown = printable(text, 40) if isinstance(text, str) else type(text).__name__
        raise ClassError(
            f"{shown!r} is not a class code: a code is {CODE_CHARS} letters and digits, like K7QM2X"
        )
    return code


def check_nickname(text: object) -> str:
    """A nickname as shown (spaces tidied), or :class:`ClassError` saying what one may hold."""
    raw = text if isinstance(text, str) else ""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    rule = (
        f"a nickname is 1 to {MAX_NICKNAME_CHARS} letters and digits, with spaces, '-', '_' or '.' "
        "after the first"
    )
    if not name or len(name) > MAX_NICKNAME_CHARS or not raw.isprintable():
        raise ClassError(rule)
    if not name[0].isalnum() or any(not (ch.isalnum() or ch in NICKNAME_MARKS) for ch in name):
        raise ClassError(rule)
    return name


def check_title(text: object) -> str:
    """A class's title (for the teacher's list): one printable line."""
    title = " ".join(text.split()) if isinstance(text, str) else ""
    if len(title) > MAX_TITLE_CHARS or not title.isprintable():
        raise ClassError(f"a class title is one line of at most {MAX_TITLE_CHARS} characters")
    return title


def new_secret() -> str:
    """A teacher key or a student's token: 128 random bits, safe in an address."""
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """What the store keeps of a secret: a SHA-256 (the secrets are random, so no slow hash)."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def matches(secret: object, stored_digest: str) -> bool:
    """Whether ``secret`` is the one ``stored_digest`` was made from, in constant time."""
    if not isinstance(secret, str) or not secret or len(secret) > MAX_KEY_CHARS:
        return False
    return hmac.compare_digest(digest(secret), stored_digest)
