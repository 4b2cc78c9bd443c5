"""Merges: the connected groups of blanks, every merge of a group, the
order a person clicks the blanks in, and the kept lists of small groups."""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import combinations

from ...core import Action, Step
from .board import CELL_STEPS, CELLS, COSTS, NAMES, _bits, _parts, _spread

CHOICES = {kind: Step.choice(kind, f"{NAMES[kind].capitalize()} ({cost})") for kind, cost in COSTS.items()}
KINDS_OF_SIZE = {size: tuple(k for k, cost in COSTS.items() if cost == size) for size in set(COSTS.values())}


def _merge_action(kind: str, at: int, blanks: tuple[int, ...]) -> Action:
    text = f"{kind}@{CELLS[at]}:" + ",".join(CELLS[b] for b in blanks)
    # The blanks are clicked in an order where each touches those before it.
    steps = tuple(CELL_STEPS[b] for b in _merge_order(blanks)) + (CHOICES[kind], CELL_STEPS[at])
    return Action(text, steps, ("merge", kind, at, blanks))


def _merges_of(group: int, out: list) -> None:
    """Append every merge of the blanks ``group`` (a bit mask) to ``out``."""
    cells = tuple(_bits(group))
    names = ",".join([CELLS[c] for c in cells])
    clicks = tuple([CELL_STEPS[c] for c in _merge_order(cells)])
    for kind in KINDS_OF_SIZE[len(cells)]:
        choice = CHOICES[kind]
        head = kind + "@"
        for at in cells:
            out.append(
                Action(f"{head}{CELLS[at]}:{names}", clicks + (choice, CELL_STEPS[at]), ("merge", kind, at, cells))
            )


def _connected_subsets(part: int) -> Iterator[int]:
    """Every orthogonally connected subset of the connected group ``part``
    (a bit mask) whose size is a merge cost, each exactly once, as masks,
    made as they are asked for.  Sizes up to 10 are grown from their lowest
    cell, adding only cells that border the newest cell and none of the
    cells before it (the ESU enumeration); 21 cells are the group less a few
    cells that leave it connected."""
    n = bin(part).count("1")
    largest = min(n, SMALL_LARGEST)
    near_of = {c: _spread(1 << c) & part for c in _bits(part)}

    def grow(group: int, size: int, closed: int, extension: int, above: int) -> Iterator[int]:
        size += 1
        while extension:
            low = extension & -extension
            extension ^= low
            bigger = group | low
            if size in COST_SIZES:
                yield bigger
            if size < largest:
                near = near_of[low.bit_length() - 1]
                yield from grow(bigger, size, closed | near, extension | (near & ~closed & above), above)

    if largest >= 2:
        for root in _bits(part):
            above = part & ~((2 << root) - 1)
            near = near_of[root]
            yield from grow(1 << root, 1, near | (1 << root), near & above, above)
    if n >= COSTS["S"]:
        cells = _bits(part)
        for left_out in combinations(cells, n - COSTS["S"]):
            rest = part
            for c in left_out:
                rest &= ~(1 << c)
            if _parts(rest) == [rest]:
                yield rest


SMALL_LARGEST = max(c for c in COSTS.values() if c < COSTS["S"])

# The merges of a group of blanks depend on the group alone (not on the
# side), and groups persist from position to position: keep the lists of
# small groups.
_PART_MERGES: dict[int, tuple[Action, ...]] = {}
PART_CACHE_LIMIT = 20_000  # groups kept
PART_CACHE_CELLS = 12  # only groups this small (their lists stay short)


def merge_count(part: int, most: int) -> int | None:
    """How many merges the connected group of blanks ``part`` (a bit mask)
    makes, counted without making them; None once the count passes
    ``most``, or when the search for its 21-blank groups alone would walk
    more than ``most`` ways of leaving blanks out (a group of 36 blanks:
    over five billion), which no list should wait for."""
    cached = _PART_MERGES.get(part)
    if cached is not None:
        return len(cached) if len(cached) <= most else None
    n = bin(part).count("1")
    if n >= COSTS["S"] and math.comb(n, n - COSTS["S"]) > most:
        return None
    count = 0
    for group in _connected_subsets(part):
        size = bin(group).count("1")
        count += len(KINDS_OF_SIZE[size]) * size  # each kind of that cost, on any of its cells
        if count > most:
            return None
    return count


def _merges_of_part(part: int) -> tuple[Action, ...] | list[Action]:
    """Every merge of the connected group of blanks ``part`` (a bit mask)."""
    cached = _PART_MERGES.get(part)
    if cached is not None:
        return cached
    out: list[Action] = []
    for group in _connected_subsets(part):
        _merges_of(group, out)
    if bin(part).count("1") <= PART_CACHE_CELLS:
        if len(_PART_MERGES) >= PART_CACHE_LIMIT:
            _PART_MERGES.clear()
        _PART_MERGES[part] = tuple(out)
    return out
COST_SIZES = frozenset(COSTS.values())


def _merge_order(blanks: tuple[int, ...]) -> tuple[int, ...]:
    """The blanks in an order a person could click them: each one is the
    lowest cell that borders the group clicked so far."""
    rest = 0
    for b in blanks:
        rest |= 1 << b
    first = min(blanks)
    order, clicked = [first], 1 << first
    rest &= ~clicked
    while rest:
        near = _spread(clicked) & rest
        low = (near or rest) & -(near or rest)  # not connected: the merge check will say so
        order.append(low.bit_length() - 1)
        clicked |= low
        rest ^= low
    return tuple(order)


