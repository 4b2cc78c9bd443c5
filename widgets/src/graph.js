// A review's evaluation graph and its move list (playbook/widget/review.py's
// ReviewGraph).  The graph is drawn by the kernel (review_graph.py: axes,
// the zero line, each side's advantage shaded, one point a move); here the
// position shown is marked on it, a click on a point, or anywhere over a
// move, selects that move, and the move list is drawn in numbered turns
// with each move's mark.  Over them stands what the review says of the
// position shown; the board beside follows the cursor a click sets.

import { el, shortText, svgNode } from "./dom.js";
import { GRAPH } from "./protocol.js";

// The graph from the kernel, with the cursor's line at the point of the position shown.
function drawGraph(model, area, jump) {
  area.innerHTML = model.get(GRAPH.svg) || "";
  const svg = area.querySelector("svg");
  if (!svg) return;
  const dots = [...svg.querySelectorAll("circle[data-ply]")];
  const cursor = model.get(GRAPH.cursor);
  const current = dots.find((d) => Number(d.dataset.ply) === cursor);
  if (current) {
    const box = svg.viewBox.baseVal;
    const x = current.getAttribute("cx");
    const line = svgNode("line", { x1: x, x2: x, y1: 0, y2: box.height, class: "pb-review-cursor" });
    svg.insertBefore(line, dots[0]);
    current.classList.add("pb-current");
  }
  for (const dot of dots) dot.addEventListener("click", (event) => {
    event.stopPropagation();
    jump(Number(dot.dataset.ply));
  });
  // Anywhere else on the graph: the move whose point is nearest across.
  svg.addEventListener("click", (event) => {
    if (!dots.length) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const near = dots.reduce((a, b) => (Math.abs(b.getAttribute("cx") - at.x) < Math.abs(a.getAttribute("cx") - at.x) ? b : a));
    jump(Number(near.dataset.ply));
  });
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
    const item = shortText("pb-review-move", text);
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
    drawGraph(model, graph, jump);
    list.replaceChildren(...drawMoves(model, jump));
  };
  draw();
  model.on("change", draw);
}
