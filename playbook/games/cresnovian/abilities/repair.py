"""Repair: what a broken piece performs instead of its abilities."""

from __future__ import annotations

from ....core import Step
from ..board import Umbral
from .base import Ability
from .world import World


class Repair(Ability):
    """Repair: the broken performer is whole again."""

    name = "repair"

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        world.set(performer.umbration, status="")
