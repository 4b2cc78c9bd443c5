"""What every ability has: its entry step by step with the reason for each
refusal, its effect, and how its listed actions are numbered.  Each
ability is a subclass of :class:`Ability`, registered by its name in
:data:`ABILITIES` when its class is made."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from ....core import Action, IllegalAction, Step, StepOptions
from ..board import CELLS, INDEX, UMBRATIONS, Umbral
from ..phrases import piece_name, thing_at, title
from .world import Board, World

if TYPE_CHECKING:
    from ..state import CresnovianState

#: A performance's parameters as an action keeps them: (kind, value) per step.
Plan = tuple[tuple[str, str], ...]
#: Makes the listed action numbered ``k`` (when not made yet) in a row of actions.
Fill = Callable[[int], Action]

#: Every ability by its name: filled as each ability's class is made.
ABILITIES: dict[str, type[Ability]] = {}


# How listed parameters are numbered in a row of actions (see Ability.shape).

def one_cell(k: int) -> Plan:
    """Parameter number ``k``: the cell ``k``."""
    return (("cell", CELLS[k]),)


def cell_and_amount(k: int) -> Plan:
    """Parameter number ``k``: a cell and an amount 1 to 3 (three per cell)."""
    return ("cell", CELLS[k // 3]), ("choice", str(k % 3 + 1))


def two_cells(k: int) -> Plan:
    """Parameter number ``k``: a cell (``k // 27``) and a second cell (``k % 27``)."""
    return ("cell", CELLS[k // 27]), ("cell", CELLS[k % 27])


def cell_and_monument(k: int) -> Plan:
    """Parameter number ``k``: a cell and an umbration or ``destroy`` (ten per cell)."""
    return ("cell", CELLS[k // 10]), ("choice", UMBRATIONS[k % 10] if k % 10 < 9 else "destroy")


def nothing(k: int) -> Plan:
    """An ability without parameters."""
    return ()


class Ability:
    """One ability's parameter entry.  ``performer`` pays and is measured
    from; ``source`` owns the ability (they differ when Caprice dances
    another piece's basic ability).  A subclass gives its ``name``,
    :meth:`options`, :meth:`carry_out`, and either a ``shape`` and
    :meth:`listed` or, if its choices explode, ``open_ended`` and
    :meth:`open_possible`."""

    #: The ability's name in action text (``teleport``).
    name: ClassVar[str] = ""
    #: Whether the ability's choices explode, so that it is entered by steps and not listed.
    open_ended: ClassVar[bool] = False
    #: How its listed actions are numbered: (row size, number -> plan).
    shape: ClassVar[tuple[int, Callable[[int], Plan]]] = (1, nothing)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.name:
            ABILITIES[cls.name] = cls

    def __init__(self, state: CresnovianState, performer: Umbral, source: Umbral, steps: Sequence[Step]):
        self.s = state
        self.performer = performer
        self.source = source
        self.steps: tuple[Step, ...] = tuple(steps)
        self.rule = self.name.replace("-", " ")
        self.title = title(self.name)

    # ---- what each ability gives

    def options(self) -> StepOptions:
        """What may follow the steps given so far; raises IllegalAction,
        naming the rule, at the first step no legal entry allows."""
        return self._done(0)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        """Change ``world`` as the ability does, performed by ``performer``
        with the parameters ``steps`` (known to be legal)."""
        raise NotImplementedError

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        """The legal actions of the ability performed by ``me`` (Caprice
        when danced), taken out of ``row`` (numbered as in ``shape``; ``fill``
        makes one not made yet)."""
        return [row[0] or fill(0)]

    @classmethod
    def open_possible(cls, board: Board, me: Umbral) -> bool:
        """Whether an open-ended ability performed by ``me`` is possible:
        it is not listed, but matters for the start of an entry (and so for
        passing)."""
        raise NotImplementedError

    @classmethod
    def listed_plans(cls, s: CresnovianState, me: Umbral) -> list[Plan]:
        """The few entries of an open-ended ability performed by ``me`` that
        ``legal_actions`` lists all the same (none unless the ability says
        otherwise), as plans."""
        return []

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The parameters as text, and the canonical steps."""
        return " ".join(x.value for x in self.steps), self.steps

    def plan(self) -> Plan:
        """Hashable parameters for carrying the ability out."""
        return tuple((x.kind, x.value) for x in self.steps)

    # ---- whether it can be completed

    def problem(self, budget: int = 400) -> str:
        """Why no complete entry follows these steps ("" if one does): a
        depth-first search that stops at the first complete entry, so that no
        offered step leads nowhere."""
        reason = ""
        stack = [self.steps]
        while stack and budget > 0:
            budget -= 1
            steps = stack.pop()
            try:
                opts = type(self)(self.s, self.performer, self.source, steps).options()
            except IllegalAction as exc:
                reason = reason or str(exc)
                continue
            if opts.complete:
                return ""
            stack.extend(steps + (o,) for o in reversed(opts.options))
        return reason or f"{self.title} cannot be completed here"

    def possible(self) -> bool:
        """Whether some complete entry follows these steps."""
        return not self.problem()

    # ---- helpers for the entry

    def _refuse(self, message: str) -> NoReturn:
        raise IllegalAction(message, rule=self.rule)

    def _cells(self, candidates: Sequence[int], k: int, none: str, why: Callable[[int], str]) -> StepOptions | None:
        """Options for the k-th step being one of ``candidates`` (cell
        indices); None when that step is already given and valid.  ``none``
        says why there is no candidate; ``why(i)`` why cell ``i`` is not one."""
        if len(self.steps) == k:
            if not candidates:
                self._refuse(none)
            return StepOptions(tuple(Step.cell(CELLS[i]) for i in candidates), False)
        step = self.steps[k]
        if step.kind != "cell" or step.value not in INDEX:
            self._refuse(f"{self.title} expects a cell here, not {step.value!r}")
        if INDEX[step.value] not in candidates:
            self._refuse(why(INDEX[step.value]))
        return None

    def _cell(self, k: int) -> int:
        return INDEX[self.steps[k].value]

    def _done(self, n: int) -> StepOptions:
        if len(self.steps) == n:
            return StepOptions((), True)
        self._refuse(f"{self.title} is complete here; {self.steps[n].value!r} is one step too many")

    def _target_problem(self, i: int, live: bool = True, eternal: bool = True, broken: bool = True) -> str:
        """Why the piece on ``i`` is no target ("" if it is one)."""
        p = self.s.piece_at(i)
        if p is None:
            there = thing_at(self.s, i)
            return f"there is no piece on {CELLS[i]}" + (f" (only {there})" if there else "")
        if live and p.dead:
            return f"{piece_name(p)} is dead (0Q): {self.title} cannot target a dead piece"
        if not eternal and p.status == "e":
            return f"{piece_name(p)} is eternal (3Qe): its Q never changes"
        if not broken and p.status == "b":
            return f"{piece_name(p)} is already broken"
        return ""

    def _live_targets(self, eternal: bool = True) -> list[int]:
        return [p.cell for p in self.s.pieces if not p.dead and (eternal or p.status != "e")]


def ability(state: CresnovianState, performer: Umbral, source: Umbral, name: str,
            steps: Sequence[Step] = ()) -> Ability:
    """The entry of the ability ``name`` owned by ``source`` and performed
    by ``performer``, after ``steps``."""
    return ABILITIES[name](state, performer, source, steps)
