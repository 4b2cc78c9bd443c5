"""CCC: the set-up, every piece and power, attacks and the end of the game.

Positions are built with ``GAME.setup`` from cell tokens (capitals White,
small letters Black; see the notation module).  Every expected value below
was worked out by hand from the rule source on a sketch of the position;
the comments give the reasoning.  Kings of the game are the Pyramids, so
most positions keep a spare Pyramid on each side far away (a1 / h10) so
that the game is still running.
"""

import re

import pytest

from playbook import IllegalAction, NotationError, Step, load
from playbook.games.ccc import CCC, Match

GAME = load("ccc")
SPARE = {"a1": "L", "h10": "l"}


def pos(pieces, to_move="white", game=GAME, **kw):
    return game.setup({**SPARE, **pieces}, to_move=to_move, **kw)


def moves(state, cell):
    return {a.text for a in state.legal_actions() if a.steps[0].value == cell}


def at(state, cell):
    from playbook.games.ccc.notation import token

    return token(state.board[state.geo.index[cell]])


# ------------------------------------------------------------------ set-up


def test_start_position_is_the_documented_set_up():
    s = GAME.initial()
    assert (s.files, s.ranks, s.turn, s.to_move) == (8, 10, 1, "white")
    row = lambda r: [at(s, f"{f}{r}") for f in "abcdefgh"]
    assert row(1) == ["C", "R", "S", "L", "M", ".", "V", "T"]
    assert row(10) == ["c", "r", "s", "l", "m", ".", "v", "t"]
    for r in (2, 3):
        assert row(r) == ["F"] * 8
    for r in (8, 9):
        assert row(r) == ["f"] * 8
    # 16 Flats a side, as the source says.
    tokens = [at(s, name) for name in s.geo.names]
    assert tokens.count("F") == 16 and tokens.count("f") == 16


def test_the_nice_flag_is_written_v_and_the_knights_letter_n_is_refused_naming_v():
    # N is a knight in the chess-like games; the rule source names no letters.
    text = GAME.initial().to_text()
    assert "1 C R S L M . V T" in text and "10 c r s l m . v t" in text
    old = text.replace(" . V T", " . N T", 1)
    with pytest.raises(NotationError, match="write the Nice Flag as V") as err:
        GAME.parse(old)
    assert err.value.line == 11  # rank 1, the line it is on
    with pytest.raises(NotationError, match="write the Nice Flag as v"):
        GAME.parse(text.replace(" . v t", " . n t", 1))
    gone = pos({"g1": "."}, flags=("g1", "g10"), lost=("V", "-")).to_text()
    assert "white lost: V" in gone
    with pytest.raises(NotationError, match="white lost: 'N' is no longer a CCC letter: write the Nice Flag as V"):
        GAME.parse(gone.replace("white lost: V", "white lost: N"))
    with pytest.raises(IllegalAction, match="write the Nice Flag as V"):
        GAME.initial(back_rank="CRSLM.NT")


def test_clarification_2_the_unknown_piece_leaves_its_cell_empty():
    s = GAME.initial()
    assert at(s, "f1") == "." and at(s, "f10") == "."


def test_clarification_1_board_size_and_back_rank_are_options():
    s = GAME.initial(ranks=12, back_rank="SMLCRVT")
    assert (s.files, s.ranks) == (7, 12)
    assert [at(s, f"{f}1") for f in "abcdefg"] == ["S", "M", "L", "C", "R", "V", "T"]
    assert at(s, "a11") == "f" and at(s, "a12") == "s"
    with pytest.raises(IllegalAction, match="once"):
        GAME.initial(back_rank="SSLCRVT.")


def test_clarification_3_first_player_is_an_option_and_a_match_lets_the_loser_start():
    assert GAME.initial(first="black").to_move == "black"
    match = Match()
    first = match.start()
    assert first.to_move == "white"
    # White loses its last Pyramid: Black won, so White (the loser) starts again.
    lost = pos({"d4": "t", "d3": "S", "a1": "."}, to_move="black", turn=5).play("d4 fall s")
    assert lost.outcome.winner == "black"
    match.finish(lost)
    assert match.start().to_move == "white"
    # After a drawn game, no more games today.
    drawn = GAME.setup({"b4": "t", "b5": "S", "b6": "s"}, to_move="black").play("b4 fall n")
    assert drawn.outcome.draw
    match.finish(drawn)
    with pytest.raises(IllegalAction, match="no more today"):
        match.start()


# ------------------------------------------------------------------- Flats


def test_flat_moves_left_right_forward_and_diagonally_forward():
    s = pos({"d4": "F"})
    assert moves(s, "d4") == {"d4-c4", "d4-e4", "d4-d5", "d4-c5", "d4-e5"}


def test_black_flats_move_towards_white():
    s = pos({"d7": "f"}, to_move="black")
    assert moves(s, "d7") == {"d7-c7", "d7-e7", "d7-d6", "d7-c6", "d7-e6"}


def test_flat_attacking_an_unshielded_flat_destroys_both():
    # Rule A: no Shields on either side.
    after = pos({"d4": "F", "d5": "f"}).play("d4xd5")
    assert at(after, "d4") == "." and at(after, "d5") == "."
    assert after.lost == ("F", "F")


def test_shielded_flat_loses_its_shield_and_destroys_the_defender():
    # Rule B: the shielded attacker loses its Shield and stands on the cell.
    after = pos({"d4": "F+", "d5": "f"}).play("d4xd5")
    assert at(after, "d5") == "F" and after.lost == ("", "F")


def test_both_shielded_lose_shields_until_rule_b():
    # Rule C: Large Pyramid 3 Shields vs Flat 1: one each goes (2 vs 0),
    # then rule B: the Pyramid loses one more (1 left), the Flat is destroyed.
    after = pos({"c3": "L+++", "d4": "f+", "a1": "S"}).play("c3xd4")
    assert at(after, "d4") == "L+" and after.lost == ("", "F")


def test_flats_stack_onto_flats_of_their_colour():
    after = pos({"d4": "F", "d5": "F"}).play("d4-d5")
    assert at(after, "d5") == "FF"


def test_flat_hops_enemy_flats_and_chains_in_any_direction():
    # c3 hops c4 (forward) to c5, then d6 (diagonally) to e7, then back
    # south over e6 to e5: later hops may go any way.
    s = pos({"c3": "F", "c4": "f", "d6": "f", "e6": "f"})
    hops = {t for t in moves(s, "c3") if t.count("x") >= 1 and t != "c3xc4"}
    assert hops == {"c3xc5", "c3xc5xe7", "c3xc5xe7xe5"}
    after = s.play("c3xc5xe7xe5")
    assert at(after, "e5") == "F"
    assert all(at(after, c) == "." for c in ("c3", "c4", "d6", "e6"))
    assert after.lost == ("", "FFF")


