"""Every page's assets from the class server itself, none from the internet.

Voilà's page templates link Font Awesome's style sheets from a public CDN, although
Voilà's own bundled style (``voila-style.js``, served by the class server) already
carries Font Awesome 5 with its v4 names and its fonts. In a classroom without the
internet those links only wait and fail; on one with it, each page tells a third
party who opened it. :class:`LocalAssets` takes every ``<link>`` to another server
out of the HTML the class server sends (pages, error pages alike), so the icons come
from the bundled copy.
"""

from __future__ import annotations

import re

from tornado.httputil import HTTPHeaders
from tornado.web import OutputTransform

OUTSIDE_LINK = re.compile(rb"<link\b[^>]*\bhref=[\"']?(?:https?:)?//[^>]*>\s*", re.IGNORECASE)
"""A ``<link>`` (a style sheet, a preload) whose address names another server."""


def local_only(html: bytes) -> bytes:
    """``html`` without its links to other servers."""
    return OUTSIDE_LINK.sub(b"", html)


class LocalAssets(OutputTransform):
    """Tornado's output transform that applies :func:`local_only` to every HTML response."""

    html = False

    def transform_first_chunk(
        self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, HTTPHeaders, bytes]:
        self.html = headers.get("Content-Type", "").startswith("text/html")
        if not self.html:
            return status_code, headers, chunk
        chunk = local_only(chunk)
        if finishing:
            headers["Content-Length"] = str(len(chunk))
        elif "Content-Length" in headers:
            del headers["Content-Length"]  # the length changed: sent chunked instead
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        return local_only(chunk) if self.html else chunk
