"""Reading a position's text: every field checked against the board."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NoReturn

from ...core import NotationError
from .board import COSTS, INDEX, NAMES, OWN, QUIET_LIMIT, REPEATS, SIDES, _other, _owner
from .state import KelasuState

if TYPE_CHECKING:
    from .game import Kelasu


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

    def fail(self, field_name: str, problem: str, pos: int | None = None) -> NoReturn:
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


def _build(game: Kelasu, reader: _Reader, board: str, values: dict[str, str | None]) -> KelasuState:
    """The position from a checked board and the field texts; refuses any
    field that is malformed, out of range or impossible with the board."""
    energy_text = values["energy"]  # None: the mover's stones less the pieces that acted
    fields = {k: v for k, v in values.items() if v is not None}  # every other field is written
    side = fields["to-move"]
    if side not in SIDES:
        reader.fail("to-move", f"the side to move is blue or red, not {side!r}")
    # The pieces must come from the two sets: 40 blanks (each other piece
    # costs its merge price in blanks) and 8 stones (a ninth costs 21 blanks).
    stones = sum(board.count(c) for c in "Ss")
    used = sum(board.count(c) for c in "Bb") + sum(COSTS[k] * board.upper().count(k) for k in "WRDCG")
    used += COSTS["S"] * max(0, stones - STONES_IN_SETS)
    if used > BLANKS_IN_SETS:
        reader.fail(
            "board",
            "more pieces than two sets can make: the blanks plus the blank cost of every "
            f"merged piece come to {used}, and the sets hold {BLANKS_IN_SETS} blanks and {STONES_IN_SETS} stones",
        )
    own = OWN[side]
    acted: set[int] = set()
    if fields["acted"] != "-":
        for name in fields["acted"].split():
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
    if energy_text is None:
        energy = max(0, mover_stones - len(acted))
    else:
        energy = _number(reader, "energy", energy_text, 0, max(0, mover_stones - len(acted)),
                         f": {side}'s stones less the pieces that acted this turn")
    quiet = None if fields["quiet"] == "-" else _number(reader, "quiet", fields["quiet"], 0, QUIET_LIMIT)
    seen: dict[str, int] = {}
    if fields["seen"] != "-":
        for entry in fields["seen"].split():
            digest, x, count = entry.partition("x")
            if not (x and re.fullmatch(r"[0-9a-f]{10}", digest)):
                reader.fail("seen", f"{entry!r} is not a position digest (ten hex digits) 'x' a count")
            if digest in seen:
                reader.fail("seen", f"the digest {digest} is listed twice")
            seen[digest] = _number(reader, "seen", count, 1, REPEATS)
    offer = fields["offer"]
    if offer not in ("-", *SIDES):
        reader.fail("offer", f"the side whose draw offer stands is blue, red or '-', not {offer!r}")
    offer = "" if offer == "-" else offer
    ended = fields["ended"]
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
            "quiet": lambda: quiet == QUIET_LIMIT,
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


