"""What holds in every state the rules can reach (rules.md, "What always holds"): `check(state)` raises
AssertionError naming the first broken invariant. The tests run it after every command they play."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from . import cards
from .cases import pending_jurors
from .records import GUILTY, VOTE
from .setup import HOUSE_RULE_PLAYERS, PLAYER_COUNTS
from .state import (
    BATTLE_PHASES,
    IMPROVEMENT_LIMIT,
    MAX_DAMAGE,
    MAX_JP,
    MF_FACES,
    OCG_SPOTS,
    OVER,
    PHASES,
    REST,
    SETUP,
    TOTAL_CREDITS,
    TROPHIES_DEALT,
    TROPHY_LIMIT,
    GameState,
    rated_power,
)


def _fail(name: str, detail: str) -> None:
    raise AssertionError(f"invariant '{name}' broken: {detail}")


def _once(name: str, every: Iterable[str], zones: Mapping[str, Iterable[str]]) -> None:
    """Each card of `every` lies in exactly one of `zones`, once, and nothing else lies in them."""
    where: dict[str, list[str]] = {}
    for zone, ids in zones.items():
        for card in ids:
            where.setdefault(card, []).append(zone)
    expected = set(every)
    missing = sorted(expected - set(where))
    if missing:
        _fail(name, f"{', '.join(missing)} in no zone")
    strays = sorted(set(where) - expected)
    if strays:
        _fail(name, f"{', '.join(strays)} in {', '.join(sorted({z for c in strays for z in where[c]}))}, "
                    "which do not hold such cards")
    twice = sorted(card for card, zones_of in where.items() if len(zones_of) > 1)
    if twice:
        _fail(name, "; ".join(f"{card} in {', '.join(where[card])}" for card in twice))


def check(state: GameState) -> None:
    """Every invariant, in turn; the first broken one raises AssertionError naming it."""
    _shape(state)
    _credits(state)
    _cards(state)
    _limits(state)
    _space_deck(state)
    _battle(state)
    _setup(state)
    _rest(state)
    _cases(state)


def _shape(state: GameState) -> None:
    n = state.players
    if n not in PLAYER_COUNTS and not (n == HOUSE_RULE_PLAYERS and state.options.two_player_house_rule):
        _fail("player count", f"{n} seats (3 to 6; 2 only with the house rule)")
    if state.phase not in PHASES:
        _fail("phase", repr(state.phase))
    if len(state.dealt) != n or len(state.chosen) != n:
        _fail("setup", "dealt and chosen need one entry per seat")
    if not 0 <= state.active < n:
        _fail("active seat", f"seat index {state.active} of {n}")
    if state.phase == SETUP:
        if state.turn != 0:
            _fail("turn", f"turn {state.turn} while setting up (0)")
    elif state.turn < 1:
        _fail("turn", f"turn {state.turn} after setup")
    elif state.phase != OVER and state.seats[state.active].out:
        _fail("active seat", f"seat {state.active + 1} is out of the game")


def _credits(state: GameState) -> None:
    holders = {f"seat {i + 1}": seat.credits for i, seat in enumerate(state.seats)}
    holders.update({"Exxalia": state.treasuries.exxalia, "Bazaar": state.treasuries.bazaar,
                    "Karokum": state.treasuries.karokum, "the Pot": state.pot, "the bank": state.bank})
    negative = [f"{who} {amount}" for who, amount in holders.items() if amount < 0]
    if negative:
        _fail("credits", f"below 0: {', '.join(negative)}")
    total = sum(holders.values())
    if total != TOTAL_CREDITS:
        _fail("credits", f"they sum to {total}, not {TOTAL_CREDITS}")


def _cards(state: GameState) -> None:
    """Each of the 68 Space cards, 18 trophies and 24 improvements is in exactly one zone, and every
    zone holds only cards of its own sort."""
    trophies: dict[str, Iterable[str]] = {"the Trophy deck": state.trophy_deck}
    for n, choice in enumerate(state.choices):
        zone = f"choice {n + 1}"
        if choice.kind == "trophy":
            trophies[zone] = choice.cards
    for i, seat in enumerate(state.seats):
        trophies[f"seat {i + 1}'s hand"] = seat.trophies
        trophies[f"seat {i + 1}'s dealt trophies"] = state.dealt[i]
    _once("each trophy in one zone", cards.TROPHIES, trophies)
    improvements: dict[str, Iterable[str]] = {
        "the Improvement deck": state.improvement_deck,
        "the OCG row": [c for c in state.ocg_row if c is not None], "the Bazaar pile": state.bazaar_pile}
    for n, choice in enumerate(state.choices):
        if choice.kind == "discard":
            improvements[f"choice {n + 1}"] = choice.cards
    for i, seat in enumerate(state.seats):
        improvements[f"seat {i + 1}'s improvements"] = seat.improvements
    _once("each improvement in one zone", cards.IMPROVEMENTS, improvements)
    # Nothing but Space cards ever leaves the game: trophies and improvements always go back to a deck or
    # a pile (rules.md, "What always holds").
    space: dict[str, Iterable[str]] = {
        "the Space deck": state.space_deck, "the Space area": state.space_area,
        "the Karokum pile": state.karokum_pile, "out of the game": state.out_of_game}
    for i, seat in enumerate(state.seats):
        space[f"seat {i + 1}'s wrecks"] = seat.wrecks
    _once("each Space card in one zone", cards.SPACE_CARDS, space)
    events_where = [c for c in (*state.space_area, *state.karokum_pile,
                                *(w for seat in state.seats for w in seat.wrecks)) if c in cards.EVENTS]
    if events_where:
        _fail("each Space card in one zone", f"event {', '.join(events_where)} where only starships go")
    support_wrong = [c for c in state.bazaar_pile if cards.IMPROVEMENTS[c].equipment]
    if support_wrong:
        _fail("each improvement in one zone", f"equipment {', '.join(support_wrong)} on the Bazaar pile")
    if len(state.ocg_row) != OCG_SPOTS:
        _fail("OCG row", f"{len(state.ocg_row)} spots, not {OCG_SPOTS}")
    if None in state.ocg_row and state.improvement_deck:
        _fail("OCG row", "an empty spot while the Improvement deck still has cards")


def _limits(state: GameState) -> None:
    for i, seat in enumerate(state.seats):
        who = f"seat {i + 1}"
        if len(seat.trophies) > TROPHY_LIMIT:
            _fail("trophies in hand <= 2", f"{who} holds {len(seat.trophies)}")
        if len(seat.improvements) > IMPROVEMENT_LIMIT:
            _fail("improvements <= 4", f"{who} holds {len(seat.improvements)}")
        if not 0 <= seat.damage <= MAX_DAMAGE:
            _fail("0 <= damage <= 4", f"{who} has {seat.damage}")
        if not 0 <= seat.jp <= MAX_JP:
            _fail("0 <= JP <= 4", f"{who} has {seat.jp}")
        if seat.power != rated_power(seat.improvements):
            _fail("R = 8 + equipment", f"{who}'s power wheel shows {seat.power}, its equipment makes "
                                       f"{rated_power(seat.improvements)}")
        if seat.mf not in MF_FACES:
            _fail("Metal Faktor face", f"{who}'s die shows {seat.mf}")
        if seat.base not in cards.BASES:
            _fail("base starship", f"{who} has {seat.base!r}")
    bases = [seat.base for seat in state.seats]
    if len(set(bases)) != len(bases):
        _fail("base starship", "two seats have the same base starship")


def _space_deck(state: GameState) -> None:
    """Blue above red, except the cards R16's case shuffled into the whole deck (`space_mixed`)."""
    mixed = set(state.space_mixed)
    layered = [card for card in state.space_deck if card not in mixed]
    red_seen = None
    for card in layered:
        if not cards.is_blue(card):
            red_seen = red_seen or card
        elif red_seen is not None:
            _fail("blue above red", f"blue {card} lies below red {red_seen}")


