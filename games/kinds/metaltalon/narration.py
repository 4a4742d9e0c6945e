"""MetalTalon's actions in words, as each reader may read them while the game is in play
(games/kinds/protocol.py: `narrate`; rules.md, "Rerolls: Murphys and Clovers").

Everything on a MetalTalon table is open but the standing orders: an order is a plan (the roll a Murphys
seat forces away, what a hit ship keeps), so it is its seat's only, as Metal Adventures' are
(games/kinds/metal_adventures/narration.py): the others read the bare word `order` and no line. What an
order does when it fires (a forced reroll, an automatic Clovers reroll, what a hit ship kept, an Adapters
rebuild) is told by its own events, to everyone. Once the game is over the platform reads every action as
its own seat did (games/narration.py), so the orders are open then like every other secret.

The sentences are said to `you`, the seat of the player they are for (render.describe: "You fire", "...
at your ship"), every other seat named; None (a spectator, the admin) reads every seat by name. What a
reader may read is `reader`'s alone: `you` changes the words, never what is told.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.protocol import Event, Narration

from .engine import GameState, describe

MASKED_ORDER = "order"  # another seat's standing order, as every other reader reads it
PRIVATE_EVENTS = frozenset({"order"})  # told to the seat they name only


def _verb(command: str) -> str:
    words = command.split(None, 1)
    return words[0].lower() if words else ""


def shown_command(command: str, seat: int | None, reader: int | None) -> str:
    """The command as `reader` may read it: as typed for the seat that gave it and for any command but a
    standing order; another seat's order is the bare word. Read by its verb alone, so a command read
    without its events (log.txt, the page's recent actions) is masked all the same."""
    if seat is not None and reader == seat:
        return command
    return MASKED_ORDER if _verb(command) == "order" else command


def line(event: Event, state: GameState | None, reader: int | None,
         names: Sequence[str] | None, you: int | None = None) -> str | None:
    """One event as `reader` may read it, said to `you`; None: nothing for this reader (another seat's
    standing order)."""
    if event.get("type") in PRIVATE_EVENTS and (reader is None or event.get("seat") != reader):
        return None
    return describe(event, state, names, you=you)


def narrate(state: GameState | None, seat: int | None, command: str, events: Sequence[Event],
            reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
    """The action `seat` took (`command`, which made `events`) as `reader` may read it while the game is
    in play (None: a spectator), its sentences said to the seat `you` (None: every seat named)."""
    lines = [text for event in events if (text := line(event, state, reader, names, you)) is not None]
    return Narration(shown_command(command, seat, reader), lines)
