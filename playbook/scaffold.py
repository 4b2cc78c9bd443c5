"""``playbook new-game NAME``: a new game in a package of its own.

It writes a folder ``NAME/`` holding an installable package whose game
playbook finds through its entry point: a small complete game (three in a
row, to be replaced by the designer's rules) with its rules page, its
descriptor, positions, drawing, evaluation and tests, which pass at once::

    playbook new-game mygame            # writes ./mygame/
    pip install -e ./mygame             # playbook.load("mygame") now finds it
    python -m pytest mygame/tests       # its own tests and every shared check

The templates are in ``playbook/templates/new_game/``.
"""

from __future__ import annotations

import argparse
import keyword
import re
import shlex
from importlib import resources
from pathlib import Path
from string import Template

from .core import PlaybookError
from .games import available

__all__ = ["new_game", "add_arguments", "main"]

#: Each template and where it goes in the new folder (``{name}`` is the game's key).
FILES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "RULES.md.tmpl": "RULES.md",
    "__init__.py.tmpl": "{name}/__init__.py",
    "game.py.tmpl": "{name}/game.py",
    "state.py.tmpl": "{name}/state.py",
    "engine.py.tmpl": "{name}/engine.py",
    "test_game.py.tmpl": "tests/test_{name}.py",
    "test_checks.py.tmpl": "tests/test_checks.py",
}


def _checked(name: str) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or keyword.iskeyword(name):
        suggestion = "_".join(re.findall(r"[a-z0-9]+", str(name).lower())).lstrip("0123456789_")
        hint = f"; for example  {suggestion} --title {shlex.quote(str(name))}" if suggestion else ""
        raise PlaybookError(f"a game's key is a lower-case Python name (letters, digits, _), not {name!r}{hint}")
    if name in available() or name == "playbook":
        raise PlaybookError(f"{name!r} is taken: the installed games are {', '.join(available())}")
    return name


def new_game(name: str, where: str | Path = ".", title: str | None = None) -> Path:
    """Write the package of a new game keyed ``name`` (titled ``title``,
    by default the key in words) into ``where/name``; returns that folder.
    Refuses a key that is no Python name, is taken, or a folder that exists."""
    name = _checked(name)
    folder = Path(where) / name
    if folder.exists():
        raise PlaybookError(f"{folder} exists already: choose another folder or name")
    words = {"name": name, "title": title or name.replace("_", " ").title(),
             "cls": "".join(part.title() for part in name.split("_"))}
    templates = resources.files(__package__).joinpath("templates").joinpath("new_game")
    for template, target in FILES.items():
        path = folder / target.format(name=name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(words),
                        encoding="utf-8")
    return folder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``playbook new-game``."""
    parser.add_argument("name", metavar="NAME", help="the new game's key, a lower-case Python name")
    parser.add_argument("--title", help="the game's title (default: the key in words)")
    parser.add_argument("--dir", default=".", help="the folder to write the package's folder into (default: here)")


def main(args: argparse.Namespace) -> int:
    """Run ``playbook new-game``; the exit status."""
    try:
        folder = new_game(args.name, args.dir, args.title)
    except PlaybookError as exc:
        print(f"playbook new-game: error: {exc}")
        return 2
    print(f"wrote {folder}: install it with  pip install -e {folder}  and run its tests with  "
          f"python -m pytest {folder / 'tests'}")
    return 0
