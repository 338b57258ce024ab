"""What pitchlab's processes leave out at import, and why: a class server's start and a page's
first figure are what a class waits for.

A page's kernel imports ``jsonschema`` on the way to its first figure (plotly's renderers check
``nbformat``, which validates with it), and the class server imports it at start (Jupyter's event
schemas). ``jsonschema`` in turn imports ``rfc3987_syntax``, its checker for the ``iri`` and
``iri-reference`` formats, which compiles some forty parsers as it loads: 1.3 s of CPU a process,
measured on two cores, for a format that no schema these processes validate uses. Marking it
missing before anything imports ``jsonschema`` makes ``jsonschema`` go without that checker (as it
does when the package is not installed); every other format checker stays. Kernels and the
server ask for this through :mod:`pitchlab.ui` and :mod:`pitchlab.server`, which they import
before any of those packages.
"""

from __future__ import annotations

import sys

UNUSED = ("rfc3987_syntax",)
"""Modules marked missing: imported by ``jsonschema`` only for a format nothing here validates."""


def leave_out_unused_imports() -> None:
    """Mark each of :data:`UNUSED` missing, unless something already imported it."""
    for name in UNUSED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "import fails"


__all__ = ["UNUSED", "leave_out_unused_imports"]
