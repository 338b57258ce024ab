"""The class server's file handlers (themes, templates' static files, Voilà's static files,
extensions, the notebooks' files): a bad path is refused with a status and one short line,
never a traceback.

Voilà's file handlers render their error pages with Jupyter's page template, which needs a
setting Voilà does not give, so every refused path (``/voila/api/themes/%2e%2e/x``) wrote
a 2.9 KB "uncaught exception in write_error" to the log; a templates' static path with too
few parts raised a ``ValueError`` (a 500 and a traceback). Here each refusal is a plain
``404 Not Found`` page, logged only by the access log's line, which is rate-limited
(:class:`pitchlab.server.logs.AccessLog`).
"""

from __future__ import annotations

from types import TracebackType
from typing import Any

from jupyter_server.base.handlers import FileFindHandler
from jupyterlab_server.themes_handler import ThemesHandler
from tornado import web
from tornado.log import app_log
from voila.static_file_handler import (
    AllowListFileHandler,
    MultiStaticFileHandler,
    TemplateStaticFileHandler,
)


class QuietFiles:
    """A file handler's refusals as a status and a plain line (mixed in before the handler)."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        try:
            await super().get(*args, **kwargs)  # type: ignore[misc]
        except ValueError:  # a path the handler could not even split: no such file
            raise web.HTTPError(404) from None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        handler: Any = self
        handler.set_header("Content-Type", "text/plain; charset=utf-8")
        handler.finish(f"{status_code} {handler._reason}\n")

    def log_exception(
        self,
        typ: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """A refusal is told by the access log's line; anything else in one line, no traceback."""
        if isinstance(value, web.HTTPError):
            return
        request = getattr(self, "request", None)
        where = f"{request.method} {request.path}" if request is not None else "a file request"
        app_log.error("%s failed: %s: %s", where, typ.__name__ if typ else "error", value)


def quiet(handler: type) -> type:
    """``handler`` with :class:`QuietFiles`' refusals."""
    return type(f"Quiet{handler.__name__}", (QuietFiles, handler), {})


QUIET: dict[type, type] = {
    handler: quiet(handler)
    for handler in (
        ThemesHandler,
        TemplateStaticFileHandler,
        MultiStaticFileHandler,
        AllowListFileHandler,
        FileFindHandler,
    )
}
"""Voilà's file handlers -> their quiet versions (for :data:`pitchlab.server.app.SWAPPED`)."""
