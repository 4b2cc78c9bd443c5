"""Self-play results in Parquet: written as games finish, resumed exactly, read back."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from playbook import load
from playbook.analysis import AlphaBeta, RandomAgent, SelfPlayError, load_results, selfplay
from playbook.analysis.runs.store import SETTINGS_FILE, ResultStore

pytest.importorskip("pyarrow")

COSMIC = load("cosmic")


def without_time(records):
    """The records with the seconds each game took left out (they differ between runs)."""
    return [replace(r, seconds=0.0) for r in records]


def test_a_run_stopped_early_then_resumed_holds_exactly_the_rows_of_one_full_run(tmp_path):
    full = selfplay(COSMIC, [RandomAgent, RandomAgent], games=9, seed=5, progress=False, out=tmp_path / "full")
    part = selfplay(COSMIC, [RandomAgent, RandomAgent], games=4, seed=5, progress=False, out=tmp_path / "part",
                    batch=2)
    first_rows = load_results(tmp_path / "part").records
    assert [r.seed for r in first_rows] == [5, 6, 7, 8]
    resumed = selfplay(COSMIC, [RandomAgent, RandomAgent], games=9, seed=5, progress=False, out=tmp_path / "part",
                       batch=2)
    again = load_results(tmp_path / "part").records
    assert [r.seed for r in again] == list(range(5, 14))
    assert without_time(again) == without_time(load_results(tmp_path / "full").records)
    # The rows written first are kept as they were, seconds included: they were not played again.
    assert again[:4] == first_rows == part.records
    assert resumed.records == again and full.records == load_results(tmp_path / "full").records
    # What comes back is what selfplay gives without a folder.
    plain = selfplay(COSMIC, [RandomAgent, RandomAgent], games=9, seed=5, progress=False)
    assert without_time(plain.records) == without_time(again)
    # Asking for fewer games than the folder holds plays nothing and gives those games.
    assert selfplay(COSMIC, [RandomAgent, RandomAgent], games=2, seed=5, progress=False,
                    out=tmp_path / "part").records == again[:2]


STOP_AT = {"seed": None}
NAMES = ["RandomAgent()", "RandomAgent()"]


class Interrupted(RandomAgent):
    """A random agent whose game of one seed is stopped as by Ctrl-C."""

    def choose(self, state):
        if self.seed == STOP_AT["seed"]:
            raise KeyboardInterrupt
        return super().choose(state)


def test_games_finished_before_an_interrupt_are_written_and_the_rest_played_on_resuming(tmp_path):
    # White's agent in game k is seeded 2k; stopping game 6 stops the run there.
    STOP_AT["seed"] = 12
    with pytest.raises(KeyboardInterrupt):
        selfplay(COSMIC, [Interrupted, RandomAgent], games=10, progress=False, out=tmp_path, batch=1,
                 names=NAMES)
    assert [r.seed for r in load_results(tmp_path).records] == [0, 1, 2, 3, 4, 5]
    STOP_AT["seed"] = None
    resumed = selfplay(COSMIC, [Interrupted, RandomAgent], games=10, progress=False, out=tmp_path, batch=1,
                       names=NAMES)
    plain = selfplay(COSMIC, [RandomAgent, RandomAgent], games=10, progress=False)
    assert without_time(resumed.records) == without_time(plain.records)
    assert len(list(tmp_path.glob("part-*.parquet"))) == 1  # the run done, its files are gathered into one


def test_results_read_back_as_the_records_written_with_variant_and_setup(tmp_path):
    result = selfplay(COSMIC, [RandomAgent, RandomAgent], games=3, progress=False, out=tmp_path,
                      options={"quiet_limit": 10}, setup={"first": "black"})
    loaded = load_results(tmp_path)
    assert loaded.game == "cosmic" and len(loaded) == 3
    record = loaded.records[0]
    assert record.options == {"quiet_limit": 10}
    assert record.setup == {"first": "black"}
    assert record.players == {"white": "RandomAgent()", "black": "RandomAgent()"}
    assert isinstance(record.actions, list) and record.plies == len(record.actions)
    assert set(loaded.frame()["options"]) == {"quiet_limit=10"}
    assert loaded.summary() == result.summary()
    settings = json.loads((tmp_path / SETTINGS_FILE).read_text())
    assert settings["seed"] == 0 and settings["max_plies"] == 500


def test_a_folder_refuses_games_played_under_other_settings(tmp_path):
    selfplay(COSMIC, [RandomAgent, RandomAgent], games=2, progress=False, out=tmp_path)
    with pytest.raises(SelfPlayError, match="quiet_limit"):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=4, progress=False, out=tmp_path,
                 options={"quiet_limit": 10})
    with pytest.raises(SelfPlayError, match="seed=0, not 3"):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=4, progress=False, out=tmp_path, seed=3)
    assert len(load_results(tmp_path)) == 2  # nothing was added on a refusal


def test_a_store_writes_once_enough_games_wait_and_never_leaves_a_half_written_file(tmp_path):
    store = ResultStore(tmp_path, {"game": "cosmic"}, flush_rows=3, flush_seconds=1e9)
    records = selfplay(COSMIC, [RandomAgent, RandomAgent], games=5, progress=False).records
    store.add(records[:1])
    assert store.seeds() == {0}  # the first game finished is written at once
    store.add(records[1:3])
    assert store.seeds() == {0}  # then only once three wait (or the time has come)
    store.add(records[3:4])
    assert store.seeds() == {0, 1, 2, 3}
    store.add(records[4:])
    store.flush()
    assert store.seeds() == {0, 1, 2, 3, 4}
    assert not list(tmp_path.glob(".*"))


def test_load_results_says_when_a_folder_holds_no_results(tmp_path):
    with pytest.raises(FileNotFoundError, match="no self-play results"):
        load_results(tmp_path)


def test_a_random_opening_varies_engine_games_and_is_kept_among_the_settings(tmp_path):
    engine = lambda seed: AlphaBeta(depth=1)  # noqa: E731 - chooses alike in every game
    alike = selfplay(COSMIC, [engine, engine], games=3, max_plies=12, progress=False)
    assert len({tuple(r.actions) for r in alike.records}) == 1
    run = selfplay(COSMIC, [engine, engine], games=3, max_plies=12, progress=False, out=tmp_path, book=4)
    assert len({tuple(r.actions[:4]) for r in run.records}) == 3
    for r in run.records:  # the opening is a random player's, drawn from the game's seed
        state, rng = COSMIC.initial(), RandomAgent(seed=r.seed)
        for text in r.actions[:4]:
            action = rng.choose(state)
            assert action.text == text
            state = state.play(action)
        assert r.book == 4
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["book"] == 4
    with pytest.raises(SelfPlayError, match="book=4, not None"):
        selfplay(COSMIC, [engine, engine], games=4, max_plies=12, progress=False, out=tmp_path)
    with pytest.raises(SelfPlayError, match="book: a number of random opening actions"):
        selfplay(COSMIC, [engine, engine], games=1, progress=False, book=-1)


def test_results_are_written_compressed_with_zstandard(tmp_path):
    selfplay(COSMIC, [RandomAgent, RandomAgent], games=3, progress=False, out=tmp_path)
    pq = pytest.importorskip("pyarrow.parquet")
    (part,) = tmp_path.glob("part-*.parquet")
    meta = pq.ParquetFile(part).metadata
    assert {meta.row_group(0).column(k).compression for k in range(meta.num_columns)} == {"ZSTD"}


def test_a_run_done_gathers_its_files_into_one_and_a_stop_midway_loses_and_doubles_nothing(tmp_path):
    selfplay(COSMIC, [RandomAgent, RandomAgent], games=3, progress=False, out=tmp_path)
    first = load_results(tmp_path).records
    selfplay(COSMIC, [RandomAgent, RandomAgent], games=7, progress=False, out=tmp_path, batch=2)
    (part,) = tmp_path.glob("part-*.parquet")
    records = load_results(tmp_path).records
    assert [r.seed for r in records] == list(range(7)) and records[:3] == first  # rows as written
    # A stop after the gathered file was written but before the old ones went:
    # the games of the first three seeds are in two files, and count once.
    store = ResultStore(tmp_path, json.loads((tmp_path / SETTINGS_FILE).read_text()))
    store.add(first)
    store.flush()
    assert len(list(tmp_path.glob("part-*.parquet"))) == 2
    assert load_results(tmp_path).records == records
    store.compact()
    assert len(list(tmp_path.glob("part-*.parquet"))) == 1 and load_results(tmp_path).records == records
