"""Entering actions step by step, and reading action text into steps.

Most actions are listed (:mod:`.moves`) and entered by following their
steps.  Three are entered here without listing: casting Shields (the Ring,
the ``shield`` choice, then one target cell per Shield, stopping whenever
the player likes), moving the Nice Flag (its cell, the target, then a typed
compliment) and re-creating it (its home cell, then a compliment).
:func:`unlisted` makes them for ``legal_actions`` in a bounded form.
"""

from __future__ import annotations

import re

from ...core import Action, IllegalAction, NotationError, Step, StepOptions
from .moves import BUILD, DIR_STEPS, ORDER_STEPS, PASS, SHIELD, UNSTACK, VERB_STEPS, is_frozen
from .pieces import SIDES

FLAG_PROMPT = "a compliment on your opponent's last turn"
RECREATE_PROMPT = "a compliment on your opponent's strategy"
MAX_COMPLIMENT = 200

#: The compliments that the listed Nice Flag actions carry (``legal_actions``
#: lists each Flag move and re-creation once, with these words; any other
#: compliment is entered by steps or text).  The first is what the Flag says.
LISTED_COMPLIMENTS = {"flag": "Cool move", "recreate": "Clever strategy"}

MOVE_RULES = {
    "Flat": "a Flat moves one cell left, right, forward or diagonally forward, onto an empty cell, an enemy, "
            "or a Flat or Stack of its colour, or hops over enemy Flats onto empty cells",
    "Flat Stack": "a Flat Stack moves one cell forward or diagonally forward (onto an empty cell, an enemy or "
                  "a single Flat of its colour), or unstacks",
    "Pyramid": "a Pyramid slides diagonally over empty cells and may end on the first piece in its way "
               "(never a smaller Pyramid or its own Cube)",
    "Constructed Pyramid": "a Constructed Pyramid slides diagonally like a Pyramid, or unstacks diagonally",
    "Pyramid Stack": "a Pyramid Stack moves one cell in any direction onto an empty cell or an enemy, or unstacks",
    "Cube": "a Cube moves 1 to 5 cells orthogonally to an empty cell, jumping anything but standing sticks and Flags",
    "Ring": "a Ring slides orthogonally over empty cells, builds Power or casts Shields",
    "Standing Tall Stick": "a standing stick falls north, east, south or west without crossing the edge",
    "Standing Short Stick": "a standing stick falls north, east, south or west without crossing the edge",
    "Laying Tall Stick": "a laying stick rolls to either side, or stands up on an empty cell beyond either end",
    "Laying Short Stick": "a laying stick rolls to either side, or stands up on an empty cell beyond either end",
    "Rectangle": "a Rectangle moves one cell in any direction",
    "Nice Flag": "the Nice Flag leaps three cells one way and two the other, onto an empty cell, with a compliment",
}
for _size in ("Small", "Medium", "Large"):  # a single Pyramid's role is its size's name
    MOVE_RULES[f"{_size} Pyramid"] = MOVE_RULES["Pyramid"]


def check_compliment(words: str, prompt: str) -> str:
    """The compliment, tidied; refuses an empty or unwritable one."""
    words = " ".join(words.split())
    if not any(ch.isalpha() for ch in words):
        raise IllegalAction(f"the Nice Flag needs {prompt}: type a few kind words", rule="Nice Flag")
    if '"' in words or len(words) > MAX_COMPLIMENT:
        raise IllegalAction(f"a compliment is at most {MAX_COMPLIMENT} characters, without '\"'", rule="Nice Flag")
    return words


def flag_action(names, cs, i: int, j: int, words: str) -> Action:
    """The Nice Flag's leap from ``i`` to ``j`` with the compliment ``words``
    (on a board whose cells are ``names`` and whose cell steps are ``cs``)."""
    return Action(f'{names[i]}-{names[j]} "{words}"', (cs[i], cs[j], Step.text(words, FLAG_PROMPT)),
                  ("flag", i, j, words))


