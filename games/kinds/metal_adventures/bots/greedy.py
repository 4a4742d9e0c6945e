"""The greedy bot of Metal Adventures: at every question, the answer worth most to it now, by what it may
see of the game (view.bot_state) and the worths of worth.py. It never reads the real state: `choose`
turns it into the seat's bot state first, so two games that differ only in what the seat cannot see get
the same answers (tests/kinds/metal_adventures/bots/test_greedy.py).

Where a command carries the player's own words (`ally ask <seat> for <terms>`, a counter-offer), the bot
writes them itself and checks them with `play` on its own state; everything else it picks from
`legal_commands`."""

from __future__ import annotations

import random

from games.kinds.protocol import Refused

from .. import alliance, commands, declare, fight, orders, promises
from ..battle_state import REACT_STEP, SMOKE_STEP, Battle
from ..chance import after_die_reroll, after_jones
from ..state import OVER, REST, SETUP, START, TRAVEL, GameState
from ..view import bot_state
from . import attack, helping, offers, picks, stakes, targets, turns, worth
from .chances import GROG

LEVEL = "greedy"
LEAVES_ALONE = ("resign", "autopilot")  # the bot plays its own turn, and plays it to the end
PASSIVE = ("ready", "ally none", "roll", "pass", "end", "tribute", "trophy refuse")


class GreedyBot:
    level = LEVEL

    def __init__(self, rng: random.Random | None = None) -> None:
        # The bot decides the same way every time (ties go to the first command listed): the generator
        # is kept for the Bot factory's sake (bots.make_bot gives every level one).
        self.rng = rng or random.Random()

    def choose(self, state: GameState, seat: int) -> str:
        """The bot's next command for `seat`, decided on the seat's bot state alone."""
        view = bot_state(state, seat)
        legal = [c for c in commands.legal_commands(view, seat) if c.split(" ", 1)[0] not in LEAVES_ALONE]
        wanted = decide(view, seat, legal)
        if wanted is not None and (wanted in legal or _accepted(view, seat, wanted)):
            return wanted
        return fallback(legal)


def fallback(legal: list[str]) -> str:
    """A passive answer that moves the game on, when the bot found nothing better."""
    for passive in PASSIVE:
        if passive in legal:
            return passive
    moves = [c for c in legal if c.split(" ", 1)[0] not in ("order", "discard", "break", "reveal")]
    return (moves or legal)[0]


def _accepted(view: GameState, seat: int, command: str) -> bool:
    """A command with words of its own (terms) that `play` accepts on the bot's state."""
    try:
        commands.play(view, seat, command, None)
    except (Refused, ValueError):
        return False
    return True


def decide(view: GameState, me: int, legal: list[str]) -> str | None:
    if not legal or view.phase == OVER:
        return None
    if view.phase == SETUP:
        return picks.setup_choice(view, me, legal)
    chosen = picks.choice(view, me, legal)
    if chosen is not None:
        return chosen
    answered = offers.answer(view, me, legal)
    if answered is not None:
        return answered
    reveals = [c for c in legal if c.startswith("reveal ")]
    if reveals and orders.trophies_mode(view, me) == orders.MANUAL:
        # Revealing by hand (a player's order the bot keeps): its best met trophy, as the auto mode would.
        return max(reveals, key=lambda c: worth.trophy_reward(c.split()[1]))
    battle = view.battle
    if battle is not None:
        return _battle(view, battle, me, legal)
    if me != view.active:
        return None
    if view.phase == START:
        return turns.start(view, me, legal)
    if view.phase == REST:
        return turns.rest(view, me, legal)
    if view.phase == TRAVEL:
        return _travel(view, me, legal)
    return None


# === TRAVEL ===

def _travel(view: GameState, me: int, legal: list[str]) -> str | None:
    """Before the battle: the tour when it mends or arms the ship, the cards that help the battle, then
    the battle worth most. After it: the tour, the own-turn cards, the end."""
    if view.travel.battle_done:
        if view.travel.tour_side != "before":
            wanted = turns.tour_wants(view, me, legal)
            if wanted is not None:
                return wanted
        return turns.own_cards(view, me, legal, before=False) or "end"
    best = targets.best_battle(view, me, legal)
    if best is None:
        return None
    command = best[1]
    words = command.split()
    avoid = words[2] if words[:2] == ["attack", "planet"] else ""
    if turns.tour_first(view, me, legal, avoid):
        wanted = turns.tour_wants(view, me, legal, avoid)
        if wanted is not None:
            return wanted
    target = int(words[1]) - 1 if words[0] == "challenge" else None
    card = turns.own_cards(view, me, legal, before=True, target=target)
    return card or command


