"""The table first: where the app's parts sit, so the game is in the first screen.

Once a game starts, the status line, the table picture, the learner's hand and the
controls for the decision at hand must all lie in the first screen, on a laptop
(1280x800) and on a phone (375x667), and the Hint and Why? panels beside them.
:class:`Board` lays those out with a CSS grid (:data:`BOARD_CSS`):

- on a wide screen, two columns: status across the top; the table, the hand and the
  decision's controls on the left; the coach (Hint and Why?) on the right, beside them;
- below 900 px, one column: status, table, hand, controls; the coach becomes a
  drawer over the table, opened by its two tabs (**Hint**, **Why?**) in the table's
  bottom-right corner, so a hint is read without scrolling away from the cards. While it is
  open a third tab, **Close**, joins them: the drawer's own height is all words.

Everything else (the score, what you know, the history, the rules and settings, How to
play, the page's introduction) follows below the board. Stable CSS classes: ``pl-board``,
``pl-stage`` (the table picture), ``pl-coach`` with ``pl-coach-tabs`` and
``pl-coach-body``, ``pl-ending-box``, ``pl-why-tab``, ``pl-drawer-close``, ``pl-drawer-open`` (on
``pl-coach`` while the drawer shows), ``pl-hand-box``, ``pl-act``, ``pl-tricks``.
"""

from __future__ import annotations

from typing import Literal

import ipywidgets as w

from pitchlab.ui.widgets import View, classed

Shown = Literal["hint", "why"] | None
"""What the phone's drawer shows: the hint, the Why? panel, or nothing (closed)."""

NARROW_PX = 900
"""Below this width the board is one column and the coach a drawer over the table."""

BOARD_CSS = f"""
<style>
.pl-app .pl-board {{ display: grid !important; gap: 4px 18px; align-items: start;
  grid-template-columns: minmax(0, 620px) minmax(0, 1fr);
  grid-template-rows: auto auto auto auto auto 1fr;
  grid-template-areas: "status status" "table coach" "hand coach" "ending coach" "act coach" "tricks coach"; }}
.pl-board > .pl-status {{ grid-area: status; }}
.pl-board > .pl-stage {{ grid-area: table; }}
.pl-board > .pl-coach {{ grid-area: coach; }}
.pl-board > .pl-hand-box {{ grid-area: hand; }}
.pl-board > .pl-act {{ grid-area: act; }}
.pl-board > .pl-tricks {{ grid-area: tricks; }}
.pl-board > .pl-ending-box {{ grid-area: ending; }}
.pl-board .pl-ending ul {{ margin: 4px 0 0; padding-left: 20px; }}
.pl-board .pl-ending li {{ font-weight: normal; line-height: 1.35; }}
.pl-board .pl-hand {{ padding-top: 8px; }}
.pl-board .pl-bid {{ width: auto; min-width: 54px; }}
.pl-board .pl-hand-box h3 {{ font-size: 15px; margin: 2px 0 0; }}
.pl-coach .pl-why-tab, .pl-coach .pl-drawer-close {{ display: none; }}
.pl-coach-body {{ gap: 6px; }}
@media (max-width: {NARROW_PX - 0.02}px) {{
  .pl-app .pl-board {{ grid-template-columns: minmax(0, 1fr); grid-template-rows: none;
    grid-template-areas: "status" "table" "hand" "act" "tricks"; }}
  /* the end of a hand is told over the table (its last trick is in words below), New hand in sight */
  .pl-board > .pl-ending-box {{ grid-area: table; z-index: 2; align-self: start; max-height: 100%;
    overflow-y: auto; font-size: 14px; }}
  /* the coach lies over the table: its tabs in the picture's bottom-right corner, clear of the
     seats, and, when open, its text over the picture (the hand and the controls stay in sight) */
  .pl-board > .pl-coach {{ grid-area: table; z-index: 3; align-self: stretch; height: 100%;
    display: flex !important; flex-direction: column-reverse; pointer-events: none; min-height: 0; }}
  .pl-coach > * {{ pointer-events: auto; }}
  .pl-coach .pl-coach-tabs {{ align-self: flex-end; flex-wrap: nowrap !important; gap: 4px;
    margin: 0 6px 6px 0; flex: 0 0 auto; }}
  .pl-coach .pl-coach-tabs .jupyter-button {{ min-width: 58px; width: auto !important;
    box-shadow: 0 1px 4px rgba(0,0,0,.35); }}
  .pl-coach .pl-why-tab, .pl-coach.pl-drawer-open .pl-drawer-close {{ display: inline-block; }}
  .pl-coach .pl-coach-body {{ display: none !important; background: #fff; border: 2px solid #1f5fbf;
    border-radius: 8px; padding: 4px 8px; overflow-y: auto; flex: 0 1 auto; min-height: 0;
    margin: 0 0 4px; box-shadow: 0 2px 8px rgba(0,0,0,.3); }}
  .pl-coach.pl-drawer-open .pl-coach-body {{ display: flex !important; }}
  .pl-coach.pl-drawer-hint .pl-why-box, .pl-coach.pl-drawer-why .pl-hint-box {{ display: none !important; }}
  .pl-board .pl-status {{ font-size: 15px; padding: 4px 8px; }}
  .pl-board .pl-message {{ min-height: 0; }}
  /* seven bids and Pass in one row of a phone's width, each still a fingertip tall */
  .pl-board .pl-bid {{ min-width: 0; padding: 0 3px; margin: 1px; font-size: 14px; }}
  .jp-RenderedHTMLCommon h1 {{ font-size: 22px; margin: 2px 0 4px !important; }}
}}
/* on a phone the page's title is for screen readers only: the status line says where the game is */
@media (max-width: 520px) {{
  .jp-RenderedHTMLCommon h1 {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); margin: 0 !important; padding: 0; }}
  .pl-board .widget-button.pl-card, .pl-board .jupyter-button.pl-card {{ width: 44px; height: 64px;
    font-size: 17px; margin: 1px; }}
  .pl-board .pl-hand {{ padding: 6px 2px 0; }}
  .pl-board .pl-hand-box h3 {{ position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip: rect(0 0 0 0); }}
}}
</style>
"""


