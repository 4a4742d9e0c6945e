"""Metal Adventures' events in words every reader may read (narration.py gives each reader its own):
`describe(event)` for every event type the package emits, and the words both it and narration.py use for
seats, cards and the items of trades, promises and alliances, with the cards a reader may not know
replaced ("a trophy", "a wreck"). What stays hidden from whom: narration.py's docstring.

Every sentence is said in a Voice: to nobody (describe()'s default, every seat named), or to one seat,
which reads "You pay", "... attacks you", "your side" (rules.md, "What the log tells each reader"): `who`
names a seat for the reader, `agree` puts a sentence's verb in the person of its subject, `does` joins them
to start a sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.kinds.protocol import Event

from . import cards, items
from .end import ranks
from .prompts import deal_words, name
from .records import ANY_TROPHY, NOW, TROPHY, WRECK, Item
from .state import GameState

Names = Sequence[str] | None  # the seats' player names, by index

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


@dataclass(frozen=True)
class Voice:
    """Whom the words name and whom they speak to: the seats' player names (`names`, by index) and the
    reader's own seat (`you`: None for a spectator, and for the words every reader may read)."""

    names: Sequence[str] | None = None
    you: int | None = None


def who(seat: Any, v: Voice, *, start: bool = False, own: bool = False) -> str:
    """A seat as the reader reads it: "you" for the reader's own ("You" to start a sentence; "your" /
    "Your" with `own`), its player's name for any other ("Ann", "Ann's" with `own`)."""
    if v.you is not None and int(seat) == v.you:
        word = "your" if own else "you"
        return word.capitalize() if start else word
    named = name(int(seat), v.names)
    return f"{named}'s" if own else named


# The verbs whose second person is no regular -s away from the third's.
_SECOND_PERSON = {"is": "are", "has": "have", "does": "do", "was": "were"}


def agree(seat: Any, v: Voice, words: str) -> str:
    """`words` that start with a verb in the third person ("pays 2₡"), that verb agreeing with the seat as
    the reader reads it: "pay 2₡" when the seat is the reader's own."""
    if v.you is None or int(seat) != v.you:
        return words
    verb, space, rest = words.partition(" ")
    if verb in _SECOND_PERSON:
        verb = _SECOND_PERSON[verb]
    elif verb.endswith("ies"):
        verb = verb[:-3] + "y"
    elif verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        verb = verb[:-2]
    elif verb.endswith("s"):
        verb = verb[:-1]
    return verb + space + rest


def does(seat: Any, v: Voice, words: str) -> str:
    """A sentence's start: the seat and what it does, in agreement ("Ann pays 2₡", "You pay 2₡")."""
    return f"{who(seat, v, start=True)} {agree(seat, v, words)}"


def seat_of(event: Event, key: str, v: Voice, *, own: bool = False) -> str:
    """The event's seat under `key` as the reader reads it, inside a sentence ("Ann", "you")."""
    return who(event[key], v, own=own)


def actor(event: Event, v: Voice, words: str) -> str:
    """The event's "seat" and what it does, starting a sentence ("Ann pays", "You pay")."""
    return does(event["seat"], v, words)


def owner(event: Event, v: Voice) -> str:
    """The event's "seat" as the owner of what starts a sentence ("Ann's", "Your")."""
    return who(event["seat"], v, start=True, own=True)


def _their(event: Event, v: Voice, key: str = "seat") -> str:
    """What the event's seat under `key` owns, said after it: "their" (a player, never "its"), "your" to
    the seat itself."""
    return "your" if v.you is not None and int(event[key]) == v.you else "their"


def seats_text(values: Any, v: Voice, *, start: bool = False) -> str:
    found = [who(s, v, start=start and i == 0) for i, s in enumerate(values)]
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

def _ally_ask(e: Event, v: Voice) -> str:
    return ally_ask_words(e, v, wrecks=False, trophies=False)


def ally_ask_words(e: Event, v: Voice, wrecks: bool, trophies: bool) -> str:
    """An ask for allies, its terms' wrecks and trophies named if `wrecks` / `trophies` (narration.py
    names them to the seats the terms concern)."""
    terms = deal_text(e.get("terms", "nothing"), seat_of(e, "seat", v, own=True), wrecks=wrecks,
                      trophies=trophies)
    again = " (a second ask)" if int(e.get("round", 1)) > 1 else ""
    return (f"{actor(e, v, 'asks')} {seats_text(e['asked'], v)} to fight as an ally"
            f"{'' if terms == 'nothing' else ' for ' + terms}{again}.")


