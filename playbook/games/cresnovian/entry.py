"""Step-by-step entry: what may follow a partial action, the action once
complete, and the real reason whenever an entry is refused."""

from __future__ import annotations

import re

from ...core import Action, IllegalAction, Step, StepOptions
from .board import (
    BASIC,
    CELLS,
    DIRECTIONS,
    DONE,
    ELITE,
    FOUNDATION,
    INDEX,
    ROWS,
    UMBRATIONS,
    Umbral,
    kingdom_of,
    neighbours,
    other_kingdom,
)

MOVE = re.compile(r"([A-Z]\d)(=|>([A-Z]\d))")
PASS = Step.choice("pass", "Pass (nothing else is possible)")

#: Abilities whose choices explode, entered by steps and not listed by
#: legal_actions: Propaganda's subsets of targets, the per-piece moves of
#: Flock Together and Tectonic Failure, and Redefinition (every poem word
#: onto every free cell, and where the old word returns: it grows with the
#: poem, to hundreds of actions).
OPEN_ENDED = {"propaganda", "flock-together", "tectonic-failure", "redefinition"}


def open_ended(s, prefix) -> bool:
    """Whether ``prefix`` enters one of the open-ended abilities
    (:data:`OPEN_ENDED`, danced ones included), which ``legal_actions``
    does not list."""
    if len(prefix) < 2:
        return False
    name = prefix[1].value
    if name == "interpretative-dance" and len(prefix) >= 3:
        source = s.piece_at(INDEX[prefix[2].value])
        name = BASIC[source.umbration]
    return name in OPEN_ENDED


def title(name: str) -> str:
    """An ability's name as players say it: ``flock-together`` -> ``Flock Together``."""
    return " ".join(w if w in ("of", "the", "all") and i else w.capitalize() for i, w in enumerate(name.split("-")))


def thing_at(s, i: int) -> str:
    """What stands on cell ``i``, in words ("" when it is blank)."""
    p = s.piece_at(i)
    if p is not None:
        return f"the {p.umbration} piece ({p.code()})"
    m = s.monument_at(i)
    if m is not None:
        return f"{'an' if m[0] in 'aeiou' else 'a'} {m} monument"
    if s.word and s.word[0] == i:
        return f"the word {s.word[1]!r}"
    return ""


def _short(s, i: int) -> str:
    """The piece or monument on ``i`` in a word or two: ``Cosmos``, ``Duality monument``."""
    p = s.piece_at(i)
    return p.umbration.capitalize() if p is not None else f"{s.monument_at(i).capitalize()} monument"


def piece_name(p: Umbral) -> str:
    return f"the {p.umbration} piece on {CELLS[p.cell]}"


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


