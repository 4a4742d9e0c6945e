"""anymail's inbound webhook (games/mail/webhook.py) with valid credentials and a post that is not a mail
as the ESP sends one: 400, nothing played, and never 500 (which asks the ESP to post it again, forever).
A failure of the site itself still answers 500. Postmark and Mailgun, as docs/deploy.md sets them up."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

import pytest
from django.db import OperationalError
from django.test import Client

from games.models import Action, InboundMail
from tests.mail.helpers import reply, seat_address
from tests.web.factories import active_seat, started_game

pytestmark = pytest.mark.django_db

SECRET = "esp:webhook-secret-for-tests"
AUTH = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(SECRET.encode()).decode()}
SIGNING_KEY = "mailgun-signing-key-for-tests"


@pytest.fixture
def esp(settings: Any) -> Client:
    settings.ANYMAIL = {"WEBHOOK_SECRET": [SECRET], "MAILGUN_WEBHOOK_SIGNING_KEY": SIGNING_KEY}
    return Client(raise_request_exception=False)


def postmark(client: Client, body: str | bytes) -> Any:
    return client.post("/anymail/postmark/inbound/", data=body, content_type="application/json", **AUTH)


def mailgun(client: Client, fields: dict[str, Any]) -> Any:
    """A Mailgun route's forward, signed as Mailgun signs it."""
    timestamp, token = "1700000000", "a" * 50
    signature = hmac.new(SIGNING_KEY.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return client.post("/anymail/mailgun/inbound_mime/",
                       {"timestamp": timestamp, "token": token, "signature": signature, **fields}, **AUTH)


POSTMARK_MALFORMED = {
    "not json": "this is not json",
    "not utf-8": b"\xff\xfe{}",
    "a list": "[1, 2]",
    "a number": "7",
    "headers not a list": json.dumps({"Headers": "x", "FromFull": {"Email": "a@b.c"}}),
    "raw mail not text": json.dumps({"RawEmail": 5}),
    "addresses not objects": json.dumps({"FromFull": "someone", "ToFull": [1]}),
    "attachment without content": json.dumps({"Attachments": [{"Name": "a.txt"}]}),
}
MAILGUN_MALFORMED = {
    "no message": {},
    "a tracking event": {"event": "delivered"},
    "stored, not forwarded": {"attachments": "[]"},
    "attachment count not a number": {"attachment-count": "many"},
}


@pytest.mark.parametrize("body", POSTMARK_MALFORMED.values(), ids=POSTMARK_MALFORMED.keys())
def test_a_malformed_postmark_post_with_the_secret_is_refused_400(esp, body):
    assert postmark(esp, body).status_code == 400
    assert not InboundMail.objects.exists()


@pytest.mark.parametrize("fields", MAILGUN_MALFORMED.values(), ids=MAILGUN_MALFORMED.keys())
def test_a_malformed_mailgun_post_with_the_signature_is_refused_400(esp, fields):
    assert mailgun(esp, fields).status_code == 400
    assert not InboundMail.objects.exists()


def test_a_well_formed_mailgun_post_plays_the_reply(esp):
    seat = active_seat(started_game())
    answered = mailgun(esp, {"body-mime": reply(seat, "end").decode(), "recipient": seat_address(seat),
                             "sender": seat.user.email})
    assert answered.status_code == 200
    assert Action.objects.filter(game=seat.game, command="end", source="email").exists()


@pytest.mark.parametrize("door", ["postmark", "mailgun"])
def test_a_failure_of_the_site_still_answers_500_so_the_esp_posts_again(esp, monkeypatch, door):
    def down(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("the database is away")

    monkeypatch.setattr("games.mail.webhook.receive_mail", down)
    seat = active_seat(started_game())
    raw = reply(seat, "end")
    if door == "postmark":
        payload = {"RawEmail": raw.decode(), "OriginalRecipient": seat_address(seat), "MessageID": "0d1e",
                   "Headers": [{"Name": "Return-Path", "Value": f"<{seat.user.email}>"}]}
        answered = postmark(esp, json.dumps(payload))
    else:
        answered = mailgun(esp, {"body-mime": raw.decode(), "recipient": seat_address(seat),
                                 "sender": seat.user.email})
    assert answered.status_code == 500
