"""What a moderator does to a game (docs/moderation.md), each from the admin as the moderator's Actor with
a reason, under the game's row lock, recorded (games/actions/audit.py) and told to the players:

- pause / resume: no moves and no clocks while paused (a dispute settled first);
- abort: the game ends without a result;
- replace a player with another user, or with a bot: the seat, its clock and its place stay, the person
  changes;
- remove a player: the kind's leave_commands, as if eliminated;
- roll back to action N: the state is rebuilt from the log up to N, the later actions are kept, voided;
- extend a deadline: a seat's running stint gets more hours.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.actions import clock, ratings
from games.actions.actor import Actor
from games.actions.audit import players_of, record
from games.actions.commands import apply_command
from games.actions.common import check_bot_level, finish_if_over, kind_of, locked, store_state, wake_bots
from games.actions.errors import Invalid, NotInPlay
from games.actions.expel import void_votes
from games.actions.notify import notify_turn
from games.actions.vacation import on_vacation
from games.history import replay
from games.models import Action, AuditEntry, ClockDue, Game, Notification, Seat, Snapshot
from games.queries import forget_invitees

EXTEND_MAX_HOURS = 14 * 24
STILL_IN = (Seat.Status.JOINED, Seat.Status.PLAYING)
ROLLBACK_FROM = (Game.Status.SETUP, Game.Status.ACTIVE, Game.Status.FINISHED)


def _in_play(game: Game, doing: str) -> None:
    if not game.is_active:
        status = game.get_status_display().lower()
        raise NotInPlay(f"Only a game in play can be {doing}: this one is {status}.")


def _seat(game: Game, index: Any, *, out: str | None = None) -> Seat:
    """The game's seat `index`; with `out`, one still in the game (`out` says why it must be)."""
    seat = (game.seats.select_related("user__profile").filter(index=index).first()
            if isinstance(index, int) else None)
    if seat is None:
        raise Invalid(f"Game {game.pk} has no seat {index}.", code="no_such_seat")
    if out is not None and seat.status not in STILL_IN:
        raise Invalid(f"{seat.name} is out of the game{out}.", code="seat_out")
    return seat


def pause_game(game: Game, actor: Actor) -> AuditEntry:
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        _in_play(game, "paused")
        if game.paused_at is not None:
            raise Invalid("This game is paused already.", code="paused")
        now = timezone.now()
        game.paused_at = now
        for seat in game.seats.filter(awaiting=True):
            clock.pause_seat(seat, now)
        game.version += 1
        game.save(update_fields=["paused_at", "version"])
        return record(actor, AuditEntry.Act.PAUSE, "paused the game", game=game, tell=players_of(game))


def resume_game(game: Game, actor: Actor) -> AuditEntry:
    """The clocks run again from what they had left (but a player on vacation stays paused)."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        if game.paused_at is None:
            raise Invalid("This game is not paused.", code="not_paused")
        game.paused_at = None
        _clocks_follow_players(game, list(game.seats.filter(awaiting=True)), timezone.now())
        game.version += 1
        game.save(update_fields=["paused_at", "version"])
        if game.state is not None:  # the turn mails a pause held back
            kind = kind_of(game)
            notify_turn(game, kind, kind.load(game.state))
        return record(actor, AuditEntry.Act.RESUME, "resumed the game", game=game, tell=players_of(game))


def abort_game(game: Game, actor: Actor) -> AuditEntry:
    """End the game without a result: nobody wins or loses, no clock runs, open votes are void."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        if game.is_over:
            raise NotInPlay("This game is over already.", code="over")
        now = timezone.now()
        game.status, game.finished_at, game.paused_at = Game.Status.ABORTED, now, None
        clock.stop_all(game, now)
        void_votes(game)
        game.version += 1
        game.save(update_fields=["status", "finished_at", "paused_at", "version"])
        forget_invitees(game)
        return record(actor, AuditEntry.Act.ABORT, "aborted the game", game=game, tell=players_of(game))


