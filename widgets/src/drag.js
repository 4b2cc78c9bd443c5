// Drag and drop: a piece dragged to a target enters the same steps as a
// click on the piece and a click on the target.

import { cellBox, cellUnder, layerUnderPieces, mark, partsOn, svgPoint } from "./cells.js";
import { clearDrawings } from "./drawings.js";
import { advance, cancel, options } from "./entry.js";

const DRAG_START = 5; // pixels a press travels before it becomes a drag

// The step that picks up the piece on `id`: it is selected already, or
// an entry may start there.
function pickUp(v, id) {
  const { prefix } = v;
  if (prefix.length === 1 && prefix[0].kind === "cell" && prefix[0].value === id) return prefix[0];
  if (prefix.length > 1) return null; // in the middle of an entry: clicks only
  const entry = (v.model.get("tree").o || []).find(([s]) => s.kind === "cell" && s.value === id);
  return entry ? entry[0] : null;
}

/** Put the parts of a piece carried along an entry back on their cell. */
export function putBack(v) {
  for (const part of v.displaced) part.style.transform = "";
  v.displaced = [];
}

/** Draw the parts of the piece on `id` so their centre is at (x, y) on the board. */
export function carry(v, parts, id, x, y) {
  const box = cellBox(v.board, id);
  const dx = x - (box.x + box.w / 2), dy = y - (box.y + box.h / 2);
  for (const part of parts) part.style.transform = `translate(${dx}px, ${dy}px)`;
}

// While a piece is dragged, the target under the pointer is lit, as on
// Lichess: worked out here from the targets already shown, so moving
// the pointer never asks the kernel anything.
function hover(v, id) {
  const { board, root, press } = v;
  const target = id && id !== (press && press.id) && options(v).some(([s]) => s.kind === "cell" && s.value === id) ? id : null;
  if (target === v.hovered) return;
  v.hovered = target;
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
function move(v, event) {
  const { board, root, press } = v;
  if (!press || event.pointerId !== press.pointerId) return;
  if (!press.dragging) {
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
    press.dragging = true;
    board.setPointerCapture(event.pointerId);
    if (!(v.prefix.length === 1 && v.prefix[0].value === press.id)) {
      cancel(v);
      advance(v, press.step); // the piece is selected and its targets shown
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
  if (p) carry(v, press.parts, press.id, p.x, p.y);
  hover(v, cellUnder(board, event.clientX, event.clientY));
}

function drop(v, event, onto) {
  const { board, root, press } = v;
  if (!press || event.pointerId !== press.pointerId) return;
  const { id, parts, dragging } = press;
  v.press = null;
  hover(v, null);
  if (!dragging) return; // a plain click: the click event enters it
  v.dragged = true;
  setTimeout(() => (v.dragged = false)); // after the click this release brings
  if (board.hasPointerCapture(event.pointerId)) board.releasePointerCapture(event.pointerId);
  delete root.dataset.dragging;
  for (const part of parts) part.classList.remove("pb-dragging");
  const to = onto ? cellUnder(board, event.clientX, event.clientY) : null;
  const hit = to && to !== id && options(v).find(([s]) => s.kind === "cell" && s.value === to);
  if (!hit) {
    // Off the targets the piece goes back and stays selected.
    for (const part of parts) part.style.transform = "";
    return;
  }
  const box = cellBox(board, to);
  carry(v, parts, id, box.x + box.w / 2, box.y + box.h / 2);
  v.displaced = parts;
  advance(v, hit[0]); // the same step as a click on the target
}

/** The left button's presses, drags and drops on the board. */
export function listenForDrags(v) {
  const { board } = v;
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    clearDrawings(v); // a left click clears the arrows and marked cells
    if (v.waiting || v.sent || v.press) return;
    const id = cellUnder(board, event.clientX, event.clientY);
    const step = id && pickUp(v, id);
    const parts = step && partsOn(board, id);
    if (!parts || !parts.length) return;
    v.press = { id, step, parts, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  });
  board.addEventListener("pointermove", (event) => move(v, event));
  board.addEventListener("pointerup", (event) => drop(v, event, true));
  board.addEventListener("pointercancel", (event) => drop(v, event, false));
}
