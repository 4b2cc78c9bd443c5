"""Listing a Kelasu position's legal actions: each piece's actions along
its rays, the merges of the mover's blanks (made group by group as they
are asked for), and the words."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from functools import cached_property

from ...core import MOST_LISTED, Action, TooManyActions
from .board import ACCEPT, CAPTURE, MOVE, MOVES, NEIGHBOURS, OFFER, OWN, RESIGN, SLIDE, _bits, _parts, _spread
from .merges import _PART_MERGES, PART_CACHE_CELLS, _connected_subsets, _merges_of, _merges_of_part, merge_count


def _blank_table(blank: str) -> bytes:
    """A table for ``bytes.translate`` that writes ``blank`` as 1 and every
    other letter of a board as 0."""
    letters = ".BWRDCGSbwrdcgs"
    return bytes.maketrans(letters.encode(), "".join("1" if c == blank else "0" for c in letters).encode())


#: Per side: the table writing its blanks as 1, and the cells where its
#: blanks may merge (all but its own first two ranks) as a bit mask.
_BLANK_BITS = {"blue": (_blank_table("B"), sum(1 << i for i in range(20, 100))),
               "red": (_blank_table("b"), sum(1 << i for i in range(0, 80)))}



def _slide(board: str, own: frozenset, ray: tuple, out: list[Action]) -> None:
    """Add ``ray``'s actions up to the first piece, that piece's cell
    included when it is an enemy's."""
    for j, action in ray:
        target = board[j]
        if target == ".":
            out.append(action)
            continue
        if target not in own:
            out.append(action)
        break


class ActionLists:
    """The legal actions of a Kelasu position (mixed into
    :class:`~playbook.games.kelasu.state.KelasuState`)."""

    board: str
    side: str
    acted: frozenset
    offer: str
    ended: str

    def piece_actions(self, i: int) -> list[Action]:
        """The actions of the piece on cell ``i`` (none if it is not the
        mover's or already acted)."""
        piece = self.board[i]
        if piece not in OWN[self.side] or i in self.acted:
            return []
        out: list[Action] = []
        self._add_piece_actions(MOVES[piece][i], out)
        return out

    def _add_piece_actions(self, rays: tuple, out: list[Action]) -> None:
        board = self.board
        own = OWN[self.side]
        for mode, ray in rays:
            if mode == SLIDE:
                _slide(board, own, ray, out)
            elif mode == MOVE:
                for j, action in ray:
                    if board[j] != ".":
                        break
                    out.append(action)
            elif mode == CAPTURE:
                target = board[ray[0][0]]
                if target != "." and target not in own:
                    out.append(ray[0][1])
            elif board[ray[0][0]] == ".":  # RUN: the first cell only moves
                out.append(ray[0][1])
                _slide(board, own, ray[1:], out)

    @property
    def _mergeable_mask(self) -> int:
        """The mover's blanks that may take part in a merge, as a bit mask
        (quick to find, so found each time)."""
        table, zone = _BLANK_BITS[self.side]
        mask = int(self.board.encode().translate(table)[::-1], 2) & zone
        for i in self.acted:
            mask &= ~(1 << i)
        return mask

    def _mergeable(self) -> frozenset:
        """The mover's blanks that may take part in a merge."""
        return frozenset(_bits(self._mergeable_mask))

    def _components(self, cells: frozenset) -> list[frozenset]:
        seen, parts = set(), []
        for start in cells:
            if start in seen:
                continue
            part, stack = {start}, [start]
            while stack:
                for j in NEIGHBOURS[stack.pop()]:
                    if j in cells and j not in part:
                        part.add(j)
                        stack.append(j)
            seen |= part
            parts.append(frozenset(part))
        return parts

    def _piece_moves(self) -> list[Action]:
        out: list[Action] = []
        own, acted, add = OWN[self.side], self.acted, self._add_piece_actions
        for i, c in enumerate(self.board):
            if c in own and i not in acted:
                add(MOVES[c][i], out)
        return out

    def _merges(self) -> list[Action]:
        out: list[Action] = []
        parts = [p for p in _parts(self._mergeable_mask) if p & (p - 1)]  # two blanks or more
        # A wide field makes hundreds of thousands of actions at once, none
        # of them garbage: the cycle collector only slows that down.
        pause = gc.isenabled() and any(bin(p).count("1") > PART_CACHE_CELLS for p in parts)
        if pause:
            gc.disable()
        try:
            for part in parts:
                out.extend(_merges_of_part(part))
        finally:
            if pause:
                gc.enable()
        return out

    def iter_actions(self) -> Iterator[Action]:
        """The legal actions in the order of :meth:`legal_actions`, made one
        at a time: merges are made group by group of blanks as they are
        asked for, so taking the first few of a field of 25 blanks (over
        600,000 merges) is quick."""
        if self.ended:
            return
        if "_listed" in self.__dict__:  # the whole list is made already
            yield from self._listed
            return
        yield from self._piece_moves()
        for part in _parts(self._mergeable_mask):
            if not part & (part - 1):
                continue
            cached_part = _PART_MERGES.get(part)
            if cached_part is not None:
                yield from cached_part
                continue
            out: list[Action] = []
            for group in _connected_subsets(part):
                _merges_of(group, out)
                yield from out
                out.clear()
        yield from self._talk()

    def legal_actions(self) -> list[Action]:
        """Every legal action: piece actions by cell, then merges, then the
        words (resign, and offer-draw or accept-draw).  A field of blanks
        wide enough to make more than :data:`~playbook.core.MOST_LISTED`
        actions raises :class:`~playbook.core.TooManyActions` at once,
        counting them without making them: :meth:`iter_actions` makes such
        a position's actions one at a time, and the board, the engines and
        the random player enter them by steps."""
        if self.ended:
            return []
        if "_listed" not in self.__dict__:
            self._refuse_a_huge_list()
        return list(self._listed)

    def _refuse_a_huge_list(self) -> None:
        """Raise :class:`~playbook.core.TooManyActions` when the merges alone would pass the bound."""
        left = MOST_LISTED
        for part in _parts(self._mergeable_mask):
            if not part & (part - 1):
                continue
            count = merge_count(part, left)
            if count is None:
                raise TooManyActions(
                    f"this position has too many actions to list: {self.side}'s {bin(part).count('1')} connected "
                    f"blanks make more than {MOST_LISTED:,} merges (or more ways of leaving blanks out of a stone "
                    "than that to search). iter_actions() makes them one at a time; next_steps() enters one "
                    "step by step, as the board and the engines do")
            left -= count

    @cached_property
    def _listed(self) -> list[Action]:
        """Every legal action of a running game, made once (see :meth:`legal_actions`)."""
        found = self._piece_moves()
        found += self._merges()  # extended in place: a wide field has hundreds of thousands
        found += self._talk()
        return found

    def _talk(self) -> list[Action]:
        out = [RESIGN]
        if self.offer == "":
            out.append(OFFER)
        elif self.offer != self.side:
            out.append(ACCEPT)
        return out

    def has_piece_action(self) -> bool:
        """Whether the mover has any piece action or merge left."""
        mergeable = self._mergeable_mask
        if _spread(mergeable) & mergeable:
            return True
        own, acted, add = OWN[self.side], self.acted, self._add_piece_actions
        out: list[Action] = []
        for i, c in enumerate(self.board):
            if c in own and i not in acted:
                add(MOVES[c][i], out)
                if out:
                    return True
        return False
