"""Cresnovian Chess v0.4.1: nine umbral pieces that belong to nobody.

The board has 3 rows and 9 columns: columns ``A``-``C`` are the left
kingdom, ``D``-``F`` the World, ``G``-``I`` the right kingdom; rows ``1``-``3``
run top to bottom.  The foundation cells are A1 A2 A3 D3 E3 F3 I1 I2 I3.
Each piece has a Q total; a piece at 0Q is *dead*.  A player acts with
pieces according to where they stand, and loses when the pieces standing in
their kingdom hold zero Q in total after a turn.

Set-up
------
The first player places the nine pieces on the foundation cells
(``place essence A1``, nine times), each with 3Q; the second player chooses a
kingdom (``choose left`` or ``choose right``) and takes the first turn.
``initial(arrangement=..., second="right")`` skips the set-up.

Actions (one per turn)
----------------------
- ``travel A1 G1``: any live piece moves in a straight line (diagonals too),
  not over or onto pieces, monuments or placed words, and not the piece the
  opponent travelled with on the turn before.  Starting in the mover's own
  kingdom it earns 1Q per cell (a broken piece earns nothing).
- ``perform <cell> <ability> <parameters>``: a piece in the mover's kingdom
  with 3Q (basic) or 9Q (elite) uses an ability, then loses 1Q, unless it
  began next to (diagonals count) a monument of its own umbration.
- ``document <nine words>``: the words go to the end of the communal poem,
  then every live piece in the mover's kingdom is set to the highest Q there.

Abilities and their parameters
------------------------------
==============  =====================  =========================================
umbration       basic                  elite
==============  =====================  =========================================
essence         ``return-home T``      ``perfect-eternal T``
duality         ``cut T``              ``flock-together A1>B2 ...`` (each
                                       flocking piece and where it goes)
cosmos          ``breakdown T``        ``redefinition N C`` (poem word number N
                                       onto blank cell C)
velocity        ``critical-rewind``    ``teleport F C`` (piece or monument)
radiance        ``spectacle P C``      ``ultraviolent-ray``
corporeality    ``build-monument C U`` ``tectonic-failure A1>B2 ...`` (each
                or ``... C destroy``   piece or monument that moves)
innervation     ``energize T N``       ``select-the-fit``
caprice         ``interpretative-dance ``go-berserk T C`` (next to T, on C)
                W <basic> ...``
cognizance      ``propaganda T T ...`` ``sum-of-all-knowledge``
==============  =====================  =========================================

A broken piece (``Qb``) performs ``repair``: it does nothing but mend.  Q
never goes below zero; an eternal piece (``3Qe``) never changes Q.

Rules clarifications
--------------------
1. Return Home sends a piece to the foundation cell it was placed on at
   set-up.
2. Ultraviolent Ray lowers pieces above 1Q to 1Q; dead pieces stay dead,
   eternal pieces keep 3Q, and the performer is spared (it pays only the 1Q).
3. When Caprice dances another piece's ability, Caprice is the performer:
   distances and adjacency are measured from Caprice, its own monuments
   waive the cost, and it pays the 1Q.
4. Flock Together moves the other pieces with the performer's Q (before it
   pays); the performer stays where it is.  Pieces already in the kingdom
   may stay on their cells.
5. Teleport may move a dead piece (the rules say so); Tectonic Failure
   moves only live pieces and monuments.  Moves are simultaneous: no two
   things may end on one cell, nothing onto a placed word.
6. "The piece with the highest Q" for DOCUMENT: on a tie any of them gives
   the same number, so only the value matters.  Dead and eternal pieces keep
   their Q.
7. Both kingdoms at zero Q after one turn is a draw.  A kingdom with no
   piece in it holds zero Q and loses.
8. Go Berserk costs both pieces 9Q, and the performer then pays the usual
   1Q for performing.
9. A broken piece needs 3Q to perform its repair, which costs the usual 1Q
   (waived next to its own monument).  Breakdown cannot target an eternal
   piece, and Energize cannot raise one.
10. Abilities that change Q (Cut, Breakdown, Energize, Propaganda, Go
    Berserk) cannot target a dead piece; Return Home, Perfect Eternal,
    Teleport and Spectacle can.
11. Critical Rewind needs an opponent's turn to undo (not on the first turn
    of play); the performer pays its 1Q in the restored position.
12. Propaganda picks at least one live, non-eternal piece.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from ..core import Action, Game, IllegalAction, NotationError, Outcome, State, Step, StepOptions
from ..render import Cell, Glyph, Piece, Scene

COLS = "ABCDEFGHI"
ROWS = 3
CELLS = [COLS[i % 9] + str(i // 9 + 1) for i in range(27)]
INDEX = {c: i for i, c in enumerate(CELLS)}
FOUNDATION = ("A1", "A2", "A3", "D3", "E3", "F3", "I1", "I2", "I3")
UMBRATIONS = ("essence", "duality", "cosmos", "velocity", "radiance", "corporeality", "innervation", "caprice", "cognizance")
BASIC = {
    "essence": "return-home", "duality": "cut", "cosmos": "breakdown", "velocity": "critical-rewind",
    "radiance": "spectacle", "corporeality": "build-monument", "innervation": "energize",
    "caprice": "interpretative-dance", "cognizance": "propaganda",
}
ELITE = {
    "essence": "perfect-eternal", "duality": "flock-together", "cosmos": "redefinition", "velocity": "teleport",
    "radiance": "ultraviolent-ray", "corporeality": "tectonic-failure", "innervation": "select-the-fit",
    "caprice": "go-berserk", "cognizance": "sum-of-all-knowledge",
}
ABILITY_OWNER = {**{a: u for u, a in BASIC.items()}, **{a: u for u, a in ELITE.items()}}
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
DONE = Step.choice("done", "Done")
ABBREVIATION = {
    "essence": "Es", "duality": "Du", "cosmos": "Cs", "velocity": "Ve", "radiance": "Ra",
    "corporeality": "Cp", "innervation": "In", "caprice": "Ca", "cognizance": "Cg",
}
STYLE = {  # glyph shape and colour per umbration
    "essence": ("circle", "#e8e2d0"), "duality": ("diamond", "#7a7a7a"), "cosmos": ("star", "#3b3b98"),
    "velocity": ("chevron", "#2aa198"), "radiance": ("octagon", "#f2c14e"), "corporeality": ("square", "#8d5524"),
    "innervation": ("triangle", "#3a9a4a"), "caprice": ("hexagon", "#d33682"), "cognizance": ("pentagon", "#6c71c4"),
}


def kingdom_of(i: int) -> str:
    col = i % 9
    return "left" if col < 3 else "world" if col < 6 else "right"


def neighbours(i: int) -> list[int]:
    r, c = divmod(i, 9)
    return [(r + dr) * 9 + c + dc for dr, dc in DIRECTIONS if 0 <= r + dr < ROWS and 0 <= c + dc < 9]


@dataclass(frozen=True)
class Umbral:
    """One piece: its umbration, cell, Q, status (``""``, ``"b"`` broken,
    ``"e"`` eternal) and home (the foundation cell it was placed on)."""

    umbration: str
    cell: int
    q: int
    status: str = ""
    home: int = -1

    @property
    def dead(self) -> bool:
        return self.q == 0

    def with_q(self, q: int) -> "Umbral":
        """This piece with Q set to ``q`` (never below 0; eternal pieces keep 3)."""
        return self if self.status == "e" else replace(self, q=max(0, q))

    def code(self) -> str:
        return f"{self.q}Q{self.status}"


# ---------------------------------------------------------------- the state


@dataclass(frozen=True, eq=False, repr=False)
class CresnovianState(State):
    pieces: tuple = ()  # Umbral values, in UMBRATIONS order of those on the board
    monuments: tuple = ()  # ((cell, umbration), ...) sorted by cell
    word: tuple = ()  # () or (cell, word): a Redefined word on the field
    poem: tuple = ()
    phase: str = "place"  # place, choose, play
    turn: str = "first"
    second_kingdom: str = ""
    last_travel: str = ""  # umbration the previous mover travelled with
    last_turn: str = ""  # "travel:<u>", "perform:<u>" or "document": the previous turn
    forbid: str = ""  # what a Critical Rewind forbids the mover this turn
    before: str = ""  # text of the position before the previous turn
    names: tuple = ("Left Kingdom", "Right Kingdom")
    game: "CresnovianChess" = field(default=None, repr=False)

    # ---- reading the position

    @property
    def to_move(self) -> str:
        return self.turn

    def kingdom(self, player: str | None = None) -> str:
        """The kingdom (``left``/``right``) of ``player`` (default: the mover)."""
        player = player or self.turn
        if not self.second_kingdom:
            return ""
        return self.second_kingdom if player == "second" else _other_kingdom(self.second_kingdom)

    def piece_at(self, i: int) -> Umbral | None:
        for p in self.pieces:
            if p.cell == i:
                return p
        return None

    def piece(self, umbration: str) -> Umbral:
        return next(p for p in self.pieces if p.umbration == umbration)

    def monument_at(self, i: int) -> str | None:
        for cell, u in self.monuments:
            if cell == i:
                return u
        return None

    def blank(self, i: int) -> bool:
        """Nothing on the cell: no piece, monument or placed word."""
        return self.piece_at(i) is None and self.monument_at(i) is None and not (self.word and self.word[0] == i)

    def total(self, kingdom: str) -> int:
        return sum(p.q for p in self.pieces if kingdom_of(p.cell) == kingdom)

    def _compute_outcome(self) -> Outcome | None:
        if self.phase != "play":
            return None
        left, right = self.total("left"), self.total("right")
        if left and right:
            return None
        who = {k: ("second" if self.second_kingdom == k else "first") for k in ("left", "right")}
        if not left and not right:
            return Outcome((), "both kingdoms hold zero Q")
        loser = "left" if not left else "right"
        winner = "right" if loser == "left" else "left"
        return Outcome((who[winner],), f"the {loser} kingdom ({self.names[0 if loser == 'left' else 1]}) holds zero Q")

    def status(self) -> str:
        if self.outcome is not None:
            return super().status()
        if self.phase == "place":
            return f"First player: place the pieces ({9 - len(self.pieces)} left)"
        if self.phase == "choose":
            return "Second player: choose a kingdom"
        k = self.kingdom()
        return f"{self.turn.capitalize()} ({k} kingdom) to move. Q: left {self.total('left')}, right {self.total('right')}"

    # ---- text

    def _data(self) -> dict:
        return {
            "phase": self.phase, "turn": self.turn, "second-kingdom": self.second_kingdom,
            "pieces": [[p.umbration, CELLS[p.cell], p.code(), CELLS[p.home] if p.home >= 0 else ""] for p in self.pieces],
            "monuments": [[CELLS[c], u] for c, u in self.monuments],
            "word": [CELLS[self.word[0]], self.word[1]] if self.word else [],
            "poem": list(self.poem), "last-travel": self.last_travel, "last-turn": self.last_turn,
            "forbid": self.forbid, "names": list(self.names), "before": self.before,
        }

    def to_text(self) -> str:
        return json.dumps(self._data(), separators=(",", ":"))

    def _key(self):
        return (self.pieces, self.monuments, self.word, self.poem, self.phase, self.turn, self.second_kingdom,
                self.last_travel, self.last_turn, self.forbid, self.before, self.names)

    def __eq__(self, other):
        if not isinstance(other, CresnovianState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<Cresnovian Chess: {self.status()}>"

    # ---- forum tables

    def to_forum(self) -> str:
        """The board as the forum's table code, then the communal poem."""
        head = [self.names[0]] * 3 + ["World"] * 3 + [self.names[1]] * 3
        rows = ["[TR]" + "".join(f"[TH]{h}[/TH]" for h in head) + "[/TR]"]
        for r in range(ROWS):
            cells = []
            for c in range(9):
                i = r * 9 + c
                p, m = self.piece_at(i), self.monument_at(i)
                if p:
                    text = f":{p.umbration.upper()}:{p.code()}"
                elif m:
                    text = f":{m}:m"
                elif self.word and self.word[0] == i:
                    text = self.word[1]
                else:
                    text = ""
                cells.append(f"[TD]{text}[/TD]")
            rows.append("[TR]" + "".join(cells) + "[/TR]")
        poem = " ".join(self.poem) if self.poem else "(To be written)"
        return "[TABLE]" + "\n".join(rows) + "[/TABLE]\nCOMMUNAL POEM:\n" + poem

    # ---- step entry

    def next_steps(self, prefix=()) -> StepOptions:
        prefix = tuple(prefix)
        self._refuse_if_over()
        node = _Entry(self, prefix)
        return node.options()

    def action_from_steps(self, steps) -> Action:
        steps = tuple(steps)
        entry = _Entry(self, steps)
        if not entry.options().complete:
            raise IllegalAction("these steps do not make a whole action yet")
        return entry.action()

    def legal_actions(self) -> list[Action]:
        """Every listable action: placements, the kingdom choice, travels and
        performances without open-ended choices.  Subsets (Propaganda),
        per-piece moves (Flock Together, Tectonic Failure) and DOCUMENT's
        words are entered through :meth:`next_steps`."""
        if self.outcome is not None:
            return []
        out = []

        def walk(prefix, depth):
            opts = self.next_steps(prefix)
            if opts.complete:
                out.append(self.action_from_steps(prefix))
            if depth == 0:
                return
            for step in opts.options:
                if step.kind == "text" or step == DONE:
                    continue
                if _open_ended(self, prefix):
                    continue
                walk(prefix + (step,), depth - 1)

        walk((), 6)
        return out

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        self._refuse_if_over()
        steps = _steps_from_text(self, text.strip())
        return self.action_from_steps(steps)

    def _apply(self, action: Action) -> "CresnovianState":
        return _apply(self, action)

    # ---- drawing

    def view(self) -> Scene:
        cells, pieces = [], []
        zone = {"left": "kingdom-a", "world": "world", "right": "kingdom-b"}
        for i, name in enumerate(CELLS):
            r, c = divmod(i, 9)
            text = self.word[1] if self.word and self.word[0] == i else ""
            z = zone[kingdom_of(i)]
            cells.append(Cell(name, c, r, zone=z, text=text))
        for p in self.pieces:
            shape, colour = STYLE[p.umbration]
            status = {"b": " (broken)", "e": " (eternal)"}.get(p.status, "")
            title = f"{p.umbration.capitalize()} {p.code()}{status}{' (dead)' if p.dead else ''} on {CELLS[p.cell]}"
            pieces.append(Piece((CELLS[p.cell],), "neutral", (Glyph(shape, 0.62, dy=-0.08),), letter=ABBREVIATION[p.umbration],
                                badges=(p.code(),), title=title, dim=p.dead, color=colour))
        for cell, u in self.monuments:
            shape, colour = STYLE[u]
            pieces.append(Piece((CELLS[cell],), "neutral", (Glyph(shape, 0.34, dy=-0.1),), badges=(f"{ABBREVIATION[u].lower()} m",),
                                title=f"{u} monument on {CELLS[cell]}", color=colour))
        poem = " ".join(self.poem) if self.poem else "(to be written)"
        names = self.names
        caption = [f"{names[0]}: {self.total('left')}Q   World: {self.total('world')}Q   {names[1]}: {self.total('right')}Q",
                   f"Poem: {poem[:90]}{'…' if len(poem) > 90 else ''}", self.status()]
        return Scene(cells, pieces, files=list(COLS), ranks=["1", "2", "3"], caption=caption, title="Cresnovian Chess")


