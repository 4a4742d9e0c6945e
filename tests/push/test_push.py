"""Push (games/push/): an open game page is told of a move, a chat message or a question the moment it is
committed, each reader only what it may read; a page that reconnects is caught up; a reader who may not
see the game is sent away; a command sent over the connection is played as the command form plays it."""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import channels.consumer
import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache, caches

from games import actions, pulse
from games.actions import Actor
from games.kinds import get_kind
from games.kinds.metal_adventures import cards
from games.models import Action, Game
from games.narration import narrate
from games.prompts import asked
from games.push import news, watch
from games.push.shared import SharedCaches
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
    told_of_a_move,
    watched_game,
)
from tests.web.factories import UserFactory, active_seat, full_game, other_seat, started_game

# Transactional: the push is sent once the move's transaction commits, as on the site.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]



def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def seat_user(game: Game, index: int) -> Any:
    return game.seats.get(index=index).user


def test_each_reader_is_told_the_move_in_its_own_words_and_no_one_elses_hidden_cards() -> None:
    game = full_game(3, kind="metal-adventures")
    kind = get_kind(game.kind)
    choice = next(c for c in kind.legal_commands(kind.load(game.state), 0) if c.startswith("choose"))
    kept = [cards.NAMES[t] for t in choice.split()[1:]]
    readers: dict[int | None, Any] = {i: client_of(seat_user(game, i)) for i in range(3)}
    mover = seat_user(game, 0)  # read here: the scenario's loop may not query the database itself
    readers[None] = client_of(UserFactory())  # a spectator
    shown = {r: page_of(c, game.pk) for r, c in readers.items()}

    async def scenario() -> dict[int | None, str]:
        comms = {r: communicator(c, shown[r]["url"]) for r, c in readers.items()}
        for r, comm in comms.items():
            await hello(comm, shown[r])
        await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), choice)
        told = {r: await comm.receive_from(timeout=WAIT) for r, comm in comms.items()}
        for comm in comms.values():
            await comm.disconnect()
        return told

    told = run(scenario)
    game.refresh_from_db()
    action = Action.objects.get(game=game, command=choice)
    state = kind.load(game.state)
    own = {r: narrate(game, kind, state, ["", "", ""], seat=0, command=choice, events=action.events,
                      reader=r).lines for r in readers}
    assert own[0] != own[1], "the scenario must tell the seats apart"
    for reader, fragment in told.items():
        match = NEWS.search(fragment)
        assert match is not None, fragment
        assert int(match[1]) == game.version
        words = text_of(match[2])
        assert all(name not in words for name in kept) == (reader != 0), (reader, words)
    assert all(name in text_of(told[0]) for name in kept)
    # What each seat is asked now goes to that seat alone: seats 1 and 2 still choose, seat 0 waits.
    questions = asked(game)
    assert questions[1].text in text_of(told[1]) and questions[2].text in text_of(told[2])
    assert questions[1].text not in text_of(told[None])
    assert "push-asked" not in told[0] and "push-asked" not in told[None]


def test_a_move_is_read_from_the_database_once_for_all_the_readers_of_a_push_server(monkeypatch: Any) -> None:
    """One reading for the pages of every seat; and no page hops to the sync thread of its own (channels'
    dispatch would, before every message, to close stale connections: the readings do it themselves)."""
    game = started_game(players=2)
    readers = [client_of(seat_user(game, 0)), client_of(seat_user(game, 1)), client_of(UserFactory())]
    shown = [page_of(c, game.pk) for c in readers]
    stories: list[int] = []
    real = news.story
    monkeypatch.setattr(news, "story", lambda game_id, since: stories.append(since) or real(game_id, since))
    hops: list[int] = []

    async def hop() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", hop)
    mover = active_seat(game).user

    told = run(lambda: told_of_a_move(readers, shown, game, mover))
    game.refresh_from_db()
    assert [int(NEWS.search(f)[1]) for f in told] == [game.version] * 3  # type: ignore[index]
    assert stories == [int(shown[0]["version"])]  # two seats and a spectator: one reading
    assert hops == []


