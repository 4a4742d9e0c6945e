"""What the admin shows of a game in play: what its kind narrates to a spectator, even to a moderator (or a
superuser) who plays in it; everything once the game is over (docs/moderation.md, games/admin/shown.py).
And no list of the admin answers a filter it does not declare, so no count of results spells out what the
pages hold back (games/admin/lookups.py)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.mail.inbound import receive_mail
from games.models import Action, Game, InboundMail, Snapshot
from tests.mail.helpers import reply
from tests.moderation.conftest import as_moderator
from tests.web.factories import ModeratorFactory, StaffFactory, UserFactory, create, full_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("queued")]

# A note in the race kind is hidden information: only its own seat reads it (games/kinds/race/rules.py).
PLAYED, MAILED, REFUSED, NOT_TRIED, IGNORED, AMONG = ("bobsecret", "mailsecret", "refusedsecret",
                                                      "nottriedsecret", "ignoredsecret", "amongsecret")
SECRETS = (PLAYED, MAILED, REFUSED, NOT_TRIED, IGNORED, AMONG)


@pytest.fixture(autouse=True)
def offer_race(settings: Any) -> None:
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]


@pytest.fixture(params=["moderator", "superuser"])
def playing_staff(request: pytest.FixtureRequest) -> Any:
    """Someone with the admin's desk who also plays: moderators play too."""
    if request.param == "moderator":
        return ModeratorFactory()
    return StaffFactory(is_superuser=True)


def race_against(player: Any) -> tuple[Game, Any]:
    """A race game between `player` and a rival, the rival's hidden play in its log and its mailed replies:
    a note played on the web, a mail played then stopped at a refused note (a note and a line of words
    left unread), and a mail played whole, a note among a step and its take-back."""
    rival = UserFactory()
    game = create(player, kind="race", players=2)
    actions.join_game(game, Actor.player(rival), invite_code=game.invite_code)
    game.refresh_from_db()
    seat = game.seats.get(user=rival)
    if seat.index != 0:  # seat 0 starts: the rival's turn comes, so its mailed step is played
        actions.apply_command(game, Actor.player(player), "step; end")
    actions.apply_command(game, Actor.player(rival), f"note {PLAYED}")
    words = f"note {MAILED}\nnote {REFUSED} twice\nnote {NOT_TRIED}\nplan {IGNORED}"
    first = receive_mail(reply(seat, words))
    second = receive_mail(reply(seat, f"step\nnote {AMONG}\nundo"))
    assert (first.status, second.status) == ("refused", "played")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, rival


def read(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.content.decode())


def admin_pages(game: Game) -> list[str]:
    """Every page of the admin about the game: its own, its history, each action's, each mailed reply's
    and each snapshot's (page and history)."""
    urls = [reverse("admin:games_game_change", args=[game.pk]),
            reverse("admin:games_game_history", args=[game.pk])]
    for model, rows in ((Action, game.actions.all()), (InboundMail, game.inbound_mails.all()),
                        (Snapshot, game.snapshots.all())):
        name = f"admin:games_{model._meta.model_name}"
        urls += [reverse(f"{name}_{page}", args=[row.pk]) for row in rows for page in ("change", "history")]
    return urls


def admin_lists(user: Any) -> list[str]:
    """Every list of the admin the user may read."""
    return [reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
            for model in admin.site._registry
            if user.has_perm(f"{model._meta.app_label}.view_{model._meta.model_name}")]


def found(client: Client, changelist: str, text: str) -> int:
    """How many rows a list's search finds (the page repeats the words searched, not the rows)."""
    response = client.get(changelist, {"q": text})
    assert response.status_code == 200, changelist
    return response.context["cl"].result_count


