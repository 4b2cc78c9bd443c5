"""The example games under ``examples/`` and ``playbook new-game``.

An example game is a package of its own that playbook finds by its entry
point, and its own tests run the shared checks on it (playbook.checks,
through the pytest plugin), as a designer's package does.  Here: every
example is installed and checks itself, no file outside an example's
folder names its game, and a new game's package passes its own tests and
every check at once.  This module names no game: it reads them from the
examples' entry points.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from playbook import PlaybookError, available, load
from playbook.command.cli import main
from playbook.scaffold import new_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p.parent for p in ROOT.glob("examples/*/pyproject.toml"))
#: A run of base64 too long to be words: a picture saved in a notebook.
BASE64 = re.compile(r"[A-Za-z0-9+/=]{120,}")
#: The installed games that do not ship with playbook (the examples, when installed).
ADDED = [key for key in available() if key not in available(shipped=True)]


def entry_point_keys(pyproject: Path) -> list[str]:
    """The keys an example's ``pyproject.toml`` registers under ``playbook.games``."""
    section = pyproject.read_text().split('[project.entry-points."playbook.games"]', 1)[1].split("\n[", 1)[0]
    return re.findall(r"^(\w+)\s*=", section, re.M)


def project_files() -> list[Path]:
    """The project's files: those git tracks, or every file but the usual build and tool folders."""
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return [ROOT / line for line in listed.splitlines() if (ROOT / line).is_file()]
    except (OSError, subprocess.CalledProcessError):
        skipped = {".git", ".venv", "node_modules", "gallery", "__pycache__", ".hypothesis", ".mypy_cache"}
        return [p for p in ROOT.rglob("*") if p.is_file() and not skipped & set(p.relative_to(ROOT).parts)]


def test_every_example_is_installed_and_found_by_its_entry_point():
    assert EXAMPLES, "no example game under examples/"
    for folder in EXAMPLES:
        for key in entry_point_keys(folder / "pyproject.toml"):
            assert key in ADDED, f"{key} (examples/{folder.name}) is not installed: pip install ./examples/*/"
            assert (folder / "RULES.md").is_file()


def test_no_file_outside_an_example_names_its_game():
    files = project_files()
    for folder in EXAMPLES:
        names = {folder.name}
        for key in entry_point_keys(folder / "pyproject.toml"):
            names |= {key, load(key).title} if key in available() else {key}
        pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in sorted(names)), re.I)
        naming = []
        for path in files:
            if folder in path.parents:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            # A picture's bytes (a notebook's PNG in base64) name nothing, whatever letters they hold.
            text = BASE64.sub("", text)
            if pattern.search(text):
                naming.append(str(path.relative_to(ROOT)))
        assert not naming, f"files outside examples/{folder.name} name its game: {naming}"


def test_every_example_runs_the_shared_checks_from_its_own_tests():
    # Each example checks itself as a designer's package does: its tests/ uses the plugin for its own game.
    for folder in EXAMPLES:
        uses = [p for p in (folder / "tests").glob("test_*.py") if "playbook_check" in p.read_text()]
        assert uses, f"examples/{folder.name}/tests runs no shared check (the playbook_check fixture)"
        for key in entry_point_keys(folder / "pyproject.toml"):
            assert any(f'playbook_games("{key}")' in p.read_text() for p in uses), key


# ---------------------------------------------------------------- new-game


def test_new_game_refuses_a_bad_or_taken_name_and_an_existing_folder(tmp_path):
    for bad in ("My Game", "9lives", "class", available()[0]):
        with pytest.raises(PlaybookError):
            new_game(bad, tmp_path)
    # A title typed where the key goes is answered with a key to use instead.
    with pytest.raises(PlaybookError, match="for example  tic_tac_toe --title 'Tic Tac Toe'"):
        new_game("Tic Tac Toe", tmp_path)
    (tmp_path / "taken").mkdir()
    with pytest.raises(PlaybookError, match="exists"):
        new_game("taken", tmp_path)


@pytest.mark.parametrize("name", ["json", "os", "random", "typing", "pytest", "playbook", "cosmic_chess", "kelasu"])
def test_new_game_refuses_the_name_of_an_installed_module_or_game(name, tmp_path):
    # Installed, a game called json hid the standard library's json, and load() and every puzzle list broke.
    with pytest.raises(PlaybookError, match=f"'{name}' is (taken|the name of a module Python can already import)"):
        new_game(name, tmp_path)
    assert not (tmp_path / name).exists()


def test_new_game_answers_a_long_name_or_title_and_a_folder_it_cannot_write_with_a_message(tmp_path, capsys):
    with pytest.raises(PlaybookError, match="at most 40 characters, not 5000") as refused:
        new_game("a" * 5000, tmp_path)
    assert len(str(refused.value)) < 200  # said in a line, not echoed back whole
    with pytest.raises(PlaybookError, match="--title: a line of at most 80 printable characters"):
        new_game("okname", tmp_path, title='Ann "the" Game')  # would break the package's own Python
    (tmp_path / "a-file").write_text("")
    assert main(["new-game", "okname", "--dir", str(tmp_path / "a-file")]) == 1
    err = capsys.readouterr().err
    assert "playbook new-game: error: cannot write the new game into" in err and "Traceback" not in err
    assert main(["new-game", "x" * 300, "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "at most 40 characters" in err and len(err) < 200


@pytest.mark.slow
def test_a_new_game_installs_and_passes_its_own_tests_and_every_shared_check(tmp_path):
    assert main(["new-game", "zz_trial", "--dir", str(tmp_path)]) == 0
    folder = tmp_path / "zz_trial"
    assert {p.name for p in folder.rglob("*.py")} == {"__init__.py", "game.py", "state.py", "engine.py",
                                                      "test_zz_trial.py", "test_zz_trial_checks.py"}
    # Installed into a folder of its own, so this session's games are left as they were.
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(folder)],
                   check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    # The designer's own pytest, in the package's folder, as the README says (the live board is the browser tier's).
    own = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-m", "not browser", "tests"],
                         cwd=folder, env=env, capture_output=True, text=True)
    assert own.returncode == 0, own.stdout + own.stderr
    passed = set(re.findall(r"test_game\[zz_trial-(\w+)\] PASSED", own.stdout))
    # Every check of the quick and slow tiers that applies to it, each its own test, the clarifications included.
    assert {"positions_read_back_from_their_text", "every_listed_action_gives_a_position_that_reads_back",
            "clarifications_name_their_tests", "selfplay_command_writes_parquet", "mined_puzzles_hold"} <= passed
    assert "SKIPPED" not in own.stdout, own.stdout
