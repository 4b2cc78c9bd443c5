"""BoardWidget's Python side: the step tree it sends, the messages it takes and refuses."""


import pytest

from playbook import BoardWidget, IllegalAction, load
from playbook.widget import step_tree

GAME = load("cosmic")
START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def send(widget, content):
    """Deliver a message as the front end would."""
    widget.messages.receive(widget, content, [])


def steps(*cells):
    return [{"kind": "cell", "value": c} for c in cells]


def test_step_tree_from_the_start_lists_the_pieces_that_can_move_and_their_targets():
    tree = step_tree(GAME.initial())
    first = {s["value"]: child for s, child in tree["o"]}
    # By hand: knights c1 and a3, pawns c2 and b3 can move; offer-draw is a choice.
    assert set(first) == {"c1", "c2", "a3", "b3", "offer-draw"}
    assert {s["value"] for s, _ in first["c2"]["o"]} == {"d3", "d1"}
    assert first["c2"]["c"] is False
    d3 = dict((s["value"], c) for s, c in first["c2"]["o"])["d3"]
    assert d3 == {"c": True, "o": []}


def test_step_tree_marks_a_chain_as_complete_but_continuing():
    tree = step_tree(GAME.parse("k5/4p1/6/2p3/1P4/5K w"))
    b2 = dict((s["value"], c) for s, c in tree["o"])["b2"]
    d4 = dict((s["value"], c) for s, c in b2["o"])["d4"]
    assert d4["c"] is True and [s["value"] for s, _ in d4["o"]] == ["f6"]


def test_a_small_budget_leaves_subtrees_to_be_fetched():
    tree = step_tree(GAME.initial(), budget=3)
    assert any(child is None for _, child in tree["o"])


def test_an_action_message_plays_the_move():
    board = BoardWidget(GAME)
    send(board, {"type": "action", "steps": steps("c2", "d3"), "position": START})
    assert board.state.to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"
    assert board.history == ["c2-d3"] and board.error == ""


@pytest.mark.parametrize(
    "message, reason",
    [
        ({"type": "action", "steps": steps("c2", "d3"), "position": "3nrk/3pnr/4pn/NP4/RNP3/KRN3 b"}, "no longer shown"),
        ({"type": "action", "steps": steps("c2", "c3"), "position": START}, "Refused"),
        ({"type": "action", "steps": "c2-d3", "position": START}, "Refused"),
        ({"type": "action", "steps": [{"kind": "laser", "value": "c2"}], "position": START}, "Refused"),
        ({"type": "jump", "index": "two"}, "move number"),
        ({"type": "teleport"}, "unknown message type"),
        ({"steps": []}, "malformed"),
        ("c2-d3", "malformed"),
    ],
)
def test_bad_messages_are_refused_with_a_reason_and_change_nothing(message, reason):
    board = BoardWidget(GAME)
    send(board, message)
    assert reason in board.error
    assert board.state.to_text() == START and board.history == []
    assert board.position == START


def test_after_a_refusal_a_good_move_still_plays_and_clears_the_message():
    board = BoardWidget(GAME)
    send(board, {"type": "action", "steps": steps("c2", "c3"), "position": START})
    assert board.error
    send(board, {"type": "action", "steps": steps("c2", "d3"), "position": START})
    assert board.error == "" and board.history == ["c2-d3"]


def test_undo_redo_jump_reset():
    board = BoardWidget(GAME)
    for move in ["c2-d3", "e4xc2", "b3xd1"]:
        board.play(move)
    send(board, {"type": "undo"})
    assert board.history == ["c2-d3", "e4xc2"]
    send(board, {"type": "redo"})
    assert board.history == ["c2-d3", "e4xc2", "b3xd1"]
    send(board, {"type": "jump", "index": 1})
    assert board.state.to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"
    # Playing from an earlier position replaces the moves after it.
    board.play("e4-f3")
    assert board.moves == ["c2-d3", "e4-f3"]
    send(board, {"type": "reset"})
    assert board.state.to_text() == START and board.moves == []


def test_jump_out_of_range_is_refused():
    board = BoardWidget(GAME)
    send(board, {"type": "jump", "index": 5})
    assert "Refused" in board.error and board.cursor == 0


def test_flip_redraws_the_board_turned_round():
    board = BoardWidget(GAME)
    before = board.svg
    send(board, {"type": "flip"})
    assert board.flipped and board.svg != before


