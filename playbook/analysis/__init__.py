"""Analysis: agents, perft and self-play statistics."""

from .perft import divide, perft
from .selfplay import SelfPlay, play_game, selfplay

__all__ = ["perft", "divide", "selfplay", "play_game", "SelfPlay"]