class Drawer(View):
    """The coach's place on the board: Hint and Why? beside the table, or a drawer over it.

    ``hint_button`` asks for a hint (the coach's own button; pressing it opens the drawer on
    the hint), ``hint`` is where the hint is written and ``why`` the Why? panel. On a wide
    screen both are always shown and :attr:`shown` changes nothing the learner sees.
    """

    def __init__(self, hint_button: w.Widget, hint: w.Widget, why: w.Widget) -> None:
        self.shown: Shown = None
        self.why_tab = classed(
            w.Button(description="Why?", tooltip="What the last move was thinking"), "pl-why-tab"
        )
        self.why_tab.on_click(lambda _b: self.show(None if self.shown == "why" else "why"))
        self.close = classed(w.Button(description="Close", tooltip="Back to the table"), "pl-drawer-close")
        self.close.on_click(lambda _b: self.show(None))
        hint_button.on_click(lambda _b: self.show("hint"))
        self.tabs = classed(w.HBox([hint_button, self.why_tab, self.close]), "pl-coach-tabs")
        self.why_box = classed(w.VBox([w.HTML("<h3>Why?</h3>"), why]), "pl-why-box")
        self.hint_box = classed(w.VBox([hint]), "pl-hint-box")
        self.body = classed(w.VBox([self.hint_box, self.why_box]), "pl-coach-body")
        self.widget = classed(w.VBox([self.tabs, self.body]), "pl-coach")

    def show(self, what: Shown) -> None:
        """Open the drawer on the hint or the Why? panel, or close it (``None``)."""
        self.shown = what
        for name, on in (
            ("pl-drawer-open", what is not None),
            ("pl-drawer-hint", what == "hint"),
            ("pl-drawer-why", what == "why"),
        ):
            if on:
                self.widget.add_class(name)
            else:
                self.widget.remove_class(name)
        self.why_tab.description = "Hide why" if what == "why" else "Why?"


def board(
    status: w.Widget,
    stage: w.Widget,
    coach: w.Widget,
    hand: w.Widget,
    ending: w.Widget,
    act: w.Widget,
    tricks: w.Widget,
) -> w.Box:
    """The board (see the module): its children in the order a keyboard reaches them. ``ending``
    tells the end of a hand: under the hand on a wide screen, over the table on a phone."""
    parts = (
        (stage, "pl-stage"),
        (hand, "pl-hand-box"),
        (ending, "pl-ending-box"),
        (act, "pl-act"),
        (tricks, "pl-tricks"),
    )
    for part, name in parts:
        part.add_class(name)
    return classed(w.Box([status, stage, coach, hand, ending, act, tricks]), "pl-board")


__all__ = ["BOARD_CSS", "NARROW_PX", "Drawer", "Shown", "board"]
