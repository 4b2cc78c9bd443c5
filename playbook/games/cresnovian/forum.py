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

from ...core import IllegalAction, NotationError
from .board import CELLS, FOUNDATION, ROWS, UMBRATIONS, Umbral
from .entry import word_problem

EMPTY_MARK = "⬛"
NO_POEM = "(To be written)"
TAG = re.compile(r"\[(/?)(TABLE|TR|TH|TD|PLAIN)\]", re.I)
PLAIN_END = re.compile(r"\[/PLAIN\]", re.I)
PIECE = re.compile(r":([A-Z]+):\s*([0-9]+)Q([be]?)")
MONUMENT = re.compile(r":([a-z]+):m")
PLAIN_WORD = re.compile(r"\[PLAIN\](.*)\[/PLAIN\]", re.I | re.S)


def escape(text: str) -> str:
    """``text`` as the forum should get it: inside ``[PLAIN]`` when it could
    read back as anything but itself."""
    if any(ch in text for ch in "[]:") or text.strip() in ("", EMPTY_MARK):
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

    def fail(self, message: str, at: int):
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
        rows, row, cell = [], None, None
        for kind, value, at in self.tokens(m.end()):
            if cell is not None:
                if kind in ("text", "plain"):
                    cell[0].append(value)
                    cell[1] = cell[1] or kind == "plain"
                    continue
                if kind == "close" and value == cell[3]:
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
                cell = [[], False, at, value]
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


def read_forum(game, text: str, to_move: str):
    """A position pasted from the forum (see ``CresnovianChess.from_forum``)."""
    from .positions import check_state
    from .state import CresnovianState

    if not isinstance(text, str):
        raise NotationError(f"a forum table is text, not {type(text).__name__}")
    table = _Table(text)
    rows, end = table.read()
    if len(rows) != 4:
        table.fail(f"the table needs a header row and 3 rows of cells, found {len(rows)} rows",
                   rows[-1][1] if rows else end - 1)
    (head, head_at), body = rows[0], rows[1:]
    if len(head) != 9 or any(kind != "TH" for *_, kind in head):
        table.fail(f"the header row needs 9 [TH] cells, found {len(head)} cells", head_at)
    names = (head[0][0].strip(), head[8][0].strip())
    for (name, _, at, _) in (head[0], head[8]):
        from .positions import name_problem

        problem = name_problem(name.strip())
        if problem:
            table.fail(f"the header names a player {name.strip()!r}: {problem}", at)
    pieces, monuments, word = [], [], ()
    seen: dict[str, int] = {}
    for r, (row, row_at) in enumerate(body):
        if len(row) != 9 or any(kind != "TD" for *_, kind in row):
            table.fail(f"board row {r + 1} needs 9 [TD] cells, found {len(row)} cells", row_at)
        for c, (content, escaped, at, _) in enumerate(row):
            i = r * 9 + c
            content = content.strip()
            if not escaped and content in ("", EMPTY_MARK):
                continue
            m = None if escaped else PIECE.fullmatch(content)
            if m:
                u = m[1].lower()
                if u not in UMBRATIONS:
                    table.fail(f"{CELLS[i]}: unknown umbration {m[1]}", at)
                if u in seen:
                    table.fail(f"{CELLS[i]}: the {u} piece stands on {CELLS[seen[u]]} already", at)
                q, status = int(m[2]), m[3]
                if len(m[2]) > 6 or (status == "e" and q != 3):
                    table.fail(f"{CELLS[i]}: {content} is out of range (Q from 0 to 999999; eternal pieces 3Qe)", at)
                seen[u] = i
                pieces.append(Umbral(u, i, q, status, i if CELLS[i] in FOUNDATION else -1))
                continue
            m = None if escaped else MONUMENT.fullmatch(content)
            if m and m[1] in UMBRATIONS:
                monuments.append((i, m[1]))
                continue
            if word:
                table.fail(f"{CELLS[i]}: only one word may stand on the field (one is on {CELLS[word[0]]})", at)
            problem = word_problem(content)
            if problem:
                table.fail(f"{CELLS[i]}: {content!r} is neither a piece, a monument nor a word: {problem}", at)
            word = (i, content)
    poem = _read_poem(table, text, end)
    if to_move in ("left", "right"):
        kingdom = to_move
    elif to_move == names[0]:
        kingdom = "left"
    elif to_move == names[1]:
        kingdom = "right"
    else:
        raise IllegalAction(f"to_move is 'left', 'right' or a name from the header ({names[0]}, {names[1]})")
    # The side to move is taken as the second player; only kingdoms matter in play.
    state = CresnovianState(
        pieces=tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration))), monuments=tuple(sorted(monuments)),
        word=word, poem=poem, phase="play", turn="second", second_kingdom=kingdom, names=names, game=game,
    )
    return check_state(state)


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
