"""A kind object for rules written as one module of functions named as the protocol names them
(games/kinds/protocol.py): `RulesKind` hands each call to that module, so a kind's kind.py says only what
differs (its options' form fields, its page, its bots). The test kinds race and parley are built on it.

The rules module provides: default_options, check_options, describe_options, new_state, to_act, prompts,
seat_outcome, result, tallies, split, anytime, is_command, legal_commands, play, timeout_commands,
leave_commands, undo_barrier, view, bot_state, describe, narrate, text_board, board_svg; and its state
class: from_dict, to_dict, `phase` and `turn`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from games.bots import Bot, RandomBot
from games.kinds.protocol import Dice, Event, Narration, Prompt, SeatOutcome


class RulesKind:
    rules: ModuleType  # the kind's rules module
    state_class: type  # its state: from_dict(data), to_dict(), .phase, .turn
    bot_levels: tuple[str, ...] = ("random",)
    roll_answers: tuple[str, ...] = ()  # none of a rules kind's commands answers a roll (Kind.roll_answers)

    # === OPTIONS ===
    def default_options(self) -> dict[str, Any]:
        return dict(self.rules.default_options())

    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        return dict(self.rules.check_options(options, players))

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return str(self.rules.describe_options(options))

    def option_filters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        return []

    # === STATE ===
    def new_state(self, options: Mapping[str, Any], players: int, dice: Dice) -> Any:
        return self.rules.new_state(options, players, dice)

    def load(self, data: dict[str, Any]) -> Any:
        return self.state_class.from_dict(data)  # type: ignore[attr-defined]

    def dump(self, state: Any) -> dict[str, Any]:
        return dict(state.to_dict())

    def phase(self, state: Any) -> str:
        return str(state.phase)

    def turn(self, state: Any) -> int:
        return int(state.turn)

    def to_act(self, state: Any) -> tuple[int, ...]:
        return tuple(self.rules.to_act(state))

    def prompts(self, state: Any, names: Sequence[str] | None) -> list[Prompt]:
        return list(self.rules.prompts(state, names))

    def seat_outcome(self, state: Any, seat: int) -> SeatOutcome:
        outcome: SeatOutcome = self.rules.seat_outcome(state, seat)
        return outcome

    def result(self, state: Any, events: Sequence[Event]) -> dict[str, Any]:
        return dict(self.rules.result(state, events))

    def tallies(self, state: Any) -> dict[int, dict[str, int]]:
        return dict(self.rules.tallies(state))

    # === COMMANDS ===
    def split(self, text: str) -> list[str]:
        return list(self.rules.split(text))

    def anytime(self, command: str) -> bool:
        return bool(self.rules.anytime(command))

    def is_command(self, text: str) -> bool:
        return bool(self.rules.is_command(text))

    def command_words(self) -> Sequence[str]:
        return tuple(self.rules.command_words())

    def legal_commands(self, state: Any, seat: int) -> list[str]:
        return list(self.rules.legal_commands(state, seat))

    def play(self, state: Any, seat: int, command: str, dice: Dice | None) -> tuple[Any, list[Event]]:
        after, events = self.rules.play(state, seat, command, dice)
        return after, list(events)

    def timeout_commands(self, state: Any, seat: int) -> list[str]:
        return list(self.rules.timeout_commands(state, seat))

    def leave_commands(self, state: Any, seat: int) -> list[str]:
        return list(self.rules.leave_commands(state, seat))

    def undo_barrier(self, command: str, events: Sequence[Event]) -> bool:
        return bool(self.rules.undo_barrier(command, events))

    # === BOTS ===
    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        """The generic random bot (games/bots), the one level a kind of rules alone offers."""
        if level not in self.bot_levels:
            raise KeyError(level)
        return RandomBot(self, rng)

    # === WHAT PEOPLE SEE ===
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return dict(self.rules.view(state, seat))

    def bot_state(self, state: Any, seat: int) -> Any:
        return self.rules.bot_state(state, seat)

    def describe(self, event: Event, state: Any, names: Sequence[str] | None) -> str:
        return str(self.rules.describe(event, state, names))

    def narrate(self, state: Any, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
        narration: Narration = self.rules.narrate(state, seat, command, events, reader, names, you=you)
        return narration

    def text_board(self, state: Any, seat: int | None, names: Sequence[str] | None = None) -> str:
        return str(self.rules.text_board(state, seat, names))

    def board_svg(self, state: Any, seat: int | None) -> str:
        return str(self.rules.board_svg(state, seat))

    def selection_after(self, commands: list[str], events: list[Event]) -> dict[str, str]:
        return {}
