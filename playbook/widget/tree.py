"""The tree of legal next steps a board sends its front end.

The front end narrows the tree on each click without asking the kernel;
a tree too large to send in one go leaves deeper levels out, and the
board sends them when asked (a ``"expand"`` message).  Too large means
more than :data:`TREE_BUDGET` steps, or more than :data:`TREE_SECONDS`
spent working them out: where each step is slow to find (a Cresnovian
Tectonic Failure with every piece elite, whose every step solves a
matching), the board answers at once and finds the deeper steps when
they are clicked.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from ..core import State, Step, StepOptions

__all__ = ["TREE_BUDGET", "TREE_SECONDS", "step_tree"]

#: Steps sent in one go; deeper levels of a larger tree are fetched on request.
TREE_BUDGET = 4000

#: Seconds spent finding steps in one go, past the first level; the rest are fetched on request.
TREE_SECONDS = 0.25


def step_tree(state: State, prefix: tuple[Step, ...] = (), budget: int = TREE_BUDGET,
              seconds: float = TREE_SECONDS) -> dict[str, Any]:
    """The tree of legal entries from ``prefix``, breadth first, as JSON:
    ``{"c": complete, "o": [[step, subtree or None], ...]}``.  A ``None``
    subtree was left out to respect ``budget`` (steps) or ``seconds``
    (the time spent below the first level) and can be asked for.  A
    named choice that alone is a whole action ending the game (resign)
    has ``"e"`` in its subtree: the result in words, for the board to ask
    before sending it."""
    began = time.perf_counter()
    root = _node(state.next_steps(prefix))
    queue: deque[tuple[dict[str, Any], tuple[Step, ...]]] = deque([(root, prefix)])
    spent = len(root["o"])
    while queue:
        node, path = queue.popleft()
        for entry in node["o"]:
            step = Step.from_json(entry[0])
            # A named choice at the root (resign, a draw offer) is always looked into: the board asks before
            # playing one that ends the game.
            late = time.perf_counter() - began > seconds and not (node is root and step.kind == "choice")
            if step.kind == "text" or spent >= budget or late:
                continue  # text is checked when entered; the rest is fetched later
            child = _node(state.next_steps(path + (step,)))
            entry[1] = child
            spent += max(1, len(child["o"]))
            queue.append((child, path + (step,)))
    if not prefix:
        for step_json, child in root["o"]:
            step = Step.from_json(step_json)
            if step.kind == "choice" and child is not None and child["c"] and not child["o"]:
                outcome = state.play(state.action_from_steps((step,))).outcome
                if outcome is not None:
                    child["e"] = str(outcome)
    return root


def _node(options: StepOptions) -> dict[str, Any]:
    return {"c": options.complete, "o": [[s.to_json(), None] for s in options.options]}
