"""The app by keyboard and by screen reader: card names, focus, keys, live regions.

ipywidgets cannot set ARIA attributes from Python, and a redraw replaces the
hand's buttons (so the focus would fall to the page after every card). This
small browser-side helper, displayed once per page by ``widgets.style()``,
watches the page and:

- names each card button by its tooltip (``aria-label``: "jack of diamonds,
  trump, playable", made by ``widgets.card_words``) and marks the cards that
  may not be chosen now ``aria-disabled`` (they stay focusable, so a screen
  reader can still read the whole hand);
- makes the hand (``pl-hand``) one tab stop whose cards the arrow keys move
  through (Left/Right, Home/End), and brings the focus back after a redraw:
  to the same place in the hand (or its first playable card) after a card,
  to the next thing to do after a bid or Next (a suit, a bid, a playable
  card, Next, New hand), and to New hand once the hand is over;
- gives the single-key shortcuts of :data:`KEYS` (only when the focus is not
  in a text box or a menu, and only while the "Single-key shortcuts" box is
  ticked, as WCAG 2.1.4 asks of letter keys);
- makes the status line a polite live region, a refusal an alert, and the
  hidden ``pl-announce`` line (the newest move, in words) polite, so what
  changes is heard once;
- makes accordion headers ("What scores", "Save or load") buttons that the
  keyboard reaches and that say whether they are open.
"""

from __future__ import annotations

from collections.abc import Sequence

import anywidget
import ipywidgets as w

KEYS = (
    ("← →", "choose a card (Home, End: first, last)"),
    ("Enter", "play it"),
    ("2-9, 0", "bid that many (0 is 10), P pass"),
    ("S H D C", "name trump"),
    ("N", "Next"),
    ("?", "the Why panel (Esc: back to your hand)"),
)
"""The keys, as the page lists them: one list for the help line and this module's docs."""

FOCUS = "#0b3d91"
"""The focus ring: 10.6:1 on white (the page and a card face), 9.3:1 on the status line's blue."""

KEYS_CSS = f"""
<style>
/* The ring goes inside a control (a row of widgets clips what is drawn outside it): the ring,
   then a white gap, so it shows on a grey, white or blue button alike. */
.widget-button:focus-visible, .jupyter-button:focus-visible, .widget-dropdown select:focus-visible,
.widget-textarea textarea:focus-visible, .widget-text input:focus-visible,
.jupyter-widget-Collapse-header:focus-visible, .pl-app [tabindex]:focus-visible,
[role="region"][tabindex]:focus-visible, .pl-why:focus {{
  outline: 3px solid {FOCUS} !important; outline-offset: -3px !important;
  box-shadow: inset 0 0 0 5px #fff !important; }}
/* Around a card (the hand leaves room) and a checkbox, too small to ring inside. */
.pl-hand .pl-card:focus-visible, .widget-checkbox input:focus-visible {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important;
  box-shadow: 0 0 0 2px #fff !important; }}
.pl-hand {{ padding: 12px 6px 4px; overflow: visible !important; }}  /* room for a raised card's ring */
.pl-keys {{ font-size: 13px; color: #333; line-height: 1.5; }}
.pl-keys kbd {{ border: 1px solid #888; border-radius: 3px; padding: 0 4px; background: #f6f6f6;
  font-family: inherit; font-size: 12px; }}
.pl-announce {{ position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }}
</style>
"""

