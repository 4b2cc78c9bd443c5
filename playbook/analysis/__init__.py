"""Analysis: agents, perft and self-play statistics."""

from .agents import RandomAgent
from .perft import divide, perft
from .selfplay import SelfPlay, play_game, selfplay

__all__ = ["RandomAgent", "perft", "divide", "selfplay", "play_game", "SelfPlay"]
