"""The ``playbook`` command: its options, its errors, and a run from a terminal."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from playbook.analysis import MCTS, AlphaBeta, RandomAgent, load_results
from playbook.command.cli import CommandError, main, parse_agents, parse_setting

pytest.importorskip("pyarrow")


def test_agents_are_read_with_their_settings_and_named_by_their_text():
    random, engine, mcts = parse_agents("random,alphabeta:nodes=2000,mcts:iterations=50:exploration=1.5")
    assert isinstance(random(3), RandomAgent) and random(3).seed == 3
    made = engine(7)
    assert isinstance(made, AlphaBeta) and made.node_limit == 2000 and made.seed == 7 and made.time_limit is None
    made = mcts(1)
    assert isinstance(made, MCTS) and made.iterations == 50 and made.exploration == 1.5
    assert engine.__name__ == "alphabeta:nodes=2000"


@pytest.mark.parametrize("text, message", [
    ("random,stockfish", "unknown agent 'stockfish'; the agents are random, greedy, alphabeta, mcts"),
    ("alphabeta:plies=3", "alphabeta has no setting 'plies'"),
    ("alphabeta:nodes", "expected key=value"),
    ("alphabeta:nodes=0", "nodes is a whole number of at least 1 or None, not 0"),
    # Refused here, before any game: taken, each would fail or misbehave only in play.
    ("alphabeta:time_limit=-1", "time_limit is a number more than 0 or None, not -1"),
    ("alphabeta:time_limit=inf", "time_limit is a number more than 0 or None, not inf"),
    ("alphabeta:table_size=-1", "table_size is a whole number of at least 0, not -1"),
    ("alphabeta:depth=2.5", "depth is a whole number of at least 1 or None, not 2.5"),
    ("random:stop=5", "stop is a number from 0 to 1, not 5"),
    ("random:stream=-1", "stream is a whole number of at least 0, not -1"),
    ("mcts:exploration=-1", "exploration is a number of at least 0, not -1"),
    ("mcts:scale=0", "scale is a number more than 0, not 0"),
    ("mcts:iterations=nan", "iterations is a whole number of at least 1 or None, not nan"),
    ("greedy:evaluation=foo", "greedy's evaluation is a function, which a command line cannot give"),
    (",", "name one agent per player"),
])
def test_bad_agents_are_refused_naming_what_is_wrong(text, message):
    with pytest.raises(CommandError, match=message):
        parse_agents(text)


def test_an_agent_made_in_python_refuses_a_setting_it_cannot_use():
    from playbook.analysis import GreedyAgent

    with pytest.raises(ValueError, match="evaluation is a function"):
        GreedyAgent(evaluation="foo")  # taken, every game of a run would end in an error
    with pytest.raises(ValueError, match="seed is a number or None, not 'x'"):
        RandomAgent(seed="x")
    assert GreedyAgent(evaluation=lambda state, player: 0.0).evaluation is not None


def test_settings_are_key_value_with_typed_values():
    assert parse_setting("quiet_limit=50", "--variant") == ("quiet_limit", 50)
    assert parse_setting("compulsory_capture=true", "--variant") == ("compulsory_capture", True)
    assert parse_setting("first=black", "--setup") == ("first", "black")
    for bad in ("quiet_limit", "=5", "quiet limit=5", "quiet_limit="):
        with pytest.raises(CommandError, match="--variant: expected key=value"):
            parse_setting(bad, "--variant")


def run_main(args, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    return stop.value.code, capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--agents", "random,chess"], "unknown agent 'chess'"),
    (["--agents", "random,random", "--option", "quiet_limit"], "--option: expected key=value"),
    (["--agents", "random,random", "--option", "quiet=5"], "no rule variant 'quiet'"),
    (["--agents", "random,random", "--variant", "first=black"], "pass setup="),
    (["--agents", "random", ], "has 2 players"),
    (["--agents", "random,random", "--workers", "0"], "--workers: at least 1"),
    (["--agents", "random,random", "--games", "0"], "--games: at least 1"),
    (["--agents", "random,random", "--book", "-1"], "--book: a number of random opening actions"),
    # Seeds past 64 bits cannot be kept in a results file: refused before any game, not after the first.
    (["--agents", "random,random", "--seed", str(2 ** 63 - 1)], "seed: the seeds of a run are kept as 64-bit"),
])
def test_the_command_refuses_bad_options_with_status_2_and_a_message(args, message, tmp_path, capsys):
    argv = ["selfplay", "cosmic", "--games", "2", "--out", str(tmp_path / "out"), *args]
    status, err = run_main(argv, capsys)
    assert status == 2 and message in err and "playbook selfplay: error:" in err
    assert not list((tmp_path / "out").glob("part-*"))


def test_the_command_refuses_an_unknown_game_and_both_workers_and_a_scheduler(tmp_path, capsys):
    status, err = run_main(["selfplay", "chess", "--agents", "random,random", "--games", "1", "--out",
                            str(tmp_path)], capsys)
    assert status == 2 and "unknown game 'chess'; the games are" in err
    status, err = run_main(["selfplay", "cosmic", "--agents", "random,random", "--games", "1", "--out",
                            str(tmp_path), "--workers", "2", "--scheduler", "tcp://localhost:1"], capsys)
    assert status == 2 and "not allowed with argument" in err


def test_the_installed_command_plays_a_tiny_study_and_resumes_it(tmp_path):
    script = Path(sys.executable).parent / "playbook"
    assert [e.value for e in entry_points(group="console_scripts") if e.name == "playbook"] == ["playbook.command:main"]
    out = tmp_path / "study"
    args = [str(script), "selfplay", "cosmic", "--agents", "random,alphabeta:depth=1", "--games", "3",
            "--out", str(out), "--variant", "quiet_limit=20", "--seed", "4", "--workers", "2"]
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("3 games of cosmic in ")
    args[args.index("--games") + 1] = "5"
    done = subprocess.run(args, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "/5 " not in done.stderr and "0/2 " in done.stderr  # the bar counts the two games still to play
    results = load_results(out)
    assert [r.seed for r in results.records] == [4, 5, 6, 7, 8]
    record = results.records[0]
    assert record.players == {"white": "random", "black": "alphabeta:depth=1"}
    assert record.options == {"quiet_limit": 20}
    assert all(not r.error for r in results.records)


def test_the_command_plays_on_a_dask_scheduler_given_by_its_address(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        status = main(["selfplay", "cosmic", "--agents", "random,greedy", "--games", "12", "--out", str(tmp_path),
                       "--scheduler", cluster.scheduler_address, "--quiet"])
    assert status == 0 and capsys.readouterr().out.startswith("12 games of cosmic in ")
    records = load_results(tmp_path).records
    assert [r.seed for r in records] == list(range(12))
    assert records[0].players == {"white": "random", "black": "greedy"}


def test_the_command_opens_engine_games_at_random_when_asked(tmp_path, capsys):
    status = main(["selfplay", "cosmic", "--agents", "alphabeta:depth=1,alphabeta:depth=1", "--games", "3",
                   "--book", "2", "--max-plies", "6", "--out", str(tmp_path), "--quiet"])
    assert status == 0
    records = load_results(tmp_path).records
    assert [r.book for r in records] == [2, 2, 2]
    assert len({tuple(r.actions[:2]) for r in records}) > 1
