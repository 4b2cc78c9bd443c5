// Entering an action step by step.  The kernel sends the tree of legal
// next steps; every click narrows the tree here, with no round trip, and
// only a finished action goes back to the kernel.
//
// Tree node: {c: complete, o: [[step, child or null], ...]}, a step being
// {kind: "cell" | "choice" | "text", value, label}.  A null child was not
// sent (the tree was too large) and is asked for with an "expand" message.

import { showInstantMove } from "./animation.js";
import { cellBox, cellUnder, partsOn } from "./cells.js";
import { carry, putBack } from "./drag.js";
import { showOptions, showTopChoices } from "./picker.js";
import { ANSWER, BOARD, SEND } from "./protocol.js";
import { publishState, showStatus } from "./status.js";
import { showBoard } from "./view.js";

/** The steps that may follow the entry so far. */
export function options(widget) {
  return widget.node ? widget.node.o : [];
}

/** Drop the entry: back to the whole tree, nothing selected. */
export function cancel(widget) {
  widget.prefix = [];
  widget.node = widget.model.get(BOARD.tree);
  widget.waiting = false;
  widget.sent = false;
  putBack(widget);
  showOptions(widget);
  showTopChoices(widget);
}

/** Send the entry, a whole action, to the kernel. */
export function finish(widget) {
  const steps = widget.prefix;
  showInstantMove(widget, steps); // first, so the piece moves in the coming frame
  widget.sent = true;
  widget.status.textContent = "…";
  widget.model.send({ type: SEND.action, steps, position: widget.model.get(BOARD.position) });
}

/** Enter one more step, asking the kernel for the rest of the tree when it was not sent. */
export function advance(widget, step) {
  const entry = options(widget).find(([s]) => s.kind === step.kind && (s.kind === "text" || s.value === step.value));
  if (!entry) return cancel(widget);
  widget.prefix = widget.prefix.concat([step]);
  if (step.kind === "text") {
    // Typed text is judged by the kernel: send the entry as it stands.
    return finish(widget);
  }
  const child = entry[1];
  if (child === null) {
    widget.waiting = true;
    widget.model.send({ type: SEND.expand, prefix: widget.prefix, position: widget.model.get(BOARD.position) });
    widget.status.textContent = "…";
    return;
  }
  widget.node = child;
  if (widget.node.c && widget.node.o.length === 0) return finish(widget);
  if (step.kind === "choice" && finishForced(widget)) return;
  follow(widget);
  showOptions(widget);
}

// After a named choice with one way on (one option a step, down to a whole
// action), the rest is entered at once: the choice finishes the action.
function finishForced(widget) {
  const steps = [];
  let node = widget.node;
  while (node && !node.c && node.o.length === 1 && node.o[0][0].kind !== "text") {
    steps.push(node.o[0][0]);
    node = node.o[0][1];
  }
  if (!node || !node.c || node.o.length !== 0 || steps.length === 0) return false;
  widget.prefix = widget.prefix.concat(steps);
  widget.node = node;
  finish(widget);
  return true;
}

// An entry of cells that is already a whole move and may go on (a chain
// of jumps): the piece stands on the last cell clicked while the next is awaited.
function follow(widget) {
  const { node, prefix, board } = widget;
  if (!node || !node.c || prefix.length < 2 || prefix.some((s) => s.kind !== "cell")) return;
  const from = prefix[0].value, to = prefix[prefix.length - 1].value;
  const parts = partsOn(board, from), box = cellBox(board, to);
  if (!parts || !parts.length || !box) return;
  carry(widget, parts, from, box.x + box.w / 2, box.y + box.h / 2);
  widget.displaced = parts;
}

/** A click (or the end of a drag) on the cell `id`, or off the cells (null). */
export function clickCell(widget, id) {
  if (widget.waiting || widget.sent) return; // an entry is with the kernel: its answer comes first
  const hit = id && options(widget).find(([s]) => s.kind === "cell" && s.value === id);
  if (hit) return advance(widget, hit[0]);
  // The piece picked, clicked again: let go of it, as on Lichess.
  const { prefix } = widget;
  if (id && prefix.length === 1 && prefix[0].kind === "cell" && prefix[0].value === id) return cancel(widget);
  // A click off the targets cancels; on another piece it starts again there.
  const fresh = widget.model.get(BOARD.tree);
  const restart = id && prefix.length > 0 && (fresh.o || []).find(([s]) => s.kind === "cell" && s.value === id);
  cancel(widget);
  if (restart) advance(widget, restart[0]);
}

/** Clicks on the board enter steps. */
export function listenForClicks(widget) {
  const { board, root } = widget;
  // A press on the board focuses the board, not the cell under it: the
  // arrow keys then step through the moves, as on Lichess (the keyboard
  // reaches the cells with Tab).
  board.addEventListener("mousedown", (event) => {
    event.preventDefault();
    root.focus({ preventScroll: true });
  });
  board.addEventListener("click", (event) => {
    if (widget.dragged) return; // the drag that just ended entered its steps itself
    clickCell(widget, cellUnder(board, event.clientX, event.clientY));
  });
}

function sameSteps(a, b) {
  return a.length === b.length && a.every((s, i) => s.kind === b[i].kind && s.value === b[i].value);
}

/** The kernel's answers to an entry: a refusal, or the rest of a tree asked for. */
export function listenForAnswers(widget) {
  const { model, root } = widget;
  model.on("msg:custom", (msg) => {
    if (msg.type === ANSWER.refused) {
      // A move shown ahead of the kernel goes back where it was.
      if (root.dataset.instant !== undefined) showBoard(widget);
      cancel(widget);
      showStatus(widget);
      widget.refusals += 1;
      publishState(widget);
      return;
    }
    if (msg.type === ANSWER.subtree && widget.waiting && sameSteps(msg.prefix, widget.prefix)) {
      widget.waiting = false;
      widget.node = msg.tree;
      showStatus(widget);
      if (widget.node.c && widget.node.o.length === 0) return finish(widget);
      follow(widget);
      showOptions(widget);
    }
  });
}
