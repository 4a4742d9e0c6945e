"""Playing commands: the one writer of a game's moves, for every channel (web, e-mail, API, bots, clock).

A submission holds one or several commands (the kind's own splitter and limits). They are played in
order with dice drawn from the OS's randomness at that moment (games/dice.py), and every value drawn is
stored on the action, so nothing about a roll exists before it is made.

All or nothing, until chance speaks: a refused command before any draw refuses the whole submission and
changes nothing; a command refused after a die was rolled in the same submission stops there, and what
went before stands (the roll was made: taking it back would let a player roll again until it suits them,
docs/architecture.md, "Fair dice").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games import dice as live_dice
from games.actions import clock, ratings
from games.actions.actor import Actor
from games.actions.common import (
    check_not_paused,
    check_version,
    finish_if_over,
    kind_of,
    locked,
    store_state,
)
from games.actions.errors import ActionError, IllegalMove, NotAllowed, NotInPlay, NotYourTurn
from games.actions.limits import check_commands
from games.actions.notify import notify_turn
from games.kinds import Kind, Refused
from games.models import Action, Game, Snapshot
from games.queries import seat_at, with_seats


@dataclass
class Applied:
    game: Game
    actions: list[Action] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    # A command refused after a roll: the ones before it stand, this says why the rest did not happen.
    stopped: ActionError | None = None


@dataclass
class Step:
    before: Any
    command: str
    after: Any
    events: list[dict[str, Any]]
    draws: list[Any]


def acting_seat(game: Game, kind: Kind, state: Any, actor: Actor, seat: int | None) -> int:
    """The seat this actor may command, or NotAllowed: nobody acts for someone else."""
    seats = list(game.seats.all())  # read once with the game (queries.with_seats)
    if actor.role == "player":
        user = actor.require_player()
        own = next((s for s in seats if s.user_id == user.pk), None)
        if own is None or own.index is None:
            raise NotAllowed("You are not playing in this game: nobody acts for someone else.",
                             code="not_your_seat")
        if seat is not None and seat != own.index:
            raise NotAllowed("You can only give commands for your own seat.", code="not_your_seat")
        return own.index
    if seat is None or not 0 <= seat < game.players:
        raise NotAllowed("Say which seat to act for.", code="no_seat")
    if actor.role == "bot":
        held = any(s.index == seat and s.user_id is None and s.bot is not None for s in seats)
        if actor.seat != seat or not held:
            raise NotAllowed("A bot acts only for the seat it holds.", code="not_your_seat")
    elif actor.role == "clock":
        if seat not in kind.to_act(state):
            raise NotAllowed("The clock acts only for a seat whose time is running.", code="not_your_turn")
    elif actor.role == "moderator":
        actor.require_moderator()
    elif actor.role == "system":
        if not actor.reason:
            raise NotAllowed("The system gives a reason for every action.", code="reason_required")
    else:
        raise NotAllowed(f"Unknown actor {actor.role!r}.")
    return seat


def _seat_name(game: Game, index: int) -> str:
    seat = seat_at(game, index)
    return seat.name if seat is not None else f"seat {index + 1}"


def apply_command(game: Game, actor: Actor, text: str | Callable[[Any, int], str],
                  expected_version: int | None = None, *, seat: int | None = None) -> Applied:
    """Play a submission for the actor's seat. One Action per command played, numbered on from the log
    without gaps; a Snapshot whenever a turn starts; the players now to act are notified on commit.

    `text` may be a function of (state, seat) read under the game's lock: a form whose meaning depends on
    the position (the standing orders: the ones that differ from the seat's; the web's forms, read with the
    seat the lock found). When it means nothing there, nothing is played or logged and the Applied holds no
    actions, so a double submission is harmless; a Refused it raises is refused like typed text."""
    with transaction.atomic():
        # The seats are read once, with the game, for the acting seat, the seats' write, the counts', the
        # notices' (with whether each player has a webhook) and the page that answers
        # (games.queries.with_seats).
        game = with_seats(locked(game), hooks=True)
        check_version(game, expected_version)
        if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE) or game.state is None:
            raise NotInPlay("This game is not in play.")
        check_not_paused(game, actor)
        kind = kind_of(game)
        state = kind.load(game.state)
        index = acting_seat(game, kind, state, actor, seat)
        try:
            if callable(text):
                text = text(state, index)
                if not text.strip():
                    return Applied(game, [], [], None)
            commands = kind.split(text if isinstance(text, str) else "")
        except Refused as exc:
            raise IllegalMove(str(exc)) from None
        if actor.role == "player" and actor.signed_in:
            # Counted here, once the commands are known (a form's only under the lock), before any is
            # played: a submission that does not fit is refused whole. Bots and the clock are not counted.
            check_commands(actor.user, game.pk, commands)
        if index not in kind.to_act(state) and not all(kind.anytime(c) for c in commands):
            waiting = ", ".join(_seat_name(game, i) for i in kind.to_act(state)) or "nobody"
            raise NotYourTurn(f"It is not your turn: waiting for {waiting}.")
        steps, stopped = play_all(kind, state, index, commands)
        if not steps:
            assert stopped is not None
            raise stopped
        actions = _append(game, kind, actor, index, steps)
        if actor.role in ("player", "bot"):
            clock.played(game, index)
        state = steps[-1].after
        asked_anew = store_state(game, kind, state)
        if any(kind.turn(s.before) != kind.turn(s.after) for s in steps):
            game.turn_started_at = timezone.now()
        ending = game.finished_at is None
        finish_if_over(game, kind, state)
        game.save()
        if ending and game.finished_at is not None:
            ratings.settle(game)
        if asked_anew:
            notify_turn(game, kind, state, [s for s in game.seats.all() if s.index is not None])
    return Applied(game, actions, [e for a in actions for e in a.events], stopped)


def play_all(kind: Kind, state: Any, index: int,
             commands: list[str]) -> tuple[list[Step], IllegalMove | None]:
    dice = live_dice.new_dice()
    steps: list[Step] = []
    for i, command in enumerate(commands):
        mark = len(dice.draws)
        try:
            after, events = kind.play(state, index, command, dice)
        except Refused as exc:
            if len(commands) == 1:
                raise IllegalMove(str(exc)) from None
            where = f"Command {i + 1} ({command}): {exc}."
            if not any(s.draws for s in steps):
                raise IllegalMove(f"{where} Nothing was applied.") from None
            played = "command 1 stands" if i == 1 else f"commands 1 to {i} stand"
            return steps, IllegalMove(f"{where} The dice had been rolled, so {played}; the rest "
                                      f"were not played.", code="stopped_after_roll")
        steps.append(Step(state, command, after, events, dice.draws[mark:]))
        state = after
    return steps, None


def _append(game: Game, kind: Kind, actor: Actor, index: int, steps: list[Step]) -> list[Action]:
    last = game.actions.aggregate(m=Max("seq"))["m"] or 0
    user = actor.user if actor.user_id is not None else None
    actions = []
    for k, step in enumerate(steps, start=1):
        game.version += 1
        actions.append(Action(game=game, seq=last + k, seat=index, actor=user, command=step.command,
                              events=step.events, source=actor.source, turn=kind.turn(step.before),
                              version_after=game.version, dice=step.draws))
    Action.objects.bulk_create(actions)
    for action, step in zip(actions, steps, strict=True):
        if kind.turn(step.after) != kind.turn(step.before):
            Snapshot.objects.create(game=game, seq=action.seq, turn=kind.turn(step.after),
                                    state=kind.dump(step.after))
    return actions
