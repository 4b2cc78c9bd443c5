"""binder/ alone must build a working environment, as Binder's repo2docker would:
install binder/requirements.txt into a fresh virtual environment, run
binder/postBuild from the repository root, then use the package and JupyterLab."""

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert result.returncode == 0, f"{args} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def binder_python() -> str | None:
    """An interpreter of the Python Binder builds on (``binder/runtime.txt``):
    this one when it is that version, else one on the PATH or under pyenv."""
    version = (ROOT / "binder" / "runtime.txt").read_text().strip().removeprefix("python-")
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    candidates = [shutil.which(f"python{version}")]
    candidates += sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")))
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


def test_binder_files_build_an_environment_that_imports_playbook(tmp_path):
    # The pins are exact versions for Binder's Python; another Python may
    # find no wheel of them, as Binder never would.
    python = binder_python()
    if python is None:
        pytest.skip(f"no Python {(ROOT / 'binder' / 'runtime.txt').read_text().strip()} here to build Binder's environment with")
    venv = tmp_path / "env"
    run([python, "-m", "venv", str(venv)])
    bindir = venv / "bin"
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    run([str(bindir / "python"), "-m", "pip", "install", "-q", "-r", str(ROOT / "binder" / "requirements.txt")], env=env)
    run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env)
    # Run from elsewhere so the repository's own folder cannot stand in for the install.
    out = run(
        [str(bindir / "python"), "-c",
         "import playbook, playbook.widget, pathlib;"
         "print(pathlib.Path(playbook.__file__).parent.parent.name);"
         "print(playbook.load('cosmic').initial().to_text());"
         "print(playbook.BoardWidget(playbook.load('cosmic')).state.to_move)"],
        cwd=tmp_path, env=env,
    )
    assert out.splitlines() == ["site-packages", "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "white"]
    assert "4." in run([str(bindir / "jupyter"), "lab", "--version"], cwd=tmp_path, env=env)
