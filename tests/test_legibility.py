"""Pieces stay legible on every game's board: labels sit inside their shapes,
the Cresnovian Q count and a dead piece's mark are clear of the piece, and
pieces drawn in their own colours are outlined."""

import re

import pytest

from playbook import load, render

CRES = load("cresnovian")
#: The Cresnovian pieces the tests below leave aside, live in the World (a game in play shows all nine).
WORLD = {"D1": "essence 3Q", "E1": "radiance 3Q", "F1": "corporeality 3Q", "D2": "innervation 3Q", "E2": "caprice 3Q",
         "F2": "cognizance 3Q"}
#: The Cresnovian pieces other than Duality and Cosmos, dead, on cells away from D1 and E2.
DEAD = {"D3": "essence 0Q", "F3": "velocity 0Q", "G3": "radiance 0Q", "H3": "corporeality 0Q", "G2": "innervation 0Q",
        "H2": "caprice 0Q", "F1": "cognizance 0Q"}


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


def _root(svg):
    """The root font size and the viewBox width of a drawing."""
    em = float(re.search(r'font-size="([\d.]+)"', svg[:600]).group(1))
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg[:600]).group(1))
    return em, width


@pytest.mark.parametrize("state", [load(name).initial() for name in ("cosmic", "kelasu", "cresnovian", "ccc")]
                         + [load("wheel").initial(n, ready=True) for n in (2, 3, 8)],
                         ids=lambda s: s.game.name + str(len(getattr(s, "players", ())) or ""))
def test_board_texts_are_sized_for_the_scale_the_board_is_shown_at(state):
    # A live board (no caption): the root font is TEXT_PX pixels as shown, whatever the board's scale.
    em, width = _root(state.svg(caption=False))
    shown = render.picture_width(state.svg(caption=False))
    assert em * shown / width == pytest.approx(render.TEXT_PX, abs=0.05)
    # A picture with its caption: its lines add height, so it may be shown a little smaller, never below the least.
    em, width = _root(state.svg())
    assert em * render.picture_width(state.svg()) / width >= render.MIN_TEXT_PX
    # Every text class is at least 1em (the label's heading more).
    for cls in ("pb-coord", "pb-caption", "pb-celltext", "pb-letter", "pb-name", "pb-badge"):
        rule = re.search(r"\." + cls + r" \{[^}]*font-size: ([^;]+);", render.STYLE).group(1)
        assert rule == "1em" or re.fullmatch(r"max\(\d+px, 1(\.\d+)?em\)", rule), (cls, rule)


def test_cresnovian_is_shown_wide_enough_for_its_names_to_fit_their_cells():
    # 9 cells of 48 units and the margins (18 and 4): 454 units wide, 3 * 48 + 4 + 18 = 166 high;
    # over 2.4 times as wide as high, so shown 960 pixels wide: 2.11 pixels a unit, 101 a cell.
    svg = CRES.setup({**WORLD, "A1": "duality 3Q", "C3": "velocity 0Q", "I1": "cosmos 7Q"}).svg(caption=False)
    em, width = _root(svg)
    assert width == 454 and render.picture_width(svg) == 960
    # The longest name, "corporeality" (12 letters at about 0.6 em), fits its cell (44 units) unsqueezed.
    assert 12 * 0.6 * em <= 44
    assert not re.search(r'<text class="pb-name"[^>]*textLength', svg)


def test_a_long_caption_is_wrapped_whole_within_the_picture():
    # Black's rook takes White's king: the result is longer than the 6x6 board is wide.
    over = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w").play("b1-a1").play("a4x*")
    (line,) = over.view().caption
    assert line == "White 1 piece, Black 1. Game over. Black wins: black captured the white king"
    shown = re.findall(r'<text class="pb-caption"[^>]*>([^<]*)</text>', over.svg())
    assert len(shown) >= 2 and " ".join(s.strip() for s in shown) == line
    # Each line fits the drawing: about 0.6 of the caption's font (12 units here) a character.
    em, width = _root(over.svg())
    assert all(len(s) * 0.6 * max(12, em) <= width - render.EDGE - render.RIGHT for s in shown)


