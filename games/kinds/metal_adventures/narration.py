"""Metal Adventures' actions in words, as each reader may read them while the game is in play
(games/kinds/protocol.py: `describe`, `narrate`; rules.md, "What the log tells each reader").

`describe(event)` (event_words.py) says an event in words every reader may read: no trophy in a hand or
a choice, no wreck a challenger picked, no trophy or wreck named in the terms of a trade, a promise or an
alliance, no secret declaration before its step closes, nothing of a standing order. `narrate(...)` gives
one action to one reader: the command as typed for the seat that gave it, with hidden cards replaced ("a
trophy", "a wreck") for the others; and a line per event, the reader-specific line where the reader may
know more (the seat's own trophies, the parties' own trade), said to the seat `you` (the reader's own:
"You pay", "... challenges you"; event_words.Voice). What a reader may know is `reader`'s alone: `you`
changes the words, never what they tell. Raw events never leave through here: only these strings.

Who may read what (state.md, "Who may see what"; rules.md, "Trades and promises"):
- a trophy drawn, kept, swapped, paid or dropped: its seat only; a revealed trophy: everyone;
- wrecks picked from a challenged loser: the challenger and the loser (the others: how many); wrecks taken
  from the Karokum pile, spent (repairs, the Glory Title, Amnesty, the Extravagant Expenditure) or
  scrapped (onto the Karokum pile), and a starship won in battle: everyone;
- an offer: its wrecks and the trophies it asks for, both parties; a trophy it gives, the sender only;
  an accepted trade and a promise kept: both parties; a promise: its wrecks both parties, its trophies
  the debtor only; an alliance's terms: trophies the principal only, wrecks the principal and the seats
  asked (or the ally);
- a declaration out of turn: its seat, until its step closes (the `declared` event then tells everyone);
  the active seat declares live, and its declarations are told as given;
- a standing order: its seat only (the others read the bare word `order` and no line).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.kinds.protocol import Event, Narration

from . import cards
from .event_words import (
    DESCRIBE,
    Names,
    Voice,
    accepted,
    actor,
    agree,
    ally_ask_words,
    by_order,
    card_text,
    cards_text,
    deal_text,
    declare_part,
    describe,
    does,
    due_words,
    items_words,
    owner,
    plural,
    seat_of,
    sees,
    speak,
    tour_trophies,
    trade_sides,
    who,
)
from .state import GameState

__all__ = ["DESCRIBE", "Voice", "describe", "narrate", "shown_command", "line"]

_TROPHY_WORD = re.compile(r"(?:^|\s)trophy(?:\s|$)", re.I)
MASKED_DECLARATION = "declare"  # a secret declaration's command, as the other seats read it
# The verbs a declaration out of turn is made with (declare.py): a secret one unless its events say
# otherwise, so that a command read without its events (a mailed reply's record) tells nothing.
DECLARATION_VERBS = ("loyal", "betray", "mf", "play", "arm")


# === narrate: one action for one reader ===

def _of(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.get("type") == kind]


def _hide_named_trophies(head: str, rest: str) -> str:
    """`accept O1 trophy <t>...`, `keep P1 trophy <t>...`: each trophy named becomes "a trophy"."""
    count = len(_TROPHY_WORD.findall(f" {rest} "))
    return " ".join([head, *["a trophy"] * count])


def shown_command(command: str, seat: int | None, events: Sequence[Event], reader: int | None) -> str:
    """The command as `reader` may read it: as typed for the seat that gave it; for the others, the cards
    it names that they may not know replaced ("a trophy", "a wreck"), a secret declaration and a standing
    order reduced to a word. `events` are the command's own (the parties of a trade or a promise); without
    them, whatever they could have made secret is masked."""
    typed = " ".join(command.split())
    if seat is not None and reader == seat:
        return typed
    words = typed.split(" ")
    verb = words[0].lower()
    if verb == "order":
        return "order"
    if verb == "autopilot":
        return "autopilot"
    secret = any(e.get("type") == "declare" and e.get("secret") for e in events)
    if (secret or (not events and verb in DECLARATION_VERBS)) and verb != "ready":
        return MASKED_DECLARATION
    if verb == "choose":
        return "choose two trophies"
    if verb == "swap":
        return "swap a trophy"
    if verb == "trophy" and words[1:2] and words[1].lower() == "drop":
        return "trophy drop a trophy"
    if verb == "tour" and len(words) > 2 and words[1].lower() == "trophies":
        return "tour trophies a trophy"
    if verb == "pick":
        return _pick(typed, events, reader)
    if verb == "accept":
        parties = [(e["sender"], e["receiver"]) for e in _of(events, "trade")]
        if any(sees(reader, *p) for p in parties):
            return typed
        return _hide_named_trophies(" ".join(words[:2]), " ".join(words[2:]))
    if verb == "keep":
        kept = _of(events, "promise_kept")
        if kept and all(sees(reader, e["debtor"], e["creditor"]) for e in kept):
            return typed
        return _hide_named_trophies(" ".join(words[:2]), " ".join(words[2:]))
    if verb == "offer":
        return _offer_command(events, reader)
    if verb == "promise":
        return _promise_command(events, reader)
    if verb == "ally":
        return _ally_command(words, seat, events, reader)
    return typed


def _pick(typed: str, events: Sequence[Event], reader: int | None) -> str:
    if _of(events, "keep_trophy"):
        return "pick a trophy"
    taken = _of(events, "take_wrecks")
    if taken and not sees(reader, taken[0]["from"]):
        return f"pick {plural(len(taken[0].get('wrecks', ())), 'wreck')}"
    if _of(events, "take_support") or _of(events, "take_wreck") or taken:
        return typed
    return "pick"  # a pick whose events this module does not know: nothing of it is shown


def _offer_command(events: Sequence[Event], reader: int | None) -> str:
    made = _of(events, "offer")
    if not made:
        return "offer"
    e = made[0]
    party = sees(reader, e["sender"], e["receiver"])
    give = items_words(e.get("give", ()), wrecks=party, trophies=False)
    get = items_words(e.get("get", ()), wrecks=party, trophies=party)
    return f"offer {int(e['receiver']) + 1} give {give} get {get}"


def _promise_command(events: Sequence[Event], reader: int | None) -> str:
    made = _of(events, "promise")
    if not made:
        return "promise"
    e = made[0]
    party = sees(reader, e["debtor"], e["creditor"])
    owed = " + ".join(items_words(p.get("items", ()), wrecks=party, trophies=False) for p in made)
    return f"promise {int(e['creditor']) + 1} {owed}"


def _ally_command(words: list[str], seat: int | None, events: Sequence[Event], reader: int | None) -> str:
    sub = words[1].lower() if len(words) > 1 else ""
    if sub == "ask":
        asks = _of(events, "ally_ask")
        who, sep, _terms = " ".join(words[2:]).partition(" for ")
        if not sep or not asks:
            return " ".join(words[:2] + ([who] if who else []))
        asked = asks[0].get("asked", ())
        terms = items_words(asks[0].get("terms", "nothing"), sees(reader, seat, *asked), False)
        return f"ally ask {who} for {terms}"
    if sub == "accept" and len(words) > 2:
        answers = [e for e in _of(events, "ally_answer") if e.get("answer") == "counter"]
        if not answers:
            if events:  # an acceptance: its terms are the ask's
                return " ".join(words)
            return " ".join(words[:3] if words[2].isdigit() else words[:2])  # perhaps a counter-offer
        e = answers[0]
        named = [words[2]] if words[2].isdigit() else []
        party = sees(reader, e["seat"], e["principal"])
        return " ".join(["ally accept", *named, items_words(e.get("terms", "nothing"), party, party)])
    return " ".join(words)


def _private(event: Event, reader: int | None, v: Voice) -> str | None:
    """The line for a reader who may know more of the event than describe() says; None: describe()'s."""
    kind = event.get("type")
    if kind in ("choose", "swap", "keep_trophy", "trophy_drop", "overflow_discard", "declare", "tour") \
            and not sees(reader, event.get("seat")):
        return None
    if kind == "choose":
        aside = cards_text(event["aside"])
        kept = actor(event, v, f"keeps {cards_text(event['kept'])}")
        return f"{kept}; {aside} will go to the bottom of the Trophy deck."
    if kind == "swap":
        return (f"{actor(event, v, 'puts')} {card_text(event['trophy'])} at the bottom of the Trophy deck "
                f"and {agree(event['seat'], v, 'looks')} at {cards_text(event['seen'])} to keep one.")
    if kind == "keep_trophy":
        bottom = event.get("bottom", ())
        rest = f"; {cards_text(bottom)} to the bottom of the Trophy deck" if bottom else ""
        return f"{actor(event, v, 'keeps')} {card_text(event['trophy'])}{rest}."
    if kind == "trophy_drop":
        return (f"{actor(event, v, 'drops')} {card_text(event['trophy'])} to the bottom of the Trophy deck "
                f"and {agree(event['seat'], v, 'draws')} {event.get('drawn', 0)} at Exxalia to keep one.")
    if kind == "overflow_discard" and str(event["card"]) in cards.TROPHIES:
        return (f"{actor(event, v, 'is')} over the limit: {card_text(event['card'])} goes to the bottom of "
                "the Trophy deck.")
    if kind == "overflow_discard":
        return None
    if kind == "declare":
        return actor(event, v, declare_part(event)) + (" (secret until the step closes)."
                                                         if event.get("secret") else ".")
    if kind == "tour":
        return tour_trophies(event, v, shown=True) if event.get("word") == "trophies" else None
    if kind in ("take_wrecks", "spoils_look") and sees(reader, event["seat"], event["from"]):
        if kind == "spoils_look":
            wrecks = cards_text(event["wrecks"])
            return (f"{actor(event, v, 'looks')} at {seat_of(event, 'from', v, own=True)} wrecks, {wrecks}, "
                    f"and will take {event.get('count', 0)}.")
        return (f"{actor(event, v, 'takes')} {cards_text(event['wrecks'])} from "
                f"{seat_of(event, 'from', v, own=True)} wrecks.")
    return _private_deal(event, reader, v)


