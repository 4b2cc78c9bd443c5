"""The position editor of Cresnovian Chess, CCC and Chess Wheel+: palettes,
pieces placed and removed cell by cell, the side to move, and refusals that
name the reason and change nothing.  Expected positions are worked out by
hand from each game's rules and position text."""

import pytest

from playbook import NotationError, load
from playbook.games.wheel import setup as wheel_setup

CRES = load("cresnovian")
CCC = load("ccc")
WHEEL = load("wheel")


def refused(state, *args, match, **kwargs):
    """Check that the edit is refused with a reason matching ``match`` and leaves ``state`` as it was."""
    before = state.to_text()
    with pytest.raises(NotationError, match=match):
        state.edit(*args, **kwargs)
    assert state.to_text() == before


# ---- Cresnovian Chess

#: The seven pieces the Cresnovian positions below leave aside, dead on row 3 and G2 (a game in play shows
#: all nine; clarification 28).
DEAD = {"C3": "cognizance 0Q", "D3": "essence 0Q", "F3": "velocity 0Q", "G3": "radiance 0Q", "H3": "corporeality 0Q",
        "G2": "innervation 0Q", "H2": "caprice 0Q"}


def test_cresnovian_palette_is_the_nine_umbrations():
    assert [s.value for s in CRES.palette()] == ["essence", "duality", "cosmos", "velocity", "radiance",
                                                 "corporeality", "innervation", "caprice", "cognizance"]
    assert CRES.palette()[0].label == "Essence"


def test_cresnovian_pieces_placed_on_the_set_up_board_follow_the_set_up_until_a_kingdom_is_chosen():
    edited = CRES.initial().edit("A1", "essence")
    assert edited.phase == "place" and edited.to_move == "first"
    essence = edited.piece("essence")
    # 3Q as placed at set-up, its foundation cell A1 its home.
    assert (essence.cell, essence.q, essence.home) == (0, 3, 0)
    # The set-up puts pieces on foundation cells only: E2 is none.
    refused(edited, "E2", "duality", match="pieces")
    rest = zip(("A2", "A3", "D3", "E3", "F3", "I1", "I2", "I3"),
               ("duality", "cosmos", "velocity", "radiance", "corporeality", "innervation", "caprice", "cognizance"))
    for cell, umbration in rest:
        edited = edited.edit(cell, umbration)
    # All nine stand: the second player chooses a kingdom, and play begins.
    assert edited.phase == "choose" and edited.to_move == "second"
    assert CRES.parse(edited.to_text()) == edited
    assert edited.play("choose left").phase == "play"


def test_cresnovian_placing_a_piece_already_on_the_board_moves_it_with_its_q_and_home():
    state = CRES.setup({**DEAD, "A1": "duality 5Q", "I1": "cosmos 7Q"})
    moved = state.edit("B2", "duality")
    duality = moved.piece("duality")
    assert (duality.cell, duality.q, duality.home) == (10, 5, 0)  # B2 is cell 10; home still A1
    assert moved.piece_at(0) is None and len(moved.pieces) == 9


def test_cresnovian_emptying_a_cell_takes_a_monument_too():
    state = CRES.setup({**DEAD, "A1": "duality 5Q", "I1": "cosmos 7Q"}, monuments={"E2": "cosmos"})
    assert state.edit("E2", None).monuments == ()
    # A piece is not taken off a board in play: all nine stay (clarification 28).
    refused(state, "A1", None, match="missing: duality")


def test_cresnovian_edit_forgets_the_previous_turn_and_sets_the_mover():
    state = CRES.setup({**DEAD, "A1": "duality 5Q", "I1": "cosmos 7Q"}).play("travel A1 B1")
    assert state.last_travel == "duality" and state.before
    edited = state.edit(to_move="second")
    assert edited.to_move == "second" and (edited.last_travel, edited.last_turn, edited.before) == ("", "", "")
    # The travel's Q is kept: A1 to B1 from the left kingdom earned 1Q (clarification 19).
    assert edited.piece("duality").q == 6


def test_cresnovian_refusals_name_the_reason():
    state = CRES.setup({**DEAD, "A1": "duality 5Q", "I1": "cosmos 7Q"}, monuments={"E2": "cosmos"})
    refused(state, "E2", "essence", match="monuments")  # a monument stands there
    refused(state, "J4", "essence", match="cell")
    refused(state, "B2", "queen", match="piece")
    refused(state, to_move="left", match="side to move")


# ---- CCC


def test_ccc_palette_is_each_sides_ten_pieces():
    assert "".join(s.value for s in CCC.palette()) == "FSMLCRVTHBfsmlcrvthb"
    assert CCC.palette()[7].label == "white Tall Stick (standing)"


