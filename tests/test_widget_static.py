"""Where a board finds its front end: the repository's widgets/ folder in a
clone (so an edit shows at once), the package's static/ folder in an
installed wheel (where the build puts the bundle and its style)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from playbook import BoardWidget
from playbook.widget.bundle import static_dir

ROOT = Path(__file__).resolve().parent.parent


def test_in_a_clone_the_board_serves_the_repositorys_widgets_folder():
    assert static_dir() == ROOT / "widgets"
    assert str(BoardWidget._esm) == (ROOT / "widgets" / "board.js").read_text()


def test_installed_from_a_wheel_the_board_serves_the_packages_static_folder(tmp_path):
    # The wheel pip builds, unpacked as an installer lays it out.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("playbook*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    # The bundle and its style only: neither its sources nor the bundler's node_modules.
    assert sorted(n for n in names if n.startswith("playbook/static/")) == [
        "playbook/static/board.css", "playbook/static/board.js"]
    assert "playbook/games/cosmic/state.py" in names and "playbook/widget/history.py" in names
    # The protocol's list, which the Python side reads at import.
    assert "playbook/widget/protocol.json" in names
    script = ("import pathlib, playbook.widget as w, playbook.widget.bundle as b;"
              "print(pathlib.Path(w.__file__).parent.parent.parent);"
              "print(b.static_dir().relative_to(pathlib.Path(w.__file__).parent.parent.parent));"
              "print(str(w.BoardWidget._esm) == (b.static_dir() / 'board.js').read_text())")
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env={"PYTHONPATH": str(site)},
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out == [str(site), "playbook/static", "True"]
