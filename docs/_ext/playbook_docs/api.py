"""The API reference: a page for each module of the package, found by
walking it, with every public name the module defines.

A module's public names are those its ``__all__`` lists, or, without
one, those that do not start with an underscore: the functions and
classes it defines, each class with all its public
members (documented or not), and the data the module assigns (a value
too long to read beside its name is left to the source); the names a
package gathers from its modules are listed under its docstring
(:mod:`.docstrings`).  The modules are imported by name, never reached as
attributes of their package: ``playbook.analysis.engines.review`` is a module,
though ``playbook.analysis`` binds ``review`` to the function it holds.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import pkgutil
import re
from types import ModuleType

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

import playbook

from .generated import Generated

#: Where the pages go, under docs/generated/.
FOLDER = "api"
#: The longest value a page shows beside a data name (a longer one, a game's
#: table, is in the source).
SHORT = 80


def modules() -> list[str]:
    """Every module of the package, the package first (``__main__`` runs the command and is left out)."""
    found = [m.name for m in pkgutil.walk_packages(playbook.__path__, "playbook.")]
    return ["playbook", *(name for name in found if not name.endswith(".__main__"))]


def children(name: str, every: list[str]) -> list[str]:
    """The modules directly inside the package ``name``."""
    return [other for other in every if other.rpartition(".")[0] == name]


def public(module: ModuleType, name: str) -> bool:
    """Whether ``name`` is public in ``module``: listed in its ``__all__``
    when it has one (its own word on what it offers), else not starting
    with an underscore."""
    listed = getattr(module, "__all__", None)
    return name in listed if listed is not None else not name.startswith("_")


def data(module: ModuleType) -> list[tuple[str, bool]]:
    """The public data ``module`` assigns (never the names it imports), in
    source order, each with whether its value is short enough to show."""
    source = inspect.getsource(module)
    names: list[str] = []
    statements = list(ast.parse(source).body)
    while statements:
        statement = statements.pop(0)
        if isinstance(statement, (ast.If, ast.Try)):
            statements[:0] = [*statement.body, *getattr(statement, "orelse", [])]
            continue
        targets = statement.targets if isinstance(statement, ast.Assign) else (
            [statement.target] if isinstance(statement, ast.AnnAssign) else [])
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name) and public(module, node.id) and node.id not in names:
                    names.append(node.id)
    shown = []
    for name in names:
        if not hasattr(module, name) or inspect.ismodule(getattr(module, name)):
            continue
        value = getattr(module, name)
        # A class or function the module defines is listed with its kind.
        if (inspect.isclass(value) or inspect.isroutine(value)) and value.__module__ == module.__name__:
            continue
        shown.append((name, len(repr(value)) <= SHORT))
    return shown


def defined(module: ModuleType) -> tuple[list[str], list[str], list[str]]:
    """The public functions, classes and exceptions ``module`` defines, in source order."""
    functions, classes, exceptions = [], [], []
    for name, value in vars(module).items():
        if not public(module, name) or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isclass(value):
            (exceptions if issubclass(value, BaseException) else classes).append(name)
        elif callable(value) and hasattr(value, "__qualname__") and value.__qualname__ == name:
            functions.append(name)
    return functions, classes, exceptions


def summary(name: str) -> str:
    """The first sentence of the docstring of the module ``name``, on one line
    (a colon that would open a literal block in the docstring ends it)."""
    paragraph = " ".join(inspect.cleandoc(importlib.import_module(name).__doc__ or "").partition("\n\n")[0].split())
    sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
    return sentence.rstrip(":") if sentence.endswith("::") else sentence


def builtins_meant(app: Sphinx, doctree: nodes.document) -> None:
    """Make a built-in's name in a signature (``type``, ``str``) mean the
    built-in only.  Sphinx reads the names of annotations loosely, so
    ``type`` would otherwise also match every field called ``type`` (and,
    matching two, warn)."""
    for xref in doctree.findall(addnodes.pending_xref):
        if xref.get("refdomain") == "py" and xref.get("reftarget") in vars(builtins):
            xref.attributes.pop("refspecific", None)


def setup(app: Sphinx) -> None:
    """Connect the signature hook."""
    app.connect("doctree-read", builtins_meant)


def page(name: str, every: list[str]) -> str:
    """The reStructuredText page of the module ``name``."""
    module = importlib.import_module(name)
    lines = [name, "=" * len(name), "", f".. automodule:: {name}", ""]
    functions, classes, exceptions = defined(module)
    values = data(module)
    if values:
        lines += [".. rubric:: Data", ""]
        for item, short in values:
            lines += [f".. autodata:: {name}.{item}", *([] if short else ["   :no-value:"]), ""]
    for heading, directive, names in [("Functions", "autofunction", functions), ("Classes", "autoclass", classes),
                                      ("Exceptions", "autoexception", exceptions)]:
        if not names:
            continue
        lines += [f".. rubric:: {heading}", ""]
        for item in names:
            lines.append(f".. {directive}:: {name}.{item}")
            if directive != "autofunction":
                lines += ["   :members:", "   :undoc-members:", "   :show-inheritance:"]
            lines.append("")
    inside = children(name, every)
    if inside:
        lines += [".. rubric:: Modules", ""]
        for child in inside:
            lines.append(f"- :py:mod:`{child}`: {summary(child)}")
        lines += ["", ".. toctree::", "   :hidden:", "", *(f"   {child}" for child in inside), ""]
    return "\n".join(lines)


def write(out: Generated) -> None:
    """Write a page for every module of the package."""
    every = modules()
    for name in every:
        out.write(f"{name}.rst", page(name, every))
