"""One shape for a played game: self-play returns the same Record a board
or a saved game gives, its seats in ``players``, its result in the one
convention of records, and it comes back whole from JSON and from a
Parquet row, old files included.  That every game's self-play records
have that shape is checked on every game by playbook.checks
(selfplay_records_come_back_whole)."""

from __future__ import annotations

import json

import pytest

from playbook import Record, load
from playbook.analysis import RandomAgent, SelfPlayError, load_results, read_settings
from playbook.analysis.runs.games import play_game
from playbook.analysis.runs.selfplay import selfplay

pa = pytest.importorskip("pyarrow")
pytest.importorskip("pyarrow.parquet")


def random_game(key: str, seed: int, max_plies: int = 40) -> Record:
    game = load(key)
    seats = game.initial().seats
    return play_game(game, [RandomAgent(seed=seed * 7 + k) for k in range(len(seats))], max_plies=max_plies,
                     seed=seed, book=2)


def test_the_result_reads_typed_whatever_the_number_of_winners():
    # Worked by hand from the convention: winners joined by " and ", "draw", "" while unfinished.
    two = Record("wheel", "", ["x"] * 3, result="Ann and Cyd")
    assert (two.winners, two.winner, two.draw, two.unfinished, two.plies) == (("Ann", "Cyd"), None, False, False, 3)
    one = Record("cosmic", "", [], result="black")
    assert (one.winners, one.winner, one.draw, one.unfinished) == (("black",), "black", False, False)
    drawn = Record("cosmic", "", [], result="draw")
    assert (drawn.winners, drawn.winner, drawn.draw, drawn.unfinished) == ((), None, True, False)
    going = Record("cosmic", "", [])
    assert (going.winners, going.winner, going.draw, going.unfinished) == ((), None, False, True)


def test_a_board_record_and_a_selfplay_record_are_one_type_with_the_same_fields():
    start = load("cosmic").initial()
    board = Record.of(start, ["c2-d3", "e4-f3"], players={"white": "Ann", "black": "Bo"})
    played = random_game("cosmic", 3)
    assert type(board) is type(played) and set(board.row()) == set(played.row())
    assert played.options == load("cosmic").options and played.setup == {} and played.seed == 3


def test_files_written_before_one_shape_read_with_todays_names_and_results(tmp_path):
    # A row as files were first written: agents, variant and time columns; results "unfinished" and "a+b".
    old = [
        {"seed": 0, "game": "wheel", "agents": json.dumps({"Ann": "random", "Bob": "random", "Cyd": "random"}),
         "variant": "{}", "setup": json.dumps({"players": 3}), "start": "", "first": "Ann", "opening": None,
         "result": "Ann+Cyd", "winner": None, "winners": ["Ann", "Cyd"], "draw": False, "unfinished": False,
         "reason": "won", "plies": 0, "setup_plies": 0, "book": 0, "time": 0.5, "actions": [], "notes": "[]",
         "error": None},
        {"seed": 1, "game": "wheel", "agents": json.dumps({"Ann": "random", "Bob": "random", "Cyd": "random"}),
         "variant": "{}", "setup": json.dumps({"players": 3}), "start": "", "first": "Ann", "opening": None,
         "result": "unfinished", "winner": None, "winners": [], "draw": False, "unfinished": True,
         "reason": "stopped after 9 plies", "plies": 0, "setup_plies": 0, "book": 0, "time": 0.25, "actions": [],
         "notes": "[]", "error": None},
    ]
    pa.parquet.write_table(pa.Table.from_pylist(old), tmp_path / "part-000000000000-000000000001-000000.parquet")
    (tmp_path / "_run.json").write_text(json.dumps({"game": "wheel"}))
    first, second = load_results(tmp_path).records
    assert (first.result, first.winners, first.seconds) == ("Ann and Cyd", ("Ann", "Cyd"), 0.5)
    assert first.players == {"Ann": "random", "Bob": "random", "Cyd": "random"} and first.setup == {"players": 3}
    assert (second.result, second.unfinished, second.reason) == ("", True, "stopped after 9 plies")
    assert load_results(tmp_path).win_rates()["unfinished"]["games"] == 1


def test_a_selfplay_record_saved_as_json_before_one_shape_keeps_its_metadata_in_fields():
    start = load("cosmic").initial().to_text()
    old = json.dumps({"game": "cosmic", "start": start, "actions": ["c2-d3"], "players": {"white": "random"},
                      "tags": {"seed": 4, "agents": {"white": "random"}, "plies": 1, "time": 0.1, "book": 1,
                               "event": "club"}})
    record = Record.from_json(old)
    assert (record.seed, record.book, record.seconds, record.tags) == (4, 1, 0.1, {"event": "club"})


def test_a_run_and_its_frame_use_one_vocabulary():
    run = selfplay("cosmic", [RandomAgent, RandomAgent], games=2, progress=False, options={"quiet_limit": 10})
    frame = run.frame()
    assert {"players", "options", "seconds"} <= set(frame.columns)
    assert not {"agents", "variant", "time"} & set(frame.columns)
    assert list(frame["options"]) == ["quiet_limit=10"] * 2


def test_a_folder_keeps_its_settings_under_the_records_names_and_an_old_folder_resumes(tmp_path):
    selfplay("cosmic", [RandomAgent, RandomAgent], games=2, progress=False, out=tmp_path, options={"quiet_limit": 10})
    saved = json.loads((tmp_path / "_run.json").read_text())
    assert saved["options"] == {"quiet_limit": 10} and saved["players"] == {"white": "RandomAgent()",
                                                                            "black": "RandomAgent()"}
    # The same folder as written before one shape: its settings under the old names.
    old = {("variant" if k == "options" else "agents" if k == "players" else k): v for k, v in saved.items()}
    (tmp_path / "_run.json").write_text(json.dumps(old))
    assert read_settings(tmp_path) == saved
    more = selfplay("cosmic", [RandomAgent, RandomAgent], games=4, progress=False, out=tmp_path,
                    options={"quiet_limit": 10})
    assert [r.seed for r in more.records] == [0, 1, 2, 3]
    with pytest.raises(SelfPlayError, match="options"):
        selfplay("cosmic", [RandomAgent, RandomAgent], games=4, progress=False, out=tmp_path)
