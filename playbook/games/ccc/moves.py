"""Which actions are legal: every piece's moves and powers.

:func:`listed` gives every action that can be listed (all but shield
casting, which may repeat any number of times, and the Nice Flag's moves
and re-creation, which need a typed compliment; those are entered step by
step, see :mod:`.entry`).  Each action carries a *plan* in ``data`` that
:mod:`.effects` carries out.
"""

from __future__ import annotations

from itertools import permutations

from ...core import Action, Step
from .board import ALL, DIAG, DIRS, ORTH, WORDS, forward_dirs
from .pieces import SIZE, Thing, _shape

PASS = Step.choice("pass", "Pass (nothing can move)")
UNSTACK = Step.choice("unstack", "Unstack")
BUILD = Step.choice("build", "Build Power")
SHIELD = Step.choice("shield", "Cast Shields")
VERBS = {"fall": "Fall", "roll": "Roll", "stand": "Stand up"}
DIR_STEPS = {d: Step.choice(d, WORDS[d].capitalize()) for d in DIRS}
VERB_STEPS = {v: Step.choice(v, label) for v, label in VERBS.items()}
ORDER_STEPS = {p: Step.choice(p, {"S": "Small", "M": "Medium", "L": "Large"}[p] + " next") for p in "SML"}


def frozen_cells(state) -> frozenset:
    """Cells next to a Nice Flag (the Flag's own cell only if another Flag is next to it)."""
    near = state.geo.ring8 if state.game.reach == "all" else state.geo.ring4
    out = set()
    for i, t in enumerate(state.board):
        if t is not None and t.kind == "N":
            out.update(near[i])
    return frozenset(out)


def is_frozen(thing: Thing, cell: int, frozen) -> bool:
    """Whether ``thing`` on ``cell`` stands next to a Nice Flag."""
    if thing.kind in "TH":
        return any(c in frozen for c in thing.cells)
    return cell in frozen


