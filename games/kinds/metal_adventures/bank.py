"""Credits moving to and from the bank (rules.md, "The bank"): the bank holds what no one else does, and
when it cannot pay in full it pays what it has."""

from __future__ import annotations

from dataclasses import replace

from .state import GameState


def pay_seat(state: GameState, seat: int, amount: int) -> tuple[GameState, int]:
    """The bank pays the seat `amount`, or all it has when that is less: (the state, what was paid)."""
    paid = min(amount, state.bank)
    player = state.seats[seat]
    return replace(state.with_seat(seat, replace(player, credits=player.credits + paid)),
                   bank=state.bank - paid), paid


def pay_planet(state: GameState, planet: str, amount: int) -> tuple[GameState, int]:
    """The bank pays a planet's treasury `amount`, or all it has when that is less: (the state, what was
    paid)."""
    paid = min(amount, state.bank)
    return replace(state, treasuries=state.treasuries.plus(planet, paid), bank=state.bank - paid), paid


def seat_pays(state: GameState, seat: int, amount: int) -> GameState:
    """The seat pays `amount` to the bank; the caller has checked it holds that much."""
    player = state.seats[seat]
    if player.credits < amount:
        raise ValueError(f"seat {seat + 1} holds {player.credits}, not {amount}")
    return replace(state.with_seat(seat, replace(player, credits=player.credits - amount)),
                   bank=state.bank + amount)