def test_setting_state_shows_that_position_with_a_new_history():
    board = BoardWidget(GAME)
    board.play("c2-d3")
    board.state = GAME.parse("k5/4p1/6/2p3/1P4/5K w")
    assert board.position == "k5/4p1/6/2p3/1P4/5K w" and board.history == []
    assert 'data-cell="b2"' in board.svg


def test_play_refuses_illegal_moves_and_keeps_the_position():
    board = BoardWidget(GAME)
    with pytest.raises(IllegalAction):
        board.play("c2-c3")
    assert board.position == START


def test_on_move_callbacks_see_every_action():
    board = BoardWidget(GAME)
    seen = []
    board.on_move(lambda widget, action: seen.append((widget.position, action.text)))
    board.play("c2-d3")
    send(board, {"type": "action", "steps": steps("e4", "f3"), "position": board.position})
    assert [text for _, text in seen] == ["c2-d3", "e4-f3"]
    assert seen[0][0] == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"


class Scripted:
    def __init__(self, *moves):
        self.moves = list(moves)

    def choose(self, state):
        return state.parse_action(self.moves.pop(0))


def test_an_opponent_answers_each_move_and_undo_goes_back_to_our_turn():
    board = BoardWidget(GAME, opponent=Scripted("e4xc2", "d5-c4"))
    board.play("c2-d3")
    assert board.history == ["c2-d3", "e4xc2"] and board.state.to_move == "white"
    board.undo()
    assert board.history == [] and board.state.to_move == "white"


def test_expand_answers_with_the_subtree_for_that_prefix():
    board = BoardWidget(GAME)
    sent = []
    board.send = sent.append
    send(board, {"type": "expand", "prefix": steps("c2"), "position": START})
    assert sent[0]["type"] == "subtree"
    assert {s["value"] for s, _ in sent[0]["tree"]["o"]} == {"d3", "d1"}


def test_repr_is_deterministic_for_notebooks():
    board = BoardWidget(GAME)
    assert repr(board) == "BoardWidget(Cosmic Chess, white to move, 0 moves)"


def test_status_line_says_whose_turn_and_the_result():
    board = BoardWidget(GAME.parse("5K/6/6/6/1P4/k4p w"))
    assert board.status == "White to move"
    send(board, {"type": "action", "steps": [{"kind": "cell", "value": "b2"}, {"kind": "choice", "value": "*"}],
                 "position": board.position})
    assert board.status.startswith("Game over. White wins")
    assert board.tree == {"c": False, "o": []}


def test_every_refusal_is_also_sent_as_an_event_so_the_front_end_drops_the_entry():
    board = BoardWidget(GAME)
    sent = []
    board.send = sent.append
    for _ in range(2):  # the same reason twice: the trait would not fire again, the event does
        send(board, {"type": "action", "steps": steps("c2", "c3"), "position": START})
    assert [m["type"] for m in sent] == ["refused", "refused"]


# ---- the frame: status once, details, game over, controls, numbered moves


def test_the_live_board_has_no_caption_and_shows_the_other_caption_lines_beside_it():
    board = BoardWidget(GAME)
    # The static diagram keeps its caption; the live board says the status once, outside the picture.
    assert 'class="pb-caption"' in GAME.initial().svg() and 'class="pb-caption"' not in board.svg
    assert board.status == "White to move"
    # By hand: 3nrk/3pnr/4pn is 8 black pieces, and White mirrors it; the status is not repeated.
    assert board.details == ["White 8 pieces, Black 8"]


def test_game_over_is_flagged_for_the_banner():
    board = BoardWidget(GAME.parse("5K/6/6/6/1P4/k4p w"))
    assert board.over is False
    send(board, {"type": "action", "steps": [{"kind": "cell", "value": "b2"}, {"kind": "choice", "value": "*"}],
                 "position": board.position})
    assert board.over is True and board.status.startswith("Game over.")
    board.undo()
    assert board.over is False


def test_moves_are_numbered_by_turns():
    board = BoardWidget(GAME)
    for move in ["c2-d3", "e4xc2", "b3xd1"]:
        board.play(move)
    # White then Black make turn 1; White's next move starts turn 2.
    assert board.numbers == ["1.", "", "2."]


def test_a_line_starting_with_the_second_player_numbers_its_first_move_with_an_ellipsis():
    board = BoardWidget(GAME.parse("3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"))
    board.play("e4xc2")
    board.play("b3xd1")
    assert board.numbers == ["1…", "2."]


