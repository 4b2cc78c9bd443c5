"""Every installed game with dice is rolled on its live board with the
Roll button, on a board whose dice are seeded so the test knows what they
will show, and then moved by clicks.  A move by clicks on every game's
board is a shared check (playbook.checks.browser)."""

import pytest

from playbook import available, load
from playbook.chance import Dice

from .lab import click, open_board, wait_for_attr, wait_for_move

pytestmark = pytest.mark.browser


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
