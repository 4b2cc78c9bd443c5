"""The game object: options, the start, reading positions."""

from __future__ import annotations

from ...core import Game, IllegalAction, NotationError, checked_text
from ...descriptor import Descriptor, Ending, Option, Seats
from .board import KINDS, NAME_RE, read_cell
from .edit import palette
from .engine import ENGINE
from .notation import MAX_NUMBER as MAX_POWER
from .notation import parse
from .orders import commitment, new_salt, reveal_body
from .state import WheelState

#: Default seat names, used when ``players`` is a number.
NAMES = ("Ann", "Bob", "Cyd", "Dee", "Eve", "Fay", "Gus", "Hal")
COLLISIONS = ("bounce", "destroy")


class ChessWheel(Game[WheelState]):
    """Chess Wheel+.  ``collision`` chooses what happens when moves meet in
    one cell (``"bounce"``: they all fail; ``"destroy"``: they all succeed
    and every piece ending there is destroyed); ``blocking=False`` lets
    lines pass over pieces; ``knight_across=True`` lets a knight on rank 7
    jump over the shared rank onto rank 7 of another board."""

    descriptor = Descriptor(
        "wheel", "Chess Wheel+", aliases=("chess_wheel", "chess_wheel+", "chess_wheel_plus"), seats=Seats(2, 8),
        variants=(Option("collision", "bounce", str, "what moves meeting in one cell do", choices=COLLISIONS),
                  Option("blocking", True, bool, "whether lines stop at pieces"),
                  Option("knight_across", False, bool, "whether a knight on rank 7 jumps across the shared rank")),
        settings=(Option("players", 2, object, "a number of seats from 2 to 8, or the seats' names"),
                  Option("power", 3, int, "each player's power"),
                  Option("ready", False, bool, "every board already created and populated")),
        endings=(Ending.KING_CAPTURED,), bench_depth=4,
        # Its puzzles are a week of sealed orders, not a line of moves: no self-play depths, a hook
        # instead, and an exercise of its own for the learner.
        puzzle_depths=(), puzzle_hook="playbook.games.wheel.puzzles:WEEK",
        puzzle_exercise="playbook.games.wheel.puzzles.exercise:exercise",
        clarified_in="notebooks/chess_wheel_part_3.ipynb",
        players=NAMES[:2], engine=ENGINE,
        simultaneous=True,  # every player orders in the same move phase
        hidden_information=True)  # orders stay sealed until the resolve phase
    collision: str
    blocking: bool
    knight_across: bool

    def _initial(self, players, power: int, ready: bool) -> WheelState:
        """The start of a cycle: ``players`` is a number from 2 to 8 (seats
        named Ann, Bob, Cyd, ...) or a sequence of names; nobody has a board
        yet.  With ``ready=True`` every player has already created and
        populated their board."""
        state = WheelState(seats(players), power=check_power(power), game=self)
        if ready:
            for p in state.players:
                state = state.play(f"{{{p}}} create").play(f"{{{p}}} populate")
        return state

    def palette(self):
        """The pieces of the two default seats, for the position editor;
        a position's own players come from ``state.palette()`` (see :mod:`.edit`)."""
        return palette(self.players)

    def parse(self, text: str) -> WheelState:
        """The position written ``text`` (see :mod:`.notation`)."""
        return parse(self, checked_text(text))


GAME = ChessWheel()


def seats(players) -> tuple[str, ...]:
    """The names of ``players``: a whole number from 2 to 8 (the default
    seats Ann, Bob, Cyd, ...) or a sequence of 2 to 8 names, no two alike
    even in case (``Ann`` and ``ann`` would be one player in a message);
    IllegalAction naming the field otherwise."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 8:
            raise IllegalAction(f"players: Chess Wheel+ is for 2 to 8 players, not {players}", rule="players")
        return NAMES[:players]
    if not isinstance(players, (list, tuple)):
        raise IllegalAction(f"players: a whole number from 2 to 8 or a list of names, not {players!r}",
                            rule="players")
    names = tuple(players)
    if not 2 <= len(names) <= 8:
        raise IllegalAction(f"players: Chess Wheel+ is for 2 to 8 players, not {len(names)}", rule="players")
    for n in names:
        if not isinstance(n, str) or not NAME_RE.fullmatch(n):
            raise IllegalAction(f"players: {n!r} is not a player name (a letter, then letters, digits or _)",
                                rule="players")
    if len({n.lower() for n in names}) != len(names):
        raise IllegalAction("players: two players share a name (names differing only in case are the same)",
                            rule="players")
    return names


def check_power(power) -> int:
    """``power`` if it is a whole number of movement power from 0 (to a
    million, as a position text allows); IllegalAction naming the field
    otherwise."""
    if isinstance(power, bool) or not isinstance(power, int) or not 0 <= power <= MAX_POWER:
        raise IllegalAction(f"power: the movement power is a whole number from 0 to {MAX_POWER}, not {power!r}",
                            rule="movement power")
    return power


def setup(pieces: dict[str, str], players=("Ann", "Bob"), game: ChessWheel | None = None, kings=None,
          week: int = 1, power: int = 3) -> WheelState:
    """A move-phase position with every board created and populated and
    ``pieces`` (cell -> ``"<owner> <letter>"``, cells written as in
    ``{Ann}e2`` or ``e8``) standing on them.  ``kings`` (default: the owners
    of a King in ``pieces``) have created a King; ``power`` is the movement
    power of every player each week."""
    game = game or GAME
    players = seats(players)
    power = check_power(power)
    made = []
    for cell, code in pieces.items():
        words = code.split() if isinstance(code, str) else []
        if len(words) != 2 or words[1] not in KINDS or len(words[1]) != 1:
            raise NotationError(f"pieces: {cell!r} holds {code!r}; a piece is '<owner> <letter>', "
                                f"the letter one of {KINDS}")
        owner, letter = words
        if owner not in players:
            raise NotationError(f"pieces: the piece on {cell!r} belongs to {owner!r}, who is not a player "
                                f"({', '.join(players)})")
        try:
            made.append((read_cell(cell, owner, players), owner, letter))
        except (ValueError, TypeError) as exc:
            raise NotationError(f"pieces: {exc}") from None
    if kings is None:
        kings = [o for _, o, k in made if k == "K"]
    state = WheelState(players, week, "move", power, players, players, tuple(p for p in players if p in kings),
                       tuple(sorted(made)), game=game)
    return game.parse(state.to_text())


def play_orders(state: WheelState, orders: dict[str, str]) -> WheelState:
    """The position after one whole week: each player named in ``orders``
    commits and reveals those orders (a text such as ``"Pe2-e3, Ng1-f3"``),
    each sealed with a fresh salt (:func:`~.orders.new_salt`), every other
    player still to decide passes, then the resolution."""
    salts = {player: new_salt() for player in orders}
    for player in state.players:
        if player in orders:
            state = state.play(f"{{{player}}} commit {commitment(salts[player], orders[player])}")
    for player in state.movers if state.phase == "move" else ():
        state = state.play(f"{{{player}}} pass")
    for player in state.players:
        if player in orders and state.phase == "resolve":
            state = state.play(f"{{{player}}} reveal {reveal_body(salts[player], orders[player])}")
    return state
