"""Keyboard access to the parts of a page that scroll.

A wide table on a phone, the history log and some lesson outputs scroll inside
their own box. Someone using the keyboard alone can only scroll a box that can
take the focus, so every box that scrolls is made focusable (``tabindex=0``)
and named for a screen reader (``role=region`` with a label), as WCAG 2.1 asks
(axe-core's rule ``scrollable-region-focusable``). Which boxes scroll depends
on the width of the screen, so the browser decides, and decides again when the
page changes or is resized.
"""

from __future__ import annotations

import anywidget

_ESM = """
function label(box) {
  const own = box.getAttribute("aria-label");
  if (own) { return own; }
  const caption = box.querySelector("caption, h1, h2, h3, h4, th");
  const text = caption ? caption.textContent.trim().slice(0, 60) : "";
  return text ? "scrolling box: " + text : "scrolling box";
}
function mark() {
  for (const box of document.querySelectorAll("body *")) {
    const style = getComputedStyle(box);
    const scrolls = (/(auto|scroll)/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
      || (/(auto|scroll)/.test(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", label(box));
    }
  }
}
function render({ el }) {
  el.style.display = "none";
  if (window.__pitchlabScrollRegions) { return; }
  window.__pitchlabScrollRegions = true;
  let queued = false;
  const later = () => {
    if (queued) { return; }
    queued = true;
    setTimeout(() => { queued = false; mark(); }, 200);
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
}
export default { render };
"""


class ScrollRegions(anywidget.AnyWidget):
    """Display it (hidden) once on a page: every box that scrolls becomes keyboard-focusable."""

    _esm = _ESM
