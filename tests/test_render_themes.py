"""Boards in light and dark pages: the colours every board shares have a
light and a dark tone; the light ones are the colours boards always had;
the dark ones are deeper (no glare) and keep cell text readable; both a
dark JupyterLab theme and a dark system colour scheme select them.  That
each game brings light and dark colours for its own zones is checked on
every game by playbook.checks (own_zones_have_light_and_dark_colours)."""

import re
from pathlib import Path

import pytest

from playbook import available, load, render
from playbook.analysis import RandomAgent
from playbook.checks.drawing import contrast, luminance


def scenes():
    """Every installed game's scene at the start and a dozen random actions in
    (past any set-up: boards made, pieces placed)."""
    for name in available():
        start = load(name).initial()
        yield start.view()
        yield RandomAgent(seed=1).play(start, 12).view()


#: The zones games bring in their scenes, as :class:`~playbook.render.Zone` values.
ZONES = {render.Zone(*zone) for scene in scenes() for zone in scene.zones}
THEMED = {sel: (light, dark) for sel, prop, light, dark in render.THEMED}
PROPERTY = {sel: prop for sel, prop, _, _ in render.THEMED}
BOARD_CSS = (Path(__file__).parents[1] / "widgets" / "board.css").read_text()


def zones_drawn() -> set[str]:
    zones = set()
    for scene in scenes():
        zones |= {c.zone for c in scene.cells} | {a.zone for a in scene.areas}
    return zones


def test_light_pages_keep_the_colours_boards_always_had():
    for name, rules in (("cosmic", (".pb-zone-light { fill: #eee3cf; }", ".pb-zone-dark { fill: #b58f6a; }")),
                        ("cresnovian", (".pb-zone-kingdom-a { fill: #d8d6f0; }", ".pb-zone-world { fill: #d9ecd4; }",
                                        ".pb-celltext { fill: #333333; }")),
                        ("kelasu", (".pb-zone-victory { fill: #9fd3c7; }",))):
        style = load(name).initial().view().style()
        for rule in rules:
            assert rule in style


@pytest.mark.parametrize("selector", [s for s in THEMED if s.startswith(".pb-zone")])
def test_the_shared_dark_cells_are_deeper_and_do_not_glare(selector):
    light, dark = THEMED[selector]
    assert luminance(dark) < luminance(light) / 2
    assert luminance(dark) < 0.3
    # Cell text (a Cresnovian word, a shared cell's name) stays readable on it.
    assert contrast(dark, THEMED[".pb-celltext"][1]) >= 3
    assert contrast(light, THEMED[".pb-celltext"][0]) >= 3


def test_a_dark_jupyterlab_theme_and_a_dark_system_scheme_both_pick_the_dark_tones():
    style = render.STYLE
    media = re.search(r"@media \(prefers-color-scheme: dark\) \{\n(.*?)\n\}", style, re.S).group(1)
    for selector, (light, dark) in THEMED.items():
        prop = PROPERTY[selector]
        # A picture follows the scheme the page gives it, unless a light JupyterLab theme says otherwise ...
        assert f'.pb-board:not([data-jp-theme-light="true"] *) {selector} {{ {prop}: {dark}; }}' in media
        # ... and a board drawn in a dark JupyterLab page is dark whatever the system prefers.
        assert f'[data-jp-theme-light="false"] {selector} {{ {prop}: {dark}; }}' in style


def blend(colour: str, opacity: float, under: str) -> str:
    """``colour`` at ``opacity`` over ``under``, as ``#rrggbb``."""
    top, bottom = ([int(c[k:k + 2], 16) for k in (1, 3, 5)] for c in (colour, under))
    return "#" + "".join(f"{round(opacity * t + (1 - opacity) * b):02x}" for t, b in zip(top, bottom))


def css_rule(css: str, selector: str) -> dict[str, str]:
    """The declarations of the rule for exactly ``selector`` in ``css``."""
    body = re.search(re.escape(selector) + r" \{([^}]*)\}", css).group(1)
    return dict(re.findall(r"([\w-]+):\s*([^;]+);", body))


@pytest.mark.parametrize("target, paint", [(".pb-hl-dot", "fill"), (".pb-hl-ring", "stroke")])
def test_dark_theme_targets_stand_out_3_to_1_against_both_square_colours(target, paint):
    rule = css_rule(BOARD_CSS, f'[data-jp-theme-light="false"] {target}')
    colour, opacity = rule[paint], float(rule[f"{paint}-opacity"])
    for square in (".pb-zone-light", ".pb-zone-dark"):
        under = THEMED[square][1]
        assert contrast(blend(colour, opacity, under), under) >= 3, (target, square)


def test_static_targets_in_the_dark_stand_out_3_to_1_against_both_square_colours():
    ring = THEMED[".pb-mark-target"][1]
    assert re.search(r"\.pb-mark-target \{[^}]*stroke-opacity: 0\.85", render.STYLE)
    for square in (".pb-zone-light", ".pb-zone-dark"):
        under = THEMED[square][1]
        assert contrast(blend(ring, 0.85, under), under) >= 3


#: The zones render.py colours for every board: a chequered board's squares and an unmarked cell.
SHARED_ZONES = {"light", "dark", "plain"}


def test_render_names_no_zone_of_any_game():
    # Every zone a game draws beyond the shared ones is coloured by that game's scene, not by render.py.
    source = Path(render.__file__).read_text()
    own = (zones_drawn() | {zone.name for zone in ZONES}) - SHARED_ZONES
    assert {"victory", "world", "kingdom-a", "shared", "strip", "side"} <= own
    for zone in own:
        assert f"pb-zone-{zone}" not in source and f'"{zone}"' not in source, zone
        assert f".pb-zone-{zone} " not in render.STYLE, zone
    assert {sel[len(".pb-zone-"):] for sel, *_ in render.THEMED if sel.startswith(".pb-zone-")} == SHARED_ZONES
