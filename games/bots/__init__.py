"""Bot players (docs/bots.md): they read a game only through the rules they are given and answer with a
command those rules list as legal now, one at a time, so a bot can never send what a player could not.

- `random` (random_bot.py) plays any kind: it needs only `legal_commands` and `anytime` of the kinds'
  protocol (games/kinds/protocol.py).
- `greedy` and `search` are MetalTalon's (games/kinds/metaltalon/bots/), built on the engine's public API.

Nothing here imports Django: the site's channel for bots (games/actions/bots.py, a Celery task) asks a
kind for its bot (`Kind.bot(level, rng)`) and plays the answers as `Actor.bot(seat)`.
"""

from games.bots.base import Bot, BotStuck, Rules
from games.bots.loop import play_out
from games.bots.random_bot import RandomBot

__all__ = ["Bot", "BotStuck", "RandomBot", "Rules", "play_out"]
