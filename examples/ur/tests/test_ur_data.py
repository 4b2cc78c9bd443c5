"""The self-play games shipped in examples/ur/data/ for the tutorial's
figures: each folder is a run of rebuild.sh with all its games, each game
replays to its stored result, and playing a run's first games again gives
the same games to the last roll."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from playbook import load
from playbook.analysis import load_results, read_settings, selfplay
from playbook.command.cli import AgentSpec

pytest.importorskip("pyarrow")

DATA = Path(__file__).resolve().parent.parent / "data"


def runs() -> dict[str, dict]:
    """The runs of rebuild.sh: folder -> its command's flags."""
    found = {}
    for line in (DATA / "rebuild.sh").read_text().splitlines():
        if not line.startswith("run "):
            continue
        words = shlex.split(line)[1:]
        flags, k = {}, 0
        while k < len(words):
            if k + 1 < len(words) and not words[k + 1].startswith("--"):
                flags[words[k].lstrip("-")] = words[k + 1]
                k += 2
            else:
                flags[words[k].lstrip("-")] = True
                k += 1
        found[flags.pop("out")] = flags
    return found


RUNS = runs()


def test_every_folder_is_a_run_of_the_rebuild_script_with_all_its_games():
    assert sorted(RUNS) == sorted(p.name for p in DATA.iterdir() if (p / "_run.json").exists())
    for folder, flags in RUNS.items():
        settings = read_settings(DATA / folder)
        assert settings["game"] == "ur" and settings["seed"] == int(flags["seed"]) and settings["rotate"], folder
        assert settings.get("same_dice", False) == bool(flags.get("same-dice")), folder
        records = load_results(DATA / folder).records
        assert [r.seed for r in records] == list(range(int(flags["games"]))), folder
        assert not list((DATA / folder).glob(".*partial")), folder


@pytest.mark.parametrize("folder", sorted(RUNS))
def test_each_game_replays_to_its_stored_result(folder):
    for record in load_results(DATA / folder).records[:20]:
        final = record.final()
        assert final.outcome is not None and record.winners == final.outcome.winners, (folder, record.seed)


@pytest.mark.slow
@pytest.mark.parametrize("folder", ["ur-alphabeta100-random", "ur-expect-likely"])
def test_a_runs_first_games_are_played_again_the_same_to_the_last_roll(folder):
    flags = RUNS[folder]
    stored = load_results(DATA / folder).records[:2]
    agents = [AgentSpec(text) for text in flags["agents"].split(",")]
    again = selfplay(load("ur"), agents, games=2, seed=int(flags["seed"]), max_plies=int(flags.get("max-plies", 3000)),
                     rotate=True, same_dice=bool(flags.get("same-dice")), progress=False).records
    assert [r.actions for r in again] == [r.actions for r in stored]


def test_every_file_is_written_as_the_command_writes_files_today():
    """One results file a folder, in today's columns, named with the CRC-32 of its bytes, its pages checked."""
    import re
    import zlib

    import pyarrow.parquet as pq

    from playbook.analysis.runs.store import SETTINGS_FILE, _schema

    for folder in sorted(RUNS):
        names = sorted(p.name for p in (DATA / folder).iterdir())
        assert len(names) == 2 and names[0] == SETTINGS_FILE, folder
        part = DATA / folder / names[1]
        found = re.fullmatch(r"part-(\d{12})-(\d{12})-\d{6}-([0-9a-f]{8})\.parquet", part.name)
        assert found and f"{zlib.crc32(part.read_bytes()):08x}" == found[3], part.name
        table = pq.read_table(part, page_checksum_verification=True)
        assert table.schema.equals(_schema()), folder
