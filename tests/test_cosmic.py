"""Cosmic Chess: one test per rule of the source and per clarification.

Every expected move list below was worked out by hand from the rules on a
sketch of the position, not taken from the engine.
"""

import pytest

from playbook import IllegalAction, NotationError, PlaybookError, load
from playbook.games.cosmic import CosmicChess

GAME = load("cosmic")


def moves(text, piece_cell=None, game=GAME):
    state = game.parse(text)
    found = {a.text for a in state.legal_actions()}
    if piece_cell is not None:
        found = {t for t in found if t.startswith(piece_cell)}
    return found


# ---------------------------------------------------------------- set-up


def test_start_position_matches_the_issue_text():
    assert GAME.initial().to_text() == "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def test_start_position_is_king_in_corner_rooks_beside_knights_around_pawns_last():
    board = GAME.initial().board
    at = lambda cell: board[(int(cell[1]) - 1) * 6 + "abcdef".index(cell[0])]
    # White: king a1, rooks on both sides of it, knights around the rooks,
    # two pawns completing a 3x3 block whose inner corner c3 is empty.
    assert at("a1") == "K"
    assert {at("a2"), at("b1")} == {"R"}
    assert {at("a3"), at("b2"), at("c1")} == {"N"}
    assert {at("b3"), at("c2")} == {"P"}
    assert at("c3") == "."
    # Black mirrors it from f6, inner corner d4 empty.
    assert at("f6") == "k"
    assert {at("f5"), at("e6")} == {"r"}
    assert {at("f4"), at("e5"), at("d6")} == {"n"}
    assert {at("e4"), at("d5")} == {"p"}
    assert at("d4") == "."


def test_white_moves_first_by_default_and_black_on_request():
    assert GAME.initial().to_move == "white"
    assert GAME.initial(first="black").to_move == "black"


def test_legal_actions_from_the_start():
    # Knight c1 goes c1-d1-e1 then up to e2; the pawns step diagonally onto
    # empty cells; knight a3 goes a4-a5 then right; everything else is boxed in.
    assert moves("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w") == {
        "c1-e2", "c2-d3", "c2-d1", "a3-b5", "b3-c4", "b3-a4", "offer-draw",
    }


# ------------------------------------------------------------------ pawns


def test_pawn_steps_one_cell_in_each_diagonal_direction():
    assert moves("4pk/6/6/2P3/6/K5 w", "c3") == {"c3-b4", "c3-d4", "c3-b2", "c3-d2"}


def test_pawn_jumps_and_keeps_jumping_and_may_stop_after_any_jump():
    # b2 jumps c3 onto d4, then e5 onto f6; c3 is occupied so no plain step there.
    assert moves("k5/4p1/6/2p3/1P4/5K w", "b2") == {
        "b2-a3", "b2-a1", "b2-c1", "b2xd4", "b2xd4xf6",
    }


def test_pawn_chain_removes_every_jumped_piece():
    after = GAME.parse("k5/4p1/6/2p3/1P4/5K w").play("b2xd4xf6")
    assert after.to_text() == "k4P/6/6/6/6/5K b"


def test_pawn_may_jump_backwards():
    assert "d4xb2" in moves("k5/6/3P2/2p3/6/5K w", "d4")


def test_pawn_cannot_jump_its_own_piece_or_onto_a_piece():
    # c3 is White's own; e3's landing f2 is taken by Black's knight.
    assert moves("k5/6/6/2P1p1/1P3n/5K w", "b2") == {"b2-a3", "b2-a1", "b2-c1"}
    assert "d4xf2" not in moves("k5/6/3P2/4p1/5n/K5 w", "d4")


# ---------------------------------------------------------------- knights


def test_knight_captures_both_enemies_it_jumps_over():
    # Right leg c2, d2 (both Black) then up or down; up leg b3, b4 then sideways.
    assert moves("K4k/6/5n/6/1Npp2/6 w", "b2") == {"b2xd3", "b2xd1", "b2-a4", "b2-c4"}
    after = GAME.parse("K4k/6/5n/6/1Npp2/6 w").play("b2xd3")
    assert after.to_text() == "K4k/6/5n/3N2/6/6 b"


def test_knight_with_one_enemy_on_its_path_captures_just_that_one():
    after = GAME.parse("K4k/6/5n/6/1N1p2/6 w").play("b2xd3")
    assert after.to_text() == "K4k/6/5n/3N2/6/6 b"


