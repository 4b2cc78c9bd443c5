"""Kelasu v0.1: one test per rule and per clarification.

Positions are built from piece lists; every expected move list was worked
out by hand on a sketch of the board from the rules (README and issue).
Every position keeps a stone and a non-stone piece on each side, so that no
game is over before it starts.
"""

import pytest

from playbook import IllegalAction, NotationError, Step, load

GAME = load("kelasu")
RANKS = "ABCDEFGHIJ"


def position(pieces, side="blue", energy=None, extra=""):
    """A position from {"D2": "B", ...}; blue stone A0 and red stone J9 are
    added unless given, plus a red blank on J0 and a blue blank on A9 so
    both sides keep a non-stone piece."""
    cells = {"A0": "S", "J9": "s", "J0": "b", "A9": "B"}
    cells.update(pieces)
    rows = []
    for r in RANKS:
        rows.append("".join(cells.get(f"{r}{f}", ".") for f in range(10)))
    text = "\n".join(rows) + f"\nto-move: {side}\n"
    if energy is not None:
        text += f"energy: {energy}\n"
    return GAME.parse(text + extra)


def moves_from(state, cell):
    return {a.text for a in state.legal_actions() if a.text.startswith(cell + "-")}


# ------------------------------------------------------------- board, set-up


def test_start_position():
    state = GAME.initial()
    lines = state.to_text().splitlines()
    assert lines[:10] == [
        "BBBBBBBBBB", "BBBBBBBBBB", "S.S....S.S", "..........", "..........",
        "..........", "..........", "s.s....s.s", "bbbbbbbbbb", "bbbbbbbbbb",
    ]
    assert state.to_move == "blue" and state.energy == 4


def test_first_moves_are_the_b_rank_blanks_stepping_forward_past_the_stones():
    # C0 C2 C7 C9 hold stones; all other B-rank blanks may step to C; the
    # A rank and sideways steps are blocked by other blanks.
    state = GAME.initial()
    pieces = {a.text for a in state.legal_actions() if "-" in a.text and a.text[0] != "o"}
    assert pieces == {"B1-C1", "B3-C3", "B4-C4", "B5-C5", "B6-C6", "B8-C8"}


def test_text_round_trips_including_counters():
    state = GAME.initial().play("B4-C4").play("B5-C5")
    assert GAME.parse(state.to_text()) == state
    assert "acted: C4 C5" in state.to_text() and "energy: 2" in state.to_text()


# ---------------------------------------------------------------- the pieces


def test_blank_steps_forward_or_sideways_never_captures_or_goes_back():
    state = position({"D2": "B", "D3": "w"})
    assert moves_from(state, "D2") == {"D2-E2", "D2-D1"}


def test_red_moves_are_mirrored():
    state = position({"G5": "b", "A5": "W"}, side="red")
    assert moves_from(state, "G5") == {"G5-F5", "G5-G4", "G5-G6"}


def test_warrior_moves_or_captures_forward_and_sideways_and_captures_diagonally_forward():
    state = position({"D4": "W", "E4": "r", "D5": "r", "E5": "r"})
    # E3 is empty and diagonal: capture only, so no move there.
    assert moves_from(state, "D4") == {"D4-E4", "D4-D5", "D4-D3", "D4-E5"}


def test_warrior_recalls_from_the_far_rank_to_its_back_rank_over_everything():
    state = position({"J3": "W", "E3": "r", "B3": "B"})
    assert "J3-A3" in moves_from(state, "J3")
    after = state.play("J3-A3")
    assert after.board[3] == "W" and after.board[93] == "."


def test_recall_only_from_the_far_rank_captures_an_enemy_and_is_blocked_by_a_friend_clarification_7():
    assert "J3-A3" in moves_from(position({"J3": "W", "A3": "r"}), "J3")
    assert "J3-A3" not in moves_from(position({"J3": "W", "A3": "B"}), "J3")
    # Not from any other rank.
    assert not any(t.endswith("-A3") for t in moves_from(position({"I3": "W"}), "I3"))


def test_red_warrior_recalls_from_a_to_j():
    assert "A6-J6" in moves_from(position({"A6": "w", "E0": "W"}, side="red"), "A6")