class Entry:
    """Follows a prefix of steps through the rules: what may come next, and
    the action once complete.  Raises IllegalAction at the first step that
    no legal action allows, saying why."""

    def __init__(self, state, steps: tuple[Step, ...]):
        self.s = state
        self.steps = steps

    def options(self) -> StepOptions:
        s = self.s
        if s.phase == "place":
            return self._place()
        if s.phase == "choose":
            return self._choose()
        if not self.steps:
            return StepOptions(self._starts(), False)
        first = self.steps[0]
        if first == PASS:
            if self._starts() != (PASS,):
                raise IllegalAction("a player may pass only when nothing else is possible", rule="pass")
            return self._last(1, "a pass")
        if first == Step.choice("document"):
            return self._document()
        piece = self._piece(first)
        if len(self.steps) == 1:
            targets = [Step.cell(CELLS[i]) for i in self._travel_targets(piece)]
            abilities = [Step.choice(a, title(a)) for a in self._abilities(piece)]
            if not targets and not abilities:
                raise IllegalAction(f"{piece_name(piece)} can do nothing this turn: it cannot travel "
                                    f"({self._why_no_travel(piece)}) and cannot perform ({self._why_no_perform(piece)})")
            return StepOptions(tuple(targets + abilities), False)
        second = self.steps[1]
        if second.kind == "cell":
            if INDEX.get(second.value) not in self._travel_targets(piece):
                raise IllegalAction(self._why_no_travel(piece, second.value), rule="travel")
            return self._last(2, "a travel")
        if second.kind != "choice" or second.value not in self._abilities(piece):
            raise IllegalAction(self._why_no_ability(piece, second.value, self.steps[2:]), rule="perform")
        return _Ability(s, piece, piece, second.value, self.steps[2:]).options()

    def _last(self, n: int, what: str) -> StepOptions:
        if len(self.steps) == n:
            return StepOptions((), True)
        raise IllegalAction(f"{what} is complete after {n} step{'s' if n > 1 else ''}; "
                            f"{self.steps[n].value!r} is one too many")

    def _starts(self) -> tuple[Step, ...]:
        s = self.s
        starts = [Step.cell(CELLS[p.cell]) for p in s.pieces if self._travel_targets(p) or self._abilities(p)]
        if s.forbid != "document":
            starts.append(Step.choice("document", "Document"))
        return tuple(starts) if starts else (PASS,)

    def _document(self) -> StepOptions:
        s = self.s
        if s.forbid == "document":
            raise IllegalAction("a Critical Rewind forbids documenting this turn", rule="critical rewind")
        if len(self.steps) == 1:
            return StepOptions((Step.text("", "nine words"),), False)
        if self.steps[1].kind != "text":
            raise IllegalAction("DOCUMENT takes one text of nine words", rule="document")
        words = self.steps[1].value.split()
        if len(words) != 9:
            raise IllegalAction(f"DOCUMENT adds exactly nine words, not {len(words)}", rule="document")
        for w in words:
            problem = word_problem(w)
            if problem:
                raise IllegalAction(f"the word {w!r} cannot go into the poem: {problem}", rule="document")
        return self._last(2, "DOCUMENT")

    def _choose(self) -> StepOptions:
        options = (Step.choice("left", "Left kingdom"), Step.choice("right", "Right kingdom"))
        if not self.steps:
            return StepOptions(options, False)
        if self.steps[0] not in options:
            raise IllegalAction(f"the second player chooses the left or the right kingdom, not {self.steps[0].value!r}",
                                rule="set-up")
        return self._last(1, "the choice of a kingdom")

    def _place(self) -> StepOptions:
        s = self.s
        placed = {p.umbration for p in s.pieces}
        free = [c for c in FOUNDATION if s.piece_at(INDEX[c]) is None]
        if not self.steps:
            return StepOptions(tuple(Step.choice(u, u.capitalize()) for u in UMBRATIONS if u not in placed), False)
        u = self.steps[0]
        if u.kind != "choice" or u.value not in UMBRATIONS:
            raise IllegalAction(f"{u.value!r} is not an umbration; the nine are {', '.join(UMBRATIONS)}", rule="set-up")
        if u.value in placed:
            raise IllegalAction(f"the {u.value} piece is already placed", rule="set-up")
        if len(self.steps) == 1:
            return StepOptions(tuple(Step.cell(c) for c in free), False)
        cell = self.steps[1].value
        if self.steps[1].kind != "cell" or cell not in free:
            taken = f"{cell} is taken by {thing_at(s, INDEX[cell])}; " if cell in FOUNDATION else ""
            raise IllegalAction(f"{taken}pieces are placed on free foundation cells: {' '.join(free)}", rule="set-up")
        return self._last(2, "a placement")

    def _piece(self, step: Step) -> Umbral:
        if step.kind != "cell" or step.value not in INDEX:
            raise IllegalAction(f"an action starts with a piece's cell or 'document', not {step.value!r}")
        piece = self.s.piece_at(INDEX[step.value])
        if piece is None:
            there = thing_at(self.s, INDEX[step.value])
            raise IllegalAction(f"there is no piece on {step.value}" + (f" (only {there})" if there else ""))
        return piece

    # ---- travel

    def _travel_ban(self, p: Umbral) -> str:
        """Why ``p`` may not travel at all this turn ("" if it may)."""
        if p.dead:
            return f"{piece_name(p)} is dead (0Q)"
        if p.umbration == self.s.last_travel:
            return f"the opponent travelled with the {p.umbration} piece on their last turn"
        if self.s.forbid == f"travel:{p.umbration}":
            return f"a Critical Rewind forbids travelling with the {p.umbration} piece this turn"
        return ""

    def _travel_targets(self, p: Umbral) -> list[int]:
        s = self.s
        if self._travel_ban(p):
            return []
        out = []
        r0, c0 = divmod(p.cell, 9)
        for dr, dc in DIRECTIONS:
            r, c = r0 + dr, c0 + dc
            while 0 <= r < ROWS and 0 <= c < 9 and s.blank(r * 9 + c):
                out.append(r * 9 + c)
                r, c = r + dr, c + dc
        return out

    def _why_no_travel(self, p: Umbral, target: str | None = None) -> str:
        ban = self._travel_ban(p)
        if ban:
            return ban
        if target is None:
            return f"every cell next to {CELLS[p.cell]} is taken"
        t = INDEX.get(target)
        if t is None:
            return f"{target!r} is not a cell (A1 to I3)"
        if t == p.cell:
            return "a travel moves at least one cell"
        (r0, c0), (r1, c1) = divmod(p.cell, 9), divmod(t, 9)
        if not (r0 == r1 or c0 == c1 or abs(r1 - r0) == abs(c1 - c0)):
            return f"{target} is not in a straight line (row, column or diagonal) from {CELLS[p.cell]}"
        dr, dc = _sign(r1 - r0), _sign(c1 - c0)
        i = p.cell
        while True:
            i += dr * 9 + dc
            if not self.s.blank(i):
                if i == t:
                    return f"{target} is taken by {thing_at(self.s, i)}"
                return f"the way from {CELLS[p.cell]} to {target} is blocked by {thing_at(self.s, i)} on {CELLS[i]}"

    # ---- perform

    def _abilities(self, p: Umbral) -> list[str]:
        s = self.s
        if kingdom_of(p.cell) != s.kingdom() or s.forbid == f"perform:{p.umbration}" or p.q < 3:
            return []
        if p.status == "b":
            return ["repair"]
        names = [BASIC[p.umbration]]
        if p.q >= 9:
            names.append(ELITE[p.umbration])
        return [n for n in names if _Ability(s, p, p, n, ()).possible()]

    def _why_no_perform(self, p: Umbral) -> str:
        s = self.s
        if kingdom_of(p.cell) != s.kingdom():
            return f"only pieces in your kingdom ({s.kingdom()}) perform"
        if s.forbid == f"perform:{p.umbration}":
            return f"a Critical Rewind forbids performing with the {p.umbration} piece this turn"
        if p.q < 3:
            return f"performing needs 3Q and {'a broken piece needs 3Q to repair; ' if p.status == 'b' else ''}" \
                   f"the {p.umbration} piece has {p.q}Q"
        names = [BASIC[p.umbration]] + ([ELITE[p.umbration]] if p.q >= 9 else [])
        return "; ".join(f"{title(n)}: {_Ability(s, p, p, n, ()).problem()}" for n in names)

    def _why_no_ability(self, p: Umbral, name: str, rest=()) -> str:
        s = self.s
        u = p.umbration
        if kingdom_of(p.cell) != s.kingdom():
            return f"only pieces in your kingdom ({s.kingdom()}) perform; {piece_name(p)} is not"
        if s.forbid == f"perform:{u}":
            return f"a Critical Rewind forbids performing with the {u} piece this turn"
        if name not in (BASIC[u], ELITE[u], "repair"):
            return f"the {u} piece's abilities are {BASIC[u]} (basic) and {ELITE[u]} (elite), not {name!r}"
        if p.status == "b":
            if name != "repair":
                return f"{piece_name(p)} is broken: its next performance only repairs it (perform {CELLS[p.cell]} repair)"
            return f"a broken piece needs 3Q to perform its repair; {piece_name(p)} has {p.q}Q"
        if name == "repair":
            return f"only a broken piece performs repair; {piece_name(p)} is not broken"
        if p.q < 3:
            return f"performing needs 3Q; {piece_name(p)} has {p.q}Q"
        if name == ELITE[u] and p.q < 9:
            return f"an elite ability needs 9Q; {piece_name(p)} has {p.q}Q"
        if rest:
            # The parameters given may have a more precise reason than the ability's in general.
            try:
                _Ability(s, p, p, name, rest).options()
            except IllegalAction as exc:
                return str(exc)
        return f"{title(name)} is impossible: {_Ability(s, p, p, name, ()).problem()}"

    # ---- the action

    def action(self) -> Action:
        s = self.s
        steps = self.steps
        if s.phase == "place":
            return Action(f"place {steps[0].value} {steps[1].value}", steps, ("place", steps[0].value, INDEX[steps[1].value]))
        if s.phase == "choose":
            return Action(f"choose {steps[0].value}", steps, ("choose", steps[0].value))
        if steps[0] == PASS:
            return Action("pass", (PASS,), ("pass",))
        if steps[0] == Step.choice("document"):
            words = tuple(steps[1].value.split())
            return Action("document " + " ".join(words), (steps[0], Step.text(" ".join(words), "nine words")), ("document", words))
        piece = self._piece(steps[0])
        if steps[1].kind == "cell":
            return Action(f"travel {steps[0].value} {steps[1].value}", steps, ("travel", piece.umbration, INDEX[steps[1].value]))
        ability = _Ability(s, piece, piece, steps[1].value, steps[2:])
        params, canonical = ability.describe()
        text = f"perform {steps[0].value} {steps[1].value}" + (" " + params if params else "")
        return Action(text, steps[:2] + canonical, ("perform", piece.umbration, steps[1].value, ability.plan()))


