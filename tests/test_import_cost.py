"""What pitchlab's page kernels and class server leave out at import (pitchlab.ui.import_cost)."""

from __future__ import annotations

import subprocess
import sys

import pytest

LOADED = "import sys; m = sys.modules.get('rfc3987_syntax'); print('missing' if m is None else 'loaded')"


def loaded_after(code: str) -> str:
    """Whether ``rfc3987_syntax`` was loaded in a fresh interpreter that ran ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", f"{code}; {LOADED}"], capture_output=True, text=True, check=True
    )
    return out.stdout.split()[-1]


def test_jsonschema_alone_loads_the_iri_parsers() -> None:
    """What the marker is for: without it, importing jsonschema (as nbformat does) loads them."""
    assert loaded_after("import nbformat") == "loaded"


@pytest.mark.parametrize(
    "code",
    [
        "import pitchlab.ui.plots, plotly.io as pio; pio.renderers.default",  # a page's first figure
        "import pitchlab.server.app",  # the class server
    ],
)
def test_a_page_kernel_and_the_class_server_leave_them_out(code: str) -> None:
    assert loaded_after(code + "; import jsonschema") == "missing"


def test_jsonschema_still_checks_formats_without_them() -> None:
    """Every other format checker stays: a bad date is still refused, only IRIs go unchecked."""
    code = (
        "import pitchlab.ui, jsonschema; v = jsonschema.Draft7Validator({'format': 'date'}, "
        "format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER); "
        "print(v.is_valid('2026-12-06'), v.is_valid('not a date'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
