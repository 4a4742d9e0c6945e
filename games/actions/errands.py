"""A mailed reply's errands (games/mail/errands.py: say, nudge, notify, vacation, back), done through the
same actions as the web: the chat's (games/actions/chat.py: its checks, length, rate limit; moderators
hide a line as any other), the profile's turn-mail choice, the vacation's (games/actions/vacation.py).
`games` and `rules` change nothing: the answer shows them (games/mail/answers.py).

Each errand is done on its own, in a savepoint, whatever the game's commands did: a refused one is
said in the answer and changes nothing, and stops neither the commands nor the other errands."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, TurnMail
from games import seats as seats_of
from games.actions.actor import Actor
from games.actions.chat import CHAT_MAX, post_chat
from games.actions.common import kind_of
from games.actions.errors import ActionError, Invalid
from games.actions.notify import send_on_commit
from games.actions.vacation import end_vacation, start_vacation
from games.mail import errands
from games.models import Game, Notification, Seat

# A nudge is sent to a player the game has waited on this long at least, and at most once in that time:
# a reminder, never a way to hound someone who has a day to move.
NUDGE_AFTER = timedelta(hours=12)


def do_errands(game: Game, seat: Seat, asked: list[str]) -> list[dict[str, str]]:
    """Do the errands among a mail's asks, in order; what became of each, for the answer:
    {"errand": ..., "done": ...} or {"errand": ..., "refused": ...}."""
    actor = Actor.player(seat.user, channel="email")
    out = []
    for ask in asked:
        word = errands.first_word(ask)
        if word not in errands.WORDS or word in errands.SHOWN:
            continue
        try:
            with transaction.atomic():
                done = _ERRANDS[word](game, seat, actor, ask.partition(" ")[2].strip())
        except ActionError as exc:
            out.append({"errand": ask, "refused": exc.message})
        else:
            out.append({"errand": ask, "done": done})
    return out


def _say(game: Game, seat: Seat, actor: Actor, text: str) -> str:
    if text.endswith(errands.CUT):
        raise Invalid(f"Chat messages are at most {CHAT_MAX} characters, and this line was longer: nothing "
                      "was posted.", code="too_long")
    post_chat(game, actor, text)
    return "Posted to the game's chat."


def _nudge(game: Game, seat: Seat, actor: Actor, rest: str) -> str:
    """Owe each player the game waits for (not the nudger) their turn mail again, with a chat line saying
    who nudged: the mail shows the chat's new lines, so they read it there. A player awaited for less
    than NUDGE_AFTER, or nudged within it, is left alone; "never" still stops the mail."""
    del rest
    if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE):
        raise Invalid("The game is not in play: nobody to nudge.", code="not_in_play")
    now = timezone.now()
    awaited = list(game.seats.select_related("user__profile").filter(awaiting=True, user__isnull=False,
                                                                     bot__isnull=True)
                   .exclude(pk=seat.pk).exclude(prompt=""))
    if not awaited:
        raise Invalid("The game waits for nobody but you, or for a bot.", code="nobody_to_nudge")
    recent = set(Notification.objects.filter(game=game, kind=Notification.Kind.TURN,
                                             created_at__gt=now - NUDGE_AFTER)
                 .values_list("seat_id", flat=True))
    ready = [s for s in awaited if s.awaited_since is not None and s.awaited_since <= now - NUDGE_AFTER
             and s.pk not in recent]
    if not ready:
        hours = int(NUDGE_AFTER.total_seconds() // 3600)
        raise Invalid(f"A player is nudged once they have had {hours} hours to move, and then at most every "
                      f"{hours} hours: too soon to nudge now.", code="too_soon")
    names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
    whom = ", ".join(f"{seats_of.letter(s.index)} {names[s.index]}" for s in ready if s.index is not None)
    post_chat(game, actor, f"(nudge) The game waits for you, {whom}.")
    rows = []
    kind = kind_of(game)
    turn = kind.turn(kind.load(game.state)) if game.state else 0
    for s in ready:
        if s.user.is_active and s.user.profile.turn_mail != TurnMail.NEVER:
            told = Notification.objects.filter(game=game, user_id=s.user_id, kind=Notification.Kind.TURN,
                                               key=turn, prompt=s.prompt)
            last = told.order_by("-repeat").values_list("repeat", flat=True).first()
            rows.append(Notification.objects.create(
                game=game, user_id=s.user_id, seat=s, kind=Notification.Kind.TURN, key=turn, prompt=s.prompt,
                repeat=0 if last is None else last + 1, due_at=now))
    send_on_commit(rows)
    return f"Nudged {whom}: a line in the chat{' and a mail' if rows else ''}."


def _notify(game: Game, seat: Seat, actor: Actor, rest: str) -> str:
    choices = dict(zip(TurnMail.values, TurnMail.labels, strict=True))
    if rest not in choices:
        raise Invalid(f'Write "notify every", "notify away" or "notify never" ("{rest}" is none of them).',
                      code="bad_choice")
    profile = Profile.objects.select_for_update().get(user=actor.require_player())
    if profile.turn_mail != rest:
        profile.turn_mail = rest
        profile.save(update_fields=["turn_mail"])  # save, not update(): the profile's signals run
    return f"Turn mails: {choices[rest]}, in every game (your profile's choice)."


def _vacation(game: Game, seat: Seat, actor: Actor, rest: str) -> str:
    days: float | None = None
    if rest:
        try:
            days = float(rest.split()[0])
        except ValueError:
            raise Invalid(f'Write "vacation" or "vacation <days>", e.g. "vacation 3" ("{rest}" is no '
                          "number).", code="bad_days") from None
        if not 0 < days <= settings.VACATION_MAX_DAYS:
            raise Invalid(f"A vacation is from 1 hour to {settings.VACATION_MAX_DAYS} days.", code="bad_days")
    profile = start_vacation(actor, days=days)
    ends = profile.vacation_ends_at
    zone = profile.time_zone or "UTC"
    when = timezone.localtime(ends, _zone(zone)).strftime("%a %d %b %Y %H:%M") if ends else ""
    return (f"On vacation until {when} ({zone}): your clocks are paused. "
            'Write "back" to come back sooner.')


def _back(game: Game, seat: Seat, actor: Actor, rest: str) -> str:
    del rest
    end_vacation(actor)
    return "Back from vacation: your clocks run again."


def _zone(name: str) -> Any:
    from zoneinfo import ZoneInfo

    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


_ERRANDS = {errands.SAY: _say, errands.NUDGE: _nudge, errands.NOTIFY: _notify, errands.VACATION: _vacation,
            errands.BACK: _back}
