"""The picture a live board saves beside its view: shown by JupyterLab when it
does not trust a saved notebook (or has no kernel) and by static viewers.

The picture is an ``<img>`` whose ``src`` is the board's SVG in a ``data:``
URI, because JupyterLab's sanitizer keeps such images in untrusted HTML and
drops inline SVG (tests/browser/test_first_open.py checks that in a real
JupyterLab)."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

from IPython.core.formatters import DisplayFormatter
from nbval.plugin import get_sanitize_patterns

from playbook import BoardWidget, load, render
from playbook.games.wheel import setup

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SANITIZE = Path(__file__).with_name("nbval_sanitize.cfg")


def picture_svg(board) -> str:
    data, _ = board._repr_mimebundle_()
    return picture_of(data["text/html"])


def picture_of(text: str) -> str:
    """The SVG inside a picture's ``<img>``, which is as wide as a live board."""
    found = re.fullmatch(r'<img class="pb-picture" src="data:image/svg\+xml,([^"]*)" alt="([^"]*)" '
                         r'width="(\d+)" style="[^"]*"( title="[^"]*")?>', text)
    assert found, text[:200]
    assert int(found.group(3)) == render.PICTURE_WIDTH
    return unquote(found.group(1))


def test_the_output_carries_the_live_view_and_a_picture_of_the_board():
    board = BoardWidget(load("cosmic"))
    data, _ = board._repr_mimebundle_()
    assert set(data) == {"text/plain", WIDGET_VIEW, "text/html"}
    root = ET.fromstring(picture_svg(board))
    cells = [e.get("data-cell") for e in root.iter() if e.get("data-cell")]
    # Cosmic Chess is played on 6x6 cells, a1 to f6.
    assert len(cells) == 36 and {"a1", "f6"} <= set(cells)
    # The static picture keeps the status under the board (the live board shows it in its frame).
    texts = " ".join(e.text or "" for e in root.iter() if e.get("class") == "pb-caption")
    assert "White to move" in texts


def test_the_picture_alt_text_names_the_game_and_the_status():
    board = BoardWidget(load("cosmic"))
    assert 'alt="Cosmic Chess: White to move"' in board._repr_mimebundle_()[0]["text/html"]


def test_the_picture_is_the_same_text_for_the_same_board_and_follows_play_and_flip():
    one, two = BoardWidget(load("cosmic")), BoardWidget(load("cosmic"))
    assert one._repr_mimebundle_()[0]["text/html"] == two._repr_mimebundle_()[0]["text/html"]
    before = picture_svg(one)
    one.play("c2-d3")
    after = picture_svg(one)
    assert after != before
    # The pawn left c2 for d3: the last move is tinted on both cells.
    assert after.count('class="pb-mark-last"') == 2
    two.flipped = True
    assert picture_svg(two) != before


def test_a_colour_change_in_the_stylesheet_is_masked_for_nbval(monkeypatch):
    rules = get_sanitize_patterns(SANITIZE.read_text())  # as nbval reads them

    def sanitized(text):
        for regex, replace in rules:
            text = re.sub(regex, replace, text)
        return text

    board = BoardWidget(load("cosmic"))
    before = board._repr_mimebundle_()[0]["text/html"]
    monkeypatch.setattr(render, "STYLE", render.STYLE.replace("#eee3cf", "#123456"))
    after = board._repr_mimebundle_()[0]["text/html"]
    assert before != after and sanitized(before) == sanitized(after)
    # A changed board is not masked.
    board.play("c2-d3")
    assert sanitized(board._repr_mimebundle_()[0]["text/html"]) != sanitized(before)


def test_a_board_behind_a_hot_seat_curtain_saves_the_curtain_not_the_board():
    board = BoardWidget(setup({"{Ann}e2": "Ann P", "{Bob}d2": "Bob P"}), hot_seat=True)
    html = board._repr_mimebundle_()[0]["text/html"]
    assert "Pass the device to Ann" in html and "<img" not in html and "data-cell" not in html


def test_a_position_shown_as_a_cell_value_is_a_picture_too():
    # JupyterLab drops SVG from a notebook it does not trust but keeps an
    # <img>; IPython offers both, and the HTML is preferred where shown.
    state = load("cosmic").initial().play("c2-d3")
    data, _ = DisplayFormatter().format(state)
    assert {"text/html", "image/svg+xml", "text/plain"} <= set(data)
    root = ET.fromstring(picture_of(data["text/html"]))
    cells = {e.get("data-cell") for e in root.iter() if e.get("data-cell")}
    assert len(cells) == 36
    assert 'alt="Cosmic Chess: Black to move"' in data["text/html"]
    # A diagram with marks shows the same way.
    diagram, _ = DisplayFormatter().format(state.diagram(highlight=["d4"]))
    assert "pb-mark-target" in picture_of(diagram["text/html"])


# ---------------------------------------------------------------- kept pictures


def published(board, then=lambda: None):
    """The display messages IPython sends for ``board`` shown as a cell's
    value, then while ``then()`` runs: (data, display id, whether an update)."""
    from IPython.core.displaypub import CapturingDisplayPublisher
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    saved, shell.display_pub = shell.display_pub, CapturingDisplayPublisher()
    try:
        formatted = shell.display_formatter.format(board)
        then()
        return formatted, [(o["data"], (o.get("transient") or {}).get("display_id"), o.get("update", False))
                           for o in shell.display_pub.outputs]
    finally:
        shell.display_pub = saved


def test_a_board_is_shown_in_an_output_with_a_display_id_holding_view_and_picture():
    board = BoardWidget(load("cosmic"))
    formatted, sent = published(board)
    # The cell's value itself is left empty: the board displayed itself.
    assert formatted == ({}, {})
    ((data, display_id, update),) = sent
    assert display_id and not update
    assert set(data) == {"text/plain", WIDGET_VIEW, "text/html"}
    assert data["text/html"] == board.picture_html()


def test_pictures_follow_the_board_once_its_front_end_keeps_them():
    board = BoardWidget(load("cosmic"))

    def play():
        board.play("c2-d3")  # no update yet: the front end has not said its page keeps pictures
        board.messages.receive(board, {"type": "keeps-pictures"}, [])
        board.play("d5-c4")  # Black's pawn on d5 steps diagonally forward

    _, sent = published(board, play)
    (shown, display_id, _), *updates = sent
    # One update when the front end speaks up (after c2-d3), one after d5-c4, both to the board's output.
    assert [(d, u) for _, d, u in updates] == [(display_id, True), (display_id, True)]
    after_one, after_two = (data["text/html"] for data, _, _ in updates)
    assert picture_of(after_two) == picture_of(board.picture_html())
    expected = BoardWidget(load("cosmic"))
    expected.play("c2-d3")
    assert after_one == expected.picture_html()
    assert after_one != shown["text/html"] != after_two
    # The live view is the same model throughout.
    assert {data[WIDGET_VIEW]["model_id"] for data, _, _ in sent} == {board.model_id}


def test_without_a_page_that_keeps_pictures_the_output_is_never_updated():
    board = BoardWidget(load("cosmic"))
    _, sent = published(board, lambda: board.play("c2-d3"))
    assert [update for _, _, update in sent] == [False]


def test_the_front_ends_word_is_taken_while_the_engine_holds_the_board():
    board = BoardWidget(load("cosmic"))
    board.picture.outputs.append(("an-output", board._repr_mimebundle_))
    with board.engine.turn():  # as while the engine chooses its move
        board.messages.receive(board, {"type": "keeps-pictures"}, [])
    assert board.picture.kept and board.error == ""
