"""The roll, the scores and the reaction pass (rules.md, "The roll"): the orange die for the attacking
side, the gray one for the defending side, then every declared Metal Faktor die; one pass of reroll cards
in a fixed order, each participant at most once and only while its side is losing; then Smoke Screens
for the losing side. The result goes to outcome.py.

Roll order (fixed, so a replay and a test can feed the dice): orange, gray, then the Metal Faktor dice of
the attacking principal, its allies in seat order from the active seat, then the defending side (the
traitor; or the challenged seat, then its allies in the same order). A reroll rolls in that same order."""

from __future__ import annotations

from dataclasses import replace

from games.kinds.protocol import Dice, Event, Refused

from . import cards, choices, outcome
from .battle_state import ATTACK, DEFEND, REACT_STEP, SMOKE_STEP, Battle, Declaration
from .sides import attacking_side, defending_seats, in_order
from .state import MF_FACES, GameState

REACT = "battle.react"
JONES = "S01"  # rerolls every die of the battle
LOADED_DICE = "S03"  # rerolls its side's battle die
SMOKE_SCREEN = "S04"  # no damage for its holder when its side loses
REROLLS = (JONES, LOADED_DICE)
HUNTER_KILLER = "E04"  # +2 against a Pirate Hunter
HUNTER_KILLER_BONUS = 2
RED_MARAUDER_BONUS = 1  # the B3 perk: +1 as the challenger
DIE_SIDES = 6


def _battle(state: GameState) -> Battle:
    if state.battle is None:
        raise ValueError("no battle is in progress")
    return state.battle


def mf_face(battle: Battle, seat: int) -> int:
    return dict(battle.mf_rolls).get(seat, 0)


def _grog(battle: Battle, seat: int) -> int:
    decl = battle.declaration(seat) or Declaration(seat)
    return sum(cards.IMPROVEMENTS[c].amount for c in decl.play)


def target_power(battle: Battle) -> int:
    if battle.kind == "planet":
        power = cards.PLANETS[battle.target].power
        assert power is not None
        return power
    return cards.STARSHIPS[battle.target].power


# One term of a side's score: the seat it comes from (None: the card or planet fought, or a bonus), what
# it is, and its value (the Metal Faktor debt counts against).
Part = tuple[int | None, str, int]


def score_parts(state: GameState, battle: Battle) -> tuple[list[Part], list[Part]]:
    """Both sides' scores without the battle dice, term by term (rules.md, "The roll"): everything
    declared, the Metal Faktor faces rolled. base_scores adds them up; the page shows them."""
    attacker = battle.attacker
    attack: list[Part] = [(attacker, "main power", main_power(state, battle, attacker)),
                          (attacker, "Metal Faktor die", mf_face(battle, attacker)),
                          (attacker, "Berserker Grog", _grog(battle, attacker)),
                          (attacker, "Metal Faktor debt", -battle.debt)]
    for ally in attacking_side(battle)[1:]:
        attack += _ally_parts(state, battle, ally)
    ship = cards.STARSHIPS.get(battle.target)
    if (battle.kind in ("space", "karokum") and ship is not None and ship.hunter
            and HUNTER_KILLER in state.seats[attacker].improvements):
        attack.append((attacker, "Hunter Killer against a Pirate Hunter", HUNTER_KILLER_BONUS))
    if battle.kind == "challenge" and state.options.perks and state.seats[attacker].base == "B3":
        attack.append((attacker, "Red Marauder's perk", RED_MARAUDER_BONUS))
    defend: list[Part]
    if battle.challenged is not None:
        challenged = battle.challenged
        defend = [(challenged, "main power", main_power(state, battle, challenged)),
                  (challenged, "Metal Faktor die", mf_face(battle, challenged)),
                  (challenged, "Berserker Grog", _grog(battle, challenged))]
        for ally in battle.defenders:
            defend += _ally_parts(state, battle, ally)
    else:
        defend = [(None, "power", target_power(battle))]
        if battle.traitor is not None:
            # A traitor adds its S and its Metal Faktor only (rules.md, "The roll": the score table).
            defend += _ally_parts(state, battle, battle.traitor)[:2]
    return attack, defend


def main_power(state: GameState, battle: Battle, seat: int) -> int:
    """The seat's M in this battle: as it stood when the result was fixed, once it is (the settlement's
    damage, or a card taken as spoils, changes it after), else as it stands."""
    return dict(battle.powers).get(seat, state.main_power(seat))


def _ally_parts(state: GameState, battle: Battle, ally: int) -> list[Part]:
    support = state.support_power(ally, main_power(state, battle, ally))
    return [(ally, "support power", support),
            (ally, "Metal Faktor die", mf_face(battle, ally)), (ally, "Berserker Grog", _grog(battle, ally))]


