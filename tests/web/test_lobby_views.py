"""Lobby URLs: lists, create, join, leave, invite, private link, start, My games, the navigation count,
and the Rules page. Each as a full page / plain POST and as an htmx partial."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.models import Game, Invitation, Notice
from tests.web.factories import UserFactory, active_seat, full_game, open_game, other_seat, started_game
from tests.web.helpers import htmx_get, htmx_post, is_full_page, messages_of

pytestmark = pytest.mark.django_db


# === LOBBY LIST ===


def test_lobby_lists_open_public_games_only(client):
    shown = open_game(edition="web2002", players=4)
    private = open_game(visibility="private")
    started = full_game(players=2)

    response = client.get(reverse("games:lobby"))

    html = response.content.decode()
    assert response.status_code == 200 and is_full_page(response)
    assert f'href="/games/{shown.pk}/"' in html and "1 of 4" in html
    assert f'href="/games/{private.pk}/"' not in html
    assert "Games to watch" in html and f'href="/games/{started.pk}/"' in html


def test_lobby_filters_by_edition_and_player_count_and_htmx_gets_the_list_only(client):
    token3 = open_game(edition="token", players=3)
    coin3 = open_game(edition="metatalon", players=3)
    coin2 = open_game(edition="metatalon", players=2)

    full = client.get(reverse("games:lobby"), {"edition": "metatalon", "players": "3"})
    partial = htmx_get(client, reverse("games:lobby"), data={"edition": "metatalon"})

    html = full.content.decode()
    assert f"/games/{coin3.pk}/" in html
    assert f"/games/{token3.pk}/" not in html and f"/games/{coin2.pk}/" not in html
    assert partial.status_code == 200 and not is_full_page(partial)
    assert partial.content.decode().lstrip().startswith('<section id="game-list"')
    listed = partial.content.decode()
    assert f"/games/{coin2.pk}/" in listed and f"/games/{token3.pk}/" not in listed


def test_the_lobby_filters_by_every_player_count_an_offered_game_allows(client, settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "metal-adventures"]
    five = open_game(kind="metal-adventures", players=5)
    three = open_game(kind="metal-adventures", players=3)

    response = client.get(reverse("games:lobby"), {"players": "5"})

    html = response.content.decode()
    choices = re.findall(r'<option value="(\d+)"', html[html.index('name="players"'):].split("</select>")[0])
    assert choices == ["2", "3", "4", "5", "6"]  # 5: Metal Adventures plays it, though MetalTalon does not
    assert f"/games/{five.pk}/" in html and f"/games/{three.pk}/" not in html


# === CREATE ===


def test_new_game_form_offers_two_three_four_and_six_players_and_says_why_not_five(client):
    client.force_login(UserFactory())

    response = client.get(reverse("games:new"))

    html = response.content.decode()
    assert response.status_code == 200 and is_full_page(response)
    for n in (2, 3, 4, 6):
        assert f'value="{n}"' in html
    assert 'value="5"' not in html and "Five-player games are not offered" in html
    assert '<option value="metaltalon" selected>' in html  # the first of the games offered
    assert "stopwatch is for the coin editions" in html


def test_creating_a_game_seats_me_and_redirects_to_its_page(client):
    me = UserFactory()
    client.force_login(me)

    response = client.post(reverse("games:new"), {
        "kind": "metaltalon", "edition": "web2002", "players": "3", "variants": ["takeover"],
        "faction_mode": "deal", "dice_mode": "stopwatch", "deadline_hours": "24", "visibility": "private"})

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    chosen = (game.kind, game.players, game.clock_rules.hours, game.visibility)
    assert chosen == ("metaltalon", 3, 24, "private")
    assert game.options == {"edition": "web2002", "variants": ["takeover"], "faction_mode": "deal",
                            "dice_mode": "stopwatch"}
    assert game.seats.get().user == me


def test_htmx_create_answers_with_a_client_redirect(client):
    client.force_login(UserFactory())

    response = htmx_post(client, reverse("games:new"), {
        "kind": "metaltalon", "edition": "token", "players": "2", "faction_mode": "deal", "dice_mode": "d6",
        "visibility": "public"})

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/games/{Game.objects.get().pk}/"


def test_options_the_edition_refuses_re_render_the_form_with_the_reason(client):
    client.force_login(UserFactory())
    data = {"kind": "metaltalon", "edition": "token", "players": "2", "faction_mode": "deal",
            "dice_mode": "stopwatch", "visibility": "public"}

    plain = client.post(reverse("games:new"), data)
    partial = htmx_post(client, reverse("games:new"), data)

    assert plain.status_code == 400 and is_full_page(plain)
    assert "stopwatch rolls are for coin editions" in plain.content.decode()
    assert partial.status_code == 400 and not is_full_page(partial)
    assert 'id="new-form"' in partial.content.decode()
    assert not Game.objects.exists()


# === SEATS ===


def test_joining_by_plain_post_redirects_to_the_game_with_a_message(client):
    game = open_game(players=3)
    client.force_login(UserFactory())

    response = client.post(reverse("games:join", args=[game.pk]), follow=True)

    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert any("You have joined" in m for m in messages_of(response))
    assert game.seats.count() == 2


def test_joining_by_htmx_swaps_the_seating_partial(client):
    game = open_game(players=3)
    client.force_login(UserFactory())

    response = htmx_post(client, reverse("games:join", args=[game.pk]))

    html = response.content.decode()
    assert response.status_code == 200 and not is_full_page(response)
    assert 'id="seating"' in html
    assert "You have joined" in html and "Seats (2 of 3 taken)" in html


def test_taking_the_last_seat_by_htmx_reloads_the_started_game(client):
    game = open_game(players=2)
    client.force_login(UserFactory())

    response = htmx_post(client, reverse("games:join", args=[game.pk]))

    assert response["HX-Redirect"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.SETUP


def test_joining_a_full_or_started_game_is_refused_with_the_reason(client):
    game = full_game(players=2)
    client.force_login(UserFactory())

    plain = client.post(reverse("games:join", args=[game.pk]), follow=True)
    partial = htmx_post(client, reverse("games:join", args=[game.pk]))

    assert any("already started" in m for m in messages_of(plain))
    assert partial["HX-Redirect"] == f"/games/{game.pk}/"
    assert game.seats.count() == 2


def test_leaving_frees_my_seat_and_htmx_shows_the_seats_again(client):
    game = open_game(players=3)
    joiner = UserFactory()
    actions.join_game(game, Actor.player(joiner))
    client.force_login(joiner)

    response = htmx_post(client, reverse("games:leave", args=[game.pk]))

    assert response.status_code == 200 and "You have left the game" in response.content.decode()
    assert not game.seats.filter(user=joiner).exists()


def test_the_last_player_leaving_closes_the_game_and_goes_back_to_the_lobby(client):
    game = open_game(players=3)
    client.force_login(game.created_by)

    response = client.post(reverse("games:leave", args=[game.pk]))

    assert response.status_code == 302 and response["Location"] == reverse("games:lobby")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_inviting_by_name_creates_the_invitation_and_notice_plain_and_htmx(client):
    game = open_game(players=3)
    friend, other = UserFactory(username="friend"), UserFactory(username="other")
    client.force_login(game.created_by)

    plain = client.post(reverse("games:invite", args=[game.pk]), {"username": "friend"}, follow=True)
    partial = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": "other"})
    unknown = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": "ghost"})

    assert any("If a player goes by “friend”, they are invited" in m for m in messages_of(plain))
    assert partial.status_code == 200 and "goes by “other”, they are invited" in partial.content.decode()
    assert unknown.status_code == 200 and "goes by “ghost”, they are invited" in unknown.content.decode()
    assert set(Invitation.objects.values_list("user", flat=True)) == {friend.pk, other.pk, None}
    assert Notice.objects.filter(kind="invite").count() == 2


def test_inviting_by_name_never_looks_at_the_hidden_account_name(client):
    """Account names come from e-mail addresses and nobody sees them: "bob" finds the player called Bob,
    not the account `bob` that renamed itself Robert (which would also tell who owns bob@...)."""
    game = open_game(players=3)
    robert = UserFactory(username="bob", profile__display_name="Robert")
    bob = UserFactory(username="b-o-b", profile__display_name="bob")
    client.force_login(game.created_by)

    found = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": "bob"})
    hidden = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": robert.username + "x"})

    assert found.status_code == 200 and "they are invited" in found.content.decode()
    assert set(Invitation.objects.values_list("user", flat=True)) == {bob.pk, None}
    assert hidden.status_code == 200


def test_inviting_by_a_look_alike_of_a_players_name_finds_that_player(client):
    game = open_game(players=3)
    zoe = UserFactory(profile__display_name="Zoë Quinn")
    client.force_login(game.created_by)

    response = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": "ZOE  quinn"})

    assert response.status_code == 200 and "they are invited" in response.content.decode()
    assert list(Invitation.objects.values_list("user", flat=True)) == [zoe.pk]


def test_inviting_a_name_nobody_has_answers_exactly_like_inviting_a_player(client):
    """Neither the answer nor the game's list of invitations tells which names exist: the same status and
    the same page, but for the name as typed (and the game's own numbers), for a player, a name nobody
    has, and a player invited a second time."""
    UserFactory(profile__display_name="Carol")
    host = UserFactory()
    one, two = open_game(host, players=3), open_game(host, players=3)
    client.force_login(host)

    def answer(game: Game, name: str) -> tuple[int, str]:
        response = htmx_post(client, reverse("games:invite", args=[game.pk]), {"username": name})
        html = re.sub(r"/games/\d+/", "/games/N/", response.content.decode())
        return response.status_code, re.sub(r"<input[^>]*>", "", html).replace(name, "NAME")

    real, again, ghost = answer(one, "Carol"), answer(one, "Carol"), answer(two, "Nobody Atall")

    assert real == again == ghost
    assert real[0] == 200 and "Invited: NAME" in real[1]
    assert list(Invitation.objects.filter(user=None).values_list("name", flat=True)) == ["Nobody Atall"]
    assert Notice.objects.filter(kind="invite").count() == 1


def test_the_private_link_shows_the_game_and_takes_a_seat(client):
    game = open_game(players=3, visibility="private")
    guest = UserFactory()
    client.force_login(guest)
    url = reverse("games:invite_link", args=[game.invite_code])

    page = client.get(url)
    partial = htmx_get(client, url)
    joined = client.post(url)

    assert page.status_code == 200 and is_full_page(page) and "Take a seat" in page.content.decode()
    assert partial.status_code == 200 and not is_full_page(partial)
    assert joined.status_code == 302 and joined["Location"] == f"/games/{game.pk}/"
    assert game.seats.filter(user=guest).exists()
    assert client.get(url)["Location"] == f"/games/{game.pk}/"  # already seated: straight to the game


def test_a_wrong_private_link_is_not_found(client):
    client.force_login(UserFactory())
    assert client.get(reverse("games:invite_link", args=["no-such-code"])).status_code == 404


def test_the_seating_panel_shows_the_private_link_to_seated_players_only(client):
    game = open_game(players=3, visibility="private")
    client.force_login(game.created_by)

    html = client.get(reverse("games:game", args=[game.pk])).content.decode()

    assert f"/games/join/{game.invite_code}/" in html


def test_starting_a_game_that_is_not_full_is_refused_plain_and_htmx(client):
    game = open_game(players=3)
    client.force_login(game.created_by)

    plain = client.post(reverse("games:start", args=[game.pk]), follow=True)
    partial = htmx_post(client, reverse("games:start", args=[game.pk]))

    assert any("all 3 seats" in m for m in messages_of(plain))
    assert partial.status_code == 403 and "all 3 seats" in partial.content.decode()  # not_in_play
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


# === MY GAMES AND THE NAVIGATION COUNT ===


def test_my_games_puts_the_games_awaiting_me_first(client):
    me = UserFactory()
    mine_to_play = full_game(players=2, users=[me], faction_mode="fixed")
    if active_seat(mine_to_play).user != me:
        actions.apply_command(mine_to_play, Actor.player(active_seat(mine_to_play).user), "end")
    waiting = open_game(creator=me)
    client.force_login(me)

    page = client.get(reverse("games:mine"))
    partial = htmx_get(client, reverse("games:mine"))

    html = page.content.decode()
    assert page.status_code == 200 and is_full_page(page)
    assert html.index(f"/games/{mine_to_play.pk}/") < html.index(f"/games/{waiting.pk}/")
    assert "Your move" in html and "1 game awaits you" in html
    assert partial.status_code == 200
    assert partial.content.decode().lstrip().startswith('<section id="my-games"')


def test_my_games_needs_a_login(client):
    response = client.get(reverse("games:mine"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_navigation_counts_the_games_where_it_is_my_turn(client):
    game = started_game(players=2)
    active, waiting = active_seat(game), other_seat(game)

    def count_shown() -> str | None:
        html = client.get(reverse("games:lobby")).content.decode()
        found = re.search(r'id="your-turn-count">(\d+)<', html)
        return found[1] if found else None

    client.force_login(active.user)
    assert count_shown() == "1"
    client.force_login(waiting.user)
    assert count_shown() is None  # no "0" badge: nothing awaits this player


# === RULES ===


# The rules pages, one per kind: tests/kinds/test_rules_document.py.


def test_my_games_shows_invitations_with_a_join_button_and_unread_notices_once(client):
    game = open_game(players=3, visibility="private")
    me = UserFactory(username="guest")
    actions.invite_user(game, Actor.player(game.created_by), "guest")
    client.force_login(me)

    first = client.get(reverse("games:mine")).content.decode()
    second = client.get(reverse("games:mine")).content.decode()

    assert "invites you to" in first and reverse("games:join", args=[game.pk]) in first
    assert "News" in first and "News" not in second  # a notice is shown once, then it is read
    assert Notice.objects.get(user=me).read_at is not None
    client.post(reverse("games:join", args=[game.pk]))
    assert "invites you to" not in client.get(reverse("games:mine")).content.decode()


def test_the_projects_own_rules_document_is_served_at_rules(client, settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon"]  # one game offered: /rules/ is its rules
    response = client.get(reverse("games:rules"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "<h2" in html and "edition" in html.lower()
    assert 'class="toc"' in html


def _ticked_opponents(html: str) -> str:
    found = re.search(r'<input type="radio" name="opponents" value="([^"]+)"[^>]*checked', html)
    assert found, "no opponents choice ticked"
    return found.group(1)


def test_a_players_first_game_form_ticks_the_beginner_bot_and_says_why(client):
    newcomer = UserFactory()
    client.force_login(newcomer)

    html = client.get(reverse("games:new")).content.decode()

    assert _ticked_opponents(html) == "beginner"
    assert "Your first game? The beginner bot is ticked for you" in html
    assert "Bots: Beginner bot (plays sensibly but misses threats and slips: for a first game)" in html


def test_a_player_who_has_played_finds_people_ticked_as_before(client):
    game = started_game(players=2)
    client.force_login(active_seat(game).user)

    html = client.get(reverse("games:new")).content.decode()

    assert _ticked_opponents(html) == "people"
    assert "Your first game?" not in html


def test_a_first_game_against_the_beginner_starts_with_beginner_bots(client):
    client.force_login(UserFactory())

    response = client.post(reverse("games:new"), {
        "kind": "metaltalon", "edition": "token", "players": "2", "faction_mode": "deal", "dice_mode": "d6",
        "deadline_hours": "72", "visibility": "public", "opponents": "beginner"})

    game = Game.objects.get()
    assert response.status_code == 302
    assert [s.bot for s in game.seats.order_by("index") if s.bot] == ["beginner"]


NEW_GAME = {"kind": "metaltalon", "edition": "token", "players": "2", "faction_mode": "deal",
            "dice_mode": "d6", "deadline_hours": "72", "visibility": "public"}


def test_the_form_remembers_the_opponents_of_the_players_last_game_and_the_first_game_hint_goes(client):
    client.force_login(UserFactory())
    client.post(reverse("games:new"), {**NEW_GAME, "opponents": "beginner"})

    html = client.get(reverse("games:new")).content.decode()
    assert _ticked_opponents(html) == "beginner"  # the second game: as the first was played
    assert "Your first game?" not in html

    client.post(reverse("games:new"), {**NEW_GAME, "opponents": "people"})
    assert _ticked_opponents(client.get(reverse("games:new")).content.decode()) == "people"
    client.post(reverse("games:new"), {**NEW_GAME, "opponents": "greedy"})
    assert _ticked_opponents(client.get(reverse("games:new")).content.decode()) == "greedy"


@pytest.mark.parametrize(("asked", "why"), [({"opponents": "greedy"}, "Games with bots"),
                                            ({"visibility": Game.Visibility.PRIVATE}, "Private games")],
                         ids=["bots", "private"])
def test_a_game_that_cannot_be_rated_asked_to_be_says_plainly_that_it_is_not(client, asked, why):
    client.force_login(UserFactory())

    response = client.post(reverse("games:new"), {**NEW_GAME, **asked, "rated": "rated"}, follow=True)

    game = Game.objects.get()
    assert not game.rated
    assert any(f"{why} are unrated: this one does not move anyone's rating." in m
               for m in messages_of(response))


def test_a_public_game_asked_to_be_rated_says_nothing_of_ratings(client):
    client.force_login(UserFactory())

    response = client.post(reverse("games:new"), {**NEW_GAME, "rated": "rated"}, follow=True)

    assert Game.objects.get().rated
    assert not any("unrated" in m for m in messages_of(response))


def test_the_rated_choice_carries_the_note_that_games_with_bots_are_unrated(client):
    client.force_login(UserFactory())
    html = client.get(reverse("games:new")).content.decode()
    # Shown by static/js/new-game.js when a bot level is ticked (it also disables the Rated choice).
    assert re.search(r'<span class="helptext bots-unrated"[^>]*hidden[^>]*>'
                     r"Games with bots are unrated\.</span>", html)
