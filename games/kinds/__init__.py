"""The registry of game kinds. `Game.kind` names one; everything outside a kind speaks only the protocol
in games/kinds/protocol.py (docs/architecture.md)."""

from __future__ import annotations

from games.kinds.protocol import BadOptions, Dice, Kind, LoggedAction, PageInput, Refused, SeatOutcome

_KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    _KINDS[kind.name] = kind
    return kind


def get_kind(name: str) -> Kind:
    """The kind called `name`; KeyError for one the site does not know."""
    _load()
    return _KINDS[name]


def all_kinds() -> list[Kind]:
    _load()
    return list(_KINDS.values())


def offered_kinds() -> list[Kind]:
    """The kinds the lobby offers for new games (settings.GAME_KINDS), in that order."""
    from django.conf import settings

    _load()
    return [_KINDS[name] for name in settings.GAME_KINDS if name in _KINDS]


def _load() -> None:
    if _KINDS:
        return
    from games.kinds.metaltalon.kind import KIND as metaltalon
    from games.kinds.race.kind import KIND as race

    register(metaltalon)
    register(race)


__all__ = ["BadOptions", "Dice", "Kind", "LoggedAction", "PageInput", "Refused", "SeatOutcome", "all_kinds",
           "get_kind", "offered_kinds", "register"]
