"""The forum's table code: writing a position as the ``[TABLE]`` block and
the COMMUNAL POEM below it, and reading one back.

A word (on the field, in the poem) or a name that would read back as
something else (a piece ``:COSMOS:3Q``, a monument ``:cosmos:m``, the
empty-cell mark, table markup, a smilie code) is written inside the forum's
``[PLAIN]...[/PLAIN]`` tags, which show it as typed.  That is why a word may
never contain ``[/PLAIN]`` itself (DOCUMENT refuses it).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NoReturn

from ...core import NotationError, checked_text
from .board import CELLS, FOUNDATION, ROWS, UMBRATIONS, Umbral
from .entry import word_problem
from .notation import check_state, missing_pieces, name_problem

EMPTY_MARK = "⬛"
NO_POEM = "(To be written)"
TAG = re.compile(r"\[(/?)(TABLE|TR|TH|TD|PLAIN)\]", re.I)
PLAIN_END = re.compile(r"\[/PLAIN\]", re.I)
#: What a cell's text is read as a piece or monument by: a colon, or an
#: ending like a Q total (``3Q``, ``3q``, ``0Qb``).  Such a text must be a
#: piece or a monument exactly; a word like that is written in ``[PLAIN]``.
PIECE_LIKE = re.compile(r"(?s).*(:|[0-9]\s*[qQ][bBeE]?\s*$)")
SHAPE = re.compile(r"(?s):([A-Za-z]*):\s*(.*)")
PIECE_Q = re.compile(r"([0-9]+)Q([be]?)")
PIECE_FORMS = "a piece is written :COSMOS:3Q (or 3Qb broken, 3Qe eternal), a monument :cosmos:m"
PLAIN_WORD = re.compile(r"\[PLAIN\](.*)\[/PLAIN\]", re.I | re.S)


def escape(text: str) -> str:
    """``text`` as the forum should get it: inside ``[PLAIN]`` when it could
    read back as anything but itself."""
    if any(ch in text for ch in "[]") or PIECE_LIKE.match(text) or text.strip() in ("", EMPTY_MARK):
        return f"[PLAIN]{text}[/PLAIN]"
    return text


def to_forum(s) -> str:
    """The board as the forum's table code, then the communal poem."""
    head = [escape(s.names[0])] * 3 + ["World"] * 3 + [escape(s.names[1])] * 3
    rows = ["[TR]" + "".join(f"[TH]{h}[/TH]" for h in head) + "[/TR]"]
    for r in range(ROWS):
        cells = []
        for c in range(9):
            i = r * 9 + c
            p, m = s.piece_at(i), s.monument_at(i)
            if p:
                text = f":{p.umbration.upper()}:{p.code()}"
            elif m:
                text = f":{m}:m"
            elif s.word and s.word[0] == i:
                text = escape(s.word[1])
            else:
                text = ""
            cells.append(f"[TD]{text}[/TD]")
        rows.append("[TR]" + "".join(cells) + "[/TR]")
    words = [escape(w) for w in s.poem]
    if " ".join(s.poem) == NO_POEM:
        words[0] = f"[PLAIN]{s.poem[0]}[/PLAIN]"
    poem = " ".join(words) if words else NO_POEM
    return "[TABLE]" + "\n".join(rows) + "[/TABLE]\nCOMMUNAL POEM:\n" + poem


