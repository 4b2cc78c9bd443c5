// The move list under the board.

import { el, shortText } from "./dom.js";
import { BOARD, SEND } from "./protocol.js";

// The review marks a move can carry, by the label they stand for.
const NOTE_CLASSES = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

// The moves, numbered by turns ("1." before the first player's move),
// each followed by its review mark ("?!", "?", "??") when it has one;
// a click on a move shows the position after it.  A number and its move
// share one item that never breaks, so the number is never wrapped away.
export function showMoves(widget) {
  const { model } = widget;
  const moves = model.get(BOARD.moves);
  const numbers = model.get(BOARD.numbers) || [];
  const notes = model.get(BOARD.notes) || [];
  const cursor = model.get(BOARD.cursor);
  const start = el("li", "pb-move pb-move-start", "start");
  start.title = "The first position";
  const entries = [start];
  const items = [start];
  moves.forEach((text, i) => {
    const item = shortText("pb-move", text);
    if (notes[i]) item.append(el("span", `pb-note pb-note-${NOTE_CLASSES[notes[i]] || "other"}`, notes[i]));
    const entry = el("li", "pb-turn");
    if (numbers[i]) entry.append(el("span", "pb-num", numbers[i]), " ");
    entry.append(item);
    entries.push(entry);
    items.push(item);
  });
  items.forEach((item, i) => {
    item.dataset.index = i;
    item.setAttribute("role", "button");
    if (i === cursor) {
      item.classList.add("pb-current");
      item.setAttribute("aria-current", "step");
    }
    if (i > cursor) item.classList.add("pb-future");
    item.addEventListener("click", () => model.send({ type: SEND.jump, index: i }));
  });
  widget.moveList.replaceChildren(...entries);
}
