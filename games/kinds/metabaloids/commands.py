"""The command language (rules.md, "Commands"): `play` runs one line for one seat on a copy of the state
and returns it with the events, or raises Refused saying why and what is legal now; `legal_commands`
lists the canonical forms (no `paying`, no in-line uses, one line per target); `to_act` says whom the
game waits for."""

from __future__ import annotations

from games.kinds.protocol import Dice, Refused

from . import battle, chain, decisions, ending, grid, lobby, payment, piles, setup, turn
from .cards import Ability, card
from .context import Ctx, Event
from .orders import OrderError, apply_order
from .state import ATTACK, DECKS, DEPLOY, MAIN, OVER, PLACE, RESTOCK, GameState, code_of
from .words import address, column, from_zone, in_play, seat_word

ANYTIME = ("order", "orders", "resign", "help", "place", "done")
BARE = ("done", "pass", "end", "timeout")  # whole commands: a word after one is a slip, never ignored
VERBS = ("deck", "place", "done", "discard", "move", "deploy", "attack", "use", "restock", "pass", "end",
         "pay", "timeout", "resign", "order", "orders", "help")


def to_act(state: GameState) -> tuple[int, ...]:
    """The lobby seats the game waits for: a decision's seat, else the active (or placing) seat."""
    if state.phase == OVER:
        return ()
    if state.phase == DECKS:
        return lobby.waiting(state)
    if state.decision is not None:
        return (state.lobby_seat(state.decision.label),)
    return (state.lobby_seat(state.active),)


def split(text: str) -> list[str]:
    return [line.strip() for chunk in text.splitlines() for line in chunk.split(";") if line.strip()]


def play(state: GameState, lobby_seat: int, command: str, dice: Dice | None,
         clock: bool = False) -> tuple[GameState, list[Event]]:
    """Play one command for the seat; the state given never changes."""
    if dice is None:
        raise ValueError("Metabaloids draws every card through dice: pass one")
    if state.phase == DECKS:
        return _choosing(state, lobby_seat, command, dice)
    ctx = Ctx(state.copy(), dice)
    battle.resume(ctx)
    label = ctx.state.label(lobby_seat)
    parts = command.strip().lower().split()
    if not parts:
        raise Refused("an empty command")
    try:
        _dispatch(ctx, label, parts, clock)
    except OrderError as why:
        raise Refused(str(why)) from None
    return ctx.state, ctx.events


def _choosing(state: GameState, lobby_seat: int, command: str,
              dice: Dice) -> tuple[GameState, list[Event]]:
    words = command.strip().lower().split()
    if words[:1] != ["deck"]:
        raise Refused("the game begins once every player has picked a deck: deck a, deck b or "
                      f"{lobby.LIST_FORM}")
    return lobby.choose(state, lobby_seat, command.strip(), dice)


def _dispatch(ctx: Ctx, label: int, parts: list[str], clock: bool) -> None:
    state = ctx.state
    verb = parts[0]
    seat = state.seat(label)
    if verb not in VERBS:
        raise Refused(f"{verb!r} is not a command here; send help for the list")
    if verb in BARE and len(parts) > 1:
        raise Refused(f"{verb} takes no more words: send {verb} alone")
    if verb == "timeout" and not clock:
        raise Refused("the clock answers for you when your time runs out: send a command instead")
    if state.phase == OVER and verb not in ("orders", "help"):
        raise Refused("game over")
    if verb == "order":
        text = " ".join(parts[1:])
        seat.orders = apply_order(seat.orders, text, seat.deck_codes, len(state.seats), label)
        ctx.emit({"type": "order", "seat": label, "text": text, "private": True})
        return
    if verb in ("orders", "help"):
        ctx.emit({"type": verb, "seat": label, "private": True})
        return
    if verb == "resign":
        ending.resign(ctx, label)
        return
    if seat.status != "in":
        raise Refused("you are out of the game")
    if state.phase == PLACE:
        _placing(ctx, label, parts)
        return
    decision = state.decision
    if decision is not None:
        if decision.label != label:
            raise Refused(f"waiting for p{decision.label}'s {decisions.WHAT[decision.kind]}")
        if decision.kind == "react" and verb == "use":
            _use(ctx, label, parts)
            if state.battle is not None:
                state.battle.fired = True
                if state.battle.stopped:
                    # The defender stopped the attack (Ink Cloud): nothing is left to react to, so the
                    # window closes and the attack ends as a stopped one does (rules.md, "The declaration
                    # moment"); the attacker plays on.
                    state.decision = None
                    battle.carry_on(ctx)
            return
        decisions.answer(ctx, label, parts)
        return
    if label != state.active:
        raise Refused(f"it is p{state.active}'s turn")
    if verb == "timeout":  # the clock, in words the platform's clock plays: timeout_commands
        for line in timeout_commands(state, state.lobby_seat(label)):
            _turn_command(ctx, label, line.split())
        return
    _turn_command(ctx, label, parts)


