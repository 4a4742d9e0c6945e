"""The time-zone names the site offers: UTC and the IANA database's place names (Area/City, one per zone as
zone.tab lists them), never its legacy aliases ("US/Pacific", "GB", "Asia/Calcutta") nor its fixed offsets
("Etc/GMT+5", "EST"), which doubled the list and read as choices of their own.

Every name zoneinfo knows stays a valid stored value (accounts.models.validate_time_zone): an alias maps to
the place name it stands for (the database's links, tzdata.zi: the same rules under a current name), and a
name with no place name (a fixed offset) is kept as it is. Browsers report some aliases still (Chromium says
"Asia/Calcutta" and "Europe/Kiev"), so sign-up maps what the browser says the same way.
"""

from __future__ import annotations

import zoneinfo
from functools import lru_cache
from importlib import resources
from pathlib import Path

__all__ = ["canonical_zone", "offered_zones"]

# The IANA database's geographic areas: without zone.tab, a place name is one of these, a slash, a city.
AREAS = frozenset({"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe",
                   "Indian", "Pacific"})


def _database_file(name: str) -> str:
    """A file of the time-zone database zoneinfo reads: the system's (zoneinfo.TZPATH), else the tzdata
    package's; "" when neither has it."""
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    try:
        return resources.files("tzdata.zoneinfo").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return ""


@lru_cache(maxsize=1)
def offered_zones() -> tuple[str, ...]:
    """UTC first (the default), then the place names, sorted."""
    available = zoneinfo.available_timezones()
    rows = [line.split("\t") for line in _database_file("zone.tab").splitlines() if not line.startswith("#")]
    places = {row[2] for row in rows if len(row) > 2}
    if not places:
        places = {zone for zone in available if zone.split("/", 1)[0] in AREAS and "/" in zone}
    return ("UTC", *sorted(places & available - {"UTC"}))


@lru_cache(maxsize=1)
def _links() -> dict[str, str]:
    """Alias -> the zone it links to, from the database's compact source ("L Asia/Kolkata Asia/Calcutta")."""
    links = {}
    for line in _database_file("tzdata.zi").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "L":
            links[parts[2]] = parts[1]
    return links


def _target(name: str) -> str:
    links, seen = _links(), {name}
    while name in links and links[name] not in seen:
        name = links[name]
        seen.add(name)
    return name


@lru_cache(maxsize=1)
def _offered_by_target() -> dict[str, str]:
    """The offered name of each zone the offered names link to; the zone's own name when it is offered."""
    by_target: dict[str, str] = {}
    for zone in offered_zones():
        target = _target(zone)
        if zone == target or target not in by_target:
            by_target[target] = zone
    return by_target


def canonical_zone(name: str) -> str | None:
    """The offered name for a zone name: itself when offered, the place name an alias stands for, or None
    (an unknown name, or one with no place name: a fixed offset such as Etc/GMT+5)."""
    if name in offered_zones():
        return name
    if name not in zoneinfo.available_timezones():
        return None
    return _offered_by_target().get(_target(name))
