"""Counts in words, as the summaries print them: "1 draw", "2 draws"."""

from __future__ import annotations

__all__ = ["plural", "counted"]


def plural(word: str, n: int) -> str:
    """``word`` for ``n`` of them (1 move, 2 moves; 1 inaccuracy, 2 inaccuracies).

    >>> plural("draw", 1), plural("draw", 0), plural("inaccuracy", 2)
    ('draw', 'draws', 'inaccuracies')
    """
    if n == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


def counted(n: int, word: str) -> str:
    """``n`` and ``word`` in the number it takes: ``"1 draw"``, ``"3 games"``."""
    return f"{n} {plural(word, n)}"
