"""A Cresnovian position: what stands where, whose turn, and the history a rewind needs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING

from ...core import Action, IllegalAction, NotationError, Outcome, State, Step, StepOptions, checked_action
from ...render import Scene
from .abilities import ABILITIES
from .action_text import steps_from_text
from .board import CELLS, DONE, INDEX, KINGDOM, KINGDOM_EMPTIED, Umbral, other_kingdom
from .edit import edit
from .effects import apply_action
from .entry import Entry, open_ended
from .forum import to_forum
from .listing import first_completions, listed_actions, redefinitions, sampled_actions
from .view import scene, umbral_piece

if TYPE_CHECKING:  # annotations only: the game module imports this one
    from .game import CresnovianChess


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
    game: CresnovianChess = field(kw_only=True, repr=False)  # the game it belongs to

    # ---- reading the position

    to_move = property(attrgetter("turn"),
                       doc="The player to move: ``first`` or ``second`` (read straight from ``turn``).")

    def kingdom(self, player: str | None = None) -> str:
        """The kingdom (``left``/``right``) of ``player`` (default: the mover)."""
        player = player or self.turn
        if not self.second_kingdom:
            return ""
        return self.second_kingdom if player == "second" else other_kingdom(self.second_kingdom)

    def piece_at(self, i: int) -> Umbral | None:
        """The piece on the cell of index ``i``, or None."""
        for p in self.pieces:
            if p.cell == i:
                return p
        return None

    def piece(self, umbration: str) -> Umbral:
        """The piece of the umbration ``umbration``."""
        return next(p for p in self.pieces if p.umbration == umbration)

    def monument_at(self, i: int) -> str | None:
        """The umbration whose monument stands on the cell of index ``i``, or None."""
        for cell, u in self.monuments:
            if cell == i:
                return u
        return None

    def blank(self, i: int) -> bool:
        """Nothing on the cell: no piece, monument or placed word."""
        return self.piece_at(i) is None and self.monument_at(i) is None and not (self.word and self.word[0] == i)

    def total(self, kingdom: str) -> int:
        """The Q of the pieces standing in ``kingdom`` (``left``, ``world`` or ``right``)."""
        return sum(p.q for p in self.pieces if KINGDOM[p.cell] == kingdom)

    @property
    def setting_up(self) -> bool:
        """Whether the pieces are still being placed or the kingdoms chosen."""
        return self.phase != "play"

    def _compute_outcome(self) -> Outcome | None:
        if self.phase != "play":
            return None
        left = right = False  # whether a live piece stands in the kingdom
        for p in self.pieces:
            if p.q:
                k = KINGDOM[p.cell]
                if k == "left":
                    if right:
                        return None
                    left = True
                elif k == "right":
                    if left:
                        return None
                    right = True
        who = {k: ("second" if self.second_kingdom == k else "first") for k in ("left", "right")}
        if not left and not right:
            return Outcome((), "both kingdoms hold zero Q", KINGDOM_EMPTIED)
        loser = "left" if not left else "right"
        winner = "right" if loser == "left" else "left"
        name = self.names[0 if loser == "left" else 1]
        return Outcome((who[winner],), f"the {loser} kingdom ({name}) holds zero Q", KINGDOM_EMPTIED)

    outcome = property(_compute_outcome, doc=(
        "How the game ended (see :class:`Outcome`), or None while it runs, worked out on each look: a "
        "look at the nine pieces costs less than a cache does, and a search makes hundreds of thousands "
        "of positions."))

    def status(self) -> str:
        if self.outcome is not None:
            return super().status()
        if self.phase == "place":
            return f"First player: place the pieces ({9 - len(self.pieces)} left)"
        if self.phase == "choose":
            return "Second player: choose a kingdom"
        k = self.kingdom()
        return (f"{self.turn.capitalize()} ({k} kingdom) to move. "
                f"Q: left {self.total('left')}, right {self.total('right')}")

    def edit(self, cell=None, piece=None, *, to_move=None) -> CresnovianState:
        """The position changed by the editor (see :mod:`.edit`)."""
        return edit(self, cell, piece, to_move)

    # ---- text

    def _data(self) -> dict:
        return {
            "phase": self.phase, "turn": self.turn, "second-kingdom": self.second_kingdom,
            "pieces": [[p.umbration, CELLS[p.cell], p.code(), CELLS[p.home] if p.home >= 0 else ""]
                       for p in self.pieces],
            "monuments": [[CELLS[c], u] for c, u in self.monuments],
            "word": [CELLS[self.word[0]], self.word[1]] if self.word else [],
            "poem": list(self.poem), "last-travel": self.last_travel, "last-turn": self.last_turn,
            "forbid": self.forbid, "names": list(self.names), "before": self.before,
        }

    def to_text(self) -> str:
        return json.dumps(self._data(), separators=(",", ":"))

    @cached_property
    def snapshot(self) -> str:
        """The text of this position without its own earlier position: what
        the next position keeps for a Critical Rewind.  Worked out once per
        position (a search plays many actions from each)."""
        data = self._data()
        data["before"] = ""
        return json.dumps(data, separators=(",", ":"))

    def replace(self, **changes) -> CresnovianState:
        """This position with the fields named in ``changes`` changed (as
        :func:`dataclasses.replace`, without its checks, for speed)."""
        new = object.__new__(CresnovianState)
        made, mine = new.__dict__, self.__dict__
        for name in _FIELDS:  # one at a time, in order: the fastest copy of a dozen fields
            made[name] = mine[name]
        made.update(changes)
        return new

    def key(self):
        """Every field of the position but its game (see :meth:`State.key`)."""
        return (self.pieces, self.monuments, self.word, self.poem, self.phase, self.turn, self.second_kingdom,
                self.last_travel, self.last_turn, self.forbid, self.before, self.names)

    def __repr__(self) -> str:
        return f"<Cresnovian Chess: {self.status()}>"

    # ---- forum tables

    def to_forum(self) -> str:
        """The board as the forum's table code, then the communal poem; a
        word that could read back as anything else is escaped (see
        :mod:`playbook.games.cresnovian.forum`)."""
        return to_forum(self)

    # ---- step entry

    def next_steps(self, prefix=()) -> StepOptions:
        prefix = tuple(prefix)
        self._refuse_if_over()
        node = Entry(self, prefix)
        return node.options()

    def action_from_steps(self, steps) -> Action:
        steps = tuple(steps)
        entry = Entry(self, steps)
        options = entry.options()
        if not options.complete:
            shown = ", ".join(o.value or o.label for o in options.options[:12])
            more = ", ..." if len(options.options) > 12 else ""
            raise IllegalAction(f"the action is not complete yet: it goes on with one of {shown}{more}")
        return entry.action()

    def legal_actions(self) -> list[Action]:
        """Every listable action: placements, the kingdom choice, travels and
        performances whose choices do not explode.  Not listed, and entered
        through :meth:`next_steps` (or written as text) instead: DOCUMENT
        (its nine words), Propaganda (subsets of targets), Flock Together and
        Tectonic Failure (a move per piece) and Redefinition (every poem word
        onto every free cell, growing with the poem; see "Listing actions" in the
        package docstring), but for one Flock Together for each choice of the
        pieces that end in the kingdom (at most 70).
        :meth:`redefinitions` lists chosen Redefinitions.  A running game
        never lists nothing: where no action of the listed kinds exists but
        the player can still act, the list holds one action for each way to
        begin (DOCUMENT with nine words ``word``, and each piece whose only
        abilities are entered by steps), each completed with the first option
        at every step (:func:`~playbook.games.cresnovian.listing.first_completions`);
        where nothing at all is possible it is ``pass``.  Built from tables
        (:mod:`~playbook.games.cresnovian.listing`); the same actions as
        :meth:`walked_actions`."""
        return list(self._listed)

    def iter_actions(self) -> Iterator[Action]:
        """The actions of :meth:`legal_actions`, in order, without copying the list."""
        return iter(self._listed)

    @cached_property
    def _listed(self) -> tuple[Action, ...]:
        """What :meth:`legal_actions` lists, worked out once per position."""
        return tuple(listed_actions(self))

    def redefinitions(self, words=None) -> list[Action]:
        """The legal Redefinitions of the poem words numbered ``words``
        (default: every word) onto every cell a word may go to, the word
        already on the field (if any) going back to the end of the poem.
        ``legal_actions`` leaves Redefinition out; a search that wants some
        takes them from here."""
        return redefinitions(self, words)

    def sampled_actions(self) -> list[Action]:
        """A few legal actions of the kinds ``legal_actions`` leaves out, for
        searches (see :func:`~playbook.games.cresnovian.listing.sampled_actions`):
        one DOCUMENT, Propaganda at the opponent's kingdom, Redefinitions of
        the first poem word."""
        return sampled_actions(self)

    def walked_actions(self) -> list[Action]:
        """The actions :meth:`legal_actions` lists, found the slow way: by
        walking the step entry.  Kept as the reference the fast listing is
        tested against."""
        if self.outcome is not None:
            return []
        out = []

        def walk(prefix, depth):
            opts = self.next_steps(prefix)
            if opts.complete:
                out.append(self.action_from_steps(prefix))
            if depth == 0:
                return
            if len(prefix) == 2 and open_ended(self, prefix):
                # The few entries listed all the same, each entered through the steps.
                performer = self.piece_at(INDEX[prefix[0].value])
                assert performer is not None
                for plan in ABILITIES[prefix[1].value].listed_plans(self, performer):
                    out.append(self.action_from_steps(prefix + tuple(Step(k, v) for k, v in plan)))
            for step in opts.options:
                if step.kind == "text" or step == DONE:
                    continue
                if open_ended(self, prefix):
                    continue
                walk(prefix + (step,), depth - 1)

        walk((), 6)
        return out or first_completions(self)

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        checked_action(text)
        self._refuse_if_over()
        text = text.strip()
        if "_listed" in self.__dict__:
            # An action already listed here needs no second reading.
            listed = self._legal_by_text().get(text)
            if listed is not None:
                return listed
        steps = steps_from_text(self, text)
        return self.action_from_steps(steps)

    #: The position after a legal action (see :func:`~.effects.apply_action`):
    #: what :meth:`play` and a search's ``after`` use, with no call in between.
    _apply = after = apply_action

    # ---- drawing

    def view(self) -> Scene:
        """The scene to draw (see :mod:`.view`)."""
        return scene(self)

    def palette_piece(self, piece: str):
        """The palette piece ``piece`` (an umbration) as the board draws it."""
        return umbral_piece(piece, "")


_FIELDS = tuple(f.name for f in fields(CresnovianState))
