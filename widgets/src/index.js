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
import { askForPictures } from "./pictures.js";
import { showRoll } from "./roll.js";
import { BOARD, GRAPH, GRAPH_KIND, onChange } from "./protocol.js";
import { publishState, showAdvice, showDetails, showEvaluation, showStatus } from "./status.js";
import { redrawOnce, showBoard } from "./view.js";

function render({ model, el: root }) {
  // The same bundle draws a review's graph (its model says so) and the board.
  if (model.get(GRAPH.kind) === GRAPH_KIND) return renderGraph(model, root);
  const widget = layout(model, root);
  lessonParts(widget);
  watchKernel(widget);
  listenForClicks(widget);
  listenToKeys(widget);
  listenForDrags(widget);
  listenForDrawings(widget);
  listenForAnswers(widget);

  // The board, its tree and its position change together: draw once.
  onChange(model, [BOARD.svg, BOARD.tree, BOARD.position], redrawOnce(widget));
  onChange(model, [BOARD.status, BOARD.error], () => showStatus(widget));
  onChange(model, [BOARD.over], () => { showStatus(widget); showControls(widget); });
  onChange(model, [BOARD.details], () => showDetails(widget));
  onChange(model, [BOARD.numbers, BOARD.notes], () => showMoves(widget));
  onChange(model, [BOARD.controls], () => showControls(widget));
  onChange(model, [BOARD.choices], () => { if (widget.prefix.length === 0) cancel(widget); });
  onChange(model, [BOARD.moves, BOARD.cursor], () => { showMoves(widget); publishState(widget); });
  onChange(model, [BOARD.title], () => (widget.title.textContent = model.get(BOARD.title)));
  onChange(model, [BOARD.curtain], () => showCurtain(widget));
  onChange(model, [BOARD.rolling, BOARD.position], () => showRoll(widget));
  onChange(model, [BOARD.advice], () => showAdvice(widget));
  onChange(model, [BOARD.evaluation], () => showEvaluation(widget));
  onChange(model, [BOARD.goal, BOARD.score, BOARD.verdict], () => showLesson(widget));
  positionEditor(model, root, widget.board);

  showControls(widget);
  showBoard(widget);
  showDetails(widget);
  showMoves(widget);
  showCurtain(widget);
  showRoll(widget);
  showEvaluation(widget);
  showLesson(widget);
  askForPictures(model);
}

export default { render };
