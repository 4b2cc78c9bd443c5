// A review's evaluation graph and its move list (playbook/widget/review.py's
// ReviewGraph): one point a move, the labelled ones coloured, the move list
// in numbered turns with each move's mark, and over them what the review
// says of the position shown; a click on a point or a move sets the
// cursor, which the board beside it follows.

import { el, svgNode } from "./dom.js";
import { GRAPH } from "./protocol.js";

// The colour of each label, as the review's picture and plot draw it.
const COLOURS = { inaccuracy: "#56b4e9", mistake: "#e69f00", blunder: "#d55e00" };
const W = 480;
const H = 120;
const PAD = 8;

function drawGraph(model, jump) {
  const points = model.get(GRAPH.points) || [];
  const labels = model.get(GRAPH.labels) || [];
  const moves = model.get(GRAPH.moves) || [];
  const cursor = model.get(GRAPH.cursor);
  const x = (i) => PAD + (points.length > 1 ? (i * (W - 2 * PAD)) / (points.length - 1) : (W - 2 * PAD) / 2);
  const y = (p) => PAD + (1 - p) * (H - 2 * PAD);
  const svg = svgNode("svg", { viewBox: `0 0 ${W} ${H}`, class: "pb-review-graph", role: "img" });
  svg.append(svgNode("rect", { x: 0, y: 0, width: W, height: H, class: "pb-review-bg" }));
  svg.append(svgNode("line", { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: "pb-review-mid" }));
  if (points.length) {
    const path = points.map((p, i) => `${x(i)},${y(p)}`).join(" ");
    svg.append(svgNode("polyline", { points: path, class: "pb-review-line" }));
  }
  if (cursor > 0 && cursor <= points.length) {
    svg.append(svgNode("line", { x1: x(cursor - 1), x2: x(cursor - 1), y1: 0, y2: H, class: "pb-review-cursor" }));
  }
  points.forEach((p, i) => {
    const dot = svgNode("circle", { cx: x(i), cy: y(p), r: labels[i] ? 5 : 3.5, class: "pb-review-dot", "data-ply": i + 1 });
    if (labels[i]) dot.style.fill = COLOURS[labels[i]]; // over the sheet's grey
    const title = svgNode("title", {});
    title.textContent = `${moves[i] || ""}${labels[i] ? " (" + labels[i] + ")" : ""}`;
    dot.append(title);
    dot.addEventListener("click", () => jump(i + 1));
    svg.append(dot);
  });
  return svg;
}

// The moves in numbered turns: a turn holds its number and its moves and
// never breaks inside, so a number stays beside its first move.
function drawMoves(model, jump) {
  const moves = model.get(GRAPH.moves) || [];
  const numbers = model.get(GRAPH.numbers) || [];
  const labels = model.get(GRAPH.labels) || [];
  const marks = model.get(GRAPH.marks) || [];
  const cursor = model.get(GRAPH.cursor);
  const turns = [];
  moves.forEach((text, i) => {
    if (numbers[i] || turns.length === 0) {
      const turn = el("li", "pb-review-turn");
      if (numbers[i]) turn.append(el("span", "pb-num", numbers[i]));
      turns.push(turn);
    }
    const item = el("span", "pb-review-move", text);
    if (marks[i]) item.append(el("span", `pb-note pb-note-${labels[i] || "other"}`, marks[i]));
    item.dataset.ply = i + 1;
    item.setAttribute("role", "button");
    if (i + 1 === cursor) item.classList.add("pb-current");
    item.addEventListener("click", () => jump(i + 1));
    turns[turns.length - 1].append(item);
  });
  return turns;
}

/** Draw a ReviewGraph model in `root`, again whenever the model changes. */
export function renderGraph(model, root) {
  root.classList.add("pb-review");
  const comment = el("div", "pb-review-comment");
  comment.setAttribute("role", "status");
  const graph = el("div", "pb-review-graph-area");
  const list = el("ol", "pb-review-moves");
  root.append(comment, graph, list);
  const jump = (i) => {
    model.set(GRAPH.cursor, i);
    model.save_changes();
  };
  const draw = () => {
    comment.textContent = model.get(GRAPH.comment) || "";
    graph.replaceChildren(drawGraph(model, jump));
    list.replaceChildren(...drawMoves(model, jump));
  };
  draw();
  model.on("change", draw);
}
