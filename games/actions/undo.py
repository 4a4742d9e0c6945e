"""Taking back moves: the active seat's actions of this turn since the last barrier (a roll, a card
drawn, an answer to a roll, a seat out: the kind's undo_barrier decides, for this action and for the
page's Undo button alike)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from games.actions.actor import Actor
from games.actions.commands import Applied
from games.actions.common import check_not_paused, check_version, kind_of, locked, store_state
from games.actions.errors import NotAllowed, NothingToUndo, NotInPlay
from games.history import replay
from games.kinds import Kind, words
from games.models import Action, Game


def takeback(kind: Kind, turn: Sequence[Action], seat: int) -> list[Action]:
    """Of the actions since the turn's snapshot (oldest first), those undo would take back for `seat`."""
    counted = [a for a in turn if not a.undone]
    for i in range(len(counted) - 1, -1, -1):
        if kind.undo_barrier(counted[i].command, counted[i].events):
            counted = counted[i + 1:]
            break
    return [a for a in counted if a.seat == seat and not kind.anytime(a.command)]


def undoable_actions(game: Game, seat: int | None, state: Any = None,
                     newest: Sequence[Action] | None = None) -> list[Action]:
    """What undo would take back for `seat` now: nothing unless the game is in play and the seat is to
    act. The game page's Undo button and the undo action both ask this, so the button is offered exactly
    when the action accepts it and says what it will take back.

    `state`: the game's loaded state, if the caller has it. `newest`: the game's newest log rows, newest
    first, if the caller has them (the page's first log page): when they reach back past the start of
    this turn no query is made; otherwise the turn is read from its snapshot."""
    if seat is None or game.status != Game.Status.ACTIVE or game.state is None:
        return []
    kind = kind_of(game)
    state = kind.load(game.state) if state is None else state
    if seat not in kind.to_act(state):
        return []
    if newest is not None:
        turn = kind.turn(state)
        this_turn = [a for a in newest if a.turn == turn]
        # An older turn's row among them means the whole turn is here. (After a moderator's rollback the
        # newest rows may be voided ones of later turns: those say nothing.)
        if any(a.turn < turn for a in newest):
            return takeback(kind, this_turn[::-1], seat)
    snapshot = game.snapshots.order_by("-seq").first()
    if snapshot is None:
        return []
    rows = list(game.actions.filter(seq__gt=snapshot.seq, undone=False).order_by("seq"))
    return takeback(kind, rows, seat)


def undo(game: Game, actor: Actor, expected_version: int | None = None) -> Applied:
    """Take back the active player's actions of this turn after the last barrier.

    Append-only: the rows are marked undone and the state is rebuilt by replaying the turn's snapshot
    with the actions that remain (other seats' standing orders included) and their recorded dice.
    """
    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        check_version(game, expected_version)
        if game.status != Game.Status.ACTIVE or game.state is None:
            raise NotInPlay("Only a game in play has moves to take back.")
        check_not_paused(game)
        kind = kind_of(game)
        own = game.seats.filter(user=user).first()
        state = kind.load(game.state)
        if own is None or own.index is None or own.index not in kind.to_act(state):
            raise NotAllowed("Only the player whose turn it is can take back moves.", code="not_your_turn")
        actions = undoable_actions(game, own.index, state)
        if not actions:
            since = words(game.kind).undo_since
            raise NothingToUndo(f"Nothing to take back: no move of yours this turn {since}.")
        Action.objects.filter(pk__in=[a.pk for a in actions]).update(undone=True)
        snapshot = game.snapshots.order_by("-seq").first()
        assert snapshot is not None
        state = replay(kind, kind.load(snapshot.state),
                       game.actions.filter(seq__gt=snapshot.seq, undone=False).order_by("seq"))
        game.version += 1
        store_state(game, kind, state)
        game.save()
    for a in actions:
        a.undone = True
    return Applied(game, actions, [])
