"""Records: a played game as its start position and the texts of its
actions, saved as JSON (never pickle) and replayable.

:class:`Record` is the one shape of a played game everywhere: a board's
history (``board.record()``), a game saved to a file, and every game of
self-play and tournaments (``play_game`` returns one, ``SelfPlay.records``
is a list of them, the Parquet store keeps one a row).

One vocabulary, one way:

- ``options`` are the rule variants the game was loaded with (what
  ``load(name, **options)`` takes); ``setup`` the start settings (what
  ``game.initial(**setup)`` takes), kept apart.
- ``players`` maps each seat to who sat in it (a person's name, or an
  agent's name): ``{"white": "Ann", "black": "random"}``.  Self-play and
  tournaments name every seat, in seat order; a board's record names
  those its caller gives (``board.record(players=...)``), since a board
  does not know who sat at it.
- ``result`` is the winners joined by ``" and "`` (``"white"``,
  ``"north and south"``), ``"draw"``, or ``""`` while the game is
  unfinished (stopped at a ply cap, by an error, or still running): the
  empty text, as a record saved while a game runs has always had, and
  left out of the JSON.  Self-play files written before this convention
  held everywhere (``"unfinished"``, winners joined by ``"+"``) are read
  into it.
  It reads back without doubt, since no player's name is ``"draw"`` or
  holds ``" and "`` (:class:`~playbook.core.Outcome` refuses such a
  winner); read it through the properties :attr:`~Record.winners`,
  :attr:`~Record.winner`, :attr:`~Record.draw`, :attr:`~Record.unfinished`
  and :attr:`~Record.plies`, which say it typed.  ``reason`` says why in words
  (for an unfinished self-play game: ``"stopped after 500 plies"`` or
  ``"error: ..."``).
- What self-play knows of a game is typed fields, left at their defaults
  elsewhere: ``seed`` (the game's seed), ``first`` (the player who made
  the first move of play, after any set-up), ``opening`` (that move),
  ``setup_plies`` (set-up actions), ``book`` (random opening actions
  played before the agents took over), ``pair`` (the seed shared by a
  turn of the seats of a rotating run), ``seconds`` (how long it took)
  and ``error`` (the traceback of a game an error stopped).  ``tags``
  hold anything else (event, site, ...), ``notes`` what the engines said
  about each move.

A record round-trips through JSON (:meth:`~Record.to_json`,
:meth:`~Record.from_json`) and through a flat row of a table
(:meth:`~Record.row`, :meth:`~Record.from_row`: what the Parquet store
writes and ``SelfPlay.frame()`` shows).
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from .core import Action, Game, NotationError, Outcome, PlaybookError, State, read_json
from .games import load

__all__ = ["Record", "RECORD_FIELDS", "ROW_COLUMNS", "UNFINISHED"]

#: What a record's JSON may hold, with the type each value must have.
RECORD_FIELDS: dict[str, type | tuple[type, ...]] = {
    "game": str, "start": str, "actions": list, "options": dict, "players": dict,
    "date": str, "result": str, "reason": str, "tags": dict, "notes": list,
    "setup": dict, "seed": int, "first": str, "opening": str, "setup_plies": int, "book": int, "pair": int,
    "seconds": (int, float), "error": str,
}

#: The result of a game that has not ended by the rules.
UNFINISHED = ""

#: The columns of a record as a flat row (:meth:`Record.row`), in order:
#: its fields, and what its properties say, for tables to filter on.
ROW_COLUMNS = (
    "seed", "game", "players", "options", "setup", "start", "first", "opening", "result", "winner", "winners",
    "draw", "unfinished", "reason", "plies", "setup_plies", "book", "pair", "seconds", "actions", "notes", "error",
    "date", "tags",
)

# Fields a row holds as JSON text (dicts and lists whose keys vary from game to game).
_JSON_COLUMNS = ("players", "options", "setup", "notes", "tags")
# Fields left out of the JSON text and the row's texts when they hold nothing.
_OPTIONAL = ("options", "players", "date", "result", "reason", "tags", "notes", "setup", "seed", "first", "opening",
             "setup_plies", "book", "pair", "seconds", "error")
# Self-play metadata older records kept as tags.
_OLD_TAGS = {"seed": "seed", "setup": "setup", "book": "book", "time": "seconds"}


@dataclass
class Record:
    """A played game: its start position and the texts of the actions
    played, with what a player expects of a game record (see the module's
    docstring for every field): the ``options`` (rule variants), the
    ``players`` (seat -> name), the ``date`` (ISO 8601), the ``result``
    (the winners joined by " and ", ``"draw"``, or ``""`` while
    unfinished) and its ``reason``, free ``tags`` (event, site, ...) and,
    as a PGN's move comments do, optional ``notes``: one an action, in
    order, each ``None`` or what the engine that chose it reported (say
    its ``score``, ``depth``, ``nodes`` and ``seconds``); then what
    self-play records of a game (``setup``, ``seed``, ``first``,
    ``opening``, ``setup_plies``, ``book``, ``pair``, ``seconds``,
    ``error``).  Replaying reads the start and the actions only.

    >>> from playbook import load
    >>> start = load("cosmic").initial()
    >>> record = Record.of(start, ["c2-d3", "e4-f3"], players={"white": "Ann", "black": "Bo"})
    >>> Record.from_json(record.to_json()).states()[-1] == start.play("c2-d3").play("e4-f3")
    True
    >>> record.unfinished, record.plies, record.winners
    (True, 2, ())
    """

    game: str
    start: str
    actions: list[str]
    options: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)
    date: str = ""
    result: str = UNFINISHED
    reason: str = ""
    tags: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    setup: dict = field(default_factory=dict)
    seed: int | None = None
    first: str | None = None
    opening: str | None = None
    setup_plies: int = 0
    book: int = 0
    pair: int | None = None
    seconds: float = 0.0
    error: str | None = None

    # ------------------------------------------------------------ the result

    @staticmethod
    def result_of(outcome: Outcome | None) -> str:
        """The ``result`` text of a game that ended with ``outcome`` (None: unfinished).

        >>> from playbook import Outcome
        >>> Record.result_of(Outcome(("white",), "captured")), Record.result_of(Outcome((), "agreed"))
        ('white', 'draw')
        >>> Record.result_of(Outcome(("north", "south"), "won")), Record.result_of(None)
        ('north and south', '')
        """
        if outcome is None:
            return UNFINISHED
        return " and ".join(outcome.winners) or "draw"

    @property
    def winners(self) -> tuple[str, ...]:
        """The players who won (none for a draw or an unfinished game)."""
        if self.result in (UNFINISHED, "draw"):
            return ()
        return tuple(self.result.split(" and "))

    @property
    def winner(self) -> str | None:
        """The one winner, or None (a draw, several winners, unfinished)."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    @property
    def draw(self) -> bool:
        """Whether the game ended drawn."""
        return self.result == "draw"

    @property
    def unfinished(self) -> bool:
        """Whether the game has not ended by the rules (still running, or
        stopped at a ply cap or by an error)."""
        return self.result == UNFINISHED

    @property
    def plies(self) -> int:
        """How many actions were played, set-up included."""
        return len(self.actions)

    # ------------------------------------------------------------ replaying

    @classmethod
    def of(cls, start: State, actions: Iterable[Action | str], players: dict | None = None, date: str = "",
           notes: list | None = None, **tags: Any) -> Record:
        """The record of ``actions`` played from ``start`` (with ``notes``,
        one an action, if given); the result and its reason are worked out
        by playing them."""
        actions = list(actions)
        record = cls(start.game.name, start.to_text(), [str(a) for a in actions], start.game.options,
                     dict(players or {}), date, tags=dict(tags), notes=list(notes or []))
        states = record.states()
        record.actions = [before.record_text(a) for before, a in zip(states, actions, strict=False)]
        outcome = states[-1].outcome
        record.result = cls.result_of(outcome)
        record.reason = outcome.reason if outcome is not None else ""
        return record

    def load_game(self) -> Game:
        """The game this record was played under, with its options."""
        try:
            return load(self.game, **self.options)
        except PlaybookError as exc:
            raise NotationError(f"record options: {exc}") from None

    def start_state(self) -> State:
        """The first position (:class:`NotationError` if it does not read)."""
        try:
            return self.load_game().parse(self.start)
        except NotationError as exc:
            raise NotationError(f"record start: {exc}") from None

    def states(self) -> list[State]:
        """Every position of the game, the start included.  A bad start or
        action raises :class:`NotationError` or :class:`IllegalAction`
        naming the ply (1 for the first action)."""
        start = self.start_state()
        return start.game.replay(self.actions, start=start)

    def final(self) -> State:
        """The last position."""
        return self.states()[-1]

    # ------------------------------------------------------------ JSON

    def to_json(self) -> str:
        """The record as JSON text (fields left at their defaults are left out)."""
        data: dict[str, Any] = {"game": self.game, "start": self.start, "actions": list(self.actions)}
        for key in _OPTIONAL:
            value = getattr(self, key)
            if value or (key in ("seed", "pair") and value is not None):
                data[key] = value
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record written by :meth:`to_json` (records from before
        options and metadata existed read too, and self-play records that
        kept their seed, setup, book and time as tags have them moved to
        their fields).  Refuses, with a :class:`NotationError` naming the
        field, anything of the wrong shape."""
        data = read_json(text, "a record")
        if not isinstance(data, dict):
            raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
        missing = [k for k in ("game", "start", "actions") if k not in data]
        if missing:
            raise NotationError(f"a record needs the keys 'game', 'start' and 'actions'; missing: {', '.join(missing)}")
        unknown = sorted(set(data) - set(RECORD_FIELDS))
        if unknown:
            raise NotationError(f"a record has no field {unknown[0]!r}; its fields are {', '.join(RECORD_FIELDS)}")
        tags = data.get("tags")
        if isinstance(tags, dict) and "agents" in tags:  # a self-play record written before seats were its players
            data["tags"] = {k: v for k, v in tags.items() if k not in ("agents", "plies", *_OLD_TAGS)}
            data.update({new: tags[old] for old, new in _OLD_TAGS.items() if old in tags and new not in data})
        _check_fields(data)
        return cls(**{key: data[key] for key in RECORD_FIELDS if key in data})

    # ------------------------------------------------------------ table rows

    def row(self, text: bool = True) -> dict[str, Any]:
        """The record as one flat row of a table (the keys of
        :data:`ROW_COLUMNS`): its fields, with ``winner``, ``winners``,
        ``draw``, ``unfinished`` and ``plies`` as its properties say them;
        ``text``: the dicts and the notes as JSON text (as the Parquet
        store keeps them), else as they are."""
        row: dict[str, Any] = {}
        for name in ROW_COLUMNS:
            value = getattr(self, name)
            if name in _JSON_COLUMNS:
                value = json.dumps(value, sort_keys=True) if text else value
            elif name in ("winners", "actions"):
                value = list(value)
            row[name] = value
        return row

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Record:
        """The record of a row written by :meth:`row` (JSON texts or not;
        columns left empty read as their defaults).  The result is read
        from the typed columns (``unfinished``, ``winners``), so rows
        written before one result convention held everywhere read alike.
        Refuses, as :meth:`from_json` does, a row of the wrong shape, with a
        :class:`NotationError` naming the field."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = row.get(f.name)
            if f.name in _JSON_COLUMNS and isinstance(value, str):
                value = read_json(value, f"record field {f.name!r}")
            if value is None:
                continue
            values[f.name] = list(value) if f.name == "actions" and isinstance(value, (list, tuple)) else value
        missing = [k for k in ("game", "start", "actions") if k not in values]
        if missing:
            raise NotationError(f"a record needs the fields 'game', 'start' and 'actions'; "
                                f"missing: {', '.join(missing)}")
        _check_fields(values)
        if "winners" in row and row.get("unfinished") is not None:
            winners = row["winners"] or []
            if not (isinstance(winners, (list, tuple)) and all(isinstance(w, str) for w in winners)):
                raise NotationError(f"record field 'winners' must be a list of texts, not {winners!r:.60}")
            finished = not row["unfinished"]
            values["result"] = (" and ".join(winners) or "draw") if finished else UNFINISHED
        return cls(**values)


