"""A text box that refuses, in the browser, a paste too large to send.

Everything typed into a widget travels to the kernel over the page's one
websocket, which carries at most 10 MiB a message: a bigger paste into an
ipywidgets ``Textarea`` closed the socket, and every later click silently used
the box's old value. :class:`CappedTextarea` measures the text in the browser
first. Text over its cap (in characters, the way :func:`pitchlab.engine.limits.too_long`
counts) or too large to send (:data:`pitchlab.engine.limits.MAX_SEND_BYTES`, once encoded
for the socket) is not sent: the box is emptied, the kernel is told the box is
empty, and one line under it says why. The kernel's own loaders check the size
again, so a page that skips this check is refused there instead.
"""

from __future__ import annotations

import anywidget
import traitlets

from pitchlab.engine.limits import MAX_SEND_BYTES

_ESM = """
function render({ model, el }) {
  const frame = document.createElement("div");
  frame.className = "widget-textarea pl-capped-frame";  // ipywidgets' look, and the page's focus ring
  const box = document.createElement("textarea");
  box.placeholder = model.get("placeholder");
  box.setAttribute("aria-label", model.get("label"));
  box.value = model.get("value");
  frame.append(box);
  const note = document.createElement("div");
  note.className = "pl-capped-refusal";
  note.setAttribute("role", "alert");
  el.classList.add("pl-capped");
  el.append(frame, note);

  const numbers = (n) => n.toLocaleString("en-US");
  function refusal(text) {
    const cap = model.get("cap");
    if (text.length > cap) {
      return model.get("what") + " is at most " + numbers(cap) + " characters; this text has "
        + numbers(text.length) + ", so it was not sent.";
    }
    const bytes = new TextEncoder().encode(JSON.stringify(text)).length;
    const most = model.get("max_bytes");
    if (bytes > most) {
      return "This text takes " + numbers(bytes) + " bytes to send, more than the " + numbers(most)
        + " a page may send at once, so it was not sent.";
    }
    return "";
  }
  box.addEventListener("input", () => {
    const why = refusal(box.value);
    note.textContent = why;
    if (why) { box.value = ""; }  // what the box shows is what the kernel has
    model.set("value", box.value);
    model.save_changes();
  });
  model.on("change:value", () => {
    const value = model.get("value");
    if (box.value !== value) { box.value = value; note.textContent = ""; }
  });
}
export default { render };
"""

_CSS = """
.pl-capped { display: flex; flex-direction: column; }
.pl-capped-frame { width: 100%; height: 90px; display: flex; }
.pl-capped-refusal { color: #a12; font-weight: bold; }
.pl-capped-refusal:not(:empty) { margin-top: 4px; }
"""


class CappedTextarea(anywidget.AnyWidget):
    """A multi-line text box (``value``) whose browser refuses text over ``cap`` characters or
    too large to send, with a line under the box that says so (see the module).

    ``what`` names the text in that line ("A saved game"); ``label`` is the box's accessible
    name, ``placeholder`` its hint."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    what = traitlets.Unicode("The text").tag(sync=True)
    cap = traitlets.Int().tag(sync=True)
    max_bytes = traitlets.Int(MAX_SEND_BYTES).tag(sync=True)
