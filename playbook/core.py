"""The contract every game meets: errors, steps, actions, outcomes, states.

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

How a game is played is declared, not probed: in its descriptor, which
:attr:`Game.simultaneous`, :attr:`Game.hidden_information`,
:attr:`Game.chance` and :attr:`Game.players` read, and
:meth:`State.observation` (what one player may see).  Search uses
:meth:`State.after`, the successor without
the checks, and asks the game's :class:`Engine` (``game.engine``) for its
evaluation and the actions worth weighing beyond those listed.  A finished
game's :class:`Outcome` names its :class:`Ending` beside the words.

Games with chance (dice, cards drawn) declare it (``Descriptor(chance=True)``):
in a *chance node* (:attr:`State.chance`) the dice, not a player, move:
``to_move`` is :data:`CHANCE`, the legal actions are the outcomes, and
:meth:`State.chance_outcomes` gives each with its exact probability.
Playing an outcome is an action like any other (it has its text, records
keep it, replays repeat it); who draws it is the caller's business
(:mod:`playbook.chance`): a run's seeded dice, a board's Roll button,
never an agent.
"""

from __future__ import annotations

import functools
import inspect
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from .descriptor import Descriptor, Ending

__all__ = [
    "PlaybookError",
    "IllegalAction",
    "NotationError",
    "StepError",
    "Step",
    "StepOptions",
    "Action",
    "Descriptor",
    "Ending",
    "CHANCE",
    "Outcome",
    "WIN",
    "Engine",
    "Game",
    "State",
    "StateMixin",
    "read_json",
    "cached",
    "TooManyActions",
    "MOST_LISTED",
    "checked_text",
    "checked_action",
    "shown",
    "LONGEST_POSITION",
    "LONGEST_ACTION",
    "LONGEST_MESSAGE",
]


# -------------------------------------------------------------- cached values

#: The type of a :class:`cached` value.
T = TypeVar("T")


class cached(Generic[T]):
    """A property worked out the first time it is read and kept in the
    object's ``__dict__``, as :func:`functools.cached_property` does,
    without the lock that one takes on every first read before Python
    3.12: move generation reads several on each new position.  Positions
    never change, so two threads working one out at once only do the work
    twice."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | cached[T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


# --------------------------------------------------------------------- errors


#: The longest text a game reads as a position.  A position of any
#: shipped game is written in a few thousand characters at most; a longer
#: text is refused at once, before any reading (ten megabytes of newlines
#: took seconds and gigabytes to refuse line by line).
LONGEST_POSITION = 100_000
#: The longest text read as one action.
LONGEST_ACTION = 10_000
#: The most actions :meth:`State.legal_actions` lists.  A position with
#: more (a crafted Kelasu field of 36 blanks has millions of merges) raises
#: :class:`TooManyActions` instead of building a list for seconds or
#: minutes: its actions come one at a time from :meth:`State.iter_actions`
#: and are entered by steps (:meth:`State.next_steps`), which is how the
#: board, the engines and the random player reach them.
MOST_LISTED = 200_000
#: The longest message an error carries: what it quotes of a text is cut
#: there, so that no refusal repeats megabytes of input.
LONGEST_MESSAGE = 2_000


class PlaybookError(Exception):
    """Base class of every error playbook raises on purpose.  Its message
    is cut at :data:`LONGEST_MESSAGE` characters, whatever it quotes."""

    # The ply (1 for the first action) at which a replayed game was refused
    # (see :meth:`Game.replay`); None otherwise.
    ply: int | None = None

    def __init__(self, *args: object):
        if args and isinstance(args[0], str) and len(args[0]) > LONGEST_MESSAGE:
            cut = args[0][:LONGEST_MESSAGE]
            args = (f"{cut}... (the message is cut: {len(args[0]):,} characters in all)", *args[1:])
        super().__init__(*args)


def shown(text: object, most: int = 60) -> str:
    """``repr(text)`` for a message, cut to about ``most`` characters.

    >>> shown("x" * 100, 20)
    "'xxxxxxxxxxxxxxxx..."
    """
    quoted = repr(text)
    return quoted if len(quoted) <= most else quoted[:most - 3] + "..."


def checked_text(text: object, what: str = "a position", most: int = LONGEST_POSITION) -> str:
    """``text`` when it can be read as ``what``: a text of at most ``most``
    characters (:data:`LONGEST_POSITION` for a position,
    :data:`LONGEST_ACTION` for an action); else a :class:`NotationError`
    that says so without repeating the text.  Every game's ``parse`` calls
    it first.

    >>> checked_text("x" * 200_000)
    Traceback (most recent call last):
    ...
    playbook.core.NotationError: a position is at most 100,000 characters long; this text has 200,000
    """
    if not isinstance(text, str):
        raise NotationError(f"{what} is text, not {type(text).__name__}")
    if len(text) > most:
        raise NotationError(f"{what} is at most {most:,} characters long; this text has {len(text):,}")
    return text


def checked_action(text: object) -> str:
    """``text`` when it can be read as an action (see :func:`checked_text`):
    every game's action reader calls it first."""
    return checked_text(text, "an action", LONGEST_ACTION)


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