def replace_player(game: Game, actor: Actor, index: int, user: Any) -> AuditEntry:
    """Give a seat still in the game to another user. A mailed reply to the seat is played only from its
    player's own addresses (games/mail/inbound.py), so the old player's no longer counts; mail still owed
    to the old player about the game is dropped, and the new player is mailed the turn if the game waits
    for the seat."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        _in_play(game, "given a new player")
        seat = _seat(game, index, out=": there is no seat to hand on")
        user = (get_user_model().objects.select_related("profile").filter(pk=user.pk, is_active=True).first()
                if user is not None else None)
        if user is None:
            raise Invalid("Choose an active user to take the seat.", code="no_such_user")
        if game.seats.filter(user=user).exists():
            raise Invalid(f"{user.display_name} already plays in this game.", code="already_seated")
        before, old = _hand_on(game, seat, user=user)
        return record(actor, AuditEntry.Act.REPLACE, f"gave {before}'s seat to {user.display_name}",
                      game=game, seat=index, user=user, tell=[*players_of(game), old],
                      details={"from": getattr(old, "pk", None), "to": user.pk})


def replace_with_bot(game: Game, actor: Actor, index: int, level: str) -> AuditEntry:
    """Give a seat still in the game to a bot of `level` (docs/bots.md): a player who left, or a
    suspended one whose games should not wait. The bot plays at once if the game waits for the seat."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        _in_play(game, "given a bot")
        seat = _seat(game, index, out=": there is no seat to hand on")
        check_bot_level(kind_of(game), level)
        before, old = _hand_on(game, seat, bot=level)
        if seat.awaiting:
            wake_bots(game, [seat])
        return record(actor, AuditEntry.Act.REPLACE, f"gave {before}'s seat to {seat.name}", game=game,
                      seat=index, tell=[*players_of(game), old],
                      details={"from": getattr(old, "pk", None), "bot": level})


def _hand_on(game: Game, seat: Seat, *, user: Any = None, bot: str | None = None) -> tuple[str, Any]:
    """The seat changes hands (its place, clock and pieces stay); returns the name it had and its old
    user. Mail still owed to the old player about the game is dropped; the new player gets the turn's."""
    before, old = seat.name, seat.user
    now = timezone.now()
    seat.user, seat.bot, seat.chat_read, seat.timeouts = user, bot, 0, 0
    seat.save(update_fields=["user", "bot", "chat_read", "timeouts"])
    if old is not None:
        Notification.objects.filter(game=game, user=old, sent_at__isnull=True).update(sent_at=now,
                                                                                      dropped=True)
    void_votes(game, seat.index)
    _clocks_follow_players(game, [seat], now)
    game.version += 1
    game.save(update_fields=["version"])
    if seat.awaiting and game.state is not None and user is not None:
        kind = kind_of(game)
        notify_turn(game, kind, kind.load(game.state))
    return before, old


def _clocks_follow_players(game: Game, seats: list[Seat], now: Any) -> None:
    """Each awaited seat's clock runs unless its player is on vacation, or stands still if they are (a
    game resumed; a seat handed to a new player); a paused game keeps them all still."""
    awaited = [s for s in seats if s.awaiting]
    if game.paused_at is not None or not awaited:
        return
    away = on_vacation([s.user_id for s in awaited if s.user_id is not None])
    for seat in awaited:
        if seat.user_id in away and not seat.clock_out_of_turn:  # a question's window runs on (vacation.py)
            clock.pause_seat(seat, now)
        else:
            clock.resume_seat(seat, game.clock_rules, now)


