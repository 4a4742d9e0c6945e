"""E-mails owed to players (Notification rows, docs/architecture.md, Notices).

The action that causes a notice writes its row in its own transaction (so a move rolled back owes
nothing) and hands the new rows to Celery on commit. The sender (games.mail.outbound) then claims a row,
sends it and marks it, each a conditional UPDATE, so a duplicated task, a retry after success or the
sweep racing the task never mails twice.

A turn notice (and a start notice) is due NOTICE_DELAY_SECONDS after the move (`due_at`) and sent then by
the sweep, which drops it if the player, who chose "only when I am away", acted or had the game page open
meanwhile, and sends a player's turn notices that are due together as one mail; other notices are due at
once and queued on commit.

Who writes which: lobby.invite_user notify_invited; the start (lobby._start) notify_started, which for a
seat awaited at the start is also the start turn's notice; commands.apply_command notify_turn for the
seats newly awaited; clock.fire_due notify_reminder; common.store_state notify_eliminated for a seat gone
out while the game goes on; common.finish_if_over notify_finished.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from accounts.models import TurnMail
from games.actions.asked_again import next_repeat
from games.actions.webhooks import owe_prompts
from games.kinds import Kind
from games.models import Action, ClockDue, Game, InboundMail, Invitation, Notification, Seat
from games.queries import read_profiles
from games.rows import Columns, split

# After a failed send the row rests this long (doubling per attempt, up to the cap) before the retry or
# the sweep tries it again: an SMTP server that is down is not hammered every minute.
BACKOFF_FIRST = timedelta(seconds=30)
BACKOFF_CAP = timedelta(minutes=15)
# The notices that tell a player what they are asked (prompt = its key, key = the turn's number people
# read): at most one per player and prompt.
TURN_NOTICES = (Notification.Kind.TURN, Notification.Kind.STARTED)
# A player's turn notices that fall due together (several games against bots answered within the same
# minute) go as one mail; a mail of more games than this would be too long to read.
GATHER_MOST = 9


def _recipients(game: Game) -> QuerySet[Seat]:
    # Every notice kind: a seated, active player who has not said "never" (which stops game-over mails
    # too: it reads as no game e-mail at all). Presence is judged at send time, not here.
    return (game.seats.filter(user__isnull=False, user__is_active=True)
            .exclude(user__profile__turn_mail=TurnMail.NEVER))


def _receives(user: Any, profile: Any) -> bool:
    """_recipients' test for one player already read: active, and not "never"."""
    return bool(user.is_active) and getattr(profile, "turn_mail", None) != TurnMail.NEVER


def notify_turn(game: Game, kind: Kind, state: Any, seats: list[Seat] | None = None) -> list[int]:
    """Owe a notice to every player now awaited for what their seat is asked (Seat.prompt), unless they
    were told of that prompt since their seat was last awaited (Seat.awaited_since): one mail per prompt,
    so a seat asked twice in a turn gets two, and the game-start mail is the start prompt's notice. A
    prompt that comes back to a seat not awaited meanwhile (an own turn held while others answered its
    questions out of turn) is told again, as its next `repeat`: the game waits for that player once
    more, and the mail they last had asked them nothing. Call under the game's row lock, after
    store_state. A game a moderator paused owes none: resuming it does. `seats`: the game's seats as
    store_state left them, read with their players' profiles (games.queries.with_seats), which spares
    reading them again; without them, or without their profiles, they are read here."""
    if game.paused_at is not None:
        return []
    due = timezone.now() + timedelta(seconds=settings.NOTICE_DELAY_SECONDS)
    profiles = read_profiles(seats) if seats is not None else None
    if seats is not None and profiles is not None:
        asked = [s for s in seats if s.awaiting and s.prompt and s.user_id is not None]
        awaited = [s for s in asked if _receives(s.user, profiles[s.user_id])]
        owe_prompts(game, kind.turn(state), asked)
    else:
        awaited = list(_recipients(game).filter(awaiting=True).exclude(prompt=""))
        owe_prompts(game, kind.turn(state))
    told: dict[tuple[int, str], list[tuple[int, Any]]] = {}
    earlier = Notification.objects.filter(game=game, kind__in=TURN_NOTICES,
                                          prompt__in={s.prompt for s in awaited})
    for user_id, prompt, repeat, created_at in earlier.values_list("user_id", "prompt", "repeat",
                                                                   "created_at"):
        told.setdefault((user_id, prompt), []).append((repeat, created_at))
    rows = []
    for seat in awaited:
        repeat = next_repeat(told.get((seat.user_id, seat.prompt), []), seat.awaited_since)
        if repeat is None:
            continue  # told already while awaited this time
        rows.append(Notification.objects.create(
            game=game, user_id=seat.user_id, seat=seat, kind=Notification.Kind.TURN, key=kind.turn(state),
            prompt=seat.prompt, repeat=repeat, due_at=due))
    return send_on_commit(rows)


