"""The Royal Game of Ur, a race game with dice: a playbook game in its own package.

DRAFT
"""

from .game import GAME, Ur
from .state import UrState

__all__ = ["GAME", "Ur", "UrState"]