def test_knight_is_blocked_by_its_own_piece_on_any_of_the_three_cells():
    # Own pawn on c2 (first cell), on d2 (second) and on d3 (landing).
    assert not {"b2-d3", "b2xd3", "b2-d1", "b2xd1"} & moves("K4k/6/5n/6/1NP3/6 w", "b2")
    assert not {"b2-d3", "b2xd3", "b2-d1", "b2xd1"} & moves("K4k/6/5n/6/1N1P2/6 w", "b2")
    assert "b2-d3" not in moves("K4k/6/5n/3P2/1N4/6 w", "b2")
    assert "b2-d1" in moves("K4k/6/5n/3P2/1N4/6 w", "b2")


def test_knight_may_not_land_on_an_enemy_clarification_4():
    # c4 holds a Black knight: neither a move nor a capture may end there.
    found = moves("K4k/6/2n3/6/1N4/6 w", "b2")
    assert "b2-c4" not in found and "b2xc4" not in found
    assert "b2-a4" in found
    with pytest.raises(IllegalAction, match="knight"):
        GAME.parse("K4k/6/2n3/6/1N4/6 w").play("b2xc4")


def test_knights_straight_part_stays_on_the_board_clarification_5():
    # From a2 the left and down legs leave the board at once.
    assert moves("K4k/6/5n/6/N5/6 w", "a2") == {"a2-b4", "a2-c3", "a2-c1"}


# ------------------------------------------------------------------ rooks


def test_rook_slides_jumps_the_first_enemy_then_jumps_adjacent_enemies():
    assert moves("5k/1p4/p5/6/6/R4K w", "a1") == {
        "a1-a2", "a1-a3", "a1xa5", "a1xa5xc5", "a1-b1", "a1-c1", "a1-d1", "a1-e1",
    }


def test_rook_cannot_jump_two_pieces_in_a_row_clarification_6():
    assert moves("5k/p5/p5/6/6/R4K w", "a1") == {"a1-a2", "a1-a3", "a1-b1", "a1-c1", "a1-d1", "a1-e1"}


def test_rook_later_jumps_need_an_adjacent_enemy_clarification_6():
    # After a1xa5, the pawn on c5 is two cells away: no second jump.
    assert "a1xa5xd5" not in moves("5k/2p3/p5/6/6/R4K w", "a1")
    assert not any(t.startswith("a1xa5x") for t in moves("5k/2p3/p5/6/6/R4K w", "a1"))


def test_rook_never_passes_its_own_piece():
    assert moves("5k/p5/6/N5/6/R4K w", "a1") == {"a1-a2", "a1-b1", "a1-c1", "a1-d1", "a1-e1"}


# ------------------------------------------------------------------ kings


def test_king_steps_one_cell_in_any_direction():
    assert moves("k5/6/6/2K3/6/P4p w", "c3") == {
        "c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4",
    }


def test_king_jumps_at_most_twice_clarification_7():
    # a1 over b2 to c3, over c4 to c5; a third jump over the knight on d5 to
    # e5 is refused.  (A set has two pawns a side, hence the knight.)
    text = "5P/3n2/2p3/6/1p4/K4k w"  # the pawn on f6 keeps White off a bare king
    assert moves(text, "a1") == {"a1-a2", "a1-b1", "a1xc3", "a1xc3xc5"}
    assert "a1xc3xc5xe5" in moves(text, "a1", game=CosmicChess(king_jumps=3))


def test_each_jump_of_a_chain_may_turn_clarification_14():
    # The king jumps b2 diagonally (a1 to c3), then c4 straight up (to c5).
    assert "a1xc3xc5" in moves("5P/3n2/2p3/6/1p4/K4k w", "a1")
    # The rook slides up, jumps a4 (to a5), then turns right over b5 (to c5).
    assert "a1xa5xc5" in moves("5k/1p4/p5/6/6/R4K w", "a1")
    # The pawn jumps b4 up-right (to c5), d4 down-right (to e3), d2 down-left (to c1).
    assert "a3xc5xe3xc1" in moves("5k/6/1p1n2/P5/3p2/5K w", "a3")
    # Turning back over the cell just left is no jump: a jumped piece is gone.
    assert not any(m.startswith("a3xc5xa3") for m in moves("5k/6/1p1n2/P5/3p2/5K w", "a3"))


# ------------------------------------------------------ leaving the board


