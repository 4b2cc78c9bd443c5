"""Where a board finds its front end: the repository's widgets/ folder in a
clone (so an edit shows at once), the package's static/ folder in an
installed wheel (pyproject.toml force-includes widgets/ there)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import playbook.widget
from playbook import BoardWidget

ROOT = Path(__file__).resolve().parent.parent

tomllib = pytest.importorskip("tomllib", reason="reads pyproject.toml with Python 3.11's tomllib")


def test_in_a_clone_the_board_serves_the_repositorys_widgets_folder():
    assert playbook.widget._static_dir() == ROOT / "widgets"
    assert str(BoardWidget._esm) == (ROOT / "widgets" / "board.js").read_text()


def test_installed_from_a_wheel_the_board_serves_the_packages_static_folder(tmp_path):
    # The package laid out as the wheel lays it out: its modules, and each
    # folder pyproject.toml force-includes at the place it names.
    site = tmp_path / "site"
    shutil.copytree(ROOT / "playbook", site / "playbook", ignore=shutil.ignore_patterns("__pycache__"))
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    for source, target in config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"].items():
        shutil.copytree(ROOT / source, site / target)
    script = ("import pathlib, playbook.widget as w;"
              "print(pathlib.Path(w.__file__).parent.parent.parent);"
              "print(w._static_dir().relative_to(pathlib.Path(w.__file__).parent.parent.parent));"
              "print(str(w.BoardWidget._esm) == (w._static_dir() / 'board.js').read_text())")
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == [str(site), "playbook/static", "True"]
