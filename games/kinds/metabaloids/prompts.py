"""What each awaited seat is asked (games/kinds/protocol.py, Prompt; rules.md, "Questions out of turn").

Keys: the deck choice before the cut `deck`; a placement turn `place-<label>-<cards placed>` (new at each
of its placement turns); the active seat's own turn the turn number (its clock runs); a question
`<turn>-pay-<n>` or `<turn>-grid-<n>` (the n-th card lost so far in the game keeps the key new for every
battle). A question asked of the active seat itself (`order pay ask`) is part of its turn, keyed as the
turn (its notice was sent and its clock runs on); a timed window
out of turn lasts the game's `window_minutes` and its default is the seat's standing orders."""

from __future__ import annotations

from collections.abc import Sequence

from games.kinds.protocol import Prompt

from .commands import to_act
from .state import DECKS, PLACE, GameState


def prompts(state: GameState, names: Sequence[str] | None) -> list[Prompt]:
    del names
    found: list[Prompt] = []
    for lobby in to_act(state):
        if state.phase == DECKS:  # before the cut no seat has a label: every seat not chosen is asked
            text = "pick your deck: deck a (Silk & Sting), deck b (Shell & Slime) or one of your own"
            found.append(Prompt(lobby, "deck", text, default="deck a"))
            continue
        label = state.label(lobby)
        decision = state.decision
        if state.phase == PLACE:
            seat = state.seat(label)
            placed = sum(1 for _ in seat.columns for _ in _.cards)
            text = f"place a card for free ({7 - seat.placed} of your 7 points left) or say done"
            found.append(Prompt(lobby, f"place-{label}-{placed}", text, default="done"))
        elif decision is not None:
            lost = sum(len(s.lost) for s in state.seats)
            if decision.kind == "pay":
                owed = state.battle.owed if state.battle is not None else 0
                what = f"pay the damage of the battle you lost ({owed} more point{'s' if owed != 1 else ''})"
                default = "pass (your standing orders pay the rest)"
            elif decision.kind == "grid":
                what, default = "put your grid back in shape", "pass (the default restoration)"
            else:
                what = "react to the attack on you (use … or pass)"
                default = "pass (your standing orders answer)"
            key = f"{state.turn}-{decision.kind}-{lost}"
            if decision.window:
                found.append(Prompt(lobby, key, what, own_turn=False,
                                    seconds=state.options.window_minutes * 60, default=default))
            else:  # the active seat's own `ask`: part of its turn, under the turn's key and clock
                found.append(Prompt(lobby, str(state.turn), f"it is your turn: {what}"))
        else:
            found.append(Prompt(lobby, str(state.turn), "it is your turn"))
    return found
