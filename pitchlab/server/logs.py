"""The class server's log: no secret in it, and no flood of it.

A teacher's page address carries the teacher key (``?class=K7QM2X&key=...``), and
tornado writes a refused request's whole address to the log, which a school's
administrators, a support forum or a screen share may read. :func:`scrub_secrets`
makes every log line of the server's process mask such values, whoever logs them.

Every refused request (a 404, a 503) is one warning line, so a script asking for
bad addresses in a loop would fill the disk: :class:`AccessLog` writes at most
:data:`LINES_PER_MINUTE` refused-request lines per address a minute, and then one
line saying the rest of that minute's are left out.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable
from typing import Any

SECRET = re.compile(
    r"((?:[?&;]|%3F|%26)(?:key|token|secret|password)(?:=|%3D))(?:(?!%26)[^&;\s#'\"<>])+", re.IGNORECASE
)
"""A secret's value in an address's query (plain or percent-encoded)."""
HIDDEN = "(hidden)"
LINES_PER_MINUTE = 20
"""Refused-request lines one address may write in a minute."""
WINDOW_S = 60.0
MAX_ADDRESSES = 10_000
"""Addresses remembered at once: a flood from many addresses does not fill the memory."""


def scrubbed(text: str) -> str:
    """``text`` with the secrets in its addresses masked."""
    return SECRET.sub(rf"\g<1>{HIDDEN}", text)


def scrub_secrets() -> None:
    """From now on, every log record of this process has the secrets in its message masked:
    a record factory sees each one, whichever logger and handler it goes to."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "scrubs_secrets", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed record: logging reports it as it would
            return record
        clean = scrubbed(message)
        if clean != message:
            record.msg, record.args = clean, None
        return record

    factory.scrubs_secrets = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)


class AccessLog:
    """Tornado's ``log_function``: its lines (``404 GET /path (address) 1.2ms``), with refused
    requests limited per address (see the module's docstring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.windows: dict[str, tuple[float, int]] = {}
        self.log = logging.getLogger("tornado.access")

    def __call__(self, handler: Any) -> None:
        status = handler.get_status()
        summary = f"{status} {handler._request_summary()} {1000.0 * handler.request.request_time():.2f}ms"
        if status < 400:
            self.log.info(summary)
        elif self.allowed(handler.request.remote_ip or ""):
            self.log.log(logging.WARNING if status < 500 else logging.ERROR, summary)

    def allowed(self, address: str) -> bool:
        """Whether this refused request of ``address`` is logged: the first
        :data:`LINES_PER_MINUTE` of its minute are; the next one says the rest are not."""
        now = self.clock()
        start, seen = self.windows.get(address, (now, 0))
        if now - start >= WINDOW_S:
            start, seen = now, 0
        if len(self.windows) >= MAX_ADDRESSES and address not in self.windows:
            self.windows = {a: w for a, w in self.windows.items() if now - w[0] < WINDOW_S}
        self.windows[address] = (start, seen + 1)
        if seen == LINES_PER_MINUTE:
            self.log.warning("more refused requests from %s this minute are not logged", address)
        return seen < LINES_PER_MINUTE
