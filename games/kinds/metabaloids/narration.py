"""The game's events in words, for one reader (rules.md, "Hidden information"): the cards a seat draws are
named to it alone, its orders and queued placements are its own; everything else is public. Sentences
are in the past tense, so "You drew" and "Ann drew" need no verb agreement; `you` is the reader's label
(None: every seat by name)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import Narration, seat_name

from .cards import DECK_NAMES, card
from .commands import VERBS
from .state import DECKS, OVER, GameState, code_of

PRIVATE = ("order", "orders", "help", "queued", "queue_dropped")
PRIVATE_VERBS = ("order", "orders", "help", "place")  # commands whose events may all be private
# Notes to one seat that tell nothing of the command they came in: hidden from the others without
# masking the command (a skipped order of p2's, in p1's attack).
NOTES = ("skipped",)
ZONES = {"draw": "draw pile", "discard": "discard pile", "hand": "hand", "reserve": "reserve",
         "play": "play area", "bonus": "battle slot"}
LOSS_REASONS = {"no attack": " (no attack this turn)", "empty table": " (no card in play)",
                "unfinished": " (unfinished action)", "tie": " (a tie)", "full": " (the grid is full)"}


def _name(card_id: str | None) -> str:
    return card(code_of(card_id)).name if card_id else "nothing"  # pragma: no mutate (events name a card)


def _names(cards: Sequence[str]) -> str:
    return ", ".join(_name(c) for c in cards)


class Words:
    """Who is who for one reader."""

    def __init__(self, state: GameState, names: Sequence[str] | None, you: int | None) -> None:
        self.state, self.names, self.you = state, names, you

    def who(self, label: int, start: bool = True) -> str:
        if label == self.you:
            return "You" if start else "you"
        lobby = self.state.lobby_seat(label)
        if self.names is not None and lobby < len(self.names):
            return f"{self.names[lobby]} (p{label})"
        return f"p{label}"

    def whose(self, label: int, start: bool = False) -> str:
        return ("Your" if start else "your") if label == self.you else f"{self.who(label)}'s"

    def player(self, lobby: int, you_lobby: int | None) -> str:
        """A seat by its lobby number: before the cut no seat has a label yet. A name several seats share
        (two "Greedy bot"s) takes its seat's number, as the platform's lists write it."""
        return "You" if lobby == you_lobby else seat_name(lobby, self.names)


def sees(event: Mapping[str, Any], reader: int | None, state: GameState) -> bool:
    """Whether the reader (a label, None: a spectator) may read the event's hidden part."""
    return state.phase == OVER or (reader is not None and reader == event.get("seat"))


def describe_for(event: Mapping[str, Any], state: GameState, names: Sequence[str] | None, reader: int | None,
                 you: int | None, reader_lobby: int | None = None,
                 you_lobby: int | None = None) -> str | None:
    """One event in words for the reader; None when the reader may not read it at all. A deck choice
    names its seat by lobby number (`reader_lobby`, `you_lobby`): no labels exist before the cut."""
    kind = str(event.get("type"))
    if (kind in PRIVATE or kind in NOTES) and not sees(event, reader, state):
        return None
    w = Words(state, names, you)
    if kind == "deck":
        return _deck(event, state, w, reader_lobby, you_lobby)
    # Only the seatless events (cut, stalled, game_over, decks) take 0 here, and none of their sentences
    # reads `who`: what it holds for them never shows.
    s = int(event.get("seat") or 0)  # pragma: no mutate (seatless events never read who)
    who = w.who(s) if s else ""  # pragma: no mutate (seatless events never read who)
    text = _sentence(kind, event, w, who, sees(event, reader, state))
    return text


