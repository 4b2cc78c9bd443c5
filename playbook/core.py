"""The contract every game meets: errors, steps, actions, outcomes, states, records.

A game is a :class:`Game` object (rules, options, parsing) plus immutable
:class:`State` values.  Playing returns a new state; a refused action raises
and changes nothing.

Every action has a canonical text (``str(action)``) and a sequence of
*steps*: the clicks and picks a person makes to enter it.  A step is a cell
(``Step.cell("b3")``), a named choice (``Step.choice("stop")``) or a piece of
text (``Step.text("nine words ...")``).  :meth:`State.next_steps` answers
"what may come next after this partial entry, and is it already complete?",
which is all a board widget, a test or a random agent needs.  Steps must
be :class:`Step` values: every game's :meth:`State.next_steps` and
:meth:`State.action_from_steps` refuse anything else (a bare ``"b4"``) with
a :class:`StepError`.

Games whose actions can be listed implement :meth:`State.legal_actions` and
:meth:`State._apply`; the step API then comes for free.  Games with action
spaces too large to list override :meth:`State.next_steps`,
:meth:`State.action_from_steps` and :meth:`State.parse_action`.

Simultaneous games (several players decide in the same phase) keep
``to_move`` as the one player whose decision the step API enters now, list
every player still to decide in :attr:`State.movers`, and accept in
:meth:`State.play` an action of any of them (the action's text names its
player).  :meth:`State.curtain` asks a shared screen to hide the board
while it is handed to the next player.
"""

from __future__ import annotations

import datetime as _dt
import functools
import inspect
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

__all__ = [
    "PlaybookError",
    "IllegalAction",
    "NotationError",
    "StepError",
    "Step",
    "StepOptions",
    "Action",
    "Outcome",
    "Game",
    "State",
    "Record",
]


# --------------------------------------------------------------------- errors


class PlaybookError(Exception):
    """Base class of every error playbook raises on purpose."""


class IllegalAction(PlaybookError):
    """The action is well formed but the rules forbid it here.

    ``rule`` names the rule that forbids it (a short phrase), when known.
    """

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class NotationError(PlaybookError, ValueError):
    """Text that cannot be read.  ``position`` is the 0-based index of the
    first character that could not be understood (None if the whole text is
    at fault).  In a text of several lines, ``line`` and ``column`` (both
    1-based) say where that character is, and the message says so too."""

    def __init__(self, message: str, text: str | None = None, position: int | None = None):
        self.line = self.column = None
        if text is not None and position is not None:
            if "\n" in text:
                self.line = text.count("\n", 0, position) + 1
                start = text.rfind("\n", 0, position) + 1
                self.column = position - start + 1
                shown = text[start:].split("\n", 1)[0]
                message = f"{message} (line {self.line}, column {self.column})"
                if len(shown) <= 120:
                    message += f"\n  {shown}\n  {' ' * (self.column - 1)}^"
            else:
                message = f"{message} (at character {position + 1})"
                if len(text) <= 120:
                    message += f"\n  {text}\n  {' ' * position}^"
        super().__init__(message)
        self.text = text
        self.position = position


class StepError(PlaybookError, TypeError):
    """Something other than a :class:`Step` where the steps of an entry
    belong (``state.next_steps(["b4"])`` instead of
    ``state.next_steps([Step.cell("b4")])``): a mistake in the calling
    code, so also a :class:`TypeError`.  The message names the position of
    the first wrong item and, for a text, the step it probably means."""


# ---------------------------------------------------------------------- steps


