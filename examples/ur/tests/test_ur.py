"""The Royal Game of Ur's own rules, each worked by hand from RULES.md.
Everything every game must do (the contract, random play with its dice,
self-play, reviews, the live board) is checked by playbook's shared suite,
which finds this game through its entry point.

Positions are written as RULES.md says: the three rows from the top
(Black's row, the shared row, White's row; '-' where the board has no
square), each side's pieces waiting and home, the side and its roll.
White's path is e1 (waiting), d1 c1 b1 a1, a2 ... h2, h1 g1, f1 (home);
Black's the same on row 3."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import IllegalAction, NotationError, Record, load
from playbook.chance import Dice
from playbook.core import CHANCE

GAME = load("ur")
EMPTY = "....--../......../....--.."


def texts(state):
    return sorted(a.text for a in state.legal_actions())


def test_the_start_has_every_piece_waiting_and_white_rolls_first():
    state = GAME.initial()
    assert state.to_text() == f"{EMPTY} w7/0 b7/0 w roll"
    assert state.chance and state.to_move == CHANCE and state.roller == "white"
    assert state.status() == "White to roll"


def test_four_binary_dice_give_0_to_4_as_often_as_the_sixteen_throws_allow():
    # Each die shows a marked tip or not (1 in 2); of the 2**4 = 16 throws,
    # C(4, k) show k marked tips: 1, 4, 6, 4, 1.
    outcomes = GAME.initial().chance_outcomes()
    assert [(a.text, p) for a, p in outcomes] == [("roll 0", Fraction(1, 16)), ("roll 1", Fraction(4, 16)),
                                                  ("roll 2", Fraction(6, 16)), ("roll 3", Fraction(4, 16)),
                                                  ("roll 4", Fraction(1, 16))]
    # Drawn many times, the rolls come as often as that (20,000 draws: each
    # count within five standard deviations, sqrt(n p (1 - p)) <= 69, of n p).
    dice, state = Dice(5), GAME.initial()
    counts = {k: 0 for k in range(5)}
    for _ in range(20_000):
        counts[dice.roll(state).data] += 1
    for (_, p), (_, seen) in zip(outcomes, sorted(counts.items()), strict=True):
        assert abs(seen - 20_000 * p) < 5 * 69


def test_a_piece_enters_on_its_own_row_and_moves_exactly_the_roll():
    # Roll 3: a waiting piece enters onto the third square of White's path (b1).
    state = GAME.initial().play("roll 3")
    assert state.to_text() == f"{EMPTY} w7/0 b7/0 w 3" and state.to_move == "white"
    assert texts(state) == ["e1-b1"]
    after = state.play("e1-b1")
    assert after.to_text() == "....--../......../.w..--.. w6/0 b7/0 b roll"
    with pytest.raises(IllegalAction, match="exactly 3"):
        state.play("e1-c1")


def test_pieces_leave_their_row_for_the_shared_row_and_come_back_to_their_own():
    # White on b1 (path 3) with 4: two squares on to a1, then onto a2 (path 5), b2 (path 6)... no: 3 + 4 = 7 is b2.
    state = GAME.parse("....--../......../.w..--.. w6/0 b7/0 w 4")
    assert "b1-c2" in texts(state)  # path 3 + 4 = 7: a1 is 4, a2 5, b2 6, c2 7
    # White on g2 (path 11) with 3 goes h2 (12), h1 (13), g1 (14).
    state = GAME.parse("....--../......w./....--.. w6/0 b7/0 w 3")
    assert texts(state) == ["e1-b1", "g2-g1"]
    # Black's path is the same on its own row: g2 with 2 reaches h3.
    state = GAME.parse("....--../......b./....--.. w7/0 b6/0 b 2")
    assert texts(state) == ["e3-c3", "g2-h3"]


def test_no_piece_lands_on_a_piece_of_its_own():
    # White on c1 (path 2) and a1 (path 4); with 2 the c1 piece cannot land on a1, and none enters onto c1.
    state = GAME.parse("....--../......../w.w.--.. w5/0 b7/0 w 2")
    assert texts(state) == ["a1-b2"]
    with pytest.raises(IllegalAction, match="own"):
        state.play("c1-a1")


def test_landing_on_an_enemy_in_the_shared_row_sends_it_back_to_wait():
    # White on c2 (path 7), Black on e2 (path 9); White rolls 2 and takes it.
    state = GAME.parse("....--../..w.b.../....--.. w6/0 b6/0 w 2")
    assert "c2xe2" in texts(state)
    after = state.play("c2xe2")
    assert after.to_text() == "....--../....w.../....--.. w6/0 b7/0 b roll"


def test_a_piece_on_the_central_rosette_cannot_be_taken():
    # Black on d2, the central rosette (path 8); White on a2 (path 5) rolls 3 and may not land there.
    state = GAME.parse("....--../w..b..../....--.. w6/0 b6/0 w 3")
    assert texts(state) == ["e1-b1"]
    with pytest.raises(IllegalAction, match="central rosette"):
        state.play("a2xd2")


def test_a_rosette_gives_another_roll_to_the_same_side():
    # Entering with 4 lands on a1, White's first rosette: White rolls again.
    assert GAME.initial().play("roll 4").play("e1-a1").to_text() == "....--../......../w...--.. w6/0 b7/0 w roll"
    # The central rosette (d2) and the last square (g1) too.
    assert GAME.parse("....--../w......./....--.. w6/0 b7/0 w 3").play("a2-d2").status() == "White to roll"
    assert GAME.parse("....--../......w./....--.. w6/0 b7/0 w 3").play("g2-g1").status() == "White to roll"
    # Any other square passes the dice to the other side.
    assert GAME.parse("....--../w......./....--.. w6/0 b7/0 w 2").play("a2-c2").status() == "Black to roll"


def test_a_piece_bears_off_with_the_exact_roll_only():
    # White on h1 (path 13): 2 takes it home (15); 3 or 4 would overshoot, so with 4 only a new piece moves.
    state = GAME.parse("....--../......../....--.w w6/0 b7/0 w 2")
    assert "h1-f1" in texts(state)
    assert state.play("h1-f1").to_text() == f"{EMPTY} w6/1 b7/0 b roll"
    state = GAME.parse("....--../......../....--.w w6/0 b7/0 w 4")
    assert texts(state) == ["e1-a1"]
    with pytest.raises(IllegalAction, match="exact roll"):
        state.play("h1-f1")


def test_a_roll_of_0_or_a_roll_with_no_move_passes_the_turn_at_once():
    # A 0 passes: Black rolls next, and the 0 stays in the record.
    assert GAME.initial().play("roll 0").to_text() == f"{EMPTY} w7/0 b7/0 b roll"
    # White's only piece left is on g1 (path 14), needing exactly 1; a 2 has no move and passes too.
    state = GAME.parse(f"{EMPTY[:-2]}w. w0/6 b7/0 w roll")
    assert state.play("roll 2").to_text() == f"{EMPTY[:-2]}w. w0/6 b7/0 b roll"
    # Such a position, with the roll but no move, never stands: it cannot be written.
    with pytest.raises(NotationError, match="no move with 2"):
        GAME.parse(f"{EMPTY[:-2]}w. w0/6 b7/0 w 2")
    with pytest.raises(NotationError, match="0 passes"):
        GAME.parse(f"{EMPTY} w7/0 b7/0 w 0")


def test_a_player_who_can_move_must_move():
    # There is no pass among the actions while a move exists.
    state = GAME.initial().play("roll 1")
    assert texts(state) == ["e1-d1"]
    with pytest.raises(IllegalAction):
        state.play("pass")


def test_the_roll_after_a_rosette_may_move_any_piece():
    # White landed on a1 with 4 and rolls again (2): both the a1 piece and a new one may move.
    state = GAME.initial().play("roll 4").play("e1-a1").play("roll 2")
    assert texts(state) == ["a1-b2", "e1-c1"]


def test_bearing_off_the_seventh_piece_wins_at_once():
    state = GAME.parse(f"{EMPTY[:-2]}w. w0/6 b7/0 w 1")
    won = state.play("g1-f1")
    assert won.outcome.winners == ("white",) and won.outcome.ending.value == "all pieces home"
    assert won.legal_actions() == [] and not won.chance and won.chance_outcomes() == []
    assert won.to_text() == f"{EMPTY} w0/7 b7/0 b roll"


def test_the_dice_are_never_rolled_by_a_move_and_a_move_never_by_the_dice():
    state = GAME.initial()
    with pytest.raises(IllegalAction, match="rolled first"):
        state.play("e1-d1")
    with pytest.raises(IllegalAction, match="rolled 3 already"):
        state.play("roll 3").play("roll 2")
    with pytest.raises(NotationError, match="0 to 4"):
        state.play("roll 5")


def test_positions_that_cannot_arise_are_refused_naming_the_field():
    with pytest.raises(NotationError, match="7 pieces"):
        GAME.parse(f"{EMPTY} w6/0 b7/0 w roll")
    with pytest.raises(NotationError, match="no square"):
        GAME.parse("....w-../......../....--.. w6/0 b7/0 w roll")
    with pytest.raises(NotationError, match="own row"):
        GAME.parse("w...--../......../....--.. w6/0 b7/0 w roll")
    with pytest.raises(NotationError, match="side to play"):
        GAME.parse(f"{EMPTY} w7/0 b7/0 x roll")
    with pytest.raises(NotationError, match="game is over"):
        GAME.parse(f"{EMPTY} w0/7 b7/0 w roll")
    with pytest.raises(NotationError, match="three rows"):
        GAME.parse("..../.... w7/0 b7/0 w roll")


def test_a_game_replays_from_its_record_rolls_and_all():
    dice, state = Dice(11), GAME.initial()
    played = []
    while state.outcome is None:
        action = dice.roll(state) if state.chance else state.legal_actions()[0]
        played.append(action.text)
        state = state.play(action)
    record = Record.from_json(Record.of(GAME.initial(), played).to_json())
    assert record.states()[-1] == state
    assert sum(text.startswith("roll ") for text in played) > len(played) // 2 - 1


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(1, 120))
def test_random_play_keeps_seven_pieces_a_side_and_reads_back(seed, plies):
    dice, state = Dice(seed), GAME.initial()
    chooser = Dice(seed + 1).rng
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(dice.roll(state) if state.chance else chooser.choice(state.legal_actions()))
        assert len(state.white) == len(state.black) == 7
        assert GAME.parse(state.to_text()) == state
        # Only the middle row is shared: no two pieces on one square.
        shared = [p for p in state.white if 5 <= p <= 12]
        assert not set(shared) & set(state.black)


def mirrored(state):
    """The same position with the colours swapped: White's pieces where Black's were, and the other side to play."""
    from ur.state import UrState

    side = "black" if state.side == "white" else "white"
    return UrState(state.black, state.white, side, state.roll, state.game)


def flipped(text):
    """A move's text with the colours swapped (rows 1 and 3 traded)."""
    return text.translate(str.maketrans("13", "31"))