class _Table:
    """Reads the ``[TABLE]`` block token by token, so that every error
    points at its line and column."""

    def __init__(self, text: str):
        self.text = text

    def fail(self, message: str, at: int) -> NoReturn:
        raise NotationError(message, self.text, at)

    def tokens(self, start: int):
        """``(kind, value, position)``: ("open"|"close", TAG, at) or ("text", str, at) or ("plain", str, at)."""
        text, at = self.text, start
        while at < len(text):
            m = TAG.search(text, at)
            if m is None:
                yield "text", text[at:], at
                return
            if m.start() > at:
                yield "text", text[at:m.start()], at
            name = m[2].upper()
            if name == "PLAIN":
                if m[1]:
                    self.fail("[/PLAIN] without its [PLAIN]", m.start())
                end = PLAIN_END.search(text, m.end())
                if end is None:
                    self.fail("[PLAIN] is never closed by [/PLAIN]", m.start())
                yield "plain", text[m.end():end.start()], m.end()
                at = end.end()
                continue
            yield ("close" if m[1] else "open"), name, m.start()
            at = m.end()

    def read(self):
        """The header cells and the three rows: ``(head, rows, end)``, each
        cell ``(content, escaped, position)``; ``end`` follows ``[/TABLE]``."""
        m = re.search(r"\[TABLE\]", self.text, re.I)
        if m is None:
            self.fail("expected the board between [TABLE] and [/TABLE]", 0)
        rows: list[tuple[list, int]] = []
        row: list | None = None
        cell: list | None = None  # [texts, escaped, position, TH or TD]
        for kind, value, at in self.tokens(m.end()):
            if cell is not None:
                if kind in ("text", "plain"):
                    cell[0].append(value)
                    cell[1] = cell[1] or kind == "plain"
                    continue
                if kind == "close" and value == cell[3] and row is not None:  # a cell opens only in a row
                    row.append(("".join(cell[0]), cell[1], cell[2], cell[3]))
                    cell = None
                    continue
                self.fail(f"[{'/' if kind == 'close' else ''}{value}] inside a [{cell[3]}] cell; close it with "
                          f"[/{cell[3]}] first", at)
            if kind in ("text", "plain"):
                if kind == "plain" or value.strip():
                    self.fail("text outside the table's cells (is a tag missing?)", at)
                continue
            if kind == "open" and value in ("TH", "TD"):
                if row is None:
                    self.fail(f"[{value}] outside a row: open the row with [TR]", at)
                cell = [[], False, at + len(value) + 2, value]  # errors point at the cell's text
            elif kind == "open" and value == "TR":
                if row is not None:
                    self.fail("a row opens inside another: close it with [/TR]", at)
                row = []
            elif kind == "close" and value == "TR" and row is not None:
                rows.append((row, at))
                row = None
            elif kind == "close" and value == "TABLE" and row is None:
                return rows, at + len("[/TABLE]")
            else:
                self.fail(f"unexpected [{'/' if kind == 'close' else ''}{value}]", at)
        self.fail("the table is never closed by [/TABLE]" if cell is None and row is None else
                  "the table ends inside a row or cell", len(self.text) - 1)


def read_forum(game, text: str, to_move: str, second: str = "right"):
    """A position pasted from the forum (see ``CresnovianChess.from_forum``)."""
    if not isinstance(text, str):
        raise NotationError(f"a forum table is text, not {type(text).__name__}")
    table = _Table(checked_text(text, "a forum table"))
    rows, end = table.read()
    if len(rows) != 4:
        table.fail(f"the table needs a header row and 3 rows of cells, found {len(rows)} rows",
                   rows[-1][1] if rows else end - 1)
    (head, head_at), body = rows[0], rows[1:]
    if len(head) != 9 or any(kind != "TH" for *_, kind in head):
        table.fail(f"the header row needs 9 [TH] cells, found {len(head)} cells", head_at)
    names = (head[0][0].strip(), head[8][0].strip())
    for (name, _, at, _) in (head[0], head[8]):
        problem = name_problem(name.strip())
        if problem:
            table.fail(f"the header names a player {name.strip()!r}: {problem}", at)
    pieces, monuments = [], []
    word: tuple[int, str] | tuple[()] = ()
    seen: dict[str, int] = {}
    for r, (row, row_at) in enumerate(body):
        if len(row) != 9 or any(kind != "TD" for *_, kind in row):
            table.fail(f"board row {r + 1} needs 9 [TD] cells, found {len(row)} cells", row_at)
        for c, (content, escaped, at, _) in enumerate(row):
            i = r * 9 + c
            content = content.strip()
            if not escaped and content in ("", EMPTY_MARK):
                continue
            if escaped or not PIECE_LIKE.match(content):
                if word:
                    table.fail(f"{CELLS[i]}: only one word may stand on the field (one is on {CELLS[word[0]]})", at)
                problem = word_problem(content)
                if problem:
                    table.fail(f"{CELLS[i]}: {content!r} is neither a piece, a monument nor a word: {problem}", at)
                word = (i, content)
                continue
            u, q, status = _piece_or_monument(table, CELLS[i], content, at)
            if q < 0:
                monuments.append((i, u))
                continue
            if u in seen:
                table.fail(f"{CELLS[i]}: the {u} piece stands on {CELLS[seen[u]]} already", at)
            seen[u] = i
            pieces.append(Umbral(u, i, q, status, i if CELLS[i] in FOUNDATION else -1))
    poem = _read_poem(table, text, end)
    table_at = text.upper().index("[TABLE]")
    player, kingdom = _mover(names, to_move, second)
    if not pieces and not monuments and not word and not poem:
        # The empty template of the rules: nothing is placed yet.
        return game.initial(names=names)
    if len(pieces) != len(UMBRATIONS):
        table.fail(missing_pieces(pieces), table_at)
    # The game's start, with every field read (so this module needs no state class).
    state = replace(
        game.initial(names=names),
        pieces=tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration))), monuments=tuple(sorted(monuments)),
        word=word, poem=poem, phase="play", turn=player, second_kingdom=second,
    )
    return check_state(state)


