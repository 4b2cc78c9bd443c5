"""What a game declares about itself: one :class:`Descriptor` a game.

Every tool reads a game's descriptor (``game.descriptor``) instead of
keeping a table of games or probing the game's class, and the game's
class reads it too: each fact about a game is written here once.  Its
key, title and aliases (what :func:`playbook.games.load` accepts); its
players, how many seats it takes and the colour each seat's pieces are
drawn in; how it is played (in turns or at once, with hidden
information or not); its options (rule variants, which
:func:`~playbook.games.load` and the game's class take, and start
settings, which :meth:`~playbook.core.Game.initial` takes), each with its
default; what it teaches the engines; its talk actions (resigning and
draw offers, which engines treat apart from moves); the endings its
outcomes name; its knobs for puzzle mining and benchmarks, and, where
its puzzles are not a line of moves, the hook that handles them.

>>> from playbook.games import load
>>> d = load("cosmic").descriptor
>>> d.key, d.players, d.seats, [o.name for o in d.variants]
('cosmic', ('white', 'black'), Seats(fewest=2, most=2), ['compulsory_capture', 'king_jumps', 'quiet_limit'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import Engine

__all__ = ["Descriptor", "Option", "Seats", "Talk", "Ending", "COLOURS"]

#: The colours a board draws pieces in (each a class of the renderer's
#: stylesheet); a descriptor gives each seat one of them.
COLOURS = ("white", "black", "blue", "red", "green", "yellow", "purple", "orange", "neutral")


@dataclass(frozen=True)
class Ending:
    """How a game ended, by name (the words are in the outcome's
    ``reason``), so that programs can count endings without reading
    sentences.  The endings many games share are named here
    (``Ending.NO_MOVE`` ...); a game declares its own as
    ``Ending("kingdom emptied", "a kingdom holds zero Q")`` in its
    package and lists every ending it uses in its :class:`Descriptor`.
    Two endings are the same when their values are."""

    value: str
    doc: str = ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ending) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"Ending({self.value!r})"

    def __str__(self) -> str:
        return self.value

    # The endings many games share (set below the class).
    KING_CAPTURED: Any = None
    PIECES_LOST: Any = None
    GOAL_HELD: Any = None
    NO_MOVE: Any = None
    REPETITION: Any = None
    MOVE_LIMIT: Any = None
    AGREEMENT: Any = None
    RESIGNATION: Any = None


Ending.KING_CAPTURED = Ending("king captured", "a King was taken")
Ending.PIECES_LOST = Ending("pieces lost", "a side lost the last of the pieces it must keep")
Ending.GOAL_HELD = Ending("goal held", "a side holds the cells that win")
Ending.NO_MOVE = Ending("no move", "the side to move has no action")
Ending.REPETITION = Ending("repetition", "the same position arose too often")
Ending.MOVE_LIMIT = Ending("move limit", "too many moves without a capture or other progress")
Ending.AGREEMENT = Ending("agreement", "the players agreed to end the game")
Ending.RESIGNATION = Ending("resignation", "a player resigned")


@dataclass(frozen=True)
class Seats:
    """How many players a game seats: ``fewest`` to ``most`` (equal for a
    fixed number)."""

    fewest: int
    most: int

    @property
    def fixed(self) -> bool:
        """Whether the game always seats the same number of players."""
        return self.fewest == self.most

    def __contains__(self, count: object) -> bool:
        return isinstance(count, int) and not isinstance(count, bool) and self.fewest <= count <= self.most


@dataclass(frozen=True)
class Option:
    """One option of a game: its ``name`` (a keyword argument), ``default``,
    the ``type`` of its values (``None`` allowed where the default is None
    or ``optional`` says so), the values it may take where they are few
    (``choices``) and a line saying what it does (``doc``)."""

    name: str
    default: Any
    type: type
    doc: str = ""
    choices: tuple = ()
    optional: bool = False

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is of this option's type (and among its
        choices, if listed)."""
        if value is None:
            return self.optional or self.default is None
        if self.type in (int, float) and isinstance(value, bool):
            return False
        if self.type is float and isinstance(value, int):
            return not self.choices or value in self.choices
        if self.type is not Any and not isinstance(value, self.type):
            return False
        return not self.choices or value in self.choices

    def expected(self) -> str:
        """What the option takes, in words, as a refusal says it.

        >>> Option("quiet_limit", 100, int, optional=True).expected()
        'a whole number or None'
        >>> Option("reach", "all", str, choices=("all", "orthogonal")).expected()
        "one of 'all', 'orthogonal'"
        """
        if self.choices:
            kind = "one of " + ", ".join(repr(c) for c in self.choices)
        else:
            kind = _KINDS.get(self.type, f"a {getattr(self.type, '__name__', self.type)}")
        return kind + (" or None" if self.optional or self.default is None else "")

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be given to this option, in words naming it
        (None when it can): ``"quiet_limit is a whole number or None, not 'x'"``."""
        if self.accepts(value):
            return None
        shown = repr(value)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return f"{self.name} is {self.expected()}, not {shown}"


#: How an option's type is said in a refusal.
_KINDS = {bool: "True or False", int: "a whole number", float: "a number", str: "a text", dict: "a dict",
          tuple: "a tuple", list: "a list"}


@dataclass(frozen=True)
class Talk:
    """A talk action: not a move on the board but words between the
    players (resigning, offering, accepting or claiming a draw).  ``text``
    is the action's text and ``kind`` one of :data:`Talk.KINDS`.  Engines
    leave talk out of their searches (all of it but accepting a draw, which
    ends a game they may judge), and random players never talk."""

    text: str
    kind: str

    KINDS = ("resign", "offer", "accept", "claim")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ValueError(f"a talk action's kind is one of {self.KINDS}, not {self.kind!r}")


@dataclass(frozen=True)
class Descriptor:
    """What a game declares about itself (see the module's docstring).

    - ``key``, ``title``, ``aliases``: the names :func:`playbook.games.load`
      accepts (the key is what records keep);
    - ``players``: the seats' names in the order they play (the game's
      ``players``; a game that seats a varying number names those of its
      default start), each a text other than ``"draw"`` and without
      ``" and "``, as records join winners with it;
    - ``seats``: how many players sit down (:class:`Seats`; by default as
      many as ``players`` names);
    - ``colours``: the colour the pieces of each seat are drawn in, in seat
      order, each one of :data:`COLOURS` (by default white, black, blue,
      red ... in that order); ``state.colour(player)`` reads it;
    - ``simultaneous``: whether several players decide in the same phase,
      each entering an action of their own (see
      :attr:`~playbook.core.State.movers`); ``hidden_information``: whether
      a position holds what some player may not see (sealed orders), so
      that :meth:`~playbook.core.State.observation` differs between players;
    - ``variants``: the rule variants, the options of the game's class
      (``load(key, **variant)``, ``MyGame(**variant)``), each an
      :class:`Option` whose ``default`` is the only one written anywhere;
    - ``settings``: the start settings, the options of
      ``game.initial(**setup)``;
    - ``engine``: what the game teaches the engines (an
      :class:`~playbook.core.Engine`, usually its ``engine`` module's);
      None for the default engine, which knows only how a game ended;
    - ``talk``: the talk actions (:class:`Talk`);
    - ``endings``: every :class:`Ending` its outcomes may name;
    - ``puzzle_depths``: the depths (in the solver's own moves) at which
      puzzles are mined, shortest first; empty where puzzles come another
      way or not at all; ``puzzle_plies``: the longest game the miner plays;
    - ``puzzle_hook``: for a game whose puzzles are not a line of moves to
      find (players sealing orders at once, say), where its
      :class:`~playbook.puzzles.hook.PuzzleHook` lives (how a solution
      splits into turns, is verified and is made), named as an entry point
      names an object (``"my_game.puzzles:HOOK"``) and imported only when
      its puzzles are first handled; empty (the default) for puzzles of one
      winning first move; ``puzzle_exercise``: for such a game, the function
      that makes one of its puzzles into a learner's exercise, shown and
      judged on the board (``"my_game.exercise:exercise"``, called with the
      puzzle and a tutorial or None), imported by the learner's side only,
      so that verifying and mining puzzles never load the board;
      ``puzzle_file``: where the game keeps its shipped puzzles, a
      file in a package (``"my_game:puzzles.json"``; empty:
      ``puzzles.json`` in the package that holds the game's class);
    - ``bench_depth``: the search depth the speed benchmark times;
    - ``clarified_in``: the tutorial notebook whose clarifications chapter
      repeats the package's "Rules clarifications", as a path from the
      folder that holds the game's package (its project's folder); empty
      where the game has no tutorial;
    - ``chance``: whether chance moves in some positions (a roll of dice,
      a card drawn), as OpenSpiel's ``GameType.chance_mode`` says: those
      are chance nodes, whose ``to_move`` is
      :data:`~playbook.core.CHANCE` and whose outcomes come with exact
      probabilities (:meth:`~playbook.core.State.chance_outcomes`).

    A descriptor that contradicts itself (a colour no board draws, fewer
    colours than seats, a player named so that a record could not read it
    back) raises ValueError naming the field.
    """

    key: str
    title: str
    aliases: tuple[str, ...] = ()
    seats: Seats = None  # type: ignore[assignment]  # None: as many as players names (set in __post_init__)
    variants: tuple[Option, ...] = ()
    settings: tuple[Option, ...] = ()
    talk: tuple[Talk, ...] = ()
    endings: tuple[Ending, ...] = ()
    puzzle_depths: tuple[int, ...] = (1,)
    puzzle_plies: int = 200
    puzzle_hook: str = ""
    puzzle_exercise: str = ""
    puzzle_file: str = ""
    bench_depth: int = 3
    clarified_in: str = ""
    players: tuple[str, ...] = ("white", "black")
    colours: tuple[str, ...] = ()
    simultaneous: bool = False
    hidden_information: bool = False
    engine: Engine[Any] | None = None

    def __post_init__(self) -> None:
        players = tuple(self.players)
        for name in players:
            if not isinstance(name, str) or not name or name == "draw" or " and " in name:
                raise ValueError(f"{self.key}: players: a player is named by a text other than 'draw' and without "
                                 f"' and ' in it (a record joins the winners with it), not {name!r}")
        if len(set(players)) != len(players):
            raise ValueError(f"{self.key}: players: two seats share a name in {players}")
        seats = self.seats if self.seats is not None else Seats(len(players), len(players))
        if players and len(players) not in seats:
            raise ValueError(f"{self.key}: players: {len(players)} names for {seats}")
        colours = tuple(self.colours) or COLOURS[:max(seats.most, 1)]
        unknown = [c for c in colours if c not in COLOURS]
        if unknown:
            raise ValueError(f"{self.key}: colours: pieces are drawn in {', '.join(COLOURS)}, not {unknown[0]!r}")
        if len(colours) < seats.most:
            raise ValueError(f"{self.key}: colours: {len(colours)} colours for up to {seats.most} seats")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "colours", colours)
    chance: bool = False

    def names(self) -> tuple[str, ...]:
        """Every name the game answers to, normalised as :func:`normal_name` makes them."""
        return tuple(dict.fromkeys(normal_name(n) for n in (self.key, self.title, *self.aliases)))

    def talk_texts(self, *kinds: str) -> frozenset[str]:
        """The texts of the talk actions of ``kinds`` (all of them when none
        is given), worked out once a set of kinds: searches ask at every node."""
        cache = self.__dict__.setdefault("_talk", {})
        if kinds not in cache:
            cache[kinds] = frozenset(t.text for t in self.talk if not kinds or t.kind in kinds)
        return cache[kinds]

    def option(self, name: str, among: Iterable[Option]) -> Option | None:
        """The option called ``name`` among ``among`` (``self.variants`` or ``self.settings``)."""
        return next((o for o in among if o.name == name), None)

    def colour(self, seat: int) -> str:
        """The colour the pieces of the ``seat``-th seat (from 0) are drawn in."""
        return self.colours[seat]

    def changed(self, values: dict[str, Any]) -> dict[str, Any]:
        """Those of ``values`` (rule variants) that differ from their defaults."""
        return {o.name: values[o.name] for o in self.variants if o.name in values and values[o.name] != o.default}


def normal_name(name: str) -> str:
    """``name`` as games are looked up: lower case, spaces and hyphens as underscores."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")
