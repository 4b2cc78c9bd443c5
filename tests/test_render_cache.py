"""The fast renderer (static layer cached, pieces and marks written as text)
draws exactly what one uncached svgwrite tree of the same scene serializes to,
and its caches are bounded and keyed on everything the static layer depends on."""

import random

import pytest

from playbook import load, render
from playbook.analysis import RandomAgent
from playbook.checks.invariants import random_positions
from playbook.render import Cell, Glyph, Mark, Piece, Scene

# Boards of every game, and the other geometries that change the static layer.
STARTS = {
    "cosmic": lambda: load("cosmic").initial(),
    "kelasu": lambda: load("kelasu").initial(),
    "cresnovian": lambda: load("cresnovian").initial(),
    "ccc": lambda: load("ccc").initial(),
    "ccc-8-ranks-6-files": lambda: load("ccc").initial(ranks=8, back_rank="CRSML."),
    "wheel": lambda: load("wheel").initial(),
    "wheel-3-ready": lambda: load("wheel").initial(players=3, ready=True),
    "wheel-5-ready": lambda: load("wheel").initial(players=5, ready=True),
}


def options(rng, ids):
    """A random mix of the drawing options, marks on the scene's own cells."""
    opts = {}
    if rng.random() < 0.5:
        opts["flip"] = True
    if rng.random() < 0.3:
        opts["size"] = rng.choice([200, 333, 400])
    if rng.random() < 0.3:
        opts["caption"] = False
    for key, k in (("last", 2), ("highlight", 3), ("selected", 1)):
        if rng.random() < 0.4:
            opts[key] = rng.sample(ids, k)
    if rng.random() < 0.3:
        opts["arrows"] = [rng.sample(ids, 3)]
    if rng.random() < 0.3:
        opts["marks"] = [Mark(rng.choice(["failed", "pending", "arrow"]), tuple(rng.sample(ids, 2)))]
    return opts


@pytest.mark.parametrize("key", sorted(STARTS))
def test_fast_drawing_equals_the_uncached_svgwrite_tree_on_random_random_positions(key):
    rng = random.Random(key)
    for state in random_positions(STARTS[key](), 40, seed=len(key)):
        scene = state.view()
        opts = options(rng, [c.id for c in scene.cells])
        assert render.svg(scene, **opts) == render._svg_tree(scene, **opts), (state.to_text(), opts)


def test_a_cold_cache_and_a_warm_one_draw_the_same():
    states = random_positions(load("ccc").initial(), 30, seed=7)
    warm = [s.svg() for s in states] + [s.svg(flip=True) for s in states]
    for cache in (render._frame, render._cell, render._piece_text):
        cache.cache_clear()
    cold = [s.svg() for s in states] + [s.svg(flip=True) for s in states]
    assert cold == warm


def test_caches_are_bounded():
    # Drawing more distinct cells than the cell cache holds leaves it full, never fuller.
    most = render._cell.cache_info().maxsize
    assert isinstance(most, int) and 0 < most <= 100_000
    render._cell.cache_clear()
    grid = (most + 10.0, 1.0, 0, False)
    for x in range(most + 10):
        render._cell(Cell(f"c{x}", x, 0), grid)
    assert render._cell.cache_info().currsize == most
    for cache in (render._frame, render._piece_text):
        assert 0 < cache.cache_info().maxsize <= 100_000


def frame(scene, flip=False, size=None, lines=0):
    return render._frame(render._Layout.of(scene, flip, size, lines), render.STYLE, "")


def test_the_static_layer_is_keyed_on_orientation_size_captions_and_geometry():
    ccc = load("ccc").initial().view()
    assert frame(ccc) != frame(ccc, flip=True)  # coordinates read the other way
    assert frame(ccc) != frame(ccc, size=300)  # the root's width
    assert frame(ccc) != frame(ccc, lines=2)  # the root's height
    small = load("ccc").initial(ranks=8, back_rank="CRSML.").view()
    assert frame(ccc) != frame(small)
    three = load("wheel").initial(players=3, ready=True).view()
    five = load("wheel").initial(players=5, ready=True).view()
    assert frame(three) != frame(five)
    # The same geometry from another position shares the layer.
    later = load("ccc").initial().play(RandomAgent(seed=1).choose(load("ccc").initial())).view()
    assert render._Layout.of(ccc, False, None, 0) == render._Layout.of(later, False, None, 0)


def test_a_changed_stylesheet_is_drawn_at_once(monkeypatch):
    state = load("cosmic").initial()
    before = state.svg()
    monkeypatch.setattr(render, "STYLE", render.STYLE.replace("#eee3cf", "#123456"))
    after = state.svg()
    assert "#123456" in after and "#123456" not in before
    assert after == render._svg_tree(state.view(), last=())


def test_a_cell_is_placed_by_the_grid_it_is_drawn_on():
    a1 = Cell("a1", 0, 1)
    upright, flipped = render._cell(a1, (2, 2, 18, False)), render._cell(a1, (2, 2, 18, True))
    assert upright[2] == (18, 52, 48.0, 48.0)  # left column, bottom row
    assert flipped[2] == (66, 4, 48.0, 48.0)  # right column, top row of the turned board


def test_a_piece_is_redrawn_when_anything_about_it_changes():
    cells = [Cell("a", 0, 0), Cell("b", 1, 0)]
    one = Piece(("a",), "white", (Glyph("circle"),), title="one")
    texts = {render.svg(Scene(cells, [p])) for p in (
        one, Piece(("b",), "white", (Glyph("circle"),), title="one"),
        Piece(("a",), "black", (Glyph("circle"),), title="one"),
        Piece(("a",), "white", (Glyph("circle"),), title="one", dim=True),
        Piece(("a",), "white", (Glyph("circle"),), badges=("2",), title="one"))}
    assert len(texts) == 5


def test_pieces_built_with_lists_are_drawn_too():
    cells = [Cell("a", 0, 0)]
    listed = Piece(["a"], "white", [Glyph("square")], badges=["3"])  # not hashable, so never cached
    tupled = Piece(("a",), "white", (Glyph("square"),), badges=("3",))
    assert render.svg(Scene(cells, [listed])) == render.svg(Scene(cells, [tupled]))


def test_text_is_escaped_as_xml_requires():
    cells = [Cell("a", 0, 0, text="x<y")]
    scene = Scene(cells, [Piece(("a",), "white", (Glyph("circle"),), letter="&", title='say "hi" <now>')],
                  caption=["1 < 2 & 3 > 2"])
    assert render.svg(scene) == render._svg_tree(scene)
    text = render.svg(scene)
    assert "<title>say \"hi\" &lt;now&gt;</title>" in text and ">&amp;</text>" in text and "1 &lt; 2 &amp; 3 &gt; 2" in text


def test_a_piece_in_a_box_of_whole_numbers_and_one_of_floats_is_cached_apart():
    # 211 == 211.0, so a cache keyed on the box alone gave a piece drawn at x="211" where x="211.0" was due
    # (a board drawn turned puts its pieces at floats, the same board unturned at whole numbers).
    piece = Piece(("e2",), "white", (Glyph("circle"),), badges=("3Q",))
    whole, floats = (211, 54, 48, 48), (211.0, 54.0, 48.0, 48.0)
    for box in (whole, floats):
        assert render._drawn_piece(piece, box, 12.0) == "".join(
            render._xml(*part) for part in render._piece_parts(piece, box, 12.0))
