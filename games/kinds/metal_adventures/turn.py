"""A turn's start and its rest (rules.md, "A turn"): the first command is `rest`, `tribute` or `refuse`;
a resting seat may then swap a trophy and buy an improvement, each once, before its `end`.

Each command here takes a state whose phase and active seat commands.play has already checked, and
raises Refused with the reason alone (commands.play adds what is legal now)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import bank, cards, choices, judgment
from .records import Travel
from .state import BLANK, IMPROVEMENT_LIMIT, REST, START, TRAVEL, GameState

REST_CREDITS = 2
KRAKEN_REST_CREDITS = 3  # the Laughing Kraken (B2) with the perks option
GHOST = "B6"  # the Ghost of Havana with the perks option: once a game, refuse the tribute without a JP
TRIBUTE = 1
SWAP_SEEN = 2  # a resting swap looks at the top two trophies
REST_MARKUP = 1  # a rest purchase costs the card's cost + 1


def start_turn(state: GameState, seat: int, turn: int) -> GameState:
    """`seat`'s turn `turn` starts: every seat's per-turn flags are reset, and the turn's own records; the
    seat's round of accusations begins anew (rules.md, "Cases")."""
    seats = tuple(replace(s, revealed_this_turn=False, took_jp_this_turn=False,
                          accusations=() if i == seat else s.accusations) for i, s in enumerate(state.seats))
    return replace(state, seats=seats, phase=START, turn=turn, active=seat, event_applied_this_turn=False,
                   turn_done=(), travel=Travel(), deeds=())


def exempt(state: GameState, seat: int) -> bool:
    """The seat's main power M (damage included) is strictly lower than every other seat still in."""
    mine = state.main_power(seat)
    others = [i for i, other in enumerate(state.seats) if i != seat and not other.out]
    return all(mine < state.main_power(i) for i in others)


def can_rest(state: GameState, seat: int) -> bool:
    return state.seats[seat].damage >= 1


def tribute(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Travel: 1 credit into the Pirates' Pot, or nothing for an exempt seat."""
    if exempt(state, seat):
        return replace(state, phase=TRAVEL), [{"type": "exempt", "seat": seat, "m": state.main_power(seat)}]
    player = state.seats[seat]
    if player.credits < TRIBUTE:
        raise Refused("You have no credit to pay the tribute (your main power is not the lowest): "
                      "refuse it and take 1 JP, or rest if you are damaged.")
    after = replace(state.with_seat(seat, replace(player, credits=player.credits - TRIBUTE)),
                    pot=state.pot + TRIBUTE, phase=TRAVEL)
    return after, [{"type": "tribute", "seat": seat, "paid": TRIBUTE}]


def refuse(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Travel without paying: 1 JP, except the Ghost of Havana's first refusal of the game with the perks
    option. Refused to an exempt seat, which owes nothing to refuse."""
    if exempt(state, seat):
        raise Refused("Your main power is the lowest: you are exempt from the tribute and have nothing to "
                      "refuse (tribute costs you nothing).")
    player = state.seats[seat]
    if state.options.perks and player.base == GHOST and not player.perk_used:
        after = state.with_seat(seat, replace(player, perk_used=True))
        return replace(after, phase=TRAVEL), [{"type": "refuse", "seat": seat},
                                              {"type": "perk", "seat": seat, "base": GHOST}]
    after, event = judgment.take_jp(state, seat, "refused tribute")
    return replace(after, phase=TRAVEL), [{"type": "refuse", "seat": seat}, event]


def rest(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Rest in Havana: 2 credits from the bank (what it has), damage 0, the Metal Faktor die blank (its
    debt wiped); no tribute."""
    player = state.seats[seat]
    if not can_rest(state, seat):
        raise Refused("Only a damaged starship may rest in Havana, and yours has no damage.")
    amount = KRAKEN_REST_CREDITS if state.options.perks and player.base == "B2" else REST_CREDITS
    after = state.with_seat(seat, replace(player, damage=0, mf=BLANK))
    after, paid = bank.pay_seat(after, seat, amount)
    event: Event = {"type": "rest", "seat": seat, "credits": paid, "repaired": player.damage}
    if paid < amount:
        event["short"] = amount - paid
    return replace(after, phase=REST), [event]


def swap(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`swap <trophy>`: that trophy to the bottom of the Trophy deck first, then the top two are drawn to
    keep one (`pick`), the other going to the bottom."""
    player = state.seats[seat]
    if "swap" in state.turn_done:
        raise Refused("You have already swapped a trophy this rest.")
    if not player.trophies:
        raise Refused("You have no trophy in hand to swap.")
    trophy = cards.find(text, player.trophies, "your trophies")
    after = replace(state.with_seat(seat, replace(player, trophies=tuple(t for t in player.trophies
                                                                          if t != trophy))),
                    trophy_deck=(*state.trophy_deck, trophy), turn_done=(*state.turn_done, "swap"))
    after, seen = choices.draw_trophies(after, seat, SWAP_SEEN, "rest")
    return after, [{"type": "swap", "seat": seat, "trophy": trophy, "seen": list(seen)}]


def rest_price(card: str) -> int:
    return cards.IMPROVEMENTS[card].cost + REST_MARKUP


def buy(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`buy <card>` while resting: a card of the OCG row for its cost + 1, all to the bank; its spot is
    refilled at once from the Improvement deck (left empty when the deck is)."""
    player = state.seats[seat]
    if "buy" in state.turn_done:
        raise Refused("You have already bought a card this rest.")
    if len(player.improvements) >= IMPROVEMENT_LIMIT:
        raise Refused(f"You already have {IMPROVEMENT_LIMIT} improvements: discard one first.")
    row = tuple(card for card in state.ocg_row if card is not None)
    if not row:
        raise Refused("The OCG row is empty.")
    card = cards.find(text, row, "the OCG row")
    price = rest_price(card)
    if player.credits < price:
        raise Refused(f"{cards.label(card)} costs you {price}₡ while resting (its cost + 1); you have "
                      f"{player.credits}₡.")
    after, refill = row_purchase(state, seat, card, price)
    after = replace(after, turn_done=(*state.turn_done, "buy"))
    return after, [{"type": "buy", "seat": seat, "card": card, "paid": price, "refill": refill}]


def row_purchase(state: GameState, seat: int, card: str, price: int) -> tuple[GameState, str | None]:
    """The seat takes `card` from the OCG row for `price`, paid to the bank; the spot is refilled at once
    from the Improvement deck (left empty when the deck is): (the state, the refill). The caller has
    checked the price and the seat's room."""
    spot = state.ocg_row.index(card)
    refill = state.improvement_deck[0] if state.improvement_deck else None
    row_after = state.ocg_row[:spot] + (refill,) + state.ocg_row[spot + 1:]
    after = bank.seat_pays(state, seat, price)
    holder = after.seats[seat]
    after = replace(after.with_seat(seat, holder.with_improvements((*holder.improvements, card))),
                    ocg_row=row_after, improvement_deck=state.improvement_deck[1:])
    return after, refill
