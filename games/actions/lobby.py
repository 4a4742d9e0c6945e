"""The lobby's writers: create, join, leave, invite, start. Each checks (raising an ActionError) before it
writes, inside one transaction holding the game's row lock."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.names import name_key
from games import dice as live_dice
from games.actions.actor import Actor
from games.actions.common import kind_of, locked, store_state
from games.actions.errors import BadOptions, Invalid, NotAllowed, NotInPlay
from games.actions.limits import check_rate
from games.actions.notify import notify_invited, notify_started
from games.clock import rules as clock_rules
from games.clock.rules import ClockRules
from games.kinds import BadOptions as KindBadOptions
from games.kinds import Kind, get_kind
from games.models import Game, Invitation, Notice, Seat, Snapshot
from games.moderators import is_moderator
from games.queries import find_user, forget_invitees


def check_game_options(kind_name: str, players: int, options: Mapping[str, Any], visibility: str,
                       clock: Mapping[str, Any] | None = None) -> tuple[Kind, dict[str, Any], ClockRules]:
    """The kind and its options, normalised, and the clock (games/clock/rules.py: by default a deadline of
    3 days per turn); BadOptions with the kind's own words otherwise."""
    try:
        kind = get_kind(kind_name)
    except KeyError:
        raise BadOptions(f"There is no game called “{kind_name}” here.") from None
    if players not in kind.player_counts:
        counts = ", ".join(map(str, kind.player_counts))
        try:  # the kind may say why better (MetalTalon: five players are not offered)
            kind.check_options(options, players)
        except KindBadOptions as exc:
            raise BadOptions(str(exc)) from None
        raise BadOptions(f"{kind.title} is played by {counts} players.")
    try:
        checked = kind.check_options(options, players)
    except KindBadOptions as exc:
        raise BadOptions(str(exc)) from None
    if visibility not in Game.Visibility.values:
        raise BadOptions("A game is public or private.")
    try:
        rules = clock_rules.check(clock or {})
    except clock_rules.ClockError as exc:
        raise BadOptions(str(exc)) from None
    return kind, checked, rules


def create_game(actor: Actor, *, kind: str = "metaltalon", players: int = 2,
                options: Mapping[str, Any] | None = None, visibility: str = "public",
                clock: Mapping[str, Any] | None = None, rated: bool = True) -> Game:
    """A new open game with its creator in the first seat; a rated game's result moves its human players'
    ratings (docs/ratings.md)."""
    user = actor.require_player()
    _kind, checked, rules = check_game_options(kind, players, options or {}, visibility, clock)
    with transaction.atomic():
        game = Game.objects.create(created_by=user, kind=kind, options=checked, players=players,
                                   visibility=visibility, clock=rules.to_dict(),
                                   # A rating is a public figure, made from public results only.
                                   rated=bool(rated) and visibility == Game.Visibility.PUBLIC)
        Seat.objects.create(game=game, user=user)
    return game


def check_join(game: Game, user: Any, invite_code: str | None = None) -> None:
    if game.status != Game.Status.OPEN:
        raise NotInPlay("This game has already started; you can watch it instead.")
    if game.seats.filter(user=user).exists():
        raise Invalid("You already have a seat in this game.")
    if game.visibility == Game.Visibility.PRIVATE:
        invited = game.invitations.filter(user=user).exists()
        if not invited and not (invite_code and secrets.compare_digest(invite_code, game.invite_code)):
            raise NotAllowed("This is a private game: you need an invitation or its private link.")
    if game.seats.count() >= game.players:
        raise NotInPlay("This game is full.", code="full")


def join_game(game: Game, actor: Actor, invite_code: str | None = None) -> Seat:
    """Take a free seat. The last seat to fill starts the game at once (no waiting on the creator)."""
    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        check_join(game, user, invite_code)
        seat = Seat.objects.create(game=game, user=user)
        game.invitations.filter(user=user, accepted_at__isnull=True).update(accepted_at=timezone.now(),
                                                                            declined_at=None)
        start_if_full(game)
    return seat


def start_if_full(game: Game) -> bool:
    """Start the game (locked by the caller) if its last seat is taken: nobody waits on the creator."""
    if game.seats.count() != game.players:
        return False
    _start(game)
    return True


def leave_game(game: Game, actor: Actor) -> None:
    """Give up a seat before the start; a game left with nobody seated is aborted."""
    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        if game.status != Game.Status.OPEN:
            raise NotInPlay("The game has started: you can no longer leave it, only resign.")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("You have no seat in this game.")
        seat.delete()
        if not game.seats.exists():
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            forget_invitees(game)


