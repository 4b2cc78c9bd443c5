"""Listing the legal actions fast.

:func:`listed_actions` gives exactly the actions that walking the step
entry (:mod:`.entry`) would list, but straight from precomputed tables:
rays and neighbours per cell, and every action object built once and
reused (an action's text and steps depend only on its parameters, so the
same ``travel A1 C3`` serves every position where it is legal).  A
performance's actions sit in one row per performing cell and ability,
indexed by their parameters as small numbers (a target cell, a cell and a
destination), so listing them is list indexing.  Steps are built only when
asked for.  ``tests/test_cresnovian_random.py`` checks on many random
positions that both give the same actions.

Abilities whose choices explode (:data:`~.entry.OPEN_ENDED`: Propaganda's
subsets, the per-piece moves of Flock Together and Tectonic Failure, and
Redefinition, whose count grows with the poem) are entered by steps and
not listed; :func:`redefinitions` lists Redefinitions of chosen poem words
from the same tables, for searches that want a sample of them.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import Action, Step
from .board import BASIC, CELLS, DIRECTIONS, DONE, ELITE, FOUNDATION, INDEX, ROWS, UMBRATIONS, kingdom_of, neighbours
from .entry import OPEN_ENDED, PASS, Entry, title

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
    def steps(self) -> tuple[Step, ...]:  # type: ignore[override]  # built on first use; no Action's steps change
        return self._head + tuple(Step(k, v) for k, v in self._plan)

    def __reduce__(self):
        return Listed, (self.text, self._head, self._plan, self.data)


_PLACE = {(u, i): Listed(f"place {u} {CELLS[i]}", (Step.choice(u, u.capitalize()), CELL_STEP[i]), (), ("place", u, i))
          for u in UMBRATIONS for i in FOUNDATION_CELLS}
_CHOOSE = [
    Listed(f"choose {k}", (Step.choice(k, f"{k.capitalize()} kingdom"),), (), ("choose", k)) for k in ("left", "right")
]
_PASS = Listed("pass", (PASS,), (), ("pass",))

# ---- travel: per umbration and cell, each ray as (cells, actions)

_TRAVEL: dict = {}


def _travel_rays(u: str, a: int) -> tuple:
    rays = _TRAVEL.get((u, a))
    if rays is None:
        rays = _TRAVEL[u, a] = tuple(
            (ray, tuple(Listed(f"travel {CELLS[a]} {CELLS[b]}", (CELL_STEP[a], CELL_STEP[b]), (), ("travel", u, b))
                        for b in ray))
            for ray in RAYS[a])
    return rays


# ---- performances: one row of actions per (performing cell, ability), indexed by parameters,
# each action made when first needed

def _cell(k):
    return (("cell", CELLS[k]),)


def _cell_amount(k):
    return ("cell", CELLS[k // 3]), ("choice", str(k % 3 + 1))


def _two_cells(k):
    return ("cell", CELLS[k // 27]), ("cell", CELLS[k % 27])


def _cell_monument(k):
    return ("cell", CELLS[k // 10]), ("choice", UMBRATIONS[k % 10] if k % 10 < 9 else "destroy")


def _nothing(k):
    return ()


#: How each listed ability's parameters are numbered: (row size, number -> plan).
_SHAPES = {
    "return-home": (27, _cell), "perfect-eternal": (27, _cell), "cut": (27, _cell), "breakdown": (27, _cell),
    "energize": (81, _cell_amount), "teleport": (729, _two_cells), "spectacle": (729, _two_cells),
    "go-berserk": (729, _two_cells), "build-monument": (270, _cell_monument),
    "critical-rewind": (1, _nothing), "ultraviolent-ray": (1, _nothing), "select-the-fit": (1, _nothing),
    "sum-of-all-knowledge": (1, _nothing), "repair": (1, _nothing),
}
_ROWS: dict = {}


def _make(u: str, pc: int, name: str, plan: tuple, words: str = "") -> Action:
    """The action ``perform <pc> <name> <plan values>``; ``words`` replaces
    the plan's values in the text when they differ (a danced ability)."""
    params = words or " ".join(v for _, v in plan)
    text = f"perform {CELLS[pc]} {name}" + (f" {params}" if params else "")
    return Listed(text, (CELL_STEP[pc], Step.choice(name, title(name))), plan, ("perform", u, name, plan))


def _row(u: str, pc: int, name: str) -> tuple[list[Action | None], Callable[[int], Action]]:
    """The actions of ``name`` performed by ``u`` on ``pc``, by parameter
    number (None where not made yet), and the function that makes one."""
    key = (u, pc, name)  # repair is every umbration's: the performer is part of the action
    found = _ROWS.get(key)
    if found is None:
        size, plan = _SHAPES[name]
        row: list[Action | None] = [None] * size

        def fill(k: int) -> Action:
            act = row[k] = _make(u, pc, name, plan(k))
            return act

        found = _ROWS[key] = (row, fill)
    return found


