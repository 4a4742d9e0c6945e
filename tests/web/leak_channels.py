"""The channels a leak test reads a game through, the same for every kind
(tests/kinds/metabaloids_site/test_mb_leaks.py, tests/kinds/metal_adventures_site/test_ma_leaks.py): three
named players seated with a webhook of each format, a spectator and a visitor; the game page's buttons and
forms with htmx, the API with one token per player, mailed replies and the mails the sweep sends, the
partials, the downloads and the log as the kind narrates it to each reader. What a channel may tell, and
so every assertion on what it answered, stays in the kind's own test."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from django.core import mail as django_mail
from django.test import Client
from django.urls import reverse

from games.mail.inbound import receive_mail
from games.mail.outbound import deliver
from games.models import Game, InboundMail, Notification, Seat, Webhook
from games.narration import narrate, reading
from tests.community.conftest import Receiver
from tests.community.test_api import Api
from tests.mail.helpers import reply
from tests.web.factories import UserFactory, full_game

SPECTATOR, VISITOR = "spectator", "visitor"
READERS: tuple[int | str, ...] = (0, 1, 2, SPECTATOR, VISITOR)
# One token per player, as a script keeps it (a player holds 10 at most): each test starts with none.
TOKENS: dict[int, Api] = {}


def open_channels(settings: Any, kind: str) -> None:
    """The kind offered, its notices due at once (the test sends them as the sweep would), webhooks posted
    to a receiver on loopback, and no rate limit: each test reads every channel as five readers, faster
    than a person (the limits are tested elsewhere)."""
    settings.OFFERED_GAME_KINDS = ["metaltalon", kind]
    settings.NOTICE_DELAY_SECONDS = 0
    settings.WEBHOOK_ALLOW_PRIVATE = True
    for limit in ("API_RATE_LIMIT", "API_COMMAND_RATE_LIMIT", "COMMAND_RATE_LIMIT",
                  "GAME_COMMAND_RATE_LIMIT"):
        setattr(settings, limit, "100000/minute")


@dataclass
class Channels:
    """A game and its readers' ways in: seat 0, 1 and 2, a spectator and a visitor; the mails sent to
    each seat, in order."""

    game: Game
    seats: list[Seat]
    clients: dict[int | str, Client] = field(default_factory=dict)
    users: dict[int | str, Any] = field(default_factory=dict)
    mails: list[tuple[int, Any]] = field(default_factory=list)

    def seat_of(self, reader: int | str | None) -> int | None:
        return reader if isinstance(reader, int) else None



def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def seat_three[T: Channels](table_class: type[T], kind: str, names: tuple[str, str, str],
                               receiver: Receiver | None = None) -> T:
    """Three players named `names` at a new public game of `kind`, each with a webhook of each format (to
    `receiver` when given), a spectator and a visitor, the start mails sent."""
    game = full_game(players=3, kind=kind)
    assert game.status == Game.Status.SETUP and game.visibility == Game.Visibility.PUBLIC
    for seat, name in zip(game.seats.select_related("user__profile").order_by("index"), names, strict=True):
        seat.user.profile.display_name = name
        seat.user.profile.save()
    seats = list(game.seats.select_related("user__profile").order_by("index"))
    for seat in seats:
        for fmt in Webhook.Format.values:
            Webhook.objects.create(user=seat.user, format=fmt, secret="s",
                                   url=receiver.url if receiver else "https://hooks.example.com/x")
    table = table_class(game=game, seats=seats)
    table.users = {i: s.user for i, s in enumerate(seats)} | {SPECTATOR: UserFactory(), VISITOR: None}
    table.clients = {i: logged_in(s.user) for i, s in enumerate(seats)} | {
        SPECTATOR: logged_in(table.users[SPECTATOR]), VISITOR: Client()}
    send_owed(table)
    return table


def send_owed(table: Channels) -> None:
    """Send every mail the game owes now, as the sweep would, and keep each with its recipient's seat."""
    before = len(django_mail.outbox)
    for pk in Notification.objects.filter(game=table.game, sent_at=None).order_by("pk").values_list(
            "pk", flat=True):
        deliver(pk)
    by_address = {s.user.email: s.index for s in table.seats}
    table.mails += [(by_address[sent.to[0]], sent) for sent in django_mail.outbox[before:]]


def on_page(table: Channels, seat: int, data: dict[str, str], status: int = 200) -> str:
    """A button clicked or a form sent on the game page, with htmx: the answer is the live region."""
    table.game.refresh_from_db()
    posted = {**data, "expected_version": table.game.version}
    response = table.clients[seat].post(url(table.game, "play"), posted, HTTP_HX_REQUEST="true")
    assert response.status_code == status, response.content.decode()[:2000]
    return response.content.decode()


def click(table: Channels, seat: int, command: str) -> str:
    before = table.game.actions.count()
    answer = on_page(table, seat, {"command": command})
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer)).split())
    assert table.game.actions.count() > before, f"{command!r} was not played: {words[:600]}"
    return answer


def api_of(user: Any) -> Api:
    """The player's token (TOKENS), made the first time it is asked for."""
    if user.pk not in TOKENS:
        TOKENS[user.pk] = Api(user)
    return TOKENS[user.pk]


def by_api(table: Channels, seat: int, command: str) -> dict[str, Any]:
    response = api_of(table.seats[seat].user).play(table.game, command)
    assert response.status_code == 200, response.json()
    return response.json()  # type: ignore[no-any-return]


def mailed(table: Channels, seat: int, body: str,
           outcomes: tuple[str, ...] = ("played", "nothing")) -> InboundMail:
    """The seat's player replies `body` by mail; the mails the game owes then are sent."""
    received = receive_mail(reply(table.seats[seat], body))
    assert received is not None and received.status in outcomes, received
    send_owed(table)
    return InboundMail.objects.filter(game=table.game, seat=table.seats[seat]).latest("pk")


def told(table: Channels, reader: int | str, lines: bool = False) -> dict[int, str]:
    """Each action as the page's log shows it to `reader` (its sentences, else its command), by seq: the
    kind's narration for that reader (games/narration.py); `lines`: a sentence a line."""
    table.game.refresh_from_db()
    kind, state, names = reading(table.game)
    rows = {}
    for action in table.game.actions.order_by("seq"):
        said = narrate(table.game, kind, state, names, seat=action.seat, command=action.command,
                       events=action.events, reader=table.seat_of(reader))
        rows[action.seq] = ("\n" if lines else " ").join(said.lines) if said.lines else said.command
    return rows


def hx(client: Client, path: str, params: dict[str, Any] | None = None) -> str:
    """A partial as htmx asks for it."""
    return client.get(path, params or {}, HTTP_HX_REQUEST="true").content.decode()  # type: ignore[no-any-return]


def log_entries(page: str) -> dict[int, str]:
    """The log's entries a page shows, by seq: their sentences, in plain words."""
    entries = re.findall(r'<li class="entry[^"]*" data-seq="(\d+)">.*?<span class="sentences">(.*?)</span>',
                         page, re.S)
    return {int(seq): " ".join(html.unescape(s).split()) for seq, s in entries}


def download(client: Client, game: Game, name: str) -> str:
    response = client.get(url(game, name))
    assert response.status_code == 200
    return b"".join(response.streaming_content).decode()


def html_part(sent: Any) -> str:
    """A sent mail's HTML alternative ("" if it has none)."""
    return "".join(str(body) for body, kind in getattr(sent, "alternatives", []) if kind == "text/html")
