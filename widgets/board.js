// The board's front end.  The kernel sends the SVG and the tree of legal
// next steps; every click narrows the tree here, with no round trip, and
// only a finished action goes back to the kernel.
//
// Tree node: {c: complete, o: [[step, child or null], ...]}, a step being
// {kind: "cell" | "choice" | "text", value, label}.  A null child was not
// sent (the tree was too large) and is asked for with an "expand" message.

const SVGNS = "http://www.w3.org/2000/svg";

// The review marks a move can carry, by the label they stand for.
const NOTE_CLASSES = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, title, onClick) {
  const b = el("button", "pb-btn", label);
  b.title = title;
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

// Icons drawn as lines on a 16-unit square, so that no font can lack them
// (a symbol or an emoji shows as an empty box where the font has no glyph).
const ICONS = {
  undo: "M6.5 3 2.5 7l4 4M2.5 7H10a3.5 3.5 0 0 1 0 7H7",
  redo: "M9.5 3l4 4-4 4M13.5 7H6a3.5 3.5 0 0 0 0 7h3",
  reset: "M13 8.5A5 5 0 1 1 11.2 4.2M12 1.5V5H8.5",
  flip: "M5 14V2M2 5l3-3 3 3M11 2v12M8 11l3 3 3-3",
  hint: "M6 11.5a4.5 4.5 0 1 1 4 0V13H6zM6.5 15h3",
  edit: "M2.5 13.5l1-3.5 7-7 2.5 2.5-7 7zM9.5 4l2.5 2.5",
  erase: "M9 2.5l4.5 4.5-6.5 6.5H4.5L2 11zM5.5 5.5l5 5M8 13.5h6",
};

function icon(name) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "pb-icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVGNS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.appendChild(path);
  return svg;
}

// The buttons a board may show, by the names of the Python side's `controls`:
// an icon and a word, the word also being the button's accessible name.
const CONTROLS = {
  undo: ["Undo", "Undo: back one move"],
  redo: ["Redo", "Redo: forward one move"],
  reset: ["Reset", "Reset to the first position"],
  flip: ["Flip", "Flip the board"],
  hint: ["Hint", "Hint: press once for where to start, twice for the whole move"],
};

function control(name, onClick) {
  const [word, title] = CONTROLS[name];
  const b = el("button", `pb-btn pb-control pb-control-${name}`);
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-label", word);
  b.append(icon(name), el("span", "pb-word", word));
  b.addEventListener("click", onClick);
  return b;
}

// The line a user can open under the board: what the mouse and keys do.
const HELP = [
  "Click a piece, then a target (or drag it there); click it again to let go.",
  "The right button marks a cell; dragged, it draws an arrow (a left click clears them).",
  "With the board focused, the left and right arrow keys step through the moves ([ and ] do too).",
  "Tab to the cells: the arrow keys move between them, Enter picks a piece and drops it, Esc lets go.",
  "Flip turns the board round.",
];

// The cell under a point of the screen, by geometry: the cell whose
// rectangle holds the point, whatever is drawn over it (a piece, its badges,
// a label printed on the cell, an overlay), so every part of a cell answers
// a click and a drop.  Null off the cells.
function cellUnder(board, x, y) {
  const svg = board.querySelector("svg");
  const m = svg && svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  let found = null;
  for (const rect of svg.querySelectorAll("[data-cell]")) {
    const rx = +rect.getAttribute("x"), ry = +rect.getAttribute("y");
    if (p.x >= rx && p.x < rx + +rect.getAttribute("width") && p.y >= ry && p.y < ry + +rect.getAttribute("height")) {
      found = rect.getAttribute("data-cell"); // the last drawn is on top
    }
  }
  return found;
}

function sameSteps(a, b) {
  return a.length === b.length && a.every((s, i) => s.kind === b[i].kind && s.value === b[i].value);
}

