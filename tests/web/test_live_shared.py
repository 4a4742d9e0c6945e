"""The live region a poll answers with after a move (games/views/play.py `_live`, games/page_cache.py
`live_key` and `single_flight`): drawn once per version for every reader without a seat and once for each
seat, never one seat's region for another reader (a seat's standing orders are its own: hidden
information), never an older version's after a move, every form with the token of its own browser, and the
view's checks (a private game) made before any of it is served."""

from __future__ import annotations

import gzip
import re
import threading
import time
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import actions, page_cache
from games.actions import Actor
from games.models import Game
from games.views import play as play_views
from tests.web.factories import (
    ModeratorFactory,
    StaffFactory,
    UserFactory,
    active_seat,
    fresh,
    other_seat,
    started_game,
)

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
# Ann's standing order as her log tells it to her (tests/web/test_order_leaks.py reads every channel).
ANNS_ORDER = re.compile(r"standing\s+order\s+damage\b|order\s+damage\s+wes", re.I)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The reader of every region actually rendered for a poll (a region served from the cache adds none)."""
    readers: list[str] = []
    real = play_views._draw_live

    def counting(request: Any, viewer: Any, sel: Any, notice: Any) -> Any:
        readers.append(play_views._reader(viewer).split("@")[0])  # whose, without the entry's generation
        return real(request, viewer, sel, notice)

    monkeypatch.setattr(play_views, "_draw_live", counting)
    return readers


def browser(user: Any = None, csrf: bool = False) -> Client:
    """A browser that has loaded a page of the site before (so it holds a CSRF cookie of its own)."""
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    client.get("/")
    return client


def poll(client: Client, game: Game, seen: int) -> str:
    response = client.get(f"/games/{game.pk}/poll/?v={seen}", headers=HX)
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    return html[html.index('<div id="live"'):]


def moved(game: Game) -> int:
    """The version before a move by the seat to act; the game is left at the version after it."""
    seen = game.version
    actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    game.refresh_from_db()
    return seen


def test_every_reader_without_a_seat_shares_one_rendering_with_their_own_token(drawn):
    game = started_game(players=2)
    spectators = [browser(UserFactory()), browser(UserFactory()), browser(StaffFactory()), browser()]
    seen = moved(game)
    regions = [poll(client, game, seen) for client in spectators]
    assert drawn == [page_cache.SPECTATORS]  # four readers, one rendering
    assert all(f'data-version="{game.version}"' in region for region in regions)
    # The same region for all (but for each form's token, which is each browser's own).
    assert {TOKEN.sub("", region) for region in regions} == {TOKEN.sub("", regions[0])}


def test_each_seat_draws_its_own_and_the_spectators_never_get_it(drawn):
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(ann.user), "order damage wes")
    game.refresh_from_db()
    seen = moved(game)
    anns, bobs, spectator, visitor = (browser(ann.user), browser(bob.user), browser(UserFactory()), browser())
    hers = poll(anns, game, seen)  # Ann's region first: nothing drawn for her is served to the others
    others = [poll(bobs, game, seen), poll(spectator, game, seen), poll(visitor, game, seen)]
    assert ANNS_ORDER.search(hers)
    assert not any(ANNS_ORDER.search(region) for region in others)
    assert drawn == [f"seat{ann.index}.{ann.user_id}", f"seat{bob.index}.{bob.user_id}",
                     page_cache.SPECTATORS]
    # The other way round: the spectators' region already cached, Ann still gets her own.
    cache.clear()
    poll(visitor, game, seen)
    assert ANNS_ORDER.search(poll(anns, game, seen))


def test_a_seat_taken_over_by_another_player_is_drawn_afresh(drawn):
    game = started_game(players=2)
    seat = other_seat(game)
    seen = moved(game)
    player = seat.user
    poll(browser(player), game, seen)
    newcomer = UserFactory()
    seat.user = newcomer
    seat.save()
    poll(browser(newcomer), game, seen)
    assert drawn == [f"seat{seat.index}.{player.pk}", f"seat{seat.index}.{newcomer.pk}"]


def test_the_region_of_an_older_version_is_never_served_after_a_move(drawn):
    game = started_game(players=2)
    client = browser(UserFactory())
    first = poll(client, game, moved(game))
    version = game.version
    second = poll(client, game, moved(game))
    assert f'data-version="{version}"' in first and f'data-version="{game.version}"' in second
    assert drawn == [page_cache.SPECTATORS, page_cache.SPECTATORS]


def test_a_seats_cached_region_carries_a_token_its_own_browser_can_post_with(drawn):
    game = started_game(players=2)
    seat = active_seat(game)
    one, two = browser(seat.user, csrf=True), browser(seat.user, csrf=True)
    seen = game.version
    actions.apply_command(game, Actor.player(seat.user), "launch 3e")
    game.refresh_from_db()
    poll(one, game, seen)
    region = poll(two, game, seen)  # served from the region the first browser's poll drew
    assert len(drawn) == 1
    posted = two.post(f"/games/{game.pk}/play/", {"command": "end", "expected_version": game.version,
                                                  "csrfmiddlewaretoken": TOKEN.search(region)[1]})
    assert posted.status_code == 302  # a token good for this browser's own secret


def test_a_private_games_region_is_never_served_to_an_outsider(drawn):
    game = started_game(players=2, visibility="private")
    seen = moved(game)
    poll(browser(ModeratorFactory()), game, seen)  # a moderator may watch: the spectators' region is cached
    outsider = browser(UserFactory())
    assert outsider.get(f"/games/{game.pk}/poll/?v={seen}", headers=HX).status_code == 404
    assert browser().get(f"/games/{game.pk}/poll/?v={seen}", headers=HX).status_code == 404
    assert drawn == [page_cache.SPECTATORS]


# === SINGLE FLIGHT ===


def test_requests_for_an_entry_being_drawn_wait_for_it_and_draw_nothing():
    cache.delete("storm-test")
    started, release = threading.Event(), threading.Event()
    drawn: list[str] = []
    first: list[str] = []

    def slow() -> str:
        started.set()
        release.wait(5)
        drawn.append("first")
        return "the region"

    worker = threading.Thread(target=lambda: first.append(page_cache.single_flight("storm-test", slow, 60)))
    worker.start()
    assert started.wait(5)
    threading.Timer(0.2, release.set).start()
    took = time.monotonic()
    second = page_cache.single_flight("storm-test", lambda: drawn.append("second") or "another", 60)
    worker.join(5)
    assert second == "the region" == first[0] and drawn == ["first"]
    assert time.monotonic() - took < page_cache.DRAW_WAIT_SECONDS


def test_a_rendering_that_failed_leaves_the_next_request_free_to_draw():
    cache.delete("storm-test")

    def broken() -> str:
        raise RuntimeError("the rendering failed")

    with pytest.raises(RuntimeError):
        page_cache.single_flight("storm-test", broken, 60)
    took = time.monotonic()
    assert page_cache.single_flight("storm-test", lambda: "drawn", 60) == "drawn"
    assert time.monotonic() - took < 0.5  # no wait for a rendering nobody is doing any more


# === COMPRESSED ONCE ===


def test_a_region_compressed_once_reads_back_whole_with_each_answers_own_filler():
    text = (b"<div>" + b"hexes " * 4000 + b'value="PLACE"> the middle <i value="PLACE">' + b"ships " * 50
            + b"</div>")
    region = page_cache.Region.of(text, b"PLACE")
    assert len(region.pieces) == 3
    for before, filler in ((b"<title>Game 1</title>", b"tok1"), (b"", b"another-token")):
        sent = page_cache.spliced_gzip(before, region, filler)
        assert gzip.decompress(sent) == before + text.replace(b"PLACE", filler)
    assert len(page_cache.spliced_gzip(b"", region, b"t")) < len(text) // 20  # compressed, not stored


def test_a_poll_answers_a_browser_that_accepts_gzip_with_the_same_region_compressed(drawn):
    game = started_game(players=2)
    seen = moved(game)
    client = browser(active_seat(game).user)  # to act now: the region's forms carry the token
    plain = client.get(f"/games/{game.pk}/poll/?v={seen}", headers=HX)
    packed = client.get(f"/games/{game.pk}/poll/?v={seen}", headers={**HX, "Accept-Encoding": "gzip, br"})
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert "Content-Encoding" not in plain
    unpacked = gzip.decompress(packed.content).decode()
    assert TOKEN.search(unpacked) and TOKEN.sub("", unpacked) == TOKEN.sub("", plain.content.decode())
    assert len(drawn) == 1


# === THE DOOR: A STORM'S POLL SERVED BEFORE THE SESSION (games.fast_page) ===


def quiet_poll(client: Client, game: Game, seen: int) -> tuple[str, int]:
    """The region a poll answers with, and how many SQL queries answering it took."""
    with CaptureQueriesContext(connection) as captured:
        region = poll(client, game, seen)
    return region, len(captured)


def test_once_drawn_each_readers_region_is_served_without_a_query_and_is_the_same(drawn):
    game = started_game(players=2)
    seat = other_seat(game)  # to act after the move: the region's forms carry the token
    seen = moved(game)
    for user in (seat.user, UserFactory(), None):
        first, second = browser(user, csrf=True), browser(user, csrf=True)
        drawn_by_the_view = poll(first, game, seen)
        served, queries = quiet_poll(second, game, seen)
        assert queries == 0
        assert TOKEN.sub("", served) == TOKEN.sub("", drawn_by_the_view)
    assert drawn == [f"seat{seat.index}.{seat.user_id}", page_cache.SPECTATORS]
    # Its token is the browser's own: the form posted with it is played.
    second_seat = browser(seat.user, csrf=True)
    region, _ = quiet_poll(second_seat, game, seen)
    posted = second_seat.post(f"/games/{game.pk}/play/", {"command": "end", "expected_version": game.version,
                                                          "csrfmiddlewaretoken": TOKEN.search(region)[1]})
    assert posted.status_code == 302 and fresh(game).version > seen + 1


def test_the_door_serves_each_seat_its_own_never_anothers(drawn):
    game = started_game(players=2)
    ann, bob = active_seat(game), other_seat(game)
    actions.apply_command(game, Actor.player(ann.user), "order damage wes")
    game.refresh_from_db()
    seen = moved(game)
    for user in (ann.user, bob.user, UserFactory(), None):
        poll(browser(user), game, seen)  # every reader's region drawn and cached
    hers, queries = quiet_poll(browser(ann.user), game, seen)
    assert queries == 0 and ANNS_ORDER.search(hers)
    for user in (bob.user, UserFactory(), None):
        theirs, queries = quiet_poll(browser(user), game, seen)
        assert queries == 0 and not ANNS_ORDER.search(theirs)


def test_the_door_never_serves_an_older_version_nor_a_private_game():
    game = started_game(players=2)
    client = browser(UserFactory())
    seen = moved(game)
    poll(client, game, seen)
    newer = moved(game)
    region, queries = quiet_poll(client, game, newer)
    assert f'data-version="{game.version}"' in region and queries > 0  # the new version: drawn afresh
    hidden = started_game(players=2, visibility="private")
    seen = moved(hidden)
    moderator = browser(ModeratorFactory())
    poll(moderator, hidden, seen)
    assert quiet_poll(moderator, hidden, seen)[1] > 0  # whether they may see it: the view decides, always
    assert browser(UserFactory()).get(f"/games/{hidden.pk}/poll/?v={seen}", headers=HX).status_code == 404
