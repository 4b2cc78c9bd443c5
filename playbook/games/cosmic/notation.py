"""Cosmic Chess notation: reading actions and positions (the module's
notation section says how they are written)."""

from __future__ import annotations

import re

from ...core import NotationError
from .board import FILES, KINGS, NAMES, OFF, SET, SIDES, SIZE

_CELL = "[a-f][1-6]"
_ACTION = re.compile(rf"{_CELL}(?:-{_CELL}|(?:x(?:{_CELL}|\*))+)$")


def _read_action(text: str) -> tuple[list[str], list[str]]:
    """Split an action into its cells and separators, or raise NotationError
    pointing at the first character that does not fit."""
    if _ACTION.match(text):
        parts = re.split(r"([-x])", text)
        return parts[0::2], parts[1::2]
    pos = 0
    expect_cell = True
    seps: list[str] = []
    while pos < len(text):
        if expect_cell:
            if seps and seps[-1] == "x" and text[pos] == OFF:
                if pos + 1 < len(text):
                    raise NotationError("nothing may follow a jump off the board", text, pos + 1)
                break
            if not re.match(_CELL, text[pos:pos + 2]):
                bad = pos if text[pos:pos + 1] not in FILES else pos + 1
                raise NotationError("expected a cell from a1 to f6", text, min(bad, len(text) - 1))
            pos += 2
        else:
            if text[pos] not in "-x":
                raise NotationError("expected '-' (a move) or 'x' (a capture) between cells", text, pos)
            seps.append(text[pos])
            pos += 1
        expect_cell = not expect_cell
    if not text:
        raise NotationError("an empty action")
    if expect_cell and text[-1] in "-x":
        raise NotationError("the action ends before its last cell", text, len(text) - 1)
    if not seps:
        raise NotationError("an action names at least two cells, such as b3-c4", text, len(text) - 1)
    if "-" in seps and len(seps) > 1:
        second = [i for i, ch in enumerate(text) if ch in "-x"][1]
        raise NotationError("a plain move names two cells; a chain of jumps uses 'x' throughout", text, second)
    raise NotationError("could not read this action", text, 0)


def read_position(text: str, quiet_limit: int | None) -> tuple[str, str, str, int]:
    """The fields of the position ``text`` (the board from a1, the side to
    move, the draw offer and the moves since the last capture), checked as
    :meth:`CosmicChess.parse` describes, with the count at most
    ``quiet_limit`` when that is set."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    if text != text.strip() or "  " in text:
        raise NotationError("fields are separated by single spaces, with none before or after", text,
                            len(text) - len(text.lstrip()) if text[:1].isspace() else max(text.find("  "), 0))
    fields = text.split(" ")
    if len(fields) < 2 or len(fields) > 4:
        raise NotationError("a position is the board, the side to move ('w' or 'b'), then optionally a draw "
                            "offer ('=w', '=b' or '=') and the moves since the last capture", text)
    rows = fields[0].split("/")
    if len(rows) != SIZE:
        raise NotationError(f"the board needs {SIZE} ranks separated by '/', found {len(rows)}", text)
    board = [""] * SIZE
    pos = 0
    for k, row in enumerate(rows):
        cells = ""
        for ch in row:
            if ch in "123456":
                cells += "." * int(ch)
            elif ch in "KRNPkrnp":
                cells += ch
            else:
                raise NotationError(f"unknown piece letter {ch!r} (use K R N P, k r n p or digits)", text, pos)
            if len(cells) > SIZE:
                raise NotationError(f"rank {SIZE - k} is longer than {SIZE} cells", text, pos)
            pos += 1
        if len(cells) != SIZE:
            raise NotationError(f"rank {SIZE - k} has {len(cells)} cells, not {SIZE}", text, pos - 1 if row else pos)
        pos += 1
        board[SIZE - 1 - k] = cells
    joined = "".join(board)
    for letter, most in SET.items():
        for piece in (letter, letter.lower()):
            if joined.count(piece) > most:
                side = "white" if piece.isupper() else "black"
                raise NotationError(
                    f"board: {side} has {joined.count(piece)} {NAMES[letter]}s ({piece!r}); a set holds {most}", text,
                    text.index(piece))
    side = fields[1]
    at = len(fields[0]) + 1
    if side not in SIDES:
        raise NotationError("side to move: 'w' or 'b'", text, at)
    mover = "b" if side == "w" else "w"
    if KINGS[side] in joined and KINGS[mover] not in joined:
        # Only the side that just moved can have taken a king.
        raise NotationError(f"side to move: the {SIDES[mover]} king is gone while the {SIDES[side]} king stands, "
                            f"so {SIDES[side]} made the last move and {SIDES[mover]} is to move", text, at)
    offer, quiet = "", 0
    rest = fields[2:]
    at += len(side) + 1
    if rest and rest[0].startswith("="):
        if rest[0] not in ("=w", "=b", "="):
            raise NotationError("draw offer: '=w' or '=b' (offered by that side) or '=' (agreed)", text, at)
        offer = rest[0][1:] or "="
        at += len(rest[0]) + 1
        rest = rest[1:]
    if rest:
        count = rest[0]
        if len(rest) > 1 or not count.isdigit() or not count.isascii() or count.startswith("0"):
            raise NotationError("moves since the last capture: a whole number from 1 up, left out when 0", text, at)
        quiet = int(count)
        if quiet_limit is not None and quiet > quiet_limit:
            raise NotationError(f"moves since the last capture: at most {quiet_limit}", text, at)
    return joined, side, offer, quiet