def test_staff_playing_a_game_read_none_of_its_hidden_play_in_the_admin_until_it_is_over(playing_staff):
    game, _rival = race_against(playing_staff)
    desk = Client()
    desk.force_login(playing_staff)

    for url in admin_pages(game) + admin_lists(playing_staff):
        page = read(desk, url)
        leaked = [secret for secret in SECRETS if secret in page]
        assert not leaked, f"{url} shows {leaked}"
    for url in admin_lists(playing_staff):
        assert not [secret for secret in SECRETS if found(desk, url, secret)], f"{url} finds a secret"

    note = game.actions.get(command=f"note {PLAYED}")
    mailed = game.inbound_mails.get(outcome=InboundMail.Outcome.REFUSED)
    action_page = read(desk, reverse("admin:games_action_change", args=[note.pk]))
    assert "note (private)" in action_page and "wrote a private note" in action_page  # the spectator's log
    mail_page = read(desk, reverse("admin:games_inboundmail_change", args=[mailed.pk]))
    assert "note (private)" in mail_page and "shown once the game is over" in mail_page

    actions.abort_game(game, as_moderator(ModeratorFactory(), "the rival left"))

    assert f"note {PLAYED}" in read(desk, reverse("admin:games_action_change", args=[note.pk]))
    everything = read(desk, reverse("admin:games_inboundmail_change", args=[mailed.pk]))
    assert all(secret in everything for secret in (MAILED, REFUSED, NOT_TRIED, IGNORED))


def _answers(client: Client, model: type, query: dict[str, str]) -> tuple[int, bytes]:
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    response = client.get(url, query)
    return response.status_code, response.content


@pytest.mark.parametrize("who", ["moderator", "superuser"])
def test_a_list_filter_the_admin_does_not_declare_is_refused_and_tells_nothing(who):
    staff = ModeratorFactory() if who == "moderator" else StaffFactory(is_superuser=True)
    game, rival = race_against(staff)
    metaltalon = full_game(players=2)
    desk = Client()
    desk.force_login(staff)
    attacks = [
        (Game, "state__notes__0__startswith", ["bobs", "zzzz"]),
        (Game, "state__notes__1__startswith", ["bobs", "zzzz"]),
        (Game, "state__seed__gte", ["0", str(metaltalon.state["seed"] + 1)]),
        (Action, "command__startswith", [f"note {PLAYED[:4]}", "note zzzz"]),
        (Action, "events__0__type", ["note", "zzzz"]),
        (Action, "dice__isnull", ["False", "True"]),
        (InboundMail, "report__ignored__contains", [IGNORED[:4], "zzzz"]),
        (type(rival), "password__startswith", [rival.password[:8], "zzzz"]),
    ]
    for model, lookup, values in attacks:
        answers = [_answers(desk, model, {lookup: value}) for value in values]
        assert [status for status, _ in answers] == [400, 400], f"{model.__name__}: {lookup}"
        assert answers[0][1] == answers[1][1], f"{model.__name__}: {lookup} tells one value from another"


def test_every_admin_list_refuses_a_lookup_on_any_of_its_fields_it_does_not_declare():
    desk = Client()
    desk.force_login(StaffFactory(is_superuser=True))
    for model, model_admin in admin.site._registry.items():
        for field in model._meta.concrete_fields:
            lookup, value = (f"{field.name}__in", "1") if field.is_relation else (f"{field.name}__regex", ".")
            assert _answers(desk, model, {lookup: value})[0] == 400, f"{type(model_admin).__name__}: {lookup}"


def test_every_link_of_every_admin_list_still_answers():
    """The filters, the date hierarchy and the column headers each admin draws: every one is accepted."""
    desk = Client()
    desk.force_login(StaffFactory(is_superuser=True))
    game = full_game(players=2)
    actions.abort_game(game, as_moderator(ModeratorFactory(), "a test"))
    for model in admin.site._registry:
        changelist = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        links = set(re.findall(r'href="(\?[^"]*)"', read(desk, changelist)))
        assert links or not model._default_manager.exists(), changelist
        for link in links:
            assert desk.get(changelist + html.unescape(link)).status_code == 200, changelist + link
