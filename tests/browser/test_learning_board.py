"""Learning on the board in JupyterLab: an exercise and a puzzle answered
where they are played, and a board whose kernel is gone.

Each wait is for something the board publishes (``data-verdict``,
``data-moves``, ``data-position``, ``data-gone``).  Screenshots of the
boards answered right and wrong, in light and dark, go to ``gallery/``
(as the gallery test's do), to be looked at."""

from __future__ import annotations

import re

import pytest

from playbook.puzzles.solve import moves
from playbook.learn.trainer import Trainer

from .lab import ROOT, board, click, open_board, wait_for_attr, wait_for_position

pytestmark = pytest.mark.browser

GALLERY = ROOT / "gallery"

# White: king a1, pawn b2; Black: king a6, pawns c3 and e5.  b2xd4xf6 takes
# both pawns in one chain; b2-a3 is a legal step that takes none.
EXERCISE = ["""from playbook import load
from playbook.learn.tutorial import Exercise, Tutorial
course = Tutorial()
ex = Exercise(load("cosmic").parse("k5/4p1/6/2p3/1P4/K5 w"), "Take both black pawns in one move.",
              answers={"b2xd4xf6"}, hint="a pawn may jump again from where it lands.",
              learnt="A pawn's jumps chain in one move.", tutorial=course)
ex.board"""]

PUZZLES = ["""from playbook.learn.trainer import Trainer
trainer = Trainer("cosmic", rating=1500, progress=False)
trainer.board"""]


def play_cells(widget, cells) -> None:
    """Click ``cells`` in turn; where the move could still go on (a chain
    of captures), end it there with Stop here."""
    for cell in cells:
        click(widget, cell)
    stop = widget.locator('.pb-picker button[title="End the action here"]')
    if stop.count():
        stop.click()


def shoot(widget, name: str) -> None:
    GALLERY.mkdir(exist_ok=True)
    widget.scroll_into_view_if_needed()
    widget.screenshot(path=str(GALLERY / name))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_exercise_answers_a_wrong_move_and_a_right_one_on_the_board(page, lab, dark_lab, theme):
    server = lab if theme == "light" else dark_lab
    widget = open_board(page, server, f"exercise-{theme}.ipynb", EXERCISE, position="k5/4p1/6/2p3/1P4/K5 w")
    assert widget.locator(".pb-goal").inner_text() == "Take both black pawns in one move."
    assert widget.locator(".pb-eval").is_hidden()  # no evaluation on an exercise

    # A wrong move: crossed on its cell, taken back, answered with the hint.
    click(widget, "b2")
    click(widget, "a3")
    wait_for_attr(widget, "data-verdict", "wrong")
    wait_for_position(widget, "k5/4p1/6/2p3/1P4/K5 w")
    assert widget.get_attribute("data-moves") == "0"
    assert widget.locator(".pb-mark-wrong").count() == 1
    answer = widget.locator(".pb-answer")
    assert answer.inner_text().endswith("Hint: a pawn may jump again from where it lands.")
    # Proportional text that wraps between words, not a monospace line.
    assert "monospace" not in answer.evaluate("e => getComputedStyle(e).fontFamily")
    assert answer.evaluate("e => getComputedStyle(e).wordBreak") == "normal"
    shoot(widget, f"exercise-wrong-{theme}.png")

    # The right one, by clicks along the chain: ticked, with what the chapter taught.
    for cell in ("b2", "d4", "f6"):
        click(widget, cell)
    wait_for_attr(widget, "data-verdict", "right")
    assert widget.locator(".pb-mark-right").count() == 1
    assert answer.inner_text() == "Right: b2xd4xf6. You learnt: A pawn's jumps chain in one move."
    shoot(widget, f"exercise-right-{theme}.png")


def second_puzzle():
    """The puzzle a fresh 1500 trainer serves after solving its first (worked
    out here, with the same trainer, to find a wrong first move for it)."""
    trainer = Trainer("cosmic", rating=1500, progress=False)
    first = trainer.next()
    trainer.check(first.solution)
    trainer.next()
    return trainer.puzzle


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_puzzle_is_solved_and_the_next_missed_on_the_board(page, lab, dark_lab, theme):
    server = lab if theme == "light" else dark_lab
    trainer = Trainer("cosmic", rating=1500, progress=False)
    trainer.next()
    first = trainer.puzzle
    widget = open_board(page, server, f"puzzles-{theme}.ipynb", PUZZLES, position=first.position)
    assert re.fullmatch(r"(White|Black) to play and win in (one move|two moves)\.",
                        widget.locator(".pb-goal").inner_text())
    assert widget.locator(".pb-score").inner_text() == "Puzzle rating 1500 · streak 0 · 0 solved"
    assert widget.locator(".pb-eval").is_hidden()  # a rated puzzle gives nothing away

    # Solve it by clicks; the opponent's reply comes by itself in between.
    line = first.solution
    for played in range(0, len(line), 2):
        if played:
            wait_for_attr(widget, "data-moves", str(played))
        play_cells(widget, _cells_after(first, line, played))
    wait_for_attr(widget, "data-verdict", "right")
    assert "Puzzle solved: rating 1500 → " in widget.locator(".pb-answer").inner_text()
    assert "streak 1 · 1 solved" in widget.locator(".pb-score").inner_text()
    shoot(widget, f"puzzle-solved-{theme}.png")

    # The next puzzle comes onto the same board; a move that does not win misses it.
    nxt = second_puzzle()
    widget.get_by_role("button", name="Next puzzle").click()
    wait_for_position(widget, nxt.state().to_text())
    wrong = next(a for a in moves(nxt.state()) if a.text != nxt.solution[0] and len(a.cells()) == 2)
    play_cells(widget, wrong.cells())
    wait_for_attr(widget, "data-verdict", "wrong")
    wait_for_position(widget, nxt.state().to_text())  # taken back
    assert "Puzzle missed" in widget.locator(".pb-answer").inner_text()
    assert "streak 0 · 1 solved" in widget.locator(".pb-score").inner_text()
    shoot(widget, f"puzzle-missed-{theme}.png")


