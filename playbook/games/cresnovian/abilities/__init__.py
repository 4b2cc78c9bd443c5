"""The abilities, one class each (see :class:`.base.Ability`), in a module
per umbration holding its basic and elite ability, and Repair on its own.
Each class holds everything about its ability: the entry step by step with
the reason for each refusal, its effect, and how its actions are listed.

:data:`ABILITIES` finds an ability's class by its name; :data:`OPEN_ENDED`
names those whose choices explode, entered by steps and not listed by
``legal_actions``: Propaganda's subsets of targets, the per-piece moves of
Flock Together and Tectonic Failure, and Redefinition (every poem word onto
every free cell, and where the old word returns: it grows with the poem, to
hundreds of actions)."""

from __future__ import annotations

from . import caprice, cognizance, corporeality, cosmos, duality, essence, innervation, radiance, repair, velocity
from .base import ABILITIES, Ability, Plan, ability
from .caprice import InterpretativeDance
from .moves import MOVE, MoveAbility, move_dest, moves_text
from .velocity import CriticalRewind
from .world import Board, World

#: The abilities entered by steps and not listed.
OPEN_ENDED = frozenset(name for name, kind in ABILITIES.items() if kind.open_ended)

__all__ = ["ABILITIES", "OPEN_ENDED", "MOVE", "Ability", "Board", "CriticalRewind", "InterpretativeDance",
           "MoveAbility", "Plan", "World", "ability", "move_dest", "moves_text",
           "caprice", "cognizance", "corporeality", "cosmos", "duality", "essence", "innervation", "radiance",
           "repair", "velocity"]
