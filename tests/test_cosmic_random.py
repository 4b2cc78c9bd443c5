"""Random legal Cosmic Chess games, checked move by move (hypothesis picks the games)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import PlaybookError, load

GAME = load("cosmic")


def _counts(state):
    return state.counts()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants_and_end(seed):
    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(600):
        if state.outcome is not None:
            break
        actions = state.legal_actions()
        assert actions, "a running game always has an action (offering a draw at least)"
        action = rng.choice(actions)
        mover = state.side
        before = _counts(state)
        after = state.play(action)
        now = _counts(after)
        # Pieces are never created, the mover never loses a piece, and every
        # captured piece is an enemy: the opponent loses one per jump.
        other = "b" if mover == "w" else "w"
        captured = action.data[2] if action.data[0] not in ("offer", "accept") else ()
        # ...except the piece that jumps off the board over the enemy king.
        left_the_board = bool(captured) and action.data[1] is None
        assert now[mover] == before[mover] - left_the_board
        assert before[other] - now[other] == len(captured)
        assert all(state.board[c] != "." and (state.board[c].isupper() != (mover == "w")) for c in captured)
        # Text round trips, and the action's text reads back as itself.
        assert GAME.parse(after.to_text()) == after
        assert state.parse_action(action.text) == action
        state = after
    assert state.outcome is not None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), junk=st.text(min_size=0, max_size=12))
def test_refused_actions_change_nothing(seed, junk):
    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(rng.randrange(30)):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_actions()))
    before = state.to_text()
    legal = {a.text for a in state.legal_actions()}
    if junk.strip() not in legal:
        try:
            state.play(junk)
        except PlaybookError:
            pass
        else:  # pragma: no cover - only reached if junk was legal
            raise AssertionError(f"{junk!r} was accepted")
    assert state.to_text() == before
    assert {a.text for a in state.legal_actions()} == legal


def _random_position(seed):
    """A position after up to 40 random actions (draw offers left out) from the start."""
    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(rng.randrange(40)):
        if state.outcome is not None:
            break
        state = state.play(rng.choice([a for a in state.legal_actions() if a.text != "offer-draw"] or
                                      state.legal_actions()))
    return state


def state_cell(state, piece):
    """The cell of ``piece`` (a letter) on the board."""
    i = state.board.index(piece)
    return "abcdef"[i % 6] + str(i // 6 + 1)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_rook_slide_past_a_piece_names_that_piece(seed):
    state = _random_position(seed)
    if state.outcome is not None:
        return
    files = "abcdef"
    board = {f"{files[i % 6]}{i // 6 + 1}": p for i, p in enumerate(state.board)}
    rook = "R" if state.to_move == "white" else "r"
    for start, piece in board.items():
        if piece != rook:
            continue
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            f, r = files.index(start[0]), int(start[1]) - 1
            ray = []
            while 0 <= f + df < 6 and 0 <= r + dr < 6:
                f, r = f + df, r + dr
                ray.append(f"{files[f]}{r + 1}")
            taken = [c for c in ray if board[c] != "."]
            if not taken:
                continue
            # Every cell past the first piece on the ray: the plain move is
            # refused, naming that piece.
            first = taken[0]
            side = "white" if board[first].isupper() else "black"
            name = {"k": "king", "r": "rook", "n": "knight", "p": "pawn"}[board[first].lower()]
            for target in ray[ray.index(first) + 1:]:
                try:
                    state.play(f"{start}-{target}")
                except PlaybookError as err:
                    assert f"the {side} {name} on {first} is in the way" in str(err)
                else:
                    raise AssertionError(f"{start}-{target} slid past {first} in {state.to_text()}")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_only_the_side_to_move_may_have_lost_its_king(seed):
    state = _random_position(seed)
    if "K" not in state.board or "k" not in state.board:
        return
    to_move, last = ("K", "k") if state.to_move == "white" else ("k", "K")
    # The side that moved last took the king of the side to move: that
    # position reads, and the side that moved last has won.
    won = GAME.parse(state.edit(state_cell(state, to_move), None).to_text())
    assert won.outcome.winner == ("black" if state.to_move == "white" else "white")
    # The king of the side that moved last cannot be gone.
    text = state.to_text().replace(last, "1", 1)
    try:
        GAME.parse(text)
    except PlaybookError as err:
        assert "side to move" in str(err)
    else:
        raise AssertionError(f"{text!r} was read")