_ESM = """
const TYPING = /^(text|search|email|number|password|tel|url)$/;
const SHORTCUTS = { "0": ".pl-bid-10", p: ".pl-bid-pass", m: ".pl-bid-moon", n: ".pl-next",
  s: ".pl-suit-S", h: ".pl-suit-H", d: ".pl-suit-D", c: ".pl-suit-C" };
for (const digit of "123456789") { SHORTCUTS[digit] = ".pl-bid-" + digit; }
// After a bid or Next, the next thing to do, first found and usable.
const NEXT_STEP = [".pl-suit", ".pl-bid", ".pl-discard-confirm.pl-legal-choice", ".pl-hand .pl-card.pl-legal",
  ".pl-action", ".pl-action-menu select", ".pl-next", ".pl-hand .pl-card", ".pl-new-hand"];
let last = null;  // the control last focused in an app: {el, app, card (its place in the hand) or -1}

function usable(el) {
  return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
}
function typing(el) {
  return !!el && (el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable
    || (el.tagName === "INPUT" && TYPING.test(el.type)));
}
function cardsOf(hand) {
  return Array.from(hand.querySelectorAll(".pl-card")).filter(usable);
}
function appOf(el) {
  const own = el && el.closest ? el.closest(".pl-app") : null;
  if (own) { return own; }
  const apps = document.querySelectorAll(".pl-app");
  return apps.length === 1 ? apps[0] : null;
}
// The hand on screen: a page may hold another, hidden (the app's retries keep theirs while a
// game is on, and the game's while a retry is on).
function shownHand(app) {
  return Array.from(app.querySelectorAll(".pl-hand")).find(usable) || null;
}
function first(app, selectors) {
  for (const selector of selectors) {
    const found = Array.from(app.querySelectorAll(selector)).find(usable);
    if (found) { return found; }
  }
  return null;
}
// The card of a hand to land on: the one at `place` if playable, else the first playable, else
// the one at `place` (clamped), so a discard pick stays put and a new turn lands on a choice.
function landing(hand, place) {
  const cards = cardsOf(hand);
  if (!cards.length) { return null; }
  const at = cards[Math.max(0, Math.min(place, cards.length - 1))];
  if (at.classList.contains("pl-legal")) { return at; }
  return cards.find((c) => c.classList.contains("pl-legal")) || at;
}

// Attributes are only written when they change: a page's own observers see no needless mutation.
function put(el, name, value) {
  if (el.getAttribute(name) !== value) { el.setAttribute(name, value); }
}
function annotate() {
  for (const card of document.querySelectorAll(".pl-card")) {
    const words = card.getAttribute("title");
    if (words) { put(card, "aria-label", words); }
    put(card, "aria-disabled", card.classList.contains("pl-legal") ? "false" : "true");
  }
  for (const hand of document.querySelectorAll(".pl-hand")) {
    put(hand, "role", "toolbar");
    put(hand, "aria-label", "Your hand: Left and Right arrows choose a card, Enter plays it");
    const cards = cardsOf(hand);
    const focused = cards.indexOf(document.activeElement);
    const home = focused >= 0 ? cards[focused] : landing(hand, Number(hand.dataset.place || 0));
    for (const card of cards) { put(card, "tabindex", card === home ? "0" : "-1"); }
  }
  for (const [selector, attrs] of [
    [".pl-status", { role: "status", "aria-live": "polite", "aria-atomic": "true" }],
    [".pl-message", { role: "alert" }],
    [".pl-announce", { "aria-live": "polite", "aria-atomic": "true" }],
    [".pl-why", { role: "region", "aria-label": "Why: the last move explained", tabindex: "-1" }],
    [".pl-next", { "aria-keyshortcuts": "N" }],
    [".pl-bid-pass", { "aria-keyshortcuts": "P" }],
  ]) {
    for (const el of document.querySelectorAll(selector)) {
      for (const [name, value] of Object.entries(attrs)) { put(el, name, value); }
    }
  }
  for (const [key, selector] of Object.entries(SHORTCUTS)) {
    for (const el of document.querySelectorAll(selector)) {
      put(el, "aria-keyshortcuts", key.toUpperCase());
    }
  }
  for (const header of document.querySelectorAll(".jupyter-widget-Collapse-header")) {
    const contents = header.parentElement.querySelector(".jupyter-widget-Collapse-contents");
    put(header, "role", "button");
    put(header, "tabindex", "0");
    put(header, "aria-expanded", contents && !contents.classList.contains("lm-mod-hidden") ? "true" : "false");
  }
}

// A redraw took away the focused control: put the focus where the learner will want it next.
function restore() {
  const active = document.activeElement;
  if (!last || (active && active !== document.body && usable(active)) || usable(last.el)) { return; }
  const app = last.app.isConnected ? last.app : appOf(null);
  if (!app) { return; }
  const hand = shownHand(app);
  const target = (last.card >= 0 && hand && landing(hand, last.card)) || first(app, NEXT_STEP);
  if (target) { target.focus(); }
}

// The hand has just ended while the focus sits in the hand (on a card left over, or on the
// card the redraw put it on a moment before the hand-over line arrived): move it once to
// New hand. Once only, so a learner who goes back to read the hand is left there.
function handOver() {
  for (const app of document.querySelectorAll(".pl-app")) {
    const over = !!app.querySelector(".pl-hand-over");
    if (!over) { delete app.dataset.overFocused; continue; }
    if (app.dataset.overFocused) { continue; }
    const active = document.activeElement;
    const inHand = active && active.closest && active.closest(".pl-hand") && app.contains(active);
    const fresh = !active || active === document.body || !usable(active);
    const newHand = first(app, [".pl-new-hand"]);
    if (newHand && (inHand || fresh)) {
      app.dataset.overFocused = "1";
      if (last && last.app === app) { newHand.focus(); }
    }
  }
}

function remember(event) {
  const el = event.target;
  const app = el.closest ? el.closest(".pl-app") : null;
  if (!app) { last = null; return; }
  const hand = el.closest(".pl-hand");
  const card = hand && el.classList.contains("pl-card") ? cardsOf(hand).indexOf(el) : -1;
  if (card >= 0) { hand.dataset.place = String(card); }
  last = { el, app, card };
}

function move(card, key) {
  const hand = card.closest(".pl-hand");
  const cards = cardsOf(hand);
  const at = cards.indexOf(card);
  const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[key];
  cards[Math.max(0, Math.min(to, cards.length - 1))].focus();
}

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) { return; }
  const el = event.target;
  if (typing(el)) { return; }
  if (el.classList && el.classList.contains("jupyter-widget-Collapse-header")
      && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    el.click();
    return;
  }
  const app = appOf(el);
  if (!app) { return; }
  const hand = shownHand(app);
  const navigation = ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key);
  if (navigation && el.classList && el.classList.contains("pl-card") && el.closest(".pl-hand")) {
    event.preventDefault();
    move(el, event.key);
    return;
  }
  const idle = el === document.body || !el.closest || !el.closest("button, a, [tabindex], input");
  if ((navigation && idle) || (event.key === "Escape" && el.closest && el.closest(".pl-why"))) {
    const target = hand && landing(hand, Number(hand.dataset.place || 0));
    if (target) { event.preventDefault(); target.focus(); }
    return;
  }
  const on = app.querySelector(".pl-keys-on input");
  if (event.repeat || (on && !on.checked)) { return; }
  if (event.key === "?") {
    const why = app.querySelector(".pl-why");
    if (why) { event.preventDefault(); why.focus(); }
    return;
  }
  const selector = SHORTCUTS[event.key.toLowerCase()];
  const target = selector ? first(app, [selector]) : null;
  if (target) {
    event.preventDefault();
    target.click();
  }
}

function render({ el }) {
  el.style.display = "none";
  if (window.__pitchlabKeys) { return; }
  window.__pitchlabKeys = true;
  let timer = null;
  new MutationObserver(() => {
    annotate();
    clearTimeout(timer);
    timer = setTimeout(() => { restore(); handOver(); annotate(); }, 120);
  }).observe(document.body, { childList: true, subtree: true, attributes: true,
    attributeFilter: ["class", "title", "disabled", "style"] });
  document.addEventListener("focusin", remember);
  document.addEventListener("keydown", onKey);
  annotate();
}
export default { render };
"""


class Keys(anywidget.AnyWidget):
    """Display it (hidden) once on a page: cards named, focus kept, the app's keys (see the module)."""

    _esm = _ESM


def keys_line(listed: Sequence[tuple[str, str]] = KEYS) -> w.Box:
    """The visible list of keys (``listed``: the page's own, of :data:`KEYS`), with the box that
    turns the single-key shortcuts off (class ``pl-keys-on``): a screen reader's own letter keys
    must be able to win."""
    keys = " · ".join(f"<kbd>{key}</kbd> {what}" for key, what in listed)
    on = w.Checkbox(
        value=True, description="Single-key shortcuts", indent=False, layout=w.Layout(width="auto")
    )
    on.add_class("pl-keys-on")
    line = w.HTML(f"<b>Keys:</b> {keys}")
    box = w.VBox([line, on])
    box.add_class("pl-keys")
    return box
