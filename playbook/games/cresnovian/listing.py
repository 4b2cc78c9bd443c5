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

Abilities whose choices explode (:data:`~.abilities.OPEN_ENDED`: Propaganda's
subsets, the per-piece moves of Flock Together and Tectonic Failure, and
Redefinition, whose count grows with the poem) are entered by steps and
not listed, but for one Flock Together for each choice of the pieces that
end in the kingdom (``listed_plans``: at most 70); :func:`redefinitions`
lists Redefinitions of chosen poem words from the same tables, for
searches that want a sample of them.
"""

from __future__ import annotations

from functools import cache

from ...core import Action, Step
from .abilities import ABILITIES, Board, InterpretativeDance, moves_text
from .abilities.base import Fill
from .board import BASIC, CELL_STEP, CELLS, DIRECTIONS, DONE, ELITE, FOUNDATION, INDEX, KINGDOM, OTHER, ROWS, UMBRATIONS
from .entry import PASS, Entry
from .phrases import title

FOUNDATION_CELLS = tuple(INDEX[c] for c in FOUNDATION)


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
        """The steps that enter the action, made when first asked for."""
        return self._head + tuple(Step(k, v) for k, v in self._plan)

    @steps.setter
    def steps(self, value: tuple[Step, ...]) -> None:
        # Action declares steps writable; a listed action's are worked out from its plan, so they stay read-only.
        raise AttributeError("a listed action's steps are worked out from its plan and cannot be set")

    def __reduce__(self):
        return Listed, (self.text, self._head, self._plan, self.data)


# Each umbration's placements, by foundation cell.
_PLACE = {u: {i: Listed(f"place {u} {CELLS[i]}", (Step.choice(u, u.capitalize()), CELL_STEP[i]), (), ("place", u, i))
              for i in FOUNDATION_CELLS} for u in UMBRATIONS}
_CHOOSE = [Listed(f"choose {k}", (Step.choice(k, f"{k.capitalize()} kingdom"),), (), ("choose", k))
           for k in ("left", "right")]
_PASS = Listed("pass", (PASS,), (), ("pass",))

# ---- travel: per umbration and cell, each ray as (cells, actions)


@cache
def _travel_rays(u: str, a: int) -> tuple[tuple[tuple[int, ...], tuple[Action, ...]], ...]:
    """The ``u`` piece's travels from ``a``: each ray's cells and the travels to them."""
    return tuple(
        (ray, tuple(Listed(f"travel {CELLS[a]} {CELLS[b]}", (CELL_STEP[a], CELL_STEP[b]), (), ("travel", u, b))
                    for b in ray))
        for ray in RAYS[a])


# ---- performances: one row of actions per (performing cell, ability), indexed by parameters
# (numbered as the ability's ``shape`` says), each action made when first needed

def _make(u: str, pc: int, name: str, plan: tuple, words: str | None = None) -> Action:
    """The action ``perform <pc> <name> <plan values>``; ``words`` replaces
    the plan's values in the text when they differ (a danced ability, moves
    that stay)."""
    params = " ".join([v for _, v in plan]) if words is None else words
    text = f"perform {CELLS[pc]} {name}" + (f" {params}" if params else "")
    return Listed(text, (CELL_STEP[pc], _ability_step(name)), plan, ("perform", u, name, plan))


@cache
def _ability_step(name: str) -> Step:
    """The step that picks the ability ``name``."""
    return Step.choice(name, title(name))


@cache
def _row(u: str, pc: int, name: str) -> tuple[list[Action | None], Fill]:
    """The actions of ``name`` performed by ``u`` on ``pc``, by parameter
    number (None where not made yet), and the function that makes one.
    Repair is every umbration's: the performer is part of the action."""
    size, plan = ABILITIES[name].shape
    row: list[Action | None] = [None] * size

    def fill(k: int) -> Action:
        act = row[k] = _make(u, pc, name, plan(k))
        return act

    return row, fill


@cache
def _dance_row(pc: int, source: int, name: str) -> tuple[list[Action | None], Fill]:
    """Caprice on ``pc`` dancing ``name``, the basic ability of the piece on ``source``."""
    size, plan = ABILITIES[name].shape
    w = ("cell", CELLS[source])
    row: list[Action | None] = [None] * size

    def fill(k: int) -> Action:
        p = plan(k)
        words = f"{CELLS[source]} {name}" + "".join(f" {v}" for _, v in p)
        act = row[k] = _make("caprice", pc, "interpretative-dance", (w,) + p, words)
        return act

    return row, fill


@cache
def _open_entry(u: str, pc: int, name: str, plan: tuple) -> Action:
    """An entry of an open-ended ability that is listed all the same (one
    Flock Together for each choice of the pieces that end in the kingdom):
    its text leaves out the moves that stay."""
    return _make(u, pc, name, plan, moves_text(v for _, v in plan))


