"""The admin as a moderator uses it: each action's form on a game's page, the bulk actions on users, the
lists' filters and search, the dashboard (games/admin/, games/dashboard.py)."""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games import actions, dashboard
from games.actions import Actor
from games.admin.games import MODERATE
from games.models import AuditEntry, Game, LateFrom, Seat
from tests.moderation.conftest import as_moderator
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def desk(moderator) -> Client:
    client = Client()
    client.force_login(moderator)
    return client


def moderate_url(game: Game, act: str) -> str:
    return reverse("admin:games_game_moderate", args=[game.pk, act])


def test_a_games_page_offers_the_moderator_what_fits_its_state(desk):
    game = started_game(players=2)
    html = desk.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    offered = [act for act in MODERATE if moderate_url(game, act) in html]
    assert offered == ["pause", "abort", "replace", "bot", "remove", "rollback", "extend"]
    assert f'href="/games/{game.pk}/"' in html  # and the game's own page

    actions.pause_game(game, as_moderator(ModeratorFactory()))
    html = desk.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert moderate_url(game, "resume") in html and moderate_url(game, "pause") not in html

    staff = Client()
    staff.force_login(StaffFactory(is_superuser=False))
    assert staff.get(reverse("admin:games_game_change", args=[game.pk])).status_code == 403


def test_each_form_asks_for_a_reason_and_changes_nothing_without_one(desk):
    game = started_game(players=2)
    for act in MODERATE:
        form = desk.get(moderate_url(game, act))
        refused = desk.post(moderate_url(game, act), {"reason": ""})
        assert form.status_code == 200 and 'name="reason"' in form.content.decode(), act
        assert refused.status_code == 200 and "This field is required" in refused.content.decode(), act
    assert not AuditEntry.objects.exists() and Game.objects.get(pk=game.pk).paused_at is None


def test_a_refused_action_shows_why_on_its_form(desk):
    game = started_game(players=2)
    last = game.actions.order_by("-seq").first().seq

    page = desk.post(moderate_url(game, "rollback"), {"reason": "test", "to_seq": last})

    assert page.status_code == 200 and f"Nothing was played after action {last}." in page.content.decode()
    assert "keep" in page.content.decode()  # the newest actions are listed to choose from
    assert not AuditEntry.objects.exists()


def test_a_moderator_hands_a_seat_to_a_player_named_or_by_e_mail(desk):
    game = started_game(players=2)
    seat = other_seat(game)
    named, mailed = UserFactory(profile__display_name="Ada"), UserFactory()

    url = moderate_url(game, "replace")
    unknown = desk.post(url, {"reason": "r", "seat": seat.index, "player": "Nobody"})
    by_name = desk.post(url, {"reason": "left", "seat": seat.index, "player": "ada"})
    again = desk.post(moderate_url(game, "replace"), {"reason": "left too", "seat": seat.index,
                                                      "player": mailed.email.upper()})

    assert "No active player is called “Nobody”" in unknown.content.decode()
    assert by_name.status_code == 302 and by_name["Location"] == reverse("admin:games_game_change",
                                                                         args=[game.pk])
    assert again.status_code == 302
    assert Seat.objects.get(pk=seat.pk).user == mailed
    assert list(AuditEntry.objects.order_by("pk").values_list("user", flat=True)) == [named.pk, mailed.pk]


def test_the_moderation_forms_carry_out_each_action(desk):
    game = started_game(players=3)
    mover, out = active_seat(game), other_seat(game)
    runs = [("extend", {"seat": mover.index, "hours": 12}), ("pause", {}), ("resume", {}),
            ("remove", {"seat": out.index}), ("rollback", {"to_seq": 3}), ("abort", {})]
    for act, data in runs:
        response = desk.post(moderate_url(game, act), {"reason": f"test {act}", **data})
        assert response.status_code == 302, (act, response.content.decode()[-2000:])
    assert list(AuditEntry.objects.order_by("pk").values_list("act", flat=True)) == [act for act, _ in runs]
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED


def test_a_moderator_suspends_a_user_for_some_days_from_the_user_list(clock, desk):
    user = UserFactory()
    url = reverse("admin:accounts_user_changelist")
    chosen = {"action": "suspend", "_selected_action": [user.pk]}

    asked = desk.post(url, chosen)
    done = desk.post(url, {**chosen, "confirm": "yes", "reason": "spam", "days": 3})

    assert 'name="days"' in asked.content.decode()
    assert done.status_code == 302
    user.refresh_from_db()
    assert not user.is_active and user.profile.suspended_until == T0 + timedelta(days=3)
    listed = desk.get(url, {"is_active__exact": "0"}).content.decode()
    assert user.email in listed


def test_the_game_list_finds_games_by_a_players_name_and_lists_stalled_and_paused_ones(clock, desk):
    stalled = started_game(players=2, clock={"hours": 24})
    waiting = active_seat(stalled)
    Seat.objects.filter(pk=waiting.pk).update(awaited_since=T0 - timedelta(hours=26),
                                              clock_since=T0 - timedelta(hours=26))
    paused = started_game(players=2)
    actions.pause_game(paused, as_moderator(ModeratorFactory()))
    fine = started_game(players=2)
    url = reverse("admin:games_game_changelist")
    link = "/admin/games/game/{}/change/"

    found = desk.get(url, {"q": waiting.user.display_name}).content.decode()
    stalled_list = desk.get(url, {"attention": "stalled"}).content.decode()
    paused_list = desk.get(url, {"attention": "paused"}).content.decode()

    assert link.format(stalled.pk) in found and link.format(fine.pk) not in found
    assert link.format(stalled.pk) in stalled_list and link.format(fine.pk) not in stalled_list
    assert link.format(paused.pk) in paused_list and link.format(stalled.pk) not in paused_list


