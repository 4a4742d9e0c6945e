"""Metal Adventures' card set: the site's own design (rules.md, "The card set"), read once from the JSON
files in cards/ beside this module into frozen dataclasses, with lookups by id and `find`, which reads a
card a player names (by id, by name, or by a part of a name).

The printed game names six cards and states ranges; every other card is the site's. The data files are
the one source: rules.md's tables and the tests read the same numbers (the tests through `load`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from games.kinds.protocol import Refused

NATIONS = ("Solar", "Imperial", "Barrens", "OCG")
NEAR = "near"  # blue back
DEEP = "deep"  # red back
EQUIPMENT_TYPES = ("weapon", "armor", "tool")
SUPPORT = "support"
TIMINGS = ("pre-roll", "reaction", "own-turn")
TROPHY_KINDS = ("S", "E")  # a state, or a deed that holds to the end of its turn
BASE_POWER = 8  # every astrolabe starts at power 8, and every base starship prints 8


@dataclass(frozen=True)
class Starship:
    """A Space card that is a starship. `damage` is its dots: the damage each losing pirate takes."""

    id: str
    name: str
    deck: str  # NEAR or DEEP: the back's colour
    nation: str
    power: int
    damage: int
    credits: int  # reward: credits from the bank
    glory: int  # reward: glory
    support: int  # reward: support cards from the Bazaar pile
    hunter: bool  # a Pirate Hunter


@dataclass(frozen=True)
class Event:
    """A Space card that is an event: applied to every seat when drawn, the first one of a turn only."""

    id: str
    name: str
    deck: str
    effect: str  # the effect's code (one per event)
    text: str


@dataclass(frozen=True)
class Trophy:
    id: str
    name: str
    condition: str  # the condition's code
    at_least: int  # the condition's number; 0 when it has none
    nation: str | None  # the nation a wreck condition counts
    kind: str  # "S" (a state) or "E" (a deed, until the end of its turn)
    glory: int
    credits: int  # from the bank
    text: str


@dataclass(frozen=True)
class Improvement:
    """An equipment card (weapon, armor, tool: permanent, adds its power to R) or a support card (used
    once, then to the Bazaar pile)."""

    id: str
    name: str
    power: int  # added to R while held; 0 for support cards
    type: str  # one of EQUIPMENT_TYPES, or SUPPORT
    cost: int
    timing: str | None  # a support card's timing (TIMINGS); None for equipment
    effect: str | None  # the effect's code; None for equipment that only adds power
    amount: int  # the effect's number; 0 when it has none
    text: str

    @property
    def equipment(self) -> bool:
        return self.type != SUPPORT


@dataclass(frozen=True)
class Base:
    """A base starship: power 8, a name; its perk counts only with the `perks` option."""

    id: str
    name: str
    power: int
    perk: str
    perk_text: str


@dataclass(frozen=True)
class Planet:
    id: str  # "exxalia", "bazaar", "karokum", "ocg"
    name: str
    power: int | None  # None: cannot be attacked (the OCG Trading Post)
    treasury: bool
    prize: str | None
    prize_text: str


def _read(name: str, text: str) -> dict[str, Any]:
    data = json.loads(text)
    if not isinstance(data, dict) or not str(data.get("note", "")).startswith(("These cards are the site's",
                                                                              "The planets'")):
        raise ValueError(f"cards/{name} must open with the note that its cards are the site's own design")
    return data


def _int(row: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"card {row.get('id')}: {key} is a whole number from {low} to {high}, not {value!r}")
    return value


def _str(row: Mapping[str, Any], key: str, choices: Iterable[str] | None = None) -> str:
    value = row[key]
    if not isinstance(value, str) or not value or (choices is not None and value not in choices):
        raise ValueError(f"card {row.get('id')}: {key} is {value!r}")
    return value


def _opt_str(row: Mapping[str, Any], key: str, choices: Iterable[str] | None = None) -> str | None:
    return None if row.get(key) is None else _str(row, key, choices)


def _starships(data: Mapping[str, Mapping[str, Any]], name: str, deck: str) -> list[Starship]:
    if data[name].get("deck") != deck:
        raise ValueError(f"cards/{name} is the {deck} deck")
    return [Starship(id=_str(r, "id"), name=_str(r, "name"), deck=deck, nation=_str(r, "nation", NATIONS),
                     power=_int(r, "power", 6, 20), damage=_int(r, "damage", 1, 3),
                     credits=_int(r, "credits", 0, 10), glory=_int(r, "glory", 0, 5),
                     support=_int(r, "support", 0, 1), hunter=r["hunter"] is True)
            for r in data[name]["starships"]]


def _events(data: Mapping[str, Any]) -> list[Event]:
    return [Event(id=_str(r, "id"), name=_str(r, "name"), deck=_str(r, "deck", (NEAR, DEEP)),
                  effect=_str(r, "effect"), text=_str(r, "text")) for r in data["events"]]


def _trophies(data: Mapping[str, Any]) -> list[Trophy]:
    return [Trophy(id=_str(r, "id"), name=_str(r, "name"), condition=_str(r, "condition"),
                   at_least=_int(r, "at_least", 0, 20), nation=_opt_str(r, "nation", NATIONS),
                   kind=_str(r, "kind", TROPHY_KINDS), glory=_int(r, "glory", 0, 5),
                   credits=_int(r, "credits", 0, 5), text=_str(r, "text"))
            for r in data["trophies"]]


def _improvements(data: Mapping[str, Any]) -> list[Improvement]:
    cards = []
    for r in data["improvements"]:
        kind = _str(r, "type", (*EQUIPMENT_TYPES, SUPPORT))
        card = Improvement(id=_str(r, "id"), name=_str(r, "name"), power=_int(r, "power", 0, 4), type=kind,
                           cost=_int(r, "cost", 1, 9), timing=_opt_str(r, "timing", TIMINGS),
                           effect=_opt_str(r, "effect"), amount=_int(r, "amount", 0, 20), text=str(r["text"]))
        if card.equipment != (card.timing is None) or card.equipment != (card.power > 0):
            raise ValueError(f"card {card.id}: equipment has power, no timing; support a timing, no power")
        cards.append(card)
    return cards


def _bases(data: Mapping[str, Any]) -> list[Base]:
    return [Base(id=_str(r, "id"), name=_str(r, "name"), power=_int(r, "power", BASE_POWER, BASE_POWER),
                 perk=_str(r, "perk"), perk_text=_str(r, "perk_text")) for r in data["bases"]]


def _planets(data: Mapping[str, Any]) -> list[Planet]:
    return [Planet(id=_str(r, "id"), name=_str(r, "name"),
                   power=None if r["power"] is None else _int(r, "power", 1, 30),
                   treasury=r["treasury"] is True,
                   prize=_opt_str(r, "prize"), prize_text=_str(r, "prize_text"))
            for r in data["planets"]]


def _by_id[T: (Starship, Event, Trophy, Improvement, Base, Planet)](cards: Iterable[T]) -> Mapping[str, T]:
    table: dict[str, T] = {}
    for card in cards:
        if card.id in table:
            raise ValueError(f"card id {card.id} is given twice")
        table[card.id] = card
    return MappingProxyType(table)


FILES = ("near_space.json", "deep_space.json", "events.json", "trophies.json", "improvements.json",
         "bases.json", "planets.json")


def data_files() -> dict[str, str]:
    """The text of each card file in cards/ beside this module, by file name."""
    folder = resources.files(__package__).joinpath("cards")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}


@dataclass(frozen=True)
class CardSet:
    """Every card of the game, by id, as `load` reads them from the card files."""

    starships: Mapping[str, Starship]
    events: Mapping[str, Event]
    trophies: Mapping[str, Trophy]
    improvements: Mapping[str, Improvement]
    bases: Mapping[str, Base]
    planets: Mapping[str, Planet]
    names: Mapping[str, str]  # every card a player can name (all but the planets): its name by id


def load(files: Mapping[str, str]) -> CardSet:
    """The card set the card files' texts (`data_files()`) hold, checked: ValueError, saying which card
    and what is wrong, for a file without its note, a value out of its range or a card id used twice.
    The module reads it once, into STARSHIPS ... PLANETS; the tests call it themselves (docs/testing.md,
    "What mutmut cannot see")."""
    data = {name: _read(name, text) for name, text in files.items()}
    starships = _by_id(_starships(data, "near_space.json", NEAR) + _starships(data, "deep_space.json", DEEP))
    events = _by_id(_events(data["events.json"]))
    trophies = _by_id(_trophies(data["trophies.json"]))
    improvements = _by_id(_improvements(data["improvements.json"]))
    bases = _by_id(_bases(data["bases.json"]))
    decks = (starships, events, trophies, improvements, bases)
    names = {i: c.name for deck in decks for i, c in deck.items()}
    if len(names) != sum(len(deck) for deck in decks):
        raise ValueError("a card id is used in two decks")
    return CardSet(starships=starships, events=events, trophies=trophies, improvements=improvements,
                   bases=bases, planets=_by_id(_planets(data["planets.json"])), names=MappingProxyType(names))


_CARDS = load(data_files())
STARSHIPS: Mapping[str, Starship] = _CARDS.starships
EVENTS: Mapping[str, Event] = _CARDS.events
TROPHIES: Mapping[str, Trophy] = _CARDS.trophies
IMPROVEMENTS: Mapping[str, Improvement] = _CARDS.improvements
BASES: Mapping[str, Base] = _CARDS.bases
PLANETS: Mapping[str, Planet] = _CARDS.planets
# Every card a player can name, by id: Space cards, trophies, improvements and base starships.
NAMES: Mapping[str, str] = _CARDS.names

# The Space deck's cards by back colour, in id order: starships first, then events.
BLUE: tuple[str, ...] = (tuple(i for i, s in STARSHIPS.items() if s.deck == NEAR)
                         + tuple(i for i, e in EVENTS.items() if e.deck == NEAR))
RED: tuple[str, ...] = (tuple(i for i, s in STARSHIPS.items() if s.deck == DEEP)
                        + tuple(i for i, e in EVENTS.items() if e.deck == DEEP))
SPACE_CARDS: tuple[str, ...] = BLUE + RED
SUPPORT_CARDS: tuple[str, ...] = tuple(i for i, c in IMPROVEMENTS.items() if not c.equipment)
EQUIPMENT_CARDS: tuple[str, ...] = tuple(i for i, c in IMPROVEMENTS.items() if c.equipment)


def is_blue(card: str) -> bool:
    """A Space card with the blue (Near Space) back."""
    space = STARSHIPS.get(card) or EVENTS.get(card)
    if space is None:
        raise KeyError(f"{card} is not a Space card")
    return space.deck == NEAR


def equipment_power(improvements: Iterable[str]) -> int:
    """What a seat's equipment adds to its rated power (support cards add nothing)."""
    return sum(IMPROVEMENTS[card].power for card in improvements)


