"""Celery tasks. They take ids, re-read the database, and do nothing when the game has moved on."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail

from games.models import Game


@shared_task(soft_time_limit=60, time_limit=90)
def notify_turn(game_id: int, version: int) -> int:
    """E-mail the players now to act (those whose profile asks for it) about game `game_id` at `version`.

    Returns the number of e-mails sent; 0 when the game is gone or already past that version (the player
    acted before the notice went out, so it would be stale)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.version != version:
        return 0
    seats = (game.seats.filter(awaiting=True, user__isnull=False, user__is_active=True,
                               user__profile__notify_on_turn=True)
             .select_related("user__profile"))
    url = f"{settings.SITE_URL}{game.get_absolute_url()}"
    sent = 0
    for seat in seats:
        setup = game.status == Game.Status.SETUP
        what = "choose before play starts" if setup else "it is your turn"
        send_mail(
            subject=f"{game.kind_title} game {game.pk}: {what}",
            message=(f"Hello {seat.name},\n\nIn {game.kind_title} game {game.pk} ({game.options_text}, "
                     f"{game.players} players) {what}.\n\nPlay at {url}\n\n"
                     f"To stop these e-mails, untick “e-mail me when it is my turn” on your profile: "
                     f"{settings.SITE_URL}/profile/\n"),
            from_email=None,
            recipient_list=[seat.user.email],
        )
        sent += 1
    return sent
