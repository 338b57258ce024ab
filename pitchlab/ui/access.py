"""Keyboard access to the parts of a page that scroll, and every figure told in words.

A wide table on a phone, the history log and some lesson outputs scroll inside
their own box. Someone using the keyboard alone can only scroll a box that can
take the focus, so every box that scrolls is made focusable (``tabindex=0``)
and named for a screen reader (``role=region`` with a label), as WCAG 2.1 asks
(axe-core's rule ``scrollable-region-focusable``). Which boxes scroll depends
on the width of the screen, so the browser decides, and decides again when the
page changes or is resized.

A slider's handle takes the arrow keys but ipywidgets leaves it unnamed, so the
helper names it by the slider's description (axe-core's ``aria-input-field-name``).

Every plotly figure is a picture a screen reader cannot read (WCAG 2.1 1.1.1),
so the same helper names each figure's plot with its description (the words
:func:`pitchlab.ui.plots.describe` put in ``layout.meta``) and adds a "The figure
in words" disclosure under it, which a sighted teacher can open too. A lesson
that redraws a figure gets its words redrawn, never a second disclosure.

plotly draws a figure at the width its box has then, and a figure in an ``Output``
widget is not drawn again when the window narrows (a phone turned, a window made
smaller), so the helper draws each figure again at its box's width after a resize
(plotly's own ``responsive`` setting would also take the figure's height from a box
that has none).
"""

from __future__ import annotations

import anywidget

_ESM = r"""
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
  // a slider's handle (ipywidgets draws it with noUiSlider) takes the keys but has no name of
  // its own: give it the slider's description, as a screen reader should say it
  for (const handle of document.querySelectorAll(".widget-slider [role=slider]:not([aria-label])")) {
    const said = handle.closest(".widget-slider").querySelector(".widget-label");
    handle.setAttribute("aria-label", (said && said.textContent.trim()) || "slider");
  }
}
function figureWords(plot) {
  const layout = plot.layout || {};
  const meta = layout.meta || {};
  if (meta.description) { return String(meta.description); }
  const plain = (t) => String((t && t.text) || t || "").replace(/<br\s*\/?>/gi, " ").replace(/<[^>]+>/g, "").trim();
  const axes = Object.keys(layout).filter((k) => /^[xy]axis\d*$/.test(k)).map((k) => plain(layout[k].title)).filter(Boolean);
  return [plain(layout.title) || "A figure", ...axes].join("\n");
}
function describeFigures() {
  for (const box of document.querySelectorAll("details.pl-figure-words")) {
    if (!box.__plPlot || !box.__plPlot.isConnected) { box.remove(); }  // its figure was redrawn
  }
  for (const plot of document.querySelectorAll(".js-plotly-plot")) {
    const svgs = plot.querySelectorAll("svg.main-svg");
    if (!svgs.length || !plot.layout) { continue; }
    const words = figureWords(plot);
    const label = words.replace(/\n/g, " ");
    const main = svgs[0];
    if (main.getAttribute("aria-label") !== label) {
      main.setAttribute("role", "img");
      main.setAttribute("aria-label", label);
    }
    for (const other of Array.from(svgs).slice(1)) {
      if (!other.hasAttribute("aria-hidden")) { other.setAttribute("aria-hidden", "true"); }
    }
    let box = plot.__plWords;
    if (!box || !box.isConnected) {
      box = document.createElement("details");
      box.className = "pl-figure-words";
      box.innerHTML = "<summary>The figure in words</summary><p></p>";
      box.__plPlot = plot;
      plot.__plWords = box;
      // after the output's row, not inside it: the row lays its cells out as a table
      (plot.closest(".jp-OutputArea-child") || plot).after(box);
    }
    const text = box.querySelector("p");
    if (text.textContent !== words) { text.textContent = words; }
  }
}
function fitFigures() {
  // plotly draws a figure at its box's width once; a window that narrows (a phone turned, a
  // window made smaller) would clip it, so each figure whose width is plotly's own guess is
  // drawn again at its box's width (a figure given a width of its own keeps it)
  if (!window.Plotly || typeof window.Plotly.relayout !== "function") { return; }
  for (const plot of document.querySelectorAll(".js-plotly-plot")) {
    if (!plot._fullLayout || !plot.layout || !plot.isConnected) { continue; }
    if (plot.layout.width !== undefined && !plot.__plFitted) { continue; }
    const width = Math.floor(plot.clientWidth);
    if (width > 50 && Math.abs(plot._fullLayout.width - width) > 2) {
      plot.__plFitted = true;
      window.Plotly.relayout(plot, { width }).catch(() => {});
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
    setTimeout(() => { queued = false; fitFigures(); mark(); describeFigures(); }, 200);
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", later);
  later();
}
export default { render };
"""


class ScrollRegions(anywidget.AnyWidget):
    """Display it (hidden) once on a page: every box that scrolls becomes keyboard-focusable,
    every figure gets its words."""

    _esm = _ESM
