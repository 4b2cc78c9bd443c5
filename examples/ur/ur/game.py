"""The Royal Game of Ur: its declaration, the start and reading positions."""

from __future__ import annotations

from playbook.core import Game, NotationError, checked_text
from playbook.descriptor import Descriptor

from .engine import UrEngine
from .state import ALL_HOME, ALONG, FILES, HOME, PIECES, SIDES, UrState

_TEXT_HELP = ("a position is three rows of eight cells (the top row first; '-' where the board has no square), "
              "each side's pieces waiting and borne off (w7/0 b7/0), the side (w or b) and its roll "
              "(1 to 4) or 'roll'")


class Ur(Game[UrState]):
    """The Royal Game of Ur, with Irving Finkel's rules (see ``RULES.md``)."""

    descriptor = Descriptor(
        "ur", "The Royal Game of Ur", aliases=("royal_game_of_ur", "game_of_ur", "twenty_squares"),
        players=SIDES, engine=UrEngine(), endings=(ALL_HOME,), chance=True,
        # A win forced whatever the dice do comes only from the last piece's bearing off: no puzzle worth solving.
        puzzle_depths=(), puzzle_plies=400, bench_depth=4,
        clarified_in="ur.ipynb")

    def _initial(self) -> UrState:
        """The start: every piece waiting to enter, White to roll."""
        return UrState((0,) * PIECES, (0,) * PIECES, "white", None, self)

    def parse(self, text: str) -> UrState:
        """The position written ``text`` (see the rules' notation)."""
        fields = checked_text(text).strip().split(" ")
        if len(fields) != 5:
            raise NotationError(_TEXT_HELP, text, 0)
        rows, white_counts, black_counts, turn, roll = fields
        ranks = rows.split("/")
        if len(ranks) != 3 or any(len(r) != 8 for r in ranks):
            raise NotationError("the board is three rows of eight cells, separated by '/'", text, 0)
        pieces: dict[str, list[int]] = {"white": [], "black": []}
        offset = 0
        for rank, row in zip("321", ranks, strict=True):
            for f, mark in zip(FILES, row, strict=True):
                cell = f"{f}{rank}"
                at = offset + FILES.index(f)
                if rank != "2" and f in "ef":
                    if mark != "-":
                        raise NotationError(f"{cell} is no square of the board: write '-' there", text, at)
                    continue
                if mark == ".":
                    continue
                owner = {"w": "white", "b": "black"}.get(mark)
                if owner is None:
                    raise NotationError(f"a square holds w, b or '.', not {mark!r}", text, at)
                if cell not in ALONG[owner]:
                    raise NotationError(f"{cell} is on {SIDES[owner == 'white']}'s own row: no {owner} piece "
                                        f"goes there", text, at)
                pieces[owner].append(ALONG[owner][cell])
            offset += 9
        at = len(rows) + 1
        for side, counts in (("white", white_counts), ("black", black_counts)):
            waiting, slash, home = counts[1:].partition("/")
            if counts[:1] != side[0] or not slash or not waiting.isdigit() or not home.isdigit():
                raise NotationError(f"{side}'s pieces off the board are written {side[0]}WAITING/HOME "
                                    f"({side[0]}7/0)", text, at)
            total = int(waiting) + int(home) + len(pieces[side])
            if total != PIECES:
                raise NotationError(f"{side} has {PIECES} pieces: {len(pieces[side])} on the board, "
                                    f"{waiting} waiting and {home} home make {total}", text, at)
            pieces[side] += [0] * int(waiting) + [HOME] * int(home)
            at += len(counts) + 1
        mover = {"w": "white", "b": "black"}.get(turn, "")
        if not mover:
            raise NotationError("the side to play is w or b", text, at)
        at += 2
        if roll == "roll":
            number = None
        elif roll in ("1", "2", "3", "4"):
            number = int(roll)
        elif roll == "0":
            raise NotationError("a roll of 0 passes the turn at once: write the other side to roll", text, at)
        else:
            raise NotationError("the roll is 1 to 4, or 'roll' while the dice are to be rolled", text, at)
        state = UrState(tuple(sorted(pieces["white"])), tuple(sorted(pieces["black"])), mover, number, self)
        winners = [s for s in SIDES if state.home(s) == PIECES]
        if len(winners) == 2:
            raise NotationError("both sides cannot have borne off every piece", text, len(rows) + 1)
        if winners and (number is not None or mover == winners[0]):
            raise NotationError(f"{winners[0]} bore off its last piece, so the game is over with "
                                f"{SIDES[winners[0] == 'white']} to roll", text, at - 2)
        if number is not None and not state.moves(number):
            raise NotationError(f"{mover} has no move with {number}: the turn would have passed", text, at)
        return state


#: The game, as the entry point names it.
GAME = Ur()

