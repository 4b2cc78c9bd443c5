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
