"""After a move, the seats are told first and their regions are drawn ahead (games/push/consumer.py
`_tell`, games/push/ahead.py): every open page fetches its region as soon as it is told, the polls are
served in the order they come, and a seat's region is its own, drawn per seat; told last and drawn last,
the seats' pages got their board after every spectator's (bench/push_bench.py)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import actions, page_cache
from games.actions import Actor
from games.push import ahead, consumer, news
from tests.push.conftest import WAIT, client_of, communicator, hello, page_of, run, told_of_a_move
from tests.web.factories import UserFactory, active_seat, other_seat, started_game
from tests.web.test_live_shared import ANNS_ORDER, browser, drawn, poll

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]
__all__ = ["drawn"]  # the fixture, used by name

SPECTATORS = 8


@pytest.mark.parametrize("ahead_on", [True, False], ids=["drawn ahead", "drawn by the polls"])
def test_the_seat_asked_is_told_first_then_the_other_seats_then_the_spectators_and_their_regions_drawn(
        monkeypatch: Any, drawn: list[str], settings: Any, ahead_on: bool) -> None:
    settings.PUSH_DRAW_AHEAD = ahead_on
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)  # Ann ends her turn: Bob is asked
    actions.apply_command(game, Actor.player(ann.user), "order damage wes")
    game.refresh_from_db()
    seen = game.version
    # The spectators' pages open first, the seat asked last: the order they joined never decides.
    readers = [(f"spectator{i}", client_of(UserFactory())) for i in range(SPECTATORS)]
    readers += [("ann", client_of(ann.user)), ("bob", client_of(bob.user))]
    shown = [page_of(client, game.pk) for _, client in readers]
    del drawn[:]  # the pages' own first views
    order: list[str] = []
    real = consumer.GamePush.send
    names: dict[int, str] = {}

    async def noting(self: Any, text_data: str | None = None, **kwargs: Any) -> None:
        if text_data and "push-news" in text_data:
            order.append(names[self.user.pk])
        await real(self, text_data, **kwargs)

    monkeypatch.setattr(consumer.GamePush, "send", noting)
    for (name, client), _ in zip(readers, shown, strict=True):
        names[int(client.session["_auth_user_id"])] = name

    async def scenario() -> list[str]:
        comms = [communicator(client, page["url"]) for (_, client), page in zip(readers, shown, strict=True)]
        for comm, page in zip(comms, shown, strict=True):
            await hello(comm, page)
        for comm in comms:
            assert await comm.receive_nothing(timeout=0.3)
        await database_sync_to_async(actions.apply_command)(game, Actor.player(ann.user), "end")
        told = [await comm.receive_from(timeout=WAIT) for comm in comms]
        await asyncio.wait_for(asyncio.gather(*list(ahead._tasks)), WAIT)  # the regions drawn ahead
        for comm in comms:
            await comm.disconnect()
        return told

    told = run(scenario)
    game.refresh_from_db()
    assert all(f'data-version="{game.version}"' in fragment for fragment in told)
    assert order[:2] == ["bob", "ann"]
    assert sorted(order[2:]) == sorted(f"spectator{i}" for i in range(SPECTATORS))
    if ahead_on:
        # Drawn ahead once each, the seat asked first: the polls that follow draw nothing, each gets its own.
        assert [re.sub(r"@.*", "", r) for r in drawn] == [f"seat{bob.index}.{bob.user_id}",
                                                          f"seat{ann.index}.{ann.user_id}",
                                                          page_cache.SPECTATORS]
    else:
        assert drawn == []  # the push server drew nothing: each reader class's first poll draws its region
    del drawn[:]
    hers = poll(browser(ann.user), game, seen)
    others = [poll(browser(user), game, seen) for user in (bob.user, UserFactory(), None)]
    assert len(drawn) == (0 if ahead_on else 3)  # Ann's, Bob's, and one for every reader without a seat
    assert ANNS_ORDER.search(hers) and not any(ANNS_ORDER.search(region) for region in others)


def test_a_moves_words_are_drawn_only_for_the_readers_with_a_page_open(monkeypatch: Any) -> None:
    game = started_game(players=2)
    ann = active_seat(game)
    client = client_of(UserFactory())  # a spectator's page only: neither seat's words are drawn
    shown = page_of(client, game.pk)
    drawn_for: list[int | None] = []
    real = consumer._drawn

    def noting(story: Any, seat: int | None) -> tuple[int, str]:
        drawn_for.append(seat)
        return real(story, seat)

    monkeypatch.setattr(consumer, "_drawn", noting)

    async def scenario() -> str:
        comm = communicator(client, shown["url"])
        await hello(comm, shown)
        assert await comm.receive_nothing(timeout=0.3)
        await database_sync_to_async(actions.apply_command)(game, Actor.player(ann.user), "end")
        told = await comm.receive_from(timeout=WAIT)
        await comm.disconnect()
        return told

    told = run(scenario)
    game.refresh_from_db()
    assert f'data-version="{game.version}"' in told
    assert drawn_for == [None]


def test_the_seats_with_a_page_open_are_reckoned_once_a_move_not_once_a_page(monkeypatch: Any) -> None:
    # Each page reckoning them walked every page: 2,000 pages cost the push server 16 s a move.
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)
    clients = [client_of(UserFactory()) for _ in range(SPECTATORS)]
    clients += [client_of(ann.user), client_of(bob.user)]
    shown = [page_of(client, game.pk) for client in clients]
    asked: list[int | None] = []
    real = news.Head.seat_of

    def noting(head: news.Head, user_id: int | None) -> int | None:
        asked.append(user_id)
        return real(head, user_id)

    monkeypatch.setattr(news.Head, "seat_of", noting)

    told = run(lambda: told_of_a_move(clients, shown, game, ann.user, before=asked.clear))
    game.refresh_from_db()
    assert all(f'data-version="{game.version}"' in text for text in told)
    # Each page asks its own seat twice (whether it may still see the game, which words are its own), and the
    # open seats are reckoned once over all the pages: three a page, not one more for every other page.
    assert len(asked) == 3 * len(clients)