def _other_kingdom(k: str) -> str:
    return "left" if k == "right" else "right"


# Abilities whose entry picks an open-ended set of steps; not listed by legal_actions.
OPEN_ENDED = {"propaganda", "flock-together", "tectonic-failure"}


def _open_ended(s, prefix) -> bool:
    if len(prefix) < 2:
        return False
    name = prefix[1].value
    if name == "interpretative-dance" and len(prefix) >= 3:
        source = s.piece_at(INDEX[prefix[2].value])
        name = BASIC[source.umbration]
    return name in OPEN_ENDED


# ------------------------------------------------------------ step entry


class _Entry:
    """Follows a prefix of steps through the rules: what may come next, and
    the action once complete.  Raises IllegalAction at the first step that
    no legal action allows."""

    def __init__(self, state: CresnovianState, steps: tuple[Step, ...]):
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
        theirs = [i for i in range(27) if kingdom_of(i) == _other_kingdom(s.kingdom()) and s.blank(i)]
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
            claimed.add(_tectonic_dest(self.steps[k].value, cell))
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


def _tectonic_dest(value: str, cell: int) -> int:
    return cell if value.endswith("=") else INDEX[value.split(">")[1]]


# ------------------------------------------------------------ reading texts


def _steps_from_text(s: CresnovianState, text: str) -> tuple[Step, ...]:
    """The steps that enter the action written ``text``."""
    if not text:
        raise NotationError("an empty action")
    words = text.split()
    verb = words[0]
    if verb == "place":
        if len(words) != 3:
            raise NotationError("write 'place <umbration> <cell>'", text, len(text) - 1)
        return (Step.choice(words[1]), _cell_step(words[2], text))
    if verb == "choose":
        if len(words) != 2:
            raise NotationError("write 'choose left' or 'choose right'", text, len(text) - 1)
        return (Step.choice(words[1]),)
    if verb == "document":
        return (Step.choice("document"), Step.text(" ".join(words[1:]), "nine words"))
    if verb == "travel":
        if len(words) != 3:
            raise NotationError("write 'travel <from> <to>'", text, len(text) - 1)
        return (_cell_step(words[1], text), _cell_step(words[2], text))
    if verb != "perform":
        raise NotationError("an action starts with travel, perform, document, place or choose", text, 0)
    if len(words) < 3:
        raise NotationError("write 'perform <cell> <ability> ...'", text, len(text) - 1)
    steps = [_cell_step(words[1], text), Step.choice(words[2])]
    name, params = words[2], words[3:]
    if name not in ABILITY_OWNER and name != "repair":
        raise NotationError(f"unknown ability {name!r}", text, text.index(name))
    steps += _param_steps(s, INDEX[words[1]], name, params, text)
    return tuple(steps)


