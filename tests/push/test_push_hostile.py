"""Push under hostile use (games/push/): a command over the connection is refused whenever the command
form's POST would be (a session ended, an account suspended since the connection opened), a malformed
message changes nothing and leaves the connection working, the push server's own check tells every change
it finds and survives a game deleted under it, and a client looping messages costs no reading each."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import Any
from urllib.parse import quote

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.core import signing
from django.utils import timezone

from games import actions, pulse
from games.actions import Actor
from games.models import Action, Game
from games.push import publish, watch
from tests.push.conftest import (
    NEWS,
    WAIT,
    client_of,
    communicator,
    hello,
    move_unheard,
    news_version,
    page_of,
    run,
    watched_game,
)
from tests.web.factories import ModeratorFactory, UserFactory, active_seat, other_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]



async def reply_to(comm: Any) -> str:
    """The command's answer, past any news of a move pushed meanwhile."""
    while True:
        fragment = await comm.receive_from(timeout=WAIT)
        if 'id="push-reply"' in fragment:
            return fragment


@pytest.mark.parametrize("ended_by", ["suspension", "password_changed_elsewhere"])
def test_a_command_over_a_connection_whose_session_has_ended_since_is_refused_and_changes_nothing(
        ended_by: str) -> None:
    game = started_game(players=2)
    user = active_seat(game).user
    player = client_of(user)
    shown = page_of(player, game.pk)
    moderator = ModeratorFactory()

    async def scenario() -> str:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        if ended_by == "suspension":  # the account is inactive now: the form's POST is not theirs any more
            await database_sync_to_async(actions.suspend_user)(
                user, Actor.moderator(moderator, "cheating"), timezone.now() + timedelta(days=7))
        else:
            user.set_password("a new one, elsewhere")
            await database_sync_to_async(user.save)()
        version = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).version
        await comm.send_json_to({"type": "command", "command": "end", "expected_version": version})
        reply = await reply_to(comm)
        await comm.disconnect()
        return reply

    reply = run(scenario)
    assert 'data-ok="0"' in reply
    assert not Action.objects.filter(game=game, command="end").exists()


@pytest.mark.parametrize("message", [
    {"type": "command", "command": "end", "expected_version": "9" * 5000},  # past int()'s digit limit
    {"type": "command", "command": ["end"], "expected_version": None},  # not text
    {"type": "command", "command": {"end": 1}},
    {"type": "command", "command": "end", "expected_version": True},
    {"type": "command", "command": "end", "expected_version": 1.0},
    {"type": "command", "command": "end\u0000", "expected_version": None},  # PostgreSQL refuses NUL in text
    {"type": "command", "command": "end", "expected_version": "1\u0000"},
])
def test_a_malformed_command_is_refused_in_words_changes_nothing_and_the_connection_works_on(
        message: dict[str, Any]) -> None:
    game = started_game(players=2)
    mover = active_seat(game).user
    player = client_of(mover)
    shown = page_of(player, game.pk)

    async def scenario() -> tuple[str, str]:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        await comm.send_json_to(message)
        reply = await reply_to(comm)
        # Still open: the next move is told.
        await comm.send_json_to({"type": "command", "command": "end", "expected_version": shown["version"]})
        after = await reply_to(comm)
        await comm.disconnect()
        return reply, after

    reply, after = run(scenario)
    assert 'data-ok="0"' in reply and "damaged" in reply
    assert 'data-ok="1"' in after
    assert Action.objects.filter(game=game, command="end").count() == 1


def test_the_push_servers_check_tells_a_change_lost_before_its_first_look_at_the_game() -> None:
    game, mover, watcher, shown = watched_game()

    async def scenario() -> str:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        # The worker moves (its message lost, as the embedded default's in-memory layer loses every message
        # of another process) before this server's check first looks at the game.
        await move_unheard(game, mover)
        await watch.check_once()
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    assert news_version(fragment) == Game.objects.get(pk=game.pk).version