def read_json(text: Any, what: str) -> Any:
    """The value the JSON ``text`` holds; anything else (not text, not
    JSON, nested too deep) raises :class:`NotationError` naming ``what``
    (``"a record"``) and, where it can, the character at fault."""
    if not isinstance(text, str):
        raise NotationError(f"{what} is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{what} is JSON text: {exc.msg}", text, exc.pos) from None
    except (RecursionError, ValueError) as exc:
        raise NotationError(f"{what} is JSON text: {exc}", text, 0) from None


class TooManyActions(PlaybookError):
    """A position whose legal actions are too many to list (more than
    :data:`MOST_LISTED`): :meth:`State.iter_actions` makes them one at a
    time, and :meth:`State.next_steps` enters one step by step."""


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
    def cell(cls, cell_id: str) -> Step:
        """A click on the cell ``cell_id``."""
        return cls("cell", cell_id)

    @classmethod
    def choice(cls, value: str, label: str = "") -> Step:
        """A pick of the named choice ``value``, shown as ``label`` (or the value)."""
        return cls("choice", value, label)

    @classmethod
    def text(cls, value: str = "", label: str = "") -> Step:
        """A piece of typed text ``value``, asked for with ``label``."""
        return cls("text", value, label)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self.kind == other.kind and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def __repr__(self) -> str:
        return f"Step.{self.kind}({self.value!r})"

    def to_json(self) -> dict:
        """The step as the board's front end reads it: its kind, value and label."""
        return {"kind": self.kind, "value": self.value, "label": self.label}

    @classmethod
    def from_json(cls, data: Any) -> Step:
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


# The state methods already wrapped by _checking_steps, so a subclass does not wrap them twice.
_STEP_CHECKED: set[Callable[..., Any]] = set()


def _checking_steps(method):
    """``method`` (a state's ``next_steps`` or ``action_from_steps``) with its
    steps checked by :func:`as_steps` before it runs."""

    @functools.wraps(method)
    def checked(self, steps=(), *args, **kwargs):
        if type(steps) is not tuple or any(type(step) is not Step for step in steps):
            steps = as_steps(steps)
        return method(self, steps, *args, **kwargs)

    _STEP_CHECKED.add(checked)
    return checked


@dataclass(frozen=True)
class StepOptions:
    """What may follow a partial entry: the next ``options`` and whether the
    entry is already a ``complete`` action (both may hold at once, for
    example a chain of jumps that may stop or go on)."""

    options: tuple[Step, ...]
    complete: bool

    def cells(self) -> list[str]:
        """The cells that may be clicked next."""
        return [s.value for s in self.options if s.kind == "cell"]

    def choices(self) -> list[str]:
        """The named choices that may be picked next."""
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
    """How a game ended: the ``winners`` (empty for a draw), the
    ``reason`` in words and the ``ending`` from the fixed set
    :class:`Ending` (None where a game does not say).  The repr shows the
    winners and the words, as a reader wants them."""

    winners: tuple[str, ...]
    reason: str
    ending: Ending | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # A record writes the winners joined by " and " (or "draw"), so a name must read back alone.
        for name in self.winners:
            if not name or name == "draw" or " and " in name:
                raise ValueError(f"a player is named by a text other than 'draw' and without ' and ' in it "
                                 f"(a record joins the winners with it), not {name!r}")

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners

    @property
    def winner(self) -> str | None:
        """The one winner, or None for a draw or a game several players won together."""
        return self.winners[0] if len(self.winners) == 1 else None

    def __str__(self) -> str:
        if self.draw:
            return f"draw: {self.reason}"
        return f"{' and '.join(self.winners)} win{'s' if len(self.winners) == 1 else ''}: {self.reason}"


