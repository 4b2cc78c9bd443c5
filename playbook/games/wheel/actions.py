"""Reading action texts.  Every action but ``end phase`` names its player:

- ``{Ann} create``, ``{Ann} populate``: the board actions, once per cycle;
- ``{Ann} commit <sha256 hex>``: Ann's sealed orders (move phase; a later
  commitment replaces an earlier one);
- ``{Ann} seal <salt>: <orders>``: the same commitment typed in the open on
  a shared screen (hot seat): the action is ``{Ann} commit <hash of the
  text>``, and the position keeps the text privately for the reveal;
- ``{Ann} pass``: Ann gives no orders this week (move phase; it withdraws
  a commitment, as a commitment replaces a pass: the last one counts);
- ``{Ann} reveal <salt>: <orders>``: the text behind Ann's commitment
  (resolve phase);
- ``{Ann} withhold``: Ann does not reveal, and so gives no orders;
- ``end phase``: the clock ends the current phase for everyone.
"""

from __future__ import annotations

import re

from ...core import Action, IllegalAction, NotationError, Step, checked_action
from .entry import sealed
from .orders import HASH_RE, checked_reveal, simple

ACTION_RE = re.compile(r"\{([^{}]*)\}\s+([a-z]+)(?:\s+(.*))?", re.S)
VERBS = ("create", "populate", "pass", "commit", "seal", "reveal", "withhold")
END = "end phase"
PHASE_OF = {"pass": "move", "commit": "move", "seal": "move", "reveal": "resolve", "withhold": "resolve"}


def end_action() -> Action:
    """The clock's action that ends the current phase for everyone."""
    return Action(END, (Step.choice("end-phase", "End the phase"),), ("end",))


def read_action(state, text: str) -> Action:
    """The legal action written ``text`` in ``state``, or NotationError /
    IllegalAction naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, not {type(text).__name__}")
    checked_action(text)
    state._refuse_if_over()
    text = text.strip()
    if text == END:
        return end_action()
    m = ACTION_RE.fullmatch(text)
    if not m:
        raise NotationError("an action is '{Name} verb ...' (create, populate, commit, pass, reveal, withhold) "
                            "or 'end phase'", text, 0)
    player, verb, rest = m.group(1), m.group(2), (m.group(3) or "").strip()
    if player not in state.players:
        raise IllegalAction(f"no player called {player!r} (players: {', '.join(state.players)})", rule="players")
    if verb not in VERBS:
        raise NotationError(f"unknown verb {verb!r}; use one of {', '.join(VERBS)}", text, m.start(2))
    if verb in ("create", "populate", "pass", "withhold") and rest:
        raise NotationError(f"'{verb}' takes nothing after it", text, m.start(3))
    need = PHASE_OF.get(verb)
    if need and state.phase != need:
        raise IllegalAction(f"'{verb}' belongs to the {need} phase; this is the {state.phase} phase", rule="phases")
    if verb == "create":
        if player in state.boards:
            raise IllegalAction(f"{player} has already created a standard board this cycle", rule="standard board")
        return simple(player, verb)
    if verb == "populate":
        if player not in state.boards:
            raise IllegalAction(f"{player} has no standard board to populate yet", rule="standard board")
        if player in state.populated:
            raise IllegalAction(f"{player} has already populated their board this cycle", rule="standard board")
        return simple(player, verb)
    if verb == "pass":
        if player in state.passed:
            raise IllegalAction(f"{player} has already passed this phase", rule="phases")
        return simple(player, verb)
    if verb == "commit":
        if not HASH_RE.fullmatch(rest):
            raise NotationError(
                "a commitment is 64 lowercase hex digits (a SHA-256)", text, m.start(3) if rest else len(text) - 1
            )
        return Action(f"{{{player}}} commit {rest}", (), ("commit", player, rest, None))
    if verb == "seal":
        return sealed(state, player, rest, text, m.start(3) if m.group(3) else len(text))
    if verb == "withhold":
        if player not in state.movers:
            raise IllegalAction(f"{player} has no commitment left to reveal", rule="hidden orders")
        return simple(player, verb)
    # reveal
    if state.commitment_of(player) is None:
        raise IllegalAction(f"{player} committed no orders this week, so has nothing to reveal", rule="hidden orders")
    if player not in state.movers:
        raise IllegalAction(f"{player} has already revealed or withheld this week", rule="hidden orders")
    return checked_reveal(state, player, rest, text, m.start(3) if m.group(3) else len(text))
