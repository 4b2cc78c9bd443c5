"""The position as text: a title line, then one ``field: value`` line per
field, always all of them and in this order::

    Chess Wheel+
    players: Ann Bob
    power: 3
    week: 1
    phase: move
    boards: Ann Bob
    populated: Ann Bob
    kings: Ann Bob
    pieces: Ann Ra1 Nb1 ... Pe2 Ke1 | Bob Ra1 ...
    passed:
    commitments: Ann 2037...8d6b
    revealed:
    withheld:
    results: Ann e2-e4 ok, d2-d4 bounce | Bob ...

Pieces are grouped by owner; each is its letter and its cell, written as
its owner writes it (``e2`` on the owner's board, ``{Bob}e2`` on Bob's,
``e8`` on the shared rank).  ``revealed`` holds each reveal's text
(``Ann k7q2: Pe2-e3``).  A player's sealed orders never appear here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NoReturn

from ...core import NotationError
from .board import CELL_RE, KINDS, NAME_RE, exists, read_cell, short
from .orders import HASH_RE, hash_body, read_orders, split_body
from .resolve import CODES

if TYPE_CHECKING:  # annotations only: the state and the game import this module
    from .game import ChessWheel
    from .state import WheelState

TITLE = "Chess Wheel+"
#: The largest number a field (power, week) may hold.
MAX_NUMBER = 10**6
FIELDS = ("players", "power", "week", "phase", "boards", "populated", "kings", "pieces", "passed", "commitments",
          "revealed", "withheld", "results")


def write(s: WheelState) -> str:
    """The position text of state ``s``."""
    groups: dict[str, list[str]] = {}
    for cell, owner, kind in s.pieces:
        groups.setdefault(owner, []).append(kind + short(cell, owner))
    res: dict[str, list[str]] = {}
    for player, origin, dest, code in s.results:
        res.setdefault(player, []).append(f"{short(origin, player)}-{short(dest, player)} {code}")
    values = {
        "players": " ".join(s.players),
        "power": str(s.power),
        "week": str(s.week),
        "phase": s.phase,
        "boards": " ".join(s.boards),
        "populated": " ".join(s.populated),
        "kings": " ".join(s.kings),
        "pieces": " | ".join(f"{p} " + " ".join(groups[p]) for p in s.players if p in groups),
        "passed": " ".join(s.passed),
        "commitments": " | ".join(f"{p} {h}" for p, h in s.commitments),
        "revealed": " | ".join(f"{p} {b}" for p, b in s.revealed),
        "withheld": " ".join(s.withheld),
        "results": " | ".join(f"{p} " + ", ".join(res[p]) for p in s.players if p in res),
    }
    return "\n".join([TITLE] + [f"{k}: {values[k]}".rstrip() for k in FIELDS])


class _Reader:
    """The field lines of a position text, split into their values, with
    where each value starts (so an error can name its line and column)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.values: dict[str, str] = {}
        self.starts: dict[str, int] = {}
        lines = text.split("\n")
        if lines[0].strip() != TITLE:
            raise NotationError(f"a Chess Wheel+ position starts with the line '{TITLE}'", text, 0)
        if len(lines) != len(FIELDS) + 1:
            raise NotationError(f"a position has the title line and {len(FIELDS)} field lines "
                                f"({', '.join(FIELDS)}), found {len(lines) - 1}", text, len(lines[0]))
        pos = len(lines[0]) + 1
        for name, line in zip(FIELDS, lines[1:], strict=True):
            if not line.startswith(name + ":"):
                raise NotationError(f"expected the field '{name}:' here (line {len(self.values) + 2})", text, pos)
            value = line[len(name) + 1:]
            lead = len(value) - len(value.lstrip(" "))
            self.starts[name] = pos + len(name) + 1 + lead
            self.values[name] = value.strip(" ")
            pos += len(line) + 1

    def fail(self, field: str, message: str, offset: int = 0) -> NoReturn:
        """Refuse the text: ``message`` about ``field``, ``offset`` characters into its value."""
        start = self.starts.get(field, 0)
        pos = start + offset
        line = self.text.count("\n", 0, pos) + 1
        col = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        raise NotationError(f"field '{field}' (line {line}, column {col}): {message}", self.text, pos)

    def items(self, field: str) -> list[str]:
        """The ``|``-separated items of ``field`` (none when it is empty)."""
        value = self.values[field]
        return value.split("|") if value else []