def test_runner_first_cell_move_only_then_moves_or_captures():
    state = position({"E4": "R", "F5": "r", "B1": "r", "G2": "B"})
    assert moves_from(state, "E4") == {
        "E4-D3", "E4-C2", "E4-B1",  # up-left, capturing on B1
        "E4-F3",  # down-left, stopped by its own blank on G2
        "E4-D5", "E4-C6", "E4-B7", "E4-A8",  # up-right to the edge
        # down-right: the enemy on F5 is the first cell, so nothing
    }


def test_diplomat_moves_three_straight_never_captures_and_converts_diagonally():
    state = position({"E4": "D", "E6": "r", "F5": "s", "C4": "B"})
    assert moves_from(state, "E4") == {
        "E4-D4",  # up, stopped by its own blank on C4
        "E4-F4", "E4-G4", "E4-H4",  # down three
        "E4-E3", "E4-E2", "E4-E1",  # left three
        "E4-E5",  # right, not onto the enemy on E6
        "E4-F5",  # conversion of the red stone
    }


def test_conversion_turns_the_piece_and_removes_the_diplomat():
    after = position({"E4": "D", "F5": "s", "H0": "s"}).play("E4-F5")
    assert after.board[INDEX("F5")] == "S" and after.board[INDEX("E4")] == "."


def test_a_converted_piece_may_act_the_same_turn():
    state = position({"E4": "D", "F5": "r", "C0": "S"}).play("E4-F5")  # energy 2
    assert state.to_move == "blue"
    assert moves_from(state, "F5")  # the new blue runner has moves


def test_champion_moves():
    state = position({"E4": "C", "A4": "r", "H4": "r"})
    assert moves_from(state, "E4") == {
        "E4-F4", "E4-G4", "E4-H4",  # forward to the capture
        "E4-F3", "E4-F5",  # one diagonally forward
        "E4-E1", "E4-E2", "E4-E3", "E4-E5", "E4-E6", "E4-E7",  # three sideways
        "E4-D4", "E4-C4", "E4-B4",  # back, not capturing A4
    }


def test_general_slides_eight_ways_to_the_first_piece():
    state = position({"E4": "G", "E6": "r", "C2": "B", "G4": "w"})
    found = moves_from(state, "E4")
    assert {"E4-E5", "E4-E6", "E4-D3", "E4-F4", "E4-G4", "E4-J9"} <= found
    assert "E4-E7" not in found and "E4-C2" not in found and "E4-B1" not in found and "E4-H4" not in found
    assert len(found) == 1 + 2 + 4 + 1 + 2 + 4 + 5 + 3 + 4  # worked out ray by ray


def test_stones_never_move():
    assert moves_from(position({"E4": "S"}), "E4") == set()


# ----------------------------------------------------------- energy and turns


def test_energy_is_the_number_of_stones_and_each_action_costs_one():
    state = position({"D2": "B", "D5": "B", "D8": "B", "C0": "S"}, energy=None)
    assert state.energy == 2
    state = state.play("D2-E2")
    assert state.energy == 1 and state.to_move == "blue"
    state = state.play("D5-E5")
    assert state.to_move == "red" and state.energy == 1  # red has one stone


def test_no_piece_acts_twice_in_a_turn():
    state = position({"D2": "B", "C0": "S", "C1": "S"}).play("D2-E2")
    assert moves_from(state, "E2") == set()
    with pytest.raises(IllegalAction, match="already acted"):
        state.play("E2-F2")


def test_turn_ends_when_energy_is_left_but_no_action_clarification_14():
    # Blue's only movable piece is the blank; stones C0, C1 give energy 3.
    state = position({"D2": "B", "C0": "S", "C1": "S", "A9": "."}).play("D2-E2")
    assert state.to_move == "red"


def test_no_legal_action_at_the_start_of_a_turn_is_stalemate_clarification_14():
    # Blue spends its one energy; then Red's blank on J0 is boxed in by
    # Blue's blank on I0 and stone on J1, and Red's stone cannot move.
    state = position({"J1": "S", "I0": "B", "D2": "B", "A9": "."}, energy=1).play("D2-E2")
    assert state.outcome is not None and state.outcome.draw and "stalemate" in state.outcome.reason


# -------------------------------------------------------------------- merging


