"""Fox and Geese's own rules, each worked by hand from RULES.md.  Everything
every game must do (the contract, random games played to their end, the
drawing, engines, records, puzzles, the live board) is checked by
playbook's shared checks: test_fox_and_geese_checks.py."""

import pytest

from playbook import IllegalAction, NotationError, load
from playbook.descriptor import Ending

GAME = load("fox_and_geese")

# Rank by rank from rank 7 down: 3, 3, 7, 7, 7, 3 and 3 cells (c-e on ranks 1, 2, 6 and 7; a-g on ranks 3 to 5).
EMPTY = [".../...", "......./......./.......", ".../..."]


def position(cells: dict[str, str], side: str = "f", quiet: int = 0) -> str:
    """The text of a position holding ``cells`` (cell -> ``g`` or ``F``), all else empty."""
    ranks = []
    for rank in range(7, 0, -1):
        files = "cde" if rank in (1, 2, 6, 7) else "abcdefg"
        ranks.append("".join(cells.get(f"{f}{rank}", ".") for f in files))
    return "/".join(ranks) + f" {side} {quiet}"


def texts(state):
    return sorted(a.text for a in state.legal_actions())


def test_the_geese_start_on_ranks_one_to_three_and_move_first():
    state = GAME.initial()
    assert state.to_text() == ".../.../...F.../......./ggggggg/ggg/ggg g 0"
    assert state.to_move == "geese" and state.geese == 13
    # Only the seven geese of rank 3 can move, each one step forward onto rank 4: the geese beside them and
    # behind them block every other step.
    assert texts(state) == ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e3-e4", "f3-f4", "g3-g4"]


def test_pieces_move_along_ranks_and_files_only():
    # The fox alone on d4, with the geese far off on c1 d1 e1 c2 d2 e2 and nine on ranks 6 and 7 ... the fox
    # steps to the four cells beside it, never diagonally (c3, e5 ...).
    geese = {c: "g" for c in ("c1", "d1", "e1", "c2", "d2", "e2", "c6", "d6", "e6")}
    state = GAME.parse(position({**geese, "d4": "F"}))
    assert texts(state) == ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]
    with pytest.raises(IllegalAction):
        state.play("d4-e5")


def test_a_goose_steps_forward_or_sideways_never_back():
    geese = {c: "g" for c in ("c1", "d1", "e1", "c2", "d2", "e2", "c6", "e6", "d4")}
    state = GAME.parse(position({**geese, "a5": "F"}, side="g"))
    # The goose on d4 may go to d5 (forward), c4 or e4 (sideways), not d3 (back).
    assert {t for t in texts(state) if t.startswith("d4")} == {"d4-c4", "d4-d5", "d4-e4"}
    with pytest.raises(IllegalAction):
        state.play("d4-d3")


def test_the_fox_jumps_geese_jump_after_jump_and_may_stop_after_any():
    # The fox on c3; geese on c4 and d5 with c5 and e5 empty: c3xc5 takes c4, and from c5 the fox may go on over
    # d5 to e5.  Both are actions; so is every step onto an empty cell beside c3.
    geese = {c: "g" for c in ("c1", "d1", "e1", "c2", "e2", "c6", "c7", "e7", "c4", "d5")}
    state = GAME.parse(position({**geese, "c3": "F"}))
    assert texts(state) == ["c3-b3", "c3-d3", "c3xc5", "c3xc5xe5"]
    once = state.play("c3xc5")
    assert once.board.count("g") == 9 and once.to_text().split("/")[2] == "..Fg..."
    twice = state.play("c3xc5xe5")
    assert twice.geese == 8 and twice.to_text().split("/")[2] == "....F.."


def test_a_chain_of_jumps_may_end_where_it_began_and_keeps_the_fox():
    # The fox on c3 and four geese round d4 (on d3, e4, d5 and c4) with c5, e5 and e3 empty: the fox may jump
    # the ring of them, c3xe3xe5xc5xc3, back onto c3, which it left.  Every goose it jumped is taken and the
    # fox stands on c3 again.  Nine geese elsewhere keep the game going: 9 + 4 = 13.
    ring = {c: "g" for c in ("d3", "e4", "d5", "c4")}
    far = {c: "g" for c in ("c1", "d1", "e1", "c2", "d2", "e2", "c7", "d7", "e7")}
    state = GAME.parse(position({**ring, **far, "c3": "F"}))
    assert "c3xe3xe5xc5xc3" in texts(state)
    back = state.play("c3xe3xe5xc5xc3")
    assert back.board.count("F") == 1 and back.to_text().split("/")[4] == "..F...."
    assert back.geese == 9 and back.outcome is None
    # Nothing is jumped twice: the fox cannot go round again (d3 is gone).
    assert not [t for t in texts(GAME.parse(position({**ring, **far, "c3": "F"}))) if t.count("x") > 4]


