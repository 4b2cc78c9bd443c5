"""The layout map of the contributor's guide names every module of the
package, and nothing that is not one.

The map is the first code block under "## Layout" in
docs/guides/contributor.md: a tree under ``playbook/``, two spaces of
indentation a level, a folder ending in ``/`` (which names its
``__init__.py``) and a module ending in ``.py``, each followed by what it
holds."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "guides" / "contributor.md"


def mapped(text: str) -> tuple[set[str], list[str]]:
    """The paths (``playbook/...``: modules, and folders ending in ``/``) the
    map in ``text`` names, and its entries under playbook/ that hold no words
    on what they are."""
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    names: set[str] = set()
    bare: list[str] = []
    stack: list[str] = []
    inside = False
    for line in block.splitlines():
        match = re.match(r"( *)(\S+)(.*)", line)
        if not match:
            continue
        indent, name, words = len(match[1]), match[2], match[3].strip()
        if indent == 0:
            inside = name == "playbook/"
            stack = [name] if inside else []
            if inside:
                names.add(name)
            continue
        if not inside or not (name.endswith("/") or name.endswith(".py")):
            continue  # a description running onto the next line
        depth = indent // 2
        stack = stack[:depth] + [name]
        path = "".join(stack)
        names.add(path)
        if not words:
            bare.append(path)
    return names, bare


def modules(package: pathlib.Path) -> set[str]:
    """Every module of ``package`` as the map names it (a package by its folder)."""
    found = set()
    for path in package.rglob("*.py"):
        relative = path.relative_to(package.parent)
        found.add(f"{relative.parent.as_posix()}/" if path.name == "__init__.py" else relative.as_posix())
    return found


def test_the_layout_map_names_every_module_and_says_what_it_holds():
    names, bare = mapped(GUIDE.read_text())
    assert sorted(modules(ROOT / "playbook") - names) == []  # modules the map leaves out
    assert sorted(names - modules(ROOT / "playbook")) == []  # entries no module answers (moved, renamed)
    assert bare == []


def test_the_map_is_read_as_a_tree(tmp_path):
    guide = ("## Layout\n\n```\nplaybook/   the package\n  core.py   the contract\n  games/    the games\n"
             "    cosmic/   one game\n      state.py  a position\n              that runs on\n"
             "  widget/   the board\n    base.py\nwidgets/    not the package\n  board.js  bundled\n```\n")
    names, bare = mapped(guide)
    assert names == {"playbook/", "playbook/core.py", "playbook/games/", "playbook/games/cosmic/",
                     "playbook/games/cosmic/state.py", "playbook/widget/", "playbook/widget/base.py"}
    assert bare == ["playbook/widget/base.py"]
    package = tmp_path / "playbook"
    (package / "games").mkdir(parents=True)
    for name in ("__init__.py", "core.py", "games/__init__.py", "games/extra.py"):
        (package / name).write_text("")
    assert modules(package) == {"playbook/", "playbook/core.py", "playbook/games/", "playbook/games/extra.py"}