def recreate_action(state, home: int, words: str) -> Action:
    """Re-creating the Nice Flag on ``home`` with the compliment ``words``."""
    return Action(f'{state.geo.names[home]} recreate "{words}"',
                  (state.geo_steps[home], Step.text(words, RECREATE_PROMPT)), ("recreate", home, words))


def shield_action(names, cs, ring: int, order: tuple) -> Action:
    """The Ring on ``ring`` casting one Shield on each cell of ``order``
    (ascending, repeats allowed), on a board whose cells are ``names`` and
    whose cell steps are ``cs``."""
    return Action(f"{names[ring]} shield " + " ".join(names[c] for c in order),
                  (cs[ring], SHIELD) + tuple(cs[c] for c in order), ("shield", ring, order))


def shield_room(state) -> dict[int, int]:
    """Pieces of the side to move that may take Shields: anchor cell (a
    laying stick's cell nearest a1) -> how many more (kept by the state as
    ``state.shield_room``)."""
    board = state.board
    # The cells come ascending, so the dict is in the order of its keys; a laying stick counts on its first cell.
    return {i: t.room for i in state.census.cells[state.side] if (t := board[i]).room > 0 and
            (t.kind not in "TH" or t.cells[0] == i)}


def unlisted(state) -> tuple[Action, ...]:
    """The actions :func:`.moves.listed` leaves out, in a bounded form, by
    start cell (kept by the state as ``state.unlisted``): each Nice Flag
    move and re-creation once, with :data:`LISTED_COMPLIMENTS`, and each
    single Shield a Ring may cast (several Shields in one turn are entered
    by steps or text).  Actions are made once per board size and shared,
    as listed ones are."""
    out = []
    made = state.rays.powers
    board, frozen, side = state.board, state.frozen, state.side
    # The Flag and the Ring are found among the pieces that are neither columns nor sticks, in cell order.
    for i in state.census.others[side]:
        t = board[i]
        if t.kind == "V" and state.turn > 1 and i not in frozen:
            for j, action in state.rays.flag_leaps[i]:
                if board[j] is None:
                    out.append(action)
        elif t.kind == "R" and t.power > 0 and i not in frozen:
            casts = state.rays.shield_casts[i]
            for c in state.shield_room:
                out.append(casts[c])
    k = 0 if side == "w" else 1
    home = state.homes[k]
    if "V" in state.lost[k] and home >= 0 and board[home] is None:
        out.append(_made(made, ("recreate", home, LISTED_COMPLIMENTS["recreate"]), recreate_action, state))
        out.sort(key=lambda a: a.data[1])
    return tuple(out)


def _made(made: dict, plan: tuple, make, *args) -> Action:
    """The action of ``plan`` from ``made`` (a board size's actions), made
    the first time by ``make(*args, *plan[1:])``."""
    action = made.get(plan)
    if action is None:
        action = made[plan] = make(*args, *plan[1:])
    return action


def shield_cast(names, cs, made: dict, i: int, c: int) -> Action:
    """The Ring on ``i`` casting one Shield on ``c``: made once per board size."""
    return _made(made, ("shield", i, (c,)), shield_action, names, cs)


def flag_leaps(names, cs, made: dict, leaps: tuple, i: int) -> tuple:
    """The Nice Flag's leaps from ``i`` (onto ``leaps``) with the listed
    compliment, as (target, action) pairs: made once per board size."""
    words = LISTED_COMPLIMENTS["flag"]
    return tuple((j, _made(made, ("flag", i, j, words), flag_action, names, cs)) for j in leaps)