def _check_fields(data: dict) -> None:
    """Refuse, with a :class:`NotationError` naming the field, a record's
    values of the wrong shape (``data``: field -> value, as read from JSON
    or from a table's row)."""
    for key, kind in RECORD_FIELDS.items():
        if key in data and data[key] is not None and (not isinstance(data[key], kind) or
                                                      (isinstance(data[key], bool) and kind is not bool)):
            raise NotationError(f"record field {key!r} must be a JSON {_json_name(kind)}, not {data[key]!r:.60}")
    for ply, action in enumerate(data["actions"], 1):
        if not isinstance(action, str):
            raise NotationError(f"record field 'actions': ply {ply} must be a text, not {action!r:.60}")
    for key in ("options", "players", "tags", "setup"):
        for name, value in data.get(key, {}).items():
            if key == "players" and not isinstance(value, str):
                raise NotationError(
                    f"record field 'players': the name of {name!r} must be a text, not {value!r:.60}"
                )
            if isinstance(value, (dict, list)) and key in ("options", "setup"):
                raise NotationError(f"record field {key!r}: {name!r} must be a number, text, true/false or null")
    notes = data.get("notes", [])
    if len(notes) > len(data["actions"]):
        raise NotationError(f"record field 'notes': {len(notes)} notes for {len(data['actions'])} actions; "
                            "a note belongs to one action")
    for ply, note in enumerate(notes, 1):
        if note is not None and not isinstance(note, dict):
            raise NotationError(f"record field 'notes': ply {ply} must be an object or null, not {note!r:.60}")
    if data.get("date"):
        try:
            _dt.datetime.fromisoformat(data["date"])
        except ValueError:
            raise NotationError(
                f"record field 'date' must be an ISO 8601 date such as 2026-11-23, not {data['date']!r:.60}"
            ) from None


def _json_name(kind) -> str:
    """The JSON name of a field's type, for errors."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return {str: "string", list: "array", dict: "object", int: "number", float: "number"}[kinds[0]]
