"""The contract's own pieces: errors, steps, outcomes, records, loading games."""

import pytest

from playbook import Action, IllegalAction, NotationError, Outcome, PlaybookError, Record, Step, load


def test_error_hierarchy():
    assert issubclass(IllegalAction, PlaybookError)
    assert issubclass(NotationError, PlaybookError)


def test_notation_error_points_at_the_character():
    err = NotationError("expected a cell", "b3-c9", 4)
    assert err.position == 4
    assert "character 5" in str(err)
    assert str(err).splitlines()[-1] == "      ^"  # two spaces of indent, then under the 9


def test_illegal_action_carries_the_rule():
    assert IllegalAction("no", rule="pawn moves").rule == "pawn moves"


def test_steps_compare_by_kind_and_value_and_round_trip_as_json():
    a = Step.choice("stop", "Stop here")
    assert a == Step.choice("stop") and a != Step.cell("stop")
    assert Step.from_json(a.to_json()) == a and Step.from_json(a.to_json()).label == "Stop here"
    assert Step.from_json("b3") == Step.cell("b3")


@pytest.mark.parametrize("bad", [None, 3, {"kind": "cell"}, {"kind": "teleport", "value": "a1"}, {"value": 5}])
def test_malformed_steps_are_refused(bad):
    with pytest.raises(NotationError):
        Step.from_json(bad)


def test_actions_are_equal_by_text():
    assert Action("b3-c4", (Step.cell("b3"),)) == Action("b3-c4")
    assert len({Action("b3-c4"), Action("b3-c4"), Action("c2-d3")}) == 2
    assert Action("b3-c4", (Step.cell("b3"), Step.cell("c4"))).cells() == ["b3", "c4"]


def test_outcomes_read_as_words():
    assert str(Outcome(("white",), "captured the king")) == "white wins: captured the king"
    assert Outcome((), "agreed").draw and Outcome((), "agreed").winner is None
    assert str(Outcome((), "agreed")) == "draw: agreed"


def test_load_accepts_keys_and_titles():
    assert load("cosmic") is load("Cosmic Chess") is load("cosmic-chess")


def test_records_refuse_bad_json_with_a_position():
    with pytest.raises(NotationError) as err:
        Record.from_json('{"game": "cosmic", ')
    assert err.value.position is not None
    with pytest.raises(NotationError, match="keys"):
        Record.from_json('{"game": "cosmic"}')
    with pytest.raises(NotationError, match="texts"):
        Record.from_json('{"game": "cosmic", "start": "x", "actions": [1]}')


def test_a_record_replays_a_known_game():
    game = load("cosmic")
    record = Record("cosmic", game.initial().to_text(), ["c2-d3", "e4xc2", "b3xd1"])
    states = record.states()
    # c2-d3; Black's pawn e4 jumps it onto c2; White's pawn b3 jumps that
    # pawn onto d1.
    assert states[1].to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"
    assert states[2].to_text() == "3nrk/3pnr/5n/NP4/RNp3/KRN3 w"
    assert states[3].to_text() == "3nrk/3pnr/5n/N5/RN4/KRNP2 b"


def test_replaying_an_illegal_record_raises_and_names_the_rule():
    with pytest.raises(IllegalAction):
        Record("cosmic", load("cosmic").initial().to_text(), ["c2-c3"]).states()
