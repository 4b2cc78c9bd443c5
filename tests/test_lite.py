"""The JupyterLite site's pieces that need no browser: where progress is
kept in the page, the lock that lists the shipped wheels, the site's
settings and the notebooks it holds.  The site itself is built and played
in tests/browser/test_lite_site.py."""

import hashlib
import io
import json
import sys
import warnings
import zipfile
from pathlib import Path

import pytest

from playbook.learn import progress
from playbook.site import bytecode
from playbook.site import lite
from playbook.command.cli import _parser

ROOT = Path(__file__).resolve().parent.parent


def test_in_the_browser_progress_lives_on_the_sites_drive(monkeypatch, tmp_path):
    # Pyodide reports the platform "emscripten" and the kernel mounts the
    # browser's storage at /drive; everything else there is lost on reload.
    monkeypatch.delenv("PLAYBOOK_HOME")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "BROWSER_DRIVE", tmp_path)
    assert progress.home() == tmp_path / ".playbook"
    progress.Progress().add("Cosmic Chess, part 1", "Free a rook.")
    assert json.loads((tmp_path / ".playbook" / "progress.json").read_text())["tutorials"] == {
        "Cosmic Chess, part 1": ["Free a rook."]}


def test_playbook_home_still_wins_in_the_browser(monkeypatch, tmp_path, playbook_home):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "BROWSER_DRIVE", tmp_path)
    assert progress.home() == playbook_home


def test_without_a_drive_the_browser_falls_back_to_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("PLAYBOOK_HOME")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "BROWSER_DRIVE", tmp_path / "no-drive")
    monkeypatch.setattr(progress, "_WARNED_WITHOUT_A_DRIVE", [])
    with pytest.warns(progress.ProgressWarning, match="forgotten when the page is reloaded"):
        assert ".playbook" not in progress.home().parts
    # Said once, not at every exercise.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        progress.home()


def make_wheel(folder: Path, name: str, files: dict[str, str]) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    wheel = folder / name
    wheel.write_bytes(buffer.getvalue())
    return wheel


def test_a_lock_entry_names_the_wheel_its_checksum_and_its_modules(tmp_path):
    wheel = make_wheel(tmp_path, "Typing_Extensions-4.16.0-py3-none-any.whl", {
        "typing_extensions.py": "", "typing_extensions-4.16.0.dist-info/METADATA": "Name: typing_extensions\n"})
    entry = lite.lock_entry(wheel)
    assert entry["name"] == "typing-extensions"
    assert entry["version"] == "4.16.0"
    assert entry["file_name"] == "Typing_Extensions-4.16.0-py3-none-any.whl"
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["typing_extensions"]
    assert entry["install_dir"] == "site" and entry["depends"] == []


def dist(folder: Path, name: str, version: str, top: str, *needs: str) -> Path:
    """A wheel of distribution ``name`` providing module ``top`` and declaring ``needs`` (Requires-Dist lines)."""
    wheel_name = f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    meta = f"Name: {name}\n" + "".join(f"Requires-Dist: {n}\n" for n in needs)
    return make_wheel(folder, wheel_name, {f"{top}/__init__.py": "", f"{name}-{version}.dist-info/METADATA": meta})


def test_the_lock_lists_exactly_the_shipped_wheels_under_the_runtimes_own_info(tmp_path):
    runtime_lock = tmp_path / "runtime-lock.json"
    info = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
    runtime_lock.write_text(json.dumps({"info": info, "packages": {"numpy": {}, "micropip": {}}}))
    wheels = [dist(tmp_path, "svgwrite", "1.4.3", "svgwrite"),
              dist(tmp_path, "playbook-games", "0.1.0", "playbook", "svgwrite>=1.4", "numpy",
                   'pywin32; sys_platform == "win32"', 'pytest; extra == "test"')]
    packages = lite.write_lock(tmp_path, runtime_lock, wheels)
    lock = json.loads((tmp_path / "pyodide-lock.json").read_text())
    assert sorted(packages) == ["playbook-games", "svgwrite"]
    assert lock["info"] == info
    assert lock["packages"] == packages
    assert lock["packages"]["playbook-games"]["imports"] == ["playbook"]
    # Importing playbook loads svgwrite with it; numpy is not shipped, pywin32 is for Windows, pytest an extra's.
    assert lock["packages"]["playbook-games"]["depends"] == ["svgwrite"]
    assert lock["packages"]["svgwrite"]["depends"] == []