def parse(game: ChessWheel, text: str) -> WheelState:
    """Read a position; NotationError naming the field (with line and column) on anything impossible."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    r = _Reader(text.replace("\r\n", "\n"))  # a text saved on Windows reads the same
    players = _players(r)
    power, week = _number(r, "power", 0), _number(r, "week", 1)
    phase = _phase(r)
    boards = _names(r, "boards", players, players, "a player")
    populated = _names(r, "populated", boards, players, "a player with a board")
    kings = _names(r, "kings", populated, players, "a player who populated a board")
    pieces = _pieces(r, players, boards, kings)
    passed = _names(r, "passed", players, players, "a player")
    committed = _commitments(r, players, passed, phase)
    revealed = _revealed(r, players, committed, power)
    withheld = _names(r, "withheld", tuple(committed), players, "a player with a commitment")
    if set(withheld) & set(revealed):
        r.fail("withheld", "a player both revealed and withheld")
    if phase == "move" and (revealed or withheld):
        r.fail("revealed" if revealed else "withheld", "reveals belong to the resolve phase")
    results = _results(r, players)

    # The game's start with every field read (so this module needs no state class).
    state = replace(game.initial(), players=players, week=week, phase=phase, power=power, boards=boards,
                    populated=populated, kings=kings, pieces=pieces, passed=passed,
                    commitments=tuple((p, committed[p]) for p in players if p in committed),
                    revealed=tuple((p, revealed[p]) for p in players if p in revealed),
                    withheld=withheld, results=results)
    if state.outcome is None and not state._undecided:
        r.fail("commitments" if phase == "move" else "revealed",
               "nobody is left to decide, so this phase would already have ended")
    return state


def _players(r: _Reader) -> tuple[str, ...]:
    """The ``players`` field: 2 to 8 distinct names."""
    players = tuple(r.values["players"].split())
    if not 2 <= len(players) <= 8:
        r.fail("players", f"Chess Wheel+ is for 2 to 8 players, not {len(players)}")
    for p in players:
        if not NAME_RE.fullmatch(p):
            r.fail("players", f"{p!r} is not a player name (a letter, then letters, digits or _)",
                   r.values["players"].find(p))
    if len({p.lower() for p in players}) != len(players):
        r.fail("players", "a name appears twice (names differing only in case are the same)")
    return players


def _number(r: _Reader, field: str, low: int) -> int:
    """The whole number in ``field``, from ``low`` to :data:`MAX_NUMBER`."""
    v = r.values[field]
    if not (v.isascii() and v.isdigit()) or int(v) < low or int(v) > MAX_NUMBER:
        r.fail(field, f"expected a whole number from {low}")
    return int(v)


def _phase(r: _Reader) -> str:
    """The ``phase`` field: ``move`` or ``resolve``."""
    phase = r.values["phase"]
    if phase not in ("move", "resolve"):
        r.fail("phase", "the phase is 'move' or 'resolve'")
    return phase


def _names(r: _Reader, field: str, within: Sequence[str], players: Sequence[str], what: str) -> tuple[str, ...]:
    """The distinct names in ``field``, each one of ``within`` (``what``
    says what that is), in seat order."""
    got = tuple(r.values[field].split())
    for p in got:
        if p not in within:
            r.fail(field, f"{p!r} is not {what}", r.values[field].find(p))
    if len(set(got)) != len(got):
        r.fail(field, "a name appears twice")
    return tuple(p for p in players if p in got)


def _pieces(r: _Reader, players: tuple[str, ...], boards: tuple[str, ...],
            kings: tuple[str, ...]) -> tuple[tuple[str, str, str], ...]:
    """The ``pieces`` field: groups of an owner's name and its pieces, each
    on a created board, one piece a cell, one King for each who made one."""
    pieces: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    kings_on_board: set[str] = set()
    offset = 0
    for group in r.items("pieces"):
        words = group.split()
        if not words or words[0] not in players:
            r.fail("pieces", "each group starts with its owner's name", offset)
        owner = words[0]
        for w in words[1:]:
            at = offset + group.find(w)
            cell = _piece_cell(r, w, owner, players, boards, at)
            if cell in seen:
                r.fail("pieces", f"two pieces on {cell}", at)
            seen.add(cell)
            if w[0] == "K":
                if owner in kings_on_board:
                    r.fail("pieces", f"{owner} owns two Kings", at)
                if owner not in kings:
                    r.fail("pieces", f"{owner} owns a King without having created one", at)
                kings_on_board.add(owner)
            pieces.append((cell, owner, w[0]))
        offset += len(group) + 1
    return tuple(sorted(pieces))


def _piece_cell(r: _Reader, word: str, owner: str, players: tuple[str, ...], boards: tuple[str, ...],
                at: int) -> str:
    """The cell of the piece ``word`` (a letter and a cell as ``owner`` writes it), on a created board."""
    if len(word) < 3 or word[0] not in KINDS or not CELL_RE.fullmatch(word[1:]):
        r.fail("pieces", f"{word!r} is not a piece (a letter of KQRBNP and a cell)", at)
    try:
        cell = read_cell(word[1:], owner, players)
    except ValueError as exc:
        r.fail("pieces", str(exc), at)
    if not exists(cell, boards):
        r.fail("pieces", f"{word!r} stands on a board that has not been created", at)
    return cell


def _commitments(r: _Reader, players: tuple[str, ...], passed: tuple[str, ...], phase: str) -> dict[str, str]:
    """The ``commitments`` field as player -> hash, one each, none by a
    player who passed; and no pass outside the move phase."""
    commitments = []
    for item in r.items("commitments"):
        words = item.split()
        if len(words) != 2 or words[0] not in players or not HASH_RE.fullmatch(words[1]):
            r.fail("commitments", "each commitment is a player's name and 64 hex digits",
                   r.values["commitments"].find(item.strip()))
        commitments.append((words[0], words[1]))
    committed = dict(commitments)
    if len(committed) != len(commitments):
        r.fail("commitments", "a player has two commitments")
    if set(passed) & set(committed):
        r.fail("passed", "a player who committed orders has not passed")
    if phase == "resolve" and passed:
        r.fail("passed", "passing belongs to the move phase")
    return committed


def _revealed(r: _Reader, players: tuple[str, ...], committed: dict[str, str], power: int) -> dict[str, str]:
    """The ``revealed`` field as player -> reveal text: each matches its
    commitment and holds readable orders within the power, one each."""
    revealed = []
    for item in r.items("revealed"):
        player, _, body = item.strip().partition(" ")
        at = r.values["revealed"].find(item.strip())
        if player not in committed:
            r.fail("revealed", f"{player!r} has no commitment to reveal", at)
        if hash_body(body) != committed[player]:
            r.fail("revealed", f"{player}'s reveal does not match the commitment", at)
        try:
            orders = read_orders(split_body(body)[1], player, players)
        except NotationError as exc:
            r.fail("revealed", f"{player}'s orders cannot be read: {exc}", at)
        if len(orders) > power:
            r.fail("revealed", f"{player}'s orders cost more than the power {power}", at)
        revealed.append((player, body))
    if len(dict(revealed)) != len(revealed):
        r.fail("revealed", "a player revealed twice")
    return dict(revealed)


_RESULT_RE = re.compile(r"\s*(\S+)-(\S+) ([a-z\-]+)\s*")


def _results(r: _Reader, players: tuple[str, ...]) -> tuple[tuple[str, str, str, str], ...]:
    """The ``results`` field: groups of a player's name and that player's
    results (``e2-e4 bounce``), as ``(player, origin, destination, code)``."""
    results = []
    offset = 0
    for group in r.items("results"):
        player, _, rest = group.strip().partition(" ")
        if player not in players:
            r.fail("results", "each group of results starts with a player's name", offset)
        for item in rest.split(","):
            m = _RESULT_RE.fullmatch(item)
            if not m or m.group(3) not in CODES:
                r.fail("results", f"{item.strip()!r} is not a result ('e2-e4 ok', 'e2-e4 bounce', ...)", offset)
            try:
                results.append((player, read_cell(m.group(1), player, players), read_cell(m.group(2), player, players),
                                m.group(3)))
            except ValueError as exc:
                r.fail("results", str(exc), offset)
        offset += len(group) + 1
    return tuple(results)
