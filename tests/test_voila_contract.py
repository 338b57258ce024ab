"""The class server's contract with Voilà (:mod:`pitchlab.server.contract`): every internal it
relies on is listed and present in the Voilà installed, and a Voilà that lost one is refused
in one line before the server serves anything."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest
import voila
from jupyter_server.services.kernels.handlers import KernelHandler
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from pitchlab.server import contract
from pitchlab.server.app import SWAPPED
from tests.serving import ROOT, free_port


def test_the_voila_installed_is_the_one_pinned_and_checked() -> None:
    pinned = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["app"]
    assert contract.TESTED in pinned
    assert f"voila=={voila.__version__}" == contract.TESTED


def test_every_internal_relied_on_is_there() -> None:
    assert contract.class_problems(SWAPPED) == []


def test_the_hooks_the_swapped_handlers_override_are_listed() -> None:
    hooks = set(contract.overridden_hooks(SWAPPED))
    # read off pitchlab/server/ownership.py, presence.py and querysocket.py by hand
    assert {
        (KernelHandler, "check_xsrf_cookie"),
        (KernelHandler, "get"),
        (KernelHandler, "delete"),
        (VoilaShutdownKernelHandler, "post"),
        (VoilaKernelWebsocketHandler, "pre_get"),
        (VoilaKernelWebsocketHandler, "write_error"),
        (VoilaKernelWebsocketHandler, "on_message"),
        (RequestInfoSocketHandler, "prepare"),
        (RequestInfoSocketHandler, "open"),
        (RequestInfoSocketHandler, "on_close"),
    } <= hooks
    assert all(not name.startswith("_") for _, name in hooks)


def test_a_hook_voila_no_longer_has_is_named() -> None:
    class Old:
        def get(self) -> None: ...

    class Ours(Old):
        def get(self) -> None: ...
        def on_message(self) -> None: ...  # Voilà's handler has no such hook any more
        def _helper(self) -> None: ...  # a helper of ours, not a hook

    assert contract.overridden_hooks({Old: Ours}) == [(Old, "get"), (Old, "on_message")]
    assert contract.class_problems({Old: Ours}) == [f"{__name__}.{Old.__qualname__}.on_message is gone"]


def kernel_manager(**missing: bool) -> SimpleNamespace:
    names = contract.KERNEL_MANAGER + contract.POOLS
    values: dict[str, object] = {name: (lambda: None) for name in names if name not in missing}
    if "_pools" in values:
        values["_pools"] = {}
    return SimpleNamespace(**values)


def test_the_kernel_manager_needs_its_pools_only_when_pages_are_preheated() -> None:
    assert contract.kernel_manager_problems(kernel_manager(), preheat=True) == []
    lacking = kernel_manager(fill_if_needed=True)
    assert contract.kernel_manager_problems(lacking, preheat=False) == []
    assert contract.kernel_manager_problems(lacking, preheat=True) == [
        "types.SimpleNamespace.fill_if_needed is gone"
    ]
    renamed = kernel_manager()
    renamed._pools = [[]]  # a pool list of another shape: no pool place would be counted
    assert contract.kernel_manager_problems(renamed, preheat=True) == [
        "types.SimpleNamespace._pools is no longer a dict of pools"
    ]


def test_a_swap_that_would_not_take_is_named() -> None:
    routes = [("/api/kernels/x", handler) for handler in SWAPPED if handler is not KernelHandler]
    assert contract.route_problems(routes, SWAPPED, preheat=True) == [
        "Voilà no longer routes to jupyter_server.services.kernels.handlers.KernelHandler, "
        "so OwnKernelHandler would not take"
    ]
    without_query = [r for r in routes if r[1] is not RequestInfoSocketHandler]
    assert len(contract.route_problems(without_query, SWAPPED, preheat=False)) == 1  # the query socket's
    assert len(contract.route_problems(without_query, SWAPPED, preheat=True)) == 2  # is needed


def test_one_problem_or_many_make_one_line() -> None:
    contract.refuse([])
    with pytest.raises(contract.VoilaChanged) as changed:
        contract.refuse(["a is gone", "b is gone"])
    assert str(changed.value) == (
        "this Voilà is not the one the class server was checked on: a is gone (and 1 more); "
        f"install {contract.TESTED}"
    )


BREAK = {
    "a private attribute gone": (
        "import voila.request_info_handler as r; del r.RequestInfoSocketHandler._waiters",
        "voila.request_info_handler.RequestInfoSocketHandler._waiters is gone",
    ),
    "a swap that no longer takes": (
        "import voila.app as a; from jupyter_server.services.kernels.handlers import KernelHandler; "
        "routes = a.Voila.init_handlers; "
        "a.Voila.init_handlers = lambda self: [r for r in routes(self) if r[1] is not KernelHandler]",
        "so OwnKernelHandler would not take",
    ),
}


@pytest.mark.server  # starts the class server (which refuses before it serves)
def test_the_server_refuses_a_changed_voila_in_one_line(tmp_path: Path) -> None:
    for case, (breaking, said) in BREAK.items():
        program = f"{breaking}; from pitchlab.server.app import main; main()"
        args = [
            str(ROOT),
            "--no-browser",
            f"--port={free_port()}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            f"--Voila.connection_dir_root={tmp_path}",
        ]
        done = subprocess.run(
            [sys.executable, "-c", program, *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            cwd=ROOT,
        )
        lines = [line for line in done.stderr.splitlines() if line.startswith("pitchlab server:")]
        assert done.returncode == 2, (case, done.stderr[-2000:])
        assert len(lines) == 1 and said in lines[0], (case, done.stderr[-2000:])
        assert "Traceback" not in done.stderr, case
        assert list(tmp_path.iterdir()) == [], f"{case}: Voilà's folder was left behind"
