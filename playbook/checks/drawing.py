"""Checks of a game's drawing: valid SVG with one clickable cell a cell,
colours for light and dark pages, readable labels, pieces in their seats'
colours."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .. import render
from ..core import Game, State
from .registry import Session, check

__all__: list[str] = []

#: The zones the renderer colours for every board: a chequered board's squares and an unmarked cell.
SHARED_ZONES = {"light", "dark", "plain"}


def drawn_positions(game: Game, session: Session) -> list[State]:
    """The positions whose drawings are checked: the start and a dozen
    positions spread over each of the first two random games."""
    return [game.initial()] + [s for played in session.random_games(game)[:2]
                               for s in played.states[1::max(1, len(played.states) // 12)]]


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``#rrggbb`` colours."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@check("the board draws as valid SVG with exactly one clickable cell (data-cell) for each cell of its scene")
def every_cell_is_drawn_clickable_once(game: Game, session: Session) -> None:
    for state in drawn_positions(game, session):
        scene = state.view()
        root = ET.fromstring(state.svg())
        ids = [e.get("data-cell", "") for e in root.iter() if e.get("data-cell")]
        assert len(set(ids)) == len(ids), f"a cell is drawn twice in {state.to_text()!r}"
        assert sorted(ids) == sorted(c.id for c in scene.cells), \
            f"the clickable cells are not the scene's cells in {state.to_text()!r}"
        assert all(set(p.cells) <= set(ids) for p in scene.pieces), f"a piece stands off the cells: {state.to_text()!r}"


@check("every zone the board fills beyond the shared ones (light, dark, plain) is carried by its scene with a light "
       "and a dark colour, the dark one deeper (no glare) and both readable under cell text")
def own_zones_have_light_and_dark_colours(game: Game, session: Session) -> None:
    text = {sel: (light, dark) for sel, _, light, dark in render.THEMED}[".pb-celltext"]
    for state in drawn_positions(game, session):
        scene = state.view()
        carried = {zone.name: zone for zone in scene.zones}
        drawn = {c.zone for c in scene.cells} | {a.zone for a in scene.areas}
        missing = drawn - SHARED_ZONES - set(carried)
        assert not missing, f"the zones {sorted(missing)} are drawn with no colours in the scene ({state.to_text()!r})"
        for zone in carried.values():
            if not zone.light:
                continue  # a zone that takes the page's own colour
            assert zone.dark, f"the zone {zone.name!r} has no colour for dark pages"
            assert luminance(zone.dark) < luminance(zone.light) / 2 and luminance(zone.dark) < 0.3, \
                f"the zone {zone.name!r} is not deep enough on dark pages ({zone.dark} after {zone.light})"
            assert contrast(zone.dark, text[1]) >= 3 and contrast(zone.light, text[0]) >= 3, \
                f"cell text does not read on the zone {zone.name!r}"


@check("the drawing carries the themed stylesheet: dark colours on dark pages, its own zones' too")
def drawing_follows_the_theme(game: Game, session: Session) -> None:
    state = game.initial()
    drawn = state.svg()
    assert "@media (prefers-color-scheme: dark)" in drawn, "the drawing has no dark colours"
    for zone in state.view().zones:
        if zone.light:
            assert f".pb-zone-{zone.name} {{ fill: {zone.light}; }}" in drawn and f"fill: {zone.dark};" in drawn, \
                f"the zone {zone.name!r} is not in the drawing's stylesheet"


@check("every piece is drawn in a colour the descriptor gives a seat (Descriptor.colours), its letter printed "
       "inside its first shape")
def pieces_are_drawn_in_their_seats_colours(game: Game, session: Session) -> None:
    colours = set(game.descriptor.colours)
    for state in drawn_positions(game, session):
        for piece in state.view().pieces:
            assert piece.color or piece.owner in colours, \
                f"a piece on {piece.cells} is drawn in {piece.owner!r}, no seat's colour ({sorted(colours)})"
            if piece.letter and piece.glyphs:
                glyph = piece.glyphs[0]
                # The letter is printed 0.08 of the box below the centre: it must fall well inside the shape.
                assert abs(glyph.dx) <= glyph.size / 4 and abs(glyph.dy - 0.08) <= glyph.size / 4, \
                    f"the letter {piece.letter!r} on {piece.cells} is printed outside its shape"
