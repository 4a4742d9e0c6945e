"""What things are worth to the greedy bot, in credits (₡), for one seat: glory, damage, a Metal Faktor
debt, wrecks, trophies in hand and improvements. Everything here reads only a bot's state (view.bot_state):
the seat's own cards and what every seat may see.

The yardstick is the card set's (rules.md, "The card set"): 1 G is worth what the Extravagant Expenditure
asks for it, 6₡; a support card about 2₡. A point of power is worth more the more battles are left to
fight with it, so equipment is worth buying early and not at the end."""

from __future__ import annotations

from .. import cards, trophies
from ..end import GLORY_TO_WIN, SPACE_DECK_END, seats_in
from ..state import IMPROVEMENT_LIMIT, MAX_DAMAGE, MAX_JP, GameState
from ..tour_actions import TITLE_NATIONS, TITLE_WRECKS

GLORY = 6.0  # ₡ for 1 G: the Extravagant Expenditure's price
SUPPORT_CARD = 2.0  # a starship's support card reward
DAMAGE = 1.5  # one point of damage: a point off every battle until repaired, and the repair
WRECK = 1.0  # a wreck pays 1 towards a repair, an overhaul or the Extravagant Expenditure
DEBT_POINT = 0.4  # one point of Metal Faktor debt: a point off the seat's next attack
POWER_POINT = 0.6  # one point of power, for each turn left
CARDS_A_TURN = 2.5  # Space cards an average turn takes from the deck (an attack in Space draws 3 or more)
MAX_TURNS = 8.0


def turns_left(view: GameState, seat: int) -> float:
    """About how many more turns the seat will play: the Space deck runs down by a few cards a turn, and
    a seat near 9 G ends the game sooner."""
    players = max(1, len(seats_in(view)))
    by_deck = max(0, len(view.space_deck) - SPACE_DECK_END) / (CARDS_A_TURN * players)
    leader = max((view.seats[i].glory for i in seats_in(view)), default=0)
    by_glory = max(0.5, (GLORY_TO_WIN - leader) * 1.5)
    return max(0.5, min(MAX_TURNS, by_deck, by_glory))


def damage_cost(view: GameState, seat: int, amount: int) -> float:
    """What suffering `amount` damage at once costs the seat: nothing beyond the wheel's stop at 4, one
    less with the Bastion Shields (damage.suffer)."""
    player = view.seats[seat]
    if amount >= 2 and "E09" in player.improvements:
        amount -= 1
    taken = max(0, min(amount, MAX_DAMAGE - player.damage))
    return DAMAGE * taken * min(1.0, 0.5 + turns_left(view, seat) / 2)


def debt_cost(view: GameState, seat: int) -> float:
    """What declaring the Metal Faktor die costs in debt: its mean face (3; halved with the Signal Jammer)
    off the seat's next attack, little when the game is nearly over."""
    mean = 1.5 if "E12" in view.seats[seat].improvements else 3.0
    return DEBT_POINT * mean * min(1.0, turns_left(view, seat) / 2)


# === TROPHIES ===

DEED_CHANCE = {"won_challenge": 0.45, "won_challenged": 0.15, "won_planet": 0.3, "beat_15": 0.35,
               "turncoat": 0.1}


def _progress(view: GameState, seat: int, trophy: cards.Trophy) -> float:
    """How far the seat is towards the trophy's condition, 0 to 1."""
    player = view.seats[seat]
    if trophy.kind == "E":
        deed = trophies.DEED_OF[trophy.condition]
        if deed == "title":
            best = max(sum(1 for w in player.wrecks if cards.STARSHIPS[w].nation == n) for n in TITLE_NATIONS)
            return best / TITLE_WRECKS
        return DEED_CHANCE[deed]
    if trophy.condition == "hunter_wrecks":
        return 0.25
    if trophy.condition == "main_power":
        return max(0.0, (view.main_power(seat) - cards.BASE_POWER) / (trophy.at_least - cards.BASE_POWER))
    if trophy.condition == "jp":
        return 0.5 * player.jp / trophy.at_least  # the bot takes no JP for a trophy's sake
    count = trophies.COUNTS[trophy.condition](view, seat, trophy)
    return min(1.0, count / max(1, trophy.at_least))


def trophy_chance(view: GameState, seat: int, trophy: str) -> float:
    """The chance the seat reveals the trophy before the game ends: 1 once its condition holds."""
    if trophies.met(view, seat, trophy):
        return 1.0
    card = cards.TROPHIES[trophy]
    time = min(1.0, 0.3 + turns_left(view, seat) / 5)
    return min(0.9, (0.1 + 0.7 * _progress(view, seat, card)) * time)


def trophy_reward(trophy: str) -> float:
    card = cards.TROPHIES[trophy]
    return card.glory * GLORY + card.credits


def trophy_worth(view: GameState, seat: int, trophy: str) -> float:
    """A trophy in hand: its reward times the chance of revealing it."""
    return trophy_chance(view, seat, trophy) * trophy_reward(trophy)