# --------------------------------------------------------- engine knowledge

#: What :attr:`State.to_move` holds in a chance node: the dice (or the
#: cards, or whatever chance a game has) move there, not a player.
CHANCE = "chance"

#: The score of a won game in every evaluation (a lost one scores ``-WIN``).
WIN = 10_000.0


#: The kind of position an :class:`Engine` judges (its game's state class).
S = TypeVar("S", bound="State")


class Engine(Generic[S]):
    """What a game teaches the engines (:mod:`playbook.analysis`), reached
    as ``state.game.engine``.  These defaults know no game, so every engine
    plays a new game at once: the evaluation knows only the outcome, no
    actions are added to those listed, actions are told apart by their
    texts.  A game's package overrides them in its ``engine`` module,
    typed by its state class (``Engine[CosmicState]``)."""

    #: Whether :meth:`evaluate` judges running positions (False: it knows
    #: only the outcome, and Monte-Carlo search plays games out instead).
    judges: bool = False
    #: How a review (:mod:`playbook.analysis.engines.review`) judges this game's
    #: moves: ``review_scale`` is the evaluation score worth about a 73%
    #: chance of winning (by default 3, a middling piece of about three
    #: pawns); ``review_depth`` the actions each search looks ahead (by
    #: default 2, keeping a whole game's review to seconds);
    #: ``review_reach`` how many of the opponent's actions count as winning
    #: "at once" (by default 1; more where a turn is several actions).
    review_scale: float = 3.0
    review_depth: int = 2
    review_reach: int = 1

    def evaluate(self, state: S, player: str) -> float:
        """How good ``state`` is for ``player``: positive good, negative bad,
        about a pawn's worth a unit; :data:`WIN`, ``-WIN`` or 0 once the
        game is over.  By default 0 (no opinion) while it runs."""
        outcome = state.outcome
        if outcome is None:
            return 0.0
        if outcome.draw:
            return 0.0
        return WIN if player in outcome.winners else -WIN

    def judges_for(self, state: S, player: str) -> bool:
        """Whether an evaluation of ``state`` for ``player`` means anything
        to show a person (a board's "Evaluation for ..." line): by default
        whenever the game :attr:`judges` running positions; a game where a
        player may have nothing on the board yet says no for them."""
        return self.judges

    def extra_actions(self, state: S) -> list[Action] | None:
        """Actions ``state`` does not list that a search should still weigh
        (say, a sample of those entered by steps only); None when the game
        says nothing, and a search then guesses (one random completion of
        each first step no listed action starts with)."""
        return None

    def material(self, state: S) -> dict[str, int]:
        """Piece counts by kind, the first listed player's minus the
        second's, for estimating piece values by self-play; empty for games
        with no notion of material."""
        return {}

    @staticmethod
    def letter_balance(board: Iterable[str], kinds: Iterable[str]) -> dict[str, int]:
        """For a board written one letter a cell, the first player's pieces
        in capitals: each of ``kinds`` (capitals) counted as the first
        player's number minus the second's (a helper for :meth:`material`)."""
        counts = {k: 0 for k in kinds}
        for piece in board:
            kind = piece.upper()
            if kind in counts:
                counts[kind] += 1 if piece.isupper() else -1
        return counts

    def choice_key(self, state: S, action: Action):
        """What ``action`` decides in ``state``, for telling two actions
        apart: its text, unless the same decision can come with different
        texts (orders sealed with a fresh salt)."""
        return action.text

    def repetition_key(self, state: S):
        """A key under which an engine remembers what it played in
        positions that recur without ending the game (simultaneous sealed
        orders can block each other for ever); None where repeats need no
        care (the default)."""
        return None

    def known_key(self, view: S, player: str):
        """What ``player`` knows of ``view`` (their :meth:`State.observation`)
        as a key: equal keys mean the same choice.  The position itself by
        default."""
        return view


