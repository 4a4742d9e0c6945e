"""A MetalTalon seat's standing orders are its own while the game is in play, on every channel of the site
(games/kinds/metaltalon/rules.md, "Rerolls: Murphys and Clovers"; docs/architecture.md, "What each reader
may read"): the game page, its log pages and the live partial, the board picture, the API (the game's
view, its log, the legal commands), the webhooks, every mail (the turn notice, the answer to a mailed
reply, the digest) and the downloads. Ann (Murphys) sets her orders through the page's orders form, the API
and a mailed reply; Bob, a signed-in spectator and a visitor never read them, while Ann reads them in the
same channels. What an order does when it fires (a forced reroll) is told to everyone."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail as django_mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile
from games import actions
from games.actions import Actor
from games.actions.digest import owe_digest
from games.kinds.metaltalon.engine import GameState
from games.mail.inbound import receive_mail
from games.mail.outbound import deliver
from games.models import Game, Notification, Seat, Webhook, WebhookDelivery
from tests.community.test_api import Api
from tests.kinds.metaltalon.engine.helpers import position
from tests.mail.helpers import reply
from tests.web.factories import UserFactory, put, started_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]

ANN, BOB = 0, 1
SPECTATOR, VISITOR = "spectator", "visitor"
# Ann's orders as a channel would tell them: the command ("order murphy 3"), the log's sentence ("sets the
# standing order damage to wes") and a state's JSON ("murphy": 3). She sets murphy 4, then 3, and damage
# wes; Bob sets none, and every seat starts with murphy 5 and damage swe. Bob's own legal commands list
# every `order damage` (his form, his mail's commands), so that command is no mark of hers: the API's log,
# record.json and log.txt are checked to read each of her orders as the bare word.
ANNS_ORDERS = re.compile(r'order\s+murphy\s+(?:to\s+)?[34]\b|standing\s+order\s+damage\b|"murphy":\s*[34]\b'
                         r'|"damage":\s*"wes"', re.I)


@pytest.fixture(autouse=True)
def channels(settings: Any) -> None:
    settings.NOTICE_DELAY_SECONDS = 0  # a turn notice is due at once: the test sends it as the sweep would
    for limit in ("API_RATE_LIMIT", "API_COMMAND_RATE_LIMIT", "COMMAND_RATE_LIMIT",
                  "GAME_COMMAND_RATE_LIMIT"):
        setattr(settings, limit, "100000/minute")


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def seat(game: Game, index: int) -> Seat:
    return game.seats.select_related("user__profile").get(index=index)


def send_owed(game: Game) -> None:
    """Every mail the game owes now, sent as the sweep would."""
    for pk in Notification.objects.filter(sent_at=None).order_by("pk").values_list("pk", flat=True):
        deliver(pk)


def murphys_game() -> Game:
    """Ann's Murphys ship at I9 beside Bob's Bankers gunship at J9; Ann to play. Each player has a webhook of
    each format."""
    game = put(started_game(players=2), position(
        players=2, factions=("murphys", "bankers"), ships=((ANN, "I9", (7, 0, 1)), (BOB, "J9", (1, 2, 0))),
        reserves=(6, 5)))
    for index in (ANN, BOB):
        for fmt in Webhook.Format.values:
            Webhook.objects.create(user=seat(game, index).user, format=fmt, secret="s",
                                   url="https://hooks.example.com/x")
    return game


def orders_set(game: Game) -> None:
    """Ann sets her orders through the page's form (murphy 4), the API (enough orders to fill a log page,
    ending on damage wes) and a mailed reply (murphy 3); then she ends her turn and Bob asks for the board
    by mail, then takes the daily digest. Every mail owed is sent."""
    ann = seat(game, ANN)
    page = Client()
    page.force_login(ann.user)
    game.refresh_from_db()
    form = {"damage": "swe", "murphy": "4", "expected_version": game.version}
    answer = page.post(url(game, "orders"), form, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and state_of(game).seats[ANN].orders.murphy == 4
    batch = "; ".join(["order damage ews", "order damage wes"] * 10)
    assert Api(ann.user).play(game, batch).status_code == 200
    received = receive_mail(reply(ann, "order murphy 3"))
    assert received is not None and received.status == "played", received
    orders = state_of(game).seats[ANN].orders
    assert (orders.murphy, orders.damage) == (3, "wes")
    actions.apply_command(game, Actor.player(ann.user), "end")
    send_owed(game)  # Bob's turn notice
    bob = seat(game, BOB)
    received = receive_mail(reply(bob, "board"))
    assert received is not None
    send_owed(game)  # the answer to his reply
    Profile.objects.filter(user=bob.user).update(daily_digest=True,
                                                 digest_next_at=timezone.now() - timedelta(minutes=1))
    assert owe_digest(bob.user.pk) is not None
    send_owed(game)


def reads(game: Game, client: Client) -> dict[str, str]:
    """Every page, partial and download a reader can open for the game, by name."""
    out = {}
    for name, route, query in (("page", "game", ""), ("text page", "game", "?text=1"),
                               ("log page 1", "select", "?log=1"), ("log page 2", "select", "?log=2"),
                               ("live partial", "poll", "?v=0"), ("board", "board_svg", "")):
        response = client.get(url(game, route) + query, HTTP_HX_REQUEST="true" if route != "game" else "")
        assert response.status_code == 200, name
        out[name] = response.content.decode()
    for name, route in (("record.json", "record_json"), ("log.txt", "log_txt")):
        response = client.get(url(game, route))
        assert response.status_code == 200, name
        out[name] = b"".join(response.streaming_content).decode()
    replay = client.get(url(game, "replay"), follow=True)
    assert replay.redirect_chain and replay.redirect_chain[-1][0] == url(game)  # closed while in play
    return out


def through_api(game: Game, user: Any) -> dict[str, str]:
    """The game and its log as the user's token reads them (the legal commands are the reader's own)."""
    api = Api(user)
    out = {"the API's game": api.get(f"/games/{game.pk}"), "the API's log": api.get(f"/games/{game.pk}/log")}
    return {name: response.content.decode() for name, response in out.items() if response.status_code == 200}


def told(text: str) -> list[str]:
    """Ann's orders as `text` tells them (a page's entities read)."""
    return ANNS_ORDERS.findall(html.unescape(text))


def test_a_seats_standing_orders_reach_no_other_reader_on_any_channel():
    game = murphys_game()
    orders_set(game)
    ordered = set(game.actions.filter(seat=ANN, command__startswith="order").values_list("seq", flat=True))
    assert len(ordered) == 22
    clients: dict[int | str, Client] = {VISITOR: Client()}
    users = {ANN: seat(game, ANN).user, BOB: seat(game, BOB).user, SPECTATOR: UserFactory()}
    for reader, user in users.items():
        clients[reader] = Client()
        clients[reader].force_login(user)

    for reader in (BOB, SPECTATOR, VISITOR):
        channels = reads(game, clients[reader])
        if reader != VISITOR:
            channels |= through_api(game, users[reader])
        for name, text in channels.items():
            assert not told(text), f"{reader} reads Ann's orders in {name}"
        assert "sets the standing order" not in channels["log page 2"] + channels["log.txt"]
        logged = [line.split("\t") for line in channels["log.txt"].splitlines() if not line.startswith("#")]
        assert {command for seq, _seat, command in logged if int(seq) in ordered} == {"order"}
        record = json.loads(channels["record.json"])
        assert record["final_state"]["seats"][ANN]["orders"] is None
        assert {(a["command"], tuple(a["lines"])) for a in record["actions"] if a["seq"] in ordered} == {
            ("order", ())}
        if reader != VISITOR:
            view = json.loads(channels["the API's game"])["view"]
            assert view["seats"][ANN]["orders"] is None
            rows = json.loads(channels["the API's log"])["actions"]
            assert {(r["command"], tuple(r["lines"])) for r in rows if r["seq"] in ordered} == {("order", ())}

    bob = seat(game, BOB).user
    deliveries = list(WebhookDelivery.objects.filter(game=game, webhook__user=bob))
    assert deliveries  # Bob's turn, to each of his hooks
    for delivery in deliveries:
        assert not told(json.dumps(delivery.payload)), "Bob's webhook tells Ann's orders"
    to_bob = [sent for sent in django_mail.outbox if sent.to == [bob.email]]
    subjects = " | ".join(sent.subject for sent in to_bob)
    assert len(to_bob) >= 3, subjects  # his turn notice, the answer to his reply, his digest
    assert any("digest" in sent.body for sent in to_bob), subjects
    for sent in to_bob:
        bodies = [sent.subject, sent.body, *(str(body) for body, _ in getattr(sent, "alternatives", []))]
        for body in bodies:
            assert not told(body), f"Bob's mail {sent.subject!r} tells Ann's orders"
    assert any("order" in sent.body for sent in to_bob)  # the bare word: Ann gave an order

    # Ann reads her own orders in the same channels.
    mine = reads(game, clients[ANN]) | through_api(game, users[ANN])
    for name in ("page", "log page 1", "log page 2", "live partial", "record.json", "log.txt",
                 "the API's log"):
        assert told(mine[name]), f"Ann does not read her orders in {name}"
    assert "You set the standing order murphy to 3." in mine["page"]
    form = re.search(r'<select id="order-murphy".*?</select>', mine["page"], re.S)
    assert form is not None and '<option value="3" selected>' in form[0]
    assert json.loads(mine["the API's game"])["view"]["seats"][ANN]["orders"]["murphy"] == 3
    to_ann = [sent for sent in django_mail.outbox if sent.to == [users[ANN].email]]
    assert any(told(sent.body) for sent in to_ann)  # the answer to her mailed order


def test_what_an_order_does_when_it_fires_is_told_to_everyone(live_dice):
    """Bob fires at Ann's ship and rolls a 4: her order (murphy 3) forces a reroll, and Bob reads that."""
    game = murphys_game()
    ann, bob = seat(game, ANN).user, seat(game, BOB).user
    actions.apply_command(game, Actor.player(ann), "order murphy 3; end")
    live_dice.script(4, 1)
    actions.apply_command(game, Actor.player(bob), "fire J9 I9")
    assert state_of(game).seats[ANN].reserve == 6 + 1 - 2  # her income, then the reroll she paid for
    reader = Client()
    reader.force_login(bob)
    page = html.unescape(reader.get(url(game)).content.decode())
    assert "paid 2 to force" in page and "to reroll a 4." in page
    assert not told(page)


def test_the_rules_page_says_standing_orders_are_their_seats_alone_and_their_effect_is_public(client):
    page = client.get("/rules/metaltalon/").content.decode()
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page)))
    assert "Your standing orders are yours alone" in text
    assert "only your seat reads your damage, adapt, murphy and clover orders" in text
    assert "read the bare word order in the log, and nothing of its value" in text
    assert "What an order does when it fires is play, and everyone reads it" in text
