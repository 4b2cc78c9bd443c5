"""Every installed game's live board takes a move by clicks, the games
found by their entry points (a designer's own game included), with no
per-game code: the move is the first legal action entered by cells alone,
and the test waits for the board to list it.  A game with dice is rolled
first, with the Roll button, on a board whose dice are seeded so the test
knows what they will show."""

import pytest

from playbook import available, load
from playbook.chance import Dice

from .lab import board, click, open_board, wait_for_attr, wait_for_move

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


#: The games with dice, and the seed of their board's dice in the test.
ROLLED = [key for key in available() if load(key).chance]
SEED = 4


def rolled(key: str):
    """The rolls a board with dice seeded ``SEED`` draws from the game's
    start until a player moves, and the first move then entered by clicks."""
    dice, state, rolls = Dice(SEED), load(key).initial(), []
    while state.chance:
        action = dice.roll(state)
        rolls.append(action.text)
        state = state.play(action)
    clicked = next((a for a in state.legal_actions() if a.steps and all(s.kind == "cell" for s in a.steps)), None)
    return rolls, clicked


@pytest.mark.parametrize("key", ROLLED)
def test_a_game_with_dice_is_rolled_with_the_roll_button_and_then_moved_by_clicks(page, lab, key):
    rolls, action = rolled(key)
    assert rolls and action is not None
    widget = open_board(page, lab, f"dice_{key}.ipynb",
                        ["from playbook import BoardWidget, load", f"BoardWidget(load({key!r}).initial(), dice={SEED})"])
    roll = widget.locator(".pb-roll")
    for done, text in enumerate(rolls, 1):
        wait_for_attr(widget, "data-rolling", "true")
        # Nothing on the board chooses a roll: no cell is lit, no choice offered.
        assert widget.locator(".pb-picker button").count() == 0
        roll.click()
        wait_for_attr(widget, "data-moves", str(done))
        wait_for_move(widget, text)  # the roll is named in the move list
    wait_for_attr(widget, "data-rolling", "false")
    assert not roll.is_visible()
    for cell in action.cells():
        click(widget, cell)
    wait_for_move(widget, action.text)
