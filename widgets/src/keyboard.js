// The keyboard: with the board focused, the left and right arrows step
// back and forth along the moves; a board a screen reader can read, each
// cell a button named for the cell and what stands on it (the piece's
// words from the game's view, which the drawing carries as the cell's
// hover text), one cell in the tab order, the arrow keys moving between cells.

import { cellBox, cellRect } from "./cells.js";
import { cancel, clickCell } from "./entry.js";
import { BOARD, SEND } from "./protocol.js";

/** Name every cell of the drawn board and put one in the tab order. */
export function labelCells(widget) {
  const { board, model } = widget;
  const svg = board.querySelector("svg");
  if (!svg) return;
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", `${model.get(BOARD.title)} board: ${model.get(BOARD.status)}`);
  const cells = [...svg.querySelectorAll("[data-cell]")];
  if (!cells.some((c) => c.getAttribute("data-cell") === widget.focusId)) {
    widget.focusId = cells.length ? cells[0].getAttribute("data-cell") : null;
  }
  for (const rect of cells) {
    const id = rect.getAttribute("data-cell");
    const hover = rect.querySelector("title");
    const text = hover ? hover.textContent : "";
    const where = ` on ${id}`; // the words end with the cell, which the label names first
    const what = !text ? "empty" : text.endsWith(where) ? text.slice(0, -where.length) : text;
    rect.setAttribute("role", "button");
    rect.setAttribute("aria-label", `${id}: ${what}`);
    rect.setAttribute("tabindex", id === widget.focusId ? "0" : "-1");
  }
}

// Focus the nearest cell in the direction of an arrow key, on the board as drawn.
function moveFocus(widget, id, event) {
  const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
  if (!dir || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const a = cellBox(widget.board, id);
  if (!a) return false;
  const ax = a.x + a.w / 2, ay = a.y + a.h / 2;
  let best = null, bestScore = Infinity;
  for (const rect of widget.board.querySelectorAll("svg [data-cell]")) {
    const other = rect.getAttribute("data-cell");
    const b = cellBox(widget.board, other);
    const dx = b.x + b.w / 2 - ax, dy = b.y + b.h / 2 - ay;
    const along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 0.5) continue;
    const score = along + 3 * across; // straight on first, then the nearest row or column
    if (score < bestScore) [best, bestScore] = [rect, score];
  }
  if (best) focusCell(widget, best.getAttribute("data-cell"));
  return true;
}

/** Focus the cell `id` (focusin keeps the tab order). */
export function focusCell(widget, id) {
  const rect = cellRect(widget.board, id);
  if (rect) rect.focus();
}

// On a focused cell the arrows move between cells, so there only [ and ] step.
function stepHistory(widget, event, onCell) {
  const step = (onCell ? { "[": -1, "]": 1 } : { ArrowLeft: -1, ArrowRight: 1, "[": -1, "]": 1 })[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  event.stopPropagation();
  const index = widget.model.get(BOARD.cursor) + step;
  if (index >= 0 && index <= widget.model.get(BOARD.moves).length) widget.model.send({ type: SEND.jump, index });
}

/** Keys on the widget: Esc lets go, Enter on a cell clicks it, arrows move or step. */
export function listenToKeys(widget) {
  const { board, root } = widget;
  root.addEventListener("keydown", (event) => {
    const cell = event.target.getAttribute && board.contains(event.target) ? event.target.getAttribute("data-cell") : null;
    if (event.key === "Escape") cancel(widget);
    else if (cell && (event.key === "Enter" || event.key === " ")) {
      // Enter on a cell: as a click there (pick a piece, drop it on a target).
      event.preventDefault();
      event.stopPropagation();
      clickCell(widget, cell);
    } else if (cell && moveFocus(widget, cell, event)) {
      event.preventDefault();
      event.stopPropagation();
    } else stepHistory(widget, event, Boolean(cell));
  });

  // A cell reached with Tab (or focused by a script) becomes the one in the tab order.
  board.addEventListener("focusin", (event) => {
    const id = event.target.getAttribute && event.target.getAttribute("data-cell");
    if (!id) return;
    const old = cellRect(board, widget.focusId);
    if (old && old !== event.target) old.setAttribute("tabindex", "-1");
    widget.focusId = id;
    event.target.setAttribute("tabindex", "0");
    root.dataset.focus = id;
  });
}