def test_controls_choose_the_buttons_and_refuse_unknown_names():
    assert BoardWidget(GAME).controls == ["undo", "redo", "reset", "flip", "hint"]
    assert BoardWidget(GAME, controls=["undo", "flip"]).controls == ["undo", "flip"]
    with pytest.raises(Exception, match="unknown controls"):
        BoardWidget(GAME, controls=["undo", "resign"])


def test_choices_choose_which_named_choices_get_buttons():
    assert BoardWidget(GAME).choices is True
    assert BoardWidget(GAME, choices=False).choices is False
    assert BoardWidget(GAME, choices={"offer-draw"}).choices == ["offer-draw"]


def test_an_exercise_board_offers_no_draw_unless_the_answer_is_one():
    from playbook.learn.tutorial import Exercise

    start = GAME.initial()
    assert Exercise(start, "Move a pawn.", answers={"c2-d3"}).board.choices == []
    assert Exercise(start, "Offer a draw.", answers={"offer-draw"}).board.choices == ["offer-draw"]


# ---- the Python side: arrows, highlights, game over, record, human


ARROW, RING = 'class="pb-mark-arrow"', 'class="pb-mark-target"'


def test_arrows_and_highlights_are_drawn_on_the_live_board_until_set_again():
    board = BoardWidget(GAME)
    assert ARROW not in board.svg
    board.arrows = [["c2", "d3"]]
    board.highlights = ["e4"]
    assert ARROW in board.svg and RING in board.svg
    board.play("c2-d3")
    assert ARROW in board.svg
    board.arrows = []
    board.highlights = []
    assert ARROW not in board.svg and RING not in board.svg
    with pytest.raises(Exception, match="two or more cells"):
        board.arrows = [["c2"]]


def test_on_game_over_is_called_once_when_the_game_ends():
    board = BoardWidget(GAME.parse("5K/6/6/6/1P4/k4p w"))
    seen = []
    board.on_game_over(lambda widget, outcome: seen.append(outcome.winners))
    assert seen == []
    board.play("b2x*")  # as in the status test: White takes Black's last piece
    assert [tuple(w) for w in seen] == [("white",)]


def test_record_holds_the_game_to_the_position_shown():
    from playbook import Record

    board = BoardWidget(GAME)
    for move in ["c2-d3", "e4xc2", "b3xd1"]:
        board.play(move)
    board.undo()
    record = board.record(players={"white": "Ann"})
    assert isinstance(record, Record)
    assert record.actions == ["c2-d3", "e4xc2"] and record.start == START
    assert record.players == {"white": "Ann"} and record.result == ""
    assert record.final() == board.state


def test_setting_human_hands_the_other_side_to_the_opponent_at_once():
    board = BoardWidget(GAME, opponent=Scripted("c2-d3", "b3-c4"))
    assert board.human == ("white",) and board.history == []
    board.human = "black"  # White is now the engine's, and it is White's turn
    assert board.human == ("black",) and board.history == ["c2-d3"]
    board.human = ["white", "black"]
    board.play("e4-f3")
    assert board.history == ["c2-d3", "e4-f3"]  # nobody answers: both sides are a person's
    with pytest.raises(ValueError):
        board.human = "green"


def test_occupied_names_the_cells_with_a_piece_so_targets_there_are_rings():
    board = BoardWidget(GAME)
    # By hand from "3nrk/3pnr/4pn/NP4/RNP3/KRN3": ranks 6 to 1, files a to f.
    assert board.occupied == sorted(["d6", "e6", "f6", "d5", "e5", "f5", "e4", "f4",
                                     "a3", "b3", "a2", "b2", "c2", "a1", "b1", "c1"])
    board.play("c2-d3")
    assert "c2" not in board.occupied and "d3" in board.occupied
    assert len(board.occupied) == 16


def test_trail_holds_the_cells_of_every_move_of_the_line_for_the_slide():
    board = BoardWidget(GAME)
    board.play("c2-d3")
    board.play("e4xc2")
    assert board.trail == [["c2", "d3"], ["e4", "c2"]]
    board.undo()
    # The line is kept for redo, so its cells are too.
    assert board.trail == [["c2", "d3"], ["e4", "c2"]]
    board.play("d5-c6")
    assert board.trail == [["c2", "d3"], ["d5", "c6"]]


