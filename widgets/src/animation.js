// Moves in motion.  An instant move: a move entered here is shown on its
// target before the kernel answers.  A slide: a move the kernel shows (an
// opponent's reply, undo, redo, a step along the line) slides its piece
// from where it stood; a move entered here is already in place and does
// not slide.

import { cellBox, layerUnderPieces, mark, partsOn } from "./cells.js";
import { clearMarks } from "./picker.js";
import { BOARD } from "./protocol.js";

// An entry of cells only, from a cell with a piece to another cell, is
// shown at once: the piece's parts move to the last cell (anything there
// is hidden, as taken) and the move is tinted.  The kernel's board then
// replaces this picture, and a refusal puts the old one back.  Entries
// with named choices, typed text or pieces on several cells just wait.
export function showInstantMove(widget, steps) {
  const { board, root } = widget;
  if (steps.length < 2 || steps.some((s) => s.kind !== "cell")) return false;
  const from = steps[0].value, to = steps[steps.length - 1].value;
  const moving = partsOn(board, from), taken = partsOn(board, to);
  const a = cellBox(board, from), b = cellBox(board, to);
  if (from === to || !moving || !moving.length || !taken || !a || !b) return false;
  clearMarks(widget);
  widget.picker.replaceChildren();
  const dx = b.x + b.w / 2 - (a.x + a.w / 2), dy = b.y + b.h / 2 - (a.y + a.h / 2);
  for (const part of taken) part.classList.add("pb-taken");
  const layer = moving[0].parentNode;
  for (const part of moving) {
    part.classList.remove("pb-slide");
    part.style.transform = `translate(${dx}px, ${dy}px)`;
    layer.appendChild(part); // drawn over the other pieces
  }
  const svg = board.querySelector("svg");
  svg.classList.add("pb-instant");
  const tint = layerUnderPieces(svg, "pb-overlay pb-instant-tint");
  mark(board, tint, from, "pb-hl-last");
  mark(board, tint, to, "pb-hl-last");
  root.dataset.instant = `${from} ${to}`;
  return true;
}

/**
 * The move to slide on the new board, as [from, to], or null: the board
 * drawn before showed the cursor `previous`, and `instant` is the move
 * shown ahead of the kernel ("from to"), if any.
 */
export function slideFor(widget, previous, instant) {
  const cursor = widget.model.get(BOARD.cursor);
  const trail = widget.model.get(BOARD.trail) || [];
  if (previous === null) return null;
  const forward = cursor === previous + 1, back = cursor === previous - 1;
  const cells = forward ? trail[cursor - 1] : back ? trail[cursor] : null;
  if (!cells || cells.length < 2) return null;
  const first = cells[0], last = cells[cells.length - 1];
  if (forward) return instant === `${first} ${last}` ? null : [first, last];
  return [last, first]; // a move taken back: its piece returns
}

/** Slide what stands on `to` from the cell `from`, unless the user asked for less motion. */
export function slide(widget, from, to) {
  const { board, root } = widget;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const parts = partsOn(board, to);
  const a = cellBox(board, from), b = cellBox(board, to);
  if (!parts || !parts.length || !a || !b || from === to) return;
  const dx = a.x + a.w / 2 - (b.x + b.w / 2), dy = a.y + a.h / 2 - (b.y + b.h / 2);
  for (const part of parts) part.style.transform = `translate(${dx}px, ${dy}px)`;
  parts[0].getBoundingClientRect(); // lay out the start before the transition
  for (const part of parts) {
    part.classList.add("pb-slide");
    part.style.transform = "";
    part.addEventListener("transitionend", () => part.classList.remove("pb-slide"), { once: true });
  }
  widget.slides += 1;
  root.dataset.slides = String(widget.slides);
  root.dataset.slide = `${from} ${to}`;
}