def _cells_after(puzzle, line, played):
    """The cells of the solver's action ``line[played]``, read where the line plays it."""
    state = puzzle.state()
    for text in line[:played]:
        state = state.play(text)
    return state.parse_action(line[played]).cells()


def test_a_board_whose_kernel_is_gone_says_so_and_takes_no_clicks(page, lab):
    cells = ["from playbook import load, BoardWidget\nBoardWidget(load('cosmic'))"]
    widget = open_board(page, lab, "gone.ipynb", cells,
                        position="3nrk/3pnr/4pn/NP4/RNP3/KRN3 w")
    assert widget.locator(".pb-gone").is_hidden()
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name=re.compile("^Shut Down Kernel")).click()
    wait_for_attr(widget, "data-gone", "true")
    assert widget.locator(".pb-gone").inner_text().startswith("This board's kernel is gone")
    assert widget.locator(".pb-controls").is_hidden()
    assert widget.locator("svg [data-cell]").count() > 0  # the picture stays
    assert board(page).get_attribute("data-gone") == "true"
    shoot(widget, "board-kernel-gone.png")


# Chess Wheel+ (the tutorial's "Take Bob's queen" week): Ann's knight on c4 takes the queen on e5;
# her pawns take only straight ahead and her bishop is nowhere near.
WHEEL_EXERCISE = ["""import secrets
from playbook.learn.tutorial import Exercise, Tutorial
from playbook.games.wheel import setup
crowd = setup({"{Ann}d4": "Ann P", "{Ann}b2": "Ann B", "{Ann}c4": "Ann N", "{Ann}e1": "Ann R", "{Ann}e3": "Ann P",
               "{Ann}e5": "Bob Q"}).play("{Bob} pass")
salt = secrets.token_hex(16)
ex = Exercise(crowd, "Take Bob's queen this week.", moves=2,
              goal=lambda state: all(kind != "Q" for cell, owner, kind in state.pieces),
              solution=[f"{{Ann}} seal {salt}: Nc4-e5", f"{{Ann}} reveal {salt}: Nc4-e5"],
              hint=["pawns take straight ahead.", "the knight jumps: two files and one rank."],
              learnt="Pieces move as in chess, on one board at a time.", tutorial=Tutorial())
ex.board"""]


def week(widget, piece, target) -> None:
    """Seal one order (the board draws the salt), then reveal it, by clicks."""
    click(widget, piece)
    click(widget, target)
    widget.get_by_role("button", name="Seal my orders").click()
    wait_for_attr(widget, "data-verdict", "progress")  # sealed: the reveal is all that is left, and named
    assert widget.locator(".pb-answer").inner_text().endswith("press Reveal my orders.")
    widget.get_by_role("button", name="Reveal my orders").click()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_chess_wheel_week_answered_wrong_three_times_then_right(page, lab, dark_lab, theme):
    server = lab if theme == "light" else dark_lab
    widget = open_board(page, server, f"wheel-exercise-{theme}.ipynb", WHEEL_EXERCISE)
    start = widget.get_attribute("data-position")
    answer = widget.locator(".pb-answer")
    hints = ["Hint: pawns take straight ahead.", "Hint: the knight jumps: two files and one rank."]
    for i, (piece, target) in enumerate([("{Ann}d4", "{Ann}d5"), ("{Ann}e3", "{Ann}e4"), ("{Ann}b2", "{Ann}c3")]):
        week(widget, piece, target)
        # The verdict first: the board may show the position taken back before the verdict that comes with it.
        wait_for_attr(widget, "data-verdict", "wrong" if i < 2 else "solution")
        # Crossed where the order went, and taken back to before the seal: Ann seals again.
        wait_for_attr(widget, "data-moves", "0")
        wait_for_position(widget, start)
        assert widget.locator(".pb-mark-wrong, .pb-mark-solution").count() == 1
        assert widget.get_by_role("button", name="Reveal my orders").count() == 0
        if i < 2:
            assert hints[i] in answer.inner_text()
    # The third wrong week: the solution, drawn on the board (its order's two cells lit).
    assert "here is a solution: {Ann} seal " in answer.inner_text()
    assert widget.locator("[data-cell='{Ann}c4'], [data-cell='{Ann}e5']").count() == 2
    shoot(widget, f"wheel-exercise-solution-{theme}.png")
    week(widget, "{Ann}c4", "{Ann}e5")
    wait_for_attr(widget, "data-verdict", "right")
    # The right reveal is ticked on the cell its order went to, with what the exercise taught.
    assert widget.locator(".pb-mark-right").count() == 1
    assert answer.inner_text().endswith("You learnt: Pieces move as in chess, on one board at a time.")
    shoot(widget, f"wheel-exercise-right-{theme}.png")
