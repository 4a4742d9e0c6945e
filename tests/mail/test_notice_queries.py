"""What sending one turn notice asks of the database (games/mail/outbound.py deliver): the seat's player is
the user the claim read with its profile, and whether the chat holds anything unread comes with the seats:
with nothing unread, no query of its own."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import actions
from games.actions import Actor
from games.actions.chat import mark_chat_read, post_chat
from games.mail import outbound
from games.mail.chat_lines import new_chat
from games.mail.position import _seats
from games.models import ChatMessage, Game, Notification, Seat
from tests.web.factories import active_seat, other_seat, quiet_game

pytestmark = pytest.mark.django_db


def turn_notice() -> tuple[Game, Notification]:
    game = quiet_game()
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    row = Notification.objects.get(game=game, kind="turn", sent_at__isnull=True)
    Notification.objects.filter(pk=row.pk).update(due_at=timezone.now())
    return game, row


def sent(row: Notification) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        assert outbound.deliver(row.pk) is outbound.Delivery.SENT
    return [q["sql"] for q in queries.captured_queries]


def test_a_turn_notice_reads_its_player_with_the_claim_and_an_unread_free_chat_in_one_query(
        mailoutbox: list[Any]) -> None:
    game, row = turn_notice()

    queries = sent(row)

    assert len(mailoutbox) == 1 and row.seat is not None
    assert row.seat.user is not None and row.seat.user.display_name in mailoutbox[0].body
    # The player and profile come with the claimed row: no query of their own.
    assert not [q for q in queries if 'FROM "accounts_user"' in q or 'FROM "accounts_profile"' in q]
    # Whether the chat holds anything unread comes with the seats (an EXISTS of the seats' query).
    chat = [q for q in queries if '"games_chatmessage"' in q]
    assert len(chat) == 1 and 'FROM "games_seat"' in chat[0] and "EXISTS" in chat[0]
    # the claim with its gathering, its rows' read and whether the player acted since (1), seats (1),
    # log (1), marked sent (1)
    assert len(queries) == 4


def test_an_unread_chat_line_is_still_mailed_with_the_notice(mailoutbox: list[Any]) -> None:
    game, row = turn_notice()
    them = other_seat(game)  # the seat that just ended its turn: the notice is the other one's
    assert row.seat is not None and them.pk != row.seat.pk and them.user is not None
    post_chat(game, Actor.player(them.user), "your move, Ann")

    queries = sent(row)

    assert f"{them.user.display_name}: your move, Ann" in mailoutbox[0].body
    assert len([q for q in queries if '"games_chatmessage"' in q]) == 2  # the seats' EXISTS, the lines


def test_new_chat_on_a_seat_read_without_the_unread_test_asks_the_database_itself() -> None:
    game, row = turn_notice()
    them = other_seat(game)
    assert row.seat is not None and them.user is not None
    seat = Seat.objects.get(pk=row.seat.pk)  # no `unread_chat` read with it
    assert new_chat(game, seat) == ([], 0)

    post_chat(game, Actor.player(them.user), "your move, Ann")

    lines, more = new_chat(game, Seat.objects.get(pk=row.seat.pk))
    assert [line.text for line in lines] == ["your move, Ann"] and more == 0


def test_the_mails_seats_are_read_as_the_orm_reads_them_and_tell_unread_chat_as_new_chat_does() -> None:
    game, row = turn_notice()
    me, them = Seat.objects.get(pk=row.seat_id), other_seat(game)
    assert me.user is not None and them.user is not None

    def unread() -> dict[int, bool]:
        seats = _seats(game)
        orm = list(game.seats.exclude(index=None).select_related("user__profile").order_by("index"))
        assert [s.pk for s in seats] == [s.pk for s in orm]
        for got, want in zip(seats, orm, strict=True):
            for a, b in ((got, want), (got.user, want.user), (got.user.profile, want.user.profile)):
                assert [(f.attname, getattr(a, f.attname)) for f in type(a)._meta.concrete_fields] == [
                    (f.attname, getattr(b, f.attname)) for f in type(b)._meta.concrete_fields]
        # The read's answer is new_chat's own test on a seat read without it.
        for seat in seats:
            plain = Seat.objects.get(pk=seat.pk)
            assert seat.unread_chat == bool(new_chat(game, plain)[0] or new_chat(game, plain)[1])
        return {seat.pk: seat.unread_chat for seat in seats}

    assert unread() == {me.pk: False, them.pk: False}
    post_chat(game, Actor.player(them.user), "your move, Ann")
    assert unread() == {me.pk: True, them.pk: False}  # their own line is not news to them
    mark_chat_read(game, Actor.player(me.user))
    assert unread() == {me.pk: False, them.pk: False}
    line = post_chat(game, Actor.player(me.user), "thinking")
    assert unread() == {me.pk: False, them.pk: True}
    ChatMessage.objects.filter(pk=line.pk).update(hidden=True)  # a moderator hid it
    assert unread() == {me.pk: False, them.pk: False}