class Step:
    """One click or pick in the entry of an action.

    ``kind`` is ``"cell"`` (a click on the cell ``value``), ``"choice"`` (a
    button named ``value``, shown as ``label``) or ``"text"`` (a text box;
    as an *option* its ``value`` is empty and ``label`` is the prompt, in an
    entered prefix ``value`` holds what was typed).
    """

    __slots__ = ("kind", "value", "label")
    KINDS = ("cell", "choice", "text")

    def __init__(self, kind: str, value: str, label: str = ""):
        if kind not in self.KINDS:
            raise ValueError(f"step kind must be one of {self.KINDS}, not {kind!r}")
        self.kind = kind
        self.value = value
        self.label = label or value

    @classmethod
    def cell(cls, cell_id: str) -> "Step":
        return cls("cell", cell_id)

    @classmethod
    def choice(cls, value: str, label: str = "") -> "Step":
        return cls("choice", value, label)

    @classmethod
    def text(cls, value: str = "", label: str = "") -> "Step":
        return cls("text", value, label)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self.kind == other.kind and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def __repr__(self) -> str:
        return f"Step.{self.kind}({self.value!r})"

    def to_json(self) -> dict:
        return {"kind": self.kind, "value": self.value, "label": self.label}

    @classmethod
    def from_json(cls, data: Any) -> "Step":
        """Read a step sent as ``{"kind": ..., "value": ...}`` (or a bare
        string, taken as a cell).  Raises :class:`NotationError` on anything
        else."""
        if isinstance(data, str):
            return cls.cell(data)
        if not isinstance(data, dict) or not isinstance(data.get("value"), str):
            raise NotationError(f"a step must be an object with a string 'value', not {data!r}")
        kind = data.get("kind", "cell")
        if kind not in cls.KINDS:
            raise NotationError(f"unknown step kind {kind!r}")
        return cls(kind, data["value"], data.get("label") or "")


def as_steps(steps: Any) -> tuple[Step, ...]:
    """``steps`` as a tuple of :class:`Step`; raises :class:`StepError`
    naming the first item that is not a step."""
    if isinstance(steps, (str, Step)) or not isinstance(steps, Iterable):
        hint = f": write [Step.cell({steps!r})]" if isinstance(steps, str) else ""
        raise StepError(f"steps come as a sequence of Step values, not {type(steps).__name__} {steps!r:.40}{hint}")
    steps = tuple(steps)
    for i, step in enumerate(steps, 1):
        if not isinstance(step, Step):
            hint = f" (a cell is written Step.cell({step!r}))" if isinstance(step, str) else ""
            raise StepError(f"expected a Step as step {i}, not {type(step).__name__} {step!r:.40}{hint}")
    return steps


def _checking_steps(method):
    """``method`` (a state's ``next_steps`` or ``action_from_steps``) with its
    steps checked by :func:`as_steps` before it runs."""

    @functools.wraps(method)
    def checked(self, steps=(), *args, **kwargs):
        if type(steps) is not tuple or any(type(step) is not Step for step in steps):
            steps = as_steps(steps)
        return method(self, steps, *args, **kwargs)

    checked._checks_steps = True
    return checked


@dataclass(frozen=True)
class StepOptions:
    """What may follow a partial entry: the next ``options`` and whether the
    entry is already a ``complete`` action (both may hold at once, for
    example a chain of jumps that may stop or go on)."""

    options: tuple[Step, ...]
    complete: bool

    def cells(self) -> list[str]:
        return [s.value for s in self.options if s.kind == "cell"]

    def choices(self) -> list[str]:
        return [s.value for s in self.options if s.kind == "choice"]


# -------------------------------------------------------------------- actions


class Action:
    """A complete action: its canonical ``text``, the ``steps`` that enter it
    and game-private ``data`` used to carry it out.  Two actions are equal
    when their texts are."""

    __slots__ = ("text", "steps", "data")

    def __init__(self, text: str, steps: Sequence[Step] = (), data: Any = None):
        self.text = text
        self.steps = steps if type(steps) is tuple else tuple(steps)
        self.data = data

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)

    def cells(self) -> list[str]:
        """The cells this action's entry clicks, in order (for highlighting)."""
        return [s.value for s in self.steps if s.kind == "cell"]