def test_a_jump_may_leave_the_board_only_over_the_enemy_king():
    assert moves("5K/6/6/6/1P4/k4p w", "b2") == {"b2-a3", "b2-c3", "b2-c1", "b2x*"}
    assert moves("5K/6/6/6/1P4/p4k w", "b2") == {"b2-a3", "b2-c3", "b2-c1"}


def test_rook_jumps_off_the_board_over_the_king_at_the_edge():
    assert "a3x*" in moves("5K/6/6/R5/6/k4p w", "a3")


def test_knight_lands_off_the_board_when_it_jumps_the_king():
    # Right leg c1, d1 (Black king) then down off the board, or up to d2.
    found = moves("5K/6/6/6/6/1Nnk1p w", "b1")
    assert {"b1x*", "b1xd2"} <= found


# ---------------------------------------------------------------- winning


def test_capturing_the_king_wins_and_ends_the_chain_at_once_clarification_3():
    state = GAME.parse("6/4p1/6/2k3/1P4/5K w")
    found = moves("6/4p1/6/2k3/1P4/5K w", "b2")
    assert "b2xd4" in found and "b2xd4xf6" not in found
    after = state.play("b2xd4")
    assert after.outcome.winner == "white"
    assert "king" in after.outcome.reason


def test_jumping_off_the_board_over_the_king_wins():
    after = GAME.parse("5K/6/6/6/1P4/k4p w").play("b2x*")
    assert after.outcome.winner == "white"
    assert after.to_text() == "5K/6/6/6/6/5p b"


def test_bare_king_loses_to_the_side_with_more_pieces():
    after = GAME.parse("k5/4p1/6/2p3/1P4/5K w").play("b2xd4xf6")
    assert after.outcome.winner == "white"
    assert "only its king" in after.outcome.reason


def test_two_bare_kings_are_a_draw_clarification_10():
    outcome = GAME.parse("k5/6/6/6/6/5K w").outcome
    assert outcome.draw and outcome.reason == "both sides have only their kings left, with equal pieces (1 each)"


def test_no_moves_after_the_game_is_over():
    state = GAME.parse("k5/6/6/6/6/5K w")
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.play("f1-e1")


# ------------------------------------------------------ draw by agreement


def test_draw_offer_then_move_then_accept_with_equal_pieces_is_a_draw():
    state = GAME.initial().play("offer-draw")
    assert state.to_move == "white"  # the offer comes with a move
    assert "offer-draw" not in {a.text for a in state.legal_actions()}
    state = state.play("c2-d3")
    assert "accept-draw" in {a.text for a in state.legal_actions()}
    done = state.play("accept-draw")
    assert done.outcome.draw


def test_agreed_draw_goes_to_the_side_with_more_pieces():
    # White has king, pawn, knight; Black king and pawn.
    state = GAME.parse("k4p/6/6/6/6/KPN3 b =w")
    done = state.play("accept-draw")
    assert done.outcome.winner == "white"


def test_moving_instead_of_accepting_declines_the_offer():
    state = GAME.initial().play("offer-draw").play("c2-d3").play("e4-f3")
    assert state.offer == ""
    assert "accept-draw" not in {a.text for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match="no draw offer"):
        state.play("accept-draw")


# ---------------------------------------------------------- clarifications


def test_capturing_is_optional_by_default_clarification_2():
    found = moves("k5/6/6/2p3/1P4/5K w", "b2")
    assert "b2-a3" in found and "b2xd4" in found


def test_compulsory_capture_variant_refuses_plain_moves_when_a_capture_exists():
    game = CosmicChess(compulsory_capture=True)
    state = game.parse("k5/6/6/2p3/1P4/5K w")
    assert {a.text for a in state.legal_actions()} == {"b2xd4", "offer-draw"}
    with pytest.raises(IllegalAction, match="compulsory"):
        state.play("b2-a3")


# ---------------------------------------------------------------- notation


