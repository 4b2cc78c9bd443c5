"""The Kelasu game: the start position, set-ups and reading positions."""

from __future__ import annotations

from ...core import Game, Step, checked_text
from ...descriptor import Descriptor, Ending, Talk
from .board import ACCEPT, CELLS, INDEX, NAMES, OFFER, RANKS, RESIGN, SIDES, SIZE, START_BOARD
from .engine import ENGINE
from .notation import FIELDS, LETTERS, _build, _Reader
from .state import KelasuState


class Kelasu(Game[KelasuState]):
    """Kelasu v0.1."""

    descriptor = Descriptor(
        "kelasu", "Kelasu", talk=(Talk(RESIGN.text, "resign"), Talk(OFFER.text, "offer"), Talk(ACCEPT.text, "accept")),
        endings=(Ending.RESIGNATION, Ending.AGREEMENT, Ending.NO_MOVE, Ending.MOVE_LIMIT, Ending.REPETITION,
                 Ending.GOAL_HELD, Ending.PIECES_LOST),
        puzzle_plies=1000, clarified_in="notebooks/kelasu_part_3.ipynb",
        players=SIDES, colours=SIDES, engine=ENGINE)

    def _initial(self) -> KelasuState:
        return KelasuState(START_BOARD, "blue", 4, frozenset(), 0, (), "", "", self)

    def palette(self) -> tuple[Step, ...]:
        """Each side's blank, warrior, runner, diplomat, champion, general and
        stone, by their letters (capitals Blue, lower case Red)."""
        return tuple(Step.choice(letter if side == "blue" else letter.lower(), f"{side} {NAMES[letter]}")
                     for side in SIDES for letter in "BWRDCGS")

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
        values = dict(
            zip(FIELDS, (to_move, None if energy is None else str(energy), "-", "0", "-", "-", "-"), strict=True)
        )
        return _build(self, reader, "".join(board), values)

    def parse(self, text: str) -> KelasuState:
        """The position written ``text`` (see the module docstring).  Every
        field is checked; a refusal names the field with its line and column.
        A finished game that the text does not mark as ended (say, one side
        holds all four victory cells) is read as ended."""
        reader = _Reader(checked_text(text))
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
