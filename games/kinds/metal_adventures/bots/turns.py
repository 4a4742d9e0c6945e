"""The greedy bot's own turn outside its battle: the Brotherhood of Pirates (tribute, refusal or rest),
the rest's swap and purchase, the Tour of Pirates (repairs, trophies, the Glory Title, purchases, Amnesty,
the Scrapping Bonus, the Extravagant Expenditure) and the support cards of its own turn.

The tour is taken before the battle when it repairs the ship or buys power for it (and never at the
planet the bot means to attack), otherwise after it, when the battle's spoils can pay for it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import cards, travel, turn
from ..records import AFTER, BEFORE
from ..state import TRAVEL, TROPHY_LIMIT, GameState
from ..tour_actions import BY_WORD, SPLURGE
from . import targets, worth

RESERVE = 1  # credits kept for the next tribute
GAIN = 1.0  # what a purchase must be worth beyond its price
WEAK_TROPHY = 1.5  # a trophy in hand worth less than this is swapped or paid away


# === THE TURN'S START AND THE REST ===

def start(view: GameState, me: int, legal: list[str]) -> str:
    """Rest when the damage cannot be repaired on the tour (or the tribute cannot be paid), else pay the
    tribute; refuse it only when nothing else is open."""
    player = view.seats[me]
    pays = 0 if turn.exempt(view, me) else turn.TRIBUTE
    if "rest" in legal:
        spare = player.credits - pays + sum(1 for w in player.wrecks if worth.wreck_worth(view, me, w) <= 1.6)
        if "tribute" not in legal or (player.damage >= 2 and spare < 2):
            return "rest"
        if rest_worth(view, me) > travel_worth(view, me, pays):
            return "rest"
    if "tribute" in legal:
        return "tribute"
    return "rest" if "rest" in legal else "refuse"


def rest_worth(view: GameState, me: int) -> float:
    """What resting gives: its credits and the repairs the tour would have cost (the Metal Faktor debt it
    wipes shows in what travelling is worth)."""
    return turn.REST_CREDITS + min(2, view.seats[me].damage)


def travel_worth(view: GameState, me: int, pays: int) -> float:
    """What travelling this turn is worth: its best battle as the seat stands, less the tribute."""
    player = view.seats[me]
    after = replace(view.with_seat(me, replace(player, credits=player.credits - pays)), phase=TRAVEL)
    best = targets.best_battle(after, me, travel.legal(after, me))
    return (best[0] if best is not None else 0.0) - pays


def rest(view: GameState, me: int, legal: list[str]) -> str:
    """While resting: swap a weak trophy, buy the best card worth its price (cost + 1), then end."""
    swaps = [c for c in legal if c.startswith("swap ")]
    if swaps:
        weakest = min(swaps, key=lambda c: worth.trophy_worth(view, me, c.split()[1]))
        if worth.trophy_worth(view, me, weakest.split()[1]) < WEAK_TROPHY:
            return weakest
    buys = _best(view, me, [c for c in legal if c.startswith("buy ")],
                 lambda card: turn.rest_price(card))
    return buys or "end"


def _best(view: GameState, me: int, commands: list[str], price: Callable[[str], int]) -> str | None:
    """The purchase worth most beyond its price, when it is worth GAIN more and leaves the reserve."""
    credits = view.seats[me].credits
    scored = [(worth.improvement_worth(view, me, c.split()[-1]) - price(c.split()[-1]), c) for c in commands
              if credits - price(c.split()[-1]) >= RESERVE]
    scored = [pair for pair in scored if pair[0] >= GAIN]
    return max(scored)[1] if scored else None


# === THE TOUR ===

def _planet(command: str) -> str:
    return BY_WORD[command.split()[1]].planet


def _wrecks_cost(view: GameState, me: int, wrecks: list[str]) -> float:
    return sum(worth.wreck_worth(view, me, w) for w in wrecks)


def _payment(view: GameState, me: int, command: str) -> tuple[float, int]:
    """(what paying for a tour command costs the seat in worth, the credits it pays)."""
    words = command.split()[2:]
    credits = 0
    wrecks = []
    for word in words:
        if word.endswith("c") and word[:-1].isdigit():
            credits = int(word[:-1])
        elif word in cards.STARSHIPS:
            wrecks.append(word)
    action = command.split()[1]
    if action in ("repair", "overhaul", "amnesty") or (action == "splurge" and not words):
        base = {"repair": 1, "overhaul": 2, "amnesty": 2, "splurge": SPLURGE}[action]
        credits = 0 if action == "amnesty" and wrecks else base - len(wrecks)
    return credits + _wrecks_cost(view, me, wrecks), credits


def tour_wants(view: GameState, me: int, legal: list[str], avoid: str = "") -> str | None:
    """The lowest-numbered tour action worth taking now (the tour goes in increasing number), never at
    the planet `avoid`."""
    tours = [c for c in legal if c.startswith("tour ") and _planet(c) != avoid]
    for word in ("trophies", "repair", "overhaul", "title", "newcards", "buy", "smuggle", "amnesty", "scrap",
                 "splurge"):
        found = [c for c in tours if c.split()[1] == word]
        if found:
            wanted = _WANTS[word](view, me, found)
            if wanted is not None:
                return wanted
    return None


def _trophies(view: GameState, me: int, found: list[str]) -> str | None:
    player = view.seats[me]
    if worth.turns_left(view, me) < 2:
        return None
    if len(player.trophies) < TROPHY_LIMIT:
        return "tour trophies" if "tour trophies" in found and player.credits - 2 >= RESERVE + 1 else None
    paid = [c for c in found if len(c.split()) == 3]
    weakest = min(paid, key=lambda c: worth.trophy_worth(view, me, c.split()[2]), default=None)
    if weakest is not None and worth.trophy_worth(view, me, weakest.split()[2]) < WEAK_TROPHY \
            and player.credits - 1 >= RESERVE:
        return weakest
    return None


def _cheapest(view: GameState, me: int, found: list[str], limit: float, reserve: int = RESERVE) -> str | None:
    credits = view.seats[me].credits
    scored = [(cost, c) for c in found for cost, paid in [_payment(view, me, c)] if credits - paid >= reserve]
    scored = [pair for pair in scored if pair[0] <= limit]
    return min(scored)[1] if scored else None


def _repair(view: GameState, me: int, found: list[str]) -> str | None:
    if view.seats[me].damage != 1:
        return None  # more damage: the Complete repairs (action 3) mends it all
    return _cheapest(view, me, found, worth.damage_cost(view, me, 1) + 0.5)


def _overhaul(view: GameState, me: int, found: list[str]) -> str | None:
    damage = view.seats[me].damage
    return _cheapest(view, me, found, worth.DAMAGE * damage + 0.5)


def _title(view: GameState, me: int, found: list[str]) -> str | None:
    return min(found, key=lambda c: _wrecks_cost(view, me, c.split()[2:]))


def _newcards(view: GameState, me: int, found: list[str]) -> str | None:
    player = view.seats[me]
    if player.credits < 8 or len(player.improvements) >= 3:
        return None
    row = [c for c in view.ocg_row if c is not None]
    if any(worth.improvement_worth(view, me, c) - cards.IMPROVEMENTS[c].cost >= GAIN for c in row):
        return None
    return found[0]


def _buy(view: GameState, me: int, found: list[str]) -> str | None:
    return _best(view, me, found, lambda card: cards.IMPROVEMENTS[card].cost)


def _smuggle(view: GameState, me: int, found: list[str]) -> str | None:
    return _best(view, me, found, lambda card: cards.IMPROVEMENTS[card].cost + 1)


def _amnesty(view: GameState, me: int, found: list[str]) -> str | None:
    return _cheapest(view, me, found, worth.GLORY, reserve=0)


def _scrap(view: GameState, me: int, found: list[str]) -> str | None:
    player = view.seats[me]
    if player.credits - 1 < RESERVE:
        return None

    def gain(command: str) -> float:
        _, _, mine, ship = command.split()
        others = tuple(w for w in player.wrecks if w != mine)
        return worth.wreck_worth(view, me, ship, others) - worth.wreck_worth(view, me, mine) - 1
    best = max(found, key=gain)
    return best if gain(best) >= GAIN else None


def _splurge(view: GameState, me: int, found: list[str]) -> str | None:
    """1 G for 6: worth it at the yardstick's price, and more so near the end, when credits only break
    ties."""
    limit = worth.GLORY * (1.5 if worth.turns_left(view, me) <= 1.5 else 1.0)
    reserve = 0 if worth.turns_left(view, me) <= 1 else RESERVE
    return _cheapest(view, me, found, limit, reserve=reserve)


_WANTS: dict[str, Callable[[GameState, int, list[str]], str | None]] = {
    "trophies": _trophies, "repair": _repair, "overhaul": _overhaul, "title": _title, "newcards": _newcards,
    "buy": _buy, "smuggle": _smuggle, "amnesty": _amnesty, "scrap": _scrap, "splurge": _splurge}


def tour_first(view: GameState, me: int, legal: list[str], avoid: str) -> bool:
    """Tour before the battle: when the tour would mend the ship or buy it power (never at the planet to
    attack); the rest of the tour then goes with it, since a tour is one block."""
    if view.travel.tour_side == BEFORE:
        return True
    if view.travel.tour_side == AFTER or view.travel.battle_done:
        return False
    for word in ("repair", "overhaul", "buy"):
        found = [c for c in legal if c.startswith(f"tour {word} ") or c == f"tour {word}"]
        wanted = _WANTS[word](view, me, [c for c in found if _planet(c) != avoid]) if found else None
        if wanted is not None and (word != "buy" or cards.IMPROVEMENTS[wanted.split()[2]].power > 0):
            return True
    return False


# === SUPPORT CARDS OF ONE'S OWN TURN ===

def own_cards(view: GameState, me: int, legal: list[str], before: bool,
              target: int | None = None) -> str | None:
    """An own-turn support card worth playing now: the Emergency Patch on damage (before the battle, on
    any), the Saboteur on the seat to be challenged, the Forged Pardon on a JP, the Pot Raid on a Pot of
    2 or more, the Bounty Broker for a wreck worth having."""
    player = view.seats[me]
    plays = [c for c in legal if c.startswith("play ")]
    if "play S05" in plays and player.damage >= (1 if before else 2):
        return "play S05"
    if before:
        if target is not None and f"play S06 {target + 1}" in plays:
            return f"play S06 {target + 1}"
        return None
    if "play S07" in plays:
        return "play S07"
    if "play S08" in plays and view.pot >= 2:
        return "play S08"
    brokers = [c for c in plays if c.startswith("play S09 ")]
    if brokers:
        best = max(brokers, key=lambda c: worth.wreck_worth(view, me, c.split()[2], player.wrecks))
        if worth.wreck_worth(view, me, best.split()[2], player.wrecks) >= 1.5:
            return best
    return None