def test_position_text_round_trips():
    for text in ["3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "k4p/6/6/6/6/KPN3 b =w", "k5/6/6/6/6/5K w ="]:
        assert GAME.parse(text).to_text() == text


@pytest.mark.parametrize(
    "text, position",
    [
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 x", 28),
        ("3nrk/3pnr/4qn/NP4/RNP3/KRN3 w", 11),
        ("3nrk/3pnr/4pn/NP5/RNP3/KRN3 w", 16),
    ],
)
def test_position_errors_point_at_the_bad_character(text, position):
    with pytest.raises(NotationError) as err:
        GAME.parse(text)
    assert err.value.position == position


def test_position_with_wrong_rank_count_is_refused():
    with pytest.raises(NotationError, match="6 ranks"):
        GAME.parse("3nrk/3pnr/4pn/NP4/RNP3 w")


@pytest.mark.parametrize(
    "text, position",
    [("b3-c9", 4), ("z3-c4", 0), ("b3c4", 2), ("b3-", 2), ("b3-c4-d5", 5)],
)
def test_action_notation_errors_point_at_the_bad_character(text, position):
    with pytest.raises(NotationError) as err:
        GAME.initial().play(text)
    assert err.value.position == position


def test_illegal_actions_name_the_rule():
    state = GAME.initial()
    with pytest.raises(IllegalAction, match="no piece on c3"):
        state.play("c3-d4")
    with pytest.raises(IllegalAction, match="black's"):
        state.play("e4-d3")
    with pytest.raises(IllegalAction, match="pawn") as err:
        state.play("c2-c3")
    assert err.value.rule == "pawn moves"


def test_a_rook_or_knight_off_its_lines_is_told_it_moves_orthogonally():
    # a2 to b4 is neither along a rank or file nor a knight's path from a2.
    with pytest.raises(IllegalAction, match="rook slides orthogonally"):
        GAME.parse("4pk/6/6/6/R5/5K w").play("a2-b4")
    with pytest.raises(IllegalAction, match="knight goes two cells orthogonally"):
        GAME.parse("4pk/6/6/6/N5/5K w").play("a2-b3")


def test_a_refused_action_changes_nothing():
    state = GAME.initial()
    before = (state.to_text(), [a.text for a in state.legal_actions()])
    for bad in ["c2-c3", "zz", "e4-d3", "accept-draw", ""]:
        with pytest.raises(Exception):
            state.play(bad)
    assert (state.to_text(), [a.text for a in state.legal_actions()]) == before


# ------------------------------------------------------------- step entry


def test_steps_enter_a_chain_one_landing_at_a_time():
    from playbook import Step

    state = GAME.parse("k5/4p1/6/2p3/1P4/5K w")
    first = state.next_steps([Step.cell("b2")])
    assert set(first.cells()) == {"a3", "a1", "c1", "d4"} and not first.complete
    mid = state.next_steps([Step.cell("b2"), Step.cell("d4")])
    assert mid.complete and mid.cells() == ["f6"]
    assert state.action_from_steps([Step.cell("b2"), Step.cell("d4"), Step.cell("f6")]).text == "b2xd4xf6"


def test_jumping_off_the_board_is_a_named_choice_step():
    from playbook import Step

    state = GAME.parse("5K/6/6/6/1P4/k4p w")
    assert "*" in state.next_steps([Step.cell("b2")]).choices()


# ------------------------------------------- clarifications 11 to 13: endings


@pytest.mark.parametrize(
    "text, action, winner",
    [
        # Worked out on paper: the capturing piece jumps over the king on a
        # corner or edge cell and would land outside the board.
        ("5K/6/6/6/1P4/k4p w", "b2x*", "white"),  # pawn b2 over a1
        ("5k/6/6/6/1p4/K4P b", "b2x*", "black"),
        ("5K/6/6/R5/6/k4p w", "a3x*", "white"),  # rook slides a2, jumps a1
        ("5k/6/6/r5/6/K4P b", "a3x*", "black"),
        ("5K/6/6/6/6/1Nnk1p w", "b1x*", "white"),  # knight b1 over c1, d1, then off the bottom
        ("5k/6/6/6/6/1nNK1P b", "b1x*", "black"),
        # The king itself leaves the board: its side still wins (clarification 11).
        ("5p/6/6/6/1K4/k4P w", "b2x*", "white"),
        ("5P/6/6/6/1k4/K4p b", "b2x*", "black"),
    ],
)
def test_jumping_off_the_board_over_the_king_wins_for_every_piece_and_side(text, action, winner):
    state = GAME.parse(text)
    assert action in {a.text for a in state.legal_actions()}
    after = state.play(action)
    assert after.outcome.winner == winner
    assert "captured the" in after.outcome.reason


def test_a_side_with_no_piece_move_ends_the_game_by_count_clarification_12():
    # White's king on a1 is walled in by the rooks a2, b1 and the knight b2,
    # and every landing behind them (a3, c1, c3) is taken; the pawn on f6
    # faces e5 with d4 taken behind it.  Black has 8 pieces to White's 2.
    state = GAME.parse("5P/4p1/3p2/n1k3/rn4/Krn3 w")
    assert state.outcome is not None
    assert state.outcome.winner == "black"
    assert "white has no piece that can move" in state.outcome.reason
    assert state.outcome.reason.endswith("black has more pieces (8 to 2)")  # the leader's count first
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.play("offer-draw")


def test_a_capture_resets_the_quiet_count_and_a_move_adds_one_clarification_13():
    state = GAME.initial().play("c2-d3")
    assert state.to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"
    assert state.play("offer-draw").to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b =b 1"
    captured = GAME.parse("kp4/6/6/6/2p3/KP4 w 99").play("b1xd3")
    # b1 over c2 to d3: rank 3 is the fourth field from the top.
    assert captured.to_text() == "kp4/6/6/3P2/6/K5 b" and captured.outcome is None


def test_no_rule_ends_a_quiet_game_by_default_clarification_13():
    # The source ends a game early only by agreement: a hundredth quiet move
    # (and a thousandth) leaves the game running.
    after = GAME.parse("kp4/6/6/6/6/KP4 w 99").play("b1-c2")
    assert after.quiet == 100 and after.outcome is None
    assert GAME.parse("kp4/6/6/6/6/KP4 w 999").outcome is None
    assert GAME.quiet_limit is None


def test_quiet_limit_ends_the_game_scored_as_an_agreed_draw_clarification_13():
    # White has king, pawn and knight (3), Black king and pawn (2): the
    # hundredth quiet move ends the game, and the side with more pieces wins,
    # as it would on an agreed draw.
    limited = CosmicChess(quiet_limit=100)
    state = limited.parse("kp4/6/6/6/6/KPN3 w 99")
    assert state.outcome is None
    after = state.play("b1-c2")
    assert after.quiet == 100
    assert after.outcome.winner == "white"
    assert after.outcome.reason == "100 moves were made without a capture; white has more pieces (3 to 2)"
    agreed = GAME.parse("kp4/6/6/6/6/KPN3 w").play("offer-draw").play("b1-c2").play("accept-draw")
    assert agreed.outcome.winners == after.outcome.winners
    # Equal counts: a draw.  Offering a draw is no move and adds nothing.
    even = limited.parse("kp4/6/6/6/6/KP4 w 99")
    assert even.play("offer-draw").quiet == 99
    assert even.play("b1-c2").outcome.draw
    # The count in a position text cannot pass the limit.
    with pytest.raises(NotationError, match="at most 100"):
        limited.parse("k5/6/6/6/6/K5 w 101")
    assert GAME.parse("kp4/6/6/6/6/KP4 w 101").quiet == 101


@pytest.mark.parametrize(
    "text, field",
    [
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3", "side"),
        ("3nrk/3pnr/2pppn/NP4/RNP3/KRN3 w", "pawns"),  # three black pawns
        ("KK4/6/6/6/6/5k w", "kings"),
        ("RRR3/6/6/6/6/K4k w", "rooks"),
        ("k5/6/6/6/6/K5 w =x", "draw offer"),
        ("k5/6/6/6/6/K5 w 0", "moves since the last capture"),
        ("k5/6/6/6/6/K5 w -3", "moves since the last capture"),
        ("6/6/6/6/P5/5K w", "side to move"),  # Black's king gone, yet Black did not move last
        ("6/6/6/6/p5/5k b", "side to move"),
        ("k5/6/6/6/6/K5 w =w 3 3", "position is the board"),
        (" k5/6/6/6/6/K5 w", "single spaces"),
        ("k5/6/6/6/6/K5  w", "single spaces"),
    ],
)
def test_impossible_positions_are_refused_naming_the_field(text, field):
    with pytest.raises(NotationError, match=field):
        GAME.parse(text)


def test_mutated_position_texts_are_refused_or_sound():
    import random

    from playbook.analysis import RandomAgent
    from playbook.checks.invariants import assert_parse_is_safe, mutations

    rng = random.Random(11)
    for seed in range(12):
        state = RandomAgent(seed=seed, avoid=("offer-draw", "accept-draw")).play(GAME.initial(), seed * 3)
        for text in mutations(state.to_text(), rng, 60):
            assert_parse_is_safe(GAME, text)


def test_a_blocked_side_with_as_many_pieces_draws_clarification_12():
    # White's start box, sealed by all eight black pieces.  Worked out cell by
    # cell: the king, both rooks and the knight on b2 have only their own
    # pieces around them; the knight on c1 lands on e2 (taken); the knight on
    # a3 goes over a4, a5 onto b5 (taken); the pawn on c2 meets d3 (its jump
    # lands on e4, taken) and d1 (the jump would leave the board over a
    # pawn); the pawn on b3 meets a4 (a jump off the board) and c4 (its jump
    # lands on d5, taken).  Eight pieces each: a draw, not a loss.
    state = GAME.parse("6/1r1r2/n1n1k1/NP1n2/RNP1p1/KRNp2 w")
    assert state.legal_actions() == []
    assert state.outcome.draw
    assert state.outcome.reason == "white has no piece that can move, with equal pieces (8 each)"


@pytest.mark.parametrize(
    "text, action, message",
    [
        # The start: the rook on a2 meets the knight on a3 at once.
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "a2-a4", "the white knight on a3 is in the way"),
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "b1-e1", "the white knight on c1 is in the way"),
        # A rook's slide before its jump must be clear too: a4 is taken on the way to a5.
        ("5k/p5/p5/6/6/R4K w", "a1xa6", "the black pawn on a4 is in the way"),
        ("5k/6/6/p5/N5/R4K w", "a1xa4", "the white knight on a2 is in the way"),
        # A knight's straight part: its own pawn on c2.
        ("K4k/6/5n/6/1NP3/6 w", "b2-d3", "the white pawn on c2 is in the way"),
        # A step onto a taken cell, and a jump over one's own piece.
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "c2-b3", "b3 holds the white pawn"),
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "a1xc3", "the white knight on b2 is in the way: no piece jumps its own"),
        ("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "c2xe4", "there is no piece on d3 to jump"),
        # A knight that passes an enemy captures it, and is written so.
        ("K4k/6/5n/6/1Npp2/6 w", "b2-d3", "captures the black pawn on c2 on its way, written b2xd3"),
    ],
)
def test_a_refused_move_names_the_piece_in_its_way(text, action, message):
    state = GAME.parse(text)
    with pytest.raises(IllegalAction) as err:
        state.play(action)
    assert message in str(err.value)
    assert "moves" in err.value.rule
    assert state.to_text() == text


