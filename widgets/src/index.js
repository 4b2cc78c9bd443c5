// The board widget's front end for anywidget: builds the widget, lets each
// concern listen to the user and the kernel, and draws what the model holds.

import { showControls } from "./controls.js";
import { showCurtain } from "./curtain.js";
import { listenForDrags } from "./drag.js";
import { listenForDrawings } from "./drawings.js";
import { positionEditor } from "./editor.js";
import { cancel, listenForAnswers, listenForClicks } from "./entry.js";
import { listenToKeys } from "./keyboard.js";
import { layout } from "./layout.js";
import { showMoves } from "./moves.js";
import { publishState, showAdvice, showDetails, showEvaluation, showStatus } from "./status.js";
import { fitWidth, redrawOnce, showBoard } from "./view.js";

function render({ model, el: root }) {
  const v = layout(model, root);
  listenForClicks(v);
  listenToKeys(v);
  listenForDrags(v);
  listenForDrawings(v);
  listenForAnswers(v);

  // The board, its tree and its position change together: draw once.
  const boardChanged = redrawOnce(v);
  model.on("change:svg", boardChanged);
  model.on("change:tree", boardChanged);
  model.on("change:position", boardChanged);
  model.on("change:status", () => showStatus(v));
  model.on("change:over", () => showStatus(v));
  model.on("change:details", () => showDetails(v));
  model.on("change:numbers", () => showMoves(v));
  model.on("change:notes", () => showMoves(v));
  model.on("change:controls", () => showControls(v));
  model.on("change:choices", () => { if (v.prefix.length === 0) cancel(v); });
  model.on("change:error", () => showStatus(v));
  model.on("change:moves", () => { showMoves(v); publishState(v); });
  model.on("change:cursor", () => { showMoves(v); publishState(v); });
  model.on("change:title", () => (v.title.textContent = model.get("title")));
  model.on("change:curtain", () => showCurtain(v));
  model.on("change:advice", () => showAdvice(v));
  model.on("change:evaluation", () => showEvaluation(v));
  model.on("change:svg", () => fitWidth(v));
  positionEditor(model, root, v.board);

  showControls(v);
  showBoard(v);
  showDetails(v);
  showMoves(v);
  showCurtain(v);
  showEvaluation(v);
  fitWidth(v);
}

export default { render };