def _private_deal(event: Event, reader: int | None, v: Voice) -> str | None:
    """Trades, promises and alliances, for their parties."""
    kind = event.get("type")
    if kind == "offer" and sees(reader, event["sender"], event["receiver"]):
        give, get = trade_sides(event, v, wrecks=True, sender=sees(reader, event["sender"]))
        return (f"{does(event['sender'], v, 'offers')} {seat_of(event, 'receiver', v)} a trade, "
                f"O{event['offer']}: gives {give}, gets {get}.")
    if kind == "trade" and sees(reader, event["sender"], event["receiver"]):
        give, get = trade_sides(event, v, wrecks=True, sender=True)
        return f"O{event['offer']} is accepted: {accepted(event, v, give, get)}."
    if kind == "promise" and sees(reader, event["debtor"], event["creditor"]):
        owed = deal_text(event.get("items", ()), "", wrecks=True, trophies=sees(reader, event["debtor"]),
                         dues=False)
        return (f"P{event['promise']}: {seat_of(event, 'debtor', v)} {agree(event['debtor'], v, 'promises')} "
                f"{seat_of(event, 'creditor', v)} {owed}, {due_words(event, v)}.")
    if kind == "promise_kept" and sees(reader, event["debtor"], event["creditor"]):
        given = deal_text(event.get("items", ()), "", wrecks=True, trophies=True, dues=False)
        return (f"{does(event['debtor'], v, 'keeps')} P{event['promise']}: "
                f"{seat_of(event, 'creditor', v)} {agree(event['creditor'], v, 'gets')} {given}.")
    if kind == "promise_broken" and sees(reader, event["debtor"]) and event.get("short"):
        return speak(event, v)[:-1] + f": {event['short']}."
    if kind == "ally_ask" and sees(reader, event["seat"], *event.get("asked", ())):
        return ally_ask_words(event, v, wrecks=True, trophies=sees(reader, event["seat"]))
    if kind == "ally_sealed" and sees(reader, event["seat"], event["principal"]):
        whose = seat_of(event, "principal", v, own=True)
        terms = deal_text(event.get("terms", "nothing"), whose, wrecks=True,
                          trophies=sees(reader, event["principal"]))
        return (f"{actor(event, v, 'joins')} {whose} side"
                f"{'' if terms == 'nothing' else ' for ' + terms}{by_order(event)}.")
    if kind == "ally_answer" and event.get("answer") == "counter" and sees(reader, event["seat"],
                                                                            event["principal"]):
        whose = seat_of(event, "principal", v, own=True)
        terms = deal_text(event.get("terms", "nothing"), whose, wrecks=True, trophies=True)
        principal = seat_of(event, "principal", v)
        return f"{actor(event, v, 'asks')} {principal} for {terms} instead{by_order(event)}."
    return None


