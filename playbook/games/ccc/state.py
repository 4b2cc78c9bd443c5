"""A CCC position: the board, whose turn, the turn count, and the pieces beside the board."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from ...core import (
    Action,
    Ending,
    IllegalAction,
    NotationError,
    Outcome,
    State,
    Step,
    StepOptions,
    cached,
    checked_action,
)
from .board import Geometry
from .edit import edit, placed
from .effects import carry_out
from .entry import Entry, steps_from_text
from .entry import shield_room as room_for_shields
from .entry import unlisted as unlisted_actions
from .moves import PASS, frozen_cells
from .moves import listed as listed_actions
from .notation import write
from .pieces import SIDES
from .tables import Rays, rays
from .view import drawn, scene

if TYPE_CHECKING:
    from .game import CCC

#: The marks between the cells of a move: ``-`` a move, ``x`` an attack or a hop.
_MARK = re.compile(r"(?<=\d)[-x](?=[a-z])")


class Census(NamedTuple):
    """Where a position's pieces stand, found in one pass over the board."""

    #: The cells of each side's pieces (``w``/``b`` -> cells, ascending; a
    #: laying stick on each cell it covers).
    cells: dict[str, list[int]]
    #: The cells of the Nice Flags.
    flags: list[int]
    #: Each side's number of Pyramids.
    pyramids: dict[str, int]
    #: The cells of each side's columns that hold a Pyramid.
    pyramid_cells: dict[str, list[int]]
    #: The cells of each side's Nice Flag and Ring, ascending (the pieces
    #: with actions the move tables leave out).
    others: dict[str, list[int]]


def _census(board: tuple) -> Census:
    """Where the pieces of ``board`` stand, found in one pass: see :class:`Census`."""
    cells: dict[str, list[int]] = {"w": [], "b": []}
    bases: dict[str, list[int]] = {"w": [], "b": []}
    others: dict[str, list[int]] = {"w": [], "b": []}
    flags: list[int] = []
    pyramids = {"w": 0, "b": 0}
    for i in compress(range(len(board)), board):  # the occupied cells (a Thing is always true)
        t = board[i]
        cells[t.owner].append(i)
        if t.pyr:
            pyramids[t.owner] += t.pyr
            bases[t.owner].append(i)
        elif t.code in "VR":
            others[t.owner].append(i)
            if t.code == "V":
                flags.append(i)
    return Census(cells, flags, pyramids, bases, others)