def _dance_row(pc: int, source: int, name: str) -> tuple[list, object]:
    """Caprice on ``pc`` dancing ``name``, the basic ability of the piece on ``source``."""
    key = (pc, name, source)
    found = _ROWS.get(key)
    if found is None:
        size, plan = _SHAPES[name]
        w = ("cell", CELLS[source])
        row: list[Action | None] = [None] * size

        def fill(k: int) -> Action:
            p = plan(k)
            words = f"{CELLS[source]} {name}" + "".join(f" {v}" for _, v in p)
            act = row[k] = _make("caprice", pc, "interpretative-dance", (w,) + p, words)
            return act

        found = _ROWS[key] = (row, fill)
    return found


_REDEFINITIONS: dict = {}


def _redefinition(pc: int, n: int, c: int) -> Action:
    act = _REDEFINITIONS.get((pc, n, c))
    if act is None:
        act = _REDEFINITIONS[pc, n, c] = _make("cosmos", pc, "redefinition", (("choice", str(n)), ("cell", CELLS[c])))
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

    # Each listed ability: its actions out of ``row`` (indexed as in
    # _SHAPES; ``fill`` makes one not made yet), with ``me`` performing
    # (Caprice when danced).

    def return_home(self, me, row, fill):
        blocked = self.blocked
        return [(row[p.cell] or fill(p.cell)) for p in self.pieces
                if p.home >= 0 and p.cell != p.home and not blocked[p.home]]

    def perfect_eternal(self, me, row, fill):
        return [(row[p.cell] or fill(p.cell)) for p in self.pieces]

    def cut(self, me, row, fill):
        return [(row[p.cell] or fill(p.cell)) for p in self.pieces if p.q]

    def breakdown(self, me, row, fill):
        return [(row[p.cell] or fill(p.cell)) for p in self.pieces if p.q and not p.status]

    def energize(self, me, row, fill):
        at = self.at
        out: list[Action] = []
        for i in AROUND[me.cell]:
            p = at[i]
            if p is not None and p.q and p.status != "e":
                out += [row[k] or fill(k) for k in range(3 * i, 3 * i + 3)]
        return out

    def critical_rewind(self, me, row, fill):
        return [(row[0] or fill(0))] if self.s.before else []

    def teleport(self, me, row, fill):
        blocked = self.blocked
        free = [i for i in range(27) if not blocked[i]]
        things = sorted([p.cell for p in self.pieces] + [c for c, _ in self.monuments])
        return [(row[t * 27 + f] or fill(t * 27 + f)) for t in things for f in free]

    def spectacle(self, me, row, fill):
        k = self.kingdom
        blocked = self.blocked
        theirs = [i for i in ZONE[OTHER[k]] if not blocked[i]]
        return [(row[p.cell * 27 + t] or fill(p.cell * 27 + t))
                for p in self.pieces if KINGDOM[p.cell] == k for t in theirs]

    def ultraviolent_ray(self, me, row, fill):
        return [(row[0] or fill(0))]

    def build_monument(self, me, row, fill):
        blocked, at, word_cell = self.blocked, self.at, self.word_cell
        out = []
        for i in NEIGHBOURS[me.cell]:
            if not blocked[i]:
                out += [row[k] or fill(k) for k in range(10 * i, 10 * i + 9)]
            elif at[i] is None and i != word_cell:
                out.append(row[10 * i + 9] or fill(10 * i + 9))
        return out

    def select_the_fit(self, me, row, fill):
        return [(row[0] or fill(0))]

    def sum_of_all_knowledge(self, me, row, fill):
        return [(row[0] or fill(0))]

    def go_berserk(self, me, row, fill):
        blocked = self.blocked
        mine = me.cell
        out = []
        for p in self.pieces:
            if p is me:
                continue
            base = 27 * p.cell
            out += [(row[base + j] or fill(base + j)) for j in NEIGHBOURS[p.cell] if not blocked[j] or j == mine]
        return out

    def free_for_word(self) -> list[int]:
        """Cells a Redefinition may put its word on: blank ones, and the
        cell of the word already on the field."""
        blocked, word_cell = self.blocked, self.word_cell
        return [i for i in range(27) if not blocked[i] or i == word_cell]

    # Open-ended abilities are not listed; whether they are possible still
    # matters for the start of an entry (and so for passing).

    def open_possible(self, me, name: str) -> bool:
        if name == "propaganda":
            return any(p.q and p.status != "e" for p in self.pieces)
        if name == "tectonic-failure":
            # Something moves: a live piece or monument with a neighbour that is neither a dead piece nor the
            # placed word (a moving neighbour can swap with it).
            stay = {p.cell for p in self.pieces if not p.q} | ({self.word_cell} if self.word_cell >= 0 else set())
            movers = [p.cell for p in self.pieces if p.q] + [c for c, _ in self.monuments]
            return any(d not in stay for c in movers for d in NEIGHBOURS[c])
        if name == "redefinition":
            return bool(self.s.poem) and bool(self.free_for_word())
        # Flock Together: another piece with the performer's Q (clarification 30).
        return any(p.q == me.q and p is not me for p in self.pieces)


