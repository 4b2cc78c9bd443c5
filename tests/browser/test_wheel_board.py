"""A hot-seat week of Chess Wheel+ on a real board: each player's orders
entered behind a curtain, sealed with a salt the board draws, revealed with one click, and
the resolution drawn; and a tutorial exercise against sealed orders solved
by clicks.  Every wait is for something the board publishes."""

import pytest

from playbook.games.wheel import commitment

from .lab import board, click, lit_cells, open_board, position, wait_for_attr, wait_for_move

pytestmark = pytest.mark.browser

SETUP = """from playbook import BoardWidget
from playbook.games.wheel import setup
board = BoardWidget(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"}), hot_seat=True)
board"""


def seal(widget, piece, target):
    curtain = widget.locator(".pb-curtain")
    widget.get_by_role("button", name="Show the board").click()
    curtain.wait_for(state="hidden")
    click(widget, piece)
    click(widget, target)
    widget.get_by_role("button", name="Seal my orders").click()  # the board draws the salt


def wait_for_move_between(widget, start: str, end: str = "") -> str:
    """Wait until the board's last move starts with ``start`` and ends with
    ``end`` (a salt drawn at random sits between them); its text."""
    widget.page.wait_for_function(
        """([el, start, end]) => {
            const moves = el.querySelectorAll('.pb-moves .pb-move');
            const last = moves.length > 1 ? moves[moves.length - 1].textContent : "";
            return last.startsWith(start) && last.endsWith(end);
        }""",
        arg=[widget.element_handle(), start, end], timeout=60000,
    )
    return widget.locator(".pb-moves .pb-move").last.text_content()


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
    seal(widget, "{Ann}e2", "{Ann}e3")
    ann = wait_for_move_between(widget, "{Ann} commit ").split()[-1]
    curtain.wait_for(state="visible")
    assert "Pass the device to Bob" in curtain.inner_text() and ann[:12] in curtain.inner_text()
    # Nothing of Ann's order is public (the hash is hex, which may hold "e3" by chance).
    assert "e2-e3" not in position(widget) and "Pe3" not in position(widget)
    seal(widget, "{Bob}d2", "{Bob}d3")
    wait_for_move_between(widget, "{Bob} commit ")
    # Resolve phase: reveals are public, no curtain; the board remembers what each player sealed.
    assert curtain.is_hidden()
    widget.get_by_role("button", name="Reveal my orders").click()
    reveal = wait_for_move_between(widget, "{Ann} reveal ", ": Pe2-e3")
    assert commitment(reveal.split()[2].rstrip(":"), "Pe2-e3") == ann
    assert widget.locator(".pb-mark-pending").count() >= 1
    widget.get_by_role("button", name="Reveal my orders").click()
    wait_for_move_between(widget, "{Bob} reveal ", ": Pd2-d3")
    assert "week: 2" in position(widget) and "pieces: Ann Pe3 | Bob Pd3" in position(widget)
    assert widget.locator(".pb-mark-arrow").count() >= 2
    # The move list shows each digest and salt as twelve digits and an ellipsis, and stays within
    # the board's width; what is selected and copied from it holds them whole.
    moves = widget.locator(".pb-moves")
    assert moves.evaluate("(m) => m.scrollWidth <= m.clientWidth")
    assert moves.evaluate("(m) => [...m.querySelectorAll('.pb-cut > span')].every((s) => "
                          "s.getBoundingClientRect().width === 0)")
    commit = widget.locator(".pb-moves .pb-move").nth(1)
    assert commit.evaluate("(e) => getComputedStyle(e.querySelector('.pb-cut'), '::after').content") == '"…"'
    copied = moves.evaluate("""(m) => { const r = document.createRange(); r.selectNodeContents(m);
        const s = getSelection(); s.removeAllRanges(); s.addRange(r); return s.toString(); }""")
    assert ann in copied and reveal in copied and "…" not in copied


EXERCISE = """from playbook.learn.tutorial import Exercise
from playbook.games.wheel import commitment, setup
trap = setup({"{Ann}e1": "Ann K", "{Bob}a1": "Ann R", "{Bob}h5": "Ann R", "{Bob}h1": "Bob K"})
trap = trap.play("{Bob} commit " + commitment("b0b", "Kh1-g1"))
ex = Exercise(trap, "Take Bob's king this week.", turn=True, answered=True, replies=["{Bob} reveal b0b: Kh1-g1"],
              goal=lambda s: s.outcome is not None and s.outcome.winners == ("Ann",),
              solution=["{Ann} seal s0lut10n-Ann-d4y7Kq: R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1",
                        "{Ann} reveal s0lut10n-Ann-d4y7Kq: R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1"],
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
    wait_for_move_between(widget, "{Ann} commit ")
    widget.get_by_role("button", name="Reveal my orders").click()
    wait_for_move(widget, "{Bob} reveal b0b: Kh1-g1")  # the script reveals Bob's sealed orders
    wait_for_attr(widget, "data-over", "true")
    assert "Ann wins" in widget.locator(".pb-status").inner_text()


RAID = """from playbook import BoardWidget
from playbook.games.wheel import setup
raid = setup({"e8": "Ann R", "{Ann}e1": "Ann K", "{Ann}h2": "Ann P", "{Bob}e1": "Bob K", "{Bob}a2": "Bob P"})
capture, quiet = BoardWidget(raid, hot_seat=True), BoardWidget(raid, hot_seat=True)
display(capture, quiet)"""


def test_bob_reads_the_same_evaluation_whatever_ann_sealed_behind_the_curtain(page, lab):
    # Ann seals her rook onto Bob's King on one board and a quiet rook move on the other;
    # Bob, shown the board after her, reads one evaluation line on both: the one of the
    # position with her commitment alone (what he may know), worked out here in Python.
    from playbook.analysis import evaluate
    from playbook.games.wheel import setup
    from playbook.games.wheel.orders import new_salt

    raid = setup({"e8": "Ann R", "{Ann}e1": "Ann K", "{Ann}h2": "Ann P", "{Bob}e1": "Bob K", "{Bob}a2": "Bob P"})
    known = raid.play("{Ann} commit " + commitment(new_salt(), "Re8-{Bob}e1"))
    expected = f"Evaluation for Bob: {evaluate(known, 'Bob'):+.1f}"
    open_board(page, lab, "wheel_raid.ipynb", [RAID])
    lines = []
    for index, target in ((0, "{Bob}e1"), (1, "{Ann}e5")):
        widget = board(page, index)
        seal(widget, "e8", target)
        wait_for_move_between(widget, "{Ann} commit ")
        curtain = widget.locator(".pb-curtain")
        curtain.wait_for(state="visible")
        assert "Pass the device to Bob" in curtain.inner_text()
        widget.get_by_role("button", name="Show the board").click()
        curtain.wait_for(state="hidden")
        lines.append(widget.locator(".pb-eval").inner_text())
        # Nothing the page did was refused: it set none of the board's traits on its own.
        assert widget.get_attribute("data-refusals") == "0"
    assert lines == [expected, expected]