def _placing(ctx: Ctx, label: int, parts: list[str]) -> None:
    verb = parts[0]
    if verb == "place":
        if len(parts) != 3:
            raise Refused("place <card> <column>")
        setup.place(ctx, label, parts[1], parts[2])
    elif verb in ("done", "timeout"):
        setup.done(ctx, label)
    elif verb == "use":
        raise Refused("no abilities before the first turn begins")
    else:
        raise Refused("the initial deployment is on: place <card> <column> or done")


def _paying(parts: list[str]) -> tuple[list[str], list[str] | None]:
    if "paying" in parts:
        i = parts.index("paying")
        return parts[:i], parts[i + 1:] or None
    return parts, None


def _turn_command(ctx: Ctx, label: int, parts: list[str]) -> None:
    state = ctx.state
    seat = state.seat(label)
    verb = parts[0]
    if verb == "discard":
        if len(parts) != 2:
            raise Refused("discard <card>")
        turn.discard(ctx, label, from_zone(seat.hand, parts[1], "hand"))
    elif verb == "move":
        words, paying = _paying(parts)
        if len(words) != 3:
            raise Refused("move <col:row> <column> [paying <card>]")
        turn.move(ctx, label, in_play(seat, words[1]), column(words[2]), paying)
    elif verb == "deploy":
        if state.step not in (MAIN, DEPLOY) or not seat.reserve:
            raise Refused("your reserve is empty" if not seat.reserve else "deploying comes before attacks")
        if parts[1:] == ["all"]:
            turn.deploy_all(ctx, label)
        elif len(parts) == 3:
            turn.deploy(ctx, label, from_zone(seat.reserve, parts[1], "reserve"), column(parts[2]))
        else:
            raise Refused("deploy <card> <column>, or deploy all")
    elif verb == "attack":
        _attack(ctx, label, parts)
    elif verb == "use":
        _use(ctx, label, parts)
    elif verb == "restock":
        words, paying = _paying(parts)
        if len(words) != 2:
            raise Refused("restock <card> [paying <cards>]")
        turn.restock(ctx, label, from_zone(seat.hand, words[1], "hand"), paying)
    elif verb == "pass":
        turn.pass_step(ctx, label)
    elif verb == "end":
        if state.step == DEPLOY:
            raise Refused("deploy your reserve first")
        turn.end(ctx, label)
    elif verb == "pay":
        raise Refused("there is no damage to pay")
    else:
        raise Refused(f"{verb} is not used in a turn")


def _attack(ctx: Ctx, label: int, parts: list[str]) -> None:
    state = ctx.state
    seat = state.seat(label)
    chunks = " ".join(parts).split("+")
    head, paying = _paying(chunks[0].split())
    if len(head) != 4:
        raise Refused("attack <col:row> <player> <col:row> [paying <card>] [+ <card> <ability> …]")
    if state.step not in (MAIN, DEPLOY, ATTACK):
        raise Refused("attacks are over once you restock")
    turn.to_attack(ctx)
    attacker = in_play(seat, head[1])
    defender = seat_word(state, head[2])
    if defender == label:
        raise Refused("you cannot attack yourself")
    if state.seat(defender).status != "in":
        raise Refused(f"p{defender} is out")
    # The defender is checked before the target's address (the order of rules.md, "Declaring an
    # attack"): a seat attacked already is the reason, even when its card at that address is gone.
    if defender in seat.attacked:
        raise Refused(f"p{defender} has been attacked by you this turn already")
    target = in_play(state.seat(defender), head[3], f"p{defender}'s")
    uses = []
    for chunk in chunks[1:]:
        words, use_paying = _paying(chunk.split())
        if not words:
            raise Refused("+ <card> [<ability>] [paying <cards>]")
        if len(words) > 2:
            raise Refused(f"+ {words[0]} takes no more words than its ability")
        card_id, ability = _ref(ctx, label, words[0], words[1] if len(words) > 1 else None)
        uses.append(battle.Use(card_id, ability, use_paying))
    battle.declare(ctx, label, attacker, defender, target, paying, uses)


