"""The package stays clean under its linter (ruff) and its type checker (mypy),
at the strictness configured in pyproject.toml."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def check(tool, *args):
    """Run ``python -m tool args`` from the repository root; fail with its output unless it exits 0."""
    result = subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"{tool} found problems:\n{result.stdout}\n{result.stderr}"


def test_ruff_finds_nothing_in_the_package():
    check("ruff", "check", "playbook")


def test_mypy_finds_no_type_errors_in_the_package():
    check("mypy", "playbook")


def test_ruff_and_mypy_find_nothing_in_the_example_games():
    check("ruff", "check", "examples")
    packages = sorted(str(p.parent.relative_to(ROOT)) for p in ROOT.glob("examples/*/*/__init__.py"))
    assert packages, "no example game under examples/"
    check("mypy", *packages)
