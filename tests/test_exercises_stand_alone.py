"""Each exercise of a tutorial stands alone after Run All: it is bound to a
name no other exercise of its notebook takes, and every cell that checks an
exercise names one set up in the same chapter.  So the check under a board
always reads that board, whichever cell ran last.

The notebooks are read as text and parsed, not run."""

from __future__ import annotations

import ast
import json
import pathlib

import pytest
from test_tutorial import TUTORIALS, cells

#: The heading of a chapter, as the tutorials write it.
CHAPTER = "## "


def exercise_cells(notebook: list[dict]) -> list[tuple[str, dict[str, int], list[tuple[str, int]]]]:
    """For each code cell of a notebook, in order: the chapter it is in, the
    names it binds to an ``Exercise(...)`` (with the line), and the names
    whose ``.check(...)`` it calls (with the line)."""
    found = []
    chapter = "introduction"
    for cell in notebook:
        source = cell["source"]
        if cell["cell_type"] == "markdown":
            if source.startswith(CHAPTER):
                chapter = source.splitlines()[0][len(CHAPTER):].strip()
            continue
        bound: dict[str, int] = {}
        checked: list[tuple[str, int]] = []
        for node in ast.walk(ast.parse(source)):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and getattr(node.value.func, "id", None) == "Exercise"):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        bound[target.id] = node.lineno
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "check"
                    and isinstance(node.func.value, ast.Name)):
                checked.append((node.func.value.id, node.lineno))
        found.append((chapter, bound, checked))
    return found


def problems(notebook: list[dict]) -> list[str]:
    """What keeps a notebook's exercises from standing alone, in words."""
    found = []
    where: dict[str, str] = {}  # exercise name -> the chapter that binds it
    for chapter, bound, checked in exercise_cells(notebook):
        for name in bound:
            if name in where:
                found.append(f"{name!r} is bound to an exercise in {where[name]!r} and again in {chapter!r}")
            where[name] = chapter
        for name, _line in checked:
            if name not in where:
                found.append(f"{chapter!r} checks {name!r}, which is no exercise set up before it")
            elif where[name] != chapter:
                found.append(f"{chapter!r} checks {name!r}, the exercise of {where[name]!r}")
    return found


def markdown(text: str) -> dict:
    """A markdown cell, as :func:`test_tutorial.cells` gives it."""
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def code(text: str) -> dict:
    """A code cell, as :func:`test_tutorial.cells` gives it."""
    return {"cell_type": "code", "metadata": {}, "source": text}


def test_a_clean_notebook_has_no_problem():
    notebook = [markdown("# Intro"), markdown("## 1. Pawns"), code('pawns = Exercise(s, "A.")\npawns.board'),
                code("pawns.check()"), code('pawns.check("a1-b2")'),
                markdown("## 2. Kings"), code('kings = Exercise(s, "B.")'), code("kings.check()")]
    assert problems(notebook) == []


def test_two_exercises_bound_to_one_name_are_found():
    notebook = [markdown("## 1. Pawns"), code('exercise = Exercise(s, "A.")'), code("exercise.check()"),
                markdown("## 2. Kings"), code('exercise = Exercise(s, "B.")'), code("exercise.check()")]
    assert problems(notebook) == ["'exercise' is bound to an exercise in '1. Pawns' and again in '2. Kings'"]


def test_a_check_of_another_chapters_exercise_is_found():
    notebook = [markdown("## 1. Pawns"), code('pawns = Exercise(s, "A.")'),
                markdown("## 2. Kings"), code('kings = Exercise(s, "B.")'), code("pawns.check()"),
                code("rooks.check()")]
    assert problems(notebook) == ["'2. Kings' checks 'pawns', the exercise of '1. Pawns'",
                                  "'2. Kings' checks 'rooks', which is no exercise set up before it"]


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_exercise_has_a_name_of_its_own_and_is_checked_in_its_chapter(name):
    assert problems(cells(name)) == []


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_exercise_is_checked_in_its_notebook(name):
    """The typed alternative is offered under every board."""
    bound = {n for _chapter, names, _checked in exercise_cells(cells(name)) for n in names}
    checked = {n for _chapter, _names, calls in exercise_cells(cells(name)) for n, _line in calls}
    assert bound and bound <= checked, f"{name}: exercises with no check cell: {sorted(bound - checked)}"


def test_the_tutorials_are_found():
    notebooks = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
    assert len(TUTORIALS) >= 13
    assert all(json.loads((notebooks / f"{n}.ipynb").read_text())["cells"] for n in TUTORIALS)


@pytest.mark.parametrize("name", TUTORIALS)
def test_no_two_exercises_of_a_tutorial_share_a_prompt(name):
    """Progress is kept by prompt: two exercises with one prompt would count as one."""
    prompts = [node.args[1].value for cell in cells(name) if cell["cell_type"] == "code"
               for node in ast.walk(ast.parse(cell["source"]))
               if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Exercise"
               and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)]
    shared = sorted({p for p in prompts if prompts.count(p) > 1})
    assert prompts and not shared, f"{name}: prompts of two exercises: {shared}"
