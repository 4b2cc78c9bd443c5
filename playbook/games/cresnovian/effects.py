"""Carrying out an action: placements, travels, documents, and the
bookkeeping around a performance (what each ability does is its own, in
:mod:`.abilities`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Step
from .abilities import ABILITIES, CriticalRewind, InterpretativeDance, World
from .board import BASIC, INDEX, UMBRATIONS, Umbral, kingdom_of, neighbours

if TYPE_CHECKING:
    from .state import CresnovianState

# Each umbration's place in the rules' order, in which a position lists its pieces.
_ORDER = {u: k for k, u in enumerate(UMBRATIONS)}


def apply_action(s: CresnovianState, action: Action) -> CresnovianState:
    """The position after ``action`` (already known to be legal) in ``s``."""
    data = action.data
    kind = data[0]
    if kind == "place":
        _, u, cell = data
        pieces = tuple(sorted(s.pieces + (Umbral(u, cell, 3, "", cell),), key=lambda p: _ORDER[p.umbration]))
        return s.replace(pieces=pieces, phase="choose" if len(pieces) == 9 else "place",
                       turn="second" if len(pieces) == 9 else "first")
    if kind == "choose":
        return s.replace(phase="play", second_kingdom=data[1], turn="second")
    snapshot = s.snapshot
    nxt = "first" if s.turn == "second" else "second"
    common = dict(turn=nxt, forbid="", before=snapshot)
    if kind == "pass":
        return s.replace(last_travel="", last_turn="pass", **common)
    if kind == "document":
        home = s.kingdom()
        mine = [p for p in s.pieces if kingdom_of(p.cell) == home]
        top = max((p.q for p in mine), default=0)
        pieces = tuple(p.with_q(top) if kingdom_of(p.cell) == home and not p.dead else p for p in s.pieces)
        return s.replace(pieces=pieces, poem=s.poem + data[1], last_travel="", last_turn="document", **common)
    if kind == "travel":
        _, u, dest = data
        p = s.piece(u)
        distance = max(abs(dest // 9 - p.cell // 9), abs(dest % 9 - p.cell % 9))
        earned = distance if kingdom_of(p.cell) == s.kingdom() and p.status != "b" else 0
        moved = p.with_q(p.q + earned).moved(dest)
        pieces = tuple(moved if x.umbration == u else x for x in s.pieces)
        return s.replace(pieces=pieces, last_travel=u, last_turn=f"travel:{u}", **common)
    _, u, name, plan = data
    performer = s.piece(u)
    waived = any(s.monument_at(i) == u for i in neighbours(performer.cell))
    steps = tuple(Step(k, v) for k, v in plan)
    if CriticalRewind.name in (name, _danced(s, name, steps)):
        return CriticalRewind.rewound(s, u, waived, snapshot)
    world = World(s)
    ABILITIES[name].carry_out(world, performer, steps)
    if not waived:
        world.add_q(u, -1)
    return s.replace(pieces=world.pieces(), monuments=world.monuments_tuple(), word=world.word, poem=world.poem,
                   last_travel="", last_turn=f"perform:{u}", **common)


def _danced(s: CresnovianState, name: str, steps: tuple[Step, ...]) -> str:
    """The ability Caprice dances when ``name`` is Interpretative Dance ("" otherwise)."""
    if name != InterpretativeDance.name:
        return ""
    source = s.piece_at(INDEX[steps[0].value])
    assert source is not None
    return BASIC[source.umbration]
