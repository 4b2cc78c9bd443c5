// The names the front end and the kernel share, from the one list both
// sides read (playbook/widget/protocol.json, which esbuild bundles in):
// every message type and every synced trait.  The other modules take their
// names from here and write none themselves; tests/test_protocol.py checks
// both sides against the list.

import protocol from "../../playbook/widget/protocol.json";

// A name on the wire ("edit-place") as a constant's key (editPlace).
const key = (name) => name.replace(/-(\w)/g, (_, c) => c.toUpperCase());

function names(listed) {
  return Object.freeze(Object.fromEntries(Object.keys(listed).map((name) => [key(name), name])));
}

/** The board's synced traits: `model.get(BOARD.svg)`. */
export const BOARD = names(protocol.traits.board);
/** What the review graph's `kind` trait holds: the bundle draws a graph for it. */
export const GRAPH_KIND = "review-graph";
/** The review graph's synced traits. */
export const GRAPH = names(protocol.traits[GRAPH_KIND]);
/** The types of the messages sent to the kernel: `model.send({ type: SEND.jump, index })`. */
export const SEND = names(protocol.from_browser);
/** The types of the messages the kernel sends back: `msg.type === ANSWER.refused`. */
export const ANSWER = names(protocol.to_browser);

/** Call `handler` whenever any of the `traits` changes. */
export function onChange(model, traits, handler) {
  for (const name of traits) model.on(`change:${name}`, handler);
}