# === THE BATTLE ===

def _battle(view: GameState, battle: Battle, me: int, legal: list[str]) -> str | None:
    phase = view.phase
    if phase == "battle.draw":
        spots = [c for c in legal if c.startswith("attack space ")]
        if not spots:
            return None
        return max(spots, key=lambda c: targets.ship_worth(view, me, view.space_area[int(c.split()[2]) - 1]))
    if phase in (alliance.ALLIES, alliance.RECRUIT):
        answer = helping.answer_asks(view, me, legal)
        if answer is not None:
            return answer
        if me in (battle.attacker, battle.challenged):
            return _recruit(view, battle, me, legal)
        return None
    if phase == declare.DECLARE:
        if me == battle.attacker:
            return _declare(view, battle, me, legal)
        return helping.declaration(view, me, legal)
    if phase == fight.REACT:
        return _react(view, battle, me, legal)
    if phase == "battle.spoils" and promises.due_at_win(view):
        return picks.settle_terms(legal)
    return None


def _recruit(view: GameState, battle: Battle, me: int, legal: list[str]) -> str:
    """A principal recruiting: seal the best counter-offer worth it, else ask the seat worth asking with
    the terms it should accept, else fight with what it has."""
    done = "ally none" if "ally none" in legal else "ready"
    stake = stakes.principal_stake(view, battle, me)
    alone = attack.alone(view, battle, me, stake).worth
    takes = []
    means = stake.means - attack.promised(view, me)
    for ask in alliance.counters(battle, me):
        command = f"ally take {ask.seat + 1}"
        credits = sum(i.amount for i in ask.counter if i.kind == "credits")
        if command in legal and credits <= means:
            value = attack.with_seat(view, battle, me, ask.seat, stake, credits)
            takes.append((value, command))
    if takes and max(takes)[0] >= alone + attack.ASK_GAIN:
        return max(takes)[1]
    if any(c.startswith("ally ask ") for c in legal) and not worth.at_infamy(view, me):
        plan = attack.best_ask(view, battle, me, stake, alone)
        if plan is not None and f"ally ask {plan.seat + 1}" in legal:
            return f"ally ask {plan.seat + 1} for {plan.credits}c"
    return done if done in legal else legal[0]


def _declare(view: GameState, battle: Battle, me: int, legal: list[str]) -> str:
    """The attacker's own declaration, live: Berserker Grog, then the Metal Faktor die, then `roll`."""
    stake = stakes.principal_stake(view, battle, me)
    if battle.traitor is not None:
        stake = stakes.Stake(stake.win, worth.damage_cost(view, me, 1))
    best = attack.declaring(view, battle, me, stake, terms=0.0 if battle.traitor is not None
                            else stakes.owed_terms(view, me))
    if best.grog and f"play {GROG}" in legal:
        return f"play {GROG}"
    if best.mf and "mf yes" in legal:
        return "mf yes"
    return "roll"


def _react(view: GameState, battle: Battle, me: int, legal: list[str]) -> str:
    """The attacker's reaction, live: a reroll card when the chance it gives is worth the card; a Smoke
    Screen when the damage it saves is."""
    stake = stakes.principal_stake(view, battle, me)
    loss = worth.damage_cost(view, me, 1 if battle.traitor is not None else stakes.dots(battle))
    if battle.kind == "challenge":
        loss = stake.loss
    if battle.step == SMOKE_STEP:
        if "play S04" in legal and loss >= worth.improvement_worth(view, me, "S04"):
            return "play S04"
        return "pass"
    if battle.step != REACT_STEP:
        return "pass"
    win = stake.win - (0.0 if battle.traitor is not None else stakes.owed_terms(view, me))
    best, choice = 0.0, "pass"
    rerolls = (("S03", after_die_reroll(view, battle, attacking=True)), ("S01", after_jones(view, battle)))
    for card, p in rerolls:
        if f"play {card}" in legal:
            gain = float(p) * (win + loss) - worth.improvement_worth(view, me, card)
            if gain > best:
                best, choice = gain, f"play {card}"
    return choice
