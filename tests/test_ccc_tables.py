"""CCC's ready-made tables (:mod:`playbook.games.ccc.tables`): the rays
walk the board as its geometry does, and every action picked from them says
in its text, steps and plan the same cells, on random positions of several
board sizes and rule options."""

import pytest

from playbook import load
from playbook.checks.invariants import random_positions
from playbook.games.ccc.board import ALL, geometry
from playbook.games.ccc.entry import steps_from_text
from playbook.games.ccc.tables import rays


def test_rays_run_from_the_cell_to_the_edge():
    table, geo = rays(8, 10), geometry(8, 10)
    b2 = geo.index["b2"]
    # From b2 north-east: c3, d4, ..., h8 (six cells); west: a2 only; south-west: a1.
    assert [geo.names[j] for j, _, _ in table.by_dir["ne"][b2]] == ["c3", "d4", "e5", "f6", "g7", "h8"]
    assert [geo.names[j] for j, _, _ in table.by_dir["w"][b2]] == ["a2"]
    assert [(move.text, attack.text) for _, move, attack in table.by_dir["sw"][b2]] == [("b2-a1", "b2xa1")]
    assert table.by_dir["s"][geo.index["e1"]] == ()
    # One step away, in the order of the directions asked for, off-board ones left out.
    assert [geo.names[j] for j, _, _ in table.near(("n", "nw", "ne", "w", "e"))[geo.index["a1"]]] == ["a2", "b2", "b1"]
    assert all(len(table.near(ALL)[i]) == len(geo.ring8[i]) for i in range(geo.size))


GAMES = [
    ("default", {}, {}),
    ("8 ranks", {}, {"ranks": 8, "back_rank": "CRSML.VT"}),
    ("short stick, black first", {"fall": "beyond"}, {"back_rank": "CRSLM..VH", "first": "black"}),
    ("slide through, onto smaller", {"pyramid_slide": "through", "onto_smaller": True}, {}),
    ("orthogonal reach", {"reach": "orthogonal"}, {"files": 9, "back_rank": "CRSLM.VT."}),
]


@pytest.mark.parametrize("name, rules, setup", GAMES, ids=[g[0] for g in GAMES])
def test_every_listed_action_reads_back_from_its_text_and_names_its_cells(name, rules, setup):
    start = load("ccc", **rules).initial(**setup)
    for state in random_positions(start, 120, seed=len(name)):
        names = state.geo.names
        for action in state.legal_actions():
            assert steps_from_text(state, action.text) == action.steps, action.text
            plan = action.data
            if plan[0] == "move":
                _, i, j = plan
                assert action.text in (f"{names[i]}-{names[j]}", f"{names[i]}x{names[j]}")
                # Onto an empty cell is never written as an attack.
                assert state.board[j] is not None or "x" not in action.text
            elif plan[0] == "unstack":
                assert action.text.startswith(f"{names[plan[1]]} unstack {plan[2]}")
