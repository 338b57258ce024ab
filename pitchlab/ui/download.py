"""A button that downloads a file in one press, made in the page (nothing is written on the server).

The file's text is sent to the page ahead of time (:attr:`DownloadButton.text`), so the
press itself saves it: no round trip to the kernel between the press and the download,
which a browser would no longer count as the learner's own act. The kernel hears of the
press too (``on_click``), to say in the page what was saved, or why nothing was (an empty
:attr:`~DownloadButton.text`: nothing to save yet). ``click()`` does in Python what the press
does, for tests without a browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-button widget-button";
  let asked = 0;
  const draw = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
  };
  const save = () => {
    const url = URL.createObjectURL(new Blob([model.get("text")], { type: model.get("mime") }));
    const a = document.createElement("a");
    a.href = url;
    a.download = model.get("filename");
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  button.addEventListener("click", () => {
    if (model.get("text")) { save(); } else { asked = Date.now(); }
    model.send({ pressed: true });
  });
  // pressed a moment before the text arrived (the kernel still busy with the last move): save it
  // when it comes, while the press still counts as the learner's own act
  model.on("change:text", () => {
    if (asked && Date.now() - asked < 4000 && model.get("text")) { save(); }
    asked = 0;
  });
  model.on("change:description", draw);
  model.on("change:tooltip", draw);
  draw();
  el.appendChild(button);
}
export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """A button that saves :attr:`text` as :attr:`filename` when pressed (nothing when it is empty)."""

    _esm = _ESM
    description = traitlets.Unicode("Download").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    filename = traitlets.Unicode("download.json").tag(sync=True)
    mime = traitlets.Unicode("application/json").tag(sync=True)
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_click: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[], None]] = [on_click] if on_click is not None else []
        self.on_msg(self._message)

    def on_click(self, handler: Callable[[], None]) -> None:
        """Run ``handler`` after each press (the file, if any, is already saved by then)."""
        self._handlers.append(handler)

    def _message(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if content.get("pressed"):
            self.click()

    def click(self) -> None:
        """What a press does on the kernel's side: the handlers run."""
        for handler in list(self._handlers):
            handler()


__all__ = ["DownloadButton"]
