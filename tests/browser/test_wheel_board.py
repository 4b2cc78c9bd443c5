"""A hot-seat week of Chess Wheel+ on a real board: each player's orders
entered behind a curtain, sealed with a salt, revealed with one click, and
the resolution drawn; and a tutorial exercise against sealed orders solved
by clicks.  Every wait is for something the board publishes."""

import pytest

from playbook.games.wheel import commitment

from .lab import click, lit_cells, open_board, position, wait_for_attr, wait_for_move

pytestmark = pytest.mark.browser

SETUP = """from playbook import BoardWidget
from playbook.games.wheel import setup
board = BoardWidget(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"}), hot_seat=True)
board"""


def seal(widget, piece, target, salt):
    curtain = widget.locator(".pb-curtain")
    widget.get_by_role("button", name="Show the board").click()
    curtain.wait_for(state="hidden")
    click(widget, piece)
    click(widget, target)
    widget.get_by_role("button", name="Seal my orders").click()
    widget.locator(".pb-text").fill(salt)
    widget.locator(".pb-text").press("Enter")


def test_hot_seat_week_behind_a_curtain(page, lab):
    widget = open_board(page, lab, "wheel_hot_seat.ipynb", [SETUP])
    curtain = widget.locator(".pb-curtain")
    curtain.wait_for(state="visible")
    assert "Pass the device to Ann" in curtain.inner_text()
    widget.get_by_role("button", name="Show the board").click()
    curtain.wait_for(state="hidden")
    click(widget, "{Ann}e2")
    assert lit_cells(widget) == ["{Ann}e1", "{Ann}e3"]  # a pawn goes one rank either way
    widget.get_by_role("button", name="Cancel").click()
    curtain.evaluate("el => { el.hidden = false; }")  # back behind the curtain, as a new player would find it
    seal(widget, "{Ann}e2", "{Ann}e3", "k7q2")
    ann = commitment("k7q2", "Pe2-e3")
    wait_for_move(widget, "{Ann} commit " + ann)
    curtain.wait_for(state="visible")
    assert "Pass the device to Bob" in curtain.inner_text() and ann[:12] in curtain.inner_text()
    assert "e3" not in position(widget)
    seal(widget, "{Bob}d2", "{Bob}d3", "zz9")
    wait_for_move(widget, "{Bob} commit " + commitment("zz9", "Pd2-d3"))
    # Resolve phase: reveals are public, no curtain; the board remembers what each player sealed.
    assert curtain.is_hidden()
    widget.get_by_role("button", name="Reveal my orders").click()
    wait_for_move(widget, "{Ann} reveal k7q2: Pe2-e3")
    assert widget.locator(".pb-mark-pending").count() >= 1
    widget.get_by_role("button", name="Reveal my orders").click()
    wait_for_move(widget, "{Bob} reveal zz9: Pd2-d3")
    assert "week: 2" in position(widget) and "pieces: Ann Pe3 | Bob Pd3" in position(widget)
    assert widget.locator(".pb-mark-arrow").count() >= 2


EXERCISE = """from playbook.tutorial import Exercise
from playbook.games.wheel import commitment, setup
trap = setup({"{Ann}e1": "Ann K", "{Bob}a1": "Ann R", "{Bob}h5": "Ann R", "{Bob}h1": "Bob K"})
trap = trap.play("{Bob} commit " + commitment("b0b", "Kh1-g1"))
ex = Exercise(trap, "Take Bob's king this week.", turn=True, answered=True, replies=["{Bob} reveal b0b: Kh1-g1"],
              goal=lambda s: s.outcome is not None and s.outcome.winners == ("Ann",),
              solution=["{Ann} seal s: R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1", "{Ann} reveal s: R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1"],
              hint="bounce it.")
ex.board"""


def test_an_exercise_against_sealed_orders_is_solved_by_clicks(page, lab):
    # Ann's rook to g1 bounces with Bob's king, which so stays on h1, where
    # Ann's other rook takes it: Ann is the only owner of a King and wins.
    widget = open_board(page, lab, "wheel_exercise.ipynb", [EXERCISE])
    # One learner at the board: no hot-seat curtain in front of it.
    assert widget.locator(".pb-curtain").is_hidden()
    assert widget.get_by_role("button", name="Pass").count() == 0  # an exercise offers only what its line needs
    for cell in ["{Bob}a1", "{Bob}g1", "{Bob}h5", "{Bob}h1"]:
        click(widget, cell)
    widget.get_by_role("button", name="Seal my orders").click()
    widget.locator(".pb-text").fill("mine")
    widget.locator(".pb-text").press("Enter")
    wait_for_move(widget, "{Ann} commit " + commitment("mine", "R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1"))
    widget.get_by_role("button", name="Reveal my orders").click()
    wait_for_move(widget, "{Bob} reveal b0b: Kh1-g1")  # the script reveals Bob's sealed orders
    wait_for_attr(widget, "data-over", "true")
    assert "Ann wins" in widget.locator(".pb-status").inner_text()