def _ally_answer(e: Event, v: Voice) -> str:
    principal = seat_of(e, "principal", v)
    whose = seat_of(e, "principal", v, own=True)
    if e.get("answer") == "counter":
        terms = deal_text(e.get("terms", "nothing"), whose, wrecks=False, trophies=False)
        return f"{actor(e, v, 'asks')} {principal} for {terms} instead{by_order(e)}."
    return f"{actor(e, v, 'declines')} {whose} ask{by_order(e)}."


def _ally_sealed(e: Event, v: Voice) -> str:
    whose = seat_of(e, "principal", v, own=True)
    terms = deal_text(e.get("terms", "nothing"), whose, wrecks=False, trophies=False)
    return (f"{actor(e, v, 'joins')} {whose} side"
            f"{'' if terms == 'nothing' else ' for ' + terms}{by_order(e)}.")


def _alone(e: Event, v: Voice) -> str:
    whys = {"4 JP": " (4 JP: no alliance)", "nobody to ask": ": nobody can be asked"}
    why = whys.get(str(e.get("why")), "")
    return f"{actor(e, v, 'fights')} alone{why}."


def _attack(e: Event, v: Voice) -> str:
    attacks = actor(e, v, "attacks")
    if e.get("kind") == "karokum":
        return f"{attacks} {_ship(e['target'])} via Karokum, paying {e.get('fee', 0)}₡ to Karokum."
    if e.get("kind") == "planet":
        return f"{attacks} the planet {_planet(e['target'])}."
    return f"{attacks} in Space."


def _autopilot(e: Event, v: Voice) -> str:
    # Its command may name a hidden card, which only the events it made tell apart (narration.line).
    return f"The autopilot plays for {seat_of(e, 'seat', v)}."


def _buy(e: Event, v: Voice) -> str:
    refill = card_text(e["refill"]) if e.get("refill") else "nothing"
    return (f"{actor(e, v, 'buys')} {card_text(e['card'])} for {e['paid']}₡ while resting; {refill} "
            "fills its spot in the OCG row.")


def _challenge_won(e: Event, v: Voice) -> str:
    return (f"{actor(e, v, 'wins')} the challenge against {seat_of(e, 'loser', v)}: "
            f"+{e['glory']} G and the Pirates' Pot ({e['pot']}₡).")


def _damage(e: Event, v: Voice) -> str:
    source = f" from {cards.NAMES[e['card']]}" if e.get("card") in cards.NAMES else ""
    dealt = f" ({e['amount']} dealt)" if e.get("amount") != e.get("taken") else ""
    return f"{actor(e, v, 'suffers')} {e['taken']} damage{source}{dealt}; damage now {e['damage']}."


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


def _declare(e: Event, v: Voice) -> str:
    if e.get("secret"):
        return f"{actor(e, v, 'declares')} (secret until the step closes)."
    return f"{actor(e, v, declare_part(e))}."


def _declaration(d: Mapping[str, Any], v: Voice) -> str:
    seat = d["seat"]
    parts = []
    if d.get("loyal") is True:
        parts.append("loyal")
    elif d.get("loyal") is False:
        parts.append(agree(seat, v, "betrays"))
    parts.append("Metal Faktor die" if d.get("mf") else "no Metal Faktor die")
    parts += [agree(seat, v, f"plays {card_text(c)}") for c in d.get("play", ())]
    parts += [agree(seat, v, f"arms {card_text(c)}") for c in d.get("arm", ())]
    return f"{who(seat, v, start=True)}: {', '.join(parts)}"


def _declared(e: Event, v: Voice) -> str:
    shown = [_declaration(d, v) for d in e.get("declarations", ())]
    return "Declarations: " + ("; ".join(shown) if shown else "none") + "."


def _face_up(e: Event, v: Voice) -> str:
    return f"{_ship(e['card'])} lies face up in spot {e['spot']}."


def _gain(e: Event, v: Voice) -> str:
    source = "the Pirates' Pot" if e.get("from") == "pot" else "the bank"
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    return f"{actor(e, v, 'takes')} {e['credits']}₡ from {source}{card}{_short(e)}."


