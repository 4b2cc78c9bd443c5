"""The self-play samples shipped in notebooks/data/ for the analysis notebook:
they load, hold the games promised, are the runs notebooks/data/rebuild.sh
makes, and replay to their stored results."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from playbook import load
from playbook.analysis import load_results, read_settings
from playbook.analysis.runs.games import seats_of

pytest.importorskip("pyarrow")

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"


def commands() -> dict[str, dict]:
    """The runs of rebuild.sh: folder -> game, agents, games, seed, book, options."""
    runs = {}
    for line in (DATA / "rebuild.sh").read_text().splitlines():
        if not line.startswith("run "):
            continue
        words = shlex.split(line)[1:]
        run = {"game": words[0], "options": {}, "seed": 0, "book": 0}
        for flag, value in zip(words[1::2], words[2::2], strict=False):
            if flag == "--option":
                key, _, text = value.partition("=")
                run["options"][key] = {"true": True, "false": False}.get(text, int(text) if text.isdigit() else text)
            else:
                run[flag.lstrip("-")] = int(value) if value.isdigit() else value
        runs[run.pop("out")] = run
    return runs


RUNS = commands()


@pytest.fixture(scope="module")
def samples():
    return {folder: load_results(DATA / folder) for folder in RUNS}


def test_every_folder_is_a_run_of_the_rebuild_script_with_all_its_games(samples):
    assert sorted(RUNS) == sorted(p.name for p in DATA.iterdir() if (p / "_run.json").exists())
    for folder, run in RUNS.items():
        settings = read_settings(DATA / folder)
        assert settings["game"] == run["game"] and settings["seed"] == run["seed"], folder
        assert settings["options"] == run["options"] and settings.get("book", 0) == run["book"], folder
        seats = seats_of(load(run["game"]).initial())  # the order --agents names them in
        assert ",".join(settings["players"][p] for p in seats) == run["agents"], folder
        seeds = [r.seed for r in samples[folder].records]
        assert seeds == list(range(run["seed"], run["seed"] + run["games"])), folder
        assert not list((DATA / folder).glob(".*partial")), folder  # no half-written file


def test_the_samples_hold_the_games_promised(samples):
    random_cosmic = [r for s in samples.values() for r in s.records
                     if r.game == "cosmic" and set(r.players.values()) == {"random"}
                     and not r.options.get("compulsory_capture")]
    assert len(random_cosmic) >= 20_000
    compulsory = samples["cosmic-random-compulsory"].records
    assert len(compulsory) >= 1000 and all(r.options["compulsory_capture"] for r in compulsory)
    # The engine ladder of Cosmic Chess and Kelasu: random, greedy, AlphaBeta at two budgets and MCTS.
    for game in ("cosmic", "kelasu"):
        kinds = {RUNS[f]["agents"].split(",")[0].split(":")[0] for f in ladder_folders(game)}
        budgets = {RUNS[f]["agents"].split(",")[0] for f in ladder_folders(game) if f.startswith(f"{game}-alphabeta")}
        assert kinds == {"random", "greedy", "alphabeta", "mcts"} and len(budgets) == 2, game
    # Engines against a random player, from each seat, in the games engines do not finish between themselves.
    for game in ("ccc", "cresnovian", "wheel"):
        first, second = samples[f"{game}-alphabeta-random"].records, samples[f"{game}-random-alphabeta"].records
        assert len(first) == len(second) >= 100, game
    assert all(not r.error for s in samples.values() for r in s.records)


def ladder_folders(game: str) -> list[str]:
    """The folders of a game's engine ladder (each with its -swapped twin)."""
    return [f for f in RUNS if f.startswith(f"{game}-") and f"{f}-swapped" in RUNS]


def test_each_ladder_folder_and_its_twin_are_colour_reversed_pairs_from_one_opening(samples):
    folders = ladder_folders("cosmic") + ladder_folders("kelasu")
    assert len(folders) >= 10
    for folder in folders:
        twin = f"{folder}-swapped"
        run, swapped = RUNS[folder], RUNS[twin]
        assert (run["game"], run["seed"], run["games"], run["options"]) == (
            swapped["game"], swapped["seed"], swapped["games"], swapped["options"]), folder
        first, second = run["agents"].split(","), swapped["agents"].split(",")
        # The same engine twice, the copy on tie-break stream 1 in the other seat in the twin folder.
        assert second == first[::-1] and first[1] == f"{first[0]}:stream=1", folder
        assert run["book"] == swapped["book"] > 0, folder
        for a, b in zip(samples[folder].records, samples[twin].records, strict=True):
            assert a.seed == b.seed and a.actions[:run["book"]] == b.actions[:run["book"]], folder
        engine = first[0].split(":")[0]
        if engine != "random":  # ties broken on two streams: the twins are two games, not one played twice
            pairs = zip(samples[folder].records, samples[twin].records, strict=True)
            assert sum(a.actions != b.actions for a, b in pairs) >= 0.9 * run["games"], folder
        if engine in ("greedy", "alphabeta", "mcts"):  # every engine move says how deep it searched
            notes = [n for r in samples[folder].records for n in r.notes if n]
            assert notes and all("depth" in n and "reply" in n for n in notes), folder


