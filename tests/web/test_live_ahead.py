"""A moved game's regions drawn before the polls ask (games/views/play.py `draw_ahead`, games.page_cache
`draw_ahead`, games/push/ahead.py `readers`): each under the key the view's own rendering would use, so the
polls draw nothing, each reader still gets exactly what the view would draw for them, and a seat's region
(its standing orders: hidden information) never reaches another seat, a spectator or a visitor."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from accounts.models import Profile
from games import actions, page_cache
from games.actions import Actor
from games.push import ahead, news
from games.views import play as play_views
from tests.web.factories import UserFactory, active_seat, other_seat, started_game
from tests.web.test_live_shared import ANNS_ORDER, TOKEN, browser, drawn, moved, poll, quiet_poll

pytestmark = pytest.mark.django_db
__all__ = ["drawn"]  # the fixture, used by name


def test_regions_drawn_ahead_are_each_readers_own_and_the_polls_draw_nothing(drawn):
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(ann.user), "order damage wes")
    game.refresh_from_db()
    profile = Profile.objects.get(user=bob.user)
    profile.time_zone = "Asia/Tokyo"  # Bob's region is drawn in his own zone, as his poll asks for it
    profile.save()
    seen = moved(game)  # Bob is asked now
    done = play_views.draw_ahead(game.pk, game.version, [bob.user_id, ann.user_id, None])
    assert done == [f"seat{bob.index}.{bob.user_id}", f"seat{ann.index}.{ann.user_id}", page_cache.SPECTATORS]
    assert drawn == done  # drawn ahead, in that order
    del drawn[:]
    regions = {}
    for name, user in (("ann", ann.user), ("bob", bob.user), ("spectator", UserFactory()), ("visitor", None)):
        regions[name] = poll(browser(user), game, seen)
    assert drawn == []  # every poll served from the entries drawn ahead
    _, queries = quiet_poll(browser(bob.user), game, seen)
    assert queries == 0  # and by the door, once the game's head is cached
    assert ANNS_ORDER.search(regions["ann"])
    assert not any(ANNS_ORDER.search(regions[name]) for name in ("bob", "spectator", "visitor"))
    # Each the same as the view draws it for that reader.
    cache.clear()
    for name, user in (("ann", ann.user), ("bob", bob.user), ("visitor", None)):
        assert TOKEN.sub("", poll(browser(user), game, seen)) == TOKEN.sub("", regions[name]), name
    # Drawing ahead again draws nothing already there.
    assert play_views.draw_ahead(game.pk, game.version, [bob.user_id, ann.user_id, None]) == []


def test_a_region_drawn_ahead_after_another_move_is_never_an_older_versions(drawn):
    game = started_game(players=2)
    seen = moved(game)
    play_views.draw_ahead(game.pk, game.version, [None])
    newer = moved(game)
    assert play_views.draw_ahead(game.pk, game.version - 1, [None]) == []  # moved on since: not drawn
    region = poll(browser(), game, newer)
    assert f'data-version="{game.version}"' in region and game.version > seen + 1
    assert drawn == [page_cache.SPECTATORS, page_cache.SPECTATORS]  # the new version drawn afresh


def test_nothing_is_drawn_ahead_for_a_game_not_started_or_gone():
    waiting = started_game(players=2)
    waiting.state = None
    waiting.save(update_fields=["state"])
    assert play_views.draw_ahead(waiting.pk, waiting.version, [None]) == []
    assert play_views.draw_ahead(10**9, 1, [None]) == []


def test_drawing_ahead_leaves_an_entry_being_drawn_or_drawn_alone(drawn):
    game = started_game(players=2)
    moved(game)
    key = page_cache.live_key(game_id=game.pk, version=game.version, reader=page_cache.SPECTATORS,
                              time_zone="UTC", selection=play_views._selection_key(play_views.Selection()))
    assert page_cache.claim(key)  # a poll is drawing it: theirs stands
    assert play_views.draw_ahead(game.pk, game.version, [None]) == [] and drawn == []
    page_cache.release(key)
    assert play_views.draw_ahead(game.pk, game.version, [None]) == [page_cache.SPECTATORS]
    assert cache.get(f"{key}:drawing") is None and cache.get(key) is not None
    assert not page_cache.claim(key)  # there already


def test_drawing_ahead_that_fails_leaves_the_polls_free_to_draw(monkeypatch: pytest.MonkeyPatch):
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)
    seen = moved(game)

    def broken(*args: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(play_views, "_draw_live", broken)
    with pytest.raises(RuntimeError):
        play_views.draw_ahead(game.pk, game.version, [bob.user_id, ann.user_id, None])
    monkeypatch.undo()
    assert 'data-version="' in poll(browser(ann.user), game, seen)  # no mark left behind to wait for
    key = page_cache.live_key(game_id=game.pk, version=game.version, reader=page_cache.SPECTATORS,
                              time_zone="UTC", selection=play_views._selection_key(play_views.Selection()))
    assert page_cache.claim(key)  # every mark released


def test_the_regions_are_drawn_for_the_pages_open_the_seat_asked_first_and_the_spectators_last():
    head = news.Head(version=9, status="active", public=True, seats={11: 0, 12: 1, 13: 2})
    # Pages of seats 0 and 2 (twice), a spectator (user 20) and a visitor; seat 2 asked.
    assert ahead.readers(head, [2], [11, 13, 13, 20, None]) == [13, 11, None]
    assert ahead.readers(head, [2], [11, 12]) == [11, 12]  # no spectator's page: theirs is not drawn
    assert ahead.readers(head, [], [None]) == [None]
    assert ahead.readers(head, [0], []) == []


def test_readers_read_anew_at_once_share_the_first_entry_written(monkeypatch: pytest.MonkeyPatch):
    game = started_game(players=2)
    seat = active_seat(game)
    theirs = play_views._readers(game)  # another request's, written while this one read the seats
    real = cache.get
    missed: list[str] = []

    def first_missing(key: str, *args: object) -> object:
        if key == page_cache.readers_key(game.pk) and not missed:
            missed.append(key)
            return None
        return real(key, *args)

    monkeypatch.setattr(cache, "get", first_missing)
    assert play_views._readers(game) == theirs  # the same generation: the same region keys
    assert missed and theirs[seat.user_id].startswith(f"seat{seat.index}.{seat.user_id}@")
