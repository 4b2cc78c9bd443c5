// The geometry of the drawn board: where its cells are, what stands on
// them, and layers of marks drawn over them.

import { svgNode } from "./dom.js";

/** The point (x, y) of the screen in the board's own units; null without a board. */
export function svgPoint(board, x, y) {
  const svg = board.querySelector("svg");
  const m = svg && svg.getScreenCTM();
  return m ? new DOMPoint(x, y).matrixTransform(m.inverse()) : null;
}

// The cell under a point of the screen, by geometry: the cell whose
// rectangle holds the point, whatever is drawn over it (a piece, its badges,
// a label printed on the cell, an overlay), so every part of a cell answers
// a click and a drop.  Null off the cells.
export function cellUnder(board, x, y) {
  const p = svgPoint(board, x, y);
  if (!p) return null;
  let found = null;
  for (const rect of board.querySelector("svg").querySelectorAll("[data-cell]")) {
    const rx = +rect.getAttribute("x"), ry = +rect.getAttribute("y");
    if (p.x >= rx && p.x < rx + +rect.getAttribute("width") && p.y >= ry && p.y < ry + +rect.getAttribute("height")) {
      found = rect.getAttribute("data-cell"); // the last drawn is on top
    }
  }
  return found;
}

/** The drawn rectangle of the cell `id`, or null. */
export function cellRect(board, id) {
  return board.querySelector(`[data-cell="${CSS.escape(id)}"]`);
}

/** The cell `id` as a box {x, y, w, h} in the board's units, or null. */
export function cellBox(board, id) {
  const rect = cellRect(board, id);
  if (!rect) return null;
  return {
    x: +rect.getAttribute("x"), y: +rect.getAttribute("y"),
    w: +rect.getAttribute("width"), h: +rect.getAttribute("height"),
  };
}

/** A new layer of class `cls`, under the pieces and over the cells. */
export function layerUnderPieces(svg, cls) {
  return svg.insertBefore(svgNode("g", { class: cls }), svg.querySelector(".pb-pieces"));
}

/** Cover the cell `id` with a rectangle of class `cls` on `layer`. */
export function mark(board, layer, id, cls) {
  const box = cellBox(board, id);
  if (!box) return;
  layer.appendChild(svgNode("rect", { x: box.x, y: box.y, width: box.w, height: box.h, class: cls }));
}

// The drawn parts of what stands on the cell `id` alone.  Null when a
// piece covering several cells touches it: such a move cannot be foreseen.
export function partsOn(board, id) {
  const svg = board.querySelector("svg");
  if (!svg) return null;
  const parts = [];
  for (const part of svg.querySelectorAll(".pb-pieces [data-cells]")) {
    const cells = part.getAttribute("data-cells").split(" ");
    if (!cells.includes(id)) continue;
    if (cells.length > 1) return null;
    parts.push(part);
  }
  return parts;
}
