"""MetalTalon's own bots (docs/bots.md): greedy (one command ahead, judged by position.py) and search
(play-outs of its best few commands to its next turn). Both speak only the engine's public API."""

from .greedy import GreedyBot
from .search import SearchBot

__all__ = ["GreedyBot", "SearchBot"]
