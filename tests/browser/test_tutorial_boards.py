"""Every tutorial part and the puzzles notebook, run top to bottom (Run
All), then every exercise (a trainer's puzzle too) solved on its own
board by clicks alone, no cell run; the first exercise
that takes a single move is first answered with a wrong one (every part
has one but Chess Wheel+'s, whose exercises are a seal and a reveal).

The solutions are read from the kernel by one cell added at the end of a
copy of the notebook: each exercise that has a board, with the steps of
each of the learner's actions along its solution (the scripted replies
are the board's to play) and how many moves stand on the board before
each.  Each wait is for what a board publishes (``data-moves``,
``data-verdict``); one JupyterLab serves every part."""

from __future__ import annotations

import json
import shutil

import pytest

from .lab import ROOT, open_notebook, run_all, wait_for_attr

pytestmark = pytest.mark.browser

PARTS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
               if p.name not in ("00_start_here.ipynb", "analysis.ipynb"))
#: The tutorials of the example games, by their path from the project's root
#: (each opened from a copy of its example's folder, with the data beside it).
EXAMPLES = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("examples/*/*.ipynb"))

# The cell added at the end: every exercise with a board, its solution as
# clicks, and (for one exercise of a single move) a wrong move to try first.
WALKTHROUGH = '''import gc as _gc, json as _json
from playbook.learn.answers import _Script
from playbook.learn.tutorial import Exercise as _Exercise

def _steps(action):
    return [[s.kind, s.value] for s in action.steps]

def _walk(ex):
    states, queue, out, script = [ex.state], list(ex.solution), [], _Script(ex)
    while states[-1].outcome is None:
        state = states[-1]
        if ex._learner(state):
            if not queue:
                break
            action = state.parse_action(queue.pop(0))
            out.append([len(states) - 1, _steps(action)])
        else:
            action = script.choose_from(states)
            if action is None:
                break
        states.append(state.play(action))
    return out

def _wrong(ex):
    if ex.moves != 1 or ex.replies or ex.turn or ex.answered:
        return None
    for action in ex.state.legal_actions():
        steps = _steps(action)
        if all(k == "cell" for k, _ in steps) and not ex._right([action], ex.state.play(action)):
            return steps
    return None

_exercises = [o for o in _gc.get_objects() if isinstance(o, _Exercise) and o.part.board is not None]
print("WALKTHROUGH" + _json.dumps([[ex.prompt, _walk(ex), _wrong(ex)] for ex in _exercises if ex.solution]))'''


def with_walkthrough(root, name: str) -> None:
    """Add the walkthrough cell at the end of the lab's copy of notebook ``name``."""
    path = root / name
    notebook = json.loads(path.read_text())
    notebook["cells"].append({"cell_type": "code", "metadata": {}, "source": WALKTHROUGH, "outputs": [],
                              "execution_count": None})
    path.write_text(json.dumps(notebook))


def walkthrough(page) -> list:
    text = page.locator(".jp-OutputArea-output", has_text="WALKTHROUGH").last.inner_text()
    return json.loads(text.split("WALKTHROUGH", 1)[1])


def enter(widget, steps) -> None:
    """Enter one action on the board, step by step, as a person would."""
    curtain = widget.locator(".pb-curtain")
    if curtain.is_visible():
        curtain.get_by_role("button", name="Show the board").click()
    after_choice = False
    for kind, value in steps:
        if kind == "cell":
            # A choice that leaves one way on finishes the action by itself: the cells after
            # it are clicked only while the entry still waits for them (lit as targets).
            if after_choice and value not in widget.evaluate(LIT_TARGETS):
                break
            widget.locator(f'[data-cell="{value}"]').click()
        elif kind == "choice":
            after_choice = True
            widget.locator(f'.pb-picker button[title="{value}"]').first.click()
            confirm = widget.locator(".pb-picker button", has_text="Yes,")
            if confirm.count():
                confirm.first.click()
        else:
            # Typed text the board may leave out (a seal's salt: the board
            # makes one when the action is whole without it).
            field = widget.locator(".pb-picker input.pb-text")
            if field.count():
                field.fill(value)
                field.press("Enter")
    # Where the move could still go on (a chain), end it with Stop here, if the
    # board still offers it (checked and pressed at once, in the page).
    widget.evaluate("""el => {
        const stop = el.querySelector('.pb-picker button[title="End the action here"]');
        if (stop) stop.click();
    }""")


# The cells the board lights as targets of the entry in progress (none once it is sent).
LIT_TARGETS = """(root) => root.dataset.instant !== undefined || root.querySelector('.pb-status').textContent === '…'
    ? [] : [...root.querySelectorAll('.pb-hl-target')].map((t) => {
        const x = +t.getAttribute('cx'), y = +t.getAttribute('cy');
        const cell = [...root.querySelectorAll('svg [data-cell]')].find((r) => x > +r.getAttribute('x')
            && x < +r.getAttribute('x') + +r.getAttribute('width') && y > +r.getAttribute('y')
            && y < +r.getAttribute('y') + +r.getAttribute('height'));
        return cell ? cell.getAttribute('data-cell') : null;
    })"""


def board_for(page, prompt: str, solved: set[int]):
    """The first board not yet solved whose header shows ``prompt``."""
    goals = page.locator(".pb-widget").evaluate_all(
        "els => els.map(e => (e.querySelector('.pb-goal') || {}).textContent || '')")
    index = next(i for i, goal in enumerate(goals) if goal == prompt and i not in solved)
    solved.add(index)
    return page.locator(".pb-widget").nth(index)


@pytest.mark.parametrize("name", PARTS + EXAMPLES)
def test_run_all_then_solve_every_exercise_on_its_board(page, lab, name):
    if name.startswith("examples/"):
        folder = (ROOT / name).parent
        shutil.copytree(folder, lab[2] / folder.relative_to(ROOT), dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    with_walkthrough(lab[2], name)
    open_notebook(page, lab, name)
    run_all(page)
    exercises = walkthrough(page)
    assert exercises, f"{name} has no exercise with a board"
    solved: set[int] = set()
    tried_wrong = False
    for prompt, line, wrong in exercises:
        widget = board_for(page, prompt, solved)
        widget.locator("[data-cell]").first.wait_for()
        if wrong and not tried_wrong:
            tried_wrong = True
            enter(widget, wrong)
            wait_for_attr(widget, "data-verdict", "wrong")
            wait_for_attr(widget, "data-moves", "0")  # taken back
        for before, steps in line:
            wait_for_attr(widget, "data-moves", str(before))
            enter(widget, steps)
        wait_for_attr(widget, "data-verdict", "right")
    # Chess Wheel+ exercises are a seal and a reveal, and a puzzle is
    # answered with its whole line: there a wrong answer is left to the other
    # tests (tests/browser/test_wheel_board.py, test_learning_board.py).
    assert tried_wrong or name.startswith("chess_wheel") or name == "puzzles.ipynb", \
        f"{name}: no exercise of one move to answer wrong first"
