"""The clock's writers (docs/clock.md): seats' clocks started and stopped as the game awaits them, their
reminders and timeouts owed as ClockDue rows, and a due row carried out.

- `track` runs inside every writer that stores a state (common.store_state), under the game's row lock:
  a seat newly awaited starts a stint (its allowance, its due rows), a seat no longer awaited ends it (a
  time bank keeps what is left plus the increment; its pending rows are closed as stale).
- `fire_due` carries out one due row for the beat's task (games/tasks.py): under the game's row lock it
  checks the row is still owed, then reminds (a Notification) or times the seat out through
  apply_command as the clock's Actor, so a player's last-second move and the timeout cannot both apply:
  whichever takes the lock first wins, and the other finds the turn gone.
- `pause_seat` / `resume_seat` stop and restart a running clock (vacation, a game paused by a moderator);
  `extend_seat` gives a stint more time and `stop_all` ends every clock of an aborted game (moderators:
  games/actions/moderation.py).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.clock import plan
from games.clock.rules import BANK, BOT, LAST_CALL_HOURS, ClockRules
from games.kinds.protocol import Prompt
from games.models import ClockDue, Game, Notice, Seat
from games.queries import seat_at

logger = logging.getLogger(__name__)

# The seat fields `track` writes (with store_state's own, in one bulk update).
CLOCK_FIELDS = ["awaited_since", "clock_prompt", "clock_out_of_turn", "clock_allowed", "clock_left",
                "clock_since", "bank"]


class Fired(enum.StrEnum):
    REMINDED = "reminded"
    TIMED_OUT = "timed out"
    VACATION = "vacation"
    STALE = "stale"  # the seat played, or the game moved on, first
    STUCK = "stuck"  # the kind had nothing for the clock to play
    NOT_YET = "not yet"  # paused or moved later since it was queued: the scan comes back for it
    DONE = "done"  # already carried out (a task run twice)


def track(game: Game, rules: ClockRules, turn: int, prompts: Mapping[int, Prompt], seats: list[Seat],
          was_prompt: dict[int, str], now: datetime, on_vacation: Callable[[list[int]], set[int]]) -> None:
    """Start and stop the seats' clocks as their prompts (`prompt`, already set on `seats`) changed from
    `was_prompt` (by seat pk): one stint per prompt. Writes the due rows; the caller saves the seats'
    CLOCK_FIELDS. `on_vacation(user ids)` is asked only when a clock starts (most moves start none).

    A question out of turn runs on its own window (Prompt.seconds), even in a game without a clock and
    while its player is on vacation (no game waits on a seat it does not need), and touches no time
    bank. An own turn whose seat is waiting for others to answer one of its questions is held, not
    ended: its clock stands still and runs on from where it stood when the same prompt comes back."""
    waiting_on_answers = bool(prompts) and not any(p.own_turn for p in prompts.values())
    starting = [s for s in seats if s.prompt and s.prompt != was_prompt.get(s.pk, "")]
    away = (on_vacation([s.user_id for s in starting if s.user_id is not None])
            if rules.runs and starting else set())
    for seat in seats:
        before, after = was_prompt.get(seat.pk, ""), seat.prompt
        if after == before:
            if not after and seat.clock_prompt is not None and not waiting_on_answers:
                _stop(rules, seat, now)  # a held turn the game moved past without it
            continue
        if not after:
            seat.awaited_since = None
        elif not before:
            seat.awaited_since = now
        held = seat.clock_prompt is not None and not seat.clock_out_of_turn
        if seat.clock_prompt is not None and not (held and seat.clock_prompt == after):
            if not after and held and waiting_on_answers:
                _hold(seat, now)
                continue
            _stop(rules, seat, now)
        if not after:
            continue
        prompt = prompts[seat.index] if seat.index is not None else None
        paused = game.paused_at is not None
        if held and seat.clock_prompt == after:  # the held own turn comes back
            if not paused and seat.user_id not in away:
                resume_seat(seat, rules, now, save=False)
        elif prompt is not None and not prompt.own_turn and (prompt.seconds or rules.runs):
            seconds = float(prompt.seconds) if prompt.seconds else rules.hours * 3600.0
            _start(game, rules, turn, seat, after, seconds, now, paused=paused, out_of_turn=True)
        elif rules.runs:
            if rules.mode == BANK and seat.bank is None:
                seat.bank = rules.bank_hours * 3600.0
            allowed = seat.bank if rules.mode == BANK else rules.hours * 3600.0
            assert allowed is not None
            _start(game, rules, turn, seat, after, allowed, now, paused=paused or seat.user_id in away,
                   out_of_turn=False)


def _start(game: Game, rules: ClockRules, turn: int, seat: Seat, prompt: str, allowed: float, now: datetime,
           *, paused: bool, out_of_turn: bool) -> None:
    seat.clock_prompt, seat.clock_out_of_turn = prompt, out_of_turn
    seat.clock_allowed = seat.clock_left = allowed
    seat.clock_since = None if paused else now
    rows = [ClockDue(game=game, seat=seat, prompt=prompt, turn=turn, kind=name, due_at=at)
            for name, at in plan.due_times(rules, allowed, allowed, seat.clock_since).items()]
    # A stint met again (an undo back into an earlier turn) re-arms its rows; a reminder already mailed
    # for it is not mailed twice (its Notification is keyed by the row).
    ClockDue.objects.bulk_create(rows, update_conflicts=True, unique_fields=["seat", "prompt", "kind"],
                                 update_fields=["turn", "due_at", "done_at", "outcome", "queued_until"])


def _stop(rules: ClockRules, seat: Seat, now: datetime) -> None:
    """The stint is over: a time bank keeps what is left plus the increment (an own turn only); its rows
    still pending are closed as stale."""
    if rules.mode == BANK and seat.clock_left is not None and not seat.clock_out_of_turn:
        seat.bank = plan.bank_after_turn(rules, plan.left_at(seat.clock_left, seat.clock_since, now))
    ClockDue.objects.filter(seat=seat, prompt=seat.clock_prompt, done_at__isnull=True).update(
        done_at=now, outcome=Fired.STALE, queued_until=None)
    seat.clock_prompt = seat.clock_allowed = seat.clock_left = seat.clock_since = None
    seat.clock_out_of_turn = False


def _hold(seat: Seat, now: datetime) -> None:
    """An own turn waits for others' answers: its clock stands still, its rows unscheduled."""
    if seat.clock_since is None or seat.clock_left is None:
        return
    seat.clock_left = plan.left_at(seat.clock_left, seat.clock_since, now)
    seat.clock_since = None
    ClockDue.objects.filter(seat=seat, prompt=seat.clock_prompt, done_at__isnull=True).update(
        due_at=None, queued_until=None)