def _sentence(kind: str, e: Mapping[str, Any], w: Words, who: str, open_: bool) -> str:
    if kind == "cut":
        cut = card(str(e["card"]))
        # Read after the cut, every seat has its label: named as everywhere else, not by a seat number
        # the page shows nowhere.
        lobby = int(e["lobby"])
        who_cut = w.who(w.state.label(lobby)) if lobby in w.state.order else f"Seat {lobby + 1}"
        return f"{who_cut} cut {cut.name} (cost {cut.cost})."
    if kind == "first":
        return f"{w.who(1)} won the cut: first to play."
    if kind == "drew":
        n = int(e["n"])
        cards = f": {_names(e['cards'])}" if open_ and e.get("cards") else ""
        why = {"deal": " as a starting hand",
               "draw": "",  # pragma: no mutate (without the key, "draw" reads as the default "")
               "brood": " (brood)"}.get(str(e.get("why")), "")
        return f"{who} drew {n} card{'s' if n != 1 else ''}{why}{cards}."
    if kind == "reshuffle":
        their = "your" if int(e["seat"]) == w.you else "their"
        return (f"{who} reshuffled {their} discard pile ({e['n']} cards) "
                "into a new draw pile.")
    if kind == "placed":
        return f"{who} placed {_name(e['card'])} in column {e['col']}."
    if kind == "placing_done":
        points = int(e["points"])
        return f"{who} finished the initial deployment ({points} point{'' if points == 1 else 's'})."
    if kind == "turn":
        return f"Turn {e['turn']}: {w.whose(int(e['seat']))} turn."
    if kind == "draw_stopped":
        return f"{w.whose(int(e['seat']), True)} draw was stopped: no card drawn."
    if kind == "discarded":
        return f"{who} discarded {_name(e['card'])}."
    if kind == "move_paid":
        return (f"{who} paid {_names(e['paid'])} to move {_name(e['card'])} "
                f"from column {e['from']} to {e['to']}.")
    if kind == "moved":
        return f"{_name(e['card'])} moved to column {e['to']}."
    if kind == "move_stopped":
        return f"The move of {_name(e['card'])} was stopped."
    if kind == "deployed":
        return f"{who} deployed {_name(e['card'])} to column {e['col']}."
    if kind == "upright":
        return f"{w.whose(int(e['seat']), True)} column {e['col']} stood up: no longer safe."
    if kind == "restocked":
        paid = f", paying {_names(e['paid'])}" if e.get("paid") else ""
        return f"{who} restocked {_name(e['card'])} into the reserve{paid}."
    if kind == "lost":
        reason = LOSS_REASONS.get(str(e.get("why")), "")
        return f"{who} lost {_name(e['card'])} from the {ZONES.get(str(e['from']), e['from'])}{reason}."
    if kind == "waived":
        return f"{w.whose(int(e['seat']), True)} {e['why']} of {e['n']} found no card and was waived."
    if kind == "no_attack":
        cards = "1 card" if e["n"] == 1 else f"{e['n']} cards"
        return f"{who} made no attack: {cards} of the draw pile to the lost pile."
    if kind == "empty_table":
        return f"{who} ended the turn with no card in play: 2 cards of the draw pile to the lost pile."
    if kind == "battle_declared":
        paid = f", paying {_names(e['paid'])}" if e.get("paid") else ""
        return (f"{who} attacked {w.who(int(e['defender']), False)}: {_name(e['card'])} (column {e['col']}) "
                f"against {_name(e['target'])} (column {e['target_col']}){paid}.")
    if kind == "activate":
        paid = f", paying {_names(e['paid'])}" if e.get("paid") else ""
        aim = ""
        if e.get("aim") == "ability":
            aim = f" against {_name(str(e['aim_card']))}"
        elif e.get("aim"):
            aim = f" against {w.whose(int(e['aim_seat']))} {e['aim']}"
        ability = "" if card(code_of(str(e["card"]))).is_event else f" {e['ability']}"
        return f"{who} used {_name(e['card'])}{ability}{aim}{paid}."
    if kind == "bonus":
        return f"+{e['amount']} to {w.whose(int(e['seat']))} {e['side']} total ({_name(e['card'])})."
    if kind == "stopped":
        return f"{_name(e['card'])} stopped it."
    if kind == "unfinished":
        return f"{w.whose(int(e['seat']), True)} {_name(e['card'])} did not fully resolve."
    if kind == "recovered":
        return f"{who} moved {_names(e['cards'])} from the lost pile to the discard pile."
    if kind == "unsafe":
        return f"{w.whose(int(e['seat']), True)} column {e['col']} is no longer safe."
    if kind == "battle_stopped":
        if e.get("why") == "out":
            return "A player in the battle went out: no battle."
        return "The attack was stopped: no battle."
    if kind == "bonus_card":
        if not e["card"]:
            return f"{who} had no card to draw as a bonus card (+0)."
        return f"{who} drew {_name(e['card'])} as a bonus card (+{card(code_of(e['card'])).cost})."
    if kind == "battle_tied":
        return f"A tie at {e['at']}: both bonus cards go to the lost piles."
    if kind == "battle_won":
        winner = int(e["seat"]) if int(e["loser"]) != int(e["seat"]) else int(e["defender"])
        over = f"; {e['overflow']} more to pay" if e["overflow"] else ""
        return (f"Attack {e['at']} against defense {e['dt']}: "
                f"{w.who(winner, True)} won "  # pragma: no mutate (True is who's default)
                f"by {e['damage']}. {_name(e['stake'])} was lost{over}.")
    if kind == "paid":
        zone = ZONES.get(str(e["from"]), e["from"])
        return f"{who} paid {e['points']} with {_name(e['card'])} from the {zone}."
    if kind == "asked":
        what = {"pay": "damage payment", "grid": "grid", "react": "reaction to the attack"}[str(e["kind"])]
        return f"{who} {'are' if who == 'You' else 'is'} asked for the {what}."
    if kind == "safe":
        return f"{w.whose(int(e['seat']), True)} column {e['col']} is safe from attacks."
    if kind in ("grid_restored", "grid_move"):
        return f"{w.whose(int(e['seat']), True)} grid was put back in shape."
    if kind == "battle_over":
        return "The battle is over."
    if kind == "cannot_draw":
        return f"{who} could not draw."
    if kind == "out":
        return f"{who} {'are' if who == 'You' else 'is'} out ({e['why']})."
    if kind == "stalled":
        return "Three rounds passed with no card lost and none drawn: the game ends."
    if kind == "game_over":
        first = " and ".join(w.who(x) for x in e["places"][0]) if e["places"] else "nobody"
        return f"Game over: {first} won."
    if kind == "order":
        return f"{who} set a standing order: order {e['text']}."
    if kind == "skipped":
        owner = int(e["seat"])
        kept = " without kept cards" if e["kept"] else ""
        return (f"{w.whose(owner, True)} standing order ({e['order']}) was skipped: "
                f"{'your' if owner == w.you else 'their'} hand could not pay {e['cost']}{kept}.")
    if kind == "orders":
        listing = " | ".join(" ".join(line.split()) for line in w.state.seat(int(e["seat"])).orders.lines())
        return f"{w.whose(int(e['seat']), True)} standing orders: {listing}."
    if kind == "help":
        return (f"The commands: {', '.join(VERBS)}. Send orders for {w.whose(int(e['seat']))} standing "
                "orders.")
    if kind == "decks":
        return "The decks: " + ", ".join(f"{w.player(lobby, None)} deck {deck}"
                                         for lobby, deck in enumerate(e["decks"])) + "."
    if kind == "queued":
        return f"{who} queued {e['line']} for the next placement turn."
    if kind == "queue_dropped":
        return f"{who}: the queued {e['line']} was no longer legal; the queue was cleared."
    return kind


