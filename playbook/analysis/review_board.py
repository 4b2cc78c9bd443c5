"""A reviewed game on a live board, as Lichess's computer analysis shows it.

``ReviewBoard(review(record))`` (or ``review(record).board()``) stacks a
:class:`~playbook.widget.BoardWidget` holding the game over a
:class:`ReviewGraph`: the evaluation graph with one point a move and the
move list with each move's label.  A click on a point or a move jumps the
board there; stepping on the board (its buttons, the arrow keys) moves
the graph's marker; and the engine's best move in the position shown is
drawn on the board as an arrow.  It is built from the board's public
API (``jump``, ``cursor``, ``arrows``) and leaves the board itself alone.
"""

from __future__ import annotations

import anywidget
import ipywidgets
import traitlets

from ..core import PlaybookError
from ..widget import BoardWidget, with_picture
from .review import Review

__all__ = ["ReviewGraph", "ReviewBoard"]

_ESM = r"""
const NS = "http://www.w3.org/2000/svg";
const COLOURS = { inaccuracy: "#56b4e9", mistake: "#e69f00", blunder: "#d55e00" };

function el(name, attrs) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function render({ model, el: root }) {
  root.classList.add("playbook-review");
  const graph = document.createElement("div");
  const list = document.createElement("ol");
  list.className = "playbook-review-moves";
  list.style.cssText = "display:flex;flex-wrap:wrap;gap:0.2em 0.8em;padding-left:1.5em;margin:0.3em 0;font-family:var(--jp-code-font-family, monospace)";
  root.append(graph, list);
  const jump = (i) => { model.set("cursor", i); model.save_changes(); };

  function draw() {
    const points = model.get("points") || [];
    const labels = model.get("labels") || [];
    const moves = model.get("moves") || [];
    const cursor = model.get("cursor");
    const W = 600, H = 120, pad = 6;
    const x = (i) => pad + (points.length > 1 ? (i * (W - 2 * pad)) / (points.length - 1) : (W - 2 * pad) / 2);
    const y = (p) => pad + (1 - p) * (H - 2 * pad);
    const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img" });
    svg.style.maxWidth = "600px";
    svg.append(el("rect", { x: 0, y: 0, width: W, height: H, fill: "var(--jp-layout-color2, #eee)" }));
    svg.append(el("line", { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), stroke: "var(--jp-border-color1, #999)" }));
    if (points.length) {
      const path = points.map((p, i) => `${x(i)},${y(p)}`).join(" ");
      svg.append(el("polyline", { points: path, fill: "none", stroke: "var(--jp-ui-font-color1, #333)", "stroke-width": 1.5 }));
    }
    if (cursor > 0 && cursor <= points.length) {
      svg.append(el("line", { x1: x(cursor - 1), x2: x(cursor - 1), y1: 0, y2: H, stroke: "var(--jp-brand-color1, #1976d2)" }));
    }
    points.forEach((p, i) => {
      const dot = el("circle", { cx: x(i), cy: y(p), r: labels[i] ? 5 : 3.5, fill: COLOURS[labels[i]] || "var(--jp-ui-font-color2, #666)", "data-ply": i + 1 });
      dot.style.cursor = "pointer";
      const title = el("title", {});
      title.textContent = `${i + 1}. ${moves[i] || ""}${labels[i] ? " (" + labels[i] + ")" : ""}`;
      dot.append(title);
      dot.addEventListener("click", () => jump(i + 1));
      svg.append(dot);
    });
    graph.replaceChildren(svg);
    const marks = model.get("marks") || [];
    list.replaceChildren(...moves.map((m, i) => {
      const item = document.createElement("li");
      item.textContent = m + (marks[i] || "");
      item.dataset.ply = i + 1;
      item.style.cursor = "pointer";
      if (labels[i]) item.style.color = COLOURS[labels[i]];
      if (i + 1 === cursor) item.style.fontWeight = "bold";
      item.addEventListener("click", () => jump(i + 1));
      return item;
    }));
  }
  draw();
  model.on("change", draw);
}

export default { render };
"""  # noqa: E501 - the front end as the browser reads it, a statement a line


class ReviewGraph(anywidget.AnyWidget):
    """The evaluation graph of a :class:`~playbook.analysis.review.Review`
    and its move list, live: ``points`` (the first player's expected
    score after each move), ``labels`` and ``moves`` (one a move),
    ``marks`` (``?!``, ``?``, ``??``) and ``cursor`` (the position
    marked: 0 the start, ``n`` after the n-th move), which a click on a
    point or a move sets."""

    _esm = _ESM
    points = traitlets.List(traitlets.Float()).tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
    marks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cursor = traitlets.Int(0).tag(sync=True)

    def __init__(self, review: Review, **kwargs):
        rows = review.rows
        super().__init__(points=review.advantage(), labels=[r["label"] for r in rows],
                         moves=[r["move"] for r in rows], marks=review.marks(), **kwargs)

    def __repr__(self) -> str:
        return f"ReviewGraph({len(self.moves)} moves, at {self.cursor})"


class ReviewBoard(ipywidgets.VBox):
    """A board holding the reviewed game, each move marked with its label
    in the board's move list, over its :class:`ReviewGraph`, kept in step:
    ``board`` (a :class:`~playbook.widget.BoardWidget`), ``graph``;
    :meth:`show` jumps both to a position and draws the best move there as
    an arrow."""

    def __init__(self, review: Review, **board_options):
        self.review = review
        self.board = BoardWidget(review.states[0], **board_options)
        for row in review.rows:
            self.board.play(row["move"])
        self.board.notes = review.marks()
        self.graph = ReviewGraph(review, cursor=len(review.rows))
        super().__init__([self.board, self.graph])
        self.graph.observe(lambda change: self.show(change["new"]), names=["cursor"])
        self.board.observe(lambda change: self.show(change["new"]), names=["cursor"])
        self.show(len(review.rows))

    def best_arrow(self, index: int) -> list[str]:
        """The cells of the engine's best move in position ``index`` (0 the
        start), or an empty list (the game is over there, or the move
        clicks fewer than two cells)."""
        if index >= len(self.review.rows):
            return []
        state = self.review.states[index]
        try:
            cells = state.parse_action(self.review.rows[index]["best"]).cells()
        except PlaybookError:  # a move that does not read back (sealed orders with a fresh salt)
            return []
        return cells if len(cells) >= 2 else []

    def show(self, index: int) -> None:
        """Show position ``index`` (0 the start, ``n`` after the n-th
        move) on the board and the graph, with the best move's arrow."""
        if self.board.cursor != index:
            self.board.jump(index)
        if self.graph.cursor != index:
            self.graph.cursor = index
        arrow = self.best_arrow(index)
        arrows = [arrow] if arrow else []
        if self.board.arrows != arrows:
            self.board.arrows = arrows

    def _repr_mimebundle_(self, **kwargs):
        # Beside the live view, the picture of its board, as a lone board
        # saves it: a saved notebook shows the board before anything runs.
        return with_picture(super()._repr_mimebundle_(**kwargs), self.board)

    def __repr__(self) -> str:
        return f"ReviewBoard({self.review.states[0].game.name}, {len(self.review.rows)} moves)"
