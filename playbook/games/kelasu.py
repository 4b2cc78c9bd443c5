"""Kelasu v0.1: a 10x10 game of energy turns, where blanks merge into pieces.

Ranks ``A``-``J`` run top to bottom, files ``0``-``9`` left to right; a cell
is written ``D2``.  Blue (capitals) starts on ranks A-B with stones on C0 C2
C7 C9 and moves first, towards J; Red (lower case) mirrors it on I-J and H.
The victory cells are E4 E5 F4 F5.

Pieces (forward is towards the opponent)
-----------------------------------------
- **Blank** ``B``: one cell forward or sideways onto an empty cell; never captures.
- **Warrior** ``W``: one cell forward or sideways, moving or capturing; captures
  (only) one cell diagonally forward; from the far rank it *Recalls*: it goes
  straight back nine cells to its own back rank whatever stands between,
  capturing an enemy there, blocked only by a friendly piece.
- **Runner** ``R``: slides diagonally; its first cell must be empty (move
  only); from the second cell on it moves or captures.
- **Diplomat** ``D``: up to three cells orthogonally, never capturing;
  converts a diagonally adjacent enemy (any piece, stones and blanks
  included): that piece changes side and the diplomat leaves the board.
- **Champion** ``C``: any distance forward, one cell diagonally forward and up
  to three cells sideways, moving or capturing; any distance straight back,
  moving only.
- **General** ``G``: any distance in all eight directions, moving or capturing.
- **Stone** ``S``: never moves.

Slides stop at the first piece, capturing it when it is an enemy and the
move may capture; only the cells strictly between must be empty.

Turns
-----
A turn starts with energy equal to the side's stones.  A piece action costs
1 and no piece acts twice in a turn (a piece that moved is locked where it
landed; a converted or newly merged piece may still act).  A **merge** turns
an orthogonally connected group of the side's blanks, none on its own two
home ranks and none that moved this turn, into a Warrior (2 blanks), Runner
(4), Diplomat (4), Champion (5), General (10) or Stone (21) standing on one
of their cells; it costs one energy per blank and may be made with too
little energy, which ends the turn.  The turn passes when energy runs out,
or when the side has energy but no piece action or merge left.

Endings
-------
A side wins when the opponent resigns, has no stones, or has no pieces but
stones, or when its own pieces stand on all four victory cells.  Draws: by
agreement; after 64 full turns without a blank move, a merge or a capture;
when a position (board and side to move, taken each time a turn is handed
over) occurs for the fourth time; by stalemate (no action at the start of a
turn).

Notation
--------
A piece action is ``<from>-<to>`` (moves, captures, Recalls and conversions
alike: ``H4-G4``, ``J3-A3``, ``E4-D5``).  A merge is
``<piece>@<cell>:<blank>,<blank>,...`` with the blanks in ascending order,
the cell where the new piece stands among them (``W@E4:D4,E4``).  Also
``resign``, ``offer-draw`` and ``accept-draw``.

A position's text is the board as ten lines of ten characters (rank A first,
``.`` empty), then ``key: value`` lines: ``to-move`` (blue/red), ``energy``,
``acted`` (cells of pieces that already acted this turn, or ``-``),
``quiet`` (full turns without a blank move, merge or capture), ``seen``
(positions met at turn handovers since the last irreversible action, as
short digests with counts), ``offer`` (the side whose draw offer stands, or
``-``) and ``ended`` (``-`` while the game runs, else ``resigned <side>``,
``agreed``, ``victory <side>``, ``no-stones <side>``, ``only-stones
<side>``, ``quiet``, ``repetition`` or ``stalemate``).  Fields may be left
out (blue to move, energy its stones less the pieces that acted, counters
at zero); every field is checked, and a refusal names the field with its
line and column.

Rules clarifications
--------------------
1. Resigning, offering and accepting a draw cost no energy and are not
   piece actions: a side with energy but no piece action or merge still
   ends its turn, and resigning remains possible at any point of a turn.
2. A draw offer stands until the turn comes back to the side that made it;
   the opponent may accept at any point of its turn.
3. When one action ends the game both ways (a conversion takes the
   opponent's last stone and leaves the converting side with only stones),
   the opponent's loss counts first: the side that acted wins.
4. The four victory cells are checked after each action.  Only the side
   that acted can have just completed them (the opponent's actions never
   add pieces of yours), so that side wins; a position read from text in
   which one side already holds all four is over, won by that side.
5. The position count for repetition restarts after each capture, merge or
   conversion: the number of pieces on the board then falls, so no earlier
   position can return.
6. A merge needs at least one energy left (a turn with none has already
   passed); with too little it uses what is left and the turn passes.
7. A Warrior Recalls only from the far rank (Blue from J, Red from A), to
   the same file of its own back rank.
8. The 64-turn rule: the count rises each time play passes from Red to
   Blue, returns to 0 on any blank move, merge or capture, and the game is
   drawn when it passes 64.
9. When one action both completes the four victory cells and leaves the
   actor with nothing but stones, the victory counts: the actor wins.
10. A position read from text that is already over is read as ended: one
    side on all four victory cells, a side without stones or with only
    stones (the side to move is looked at first), a quiet count past 64, a
    position met for the fourth time, or no piece action or merge at the
    start of a turn (stalemate).  A text that says it ended must agree with
    its board.  A running position whose mover has no energy, or energy but
    nothing that can act, is refused: its turn would already have passed.
11. A conversion does not reset the 64-turn count (it is not a blank move,
    a merge or a capture), though it restarts the repetition count
    (clarification 5).
12. Every piece counts on the victory cells, blanks and stones included.
13. Positions are counted for repetition only when the turn is handed over
    (board and side to move; energy and acted pieces are not part of it),
    so the start position does not count until play comes back to it.
14. There is no pass: a turn ends when the energy is spent, or at once
    when the side still has energy but no piece action or merge.  A side
    with no piece action or merge at the start of its turn is stalemated
    and the game is drawn; resigning and draw offers do not count.
15. Kelasu has no unique piece.  A position is refused when its pieces
    could not come from the two sets: the blanks plus the blank cost of
    every merged piece (21 for each stone beyond the sets' eight) may not
    exceed the sets' 40 blanks.
"""

from __future__ import annotations

import gc
import hashlib
import re
from itertools import combinations
from dataclasses import dataclass, field
from typing import Iterator

