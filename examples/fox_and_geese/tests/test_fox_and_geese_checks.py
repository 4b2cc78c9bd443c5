"""Every check playbook makes of a game, run on Fox and Geese, each a test
of its own (``test_game[fox_and_geese-positions_read_back_from_their_text]``
...), through playbook's pytest plugin; ``playbook check fox_and_geese``
runs the same from a terminal."""

import pytest

pytestmark = pytest.mark.playbook_games("fox_and_geese")


def test_game(playbook_check):
    playbook_check()
