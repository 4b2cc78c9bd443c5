"""Which actions are legal: every piece's moves and powers.

:func:`listed` gives every action that can be listed in full (all but
shield casting, which may repeat any number of times, and the Nice Flag's
moves and re-creation, which need a typed compliment; those are entered
step by step, and :func:`.entry.unlisted` lists them in a bounded form).
Each action carries a *plan* in ``data`` that :mod:`.effects` carries out.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from ...chains import jump_chains
from ...core import Action, Step
from .board import ALL, DIAG, DIRS, ORTH, WORDS
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
    """Cells next to a Nice Flag (the Flag's own cell only if another Flag
    is next to it); the same Flags freeze the same cells on a board of one
    size, so they are worked out once (``Rays.frozen``)."""
    flags = state.census.flags
    if not flags:
        return _NOTHING
    key = (state.game.reach, *flags)
    found = state.rays.frozen.get(key)
    if found is None:
        near = state.geo.ring8 if state.game.reach == "all" else state.geo.ring4
        found = state.rays.frozen[key] = frozenset().union(*(near[i] for i in flags))
    return found


_NOTHING: frozenset = frozenset()


def is_frozen(thing: Thing, cell: int, frozen) -> bool:
    """Whether ``thing`` on ``cell`` stands next to a Nice Flag."""
    if not frozen:
        return False
    if thing.kind in "TH":
        return any(c in frozen for c in thing.cells)
    return cell in frozen


class Generator:
    """Builds the listed actions of one state, picking moves and attacks
    ready-made from the board size's :class:`~.tables.Rays`."""

    def __init__(self, state):
        self.s = state
        self.board, self.side = state.board, state.side
        self.r = state.rays  # the board size's tables
        # The side's own ways, looked up once per board size and side.
        self.flat_dirs, self.flat_near, self.flat_jumps, self.stack_near = self.r.side(self.side)
        self.out: list[Action] = []
        self.add = self.out.append

    def run(self) -> list[Action]:
        """The listed actions of every piece of the side to move that is free to act."""
        frozen, board, side, add, flat_near = self.s.frozen, self.board, self.side, self.add, self.flat_near
        for i in self.s.census.cells[side]:
            t = board[i]
            code = t.code
            if code == "F":
                # A Flat, the commonest piece (so written out here): one step its ways, onto an empty
                # cell, an enemy or one of its own Flats, and hops over enemy Flats next to it.
                if frozen and i in frozen:
                    continue
                hop = False
                for j, move, attack in flat_near[i]:
                    u = board[j]
                    if u is None:
                        add(move)
                    elif u.owner != side:
                        add(attack)
                        hop = hop or u.code == "F"
                    elif u.code in ("F", "FF") and len(u.units) < 5:
                        add(move)
                if hop:
                    self._hops(i)
            elif code in "sl":
                if t.cells[0] == i and not (frozen and is_frozen(t, i, frozen)):
                    self.stick(i, t)
            elif frozen and i in frozen:
                continue
            elif code == "FF":
                self.flat_stack(i, t)
            elif code == "P":
                self.pyramid(i, t)
                if len(t.units) > 1:
                    self.unstack(i, t, DIAG)
            elif code == "Q":
                self.pyramid_stack(i, t)
            elif code == "C":
                self.cube(i)
            elif code == "R":
                self.ring(i, t)
            elif code == "B":
                self.rectangle(i)
        return self.out

    def _power(self, plan: tuple) -> None:
        """Add the action carrying out ``plan`` (made once per board size)."""
        a = self.r.powers.get(plan)
        if a is None:
            a = self.r.powers[plan] = _power_action(self.r.geo.names, self.r.steps, plan)
        self.add(a)

    # ---- columns: Flats, Flat Stacks, Pyramids and their stacks

    def _hops(self, start: int) -> None:
        """Every chain of hops of the Flat on ``start`` over single enemy
        Flats (the first its own ways, the later ones any way), each its
        own action; a Flat that lands next to a Nice Flag is frozen, so its
        chain ends there."""
        board, side, frozen, names, cs = self.board, self.side, self.s.frozen, self.r.geo.names, self.r.steps
        first, later = self.flat_jumps, self.r.all_jumps

        def jumps(here: int, hopped: tuple[int, ...]):
            for over, land in (later if hopped else first)[here]:
                u = board[over]
                if u is not None and u.owner != side and u.code == "F":
                    yield over, land, land not in frozen

        for path, hopped in jump_chains(start, jumps, lambda cell: board[cell] is None):
            self.add(Action("x".join(names[c] for c in path), tuple(cs[c] for c in path),
                            ("hop", start, path[1:], hopped)))

    def flat_stack(self, i: int, t: Thing) -> None:
        """A Flat Stack: one step forward or diagonally forward, and unstacking."""
        board, side, add = self.board, self.side, self.add
        for j, move, attack in self.stack_near[i]:
            u = board[j]
            if u is None:
                add(move)
            elif u.owner != side:
                add(attack)
            elif u.code == "F" and len(t.units) < 5:
                add(move)  # a Stack grows onto a single Flat
        self.unstack(i, t, self.flat_dirs)

    def _smaller_top(self, u: Thing, size: int) -> bool:
        """Whether ``u`` is topped by a Pyramid smaller than ``size`` that a
        Pyramid may not land on (any colour, unless the option allows
        attacking smaller enemy Pyramids)."""
        if not u.pyr:
            return False
        top = u.units[-1][0]
        if top == "F" or SIZE[top] >= size:
            return False
        return u.owner == self.side or not self.s.game.onto_smaller

    def pyramid(self, i: int, t: Thing) -> None:
        """A Pyramid or Constructed Pyramid: diagonal slides to the first piece in the way."""
        board, side, add, rays = self.board, self.side, self.add, self.r.by_dir
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
        for j, move, attack in self.r.all_near[i]:
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
        for flat_drops, choices in self.r.unstacks[i, t.units, dirs]:
            # Flats obey the height rule; Pyramids ignore it.
            for c, most in flat_drops:
                u = board[c]
                if u is not None and u.tall > most:
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
        board, add = self.board, self.add
        for ray in self.r.cube[i]:
            for j, move in ray:
                u = board[j]
                if u is None:
                    add(move)
                elif u.code in "Vs":
                    break  # standing sticks and Flags cannot be jumped

    def ring(self, i: int, t: Thing) -> None:
        """The Ring: orthogonal slides over empty cells, and Build Power."""
        board, add, rays = self.board, self.add, self.r.by_dir
        for d in ORTH:
            for j, move, _ in rays[d][i]:
                if board[j] is not None:
                    break
                add(move)
        if t.power < 5:
            self._power(("build", i))

    def stick(self, i: int, t: Thing) -> None:
        """A stick: falls when standing; rolls and stands up when laying
        (standing up only onto an empty cell)."""
        always, stands = self.r.sticks[t.cells, t.kind, self.s.game.fall]
        self.out.extend(always)
        board, add = self.board, self.add
        for j, action in stands:
            if board[j] is None:
                add(action)

    def rectangle(self, i: int) -> None:
        """A Rectangle: one cell any way, attacking whatever is there."""
        board, add = self.board, self.add
        for j, move, attack in self.r.all_near[i]:
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
            choices.append((tuple((c, SIZE[p]) for p, c in zip(order, line, strict=False) if c >= 0), action))
        out.append((flat_drops, tuple(choices)))
    return tuple(out)


