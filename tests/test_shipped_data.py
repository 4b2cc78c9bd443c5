"""The self-play samples shipped in notebooks/data/ for the analysis notebook:
they load, hold the games promised, are the runs notebooks/data/rebuild.sh
makes, and replay to their stored results."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from playbook import load
from playbook.analysis import load_results, read_settings
from playbook.analysis.selfplay import seats_of

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
        settings = read_settings(DATA / folder)  # written with the old names: variant, agents
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
            # The files hold the results as first written ("unfinished", winners joined by "+"); they read
            # in the one convention of records: "" unfinished, winners joined by " and ", "draw".
            replayed = "" if outcome is None else " and ".join(outcome.winners) or "draw"
            assert replayed == r.result, (folder, r.seed)
            assert r.unfinished == (outcome is None) and r.winners == (outcome.winners if outcome else ()), folder
            assert len(r.actions) == r.plies, (folder, r.seed)
