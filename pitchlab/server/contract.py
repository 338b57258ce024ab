"""What the class server relies on inside Voilà and Jupyter Server, checked before it serves.

The class server swaps Voilà's handlers for its own (:data:`pitchlab.server.app.SWAPPED`),
wraps the kernel manager's ways of handing out a kernel and reads its pools
(:mod:`pitchlab.server.admission`). None of that is Voilà's public interface, so an upgrade
may move it, and most such moves would be silent: a swap that no longer takes leaves the
ownership and XSRF checks off; a pool method gone leaves the admission unwrapped; a pool
list under another name counts no pool places against the kernel cap; an overridden hook
Voilà no longer calls is never run. So the server checks each of them as it starts
(:class:`pitchlab.server.app.ClassServer`) and, if one fails, refuses to start in one line
that names what changed, rather than serve a class without its protections.
``pyproject.toml`` pins Voilà to the version these were checked on.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from typing import Any

from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler

TESTED = "voila==0.5.13"
"""The Voilà this contract was checked on (``pyproject.toml`` pins the same)."""

PRIVATE: tuple[tuple[type, str, str], ...] = (
    (Voila, "_url", "the addresses the server prints"),
    (Voila, "init_settings", "the admission's caps"),
    (Voila, "init_handlers", "the swapped handlers"),
    (RequestInfoSocketHandler, "_waiters", "telling a pool place whose page is still rendering"),
)
"""Attributes of Voilà's classes the class server reads or overrides, and what for."""

KERNEL_MANAGER = ("start_kernel", "kernel_model", "get_kernel", "list_kernel_ids", "shutdown_kernel")
"""The kernel manager's methods the admission calls or wraps, preheated pools or not."""
POOLS = ("get_rendered_notebook", "fill_if_needed", "get_pool_size", "kernel_pools_config", "_pools")
"""What the admission wraps and reads of Voilà's preheated pools (``preheat_kernel``)."""
PRELOAD_ONLY: tuple[type, ...] = (RequestInfoSocketHandler,)
"""Handlers Voilà routes only when it preheats kernels."""


class VoilaChanged(Exception):
    """An internal of Voilà's that the class server relies on is gone or no longer takes."""


def overridden_hooks(swapped: Mapping[type, type]) -> list[tuple[type, str]]:
    """Each public method a replacement handler defines (its own, or a mixin's) beside the
    handler it replaces: Voilà's handler must still have it, or it is never called."""
    hooks = []
    for theirs, ours in swapped.items():
        for klass in ours.__mro__:
            if klass is theirs or issubclass(theirs, klass):
                break
            for name, value in vars(klass).items():
                if not name.startswith("_") and inspect.isfunction(value):
                    hooks.append((theirs, name))
    return sorted(set(hooks), key=lambda hook: (hook[0].__name__, hook[1]))


def class_problems(swapped: Mapping[type, type]) -> list[str]:
    """What is missing from Voilà's classes: the private attributes read or overridden, and the
    hooks the swapped handlers override."""
    wanted = [(klass, name) for klass, name, _ in PRIVATE] + overridden_hooks(swapped)
    return [f"{_name(klass)}.{name} is gone" for klass, name in wanted if not hasattr(klass, name)]


def kernel_manager_problems(kernels: Any, preheat: bool) -> list[str]:
    """What the admission needs of the kernel manager and is missing (the pools' part only when
    pages come from preheated kernels)."""
    needed = KERNEL_MANAGER + (POOLS if preheat else ())
    problems = [f"{_name(type(kernels))}.{name} is gone" for name in needed if not hasattr(kernels, name)]
    if preheat and hasattr(kernels, "_pools") and not isinstance(kernels._pools, dict):
        problems.append(f"{_name(type(kernels))}._pools is no longer a dict of pools")
    return problems


def route_problems(
    routes: Iterable[tuple[Any, ...]], swapped: Mapping[type, type], preheat: bool
) -> list[str]:
    """The swaps that would not take: a handler of :data:`SWAPPED` no longer among Voilà's routes."""
    routed = {spec[1] for spec in routes}
    needed = [h for h in swapped if preheat or h not in PRELOAD_ONLY]
    return [
        f"Voilà no longer routes to {_name(h)}, so {swapped[h].__name__} would not take"
        for h in needed
        if h not in routed
    ]


def refuse(problems: list[str]) -> None:
    """Raise :class:`VoilaChanged` with one line naming the first problem, if there is one."""
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise VoilaChanged(
            f"this Voilà is not the one the class server was checked on: {problems[0]}{more}; "
            f"install {TESTED}"
        )


def _name(klass: type) -> str:
    return f"{klass.__module__}.{klass.__qualname__}"
