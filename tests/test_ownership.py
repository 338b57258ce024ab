"""Who owns a kernel, and which requests come from one of the server's own pages.

The server-level checks (another browser refused, forged ``_xsrf`` refused, the
owner's shutdown accepted) are in ``tests/test_server_sockets.py``.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from tornado.httputil import HTTPHeaders

from pitchlab.server.ownership import Owners, same_origin

A, B = "client-a", "client-b"


def test_the_first_browser_to_claim_a_live_kernel_owns_it() -> None:
    owners = Owners()
    live = {"k1", "k2"}
    assert owners.claim("k1", A, live)
    assert not owners.claim("k1", B, live), "a second browser is refused"
    assert owners.claim("k1", A, live), "the owner is asked again and still owns it"
    assert owners.claim("k2", B, live), "another kernel is another claim"


def test_no_id_and_no_kernel_own_nothing() -> None:
    owners = Owners()
    assert not owners.claim("k1", None, {"k1"}), "a browser without a signed id"
    assert not owners.claim("gone", A, {"k1"}), "a kernel this server does not run"
    assert owners.claim("k1", A, {"k1"}), "the refusals claimed nothing"


def test_kernels_that_are_gone_are_forgotten() -> None:
    owners = Owners()
    for n in range(50):
        owners.claim(f"k{n}", A, {f"k{n}"} | {f"k{m}" for m in range(n)})
    owners.claim("k49", A, {"k49"})  # the other 49 were shut down or culled
    assert owners._owner == {"k49": A}


def request(**headers: str) -> Any:
    """A stand-in for a handler, with just what ``same_origin`` reads."""
    return SimpleNamespace(request=SimpleNamespace(headers=HTTPHeaders(headers)))


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Host": "class.example:8866", "Origin": "http://class.example:8866"}, True),
        ({"Host": "class.example:8866", "Referer": "http://class.example:8866/voila/render/app.ipynb"}, True),
        ({"Host": "CLASS.example:8866", "Origin": "https://class.EXAMPLE:8866"}, True),
        ({"Host": "class.example:8866"}, False),
        ({"Host": "class.example:8866", "Origin": "null"}, False),
        ({"Host": "class.example:8866", "Origin": "http://class.example:9999"}, False),
        ({"Host": "class.example:8866", "Origin": "http://elsewhere.example"}, False),
        (
            {
                "Host": "class.example:8866",
                "Origin": "http://elsewhere.example",
                "Referer": "http://class.example:8866/",
            },
            False,
        ),
    ],
    ids=[
        "origin",
        "referer",
        "case-and-scheme",
        "neither",
        "null-origin",
        "other-port",
        "other-site",
        "origin-wins",
    ],
)
def test_same_origin(headers: dict[str, str], expected: bool) -> None:
    assert same_origin(request(**headers)) is expected
