"""The questions a game waits for (rules.md, "Questions out of turn"): a damage payment or a grid
restoration, asked of the seat itself in its own turn (`order pay ask`, `order grid ask`) or in a timed
window out of turn. `pass` and the clock's `timeout` apply the seat's orders to what is left."""

from __future__ import annotations

from games.kinds.protocol import Refused

from . import battle, chain, damage, grid, words
from .cards import card
from .context import Ctx
from .state import code_of


def pay_line(ctx: Ctx, label: int, parts: list[str]) -> None:
    """`pay hand <card>`, `pay draw <n>`, `pay discard [<n>]`, `pay play <c:r>`, `pay reserve <card>`,
    `pay auto`."""
    state = ctx.state
    fight = state.battle
    assert fight is not None
    seat = state.seat(label)
    if len(parts) < 2:
        raise Refused("say what pays: pay hand <card>, pay draw <n>, pay discard, pay play <c:r>, "
                      "pay reserve <card> or pay auto")
    source = parts[1]
    # Every word must mean something: `pay draw 2x` or `pay auto crab` is a slip to refuse, not 1 card.
    if source == "auto" and len(parts) > 2:
        raise Refused("pay auto takes no more words")
    if source in ("draw", "discard") and (len(parts) > 3 or (len(parts) == 3 and not parts[2].isdigit())):
        raise Refused(f"pay {source} [<number of cards>]")
    if source in ("hand", "reserve", "play") and len(parts) > 3:
        raise Refused(f"pay {source} <one card>: one card a line")
    if source == "auto":
        fight.owed = damage.default_pay(ctx, label, fight.owed)
        close(ctx)
        return
    if source in ("draw", "discard"):
        n = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
        if n < 1:
            raise Refused("pay at least one card")
        if source == "draw":
            if n > fight.owed:
                raise Refused(f"{n} cards pay {n}, more than the {fight.owed} you owe")
            if len(seat.draw) < n and not (state.options.length == "reshuffle" and seat.discard):
                raise Refused(f"your draw pile holds fewer than {n} cards" if seat.draw
                              else "your draw pile is empty")
        for _ in range(n):
            if fight.owed <= 0:
                raise Refused("nothing is left to pay")
            # The draw and discard piles choose their own card: damage.pay_one reads no card for them.
            fight.owed -= damage.pay_one(ctx, label, source, "")  # pragma: no mutate (card not read)
    elif source in ("hand", "reserve", "play"):
        if len(parts) < 3:
            raise Refused(f"name the card: pay {source} <card>")
        if source == "play":
            card_id = words.in_play(seat, parts[2])
        else:
            card_id = words.from_zone(seat.hand if source == "hand" else seat.reserve, parts[2], source)
        if damage.value(card_id) <= 0:
            raise Refused(f"{card(code_of(card_id)).name} is worth 0 and cannot pay")
        fight.owed -= damage.pay_one(ctx, label, source, card_id)
    else:
        raise Refused(f"{source!r} is not a source: hand, draw, discard, play, reserve or auto")
    if fight.owed <= 0 or not damage.reachable(ctx, label):
        close(ctx)


def close(ctx: Ctx) -> None:
    """The decision closes; the battle carries on (grid, report)."""
    state = ctx.state
    fight = state.battle
    decision = state.decision
    # For mypy: close answers an open decision, and a decision is open only in a battle (invariants.py
    # `_battle`), so the two never differ.
    assert fight is not None and decision is not None  # pragma: no mutate (both or neither)
    if decision.kind == "pay":
        # (With nothing owed damage.default_pay pays nothing: `> 0` only spares the call.)
        if fight.owed > 0:  # pragma: no mutate (see above)
            fight.owed = damage.default_pay(ctx, decision.label, fight.owed)
        fight.owed = 0
        state.decision = None
        battle.aftermath(ctx, fight)
    elif decision.kind == "grid":
        battle.restore(ctx, decision.label)
        state.decision = None
    battle.carry_on(ctx)


def close_window(ctx: Ctx, label: int) -> None:
    """The defender's window closes with `pass` ("apply my orders now") or the clock's timeout: its
    standing orders answer as if no window had opened (its uses in the window each counted as a firing of
    the round). The polling rounds go on from the seat after it."""
    state = ctx.state
    fight = state.battle
    # A react decision is open only in a declared battle, which commands.play resumes as the action.
    assert fight is not None and ctx.action is not None  # pragma: no mutate (both always hold)
    state.decision = None
    # poll_attack (battle.py) opens the window with the defender at the head of the round, and nothing
    # touches the round until the window closes: from play this always holds; it guards a hand-made state.
    if fight.poll and fight.poll[0] == label:  # pragma: no mutate (always true from play)
        fight.poll.pop(0)
    # The aim matters to Torpor Spores alone, which would take this action anyway (chain.py, try_orders).
    if chain.try_orders(ctx, label, battle.moment(state, label), ctx.action):  # pragma: no mutate (above)
        fight.fired = True
    battle.carry_on(ctx)


def grid_move(ctx: Ctx, label: int, parts: list[str]) -> None:
    seat = ctx.state.seat(label)
    if len(parts) != 3:
        raise Refused("move <col:row> <col>")
    card_id = words.in_play(seat, parts[1])
    battle.free_move(ctx, label, card_id, parts[2])
    if grid.legal(seat.columns):
        close(ctx)


def answer(ctx: Ctx, label: int, parts: list[str]) -> None:
    """A line from the seat a decision waits for."""
    state = ctx.state
    decision = state.decision
    assert decision is not None
    verb = parts[0]
    if decision.kind == "react":
        if verb not in ("pass", "timeout"):
            raise Refused("react to the attack with use …, or pass")
        close_window(ctx, label)
    elif verb in ("pass", "timeout"):
        close(ctx)
    elif decision.kind == "pay" and verb == "pay":
        pay_line(ctx, label, parts)
    elif decision.kind == "grid" and verb == "move":
        grid_move(ctx, label, parts)
    else:
        raise Refused(f"answer your {WHAT[decision.kind]} first")


WHAT = {"pay": "damage payment", "grid": "grid restoration", "react": "reaction to the attack"}
