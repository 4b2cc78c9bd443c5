"""A board obeys only what it offers: the editor's messages on a board
with an editor, a button's message on a board that shows the button,
trait changes for the traits the page owns (on a board: none).  A
request that would change nothing says so, and whatever it refuses
leaves the board as it was."""

from __future__ import annotations

import pytest
from test_widget_engine import Scripted  # an opponent playing the moves it is given

from playbook import BoardWidget, load
from playbook.widget import ReviewGraph, protocol

COSMIC = load("cosmic")
START = COSMIC.initial().to_text()
EDITS = [
    {"type": "edit-start"},
    {"type": "edit-place", "cell": "a1", "piece": None},
    {"type": "edit-mover", "side": "black"},
    {"type": "edit-text", "text": "kn4/6/6/6/6/4PK b"},
    {"type": "edit-done"},
    {"type": "edit-cancel"},
]


def send(widget, content):
    widget.messages.receive(widget, content, [])


def page_sets(widget, **state):
    """The page setting synced traits, as the front end's model.set and save_changes reach the kernel."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def shown(board):
    """What the board shows and keeps, to compare before and after a refusal."""
    return (board.position, list(board.moves), board.cursor, board.editing, board.svg, board.state)


# -------------------------------------------------------------- the editor's messages

def test_every_editor_message_is_listed_as_needing_the_editor():
    listed = protocol.FROM_BROWSER.items()
    assert {kind for kind, m in listed if getattr(m, "needs", "") == "editor"} == {e["type"] for e in EDITS}


@pytest.mark.parametrize("content", EDITS, ids=[e["type"] for e in EDITS])
def test_a_board_without_an_editor_refuses_every_editor_message_and_changes_nothing(content):
    board = BoardWidget(COSMIC)
    board.play("c2-d3")
    before = shown(board)
    sent = []
    board.send = sent.append
    send(board, content)
    assert board.error == "Refused: this board has no position editor (BoardWidget(..., editor=True) has one)."
    assert sent and sent[-1]["type"] == "refused"
    assert shown(board) == before and board.history == ["c2-d3"]


def test_the_puzzle_trainers_board_refuses_a_pasted_position():
    from playbook.learn.trainer import Trainer

    trainer = Trainer("cosmic", progress=False)
    trainer.next()
    board = trainer.board
    before = shown(board)
    for content in ({"type": "edit-start"}, {"type": "edit-text", "text": "k5/6/6/6/6/5K w"}, {"type": "edit-done"}):
        send(board, content)
        assert "no position editor" in board.error
    assert shown(board) == before


def test_a_board_with_an_editor_still_takes_them():
    board = BoardWidget(COSMIC, editor=True)
    for content in ({"type": "edit-start"}, {"type": "edit-text", "text": "kn4/6/6/6/6/4PK b"}, {"type": "edit-done"}):
        send(board, content)
        assert board.error == ""
    assert board.state.to_text() == "kn4/6/6/6/6/4PK b"


def test_the_engine_answers_when_the_editors_done_leaves_its_side_to_move():
    # The person plays White; the edited position has Black, the engine's side, to move,
    # so the engine (here a script) moves at once.
    board = BoardWidget(COSMIC, opponent=Scripted("a6-a5"), human="white", editor=True)
    send(board, {"type": "edit-start"})
    send(board, {"type": "edit-text", "text": "kn4/6/6/6/6/4PK b"})
    send(board, {"type": "edit-done"})
    assert board.error == "" and board.history == ["a6-a5"]
    assert board.state.to_move == "white" and board.tree["o"]  # the person can move again
    # The same from Python.
    board = BoardWidget(COSMIC, opponent=Scripted("a6-a5"), human="white", editor=True)
    board.edit()
    board.edit_text("kn4/6/6/6/6/4PK b")
    board.finish_edit()
    assert board.history == ["a6-a5"]


# ----------------------------------------------------------- the buttons it shows

@pytest.mark.parametrize("name", ["undo", "redo", "reset", "flip", "hint"])
def test_a_buttons_message_is_refused_on_a_board_that_does_not_show_the_button(name):
    board = BoardWidget(COSMIC, controls=[c for c in ("undo", "redo", "reset", "flip", "hint") if c != name])
    board.play("c2-d3")
    board.undo() if name != "undo" else None
    before, flipped = shown(board), board.flipped
    send(board, {"type": name})
    assert board.error == f"Refused: this board has no {name.capitalize()} button."
    assert shown(board) == before and board.flipped == flipped and board.advice == {}


# ------------------------------------------------------- requests that change nothing

def test_undo_at_the_start_redo_at_the_end_and_cancel_with_no_editor_say_nothing_changed():
    board = BoardWidget(COSMIC, editor=True)
    send(board, {"type": "undo"})
    assert board.error == "Refused: nothing to undo: this is the start of the line"
    board.play("c2-d3")
    send(board, {"type": "redo"})
    assert board.error == "Refused: nothing to redo: this is the last position of the line"
    send(board, {"type": "edit-cancel"})
    assert board.error == "Refused: the position editor is not open: there is nothing to cancel"
    assert board.history == ["c2-d3"] and board.cursor == 1
    send(board, {"type": "undo"})
    assert board.error == "" and board.cursor == 0


def test_undo_against_an_engine_that_moved_first_has_nothing_to_go_back_to():
    # The engine plays White and moved first: the start is its turn, so there is no
    # position of the person's to go back to (it would be a board nobody can move on).
    board = BoardWidget(COSMIC, opponent=Scripted("c2-d3"), human="black")
    assert board.history == ["c2-d3"]
    send(board, {"type": "undo"})
    assert board.error.startswith("Refused: nothing to undo") and board.cursor == 1


# -------------------------------------------------------- traits the page may set

def test_the_page_owns_no_trait_of_a_board_and_the_review_graphs_cursor_only():
    assert getattr(protocol, "PAGE_SETS", None) == {"board": [], "review-graph": ["cursor"]}


def test_a_cursor_set_from_the_page_is_refused_and_undo_still_works():
    board = BoardWidget(COSMIC)
    board.play("c2-d3")
    sent = []
    board.send = sent.append
    page_sets(board, cursor=99)
    assert board.cursor == 1 and board.error == "Refused: the page may not set cursor."
    board.undo()
    assert board.cursor == 0 and board.history == []


@pytest.mark.parametrize("trait, value", [("position", "kn4/6/6/6/6/4PK b"), ("editor", True), ("tree", {}),
                                          ("controls", ["resign"]), ("moves", ["x"]), ("over", True)])
def test_no_trait_of_a_board_is_set_from_the_page(trait, value):
    board = BoardWidget(COSMIC)
    board.play("c2-d3")
    before = getattr(board, trait)
    page_sets(board, **{trait: value})
    assert getattr(board, trait) == before and board.error == f"Refused: the page may not set {trait}."


def test_the_review_graphs_cursor_is_set_from_the_page_within_the_game():
    from playbook.analysis import review

    board = BoardWidget(COSMIC)
    for move in ("c2-d3", "e4xc2"):
        board.play(move)
    shown_review = review(board, depth=1).board()
    graph = shown_review.graph
    page_sets(graph, cursor=1)
    assert graph.cursor == 1 and shown_review.board.cursor == 1
    page_sets(graph, cursor=99)  # no such position: the graph and the board stay where they are
    assert graph.cursor == 1 and shown_review.board.cursor == 1
    points = list(graph.points)
    page_sets(graph, points=[0.0])  # the page owns the cursor alone
    assert graph.points == points
    assert isinstance(graph, ReviewGraph)