def invite_user(game: Game, actor: Actor, username: str) -> Invitation | None:
    """Players of an open game (and moderators) invite others by the name players see; the invitee gets a
    notice. A name nobody goes by is recorded and listed all the same (inviting no one), and a name already
    invited answers None: the caller answers every case alike, so that the form and the game's page never
    tell which names exist (docs/architecture.md, Fairness and privacy)."""
    by = actor.require_player()
    name = " ".join(username.split())[:150]
    if not name:
        raise Invalid("Give the name of the player to invite.", code="empty")
    with transaction.atomic():
        game = locked(game)
        if game.status != Game.Status.OPEN:
            raise NotInPlay("Invitations are for games still waiting for players.")
        if not (game.seats.filter(user=by).exists() or is_moderator(by)):
            raise NotAllowed("Only the game's players can invite others.")
        check_rate("invitations", by)
        if any(name_key(n) == name_key(name) for n in game.invitations.values_list("name", flat=True)):
            return None
        invitee = find_user(name)
        if invitee is not None and game.seats.filter(user=invitee).exists():
            # The seated players' names are on the game's page for everyone who can invite: no secret.
            raise Invalid(f"{invitee.display_name} already has a seat in this game.")
        try:
            with transaction.atomic():
                invitation = Invitation.objects.create(game=game, user=invitee, name=name, invited_by=by)
        except IntegrityError:  # the player, invited earlier under another spelling of their name
            return None
        if invitee is not None:
            Notice.objects.create(user=invitee, game=game, kind=Notice.Kind.INVITE,
                                  text=f"{by.display_name} invites you to game {game.pk} ({game.kind_title}: "
                                       f"{game.options_text}, {game.players} players).")
            notify_invited(invitation)
    return invitation


def decline_invitation(game: Game, actor: Actor) -> Invitation:
    """The invited player says no: the invitation leaves their lists and badge, and the game's players see
    it declined. Only an invitation still open (game waiting, not joined, not declined) can be declined."""
    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        invitation = game.invitations.filter(user=user).first()
        if invitation is None:
            raise NotAllowed("You have no invitation to this game.")
        if game.status != Game.Status.OPEN:
            raise NotInPlay("This game has started (or was closed): the invitation is over.")
        if invitation.accepted_at is not None or game.seats.filter(user=user).exists():
            raise Invalid("You have joined this game: leave it instead.")
        if invitation.declined_at is None:
            invitation.declined_at = timezone.now()
            invitation.save(update_fields=["declined_at"])
    return invitation


def start_game(game: Game, actor: Actor) -> Game:
    """Start a full open game. join_game does this itself when the last seat fills; this entry point is
    for the creator, a moderator or the system (a game filled another way, or a retry)."""
    with transaction.atomic():
        game = locked(game)
        if actor.role == "player":
            by = actor.require_player()
            if not (by.pk == game.created_by_id or is_moderator(by)):
                raise NotAllowed("Only the game's creator can start it.")
        elif actor.role == "moderator":
            actor.require_moderator()
        elif actor.role != "system":
            raise NotAllowed("Only the game's creator, a moderator or the system can start a game.")
        if game.status != Game.Status.OPEN:
            raise NotInPlay("This game has already started.")
        taken = game.seats.count()
        if taken < game.players:
            raise NotInPlay(f"The game starts when all {game.players} seats are taken ({taken} so far).")
        _start(game)
    return game


def _start(game: Game) -> None:
    """Shuffle the seats into turn order, set up the kind's state and write the first snapshot. Every
    draw (the seat order, a faction deal) comes from the OS's randomness: nothing seeded to leak."""
    kind = kind_of(game)
    dice = live_dice.new_dice()
    seats = list(game.seats.order_by("joined_at", "pk"))
    for i in range(len(seats) - 1, 0, -1):  # Fisher-Yates over the dice's draws
        j = dice.draw(i + 1)
        seats[i], seats[j] = seats[j], seats[i]
    for i, seat in enumerate(seats):
        seat.index = i
        seat.status = Seat.Status.PLAYING
    Seat.objects.bulk_update(seats, ["index", "status"])
    state = kind.new_state(game.options, game.players, dice)
    if game.rated and sum(seat.user_id is not None for seat in seats) < 2:
        # Bots filled the other seats: nobody to be rated against (docs/ratings.md), so the game says so.
        game.rated = False
    now = timezone.now()
    game.started_at = game.turn_started_at = now
    game.version += 1
    store_state(game, kind, state, seats)
    game.save()
    forget_invitees(game)
    Snapshot.objects.create(game=game, seq=0, turn=kind.turn(state), state=kind.dump(state))
    for seat in seats:
        if seat.user_id is not None:
            Notice.objects.create(user_id=seat.user_id, game=game, kind=Notice.Kind.STARTED,
                                  text=f"Game {game.pk} has started: you are seat {seat.index + 1}.")
    # One mail to each player: the game has started, with the position (and, for a seat the game waits
    # for, its commands: that mail is the start turn's notice too).
    notify_started(game, kind, state)
