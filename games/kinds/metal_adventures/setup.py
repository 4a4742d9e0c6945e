"""Metal Adventures' options, a new game, and the setup's one decision: each seat keeps two of its three
dealt trophies (rules.md, "Setting up").

Every random value of a new game is drawn through `dice.draw(n)`, in this order (a replay reads them back
in the same order): each seat's base starship, in seat order; the Trophy deck's shuffle; the blue Space
cards' shuffle; the red ones'; the Improvement deck's. A shuffle is Fisher-Yates (dice.shuffled).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.kinds.protocol import BadOptions, Dice, Event, Refused

from . import cards
from .dice import pick, shuffled
from .state import (
    DEFAULT_WINDOW_HOURS,
    HUNTER_SHUFFLES,
    LAYERED,
    MIN_WINDOW_HOURS,
    OCG_SPOTS,
    SETUP,
    START_CREDITS,
    TOTAL_CREDITS,
    TROPHIES_DEALT,
    TROPHY_LIMIT,
    GameState,
    Options,
    Seat,
)
from .state import (
    MAX_WINDOW_HOURS as MAX_HOURS,
)

PLAYER_COUNTS = (3, 4, 5, 6)
HOUSE_RULE_PLAYERS = 2  # only with the two-player house rule
SETUP_WINDOWS = 3  # the trophy choice waits 3 W before the clock chooses (the default below)
FIRST_PHASE = "turn.start"
YOURS = "your three trophies"


# === OPTIONS ===

def default_options() -> dict[str, Any]:
    return Options().to_dict()


def check_options(options: Mapping[str, Any], players: int) -> Options:
    """The options completed with their defaults; BadOptions, saying what to choose, when not offered."""
    unknown = sorted(str(k) for k in options if k not in Options().to_dict())
    if unknown:
        raise BadOptions(f"Metal Adventures has no option {', '.join(unknown)}; its options are window_hours "
                         f"({MIN_WINDOW_HOURS}-{MAX_HOURS}), hunter_shuffle (layered or full), perks "
                         "(on or off) and two_player_house_rule (on or off).")
    hours = options.get("window_hours", DEFAULT_WINDOW_HOURS)
    if isinstance(hours, bool) or not isinstance(hours, int) or not MIN_WINDOW_HOURS <= hours <= MAX_HOURS:
        raise BadOptions(f"window_hours must be a whole number from {MIN_WINDOW_HOURS} to {MAX_HOURS}, not "
                         f"{hours!r}.")
    shuffle = options.get("hunter_shuffle", LAYERED)
    if shuffle not in HUNTER_SHUFFLES:
        raise BadOptions(f"hunter_shuffle is layered (the default) or full, not {shuffle!r}.")
    flags = {}
    for name in ("perks", "two_player_house_rule"):
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise BadOptions(f"{name} is on or off (true or false), not {value!r}.")
        flags[name] = value
    if players == HOUSE_RULE_PLAYERS and not flags["two_player_house_rule"]:
        raise BadOptions("Metal Adventures is for 3 to 6 players; two players only with the two-player "
                         "house rule (two_player_house_rule).")
    if players != HOUSE_RULE_PLAYERS and players not in PLAYER_COUNTS:
        raise BadOptions(f"Metal Adventures is for 3 to 6 players (2 with the house rule), not {players}.")
    if players != HOUSE_RULE_PLAYERS and flags["two_player_house_rule"]:
        raise BadOptions(f"The two-player house rule is for 2 players; this game has {players}.")
    return Options(window_hours=hours, hunter_shuffle=str(shuffle), perks=flags["perks"],
                   two_player_house_rule=flags["two_player_house_rule"])


def describe_options(options: Mapping[str, Any]) -> str:
    checked = Options.from_dict(options)
    # "to answer a question out of turn": the game may have no deadline for turns, yet its questions have one.
    words = [f"{checked.window_hours} h to answer a question out of turn",
             f"{checked.hunter_shuffle} Hunter shuffle"]
    if checked.perks:
        words.append("base starship perks (site variant)")
    if checked.two_player_house_rule:
        words.append("two-player house rule")
    return ", ".join(words)


# === A NEW GAME ===

def new_state(options: Mapping[str, Any], players: int, dice: Dice) -> GameState:
    """A new game, in the seats' order as the platform gives it (it has already drawn who sits where):
    each seat a random base starship and 3 credits; the Trophy deck shuffled and three dealt to each
    seat, seat by seat from the top; the Space deck the shuffled blue block on top of the shuffled red
    block; the Improvement deck shuffled and its top four face up in the OCG row; the bank the rest of
    the 72 credits. Then every seat keeps two of its three trophies (`choose`)."""
    checked = check_options(options, players)
    bases = list(cards.BASES)
    dealt_bases = [bases.pop(pick(dice, len(bases))) for _ in range(players)]
    trophies = shuffled(tuple(cards.TROPHIES), dice)
    blue = shuffled(cards.BLUE, dice)
    red = shuffled(cards.RED, dice)
    improvements = shuffled(tuple(cards.IMPROVEMENTS), dice)
    dealt = tuple(trophies[TROPHIES_DEALT * i:TROPHIES_DEALT * (i + 1)] for i in range(players))
    return GameState(
        seats=tuple(Seat(base=base) for base in dealt_bases),
        options=checked,  # phase SETUP, turn 0 and active seat 0 are GameState's defaults
        space_deck=blue + red,
        trophy_deck=trophies[TROPHIES_DEALT * players:],
        improvement_deck=improvements[OCG_SPOTS:],
        ocg_row=improvements[:OCG_SPOTS],
        bank=TOTAL_CREDITS - START_CREDITS * players,
        dealt=dealt,
        chosen=(False,) * players,
    )


# === THE TROPHY CHOICE (decision D1 of rules.md, "Setting up") ===

def setup_window_seconds(state: GameState) -> int:
    """How long the trophy choice may take before the clock chooses: three windows W."""
    return SETUP_WINDOWS * state.options.window_hours * 3600


def choice_commands(state: GameState, seat: int) -> list[str]:
    """The seat's legal `choose` commands, canonical (the ids in the order dealt); [] when it has none."""
    if seat not in state.awaiting_choice():
        return []
    hand = state.dealt[seat]
    return [f"choose {a} {b}" for i, a in enumerate(hand) for b in hand[i + 1:]]


