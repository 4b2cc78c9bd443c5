"""The game: set-up, reading positions, and the forum's table code."""

from __future__ import annotations

import json
import re

from ...core import Game, IllegalAction, NotationError
from .board import CELLS, FOUNDATION, INDEX, UMBRATIONS, Umbral
from .state import CresnovianState

class CresnovianChess(Game):
    """Cresnovian Chess v0.4.1."""

    name = "cresnovian"
    title = "Cresnovian Chess"
    players = ("first", "second")

    def initial(self, arrangement: dict[str, str] | None = None, second: str = "right",
                names: tuple[str, str] = ("Left Kingdom", "Right Kingdom")) -> CresnovianState:
        """The set-up phase, or with ``arrangement`` (cell -> umbration for
        the nine foundation cells) a game ready to play: the second player
        holds the ``second`` kingdom and moves first."""
        state = CresnovianState(names=tuple(names), game=self)
        if arrangement is None:
            return state
        if sorted(arrangement) != sorted(FOUNDATION) or sorted(arrangement.values()) != sorted(UMBRATIONS):
            raise IllegalAction("an arrangement puts each of the nine umbrations on one foundation cell", rule="set-up")
        for cell, u in sorted(arrangement.items()):
            state = state.play(f"place {u} {cell}")
        return state.play(f"choose {second}")

    def setup(self, pieces: dict[str, str], mover: str = "left", monuments: dict[str, str] | None = None,
              poem: str = "", word: tuple[str, str] | None = None, homes: dict[str, str] | None = None,
              names: tuple[str, str] = ("Left Kingdom", "Right Kingdom")) -> CresnovianState:
        """A position in play: ``pieces`` maps cells to ``"<umbration> <Q>"``
        (``"cosmos 3Qb"``, ``"essence 3Qe"``); ``mover`` is the kingdom to
        move (held by the second player).  A piece's home is the foundation
        cell it stands on unless ``homes`` says otherwise."""
        made = []
        for cell, code in pieces.items():
            try:
                u, q = code.split()
                amount, status = q.split("Q")
            except ValueError:
                raise NotationError(f"write a piece as '<umbration> <n>Q', not {code!r}") from None
            if u not in UMBRATIONS or cell not in INDEX or status not in ("", "b", "e"):
                raise NotationError(f"cannot read the piece {code!r} on {cell!r}")
            home = (homes or {}).get(u, cell if cell in FOUNDATION else "")
            if any(m.umbration == u for m in made):
                raise NotationError(f"each umbration stands on the board once; {u} is given twice")
            made.append(Umbral(u, INDEX[cell], int(amount), status, INDEX[home] if home else -1))
        return CresnovianState(
            pieces=tuple(sorted(made, key=lambda p: UMBRATIONS.index(p.umbration))),
            monuments=tuple(sorted((INDEX[c], u) for c, u in (monuments or {}).items())),
            word=(INDEX[word[0]], word[1]) if word else (), poem=tuple(poem.split()), phase="play", turn="second",
            second_kingdom=mover, names=tuple(names), game=self,
        )

    def parse(self, text: str) -> CresnovianState:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise NotationError(f"a Cresnovian position is JSON text: {getattr(exc, 'msg', exc)}", text if isinstance(text, str) else None,
                                getattr(exc, "pos", None)) from None
        try:
            pieces = tuple(sorted((Umbral(u, INDEX[c], int(q.split("Q")[0]), q.split("Q")[1], INDEX[h] if h else -1)
                                   for u, c, q, h in data["pieces"]), key=lambda p: UMBRATIONS.index(p.umbration)))
            return CresnovianState(
                pieces=pieces, monuments=tuple(sorted((INDEX[c], u) for c, u in data["monuments"])),
                word=(INDEX[data["word"][0]], data["word"][1]) if data["word"] else (), poem=tuple(data["poem"]),
                phase=data["phase"], turn=data["turn"], second_kingdom=data["second-kingdom"],
                last_travel=data["last-travel"], last_turn=data["last-turn"], forbid=data["forbid"],
                before=data["before"], names=tuple(data["names"]), game=self,
            )
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise NotationError(f"a Cresnovian position is missing or garbles a field: {exc}") from None

    def from_forum(self, text: str, to_move: str) -> CresnovianState:
        """A position pasted from the forum: the ``[TABLE]`` code and the
        COMMUNAL POEM block.  ``to_move`` is ``"left"``, ``"right"`` or a
        player's name from the header.  The pieces' homes are taken as the
        foundation cells they stand on if any, else unknown."""
        return _read_forum(self, text, to_move)


def _read_forum(game, text: str, to_move: str) -> CresnovianState:
    if "[TABLE]" not in text or "[/TABLE]" not in text:
        raise NotationError("expected the board between [TABLE] and [/TABLE]", text, 0)
    table = text[text.index("[TABLE]"):text.index("[/TABLE]")]
    rows = re.findall(r"\[TR\](.*?)\[/TR\]", table, re.S)
    if len(rows) != 4:
        raise NotationError(f"the table needs a header row and 3 rows, found {len(rows)}", text, text.index("[TABLE]"))
    head = re.findall(r"\[TH\](.*?)\[/TH\]", rows[0])
    if len(head) != 9:
        raise NotationError("the header row needs 9 [TH] cells", text, text.index("[TR]"))
    names = (head[0].strip(), head[8].strip())
    pieces, monuments, word = [], [], ()
    for r, row in enumerate(rows[1:]):
        cells = re.findall(r"\[TD\](.*?)\[/TD\]", row, re.S)
        if len(cells) != 9:
            raise NotationError(f"row {r + 1} needs 9 [TD] cells, found {len(cells)}", text, text.index(row))
        for c, content in enumerate(cells):
            content = content.strip()
            i = r * 9 + c
            if not content or content == "⬛":
                continue
            m = re.fullmatch(r":([A-Z]+):\s*(\d+)Q([be]?)", content)
            if m:
                u = m.group(1).lower()
                if u not in UMBRATIONS:
                    raise NotationError(f"unknown umbration {m.group(1)}", text, text.index(content))
                home = i if CELLS[i] in FOUNDATION else -1
                pieces.append(Umbral(u, i, int(m.group(2)), m.group(3), home))
                continue
            m = re.fullmatch(r":([a-z]+):m", content)
            if m and m.group(1) in UMBRATIONS:
                monuments.append((i, m.group(1)))
                continue
            if word:
                raise NotationError("only one word may stand on the field", text, text.index(content))
            word = (i, content)
    poem = ()
    if "COMMUNAL POEM:" in text:
        body = text.split("COMMUNAL POEM:", 1)[1].strip()
        poem = () if body in ("", "(To be written)") else tuple(body.split())
    if to_move in ("left", "right"):
        kingdom = to_move
    elif to_move == names[0]:
        kingdom = "left"
    elif to_move == names[1]:
        kingdom = "right"
    else:
        raise IllegalAction(f"to_move is 'left', 'right' or a name from the header ({names[0]}, {names[1]})")
    # The side to move is taken as the second player; only kingdoms matter in play.
    return CresnovianState(
        pieces=tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration))), monuments=tuple(sorted(monuments)),
        word=word, poem=poem, phase="play", turn="second", second_kingdom=kingdom, names=names, game=game,
    )


GAME = CresnovianChess()
