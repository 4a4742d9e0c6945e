"""The game page's Metal Adventures part (templates/games/kinds/metal_adventures/live.html): the table as a
reader may see it (view.py), the battle in progress with its scores and the attacker's chance before the
roll, the question the viewer is asked with a button per legal command, its own cards, the offers and
promises it may act on, and the forms whose words are the player's own (asks with terms, offers,
promises, standing orders). Built from view() and bot_state() only: nothing the viewer may not see."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.kinds.protocol import PageInput, changed_in_form

from . import board, buttons, cards, chance, commands, end, fight, narration, orders, prompts, trophies
from .battle_state import ACCEPT, COUNTER, DECLINE, UNANSWERED
from .state import OVER, SETUP, GameState
from .view import bot_state, view

KIND_TITLES = {"space": "a starship in Space", "karokum": "a starship via Karokum", "planet": "a planet",
               "challenge": "a challenge"}
# How the page groups the legal commands into rows of buttons, by their first word(s): the turn's choices
# first, then "End turn" alone on the last row but for leaving (as MetalTalon's turn panel ends with it).
GROUPS = (
    ("Keep two trophies", ("choose",)),
    ("Your turn", ("rest", "tribute", "refuse", "autopilot")),
    ("Battle", ("attack", "challenge", "planet", "ally", "ready", "loyal", "betray", "mf", "roll", "pass",
                "arm", "take", "trophy")),
    ("Choose", ("pick", "swap", "discard")),
    ("Tour of Pirates", ("tour",)),
    ("Cards and deals", ("buy", "play", "keep", "break", "accept", "decline", "withdraw", "reveal")),
)
FINISH = ("Finish", ("end",))  # after every other row of the turn
LEAVE = ("Leave", ("resign",))  # always the last row
# An ask's answer as the battle panel says it (battle_state: "" until answered, then the answer's word).
ANSWER_WORDS = {UNANSWERED: "waiting", ACCEPT: "accepted", DECLINE: "declined",
                COUNTER: "asks for other terms"}


def name(seat: int, names: Sequence[str]) -> str:
    return prompts.name(seat, names)


def label(command: str, names: Sequence[str], state: GameState | None = None) -> str:
    """A button's words for a legal command (buttons.py): cards by name, seats by player, the starships
    in Space by the state's face-up cards."""
    return buttons.label(command, names, state)


def _same_as_shorter(command: str, legal: Sequence[str]) -> bool:
    """`ally accept 1` beside `ally accept`: with one side asking, the seat's number says nothing more, so
    the page shows one button (both stay legal to type)."""
    words = command.split()
    return (len(words) == 3 and words[:2] in (["ally", "accept"], ["ally", "decline"]) and words[2].isdigit()
            and " ".join(words[:2]) in legal)


def group(legal: Sequence[str], names: Sequence[str], state: GameState | None = None) -> list[dict[str, Any]]:
    """The legal commands in rows of buttons (GROUPS, then the others, FINISH and LEAVE), in their order
    within each; each button posts its command and shows its words (label)."""
    rows: list[dict[str, Any]] = []
    placed = {c for c in legal if _same_as_shorter(c, legal)}
    last = {c for c in legal if c.split()[0] in (*FINISH[1], *LEAVE[1])}

    def row(title: str, commands: Sequence[str]) -> None:
        if commands:
            rows.append({"title": title,
                         "buttons": [{"command": c, "label": label(c, names, state)} for c in commands]})
        placed.update(commands)

    for title, verbs in GROUPS:
        row(title, [c for c in legal if c.split()[0] in verbs and c not in placed and c not in last])
    row("Other", [c for c in legal if c not in placed and c not in last])
    for title, verbs in (FINISH, LEAVE):
        row(title, [c for c in legal if c.split()[0] in verbs])
    return rows


def _declaration_words(declared: Mapping[str, Any]) -> str:
    """A declaration shown on the page: what it says so far, or that it says nothing yet."""
    loyal, mf = declared.get("loyal"), declared.get("mf")
    parts = ["betrays" if loyal is False else "loyal" if loyal else "",
             "no Metal Faktor die" if mf is False else "Metal Faktor die" if mf else "",
             *(f"plays {cards.NAMES[c]}" for c in declared.get("play", [])),
             *(f"armed {cards.NAMES[c]}" for c in declared.get("arm", []))]
    return " · ".join(p for p in parts if p) or "nothing declared yet"