def test_the_editor_says_it_is_editing_and_refuses_done_on_a_position_already_over():
    board = BoardWidget(GAME, editor=True)
    sent = []
    board.send = sent.append
    send(board, {"type": "edit-start"})
    # With White to move, Black moved last and cannot have lost its king then: the game has no
    # such position, so taking the king off is refused, with the reason, and the draft kept.
    send(board, {"type": "edit-place", "cell": "f6", "piece": None})
    assert board.editing and sent[-1]["type"] == "edit-refused" and "black king is gone" in board.edit_error
    assert board.draft.to_text() == START
    # With Black to move, White took Black's king with the last move: a position the game has.
    send(board, {"type": "edit-mover", "side": "black"})
    send(board, {"type": "edit-place", "cell": "f6", "piece": None})  # Black's king taken off the board
    # While editing there is no result: the status says what the board is doing.
    assert board.status == "Editing the position" and not board.over
    send(board, {"type": "edit-done"})
    # Without Black's king there is no game left to play: refused, with the reason, and still editing.
    assert board.editing and sent[-1]["type"] == "edit-refused"
    assert "no game to play" in board.edit_error and "black king" in board.edit_error
    assert board.state.to_text() == START and board.draft.to_text() == "3nr1/3pnr/4pn/NP4/RNP3/KRN3 b"
    send(board, {"type": "edit-place", "cell": "f6", "piece": "k"})
    send(board, {"type": "edit-mover", "side": "white"})
    send(board, {"type": "edit-done"})
    assert not board.editing and board.state.to_text() == START and board.status == "White to move"
    # The editor opens on a finished position too, shown as it is.
    over = BoardWidget(GAME.parse("3nr1/3pnr/4pn/NP4/RNP3/KRN3 b"), editor=True)
    send(over, {"type": "edit-start"})
    assert over.editing and over.draft.to_text() == "3nr1/3pnr/4pn/NP4/RNP3/KRN3 b"


def test_a_choice_that_ends_the_game_at_once_is_flagged_for_the_board_to_ask_first():
    tree = step_tree(load("kelasu").initial())
    first = {s["value"]: child for s, child in tree["o"] if s["kind"] == "choice"}
    # Resigning hands the game to the other side; offering a draw ends nothing yet.
    assert first["resign"] == {"c": True, "o": [], "e": "red wins: blue resigned"}
    assert "e" not in first["offer-draw"]


def test_a_teleport_slides_the_piece_it_moves_from_where_that_piece_stood():
    # Cresnovian Chess: Teleport (the Velocity's elite ability) takes any piece and sets it on a
    # blank cell.  Performed from A1 on the Innervation on I1, it is the Innervation that travels
    # from I1 to B2; the Velocity stays on A1.  Performed on the Velocity itself, it goes from A1.
    game = load("cresnovian")
    start = game.setup({"A1": "velocity 9Q", "G1": "essence 1Q", "H2": "cosmos 2Q", "I1": "innervation 12Q",
                        "D1": "duality 0Q", "E1": "radiance 0Q", "F1": "corporeality 0Q", "D3": "caprice 0Q",
                        "E3": "cognizance 0Q"})
    board = BoardWidget(start)
    board.play("perform A1 teleport I1 B2")
    assert board.trail == [["I1", "B2"]]
    board.undo()
    board.play("perform A1 teleport A1 B1")
    assert board.trail == [["A1", "B1"]]
    # A Kelasu merge makes a new piece where its blanks were (the blank on D5 is gone, a warrior
    # stands on D4): no piece went from one cell to another, so nothing slides.
    kelasu = BoardWidget(load("kelasu").setup({"D4": "B", "D5": "B", "H5": "W", "A0": "S", "J9": "s", "J8": "r"}))
    kelasu.play("W@D4:D4,D5")
    assert kelasu.trail == [[]]


def test_the_board_has_its_parts_and_inherits_only_the_widget():
    board = BoardWidget(GAME)
    ours = [cls.__name__ for cls in BoardWidget.__mro__ if cls.__module__.startswith("playbook")]
    # One widget class over the protocol's guard of page changes; every other part is held, not inherited.
    assert ours == ["BoardWidget", "PageTraits"]
    parts = [board.line, board.engine, board.coach, board.position_editor, board.picture, board.messages]
    assert all(part.board is board for part in parts)
    # A message reaches the part it is for: the dispatcher hands a jump to the line.
    board.play("c2-d3")
    send(board, {"type": "jump", "index": 0})
    assert board.line.state is board.line.positions[0] and board.history == []
