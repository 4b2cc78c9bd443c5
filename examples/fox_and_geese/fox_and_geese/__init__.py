"""Fox and Geese, the hunt on a cross-shaped board: a playbook game in its own package.

The rules are in ``RULES.md`` beside this package: thirteen geese step
forward or sideways to hem in a fox, which steps any way and captures by
jumping, jump after jump.  The board is a cross of 33 cells, made by
leaving the corners out of a 7x7 grid (:mod:`.board`); the fox's chains of
jumps come from :func:`playbook.chains.jump_chains`.  The package
registers :data:`GAME` under the entry point group ``playbook.games`` (see
its ``pyproject.toml``), so ``playbook.load("fox_and_geese")`` finds it.

>>> from playbook import load
>>> state = load("fox_and_geese").initial()
>>> state.play("d3-d4").to_text()
'.../.../...F.../...g.../ggg.ggg/ggg/ggg f 0'

Rules clarifications
--------------------

Where the rules leave a choice (tellings of this old game differ), this
package decides:

1. Pieces move along ranks and files only: the board has no diagonal
   lines (``test_pieces_move_along_ranks_and_files_only``).
2. The fox starts on d5 and the geese move first
   (``test_the_geese_start_on_ranks_one_to_three_and_move_first``).
3. A chain of jumps may end on the cell the fox started from, which it
   has left: the fox stands there again, and every goose it jumped is taken
   (``test_a_chain_of_jumps_may_end_where_it_began_and_keeps_the_fox``).
4. The fox wins when fewer than nine geese are left, and a side that cannot
   move loses: the geese win by trapping the fox, and geese that cannot step
   lose (``test_the_fox_wins_when_fewer_than_nine_geese_are_left``,
   ``test_a_side_that_cannot_move_loses``).
5. Geese may step sideways for ever, so a game could last for ever: it is
   drawn after fifty moves in a row with no goose taken or stepping forward
   (``test_fifty_moves_with_no_goose_taken_or_stepping_forward_draw``).
"""

from .game import GAME, FoxAndGeese
from .state import FoxAndGeeseState

__all__ = ["GAME", "FoxAndGeese", "FoxAndGeeseState"]