def base_scores(state: GameState, battle: Battle) -> tuple[int, int]:
    """Both sides' scores without the battle dice: everything declared, the Metal Faktor faces rolled."""
    attack, defend = score_parts(state, battle)
    return total(attack), total(defend)


def total(parts: list[Part]) -> int:
    """A side's score from its terms (score_parts)."""
    return sum(value for _, _, value in parts)


def scores(state: GameState, battle: Battle) -> tuple[int, int]:
    """(the attacking side's score, the defending side's), dice included."""
    attack, defend = base_scores(state, battle)
    return attack + battle.orange, defend + battle.gray


def _face(dice: Dice) -> int:
    return MF_FACES[_die(dice) - 1]


def _die(dice: Dice) -> int:
    value = int(dice.roll(DIE_SIDES))
    if not 1 <= value <= DIE_SIDES:
        raise ValueError(f"a six-sided die gave {value}")
    return value


def _set_faces(state: GameState, rolls: tuple[tuple[int, int], ...]) -> GameState:
    for seat, face in rolls:
        state = state.with_seat(seat, replace(state.seats[seat], mf=face))
    return state


def roll(state: GameState, events: list[Event], dice: Dice) -> tuple[GameState, list[Event]]:
    """Every declaration is in: the dice roll; Berserker Grog cards played are used up; the reaction
    pass follows."""
    battle = _battle(state)
    orange, gray = _die(dice), _die(dice)
    rolls = []
    for seat in in_order(state, battle):
        decl = battle.declaration(seat)
        if decl is not None and decl.mf:
            rolls.append((seat, _face(dice)))
    state = _set_faces(state, tuple(rolls))
    for seat in in_order(state, battle):
        decl = battle.declaration(seat) or Declaration(seat)
        for card in decl.play:
            state = _use(state, seat, card)
    # The last declaration step stays set until react() closes it (at the result, or the live decision).
    battle = replace(battle, orange=orange, gray=gray, mf_rolls=tuple(rolls))
    state = replace(state, battle=battle, phase=REACT)
    attack, defend = scores(state, battle)
    event: Event = {"type": "roll", "orange": orange, "gray": gray, "mf": [[s, f] for s, f in rolls],
                    "attack": attack, "defend": defend}
    return react(state, [*events, event], dice)


def _use(state: GameState, seat: int, card: str) -> GameState:
    """A support card used: from the seat's hand to the Bazaar pile."""
    player = state.seats[seat]
    held = list(player.improvements)
    held.remove(card)
    return choices.put_away(state.with_seat(seat, player.with_improvements(tuple(held))), card)


def losing(state: GameState, battle: Battle, seat: int) -> bool:
    """The seat's side is losing as the dice stand (the attacking side wins ties)."""
    attack, defend = scores(state, battle)
    if seat in attacking_side(battle):
        return attack < defend
    return attack >= defend


def reroll_cards(state: GameState, battle: Battle, seat: int) -> tuple[str, ...]:
    """The reroll cards the seat may use now: its own, not locked, once per battle, while losing."""
    if seat in battle.rerolled or seat == battle.traitor or not losing(state, battle, seat):
        return ()
    return tuple(c for c in dict.fromkeys(state.seats[seat].improvements)
                 if c in REROLLS and c not in battle.locked)


def smoke_cards(state: GameState, battle: Battle, seat: int) -> tuple[str, ...]:
    if seat == battle.traitor or SMOKE_SCREEN in battle.locked:
        return ()
    return (SMOKE_SCREEN,) if SMOKE_SCREEN in state.seats[seat].improvements else ()


def _reroll(state: GameState, seat: int, card: str, dice: Dice) -> tuple[GameState, Event]:
    battle = _battle(state)
    state = _use(state, seat, card)
    if card == JONES:
        orange, gray = _die(dice), _die(dice)
        rolls = tuple((s, _face(dice)) for s, _old in battle.mf_rolls)
        state = _set_faces(state, rolls)
        battle = replace(battle, orange=orange, gray=gray, mf_rolls=rolls)
    elif seat in attacking_side(battle):
        battle = replace(battle, orange=_die(dice))
    else:
        battle = replace(battle, gray=_die(dice))
    battle = replace(battle, rerolled=(*battle.rerolled, seat))
    state = replace(state, battle=battle)
    attack, defend = scores(state, battle)
    return state, {"type": "reroll", "seat": seat, "card": card, "orange": battle.orange, "gray": battle.gray,
                   "mf": [[s, f] for s, f in battle.mf_rolls], "attack": attack, "defend": defend}


