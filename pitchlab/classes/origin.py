"""Where a page that joins a class came from: its browser and its network address.

The class store caps how many nicknames one browser and one address may hold in a
class (:func:`pitchlab.classes.store.join_caps`), but the join happens in the page's
kernel, which never sees the request. The class server (:mod:`pitchlab.server.app`)
writes both into the page's request as two headers of its own, replacing any the
browser sent, and Voilà hands a page's listed headers to its kernel as ``HTTP_...``
variables (with the address and query string), where :func:`page_origin` reads them.
The browser is named by a digest of its signed id, so the id itself stays with the
server. A kernel that no class server started (a notebook in Jupyter) knows neither,
and is not capped: whoever runs it can run any code anyway.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping

BROWSER_HEADER = "X-Pitchlab-Browser"
ADDRESS_HEADER = "X-Pitchlab-Address"
HEADERS = (BROWSER_HEADER, ADDRESS_HEADER)
"""The headers the class server sets on every page request and lists for Voilà to pass on."""
JOINS_PER_BROWSER_VARIABLE = "PITCHLAB_CLASS_JOINS_PER_BROWSER"
JOINS_PER_ADDRESS_VARIABLE = "PITCHLAB_CLASS_JOINS_PER_ADDRESS"
"""Where the class server hands its kernels other caps than the class store's (see
:func:`pitchlab.classes.store.join_caps`): named here, so the server need not load the store."""
MAX_CHARS = 64
"""Characters kept of either: a digest has 32, an IPv6 address at most 45."""


def env_name(header: str) -> str:
    """The variable Voilà gives a kernel for ``header`` (RFC 3875's ``HTTP_`` names)."""
    return "HTTP_" + header.upper().replace("-", "_")


def browser_label(client_id: str) -> str:
    """What the class store keeps of a browser: a digest of its id, enough to count its joins."""
    return hashlib.sha256(f"pitchlab-browser\n{client_id}".encode()).hexdigest()[:32]


def page_origin(env: Mapping[str, str] | None = None) -> tuple[str | None, str | None]:
    """The page's browser label and network address as the class server wrote them (``None``
    for either it did not: no class server)."""
    env = os.environ if env is None else env
    found: list[str | None] = []
    for header in HEADERS:
        value = env.get(env_name(header), "").strip()
        found.append(value if value and len(value) <= MAX_CHARS and value.isprintable() else None)
    return found[0], found[1]


__all__ = [
    "ADDRESS_HEADER",
    "BROWSER_HEADER",
    "HEADERS",
    "JOINS_PER_ADDRESS_VARIABLE",
    "JOINS_PER_BROWSER_VARIABLE",
    "browser_label",
    "env_name",
    "page_origin",
]
