"""A lesson's figure in the page (``pl-plot``): ``box.draw(fig)`` shows a plotly figure with its
words for a screen reader; ``box.figure`` is the last one drawn, for a test to read."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from pitchlab.ui import plots
from pitchlab.ui.widgets import View, classed

# ----------------------------------------------------------------------------- figures


class FigureBox(View):
    """A plotly figure in the page: :meth:`draw` replaces it (with its words for a screen reader,
    through :func:`pitchlab.ui.plots.mimebundle`); setting an Output's outputs needs no running
    kernel, so a callback can redraw and a test can read what was drawn."""

    def __init__(self) -> None:
        self.output = classed(w.Output(), "pl-plot")
        self.figure: Any = None
        self.widget = self.output

    def draw(self, fig: Any) -> None:
        self.figure = fig
        self.output.outputs = plots.outputs_of(fig)
