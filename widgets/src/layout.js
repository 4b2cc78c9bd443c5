// The widget's parts, in the order they stand on the page, and the state
// of the board's front end that every concern shares.

import { helpLine } from "./controls.js";
import { makeCurtain } from "./curtain.js";
import { el } from "./dom.js";
import { makeRoll } from "./roll.js";

/**
 * Build the widget inside `root` and return it as an object: the model, the
 * elements by name and the shared state, passed to every concern.
 */
export function layout(model, root) {
  root.classList.add("pb-widget");
  root.tabIndex = 0;
  const status = el("div", "pb-status");
  status.setAttribute("role", "status");
  const { curtain, text: curtainText } = makeCurtain(root);
  const widget = {
    model,
    root,
    title: el("div", "pb-title"),
    board: el("div", "pb-board-area"),
    picker: el("div", "pb-picker"),
    status,
    details: el("div", "pb-details"),
    controls: el("div", "pb-controls"),
    roll: makeRoll(model),
    moveList: el("ol", "pb-moves"),
    curtain,
    curtainText,
    // The evaluation for the side to move and the hint, under the status line.
    evaluation: el("div", "pb-eval"),
    adviceText: el("div", "pb-advice"),

    prefix: [], // steps entered so far
    node: null, // the tree node after prefix
    waiting: false, // an "expand" request is out
    sent: false, // a finished entry went to the kernel, which has not answered yet
    refusals: 0, // refusals received, published for tests and scripts
    occupied: new Set(), // cells holding a piece in the position shown
    focusId: null, // the cell in the tab order (the last one focused)
    press: null, // the left press that may become a drag
    dragged: false, // a drag has just ended: the click that follows is not one
    displaced: [], // parts of a piece dropped on a cell while the entry goes on
    hovered: null, // the target lit under a dragged piece
    drawnCursor: null, // the cursor of the board drawn last
    slides: 0, // slides started, published for tests and scripts
    drawings: [], // [from, to] pairs; from === to marks a cell
    rightFrom: null, // the cell where the right button went down
  };
  root.append(widget.title, status, widget.board, widget.roll, widget.details, widget.picker, widget.evaluation,
    widget.adviceText,
    widget.controls, widget.moveList, helpLine(), curtain);
  return widget;
}
