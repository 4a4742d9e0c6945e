"""The three doors a mailed reply comes in by (games/mail/doors.py), each talking to the real thing: the
SMTP/LMTP listener over a socket, `manage.py receive_mail` as an MTA runs it, anymail's inbound webhook as
Postmark posts it. A handled mail (dropped ones included) is accepted; a failure asks to be tried again."""

from __future__ import annotations

import base64
import io
import json
import os
import signal
import smtplib
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import OperationalError
from django.test import Client

from games.mail.addresses import seat_address
from games.models import Action, Game, InboundMail, Notification
from tests.conftest import REPO, _database_url_for_worker, free_port
from tests.mail.helpers import legal, reply
from tests.web.factories import UserFactory, active_seat, started_game

# The answers are handed to Celery on commit and no worker takes them: these tests read the rows.
pytestmark = pytest.mark.usefixtures("queued")


def _played(game: Game) -> list[tuple[str, str]]:
    mailed = Action.objects.filter(game=game, source="email").order_by("seq")
    return list(mailed.values_list("command", "source"))


def _crlf(raw: bytes) -> bytes:
    """As a mail travels over SMTP."""
    return raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


# === The SMTP/LMTP listener ===


@pytest.mark.django_db(transaction=True)
def test_a_reply_sent_over_smtp_is_played_and_answered(listener: Any, queued: list[int]) -> None:
    port = listener()
    game = started_game()
    seat = active_seat(game)
    launch = legal(seat, "launch")
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        refused = smtp.sendmail(seat.user.email, [seat_address(seat)], _crlf(reply(seat, f"{launch}\nend")))
    assert refused == {}
    assert _played(game) == [(launch, "email"), ("end", "email")]
    answer = Notification.objects.get(kind=Notification.Kind.REPLY, user=seat.user)
    assert answer.pk in queued


@pytest.mark.django_db(transaction=True)
def test_the_listener_refuses_recipients_on_other_domains_with_550(listener: Any) -> None:
    port = listener()
    seat = active_seat(started_game())
    raw = _crlf(reply(seat, "end", to="someone@elsewhere.example"))
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
            smtp.sendmail(seat.user.email, ["someone@elsewhere.example"], raw)
        assert refused.value.recipients["someone@elsewhere.example"][0] == 550
        # Among other recipients, only the one on MAIL_DOMAIN is taken.
        raw = _crlf(reply(seat, "end"))
        partly = smtp.sendmail(seat.user.email, [seat_address(seat), "relay@elsewhere.example"], raw)
        assert {address: code for address, (code, _) in partly.items()} == {"relay@elsewhere.example": 550}
    assert _played(seat.game) == [("end", "email")]


@pytest.mark.django_db(transaction=True)
def test_a_dropped_mail_is_accepted_like_any_other_and_changes_nothing(listener: Any) -> None:
    port = listener()
    game = started_game()
    seat = active_seat(game)
    stranger = UserFactory()
    forged = _forged(seat)
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        # A stranger writing to a forged seat address, and a bounce (empty envelope sender): both 250.
        assert smtp.sendmail(stranger.email, [forged],
                             _crlf(reply(seat, "resign", sender=stranger.email, to=forged))) == {}
        assert smtp.sendmail("", [seat_address(seat)], _crlf(reply(seat, "resign"))) == {}
    assert not InboundMail.objects.exists()
    assert not Action.objects.filter(game=game, command="resign").exists()


