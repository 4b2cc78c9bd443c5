"""playbook's JupyterLab extension: sources in labextension/src, built by
``npm run build`` in labextension/ into labextension/playbook-games, which
is committed and installed as share/jupyter/labextensions/playbook-games
(and copied into the JupyterLite site).  The committed build must be what
the builder makes of the sources today: checked everywhere by the
fingerprint of its sources the build writes beside it, and by building it
afresh where npm is at hand.  What it does in a page is tested in
tests/browser/test_reopened_boards.py and test_lite_reopen.py."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import fingerprint
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "labextension"
BUILT = SOURCE / "playbook-games"


def sources_fingerprint(folder: Path) -> str:
    """The extension's fingerprint, as ``stamp.mjs`` writes it."""
    return fingerprint.sources_fingerprint(folder, ["package.json", "package-lock.json", "stamp.mjs"])


def test_the_committed_build_was_made_from_the_sources_as_they_are():
    stated = (BUILT / "sources.sha256").read_text().strip()
    assert stated == sources_fingerprint(SOURCE), (
        "labextension/playbook-games is stale: run `npm ci && npm run build` in labextension/ and commit it")


def test_the_fingerprint_changes_with_any_source(tmp_path):
    (tmp_path / "src").mkdir()
    for name in ("package.json", "package-lock.json", "stamp.mjs", "src/index.js", "src/more.js"):
        (tmp_path / name).write_text(f"// {name}\n")
    before = sources_fingerprint(tmp_path)
    (tmp_path / "src" / "more.js").write_text("// changed\n")
    assert sources_fingerprint(tmp_path) != before
    (tmp_path / "src" / "more.js").write_text("// src/more.js\n")
    assert sources_fingerprint(tmp_path) == before
    (tmp_path / "package-lock.json").write_text("{}\n")
    assert sources_fingerprint(tmp_path) != before


def test_the_build_names_its_entry_and_shares_jupyterlabs_packages():
    meta = json.loads((BUILT / "package.json").read_text())
    assert meta["name"] == "playbook-games"
    entry = BUILT / meta["jupyterlab"]["_build"]["load"]
    assert entry.is_file()
    # JupyterLab's render registry is shared with the page, never bundled a second time.
    assert '"@jupyterlab/rendermime",import:null' in entry.read_text().replace(" ", "")


@pytest.mark.slow
def test_the_committed_build_is_a_fresh_build_of_the_sources(tmp_path):
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("the extension cannot be rebuilt here: no npm or node on the PATH")
    work = tmp_path / "labextension"
    shutil.copytree(SOURCE, work, ignore=shutil.ignore_patterns("node_modules", "playbook-games"))
    modules = SOURCE / "node_modules"
    if modules.is_dir():
        (work / "node_modules").symlink_to(modules)
    else:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=work, check=True, capture_output=True)
    # The builder is the jupyter-builder command beside this Python.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    subprocess.run(["npm", "run", "build"], cwd=work, check=True, capture_output=True, env={**os.environ, "PATH": path})
    assert built_from_sources(work / "playbook-games") == built_from_sources(BUILT), (
        "labextension/playbook-games is stale: run `npm run build` in labextension/ and commit it")


def built_from_sources(folder: Path) -> dict[str, bytes]:
    """The files of a build that come from the sources: all but the
    container's entry script, whose module ids the builder derives from the
    folder the build ran in (and the entry's name in package.json)."""
    files = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()
             and not p.name.startswith("remoteEntry.")}
    meta = json.loads(files.pop("package.json"))
    del meta["jupyterlab"]["_build"]["load"]
    files["package.json"] = json.dumps(meta, sort_keys=True).encode()
    return files