def _groups(events: Sequence[Event]) -> list[tuple[Event, Sequence[Event]]]:
    """Each event with the events it leads: an `autopilot` event leads those of its command, up to the
    next `autopilot` event; any other event leads none."""
    found: list[tuple[Event, Sequence[Event]]] = []
    for i, event in enumerate(events):
        led: Sequence[Event] = ()
        if event.get("type") == "autopilot":
            end = next((j for j in range(i + 1, len(events)) if events[j].get("type") == "autopilot"),
                       len(events))
            led = events[i + 1:end]
        found.append((event, led))
    return found


def line(event: Event, led: Sequence[Event], reader: int | None, v: Voice) -> str | None:
    """One event as `reader` may read it; None: nothing for this reader (another seat's standing
    orders)."""
    kind = event.get("type")
    if kind in ("order", "orders"):
        if not sees(reader, event.get("seat")):
            return None
        if kind == "orders":
            orders = sorted(dict(event.get("orders", {})).items())
            listed = "; ".join(f"{key} {value}" for key, value in orders)
            return f"{owner(event, v)} standing orders: {listed or 'none'}."
        value = event.get("value")
        return f"{owner(event, v)} standing order {event['name']}: {'off' if value is None else value}."
    if kind == "autopilot":
        seat = int(event["seat"])
        return (f"The autopilot plays for {who(seat, v)}: "
                f"{shown_command(str(event.get('command', '')), seat, led, reader)}.")
    return _private(event, reader, v) or speak(event, v)


def narrate(state: GameState | None, seat: int | None, command: str, events: Sequence[Event],
            reader: int | None, names: Names, you: int | None = None) -> Narration:
    """The action `seat` took (`command`, which made `events`) as `reader` may read it while the game is
    in play (None: a spectator): the command as typed, or with its hidden cards replaced; a line per
    event, the reader's own where it may know more; said to the seat `you` ("You pay 2₡", "... attacks
    you"; None: every seat by name)."""
    del state
    shown = shown_command(command, seat, events, reader)
    v = Voice(names, you)
    lines = [text for event, led in _groups(events) if (text := line(event, led, reader, v)) is not None]
    return Narration(shown, lines)
