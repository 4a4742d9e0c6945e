"""Trophies in play (rules.md, "Trophies in play"): whether a trophy's condition holds for a seat (`met`),
the checkpoint that reveals trophies for the seats in `order trophies auto`, the `reveal <trophy>`
command, and the deeds a turn records for the deed trophies (kind E).

A checkpoint runs after every command that leaves no battle running (commands.play), at the end of a
turn (end.finish_turn) and so at the start of the next one (the `end` or `resign` that started it is a
command like any other). It never runs inside a battle, while setting up, or once the game is over."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType

from games.kinds.protocol import Event, Refused

from . import bank, cards, orders
from .records import DEEDS
from .state import BATTLE_PHASES, OVER, SETUP, GameState

# The deed each deed condition (kind E) reads in GameState.deeds; the battle and tour code record them,
# the battle only when the starship beaten has the power T17 asks for.
DEED_OF: Mapping[str, str] = MappingProxyType({
    "glory_title_deed": "title",
    "challenge_won_as_challenger": "won_challenge",
    "challenge_won_as_challenged": "won_challenged",
    "planet_won_as_attacker": "won_planet",
    "starship_beaten_as_attacker": "beat_15",
    "betrayal_won": "turncoat",
})


def _player_wrecks(state: GameState, seat: int) -> list[cards.Starship]:
    return [cards.STARSHIPS[w] for w in state.seats[seat].wrecks]


# What each state condition (kind S) counts for a seat; the trophy is met when the count reaches its
# `at_least`.
COUNTS: Mapping[str, Callable[[GameState, int, cards.Trophy], int]] = MappingProxyType({
    "hunter_wrecks": lambda s, i, t: sum(1 for w in _player_wrecks(s, i) if w.hunter),
    "wrecks": lambda s, i, t: len(s.seats[i].wrecks),
    "four_nation_wrecks": lambda s, i, t: len({w.nation for w in _player_wrecks(s, i)}),
    "nation_wrecks": lambda s, i, t: sum(1 for w in _player_wrecks(s, i) if w.nation == t.nation),
    "credits": lambda s, i, t: s.seats[i].credits,
    "weapons": lambda s, i, t: sum(1 for c in s.seats[i].improvements
                                   if cards.IMPROVEMENTS[c].type == "weapon"),
    "main_power": lambda s, i, t: s.main_power(i),
    "improvements": lambda s, i, t: len(s.seats[i].improvements),
    "jp": lambda s, i, t: s.seats[i].jp,
})

for _trophy in cards.TROPHIES.values():
    if (_trophy.kind == "S") != (_trophy.condition in COUNTS) or (
            _trophy.kind == "E") != (_trophy.condition in DEED_OF):
        raise ValueError(f"trophy {_trophy.id}: no {_trophy.kind} condition is called {_trophy.condition!r}")
if set(DEED_OF.values()) != set(DEEDS):
    raise ValueError("every deed is read by one deed trophy")


def met(state: GameState, seat: int, trophy: str) -> bool:
    """Whether the trophy's condition holds for the seat now (whether it holds the card is not asked): a
    state (kind S) as the state stands, a deed (kind E) when the seat did it this turn. A seat that left
    the game meets none."""
    card = cards.TROPHIES[trophy]
    if state.seats[seat].out:
        return False
    if card.kind == "E":
        return (seat, DEED_OF[card.condition]) in state.deeds
    return COUNTS[card.condition](state, seat, card) >= card.at_least


def _open(state: GameState) -> bool:
    """Trophies may be revealed now: play has begun, is not over, and no battle is running."""
    return state.phase not in BATTLE_PHASES and state.phase not in (SETUP, OVER)


def _turn_order(state: GameState) -> tuple[int, ...]:
    """Every seat, in turn order from the active seat."""
    return tuple((state.active + step) % state.players for step in range(state.players))


def best(state: GameState, seat: int) -> str | None:
    """The met trophy in the seat's hand that the checkpoint reveals: the most G, then the most ₡, then
    the lowest id; None when none is met."""
    found = [t for t in state.seats[seat].trophies if met(state, seat, t)]
    if not found:
        return None
    return min(found, key=lambda t: (-cards.TROPHIES[t].glory, -cards.TROPHIES[t].credits, t))


def _reveal(state: GameState, seat: int, trophy: str, auto: bool) -> tuple[GameState, Event]:
    """The seat reveals the trophy: its G, its ₡ from the bank (what the bank has), the card to the bottom
    of the Trophy deck, and the seat's one reveal of the turn used."""
    card = cards.TROPHIES[trophy]
    player = state.seats[seat]
    player = replace(player, trophies=tuple(t for t in player.trophies if t != trophy),
                     glory=player.glory + card.glory, revealed_this_turn=True)
    after = replace(state.with_seat(seat, player), trophy_deck=(*state.trophy_deck, trophy))
    after, paid = bank.pay_seat(after, seat, card.credits)
    event: Event = {"type": "reveal", "seat": seat, "trophy": trophy, "glory": card.glory, "credits": paid,
                    "auto": auto}
    if paid < card.credits:
        event["short"] = card.credits - paid
    return after, event


def checkpoint(state: GameState) -> tuple[GameState, list[Event]]:
    """Outside battles, setup and the game's end: in turn order from the active seat, each seat still in,
    in `order trophies auto` and yet to reveal this turn, reveals its best met trophy (`best`). A choice
    waiting does not hold it back (rules.md, "Trophies in play")."""
    if not _open(state):
        return state, []
    events: list[Event] = []
    for seat in _turn_order(state):
        player = state.seats[seat]
        if player.out or player.revealed_this_turn or orders.trophies_mode(state, seat) != orders.AUTO:
            continue
        trophy = best(state, seat)
        if trophy is not None:
            state, event = _reveal(state, seat, trophy, auto=True)
            events.append(event)
    return state, events


def reveal(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`reveal <trophy>`: any seat, in either mode, outside battles, once a turn, while the trophy's
    condition holds."""
    if state.phase == SETUP:
        raise Refused("Play has not begun: trophies are revealed once it has.")
    if state.phase == OVER:
        raise Refused("The game is over.")
    if state.phase in BATTLE_PHASES:
        raise Refused("Battle in progress: trophies are revealed once it is over.")
    player = state.seats[seat]
    if player.revealed_this_turn:
        raise Refused("You have already revealed a trophy this turn: one a turn.")
    if not player.trophies:
        raise Refused("You hold no trophy to reveal.")
    trophy = cards.find(text, player.trophies, "your trophies")
    if not met(state, seat, trophy):
        card = cards.TROPHIES[trophy]
        why = f"{cards.label(trophy)} cannot be revealed: its condition does not hold now ({card.text})."
        if card.kind == "E":
            why += " A deed counts only until the end of the turn it was done in."
        raise Refused(why)
    after, event = _reveal(state, seat, trophy, auto=False)
    return after, [event]


def legal(state: GameState, seat: int) -> list[str]:
    """The `reveal <trophy>` commands open to the seat now, in the order of its hand."""
    player = state.seats[seat]
    if not _open(state) or player.out or player.revealed_this_turn:
        return []
    return [f"reveal {t}" for t in player.trophies if met(state, seat, t)]


def record_deed(state: GameState, seat: int, deed: str) -> GameState:
    """The seat did `deed` (records.DEEDS) this turn: deed trophies read it until the turn ends."""
    if deed not in DEEDS:
        raise ValueError(f"no deed is called {deed!r}")
    if (seat, deed) in state.deeds:
        return state
    return replace(state, deeds=(*state.deeds, (seat, deed)))
