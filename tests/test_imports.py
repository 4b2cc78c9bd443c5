"""The package's layers: the widget builds on the analysis, never the
reverse, and the learner's side builds on the widget.  Every import
statement is read with ast (absolute and relative, at the top, under
TYPE_CHECKING or inside a function): nothing in playbook.analysis or
playbook.puzzles reaches playbook.widget, nothing in the widget or the
puzzles reaches playbook.learn, and playbook.learn's modules import each
other in no cycle."""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "playbook"


def imported(path: pathlib.Path, root: pathlib.Path = PACKAGE.parent) -> list[tuple[int, str]]:
    """(line, full module name) of every module ``path`` (under ``root``)
    imports, relative imports resolved against the package it sits in."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    package = parts[:-1] if parts[-1] != "__init__" else parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            # "from . import widget" names a module in its names.
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{a.name}") for a in node.names]
    return found


def upward(layer: str, above: str, root: pathlib.Path = PACKAGE.parent) -> list[str]:
    """Where a module of ``layer`` imports one of ``above`` (one line each)."""
    return sorted({f"{path.relative_to(root)}:{line}"
                   for path in sorted((root / layer.replace(".", "/")).rglob("*.py"))
                   for line, name in imported(path, root) if name == above or name.startswith(above + ".")})


def test_the_analysis_never_imports_the_widget():
    assert upward("playbook.analysis", "playbook.widget") == []


def test_the_check_sees_an_upward_import_when_there_is_one(tmp_path):
    # Written as analysis/review_board.py once was: the check must catch it, relative or absolute,
    # at the top of a module or inside a function.
    probe = tmp_path / "playbook" / "analysis" / "deep" / "probe.py"
    probe.parent.mkdir(parents=True)
    texts = ["from ..widget import BoardWidget\n", "import playbook.widget.review\n", "from .. import widget\n",
             "def f():\n    from ..widget.review import ReviewBoard\n"]
    for text, deep in [(t, False) for t in texts] + [("from ...widget import review\n", True)]:
        path = probe if deep else probe.parent.parent / "probe.py"
        path.write_text(text)
        where = str(path.relative_to(tmp_path))
        assert upward("playbook.analysis", "playbook.widget", tmp_path) == [f"{where}:{text.count(chr(10))}"], text
        path.unlink()
    (probe.parent.parent / "fine.py").write_text("from ..core import State\nfrom . import widgetry\n")
    assert upward("playbook.analysis", "playbook.widget", tmp_path) == []


def test_the_widget_may_import_the_analysis():
    assert upward("playbook.widget", "playbook.analysis")  # the board's engine, hints and review


def test_checking_a_chess_wheel_puzzle_loads_no_widget():
    # A fresh interpreter: verifying a shipped puzzle of the Wheel, a
    # simultaneous game whose checks go through its hook, must stay headless.
    import subprocess
    import sys

    script = ("import sys\n"
              "from playbook.puzzles import puzzles\n"
              "puzzles('wheel')[0].verify()\n"
              "print(sorted(m for m in sys.modules if m.startswith(('playbook.widget', 'anywidget', 'ipywidgets'))))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _learn_graph(root: pathlib.Path = PACKAGE.parent) -> dict[str, set[str]]:
    """The modules of playbook.learn, each with the modules of playbook.learn
    it imports anywhere in its text (under TYPE_CHECKING too)."""
    folder = root / "playbook" / "learn"
    names = {f"playbook.learn.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}
    return {f"playbook.learn.{p.stem}": {name for _line, name in imported(p, root) if name in names}
            for p in folder.glob("*.py") if p.stem != "__init__"}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` as the modules along it, or [] when there is none."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return []
        for after in sorted(graph.get(node, ())):
            found = visit(after, path + [node])
            if found:
                return found
        done.add(node)
        return []

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return []


def test_the_learners_side_has_no_import_cycle():
    graph = _learn_graph()
    assert "playbook.learn.tutorial" in graph and graph["playbook.learn.tutorial"]  # the walk sees the imports
    assert _cycle(graph) == []


def test_the_cycle_check_sees_a_cycle_hidden_under_type_checking(tmp_path):
    # As the exercise's modules once were: two modules importing each other, one only for its types.
    folder = tmp_path / "playbook" / "learn"
    folder.mkdir(parents=True)
    (folder / "tutorial.py").write_text("from .board import Part\n")
    (folder / "board.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from .tutorial import Exercise\n")
    assert _cycle(_learn_graph(tmp_path)) == ["playbook.learn.board", "playbook.learn.tutorial",
                                              "playbook.learn.board"]


def test_the_puzzles_and_the_widget_never_import_the_learners_side():
    assert upward("playbook.puzzles", "playbook.learn") == []
    assert upward("playbook.widget", "playbook.learn") == []
    assert upward("playbook.puzzles", "playbook.widget") == []


def test_the_learners_side_imports_the_widget():
    assert upward("playbook.learn", "playbook.widget")  # it sits above the board
