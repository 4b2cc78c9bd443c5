"""Listing the legal actions fast.

:func:`listed_actions` gives exactly the actions that walking the step
entry (:mod:`.entry`) would list, but straight from precomputed tables:
rays and neighbours per cell, and every action object built once and
reused (an action's text and steps depend only on its parameters, so the
same ``travel A1 C3`` serves every position where it is legal).  Steps are
built only when asked for.  ``tests/test_cresnovian_random.py`` checks on
many random positions that both give the same actions.
"""

from __future__ import annotations

from ...core import Action, Step
from .board import BASIC, CELLS, DIRECTIONS, ELITE, FOUNDATION, INDEX, ROWS, UMBRATIONS, kingdom_of, neighbours
from .entry import OPEN_ENDED, PASS, title

KINGDOM = tuple(kingdom_of(i) for i in range(27))
NEIGHBOURS = tuple(tuple(neighbours(i)) for i in range(27))
AROUND = tuple((i,) + NEIGHBOURS[i] for i in range(27))  # a cell and its neighbours, the cell first
ZONE = {z: tuple(i for i in range(27) if KINGDOM[i] == z) for z in ("left", "world", "right")}
OTHER = {"left": "right", "right": "left"}
FOUNDATION_CELLS = tuple(INDEX[c] for c in FOUNDATION)
CELL_STEP = tuple(Step.cell(c) for c in CELLS)


def _rays(i: int) -> tuple[tuple[int, ...], ...]:
    r0, c0 = divmod(i, 9)
    out = []
    for dr, dc in DIRECTIONS:
        ray, r, c = [], r0 + dr, c0 + dc
        while 0 <= r < ROWS and 0 <= c < 9:
            ray.append(r * 9 + c)
            r, c = r + dr, c + dc
        if ray:
            out.append(tuple(ray))
    return tuple(out)


RAYS = tuple(_rays(i) for i in range(27))


class Listed(Action):
    """An action whose steps are built when first asked for."""

    __slots__ = ("_head", "_plan")

    def __init__(self, text: str, head: tuple, plan: tuple, data):
        self.text = text
        self.data = data
        self._head = head
        self._plan = plan

    @property
    def steps(self) -> tuple[Step, ...]:
        return self._head + tuple(Step(k, v) for k, v in self._plan)

    def __reduce__(self):
        return Listed, (self.text, self._head, self._plan, self.data)


_TRAVEL: dict = {}
_PERFORM: dict = {}
_PLACE = {(u, i): Listed(f"place {u} {CELLS[i]}", (Step.choice(u, u.capitalize()), CELL_STEP[i]), (), ("place", u, i))
          for u in UMBRATIONS for i in FOUNDATION_CELLS}
_CHOOSE = [Listed(f"choose {k}", (Step.choice(k, f"{k.capitalize()} kingdom"),), (), ("choose", k)) for k in ("left", "right")]
_PASS = Listed("pass", (PASS,), (), ("pass",))
_AMOUNTS = ("1", "2", "3")


def _travel(u: str, a: int, b: int) -> Action:
    key = (u, a * 27 + b)
    act = _TRAVEL.get(key)
    if act is None:
        act = _TRAVEL[key] = Listed(f"travel {CELLS[a]} {CELLS[b]}", (CELL_STEP[a], CELL_STEP[b]), (), ("travel", u, b))
    return act


def _perform(u: str, pc: int, name: str, plan: tuple, words: str = "") -> Action:
    """The action ``perform <pc> <name> <plan values>``; ``words`` replaces
    the plan's values in the text when they differ (a danced ability)."""
    key = (u, pc, name, plan, words)
    act = _PERFORM.get(key)
    if act is None:
        params = words or " ".join(v for _, v in plan)
        text = f"perform {CELLS[pc]} {name}" + (f" {params}" if params else "")
        act = _PERFORM[key] = Listed(text, (CELL_STEP[pc], Step.choice(name, title(name))), plan,
                                     ("perform", u, name, plan))
    return act


