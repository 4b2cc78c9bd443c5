"""Every check playbook makes of a game, run on Breakthrough, each a test of
its own (``test_game[breakthrough-positions_read_back_from_their_text]``
...), through playbook's pytest plugin; ``playbook check breakthrough``
runs the same from a terminal."""

import pytest

pytestmark = pytest.mark.playbook_games("breakthrough")


def test_game(playbook_check):
    playbook_check()
