"""``/pitchlab/health``: whether the server answers, and whether its pools can serve yet.

The watchdog of ``pitchlab app`` (:mod:`pitchlab.server.watchdog`) asks this every few
seconds: it is answered on the server's IO loop, so a server whose loop is stuck
(hole 3 of issue 13: Voilà's main thread blocked in a zmq send) stops answering
it. It also tells the launcher when the preheated pools have *run* the app
(Voilà's "pool is filled" line comes when the kernels have started, some seconds
before their pages are ready), so the "pages open at once" line it prints is true.
Counts only, and the id the watchdog gave this start of the server (so it never takes
another server on its port for its own): no kernel ids, nothing a student could use.
"""

from __future__ import annotations

import os

from tornado.web import RequestHandler

from pitchlab.server.admission import Admission
from pitchlab.server.launcher import HEALTH, SERVER_ID

ADMISSION = "pitchlab_admission"
"""The tornado setting holding the server's :class:`~pitchlab.server.admission.Admission`."""
PATH = HEALTH


class HealthHandler(RequestHandler):
    """``{"ok": true, "server": ID, "kernels": N, "unconnected_shut_down": N, "untouched_taken_back":
    N, "pools": {name: {"size", "ready"}}, "ready": bool}``: the id of this start (empty when not
    started by the watchdog), kernels alive or on their way, kernels shut down because their page
    never connected, or taken back for another page because theirs showed no learner, and each
    pool's places ready to send their page at once."""

    def get(self) -> None:
        admission: Admission = self.settings[ADMISSION]
        pools = admission.pool_status()
        self.set_header("Cache-Control", "no-store")
        self.finish(
            {
                "ok": True,
                "server": os.environ.get(SERVER_ID, ""),
                "kernels": admission.live(),
                "unconnected_shut_down": admission.reaped,
                "untouched_taken_back": admission.taken_back,
                "pools": pools,
                "ready": all(p["ready"] >= p["size"] for p in pools.values()),
            }
        )