def test_merges_of_two_blanks_make_a_warrior_on_either_cell():
    state = position({"D4": "B", "E4": "B"})
    merges = {a.text for a in state.legal_actions() if "@" in a.text}
    assert merges == {"W@D4:D4,E4", "W@E4:D4,E4"}


def test_blanks_on_their_own_home_ranks_cannot_merge_but_may_in_the_enemys():
    assert not any("@" in a.text for a in position({"B1": "B", "B2": "B"}).legal_actions())
    assert any("@" in a.text for a in position({"I4": "B", "I5": "B"}).legal_actions())


def test_merging_blanks_must_be_orthogonally_connected():
    state = position({"C4": "B", "D5": "B"})
    assert not any("@" in a.text for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="connected"):
        state.play("W@C4:C4,D5")


def test_merge_costs():
    # Four in a row: a runner or a diplomat; three of them: nothing (no cost 3).
    state = position({"D2": "B", "D3": "B", "D4": "B", "D5": "B"})
    merges = {a.text for a in state.legal_actions() if "@" in a.text}
    assert "R@D2:D2,D3,D4,D5" in merges and "D@D5:D2,D3,D4,D5" in merges
    assert not any(len(t.split(":")[1].split(",")) == 3 for t in merges)
    with pytest.raises(IllegalAction, match="costs 5"):
        state.play("C@D2:D2,D3,D4,D5")


def test_merging_is_not_limited_by_the_pieces_in_a_set():
    # A set holds four champions, but the rules add no limit: Blue already
    # has five champions (one more than a set, as a conversion could give)
    # and may still merge five blanks into a sixth.
    champions = {f"A{f}": "C" for f in range(1, 6)}
    blanks = {f"D{f}": "B" for f in range(2, 7)}
    state = position({**champions, **blanks})
    assert "C@D4:D2,D3,D4,D5,D6" in {a.text for a in state.legal_actions()}
    after = state.play("C@D4:D2,D3,D4,D5,D6")
    assert sum(piece == "C" for piece in after.board) == 6


def test_merge_with_too_little_energy_ends_the_turn_and_the_new_piece_stands_clarification_6():
    # Blue has one stone (energy 1) and merges four blanks into a runner.
    state = position({"D2": "B", "D3": "B", "D4": "B", "D5": "B"}).play("R@D3:D2,D3,D4,D5")
    assert state.to_move == "red"
    assert state.board[INDEX("D3")] == "R" and state.board[INDEX("D2")] == "."


def test_energy_a_merge_overspends_is_not_owed_next_turn_clarification_6():
    # Blue has two stones (A0 A1), so two energy, and merges five blanks
    # into a champion (cost 5): the turn passes with nothing owed.  Red has
    # one stone; after its one action Blue's turn starts with two energy
    # again, its number of stones, not 2 - 3.
    state = position({"A1": "S", "D2": "B", "D3": "B", "D4": "B", "D5": "B", "D6": "B"})
    assert state.energy == 2
    state = state.play("C@D4:D2,D3,D4,D5,D6")
    assert state.to_move == "red" and state.energy == 1
    state = state.play("J0-I0")
    assert state.to_move == "blue" and state.energy == 2
    assert "energy: 2" in state.to_text()


def test_a_merged_piece_may_act_at_once_when_energy_is_left():
    state = position({"D2": "B", "D3": "B", "C0": "S", "C1": "S", "C3": "S"}).play("W@D3:D2,D3")
    assert state.to_move == "blue" and state.energy == 2
    assert moves_from(state, "D3")


def test_a_blank_that_moved_this_turn_cannot_merge_clarification_16():
    # Blue (stones A0 and C0: energy 2) steps the blank D2 to E2, beside the
    # blank on E3: the two touch, but E2 has acted this turn.
    state = position({"D2": "B", "E3": "B", "C0": "S"}).play("D2-E2")
    assert not any("@" in a.text for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="moved this turn"):
        state.play("W@E2:E2,E3")
    # Blanks that have not moved still merge that turn: E3 with F3, on either cell.
    state = position({"D2": "B", "E3": "B", "F3": "B", "C0": "S"}).play("D2-E2")
    assert {a.text for a in state.legal_actions() if "@" in a.text} == {"W@E3:E3,F3", "W@F3:E3,F3"}