function render({ model, el: root }) {
  root.classList.add("pb-widget");
  root.tabIndex = 0;

  const title = el("div", "pb-title");
  const board = el("div", "pb-board-area");
  const picker = el("div", "pb-picker");
  const status = el("div", "pb-status");
  status.setAttribute("role", "status");
  const details = el("div", "pb-details");
  const controls = el("div", "pb-controls");
  const moveList = el("ol", "pb-moves");
  // A curtain over the whole widget while the position asks for one (a
  // simultaneous game handing a shared screen to the next player).
  const curtain = el("div", "pb-curtain");
  const curtainText = el("div", "pb-curtain-text");
  curtain.append(curtainText, button("Show the board", "I am the player named here", () => {
    curtain.hidden = true;
    root.focus();
  }));
  curtain.hidden = true;
  // The evaluation for the side to move and the hint, under the status line.
  const evaluation = el("div", "pb-eval");
  const adviceText = el("div", "pb-advice");
  // What the mouse and keys do, in one line that opens.
  const help = el("details", "pb-help");
  const helpText = el("div", "pb-help-text");
  helpText.append(...HELP.map((line) => el("p", "", line)));
  help.append(el("summary", "", "Right button draws arrows; arrow keys step through moves; Flip turns the board"), helpText);
  root.append(title, status, board, details, picker, evaluation, adviceText, controls, moveList, help, curtain);

  let prefix = []; // steps entered so far
  let node = null; // the tree node after prefix
  let waiting = false; // an "expand" request is out
  let refusals = 0; // refusals received, published for tests and scripts
  let occupied = new Set(); // cells holding a piece in the position shown
  let sent = false; // a finished entry went to the kernel, which has not answered yet

  function showControls() {
    const names = (model.get("controls") || []).filter((n) => n in CONTROLS);
    controls.replaceChildren(...names.map((n) => control(n, () => model.send({ type: n }))));
    controls.hidden = names.length === 0;
  }

  // Is the named choice `value` offered as a button before any click?
  function choiceShown(value) {
    const allowed = model.get("choices");
    return Array.isArray(allowed) ? allowed.includes(value) : allowed !== false;
  }

  function cellRect(id) {
    return board.querySelector(`[data-cell="${CSS.escape(id)}"]`);
  }

  function options() {
    return node ? node.o : [];
  }

  function clearMarks() {
    board.querySelectorAll(".pb-overlay").forEach((g) => g.remove());
  }

  function cellBox(id) {
    const rect = cellRect(id);
    if (!rect) return null;
    return {
      x: +rect.getAttribute("x"), y: +rect.getAttribute("y"),
      w: +rect.getAttribute("width"), h: +rect.getAttribute("height"),
    };
  }

  function mark(svg, layer, id, cls) {
    const box = cellBox(id);
    if (!box) return;
    const r = document.createElementNS(SVGNS, "rect");
    for (const [k, v] of [["x", box.x], ["y", box.y], ["width", box.w], ["height", box.h]]) r.setAttribute(k, v);
    r.setAttribute("class", cls);
    layer.appendChild(r);
  }

  // A target, as on Lichess: a small dot on an empty cell, a ring round
  // the cell's edge where a piece stands (a capture, a stack), so the
  // piece stays visible.  Which cells hold a piece comes from the kernel.
  function target(layer, id) {
    const box = cellBox(id);
    if (!box) return;
    const ring = occupied.has(id);
    const size = Math.min(box.w, box.h);
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("cx", box.x + box.w / 2);
    c.setAttribute("cy", box.y + box.h / 2);
    c.setAttribute("r", ring ? size * 0.45 : size * 0.15);
    if (ring) c.setAttribute("stroke-width", size * 0.09);
    c.setAttribute("class", ring ? "pb-hl-target pb-hl-ring" : "pb-hl-target pb-hl-dot");
    layer.appendChild(c);
  }

  // Show where the entry may go next: targets on the board, buttons for
  // named choices, a text box for typed text, "Stop here" when the entry is
  // already a whole action that could still go on.
  function showOptions() {
    clearMarks();
    picker.replaceChildren();
    const svg = board.querySelector("svg");
    if (!svg) return;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "pb-overlay");
    // Under the pieces, over the cells: a highlighted piece stays visible.
    svg.insertBefore(layer, svg.querySelector(".pb-pieces"));
    for (const s of prefix) if (s.kind === "cell") mark(svg, layer, s.value, "pb-hl-selected");
    if (prefix.length === 0) return; // nothing selected: the board just waits for a click
    showPicked();
    for (const [step] of options()) {
      if (step.kind === "cell") target(layer, step.value);
    }
    const choices = options().filter(([s]) => s.kind === "choice");
    for (const [step, child] of choices) picker.append(choiceButton(step, child));
    const text = options().find(([s]) => s.kind === "text");
    if (text) {
      const input = el("input", "pb-text");
      input.placeholder = text[0].label || "type here";
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") advance({ kind: "text", value: input.value, label: text[0].label });
        e.stopPropagation();
      });
      picker.append(input, button("OK", "Enter this text", () =>
        advance({ kind: "text", value: input.value, label: text[0].label })));
    }
    if (node && node.c && options().length > 0) {
      picker.append(button("Stop here", "End the action here", finish));
    }
    if (prefix.length > 0) picker.append(button("Cancel", "Cancel (Esc)", cancel));
  }

  // The named choices already picked in this entry (a piece to place, an
  // ability), shown as pressed buttons first in the row; pressing one again
  // takes the entry back to just before it.
  function showPicked() {
    prefix.forEach((step, i) => {
      if (step.kind !== "choice") return;
      const b = button(step.label || step.value, `${step.label || step.value}: picked (press to undo)`, () => {
        const kept = prefix.slice(0, i);
        cancel();
        for (const s of kept) advance(s);
      });
      b.classList.add("pb-pressed");
      b.setAttribute("aria-pressed", "true");
      picker.append(b);
    });
  }

  // Named choices available before any click (offer a draw, pass, resign).
  function showTopChoices() {
    if (prefix.length > 0) return;
    const root = model.get("tree");
    for (const [step, child] of root.o || []) {
      if (step.kind === "choice" && choiceShown(step.value)) picker.append(choiceButton(step, child));
      if (step.kind === "text") {
        node = root;
        showOptions();
        return;
      }
    }
  }

  // A button for a named choice.  One that ends the game (resign) asks
  // first, as on Lichess: the row then holds the question, Yes and No.
  function choiceButton(step, child) {
    const label = step.label || step.value;
    return button(label, step.value, () => {
      if (!child || !child.e) return advance(step);
      const question = el("span", "pb-confirm", `${label}? This ends the game (${child.e}).`);
      const yes = button(`Yes, ${label.toLowerCase()}`, `Confirm: ${label}`, () => advance(step));
      const no = button("No", "Go back to the game", cancel);
      picker.replaceChildren(question, yes, no);
      no.focus();
    });
  }

  function cancel() {
    prefix = [];
    node = model.get("tree");
    waiting = false;
    sent = false;
    putBack();
    showOptions();
    showTopChoices();
  }

  function finish() {
    const steps = prefix;
    showInstantMove(steps); // first, so the piece moves in the coming frame
    sent = true;
    status.textContent = "…";
    model.send({ type: "action", steps, position: model.get("position") });
  }

  // ---- instant moves: the piece shown on its target before the kernel answers

  // The drawn parts of what stands on the cell `id` alone.  Null when a
  // piece covering several cells touches it: such a move cannot be foreseen.
  function partsOn(id) {
    const svg = board.querySelector("svg");
    if (!svg) return null;
    const parts = [];
    for (const part of svg.querySelectorAll(".pb-pieces [data-cells]")) {
      const cells = part.getAttribute("data-cells").split(" ");
      if (!cells.includes(id)) continue;
      if (cells.length > 1) return null;
      parts.push(part);
    }
    return parts;
  }

  // An entry of cells only, from a cell with a piece to another cell, is
  // shown at once: the piece's parts move to the last cell (anything there
  // is hidden, as taken) and the move is tinted.  The kernel's board then
  // replaces this picture, and a refusal puts the old one back.  Entries
  // with named choices, typed text or pieces on several cells just wait.
  function showInstantMove(steps) {
    if (steps.length < 2 || steps.some((s) => s.kind !== "cell")) return false;
    const from = steps[0].value, to = steps[steps.length - 1].value;
    const moving = partsOn(from), taken = partsOn(to);
    const a = cellBox(from), b = cellBox(to);
    if (from === to || !moving || !moving.length || !taken || !a || !b) return false;
    clearMarks();
    picker.replaceChildren();
    const dx = b.x + b.w / 2 - (a.x + a.w / 2), dy = b.y + b.h / 2 - (a.y + a.h / 2);
    for (const part of taken) part.classList.add("pb-taken");
    const layer = moving[0].parentNode;
    for (const part of moving) {
      part.classList.remove("pb-slide");
      part.style.transform = `translate(${dx}px, ${dy}px)`;
      layer.appendChild(part); // drawn over the other pieces
    }
    const svg = board.querySelector("svg");
    svg.classList.add("pb-instant");
    const tint = document.createElementNS(SVGNS, "g");
    tint.setAttribute("class", "pb-overlay pb-instant-tint");
    svg.insertBefore(tint, svg.querySelector(".pb-pieces"));
    mark(svg, tint, from, "pb-hl-last");
    mark(svg, tint, to, "pb-hl-last");
    root.dataset.instant = `${from} ${to}`;
    return true;
  }

  function advance(step) {
    const entry = options().find(([s]) => s.kind === step.kind && (s.kind === "text" || s.value === step.value));
    if (!entry) return cancel();
    prefix = prefix.concat([step]);
    if (step.kind === "text") {
      // Typed text is judged by the kernel: send the entry as it stands.
      return finish();
    }
    const child = entry[1];
    if (child === null) {
      waiting = true;
      model.send({ type: "expand", prefix, position: model.get("position") });
      status.textContent = "…";
      return;
    }
    node = child;
    if (node.c && node.o.length === 0) return finish();
    follow();
    showOptions();
  }

  // An entry of cells that is already a whole move and may go on (a chain
  // of jumps): the piece stands on the last cell clicked while the next is awaited.
  function follow() {
    if (!node || !node.c || prefix.length < 2 || prefix.some((s) => s.kind !== "cell")) return;
    const from = prefix[0].value, to = prefix[prefix.length - 1].value;
    const parts = partsOn(from), box = cellBox(to);
    if (!parts || !parts.length || !box) return;
    carry(parts, from, box.x + box.w / 2, box.y + box.h / 2);
    displaced = parts;
  }

  // A click (or the end of a drag) on the cell `id`, or off the cells (null).
  function clickCell(id) {
    if (waiting || sent) return; // an entry is with the kernel: its answer comes first
    const hit = id && options().find(([s]) => s.kind === "cell" && s.value === id);
    if (hit) return advance(hit[0]);
    // The piece picked, clicked again: let go of it, as on Lichess.
    if (id && prefix.length === 1 && prefix[0].kind === "cell" && prefix[0].value === id) return cancel();
    // A click off the targets cancels; on another piece it starts again there.
    const fresh = model.get("tree");
    const restart = id && prefix.length > 0 && (fresh.o || []).find(([s]) => s.kind === "cell" && s.value === id);
    cancel();
    if (restart) advance(restart[0]);
  }

  // A press on the board focuses the board, not the cell under it: the
  // arrow keys then step through the moves, as on Lichess (the keyboard
  // reaches the cells with Tab).
  board.addEventListener("mousedown", (event) => {
    event.preventDefault();
    root.focus({ preventScroll: true });
  });

  board.addEventListener("click", (event) => {
    if (dragged) return; // the drag that just ended entered its steps itself
    clickCell(cellAt(event.clientX, event.clientY));
  });

  root.addEventListener("keydown", (event) => {
    const cell = event.target.getAttribute && board.contains(event.target) ? event.target.getAttribute("data-cell") : null;
    if (event.key === "Escape") cancel();
    else if (cell && (event.key === "Enter" || event.key === " ")) {
      // Enter on a cell: as a click there (pick a piece, drop it on a target).
      event.preventDefault();
      event.stopPropagation();
      clickCell(cell);
    } else if (cell && moveFocus(cell, event)) {
      event.preventDefault();
      event.stopPropagation();
    } else stepHistory(event, Boolean(cell));
  });

  // ---- a board a screen reader can read: each cell a button named for
  // the cell and what stands on it (the piece's words from the game's
  // view, which the drawing carries as the cell's hover text), one cell in
  // the tab order, the arrow keys moving between cells

  let focusId = null; // the cell in the tab order (the last one focused)

  function labelCells() {
    const svg = board.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", `${model.get("title")} board: ${model.get("status")}`);
    const cells = [...svg.querySelectorAll("[data-cell]")];
    if (!cells.some((c) => c.getAttribute("data-cell") === focusId)) focusId = cells.length ? cells[0].getAttribute("data-cell") : null;
    for (const rect of cells) {
      const id = rect.getAttribute("data-cell");
      const hover = rect.querySelector("title");
      const text = hover ? hover.textContent : "";
      const where = ` on ${id}`; // the words end with the cell, which the label names first
      const what = !text ? "empty" : text.endsWith(where) ? text.slice(0, -where.length) : text;
      rect.setAttribute("role", "button");
      rect.setAttribute("aria-label", `${id}: ${what}`);
      rect.setAttribute("tabindex", id === focusId ? "0" : "-1");
    }
  }

  // Focus the nearest cell in the direction of an arrow key, on the board as drawn.
  function moveFocus(id, event) {
    const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!dir || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
    const a = cellBox(id);
    if (!a) return false;
    const ax = a.x + a.w / 2, ay = a.y + a.h / 2;
    let best = null, bestScore = Infinity;
    for (const rect of board.querySelectorAll("svg [data-cell]")) {
      const other = rect.getAttribute("data-cell");
      const b = cellBox(other);
      const dx = b.x + b.w / 2 - ax, dy = b.y + b.h / 2 - ay;
      const along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] - dy * dir[0]);
      if (along <= 0.5) continue;
      const score = along + 3 * across; // straight on first, then the nearest row or column
      if (score < bestScore) [best, bestScore] = [rect, score];
    }
    if (best) focusCell(best.getAttribute("data-cell"));
    return true;
  }

  // A cell reached with Tab (or focused by a script) becomes the one in the tab order.
  board.addEventListener("focusin", (event) => {
    const id = event.target.getAttribute && event.target.getAttribute("data-cell");
    if (!id) return;
    const old = cellRect(focusId);
    if (old && old !== event.target) old.setAttribute("tabindex", "-1");
    focusId = id;
    event.target.setAttribute("tabindex", "0");
    root.dataset.focus = id;
  });

  function focusCell(id) {
    const rect = cellRect(id);
    if (rect) rect.focus(); // focusin keeps the tab order
  }

  // ---- drag and drop: a piece dragged to a target enters the same steps
  // as a click on the piece and a click on the target

  const DRAG_START = 5; // pixels a press travels before it becomes a drag
  let press = null; // the left press that may become a drag
  let dragged = false; // a drag has just ended: the click that follows is not one
  let displaced = []; // parts of a piece dropped on a cell while the entry goes on

  function cellAt(x, y) {
    return cellUnder(board, x, y);
  }

  function svgPoint(x, y) {
    const svg = board.querySelector("svg");
    const m = svg && svg.getScreenCTM();
    return m ? new DOMPoint(x, y).matrixTransform(m.inverse()) : null;
  }

  // The step that picks up the piece on `id`: it is selected already, or
  // an entry may start there.
  function pickUp(id) {
    if (prefix.length === 1 && prefix[0].kind === "cell" && prefix[0].value === id) return prefix[0];
    if (prefix.length > 1) return null; // in the middle of an entry: clicks only
    const entry = (model.get("tree").o || []).find(([s]) => s.kind === "cell" && s.value === id);
    return entry ? entry[0] : null;
  }

  function putBack() {
    for (const part of displaced) part.style.transform = "";
    displaced = [];
  }

  // Draw the parts of the piece picked up so their centre is at (x, y) on the board.
  function carry(parts, id, x, y) {
    const box = cellBox(id);
    const dx = x - (box.x + box.w / 2), dy = y - (box.y + box.h / 2);
    for (const part of parts) part.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    clearDrawings(); // a left click clears the arrows and marked cells
    if (waiting || sent || press) return;
    const id = cellAt(event.clientX, event.clientY);
    const step = id && pickUp(id);
    const parts = step && partsOn(id);
    if (!parts || !parts.length) return;
    press = { id, step, parts, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  });

  board.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.pointerId) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      press.dragging = true;
      board.setPointerCapture(event.pointerId);
      if (!(prefix.length === 1 && prefix[0].value === press.id)) {
        cancel();
        advance(press.step); // the piece is selected and its targets shown
      }
      const layer = press.parts[0].parentNode;
      for (const part of press.parts) {
        part.classList.remove("pb-slide");
        part.classList.add("pb-dragging");
        layer.appendChild(part); // over the other pieces
      }
      root.dataset.dragging = press.id;
    }
    const p = svgPoint(event.clientX, event.clientY);
    if (p) carry(press.parts, press.id, p.x, p.y);
    hover(cellAt(event.clientX, event.clientY));
  });

  // While a piece is dragged, the target under the pointer is lit, as on
  // Lichess: worked out here from the targets already shown, so moving
  // the pointer never asks the kernel anything.
  let hovered = null;
  function hover(id) {
    const target = id && id !== (press && press.id) && options().some(([s]) => s.kind === "cell" && s.value === id) ? id : null;
    if (target === hovered) return;
    hovered = target;
    board.querySelectorAll(".pb-hover-layer").forEach((g) => g.remove());
    if (target) {
      root.dataset.hover = target;
      const svg = board.querySelector("svg");
      const layer = document.createElementNS(SVGNS, "g");
      layer.setAttribute("class", "pb-hover-layer");
      svg.insertBefore(layer, svg.querySelector(".pb-pieces"));
      mark(svg, layer, target, "pb-hl-hover");
    } else {
      delete root.dataset.hover;
    }
  }

  function drop(event, onto) {
    if (!press || event.pointerId !== press.pointerId) return;
    const { id, parts, dragging } = press;
    press = null;
    hover(null);
    if (!dragging) return; // a plain click: the click event enters it
    dragged = true;
    setTimeout(() => (dragged = false)); // after the click this release brings
    if (board.hasPointerCapture(event.pointerId)) board.releasePointerCapture(event.pointerId);
    delete root.dataset.dragging;
    for (const part of parts) part.classList.remove("pb-dragging");
    const to = onto ? cellAt(event.clientX, event.clientY) : null;
    const hit = to && to !== id && options().find(([s]) => s.kind === "cell" && s.value === to);
    if (!hit) {
      // Off the targets the piece goes back and stays selected.
      for (const part of parts) part.style.transform = "";
      return;
    }
    const box = cellBox(to);
    carry(parts, id, box.x + box.w / 2, box.y + box.h / 2);
    displaced = parts;
    advance(hit[0]); // the same step as a click on the target
  }

  board.addEventListener("pointerup", (event) => drop(event, true));
  board.addEventListener("pointercancel", (event) => drop(event, false));

  // ---- slides: a move the kernel shows (an opponent's reply, undo, redo,
  // a step along the line) slides its piece from where it stood; a move
  // entered here is already in place and does not slide

  const reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  let drawnCursor = null; // the cursor of the board drawn last
  let slides = 0; // slides started, published for tests and scripts

  // The move to slide on the new board, as [from, to], or null.
  function slideFor(previous, instant) {
    const cursor = model.get("cursor");
    const trail = model.get("trail") || [];
    if (previous === null) return null;
    const forward = cursor === previous + 1, back = cursor === previous - 1;
    const cells = forward ? trail[cursor - 1] : back ? trail[cursor] : null;
    if (!cells || cells.length < 2) return null;
    const first = cells[0], last = cells[cells.length - 1];
    if (forward) return instant === `${first} ${last}` ? null : [first, last];
    return [last, first]; // a move taken back: its piece returns
  }

  function slide(from, to) {
    if (reducedMotion && reducedMotion.matches) return;
    const parts = partsOn(to);
    const a = cellBox(from), b = cellBox(to);
    if (!parts || !parts.length || !a || !b || from === to) return;
    const dx = a.x + a.w / 2 - (b.x + b.w / 2), dy = a.y + a.h / 2 - (b.y + b.h / 2);
    for (const part of parts) part.style.transform = `translate(${dx}px, ${dy}px)`;
    parts[0].getBoundingClientRect(); // lay out the start before the transition
    for (const part of parts) {
      part.classList.add("pb-slide");
      part.style.transform = "";
      part.addEventListener("transitionend", () => part.classList.remove("pb-slide"), { once: true });
    }
    slides += 1;
    root.dataset.slides = String(slides);
    root.dataset.slide = `${from} ${to}`;
  }

  // ---- drawings, as on Lichess: right-click marks a cell, right-drag
  // draws an arrow, a left click clears them; the kernel never sees them

  let drawings = []; // [from, to] pairs; from === to marks a cell
  let rightFrom = null;

  function showDrawings() {
    board.querySelectorAll(".pb-drawings").forEach((g) => g.remove());
    root.dataset.drawings = drawings.map(([a, b]) => (a === b ? a : `${a}>${b}`)).join(" ");
    const svg = board.querySelector("svg");
    if (!svg || !drawings.length) return;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "pb-drawings");
    svg.appendChild(layer); // over the pieces
    for (const [a, b] of drawings) {
      const p = cellBox(a), q = cellBox(b);
      if (!p || !q) continue;
      const size = Math.min(p.w, p.h);
      const x1 = p.x + p.w / 2, y1 = p.y + p.h / 2, x2 = q.x + q.w / 2, y2 = q.y + q.h / 2;
      if (a === b) {
        const c = document.createElementNS(SVGNS, "circle");
        for (const [k, v] of [["cx", x1], ["cy", y1], ["r", size * 0.44], ["stroke-width", size * 0.07]]) c.setAttribute(k, v);
        c.setAttribute("class", "pb-draw pb-draw-ring");
        layer.appendChild(c);
        continue;
      }
      const len = Math.hypot(x2 - x1, y2 - y1), ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = size * 0.42, half = size * 0.22;
      const bx = x2 - ux * head, by = y2 - uy * head;
      const line = document.createElementNS(SVGNS, "line");
      for (const [k, v] of [["x1", x1], ["y1", y1], ["x2", bx], ["y2", by], ["stroke-width", size * 0.16]]) line.setAttribute(k, v);
      line.setAttribute("class", "pb-draw pb-draw-line");
      const tip = document.createElementNS(SVGNS, "polygon");
      tip.setAttribute("points", `${x2},${y2} ${bx - uy * half},${by + ux * half} ${bx + uy * half},${by - ux * half}`);
      tip.setAttribute("class", "pb-draw pb-draw-head");
      layer.append(line, tip);
    }
  }

  function toggleDrawing(a, b) {
    const i = drawings.findIndex(([x, y]) => x === a && y === b);
    if (i >= 0) drawings.splice(i, 1);
    else drawings.push([a, b]);
    showDrawings();
  }

  function clearDrawings() {
    if (!drawings.length) return;
    drawings = [];
    showDrawings();
  }

  board.addEventListener("pointerdown", (event) => {
    if (event.button === 2) rightFrom = cellAt(event.clientX, event.clientY);
  });
  board.addEventListener("pointerup", (event) => {
    if (event.button !== 2 || rightFrom === null) return;
    const to = cellAt(event.clientX, event.clientY);
    if (to) toggleDrawing(rightFrom, to);
    rightFrom = null;
  });
  // The right button draws here: no browser or JupyterLab menu over the board.
  board.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    event.stopPropagation();
  });

  // ---- keyboard: with the board focused, the left and right arrows step
  // back and forth along the moves

  // On a focused cell the arrows move between cells, so there only [ and ] step.
  function stepHistory(event, onCell) {
    const step = (onCell ? { "[": -1, "]": 1 } : { ArrowLeft: -1, ArrowRight: 1, "[": -1, "]": 1 })[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    const index = model.get("cursor") + step;
    if (index >= 0 && index <= model.get("moves").length) model.send({ type: "jump", index });
  }

  model.on("msg:custom", (msg) => {
    if (msg.type === "refused") {
      // A move shown ahead of the kernel goes back where it was.
      if (root.dataset.instant !== undefined) showBoard();
      cancel();
      showStatus();
      refusals += 1;
      publishState();
      return;
    }
    if (msg.type === "subtree" && waiting && sameSteps(msg.prefix, prefix)) {
      waiting = false;
      node = msg.tree;
      showStatus();
      if (node.c && node.o.length === 0) return finish();
      follow();
      showOptions();
    }
  });

  // The status, once, above the board: whose turn, a refusal, or the
  // result as a banner when the game is over.
  function showStatus() {
    const error = model.get("error");
    const over = Boolean(model.get("over"));
    status.textContent = error || model.get("status");
    status.classList.toggle("pb-error", Boolean(error));
    status.classList.toggle("pb-over", over && !error);
    root.dataset.over = String(over);
  }

  function showDetails() {
    const lines = model.get("details") || [];
    details.replaceChildren(...lines.map((line) => el("div", "pb-detail", line)));
    details.hidden = lines.length === 0;
  }

  // The moves, numbered by turns ("1." before the first player's move),
  // each followed by its review mark ("?!", "?", "??") when it has one;
  // a click on a move shows the position after it.
  function showMoves() {
    const moves = model.get("moves");
    const numbers = model.get("numbers") || [];
    const notes = model.get("notes") || [];
    const cursor = model.get("cursor");
    const items = [el("li", "pb-move pb-move-start", "start")];
    items[0].title = "The first position";
    moves.forEach((text, i) => {
      if (numbers[i]) items.push(el("li", "pb-num", numbers[i]));
      const item = el("li", "pb-move", text);
      if (notes[i]) item.append(el("span", `pb-note pb-note-${NOTE_CLASSES[notes[i]] || "other"}`, notes[i]));
      items.push(item);
    });
    items.filter((item) => item.classList.contains("pb-move")).forEach((item, i) => {
      item.dataset.index = i;
      item.setAttribute("role", "button");
      if (i === cursor) {
        item.classList.add("pb-current");
        item.setAttribute("aria-current", "step");
      }
      if (i > cursor) item.classList.add("pb-future");
      item.addEventListener("click", () => model.send({ type: "jump", index: i }));
    });
    moveList.replaceChildren(...items);
  }

  // What the kernel last published, as attributes of the widget's element,
  // so that a test or a page script can wait for a position or a refusal
  // without reading the kernel.
  function publishState() {
    root.dataset.position = model.get("position");
    root.dataset.moves = String(model.get("moves").length);
    root.dataset.cursor = String(model.get("cursor"));
    root.dataset.refusals = String(refusals);
  }

  // The hint: the cells it names, lit on their own layer (a click on the
  // board clears the entry's marks, not the hint), and its words.
  function showAdvice() {
    board.querySelectorAll(".pb-hint-layer").forEach((g) => g.remove());
    const advice = model.get("advice") || {};
    const current = advice.position === model.get("position");
    const level = current ? advice.level || 0 : 0;
    root.dataset.hintLevel = String(level);
    adviceText.textContent = level ? advice.text || "" : "";
    adviceText.hidden = !level;
    const svg = board.querySelector("svg");
    if (!svg || !level) return;
    const layer = document.createElementNS(SVGNS, "g");
    layer.setAttribute("class", "pb-hint-layer");
    svg.insertBefore(layer, svg.querySelector(".pb-pieces"));
    for (const id of advice.cells || []) mark(svg, layer, id, "pb-hint");
  }

  function showEvaluation() {
    const text = model.get("evaluation") || "";
    evaluation.textContent = text;
    evaluation.hidden = !text;
  }

  function showBoard() {
    const instant = root.dataset.instant;
    const hadFocus = board.contains(document.activeElement) ? focusId : null;
    board.innerHTML = model.get("svg");
    labelCells();
    if (hadFocus) focusCell(hadFocus); // the keyboard stays where it was on the new board
    hovered = null;
    delete root.dataset.hover;
    sent = false;
    displaced = [];
    press = null;
    delete root.dataset.instant;
    delete root.dataset.dragging;
    occupied = new Set(model.get("occupied") || []);
    prefix = [];
    node = model.get("tree");
    waiting = false;
    title.textContent = model.get("title");
    showOptions();
    showTopChoices();
    showStatus();
    showAdvice();
    publishState();
    const move = slideFor(drawnCursor, instant);
    drawnCursor = model.get("cursor");
    if (move) slide(...move);
    showDrawings();
  }

  // The board, its tree and its position change together: draw once.
  let boardDue = false;
  function boardChanged() {
    if (boardDue) return;
    boardDue = true;
    queueMicrotask(() => {
      boardDue = false;
      showBoard();
    });
  }
  model.on("change:svg", boardChanged);
  model.on("change:tree", boardChanged);
  model.on("change:position", boardChanged);
  model.on("change:status", showStatus);
  model.on("change:over", showStatus);
  model.on("change:details", showDetails);
  model.on("change:numbers", showMoves);
  model.on("change:notes", showMoves);
  model.on("change:controls", showControls);
  model.on("change:choices", () => { if (prefix.length === 0) cancel(); });
  model.on("change:error", showStatus);
  model.on("change:moves", () => { showMoves(); publishState(); });
  model.on("change:cursor", () => { showMoves(); publishState(); });
  model.on("change:title", () => (title.textContent = model.get("title")));

  function showCurtain() {
    const text = model.get("curtain") || "";
    curtainText.textContent = text;
    curtain.hidden = !text;
  }

  // Boards much wider than the usual one (several boards side by side) may
  // use more of the page.
  function fitWidth() {
    const svg = board.querySelector("svg");
    const width = svg ? parseFloat(svg.getAttribute("width")) : 0;
    root.style.maxWidth = width > 640 ? `${Math.min(width, 1000)}px` : "";
  }

  model.on("change:curtain", showCurtain);
  model.on("change:advice", showAdvice);
  model.on("change:evaluation", showEvaluation);
  model.on("change:svg", fitWidth);
  positionEditor(model, root, board);
  showControls();
  showBoard();
  showDetails();
  showMoves();
  showCurtain();
  showEvaluation();
  fitWidth();
}

