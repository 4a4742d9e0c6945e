"""The game state: frozen dataclasses of tuples with a JSON round trip (schema in docs/state.md)."""

from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from .pieces import Pieces, value


@dataclass(frozen=True, slots=True)
class Orders:
    """Standing orders: decisions taken out of turn, editable at any time."""

    damage: str  # pieces to keep first, edition letters, e.g. "swe" (token) or "dnp" (coins)
    adapt: str | None = None  # Adapters: None = same priority as damage, "off" = no recombining, or letters
    murphy: int | None = 5  # Murphys: force a reroll when the die shows this or more; None = off
    clover: int | None = None  # Clovers: reroll automatically when the die shows less; None = off

    def to_dict(self) -> dict[str, Any]:
        return {"damage": self.damage, "adapt": self.adapt, "murphy": self.murphy, "clover": self.clover}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Orders":
        return cls(damage=d["damage"], adapt=d["adapt"], murphy=d["murphy"], clover=d["clover"])


@dataclass(frozen=True, slots=True)
class SeatState:
    index: int
    home: str
    faction: str | None
    reserve: int
    orders: Orders
    out: bool = False
    out_reason: str | None = None  # "invaded", "wiped out", "resigned"
    decided: bool = True  # setup: has kept or redrawn
    redrawn: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "home": self.home,
            "faction": self.faction,
            "reserve": self.reserve,
            "orders": self.orders.to_dict(),
            "out": self.out,
            "out_reason": self.out_reason,
            "decided": self.decided,
            "redrawn": self.redrawn,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "SeatState":
        return cls(
            index=d["index"],
            home=d["home"],
            faction=d["faction"],
            reserve=d["reserve"],
            orders=Orders.from_dict(d["orders"]),
            out=d["out"],
            out_reason=d["out_reason"],
            decided=d["decided"],
            redrawn=d["redrawn"],
        )


@dataclass(frozen=True, slots=True)
class Ship:
    id: int
    owner: int
    cell: str
    pieces: Pieces

    @property
    def value(self) -> int:
        return value(self.pieces)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "owner": self.owner, "cell": self.cell, "pieces": list(self.pieces)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Ship":
        a, b, c = d["pieces"]
        return cls(id=d["id"], owner=d["owner"], cell=d["cell"], pieces=(a, b, c))


@dataclass(frozen=True, slots=True)
class Activation:
    """The ship acting now and what it has spent of its moves and shots."""

    ship: int
    moves: int = 0
    shots: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"ship": self.ship, "moves": self.moves, "shots": self.shots}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Activation":
        return cls(ship=d["ship"], moves=d["moves"], shots=d["shots"])


@dataclass(frozen=True, slots=True)
class Pending:
    """A Clovers roller's shot waiting on `reroll` or `accept`."""

    seat: int
    ship: int  # the shooter
    source: str  # the shooter's cell
    cell: str  # the target cell
    target: str  # "ship" or "base"
    target_seat: int
    target_ship: int | None
    roll: int
    penalty: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ship": self.ship,
            "source": self.source,
            "cell": self.cell,
            "target": self.target,
            "target_seat": self.target_seat,
            "target_ship": self.target_ship,
            "roll": self.roll,
            "penalty": self.penalty,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Pending":
        return cls(
            **{
                k: d[k]
                for k in (
                    "seat",
                    "ship",
                    "source",
                    "cell",
                    "target",
                    "target_seat",
                    "target_ship",
                    "roll",
                    "penalty",
                )
            }
        )


