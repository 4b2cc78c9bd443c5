"""The board's frame in JupyterLab: labelled controls chosen per board, no
draw offer on an exercise, the numbered move list that jumps, the status
shown once and the game-over banner.

Every wait is for something the board publishes (``data-position``,
``data-cursor``, ``data-over``)."""

import pytest

from .lab import board, open_board, wait_for_attr, wait_for_position

pytestmark = pytest.mark.browser

CELLS = [
    """from playbook import load, BoardWidget
from playbook.learn.tutorial import Exercise
game = load("cosmic")
played = BoardWidget(game)
for move in ["c2-d3", "e4xc2", "b3xd1"]:
    played.play(move)
played""",
    """ex = Exercise(game.initial(), "Move a pawn.", answers={"c2-d3"})
ex.board""",
    """last = BoardWidget(game.parse("5K/6/6/6/1P4/k4p w"), controls=["undo", "flip"])
last.play("b2x*")
last""",
]


def test_the_frame_controls_move_list_and_game_over(page, lab):
    played = open_board(page, lab, "frame.ipynb", CELLS)
    exercise, last = board(page, 1), board(page, 2)
    wait_for_attr(played, "data-moves", "3")

    # Controls: an icon and a word each, found by their names; the last board shows only two.
    for name in ("Undo", "Redo", "Reset", "Flip", "Hint"):
        assert played.get_by_role("button", name=name, exact=True).is_visible()
    assert [b.get_attribute("aria-label") for b in last.locator(".pb-controls button").all()] == ["Undo", "Flip"]

    # The normal board offers a draw before any click; the exercise board does not.
    assert played.get_by_role("button", name="Offer a draw").is_visible()
    assert exercise.get_by_role("button", name="Offer a draw").count() == 0

    # Numbered moves: "1. c2-d3 e4xc2 2. b3xd1"; a click on a move shows the position after it.
    assert " ".join(played.locator(".pb-moves li").all_inner_texts()) == "start 1. c2-d3 e4xc2 2. b3xd1"
    played.locator(".pb-moves .pb-move", has_text="c2-d3").click()
    wait_for_attr(played, "data-cursor", "1")
    wait_for_position(played, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")

    # The status once, outside the picture; at the end a banner with the result.
    assert played.locator('svg text.pb-caption').count() == 0
    assert played.locator(".pb-status").inner_text() == "Black to move"
    wait_for_attr(last, "data-over", "true")
    banner = last.locator(".pb-status.pb-over")
    assert banner.inner_text().startswith("Game over. White wins")
    box, frame = banner.bounding_box(), last.bounding_box()
    assert box["x"] >= frame["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