def notify_started(game: Game, kind: Kind, state: Any) -> list[int]:
    """The game has left "open": every seated player is told, with where it stands. For a seat
    the game awaits at the start this is also its first prompt's notice (keyed by the prompt, as a turn
    notice is): one mail, not a start mail and a turn mail. Sent whatever "every turn" or "only when I am
    away" says (the game began without them), unless they chose "only when I am away" and acted or had its
    page open meanwhile: due NOTICE_DELAY_SECONDS later, as a turn notice (the player who started a game
    against bots is on its page). "Never" still stops it. Call instead of notify_turn when the game
    starts."""
    owe_prompts(game, kind.turn(state))
    return _owe(game, Notification.Kind.STARTED, _recipients(game), key=kind.turn(state), prompted=True,
                due_at=timezone.now() + timedelta(seconds=settings.NOTICE_DELAY_SECONDS))


def notify_invited(invitation: Invitation) -> list[int]:
    """Owe the invitee a mail (who invites, the game, the link to take the seat), once per game."""
    user = invitation.user
    profile = getattr(user, "profile", None)
    if not user.is_active or (profile is not None and profile.turn_mail == TurnMail.NEVER):
        return []
    if Notification.objects.filter(game=invitation.game, user=user, kind=Notification.Kind.INVITED).exists():
        return []
    row = Notification.objects.create(game=invitation.game, user=user, kind=Notification.Kind.INVITED)
    return send_on_commit([row])


def notify_eliminated(game: Game, seats: Iterable[Seat]) -> list[int]:
    """Owe the players of these seats, just gone out (or resigned) while the game goes on, a mail with
    the position that put them out; once per game and player. Call under the game's row lock."""
    ids = [seat.pk for seat in seats]
    if not ids:
        return []
    return _owe(game, Notification.Kind.ELIMINATED, _recipients(game).filter(pk__in=ids))


def notify_finished(game: Game) -> list[int]:
    """Owe the game-over summary to every seated player (who takes turn e-mails), once per game."""
    return _owe(game, Notification.Kind.FINISHED, _recipients(game))


def _owe(game: Game, kind: str, seats: QuerySet[Seat], *, had: Q | None = None, key: int = 0,
         due_at: Any = None, prompted: bool = False) -> list[int]:
    """A row of `kind` for each of these seats' players who has none yet (`had`: what counts as one
    already; by default any of this kind in the game: a once-per-game mail). `prompted`: the row tells
    the seat's prompt (its key on the row)."""
    owed = set(Notification.objects.filter(had if had is not None else Q(kind=kind), game=game)
               .values_list("user_id", flat=True))
    rows = [Notification.objects.create(game=game, user_id=seat.user_id, seat=seat, kind=kind, key=key,
                                        prompt=seat.prompt if prompted else "",
                                        due_at=due_at or timezone.now())
            for seat in seats if seat.user_id not in owed]
    return send_on_commit(rows)


def notify_reminder(game: Game, seat: Seat, due: ClockDue) -> list[int]:
    """Owe the seat's player a reminder that its time is running out, keyed by the due row: one mail per
    reminder, however often the row's task runs. Sent whatever "every turn" or "only when I am away"
    says (a deadline matters even to a player who was here); "never" still stops it. Call under the
    game's row lock (games/actions/clock.py)."""
    if seat.user_id is None:
        return []
    return _owe(game, Notification.Kind.REMINDER, _recipients(game).filter(pk=seat.pk),
                had=Q(kind=Notification.Kind.REMINDER, key=due.pk), key=due.pk)


def notify_reply(mailed: InboundMail) -> list[int]:
    """Owe the answer to a mailed reply (games/actions/mail.py), keyed by its InboundMail: one per mail.
    Sent whatever `turn_mail` says: it answers the player's own mail."""
    return send_on_commit([Notification.objects.create(
        game_id=mailed.game_id, user_id=mailed.user_id, seat_id=mailed.seat_id, kind=Notification.Kind.REPLY,
        key=mailed.pk)])


def send_on_commit(rows: list[Notification]) -> list[int]:
    """Queue the rows due now; a row due later is the sweep's (a long countdown would sit unacknowledged
    in a worker: settings, CELERY_TASK_ACKS_LATE), and the sweep is the guarantee anyway."""
    now = timezone.now()
    ids = [row.pk for row in rows if row.due_at <= now]
    if ids:
        from games.tasks import queue_notifications  # tasks import the actions: import when called

        transaction.on_commit(lambda: queue_notifications(ids))
    return [row.pk for row in rows]


