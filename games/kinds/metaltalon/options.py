"""MetalTalon's options (edition, variants, faction deal, dice) and the words the lobby shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kinds.metaltalon.engine import EDITIONS, PLAYER_COUNTS, VARIANTS
from games.kinds.protocol import BadOptions

EDITION_CHOICES = [
    ("token", "Token edition (000)"),
    ("metatalon", "MetaTalon coin edition (001)"),
    ("web2002", "Web 2002 coin edition (002)"),
]
VARIANT_CHOICES = [("takeover", "Takeover"), ("spoils", "Spoils of War")]
FACTION_MODE_CHOICES = [
    ("deal", "Dealt at random: each seat keeps or redraws once"),
    ("fixed", "Dealt at random, no redraw"),
]
DICE_MODE_CHOICES = [("d6", "Six-sided die"), ("stopwatch", "Stopwatch (coin editions)")]
DEFAULTS: dict[str, Any] = {"edition": "token", "variants": [], "faction_mode": "deal", "dice_mode": "d6"}


def check_options(options: Mapping[str, Any], players: int) -> dict[str, Any]:
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise BadOptions(f"MetalTalon has no option “{unknown[0]}”.")
    opts = {**DEFAULTS, **options}
    edition, faction_mode, dice_mode = opts["edition"], opts["faction_mode"], opts["dice_mode"]
    variants = opts["variants"]
    if isinstance(variants, str) or not isinstance(variants, list | tuple):
        raise BadOptions("Variants are a list: Takeover or Spoils of War.")
    variants = sorted({str(v) for v in variants})
    ed = EDITIONS.get(edition)
    if ed is None:
        raise BadOptions(f"Unknown edition “{edition}”: choose token, metatalon or web2002.")
    if players == 5:
        raise BadOptions("Five-player games are not offered: no rule text covers them. Choose 2, 3, 4 or 6.")
    if players not in PLAYER_COUNTS:
        raise BadOptions("MetalTalon is played by 2, 3, 4 or 6 players.")
    bad = [v for v in variants if v not in VARIANTS]
    if bad:
        raise BadOptions(f"Unknown variant {bad[0]!r}: Takeover or Spoils of War.")
    if variants and not ed.variants:
        raise BadOptions(f"The {edition} edition has no variants.")
    if len(variants) > 1:
        raise BadOptions("Takeover and Spoils of War cannot be played together: choose one.")
    if faction_mode not in dict(FACTION_MODE_CHOICES):
        raise BadOptions("Faction mode is “deal” (keep or redraw) or “fixed”.")
    if dice_mode not in dict(DICE_MODE_CHOICES):
        raise BadOptions("Dice are a six-sided die or a stopwatch.")
    if dice_mode == "stopwatch" and ed.stopwatch is None:
        raise BadOptions("The token edition rolls a six-sided die; stopwatch rolls are for coin editions.")
    return {"edition": edition, "variants": variants, "faction_mode": faction_mode, "dice_mode": dice_mode}


def describe_options(options: Mapping[str, Any]) -> str:
    """"Token edition (000) · Takeover · Six-sided die": the game's header and lists."""
    opts = {**DEFAULTS, **options}
    parts = [dict(EDITION_CHOICES).get(opts["edition"], opts["edition"])]
    parts += [dict(VARIANT_CHOICES).get(v, v) for v in opts["variants"]]
    parts.append(dict(DICE_MODE_CHOICES).get(opts["dice_mode"], opts["dice_mode"]).split(" (")[0])
    if opts["faction_mode"] == "fixed":
        parts.append("factions fixed")
    return " · ".join(parts)
