"""The finder the site's Python uses for folders on its drive (see
playbook.site.imports), run here in CPython on a folder of the disk."""

import importlib.util
import os
import sys
import zipfile
from pathlib import Path

import pytest

from playbook.site import imports as lite_imports, lite
from playbook.site.imports import DriveFinder


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock(monkeypatch):
    c = Clock()
    monkeypatch.setattr(lite_imports.time, "monotonic", c)
    return c


@pytest.fixture
def listings(monkeypatch):
    """The folders listed, in order."""
    seen = []
    real = os.listdir

    def counted(path):
        seen.append(path)
        return real(path)

    monkeypatch.setattr(lite_imports.os, "listdir", counted)
    return seen


def test_names_the_folder_does_not_hold_cost_one_listing_a_second(tmp_path, clock, listings):
    finder = DriveFinder(str(tmp_path))
    asked = []
    finder._finder = type("Spy", (), {"find_spec": lambda self, *a: asked.append(a),
                                      "invalidate_caches": lambda self: None})()
    for name in ("json", "IPython", "playbook.core", "numpy"):
        assert finder.find_spec(name) is None
    assert listings == [str(tmp_path)]  # one listing for four imports
    assert asked == []  # and no question to the folder beyond it
    clock.now += lite_imports.FRESH_FOR
    assert finder.find_spec("json") is None
    assert listings == [str(tmp_path)] * 2  # a second later, the folder is read again


def test_in_the_browser_a_listing_is_one_call_to_the_runtime_not_a_question_per_name(tmp_path, clock, listings,
                                                                                     monkeypatch):
    # os.listdir in the browser asks the drive once more for each name it
    # holds (to learn its kind); the runtime's own readdir asks once.
    (tmp_path / "mine.py").write_text("ANSWER = 42\n")
    read = []

    class Names(list):
        def to_py(self):
            return list(self)

    class FS:
        @staticmethod
        def readdir(folder):
            read.append(folder)
            return Names([".", "..", *sorted(entry.name for entry in os.scandir(folder))])

    monkeypatch.setitem(sys.modules, "pyodide_js", type(sys)("pyodide_js"))
    sys.modules["pyodide_js"].FS = FS
    finder = DriveFinder(str(tmp_path))
    assert finder.find_spec("json") is None
    assert finder.find_spec("mine") is not None
    assert read == [str(tmp_path)]
    assert listings == []
    assert finder._listing() == {"mine.py"}  # without "." and ".."


def test_a_module_on_the_drive_is_found_and_imported(tmp_path, clock):
    (tmp_path / "mine.py").write_text("ANSWER = 42\n")
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("NAME = 'kit'\n")
    finder = DriveFinder(str(tmp_path))
    spec = finder.find_spec("mine")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.ANSWER == 42
    assert finder.find_spec("kit").submodule_search_locations == [str(tmp_path / "kit")]


def test_a_module_written_after_the_listing_is_found_after_invalidate_caches(tmp_path, clock):
    finder = DriveFinder(str(tmp_path))
    assert finder.find_spec("late") is None
    (tmp_path / "late.py").write_text("X = 1\n")
    # Within the second the listing stands, as Python's own finder's cache would ...
    assert finder.find_spec("late") is None
    # ... and invalidate_caches() (which Python asks for after writing a module) rereads it.
    finder.invalidate_caches()
    assert finder.find_spec("late").origin == str(tmp_path / "late.py")


def test_only_the_drives_folders_get_the_finder():
    assert isinstance(lite_imports._hook("/drive"), DriveFinder)
    assert isinstance(lite_imports._hook("/drive/lessons"), DriveFinder)
    for other in ("/lib/python3.14/site-packages", "/drive-other", "/home/pyodide", ""):
        with pytest.raises(ImportError):
            lite_imports._hook(other)


def test_the_sites_standard_library_holds_the_finder_as_its_sitecustomize(tmp_path):
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("json/__init__.py", "# the runtime's own\n")
    (tmp_path / "work").mkdir()
    copy = lite.with_startup(stdlib, tmp_path / "work")
    with zipfile.ZipFile(copy) as archive:
        assert archive.read("json/__init__.py") == b"# the runtime's own\n"
        assert archive.read("sitecustomize.py") == Path(lite_imports.__file__).read_bytes()
    with zipfile.ZipFile(stdlib) as archive:
        assert archive.namelist() == ["json/__init__.py"]  # the runtime's own file is left as it was


def test_install_puts_the_hook_first_once(monkeypatch):
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    lite_imports.install()
    lite_imports.install()
    assert sys.path_hooks[0] is lite_imports._hook
    assert sys.path_hooks.count(lite_imports._hook) == 1