def _battle(state: GameState) -> None:
    battle = state.battle
    in_battle = state.phase in BATTLE_PHASES
    if in_battle != (battle is not None):
        _fail("battle", f"phase {state.phase} with {'a' if battle else 'no'} battle recorded")
    if battle is None or battle.kind != "space":
        if state.space_area:
            _fail("Space area empty outside a space battle", f"it holds {', '.join(state.space_area)}")
        if battle is None:
            return
    if len(state.space_area) > 4:
        _fail("Space area", f"{len(state.space_area)} starships face up (at most 4)")
    sides = [battle.attacker, *battle.allies, *battle.defenders]
    if battle.challenged is not None:
        sides.append(battle.challenged)
    if any(not 0 <= s < state.players for s in sides) or len(set(sides)) != len(sides):
        _fail("battle sides", f"a seat twice or no such seat among {[s + 1 for s in sides]}")
    if battle.attacker != state.active:
        _fail("battle sides", "the attacker is not the active seat")
    if (battle.kind == "challenge") != (battle.challenged is not None):
        _fail("battle sides", "a challenge, and only a challenge, has a challenged seat")
    if battle.kind != "challenge" and (len(battle.allies) > 1 or battle.defenders):
        _fail("battle sides", f"a {battle.kind} battle has at most one ally and no defending side")
    # A step is open only while the seats declare or react (battle_state.STEPS): a settled battle has none.
    if battle.step and state.phase not in ("battle.declare", "battle.react"):
        _fail("battle step", f"step {battle.step!r} open in phase {state.phase}")
    # A traitor has left its alliance (its betrayal's JP may be its fourth); once the battle is settled,
    # a principal's broken terms may give it a fourth JP after the alliance did its work.
    if state.phase == "battle.spoils":
        return
    allies = tuple(s for s in (*battle.allies, *battle.defenders) if s != battle.traitor)
    infamous = [s for s in allies if state.seats[s].jp >= MAX_JP]
    if any(a in battle.allies for a in allies) and state.seats[battle.attacker].jp >= MAX_JP:
        infamous.append(battle.attacker)
    # After recruitment the challenged seat may break its own terms (rules.md, R62): its fourth JP then
    # comes after its alliances were sealed, as a principal's may at the settlement.
    if (battle.defenders and battle.challenged is not None and state.seats[battle.challenged].jp >= MAX_JP
            and state.phase == "challenge.recruit"):
        infamous.append(battle.challenged)
    if infamous:
        _fail("4 JP never allied", f"seat {', '.join(str(s + 1) for s in infamous)} at 4 JP in an alliance")


