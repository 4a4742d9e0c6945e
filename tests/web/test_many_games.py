"""The site's lists with many games (bench/many_games_bench.py measures them at 100,000): My games lists
every game not over and only the newest games over, the archive counts a bounded number of pages, and no
list's SQL query count grows with the number of games."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import actions, queries
from games.actions import Actor
from games.archive import seat_labels
from games.models import Game, Seat, new_secret
from games.views import paging
from tests.web.factories import UserFactory, active_seat, fresh, open_game, started_game

pytestmark = pytest.mark.django_db


def finished(users) -> Game:
    game = started_game(players=len(users), users=list(users))
    for _ in range(len(users) - 1):
        actions.apply_command(fresh(game), Actor.player(active_seat(fresh(game)).user), "resign")
    return fresh(game)


def copies(game: Game, n: int, **fields) -> list[Game]:
    """`n` more games like `game` (its seats, players and state), each ended a day before the last; with
    bulk inserts, as the bench clones its games."""
    seats = list(game.seats.all())
    ended = game.finished_at or timezone.now()
    made = Game.objects.bulk_create([
        Game(created_by=game.created_by, kind=game.kind, options=game.options, players=game.players,
             status=game.status, state=game.state, version=game.version, result=game.result,
             invite_code=new_secret(), started_at=game.started_at, turn_started_at=game.turn_started_at,
             finished_at=ended - timedelta(days=i + 1) if game.finished_at else None, **fields)
        for i in range(n)])
    Seat.objects.bulk_create([Seat(game=g, user=s.user, index=s.index, faction=s.faction, status=s.status,
                                   awaiting=s.awaiting, prompt=s.prompt, reply_token=new_secret(),
                                   awaited_since=s.awaited_since) for g in made for s in seats])
    return made


def queries_of(client, url: str) -> int:
    client.get(url)  # sessions, CSRF cookie, cached counts: the first request's own work
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def listed_ids(response) -> list[int]:
    return [int(n) for n in re.findall(r"Game (\d+)</a>", response.content.decode())]


def test_my_games_lists_every_game_in_play_and_only_the_newest_games_over(client):
    me, other = UserFactory(), UserFactory()
    playing = [started_game(players=2, users=[me, other]) for _ in range(2)]
    last = finished([me, other])
    older = copies(last, queries.FINISHED_LISTED + 5)
    client.force_login(me)

    response = client.get(reverse("games:mine"))
    shown = listed_ids(response)

    newest_over = [last.pk] + [g.pk for g in older[:queries.FINISHED_LISTED - 1]]
    assert set(shown) == {g.pk for g in playing} | set(newest_over)
    assert shown[-queries.FINISHED_LISTED:] == newest_over
    html = response.content.decode()
    assert f"{reverse('games:archive')}?player=" in html and "All your public games over" in html


def test_my_games_says_nothing_of_older_games_when_all_are_listed(client):
    me, other = UserFactory(), UserFactory()
    last = finished([me, other])
    client.force_login(me)
    response = client.get(reverse("games:mine"))
    assert listed_ids(response) == [last.pk]
    assert "All your public games over" not in response.content.decode()


def test_my_games_and_home_queries_do_not_grow_with_the_games_over(client):
    me, other = UserFactory(), UserFactory()
    started_game(players=2, users=[me, other])
    last = finished([me, other])
    copies(last, 4)
    client.force_login(me)
    few = {url: queries_of(client, url) for url in (reverse("games:mine"), reverse("home"))}
    copies(last, 45)
    many = {url: queries_of(client, url) for url in (reverse("games:mine"), reverse("home"))}
    assert many == few


def test_archive_and_lobby_queries_do_not_grow_with_the_games(client):
    ada, bob = UserFactory(), UserFactory()
    done = finished([ada, bob])
    playing = started_game(players=2, users=[ada, bob])
    copies(done, 4)
    copies(playing, 4)
    urls = [reverse("games:archive"), f"{reverse('games:archive')}?player={ada.display_name}",
            reverse("games:lobby")]
    few = {url: queries_of(client, url) for url in urls}
    copies(done, 45)
    copies(playing, 45)
    many = {url: queries_of(client, url) for url in urls}
    assert many == few


def test_the_archive_counts_only_so_many_pages_and_says_there_are_more(client, monkeypatch):
    ada, bob = UserFactory(), UserFactory()
    copies(finished([ada, bob]), 31)  # 32 games over: more than one page of 30
    monkeypatch.setattr(paging, "COUNTED_PAGES", 1)

    response = client.get(reverse("games:archive"))
    html = response.content.decode()

    assert "More than 30 finished games" in html and "Page 1 of more than 1" not in html
    assert len(listed_ids(response)) == 30
    monkeypatch.setattr(paging, "COUNTED_PAGES", 2)
    html = client.get(reverse("games:archive")).content.decode()
    assert "32 finished games" in html and "Page 1 of 2" in html


def test_the_archive_offers_the_labels_of_finished_public_games_only():
    ada, bob = UserFactory(), UserFactory()
    done = finished([ada, bob])
    done_labels = set(done.seats.values_list("faction", flat=True))
    playing = started_game(players=2, users=[ada, bob])
    Seat.objects.filter(game=playing).update(faction="Zeta")  # a label no game over has
    private = copies(done, 1, visibility="private")[0]
    Seat.objects.filter(game=private).update(faction="Omega")

    assert seat_labels() == sorted(done_labels - {""})


def test_the_dashboard_queries_do_not_grow_with_the_games(client):
    from django.contrib.auth.models import Group

    from games.moderators import GROUP

    moderator = UserFactory(is_staff=True)
    moderator.groups.add(Group.objects.get(name=GROUP))
    ada, bob = UserFactory(), UserFactory()
    playing = started_game(players=2, users=[ada, bob])
    Seat.objects.filter(game=playing, awaiting=True).update(awaited_since=timezone.now() - timedelta(days=30))
    Seat.objects.filter(game=playing, index=1).update(timeouts_total=4)
    copies(fresh(playing), 4)
    client.force_login(moderator)
    few = queries_of(client, "/admin/moderation/")
    copies(fresh(playing), 45)
    assert queries_of(client, "/admin/moderation/") == few


def test_the_home_page_lists_the_newest_open_games_each_with_its_own_seats_taken(client):
    games = [open_game(players=4) for _ in range(7)]
    for game, joining in zip(games, [2, 0, 1, 2, 0, 1, 2], strict=True):
        for _ in range(joining):
            actions.join_game(game, Actor.player(UserFactory()), invite_code=game.invite_code)
    for i, game in enumerate(games):  # the last made the newest, whatever the clock's resolution
        Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(minutes=10 - i))

    html = client.get(reverse("home")).content.decode()
    section = html[html.index('id="join-title"'):html.index('id="watch-title"')]
    shown = re.findall(r"Game (\d+)</a>.*?(\d) of 4 seats taken", section)

    newest = list(reversed(games))[:5]
    assert shown == [(str(g.pk), str(g.seats.count())) for g in newest]
    assert [taken for _, taken in shown] == ["3", "2", "1", "3", "2"]


def test_the_lists_pick_the_games_not_over_and_the_newest_over_by_their_end(client):
    me, other = UserFactory(), UserFactory()
    playing = started_game(players=2, users=[me, other])
    last = finished([me, other])
    ended = last.finished_at
    older = copies(last, 3)  # ended 1, 2 and 3 days before `last`
    aborted = copies(last, 1)[0]
    tie = copies(last, 1)[0]
    unknown = copies(last, 1)[0]
    Game.objects.filter(pk=aborted.pk).update(status=Game.Status.ABORTED,
                                              finished_at=ended - timedelta(hours=12))
    Game.objects.filter(pk=tie.pk).update(finished_at=ended)  # as late as `last`: the higher number first
    Game.objects.filter(pk=unknown.pk).update(finished_at=None)  # an end unknown: last
    finished([other, UserFactory()])  # not mine

    picked = [g.pk for g in queries.listed_games(me, finished=6)]
    assert picked == [playing.pk, tie.pk, last.pk, aborted.pk, older[0].pk, older[1].pk, older[2].pk]
    everything = [g.pk for g in queries.listed_games(me, finished=10)]
    assert everything[-1] == unknown.pk and len(everything) == 8
