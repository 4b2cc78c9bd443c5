"""``playbook new-game NAME``: a new game in a package of its own.

It writes a folder ``NAME/`` holding an installable package whose game
playbook finds through its entry point: a small complete game (three in a
row, to be replaced by the designer's rules) with its rules page, its
descriptor, positions, drawing, evaluation and tests, which pass at once::

    playbook new-game mygame            # writes ./mygame/
    pip install -e ./mygame             # playbook.load("mygame") now finds it
    python -m pytest mygame/tests       # its own tests and every shared check

The templates are in ``playbook/scaffold/templates/new_game/``.
"""

from __future__ import annotations

import argparse
import keyword
import os
import re
import shlex
import shutil
import sys
from importlib import resources
from pathlib import Path
from string import Template

from ..core import PlaybookError
from ..games import available, load

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
    "test_checks.py.tmpl": "tests/test_{name}_checks.py",
}


#: The longest key and title a new game may have (a key is also a folder's and a module's name).
LONGEST_KEY = 40
LONGEST_TITLE = 80


def _shown(text: object) -> str:
    """``text`` for a message, cut short when long."""
    shown = repr(text)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _checked(name: str) -> str:
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or keyword.iskeyword(name):
        suggestion = "_".join(re.findall(r"[a-z0-9]+", str(name).lower())).lstrip("0123456789_")[:LONGEST_KEY]
        hint = f"; for example  {suggestion} --title {shlex.quote(str(name))}" if suggestion and \
            len(str(name)) <= LONGEST_TITLE else ""
        raise PlaybookError(f"a game's key is a lower-case Python name (letters, digits, _), not {_shown(name)}{hint}")
    if len(name) > LONGEST_KEY:
        raise PlaybookError(f"a game's key has at most {LONGEST_KEY} characters, not {len(name)}")
    if name in available() or name == "playbook" or _game_named(name):
        raise PlaybookError(f"{name!r} is taken: the installed games are {', '.join(available())}")
    if _module_named(name):
        raise PlaybookError(f"{name!r} is the name of a module Python can already import (the standard library's "
                            "or an installed package's): the game, once installed, would hide it or be hidden by "
                            "it. Choose another key")
    return name


def _game_named(name: str) -> bool:
    """Whether an installed game answers to ``name`` (its key, title or an alias)."""
    try:
        load(name)
    except PlaybookError:
        return False
    return True


def _module_named(name: str) -> bool:
    """Whether ``name`` is already a module Python imports: one of the
    standard library, or one installed (found on the path, the current
    folder left out: the new game's own folder may well be there)."""
    if name in sys.stdlib_module_names or name in sys.builtin_module_names:
        return True
    here = {"", os.getcwd()}
    path = [entry for entry in sys.path if entry not in here]
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        try:
            if find is not None and find(name, path) is not None:
                return True
        except (ImportError, ValueError, TypeError):
            continue
    return False


def _checked_title(title: str | None) -> str | None:
    """``title``, when it can go into the new package's files as it is."""
    if title is None:
        return None
    if not title.strip() or len(title) > LONGEST_TITLE or any(c in title for c in '"\\$') or \
            not title.isprintable():
        raise PlaybookError(f"--title: a line of at most {LONGEST_TITLE} printable characters, without \", \\ or "
                            f"$, not {_shown(title)}")
    return title


def new_game(name: str, where: str | Path = ".", title: str | None = None) -> Path:
    """Write the package of a new game keyed ``name`` (titled ``title``,
    by default the key in words) into ``where/name``; returns that folder.
    Refuses a key that is no Python name, is taken, or a folder that exists."""
    name = _checked(name)
    title = _checked_title(title)
    folder = Path(where) / name
    if folder.exists():
        raise PlaybookError(f"{folder} exists already: choose another folder or name")
    words = {"name": name, "title": title or name.replace("_", " ").title(),
             "cls": "".join(part.title() for part in name.split("_"))}
    templates = resources.files(__package__).joinpath("templates").joinpath("new_game")
    folder.mkdir(parents=True)
    try:
        for template, target in FILES.items():
            path = folder / target.format(name=name)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(Template(templates.joinpath(template).read_text(encoding="utf-8")).substitute(words),
                            encoding="utf-8")
    except OSError:
        shutil.rmtree(folder, ignore_errors=True)  # no half-written package left to be taken for a whole one
        raise
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
        print(f"playbook new-game: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a folder that cannot be written: read-only, a file, on a full disk
        print(f"playbook new-game: error: cannot write the new game into {args.dir}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"wrote {folder}: install it with  pip install -e {folder}  and run its tests with  "
          f"python -m pytest {folder / 'tests'}")
    return 0
