"""The editor's palette shows pieces: every entry of every game carries a
picture of its piece, drawn by the renderer exactly as the board draws
that piece once the editor has placed it."""

import xml.etree.ElementTree as ET

import pytest

from playbook import BoardWidget, load
from playbook.render import piece_svg

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = {f"{SVG}{name}" for name in ("path", "polygon", "circle")}

# Where each game's palette pieces are placed to see them on the board: a
# position, and an empty cell of it where a piece goes unless the position
# already holds that piece (it then replaces itself, so no set runs short).
PLACES = {
    "cosmic": (lambda game: game.parse("k5/6/6/6/6/5K w"), "c3"),
    "kelasu": (lambda game: game.setup({"A0": "S", "J9": "s"}), "E5"),
    "cresnovian": (lambda game: game.initial(), "D3"),
    "ccc": (lambda game: game.setup({"a1": "C", "h10": "c"}), "d5"),
    "wheel": (lambda game: game.initial(8, ready=True), "{Cyd}d4"),
}


def shapes(picture: str) -> list[ET.Element]:
    """The drawn shapes of a picture (paths, polygons, circles)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return [e for e in root.iter() if e.tag in SHAPES]


@pytest.mark.parametrize("name", sorted(PLACES))
def test_every_palette_entry_carries_the_picture_of_the_piece_the_board_draws(name):
    game = load(name)
    make, cell = PLACES[name]
    state = make(game)
    board = BoardWidget(state, editor=True)
    entries = board.palette
    assert len(entries) == len(state.palette()) > 0
    for entry in entries:
        drawn = shapes(entry["picture"])
        # Drawn, not written: shapes with the piece's colours, and no word in the picture.
        assert drawn and all("pb-piece" in e.get("class") or "pb-pip" in e.get("class") for e in drawn), entry
        assert entry["label"] not in entry["picture"]
        # The board, once the piece is placed, draws the same piece on the cell.
        there = next((p.cells[0] for p in state.view().pieces if p.title.startswith(entry["label"] + " on ")), cell)
        placed = [p for p in state.edit(there, entry["value"]).view().pieces if p.cells == (there,)]
        assert len(placed) == 1, entry
        assert piece_svg(placed[0]) == entry["picture"], entry
    # No two pieces of a palette look alike.
    assert len({entry["picture"] for entry in entries}) == len(entries)


def test_the_wheel_palette_shows_each_of_eight_players_in_their_own_colour():
    board = BoardWidget(load("wheel").initial(8, ready=True), editor=True)
    kings = {e["value"]: e["picture"] for e in board.palette if e["value"].endswith(" K")}
    assert len(kings) == 8
    owners = {value: shapes(picture)[0].get("class") for value, picture in kings.items()}
    # Seats take the colours in order: Ann white, Bob black, Cyd blue, ... Hal orange.
    assert owners["Ann K"] == "pb-piece pb-owner-white"
    assert owners["Bob K"] == "pb-piece pb-owner-black"
    assert owners["Cyd K"] == "pb-piece pb-owner-blue"
    assert owners["Hal K"] == "pb-piece pb-owner-orange"
    assert len(set(owners.values())) == 8


def test_a_palette_picture_keeps_the_letter_but_no_badge_or_name():
    # Kelasu's warrior carries its letter on the board; Cresnovian's
    # essence its short name, Q count and full name: a picture 40 pixels
    # wide keeps only the letters on the shape.
    warrior = load("kelasu").initial().palette_piece("W")
    assert [t.text for t in ET.fromstring(piece_svg(warrior)).iter(f"{SVG}text")] == ["W"]
    essence = load("cresnovian").initial().palette_piece("essence")
    texts = [t.text for t in ET.fromstring(piece_svg(essence)).iter(f"{SVG}text")]
    assert len(texts) == 1 and texts[0] != "essence"


def test_a_game_that_draws_no_palette_piece_sends_its_palette_as_words(monkeypatch):
    # A game of someone else's making may offer a palette without drawing
    # its pieces: the entries go without a picture and the buttons show their words.
    state = load("cosmic").initial()
    monkeypatch.setattr(type(state), "palette_piece", lambda self, piece: None)
    board = BoardWidget(state, editor=True)
    assert board.palette[0] == {"kind": "choice", "value": "K", "label": "white king"}
    assert all("picture" not in entry for entry in board.palette)
