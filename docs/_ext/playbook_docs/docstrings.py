"""Docstrings as the API reference shows them.

- A module docstring may be a page of its own, with titled sections (a
  game's rules, notation and clarifications); a page of the reference
  holds many docstrings, where a section title cannot stand, so each
  becomes a rubric, a heading outside the page's outline.
- A relative name in a role (``:mod:`.edit```) means what it means in a
  relative import, a sibling of the module (Sphinx would otherwise search
  every module that ends so, and find one in each game).
- A data name with no doc comment of its own shows no text, never the
  docstring of its value's type (a dict's, a tuple's).
- A package that gathers names from its modules (``playbook``,
  ``playbook.analysis``) lists them with a link to where each is documented.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from types import ModuleType

from sphinx.application import Sphinx

#: A title and its underline of one repeated punctuation character.
TITLE = re.compile(r"^(?P<title>\S.*)\n(?P<line>[=\-~^\"'`#*+])(?P=line)+[ \t]*$", re.MULTILINE)
#: A Python role whose target starts with a dot: ``:mod:`.edit```, ``:class:`text <.board.Umbral>```.
RELATIVE = re.compile(r"(?P<role>:(?:py:)?(?:mod|class|func|data|obj|meth|attr|exc|const):)`"
                      r"(?:(?P<text>[^`<]*?)\s*<)?(?P<tilde>~?)\.(?P<target>[\w.]+)>?`")


def rubrics(lines: list[str]) -> None:
    """Turn the underlined titles in ``lines`` into rubrics, in place."""
    text = TITLE.sub(lambda m: f".. rubric:: {m['title'].strip()}\n", "\n".join(lines))
    lines[:] = text.split("\n")


def exists(dotted: str) -> bool:
    """Whether ``dotted`` names a module, or an attribute reached from one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            found: object = importlib.import_module(module)
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


def module_of(name: str) -> str:
    """The longest leading part of the dotted ``name`` that is a loaded module."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        if ".".join(parts[:cut]) in sys.modules:
            return ".".join(parts[:cut])
    return parts[0]


def relative_targets(name: str, lines: list[str]) -> None:
    """Read the relative targets of roles in the docstring of ``name`` as
    relative imports read them, where Sphinx's own reading finds nothing."""
    module = module_of(name)
    package = module if hasattr(sys.modules.get(module), "__path__") else module.rpartition(".")[0]

    def absolute(match: re.Match) -> str:
        target = match["target"]
        # A module is never inside a class: a module's relative name is always the package's.
        own = set() if match["role"].endswith("mod:") else {
            f"{name}.{target}", f"{name.rpartition('.')[0]}.{target}", f"{module}.{target}"}
        if any(exists(candidate) for candidate in own) or not exists(f"{package}.{target}"):
            return match[0]
        text = match["text"] or (target.rpartition(".")[2] if match["tilde"] else target)
        return f"{match['role']}`{text} <{package}.{target}>`"

    lines[:] = RELATIVE.sub(absolute, "\n".join(lines)).split("\n")


def gathered(module: ModuleType) -> list[str]:
    """The lines listing the names of ``module.__all__`` defined elsewhere,
    each linked to its own module's page."""
    found = []
    for name in getattr(module, "__all__", ()):
        value = getattr(module, name, None)
        home = getattr(value, "__module__", None)
        # A name bound to a built-in (a stand-in used only for type checking) has no page to link to.
        if not isinstance(home, str) or home in (module.__name__, "builtins") or not hasattr(value, "__qualname__"):
            continue
        found.append(f"- :py:obj:`{name} <{home}.{value.__qualname__}>` (from :py:mod:`{home}`)")
    if not found:
        return []
    return ["", f".. rubric:: Gathered in {module.__name__}", "",
            f"Imported as ``from {module.__name__} import ...``:", "", *found]


def borrowed(what: str, obj: object, lines: list[str]) -> bool:
    """Whether ``lines``, the docstring of the data or attribute ``obj``,
    is only its type's (a dict's or a tuple's), which says nothing of it."""
    if what not in ("data", "attribute") or not lines:
        return False
    own = inspect.getdoc(type(obj))
    return own is not None and "\n".join(lines).strip() == own.strip()


def _process(app: Sphinx, what: str, name: str, obj: object, options: dict, lines: list[str]) -> None:
    if borrowed(what, obj, lines):
        lines.clear()
    rubrics(lines)
    relative_targets(name, lines)
    if what == "module" and isinstance(obj, ModuleType):
        lines.extend(gathered(obj))


def setup(app: Sphinx) -> None:
    """Connect the docstring hook."""
    app.connect("autodoc-process-docstring", _process)
