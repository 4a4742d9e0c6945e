"""The autopilot (rules.md, "Out of time"): what the engine plays for an active seat whose time ran out,
one decision at a time: rest if damaged, else the tribute (refuse it with no credit); attack in Space and
choose the weakest starship (fewer dots, then the first spot); no ally; roll with no Metal Faktor and no
cards; no reaction; keep every promise it can and break the rest; the first option of any choice; no tour;
end. `choose` names the next command; commands.py's `autopilot` plays them until the seat is no longer
the one awaited."""

from __future__ import annotations

from . import alliance, cards, choices, declare, fight, promises
from .state import OVER, REST, START, TRAVEL, GameState


def choose(state: GameState, seat: int, legal: list[str]) -> str | None:
    """The autopilot's next command for the active seat among `legal` (None: nothing it would play)."""
    if state.phase == OVER or seat != state.active:
        return None
    if choices.current(state) is not None:
        verbs = ("pick", "discard", "take", "trophy", "planet")
        return next((c for c in legal if c.partition(" ")[0] in verbs), None)
    wanted: list[str] = []
    if state.phase == START:
        wanted = ["rest"] if state.seats[seat].damage else ["tribute", "refuse"]
    elif state.phase == REST:
        wanted = ["end"]
    elif state.phase == TRAVEL:
        wanted = ["end"] if state.travel.battle_done else ["attack space"]
    elif state.phase == "battle.draw":
        area = list(enumerate(state.space_area, start=1))
        weakest = min(area, key=lambda spot: (cards.STARSHIPS[spot[1]].power, cards.STARSHIPS[spot[1]].damage,
                                             spot[0]))
        wanted = [f"attack space {weakest[0]}"]
    elif state.phase == alliance.ALLIES:
        wanted = ["ally none"]
    elif state.phase == alliance.RECRUIT:
        wanted = ["ready"]
    elif state.phase == declare.DECLARE:
        wanted = ["roll"]
    elif state.phase == fight.REACT:
        wanted = ["pass"]
    elif promises.due_at_win(state):  # terms due at the settlement: only ever in battle.spoils
        # Keep what can be kept, break the rest (a promise falling due: rules.md, "Trades and promises").
        wanted = ["keep all", *(c for c in legal if c.startswith("keep ")),
                  *(c for c in legal if c.startswith("break "))]
    return next((c for c in wanted if c in legal), None)