class Entry:
    """Follows a prefix of steps: the options after it, and the action it
    completes.  Raises IllegalAction at the first step no action allows."""

    def __init__(self, state, steps):
        self.s = state
        self.steps = tuple(steps)

    # ---- the first step

    def starts(self) -> list[Step]:
        """The first steps: every cell that starts an action, or the pass."""
        s = self.s
        cs = s.geo_steps
        table = s.table
        out = []
        seen = set()
        for i in sorted(table):
            t = s.board[i]
            for c in (t.cells if t.kind in "TH" else (i,)):
                if c not in seen:
                    seen.add(c)
                    out.append(cs[c])
        for i in s.special_cells():
            if i not in seen:
                seen.add(i)
                out.append(cs[i])
        out.sort(key=lambda st: s.geo.index[st.value])
        if not out:
            return [PASS]
        return out

    def _fail(self, message: str, rule: str | None = None):
        raise IllegalAction(message, rule=rule)

    def walk(self) -> tuple[StepOptions, Action | None]:
        """The options after the steps, and the action if they complete one."""
        s, steps = self.s, self.steps
        s._refuse_if_over()
        if not steps:
            return StepOptions(tuple(self.starts()), False), None
        first = steps[0]
        if first.kind == "choice":
            if first == PASS and self.starts() == [PASS]:
                if len(steps) == 1:
                    return StepOptions((), True), Action("pass", (PASS,), ("pass",))
                self._fail("a pass is a single step", rule="pass")
            if first == PASS:
                self._fail("a side may pass only when nothing of its own can move or act", rule="pass")
            self._fail(f"an action starts with a cell, not the choice {first.value!r}", rule="entering an action")
        if first.kind != "cell" or first.value not in s.geo.index:
            self._fail(f"{first.value!r} is not a cell of this board", rule="board")
        i = s.geo.index[first.value]
        t = s.board[i]
        if t is None or (len(steps) > 1 and steps[1].kind == "text"):  # a cell and then words: a re-creation
            return self._recreate(i)
        side = SIDES[s.side]
        if t.owner != s.side:
            self._fail(f"the {t.role()} on {first.value} is {SIDES[t.owner]}'s; {side} is to move",
                       rule="move your own pieces")
        if is_frozen(t, i, s.frozen):
            self._fail(f"the {t.role()} on {first.value} stands next to a Nice Flag and cannot move or act",
                       rule="Nice Flag")
        if t.kind == "V":
            return self._flag(i)
        if t.kind in "TH":
            i = t.cells[0]
            steps = (s.geo_steps[i],) + steps[1:]
        if t.kind == "R" and len(steps) >= 2 and steps[1] == SHIELD:
            return self._shield(i, t)
        candidates = s.table.get(i, [])
        n = len(steps)
        options: dict[Step, None] = {}  # the next steps, in order, once each
        complete, action = False, None
        for a in candidates:
            if a.steps[:n] != steps:
                continue
            if len(a.steps) == n:
                complete, action = True, a
            else:
                options.setdefault(a.steps[n], None)
        if t.kind == "R" and n == 1 and self._shield_targets(0, {}):
            options[SHIELD] = None
        if not options and not complete:
            self._explain(t, first.value, steps)
        return StepOptions(tuple(options), complete), action

    def _explain(self, t, cell: str, steps) -> None:
        role = t.role()
        rule = MOVE_RULES.get(role, "")
        if len(steps) == 1:
            self._fail(f"the {role} on {cell} has no legal move or power here ({rule})", rule=role)
        what = " ".join(st.value for st in steps[1:])
        if t.kind == "R" and steps[1] == BUILD:
            self._fail("a Ring stores at most 5 Power", rule="Ring")
        if t.code == "F":  # a chain of hops that goes on from a cell next to a Nice Flag
            geo, frozen, actions = self.s.geo, self.s.frozen, self.s.table.get(self.s.geo.index[cell], [])
            for k in range(2, len(steps)):
                if geo.index.get(steps[k - 1].value) in frozen and any(a.steps == steps[:k] for a in actions):
                    self._fail(f"the Flat lands on {steps[k - 1].value} next to a Nice Flag, where it cannot move "
                               "or act: its chain of hops ends there", rule="Nice Flag")
        if steps[1] == UNSTACK:
            self._fail(f"the {role} on {cell} cannot unstack that way ({what}): a line of drops must keep the "
                       "height rule for Flats and never drop a Pyramid on a smaller one", rule="unstacking")
        self._fail(f"the {role} on {cell} cannot do {what}: {rule}", rule=role)

    # ---- the Ring's Shields

    def _shield_targets(self, power_used: int, given: dict) -> list[int]:
        """Cells (anchors) that may take one more Shield after ``given`` (cell -> count)."""
        s = self.s
        first = self.steps[0] if self.steps else None
        ring = s.board[s.geo.index[first.value]] if first is not None and first.kind == "cell" else None
        if ring is None or ring.kind != "R" or ring.power - power_used <= 0:
            return []
        return [c for c, room in s.shield_room.items() if room - given.get(c, 0) > 0]

    def _shield(self, i: int, ring) -> tuple[StepOptions, Action | None]:
        s = self.s
        room = s.shield_room
        given: dict[int, int] = {}
        for k, st in enumerate(self.steps[2:]):
            if st.kind != "cell" or st.value not in s.geo.index:
                self._fail(f"a Shield goes on a cell, not {st.value!r}", rule="Ring")
            c = s.geo.index[st.value]
            t = s.board[c]
            if t is not None and t.kind in "TH":
                c = t.cells[0]
            if k >= ring.power or room.get(c, 0) - given.get(c, 0) <= 0:
                self._fail(self._why_no_shield(st.value, t, k, ring), rule="Ring")
            given[c] = given.get(c, 0) + 1
        used = sum(given.values())
        options: list[Step] = []
        if used < ring.power:
            for c, r in room.items():
                if r - given.get(c, 0) > 0:
                    t = s.board[c]
                    options.extend(s.geo_steps[x] for x in (t.cells if t.kind in "TH" else (c,)))
        action = None
        if used:
            action = shield_action(s.geo.names, s.geo_steps, i,
                                   tuple(sorted(c for c, n in given.items() for _ in range(n))))
        return StepOptions(tuple(options), bool(used)), action

    def _why_no_shield(self, cell: str, t, k: int, ring) -> str:
        if k >= ring.power:
            return f"the Ring has {ring.power} Power, one per Shield"
        if t is None:
            return f"there is nothing on {cell} to shield"
        if t.owner != self.s.side:
            return "a Ring casts Shields only on pieces of its colour"
        if t.top_letter() in "CNR":
            return f"a {t.role()} cannot be given Shields"
        return f"the piece on top at {cell} already has all the Shields it may carry"

    # ---- the Nice Flag

    def _flag(self, i: int) -> tuple[StepOptions, Action | None]:
        s, steps = self.s, self.steps
        if s.turn == 1:
            self._fail("the Nice Flag cannot move on the game's very first turn: there is no turn yet to compliment",
                       rule="Nice Flag")
        targets = [j for j in s.geo.leaps[i] if s.board[j] is None]
        if len(steps) == 1:
            if not targets:
                self._fail("the Nice Flag has no empty cell to leap to", rule="Nice Flag")
            return StepOptions(tuple(s.geo_steps[j] for j in targets), False), None
        to = steps[1]
        if to.kind != "cell" or s.geo.index.get(to.value) not in targets:
            self._fail(f"the Nice Flag cannot go to {to.value}: {MOVE_RULES['Nice Flag']}", rule="Nice Flag")
        if len(steps) == 2:
            return StepOptions((Step.text("", FLAG_PROMPT),), False), None
        if len(steps) > 3 or steps[2].kind != "text":
            self._fail("a Nice Flag move ends with a compliment, typed as text", rule="Nice Flag")
        words = check_compliment(steps[2].value, FLAG_PROMPT)
        return StepOptions((), True), flag_action(s.geo.names, s.geo_steps, i, s.geo.index[to.value], words)

    def _recreate(self, i: int) -> tuple[StepOptions, Action | None]:
        s, steps = self.s, self.steps
        name = s.geo.names[i]
        k = 0 if s.side == "w" else 1
        side, home = SIDES[s.side], s.homes[k]
        if len(steps) == 1 and (home != i or "V" not in s.lost[k]):
            self._fail(f"there is nothing on {name} to move", rule="move one of your pieces")
        if "V" not in s.lost[k]:
            self._fail(f"only a destroyed Nice Flag is re-created, and {side}'s has not been destroyed",
                       rule="Nice Flag")
        if home < 0:
            self._fail(f"{side}'s Nice Flag has no home cell in this position to be re-created on", rule="Nice Flag")
        if home != i:
            self._fail(f"a Nice Flag is re-created on its home cell, {s.geo.names[home]}, not on {name}",
                       rule="Nice Flag")
        if s.board[i] is not None:
            self._fail(f"the Nice Flag's home {name} must be empty to re-create it; a {s.board[i].role()} stands "
                       "there", rule="Nice Flag")
        if len(steps) == 1:
            return StepOptions((Step.text("", RECREATE_PROMPT),), False), None
        if len(steps) > 2 or steps[1].kind != "text":
            self._fail("re-creating the Nice Flag takes a compliment, typed as text", rule="Nice Flag")
        return StepOptions((), True), recreate_action(s, i, check_compliment(steps[1].value, RECREATE_PROMPT))


