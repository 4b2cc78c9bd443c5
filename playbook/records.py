"""Records: a game as its start position and the texts of its actions,
saved as JSON (never pickle) and replayable."""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .core import Action, Game, NotationError, PlaybookError, State, read_json
from .games import load

__all__ = ["Record", "RECORD_FIELDS"]

#: What a record's JSON may hold, with the type each value must have.
RECORD_FIELDS = {
    "game": str, "start": str, "actions": list, "options": dict, "players": dict,
    "date": str, "result": str, "reason": str, "tags": dict, "notes": list,
}


@dataclass
class Record:
    """A game as its start position and the texts of the actions played,
    with what a player expects to find in a game record: the game's
    ``options`` (rule variants), the ``players`` (role -> name), the
    ``date`` (ISO 8601), the ``result`` (the winners joined by " and ",
    ``"draw"``, or ``""`` while unfinished) and its ``reason``, free
    ``tags`` (event, site, seed, agents, ...) and, as a PGN's move comments
    do, optional ``notes``: one an action, in order, each ``None`` or what
    the engine that chose it reported (say its ``score``, ``depth``,
    ``nodes`` and ``seconds``); replaying reads the actions only.  Saved as
    JSON, never pickle, and replayable.

    >>> from playbook import load
    >>> start = load("cosmic").initial()
    >>> record = Record.of(start, ["c2-d3", "e4-f3"], players={"white": "Ann", "black": "Bo"})
    >>> Record.from_json(record.to_json()).states()[-1] == start.play("c2-d3").play("e4-f3")
    True
    """

    game: str
    start: str
    actions: list[str]
    options: dict = field(default_factory=dict)
    players: dict = field(default_factory=dict)
    date: str = ""
    result: str = ""
    reason: str = ""
    tags: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)

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
        if outcome is not None:
            record.result = " and ".join(outcome.winners) or "draw"
            record.reason = outcome.reason
        return record

    def load_game(self) -> Game:
        """The game this record was played under, with its options."""
        try:
            return load(self.game, **self.options)
        except PlaybookError as exc:
            raise NotationError(f"record: {exc}") from None

    def states(self) -> list[State]:
        """Every position of the game, the start included.  A bad start or
        action raises :class:`NotationError` or :class:`IllegalAction`
        naming the ply (1 for the first action)."""
        game = self.load_game()
        try:
            start = game.parse(self.start)
        except NotationError as exc:
            raise NotationError(f"record start: {exc}") from None
        return game.replay(self.actions, start=start)

    def final(self) -> State:
        """The last position."""
        return self.states()[-1]

    def to_json(self) -> str:
        """The record as JSON text (fields left at their defaults are left out)."""
        data = {"game": self.game, "start": self.start, "actions": list(self.actions)}
        for key in ("options", "players", "date", "result", "reason", "tags", "notes"):
            value = getattr(self, key)
            if value:
                data[key] = value
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record written by :meth:`to_json` (records from before
        options and metadata existed read too).  Refuses, with a
        :class:`NotationError` naming the field, anything of the wrong
        shape."""
        data = read_json(text, "a record")
        if not isinstance(data, dict):
            raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
        missing = [k for k in ("game", "start", "actions") if k not in data]
        if missing:
            raise NotationError(f"a record needs the keys 'game', 'start' and 'actions'; missing: {', '.join(missing)}")
        unknown = sorted(set(data) - set(RECORD_FIELDS))
        if unknown:
            raise NotationError(f"a record has no field {unknown[0]!r}; its fields are {', '.join(RECORD_FIELDS)}")
        for key, kind in RECORD_FIELDS.items():
            if key in data and not isinstance(data[key], kind):
                raise NotationError(f"record field {key!r} must be a JSON {_JSON_NAMES[kind]}, not {data[key]!r:.60}")
        for ply, action in enumerate(data["actions"], 1):
            if not isinstance(action, str):
                raise NotationError(f"record field 'actions': ply {ply} must be a text, not {action!r:.60}")
        for key in ("options", "players", "tags"):
            for name, value in data.get(key, {}).items():
                if key == "players" and not isinstance(value, str):
                    raise NotationError(
                        f"record field 'players': the name of {name!r} must be a text, not {value!r:.60}"
                    )
                if isinstance(value, (dict, list)) and key == "options":
                    raise NotationError(f"record field 'options': {name!r} must be a number, text, true/false or null")
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
        return cls(**{key: data[key] for key in RECORD_FIELDS if key in data})


_JSON_NAMES = {str: "string", list: "array", dict: "object"}
