"""Pieces stay legible on every game's board: labels sit inside their shapes,
the Cresnovian Q count and a dead piece's mark are clear of the piece, and
pieces drawn in their own colours are outlined."""

import re

import pytest

from playbook import load, render
from playbook.games import available

CRES = load("cresnovian")
#: The Cresnovian pieces the tests below leave aside, live in the World (a game in play shows all nine).
WORLD = {"D1": "essence 3Q", "E1": "radiance 3Q", "F1": "corporeality 3Q", "D2": "innervation 3Q", "E2": "caprice 3Q",
         "F2": "cognizance 3Q"}
#: The Cresnovian pieces other than Duality and Cosmos, dead, on cells away from D1 and E2.
DEAD = {"D3": "essence 0Q", "F3": "velocity 0Q", "G3": "radiance 0Q", "H3": "corporeality 0Q", "G2": "innervation 0Q",
        "H2": "caprice 0Q", "F1": "cognizance 0Q"}


def sample_positions(name):
    state = load(name).initial()
    yield state
    for _ in range(6):  # a few plies in, by the first listed step each time
        if state.outcome is not None:
            return
        actions = state.legal_actions()
        if not actions:
            return
        state = state.play(actions[len(actions) // 2])
        yield state


@pytest.mark.parametrize("name", available())
def test_every_label_is_printed_inside_its_first_shape(name):
    for state in sample_positions(name):
        for piece in state.view().pieces:
            if not piece.letter or not piece.glyphs:
                continue
            glyph = piece.glyphs[0]
            # render prints the letter 0.08 of the box below the centre; the
            # glyph's centre is dx, dy off it: the letter must fall well inside.
            assert abs(glyph.dx) <= glyph.size / 4 and abs(glyph.dy - 0.08) <= glyph.size / 4, (name, piece)


def test_cresnovian_q_count_takes_the_top_left_corner_and_a_dead_piece_says_dead():
    state = CRES.setup({**WORLD, "A1": "duality 3Q", "C3": "velocity 0Q", "I1": "cosmos 7Q"})
    pieces = {p.cells[0]: p for p in state.view().pieces}
    # Badges go bottom-right, then top-left: the count takes the top-left corner.
    assert pieces["A1"].badges == ("", "3Q") and not pieces["A1"].dim
    # A piece is named in words at its foot; a dead one says "dead" there and the caption names it.
    assert pieces["A1"].name == "duality"
    assert pieces["C3"].badges == ("", "0Q") and pieces["C3"].dim and pieces["C3"].name == "dead"
    assert "Dead: velocity on C3" in state.view().caption


def test_cresnovian_monuments_stand_on_a_pedestal_and_are_named_in_words():
    # Monuments on D1 (velocity) and E2 (cosmos): each is a pedestal with its
    # umbration's shape on top, named along its foot, and the caption lists them.
    # The seven other pieces lie dead (0Q, unnamed) on cells clear of both monuments.
    state = CRES.setup({"A1": "duality 3Q", "I1": "cosmos 7Q", **DEAD}, monuments={"D1": "velocity", "E2": "cosmos"})
    scene = state.view()
    monuments = {p.cells[0]: p for p in scene.pieces if p.cells[0] in ("D1", "E2")}
    assert [g.shape for g in monuments["D1"].glyphs] == ["plinth", "chevron"]
    assert [g.shape for g in monuments["E2"].glyphs] == ["plinth", "star"]
    assert monuments["D1"].name == "velocity" and monuments["E2"].name == "cosmos"
    assert not any(badge.endswith(" m") for p in scene.pieces for badge in p.badges)
    assert "Monuments: velocity on D1, cosmos on E2" in scene.caption
    # The names are drawn, each inside its own cell's width.
    svg = state.svg()
    names = re.findall(r'<text class="pb-name"[^>]*>([^<]*)</text>', svg)
    assert sorted(names) == ["cosmos", "cosmos", "duality", "velocity"]


def test_an_empty_cresnovian_poem_is_called_empty():
    caption = CRES.initial().view().caption
    assert "Poem: empty, no word written yet" in caption
    assert not any("to be written" in line for line in caption)


def test_pieces_in_their_own_colours_are_outlined_and_dead_ones_are_hollow_and_dashed():
    style = render.STYLE
    assert re.search(r"\.pb-owner-custom, \.pb-owner-custom-light \{ stroke: #[0-9a-f]{6}; \}", style)
    assert re.search(r"\.pb-piece\.pb-dim \{[^}]*fill-opacity: 0\.2\d;[^}]*stroke-dasharray", style)
    svg = CRES.setup({**WORLD, "A1": "duality 3Q", "C3": "velocity 0Q", "I1": "cosmos 7Q"}).svg()
    assert re.search(r'class="pb-piece pb-owner-custom[^"]* pb-dim"', svg)
