"""A rematch: the same game again with the same players (docs/architecture.md, "Playing by e-mail").

`rematch(game, actor)` is asked by one of a finished game's players. The first to ask makes the new game,
with the same kind, options, player count, visibility, clock and rating as the old one: the asker takes a
seat, each bot of the old game comes back at its level, and every other player of it is invited (an
invitation and its notice: nobody is seated in a game, with a clock, without saying so). The old game's
result keeps the new game's id (`result["rematch"]`), under the old game's lock, so a second player asking
takes their seat in that same game instead of making another. A game whose seats all fill at once (a
player against bots) starts at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.actions.actor import Actor
from games.actions.common import locked
from games.actions.errors import NotAllowed, NotInPlay
from games.actions.lobby import check_join, start_if_full
from games.actions.notify import notify_invited
from games.models import Game, Invitation, Notice, Seat


@dataclass(frozen=True)
class Rematch:
    game: Game  # the rematch
    seat: Seat  # the asker's seat in it
    made: bool  # made by this call (False: the asker joined, or already held a seat in, the one made before)


def rematch(game: Game, actor: Actor) -> Rematch:
    """The rematch of `game` (finished) for its player `actor`; ActionError when there is none to be had."""
    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        if game.status != Game.Status.FINISHED:
            raise NotInPlay(f"Game {game.pk} is not over: a rematch follows a finished game.")
        old_seats = list(game.seats.exclude(index=None).order_by("index"))
        if not any(s.user_id == user.pk for s in old_seats):
            raise NotAllowed(f"Only the players of game {game.pk} can ask for its rematch.")
        made_before = (game.result or {}).get("rematch")
        if made_before:
            return _take_seat(Game.objects.get(pk=made_before), user)
        new = Game.objects.create(created_by=user, kind=game.kind, options=game.options, players=game.players,
                                  visibility=game.visibility, clock=game.clock, rated=game.rated)
        seat = Seat.objects.create(game=new, user=user)
        for old in old_seats:
            if old.user_id is None and old.bot:
                Seat.objects.create(game=new, bot=old.bot)
        game.result = {**(game.result or {}), "rematch": new.pk}
        game.save(update_fields=["result"])
        for old in old_seats:
            if old.user_id is not None and old.user_id != user.pk:
                invitation = Invitation.objects.create(game=new, user_id=old.user_id, name=old.name,
                                                       invited_by=user)
                Notice.objects.create(user_id=old.user_id, game=new, kind=Notice.Kind.INVITE,
                                      text=f"{user.display_name} asks for a rematch of game {game.pk}: "
                                           f"game {new.pk} ({new.kind_title}).")
                notify_invited(invitation)
        new = locked(new)
        start_if_full(new)
    return Rematch(game=new, seat=seat, made=True)


def _take_seat(new: Game, user: Any) -> Rematch:
    """The asker's seat in the rematch made before: theirs already, or a free one while it waits."""
    new = locked(new)
    seat = new.seats.filter(user=user).first()
    if seat is not None:
        return Rematch(game=new, seat=seat, made=False)
    check_join(new, user)
    seat = Seat.objects.create(game=new, user=user)
    new.invitations.filter(user=user, accepted_at__isnull=True).update(accepted_at=timezone.now())
    start_if_full(new)
    return Rematch(game=new, seat=seat, made=False)