def test_the_warriors_plus_is_capture_only_clarification_17():
    # Blue's warrior on D4 (forward is towards J): E4 ahead, D3 and D5 aside,
    # and "+" on E3 and E5, diagonally forward.  Empty, those two are no move.
    assert moves_from(position({"D4": "W"}), "D4") == {"D4-E4", "D4-D3", "D4-D5"}
    # An enemy on E3 is taken there; a friend on E5 is not.
    assert moves_from(position({"D4": "W", "E3": "r", "E5": "B"}), "D4") == {"D4-E4", "D4-D3", "D4-D5", "D4-E3"}
    # Diagonally backwards (C3, C5) there is no "+": no capture.
    assert moves_from(position({"D4": "W", "C3": "r", "C5": "r"}), "D4") == {"D4-E4", "D4-D3", "D4-D5"}
    # Red's warrior on G4 goes towards A: it captures the blank on F3 and
    # does not move to the empty F5.
    assert moves_from(position({"G4": "w", "F3": "B"}, side="red"), "G4") == {"G4-F4", "G4-G3", "G4-G5", "G4-F3"}


def test_the_readmes_merge_example_takes_the_blank_in_parentheses_clarification_18():
    # The README's diagram: Blue blanks on H5 H6 I4 I5 and J5, in Red's
    # territory; its example "[H5|H6|I4|I5]=>(J5)".  H5-H6, H5-I5, I4-I5 and
    # I5-J5 touch, so the five form one group; five blanks cost a champion.
    state = position({"H5": "B", "H6": "B", "I4": "B", "I5": "B", "J5": "B"})
    merges = {a.text for a in state.legal_actions() if "@" in a.text}
    assert "C@J5:H5,H6,I4,I5,J5" in merges
    after = state.play("C@J5:H5,H6,I4,I5,J5")
    assert after.board[INDEX("J5")] == "C"
    assert all(after.board[INDEX(c)] == "." for c in ("H5", "H6", "I4", "I5"))
    # Read as the four bracketed blanks alone, the piece would stand on a
    # cell outside its group: a runner there is no action.
    assert not any(t.startswith("R@J5:") and "J5" not in t.split(":")[1] for t in merges)
    with pytest.raises(IllegalAction):
        state.play("R@J5:H5,H6,I4,I5")


def test_merge_entered_step_by_step():
    state = position({"D2": "B", "D3": "B", "D4": "B", "D5": "B", "F8": "B"})
    first = state.next_steps([Step.cell("D3")])
    # Blank moves (forward E3, sideways none free) and the blanks that may join.
    assert set(first.cells()) == {"E3", "D2", "D4"}
    two = state.next_steps([Step.cell("D3"), Step.cell("D4")])
    assert set(two.cells()) == {"D2", "D5"} and two.choices() == ["W"]
    four = state.next_steps([Step.cell(c) for c in ("D3", "D4", "D2", "D5")])
    assert set(four.choices()) == {"R", "D"} and four.cells() == []
    place = state.next_steps([Step.cell(c) for c in ("D3", "D4", "D2", "D5")] + [Step.choice("D")])
    assert set(place.cells()) == {"D2", "D3", "D4", "D5"}
    action = state.action_from_steps([Step.cell(c) for c in ("D3", "D4", "D2", "D5")] + [Step.choice("D"), Step.cell("D4")])
    assert action.text == "D@D4:D2,D3,D4,D5"


def test_merge_notation_errors():
    state = position({"D4": "B", "E4": "B"})
    with pytest.raises(NotationError) as err:
        state.play("W@E4:E4,D4")
    assert "ascending" in str(err.value)
    with pytest.raises(NotationError) as err:
        state.play("X@E4:D4,E4")
    assert err.value.position == 0
    with pytest.raises(NotationError) as err:
        state.play("W@E4;D4,E4")
    assert err.value.position == 4


# -------------------------------------------------------------------- endings


def test_resign():
    state = GAME.initial().play("resign")
    assert state.outcome.winner == "red" and "resigned" in state.outcome.reason


def test_capturing_the_last_stone_wins():
    state = position({"E4": "G", "E7": "s", "J9": "."}, extra="")
    # Red's only stone is on E7: J9 emptied.
    after = state.play("E4-E7")
    assert after.outcome.winner == "blue" and "no stones" in after.outcome.reason