class Generator:
    """Builds the listed actions of one state."""

    def __init__(self, state):
        self.s = state
        self.geo = state.geo
        self.board = state.board
        self.side = state.side
        self.names = state.geo.names
        self.cs = state.geo_steps
        self.made = state.geo.actions
        self.flat_dirs = forward_dirs(self.side, "flat")
        self.stack_dirs = forward_dirs(self.side, "stack")
        self.out: list[Action] = []

    def run(self) -> list[Action]:
        """The listed actions of every piece of the side to move that is free to act."""
        frozen = self.s.frozen
        for i, t in enumerate(self.board):
            if t is None or t.owner != self.side or is_frozen(t, i, frozen):
                continue
            k = t.kind
            if k == "col":
                self.column(i, t)
            elif k == "C":
                self.cube(i)
            elif k == "R":
                self.ring(i, t)
            elif k in "TH":
                if t.cells[0] == i:
                    self.stick(i, t)
            elif k == "B":
                self.rectangle(i)
        return self.out

    # ---- helpers

    def _move(self, i: int, j: int, attack: bool) -> None:
        key = (i << 13) | (j << 1) | attack
        a = self.made.get(key)
        if a is None:
            sep = "x" if attack else "-"
            a = self.made[key] = Action(self.names[i] + sep + self.names[j], (self.cs[i], self.cs[j]), ("move", i, j))
        self.out.append(a)

    def _power(self, plan: tuple) -> None:
        """Add the action carrying out ``plan`` (made once per board size)."""
        a = self.made.get(plan)
        if a is None:
            a = self.made[plan] = _power_action(self.names, self.cs, plan)
        self.out.append(a)

    # ---- columns: Flats, Flat Stacks, Pyramids and their stacks

    def column(self, i: int, t: Thing) -> None:
        """Flats, Flat Stacks, Pyramids, Constructed Pyramids and Pyramid Stacks."""
        f, p = _shape(t.units)
        if not p:
            if f == 1:
                self.flat(i, t)
            else:
                self.flat_stack(i, t)
        elif not f:
            self.pyramid(i, t)
            if len(p) > 1:
                self.unstack(i, t, DIAG)
        else:
            self.pyramid_stack(i, t)

    def flat(self, i: int, t: Thing) -> None:
        """A Flat: one step a Flat's ways (onto empty, enemy or own Flats) and hops."""
        board, side = self.board, self.side
        for j in self.geo.nbrs(self.flat_dirs)[i]:
            u = board[j]
            if u is None:
                self._move(i, j, False)
            elif u.owner != side:
                self._move(i, j, True)
            elif u.kind == "col" and len(u.units) < 5 and not _shape(u.units)[1]:
                self._move(i, j, False)
        self._hops(i, [i], (), self.flat_dirs)

    def _hops(self, start: int, path: list[int], hopped: tuple, dirs) -> None:
        board, side = self.board, self.side
        here = path[-1]
        for over, land in self.geo.jumps(dirs)[here]:
            if over in hopped:
                continue
            u = board[over]
            if u is None or u.owner == side or u.kind != "col" or len(u.units) != 1 or u.units[0][0] != "F":
                continue
            if board[land] is not None and land != start:
                continue
            new_path, new_hopped = path + [land], hopped + (over,)
            self.out.append(Action(
                "x".join(self.names[c] for c in new_path), tuple(self.cs[c] for c in new_path),
                ("hop", start, tuple(new_path[1:]), new_hopped)))
            self._hops(start, new_path, new_hopped, ALL)

    def flat_stack(self, i: int, t: Thing) -> None:
        """A Flat Stack: one step forward or diagonally forward, and unstacking."""
        board, step, side = self.board, self.geo.step, self.side
        for d in self.stack_dirs:
            j = step[d][i]
            if j < 0:
                continue
            u = board[j]
            if u is None:
                self._move(i, j, False)
            elif u.owner != side:
                self._move(i, j, True)
            elif u.kind == "col" and u.units == (("F", u.units[0][1]),) and len(t.units) < 5:
                self._move(i, j, False)  # a Stack grows onto a single Flat
        self.unstack(i, t, self.flat_dirs)

    def _smaller_top(self, u: Thing, size: int) -> bool:
        """Whether ``u`` is topped by a Pyramid smaller than ``size`` that a
        Pyramid may not land on (any colour, unless the option allows
        attacking smaller enemy Pyramids)."""
        if u.kind != "col":
            return False
        top = u.units[-1][0]
        if top == "F" or SIZE[top] >= size:
            return False
        return u.owner == self.side or not self.s.game.onto_smaller

    def pyramid(self, i: int, t: Thing) -> None:
        """A Pyramid or Constructed Pyramid: diagonal slides to the first piece in the way."""
        board, step, side = self.board, self.geo.step, self.side
        through = self.s.game.pyramid_slide == "through"
        base = SIZE[t.units[0][0]]
        for d in DIAG:
            j = step[d][i]
            while j >= 0:
                u = board[j]
                if u is None:
                    self._move(i, j, False)
                else:
                    if u.owner != side:
                        if not self._smaller_top(u, base):
                            self._move(i, j, True)
                    elif u.kind == "col":
                        top = u.units[-1][0]
                        if top == "F" or SIZE[top] > base:
                            self._move(i, j, False)
                    elif u.kind != "C":
                        self._move(i, j, False)  # crushes its own piece
                    if not through:
                        break
                j = step[d][j]

    def pyramid_stack(self, i: int, t: Thing) -> None:
        """A Pyramid Stack: one step any way onto empty cells or enemies, and unstacking."""
        board, step, side = self.board, self.geo.step, self.side
        base = SIZE[_shape(t.units)[1][0]]
        for d in ALL:
            j = step[d][i]
            if j < 0:
                continue
            u = board[j]
            if u is None:
                self._move(i, j, False)
            elif u.owner != side and not self._smaller_top(u, base):
                self._move(i, j, True)
        self.unstack(i, t, ALL)

    def unstack(self, i: int, t: Thing, dirs) -> None:
        """Unstacking: all but the bottom piece are dropped one a cell in a
        line, Pyramids first (in the order the player picks), then Flats
        from the top down."""
        npyr, nflats, orders = _held(t.units)
        n = npyr + nflats
        board, line_of = self.board, self.geo.line
        for d in dirs:
            line = line_of(i, d, n)
            # Flats obey the height rule; Pyramids ignore it.
            ok = True
            for k in range(nflats):
                c = line[npyr + k]
                if c >= 0:
                    u = board[c]
                    if u is not None and u.height() > nflats - k:
                        ok = False
                        break
            if not ok:
                continue
            for order in orders:
                if npyr and not self._pyramid_drops_ok(order, line):
                    continue
                self._power(("unstack", i, d, order))

    def _pyramid_drops_ok(self, order: str, line: list[int]) -> bool:
        for p, c in zip(order, line):
            if c < 0:
                continue
            u = self.board[c]
            if u is not None and self._smaller_top(u, SIZE[p]):
                return False  # never onto a smaller Pyramid
        return True

    # ---- the other pieces

    def cube(self, i: int) -> None:
        """The Cube: 1-5 cells orthogonally to an empty cell, over all but standing sticks and Flags."""
        board, step = self.board, self.geo.step
        for d in ORTH:
            j = i
            for _ in range(5):
                j = step[d][j]
                if j < 0:
                    break
                u = board[j]
                if u is None:
                    self._move(i, j, False)
                elif u.kind == "N" or u.standing:
                    break  # standing sticks and Flags cannot be jumped

    def ring(self, i: int, t: Thing) -> None:
        """The Ring: orthogonal slides over empty cells, and Build Power."""
        board, step = self.board, self.geo.step
        for d in ORTH:
            j = step[d][i]
            while j >= 0 and board[j] is None:
                self._move(i, j, False)
                j = step[d][j]
        if t.power < 5:
            self._power(("build", i))

    def stick(self, i: int, t: Thing) -> None:
        """A stick: falls when standing; rolls and stands up when laying."""
        step, board = self.geo.step, self.board
        length = 3 if t.kind == "T" else 2
        if t.standing:
            keep = self.s.game.fall == "keep"
            for d in ORTH:
                line = self.geo.line(i, d, length - 1 if keep else length)
                if min(line) < 0:
                    continue
                self._power(("fall", i, d))
            return
        cells = t.cells
        flat = cells[1] - cells[0] == 1  # east-west
        for d in (("n", "s") if flat else ("e", "w")):
            if all(step[d][c] >= 0 for c in cells):
                self._power(("roll", i, d))
        for d, end in ((("w", cells[0]), ("e", cells[-1])) if flat else (("s", cells[0]), ("n", cells[-1]))):
            j = step[d][end]
            if j >= 0 and board[j] is None:
                self._power(("stand", i, d))

    def rectangle(self, i: int) -> None:
        """A Rectangle: one cell any way, attacking whatever is there."""
        step, board = self.geo.step, self.board
        for d in ALL:
            j = step[d][i]
            if j >= 0:
                self._move(i, j, board[j] is not None)