def _ref(ctx: Ctx, label: int, word: str, name: str | None) -> tuple[str, Ability]:
    """A card for `use`: in play by address or unique code, or an event in hand; and its ability."""
    seat = ctx.state.seat(label)
    from .words import card_word

    if ":" not in word:
        code = card_word(word)
        if card(code).is_event:
            card_id = from_zone(seat.hand, word, "hand")
            ability = card(code).ability(None)
            assert ability is not None
            if name is not None and name != ability.name:  # a slip, never ignored
                raise Refused(f"{card(code).name} has no ability {name!r}")
            return card_id, ability
    card_id = in_play(seat, word)
    data = card(code_of(card_id))
    ability = data.ability(name)
    if ability is None:
        raise Refused(f"{data.name} has no ability {name!r}" if name else f"{data.name} has no ability")
    return card_id, ability


def _use(ctx: Ctx, label: int, parts: list[str]) -> None:
    state = ctx.state
    words, paying = _paying(parts)
    if len(words) < 2:
        raise Refused("use <card> [<ability>] [<column>] [paying <cards>]")
    if state.step not in (MAIN, DEPLOY, ATTACK, RESTOCK):
        raise Refused("abilities are used from your draw to the end of your turn")
    rest = words[2:]
    name = rest[0] if rest and not rest[0].isdigit() else None
    card_id, ability = _ref(ctx, label, words[1], name)
    col = 0
    if ability.requires == "safe_column":
        digits = [w for w in rest if w.isdigit()]
        if not digits:
            raise Refused(f"name one of your safe columns: use {code_of(card_id)} <column>")
        col = column(digits[0])
    # Every word must mean something: the ability's name and, for Molt, its column; a slip is refused.
    if len(rest) > (name is not None) + (ability.requires == "safe_column"):
        raise Refused(f"use {words[1]} takes no more words than "
                      + ("its ability and a column" if ability.requires == "safe_column" else "its ability"))
    chain.use_command(ctx, label, card_id, ability, paying, col)


def timeout_commands(state: GameState, lobby_seat: int) -> list[str]:
    """What the clock plays for a seat whose time ran out: deck A, no more placing, its orders' answer to
    a question, or the rest of its turn (the reserve deployed, the turn ended)."""
    if state.phase == OVER or lobby_seat not in to_act(state):
        return []
    if state.phase == DECKS:
        return ["deck a"]
    if state.phase == PLACE:
        return ["done"]
    if state.decision is not None:
        return ["pass"]
    label = state.label(lobby_seat)
    if state.step in (MAIN, DEPLOY) and state.seat(label).reserve:
        return ["deploy all", "end"]
    return ["end"]


# --- legal commands -------------------------------------------------------------------------------

def legal_commands(state: GameState, lobby_seat: int) -> list[str]:
    """Every canonical command the seat may send now (orders and help are always accepted besides)."""
    if state.phase == OVER:
        return []
    if state.phase == DECKS:
        return lobby.legal(state, lobby_seat)
    label = state.label(lobby_seat)
    seat = state.seat(label)
    if seat.status != "in":
        return []
    if state.phase == PLACE:
        if label != state.active or seat.placing_done:
            return []
        cols = grid.open_columns(seat.columns)
        found = {f"place {code_of(c)} {col}" for c in setup.fits(seat) for col in cols}
        return [*sorted(found), "done"]
    if state.decision is not None:
        return _decision_commands(state, label) if state.decision.label == label else []
    if label != state.active:
        return []
    return _turn_commands(state, label)


