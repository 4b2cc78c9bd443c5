"""Step-by-step entry: what may follow a partial action, and the action once complete."""

from __future__ import annotations

from ...core import Action, IllegalAction, Step, StepOptions
from .board import (BASIC, CELLS, DIRECTIONS, DONE, ELITE, FOUNDATION, INDEX, ROWS, UMBRATIONS, Umbral, kingdom_of,
                    neighbours, other_kingdom)


# Abilities whose entry picks an open-ended set of steps; not listed by legal_actions.
OPEN_ENDED = {"propaganda", "flock-together", "tectonic-failure"}


def open_ended(s, prefix) -> bool:
    """Whether ``prefix`` enters one of the open-ended abilities (danced ones included)."""
    if len(prefix) < 2:
        return False
    name = prefix[1].value
    if name == "interpretative-dance" and len(prefix) >= 3:
        source = s.piece_at(INDEX[prefix[2].value])
        name = BASIC[source.umbration]
    return name in OPEN_ENDED


class Entry:
    """Follows a prefix of steps through the rules: what may come next, and
    the action once complete.  Raises IllegalAction at the first step that
    no legal action allows."""

    def __init__(self, state, steps: tuple[Step, ...]):
        self.s = state
        self.steps = steps

    def options(self) -> StepOptions:
        s = self.s
        if s.phase == "place":
            return self._place()
        if s.phase == "choose":
            return self._expect([Step.choice("left", "Left kingdom"), Step.choice("right", "Right kingdom")])
        if not self.steps:
            starts = [Step.cell(CELLS[p.cell]) for p in s.pieces if self._travel_targets(p) or self._abilities(p)]
            if s.forbid != "document":
                starts.append(Step.choice("document", "Document"))
            return StepOptions(tuple(starts), False)
        first = self.steps[0]
        if first == Step.choice("document"):
            if s.forbid == "document":
                raise IllegalAction("a Critical Rewind forbids documenting this turn", rule="critical rewind")
            if len(self.steps) == 1:
                return StepOptions((Step.text("", "nine words"),), False)
            if len(self.steps) == 2 and self.steps[1].kind == "text":
                words = self.steps[1].value.split()
                if len(words) != 9:
                    raise IllegalAction(f"DOCUMENT adds exactly nine words, not {len(words)}", rule="document")
                for w in words:
                    if not w.isprintable() or '"' in w:
                        raise IllegalAction(f"the word {w!r} cannot be written in a poem", rule="document")
                return StepOptions((), True)
            raise IllegalAction("DOCUMENT takes one text of nine words", rule="document")
        piece = self._piece(first)
        if len(self.steps) == 1:
            targets = [Step.cell(CELLS[i]) for i in self._travel_targets(piece)]
            abilities = [Step.choice(a, a.replace("-", " ").capitalize()) for a in self._abilities(piece)]
            if not targets and not abilities:
                raise IllegalAction(f"the {piece.umbration} piece on {CELLS[piece.cell]} can neither travel nor perform now")
            return StepOptions(tuple(targets + abilities), False)
        second = self.steps[1]
        if second.kind == "cell":
            if INDEX.get(second.value) not in self._travel_targets(piece):
                raise IllegalAction(self._why_no_travel(piece, second.value), rule="travel")
            if len(self.steps) == 2:
                return StepOptions((), True)
            raise IllegalAction("a travel is two cells")
        if second.kind != "choice" or second.value not in self._abilities(piece):
            raise IllegalAction(self._why_no_ability(piece, second.value), rule="perform")
        return _Ability(s, piece, piece, second.value, self.steps[2:]).options()

    def _expect(self, options) -> StepOptions:
        if not self.steps:
            return StepOptions(tuple(options), False)
        if len(self.steps) == 1 and self.steps[0] in options:
            return StepOptions((), True)
        raise IllegalAction(f"expected one of {', '.join(o.value for o in options)}")

    def _place(self) -> StepOptions:
        s = self.s
        placed = {p.umbration for p in s.pieces}
        free = [c for c in FOUNDATION if s.piece_at(INDEX[c]) is None]
        if not self.steps:
            return StepOptions(tuple(Step.choice(u, u.capitalize()) for u in UMBRATIONS if u not in placed), False)
        u = self.steps[0]
        if u.kind != "choice" or u.value not in UMBRATIONS or u.value in placed:
            raise IllegalAction(f"{u.value!r} is not an umbration still to place", rule="set-up")
        if len(self.steps) == 1:
            return StepOptions(tuple(Step.cell(c) for c in free), False)
        if len(self.steps) == 2 and self.steps[1].kind == "cell" and self.steps[1].value in free:
            return StepOptions((), True)
        raise IllegalAction("pieces are placed on free foundation cells: " + " ".join(free), rule="set-up")

    def _piece(self, step: Step) -> Umbral:
        if step.kind != "cell" or step.value not in INDEX:
            raise IllegalAction(f"an action starts with a piece's cell or 'document', not {step.value!r}")
        piece = self.s.piece_at(INDEX[step.value])
        if piece is None:
            raise IllegalAction(f"there is no piece on {step.value}")
        return piece

    def _travel_targets(self, p: Umbral) -> list[int]:
        s = self.s
        if p.dead or p.umbration == s.last_travel or s.forbid == f"travel:{p.umbration}":
            return []
        out = []
        r0, c0 = divmod(p.cell, 9)
        for dr, dc in DIRECTIONS:
            r, c = r0 + dr, c0 + dc
            while 0 <= r < ROWS and 0 <= c < 9 and s.blank(r * 9 + c):
                out.append(r * 9 + c)
                r, c = r + dr, c + dc
        return out

    def _why_no_travel(self, p: Umbral, target: str) -> str:
        if p.dead:
            return f"the {p.umbration} piece is dead (0Q) and cannot travel"
        if p.umbration == self.s.last_travel:
            return f"the {p.umbration} piece travelled on the opponent's last turn"
        if self.s.forbid == f"travel:{p.umbration}":
            return f"a Critical Rewind forbids travelling with the {p.umbration} piece this turn"
        return f"the {p.umbration} piece cannot travel to {target}: straight lines only, over and onto empty cells"

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

    def _why_no_ability(self, p: Umbral, name: str) -> str:
        s = self.s
        if kingdom_of(p.cell) != s.kingdom():
            return f"only pieces in your kingdom ({s.kingdom()}) perform"
        if s.forbid == f"perform:{p.umbration}":
            return f"a Critical Rewind forbids performing with the {p.umbration} piece this turn"
        if p.status == "b":
            return "a broken piece's next performance only repairs it (perform ... repair)"
        if name in ELITE.values() and ELITE.get(p.umbration) == name and p.q < 9:
            return f"an elite ability needs 9Q; the {p.umbration} piece has {p.q}Q"
        if p.q < 3:
            return f"performing needs 3Q; the {p.umbration} piece has {p.q}Q"
        if name not in (BASIC[p.umbration], ELITE[p.umbration]):
            return f"the {p.umbration} piece has no ability {name!r}"
        return f"{name} has nothing it can do here"

    def action(self) -> Action:
        s = self.s
        steps = self.steps
        if s.phase == "place":
            return Action(f"place {steps[0].value} {steps[1].value}", steps, ("place", steps[0].value, INDEX[steps[1].value]))
        if s.phase == "choose":
            return Action(f"choose {steps[0].value}", steps, ("choose", steps[0].value))
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


