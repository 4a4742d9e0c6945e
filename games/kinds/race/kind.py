"""Race to 10 behind the platform's Kind protocol (games/kinds/protocol.py): every rule is in rules.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.kinds.protocol import Dice, Event, Narration, PageInput, Prompt, turn_prompts
from games.kinds.rules_kind import RulesKind

from . import rules
from .rules import RaceState

LABELS = {"step": "Step (+1)", "roll": "Roll", "end": "End turn", "resign": "Resign"}


class RaceKind(RulesKind):
    rules = rules
    state_class = RaceState
    name = "race"
    title = "Race to 10"
    summary = "Two players race to a target score with one die: the platform's test game."
    player_counts: tuple[int, ...] = (rules.PLAYERS,)
    live_template = "games/kinds/race/live.html"
    extras_template = ""
    command_help = "step · roll · end · resign · note <word>"
    command_example = "step; roll"
    # The platform's page script and styles are all it needs.
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    rules_document = ""  # no rules page: the platform's test kind

    # === OPTIONS (the rest: games/kinds/rules_kind.py hands them to rules.py) ===
    def option_fields(self) -> dict[str, Any]:
        from django import forms

        return {"target": forms.IntegerField(min_value=5, max_value=30, initial=10, label="Target score")}

    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        return "race", "Race"

    # === STATE ===
    def prompts(self, state: RaceState, names: Sequence[str] | None) -> list[Prompt]:
        return turn_prompts(self, state)

    def tallies(self, state: RaceState) -> dict[int, dict[str, int]]:
        return {seat: {"Score": score} for seat, score in enumerate(state.scores)}

    # === COMMANDS ===
    def play(self, state: RaceState, seat: int, command: str,
             dice: Dice | None) -> tuple[RaceState, list[Event]]:
        if dice is None:
            raise ValueError("race games always record their dice: there is no seed to replay from")
        return rules.play(state, seat, command, dice)

    def leave_commands(self, state: RaceState, seat: int) -> list[str]:
        """`resign`: out; the other seat wins."""
        return ["resign"]

    # === WHAT PEOPLE SEE ===
    def bot_state(self, state: RaceState, seat: int) -> RaceState:
        return RaceState.from_dict(rules.view(state, seat))

    def narrate(self, state: RaceState, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
        """A note's word is read only by the seat that wrote it (rules.view hides it the same way); every
        seat is named, `you` included."""
        del you
        if (seat is not None and reader == seat) or not rules.is_note(command):
            shown = command
        else:
            shown = "note (private)"
        return Narration(shown, [rules.describe(event, state, names) for event in events])

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

    def command_from_form(self, data: Mapping[str, str], state: RaceState | None, seat: int | None,
                          user: Any = None) -> str:
        return data.get("command") or ""


KIND = RaceKind()
