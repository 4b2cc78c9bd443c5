"""Breakthrough, a race game on a small board: a playbook game in its own package.

The rules are in ``RULES.md`` beside this package: pieces step one cell
ahead, straight or diagonally, capture only diagonally, and the first piece
to reach the far rank wins.  The package registers :data:`GAME` under the
entry point group ``playbook.games`` (see its ``pyproject.toml``), so
``playbook.load("breakthrough")`` finds it, and the boards, engines,
self-play, puzzles and reviews of playbook work with it.

>>> from playbook import load
>>> state = load("breakthrough").initial()
>>> state.play("a2-a3").to_text()
'bbbbbb/bbbbbb/....../w...../.wwwww/wwwwww b'

Rules clarifications
--------------------

Where the rules are silent, this package decides:

1. The rules never say what happens to a player with no move, and this
   cannot happen: the piece of the side to move nearest the far rank always
   has a cell diagonally ahead on the board (the board is at least 4 files
   wide) which is empty (a step) or holds an enemy (a capture), since its
   own pieces are all as far back or farther.  So the game has no
   stalemate and no draw; it ends only by the far rank or by capturing
   every enemy piece (``test_a_player_with_a_piece_always_has_a_move``).
2. A capture is never compulsory unless the variant ``must_capture=True``
   is chosen; with it, a player who can capture must, and any capture will
   do (``test_captures_are_optional_unless_the_variant_makes_them_compulsory``).
3. A piece that reaches the far rank by a capture wins just as one that
   steps there, and the game ends at once: the other side does not get a
   move to capture it back (``test_reaching_the_far_rank_wins_at_once_even_by_capture``).
"""

from .game import GAME, Breakthrough
from .state import BreakthroughState

__all__ = ["GAME", "Breakthrough", "BreakthroughState"]