class _Ability:
    """One ability's parameter entry and effect.  ``performer`` pays and is
    measured from; ``source`` owns the ability (they differ when Caprice
    dances another piece's basic ability)."""

    def __init__(self, state, performer: Umbral, source: Umbral, name: str, steps):
        self.s = state
        self.performer = performer
        self.source = source
        self.name = name
        self.steps = tuple(steps)

    # Each ability: a list of stages; each stage gives the options after the
    # steps so far.  Implemented per ability below.

    def possible(self, budget: int = 400) -> bool:
        """Whether some complete entry exists (a depth-first search that
        stops at the first one), so that no offered step leads nowhere."""
        stack = [self.steps]
        while stack and budget > 0:
            budget -= 1
            steps = stack.pop()
            try:
                opts = _Ability(self.s, self.performer, self.source, self.name, steps).options()
            except IllegalAction:
                continue
            if opts.complete:
                return True
            stack.extend(steps + (o,) for o in reversed(opts.options))
        return False

    def options(self) -> StepOptions:
        handler = getattr(self, "_" + self.name.replace("-", "_"))
        return handler()

    # -- helpers

    def _cells(self, candidates, k: int) -> StepOptions | None:
        """Options for the k-th step being one of ``candidates`` (cell indices);
        None when that step is already given and valid."""
        if len(self.steps) == k:
            if not candidates:
                raise IllegalAction(f"{self.name} has no possible target here", rule=self.name)
            return StepOptions(tuple(Step.cell(CELLS[i]) for i in candidates), False)
        step = self.steps[k]
        if step.kind != "cell" or INDEX.get(step.value) not in candidates:
            raise IllegalAction(f"{step.value} is not a possible choice for {self.name}", rule=self.name)
        return None

    def _cell(self, k: int) -> int:
        return INDEX[self.steps[k].value]

    def _done(self, n: int) -> StepOptions:
        if len(self.steps) == n:
            return StepOptions((), True)
        raise IllegalAction(f"{self.name} takes no more steps", rule=self.name)

    def _live_targets(self, allow_eternal=True):
        return [p.cell for p in self.s.pieces if not p.dead and (allow_eternal or p.status != "e")]

    # -- the abilities

    def _repair(self):
        return self._done(0)

    def _return_home(self):
        s = self.s
        cands = [p.cell for p in s.pieces if p.home >= 0 and p.cell != p.home and s.blank(p.home)]
        return self._cells(cands, 0) or self._done(1)

    def _perfect_eternal(self):
        return self._cells([p.cell for p in self.s.pieces], 0) or self._done(1)

    def _cut(self):
        return self._cells(self._live_targets(), 0) or self._done(1)

    def _breakdown(self):
        cands = [p.cell for p in self.s.pieces if not p.dead and p.status == ""]
        return self._cells(cands, 0) or self._done(1)

    def _energize(self):
        cands = [i for i in [self.performer.cell] + neighbours(self.performer.cell)
                 if (p := self.s.piece_at(i)) and not p.dead and p.status != "e"]
        r = self._cells(cands, 0)
        if r:
            return r
        amounts = [Step.choice(str(n), f"+{n}Q") for n in (1, 2, 3)]
        if len(self.steps) == 1:
            return StepOptions(tuple(amounts), False)
        if self.steps[1] not in amounts:
            raise IllegalAction("Energize adds 1, 2 or 3 Q", rule="energize")
        return self._done(2)

    def _propaganda(self):
        cands = [p.cell for p in self.s.pieces if not p.dead and p.status != "e"]
        chosen = []
        for k, step in enumerate(self.steps):
            if step == DONE:
                if not chosen:
                    raise IllegalAction("Propaganda picks at least one piece", rule="propaganda")
                return self._done(k + 1)
            if step.kind != "cell" or INDEX.get(step.value) not in cands or INDEX[step.value] in chosen:
                raise IllegalAction(f"{step.value} cannot be picked for Propaganda", rule="propaganda")
            chosen.append(INDEX[step.value])
        rest = [Step.cell(CELLS[i]) for i in cands if i not in chosen]
        if not chosen and not rest:
            raise IllegalAction("no piece for Propaganda", rule="propaganda")
        return StepOptions(tuple(rest) + ((DONE,) if chosen else ()), False)

    def _flockers(self) -> list[Umbral]:
        q = self.performer.q
        return [p for p in self.s.pieces if p.q == q and p.umbration != self.performer.umbration]

    def _flock_together(self):
        s = self.s
        home = s.kingdom()
        flockers = self._flockers()
        taken = {p.cell for p in s.pieces if p not in flockers} | {c for c, _ in s.monuments}
        if s.word:
            taken.add(s.word[0])
        for k, p in enumerate(flockers):
            kingdom_free = [i for i in range(27) if kingdom_of(i) == home and i not in taken]
            world_free = [i for i in range(27) if kingdom_of(i) == "world" and i not in taken]
            cands = kingdom_free or world_free
            if len(self.steps) == k:
                return StepOptions(tuple(Step.cell(CELLS[i]) for i in cands), False) if cands else self._raise_full()
            step = self.steps[k]
            if step.kind != "cell" or INDEX.get(step.value) not in cands:
                raise IllegalAction(f"the {p.umbration} piece cannot flock to {step.value}", rule="flock together")
            taken.add(INDEX[step.value])
        return self._done(len(flockers))

    def _raise_full(self):
        raise IllegalAction("no free cell is left for the flock", rule="flock together")

    def _redefinition(self):
        s = self.s
        if not s.poem:
            raise IllegalAction("the communal poem is empty", rule="redefinition")
        words = [Step.choice(str(n + 1), f"{n + 1}: {w}") for n, w in enumerate(s.poem)]
        if not self.steps:
            return StepOptions(tuple(words), False)
        if self.steps[0] not in words:
            raise IllegalAction("choose a word of the poem by its number", rule="redefinition")
        free = [i for i in range(27) if s.blank(i) or (s.word and s.word[0] == i)]
        return self._cells(free, 1) or self._done(2)

    def _critical_rewind(self):
        if not self.s.before:
            raise IllegalAction("there is no opponent's turn to undo", rule="critical rewind")
        return self._done(0)

    def _teleport(self):
        s = self.s
        things = [p.cell for p in s.pieces] + [c for c, _ in s.monuments]
        r = self._cells(sorted(things), 0)
        if r:
            return r
        free = [i for i in range(27) if s.blank(i)]
        return self._cells(free, 1) or self._done(2)

    def _spectacle(self):
        s = self.s
        mine = [p.cell for p in s.pieces if kingdom_of(p.cell) == s.kingdom()]
        r = self._cells(mine, 0)
        if r:
            return r
        theirs = [i for i in range(27) if kingdom_of(i) == other_kingdom(s.kingdom()) and s.blank(i)]
        return self._cells(theirs, 1) or self._done(2)

    def _ultraviolent_ray(self):
        return self._done(0)

    def _build_monument(self):
        s = self.s
        around = neighbours(self.performer.cell)
        cands = [i for i in around if s.blank(i) or s.monument_at(i)]
        r = self._cells(cands, 0)
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
            raise IllegalAction("build a monument of an umbration on a blank cell, or destroy one", rule="build monument")
        return self._done(2)

    def _movers(self) -> list[int]:
        s = self.s
        return sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])

    def _tectonic_failure(self):
        s = self.s
        movers = self._movers()
        claimed: set[int] = set()
        # Placed words and dead pieces stay where they are.
        blocked = ({s.word[0]} if s.word else set()) | {p.cell for p in s.pieces if p.dead}
        reach = [[d for d in _one_step(cell) if d not in blocked] for cell in movers]
        for k, cell in enumerate(movers):
            # Offer only moves after which every later piece can still find a cell.
            allowed = [d for d in reach[k] if d not in claimed
                       and _matchable([[e for e in r if e not in claimed and e != d] for r in reach[k + 1:]])]
            opts = [Step.choice(f"{CELLS[cell]}>{CELLS[d]}" if d != cell else f"{CELLS[cell]}=",
                                f"{CELLS[cell]} stays" if d == cell else f"{CELLS[cell]} → {CELLS[d]}") for d in allowed]
            if len(self.steps) == k:
                if not opts:
                    raise IllegalAction(f"{CELLS[cell]} has nowhere left to go", rule="tectonic failure")
                return StepOptions(tuple(opts), False)
            if self.steps[k] not in opts:
                raise IllegalAction(f"{self.steps[k].value} is not a possible move for {CELLS[cell]}", rule="tectonic failure")
            claimed.add(tectonic_dest(self.steps[k].value, cell))
        return self._done(len(movers))

    def _select_the_fit(self):
        return self._done(0)

    def _interpretative_dance(self):
        s = self.s
        dancers = [p for p in s.pieces if kingdom_of(p.cell) == "world" and not p.dead and p.umbration != "caprice"]
        possible = [p.cell for p in dancers if _Ability(s, self.performer, p, BASIC[p.umbration], ()).possible()]
        r = self._cells(possible, 0)
        if r:
            return r
        source = s.piece_at(self._cell(0))
        inner = _Ability(s, self.performer, source, BASIC[source.umbration], self.steps[1:])
        return inner.options()

    def _go_berserk(self):
        s = self.s
        others = [p.cell for p in s.pieces if p.umbration != self.performer.umbration and not p.dead
                  and any(s.blank(i) or i == self.performer.cell for i in neighbours(p.cell))]
        r = self._cells(others, 0)
        if r:
            return r
        target = self._cell(0)
        spots = [i for i in neighbours(target) if s.blank(i) or i == self.performer.cell]
        return self._cells(spots, 1) or self._done(2)

    def _sum_of_all_knowledge(self):
        return self._done(0)

    # -- text and effect

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The parameters as text, and the canonical steps."""
        st = self.steps
        if self.name == "propaganda":
            cells = sorted(INDEX[x.value] for x in st if x.kind == "cell")
            return " ".join(CELLS[c] for c in cells), tuple(Step.cell(CELLS[c]) for c in cells) + (DONE,)
        if self.name == "flock-together":
            pairs = [f"{CELLS[p.cell]}>{x.value}" for p, x in zip(self._flockers(), st)]
            return " ".join(pairs), st
        if self.name == "tectonic-failure":
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


def tectonic_dest(value: str, cell: int) -> int:
    return cell if value.endswith("=") else INDEX[value.split(">")[1]]
