"""What one reader may see of a game (rules.md, "Hidden information"): a hand to its owner alone, draw
piles as counts to everyone (the owner included: nobody looks at a draw pile), standing orders and
queued placements to their seat; the rest is public. Hidden cards carry no id. `seat` is the lobby seat
of the reader, None for a spectator."""

from __future__ import annotations

from typing import Any

from . import grid
from .cards import DECKS as STARTER_DECKS
from .cards import card
from .state import DECKS, OVER, GameState, Seat, code_of


def card_face(card_id: str) -> dict[str, Any]:
    data = card(code_of(card_id))
    return {"code": data.code, "name": data.name, "cost": data.cost, "attack": data.attack,
            "defense": data.defense}


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    reader = state.label(seat) if seat is not None and seat in state.order else None
    over = state.phase == OVER
    battle = state.battle
    decision = state.decision
    return {
        "phase": state.phase, "step": state.step, "turn": state.turn, "round": state.round,
        "active": state.active, "you": reader,
        "options": state.options.to_dict(),
        "seats": [_seat(state, state.seat(x), mine=(x == reader) or over) for x in state.labels()],
        "battle": None if battle is None else {
            "attacker": battle.attacker, "defender": battle.defender, "card": code_of(battle.card),
            "col": battle.col, "target": code_of(battle.target), "target_col": battle.target_col,
            "bonuses": [[b[0], b[1], code_of(b[2])] for b in battle.bonuses], "stage": battle.stage,
            "owed": battle.owed, "loser": battle.loser, "report": dict(battle.report)},
        "decision": None if decision is None else {"seat": decision.label, "kind": decision.kind,
                                                   "window": decision.window},
        "stall": state.stall, "result": state.result,
        "cut": [[[state.label(lobby), code] for lobby, code in rnd] for rnd in state.cut],
        # Before the cut: who has chosen a deck, and which one to the chooser alone (lobby.py).
        "choosing": [{"lobby": i, "chosen": bool(deck), "deck": deck if i == seat and deck else None}
                     for i, deck in enumerate(state.decks)] if state.phase == DECKS else [],
    }


def _seat(state: GameState, seat: Seat, mine: bool) -> dict[str, Any]:
    return {
        "label": seat.label, "lobby": state.lobby_seat(seat.label), "deck": seat.deck, "status": seat.status,
        "hand": sorted(code_of(c) for c in seat.hand) if mine else None,
        "hand_count": len(seat.hand), "draw_count": len(seat.draw),
        "discard": [code_of(c) for c in seat.discard], "lost": [code_of(c) for c in seat.lost],
        "reserve": [code_of(c) for c in seat.reserve],
        "columns": [{"safe": column.safe,
                     "cards": [{"code": code_of(c), "marked": c in state.marked,
                                "used": state.used.get(c) == state.turn} for c in column.cards]}
                    for column in seat.columns],
        "in_play": len(seat.in_play()), "width": grid.width(seat.columns),
        "event": code_of(seat.event) if seat.event else None,
        "bonus": code_of(seat.bonus) if seat.bonus else None,
        "placed": seat.placed, "placing_done": seat.placing_done,
        "attacks_made": seat.attacks_made, "attacked": list(seat.attacked),
        "orders": seat.orders.lines() if mine else None,
        "queue": list(seat.queue) if mine else None,
    }


HIDDEN = "hidden"  # the code of a card the bot may not know (never looked up: see bot_state)


def bot_state(state: GameState, seat: int) -> GameState:
    """What a bot plays on: the game with everything its seat may not see put out of reach. Other seats'
    hands, every draw pile (its own included) and the lists of decks not yet revealed hold placeholder
    cards; other seats' standing orders, queued placements and the codes of their listed decks (lobby.py:
    a listed deck's cards are never told) are gone. Its legal commands, which read
    only its own hand and the public table, are the real ones; a line it plays there stops at the first
    random pick (a card of a draw pile), the first moment a hidden card would matter."""
    masked = state.copy()
    reader = state.label(seat) if seat in state.order else None
    for s in masked.seats:
        if s.label != reader:
            s.hand = [f"p{s.label}-{HIDDEN}-{i}" for i in range(len(s.hand))]
            s.orders = type(s.orders)()
            s.queue = []
            if s.deck not in STARTER_DECKS:  # a listed deck's codes tell its list; a starter's are public
                s.deck_codes = []
        s.draw = [f"p{s.label}-{HIDDEN}-d{i}" for i in range(len(s.draw))]
    for lobby in range(len(masked.decks)):
        if lobby != seat and masked.decks[lobby]:
            masked.decks[lobby] = HIDDEN
    masked.lists = [x if lobby == seat else {} for lobby, x in enumerate(masked.lists)]
    return masked
