"""Where a joining page came from: the class server writes its browser and address into the page's
request, over anything the browser sent, and the page's kernel reads them back."""

from __future__ import annotations

import hashlib
import os

from tornado.httputil import HTTPHeaders

from pitchlab.classes import origin
from pitchlab.server.app import ClassServer, stamp_origin


def test_the_server_writes_the_browser_and_address_over_what_the_browser_sent() -> None:
    headers = HTTPHeaders({"X-Pitchlab-Browser": "forged", "X-Pitchlab-Address": "10.9.9.9"})
    headers.add("X-Pitchlab-Address", "10.8.8.8")
    stamp_origin(headers, "192.0.2.7", "the signed id")
    # the label: the first 32 hex digits of SHA-256 of "pitchlab-browser", a newline and the id
    label = hashlib.sha256(b"pitchlab-browser\nthe signed id").hexdigest()[:32]
    assert headers.get_list("X-Pitchlab-Browser") == [label]
    assert headers.get_list("X-Pitchlab-Address") == ["192.0.2.7"]


def test_the_kernel_reads_them_as_voila_passes_them() -> None:
    env = {"HTTP_X_PITCHLAB_BROWSER": "ab" * 16, "HTTP_X_PITCHLAB_ADDRESS": "2001:db8::1"}
    assert origin.page_origin(env) == ("ab" * 16, "2001:db8::1")
    assert origin.page_origin({}) == (None, None)  # no class server: not known
    assert origin.page_origin({"HTTP_X_PITCHLAB_BROWSER": "x" * 65, "HTTP_X_PITCHLAB_ADDRESS": "a\nb"}) == (
        None,
        None,
    )


def test_the_server_lists_both_headers_for_voila_to_pass_on_and_hands_its_caps_to_kernels() -> None:
    before = dict(os.environ)
    server = ClassServer()
    try:
        server.initialize(
            [
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                "--VoilaConfiguration.http_header_envs=X-Other",
                "--ClassServer.class_joins_per_browser=2",
            ]
        )
        assert server.voila_configuration.http_header_envs == ["X-Other", *origin.HEADERS]
        assert os.environ[origin.JOINS_PER_BROWSER_VARIABLE] == "2"  # the kernels inherit it
        assert origin.JOINS_PER_ADDRESS_VARIABLE not in os.environ  # not set: the store's default
    finally:
        server.clear_instance()
        os.environ.clear()
        os.environ.update(before)
