"""Battles in Space (rules.md, "Attacking in Space"): `attack space` draws until three starships (four
with the Nav Computer) lie face up, paying RHUM for every event drawn and applying the turn's first event
(events.py); `attack space <n>` chooses one, the others leaving at once: the Pirate Hunters shuffled back
into the Space deck, the rest onto the Karokum pile. GOLDEN VEIN's tie stops the draw until the active
seat answers it with `planet <name>`."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Dice, Event, Refused

from . import alliance, bank, cards, choices
from . import events as event_cards
from .battle_state import Battle
from .dice import shuffled
from .records import PLANET
from .state import FULL, PLANET_IDS, TRAVEL, GameState

DRAW = "battle.draw"
RHUM = "E11"  # 1 credit from the bank for every event drawn, applied or not
RHUM_CREDITS = 1
NAV_COMPUTER = "E14"  # draw until four starships lie face up
FACE_UP = 3
NAV_FACE_UP = 4


def face_up_wanted(state: GameState, seat: int) -> int:
    """How many starships the draw stops at for this attacker."""
    return NAV_FACE_UP if NAV_COMPUTER in state.seats[seat].improvements else FACE_UP


def attack_space(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """`attack space` in travel: the battle is committed; phase battle.draw, then the draw."""
    if state.phase != TRAVEL or state.battle is not None:
        raise Refused("You can attack in Space only while travelling, before this turn's battle.")
    if state.travel.battle_done:
        raise Refused("You have fought this turn's battle already: one battle a turn.")
    after = replace(state, battle=Battle(kind="space", attacker=seat), phase=DRAW)
    return draw(after, [{"type": "attack", "seat": seat, "kind": "space"}])


def _planet_waits(state: GameState) -> bool:
    choice = choices.current(state)
    return choice is not None and choice.kind == PLANET


def draw(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Cards one at a time from the top of the Space deck until enough starships lie face up, the deck is
    empty, or GOLDEN VEIN's tie waits for the active seat. A deck that ran out with no starship face up
    makes the battle void: it counts as the turn's battle (rules.md, "Attacking in Space")."""
    assert state.battle is not None
    attacker = state.battle.attacker
    wanted = face_up_wanted(state, attacker)
    events = list(events)
    while state.space_deck and len(state.space_area) < wanted and not _planet_waits(state):
        card = state.space_deck[0]
        state = replace(state, space_deck=state.space_deck[1:],
                        space_mixed=tuple(c for c in state.space_mixed if c != card))
        if card in cards.STARSHIPS:
            state = replace(state, space_area=(*state.space_area, card))
            events.append({"type": "face_up", "card": card, "spot": len(state.space_area)})
        else:
            state, drawn = _event(state, card)
            events += drawn
    if _planet_waits(state) or state.space_area:
        return state, events
    void = replace(state, battle=None, phase=TRAVEL, travel=replace(state.travel, battle_done=True))
    return void, [*events, {"type": "space_void", "seat": attacker}]