def test_frozen_ccc_pieces_keep_their_colours_and_carry_a_frozen_mark():
    ccc = load("ccc")
    # White's Nice Flag on e5 freezes the eight cells round it (d4 to f6), its own pieces and Black's alike.
    state = ccc.setup({"a1": "C", "h10": "c", "b2": "S", "d4": "F", "e4": "f", "e5": "V", "c3": "r3"})
    pieces = {p.cells[0]: p for p in state.view().pieces}
    assert pieces["d4"].frozen and pieces["e4"].frozen and not pieces["c3"].frozen and not pieces["a1"].frozen
    assert not any(p.dim for p in pieces.values())
    svg = state.svg()
    # Drawn in their owners' colours, never see-through, each with one snowflake on a plate.
    assert not re.search(r'class="pb-piece[^"]*pb-dim', svg)
    assert len(re.findall(r'class="pb-frozen-bg" cx=', svg)) == 2
    assert re.search(r'class="pb-piece pb-owner-black" data-cells="e4"', svg)


def test_the_two_rings_are_bands_in_their_owners_colours():
    # A ring is a band (two circles, filled between them), so White's reads white and Black's black on any cell.
    state = load("ccc").setup({"a1": "C", "h10": "c", "b2": "S", "g7": "m", "d4": "R2", "e5": "r4"})
    svg = state.svg()
    for owner, cell in (("white", "d4"), ("black", "e5")):
        ring = re.search(r'<path class="pb-piece pb-owner-' + owner + r'" d="([^"]+)" data-cells="' + cell + '"', svg)
        assert ring and ring.group(1).count("M") == 2, owner
        assert re.search(r'data-cells="' + cell + r'" fill-rule="evenodd"', svg)
    assert "fill-opacity: 0.15" not in svg and 'fill-opacity="0.15"' not in svg


def test_a_label_beside_the_board_is_drawn_whole_inside_the_picture():
    # CCC's loss trays stand right of the board under "White lost" and "Black lost": each label,
    # about 0.6 of its font a character and centred on its place, ends inside the drawing.
    state = load("ccc").setup({"a1": "C", "h10": "c", "b2": "S", "g7": "m"}, lost=("3F V", "2f"), flags=("g1", "-"))
    for flip in (False, True):
        svg = state.svg(caption=False, flip=flip)
        em, width = _root(svg)
        labels = re.findall(r'<text class="pb-coord" x="([\d.]+)" y="[\d.]+">(\w+ lost)</text>', svg)
        assert len(labels) == 2
        for x, text in labels:
            half = 0.3 * max(11, em) * len(text)
            assert float(x) - half >= 0 and float(x) + half <= width, (flip, text)


def test_cresnovian_q_badges_cover_no_piece():
    # Every umbration's shape, alive and dead, with its Q count: no point of the shape lies on
    # the plate under its count (the plate sits in the top-left corner of the cell).
    state = CRES.setup({"A1": "duality 3Q", "B2": "essence 4Q", "C3": "velocity 0Q", "I1": "cosmos 7Q",
                        "H2": "radiance 2Q", "G3": "caprice 5Q", "A3": "innervation 0Q", "B1": "corporeality 0Q",
                        "H3": "cognizance 0Q"})
    svg = state.svg(caption=False)
    plates = {}
    for m in re.finditer(r'<rect class="pb-badge-bg[^"]*" data-cells="(\w+)" height="([\d.]+)" rx="3" '
                         r'width="([\d.]+)" x="([\d.]+)" y="([\d.]+)" />', svg):
        plates[m.group(1)] = (float(m.group(4)), float(m.group(5)), float(m.group(3)), float(m.group(2)))
    assert len(plates) == 9
    for m in re.finditer(r'<polygon class="pb-piece[^"]*" data-cells="(\w+)" points="([^"]+)"', svg):
        x, y, w, h = plates[m.group(1)]
        points = [tuple(map(float, p.split(","))) for p in m.group(2).split()]
        assert not any(x <= px <= x + w and y <= py <= y + h for px, py in points), m.group(1)
    for m in re.finditer(r'<circle class="pb-piece[^"]*" cx="([\d.]+)" cy="([\d.]+)" data-cells="(\w+)" r="([\d.]+)"',
                         svg):
        cx, cy, r = float(m.group(1)), float(m.group(2)), float(m.group(4))
        x, y, w, h = plates[m.group(3)]
        # The plate's corner nearest the circle's centre lies outside it.
        nearest = (min(max(cx, x), x + w), min(max(cy, y), y + h))
        assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 > r ** 2, m.group(3)
