"""The sender's claim and mark (games/actions/notify.py claim, mark_sent): one statement takes the row asked
for and, for a turn notice, the player's other turn notices due now that no sender holds; one statement marks
them all. Which rows it takes, and which it leaves, decides that no notice is mailed twice or lost."""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.actions.notify import claim, mark_sent
from games.models import Action, Notification
from tests.web.factories import quiet_game

SENT = timezone.now() - timedelta(hours=1)


def rows(kinds: list[str], user: Any = None, **fields: Any) -> list[Notification]:
    """Notices of `kinds` to the same player (the quiet game's first seat's, or `user`), all due a while
    ago unless `fields` say otherwise, the earliest due first."""
    game = quiet_game()
    seat = game.seats.order_by("index").first()
    assert seat is not None
    owner = user or seat.user
    now = timezone.now()
    # repeat 100: no notice the game wrote itself (its start notices, all sent) has it
    return [Notification.objects.create(game=game, user=owner, seat=seat, kind=kind, key=i, repeat=100,
                                        due_at=now - timedelta(minutes=60 - i), **fields)
            for i, kind in enumerate(kinds)]


def read(row: Notification) -> Notification:
    return Notification.objects.get(pk=row.pk)


@pytest.mark.django_db
def test_a_turn_notice_takes_the_players_other_due_turn_notices_in_one_statement_oldest_first() -> None:
    lead, *others = rows(["turn", "turn", "started", "finished", "turn", "turn"])
    held, later = others[3], others[4]
    Notification.objects.filter(pk=held.pk).update(claimed_until=timezone.now() + timedelta(minutes=4))
    Notification.objects.filter(pk=later.pk).update(due_at=timezone.now() + timedelta(minutes=4))
    sent = rows(["turn"], user=lead.user)[0]
    Notification.objects.filter(pk=sent.pk).update(sent_at=SENT)
    stranger = rows(["turn"])[0]  # another game's seat: another player

    with CaptureQueriesContext(connection) as queries:
        taken = claim(lead.pk)

    # The lead first, then the others due and free, oldest due first: not the game-over mail (told alone),
    # the row another sender holds, the row not yet due, the row sent, nor another player's.
    assert [row.pk for row in taken] == [lead.pk, others[0].pk, others[1].pk]
    assert len(queries) == 1  # the claim, its gathering and the rows' read with what the mail needs
    for row in taken:
        fresh = read(row)
        assert fresh.attempts == 1 and fresh.claimed_until == row.claimed_until > timezone.now()
        assert row.attempts == 1 and row.user.profile is not None and row.seat is not None
    for row in (others[2], later, stranger):
        assert read(row).claimed_until is None and read(row).attempts == 0
    assert read(held).attempts == 0


@pytest.mark.django_db
def test_the_claimed_rows_are_read_as_the_orm_reads_them_with_their_game_seat_player_and_profile() -> None:
    lead, other = rows(["turn", "started"])

    taken = claim(lead.pk)

    assert [row.pk for row in taken] == [lead.pk, other.pk]
    with CaptureQueriesContext(connection) as queries:
        for row in taken:
            orm = Notification.objects.select_related("game", "seat", "user__profile").get(pk=row.pk)
            for got, want in ((row, orm), (row.game, orm.game), (row.seat, orm.seat), (row.user, orm.user),
                              (row.user.profile, orm.user.profile)):
                assert type(got) is type(want) and got.pk == want.pk and not got._state.adding
                assert [(f.attname, getattr(got, f.attname)) for f in type(got)._meta.concrete_fields] == [
                    (f.attname, getattr(want, f.attname)) for f in type(want)._meta.concrete_fields]
    assert len(queries) == 2  # the two ORM reads: the claimed rows' relations cost none
    assert isinstance(taken[0].game.state, dict)  # a JSON column as the ORM reads it, not its text


@pytest.mark.django_db
def test_at_most_nine_others_go_with_a_turn_notice() -> None:
    lead, *others = rows(["turn"] * 12)

    taken = claim(lead.pk)

    assert [row.pk for row in taken] == [lead.pk, *[row.pk for row in others[:9]]]
    assert [row.pk for row in others[9:] if read(row).claimed_until is None] == [row.pk for row in others[9:]]


