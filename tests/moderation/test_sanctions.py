"""Suspending and banning users (games/actions/sanctions.py): they cannot log in, their game mail stops,
their seats' clocks run out, the other players see why, and a suspension ends by itself."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from accounts.models import Profile
from games import actions
from games.actions import Actor
from games.actions.clock import Fired, fire_due
from games.actions.notify import notify_turn
from games.actions.sanctions import end_suspension
from games.kinds import get_kind
from games.mail.outbound import compose
from games.models import AuditEntry, ClockDue, Notification
from games.tasks import scan_clock
from tests.moderation.conftest import as_moderator, log_text, told
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    fresh,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def test_a_suspended_user_is_logged_out_gets_no_game_mail_and_the_others_see_why(clock, moderator, queued):
    game = started_game(players=2)
    seat, other = active_seat(game), other_seat(game)
    user = seat.user
    browser = Client()
    browser.force_login(user)
    assert browser.get("/games/mine/").status_code == 200

    entry = actions.suspend_user(user, as_moderator(moderator, "abusive chat"), T0 + timedelta(days=7))

    user = fresh(user)
    assert not user.is_active and user.profile.suspended_until == T0 + timedelta(days=7)
    assert browser.get("/games/mine/").status_code == 302  # the session no longer signs them in
    assert not Client().login(username=user.username, password="pass-word-123")
    # Game mail stops; the mail telling them why still goes.
    kind = get_kind(game.kind)
    Notification.objects.filter(user=user, kind=Notification.Kind.TURN).delete()
    notify_turn(game, kind, kind.load(fresh(game).state))
    assert not Notification.objects.filter(user=user, kind=Notification.Kind.TURN).exists()
    assert told(user, entry)
    mail = compose(Notification.objects.select_related("user__profile").get(user=user, key=entry.pk))
    assert mail is not None and "abusive chat" in mail.body and "cannot log in" in mail.body
    # The record: one entry for the account, one in each game they play, whose log says it.
    assert AuditEntry.objects.filter(act="suspend", user=user, game=None).count() == 1
    assert AuditEntry.objects.filter(act="suspend", user=user, game=game).count() == 1
    assert f"Moderator: suspended {user.display_name} until" in log_text(game, other.user)


def test_a_suspended_players_time_runs_out_instead_of_going_on_vacation(clock, moderator, queued):
    game = started_game(players=2)
    seat = active_seat(game)
    actions.start_vacation(Actor.player(seat.user))
    assert fresh(seat).paused

    actions.suspend_user(seat.user, as_moderator(moderator, "cheating"), T0 + timedelta(days=30))

    assert Profile.objects.get(user=seat.user).vacation_since is None  # the vacation ends with it
    assert not fresh(seat).paused
    clock.shift(timedelta(hours=73))
    due = ClockDue.objects.get(seat=seat, kind=ClockDue.Kind.TIMEOUT, done_at__isnull=True)
    assert fire_due(due.pk) == Fired.TIMED_OUT  # not an automatic vacation, though days are left
    assert fresh(seat).timeouts == 1


def test_a_suspension_ends_by_itself_when_its_time_is_up(clock, moderator, queued, celery_eager):
    user = UserFactory()
    actions.suspend_user(user, as_moderator(moderator, "a cooling-off week"), T0 + timedelta(days=7))
    clock.shift(timedelta(days=6))
    scan_clock()
    assert not fresh(user).is_active

    clock.shift(timedelta(days=1, minutes=1))
    scan_clock()

    user = fresh(user)
    assert user.is_active and user.profile.suspended_until is None
    assert Client().login(username=user.username, password="pass-word-123")


def test_a_ban_lasts_until_a_moderator_reinstates_the_user(clock, moderator, queued, celery_eager):
    user = UserFactory()
    banned = actions.ban_user(user, as_moderator(moderator, "spam accounts"))
    clock.shift(timedelta(days=400))
    scan_clock()
    assert not fresh(user).is_active and banned.summary == f"banned {user.display_name}"

    back = actions.reinstate_user(user, as_moderator(moderator, "appeal accepted"))

    assert fresh(user).is_active and told(user, back)
    with pytest.raises(actions.Invalid, match="not suspended or banned"):
        actions.reinstate_user(user, as_moderator(moderator, "twice"))


def test_moderators_sanction_neither_themselves_nor_staff_and_a_suspension_ends_in_the_future(moderator):
    with pytest.raises(actions.NotAllowed, match="yourself"):
        actions.ban_user(moderator, as_moderator(moderator))
    with pytest.raises(actions.NotAllowed, match="administrators"):
        actions.ban_user(ModeratorFactory(), as_moderator(moderator))
    with pytest.raises(actions.NotAllowed, match="administrators"):
        actions.ban_user(StaffFactory(is_superuser=True), as_moderator(moderator))
    with pytest.raises(actions.Invalid, match="in the future"):
        actions.suspend_user(UserFactory(), as_moderator(moderator), datetime(2020, 1, 1, tzinfo=UTC))
    with pytest.raises(actions.NotAllowed):
        actions.ban_user(UserFactory(), Actor.moderator(moderator, ""))
    assert not AuditEntry.objects.exists()


def test_a_banned_user_is_not_suspended_or_banned_again_but_reinstated_first(moderator):
    user = UserFactory()
    actions.ban_user(user, as_moderator(moderator, "spam"))
    with pytest.raises(actions.Invalid, match="banned: reinstate them first"):
        actions.suspend_user(user, as_moderator(moderator, "a week"), datetime(2099, 1, 1, tzinfo=UTC))
    with pytest.raises(actions.Invalid, match="banned"):
        actions.ban_user(user, as_moderator(moderator, "again"))
    assert Profile.objects.get(user=user).suspended_until is None and not fresh(user).is_active


def test_a_moderator_cannot_reinstate_an_account_a_superuser_banned_but_a_superuser_can(moderator):
    user = UserFactory()
    superuser = StaffFactory(is_superuser=True)
    actions.ban_user(user, as_moderator(superuser, "fraud"))

    with pytest.raises(actions.NotAllowed, match="only an administrator can reinstate it") as refused:
        actions.reinstate_user(user, as_moderator(moderator, "appeal"))

    assert refused.value.code == "staff" and not fresh(user).is_active
    assert not AuditEntry.objects.filter(act=AuditEntry.Act.REINSTATE).exists()
    actions.reinstate_user(user, as_moderator(superuser, "cleared"))
    assert fresh(user).is_active


def test_a_moderator_cannot_reinstate_an_account_deactivated_by_other_means(moderator):
    user = UserFactory()
    actions.suspend_user(user, as_moderator(moderator, "a week"), datetime(2099, 1, 1, tzinfo=UTC))
    end_suspension(user.pk, datetime(2099, 1, 2, tzinfo=UTC))  # the suspension ran out
    user.refresh_from_db()
    user.is_active = False  # closed another way (a shell, a script)
    user.save(update_fields=["is_active"])

    with pytest.raises(actions.NotAllowed, match="only an administrator can reinstate it"):
        actions.reinstate_user(user, as_moderator(moderator, "appeal"))
    assert not fresh(user).is_active


def test_an_account_a_superuser_deactivated_in_the_admin_form_is_not_a_moderators_to_reinstate(moderator):
    from django.urls import reverse

    from tests.web.html_forms import forms_of

    user = UserFactory()
    actions.ban_user(user, as_moderator(moderator, "spam"))
    actions.reinstate_user(user, as_moderator(moderator, "appeal accepted"))
    admin = Client()
    admin.force_login(StaffFactory(is_superuser=True))
    url = reverse("admin:accounts_user_change", args=[user.pk])
    page = admin.get(url).content.decode()
    form = next(f for f in forms_of(page) if any(name == "email" for name, _ in f.fields))
    data: dict[str, list[str]] = {}
    for name, value in form.fields:
        if name != "is_active":
            data.setdefault(name, []).append(value)
    assert admin.post(url, data).status_code == 302
    assert not fresh(user).is_active

    desk = Client()
    desk.force_login(moderator)
    answer = desk.post(reverse("admin:accounts_user_changelist"),
                       {"action": "reinstate", "_selected_action": [user.pk], "confirm": "yes",
                        "reason": "appeal"}, follow=True)

    assert "only an administrator can reinstate it" in answer.content.decode()
    assert not fresh(user).is_active