from ..core import Action, Game, IllegalAction, NotationError, Outcome, State, Step, StepOptions
from ..render import Cell, Glyph, Piece, Scene

RANKS = "ABCDEFGHIJ"
SIZE = 10
CELLS = [RANKS[i // SIZE] + str(i % SIZE) for i in range(SIZE * SIZE)]
INDEX = {name: i for i, name in enumerate(CELLS)}
CELL_STEPS = [Step.cell(c) for c in CELLS]
VICTORY = (44, 45, 54, 55)
COSTS = {"W": 2, "R": 4, "D": 4, "C": 5, "G": 10, "S": 21}
MERGE_SIZES = sorted(set(COSTS.values()))
NAMES = {"B": "blank", "W": "warrior", "R": "runner", "D": "diplomat", "C": "champion", "G": "general", "S": "stone"}
SIDES = ("blue", "red")
START_BOARD = (
    "BBBBBBBBBB"
    "BBBBBBBBBB"
    "S.S....S.S"
    ".........."
    ".........."
    ".........."
    ".........."
    "s.s....s.s"
    "bbbbbbbbbb"
    "bbbbbbbbbb"
)
OWN = {"blue": frozenset("BWRDCGS"), "red": frozenset("bwrdcgs")}
FORWARD = {"blue": 1, "red": -1}
HOME = {"blue": (0, 1), "red": (8, 9)}
BACK_RANK = {"blue": 0, "red": 9}
FAR_RANK = {"blue": 9, "red": 0}
QUIET_LIMIT = 64
REPEATS = 4


def _at(r: int, f: int) -> int | None:
    return r * SIZE + f if 0 <= r < SIZE and 0 <= f < SIZE else None


def _ray(i: int, dr: int, df: int, limit: int = SIZE) -> tuple[int, ...]:
    out = []
    r, f = divmod(i, SIZE)
    for n in range(1, limit + 1):
        j = _at(r + dr * n, f + df * n)
        if j is None:
            break
        out.append(j)
    return tuple(out)


NEIGHBOURS = [tuple(j for j in (_at(i // SIZE + dr, i % SIZE + df) for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1))) if j is not None) for i in range(100)]

# Per side and cell, the rays each piece may use: (cells, may move, may capture).
def _piece_rays(side: str) -> dict[str, list[list[tuple[tuple[int, ...], bool, bool]]]]:
    fw = FORWARD[side]
    table = {k: [] for k in "BWDCG"}
    for i in range(100):
        table["B"].append([(_ray(i, fw, 0, 1), True, False), (_ray(i, 0, 1, 1), True, False), (_ray(i, 0, -1, 1), True, False)])
        table["W"].append([(_ray(i, fw, 0, 1), True, True), (_ray(i, 0, 1, 1), True, True), (_ray(i, 0, -1, 1), True, True),
                           (_ray(i, fw, 1, 1), False, True), (_ray(i, fw, -1, 1), False, True)])
        table["D"].append([(_ray(i, dr, df, 3), True, False) for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1))])
        table["C"].append([(_ray(i, fw, 0), True, True), (_ray(i, fw, 1, 1), True, True), (_ray(i, fw, -1, 1), True, True),
                           (_ray(i, 0, 1, 3), True, True), (_ray(i, 0, -1, 3), True, True), (_ray(i, -fw, 0), True, False)])
        table["G"].append([(_ray(i, dr, df), True, True) for dr in (-1, 0, 1) for df in (-1, 0, 1) if dr or df])
    return table


RAYS = {side: _piece_rays(side) for side in SIDES}
DIAGONALS = [[_ray(i, dr, df) for dr in (-1, 1) for df in (-1, 1)] for i in range(100)]
DIAG1 = [tuple(r[0] for r in rays if r) for rays in DIAGONALS]

# A piece action is the same value wherever it occurs: make each on first use.
_PLAIN: dict[tuple[int, int], Action] = {}


def _plain(i: int, j: int) -> Action:
    action = _PLAIN.get((i, j))
    if action is None:
        action = _PLAIN[i, j] = Action(CELLS[i] + "-" + CELLS[j], (CELL_STEPS[i], CELL_STEPS[j]), ("move", i, j))
    return action


# Ray modes: what a piece may do on the cells of a ray, in order.
SLIDE, MOVE, CAPTURE, RUN = 0, 1, 2, 3  # move or capture / move only / capture only / runner


def _move_table(side: str) -> dict[str, list[tuple]]:
    """Per piece letter of ``side`` and per cell, the piece's rays, each
    ``(mode, ((cell, action), ...))``, in the order actions are listed."""
    table = {}
    letters = "BWRDCGS" if side == "blue" else "bwrdcgs"
    for letter in letters:
        kind = letter.upper()
        per_cell = []
        for i in range(100):
            rays = []
            if kind == "R":
                rays = [(RUN, ray) for ray in DIAGONALS[i] if ray]
            elif kind in RAYS[side]:
                for ray, may_move, may_capture in RAYS[side][kind][i]:
                    if ray:
                        rays.append((SLIDE if may_move and may_capture else MOVE if may_move else CAPTURE, ray))
                if kind == "W" and i // SIZE == FAR_RANK[side]:
                    rays.append((SLIDE, (BACK_RANK[side] * SIZE + i % SIZE,)))  # the Recall
                elif kind == "D":
                    rays.extend((CAPTURE, (j,)) for j in DIAG1[i])  # conversions
            per_cell.append(tuple((mode, tuple((j, _plain(i, j)) for j in ray)) for mode, ray in rays))
        table[letter] = per_cell
    return table


MOVES = {**_move_table("blue"), **_move_table("red")}

# Cells as bits of an int: bit i is cell i.
FULL = (1 << 100) - 1
FILE0 = sum(1 << (r * SIZE) for r in range(SIZE))
FILE9 = FILE0 << (SIZE - 1)


def _spread(mask: int) -> int:
    """The cells orthogonally next to any cell of ``mask``."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask << 1) & ~FILE0) | ((mask >> 1) & ~FILE9)) & FULL


def _bits(mask: int) -> list[int]:
    """The cells of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _parts(mask: int) -> list[int]:
    """The orthogonally connected groups of ``mask``, lowest cell first."""
    parts = []
    while mask:
        part = mask & -mask
        while True:
            grown = (_spread(part) & mask) | part
            if grown == part:
                break
            part = grown
        parts.append(part)
        mask &= ~part
    return parts


CHOICES = {kind: Step.choice(kind, f"{NAMES[kind].capitalize()} ({cost})") for kind, cost in COSTS.items()}
KINDS_OF_SIZE = {size: tuple(k for k, cost in COSTS.items() if cost == size) for size in set(COSTS.values())}


def _merge_action(kind: str, at: int, blanks: tuple[int, ...]) -> Action:
    text = f"{kind}@{CELLS[at]}:" + ",".join(CELLS[b] for b in blanks)
    # The blanks are clicked in an order where each touches those before it.
    steps = tuple(CELL_STEPS[b] for b in _merge_order(blanks)) + (CHOICES[kind], CELL_STEPS[at])
    return Action(text, steps, ("merge", kind, at, blanks))


def _merges_of(group: int, out: list) -> None:
    """Append every merge of the blanks ``group`` (a bit mask) to ``out``."""
    cells = tuple(_bits(group))
    names = ",".join([CELLS[c] for c in cells])
    clicks = tuple([CELL_STEPS[c] for c in _merge_order(cells)])
    for kind in KINDS_OF_SIZE[len(cells)]:
        choice = CHOICES[kind]
        head = kind + "@"
        for at in cells:
            out.append(Action(f"{head}{CELLS[at]}:{names}", clicks + (choice, CELL_STEPS[at]), ("merge", kind, at, cells)))


RESIGN = Action("resign", (Step.choice("resign", "Resign"),), ("resign",))
OFFER = Action("offer-draw", (Step.choice("offer-draw", "Offer a draw"),), ("offer",))
ACCEPT = Action("accept-draw", (Step.choice("accept-draw", "Accept the draw"),), ("accept",))
WORDS = {a.text: a for a in (RESIGN, OFFER, ACCEPT)}


def _word_list() -> str:
    return ", ".join(WORDS)


def _other(side: str) -> str:
    return "red" if side == "blue" else "blue"


def _owner(piece: str) -> str:
    return "blue" if piece.isupper() else "red"


def _digest(board: str, side: str) -> str:
    return hashlib.sha1((board + side).encode()).hexdigest()[:10]


# The contract's short repr is kept (repr=False); equality is defined below.
@dataclass(frozen=True, eq=False, repr=False)
class KelasuState(State):
    board: str
    side: str = "blue"
    energy: int = 4
    acted: frozenset = frozenset()
    quiet: int = 0
    seen: tuple = ()  # sorted ((digest, count), ...)
    offer: str = ""
    ended: str = ""  # "", "resigned blue", "resigned red", "agreed", or a computed ending
    game: "Kelasu" = field(default=None, repr=False)

    # ---- the contract

    @property
    def to_move(self) -> str:
        return self.side

    def _compute_outcome(self) -> Outcome | None:
        # Every state is made with its ending written in ``ended`` (parse
        # reads a finished board as ended, play settles after each action).
        if not self.ended:
            return None
        if self.ended.startswith("resigned "):
            loser = self.ended.split()[1]
            return Outcome((_other(loser),), f"{loser} resigned")
        if self.ended == "agreed":
            return Outcome((), "a draw was agreed")
        if self.ended == "stalemate":
            return Outcome((), f"stalemate: {self.side} has no action at the start of its turn")
        if self.ended == "quiet":
            return Outcome((), f"{QUIET_LIMIT} full turns passed without a blank move, a merge or a capture")
        if self.ended == "repetition":
            return Outcome((), f"the same position arose for the {REPEATS}th time")
        if self.ended.startswith("victory "):
            winner = self.ended.split()[1]
            return Outcome((winner,), f"{winner} holds all four victory cells")
        why, loser = self.ended.split()
        return Outcome((_other(loser),), f"{loser} has {'no stones' if why == 'no-stones' else 'only stones'} left")

    def _ending_on_board(self) -> str | None:
        """The ending a position read from text is already in, judged from
        its board and counters alone (see clarification 10)."""
        for side in SIDES:
            if all(self.board[v] in OWN[side] for v in VICTORY):
                return f"victory {side}"
        lost = self._material_loser((self.side, _other(self.side)))
        if lost is not None:
            return " ".join(lost)
        if self.quiet > QUIET_LIMIT:
            return "quiet"
        if any(n >= REPEATS for _, n in self.seen):
            return "repetition"
        if not self.acted and self.energy == self._material(self.side)[0] and not self.has_piece_action():
            return "stalemate"
        return None

    def _material_loser(self, order) -> tuple[str, str] | None:
        """(why, side) for the first side in ``order`` that has lost on material."""
        for side in order:
            stones, others = self._material(side)
            if stones == 0:
                return "no-stones", side
            if others == 0:
                return "only-stones", side
        return None

    def _material(self, side: str) -> tuple[int, int]:
        stone = "S" if side == "blue" else "s"
        own = OWN[side]
        count = sum(1 for c in self.board if c in own)
        stones = self.board.count(stone)
        return stones, count - stones

    def to_text(self) -> str:
        rows = [self.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        acted = " ".join(CELLS[i] for i in sorted(self.acted)) or "-"
        seen = " ".join(f"{d}x{n}" for d, n in self.seen) or "-"
        lines = rows + [
            f"to-move: {self.side}",
            f"energy: {self.energy}",
            f"acted: {acted}",
            f"quiet: {self.quiet}",
            f"seen: {seen}",
            f"offer: {self.offer or '-'}",
            f"ended: {self.ended or '-'}",
        ]
        return "\n".join(lines)

    def _key(self):
        return (self.board, self.side, self.energy, self.acted, self.quiet, self.seen, self.offer, self.ended)

    def __eq__(self, other):
        if not isinstance(other, KelasuState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def status(self) -> str:
        if self.outcome is not None:
            return super().status()
        line = f"{self.side.capitalize()} to move, energy {self.energy}"
        if self.offer:
            line += f" ({self.offer} offers a draw)"
        return line

    # ---- action generation

    def piece_actions(self, i: int) -> list[Action]:
        """The actions of the piece on cell ``i`` (none if it is not the
        mover's or already acted)."""
        piece = self.board[i]
        if piece not in OWN[self.side] or i in self.acted:
            return []
        out: list[Action] = []
        self._add_piece_actions(MOVES[piece][i], out)
        return out

    def _add_piece_actions(self, rays, out: list) -> None:
        board = self.board
        own = OWN[self.side]
        for mode, ray in rays:
            if mode == SLIDE:
                for j, action in ray:
                    target = board[j]
                    if target == ".":
                        out.append(action)
                    else:
                        if target not in own:
                            out.append(action)
                        break
            elif mode == MOVE:
                for j, action in ray:
                    if board[j] != ".":
                        break
                    out.append(action)
            elif mode == CAPTURE:
                target = board[ray[0][0]]
                if target != "." and target not in own:
                    out.append(ray[0][1])
            elif board[ray[0][0]] == ".":  # RUN: the first cell only moves
                out.append(ray[0][1])
                for j, action in ray[1:]:
                    target = board[j]
                    if target == ".":
                        out.append(action)
                    else:
                        if target not in own:
                            out.append(action)
                        break

    def _mergeable_mask(self) -> int:
        """The mover's blanks that may take part in a merge, as a bit mask."""
        mask = self.__dict__.get("_mergeable_bits")
        if mask is None:
            board, acted = self.board, self.acted
            blank, lo, hi = ("B", 20, 100) if self.side == "blue" else ("b", 0, 80)
            mask = 0
            i = board.find(blank, lo, hi)
            while i >= 0:
                if i not in acted:
                    mask |= 1 << i
                i = board.find(blank, i + 1, hi)
            self.__dict__["_mergeable_bits"] = mask
        return mask

    def _mergeable(self) -> frozenset:
        """The mover's blanks that may take part in a merge."""
        return frozenset(_bits(self._mergeable_mask()))

    def _components(self, cells: frozenset) -> list[frozenset]:
        seen, parts = set(), []
        for start in cells:
            if start in seen:
                continue
            part, stack = {start}, [start]
            while stack:
                for j in NEIGHBOURS[stack.pop()]:
                    if j in cells and j not in part:
                        part.add(j)
                        stack.append(j)
            seen |= part
            parts.append(frozenset(part))
        return parts

    def _piece_moves(self) -> list[Action]:
        out: list[Action] = []
        own, acted, add = OWN[self.side], self.acted, self._add_piece_actions
        for i, c in enumerate(self.board):
            if c in own and i not in acted:
                add(MOVES[c][i], out)
        return out

    def _merges(self) -> list[Action]:
        out: list[Action] = []
        parts = [p for p in _parts(self._mergeable_mask()) if p & (p - 1)]  # two blanks or more
        # A wide field makes hundreds of thousands of actions at once, none
        # of them garbage: the cycle collector only slows that down.
        pause = gc.isenabled() and any(bin(p).count("1") > PART_CACHE_CELLS for p in parts)
        if pause:
            gc.disable()
        try:
            for part in parts:
                out.extend(_merges_of_part(part))
        finally:
            if pause:
                gc.enable()
        return out

    def iter_actions(self) -> Iterator[Action]:
        """The legal actions in the order of :meth:`legal_actions`, made one
        at a time: merges are made group by group of blanks as they are
        asked for, so taking the first few of a field of 25 blanks (over
        600,000 merges) is quick."""
        if self.ended:
            return
        cached = self.__dict__.get("_actions")
        if cached is not None:
            yield from cached
            return
        yield from self._piece_moves()
        for part in _parts(self._mergeable_mask()):
            if not part & (part - 1):
                continue
            cached_part = _PART_MERGES.get(part)
            if cached_part is not None:
                yield from cached_part
                continue
            out: list[Action] = []
            for group in _connected_subsets(part):
                _merges_of(group, out)
                yield from out
                out.clear()
        yield from self._talk()

    def legal_actions(self) -> list[Action]:
        """Every legal action: piece actions by cell, then merges, then the
        words (resign, and offer-draw or accept-draw)."""
        if self.ended:
            return []
        cached = self.__dict__.get("_actions")
        if cached is None:
            cached = self._piece_moves()
            cached += self._merges()
            cached += self._talk()
            self.__dict__["_actions"] = cached
        return list(cached)

    def _talk(self) -> list[Action]:
        out = [RESIGN]
        if self.offer == "":
            out.append(OFFER)
        elif self.offer != self.side:
            out.append(ACCEPT)
        return out

    def has_piece_action(self) -> bool:
        """Whether the mover has any piece action or merge left."""
        mergeable = self._mergeable_mask()
        if _spread(mergeable) & mergeable:
            return True
        own, acted, add = OWN[self.side], self.acted, self._add_piece_actions
        out: list[Action] = []
        for i, c in enumerate(self.board):
            if c in own and i not in acted:
                add(MOVES[c][i], out)
                if out:
                    return True
        return False

    # ---- step entry: merges are entered blank by blank

    def next_steps(self, prefix=()) -> StepOptions:
        prefix = tuple(prefix)
        self._refuse_if_over()
        if not prefix:
            own = OWN[self.side]
            mergeable = self._mergeable()
            starts = [CELL_STEPS[i] for i, c in enumerate(self.board) if c in own and (
                self.piece_actions(i) or (i in mergeable and any(j in mergeable for j in NEIGHBOURS[i])))]
            return StepOptions(tuple(starts) + tuple(a.steps[0] for a in self._talk()), False)
        first = prefix[0]
        if first.kind == "choice":
            talk = self._talk_word(first.value)
            if len(prefix) > 1:
                raise IllegalAction(f"nothing follows {talk.text!r}: it is a whole action")
            return StepOptions((), True)
        if first.kind != "cell":
            raise IllegalAction("a Kelasu action starts with a click on a cell or one of the words "
                                f"{_word_list()}, not with typed text ({first.value!r})")
        cells = self._cells_of(prefix)
        i = cells[0]
        moves = {a.steps[1]: a for a in self.piece_actions(i)}
        if len(prefix) == 1:
            joins = self._joins((i,)) if i in self._mergeable() else []
            if not moves and not joins:
                raise IllegalAction(f"{CELLS[i]} has no action: {self._why_not(i)}")
            return StepOptions(tuple(moves) + tuple(CELL_STEPS[j] for j in joins), False)
        if len(prefix) == 2 and prefix[1] in moves:
            return StepOptions((), True)
        return self._merge_steps(prefix)

    def _cells_of(self, prefix) -> list[int]:
        out = []
        for step in prefix:
            if step.kind == "cell":
                if step.value not in INDEX:
                    raise IllegalAction(f"there is no cell {step.value!r} on a Kelasu board")
                out.append(INDEX[step.value])
        return out

    def _joins(self, group: tuple[int, ...]) -> list[int]:
        """Blanks that may join ``group`` and still leave a mergeable group."""
        mergeable = self._mergeable()
        part = next(p for p in self._components(mergeable) if group[0] in p)
        if len(group) + 1 > max((s for s in MERGE_SIZES if s <= len(part)), default=0):
            return []
        members = set(group)
        return sorted({j for g in group for j in NEIGHBOURS[g] if j in mergeable and j not in members})

    def _merge_steps(self, prefix) -> StepOptions:
        group: list[int] = []
        k = 0
        while k < len(prefix) and prefix[k].kind == "cell":
            i = INDEX.get(prefix[k].value)
            if i is None or (group and i not in self._joins(tuple(group))) or (not group and i not in self._mergeable()):
                raise IllegalAction(f"{prefix[k].value} cannot join this merge", rule="merging")
            group.append(i)
            k += 1
        size = len(group)
        if k == len(prefix):
            kinds = [kind for kind, cost in COSTS.items() if cost == size]
            options = tuple(CELL_STEPS[j] for j in self._joins(tuple(group)))
            options += tuple(Step.choice(kind, f"{NAMES[kind].capitalize()} ({COSTS[kind]})") for kind in kinds)
            if not options:
                raise IllegalAction("these blanks cannot grow into a merge", rule="merging")
            return StepOptions(options, False)
        choice = prefix[k]
        if choice.kind != "choice" or COSTS.get(choice.value) != size:
            raise IllegalAction(f"{size} blanks cannot merge into {choice.value!r}", rule="merge costs")
        if k + 1 == len(prefix):
            return StepOptions(tuple(CELL_STEPS[g] for g in sorted(group)), False)
        if k + 2 == len(prefix) and prefix[k + 1].kind == "cell" and INDEX.get(prefix[k + 1].value) in group:
            return StepOptions((), True)
        raise IllegalAction("the new piece stands on one of the merged blanks", rule="merging")

    def action_from_steps(self, steps) -> Action:
        steps = tuple(steps)
        if not self.next_steps(steps).complete:
            raise IllegalAction("these steps do not make a whole action yet")
        if steps[0].kind == "choice":
            return next(a for a in self._talk() if a.steps == steps)
        if len(steps) == 2 and steps[1].kind == "cell":
            return _plain(INDEX[steps[0].value], INDEX[steps[1].value])
        blanks = tuple(sorted(INDEX[s.value] for s in steps[:-2]))
        return _merge_action(steps[-2].value, INDEX[steps[-1].value], blanks)

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        self._refuse_if_over()
        text = text.strip()
        if text in WORDS:
            return self._talk_word(text)
        if "@" not in text and text[:1].isalpha() and not _CELL_RE.match(text):
            word = re.match(r"[\w-]*", text).group()
            if word in WORDS:
                raise NotationError(f"nothing may follow {word!r}", text, len(word))
            raise NotationError(f"unknown word {word!r}: the words Kelasu knows are {_word_list()}", text, 0)
        if "@" in text:
            kind, at, blanks = _read_merge(text)
            steps = tuple(CELL_STEPS[b] for b in _merge_order(blanks)) + (Step.choice(kind), CELL_STEPS[at])
            self._check_merge(kind, at, blanks)
            return self.action_from_steps(steps)
        i, j = _read_move(text)
        action = _plain(i, j)
        if action not in self.piece_actions(i):
            self._explain_move(i, j, text)
        return action

    def _talk_word(self, word: str) -> Action:
        """The action of the word ``word`` (resign, offer-draw, accept-draw)
        if it is legal now; otherwise say why not."""
        talk = WORDS.get(word)
        if talk is None:
            raise IllegalAction(f"unknown word {word!r}: the words Kelasu knows are {_word_list()}")
        if talk in self._talk():
            return talk
        if talk is ACCEPT:
            raise IllegalAction("no draw offer from the opponent stands", rule="draw by agreement")
        raise IllegalAction("a draw offer already stands", rule="draw by agreement")

    def _check_merge(self, kind, at, blanks):
        mergeable = self._mergeable()
        for b in blanks:
            if b not in mergeable:
                piece = self.board[b]
                if piece.upper() != "B" or _owner(piece) != self.side:
                    raise IllegalAction(f"{CELLS[b]} holds no {self.side} blank", rule="merging")
                if b in self.acted:
                    raise IllegalAction(f"the blank on {CELLS[b]} moved this turn and cannot merge", rule="merging")
                raise IllegalAction(f"{CELLS[b]} is on {self.side}'s home ranks, where blanks cannot merge", rule="merging")
        if len(self._components(frozenset(blanks))) != 1:
            raise IllegalAction("the blanks of a merge must form one orthogonally connected group", rule="merging")
        if COSTS[kind] != len(blanks):
            raise IllegalAction(f"a {NAMES[kind]} costs {COSTS[kind]} blanks, not {len(blanks)}", rule="merge costs")
        if at not in blanks:
            raise IllegalAction("the new piece stands on one of the merged blanks", rule="merging")

    def _why_not(self, i: int) -> str:
        piece = self.board[i]
        if piece == ".":
            return "it is empty"
        if _owner(piece) != self.side:
            return f"it holds a {_owner(piece)} piece and {self.side} is to move"
        if i in self.acted:
            return "that piece already acted this turn"
        if piece.upper() == "S":
            return "stones never move"
        return "that piece has no move there"

    def _explain_move(self, i: int, j: int, text: str) -> None:
        piece = self.board[i]
        if piece == "." or _owner(piece) != self.side or i in self.acted or piece.upper() == "S":
            raise IllegalAction(f"{CELLS[i]} cannot act: {self._why_not(i)}", rule="who may act")
        kind = NAMES[piece.upper()]
        raise IllegalAction(f"the {kind} on {CELLS[i]} cannot play {text}: {MOVE_RULES[piece.upper()]}", rule=f"{kind} moves")

    # ---- playing

    def _apply(self, action: Action) -> "KelasuState":
        data = action.data
        kind = data[0]
        if kind == "resign":
            return self._with(ended=f"resigned {self.side}")
        if kind == "offer":
            return self._with(offer=self.side)
        if kind == "accept":
            return self._with(ended="agreed")
        board = list(self.board)
        reset_quiet = False
        irreversible = False
        acted = set(self.acted)
        if kind == "move":
            _, i, j = data
            piece, target = board[i], board[j]
            own = OWN[self.side]
            if target != "." and target not in own and piece.upper() == "D":
                # Conversion: the enemy piece changes side, the diplomat leaves.
                board[j] = target.upper() if self.side == "blue" else target.lower()
                board[i] = "."
                irreversible = True
            else:
                if target != ".":
                    reset_quiet = irreversible = True
                if piece.upper() == "B":
                    reset_quiet = True
                board[j], board[i] = piece, "."
                acted.add(j)
            cost = 1
        else:  # merge
            _, piece_kind, at, blanks = data
            for b in blanks:
                board[b] = "."
            board[at] = piece_kind if self.side == "blue" else piece_kind.lower()
            reset_quiet = irreversible = True
            cost = len(blanks)
        new = KelasuState(
            "".join(board), self.side, max(0, self.energy - cost), frozenset(acted),
            0 if reset_quiet else self.quiet, () if irreversible else self.seen, self.offer, "", self.game,
        )
        return new._settle()

    def _with(self, **changes) -> "KelasuState":
        fields = dict(board=self.board, side=self.side, energy=self.energy, acted=self.acted, quiet=self.quiet,
                      seen=self.seen, offer=self.offer, ended=self.ended, game=self.game)
        fields.update(changes)
        return KelasuState(**fields)

    def _settle(self) -> "KelasuState":
        """After an action: look for an ending, then hand the turn over when
        the energy is spent or nothing is left to do."""
        # The victory cells first (clarification 9), then the opponent's
        # material before the actor's (clarification 3).
        if all(self.board[v] in OWN[self.side] for v in VICTORY):
            return self._with(ended=f"victory {self.side}")
        lost = self._material_loser((_other(self.side), self.side))
        if lost is not None:
            return self._with(ended=" ".join(lost))
        if self.energy > 0 and self.has_piece_action():
            return self
        return self._hand_over()

    def _hand_over(self) -> "KelasuState":
        nxt = _other(self.side)
        quiet = self.quiet + (1 if self.side == "red" else 0)
        counts = dict(self.seen)
        key = _digest(self.board, nxt)
        counts[key] = counts.get(key, 0) + 1
        offer = "" if self.offer == nxt else self.offer
        stone = "S" if nxt == "blue" else "s"
        new = KelasuState(self.board, nxt, self.board.count(stone), frozenset(), quiet,
                          tuple(sorted(counts.items())), offer, "", self.game)
        if quiet > QUIET_LIMIT:
            return new._with(ended="quiet")
        if counts[key] >= REPEATS:
            return new._with(ended="repetition")
        if not new.has_piece_action():
            return new._with(ended="stalemate")
        return new

    # ---- drawing

    def view(self) -> Scene:
        cells, pieces = [], []
        for i, name in enumerate(CELLS):
            r, f = divmod(i, SIZE)
            zone = "victory" if i in VICTORY else "home-a" if r in HOME["blue"] else "home-b" if r in HOME["red"] else (
                "light" if (r + f) % 2 == 0 else "plain")
            cells.append(Cell(name, f, r, zone=zone))
            c = self.board[i]
            if c != ".":
                owner = _owner(c)
                pieces.append(Piece((name,), owner, GLYPHS[c.upper()], letter=c if c.upper() != "B" else "",
                                    title=f"{owner} {NAMES[c.upper()]} on {name}", dim=i in self.acted))
        bar = "●" * self.energy + "○" * max(0, self._material(self.side)[0] - self.energy)
        return Scene(cells, pieces, files=[str(f) for f in range(SIZE)], ranks=list(RANKS),
                     caption=[f"{self.status()}  {bar}"], title="Kelasu")


MOVE_RULES = {
    "B": "a blank steps one cell forward or sideways onto an empty cell",
    "W": "a warrior steps forward or sideways, captures one cell diagonally forward, and Recalls only from the far rank",
    "R": "a runner slides diagonally, its first cell empty",
    "D": "a diplomat moves up to three cells straight over empty cells, or converts a diagonally adjacent enemy",
    "C": "a champion goes any distance forward, one cell diagonally forward, up to three sideways, and back without capturing",
    "G": "a general slides any distance in eight directions",
}

GLYPHS = {
    "B": (Glyph("circle", 0.38),),
    "W": (Glyph("triangle", 0.66, dy=0.04),),
    "R": (Glyph("diamond", 0.74),),
    "D": (Glyph("pentagon", 0.7),),
    "C": (Glyph("hexagon", 0.74),),
    "G": (Glyph("star", 0.86),),
    "S": (Glyph("octagon", 0.78),),
}


def _connected_subsets(part: int) -> Iterator[int]:
    """Every orthogonally connected subset of the connected group ``part``
    (a bit mask) whose size is a merge cost, each exactly once, as masks,
    made as they are asked for.  Sizes up to 10 are grown from their lowest
    cell, adding only cells that border the newest cell and none of the
    cells before it (the ESU enumeration); 21 cells are the group less a few
    cells that leave it connected."""
    n = bin(part).count("1")
    largest = min(n, SMALL_LARGEST)
    near_of = {c: _spread(1 << c) & part for c in _bits(part)}

    def grow(group: int, size: int, closed: int, extension: int, above: int) -> Iterator[int]:
        size += 1
        while extension:
            low = extension & -extension
            extension ^= low
            bigger = group | low
            if size in COST_SIZES:
                yield bigger
            if size < largest:
                near = near_of[low.bit_length() - 1]
                yield from grow(bigger, size, closed | near, extension | (near & ~closed & above), above)

    if largest >= 2:
        for root in _bits(part):
            above = part & ~((2 << root) - 1)
            near = near_of[root]
            yield from grow(1 << root, 1, near | (1 << root), near & above, above)
    if n >= COSTS["S"]:
        cells = _bits(part)
        for left_out in combinations(cells, n - COSTS["S"]):
            rest = part
            for c in left_out:
                rest &= ~(1 << c)
            if _parts(rest) == [rest]:
                yield rest


SMALL_LARGEST = max(c for c in COSTS.values() if c < COSTS["S"])

# The merges of a group of blanks depend on the group alone (not on the
# side), and groups persist from position to position: keep the lists of
# small groups.
_PART_MERGES: dict[int, tuple[Action, ...]] = {}
PART_CACHE_LIMIT = 20_000  # groups kept
PART_CACHE_CELLS = 12  # only groups this small (their lists stay short)


def _merges_of_part(part: int) -> tuple[Action, ...] | list[Action]:
    """Every merge of the connected group of blanks ``part`` (a bit mask)."""
    cached = _PART_MERGES.get(part)
    if cached is not None:
        return cached
    out: list[Action] = []
    for group in _connected_subsets(part):
        _merges_of(group, out)
    if bin(part).count("1") <= PART_CACHE_CELLS:
        if len(_PART_MERGES) >= PART_CACHE_LIMIT:
            _PART_MERGES.clear()
        _PART_MERGES[part] = tuple(out)
    return out
COST_SIZES = frozenset(COSTS.values())


def _merge_order(blanks: tuple[int, ...]) -> tuple[int, ...]:
    """The blanks in an order a person could click them: each one is the
    lowest cell that borders the group clicked so far."""
    rest = 0
    for b in blanks:
        rest |= 1 << b
    first = min(blanks)
    order, clicked = [first], 1 << first
    rest &= ~clicked
    while rest:
        near = _spread(clicked) & rest
        low = (near or rest) & -(near or rest)  # not connected: the merge check will say so
        order.append(low.bit_length() - 1)
        clicked |= low
        rest ^= low
    return tuple(order)


_CELL_RE = re.compile(r"[A-J][0-9]")


def _read_cell(text: str, pos: int) -> int:
    piece = text[pos:pos + 2]
    if not _CELL_RE.fullmatch(piece):
        bad = pos if not piece[:1] or piece[0] not in RANKS else pos + 1
        raise NotationError("expected a cell from A0 to J9", text, min(bad, max(0, len(text) - 1)))
    return INDEX[piece]


def _read_move(text: str) -> tuple[int, int]:
    if not text:
        raise NotationError("an empty action")
    i = _read_cell(text, 0)
    if text[2:3] != "-":
        raise NotationError("expected '-' between the two cells of a piece action", text, min(2, len(text) - 1))
    j = _read_cell(text, 3)
    if len(text) > 5:
        raise NotationError("nothing may follow the target cell", text, 5)
    return i, j


def _read_merge(text: str) -> tuple[str, int, tuple[int, ...]]:
    if text[0] not in COSTS:
        raise NotationError("a merge starts with the new piece's letter: W R D C G or S", text, 0)
    if text[1:2] != "@":
        raise NotationError("expected '@' after the piece letter", text, 1)
    at = _read_cell(text, 2)
    if text[4:5] != ":":
        raise NotationError("expected ':' before the list of blanks", text, min(4, len(text) - 1))
    blanks, pos = [], 5
    while True:
        blanks.append(_read_cell(text, pos))
        pos += 2
        if pos == len(text):
            break
        if text[pos] != ",":
            raise NotationError("expected ',' between blanks", text, pos)
        pos += 1
    if blanks != sorted(blanks) or len(set(blanks)) != len(blanks):
        raise NotationError("list the blanks once each, in ascending order", text, 5)
    return text[0], at, tuple(blanks)


ENDINGS = {"resigned blue", "resigned red", "agreed", "stalemate", "quiet", "repetition", "victory blue", "victory red",
           "no-stones blue", "no-stones red", "only-stones blue", "only-stones red"}
FIELDS = ("to-move", "energy", "acted", "quiet", "seen", "offer", "ended")
LETTERS = frozenset(".BWRDCGSbwrdcgs")
BLANKS_IN_SETS = 40  # 20 blanks in each of the two sets
STONES_IN_SETS = 8


class _Reader:
    """Refusals for one text being read: each names the field and, for a
    text, the line and column."""

    def __init__(self, text: str | None):
        self.text = text
        self.where: dict[str, int] = {}

    def fail(self, field_name: str, problem: str, pos: int | None = None) -> None:
        if pos is None:
            pos = self.where.get(field_name)
        if self.text is None or pos is None:
            raise NotationError(f"{field_name}: {problem}")
        raise NotationError(f"{field_name}: {problem}", self.text, pos)  # with its line and column


def _number(reader: _Reader, field_name: str, value: str, low: int, high: int, why: str = "") -> int:
    if not re.fullmatch(r"[0-9]{1,4}", value):
        reader.fail(field_name, f"expected a whole number, not {value!r}")
    n = int(value)
    if not low <= n <= high:
        reader.fail(field_name, f"{n} is out of range ({low} to {high}{why})")
    return n


def _build(game: "Kelasu", reader: _Reader, board: str, values: dict[str, str]) -> KelasuState:
    """The position from a checked board and the field texts; refuses any
    field that is malformed, out of range or impossible with the board."""
    side = values["to-move"]
    if side not in SIDES:
        reader.fail("to-move", f"the side to move is blue or red, not {side!r}")
    # The pieces must come from the two sets: 40 blanks (each other piece
    # costs its merge price in blanks) and 8 stones (a ninth costs 21 blanks).
    stones = sum(board.count(c) for c in "Ss")
    used = sum(board.count(c) for c in "Bb") + sum(COSTS[k] * board.upper().count(k) for k in "WRDCG")
    used += COSTS["S"] * max(0, stones - STONES_IN_SETS)
    if used > BLANKS_IN_SETS:
        reader.fail("board", "more pieces than two sets can make: the blanks plus the blank cost of every "
                    f"merged piece come to {used}, and the sets hold {BLANKS_IN_SETS} blanks and {STONES_IN_SETS} stones")
    own = OWN[side]
    acted: set[int] = set()
    if values["acted"] != "-":
        for name in values["acted"].split():
            i = INDEX.get(name)
            if i is None:
                reader.fail("acted", f"{name!r} is no cell (A0 to J9), or '-' for none")
            if i in acted:
                reader.fail("acted", f"{name} is listed twice")
            if board[i] not in own or board[i].upper() == "S":
                reader.fail("acted", f"{name} must hold a {side} piece that moved this turn, not "
                            f"{'nothing' if board[i] == '.' else NAMES[board[i].upper()] + ' of ' + _owner(board[i])}")
            acted.add(i)
    mover_stones = board.count("S" if side == "blue" else "s")
    if values["energy"] is None:
        energy = max(0, mover_stones - len(acted))
    else:
        energy = _number(reader, "energy", values["energy"], 0, max(0, mover_stones - len(acted)),
                         f": {side}'s stones less the pieces that acted this turn")
    quiet = _number(reader, "quiet", values["quiet"], 0, QUIET_LIMIT + 1)
    seen: dict[str, int] = {}
    if values["seen"] != "-":
        for entry in values["seen"].split():
            digest, x, count = entry.partition("x")
            if not (x and re.fullmatch(r"[0-9a-f]{10}", digest)):
                reader.fail("seen", f"{entry!r} is not a position digest (ten hex digits) 'x' a count")
            if digest in seen:
                reader.fail("seen", f"the digest {digest} is listed twice")
            seen[digest] = _number(reader, "seen", count, 1, REPEATS)
    offer = values["offer"]
    if offer not in ("-", *SIDES):
        reader.fail("offer", f"the side whose draw offer stands is blue, red or '-', not {offer!r}")
    offer = "" if offer == "-" else offer
    ended = values["ended"]
    if ended != "-" and ended not in ENDINGS:
        reader.fail("ended", f"{ended!r} is no ending; write '-' or one of {', '.join(sorted(ENDINGS))}")
    ended = "" if ended == "-" else ended
    state = KelasuState(board, side, energy, frozenset(acted), quiet, tuple(sorted(seen.items())), offer, ended, game)
    found = state._ending_on_board()
    if ended:
        # A written ending must agree with the board and the counters.
        word, _, who = ended.partition(" ")
        agrees = {
            "victory": lambda: found == ended,
            "no-stones": lambda: state._material(who)[0] == 0,
            "only-stones": lambda: state._material(who)[0] > 0 and state._material(who)[1] == 0,
            "quiet": lambda: quiet == QUIET_LIMIT + 1,
            "repetition": lambda: REPEATS in seen.values(),
            "stalemate": lambda: not acted and not state.has_piece_action(),
            "agreed": lambda: offer == _other(side),
        }.get(word, lambda: True)()
        if not agrees:
            reader.fail("ended", f"{ended!r} does not agree with the position")
        return state
    if found is not None:
        return state._with(ended=found)
    if energy == 0:
        reader.fail("energy", f"{side} has no energy left, so the turn would have passed")
    if not state.has_piece_action():
        reader.fail("acted", f"{side} has energy but nothing that can act, so the turn would have passed")
    return state


class Kelasu(Game):
    """Kelasu v0.1."""

    name = "kelasu"
    title = "Kelasu"
    players = SIDES

    def initial(self) -> KelasuState:
        return KelasuState(START_BOARD, "blue", 4, frozenset(), 0, (), "", "", self)

    def setup(self, pieces: dict[str, str], to_move: str = "blue", energy: int | None = None) -> KelasuState:
        """A position with the given ``pieces`` (``{"D4": "W", "F5": "s"}``:
        capitals Blue, lower case Red) and nothing else; ``energy`` defaults
        to the mover's stones."""
        reader = _Reader(None)
        if not isinstance(pieces, dict):
            reader.fail("pieces", f"expected a dict of cell to piece letter, not {type(pieces).__name__}")
        board = ["."] * (SIZE * SIZE)
        for cell, piece in pieces.items():
            i = INDEX.get(cell.strip().upper()) if isinstance(cell, str) else None
            if i is None:
                reader.fail("pieces", f"there is no cell {cell!r} on a Kelasu board (A0 to J9)")
            if not isinstance(piece, str) or len(piece) != 1 or piece not in LETTERS or piece == ".":
                reader.fail("pieces", f"unknown piece {piece!r} on {CELLS[i]} (use B W R D C G S, lower case for Red)")
            if board[i] != ".":
                reader.fail("pieces", f"{CELLS[i]} is given twice")
            board[i] = piece
        if not isinstance(to_move, str):
            reader.fail("to-move", f"the side to move is blue or red, not {to_move!r}")
        if energy is not None and (not isinstance(energy, int) or isinstance(energy, bool)):
            reader.fail("energy", f"expected a whole number, not {energy!r}")
        values = dict(zip(FIELDS, (to_move, None if energy is None else str(energy), "-", "0", "-", "-", "-")))
        return _build(self, reader, "".join(board), values)

    def parse(self, text: str) -> KelasuState:
        """The position written ``text`` (see the module docstring).  Every
        field is checked; a refusal names the field with its line and column.
        A finished game that the text does not mark as ended (say, one side
        holds all four victory cells) is read as ended."""
        if not isinstance(text, str):
            raise NotationError(f"a position is text, not {type(text).__name__}")
        reader = _Reader(text)
        start = len(text) - len(text.lstrip("\n"))
        lines = text[start:].rstrip("\n").split("\n")
        pos = start
        for r in range(SIZE):
            line = lines[r] if r < len(lines) else ""
            rank = f"rank {RANKS[r]}"
            if r >= len(lines):
                reader.fail(rank, f"missing: a position starts with {SIZE} lines of {SIZE} cells, rank A first",
                            len(text))
            for k, ch in enumerate(line[:SIZE]):
                if ch not in LETTERS:
                    reader.fail(rank, f"unknown piece letter {ch!r} (. B W R D C G S, lower case for Red)", pos + k)
            if len(line) != SIZE:
                reader.fail(rank, f"has {len(line)} cells, not {SIZE}", pos + min(len(line), SIZE))
            pos += len(line) + 1
        board = "".join(lines[:SIZE])
        values: dict[str, str | None] = {"to-move": "blue", "energy": None, "acted": "-", "quiet": "0",
                                         "seen": "-", "offer": "-", "ended": "-"}
        for line in lines[SIZE:]:
            key, sep, value = line.partition(":")
            key = key.strip()
            if not sep or key not in values:
                reader.fail("fields", f"expected one of {', '.join(FIELDS)} followed by ':'", pos)
            if key in reader.where:
                reader.fail(key, "given twice", pos)
            reader.where[key] = pos + len(line) - len(line.partition(":")[2].lstrip())
            values[key] = value.strip()
            pos += len(line) + 1
        return _build(self, reader, board, values)


GAME = Kelasu()