def _game_over(e: Event, v: Voice) -> str:
    groups = tuple(tuple(group) for group in e.get("places", ()))
    places = [f"{rank}. {seats_text(group, v, start=True)}"
              for rank, group in zip(ranks(groups), groups, strict=True)]
    return "The game is over." + (" " + "; ".join(places) + "." if places else "")


def _hunters_back(e: Event, v: Voice) -> str:
    shuffle = {"layered": "among the cards of its colour", "whole": "into the whole deck",
               "full": "the whole deck with it"}.get(str(e.get("shuffle")), "")
    # The count is the whole deck's after the shuffle, said so: beside "among the cards of its colour" a
    # bare "(65 cards)" read as the size of that colour's block.
    return (f"{cards_text(e['cards'])} go{'es' if len(e['cards']) == 1 else ''} back into the Space deck, "
            f"shuffled {shuffle}; the Space deck holds {plural(int(e.get('deck', 0)), 'card')}.")


def _keep_trophy(e: Event, v: Voice) -> str:
    bottom = len(e.get("bottom", ()))
    rest = f"; {plural(bottom, 'other')} to the bottom of the Trophy deck" if bottom else ""
    return f"{actor(e, v, 'keeps')} one of the trophies drawn{rest}."


def _offer(e: Event, v: Voice) -> str:
    give, get = trade_sides(e, v, wrecks=False, sender=False)
    return (f"{does(e['sender'], v, 'offers')} {seat_of(e, 'receiver', v)} a trade, O{e['offer']}: "
            f"gives {give}, gets {get}.")


def _overflow_discard(e: Event, v: Voice) -> str:
    card = str(e["card"])
    if card in cards.TROPHIES:
        return f"{actor(e, v, 'is')} over the limit: a trophy goes to the bottom of the Trophy deck."
    return f"{actor(e, v, 'is')} over the limit and {agree(e['seat'], v, 'lets')} {card_text(card)} go."


_PLAY_WORDS: dict[str, Callable[[Event, Voice], str]] = {
    "repaired": lambda e, v: f": {e['repaired']} damage repaired, damage {e['damage']}",
    "target": lambda e, v: f" on {seat_of(e, 'target', v)}",
    "taken": lambda e, v: f": takes {e['taken']}₡ from the Pirates' Pot ({e['pot']}₡ left)",
    "ship": lambda e, v: f": takes {_ship(e['ship'])} from the Karokum pile as a wreck",
}


def _pay(e: Event, v: Voice) -> str:
    to = "the Pirates' Pot" if e.get("to") == "pot" else "the bank"
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    owed = f" of {e['owed']} owed" if e.get("owed", e["credits"]) != e["credits"] else ""
    return f"{actor(e, v, 'pays')} {e['credits']}₡{owed} to {to}{card}."


def _play(e: Event, v: Voice) -> str:
    effect = next((words(e, v) for key, words in _PLAY_WORDS.items() if key in e), "")
    return f"{actor(e, v, 'plays')} {card_text(e['card'])}{effect}."


def _prize(e: Event, v: Voice) -> str:
    if e.get("empty"):
        return f"{actor(e, v, 'finds')} nothing to take at {_planet(e['planet'])}: its pile is empty."
    return (f"{actor(e, v, 'draws')} {plural(int(e.get('drawn', 0)), 'trophy')} at "
            f"{_planet(e['planet'])} to keep one.")


# When a promise is due ({whose}: the debtor's, "their" or "your").
DUE_WORDS = {"win": "if {whose} side wins the battle", "end": "at the end of this turn",
             "next": "at the end of {whose} next turn"}


def due_words(e: Event, v: Voice) -> str:
    """When a promise is due, said of the debtor: "their" side or turn, "your" to the debtor."""
    return DUE_WORDS.get(str(e.get("due")), "later").format(whose=_their(e, v, "debtor"))


def _promise(e: Event, v: Voice) -> str:
    return (f"P{e['promise']}: {seat_of(e, 'debtor', v)} {agree(e['debtor'], v, 'promises')} "
            f"{seat_of(e, 'creditor', v)} "
            f"{deal_text(e.get('items', ()), '', wrecks=False, trophies=False, dues=False)}, "
            f"{due_words(e, v)}.")


def _promise_broken(e: Event, v: Voice) -> str:
    if e.get("why") == "break":
        return f"{does(e['debtor'], v, 'breaks')} P{e['promise']} to {seat_of(e, 'creditor', v)}."
    return (f"{does(e['debtor'], v, 'cannot')} deliver P{e['promise']} to "
            f"{seat_of(e, 'creditor', v)} in full ({e.get('why', 'due')}): it is broken.")


