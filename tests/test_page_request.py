"""A preheated Voilà kernel learns its page's address over Voilà's query websocket."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from websockets.sync.server import ServerConnection, serve

from pitchlab.ui import page_request
from pitchlab.ui.table_app import TableApp
from tests.serving import free_port

KERNEL = "0b5c3f7e-1111-2222-3333-444455556666"


@contextmanager
def voila_query(reply: str, seen: list[str]) -> Iterator[int]:
    """A stand-in for Voilà's ``voila/query/<kernel>`` socket: sends ``reply`` to whoever connects."""

    def handler(connection: ServerConnection) -> None:
        seen.append(connection.request.path if connection.request else "")
        connection.send(reply)

    port = free_port()
    with serve(handler, "127.0.0.1", port) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield port
        finally:
            server.shutdown()
            thread.join(timeout=5)


def preheated_env(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    for name, value in {
        "VOILA_PREHEAT": "True",
        "VOILA_APP_IP": "127.0.0.1",
        "VOILA_APP_PORT": str(port),
        "VOILA_SERVER_URL": "/class/",
        "VOILA_KERNEL_ID": KERNEL,
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)


def test_the_query_address_is_voilas() -> None:
    env = {"VOILA_APP_PORT": "9000", "VOILA_SERVER_URL": "/x/", "VOILA_KERNEL_ID": "k1"}
    assert page_request.query_url(env) == "ws://127.0.0.1:9000/x/voila/query/k1"
    env["VOILA_WS_BASE_URL"] = "/proxy/"
    env["VOILA_WS_PROTOCOL"] = "wss"
    assert page_request.query_url(env) == "wss://127.0.0.1:9000/proxy/voila/query/k1"


def test_outside_a_pool_nothing_is_awaited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert page_request.wait_for_request() is True
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert page_request.wait_for_request() is True


def test_a_preheated_kernel_gets_its_pages_address(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    reply = json.dumps({"QUERY_STRING": "seed=7&ruleset=five", "SCRIPT_NAME": "/", "junk": 3})
    with voila_query(reply, seen) as port:
        preheated_env(monkeypatch, port)
        app = TableApp()
        app.follow_address()
    assert seen == [f"/class/voila/query/{KERNEL}"]
    assert os.environ["QUERY_STRING"] == "seed=7&ruleset=five"
    assert "junk" not in os.environ  # only text values are taken
    reference = TableApp()
    reference.apply_query("seed=7&ruleset=five")
    assert app.table.rules.name == "five"
    assert app.table.record() == reference.table.record()


@pytest.mark.parametrize("reply", ["not json", "[1, 2]"])
def test_a_garbled_request_opens_a_fresh_game_and_says_so(
    monkeypatch: pytest.MonkeyPatch, reply: str
) -> None:
    with voila_query(reply, []) as port:
        preheated_env(monkeypatch, port)
        app = TableApp()
        app.follow_address()
    assert app.table.rules.name == "ten-point"
    assert "could not be read" in app.message.value


def test_no_voila_to_ask_opens_a_fresh_game(monkeypatch: pytest.MonkeyPatch) -> None:
    preheated_env(monkeypatch, free_port())  # nothing listens there
    assert page_request.wait_for_request() is False
