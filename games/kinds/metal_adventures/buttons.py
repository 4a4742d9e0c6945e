"""The words of the game page's buttons (page.py): every command `legal_commands` lists, said as a player
reads it ("Roll the Metal Faktor die", "Scrap your wreck Rust Jackal for Sunskiff (Tour)"), with the names
of rules.md and docs/rules.md (the Tour of Pirates' actions, the Metal Faktor die, the Karokum pile). The
button still posts its command as listed: only its label is said here.

One table, WORDS, by the command's first word: each entry reads the command's other words. A command
whose words name a starship in Space by its spot (`attack space 2`) is said with the state, which shows
the Space area to everyone (rules.md, "The zones"); without a state the spot is said alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import cards, prompts
from .records import KEEP_TROPHY, SUPPORT, TAKE_WRECKS, WRECK_FROM_PILE
from .state import GameState
from .turn import rest_price

TOUR = " (Tour)"  # after every Tour of Pirates action: the tour is one block of the turn (rules.md)


@dataclass(frozen=True)
class Said:
    """What a label may name: the players (by seat index) and, when known, the state the page shows."""

    names: Sequence[str]
    state: GameState | None = None


def _card(card: str) -> str:
    return cards.NAMES.get(card, card)


def _cards(ids: Sequence[str]) -> str:
    """"Sunskiff", "Sunskiff and Dustfang", "Sunskiff, Dustfang and Ashcrow"."""
    named = [_card(c) for c in ids]
    if len(named) <= 1:
        return "".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


def _wrecks(ids: Sequence[str]) -> str:
    return f"{'wreck' if len(ids) == 1 else 'wrecks'} {_cards(ids)}"


def _seat(word: str, said: Said) -> str:
    """A seat number as the command writes it (1-based), as the player's name."""
    return prompts.name(int(word) - 1, said.names) if word.isdigit() else word


def _planet(word: str) -> str:
    planet = cards.PLANETS.get(word)
    return planet.name if planet is not None else word


def _paying(ids: Sequence[str]) -> str:
    return f", paying {_wrecks(ids)}" if ids else ""


# === THE TOUR OF PIRATES (tour_actions.ACTIONS, by their command word) ===

def _tour_trophies(rest: list[str], said: Said) -> str:
    paid = f", paying {_card(rest[0])}" if rest else ""
    return f"Draw two trophies, keep one{paid}"


def _tour_splurge(rest: list[str], said: Said) -> str:
    credits = [w for w in rest if w.endswith("c") and w[:-1].isdigit()]
    wrecks = [w for w in rest if w not in credits]
    if not rest:
        return "Extravagant Expenditure: 1 glory for 6₡"
    paid = [f"{credits[0][:-1]}₡"] if credits else []
    return f"Extravagant Expenditure: 1 glory for {' and '.join([*paid, _wrecks(wrecks)])}"


TOUR_WORDS: Mapping[str, Callable[[list[str], Said], str]] = {
    "trophies": _tour_trophies,
    "repair": lambda rest, said: f"Repair 1 damage{_paying(rest)}",
    "overhaul": lambda rest, said: f"Repair all damage{_paying(rest)}",
    "title": lambda rest, said: f"Glory Title with {_wrecks(rest)}",
    "newcards": lambda rest, said: "Draw new cards for the OCG row",
    "buy": lambda rest, said: f"Buy {_card(rest[0])} for {cards.IMPROVEMENTS[rest[0]].cost}₡",
    "smuggle": lambda rest, said: (f"Smuggle {_card(rest[0])} from the Bazaar pile for "
                                   f"{cards.IMPROVEMENTS[rest[0]].cost + 1}₡"),
    "amnesty": lambda rest, said: f"Amnesty: cancel 1 JP{_paying(rest)}",
    "scrap": lambda rest, said: f"Scrap your wreck {_card(rest[0])} for {_card(rest[1])}",
    "splurge": _tour_splurge,
}


def _tour(rest: list[str], said: Said) -> str:
    words = TOUR_WORDS.get(rest[0]) if rest else None
    return (words(rest[1:], said) if words is not None else " ".join(["Tour", *rest])) + TOUR


# === BATTLES ===

def _attack(rest: list[str], said: Said) -> str:
    if rest == ["space"]:
        return "Attack in Space: draw the starships"
    if len(rest) == 2 and rest[0] == "space" and rest[1].isdigit():
        spot = int(rest[1])
        area = said.state.space_area if said.state is not None else ()
        if 0 < spot <= len(area):
            return f"Attack the {_card(area[spot - 1])} (space {spot})"
        return f"Attack the starship in space {spot}"
    if len(rest) == 2 and rest[0] == "karokum":
        return f"Attack the {_card(rest[1])} via Karokum"
    if len(rest) == 2 and rest[0] == "planet":
        return f"Attack the planet {_planet(rest[1])}"
    return " ".join(["Attack", *rest])


def _ally(rest: list[str], said: Said) -> str:
    verb, seat = (rest[0] if rest else ""), (rest[1] if len(rest) > 1 else "")
    if verb == "ask":
        return "Ask everyone you may for help" if seat == "all" else f"Ask {_seat(seat, said)} for help"
    if verb == "take":
        return f"Take {_seat(seat, said)}'s terms"
    if verb == "none":
        return "Fight alone"
    if verb == "accept":
        return f"Join {_seat(seat, said)}'s side" if seat else "Join as an ally"
    if verb == "decline":
        return f"Decline {_seat(seat, said)}'s ask" if seat else "Decline to ally"
    return " ".join(["Ally", *rest])


