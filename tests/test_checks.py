"""The shared checks (playbook.checks) on every game shipped with playbook,
through the same pytest plugin a designer's own package uses: one test id
a check a game (``test_game[cosmic-positions_read_back_from_their_text]``).
The example games under examples/ run them from their own tests."""

import pytest

from playbook import available

pytestmark = pytest.mark.playbook_games(*available(shipped=True))


def test_game(playbook_check):
    playbook_check()

