"""The shared puzzle code is game-blind: a game whose players move at once
brings its puzzles through the hook its descriptor names, and nothing in
playbook/puzzles names a game.

The toy game here, declared in this file and registered for the tests
only, is a one-round hunt played at once: the hunter seals up to two cells
of a line to cover while the runner, not seeing them, steps one cell
either way or stays; the hunter wins when the runner lands on a covered
cell.  Its puzzle is a set of cells, not a line of moves, so the shared
code can split, verify, show and make it only through the hook."""

from __future__ import annotations

import json
import pathlib
import re
import sys
from itertools import combinations
from types import SimpleNamespace

import pytest

import playbook.games as registry
from playbook.checks.puzzles import puzzle_hook_loads
from playbook.core import Action, Game, Outcome, PlaybookError, State, Step
from playbook.descriptor import Descriptor, Option, Seats
from playbook.games import available, load
from playbook.puzzles import Puzzle, PuzzleError, games, puzzles
from playbook.puzzles.hook import hook
from playbook.puzzles.mine import main as mine_main
from playbook.learn.trainer import Trainer, exercise
from playbook.learn.tutorial import Exercise, Tutorial

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "playbook"

# ------------------------------------------------------------ no game named


def names(key: str) -> set[str]:
    """Every way the game ``key`` is named: its key, title and aliases."""
    d = load(key).descriptor
    return {n.lower() for n in (d.key, d.title, *d.aliases)}