def pause_seat(seat: Seat, now: datetime) -> bool:
    """Stop a running clock where it stands (the player went on vacation, a moderator paused the game).
    False if it was not running. A question out of turn runs on unless the whole game is paused (the
    caller says so): vacation holds up no one else. Call under the game's row lock; saves the seat."""
    if seat.clock_since is None or seat.clock_left is None:
        return False
    seat.clock_left = plan.left_at(seat.clock_left, seat.clock_since, now)
    seat.clock_since = None
    seat.save(update_fields=["clock_left", "clock_since"])
    ClockDue.objects.filter(seat=seat, prompt=seat.clock_prompt, done_at__isnull=True).update(
        due_at=None, queued_until=None)
    return True


def resume_seat(seat: Seat, rules: ClockRules, now: datetime, *, save: bool = True) -> bool:
    """Run a paused clock again from what it had left. False if it was not paused, or if it is an own turn
    held while others answer its question (it runs when that prompt comes back: track). Call under the
    game's row lock; saves the seat unless the caller does (track)."""
    if seat.clock_since is not None or seat.clock_left is None or seat.clock_allowed is None:
        return False
    if seat.prompt != seat.clock_prompt:
        return False
    seat.clock_since = now
    if save:
        seat.save(update_fields=["clock_since"])
    for name, at in plan.due_times(rules, seat.clock_allowed, seat.clock_left, now).items():
        ClockDue.objects.filter(seat=seat, prompt=seat.clock_prompt, kind=name, done_at__isnull=True).update(
            due_at=at, queued_until=None)
    return True


