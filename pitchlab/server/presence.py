"""Is anyone there: a page's kernel learns that a learner used it from the messages its
socket carries.

A script can fetch each page and keep a connection open to its kernel, which
is all a learner's browser does on its own too: once connected, a page sends
``kernel_info``, asks for the widgets' state, says the browser storage is read
(``ready``), pings its kernel every two seconds (:mod:`pitchlab.ui.lifeline`)
and paces the bots' moves (:mod:`pitchlab.ui.pace`). None of that shows a
learner. What does is a widget action: a button pressed (ipywidgets' ``custom``
message with a ``click`` event) or a control changed (an ``update`` of its
``value``, its ``index`` for a choice, its ``selected_index`` for tabs). The
admission (:mod:`pitchlab.server.admission`) may take back a kernel that has
seen none of these when its place is needed.

The messages are read as they pass on their way to the kernel, and only until
the first action: a page in use costs nothing more. Every binary message's
framing is checked first (:func:`well_framed`), since Jupyter's own reader can be
made to hang the server by one.
"""

from __future__ import annotations

import json
from typing import Any

from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
)

from pitchlab.server.health import ADMISSION
from pitchlab.server.ownership import OwnKernelSocket

V1 = "v1.kernel.websocket.jupyter.org"
"""Jupyter's binary websocket protocol, which Voilà's pages choose (else JSON text)."""
USER_STATE = frozenset({"value", "index", "selected_index"})
"""Widget state that only a learner's input changes: a control's value, a choice's index, the
open tab or section."""


def learner_action(message: str | bytes, subprotocol: str | None) -> bool:
    """Whether one message from a page's socket is a learner's widget action (see the module's
    doc). Anything unreadable is not."""
    try:
        content = _comm_content(message, subprotocol)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return False
    if content is None:
        return False
    data = content.get("data")
    if not isinstance(data, dict):
        return False
    method = data.get("method")
    if method == "custom":
        event = data.get("content")
        return isinstance(event, dict) and event.get("event") == "click"
    if method == "update":
        state = data.get("state")
        return isinstance(state, dict) and not USER_STATE.isdisjoint(state)
    return False


def _comm_content(message: str | bytes, subprotocol: str | None) -> dict[str, Any] | None:
    """A ``comm_msg``'s content, or ``None`` for any other message."""
    if subprotocol == V1 and isinstance(message, bytes):
        if not well_framed(message, subprotocol):
            return None
        _channel, parts = deserialize_msg_from_ws_v1(message)  # type: ignore[no-untyped-call]
        header = json.loads(parts[0])
        if header.get("msg_type") != "comm_msg":
            return None
        content: dict[str, Any] = json.loads(parts[3])
        return content
    binary = isinstance(message, bytes)
    whole = deserialize_binary_message(message) if binary else json.loads(message)  # type: ignore[no-untyped-call]
    if whole.get("header", {}).get("msg_type") != "comm_msg":
        return None
    found: dict[str, Any] = whole.get("content", {})
    return found


def well_framed(message: str | bytes, subprotocol: str | None) -> bool:
    """Whether a binary message's count of offsets fits in the message. Jupyter's reader trusts
    that count: a 64-byte message claiming 2**64 offsets had the server build that list,
    frozen (every page with it) until its memory ran out."""
    if subprotocol != V1 or not isinstance(message, bytes):
        return True  # JSON text, or the older binary form (read with bounds checks)
    return 2 <= int.from_bytes(message[:8], "little") <= len(message) // 8


class LearnerSocket(OwnKernelSocket):
    """The kernel's socket (its owner's only, :class:`~pitchlab.server.ownership.OwnKernelSocket`)
    that refuses messages Jupyter cannot read safely, and tells the admission when a learner
    first acts in the page."""

    _seen_learner = False

    def on_message(self, message: str | bytes) -> Any:
        if not well_framed(message, self.selected_subprotocol):
            self.log.warning("pitchlab: closing kernel %s's socket: a malformed message", self.kernel_id)
            self.close(1003, "malformed message")
            return None
        if not self._seen_learner:
            admission = self.settings[ADMISSION]
            if admission.is_used(self.kernel_id):
                self._seen_learner = True
            elif learner_action(message, self.selected_subprotocol):
                admission.used(self.kernel_id)
                self._seen_learner = True
        return super().on_message(message)
