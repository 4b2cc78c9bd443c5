// The board's picture: drawn afresh from the kernel's SVG, with the
// entry, the hint, the slide and the drawings laid over it.

import { slide, slideFor } from "./animation.js";
import { showDrawings } from "./drawings.js";
import { focusCell, labelCells } from "./keyboard.js";
import { showOptions, showTopChoices } from "./picker.js";
import { publishState, showAdvice, showStatus } from "./status.js";

/** Draw the board the model holds, dropping any entry in progress. */
export function showBoard(v) {
  const { model, board, root } = v;
  const instant = root.dataset.instant;
  const hadFocus = board.contains(document.activeElement) ? v.focusId : null;
  board.innerHTML = model.get("svg");
  labelCells(v);
  if (hadFocus) focusCell(v, hadFocus); // the keyboard stays where it was on the new board
  v.hovered = null;
  delete root.dataset.hover;
  v.sent = false;
  v.displaced = [];
  v.press = null;
  delete root.dataset.instant;
  delete root.dataset.dragging;
  v.occupied = new Set(model.get("occupied") || []);
  v.prefix = [];
  v.node = model.get("tree");
  v.waiting = false;
  v.title.textContent = model.get("title");
  showOptions(v);
  showTopChoices(v);
  showStatus(v);
  showAdvice(v);
  publishState(v);
  const move = slideFor(v, v.drawnCursor, instant);
  v.drawnCursor = model.get("cursor");
  if (move) slide(v, ...move);
  showDrawings(v);
}

/** A redraw of the board that runs once however many of its parts changed together. */
export function redrawOnce(v) {
  let due = false;
  return () => {
    if (due) return;
    due = true;
    queueMicrotask(() => {
      due = false;
      showBoard(v);
    });
  };
}

// Boards much wider than the usual one (several boards side by side) may
// use more of the page.
export function fitWidth(v) {
  const svg = v.board.querySelector("svg");
  const width = svg ? parseFloat(svg.getAttribute("width")) : 0;
  v.root.style.maxWidth = width > 640 ? `${Math.min(width, 1000)}px` : "";
}