def _decision_commands(state: GameState, label: int) -> list[str]:
    seat = state.seat(label)
    assert state.decision is not None
    if state.decision.kind == "react":
        return [*_uses(state, label), "pass"]
    if state.decision.kind == "grid":
        out = [f"move {c}:{r} {to}" for c, column_ in enumerate(seat.columns, 1)
               for r in range(1, len(column_.cards) + 1) for to in (1, 2, 3) if to != c]
        return [*out, "pass"]
    out = ["pay auto", "pass"]
    if seat.discard:
        out.append("pay discard")
    if piles.can_take(state, seat):
        out.append("pay draw 1")
    out += sorted({f"pay hand {code_of(c)}" for c in seat.hand if _worth(c)})
    out += sorted({f"pay reserve {code_of(c)}" for c in seat.reserve if _worth(c)})
    out += [f"pay play {c}:{r}" for c, column_ in enumerate(seat.columns, 1)
            for r, x in enumerate(column_.cards, 1) if _worth(x)]
    return out


def _worth(card_id: str) -> bool:
    return card(code_of(card_id)).dfn > 0


def _turn_commands(state: GameState, label: int) -> list[str]:
    seat = state.seat(label)
    step = state.step
    out: list[str] = []
    if step == MAIN and seat.drew and not seat.discarded and not seat.moves:
        out += sorted({f"discard {code_of(c)}" for c in seat.hand})  # pragma: no mutate (out is [] here)
    if step == MAIN and payment.can_pay(seat, 1):
        for c, column_ in enumerate(seat.columns, 1):
            for r in range(1, len(column_.cards) + 1):
                out += [f"move {c}:{r} {to}" for to in (1, 2, 3)
                        if to != c and grid.shape_after_move(seat.columns, c, r, to)]
    if step in (MAIN, DEPLOY) and seat.reserve:
        cols = grid.open_columns(seat.columns)
        out += sorted({f"deploy {code_of(c)} {col}" for c in seat.reserve for col in cols})
        out.append("deploy all")
    reserve_waits = step in (MAIN, DEPLOY) and bool(seat.reserve)
    if step in (MAIN, DEPLOY, ATTACK) and not reserve_waits and payment.can_pay(seat, 1):
        for a in battle.attackers(state, label):
            for d in battle.defenders(state, label):
                other = state.seat(d)
                for t in battle.targets(state, d):
                    out.append(f"attack {address(seat, a)} p{d} {address(other, t)}")
    out += _uses(state, label)
    if not reserve_waits and step in (MAIN, DEPLOY, ATTACK, RESTOCK):
        # pragma below: a seat's card ids all start p<label>- (setup.py; invariants.py checks it), so ids
        # sort as their codes do, and copies of one code make one line.
        for held in sorted(set(seat.hand), key=code_of):  # pragma: no mutate (ids sort as codes)
            data = card(code_of(held))
            if not data.is_event and payment.can_pay(seat, data.cost, exclude=held):
                out.append(f"restock {data.code}")
        out = list(dict.fromkeys(out))
    if step in (MAIN, ATTACK, RESTOCK):
        out.append("pass")
    if not reserve_waits:
        out.append("end")
    return out


def _uses(state: GameState, label: int) -> list[str]:
    """Abilities and events usable and payable now, canonical (auto-paid): in one's own turn, and in the
    defender's window (its "during attacks" cards and events, Torpor Spores), where the battle's attack is
    the action a stop aims at."""
    seat = state.seat(label)
    ctx = Ctx(state, _NoDice())  # pragma: no mutate (listing never rolls nor draws: _NoDice says so)
    battle.resume(ctx)
    out: list[str] = []
    for c in seat.in_play():
        for ability in card(code_of(c)).abilities:
            if chain.why_not(ctx, label, c, ability) is None and payment.can_pay(seat, ability.cost):
                out.append(f"use {address(seat, c)} {ability.name}")
    for event_id in sorted({code_of(x): x for x in seat.hand}.values()):
        data = card(code_of(event_id))
        if not data.is_event:
            continue
        event = data.abilities[0]  # an event is its one ability (cards.py refuses any other on load)
        cols = [1, 2, 3] if event.requires == "safe_column" else [0]
        for col in cols:
            if chain.why_not(ctx, label, event_id, event, col=col) is None and payment.can_pay(
                    seat, event.cost, exclude=event_id):
                out.append(f"use {data.code}" + (f" {col}" if col else ""))
    return out


class _NoDice:
    def roll(self, sides: int) -> int:
        raise AssertionError("listing commands rolls nothing")  # pragma: no mutate (a guard, never reached)

    def draw(self, n: int) -> int:
        raise AssertionError("listing commands draws nothing")  # pragma: no mutate (a guard, never reached)


__all__ = ["RESTOCK", "legal_commands", "play", "to_act"]
