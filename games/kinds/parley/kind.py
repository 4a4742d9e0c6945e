"""Parley behind the platform's Kind protocol (games/kinds/protocol.py): every rule is in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import PageInput
from games.kinds.rules_kind import RulesKind

from . import rules
from .rules import ParleyState

ORDER_CHOICES = {
    "give": [("off", "Wait for me"), ("lowest", "Give my lowest card"), ("refuse", "Refuse")],
    "call": [("off", "Wait for me"), ("yes", "Answer yes"), ("no", "Answer no")],
}
ORDER_HELP = {
    "give": "when someone asks you for a card",
    "call": "when someone calls",
}


def _label(command: str, names: Sequence[str]) -> str:
    """A button's words for one legal command."""
    verb, _, arg = command.partition(" ")
    if verb == "ask":
        return f"Ask {rules.seat_name(int(arg) - 1, names)} for a card"
    if verb in ("play", "give"):
        return f"{verb.capitalize()} the {arg}"
    return {"call": "Call: yes or no?", "end": "End turn"}.get(command, command.capitalize())


class ParleyKind(RulesKind):
    rules = rules
    state_class = ParleyState
    name = "parley"
    title = "Parley"
    summary = "Three players ask one another for cards from hidden hands: the platform's second test game."
    player_counts: tuple[int, ...] = (rules.PLAYERS,)
    live_template = "games/kinds/parley/live.html"
    extras_template = ""
    command_help = "ask <n> · call · play <card> · end · give <card> · refuse · yes · no · resign · order …"
    command_example = "ask 2"
    # The platform's page script and styles are all it needs.
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    rules_document = ""  # no rules page: a test kind of the platform

    # === WORDS ===
    seat_label = "Seat"
    expel_fate = "they leave the game as if they resigned; a question put to them gets its default answer"
    undo_since = "since the last command other than a standing order"

    # === OPTIONS (the rest: games/kinds/rules_kind.py hands them to rules.py) ===
    def option_fields(self) -> dict[str, Any]:
        from django import forms

        return {
            "window_hours": forms.IntegerField(
                min_value=rules.MIN_WINDOW_HOURS, max_value=rules.MAX_WINDOW_HOURS,
                initial=rules.DEFAULT_WINDOW_HOURS, label="Hours to answer a question out of turn"),
            "rounds": forms.IntegerField(min_value=rules.MIN_ROUNDS, max_value=rules.MAX_ROUNDS,
                                         initial=rules.DEFAULT_ROUNDS, label="Rounds"),
        }

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "parley", "Parley"

    # === WHAT PEOPLE SEE (the rules and the rest: rules.py, through RulesKind) ===
    def page_context(self, page: PageInput) -> dict[str, Any]:
        """The viewer's hand, every seat's score and hand size, the open question, a button per legal
        command and the viewer's standing orders (rules.view: nothing the viewer may not see)."""
        state: ParleyState = page.state
        seat = page.seat
        shown = rules.view(state, seat)
        awaited = rules.to_act(state)
        legal = rules.legal_commands(state, seat) if seat is not None else []
        seats = [{"seat": i, "name": rules.seat_name(i, page.names), "score": shown["scores"][i],
                  "cards": shown["hand_sizes"][i], "played": shown["played"][i],
                  "active": state.phase == "play" and i == state.active, "awaited": i in awaited,
                  "winner": state.winner == i, "resigned": state.out[i], "you": i == seat}
                 for i in range(rules.PLAYERS)]
        # The viewer's own turn reads as a sentence of its own; a question begins with the asker's name.
        prompts = {p.seat: p.text if not p.own_turn else "It is your turn"
                   for p in rules.prompts(state, page.names)}
        may_order = seat is not None and state.phase == "play" and not state.out[seat]
        orders = shown["orders"] or {}
        return {
            "parley": shown,
            "seats": seats,
            "hand": shown["hand"],
            "deck_size": shown["deck_size"],
            "over": state.phase == "over",
            "question": rules.question_text(state, seat, page.names),
            "my_question": prompts.get(seat) if seat is not None else None,
            "awaited_names": [rules.seat_name(i, page.names) for i in awaited],
            "winner_name": None if state.winner is None else rules.seat_name(state.winner, page.names),
            "legal": legal,
            "buttons": [{"command": c, "label": _label(c, page.names)} for c in legal],
            "my_turn": seat is not None and seat in awaited,
            "order_fields": [{"name": name, "choices": ORDER_CHOICES[name], "current": orders.get(name),
                              "help": ORDER_HELP[name]} for name in ORDER_CHOICES] if may_order else [],
        }

    def command_from_form(self, data: Mapping[str, str], state: ParleyState | None, seat: int | None,
                          user: Any = None) -> str:
        """A clicked button's command, or the standing orders form's changed orders."""
        if data.get("form") != "orders":
            return data.get("command") or ""
        if state is None or seat is None:
            return ""
        current = {"give": state.give_orders[seat], "call": state.call_orders[seat]}
        changed = []
        for name in ORDER_CHOICES:
            value = (data.get(name) or "").strip().lower()
            if value and value != current[name]:
                # A value the rules do not offer is passed on, so that play() says what is wrong with it.
                changed.append(f"order {name} {value}")
        return "; ".join(changed)


KIND = ParleyKind()