def test_ccc_flats_and_pyramids_join_an_own_column_where_the_rules_stack_them():
    start = CCC.initial()
    # A Flat from d3 onto the Flat on d2: a Flat Stack.
    stack = start.edit("d3", None).edit("d2", "F")
    assert stack.to_text().splitlines()[9].split()[4] == "FF"
    # The Medium Pyramid from e1 onto it: a Pyramid Stack, Flats below.
    pyramid_stack = stack.edit("e1", None).edit("d2", "M")
    assert pyramid_stack.to_text().splitlines()[9].split()[4] == "FFM"
    # The Small Pyramid from c1 onto the Large on d1: a Constructed Pyramid, larger below.
    constructed = start.edit("c1", None).edit("d1", "S")
    assert constructed.to_text().splitlines()[10].split()[4] == "LS"


def test_ccc_a_piece_of_the_other_side_replaces_what_stands_there():
    edited = CCC.initial().edit("c10", None).edit("d2", "s")
    assert edited.to_text().splitlines()[9].split()[4] == "s"


def test_ccc_emptying_a_cell_of_a_laying_stick_takes_the_whole_stick():
    state = CCC.setup({"a1": "L", "a10": "l", "c1": "T_", "d1": "T_", "e1": "T_"})
    rank1 = state.edit("d1", None).to_text().splitlines()[10].split()
    assert rank1 == ["1", "L", ".", ".", ".", ".", ".", ".", "."]


def test_ccc_a_piece_lying_beside_the_board_comes_back_when_placed():
    state = CCC.setup({"a1": "L", "a10": "l"}, lost=("S", "-"))
    edited = state.edit("b2", "S")
    assert edited.lost == ("", "") and edited.to_text().endswith("white lost: -\nblack lost: -")


def test_ccc_edit_counts_no_quiet_turns_and_keeps_the_turn():
    text = CCC.setup({"a1": "L", "a10": "l"}).to_text().replace("turn 2, quiet 0", "turn 9, quiet 5")
    edited = CCC.parse(text).edit(to_move="black")
    assert (edited.to_move, edited.turn, edited.quiet) == ("black", 9, 0)


def test_ccc_refusals_name_the_reason():
    start = CCC.initial()
    refused(start, "d5", "C", match="2 Cubes")  # a side owns one Cube
    refused(start, "i1", "F", match="cell")  # the board has files a to h
    refused(start, "d5", "X", match="piece")
    refused(start, "d5", "H", match="stick sections")  # the Tall Stick is all of White's stick
    five = CCC.setup({"a1": "L", "a10": "l", "d4": "FFFFF"})
    refused(five, "d4", "F", match="at most 5 Flats")
    refused(start, to_move="red", match="side to move")


# ---- Chess Wheel+


def test_wheel_palette_is_every_players_pieces():
    values = [s.value for s in WHEEL.initial(3).palette()]
    assert len(values) == 18 and values[:6] == ["Ann K", "Ann Q", "Ann R", "Ann B", "Ann N", "Ann P"]
    assert WHEEL.initial(3).palette()[0].label == "Ann's king"
    assert WHEEL.initial().sides_to_move() == ()


def test_wheel_pieces_move_onto_the_shared_rank_and_off_the_boards():
    start = WHEEL.initial(ready=True)
    edited = start.edit("{Ann}d1", None).edit("e8", "Ann Q")
    assert edited.piece_at("{Ann}d1") is None and edited.piece_at("e8") == ("Ann", "Q")


def test_wheel_a_placed_king_counts_as_created_and_the_last_king_owner_wins():
    state = WHEEL.initial()  # nobody has a board yet
    ann = state.edit("{Ann}e1", "Ann K")
    assert (ann.boards, ann.populated, ann.kings) == (("Ann",), ("Ann",), ("Ann",))
    both = ann.edit("{Bob}e1", "Bob K")
    assert both.outcome is None
    # Clarification 13: with two Kings created, the only owner of a King wins.
    assert both.edit("{Bob}e1", None).outcome.winners == ("Ann",)


def test_wheel_edit_starts_the_move_phase_afresh():
    state = wheel_setup({"{Ann}e1": "Ann K", "{Bob}e1": "Bob K"}).play("{Ann} pass")
    assert state.passed == ("Ann",)
    edited = state.edit("{Bob}a2", "Bob P")
    assert edited.passed == () and edited.phase == "move" and edited.movers == ("Ann", "Bob")


def test_wheel_refusals_name_the_reason():
    start = WHEEL.initial(ready=True)
    refused(start, "{Ann}d4", "Ann K", match="two Kings")
    refused(start, "{Zed}d4", "Ann Q", match="cell")
    refused(start, "{Ann}d4", "Ann X", match="piece")
    refused(start, "{Ann}d4", "Zed Q", match="piece")
    refused(start, to_move="Ann", match="side to move")
