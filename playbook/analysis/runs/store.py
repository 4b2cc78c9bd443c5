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
:class:`~playbook.analysis.runs.selfplay.SelfPlay`, one record a game in the
order of the seeds, ready for its statistics and ``frame()``.

Nothing finished is lost: the first games of a run are written as soon as
they finish and the rest at least every :data:`FLUSH_SECONDS`, and a run
stopped by Ctrl-C or SIGTERM (``timeout``, a cluster's scheduler, a
closed terminal; the ``playbook`` command turns SIGTERM into the same
stop) writes every game that finished before it goes.  A file is written
whole or not at all, with Ctrl-C and SIGTERM held back while it is.

Damage is caught: every page of every file carries a checksum (CRC-32),
and the file's name the CRC-32 of the whole file (``part-FIRST-LAST-N-CRC.parquet``,
FIRST and LAST the seeds it holds), both checked on reading (files
written before checksums, without a CRC in their name, are read as they
are).  A damaged file is named in a warning with
the seeds it held and left out, so the rest of the folder stays
readable; the next run into the folder (the same call or command) sets
the file aside as ``damaged-*.parquet`` and plays its games again.  A
folder from someone else is read as warily: a file whose name no run
writes, whose rows are not records of the run's game, or whose seeds lie
outside those its name gives is left out and named the same way, and a
``_run.json`` that cannot be read raises :class:`ResultsError` naming it
and what is wrong.  :func:`load_results` returns what it left out
(``SelfPlay.left_out``), so a report can say how many games are missing
and why.