def default_choice(state: GameState, seat: int) -> tuple[str, str]:
    """What the clock keeps for a seat that has not chosen: the two with the most glory, ties to the
    lower id; in the order dealt."""
    hand = state.dealt[seat]
    best = sorted(hand, key=lambda t: (-cards.TROPHIES[t].glory, t))[:TROPHY_LIMIT]
    first, second = (t for t in hand if t in best)
    return first, second


def timeout_command(state: GameState, seat: int) -> str:
    """The command the clock plays for a seat whose choice ran out of time."""
    first, second = default_choice(state, seat)
    return f"choose {first} {second}"


def read_choice(state: GameState, seat: int, text: str) -> tuple[str, str]:
    """The two trophies `text` names among the seat's three (each by id, name or part of a name: a name
    of several words may be split anywhere), in the order dealt. Refused when it names fewer or more,
    or the same one twice.

    Two ways of splitting the words never name two different pairs: each half of one split is a part of
    a half of the other, and a part fits exactly one card, so it fits the same card."""
    hand = state.dealt[seat]
    words = text.split()
    usage = f"Keep two of your three trophies: choose {hand[0]} {hand[1]} (yours: " + \
        "; ".join(cards.label(t) for t in hand) + ")."
    if len(words) < 2:
        raise Refused(f"Name two trophies. {usage}")
    reading: tuple[str, str] | None = None
    refusal: Refused | None = None
    for cut in range(1, len(words)):
        try:
            reading = (cards.find(" ".join(words[:cut]), hand, YOURS),
                       cards.find(" ".join(words[cut:]), hand, YOURS))
            break
        except Refused as why:
            refusal = refusal or why
    if reading is None:
        if len(words) == 2 and refusal is not None:
            raise refusal
        raise Refused(f"Could not read two of your trophies in {text!r}. {usage}")
    first, second = reading
    if first == second:
        raise Refused(f"Name two different trophies. {usage}")
    kept = tuple(t for t in hand if t in (first, second))
    return kept[0], kept[1]


def choose(state: GameState, seat: int, command: str) -> tuple[GameState, list[Event]]:
    """`choose <t> <t>`: the seat keeps those two in its hand and puts the third aside. Every seat
    chooses at once, in any order; when the last one has chosen, the put-aside trophies go to the bottom
    of the Trophy deck together, in the order they were dealt, and seat 1's first turn starts."""
    verb, _, rest = command.strip().partition(" ")
    if verb.lower() != "choose":
        raise Refused("Before play starts, every player keeps two of their three trophies: "
                      "choose <trophy> <trophy>.")
    if state.phase != SETUP:
        raise Refused("The trophies were chosen at the start of the game: play has begun.")
    if not 0 <= seat < state.players:
        raise Refused(f"There is no seat {seat + 1} in this game.")
    if state.seats[seat].out:
        raise Refused("You are out of the game.")
    if state.chosen[seat]:
        kept = " and ".join(cards.label(t) for t in state.seats[seat].trophies)
        raise Refused(f"You already kept {kept}; the others are still choosing.")
    first, second = read_choice(state, seat, rest)
    hand = state.dealt[seat]
    aside = tuple(t for t in hand if t not in (first, second))
    player = replace(state.seats[seat], trophies=(first, second))
    after = replace(state.with_seat(seat, player),
                    dealt=state.dealt[:seat] + (aside,) + state.dealt[seat + 1:],
                    chosen=state.chosen[:seat] + (True,) + state.chosen[seat + 1:])
    events: list[Event] = [{"type": "choose", "seat": seat, "kept": [first, second], "aside": list(aside)}]
    if after.awaiting_choice():
        return after, events
    return begin_play(after, events)


def begin_play(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Every seat has chosen: the put-aside trophies go to the bottom of the Trophy deck in the order
    dealt (seat by seat), and the first seat still in starts turn 1."""
    bottom = tuple(t for aside in state.dealt for t in aside)
    first = next(i for i, seat in enumerate(state.seats) if not seat.out)
    seats = tuple(replace(s, revealed_this_turn=False, took_jp_this_turn=False) for s in state.seats)
    # Entering turn.start resets the turn's flags and runs a checkpoint (rules.md, "Trophies in play"); no
    # trophy's condition can hold before the first turn, so that checkpoint reveals nothing.
    after = replace(state, seats=seats, trophy_deck=state.trophy_deck + bottom,
                    dealt=tuple(() for _ in state.dealt), phase=FIRST_PHASE, turn=1, active=first,
                    event_applied_this_turn=False)
    return after, [*events, {"type": "setup_done", "bottom": len(bottom)},
                   {"type": "turn", "seat": first, "turn": 1}]