def label(card: str) -> str:
    """A card as the site writes it: its name and id ("RHUM (E11)")."""
    return f"{NAMES[card]} ({card})"


# === NAMING A CARD (rules.md, "Naming cards") ===

LISTED = 12  # a refusal lists the cards of a zone up to this many
_ID = re.compile(r"([a-z]+)0*(\d+)")


def _id_key(text: str) -> str | None:
    """An id without its leading zeros, lower case: "N05", "n5" and "n005" are one id."""
    match = _ID.fullmatch(text.strip().lower())
    return None if match is None else match.group(1) + match.group(2)


def words(text: str) -> str:
    """A name as `find` compares it: lower case, hyphens and underscores read as spaces, apostrophes
    dropped, one space between words ("Legate's-Pinnace" reads "legates pinnace")."""
    text = text.lower().replace("'", "").replace("\u2019", "").replace("-", " ").replace("_", " ")
    return " ".join(text.split())


def _or_list(cards: Iterable[str]) -> str:
    named = [label(c) for c in cards]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]


def _listing(ids: tuple[str, ...]) -> str:
    if not ids:
        return "none"
    if len(ids) > LISTED:
        return f"{len(ids)} cards (name one by its id)"
    return "; ".join(label(c) for c in ids)


def find(text: str, zone_ids: Iterable[str], zone: str = "the cards here") -> str:
    """The id of the card `text` names among `zone_ids`: its id (with or without leading zeros), its
    whole name, or any part of its name that matches exactly one of them, in any case, with spaces or
    hyphens. Refused, saying why and what is there, when
    it names none of them or could be several; `zone` names them in the refusal ("your trophies")."""
    ids = tuple(dict.fromkeys(zone_ids))
    unknown = [card for card in ids if card not in NAMES]
    if unknown:
        raise KeyError(f"not cards: {', '.join(unknown)}")
    here = _listing(ids)
    wanted = text.strip()
    if not words(wanted):
        raise Refused(f"Name one of {zone}: {here}.")
    key = _id_key(wanted)
    if key is not None:
        for card in ids:
            if _id_key(card) == key:
                return card
        known = [card for card in NAMES if _id_key(card) == key]
        if known:
            raise Refused(f"{label(known[0])} is not one of {zone}: {here}.")
    name = words(wanted)
    # No card's name is a part of another's (the tests hold the set to it), so a whole name is never
    # ambiguous and needs no rule of its own.
    parts = [card for card in ids if name in words(NAMES[card])]
    if len(parts) == 1:
        return parts[0]
    if not parts:
        raise Refused(f"None of {zone} is called {wanted!r}: {here}.")
    raise Refused(f"{wanted!r} could be {_or_list(parts)}: name it by its id or by more of its name.")
