// Drag and drop: a piece dragged to a target enters the same steps as a
// click on the piece and a click on the target.

import { cellBox, cellUnder, layerUnderPieces, mark, partsOn, svgPoint } from "./cells.js";
import { clearDrawings } from "./drawings.js";
import { advance, cancel, options } from "./entry.js";
import { BOARD } from "./protocol.js";

const DRAG_START = 5; // pixels a press travels before it becomes a drag

// The step that picks up the piece on `id`: it is selected already, or
// an entry may start there.
function pickUp(widget, id) {
  const { prefix } = widget;
  if (prefix.length === 1 && prefix[0].kind === "cell" && prefix[0].value === id) return prefix[0];
  if (prefix.length > 1) return null; // in the middle of an entry: clicks only
  const entry = (widget.model.get(BOARD.tree).o || []).find(([s]) => s.kind === "cell" && s.value === id);
  return entry ? entry[0] : null;
}

/** Put the parts of a piece carried along an entry back on their cell. */
export function putBack(widget) {
  for (const part of widget.displaced) part.style.transform = "";
  widget.displaced = [];
}

/** Draw the parts of the piece on `id` so their centre is at (x, y) on the board. */
export function carry(widget, parts, id, x, y) {
  const box = cellBox(widget.board, id);
  const dx = x - (box.x + box.w / 2), dy = y - (box.y + box.h / 2);
  for (const part of parts) part.style.transform = `translate(${dx}px, ${dy}px)`;
}

// While a piece is dragged, the target under the pointer is lit, as on
// Lichess: worked out here from the targets already shown, so moving
// the pointer never asks the kernel anything.
function hover(widget, id) {
  const { board, root, press } = widget;
  const aimed = id && id !== (press && press.id) && options(widget).some(([s]) => s.kind === "cell" && s.value === id);
  const target = aimed ? id : null;
  if (target === widget.hovered) return;
  widget.hovered = target;
  board.querySelectorAll(".pb-hover-layer").forEach((g) => g.remove());
  if (target) {
    root.dataset.hover = target;
    const layer = layerUnderPieces(board.querySelector("svg"), "pb-hover-layer");
    mark(board, layer, target, "pb-hl-hover");
  } else {
    delete root.dataset.hover;
  }
}

// The pointer moved: a press far enough becomes a drag, and the piece follows.
function move(widget, event) {
  const { board, root, press } = widget;
  if (!press || event.pointerId !== press.pointerId) return;
  if (!press.dragging) {
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
    press.dragging = true;
    board.setPointerCapture(event.pointerId);
    if (!(widget.prefix.length === 1 && widget.prefix[0].value === press.id)) {
      cancel(widget);
      advance(widget, press.step); // the piece is selected and its targets shown
    }
    const layer = press.parts[0].parentNode;
    for (const part of press.parts) {
      part.classList.remove("pb-slide");
      part.classList.add("pb-dragging");
      layer.appendChild(part); // over the other pieces
    }
    root.dataset.dragging = press.id;
  }
  const p = svgPoint(board, event.clientX, event.clientY);
  if (p) carry(widget, press.parts, press.id, p.x, p.y);
  hover(widget, cellUnder(board, event.clientX, event.clientY));
}

function drop(widget, event, onto) {
  const { board, root, press } = widget;
  if (!press || event.pointerId !== press.pointerId) return;
  const { id, parts, dragging } = press;
  widget.press = null;
  hover(widget, null);
  if (!dragging) return; // a plain click: the click event enters it
  widget.dragged = true;
  setTimeout(() => (widget.dragged = false)); // after the click this release brings
  if (board.hasPointerCapture(event.pointerId)) board.releasePointerCapture(event.pointerId);
  delete root.dataset.dragging;
  for (const part of parts) part.classList.remove("pb-dragging");
  const to = onto ? cellUnder(board, event.clientX, event.clientY) : null;
  const hit = to && to !== id && options(widget).find(([s]) => s.kind === "cell" && s.value === to);
  if (!hit) {
    // Off the targets the piece goes back and stays selected.
    for (const part of parts) part.style.transform = "";
    return;
  }
  const box = cellBox(board, to);
  carry(widget, parts, id, box.x + box.w / 2, box.y + box.h / 2);
  widget.displaced = parts;
  advance(widget, hit[0]); // the same step as a click on the target
}

/** The left button's presses, drags and drops on the board. */
export function listenForDrags(widget) {
  const { board } = widget;
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    clearDrawings(widget); // a left click clears the arrows and marked cells
    if (widget.waiting || widget.sent || widget.press) return;
    const id = cellUnder(board, event.clientX, event.clientY);
    const step = id && pickUp(widget, id);
    const parts = step && partsOn(board, id);
    if (!parts || !parts.length) return;
    widget.press = { id, step, parts, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  });
  board.addEventListener("pointermove", (event) => move(widget, event));
  board.addEventListener("pointerup", (event) => drop(widget, event, true));
  board.addEventListener("pointercancel", (event) => drop(widget, event, false));
}