class _Board:
    """One position, read once into arrays."""

    __slots__ = ("s", "at", "blocked", "kingdom", "pieces", "monuments", "word_cell")

    def __init__(self, s):
        self.s = s
        at = [None] * 27
        blocked = [False] * 27
        for p in s.pieces:
            at[p.cell] = p
            blocked[p.cell] = True
        for c, _ in s.monuments:
            blocked[c] = True
        self.word_cell = s.word[0] if s.word else -1
        if s.word:
            blocked[s.word[0]] = True
        self.at, self.blocked = at, blocked
        self.kingdom = s.kingdom()
        self.pieces = s.pieces
        self.monuments = s.monuments

    # Each ability: the plans (parameters as ((kind, value), ...)) of its
    # listed actions, with ``me`` performing (Caprice when danced).

    def return_home(self, me):
        blocked = self.blocked
        return [(("cell", CELLS[p.cell]),) for p in self.pieces if p.home >= 0 and p.cell != p.home and not blocked[p.home]]

    def perfect_eternal(self, me):
        return [(("cell", CELLS[p.cell]),) for p in self.pieces]

    def cut(self, me):
        return [(("cell", CELLS[p.cell]),) for p in self.pieces if p.q]

    def breakdown(self, me):
        return [(("cell", CELLS[p.cell]),) for p in self.pieces if p.q and not p.status]

    def energize(self, me):
        at = self.at
        out = []
        for i in AROUND[me.cell]:
            p = at[i]
            if p is not None and p.q and p.status != "e":
                c = ("cell", CELLS[i])
                out += [(c, ("choice", n)) for n in _AMOUNTS]
        return out

    def redefinition(self, me):
        s = self.s
        if not s.poem:
            return []
        blocked, word_cell = self.blocked, self.word_cell
        free = [("cell", CELLS[i]) for i in range(27) if not blocked[i] or i == word_cell]
        return [(("choice", str(n)), c) for n in range(1, len(s.poem) + 1) for c in free]

    def critical_rewind(self, me):
        return [()] if self.s.before else []

    def teleport(self, me):
        blocked = self.blocked
        free = [("cell", CELLS[i]) for i in range(27) if not blocked[i]]
        things = sorted([p.cell for p in self.pieces] + [c for c, _ in self.monuments])
        return [(("cell", CELLS[t]), f) for t in things for f in free]

    def spectacle(self, me):
        k = self.kingdom
        blocked = self.blocked
        theirs = [("cell", CELLS[i]) for i in ZONE[OTHER[k]] if not blocked[i]]
        return [(("cell", CELLS[p.cell]), t) for p in self.pieces if KINGDOM[p.cell] == k for t in theirs]

    def ultraviolent_ray(self, me):
        return [()]

    def build_monument(self, me):
        blocked, at, word_cell = self.blocked, self.at, self.word_cell
        out = []
        for i in NEIGHBOURS[me.cell]:
            if not blocked[i]:
                c = ("cell", CELLS[i])
                out += [(c, ("choice", u)) for u in UMBRATIONS]
            elif at[i] is None and i != word_cell:
                out.append((("cell", CELLS[i]), ("choice", "destroy")))
        return out

    def select_the_fit(self, me):
        return [()]

    def sum_of_all_knowledge(self, me):
        return [()]

    def go_berserk(self, me):
        blocked = self.blocked
        mine = me.cell
        out = []
        for p in self.pieces:
            if p is me or not p.q:
                continue
            spots = [j for j in NEIGHBOURS[p.cell] if not blocked[j] or j == mine]
            if spots:
                c = ("cell", CELLS[p.cell])
                out += [(c, ("cell", CELLS[j])) for j in spots]
        return out

    # Open-ended abilities are not listed; whether they are possible still
    # matters for the start of an entry (and so for passing).

    def open_possible(self, me, name: str) -> bool:
        if name == "propaganda":
            return any(p.q and p.status != "e" for p in self.pieces)
        if name == "tectonic-failure":
            return True
        # Flock Together: room for every flocking piece.
        q = me.q
        flock = sum(1 for p in self.pieces if p.q == q and p is not me)
        taken = set(p.cell for p in self.pieces if p.q != q or p is me) | {c for c, _ in self.monuments}
        if self.word_cell >= 0:
            taken.add(self.word_cell)
        free = sum(1 for i in ZONE[self.kingdom] + ZONE["world"] if i not in taken)
        return free >= flock


_PLANS = {name: getattr(_Board, name.replace("-", "_")) for name in list(BASIC.values()) + list(ELITE.values())
          if name not in OPEN_ENDED and name != "interpretative-dance"}


def listed_actions(s) -> list[Action]:
    """The actions ``legal_actions`` lists (see :meth:`CresnovianState.legal_actions`)."""
    if s.outcome is not None:
        return []
    if s.phase == "place":
        placed = {p.umbration for p in s.pieces}
        free = [i for i in FOUNDATION_CELLS if s.piece_at(i) is None]
        return [_PLACE[u, i] for u in UMBRATIONS if u not in placed for i in free]
    if s.phase == "choose":
        return list(_CHOOSE)
    board = _Board(s)
    blocked = board.blocked
    out = []
    forbid = s.forbid
    no_travel = forbid[7:] if forbid.startswith("travel:") else s.last_travel
    ban_travel = {s.last_travel, no_travel}
    no_perform = forbid[8:] if forbid.startswith("perform:") else ""
    kingdom = board.kingdom
    something = forbid != "document"
    for p in s.pieces:
        u, cell = p.umbration, p.cell
        if p.q and u not in ban_travel:
            for ray in RAYS[cell]:
                for t in ray:
                    if blocked[t]:
                        break
                    out.append(_travel(u, cell, t))
                    something = True
        if p.q < 3 or KINGDOM[cell] != kingdom or u == no_perform:
            continue
        if p.status == "b":
            out.append(_perform(u, cell, "repair", ()))
            something = True
            continue
        for name in (BASIC[u], ELITE[u]) if p.q >= 9 else (BASIC[u],):
            if name in OPEN_ENDED:
                if name == "flock-together" and not any(x.q == p.q and x is not p for x in s.pieces):
                    out.append(_perform(u, cell, name, ()))  # nothing flocks: complete with no moves at all
                    something = True
                else:
                    something = something or board.open_possible(p, name)
                continue
            if name == "interpretative-dance":
                acts, possible = _dances(board, p)
                something = something or possible
            else:
                acts = [_perform(u, cell, name, plan) for plan in _PLANS[name](board, p)]
            if acts:
                out += acts
                something = True
    if not something:
        return [_PASS]
    return out


def _dances(board: _Board, me) -> tuple[list[Action], bool]:
    """Caprice (``me``) dancing the basic ability of each live piece in the
    World: the listed actions, and whether any dance is possible at all."""
    out = []
    possible = False
    pc = me.cell
    for p in board.pieces:
        if KINGDOM[p.cell] != "world" or not p.q or p.umbration == "caprice":
            continue
        name = BASIC[p.umbration]
        if name in OPEN_ENDED:  # Propaganda: entered by steps only
            possible = possible or board.open_possible(me, name)
            continue
        w = ("cell", CELLS[p.cell])
        for plan in _PLANS[name](board, me):
            words = f"{CELLS[p.cell]} {name}" + "".join(f" {v}" for _, v in plan)
            out.append(_perform("caprice", pc, "interpretative-dance", (w,) + plan, words))
    return out, possible or bool(out)
