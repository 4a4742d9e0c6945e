"""A second kind on the same platform: the race test kind (games/kinds/race) goes through the lobby, the
game page, the log, undo, replay and the downloads with no MetalTalon code involved."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games import actions, history
from games.actions import Actor
from games.kinds import get_kind
from games.models import Game
from tests.web.factories import UserFactory

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
METALTALON_WORDS = ("Standing orders", "Bank:", "faction", "launch", "MetalTalon game")


@pytest.fixture(autouse=True)
def offer_race(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]


def url(game: Game, name: str = "game") -> str:
    return reverse(f"games:{name}", args=[game.pk])


def race_game(client_a: Client, client_b: Client) -> Game:
    """Created and joined through the lobby's pages, as players do."""
    response = client_a.post(reverse("games:new"), {"kind": "race", "players": 2, "target": 10,
                                                     "visibility": "public"})
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.latest("pk")
    assert (game.kind, game.options) == ("race", {"target": 10})
    assert client_b.post(url(game, "join")).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game


def players(game: Game) -> tuple[Client, Client]:
    """Clients for seat 0 and seat 1 (the start shuffled the seats)."""
    out = []
    for index in (0, 1):
        client = Client()
        client.force_login(game.seats.get(index=index).user)
        out.append(client)
    return out[0], out[1]


def play(client: Client, game: Game, command: str) -> None:
    game.refresh_from_db()
    response = client.post(url(game, "play"), {"command": command, "expected_version": game.version})
    assert response.status_code == 302, response.content.decode()[:2000]


def test_the_lobby_offers_the_second_kind_and_describes_its_games():
    client = Client()
    client.force_login(UserFactory())
    form = client.get(reverse("games:new") + "?kind=race").content.decode()
    assert 'value="race"' in form and "Target score" in form
    other = Client()
    other.force_login(UserFactory())
    game = race_game(client, other)
    assert game.options_text == "Race to 10"


def test_a_whole_race_is_played_on_the_game_page_with_undo_and_no_metaltalon_code(live_dice):
    a, b = Client(), Client()
    a.force_login(UserFactory())
    b.force_login(UserFactory())
    game = race_game(a, b)
    first, second = players(game)

    page = first.get(url(game)).content.decode()
    assert "Race to 10" in page and 'value="roll"' in page and 'value="step"' in page
    assert not any(word in page for word in METALTALON_WORDS)

    play(first, game, "step")
    page = first.get(url(game)).content.decode()
    assert "stepped: score 1." in page and "Undo: step" in page
    game.refresh_from_db()
    response = first.post(url(game, "undo"), {"expected_version": game.version})
    assert response.status_code == 302
    assert "Took back 1 action: step." in first.get(url(game)).content.decode()

    live_dice.script(6, 5, 4, 6)
    play(first, game, "roll")       # 6
    play(second, game, "roll")      # 5
    page = first.get(url(game)).content.decode()
    assert "Undo" not in page.split('id="log"')[0]  # a roll is a barrier: nothing to take back
    play(first, game, "roll")       # 4: 10, the target
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["winner"] == 0
    assert [s.status for s in game.seats.order_by("index")] == ["won", "playing"]
    assert "won the race to 10" in second.get(url(game)).content.decode()


def test_replay_and_downloads_work_for_the_second_kind(live_dice):
    a, b = Client(), Client()
    a.force_login(UserFactory())
    b.force_login(UserFactory())
    game = race_game(a, b)
    first, second = players(game)
    live_dice.script(6, 1, 6)
    play(first, game, "step; roll")
    play(second, game, "roll")
    play(first, game, "roll")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED

    logged = history.log_actions(game)
    kind = get_kind("race")
    assert history.state_after(game, logged, len(logged)) == kind.load(game.state)
    spectator = Client()
    replay = spectator.get(url(game, "replay") + "?step=2").content.decode()
    assert "rolled 6: score 7." in replay and "<svg" in replay
    record = json.loads(spectator.get(url(game, "record_json")).getvalue())
    assert record["kind"] == "race" and record["final_state"]["scores"] == [13, 1]
    assert [a["dice"] for a in record["actions"] if a["command"] == "roll"][0] == [["roll", 6, 6]]
    text = spectator.get(url(game, "log_txt")).getvalue().decode()
    assert text.startswith("# Race to 10 game") and "roll\t# dice 6" in text
    assert spectator.get(url(game, "board_svg")).content.decode().lstrip().startswith("<svg")


def test_a_seats_hidden_note_reaches_no_other_seat_nor_spectator_on_any_channel():
    a, b = Client(), Client()
    a.force_login(UserFactory())
    b.force_login(UserFactory())
    game = race_game(a, b)
    first, second = players(game)
    play(second, game, "note zebra42")
    assert "zebra42" in second.get(url(game)).content.decode()
    for who, client in (("opponent", first), ("spectator", Client())):
        for name in ("game", "select", "board_svg", "log_txt", "record_json", "replay"):
            body = client.get(url(game, name), follow=True).getvalue().decode()
            assert "zebra42" not in body, f"the {who} reads the note in {name}"
    refused = first.post(url(game, "play"), {"command": "note zebra42; roll; roll"})
    assert "zebra42" not in refused.content.decode()


def test_the_kinds_command_limits_hold_for_a_submission():
    a, b = Client(), Client()
    a.force_login(UserFactory())
    b.force_login(UserFactory())
    game = race_game(a, b)
    seat0 = game.seats.get(index=0).user
    with pytest.raises(actions.IllegalMove):
        actions.apply_command(game, Actor.player(seat0), "; ".join(["note x"] * 21))
    assert not game.actions.exists()
