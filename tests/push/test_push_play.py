"""games.push.play.play, what the push connection runs for a typed command, called directly: the game's
kind is read once per process, and a game gone since is refused as one that is not there."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from games.push import play as push_play
from tests.web.factories import active_seat, started_game

pytestmark = pytest.mark.django_db


def kind_reads(queries: CaptureQueriesContext) -> int:
    return sum('SELECT "games_game"."kind"' in q["sql"] for q in queries.captured_queries)


def test_a_games_kind_is_read_for_its_first_command_only() -> None:
    push_play._kinds.clear()
    game = started_game(players=2)
    with CaptureQueriesContext(connection) as first:
        assert push_play.play(game.pk, active_seat(game).user, "end", str(game.version)).ok
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as second:
        assert push_play.play(game.pk, active_seat(game).user, "end", str(game.version)).ok

    assert kind_reads(first) == 1 and kind_reads(second) == 0


def test_a_game_deleted_after_its_kind_was_remembered_is_refused_as_not_there() -> None:
    game = started_game(players=2)
    user = active_seat(game).user
    assert push_play.kind_name(game.pk) == game.kind
    Game.objects.filter(pk=game.pk).delete()

    reply = push_play.play(game.pk, user, "end", None)

    assert reply == push_play.Reply(False, push_play.NOT_YOURS)
    assert push_play.play(10**12, user, "end", None) == push_play.Reply(False, push_play.NOT_YOURS)


def test_the_remembered_kinds_start_afresh_past_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(push_play, "KINDS_HELD", 2)
    push_play._kinds.clear()
    games = [started_game(players=2) for _ in range(3)]
    for game in games:
        push_play.kind_name(game.pk)

    assert list(push_play._kinds) == [games[2].pk]
