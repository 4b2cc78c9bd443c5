// Drawings, as on Lichess: right-click marks a cell, right-drag draws an
// arrow, a left click clears them; the kernel never sees them.

import { cellBox, cellUnder } from "./cells.js";
import { svgNode } from "./dom.js";

// A ring round the cell whose box is `p`.
function ring(layer, p) {
  const size = Math.min(p.w, p.h);
  layer.appendChild(svgNode("circle", {
    cx: p.x + p.w / 2, cy: p.y + p.h / 2, r: size * 0.44, "stroke-width": size * 0.07, class: "pb-draw pb-draw-ring",
  }));
}

// An arrow from the centre of the box `p` to the centre of the box `q`.
function arrow(layer, p, q) {
  const size = Math.min(p.w, p.h);
  const x1 = p.x + p.w / 2, y1 = p.y + p.h / 2, x2 = q.x + q.w / 2, y2 = q.y + q.h / 2;
  const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const head = size * 0.42, half = size * 0.22;
  const bx = x2 - ux * head, by = y2 - uy * head;
  const line = svgNode("line", { x1, y1, x2: bx, y2: by, "stroke-width": size * 0.16, class: "pb-draw pb-draw-line" });
  const tip = svgNode("polygon", {
    points: `${x2},${y2} ${bx - uy * half},${by + ux * half} ${bx + uy * half},${by - ux * half}`,
    class: "pb-draw pb-draw-head",
  });
  layer.append(line, tip);
}

/** Draw the marked cells and arrows over the pieces, and publish them. */
export function showDrawings(widget) {
  const { board, root, drawings } = widget;
  board.querySelectorAll(".pb-drawings").forEach((g) => g.remove());
  root.dataset.drawings = drawings.map(([a, b]) => (a === b ? a : `${a}>${b}`)).join(" ");
  const svg = board.querySelector("svg");
  if (!svg || !drawings.length) return;
  const layer = svg.appendChild(svgNode("g", { class: "pb-drawings" })); // over the pieces
  for (const [a, b] of drawings) {
    const p = cellBox(board, a), q = cellBox(board, b);
    if (!p || !q) continue;
    if (a === b) ring(layer, p);
    else arrow(layer, p, q);
  }
}

function toggleDrawing(widget, a, b) {
  const i = widget.drawings.findIndex(([x, y]) => x === a && y === b);
  if (i >= 0) widget.drawings.splice(i, 1);
  else widget.drawings.push([a, b]);
  showDrawings(widget);
}

/** Clear every marked cell and arrow. */
export function clearDrawings(widget) {
  if (!widget.drawings.length) return;
  widget.drawings = [];
  showDrawings(widget);
}

/** The right button's presses and releases on the board draw. */
export function listenForDrawings(widget) {
  const { board } = widget;
  board.addEventListener("pointerdown", (event) => {
    if (event.button === 2) widget.rightFrom = cellUnder(board, event.clientX, event.clientY);
  });
  board.addEventListener("pointerup", (event) => {
    if (event.button !== 2 || widget.rightFrom === null) return;
    const to = cellUnder(board, event.clientX, event.clientY);
    if (to) toggleDrawing(widget, widget.rightFrom, to);
    widget.rightFrom = null;
  });
  // The right button draws here: no browser or JupyterLab menu over the board.
  board.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    event.stopPropagation();
  });
}
