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
    return frozenset(c for i in state.census()[1] for c in near[i])


def is_frozen(thing: Thing, cell: int, frozen) -> bool:
    """Whether ``thing`` on ``cell`` stands next to a Nice Flag."""
    if thing.kind in "TH":
        return any(c in frozen for c in thing.cells)
    return cell in frozen


class Generator:
    """Builds the listed actions of one state, picking moves and attacks
    ready-made from the board size's :class:`~.tables.Rays`."""

    def __init__(self, state):
        self.s = state
        self.geo = state.geo
        self.board = state.board
        self.side = state.side
        self.names = state.geo.names
        self.cs = state.geo_steps
        rays = state.rays
        self.rays = rays.by_dir
        self.made = rays.powers
        self.unstacks = rays.unstacks
        self.flat_dirs = forward_dirs(self.side, "flat")
        self.flat_near = rays.near(self.flat_dirs)
        self.flat_jumps = self.geo.jumps(self.flat_dirs)
        self.all_jumps = self.geo.jumps(ALL)
        self.stack_near = rays.near(forward_dirs(self.side, "stack"))
        self.all_near = rays.near(ALL)
        self.out: list[Action] = []
        self.add = self.out.append

    def run(self) -> list[Action]:
        """The listed actions of every piece of the side to move that is free to act."""
        frozen, board = self.s.frozen, self.board
        for i in self.s.census()[0][self.side]:
            t = board[i]
            k = t.kind
            if k in "TH":
                if t.cells[0] == i and not is_frozen(t, i, frozen):
                    self.stick(i, t)
            elif i in frozen:
                continue
            elif k == "col":
                units = t.units
                if len(units) == 1 and units[0][0] == "F":
                    self.flat(i)  # the commonest piece, without the column's dispatch
                else:
                    self.column(i, t)
            elif k == "C":
                self.cube(i)
            elif k == "R":
                self.ring(i, t)
            elif k == "B":
                self.rectangle(i)
        return self.out

    def _power(self, plan: tuple) -> None:
        """Add the action carrying out ``plan`` (made once per board size)."""
        a = self.made.get(plan)
        if a is None:
            a = self.made[plan] = _power_action(self.names, self.cs, plan)
        self.add(a)

    # ---- columns: Flats, Flat Stacks, Pyramids and their stacks

    def column(self, i: int, t: Thing) -> None:
        """Flats, Flat Stacks, Pyramids, Constructed Pyramids and Pyramid Stacks."""
        units = t.units
        if len(units) == 1:
            if units[0][0] == "F":
                self.flat(i)
            else:
                self.pyramid(i, t)
            return
        f, p = _shape(units)
        if not p:
            self.flat_stack(i, t)
        elif not f:
            self.pyramid(i, t)
            self.unstack(i, t, DIAG)
        else:
            self.pyramid_stack(i, t)

    def flat(self, i: int) -> None:
        """A Flat: one step a Flat's ways (onto empty, enemy or own Flats) and hops."""
        board, side, add = self.board, self.side, self.add
        hop = False
        for j, move, attack in self.flat_near[i]:
            u = board[j]
            if u is None:
                add(move)
            elif u.owner != side:
                add(attack)
                hop = hop or (u.kind == "col" and len(u.units) == 1 and u.units[0][0] == "F")
            elif u.kind == "col" and len(u.units) < 5 and not _shape(u.units)[1]:
                add(move)
        if hop:  # a first hop goes over an enemy Flat next to it, the Flat's own ways
            self._hops(i, [i], (), self.flat_jumps)

    def _hops(self, start: int, path: list[int], hopped: tuple, jumps) -> None:
        board, side = self.board, self.side
        for over, land in jumps[path[-1]]:
            u = board[over]
            if u is None or u.owner == side or u.kind != "col" or len(u.units) != 1 or u.units[0][0] != "F":
                continue
            if over in hopped or (board[land] is not None and land != start):
                continue
            new_path, new_hopped = path + [land], hopped + (over,)
            self.add(Action(
                "x".join(self.names[c] for c in new_path), tuple(self.cs[c] for c in new_path),
                ("hop", start, tuple(new_path[1:]), new_hopped)))
            self._hops(start, new_path, new_hopped, self.all_jumps)

    def flat_stack(self, i: int, t: Thing) -> None:
        """A Flat Stack: one step forward or diagonally forward, and unstacking."""
        board, side, add = self.board, self.side, self.add
        for j, move, attack in self.stack_near[i]:
            u = board[j]
            if u is None:
                add(move)
            elif u.owner != side:
                add(attack)
            elif u.kind == "col" and u.units == (("F", u.units[0][1]),) and len(t.units) < 5:
                add(move)  # a Stack grows onto a single Flat
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
        board, side, add, rays = self.board, self.side, self.add, self.rays
        through = self.s.game.pyramid_slide == "through"
        base = SIZE[t.units[0][0]]
        for d in DIAG:
            for j, move, attack in rays[d][i]:
                u = board[j]
                if u is None:
                    add(move)
                    continue
                if u.owner != side:
                    if not self._smaller_top(u, base):
                        add(attack)
                elif u.kind == "col":
                    top = u.units[-1][0]
                    if top == "F" or SIZE[top] > base:
                        add(move)
                elif u.kind != "C":
                    add(move)  # crushes its own piece
                if not through:
                    break

    def pyramid_stack(self, i: int, t: Thing) -> None:
        """A Pyramid Stack: one step any way onto empty cells or enemies, and unstacking."""
        board, side, add = self.board, self.side, self.add
        base = SIZE[_shape(t.units)[1][0]]
        for j, move, attack in self.all_near[i]:
            u = board[j]
            if u is None:
                add(move)
            elif u.owner != side and not self._smaller_top(u, base):
                add(attack)
        self.unstack(i, t, ALL)

    def unstack(self, i: int, t: Thing, dirs) -> None:
        """Unstacking: all but the bottom piece are dropped one a cell in a
        line, Pyramids first (in the order the player picks), then Flats
        from the top down."""
        board, add = self.board, self.add
        for flat_drops, choices in self.unstacks[i, t.units, dirs]:
            # Flats obey the height rule; Pyramids ignore it.
            for c, most in flat_drops:
                u = board[c]
                if u is not None and u.height() > most:
                    break
            else:
                for pyramid_drops, action in choices:
                    for c, size in pyramid_drops:
                        u = board[c]
                        if u is not None and self._smaller_top(u, size):
                            break  # never onto a smaller Pyramid
                    else:
                        add(action)

    # ---- the other pieces

    def cube(self, i: int) -> None:
        """The Cube: 1-5 cells orthogonally to an empty cell, over all but standing sticks and Flags."""
        board, add, rays = self.board, self.add, self.rays
        for d in ORTH:
            for j, move, _ in rays[d][i][:5]:
                u = board[j]
                if u is None:
                    add(move)
                elif u.kind == "N" or u.standing:
                    break  # standing sticks and Flags cannot be jumped

    def ring(self, i: int, t: Thing) -> None:
        """The Ring: orthogonal slides over empty cells, and Build Power."""
        board, add, rays = self.board, self.add, self.rays
        for d in ORTH:
            for j, move, _ in rays[d][i]:
                if board[j] is not None:
                    break
                add(move)
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
        board, add = self.board, self.add
        for j, move, attack in self.all_near[i]:
            add(move if board[j] is None else attack)


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


def unstack_table(names, cs, line_of, made: dict, key: tuple) -> tuple:
    """What unstacking the column ``units`` from cell ``i`` in ``dirs``
    (``key``) needs to know of the board, per direction: the cells Flats
    drop on with the greatest height each may find there, and per drop
    order the cells and sizes of the Pyramids' drops with the action."""
    i, units, dirs = key
    npyr, nflats, orders = _held(units)
    out = []
    for d in dirs:
        line = line_of(i, d, npyr + nflats)
        flat_drops = tuple((line[npyr + k], nflats - k) for k in range(nflats) if line[npyr + k] >= 0)
        choices = []
        for order in orders:
            plan = ("unstack", i, d, order)
            action = made.get(plan)
            if action is None:
                action = made[plan] = _power_action(names, cs, plan)
            choices.append((tuple((c, SIZE[p]) for p, c in zip(order, line) if c >= 0), action))
        out.append((flat_drops, tuple(choices)))
    return tuple(out)


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
