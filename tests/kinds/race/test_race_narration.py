"""What each reader may read of a race game in play (docs/architecture.md, "What each reader may read"): a
seat's note is read only by the seat that wrote it, through every channel (the API's log and game, the
downloads, the replay, the turn mail, a webhook's body); raw events leave the server only once the game is
over, and a bot chooses from its own seat's view."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.mail import EmailMessage as DjangoMail
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.models import Game, Seat, Webhook
from games.prompts import asked
from games.webhooks import payload
from tests.community.test_api import Api
from tests.web.factories import UserFactory, active_seat, fresh, full_game, other_seat

pytestmark = pytest.mark.django_db

SECRET = "bobsecret"


@pytest.fixture(autouse=True)
def offer_race(settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]


def noted() -> tuple[Game, Seat, Seat, Any]:
    """A race game in play whose first seat wrote a note, its other seat, and a spectator."""
    game = full_game(players=2, kind="race")
    writer, rival = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(writer.user), f"note {SECRET}")
    return fresh(game), writer, rival, UserFactory()


def over(game: Game, seat: Seat) -> Game:
    actions.apply_command(fresh(game), Actor.player(seat.user), "resign")
    game = fresh(game)
    assert game.is_over
    return game


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def note_row(rows: list[dict[str, Any]]) -> dict[str, Any]:
    (row,) = [r for r in rows if r["command"].startswith("note")]
    return row


def test_the_api_log_and_game_tell_a_note_only_to_its_writer_and_raw_events_only_once_over():
    game, writer, rival, spectator = noted()
    path = f"/games/{game.pk}"

    mine = Api(writer.user)
    row = note_row(mine.get(f"{path}/log").json()["actions"])
    assert row["command"] == f"note {SECRET}" and row["lines"] and row["events"] is None
    assert mine.get(path).json()["view"]["notes"][writer.index] == SECRET
    for reader in (rival.user, spectator):
        api = Api(reader)
        log, detail = api.get(f"{path}/log"), api.get(path)
        assert log.status_code == detail.status_code == 200
        assert SECRET not in log.content.decode() and SECRET not in detail.content.decode()
        row = note_row(log.json()["actions"])
        assert row["command"] == "note (private)" and row["events"] is None

    game = over(game, rival)
    row = note_row(Api(spectator).get(f"{path}/log").json()["actions"])
    assert row["command"] == f"note {SECRET}" and row["events"] == [{"type": "note", "seat": writer.index}]


def test_the_downloads_and_the_replay_tell_a_note_only_to_its_writer_until_the_game_is_over():
    game, writer, rival, spectator = noted()
    record_url = reverse("games:record_json", args=[game.pk])
    log_url = reverse("games:log_txt", args=[game.pk])
    replay_url = reverse("games:replay", args=[game.pk])

    mine = logged_in(writer.user)
    record = json.loads(b"".join(mine.get(record_url).streaming_content))
    row = note_row(record["actions"])
    assert row["command"] == f"note {SECRET}" and row["events"] is None and "dice" not in row
    assert record["final_state"]["notes"][writer.index] == SECRET
    assert f"note {SECRET}" in b"".join(mine.get(log_url).streaming_content).decode()
    for reader in (rival.user, spectator):
        client = logged_in(reader)
        record_text = b"".join(client.get(record_url).streaming_content).decode()
        log_text = b"".join(client.get(log_url).streaming_content).decode()
        replay = client.get(replay_url, follow=True)
        assert SECRET not in record_text and SECRET not in log_text
        assert SECRET not in replay.content.decode() and replay.redirect_chain  # no replay in play
        assert note_row(json.loads(record_text)["actions"])["events"] is None
        assert "note (private)" in log_text

    game = over(game, rival)
    client = logged_in(spectator)
    record = json.loads(b"".join(client.get(record_url).streaming_content))
    row = note_row(record["actions"])
    assert row["command"] == f"note {SECRET}" and row["events"] == [{"type": "note", "seat": writer.index}]
    assert "dice" in row and record["final_state"]["notes"][writer.index] == SECRET
    assert f"note {SECRET}" in b"".join(client.get(log_url).streaming_content).decode()
    assert f"note {SECRET}" in client.get(replay_url, {"step": 1}).content.decode()


@pytest.mark.django_db(transaction=True)  # the turn mails are sent on commit
def test_the_turn_mails_and_a_webhook_tell_a_note_only_to_its_writer(celery_eager, live_dice, mailoutbox):
    game = full_game(players=2, kind="race")
    writer, rival = active_seat(game), other_seat(game)
    mailoutbox.clear()
    actions.apply_command(game, Actor.player(writer.user), f"note {SECRET}; step; end")
    (to_rival,) = [m for m in mailoutbox if m.to == [rival.user.email]]
    assert "note (private)" in to_rival.body and SECRET not in mail_text(to_rival)

    mailoutbox.clear()
    actions.apply_command(fresh(game), Actor.player(writer.user), f"note {SECRET}")  # out of turn
    actions.apply_command(fresh(game), Actor.player(rival.user), "step; end")
    (to_writer,) = [m for m in mailoutbox if m.to == [writer.user.email]]
    assert f"note {SECRET}" in to_writer.body and f"note {SECRET}" in mail_text(to_writer)

    game = fresh(game)
    for fmt in Webhook.Format.values:
        hook = Webhook(user=rival.user, url="https://hooks.example.com/x", format=fmt, secret="s")
        (prompt,) = asked(game).values()
        assert SECRET not in json.dumps(payload(hook, game, game.version, prompt))


def mail_text(mail: DjangoMail) -> str:
    return mail.body + "".join(str(body) for body, _type in getattr(mail, "alternatives", []))


def test_a_bot_seated_in_race_chooses_from_its_own_seats_view(bot_choices):
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), kind="race", players=2, level="random")
    mine = game.seats.get(user=user)
    actions.apply_command(fresh(game), Actor.player(user), f"note {SECRET}")
    if active_seat(fresh(game)).pk == mine.pk:
        actions.apply_command(fresh(game), Actor.player(user), "step; end")
    seen = bot_choices
    seen.clear()  # from here on: what the bots chose from after the human's secret
    play_bots(game.pk, steps=1)
    assert seen and all(seat != mine.index for _state, seat in seen)
    for state, _seat in seen:
        assert state.notes[mine.index] is None and SECRET not in json.dumps(state.to_dict())