def _event(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """An event drawn: out of the game at once; every RHUM holder takes its credit first; then it takes
    effect if it is the turn's first event, and has none otherwise."""
    applies = not state.event_applied_this_turn
    state = replace(state, out_of_game=(*state.out_of_game, card))
    events: list[Event] = [{"type": "space_event", "card": card, "applied": applies}]
    for seat in event_cards.seats_in_turn_order(state):
        if RHUM in state.seats[seat].improvements:
            state, paid = bank.pay_seat(state, seat, RHUM_CREDITS)
            rhum: Event = {"type": "rhum", "seat": seat, "credits": paid, "card": card}
            # RHUM pays 1: a bank short of it pays nothing, and the whole credit is short.
            events.append({**rhum, "short": RHUM_CREDITS} if not paid else rhum)
    if not applies:
        return state, events
    state, effect = event_cards.apply(replace(state, event_applied_this_turn=True), card)
    return state, events + effect


def choose(state: GameState, seat: int, text: str, dice: Dice | None) -> tuple[GameState, list[Event]]:
    """`attack space <n>` in battle.draw: the starship in spot n is the target; the others leave at once,
    non-Hunters onto the Karokum pile in spot order, Pirate Hunters back into the Space deck (one shuffle:
    return_hunters). Then the battle goes on to its allies."""
    battle = state.battle
    # A space battle without its target is in its draw (the choice moves it on): no phase to check.
    if battle is None or battle.kind != "space" or battle.target:
        raise Refused("There are no starships face up to choose among.")
    if seat != battle.attacker:
        raise Refused(f"Seat {battle.attacker + 1} is attacking: the choice is theirs.")
    if state.choices:
        raise Refused("Settle the choice that waits first.")
    kind, _, number = text.strip().partition(" ")
    count = len(state.space_area)
    ask = f"attack space <n>, n from 1 to {count}" if count > 1 else "attack space 1"
    if kind.lower() != "space" or not number.strip().isdigit():
        raise Refused(f"Choose a face-up starship by its spot: {ask}.")
    spot = int(number.strip())
    if not 1 <= spot <= count:
        raise Refused(f"There is no starship in spot {spot}: {ask}.")
    target = state.space_area[spot - 1]
    others = state.space_area[:spot - 1] + state.space_area[spot:]
    hunters = tuple(c for c in others if cards.STARSHIPS[c].hunter)
    leaving = tuple(c for c in others if not cards.STARSHIPS[c].hunter)
    after = replace(state, space_area=(target,), karokum_pile=(*state.karokum_pile, *leaving),
                    battle=replace(battle, target=target))
    events: list[Event] = [{"type": "target", "seat": seat, "card": target, "spot": spot}]
    if leaving:
        events.append({"type": "to_karokum", "cards": list(leaving)})
    if hunters:
        after, back = return_hunters(after, hunters, dice)
        events.append(back)
    return alliance.open_battle(after, events)


def return_hunters(state: GameState, hunters: tuple[str, ...], dice: Dice | None) -> tuple[GameState, Event]:
    """Pirate Hunters go back into the Space deck, then one shuffle (rules.md, "Attacking in Space").
    Layered (the default): each Hunter is shuffled among the deck's cards of its own back colour, the blue
    block staying above the red one; when no card of its colour is left, into the whole deck, and it is
    recorded as exempt from blue-above-red (space_mixed). With `hunter_shuffle full`, the whole deck is
    shuffled with them and every card of it is exempt."""
    if dice is None:
        raise ValueError("a shuffle needs dice")
    deck = state.space_deck
    event: Event = {"type": "hunters_back", "cards": list(hunters), "deck": len(deck) + len(hunters)}
    if state.options.hunter_shuffle == FULL:
        new = shuffled((*deck, *hunters), dice)
        return replace(state, space_deck=new, space_mixed=new), {**event, "shuffle": "full"}
    blue_left = any(cards.is_blue(c) for c in deck)
    red_left = any(not cards.is_blue(c) for c in deck)
    # Whether a Hunter's colour is left is read from the deck as it was: Hunters coming back together do
    # not count for each other.
    homeless = tuple(h for h in hunters if not (blue_left if cards.is_blue(h) else red_left))
    if homeless:
        # The deck holds no card of these Hunters' colour, so every other card in it is of the other
        # colour (or already exempt): shuffling the whole deck keeps the rest layered.
        new = shuffled((*deck, *hunters), dice)
        mixed = (*(c for c in state.space_mixed if c in deck), *homeless)
        return replace(state, space_deck=new, space_mixed=mixed), {**event, "shuffle": "whole",
                                                                   "whole": list(homeless)}
    blue = (*(c for c in deck if cards.is_blue(c)), *(h for h in hunters if cards.is_blue(h)))
    red = (*(c for c in deck if not cards.is_blue(c)), *(h for h in hunters if not cards.is_blue(h)))
    if any(cards.is_blue(h) for h in hunters):
        blue = shuffled(blue, dice)
    if any(not cards.is_blue(h) for h in hunters):
        red = shuffled(red, dice)
    # Every card is back in its colour's block: the deck is layered again, none exempt.
    return replace(state, space_deck=(*blue, *red), space_mixed=()), {**event, "shuffle": "layered"}


def planet(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`planet <planet>`: GOLDEN VEIN's tie, one of the planets tied for the fewest credits gets the 5;
    the draw then goes on."""
    choice = choices.current(state)
    if choice is None or choice.kind != PLANET:
        raise Refused("There is no tie to settle.")
    if seat != choice.seat:
        raise Refused(f"Seat {choice.seat + 1} picks the planet, not you.")
    tied = ", ".join(f"planet {p}" for p in choice.options)
    name = cards.words(text)
    known = [p for p, card in cards.PLANETS.items() if name and name in (p, cards.words(card.name))]
    if not known:
        raise Refused(f"Name a planet tied for the fewest credits: {tied}.")
    if known[0] not in PLANET_IDS:
        raise Refused(f"{cards.PLANETS[known[0]].name} keeps no treasury: {tied}.")
    if known[0] not in choice.options:
        raise Refused(f"{cards.PLANETS[known[0]].name} is not tied for the fewest credits: {tied}.")
    after, paid = event_cards.golden_vein_to(choices.done(state), known[0], choice.source)
    return draw(after, [{"type": "planet_chosen", "seat": seat, "planet": known[0]}, *paid])


def legal(state: GameState, seat: int) -> list[str]:
    """`attack space <n>` for each face-up starship, to the attacker, while no choice waits."""
    battle = state.battle
    if (battle is None or battle.kind != "space" or battle.target  # in the draw, as in `choose`
            or seat != battle.attacker or state.choices):
        return []
    return [f"attack space {n}" for n in range(1, len(state.space_area) + 1)]


def planet_legal(state: GameState, seat: int) -> list[str]:
    """GOLDEN VEIN's tie: `planet <id>` for each tied planet, to the seat that picks."""
    choice = choices.current(state)
    if choice is None or choice.kind != PLANET or choice.seat != seat:
        return []
    return [f"planet {p}" for p in choice.options]