def test_clarification_12_a_shield_saves_a_hopped_flat():
    after = pos({"c3": "F", "c4": "f+"}).play("c3xc5")
    assert at(after, "c4") == "f" and after.lost == ("", "")


def test_clarification_12_hops_only_move_when_that_option_is_chosen():
    game = CCC(hop_captures=False)
    after = pos({"c3": "F", "c4": "f"}, game=game).play("c3xc5")
    assert at(after, "c4") == "f" and at(after, "c5") == "F"


# -------------------------------------------------------------- Flat Stacks


def test_flat_stack_moves_only_forward_and_grows_onto_a_single_flat():
    # Not sideways: the stack's moves are forward and the forward diagonals.
    s = pos({"d4": "FF", "d5": "F", "c5": "FF", "c4": "F"})
    assert {t for t in moves(s, "d4") if "unstack" not in t} == {"d4-d5", "d4-e5"}
    assert at(s.play("d4-d5"), "d5") == "FFF"


def test_flat_stack_never_exceeds_five():
    s = pos({"d4": "FFFFF", "d5": "F"})
    assert "d4-d5" not in moves(s, "d4")


def test_unstacking_drops_one_flat_a_cell_in_five_directions():
    # Three Flats: two are picked up and dropped on the next two cells.
    s = pos({"d4": "FFF"})
    assert {t for t in moves(s, "d4") if "unstack" in t} == {
        "d4 unstack n", "d4 unstack ne", "d4 unstack nw", "d4 unstack e", "d4 unstack w"}
    after = s.play("d4 unstack ne")
    assert (at(after, "d4"), at(after, "e5"), at(after, "f6")) == ("F", "F", "F")


def test_unstacking_height_rule_counts_the_flats_still_held():
    # Holding 2 at d5 and 1 at d6: a 2-high stack on d5 may be dropped on,
    # but one on d6 may not (1 held < height 2).
    assert "d4 unstack n" in moves(pos({"d4": "FFF", "d5": "ff"}), "d4")
    assert "d4 unstack n" not in moves(pos({"d4": "FFF", "d6": "ff"}), "d4")
    # A standing Tall Stick is 3 high: 2 held is not enough.
    assert "d4 unstack n" not in moves(pos({"d4": "FFF", "d5": "t"}), "d4")
    # A laying stick is only 1 high.
    assert "d4 unstack n" in moves(pos({"d4": "FFF", "c6": "t_", "d6": "t_", "e6": "t_"}), "d4")


def test_unstacking_drops_attack_enemies_add_to_own_flats_and_break_on_other_own_pieces():
    # Top Flat drops on d5 (own Flat: added), the next on d6 (enemy Flat:
    # both destroyed), the last on d7 (own Ring: it cannot fit, destroyed).
    s = pos({"d4": "FFFF", "d5": "F", "d6": "f", "d7": "R"})
    after = s.play("d4 unstack n")
    assert [at(after, c) for c in ("d4", "d5", "d6", "d7")] == ["F", "FF", ".", "R"]
    assert after.lost == ("FF", "F")


def test_unstacking_off_the_edge_destroys_the_flats_that_fall():
    after = pos({"g4": "FFF"}).play("g4 unstack e")
    assert at(after, "g4") == "F" and at(after, "h4") == "F" and after.lost == ("F", "")


# ---------------------------------------------------------------------- Cube


def test_cube_moves_one_to_five_orthogonally_jumping_all_but_standing_sticks_and_flags():
    # North: d5 holds a Flat (jumped), d6 is empty, d7 a standing stick blocks.
    # East: e4 f4 g4 h4 empty.  South: d3 d2 d1.  West: c4 Flat jumped, b4, a4.
    s = pos({"d4": "C", "d5": "F", "d7": "T", "c4": "f", "a1": ".", "h1": "L"})
    assert moves(s, "d4") == {"d4-d6", "d4-e4", "d4-f4", "d4-g4", "d4-h4", "d4-d3", "d4-d2", "d4-d1", "d4-b4",
                              "d4-a4"}


def test_attacking_a_cube_destroys_the_attacker_and_never_the_cube():
    after = pos({"d4": "F+", "d5": "c"}).play("d4xd5")
    assert at(after, "d5") == "c" and after.lost == ("F", "")


# ------------------------------------------------------------------ Pyramids


def test_clarification_5_pyramids_slide_diagonally_and_stop_at_the_first_piece():
    # From d4: ne e5 f6 (enemy at g7: may attack it, not pass it);
    # nw c5 b6 a7; se e3 f2 g1; sw c3 (own Flat: a Pyramid Stack) stop.
    s = pos({"d4": "M", "g7": "f", "c3": "F", "a1": ".", "h1": "L"})
    assert moves(s, "d4") == {"d4-e5", "d4-f6", "d4xg7", "d4-c5", "d4-b6", "d4-a7", "d4-e3", "d4-f2", "d4-g1",
                              "d4-c3"}
    through = CCC(pyramid_slide="through")
    assert "d4-h8" in moves(pos({"d4": "M", "g7": "f", "c3": "F", "a1": ".", "h1": "L"}, game=through), "d4")


def test_pyramid_builds_constructed_pyramids_never_onto_smaller_ones():
    s = pos({"c3": "S", "d4": "M", "e5": "L", "a1": "."})
    assert at(s.play("c3-d4"), "d4") == "MS"
    assert "d4-c3" not in moves(s, "d4")  # Medium onto the Small Pyramid
    with pytest.raises(IllegalAction):
        s.play("d4-c3")
    # Medium > Large, then the Small on top: Small > Medium > Large.
    s2 = s.play("d4-e5").play("h10-g9").play("c3-d4").play("g9-h10").play("d4-e5")
    assert at(s2, "e5") == "LMS"


def test_pyramid_onto_own_flats_makes_a_pyramid_stack():
    after = pos({"c3": "S", "d4": "FF"}).play("c3-d4")
    assert at(after, "d4") == "FFS"


def test_clarification_11_a_pyramid_crushes_another_own_piece_and_never_lands_on_its_cube():
    s = pos({"c3": "S", "d4": "R3", "b4": "C"})
    after = s.play("c3-d4")
    assert at(after, "d4") == "S" and after.lost == ("R", "")
    assert "c3-b4" not in moves(s, "c3")


