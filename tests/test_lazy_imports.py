"""Imports inside functions are few, and each says why.

A lazy import is an import statement inside a function or method, or a
module's ``__getattr__`` that imports by name (PEP 562's lazy attributes).
Each one carries a ``# lazy: <reason>`` comment, on its line or in the
comment lines right above it, and the whole package holds at most
:data:`LIMIT`.  A function whose source the package hands to another Python
(``inspect.getsource(name)`` in its module: the site's bytecode compiler,
which runs in the browser's Python) is not counted: its imports are that
Python's, made where the code runs.  Imports under ``if TYPE_CHECKING:`` at
a module's top are not lazy: they never run."""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "playbook"

#: The most lazy imports the package may hold.
LIMIT = 5


def _shipped(tree: ast.Module) -> set[str]:
    """The names of the functions a module hands on as source (``inspect.getsource(f)``)."""
    return {node.args[0].id for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "getsource"
            and node.args and isinstance(node.args[0], ast.Name)}


def _reason(lines: list[str], lineno: int) -> str:
    """The ``# lazy:`` reason for the statement on line ``lineno`` (1-based):
    on that line, or in the unbroken comment lines just above it ("" if none)."""
    found = lines[lineno - 1].partition("# lazy:")[2]
    k = lineno - 2
    while not found and k >= 0 and lines[k].lstrip().startswith("#"):
        found = lines[k].partition("# lazy:")[2]
        k -= 1
    return found.strip()


def lazy_imports(root: pathlib.Path = PACKAGE) -> list[tuple[str, str]]:
    """(``path:line``, reason) of every lazy import under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text()
        tree, lines = ast.parse(text), text.splitlines()
        shipped = _shipped(tree)
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or func.name in shipped:
                continue
            for node in ast.walk(func):
                loader = (func.name == "__getattr__" and func in tree.body and isinstance(node, ast.Call)
                          and isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
                if isinstance(node, (ast.Import, ast.ImportFrom)) or loader:
                    where = f"{path.relative_to(root.parent)}:{node.lineno}"
                    found.append((where, _reason(lines, node.lineno)))
    return sorted(set(found))


def test_every_lazy_import_says_why():
    assert [where for where, reason in lazy_imports() if not reason] == []


def test_the_package_holds_at_most_five_lazy_imports():
    found = lazy_imports()
    assert found  # the walk sees the ones the package has (the command's entry, at least)
    assert len(found) <= LIMIT, "\n".join(f"{where}: {reason}" for where, reason in found)


def test_the_walk_finds_what_is_lazy_and_only_that(tmp_path):
    package = tmp_path / "playbook"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from importlib import import_module\n"
        "def __getattr__(name):\n"
        "    return import_module('.x', __name__)\n")
    (package / "plain.py").write_text(
        "import json\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .other import Thing\n"
        "def f():\n"
        "    import csv  # lazy: only f reads tables\n"
        "    return csv\n"
        "class C:\n"
        "    def g(self):\n"
        "        # lazy: a reason on the lines above,\n"
        "        # which may run over two\n"
        "        from . import plain\n"
        "        from . import other\n"
        "        return plain, other\n")
    (package / "shipped.py").write_text(
        "import inspect\n"
        "def runs_elsewhere():\n"
        "    import zipfile\n"
        "    return zipfile\n"
        "SOURCE = inspect.getsource(runs_elsewhere)\n")
    assert lazy_imports(package) == [
        ("playbook/__init__.py:3", ""),  # the loader, with no reason given
        ("playbook/plain.py:12", "a reason on the lines above,"),
        ("playbook/plain.py:13", ""),  # the comment above it belongs to the statement before
        ("playbook/plain.py:6", "only f reads tables"),
    ]
