"""The GitHub workflows test what the package claims, through .ci/run.

Every Python the classifiers of pyproject.toml list is tested on every
push: the lowest and the highest with the whole suite, those between
with the quick tier; the lowest versions of the dependencies once more;
and a release builds and checks the wheel and the sdist before it
publishes them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

tomllib = pytest.importorskip("tomllib")

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def listed_pythons() -> list[str]:
    classifiers = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["classifiers"]
    found = [m[1] for c in classifiers if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c))]
    return sorted(found, key=lambda v: tuple(map(int, v.split("."))))


def jobs(name: str) -> dict:
    return yaml.safe_load((WORKFLOWS / name).read_text())["jobs"]


def steps_run(job: dict) -> list[str]:
    return [step["run"] for step in job["steps"] if "run" in step]


def test_the_classifiers_start_at_requires_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == f">={listed_pythons()[0]}"


def test_the_lowest_and_highest_python_run_the_whole_suite_and_the_others_the_quick_tier():
    pythons = listed_pythons()
    ci = jobs("ci.yml")
    assert ci["whole"]["strategy"]["matrix"]["python"] == [pythons[0], pythons[-1]]
    assert ci["quick"]["strategy"]["matrix"]["python"] == pythons[1:-1]
    assert steps_run(ci["whole"]) == [".ci/run"]
    assert steps_run(ci["quick"]) == [".ci/run quick"]
    for job in ("whole", "quick"):
        assert ci[job]["container"] == "python:${{ matrix.python }}-bookworm"


def test_the_lowest_versions_run_on_the_lowest_python():
    lowest = jobs("ci.yml")["lowest"]
    assert lowest["container"] == f"python:{listed_pythons()[0]}-bookworm"
    assert steps_run(lowest) == [".ci/run lowest"]


def test_a_release_is_tested_built_checked_and_published_by_trusted_publishing():
    release = jobs("release.yml")
    assert steps_run(release["test"]) == [".ci/run"]
    assert ".ci/run dist" in steps_run(release["dist"])
    assert release["dist"]["needs"] == "test"
    publish = release["publish"]
    assert publish["needs"] == "dist"
    assert publish["permissions"] == {"id-token": "write"}
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@") for step in publish["steps"])
    # Trusted publishing: no token is handed to the action.
    assert not any("password" in step.get("with", {}) for step in publish["steps"])


def test_ci_run_knows_every_mode_the_workflows_call():
    script = (ROOT / ".ci" / "run").read_text()
    called = {run for name in ("ci.yml", "release.yml") for job in jobs(name).values() for run in steps_run(job)
              if run.startswith(".ci/run")}
    for run in called:
        mode = run.removeprefix(".ci/run").strip() or "all"
        assert re.search(rf"^{mode}\)$", script, flags=re.M), f"{run}: .ci/run has no such mode"