def _promise_kept(e: Event, v: Voice) -> str:
    given = deal_text(e.get("items", ()),
                      "",  # pragma: no mutate (without dues no due point is said: whose is never read)
                      wrecks=False, trophies=False, dues=False)
    return (f"{does(e['debtor'], v, 'keeps')} P{e['promise']}: {seat_of(e, 'creditor', v)} "
            f"{agree(e['creditor'], v, 'gets')} {given}.")


def _resign(e: Event, v: Voice) -> str:
    return (f"{actor(e, v, 'leaves')} the game: {e.get('credits', 0)}₡ to the bank, "
            f"{plural(int(e.get('trophies', 0)), 'trophy')} to the Trophy deck, "
            f"{plural(int(e.get('wrecks', 0)), 'wreck')} out of the game; improvements: "
            f"{cards_text([*e.get('equipment', ()), *e.get('support', ())])}.")


def _reveal(e: Event, v: Voice) -> str:
    gains = [f"+{e['glory']} G" if e.get("glory") else "", f"+{e['credits']}₡" if e.get("credits") else ""]
    paid = ", ".join(g for g in gains if g) or "nothing"
    return f"{actor(e, v, 'reveals')} {card_text(e['trophy'])}: {paid}{_short(e)}."


def _dice(e: Event, v: Voice) -> str:
    faces = [f"{who(s, v)} {agree(s, v, 'rolls')} {f or 'blank'}" for s, f in e.get("mf", ())]
    mf = f"; Metal Faktor dice: {', '.join(faces)}" if faces else ""
    return f"orange {e['orange']}, gray {e['gray']}{mf}: {e['attack']} against {e['defend']}"


def _result(e: Event, v: Voice) -> str:
    if e.get("winner") == "attack":
        return f"The attacking side wins, {e['attack']} against {e['defend']}."
    return f"The defending side wins, {e['defend']} against {e['attack']}."


def _space_event(e: Event, v: Voice) -> str:
    effect = cards.EVENTS[e["card"]].text if e.get("card") in cards.EVENTS else ""
    if e.get("applied"):
        return f"Event drawn: {card_text(e['card'])}" + (f": {effect.rstrip('.')}." if effect else ".")
    return f"Event drawn: {card_text(e['card'])}; it has no effect (not the turn's first event)."


def _spoils(e: Event, v: Voice) -> str:
    takes, loser = actor(e, v, "takes"), seat_of(e, "from", v)
    if "card" in e:
        return f"{takes} {card_text(e['card'])} from {loser}."
    return f"{takes} {e.get('credits', 0)}₡ from {loser}."


def _take_wrecks(e: Event, v: Voice) -> str:
    whose = seat_of(e, "from", v, own=True)
    return (f"{actor(e, v, 'takes')} {plural(len(e.get('wrecks', ())), 'wreck')} of "
            f"{'yours' if whose == 'your' else whose}.")


def _spoils_look(e: Event, v: Voice) -> str:
    return (f"{actor(e, v, 'looks')} at {seat_of(e, 'from', v, own=True)} "
            f"{plural(len(e.get('wrecks', ())), 'wreck')} and will take {e.get('count', 0)}.")


def _treasury(e: Event, v: Voice) -> str:
    if "seat" in e:
        return f"{actor(e, v, 'takes')} {_planet(e['planet'])}'s treasury: {e['credits']}₡."
    card = f" ({cards.NAMES[e['card']]})" if e.get("card") in cards.NAMES else ""
    return f"{_planet(e['planet'])} gets {e['credits']}₡ from the bank{card}{_short(e)}."


def _tour_paid(e: Event) -> str:
    """What a tour action cost: credits and spent wrecks (spent wrecks are public: they leave the game)."""
    parts = []
    if e.get("credits"):
        parts.append(f"{e['credits']}₡")
    parts += [card_text(w) for w in e.get("wrecks", ())]
    return " and ".join(parts) if parts else "nothing"


def tour_trophies(e: Event, v: Voice, shown: bool) -> str:
    paid = e.get("trophy")
    if paid:
        trophy = card_text(paid) if shown else "a trophy"
        cost = f"{trophy} and {e.get('credits', 0)}₡" if e.get("credits") else trophy
    else:
        cost = _tour_paid(e)
    drawn = e.get("drawn", ())
    seen = f": {cards_text(drawn)}" if shown and drawn else ""
    draws = agree(e["seat"], v, f"draws {plural(len(drawn), 'trophy')}")
    return f"{actor(e, v, 'takes')} the Trophies action at Exxalia for {cost} and {draws} to keep one{seen}."


