"""Entering actions: by steps (merges blank by blank) and by text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core import Action, IllegalAction, NotationError, StateMixin, Step, StepOptions, checked_action
from .board import (
    ACCEPT,
    CELL_STEPS,
    CELLS,
    COSTS,
    INDEX,
    MERGE_SIZES,
    MOVE_RULES,
    NAMES,
    NEIGHBOURS,
    OWN,
    RANKS,
    WORDS,
    _owner,
    _plain,
    _word_list,
)
from .merges import _merge_action, _merge_order


class StepEntry(StateMixin):
    """The step and text entry of a Kelasu position (mixed into
    :class:`~playbook.games.kelasu.state.KelasuState`)."""

    board: str
    side: str
    acted: frozenset

    if TYPE_CHECKING:  # what the entry asks of the position, defined in state.py

        def piece_actions(self, i: int) -> list[Action]: ...

        def _mergeable(self) -> frozenset: ...

        def _components(self, cells: frozenset) -> list[frozenset]: ...

        def _talk(self) -> list[Action]: ...

    # ---- step entry: merges are entered blank by blank

    def next_steps(self, prefix=()) -> StepOptions:
        """What may follow ``prefix``: a piece's cell then its target, a merge
        blank by blank, or a word to the opponent."""
        prefix = tuple(prefix)
        self._refuse_if_over()
        if not prefix:
            own = OWN[self.side]
            mergeable = self._mergeable()
            starts = [CELL_STEPS[i] for i, c in enumerate(self.board) if c in own and (
                self.piece_actions(i) or (i in mergeable and any(j in mergeable for j in NEIGHBOURS[i])))]
            return StepOptions(tuple(starts) + tuple(a.steps[0] for a in self._talk()), False)
        first = prefix[0]
        if first.kind == "choice":
            talk = self._talk_word(first.value)
            if len(prefix) > 1:
                raise IllegalAction(f"nothing follows {talk.text!r}: it is a whole action")
            return StepOptions((), True)
        if first.kind != "cell":
            raise IllegalAction("a Kelasu action starts with a click on a cell or one of the words "
                                f"{_word_list()}, not with typed text ({first.value!r})")
        cells = self._cells_of(prefix)
        i = cells[0]
        moves = {a.steps[1]: a for a in self.piece_actions(i)}
        if len(prefix) == 1:
            joins = self._joins((i,)) if i in self._mergeable() else []
            if not moves and not joins:
                raise IllegalAction(f"{CELLS[i]} has no action: {self._why_not(i)}")
            return StepOptions(tuple(moves) + tuple(CELL_STEPS[j] for j in joins), False)
        if len(prefix) == 2 and prefix[1] in moves:
            return StepOptions((), True)
        return self._merge_steps(prefix)

    def _cells_of(self, prefix) -> list[int]:
        out = []
        for step in prefix:
            if step.kind == "cell":
                if step.value not in INDEX:
                    raise IllegalAction(f"there is no cell {step.value!r} on a Kelasu board")
                out.append(INDEX[step.value])
        return out

    def _joins(self, group: tuple[int, ...]) -> list[int]:
        """Blanks that may join ``group`` and still leave a mergeable group."""
        mergeable = self._mergeable()
        part = next(p for p in self._components(mergeable) if group[0] in p)
        if len(group) + 1 > max((s for s in MERGE_SIZES if s <= len(part)), default=0):
            return []
        members = set(group)
        return sorted({j for g in group for j in NEIGHBOURS[g] if j in mergeable and j not in members})

    def _merge_steps(self, prefix) -> StepOptions:
        group: list[int] = []
        k = 0
        while k < len(prefix) and prefix[k].kind == "cell":
            i = INDEX.get(prefix[k].value)
            if (
                i is None
                or (group and i not in self._joins(tuple(group)))
                or (not group and i not in self._mergeable())
            ):
                raise IllegalAction(f"{prefix[k].value} cannot join this merge", rule="merging")
            group.append(i)
            k += 1
        size = len(group)
        if k == len(prefix):
            kinds = [kind for kind, cost in COSTS.items() if cost == size]
            options = tuple(CELL_STEPS[j] for j in self._joins(tuple(group)))
            options += tuple(Step.choice(kind, f"{NAMES[kind].capitalize()} ({COSTS[kind]})") for kind in kinds)
            if not options:
                raise IllegalAction("these blanks cannot grow into a merge", rule="merging")
            return StepOptions(options, False)
        choice = prefix[k]
        if choice.kind != "choice" or COSTS.get(choice.value) != size:
            raise IllegalAction(f"{size} blanks cannot merge into {choice.value!r}", rule="merge costs")
        if k + 1 == len(prefix):
            return StepOptions(tuple(CELL_STEPS[g] for g in sorted(group)), False)
        if k + 2 == len(prefix) and prefix[k + 1].kind == "cell" and INDEX.get(prefix[k + 1].value) in group:
            return StepOptions((), True)
        raise IllegalAction("the new piece stands on one of the merged blanks", rule="merging")

    def action_from_steps(self, steps) -> Action:
        """The action the whole entry ``steps`` makes."""
        steps = tuple(steps)
        if not self.next_steps(steps).complete:
            raise IllegalAction("these steps do not make a whole action yet")
        if steps[0].kind == "choice":
            return next(a for a in self._talk() if a.steps == steps)
        if len(steps) == 2 and steps[1].kind == "cell":
            return _plain(INDEX[steps[0].value], INDEX[steps[1].value])
        blanks = tuple(sorted(INDEX[s.value] for s in steps[:-2]))
        return _merge_action(steps[-2].value, INDEX[steps[-1].value], blanks)

    def parse_action(self, text: str) -> Action:
        """The action written ``text``, refused with the rule that forbids it."""
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, not {type(text).__name__}")
        checked_action(text)
        self._refuse_if_over()
        text = text.strip()
        if text in WORDS:
            return self._talk_word(text)
        if "@" not in text and text[:1].isalpha() and not _CELL_RE.match(text):
            word = re.split(r"[^\w-]", text, maxsplit=1)[0]
            if word in WORDS:
                raise NotationError(f"nothing may follow {word!r}", text, len(word))
            raise NotationError(f"unknown word {word!r}: the words Kelasu knows are {_word_list()}", text, 0)
        if "@" in text:
            kind, at, blanks = _read_merge(text)
            steps = tuple(CELL_STEPS[b] for b in _merge_order(blanks)) + (Step.choice(kind), CELL_STEPS[at])
            self._check_merge(kind, at, blanks)
            return self.action_from_steps(steps)
        i, j = _read_move(text)
        action = _plain(i, j)
        if action not in self.piece_actions(i):
            self._explain_move(i, j, text)
        return action

    def _talk_word(self, word: str) -> Action:
        """The action of the word ``word`` (resign, offer-draw, accept-draw)
        if it is legal now; otherwise say why not."""
        talk = WORDS.get(word)
        if talk is None:
            raise IllegalAction(f"unknown word {word!r}: the words Kelasu knows are {_word_list()}")
        if talk in self._talk():
            return talk
        if talk is ACCEPT:
            raise IllegalAction("no draw offer from the opponent stands", rule="draw by agreement")
        raise IllegalAction("a draw offer already stands", rule="draw by agreement")

    def _check_merge(self, kind, at, blanks):
        mergeable = self._mergeable()
        for b in blanks:
            if b not in mergeable:
                piece = self.board[b]
                if piece.upper() != "B" or _owner(piece) != self.side:
                    raise IllegalAction(f"{CELLS[b]} holds no {self.side} blank", rule="merging")
                if b in self.acted:
                    raise IllegalAction(f"the blank on {CELLS[b]} moved this turn and cannot merge", rule="merging")
                raise IllegalAction(
                    f"{CELLS[b]} is on {self.side}'s home ranks, where blanks cannot merge", rule="merging"
                )
        if len(self._components(frozenset(blanks))) != 1:
            raise IllegalAction("the blanks of a merge must form one orthogonally connected group", rule="merging")
        if COSTS[kind] != len(blanks):
            raise IllegalAction(f"a {NAMES[kind]} costs {COSTS[kind]} blanks, not {len(blanks)}", rule="merge costs")
        if at not in blanks:
            raise IllegalAction("the new piece stands on one of the merged blanks", rule="merging")

    def _why_not(self, i: int) -> str:
        piece = self.board[i]
        if piece == ".":
            return "it is empty"
        if _owner(piece) != self.side:
            return f"it holds a {_owner(piece)} piece and {self.side} is to move"
        if i in self.acted:
            return "that piece already acted this turn"
        if piece.upper() == "S":
            return "stones never move"
        return "that piece has no move there"

    def _explain_move(self, i: int, j: int, text: str) -> None:
        piece = self.board[i]
        if piece == "." or _owner(piece) != self.side or i in self.acted or piece.upper() == "S":
            raise IllegalAction(f"{CELLS[i]} cannot act: {self._why_not(i)}", rule="who may act")
        kind = NAMES[piece.upper()]
        raise IllegalAction(
            f"the {kind} on {CELLS[i]} cannot play {text}: {MOVE_RULES[piece.upper()]}", rule=f"{kind} moves"
        )


_CELL_RE = re.compile(r"[A-J][0-9]")


def _read_cell(text: str, pos: int) -> int:
    piece = text[pos:pos + 2]
    if not _CELL_RE.fullmatch(piece):
        bad = pos if not piece[:1] or piece[0] not in RANKS else pos + 1
        raise NotationError("expected a cell from A0 to J9", text, min(bad, max(0, len(text) - 1)))
    return INDEX[piece]


def _read_move(text: str) -> tuple[int, int]:
    if not text:
        raise NotationError("an empty action")
    i = _read_cell(text, 0)
    if text[2:3] != "-":
        raise NotationError("expected '-' between the two cells of a piece action", text, min(2, len(text) - 1))
    j = _read_cell(text, 3)
    if len(text) > 5:
        raise NotationError("nothing may follow the target cell", text, 5)
    return i, j


def _read_merge(text: str) -> tuple[str, int, tuple[int, ...]]:
    if text[0] not in COSTS:
        raise NotationError("a merge starts with the new piece's letter: W R D C G or S", text, 0)
    if text[1:2] != "@":
        raise NotationError("expected '@' after the piece letter", text, 1)
    at = _read_cell(text, 2)
    if text[4:5] != ":":
        raise NotationError("expected ':' before the list of blanks", text, min(4, len(text) - 1))
    blanks, pos = [], 5
    while True:
        blanks.append(_read_cell(text, pos))
        pos += 2
        if pos == len(text):
            break
        if text[pos] != ",":
            raise NotationError("expected ',' between blanks", text, pos)
        pos += 1
    if blanks != sorted(blanks) or len(set(blanks)) != len(blanks):
        raise NotationError("list the blanks once each, in ascending order", text, 5)
    return text[0], at, tuple(blanks)