@pytest.mark.django_db
def test_a_row_held_sent_or_not_due_is_not_taken_and_takes_nothing_with_it() -> None:
    held, sent, early, other = rows(["turn", "turn", "turn", "turn"])
    Notification.objects.filter(pk=held.pk).update(claimed_until=timezone.now() + timedelta(minutes=4))
    Notification.objects.filter(pk=sent.pk).update(sent_at=SENT)
    Notification.objects.filter(pk=early.pk).update(due_at=timezone.now() + timedelta(minutes=4))

    assert claim(held.pk) == [] and claim(sent.pk) == [] and claim(early.pk) == []
    assert read(other).claimed_until is None and read(other).attempts == 0
    assert read(held).attempts == 0 and read(sent).attempts == 0 and read(early).attempts == 0


@pytest.mark.django_db
def test_a_lease_run_out_is_taken_again_and_a_game_over_notice_goes_alone() -> None:
    over, turn = rows(["finished", "turn"], claimed_until=timezone.now() - timedelta(seconds=1), attempts=2)

    taken = claim(over.pk)

    assert [row.pk for row in taken] == [over.pk] and taken[0].attempts == 3
    assert read(turn).attempts == 2


@pytest.mark.django_db
def test_the_mark_tells_the_told_rows_sent_and_the_others_dropped_and_spares_a_row_taken_over() -> None:
    lead, told, stale, lost = rows(["turn"] * 4)
    taken = claim(lead.pk)
    # The lease on `lost` ran out and another sender holds it now: its outcome is theirs.
    Notification.objects.filter(pk=lost.pk).update(claimed_until=timezone.now() + timedelta(minutes=9))

    assert mark_sent(taken, {lead.pk, told.pk, lost.pk}) == 3

    assert read(lead).sent_at is not None and not read(lead).dropped and read(lead).claimed_until is None
    assert read(told).sent_at is not None and not read(told).dropped
    assert read(stale).sent_at is not None and read(stale).dropped
    assert read(lost).sent_at is None and read(lost).claimed_until is not None


@pytest.mark.django_db(transaction=True)
def test_a_row_another_sender_is_claiming_is_left_to_it_without_waiting() -> None:
    lead, busy, free = rows(["turn"] * 3)
    settings = connection.settings_dict
    other = psycopg.connect(dbname=settings["NAME"], user=settings["USER"],
                            password=settings["PASSWORD"] or None, host=settings["HOST"],
                            port=settings["PORT"] or None)
    try:
        # Another sender's claim of `busy` is under way: its row is locked until that statement commits.
        other.execute("SELECT id FROM games_notification WHERE id = %s FOR UPDATE", [busy.pk])
        let_go = threading.Timer(3.0, other.rollback)
        let_go.start()
        started = time.monotonic()
        taken = claim(lead.pk)
        waited = time.monotonic() - started
        let_go.cancel()
        other.rollback()
    finally:
        other.close()

    assert [row.pk for row in taken] == [lead.pk, free.pk]
    assert waited < 3.0  # it did not wait for the other sender's lock
    assert read(busy).claimed_until is None and read(busy).attempts == 0


@pytest.mark.django_db
def test_the_claim_tells_whether_each_rows_player_acted_in_its_game_since_it_was_written() -> None:
    lead, other = rows(["turn", "turn"])
    assert lead.game is not None
    written = Notification.objects.get(pk=other.pk).created_at
    Action.objects.create(game=lead.game, actor=lead.user, seq=9000, seat=0, command="end", events=[],
                          turn=1, source=Action.Source.WEB, version_after=9000)
    Action.objects.filter(seq=9000, game=lead.game).update(created_at=written + timedelta(seconds=1))
    Notification.objects.filter(pk=lead.pk).update(created_at=written + timedelta(seconds=2))

    taken = claim(lead.pk)

    # `other` was written before that action, `lead` after it.
    assert [(row.pk, row.acted_since) for row in taken] == [(lead.pk, False), (other.pk, True)]
