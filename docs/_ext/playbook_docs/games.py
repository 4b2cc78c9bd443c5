"""A page for each installed game: its rules as playbook plays them, its
notation and its rules clarifications, from the docstring of the game's
package (the one place they are written), so a game brought by a designer,
or a clarification added to a game, shows up without an edit."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import playbook

from .docstrings import relative_targets
from .generated import Generated
from .tutorials import ROOT, tutorial_parts

#: Where the games' pages go, under docs/generated/.
FOLDER = "games"


def package_of(key: str) -> str:
    """The package that holds the game ``key`` (whose docstring has its rules)."""
    game_module = importlib.import_module(type(playbook.load(key)).__module__)
    return game_module.__package__ or game_module.__name__


def page(key: str) -> str:
    """The reStructuredText page of the game ``key``."""
    game = playbook.load(key)
    package = package_of(key)
    lines = inspect.cleandoc(importlib.import_module(package).__doc__ or "").split("\n")
    # A role's relative name (``:mod:`.board```) is read from the game's package.
    relative_targets(package, lines)
    text = "\n".join(lines)
    summary, _, body = text.partition("\n")
    title = game.descriptor.title
    lines = [title, "=" * len(title), "", summary.strip(), ""]
    where = f"This page is the docstring of the ``{package}`` package"
    tutorial = game.descriptor.clarified_in
    if tutorial:
        where += (f"; the clarifications chapter of :doc:`its tutorial <../tutorials/{Path(tutorial).stem}>` "
                  "repeats the clarifications with positions to play")
    lines += [f"{where}. Load the game with ``playbook.load({key!r})``.", "", body.strip(), ""]
    return "\n".join(lines)


def seats(key: str) -> str:
    """How many players the game ``key`` seats, in words."""
    seats = playbook.load(key).descriptor.seats
    return f"{seats.fewest}" if seats.fixed else f"{seats.fewest} to {seats.most}"


def table(keys: list[str]) -> str:
    """The front page's table of the games: each with its players, its
    rules page and the parts of its tutorial (paths from the pages' root)."""
    rows = ["| game | players | key | tutorial |", "|---|---|---|---|"]
    for key in keys:
        descriptor = playbook.load(key).descriptor
        tutorial = ""
        if descriptor.clarified_in:
            parts = tutorial_parts(ROOT, descriptor.clarified_in)
            tutorial = ", ".join(f"{{doc}}`part {n} </generated/tutorials/{p.stem}>`" for n, p in enumerate(parts, 1))
        rules = f"{{doc}}`{descriptor.title} </generated/{FOLDER}/{key}>`"
        rows.append(f"| {rules} | {seats(key)} | `{key}` | {tutorial} |")
    return "\n".join(rows) + "\n"


def write(out: Generated) -> None:
    """Write each installed game's page, their index and the front page's table of them."""
    keys = playbook.available()
    for key in keys:
        out.write(f"{key}.rst", page(key))
    out.write("table.inc", table(keys))
    index = [
        "# The games and their rules clarifications",
        "",
        "What each game's rules are as playbook plays them, how its positions and actions are "
        "written, and every decision taken where its rule source is silent or contradicts "
        "itself (its *rules clarifications*), each naming the test that pins it. Every installed "
        "game has its page, a game of your own included.",
        "",
        "```{toctree}",
        ":maxdepth: 1",
        "",
        *keys,
        "```",
        "",
    ]
    out.write("index.md", "\n".join(index))
