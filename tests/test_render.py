"""The renderer: valid SVG, one clickable cell per board cell, and the pieces the state holds."""

import xml.etree.ElementTree as ET

from playbook import load
from playbook.render import Cell, Glyph, Mark, Piece, Scene, svg

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def cells_of(root):
    return [e for e in root.iter() if e.get("data-cell")]


def test_cosmic_board_has_36_cells_and_shows_its_16_pieces():
    state = load("cosmic").initial()
    root = parse(state.svg())
    assert len(cells_of(root)) == 36
    # Hover text sits on the cell under each piece.
    hover = {e.get("data-cell"): e.find(NS + "title").text for e in cells_of(root) if e.find(NS + "title") is not None}
    assert hover["a1"] == "white king on a1" and hover["f6"] == "black king on f6"
    assert len(hover) == 16


def test_cosmic_king_is_a_large_pyramid_with_a_small_one_on_top_and_pawns_are_small():
    state = load("cosmic").initial()
    root = parse(state.svg())
    parts = {}
    for element in root.iter():
        if element.get("data-cells"):
            parts.setdefault(element.get("data-cells"), []).append(element)

    def heights(elements):
        out = []
        for poly in (e for e in elements if e.tag == NS + "polygon"):
            ys = [float(p.split(",")[1]) for p in poly.get("points").split()]
            out.append(max(ys) - min(ys))
        return out

    king, rook, knight, pawn = (heights(parts[c]) for c in ["a1", "b1", "c1", "c2"])
    assert len(king) == 2 and king[0] > king[1]
    assert rook[0] > knight[0] > pawn[0]


def test_a_capture_removes_the_piece_from_the_picture():
    state = load("cosmic").parse("k5/4p1/6/2p3/1P4/5K w").play("b2xd4xf6")
    pieces = {e.get("data-cells") for e in parse(state.svg()).iter() if e.get("data-cells")}
    assert pieces == {"a6", "f6", "f1"}  # black king, the pawn that jumped, white king


def test_last_action_targets_and_arrows_are_marked():
    state = load("cosmic").initial().play("c2-d3")
    root = parse(state.svg(highlight=["c4"], arrows=[["a3", "b5"]]))
    classes = [e.get("class") or "" for e in root.iter()]
    assert sum("pb-mark-last" in c for c in classes) == 2  # from and to of c2-d3
    assert any("pb-mark-target" in c for c in classes)
    assert any("pb-mark-arrow" in c for c in classes)


def test_flip_turns_the_board_half_a_turn():
    state = load("cosmic").initial()

    def position(root, cell):
        rect = next(e for e in cells_of(root) if e.get("data-cell") == cell)
        return float(rect.get("x")), float(rect.get("y"))

    plain, flipped = parse(state.svg()), parse(state.svg(flip=True))
    # a1 is bottom-left normally and top-right when flipped.
    (x1, y1), (x2, y2) = position(plain, "a1"), position(flipped, "a1")
    (fx, fy) = position(plain, "f6")
    assert (x2, y2) == (fx, fy) and (x1, y1) != (x2, y2)


def test_size_sets_the_pixel_width_and_keeps_the_aspect():
    root = parse(load("cosmic").initial().svg(size=300))
    assert root.get("width") == "300"
    w, h = (float(v) for v in root.get("viewBox").split()[2:])
    assert abs(float(root.get("height")) - 300 * h / w) <= 1


def test_colours_come_from_theme_variables_with_fallbacks():
    text = load("cosmic").initial().svg()
    assert "var(--jp-border-color1, #" in text
    # The background is the page's own, and transparent where the theme's
    # variables do not reach (a picture in an <img>): no box of its own colour.
    assert ".pb-bg { fill: var(--jp-layout-color0, transparent); }" in text


