"""Which of a page's socket messages show a learner (issue 26, part 3).

The messages below are the ones headless Chromium sent on the app's page (read off its
websocket with Playwright, 2026-12-05): on its own, once the page was drawn, and when a
bid button was pressed. They are framed here as Jupyter's v1 websocket protocol lays a
message out (a count of offsets, the offsets, the channel, then header, parent header,
metadata and content), written from the protocol's description, not with the server's
own code.
"""

from __future__ import annotations

import json

import pytest

from pitchlab.server.presence import V1, learner_action, well_framed


def v1_frame(msg_type: str, content: dict[str, object], channel: str = "shell") -> bytes:
    parts = [
        json.dumps({"msg_id": "m", "msg_type": msg_type, "session": "s", "version": "5.2"}).encode(),
        b"{}",
        b"{}",
        json.dumps(content).encode(),
    ]
    chunks = [channel.encode(), *parts]
    offsets = [8 * (1 + len(chunks) + 1)]  # the count, one offset per chunk, and the end
    for chunk in chunks:
        offsets.append(offsets[-1] + len(chunk))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(chunks)


def comm(comm_id: str, data: dict[str, object]) -> dict[str, object]:
    return {"comm_id": comm_id, "data": data}


ON_ITS_OWN = [
    v1_frame("kernel_info_request", {}),
    v1_frame("comm_open", {"comm_id": "c0", "target_name": "jupyter.widget.control", "data": {}}),
    v1_frame("comm_msg", comm("c0", {"method": "request_states"})),
    v1_frame("comm_close", comm("c0", {})),
    v1_frame("comm_msg", comm("c1", {"method": "update", "state": {"ready": True}, "buffer_paths": []})),
    v1_frame("comm_msg", comm("c2", {"method": "custom", "content": {"ping": 1}})),  # the lifeline
    v1_frame("comm_msg", comm("c3", {"method": "custom", "content": {"tick": 2}})),  # the bots' pace
]
"""What the app's page sends without anyone touching it."""
BY_A_LEARNER = [
    v1_frame("comm_msg", comm("c4", {"method": "custom", "content": {"event": "click"}})),  # a button
    v1_frame("comm_msg", comm("c5", {"method": "update", "state": {"value": "Ana"}, "buffer_paths": []})),
    v1_frame("comm_msg", comm("c6", {"method": "update", "state": {"index": 2}, "buffer_paths": []})),
    v1_frame(
        "comm_msg", comm("c7", {"method": "update", "state": {"selected_index": 1}, "buffer_paths": []})
    ),
]
"""A button pressed, text typed, a choice made, a tab opened."""


@pytest.mark.parametrize("frame", ON_ITS_OWN)
def test_a_page_on_its_own_shows_no_learner(frame: bytes) -> None:
    assert not learner_action(frame, V1)


@pytest.mark.parametrize("frame", BY_A_LEARNER)
def test_a_widget_action_shows_a_learner(frame: bytes) -> None:
    assert learner_action(frame, V1)


def test_the_json_protocol_is_read_too() -> None:
    """A page that did not choose the binary protocol sends each message as JSON text."""
    click = {
        "header": {"msg_type": "comm_msg"},
        "parent_header": {},
        "metadata": {},
        "content": comm("c4", {"method": "custom", "content": {"event": "click"}}),
        "channel": "shell",
    }
    assert learner_action(json.dumps(click), None)
    click["header"] = {"msg_type": "execute_request"}
    assert not learner_action(json.dumps(click), None)


@pytest.mark.parametrize("junk", [b"", b"\x00" * 3, b"\xff" * 64, "not json", "[1, 2]", '{"header": 3}'])
def test_junk_shows_no_learner(junk: str | bytes) -> None:
    assert not learner_action(junk, V1 if isinstance(junk, bytes) else None)


def test_a_frame_claiming_more_offsets_than_it_holds_is_refused() -> None:
    """Jupyter's reader builds one entry per claimed offset: 2**64 of them froze the server."""
    assert well_framed(v1_frame("comm_msg", {}), V1)
    assert not well_framed(b"\xff" * 8 + b"\x00" * 56, V1)
    assert not well_framed((9).to_bytes(8, "little") + b"\x00" * 56, V1), "9 offsets need 80 bytes"
    assert not well_framed(b"", V1)
    assert well_framed("{}", V1) and well_framed(b"\xff" * 64, None), "other forms are read with bounds"