def react(state: GameState, events: list[Event], dice: Dice | None) -> tuple[GameState, list[Event]]:
    """The reaction pass goes on from where it stands: the active seat decides live (the game waits);
    every other participant uses a reroll card it armed when its side is losing at its place. Then the
    result is fixed, and the losing side's Smoke Screens spare their holders."""
    battle = _battle(state)
    for seat in in_order(state, battle):
        if seat in battle.passed or seat == battle.traitor:
            continue
        if seat == battle.attacker:
            if reroll_cards(state, battle, seat):
                return replace(state, battle=replace(battle, step=REACT_STEP)), events
        else:
            decl = battle.declaration(seat) or Declaration(seat)
            armed = tuple(c for c in decl.arm if c in reroll_cards(state, battle, seat))
            if armed:
                if dice is None:
                    raise ValueError("a reroll needs dice")
                state, event = _reroll(state, seat, armed[0], dice)
                events = [*events, event]
        battle = _battle(state)
        battle = replace(battle, passed=(*battle.passed, seat))
        # Kept in the state for the record only: `passed` is read for the attacker alone, the first seat
        # in order, so a seat after it is never looked up again.
        state = replace(state, battle=battle)  # pragma: no mutate (see above)
    attack, defend = scores(state, battle)
    winner = ATTACK if attack >= defend else DEFEND
    powers = tuple((seat, state.main_power(seat)) for seat in in_order(state, battle))
    battle = replace(battle, winner=winner, step="", powers=powers)
    state = replace(state, battle=battle)
    losers = attacking_side(battle) if winner == DEFEND else tuple(
        s for s in defending_seats(battle) if s != battle.traitor)
    for seat in losers:
        if seat == battle.attacker:
            continue
        decl = battle.declaration(seat) or Declaration(seat)
        if SMOKE_SCREEN in decl.arm and smoke_cards(state, battle, seat):
            state = _use(state, seat, SMOKE_SCREEN)
            battle = replace(_battle(state), smoke=(*_battle(state).smoke, seat))
            state = replace(state, battle=battle)
            events = [*events, {"type": "smoke", "seat": seat}]
    events = [*events, {"type": "result", "attack": attack, "defend": defend, "winner": winner}]
    if battle.attacker in losers and smoke_cards(state, battle, battle.attacker):
        return replace(state, battle=replace(battle, step=SMOKE_STEP)), events
    return outcome.settle(state, events)


def command(state: GameState, seat: int, verb: str, text: str,
            dice: Dice | None) -> tuple[GameState, list[Event]]:
    """The active seat's live reaction: `play <card>` or `pass` (battle.py routes no other verb here)."""
    battle = _battle(state)
    if seat != battle.attacker or battle.step not in (REACT_STEP, SMOKE_STEP):
        raise Refused("The reaction pass runs by itself now: armed cards play as their holders ordered.")
    if verb == "pass":
        if text:
            raise Refused("`pass` takes nothing after it.")
        if battle.step == SMOKE_STEP:
            # The step closes to keep the state whole (invariants.py, "battle step"), though no caller sees
            # it: the attacker's side lost, and a lost battle ends within this settlement.
            closed = replace(state, battle=replace(battle, step=""))  # pragma: no mutate (see above)
            return outcome.settle(closed, [{"type": "pass", "seat": seat}])
        # react() closes the step: it ends at the result, or at the Smoke Screen's live decision.
        state = replace(state, battle=replace(battle, passed=(*battle.passed, seat)))
        return react(state, [{"type": "pass", "seat": seat}], dice)
    if battle.step == SMOKE_STEP:
        card = cards.find(text, smoke_cards(state, battle, seat), "your Smoke Screen")
        state = _use(state, seat, card)
        battle = replace(_battle(state), smoke=(*battle.smoke, seat), step="")
        return outcome.settle(replace(state, battle=battle), [{"type": "smoke", "seat": seat}])
    card = cards.find(text, reroll_cards(state, battle, seat), "your reroll cards")
    if dice is None:
        raise ValueError("a reroll needs dice")
    state, event = _reroll(state, seat, card, dice)
    battle = _battle(state)
    state = replace(state, battle=replace(battle, passed=(*battle.passed, seat)))
    return react(state, [event], dice)


def legal(state: GameState, seat: int) -> list[str]:
    battle = _battle(state)
    if seat != battle.attacker or state.phase != REACT:
        return []
    if battle.step == REACT_STEP:
        return [f"play {c}" for c in reroll_cards(state, battle, seat)] + ["pass"]
    if battle.step == SMOKE_STEP:
        return [f"play {c}" for c in smoke_cards(state, battle, seat)] + ["pass"]
    return []
