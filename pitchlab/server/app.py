"""The Voilà application the class server runs, and its command line (``python -m pitchlab.server``).

:class:`ClassServer` is Voilà with some handlers swapped for pitchlab's own. The
swap is a table from Voilà's handler class to ours (:data:`SWAPPED`), so each
concern stays in its own module and Voilà's routes and their order are kept.
Voilà's configuration (``voila.json``, ``--Voila.*`` options) applies unchanged;
the class server's own settings are read as ``ClassServer.*``.
"""

from __future__ import annotations

import os
import shutil
import ssl
import sys
from typing import Any

from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado.httputil import HTTPHeaders
from traitlets import Bool, Float, Integer, Unicode
from traitlets.config import Config
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from pitchlab.classes import origin
from pitchlab.classes.network import local_host
from pitchlab.server import contract
from pitchlab.server.admission import (
    PAGE,
    WINDOW_S,
    Admission,
    Limits,
    Page,
    pool_address,
    refusal_page,
    starts_kernel,
)
from pitchlab.server.assets import LocalAssets
from pitchlab.server.clients import ensure_client_id
from pitchlab.server.files import QUIET
from pitchlab.server.health import ADMISSION, PATH, HealthHandler
from pitchlab.server.launcher import APP
from pitchlab.server.logs import AccessLog, scrub_secrets
from pitchlab.server.ownership import OwnKernelHandler, OwnShutdownHandler
from pitchlab.server.presence import LearnerSocket
from pitchlab.server.querysocket import QuerySocket


def stamp_origin(headers: HTTPHeaders, remote_ip: str | None, client: str) -> None:
    """Write into a page's request ``headers`` what its kernel learns of where it came from
    (:mod:`pitchlab.classes.origin`): the browser's label and the address the request came
    from, over anything the browser sent under these names."""
    headers[origin.BROWSER_HEADER] = origin.browser_label(client)
    headers[origin.ADDRESS_HEADER] = remote_ip or ""


class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """A notebook page: as Voilà's, and the browser gets its id before anything is started;
    an address that would skip the pool is sent to the one that uses it, and a page beyond
    the caps (:mod:`pitchlab.server.admission`) gets the "class is full" page, not a kernel."""

    page: Page | None = None

    async def prepare(self, **kwargs: Any) -> None:
        client = ensure_client_id(self)
        stamp_origin(self.request.headers, self.request.remote_ip, client)
        await super().prepare(**kwargs)
        path = self.path_args[0] if self.path_args else None
        if self._finished or self.request.method != "GET" or not starts_kernel(self, path):
            return
        target = pool_address(self, path)
        if target is not None:
            self.redirect(target)
            return
        admission: Admission = self.settings[ADMISSION]
        page = Page()
        refusal = admission.admit(client, self.request.remote_ip or "", page)
        if refusal is None:
            self.page = page
            return
        self.set_status(refusal.status)
        self.set_header("Retry-After", str(refusal.retry_after_s))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(refusal_page(refusal, self.request.uri or "/"))

    async def get(self, path: str | None = None) -> None:
        PAGE.set(self.page)  # the kernel manager records the kernel this page is given
        await super().get(path)

    def on_finish(self) -> None:
        if self.page is not None:
            self.settings[ADMISSION].finished(self.page)
        super().on_finish()


