"""The game: set-up, reading positions, and the forum's table code."""

from __future__ import annotations

from ...core import Game, IllegalAction, NotationError, checked_text
from ...descriptor import Descriptor, Option
from .board import FOUNDATION, KINGDOM_EMPTIED, UMBRATIONS
from .edit import palette
from .engine import ENGINE
from .forum import read_forum
from .notation import _Reader, name_problem, read_position
from .state import CresnovianState


class CresnovianChess(Game[CresnovianState]):
    """Cresnovian Chess v0.4.1."""

    descriptor = Descriptor(
        "cresnovian", "Cresnovian Chess", aliases=("cresnovian_chess",),
        settings=(Option("arrangement", None, dict, "cell -> umbration on the foundation (None: set up by play)"),
                  Option("second", "right", str, "the kingdom of the second player, who moves first",
                         choices=("left", "right")),
                  Option("names", ("Left Kingdom", "Right Kingdom"), tuple, "the two kingdoms' names")),
        endings=(KINGDOM_EMPTIED,), clarified_in="notebooks/cresnovian_chess_part_4.ipynb",
        # The pieces belong to kingdoms, not to players, and are drawn alike.
        players=("first", "second"), colours=("neutral", "neutral"), engine=ENGINE)

    def _initial(self, arrangement: dict[str, str] | None, second: str, names: tuple[str, str]) -> CresnovianState:
        """The set-up phase, or with ``arrangement`` (cell -> umbration for
        the nine foundation cells) a game ready to play: the second player
        holds the ``second`` kingdom and moves first."""
        for n in names if isinstance(names, (tuple, list)) and len(names) == 2 else [None]:
            problem = name_problem(n) if isinstance(n, str) else "names are two texts"
            if problem:
                raise NotationError(f"field 'names': {n!r}: {problem}")
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
        cell it stands on unless ``homes`` says otherwise.  All nine pieces
        stand on the board (clarification 28): a study position lays those
        it does not need aside dead (``"cosmos 0Q"``).  An impossible
        position, fewer than nine pieces included, raises
        :class:`NotationError` naming the field."""
        if not isinstance(pieces, dict):
            raise NotationError("field 'pieces': a dict from cells to '<umbration> <n>Q'")
        if mover not in ("left", "right"):
            raise NotationError(f"field 'mover': the kingdom to move is 'left' or 'right', not {mover!r}")
        homes = dict(homes or {})
        for u, h in homes.items():
            if u not in UMBRATIONS or not isinstance(h, str):
                raise NotationError(f"field 'homes': maps umbrations to foundation cells, not {u!r} to {h!r}")
        listed = []
        for cell, code in pieces.items():
            parts = code.split() if isinstance(code, str) else []
            if len(parts) != 2 or not isinstance(cell, str):
                raise NotationError(f"field 'pieces': write a piece as '<umbration> <n>Q', not {code!r} on {cell!r}")
            u, q = parts
            # A piece's home defaults to the foundation cell it stands on, unless another piece's home is given as it.
            default = cell if cell in FOUNDATION and cell not in homes.values() else ""
            listed.append([u, cell, q, homes.get(u, default)])
        for name, value in (("monuments", monuments), ("word", word)):
            if value is not None and not isinstance(value, (dict, tuple, list)):
                raise NotationError(f"field {name!r}: not {value!r}")
        if not isinstance(poem, str):
            raise NotationError(f"field 'poem': the poem is text, not {type(poem).__name__}")
        data = {
            "phase": "play", "turn": "second", "second-kingdom": mover, "pieces": listed,
            "monuments": [[c, u] for c, u in (monuments or {}).items()], "word": list(word) if word else [],
            "poem": poem.split(), "last-travel": "", "last-turn": "", "forbid": "",
            "names": list(names) if isinstance(names, (tuple, list)) else names, "before": "",
        }
        return _Reader(self, data, None).read()

    def palette(self):
        """The nine umbral pieces, for the position editor (see :mod:`.edit`)."""
        return palette()

    def parse(self, text: str) -> CresnovianState:
        """The position written ``text`` (see :meth:`CresnovianState.to_text`),
        checked field by field: an impossible position raises
        :class:`NotationError` naming the field and the problem."""
        return read_position(self, checked_text(text) if isinstance(text, str) else text)  # JSON's own words else

    def from_forum(self, text: str, to_move: str, second: str = "right") -> CresnovianState:
        """A position pasted from the forum: the ``[TABLE]`` code and the
        COMMUNAL POEM block.  ``to_move`` is the player to move as
        ``state.to_move`` says it (``"first"``, ``"second"``), the kingdom
        to move (``"left"``, ``"right"``) or a player's name from the
        header; ``second`` is the kingdom the second player holds (the
        table does not say; by default the right one, as in
        :meth:`initial`).

        A game in play shows all nine pieces; a cell whose text has a colon
        or ends like a Q total is a piece or a monument, written exactly
        (``:COSMOS:3Q``, ``:cosmos:m``), or the table is refused.  The
        rules' empty template (no piece, word or poem) reads as the start
        of the set-up.  The pieces' homes are taken as the foundation cells
        they stand on if any, else unknown.  Errors give the line and
        column."""
        return read_forum(self, text, to_move, second)


GAME = CresnovianChess()