# === The sender's writes ===
#
# A sender asks two statements here, however many rows go out together: one claims the row and the
# player's other turn notices due now and reads them with what the mail needs, one marks them all. Both are
# SQL written once per process: Django compiling a conditional UPDATE, the gathering's SELECT and each
# gathered row's own UPDATE and read (select_related over five tables) cost many times the queries
# themselves (bench/README.md, "Notices: 10,000 a minute through two workers").

_TABLE = Notification._meta.db_table
# The row asked for, if it is unsent, due and free; then, if it tells a turn (TURN_NOTICES), the same
# player's other unsent turn notices that are due and free, oldest due first. The others are picked with
# SKIP LOCKED: a row another sender is claiming at this moment is theirs (its own claim would find it held
# anyway), and two senders gathering each other's rows never wait on each other. Every row is taken on the
# same conditions as it is picked (an UPDATE re-checks its WHERE on a row changed meanwhile). The picking is
# its own materialized step: as a subquery of the UPDATE's WHERE it may run again for each row, each run
# skipping the rows the previous ones locked, and take more than `most`.
_FREE = ("{t}.sent_at IS NULL AND {t}.due_at <= %(now)s"
         " AND ({t}.claimed_until IS NULL OR {t}.claimed_until <= %(now)s)")


@functools.cache
def _claim_reading() -> tuple[str, list[Columns]]:
    """The claim's SQL and how its rows are read (built once per process: the models are loaded by then)."""
    from accounts.models import Profile, User

    parts = [Columns(Notification, "taken"), Columns(Game, "g"), Columns(Seat, "s"), Columns(User, "u"),
             Columns(Profile, "p")]
    quote = connection.ops.quote_name
    profile_user = quote(Profile._meta.get_field("user").column)
    sql = f"""
WITH lead AS (
    UPDATE {_TABLE} AS n SET claimed_until = %(until)s, attempts = n.attempts + 1
    WHERE n.id = %(pk)s AND {_FREE.format(t="n")}
    RETURNING n.*
), picked AS MATERIALIZED (
    SELECT o.id FROM {_TABLE} AS o JOIN lead ON o.user_id = lead.user_id AND o.id <> lead.id
    WHERE lead.kind = ANY(%(turns)s) AND o.kind = ANY(%(turns)s) AND {_FREE.format(t="o")}
    ORDER BY o.due_at, o.id LIMIT %(most)s FOR UPDATE OF o SKIP LOCKED
), others AS (
    UPDATE {_TABLE} AS n SET claimed_until = %(until)s, attempts = n.attempts + 1
    FROM picked WHERE n.id = picked.id AND {_FREE.format(t="n")}
    RETURNING n.*
), taken AS (SELECT * FROM lead UNION ALL SELECT * FROM others)
SELECT {", ".join(part.sql for part in parts)},
    EXISTS(SELECT 1 FROM {quote(Action._meta.db_table)} AS a WHERE a.game_id = taken.game_id
           AND a.actor_id = taken.user_id AND a.created_at > taken.created_at) FROM taken
    LEFT JOIN {quote(Game._meta.db_table)} AS g ON g.id = taken.game_id
    LEFT JOIN {quote(Seat._meta.db_table)} AS s ON s.id = taken.seat_id
    JOIN {quote(User._meta.db_table)} AS u ON u.id = taken.user_id
    LEFT JOIN {quote(Profile._meta.db_table)} AS p ON p.{profile_user} = u.id"""
    return sql, parts


def claim(notification_id: int, most: int = GATHER_MOST) -> list[Notification]:
    """Take the lease on an unsent row that is due and, if it tells a turn (TURN_NOTICES), on the same
    player's other such notices (any game) due now that no sender holds, `most` at most: they go out with
    it as one mail (games.mail.outbound.deliver). [] when the row is not due yet, sent, dropped or held by
    another sender (or resting after a failure). The rows come back as the claim left them, with their
    game, seat and user (with its profile), the one asked for first, the others oldest due first: one
    statement in all. Each row's `acted_since` says whether its player acted in its game after it was
    written (what the sender asks of a notice to a player away: games/mail/outbound.py, _was_here)."""
    now = timezone.now()
    until = now + timedelta(seconds=settings.NOTICE_LEASE_SECONDS)
    if connection.vendor != "postgresql":
        return _claim_by_orm(notification_id, most, now, until)
    sql, parts = _claim_reading()
    with connection.cursor() as cursor:
        cursor.execute(sql, {"pk": notification_id, "now": now, "until": until,
                             "turns": [str(kind) for kind in TURN_NOTICES], "most": most})
        found = cursor.fetchall()
    rows = []
    for values in found:
        row, game, seat, user, profile = split(values[:-1], parts)
        row.acted_since = bool(values[-1])
        if game is not None:
            row.game = game
        if seat is not None:
            row.seat = seat
        row.user = user
        if profile is not None:
            user.profile = profile
        rows.append(row)
    # Our lease is our token: every later write is conditional on it (claimed_until, as the claim wrote
    # it), so a sender whose lease ran out (and was taken over) cannot overwrite the new holder's outcome.
    return sorted(rows, key=lambda row: (row.pk != notification_id, row.due_at, row.pk))