def test_a_side_left_with_only_stones_loses():
    state = position({"E4": "G", "E7": "b", "J0": "."})
    after = state.play("E4-E7")
    assert after.outcome.winner == "blue" and "only stones" in after.outcome.reason


def test_all_four_victory_cells_win_for_the_side_that_acted():
    state = position({"E4": "W", "E5": "W", "F4": "W", "E6": "G", "C0": "S"})
    after = state.play("E6-F5")
    assert after.outcome.winner == "blue" and "victory" in after.outcome.reason


def test_draw_by_agreement():
    state = GAME.initial().play("offer-draw").play("B4-C4").play("B5-C5").play("B3-C3").play("B6-C6")
    assert state.to_move == "red"
    assert state.play("accept-draw").outcome.draw


def test_draw_offer_lapses_when_the_turn_comes_back_clarification_2():
    state = GAME.initial().play("offer-draw")
    for move in ["B4-C4", "B5-C5", "B3-C3", "B6-C6", "I4-H4", "I5-H5", "I3-H3", "I6-H6"]:
        state = state.play(move)
    assert state.to_move == "blue" and state.offer == ""


def test_sixty_four_quiet_full_turns_draw_clarification_8():
    # One stone each, so one action a turn.  Round 1: Blue's general steps,
    # Red's blank J0-I0 (a blank move: this full turn is not quiet, "-").
    # Then Blue's general goes round a 4-cycle and Red's round a 7-cycle:
    # the positions at the handovers repeat every 28 full turns, so none
    # is met a fourth time in 64.  The count reaches 64 with Red's move of
    # the 64th quiet full turn (round 65), and the game is drawn there.
    blue = ["C3-D3", "D3-D2", "D2-C2", "C2-C3"]
    red = ["H1-H3", "H3-H5", "H5-H7", "H7-G7", "G7-G4", "G4-G1", "G1-H1"]
    state = position({"C2": "G", "H1": "g"}, energy=1).play("C2-C3")
    state = state.play("J0-I0")
    assert state.to_move == "blue" and state.quiet == 0
    for n in range(64):
        state = state.play(blue[n % 4])
        assert state.outcome is None and state.quiet == n
        state = state.play(red[n % 7])
        assert state.quiet == n + 1
        assert (state.outcome is not None) == (n == 63)
    assert state.outcome.draw and "64 full turns" in state.outcome.reason
    assert "quiet: 64" in state.to_text() and GAME.parse(state.to_text()) == state


def test_a_blank_move_makes_its_whole_full_turn_loud_clarification_8():
    # Blue's blank moves first in the full turn: the count shows "-" until
    # the full turn ends, then starts from 0, not 1.
    state = position({"C3": "B", "E4": "G", "E7": "g", "C0": "S"}, extra="quiet: 63\n").play("C3-D3")
    assert state.quiet is None and "quiet: -" in state.to_text() and GAME.parse(state.to_text()) == state
    state = state.play("E4-E5")  # Blue's second energy: a quiet move, still "-"
    assert state.to_move == "red" and state.quiet is None
    state = state.play("E7-F7")
    assert state.to_move == "blue" and state.quiet == 0 and state.outcome is None


def test_a_capture_resets_the_quiet_count():
    state = position({"E4": "G", "E7": "g", "E9": "w", "C0": "S"}, energy=1, extra="quiet: 63\n").play("E4-E7")
    assert state.quiet is None and state.outcome is None
    assert state.play("E9-E8").quiet == 0


def test_fourth_repetition_draws():
    state = position({"E4": "G", "G7": "g"}, energy=1)
    line = ["E4-D4", "G7-H7", "D4-E4", "H7-G7"] * 4
    seen_draw = None
    for k, move in enumerate(line):
        state = state.play(move)
        if state.outcome is not None:
            seen_draw = k
            break
    # Each move hands the turn over.  The position after E4-D4 (Red to
    # move) is recorded at moves 0, 4, 8 and 12: the fourth time is move 12.
    # (The start is not counted, so the position after H7-G7 is only at
    # its third count then.)
    assert seen_draw == 12
    assert state.outcome.draw and "4th" in state.outcome.reason


def INDEX(cell):
    return RANKS.index(cell[0]) * 10 + int(cell[1])


# ------------------------------------------------------------ clarifications


