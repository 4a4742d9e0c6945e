"""Celery tasks. They take ids, re-read the database, and do nothing when the game has moved on."""

from __future__ import annotations

from email.message import MIMEPart

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, send_mail
from django.template.loader import render_to_string

from games.models import Game
from games.pictures import svg_png
from games.summary import game_summary


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


@shared_task(soft_time_limit=60, time_limit=90)
def notify_finished(game_id: int) -> int:
    """E-mail every seated player (who takes turn e-mails) the game-over summary, its charts as pictures.
    Returns the number of e-mails sent; 0 when the game is gone or not over."""
    game = Game.objects.filter(pk=game_id).first()
    summary = game_summary(game) if game is not None else None
    if game is None or summary is None:
        return 0
    seats = (game.seats.filter(user__isnull=False, user__is_active=True, user__profile__notify_on_turn=True)
             .select_related("user__profile"))
    charts = [(f"chart{i}@metaltalon", chart.title, svg_png(chart.svg, 640))
              for i, chart in enumerate(summary.charts)]
    sent = 0
    for seat in seats:
        ctx = {"game": game, "summary": summary, "name": seat.name, "site": settings.SITE_URL,
               "charts": [(cid, title) for cid, title, _ in charts]}
        mail = EmailMultiAlternatives(
            subject=f"{game.kind_title} game {game.pk} is over"
                    + (f": {summary.winner} wins" if summary.winner else ""),
            body=render_to_string("games/mail/finished.txt", ctx), to=[seat.user.email])
        mail.attach_alternative(render_to_string("games/mail/finished.html", ctx), "text/html")
        for cid, title, png in charts:
            mail.attach(_inline_png(cid, title, png))
        mail.send()
        sent += 1
    return sent


def _inline_png(cid: str, title: str, png: bytes) -> MIMEPart:
    """A picture the HTML part shows with <img src="cid:...">."""
    part = MIMEPart()
    part.set_content(png, maintype="image", subtype="png", disposition="inline",
                     filename=f"{title.lower()}.png", cid=f"<{cid}>")
    return part