def _piece_or_monument(table: _Table, cell: str, content: str, at: int) -> tuple[str, int, str]:
    """``(umbration, Q, status)`` of the piece written ``content``, or
    ``(umbration, -1, "")`` for a monument; anything else is refused."""
    m = SHAPE.fullmatch(content)
    if m is None:
        table.fail(f"{cell}: {content!r} is neither a piece nor a monument ({PIECE_FORMS}; a word with a colon or "
                   f"ending like a Q total goes inside [PLAIN]...[/PLAIN])", at)
    name, rest = m[1], m[2]
    if name.lower() not in UMBRATIONS:
        table.fail(f"{cell}: unknown umbration {name or '(none)'}; the nine are {', '.join(UMBRATIONS)}", at)
    u = name.lower()
    if rest == "m":
        if name != u:
            table.fail(f"{cell}: {content!r}: a monument's umbration is written in lowercase, :{u}:m", at)
        return u, -1, ""
    if name != name.upper():
        table.fail(f"{cell}: {content!r}: a piece's umbration is written in capitals, :{u.upper()}:{rest} "
                   f"(lowercase is for monuments, :{u}:m)", at)
    q = PIECE_Q.fullmatch(rest)
    if q is None:
        table.fail(f"{cell}: {content!r}: the piece's Q is not written <n>Q, <n>Qb (broken) or 3Qe (eternal)", at)
    if len(q[1]) > 6 or (q[2] == "e" and int(q[1]) != 3):
        table.fail(f"{cell}: {content} is out of range (Q from 0 to 999999; eternal pieces 3Qe)", at)
    return u, int(q[1]), q[2]


def _mover(names: tuple[str, str], to_move, second) -> tuple[str, str]:
    """The player (``first``/``second``) and the kingdom to move, from
    ``to_move``: a player, a kingdom or a name from the header."""
    if second not in ("left", "right"):
        raise NotationError(f"field 'second': the second player holds 'left' or 'right', not {second!r}")
    other = "left" if second == "right" else "right"
    if to_move in ("first", "second"):
        return to_move, second if to_move == "second" else other
    if to_move in ("left", "right"):
        kingdom = to_move
    elif isinstance(to_move, str) and to_move and to_move in names:
        if names[0] == names[1]:
            raise NotationError(f"field 'to_move': both kingdoms are named {to_move!r}; say 'left' or 'right'")
        kingdom = "left" if to_move == names[0] else "right"
    else:
        raise NotationError(f"field 'to_move': the player to move is 'first' or 'second', the kingdom 'left' or "
                            f"'right', or a name from the header ({names[0]}, {names[1]}); not {to_move!r}")
    return ("second" if kingdom == second else "first"), kingdom


def _read_poem(table: _Table, text: str, end: int) -> tuple[str, ...]:
    m = re.compile(r"COMMUNAL POEM:").search(text, end)
    if m is None:
        return ()
    body = text[m.end():]
    if body.strip() == NO_POEM:
        return ()
    words = []
    for token in re.finditer(r"\S+", body):
        word = token[0]
        plain = PLAIN_WORD.fullmatch(word)
        if plain:
            word = plain[1]
        problem = word_problem(word)
        if problem:
            table.fail(f"the poem's word {token[0]!r} cannot be read: {problem}", m.end() + token.start())
        words.append(word)
    return tuple(words)