def test_pyramid_attacking_unshielded_enemy_is_destroyed_too():
    after = pos({"c3": "S", "d4": "f", "a1": "L"}).play("c3xd4")
    assert at(after, "d4") == "." and after.lost == ("S", "F")


def test_columns_are_attacked_one_piece_at_a_time_from_the_top():
    # Large Pyramid with 3 Shields against a Pyramid Stack ff+l (top first:
    # l, f+, f).  l: 3 vs 0, B: 2 left, l destroyed.  f+: C then B:
    # 2 vs 1 -> 1 vs 0 -> 0, f destroyed.  f: A, both destroyed.
    after = pos({"c3": "L+++", "d4": "ff+l", "a1": "S", "h10": "m"}).play("c3xd4")
    assert at(after, "d4") == "." and after.lost == ("L", "FFL")


def test_clarification_7_an_attacker_that_clears_the_cell_stands_there():
    # Two unshielded Flats: each pairing is rule B and costs the Pyramid one
    # Shield (3 -> 2 -> 1); the cell is then empty and the Pyramid stands there.
    after = pos({"c3": "L+++", "d4": "ff", "a1": "S"}).play("c3xd4")
    assert at(after, "d4") == "L+" and after.lost == ("", "FF")


# -------------------------------------------------------------------- Rings


def test_ring_slides_orthogonally_until_blocked_and_builds_power():
    s = pos({"d4": "R", "d6": "f", "b4": "F", "a1": ".", "h1": "L"})
    assert moves(s, "d4") == {"d4-d5", "d4-c4", "d4-e4", "d4-f4", "d4-g4", "d4-h4", "d4-d3", "d4-d2", "d4-d1",
                              "d4 build"}
    assert at(s.play("d4 build"), "d4") == "R1"
    assert "d4 build" not in moves(pos({"d4": "R5"}), "d4")


def test_ring_casts_shields_one_at_a_time_within_each_piece_cap():
    s = pos({"d4": "R3", "c3": "F", "e5": "M", "f6": "C", "b2": "FFS"})
    first = s.next_steps([Step.cell("d4")])
    assert Step.choice("shield") in first.options
    step = s.next_steps([Step.cell("d4"), Step.choice("shield")])
    # Flats, Pyramids (the top of a stack), never the Cube or the Ring itself.
    assert sorted(step.cells()) == ["a1", "b2", "c3", "e5"]
    after_one = s.next_steps([Step.cell("d4"), Step.choice("shield"), Step.cell("e5")])
    assert after_one.complete and "e5" in after_one.cells()
    # The Medium Pyramid takes 2; after two it is full.
    after_two = s.next_steps([Step.cell("d4"), Step.choice("shield"), Step.cell("e5"), Step.cell("e5")])
    assert "e5" not in after_two.cells()
    played = s.play("d4 shield e5 e5 b2")
    assert (at(played, "e5"), at(played, "b2"), at(played, "d4")) == ("M++", "FFS+", "R")


def test_stored_power_counts_as_shields_when_the_ring_is_attacked():
    # Ring with 2 Power vs an unshielded Flat: rule B, the Ring keeps 1 Power.
    after = pos({"d4": "r2", "d3": "F"}).play("d3xd4")
    assert at(after, "d4") == "r1" and after.lost == ("F", "")


# -------------------------------------------------------------------- Sticks


