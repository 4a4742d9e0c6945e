"""MetalTalon rules engine: pure Python, no Django, no I/O, no clock, no global random.

state = new_game(players=3, edition="token", variants=("takeover",), factions=None, seed=7)
outcome = play(state, seat, "move D7 F8")      # Outcome(state, events); the input is not mutated
legal_commands(state, seat)                     # every legal command, canonical text
move_costs(state, seat, "D7")                   # the moves each reachable space would use
GameState.from_dict(state.to_dict())            # JSON-safe round trip (docs/state.md)
"""

from .board import Board, load_board
from .commands import ANYTIME_VERBS, MAX_COMMANDS, MAX_TEXT, VERBS, split_commands
from .dice import Dice
from .editions import EDITIONS, PLAYER_COUNTS, VARIANTS
from .errors import IllegalCommand
from .factions import FACTIONS, POWERS, REBELS_INVADERS_NEEDED, faction_power, faction_table
from .goal import GOAL, Rival, rival_line, rivals
from .legal import legal_commands, move_costs
from .play import Outcome, ShotPreview, play, shot_preview
from .render import describe, render_text, seat_label, seat_letter
from .setup import default_orders, new_game
from .state import Activation, GameState, Orders, Pending, SeatState, Ship

__all__ = [
    "ANYTIME_VERBS",
    "EDITIONS",
    "FACTIONS",
    "GOAL",
    "MAX_COMMANDS",
    "MAX_TEXT",
    "PLAYER_COUNTS",
    "POWERS",
    "REBELS_INVADERS_NEEDED",
    "VARIANTS",
    "VERBS",
    "Activation",
    "Board",
    "Dice",
    "GameState",
    "IllegalCommand",
    "Orders",
    "Outcome",
    "ShotPreview",
    "Pending",
    "Rival",
    "SeatState",
    "Ship",
    "default_orders",
    "describe",
    "faction_power",
    "faction_table",
    "legal_commands",
    "move_costs",
    "load_board",
    "new_game",
    "play",
    "render_text",
    "rival_line",
    "rivals",
    "seat_label",
    "seat_letter",
    "shot_preview",
    "split_commands",
]