def _ready(rest: list[str], said: Said) -> str:
    recruiting = said.state is not None and said.state.phase == "challenge.recruit"
    return "Done recruiting" if recruiting else "Done declaring"


def _play(rest: list[str], said: Said) -> str:
    card = _card(rest[0]) if rest else ""
    if len(rest) < 2:
        return f"Play {card}"
    target = rest[1]
    if target.isdigit():
        return f"Play {card} on {_seat(target, said)}"
    return f"Play {card}: take {_card(target)} from the Karokum pile"


def _take(rest: list[str], said: Said) -> str:
    if rest == ["credits"]:
        return "Take half the loser's credits"
    if rest == ["wrecks"]:
        return "Take half the loser's wrecks"
    if len(rest) == 2 and rest[0] == "card":
        return f"Take {_card(rest[1])}"
    return " ".join(["Take", *rest])


def _trophy(rest: list[str], said: Said) -> str:
    if len(rest) == 2 and rest[0] == "drop":
        return f"Drop {_card(rest[1])} for the new trophy"
    return "Keep your trophies, refuse the new one"


# === CHOICES, DEALS AND CASES ===

def _choose(rest: list[str], said: Said) -> str:
    return "Keep " + " and ".join(_card(t).replace("Trophy of the ", "") for t in rest)


def _pick(rest: list[str], said: Said) -> str:
    kind = said.state.choices[0].kind if said.state is not None and said.state.choices else ""
    if kind == KEEP_TROPHY:
        return f"Keep {_cards(rest)}"
    if kind == WRECK_FROM_PILE:
        return f"Take {_cards(rest)} as a wreck"
    if kind == TAKE_WRECKS:
        return f"Take {_wrecks(rest)}"
    if kind == SUPPORT:
        return f"Take {_cards(rest)}"
    return f"Choose {_cards(rest)}"


# Commands that name an offer (O3) or a promise (P16) by its number, and the word the label adds.
NUMBERED = {"accept": "offer", "decline": "offer", "withdraw": "offer", "keep": "promise", "break": "promise"}


def _numbered(verb: str) -> Callable[[list[str], Said], str]:
    def words(rest: list[str], said: Said) -> str:
        if rest == ["all"] and verb == "keep":
            return "Keep all your promises"
        what = f"{verb.capitalize()} {NUMBERED[verb]} {rest[0]}" if rest else verb.capitalize()
        trophies = [_card(t) for word, t in zip(rest[1::2], rest[2::2], strict=False) if word == "trophy"]
        return what + (f", giving {' and '.join(trophies)}" if trophies else "")
    return words


def _plead(rest: list[str], said: Said) -> str:
    plea, case = rest[-1], (f" in {rest[0]}" if len(rest) > 1 else "")
    return f"Plead guilty{case} (1 JP)" if plea == "guilty" else f"Plead {plea}{case}"


def _vote(rest: list[str], said: Said) -> str:
    case, vote = rest[0], rest[-1]
    return f"Abstain in {case}" if vote == "abstain" else f"Vote {vote} in {case}"


WORDS: Mapping[str, Callable[[list[str], Said], str]] = {
    "choose": _choose,
    "rest": lambda rest, said: "Rest in Havana",
    "tribute": lambda rest, said: "Pay the tribute",
    "refuse": lambda rest, said: "Refuse the tribute (1 JP)",
    "swap": lambda rest, said: f"Swap {_card(rest[0])} for one of the top two trophies",
    "buy": lambda rest, said: f"Buy {_card(rest[0])} for {rest_price(rest[0])}₡",
    "tour": _tour,
    "attack": _attack,
    "challenge": lambda rest, said: f"Challenge {_seat(rest[0], said)}",
    "planet": lambda rest, said: f"Give the 5₡ to {_planet(rest[0])}",
    "ally": _ally,
    "ready": _ready,
    "loyal": lambda rest, said: "Stay loyal",
    "betray": lambda rest, said: "Betray the attacker (1 JP)",
    "mf": lambda rest, said: ("Roll the Metal Faktor die" if rest == ["yes"]
                              else "Do not roll the Metal Faktor die"),
    "play": _play,
    "arm": lambda rest, said: f"Hold {_card(rest[0])} ready for after the roll",
    "roll": lambda rest, said: "Roll the dice",
    "pass": lambda rest, said: "Play no reaction card",
    "take": _take,
    "trophy": _trophy,
    "pick": _pick,
    "discard": lambda rest, said: f"Discard {_card(rest[0])}",
    "reveal": lambda rest, said: f"Reveal {_card(rest[0])}",
    **{verb: _numbered(verb) for verb in NUMBERED},
    "plead": _plead,
    "vote": _vote,
    "autopilot": lambda rest, said: "Let the autopilot play this turn",
    "end": lambda rest, said: "End turn",
    "resign": lambda rest, said: "Resign",
}


def label(command: str, names: Sequence[str], state: GameState | None = None) -> str:
    """A button's words for a legal command; a command WORDS does not know, as typed, capitalised."""
    verb, *rest = command.split() or [""]
    words = WORDS.get(verb)
    if words is not None:
        return words(rest, Said(names, state))
    return command[:1].upper() + command[1:]