def test_every_connection_of_a_push_server_uses_one_cache_client() -> None:
    """Django keeps its cache objects per async context: unshared, each page's connection would open a
    Redis connection of its own and hold it while the page is open."""
    seen: list[Any] = []

    async def page(scope: Any, receive: Any, send: Any) -> None:
        seen.append(await database_sync_to_async(lambda: caches["default"])())

    app = SharedCaches(page)

    async def two_pages() -> None:
        await asyncio.gather(*(asyncio.create_task(app({}, None, None)) for _ in range(2)))

    run(two_pages)
    assert len(seen) == 2 and seen[0] is seen[1]


def test_a_page_whose_connection_dropped_is_caught_up_when_it_says_hello_again() -> None:
    game, mover, watcher, shown = watched_game()

    async def scenario() -> str:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        await comm.disconnect()  # the connection drops; meanwhile the other player moves
        await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), "end")
        again = communicator(watcher, shown["url"])
        await hello(again, shown)  # the page still shows what it showed before the drop
        fragment = await again.receive_from(timeout=WAIT)
        await again.disconnect()
        return fragment

    fragment = run(scenario)
    assert news_version(fragment) == Game.objects.get(pk=game.pk).version
    # What happened meanwhile, and that it is now this reader's turn.
    assert "Just now:" in text_of(fragment) and "Your turn:" in text_of(fragment)


def test_a_page_that_shows_the_current_version_is_told_nothing_on_hello() -> None:
    game = started_game(players=2)
    watcher = client_of(other_seat(game).user)
    shown = page_of(watcher, game.pk)

    async def scenario() -> bool:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        quiet = await comm.receive_nothing(timeout=0.5)
        await comm.disconnect()
        return quiet

    assert run(scenario)


def test_a_private_game_sends_away_a_reader_without_a_good_ticket_who_may_not_see_it() -> None:
    game = started_game(players=2, visibility="private")
    stranger = client_of(UserFactory())
    seated = page_of(client_of(active_seat(game).user), game.pk)  # a ticket made for someone else

    async def scenario() -> str:
        comm = communicator(stranger, seated["url"])
        connected, _ = await comm.connect(timeout=WAIT)
        assert connected
        fragment = await comm.receive_from(timeout=WAIT)
        closed = await comm.receive_output(timeout=WAIT)
        assert closed["type"] == "websocket.close"
        return fragment

    assert 'data-gone="1"' in run(scenario)


def test_another_sites_page_cannot_open_the_connection() -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)

    async def scenario() -> bool:
        comm = communicator(player, shown["url"], origin=b"https://evil.example")
        connected, _ = await comm.connect(timeout=WAIT)
        return connected

    assert run(scenario) is False


def test_a_command_sent_over_the_connection_is_played_and_answered_in_words() -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)
    before = game.version

    async def scenario() -> list[str]:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        await comm.send_json_to({"type": "command", "command": "end", "expected_version": shown["version"]})
        got = [await comm.receive_from(timeout=WAIT), await comm.receive_from(timeout=WAIT)]
        await comm.disconnect()
        return got

    got = run(scenario)
    game.refresh_from_db()
    assert game.version > before
    assert Action.objects.filter(game=game, command="end", source="web").count() == 1
    reply = next(f for f in got if 'id="push-reply"' in f)
    assert 'data-ok="1"' in reply
    assert any(NEWS.search(f) and int(NEWS.search(f)[1]) == game.version for f in got)


def test_a_stale_command_is_refused_in_words_and_changes_nothing() -> None:
    game = started_game(players=2)
    player = client_of(active_seat(game).user)
    shown = page_of(player, game.pk)
    stale = int(shown["version"]) - 1

    async def scenario() -> str:
        comm = communicator(player, shown["url"])
        await hello(comm, shown)
        await comm.send_json_to({"type": "command", "command": "end", "expected_version": stale})
        reply = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return reply

    reply = run(scenario)
    assert 'data-ok="0"' in reply
    assert "moved on" in text_of(reply).lower() or "changed" in text_of(reply).lower(), text_of(reply)
    assert Game.objects.get(pk=game.pk).version == game.version