def test_the_fox_wins_when_fewer_than_nine_geese_are_left():
    # Nine geese, the fox on c3 next to the goose on c4 with c5 empty: c3xc5 leaves eight, so the fox wins.
    geese = {c: "g" for c in ("c1", "d1", "e1", "c2", "d2", "e2", "c7", "e7", "c4")}
    won = GAME.parse(position({**geese, "c3": "F"})).play("c3xc5")
    assert won.geese == 8
    assert won.outcome.winners == ("fox",) and won.outcome.ending == Ending("geese taken")
    assert won.legal_actions() == []


def test_a_side_that_cannot_move_loses():
    # The fox in c7, the top-left corner of the cross: its only neighbours are d7 and c6, both geese, and the cells
    # beyond them (e7, c5) hold geese too: no step, no jump.  Nine geese in all, so the fox has not won.
    geese = {c: "g" for c in ("d7", "e7", "c6", "c5", "c1", "d1", "e1", "c2", "d2")}
    trapped = GAME.parse(position({**geese, "c7": "F"}))
    assert trapped.outcome.winners == ("geese",) and trapped.outcome.ending is Ending.NO_MOVE
    # Thirteen geese filling the top arm (ranks 6 and 7) and all of rank 5: a goose on rank 7 has no cell ahead,
    # one on rank 6 has a goose ahead and no cell beside it, and one on rank 5 has a goose or no cell ahead and
    # geese beside it.  The geese cannot move: the fox wins.
    wall = {c: "g" for c in ("c7", "d7", "e7", "c6", "d6", "e6", "a5", "b5", "c5", "d5", "e5", "f5", "g5")}
    stuck = GAME.parse(position({**wall, "d3": "F"}, side="g"))
    assert stuck.legal_actions() == [] and stuck.outcome.winners == ("fox",)
    assert stuck.outcome.ending is Ending.NO_MOVE
    # Take a5 away and b5 can step sideways onto it.
    del wall["a5"]
    assert texts(GAME.parse(position({**wall, "d3": "F"}, side="g"))) == ["b5-a5"]


def test_fifty_moves_with_no_goose_taken_or_stepping_forward_draw():
    geese = {c: "g" for c in ("c1", "d1", "e1", "c2", "d2", "e2", "c6", "d6", "e6")}
    text = position({**geese, "a4": "F"}, quiet=49)
    # The fox steps (no goose taken): the fiftieth quiet move draws.
    drawn = GAME.parse(text).play("a4-a5")
    assert drawn.quiet == 50 and drawn.outcome.draw and drawn.outcome.ending is Ending.MOVE_LIMIT
    # A goose stepping forward starts the count again; a sideways step does not.
    geese_turn = GAME.parse(position({**geese, "d4": "g", "a4": "F"}, side="g", quiet=10))
    assert geese_turn.play("c6-c7").quiet == 0
    assert geese_turn.play("d4-e4").quiet == 11
    # The limit is a rule variant: with none, the count goes on.
    endless = load("fox_and_geese", quiet_limit=None)
    assert endless.parse(text).play("a4-a5").outcome is None


def test_positions_that_cannot_arise_are_refused_naming_the_place():
    with pytest.raises(NotationError, match="one fox, not 0"):
        GAME.parse(position({"c1": "g"}))
    with pytest.raises(NotationError, match="one fox, not 2"):
        GAME.parse(position({"c1": "F", "c2": "F"}))
    with pytest.raises(NotationError, match="at most thirteen geese"):
        GAME.parse(".../.../ggggggg/ggggggg/...F.../.../... g 0")
    with pytest.raises(NotationError, match="seven ranks"):
        GAME.parse("..../.../...F.../......./ggggggg/ggg/ggg g 0")
    with pytest.raises(NotationError, match="g .a goose., F"):
        GAME.parse(".../.../...F.../...k.../ggggggg/ggg/ggg g 0")
    with pytest.raises(NotationError, match="quiet moves"):
        GAME.parse(".../.../...F.../......./ggggggg/ggg/ggg g 51")


def test_the_cross_is_drawn_with_its_files_and_ranks_only_where_cells_are():
    svg = GAME.initial().svg()
    # 33 cells, each clickable once; the corners (a1, g7 ...) are left out.
    assert svg.count("data-cell=") == 33 and 'data-cell="a1"' not in svg and 'data-cell="d4"' in svg
    # File a's name sits under a3, its lowest cell (row 4 of 7 from the top: 4 + 5 * 48 + 9 = 253), file d's
    # under d1 at the bottom edge (4 + 7 * 48 + 9 = 349), both at their column's centre (18 + 24 = 42, 18 + 168).
    assert '<text class="pb-coord" x="42.0" y="253.0">a</text>' in svg
    assert '<text class="pb-coord" x="186.0" y="349.0">d</text>' in svg