def test_multi_cell_pieces_span_their_cells_and_badges_show():
    scene = Scene(
        [Cell("a", 0, 0), Cell("b", 1, 0), Cell("c", 2, 0)],
        [Piece(("a", "b"), "red", (Glyph("bar", 0.9),), badges=("3Q",), title="stick")],
        marks=[Mark("selected", ("c",))],
    )
    root = parse(svg(scene))
    poly = next(root.iter(NS + "polygon"))
    xs = [float(p.split(",")[0]) for p in poly.get("points").split()]
    assert max(xs) - min(xs) > 48  # wider than one cell
    assert "3Q" in [t.text for t in root.iter(NS + "text")]


def test_repr_svg_is_deterministic():
    state = load("cosmic").initial()
    assert state._repr_svg_() == load("cosmic").initial()._repr_svg_()


def coordinates(text):
    """The coordinates of a drawing: their text and (x, y), by text."""
    return {e.text: (float(e.get("x")), float(e.get("y"))) for e in parse(text).iter(NS + "text")
            if e.get("class") == "pb-coord"}


def test_a_board_that_leaves_cells_out_is_labelled_only_where_cells_are():
    # A plus sign of five cells on a 3x3 grid: b1, a2 b2 c2, b3; files a b c and ranks 3 2 1 (top down); d names
    # a fourth column that has no cell.  Drawn 48 units a cell, with an 18-unit margin on the left and bottom and 4
    # on top: a cell in column i spans x 18 + 48i to 18 + 48(i + 1), one in row j spans y 4 + 48j to 4 + 48(j + 1).
    cells = [Cell("b1", 1, 2), Cell("a2", 0, 1), Cell("b2", 1, 1), Cell("c2", 2, 1), Cell("b3", 1, 0)]
    drawn = coordinates(svg(Scene(cells, files="abcd", ranks="321")))
    # A file's name sits half a margin (9) under its lowest cell: a and c under row 2 (4 + 96 + 9 = 109), b under
    # row 3 (4 + 144 + 9 = 157); each at its column's centre (18 + 24 = 42, 90, 138).  d has no cell: no name.
    assert drawn["a"] == (42.0, 109.0) and drawn["b"] == (90.0, 157.0) and drawn["c"] == (138.0, 109.0)
    assert "d" not in drawn
    # A rank's name sits half a margin (9) left of its leftmost cell: 3 and 1 beside b (9 + 48 = 57), 2 beside a (9).
    assert drawn["3"] == (57.0, 28.0) and drawn["2"] == (9.0, 76.0) and drawn["1"] == (57.0, 124.0)
    # Turned half a turn, b1 is at the top: b's name goes under b3, now the lowest of its column (y as before,
    # 157); a and c swap sides (a at 138, c at 42) under row 2; 1 is now the top row, beside b again.
    turned = coordinates(svg(Scene(cells, files="abcd", ranks="321"), flip=True))
    assert turned["a"] == (138.0, 109.0) and turned["c"] == (42.0, 109.0) and turned["b"] == (90.0, 157.0)
    assert turned["1"] == (57.0, 28.0) and turned["2"] == (9.0, 76.0)


def test_a_full_board_is_labelled_along_its_edges_and_cells_beside_it_move_no_label():
    # Two by two, and a tray cell beside it on the right (x 2.5): the files and ranks are those of the board.
    board = [Cell(f"{f}{r}", i, 2 - r) for i, f in enumerate("ab") for r in (1, 2)]
    plain = coordinates(svg(Scene(board, files="ab", ranks="21")))
    beside = coordinates(svg(Scene(board + [Cell("tray", 2.5, 0)], files="ab", ranks="21")))
    # Bottom edge 4 + 96 + 9 = 109; left edge 9.
    assert plain["a"] == (42.0, 109.0) and plain["2"] == (9.0, 28.0)
    assert {k: beside[k] for k in plain} == plain
    # Turned, the tray is on the left (x 0 to 1, the drawing 3.5 wide): a, now the right column, is at
    # 18 + 48 * (3.5 - 0.5) = 162, and the ranks beside the board's left edge as seen, 48 * 1.5 + 9 = 81.
    turned = coordinates(svg(Scene(board + [Cell("tray", 2.5, 0)], files="ab", ranks="21"), flip=True))
    assert turned["a"] == (162.0, 109.0) and turned["1"] == (81.0, 28.0)
