"""Chess Wheel+ on screen: chess figures in every player's colour, and a
wheel of two or three boards that fits a window 900 pixels high."""

import re
import xml.etree.ElementTree as ET

import pytest

from playbook import load, render
from playbook.figures import FIGURES, figure_path

WHEEL = load("wheel")
SVG = "{http://www.w3.org/2000/svg}"


def pieces_drawn(svg_text):
    root = ET.fromstring(svg_text)
    layer = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "pb-pieces")
    return list(layer)


def test_every_piece_is_one_chess_figure_outline_in_its_owner_colour_with_no_letter():
    state = WHEEL.initial(8, ready=True)
    parts = pieces_drawn(state.svg())
    # Eight players with 16 pieces each, one outline a piece and no letters.
    assert len(parts) == 8 * 16
    assert all(p.tag == f"{SVG}path" and "pb-piece" in p.get("class") for p in parts)
    owners = {re.search(r"pb-owner-(\w+)", p.get("class")).group(1) for p in parts}
    assert owners == set(render.OWNERS) - {"neutral"}
    # Ann's back rank, a to h, is rook, knight, bishop, queen, king, bishop, knight, rook:
    # the same figure twice has the same outline (moved), five figures five outlines.
    ann = {p.get("data-cells"): shape(p.get("d")) for p in parts if "pb-owner-white" in p.get("class")}
    rank = [ann["{Ann}" + f + "1"] for f in "abcdefgh"]
    assert rank[0] == rank[7] and rank[1] == rank[6] and rank[2] == rank[5]
    assert len(set(rank[:5])) == 5
    assert all(ann["{Ann}" + f + "2"] == ann["{Ann}a2"] != rank[0] for f in "abcdefgh")


def shape(d):
    """An outline moved so that its first point is at 0, 0."""
    points = [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", d)]
    x0, y0 = points[0]
    return tuple((round(x - x0), round(y - y0)) for x, y in points)

@pytest.mark.parametrize("name", sorted(FIGURES))
def test_a_figure_fills_most_of_its_box_and_stays_inside_it(name):
    points = [tuple(map(float, pair)) for pair in re.findall(r"(-?[\d.]+),(-?[\d.]+)", figure_path(name, 100, 100, 40))]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert 80 <= min(xs) and max(xs) <= 120 and 80 <= min(ys) and max(ys) <= 120
    # Taller than most of its box: readable at a glance.
    assert max(ys) - min(ys) >= 40 * 0.75


@pytest.mark.parametrize("players", [2, 3])
def test_a_wheel_of_two_or_three_boards_fits_the_height_a_window_gives_a_board(players):
    svg_text = WHEEL.initial(players, ready=True).svg()
    width = render.picture_width(svg_text)
    w, h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg_text).groups())
    assert width * h / w <= render.PICTURE_HEIGHT + 1
    assert f'width="{width}"' in render.picture_html(svg_text, "a wheel")


@pytest.mark.parametrize("players", [5, 8])
def test_a_wheel_of_many_boards_is_shown_wide_enough_to_read_its_cells(players):
    svg_text = WHEEL.initial(players, ready=True).svg()
    w, _ = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg_text).groups())
    assert 'class="pb-board pb-wide' in svg_text
    # A cell is 48 drawing units: shown at 24 pixels or more.
    assert render.picture_width(svg_text) * render.CELL / w >= 24


def test_a_board_of_ordinary_width_is_not_marked_wide():
    for name in ("cosmic", "kelasu", "ccc"):
        assert "pb-wide" not in load(name).initial().svg()
    # Cresnovian Chess's 3x9 board is long and low (454 by 170 units, over 2.4 to 1): shown wide,
    # so the names in its cells read.
    assert 'class="pb-board pb-wide' in load("cresnovian").initial().svg()
