"""Counts that cannot make a run are refused with a message naming the argument; a book longer than
the game warns."""

from __future__ import annotations

import pytest

from playbook.analysis import RandomAgent, SelfPlayError, compare, selfplay, tournament
from playbook.command.cli import main

AGENTS = [RandomAgent, RandomAgent]


@pytest.mark.parametrize("kwargs, message", [
    ({"games": -1}, "games: a number of games, 0 or more, not -1"),
    ({"max_plies": 0}, "max_plies: at least 1 action a game, not 0"),
    ({"batch": -2}, "batch: at least 1 game a task, not -2"),
    ({"book": -1}, "book: a number of random opening actions, 0 or more, not -1"),
])
def test_selfplay_tournament_and_compare_refuse_counts_that_make_no_run(kwargs, message):
    with pytest.raises(SelfPlayError, match=message):
        selfplay("cosmic", AGENTS, progress=False, **kwargs)
    with pytest.raises(SelfPlayError, match=message):
        tournament("cosmic", AGENTS, progress=False, **kwargs)
    with pytest.raises(SelfPlayError, match=message):
        compare("cosmic", {"standard": {}}, AGENTS, progress=False, **kwargs)


def test_no_games_is_an_empty_run_not_an_error_and_a_whole_number_of_any_type_is_a_number_of_games():
    assert len(selfplay("cosmic", AGENTS, games=0, progress=False)) == 0
    numpy = pytest.importorskip("numpy")
    assert len(selfplay("cosmic", AGENTS, games=numpy.int64(2), progress=False)) == 2
    with pytest.raises(SelfPlayError, match="games: a number of games, 0 or more, not 2.5"):
        selfplay("cosmic", AGENTS, games=2.5, progress=False)


@pytest.mark.parametrize("args, message", [
    (["--batch", "-2"], "--batch: at least 1 game a task, not -2"),
    (["--batch", "0"], "--batch: at least 1 game a task, not 0"),
    (["--max-plies", "0"], "--max-plies: at least 1 action a game, not 0"),
    (["--games", "-5"], "--games: at least 1, not -5"),
])
def test_the_command_refuses_counts_that_make_no_run(args, message, tmp_path, capsys):
    argv = ["selfplay", "cosmic", "--agents", "random,random", "--games", "2", "--out", str(tmp_path / "o"), *args]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()  # nothing started


def test_a_book_as_long_as_the_game_warns():
    # A Cosmic Chess game of random moves lasts far fewer than 10,000 actions: every game ends in its book.
    with pytest.warns(UserWarning, match="3 of 3 games ended within the 10000 random opening actions"):
        selfplay("cosmic", AGENTS, games=3, book=10_000, max_plies=20_000, progress=False)
