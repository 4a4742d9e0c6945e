"""Race to 10 behind the platform's Kind protocol (games/kinds/protocol.py): every rule is in rules.py."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.bots import Bot, RandomBot
from games.kinds.protocol import Dice, Event, Narration, PageInput, Prompt, SeatOutcome, turn_prompts

from . import rules
from .rules import RaceState

LABELS = {"step": "Step (+1)", "roll": "Roll", "end": "End turn", "resign": "Resign"}


class RaceKind:
    name = "race"
    title = "Race to 10"
    player_counts: tuple[int, ...] = (rules.PLAYERS,)
    live_template = "games/kinds/race/live.html"
    extras_template = ""
    command_help = "step · roll · end · resign · note <word>"
    command_example = "step; roll"
    # The platform's page script and styles are all it needs.
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    rules_document = ""  # no rules page: the platform's test kind

    # === OPTIONS ===
    def default_options(self) -> dict[str, Any]:
        return rules.default_options()

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return rules.check_options(options, players)

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return rules.describe_options(options)

    def option_fields(self) -> dict[str, Any]:
        from django import forms

        return {"target": forms.IntegerField(min_value=5, max_value=30, initial=10, label="Target score")}

    def option_filters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        return []

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "race", "Race"

    # === STATE ===
    def new_state(self, options: Mapping[str, Any], players: int, dice: Dice) -> RaceState:
        return rules.new_state(options, players, dice)

    def load(self, data: dict[str, Any]) -> RaceState:
        return RaceState.from_dict(data)

    def dump(self, state: RaceState) -> dict[str, Any]:
        return state.to_dict()

    def phase(self, state: RaceState) -> str:
        return state.phase

    def turn(self, state: RaceState) -> int:
        return state.turn

    def prompts(self, state: RaceState, names: Sequence[str] | None) -> list[Prompt]:
        return turn_prompts(self, state)

    def to_act(self, state: RaceState) -> tuple[int, ...]:
        return rules.to_act(state)

    def seat_outcome(self, state: RaceState, seat: int) -> SeatOutcome:
        return rules.seat_outcome(state, seat)

    def result(self, state: RaceState, events: Sequence[Event]) -> dict[str, Any]:
        return rules.result(state, events)

    def tallies(self, state: RaceState) -> dict[int, dict[str, int]]:
        return {seat: {"Score": score} for seat, score in enumerate(state.scores)}

    # === COMMANDS ===
    def split(self, text: str) -> list[str]:
        return rules.split(text)

    # === BOTS ===
    bot_levels: tuple[str, ...] = ("random",)

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        if level not in self.bot_levels:
            raise KeyError(level)
        return RandomBot(self, rng)

    def anytime(self, command: str) -> bool:
        return rules.anytime(command)

    def is_command(self, text: str) -> bool:
        return rules.is_command(text)

    def legal_commands(self, state: RaceState, seat: int) -> list[str]:
        return rules.legal_commands(state, seat)

    def play(self, state: RaceState, seat: int, command: str,
             dice: Dice | None) -> tuple[RaceState, list[Event]]:
        if dice is None:
            raise ValueError("race games always record their dice: there is no seed to replay from")
        return rules.play(state, seat, command, dice)

    def timeout_commands(self, state: RaceState, seat: int) -> list[str]:
        return rules.timeout_commands(state, seat)

    def leave_commands(self, state: RaceState, seat: int) -> list[str]:
        """`resign`: out; the other seat wins."""
        return ["resign"]

    def undo_barrier(self, command: str, events: Sequence[Event]) -> bool:
        return rules.undo_barrier(command, events)

    # === WHAT PEOPLE SEE ===
    def view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        return rules.view(state, seat)

    def describe(self, event: Event, state: RaceState, names: Sequence[str] | None) -> str:
        return rules.describe(event, state, names)

    def bot_state(self, state: RaceState, seat: int) -> RaceState:
        return RaceState.from_dict(rules.view(state, seat))

    def narrate(self, state: RaceState, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None) -> Narration:
        """A note's word is read only by the seat that wrote it (rules.view hides it the same way)."""
        if (seat is not None and reader == seat) or not rules.is_note(command):
            shown = command
        else:
            shown = "note (private)"
        return Narration(shown, [rules.describe(event, state, names) for event in events])

    def text_board(self, state: RaceState, seat: int | None) -> str:
        return rules.text_board(state, seat)

    def board_svg(self, state: RaceState, seat: int | None) -> str:
        return rules.board_svg(state, seat)

    def page_context(self, page: PageInput) -> dict[str, Any]:
        state: RaceState = page.state
        seat = page.seat
        race = rules.view(state, seat)
        legal = rules.legal_commands(state, seat) if seat is not None else []
        scores = [{"seat": i, "name": rules.seat_name(i, page.names), "score": score,
                   "active": state.phase == "play" and i == state.active,
                   "winner": state.winner == i, "resigned": state.out[i], "you": i == seat}
                  for i, score in enumerate(state.scores)]
        return {
            "race": race,
            "scores": scores,
            "target": state.target,
            "over": state.phase == "over",
            "turn_name": rules.seat_name(state.active, page.names),
            "winner_name": None if state.winner is None else rules.seat_name(state.winner, page.names),
            "legal": legal,
            "buttons": [{"command": c, "label": LABELS.get(c, c.capitalize())} for c in legal],
            "my_turn": seat is not None and seat in rules.to_act(state),
            "may_note": seat is not None and state.phase == "play" and not state.out[seat],
            "my_note": race["notes"][seat] if seat is not None else None,
        }

    def command_from_form(self, data: Mapping[str, str], state: RaceState | None, seat: int | None) -> str:
        return data.get("command") or ""

    def selection_after(self, commands: list[str], events: list[Event]) -> dict[str, str]:
        return {}


KIND = RaceKind()