def _card(card: str) -> dict[str, Any]:
    ship = cards.STARSHIPS.get(card)
    if ship is not None:
        reward = ", ".join(part for part in (f"{ship.credits}₡" if ship.credits else "",
                                              f"{ship.glory} G" if ship.glory else "",
                                              "a support card" if ship.support else "") if part)
        return {"id": card, "name": ship.name, "kind": "ship", "nation": ship.nation, "power": ship.power,
                "dots": ship.damage, "reward": reward or "nothing", "hunter": ship.hunter,
                "deck": "blue" if ship.deck == cards.NEAR else "red"}
    improvement = cards.IMPROVEMENTS.get(card)
    if improvement is not None:
        return {"id": card, "name": improvement.name, "kind": improvement.type, "power": improvement.power,
                "cost": improvement.cost, "text": improvement.text}
    trophy = cards.TROPHIES[card]
    return {"id": card, "name": trophy.name, "kind": "trophy", "text": trophy.text, "glory": trophy.glory,
            "credits": trophy.credits}


def _seats(state: GameState, shown: Mapping[str, Any], me: int | None, names: Sequence[str],
           awaited: tuple[int, ...]) -> list[dict[str, Any]]:
    rows = []
    winners = end.winners(state)
    for i, seat in enumerate(shown["seats"]):
        status = ("left" if seat["out"] else "won" if i in winners else "" if state.phase == OVER
                  else "to act" if i in awaited else "")
        rows.append({
            "index": i, "name": name(i, names), "you": i == me, "base": cards.BASES[seat["base"]].name,
            "active": state.phase not in (SETUP, OVER) and i == state.active, "status": status,
            "power": seat["power"], "main": state.main_power(i), "support": state.support_power(i),
            "damage": seat["damage"], "glory": seat["glory"], "jp": seat["jp"], "credits": seat["credits"],
            "mf": seat["mf"] or "blank", "improvements": [_card(c) for c in seat["improvements"]],
            "trophies": seat["trophy_count"], "wrecks": seat["wreck_count"], "out": seat["out"],
        })
    return rows


def _battle(state: GameState, me: int | None, names: Sequence[str]) -> dict[str, Any] | None:
    battle = state.battle
    if battle is None:
        return None
    public = bot_state(state, me if me is not None else -1)
    shown = view(state, me)["battle"]
    target = ""
    if battle.kind == "planet":
        target = cards.PLANETS[battle.target].name
    elif battle.target:
        target = cards.STARSHIPS[battle.target].name
    # While the starships are being drawn there is no target yet, so no score.
    fixed = public.battle is not None and (battle.kind == "challenge" or bool(battle.target))
    # The terms once, for the words and their sums (fight.base_scores adds the same terms).
    parts = fight.score_parts(public, public.battle) if fixed and public.battle else ([], [])
    attack, defend = fight.total(parts[0]), fight.total(parts[1])
    rolled = battle.orange > 0
    if rolled:
        attack, defend = fight.scores(state, battle)
    declared = [{"seat": name(d["seat"], names), "loyal": d.get("loyal"), "mf": d.get("mf"),
                 "play": [cards.NAMES[c] for c in d.get("play", [])],
                 "arm": [cards.NAMES[c] for c in d.get("arm", [])], "words": _declaration_words(d)}
                for d in shown["declarations"] if not d.get("hidden")]
    odds = None if rolled or not fixed or public.battle is None else chance.before_roll(public, public.battle)
    return {
        "kind": KIND_TITLES[battle.kind], "target": target,
        "ship": _card(battle.target) if battle.target in cards.STARSHIPS else None,
        "attacker": name(battle.attacker, names),
        "allies": [name(s, names) for s in battle.allies if s != battle.traitor or rolled],
        "challenged": None if battle.challenged is None else name(battle.challenged, names),
        "defenders": [name(s, names) for s in battle.defenders],
        "traitor": None if battle.traitor is None else name(battle.traitor, names),
        "asks": [{"principal": name(a["principal"], names), "seat": name(a["seat"], names),
                  "answer": ANSWER_WORDS[a["answer"]]} for a in shown["asks"]],
        "declared": declared, "attack": attack, "defend": defend, "rolled": rolled, "fixed": fixed,
        "attack_parts": _parts_words(parts[0], battle.orange if rolled else None, "orange", names, target),
        "defend_parts": _parts_words(parts[1], battle.gray if rolled else None, "gray", names, target),
        "orange": battle.orange, "gray": battle.gray, "winner": battle.winner,
        "chance": None if odds is None else round(100 * odds),
    }


