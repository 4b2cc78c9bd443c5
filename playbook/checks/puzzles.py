"""Checks of a game's puzzles: the hook its descriptor names, the puzzles
it ships (each holds by the rules and is solved on the board by its
solution), and a puzzle mined afresh."""

from __future__ import annotations

from ..core import Game, PlaybookError
from ..learn.trainer import exercise
from ..learn.tutorial import Tutorial
from ..puzzles import games, puzzles
from ..puzzles.hook import PuzzleHook, hook, named
from ..puzzles.mine import mine
from .registry import Session, check

__all__: list[str] = []

#: How many of a hook game's shipped puzzles are verified (each enumerates
#: every set of both players' orders); spread over the list.
HOOK_SAMPLE = 10


def _names_a_hook(game: Game) -> str | None:
    return None if game.descriptor.puzzle_hook else "its puzzles are lines of moves, handled by the shared code"


def _ships_puzzles(game: Game) -> str | None:
    return None if game.name in games() else "it ships no puzzles (Descriptor.puzzle_file)"


def _makes_puzzles(game: Game) -> str | None:
    d = game.descriptor
    return None if d.puzzle_depths or d.puzzle_hook else "it declares no puzzle depths and no puzzle hook"


@check("the puzzle hook the descriptor names (puzzle_hook) loads and has every method of PuzzleHook, and the "
       "function that shows its puzzles on the board (puzzle_exercise) is named and loads", applies=_names_a_hook)
def puzzle_hook_loads(game: Game, session: Session) -> None:
    assert game.descriptor.puzzle_exercise, "a game with a puzzle hook names its puzzle_exercise too"
    try:
        found = hook(game.name)
        maker = named(game.name, game.descriptor.puzzle_exercise, "puzzle exercise")
    except PlaybookError as exc:
        raise AssertionError(str(exc)) from None
    assert isinstance(found, PuzzleHook), f"{game.descriptor.puzzle_hook} is no PuzzleHook"
    assert callable(maker), f"{game.descriptor.puzzle_exercise} is {maker!r}, which makes no exercise"


@check("every puzzle the game ships holds by the rules alone (its solution wins in its plies, no other first move "
       "does; for a game with a puzzle hook, a sample the hook verifies), no position twice, easiest first",
       applies=_ships_puzzles)
def shipped_puzzles_hold(game: Game, session: Session) -> None:
    found = puzzles(game.name)
    assert found, "the puzzle file holds no puzzle"
    assert len({p.position for p in found}) == len(found), "a position is a puzzle twice"
    difficulties = [p.difficulty for p in found]
    assert difficulties == sorted(difficulties), "the puzzles are not easiest first"
    if not game.descriptor.puzzle_hook:
        for puzzle in found:
            assert puzzle.plies == len(puzzle.solution), f"puzzle {puzzle.id} gives {puzzle.plies} plies, its " \
                                                         f"solution {len(puzzle.solution)}"
            assert puzzle.theme.startswith("win in "), f"puzzle {puzzle.id}'s theme is {puzzle.theme!r}"
    checked = found[::max(1, len(found) // HOOK_SAMPLE)] if game.descriptor.puzzle_hook else found
    for puzzle in checked:
        try:
            puzzle.verify()
        except PlaybookError as exc:
            raise AssertionError(f"puzzle {puzzle.id} does not hold: {exc}") from None


@check("every puzzle the game ships is solved on the board by its own solution", applies=_ships_puzzles)
def shipped_puzzles_are_solved_by_their_solution(game: Game, session: Session) -> None:
    for puzzle in puzzles(game.name):
        ex = exercise(puzzle, tutorial=Tutorial(f"{game.name} check"))
        assert ex.check(ex.solution).right, f"puzzle {puzzle.id} is not solved by its solution"


@check("puzzles mined afresh from the game's self-play (or by its hook) hold by the rules", tier="slow",
       applies=_makes_puzzles)
def mined_puzzles_hold(game: Game, session: Session) -> None:
    rules = hook(game.name)
    found = rules.mine(game.name, 2, 1) if rules is not None else mine(game.name, count=2, seed=1, games=40)
    assert found, "no puzzle was mined from 40 games of self-play"
    for puzzle in found:
        assert puzzle.game == game.name and puzzle.solution
        try:
            puzzle.verify()
        except PlaybookError as exc:
            raise AssertionError(f"the mined puzzle {puzzle.id} does not hold: {exc}") from None
