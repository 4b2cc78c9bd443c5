"""Settings for every test, notebook and doctest: progress is kept in a
throw-away folder, never in the user's own data folder.

``PLAYBOOK_HOME`` is set when the session starts, before any kernel does,
so the kernels nbval starts inherit it and a notebook's saved output is
that of a learner who has solved nothing yet.  Each test and doctest also
gets a folder of its own, so what one solves does not leak into another.
"""

import os
import shutil
import tempfile

import pytest
from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

_session_home = None

#: Left out of docs/: the build's output and the pages made from other
#: sources (their notebooks and docstrings are tested where they live), the
#: settings and the extension (tested by building the site, tests/test_docs.py).
collect_ignore = ["docs/conf.py"]
collect_ignore_glob = ["docs/_build/*", "docs/generated/*", "docs/_ext/*"]

#: The code examples of the README and the site's hand-written pages run as
#: tests: a ```python block runs, and its ``>>>`` lines are checked against
#: their output (the site's generated pages come from sources tested elsewhere).
pytest_collect_file = Sybil(
    parsers=[PythonCodeBlockParser(), SkipParser()],
    patterns=["README.md", "docs/*.md", "docs/*/*.md"],
    excludes=["docs/generated/*", "docs/_build/*"],
).pytest()


def pytest_configure(config):
    global _session_home
    _session_home = tempfile.mkdtemp(prefix="playbook-home-")
    os.environ["PLAYBOOK_HOME"] = _session_home


def pytest_unconfigure(config):
    if _session_home is not None:
        shutil.rmtree(_session_home, ignore_errors=True)


def pytest_ignore_collect(collection_path, config):
    """Leave an example game's own modules to its installed copy.

    The test command installs each package under ``examples/`` (not in
    editable mode), so importing its source files again for doctests would
    clash with the installed modules of the same name; its ``tests/`` folder
    is collected as usual.
    """
    parts = collection_path.relative_to(config.rootpath).parts if collection_path.is_relative_to(config.rootpath) else ()
    if len(parts) >= 4 and parts[0] == "examples" and parts[2] != "tests" and collection_path.suffix == ".py":
        return True
    return None


def pytest_collection_modifyitems(config, items):
    """Mark every notebook's cells ``notebook``, so ``-m "not notebook"`` leaves them out."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.notebook)


@pytest.fixture(autouse=True)
def playbook_home(tmp_path_factory, monkeypatch):
    """A progress folder of this test's own (empty at the start)."""
    home = tmp_path_factory.mktemp("playbook-home")
    monkeypatch.setenv("PLAYBOOK_HOME", str(home))
    return home
