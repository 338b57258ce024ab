"""Whose kernel is it: a learner's kernel answers only the browser that first claimed it.

Voilà prints the kernel id in every page, and with it alone anyone could attach
to that learner's kernel (``/api/kernels/<id>/channels``), press its buttons or
shut it down. Every request the page itself makes about its kernel carries its
cookies, so the class server lets the first browser with a signed id
(:mod:`pitchlab.server.clients`) that asks about a live kernel own it, and
refuses (403) every other browser, or one with no id, on the kernel's model, its
websocket and its shutdown. The page asks within a second of being served; its
kernel id is shown nowhere else first.

Shutting a kernel down also needs a real cross-site check. Voilà's page sends,
on unload, a form whose ``_xsrf`` field copies an ``_xsrf`` cookie Voilà never
sets, so the shutdown was refused ("'_xsrf' argument missing") and closed tabs
left their kernels to the culler; yet any made-up cookie and header pair was
accepted. Here the double-submit token is not what decides: a shutdown (the
unload beacon's POST, or ``DELETE /api/kernels/<id>``) must come from the
owner's browser (its cookie is ``SameSite=Strict``, so other sites' pages never
send it) and from a page of this server (``Origin``, else ``Referer``, names
this host).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.web import HTTPError, RequestHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from pitchlab.server.clients import client_id

SETTING = "pitchlab.owners"
"""Where the server's :class:`Owners` lives in the tornado application's settings."""


class Owners:
    """Kernel id -> the client id of the browser that claimed it first."""

    def __init__(self) -> None:
        self._owner: dict[str, str] = {}

    def claim(self, kernel_id: str, client: str | None, live: set[str]) -> bool:
        """Whether ``client`` owns ``kernel_id``, making it the owner if nobody is yet.

        Only live kernels are owned, and kernels that are gone are forgotten here, so
        the table never holds more entries than the server has kernels."""
        for gone in [k for k in self._owner if k not in live]:
            del self._owner[gone]
        if client is None or kernel_id not in live:
            return False
        return self._owner.setdefault(kernel_id, client) == client


def owners(handler: RequestHandler) -> Owners:
    """The server's one :class:`Owners`, made on first use."""
    table: Owners = handler.settings.setdefault(SETTING, Owners())
    return table


def require_owner(handler: Any, kernel_id: str) -> None:
    """Refuse unless the browser asking owns ``kernel_id`` (or claims it now): 404 for a kernel
    that is not running (a page learns so that its kernel has gone: kernel ids are random, so
    this tells a stranger nothing), 403 for another browser's.

    ``handler`` is a Jupyter handler: it has ``kernel_manager``."""
    live = set(handler.kernel_manager.list_kernel_ids())
    if kernel_id not in live:
        raise HTTPError(404, "no such kernel")
    if not owners(handler).claim(kernel_id, client_id(handler), live):
        raise HTTPError(403, "this kernel belongs to another page")


def same_origin(handler: RequestHandler) -> bool:
    """Whether the request comes from a page of this server: its ``Origin`` (else its
    ``Referer``) names the host the request was sent to. Browsers set both headers
    themselves; a request with neither is not from one of our pages."""
    headers = handler.request.headers
    source = headers.get("Origin") or headers.get("Referer")
    if not source or source == "null":
        return False
    return urlsplit(source).netloc.lower() == headers.get("Host", "").lower()


class OwnerChecksWrites:
    """For handlers whose writes shut kernels down: the owner's cookie and this server's
    page, in place of tornado's ``_xsrf`` double-submit check (see the module's doc)."""

    def check_xsrf_cookie(self) -> None:
        if not same_origin(self):  # type: ignore[arg-type]
            raise HTTPError(403, "a kernel is shut down only from its own page")


class OwnKernelHandler(OwnerChecksWrites, KernelHandler):
    """``/api/kernels/<id>``: the kernel's model, and its shutdown, for its owner only."""

    async def get(self, kernel_id: str) -> None:
        require_owner(self, kernel_id)
        await ensure_async(super().get(kernel_id))

    async def delete(self, kernel_id: str) -> None:
        require_owner(self, kernel_id)
        await ensure_async(super().delete(kernel_id))


class OwnShutdownHandler(OwnerChecksWrites, VoilaShutdownKernelHandler):  # type: ignore[misc]
    """``/voila/api/shutdown/<id>``, which the page calls on unload: for the owner only, and
    now accepted from the owner's page, so a closed tab frees its kernel at once."""

    async def post(self, kernel_id: str) -> None:
        require_owner(self, kernel_id)
        await super().post(kernel_id)


class OwnKernelSocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """``/api/kernels/<id>/channels``, the widgets' connection to the kernel: its owner's
    only (refused with 403 before the websocket opens)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """The refusal in one plain line: Jupyter's error page is a template Voilà's template
        folders lack, so rendering it failed with a traceback in the log."""
        error = kwargs.get("exc_info", (None, None, None))[1]
        reason = getattr(error, "log_message", None) or self._reason
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {reason}\n")

    async def pre_get(self) -> None:
        require_owner(self, self.kernel_id)
        await super().pre_get()
