"""Checks of a game's self-play records: one shape wherever a game was
played, back whole from JSON and from Parquet, and the ``playbook``
command writing them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from ..analysis import RandomAgent, load_results
from ..analysis.runs.games import play_game
from ..analysis.runs.store import ResultStore
from ..core import Game
from ..records import Record
from .registry import Session, Skip, check

__all__: list[str] = []


def _parquet() -> None:
    """Skip unless pyarrow (the ``analysis`` extra) is installed."""
    if importlib.util.find_spec("pyarrow") is None:
        raise Skip("pyarrow is not installed: pip install 'playbook-games[analysis]'")


@check("a self-play game's record holds every seat in players, the result replaying its actions reaches, and comes "
       "back whole from JSON, from a Parquet row and from a results folder")
def selfplay_records_come_back_whole(game: Game, session: Session) -> None:
    _parquet()
    seats = game.initial().seats
    for seed in (1, 2, 3):
        record = play_game(game, [RandomAgent(seed=seed * 7 + k) for k in range(len(seats))], max_plies=40,
                           seed=seed, book=2)
        assert isinstance(record, Record)
        assert tuple(record.players) == seats, f"the record seats {tuple(record.players)}, the game {seats}"
        outcome = record.final().outcome
        assert record.unfinished == (outcome is None), "the record's result is not what its actions reach"
        assert record.winners == (outcome.winners if outcome else ()), "the record's winners are not the game's"
        assert record.draw == (outcome is not None and not outcome.winners), "the record's draw is not the game's"
        assert record.plies == len(record.actions) <= 40 and record.book == min(2, record.plies)
        assert Record.from_json(record.to_json()) == record, "the record does not come back whole from JSON"
        assert Record.from_row(record.row()) == record, "the record does not come back whole from a Parquet row"
        assert Record.from_row(record.row(text=False)) == record
        folder = session.folder() / f"records-{game.name}-{seed}"
        store = ResultStore(folder, {"game": game.name})
        store.add([record])
        store.flush()
        (back,) = load_results(folder).records
        assert back == record, "the record does not come back whole from a results folder"


@check("the playbook command plays the game to a results folder in Parquet (playbook selfplay)", tier="slow")
def selfplay_command_writes_parquet(game: Game, session: Session) -> None:
    _parquet()
    out = session.folder() / f"selfplay-{game.name}"
    agents = ",".join(["greedy"] + ["random"] * (len(game.initial().seats) - 1))
    done = subprocess.run([sys.executable, "-m", "playbook", "selfplay", game.name, "--agents", agents, "--games", "4",
                           "--out", str(out), "--quiet"], capture_output=True, text=True)
    assert done.returncode == 0, f"playbook selfplay ended with status {done.returncode}: {done.stderr[-500:]}"
    frame = load_results(out).frame()
    assert len(frame) == 4 and set(frame["game"]) == {game.name}, "the folder does not hold the four games played"
    assert list(out.rglob("*.parquet")), "no Parquet file was written"