def test_a_requirement_counts_in_the_browser_only_where_its_marker_holds_there(tmp_path):
    wheel = dist(tmp_path, "ipython", "9.12.0", "IPython", 'colorama; sys_platform == "win32"',
                 'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
                 'exceptiongroup; python_version < "3.11"', 'decorator', 'typing_extensions; python_version < "3.15"',
                 'black; extra == "black"')
    # Pyodide's Python 3.14 on Emscripten: neither Windows' colorama nor the terminal's pexpect, no backport.
    assert lite.browser_requirements(wheel, "3.14.2") == ["decorator", "typing-extensions"]


def test_the_site_ships_what_its_roots_need_and_no_other_wheel(tmp_path):
    wheels = [dist(tmp_path, "playbook-games", "0.1.0", "playbook", "svgwrite", "anywidget"),
              dist(tmp_path, "anywidget", "0.11.0", "anywidget", "psygnal", 'pytest; extra == "dev"'),
              dist(tmp_path, "psygnal", "0.16.1", "psygnal"),
              dist(tmp_path, "svgwrite", "1.4.3", "svgwrite"),
              dist(tmp_path, "pytest", "9.0.0", "pytest"),
              dist(tmp_path, "ipython", "9.12.0", "IPython", "jedi"),
              dist(tmp_path, "jedi", "0.20.1", "jedi")]
    names = sorted(w.name.split("-")[0] for w in lite.needed(wheels, ["playbook-games"], "3.14.2"))
    assert names == ["anywidget", "playbook_games", "psygnal", "svgwrite"]
    names = sorted(w.name.split("-")[0] for w in lite.needed(wheels, ["playbook-games", "IPython"], "3.14.2"))
    assert names == ["anywidget", "ipython", "jedi", "playbook_games", "psygnal", "svgwrite"]


def test_the_kernel_loads_at_start_what_it_and_the_first_cell_import(tmp_path):
    packages = {
        "ipython": {"depends": ["jedi", "pygments"]}, "jedi": {"depends": ["parso"]}, "parso": {"depends": []},
        "pygments": {"depends": []}, "comm": {"depends": ["traitlets"]}, "traitlets": {"depends": []},
        "playbook-games": {"depends": ["svgwrite", "traitlets"]}, "svgwrite": {"depends": []},
    }
    # The kernel's own (ipython, jedi, comm) and theirs; playbook and svgwrite wait for a cell that imports them.
    assert lite.at_start(packages) == ["comm", "ipython", "jedi", "parso", "pygments", "traitlets"]
    # Unless named as what the first cell imports: then with what playbook needs (svgwrite), once each.
    assert lite.at_start(packages, ("playbook-games",)) == [
        "comm", "ipython", "jedi", "parso", "playbook-games", "pygments", "svgwrite", "traitlets"]
    # A name the lock does not hold is no package to load.
    assert lite.at_start(packages, ("numpy",)) == lite.at_start(packages)


