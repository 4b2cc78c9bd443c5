"""A results folder from someone else: whatever it holds, load_results and `playbook summary` name
the file and what is wrong with it, the summary says how many games it left out and why, and it
exits non-zero when it did (or found no game at all)."""

from __future__ import annotations

import json
import shutil
import warnings
import zlib
from pathlib import Path

import pytest

from playbook.analysis import RandomAgent, load_results, selfplay
from playbook.analysis.runs.store import DamagedResults, ResultsError
from playbook.command.cli import main

pa = pytest.importorskip("pyarrow")
import pyarrow.parquet as pq  # noqa: E402


@pytest.fixture(scope="module")
def sound(tmp_path_factory) -> Path:
    """A folder of 20 games, seeds 0 to 19, in one file."""
    folder = tmp_path_factory.mktemp("sound") / "run"
    selfplay("cosmic", [RandomAgent, RandomAgent], games=20, progress=False, out=folder)
    return folder


def copy_of(sound: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "theirs"
    shutil.copytree(sound, folder)
    return folder


def rows_of(folder: Path) -> tuple[list[dict], object]:
    (part,) = folder.glob("part-*.parquet")
    table = pq.read_table(part)
    return table.to_pylist(), table.schema


def write_part(folder: Path, rows: list[dict], schema=None, name: str | None = None) -> Path:
    """A results file as a run writes it (page checksums, its CRC-32 in its name), holding ``rows``: its
    checksums hold, so only what it holds can be wrong."""
    table = pa.Table.from_pylist(rows, schema=schema)
    partial = folder / "partial"
    pq.write_table(table, partial, compression="zstd", write_page_checksum=True)
    seeds = [r["seed"] for r in rows if isinstance(r.get("seed"), int)] or [0]
    stem = name or f"part-{min(seeds):012d}-{max(seeds):012d}-000009-{zlib.crc32(partial.read_bytes()):08x}"
    target = folder / f"{stem}.parquet" if not stem.endswith(".parquet") else folder / stem
    partial.rename(target)
    return target


def summary(folder, capsys) -> tuple[int, str, str]:
    try:
        status = main(["summary", str(folder)])
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("text, said", [
    ("{oops", "is damaged: it is not JSON"),
    ("[" * 100_000, "is damaged: it is nested deeper than a run's settings ever are"),
    ("[1, 2]", "is damaged: it holds a JSON list, not the object of a run's settings"),
    ('{"game": ["cosmic"]}', "is damaged: it names no game"),
    (b"\xff\xfe", "cannot be read: it is not UTF-8 text"),
])
def test_a_run_file_that_cannot_be_read_is_named_with_what_is_wrong(text, said, sound, tmp_path, capsys):
    folder = copy_of(sound, tmp_path)
    settings = folder / "_run.json"
    settings.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(ResultsError, match=f"_run.json {said}"):
        load_results(folder)
    status, out, err = summary(folder, capsys)
    assert status == 2 and f"_run.json {said}" in err and "Traceback" not in err and out == ""
    # A run into that folder refuses it the same way, before any game.
    with pytest.raises(ResultsError, match=said):
        selfplay("cosmic", [RandomAgent, RandomAgent], games=21, progress=False, out=folder)


def test_a_run_file_that_is_a_folder_is_named(sound, tmp_path, capsys):
    folder = copy_of(sound, tmp_path)
    (folder / "_run.json").unlink()
    (folder / "_run.json").mkdir()
    status, _, err = summary(folder, capsys)
    assert status == 2 and "_run.json cannot be read" in err


def damage(rows: list[dict], column: str, value) -> list[dict]:
    changed = [dict(r) for r in rows]
    changed[3] = {**changed[3], column: value}
    return changed


CRAFTED = [
    # (what the file holds, in words it is refused with)
    (lambda rows: damage(rows, "players", "[" * 100_000), "record field 'players' is JSON text"),
    (lambda rows: damage(rows, "players", '["a list"]'), "record field 'players' must be a JSON object"),
    (lambda rows: damage(rows, "options", '"text"'), "record field 'options' must be a JSON object"),
    (lambda rows: damage(rows, "notes", '{"x": 1}'), "record field 'notes' must be a JSON array"),
    (lambda rows: damage(rows, "game", "chess"), "seed 23 is a game of 'chess', in a run of 'cosmic'"),
    (lambda rows: damage(rows, "seed", None), "its seeds are not all whole numbers"),
    (lambda rows: damage(rows, "seed", 10**6), "it holds seeds outside"),
]


@pytest.mark.parametrize("craft, said", CRAFTED)
def test_a_file_that_holds_no_records_of_the_run_is_left_out_named_and_counted(craft, said, sound, tmp_path,
                                                                               capsys):
    folder = copy_of(sound, tmp_path)
    rows, schema = rows_of(folder)
    (good,) = folder.glob("part-*.parquet")
    good.unlink()
    # Seeds 0 to 19 sound in one file; the same 20 games, one of them altered, in another of seeds 20 to 39.
    write_part(folder, rows, schema)
    altered = [{**r, "seed": r["seed"] + 20} for r in rows]
    bad = write_part(folder, craft(altered), schema,
                     name=None if "outside" not in said else "part-000000000020-000000000039-000009.parquet")
    with pytest.warns(DamagedResults, match=bad.name):
        run = load_results(folder)
    assert [r.seed for r in run.records] == list(range(20))  # the sound file is read whole
    (left,) = run.left_out
    assert left.file == bad.name and said in left.reason and left.games == 20
    status, out, err = summary(folder, capsys)
    assert status == 1 and "Traceback" not in err
    assert out.startswith(f"{folder}: 20 games of cosmic")  # the figures of what could be read
    assert "left out, not counted above: 1 file that could not be read, holding 20 games:" in out
    assert bad.name in out and said in out


def test_a_file_whose_name_no_run_writes_is_left_out(sound, tmp_path, capsys):
    folder = copy_of(sound, tmp_path)
    (part,) = folder.glob("part-*.parquet")
    part.rename(folder / "part-mine.parquet")
    status, out, _ = summary(folder, capsys)
    assert status == 1 and "no games" in out and "part-mine.parquet (20 games): its name is not one a run writes" in out


def test_a_file_that_is_no_parquet_is_left_out_as_of_unknown_size(sound, tmp_path, capsys):
    folder = copy_of(sound, tmp_path)
    (part,) = folder.glob("part-*.parquet")
    part.write_text("hello")
    status, out, _ = summary(folder, capsys)
    assert status == 1 and "holding an unknown number of games" in out and f"{part.name} (seeds 0 to 19)" in out


def test_a_sound_folder_exits_0_one_without_games_1_and_one_without_a_run_2(sound, tmp_path, capsys):
    status, out, _ = summary(sound, capsys)
    assert status == 0 and "left out" not in out
    folder = copy_of(sound, tmp_path)
    for part in folder.glob("part-*.parquet"):
        part.unlink()
    status, out, _ = summary(folder, capsys)
    assert status == 1 and out.strip() == f"{folder}: no games"
    (tmp_path / "empty").mkdir()
    status, _, err = summary(tmp_path / "empty", capsys)
    assert status == 2 and "holds no self-play results" in err


def test_a_run_with_negative_seeds_keeps_its_checksums(tmp_path):
    # The name part--00000000002-... has five fields where a positive seed gives four: its CRC-32 is read all the same.
    folder = tmp_path / "run"
    selfplay("cosmic", [RandomAgent, RandomAgent], games=4, seed=-2, progress=False, out=folder)
    (part,) = folder.glob("part-*.parquet")
    assert part.name.startswith("part--00000000002-000000000001-")
    assert [r.seed for r in load_results(folder).records] == [-2, -1, 0, 1]
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert load_results(folder).records == []
    assert any(issubclass(w.category, DamagedResults) and "CRC-32" in str(w.message) for w in seen)