@dataclass(frozen=True, slots=True)
class GameState:
    edition: str
    board: str
    players: int
    variants: tuple[str, ...]
    dice_mode: str  # "d6" or "stopwatch"
    seed: int
    rolls: int  # draws taken from the state's own generator so far
    phase: str  # "setup", "play" or "over"
    turn: int  # 1 for the first player's first turn; +1 at every `end`
    active: int  # the seat whose turn it is
    seats: tuple[SeatState, ...]
    ships: tuple[Ship, ...]
    bank: int
    next_ship: int = 1
    activation: Activation | None = None
    used: tuple[int, ...] = ()  # ship ids activated this turn
    launched: str | None = None  # "launch" or "split" once done this turn
    new_ship: int | None = None  # the ship launched this turn (first-activation border rule)
    pending: Pending | None = None
    winner: int | None = None
    # The turn each round began at: a round is every seat still in having had one turn, and begins when
    # play passes back round the turn order (turn 1 begins round 1). () in setup.
    rounds: tuple[int, ...] = ()

    def round_of(self, turn: int) -> int:
        """The round of this game's turn `turn` (0 in setup): "turn 48" of two players is round 24."""
        return bisect_right(self.rounds, turn)

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose command moves the game on now (orders and resign come from any seat still in)."""
        if self.phase == "setup":
            return tuple(s.index for s in self.seats if not s.out and not s.decided)
        if self.phase == "play":
            return (self.pending.seat,) if self.pending else (self.active,)
        return ()

    @property
    def in_play(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.seats if not s.out)

    def ship_by_id(self, ship_id: int | None) -> Ship | None:
        """The ship with this id; None for no id (a shot at a base) or a ship no longer in play."""
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        return None

    def ships_on(self, cell: str) -> tuple[Ship, ...]:
        """The ships on a space, lowest id (launched earliest) first: `fire <shooter> <cell> n` names
        ships_on(cell)[n - 1], the same ship for every player."""
        return tuple(sorted((s for s in self.ships if s.cell == cell), key=lambda s: s.id))

    def position_on(self, ship: Ship) -> int | None:
        """The ship's number on its space (1, 2, ...) when it shares the space, else None."""
        ids = [s.id for s in self.ships_on(ship.cell)]
        return ids.index(ship.id) + 1 if len(ids) > 1 and ship.id in ids else None

    def credits(self) -> int:
        """Ships + reserves + bank: constant for an edition and player count."""
        return sum(s.value for s in self.ships) + sum(s.reserve for s in self.seats) + self.bank

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "board": self.board,
            "players": self.players,
            "variants": list(self.variants),
            "dice_mode": self.dice_mode,
            "seed": self.seed,
            "rolls": self.rolls,
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "seats": [s.to_dict() for s in self.seats],
            "ships": [s.to_dict() for s in self.ships],
            "bank": self.bank,
            "next_ship": self.next_ship,
            "activation": self.activation.to_dict() if self.activation else None,
            "used": list(self.used),
            "launched": self.launched,
            "new_ship": self.new_ship,
            "pending": self.pending.to_dict() if self.pending else None,
            "winner": self.winner,
            "rounds": list(self.rounds),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameState":
        return cls(
            edition=d["edition"],
            board=d["board"],
            players=d["players"],
            variants=tuple(d["variants"]),
            dice_mode=d["dice_mode"],
            seed=d["seed"],
            rolls=d["rolls"],
            phase=d["phase"],
            turn=d["turn"],
            active=d["active"],
            seats=tuple(SeatState.from_dict(s) for s in d["seats"]),
            ships=tuple(Ship.from_dict(s) for s in d["ships"]),
            bank=d["bank"],
            next_ship=d["next_ship"],
            activation=Activation.from_dict(d["activation"]) if d["activation"] else None,
            used=tuple(d["used"]),
            launched=d["launched"],
            new_ship=d["new_ship"],
            pending=Pending.from_dict(d["pending"]) if d["pending"] else None,
            winner=d["winner"],
            rounds=tuple(d["rounds"]) if "rounds" in d else _rounds_before_they_were_kept(d),
        )


def _rounds_before_they_were_kept(d: dict[str, Any]) -> tuple[int, ...]:
    """A state stored before rounds were kept: rounds of as many turns as seats still in, from turn 1 (as
    they were in every game where nobody went out; docs/state.md)."""
    seats = sum(1 for s in d["seats"] if not s["out"]) or 1
    return tuple(range(1, d["turn"] + 1, seats)) if d["phase"] != "setup" else ()


_STATE_FIELDS = tuple(GameState.__dataclass_fields__)
_set = object.__setattr__


def evolve(state: GameState, **changes: Any) -> GameState:
    """dataclasses.replace for the hot path: a GameState with some fields changed, about twice as fast
    because it skips __init__ (every value comes from a valid state or from the rules)."""
    for name in changes:
        if name not in GameState.__dataclass_fields__:
            raise TypeError(f"GameState has no field {name!r}")
    new = object.__new__(GameState)
    for name in _STATE_FIELDS:
        _set(new, name, changes[name] if name in changes else getattr(state, name))
    return new
