"""Checks of a game's "Rules clarifications": each decision names the tests
that pin it, those tests exist in the game's own project, and its
tutorial's clarifications chapter repeats the decisions with the same
tests.

The list is read from the docstring of the package that holds the game's
class: the numbered items after the heading ``Rules clarifications`` (up
to the next heading), each naming one or more tests as ````test_...````.
The game's project is the folder it was installed from (``pip install -e
./my_game`` or ``pip install ./my_game``; see :func:`project`): its tests
are the test functions under ``tests/`` there, and its tutorial is the
notebook the descriptor names (``clarified_in``) from there.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from importlib import metadata
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

from ..core import Game
from .registry import Session, Skip, check

__all__ = ["docstring_items", "named_tests", "project", "defined_tests", "notebook_chapter"]


def package_of(game: Game) -> str:
    """The package that holds ``game``'s class (whose docstring lists its clarifications)."""
    module = type(game).__module__
    return importlib.import_module(module).__package__ or module


def project(game: Game) -> Path:
    """``game``'s project folder: the folder its distribution was installed
    from, where pip recorded one (``direct_url.json``, as ``pip install
    ./my_game`` and ``pip install -e ./my_game`` do), else the folder
    holding its top-level package (site-packages for one installed from an
    index)."""
    top = package_of(game).partition(".")[0]
    for name in metadata.packages_distributions().get(top, []):
        recorded = metadata.distribution(name).read_text("direct_url.json")
        if recorded:
            origin = json.loads(recorded)
            url = urlparse(origin.get("url", ""))
            if url.scheme == "file" and "dir_info" in origin and Path(url2pathname(url.path)).is_dir():
                return Path(url2pathname(url.path))
    return Path(importlib.import_module(top).__file__ or "").resolve().parent.parent


def docstring_items(module_name: str) -> list[tuple[int, str]]:
    """The numbered clarifications of a module's docstring: (number, text)
    pairs, the text on one line; an AssertionError where it has no "Rules
    clarifications" section."""
    doc = importlib.import_module(module_name).__doc__ or ""
    match = re.search(r"^Rules clarifications\n-+\n(.*?)(?=^\S[^\n]*\n-{3,}\n|\Z)", doc, re.M | re.S)
    assert match, f"{module_name}'s docstring has no 'Rules clarifications' section"
    parts = re.split(r"^(\d+)\. ", match.group(1), flags=re.M)
    return [(int(parts[k]), " ".join(parts[k + 1].split())) for k in range(1, len(parts), 2)]


def named_tests(text: str) -> list[str]:
    """The tests a clarification names (````test_...````)."""
    return re.findall(r"``(test_\w+)``", text)


def defined_tests(folder: Path) -> set[str]:
    """Every test function defined in the Python files under ``folder``."""
    names = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                names.add(node.name)
    return names


def notebook_chapter(notebook: Path) -> str:
    """The markdown of a tutorial's clarifications chapter: from its heading
    to the next chapter's heading."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text, inside = [], False
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and re.match(r"#+ .*", source):
            heading = source.splitlines()[0]
            if re.match(r"#+ (\d+\. )?Rules clarifications", heading):
                inside = True
            elif inside and re.match(r"## ", heading):
                break
        if inside and cell["cell_type"] == "markdown":
            text.append(source)
    assert text, f"{notebook.name} has no 'Rules clarifications' chapter"
    return "\n".join(text)


def _items(game: Game) -> list[tuple[int, str]]:
    module = package_of(game)
    items = docstring_items(module)
    assert items, f"{module} lists no clarification"
    assert [n for n, _ in items] == list(range(1, len(items) + 1)), "clarifications are numbered 1, 2, 3, ..."
    for number, text in items:
        assert named_tests(text), f"clarification {number} names no test: {text}"
    return items


@check("the package's docstring lists its rules clarifications, numbered, each naming the tests that pin it, and "
       "those tests exist in the game's own tests/ folder")
def clarifications_name_their_tests(game: Game, session: Session) -> None:
    items = _items(game)
    tests = project(game) / "tests"
    if not tests.is_dir():
        raise Skip(f"no tests/ folder beside the game's package ({project(game)}): check it from its source folder "
                   "(installed with pip install -e)")
    defined = defined_tests(tests)
    for number, text in items:
        missing = [n for n in named_tests(text) if n not in defined]
        assert not missing, f"clarification {number} names tests that {tests} does not define: {missing}"


@check("the tutorial the descriptor names (clarified_in) repeats every clarification, by number, naming its tests",
       applies=lambda game: None if game.descriptor.clarified_in else "it names no tutorial (clarified_in)")
def tutorial_repeats_the_clarifications(game: Game, session: Session) -> None:
    items = _items(game)
    notebook = project(game) / game.descriptor.clarified_in
    if not notebook.is_file():
        raise Skip(f"no {game.descriptor.clarified_in} in the game's project ({project(game)}): check it from its "
                   "source folder")
    chapter = notebook_chapter(notebook)
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", chapter, re.M)]
    assert numbers == [n for n, _ in items], \
        f"{notebook.name} lists clarifications {numbers}, the docstring {[n for n, _ in items]}"
    for number, text in items:
        for name in named_tests(text):
            assert name in chapter, f"{notebook.name} does not name {name} (clarification {number})"