def _power_action(names, cs, plan: tuple) -> Action:
    """The action of a power's plan: its text and steps."""
    kind, i = plan[0], plan[1]
    if kind == "build":
        return Action(f"{names[i]} build", (cs[i], BUILD), plan)
    d = plan[2]
    if kind == "unstack":
        order = plan[3]
        text = f"{names[i]} unstack {d}" + (f" {order}" if len(order) > 1 else "")
        return Action(text, (cs[i], UNSTACK, DIR_STEPS[d]) + tuple(ORDER_STEPS[p] for p in order[:-1]), plan)
    return Action(f"{names[i]} {kind} {d}", (cs[i], VERB_STEPS[kind], DIR_STEPS[d]), plan)


_HELD: dict = {}


def _held(units: tuple) -> tuple[int, int, list[str]]:
    """For unstacking a column: Pyramids and Flats picked up, and the
    possible drop orders of the Pyramids."""
    found = _HELD.get(units)
    if found is None:
        held = units[1:]
        pyr = [u[0] for u in held if u[0] != "F"]
        orders = ["".join(o) for o in permutations(pyr)] if len(pyr) > 1 else ["".join(pyr)]
        found = _HELD[units] = (len(pyr), len(held) - len(pyr), orders)
    return found


def listed(state) -> list[Action]:
    """Every listable legal action of ``state`` (see the module docstring)."""
    return Generator(state).run()
