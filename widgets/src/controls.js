// The row of buttons under the board (undo, redo, reset, flip, hint) and
// the line of help that opens under it.

import { el, icon } from "./dom.js";
import { BOARD, SEND } from "./protocol.js";

// The buttons a board may show, by the names of the Python side's `controls`:
// the message a press sends, and a word (also the button's accessible name)
// beside its icon.
const CONTROLS = {
  undo: [{ type: SEND.undo }, "Undo", "Undo: back one move"],
  redo: [{ type: SEND.redo }, "Redo", "Redo: forward one move"],
  reset: [{ type: SEND.reset }, "Reset", "Reset to the first position"],
  flip: [{ type: SEND.flip }, "Flip", "Flip the board"],
  hint: [{ type: SEND.hint }, "Hint", "Hint: press once for where to start, twice for the whole move"],
};

function control(name, onClick) {
  const [, word, title] = CONTROLS[name];
  const b = el("button", `pb-btn pb-control pb-control-${name}`);
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-label", word);
  b.append(icon(name), el("span", "pb-word", word));
  b.addEventListener("click", onClick);
  return b;
}

/** Show the buttons the model names; each press goes to the kernel by name.
 * Hint has nothing to say once the game is over, so it goes then. */
export function showControls(widget) {
  const { model, controls } = widget;
  const over = Boolean(model.get(BOARD.over));
  const names = (model.get(BOARD.controls) || []).filter((n) => n in CONTROLS && !(over && n === "hint"));
  controls.replaceChildren(...names.map((n) => control(n, () => model.send(CONTROLS[n][0]))));
  controls.hidden = names.length === 0;
}

// The line a user can open under the board: what the mouse and keys do.
const HELP = [
  "Click a piece, then a target (or drag it there); click it again to let go.",
  "The right button marks a cell; dragged, it draws an arrow (a left click clears them).",
  "With the board focused, the left and right arrow keys step through the moves ([ and ] do too).",
  "Tab to the cells: the arrow keys move between them, Enter picks a piece and drops it, Esc lets go.",
  "Flip turns the board round.",
];

/** What the mouse and keys do, in one line that opens. */
export function helpLine() {
  const help = el("details", "pb-help");
  const helpText = el("div", "pb-help-text");
  helpText.append(...HELP.map((line) => el("p", "", line)));
  help.append(el("summary", "", "Right button draws arrows; arrow keys step through moves; Flip turns the board"), helpText);
  return help;
}
