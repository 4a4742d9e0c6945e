"""What holds in every state a command can leave behind (rules.md: the zones, the grid, the turn, the
battle): `problems(state)` lists every broken invariant in plain words, [] when all hold. The random-play
tests run it after every command.

Between commands a battle is either over or waiting for a decision: its loser's, or the defender's
timed window in the declaration moment (battle.py `carry_on` runs it as far as it can); an event has
resolved (chain.py `activate` empties the slot); and the turn stands at a step the active seat can act
in: START, DRAW and END run inside the command that reaches them."""

from __future__ import annotations

from collections import Counter

from .cards import DECK_SIZE, DECKS, card, deck_list
from .state import (
    ATTACK,
    DEPLOY,
    MAIN,
    MAX_IN_PLAY,
    OVER,
    PLACE,
    PLACE_POINTS,
    RESTOCK,
    STALL_ROUNDS,
    TURN,
    GameState,
    Seat,
    code_of,
    label_of,
)

ACTING_STEPS = (MAIN, DEPLOY, ATTACK, RESTOCK)


def problems(state: GameState) -> list[str]:
    """Every invariant the state breaks, each in one line; [] when the state is sound."""
    found: list[str] = []
    found += _seats(state)  # pragma: no mutate (found is empty: `=` gives the same list)
    found += _phase(state)
    found += _battle(state)
    found += _marks(state)
    return found


def _zones(seat: Seat) -> dict[str, list[str]]:
    zones = {"hand": seat.hand, "draw": seat.draw, "discard": seat.discard, "lost": seat.lost,
             "reserve": seat.reserve}
    for c, column in enumerate(seat.columns, 1):
        zones[f"column {c}"] = column.cards
    zones["event slot"] = [seat.event] if seat.event is not None else []
    zones["battle slot"] = [seat.bonus] if seat.bonus is not None else []
    return zones


def _expected_ids(seat: Seat) -> set[str] | None:
    """The ids of the seat's 45 cards, as setup.py numbers them (None for a deck the site does not ship)."""
    if seat.deck not in DECKS:
        return None
    counts: Counter[str] = Counter()
    ids = set()
    for code in deck_list(DECKS[seat.deck]):
        counts[code] += 1
        ids.add(f"p{seat.label}-{code}-{counts[code]}")
    return ids


def _seats(state: GameState) -> list[str]:
    found: list[str] = []
    labels = sorted(seat.label for seat in state.seats)
    if labels != state.labels():
        found.append(f"seat labels {labels}, not 1..{len(state.seats)}")
    if sorted(state.order) != list(range(len(state.seats))):
        found.append(f"turn order {state.order} is not a permutation of the lobby seats")
    for seat in state.seats:
        name = f"p{seat.label}"
        where: dict[str, list[str]] = {}
        for zone, ids in _zones(seat).items():
            for card_id in ids:
                where.setdefault(card_id, []).append(zone)
        twice = sorted(c for c, zones in where.items() if len(zones) > 1)
        if twice:
            found.append(f"{name}: cards in two places: " + "; ".join(f"{c} in {', '.join(where[c])}"
                                                                        for c in twice))
        count = sum(len(ids) for ids in _zones(seat).values())
        if count != DECK_SIZE:
            found.append(f"{name}: {count} cards across its zones, not {DECK_SIZE}")
        strangers = sorted(c for c in where if label_of(c) != seat.label)
        if strangers:
            found.append(f"{name}: holds other seats' cards {', '.join(strangers)}")
        expected = _expected_ids(seat)
        if expected is not None and set(where) != expected:
            missing = sorted(expected - set(where))
            extra = sorted(set(where) - expected)
            found.append(f"{name}: cards missing {missing}, cards not of its deck {extra}")
        found += _grid(state, seat)
        for card_id in seat.reserve + seat.in_play():
            if card(code_of(card_id)).is_event:
                found.append(f"{name}: event {card_id} in its reserve or play area")
        if seat.status not in ("in", "out"):
            found.append(f"{name}: status {seat.status!r}")
        if seat.resigned and seat.status != "out":
            found.append(f"{name}: resigned but still in")
        if not 0 <= seat.placed <= PLACE_POINTS:
            found.append(f"{name}: placed {seat.placed} points (0 to {PLACE_POINTS})")
        if seat.attacks_made != len(seat.attacked) or len(set(seat.attacked)) != len(seat.attacked):
            found.append(f"{name}: {seat.attacks_made} attacks made but attacked {seat.attacked}")
        if seat.label in seat.attacked:
            found.append(f"{name}: attacked itself")
    return found


def _grid(state: GameState, seat: Seat) -> list[str]:
    found: list[str] = []
    name = f"p{seat.label}"
    if len(seat.columns) != 3:
        found.append(f"{name}: {len(seat.columns)} column slots, not 3")
    if len(seat.in_play()) > MAX_IN_PLAY:
        found.append(f"{name}: {len(seat.in_play())} cards in play (at most {MAX_IN_PLAY})")
    for c, column in enumerate(seat.columns, 1):
        if column.safe and not column.cards:
            found.append(f"{name}: empty column {c} marked safe")
    # A grid may stand illegal only while its owner is asked to restore it, or to pay damage first
    # (battle.py `aftermath` restores it after the payment).
    decision = state.decision
    waiting = decision is not None and decision.label == seat.label
    width = sum(1 for column in seat.columns if column.cards)
    deep = [len(column.cards) for column in seat.columns if len(column.cards) > width]
    if seat.status == "in" and state.phase != OVER and not waiting and deep:
        found.append(f"{name}: a column of {max(deep)} with {width} column(s) in use")
    return found