def test_a_sample_of_every_folder_replays_to_its_stored_result(samples):
    for folder, result in samples.items():
        records = result.records
        for r in records[::max(1, len(records) // 8)]:
            outcome = r.final().outcome
            # Results read in the one convention of records: "" unfinished, winners joined by " and ", "draw".
            replayed = "" if outcome is None else " and ".join(outcome.winners) or "draw"
            assert replayed == r.result, (folder, r.seed)
            assert r.unfinished == (outcome is None) and r.winners == (outcome.winners if outcome else ()), folder
            assert len(r.actions) == r.plies, (folder, r.seed)


# ---------------------------------------------------------------- written as the command writes today


def test_every_file_of_the_samples_is_written_as_the_command_writes_files_today():
    """Every folder holds its settings under today's names and one results file in today's columns,
    named with the CRC-32 of its bytes; nothing else is there."""
    import json
    import re
    import zlib

    import pyarrow.parquet as pq

    from playbook.analysis.runs.store import SETTINGS_FILE, _schema

    folders = sorted(p for p in DATA.iterdir() if p.is_dir())
    assert sorted(p.name for p in DATA.iterdir() if not p.is_dir()) == ["README.md", "rebuild.sh"]
    assert [f.name for f in folders] == sorted(RUNS)
    for folder in folders:
        names = sorted(p.name for p in folder.iterdir())
        assert len(names) == 2 and names[0] == SETTINGS_FILE, folder.name
        settings = json.loads((folder / SETTINGS_FILE).read_text())
        assert set(settings) <= {"game", "options", "setup", "players", "max_plies", "seed", "book", "rotate"}, \
            folder.name  # not the names of files written before records had one shape (agents, variant)
        assert (folder / SETTINGS_FILE).read_text() == json.dumps(settings, indent=1, sort_keys=True)
        part = folder / names[1]
        found = re.fullmatch(r"part-(\d{12})-(\d{12})-\d{6}-([0-9a-f]{8})\.parquet", part.name)
        assert found, part.name
        assert f"{zlib.crc32(part.read_bytes()):08x}" == found[3], part.name
        table = pq.read_table(part, page_checksum_verification=True)
        assert table.schema.equals(_schema()), folder.name
        assert table.column("seed").to_pylist() == list(range(int(found[1]), int(found[2]) + 1)), folder.name


def test_a_flipped_byte_in_any_samples_pages_is_caught_by_their_own_checksums():
    # Read from memory, past the name's CRC-32: eight bytes spread over each file's pages, flipped one at a
    # time, must each be refused by the page checksums or change nothing read (a page header's statistics).
    # Files written without page checksums let three flips in eight through as other games.
    import struct

    import pyarrow as pa
    import pyarrow.parquet as pq

    for part in sorted(DATA.glob("*/part-*.parquet")):
        data = part.read_bytes()
        pages_end = len(data) - 8 - struct.unpack("<i", data[-8:-4])[0]  # the footer's length, before "PAR1"
        sound = pq.read_table(pa.BufferReader(data))
        for k in range(8):
            damaged = bytearray(data)
            damaged[4 + (pages_end - 4) * (2 * k + 1) // 16] ^= 0xFF
            try:
                read = pq.read_table(pa.BufferReader(bytes(damaged)), page_checksum_verification=True)
            except (OSError, pa.ArrowException):
                continue
            assert read.equals(sound), f"{part.parent.name}: flip {k} read as other games"


def test_the_analysis_extra_asks_for_a_pyarrow_with_page_checksums_and_no_known_advisory():
    # 15.0.0 brought write_page_checksum and page_checksum_verification, which the store uses; every
    # pyarrow from 0.14.0 to 14.0.0 runs code from a crafted Parquet file (CVE-2023-47248).
    import tomllib
    from packaging.requirements import Requirement

    extras = tomllib.loads((DATA.parent.parent / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    (pyarrow,) = [r for r in map(Requirement, extras["analysis"]) if r.name == "pyarrow"]
    assert "15.0.0" in pyarrow.specifier
    assert not any(v in pyarrow.specifier for v in ("0.14.0", "13.0.0", "14.0.0", "14.0.1", "14.0.2"))
