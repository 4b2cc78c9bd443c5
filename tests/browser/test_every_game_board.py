"""Every installed game's live board takes a move by clicks, the games
found by their entry points (a designer's own game included), with no
per-game code: the move is the first legal action entered by cells alone,
and the test waits for the board to list it."""

import pytest

from playbook import available, load

from .lab import board, click, open_board, wait_for_move

pytestmark = pytest.mark.browser


def first_clicked(key: str):
    """The first legal action of the game's start entered by cell clicks alone, or None."""
    state = load(key).initial()
    return next((a for a in state.legal_actions() if a.steps and all(s.kind == "cell" for s in a.steps)), None)


CLICKABLE = [key for key in available() if first_clicked(key) is not None]


def test_every_game_with_cell_moves_plays_one_by_clicks(page, lab):
    assert CLICKABLE, "no installed game starts with a move entered by clicks"
    cells = ["from playbook import BoardWidget, load"] + [f"BoardWidget(load({key!r}).initial())" for key in CLICKABLE]
    open_board(page, lab, "every_game.ipynb", cells)
    for index, key in enumerate(CLICKABLE):
        widget = board(page, index)
        action = first_clicked(key)
        for cell in action.cells():
            click(widget, cell)
        wait_for_move(widget, action.text)