def test_a_finished_position_fits_the_side_that_moved_last():
    # Black to move: White moved last and took Black's king.  White to move
    # with the same board is refused (see the field test above).
    won = GAME.parse("6/6/6/6/P5/5K b")
    assert won.outcome.winner == "white"
    # Both kings gone: the mover's king jumped off the board over the other;
    # the side that moved last wins.
    assert GAME.parse("6/6/6/6/P5/5p w").outcome.winner == "black"
    assert GAME.parse("6/6/6/6/P5/5p b").outcome.winner == "white"


@pytest.mark.parametrize(
    "options, name",
    [
        ({"king_jumps": True}, "king_jumps"),
        ({"king_jumps": 2.0}, "king_jumps"),
        ({"king_jumps": 0}, "king_jumps"),
        ({"compulsory_capture": "no"}, "compulsory_capture"),
        ({"compulsory_capture": 1}, "compulsory_capture"),
        ({"quiet_limit": True}, "quiet_limit"),
        ({"quiet_limit": "100"}, "quiet_limit"),
        ({"quiet_limit": 0}, "quiet_limit"),
    ],
)
def test_options_of_the_wrong_kind_are_refused_naming_the_option(options, name):
    with pytest.raises(PlaybookError, match=name):
        CosmicChess(**options)
    with pytest.raises(PlaybookError, match=name):
        load("cosmic", **options)


def test_a_plain_string_where_a_step_belongs_is_not_an_attribute_error():
    # Cosmic Chess enters moves through the contract's own next_steps and
    # action_from_steps; it has no step code of its own to go wrong.
    from playbook.core import State
    from playbook.games.cosmic import CosmicState

    for name in ("next_steps", "action_from_steps"):
        assert getattr(CosmicState, name) is getattr(State, name)


def test_the_quick_check_for_a_move_agrees_with_the_full_list():
    # The outcome asks whether the side to move can move without listing every capture chain.
    from playbook.checks.invariants import random_positions

    for game in (GAME, load("cosmic", compulsory_capture=True)):
        for state in random_positions(game.initial(), 400, seed=3):
            fresh = game.parse(state.to_text())
            assert fresh._can_move() == bool(game.parse(state.to_text())._piece_actions())