@dataclass(frozen=True, eq=False, repr=False)
class CCCState(State):
    """A CCC position (immutable): ``board`` holds a :class:`~.pieces.Thing`
    or None per cell, a1 first; ``side`` moves on turn ``turn``; ``quiet``
    counts turns since a piece was destroyed; ``homes`` are the Nice Flags'
    home cells; ``lost`` the pieces each side has lost.  Its ``census``
    (:class:`Census`) is found when it is made."""

    files: int
    ranks: int
    board: tuple  # Thing or None per cell, a1 first (a laying stick is on each cell it covers)
    side: str  # 'w' or 'b', to move
    turn: int  # the turn being played, 1 for the game's first
    quiet: int  # turns since a piece was last destroyed
    homes: tuple  # the Nice Flags' home cells (-1: none)
    lost: tuple  # destroyed pieces of White and Black (letters, see notation)
    game: CCC = field(repr=False)

    # Derived when a position is made (see __post_init__).
    geo: Geometry = field(init=False, repr=False, compare=False)
    rays: Rays = field(init=False, repr=False, compare=False)
    geo_steps: list[Step] = field(init=False, repr=False, compare=False)
    census: Census = field(init=False, repr=False, compare=False)

    # ---- derived, cached

    def __post_init__(self) -> None:
        # The board's geometry, its cell steps and ready-made moves, shared by all positions of this
        # size; and where the pieces stand (``census``), which every position made is asked for (its
        # outcome needs it).
        tables = rays(self.files, self.ranks)
        self.__dict__.update(geo=tables.geo, rays=tables, geo_steps=tables.steps, census=_census(self.board))

    @cached
    def frozen(self) -> frozenset:
        """Cells where pieces cannot move or act (next to a Nice Flag)."""
        return frozen_cells(self)

    @cached
    def table(self) -> dict[int, list[Action]]:
        """Listed actions by the cell they start from."""
        found: dict[int, list[Action]] = {}
        for a in self.listed:
            found.setdefault(a.data[1], []).append(a)  # every listed plan names its start cell second
        return found

    @cached
    def listed(self) -> tuple[Action, ...]:
        """The listable actions: everything but Shields and the Nice Flag."""
        return tuple(listed_actions(self))

    @cached
    def _by_text(self) -> dict[str, Action]:
        """The listable actions by their texts."""
        return {a.text: a for a in self.listed}

    @cached
    def unlisted(self) -> tuple[Action, ...]:
        """The actions the move tables leave out, in a bounded form (see :func:`.entry.unlisted`)."""
        return unlisted_actions(self)

    @cached
    def shield_room(self) -> dict[int, int]:
        """Pieces of the side to move that may take Shields (see :func:`.entry.shield_room`)."""
        return room_for_shields(self)

    def special_cells(self) -> list[int]:
        """Start cells of the actions the move tables leave out (see
        :func:`.entry.unlisted`): a Nice Flag that may move, a Flag's home
        where it may be re-created, a Ring that may cast Shields."""
        return list(dict.fromkeys(a.data[1] for a in self.unlisted))

    # ---- the contract

    @property
    def to_move(self) -> str:
        """``white`` or ``black``."""
        return SIDES[self.side]

    def pyramids(self, side: str) -> int:
        """Pyramids of ``side`` (``w``/``b``) on the board, in any column."""
        return self.census.pyramids[side]

    def _compute_outcome(self) -> Outcome | None:
        pyramids = self.census.pyramids
        w, b = pyramids["w"], pyramids["b"]
        if not w and not b:
            return Outcome((), "both sides lost their last Pyramid in the same turn", Ending.PIECES_LOST)
        if not w or not b:
            winner = "white" if w else "black"
            return Outcome((winner,), f"{'black' if w else 'white'} has no Pyramid left", Ending.PIECES_LOST)
        limit = self.game.quiet_limit
        if limit and self.quiet >= limit:
            return Outcome((), f"{limit} turns passed with no piece destroyed", Ending.MOVE_LIMIT)
        return None

    def legal_actions(self) -> list[Action]:
        """Every action of a running game, never none: moves, attacks, hops,
        unstacking, sticks, Build Power; then each Nice Flag move and
        re-creation with a set compliment and each single Shield a Ring
        may cast (see :func:`.entry.unlisted`); ``pass`` when nothing else
        is possible.  Other compliments and several Shields in one turn are
        entered by steps or text."""
        if self.outcome is not None:
            return []
        return list(self.listed + self.unlisted) or [Action("pass", (PASS,), ("pass",))]

    def next_steps(self, prefix=()) -> StepOptions:
        """The legal next steps after ``prefix`` (see :mod:`.entry`)."""
        return Entry(self, prefix).walk()[0]

    def action_from_steps(self, steps) -> Action:
        """The complete action ``steps`` enter; IllegalAction if they do not make one."""
        options, action = Entry(self, steps).walk()
        if action is None:
            raise IllegalAction("these steps do not make a whole action yet: next comes "
                                + ", ".join(st.label for st in options.options[:8])
                                + (", ..." if len(options.options) > 8 else ""), rule="entering an action")
        return action

    def parse_action(self, text: str) -> Action:
        """The legal action written ``text`` (see the package docstring for the notation)."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        checked_action(text)
        self._refuse_if_over()
        text = " ".join(text.split()) if '"' not in text else text.strip()
        action = self._by_text.get(text)
        if action is not None:
            return action
        action = self.action_from_steps(steps_from_text(self, text))
        own = _MARK.findall(action.text.split('"')[0])
        for written, mark in zip(_MARK.finditer(text.split('"')[0]), own, strict=False):
            if written.group() == "x" and mark == "-":
                raise NotationError(f"'x' marks an attack or a hop, and this move attacks nothing: write {action.text}",
                                    text, written.start())
        words = text.split()
        if len(words) == 4 and words[1] == "unstack" and action.text.split()[3] != words[3]:
            raise IllegalAction(f"the drop order names each Pyramid picked up once: {action.text.split()[3]} or its "
                                "reverse", rule="unstacking")
        return action

    def _apply(self, action: Action) -> CCCState:
        return carry_out(self, action.data)

    def edit(self, cell=None, piece=None, *, to_move=None) -> CCCState:
        """The position changed by the editor (see :mod:`.edit`)."""
        return edit(self, cell, piece, to_move)

    def replace(self, **changes) -> CCCState:
        """A copy with ``changes`` to its fields."""
        return replace(self, **changes)

    def to_text(self) -> str:
        """The position text (see :mod:`.notation`)."""
        return self._text

    @cached
    def _text(self) -> str:
        """The position text, written once."""
        return write(self)

    def key(self):
        """Every field of the position (see :meth:`State.key`)."""
        return (self.files, self.ranks, self.board, self.side, self.turn, self.quiet, self.homes, self.lost)

    def __repr__(self) -> str:
        return f"<CCC: {self.status()}>"

    def status(self) -> str:
        """Whose turn it is, or the result."""
        if self.outcome is not None:
            return super().status()
        line = f"{self.to_move.capitalize()} to move (turn {self.turn})"
        if self.turn == 1:
            line += "; the Nice Flags wait for the first compliment"
        return line

    def view(self):
        """The scene to draw (see :mod:`.view`)."""
        return scene(self)

    def palette_piece(self, piece: str):
        """The palette piece ``piece`` (its letter, a capital for White) as
        the board draws it, standing alone on a cell."""
        return drawn(placed(piece.upper(), "w" if piece.isupper() else "b", 0, None), ("",))

    def explain_illegal(self, text: str) -> None:  # pragma: no cover - parse_action explains itself
        """Refuse ``text`` (parse_action already names the rule for every refusal)."""
        raise IllegalAction(f"{text!r} is not a legal action in this position")

