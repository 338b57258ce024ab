"""What pitchlab's page kernels and class server leave out at import (pitchlab.ui.import_cost)."""

from __future__ import annotations

import subprocess
import sys

import pytest

LOADED = "import sys; m = sys.modules.get({module!r}); print('missing' if m is None else 'loaded')"


def loaded_after(code: str, module: str = "rfc3987_syntax") -> str:
    """Whether ``module`` was loaded in a fresh interpreter that ran ``code``."""
    out = subprocess.run(
        [sys.executable, "-c", f"{code}; {LOADED.format(module=module)}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()[-1]


APP_KERNEL = (
    "from pitchlab.ui import class_experiments, class_join; from pitchlab.ui.table_app import TableApp"
)
"""What the app's first cell imports (notebooks/app.ipynb), in a preheated kernel."""


@pytest.mark.parametrize("code", [APP_KERNEL, "import pitchlab.server.app"])
def test_the_app_and_the_class_server_load_no_class_store_until_a_class_is_joined(code: str) -> None:
    """SQLAlchemy costs a kernel a third of a second at start; a class's store brings it in."""
    assert loaded_after(code, "sqlalchemy") == "missing"
    assert loaded_after(f"{code}; from pitchlab.classes import open_store", "sqlalchemy") == "loaded"


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