def word_problem(w: str) -> str:
    """Why ``w`` cannot be a word of the communal poem ("" if it can): a word
    is printable, has no spaces, and never contains the forum's
    ``[/PLAIN]`` tag (which ends the escape that forum tables use)."""
    if not w:
        return "it is empty"
    if not w.isprintable() or any(ch.isspace() for ch in w):
        return "a word is printable text without spaces"
    if "[/plain]" in w.lower():
        return "it contains the forum tag [/PLAIN]"
    return ""


class _Ability:
    """One ability's parameter entry.  ``performer`` pays and is measured
    from; ``source`` owns the ability (they differ when Caprice dances
    another piece's basic ability)."""

    def __init__(self, state, performer: Umbral, source: Umbral, name: str, steps):
        self.s = state
        self.performer = performer
        self.source = source
        self.name = name
        self.steps = tuple(steps)
        self.rule = name.replace("-", " ")
        self.title = title(name)

    def problem(self, budget: int = 400) -> str:
        """Why no complete entry follows these steps ("" if one does): a
        depth-first search that stops at the first complete entry, so that no
        offered step leads nowhere."""
        reason = ""
        stack = [self.steps]
        while stack and budget > 0:
            budget -= 1
            steps = stack.pop()
            try:
                opts = _Ability(self.s, self.performer, self.source, self.name, steps).options()
            except IllegalAction as exc:
                reason = reason or str(exc)
                continue
            if opts.complete:
                return ""
            stack.extend(steps + (o,) for o in reversed(opts.options))
        return reason or f"{self.title} cannot be completed here"

    def possible(self) -> bool:
        return not self.problem()

    def options(self) -> StepOptions:
        handler = getattr(self, "_" + self.name.replace("-", "_"))
        return handler()

    # -- helpers

    def _refuse(self, message: str):
        raise IllegalAction(message, rule=self.rule)

    def _cells(self, candidates, k: int, none: str, why) -> StepOptions | None:
        """Options for the k-th step being one of ``candidates`` (cell
        indices); None when that step is already given and valid.  ``none``
        says why there is no candidate; ``why(i)`` why cell ``i`` is not one."""
        if len(self.steps) == k:
            if not candidates:
                self._refuse(none)
            return StepOptions(tuple(Step.cell(CELLS[i]) for i in candidates), False)
        step = self.steps[k]
        if step.kind != "cell" or step.value not in INDEX:
            self._refuse(f"{self.title} expects a cell here, not {step.value!r}")
        if INDEX[step.value] not in candidates:
            self._refuse(why(INDEX[step.value]))
        return None

    def _cell(self, k: int) -> int:
        return INDEX[self.steps[k].value]

    def _done(self, n: int) -> StepOptions:
        if len(self.steps) == n:
            return StepOptions((), True)
        self._refuse(f"{self.title} is complete here; {self.steps[n].value!r} is one step too many")

    def _target_problem(self, i: int, live: bool = True, eternal: bool = True, broken: bool = True) -> str:
        """Why the piece on ``i`` is no target ("" if it is one)."""
        p = self.s.piece_at(i)
        if p is None:
            there = thing_at(self.s, i)
            return f"there is no piece on {CELLS[i]}" + (f" (only {there})" if there else "")
        if live and p.dead:
            return f"{piece_name(p)} is dead (0Q): {self.title} cannot target a dead piece"
        if not eternal and p.status == "e":
            return f"{piece_name(p)} is eternal (3Qe): its Q never changes"
        if not broken and p.status == "b":
            return f"{piece_name(p)} is already broken"
        return ""

    def _live_targets(self, eternal=True):
        return [p.cell for p in self.s.pieces if not p.dead and (eternal or p.status != "e")]

    def _pairs(self, movers: list[int], allowed, stay_problem, move_problem):
        """Entry of one move per mover, in ``movers`` order, as choices
        ``A1>B2`` or ``A1=`` (stays).  ``allowed(k, claimed)`` gives the
        destinations of the k-th mover; ``stay_problem``/``move_problem``
        explain refusals."""
        claimed: list[int] = []
        for k, cell in enumerate(movers):
            dests = allowed(k, claimed)
            thing = thing_at(self.s, cell)
            name = _short(self.s, cell)
            opts = [Step.choice(f"{CELLS[cell]}=", f"{name} stays on {CELLS[cell]}") if d == cell else
                    Step.choice(f"{CELLS[cell]}>{CELLS[d]}", f"{name} {CELLS[cell]} → {CELLS[d]}")
                    for d in dests]
            if len(self.steps) == k:
                if not opts:
                    self._refuse(f"{thing} on {CELLS[cell]} has nowhere left to go")
                return StepOptions(tuple(opts), False)
            step = self.steps[k]
            if step not in opts:
                value = step.value
                move = MOVE.fullmatch(value) if step.kind == "choice" else None
                if move is None or move[1] not in INDEX or (move[3] or move[1]) not in INDEX:
                    self._refuse(f"{self.title} moves are written like {CELLS[cell]}>B2 or {CELLS[cell]}= (stays), "
                                 f"not {value!r}")
                src, dst = move[1], move[3] or move[1]
                if src != CELLS[cell]:
                    self._refuse(f"{self.title} takes its moves in cell order: next comes {thing} on {CELLS[cell]}, "
                                 f"not {src}")
                d = INDEX[dst]
                if d in claimed:
                    self._refuse(f"{dst} is already taken by another move of this {self.title}")
                self._refuse(stay_problem(k, cell, claimed) if d == cell else move_problem(k, cell, d, claimed))
            claimed.append(cell if step.value.endswith("=") else INDEX[step.value.split(">")[1]])
        return self._done(len(movers))

    # -- the abilities

    def _repair(self):
        return self._done(0)

    def _return_home(self):
        s = self.s
        cands = [p.cell for p in s.pieces if p.home >= 0 and p.cell != p.home and s.blank(p.home)]

        def why(i):
            p = s.piece_at(i)
            if p is None:
                return self._target_problem(i)
            if p.home < 0:
                return f"the home cell of {piece_name(p)} is unknown"
            if p.cell == p.home:
                return f"{piece_name(p)} is already on its home cell"
            return f"the home cell of {piece_name(p)}, {CELLS[p.home]}, is taken by {thing_at(s, p.home)}"

        return self._cells(cands, 0, "no piece is away from a free home cell", why) or self._done(1)

    def _perfect_eternal(self):
        return self._cells([p.cell for p in self.s.pieces], 0, "there is no piece", self._target_problem) or self._done(1)

    def _cut(self):
        return self._cells(self._live_targets(), 0, "every piece is dead", self._target_problem) or self._done(1)

    def _breakdown(self):
        cands = [p.cell for p in self.s.pieces if not p.dead and p.status == ""]
        return self._cells(cands, 0, "every live piece is already broken or eternal",
                           lambda i: self._target_problem(i, eternal=False, broken=False)) or self._done(1)

    def _energize(self):
        here = self.performer.cell
        around = [here] + neighbours(here)
        cands = [i for i in around if (p := self.s.piece_at(i)) and not p.dead and p.status != "e"]

        def why(i):
            if i not in around:
                return f"{CELLS[i]} is not {CELLS[here]} or next to it"
            return self._target_problem(i, eternal=False)

        r = self._cells(cands, 0, f"no live piece that is not eternal stands on or next to {CELLS[here]}", why)
        if r:
            return r
        amounts = [Step.choice(str(n), f"+{n}Q") for n in (1, 2, 3)]
        if len(self.steps) == 1:
            return StepOptions(tuple(amounts), False)
        if self.steps[1] not in amounts:
            self._refuse(f"Energize adds 1, 2 or 3 Q, not {self.steps[1].value!r}")
        return self._done(2)

    def _propaganda(self):
        cands = self._live_targets(eternal=False)
        chosen = []
        for k, step in enumerate(self.steps):
            if step == DONE:
                if not chosen:
                    self._refuse("Propaganda picks at least one piece")
                return self._done(k + 1)
            if step.kind != "cell" or step.value not in INDEX:
                self._refuse(f"Propaganda picks pieces by their cells, then 'done'; not {step.value!r}")
            i = INDEX[step.value]
            if i in chosen:
                self._refuse(f"{piece_name(self.s.piece_at(i))} is already picked")
            if i not in cands:
                self._refuse(self._target_problem(i, eternal=False))
            chosen.append(i)
        rest = [Step.cell(CELLS[i]) for i in cands if i not in chosen]
        if not chosen and not rest:
            self._refuse("every live piece is eternal")
        return StepOptions(tuple(rest) + ((DONE,) if chosen else ()), False)

    def flockers(self) -> list[Umbral]:
        """The pieces that flock: every other piece with the performer's Q, in cell order."""
        q = self.performer.q
        return sorted((p for p in self.s.pieces if p.q == q and p.umbration != self.performer.umbration),
                      key=lambda p: p.cell)

    def _flock_together(self):
        s = self.s
        home = s.kingdom()
        flockers = self.flockers()
        movers = [p.cell for p in flockers]
        taken = {p.cell for p in s.pieces if p not in flockers} | {c for c, _ in s.monuments}
        if s.word:
            taken.add(s.word[0])
        if not movers:
            self._refuse(f"no other piece has the performer's {self.performer.q}Q, so none would flock")

        def free(claimed, zone):
            return [i for i in range(27) if kingdom_of(i) == zone and i not in taken and i not in claimed]

        def allowed(k, claimed):
            # Into the kingdom while it has room; after that the rest may go into the World or stay put.
            inside = free(claimed, home)
            if inside:
                return inside
            here = movers[k]
            return sorted(free(claimed, "world") + ([here] if here not in claimed and kingdom_of(here) != "world" else []))

        def stay_problem(k, cell, claimed):
            if cell in claimed:
                return f"{thing_at(s, cell)} on {CELLS[cell]} cannot stay: another move of this Flock Together ends there"
            return f"{thing_at(s, cell)} on {CELLS[cell]} cannot stay: the flock goes into your kingdom ({home}) " \
                   f"while it has a free cell"

        def move_problem(k, cell, d, claimed):
            if d in taken:
                return f"{CELLS[d]} is taken by {thing_at(s, d)}"
            if free(claimed, home):
                return f"{CELLS[d]} is not in your kingdom ({home}): the flock goes there while it has a free cell"
            return f"{CELLS[d]} is not in the World: once your kingdom is full, the rest of the flock goes into " \
                   f"the World or stays where it is"

        return self._pairs(movers, allowed, stay_problem, move_problem)

    def _redefinition(self):
        s = self.s
        if not s.poem:
            self._refuse("the communal poem is empty")
        words = [Step.choice(str(n + 1), f"{n + 1}: {w}") for n, w in enumerate(s.poem)]
        if not self.steps:
            return StepOptions(tuple(words), False)
        if self.steps[0] not in words:
            self._refuse(f"choose a word of the poem by its number, 1 to {len(s.poem)}; not {self.steps[0].value!r}")
        free = [i for i in range(27) if s.blank(i) or (s.word and s.word[0] == i)]
        r = self._cells(free, 1, "no blank cell is left for the word",
                        lambda i: f"{CELLS[i]} is taken by {thing_at(s, i)}")
        if r:
            return r
        places = self.return_places()
        if len(self.steps) == 2:
            return StepOptions(tuple(places), True)
        if self.steps[2] not in places:
            if not s.word:
                self._refuse("no word stands on the field, so none returns to the poem")
            self._refuse(f"the returned word goes before word 1 to {len(places)} of the poem, or (by default) at its end; "
                         f"not {self.steps[2].value!r}")
        return self._done(3)

    def return_places(self) -> list[Step]:
        """Where the word already on the field may go back into the poem
        (once the chosen word has left it): before any of its words; at the
        end is the default and needs no step."""
        s = self.s
        if not s.word or not self.steps:
            return []
        rest = list(s.poem)
        del rest[int(self.steps[0].value) - 1]
        return [Step.choice(str(j + 1), f"{s.word[1]!r} back before {w!r}") for j, w in enumerate(rest)]

    def _critical_rewind(self):
        if not self.s.before:
            self._refuse("there is no opponent's turn to undo")
        return self._done(0)

    def _teleport(self):
        s = self.s
        things = sorted([p.cell for p in s.pieces] + [c for c, _ in s.monuments])

        def why_source(i):
            if s.word and s.word[0] == i:
                return "placed words cannot be teleported"
            return f"there is nothing on {CELLS[i]} to teleport"

        r = self._cells(things, 0, "there is nothing to teleport", why_source)
        if r:
            return r
        free = [i for i in range(27) if s.blank(i)]
        return self._cells(free, 1, "no blank cell is left to teleport to",
                           lambda i: f"{CELLS[i]} is taken by {thing_at(s, i)}") or self._done(2)

    def _spectacle(self):
        s = self.s
        mine = [p.cell for p in s.pieces if kingdom_of(p.cell) == s.kingdom()]

        def why_source(i):
            if s.piece_at(i) is None:
                return self._target_problem(i, live=False)
            return f"{piece_name(s.piece_at(i))} is not in your kingdom"

        r = self._cells(mine, 0, "no piece stands in your kingdom", why_source)
        if r:
            return r
        theirs = other_kingdom(s.kingdom())
        cells = [i for i in range(27) if kingdom_of(i) == theirs and s.blank(i)]

        def why(i):
            if kingdom_of(i) != theirs:
                return f"{CELLS[i]} is not in the opponent's kingdom ({theirs})"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        return self._cells(cells, 1, "no blank cell is left in the opponent's kingdom", why) or self._done(2)

    def _ultraviolent_ray(self):
        return self._done(0)

    def _build_monument(self):
        s = self.s
        here = self.performer.cell
        around = neighbours(here)
        cands = [i for i in around if s.blank(i) or s.monument_at(i)]

        def why(i):
            if i not in around:
                return f"{CELLS[i]} is not next to {CELLS[here]}"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        r = self._cells(cands, 0, f"no blank cell or monument is next to {CELLS[here]}", why)
        if r:
            return r
        target = self._cell(0)
        if s.monument_at(target):
            options = [Step.choice("destroy", "Destroy the monument")]
        else:
            options = [Step.choice(u, u.capitalize()) for u in UMBRATIONS]
        if len(self.steps) == 1:
            return StepOptions(tuple(options), False)
        if self.steps[1] not in options:
            if s.monument_at(target):
                self._refuse(f"{CELLS[target]} holds {thing_at(s, target)}: it can only be destroyed, "
                             f"not {self.steps[1].value!r}")
            self._refuse(f"a monument is of one of the nine umbrations, not {self.steps[1].value!r}")
        return self._done(2)

    def movers(self) -> list[int]:
        """What Tectonic Failure may move: live pieces and monuments, in cell order."""
        s = self.s
        return sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])

    def _tectonic_failure(self):
        s = self.s
        movers = self.movers()
        # Placed words and dead pieces stay where they are.
        blocked = ({s.word[0]} if s.word else set()) | {p.cell for p in s.pieces if p.dead}
        reach = [[d for d in _one_step(cell) if d not in blocked] for cell in movers]
        if all(r == [cell] for r, cell in zip(reach, movers)):
            self._refuse("nothing can move: every cell next to each live piece and monument holds a dead piece or "
                         "the placed word")

        def later_can_move(k, claimed):
            # Whether one of the things after the k-th can still move, every other one finding a cell.
            rest = reach[k + 1:]
            for j, (r, here) in enumerate(zip(rest, movers[k + 1:])):
                for e in r:
                    if e != here and e not in claimed and _matchable(
                            [[x for x in other if x not in claimed and x != e] for other in rest[:j] + rest[j + 1:]]):
                        return True
            return False

        def moved(claimed):
            return any(d != cell for d, cell in zip(claimed, movers))

        def allowed(k, claimed):
            # Offer only moves after which every later thing can still find a cell, and at least one
            # thing moves (clarification 31).
            return [d for d in reach[k] if d not in claimed
                    and _matchable([[e for e in r if e not in claimed and e != d] for r in reach[k + 1:]])
                    and (d != movers[k] or moved(claimed) or later_can_move(k, claimed + [d]))]

        def stay_problem(k, cell, claimed):
            if not moved(claimed) and not later_can_move(k, claimed + [cell]):
                return f"Tectonic Failure moves at least one thing, and if {thing_at(s, cell)} stays on " \
                       f"{CELLS[cell]} nothing will have moved"
            return f"if {thing_at(s, cell)} stays on {CELLS[cell]}, a later move has nowhere to go"

        def move_problem(k, cell, d, claimed):
            if d not in _one_step(cell):
                return f"{CELLS[d]} is not next to {CELLS[cell]}: Tectonic Failure moves things one cell"
            if d in blocked:
                return f"{CELLS[d]} holds {thing_at(s, d)}, which does not move"
            return f"after {CELLS[cell]}>{CELLS[d]} a later move would have nowhere to go"

        return self._pairs(movers, allowed, stay_problem, move_problem)

    def _select_the_fit(self):
        return self._done(0)

    def _interpretative_dance(self):
        s = self.s
        dancers = [p for p in s.pieces if kingdom_of(p.cell) == "world" and not p.dead and p.umbration != "caprice"]
        possible = [p.cell for p in dancers if _Ability(s, self.performer, p, BASIC[p.umbration], ()).possible()]

        def why(i):
            p = s.piece_at(i)
            if p is None or p.dead:
                return self._target_problem(i)
            if p.umbration == "caprice":
                return "Caprice dances another piece's ability, not its own"
            if kingdom_of(i) != "world":
                return f"{piece_name(p)} is not in the World"
            inner = _Ability(s, self.performer, p, BASIC[p.umbration], ())
            return f"{inner.title} of {piece_name(p)} cannot be danced here: {inner.problem()}"

        r = self._cells(possible, 0, "no live piece in the World has a basic ability Caprice could dance here", why)
        if r:
            return r
        source = s.piece_at(self._cell(0))
        return _Ability(s, self.performer, source, BASIC[source.umbration], self.steps[1:]).options()

    def _go_berserk(self):
        s = self.s
        me = self.performer

        def room(i):
            return [j for j in neighbours(i) if s.blank(j) or j == me.cell]

        # Any other piece will do, a dead one too (clarification 29): its Q cannot fall below zero.
        others = [p.cell for p in s.pieces if p.umbration != me.umbration and room(p.cell)]

        def why(i):
            problem = self._target_problem(i, live=False)
            if problem:
                return problem
            if i == me.cell:
                return "Caprice goes berserk next to another piece, not itself"
            return f"no cell next to {piece_name(s.piece_at(i))} is free"

        r = self._cells(others, 0, "no other piece has a free cell next to it", why)
        if r:
            return r
        target = self._cell(0)

        def why_spot(i):
            if i not in neighbours(target):
                return f"{CELLS[i]} is not next to {CELLS[target]}"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        return self._cells(room(target), 1, "no cell is free", why_spot) or self._done(2)

    def _sum_of_all_knowledge(self):
        return self._done(0)

    # -- text and effect

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The parameters as text, and the canonical steps."""
        st = self.steps
        if self.name == "propaganda":
            cells = sorted(INDEX[x.value] for x in st if x.kind == "cell")
            return " ".join(CELLS[c] for c in cells), tuple(Step.cell(CELLS[c]) for c in cells) + (DONE,)
        if self.name in ("flock-together", "tectonic-failure"):
            return " ".join(x.value for x in st if not x.value.endswith("=")), st
        if self.name == "interpretative-dance":
            source = self.s.piece_at(INDEX[st[0].value])
            inner = _Ability(self.s, self.performer, source, BASIC[source.umbration], st[1:])
            text, canonical = inner.describe()
            return f"{st[0].value} {BASIC[source.umbration]}" + (f" {text}" if text else ""), (st[0],) + canonical
        return " ".join(x.value for x in st), st

    def plan(self):
        """Hashable parameters for carrying the ability out."""
        return tuple((x.kind, x.value) for x in self.steps)


def _one_step(cell: int) -> list[int]:
    """The cell itself and its neighbours: where one step can take a thing."""
    return [cell] + neighbours(cell)


def _matchable(options: list[list[int]]) -> bool:
    """Whether each item can get a different cell from its options
    (augmenting paths: Kuhn's matching)."""
    owner: dict[int, int] = {}

    def place(k: int, seen: set) -> bool:
        for d in options[k]:
            if d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(options)))


def move_dest(value: str, cell: int) -> int:
    """Where a Flock Together or Tectonic Failure move ``A1>B2``/``A1=`` ends."""
    return cell if value.endswith("=") else INDEX[value.split(">")[1]]
