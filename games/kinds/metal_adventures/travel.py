"""Travel (rules.md, "A turn"): after the tribute the active seat must fight exactly one battle and may
take the Tour of Pirates, before or after it. The battle commands start here (`attack space`, `attack
karokum <ship>`, `attack planet <planet>`, `challenge <seat>`); `end` closes the turn once the battle is
done; `play` uses an own-turn support card."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Dice, Event, Refused

from . import alliance, cards, end, own_turn, space
from .battle_state import Battle
from .state import PLANET_IDS, GameState

KAROKUM_FEE = 2
TRACTOR_BEAM = "E13"  # attacking via Karokum costs 1
TRACTOR_FEE = 1


def karokum_fee(state: GameState, seat: int) -> int:
    return TRACTOR_FEE if TRACTOR_BEAM in state.seats[seat].improvements else KAROKUM_FEE


def legal(state: GameState, seat: int) -> list[str]:
    """The battle commands and `end` open to the active seat while travelling (the tour's are tour.py's)."""
    found: list[str] = []
    travel = state.travel
    player = state.seats[seat]
    if state.battle is None and not travel.battle_done:
        found.append("attack space")
        if player.credits >= karokum_fee(state, seat):
            found.extend(f"attack karokum {ship}" for ship in dict.fromkeys(reversed(state.karokum_pile)))
        found.extend(f"attack planet {p}" for p in PLANET_IDS if p not in travel.planets_toured)
        found.extend(f"challenge {i + 1}" for i, other in enumerate(state.seats)
                     if i != seat and not other.out)
    found.extend(own_turn.legal(state, seat))
    if travel.battle_done:
        found.append("end")
    return found


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    if verb == "play":
        return own_turn.play(state, seat, text)
    if verb == "end":
        if text:
            raise Refused("`end` takes nothing after it.")
        if not state.travel.battle_done:
            raise Refused("You must fight one battle before your turn can end: attack space, attack "
                          "karokum <ship>, attack planet <planet> or challenge <seat>.")
        return end.finish_turn(state)
    if verb not in ("attack", "challenge"):
        raise Refused(f"`{verb}` is not a command of the travel phase.")
    if state.travel.battle_done:
        raise Refused("You have fought this turn's battle already: one battle a turn.")
    if verb == "challenge":
        return challenge(state, seat, text)
    kind, _, rest = text.partition(" ")
    kind, rest = kind.lower(), rest.strip()
    if kind == "space":
        if rest:
            raise Refused("First `attack space` draws the starships; then `attack space <n>` chooses one.")
        return space.attack_space(state, seat)
    if kind == "karokum":
        return via_karokum(state, seat, rest)
    if kind == "planet":
        return attack_planet(state, seat, rest)
    raise Refused("Attack what? attack space, attack karokum <ship>, attack planet <planet>, or "
                  "challenge <seat>.")


def via_karokum(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`attack karokum <ship>`: the fee to Karokum's treasury, never refunded; then the fight against that
    starship of the pile. Not an attack on the planet."""
    if not state.karokum_pile:
        raise Refused("The Karokum pile is empty: there is no starship to attack there.")
    ship = cards.find(text, tuple(reversed(state.karokum_pile)), "the Karokum pile")
    fee = karokum_fee(state, seat)
    player = state.seats[seat]
    if player.credits < fee:
        raise Refused(f"Attacking via Karokum costs you {fee}₡; you have {player.credits}₡.")
    # The starship stays on the pile while the battle runs (it is in one zone at every moment); the
    # battle's outcome takes it from there (outcome.py).
    after = replace(state.with_seat(seat, replace(player, credits=player.credits - fee)),
                    treasuries=state.treasuries.plus("karokum", fee))
    after = replace(after, battle=Battle(kind="karokum", attacker=seat, target=ship))
    events: list[Event] = [{"type": "attack", "seat": seat, "kind": "karokum", "target": ship, "fee": fee}]
    return alliance.open_battle(after, events)


def attack_planet(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`attack planet <planet>`: not one where the tour stopped this turn."""
    planet = text.strip().lower()
    if planet == "ocg" or "trading" in planet:
        raise Refused("The OCG Trading Post cannot be attacked.")
    if planet not in PLANET_IDS:
        raise Refused("Attack which planet? attack planet exxalia, bazaar or karokum.")
    if planet in state.travel.planets_toured:
        raise Refused(f"Your tour stopped at {cards.PLANETS[planet].name} this turn: you cannot attack it "
                      "now.")
    after = replace(state, battle=Battle(kind="planet", attacker=seat, target=planet),
                    travel=replace(state.travel, planet_attacked=planet))
    return alliance.open_battle(after, [{"type": "attack", "seat": seat, "kind": "planet", "target": planet}])


def challenge(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`challenge <seat>`: any other seat still in; it cannot be withdrawn."""
    target = seat_named(state, text)
    if target == seat:
        raise Refused("You cannot challenge yourself.")
    after = replace(state, battle=Battle(kind="challenge", attacker=seat, challenged=target))
    return alliance.open_challenge(after, [{"type": "challenge", "seat": seat, "challenged": target}])


def seat_named(state: GameState, text: str) -> int:
    """The seat `text` names by its number (1..n); refused when none is still in the game."""
    word = text.strip()
    if not word.isdigit() or not 1 <= int(word) <= state.players:
        raise Refused(f"Name a seat by its number, 1 to {state.players}.")
    seat = int(word) - 1
    if state.seats[seat].out:
        raise Refused(f"Seat {seat + 1} has left the game.")
    return seat

