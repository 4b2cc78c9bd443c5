"""A Kelasu position: outcome, text, playing and drawing (its action lists are in :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ...core import Action, Ending, Outcome, State
from ...render import Cell, Piece, Scene, Zone
from .actions import ActionLists
from .board import CELLS, HOME, INDEX, OWN, QUIET_LIMIT, RANKS, REPEATS, SIDES, SIZE, VICTORY, _digest, _other, drawn
from .entry import StepEntry

if TYPE_CHECKING:
    from .game import Kelasu


_V0, _V1, _V2, _V3 = VICTORY

#: The colours of Kelasu's own zones (light, dark page): Blue's and Red's
#: home rows and the victory tiles; the other cells are the shared ``light``
#: and ``plain``.
ZONES = (Zone("home-a", "#cfdcf2", "#4d5f80"), Zone("home-b", "#f2d0cf", "#804f4d"),
         Zone("victory", "#9fd3c7", "#3f7a6d"))

#: Per side: its stone's letter and the letters of its other pieces.
_KINDS = {"blue": ("S", "BWRDCG"), "red": ("s", "bwrdcg")}


# The contract's short repr is kept (repr=False); equality is defined below.
@dataclass(frozen=True, eq=False, repr=False)
class KelasuState(StepEntry, ActionLists, State):
    """A Kelasu position (immutable): the ``board`` (100 letters, A0 first),
    the ``side`` to move with its ``energy`` left this turn and the cells
    of the pieces that ``acted``, the counters of quiet turns and positions
    ``seen``, a draw ``offer`` and how the game ``ended``."""

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
        board = self.board
        stone, others = _KINDS[side]
        return board.count(stone), sum(map(board.count, others))

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
        side, acted = self.side, self.acted
        if kind == "move":
            _, i, j = data
            piece, target = board[i], board[j]
            if target != "." and piece in "Dd" and target not in OWN[side]:
                # Conversion: the enemy piece changes side, the diplomat leaves.
                board[j] = target.upper() if side == "blue" else target.lower()
                board[i] = "."
                quiet, seen, changed = self.quiet, (), True
            else:
                board[j], board[i] = piece, "."
                acted = acted | {j}
                changed = target != "."  # a capture
                if changed:
                    quiet, seen = None, ()
                else:
                    quiet, seen = None if piece in "Bb" else self.quiet, self.seen
            cost = 1
        else:  # merge
            _, piece_kind, at, blanks = data
            for b in blanks:
                board[b] = "."
            board[at] = piece_kind if side == "blue" else piece_kind.lower()
            quiet, seen, changed = None, (), True
            cost = len(blanks)
        new = KelasuState("".join(board), side, max(0, self.energy - cost), acted, quiet, seen, self.offer, "",
                          self.game)
        return new._settle(material=changed)

    def _with(self, **changes) -> KelasuState:
        return replace(self, **changes)

    def _settle(self, material: bool = True) -> KelasuState:
        """After an action: look for an ending, then hand the turn over when
        the energy is spent or nothing is left to do.  ``material``: whether
        the action may have changed what the sides hold (a running position
        never has a side lost on material, so a plain move cannot make one)."""
        # The victory cells first (clarification 9), then the opponent's
        # material before the actor's (clarification 3).
        board, own = self.board, OWN[self.side]
        if board[_V0] in own and board[_V1] in own and board[_V2] in own and board[_V3] in own:
            return self._with(ended=f"victory {self.side}")
        lost = self._material_loser((_other(self.side), self.side)) if material else None
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
                     caption=[f"{self.status()}  {bar}"], title="Kelasu", zones=ZONES)