def _cell_step(word: str, text: str) -> Step:
    if word not in INDEX:
        raise NotationError(f"{word!r} is not a cell (A1 to I3)", text, text.index(word))
    return Step.cell(word)


def _param_steps(s, performer_cell, name, params, text):
    if name == "propaganda":
        return [_cell_step(w, text) for w in params] + [DONE]
    if name == "flock-together":
        out = []
        for w in params:
            if ">" not in w:
                raise NotationError("Flock Together lists <from>><to> pairs", text, text.index(w))
            out.append(_cell_step(w.split(">")[1], text))
        return out
    if name == "tectonic-failure":
        moves = {}
        for w in params:
            if ">" not in w:
                raise NotationError("Tectonic Failure lists <from>><to> moves", text, text.index(w))
            a, b = w.split(">", 1)
            _cell_step(a, text), _cell_step(b, text)
            moves[a] = w
        things = sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])
        unknown = set(moves) - {CELLS[c] for c in things}
        if unknown:
            raise IllegalAction(f"nothing Tectonic Failure can move stands on {', '.join(sorted(unknown))}", rule="tectonic failure")
        return [Step.choice(moves.get(CELLS[c], f"{CELLS[c]}=")) for c in things]
    if name == "interpretative-dance":
        if len(params) < 2:
            raise NotationError("write 'interpretative-dance <world piece> <its ability> ...'", text, len(text) - 1)
        source_cell = INDEX.get(params[0])
        if source_cell is None:
            raise NotationError(f"{params[0]!r} is not a cell", text, text.index(params[0]))
        source = s.piece_at(source_cell)
        if source is not None and BASIC[source.umbration] != params[1]:
            raise IllegalAction(f"the piece on {params[0]} is {source.umbration}: its basic ability is "
                                f"{BASIC[source.umbration]}, not {params[1]}", rule="interpretative dance")
        return [Step.cell(params[0])] + _param_steps(s, performer_cell, params[1], params[2:], text)
    out = []
    for w in params:
        out.append(Step.cell(w) if w in INDEX else Step.choice(w))
    return out


