// The board widget's front end for anywidget: builds the widget, lets each
// concern listen to the user and the kernel, and draws what the model holds.

import { showControls } from "./controls.js";
import { showCurtain } from "./curtain.js";
import { listenForDrags } from "./drag.js";
import { listenForDrawings } from "./drawings.js";
import { renderGraph } from "./graph.js";
import { positionEditor } from "./editor.js";
import { cancel, listenForAnswers, listenForClicks } from "./entry.js";
import { listenToKeys } from "./keyboard.js";
import { layout } from "./layout.js";
import { lessonParts, showLesson, watchKernel } from "./lesson.js";
import { showMoves } from "./moves.js";
import { publishState, showAdvice, showDetails, showEvaluation, showStatus } from "./status.js";
import { fitWidth, redrawOnce, showBoard } from "./view.js";

function render({ model, el: root }) {
  // The same bundle draws a review's graph (its model says so) and the board.
  if (model.get("kind") === "review-graph") return renderGraph(model, root);
  const widget = layout(model, root);
  lessonParts(widget);
  watchKernel(widget);
  listenForClicks(widget);
  listenToKeys(widget);
  listenForDrags(widget);
  listenForDrawings(widget);
  listenForAnswers(widget);

  // The board, its tree and its position change together: draw once.
  const boardChanged = redrawOnce(widget);
  model.on("change:svg", boardChanged);
  model.on("change:tree", boardChanged);
  model.on("change:position", boardChanged);
  model.on("change:status", () => showStatus(widget));
  model.on("change:over", () => { showStatus(widget); showControls(widget); });
  model.on("change:details", () => showDetails(widget));
  model.on("change:numbers", () => showMoves(widget));
  model.on("change:notes", () => showMoves(widget));
  model.on("change:controls", () => showControls(widget));
  model.on("change:choices", () => { if (widget.prefix.length === 0) cancel(widget); });
  model.on("change:error", () => showStatus(widget));
  model.on("change:moves", () => { showMoves(widget); publishState(widget); });
  model.on("change:cursor", () => { showMoves(widget); publishState(widget); });
  model.on("change:title", () => (widget.title.textContent = model.get("title")));
  model.on("change:curtain", () => showCurtain(widget));
  model.on("change:advice", () => showAdvice(widget));
  model.on("change:evaluation", () => showEvaluation(widget));
  model.on("change:svg", () => fitWidth(widget));
  for (const name of ["goal", "score", "verdict"]) model.on(`change:${name}`, () => showLesson(widget));
  positionEditor(model, root, widget.board);

  showControls(widget);
  showBoard(widget);
  showDetails(widget);
  showMoves(widget);
  showCurtain(widget);
  showEvaluation(widget);
  showLesson(widget);
  fitWidth(widget);
}

export default { render };
