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

# Each faction's power in one sentence, the one source for the game page (the seats panel, the faction
# deal) and the rules page's table (faction_table). "{engine}" is the edition's 1-credit piece.
POWERS: dict[str, str] = {
    "zoomers": "Every {engine} counts for 1.5 moves, rounded up.",
    "warriors": "Add one to every attack roll.",
    "bankers": "Start with 20% more in the reserve.",
    "clovers": "Pay 1 to reroll your own roll (or let a standing order do it).",
    "murphys": "Pay 2 to force an opponent to reroll a roll against you (standing order).",
    "rebels": f"An invader needs {REBELS_INVADERS_NEEDED} ships on your home base to put you out.",
    "swarm": "Instead of launching, split one of your stacks into two.",
    "vamps": "Deal 3 or more damage and drain up to 3 into your reserve.",
    "adapters": "After damage, rebuild the ship at the same value (standing order).",
    "anarchists": "Launched ships may cross any border on their first activation.",
}


def faction_power(faction: str | None, engine: str = "engine") -> str:
    """The faction's power in words, naming the edition's 1-credit piece (`engine`, `penny`); "" for none."""
    return POWERS.get(faction or "", "").format(engine=engine)


def faction_table() -> str:
    """The rules page's table of the factions and their powers (games/kinds/metaltalon/rules.md, "The
    factions"), in markdown: the document holds this text, and a test keeps the two the same."""
    rows = [f"| **{NAMES[f]}** | {faction_power(f, 'engine (coins: penny)')} |" for f in FACTIONS]
    return "\n".join(["| faction | power |", "|---|---|", *rows])


if __name__ == "__main__":  # prints the table to paste into rules.md after a power changes
    print(faction_table())


def faction_name(faction: str | None) -> str:
    return NAMES[faction] if faction else "undecided"


def check_faction(name: str) -> str:
    key = name.strip().lower()
    aliases = {"murphies": "murphys", "the swarm": "swarm", "vampires": "vamps"}
    key = aliases.get(key, key)
    if key not in FACTIONS:
        raise ValueError(f"Unknown faction {name!r}: choose from {', '.join(FACTIONS)}")
    return key
