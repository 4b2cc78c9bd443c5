// The board's picture: drawn afresh from the kernel's SVG, with the
// entry, the hint, the slide and the drawings laid over it.

import { slide, slideFor } from "./animation.js";
import { showDrawings } from "./drawings.js";
import { focusCell, labelCells } from "./keyboard.js";
import { showMark } from "./lesson.js";
import { showOptions, showTopChoices } from "./picker.js";
import { BOARD } from "./protocol.js";
import { publishState, showAdvice, showStatus } from "./status.js";

/** Draw the board the model holds, dropping any entry in progress. */
export function showBoard(widget) {
  const { model, board, root } = widget;
  const instant = root.dataset.instant;
  const hadFocus = board.contains(document.activeElement) ? widget.focusId : null;
  board.innerHTML = model.get(BOARD.svg);
  fitWidth(widget);
  labelCells(widget);
  if (hadFocus) focusCell(widget, hadFocus); // the keyboard stays where it was on the new board
  widget.hovered = null;
  delete root.dataset.hover;
  widget.sent = false;
  widget.displaced = [];
  widget.press = null;
  delete root.dataset.instant;
  delete root.dataset.dragging;
  widget.occupied = new Set(model.get(BOARD.occupied) || []);
  widget.prefix = [];
  widget.node = model.get(BOARD.tree);
  widget.waiting = false;
  widget.title.textContent = model.get(BOARD.title);
  showOptions(widget);
  showTopChoices(widget);
  showStatus(widget);
  showAdvice(widget);
  publishState(widget);
  const move = slideFor(widget, widget.drawnCursor, instant);
  widget.drawnCursor = model.get(BOARD.cursor);
  if (move) slide(widget, ...move);
  showDrawings(widget);
  showMark(widget);
}

/** A redraw of the board that runs once however many of its parts changed together. */
export function redrawOnce(widget) {
  let due = false;
  return () => {
    if (due) return;
    due = true;
    queueMicrotask(() => {
      due = false;
      showBoard(widget);
    });
  };
}

// The least size in pixels of a text on the board: render.MIN_TEXT_PX
// (tests/test_bundle.py checks that the two agree).
const MIN_TEXT_PX = 11;

// Boards much wider than the usual one (several boards side by side) may
// use more of the page.  No board is shown so narrow that its texts (1em
// of the drawing's root font, or more) fall under MIN_TEXT_PX: where the
// notebook is narrower still, the board scrolls sideways.
export function fitWidth(widget) {
  const svg = widget.board.querySelector("svg");
  const width = svg ? parseFloat(svg.getAttribute("width")) : 0;
  widget.root.style.maxWidth = width > 640 ? `${Math.min(width, 1000)}px` : "";
  const em = svg ? parseFloat(svg.getAttribute("font-size")) : 0;
  const units = svg && svg.viewBox ? svg.viewBox.baseVal.width : 0;
  if (em > 0 && units > 0) svg.style.minWidth = `${Math.ceil((MIN_TEXT_PX * units) / em)}px`;
}