def _parts_words(parts: Sequence[fight.Part], die: int | None, colour: str, names: Sequence[str],
                 target: str) -> str:
    """A side's score term by term, as the page explains it: "Ann's main power 8 + Bob's support power 2
    − Ann's Metal Faktor debt 2 + orange die 4"; terms worth nothing left out."""
    said = []
    for seat, what, value in parts:
        if value == 0:
            continue
        whose = f"{name(seat, names)}'s {what}" if seat is not None else f"{target}'s {what}"
        sign = "−" if value < 0 else "+"
        said.append(f"{sign} {whose} {abs(value)}")
    if die is not None:
        said.append(f"+ {colour} die {die}")
    text = " ".join(said)
    return text[2:] if text.startswith("+ ") else text


def _last_battle(page: PageInput, state: GameState, names: Sequence[str]) -> dict[str, Any] | None:
    """The battle settled most recently, while none is in progress: the roll, the result and what came of
    it, narrated for the viewer (narration.py), so a player who comes back sees how it went."""
    if state.battle is not None:
        return None
    for action in reversed(page.recent):
        events = list(action.events)
        starts = [i for i, e in enumerate(events) if e.get("type") in ("roll", "result")]
        if not starts:
            continue
        told = narration.narrate(state, action.seat, action.command, events[starts[0]:], page.seat, names,
                                 you=page.seat)
        return {"turn": action.turn, "lines": told.lines}
    return None


def page_context(page: PageInput) -> dict[str, Any]:
    state: GameState = page.state
    me = page.seat
    names = list(page.names)
    shown = view(state, me)
    awaited = commands.to_act(state)
    legal = commands.legal_commands(state, me) if me is not None else []
    mine = None
    if me is not None:
        seat = state.seats[me]
        mine = {
            "trophies": [{**_card(t), "met": trophies.met(state, me, t)} for t in seat.trophies],
            "wrecks": [_card(w) for w in seat.wrecks],
            "orders": [f"{k} {v}" for k, v in seat.orders],
            "dealt": [_card(t) for t in state.dealt[me]] if state.phase == SETUP else [],
        }
    asked = prompts.situations(state, names)
    question = None
    if me is not None and me in asked:
        question = asked[me][:1].upper() + asked[me][1:]
    choice = None
    if state.choices and state.choices[0].seat == me:
        current = state.choices[0]
        choice = {"kind": current.kind, "cards": [_card(c) for c in current.cards],
                  "options": [_card(c) for c in current.options if c in cards.NAMES], "count": current.count}
    blue, red = state.space_counts()
    planets = [{"name": cards.PLANETS[p].name, "power": cards.PLANETS[p].power,
                "treasury": state.treasuries.of(p), "prize": cards.PLANETS[p].prize_text,
                "toured": p in state.travel.planets_toured, "attacked": p == state.travel.planet_attacked}
               for p in ("exxalia", "bazaar", "karokum")]
    return {
        "ma": shown,
        "me": me,
        "over": state.phase == OVER,
        "setup": state.phase == SETUP,
        "turn": state.turn,
        "active_name": name(state.active, names),
        "awaited_names": [name(i, names) for i in awaited],
        # Beside "<active> is playing": the others the game waits for, never the active seat again.
        "awaited_others": [name(i, names) for i in awaited if i != state.active],
        "my_turn": me is not None and me in awaited,
        "question": question,
        "seats": _seats(state, shown, me, names, awaited),
        "mine": mine,
        "choice": choice,
        "planets": planets,
        "space": {"blue": blue, "red": red, "area": [_card(c) for c in state.space_area]},
        "karokum_pile": [_card(c) for c in reversed(state.karokum_pile)],
        "bazaar_pile": [_card(c) for c in reversed(state.bazaar_pile)],
        "ocg_row": [_card(c) if c is not None else None for c in state.ocg_row],
        "pot": state.pot, "bank": state.bank, "trophy_deck": len(state.trophy_deck),
        "improvement_deck": len(state.improvement_deck), "out_count": len(state.out_of_game),
        "battle": _battle(state, me, names),
        "deals": [board.offer_words(o, me, names) for o in state.offers]
        + [board.promise_words(p, me, names) for p in state.promises],
        "last_battle": _last_battle(page, state, names),
        "travel": state.travel,
        "legal": legal,
        "groups": group(legal, names, state),
        "winners": [name(i, names) for i in end.winners(state)],
        "seat_choices": [(i + 1, name(i, names)) for i, s in enumerate(state.seats)
                         if i != me and not s.out],
        # The seats the viewer may ask for help now: those its legal `ally ask <seat>` names.
        "ask_choices": [(int(c.split()[2]), name(int(c.split()[2]) - 1, names)) for c in legal
                        if c.startswith("ally ask ") and c.split()[2].isdigit()],
        # The page's part outside the live region (extras.html), so that a poll never closes the orders
        # form nor drops what is being chosen in it.
        "extras": {"order_fields": order_fields(state, me)
                   if me is not None and state.phase != OVER and not state.seats[me].out else []},
    }