def test_offering_a_draw_costs_no_energy_clarification_1():
    state = GAME.initial().play("offer-draw")
    assert state.energy == 4 and state.to_move == "blue" and state.offer == "blue"


def test_an_action_that_ends_the_game_both_ways_goes_to_the_actor_clarification_3():
    # Blue's diplomat converts Red's last stone; Blue is then left with
    # only stones (A0 and F5), but Red has none: Blue wins.
    state = position({"E4": "D", "F5": "s", "J9": ".", "A9": "."})
    after = state.play("E4-F5")
    assert after.outcome.winner == "blue" and "red has no stones" in after.outcome.reason


def test_victory_cells_go_to_the_side_that_completes_them_and_a_read_position_holding_them_is_over_clarification_4():
    # Blue's general completes the four cells: Blue wins at once.
    after = position({"E4": "W", "E5": "W", "F4": "W", "E6": "G"}).play("E6-F5")
    assert after.outcome.winner == "blue"
    # A text where Red already stands on all four is a finished game, even
    # with Blue to move and no ending written.
    held = position({"E4": "w", "E5": "w", "F4": "w", "F5": "w", "C3": "B"})
    assert held.outcome.winner == "red" and "victory" in held.outcome.reason
    with pytest.raises(IllegalAction, match="over"):
        held.play("C3-D3")


def test_repetition_count_restarts_after_a_capture_merge_or_conversion_clarification_5():
    # Each position starts with a count of 2 for some earlier position; each
    # irreversible action empties the count (the piece count falls), a plain
    # move keeps it.
    captured = position({"E4": "G", "H4": "w", "C0": "S"}, extra="seen: 0123456789x2\n").play("E4-H4")
    assert captured.seen == ()
    merged = position({"D2": "B", "E2": "B", "C0": "S", "C1": "S"}, extra="seen: 0123456789x2\n").play("W@D2:D2,E2")
    assert merged.seen == ()
    converted = position({"E8": "D", "F9": "s", "C0": "S"}, extra="seen: 0123456789x2\n").play("E8-F9")
    assert converted.seen == ()
    moved = position({"E4": "G", "C0": "S"}, extra="seen: 0123456789x2\n").play("E4-E5")
    assert ("0123456789", 2) in moved.seen  # a plain move keeps the count


def test_completing_the_victory_cells_wins_even_when_left_with_only_stones_clarification_9():
    # Blue's stones stand on E4 E5 F4; its last non-stone piece, the
    # diplomat on G6, converts Red's stone on F5.  The diplomat leaves, so
    # Blue has only stones, but its stones now hold all four cells.
    state = position({"E4": "S", "E5": "S", "F4": "S", "G6": "D", "F5": "s", "A0": ".", "A9": "."})
    after = state.play("G6-F5")
    assert after.outcome.winner == "blue" and "victory" in after.outcome.reason


def test_a_read_position_that_is_already_over_reports_it_clarification_10():
    # Red has only stones: Blue has won.
    assert position({"J0": "."}).outcome.winner == "blue"
    # The quiet count has reached 64, or a position was met a fourth time: drawn.
    assert "64" in position({"E4": "G"}, extra="quiet: 64\n").outcome.reason
    assert "4th" in position({"E4": "G"}, extra="seen: 0123456789x4\n").outcome.reason
    # Blue's only non-stone piece is boxed in at the start of its turn
    # (energy = its stones, nothing acted): stalemate.
    boxed = position({"A9": ".", "A1": "B", "A2": "S", "B1": "S"})
    assert boxed.outcome.draw and "stalemate" in boxed.outcome.reason


def test_a_read_running_position_whose_turn_would_have_passed_is_refused_clarification_10():
    # No energy left while Blue is to move.
    with pytest.raises(NotationError, match="energy"):
        position({"E4": "G", "C0": "S"}, energy=0)
    # Energy left, but the only non-stone piece has acted.
    with pytest.raises(NotationError, match="acted"):
        position({"A9": ".", "E2": "B", "C0": "S"}, energy=1, extra="acted: E2\n")
    # An ending that the board contradicts.
    with pytest.raises(NotationError, match="ended"):
        position({"E4": "G"}, extra="ended: victory blue\n")


