"""The game page's Metabaloids part (templates/games/kinds/metabaloids/live.html): each player's grid of
card faces drawn by the site, the piles as counts, the battle waiting on a payment, the viewer's hand and
orders, and a button per legal command in words. Built from view() alone: nothing the viewer may not
see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import PageInput

from . import commands
from .cards import CARDS, DECK_NAMES, card
from .decisions import WHAT
from .order_words import order_words
from .state import DECKS, OVER, PLACE, PLACE_POINTS
from .view import view

RARITY = {"C": "common", "U": "uncommon", "R": "rare", "SR": "super rare"}
# What each starter deck plays like, for a player choosing one (rules.md, "The card list").
DECK_STYLES = {"A": "attacking: arachnids, insects and a myriapod",
               "B": "defending and recovering: crustaceans, amphibians, reptiles and gastropods"}
# The steps of a turn as rules.md's table numbers them ("A turn"), for the banner: the player's turn
# never rests at start or draw.
MAIN_WORDS = "3 of 7: main (one discard, then moves)"
STEP_WORDS = {"start": MAIN_WORDS, "draw": MAIN_WORDS, "main": MAIN_WORDS,
              "deploy": "4 of 7: deploy your reserve", "attack": "5 of 7: attack",
              "restock": "6 of 7: restock your reserve", "end": "7 of 7: end"}
GROUPS = (
    ("Your deck", ("deck",)),
    ("Initial deployment", ("place", "done")),
    ("Damage and grid", ("pay",)),
    ("Discard one (if you like)", ("discard",)),
    ("Move (1 point each)", ("move",)),
    ("Deploy", ("deploy",)),
    ("Attack", ("attack",)),
    ("Abilities and events", ("use",)),
    ("Restock", ("restock",)),
    ("Finish", ("pass", "end")),
)


def name(label: int, seats: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    lobby = seats[label - 1]["lobby"]
    who = names[lobby] if lobby < len(names) and names[lobby] else f"Seat {lobby + 1}"
    return f"{who} (p{label})"


def face(code: str, **extra: Any) -> dict[str, Any]:
    data = card(code)
    ability = data.abilities[0].text if data.abilities else ""
    # An event's text begins with its own name, which the face shows just above it.
    ability = ability.removeprefix(f"{data.name}: ") if data.is_event else ability
    statics = []
    if data.guard:
        statics.append("Guard")
    for side, word in (("attack", "attack"), ("defense", "defense")):
        if data.column_bonus(side):
            statics.append(f"+{data.column_bonus(side)} {word} to its column")
    if not data.can_attack and not data.is_event:
        statics.append("cannot initiate attacks")
    return {"code": code, "name": data.name, "cost": data.cost, "attack": data.attack,
            "defense": data.defense,
            "rarity": data.rarity, "rarity_words": RARITY[data.rarity], "category": data.category,
            "type": data.type, "ability": ability, "statics": statics, "event": data.is_event, **extra}


def _cell(address: str, seats: Sequence[Mapping[str, Any]], label: int) -> str:
    col, row = (int(x) for x in address.split(":"))
    return seats[label - 1]["columns"][col - 1]["cards"][row - 1]["code"]  # type: ignore[no-any-return]


def button_words(command: str, shown: Mapping[str, Any], names: Sequence[str]) -> str:
    """A legal command in words: cards by name, players by name, addresses kept for the grid."""
    words = command.split()
    seats = shown["seats"]
    me = shown["you"]
    verb = words[0]
    try:
        if verb == "deck":
            letter = words[1].upper()
            return f"Deck {letter}: {DECK_NAMES[letter]}"
        if verb == "place":
            return f"Place {CARDS[words[1]].name} in column {words[2]}"
        if verb == "discard":
            return f"Discard {CARDS[words[1]].name}"
        if verb == "move" and len(words) == 3:
            return f"Move {card(_cell(words[1], seats, me)).name} ({words[1]}) to column {words[2]}"
        if verb == "deploy":
            if words[1] == "all":
                return "Deploy all"
            return f"Deploy {CARDS[words[1]].name} to column {words[2]}"
        if verb == "attack":
            defender = int(words[2][1:])
            mine = card(_cell(words[1], seats, me)).name
            theirs = card(_cell(words[3], seats, defender)).name
            return f"{mine} ({words[1]}) attacks {name(defender, seats, names)}'s {theirs} ({words[3]})"
        if verb == "use":
            if ":" in words[1]:
                return f"{card(_cell(words[1], seats, me)).name}: {words[2]}"
            return f"Play {CARDS[words[1]].name}" + (f" on column {words[2]}" if len(words) > 2 else "")
        if verb == "restock":
            return f"Restock {CARDS[words[1]].name} (cost {CARDS[words[1]].cost})"
        if verb == "pay":
            if words[1] in ("hand", "reserve"):
                return f"Pay with {CARDS[words[2]].name} from your {words[1]}"
            if words[1] == "play":
                return f"Pay with {card(_cell(words[2], seats, me)).name} ({words[2]})"
            return {"auto": "Pay by my orders", "discard": "Pay with the top of my discard pile",
                    "draw": "Pay 1 with a card of my draw pile"}.get(words[1], command)
    except (KeyError, IndexError, ValueError):
        return command
    return {"pass": "Pass (next step)", "end": "End turn", "done": "Done placing"}.get(command, command)


def group(legal: Sequence[str], shown: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    placed: set[str] = set()
    for title, verbs in GROUPS:
        cmds = [c for c in legal if c.split()[0] in verbs and c not in placed]
        if title == "Damage and grid":
            cmds = [c for c in legal if c.split()[0] in ("pay", "pass") and shown["decision"]] or cmds
            if shown["decision"]:
                cmds += [c for c in legal if c.startswith("move ")]
        if cmds and title == "Attack":
            rows += _attack_rows(cmds, shown, names)
            placed.update(cmds)
        elif cmds:
            rows.append({"title": title, "buttons": [{"command": c, "label": button_words(c, shown, names)}
                                                     for c in cmds]})
            placed.update(cmds)
    return rows


def _attack_rows(cmds: Sequence[str], shown: Mapping[str, Any],
                 names: Sequence[str]) -> list[dict[str, Any]]:
    """A row of attacks per opponent, each button naming only the two cards: every button of a row
    saying the opponent again made a wall of words on a phone."""
    seats = shown["seats"]
    rows: dict[str, dict[str, Any]] = {}
    for c in cmds:
        words = c.split()
        try:
            defender = int(words[2][1:])
            mine = card(_cell(words[1], seats, shown["you"])).name
            theirs = card(_cell(words[3], seats, defender)).name
            title = f"Attack {name(defender, seats, names)}"
            label = f"{mine} ({words[1]}) against {theirs} ({words[3]})"
        except (KeyError, IndexError, ValueError):
            title, label = "Attack", button_words(c, shown, names)
        row = rows.setdefault(title, {"title": title, "buttons": []})
        row["buttons"].append({"command": c, "label": label})
    return list(rows.values())


def _seat(s: Mapping[str, Any], shown: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    seats = shown["seats"]
    columns = []
    for c, column in enumerate(s["columns"], 1):
        columns.append({"number": c, "safe": column["safe"],
                        "cards": [face(x["code"], address=f"{c}:{r}", marked=x["marked"], used=x["used"])
                                  for r, x in enumerate(column["cards"], 1)]})
    return {
        "label": s["label"], "name": name(s["label"], seats, names), "deck": s["deck"],
        "deck_name": DECK_NAMES.get(s["deck"], s["deck"]), "status": s["status"],
        "active": shown["phase"] != OVER and shown["active"] == s["label"], "you": shown["you"] == s["label"],
        "hand_count": s["hand_count"], "draw_count": s["draw_count"],
        "discard_count": len(s["discard"]),
        "discard_top": face(s["discard"][-1]) if s["discard"] else None,
        "discard": [card(x).name for x in reversed(s["discard"])],
        "lost_count": len(s["lost"]), "lost": [card(x).name for x in reversed(s["lost"])],
        "reserve": [face(x) for x in s["reserve"]], "columns": columns, "in_play": s["in_play"],
        "bonus": face(s["bonus"]) if s["bonus"] else None, "attacks_made": s["attacks_made"],
        "placed": s["placed"],
    }


def _battle(shown: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    battle = shown["battle"]
    if battle is None:
        return None
    seats = shown["seats"]
    report = battle.get("report") or {}
    return {"attacker": name(battle["attacker"], seats, names),
            "defender": name(battle["defender"], seats, names),
            "card": card(battle["card"]).name, "col": battle["col"], "target": card(battle["target"]).name,
            "target_col": battle["target_col"], "owed": battle["owed"], "at": report.get("at"),
            "dt": report.get("dt"), "loser": name(battle["loser"], seats, names) if battle["loser"] else ""}


def pay_examples(legal: Sequence[str], shown: Mapping[str, Any]) -> list[str]:
    """Typed commands naming their own payment, made from the viewer's legal commands and hand: the first
    attack and restock it may send, paid with another card it holds (the rules check the payment when
    it is sent)."""
    you = shown["you"]
    hand = shown["seats"][you - 1]["hand"] if you else None
    if not hand:
        return []
    found = []
    for verb in ("attack", "restock"):
        command = next((c for c in legal if c.startswith(verb + " ")), None)
        if command is None:
            continue
        played = command.split()[1] if verb == "restock" else ""
        payer = next((code for code in hand if code != played), None)
        if payer is not None:
            found.append(f"{command} paying {payer}")
    return found


def page_context(page: PageInput) -> dict[str, Any]:
    state = page.state
    me = page.seat
    names = list(page.names)
    shown = view(state, me)
    awaited = commands.to_act(state)
    legal = commands.legal_commands(state, me) if me is not None else []
    seats = [_seat(s, shown, names) for s in shown["seats"]]
    mine = None
    if me is not None and state.phase != DECKS:
        own = shown["seats"][shown["you"] - 1]
        mine = {"hand": [face(c) for c in own["hand"] or []],
                "orders": [{"line": o, "words": order_words(o)} for o in own["orders"] or []],
                "queue": own["queue"] or []}
    decision = shown["decision"]
    awaited_names = ([names[i] if i < len(names) else f"Seat {i + 1}" for i in awaited]
                     if state.phase == DECKS
                     else [name(state.label(i), shown["seats"], names) for i in awaited])
    result = shown["result"] or {}
    return {
        "mb": shown,
        "me": me,
        "over": state.phase == OVER,
        "choosing": state.phase == DECKS,
        "placing": state.phase == PLACE,
        "turn": state.turn,
        "step": STEP_WORDS.get(state.step, state.step),
        "seats": seats,
        "mine": mine,
        "my_turn": me is not None and me in awaited,
        "awaited_names": awaited_names,
        "decision": None if decision is None else {
            "who": name(decision["seat"], shown["seats"], names),
            "what": WHAT[decision["kind"]],
            "window": decision["window"]},
        "battle": _battle(shown, names),
        "legal": legal,
        "groups": group(legal, shown, names),
        "pay_examples": pay_examples(legal, shown),
        "winners": [name(x, shown["seats"], names) for x in result.get("winners", [])],
        "decks": [{"letter": k, "name": v, "style": DECK_STYLES.get(k, "")} for k, v in DECK_NAMES.items()],
        "points_left": (PLACE_POINTS - shown["seats"][shown["you"] - 1]["placed"]
                        if state.phase == PLACE and me is not None else None),
        "saved_decks": [],  # kind.py fills in the viewer's own saved decks (saved.py)
        "extras": {},
    }


def command_from_form(data: Mapping[str, str], state: Any, seat: int | None) -> str:
    """A clicked button's command; the free command box is the platform's."""
    del state, seat
    return data.get("command") or ""