def test_the_push_servers_check_goes_on_for_the_other_games_after_a_followed_game_is_deleted() -> None:
    doomed, game = started_game(players=2), started_game(players=2)
    lingering = client_of(UserFactory())  # a page of the doomed game that never said hello
    doomed_page = page_of(lingering, doomed.pk)
    watcher = client_of(other_seat(game).user)
    shown = page_of(watcher, game.pk)
    mover = active_seat(game).user

    async def scenario() -> str:
        quiet = communicator(lingering, doomed_page["url"])
        connected, _ = await quiet.connect(timeout=WAIT)
        assert connected
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        await watch.check_once()  # both games seen
        await database_sync_to_async(Game.objects.filter(pk=doomed.pk).delete)()
        await watch.check_once()  # the doomed game is told gone
        await move_unheard(game, mover)
        await watch.check_once()  # the deleted game is still followed by the page that never said hello
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        await quiet.disconnect()
        return fragment

    fragment = run(scenario)
    assert news_version(fragment) == Game.objects.get(pk=game.pk).version


def test_a_page_says_hello_once_a_client_looping_hellos_is_answered_only_the_first() -> None:
    game, mover, watcher, shown = watched_game()
    actions.apply_command(game, Actor.player(mover), "end")  # the page is one move behind

    async def scenario() -> tuple[str, bool]:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        first = await comm.receive_from(timeout=WAIT)
        # Again and again, each time as if from further back: each would be a reading of its own.
        for version in range(int(shown["version"]) - 1, -1, -1):
            await comm.send_json_to({"type": "hello", "version": str(version), "chat": "", "visible": True})
        quiet = await comm.receive_nothing(timeout=0.5)
        await comm.disconnect()
        return first, quiet

    first, quiet = run(scenario)
    game.refresh_from_db()
    match = NEWS.search(first)
    assert match is not None and int(match[1]) == game.version
    assert quiet


def test_a_client_looping_visible_notes_its_reader_present_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = started_game(players=2)
    user = other_seat(game).user
    reader = client_of(user)
    shown = page_of(reader, game.pk)
    noted: list[int] = []
    monkeypatch.setattr(pulse, "seen", lambda game_id, user_id: noted.append(user_id))

    async def scenario() -> None:
        comm = communicator(reader, shown["url"])
        connected, _ = await comm.connect(timeout=WAIT)
        assert connected
        await comm.send_json_to({"type": "hello", "version": shown["version"], "chat": shown["chat"],
                                 "visible": False})
        for _ in range(10):
            await comm.send_json_to({"type": "visible", "visible": True})
            await comm.send_json_to({"type": "visible", "visible": False})
        assert await comm.receive_nothing(timeout=0.5)
        await comm.disconnect()

    run(scenario)
    assert noted == [user.pk]


def test_a_reader_who_may_no_longer_see_the_game_is_not_told_even_that_someone_wrote_in_its_chat() -> None:
    game = started_game(players=2)
    author = active_seat(game).user
    spectator = client_of(UserFactory())
    shown = page_of(spectator, game.pk)

    async def scenario() -> str:
        comm = communicator(spectator, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        game.visibility = Game.Visibility.PRIVATE  # a moderator, in the admin: the version stays
        await database_sync_to_async(game.save)(update_fields=["visibility"])
        await database_sync_to_async(actions.post_chat)(game, Actor.player(author), "only for us now")
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    assert 'data-gone="1"' in fragment and "push-chat" not in fragment


def test_on_the_embedded_default_a_page_open_for_days_is_still_told_of_moves(settings: Any) -> None:
    # The embedded default's layer (no Redis): the push server's memory, whose group memberships lapse a
    # day after they were made (channels.layers.InMemoryChannelLayer's group_expiry).
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    game, mover, watcher, shown = watched_game()

    async def scenario() -> str:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        layer = get_channel_layer()
        members = layer.groups[publish.group(game.pk)]
        for channel in members:  # the page joined more than a day ago
            members[channel] = time.time() - layer.group_expiry - 60
        await watch.check_once()  # a round of the push server's check, as every PUSH_CHECK_SECONDS
        await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), "end")
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    assert news_version(fragment) == Game.objects.get(pk=game.pk).version