def _setup(state: GameState) -> None:
    for i, seat in enumerate(state.seats):
        who = f"seat {i + 1}"
        dealt, chosen = state.dealt[i], state.chosen[i]
        if state.phase == SETUP and seat.out:
            # A seat that resigned while choosing gave back every trophy it was dealt (rules.md, "Leaving").
            if dealt or seat.trophies or not chosen:
                _fail("setup", f"{who} left the game but still holds trophies of the setup")
        elif state.phase != SETUP:
            if dealt or not chosen:
                _fail("setup", f"{who} still holds dealt trophies or has not chosen after setup")
        elif chosen and (len(dealt) != TROPHIES_DEALT - TROPHY_LIMIT or len(seat.trophies) != TROPHY_LIMIT):
            _fail("setup", f"{who} chose but holds {len(seat.trophies)} and put {len(dealt)} aside")
        elif not chosen and (len(dealt) != TROPHIES_DEALT or seat.trophies):
            _fail("setup", f"{who} has {len(dealt)} dealt and {len(seat.trophies)} kept before choosing")


def _rest(state: GameState) -> None:
    """Choices wait only for a seat still in, during a turn; a resting seat's once-a-turn steps once."""
    for choice in state.choices:
        if state.phase in (SETUP, OVER) or state.seats[choice.seat].out:
            _fail("choices", f"a {choice.kind} choice of seat {choice.seat + 1} in phase {state.phase}")
    if state.turn_done and state.phase != REST:
        _fail("turn_done", f"rest steps {', '.join(state.turn_done)} recorded in phase {state.phase}")
    if len(set(state.turn_done)) != len(state.turn_done):
        _fail("turn_done", f"a step recorded twice: {', '.join(state.turn_done)}")


def _cases(state: GameState) -> None:
    """Open cases (rules.md, "Cases"): between two seats still in, at most one per accuser, numbered in
    order; votes only at the vote, by jurors, once each; a case decided (a guilty plea, a vote every juror
    has cast) is still open only while a battle runs, which defers its verdict."""
    if state.cases and state.phase == SETUP:
        _fail("cases", "a case while the trophies are being chosen")
    numbers = [c.number for c in state.cases]
    if numbers != sorted(set(numbers)) or (numbers and numbers[-1] > state.numbers[2]):
        _fail("cases", f"numbers {numbers} out of order or above the last given, {state.numbers[2]}")
    accusers = [c.accuser for c in state.cases]
    if len(set(accusers)) != len(accusers):
        _fail("cases", f"an accuser with two open cases: {sorted(accusers)}")
    for i, seat in enumerate(state.seats):
        if any(not 0 <= s < state.players or s == i for s in seat.accusations):
            _fail("cases", f"seat {i + 1} accused {[s + 1 for s in seat.accusations]} this round")
    for case in state.cases:
        who = {case.accuser, case.accused}
        if len(who) != 2 or not all(0 <= s < state.players and not state.seats[s].out for s in who):
            _fail("cases", f"{case.name} between seats {case.accuser + 1} and {case.accused + 1}")
        voters = [s for s, _ in case.votes]
        if voters and case.stage != VOTE:
            _fail("cases", f"{case.name} has votes at its {case.stage} stage")
        if len(set(voters)) != len(voters) or who & set(voters):
            _fail("cases", f"{case.name}'s votes: {case.votes}")
        if (case.stage == VOTE) != (case.vote_turn > 0) or (case.vote_turn and case.vote_turn < case.turn):
            _fail("cases", f"{case.name} at {case.stage} with vote_turn {case.vote_turn}")
        decided = case.stage == GUILTY or (case.stage == VOTE and not pending_jurors(state, case))
        if decided and state.phase not in BATTLE_PHASES:
            _fail("cases", f"{case.name} is decided but still open outside a battle")
