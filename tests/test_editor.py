"""The position editor: each game's palette and ``State.edit``, and the live
board's edit mode.  Positions the game refuses are refused with the reason
and never reach play."""

import pytest

from playbook import BoardWidget, NotationError, load
from playbook.core import Step

COSMIC = load("cosmic")
KELASU = load("kelasu")


def send(widget, content):
    widget.messages.receive(widget, content, [])


def test_cosmic_palette_is_each_sides_four_pieces():
    assert [s.value for s in COSMIC.palette()] == list("KRNPkrnp")
    assert all(s.kind == "choice" for s in COSMIC.palette())
    assert COSMIC.palette()[5].label == "black rook"


def test_cosmic_edit_places_and_clears_and_sets_the_side_to_move():
    start = COSMIC.initial()
    # By hand: a2 holds White's rook in the start; taking it off and putting
    # it on d4 turns rank 4 from "4pn" into "3Rpn" and rank 2 into "1NP3".
    edited = start.edit("a2", None).edit("d4", "R")
    assert edited.to_text() == "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 w"
    assert edited.edit(to_move="black").to_move == "black"
    assert COSMIC.parse(edited.to_text()) == edited


def test_cosmic_edit_resets_the_draw_offer_and_quiet_count():
    state = COSMIC.parse("3nrk/3pnr/4pn/NP4/RNP3/KRN3 w =b 7")
    assert state.edit(to_move="white").to_text() == "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


@pytest.mark.parametrize("cell, piece, field", [
    ("d4", "R", "board"),  # a third white rook: a set holds two
    ("z9", "R", "cell"),
    ("d4", "Q", "piece"),
])
def test_cosmic_refuses_an_impossible_edit_naming_the_field(cell, piece, field):
    start = COSMIC.initial()
    with pytest.raises(NotationError, match=field):
        start.edit(cell, piece)
    assert start.to_text() == "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def test_cosmic_refuses_an_unknown_side_to_move():
    with pytest.raises(NotationError, match="side to move"):
        COSMIC.initial().edit(to_move="green")


def test_kelasu_edit_starts_a_fresh_turn_with_the_movers_energy():
    start = KELASU.initial()
    edited = start.edit("A0", None).edit("D4", "B").edit(to_move="red")
    rows = edited.to_text().split("\n")
    assert rows[0] == ".BBBBBBBBB" and rows[3] == "....B....."
    # Red holds four stones, so a fresh red turn has energy 4.
    assert edited.to_move == "red" and edited.energy == 4 and not edited.acted
    assert KELASU.parse(edited.to_text()) == edited


def test_kelasu_refuses_more_pieces_than_the_sets_make():
    # The start uses all 40 blanks: one more is refused.
    with pytest.raises(NotationError, match="board"):
        KELASU.initial().edit("D4", "B")




def test_the_board_editor_places_sets_the_mover_and_plays_from_the_result():
    board = BoardWidget(COSMIC, editor=True)
    board.play("c2-d3")
    assert board.editor and [s["value"] for s in board.palette] == list("KRNPkrnp")
    assert board.sides == ["white", "black"]
    send(board, {"type": "edit-start"})
    assert board.editing and board.tree == {"c": False, "o": []}  # nothing is played while editing
    # After c2-d3 White has both pawns out (b3, d3): b3's goes to f1.
    send(board, {"type": "edit-place", "cell": "b3", "piece": None})
    send(board, {"type": "edit-place", "cell": "f1", "piece": "P"})
    send(board, {"type": "edit-mover", "side": "white"})
    assert board.position == "3nrk/3pnr/4pn/N2P2/RN4/KRN2P w"
    send(board, {"type": "edit-done"})
    assert not board.editing and board.history == [] and board.state.to_text() == "3nrk/3pnr/4pn/N2P2/RN4/KRN2P w"
    board.play("f1-e2")
    assert board.history == ["f1-e2"]


def test_a_refused_edit_is_shown_with_the_reason_and_changes_nothing():
    board = BoardWidget(COSMIC, editor=True)
    board.edit()
    sent = []
    board.send = sent.append
    send(board, {"type": "edit-place", "cell": "d4", "piece": "R"})
    assert "a set holds 2" in board.edit_error and sent[-1]["type"] == "edit-refused"
    assert board.draft == COSMIC.initial() and board.position == COSMIC.initial().to_text()
    send(board, {"type": "edit-text", "text": "3nrk/3pnr/4pn/NP4/RNP3/KRN3 x"})
    assert "side to move" in board.edit_error and board.draft == COSMIC.initial()
    # A good edit clears the reason.
    send(board, {"type": "edit-text", "text": "k5/6/6/6/6/5K b"})
    assert board.edit_error == "" and board.position == "k5/6/6/6/6/5K b"


def test_while_editing_no_action_is_played_and_cancel_restores_the_board():
    board = BoardWidget(COSMIC, editor=True)
    board.edit()
    board.place("a1", None)
    send(board, {"type": "action", "steps": [{"kind": "cell", "value": "c2"}, {"kind": "cell", "value": "d3"}],
                 "position": board.position})
    assert "editor is open" in board.error and board.history == []
    board.cancel_edit()
    assert board.state == COSMIC.initial() and board.position == COSMIC.initial().to_text()


def test_edit_messages_need_an_open_editor_and_well_formed_fields():
    board = BoardWidget(COSMIC, editor=True)
    send(board, {"type": "edit-place", "cell": "d4", "piece": "R"})
    assert "not open" in board.error
    board.edit()
    send(board, {"type": "edit-place", "cell": 4, "piece": "R"})
    assert "names a cell" in board.error and board.draft == COSMIC.initial()


def test_a_pasted_position_is_played_from():
    game = load("cresnovian")
    # Seven of the nine pieces lie dead in the World.
    dead = {c: f"{u} 0Q" for c, u in zip(("D1", "E1", "F1", "D2", "E2", "F2", "D3"),
                                          ("essence", "velocity", "radiance", "corporeality", "innervation", "caprice",
                                           "cognizance"))}
    target = game.setup({**dead, "A1": "duality 3Q", "I1": "cosmos 7Q"})
    board = BoardWidget(game, editor=True)
    board.edit()
    board.edit_text(target.to_text())
    board.finish_edit()
    assert board.state == target


def test_the_side_to_move_is_published_so_its_button_shows_pressed():
    board = BoardWidget(COSMIC, editor=True)
    assert board.mover == "white"
    board.edit()
    board.set_to_move("black")
    assert board.mover == "black" and board.position.endswith(" b")
    board.cancel_edit()
    assert board.mover == "white"


def test_every_game_offers_a_palette_and_the_sides_it_can_set_to_move():
    for name, sides in (("cosmic", ["white", "black"]), ("kelasu", ["blue", "red"]), ("ccc", ["white", "black"]),
                        ("cresnovian", ["first", "second"]), ("wheel", [])):
        board = BoardWidget(load(name), editor=True)
        assert board.palette and all(step["kind"] == "choice" for step in board.palette), name
        assert board.sides == sides, name


def test_the_wheel_palette_follows_the_players_of_the_position_edited():
    wheel = load("wheel")
    board = BoardWidget(wheel.initial(), editor=True)
    assert len(board.palette) == 12  # Ann's and Bob's six kinds of piece
    board.edit()
    board.edit_text(wheel.initial(3).to_text())
    assert len(board.palette) == 18 and board.palette[-1]["value"] == "Cyd P"


def test_the_palette_steps_are_choices():
    assert all(isinstance(s, Step) and s.kind == "choice" for s in KELASU.palette())
    assert len(KELASU.palette()) == 14
