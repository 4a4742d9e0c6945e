"""The ten factions (token edition: faction cards; coin editions: species or races)."""

FACTIONS: tuple[str, ...] = (
    "zoomers",
    "warriors",
    "bankers",
    "clovers",
    "murphys",
    "rebels",
    "swarm",
    "vamps",
    "adapters",
    "anarchists",
)

NAMES: dict[str, str] = {
    "zoomers": "Zoomers",
    "warriors": "Warriors",
    "bankers": "Bankers",
    "clovers": "Clovers",
    "murphys": "Murphys",
    "rebels": "Rebels",
    "swarm": "The Swarm",
    "vamps": "Vamps",
    "adapters": "Adapters",
    "anarchists": "Anarchists",
}

# Ships of a Rebels seat are invaded only by three ships of one invader.
REBELS_INVADERS_NEEDED = 3


def faction_name(faction: str | None) -> str:
    return NAMES[faction] if faction else "undecided"


def check_faction(name: str) -> str:
    key = name.strip().lower()
    aliases = {"murphies": "murphys", "the swarm": "swarm", "vampires": "vamps"}
    key = aliases.get(key, key)
    if key not in FACTIONS:
        raise ValueError(f"Unknown faction {name!r}: choose from {', '.join(FACTIONS)}")
    return key