def extend_seat(seat: Seat, rules: ClockRules, seconds: float, now: datetime) -> None:
    """More time for a seat's stint (a moderator's): its timeout and the reminders still owed move later
    by `seconds`; a paused clock keeps them unscheduled. Call under the game's row lock; saves the seat."""
    assert seat.clock_left is not None and seat.clock_allowed is not None
    seat.clock_left = plan.left_at(seat.clock_left, seat.clock_since, now) + seconds
    if seat.clock_since is not None:
        seat.clock_since = now
    seat.save(update_fields=["clock_left", "clock_since"])
    for name, at in plan.due_times(rules, seat.clock_allowed, seat.clock_left, seat.clock_since).items():
        ClockDue.objects.filter(seat=seat, prompt=seat.clock_prompt, kind=name, done_at__isnull=True).update(
            due_at=at, queued_until=None)


def stop_all(game: Game, now: datetime) -> None:
    """Every clock of the game stops and nothing more is owed: a game aborted, or rolled back (whose
    position's seats then start afresh: games/actions/moderation.py). No time bank is credited."""
    game.seats.update(awaiting=False, prompt="", awaited_since=None, clock_prompt=None, clock_allowed=None,
                      clock_left=None, clock_since=None, clock_out_of_turn=False)
    ClockDue.objects.filter(game=game, done_at__isnull=True).update(done_at=now, outcome=Fired.STALE,
                                                                   queued_until=None)


def fire_due(due_id: int, now: datetime | None = None) -> Fired:
    """Carry out one due row, if it is still owed: at most once, whoever calls and however often."""
    from games.actions.common import locked  # common imports this module for track()

    now = now or timezone.now()
    game_id = ClockDue.objects.filter(pk=due_id).values_list("game_id", flat=True).first()
    if game_id is None:
        return Fired.DONE
    with transaction.atomic():
        game = locked(Game(pk=game_id))
        due = (ClockDue.objects.select_for_update(of=("self",)).select_related("seat__user__profile")
               .get(pk=due_id))
        if due.done_at is not None:
            return Fired.DONE
        seat = due.seat
        if not game.is_active or not seat.awaiting or seat.clock_prompt != due.prompt:
            return _close(due, Fired.STALE, now)
        if due.due_at is None or due.due_at > now or game.paused_at is not None:
            ClockDue.objects.filter(pk=due.pk).update(queued_until=None)
            return Fired.NOT_YET
        if due.kind == ClockDue.Kind.TIMEOUT:
            if seat.clock_out_of_turn:
                return _close(due, _default_answer(game, seat), now)
            if _auto_vacation(game, seat, now):
                return Fired.VACATION  # the row waits, paused, for the player's return
            return _close(due, _time_out(game, seat), now)
        from games.actions.notify import notify_reminder

        notify_reminder(game, seat, due)
        return _close(due, Fired.REMINDED, now)


def _close(due: ClockDue, outcome: Fired, now: datetime) -> Fired:
    ClockDue.objects.filter(pk=due.pk).update(done_at=now, outcome=outcome, queued_until=None)
    return outcome


def _auto_vacation(game: Game, seat: Seat, now: datetime) -> bool:
    """A player about to time out who has vacation days (and did not opt out) goes on vacation instead.
    Back from it they have the last call's hours (or their whole allowance, if shorter) to play."""
    from games.actions.actor import Actor
    from games.actions.vacation import days_left, start_vacation

    profile = getattr(seat.user, "profile", None) if seat.user is not None else None
    if profile is None or not profile.auto_vacation or profile.vacation_since is not None:
        return False
    if not seat.user.is_active:
        return False  # suspended or banned: their clock runs out (games/actions/sanctions.py)
    if days_left(profile, now) < settings.VACATION_AUTO_MIN_DAYS:
        return False
    seat.clock_left = min(seat.clock_allowed or 0.0, LAST_CALL_HOURS * 3600.0)
    seat.clock_since = now
    seat.save(update_fields=["clock_left", "clock_since"])
    start_vacation(Actor.clock(), seat.user, now)
    Notice.objects.create(user=seat.user, game=game, kind=Notice.Kind.VACATION,
                          text=f"Your time ran out in game {game.pk}, so you are on vacation now: your games "
                               f"wait for you. Back, turn it off on your profile.")
    return True


