// The curtain: drawn over the whole widget while the position asks for
// one (a simultaneous game handing a shared screen to the next player).

import { button, el } from "./dom.js";
import { BOARD } from "./protocol.js";

/** The curtain of the widget `root`, hidden, with its text and the button that lifts it. */
export function makeCurtain(root) {
  const curtain = el("div", "pb-curtain");
  const text = el("div", "pb-curtain-text");
  curtain.append(text, button("Show the board", "I am the player named here", () => {
    curtain.hidden = true;
    root.focus();
  }));
  curtain.hidden = true;
  return { curtain, text };
}

/** Draw or lift the curtain as the model's `curtain` text says. */
export function showCurtain(widget) {
  const text = widget.model.get(BOARD.curtain) || "";
  widget.curtainText.textContent = text;
  widget.curtain.hidden = !text;
}
