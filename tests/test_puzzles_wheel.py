"""Chess Wheel+ puzzles: one week of sealed orders that wins whatever the
opponent seals, checked by enumerating both players' orders."""

import json
import subprocess
import sys

import pytest

from playbook.games.wheel import setup
from playbook.games.wheel.puzzles import WEEK
from playbook.games.wheel.puzzles import week as W
from playbook.games.wheel.puzzles.mine import mine
from playbook.puzzles import Puzzle, PuzzleError, puzzles
from playbook.puzzles.hook import hook
from playbook.learn.trainer import Trainer, exercise, reset, standing
from playbook.learn.tutorial import Tutorial

# Bob's King in the corner a1 of his board, his pawns on b1 and b2; Ann's
# rooks on a5 and h2 and knight on c3 of Bob's board, her King at home.
HAND = {"{Bob}a1": "Bob K", "{Bob}b1": "Bob P", "{Bob}b2": "Bob P",
        "{Bob}a5": "Ann R", "{Bob}c3": "Ann N", "{Bob}h2": "Ann R", "{Ann}e1": "Ann K"}
HAND_SOLUTION = "R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2, R{Bob}h2-{Bob}b2"


def _hand_puzzle(solution=HAND_SOLUTION):
    state = setup(HAND)
    return Puzzle("wheel-hand", "wheel", state.to_text(), (solution,), 1,
                  "win in one week: three orders (rook, knight, rook)", 1400)


def test_the_cornered_king_has_one_set_of_orders_that_wins_against_every_reply():
    # By hand.  Only the rook on a5 reaches a1 (down the a-file, a4-a2
    # empty), so Ra5-a1 is in every win.  Bob's King has three ways out:
    # a2 (empty): only the knight (c3-a2) enters it, so the step bounces
    # and the King stays to be taken; b2, once the pawn there steps to b3;
    # b1, once the b1 pawn steps to b2 behind it.  Both need the b2 pawn
    # to leave; only the rook on h2 enters b2 (along rank 2, c2-g2 empty),
    # bouncing that pawn (or the King) so that the chain stands still;
    # nothing of Ann's reaches b3.  No Bob piece reaches a1 to bounce the
    # capture (pawns keep to their file).  Three orders, the power: one set.
    state = setup(HAND)
    assert [W.solution_text(s) for s in W.winning_sets(state)] == [HAND_SOLUTION]
    _hand_puzzle().verify()
    # Against that set Bob has no answer; without the rook to b2, the
    # pawn steps to b3 and the King to b2.
    ours = W.winning_sets(state)[0]
    assert W.wins_against(state, ours, "Bob")
    two = tuple(o for o in ours if o.origin != "{Bob}h2")
    assert W.solution_text(W.refutation(state, two, "Bob")) == "Ka1-b2, Pb2-b3"


def test_a_second_minimal_winning_set_or_a_wrong_solution_is_refused():
    with pytest.raises(PuzzleError, match="minimal winning sets"):
        _hand_puzzle("R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2").verify()
    # A second knight on c1 also reaches a2, and reaches b3: stepping there
    # bounces the b2 pawn as well as the rook on b2 does.  By hand, three
    # minimal sets win: the rook to a1 with c3-a2 and h2-b2, with c1-a2
    # and h2-b2, or with c3-a2 and c1-b3.  No puzzle.
    state = setup({**HAND, "{Bob}c1": "Ann N"})
    expected = {W.normal(state, "Ann", text) for text in (
        HAND_SOLUTION,
        "R{Bob}a5-{Bob}a1, N{Bob}c1-{Bob}a2, R{Bob}h2-{Bob}b2",
        "R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2, N{Bob}c1-{Bob}b3")}
    found = [W.normal(state, "Ann", W.solution_text(s)) for s in W.winning_sets(state)]
    assert len(found) == 3 and set(found) == expected
    with pytest.raises(PuzzleError):
        Puzzle("t", "wheel", state.to_text(), (HAND_SOLUTION,), 1, "win in one week", 1400).verify()


def test_the_orders_sealed_are_compared_whatever_their_letters_order_or_salt():
    state = setup(HAND)
    assert W.normal(state, "Ann", "{Bob}h2-{Bob}b2,{Bob}c3-{Bob}a2, R{Bob}a5x{Bob}a1") == W.normal(
        state, "Ann", HAND_SOLUTION)


def test_the_shipped_wheel_puzzles_are_fifty_or_more_weeks_of_orders_alone():
    # All of them are verified by the rebuild command before it writes the
    # file (python -m playbook.puzzles.mine wheel); a sample by playbook.checks (shipped_puzzles_hold).
    found = puzzles("wheel")
    assert len(found) >= 50 and len({p.position for p in found}) == len(found)
    assert [p.difficulty for p in found] == sorted(p.difficulty for p in found)
    for puzzle in found:
        assert puzzle.plies == 1 and len(puzzle.solution) == 1 and puzzle.theme.startswith("win in one week: ")
        assert "seal" not in puzzle.solution[0] and ":" not in puzzle.solution[0]  # orders alone, no salt


def test_the_rebuild_is_the_same_every_time():
    first = mine(2, seed=7)
    assert first == mine(2, seed=7) and len(first) == 2
    for puzzle in first:
        puzzle.verify()
        assert json.loads(json.dumps(puzzle.to_json()))["solution"] == list(puzzle.solution)


