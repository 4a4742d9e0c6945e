"""New games and the faction deal (docs/rules.md: "Setting up")."""

from collections.abc import Sequence
from dataclasses import replace

from .board import load_board
from .dice import Dice, Roller
from .editions import PLAYER_COUNTS, VARIANTS, Edition, credits_total, get_edition
from .errors import IllegalCommand
from .factions import FACTIONS, check_faction, faction_name
from .render import seat_label
from .state import GameState, Orders, SeatState, evolve
from .turn import Event, set_seat


def default_orders(edition: Edition) -> Orders:
    """Keep 10-credit pieces first, then 5s, then 1s; Murphys force rerolls of 5 or more."""
    return Orders(damage="".join(edition.letters[::-1]))


def new_game(
    players: int,
    edition: str = "token",
    variants: tuple[str, ...] | list[str] = (),
    factions: tuple[str, ...] | list[str] | None = None,
    seed: int = 0,
    dice_mode: str = "d6",
    dice: Dice | None = None,
) -> GameState:
    ed = get_edition(edition)
    if players == 5:
        raise ValueError("Five-player games are not offered: choose 2, 3, 4 or 6 players")
    if players not in PLAYER_COUNTS:
        raise ValueError(f"MetalTalon is played by 2, 3, 4 or 6 players, not {players!r}")
    variants = _check_variants(ed, tuple(variants))
    if dice_mode not in ("d6", "stopwatch"):
        raise ValueError("dice_mode is 'd6' or 'stopwatch'")
    if dice_mode == "stopwatch" and ed.stopwatch is None:
        raise ValueError(
            "The token edition rolls a six-sided die; stopwatch rolls are for metatalon and web2002"
        )
    board = load_board(ed.board)
    homes = board.home_bases(players)
    roller = Roller(seed, 0, dice)  # the deal draws from `dice` when it can draw cards
    if factions is None:
        dealt: list[str] = []
        for _ in range(players):
            dealt.append(_draw(ed, roller, dealt))
        decided = False
    else:
        dealt = [check_faction(f) for f in factions]
        if len(dealt) != players:
            raise ValueError(f"Give one faction per seat: {players} seats, {len(dealt)} factions")
        if ed.unique_factions and len(set(dealt)) != len(dealt):
            raise ValueError("The token edition deals ten different faction cards: no faction twice")
        decided = True
    orders = default_orders(ed)
    seats = tuple(
        SeatState(
            index=i,
            home=homes[i],
            faction=f,
            reserve=ed.start_credits(players, f),
            orders=orders,
            decided=decided,
        )
        for i, f in enumerate(dealt)
    )
    bank = credits_total(players) - sum(s.reserve for s in seats)
    return GameState(
        edition=ed.name,
        board=ed.board,
        players=players,
        variants=variants,
        dice_mode=dice_mode,
        seed=seed,
        rolls=roller.rolls,
        phase="play" if decided else "setup",
        turn=1 if decided else 0,
        rounds=(1,) if decided else (),
        active=0,
        seats=seats,
        ships=(),
        bank=bank,
    )


def _check_variants(ed: Edition, variants: tuple[str, ...]) -> tuple[str, ...]:
    for v in variants:
        if v not in VARIANTS:
            raise ValueError(f"Unknown variant {v!r}: takeover or spoils")
    if variants and not ed.variants:
        raise ValueError(f"The {ed.name} edition has no variants")
    if len(set(variants)) > 1:
        raise ValueError("Takeover and Spoils of War cannot be played together")
    return tuple(set(variants))  # at most one, said once


def _draw(ed: Edition, roller: Roller, held: Sequence[str | None]) -> str:
    """Token: a card no seat holds, the drawing seat's own included (the card given back returns to the
    deck afterwards). Coin editions: a re-roll among all ten, which may give the same species again."""
    options = [f for f in FACTIONS if f not in held] if ed.unique_factions else list(FACTIONS)
    return options[roller.index(len(options))]


def do_keep(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    s = _undecided(state, seat)
    state = evolve(state, seats=set_seat(state.seats, replace(s, decided=True)))
    return state, [{"type": "keep", "seat": seat, "faction": s.faction}]


def do_redraw(state: GameState, seat: int, roller: Roller) -> tuple[GameState, list[Event]]:
    """The second faction is final; starting credits follow the new faction (Bankers, Vamps)."""
    s = _undecided(state, seat)
    ed = get_edition(state.edition)
    new = _draw(ed, roller, [x.faction for x in state.seats])
    reserve = ed.start_credits(state.players, new)
    seats = set_seat(state.seats, replace(s, faction=new, reserve=reserve, decided=True, redrawn=True))
    state = evolve(state, seats=seats, bank=state.bank + s.reserve - reserve)
    return state, [{"type": "redraw", "seat": seat, "old": s.faction, "faction": new, "reserve": reserve}]


def _undecided(state: GameState, seat: int) -> SeatState:
    s = state.seats[seat]
    if s.decided:
        waiting = " and ".join(seat_label(None, i) for i in state.to_act)
        raise IllegalCommand(f"You have already chosen {faction_name(s.faction)}; waiting for {waiting}")
    return s