# ---------------------------------------------------------------------- games


class Game(ABC, Generic[S]):
    """A game's rules: how to set it up and how to read its positions.

    A game declares itself once, in ``descriptor`` (a
    :class:`~playbook.descriptor.Descriptor`: key, title, players, seats,
    how it is played, options with their defaults, engine, talk, endings
    ...), and everything else is read from there: ``name`` (the key for
    :func:`playbook.games.load`), ``title``, ``players``,
    ``simultaneous``, ``hidden_information`` and ``engine``; the class's
    constructor takes the rule variants the descriptor declares (each kept
    under its own name on the game) and :meth:`initial` the start
    settings.  Subclasses implement :meth:`_initial` and :meth:`parse`, and
    name their state class (``class MyGame(Game[MyState])``).
    """

    descriptor: Descriptor = Descriptor("", "")
    # Read from the descriptor when the class is made (see __init_subclass__), never written in a game's class.
    name: str = ""
    title: str = ""
    #: The seats' names, in the order they play.
    players: tuple[str, ...] = ()
    #: Whether several players decide in the same phase, each entering an
    #: action of their own (see :attr:`State.movers`).
    simultaneous: bool = False
    #: Whether a position holds what some player may not see (sealed
    #: orders): then :meth:`State.observation` differs between players.
    hidden_information: bool = False
    #: What the game teaches the engines (its evaluation, extra actions
    #: ...): the descriptor's, or the default :class:`Engine`, which knows
    #: only how a game ended.
    engine: Engine[Any]

    @property
    def chance(self) -> bool:
        """Whether chance moves in some of the game's positions (a roll of
        dice, a card drawn), as its descriptor declares: those positions
        are chance nodes (:attr:`State.chance`).  A game without chance
        never has one."""
        return self.descriptor.chance

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's name, title, players, how it is played and its engine
        are those its descriptor declares, read once when its class is made
        (searches ask for some of them at every node)."""
        super().__init_subclass__(**kwargs)
        d = cls.descriptor
        cls.name, cls.title, cls.players = d.key, d.title, d.players
        cls.simultaneous, cls.hidden_information = d.simultaneous, d.hidden_information
        cls.engine = d.engine or _DEFAULT_ENGINE

    def __init__(self, *args: Any, **variants: Any) -> None:
        """The game with the rule ``variants`` its descriptor declares, by
        name or in the order declared; each one left out takes its declared
        default.  A variant the game does not declare raises TypeError; a
        value not of its option's type, or not among its choices, raises
        :class:`PlaybookError` naming the option."""
        values = _bound(self.descriptor.variants, args, variants, f"{type(self).__name__}()")
        for option in self.descriptor.variants:
            value = values[option.name]
            problem = option.problem(value)
            if problem:
                raise PlaybookError(f"{self.title}: the option {problem}")
            setattr(self, option.name, value)

    def initial(self, *args: Any, **settings: Any) -> S:
        """The start of a game, with the start ``settings`` its descriptor
        declares (by name or in the order declared; each one left out takes
        its declared default): :meth:`_initial` given every setting.  A
        setting the game does not declare raises TypeError."""
        return self._initial(**_bound(self.descriptor.settings, args, settings, f"{self.title}.initial()"))

    @abstractmethod
    def _initial(self, *args: Any, **settings: Any) -> S:
        """The start of a game with these ``settings``, every one the
        descriptor declares given (its default where the caller gave none)."""

    @abstractmethod
    def parse(self, text: str) -> S:
        """The position written ``text`` (as :meth:`State.to_text` writes it)."""

    def palette(self) -> tuple[Step, ...]:
        """What a position editor offers to place: one :meth:`Step.choice`
        per piece, its ``value`` the code :meth:`State.edit` takes and its
        ``label`` the piece's name.  Empty (the default) when the game's
        positions are edited through their text only."""
        return ()

    @property
    def options(self) -> dict:
        """The rule variants this game was made with that differ from their
        defaults (what a :class:`Record` keeps): each variant its
        descriptor declares, kept under its own name on the game."""
        return self.descriptor.changed({o.name: getattr(self, o.name) for o in self.descriptor.variants})

    def replay(self, actions: Iterable[str], start: State | None = None) -> list[State]:
        """Play ``actions`` (texts) from ``start`` (default: the initial
        position) and return every position, the start included.  A refused
        action raises the same error, its message and ``ply`` attribute
        naming the ply (1 for the first action)."""
        states = [start if start is not None else self.initial()]
        for ply, text in enumerate(actions, 1):
            try:
                states.append(states[-1].play(text))
            except IllegalAction as exc:
                error: PlaybookError = IllegalAction(f"ply {ply} ({text}): {exc}", rule=exc.rule)
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

    Equality and hashing go through :meth:`key` (by default the text), so
    two states are equal exactly when their keys are.
    """

    game: Game

    @property
    @abstractmethod
    def to_move(self) -> str:
        """The player whose decision the step API enters now."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's :meth:`next_steps` and :meth:`action_from_steps`
        check their steps first (:func:`as_steps`), so something other than
        a step is refused with a :class:`StepError` in every game alike."""
        super().__init_subclass__(**kwargs)
        for name in ("next_steps", "action_from_steps"):
            method = getattr(cls, name)  # the class's own, a mixin's or an inherited one
            if method not in _STEP_CHECKED:
                setattr(cls, name, _checking_steps(method))

    # ---- to implement

    @abstractmethod
    def _compute_outcome(self) -> Outcome | None:
        """How the game has ended in this position, or None while it runs."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every complete legal action, at most :data:`MOST_LISTED` of them:
        a position with more raises :class:`TooManyActions` (its actions
        come one at a time from :meth:`iter_actions`); a game whose list of
        some kind would explode lists what it can, says so, and enters the
        rest by steps."""

    def iter_actions(self) -> Iterator[Action]:
        """The same actions as :meth:`legal_actions`, in the same order, made
        one at a time, as python-chess's ``board.legal_moves`` generates
        moves: a search may stop early or take only the first few
        (``itertools.islice``) when a list would be long to build.  Games
        whose lists can grow very long (Kelasu's merges) make them lazily;
        by default this walks :meth:`legal_actions`."""
        return iter(self.legal_actions())

    @abstractmethod
    def _apply(self: S, action: Action) -> S:
        """Carry out an action already known to be legal."""

    def after(self: S, action: Action) -> S:
        """The position after ``action``, one of this position's legal
        actions (listed, or entered by steps), without checking it: what a
        search uses, since :meth:`play` checks every action it is given.
        An action that is not legal here gives an undefined result."""
        return self._apply(action)

    def observation(self, player: str) -> State:
        """This position as ``player`` may see it: what other players keep
        private (sealed orders) is left out.  The same position in games
        without hidden information (the default)."""
        return self

    @property
    def setting_up(self) -> bool:
        """Whether the game is still being set up (placing pieces, choosing
        sides) rather than played: statistics of play skip these
        positions.  False by default: a game is in play from its first
        action."""
        return False

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

    def record_text(self, action: Action | str) -> str:
        """How a :class:`Record` writes ``action`` played from this
        position: its text.  A game of sealed orders writes the public form
        (never the orders before their reveal)."""
        return str(action)

    def edit(self, cell: str | None = None, piece: str | None = None, *, to_move: str | None = None) -> State:
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
    def seats(self) -> tuple[str, ...]:
        """The players seated in this game: the game's ``players`` unless
        the start chooses them (Chess Wheel+ seats two to eight), where the
        position says."""
        return tuple(self.game.players)

    def colour(self, player: str) -> str:
        """The colour ``player``'s pieces are drawn in (a class of the
        renderer's stylesheet): the one the descriptor gives their seat
        (``Descriptor.colours``).  ValueError for a player not seated here."""
        return self.game.descriptor.colour(self.seats.index(player))

    @property
    def movers(self) -> tuple[str, ...]:
        """Every player who still has a decision in this position.  Turn
        games have one, ``to_move``; simultaneous games override this; a
        chance node has none (the dice decide)."""
        return () if self.outcome is not None or self.chance else (self.to_move,)

    @property
    def chance(self) -> bool:
        """Whether this position is a chance node: the game is running and
        chance, not a player, moves (``to_move`` is :data:`CHANCE`).  Its
        legal actions are then the outcomes, each with its probability in
        :meth:`chance_outcomes`."""
        return self.to_move == CHANCE and self.outcome is None

    @property
    def roller(self) -> str | None:
        """In a chance node, the player whose turn the outcome belongs to
        (who rolls the dice), where the game says; None elsewhere and where
        chance belongs to no player.  Move lists number a roll with its
        roller's turn."""
        return None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """In a chance node, every outcome (the actions :meth:`legal_actions`
        lists, in its order) with its exact probability, a
        :class:`fractions.Fraction` above zero; they sum to one.  Empty
        where a player moves (the default: games without chance)."""
        return []

    def curtain(self) -> str:
        """A message for a shared screen (hot-seat play): when not empty,
        the board stays hidden behind it until the next player asks to see
        it, because what they enter is private.  Empty by default."""
        return ""

    def status(self) -> str:
        """One line for a status bar: whose turn, what is left, the result."""
        if self.outcome is not None:
            return f"Game over. {str(self.outcome)[0].upper()}{str(self.outcome)[1:]}"
        if self.chance:
            return f"{self.roller.capitalize()} to roll" if self.roller else "Chance to move"
        return f"{self.to_move.capitalize()} to move"

    # ---- provided

    @cached
    def outcome(self) -> Outcome | None:
        """How the game ended (winners, reason and :class:`Ending`), or None
        while it runs; worked out once per state."""
        return self._compute_outcome()

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
        checked_action(text)
        self._refuse_if_over()
        action = self._legal_by_text().get(text.strip())
        if action is None:
            self.explain_illegal(text.strip())
            raise IllegalAction(f"{shown(text)} is not a legal action in this position")
        return action

    def play(self: S, action: Action | str) -> S:
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
        if "last" not in options and self.last_action is not None:
            options["last"] = self.last_action.cells()
        return _render().svg(self.view(), **options)

    def diagram(self, **options: Any):
        """The board with marks, shown as a picture in a notebook: for
        example ``state.diagram(highlight=["c4", "a4"], arrows=[["a3", "b5"]])``."""
        return _render().Diagram(self.svg(**options), f"{self.game.title}: {self.status()}")

    def key(self) -> Hashable:
        """What tells this position from every other: two states of one
        class are equal exactly when their keys are, and hash as their keys
        do.  The text by default; games give a tuple of their fields, which
        is faster to make."""
        return self.to_text()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.key() == other.key()

    def __hash__(self) -> int:
        try:
            return self.__dict__["_hash"]
        except KeyError:  # worked out once: a state never changes
            value = self.__dict__["_hash"] = hash(self.key())
            return value

    def __repr__(self) -> str:
        return f"<{self.game.title}: {self.to_text()!r}>"


