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
from dataclasses import replace

from ...core import NotationError
from .board import CELL_RE, KINDS, NAME_RE, exists, read_cell, short
from .orders import HASH_RE, hash_body, read_orders, split_body
from .resolve import CODES

TITLE = "Chess Wheel+"
#: The largest number a field (power, week) may hold.
MAX_NUMBER = 10**6
FIELDS = ("players", "power", "week", "phase", "boards", "populated", "kings", "pieces", "passed", "commitments",
          "revealed", "withheld", "results")


def write(s) -> str:
    """The position text of state ``s``."""
    groups = {}
    for cell, owner, kind in s.pieces:
        groups.setdefault(owner, []).append(kind + short(cell, owner))
    res = {}
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
    def __init__(self, text: str):
        self.text = text
        self.starts = {}

    def fail(self, field: str, message: str, offset: int = 0):
        start = self.starts.get(field, 0)
        pos = start + offset
        line = self.text.count("\n", 0, pos) + 1
        col = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        raise NotationError(f"field '{field}' (line {line}, column {col}): {message}", self.text, pos)


def parse(game, text: str):
    """Read a position; NotationError naming the field (with line and column) on anything impossible."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    text = text.replace("\r\n", "\n")  # a text saved on Windows reads the same
    r = _Reader(text)
    lines = text.split("\n")
    if lines[0].strip() != TITLE:
        raise NotationError(f"a Chess Wheel+ position starts with the line '{TITLE}'", text, 0)
    if len(lines) != len(FIELDS) + 1:
        raise NotationError(f"a position has the title line and {len(FIELDS)} field lines "
                            f"({', '.join(FIELDS)}), found {len(lines) - 1}", text, len(lines[0]))
    values = {}
    pos = len(lines[0]) + 1
    for name, line in zip(FIELDS, lines[1:]):
        if not line.startswith(name + ":"):
            raise NotationError(f"expected the field '{name}:' here (line {len(values) + 2})", text, pos)
        value = line[len(name) + 1:]
        lead = len(value) - len(value.lstrip(" "))
        r.starts[name] = pos + len(name) + 1 + lead
        values[name] = value.strip(" ")
        pos += len(line) + 1

    players = tuple(values["players"].split())
    if not 2 <= len(players) <= 8:
        r.fail("players", f"Chess Wheel+ is for 2 to 8 players, not {len(players)}")
    for p in players:
        if not NAME_RE.fullmatch(p):
            r.fail("players", f"{p!r} is not a player name (a letter, then letters, digits or _)", values["players"].find(p))
    if len({p.lower() for p in players}) != len(players):
        r.fail("players", "a name appears twice (names differing only in case are the same)")

    def number(name, low):
        v = values[name]
        if not (v.isascii() and v.isdigit()) or int(v) < low or int(v) > MAX_NUMBER:
            r.fail(name, f"expected a whole number from {low}")
        return int(v)

    power, week = number("power", 0), number("week", 1)
    phase = values["phase"]
    if phase not in ("move", "resolve"):
        r.fail("phase", "the phase is 'move' or 'resolve'")

    def names(name, within, what):
        got = tuple(values[name].split())
        for p in got:
            if p not in within:
                r.fail(name, f"{p!r} is not {what}", values[name].find(p))
        if len(set(got)) != len(got):
            r.fail(name, "a name appears twice")
        return tuple(p for p in players if p in got)

    boards = names("boards", players, "a player")
    populated = names("populated", boards, "a player with a board")
    kings = names("kings", populated, "a player who populated a board")

    pieces, seen = [], set()
    kings_on_board = {}
    offset = 0
    for group in values["pieces"].split("|") if values["pieces"] else []:
        words = group.split()
        if not words or words[0] not in players:
            r.fail("pieces", "each group starts with its owner's name", offset)
        owner = words[0]
        for w in words[1:]:
            at = offset + group.find(w)
            if len(w) < 3 or w[0] not in KINDS or not CELL_RE.fullmatch(w[1:]):
                r.fail("pieces", f"{w!r} is not a piece (a letter of KQRBNP and a cell)", at)
            try:
                cell = read_cell(w[1:], owner, players)
            except ValueError as exc:
                r.fail("pieces", str(exc), at)
            if not exists(cell, boards):
                r.fail("pieces", f"{w!r} stands on a board that has not been created", at)
            if cell in seen:
                r.fail("pieces", f"two pieces on {cell}", at)
            seen.add(cell)
            if w[0] == "K":
                if owner in kings_on_board:
                    r.fail("pieces", f"{owner} owns two Kings", at)
                if owner not in kings:
                    r.fail("pieces", f"{owner} owns a King without having created one", at)
                kings_on_board[owner] = cell
            pieces.append((cell, owner, w[0]))
        offset += len(group) + 1

    passed = names("passed", players, "a player")
    commitments = []
    for item in values["commitments"].split("|") if values["commitments"] else []:
        words = item.split()
        if len(words) != 2 or words[0] not in players or not HASH_RE.fullmatch(words[1]):
            r.fail("commitments", "each commitment is a player's name and 64 hex digits", values["commitments"].find(item.strip()))
        commitments.append((words[0], words[1]))
    committed = dict(commitments)
    if len(committed) != len(commitments):
        r.fail("commitments", "a player has two commitments")
    if set(passed) & set(committed):
        r.fail("passed", "a player who committed orders has not passed")
    if phase == "resolve" and passed:
        r.fail("passed", "passing belongs to the move phase")

    revealed = []
    for item in values["revealed"].split("|") if values["revealed"] else []:
        player, _, body = item.strip().partition(" ")
        at = values["revealed"].find(item.strip())
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
    withheld = names("withheld", committed, "a player with a commitment")
    if set(withheld) & set(dict(revealed)):
        r.fail("withheld", "a player both revealed and withheld")
    if phase == "move" and (revealed or withheld):
        r.fail("revealed" if revealed else "withheld", "reveals belong to the resolve phase")

    results = []
    offset = 0
    for group in values["results"].split("|") if values["results"] else []:
        player, _, rest = group.strip().partition(" ")
        if player not in players:
            r.fail("results", "each group of results starts with a player's name", offset)
        for item in rest.split(","):
            m = re.fullmatch(r"\s*(\S+)-(\S+) ([a-z\-]+)\s*", item)
            if not m or m.group(3) not in CODES:
                r.fail("results", f"{item.strip()!r} is not a result ('e2-e4 ok', 'e2-e4 bounce', ...)", offset)
            try:
                results.append((player, read_cell(m.group(1), player, players), read_cell(m.group(2), player, players),
                                m.group(3)))
            except ValueError as exc:
                r.fail("results", str(exc), offset)
        offset += len(group) + 1

    # The game's start with every field read (so this module needs no state class).
    state = replace(game.initial(), players=players, week=week, phase=phase, power=power, boards=boards,
                    populated=populated, kings=kings, pieces=tuple(sorted(pieces)), passed=passed,
                    commitments=tuple((p, committed[p]) for p in players if p in committed),
                    revealed=tuple((p, dict(revealed)[p]) for p in players if p in dict(revealed)),
                    withheld=withheld, results=tuple(results))
    if state.outcome is None and not state._movers():
        r.fail("commitments" if phase == "move" else "revealed",
               "nobody is left to decide, so this phase would already have ended")
    return state