def command_from_form(data: Mapping[str, str], state: GameState | None, seat: int | None) -> str:
    """The command a posted form means: a button's `command`; the ask form (`ask_seats`, `ask_terms`); the
    offer form (`offer_seat`, `offer_give`, `offer_get`); the promise form (`promise_seat`,
    `promise_items`); the standing orders form (its changed orders, read against `seat`'s in `state`).
    Whatever the player typed is passed on as typed, so that play() says what is wrong with it."""
    form = data.get("form", "")
    if form == "orders":
        return "; ".join(order_commands(data, state, seat))
    if form == "ask":
        seats = ",".join(s for s in data.get("ask_seats", "").replace(" ", ",").split(",") if s)
        terms = data.get("ask_terms", "").strip()
        return f"ally ask {seats}" + (f" for {terms}" if terms else "")
    if form == "offer":
        give = data.get("offer_give", "").strip() or "nothing"
        get = data.get("offer_get", "").strip() or "nothing"
        return f"offer {data.get('offer_seat', '').strip()} give {give} get {get}"
    if form == "promise":
        return f"promise {data.get('promise_seat', '').strip()} {data.get('promise_items', '').strip()}"
    return data.get("command") or ""


# === THE STANDING ORDERS FORM (templates/games/kinds/metal_adventures/extras.html) ===

ASK_ME = orders.OFF  # "Ask me": `order <name> off` unsets the order, so its question's window runs.


