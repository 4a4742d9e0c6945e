"""A battle's settlement (rules.md, "After the battle"): the choices its rewards opened (a support card,
a wreck, a trophy, a challenger's spoils), the `@win` terms of the winning principal (kept or broken by
the active seat, paid by the engine against a Pirate Hunter or for a challenged seat that won), and then
the battle is over (B10): the travel goes on, and the checkpoint reveals trophies.

Commands: `take credits|card <card>|wrecks` (a winning challenger), `trophy drop <t>` / `trophy refuse`
(Exxalia's prize with two trophies in hand), and the active seat's `keep`/`break` of its `@win` terms."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import cards, choices, promises
from .battle_state import ATTACK, Battle
from .records import EXXALIA_FULL, SPOILS, TAKE_WRECKS, Choice
from .state import TRAVEL, GameState

EXXALIA_DRAW = 3


def _battle(state: GameState) -> Battle:
    battle = state.battle
    assert battle is not None  # the spoils are taken and settled only in a battle (battle.py routes them)
    return battle


def winning_principal(battle: Battle) -> int:
    if battle.winner == ATTACK or battle.challenged is None:
        return battle.attacker
    return battle.challenged


def begin(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """B9 starts: the losing principal's terms lapse; terms against a Pirate Hunter and a winning
    challenged seat's terms are settled by the engine; the active seat's other terms wait for it."""
    battle = _battle(state)
    winner: int | None = winning_principal(battle)
    if battle.winner != ATTACK and battle.challenged is None:
        winner = None  # the starship or planet won
    principals = (battle.attacker, battle.challenged)
    terms = [p for p in state.promises if p.ally_terms and p.debtor in principals]  # terms are due @win
    state, more = promises.lapse(state, tuple(p.number for p in terms if p.debtor != winner), "the side lost")
    events = [*events, *more]
    automatic = tuple(p.number for p in terms
                      if p.debtor == winner and (p.hunter or winner != battle.attacker))
    if automatic:
        state, more = promises.settle(state, automatic, "terms of a won battle")
        events = [*events, *more]
    return advance(state, events)


def advance(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """The battle ends once no choice waits and the active seat's terms are settled."""
    if state.phase != "battle.spoils" or state.choices or promises.due_at_win(state):
        return state, events
    battle = _battle(state)
    state = replace(state, battle=None, phase=TRAVEL, space_area=(),
                    travel=replace(state.travel, battle_done=True))
    return state, [*events, {"type": "battle_over", "seat": battle.attacker, "kind": battle.kind}]


def choice_legal(state: GameState, seat: int) -> list[str]:
    choice = choices.current(state)
    if choice is None or choice.seat != seat:
        return []
    if choice.kind == SPOILS:
        loser = state.seats[int(choice.source)]
        found = ["take credits"] + [f"take card {c}" for c in loser.improvements]
        if loser.wrecks:
            found.append("take wrecks")
        return found
    if choice.kind == EXXALIA_FULL:
        return [f"trophy drop {t}" for t in state.seats[seat].trophies] + ["trophy refuse"]
    return []


def choice_command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    choice = choices.current(state)
    if choice is None:  # commands.py routes here only its own seat's answer to the choice waiting
        raise Refused("There is nothing of that kind to choose now.")
    if verb == "take" and choice.kind == SPOILS:
        return _take(state, seat, choice, text)
    if verb == "trophy" and choice.kind == EXXALIA_FULL:
        return _exxalia(state, seat, text)
    raise Refused("There is nothing of that kind to choose now.")


def _take(state: GameState, seat: int, choice: Choice, text: str) -> tuple[GameState, list[Event]]:
    """The challenger's spoils, exactly one: half the loser's credits (rounded up), one of its improvement
    cards, or half its wrecks (rounded up), looked at and then picked."""
    loser = int(choice.source)
    victim = state.seats[loser]
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    after = choices.done(state)
    battle = _battle(state)
    if word == "credits" and not rest:
        amount = -(-victim.credits // 2)
        player = after.seats[seat]
        after = after.with_seat(loser, replace(victim, credits=victim.credits - amount))
        after = after.with_seat(seat, replace(player, credits=player.credits + amount))
        after = replace(after, battle=replace(battle, taken="credits"))
        return after, [{"type": "spoils", "seat": seat, "from": loser, "credits": amount}]
    if word == "card":
        if not victim.improvements:
            raise Refused(f"Seat {loser + 1} has no improvement card to take.")
        card = cards.find(rest, victim.improvements, f"seat {loser + 1}'s improvements")
        held = list(victim.improvements)
        held.remove(card)
        after = after.with_seat(loser, victim.with_improvements(tuple(held)))
        after = replace(after, battle=replace(battle, taken="card"))
        after, more = choices.receive_improvement(after, seat, card)
        return after, [{"type": "spoils", "seat": seat, "from": loser, "card": card}, *more]
    if word == "wrecks" and not rest:
        if not victim.wrecks:
            raise Refused(f"Seat {loser + 1} has no wreck: take its credits or one of its cards.")
        count = -(-len(victim.wrecks) // 2)
        after = choices.first(after, Choice(TAKE_WRECKS, seat, options=victim.wrecks, count=count,
                                            source=str(loser)))
        after = replace(after, battle=replace(battle, taken="wrecks"))
        return after, [{"type": "spoils_look", "seat": seat, "from": loser, "wrecks": list(victim.wrecks),
                        "count": count}]
    raise Refused("Take one: `take credits`, `take card <card>` or `take wrecks`.")


def _exxalia(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """With two trophies in hand, Exxalia's trophy is taken by dropping one first (to the bottom, before the
    three new ones are seen), or refused."""
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    after = choices.done(state)
    if word == "refuse" and not rest:
        return after, [{"type": "prize_refused", "seat": seat, "planet": "exxalia"}]
    if word != "drop":
        raise Refused("Say `trophy drop <trophy>` (then draw three and keep one) or `trophy refuse`.")
    player = state.seats[seat]
    trophy = cards.find(rest, player.trophies, "your trophies")
    after = replace(after.with_seat(seat, replace(player, trophies=tuple(t for t in player.trophies
                                                                          if t != trophy))),
                    trophy_deck=(*after.trophy_deck, trophy))
    # The three drawn come before any other choice still waiting.
    waiting = after.choices
    after, drawn = choices.draw_trophies(replace(after, choices=()), seat, EXXALIA_DRAW, "exxalia")
    after = replace(after, choices=(*after.choices, *waiting))
    return after, [{"type": "trophy_drop", "seat": seat, "trophy": trophy, "drawn": len(drawn)}]


def settle_command(state: GameState, seat: int, verb: str, text: str) -> tuple[GameState, list[Event]]:
    """The active seat keeps or breaks its `@win` terms (B9)."""
    after, events = promises.settle_battle(state, seat, verb, text)
    return advance(after, events)
