// The position editor: an "Edit position" button under the board and,
// while editing, a panel with the game's palette (each piece drawn as the
// board draws it, the kernel sending its picture, and named for screen
// readers and on hover; the picked piece shown pressed; "Empty", an
// eraser, to clear a cell), the side to move, the position text to copy,
// change or paste, and Done / Cancel.  A click on a cell places the picked
// piece there.  The kernel checks every edit against the game's own rules
// of notation; a refused edit leaves the position as it was and says why.

import { cellUnder } from "./cells.js";
import { button, el, icon } from "./dom.js";
import { ANSWER, BOARD, SEND, onChange } from "./protocol.js";

/** Add the position editor under `board` in the widget `root`. */
export function positionEditor(model, root, board) {
  const open = button("", "Edit this position: place and remove pieces, set the side to move", () =>
    model.send({ type: SEND.editStart }));
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
    button("Apply text", "Read the position from the text box", () => model.send({ type: SEND.editText, text: text.value })),
    button("Copy", "Copy the position text", () => {
      text.select();
      if (navigator.clipboard) navigator.clipboard.writeText(text.value).catch(() => document.execCommand("copy"));
      else document.execCommand("copy");
    }),
    button("Done", "Play from the edited position", () => model.send({ type: SEND.editDone })),
    button("Cancel", "Leave the position as it was", () => model.send({ type: SEND.editCancel })),
  );
  panel.append(tools, sides, text, error, actions);
  board.after(open, panel);

  let tool = null; // the palette value picked; "" for Empty; null before any pick

  function showTools() {
    const palette = model.get(BOARD.palette) || [];
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
    const names = model.get(BOARD.sides) || [];
    const mover = model.get(BOARD.mover);
    sides.replaceChildren(...(names.length ? [el("span", "pb-editor-label", "To move:")].concat(names.map((side) => {
      const b = button(side, `${side} to move`, () => model.send({ type: SEND.editMover, side }));
      b.dataset.side = side;
      b.classList.toggle("pb-pressed", side === mover);
      b.setAttribute("aria-pressed", String(side === mover));
      return b;
    })) : []));
    sides.hidden = names.length === 0;
  }

  function showEditing() {
    const editing = Boolean(model.get(BOARD.editing));
    panel.hidden = !editing;
    open.hidden = editing || !model.get(BOARD.editor);
    root.dataset.editing = String(editing);
    if (editing) {
      showTools();
      text.value = model.get(BOARD.position);
    }
  }

  function showError() {
    error.textContent = model.get(BOARD.edit_error) || "";
    error.hidden = !error.textContent;
    root.dataset.editRefusals = String(Number(root.dataset.editRefusals || 0) + (error.textContent ? 1 : 0));
  }

  // While editing, a click on a cell edits it and never reaches the play handler.
  board.addEventListener("click", (event) => {
    if (!model.get(BOARD.editing)) return;
    event.stopPropagation();
    const cell = cellUnder(board, event.clientX, event.clientY);
    if (!cell || !(model.get(BOARD.palette) || []).length) return;
    model.send({ type: SEND.editPlace, cell, piece: tool || null });
  }, true);

  // Enter on a focused cell edits it too, as a click would.
  board.addEventListener("keydown", (event) => {
    const cell = event.target.getAttribute && event.target.getAttribute("data-cell");
    if (!model.get(BOARD.editing) || !cell || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    event.stopPropagation();
    if ((model.get(BOARD.palette) || []).length) model.send({ type: SEND.editPlace, cell, piece: tool || null });
  }, true);

  model.on("msg:custom", (msg) => {
    if (msg.type === ANSWER.editRefused) showError();
  });
  onChange(model, [BOARD.editing, BOARD.editor], showEditing);
  onChange(model, [BOARD.palette], showTools);
  onChange(model, [BOARD.sides, BOARD.mover], showSides);
  onChange(model, [BOARD.position], () => {
    if (!model.get(BOARD.editing)) return;
    text.value = model.get(BOARD.position);
    // An edit may change no picture (the side to move): publish the position anyway.
    root.dataset.position = model.get(BOARD.position);
  });
  onChange(model, [BOARD.edit_error], showError);
  showEditing();
  showError();
}
