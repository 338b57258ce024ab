"""The page a preheated Voilà kernel is serving, learned without importing Voilà.

Voilà keeps a pool of kernels that have already run the app, so a learner's page
opens at once. Such a kernel starts before anyone asks for it, so it learns the
page's address (``?seed=7&ruleset=five``) only when a page takes it: Voilà sends
the request over a websocket at ``voila/query/<kernel id>`` and the kernel waits
for it. ``voila.utils.wait_for_request`` does this, but importing ``voila`` pulls
the whole Jupyter server into the kernel (jsonschema builds a URI grammar on
import): about 4 CPU seconds and 50 MB per kernel, paid again by every kernel the
pool starts while a class is arriving. This module does the same wait with only
the ``websockets`` client Voilà already depends on.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from ssl import SSLContext

WAIT_S = 5.0
"""Seconds to wait for Voilà to answer the websocket's opening handshake."""
MAX_REQUEST = 2**20
"""Bytes of request a kernel accepts: far above any real address, and a bound."""


def preheated() -> bool:
    """Whether this kernel was started ahead of its page by Voilà's kernel pool."""
    return os.environ.get("VOILA_PREHEAT", "False") == "True"


def query_url(env: Mapping[str, str] | None = None) -> str:
    """Where Voilà hands this kernel its page's request (as ``voila.utils`` builds it)."""
    env = os.environ if env is None else env
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}"
        f":{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    )


def _tls() -> SSLContext | None:
    """TLS to this kernel's own server when it serves https (``wss``), else none. Imported
    only then: the class store's package would cost every kernel its database library."""
    if os.environ.get("VOILA_WS_PROTOCOL") != "wss":
        return None
    from pitchlab.classes.network import own_server_tls

    return own_server_tls()


def wait_for_request() -> bool:
    """In a preheated kernel, wait for the page that takes it and put that page's
    request (``QUERY_STRING`` and the rest) into ``os.environ``; elsewhere, return
    at once. Only string values are kept: the request is the learner's input.

    ``False`` if the request could not be read (the app then starts as if the
    address said nothing): the page must open whatever its address holds."""
    if not preheated():
        return True
    from websockets.exceptions import WebSocketException  # a Voilà dependency: only in its kernels
    from websockets.sync.client import connect

    try:
        with connect(query_url(), open_timeout=WAIT_S, max_size=MAX_REQUEST, ssl=_tls()) as websocket:
            message = websocket.recv()
        info = json.loads(message)
    except (OSError, ValueError, WebSocketException):
        return False
    if not isinstance(info, dict):
        return False
    os.environ.update({k: v for k, v in info.items() if isinstance(k, str) and isinstance(v, str)})
    return True


def query() -> str:
    """The page's query string (``seed=7&class=K7QM2X``): Voilà's ``QUERY_STRING``, waited for in a
    preheated kernel (:func:`wait_for_request`); empty in a notebook opened in Jupyter."""
    if "QUERY_STRING" not in os.environ:  # a kernel Voilà started ahead of its page learns it now
        wait_for_request()
    return os.environ.get("QUERY_STRING", "")