def _deck(e: Mapping[str, Any], state: GameState, w: Words, reader_lobby: int | None,
          you_lobby: int | None) -> str:
    """A deck choice stays its seat's own until every seat has chosen (lobby.py)."""
    lobby = int(e["lobby"])
    who = w.player(lobby, you_lobby)
    if state.phase == DECKS and reader_lobby != lobby:
        return f"{who} chose a deck."
    deck = str(e["deck"])
    if e.get("custom"):  # a listed deck (`deck list`): its name only, never its cards
        return f"{who} chose a deck of {'your' if who == 'You' else 'their'} own: {deck}."
    return f"{who} chose deck {deck} ({DECK_NAMES.get(deck, deck)})."  # pragma: no mutate (all decks named)


def describe(event: Mapping[str, Any], state: GameState, names: Sequence[str] | None) -> str:
    """An event as a spectator reads it (the platform's `describe`)."""
    return describe_for(event, state, names, None, None) or ""


def narrate(state: GameState | None, seat: int | None, command: str, events: Sequence[Mapping[str, Any]],
            reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
    """One action for a reader (lobby seats): its command masked to its verb when it carried a secret. A
    listed deck (`deck list`) stays masked to `deck` for the others while the game is on: its name is
    told once every seat has chosen, its cards never. With no state (the log's download and the admin
    narrate the command alone, games/history.py, games/admin/shown.py) every command that may have been
    secret is masked to its verb for the others: a deck choice, a standing order and the orders' list,
    and a placement (it may have been queued ahead of the seat's placement turn)."""
    words = command.lower().split()
    if state is None:
        secret = words[:1] in (["deck"], *([verb] for verb in PRIVATE_VERBS))
        return Narration(command if reader == seat or not secret else words[0], [])
    seated = state.phase != DECKS
    reader_label = state.label(reader) if reader is not None and seated and reader in state.order else None
    you_label = state.label(you) if you is not None and seated and you in state.order else None
    lines = [text for e in events
             if (text := describe_for(e, state, names, reader_label, you_label, reader, you))]
    listed = words[:2] == ["deck", "list"]
    secret = listed or any(str(e.get("type")) in PRIVATE for e in events) or (
        state.phase == DECKS and any(e.get("type") == "deck" for e in events))
    shown = command if (reader == seat or state.phase == OVER or not secret) else command.split()[0]
    return Narration(shown, lines)
