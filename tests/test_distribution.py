"""The distribution as published: built into a wheel here, then read back.

It is ``playbook-games`` on PyPI (``playbook`` is another project's), but
imports as ``playbook`` and installs the ``playbook`` command; the wheel
holds the board's front end, JupyterLab's settings file and the
JupyterLab extension that shows saved pictures, and nothing of the
tests."""

import json
import os
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    # The committed bundle, so the front end in the wheel can be compared byte for byte.
    env = {**os.environ, "PLAYBOOK_BUNDLE": "0"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(ROOT)], check=True, env=env, capture_output=True)
    (built,) = out.glob("*.whl")
    with zipfile.ZipFile(built) as archive:
        yield built.name, {name: archive.read(name) for name in archive.namelist()}


def metadata(files):
    (name,) = [n for n in files if n.endswith(".dist-info/METADATA")]
    return Parser().parsestr(files[name].decode())


def test_the_wheel_is_named_playbook_games_and_imports_as_playbook(wheel):
    name, files = wheel
    assert name == "playbook_games-0.1.0-py3-none-any.whl"
    assert metadata(files)["Name"] == "playbook-games"
    assert "playbook/__init__.py" in files
    assert {n.split("/")[0] for n in files} == {"playbook", "playbook_games-0.1.0.dist-info",
                                                 "playbook_games-0.1.0.data"}


def test_the_wheel_installs_the_playbook_command(wheel):
    _, files = wheel
    entry_points = files["playbook_games-0.1.0.dist-info/entry_points.txt"].decode()
    assert "[console_scripts]\nplaybook = playbook.command:main" in entry_points


def test_the_metadata_names_the_licence_the_urls_and_the_audience(wheel):
    meta = metadata(wheel[1])
    assert meta["License-Expression"] == "MIT"
    assert "playbook_games-0.1.0.dist-info/licenses/LICENSE" in wheel[1]
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues", "Documentation"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    classifiers = meta.get_all("Classifier")
    assert "Framework :: Jupyter :: JupyterLab" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert meta["Requires-Python"] == ">=3.10"
    assert meta["Summary"] and meta["Description-Content-Type"] == "text/markdown"


def test_the_wheel_holds_the_front_end_and_the_settings_file(wheel):
    _, files = wheel
    assert files["playbook/static/board.js"] == (ROOT / "widgets" / "board.js").read_bytes()
    assert files["playbook/static/board.css"] == (ROOT / "widgets" / "board.css").read_bytes()
    settings = "playbook_games-0.1.0.data/data/share/jupyter/lab/settings/overrides.d/playbook.json"
    assert files[settings] == (ROOT / "jupyter-settings" / "playbook.json").read_bytes()
    # The JupyterLab extension that shows a board's picture where its live view cannot be drawn.
    built = ROOT / "labextension" / "playbook-games"
    shipped = "playbook_games-0.1.0.data/data/share/jupyter/labextensions/playbook-games/"
    expected = {shipped + str(p.relative_to(built)): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    assert {n: files[n] for n in files if n.startswith(shipped)} == expected
    entry = json.loads(expected[shipped + "package.json"])["jupyterlab"]["_build"]["load"]
    assert entry.startswith("static/remoteEntry.")
    # The puzzles ship as data inside the package, each game's in its own package.
    assert {f"playbook/games/{g}/puzzles.json" for g in ("cosmic", "kelasu", "cresnovian", "ccc", "wheel")} <= set(files)


def test_the_wheel_holds_nothing_of_the_tests_the_sources_or_the_notebooks(wheel):
    _, files = wheel
    assert not [n for n in files if n.startswith(("tests/", "notebooks/", "widgets/", "benchmarks/", "binder/"))]
    # A test module (a new game's template of one, test_game.py.tmpl, is package data).
    assert not [n for n in files if "conftest" in n or n.endswith((".ipynb", ".pyc"))
                or (n.rsplit("/", 1)[-1].startswith("test_") and n.endswith(".py"))]
    assert not [n for n in files if "node_modules" in n or n.startswith("playbook/static/src")]