#: The base of a class whose methods are mixed into a game's state (its
#: moves, refusals, drawing ...): :class:`State` to a type checker, so
#: those methods may use the contract, and ``object`` when the code runs.
if TYPE_CHECKING:
    StateMixin = State
else:
    StateMixin = object


def _render():
    """The renderer, imported the first time a position is drawn, so that
    processes that only play (self-play workers) never load it."""
    # lazy: svgwrite takes about half a second to import; self-play workers, which only play, never draw
    from . import render

    return render


#: The engine of a game that declares none: it knows only how a game ended.
_DEFAULT_ENGINE: Engine[Any] = Engine()


def _bound(options: Sequence[Any], args: tuple, given: dict[str, Any], call: str) -> dict[str, Any]:
    """The value of each of ``options`` (a descriptor's variants or
    settings) in a call that gave ``args`` in their order and ``given`` by
    name, the declared default where neither gave one; TypeError, as
    Python raises it, naming the declared options, for one too many or
    unknown."""
    signature = inspect.Signature([inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=o.default)
                                   for o in options])
    try:
        bound = signature.bind(*args, **given)
    except TypeError as exc:
        names = ", ".join(o.name for o in options) or "none"
        raise TypeError(f"{call}: {exc} (its options are {names})") from None
    bound.apply_defaults()
    return dict(bound.arguments)


def _describe(steps: Sequence[Step]) -> str:
    if not steps:
        return "nothing"
    return " then ".join(f"{s.kind} {s.value!r}" for s in steps)
