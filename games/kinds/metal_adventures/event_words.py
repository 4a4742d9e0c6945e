"""Metal Adventures' events in words every reader may read (narration.py gives each reader its own):
`describe(event)` for every event type the package emits, and the words both it and narration.py use for
seats, cards and the items of trades, promises and alliances, with the cards a reader may not know
replaced ("a trophy", "a wreck"). What stays hidden from whom: narration.py's docstring."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.kinds.protocol import Event

from . import cards, items
from .end import ranks
from .prompts import deal_words, name
from .records import ANY_TROPHY, NOW, TROPHY, WRECK, Item
from .state import GameState

Names = Sequence[str] | None

# A trophy or a wreck as item text writes it (records.Item.text): what terms strings hide.
_TROPHY_ITEM = re.compile(r"\btrophy T\d{2}\b")
_WRECK_ITEM = re.compile(r"\bwreck [ND]\d{2}\b")


# === WORDS ===

def plural(count: int, word: str) -> str:
    """"1 trophy", "2 trophies"."""
    many = word[:-1] + "ies" if word.endswith("y") else word + "s"
    return f"{count} {word if count == 1 else many}"


def card_text(card: Any) -> str:
    """A card as the site writes it ("RHUM (E11)"); an id it does not know, as it is."""
    text = str(card)
    return cards.label(text) if text in cards.NAMES else text


def _ship(card: Any) -> str:
    """A starship with its power and dots."""
    ship = cards.STARSHIPS.get(str(card))
    if ship is None:
        return card_text(card)
    hunter = ", Pirate Hunter" if ship.hunter else ""
    return f"{card_text(card)}, power {ship.power}, {plural(ship.damage, 'dot')}{hunter}"


def cards_text(values: Any) -> str:
    named = [card_text(c) for c in values]
    return ", ".join(named) if named else "nothing"


def _planet(planet: Any) -> str:
    found = cards.PLANETS.get(str(planet))
    return found.name if found is not None else str(planet)


def seat_of(event: Event, key: str, names: Names) -> str:
    return name(int(event[key]), names)


def _actor(event: Event, names: Names) -> str:
    """The seat the event is about (its "seat")."""
    return seat_of(event, "seat", names)


def seats_text(values: Any, names: Names) -> str:
    found = [name(int(s), names) for s in values]
    if len(found) <= 1:
        return "".join(found) or "nobody"
    return ", ".join(found[:-1]) + " and " + found[-1]


def _short(event: Event) -> str:
    short = event.get("short")
    return f" (the bank was {short}₡ short)" if short else ""


def by_order(event: Event) -> str:
    return " (standing order)" if event.get("by_order") else ""


# === HIDDEN CARDS IN ITEMS AND TERMS ===

def item_text(item: Item, wrecks: bool, trophies: bool) -> str:
    """An item as a reader reads it: "a wreck" unless `wrecks`, "a trophy" unless `trophies`."""
    hide = (item.kind == WRECK and not wrecks) or (item.kind == TROPHY and not trophies)
    return item.text(hide=hide)


def items_words(values: Any, wrecks: bool, trophies: bool, dues: bool = True) -> str:
    """Items (a list of item objects, or the canonical text an alliance's events carry) as a reader reads
    them; without their due points unless `dues`."""
    if isinstance(values, str):
        return terms_words(values, wrecks, trophies)
    found = [item_text(item if dues else replace(item, due=NOW), wrecks, trophies)
             for item in (Item.from_dict(v) for v in values)]
    return " + ".join(found) if found else "nothing"


def deal_text(values: Any, whose: str, *, wrecks: bool, trophies: bool, dues: bool = True) -> str:
    """Items in a sentence of the log, as a question says them (prompts.deal_words: "2₡ and a trophy if
    Ann's side wins", `whose` naming the seat a due point refers to), where items_words writes them as a
    command would; without their due points unless `dues`."""
    if isinstance(values, str):  # an alliance event's terms, written by records.items_text
        found = () if values.strip() == "nothing" else tuple(_item_of(part) for part in values.split("+"))
    else:
        found = tuple(Item.from_dict(v) for v in values)
    if not dues:
        found = tuple(replace(item, due=NOW) for item in found)
    return deal_words(found, whose, trophies=trophies, wrecks=wrecks)


def _item_of(text: str) -> Item:
    """One item of records.items_text, hidden ("a wreck@win", an event's own secret) or not."""
    word, _, due = text.strip().partition("@")
    if word in ("a trophy", "a wreck"):
        return Item(word[2:], card=ANY_TROPHY, due=due or NOW)
    return items.parse(text, NOW)[0]


def terms_words(text: str, wrecks: bool, trophies: bool) -> str:
    """Terms written as item text, the hidden cards replaced."""
    if not trophies:
        text = _TROPHY_ITEM.sub("a trophy", text)
    if not wrecks:
        text = _WRECK_ITEM.sub("a wreck", text)
    return text


def sees(reader: int | None, *seats: Any) -> bool:
    return reader is not None and reader in {int(s) for s in seats if s is not None}


# === describe: every event type, in words every reader may read ===

def _ally_ask(e: Event, names: Names) -> str:
    return ally_ask_words(e, names, wrecks=False, trophies=False)


def ally_ask_words(e: Event, names: Names, wrecks: bool, trophies: bool) -> str:
    """An ask for allies, its terms' wrecks and trophies named if `wrecks` / `trophies` (narration.py
    names them to the seats the terms concern)."""
    terms = deal_text(e.get("terms", "nothing"), f"{_actor(e, names)}'s", wrecks=wrecks, trophies=trophies)
    again = " (a second ask)" if int(e.get("round", 1)) > 1 else ""
    return (f"{_actor(e, names)} asks {seats_text(e['asked'], names)} to fight as an ally"
            f"{'' if terms == 'nothing' else ' for ' + terms}{again}.")


def _ally_answer(e: Event, names: Names) -> str:
    who, principal = seat_of(e, "seat", names), seat_of(e, "principal", names)
    if e.get("answer") == "counter":
        terms = deal_text(e.get("terms", "nothing"), f"{principal}'s", wrecks=False, trophies=False)
        return f"{who} asks {principal} for {terms} instead{by_order(e)}."
    return f"{who} declines {principal}'s ask{by_order(e)}."


def _ally_sealed(e: Event, names: Names) -> str:
    principal = seat_of(e, "principal", names)
    terms = deal_text(e.get("terms", "nothing"), f"{principal}'s", wrecks=False, trophies=False)
    return (f"{_actor(e, names)} joins {seat_of(e, 'principal', names)}'s side"
            f"{'' if terms == 'nothing' else ' for ' + terms}{by_order(e)}.")


def _alone(e: Event, names: Names) -> str:
    whys = {"4 JP": " (4 JP: no alliance)", "nobody to ask": ": nobody can be asked"}
    why = whys.get(str(e.get("why")), "")
    return f"{_actor(e, names)} fights alone{why}."


def _attack(e: Event, names: Names) -> str:
    who = seat_of(e, "seat", names)
    if e.get("kind") == "karokum":
        return f"{who} attacks {_ship(e['target'])} via Karokum, paying {e.get('fee', 0)}₡ to Karokum."
    if e.get("kind") == "planet":
        return f"{who} attacks the planet {_planet(e['target'])}."
    return f"{who} attacks in Space."


def _autopilot(e: Event, names: Names) -> str:
    # Its command may name a hidden card, which only the events it made tell apart (narration.line).
    return f"The autopilot plays for {_actor(e, names)}."


def _buy(e: Event, names: Names) -> str:
    refill = card_text(e["refill"]) if e.get("refill") else "nothing"
    return (f"{_actor(e, names)} buys {card_text(e['card'])} for {e['paid']}₡ while resting; {refill} "
            "fills its spot in the OCG row.")


def _challenge_won(e: Event, names: Names) -> str:
    return (f"{_actor(e, names)} wins the challenge against {seat_of(e, 'loser', names)}: "
            f"+{e['glory']} G and the Pirates' Pot ({e['pot']}₡).")


def _damage(e: Event, names: Names) -> str:
    source = f" from {cards.NAMES[e['card']]}" if e.get("card") in cards.NAMES else ""
    dealt = f" ({e['amount']} dealt)" if e.get("amount") != e.get("taken") else ""
    return f"{_actor(e, names)} suffers {e['taken']} damage{source}{dealt}; damage now {e['damage']}."


def declare_part(e: Event) -> str:
    if "loyal" in e:
        return "stays loyal" if e["loyal"] else "betrays the attacker"
    if "mf" in e:
        return "uses the Metal Faktor die" if e["mf"] else "does not use the Metal Faktor die"
    if "play" in e:
        return f"plays {card_text(e['play'])}"
    if "arm" in e:
        return f"arms {card_text(e['arm'])}"
    if e.get("roll"):
        return "calls for the roll"
    return "is done declaring"


def _declare(e: Event, names: Names) -> str:
    if e.get("secret"):
        return f"{_actor(e, names)} declares (secret until the step closes)."
    return f"{_actor(e, names)} {declare_part(e)}."


def _declaration(d: Mapping[str, Any], names: Names) -> str:
    parts = []
    if d.get("loyal") is True:
        parts.append("loyal")
    elif d.get("loyal") is False:
        parts.append("betrays")
    parts.append("Metal Faktor die" if d.get("mf") else "no Metal Faktor die")
    parts += [f"plays {card_text(c)}" for c in d.get("play", ())]
    parts += [f"arms {card_text(c)}" for c in d.get("arm", ())]
    return f"{name(int(d['seat']), names)}: {', '.join(parts)}"


def _declared(e: Event, names: Names) -> str:
    shown = [_declaration(d, names) for d in e.get("declarations", ())]
    return "Declarations: " + ("; ".join(shown) if shown else "none") + "."


def _face_up(e: Event, names: Names) -> str:
    return f"{_ship(e['card'])} lies face up in spot {e['spot']}."


def _gain(e: Event, names: Names) -> str:
    source = "the Pirates' Pot" if e.get("from") == "pot" else "the bank"
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    return f"{_actor(e, names)} takes {e['credits']}₡ from {source}{card}{_short(e)}."


def _game_over(e: Event, names: Names) -> str:
    groups = tuple(tuple(group) for group in e.get("places", ()))
    places = [f"{rank}. {seats_text(group, names)}"
              for rank, group in zip(ranks(groups), groups, strict=True)]
    return "The game is over." + (" " + "; ".join(places) + "." if places else "")


def _hunters_back(e: Event, names: Names) -> str:
    shuffle = {"layered": "among the cards of its colour", "whole": "into the whole deck",
               "full": "the whole deck with it"}.get(str(e.get("shuffle")), "")
    # The count is the whole deck's after the shuffle, said so: beside "among the cards of its colour" a
    # bare "(65 cards)" read as the size of that colour's block.
    return (f"{cards_text(e['cards'])} go{'es' if len(e['cards']) == 1 else ''} back into the Space deck, "
            f"shuffled {shuffle}; the Space deck holds {plural(int(e.get('deck', 0)), 'card')}.")


def _keep_trophy(e: Event, names: Names) -> str:
    bottom = len(e.get("bottom", ()))
    rest = f"; {plural(bottom, 'other')} to the bottom of the Trophy deck" if bottom else ""
    return f"{_actor(e, names)} keeps one of the trophies drawn{rest}."


def _offer(e: Event, names: Names) -> str:
    give, get = trade_sides(e, names, wrecks=False, sender=False)
    return (f"{seat_of(e, 'sender', names)} offers {seat_of(e, 'receiver', names)} a trade, O{e['offer']}: "
            f"gives {give}, gets {get}.")


def _overflow_discard(e: Event, names: Names) -> str:
    card = str(e["card"])
    if card in cards.TROPHIES:
        return f"{_actor(e, names)} is over the limit: a trophy goes to the bottom of the Trophy deck."
    return f"{_actor(e, names)} is over the limit and lets {card_text(card)} go."


_PLAY_WORDS: dict[str, Callable[[Event, Names], str]] = {
    "repaired": lambda e, n: f": {e['repaired']} damage repaired, damage {e['damage']}",
    "target": lambda e, n: f" on {seat_of(e, 'target', n)}",
    "taken": lambda e, n: f": takes {e['taken']}₡ from the Pirates' Pot ({e['pot']}₡ left)",
    "ship": lambda e, n: f": takes {_ship(e['ship'])} from the Karokum pile as a wreck",
}


def _pay(e: Event, names: Names) -> str:
    to = "the Pirates' Pot" if e.get("to") == "pot" else "the bank"
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    owed = f" of {e['owed']} owed" if e.get("owed", e["credits"]) != e["credits"] else ""
    return f"{_actor(e, names)} pays {e['credits']}₡{owed} to {to}{card}."


def _play(e: Event, names: Names) -> str:
    effect = next((words(e, names) for key, words in _PLAY_WORDS.items() if key in e), "")
    return f"{_actor(e, names)} plays {card_text(e['card'])}{effect}."


def _prize(e: Event, names: Names) -> str:
    if e.get("empty"):
        return f"{_actor(e, names)} finds nothing to take at {_planet(e['planet'])}: its pile is empty."
    return (f"{_actor(e, names)} draws {plural(int(e.get('drawn', 0)), 'trophy')} at "
            f"{_planet(e['planet'])} to keep one.")


DUE_WORDS = {"win": "if its side wins the battle", "end": "at the end of this turn",
              "next": "at the end of its next turn"}


def _promise(e: Event, names: Names) -> str:
    return (f"P{e['promise']}: {seat_of(e, 'debtor', names)} promises {seat_of(e, 'creditor', names)} "
            f"{deal_text(e.get('items', ()), '', wrecks=False, trophies=False, dues=False)}, "
            f"{DUE_WORDS.get(str(e.get('due')), 'later')}.")


def _promise_broken(e: Event, names: Names) -> str:
    if e.get("why") == "break":
        return f"{seat_of(e, 'debtor', names)} breaks P{e['promise']} to {seat_of(e, 'creditor', names)}."
    return (f"{seat_of(e, 'debtor', names)} cannot deliver P{e['promise']} to "
            f"{seat_of(e, 'creditor', names)} in full ({e.get('why', 'due')}): it is broken.")


def _promise_kept(e: Event, names: Names) -> str:
    given = deal_text(e.get("items", ()),
                      "",  # pragma: no mutate (without dues no due point is said: whose is never read)
                      wrecks=False, trophies=False, dues=False)
    return (f"{seat_of(e, 'debtor', names)} keeps P{e['promise']}: {seat_of(e, 'creditor', names)} gets "
            f"{given}.")


def _resign(e: Event, names: Names) -> str:
    return (f"{_actor(e, names)} leaves the game: {e.get('credits', 0)}₡ to the bank, "
            f"{plural(int(e.get('trophies', 0)), 'trophy')} to the Trophy deck, "
            f"{plural(int(e.get('wrecks', 0)), 'wreck')} out of the game; improvements: "
            f"{cards_text([*e.get('equipment', ()), *e.get('support', ())])}.")


def _reveal(e: Event, names: Names) -> str:
    gains = [f"+{e['glory']} G" if e.get("glory") else "", f"+{e['credits']}₡" if e.get("credits") else ""]
    paid = ", ".join(g for g in gains if g) or "nothing"
    return f"{_actor(e, names)} reveals {card_text(e['trophy'])}: {paid}{_short(e)}."


def _dice(e: Event, names: Names) -> str:
    faces = [f"{name(int(s), names)} rolls {f or 'blank'}" for s, f in e.get("mf", ())]
    mf = f"; Metal Faktor dice: {', '.join(faces)}" if faces else ""
    return f"orange {e['orange']}, gray {e['gray']}{mf}: {e['attack']} against {e['defend']}"


def _result(e: Event, names: Names) -> str:
    if e.get("winner") == "attack":
        return f"The attacking side wins, {e['attack']} against {e['defend']}."
    return f"The defending side wins, {e['defend']} against {e['attack']}."


def _space_event(e: Event, names: Names) -> str:
    effect = cards.EVENTS[e["card"]].text if e.get("card") in cards.EVENTS else ""
    if e.get("applied"):
        return f"Event drawn: {card_text(e['card'])}" + (f": {effect.rstrip('.')}." if effect else ".")
    return f"Event drawn: {card_text(e['card'])}; it has no effect (not the turn's first event)."


def _spoils(e: Event, names: Names) -> str:
    who, loser = seat_of(e, "seat", names), seat_of(e, "from", names)
    if "card" in e:
        return f"{who} takes {card_text(e['card'])} from {loser}."
    return f"{who} takes {e.get('credits', 0)}₡ from {loser}."


def _spoils_look(e: Event, names: Names) -> str:
    return (f"{_actor(e, names)} looks at {seat_of(e, 'from', names)}'s "
            f"{plural(len(e.get('wrecks', ())), 'wreck')} and will take {e.get('count', 0)}.")


def _treasury(e: Event, names: Names) -> str:
    if "seat" in e:
        return f"{_actor(e, names)} takes {_planet(e['planet'])}'s treasury: {e['credits']}₡."
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    return f"{_planet(e['planet'])} gets {e['credits']}₡ from the bank{card}{_short(e)}."


def _tour_paid(e: Event) -> str:
    """What a tour action cost: credits and spent wrecks (spent wrecks are public: they leave the game)."""
    parts = []
    if e.get("credits"):
        parts.append(f"{e['credits']}₡")
    parts += [card_text(w) for w in e.get("wrecks", ())]
    return " and ".join(parts) if parts else "nothing"


def tour_trophies(e: Event, names: Names, shown: bool) -> str:
    paid = e.get("trophy")
    if paid:
        trophy = card_text(paid) if shown else "a trophy"
        cost = f"{trophy} and {e.get('credits', 0)}₡" if e.get("credits") else trophy
    else:
        cost = _tour_paid(e)
    drawn = e.get("drawn", ())
    seen = f": {cards_text(drawn)}" if shown and drawn else ""
    return (f"{_actor(e, names)} takes the Trophies action at Exxalia for {cost} and draws "
            f"{plural(len(drawn), 'trophy')} to keep one{seen}.")


def _tour(e: Event, names: Names) -> str:
    who, word, paid = seat_of(e, "seat", names), str(e.get("word")), _tour_paid(e)
    if word == "trophies":
        return tour_trophies(e, names, shown=False)
    if word in ("repair", "overhaul"):
        what = "Minor repairs" if word == "repair" else "Complete repairs"
        return f"{who} pays {paid} at Exxalia for {what}; damage now {e.get('damage', 0)}."
    if word == "title":
        return (f"{who} takes the Glory Title with {paid}: glory {e.get('glory')}, +{e.get('paid', 0)}₡"
                f"{_short(e)}.")
    if word == "newcards":
        row = cards_text(c for c in e.get("row", ()) if c)
        return f"{who} pays {paid} for New choices: the OCG row is now {row}."
    if word == "buy":
        refill = card_text(e["refill"]) if e.get("refill") else "nothing"
        return f"{who} buys {card_text(e.get('card'))} at the OCG for {paid}; {refill} fills its spot."
    if word == "smuggle":
        return f"{who} smuggles {card_text(e.get('card'))} out of the Bazaar pile for {paid}."
    if word == "amnesty":
        return f"{who} pays {paid} at the Bazaar for Amnesty."
    if word == "scrap":
        wrecks, ship = cards_text(e.get("wrecks", ())), card_text(e.get("ship"))
        return (f"{who} scraps the wreck {wrecks} (face up onto the Karokum pile) for {ship}, paying "
                f"{e.get('credits', 0)}₡.")
    if word == "splurge":
        return f"{who} makes an Extravagant Expenditure of {paid}: glory {e.get('glory')}."
    return f"{who} takes tour action {e.get('action')}, paying {paid}."


def trade_sides(e: Event, names: Names, *, wrecks: bool, sender: bool) -> tuple[str, str]:
    """What an offer's sender gives and gets, in words: its trophies named to the sender alone
    (`sender`), those it asks for and its wrecks to both parties (`wrecks`); a later leg is due at the
    end of its giver's turn."""
    giver, taker = seat_of(e, "sender", names), seat_of(e, "receiver", names)
    return (deal_text(e.get("give", ()), f"{giver}'s", wrecks=wrecks, trophies=sender),
            deal_text(e.get("get", ()), f"{taker}'s", wrecks=wrecks, trophies=wrecks))


def _trade(e: Event, names: Names) -> str:
    give, get = trade_sides(e, names, wrecks=False, sender=False)
    return (f"O{e['offer']} is accepted: {seat_of(e, 'sender', names)} gives {give} and gets {get} from "
            f"{seat_of(e, 'receiver', names)}.")


# The seats the templates name. A module constant, not a local of `_text`: DESCRIBE calls `_text` once, at
# import, where no test can reach a change to it.
SEAT_KEYS = ("seat", "attacker", "challenged", "sender", "receiver")


def _text(template: str) -> Callable[[Event, Names], str]:
    """An event said by a template of its fields, seats by name (`{seat}`, `{attacker}`...)."""

    def words(e: Event, names: Names) -> str:
        # Not mutated: DESCRIBE builds these closures at import, before mutmut's switch is read, so their
        # mutants never run; every template's sentence is compared word for word (test_ma_event_words.py).
        fields = {k: (name(v, names) if k in SEAT_KEYS and isinstance(v, int) else v)  # pragma: no mutate
                  for k, v in e.items()}  # pragma: no mutate
        return template.format_map(_Blank(fields))  # pragma: no mutate

    return words


class _Blank(dict[str, Any]):
    """format_map's fields: a field the event lacks reads as nothing."""

    def __missing__(self, key: str) -> str:
        return ""


def _accuse(e: Event, names: Names) -> str:
    return (f"{seat_of(e, 'accuser', names)} accuses {seat_of(e, 'accused', names)} (case C{e.get('case')}): "
            f"\"{e.get('words', '')}\"")


def _plea(e: Event, names: Names) -> str:
    order = " (standing order)" if e.get("by") == "order" else ""
    return f"{_actor(e, names)} pleads {e.get('plea')} in case C{e.get('case')}{order}."


def _vote(e: Event, names: Names) -> str:
    order = " (standing order)" if e.get("by") == "order" else ""
    return f"{_actor(e, names)} votes {e.get('vote')} in case C{e.get('case')}{order}."


def _verdict(e: Event, names: Names) -> str:
    if e.get("pleaded"):
        return f"Case C{e.get('case')}: {seat_of(e, 'accused', names)} pleaded guilty."
    votes = e.get("votes") or {}
    tally = ", ".join(f"{votes.get(w, 0)} {w}" for w in ("guilty", "innocent", "abstain"))
    found = "guilty" if e.get("guilty") else "not guilty"
    return f"Case C{e.get('case')}: {seat_of(e, 'accused', names)} is found {found} ({tally})."


def _case_dropped(e: Event, names: Names) -> str:
    return f"Case C{e.get('case')} is closed without a verdict: {_actor(e, names)} left the game."


def _perk(e: Event, names: Names) -> str:
    return f"{_actor(e, names)}'s {card_text(e.get('base'))} refuses the tribute without a JP (once a game)."


DESCRIBE: Mapping[str, Callable[[Event, Names], str]] = {
    "accuse": _accuse,
    "plea": _plea,
    "vote": _vote,
    "verdict": _verdict,
    "case_dropped": _case_dropped,
    "perk": _perk,
    "ally_answer": _ally_answer,
    "ally_ask": _ally_ask,
    "ally_sealed": _ally_sealed,
    "alone": _alone,
    "attack": _attack,
    "autopilot": _autopilot,
    "battle_over": _text("{seat}'s battle is over."),
    "betrayal": _text("{seat} betrays {attacker}!"),
    "buy": _buy,
    "challenge": _text("{seat} challenges {challenged}."),
    "challenge_won": _challenge_won,
    "choose": _text("{seat} keeps two of the three trophies dealt."),
    "damage": _damage,
    "debt_paid": _text("{seat} pays a Metal Faktor debt of {debt}; the die is blank again."),
    "declare": _declare,
    "declared": _declared,
    "discard": lambda e, n: f"{_actor(e, n)} discards {card_text(e['card'])}.",
    "end_turn": _text("{seat} ends turn {turn}."),
    "exempt": _text("{seat} is exempt from the tribute (the lowest main power, {m})."),
    "face_up": _face_up,
    "gain": _gain,
    "game_over": _game_over,
    "glory": _text("{seat} gains {glory} G ({why})."),
    "hunters_back": _hunters_back,
    "jp": _text("{seat} takes 1 JP ({why}): JP {jp}, glory {glory}."),
    "jp_cancelled": _text("{seat} cancels 1 JP ({why}): JP {jp}, glory {glory}."),
    "keep_trophy": _keep_trophy,
    "lost_ship": lambda e, n: (f"{_actor(e, n)} loses against {card_text(e['ship'])}, which leaves the "
                               "game."),
    "offer": _offer,
    "offer_declined": _text("{receiver} declines O{offer}."),
    "offer_expired": _text("O{offer} expires."),
    "offer_withdrawn": _text("{sender} withdraws O{offer}."),
    "order": _text("{seat} changes a standing order."),
    "orders": _text("{seat} reads their standing orders."),
    "overflow": lambda e, n: (f"{_actor(e, n)} gets {card_text(e['card'])} as a fifth improvement and must "
                              "discard one."),
    "overflow_discard": _overflow_discard,
    "paid": lambda e, n: (f"{_actor(e, n)} takes {e['credits']}₡ from the bank ({e.get('why')})"
                          f"{_short(e)}."),
    "pass": _text("{seat} plays no reaction card."),
    "pay": _pay,
    "planet_choice": lambda e, n: (f"{_actor(e, n)} picks which of "
                                   f"{', '.join(_planet(p) for p in e['options'])} gets GOLDEN VEIN's 5₡."),
    "planet_chosen": lambda e, n: f"{_actor(e, n)} picks {_planet(e['planet'])}.",
    "play": _play,
    "prize": _prize,
    "prize_refused": lambda e, n: f"{_actor(e, n)} refuses the prize of {_planet(e['planet'])}.",
    "promise": _promise,
    "promise_broken": _promise_broken,
    "promise_kept": _promise_kept,
    "promise_lapsed": _text("P{promise} lapses ({why})."),
    "ready": lambda e, n: (f"{_actor(e, n)} is done recruiting"
                           f"{' (' + str(e['why']) + ')' if e.get('why') else ''}."),
    "recruited": lambda e, n: (f"Recruitment closes: allies of the challenger: "
                               f"{seats_text(e.get('allies', ()), n)}; of the challenged seat: "
                               f"{seats_text(e.get('defenders', ()), n)}."),
    "refuse": _text("{seat} refuses the tribute."),
    "repair_drones": _text("{seat}'s Repair Drones remove 1 damage; damage now {damage}."),
    "reroll": lambda e, n: f"{_actor(e, n)} plays {card_text(e['card'])}, a reroll: {_dice(e, n)}.",
    "resign": _resign,
    "rest": lambda e, n: (f"{_actor(e, n)} rests in Havana: +{e['credits']}₡{_short(e)}, "
                          f"{e['repaired']} damage repaired, the Metal Faktor die blank."),
    "result": _result,
    "reveal": _reveal,
    "rhum": lambda e, n: f"{_actor(e, n)}'s RHUM pays {e['credits']}₡{_short(e)}.",
    "roll": lambda e, n: f"The dice roll: {_dice(e, n)}.",
    "setup_done": _text("Every seat has kept two trophies; {bottom} go to the bottom of the Trophy deck."),
    "smoke": _text("{seat}'s Smoke Screen: no damage from this battle."),
    "space_event": _space_event,
    "space_void": _text("The Space deck ran out with no starship: {seat}'s battle is void."),
    "spared": _text("{seat} is spared the damage."),
    "spoils": _spoils,
    "spoils_look": _spoils_look,
    "swap": lambda e, n: (f"{_actor(e, n)} puts a trophy at the bottom of the Trophy deck and looks at "
                          f"the top {len(e.get('seen', ()))} to keep one."),
    "take_support": lambda e, n: f"{_actor(e, n)} takes {card_text(e['card'])} from the Bazaar pile.",
    "take_wreck": lambda e, n: (f"{_actor(e, n)} takes {_ship(e['ship'])} from the Karokum pile as a "
                                "wreck."),
    "take_wrecks": lambda e, n: (f"{_actor(e, n)} takes {plural(len(e.get('wrecks', ())), 'wreck')} "
                                 f"of {seat_of(e, 'from', n)}'s."),
    "target": lambda e, n: f"{_actor(e, n)} chooses {_ship(e['card'])} (spot {e['spot']}).",
    "to_karokum": lambda e, n: (f"{cards_text(e['cards'])} go{'es' if len(e['cards']) == 1 else ''} onto the "
                                "Karokum pile."),
    "tour": _tour,
    "trade": _trade,
    "treasury": _treasury,
    "tribute": _text("{seat} pays {paid}₡ of tribute into the Pirates' Pot."),
    "trophy_drop": lambda e, n: (f"{_actor(e, n)} drops a trophy to the bottom of the Trophy deck and "
                                 f"draws {e.get('drawn', 0)} at Exxalia to keep one."),
    "turn": _text("Turn {turn}: {seat} to play."),
    "won_ship": lambda e, n: f"{_actor(e, n)} beats {card_text(e['ship'])}, which becomes their wreck.",
}


def describe(event: Event, state: GameState | None = None, names: Names = None) -> str:
    """One event in words every reader may read (the module's docstring says what stays hidden)."""
    del state
    words = DESCRIBE.get(str(event.get("type")))
    if words is None:
        return "Something happened."  # an event without words says nothing it might hide
    return words(event, names)
