// Where the entry may go next: targets on the board, and the row under
// it of named choices, a text box for typed text, "Stop here" and "Cancel".

import { cellBox, layerUnderPieces, mark } from "./cells.js";
import { button, el, svgNode } from "./dom.js";
import { advance, cancel, finish, options } from "./entry.js";
import { BOARD } from "./protocol.js";

// A target, as on Lichess: a small dot on an empty cell, a ring round
// the cell's edge where a piece stands (a capture, a stack), so the
// piece stays visible.  Which cells hold a piece comes from the kernel.
function target(widget, layer, id) {
  const box = cellBox(widget.board, id);
  if (!box) return;
  const ring = widget.occupied.has(id);
  const size = Math.min(box.w, box.h);
  const centre = { cx: box.x + box.w / 2, cy: box.y + box.h / 2 };
  layer.appendChild(svgNode("circle", ring
    ? { ...centre, r: size * 0.45, "stroke-width": size * 0.09, class: "pb-hl-target pb-hl-ring" }
    : { ...centre, r: size * 0.15, class: "pb-hl-target pb-hl-dot" }));
}

/** Remove the entry's marks from the board. */
export function clearMarks(widget) {
  widget.board.querySelectorAll(".pb-overlay").forEach((g) => g.remove());
}

// Show where the entry may go next: targets on the board, buttons for
// named choices, a text box for typed text, "Stop here" when the entry is
// already a whole action that could still go on.
export function showOptions(widget) {
  const { board, picker, prefix, node } = widget;
  clearMarks(widget);
  picker.replaceChildren();
  const svg = board.querySelector("svg");
  if (!svg) return;
  // Under the pieces, over the cells: a highlighted piece stays visible.
  const layer = layerUnderPieces(svg, "pb-overlay");
  for (const s of prefix) if (s.kind === "cell") mark(board, layer, s.value, "pb-hl-selected");
  if (prefix.length === 0) return; // nothing selected: the board just waits for a click
  showPicked(widget);
  for (const [step] of options(widget)) {
    if (step.kind === "cell") target(widget, layer, step.value);
  }
  const choices = options(widget).filter(([s]) => s.kind === "choice");
  for (const [step, child] of choices) picker.append(choiceButton(widget, step, child));
  // Just after a named choice, with only cells to click next: say so.
  const last = prefix[prefix.length - 1];
  if (last.kind === "choice" && options(widget).length > 0 && options(widget).every(([s]) => s.kind === "cell")) {
    picker.append(el("span", "pb-prompt", "Now click one of the marked cells."));
  }
  const text = options(widget).find(([s]) => s.kind === "text");
  if (text) {
    const input = el("input", "pb-text");
    input.placeholder = text[0].label || "type here";
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") advance(widget, { kind: "text", value: input.value, label: text[0].label });
      e.stopPropagation();
    });
    picker.append(input, button("OK", "Enter this text", () =>
      advance(widget, { kind: "text", value: input.value, label: text[0].label })));
  }
  if (node && node.c && options(widget).length > 0) {
    picker.append(button("Stop here", "End the action here", () => finish(widget)));
  }
  if (prefix.length > 0) picker.append(button("Cancel", "Cancel (Esc)", () => cancel(widget)));
}

// The named choices already picked in this entry (a piece to place, an
// ability), shown as pressed buttons first in the row; pressing one again
// takes the entry back to just before it.
function showPicked(widget) {
  widget.prefix.forEach((step, i) => {
    if (step.kind !== "choice") return;
    const b = button(step.label || step.value, `${step.label || step.value}: picked (press to undo)`, () => {
      const kept = widget.prefix.slice(0, i);
      cancel(widget);
      for (const s of kept) advance(widget, s);
    });
    b.classList.add("pb-pressed");
    b.setAttribute("aria-pressed", "true");
    widget.picker.append(b);
  });
}

// Is the named choice `value` offered as a button before any click?
function choiceShown(widget, value) {
  const allowed = widget.model.get(BOARD.choices);
  return Array.isArray(allowed) ? allowed.includes(value) : allowed !== false;
}

/** Named choices available before any click (offer a draw, pass, resign). */
export function showTopChoices(widget) {
  if (widget.prefix.length > 0) return;
  const tree = widget.model.get(BOARD.tree);
  for (const [step, child] of tree.o || []) {
    if (step.kind === "choice" && choiceShown(widget, step.value)) widget.picker.append(choiceButton(widget, step, child));
    if (step.kind === "text") {
      widget.node = tree;
      showOptions(widget);
      return;
    }
  }
}

// A button for a named choice.  One that ends the game (resign) asks
// first, as on Lichess: the row then holds the question, Yes and No.
function choiceButton(widget, step, child) {
  const label = step.label || step.value;
  return button(label, step.value, () => {
    if (!child || !child.e) return advance(widget, step);
    const question = el("span", "pb-confirm", `${label}? This ends the game (${child.e}).`);
    const yes = button(`Yes, ${label.toLowerCase()}`, `Confirm: ${label}`, () => advance(widget, step));
    const no = button("No", "Go back to the game", () => cancel(widget));
    widget.picker.replaceChildren(question, yes, no);
    no.focus();
  });
}
