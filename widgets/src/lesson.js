// A board that teaches: the goal of an exercise or a puzzle in the board's
// header, the answer to each move in words under the board, a mark on the
// cell the move ended on (as Lichess marks a move right or wrong), a line
// for the learner's standing, and a button to go on to the next puzzle.

import { cellBox } from "./cells.js";
import { el, svgNode } from "./dom.js";
import { BOARD, SEND } from "./protocol.js";

// The marks, drawn as lines so that no font can lack them.
const MARKS = {
  right: "M-0.45 0 -0.12 0.32 0.45 -0.3",
  wrong: "M-0.3 -0.3 0.3 0.3M0.3 -0.3-0.3 0.3",
};

/** Add the lesson's parts to the widget: the goal and the standing in the header, the answer under the board. */
export function lessonParts(widget) {
  const goal = el("div", "pb-goal");
  const score = el("div", "pb-score");
  const answer = el("div", "pb-answer");
  answer.setAttribute("role", "status");
  answer.setAttribute("aria-live", "polite");
  widget.title.after(goal, score);
  widget.board.after(answer);
  Object.assign(widget, { goal, score, answer });
}

/** Show the goal, the standing and the answer to the last move the model holds. */
export function showLesson(widget) {
  const { model, goal, score, answer, root } = widget;
  const goalText = model.get(BOARD.goal) || "";
  goal.textContent = goalText;
  goal.hidden = !goalText;
  const scoreText = model.get(BOARD.score) || "";
  score.textContent = scoreText;
  score.hidden = !scoreText;
  const verdict = model.get(BOARD.verdict) || {};
  const kind = verdict.kind || "";
  root.dataset.verdict = kind;
  answer.className = `pb-answer${kind ? ` pb-answer-${kind}` : ""}`;
  answer.replaceChildren();
  if (verdict.text) answer.append(el("span", "pb-answer-text", verdict.text));
  if (verdict.next) {
    const next = el("button", "pb-btn pb-next", verdict.next);
    next.type = "button";
    next.addEventListener("click", () => model.send({ type: SEND.next }));
    answer.append(next);
  }
  answer.hidden = !verdict.text && !verdict.next;
  showMark(widget);
}

/** Mark the cell the judged move ended on: a tick when right (or right so far), a cross when wrong. */
export function showMark(widget) {
  const { model, board } = widget;
  board.querySelectorAll(".pb-mark-layer").forEach((g) => g.remove());
  const verdict = model.get(BOARD.verdict) || {};
  // A right step of a longer line is ticked as a right answer is.
  const path = MARKS[{ solution: "wrong", good: "right" }[verdict.kind] || verdict.kind];
  const svg = board.querySelector("svg");
  const box = verdict.cell && svg ? cellBox(board, verdict.cell) : null;
  if (!path || !box) return;
  const r = Math.min(box.w, box.h) * 0.2;
  const x = box.x + box.w - r * 1.05, y = box.y + r * 1.05;
  const layer = svg.appendChild(svgNode("g", { class: `pb-mark-layer pb-mark-${verdict.kind}` }));
  layer.appendChild(svgNode("circle", { cx: x, cy: y, r, class: "pb-mark-disc" }));
  layer.appendChild(svgNode("path", {
    d: path, class: "pb-mark-sign", transform: `translate(${x} ${y}) scale(${r})`,
  }));
}

// A board whose kernel is gone: it no longer answers.  Then the board
// says so, keeps its picture and takes no more clicks.  Two signals tell:
// the kernel the widget manager had when the board was drawn stops, is
// restarted (which closes every board it served) or is shut down; or the
// manager marks the view disconnected (a board restored with no live
// kernel behind it).
const DEAD = ["dead", "restarting", "autorestarting"];

export function watchKernel(widget) {
  const { model, root } = widget;
  const note = el("div", "pb-gone", "This board's kernel is gone, so it no longer answers: "
    + "the picture shows the board as it was left. Run the cell again to play on it.");
  note.setAttribute("role", "status");
  note.hidden = true;
  root.prepend(note);
  let lost = false;
  const show = () => {
    const dead = lost || Boolean(root.closest(".jupyter-widgets-disconnected"));
    note.hidden = !dead;
    if (dead) root.dataset.gone = "true";
    else delete root.dataset.gone;
  };
  const gone = () => {
    lost = true;
    show();
  };
  let kernel = null;
  try {
    kernel = model.widget_manager ? model.widget_manager.kernel : null;
  } catch {
    kernel = null; // a manager with no kernel to name (a static page)
  }
  if (kernel) {
    if (kernel.isDisposed || DEAD.includes(kernel.status)) lost = true;
    if (kernel.statusChanged) kernel.statusChanged.connect((_, status) => { if (DEAD.includes(status)) gone(); });
    if (kernel.disposed) kernel.disposed.connect(gone);
  }
  model.on("comm_live_update", () => queueMicrotask(show));
  // The view is marked before it is attached; look again once it is on the page.
  requestAnimationFrame(show);
  show();
}
