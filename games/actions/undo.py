"""Taking back moves: the active seat's actions of this turn since the last barrier (a roll, a card
drawn, an answer to a roll, a seat out: the kind's undo_barrier decides, for this action and for the
page's Undo button alike)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from games.actions.actor import Actor
from games.actions.commands import Applied
from games.actions.common import check_version, kind_of, locked, store_state
from games.actions.errors import NotAllowed, NothingToUndo, NotInPlay
from games.history import replay
from games.kinds import Kind
from games.models import Action, Game


def takeback(kind: Kind, turn: Sequence[Action], seat: int) -> list[Action]:
    """Of the actions since the turn's snapshot (oldest first), those undo would take back for `seat`."""
    counted = [a for a in turn if not a.undone]
    for i in range(len(counted) - 1, -1, -1):
        if kind.undo_barrier(counted[i].command, counted[i].events):
            counted = counted[i + 1:]
            break
    return [a for a in counted if a.seat == seat and not kind.anytime(a.command)]


def undoable_actions(game: Game, seat: int) -> list[Action]:
    snapshot = game.snapshots.order_by("-seq").first()
    if snapshot is None:
        return []
    turn = list(game.actions.filter(seq__gt=snapshot.seq, undone=False).order_by("seq"))
    return takeback(kind_of(game), turn, seat)


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
        kind = kind_of(game)
        own = game.seats.filter(user=user).first()
        state = kind.load(game.state)
        if own is None or own.index is None or own.index not in kind.to_act(state):
            raise NotAllowed("Only the player whose turn it is can take back moves.", code="not_your_turn")
        actions = undoable_actions(game, own.index)
        if not actions:
            raise NothingToUndo("Nothing to take back: no move of yours this turn since the last die roll.")
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
