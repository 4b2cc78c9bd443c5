"""The weekly clock and standard proposals.

Weeks start on Monday: the move phase runs Monday to Wednesday, the resolve
phase Thursday to Saturday and the replenish phase is Sunday.

>>> import datetime
>>> phase_of(datetime.date(2026, 11, 26))
'resolve'
>>> p = Proposal("Power 4", datetime.datetime(2026, 11, 24, 9, 0), ("Ann", "Bob"))
>>> p.voting_period()
(datetime.date(2026, 11, 26), datetime.date(2026, 11, 28))
>>> p.vote("Ann", "yes", datetime.date(2026, 11, 26)).vote("Bob", "no", datetime.date(2026, 11, 27)).popular
False
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from ...core import IllegalAction, NotationError
from .game import seats

PHASES = ("move", "resolve", "replenish")


def _day(when, field: str = "when") -> dt.date:
    """The day of a date or datetime; NotationError naming ``field`` for
    anything else, a date written as text included."""
    if isinstance(when, dt.datetime):
        return when.date()
    if isinstance(when, dt.date):
        return when
    raise NotationError(f"{field}: a datetime.date or datetime.datetime, not {when!r}")


#: How a vote may be written: True or "yes" for, False or "no" against.
VOTES = {True: True, False: False, "yes": True, "no": False}


def phase_of(when) -> str:
    """``"move"``, ``"resolve"`` or ``"replenish"`` for a date or datetime."""
    wd = _day(when).weekday()  # Monday is 0
    return "move" if wd <= 2 else "resolve" if wd <= 5 else "replenish"


def week_of(when, first) -> int:
    """The week number of ``when`` counting ``first``'s week as week 1."""
    a, b = _day(first), _day(when)
    return ((b - dt.timedelta(days=b.weekday())) - (a - dt.timedelta(days=a.weekday()))).days // 7 + 1


@dataclass(frozen=True)
class Proposal:
    """A standard proposal: its ``title``, when it was ``submitted``, the
    ``players`` who may vote on it and the ``votes`` so far (player, in
    favour).  Immutable: :meth:`vote` returns the updated proposal."""

    title: str
    submitted: dt.datetime
    players: tuple[str, ...]
    votes: tuple[tuple[str, bool], ...] = field(default=())

    def __post_init__(self):
        if not isinstance(self.title, str):
            raise NotationError(f"title: a text, not {self.title!r}")
        _day(self.submitted, "submitted")
        object.__setattr__(self, "players", seats(self.players))

    def voting_period(self) -> tuple[dt.date, dt.date]:
        """The days of the voting period: the next resolve phase for a
        proposal submitted in a move phase, the next move phase for one
        submitted in a resolve phase or on a Sunday."""
        day = _day(self.submitted)
        monday = day - dt.timedelta(days=day.weekday())
        if phase_of(day) == "move":
            return monday + dt.timedelta(days=3), monday + dt.timedelta(days=5)
        nxt = monday + dt.timedelta(days=7)
        return nxt, nxt + dt.timedelta(days=2)

    def open_on(self, when) -> bool:
        """Whether votes may be cast on ``when``."""
        start, end = self.voting_period()
        return start <= _day(when) <= end

    def vote(self, player: str, in_favour, when) -> Proposal:
        """The proposal with ``player``'s vote cast at ``when`` (a date or
        datetime; their last vote counts): ``in_favour`` is True or
        ``"yes"`` for, False or ``"no"`` against.  Refused from anyone but
        its players, outside the voting period, or with any other vote."""
        day = _day(when)
        if player not in self.players:
            raise IllegalAction(f"player: {player!r} is not a player ({', '.join(self.players)})", rule="players")
        key = in_favour.strip().lower() if isinstance(in_favour, str) else in_favour
        if not isinstance(key, (bool, str)) or key not in VOTES:
            raise NotationError(f"vote: True or 'yes' for, False or 'no' against, not {in_favour!r}")
        if not self.open_on(day):
            start, end = self.voting_period()
            raise IllegalAction(f"votes on {self.title!r} are cast from {start} to {end}, not on {_day(when)}",
                                rule="standard proposals: voting period")
        votes = tuple((p, v) for p, v in self.votes if p != player) + ((player, VOTES[key]),)
        return replace(self, votes=votes)

    @property
    def in_favour(self) -> int:
        """Votes for."""
        return sum(1 for _, v in self.votes if v)

    @property
    def against(self) -> int:
        """Votes against."""
        return sum(1 for _, v in self.votes if not v)

    @property
    def popular(self) -> bool:
        """More votes in favour than against."""
        return self.in_favour > self.against

    def status(self, when) -> str:
        """Where the proposal stands on ``when``, in words."""
        start, end = self.voting_period()
        day = _day(when)
        if day < start:
            return f"voting opens on {start}"
        tally = f"{self.in_favour} for, {self.against} against"
        if day <= end:
            return f"voting until {end} ({tally})"
        return f"{'popular' if self.popular else 'not popular'} ({tally})"

    def record(self) -> dict:
        """The proposal as a small record (a dict a notebook can show)."""
        start, end = self.voting_period()
        return {"title": self.title, "submitted": self.submitted.isoformat(), "voting from": start.isoformat(),
                "voting until": end.isoformat(), "for": self.in_favour, "against": self.against,
                "popular": self.popular}