SWAPPED: dict[type, type] = {
    TornadoVoilaHandler: PageHandler,
    RequestInfoSocketHandler: QuerySocket,
    KernelHandler: OwnKernelHandler,
    VoilaKernelWebsocketHandler: LearnerSocket,
    VoilaShutdownKernelHandler: OwnShutdownHandler,
    **QUIET,
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

    max_kernels = Integer(
        80,
        config=True,
        help="Kernels alive at once, every notebook's and the pools' included (each about 80 MB): "
        "a page beyond it gets 'the class is full, try again in a minute'. The default leaves "
        "room for a class of 30 (the shipped pool), the pool's refill and 20 more pages.",
    )
    pages_per_client = Integer(
        10,
        config=True,
        help="Pages (so kernels) one browser may hold; 0: no cap. A page is held from the moment "
        "it is sent until its kernel is shut down (its tab closed, the idle cull, or taken back "
        "untouched), and for at least a minute, so reloading in a loop is bounded too.",
    )
    pages_per_address = Integer(
        40,
        config=True,
        help="Pages (so kernels) one network address may hold, counted as pages_per_client is: it "
        "bounds a script without cookies, and is kept well above a class, since a school may put "
        "a whole class behind one address. Behind a reverse proxy that is not trusted "
        "(behind_proxy) every request has the proxy's address: raise it or set 0 (no cap).",
    )
    unconnected_kernel_timeout = Float(
        120.0,
        config=True,
        help="Seconds after a page was sent within which its browser must connect to its "
        "kernel (a slow school laptop loading the page's scripts over a busy network takes "
        "some seconds, and 30 test browsers sharing the server's two cores took over a "
        "minute); a kernel still unconnected then is shut down, so pages fetched by a "
        "script hold no kernel until the 10-minute cull.",
    )
    page_window = Float(
        WINDOW_S,
        config=True,
        help="Seconds a page counts against its browser's and its address's caps at least, even once "
        "its kernel has gone, so reloading in a loop is bounded per minute too. The refusal pages "
        "say 'a minute': the tests shorten it to spend less time waiting.",
    )
    untouched_kernel_timeout = Float(
        90.0,
        config=True,
        help="Seconds after a page was sent within which a learner must use it (press a button, "
        "choose, type) for its kernel to be kept whatever happens; a page still untouched then "
        "(a script holding a connection to each page's kernel) is taken back when its place is "
        "needed: by its own browser or address at their cap, or by anyone when the server is "
        "full.",
    )

    app_pool = Integer(
        None,
        allow_none=True,
        config=True,
        help="Preheated kernels for the app's page (notebooks/app.ipynb), over voila.json's: "
        "pitchlab app sets one learner's or a class's here, so no config file is written.",
    )
    certfile = Unicode("", config=True, help="The TLS certificate (PEM): with keyfile, serve https.")
    keyfile = Unicode("", config=True, help="The certificate's private key (PEM).")
    behind_proxy = Bool(
        False,
        config=True,
        help="A reverse proxy forwards every request: its X-Real-IP / X-Forwarded-For and "
        "X-Forwarded-Proto headers are believed, so each learner's own address counts against "
        "the caps. Never set it on a server students reach directly: they could name any address.",
    )

    class_joins_per_browser = Integer(
        None,
        allow_none=True,
        config=True,
        help="Nicknames one browser may hold in a class (default 3; 0: no cap): a student who "
        "left and joined again, or two sharing a laptop, but not a page joining under many "
        "names to pick the deals it likes.",
    )
    class_joins_per_address = Integer(
        None,
        allow_none=True,
        config=True,
        help="Nicknames one network address may hold in a class (default 40; 0: no cap): above "
        "a class, since a school may put a whole class behind one address.",
    )

    def initialize(self, argv: Any = None) -> None:
        scrub_secrets()  # before anything is logged: no teacher key in any line
        super().initialize(argv)
        # each page's kernel learns its browser and address (pitchlab.classes.origin)
        envs = list(self.voila_configuration.http_header_envs)
        self.voila_configuration.http_header_envs = envs + [h for h in origin.HEADERS if h not in envs]
        for variable, cap in (
            (origin.JOINS_PER_BROWSER_VARIABLE, self.class_joins_per_browser),
            (origin.JOINS_PER_ADDRESS_VARIABLE, self.class_joins_per_address),
        ):
            if cap is not None:  # the kernels inherit the server's environment
                os.environ[variable] = str(max(0, cap))
        # where a preheated kernel asks for its page's request (pitchlab.ui.page_request): the
        # kernels inherit this environment, and Voilà would send them to ws://127.0.0.1
        os.environ["VOILA_APP_IP"] = local_host(self.ip)
        os.environ["VOILA_WS_PROTOCOL"] = "wss" if self.certfile else "ws"
        if self.app_pool is not None:
            pools = dict(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
            pools[APP] = {"pool_size": self.app_pool}
            self.update_config(Config({"VoilaKernelManager": {"kernel_pools_config": pools}}))

    def _url(self, ip: str) -> str:
        """The address Voilà logs: https when it is."""
        url: str = super()._url(ip)
        return url.replace("http://", "https://", 1) if self.certfile else url

    def listen(self) -> None:
        """Voilà's listening, with https when a certificate is given and the proxy's headers
        believed behind one (Voilà itself offers neither)."""
        options: dict[str, Any] = {"xheaders": self.behind_proxy}
        if self.certfile:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(self.certfile, self.keyfile or None)
            options["ssl_options"] = context
        listen = self.app.listen
        self.app.listen = lambda port, address="", **kwargs: listen(port, address, **options, **kwargs)
        super().listen()

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()  # makes the kernel manager
        self._refuse(
            contract.class_problems(SWAPPED)
            + contract.kernel_manager_problems(self.kernel_manager, self._preheat)
        )
        limits = Limits(
            max_kernels=self.max_kernels,
            per_client=self.pages_per_client,
            per_address=self.pages_per_address,
            unconnected_s=self.unconnected_kernel_timeout,
            untouched_s=self.untouched_kernel_timeout,
            window_s=self.page_window,
        )
        admission = Admission(self.kernel_manager, limits, self.log)
        admission.install()
        admission.start()
        settings[ADMISSION] = admission
        settings["log_function"] = AccessLog()
        return settings

    def init_handlers(self) -> list[Any]:
        self.app.transforms.append(LocalAssets)  # the app exists by now: Voilà's start made it
        health = (url_path_join(self.server_url, PATH), HealthHandler)
        routes = super().init_handlers()
        self._refuse(contract.route_problems(routes, SWAPPED, self._preheat))
        return [health, *(swap(spec, SWAPPED) for spec in routes)]

    @property
    def _preheat(self) -> bool:
        """Whether pages come from preheated kernels (what the contract asks of Voilà depends on it)."""
        return bool(self.voila_configuration.preheat_kernel)

    def _refuse(self, problems: list[str]) -> None:
        """Refuse to start over these problems (:func:`contract.refuse`), leaving no folder of
        Voilà's behind (its stop, which removes it, never comes)."""
        try:
            contract.refuse(problems)
        except contract.VoilaChanged:
            shutil.rmtree(self.connection_dir, ignore_errors=True)
            raise


def main() -> None:
    """Run the class server with Voilà's command line; a Voilà that changed what the server
    relies on (:mod:`pitchlab.server.contract`) is refused in one line, exit status 2."""
    try:
        ClassServer.launch_instance()
    except contract.VoilaChanged as changed:
        print(f"pitchlab server: {changed}", file=sys.stderr, flush=True)
        raise SystemExit(2) from None
