"""Carrying out an action: placements, travels, documents, and the
bookkeeping around a performance (what each ability does is its own, in
:mod:`.abilities`)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ...core import Action, Step
from .abilities import ABILITIES, CriticalRewind, InterpretativeDance, Plan, World
from .board import BASIC, INDEX, KINGDOM, NEIGHBOURS, OTHER, STEPS_BETWEEN, UMBRATIONS, Umbral, kingdom_of, new_umbral

if TYPE_CHECKING:
    from .state import CresnovianState

# The umbrations before each one in the rules' order, in which a position lists its pieces.
_BEFORE = {u: frozenset(UMBRATIONS[:k]) for k, u in enumerate(UMBRATIONS)}
# Each umbration's place in that order.
_RANK = {u: k for k, u in enumerate(UMBRATIONS)}
# What a turn that travels or performs with each umbration leaves as the last turn.
_TRAVELLED = {u: f"travel:{u}" for u in UMBRATIONS}
_PERFORMED = {u: f"perform:{u}" for u in UMBRATIONS}


def apply_action(s: CresnovianState, action: Action) -> CresnovianState:
    """The position after ``action`` (already known to be legal) in ``s``."""
    data = action.data
    kind = data[0]
    if kind == "place":
        _, u, cell = data
        # The pieces stay in the rules' order of umbrations: the new one goes in after those before it.
        pieces = s.pieces
        before = _BEFORE[u]
        k = 0
        for p in pieces:
            if p.umbration not in before:
                break
            k += 1
        pieces = pieces[:k] + (new_umbral((u, cell, 3, "", cell)),) + pieces[k:]
        if len(pieces) == 9:
            return s.replace(pieces=pieces, phase="choose", turn="second")
        return s.replace(pieces=pieces, phase="place", turn="first")
    if kind == "choose":
        return s.replace(phase="play", second_kingdom=data[1], turn="second")
    snapshot = s.snapshot
    nxt = "first" if s.turn == "second" else "second"
    if kind == "travel":
        _, u, dest = data
        pieces = s.pieces
        k = _index_of(pieces, u)
        p = pieces[k]
        mover = s.second_kingdom if s.turn == "second" else OTHER[s.second_kingdom]  # as s.kingdom()
        earned = STEPS_BETWEEN[p.cell][dest] if KINGDOM[p.cell] == mover and p.status != "b" else 0
        q = p.q if p.status == "e" else p.q + earned  # eternal: 3Q for good
        moved = new_umbral((u, dest, q, p.status, p.home))
        return s.replace(pieces=pieces[:k] + (moved,) + pieces[k + 1:], last_travel=u, last_turn=_TRAVELLED[u],
                         turn=nxt, forbid="", before=snapshot)
    if kind == "pass":
        return s.replace(last_travel="", last_turn="pass", turn=nxt, forbid="", before=snapshot)
    if kind == "document":
        home = s.kingdom()
        mine = [p for p in s.pieces if kingdom_of(p.cell) == home]
        top = max((p.q for p in mine), default=0)
        pieces = tuple(p.with_q(top) if kingdom_of(p.cell) == home and not p.dead else p for p in s.pieces)
        return s.replace(pieces=pieces, poem=s.poem + data[1], last_travel="", last_turn="document", turn=nxt,
                         forbid="", before=snapshot)
    _, u, name, plan = data
    performer = s.pieces[_index_of(s.pieces, u)]
    around = NEIGHBOURS[performer.cell]
    waived = bool(s.monuments) and any(m == u and c in around for c, m in s.monuments)
    steps = _steps(plan)
    # A danced Critical Rewind is the dance's only step: Critical Rewind has no parameters.
    if name == CriticalRewind.name or (name == InterpretativeDance.name and len(steps) == 1
                                       and _danced(s, steps) == CriticalRewind.name):
        return CriticalRewind.rewound(s, u, waived, snapshot)
    world = World(s)
    ABILITIES[name].carry_out(world, performer, steps)
    if not waived:
        world.add_q(u, -1)
    return s.replace(pieces=world.pieces(), monuments=world.monuments_tuple(), word=world.word, poem=world.poem,
                     last_travel="", last_turn=_PERFORMED[u], turn=nxt, forbid="", before=snapshot)


def _index_of(pieces: tuple[Umbral, ...], u: str) -> int:
    """Where the ``u`` piece stands in ``pieces``: in play all nine stand
    there in the rules' order (clarification 28), so at ``u``'s rank."""
    k = _RANK[u]
    if k < len(pieces) and pieces[k].umbration == u:
        return k
    return next(k for k, p in enumerate(pieces) if p.umbration == u)


@cache
def _steps(plan: Plan) -> tuple[Step, ...]:
    """A performance's parameters as steps (the same few plans come up again and again in a search)."""
    return tuple(Step(k, v) for k, v in plan)


def _danced(s: CresnovianState, steps: tuple[Step, ...]) -> str:
    """The ability Caprice dances with the Interpretative Dance entered by ``steps``."""
    source = s.piece_at(INDEX[steps[0].value])
    assert source is not None
    return BASIC[source.umbration]