def stick_table(geo, cs, made: dict, key: tuple) -> tuple:
    """A stick's actions that depend on no other piece, and the stand-up
    actions with the cell each needs empty, for a stick of ``kind`` on
    ``cells`` when falling keeps (``fall="keep"``) or leaves its base cell
    (``key``).  A standing stick falls any orthogonal way that keeps it on the
    board; a laying one rolls sideways while it stays on the board, and
    stands up beyond either end."""
    cells, kind, fall = key
    i, step = cells[0], geo.step

    def action(verb: str, d: str) -> Action:
        plan = (verb, i, d)
        found = made.get(plan)
        if found is None:
            found = made[plan] = _power_action(geo.names, cs, plan)
        return found

    if len(cells) == 1:
        reach = (3 if kind == "T" else 2) - (fall == "keep")  # cells covered beyond the base
        return tuple(action("fall", d) for d in ORTH if min(geo.line(i, d, reach)) >= 0), ()
    east_west = cells[1] - cells[0] == 1
    rolls = tuple(action("roll", d) for d in (("n", "s") if east_west else ("e", "w"))
                  if all(step[d][c] >= 0 for c in cells))
    ends = (("w", cells[0]), ("e", cells[-1])) if east_west else (("s", cells[0]), ("n", cells[-1]))
    return rolls, tuple((step[d][end], action("stand", d)) for d, end in ends if step[d][end] >= 0)


@cache
def _held(units: tuple) -> tuple[int, int, list[str]]:
    """For unstacking a column: Pyramids and Flats picked up, and the
    possible drop orders of the Pyramids (remembered)."""
    held = units[1:]
    pyr = [u[0] for u in held if u[0] != "F"]
    orders = ["".join(o) for o in permutations(pyr)] if len(pyr) > 1 else ["".join(pyr)]
    return len(pyr), len(held) - len(pyr), orders


def listed(state) -> list[Action]:
    """Every listable legal action of ``state`` (see the module docstring)."""
    return Generator(state).run()