def naming(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as a word of its own (in any case)."""
    return re.search(rf"(?<![a-z0-9_]){re.escape(name)}(?![a-z0-9_])", text.lower()) is not None


def named_in(folder: pathlib.Path) -> list[str]:
    """Where a Python file under ``folder`` names an installed game."""
    return sorted(f"{path.relative_to(PACKAGE.parent)}: {name}"
                  for path in folder.rglob("*.py") for key in available() for name in names(key)
                  if naming(path.read_text(encoding="utf-8"), name))


def test_nothing_in_the_shared_puzzle_code_names_a_game():
    assert named_in(PACKAGE / "puzzles") == []


def test_the_check_sees_a_game_named_where_one_is():
    # The game's own puzzle package names it (by key, in its ids, and by title).
    found = named_in(PACKAGE / "games" / "wheel" / "puzzles")
    assert any(line.endswith(": wheel") for line in found)
    assert any(line.endswith(": chess wheel+") for line in found)
    assert naming('if game == "ccc":', "ccc") and not naming("accc", "ccc")


# ----------------------------------------------------------- the toy game

POWER = 2  # cells the hunter covers at most


class CoverState(State):
    """A line of ``cells`` cells, the runner on ``runner``; the hunter's
    cover once sealed, then the runner's step."""

    def __init__(self, game, cells, runner, cover=None, step=None):
        self.game, self.cells, self.runner, self.cover, self.step = game, cells, runner, cover, step

    @property
    def to_move(self):
        return "hunter" if self.cover is None else "runner"

    def _compute_outcome(self):
        if self.step is None:
            return None
        caught = self.runner + self.step in self.cover
        return Outcome(("hunter",) if caught else ("runner",), "caught" if caught else "got away")

    def legal_actions(self):
        if self.cover is None:
            texts = [f"cover {','.join(map(str, cells))}" for size in range(1, POWER + 1)
                     for cells in combinations(range(self.cells), size)]
        else:
            texts = [f"step {d}" for d in (-1, 0, 1) if 0 <= self.runner + d < self.cells]
        return [Action(t, (Step.choice(t),)) for t in texts]

    def _apply(self, action):
        word, _, value = action.text.partition(" ")
        if word == "cover":
            return CoverState(self.game, self.cells, self.runner, frozenset(map(int, value.split(","))))
        return CoverState(self.game, self.cells, self.runner, self.cover, int(value))

    def to_text(self):
        return f"{self.cells} {self.runner}"

    def view(self):
        from playbook.render import Cell, Scene

        return Scene([Cell(f"c{k}", k, 0) for k in range(self.cells)])


def cover_text(cells) -> str:
    """The hunter's action covering ``cells`` (texts of cell numbers)."""
    return "cover " + ",".join(sorted(cells, key=int))


def winning_covers(state) -> list[frozenset[str]]:
    """The minimal covers that catch the runner whatever step it takes,
    found by playing every cover against every step with the rules."""
    found: list[frozenset[str]] = []
    for action in state.legal_actions():
        cells = frozenset(action.text.split()[1].split(","))
        after = state.play(action)
        if all(after.play(step).outcome.winners == ("hunter",) for step in after.legal_actions()):
            if not any(smaller < cells for smaller in found):
                found.append(cells)
    return found


class CoverPuzzles:
    """The toy game's puzzle hook: the solution is the cells to cover,
    given in one turn."""

    def __init__(self):
        self.calls: list[str] = []

    def turns(self, puzzle):
        self.calls.append("turns")
        return [(puzzle.state().to_move, puzzle.solution)]

    def verify(self, puzzle):
        self.calls.append("verify")
        found = winning_covers(puzzle.state())
        if found != [frozenset(puzzle.solution)]:
            raise PuzzleError(f"the minimal winning covers are {sorted(map(sorted, found))}")

    def exercise(self, puzzle, tutorial):
        self.calls.append("exercise")

        def escape(state):  # the runner's step out of the cover, if any
            return next((a.text for a in state.legal_actions() if state.runner + int(a.text.split()[1])
                         not in state.cover), state.legal_actions()[0].text)

        return Exercise(puzzle.state(), "Cover every cell the runner may reach.",
                        goal=lambda state: state.outcome is not None and state.outcome.winners == ("hunter",),
                        solution=[cover_text(puzzle.solution)], replies=[escape], moves=1, answered=True,
                        tutorial=tutorial if tutorial is not None else Tutorial())

    def mine(self, key, count, seed, report=None):
        self.calls.append("mine")
        found = []
        for cells in range(1, 6):
            for runner in range(cells):
                state = GAME.parse(f"{cells} {runner}")
                covers = winning_covers(state)
                if len(covers) == 1 and len(found) < count:
                    solution = tuple(sorted(covers[0], key=int))
                    found.append(Puzzle(f"{key}-{len(found) + 1:03d}", key, state.to_text(), solution, 1,
                                        "win in one round: cover", 600 + 10 * len(state.legal_actions())))
        return found


HOOK = CoverPuzzles()


class Cover(Game):
    # The hook is named as an entry point names an object: this module's HOOK.
    descriptor = Descriptor("cover_hunt", "Cover Hunt", seats=Seats(2, 2), puzzle_depths=(),
                            puzzle_hook=f"{__name__}:HOOK", puzzle_exercise=f"{__name__}:HOOK.exercise",
                            players=("hunter", "runner"), simultaneous=True,
                            settings=(Option("cells", 3, int),))

    def _initial(self, cells):
        return CoverState(self, cells, cells // 2)

    def parse(self, text):
        cells, runner = map(int, text.split())
        return CoverState(self, cells, runner)


GAME = Cover()


class Mislabelled(Cover):
    # Names the game object, which is no puzzle hook.
    descriptor = Descriptor("cover_mislabelled", "Cover Mislabelled", puzzle_depths=(), puzzle_hook=f"{__name__}:GAME",
                            players=("hunter", "runner"), simultaneous=True, settings=(Option("cells", 3, int),))


MISLABELLED = Mislabelled()


class Shipped(Cover):
    # Keeps its puzzles in its own package, as a game installed apart from playbook does.
    descriptor = Descriptor("cover_shipped", "Cover Shipped", puzzle_depths=(), puzzle_hook=f"{__name__}:HOOK",
                            puzzle_exercise=f"{__name__}:HOOK.exercise", puzzle_file="cover_shipped_data:puzzles.json",
                            players=("hunter", "runner"),
                            simultaneous=True, settings=(Option("cells", 3, int),))


SHIPPED = Shipped()


class OwnFile(Cover):
    # Names no puzzle file: its puzzles go to puzzles.json in the package of its class.
    descriptor = Descriptor("cover_own_file", "Cover Own File", puzzle_depths=(), puzzle_hook=f"{__name__}:HOOK",
                            puzzle_exercise=f"{__name__}:HOOK.exercise", players=("hunter", "runner"),
                            simultaneous=True, settings=(Option("cells", 3, int),))


OWN_FILE = OwnFile()


class Unshown(Cover):
    # A hook, but no function to show its puzzles on the board.
    descriptor = Descriptor("cover_unshown", "Cover Unshown", puzzle_depths=(), puzzle_hook=f"{__name__}:HOOK",
                            players=("hunter", "runner"), simultaneous=True, settings=(Option("cells", 3, int),))


UNSHOWN = Unshown()


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The toy game installed for one test, as an entry point would install it."""
    for game in (GAME, MISLABELLED, SHIPPED, OWN_FILE, UNSHOWN):
        point = SimpleNamespace(name=game.name, value=f"{__name__}:{game.name}", load=lambda game=game: game)
        monkeypatch.setitem(registry._entry_points(), game.name, point)
    HOOK.calls.clear()
    yield
    registry._game.cache_clear()


def test_the_hook_is_found_through_the_descriptor():
    assert hook("cover_hunt") is HOOK
    plain = [key for key in available() if not load(key).descriptor.puzzle_hook]
    assert plain and all(hook(key) is None for key in plain)  # a line of moves: the shared code's own
    with pytest.raises(PlaybookError, match="lacks a method of PuzzleHook"):
        hook("cover_mislabelled")


def test_a_simultaneous_puzzle_is_split_and_verified_through_the_hook():
    # By hand: on a line of three cells with the runner on cell 0, it may
    # stay on 0 or step to 1 (there is no cell -1); the one cover of at
    # most two cells holding both is {0, 1}.  The solution is those two
    # cells at once, one turn of the hunter's: played one after the other,
    # "0" would not even be an action.
    puzzle = Puzzle("cover_hunt-t", "cover_hunt", "3 0", ("0", "1"), 1, "win in one round: cover", 600)
    assert puzzle.turns() == [("hunter", ("0", "1"))]
    puzzle.verify()
    assert HOOK.calls == ["turns", "verify"]
    # Covering 0 alone lets the runner step to 1.
    with pytest.raises(PuzzleError, match=r"\[\['0', '1'\]\]"):
        Puzzle("cover_hunt-u", "cover_hunt", "3 0", ("0",), 1, "win in one round: cover", 600).verify()
    # Runner in the middle: it reaches 0, 1 and 2, three cells, one more than the hunter covers.
    with pytest.raises(PuzzleError, match=r"are \[\]"):
        Puzzle("cover_hunt-v", "cover_hunt", "3 1", ("0", "1"), 1, "win in one round: cover", 600).verify()


def test_the_trainer_hands_out_the_hooks_exercise_and_it_judges_the_cover():
    puzzle = Puzzle("cover_hunt-t", "cover_hunt", "3 0", ("0", "1"), 1, "win in one round: cover", 600)
    ex = exercise(puzzle, Tutorial("cover hunt"))
    assert HOOK.calls == ["exercise"]
    assert ex.check("cover 0,1").right
    # Covering 0 and 2: the runner steps to 1 and gets away.
    assert not ex.check("cover 0,2").right


def test_a_game_with_a_hook_names_apart_the_function_that_shows_its_puzzles():
    # The hook is verified and mined headless; the exercise on the board is named apart
    # (puzzle_exercise), and a game that names none is told so by the trainer and by its check.
    puzzle = Puzzle("cover_unshown-t", "cover_unshown", "3 0", ("0", "1"), 1, "win in one round: cover", 600)
    puzzle.verify()
    assert HOOK.calls == ["verify"]
    with pytest.raises(PlaybookError, match="names no puzzle_exercise"):
        exercise(puzzle, Tutorial("cover unshown"))
    with pytest.raises(AssertionError, match="names its puzzle_exercise too"):
        puzzle_hook_loads(load("cover_unshown"), None)
    puzzle_hook_loads(load("cover_hunt"), None)  # the hook and its exercise both load


def test_the_mining_command_makes_puzzles_through_the_hook(tmp_path, capsys):
    out = tmp_path / "cover.json"
    assert mine_main(["cover_hunt", "--count", "3", "--seed", "1", "--out", str(out)]) == 0
    assert HOOK.calls[0] == "mine" and HOOK.calls.count("verify") == 3  # each verified before writing
    data = json.loads(out.read_text())
    # By hand, lines of 1, 2 and 3 cells in turn: one cell with the runner
    # on it, cover {0}; two cells, runner on 0 or on 1: it reaches both,
    # cover {0, 1}; three cells, runner on 0: {0, 1} (on 1 it reaches three).
    assert [(p["position"], p["solution"]) for p in data["puzzles"]] == [
        ("1 0", ["0"]), ("2 0", ["0", "1"]), ("2 1", ["0", "1"])]
    assert data["game"] == "cover_hunt"


def test_a_game_of_its_own_package_ships_its_puzzles_there_and_the_trainer_serves_them(tmp_path, monkeypatch):
    package = tmp_path / "cover_shipped_data"
    package.mkdir()
    (package / "__init__.py").write_text('"""The toy game puzzles."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "cover_shipped_data", raising=False)
    assert "cover_shipped" not in games()
    # Written where the descriptor says, in the game's package, not in playbook's.
    assert mine_main(["cover_shipped", "--count", "3", "--seed", "1"]) == 0
    assert json.loads((package / "puzzles.json").read_text())["game"] == "cover_shipped"
    assert "cover_shipped" in games() and [p.position for p in puzzles("cover_shipped")] == ["1 0", "2 0", "2 1"]
    # Difficulties by hand, 600 and 10 a cover: one cell has one cover, two cells
    # three ({0}, {1}, {0, 1}): 610, 630, 630.  Nearest 1500: 630, the first of the two.
    trainer = Trainer("cover_shipped", rating=1500, progress=False)
    trainer.next()
    assert trainer.puzzle.position == "2 0" and "exercise" in HOOK.calls
    assert trainer.check("cover 0,1").right
    # By hand: expected 1 / (1 + 10 ** ((630 - 1500) / 400)) = 0.99336, so the gain,
    # 32 * 0.00664 = 0.21, rounds to nothing; a miss costs 32 * 0.99336 = 31.8, to 1468.
    assert trainer.results == [("cover_shipped-002", True)] and trainer.streak == 1 and trainer.rating.rating == 1500
    # The next, the runner on cell 1 of two: covering 0 alone, it stays on 1.
    trainer.next()
    assert trainer.puzzle.position == "2 1"
    assert not trainer.check("cover 0").right
    assert trainer.results[-1] == ("cover_shipped-003", False) and trainer.streak == 0
    assert trainer.rating.rating == 1468


def test_a_game_that_names_no_puzzle_file_keeps_its_puzzles_beside_its_class(tmp_path, monkeypatch):
    package = tmp_path / "cover_own_data"
    package.mkdir()
    (package / "__init__.py").write_text('"""The toy game\'s package."""\n')
    (package / "game.py").write_text('"""Where the toy game\'s class lives."""\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("cover_own_data.game")
    monkeypatch.setattr(OwnFile, "__module__", "cover_own_data.game")
    assert "cover_own_file" not in games()
    assert mine_main(["cover_own_file", "--count", "2", "--seed", "1"]) == 0
    # Written into the game's own package, not into playbook's.
    assert json.loads((package / "puzzles.json").read_text())["game"] == "cover_own_file"
    assert "cover_own_file" in games() and [p.position for p in puzzles("cover_own_file")] == ["1 0", "2 0"]
    assert not list(PACKAGE.rglob("cover_own_file*")) and not (PACKAGE / "puzzles" / "puzzles.json").exists()
