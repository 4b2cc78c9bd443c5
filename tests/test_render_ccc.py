"""CCC pieces read at a glance: they fill their cells, a lying stick is one
long piece across its cells, badges are large enough to read, and the
trays of lost pieces appear, captioned, only once they hold something."""

import re
import xml.etree.ElementTree as ET

from playbook import load, render

GAME = load("ccc")
SVG = "{http://www.w3.org/2000/svg}"
CELL = render.CELL


def parts(state):
    """The drawn parts of the pieces, each with the cells it belongs to."""
    root = ET.fromstring(state.svg())
    layer = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "pb-pieces")
    return list(layer), root


def extent(part):
    """(width, height) of a polygon part in drawing units."""
    pts = [tuple(map(float, p.split(","))) for p in part.get("points").split()]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_a_stick_lying_across_three_cells_is_one_long_piece_over_them():
    # White's Tower lies on b2, c2 and d2; Black's Horse on b7 and b8.
    s = GAME.setup({"a1": "L", "h10": "l", "b2": "T_", "c2": "T_", "d2": "T_", "b7": "h_", "b8": "h_"})
    drawn, _ = parts(s)
    tower = [p for p in drawn if p.get("data-cells") == "b2 c2 d2"]
    horse = [p for p in drawn if p.get("data-cells") == "b7 b8"]
    assert len(tower) == 1 and tower[0].tag == f"{SVG}polygon"
    assert len(horse) == 1
    width, height = extent(tower[0])
    # Across nearly all of three cells, and thick enough to see (a sixth of a cell or more).
    assert 2.6 * CELL <= width <= 3 * CELL and height >= CELL / 6
    width, height = extent(horse[0])
    assert 1.6 * CELL <= height <= 2 * CELL and width >= CELL / 6


def test_pieces_fill_their_cells():
    drawn, _ = parts(GAME.initial())
    by_cell = {}
    for p in drawn:
        if p.tag == f"{SVG}polygon":
            by_cell.setdefault(p.get("data-cells"), []).append(extent(p))
    # A Flat (a2) spans most of its cell; the Large Pyramid (d1) and the Cube (a1) do too.
    assert by_cell["a2"][0][0] >= 0.8 * CELL
    assert max(h for _, h in by_cell["d1"]) >= 0.7 * CELL
    assert by_cell["a1"][0][0] >= 0.7 * CELL


def test_badges_are_large_enough_to_read():
    # Badges are printed in the drawing's root font (1em), which is sized for the scale it is shown at.
    assert re.search(r"\.pb-badge \{ font-size: 1em;", render.STYLE)
    svg = GAME.initial().svg(caption=False)
    em = float(re.search(r'font-size="([\d.]+)"', svg).group(1))
    # A CCC board (8 files, 10 ranks and the coordinates' margins) is shown at most 600 pixels high:
    # 406 by 502 units, so 600 * 406 / 502 = 485 pixels, capped at 480 wide; 12 pixels or more a badge.
    width = 8 * CELL + render.EDGE + render.RIGHT
    assert width == 406
    assert em * 480 / width >= 12 - 0.05


def test_loss_trays_appear_only_when_they_hold_something_with_a_caption():
    start = GAME.initial()
    _, root = parts(start)
    cells = {e.get("data-cell") for e in root.iter() if e.get("data-cell")}
    assert not any(c.startswith("lost") for c in cells)
    assert not any("lost" in (e.text or "") for e in root.iter(f"{SVG}text"))
    # White lost three Flats and its Nice Flag, Black two Flats.
    s = GAME.setup({"a1": "L", "h10": "l", "d4": "F"}, lost=("3F V", "2f"), flags=("g1", "-"))
    scene = s.view()
    trays = {c.id for c in scene.cells if c.id.startswith("lost")}
    assert trays == {"lost-w-F", "lost-w-V", "lost-b-F"}
    counts = {p.cells[0]: p.badges for p in scene.pieces if p.cells[0].startswith("lost")}
    assert counts == {"lost-w-F": ("3",), "lost-w-V": ("1",), "lost-b-F": ("2",)}
    assert {label.text for label in scene.labels} == {"White lost", "Black lost"}


def test_a_shield_pip_sits_inside_its_flat_and_its_lying_stick():
    # A shielded Flat on d4 and a Tower with two Shields lying on c6, d6 and e6.
    s = GAME.setup({"a1": "L", "h10": "l", "d4": "F+", "c6": "T_++", "d6": "T_++", "e6": "T_++"})
    drawn, _ = parts(s)
    for cells in ("d4", "c6 d6 e6"):
        body = next(p for p in drawn if p.get("data-cells") == cells and p.tag == f"{SVG}polygon")
        ys = [float(pt.split(",")[1]) for pt in body.get("points").split()]
        pips = next(p for p in drawn if p.get("data-cells") == cells and p.get("class") == "pb-pip")
        y = float(re.match(r"M[\d.]+,([\d.]+)", pips.get("d")).group(1))
        assert min(ys) < y < max(ys), cells
