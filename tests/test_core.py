"""The contract's own pieces: errors, steps, outcomes, records, loading games."""

import pytest

from playbook import Action, IllegalAction, NotationError, Outcome, PlaybookError, Record, Step, load
from playbook.core import read_json


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
    with pytest.raises(NotationError, match="ply 1 must be a text"):
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


# ------------------------------------------- records: options, metadata, strictness


def test_a_record_keeps_the_games_options_and_replays_under_them():
    # With compulsory capture, the pawn on b2 must take c3 (b2xd4); without
    # it, b2-a3 is a legal quiet move.
    strict = load("cosmic", compulsory_capture=True)
    start = strict.parse("k5/6/6/2p3/1P4/5K w")
    record = Record.from_json(Record.of(start, ["b2xd4"]).to_json())
    assert record.options == {"compulsory_capture": True}
    assert record.load_game().compulsory_capture is True
    bad = Record("cosmic", start.to_text(), ["b2-a3"], options={"compulsory_capture": True})
    with pytest.raises(IllegalAction, match="compulsory"):
        bad.states()
    # a3 is on rank 3, beside the black pawn on c3.
    assert Record("cosmic", start.to_text(), ["b2-a3"]).states()[-1].to_text() == "k5/6/6/P1p3/6/5K b 1"


def test_a_record_carries_players_date_result_and_reason():
    start = load("cosmic").parse("k5/4p1/6/2p3/1P4/5K w")
    record = Record.of(start, ["b2xd4xf6"], players={"white": "Ann", "black": "Bo"}, date="2026-11-23", event="club night")
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.players == {"white": "Ann", "black": "Bo"} and again.date == "2026-11-23"
    # b2 jumps c3 and e5: Black is down to its bare king, White has two pieces.
    assert again.result == "white" and "only its king" in again.reason
    assert again.tags == {"event": "club night"}


def test_records_from_before_options_and_metadata_still_load():
    old = '{"game": "cosmic", "start": "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w", "actions": ["c2-d3"]}'
    record = Record.from_json(old)
    assert record.options == {} and record.players == {} and record.result == ""
    assert record.final().to_text() == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1"


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"game": "cosmic", "start": "k5/6/6/6/6/5K w", "actions": "c2-d3"}', "'actions' must be a JSON array"),
        ('{"game": 3, "start": "k5/6/6/6/6/5K w", "actions": []}', "'game' must be a JSON string"),
        ('{"game": "cosmic", "start": "k5/6/6/6/6/5K w", "actions": [], "players": ["Ann"]}', "'players' must be a JSON object"),
        ('{"game": "cosmic", "start": "k5/6/6/6/6/5K w", "actions": [], "players": {"white": 7}}', "name of 'white'"),
        ('{"game": "cosmic", "start": "k5/6/6/6/6/5K w", "actions": [], "date": "yesterday"}', "ISO 8601"),
        ('{"game": "cosmic", "start": "k5/6/6/6/6/5K w", "actions": [], "colour": "red"}', "no field 'colour'"),
        ('["cosmic"]', "JSON object"),
    ],
)
def test_records_of_the_wrong_shape_are_refused_naming_the_field(text, message):
    with pytest.raises(NotationError, match=message):
        Record.from_json(text)


def test_a_bad_action_in_a_record_names_its_ply():
    start = load("cosmic").initial().to_text()
    with pytest.raises(IllegalAction, match="ply 2") as err:
        Record("cosmic", start, ["c2-d3", "c2-d3"]).states()
    assert err.value.ply == 2
    with pytest.raises(NotationError, match="ply 3"):
        Record("cosmic", start, ["c2-d3", "e4-f3", "zz"]).states()
    with pytest.raises(NotationError, match="record start"):
        Record("cosmic", "nonsense", []).states()
    with pytest.raises(NotationError, match="options"):
        Record("cosmic", start, [], options={"king_jumps": "many"}).states()


def test_every_game_reports_the_options_it_was_made_with():
    assert load("cosmic").options == {}
    assert load("cosmic", king_jumps=3, quiet_limit=100).options == {"king_jumps": 3, "quiet_limit": 100}
    assert load("wheel", collision="destroy").options == {"collision": "destroy"}
    with pytest.raises(PlaybookError, match="Cosmic Chess has no option .castling.; its options are compulsory_capture, king_jumps, quiet_limit"):
        load("cosmic", castling=True)


def test_iter_actions_defaults_to_the_listed_actions_in_order():
    state = load("cosmic").initial()
    assert list(state.iter_actions()) == state.legal_actions()


def test_json_text_that_cannot_be_read_is_refused_naming_what_it_should_be_and_where():
    assert read_json('{"a": [1, 2]}', "a record") == {"a": [1, 2]}
    with pytest.raises(NotationError, match="a record is JSON text, not bytes"):
        read_json(b"{}", "a record")
    with pytest.raises(NotationError, match="a record is JSON text") as broken:
        read_json('{"a": [1, 2}', "a record")
    assert broken.value.position == 11  # the brace where the list's bracket belongs
    with pytest.raises(NotationError, match="a Cresnovian position is JSON text"):
        read_json("[" * 100_000 + "]" * 100_000, "a Cresnovian position")