def _tour(e: Event, v: Voice) -> str:
    word, paid = str(e.get("word")), _tour_paid(e)
    if word == "trophies":
        return tour_trophies(e, v, shown=False)
    if word in ("repair", "overhaul"):
        what = "Minor repairs" if word == "repair" else "Complete repairs"
        return f"{actor(e, v, 'pays')} {paid} at Exxalia for {what}; damage now {e.get('damage', 0)}."
    if word == "title":
        return (f"{actor(e, v, 'takes')} the Glory Title with {paid}: glory {e.get('glory')}, "
                f"+{e.get('paid', 0)}₡{_short(e)}.")
    if word == "newcards":
        row = cards_text(c for c in e.get("row", ()) if c)
        return f"{actor(e, v, 'pays')} {paid} for New choices: the OCG row is now {row}."
    if word == "buy":
        refill = card_text(e["refill"]) if e.get("refill") else "nothing"
        bought = f"{actor(e, v, 'buys')} {card_text(e.get('card'))}"
        return f"{bought} at the OCG for {paid}; {refill} fills its spot."
    if word == "smuggle":
        return f"{actor(e, v, 'smuggles')} {card_text(e.get('card'))} out of the Bazaar pile for {paid}."
    if word == "amnesty":
        return f"{actor(e, v, 'pays')} {paid} at the Bazaar for Amnesty."
    if word == "scrap":
        wrecks, ship = cards_text(e.get("wrecks", ())), card_text(e.get("ship"))
        return (f"{actor(e, v, 'scraps')} the wreck {wrecks} (face up onto the Karokum pile) for {ship}, "
                f"paying {e.get('credits', 0)}₡.")
    if word == "splurge":
        return f"{actor(e, v, 'makes')} an Extravagant Expenditure of {paid}: glory {e.get('glory')}."
    return f"{actor(e, v, 'takes')} tour action {e.get('action')}, paying {paid}."


def trade_sides(e: Event, v: Voice, *, wrecks: bool, sender: bool) -> tuple[str, str]:
    """What an offer's sender gives and gets, in words: its trophies named to the sender alone
    (`sender`), those it asks for and its wrecks to both parties (`wrecks`); a later leg is due at the
    end of its giver's turn."""
    giver, taker = seat_of(e, "sender", v, own=True), seat_of(e, "receiver", v, own=True)
    return (deal_text(e.get("give", ()), giver, wrecks=wrecks, trophies=sender),
            deal_text(e.get("get", ()), taker, wrecks=wrecks, trophies=wrecks))


def accepted(e: Event, v: Voice, give: str, get: str) -> str:
    """An accepted trade, its sender the subject: "Ann gives 2₡ and gets a wreck from Bob"."""
    sender = e["sender"]
    return (f"{seat_of(e, 'sender', v)} {agree(sender, v, 'gives')} {give} and {agree(sender, v, 'gets')} "
            f"{get} from {seat_of(e, 'receiver', v)}")


def _trade(e: Event, v: Voice) -> str:
    give, get = trade_sides(e, v, wrecks=False, sender=False)
    return f"O{e['offer']} is accepted: {accepted(e, v, give, get)}."


def _accuse(e: Event, v: Voice) -> str:
    return (f"{does(e['accuser'], v, 'accuses')} {seat_of(e, 'accused', v)} (case C{e.get('case')}): "
            f"\"{e.get('words', '')}\"")


def _plea(e: Event, v: Voice) -> str:
    order = " (standing order)" if e.get("by") == "order" else ""
    return f"{actor(e, v, 'pleads')} {e.get('plea')} in case C{e.get('case')}{order}."


def _vote(e: Event, v: Voice) -> str:
    order = " (standing order)" if e.get("by") == "order" else ""
    return f"{actor(e, v, 'votes')} {e.get('vote')} in case C{e.get('case')}{order}."