@cache
def _redefinition(pc: int, n: int, c: int) -> Action:
    """Cosmos on ``pc`` redefining poem word ``n`` onto cell ``c``."""
    return _make("cosmos", pc, "redefinition", (("choice", str(n)), ("cell", CELLS[c])))


def listed_actions(s) -> list[Action]:
    """The actions ``legal_actions`` lists (see :meth:`CresnovianState.legal_actions`)."""
    if s.outcome is not None:
        return []
    if s.phase == "place":
        placed = {p.umbration for p in s.pieces}
        taken = {p.cell for p in s.pieces}
        free = [i for i in FOUNDATION_CELLS if i not in taken]
        return [row[i] for u, row in _PLACE.items() if u not in placed for i in free]
    if s.phase == "choose":
        return list(_CHOOSE)
    board = Board(s)
    blocked = board.blocked
    out: list[Action] = []
    forbid = s.forbid
    no_travel = forbid[7:] if forbid.startswith("travel:") else s.last_travel
    ban_travel = {s.last_travel, no_travel}
    no_perform = forbid[8:] if forbid.startswith("perform:") else ""
    kingdom = board.kingdom
    something = forbid != "document"
    for p in s.pieces:
        u, cell, q = p.umbration, p.cell, p.q
        if q and u not in ban_travel:
            for ray, travels in _travel_rays(u, cell):
                k = 0
                for t in ray:
                    if blocked[t]:
                        break
                    k += 1
                if k:
                    out += travels[:k]
                    something = True
        if q < 3 or KINGDOM[cell] != kingdom or u == no_perform:
            continue
        if p.status == "b":
            row, fill = _row(u, cell, "repair")
            out.append(row[0] or fill(0))
            something = True
            continue
        for name in (BASIC[u], ELITE[u]) if q >= 9 else (BASIC[u],):
            kind = ABILITIES[name]
            if kind.open_ended:
                plans = kind.listed_plans(s, p)
                out += [_open_entry(u, cell, name, plan) for plan in plans]
                something = something or bool(plans) or kind.open_possible(board, p)
                continue
            if kind is InterpretativeDance:
                acts, possible = InterpretativeDance.dances(board, p, _dance_row)
                something = something or possible
            else:
                acts = kind.listed(board, p, *_row(u, cell, name))
            if acts:
                out += acts
                something = True
    if not something:
        return [_PASS]
    return out or first_completions(s)


def redefinitions(s, words=None) -> list[Action]:
    """The legal Redefinitions of poem words number ``words`` (1 is the
    first; default: every word) onto every cell they may go to, each
    returning the word already on the field (if any) to the end of the
    poem.  Redefinition is entered by steps and not listed by
    ``legal_actions``, since its count grows with the poem; a search takes
    a few words from here (the word chosen changes only the poem, the cell
    changes what blocks travel)."""
    if s.phase != "play" or not s.poem or s.forbid == "perform:cosmos" or s.outcome is not None:
        return []
    p = next((x for x in s.pieces if x.umbration == "cosmos"), None)
    if p is None or p.q < 9 or p.status == "b" or KINGDOM[p.cell] != s.kingdom():
        return []
    numbers = range(1, len(s.poem) + 1) if words is None else [n for n in words if 1 <= n <= len(s.poem)]
    free = Board(s).free_for_word()
    return [_redefinition(p.cell, n, c) for n in numbers for c in free]


_DOCUMENT_WORDS = ("word",) * 9
_DOCUMENT = Action("document " + " ".join(_DOCUMENT_WORDS),
                   (Step.choice("document"), Step.text(" ".join(_DOCUMENT_WORDS), "nine words")),
                   ("document", _DOCUMENT_WORDS))


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


@cache
def _propaganda(pc: int, targets: tuple[int, ...]) -> Action:
    """Cognizance on ``pc`` performing Propaganda at the pieces on ``targets``."""
    plan = tuple(("cell", CELLS[t]) for t in targets) + (("choice", DONE.value),)
    return Listed(f"perform {CELLS[pc]} propaganda " + " ".join(CELLS[t] for t in targets),
                  (CELL_STEP[pc], _ability_step("propaganda")), plan,
                  ("perform", "cognizance", "propaganda", plan))


def sampled_actions(s) -> list[Action]:
    """A few of the actions ``legal_actions`` leaves out, for searches: one
    DOCUMENT (nine words ``word``: which words go into the poem changes
    nothing on the board), Propaganda by the Cognizance piece aimed at
    every live piece in the opponent's kingdom that it can reach, and the
    Redefinitions of the poem's first word (which word changes only the
    poem; the cell it goes to changes what blocks travel)."""
    if s.phase != "play" or s.outcome is not None:
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
