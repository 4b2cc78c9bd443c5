"""The self-play samples shipped in notebooks/data/ for the analysis notebook:
they load, hold the games promised, are the runs notebooks/data/rebuild.sh
makes, and replay to their stored results."""

from __future__ import annotations

import json
import shlex
from collections import Counter
from pathlib import Path

import pytest

from playbook import load
from playbook.analysis import load_results
from playbook.analysis.selfplay import seats_of, to_record

pytest.importorskip("pyarrow")

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"


def commands() -> dict[str, dict]:
    """The runs of rebuild.sh: folder -> game, agents, games, seed, book, variant."""
    runs = {}
    for line in (DATA / "rebuild.sh").read_text().splitlines():
        if not line.startswith("run "):
            continue
        words = shlex.split(line)[1:]
        run = {"game": words[0], "variant": {}, "seed": 0, "book": 0}
        for flag, value in zip(words[1::2], words[2::2]):
            if flag == "--variant":
                key, _, text = value.partition("=")
                run["variant"][key] = {"true": True, "false": False}.get(text, int(text) if text.isdigit() else text)
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
        settings = json.loads((DATA / folder / "_run.json").read_text())
        assert settings["game"] == run["game"] and settings["seed"] == run["seed"], folder
        assert settings["variant"] == run["variant"] and settings.get("book", 0) == run["book"], folder
        seats = seats_of(load(run["game"]).initial())  # the order --agents names them in
        assert ",".join(settings["agents"][p] for p in seats) == run["agents"], folder
        seeds = [r["seed"] for r in samples[folder].records]
        assert seeds == list(range(run["seed"], run["seed"] + run["games"])), folder
        assert not list((DATA / folder).glob(".*partial")), folder  # no half-written file


def test_the_samples_hold_the_games_promised(samples):
    random_cosmic = [r for s in samples.values() for r in s.records
                     if r["game"] == "cosmic" and set(r["agents"].values()) == {"random"}
                     and not r["variant"].get("compulsory_capture")]
    assert len(random_cosmic) >= 20_000
    engines = Counter(r["game"] for s in samples.values() for r in s.records
                      if any(a.startswith("alphabeta:nodes=") for a in r["agents"].values()))
    assert {game: engines[game] >= 1000 for game in ("cosmic", "kelasu", "cresnovian", "ccc", "wheel")} == dict.fromkeys(
        ("cosmic", "kelasu", "cresnovian", "ccc", "wheel"), True)
    compulsory = samples["cosmic-random-compulsory"].records
    assert len(compulsory) >= 1000 and all(r["variant"]["compulsory_capture"] for r in compulsory)
    assert all(not r["error"] for s in samples.values() for r in s.records)


def test_a_sample_of_every_folder_replays_to_its_stored_result(samples):
    for folder, result in samples.items():
        records = result.records
        for r in records[::max(1, len(records) // 8)]:
            final = to_record(r).final()
            outcome = final.outcome
            replayed = ("unfinished" if outcome is None else outcome.winner
                        or ("draw" if outcome.draw else "+".join(outcome.winners)))
            assert replayed == r["result"], (folder, r["seed"])
            assert len(r["actions"]) == r["plies"], (folder, r["seed"])