def _verdict(e: Event, v: Voice) -> str:
    if e.get("pleaded"):
        return f"Case C{e.get('case')}: {seat_of(e, 'accused', v)} pleaded guilty."
    votes = e.get("votes") or {}
    tally = ", ".join(f"{votes.get(w, 0)} {w}" for w in ("guilty", "innocent", "abstain"))
    found = "guilty" if e.get("guilty") else "not guilty"
    accused = f"{seat_of(e, 'accused', v)} {agree(e['accused'], v, 'is found')}"
    return f"Case C{e.get('case')}: {accused} {found} ({tally})."


def _case_dropped(e: Event, v: Voice) -> str:
    return f"Case C{e.get('case')} is closed without a verdict: {seat_of(e, 'seat', v)} left the game."


def _perk(e: Event, v: Voice) -> str:
    return f"{owner(e, v)} {card_text(e.get('base'))} refuses the tribute without a JP (once a game)."


DESCRIBE: Mapping[str, Callable[[Event, Voice], str]] = {
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
    "battle_over": lambda e, v: f"{owner(e, v)} battle is over.",
    "betrayal": lambda e, v: f"{actor(e, v, 'betrays')} {seat_of(e, 'attacker', v)}!",
    "buy": _buy,
    "challenge": lambda e, v: f"{actor(e, v, 'challenges')} {seat_of(e, 'challenged', v)}.",
    "challenge_won": _challenge_won,
    "choose": lambda e, v: f"{actor(e, v, 'keeps')} two of the three trophies dealt.",
    "damage": _damage,
    "debt_paid": lambda e, v: (f"{actor(e, v, 'pays')} a Metal Faktor debt of {e.get('debt', '')}; the die "
                               "is blank again."),
    "declare": _declare,
    "declared": _declared,
    "discard": lambda e, v: f"{actor(e, v, 'discards')} {card_text(e['card'])}.",
    "end_turn": lambda e, v: f"{actor(e, v, 'ends')} turn {e.get('turn', '')}.",
    "exempt": lambda e, v: (f"{actor(e, v, 'is')} exempt from the tribute (the lowest main power, "
                         f"{e.get('m', '')})."),
    "face_up": _face_up,
    "gain": _gain,
    "game_over": _game_over,
    "glory": lambda e, v: f"{actor(e, v, 'gains')} {e.get('glory', '')} G ({e.get('why', '')}).",
    "hunters_back": _hunters_back,
    "jp": lambda e, v: (f"{actor(e, v, 'takes')} 1 JP ({e.get('why', '')}): JP {e.get('jp', '')}, "
                     f"glory {e.get('glory', '')}."),
    "jp_cancelled": lambda e, v: (f"{actor(e, v, 'cancels')} 1 JP ({e.get('why', '')}): "
                                  f"JP {e.get('jp', '')}, glory {e.get('glory', '')}."),
    "keep_trophy": _keep_trophy,
    "lost_ship": lambda e, v: (f"{actor(e, v, 'loses')} against {card_text(e['ship'])}, which leaves the "
                               "game."),
    "offer": _offer,
    "offer_declined": lambda e, v: f"{does(e['receiver'], v, 'declines')} O{e.get('offer', '')}.",
    "offer_expired": lambda e, v: f"O{e.get('offer', '')} expires.",
    "offer_withdrawn": lambda e, v: f"{does(e['sender'], v, 'withdraws')} O{e.get('offer', '')}.",
    "order": lambda e, v: f"{actor(e, v, 'changes')} a standing order.",
    "orders": lambda e, v: f"{actor(e, v, 'reads')} {_their(e, v)} standing orders.",
    "overflow": lambda e, v: (f"{actor(e, v, 'gets')} {card_text(e['card'])} as a fifth improvement and "
                              "must discard one."),
    "overflow_discard": _overflow_discard,
    "paid": lambda e, v: (f"{actor(e, v, 'takes')} {e['credits']}₡ from the bank ({e.get('why')})"
                          f"{_short(e)}."),
    "pass": lambda e, v: f"{actor(e, v, 'plays')} no reaction card.",
    "pay": _pay,
    "planet_choice": lambda e, v: (f"{actor(e, v, 'picks')} which of "
                                   f"{', '.join(_planet(p) for p in e['options'])} gets GOLDEN VEIN's 5₡."),
    "planet_chosen": lambda e, v: f"{actor(e, v, 'picks')} {_planet(e['planet'])}.",
    "play": _play,
    "prize": _prize,
    "prize_refused": lambda e, v: f"{actor(e, v, 'refuses')} the prize of {_planet(e['planet'])}.",
    "promise": _promise,
    "promise_broken": _promise_broken,
    "promise_kept": _promise_kept,
    "promise_lapsed": lambda e, v: f"P{e.get('promise', '')} lapses ({e.get('why', '')}).",
    "ready": lambda e, v: (f"{actor(e, v, 'is')} done recruiting"
                           f"{' (' + str(e['why']) + ')' if e.get('why') else ''}."),
    "recruited": lambda e, v: (f"Recruitment closes: allies of the challenger: "
                               f"{seats_text(e.get('allies', ()), v)}; of the challenged seat: "
                               f"{seats_text(e.get('defenders', ()), v)}."),
    "refuse": lambda e, v: f"{actor(e, v, 'refuses')} the tribute.",
    "repair_drones": lambda e, v: (f"{owner(e, v)} Repair Drones remove 1 damage; "
                                f"damage now {e.get('damage', '')}."),
    "reroll": lambda e, v: f"{actor(e, v, 'plays')} {card_text(e['card'])}, a reroll: {_dice(e, v)}.",
    "resign": _resign,
    "rest": lambda e, v: (f"{actor(e, v, 'rests')} in Havana: +{e['credits']}₡{_short(e)}, "
                          f"{e['repaired']} damage repaired, the Metal Faktor die blank."),
    "result": _result,
    "reveal": _reveal,
    "rhum": lambda e, v: f"{owner(e, v)} RHUM pays {e['credits']}₡{_short(e)}.",
    "roll": lambda e, v: f"The dice roll: {_dice(e, v)}.",
    "setup_done": lambda e, v: (f"Every seat has kept two trophies; {e.get('bottom', '')} go to the bottom "
                                "of the Trophy deck."),
    "smoke": lambda e, v: f"{owner(e, v)} Smoke Screen: no damage from this battle.",
    "space_event": _space_event,
    "space_void": lambda e, v: (f"The Space deck ran out with no starship: {seat_of(e, 'seat', v, own=True)} "
                                "battle is void."),
    "spared": lambda e, v: f"{actor(e, v, 'is')} spared the damage.",
    "spoils": _spoils,
    "spoils_look": _spoils_look,
    "swap": lambda e, v: (f"{actor(e, v, 'puts')} a trophy at the bottom of the Trophy deck and "
                          f"{agree(e['seat'], v, 'looks')} at the top {len(e.get('seen', ()))} to keep one."),
    "take_support": lambda e, v: f"{actor(e, v, 'takes')} {card_text(e['card'])} from the Bazaar pile.",
    "take_wreck": lambda e, v: (f"{actor(e, v, 'takes')} {_ship(e['ship'])} from the Karokum pile as a "
                                "wreck."),
    "take_wrecks": _take_wrecks,
    "target": lambda e, v: f"{actor(e, v, 'chooses')} {_ship(e['card'])} (spot {e['spot']}).",
    "to_karokum": lambda e, v: (f"{cards_text(e['cards'])} go{'es' if len(e['cards']) == 1 else ''} onto the "
                                "Karokum pile."),
    "tour": _tour,
    "trade": _trade,
    "treasury": _treasury,
    "tribute": lambda e, v: f"{actor(e, v, 'pays')} {e.get('paid', '')}₡ of tribute into the Pirates' Pot.",
    "trophy_drop": lambda e, v: (f"{actor(e, v, 'drops')} a trophy to the bottom of the Trophy deck and "
                                 f"{agree(e['seat'], v, 'draws')} {e.get('drawn', 0)} at Exxalia to keep "
                                 "one."),
    "turn": lambda e, v: f"Turn {e.get('turn', '')}: {seat_of(e, 'seat', v)} to play.",
    "won_ship": lambda e, v: (f"{actor(e, v, 'beats')} {card_text(e['ship'])}, which becomes {_their(e, v)} "
                             "wreck."),
}


def describe(event: Event, state: GameState | None = None, names: Names = None,
             you: int | None = None) -> str:
    """One event in words every reader may read (the module's docstring says what stays hidden), said to
    the seat `you` ("You pay 2₡"; None: to nobody, every seat by name)."""
    del state
    return speak(event, Voice(names, you))


def speak(event: Event, v: Voice) -> str:
    """describe()'s words for one event, in `v`'s voice."""
    words = DESCRIBE.get(str(event.get("type")))
    if words is None:
        return "Something happened."  # an event without words says nothing it might hide
    return words(event, v)
