"""Chains of jumps (playbook.chains), each case worked by hand on a row or a
small grid of cells numbered as drawn in the comments."""

from playbook.chains import carry_out, jump_chains

# A 3x3 grid, cells numbered row by row:   0 1 2
#                                          3 4 5
#                                          6 7 8
STEP = {"n": -3, "s": 3, "e": 1, "w": -1}


def grid_jumps(board):
    """Jumps over a piece ``b`` next to a cell (any of the four ways) onto the cell beyond, on the 3x3 grid."""

    def beside(i, way):
        j = i + STEP[way]
        if not 0 <= j < 9 or (way in "ew" and j // 3 != i // 3):
            return None
        return j

    def jumps(here, jumped):
        found = []
        for way in "nsew":
            over = beside(here, way)
            land = beside(over, way) if over is not None else None
            if over is not None and land is not None and board[over] == "b":
                found.append((over, land, True))
        return found

    return jumps


def free(board):
    return lambda cell: board[cell] == "."


def test_every_place_a_chain_may_stop_is_a_chain_of_its_own_in_the_order_met():
    # The jumper on 0, pieces on 1 and 5: 0 jumps 1 onto 2, then 5 onto 8.  Two chains: stop on 2, or go on to 8.
    board = list("Ob...b...")
    assert jump_chains(0, grid_jumps(board), free(board)) == [((0, 2), (1,)), ((0, 2, 8), (1, 5))]


def test_a_chain_may_end_where_it_began_unless_the_game_says_not():
    # The jumper on 0, pieces on 1, 5, 7 and 3 round the centre: 0 -> 2 -> 8 -> 6 -> 0 jumps all four and comes
    # back to 0, which it left; the other way round too.  Each piece is jumped once, so no chain goes round twice.
    board = list("Ob.b.b.b.")
    chains = [path for path, _ in jump_chains(0, grid_jumps(board), free(board))]
    assert chains == [(0, 6), (0, 6, 8), (0, 6, 8, 2), (0, 6, 8, 2, 0), (0, 2), (0, 2, 8), (0, 2, 8, 6), (0, 2, 8, 6, 0)]
    assert [path for path, _ in jump_chains(0, grid_jumps(board), free(board), end_on_start=False)] == \
        [(0, 6), (0, 6, 8), (0, 6, 8, 2), (0, 2), (0, 2, 8), (0, 2, 8, 6)]
    # The piece is lifted before it is put down: the loop keeps it, on 0, and takes the four.
    carry_out(board, (0, 2, 8, 6, 0), (1, 5, 7, 3), ".")
    assert "".join(board) == "O........"


def test_a_piece_jumped_is_not_jumped_twice_nor_landed_on():
    # On a row: the jumper on 0, pieces on 1 and 3, the jumps going both ways.  From 2 it may go on over 3 to 4,
    # but from 4 it may not come back over 3 (jumped already), nor from 2 back over 1.
    board = list("Ob.b...")

    def jumps(here, jumped):
        return [(here + d, here + 2 * d, True) for d in (1, -1) if 0 <= here + 2 * d < 7 and board[here + d] == "b"]

    assert jump_chains(0, jumps, free(board)) == [((0, 2), (1,)), ((0, 2, 4), (1, 3))]


def test_a_limit_a_jump_that_ends_the_chain_and_one_off_the_board():
    # On a row of seven, jumps go rightwards only; jumping the piece on 3 ends a chain (as taking a king would).
    def rightwards(board):
        def jumps(here, jumped):
            if here + 1 < 7 and board[here + 1] == "b":
                return [(here + 1, here + 2 if here + 2 < 7 else None, here + 1 != 3)]
            return []
        return jumps

    board = list("Ob.b.b.")
    # 0 over 1 to 2, over 3 to 4: the chain ends there, though 5 could be jumped next.
    assert [p for p, _ in jump_chains(0, rightwards(board), free(board))] == [(0, 2), (0, 2, 4)]
    assert [p for p, _ in jump_chains(0, rightwards(board), free(board), limit=1)] == [(0, 2)]
    # Going on from a capture the game made itself (the jumper now on 2, 1 taken): only the longer chains.
    assert jump_chains(0, rightwards(board), free(board), path=(0, 2), jumped=(1,)) == [((0, 2, 4), (1, 3))]
    # The jumper on 5 and a piece on 6, the row's end: the jump leaves the board (None) and ends the chain, and
    # carrying it out takes both off.
    row = list(".....Ob")
    assert jump_chains(5, rightwards(row), free(row)) == [((5, None), (6,))]
    carry_out(row, (5, None), (6,), ".")
    assert "".join(row) == "......."
