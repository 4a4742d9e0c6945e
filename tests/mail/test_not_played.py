"""Known players' mails that are not played are answered, not dropped without a word
(games/mail/not_played.py): over the rate limit, from another address of the player, to a seat address
another player forwarded, to our From address. Each answer goes to a verified address of a known player
(never to an unverified sender, never to a stranger), says what to do, and comes at most once an hour."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings as django_settings

from games.mail.addresses import notice_headers, seat_address
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail
from tests.web.factories import UserFactory, active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_eager")]

FIXTURES = Path(__file__).parent / "fixtures"


def client_reply(name: str, *, sender: str, to: str, game: Game | None = None, user_id: int | None = None,
                 subject: str = "") -> bytes:
    """A reply as the client of fixtures/`name` sends it, from `sender` to `to`, answering a turn notice
    of `game` to `user_id` (its real threading headers) when given."""
    message = email.message_from_bytes((FIXTURES / name).read_bytes(), policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    answered = notice_headers(game, user_id, prompt="1") if game is not None and user_id is not None else {}
    fresh = {"From": sender, "To": to, "Message-ID": make_msgid(domain="client.example"),
             "In-Reply-To": answered.get("Message-ID"),
             "References": f"{answered['References']} {answered['Message-ID']}" if answered else None,
             "Subject": subject or None}
    for header, value in fresh.items():
        if value is not None:
            del message[header]
            message[header] = value
    return message.as_bytes()


def _to(outbox: list[Any], address: str) -> list[Any]:
    return [m for m in outbox if address.lower() in [parseaddr(t)[1].lower() for t in m.to]]


def _text(mail: Any) -> str:
    return " ".join(str(mail.body).split())


def _receive(raw: bytes, capture: Any) -> Any:
    with capture(execute=True):
        return receive_mail(raw)


def test_a_player_over_the_rate_limit_is_told_when_to_send_again_once(
        settings: Any, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    settings.MAIL_RATE_LIMIT = "2/hour"
    game = started_game()
    seat = active_seat(game)
    address = seat.user.email
    for _ in range(2):
        _receive(client_reply("gmail_top_posted.eml", sender=address, to=seat_address(seat)),
                 django_capture_on_commit_callbacks)
    game.refresh_from_db()
    version, answered = game.version, len(_to(mailoutbox, address))
    got = _receive(client_reply("gmail_top_posted.eml", sender=address, to=seat_address(seat)),
                   django_capture_on_commit_callbacks)
    assert got.status == "unplayed"
    game.refresh_from_db()
    assert game.version == version
    told = _to(mailoutbox, address)[answered:]
    assert len(told) == 1
    text = _text(told[0])
    assert "was not played" in text and "UTC" in text and "at most 2 an hour" in text
    # The flood goes on: no more answers within the hour.
    for _ in range(3):
        assert _receive(client_reply("gmail_top_posted.eml", sender=address, to=seat_address(seat)),
                        django_capture_on_commit_callbacks).status == "dropped"
    assert len(_to(mailoutbox, address)) == answered + 1


def test_an_unconfirmed_address_of_the_player_is_answered_at_the_confirmed_one(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    EmailAddress.objects.create(user=seat.user, email="bob.example@outlook.com", verified=False)
    got = _receive(client_reply("outlook_top_posted.eml", sender="Bob <bob.example@outlook.com>",
                                to=f"MetalTalon <{seat_address(seat)}>"), django_capture_on_commit_callbacks)
    assert got.status == "unplayed"
    assert not _to(mailoutbox, "bob.example@outlook.com")
    [told] = _to(mailoutbox, seat.user.email)
    assert "not confirmed yet" in _text(told) and "/accounts/email/" in _text(told)
    assert not Action.objects.filter(game=game, source="email").exists()


def test_an_address_not_on_the_players_account_is_answered_at_theirs_with_the_profile_link(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    got = _receive(client_reply("apple_mail_iphone.eml", sender="bob.example@icloud.com",
                                to=seat_address(seat), game=game, user_id=seat.user_id),
                   django_capture_on_commit_callbacks)
    assert got.status == "unplayed"
    assert not _to(mailoutbox, "bob.example@icloud.com")
    [told] = _to(mailoutbox, seat.user.email)
    text = _text(told)
    assert "bob.example@icloud.com is not one of the addresses of your account" in text
    assert f"{django_settings.SITE_URL}/accounts/email/" in text and "forward none" in text


def test_a_reply_to_a_turn_mail_another_player_forwarded_tells_both_players_what_to_do(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    other = other_seat(game)
    got = _receive(client_reply("gmail_top_posted.eml", sender=other.user.email, to=seat_address(seat),
                                game=game, user_id=seat.user_id), django_capture_on_commit_callbacks)
    assert got.status == "unplayed"
    [told] = _to(mailoutbox, other.user.email)
    text = _text(told)
    assert "another player's seat" in text and seat_address(other) in text
    assert seat_address(seat) not in text  # and what the answer shows is the sender's own seat's
    [forwarder] = _to(mailoutbox, seat.user.email)
    assert "forward none" in _text(forwarder) and other.user.email not in _text(forwarder)
    assert {(row.user_id, row.seat_id) for row in InboundMail.objects.all()} == {
        (other.user_id, other.pk), (seat.user_id, seat.pk)}


def test_a_reply_to_our_from_address_is_told_where_replies_go(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    noreply = parseaddr(django_settings.DEFAULT_FROM_EMAIL)[1]
    got = _receive(client_reply("gmail_top_posted.eml", sender=seat.user.email, to=f"MetalTalon <{noreply}>",
                                game=game, user_id=seat.user_id), django_capture_on_commit_callbacks)
    assert got.status == "unplayed"
    [told] = _to(mailoutbox, seat.user.email)
    assert f"it went to {noreply}, which reads nothing" in _text(told) and seat_address(seat) in _text(told)


def test_a_stranger_gets_nothing_whatever_they_write_to(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    stranger = "mallory@example.net"
    noreply = parseaddr(django_settings.DEFAULT_FROM_EMAIL)[1]
    for to in (seat_address(seat), noreply):
        _receive(client_reply("gmail_top_posted.eml", sender=stranger, to=to, game=game,
                              user_id=seat.user_id), django_capture_on_commit_callbacks)
    assert not _to(mailoutbox, stranger)
    # A registered address that is not confirmed is no known player's either.
    UserFactory(email="eve@example.net")
    EmailAddress.objects.filter(email="eve@example.net").update(verified=False)
    got = _receive(client_reply("gmail_top_posted.eml", sender="eve@example.net", to=noreply, game=game,
                                user_id=seat.user_id), django_capture_on_commit_callbacks)
    assert got.status == "dropped" and not _to(mailoutbox, "eve@example.net")


def test_a_flood_from_another_address_is_answered_once_an_hour(
        mailoutbox: list[Any], django_capture_on_commit_callbacks: Any) -> None:
    game = started_game()
    seat = active_seat(game)
    statuses = [_receive(client_reply("gmail_top_posted.eml", sender=f"flood{i}@example.net",
                                      to=seat_address(seat)), django_capture_on_commit_callbacks).status
                for i in range(5)]
    assert statuses == ["unplayed"] + ["dropped"] * 4
    assert len(_to(mailoutbox, seat.user.email)) == 1
