"""Every check playbook makes of a game, run on the Royal Game of Ur, each
a test of its own (``test_game[ur-positions_read_back_from_their_text]``
...), through playbook's pytest plugin; ``playbook check ur`` runs the same
from a terminal."""

import pytest

pytestmark = pytest.mark.playbook_games("ur")


def test_game(playbook_check):
    playbook_check()