def _phase(state: GameState) -> list[str]:
    found: list[str] = []
    if state.phase not in (PLACE, TURN, OVER):
        found.append(f"phase {state.phase!r}")
    if (state.result is not None) != (state.phase == OVER):
        found.append(f"result {'set' if state.result is not None else 'missing'} in phase {state.phase}")
    if state.phase == OVER:
        if state.battle is not None or state.decision is not None:
            found.append("the game is over with a battle or decision open")
        if state.result is not None:
            placed = sorted(x for place in state.result.get("places", []) for x in place)
            if placed != state.labels():
                found.append(f"the ranking places {placed}, not every seat once")
        return found
    if not 1 <= state.active <= len(state.seats):
        found.append(f"active seat p{state.active} does not exist")
        return found
    active = state.seat(state.active)
    if active.status != "in":
        found.append(f"active seat p{state.active} is out")
    if len(state.live()) < 2:
        found.append(f"only {len(state.live())} seat(s) in, and the game goes on")
    if not 0 <= state.stall < STALL_ROUNDS:
        found.append(f"stall count {state.stall} (0 to {STALL_ROUNDS - 1} while the game goes on)")
    for seat in state.seats:
        if seat.event is not None:
            found.append(f"p{seat.label}: event {seat.event} left in its slot between commands")
    if state.phase == PLACE:
        if state.battle is not None or state.decision is not None:
            found.append("a battle or decision during the initial deployment")
        if active.placing_done:
            found.append(f"placement turn with p{state.active}, which is done placing")
        if not any(seat.status == "in" and not seat.placing_done for seat in state.seats):
            found.append("every seat is done placing, and the turns have not begun")
        if state.turn != 0:
            found.append(f"turn {state.turn} during the initial deployment")
    elif state.phase == TURN:
        placing = [seat.label for seat in state.seats if seat.status == "in" and not seat.placing_done]
        if placing:
            found.append(f"turns have begun while {placing} are still placing")
        if state.step not in ACTING_STEPS:
            found.append(f"the turn waits at step {state.step!r}, where nobody can act")
        if state.turn < 1:
            found.append(f"turn {state.turn} in the turn phase")
        if state.step == DEPLOY and not active.reserve:
            found.append("step DEPLOY with an empty reserve")
        if state.step == DEPLOY and active.attacks_made:
            found.append("back in DEPLOY after attacking")
    return found


def _battle(state: GameState) -> list[str]:
    found: list[str] = []
    fight = state.battle
    decision = state.decision
    if state.phase != TURN:
        return found
    if (fight is None) != (decision is None):
        found.append(f"battle {'open' if fight else 'none'} but decision {'open' if decision else 'none'}: "
                     "between commands a battle waits only for its loser's decision")
    bonus_ok = fight is not None and fight.stage == "paying"
    for seat in state.seats:
        if seat.bonus is not None and not bonus_ok:
            found.append(f"p{seat.label}: bonus card {seat.bonus} outside a battle's payment")
    if fight is not None:
        if state.step != ATTACK:
            found.append(f"a battle at step {state.step!r}")
        if fight.attacker != state.active:
            found.append(f"a battle attacked by p{fight.attacker}, not the active p{state.active}")
        if fight.defender == fight.attacker or fight.defender not in state.labels():
            found.append(f"a battle against p{fight.defender}")
        if fight.card not in state.marked:
            found.append(f"the attacking card {fight.card} is not marked")
    if decision is not None:
        if decision.kind not in ("pay", "grid", "react"):
            found.append(f"decision of kind {decision.kind!r}")
        if fight is not None and decision.kind == "react":
            if fight.defender != decision.label or fight.stage != "declared" or fight.stopped:
                found.append(f"p{decision.label}'s window, but p{fight.defender} defends a battle at stage "
                             f"{fight.stage!r}")
            if state.options.window_minutes <= 0:
                found.append("a timed window in a game without windows")
        elif fight is not None:
            if fight.loser != decision.label:
                found.append(f"p{decision.label} decides, but p{fight.loser} lost the battle")
            stage = {"pay": "paying", "grid": "grid"}.get(decision.kind)
            if fight.stage != stage:
                found.append(f"a {decision.kind} decision at battle stage {fight.stage!r}")
            if decision.kind == "pay" and fight.owed <= 0:
                found.append(f"a pay decision with {fight.owed} owed")
        if decision.window != (decision.label != state.active):
            found.append("a timed window for the active seat, or a wait for another seat")
        if state.seat(decision.label).status != "in":
            found.append(f"p{decision.label} decides, but is out")
    return found


def _marks(state: GameState) -> list[str]:
    """Marked cards: the active seat's attacking cards this turn, one each, at most one per attack made.
    A marked card in play must stand in the active seat's grid; one may also have left play (a lost
    battle's stake, a damage payment), and the mark then means nothing until END clears it."""
    found: list[str] = []
    # With no such active seat there are no marks to check against it (`_phase` names that break).
    if state.phase != TURN or not 1 <= state.active <= len(state.seats):
        return found
    if len(set(state.marked)) != len(state.marked):
        found.append(f"a card marked twice: {state.marked}")
    active = state.seat(state.active)
    for card_id in state.marked:
        if label_of(card_id) != state.active:
            found.append(f"{card_id} marked, but it is not the active seat's card")
        elif card_id not in active.in_play() and not any(card_id in z for z in (active.lost, active.discard,
                                                                               active.draw, active.hand,
                                                                               active.reserve)):
            found.append(f"marked {card_id} is nowhere in p{state.active}'s zones")
    if len(state.marked) > active.attacks_made:
        found.append(f"{len(state.marked)} marked cards after {active.attacks_made} attacks")
    return found
