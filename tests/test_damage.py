"""A damaged results file is caught by its checksums, named with what to do, left out, and replayed."""

from __future__ import annotations

import warnings
from dataclasses import replace

import pytest

from playbook.analysis import RandomAgent, load_results, selfplay
from playbook.analysis.runs.store import DamagedResults

pytest.importorskip("pyarrow")

AGENTS = [RandomAgent, RandomAgent]


def without_time(records):
    return [replace(r, seconds=0.0) for r in records]


def test_a_flipped_byte_is_never_read_as_other_games(tmp_path):
    selfplay("cosmic", AGENTS, games=20, progress=False, out=tmp_path)
    (part,) = tmp_path.glob("part-*.parquet")
    original = part.read_bytes()
    good = load_results(tmp_path).records
    # Every 7th byte of the file (header, pages, footer) flipped in turn: each time the folder reads
    # back either exactly as it was or with the damage named, never as other games.
    named = 0
    for at in range(0, len(original), 7):
        damaged = bytearray(original)
        damaged[at] ^= 0xFF
        part.write_bytes(bytes(damaged))
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            records = load_results(tmp_path).records
        damage = [w for w in seen if issubclass(w.category, DamagedResults)]
        if damage:
            named += 1
            assert records == [] and part.name in str(damage[0].message)
            assert "seeds 0 to 19" in str(damage[0].message) and "Run the same" in str(damage[0].message)
        else:
            assert records == good, f"byte {at} changed the games without a warning"
    part.write_bytes(original)
    assert named > len(original) // 7 // 2  # most bytes are data under a checksum


def test_the_rest_of_the_folder_stays_readable_and_the_next_run_replays_the_lost_games(tmp_path):
    # Two runs stopped before their files were gathered: games 0-5 in one file, 6-11 in another.
    selfplay("cosmic", AGENTS, games=6, progress=False, out=tmp_path)
    (first,) = tmp_path.glob("part-*.parquet")
    kept = first.read_bytes()
    selfplay("cosmic", AGENTS, games=12, progress=False, out=tmp_path)
    (whole,) = tmp_path.glob("part-*.parquet")
    full = load_results(tmp_path).records
    # Put the first run's file back beside the whole one, and damage the whole one in its middle.
    first.write_bytes(kept)
    data = bytearray(whole.read_bytes())
    data[len(data) // 3] ^= 0x01
    whole.write_bytes(bytes(data))
    with pytest.warns(DamagedResults, match=whole.name):
        records = load_results(tmp_path).records
    assert [r.seed for r in records] == [0, 1, 2, 3, 4, 5]  # the sound file is read
    # The next run sets the damaged file aside and plays games 6-11 again, the same games.
    with pytest.warns(DamagedResults):
        again = selfplay("cosmic", AGENTS, games=12, progress=False, out=tmp_path)
    assert without_time(again.records) == without_time(full)
    assert [p.name.startswith("damaged-") for p in sorted(tmp_path.glob("*.parquet"))].count(True) == 1
    assert without_time(load_results(tmp_path).records) == without_time(full)