def test_a_conversion_does_not_reset_the_quiet_count_clarification_11():
    state = position({"E8": "D", "F9": "s", "C0": "S"}, extra="quiet: 10\n").play("E8-F9")
    assert state.board[INDEX("F9")] == "S" and state.quiet == 10


def test_blanks_and_stones_count_on_the_victory_cells_clarification_12():
    # A blank on E4, a stone on E5, a blank on F4; a blank steps onto F5.
    state = position({"E4": "B", "E5": "S", "F4": "B", "F6": "B"})
    after = state.play("F6-F5")
    assert after.outcome.winner == "blue" and "victory" in after.outcome.reason


def test_the_start_position_is_not_counted_for_repetition_clarification_13():
    # Each action hands the turn over (one stone each).  After four actions
    # the start position is back with Blue to move: counted once, not twice.
    state = position({"E4": "G", "G7": "g"})
    for move in ["E4-D4", "G7-H7", "D4-E4", "H7-G7"]:
        state = state.play(move)
    assert state.board == position({"E4": "G", "G7": "g"}).board and state.to_move == "blue"
    assert len(state.seen) == 4 and all(count == 1 for _, count in state.seen)


def test_pieces_beyond_what_the_sets_can_make_are_refused_clarification_15():
    # Twenty-one warriors cost 42 blanks; the sets hold 40.
    cells = {f"{r}{f}": "W" for r in "CDE" for f in range(7)}
    with pytest.raises(NotationError, match="two sets"):
        position(cells)
    # Exactly 40 (the start position) is fine, and so are twenty warriors.
    cells.pop("E6")
    cells.pop("E5")
    assert position(cells).outcome is None


# ------------------------------------------------------------- bad input


def test_typed_text_as_a_first_step_is_refused_not_crashed():
    state = GAME.initial()
    with pytest.raises(IllegalAction, match="starts with a click on a cell"):
        state.next_steps([Step.text("B4-C4")])


@pytest.mark.parametrize("word", ["Resign", "draw", "Draw", "pass"])
def test_unknown_words_name_the_words_kelasu_knows(word):
    with pytest.raises(NotationError) as err:
        GAME.initial().play(word)
    assert all(w in str(err.value) for w in ("resign", "offer-draw", "accept-draw"))


def test_unknown_choice_steps_name_the_words_kelasu_knows():
    with pytest.raises(IllegalAction, match="resign, offer-draw, accept-draw"):
        GAME.initial().next_steps([Step.choice("Resign")])


def test_accepting_without_an_offer_says_why():
    with pytest.raises(IllegalAction, match="no draw offer"):
        GAME.initial().play("accept-draw")
    with pytest.raises(IllegalAction, match="no draw offer"):
        GAME.initial().next_steps([Step.choice("accept-draw")])


# ------------------------------------------------------- impossible positions

START = GAME.initial().to_text()


@pytest.mark.parametrize("old, new, field, line, column", [
    ("S.S....S.S", "S.S..X.S.S", "rank C", 3, 6),  # unknown letter
    ("S.S....S.S", "S.S....S.", "rank C", 3, 10),  # a short rank
    ("to-move: blue", "to-move: green", "to-move", 11, 10),  # unknown side
    ("energy: 4", "energy: 5", "energy", 12, 9),  # more energy than stones
    ("energy: 4", "energy: -1", "energy", 12, 9),
    ("energy: 4", "energy: four", "energy", 12, 9),
    ("acted: -", "acted: Z9", "acted", 13, 8),  # no such cell
    ("acted: -", "acted: C0", "acted", 13, 8),  # a stone never acts
    ("quiet: 0", "quiet: 65", "quiet", 14, 8),  # past the 64-turn draw
    ("quiet: 0", "quiet: none", "quiet", 14, 8),  # a count or '-'

    ("seen: -", "seen: 12x2", "seen", 15, 7),  # not a digest
    ("seen: -", "seen: 0123456789x5", "seen", 15, 7),  # past the fourth time
    ("offer: -", "offer: both", "offer", 16, 8),
    ("ended: -", "ended: won", "ended", 17, 8),
    ("ended: -", "ended: victory blue", "ended", 17, 8),  # blue holds no victory cell
    ("ended: -", "ended: -\nenergy: 3", "energy", 18, 1),  # a field given twice
    ("ended: -", "ended: -\nturn: 3", "fields", 18, 1),  # an unknown field
])
def test_parse_names_the_field_line_and_column_of_a_bad_position(old, new, field, line, column):
    text = START.replace(old, new, 1)
    before = text
    with pytest.raises(NotationError) as err:
        GAME.parse(text)
    assert str(err.value).startswith(f"{field}: ") and (err.value.line, err.value.column) == (line, column)
    assert f"(line {line}, column {column})" in str(err.value)
    assert text == before


