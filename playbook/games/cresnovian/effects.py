"""Carrying out an action: travels, documents and what each ability does."""

from __future__ import annotations

from dataclasses import replace

from ...core import Action, Step
from .board import BASIC, CELLS, INDEX, UMBRATIONS, Umbral, kingdom_of, neighbours
from .entry import move_dest

# Each umbration's place in the rules' order, in which a position lists its pieces.
_ORDER = {u: k for k, u in enumerate(UMBRATIONS)}

def apply_action(s, action: Action):
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
    snapshot = s.snapshot()
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
    if name == "critical-rewind" or (name == "interpretative-dance" and _danced(s, steps) == "critical-rewind"):
        restored = s.game.parse(s.before)
        if not waived:
            pieces = tuple(x.with_q(x.q - 1) if x.umbration == u else x for x in restored.pieces)
            restored = restored.replace(pieces=pieces)
        forbid = "" if s.last_turn == "pass" else s.last_turn
        return restored.replace(forbid=forbid, last_travel="", last_turn=f"perform:{u}", before=snapshot)
    world = _World(s)
    if name == "repair":
        world.set(u, status="")
    else:
        _effect(world, performer, name, steps)
    if not waived:
        world.add_q(u, -1)
    return s.replace(pieces=world.pieces(), monuments=world.monuments_tuple(), word=world.word, poem=world.poem,
                   last_travel="", last_turn=f"perform:{u}", **common)


def _danced(s, steps) -> str:
    source = s.piece_at(INDEX[steps[0].value])
    return BASIC[source.umbration]


class _World:
    """A mutable copy of the board for carrying out an ability."""

    def __init__(self, s):
        self.s = s
        self.by_u = {p.umbration: p for p in s.pieces}
        self.monuments = dict(s.monuments)
        self.word = s.word
        self.poem = s.poem

    def at(self, cell: int) -> Umbral | None:
        return next((p for p in self.by_u.values() if p.cell == cell), None)

    def set(self, u: str, **changes) -> None:
        self.by_u[u] = replace(self.by_u[u], **changes)

    def add_q(self, u: str, delta: int) -> None:
        self.by_u[u] = self.by_u[u].with_q(self.by_u[u].q + delta)

    def set_q(self, u: str, q: int) -> None:
        self.by_u[u] = self.by_u[u].with_q(q)

    def pieces(self) -> tuple:
        return tuple(sorted(self.by_u.values(), key=lambda p: UMBRATIONS.index(p.umbration)))

    def monuments_tuple(self) -> tuple:
        return tuple(sorted(self.monuments.items()))


def _effect(w: _World, performer: Umbral, name: str, steps: tuple[Step, ...]) -> None:
    s = w.s
    cell = lambda k: INDEX[steps[k].value]  # noqa: E731

    def on(i: int) -> Umbral:
        """The piece on cell ``i`` (the entry checked that one stands there)."""
        found = w.at(i)
        assert found is not None, f"no piece on {CELLS[i]}"
        return found

    def target(k: int) -> Umbral:
        """The piece on the ``k``-th step's cell."""
        return on(cell(k))

    if name == "return-home":
        p = target(0)
        w.set(p.umbration, cell=p.home)
    elif name == "perfect-eternal":
        p = target(0)
        w.set(p.umbration, q=3, status="e")
    elif name == "cut":
        p = target(0)
        w.set_q(p.umbration, p.q // 2)
    elif name == "breakdown":
        w.set(target(0).umbration, status="b")
    elif name == "energize":
        p = target(0)
        w.set_q(p.umbration, p.q + int(steps[1].value))
        if p.status == "b":
            w.set(p.umbration, status="")
    elif name == "propaganda":
        for x in steps:
            if x.kind == "cell":
                w.add_q(on(INDEX[x.value]).umbration, -1)
    elif name == "flock-together":
        moves = [x.value.split(">") for x in steps if ">" in x.value]
        flock = []
        for a, b in moves:
            bird = s.piece_at(INDEX[a])  # where it stood before the ability
            assert bird is not None, f"no piece on {a}"
            flock.append((bird.umbration, INDEX[b]))
        for u, dest in flock:
            w.set(u, cell=dest)
    elif name == "redefinition":
        n = int(steps[0].value) - 1
        poem = list(w.poem)
        new_word = poem.pop(n)
        if w.word:
            # The returned word goes before the word the player chose, by default at the end.
            place = int(steps[2].value) - 1 if len(steps) > 2 else len(poem)
            poem.insert(place, w.word[1])
        w.poem = tuple(poem)
        w.word = (cell(1), new_word)
    elif name == "teleport":
        src, dst = cell(0), cell(1)
        moving = w.at(src)
        if moving is not None:
            w.set(moving.umbration, cell=dst)
        else:
            w.monuments[dst] = w.monuments.pop(src)
    elif name == "spectacle":
        w.monuments[cell(1)] = target(0).umbration
    elif name == "ultraviolent-ray":
        row = performer.cell // 9
        for p in list(w.by_u.values()):
            if p.cell // 9 == row and p.umbration != performer.umbration and p.q > 1:
                w.set_q(p.umbration, 1)
        w.monuments = {c: u for c, u in w.monuments.items() if c // 9 != row}
    elif name == "build-monument":
        if steps[1].value == "destroy":
            del w.monuments[cell(0)]
        else:
            w.monuments[cell(0)] = steps[1].value
    elif name == "tectonic-failure":
        movers = sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])
        pieces_at = {p.cell: p.umbration for p in s.pieces}
        old_monuments = dict(s.monuments)
        new_monuments = {c: u for c, u in old_monuments.items() if c not in movers}
        for at, x in zip(movers, steps, strict=False):
            dest = move_dest(x.value, at)
            piece = s.piece_at(at)
            if at in pieces_at and piece is not None and not piece.dead:
                w.set(pieces_at[at], cell=dest)
            else:
                new_monuments[dest] = old_monuments[at]
        w.monuments = new_monuments
    elif name == "select-the-fit":
        for p in list(w.by_u.values()):
            if p.q < 9:
                w.set_q(p.umbration, 0)
    elif name == "interpretative-dance":
        source = target(0)
        _effect(w, performer, BASIC[source.umbration], steps[1:])
    elif name == "go-berserk":
        victim = target(0)
        w.set(performer.umbration, cell=cell(1))
        w.add_q(victim.umbration, -9)
        w.add_q(performer.umbration, -9)
    elif name == "sum-of-all-knowledge":
        w.add_q(performer.umbration, len(w.monuments))
