// Where the entry may go next: targets on the board, and the row under
// it of named choices, a text box for typed text, "Stop here" and "Cancel".

import { cellBox, layerUnderPieces, mark } from "./cells.js";
import { button, el, SVGNS } from "./dom.js";
import { advance, cancel, finish, options } from "./entry.js";

// A target, as on Lichess: a small dot on an empty cell, a ring round
// the cell's edge where a piece stands (a capture, a stack), so the
// piece stays visible.  Which cells hold a piece comes from the kernel.
function target(v, layer, id) {
  const box = cellBox(v.board, id);
  if (!box) return;
  const ring = v.occupied.has(id);
  const size = Math.min(box.w, box.h);
  const c = document.createElementNS(SVGNS, "circle");
  c.setAttribute("cx", box.x + box.w / 2);
  c.setAttribute("cy", box.y + box.h / 2);
  c.setAttribute("r", ring ? size * 0.45 : size * 0.15);
  if (ring) c.setAttribute("stroke-width", size * 0.09);
  c.setAttribute("class", ring ? "pb-hl-target pb-hl-ring" : "pb-hl-target pb-hl-dot");
  layer.appendChild(c);
}

/** Remove the entry's marks from the board. */
export function clearMarks(v) {
  v.board.querySelectorAll(".pb-overlay").forEach((g) => g.remove());
}

// Show where the entry may go next: targets on the board, buttons for
// named choices, a text box for typed text, "Stop here" when the entry is
// already a whole action that could still go on.
export function showOptions(v) {
  const { board, picker, prefix, node } = v;
  clearMarks(v);
  picker.replaceChildren();
  const svg = board.querySelector("svg");
  if (!svg) return;
  // Under the pieces, over the cells: a highlighted piece stays visible.
  const layer = layerUnderPieces(svg, "pb-overlay");
  for (const s of prefix) if (s.kind === "cell") mark(board, layer, s.value, "pb-hl-selected");
  if (prefix.length === 0) return; // nothing selected: the board just waits for a click
  showPicked(v);
  for (const [step] of options(v)) {
    if (step.kind === "cell") target(v, layer, step.value);
  }
  const choices = options(v).filter(([s]) => s.kind === "choice");
  for (const [step, child] of choices) picker.append(choiceButton(v, step, child));
  const text = options(v).find(([s]) => s.kind === "text");
  if (text) {
    const input = el("input", "pb-text");
    input.placeholder = text[0].label || "type here";
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") advance(v, { kind: "text", value: input.value, label: text[0].label });
      e.stopPropagation();
    });
    picker.append(input, button("OK", "Enter this text", () =>
      advance(v, { kind: "text", value: input.value, label: text[0].label })));
  }
  if (node && node.c && options(v).length > 0) {
    picker.append(button("Stop here", "End the action here", () => finish(v)));
  }
  if (prefix.length > 0) picker.append(button("Cancel", "Cancel (Esc)", () => cancel(v)));
}

// The named choices already picked in this entry (a piece to place, an
// ability), shown as pressed buttons first in the row; pressing one again
// takes the entry back to just before it.
function showPicked(v) {
  v.prefix.forEach((step, i) => {
    if (step.kind !== "choice") return;
    const b = button(step.label || step.value, `${step.label || step.value}: picked (press to undo)`, () => {
      const kept = v.prefix.slice(0, i);
      cancel(v);
      for (const s of kept) advance(v, s);
    });
    b.classList.add("pb-pressed");
    b.setAttribute("aria-pressed", "true");
    v.picker.append(b);
  });
}

// Is the named choice `value` offered as a button before any click?
function choiceShown(v, value) {
  const allowed = v.model.get("choices");
  return Array.isArray(allowed) ? allowed.includes(value) : allowed !== false;
}

/** Named choices available before any click (offer a draw, pass, resign). */
export function showTopChoices(v) {
  if (v.prefix.length > 0) return;
  const tree = v.model.get("tree");
  for (const [step, child] of tree.o || []) {
    if (step.kind === "choice" && choiceShown(v, step.value)) v.picker.append(choiceButton(v, step, child));
    if (step.kind === "text") {
      v.node = tree;
      showOptions(v);
      return;
    }
  }
}

// A button for a named choice.  One that ends the game (resign) asks
// first, as on Lichess: the row then holds the question, Yes and No.
function choiceButton(v, step, child) {
  const label = step.label || step.value;
  return button(label, step.value, () => {
    if (!child || !child.e) return advance(v, step);
    const question = el("span", "pb-confirm", `${label}? This ends the game (${child.e}).`);
    const yes = button(`Yes, ${label.toLowerCase()}`, `Confirm: ${label}`, () => advance(v, step));
    const no = button("No", "Go back to the game", () => cancel(v));
    v.picker.replaceChildren(question, yes, no);
    no.focus();
  });
}
