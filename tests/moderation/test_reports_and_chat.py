"""Players report a game, a chat message or a player from the game page, with a reason; moderators close
reports as actioned or dismissed, and hide chat, each recorded (games/actions/reports.py, chat.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import AuditEntry, Game, Notice, Report
from tests.moderation.conftest import as_moderator, log_text, told
from tests.web.factories import UserFactory, active_seat, other_seat, started_game

pytestmark = pytest.mark.django_db


def test_a_player_reports_the_game_a_player_or_a_message_each_once_while_open(moderator):
    game = started_game(players=3)
    me, them, third = game.seats.order_by("index")
    message = actions.post_chat(game, Actor.player(them.user), "you lot are hopeless")

    on_game = actions.report(game, Actor.player(me.user), "game", "  stuck   on turn 3 ")
    on_player = actions.report(game, Actor.player(me.user), "player", "insults", player=them.user)
    on_chat = actions.report_chat(message, Actor.player(third.user), "rude")

    assert (on_game.about, on_game.target, on_game.reason, on_game.reported) == ("game", f"game:{game.pk}",
                                                                               "stuck on turn 3", None)
    assert (on_player.target, on_player.reported) == (f"player:{them.user.pk}", them.user)
    assert (on_chat.target, on_chat.reported, on_chat.message) == (f"chat:{message.pk}", them.user, message)
    assert Report.objects.filter(status=Report.Status.OPEN).count() == 3
    with pytest.raises(actions.Invalid, match="already reported") as twice:
        actions.report(game, Actor.player(me.user), "game", "still stuck")
    assert twice.value.code == "duplicate"
    # Once handled, the same player may report the same thing again.
    actions.handle_reports([on_game], as_moderator(moderator), Report.Status.DISMISSED)
    assert actions.report(game, Actor.player(me.user), "game", "stuck again").status == Report.Status.OPEN


@pytest.mark.parametrize(("about", "reason", "whom", "code"), [
    ("game", "   ", None, "no_reason"),
    ("game", "x" * 301, None, "too_long"),
    ("player", "rude", "self", "own"),
    ("player", "rude", "stranger", "no_such_player"),
    ("player", "rude", None, "no_such_player"),
    ("weather", "rude", None, "invalid"),
])
def test_a_report_without_a_reason_or_about_nobody_here_is_refused(about, reason, whom, code):
    game = started_game(players=2)
    me = active_seat(game).user
    player = {"self": me, "stranger": UserFactory(), None: None}[whom]
    with pytest.raises(actions.Invalid) as refused:
        actions.report(game, Actor.player(me), about, reason, player=player)
    assert refused.value.code == code and not Report.objects.exists()


def test_a_report_of_ones_own_or_another_games_or_a_hidden_message_is_refused(moderator):
    game, elsewhere = started_game(players=2), started_game(players=2)
    me, them = active_seat(game).user, other_seat(game).user
    mine = actions.post_chat(game, Actor.player(me), "hello")
    theirs = actions.post_chat(elsewhere, Actor.player(active_seat(elsewhere).user), "hi")
    hidden = actions.post_chat(game, Actor.player(them), "rude")
    actions.hide_chat([hidden], as_moderator(moderator))
    for message, code in ((mine, "own"), (theirs, "no_such_message"), (hidden, "no_such_message")):
        with pytest.raises(actions.Invalid) as refused:
            actions.report(game, Actor.player(me), "chat", "bad", message=message)
        assert refused.value.code == code
    assert not Report.objects.exists()


def test_a_private_game_is_reported_only_by_those_who_may_see_it(client):
    game = started_game(players=2, visibility=Game.Visibility.PRIVATE)
    with pytest.raises(actions.NotAllowed):
        actions.report(game, Actor.player(UserFactory()), "game", "spam")
    client.force_login(UserFactory())
    assert client.get(reverse("games:report_game", args=[game.pk])).status_code == 404


def test_the_game_page_report_form_files_a_report_about_a_player(client):
    game = started_game(players=2)
    me, them = active_seat(game).user, other_seat(game).user
    client.force_login(me)
    url = reverse("games:report_game", args=[game.pk])

    page = client.get(f"/games/{game.pk}/").content.decode()
    form = client.get(url, {"player": them.pk}).content.decode()
    empty = client.post(url, {"about": "player", "player": them.pk, "reason": ""})
    nobody = client.post(url, {"about": "player", "reason": "rude"})
    sent = client.post(url, {"about": "player", "player": them.pk, "reason": "rude in chat"}, follow=True)

    assert f'href="{url}"' in page  # the game page links the form
    assert f'<option value="{them.pk}" selected>' in form
    assert re.search(r'value="player"[^>]* checked', form)
    assert empty.status_code == 400 and "This field is required" in empty.content.decode()
    assert nobody.status_code == 400 and "Choose the player you report" in nobody.content.decode()
    assert "the moderators will look at it" in sent.content.decode()
    report = Report.objects.get()
    assert (report.about, report.reported, report.reporter) == ("player", them, me)
    assert report.reason == "rude in chat"


def test_a_moderator_closes_reports_and_the_reporter_is_told_but_the_game_log_says_nothing(moderator):
    game = started_game(players=2)
    me = active_seat(game).user
    report = actions.report(game, Actor.player(me), "game", "the board looks wrong")

    closed = actions.handle_reports([report], as_moderator(moderator, "works as the rules say"),
                                    Report.Status.DISMISSED)
    again = actions.handle_reports([report], as_moderator(moderator, "twice"), Report.Status.ACTIONED)

    report.refresh_from_db()
    assert (closed, again) == (1, 0)
    assert (report.status, report.handled_by) == (Report.Status.DISMISSED, moderator)
    assert report.handled_at is not None
    entry = AuditEntry.objects.get()
    assert (entry.act, entry.report, entry.public, entry.reason) == ("report", report, False,
                                                                     "works as the rules say")
    assert Notice.objects.filter(user=me, kind=Notice.Kind.MODERATION, text__contains="dismissed").exists()
    assert "Moderator" not in log_text(game, me)


def test_hiding_a_message_is_recorded_shown_in_the_log_told_to_its_author_and_actions_its_reports(moderator):
    game = started_game(players=2)
    author, reader = active_seat(game).user, other_seat(game).user
    message = actions.post_chat(game, Actor.player(author), "you are all idiots")
    report = actions.report_chat(message, Actor.player(reader), "insult")

    assert actions.hide_chat([message], as_moderator(moderator, "insults")) == 1

    message.refresh_from_db()
    report.refresh_from_db()
    entry = AuditEntry.objects.get(act=AuditEntry.Act.HIDE_CHAT)
    assert message.hidden and report.status == Report.Status.ACTIONED and report.handled_by == moderator
    assert (entry.message, entry.user, entry.details) == (message, author, {"text": "you are all idiots"})
    log = log_text(game, reader)
    assert f"Moderator: hid a chat message by {author.display_name}. Reason: insults" in log
    assert "idiots" not in log
    assert told(author, entry) and not told(reader, entry)

    assert actions.show_chat([message], as_moderator(moderator, "on second thought")) == 1
    shown = AuditEntry.objects.get(act=AuditEntry.Act.SHOW_CHAT)
    assert f"Moderator: showed a chat message by {author.display_name} again." in log_text(game, reader)
    assert told(author, shown)
    assert actions.show_chat([message], as_moderator(moderator, "again")) == 0  # nothing to show twice


def test_a_chat_message_reported_again_after_its_report_was_dismissed_is_refused_as_a_duplicate(moderator):
    game = started_game(players=2)
    me, them = active_seat(game), other_seat(game)
    message = actions.post_chat(game, Actor.player(them.user), "hello")
    first = actions.report_chat(message, Actor.player(me.user), "rude")
    actions.handle_reports([first], as_moderator(moderator), Report.Status.DISMISSED)

    with pytest.raises(actions.Invalid, match="You have already reported this") as again:
        actions.report_chat(message, Actor.player(me.user), "rude, I said")

    assert again.value.code == "duplicate"
    assert Report.objects.filter(reporter=me.user).count() == 1
