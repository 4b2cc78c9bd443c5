// Small makers of the widget's elements: tags, buttons and line icons.

const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element with an optional class and text. */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A long run of hexadecimal digits: a sealed post's digest or its salt.
const DIGEST = /\b([0-9a-f]{12})([0-9a-f]{20,})\b/g;

/**
 * A span holding `text`, each digest or salt in it shown as its first
 * twelve digits and an ellipsis: the rest stays in the text at no size
 * (board.css), so that a copy takes the whole of it, and a hover shows it.
 */
export function shortText(cls, text) {
  const node = el("span", cls);
  let last = 0;
  for (const m of text.matchAll(DIGEST)) {
    const cut = el("span", "pb-cut");
    cut.append(el("span", "", m[2]));
    node.append(text.slice(last, m.index) + m[1], cut);
    last = m.index + m[0].length;
  }
  node.append(text.slice(last));
  if (last) node.title = text;
  return node;
}

/** A plain button with a label, a hover title and what a press does. */
export function button(label, title, onClick) {
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

/** An SVG element with the given attributes ({name: value}, set in that order). */
export function svgNode(tag, attributes) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The icon `name` as a small SVG, hidden from screen readers. */
export function icon(name) {
  const svg = svgNode("svg", { viewBox: "0 0 16 16", class: "pb-icon", "aria-hidden": "true" });
  svg.appendChild(svgNode("path", { d: ICONS[name] }));
  return svg;
}