def test_stalled_means_a_clock_ran_out_unheeded_or_a_wait_longer_than_a_turn_may_take(clock):
    deadline = started_game(players=2, clock={"hours": 24})
    bank = started_game(players=2, clock={"mode": "bank", "bank_hours": 48, "cap_hours": 96})
    untimed = started_game(players=2, clock={"mode": "none"})
    away = started_game(players=2, clock={"hours": 24})
    just_due = started_game(players=2, clock={"hours": 24})
    resumed = started_game(players=2, clock={"hours": 24})
    paused = started_game(players=2, clock={"hours": 24})
    # (waiting since, clock running since: None for no clock or a clock paused on vacation)
    waits = {deadline: (timedelta(hours=25, minutes=1),) * 2, bank: (timedelta(hours=97, minutes=1),) * 2,
             untimed: (timedelta(days=14, hours=1, minutes=1), None),
             away: (timedelta(hours=25, minutes=30), None), just_due: (timedelta(hours=24, minutes=59),) * 2,
             resumed: (timedelta(days=30), timedelta(hours=2)), paused: (timedelta(days=30),) * 2}
    for game, (waited, running) in waits.items():
        Seat.objects.filter(game=game, awaiting=True).update(
            awaited_since=T0 - waited, clock_since=T0 - running if running is not None else None)
    Game.objects.filter(pk=paused.pk).update(paused_at=T0)

    found = dashboard.stalled_games(T0)

    # The longest wait first; the vacation that outlasted a turn is there, a resumed clock is not.
    assert [s.game.pk for s in found] == [untimed.pk, bank.pk, away.pk, deadline.pk]
    assert found[3].allowed == timedelta(hours=24) and found[3].seats[0].awaiting


def test_a_stalled_game_is_found_behind_more_waits_on_time_than_the_dashboard_reads(clock, monkeypatch):
    # Three games whose turns, awaited longer, are still on time (a 72-hour deadline, each stint begun
    # anew 2 hours ago: a clock extended), and one whose 24-hour clock ran out; the dashboard reads at
    # most two seats. It used to read the two longest waits and find nothing late among them.
    on_time = [started_game(players=2, clock={"hours": 72}) for _ in range(3)]
    late = started_game(players=2, clock={"hours": 24})
    for i, game in enumerate(on_time):
        Seat.objects.filter(game=game, awaiting=True).update(awaited_since=T0 - timedelta(days=10, hours=i),
                                                             clock_since=T0 - timedelta(hours=2))
    Seat.objects.filter(game=late, awaiting=True).update(awaited_since=T0 - timedelta(hours=26),
                                                         clock_since=T0 - timedelta(hours=26))
    monkeypatch.setattr(dashboard, "CANDIDATES", 2)

    assert [s.game.pk for s in dashboard.stalled_games(T0)] == [late.pk]
    # No seat on time is read past its clock, whatever the number of them.
    read = Seat.objects.filter(awaiting=True).alias(late_from=LateFrom()).filter(
        late_from__lt=T0 - dashboard.GRACE)
    assert list(read.values_list("game_id", flat=True)) == [late.pk]


def test_the_dashboard_lists_reports_stalled_and_long_paused_games_and_repeated_timeouts(clock, desk):
    game = started_game(players=2)
    reporter, absent = active_seat(game).user, other_seat(game)
    actions.report(game, Actor.player(reporter), "game", "the other player vanished")
    Seat.objects.filter(pk=active_seat(game).pk).update(awaited_since=T0 - timedelta(days=4),
                                                        clock_since=T0 - timedelta(days=4))
    long_paused = started_game(players=2)
    actions.pause_game(long_paused, as_moderator(ModeratorFactory()))
    Game.objects.filter(pk=long_paused.pk).update(paused_at=T0 - timedelta(days=8))
    Seat.objects.filter(pk=absent.pk).update(timeouts_total=4, abandoned=True)

    html = desk.get(reverse("moderation_dashboard")).content.decode()

    assert "Open reports (1)" in html and "the other player vanished" in html
    stalled = html.split('id="stalled-games"')[1].split('id="paused-games"')[0]
    assert f"game {game.pk}</a>" in stalled and f"game {long_paused.pk}</a>" not in stalled
    paused = html.split('id="paused-games"')[1].split('id="repeated-timeouts"')[0]
    assert f"game {long_paused.pk}</a>" in paused
    timeouts = html.split('id="repeated-timeouts"')[1]
    assert absent.user.display_name in timeouts and "<td>4</td>" in timeouts
    index = desk.get(reverse("admin:index")).content.decode()
    assert reverse("moderation_dashboard") in index  # linked from the admin's front page


def test_the_admin_shows_a_game_in_play_as_a_spectator_sees_it_and_all_of_it_once_over(desk):
    game = started_game(players=2)
    seed = game.state["seed"]
    action = game.actions.order_by("-seq").first()
    secret = f'"seed": {seed}'

    def page(url: str) -> str:
        return html.unescape(desk.get(url).content.decode())

    in_play = page(reverse("admin:games_game_change", args=[game.pk]))
    snapshot = page(reverse("admin:games_snapshot_change", args=[game.snapshots.first().pk]))
    dice = page(reverse("admin:games_action_change", args=[action.pk]))

    assert secret not in in_play and secret not in snapshot and '"bank"' in in_play
    assert "shown once the game is over" in dice
    actions.abort_game(game, as_moderator(ModeratorFactory(), "test"))
    assert secret in page(reverse("admin:games_game_change", args=[game.pk]))
