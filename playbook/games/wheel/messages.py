"""Games played by messages: read, write, replay and check them against the
calendar.

A message is one line: its date (and optionally time), the player, a colon
and what they posted::

    2026-11-23 09:00 Ann: create
    2026-11-23 09:05 Ann: populate
    2026-11-24 18:30 Ann: commit 203732f706e6708859f6b7cf5ae9518f8d3e1ee83347a7e73fa30780fca88d6b
    2026-11-26 08:00 Ann: reveal k7q2: Pe2-e3

Posts are the action texts without the player's braces: ``create``,
``populate``, ``commit <hash>``, ``pass``, ``reveal <salt>: <orders>``,
``withhold``.  :func:`replay` plays them in order: the calendar ends each
phase (move Monday to Wednesday, resolve Thursday to Saturday, replenish on
Sunday), only the last commitment a player posts in a move phase counts,
and a post in the wrong phase or refused by the rules is reported and left
out, as a moderator would.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ...core import NotationError, PlaybookError
from .actions import PHASE_OF
from .calendar import phase_of, week_of

LINE_RE = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})(?:[ T]([0-9]{1,2}:[0-9]{2}))?\s+([A-Za-z][A-Za-z0-9_]*):\s*(.*)")
#: A line that has a date and a name but no colon after the name.
NO_COLON_RE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T][0-9]{1,2}:[0-9]{2})?\s+([A-Za-z][A-Za-z0-9_]*)(?:\s.*)?")


@dataclass(frozen=True)
class Message:
    """One post: ``when`` (a datetime), the ``player`` and the ``text``
    they posted (an action text without the braced name)."""

    when: dt.datetime
    player: str
    text: str

    @property
    def verb(self) -> str:
        """The first word of the post (``commit``, ``reveal``, ...)."""
        return self.text.split(" ", 1)[0]

    def action(self) -> str:
        """The action text this post stands for."""
        return f"{{{self.player}}} {self.text}"

    def __str__(self) -> str:
        return f"{self.when:%Y-%m-%d %H:%M} {self.player}: {self.text}"


def read_messages(text: str) -> list[Message]:
    """The messages in ``text``, one per line (blank lines and lines
    starting with ``#`` are skipped); NotationError names the line.  Dates
    must not go backwards."""
    out: list[Message] = []
    pos = 0
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            m = LINE_RE.fullmatch(stripped)
            if not m:
                missing = NO_COLON_RE.fullmatch(stripped)
                if missing:
                    raise NotationError(
                        f"line {number}: a colon must follow the player's name "
                        f"(write '{missing.group(1)}: ...'); a message is 'YYYY-MM-DD [HH:MM] Name: post'",
                        text,
                        pos,
                    )
                raise NotationError(f"line {number}: a message is 'YYYY-MM-DD [HH:MM] Name: post'", text, pos)
            try:
                when = dt.datetime.fromisoformat(m.group(1) + " " + (m.group(2) or "00:00").zfill(5))
            except ValueError:
                raise NotationError(
                    f"line {number}: {m.group(1)} {m.group(2) or ''} is not a date", text, pos
                ) from None
            if out and when < out[-1].when:
                raise NotationError(f"line {number}: messages must be in date order", text, pos)
            out.append(Message(when, m.group(3), m.group(4).strip()))
        pos += len(line) + 1
    return out


def write_messages(messages) -> str:
    """Messages as text, one per line."""
    return "\n".join(str(m) for m in messages)


def _target(when, first) -> tuple[int, str]:
    """The (week, phase) the game is in at ``when``; a replenish day
    belongs to the next week's cycle of orders."""
    week, phase = week_of(when, first), phase_of(when)
    return (week + 1, "move") if phase == "replenish" else (week, phase)


def replay(game, text: str, players, start=None):
    """Play the messages in ``text`` among ``players`` (from ``start``, by
    default a new game); returns ``(states, report)``: the positions (after
    each accepted post and each phase the calendar ended), and one line per
    message saying what became of it."""
    messages = read_messages(text) if isinstance(text, str) else list(text)
    state = start if start is not None else game.initial(list(players))
    states = [state]
    report: list[str] = []
    if not messages:
        return states, report
    first = messages[0].when
    order = {"move": 0, "resolve": 1}
    i = 0
    while i < len(messages):
        target = _target(messages[i].when, first)
        j = i
        while j < len(messages) and _target(messages[j].when, first) == target:
            j += 1
        batch = messages[i:j]
        while state.outcome is None and (state.week, order[state.phase]) < (target[0], order[target[1]]):
            state = state.play("end phase")
            states.append(state)
        pending: dict[str, tuple[Message, int]] = {}  # the last move-phase post of each player
        for k, msg in enumerate(batch, i + 1):
            day_phase = phase_of(msg.when)
            if msg.verb == "seal":
                # The report repeats no sealed orders, even ones posted by mistake.
                report.append(f"line {k}: {msg.when:%Y-%m-%d %H:%M} {msg.player}: seal (orders not repeated) -- "
                              f"refused: a post is public, so orders are sealed by posting 'commit <hash>'")
                continue
            need = PHASE_OF.get(msg.verb)
            if need and need != day_phase:
                report.append(f"line {k}: {msg} -- refused: '{msg.verb}' belongs to the {need} phase, "
                              f"and {msg.when:%A} is in the {day_phase} phase")
                continue
            if need == "move" and state.phase == "move":
                if msg.player in pending:
                    report[pending[msg.player][1]] += " (replaced by a later post)"
                pending[msg.player] = (msg, len(report))
                report.append(f"line {k}: {msg} -- ok")
                continue
            state = _post(state, msg, k, report, states)
        for player in state.players:
            if player in pending:
                msg, index = pending[player]
                state = _post(state, msg, index, report, states, replace=True)
        i = j
    return states, report


def _post(state, msg, where, report, states, replace=False):
    """Play one post; ``where`` is its line number, or with ``replace`` the
    index of its line in ``report`` (written already, corrected if refused)."""
    try:
        new = state.play(msg.action())
    except PlaybookError as exc:
        if replace:
            report[where] = report[where].rsplit(" -- ", 1)[0] + f" -- refused: {exc}"
        else:
            report.append(f"line {where}: {msg} -- refused: {exc}")
        return state
    if not replace:
        report.append(f"line {where}: {msg} -- ok")
    states.append(new)
    return new