def test_sealing_the_solution_on_the_live_board_solves_it_and_the_week_is_played_out():
    trainer = Trainer("wheel", progress=False)
    trainer.puzzle = _hand_puzzle()
    trainer.exercise = ex = exercise(trainer.puzzle, trainer.tutorial)
    trainer._counted = False
    board = ex.board
    # Sealed on the board in another order, letters left out, a salt of its own.
    board.play("{Ann} seal s1Xv8Qm3Tz6Lp9Wd4R: {Bob}h2-{Bob}b2, {Bob}c3-{Bob}a2, {Bob}a5-{Bob}a1")
    assert ex.solved and board.state.outcome is not None and board.state.outcome.winners == ("Ann",)
    # Bob sealed his answer, then both reveals were played: commit, commit, reveal, reveal.
    assert [m.split()[1] for m in board.moves] == ["commit", "commit", "reveal", "reveal"]
    assert trainer.check().right and trainer.results == [("wheel-hand", True)] and trainer.streak == 1


def test_a_set_that_does_not_win_by_force_is_refuted_by_the_answer():
    ex = exercise(_hand_puzzle(), Tutorial("wheel check"))
    # Typed as orders alone: without the rook to b2, Bob's pawn steps to b3
    # and his King to b2, out of the rook's way.
    verdict = ex.check("R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2")
    assert not verdict.right and "three orders" in verdict.message
    assert "Bob seals Ka1-b2, Pb2-b3, and Bob's King is not taken" in verdict.message
    # The verdict names the orders sealed, not their commitment's digest.
    assert ex.check(HAND_SOLUTION).message == f"Right: {HAND_SOLUTION}."


def test_next_says_when_every_puzzle_was_tried_and_goes_round_again_without_counting(capsys):
    every = puzzles("wheel")
    trainer = Trainer("wheel", progress=False)
    trainer.results = [(p.id, p.id != every[5].id) for p in every]  # all tried, the sixth missed
    rating = trainer.rating.rating
    ex = trainer.next()
    assert "has been tried once" in capsys.readouterr().out and "reset()" in trainer.notice
    assert trainer.puzzle.id == every[5].id  # the missed one first
    assert trainer.check(trainer.puzzle.solution[0]).right
    assert trainer.rating.rating == rating and len(trainer.results) == len(every)  # counted once only
    trainer.next()
    assert trainer.puzzle.id == every[0].id and capsys.readouterr().out == ""  # said once
    assert ex is not trainer.exercise


def test_reset_forgets_the_puzzle_progress_and_keeps_the_tutorials(playbook_home):
    from playbook.learn.progress import Progress

    Progress().add("Kelasu, part 1", "Capture the red general.")
    trainer = Trainer("wheel")
    trainer.next()
    assert trainer.check(trainer.puzzle.solution[0]).right
    assert standing().endswith("(1 solved)")
    trainer.reset()
    assert standing() == "Puzzle rating: 1500 (0 solved)"
    assert trainer.results == [] and trainer.rating.rating == 1500 and trainer.streak == 0
    assert Progress().solved("Kelasu, part 1") == ["Capture the red general."]
    again = Trainer("wheel")
    again.next()
    assert again.puzzle.id == trainer.puzzle.id  # handed out afresh
    assert again.check(again.puzzle.solution[0]).right
    reset()
    assert standing() == "Puzzle rating: 1500 (0 solved)"


def test_orders_clicked_and_sealed_on_the_board_solve_it():
    ex = exercise(_hand_puzzle(), Tutorial("wheel clicks"))
    board = ex.board
    clicks = [{"kind": "cell", "value": c} for c in ("{Bob}c3", "{Bob}a2", "{Bob}h2", "{Bob}b2", "{Bob}a5", "{Bob}a1")]
    clicks += [{"kind": "choice", "value": "seal"}, {"kind": "text", "value": "c1ick-Sealed-9Xq4Wv"}]
    board.messages.receive(board, {"type": "action", "steps": clicks, "position": board.position}, [])
    assert board.error == "" and ex.solved
    assert board.state.outcome.winners == ("Ann",) and ex.check().right


def test_after_three_misses_the_solution_is_the_orders_alone_drawn_as_arrows():
    ex = exercise(_hand_puzzle(), Tutorial("wheel misses"))
    board = ex.board
    for wrong in ("R{Bob}a5-{Bob}a1", "R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2", "R{Bob}a5-{Bob}a1, R{Bob}h2-{Bob}b2"):
        verdict = ex.check(wrong)
    assert not verdict.right and verdict.solution == (HAND_SOLUTION,)  # no salt in it
    assert f"here is a solution: {HAND_SOLUTION}" in verdict.message
    assert board.arrows == [["{Bob}a5", "{Bob}a1"], ["{Bob}c3", "{Bob}a2"], ["{Bob}h2", "{Bob}b2"]]
    assert ex.check(verdict.solution).right


def test_the_week_comes_through_the_hook_the_descriptor_names_and_loading_the_game_loads_none_of_it():
    assert hook("wheel") is WEEK
    # The hook's module is imported when a puzzle is first handled, not when the game is played.
    code = ("import sys; from playbook import load; load('wheel').initial().legal_actions(); "
            "print(sorted(m for m in sys.modules if m.startswith('playbook.games.wheel.puzzles')))")
    played = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert played.stdout.strip() == "[]"
    # One week: the orders in one turn of the solver's, never split as a line of moves.
    assert _hand_puzzle().turns() == [("Ann", (HAND_SOLUTION,))]
