"""Choices a seat makes among cards before its turn goes on (rules.md: resting, the Tour of Pirates, the
planets' prizes, a starship's support card reward, a challenger's wrecks, a fifth improvement): they wait
in `GameState.choices`, the first one now, and are made with `pick` (or `discard` for a fifth
improvement). Choices with commands of their own (Exxalia's full hand, a challenger's spoils, GOLDEN
VEIN's planet) are answered by the modules that open them."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import cards, items
from .records import DISCARD, KEEP_TROPHY, SUPPORT, TAKE_WRECKS, WRECK_FROM_PILE, Choice
from .state import IMPROVEMENT_LIMIT, GameState

PICKED = (KEEP_TROPHY, SUPPORT, WRECK_FROM_PILE, TAKE_WRECKS)  # the kinds `pick` makes


def current(state: GameState) -> Choice | None:
    return state.choices[0] if state.choices else None


def waiting_on(state: GameState) -> int | None:
    """The seat whose choice the game waits for, if any."""
    choice = current(state)
    return None if choice is None else choice.seat


def push(state: GameState, choice: Choice) -> GameState:
    """The choice waits after those already open."""
    return replace(state, choices=(*state.choices, choice))


def first(state: GameState, choice: Choice) -> GameState:
    """The choice comes before those already open (a fifth improvement is discarded before anything)."""
    return replace(state, choices=(choice, *state.choices))


def done(state: GameState) -> GameState:
    return replace(state, choices=state.choices[1:])


def draw_trophies(state: GameState, seat: int, count: int, source: str) -> tuple[GameState, tuple[str, ...]]:
    """The top `count` trophies leave the deck into a choice of `seat`'s to keep one (what there is when
    the deck is short: rules.md, "Rulings index", R8). No choice opens when nothing was drawn."""
    drawn = state.trophy_deck[:count]
    after = replace(state, trophy_deck=state.trophy_deck[count:])
    if drawn:
        after = push(after, Choice(KEEP_TROPHY, seat, cards=drawn, source=source))
    return after, drawn


def legal(state: GameState, seat: int) -> list[str]:
    """The picks and discards the current choice allows `seat`, canonical."""
    choice = current(state)
    if choice is None or choice.seat != seat:
        return []
    if choice.kind == KEEP_TROPHY:
        return [f"pick {t}" for t in choice.cards]
    if choice.kind in (SUPPORT, WRECK_FROM_PILE):
        return [f"pick {c}" for c in dict.fromkeys(choice.options)]
    if choice.kind == TAKE_WRECKS:
        return [f"pick {' '.join(group)}" for group in items.groups(choice.options, choice.count)]
    if choice.kind == DISCARD:
        return [f"discard {c}" for c in (*state.seats[seat].improvements, *choice.cards)]
    return []


def pick(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`pick ...` for the current choice."""
    choice = current(state)
    if choice is None or choice.kind not in PICKED:
        raise Refused("There is nothing to pick now.")
    if choice.seat != seat:
        raise Refused(f"Seat {choice.seat + 1} is choosing, not you.")
    if choice.kind == KEEP_TROPHY:
        kept = cards.find(text, choice.cards, "the trophies you are looking at")
        others = tuple(t for t in choice.cards if t != kept)
        player = state.seats[seat]
        after = replace(done(state).with_seat(seat, replace(player, trophies=(*player.trophies, kept))),
                        trophy_deck=state.trophy_deck + others)
        return after, [{"type": "keep_trophy", "seat": seat, "trophy": kept, "bottom": list(others),
                        "source": choice.source}]
    if choice.kind == SUPPORT:
        card = cards.find(text, choice.options, "the Bazaar pile")
        pile = list(state.bazaar_pile)
        pile.remove(card)
        after = replace(done(state), bazaar_pile=tuple(pile))
        after, events = receive_improvement(after, seat, card)
        return after, [{"type": "take_support", "seat": seat, "card": card, "source": choice.source}, *events]
    if choice.kind == WRECK_FROM_PILE:
        ship = cards.find(text, choice.options, "the Karokum pile")
        pile = list(state.karokum_pile)
        pile.remove(ship)
        player = state.seats[seat]
        after = replace(done(state).with_seat(seat, replace(player, wrecks=(*player.wrecks, ship))),
                        karokum_pile=tuple(pile))
        return after, [{"type": "take_wreck", "seat": seat, "ship": ship, "source": choice.source}]
    return _take_wrecks(state, seat, choice, text)


def _take_wrecks(state: GameState, seat: int, choice: Choice, text: str) -> tuple[GameState, list[Event]]:
    names = text.split()
    if len(names) != choice.count:
        raise Refused(f"Pick exactly {choice.count} of the {len(choice.options)} wrecks you looked at "
                      f"(pick <id> ...).")
    picked = tuple(cards.find(name, choice.options, "the wrecks you looked at") for name in names)
    if len(set(picked)) != len(picked):
        raise Refused("Name each wreck once.")
    loser = int(choice.source)
    victim = state.seats[loser]
    player = state.seats[seat]
    after = done(state).with_seat(loser, replace(victim, wrecks=tuple(w for w in victim.wrecks
                                                                       if w not in picked)))
    after = after.with_seat(seat, replace(player, wrecks=(*player.wrecks, *picked)))
    return after, [{"type": "take_wrecks", "seat": seat, "from": loser, "wrecks": list(picked)}]


def receive_improvement(state: GameState, seat: int, card: str) -> tuple[GameState, list[Event]]:
    """The seat gets `card`; with 4 already, the card waits in a discard choice that comes before any
    other: the seat discards one of the five (rules.md, "A fifth improvement")."""
    player = state.seats[seat]
    if len(player.improvements) < IMPROVEMENT_LIMIT:
        return state.with_seat(seat, player.with_improvements((*player.improvements, card))), []
    after = first(state, Choice(DISCARD, seat, cards=(card,), source="overflow"))
    return after, [{"type": "overflow", "seat": seat, "card": card}]


def discard_overflow(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`discard <card>` in a fifth-improvement choice: the card named goes (equipment to the bottom of the
    Improvement deck, support to the Bazaar pile) and the seat keeps the other four."""
    choice = current(state)
    if choice is None or choice.kind != DISCARD or choice.seat != seat:
        raise Refused("You have no fifth improvement to discard.")
    player = state.seats[seat]
    held = (*player.improvements, *choice.cards)
    card = cards.find(text, held, "your improvements and the new card")
    keep = list(held)
    keep.remove(card)
    after = done(state).with_seat(seat, player.with_improvements(tuple(keep)))
    return put_away(after, card), [{"type": "discard", "seat": seat, "card": card}]


def put_away(state: GameState, card: str) -> GameState:
    """An improvement leaves play: equipment to the bottom of the Improvement deck (the OCG row's empty
    spots are refilled from it first), support cards to the Bazaar pile."""
    if cards.IMPROVEMENTS[card].equipment:
        return refill_row(replace(state, improvement_deck=(*state.improvement_deck, card)))
    return replace(state, bazaar_pile=(*state.bazaar_pile, card))


def refill_row(state: GameState) -> GameState:
    """Every empty spot of the OCG row takes the Improvement deck's top card, left to right."""
    deck = list(state.improvement_deck)
    row = tuple(spot if spot is not None or not deck else deck.pop(0) for spot in state.ocg_row)
    return replace(state, ocg_row=row, improvement_deck=tuple(deck))
