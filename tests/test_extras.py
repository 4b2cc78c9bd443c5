"""The analysis extra is optional: without pandas, numpy, matplotlib,
pyarrow, Dask, tqdm or cloudpickle, ``playbook.analysis`` still imports and
its engines and self-play run, and a call that needs a missing library
says which extra to install."""

from __future__ import annotations

import subprocess
import sys

import pytest

from playbook.analysis.extras import EXTRA, need

#: Every library of the analysis extra, and the two a run uses when they are there.
BLOCKED = sorted(EXTRA | {"tqdm", "cloudpickle", "dask"})


def run_without_extra(body: str) -> str:
    """Run ``body`` in a fresh interpreter where the analysis extra's
    libraries cannot be imported (None in sys.modules halts their import),
    and return what it printed."""
    script = "import sys\n" + "".join(f"sys.modules[{name!r}] = None\n" for name in BLOCKED) + body
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_analysis_imports_and_plays_without_the_extra():
    out = run_without_extra(
        "from playbook.analysis import AlphaBeta, GreedyAgent, RandomAgent, selfplay, review, plots\n"
        "run = selfplay('cosmic', [RandomAgent, GreedyAgent], games=2, max_plies=6, progress=False)\n"
        "print(len(run.records), run.summary()['games'])\n"
        "print(AlphaBeta(depth=1).choose(__import__('playbook').load('cosmic').initial()) is not None)\n"
        "print(sorted(m for m in sys.modules if m.partition('.')[0] in "
        f"{BLOCKED!r} and sys.modules[m] is not None))\n")
    assert out.split("\n")[:3] == ["2 2", "True", "[]"]


@pytest.mark.parametrize("call, library", [
    ("run.frame()", "pandas"),
    ("run.moves_frame()", "pandas"),
    ("plots.win_rates(run)", "matplotlib"),
    ("selfplay('cosmic', [RandomAgent, RandomAgent], games=1, out=tempfile.mkdtemp(), progress=False)", "pyarrow"),
    ("elo_with_first_move([('a', 'b', 1.0)], ['a', 'b'])", "numpy"),
])
def test_a_call_that_needs_the_extra_names_the_library_and_what_to_install(call, library):
    out = run_without_extra(
        "import tempfile\nfrom playbook.analysis import RandomAgent, elo_with_first_move, plots, selfplay\n"
        "run = selfplay('cosmic', [RandomAgent, RandomAgent], games=1, max_plies=4, progress=False)\n"
        f"try:\n    {call}\nexcept ImportError as exc:\n    print(type(exc).__name__, exc)\n")
    assert f"needs {library}: pip install 'playbook-games[analysis]'" in out
    assert out.startswith("ImportError ")


def test_the_command_names_the_extra_when_dask_is_missing():
    out = run_without_extra(
        "import contextlib, io, tempfile\nfrom playbook.command.cli import main\nerr = io.StringIO()\n"
        "try:\n    with contextlib.redirect_stderr(err):\n"
        "        main(['selfplay', 'cosmic', '--agents', 'random,random', '--games', '1', '--quiet',\n"
        "              '--scheduler', 'tcp://127.0.0.1:1', '--out', tempfile.mkdtemp()])\n"
        "except SystemExit as exc:\n    print('exit', exc.code)\nprint(err.getvalue())\n")
    assert out.startswith("exit 2\n")
    assert "--scheduler needs distributed: pip install 'playbook-games[analysis]'" in out


def test_need_gives_the_library_when_it_is_there():
    import numpy

    assert need("numpy", "a test") is numpy


def test_need_refuses_a_library_outside_the_extra():
    with pytest.raises(ValueError, match="not a library of the analysis extra"):
        need("os", "a test")


def test_need_leaves_a_missing_part_of_an_installed_library_as_its_own_error():
    # numpy is there: a module of it that is not is no missing extra, and must not be reported as one.
    with pytest.raises(ModuleNotFoundError) as caught:
        need("numpy.no_such_part", "a test")
    assert "playbook-games[analysis]" not in str(caught.value)