@dataclass(frozen=True)
class OrderField:
    """One control of the orders form: the order it sets, its label, its choices as (value, words), and
    the value it shows while the order is unset: ASK_ME where a window then runs, else the value the unset
    order acts as (orders.trophies_mode, orders.overflow), which the form therefore never sends."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]
    unset: str = ASK_ME

    @property
    def key(self) -> str:
        return self.name.replace(" ", "_")


# The orders a web player needs, with the defaults of rules.md's "Standing orders" table said in the
# "ask me" choice. The rest (counter terms, seat lists, `arm <card>`) stay typed: the form keeps such an
# order as its own choice until another is picked.
ORDER_FORM = (
    OrderField("ally", "When asked to ally", ((ASK_ME, "Ask me (else decline)"), (orders.DECLINE, "Decline"),
                                              (orders.ACCEPT, "Accept"))),
    OrderField("defend", "When challenged", ((ASK_ME, "Ask me (else no allies)"),
                                            ("none", "Fight with no allies"))),
    OrderField("betray", "As a sealed ally", ((ASK_ME, "Ask me (else loyal)"), ("no", "Stay loyal"))),
    OrderField("mf ally", "Metal Faktor die as an ally", ((ASK_ME, "Ask me (else no)"), ("yes", "Roll it"),
                                                          ("no", "Keep it"))),
    OrderField("mf defend", "Metal Faktor die when challenged", ((ASK_ME, "Ask me (else no)"),
                                                                 ("yes", "Roll it"), ("no", "Keep it"))),
    OrderField("trophies", "Trophies", ((orders.AUTO, "Reveal when met"),
                                        (orders.MANUAL, "I reveal them myself")), unset=orders.AUTO),
    OrderField("plead", "When accused", ((ASK_ME, "Ask me (else innocent)"), ("innocent", "Plead innocent"),
                                         ("guilty", "Plead guilty"))),
    OrderField("vote", "As a juror", ((ASK_ME, "Ask me (else abstain)"), ("abstain", "Abstain"),
                                      ("guilty", "Vote guilty"), ("innocent", "Vote innocent"))),
    OrderField("overflow", "Over a card limit", ((orders.NEW, "Let the new card go"),), unset=orders.NEW),
)
# `accept` with its only part the form spells: the least credits the ask must offer (orders._accept_text).
_PLAIN_ACCEPT = re.compile(r"accept(?: min (\d+)c)?")


def _choices(field: OrderField, state: GameState, seat: int) -> list[tuple[str, str]]:
    choices = list(field.choices)
    if field.name == "overflow":
        player = state.seats[seat]
        choices += [(c, f"Let {cards.NAMES[c]} go") for c in (*player.improvements, *player.trophies)]
    return choices


def _shown(field: OrderField, value: str | None) -> tuple[str, str]:
    """The order's value as the form shows it: the select's value and, for `ally`, the min box's."""
    if value is None:
        return field.unset, ""
    plain = _PLAIN_ACCEPT.fullmatch(value) if field.name == "ally" else None
    if plain is not None:
        return orders.ACCEPT, plain.group(1) or ""
    return value, ""


def order_fields(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The orders form's controls for the seat, each with its current value selected; an order set by a
    command the form cannot spell (a counter, seats named) is a choice of its own, in the order's words."""
    fields = []
    for field in ORDER_FORM:
        current, minimum = _shown(field, state.seats[seat].order(field.name))
        choices = _choices(field, state, seat)
        if current not in (v for v, _ in choices):
            choices.append((current, f"As typed: {current}"))
        fields.append({"name": field.name, "key": field.key, "label": field.label, "choices": choices,
                       "current": current, "min": minimum})
    return fields


def _value(shown: str, minimum: str) -> str:
    return f"{shown} min {minimum}c" if minimum else shown


def _posted(field: OrderField, data: Mapping[str, str]) -> str:
    value = (data.get(field.key) or "").strip()
    if field.name == "ally" and value.lower() == orders.ACCEPT:
        minimum = (data.get(ALLY_MIN) or "").strip().lower().removesuffix("c").strip()
        if minimum.isdigit():
            minimum = str(int(minimum))
        # Passed on whatever it says, so that the engine explains an amount it cannot read.
        return _value(orders.ACCEPT, "" if minimum == "0" else minimum)
    return value


ALLY_MIN = "ally_min"  # the ally order's second control: the least credits an ask must offer


def _controls(field: OrderField) -> tuple[str, ...]:
    """The form's controls that set the order."""
    return (field.key, ALLY_MIN) if field.name == "ally" else (field.key,)


def order_commands(data: Mapping[str, str], state: GameState | None, seat: int | None) -> list[str]:
    """The `order` commands for the form's controls changed in it: changed since the page drew them, and
    posting another value than the seat's order now. An unchanged form means nothing (so it logs nothing,
    and a double submission is harmless); the form is outside the live region, so a control left alone
    does not undo an order given since the page was drawn (typed, mailed: protocol.changed_in_form); a
    missing control changes nothing. A value the form does not offer is passed on, so that the engine
    says what is wrong with it."""
    if state is None or seat is None:
        return []
    out = []
    for field in ORDER_FORM:
        value = _posted(field, data)
        current = _value(*_shown(field, state.seats[seat].order(field.name)))
        if value and value != current and changed_in_form(data, _controls(field)):
            out.append(f"order {field.name} {value}")
    return out
