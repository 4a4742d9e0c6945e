"""One Actor carries each channel's authority: a player for their own seat, a bot for its seat, the clock
for a seat whose time runs, a moderator with a reason, the system with a reason."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import ChatMessage, Notice, Seat
from games.views.refusals import HTTP_STATUS, http_status
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db


def refused_code(game, actor, text="end", seat=None) -> str:
    count = game.actions.count()
    with pytest.raises(actions.ActionError) as refused:
        actions.apply_command(game, actor, text, seat=seat)
    assert game.actions.count() == count  # nothing written
    return refused.value.code


def test_a_player_acts_only_for_their_own_seat():
    game = started_game(players=2)
    waiting = other_seat(game)
    active = active_seat(game)
    assert refused_code(game, Actor.player(waiting.user), seat=active.index) == "not_your_seat"
    assert refused_code(game, Actor.player(UserFactory())) == "not_your_seat"
    assert refused_code(game, Actor.player(waiting.user)) == "not_your_turn"
    applied = actions.apply_command(game, Actor.player(active.user, channel="email"), "end")
    assert applied.actions[0].source == "email" and applied.actions[0].actor == active.user


def test_a_bot_acts_only_for_the_seat_it_holds():
    game = started_game(players=2)
    active = active_seat(game)
    assert refused_code(game, Actor.bot(active.index), seat=active.index) == "not_your_seat"  # a human's seat
    Seat.objects.filter(pk=active.pk).update(user=None, bot="random")
    assert refused_code(game, Actor.bot(1 - active.index), seat=active.index) == "not_your_seat"
    applied = actions.apply_command(game, Actor.bot(active.index), "end", seat=active.index)
    assert applied.actions[0].source == "bot" and applied.actions[0].actor is None


def test_the_clock_acts_only_for_a_seat_whose_time_is_running():
    game = started_game(players=2)
    waiting, active = other_seat(game), active_seat(game)
    assert refused_code(game, Actor.clock(), seat=waiting.index) == "not_your_turn"
    assert refused_code(game, Actor.clock()) == "no_seat"
    applied = actions.apply_command(game, Actor.clock(), "end", seat=active.index)
    assert applied.actions[0].source == "timeout"


def test_only_moderators_with_a_reason_act_as_moderators():
    game = started_game(players=2)
    active = active_seat(game)
    assert refused_code(game, Actor.moderator(UserFactory(), "because"), seat=active.index) == "not_allowed"
    # Staff outside the moderator group are not moderators.
    assert refused_code(game, Actor.moderator(StaffFactory(), "because"), seat=active.index) == "not_allowed"
    staff = ModeratorFactory()
    assert refused_code(game, Actor.moderator(staff, "  "), seat=active.index) == "reason_required"
    applied = actions.apply_command(game, Actor.moderator(staff, "stuck game"), "end", seat=active.index)
    assert (applied.actions[0].source, applied.actions[0].actor) == ("moderator", staff)


def test_the_system_gives_a_reason():
    game = started_game(players=2)
    assert refused_code(game, Actor.system(""), seat=active_seat(game).index) == "reason_required"


def test_hiding_chat_needs_a_moderator_and_a_reason():
    game = started_game(players=2)
    message = ChatMessage.objects.create(game=game, user=active_seat(game).user, text="rude words")
    with pytest.raises(actions.NotAllowed):
        actions.hide_chat([message], Actor.player(active_seat(game).user))
    with pytest.raises(actions.NotAllowed):
        actions.hide_chat([message], Actor.moderator(ModeratorFactory(), ""))
    message.refresh_from_db()
    assert not message.hidden
    assert actions.hide_chat([message], Actor.moderator(ModeratorFactory(), "insults")) == 1
    message.refresh_from_db()
    assert message.hidden


def test_the_admin_asks_for_a_reason_before_hiding_chat():
    game = started_game(players=2)
    message = ChatMessage.objects.create(game=game, user=active_seat(game).user, text="rude words")
    admin = Client()
    admin.force_login(StaffFactory(is_superuser=True))
    changelist = reverse("admin:games_chatmessage_changelist")
    asked = admin.post(changelist, {"action": "hide", "_selected_action": [message.pk]})
    assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()
    message.refresh_from_db()
    assert not message.hidden
    admin.post(changelist, {"action": "hide", "_selected_action": [message.pk], "confirm": "yes",
                            "reason": "insults"})
    message.refresh_from_db()
    assert message.hidden


def test_marking_notices_read_touches_only_the_actors_own():
    mine, theirs = UserFactory(), UserFactory()
    own = Notice.objects.create(user=mine, kind=Notice.Kind.INVITE, text="for me")
    other = Notice.objects.create(user=theirs, kind=Notice.Kind.INVITE, text="not for me")
    assert actions.mark_read([own, other], Actor.player(mine)) == 1
    own.refresh_from_db()
    other.refresh_from_db()
    assert own.read_at is not None and other.read_at is None


def test_every_refusal_code_the_actions_raise_has_one_web_status():
    codes = {cls.code for cls in (actions.ActionError, actions.NotAllowed, actions.NotYourTurn,
                                  actions.NotInPlay, actions.GameMovedOn, actions.IllegalMove,
                                  actions.BadOptions, actions.Invalid, actions.NothingToUndo)}
    codes |= {"not_signed_in", "not_your_seat", "no_seat", "reason_required", "stopped_after_roll", "full",
              "empty", "too_long", "duplicate", "rate_limited", "bad_version"}
    assert codes - {"refused"} <= set(HTTP_STATUS)
    assert http_status(actions.GameMovedOn("x")) == 409
    assert http_status(actions.NotYourTurn("x")) == 403