def remove_player(game: Game, actor: Actor, index: int) -> AuditEntry:
    """Take a seat out of the game as if eliminated: the kind's leave_commands, played for it."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        _in_play(game, "changed")
        seat = _seat(game, index, out=" already")
        kind = kind_of(game)
        leave = kind.leave_commands(kind.load(game.state), index)
        if not leave:
            raise Invalid("This game's rules give no way to take the seat out.", code="no_leave")
        applied = apply_command(game, actor, "\n".join(leave), seat=index)
        if applied.stopped is not None:
            raise applied.stopped
        game = applied.game
        return record(actor, AuditEntry.Act.REMOVE, f"removed {seat.name} from the game", game=game,
                      seat=index, user=seat.user, tell=players_of(game))


def rollback_game(game: Game, actor: Actor, to_seq: int) -> AuditEntry:
    """Back to the position after action `to_seq` (0: the start), rebuilt from the log with the dice each
    action drew. The later actions stay in the log, voided (marked undone), as a player's undo leaves
    them; the turn snapshots after the point go, being positions that no longer happened. A finished game
    is in play again."""
    actor.require_moderator()
    with transaction.atomic():
        game = locked(game)
        if game.status not in ROLLBACK_FROM or game.state is None:
            raise NotInPlay("Only a game that has started and was not aborted can be rolled back.")
        counted = list(game.actions.filter(undone=False).order_by("seq"))
        standing = {a.seq for a in counted}
        if not isinstance(to_seq, int) or to_seq < 0 or (to_seq and to_seq not in standing):
            raise Invalid(f"Action {to_seq} is not in the log (or was taken back): choose one still "
                          f"standing.", code="no_such_action")
        voided = [a for a in counted if a.seq > to_seq]
        if not voided:
            raise Invalid(f"Nothing was played after action {to_seq}.", code="nothing_after")
        kind = kind_of(game)
        snapshot = game.snapshots.filter(seq__lte=to_seq).order_by("-seq").first()
        if snapshot is None:
            raise Invalid("This game has no recorded start to replay from.", code="no_snapshot")
        redo = [a for a in counted if snapshot.seq < a.seq <= to_seq]
        state = replay(kind, kind.load(snapshot.state), redo)
        now = timezone.now()
        reopened = game.status == Game.Status.FINISHED
        Action.objects.filter(pk__in=[a.pk for a in voided]).update(undone=True)
        Snapshot.objects.filter(game=game, seq__gt=to_seq).delete()
        void_votes(game)
        # The seats the position awaits start fresh stints (a voided turn's clock does not carry on; a
        # time bank keeps what it holds now), and the mail about turns that no longer happened is
        # forgotten, so the turns played again are mailed and reminded again.
        clock.stop_all(game, now)
        _forget_turn_mail(game, kind.turn(state), reopened)
        game.finished_at = game.result = None
        game.turn_started_at = now
        game.version += 1
        store_state(game, kind, state)
        back_in = game.seats.filter(status=Seat.Status.PLAYING)
        back_in.update(abandoned=False)
        Notification.objects.filter(game=game, seat__in=back_in, kind=Notification.Kind.ELIMINATED).delete()
        finish_if_over(game, kind, state)
        game.save()
        if reopened or game.finished_at is not None:
            ratings.settle(game)  # a result taken back (or changed) leaves the ladders
        notify_turn(game, kind, state)
        return record(actor, AuditEntry.Act.ROLLBACK, f"rolled the game back to action {to_seq}", game=game,
                      tell=players_of(game), details={"to": to_seq, "voided": [a.seq for a in voided]})


def _forget_turn_mail(game: Game, turn: int, reopened: bool) -> None:
    """The turn and start notices of turns from `turn` on, their reminders, and (a finished game in play
    again) the game-over notices: each is owed at most once per key, and these keys come round again."""
    kinds = Notification.Kind
    dues = ClockDue.objects.filter(game=game, turn__gte=turn).values_list("pk", flat=True)
    stale = (Q(kind__in=(kinds.TURN, kinds.STARTED), key__gte=turn)
             | Q(kind=kinds.REMINDER, key__in=list(dues)))
    if reopened:
        stale |= Q(kind=kinds.FINISHED)
    Notification.objects.filter(stale, game=game).delete()


def extend_deadline(game: Game, actor: Actor, index: int, hours: int) -> AuditEntry:
    """More time for a seat the game waits for, on top of what its clock has left."""
    actor.require_moderator()
    if not isinstance(hours, int) or not 1 <= hours <= EXTEND_MAX_HOURS:
        raise Invalid(f"Give between 1 and {EXTEND_MAX_HOURS} hours.", code="bad_hours")
    with transaction.atomic():
        game = locked(game)
        _in_play(game, "given more time")
        seat = _seat(game, index)
        if not seat.awaiting or seat.clock_left is None:
            raise Invalid(f"{seat.name} has no clock running: the game is not waiting for them against a "
                          f"deadline.", code="no_clock")
        clock.extend_seat(seat, game.clock_rules, hours * 3600.0, timezone.now())
        game.version += 1
        game.save(update_fields=["version"])
        return record(actor, AuditEntry.Act.EXTEND, f"gave {seat.name} {hours} more hours", game=game,
                      seat=index, user=seat.user, tell=[seat.user_id], details={"hours": hours})
