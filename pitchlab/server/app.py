"""The Voilà application the class server runs, and its command line (``python -m pitchlab.server``).

:class:`ClassServer` is Voilà with some handlers swapped for pitchlab's own. The
swap is a table from Voilà's handler class to ours (:data:`SWAPPED`), so each
concern stays in its own module and Voilà's routes and their order are kept.
Voilà's configuration (``voila.json``, ``--Voila.*`` options) applies unchanged;
the class server's own settings are read as ``ClassServer.*``.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from pitchlab.server.clients import ensure_client_id
from pitchlab.server.ownership import OwnKernelHandler, OwnKernelSocket, OwnShutdownHandler
from pitchlab.server.querysocket import QuerySocket


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """A notebook page: as Voilà's, and the browser gets its id before anything is started."""

    async def prepare(self, **kwargs: Any) -> None:
        ensure_client_id(self)
        await super().prepare(**kwargs)


SWAPPED: dict[type, type] = {
    TornadoVoilaHandler: PageHandler,
    RequestInfoSocketHandler: QuerySocket,
    KernelHandler: OwnKernelHandler,
    VoilaKernelWebsocketHandler: OwnKernelSocket,
    VoilaShutdownKernelHandler: OwnShutdownHandler,
}
"""Voilà's handler class -> the class server's, for each route Voilà sets up."""


def swap(spec: tuple[Any, ...], table: dict[type, type]) -> tuple[Any, ...]:
    """One of Voilà's routes ``(pattern, handler, [kwargs])`` with its handler swapped if the
    table names it."""
    pattern, handler, *rest = spec
    return (pattern, table.get(handler, handler), *rest)


class ClassServer(Voila):  # type: ignore[misc]
    """Voilà for a class: the same pages, with pitchlab's handlers where Voilà's would let
    one student disturb another."""

    def init_handlers(self) -> list[Any]:
        return [swap(spec, SWAPPED) for spec in super().init_handlers()]


def main() -> None:
    """Run the class server with Voilà's command line."""
    ClassServer.launch_instance()