@pytest.mark.django_db(transaction=True)
def test_a_failure_answers_451_and_the_senders_retry_is_played(listener: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    port = listener()
    seat = active_seat(started_game())
    raw = _crlf(reply(seat, "end"))

    def database_down(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    with monkeypatch.context() as patch:
        patch.setattr("games.mail.doors.receive_mail", database_down)
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp, \
                pytest.raises(smtplib.SMTPDataError) as failed:
            smtp.sendmail(seat.user.email, [seat_address(seat)], raw)
    assert failed.value.smtp_code == 451
    assert not InboundMail.objects.exists()
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        assert smtp.sendmail(seat.user.email, [seat_address(seat)], raw) == {}
    assert _played(seat.game) == [("end", "email")]


@pytest.mark.django_db(transaction=True)
def test_a_mail_somewhat_over_the_limit_is_answered_and_a_far_bigger_one_refused(listener: Any,
                                                                               settings: Any) -> None:
    settings.MAIL_MAX_BYTES = 20_000
    port = listener()  # takes up to twice the limit
    seat = active_seat(started_game())
    quoted = "> the board as it stood, quoted back at length\n" * 500  # ~25 kB
    with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
        raw = _crlf(reply(seat, f"end\n\n{quoted}"))
        assert smtp.sendmail(seat.user.email, [seat_address(seat)], raw) == {}
        with pytest.raises((smtplib.SMTPSenderRefused, smtplib.SMTPDataError)) as too_big:
            smtp.sendmail(seat.user.email, [seat_address(seat)], _crlf(reply(seat, f"end\n\n{quoted * 2}")))
    assert too_big.value.smtp_code == 552
    [row] = InboundMail.objects.all()
    assert row.outcome == "rejected", "the sender is told the mail was too big"
    assert not _played(seat.game)


@pytest.mark.django_db(transaction=True)
def test_lmtp_answers_once_per_recipient_and_plays_the_reply(listener: Any, settings: Any) -> None:
    port = listener(lmtp=True)
    seat = active_seat(started_game())
    raw = _crlf(reply(seat, "end"))
    with smtplib.LMTP("127.0.0.1", port, timeout=30) as lmtp:
        code, _ = lmtp.ehlo("client.example")  # LHLO
        assert code == 250
        assert lmtp.mail(seat.user.email)[0] == 250
        assert lmtp.rcpt(seat_address(seat))[0] == 250
        assert lmtp.rcpt(f"postmaster@{settings.MAIL_DOMAIN}")[0] == 250
        assert lmtp.rcpt("relay@elsewhere.example")[0] == 550
        lmtp.putcmd("data")
        assert lmtp.getreply()[0] == 354
        lmtp.send(raw + b".\r\n")
        # RFC 2033: one reply per accepted recipient.
        assert [lmtp.getreply()[0], lmtp.getreply()[0]] == [250, 250]
    assert _played(seat.game) == [("end", "email")]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A manage.py process on the test database, its notices queued in a private folder no worker reads."""
    fs = tmp_path / "celery"
    env = {**os.environ, "DATABASE_URL": _database_url_for_worker(), "CELERY_BROKER_URL": "filesystem://",
           "CELERY_FS_DIR": str(fs), "REDIS_URL": "", "VAR_DIR": str(tmp_path / "var"), **extra}
    env.pop("CELERY_RESULT_BACKEND", None)
    return env


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port} after {timeout} s")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_manage_py_mailserver_serves_lmtp_until_sigterm(tmp_path: Path, settings: Any) -> None:
    seat = active_seat(started_game())
    port = free_port()
    process = subprocess.Popen([sys.executable, "manage.py", "mailserver", "--lmtp", "--port", str(port)],
                               cwd=REPO, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _wait_for_port(port, process)
        with smtplib.LMTP("127.0.0.1", port, timeout=30) as lmtp:
            assert lmtp.sendmail(seat.user.email, [seat_address(seat)], _crlf(reply(seat, "end"))) == {}
        assert _played(seat.game) == [("end", "email")]
    finally:
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err.decode()
    assert f"Listening for LMTP mail to *@{settings.MAIL_DOMAIN} on 127.0.0.1:{port}" in out.decode()
    assert "Stopped." in out.decode()


# === manage.py receive_mail ===


@pytest.mark.django_db
def test_a_piped_reply_is_played_and_the_outcome_printed() -> None:
    seat = active_seat(started_game())
    out = io.StringIO()
    call_command("receive_mail", "--recipient", seat_address(seat), "--sender", seat.user.email,
                 stdin=io.BytesIO(reply(seat, "end")), stdout=out)
    assert _played(seat.game) == [("end", "email")]
    row = InboundMail.objects.get()
    assert out.getvalue().strip() == f"played (inbound mail {row.pk})"


@pytest.mark.django_db
def test_garbage_on_the_pipe_is_dropped_and_exits_0() -> None:
    out = io.StringIO()
    call_command("receive_mail", stdin=io.BytesIO(b"\x00\xff not a mail at all\n\n\xfe"), stdout=out)
    assert out.getvalue().startswith("dropped: ")
    assert not InboundMail.objects.exists()


@pytest.mark.django_db
def test_a_database_failure_on_the_pipe_exits_75_so_the_mta_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    seat = active_seat(started_game())

    def database_down(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr("games.management.commands.receive_mail.receive_mail", database_down)
    with pytest.raises(CommandError) as failed:
        call_command("receive_mail", stdin=io.BytesIO(reply(seat, "end")))
    assert failed.value.returncode == 75
    assert not _played(seat.game)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_pipe_as_an_mta_runs_it_exits_0_when_played_and_75_when_the_database_is_down(
        tmp_path: Path) -> None:
    seat = active_seat(started_game())
    command = [sys.executable, "manage.py", "receive_mail", "--recipient", seat_address(seat),
               "--sender", seat.user.email]
    raw = reply(seat, "end")

    nobody_listens = f"postgres://postgres@127.0.0.1:{free_port()}/metaltalon"
    down = subprocess.run(command, cwd=REPO, env=_env(tmp_path, DATABASE_URL=nobody_listens), input=raw,
                          capture_output=True, timeout=60)
    assert down.returncode == 75, down.stderr.decode()
    assert b"try again later" in down.stderr
    assert not _played(seat.game)

    up = subprocess.run(command, cwd=REPO, env=_env(tmp_path), input=raw, capture_output=True, timeout=60)
    assert up.returncode == 0, up.stderr.decode()
    assert up.stdout.decode().startswith("played")
    assert _played(seat.game) == [("end", "email")]


# === anymail's inbound webhook (Postmark, with its RawEmail option) ===

SECRET = "postmark:webhook-secret-for-tests"


def _postmark(client: Client, raw: bytes, recipient: str, sender: str, auth: str | None) -> Any:
    payload = {"RawEmail": raw.decode(), "OriginalRecipient": recipient, "MessageID": "0d1e-postmark-uuid",
               "Headers": [{"Name": "Return-Path", "Value": f"<{sender}>"}]}
    headers = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(auth.encode()).decode()} if auth else {}
    return client.post("/anymail/postmark/inbound/", data=json.dumps(payload),
                       content_type="application/json", **headers)


@pytest.mark.django_db
def test_the_webhook_with_the_secret_plays_the_reply(client: Client, settings: Any) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": [SECRET]}
    seat = active_seat(started_game())
    launch = legal(seat, "launch")
    answered = _postmark(client, reply(seat, f"{launch}\nend"), seat_address(seat), seat.user.email, SECRET)
    assert answered.status_code == 200
    assert _played(seat.game) == [(launch, "email"), ("end", "email")]
    assert Notification.objects.filter(kind=Notification.Kind.REPLY, user=seat.user).exists()


@pytest.mark.django_db
def test_the_webhook_answers_200_to_a_dropped_mail(client: Client, settings: Any) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": [SECRET]}
    seat = active_seat(started_game())
    stranger = UserFactory()
    forged = _forged(seat)
    answered = _postmark(client, reply(seat, "resign", sender=stranger.email, to=forged), forged,
                         stranger.email, SECRET)
    assert answered.status_code == 200
    assert not InboundMail.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("auth", [None, "postmark:wrong"], ids=["no secret", "wrong secret"])
def test_the_webhook_without_the_secret_is_refused_and_changes_nothing(client: Client, settings: Any,
                                                                       auth: str | None) -> None:
    settings.ANYMAIL = {"WEBHOOK_SECRET": [SECRET]}
    seat = active_seat(started_game())
    answered = _postmark(client, reply(seat, "resign"), seat_address(seat), seat.user.email, auth)
    assert answered.status_code in {400, 401, 403}
    assert not InboundMail.objects.exists()
    assert not Action.objects.filter(game=seat.game, command="resign").exists()


@pytest.mark.django_db
def test_the_webhook_is_shut_while_no_secret_is_configured(client: Client, settings: Any) -> None:
    settings.ANYMAIL = {}
    seat = active_seat(started_game())
    with pytest.warns(Warning, match="insecure"):
        answered = _postmark(client, reply(seat, "resign"), seat_address(seat), seat.user.email, None)
    assert answered.status_code == 400
    assert not InboundMail.objects.exists()
    assert not Action.objects.filter(game=seat.game, command="resign").exists()


def _forged(seat: Any) -> str:
    """The seat's address with its MAC altered: dropped unanswered (a stranger's mail to a real seat
    address is answered to the seat's player: games/mail/not_played.py)."""
    local, domain = seat_address(seat).split("@")
    return f"{local[:-1]}{'0' if local[-1] != '0' else '1'}@{domain}"
