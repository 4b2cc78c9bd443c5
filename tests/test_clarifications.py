"""How a game's rules clarifications are read (playbook.checks.clarifications).
That every game's clarifications name tests its own project defines, and
that its tutorial repeats them, is checked on every game by playbook.checks."""

from __future__ import annotations

import json
import sys
import types

from playbook import available, load
from playbook.checks.clarifications import docstring_items, named_tests, notebook_chapter, project


def test_docstring_parser_reads_numbered_items_up_to_the_next_heading():
    # A hand-made docstring: two items, the second over two lines, then another section.
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
    assert named_tests(items[1][1]) == ["test_b", "test_c"]


def test_the_chapter_runs_from_its_heading_to_the_next_chapter(tmp_path):
    cells = [{"cell_type": "markdown", "source": ["## 3. Moving\n", "1. Not this one."]},
             {"cell_type": "markdown", "source": ["## 4. Rules clarifications\n", "1. This (``test_x``)."]},
             {"cell_type": "code", "source": ["print(1)"]},
             {"cell_type": "markdown", "source": ["2. And this (``test_y``)."]},
             {"cell_type": "markdown", "source": ["## 5. Next\n", "3. Not this."]}]
    notebook = tmp_path / "t.ipynb"
    notebook.write_text(json.dumps({"cells": cells}))
    assert notebook_chapter(notebook) == "## 4. Rules clarifications\n1. This (``test_x``).\n2. And this (``test_y``)."


def test_a_game_is_checked_in_its_own_project():
    # The shipped games' project is this checkout; an example's is its own folder under examples/.
    root = project(load("cosmic"))
    assert (root / "playbook" / "games" / "cosmic").is_dir() and (root / "tests").is_dir()
    for key in (k for k in available() if k not in available(shipped=True)):
        example = project(load(key))
        assert example.parent.name == "examples" and (example / "tests").is_dir() and (example / "RULES.md").is_file()
