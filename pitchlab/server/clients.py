"""Who is asking: one signed cookie per browser, the identity every cap and check uses.

Kernel ids are printed in the page and IP addresses are shared by a school's
whole network, so neither says which browser a request comes from. The class
server gives each browser a random id in a cookie signed with the server's
secret on its first page; later requests carry it back. A forged or missing
cookie is simply no identity (``None``): it owns nothing.
"""

from __future__ import annotations

import secrets

from tornado.web import RequestHandler

COOKIE = "pitchlab-client"
"""The cookie's name."""
DAYS = 1
"""How long a browser keeps its id: a lesson, not a term."""


def client_id(handler: RequestHandler) -> str | None:
    """The browser's id if it sent a cookie this server signed, else ``None``."""
    raw = handler.get_signed_cookie(COOKIE, max_age_days=DAYS)
    return raw.decode("ascii", "replace") if raw else None


def ensure_client_id(handler: RequestHandler) -> str:
    """The browser's id, made and set in a cookie on this response if it has none yet.

    ``HttpOnly`` keeps page scripts from reading it and ``SameSite=Strict`` keeps
    other sites' pages from sending it.
    """
    known = client_id(handler)
    if known:
        return known
    new = secrets.token_urlsafe(18)
    handler.set_signed_cookie(COOKIE, new, expires_days=DAYS, httponly=True, samesite="Strict", path="/")
    return new
