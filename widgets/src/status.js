// The lines round the board: the status, the details, the evaluation, the
// hint, and the attributes that publish what the kernel last sent.

import { layerUnderPieces, mark } from "./cells.js";
import { el } from "./dom.js";
import { BOARD } from "./protocol.js";

// The status, once, above the board: whose turn, a refusal, or the
// result as a banner when the game is over.
export function showStatus(widget) {
  const { model, status, root } = widget;
  const error = model.get(BOARD.error);
  const over = Boolean(model.get(BOARD.over));
  status.textContent = error || model.get(BOARD.status);
  status.classList.toggle("pb-error", Boolean(error));
  status.classList.toggle("pb-over", over && !error);
  root.dataset.over = String(over);
}

/** The game's extra lines under the board (one element each). */
export function showDetails(widget) {
  const lines = widget.model.get(BOARD.details) || [];
  widget.details.replaceChildren(...lines.map((line) => el("div", "pb-detail", line)));
  widget.details.hidden = lines.length === 0;
}

/** The evaluation for the side to move, hidden when there is none. */
export function showEvaluation(widget) {
  const text = widget.model.get(BOARD.evaluation) || "";
  widget.evaluation.textContent = text;
  widget.evaluation.hidden = !text;
}

// What the kernel last published, as attributes of the widget's element,
// so that a test or a page script can wait for a position or a refusal
// without reading the kernel.
export function publishState(widget) {
  const { model, root } = widget;
  root.dataset.position = model.get(BOARD.position);
  root.dataset.moves = String(model.get(BOARD.moves).length);
  root.dataset.cursor = String(model.get(BOARD.cursor));
  root.dataset.refusals = String(widget.refusals);
}

// The hint: the cells it names, lit on their own layer (a click on the
// board clears the entry's marks, not the hint), and its words.
export function showAdvice(widget) {
  const { model, board, root, adviceText } = widget;
  board.querySelectorAll(".pb-hint-layer").forEach((g) => g.remove());
  const advice = model.get(BOARD.advice) || {};
  const current = advice.position === model.get(BOARD.position);
  const level = current ? advice.level || 0 : 0;
  root.dataset.hintLevel = String(level);
  adviceText.textContent = level ? advice.text || "" : "";
  adviceText.hidden = !level;
  const svg = board.querySelector("svg");
  if (!svg || !level) return;
  const layer = layerUnderPieces(svg, "pb-hint-layer");
  for (const id of advice.cells || []) mark(board, layer, id, "pb-hint");
}
