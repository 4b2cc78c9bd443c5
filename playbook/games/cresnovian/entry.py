"""Step-by-step entry: what may follow a partial action, the action once
complete, and the real reason whenever an entry is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, IllegalAction, Step, StepOptions
from .abilities import OPEN_ENDED, ability
from .board import BASIC, CELLS, DIRECTIONS, ELITE, FOUNDATION, INDEX, ROWS, UMBRATIONS, Umbral, kingdom_of
from .phrases import piece_name, thing_at, title

if TYPE_CHECKING:
    from .state import CresnovianState

PASS = Step.choice("pass", "Pass (nothing else is possible)")


def open_ended(s: CresnovianState, prefix: tuple[Step, ...]) -> bool:
    """Whether ``prefix`` enters one of the open-ended abilities
    (:data:`~.abilities.OPEN_ENDED`, danced ones included), which
    ``legal_actions`` does not list."""
    if len(prefix) < 2:
        return False
    name = prefix[1].value
    if name == "interpretative-dance" and len(prefix) >= 3:
        source = s.piece_at(INDEX[prefix[2].value])
        assert source is not None
        name = BASIC[source.umbration]
    return name in OPEN_ENDED


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
        """The steps that may follow those entered so far."""
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
                                    f"({self._why_no_travel(piece)}) and cannot perform "
                                    f"({self._why_no_perform(piece)})")
            return StepOptions(tuple(targets + abilities), False)
        second = self.steps[1]
        if second.kind == "cell":
            if INDEX.get(second.value) not in self._travel_targets(piece):
                raise IllegalAction(self._why_no_travel(piece, second.value), rule="travel")
            return self._last(2, "a travel")
        if second.kind != "choice" or second.value not in self._abilities(piece):
            raise IllegalAction(self._why_no_ability(piece, second.value, self.steps[2:]), rule="perform")
        return ability(s, piece, piece, second.value, self.steps[2:]).options()

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
        return [n for n in names if ability(s, p, p, n).possible()]

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
        return "; ".join(f"{title(n)}: {ability(s, p, p, n).problem()}" for n in names)

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
                return (f"{piece_name(p)} is broken: its next performance only repairs it "
                        f"(perform {CELLS[p.cell]} repair)")
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
                ability(s, p, p, name, rest).options()
            except IllegalAction as exc:
                return str(exc)
        return f"{title(name)} is impossible: {ability(s, p, p, name).problem()}"

    # ---- the action

    def action(self) -> Action:
        """The whole action the steps entered so far make."""
        s = self.s
        steps = self.steps
        if s.phase == "place":
            return Action(f"place {steps[0].value} {steps[1].value}", steps,
                          ("place", steps[0].value, INDEX[steps[1].value]))
        if s.phase == "choose":
            return Action(f"choose {steps[0].value}", steps, ("choose", steps[0].value))
        if steps[0] == PASS:
            return Action("pass", (PASS,), ("pass",))
        if steps[0] == Step.choice("document"):
            words = tuple(steps[1].value.split())
            return Action("document " + " ".join(words), (steps[0], Step.text(" ".join(words), "nine words")),
                          ("document", words))
        piece = self._piece(steps[0])
        if steps[1].kind == "cell":
            return Action(f"travel {steps[0].value} {steps[1].value}", steps,
                          ("travel", piece.umbration, INDEX[steps[1].value]))
        performed = ability(s, piece, piece, steps[1].value, steps[2:])
        params, canonical = performed.describe()
        text = f"perform {steps[0].value} {steps[1].value}" + (" " + params if params else "")
        return Action(text, steps[:2] + canonical, ("perform", piece.umbration, steps[1].value, performed.plan()))


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