def test_a_mirrored_position_gets_the_mirrored_move_and_the_same_expected_value():
    from playbook.analysis import AlphaBeta, RandomAgent, evaluate

    checked = 0
    for seed in range(6):
        state = RandomAgent(seed=seed).play(GAME.initial(), 30 + 7 * seed)
        dice = Dice(seed)
        while state.chance:
            state = state.play(dice.roll(state))
        if state.outcome is not None:
            continue
        other = mirrored(state)
        assert sorted(flipped(a.text) for a in state.legal_actions()) == texts(other)
        assert evaluate(other, other.to_move) == evaluate(state, state.to_move)
        # The same search on each (the same seed: the same shuffles of the same lists) sees the same
        # expectations through every roll, for the side to move.
        found, again = AlphaBeta(depth=3, seed=1).analyse(state), AlphaBeta(depth=3, seed=1).analyse(other)
        assert again.score == found.score and again.action.text == flipped(found.action.text)
        checked += 1
    assert checked >= 4


def test_each_tray_says_what_it_holds_and_how_many():
    # Two White pieces borne off and none waiting; Black has two waiting and two home.
    scene = GAME.parse("b...--b./.w.b..w./w..w--.w w0/2 b2/2 w 3").view()
    words = {c.id: c.text for c in scene.cells if c.zone == "tray"}
    held = {p.cells[0]: (p.owner, p.name, p.badges, p.dim) for p in scene.pieces if p.cells[0] in words}
    # White's trays are e1 (to enter: empty, so it says so) and f1 (home: two pieces).
    assert words == {"e1": "to enter", "f1": "", "e3": "", "f3": ""}
    assert held == {"f1": ("white", "home", ("", "", "2"), False),
                    "e3": ("black", "to enter", ("", "", "2"), False),
                    "f3": ("black", "home", ("", "", "2"), False)}
