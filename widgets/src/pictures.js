// The picture saved beside the live board.  playbook's JupyterLab
// extension marks the page when it keeps each output's picture without
// redrawing the live view; the board then asks the kernel to send its
// picture with every change, so a saved notebook shows the board as last
// seen.  In a page without the extension an update would redraw the live
// board from scratch, so nothing is asked.

import { SEND } from "./protocol.js";

/** Whether the page keeps each widget output's picture up to date (the extension is there). */
export function pageKeepsPictures() {
  return document.documentElement.dataset.playbookPictures === "kept";
}

/** Ask the kernel for the board's pictures where the page keeps them. */
export function askForPictures(model) {
  if (pageKeepsPictures()) model.send({ type: SEND.keepsPictures });
}