# ------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the ``winners`` (empty for a draw) and the
    ``reason`` in words."""

    winners: tuple[str, ...]
    reason: str

    @property
    def draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        if self.draw:
            return f"draw: {self.reason}"
        return f"{' and '.join(self.winners)} win{'s' if len(self.winners) == 1 else ''}: {self.reason}"


# ---------------------------------------------------------------------- games


class Game(ABC):
    """A game's rules: how to set it up and how to read its positions.

    Subclasses set ``name`` (the key for :func:`playbook.games.load`),
    ``title`` and ``players`` and implement :meth:`initial` and :meth:`parse`.
    """

    name: str = ""
    title: str = ""
    players: tuple[str, ...] = ()

    @abstractmethod
    def initial(self, **options: Any) -> "State":
        """The start of a game (options choose variants)."""

    @abstractmethod
    def parse(self, text: str) -> "State":
        """The position written ``text`` (as :meth:`State.to_text` writes it)."""

    def palette(self) -> tuple[Step, ...]:
        """What a position editor offers to place: one :meth:`Step.choice`
        per piece, its ``value`` the code :meth:`State.edit` takes and its
        ``label`` the piece's name.  Empty (the default) when the game's
        positions are edited through their text only."""
        return ()

    @property
    def options(self) -> dict:
        """The options this game was made with that differ from their
        defaults (what a :class:`Record` keeps): the keyword arguments of
        the game class's ``__init__``, each stored under its own name."""
        out = {}
        for name, param in inspect.signature(type(self).__init__).parameters.items():
            if param.default is inspect.Parameter.empty:
                continue
            value = getattr(self, name, param.default)
            if value != param.default:
                out[name] = value
        return out

    def replay(self, actions: Iterable[str], start: "State | None" = None) -> list["State"]:
        """Play ``actions`` (texts) from ``start`` (default: the initial
        position) and return every position, the start included.  A refused
        action raises the same error, its message and ``ply`` attribute
        naming the ply (1 for the first action)."""
        states = [start if start is not None else self.initial()]
        for ply, text in enumerate(actions, 1):
            try:
                states.append(states[-1].play(text))
            except IllegalAction as exc:
                error = IllegalAction(f"ply {ply} ({text}): {exc}", rule=exc.rule)
            except NotationError as exc:
                error = NotationError(f"ply {ply} ({text}): {exc}")
            else:
                continue
            error.ply = ply
            raise error from None
        return states

    def __repr__(self) -> str:
        return f"<{self.title}>"


# --------------------------------------------------------------------- states


