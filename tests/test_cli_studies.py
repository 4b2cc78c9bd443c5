"""``playbook balance`` and ``playbook compare`` from a terminal, every report as JSON and CSV, and
the command's manners: Ctrl-C from its first moments and a reader that stops early (``| head``)."""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from playbook.analysis import load_results
from playbook.command.cli import main

pytest.importorskip("pyarrow")

COMMAND = Path(sys.executable).parent / "playbook"


def run_main(args, capsys) -> tuple[int, str, str]:
    """The command run here: (exit status, standard output, standard error)."""
    try:
        status = main(args)
    except SystemExit as stop:
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A small rotated run on disk, stopped at a cap of 20 plies."""
    out = tmp_path_factory.mktemp("summary") / "run"
    main(["selfplay", "cosmic", "--agents", "greedy,greedy", "--games", "8", "--rotate", "--book", "2",
          "--max-plies", "20", "--out", str(out), "--quiet"])
    return out


def test_balance_prints_each_rung_and_the_sentence_and_writes_json_csv_and_a_plot(tmp_path, capsys):
    args = ["balance", "cosmic", "--engines", "greedy,alphabeta:depth=1", "--pairs", "2", "--book", "2",
            "--max-plies", "40", "--quiet"]
    status, out, err = run_main(args, capsys)
    assert status == 0, err
    assert "first mover's score" in out and "alphabeta:depth=1" in out and "2 engines asked, Holm's correction" in out
    # The greedy engine never sees a reply: the warning names it, on one line.
    assert "warning: Cosmic Chess, greedy: only 0% of its searches saw the opponent's answer" in err
    status, out, _ = run_main(args + ["--json"], capsys)
    found = json.loads(out)
    assert [row["engine"] for row in found["engines"]] == ["greedy", "alphabeta:depth=1"]
    assert found["pairs"] == 2 and all(row["games"] == 4 for row in found["engines"])
    assert found["agreement"].endswith("2 engines asked, Holm's correction over them")
    status, out, _ = run_main(args + ["--csv"], capsys)
    table = list(csv.DictReader(io.StringIO(out)))
    assert [row["engine"] for row in table] == ["greedy", "alphabeta:depth=1"] and "p (Holm)" in table[0]
    picture = tmp_path / "ladder.png"
    status, _, err = run_main(args + ["--plot", str(picture)], capsys)
    assert status == 0, err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compare_plays_the_variant_against_the_base_and_says_what_the_sequential_test_decided(capsys):
    args = ["compare", "cosmic", "--option", "compulsory_capture=true", "--base", "quiet_limit=100", "--agents",
            "greedy,random", "--games", "200", "--sprt", "0.1", "--quiet"]
    status, out, err = run_main(args, capsys)
    assert status == 0, err
    assert "compulsory_capture=True, quiet_limit=100" in out and "sequential test" in out
    status, out, _ = run_main(args + ["--json"], capsys)
    base, variant = json.loads(out)["variants"]
    assert base["settings"] == {"quiet_limit": 100}
    assert variant["settings"] == {"quiet_limit": 100, "compulsory_capture": True}
    assert base["games"] == variant["games"] < 200  # stopped together when the test decided
    assert variant["sequential test"]["decision"] in ("rise", "fall", "no change")
    status, out, _ = run_main(args + ["--csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["variant"] for row in rows] == ["quiet_limit=100", "compulsory_capture=True, quiet_limit=100"]
    assert rows[1]["sequential test"].startswith(("a rise", "a fall", "no change"))


@pytest.mark.parametrize("args, message", [
    (["balance", "cosmic", "--pairs", "0"], "--pairs: at least 1"),
    (["balance", "chess"], "unknown game 'chess'"),
    (["balance", "cosmic", "--engines", "random,stockfish"], "unknown agent 'stockfish'"),
    (["balance", "cosmic", "--plot", "ladder.txt"], "--plot: a .png, .svg or .pdf file"),
    (["compare", "cosmic", "--option", "quiet_limit=100", "--base", "quiet_limit=100"], "is the rules it is compared"),
    (["compare", "cosmic", "--option", "compulsory_capture=true", "--sprt", "200"], "not Elo"),
    (["compare", "cosmic", "--option", "compulsory_capture=true", "--sprt", "a,b"], "--sprt: a change"),
    (["compare", "cosmic", "--option", "quiet=5"], "no rule variant 'quiet'"),
    (["compare", "cosmic", "--option", "compulsory_capture=true", "--games", "0"], "--games: at least 1"),
])
def test_the_study_commands_refuse_bad_options_with_status_2_and_a_message(args, message, capsys):
    status, _, err = run_main(args + ["--quiet"], capsys)
    assert status == 2 and message in err and f"playbook {args[0]}: error:" in err


def test_the_summary_gives_the_cap_and_its_figures_as_json_and_csv(folder, capsys):
    status, text, _ = run_main(["summary", str(folder)], capsys)
    assert status == 0 and "ply cap 20)" in text.splitlines()[0]
    status, out, _ = run_main(["summary", str(folder), "--json"], capsys)
    found = json.loads(out)
    run = load_results(folder)
    assert found["ply cap"] == 20 and found["games"] == len(run) == 8
    assert found["first mover"]["score"] == pytest.approx(run.first_move_advantage()["score"])
    assert found["pairs"]["pairs"] + found["pairs"]["unfinished"] == 4
    status, out, _ = run_main(["summary", str(folder), "--csv"], capsys)
    rows = {row["figure"]: row for row in csv.DictReader(io.StringIO(out))}
    assert float(rows["first mover over colour-reversed pairs"]["value"]) == pytest.approx(found["pairs"]["score"])
    assert rows["ply cap"]["value"] == "20"


def test_a_reader_that_stops_early_leaves_no_traceback(folder):
    # The pipe is closed before the command writes a word: its first line finds no reader.
    proc = subprocess.Popen([str(COMMAND), "summary", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 141 and err == ""


def frames_in_playbook(text: str) -> list[str]:
    """The lines of a traceback that lie in the playbook package's own
    files, but for the first lines of the two modules the command's script
    imports to find its entry point (the package's and the command's
    ``__init__``), which run before any of the command's code can catch a
    Ctrl-C: a signal landing there ends the process as it would end any
    program that is still starting."""
    package = Path(__file__).resolve().parent.parent / "playbook"
    entry = [f'File "{package / "__init__.py"}"', f'File "{package / "command" / "__init__.py"}"']
    return [line for line in text.splitlines() if line.strip().startswith("File") and str(package) in line
            and not (line.strip().startswith(tuple(entry)) and line.rstrip().endswith("in <module>"))]


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.15])
def test_ctrl_c_in_the_first_tenth_of_a_second_never_shows_a_traceback_of_the_command(folder, delay):
    # Sent while Python itself starts (or the script imports the command's entry point), the signal ends
    # the process as it would any program; from the command's first import of its modules on, the command
    # says "stopped" and ends with status 130.  No traceback ever passes through playbook's code.
    proc = subprocess.Popen([str(COMMAND), "summary", str(folder)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate()
    assert not frames_in_playbook(err), err
    if "stopped" in err:
        assert proc.returncode == 130 and "Traceback" not in err
