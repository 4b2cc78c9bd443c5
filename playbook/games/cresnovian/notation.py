"""Reading positions strictly: the JSON text of a position and the
arguments of ``setup``.  Every field is checked and an impossible position
is refused with a :class:`NotationError` that names the field and the
problem, so no position read is ever stuck or breaks later."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import NoReturn

from ...core import NotationError, read_json
from .board import CELLS, FOUNDATION, INDEX, UMBRATIONS, Umbral
from .entry import word_problem

#: The fields of a position's JSON text, in the order it writes them.
FIELDS = ("phase", "turn", "second-kingdom", "pieces", "monuments", "word", "poem", "last-travel", "last-turn",
          "forbid", "names", "before")
PHASES = ("place", "choose", "play")
#: The largest Q a position may write (far beyond what a game reaches).
MAX_Q = 999_999
CODE = re.compile(r"(0|[1-9][0-9]{0,5})Q([be]?)")
TURN_KINDS = ("travel:", "perform:")


class _Reader:
    """Checks one decoded position; ``fail`` names the field and points at it in ``text``."""

    def __init__(self, game, data, text: str | None):
        self.game = game
        self.data = data
        self.text = text

    def fail(self, field: str, problem: str) -> NoReturn:
        at = self.text.find(f'"{field}"') if self.text else -1
        raise NotationError(f"field {field!r}: {problem}", self.text, at if at >= 0 else None)

    def string(self, field: str, allowed=None) -> str:
        value = self.data[field]
        if not isinstance(value, str):
            self.fail(field, f"must be text, not {_kind(value)}")
        if allowed is not None and value not in allowed:
            self.fail(field, f"must be one of {', '.join(repr(a) for a in allowed)}, not {value!r}")
        return value

    def items(self, field: str, size: int | None, shape: str) -> list:
        value = self.data[field]
        if not isinstance(value, list):
            self.fail(field, f"must be a list of {shape}, not {_kind(value)}")
        if size is not None:
            for n, item in enumerate(value, 1):
                if not isinstance(item, list) or len(item) != size or not all(isinstance(x, str) for x in item):
                    self.fail(field, f"item {n} must be {shape}, not {json.dumps(item)[:60]}")
        return value

    def cell(self, field: str, name: str, allow_empty: bool = False) -> int:
        if allow_empty and name == "":
            return -1
        if name not in INDEX:
            self.fail(field, f"{name!r} is not a cell (A1 to I3)")
        return INDEX[name]

    def turn_word(self, field: str, allowed: tuple[str, ...]) -> str:
        value = self.string(field)
        if value in allowed:
            return value
        kind, _, u = value.partition(":")
        if kind + ":" in TURN_KINDS and u in UMBRATIONS:
            return value
        self.fail(field, f"must be {', '.join(repr(a) for a in allowed)}, 'travel:<umbration>' or "
                         f"'perform:<umbration>', not {value!r}")

    def read(self, nested: bool = False):
        data = self.data
        if not isinstance(data, dict):
            raise NotationError(f"a Cresnovian position is a JSON object with the fields {', '.join(FIELDS)}, "
                                f"not {_kind(data)}", self.text, 0 if self.text else None)
        for key in data:
            if key not in FIELDS:
                self.fail(key, "is no field of a position")
        for key in FIELDS:
            if key not in data:
                raise NotationError(f"a Cresnovian position needs the field {key!r}", self.text,
                                    0 if self.text else None)
        phase = self.string("phase", PHASES)
        turn = self.string("turn", ("first", "second"))
        second = self.string("second-kingdom", ("", "left", "right"))
        names = self.names()
        pieces = self.pieces()
        taken = {p.cell: f"the {p.umbration} piece" for p in pieces}
        monuments = []
        for c, u in self.items("monuments", 2, "[cell, umbration]"):
            i = self.cell("monuments", c)
            if u not in UMBRATIONS:
                self.fail("monuments", f"{u!r} is no umbration")
            if i in taken:
                self.fail("monuments", f"{c} holds {taken[i]} already")
            taken[i] = f"{'an' if u[0] in 'aeiou' else 'a'} {u} monument"
            monuments.append((i, u))
        written = self.items("word", None, "[cell, word], or [] when no word stands on the field")
        word: tuple[int, str] | tuple[()] = ()
        if written:
            if len(written) != 2 or not all(isinstance(x, str) for x in written):
                self.fail("word", "must be [] or [cell, word]")
            i = self.cell("word", written[0])
            if i in taken:
                self.fail("word", f"{written[0]} holds {taken[i]} already")
            self.check_word("word", written[1])
            word = (i, written[1])
        poem = self.items("poem", None, "words")
        for n, w in enumerate(poem, 1):
            if not isinstance(w, str):
                self.fail("poem", f"word {n} must be text, not {_kind(w)}")
            self.check_word("poem", w, f"word {n} ")
        last_travel = self.string("last-travel", ("",) + UMBRATIONS)
        last_turn = self.turn_word("last-turn", ("", "document", "pass"))
        forbid = self.turn_word("forbid", ("", "document"))
        before = self.string("before")
        if phase != "play":
            self.setup_phase(phase, turn, second, pieces, monuments, word, poem, last_travel, last_turn, forbid, before)
        elif not second:
            self.fail("second-kingdom", "in play the second player holds 'left' or 'right'")
        elif len(pieces) != len(UMBRATIONS):
            self.fail("pieces", missing_pieces(pieces))
        # The game's start, with every field read (so this module needs no state class).
        state = replace(self.game.initial(names=names),
                        pieces=tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration))),
                        monuments=tuple(sorted(monuments)), word=word, poem=tuple(poem), phase=phase, turn=turn,
                        second_kingdom=second, last_travel=last_travel, last_turn=last_turn, forbid=forbid,
                        before=before)
        if before:
            if nested:
                self.fail("before", "an earlier position keeps no earlier position of its own")
            self.check_before(state)
        return state

    def names(self) -> tuple[str, str]:
        names = self.data["names"]
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            self.fail("names", "must be a list of two names")
        for n in names:
            problem = name_problem(n)
            if problem:
                self.fail("names", f"{n!r}: {problem}")
        return tuple(names)

    def pieces(self) -> list[Umbral]:
        made: list[Umbral] = []
        cells: dict[int, str] = {}  # cell -> umbration of the piece standing there
        homes: dict[int, str] = {}  # home cell -> umbration of the piece it belongs to
        for u, c, code, h in self.items("pieces", 4, "[umbration, cell, Q, home]"):
            if u not in UMBRATIONS:
                self.fail("pieces", f"{u!r} is no umbration; the nine are {', '.join(UMBRATIONS)}")
            if any(p.umbration == u for p in made):
                self.fail("pieces", f"the {u} piece is given twice; each umbration is one piece")
            i = self.cell("pieces", c)
            if i in cells:
                self.fail("pieces", f"{c} holds the {cells[i]} piece and the {u} piece")
            q, status = self.code("pieces", u, code)
            home = self.cell("pieces", h, allow_empty=True)
            if h and h not in FOUNDATION:
                self.fail("pieces", f"the {u} piece's home {h} is not a foundation cell ({' '.join(FOUNDATION)})")
            if home >= 0 and home in homes:
                self.fail("pieces", f"the {homes[home]} and {u} pieces both have the home cell {h}")
            cells[i], homes[home] = u, u
            made.append(Umbral(u, i, q, status, home))
        return made

    def code(self, field: str, u: str, code: str) -> tuple[int, str]:
        m = CODE.fullmatch(code)
        if m is None:
            self.fail(field, f"the {u} piece's Q {code!r} is not written <n>Q, <n>Qb (broken) or 3Qe (eternal), "
                             f"n from 0 to {MAX_Q}")
        q, status = int(m[1]), m[2]
        if status == "e" and q != 3:
            self.fail(field, f"the {u} piece is eternal, so it has 3Q, not {q}Q")
        return q, status

    def check_word(self, field: str, w: str, which: str = ""):
        problem = word_problem(w) if isinstance(w, str) else "it is not text"
        if problem:
            self.fail(field, f"{which}{w!r} cannot be a word of the poem: {problem}")

    def setup_phase(self, phase, turn, second, pieces, monuments, word, poem, last_travel, last_turn, forbid, before):
        for field, value in (("second-kingdom", second), ("monuments", monuments), ("word", word), ("poem", poem),
                             ("last-travel", last_travel), ("last-turn", last_turn), ("forbid", forbid),
                             ("before", before)):
            if value:
                self.fail(field, f"must be empty while setting up (phase {phase!r})")
        for p in pieces:
            if CELLS[p.cell] not in FOUNDATION or p.home != p.cell or p.q != 3 or p.status:
                self.fail("pieces", f"while setting up each piece stands on its foundation cell (its home) with 3Q; "
                                    f"the {p.umbration} piece does not")
        if phase == "place":
            if len(pieces) == 9:
                self.fail("phase", "all nine pieces are placed, so the phase is 'choose'")
            if turn != "first":
                self.fail("turn", "the first player places the pieces")
        else:
            if len(pieces) != 9:
                self.fail("phase", f"a kingdom is chosen once all nine pieces are placed; {len(pieces)} are")
            if turn != "second":
                self.fail("turn", "the second player chooses a kingdom")

    def check_before(self, state):
        try:
            earlier = read_position(self.game, state.before, nested=True)
        except NotationError as exc:
            self.fail("before", f"the earlier position cannot be read: {exc}")
        if earlier.phase != "play":
            self.fail("before", "the earlier position must be in play")
        if earlier.turn == state.turn:
            self.fail("before", f"the earlier position has the same player to move ({state.turn})")
        if (earlier.second_kingdom, earlier.names) != (state.second_kingdom, state.names):
            self.fail("before", "the earlier position has other kingdoms or names")
        if earlier.outcome is not None:
            self.fail("before", f"the earlier position is already over ({earlier.outcome})")


def missing_pieces(pieces) -> str:
    """Why a position in play with ``pieces`` (fewer than nine) cannot be:
    how many it holds and which are missing (clarification 28)."""
    have = {p.umbration for p in pieces}
    missing = ", ".join(u for u in UMBRATIONS if u not in have)
    return (f"the board holds {len(pieces)} of the nine pieces (missing: {missing}); no rule takes a piece off "
            f"the board, so a game in play shows all nine")


def name_problem(n: str) -> str:
    """Why ``n`` cannot name a kingdom's player ("" if it can)."""
    if not n or n != n.strip():
        return "a name is not empty and has no spaces around it"
    if not n.isprintable():
        return "a name is printable text on one line"
    if "[/plain]" in n.lower():
        return "a name never contains the forum tag [/PLAIN]"
    return ""


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}.get(
        type(value), "a number")


def read_position(game, text, nested: bool = False):
    """The position written ``text`` (JSON), checked field by field."""
    return _Reader(game, read_json(text, "a Cresnovian position"), text).read(nested)


def check_state(state):
    """Check a position built from other arguments (``setup``, the forum)
    as strictly as its text would be, and return it."""
    return _Reader(state.game, state._data(), None).read()
