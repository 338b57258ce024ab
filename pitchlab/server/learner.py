"""What a learner's Jupyter server on the class hub answers: Voilà's pages and the widgets'
messages to the page's own kernel, nothing else.

Jupyter Server, which the hub starts for each learner, serves far more than Voilà needs:
``POST /api/kernels`` starts a kernel and its websocket runs any code sent to it,
``/api/contents`` reads and writes files, ``/api/sessions``, ``/files/``, ``/nbconvert/`` and
more. A learner's browser holds the cookie that opens all of it, so a learner could run code
as the server's user: read the hub's secrets, forge logins, write into the pages every
learner is served. Voilà itself needs only its own routes (``/voila/...``: the pages, their
static files, the kernel's shutdown on unload) and the kernel's model and websocket
(``/api/kernels/<id>`` and ``/api/kernels/<id>/channels``); the page's widgets talk to the
kernel in comm messages alone.

Two settings close the rest, both written by :func:`pitchlab.server.hub.singleuser_config`:

- this module as a server extension: every request whose path is not on :data:`SERVED`
  (after the server's base address) gets 404 before any handler sees it, and the kernel's
  model answers only reads and shutdowns (no restart, no interrupt);
- ``MappingKernelManager.allowed_message_types`` = :data:`WIDGET_MESSAGES`: the kernel's
  websocket drops every other message (``execute_request``, ``inspect_request``,
  ``complete_request``, ``shutdown_request`` ...), with one warning line each.

A route is let through by what it is, not refused by name, so an extension installed later
opens nothing by itself.
"""

from __future__ import annotations

import re
from typing import Any

from tornado.web import ErrorHandler

KERNEL_ID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

SERVED = re.compile(
    rf"(?:voila(?:/.*)?|static/.*|api/kernels/{KERNEL_ID}(?:/channels)?|api|oauth_callback|logout)?"
)
"""Paths under a learner's server that reach a handler: the server's root (it sends the
browser on to the app), Voilà's routes, Jupyter Server's static files (Voilà's page loads its
scripts there), the page's kernel (its model and its websocket), the server's version
(``api``: the hub asks it when the server starts) and the hub's login round trip
(``oauth_callback``, ``logout``)."""

_KERNEL_MODEL = re.compile(rf"api/kernels/{KERNEL_ID}")
_KERNEL_MODEL_METHODS = ("GET", "DELETE")
"""The page reads its kernel's model and shuts the kernel down on unload; nothing else."""

WIDGET_MESSAGES = ["comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request"]
"""The messages the page's widget manager sends its kernel: everything a learner's clicks
need, and no way to have the kernel run code of the browser's choosing."""


def served(path: str, method: str) -> bool:
    """Whether a request for ``path`` (the part after the server's base address) reaches a
    handler of a learner's server."""
    if not SERVED.fullmatch(path):
        return False
    return method in _KERNEL_MODEL_METHODS if _KERNEL_MODEL.fullmatch(path) else True


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Put :func:`served` in front of the server's routes: every other request gets 404."""
    app = serverapp.web_app
    base: str = app.settings["base_url"]
    find = app.find_handler

    def find_served(request: Any, **kwargs: Any) -> Any:
        path: str = request.path
        rest = path[len(base) :] if path.startswith(base) else "" if path + "/" == base else None
        if rest is None or not served(rest, request.method or "GET"):
            return app.get_handler_delegate(request, ErrorHandler, {"status_code": 404})
        return find(request, **kwargs)

    app.find_handler = find_served


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "pitchlab.server.learner"}]
