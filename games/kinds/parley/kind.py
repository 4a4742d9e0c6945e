"""Parley behind the platform's Kind protocol (games/kinds/protocol.py): every rule is in rules.py."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.bots import Bot, RandomBot
from games.kinds.protocol import Dice, Event, Narration, PageInput, Prompt, SeatOutcome

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


class ParleyKind:
    name = "parley"
    title = "Parley"
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

    # === OPTIONS ===
    def default_options(self) -> dict[str, Any]:
        return rules.default_options()

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return rules.check_options(options, players)

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return rules.describe_options(options)

    def option_fields(self) -> dict[str, Any]:
        from django import forms

        return {
            "window_hours": forms.IntegerField(
                min_value=rules.MIN_WINDOW_HOURS, max_value=rules.MAX_WINDOW_HOURS,
                initial=rules.DEFAULT_WINDOW_HOURS, label="Hours to answer a question out of turn"),
            "rounds": forms.IntegerField(min_value=rules.MIN_ROUNDS, max_value=rules.MAX_ROUNDS,
                                         initial=rules.DEFAULT_ROUNDS, label="Rounds"),
        }

    def option_filters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        return []

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "parley", "Parley"

    # === STATE ===
    def new_state(self, options: Mapping[str, Any], players: int, dice: Dice) -> ParleyState:
        return rules.new_state(options, players, dice)

    def load(self, data: dict[str, Any]) -> ParleyState:
        return ParleyState.from_dict(data)

    def dump(self, state: ParleyState) -> dict[str, Any]:
        return state.to_dict()

    def phase(self, state: ParleyState) -> str:
        return state.phase

    def turn(self, state: ParleyState) -> int:
        return state.turn

    def to_act(self, state: ParleyState) -> tuple[int, ...]:
        return rules.to_act(state)

    def prompts(self, state: ParleyState, names: Sequence[str] | None) -> list[Prompt]:
        return rules.prompts(state, names)

    def seat_outcome(self, state: ParleyState, seat: int) -> SeatOutcome:
        return rules.seat_outcome(state, seat)

    def result(self, state: ParleyState, events: Sequence[Event]) -> dict[str, Any]:
        return rules.result(state, events)

    def tallies(self, state: ParleyState) -> dict[int, dict[str, int]]:
        return rules.tallies(state)

    # === COMMANDS ===
    def split(self, text: str) -> list[str]:
        return rules.split(text)

    def anytime(self, command: str) -> bool:
        return rules.anytime(command)

    def is_command(self, text: str) -> bool:
        return rules.is_command(text)

    def legal_commands(self, state: ParleyState, seat: int) -> list[str]:
        return rules.legal_commands(state, seat)

    def play(self, state: ParleyState, seat: int, command: str,
             dice: Dice | None) -> tuple[ParleyState, list[Event]]:
        return rules.play(state, seat, command, dice)

    def timeout_commands(self, state: ParleyState, seat: int) -> list[str]:
        return rules.timeout_commands(state, seat)

    def leave_commands(self, state: ParleyState, seat: int) -> list[str]:
        """`resign`: out; a question put to it gets its default answer."""
        return rules.leave_commands(state, seat)

    def undo_barrier(self, command: str, events: Sequence[Event]) -> bool:
        return rules.undo_barrier(command, events)

    # === BOTS ===
    bot_levels: tuple[str, ...] = ("random",)

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        if level not in self.bot_levels:
            raise KeyError(level)
        return RandomBot(self, rng)

    # === WHAT PEOPLE SEE ===
    def view(self, state: ParleyState, seat: int | None) -> dict[str, Any]:
        return rules.view(state, seat)

    def bot_state(self, state: ParleyState, seat: int) -> ParleyState:
        return rules.bot_state(state, seat)

    def describe(self, event: Event, state: ParleyState, names: Sequence[str] | None) -> str:
        return rules.describe(event, state, names)

    def narrate(self, state: ParleyState, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None) -> Narration:
        return rules.narrate(state, seat, command, events, reader, names)

    def text_board(self, state: ParleyState, seat: int | None) -> str:
        return rules.text_board(state, seat)

    def board_svg(self, state: ParleyState, seat: int | None) -> str:
        return rules.board_svg(state, seat)

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
        prompts = {p.seat: p.text for p in rules.prompts(state, page.names)}
        may_order = seat is not None and state.phase == "play" and not state.out[seat]
        orders = shown["orders"] or {}
        return {
            "parley": shown,
            "seats": seats,
            "hand": shown["hand"],
            "deck_size": shown["deck_size"],
            "over": state.phase == "over",
            "question": rules.question_text(state, seat, page.names),
            "my_prompt": prompts.get(seat) if seat is not None else None,
            "awaited_names": [rules.seat_name(i, page.names) for i in awaited],
            "winner_name": None if state.winner is None else rules.seat_name(state.winner, page.names),
            "legal": legal,
            "buttons": [{"command": c, "label": _label(c, page.names)} for c in legal],
            "my_turn": seat is not None and seat in awaited,
            "order_fields": [{"name": name, "choices": ORDER_CHOICES[name], "current": orders.get(name),
                              "help": ORDER_HELP[name]} for name in ORDER_CHOICES] if may_order else [],
        }

    def command_from_form(self, data: Mapping[str, str], state: ParleyState | None, seat: int | None) -> str:
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

    def selection_after(self, commands: list[str], events: list[Event]) -> dict[str, str]:
        return {}


KIND = ParleyKind()