def test_missing_ranks_and_too_many_pieces_are_refused():
    with pytest.raises(NotationError, match="rank F"):
        GAME.parse("\n".join(START.splitlines()[:5]))
    # Two things cannot stand on one cell of a text board, and the blanks of
    # both sets are 40: a third rank of them is too many.
    with pytest.raises(NotationError, match="two sets"):
        GAME.parse(START.replace("..........", "bbbbbbbbbb", 1))


@pytest.mark.parametrize("args, field", [
    (({"D4": "W", "d4": "B", "A0": "S", "J9": "s"},), "D4 is given twice"),
    (({"D4": "X"},), "unknown piece"),
    (({"K4": "W"},), "no cell"),
    (({"A0": "S", "J9": "s", "D4": "W", "E4": "w"}, "green"), "to-move"),
    (({"A0": "S", "J9": "s", "D4": "W", "E4": "w"}, "blue", 2), "energy"),
    (({"A0": "S", "J9": "s", "D4": "W", "E4": "w"}, "blue", "1"), "energy"),
    (([("D4", "W")],), "pieces"),
])
def test_setup_refuses_impossible_positions_naming_the_field(args, field):
    with pytest.raises(NotationError, match=field):
        GAME.setup(*args)


def test_setup_reads_cells_in_either_case():
    assert GAME.setup({"d4": "W", "A0": "S", "J9": "s", "J0": "b"}).board[INDEX("D4")] == "W"


# ------------------------------------------------------ wide fields of blanks


def field(rows, files, extra=None):
    """Red to move with red blanks on ``rows`` x ``files`` from the top left."""
    cells = {"H9": "S", "G9": "B", "J9": "s"}
    cells.update({f"{r}{f}": "b" for r in rows for f in files})
    cells.update(extra or {})
    return GAME.setup(cells, "red")


def test_merges_of_a_three_by_three_field_are_counted_by_hand():
    # 3x3 blanks: 12 touching pairs, a warrior on either cell: 24.  Four
    # connected cells (no straight line of four fits): squares 4, T shapes
    # 8, S and Z shapes 8, L and J shapes 16, 36 groups in all, each a
    # runner or a diplomat on any of its 4 cells.  No group of 10 or 21.
    state = field("ABC", range(3))
    merges = [a for a in state.legal_actions() if "@" in a.text]
    by_kind = {k: sum(1 for a in merges if a.text[0] == k) for k in "WRDCGS"}
    assert by_kind["W"] == 24
    assert by_kind["R"] == by_kind["D"] == 36 * 4
    assert by_kind["G"] == by_kind["S"] == 0


def test_a_field_of_twenty_one_blanks_merges_into_a_stone_on_any_of_them():
    # Three rows of seven: the only 21-cell group is the whole field.
    state = field("ABC", range(7))
    stones = {a.text for a in state.iter_actions() if a.text.startswith("S@")}
    assert len(stones) == 21
    # One more blank hanging below C0: 21-cell groups are the 22 less one
    # cell whose loss leaves them connected: the hanging one, or any of the
    # 21 but C0 (losing C0 cuts the hanging blank off): 21 groups.
    state = field("ABC", range(7), {"D0": "b"})
    groups = {a.text.split(":")[1] for a in state.iter_actions() if a.text.startswith("S@")}
    assert len(groups) == 21 and not any("C0" not in g and "D0" in g for g in groups)


def test_iter_actions_makes_the_listed_actions_in_order_and_lazily():
    state = field("ABCDE", range(5))  # 25 blanks: over 600,000 merges
    first = [a for _, a in zip(range(50), state.iter_actions())]
    assert len(first) == 50 and all(state.action_from_steps(a.steps) == a for a in first)
    small = field("ABC", range(4))
    assert list(small.iter_actions()) == small.legal_actions()
