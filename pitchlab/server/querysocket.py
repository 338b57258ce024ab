"""The socket a preheated kernel learns its page's address on, safe from the other sockets.

A kernel in Voilà's pool has run the app before any learner asks for it, so it
learns the address of the page that takes it (``?seed=7``) late: it opens a
websocket at ``voila/query/<its kernel id>`` and waits; when a page takes the
kernel, Voilà's page handler sends the request there
(``RequestInfoSocketHandler.send_updates``), or keeps it until the socket opens.

Voilà 0.5.13's handler keeps one table of waiting sockets for the whole server,
and when a socket closes that is no longer in it (a second socket opened on the
same kernel id replaced it), it deletes the *last* entry instead: some other
kernel's. About thirty sockets opened and closed on one made-up id empty the
table, and every pooled kernel then waits for ever: the next thirty learners'
pages hang on "Executing 1 of 2". Its cache of undelivered requests is never
emptied either. :class:`QuerySocket` is that handler with its rules made safe:

- a closing socket removes its own entry and nothing else;
- only a live kernel's id is accepted, and only one socket waits per kernel
  (the first: a pooled kernel opens its socket long before its id is shown in
  any page);
- a browser cannot open it at all (browsers always send ``Origin`` on a
  websocket handshake and a page cannot drop it; the kernel's client sends none);
- a delivered request leaves the cache, requests for kernels that are gone are
  dropped, and the cache never holds more than
  :data:`~pitchlab.engine.limits.MAX_CACHED_REQUESTS`.

The table and the cache stay Voilà's own (class attributes shared with the
subclass), because Voilà's page handler calls ``send_updates`` on Voilà's class.
"""

from __future__ import annotations

from collections.abc import Container, MutableMapping
from typing import Any

from tornado.web import HTTPError
from voila.request_info_handler import RequestInfoSocketHandler

from pitchlab.engine.limits import MAX_CACHED_REQUESTS


def prune(cache: MutableMapping[str, Any], live: Container[str], cap: int = MAX_CACHED_REQUESTS) -> None:
    """Drop the cached requests of kernels that are gone, then the oldest beyond ``cap``."""
    for kernel_id in [k for k in cache if k not in live]:
        del cache[kernel_id]
    for kernel_id in list(cache)[: max(0, len(cache) - cap)]:
        del cache[kernel_id]


class QuerySocket(RequestInfoSocketHandler):  # type: ignore[misc]
    """Voilà's request-info socket, with one kernel's socket unable to disturb another's."""

    kernel_id: str | None = None

    def _live(self) -> Container[str]:
        """The ids of the kernels this server runs now."""
        manager = self.settings.get("kernel_manager")
        return set(manager.list_kernel_ids()) if manager is not None else set()

    def prepare(self) -> None:
        """Refuse the handshake (403) unless a kernel of this server asks, for its own id,
        and no socket waits for that kernel yet."""
        kernel_id = self.path_kwargs.get("kernel_id", "")
        if "Origin" in self.request.headers or "Sec-Websocket-Origin" in self.request.headers:
            raise HTTPError(403, "the request-info socket is for kernels, not pages")
        if kernel_id not in self._live():
            raise HTTPError(403, "no such kernel")
        if kernel_id in self._waiters:
            raise HTTPError(403, "a socket already waits for this kernel")

    def open(self, kernel_id: str) -> None:
        if self._waiters.get(kernel_id, self) is not self:  # another opened between handshake and now
            self.close(code=1008, reason="a socket already waits for this kernel")
            return
        self.kernel_id = kernel_id
        self._waiters[kernel_id] = self
        payload = self._cache.pop(kernel_id, None)
        if payload is not None:
            self.write_message(payload)
        prune(self._cache, self._live())

    def on_close(self) -> None:
        if self.kernel_id is not None and self._waiters.get(self.kernel_id) is self:
            del self._waiters[self.kernel_id]