class State(ABC):
    """An immutable position.  Subclasses provide ``game``, ``to_move``,
    :meth:`_compute_outcome`, :meth:`legal_actions` (when listable), :meth:`_apply`,
    :meth:`to_text` and :meth:`view`.

    Equality and hashing go through :meth:`to_text`, so two states are equal
    exactly when their texts are; subclasses may define faster ones.
    """

    game: Game
    to_move: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's :meth:`next_steps` and :meth:`action_from_steps`
        check their steps first (:func:`as_steps`), so something other than
        a step is refused with a :class:`StepError` in every game alike."""
        super().__init_subclass__(**kwargs)
        for name in ("next_steps", "action_from_steps"):
            method = getattr(cls, name)  # the class's own, a mixin's or an inherited one
            if not getattr(method, "_checks_steps", False):
                setattr(cls, name, _checking_steps(method))

    # ---- to implement

    @abstractmethod
    def _compute_outcome(self) -> Outcome | None:
        """How the game has ended in this position, or None while it runs."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every complete legal action; a game whose full list would explode
        lists what it can and says so, and enters the rest by steps."""

    def iter_actions(self) -> Iterator[Action]:
        """The same actions as :meth:`legal_actions`, in the same order, made
        one at a time, as python-chess's ``board.legal_moves`` generates
        moves: a search may stop early or take only the first few
        (``itertools.islice``) when a list would be long to build.  Games
        whose lists can grow very long (Kelasu's merges) make them lazily;
        by default this walks :meth:`legal_actions`."""
        return iter(self.legal_actions())

    @abstractmethod
    def _apply(self, action: Action) -> "State":
        """Carry out an action already known to be legal."""

    @abstractmethod
    def to_text(self) -> str:
        """The position as text that :meth:`Game.parse` reads back exactly."""

    @abstractmethod
    def view(self):
        """The scene to draw (see :mod:`playbook.render`)."""

    def explain_illegal(self, text: str) -> None:
        """Raise the most helpful error for ``text``, which is no legal
        action here: :class:`NotationError` if it cannot be read,
        :class:`IllegalAction` naming the rule otherwise.  Games override
        this; the default only says it is not legal."""
        raise IllegalAction(f"{text!r} is not a legal action in this position")

    def record_text(self, action: "Action | str") -> str:
        """How a :class:`Record` writes ``action`` played from this
        position: its text.  A game of sealed orders writes the public form
        (never the orders before their reveal)."""
        return str(action)

    def edit(self, cell: str | None = None, piece: str | None = None, *, to_move: str | None = None) -> "State":
        """This position changed by a position editor: ``cell`` now holds
        the palette piece ``piece`` (see :meth:`Game.palette`; None empties
        the cell), and/or ``to_move`` is the side to move.  What only
        records how play got here (counters, offers, the last action) is
        reset.  The result is read back through :meth:`Game.parse`, so a
        position the game refuses raises :class:`NotationError` with the
        reason and nothing changes.  Games without a palette refuse every
        edit: their positions are edited as text (``game.parse``)."""
        raise NotationError(f"{self.game.title} positions are edited through their text, not cell by cell")

    def palette(self) -> tuple[Step, ...]:
        """What a position editor offers to place in this position: the
        game's :meth:`Game.palette` unless the pieces depend on the
        position (Chess Wheel+ has a set for each of its players)."""
        return self.game.palette()

    def palette_piece(self, piece: str):
        """How this game's board draws the palette piece ``piece`` (a
        ``value`` of :meth:`palette`): a :class:`playbook.render.Piece`
        whose cells do not matter, for an editor to show on its palette
        (see :func:`playbook.render.piece_svg`).  None for games without a
        palette."""
        return None

    def sides_to_move(self) -> tuple[str, ...]:
        """The sides a position editor may make the side to move
        (``edit(to_move=...)``): the game's players, or none for games
        without a palette and for games where every player decides at once."""
        return tuple(self.game.players) if self.palette() else ()

    @property
    def movers(self) -> tuple[str, ...]:
        """Every player who still has a decision in this position.  Turn
        games have one, ``to_move``; simultaneous games override this."""
        return () if self.outcome is not None else (self.to_move,)

    def curtain(self) -> str:
        """A message for a shared screen (hot-seat play): when not empty,
        the board stays hidden behind it until the next player asks to see
        it, because what they enter is private.  Empty by default."""
        return ""

    def status(self) -> str:
        """One line for a status bar: whose turn, what is left, the result."""
        if self.outcome is not None:
            return f"Game over. {str(self.outcome)[0].upper()}{str(self.outcome)[1:]}"
        return f"{self.to_move.capitalize()} to move"

    # ---- provided

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (winners and reason), or None while it runs;
        worked out once per state."""
        if "_outcome" not in self.__dict__:
            self.__dict__["_outcome"] = self._compute_outcome()
        return self.__dict__["_outcome"]

    def _legal_by_text(self) -> dict[str, Action]:
        cache = self.__dict__.get("_legal_cache")
        if cache is None:
            cache = {a.text: a for a in self.legal_actions()}
            self.__dict__["_legal_cache"] = cache
        return cache

    def parse_action(self, text: str) -> Action:
        """The legal action written ``text``; raises :class:`NotationError`
        or :class:`IllegalAction` otherwise."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        self._refuse_if_over()
        action = self._legal_by_text().get(text.strip())
        if action is None:
            self.explain_illegal(text.strip())
            raise IllegalAction(f"{text!r} is not a legal action in this position")
        return action

    def play(self, action: "Action | str") -> "State":
        """The position after ``action`` (an :class:`Action` or its text).
        Raises, leaving this state as it was, when the action is not legal."""
        text = action.text if isinstance(action, Action) else action
        legal = self.parse_action(text)
        new = self._apply(legal)
        new.__dict__["last_action"] = legal
        return new

    @property
    def last_action(self) -> Action | None:
        """The action that led to this state, when it was reached by play."""
        return self.__dict__.get("last_action")

    def _refuse_if_over(self) -> None:
        if self.outcome is not None:
            raise IllegalAction(f"the game is over ({self.outcome})", rule="game over")

    @_checking_steps
    def next_steps(self, prefix: Sequence[Step] = ()) -> StepOptions:
        """The legal next steps after the partial entry ``prefix``.

        Raises :class:`IllegalAction` when no legal action begins with
        ``prefix``."""
        prefix = tuple(prefix)
        n = len(prefix)
        options: dict[Step, None] = {}
        complete = False
        found = False
        if self.outcome is None:
            for action in self._legal_by_text().values():
                steps = action.steps
                if steps[:n] != prefix:
                    continue
                found = True
                if len(steps) == n:
                    complete = True
                else:
                    options.setdefault(steps[n], None)
        if not found:
            self._refuse_if_over()
            raise IllegalAction(f"no legal action begins with {_describe(prefix)}")
        return StepOptions(tuple(options), complete)

    @_checking_steps
    def action_from_steps(self, steps: Sequence[Step]) -> Action:
        """The complete action that ``steps`` enter."""
        steps = tuple(steps)
        self._refuse_if_over()
        for action in self._legal_by_text().values():
            if action.steps == steps:
                return action
        raise IllegalAction(f"{_describe(steps)} is not a complete legal action")

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        # A picture JupyterLab shows in a notebook it does not trust too
        # (it drops SVG there but keeps an <img>), as wide as a live board.
        return self.diagram()._repr_html_()

    def svg(self, **options: Any) -> str:
        """The board as SVG text; ``options`` go to :func:`playbook.render.svg`
        (``flip``, ``size``, ``marks``, ``highlight``)."""
        from . import render

        if "last" not in options and self.last_action is not None:
            options["last"] = self.last_action.cells()
        return render.svg(self.view(), **options)

    def diagram(self, **options: Any):
        """The board with marks, shown as a picture in a notebook: for
        example ``state.diagram(highlight=["c4", "a4"], arrows=[["a3", "b5"]])``."""
        from .render import Diagram

        return Diagram(self.svg(**options), f"{self.game.title}: {self.status()}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_text() == other.to_text()

    def __hash__(self) -> int:
        return hash(self.to_text())

    def __repr__(self) -> str:
        return f"<{self.game.title}: {self.to_text()!r}>"


def _describe(steps: Sequence[Step]) -> str:
    if not steps:
        return "nothing"
    return " then ".join(f"{s.kind} {s.value!r}" for s in steps)


# -------------------------------------------------------------------- records

#: What a record's JSON may hold, with the type each value must have.
RECORD_FIELDS = {
    "game": str, "start": str, "actions": list, "options": dict, "players": dict,
    "date": str, "result": str, "reason": str, "tags": dict,
}


@dataclass
class Record:
    """A game as its start position and the texts of the actions played,
    with what a player expects to find in a game record: the game's
    ``options`` (rule variants), the ``players`` (role -> name), the
    ``date`` (ISO 8601), the ``result`` (the winners joined by " and ",
    ``"draw"``, or ``""`` while unfinished) and its ``reason``, and free
    ``tags`` (event, site, seed, agents, ...).  Saved as JSON, never pickle,
    and replayable.

    >>> from playbook import load
    >>> start = load("cosmic").initial()
    >>> record = Record.of(start, ["c2-d3", "e4-f3"], players={"white": "Ann", "black": "Bo"})
    >>> Record.from_json(record.to_json()).states()[-1] == start.play("c2-d3").play("e4-f3")
    True
    """

    game: str
    start: str
    actions: list[str]
    options: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)
    date: str = ""
    result: str = ""
    reason: str = ""
    tags: dict = field(default_factory=dict)

    @classmethod
    def of(cls, start: State, actions: Iterable[Action | str], players: dict | None = None, date: str = "",
           **tags: Any) -> "Record":
        """The record of ``actions`` played from ``start``; the result and
        its reason are worked out by playing them."""
        actions = list(actions)
        record = cls(start.game.name, start.to_text(), [str(a) for a in actions], start.game.options,
                     dict(players or {}), date, tags=dict(tags))
        states = record.states()
        record.actions = [before.record_text(a) for before, a in zip(states, actions)]
        outcome = states[-1].outcome
        if outcome is not None:
            record.result = " and ".join(outcome.winners) or "draw"
            record.reason = outcome.reason
        return record

    def load_game(self) -> Game:
        """The game this record was played under, with its options."""
        from .games import load

        try:
            return load(self.game, **self.options)
        except PlaybookError as exc:
            raise NotationError(f"record: {exc}") from None

    def states(self) -> list[State]:
        """Every position of the game, the start included.  A bad start or
        action raises :class:`NotationError` or :class:`IllegalAction`
        naming the ply (1 for the first action)."""
        game = self.load_game()
        try:
            start = game.parse(self.start)
        except NotationError as exc:
            raise NotationError(f"record start: {exc}") from None
        return game.replay(self.actions, start=start)

    def final(self) -> State:
        """The last position."""
        return self.states()[-1]

    def to_json(self) -> str:
        """The record as JSON text (fields left at their defaults are left out)."""
        data = {"game": self.game, "start": self.start, "actions": list(self.actions)}
        for key in ("options", "players", "date", "result", "reason", "tags"):
            value = getattr(self, key)
            if value:
                data[key] = value
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """Read a record written by :meth:`to_json` (records from before
        options and metadata existed read too).  Refuses, with a
        :class:`NotationError` naming the field, anything of the wrong
        shape."""
        if not isinstance(text, str):
            raise NotationError(f"a record is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise NotationError(f"a record must be JSON: {exc.msg}", text, exc.pos) from None
        if not isinstance(data, dict):
            raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
        missing = [k for k in ("game", "start", "actions") if k not in data]
        if missing:
            raise NotationError(f"a record needs the keys 'game', 'start' and 'actions'; missing: {', '.join(missing)}")
        unknown = sorted(set(data) - set(RECORD_FIELDS))
        if unknown:
            raise NotationError(f"a record has no field {unknown[0]!r}; its fields are {', '.join(RECORD_FIELDS)}")
        for key, kind in RECORD_FIELDS.items():
            if key in data and not isinstance(data[key], kind):
                raise NotationError(f"record field {key!r} must be a JSON {_JSON_NAMES[kind]}, not {data[key]!r:.60}")
        for ply, action in enumerate(data["actions"], 1):
            if not isinstance(action, str):
                raise NotationError(f"record field 'actions': ply {ply} must be a text, not {action!r:.60}")
        for key in ("options", "players", "tags"):
            for name, value in data.get(key, {}).items():
                if key == "players" and not isinstance(value, str):
                    raise NotationError(f"record field 'players': the name of {name!r} must be a text, not {value!r:.60}")
                if isinstance(value, (dict, list)) and key == "options":
                    raise NotationError(f"record field 'options': {name!r} must be a number, text, true/false or null")
        if data.get("date"):
            try:
                _dt.datetime.fromisoformat(data["date"])
            except ValueError:
                raise NotationError(f"record field 'date' must be an ISO 8601 date such as 2026-11-23, not {data['date']!r:.60}") from None
        return cls(**{key: data[key] for key in RECORD_FIELDS if key in data})


_JSON_NAMES = {str: "string", list: "array", dict: "object"}
