// The board's front end.  The kernel sends the SVG and the tree of legal
// next steps; every click narrows the tree here, with no round trip, and
// only a finished action goes back to the kernel.
//
// Tree node: {c: complete, o: [[step, child or null], ...]}, a step being
// {kind: "cell" | "choice" | "text", value, label}.  A null child was not
// sent (the tree was too large) and is asked for with an "expand" message.

const SVGNS = "http://www.w3.org/2000/svg";

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

// The buttons a board may show, by the names of the Python side's `controls`:
// an icon and a word, the word also being the button's accessible name.
const CONTROLS = {
  undo: ["↶", "Undo", "Undo: back one move"],
  redo: ["↷", "Redo", "Redo: forward one move"],
  reset: ["⟲", "Reset", "Reset to the first position"],
  flip: ["⇅", "Flip", "Flip the board"],
  hint: ["💡", "Hint", "Hint: press once for where to start, twice for the whole move"],
};

function control(name, onClick) {
  const [icon, word, title] = CONTROLS[name];
  const b = el("button", `pb-btn pb-control pb-control-${name}`);
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-label", word);
  b.append(el("span", "pb-icon", icon), el("span", "pb-word", word));
  b.querySelector(".pb-icon").setAttribute("aria-hidden", "true");
  b.addEventListener("click", onClick);
  return b;
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
  root.append(title, status, board, details, picker, evaluation, adviceText, controls, moveList, curtain);

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
    for (const [step] of options()) {
      if (step.kind === "cell") target(layer, step.value);
    }
    const choices = options().filter(([s]) => s.kind === "choice");
    for (const [step] of choices) {
      picker.append(button(step.label || step.value, step.value, () => advance(step)));
    }
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

  // Named choices available before any click (offer a draw, pass, resign).
  function showTopChoices() {
    if (prefix.length > 0) return;
    const root = model.get("tree");
    for (const [step] of root.o || []) {
      if (step.kind === "choice" && choiceShown(step.value)) picker.append(button(step.label || step.value, step.value, () => advance(step)));
      if (step.kind === "text") {
        node = root;
        showOptions();
        return;
      }
    }
  }

  function cancel() {
    prefix = [];
    node = model.get("tree");
    waiting = false;
    sent = false;
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
    showOptions();
  }

  board.addEventListener("click", (event) => {
    if (waiting || sent) return; // an entry is with the kernel: its answer comes first
    const target = event.target.closest("[data-cell]");
    const id = target ? target.getAttribute("data-cell") : null;
    const hit = id && options().find(([s]) => s.kind === "cell" && s.value === id);
    if (hit) return advance(hit[0]);
    // A click off the targets cancels; on another piece it starts again there.
    const fresh = model.get("tree");
    const restart = id && prefix.length > 0 && (fresh.o || []).find(([s]) => s.kind === "cell" && s.value === id);
    cancel();
    if (restart) advance(restart[0]);
  });

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  });

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

  // The moves, numbered by turns ("1." before the first player's move);
  // a click on a move shows the position after it.
  function showMoves() {
    const moves = model.get("moves");
    const numbers = model.get("numbers") || [];
    const cursor = model.get("cursor");
    const items = [el("li", "pb-move pb-move-start", "start")];
    items[0].title = "The first position";
    moves.forEach((text, i) => {
      if (numbers[i]) items.push(el("li", "pb-num", numbers[i]));
      items.push(el("li", "pb-move", text));
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
    board.innerHTML = model.get("svg");
    sent = false;
    delete root.dataset.instant;
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
  showControls();
  showBoard();
  showDetails();
  showMoves();
  showCurtain();
  showEvaluation();
  fitWidth();
}

export default { render };