def deed_bonus(view: GameState, seat: int, deed: str) -> float:
    """What doing a deed this turn is worth through the deed trophies the seat holds (kind E), when it
    has not revealed one this turn."""
    player = view.seats[seat]
    if player.revealed_this_turn:
        return 0.0
    held = [t for t in player.trophies if cards.TROPHIES[t].kind == "E"
            and trophies.DEED_OF[cards.TROPHIES[t].condition] == deed]
    return max((trophy_reward(t) for t in held), default=0.0)


# === WRECKS ===

def wreck_worth(view: GameState, seat: int, ship: str, others: tuple[str, ...] | None = None) -> float:
    """A wreck to the seat, beside its other wrecks `others` (by default all it holds but this one): what
    it pays, its part of a Glory Title, a Pirate Hunter's Amnesty, and the trophies in hand it brings
    nearer."""
    card = cards.STARSHIPS[ship]
    player = view.seats[seat]
    held = tuple(w for w in player.wrecks if w != ship) if others is None else others
    worth = WRECK
    if card.nation in TITLE_NATIONS:
        same = sum(1 for w in held if cards.STARSHIPS[w].nation == card.nation) % TITLE_WRECKS
        worth += (0.3, 1.0, 2.5)[same]
    if card.hunter:
        worth += 1.0 if player.jp else 0.3
    for trophy in player.trophies:
        t = cards.TROPHIES[trophy]
        if trophies.met(view, seat, trophy) or t.kind != "S":
            continue
        nations = {cards.STARSHIPS[w].nation for w in held}
        counts = (t.condition == "wrecks"
                  or (t.condition == "four_nation_wrecks" and card.nation not in nations)
                  or (t.condition == "nation_wrecks" and card.nation == t.nation))
        share = 1.0 if t.condition == "hunter_wrecks" and card.hunter else (1 / t.at_least if counts else 0.0)
        worth += 0.8 * share * trophy_reward(trophy)
    return worth


def unknown_wreck() -> float:
    """A wreck not yet seen (a challenger's look at the loser's wrecks is still to come)."""
    return WRECK + 0.8


# === IMPROVEMENTS ===

# What an equipment card's effect is worth a turn, beside its power.
EFFECT_A_TURN = {"starship_win_credit": 0.5, "hunter_attack_bonus": 0.2, "event_damage_immune": 0.3,
                 "damage_reduction": 0.3, "event_credit": 0.5, "mf_debt_halved": 0.2, "karokum_fee": 0.1,
                 "draw_four": 0.6, "end_turn_repair": 0.5}


def improvement_worth(view: GameState, seat: int, card: str) -> float:
    """An improvement to the seat: equipment by its power and effect over the turns left, and the trophies
    in hand it brings nearer; a support card by what it will do."""
    improvement = cards.IMPROVEMENTS[card]
    player = view.seats[seat]
    turns = turns_left(view, seat)
    if not improvement.equipment:
        return _support_worth(view, seat, card)
    worth = improvement.power * POWER_POINT * turns + EFFECT_A_TURN.get(improvement.effect or "", 0.0) * turns
    for trophy in player.trophies:
        t = cards.TROPHIES[trophy]
        if trophies.met(view, seat, trophy):
            continue
        if t.condition == "weapons" and improvement.type == "weapon":
            worth += 0.5 * trophy_reward(trophy)
        elif t.condition == "main_power":
            worth += 0.8 * trophy_reward(trophy) * improvement.power / max(
                1, t.at_least - view.main_power(seat))
        elif t.condition == "improvements" and len(player.improvements) == IMPROVEMENT_LIMIT - 1:
            worth += 0.8 * trophy_reward(trophy)
    return worth


def _support_worth(view: GameState, seat: int, card: str) -> float:
    player = view.seats[seat]
    effect = cards.IMPROVEMENTS[card].effect
    if effect == "repair":
        return 1.0 + DAMAGE * min(2, player.damage)
    if effect == "cancel_jp":
        return 0.9 * GLORY if player.jp else 1.0
    if effect == "pot_raid":
        return max(1.0, (view.pot + 1) // 2)
    if effect == "karokum_wreck":
        pile = [s for s in view.karokum_pile if cards.STARSHIPS[s].power <= cards.IMPROVEMENTS[card].amount]
        return max([1.0, *(wreck_worth(view, seat, s, player.wrecks) for s in pile)])
    return {"reroll_all": 2.5, "score_bonus": 2.5, "reroll_own": 1.5, "no_damage": 1.5,
            "sabotage": 1.0}.get(effect or "", 1.0)


def held_worth(view: GameState, seat: int) -> dict[str, float]:
    """Each improvement the seat holds, by worth."""
    return {card: improvement_worth(view, seat, card) for card in view.seats[seat].improvements}


def at_infamy(view: GameState, seat: int) -> bool:
    return view.seats[seat].jp >= MAX_JP
