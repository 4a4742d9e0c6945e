"""Support cards played on one's own turn (rules.md, "Support cards on your own turn"): S05-S09, by the
active seat while travelling, outside a battle, with `play <card> [<target>]`. A card played goes to the
Bazaar pile.

`legal` lists the canonical forms: `play S05`, `play S06 <seat number>`, `play S07`, `play S08`, `play S09
<ship id>`. `play` also reads cards by name (`play saboteur 2`, `play broker N12`)."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Event, Refused

from . import cards, choices, damage, judgment
from .state import MAX_DAMAGE, TRAVEL, GameState

OWN_TURN = "own-turn"
CARDS = tuple(c for c in cards.SUPPORT_CARDS if cards.IMPROVEMENTS[c].timing == OWN_TURN)
TARGETED = ("sabotage", "karokum_wreck")  # the effects that name a target: a seat, a ship


def play(state: GameState, seat: int, text: str) -> tuple[GameState, list[Event]]:
    """`play <card> [<target>]`: the card's effect, then the card to the Bazaar pile."""
    why = closed(state, seat)
    if why:
        raise Refused(why)
    card, target = _read(state, seat, text)
    why = why_not(state, seat, card, target)
    if why:
        raise Refused(why)
    return _apply(state, seat, card, target)


def legal(state: GameState, seat: int) -> list[str]:
    """Every `play` of an own-turn card the seat may make now, canonical."""
    if closed(state, seat):
        return []
    found: list[str] = []
    for card in state.seats[seat].improvements:
        if card not in CARDS:
            continue
        effect = cards.IMPROVEMENTS[card].effect
        if effect == "sabotage":
            targets = [str(i + 1) for i in range(state.players)]
        elif effect == "karokum_wreck":
            targets = list(reversed(state.karokum_pile))
        else:
            targets = [""]
        found.extend(f"play {card} {target}".rstrip() for target in targets
                     if not why_not(state, seat, card, target))
    return found


def closed(state: GameState, seat: int) -> str:
    """Why the seat cannot play an own-turn card now, whichever ("" when it can)."""
    if state.phase != TRAVEL or seat != state.active:
        return ("Support cards of your own turn are played by the active seat while it travels (not while "
                "resting).")
    if state.battle is not None:
        return "A battle is in progress: own-turn support cards wait until it is over."
    if state.choices:
        return "Make the choice before you first."
    return ""


def _read(state: GameState, seat: int, text: str) -> tuple[str, str]:
    """(the card, the target's words): the card is the longest first words that name one of the seat's
    support cards."""
    words = text.split()
    held = tuple(c for c in state.seats[seat].improvements if c in cards.SUPPORT_CARDS)
    if not words:
        raise Refused("Play which card? play <card> [<target>].")
    if not held:
        raise Refused("You hold no support card to play.")
    for cut in range(len(words), 0, -1):
        try:
            card = cards.find(" ".join(words[:cut]), held, "your support cards")
        except Refused:
            continue
        return card, " ".join(words[cut:])
    cards.find(words[0], held, "your support cards")  # refused, saying what the seat holds
    raise Refused("Play which card? play <card> [<target>].")


def why_not(state: GameState, seat: int, card: str, target: str) -> str:
    """Why the seat cannot play `card` at `target` now ("" when it can)."""
    improvement = cards.IMPROVEMENTS[card]
    if improvement.timing != OWN_TURN:
        return f"{cards.label(card)} is played in a battle ({improvement.timing}), not on your own turn."
    player = state.seats[seat]
    effect = improvement.effect
    if effect not in TARGETED and target:
        return f"`play {card}` names no target."
    if effect == "repair" and player.damage < 1:
        return "Your starship has no damage to patch."
    if effect == "cancel_jp":
        if player.jp < 1:
            return "You have no JP to cancel."
        if player.took_jp_this_turn:
            return "You took a JP this turn: the Forged Pardon must wait for a later turn."
    if effect == "pot_raid" and state.pot < 1:
        return "The Pirates' Pot is empty."
    if effect == "sabotage":
        return _sabotage_target(state, seat, target)[1]
    if effect == "karokum_wreck":
        return _broker_target(state, card, target)[1]
    return ""


def _sabotage_target(state: GameState, seat: int, target: str) -> tuple[int, str]:
    """(the seat the Saboteur names, why it cannot be sabotaged or "")."""
    word = target.strip()
    if not word.isdigit() or not 1 <= int(word) <= state.players:
        return -1, f"Name the seat to sabotage by its number, 1 to {state.players}: play saboteur <seat>."
    victim = int(word) - 1
    if victim == seat:
        return victim, "The Saboteur damages another seat, not yours."
    if state.seats[victim].out:
        return victim, f"Seat {victim + 1} has left the game."
    if state.seats[victim].damage >= MAX_DAMAGE:
        return victim, f"Seat {victim + 1} has {MAX_DAMAGE} damage already: it cannot be sabotaged."
    return victim, ""


def _broker_target(state: GameState, card: str, target: str) -> tuple[str, str]:
    """(the ship the Bounty Broker takes, why it cannot or "")."""
    if not state.karokum_pile:
        return "", "The Karokum pile is empty: there is no starship to take."
    if not target.strip():
        return "", "Name the starship of the Karokum pile you take: play broker <ship>."
    try:
        ship = cards.find(target, tuple(reversed(state.karokum_pile)), "the Karokum pile")
    except Refused as why:
        return "", str(why)
    limit = cards.IMPROVEMENTS[card].amount
    if cards.STARSHIPS[ship].power > limit:
        return ship, (f"{cards.label(ship)} has power {cards.STARSHIPS[ship].power}: the Bounty Broker takes "
                      f"a starship of power {limit} or less.")
    return ship, ""


def _apply(state: GameState, seat: int, card: str, target: str) -> tuple[GameState, list[Event]]:
    player = state.seats[seat]
    after = choices.put_away(state.with_seat(seat, player.with_improvements(
        tuple(c for c in player.improvements if c != card))), card)
    event: Event = {"type": "play", "seat": seat, "card": card}
    effect = cards.IMPROVEMENTS[card].effect
    amount = cards.IMPROVEMENTS[card].amount
    player = after.seats[seat]
    if effect == "repair":
        repaired = min(amount, player.damage)
        after = after.with_seat(seat, replace(player, damage=player.damage - repaired))
        return after, [{**event, "repaired": repaired, "damage": player.damage - repaired}]
    if effect == "sabotage":
        victim = _sabotage_target(state, seat, target)[0]
        after, hurt = damage.suffer(after, victim, amount, "card")
        return after, [{**event, "target": victim}, hurt]
    if effect == "cancel_jp":
        after, cancelled = judgment.cancel_jp(after, seat, "forged pardon")
        return after, [event, cancelled]
    if effect == "pot_raid":
        taken = (after.pot + 1) // 2
        after = replace(after.with_seat(seat, replace(player, credits=player.credits + taken)),
                        pot=after.pot - taken)
        return after, [{**event, "taken": taken, "pot": after.pot}]
    ship = _broker_target(state, card, target)[0]
    pile = list(after.karokum_pile)
    pile.remove(ship)
    after = replace(after.with_seat(seat, replace(player, wrecks=(*player.wrecks, ship))),
                    karokum_pile=tuple(pile))
    return after, [{**event, "ship": ship}]