def test_the_hour_after_which_access_is_asked_again_runs_from_the_tickets_signing_not_the_connection(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = started_game(players=2)
    mover, user = active_seat(game).user, other_seat(game).user
    reader = client_of(user)
    shown = page_of(reader, game.pk)
    # The page was drawn 50 minutes ago: every reconnection since reuses its address, and so its ticket.
    signed = int(time.time()) - 3000
    old = signing.Signer(salt=pulse._SALT).sign(f"{game.pk}.{user.pk}:{signing.b62_encode(signed)}")
    url = re.sub(r"t=[^&]+", "t=" + quote(old), shown["url"])

    async def scenario() -> str:
        comm = communicator(reader, url)
        await hello(comm, {**shown, "url": url})
        assert await comm.receive_nothing(timeout=0.3)
        # The ticket's life, 40 minutes from here: so over since the page was drawn, not since it connected.
        monkeypatch.setattr(pulse, "TICKET_SECONDS", 2400)
        user.set_password("a new one, elsewhere")
        await database_sync_to_async(user.save)()
        await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), "end")
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    assert pulse.ticket_ok(old, game.pk, str(user.pk))
    assert 'data-gone="1"' in run(scenario)


@pytest.mark.parametrize("case", ["double_submit", "paused_by_a_moderator"])
def test_a_command_over_the_connection_is_refused_as_the_forms_post_is_never_applied_twice(case: str) -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)
    moderator = ModeratorFactory()

    async def scenario() -> list[str]:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        version = shown["version"]
        if case == "paused_by_a_moderator":
            await database_sync_to_async(actions.pause_game)(game, Actor.moderator(moderator, "a dispute"))
            version = str((await database_sync_to_async(Game.objects.get)(pk=game.pk)).version)
        sent = 2 if case == "double_submit" else 1
        for _ in range(sent):  # a double click: the same form twice
            await comm.send_json_to({"type": "command", "command": "end", "expected_version": version})
        replies = [await reply_to(comm) for _ in range(sent)]
        await comm.disconnect()
        return replies

    replies = run(scenario)
    played = Action.objects.filter(game=game, command="end").count()
    if case == "double_submit":
        assert played == 1 and 'data-ok="1"' in replies[0] and 'data-ok="0"' in replies[1]
    else:
        assert played == 0 and 'data-ok="0"' in replies[0] and "paused" in replies[0]


def test_a_command_too_long_to_read_is_refused_in_words_not_dropped_in_silence() -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)
    before = Action.objects.filter(game=game).count()

    async def scenario() -> str:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        # Pasted by mistake: the form's POST would answer in words (the kind's split, the rate limits).
        await comm.send_json_to({"type": "command", "command": "end; " * 6000,
                                 "expected_version": shown["version"]})
        reply = await reply_to(comm)
        await comm.disconnect()
        return reply

    reply = run(scenario)
    assert 'data-ok="0"' in reply and "too long" in reply
    assert Action.objects.filter(game=game).count() == before


@pytest.mark.parametrize(("origin", "opens"), [
    (b"http://127.0.0.1", True),  # the site's own page (the handshake's scheme and Host)
    (b"http://127.0.0.1:8000", True),  # SITE_URL's, as a push server listening apart sees it (PUSH_URL)
    (b"http://127.0.0.1:9999", False),  # another port of the same host: the form's CSRF check refuses it
    (b"https://localhost", False),  # a host of ALLOWED_HOSTS, but not this page's origin
    (b"null", False),  # a sandboxed frame, a file
])
def test_only_a_page_of_the_sites_own_origin_opens_the_connection_as_only_it_may_post_the_form(
        origin: bytes, opens: bool) -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)

    async def scenario() -> bool:
        comm = communicator(player, shown["url"], origin=origin)
        connected, _ = await comm.connect(timeout=WAIT)
        if connected:
            await comm.disconnect()
        return connected

    assert run(scenario) is opens
