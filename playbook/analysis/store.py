"""Self-play results kept on disk, in Parquet, for runs too long for a notebook.

``selfplay(game, agents, games=N, out=PATH)`` writes the records of the
games to the folder ``PATH`` as they finish: a few thousand rows a file
(``part-*.parquet``), so a run that is stopped (an error, Ctrl-C, a lost
machine) keeps what it played, and the settings of the run in
``_run.json``; once every game of a run is played, its files are gathered
into one (compressed as a whole, a few times smaller).  The same call again, with as many games or more, plays
only the games whose seeds are not in the folder yet and leaves the rows
already written as they are; games are keyed by their seed (game ``k``
has the seed ``seed + k``), so a run stopped and resumed holds exactly
the rows of one run played straight through.  A call whose settings
differ (another game, variant, setup, agents, ply cap, first seed or
random opening) is
refused, naming what differs.

:func:`load_results` reads a folder back as a
:class:`~playbook.analysis.selfplay.SelfPlay`, one record a game in the
order of the seeds, ready for its statistics and ``frame()``.

Reading and writing need pyarrow (in the ``analysis`` extra).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from .selfplay import SelfPlay, SelfPlayError

__all__ = ["load_results", "keep_results", "ResultStore", "SETTINGS_FILE"]

#: The file of a results folder that holds the settings of its run.
SETTINGS_FILE = "_run.json"

# Record fields kept as JSON text (dicts whose keys vary from game to game).
_JSON_FIELDS = ("agents", "variant", "setup", "notes")
# Record fields that are lists of texts.
_LIST_FIELDS = ("winners", "actions")


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ImportError("results on disk need pyarrow: pip install 'playbook-games[analysis]'") from None
    return pyarrow


def _schema():
    pa = _pyarrow()
    text, whole, flag = pa.string(), pa.int64(), pa.bool_()
    return pa.schema([
        ("seed", whole), ("game", text), ("agents", text), ("variant", text), ("setup", text), ("start", text),
        ("first", text), ("opening", text), ("result", text), ("winner", text), ("winners", pa.list_(text)),
        ("draw", flag), ("unfinished", flag), ("reason", text), ("plies", whole), ("setup_plies", whole),
        ("book", whole), ("time", pa.float64()), ("actions", pa.list_(text)), ("notes", text), ("error", text),
    ])


def _row(record: dict) -> dict:
    row = {name: record.get(name) for name in _schema().names}
    for name in _JSON_FIELDS:
        row[name] = json.dumps(row[name] or ([] if name == "notes" else {}), sort_keys=True)
    return row


def _record(row: dict) -> dict:
    record = dict(row)
    for name in _JSON_FIELDS:
        record[name] = json.loads(record[name])
    for name in _LIST_FIELDS:
        record[name] = list(record[name] or [])
    return record


class ResultStore:
    """A folder of self-play results (see the module's docstring): the
    run's ``settings`` and the records written so far.  ``flush_rows`` and
    ``flush_seconds``: how many finished games, or how long, it keeps in
    memory before writing them out; a run done, its files are gathered
    into one (:meth:`compact`)."""

    def __init__(self, path, settings: dict, flush_rows: int = 2000, flush_seconds: float = 60.0):
        self.path = Path(path)
        self.settings = json.loads(json.dumps(settings, sort_keys=True))
        self.flush_rows = flush_rows
        self.flush_seconds = flush_seconds
        self._pending: list[dict] = []
        self._last_flush = time.monotonic()
        if self.path.exists() and not self.path.is_dir():
            raise SelfPlayError(f"out: {self.path} is a file; results are kept in a folder")
        saved = self.path / SETTINGS_FILE
        if saved.exists():
            before = json.loads(saved.read_text())
            for key in sorted(set(before) | set(self.settings)):
                if before.get(key) != self.settings.get(key):
                    raise SelfPlayError(
                        f"out: {self.path} holds games played with {key}={before.get(key)!r}, not "
                        f"{self.settings.get(key)!r}; resume with the same settings or write to another folder")
        elif self.path.exists() and any(self.path.glob("part-*.parquet")):
            raise SelfPlayError(f"out: {self.path} holds results without their {SETTINGS_FILE}; "
                                "write to another folder")
        else:
            self.path.mkdir(parents=True, exist_ok=True)
            _write_text(saved, json.dumps(self.settings, indent=1, sort_keys=True))

    def seeds(self) -> set[int]:
        """The seeds of the games already written."""
        pq = _pyarrow().parquet
        seeds: set[int] = set()
        for part in self._parts():
            seeds.update(pq.read_table(part, columns=["seed"]).column("seed").to_pylist())
        return seeds

    def _parts(self) -> list[Path]:
        return sorted(self.path.glob("part-*.parquet"))

    def add(self, records: list[dict]) -> None:
        """Keep finished games; write them out once enough are waiting."""
        self._pending.extend(records)
        if len(self._pending) >= self.flush_rows or time.monotonic() - self._last_flush >= self.flush_seconds:
            self.flush()

    def flush(self) -> None:
        """Write the games waiting in memory to a new file of the folder."""
        self._last_flush = time.monotonic()
        if not self._pending:
            return
        pa = _pyarrow()
        rows = sorted((_row(r) for r in self._pending), key=lambda row: row["seed"])
        table = pa.Table.from_pylist(rows, schema=_schema())
        self._write(table, f"part-{rows[0]['seed']:012d}-{rows[-1]['seed']:012d}-{len(self._parts()):06d}.parquet")
        self._pending = []

    def play(self, jobs: list[tuple[bytes, int]], run: Callable[[list, Callable[[list[dict]], None]], object]) -> None:
        """Play the ``jobs`` (payload, seed) whose seeds are not written
        yet, through ``run(jobs, keep)``, which calls ``keep(records)``
        with each lot of finished games; what finished is written even when
        the run stops on an error or an interrupt."""
        done = self.seeds()
        todo = [job for job in jobs if job[1] not in done]
        if todo:
            try:
                run(todo, self.add)
            finally:
                self.flush()
        self.compact()

    def compact(self) -> None:
        """Gather the folder's files into one, in the order of the seeds,
        each row as it was written: a run done, its games are one file
        compressed as a whole, a few times smaller than the many a long run
        writes.  The new file is whole before the old ones go; a stop
        between the two leaves games in two files, which
        :func:`load_results` reads once."""
        parts = self._parts()
        if len(parts) < 2:
            return
        pa = _pyarrow()
        table = _unique(pa.concat_tables([pa.parquet.read_table(part, schema=_schema()) for part in parts]))
        seeds = table.column("seed").to_pylist()
        number = len(parts)
        while True:
            name = f"part-{seeds[0]:012d}-{seeds[-1]:012d}-{number:06d}.parquet"
            if not (self.path / name).exists():
                break
            number += 1
        self._write(table, name)
        for part in parts:
            part.unlink()

    def _write(self, table, name: str) -> None:
        partial = self.path / f".{name}.partial"
        _pyarrow().parquet.write_table(table, partial, compression="zstd")  # about half the size of the default
        os.replace(partial, self.path / name)  # a file is there whole or not at all


def _unique(table):
    """``table``'s rows in the order of their seeds, each seed once (the
    first of its rows: rows of one seed are the same game)."""
    table = table.sort_by("seed")
    seeds = table.column("seed").to_pylist()
    keep = [k for k, seed in enumerate(seeds) if k == 0 or seeds[k - 1] != seed]
    return table if len(keep) == len(seeds) else table.take(keep)


def _write_text(path: Path, text: str) -> None:
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(text)
    os.replace(partial, path)


def keep_results(path, game, setup: dict, agents: dict, max_plies: int, seed: int, jobs: list, run,
                 book: int = 0) -> list[dict]:
    """Play the ``jobs`` of a self-play run not yet in the folder ``path``
    (through ``run(jobs, keep)``), write them there, and return the records
    of all of ``jobs``, read back from the folder.  ``book`` (random
    opening actions) is among the settings a resumed run must share; a
    run without any keeps the settings it had before there were books."""
    settings = {"game": game.name, "variant": game.options, "setup": setup, "agents": agents,
                "max_plies": max_plies, "seed": seed}
    if book:
        settings["book"] = book
    ResultStore(path, settings).play(jobs, run)
    return load_results(path, seeds={s for _, s in jobs}).records


def load_results(path, seeds=None) -> SelfPlay:
    """The self-play results written to the folder ``path`` (by
    ``selfplay(..., out=path)`` or the ``playbook selfplay`` command), one
    record a game in the order of the seeds; ``seeds`` keeps only those
    games (any collection of seeds)."""
    path = Path(path)
    saved = path / SETTINGS_FILE
    if not saved.exists():
        raise FileNotFoundError(f"{path} holds no self-play results (no {SETTINGS_FILE})")
    pa = _pyarrow()
    parts = sorted(path.glob("part-*.parquet"))
    if parts:
        table = _unique(pa.concat_tables([pa.parquet.read_table(part, schema=_schema()) for part in parts]))
        rows = table.to_pylist()
    else:
        rows = []
    wanted = set(seeds) if seeds is not None else None
    records = sorted((_record(row) for row in rows if wanted is None or row["seed"] in wanted),
                     key=lambda r: r["seed"])
    return SelfPlay(records, json.loads(saved.read_text()).get("game", ""))