Reading and writing need pyarrow (in the ``analysis`` extra).
"""

from __future__ import annotations

import json
import math
import os
import re
import signal
import time
import warnings
import zlib
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ...core import PlaybookError
from ...records import ROW_COLUMNS, Record
from ..extras import need
from .games import SelfPlayError
from .results import SelfPlay
from .running import Jobs

__all__ = ["load_results", "keep_results", "read_settings", "ResultStore", "SETTINGS_FILE", "FLUSH_SECONDS",
           "DamagedResults", "ResultsError", "LeftOut",
           "signals_held"]

#: The file of a results folder that holds the settings of its run.
SETTINGS_FILE = "_run.json"

#: The longest a finished game waits in memory before it is written.
FLUSH_SECONDS = 10.0


class DamagedResults(UserWarning):
    """A results file that fails its checksums or cannot be read: left
    out, and its games played again by the next run into the folder."""


class ResultsError(PlaybookError, ValueError):
    """A results folder that cannot be read as one (its ``_run.json`` is
    damaged), naming the file and what is wrong with it."""


@dataclass(frozen=True)
class LeftOut:
    """A file of a results folder left out on reading: its ``file`` name,
    the ``reason``, how many ``games`` it holds (None when even that
    cannot be read) and the ``seeds`` its name gives (first, last; None
    when its name gives none)."""

    file: str
    reason: str
    games: int | None = None
    seeds: tuple[int, int] | None = None

    def __str__(self) -> str:
        held = (f"{self.games} games" if self.games is not None
                else f"seeds {self.seeds[0]} to {self.seeds[1]}" if self.seeds else "its games")
        return f"{self.file} ({held}): {self.reason}"


#: How a results file is named: part-FIRST-LAST-N-CRC.parquet (FIRST and LAST may be negative seeds; files
#: written before checksums have no CRC).
_PART_NAME = re.compile(r"part-(-?\d+)-(-?\d+)-(\d+)(?:-([0-9a-f]{8}))?\.parquet")

# Columns of files written before records had one shape, and their names today.
_OLD_COLUMNS = {"agents": "players", "variant": "options", "time": "seconds"}


def _pyarrow():
    """pyarrow, with its Parquet module loaded (``pyarrow.parquet``)."""
    need("pyarrow.parquet", "a results folder")
    return need("pyarrow", "a results folder")


def _schema():
    """One column a key of :meth:`Record.row <playbook.records.Record.row>`, typed."""
    pa = _pyarrow()
    text, whole, flag = pa.string(), pa.int64(), pa.bool_()
    kinds = {"seed": whole, "winners": pa.list_(text), "actions": pa.list_(text), "draw": flag, "unfinished": flag,
             "plies": whole, "setup_plies": whole, "book": whole, "pair": whole, "seconds": pa.float64()}
    return pa.schema([(name, kinds.get(name, text)) for name in ROW_COLUMNS])


def _row(record: Record) -> dict:
    return record.row()


def _record(row: dict) -> Record:
    return Record.from_row(row)


class ResultStore:
    """A folder of self-play results (see the module's docstring): the
    run's ``settings`` and the records written so far.  ``flush_rows`` and
    ``flush_seconds``: how many finished games, or how long, it keeps in
    memory before writing them out; a run done, its files are gathered
    into one (:meth:`compact`)."""

    def __init__(self, path, settings: dict, flush_rows: int = 2000, flush_seconds: float = FLUSH_SECONDS):
        self.path = Path(path)
        self.settings = json.loads(json.dumps(settings, sort_keys=True))
        self.flush_rows = flush_rows
        self.flush_seconds = flush_seconds
        self._pending: list[Record] = []
        self._last_flush = -math.inf  # the first games finished are written at once
        if self.path.exists() and not self.path.is_dir():
            raise SelfPlayError(f"out: {self.path} is a file; results are kept in a folder")
        saved = self.path / SETTINGS_FILE
        if saved.exists():
            before = read_settings(self.path)
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
        """The seeds of the games already written; a damaged file is set
        aside (renamed ``damaged-*``), so its games count as not played."""
        seeds: set[int] = set()
        for part in self._parts():
            table = _read(part, columns=["seed"])
            if table is None:
                os.replace(part, part.with_name("damaged-" + part.name[len("part-"):]))
                continue
            seeds.update(table.column("seed").to_pylist())
        return seeds

    def _parts(self) -> list[Path]:
        return sorted(self.path.glob("part-*.parquet"))

    def add(self, records: list[Record]) -> None:
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
        self._write(table, f"part-{rows[0]['seed']:012d}-{rows[-1]['seed']:012d}-{len(self._parts()):06d}")
        self._pending = []

    def play(self, jobs: Jobs, run: Callable[[Jobs, Callable[[list[Record]], None]], object]) -> None:
        """Play the ``jobs`` (payload, seed) whose seeds are not written
        yet, through ``run(jobs, keep)``, which calls ``keep(records)``
        with each lot of finished games; what finished is written even when
        the run stops on an error or an interrupt."""
        todo = jobs.without(self.seeds())
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
        tables = [_read(part) for part in parts]
        if any(t is None for t in tables):
            return  # a file damaged since the run began: left as it is for the next run to set aside
        table = _unique(pa.concat_tables(tables))
        seeds = table.column("seed").to_pylist()
        number = len(parts)
        while True:
            name = f"part-{seeds[0]:012d}-{seeds[-1]:012d}-{number:06d}"
            if not any(self.path.glob(f"{name}*.parquet")):
                break
            number += 1
        self._write(table, name)
        for part in parts:
            part.unlink()

    def _write(self, table, stem: str) -> None:
        """Write ``table`` as ``stem-CRC.parquet``, CRC the whole file's
        CRC-32 (the pages carry their own; this covers the footer too)."""
        partial = self.path / f".{stem}.partial"
        with signals_held():
            # zstd: about half the size of the default; a checksum on every page, checked by _read.
            _pyarrow().parquet.write_table(table, partial, compression="zstd", write_page_checksum=True)
            crc = zlib.crc32(partial.read_bytes())
            os.replace(partial, self.path / f"{stem}-{crc:08x}.parquet")  # there whole or not at all


@contextmanager
def signals_held():
    """Hold Ctrl-C and SIGTERM back (in the main thread, where they
    arrive) while a file is written; they take effect right after."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):  # no signal masks here (Windows)
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _conform(table):
    """``table`` with the columns of today's schema, in its order: columns
    of files written before records had one shape are renamed (``agents``
    to ``players``, ``variant`` to ``options``, ``time`` to ``seconds``;
    their ``result`` texts are read from ``winners`` and ``unfinished``),
    and a column they lack (``pair``, ``date``, ``tags``) is added empty."""
    pa = _pyarrow()
    schema = _schema()
    table = table.rename_columns([_OLD_COLUMNS.get(name, name) for name in table.column_names])
    for name in schema.names:
        if name not in table.column_names:
            table = table.append_column(name, pa.nulls(len(table), schema.field(name).type))
    return table.select(schema.names).cast(schema)


def _name_seeds(part: Path) -> tuple[int, int] | None:
    """The first and last seeds a results file's name gives (None for a name no run writes)."""
    found = _PART_NAME.fullmatch(part.name)
    return (int(found[1]), int(found[2])) if found else None


def _read(part: Path, columns: list[str] | None = None, left_out: list[LeftOut] | None = None):
    """The table of one results file, its page checksums checked, its
    seeds whole numbers within those its name gives; None, with a
    :class:`DamagedResults` warning naming the file, its games and what to
    do (and a :class:`LeftOut` added to ``left_out``), when it is damaged."""
    pa = _pyarrow()
    found = _PART_NAME.fullmatch(part.name)
    try:
        if found is None:
            raise ValueError("its name is not one a run writes (part-FIRST-LAST-N-CRC.parquet)")
        if found[4] is not None and f"{zlib.crc32(part.read_bytes()):08x}" != found[4]:
            raise OSError("its CRC-32 is not the one it was written with")
        table = pa.parquet.read_table(part, columns=columns, page_checksum_verification=True)
        if "seed" not in table.column_names:
            raise ValueError("it has no seed column")
        seeds = table.column("seed")
        if not pa.types.is_integer(seeds.type) or seeds.null_count:
            raise ValueError("its seeds are not all whole numbers")
        first, last = int(found[1]), int(found[2])
        if len(table) and not first <= pa.compute.min(seeds).as_py() <= pa.compute.max(seeds).as_py() <= last:
            raise ValueError(f"it holds seeds outside {first} to {last}, those its name gives")
        return table if columns else _conform(table)
    except (OSError, pa.ArrowException, ValueError) as exc:
        _left_out(part, str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__, left_out)
        return None


def _left_out(part: Path, reason: str, left_out: list[LeftOut] | None) -> None:
    """Say that the file ``part`` is left out, and why (a warning, and a :class:`LeftOut` in ``left_out``)."""
    named = _name_seeds(part)
    seeds = f"seeds {named[0]} to {named[1]}" if named else "some games"
    warnings.warn(f"{part} is damaged ({reason}): its games ({seeds}) are left out. "
                  "Run the same self-play call or command again: it sets the file aside and plays them again.",
                  DamagedResults, stacklevel=4)
    if left_out is not None:
        left_out.append(LeftOut(part.name, reason, _rows_in(part), named))


def _rows_in(part: Path) -> int | None:
    """How many rows a Parquet file says it holds (None when it cannot say)."""
    try:
        return int(_pyarrow().parquet.ParquetFile(part).metadata.num_rows)
    except Exception:  # any damage at all: the count is unknown
        return None


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


def keep_results(path, game, setup: dict, agents: dict, max_plies: int, seed: int, jobs: Jobs, run,
                 book: int = 0, rotate: bool = False, same_dice: bool = False) -> list[Record]:
    """Play the ``jobs`` of a self-play run not yet in the folder ``path``
    (through ``run(jobs, keep)``), write them there, and return the records
    of all of ``jobs``, read back from the folder.  ``book`` (random
    opening actions) is among the settings a resumed run must share, and
    so are ``rotate`` and ``same_dice``; a run without them keeps the
    settings it had before they were added."""
    settings = {"game": game.name, "options": game.options, "setup": setup, "players": agents,
                "max_plies": max_plies, "seed": seed}
    if book:
        settings["book"] = book
    if rotate:
        settings["rotate"] = True
    if same_dice:
        settings["same_dice"] = True
    ResultStore(path, settings).play(jobs, run)
    return load_results(path, seeds=jobs.seeds).records


def read_settings(path) -> dict:
    """The settings of the run in the folder ``path`` (its
    :data:`SETTINGS_FILE`), under today's names: ``options`` (the rule
    variants) and ``players`` (seat -> agent), which folders written
    before records had one shape call ``variant`` and ``agents``.
    FileNotFoundError when there is none; :class:`ResultsError`, naming
    the file and what is wrong, when it cannot be read."""
    saved = Path(path) / SETTINGS_FILE
    try:
        text = saved.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "it is not UTF-8 text"
        raise ResultsError(f"{saved} cannot be read: {reason}") from None
    try:
        settings = json.loads(text)
    except RecursionError:
        raise ResultsError(f"{saved} is damaged: it is nested deeper than a run's settings ever are") from None
    except ValueError as exc:
        raise ResultsError(f"{saved} is damaged: it is not JSON ({str(exc)[:120]})") from None
    if not isinstance(settings, dict):
        raise ResultsError(f"{saved} is damaged: it holds a JSON {type(settings).__name__}, not the object of a "
                           "run's settings")
    if not isinstance(settings.get("game"), str):
        raise ResultsError(f"{saved} is damaged: it names no game (its 'game' is {settings.get('game')!r:.60})")
    return {_OLD_COLUMNS.get(key, key): value for key, value in settings.items()}


def load_results(path, seeds=None) -> SelfPlay:
    """The self-play results written to the folder ``path`` (by
    ``selfplay(..., out=path)`` or the ``playbook selfplay`` command), one
    record a game in the order of the seeds; ``seeds`` keeps only those
    games (any collection of seeds; a ``range`` is never spelt out, so a
    billion-game range costs nothing).  Files it leaves out (damaged, or
    holding anything but the run's records) are named in a
    :class:`DamagedResults` warning each and listed in the result's
    ``left_out``."""
    path = Path(path)
    saved = path / SETTINGS_FILE
    if not saved.exists():
        raise FileNotFoundError(f"{path} holds no self-play results (no {SETTINGS_FILE})")
    game = read_settings(path)["game"]
    wanted = seeds if seeds is None or isinstance(seeds, range) else set(seeds)
    left_out: list[LeftOut] = []
    by_seed: dict[int, Record] = {}
    for part in sorted(path.glob("part-*.parquet")):
        table = _read(part, left_out=left_out)
        if table is None:
            continue
        try:
            records = [_record(row) for row in table.to_pylist()]
            strange = next((r for r in records if r.game != game), None)
            if strange is not None:
                raise ValueError(f"seed {strange.seed} is a game of {strange.game!r:.40}, in a run of {game!r:.40}")
        except (PlaybookError, ValueError) as exc:
            _left_out(part, str(exc).splitlines()[0][:160], left_out)
            continue
        for record in records:  # a seed twice (a stop between writing a gathered file and removing the rest)
            assert record.seed is not None  # checked by _read
            if wanted is None or record.seed in wanted:
                by_seed.setdefault(record.seed, record)
    return SelfPlay([by_seed[seed] for seed in sorted(by_seed)], game, left_out=left_out)