// The position editor: an "Edit position" button under the board and, while
// editing, a panel with the game's palette (each piece drawn as the board
// draws it, the kernel sending its picture, and named for screen readers and
// on hover; the picked piece shown pressed; "Empty", an eraser, to clear a cell), the side to move, the position text to copy,
// change or paste, and Done / Cancel.  A click on a cell places the picked
// piece there.  The kernel checks every edit against the game's own rules of
// notation; a refused edit leaves the position as it was and says why.
function positionEditor(model, root, board) {
  const open = button("", "Edit this position: place and remove pieces, set the side to move", () =>
    model.send({ type: "edit-start" }));
  open.append(icon("edit"), el("span", "pb-word", "Edit position"));
  open.classList.add("pb-edit-open", "pb-control");
  const panel = el("div", "pb-editor");
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-label", "Position editor");
  const tools = el("div", "pb-editor-row pb-palette");
  const sides = el("div", "pb-editor-row pb-sides");
  const text = el("textarea", "pb-position-text");
  text.rows = 3;
  text.spellcheck = false;
  text.setAttribute("aria-label", "Position text");
  text.addEventListener("keydown", (e) => e.stopPropagation());
  const error = el("div", "pb-edit-error");
  error.setAttribute("role", "alert");
  const actions = el("div", "pb-editor-row");
  actions.append(
    button("Apply text", "Read the position from the text box", () => model.send({ type: "edit-text", text: text.value })),
    button("Copy", "Copy the position text", () => {
      text.select();
      if (navigator.clipboard) navigator.clipboard.writeText(text.value).catch(() => document.execCommand("copy"));
      else document.execCommand("copy");
    }),
    button("Done", "Play from the edited position", () => model.send({ type: "edit-done" })),
    button("Cancel", "Leave the position as it was", () => model.send({ type: "edit-cancel" })),
  );
  panel.append(tools, sides, text, error, actions);
  board.after(open, panel);

  let tool = null; // the palette value picked; "" for Empty; null before any pick

  function showTools() {
    const palette = model.get("palette") || [];
    const entries = [{ value: "", label: "Empty" }].concat(palette);
    // Before any pick, or when the picked piece left the palette (other players): its first piece.
    if (tool === null || (tool !== "" && !palette.some((step) => step.value === tool))) {
      tool = palette.length ? palette[0].value : "";
    }
    tools.replaceChildren(...(palette.length ? entries.map((step) => {
      const name = step.label || step.value;
      const b = button("", step.value ? name : "Empty: clear a cell", () => {
        tool = step.value;
        showTools();
      });
      b.classList.add("pb-piece-button");
      b.setAttribute("aria-label", name);
      // Empty is the eraser; a piece sent without its picture shows its word.
      if (!step.value) b.append(icon("erase"));
      else if (step.picture) b.innerHTML = step.picture;
      else b.textContent = name;
      b.dataset.piece = step.value;
      b.classList.toggle("pb-pressed", step.value === tool);
      b.setAttribute("aria-pressed", String(step.value === tool));
      return b;
    }) : [el("span", "pb-editor-note", "Edit the position text below, then Apply text.")]));
    showSides();
  }

  // The side to move, one button per side, the current one pressed.
  function showSides() {
    const names = model.get("sides") || [];
    const mover = model.get("mover");
    sides.replaceChildren(...(names.length ? [el("span", "pb-editor-label", "To move:")].concat(names.map((side) => {
      const b = button(side, `${side} to move`, () => model.send({ type: "edit-mover", side }));
      b.dataset.side = side;
      b.classList.toggle("pb-pressed", side === mover);
      b.setAttribute("aria-pressed", String(side === mover));
      return b;
    })) : []));
    sides.hidden = names.length === 0;
  }

  function showEditing() {
    const editing = Boolean(model.get("editing"));
    panel.hidden = !editing;
    open.hidden = editing || !model.get("editor");
    root.dataset.editing = String(editing);
    if (editing) {
      showTools();
      text.value = model.get("position");
    }
  }

  function showError() {
    error.textContent = model.get("edit_error") || "";
    error.hidden = !error.textContent;
    root.dataset.editRefusals = String(Number(root.dataset.editRefusals || 0) + (error.textContent ? 1 : 0));
  }

  // While editing, a click on a cell edits it and never reaches the play handler.
  board.addEventListener("click", (event) => {
    if (!model.get("editing")) return;
    event.stopPropagation();
    const cell = cellUnder(board, event.clientX, event.clientY);
    if (!cell || !(model.get("palette") || []).length) return;
    model.send({ type: "edit-place", cell, piece: tool || null });
  }, true);

  // Enter on a focused cell edits it too, as a click would.
  board.addEventListener("keydown", (event) => {
    const cell = event.target.getAttribute && event.target.getAttribute("data-cell");
    if (!model.get("editing") || !cell || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    event.stopPropagation();
    if ((model.get("palette") || []).length) model.send({ type: "edit-place", cell, piece: tool || null });
  }, true);

  model.on("msg:custom", (msg) => {
    if (msg.type === "edit-refused") showError();
  });
  model.on("change:editing", showEditing);
  model.on("change:editor", showEditing);
  model.on("change:palette", showTools);
  model.on("change:sides", showSides);
  model.on("change:mover", showSides);
  model.on("change:position", () => {
    if (!model.get("editing")) return;
    text.value = model.get("position");
    // An edit may change no picture (the side to move): publish the position anyway.
    root.dataset.position = model.get("position");
  });
  model.on("change:edit_error", showError);
  showEditing();
  showError();
}

export default { render };