def _default_answer(game: Game, seat: Seat) -> Fired:
    """A question out of turn whose window closed: the kind's default answer (Prompt.default), played as
    the clock's Actor. Not a timeout of the player's: no count toward a vote to expel, no vacation, no
    bot standing in (the default is the passive answer the game's rules name)."""
    return _play_timeout(game, seat)


def _time_out(game: Game, seat: Seat) -> Fired:
    """The seat's time ran out: the clock plays what the kind says ends its turn (a setup decision's
    `keep`, an answer to a roll, `end`), as the clock's Actor, in the caller's transaction."""
    if game.clock_rules.on_timeout == BOT:
        from games.actions.bots import stand_in

        if stand_in(game, seat):
            _count_timeout(seat)
            return Fired.TIMED_OUT
    fired = _play_timeout(game, seat)
    if fired is not Fired.TIMED_OUT:
        return fired
    _count_timeout(seat)
    if game.is_active:
        from games.actions.expel import maybe_open_vote

        maybe_open_vote(game, seat)
    return fired


def _count_timeout(seat: Seat) -> None:
    Seat.objects.filter(pk=seat.pk).update(timeouts=F("timeouts") + 1, timeouts_total=F("timeouts_total") + 1)


def _play_timeout(game: Game, seat: Seat) -> Fired:
    """Play the kind's timeout_commands for the seat as the clock's Actor."""
    from games.actions.actor import Actor
    from games.actions.commands import apply_command
    from games.actions.common import kind_of
    from games.actions.errors import ActionError

    kind = kind_of(game)
    assert seat.index is not None  # an awaited seat has its place in the turn order
    commands = kind.timeout_commands(kind.load(game.state), seat.index)
    if not commands:
        logger.error("game %s: no command for the clock to play for seat %s", game.pk, seat.index)
        return Fired.STUCK
    try:
        with transaction.atomic():
            apply_command(game, Actor.clock(), "\n".join(commands), seat=seat.index)
    except ActionError as exc:
        logger.error("game %s: the clock's %s for seat %s was refused: %s", game.pk, commands, seat.index,
                     exc.message)
        return Fired.STUCK
    return Fired.TIMED_OUT


def played(game: Game, index: int) -> None:
    """The seat's player acted themself: their run of timeouts is over, and so is any vote on them. The
    seats read with the locked game say whether there is a run to end (most moves: none, no write)."""
    seat = seat_at(game, index)
    if seat is None or seat.timeouts == 0:
        return
    seat.timeouts = 0
    if Seat.objects.filter(pk=seat.pk, timeouts__gt=0).update(timeouts=0):
        from games.actions.expel import void_votes

        void_votes(game, index)


def due_ids(now: datetime, limit: int, hold_seconds: int) -> list[int]:
    """The pending rows that are due and not queued already, oldest first, marked queued for
    `hold_seconds` (the beat's scan: two queries whatever the batch's size)."""
    from datetime import timedelta

    from django.db.models import Q

    with transaction.atomic():
        free = Q(queued_until__isnull=True) | Q(queued_until__lte=now)
        ids = list(ClockDue.objects.filter(free, done_at__isnull=True, due_at__lte=now)
                   .select_for_update(skip_locked=True).order_by("due_at", "pk")
                   .values_list("pk", flat=True)[:limit])
        if ids:
            ClockDue.objects.filter(pk__in=ids).update(queued_until=now + timedelta(seconds=hold_seconds))
    return ids
