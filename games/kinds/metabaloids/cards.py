"""Metabaloids' card set: the site's two starter decks (rules.md, the starter decks), read once from the
JSON files in cards/ beside this module into frozen dataclasses. The data files are the one source of
the cards' numbers; this module checks them as it reads them, looks cards up by code or printed name, and
checks a deck against the deck limits (45 cards, 125 points, 4 copies of a name).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

CATEGORIES = ("creature", "terrain", "event")
RARITIES = ("C", "U", "R", "SR")
TIMINGS = ("any_time", "own_turn", "during_attacks")
SOURCES = ("play", "hand")  # abilities work from the play area; events are played from hand
EFFECTS = ("bonus", "draw", "lost_to_discard", "stop", "unsafe")
SIDES = ("attack", "defense", "own")
REQUIREMENTS = ("column_attacking", "column_defending", "in_battle", "defender", "pending_other",
                "safe_column", "draw_possible", "lost_not_empty")
GUARD = "guard"
NO_ATTACK = "no_attack"  # "cannot initiate attacks"
_COLUMN_BONUS = re.compile(r"column_(attack|defense)\+(\d+)")

DECK_SIZE = 45  # exactly 45, not "at most" (rules.md, the deck limits)
MAX_POINTS = 125
MAX_COPIES = 4


@dataclass(frozen=True)
class Ability:
    """An activated ability, or an event (whose one ability is the event itself, named by its code)."""

    name: str  # the command word: "boost", "brood", "regrow"; an event's code
    timing: str  # one of TIMINGS
    cost: int  # points, paid with Metabaloids from the owner's hand
    source: str  # "play" (a card in play) or "hand" (an event)
    effect: str  # one of EFFECTS
    side: str  # for "bonus": "attack", "defense" or "own" (the side its player is on); "" otherwise
    amount: int  # the bonus, the cards drawn, the lost cards moved (at most); 0 for stop and unsafe
    requires: str  # one of REQUIREMENTS: what must hold to activate it
    text: str  # the one-line e-mail wording


@dataclass(frozen=True)
class Card:
    """One card name. Copies of a name share its code, whatever their rarity."""

    code: str
    name: str
    category: str
    type: str  # the Scientific Name / Type line ("Creature: Arachnid", "Terrain: Web")
    rarity: str
    cost: int  # price to play it, worth as a Metabaloid, bonus when drawn in a battle
    attack: int | None  # None: no attack icon
    defense: int | None  # None: no defense icon
    abilities: tuple[Ability, ...]
    statics: tuple[str, ...]  # "guard", "no_attack", "column_attack+N", "column_defense+N"
    promo: bool
    collector: str  # "<set> <rarity> <number>", display only

    @property
    def atk(self) -> int:
        """The attack that counts: no icon counts 0."""
        return self.attack or 0

    @property
    def dfn(self) -> int:
        """The defense that counts: no icon counts 0 everywhere (absorption and damage payment)."""
        return self.defense or 0

    @property
    def is_event(self) -> bool:
        return self.category == "event"

    @property
    def guard(self) -> bool:
        return GUARD in self.statics

    @property
    def can_attack(self) -> bool:
        """Whether it may be chosen as the attacking card (events never stand in a column)."""
        return not self.is_event and NO_ATTACK not in self.statics

    def column_bonus(self, side: str) -> int:
        """The static bonus it adds to its column's total on `side` ("attack" when its column attacks,
        "defense" when it defends); 0 when it has none."""
        total = 0
        for static in self.statics:
            match = _COLUMN_BONUS.fullmatch(static)
            if match is not None and match.group(1) == side:
                total += int(match.group(2))
        return total

    def ability(self, name: str | None = None) -> Ability | None:
        """Its ability called `name`; with None, its only ability. None when there is no such ability."""
        if name is None:
            return self.abilities[0] if len(self.abilities) == 1 else None
        wanted = name.lower()
        return next((a for a in self.abilities if a.name == wanted), None)


# === READING THE DATA FILES ===


def _int(row: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"card {row.get('code')}: {key} is a whole number {low} to {high}, not {value!r}")
    return value


def _opt_int(row: Mapping[str, Any], key: str) -> int | None:
    return None if row[key] is None else _int(row, key, 0, 20)


def _str(row: Mapping[str, Any], key: str, choices: Iterable[str] | None = None) -> str:
    value = row[key]
    if not isinstance(value, str) or (choices is not None and value not in choices):
        raise ValueError(f"card {row.get('code')}: {key} is {value!r}")
    return value


def _ability(code: str, ability_row: Mapping[str, Any]) -> Ability:
    row = {**ability_row, "code": code}  # an ability's row has no code: the refusals name its card's
    ability = Ability(name=_str(row, "name"), timing=_str(row, "timing", TIMINGS),
                      cost=_int(row, "cost", 0, 9), source=_str(row, "source", SOURCES),
                      effect=_str(row, "effect", EFFECTS),
                      side=_str(row, "side", ("", *SIDES)), amount=_int(row, "amount", 0, 9),
                      requires=_str(row, "requires", REQUIREMENTS), text=_str(row, "text"))
    if (ability.effect == "bonus") != (ability.side != ""):
        raise ValueError(f"card {code}: a bonus names its side, and only a bonus does")
    if not ability.name or not ability.text:
        raise ValueError(f"card {code}: an ability has a name and a text")
    return ability


def _card(row: Mapping[str, Any]) -> Card:
    code = _str(row, "code")
    if not re.fullmatch(r"[a-z]+", code):
        raise ValueError(f"card code {code!r} is a lower-case word")
    statics = tuple(str(s) for s in row["statics"])
    for static in statics:
        if static not in (GUARD, NO_ATTACK) and _COLUMN_BONUS.fullmatch(static) is None:
            raise ValueError(f"card {code}: unknown static {static!r}")
    card = Card(code=code, name=_str(row, "name"), category=_str(row, "category", CATEGORIES),
                type=_str(row, "type"), rarity=_str(row, "rarity", RARITIES), cost=_int(row, "cost", 0, 9),
                attack=_opt_int(row, "attack"), defense=_opt_int(row, "defense"),
                abilities=tuple(_ability(code, a) for a in row["abilities"]), statics=statics,
                promo=row["promo"] is True, collector=_str(row, "collector"))
    # Events are played from hand as their one ability and never stand in a column (rules.md); every other
    # card's abilities work from the play area.
    if card.is_event:
        if (card.attack, card.defense) != (None, None) or len(card.abilities) != 1 or card.statics:
            raise ValueError(f"card {code}: an event has no icons, no statics and exactly one ability")
        if card.abilities[0].source != "hand" or card.abilities[0].name != code:
            raise ValueError(f"card {code}: an event's ability is played from hand under the event's code")
    elif any(a.source != "play" for a in card.abilities):
        raise ValueError(f"card {code}: only events are played from hand")
    return card


def _key(word: str) -> str:
    """A code or printed name as `code_for` compares it: lower case, hyphens for spaces and underscores."""
    return "-".join(word.strip().lower().replace("_", " ").replace("-", " ").split())


def data_files() -> dict[str, str]:
    """The text of each data file in cards/ beside this module, by file name."""
    # No mutation on these two lines: files() with no anchor finds this module's package itself, and the
    # data files are plain ASCII, read the same in any encoding.
    folder = resources.files(__package__).joinpath("cards")  # pragma: no mutate
    return {name: folder.joinpath(name).read_text(encoding="utf-8")  # pragma: no mutate
            for name in ("cards.json", "decks.json")}


@dataclass(frozen=True)
class CardSet:
    cards: Mapping[str, Card]
    deck_names: Mapping[str, str]
    decks: Mapping[str, Mapping[str, int]]
    words: Mapping[str, str]  # a code or printed name (as `_key` writes it) -> the card's code


def load(files: Mapping[str, str]) -> CardSet:
    """The card set the data files' texts hold, checked: ValueError, saying which card and what is wrong,
    for a value out of its range, a code or name used twice, or a deck naming an unknown card."""
    rows = json.loads(files["cards.json"])["cards"]
    cards: dict[str, Card] = {}
    words: dict[str, str] = {}  # every code and printed name, so that `code_for` reads each one way only
    for row in rows:
        card = _card(row)
        if card.code in cards:
            raise ValueError(f"card code {card.code} is given twice")
        for word in (card.code, _key(card.name)):
            if words.setdefault(word, card.code) != card.code:
                raise ValueError(f"card {card.code}: {word!r} is already card {words[word]}'s code or name")
        cards[card.code] = card
    names: dict[str, str] = {}
    decks: dict[str, Mapping[str, int]] = {}
    for letter, deck in json.loads(files["decks.json"])["decks"].items():
        counts = {str(code): int(count) for code, count in deck["cards"].items()}
        unknown = sorted(set(counts) - set(cards))
        if unknown:
            raise ValueError(f"deck {letter} names unknown cards: {', '.join(unknown)}")
        names[letter] = str(deck["name"])
        decks[letter] = MappingProxyType(counts)
    return CardSet(cards=MappingProxyType(cards), deck_names=MappingProxyType(names),
                   decks=MappingProxyType(decks), words=MappingProxyType(words))


_SET = load(data_files())
CARDS: Mapping[str, Card] = _SET.cards
DECK_NAMES: Mapping[str, str] = _SET.deck_names  # {"A": "Silk & Sting", "B": "Shell & Slime"}
DECKS: Mapping[str, Mapping[str, int]] = _SET.decks  # code -> copies, by deck letter
POOL: tuple[str, ...] = tuple(sorted(CARDS))  # the cards a deck may be built from


def card(code: str) -> Card:
    """The card with this code; KeyError for an unknown code."""
    return CARDS[code]


def code_for(word: str) -> str | None:
    """The code of the card a player names: its code or its printed name, any case, with hyphens, spaces
    or underscores between the words ("thread-spider", "Thread Spider"). None when no card has it."""
    return _SET.words.get(_key(word))


def deck_list(deck: Mapping[str, int]) -> list[str]:
    """Every card of a deck, one code per copy, sorted by code."""
    return sorted(code for code, copies in deck.items() for _ in range(copies))


def deck_points(counts: Mapping[str, int]) -> int:
    """The deck's total cost in points; KeyError for an unknown code."""
    return sum(CARDS[code].cost * copies for code, copies in counts.items())


def deck_problems(counts: Mapping[str, int]) -> list[str]:
    """Every deck limit the deck breaks, in words a player understands; [] for a legal deck. Exactly 45
    cards (rules.md: a smaller deck would let a leader end a game of 3 or more early by running out), at
    most 125 points, at most 4 copies of a name."""
    problems = []
    for code in sorted(counts):
        if code not in CARDS:
            problems.append(f"unknown card {code!r}")
        elif counts[code] < 0:
            problems.append(f"a negative number of {CARDS[code].name}")
        elif counts[code] > MAX_COPIES:
            problems.append(f"more than {MAX_COPIES} copies of {CARDS[code].name} ({counts[code]})")
    known = {code: copies for code, copies in counts.items() if code in CARDS}
    size = sum(counts.values())
    if size != DECK_SIZE:
        problems.append(f"{size} cards (a deck has exactly {DECK_SIZE})")
    points = deck_points(known)
    if points > MAX_POINTS:
        problems.append(f"{points} points (at most {MAX_POINTS})")
    return problems
