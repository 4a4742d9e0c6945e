"""A battle, from its declaration to its report (rules.md, "Battles"): the attack line checked whole, the
declaration moment (in-line uses, then the standing orders in polling rounds), the bonus cards, the
totals, the stake card, the damage payment and the aftermath."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.kinds.protocol import Refused

from . import chain, damage, grid, payment, piles
from .cards import Ability, card
from .context import Action, Ctx
from .orders import Moment, wants
from .state import Battle, Decision, GameState, Seat, code_of
from .words import column as column_word


@dataclass
class Use:
    """An in-line use of an attack line: `+ <ref> [<ability>] [paying <cards>]`."""

    card: str
    ability: Ability
    paying: list[str] | None


def attackers(state: GameState, label: int) -> list[str]:
    """The seat's cards that may be the attacking card now: upright, able to attack, not yet marked."""
    seat = state.seat(label)
    return [c for column in seat.columns if not column.safe
            for c in column.cards
            if card(code_of(c)).can_attack and c not in state.marked]


def could_attack(seat: Seat) -> bool:
    """Whether any card in play could initiate an attack (the 1-card penalty instead of 2)."""
    return any(card(code_of(c)).can_attack
               for column in seat.columns if not column.safe for c in column.cards)


def defenders(state: GameState, label: int) -> list[int]:
    seat = state.seat(label)
    return [x for x in state.after(label) if x not in seat.attacked]


def targets(state: GameState, defender: int) -> list[str]:
    """The defender's cards that may be attacked: in columns that are not safe, Guard cards first."""
    seat = state.seat(defender)
    found = []
    for column in seat.columns:
        if column.safe or not column.cards:
            continue
        guards = [c for c in column.cards if card(code_of(c)).guard]
        found.extend(guards or column.cards)
    return found


def check_target(state: GameState, label: int, attacker_card: str, defender: int, target: str) -> None:
    seat = state.seat(label)
    name = card(code_of(attacker_card)).name
    place = grid.where(seat, attacker_card)
    assert place is not None
    if seat.columns[place[0] - 1].safe:
        raise Refused(f"{name} is in a safe column: cards in safety cannot attack")
    if not card(code_of(attacker_card)).can_attack:
        raise Refused(f"{name} cannot initiate attacks")
    if attacker_card in state.marked:
        raise Refused(f"{name} has attacked this turn already")
    # The defender itself (not yourself, still in, not attacked by you this turn) is checked by the
    # attack line's reader, commands.py `_attack`, before it reads the target's address: that is the one
    # way here, so those checks are not repeated.
    other = state.seat(defender)
    where = grid.where(other, target)
    assert where is not None
    column = other.columns[where[0] - 1]
    if column.safe:
        raise Refused(f"p{defender}'s column {where[0]} is safe from attacks")
    guards = [c for c in column.cards if card(code_of(c)).guard]
    if guards and target not in guards:
        raise Refused(f"{card(code_of(guards[0])).name} guards p{defender}'s column {where[0]}: attack it")


def declare(ctx: Ctx, label: int, attacker_card: str, defender: int, target: str, paying: list[str] | None,
            uses: Sequence[Use]) -> None:
    """The whole attack line: checked first (nothing changes on a refusal), then played out."""
    state = ctx.state
    seat = state.seat(label)
    check_target(state, label, attacker_card, defender, target)
    paid = payment.choose(seat, 1, paying)
    # The in-line uses are checked on a scratch copy, payments in the order written, before anything
    # is announced: a refused line must change nothing and tell nobody anything.
    trial = Ctx(state.copy(), ctx.dice)  # pragma: no mutate (the trial draws nothing: no dice read)
    _open(trial, label, attacker_card, defender, target, paid)
    for use in uses:
        scratch_card = use.card
        if use.ability.timing != "during_attacks":
            # The declaration moment is the window for "during attacks" only (rules.md, "Declaring an
            # attack"): an own-turn ability such as brood is used apart, with `use`.
            raise Refused(f"{card(code_of(scratch_card)).name} is not used during attacks: "
                          "only \"during attacks\" abilities and events follow +")
        why = chain.why_not(trial, label, scratch_card, use.ability)
        if why is not None:
            raise Refused(why)
        trial_seat = trial.state.seat(label)
        trial_paid = payment.choose(trial_seat, use.ability.cost, use.paying,
                                    exclude=scratch_card)
        payment.pay(trial.state.seat(label), trial_paid)
        if use.ability.source == "hand":
            trial.state.seat(label).hand.remove(scratch_card)
        else:
            trial.state.used[scratch_card] = trial.state.turn
    _open(ctx, label, attacker_card, defender, target, paid)
    for use in uses:
        used_paid = payment.choose(seat, use.ability.cost, use.paying, exclude=use.card)
        chain.activate(ctx, label, use.card, use.ability, used_paid)
        # Only Torpor Spores answers a use, and it aims at that use (chain.py, respond and try_orders):
        # nothing stops the attack itself here yet, so this guard for a future stop cannot trip.
        if ctx.action is not None and ctx.action.stopped:  # pragma: no mutate (cannot trip, as above)
            break  # pragma: no mutate (as above)
    carry_on(ctx)


