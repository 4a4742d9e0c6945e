"""Metal Adventures' whole game state: frozen dataclasses, JSON-safe through to_dict / from_dict (the
schema, and what is hidden from whom: state.md beside this module).

Card zones hold card ids. A pile or deck is a tuple: the Space, Trophy and Improvement decks top first;
the Bazaar and Karokum piles and the out-of-the-game pile in arrival order, the newest last (the top).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import cards
from .battle_state import Battle
from .fields import card_ids, flag, objects, only_keys, whole, wholes, word_list
from .records import Case, Choice, Offer, Promise, Travel, deeds_from

TOTAL_CREDITS = 72
START_CREDITS = 3
MAX_DAMAGE = 4
MAX_JP = 4
TROPHY_LIMIT = 2
IMPROVEMENT_LIMIT = 4
OCG_SPOTS = 4
TROPHIES_DEALT = 3
MF_FACES = (0, 2, 2, 4, 4, 6)  # the Metal Faktor die; 0 is its blank face
BLANK = 0

DEFAULT_WINDOW_HOURS = 24
MIN_WINDOW_HOURS = 1
MAX_WINDOW_HOURS = 72
LAYERED = "layered"
FULL = "full"
HUNTER_SHUFFLES = (LAYERED, FULL)

SETUP = "setup.trophies"
START = "turn.start"
REST = "turn.rest"
TRAVEL = "turn.travel"
OVER = "game.over"
PHASES = (SETUP, "turn.start", "turn.rest", "turn.travel", "battle.draw", "battle.allies",
          "challenge.recruit", "battle.declare", "battle.react", "battle.spoils", "turn.end", OVER)
# The phases inside a battle, from its first command to its settlement: a Battle is recorded then.
BATTLE_PHASES = ("battle.draw", "battle.allies", "challenge.recruit", "battle.declare", "battle.react",
                 "battle.spoils")
PLANET_IDS = ("exxalia", "bazaar", "karokum")  # the planets with a treasury

# The once-a-turn steps GameState.turn_done records: the rest's trophy swap and purchase.
TURN_STEPS = ("swap", "buy")

# Standing orders (rules.md, "Standing orders") by name; `arm <support card>` is one order per card.
ORDER_NAMES = ("ally", "defend", "betray", "mf ally", "mf defend", "trophies", "plead", "vote", "overflow")


@dataclass(frozen=True)
class Options:
    """The game's options (setup.check_options makes them from the lobby's)."""

    window_hours: int = DEFAULT_WINDOW_HOURS  # W: how long a question out of turn waits
    hunter_shuffle: str = LAYERED  # how a returned Pirate Hunter is shuffled back (rules.md)
    perks: bool = False  # the base starships' perks (a site variant)
    two_player_house_rule: bool = False  # two seats, a labelled house rule

    def to_dict(self) -> dict[str, Any]:
        return {"window_hours": self.window_hours, "hunter_shuffle": self.hunter_shuffle, "perks": self.perks,
                "two_player_house_rule": self.two_player_house_rule}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        only_keys(data, ("window_hours", "hunter_shuffle", "perks", "two_player_house_rule"), "options")
        options = cls(window_hours=whole(data.get("window_hours", DEFAULT_WINDOW_HOURS)),
                      hunter_shuffle=str(data.get("hunter_shuffle", LAYERED)),
                      perks=flag(data.get("perks", False)),
                      two_player_house_rule=flag(data.get("two_player_house_rule", False)))
        if not MIN_WINDOW_HOURS <= options.window_hours <= MAX_WINDOW_HOURS:
            raise ValueError(f"window_hours is {MIN_WINDOW_HOURS} to {MAX_WINDOW_HOURS}")
        if options.hunter_shuffle not in HUNTER_SHUFFLES:
            raise ValueError(f"hunter_shuffle is {' or '.join(HUNTER_SHUFFLES)}")
        return options


def order_name_ok(name: str) -> bool:
    if name in ORDER_NAMES:
        return True
    verb, _, card = name.partition(" ")
    return verb == "arm" and card in cards.SUPPORT_CARDS


@dataclass(frozen=True)
class Seat:
    """One pirate: public figures, the astrolabe's four wheels, and its cards."""

    base: str  # its base starship (B1-B6)
    credits: int = START_CREDITS
    power: int = cards.BASE_POWER  # the astrolabe's power wheel: rated power R = 8 + its equipment's power
    damage: int = 0  # 0-4
    glory: int = 0  # net of judgment; may fall below 0
    jp: int = 0  # Judgment of Pirates points, 0-4
    mf: int = BLANK  # the face its Metal Faktor die shows: 0 (blank), 2, 4 or 6
    improvements: tuple[str, ...] = ()  # equipment and support cards, face up, in the order they came
    trophies: tuple[str, ...] = ()  # its hand: hidden from the others (the count is public)
    wrecks: tuple[str, ...] = ()  # starships won, face down: hidden from the others (the count is public)
    # Standing orders, by name (ORDER_NAMES, or "arm <card>"), sorted: hidden from the others.
    orders: tuple[tuple[str, str], ...] = ()
    revealed_this_turn: bool = False
    took_jp_this_turn: bool = False
    # The seats it has accused since its own turn last began (rules.md, "Cases": one case per accuser and
    # accused per round); emptied when its own turn begins.
    accusations: tuple[int, ...] = ()
    out: bool = False  # resigned or left: its turns are skipped
    perk_used: bool = False  # its base starship's once-a-game perk is spent (the Ghost of Havana, B6)

    def order(self, name: str) -> str | None:
        """The standing order of that name, or None when unset."""
        return dict(self.orders).get(name)

    def with_order(self, name: str, value: str | None) -> Seat:
        """The seat with that order set (None: unset)."""
        if not order_name_ok(name):
            raise ValueError(f"no standing order is called {name!r}")
        orders = {k: v for k, v in self.orders if k != name}
        if value is not None:
            orders[name] = value
        return replace(self, orders=tuple(sorted(orders.items())))

    def with_improvements(self, improvements: Sequence[str]) -> Seat:
        """The seat holding these improvements, its power wheel turned to 8 + their equipment's power."""
        held = tuple(improvements)
        return replace(self, improvements=held, power=rated_power(held))

    def to_dict(self) -> dict[str, Any]:
        return {"base": self.base, "credits": self.credits, "power": self.power, "damage": self.damage,
                "glory": self.glory, "jp": self.jp, "mf": self.mf, "improvements": list(self.improvements),
                "trophies": list(self.trophies), "wrecks": list(self.wrecks), "orders": dict(self.orders),
                "revealed_this_turn": self.revealed_this_turn, "took_jp_this_turn": self.took_jp_this_turn,
                "accusations": list(self.accusations), "out": self.out, "perk_used": self.perk_used}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        keys = tuple(cls(base="B1").to_dict())  # pragma: no mutate (any base builds a seat of the same keys)
        only_keys(data, keys, "a seat")
        base = str(data["base"])
        if base not in cards.BASES:
            raise ValueError(f"a seat's base starship is one of {', '.join(cards.BASES)}, not {base!r}")
        improvements = card_ids(data.get("improvements", ()), cards.IMPROVEMENTS, "a seat's improvements")
        orders = data.get("orders", {})
        if not isinstance(orders, Mapping) or not all(isinstance(v, str) for v in orders.values()):
            raise ValueError("a seat's orders are an object of names to words")
        bad = sorted(str(k) for k in orders if not order_name_ok(str(k)))
        if bad:
            raise ValueError(f"no standing order is called {', '.join(bad)}")
        mf = whole(data.get("mf", BLANK))
        if mf not in MF_FACES:
            raise ValueError(f"a Metal Faktor die shows 0 (blank), 2, 4 or 6, not {mf}")
        return cls(base=base, credits=whole(data.get("credits", START_CREDITS)),
                   power=whole(data.get("power", rated_power(improvements))),
                   damage=whole(data.get("damage", 0)), glory=whole(data.get("glory", 0)),
                   jp=whole(data.get("jp", 0)), mf=mf, improvements=improvements,
                   trophies=card_ids(data.get("trophies", ()), cards.TROPHIES, "a seat's trophies"),
                   wrecks=card_ids(data.get("wrecks", ()), cards.STARSHIPS, "a seat's wrecks"),
                   orders=tuple(sorted((str(k), str(v)) for k, v in orders.items())),
                   revealed_this_turn=flag(data.get("revealed_this_turn", False)),
                   took_jp_this_turn=flag(data.get("took_jp_this_turn", False)),
                   accusations=wholes(_list(data.get("accusations", ()), "a seat's accusations")),
                   out=flag(data.get("out", False)), perk_used=flag(data.get("perk_used", False)))