# ------------------------------------------------------------ carrying out


def _apply(s: CresnovianState, action: Action) -> CresnovianState:
    data = action.data
    kind = data[0]
    if kind == "place":
        _, u, cell = data
        pieces = tuple(sorted(s.pieces + (Umbral(u, cell, 3, "", cell),), key=lambda p: UMBRATIONS.index(p.umbration)))
        return replace(s, pieces=pieces, phase="choose" if len(pieces) == 9 else "place",
                       turn="second" if len(pieces) == 9 else "first")
    if kind == "choose":
        return replace(s, phase="play", second_kingdom=data[1], turn="second")
    snapshot = replace(s, before="").to_text()
    nxt = "first" if s.turn == "second" else "second"
    common = dict(turn=nxt, forbid="", before=snapshot)
    if kind == "document":
        home = s.kingdom()
        mine = [p for p in s.pieces if kingdom_of(p.cell) == home]
        top = max((p.q for p in mine), default=0)
        pieces = tuple(p.with_q(top) if kingdom_of(p.cell) == home and not p.dead else p for p in s.pieces)
        return replace(s, pieces=pieces, poem=s.poem + data[1], last_travel="", last_turn="document", **common)
    if kind == "travel":
        _, u, dest = data
        p = s.piece(u)
        distance = max(abs(dest // 9 - p.cell // 9), abs(dest % 9 - p.cell % 9))
        earned = distance if kingdom_of(p.cell) == s.kingdom() and p.status != "b" else 0
        moved = replace(p.with_q(p.q + earned), cell=dest)
        pieces = tuple(moved if x.umbration == u else x for x in s.pieces)
        return replace(s, pieces=pieces, last_travel=u, last_turn=f"travel:{u}", **common)
    _, u, name, plan = data
    performer = s.piece(u)
    waived = any(s.monument_at(i) == u for i in neighbours(performer.cell))
    steps = tuple(Step(k, v) for k, v in plan)
    if name == "critical-rewind" or (name == "interpretative-dance" and _danced(s, steps) == "critical-rewind"):
        restored = s.game.parse(s.before)
        if not waived:
            pieces = tuple(x.with_q(x.q - 1) if x.umbration == u else x for x in restored.pieces)
            restored = replace(restored, pieces=pieces)
        forbid = s.last_turn if s.last_turn != "document" else "document"
        return replace(restored, forbid=forbid, last_travel="", last_turn=f"perform:{u}", before=snapshot)
    world = _World(s)
    if name == "repair":
        world.set(u, status="")
    else:
        _effect(world, performer, name, steps)
    if not waived:
        world.add_q(u, -1)
    return replace(s, pieces=world.pieces(), monuments=world.monuments_tuple(), word=world.word, poem=world.poem,
                   last_travel="", last_turn=f"perform:{u}", **common)


def _danced(s, steps) -> str:
    source = s.piece_at(INDEX[steps[0].value])
    return BASIC[source.umbration]


class _World:
    """A mutable copy of the board for carrying out an ability."""

    def __init__(self, s: CresnovianState):
        self.s = s
        self.by_u = {p.umbration: p for p in s.pieces}
        self.monuments = dict(s.monuments)
        self.word = s.word
        self.poem = s.poem

    def at(self, cell: int) -> Umbral | None:
        return next((p for p in self.by_u.values() if p.cell == cell), None)

    def set(self, u: str, **changes) -> None:
        self.by_u[u] = replace(self.by_u[u], **changes)

    def add_q(self, u: str, delta: int) -> None:
        self.by_u[u] = self.by_u[u].with_q(self.by_u[u].q + delta)

    def set_q(self, u: str, q: int) -> None:
        self.by_u[u] = self.by_u[u].with_q(q)

    def pieces(self) -> tuple:
        return tuple(sorted(self.by_u.values(), key=lambda p: UMBRATIONS.index(p.umbration)))

    def monuments_tuple(self) -> tuple:
        return tuple(sorted(self.monuments.items()))


def _effect(w: _World, performer: Umbral, name: str, steps: tuple[Step, ...]) -> None:
    s = w.s
    cell = lambda k: INDEX[steps[k].value]  # noqa: E731
    target = lambda k: w.at(cell(k))  # noqa: E731
    if name == "return-home":
        p = target(0)
        w.set(p.umbration, cell=p.home)
    elif name == "perfect-eternal":
        p = target(0)
        w.set(p.umbration, q=3, status="e")
    elif name == "cut":
        p = target(0)
        w.set_q(p.umbration, p.q // 2)
    elif name == "breakdown":
        w.set(target(0).umbration, status="b")
    elif name == "energize":
        p = target(0)
        w.set_q(p.umbration, p.q + int(steps[1].value))
        if p.status == "b":
            w.set(p.umbration, status="")
    elif name == "propaganda":
        for x in steps:
            if x.kind == "cell":
                w.add_q(w.at(INDEX[x.value]).umbration, -1)
    elif name == "flock-together":
        flockers = [p for p in s.pieces if p.q == performer.q and p.umbration != performer.umbration]
        for p, x in zip(flockers, steps):
            w.set(p.umbration, cell=INDEX[x.value])
    elif name == "redefinition":
        n = int(steps[0].value) - 1
        poem = list(w.poem)
        new_word = poem.pop(n)
        if w.word:
            poem.append(w.word[1])
        w.poem = tuple(poem)
        w.word = (cell(1), new_word)
    elif name == "teleport":
        src, dst = cell(0), cell(1)
        p = w.at(src)
        if p is not None:
            w.set(p.umbration, cell=dst)
        else:
            w.monuments[dst] = w.monuments.pop(src)
    elif name == "spectacle":
        w.monuments[cell(1)] = target(0).umbration
    elif name == "ultraviolent-ray":
        row = performer.cell // 9
        for p in list(w.by_u.values()):
            if p.cell // 9 == row and p.umbration != performer.umbration and p.q > 1:
                w.set_q(p.umbration, 1)
        w.monuments = {c: u for c, u in w.monuments.items() if c // 9 != row}
    elif name == "build-monument":
        if steps[1].value == "destroy":
            del w.monuments[cell(0)]
        else:
            w.monuments[cell(0)] = steps[1].value
    elif name == "tectonic-failure":
        movers = sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])
        pieces_at = {p.cell: p.umbration for p in s.pieces}
        old_monuments = dict(s.monuments)
        new_monuments = {c: u for c, u in old_monuments.items() if c not in movers}
        for c, x in zip(movers, steps):
            dest = _tectonic_dest(x.value, c)
            if c in pieces_at and not s.piece_at(c).dead:
                w.set(pieces_at[c], cell=dest)
            else:
                new_monuments[dest] = old_monuments[c]
        w.monuments = new_monuments
    elif name == "select-the-fit":
        for p in list(w.by_u.values()):
            if p.q < 9:
                w.set_q(p.umbration, 0)
    elif name == "interpretative-dance":
        source = target(0)
        _effect(w, performer, BASIC[source.umbration], steps[1:])
    elif name == "go-berserk":
        victim = target(0)
        w.set(performer.umbration, cell=cell(1))
        w.add_q(victim.umbration, -9)
        w.add_q(performer.umbration, -9)
    elif name == "sum-of-all-knowledge":
        w.add_q(performer.umbration, len(w.monuments))


# ------------------------------------------------------------ the game


class CresnovianChess(Game):
    """Cresnovian Chess v0.4.1."""

    name = "cresnovian"
    title = "Cresnovian Chess"
    players = ("first", "second")

    def initial(self, arrangement: dict[str, str] | None = None, second: str = "right",
                names: tuple[str, str] = ("Left Kingdom", "Right Kingdom")) -> CresnovianState:
        """The set-up phase, or with ``arrangement`` (cell -> umbration for
        the nine foundation cells) a game ready to play: the second player
        holds the ``second`` kingdom and moves first."""
        state = CresnovianState(names=tuple(names), game=self)
        if arrangement is None:
            return state
        if sorted(arrangement) != sorted(FOUNDATION) or sorted(arrangement.values()) != sorted(UMBRATIONS):
            raise IllegalAction("an arrangement puts each of the nine umbrations on one foundation cell", rule="set-up")
        for cell, u in sorted(arrangement.items()):
            state = state.play(f"place {u} {cell}")
        return state.play(f"choose {second}")

    def setup(self, pieces: dict[str, str], mover: str = "left", monuments: dict[str, str] | None = None,
              poem: str = "", word: tuple[str, str] | None = None, homes: dict[str, str] | None = None,
              names: tuple[str, str] = ("Left Kingdom", "Right Kingdom")) -> CresnovianState:
        """A position in play: ``pieces`` maps cells to ``"<umbration> <Q>"``
        (``"cosmos 3Qb"``, ``"essence 3Qe"``); ``mover`` is the kingdom to
        move (held by the second player).  A piece's home is the foundation
        cell it stands on unless ``homes`` says otherwise."""
        made = []
        for cell, code in pieces.items():
            try:
                u, q = code.split()
                amount, status = q.split("Q")
            except ValueError:
                raise NotationError(f"write a piece as '<umbration> <n>Q', not {code!r}") from None
            if u not in UMBRATIONS or cell not in INDEX or status not in ("", "b", "e"):
                raise NotationError(f"cannot read the piece {code!r} on {cell!r}")
            home = (homes or {}).get(u, cell if cell in FOUNDATION else "")
            if any(m.umbration == u for m in made):
                raise NotationError(f"each umbration stands on the board once; {u} is given twice")
            made.append(Umbral(u, INDEX[cell], int(amount), status, INDEX[home] if home else -1))
        return CresnovianState(
            pieces=tuple(sorted(made, key=lambda p: UMBRATIONS.index(p.umbration))),
            monuments=tuple(sorted((INDEX[c], u) for c, u in (monuments or {}).items())),
            word=(INDEX[word[0]], word[1]) if word else (), poem=tuple(poem.split()), phase="play", turn="second",
            second_kingdom=mover, names=tuple(names), game=self,
        )

    def parse(self, text: str) -> CresnovianState:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise NotationError(f"a Cresnovian position is JSON text: {getattr(exc, 'msg', exc)}", text if isinstance(text, str) else None,
                                getattr(exc, "pos", None)) from None
        try:
            pieces = tuple(sorted((Umbral(u, INDEX[c], int(q.split("Q")[0]), q.split("Q")[1], INDEX[h] if h else -1)
                                   for u, c, q, h in data["pieces"]), key=lambda p: UMBRATIONS.index(p.umbration)))
            return CresnovianState(
                pieces=pieces, monuments=tuple(sorted((INDEX[c], u) for c, u in data["monuments"])),
                word=(INDEX[data["word"][0]], data["word"][1]) if data["word"] else (), poem=tuple(data["poem"]),
                phase=data["phase"], turn=data["turn"], second_kingdom=data["second-kingdom"],
                last_travel=data["last-travel"], last_turn=data["last-turn"], forbid=data["forbid"],
                before=data["before"], names=tuple(data["names"]), game=self,
            )
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise NotationError(f"a Cresnovian position is missing or garbles a field: {exc}") from None

    def from_forum(self, text: str, to_move: str) -> CresnovianState:
        """A position pasted from the forum: the ``[TABLE]`` code and the
        COMMUNAL POEM block.  ``to_move`` is ``"left"``, ``"right"`` or a
        player's name from the header.  The pieces' homes are taken as the
        foundation cells they stand on if any, else unknown."""
        return _read_forum(self, text, to_move)


def _read_forum(game, text: str, to_move: str) -> CresnovianState:
    import re

    if "[TABLE]" not in text or "[/TABLE]" not in text:
        raise NotationError("expected the board between [TABLE] and [/TABLE]", text, 0)
    table = text[text.index("[TABLE]"):text.index("[/TABLE]")]
    rows = re.findall(r"\[TR\](.*?)\[/TR\]", table, re.S)
    if len(rows) != 4:
        raise NotationError(f"the table needs a header row and 3 rows, found {len(rows)}", text, text.index("[TABLE]"))
    head = re.findall(r"\[TH\](.*?)\[/TH\]", rows[0])
    if len(head) != 9:
        raise NotationError("the header row needs 9 [TH] cells", text, text.index("[TR]"))
    names = (head[0].strip(), head[8].strip())
    pieces, monuments, word = [], [], ()
    for r, row in enumerate(rows[1:]):
        cells = re.findall(r"\[TD\](.*?)\[/TD\]", row, re.S)
        if len(cells) != 9:
            raise NotationError(f"row {r + 1} needs 9 [TD] cells, found {len(cells)}", text, text.index(row))
        for c, content in enumerate(cells):
            content = content.strip()
            i = r * 9 + c
            if not content or content == "⬛":
                continue
            m = re.fullmatch(r":([A-Z]+):\s*(\d+)Q([be]?)", content)
            if m:
                u = m.group(1).lower()
                if u not in UMBRATIONS:
                    raise NotationError(f"unknown umbration {m.group(1)}", text, text.index(content))
                home = i if CELLS[i] in FOUNDATION else -1
                pieces.append(Umbral(u, i, int(m.group(2)), m.group(3), home))
                continue
            m = re.fullmatch(r":([a-z]+):m", content)
            if m and m.group(1) in UMBRATIONS:
                monuments.append((i, m.group(1)))
                continue
            if word:
                raise NotationError("only one word may stand on the field", text, text.index(content))
            word = (i, content)
    poem = ()
    if "COMMUNAL POEM:" in text:
        body = text.split("COMMUNAL POEM:", 1)[1].strip()
        poem = () if body in ("", "(To be written)") else tuple(body.split())
    if to_move in ("left", "right"):
        kingdom = to_move
    elif to_move == names[0]:
        kingdom = "left"
    elif to_move == names[1]:
        kingdom = "right"
    else:
        raise IllegalAction(f"to_move is 'left', 'right' or a name from the header ({names[0]}, {names[1]})")
    # The side to move is taken as the second player; only kingdoms matter in play.
    return CresnovianState(
        pieces=tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration))), monuments=tuple(sorted(monuments)),
        word=word, poem=poem, phase="play", turn="second", second_kingdom=kingdom, names=names, game=game,
    )


GAME = CresnovianChess()