# ------------------------------------------------------------- action text

_CELL = r"[a-z][0-9]{1,2}"
_MOVE = re.compile(rf"({_CELL})((?:[-x]{_CELL})+)(?:\s+\"([^\"]*)\")?")
_VERB = re.compile(rf"({_CELL})\s+([a-z]+)(.*)", re.S)


def steps_from_text(s, text: str) -> tuple[Step, ...]:
    """The steps that enter the action written ``text``."""
    if not text:
        raise NotationError("an empty action")
    if text == "pass":
        return (PASS,)
    m = _MOVE.fullmatch(text)
    if m:
        cells = re.findall(_CELL, m.group(1) + m.group(2))
        steps = tuple(_cell(s, c, text) for c in cells)
        if m.group(3) is not None:
            steps += (Step.text(m.group(3), FLAG_PROMPT),)
        return steps
    m = _VERB.fullmatch(text)
    if not m:
        start = re.match(_CELL, text)
        pos = start.end() if start else 0
        raise NotationError("an action is 'pass', cells joined by '-' or 'x' (b2-b3, c3xc5xe7), or a cell and a "
                            "power (d4 unstack n, h1 fall w, b1 build, b1 shield c2, g1-d3 \"...\")", text,
                            min(pos, len(text) - 1))
    cell, verb, rest = m.group(1), m.group(2), m.group(3)
    first = _cell(s, cell, text)
    rest_pos = m.start(3)
    words = rest.split()
    if verb in ("unstack", "fall", "roll", "stand"):
        if not words or words[0] not in DIR_STEPS:
            ways = "n, ne, e, se, s, sw, w or nw" if verb == "unstack" else "n, e, s or w"
            raise NotationError(f"{verb} needs a direction: {ways}", text, min(rest_pos + 1, len(text) - 1))
        head = UNSTACK if verb == "unstack" else VERB_STEPS[verb]
        steps = (first, head, DIR_STEPS[words[0]])
        if verb == "unstack" and len(words) == 2 and re.fullmatch(r"[SML]{2,3}", words[1]):
            steps += tuple(ORDER_STEPS[p] for p in words[1][:-1])
        elif len(words) != 1:
            raise NotationError(
                f"{verb} takes a direction" + (" and, for Pyramids, their order (SM)" if verb == "unstack" else ""),
                text,
                rest_pos + rest.index(words[1]),
            )
        return steps
    if verb == "build":
        if words:
            raise NotationError("build takes nothing more", text, rest_pos + rest.index(words[0]))
        return (first, BUILD)
    if verb == "shield":
        if not words:
            raise NotationError("shield names the cells that get a Shield, one per Shield", text, len(text) - 1)
        return (first, SHIELD) + tuple(_cell(s, w, text) for w in words)
    if verb == "recreate":
        q = re.fullmatch(r"\s+\"([^\"]*)\"", rest)
        if not q:
            raise NotationError('recreate is followed by a compliment in double quotes', text, rest_pos)
        return (first, Step.text(q.group(1), RECREATE_PROMPT))
    raise NotationError(
        f"unknown power {verb!r} (unstack, fall, roll, stand, build, shield, recreate)", text, m.start(2)
    )


def _cell(s, name: str, text: str) -> Step:
    if name not in s.geo.index:
        raise NotationError(f"{name!r} is not a cell of this board", text, text.index(name))
    return s.geo_steps[s.geo.index[name]]