_LISTERS = {name: getattr(_Board, name.replace("-", "_")) for name in list(BASIC.values()) + list(ELITE.values())
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
        u, cell, q = p.umbration, p.cell, p.q
        if q and u not in ban_travel:
            for ray, acts in _travel_rays(u, cell):
                k = 0
                for t in ray:
                    if blocked[t]:
                        break
                    k += 1
                if k:
                    out += acts[:k]
                    something = True
        if q < 3 or KINGDOM[cell] != kingdom or u == no_perform:
            continue
        if p.status == "b":
            row, fill = _row(u, cell, "repair")
            out.append(row[0] or fill(0))
            something = True
            continue
        for name in (BASIC[u], ELITE[u]) if q >= 9 else (BASIC[u],):
            if name in OPEN_ENDED:
                something = something or board.open_possible(p, name)
                continue
            if name == "interpretative-dance":
                acts, possible = _dances(board, p)
                something = something or possible
            else:
                acts = _LISTERS[name](board, p, *_row(u, cell, name))
            if acts:
                out += acts
                something = True
    if not something:
        return [_PASS]
    return out or first_completions(s)


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
        out += _LISTERS[name](board, me, *_dance_row(pc, p.cell, name))
    return out, possible or bool(out)


def redefinitions(s, words=None) -> list[Action]:
    """The legal Redefinitions of poem words number ``words`` (1 is the
    first; default: every word) onto every cell they may go to, each
    returning the word already on the field (if any) to the end of the
    poem.  Redefinition is entered by steps and not listed by
    ``legal_actions``, since its count grows with the poem; a search takes
    a few words from here (the word chosen changes only the poem, the cell
    changes what blocks travel)."""
    if s.outcome is not None or s.phase != "play" or not s.poem or s.forbid == "perform:cosmos":
        return []
    p = next((x for x in s.pieces if x.umbration == "cosmos"), None)
    if p is None or p.q < 9 or p.status == "b" or KINGDOM[p.cell] != s.kingdom():
        return []
    numbers = range(1, len(s.poem) + 1) if words is None else [n for n in words if 1 <= n <= len(s.poem)]
    free = _Board(s).free_for_word()
    return [_redefinition(p.cell, n, c) for n in numbers for c in free]


_DOCUMENT_WORDS = ("word",) * 9
_DOCUMENT = Action("document " + " ".join(_DOCUMENT_WORDS),
                   (Step.choice("document"), Step.text(" ".join(_DOCUMENT_WORDS), "nine words")),
                   ("document", _DOCUMENT_WORDS))
_PROPAGANDA: dict = {}


def first_completions(s) -> list[Action]:
    """One action for each first step of the entry (each piece that can
    act, and DOCUMENT), completed by taking the first option at every later
    step; DOCUMENT's nine words are nine times ``word``.  ``legal_actions``
    gives these where no action of the listed kinds exists but the player
    can still act (DOCUMENT, or an open-ended ability), so that a running
    game never lists nothing."""
    out = []
    for start in Entry(s, ()).options().options:
        prefix: tuple[Step, ...] = (start,)
        while True:
            options = Entry(s, prefix).options()
            if options.complete:
                break
            step = options.options[0]
            prefix += (_DOCUMENT.steps[1],) if step.kind == "text" else (step,)
        out.append(Entry(s, prefix).action())
    return out


def _propaganda(pc: int, targets: tuple) -> Action:
    act = _PROPAGANDA.get((pc, targets))
    if act is None:
        plan = tuple(("cell", CELLS[t]) for t in targets) + (("choice", DONE.value),)
        act = _PROPAGANDA[pc, targets] = Listed(
            f"perform {CELLS[pc]} propaganda " + " ".join(CELLS[t] for t in targets),
            (CELL_STEP[pc], Step.choice("propaganda", title("propaganda"))),
            plan,
            ("perform", "cognizance", "propaganda", plan),
        )
    return act


def sampled_actions(s) -> list[Action]:
    """A few of the actions ``legal_actions`` leaves out, for searches: one
    DOCUMENT (nine words ``word``: which words go into the poem changes
    nothing on the board), Propaganda by the Cognizance piece aimed at
    every live piece in the opponent's kingdom that it can reach, and the
    Redefinitions of the poem's first word (which word changes only the
    poem; the cell it goes to changes what blocks travel)."""
    if s.outcome is not None or s.phase != "play":
        return []
    out = [] if s.forbid == "document" else [_DOCUMENT]
    kingdom = s.kingdom()
    p = next((x for x in s.pieces if x.umbration == "cognizance"), None)
    if (p is not None and p.q >= 3 and p.status != "b" and KINGDOM[p.cell] == kingdom
            and s.forbid != "perform:cognizance"):
        theirs = OTHER[kingdom]
        targets = tuple(sorted(x.cell for x in s.pieces if KINGDOM[x.cell] == theirs and x.q and x.status != "e"))
        if targets:
            out.append(_propaganda(p.cell, targets))
    return out + redefinitions(s, (1,))
