"""Every game's "Rules clarifications" stay true: each decision names the
test that pins it, that test exists in ``tests/``, and the tutorial's
clarifications chapter repeats the decisions with the same tests.

The list is read from the game package's docstring: the numbered items
after the heading ``Rules clarifications`` (up to the next heading), each
naming one or more tests as ````test_...````; the tutorial is the notebook
the game's descriptor names (``clarified_in``).  Every installed game is
checked.
"""

from __future__ import annotations

import ast
import importlib
import json
import pathlib
import re

import pytest

from playbook import available, load

ROOT = pathlib.Path(__file__).resolve().parent.parent


def clarified(game: str) -> tuple[str, str]:
    """The package whose docstring holds ``game``'s clarifications (the one
    holding its class) and the tutorial notebook that repeats them."""
    played = load(game)
    package = importlib.import_module(type(played).__module__).__package__ or type(played).__module__
    return package, played.descriptor.clarified_in

# Games whose clarifications do not name their tests yet; their texts are
# being rewritten with their tutorials.  Shrink this list as each is done:
# a game listed here that passes makes the run fail (strict), so the list
# can only get shorter.
NOT_YET_NAMING_TESTS: set[str] = set()


def docstring_items(module_name: str) -> list[tuple[int, str]]:
    """The numbered clarifications of a game module's docstring: (number, text)."""
    doc = importlib.import_module(module_name).__doc__ or ""
    match = re.search(r"^Rules clarifications\n-+\n(.*?)(?=^\S[^\n]*\n-{3,}\n|\Z)", doc, re.M | re.S)
    assert match, f"{module_name} has no 'Rules clarifications' section"
    parts = re.split(r"^(\d+)\. ", match.group(1), flags=re.M)
    return [(int(parts[k]), " ".join(parts[k + 1].split())) for k in range(1, len(parts), 2)]


def test_names(text: str) -> list[str]:
    """The tests a clarification names."""
    return re.findall(r"``(test_\w+)``", text)


test_names.__test__ = False  # a helper, not a test


def defined_tests() -> set[str]:
    """Every test function defined anywhere under ``tests/`` and the example games' tests."""
    names = set()
    for path in [*ROOT.joinpath("tests").rglob("*.py"), *ROOT.joinpath("examples").rglob("test_*.py")]:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                names.add(node.name)
    return names


def notebook_chapter(notebook: str) -> str:
    """The text of the tutorial's clarifications chapter: from its heading
    to the next chapter heading."""
    cells = json.loads(ROOT.joinpath(notebook).read_text())["cells"]
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
    assert text, f"{notebook} has no 'Rules clarifications' chapter"
    return "\n".join(text)


def _marks(game: str):
    if game in NOT_YET_NAMING_TESTS:
        return [pytest.mark.xfail(reason="clarifications do not name their tests yet", strict=True)]
    return []


def in_this_project(game: str) -> bool:
    """Whether ``game``'s package is in this project (shipped, or an example
    under ``examples/``), where its tests and tutorial are to be found."""
    module = importlib.import_module(type(load(game)).__module__)
    return ROOT in pathlib.Path(module.__file__ or "").resolve().parents


CASES = [pytest.param(game, marks=_marks(game), id=game) for game in available() if in_this_project(game)]


def test_docstring_parser_reads_numbered_items_up_to_the_next_heading():
    # A hand-made docstring: two items, the second over two lines, then another section.
    import types
    import sys

    module = types.ModuleType("fake_game_for_clarifications")
    module.__doc__ = ("Intro\n\nRules clarifications\n--------------------\nWhere silent:\n\n"
                      "1. One (``test_a``).\n2. Two, wrapped\n   here (``test_b``, ``test_c``).\n\n"
                      "Texts\n-----\n3. Not a clarification.\n")
    sys.modules[module.__name__] = module
    try:
        items = docstring_items(module.__name__)
    finally:
        del sys.modules[module.__name__]
    assert items == [(1, "One (``test_a``)."), (2, "Two, wrapped here (``test_b``, ``test_c``).")]
    assert test_names(items[1][1]) == ["test_b", "test_c"]


@pytest.mark.parametrize("game", CASES)
def test_every_clarification_names_a_test_that_exists(game):
    module, _ = clarified(game)
    items = docstring_items(module)
    assert items, f"{module} lists no clarification"
    assert [n for n, _ in items] == list(range(1, len(items) + 1)), "clarifications are numbered 1, 2, 3, ..."
    defined = defined_tests()
    for number, text in items:
        named = test_names(text)
        assert named, f"{game} clarification {number} names no test: {text}"
        missing = [n for n in named if n not in defined]
        assert not missing, f"{game} clarification {number} names tests that do not exist: {missing}"


@pytest.mark.parametrize("game", CASES)
def test_the_tutorial_repeats_every_clarification_with_its_tests(game):
    module, notebook = clarified(game)
    items = docstring_items(module)
    chapter = notebook_chapter(notebook)
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", chapter, re.M)]
    assert numbers == [n for n, _ in items], f"{notebook} lists clarifications {numbers}, the docstring {len(items)}"
    for number, text in items:
        named = test_names(text)
        assert named, f"{game} clarification {number} names no test"
        for name in named:
            assert name in chapter, f"{notebook} does not name {name} (clarification {number})"