def test_nobody_acts_for_someone_else_over_the_connection() -> None:
    game = started_game(players=2)
    spectator = client_of(UserFactory())
    shown = page_of(spectator, game.pk)

    async def scenario() -> str:
        comm = communicator(spectator, shown["url"])
        await hello(comm, shown)
        await comm.send_json_to({"type": "command", "command": "end", "expected_version": shown["version"]})
        reply = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return reply

    reply = run(scenario)
    assert 'data-ok="0"' in reply and "nobody acts for someone else" in text_of(reply)
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_chat_message_is_told_as_the_chats_new_token() -> None:
    game = started_game(players=2)
    author = active_seat(game).user
    reader = client_of(other_seat(game).user)
    shown = page_of(reader, game.pk)

    async def scenario() -> str:
        comm = communicator(reader, shown["url"])
        await hello(comm, shown)
        await database_sync_to_async(actions.post_chat)(game, Actor.player(author), "hello there")
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    token = re.search(r'<div id="push-chat" hidden data-chat="([^"]*)"', fragment)
    assert token is not None and token[1] != shown["chat"]
    assert "hello there" not in fragment  # the words go through the chat's own view and its checks


def test_the_push_servers_own_check_tells_a_change_the_layer_did_not_bring() -> None:
    game, mover, watcher, shown = watched_game()

    async def scenario() -> str:
        comm = communicator(watcher, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.5)  # the hello is answered: nothing to catch up
        await watch.check_once()  # the check learns the game as it is
        await move_unheard(game, mover)
        assert await comm.receive_nothing(timeout=0.3)
        await watch.check_once()
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    assert news_version(fragment) == Game.objects.get(pk=game.pk).version



@pytest.mark.parametrize("visible", [True, False])
def test_a_signed_in_reader_on_the_page_counts_as_present_unless_the_tab_is_hidden(visible: bool) -> None:
    game = started_game(players=2)
    user = other_seat(game).user
    reader = client_of(user)
    shown = page_of(reader, game.pk)
    cache.delete(pulse.seen_key(game.pk, user.pk))  # the page view itself noted them: start from away

    async def scenario() -> None:
        comm = communicator(reader, shown["url"])
        connected, _ = await comm.connect(timeout=WAIT)
        assert connected
        await comm.send_json_to({"type": "hello", "version": shown["version"], "chat": shown["chat"],
                                 "visible": visible})
        assert await comm.receive_nothing(timeout=0.5)
        await comm.disconnect()

    run(scenario)
    assert (pulse.last_seen(game.pk, user.pk) is not None) == visible


def test_a_tab_shown_again_says_so_and_its_reader_is_present_again() -> None:
    game = started_game(players=2)
    user = other_seat(game).user
    reader = client_of(user)
    shown = page_of(reader, game.pk)

    async def scenario() -> None:
        comm = communicator(reader, shown["url"])
        connected, _ = await comm.connect(timeout=WAIT)
        assert connected
        await comm.send_json_to({"type": "hello", "version": shown["version"], "chat": shown["chat"],
                                 "visible": False})
        assert await comm.receive_nothing(timeout=0.3)
        await database_sync_to_async(cache.delete)(pulse.seen_key(game.pk, user.pk))
        await comm.send_json_to({"type": "visible", "visible": True})
        assert await comm.receive_nothing(timeout=0.3)
        await comm.disconnect()

    run(scenario)
    assert pulse.last_seen(game.pk, user.pk) is not None


@pytest.mark.parametrize("password_changed", [False, True])
def test_after_the_tickets_hour_a_page_whose_session_ended_elsewhere_is_sent_away(
        monkeypatch: pytest.MonkeyPatch, password_changed: bool) -> None:
    game = started_game(players=2)
    mover, user = active_seat(game).user, other_seat(game).user
    reader = client_of(user)
    shown = page_of(reader, game.pk)
    monkeypatch.setattr(pulse, "TICKET_SECONDS", 0)  # every change now finds the hour up

    async def scenario() -> str:
        comm = communicator(reader, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        if password_changed:  # elsewhere: every other session of the user ends (Django's auth hash)
            user.set_password("a new one, elsewhere")
            await database_sync_to_async(user.save)()
        await database_sync_to_async(actions.apply_command)(game, Actor.player(mover), "end")
        fragment = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return fragment

    fragment = run(scenario)
    assert ('data-gone="1"' in fragment) == password_changed
    assert (NEWS.search(fragment) is not None) == (not password_changed)
