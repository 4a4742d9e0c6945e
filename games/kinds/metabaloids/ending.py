"""How a game ends (rules.md, "Winning"): a seat that cannot draw in its draw step (it loses with two
seats, ends the game with more, is out in the elimination variant), the stall rule, resignation, and the
ranking by fewest lost cards, then fewer cards in play, ties sharing a place."""

from __future__ import annotations

from .context import Ctx
from .state import OVER, PLACE, GameState


def cannot_draw(ctx: Ctx, label: int) -> None:
    state = ctx.state
    ctx.emit({"type": "cannot_draw", "seat": label})
    if state.options.elimination:
        out(ctx, label, "cannot draw")
        return
    if len(state.live()) == 2 and len(state.seats) == 2:
        other = next(x for x in state.live() if x != label)
        over(ctx, [[other], [label]], "cannot draw")
        return
    over(ctx, rank(state), "cannot draw")


def out(ctx: Ctx, label: int, why: str) -> None:
    """The seat is out: its cards stay, frozen; its turns are skipped; the game goes on while two remain."""
    from . import turn

    state = ctx.state
    seat = state.seat(label)
    seat.status = "out"
    seat.out_turn = state.turn * 10 + sum(1 for s in state.seats if s.status == "out")
    ctx.emit({"type": "out", "seat": label, "why": why})
    if len(state.live()) == 1:
        over(ctx, rank(state), why)
        return
    if state.phase == PLACE:  # resigned while placing: the placement turns go on without it
        seat.queue = []
        if label == state.active:
            from . import setup

            setup.start_placing(ctx, label % len(state.seats) + 1)
        return
    settle_battle(ctx, label)
    if label == state.active and state.result is None:
        state.battle = None
        state.decision = None
        state.marked = []
        turn.pass_turn(ctx)


def settle_battle(ctx: Ctx, label: int) -> None:
    """A battle waiting for a decision when a seat goes out is played to its end first, so that no bonus
    card stays in a battle slot and no question waits for a seat that is out. The out seat's orders stop
    (rules.md, "Winning"): what it still owes is waived and its grid stays as it stands. When the active
    seat goes out its turn ends, so any other seat's decision is answered by its orders, as at a timeout;
    when another seat goes out, another seat's decision stays open (the active seat with `pay ask` is
    waited for, rules.md "Paying damage")."""
    from . import battle, decisions

    state = ctx.state
    # A battle is open exactly when a decision is (invariants.py `_battle`), and every round of the loop
    # keeps it so: either test alone would do.
    while state.battle is not None and state.decision is not None:  # pragma: no mutate (both or neither)
        decision = state.decision
        if decision.kind == "react":
            # The declaration moment waits for the defender's window. An out seat cannot be attacked
            # and the attacker's orders stop with it, so the attack ends as a stopped one does: no
            # bonus cards, nobody loses a card (rules.md, "The site's rulings"). Another seat going
            # out leaves the window open: nothing waits for it.
            if label in (state.battle.attacker, state.battle.defender):
                ctx.emit({"type": "battle_stopped", "seat": state.battle.attacker,
                          "defender": state.battle.defender, "why": "out"})
                state.battle = None
                state.decision = None
            return
        if decision.label == label:
            state.battle.owed = 0
            if decision.kind == "grid":
                state.decision = None
                battle.carry_on(ctx)  # from the grid stage it ends the battle (battle.py `_finish`)
                continue  # pragma: no mutate (as above: the loop ends either way)
        elif label != state.active:
            return  # the battle goes on: nothing waits for the out seat, and its turn is not passing
        decisions.close(ctx)


def stall(ctx: Ctx) -> None:
    ctx.emit({"type": "stalled", "rounds": ctx.state.stall})
    over(ctx, rank(ctx.state), "stall")


def rank(state: GameState) -> list[list[int]]:
    """Places, best first, each a list of labels: the seats still in by fewest lost cards then fewer cards
    in play (ties share); then the seats out, the last one out first."""
    live = state.live()

    def key(label: int) -> tuple[int, int]:
        seat = state.seat(label)
        return len(seat.lost), len(seat.in_play())

    places: list[list[int]] = []
    for label in sorted(live, key=key):
        if places and key(places[-1][0]) == key(label):
            places[-1].append(label)
        else:
            places.append([label])
    gone = [x for x in state.labels() if x not in live]
    resigned = [x for x in gone if state.seat(x).resigned]
    for label in sorted([x for x in gone if x not in resigned], key=lambda x: -state.seat(x).out_turn):
        places.append([label])
    for label in sorted(resigned, key=lambda x: -state.seat(x).out_turn):
        places.append([label])
    return places


def over(ctx: Ctx, places: list[list[int]], why: str) -> None:
    state = ctx.state
    state.phase = OVER
    state.battle = None
    state.decision = None
    # rank() lists every seat, and cannot_draw() two: places is never empty.
    winners = list(places[0]) if places else []  # pragma: no mutate (as above)
    state.result = {"places": places, "winners": winners, "why": why}
    ctx.emit({"type": "game_over", "places": places, "why": why})


def resign(ctx: Ctx, label: int) -> None:
    seat = ctx.state.seat(label)
    seat.resigned = True
    out(ctx, label, "resigned")
