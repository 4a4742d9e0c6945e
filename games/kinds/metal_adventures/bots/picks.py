"""The greedy bot's choices among cards (records.Choice, and the setup's trophies): the trophies it can
reveal, the best support card or wreck, half a loser's wrecks, the challenger's spoils, the card to let go
of a fifth, Exxalia's prize with a full hand; and its @win terms at a won battle's settlement, which it
keeps (breaking them costs a JP)."""

from __future__ import annotations

from .. import choices
from ..records import (
    DISCARD,
    EXXALIA_FULL,
    KEEP_TROPHY,
    PLANET,
    SPOILS,
    SUPPORT,
    TAKE_WRECKS,
    WRECK_FROM_PILE,
)
from ..state import IMPROVEMENT_LIMIT, GameState
from . import worth
from .stakes import planet_prize

# Exxalia's prize with a full hand: a trophy worth less than the best of three new ones is dropped.
NEW_TROPHY = 0.45 * (worth.GLORY + 2)


def setup_choice(view: GameState, me: int, legal: list[str]) -> str:
    """The two dealt trophies most worth keeping."""
    def kept(command: str) -> float:
        return sum(worth.trophy_worth(view, me, t) for t in command.split()[1:])
    return max((c for c in legal if c.startswith("choose ")), key=kept)


def choice(view: GameState, me: int, legal: list[str]) -> str | None:
    """The answer to the choice that waits for the seat (None when none waits for it)."""
    current = choices.current(view)
    if current is None or current.seat != me:
        return None
    player = view.seats[me]
    picks = [c for c in legal if c.startswith("pick ")]
    if current.kind == KEEP_TROPHY:
        return max(picks, key=lambda c: worth.trophy_worth(view, me, c.split()[1]))
    if current.kind == SUPPORT:
        return max(picks, key=lambda c: worth.improvement_worth(view, me, c.split()[1]))
    if current.kind == WRECK_FROM_PILE:
        return max(picks, key=lambda c: worth.wreck_worth(view, me, c.split()[1], player.wrecks))
    if current.kind == TAKE_WRECKS:
        return max(picks, key=lambda c: sum(worth.wreck_worth(view, me, w, player.wrecks)
                                            for w in c.split()[1:]))
    if current.kind == DISCARD:
        discards = [c for c in legal if c.startswith("discard ")]
        return min(discards, key=lambda c: worth.improvement_worth(view, me, c.split()[1]))
    if current.kind == SPOILS:
        return _spoils(view, me, int(current.source), [c for c in legal if c.startswith("take ")])
    if current.kind == EXXALIA_FULL:
        drops = [c for c in legal if c.startswith("trophy drop ")]
        weakest = min(drops, key=lambda c: worth.trophy_worth(view, me, c.split()[2]), default=None)
        if weakest is not None and worth.trophy_worth(view, me, weakest.split()[2]) < NEW_TROPHY:
            return weakest
        return "trophy refuse"
    if current.kind == PLANET:
        options = [c for c in legal if c.startswith("planet ")]
        return max(options, key=lambda c: planet_prize(view, me, c.split()[1]))
    return legal[0] if legal else None


def _spoils(view: GameState, me: int, loser: int, takes: list[str]) -> str:
    """Half the loser's credits, its best card (less the card the seat would let go for it when full),
    or half its wrecks, unseen."""
    victim = view.seats[loser]
    player = view.seats[me]
    held = sorted(worth.held_worth(view, me).values())
    room = 0.0 if len(player.improvements) < IMPROVEMENT_LIMIT else (held[0] if held else 0.0)

    def value(command: str) -> float:
        words = command.split()
        if words[1] == "credits":
            return float(-(-victim.credits // 2))
        if words[1] == "card":
            return worth.improvement_worth(view, me, words[2]) - room
        return -(-len(victim.wrecks) // 2) * worth.unknown_wreck()
    return max(takes, key=value)


def settle_terms(legal: list[str]) -> str | None:
    """At its won battle's settlement the seat keeps its word: all its terms at once, else one by one;
    a term it cannot pay is broken (and costs its JP either way)."""
    for wanted in ("keep all",):
        if wanted in legal:
            return wanted
    keeps = [c for c in legal if c.startswith("keep ")]
    if keeps:
        return keeps[0]
    breaks = [c for c in legal if c.startswith("break ")]
    return breaks[0] if breaks else None
