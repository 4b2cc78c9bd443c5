// The Roll button: where the dice move, a person presses it and the kernel
// draws the outcome (no click on the board ever chooses a roll).

import { el } from "./dom.js";
import { BOARD, SEND } from "./protocol.js";

/** The Roll button, hidden until the dice are to be rolled. */
export function makeRoll(model) {
  const button = el("button", "pb-btn pb-roll", "Roll the dice");
  button.type = "button";
  button.title = "Roll the dice: the board draws the outcome and plays it";
  button.hidden = true;
  button.addEventListener("click", () => {
    button.disabled = true; // one press, one roll: the next position enables it again
    model.send({ type: SEND.roll });
  });
  return button;
}

/** Show the Roll button while the position waits for the dice. */
export function showRoll(widget) {
  const rolling = Boolean(widget.model.get(BOARD.rolling));
  widget.roll.hidden = !rolling;
  widget.roll.disabled = false;
  widget.root.dataset.rolling = String(rolling);
}
