"""A progress file or a notebook from someone else never stops a learner and never loses what
they had: whatever cannot be read is kept aside, numbered, with a warning."""

from __future__ import annotations

import json
import re

import pytest

from playbook import load
from playbook.learn.progress import Progress, ProgressWarning, overview
from playbook.learn.trainer import reset, standing
from playbook.learn.tutorial import Exercise, Tutorial

PAWNS = "k5/4p1/6/2p3/1P4/5K w"


def solve_pawns():
    ex = Exercise(load("cosmic").parse(PAWNS), "Capture as many pawns as you can.", answers={"b2xd4xf6"},
                  tutorial=Tutorial("Cosmic Chess"), hint="jump.")
    assert ex.check("b2xd4xf6")
    return ex


def test_a_progress_file_nested_too_deep_warns_and_is_kept_aside(playbook_home):
    damage = "[" * 100_000  # past what Python's JSON reader recurses into
    (playbook_home / "progress.json").write_text(damage)
    with pytest.warns(ProgressWarning, match="nested too deep"):
        solve_pawns()
    assert (playbook_home / "progress.json.bad").read_text() == damage
    assert Tutorial("Cosmic Chess").solved() == ["Capture as many pawns as you can."]


def test_every_damaged_file_is_kept_under_its_own_number_and_none_twice(playbook_home):
    path = playbook_home / "progress.json"
    for damage in ("{first", "{second", "{first"):  # the third is the first again: kept once
        path.write_text(damage)
        with pytest.warns(ProgressWarning):
            solve_pawns()
    assert (playbook_home / "progress.json.bad").read_text() == "{first"
    assert (playbook_home / "progress.json.bad-2").read_text() == "{second"
    assert sorted(p.name for p in playbook_home.iterdir()) == ["progress.json", "progress.json.bad",
                                                                 "progress.json.bad-2"]


@pytest.mark.parametrize("record", [
    {"rating": 10 ** 400, "streak": 1, "best_streak": 1, "results": []},  # overflows every expected score
    {"rating": 1600, "streak": -3, "best_streak": 1, "results": []},
    {"rating": "high", "streak": 0, "best_streak": 0, "results": []},
    {"rating": 1600, "streak": 0, "best_streak": 0, "results": [["cosmic-001", "yes"]]},
    ["a list"],
])
def test_a_damaged_puzzle_record_starts_afresh_and_the_file_as_it_was_is_kept(playbook_home, record):
    path = playbook_home / "progress.json"
    path.write_text(json.dumps({"format": 1, "tutorials": {"Kelasu": ["Merge."]}, "puzzles": record}))
    before = path.read_text()
    with pytest.warns(ProgressWarning, match="puzzle record .* is damaged") as said:
        assert standing() == "Puzzle rating: 1500 (0 solved)"
    assert any("progress.json.bad" in str(w.message) for w in said)  # where the file as it was is kept
    reset()  # writes a fresh puzzle record over the damaged one
    assert (playbook_home / "progress.json.bad").read_text() == before  # what was there is not lost
    kept = json.loads(path.read_text())
    assert kept["puzzles"]["rating"] == 1500 and kept["tutorials"] == {"Kelasu": ["Merge."]}
    assert standing() == "Puzzle rating: 1500 (0 solved)"  # sound again: no warning


def code(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": [text]}


@pytest.mark.parametrize("bad, reason", [
    (code("x = a" + ".b" * 100_000), "its code is nested too deep to read"),  # an expression past Python's parser
    ("[" * 100_000, "nested too deep"),  # a notebook file nested past the JSON reader
    ("not json", "not JSON"),
    ([1, 2], "not a notebook"),
])
def test_the_overview_leaves_out_a_notebook_it_cannot_read_and_says_so(tmp_path, bad, reason):
    good = {"cells": [code('tutorial = Tutorial("Toy")'), code('a = Exercise(s, "First.", answers={"x"})')],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "a-toy.ipynb").write_text(json.dumps(good))
    if isinstance(bad, dict):
        bad = json.dumps({**good, "cells": [code('t = Tutorial("Other")'), bad]})
    elif not isinstance(bad, str):
        bad = json.dumps(bad)
    (tmp_path / "b-bad.ipynb").write_text(bad)
    Progress().add("Toy", "First.")
    with pytest.warns(ProgressWarning, match=re.escape(f"left out 1 notebook it could not read: b-bad.ipynb ({reason})")):
        shown = overview(tmp_path)
    assert repr(shown) == f"Toy: 1 of 1 exercises\nLeft out, as they could not be read: b-bad.ipynb ({reason})"
    assert "b-bad.ipynb" in shown._repr_markdown_()
