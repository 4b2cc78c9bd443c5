"""How refusals and options name things in words: abilities, pieces, and
whatever stands on a cell."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .board import CELLS, Umbral

if TYPE_CHECKING:
    from .state import CresnovianState


@cache
def title(name: str) -> str:
    """An ability's name as players say it: ``flock-together`` -> ``Flock Together``."""
    return " ".join(w if w in ("of", "the", "all") and i else w.capitalize() for i, w in enumerate(name.split("-")))


def thing_at(s: CresnovianState, i: int) -> str:
    """What stands on cell ``i``, in words ("" when it is blank)."""
    p = s.piece_at(i)
    if p is not None:
        return f"the {p.umbration} piece ({p.code()})"
    m = s.monument_at(i)
    if m is not None:
        return f"{'an' if m[0] in 'aeiou' else 'a'} {m} monument"
    if s.word and s.word[0] == i:
        return f"the word {s.word[1]!r}"
    return ""


def short_name(s: CresnovianState, i: int) -> str:
    """The piece or monument on ``i`` in a word or two: ``Cosmos``, ``Duality monument``."""
    p = s.piece_at(i)
    if p is not None:
        return p.umbration.capitalize()
    return f"{(s.monument_at(i) or '').capitalize()} monument"


def piece_name(p: Umbral) -> str:
    """A piece and where it stands: ``the cosmos piece on B2``."""
    return f"the {p.umbration} piece on {CELLS[p.cell]}"
