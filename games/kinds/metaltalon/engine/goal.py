"""How to win, in figures: the goal in one line, and what each rival still has to lose before it is out
(games/kinds/metaltalon/rules.md, "Out of the game, and winning"). The game page shows both to a player
who would otherwise have to read the rules to the end to learn what to aim at."""

from dataclasses import dataclass

from .factions import REBELS_INVADERS_NEEDED
from .state import GameState

GOAL = ("Be the last player in. To put a rival out, fire at its home base until its reserve is 0, then land "
        f"a ship on the base ({REBELS_INVADERS_NEEDED} of yours against the Rebels).")


@dataclass(frozen=True, slots=True)
class Rival:
    """A seat still in, seen from one player (or from a spectator): what stands between it and its end."""

    seat: int
    faction: str | None
    home: str
    reserve: int  # credits to shoot out of its reserve before any ship may land on its base
    landed: int  # the viewer's ships already on its home base (only the Rebels' base holds invaders)
    needed: int  # the viewer's ships still to land there once the reserve is 0 (Rebels: 3 less landed)
    ships: int  # its ships in play: with the reserve at 0, destroying them all puts it out too


def rivals(state: GameState, seat: int | None) -> tuple[Rival, ...]:
    """Every seat still in but `seat` (None: a spectator sees every seat still in), in turn order."""
    if state.phase != "play":
        return ()
    out = []
    for s in state.seats:
        if s.out or s.index == seat:
            continue
        landed = 0 if seat is None else sum(1 for x in state.ships if x.cell == s.home and x.owner == seat)
        per = REBELS_INVADERS_NEEDED if s.faction == "rebels" else 1
        ships = sum(1 for x in state.ships if x.owner == s.index)
        out.append(Rival(seat=s.index, faction=s.faction, home=s.home, reserve=s.reserve, landed=landed,
                         needed=max(per - landed, 1), ships=ships))
    return tuple(out)


def rival_line(rival: Rival, credit: str = "credit") -> str:
    """What `rival` still has to lose, in a sentence after its name: "reserve 12 credits to shoot away,
    then land 1 ship on P9"."""
    ships = f"{rival.needed} {'more ' if rival.landed else ''}ship{'s' if rival.needed != 1 else ''}"
    there = f" ({rival.landed} of {REBELS_INVADERS_NEEDED} there)" if rival.landed else ""
    land = f"land {ships} on {rival.home}{there}"
    if rival.reserve:
        words = credit if rival.reserve == 1 else f"{credit}s"
        return f"reserve {rival.reserve} {words} to shoot away, then {land}"
    return f"reserve empty: {land} to put them out"