def test_the_site_loads_every_wheel_at_start_and_never_asks_pypi():
    settings = lite.site_config(["ipython", "playbook-games"])["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["ipython", "playbook-games"]


def test_the_site_holds_every_notebook_but_the_analysis():
    names = [p.name for p in lite.site_notebooks(ROOT)]
    assert "analysis.ipynb" not in names
    assert {"00_start_here.ipynb", "puzzles.ipynb", "cosmic_chess.ipynb", "chess_wheel_part_2.ipynb"} <= set(names)
    assert len(names) == len(list((ROOT / "notebooks").glob("*.ipynb"))) - 1


def test_a_site_notebook_has_its_texts_whole_and_names_the_sites_kernel():
    shipped = json.loads((ROOT / "notebooks" / "chess_wheel.ipynb").read_text())
    site = json.loads(lite.site_notebook((ROOT / "notebooks" / "chess_wheel.ipynb").read_text()))
    # As the kernel describes itself in the page (JupyterLab writes that over anything else).
    assert site["metadata"]["kernelspec"] == {"display_name": "Python (Pyodide)", "language": "python",
                                              "name": "python"}
    assert site["metadata"]["language_info"]["name"] == "python"
    assert len(site["cells"]) == len(shipped["cells"])
    for was, now in zip(shipped["cells"], site["cells"], strict=True):
        # Every text a list of lines in the file is the same text in one string.
        assert now["source"] == "".join(was["source"])
        for old, new in zip(was.get("outputs", []), now.get("outputs", []), strict=True):
            for kind, value in old.get("data", {}).items():
                assert new["data"][kind] == ("".join(value) if isinstance(value, list) else value)
    markdown = [o["data"]["text/markdown"] for c in site["cells"] for o in c.get("outputs", [])
                if "text/markdown" in o.get("data", {})]
    assert markdown and all(isinstance(m, str) for m in markdown)


def test_the_sites_extensions_are_the_installed_ones_and_playbooks_from_the_repository(tmp_path):
    names = lite.front_ends(ROOT, tmp_path / "extensions")
    assert {"@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension", "anywidget",
            "playbook-games"} <= set(names)
    own = tmp_path / "extensions" / "playbook-games"
    built = ROOT / "labextension" / "playbook-games"
    assert {p.relative_to(own): p.read_bytes() for p in own.rglob("*") if p.is_file()} == {
        p.relative_to(built): p.read_bytes() for p in built.rglob("*") if p.is_file()}
    config = lite.build_config(tmp_path / "extensions")
    assert config["FederatedExtensionAddon"]["extra_labextensions_path"] == [str(tmp_path / "extensions")]
    assert config["LiteBuildConfig"]["ignore_sys_prefix"] == ["federated_extensions"]


def test_the_front_page_opens_the_start_notebook():
    page = lite.start_page()
    assert 'content="0; url=lab/index.html?path=00_start_here.ipynb"' in page


def test_the_kernel_wants_the_pyodide_the_build_fetches():
    # The runtime from npm must be the kernel's own version: another fails in the page.
    version, python = lite.pyodide_version()
    assert version.startswith("314.") and python == "3.14"


def test_the_command_takes_an_output_folder_and_a_source():
    args = _parser().parse_args(["lite", "--out", "site", "--source", "repo"])
    assert (args.command, args.out, args.source) == ("lite", "site", "repo")


def test_building_from_a_folder_that_is_no_clone_says_so(tmp_path):
    with pytest.raises(FileNotFoundError, match="not a clone"):
        lite.build(tmp_path, tmp_path / "out")


def test_each_release_publishes_the_site_to_github_pages():
    # The documentation site, whose build puts the JupyterLite site in its lite/ folder.
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "release:\n    types: [published]" in workflow
    assert "python -m sphinx -M html docs _build -W --keep-going" in workflow
    assert "path: _build/html" in workflow and "actions/deploy-pages" in workflow
    assert '".[docs]"' in workflow and "setup-node" in workflow


def test_in_the_browser_a_missing_library_says_where_to_go(monkeypatch):
    from playbook import browser

    monkeypatch.setattr(browser, "IN_BROWSER", True)
    message = str(browser.missing("pandas", "Review.frame()"))
    assert message.startswith("Review.frame() needs pandas, which this in-browser version of playbook cannot load")
    assert "Binder" in message


def test_a_review_without_pandas_or_matplotlib_says_what_it_needs(monkeypatch):
    from playbook import load
    from playbook.analysis import review
    from playbook.records import Record

    start = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w")
    done = review(Record.of(start, ["b1-a1"]))
    # A module set to None in sys.modules cannot be imported, as when it is not installed.
    monkeypatch.setitem(sys.modules, "pandas", None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match=r"^Review.frame\(\) needs pandas: pip install"):
        done.frame()
    with pytest.raises(ImportError, match=r"^Review.plot\(\) needs matplotlib: pip install"):
        done.plot()


# ---------------------------------------------------------------- where a site may go


@pytest.fixture
def quick_build(monkeypatch, tmp_path):
    """The build with its slow pieces (pip, npm, jupyter lite) replaced by quick ones that write a small
    site, and every folder deletion checked: outside this test's own and temporary folders it fails the
    test instead of deleting anything, so even a build that tried to delete /, the home folder or the
    clone the tests run from (under /tmp too) does no harm.  Sets ``fail`` to make the jupyter lite step fail."""
    import shutil
    import tempfile

    allowed = [tmp_path.resolve(), Path(tempfile.gettempdir()).resolve()]
    real_rmtree = shutil.rmtree

    def guarded_rmtree(path, *args, **kwargs):
        target = Path(path).resolve()
        outside = not any(target == root or root in target.parents for root in allowed)
        if outside or target in allowed or target == ROOT.resolve() or target in ROOT.resolve().parents:
            raise AssertionError(f"the build tried to delete {target}")
        return real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(shutil, "rmtree", guarded_rmtree)
    pieces = tmp_path / "pieces"
    (pieces / "runtime").mkdir(parents=True)
    (pieces / "runtime" / "pyodide-lock.json").write_text(json.dumps({
        "info": {"python": "3.14.0"}, "packages": {"micropip": {"version": "1"}, "packaging": {"version": "2"}}}))
    (pieces / "wheels").mkdir()
    own = make_wheel(pieces, "playbook_games-0.1.0-py3-none-any.whl", {
        "playbook/__init__.py": "", "playbook_games-0.1.0.dist-info/METADATA": "Name: playbook-games\n"})
    monkeypatch.setattr(lite, "pyodide_version", lambda: ("314.0.0", "3.14"))
    monkeypatch.setattr(lite, "playbook_wheel", lambda source, dest: own)
    monkeypatch.setattr(lite, "runtime", lambda cache, version: pieces / "runtime")
    monkeypatch.setattr(lite, "browser_wheels", lambda cache, wanted, python: pieces / "wheels")
    monkeypatch.setattr(lite, "kernel_wheels", lambda: [])
    for name in lite.RUNTIME_FILES[:-1]:
        (pieces / "runtime" / name).write_text("")
    # Bytecode is made by the runtime under Node.js; here each archive stays as it was.
    monkeypatch.setattr(bytecode, "precompiled", lambda runtime, version, jobs, cache: [j.source for j in jobs])
    state = {"fail": False, "builds": 0}

    def run(args, **kwargs):
        if state["fail"]:
            raise RuntimeError("jupyter lite build failed: no space left")
        out = Path(args[args.index("--output-dir") + 1])
        out.mkdir(parents=True)
        state["builds"] += 1
        (out / "build.txt").write_text(str(state["builds"]))
        (out / "static" / "favicons").mkdir(parents=True)  # as jupyter lite build writes JupyterLab's icon
        (out / "static" / "favicons" / "favicon.ico").write_bytes(b"\0\0\1\0")

    monkeypatch.setattr(lite, "_run", run)
    monkeypatch.setenv("PLAYBOOK_LITE_CACHE", str(pieces / "cache"))
    return state


LITE_MARKER_NAME = ".playbook-lite-site"


def lite_command(out, capsys) -> tuple[int, str]:
    from playbook.command.cli import main

    status = main(["lite", "--out", str(out), "--source", str(ROOT)])
    return status, capsys.readouterr().err


def test_the_site_is_never_built_over_a_folder_an_earlier_build_did_not_write(tmp_path, quick_build, capsys):
    # `--out .` from a folder of one's own work: the build replaces its folder, so it must refuse this one.
    work = tmp_path / "my-work"
    (work / ".git").mkdir(parents=True)
    (work / "notes.txt").write_text("a week of work")
    status, err = lite_command(work, capsys)
    assert status == 2 and "holds files that no earlier playbook lite build wrote" in err
    assert (work / "notes.txt").read_text() == "a week of work" and (work / ".git").is_dir()
    assert quick_build["builds"] == 0  # refused before anything was built


@pytest.mark.parametrize("where, said", [
    (lambda tmp, home: Path("/"), "is the root of the disk"),
    (lambda tmp, home: home, "is your home folder"),
    (lambda tmp, home: home.parent, "holds your home folder"),
    (lambda tmp, home: ROOT, "is the repository it builds from"),
    (lambda tmp, home: ROOT.parent, "holds the repository it builds from"),
])
def test_the_root_the_home_folder_and_the_source_are_refused_saying_why(where, said, tmp_path, quick_build, capsys,
                                                                          monkeypatch):
    home = tmp_path / "people" / "ann"
    home.mkdir(parents=True)
    (home / LITE_MARKER_NAME).write_text("even with a marker")  # a marker never makes these folders fair game
    monkeypatch.setenv("HOME", str(home))
    status, err = lite_command(where(tmp_path, home), capsys)
    assert status == 2 and said in err, err
    assert (home / LITE_MARKER_NAME).is_file() and quick_build["builds"] == 0


def test_a_build_replaces_its_own_earlier_site_whole_and_a_failed_one_leaves_it(tmp_path, quick_build, capsys):
    out = tmp_path / "_site"
    assert lite_command(out, capsys)[0] == 0
    assert (out / "build.txt").read_text() == "1" and (out / "index.html").is_file()
    assert (out / LITE_MARKER_NAME).is_file()
    (out / "stale.js").write_text("from the first build")
    assert lite_command(out, capsys)[0] == 0
    assert (out / "build.txt").read_text() == "2" and not (out / "stale.js").exists()
    quick_build["fail"] = True
    status, err = lite_command(out, capsys)
    assert status == 1 and "no space left" in err
    assert (out / "build.txt").read_text() == "2"  # the last whole site, untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site", "pieces"]  # nothing half-built left beside it


def test_an_empty_or_new_folder_takes_a_site(tmp_path, quick_build, capsys):
    (tmp_path / "empty").mkdir()
    assert lite_command(tmp_path / "empty", capsys)[0] == 0
    assert lite_command(tmp_path / "new" / "deeper", capsys)[0] == 0
    assert (tmp_path / "new" / "deeper" / "build.txt").is_file()
    (tmp_path / "a-file").write_text("x")
    status, err = lite_command(tmp_path / "a-file", capsys)
    assert status == 2 and "is a file" in err and (tmp_path / "a-file").read_text() == "x"