def resume(ctx: Ctx) -> None:
    """A later command (the defender's window) picks the battle up: its attack is the action a stop aims
    at again."""
    battle = ctx.state.battle
    if battle is not None and battle.stage == "declared":
        # A declared battle outlives a command only in the defender's window, never stopped (invariants.py
        # `_battle`; a stop in the window ends the battle at once): `stopped` is False here.
        ctx.action = Action("attack", battle.attacker, stopped=battle.stopped)  # pragma: no mutate (above)


def poll_attack(ctx: Ctx) -> bool:
    """The declaration moment's polling rounds (rules.md, "The declaration moment"), resumable: False when
    it stops for the defender's timed window, True when it is over (nothing fired in a round, or the
    attack was stopped)."""
    state = ctx.state
    battle = state.battle
    # carry_on polls only with an action set, in a declared battle: both always hold.
    assert battle is not None and ctx.action is not None  # pragma: no mutate (both always hold)
    if not battle.polling:
        battle.polling, battle.poll = True, [*state.after(state.active), state.active]
        # A first round that fires nothing changes nothing, so one more would fire nothing either: the
        # starting `fired` cannot tell.
        battle.fired = False  # pragma: no mutate (see above)
    while True:
        while battle.poll:
            if ctx.action.stopped:
                return True
            label = battle.poll[0]
            if state.seat(label).status != "in":
                battle.poll.pop(0)
                continue
            if label == battle.defender and not battle.asked and window_for(ctx, label):
                battle.asked = True
                state.decision = Decision(label, "react", window=True)
                ctx.emit({"type": "asked", "seat": label, "kind": "react", "owed": 0})
                return False
            battle.poll.pop(0)
            # The aim matters to Torpor Spores alone, which would take this action anyway (chain.py,
            # try_orders).
            if chain.try_orders(ctx, label, moment(state, label), ctx.action):  # pragma: no mutate (as above)
                battle.fired = True
        if not battle.fired or ctx.action.stopped:
            return True
        battle.poll, battle.fired = [*state.after(state.active), state.active], False


def window_for(ctx: Ctx, label: int) -> bool:
    """Whether the defender is given a timed window to react (rules.md, "Timed windows"): the game has
    windows, the seat asked for them (`ask` on an order that would fire now, or `order window ask`), one
    of its face-up cards in the target column has a "during attacks" ability usable now, and its hand is
    not empty (it can pay). A hand card alone never opens one: pausing would show it holds a reaction."""
    state = ctx.state
    battle = state.battle
    seat = state.seat(label)
    if state.options.window_minutes <= 0 or not seat.hand or battle is None:
        return False
    asked = seat.orders.window_ask or any(o.ask for o in wants(seat.orders, moment(state, label)))
    if not asked:
        return False
    column = seat.columns[battle.target_col - 1]
    return any(ability.timing == "during_attacks" and chain.why_not(ctx, label, c, ability) is None
               for c in column.cards for ability in card(code_of(c)).abilities)