def _list(values: Any, what: str) -> list[Any]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)):
        raise ValueError(f"{what} is a list, not {values!r}")
    return list(values)


def rated_power(improvements: Sequence[str]) -> int:
    """R: the astrolabe's 8 plus the power of the equipment among these improvements."""
    return cards.BASE_POWER + cards.equipment_power(improvements)


@dataclass(frozen=True)
class Treasuries:
    """The credits on the three planets that keep a treasury (the OCG's credits are the bank)."""

    exxalia: int = 0
    bazaar: int = 0
    karokum: int = 0

    def of(self, planet: str) -> int:
        if planet not in PLANET_IDS:
            raise KeyError(f"{planet} keeps no treasury")
        return int(getattr(self, planet))

    def plus(self, planet: str, credits: int) -> Treasuries:
        return replace(self, **{planet: self.of(planet) + credits})

    def total(self) -> int:
        return self.exxalia + self.bazaar + self.karokum

    def to_dict(self) -> dict[str, int]:
        return {"exxalia": self.exxalia, "bazaar": self.bazaar, "karokum": self.karokum}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Treasuries:
        only_keys(data, PLANET_IDS, "treasuries")
        return cls(**{planet: whole(data.get(planet, 0)) for planet in PLANET_IDS})


@dataclass(frozen=True)
class GameState:
    """A whole game of Metal Adventures (state.md lists every field of to_dict and who may see it)."""

    seats: tuple[Seat, ...]
    options: Options = Options()
    phase: str = SETUP
    turn: int = 0  # counts turns: 0 while setting up, 1 for the first turn
    active: int = 0  # the seat whose turn it is
    space_deck: tuple[str, ...] = ()  # top first; blue above red (rules.md, "Setting up")
    # Space cards exempt from blue-above-red: a Hunter shuffled into the whole deck when no card of its
    # colour was left, or every card of the deck after a `full` Hunter shuffle (rules.md).
    space_mixed: tuple[str, ...] = ()
    space_area: tuple[str, ...] = ()  # the face-up starships of a space battle, in spot order
    pot: int = 0  # the Pirates' Pot
    treasuries: Treasuries = Treasuries()
    trophy_deck: tuple[str, ...] = ()  # top first
    improvement_deck: tuple[str, ...] = ()  # top first
    ocg_row: tuple[str | None, ...] = (None,) * OCG_SPOTS  # the four face-up spots; None for an empty one
    bazaar_pile: tuple[str, ...] = ()  # used support cards, the newest last
    karokum_pile: tuple[str, ...] = ()  # starships, the newest last (the top)
    out_of_game: tuple[str, ...] = ()  # Space cards: lost-against starships, spent wrecks, drawn events
    bank: int = 0
    # Setup: the three trophies dealt to each seat while it chooses; once it has kept two, the one it
    # put back, until every seat has chosen and the put-back ones go to the bottom together.
    dealt: tuple[tuple[str, ...], ...] = ()
    chosen: tuple[bool, ...] = ()  # setup: which seats have kept their two
    battle: Battle | None = None
    event_applied_this_turn: bool = False
    # The active seat's once-a-turn steps taken this turn ("swap", "buy" while resting); empty at turn start.
    turn_done: tuple[str, ...] = ()
    travel: Travel = Travel()  # the active seat's battle and tour this turn
    # Choices to make before the turn goes on, the first one now (records.Choice): cards drawn to keep one,
    # a pile to pick from, spoils, a discard. Cards a choice holds are hidden from all but its seat.
    choices: tuple[Choice, ...] = ()
    deeds: tuple[tuple[int, str], ...] = ()  # (seat, deed) done this turn, for the deed trophies
    promises: tuple[Promise, ...] = ()  # open promises, in the order made
    offers: tuple[Offer, ...] = ()  # open trade offers
    cases: tuple[Case, ...] = ()  # open cases
    numbers: tuple[int, int, int] = (0, 0, 0)  # the last offer, promise and case numbers given

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def with_seat(self, index: int, seat: Seat) -> GameState:
        return replace(self, seats=self.seats[:index] + (seat,) + self.seats[index + 1:])

    # === DERIVED VALUES (rules.md, "The astrolabe") ===

    def rated_power(self, index: int) -> int:
        """R: the power wheel, 8 plus the seat's equipment."""
        return self.seats[index].power

    def main_power(self, index: int) -> int:
        """M = R - damage: every battle score and the tribute exemption read it."""
        seat = self.seats[index]
        return seat.power - seat.damage

    def support_power(self, index: int, main: int | None = None) -> int:
        """S = M // 2: what the seat adds as an ally or a traitor; one more for the Black Albatross (B1)
        when the game plays with perks. `main`: the M to halve, when not the seat's M now (a decided
        battle's: fight.score_parts)."""
        bonus = 1 if self.options.perks and self.seats[index].base == "B1" else 0
        return (self.main_power(index) if main is None else main) // 2 + bonus

    def space_counts(self) -> tuple[int, int]:
        """(blue, red) cards left in the Space deck: public, though the order is not."""
        blue = sum(1 for card in self.space_deck if cards.is_blue(card))
        return blue, len(self.space_deck) - blue

    def awaiting_choice(self) -> tuple[int, ...]:
        """Setup: the seats still in that have yet to keep their two trophies, in seat order."""
        if self.phase != SETUP:
            return ()
        return tuple(i for i, seat in enumerate(self.seats) if not seat.out and not self.chosen[i])

    # === JSON ===

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options.to_dict(),
            "phase": self.phase,
            "turn": self.turn,
            "active": self.active,
            "seats": [seat.to_dict() for seat in self.seats],
            "space_deck": list(self.space_deck),
            "space_mixed": list(self.space_mixed),
            "space_area": list(self.space_area),
            "pot": self.pot,
            "treasuries": self.treasuries.to_dict(),
            "trophy_deck": list(self.trophy_deck),
            "improvement_deck": list(self.improvement_deck),
            "ocg_row": list(self.ocg_row),
            "bazaar_pile": list(self.bazaar_pile),
            "karokum_pile": list(self.karokum_pile),
            "out_of_game": list(self.out_of_game),
            "bank": self.bank,
            "dealt": [list(d) for d in self.dealt],
            "chosen": list(self.chosen),
            "battle": None if self.battle is None else self.battle.to_dict(),
            "event_applied_this_turn": self.event_applied_this_turn,
            "turn_done": list(self.turn_done),
            "travel": self.travel.to_dict(),
            "choices": [c.to_dict() for c in self.choices],
            "deeds": [[s, d] for s, d in self.deeds],
            "promises": [p.to_dict() for p in self.promises],
            "offers": [o.to_dict() for o in self.offers],
            "cases": [c.to_dict() for c in self.cases],
            "numbers": list(self.numbers),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """A state from its JSON. Every field but `seats` may be left out (its default: state.md); a
        field the state does not have, or a value of the wrong shape, is a ValueError. Whether the
        position is one the rules can reach is invariants.check's question, not this one's."""
        only_keys(data, tuple(FIELDS), "a Metal Adventures state")
        seats = data.get("seats")
        if not isinstance(seats, (list, tuple)) or not seats:
            raise ValueError("a Metal Adventures state has a list of seats")
        players = len(seats)
        phase = str(data.get("phase", SETUP))
        if phase not in PHASES:
            raise ValueError(f"phase is one of {', '.join(PHASES)}, not {phase!r}")
        row = data.get("ocg_row", [None] * OCG_SPOTS)
        if not isinstance(row, (list, tuple)) or len(row) != OCG_SPOTS:
            raise ValueError(f"the OCG row has {OCG_SPOTS} spots (null for an empty one)")
        dealt = data.get("dealt", [[] for _ in range(players)])
        chosen = data.get("chosen", [phase != SETUP] * players)
        if len(dealt) != players or len(chosen) != players:
            raise ValueError("dealt and chosen have one entry per seat")
        battle = data.get("battle")
        space = {**cards.STARSHIPS, **cards.EVENTS}
        return cls(
            seats=tuple(Seat.from_dict(seat) for seat in seats),
            options=Options.from_dict(data.get("options", {})),
            phase=phase,
            turn=whole(data.get("turn", 0)),
            active=whole(data.get("active", 0)),
            space_deck=card_ids(data.get("space_deck", ()), space, "the Space deck"),
            space_mixed=card_ids(data.get("space_mixed", ()), space, "space_mixed"),
            space_area=card_ids(data.get("space_area", ()), cards.STARSHIPS, "the Space area"),
            pot=whole(data.get("pot", 0)),
            treasuries=Treasuries.from_dict(data.get("treasuries", {})),
            trophy_deck=card_ids(data.get("trophy_deck", ()), cards.TROPHIES, "the Trophy deck"),
            improvement_deck=card_ids(data.get("improvement_deck", ()), cards.IMPROVEMENTS,
                                  "the Improvement deck"),
            ocg_row=tuple(None if spot is None else card_ids([spot], cards.IMPROVEMENTS, "the OCG row")[0]
                          for spot in row),
            bazaar_pile=card_ids(data.get("bazaar_pile", ()), cards.IMPROVEMENTS, "the Bazaar pile"),
            karokum_pile=card_ids(data.get("karokum_pile", ()), cards.STARSHIPS, "the Karokum pile"),
            out_of_game=card_ids(data.get("out_of_game", ()), space, "out of the game"),
            bank=whole(data.get("bank", 0)),
            dealt=tuple(card_ids(d, cards.TROPHIES, "dealt trophies") for d in dealt),
            chosen=tuple(flag(c) for c in chosen),
            battle=None if battle is None else Battle.from_dict(battle),
            event_applied_this_turn=flag(data.get("event_applied_this_turn", False)),
            turn_done=word_list(data.get("turn_done", ()), TURN_STEPS, "turn_done"),
            travel=Travel.from_dict(data.get("travel", {})),
            choices=tuple(Choice.from_dict(c) for c in objects(data.get("choices", ()), "choices")),
            deeds=deeds_from(data.get("deeds", ())),
            promises=tuple(Promise.from_dict(p) for p in objects(data.get("promises", ()), "promises")),
            offers=tuple(Offer.from_dict(o) for o in objects(data.get("offers", ()), "offers")),
            cases=tuple(Case.from_dict(c) for c in objects(data.get("cases", ()), "cases")),
            numbers=_numbers(data.get("numbers", (0, 0, 0))),
        )


def _numbers(values: Any) -> tuple[int, int, int]:
    if isinstance(values, str) or not isinstance(values, (list, tuple)) or len(values) != 3:
        raise ValueError("numbers is [last offer, last promise, last case]")
    return whole(values[0]), whole(values[1]), whole(values[2])


# The fields of GameState.to_dict, in its order (state.md documents each).
FIELDS = tuple(GameState(seats=(Seat(base="B1"),), dealt=((),), chosen=(False,)).to_dict())
