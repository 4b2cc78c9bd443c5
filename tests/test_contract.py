"""The contract's own parts, worked by hand.  What every game must do is
checked on every game by playbook.checks (tests/test_checks.py)."""

import pytest

from playbook import Outcome, PlaybookError, load
from playbook.descriptor import Ending


def test_unknown_game_names_the_available_ones():
    with pytest.raises(PlaybookError, match="cosmic"):
        load("checkers")


def test_sealed_orders_are_in_no_other_players_observation():
    from playbook.games.wheel import commitment, setup
    from playbook.games.wheel.orders import reveal_body

    state = setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})
    body = reveal_body("pepper", "Ra1-a8")
    sealed = state.play(f"{{Ann}} commit {commitment('pepper', 'Ra1-a8')}").remember("Ann", body)
    assert sealed.observation("Ann").secret("Ann") == body
    assert sealed.observation("Bob").secret("Ann") is None
    assert "Ra1-a8" not in repr(sealed.observation("Bob").__dict__)


@pytest.mark.parametrize("name", ["", "draw", "black and white"])
def test_a_winner_named_so_that_a_record_could_not_read_it_back_is_refused(name):
    with pytest.raises(ValueError, match="' and '"):
        Outcome(("north", name), "won")


def test_endings_name_how_the_game_ended():
    cosmic = load("cosmic").initial()
    # White offers a draw with its move, and Black accepts it.
    assert cosmic.play("offer-draw").play("c1-e2").play("accept-draw").outcome.ending is Ending.AGREEMENT
    # The White king on b2 jumps over the Black king on a1 and off the board.
    assert load("cosmic").parse("5p/6/6/6/1K4/k4P w").play("b2x*").outcome.ending is Ending.KING_CAPTURED
    assert load("kelasu").initial().play("resign").outcome.ending is Ending.RESIGNATION
    # Black has no Pyramid left.
    assert load("ccc").setup({"a1": "L", "h10": "f"}).outcome.ending is Ending.PIECES_LOST