def _open(ctx: Ctx, label: int, attacker_card: str, defender: int, target: str, paid: list[str]) -> None:
    state = ctx.state
    seat = state.seat(label)
    payment.pay(seat, paid)
    where = grid.where(seat, attacker_card)
    target_where = grid.where(state.seat(defender), target)
    assert where is not None and target_where is not None  # pragma: no mutate (both checked in play)
    state.marked.append(attacker_card)
    seat.attacked.append(defender)
    seat.attacks_made += 1
    state.battle = Battle(attacker=label, defender=defender, card=attacker_card, col=where[0], target=target,
                          target_col=target_where[0])
    ctx.action = Action("attack", label)
    ctx.emit({"type": "battle_declared", "seat": label, "card": attacker_card, "col": where[0],
              "defender": defender, "target": target, "target_col": target_where[0], "paid": paid})


def totals(state: GameState) -> tuple[int, int]:
    """The attack and defense totals so far: the columns, their static bonuses and activated bonuses
    (the bonus cards' costs come on top once drawn)."""
    battle = state.battle
    assert battle is not None
    att = state.seat(battle.attacker).columns[battle.col - 1].cards
    dfn = state.seat(battle.defender).columns[battle.target_col - 1].cards
    at = sum(card(code_of(c)).atk + card(code_of(c)).column_bonus("attack") for c in att)
    dt = sum(card(code_of(c)).dfn + card(code_of(c)).column_bonus("defense") for c in dfn)
    at += sum(b[1] for b in battle.bonuses if b[0] == battle.attacker)
    dt += sum(b[1] for b in battle.bonuses if b[0] == battle.defender)
    return at, dt


def moment(state: GameState, me: int) -> Moment:
    battle = state.battle
    assert battle is not None
    at, dt = totals(state)
    mine, theirs = (at, dt) if me == battle.attacker else (dt, at)
    cols: tuple[int, ...] = ()
    if me == battle.attacker:
        cols = (battle.col,)
    elif me == battle.defender:
        cols = (battle.target_col,)
    return Moment(trigger="attack", me=me,
                  by=battle.attacker,  # pragma: no mutate (orders.py matches a battle by `attacker`)
                  attacker=battle.attacker,
                  defender=battle.defender, my_cols=cols,
                  target=code_of(battle.target), mine=mine, theirs=theirs)


def carry_on(ctx: Ctx) -> None:
    """Play the battle on from where it stands until it is over or waits for a decision."""
    state = ctx.state
    battle = state.battle
    if battle is None:
        return
    if battle.stage == "declared":
        if state.decision is not None:
            return
        if not battle.stopped and ctx.action is not None and not poll_attack(ctx):
            return
        if battle.stopped:
            ctx.emit({"type": "battle_stopped", "seat": battle.attacker, "defender": battle.defender})
            state.battle = None
            return
        _fight(ctx, battle)
    if battle.stage == "paying":
        if state.decision is not None:
            return
        if battle.owed > 0:
            if _asks(state, battle.loser):
                state.decision = Decision(battle.loser, "pay", window=battle.loser != state.active)
                ctx.emit({"type": "asked", "seat": battle.loser, "kind": "pay", "owed": battle.owed})
                return
            battle.owed = damage.default_pay(ctx, battle.loser, battle.owed)
        battle.owed = 0
        aftermath(ctx, battle)
    if battle.stage == "grid":
        if state.decision is not None:
            return
        _finish(ctx, battle)


def _asks(state: GameState, label: int) -> bool:
    """Whether the loser is asked: its own `pay ask` in its turn (a wait), or a timed window out of turn."""
    orders = state.seat(label).orders
    if label == state.active:
        return orders.pay_ask
    return state.options.window_minutes > 0 and (orders.pay_ask or orders.window_ask)


