"""What ties a notice to its seat, its game's thread and its recipient's opt-out (docs/architecture.md,
Notices): a signed per-seat Reply-To, one thread per game and player, and a one-click List-Unsubscribe
(RFC 8058) that works on POST only and refuses forged tokens."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from urllib.parse import urlsplit

import pytest
from django.test import Client

from accounts.models import TurnMail
from games import actions
from games.actions import Actor
from games.mail.addresses import seat_address, seat_from_address, thread_root
from games.mail.unsubscribe import unsubscribe_token
from games.models import Game, Notification
from tests.web.factories import UserFactory, active_seat, other_seat, quiet_game
from tests.web.helpers import wire

pytestmark = pytest.mark.django_db(transaction=True)

MSGID = re.compile(r"<[^<>@\s]+@[^<>@\s]+>")


def _end_turn(game: Game) -> None:
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")


def _unsubscribe_path(message: EmailMessage) -> str:
    link = str(message["List-Unsubscribe"])
    assert link.startswith("<") and link.endswith(">")
    return urlsplit(link[1:-1]).path


def assert_notice_headers(message: EmailMessage, game: Game, seat_id: int, user_id: int) -> None:
    assert seat_from_address(str(message["Reply-To"])) == seat_id
    assert MSGID.fullmatch(str(message["Message-ID"]))
    root = thread_root(game, user_id)
    assert str(message["In-Reply-To"]) == root and root in str(message["References"]).split()
    assert message["Message-ID"] != root
    assert re.fullmatch(r"<https?://[^<>\s]+/mail/unsubscribe/[^<>\s/]+/>", str(message["List-Unsubscribe"]))
    assert str(message["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"


def test_a_turn_mail_carries_the_seat_reply_to_the_game_thread_and_one_click_unsubscribe(
        celery_eager, mailoutbox):
    game = quiet_game()
    waiting = other_seat(game)
    mailoutbox.clear()

    _end_turn(game)

    (mail,) = mailoutbox
    assert mail.to == [waiting.user.email]
    assert_notice_headers(wire(mail), game, waiting.pk, waiting.user_id)


def test_a_game_over_mail_carries_the_same_headers(celery_eager, mailoutbox):
    game = quiet_game()
    loser = active_seat(game)
    mailoutbox.clear()

    actions.apply_command(game, Actor.player(loser.user), "resign")

    finished = [m for m in mailoutbox if "is over" in m.subject and m.to == [loser.user.email]]
    assert len(finished) == 1
    assert_notice_headers(wire(finished[0]), game, loser.pk, loser.user_id)


@pytest.mark.parametrize("policy", [email.policy.default, email.policy.SMTP], ids=["default", "smtp"])
def test_a_long_unsubscribe_link_goes_on_the_wire_as_a_plain_url_never_an_encoded_word(
        celery_eager, mailoutbox, settings, policy):
    settings.SITE_URL = "https://play.metaltalon.example.org"  # a real host: the line runs past 78
    game = quiet_game()
    mailoutbox.clear()

    _end_turn(game)

    (mail,) = mailoutbox
    wire = mail.message(policy=policy).as_bytes()
    line = next(x for x in wire.splitlines() if x.startswith(b"List-Unsubscribe:"))
    assert line.startswith(b"List-Unsubscribe: <https://play.metaltalon.example.org/mail/unsubscribe/")
    assert b"=?" not in line and line.endswith(b"/>")


def test_two_mails_of_one_game_to_one_player_thread_under_the_same_root(celery_eager, mailoutbox):
    game = quiet_game()
    waiting = other_seat(game)
    mailoutbox.clear()

    _end_turn(game)  # the other player's turn now
    _end_turn(game)  # and back
    _end_turn(game)  # the waiting player is mailed again

    theirs = [wire(m) for m in mailoutbox if m.to == [waiting.user.email]]
    assert len(theirs) == 2
    assert theirs[0]["Message-ID"] != theirs[1]["Message-ID"]
    assert theirs[0]["References"] == theirs[1]["References"] == thread_root(game, waiting.user_id)


def test_a_seat_address_round_trips_and_a_forged_or_altered_one_names_no_seat(settings):
    game = quiet_game()
    seat = active_seat(game)
    address = seat_address(seat)
    local, domain = address.split("@")
    seat_part, mac = local.removeprefix("play+").split(".")

    assert domain == settings.MAIL_DOMAIN
    assert seat_from_address(address) == seat.pk
    assert seat_from_address(f"Some Player <{address.upper()}>") == seat.pk
    flipped = mac[:-1] + ("0" if mac[-1] != "0" else "1")
    other = other_seat(game).pk
    for forged in [f"play+{seat_part}.{flipped}@{domain}", f"play+{other}.{mac}@{domain}",
                   f"play+{seat_part}.{mac}@elsewhere.example", f"play+{seat_part}.{mac[:-1]}@{domain}",
                   f"play+{seat_part}@{domain}", f"play+0{seat_part}.{mac}@{domain}", "", "not an address",
                   f"play+{seat_part}.{mac}x@{domain}"]:
        assert seat_from_address(forged) is None, forged


def test_the_one_click_post_stops_every_game_mail_and_the_next_notice_is_dropped(celery_eager, mailoutbox):
    game = quiet_game()
    waiting = other_seat(game)
    mailoutbox.clear()
    _end_turn(game)
    (mail,) = [m for m in mailoutbox if m.to == [waiting.user.email]]
    path = _unsubscribe_path(wire(mail))
    mailoutbox.clear()

    # As a mail provider sends it: no cookie, no CSRF token, the RFC 8058 body.
    response = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})

    assert response.status_code == 200
    waiting.user.profile.refresh_from_db()
    assert waiting.user.profile.turn_mail == TurnMail.NEVER
    _end_turn(game)
    _end_turn(game)
    assert [m for m in mailoutbox if m.to == [waiting.user.email]] == []


def test_a_notice_owed_before_the_unsubscribe_is_dropped_unsent(mailoutbox, monkeypatch):
    from games.tasks import send_notification

    monkeypatch.setattr("games.tasks.queue_notifications", lambda ids: None)
    game = quiet_game()
    waiting = other_seat(game)
    _end_turn(game)
    notice = Notification.objects.get(game=game, user=waiting.user, sent_at__isnull=True)

    Client().post(f"/mail/unsubscribe/{unsubscribe_token(waiting.user_id)}/")

    assert send_notification.apply((notice.pk,)).get() == "dropped"
    assert mailoutbox == []


def test_opening_the_link_only_asks_and_changes_nothing():
    user = UserFactory()
    path = f"/mail/unsubscribe/{unsubscribe_token(user.pk)}/"

    response = Client().get(path)

    assert response.status_code == 200
    assert f'method="post" action="{path}"' in response.content.decode()
    user.profile.refresh_from_db()
    assert user.profile.turn_mail != TurnMail.NEVER


def test_a_forged_or_altered_token_changes_nothing():
    user, victim = UserFactory(), UserFactory()
    token = unsubscribe_token(user.pk)
    signature = token.split(".", 1)[1]
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    for forged in [f"{victim.pk}.{signature}", flipped, str(victim.pk), "garbage", f"{victim.pk}."]:
        for method in ("get", "post"):
            response = getattr(Client(), method)(f"/mail/unsubscribe/{forged}/")
            assert response.status_code in (400, 404), (forged, method)
    for who in (user, victim):
        who.profile.refresh_from_db()
        assert who.profile.turn_mail != TurnMail.NEVER


def test_a_token_signed_for_another_purpose_does_not_unsubscribe():
    from django.core import signing

    user = UserFactory()
    other = signing.Signer(salt="something.else", sep=".", algorithm="sha256").sign(str(user.pk))

    assert Client().post(f"/mail/unsubscribe/{other}/").status_code == 404
    user.profile.refresh_from_db()
    assert user.profile.turn_mail != TurnMail.NEVER