def test_clarification_4_a_falling_stick_keeps_its_base_cell_and_attacks_any_colour():
    # Tall Stick on d4 falls north across d4 d5 d6: the Flat on d5 (its own)
    # and the enemy Flat on d6 are attacked; each unshielded pairing destroys
    # the Flat and the section: d5 and d6 sections go, only d4 is left: a Rectangle.
    after = pos({"d4": "T", "d5": "F", "d6": "f"}).play("d4 fall n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["B", ".", "."]
    assert after.lost == ("FBB", "F")
    beyond = CCC(fall="beyond")
    after2 = pos({"d4": "T"}, game=beyond).play("d4 fall n")
    assert [at(after2, c) for c in ("d4", "d5", "d6", "d7")] == [".", "T_", "T_", "T_"]


def test_standing_stick_cannot_fall_across_the_edge():
    s = pos({"b4": "T", "a1": ".", "h1": "L"})
    # West: b4 a4 and one more beyond the edge; the other three directions fit.
    assert moves(s, "b4") == {"b4 fall n", "b4 fall e", "b4 fall s"}


def test_laying_stick_rolls_sideways_and_stands_up_beyond_either_end():
    s = pos({"c4": "T_", "d4": "T_", "e4": "T_", "b4": "F"})
    # Rolls north (c5 d5 e5) or south (c3 d3 e3); stands on f4 (b4 is taken).
    assert moves(s, "c4") == {"c4 roll n", "c4 roll s", "c4 stand e"}
    stood = s.play("c4 stand e")
    assert at(stood, "f4") == "T" and at(stood, "d4") == "."


def test_standing_stick_attacked_is_reduced_tall_short_rectangle():
    # Three unshielded black Flats attack White's standing Tall Stick in
    # turn; each pairing is rule A: the Flat is destroyed and the stick
    # loses one step (one section beside the board each time).
    s = pos({"d4": "T", "d5": "f", "c5": "f", "e5": "f", "a1": "S"}, to_move="black")
    once = s.play("d5xd4")
    assert at(once, "d4") == "H" and once.lost == ("B", "F")
    twice = once.play("a1-b2").play("c5xd4")
    assert at(twice, "d4") == "B"
    thrice = twice.play("b2-a1").play("e5xd4")
    assert at(thrice, "d4") == "." and thrice.lost == ("BBB", "FFF")


def test_short_stick_falls_across_two_cells_and_rolls():
    # A standing Short Stick on d4 falls east across d4 e4, attacking e4;
    # the Flat there and the section both go (rule A): a Rectangle on d4.
    assert moves(pos({"d4": "H"}), "d4") == {"d4 fall n", "d4 fall e", "d4 fall s", "d4 fall w"}
    after = pos({"d4": "H", "e4": "f"}).play("d4 fall e")
    assert [at(after, c) for c in ("d4", "e4")] == ["B", "."]
    laid = pos({"d4": "H_", "d5": "H_"})
    # Laying north-south on d4 d5: rolls east or west, stands on d3 or d6.
    assert moves(laid, "d4") == {"d4 roll e", "d4 roll w", "d4 stand s", "d4 stand n"}
    assert at(laid.play("d4 stand n"), "d6") == "H"


def test_laying_tall_stick_losing_its_middle_section_leaves_two_rectangles():
    after = pos({"c5": "t_", "d5": "t_", "e5": "t_", "d4": "F"}).play("d4xd5")
    assert [at(after, c) for c in ("c5", "d5", "e5")] == ["b", ".", "b"]


def test_laying_tall_stick_losing_an_end_section_becomes_a_short_stick():
    after = pos({"c5": "t_", "d5": "t_", "e5": "t_", "e4": "F"}).play("e4xe5")
    assert [at(after, c) for c in ("c5", "d5", "e5")] == ["h_", "h_", "."]


def test_laying_short_stick_losing_a_section_leaves_a_rectangle():
    after = pos({"c5": "h_", "d5": "h_", "d4": "F"}).play("d4xd5")
    assert [at(after, c) for c in ("c5", "d5")] == ["b", "."]


def test_rectangle_moves_one_cell_any_way_and_attacks_its_own_colour_too():
    s = pos({"d4": "B", "d5": "F", "a1": ".", "h1": "L"})
    assert moves(s, "d4") == {f"d4{'x' if c == 'd5' else '-'}{c}" for c in
                              ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")}
    after = s.play("d4xd5")
    assert at(after, "d5") == "." and after.lost == ("FB", "")


# ----------------------------------------------------------------- Nice Flag


def test_nice_flag_cannot_move_on_the_games_very_first_turn():
    s = GAME.initial()
    with pytest.raises(IllegalAction, match="very first turn"):
        s.next_steps([Step.cell("g1")])


def test_nice_flag_leaps_three_and_two_with_a_compliment():
    s = pos({"d4": "V"})
    targets = s.next_steps([Step.cell("d4")]).cells()
    # (±3, ±2) and (±2, ±3) from d4 (file 4, rank 4), staying on the board.
    assert sorted(targets) == sorted(["g6", "g2", "a6", "a2", "f7", "f1", "b7", "b1"])
    entry = s.next_steps([Step.cell("d4"), Step.cell("g6")])
    assert [o.kind for o in entry.options] == ["text"]
    after = s.play('d4-g6 "What a tidy opening"')
    assert at(after, "g6") == "V"
    with pytest.raises(IllegalAction, match="compliment"):
        s.action_from_steps([Step.cell("d4"), Step.cell("g6"), Step.text("  ")])


def test_nice_flag_freezes_every_piece_next_to_it_of_either_colour():
    s = pos({"d4": "V", "c5": "F", "e3": "m", "d6": "F"})
    with pytest.raises(IllegalAction, match="Nice Flag"):
        s.play("c5-c6")
    assert moves(s, "d6")  # two cells away: free
    # Black's Medium Pyramid on e3 touches the Flag too: frozen on Black's turn.
    black = pos({"d4": "V", "c5": "F", "e3": "m", "d6": "F"}, to_move="black")
    with pytest.raises(IllegalAction, match="Nice Flag"):
        black.play("e3-f2")


def test_two_nice_flags_next_to_each_other_lock_each_other():
    s = pos({"d4": "V", "e5": "v"})
    with pytest.raises(IllegalAction, match="Nice Flag"):
        s.next_steps([Step.cell("d4")])


def test_destroyed_nice_flag_is_recreated_on_its_home_with_a_compliment():
    s = pos({"g1": "."}, flags=("g1", "g10"), lost=("V", "-"))
    assert "g1" in s.next_steps().cells()
    after = s.play('g1 recreate "Your Ring plan is clever"')
    assert at(after, "g1") == "V" and after.lost == ("", "")


# ------------------------------------------------------------ end of the game


def test_the_game_ends_when_a_side_loses_its_last_pyramid():
    after = pos({"d4": "F", "d5": "l", "h10": "."}).play("d4xd5")
    assert after.outcome.winner == "white"


def test_both_sides_losing_their_last_pyramid_in_one_turn_is_a_draw():
    # The Tall Stick falls across White's last Pyramid (b5) and Black's (b6).
    s = GAME.setup({"b4": "T", "b5": "S", "b6": "s"})
    after = s.play("b4 fall n")
    assert after.outcome.draw and "same turn" in after.outcome.reason


# ----------------------------------------------------------------- notation


def test_position_text_round_trips_and_names_the_bad_field():
    s = GAME.initial()
    assert GAME.parse(s.to_text()) == s
    bad = s.to_text().replace("C R S", "C R SS", 1)
    with pytest.raises(NotationError, match="line 11"):
        GAME.parse(bad)
    two = s.to_text().replace(" 4 . .", " 4 FC .", 1)
    with pytest.raises(NotationError, match="stands alone"):
        GAME.parse(two)


def test_action_text_errors_point_at_the_character():
    s = GAME.initial()
    with pytest.raises(NotationError) as err:
        s.play("d2 jump n")
    assert err.value.position == 3
    with pytest.raises(IllegalAction) as err:
        s.play("d2-d4")
    assert err.value.rule == "Flat"


# ------------------------------------------------ the remaining clarifications


def test_clarification_6_next_to_a_flag_is_the_eight_cells_around_it_and_an_option_makes_it_four():
    s = pos({"d4": "V", "c5": "F", "e3": "T_", "e2": "T_", "e1": "T_", "a2": "R1", "h1": "S"})
    # c5 touches d4 diagonally: frozen by default, free when only the four
    # orthogonal neighbours count.
    with pytest.raises(IllegalAction, match="Nice Flag"):
        s.play("c5-c6")
    four = pos({"d4": "V", "c5": "F"}, game=CCC(reach="orthogonal"))
    assert "c5-c6" in moves(four, "c5")
    # A laying stick is frozen when any of its cells is next to the Flag (e3).
    with pytest.raises(IllegalAction, match="Nice Flag"):
        s.play("e1 roll w")
    # Frozen pieces may still be given Shields.
    assert s.play("a2 shield c5").board[s.geo.index["c5"]].units == (("F", 1),)


def test_clarification_8_a_shielded_attacker_grinds_a_standing_stick_down_in_one_attack():
    # Large Pyramid with 3 Shields against an unshielded standing Tall Stick:
    # rule B three times: Tall -> Short (3 -> 2 Shields), Short -> Rectangle
    # (-> 1), Rectangle destroyed (-> 0); the cell is empty and the Pyramid stands there.
    after = pos({"c3": "L+++", "d4": "t", "a1": "S"}).play("c3xd4")
    assert at(after, "d4") == "L" and after.lost == ("", "BBB")


def test_clarification_9_surviving_sections_keep_their_unbroken_runs():
    # The laying Tall Stick c4-e4 rolls north onto c5 d5 e5; the Flats on c5
    # and e5 each destroy the section that lands on them (rule A), the
    # middle section alone survives: one Rectangle on d5.
    after = pos({"c4": "T_", "d4": "T_", "e4": "T_", "c5": "f", "e5": "f"}).play("c4 roll n")
    assert [at(after, c) for c in ("c5", "d5", "e5")] == [".", "B", "."]
    assert after.lost == ("BB", "FF")


def test_clarification_10_a_stick_shares_its_shields_from_the_base_outward():
    # One Shield.  Falling north from d4: d5 first (rule B, the Shield is
    # spent, the Flat destroyed), then d6 (rule A: Flat and section both
    # destroyed).  d4 and d5 remain: a laying Short Stick.
    after = pos({"d4": "T+", "d5": "f", "d6": "f"}).play("d4 fall n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["H_", "H_", "."]


def test_clarification_10_a_rolling_stick_attacks_from_the_cell_nearest_a1():
    # One Shield, rolling north onto c5 d5 e5: c5 is fought first (the Shield
    # saves the section), e5 last (its section is lost): Short Stick on c5-d5.
    after = pos({"c4": "T_+", "d4": "T_+", "e4": "T_+", "c5": "f", "e5": "f"}).play("c4 roll n")
    assert [at(after, c) for c in ("c5", "d5", "e5")] == ["H_", "H_", "."]


def test_clarification_11_crushing_ignores_shields_and_takes_one_section_of_a_laying_stick():
    assert pos({"c3": "S", "d4": "B+"}).play("c3-d4").lost == ("B", "")
    after = pos({"c3": "S", "d4": "T_", "e4": "T_", "f4": "T_"}).play("c3-d4")
    assert [at(after, c) for c in ("d4", "e4", "f4")] == ["S", "H_", "H_"]


def test_clarification_11_a_pyramid_dropped_on_its_own_cube_is_destroyed():
    # Unstacking L>S north-east from d4 drops the Small Pyramid on e5, the Cube.
    after = pos({"d4": "LS", "e5": "C", "a1": "."}).play("d4 unstack ne")
    assert at(after, "d4") == "L" and at(after, "e5") == "C" and after.lost == ("S", "")


def test_clarification_12_first_hop_goes_a_flats_ways_only_single_flats_are_hopped():
    # Backwards over d3 is not a Flat's way; a stack on c5 cannot be hopped.
    s = pos({"d4": "F", "d3": "f", "c5": "ff", "e5": "f"})
    hops = {t for t in moves(s, "d4") if t.count("x") and t not in ("d4xc5", "d4xe5")}
    assert hops == {"d4xf6"}


def test_clarification_13_flats_join_small_stacks_stacks_grow_only_onto_single_flats():
    assert at(pos({"d4": "F", "d5": "FFFF"}).play("d4-d5"), "d5") == "FFFFF"
    assert "d4-d5" not in moves(pos({"d4": "F", "d5": "FFFFF"}), "d4")
    assert "d4-d5" not in moves(pos({"d4": "FF", "d5": "FF"}), "d4")
    assert "d4-d5" not in moves(pos({"d4": "FFS", "d5": "F", "a1": "."}), "d4")


def test_clarification_14_pyramids_drop_first_then_flats_from_the_top():
    # F F+ S on d4 unstacks north: the Pyramid lands on d5, then the shielded Flat on d6.
    after = pos({"d4": "FF+S", "a1": "."}).play("d4 unstack n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["F", "S", "F+"]


def test_clarification_14_height_rule_counts_flats_held_and_pyramids_ignore_it():
    # F F F S: the Pyramid drops on d5 first (a 3-high standing stick there
    # does not stop it), then Flats with 2 held on d6 and 1 held on d7.
    assert "d4 unstack n" in moves(pos({"d4": "FFFS", "d5": "t", "a1": "."}), "d4")
    assert "d4 unstack n" in moves(pos({"d4": "FFFS", "d6": "ff", "a1": "."}), "d4")
    assert "d4 unstack n" not in moves(pos({"d4": "FFFS", "d7": "ff", "a1": "."}), "d4")


def test_clarification_14_pyramids_dropped_beyond_the_edge_are_destroyed():
    # L M S on g7 north-east: the first Pyramid lands on h8, the second falls off.
    after = pos({"g7": "LMS", "a1": "."}).play("g7 unstack ne MS")
    assert at(after, "g7") == "L" and at(after, "h8") == "M" and after.lost == ("S", "")


def test_clarification_15_no_drop_onto_a_smaller_pyramid_of_ones_colour():
    s = pos({"d4": "LM", "e5": "S", "a1": "."})
    unstacks = {t for t in moves(s, "d4") if "unstack" in t}
    assert unstacks == {"d4 unstack nw", "d4 unstack se", "d4 unstack sw"}


def test_clarification_16_shields_go_anywhere_on_the_board_and_at_least_one_is_cast():
    s = pos({"a2": "R2", "h9": "F"})
    assert "h9" in s.next_steps([Step.cell("a2"), Step.choice("shield")]).cells()
    with pytest.raises(IllegalAction, match="whole action"):
        s.action_from_steps([Step.cell("a2"), Step.choice("shield")])


def test_clarification_17_compliments_first_turn_and_recreation():
    start = GAME.initial()
    # Black's Flag may move on turn 2 (the game's first turn was White's):
    # from g10 the only empty landing is e7 (three west... two west, three south).
    second = start.play("a2-a3")
    assert second.next_steps([Step.cell("g10")]).cells() == ["e7"]
    assert at(second.play('g10-e7 "Bold first step"'), "e7") == "v"
    with pytest.raises(IllegalAction, match="compliment"):
        second.play('g10-e7 "!!!"')
    # Re-creating the Flag takes the turn.
    s = pos({"g1": "."}, flags=("g1", "g10"), lost=("V", "-"))
    assert s.play('g1 recreate "Clever"').to_move == "black"


def test_clarification_18_a_side_with_nothing_to_do_passes():
    # White's Pyramid on a1 is frozen by White's own Flag on b2, and that
    # Flag is locked by Black's Flag on c3.
    s = GAME.setup({"a1": "L", "b2": "V", "c3": "v", "h10": "l"})
    assert [a.text for a in s.legal_actions()] == ["pass"]
    after = s.play("pass")
    assert after.to_move == "black" and after.board == s.board
    with pytest.raises(IllegalAction, match="pass"):
        after.play("pass")


def test_clarification_29_legal_actions_list_flag_moves_recreation_and_single_shields():
    # White's Pyramid on a1 is frozen by White's own Flag on b2, which is
    # free (Black's Flag is far away): the Flag's leaps from b2 are three
    # and two cells away: e4 (+3, +2) and d5 (+2, +3); every other lands off
    # the board.  They are White's only actions, listed with the set words.
    only_flag = GAME.setup({"a1": "L", "b2": "V", "h10": "l"})
    assert sorted(a.text for a in only_flag.legal_actions()) == ['b2-d5 "Cool move"', 'b2-e4 "Cool move"']
    # Now Black's Flag on c3 locks White's Flag.  White's Ring on h1 holds 5
    # Power (it cannot build more) and is boxed in by Black Flats on g1 and
    # h2.  What White can do is cast Shields, on the frozen Large Pyramid
    # (it takes up to 3): listed one Shield at a time.
    only_shields = GAME.setup({"a1": "L", "b2": "V", "c3": "v", "h1": "R5", "g1": "f", "h2": "f", "h10": "l"})
    assert [a.text for a in only_shields.legal_actions()] == ["h1 shield a1"]
    assert only_shields.play("h1 shield a1 a1").board[0].units == (("L", 2),)  # more by text or steps
    # White's Flag was destroyed and its home g1 is empty; everything else is frozen
    # by Black's Flag on b2: re-creating the Flag is White's only action.
    only_recreate = GAME.setup({"a1": "L", "b2": "v", "h10": "l"}, flags=("g1", "-"), lost=("V", "-"))
    assert [a.text for a in only_recreate.legal_actions()] == ['g1 recreate "Clever strategy"']


def test_clarification_19_a_hundred_quiet_turns_draw():
    s = pos({"d4": "F"})
    text = s.to_text().replace("quiet 0", "quiet 99").replace("turn 2", "turn 200")
    after = GAME.parse(text).play("d4-d5")
    assert after.outcome.draw and "100 turns" in after.outcome.reason
    endless = CCC(quiet_limit=None)
    assert endless.parse(text).play("d4-d5").outcome is None


def test_clarification_20_the_cube_destroys_a_stick_section_that_lands_on_it():
    # Falling north: d5 holds Black's Cube, which destroys the section there;
    # d4 and d6 survive apart: two Rectangles.
    after = pos({"d4": "T+++", "d5": "c"}).play("d4 fall n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["B", "c", "B"]


# ------------------------------------------------------- stacks and pyramids


def test_constructed_pyramid_unstacks_diagonally_in_the_chosen_order():
    s = pos({"d4": "LMS", "a1": "."})
    entry = s.next_steps([Step.cell("d4"), Step.choice("unstack"), Step.choice("ne")])
    assert sorted(entry.choices()) == ["M", "S"]
    after = s.play("d4 unstack ne SM")
    assert [at(after, c) for c in ("d4", "e5", "f6")] == ["L", "S", "M"]
    with pytest.raises(IllegalAction, match="order"):
        s.play("d4 unstack ne SS")


def test_pyramid_stack_moves_one_cell_any_way_and_attacks():
    s = pos({"d4": "FS", "e5": "f", "a1": "."})
    assert {t for t in moves(s, "d4") if "unstack" not in t} == {
        "d4-c3", "d4-d3", "d4-e3", "d4-c4", "d4-e4", "d4-c5", "d4-d5", "d4xe5"}


# ------------------------------------------------------------ the notation


@pytest.mark.parametrize("change, field", [
    (("\n 4 . . .", "\n 4 . FC ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . F++ ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . R6 ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . R+ ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . Ff ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . SF ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . FFFFFF ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . LMSS ."), "cell b4"),
    (("\n 4 . . .", "\n 4 . F ."), "Flats"),
    (("\n 4 . . .", "\n 4 . T_ ."), "laying"),
    (("turn 1", "turn 0"), "turn"),
    (("turn 1", "turn one"), "turn"),
    (("quiet 0", "quiet 5"), "quiet"),
    (("white to move", "red to move"), "to move"),
    (("flags g1 g10", "flags g1 z99"), "flags"),
    (("white lost: -", "white lost: C"), "white lost"),
    (("black lost: -", "black lost: F"), "black lost"),
    (("\n 9 f f", "\n 9 . f"), None),  # with "black lost: f" below: a Flat destroyed before turn 1
    (("\n 4 . . .", "\n 4 . . . ."), "rank 4"),
])
def test_parse_refuses_impossible_positions_naming_the_field(change, field):
    text = GAME.initial().to_text().replace(*change, 1)
    if field is None:
        text, field = text.replace("black lost: -", "black lost: f"), "black lost: nothing is destroyed before turn 1"
    with pytest.raises(NotationError, match=field):
        GAME.parse(text)


def test_parse_errors_give_line_and_column():
    text = GAME.initial().to_text().replace("\n 4 . . .", "\n 4 . Q .", 1)
    with pytest.raises(NotationError) as err:
        GAME.parse(text)
    # Line 8 (the header is line 1, rank 10 line 2), column 6: the Q.
    assert "line 8, column 6" in str(err.value) and (err.value.line, err.value.column) == (8, 6)
    assert text[err.value.position] == "Q"


def test_every_position_text_of_unusual_pieces_round_trips():
    s = GAME.setup({"a1": "FF+M+S", "b2": "T_++", "c2": "T_++", "d2": "T_++", "e5": "r4", "f6": "b+", "g7": "h",
                    "h10": "l"}, flags=("g1", "-"), lost=("13F V", "2f"))
    assert GAME.parse(s.to_text()) == s and GAME.parse(s.to_text()).to_text() == s.to_text()


def test_action_text_reads_back_and_bad_cells_are_pointed_at():
    s = GAME.initial()
    with pytest.raises(NotationError) as err:
        s.play("d2-z9")
    assert err.value.position == 3
    with pytest.raises(NotationError, match="direction"):
        s.play("h1 fall up")
    assert s.parse_action("b1   build").text == "b1 build"


def test_an_x_is_refused_where_the_move_attacks_nothing():
    # In the start, d2-d3 stacks a Flat on a Flat of its colour: no attack,
    # so 'x' (an attack or a hop) is wrong there, and so on an empty cell.
    s = GAME.initial()
    assert s.parse_action("d2-d3").text == "d2-d3"
    with pytest.raises(NotationError, match="attacks nothing: write d2-d3") as err:
        s.play("d2xd3")
    assert err.value.position == 2
    empty = pos({"d4": "F", "d6": "f"})
    with pytest.raises(NotationError, match="write d4-d5"):
        empty.play("d4xd5")
    # An attack is written with 'x' (and '-' is read as the same attack).
    assert empty.play("d4-d5").play("d6xd5").lost == ("F", "F")  # one Flat each, pairing A


def test_a_single_pyramids_refusal_says_how_a_pyramid_moves():
    # The Small Pyramid on d4 cannot go straight ahead to d5: it slides diagonally.
    s = pos({"d4": "S"})
    with pytest.raises(IllegalAction, match="cannot do d5: a Pyramid slides diagonally") as err:
        s.play("d4-d5")
    assert err.value.rule == "Small Pyramid"


def test_every_piece_has_a_rule_to_give_when_it_cannot_do_something():
    from playbook.games.ccc.entry import MOVE_RULES
    from playbook.games.ccc.pieces import Thing, column

    pieces = [column("w", *units) for units in ("F", "FF", "S", "M", "L", "LM", "FS")]
    pieces += [Thing(kind, "w") for kind in "CRVB"]
    pieces += [Thing(kind, "w", cells=cells) for kind in "TH" for cells in ((3,), (3, 4))]
    roles = {t.role() for t in pieces}
    assert len(roles) == len(pieces) == 15
    assert {role for role in roles if not MOVE_RULES.get(role)} == set()


def test_flag_recreation_refusals_name_the_nice_flag_rule():
    # White's Flag still stands on g1: nothing to re-create.
    alive = pos({"g1": "V"}, flags=("g1", "g10"))
    with pytest.raises(IllegalAction, match="not been destroyed") as err:
        alive.play('g1 recreate "Clever"')
    assert err.value.rule == "Nice Flag"
    # Destroyed, home g1: not on another cell, and not while a Flat stands on g1.
    gone = pos({"g1": "F"}, flags=("g1", "g10"), lost=("V", "-"))
    with pytest.raises(IllegalAction, match="home cell, g1, not on d4") as err:
        gone.play('d4 recreate "Clever"')
    assert err.value.rule == "Nice Flag"
    with pytest.raises(IllegalAction, match="g1 must be empty") as err:
        gone.play('g1 recreate "Clever"')
    assert err.value.rule == "Nice Flag"
    # A Black piece on the home cell gives the same reason, not "move your own pieces".
    with pytest.raises(IllegalAction, match="g1 must be empty"):
        pos({"g1": "f"}, flags=("g1", "g10"), lost=("V", "-")).play('g1 recreate "Clever"')


def test_stick_directions_in_a_refusal_are_the_four_it_may_take():
    with pytest.raises(NotationError, match=r"fall needs a direction: n, e, s or w \(") as err:
        GAME.initial().play("h1 fall up")
    assert not re.search(r"\b(ne|se|sw|nw)\b", str(err.value))
    with pytest.raises(NotationError, match="unstack needs a direction: n, ne, e, se, s, sw, w or nw"):
        pos({"d4": "FF"}).play("d4 unstack up")


def test_clarification_30_a_chain_of_hops_ends_next_to_a_nice_flag():
    # c3 hops c4 to c5, and d6 from there to e7 -- unless a Nice Flag stands
    # next to c5: Black's on b6 freezes c5, so the chain ends on c5.
    free = pos({"c3": "F", "c4": "f", "d6": "f"})
    assert {t for t in moves(free, "c3") if t.count("x") > 0} == {"c3xc4", "c3xc5", "c3xc5xe7"}
    flag = pos({"c3": "F", "c4": "f", "d6": "f", "b6": "v"})
    assert {t for t in moves(flag, "c3") if t.count("x") > 0} == {"c3xc4", "c3xc5"}
    with pytest.raises(IllegalAction, match="lands on c5 next to a Nice Flag") as err:
        flag.play("c3xc5xe7")
    assert err.value.rule == "Nice Flag"
    # White's own Flag freezes as well (d6 is next to c5, so it is the Flag here).
    own = pos({"c3": "F", "c4": "f", "d6": "V", "e5": "f"})
    assert {t for t in moves(own, "c3") if t.count("x") > 0} == {"c3xc4", "c3xc5"}


def test_clarification_31_a_laying_stick_is_named_by_any_cell_it_covers():
    # A Tall Stick lies across c4, d4 and e4: clicking or naming any of
    # them picks the stick; the action is written with c4, nearest a1.
    s = pos({"c4": "T_", "d4": "T_", "e4": "T_"})
    for cell in ("c4", "d4", "e4"):
        assert s.parse_action(f"{cell} roll n").text == "c4 roll n"
        assert s.parse_action(f"{cell} stand e").text == "c4 stand e"
    assert s.next_steps([Step.cell("d4")]).choices() == s.next_steps([Step.cell("c4")]).choices()


def test_listed_actions_are_entered_by_their_own_steps_in_busy_positions():
    from playbook.checks.invariants import assert_sound

    busy = GAME.setup({"a1": "FF+M+S", "b2": "T_+", "c2": "T_+", "d2": "T_+", "e5": "r4", "f6": "b+", "g7": "h",
                       "h10": "lm", "d4": "R2", "c3": "FFF", "e4": "f", "d6": "V", "c8": "FFL", "h5": "C"})
    assert_sound(busy)
    assert_sound(GAME.initial())
    assert_sound(GAME.initial().play("a2-a3"))


def test_clarification_21_no_pyramid_lands_on_a_smaller_one_of_either_colour():
    s = pos({"c3": "L", "d4": "m", "e1": "FFM", "f2": "s", "a1": "."})
    # The Large Pyramid may not attack the Medium on d4.
    assert "c3xd4" not in moves(s, "c3") and "c3-e5" not in moves(s, "c3")
    with pytest.raises(IllegalAction):
        s.play("c3xd4")
    # The Pyramid Stack topped by a Medium may not step onto the Small on f2.
    assert "e1xf2" not in moves(s, "e1")
    # Equal or larger enemy Pyramids may be attacked.
    assert "c3xd4" in moves(pos({"c3": "M", "d4": "l", "a1": ".", "h10": "s"}), "c3")
    # The option lets Pyramids attack smaller enemies.
    assert "c3xd4" in moves(pos({"c3": "L", "d4": "s", "a1": "."}, game=CCC(onto_smaller=True)), "c3")


def test_clarification_22_the_flag_leaps_an_l_never_five_in_a_line():
    s = pos({"d2": "V"})
    targets = s.next_steps([Step.cell("d2")]).cells()
    assert "d7" not in targets and "d1" not in targets
    assert sorted(targets) == sorted(["g4", "a4", "f5", "b5"])


def test_clarification_23_a_chain_of_hops_may_land_on_the_cell_it_started_from():
    # White Flat d4 hops e5 (diagonally forward) to f6, f5 (south) to f4 and
    # e4 (west) back to d4: the Flat has left d4, so the cell is empty by then.
    s = pos({"d4": "F", "e5": "f", "f5": "f", "e4": "f"})
    assert "d4xf6xf4xd4" in moves(s, "d4")
    after = s.play("d4xf6xf4xd4")
    assert [at(after, c) for c in ("d4", "e5", "f5", "e4")] == ["F", ".", ".", "."] and after.lost == ("", "FFF")


# ------------------------------------------------------------- more decisions


def test_clarification_10_a_lost_section_has_spent_the_shared_shields():
    # One Shield, falling north from d4 across d5 and d6, each a black Flat
    # with one Shield.  d5: rule C (both lose their Shield), then rule A
    # (Flat and section destroyed): the stick has no Shield left.  d6: rule B
    # (the Flat loses its Shield, the section is destroyed).  Left: a
    # Rectangle on d4, a bare black Flat on d6, one black Flat lost.
    after = pos({"d4": "T+", "d5": "f+", "d6": "f+"}).play("d4 fall n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["B", ".", "f"]
    assert after.lost == ("BB", "F")


def test_clarification_24_pieces_left_by_a_broken_stick_start_without_shields():
    # Three Shields, falling north from d4 across the black Cube on d5: the
    # Cube destroys the middle section whatever its Shields; d4 and d6 are
    # single sections, two Rectangles, and they start bare.
    after = pos({"d4": "T+++", "d5": "c"}).play("d4 fall n")
    assert [at(after, c) for c in ("d4", "d5", "d6")] == ["B", "c", "B"]
    assert after.lost == ("B", "")


def test_clarification_25_an_unstack_may_drop_everything_beyond_the_edge():
    # Three Flats on a2 unstacking west (left for White): both Flats held
    # fall beyond file a and are destroyed; the bottom Flat stays.
    s = pos({"a2": "FFF", "a1": ".", "c1": "L"})
    assert "a2 unstack w" in moves(s, "a2")
    after = s.play("a2 unstack w")
    assert at(after, "a2") == "F" and after.lost == ("FF", "")


def test_clarification_26_a_stick_keeps_its_shields_when_it_rolls_or_stands_up():
    # A laying Tall Stick with two Shields on c4 d4 e4.  Standing up east
    # puts it on f4, leaving c4-e4 empty; rolling north puts it on c5-e5.
    s = pos({"c4": "T_++", "d4": "T_++", "e4": "T_++"})
    up = s.play("c4 stand e")
    assert [at(up, c) for c in ("c4", "d4", "e4", "f4")] == [".", ".", ".", "T++"]
    rolled = s.play("c4 roll n")
    assert [at(rolled, c) for c in ("c5", "d5", "e5")] == ["T_++"] * 3
    # Standing up needs the cell beyond the end empty: with a Flat on f4
    # only the west end (b4) is offered.
    blocked = pos({"c4": "T_", "d4": "T_", "e4": "T_", "f4": "F"})
    assert {t for t in moves(blocked, "c4") if "stand" in t} == {"c4 stand w"}


def test_clarification_27_the_flag_leaps_over_pieces_in_between():
    # The Flag on d4 walled in by Flats on every cell of both ways to f7
    # (d5 d6 d7 e7 and e4 f4 f5 f6) still reaches f7.
    wall = {c: "F" for c in ("d5", "d6", "d7", "e7", "e4", "f4", "f5", "f6")}
    s = pos({"d4": "V", **wall})
    after = s.play('d4-f7 "Well played"')
    assert at(after, "f7") == "V" and at(after, "d4") == "."


def test_clarification_28_a_constructed_pyramid_climbs_and_crushes_as_a_pyramid_does():
    # Medium carrying Small on c3: onto the Large on e5 it makes Small >
    # Medium > Large; onto the Flats on a5 (north-west) a Pyramid Stack; onto
    # the Ring on e1 (south-east) it crushes it.
    s = pos({"c3": "MS", "e5": "L", "b4": "FF", "d2": "R", "a1": "."})
    assert at(s.play("c3-e5"), "e5") == "LMS"
    assert at(s.play("c3-b4"), "b4") == "FFMS"
    crushed = s.play("c3-d2")
    assert at(crushed, "d2") == "MS" and crushed.lost == ("R", "")


def test_clarification_32_the_ring_slides_any_distance_to_the_first_piece_and_never_onto_it():
    # The Ring on a4: east along rank 4 to the black Flat on h4 it reaches
    # b4-g4 (six cells, never h4: it cannot attack); north it stops under
    # its own Flat on a8 (a5-a7); south it runs to the edge (a3-a1); west is
    # the edge.  With Build Power that is 6 + 3 + 3 + 1 = 13 actions.
    s = GAME.setup({"a4": "R", "h4": "f", "a8": "F", "h1": "L", "h10": "l"})
    slides = {f"a4-{c}" for c in ("b4", "c4", "d4", "e4", "f4", "g4", "a5", "a6", "a7", "a3", "a2", "a1")}
    assert moves(s, "a4") == slides | {"a4 build"}
    for blocked in ("a4-h4", "a4xh4", "a4-a8", "a4-a9"):
        with pytest.raises(IllegalAction):
            s.play(blocked)


def test_clarification_33_power_that_defends_the_ring_is_spent():
    # Black's Ring with 3 Power on d4, attacked by a white Flat with one
    # Shield: rule C, both lose one (Flat 0, Ring 2); then rule B, the Ring
    # loses one more (1) and the Flat is destroyed.  The two points are gone:
    # the Ring holds 1, and building again makes it 2, not 4.
    after = pos({"d4": "r3", "d3": "F+"}).play("d3xd4")
    assert at(after, "d4") == "r1" and after.lost == ("F", "")
    assert at(after.play("d4 build"), "d4") == "r2"
    # A Ring with no Power left has no Shield: an unshielded Flat destroys it
    # and is destroyed with it (rule A).
    bare = pos({"d4": "r", "d3": "F"}).play("d3xd4")
    assert at(bare, "d4") == "." and bare.lost == ("F", "R")  # each side's pile, in capitals