def _fight(ctx: Ctx, battle: Battle) -> None:
    state = ctx.state
    # The declaration moment is over. Nothing reads the action again in this command (the rest of the
    # battle polls no orders), and a later command resumes only a declared battle.
    ctx.action = None  # pragma: no mutate (never read again)
    for label in (battle.attacker, battle.defender):
        seat = state.seat(label)
        got = piles.take(state, seat, ctx.dice, ctx.events)
        seat.bonus = got
        ctx.emit({"type": "bonus_card", "seat": label, "card": got})
    at, dt = totals(state)
    at += _cost(state.seat(battle.attacker).bonus)
    dt += _cost(state.seat(battle.defender).bonus)
    battle.report = {"at": at, "dt": dt}
    if at == dt:
        ctx.emit({"type": "battle_tied", "seat": battle.attacker, "defender": battle.defender, "at": at,
                  "dt": dt})
        for label in (battle.attacker, battle.defender):
            seat = state.seat(label)
            if seat.bonus is not None:
                piles.to_lost(state, seat, seat.bonus)
                ctx.emit({"type": "lost", "seat": label, "card": seat.bonus, "from": "bonus", "why": "tie"})
                seat.bonus = None
        battle.stage = "paying"
        battle.owed = 0
        # No loser: the battle ends in this same call (nothing to pay, no grid changed), so any false
        # value would do.
        battle.loser = 0  # pragma: no mutate (read only as false)
        return
    loser = battle.defender if at > dt else battle.attacker  # pragma: no mutate (the tie returned above)
    stake = battle.target if loser == battle.defender else battle.card
    owed = abs(at - dt)
    seat = state.seat(loser)
    grid.remove(seat, stake)
    piles.to_lost(state, seat, stake)
    overflow = owed - card(code_of(stake)).dfn
    battle.loser, battle.stake, battle.owed = loser, stake, max(0, overflow)
    battle.stage = "paying"
    ctx.emit({"type": "battle_won", "seat": battle.attacker, "defender": battle.defender, "at": at, "dt": dt,
              "loser": loser, "stake": stake, "damage": owed, "overflow": max(0, overflow)})


def _cost(card_id: str | None) -> int:
    return 0 if card_id is None else card(code_of(card_id)).cost


def aftermath(ctx: Ctx, battle: Battle) -> None:
    state = ctx.state
    if battle.loser == battle.defender and battle.loser:
        column = state.seat(battle.defender).columns[battle.target_col - 1]
        if column.cards:
            column.safe = True
            ctx.emit({"type": "safe", "seat": battle.defender, "col": battle.target_col})
    for label in (battle.attacker, battle.defender):
        seat = state.seat(label)
        if seat.bonus is not None:
            seat.discard.append(seat.bonus)
            seat.bonus = None
    battle.stage = "grid"
    # On a tie (loser 0) nobody lost a card in play: state.seat(0) would read another seat's legal grid.
    for label in [battle.loser] if battle.loser else []:  # pragma: no mutate (see above)
        seat = state.seat(label)
        if not grid.legal(seat.columns) and seat.status == "in":  # an out seat's cards stay frozen
            if _grid_asks(state, label):
                state.decision = Decision(label, "grid", window=label != state.active)
                ctx.emit({"type": "asked", "seat": label, "kind": "grid"})
                return
            restore(ctx, label)


def _grid_asks(state: GameState, label: int) -> bool:
    orders = state.seat(label).orders
    if label == state.active:
        return orders.grid_ask
    return state.options.window_minutes > 0 and (orders.grid_ask or orders.window_ask)


def restore(ctx: Ctx, label: int) -> None:
    seat = ctx.state.seat(label)
    moves = grid.restore(seat)
    if moves:
        ctx.emit({"type": "grid_restored", "seat": label, "moves": moves})


def _finish(ctx: Ctx, battle: Battle) -> None:
    ctx.emit({"type": "battle_over", "seat": battle.attacker, "defender": battle.defender})
    ctx.state.battle = None


def free_move(ctx: Ctx, label: int, card_id: str, to: str) -> None:
    """A restoration move in the `grid` decision: no payment, no check between lines."""
    seat = ctx.state.seat(label)
    col = column_word(to)
    place = grid.where(seat, card_id)
    if place is not None and place[0] == col:  # as for a paid move: a move goes to another column
        raise Refused(f"{card(code_of(card_id)).name} is in column {col} already")
    src = grid.remove(seat, card_id)
    grid.add(seat, card_id, col)
    ctx.emit({"type": "grid_move", "seat": label, "card": card_id, "from": src, "to": col})
