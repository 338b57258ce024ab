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


# fmt: off
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic capitals drawn like Latin ones
        "А": "A", "В": "B", "Е": "E", "Н": "H", "І": "I", "Ӏ": "I", "Ј": "J", "К": "K", "М": "M",
        "О": "O", "Р": "P", "Ԛ": "Q", "Ѕ": "S", "С": "C", "Т": "T", "Ү": "Y", "У": "Y", "Ԝ": "W",
        "Х": "X", "Һ": "H",
        # Cyrillic small letters
        "а": "a", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "ӏ": "l", "о": "o", "р": "p",
        "ԛ": "q", "ѕ": "s", "с": "c", "у": "y", "ү": "y", "ԝ": "w", "х": "x",
        # Greek capitals
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
        "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        # Greek small letters
        "α": "a", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
        # Latin letters without their dot or with another shape
        "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g",
    }
)
# fmt: on
"""Letters of other alphabets drawn like Latin ones, each mapped to the Latin letter it looks like
(capitals before case is folded, so a Greek capital eta reads as H, not as its small form).

Unicode's confusables table (TR39) covers every script, and a package ships it
(``confusable_homoglyphs``); a nickname here is letters, digits and four marks, typed by a
student in a class, and the look-alikes that let one student pass for another are these: a
small table of our own keeps the class store free of one more dependency for one comparison."""


def fold(nickname: str) -> str:
    """A nickname as it is compared: ``Ana``, ``ana``, ``ＡＮＡ`` (full width) and ``Аna`` (with a
    Cyrillic А) are one student. Compatibility forms are made plain (NFKC), look-alike letters of
    other alphabets become the Latin letters they look like (:data:`LOOK_ALIKES`), then case is
    folded."""
    plain = unicodedata.normalize("NFKC", nickname).translate(LOOK_ALIKES).casefold()
    return unicodedata.normalize("NFKC", plain)


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