def _claim_by_orm(notification_id: int, most: int, now: Any, until: Any) -> list[Notification]:
    """claim() on a database without the claim's SQL (its UPDATE ... RETURNING in a WITH, SKIP LOCKED,
    arrays: PostgreSQL's): the embedded default's SQLite, one writer at a time. Row by row, on the same
    conditions, the rows the same."""

    def take(pk: int) -> bool:
        return bool(Notification.objects.filter(_free(now), pk=pk, sent_at__isnull=True, due_at__lte=now)
                    .update(claimed_until=until, attempts=F("attempts") + 1))

    if not take(notification_id):
        return []
    taken = [notification_id]
    kind, user_id = Notification.objects.values_list("kind", "user_id").get(pk=notification_id)
    if kind in TURN_NOTICES:
        others = (Notification.objects.filter(_free(now), user_id=user_id, kind__in=TURN_NOTICES,
                                              sent_at__isnull=True, due_at__lte=now)
                  .exclude(pk=notification_id).order_by("due_at", "pk").values_list("pk", flat=True)[:most])
        taken += [pk for pk in others if take(pk)]
    rows = list(Notification.objects.select_related("game", "seat", "user__profile")
                .filter(pk__in=taken, claimed_until=until))
    for row in rows:
        row.acted_since = row.game_id is not None and Action.objects.filter(
            game_id=row.game_id, actor_id=row.user_id, created_at__gt=row.created_at).exists()
    return sorted(rows, key=lambda row: (row.pk != notification_id, row.due_at, row.pk))


_MARK_SQL = (f"UPDATE {_TABLE} SET sent_at = %(now)s, dropped = NOT (id = ANY(%(told)s::bigint[])),"
             " claimed_until = NULL"
             " WHERE id = ANY(%(ids)s::bigint[]) AND sent_at IS NULL AND claimed_until = %(until)s")


def mark_sent(rows: list[Notification], told: set[int]) -> int:
    """Record the rows as sent (those in `told`: the mail told them) or dropped unsent (the others), in one
    statement. A row whose lease was lost (its claimed_until no longer ours) is left to its new holder.
    Returns how many rows were marked."""
    marked = 0
    if connection.vendor != "postgresql":  # the statement below takes arrays: row by row elsewhere
        now = timezone.now()
        for row in rows:
            marked += _held(row).update(sent_at=now, dropped=row.pk not in told, claimed_until=None)
        return marked
    with connection.cursor() as cursor:
        for until in {row.claimed_until for row in rows}:
            cursor.execute(_MARK_SQL, {"now": timezone.now(), "until": until, "told": sorted(told),
                                       "ids": [row.pk for row in rows if row.claimed_until == until]})
            marked += cursor.rowcount
    return marked


def _held(row: Notification) -> QuerySet[Notification]:
    return Notification.objects.filter(pk=row.pk, sent_at__isnull=True, claimed_until=row.claimed_until)


def mark_failed(row: Notification, error: str) -> timedelta:
    """Record a failed send and rest the row for its back-off; returns the back-off."""
    backoff = min(BACKOFF_FIRST * 2 ** max(row.attempts - 1, 0), BACKOFF_CAP)
    _held(row).update(last_error=error[:2000], claimed_until=timezone.now() + backoff)
    return backoff


def _free(now: Any) -> Q:
    return Q(claimed_until__isnull=True) | Q(claimed_until__lte=now)


def due_notifications(limit: int = 200) -> list[int]:
    """Unsent rows that are due and no sender holds, longest due first: what the sweep sends."""
    now = timezone.now()
    return list(Notification.objects.filter(_free(now), sent_at__isnull=True, due_at__lte=now)
                .order_by("due_at", "pk").values_list("pk", flat=True)[:limit])
