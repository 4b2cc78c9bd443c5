"""A Kelasu position: outcome, action lists, playing and drawing."""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core import Action, Ending, Outcome, State
from ...render import Cell, Piece, Scene
from .board import (
    ACCEPT,
    CAPTURE,
    CELLS,
    HOME,
    INDEX,
    MOVE,
    MOVES,
    NEIGHBOURS,
    OFFER,
    OWN,
    QUIET_LIMIT,
    RANKS,
    REPEATS,
    RESIGN,
    SIDES,
    SIZE,
    SLIDE,
    VICTORY,
    _bits,
    _digest,
    _other,
    _parts,
    _spread,
    drawn,
)
from .entry import StepEntry
from .merges import _PART_MERGES, PART_CACHE_CELLS, _connected_subsets, _merges_of, _merges_of_part

if TYPE_CHECKING:
    from .game import Kelasu


def _slide(board: str, own: Container[str], ray, out: list) -> None:
    """Add ``ray``'s actions up to the first piece, that piece's cell
    included when it is an enemy's."""
    for j, action in ray:
        target = board[j]
        if target == ".":
            out.append(action)
            continue
        if target not in own:
            out.append(action)
        break


# The contract's short repr is kept (repr=False); equality is defined below.
@dataclass(frozen=True, eq=False, repr=False)
class KelasuState(StepEntry, State):
    board: str
    side: str
    energy: int
    acted: frozenset
    quiet: int | None  # full turns in a row without a blank move, merge or capture; None: this one had one
    seen: tuple  # sorted ((digest, count), ...)
    offer: str
    ended: str  # "", "resigned blue", "resigned red", "agreed", or a computed ending
    game: Kelasu = field(repr=False)

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
            return Outcome((_other(loser),), f"{loser} resigned", Ending.RESIGNATION)
        if self.ended == "agreed":
            return Outcome((), "a draw was agreed", Ending.AGREEMENT)
        if self.ended == "stalemate":
            return Outcome((), f"stalemate: {self.side} has no action at the start of its turn", Ending.NO_MOVE)
        if self.ended == "quiet":
            return Outcome(
                (), f"{QUIET_LIMIT} full turns passed without a blank move, a merge or a capture", Ending.MOVE_LIMIT
            )
        if self.ended == "repetition":
            return Outcome((), f"the same position arose for the {REPEATS}th time", Ending.REPETITION)
        if self.ended.startswith("victory "):
            winner = self.ended.split()[1]
            return Outcome((winner,), f"{winner} holds all four victory cells", Ending.GOAL_HELD)
        why, loser = self.ended.split()
        return Outcome(
            (_other(loser),),
            f"{loser} has {'no stones' if why == 'no-stones' else 'only stones'} left",
            Ending.PIECES_LOST,
        )

    def _ending_on_board(self) -> str | None:
        """The ending a position read from text is already in, judged from
        its board and counters alone (see clarification 10)."""
        for side in SIDES:
            if all(self.board[v] in OWN[side] for v in VICTORY):
                return f"victory {side}"
        lost = self._material_loser((self.side, _other(self.side)))
        if lost is not None:
            return " ".join(lost)
        if self.quiet is not None and self.quiet >= QUIET_LIMIT:
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

    def edit(self, cell: str | None = None, piece: str | None = None, *, to_move: str | None = None) -> KelasuState:
        """The position with ``piece`` (a letter of :meth:`Kelasu.palette`,
        None for empty) on ``cell`` and/or ``to_move`` to move, as a fresh
        turn: energy from the mover's stones, nothing acted, no counters.
        Refused through :meth:`Kelasu.setup`."""
        pieces = {CELLS[i]: c for i, c in enumerate(self.board) if c != "."}
        if cell is not None:
            pieces.pop(cell, None)
            if piece is not None:
                pieces[cell] = piece
        return self.game.setup(pieces, to_move=self.side if to_move is None else to_move)

    def to_text(self) -> str:
        rows = [self.board[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        acted = " ".join(CELLS[i] for i in sorted(self.acted)) or "-"
        seen = " ".join(f"{d}x{n}" for d, n in self.seen) or "-"
        lines = rows + [
            f"to-move: {self.side}",
            f"energy: {self.energy}",
            f"acted: {acted}",
            f"quiet: {'-' if self.quiet is None else self.quiet}",
            f"seen: {seen}",
            f"offer: {self.offer or '-'}",
            f"ended: {self.ended or '-'}",
        ]
        return "\n".join(lines)

    def key(self):
        """Every field of the position but its game (see :meth:`State.key`)."""
        return (self.board, self.side, self.energy, self.acted, self.quiet, self.seen, self.offer, self.ended)

    def status(self) -> str:
        if self.outcome is not None:
            return super().status()
        line = f"{self.side.capitalize()} to move, energy {self.energy}"
        if self.offer:
            line += f" ({self.offer} offers a draw)"
        return line

    def piece(self, cell: str) -> str:
        """The letter of the piece on ``cell`` (``"D2"``; capitals Blue,
        lower case Red), or ``"."`` when it is empty.

        >>> from playbook import load
        >>> start = load("kelasu").initial()
        >>> start.piece("C0"), start.piece("H2"), start.piece("E4")
        ('S', 's', '.')
        """
        i = INDEX.get(cell.upper())
        if i is None:
            raise KeyError(f"no cell {cell!r} on the Kelasu board (ranks A-J, files 0-9, such as D2)")
        return self.board[i]

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
                _slide(board, own, ray, out)
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
                _slide(board, own, ray[1:], out)

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

    # ---- playing

    def _apply(self, action: Action) -> KelasuState:
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
            None if reset_quiet else self.quiet, () if irreversible else self.seen, self.offer, "", self.game,
        )
        return new._settle()

    def _with(self, **changes) -> KelasuState:
        return dataclasses.replace(self, **changes)

    def _settle(self) -> KelasuState:
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

    def _hand_over(self) -> KelasuState:
        nxt = _other(self.side)
        quiet = self.quiet
        if self.side == "red":  # a full turn ends: counted if it was quiet, else the count starts again
            quiet = 0 if quiet is None else quiet + 1
        counts = dict(self.seen)
        key = _digest(self.board, nxt)
        counts[key] = counts.get(key, 0) + 1
        offer = "" if self.offer == nxt else self.offer
        stone = "S" if nxt == "blue" else "s"
        new = KelasuState(self.board, nxt, self.board.count(stone), frozenset(), quiet,
                          tuple(sorted(counts.items())), offer, "", self.game)
        if quiet is not None and quiet >= QUIET_LIMIT:
            return new._with(ended="quiet")
        if counts[key] >= REPEATS:
            return new._with(ended="repetition")
        if not new.has_piece_action():
            return new._with(ended="stalemate")
        return new

    # ---- drawing

    def palette_piece(self, piece: str) -> Piece:
        """The palette piece ``piece`` (its letter) as the board draws it."""
        return drawn(piece, "")

    def view(self) -> Scene:
        cells, pieces = [], []
        for i, name in enumerate(CELLS):
            r, f = divmod(i, SIZE)
            zone = "victory" if i in VICTORY else "home-a" if r in HOME["blue"] else "home-b" if r in HOME["red"] else (
                "light" if (r + f) % 2 == 0 else "plain")
            cells.append(Cell(name, f, r, zone=zone))
            c = self.board[i]
            if c != ".":
                pieces.append(drawn(c, name, dim=i in self.acted))
        bar = "●" * self.energy + "○" * max(0, self._material(self.side)[0] - self.energy)
        return Scene(cells, pieces, files=[str(f) for f in range(SIZE)], ranks=list(RANKS),
                     caption=[f"{self.status()}  {bar}"], title="Kelasu")


