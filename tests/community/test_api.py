"""The public JSON API (docs/api.md): personal tokens, each seat's own view, the same actions as the web
and e-mail, refusals as a code and a message with the state unchanged, per-user rate limits, and whole
games played through it by a script."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client

from accounts.models import ApiToken
from accounts.tokens import issue
from games import rates
from games.kinds import get_kind
from games.kinds.metaltalon.engine import legal_commands
from games.models import Action, Game
from tests.web.factories import UserFactory, active_seat, fresh, open_game, other_seat, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counts():
    rates.reset()
    yield
    rates.reset()


class Api:
    """A client holding one user's token, as a script would."""

    def __init__(self, user: Any) -> None:
        self.user = user
        _, self.token = issue(user, "test script")
        self.client = Client()

    def get(self, path: str, **params: Any) -> Any:
        return self.client.get(f"/api{path}", params, HTTP_AUTHORIZATION=f"Bearer {self.token}")

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(f"/api{path}", body, content_type="application/json",
                                HTTP_AUTHORIZATION=f"Bearer {self.token}")

    def play(self, game: Game, commands: str, version: int | None = None) -> Any:
        body: dict[str, Any] = {"commands": commands}
        if version is not None:
            body["expected_version"] = version
        return self.post(f"/games/{game.pk}/commands", body)


def seat_apis(game: Game) -> dict[int, Api]:
    return {s.index: Api(s.user) for s in game.seats.exclude(index=None)}


# === Tokens ===

def test_a_call_without_a_live_token_is_refused_with_how_to_get_one(client):
    user = UserFactory()
    token, secret = issue(user, "old")
    ApiToken.objects.filter(pk=token.pk).update(revoked_at="2026-11-01T00:00Z")
    for header in ({}, {"HTTP_AUTHORIZATION": "Bearer mt_nonsense"},
                   {"HTTP_AUTHORIZATION": f"Bearer {secret}"}, {"HTTP_AUTHORIZATION": f"Token {secret}"}):
        response = client.get("/api/me", **header)
        assert response.status_code == 401, header
        assert response.json()["code"] == "not_signed_in" and "profile page" in response.json()["message"]
        assert response["WWW-Authenticate"] == "Bearer"


def test_a_token_acts_for_its_owner_and_only_its_digest_is_stored():
    user = UserFactory(profile__display_name="Ada")
    api = Api(user)
    response = api.get("/me")
    assert response.status_code == 200
    assert response.json() == {"id": user.pk, "name": "Ada", "url": f"/players/{user.pk}/"}
    stored = ApiToken.objects.get(user=user)
    assert api.token not in (stored.digest, stored.prefix) and api.token.startswith(stored.prefix)
    assert stored.last_used_at is not None


def test_a_deactivated_users_token_no_longer_works():
    user = UserFactory()
    api = Api(user)
    type(user).objects.filter(pk=user.pk).update(is_active=False)
    assert api.get("/me").status_code == 401


def test_tokens_are_made_shown_once_and_revoked_on_the_profile_page(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post("/profile/tokens/", {"name": "my bot"})
    page = response.content.decode()
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    token = ApiToken.objects.get(user=user)
    secret = page.split("<code>", 1)[1].split("</code>", 1)[0]
    assert secret.startswith(token.prefix) and "shown only this once" in page
    assert "shown only this once" not in client.get("/profile/").content.decode()
    assert secret not in str(dict(client.session))
    assert Client().get("/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 200

    other = Client()
    other.force_login(UserFactory())
    assert other.post(f"/profile/tokens/{token.pk}/revoke/").status_code == 302
    assert Client().get("/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 200  # not theirs
    client.post(f"/profile/tokens/{token.pk}/revoke/")
    assert Client().get("/api/me", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 401
    assert "revoked" in client.get("/profile/").content.decode()


def test_a_token_needs_a_name_and_a_user_holds_at_most_ten():
    from accounts.tokens import MAX_TOKENS, TokenRefused

    user = UserFactory()
    with pytest.raises(TokenRefused, match="Name the token"):
        issue(user, "   ")
    for n in range(MAX_TOKENS):
        issue(user, f"t{n}")
    with pytest.raises(TokenRefused, match="revoke one"):
        issue(user, "one more")


# === Reading ===

def test_the_game_list_holds_public_games_and_my_private_ones_never_anothers():
    me, stranger = UserFactory(), UserFactory()
    public = open_game()
    mine = open_game(me, visibility="private")
    hidden = open_game(stranger, visibility="private")
    api = Api(me)

    ids = {g["id"] for g in api.get("/games").json()["games"]}
    assert {public.pk, mine.pk} <= ids and hidden.pk not in ids
    assert [g["id"] for g in api.get("/games", mine="true").json()["games"]] == [mine.pk]
    assert api.get(f"/games/{hidden.pk}").status_code == 404
    assert api.get(f"/games/{hidden.pk}").json()["message"] == api.get("/games/999999").json()["message"]


def test_a_game_reads_as_the_readers_seat_sees_it_with_their_legal_commands():
    game = started_game(players=2)
    seat = active_seat(game)
    api = Api(seat.user)

    data = api.get(f"/games/{game.pk}").json()
    kind = get_kind(game.kind)
    state = kind.load(fresh(game).state)
    assert data["my_seat"] == seat.index and data["my_turn"] is True and data["to_act"] == [seat.index]
    assert data["view"] == kind.view(state, seat.index) and "rng" not in data["view"]
    assert [s["index"] for s in data["seats"]] == [0, 1]
    every = legal_commands(state, seat.index)
    legal = api.get(f"/games/{game.pk}/legal").json()
    assert legal == {"version": fresh(game).version, "seat": seat.index, "total": len(every), "offset": 0,
                     "commands": every[:1000]}
    page = api.get(f"/games/{game.pk}/legal", offset=2, limit=3).json()
    assert page["commands"] == every[2:5] and page["total"] == len(every)
    spectator = Api(UserFactory())
    assert spectator.get(f"/games/{game.pk}").json()["my_seat"] is None
    assert spectator.get(f"/games/{game.pk}/legal").json()["code"] == "no_seat"


def test_the_log_lists_actions_after_a_sequence_number():
    game = started_game(players=2)
    api = Api(active_seat(game).user)
    log = api.get(f"/games/{game.pk}/log").json()
    seqs = [a["seq"] for a in log["actions"]]
    assert seqs == list(Action.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert [a["seq"] for a in api.get(f"/games/{game.pk}/log", after=seqs[0]).json()["actions"]] == seqs[1:]


# === Playing ===

def test_commands_play_through_the_same_action_logged_as_the_api():
    game = started_game(players=2)
    seat = active_seat(game)
    api = Api(seat.user)
    response = api.play(game, "end", fresh(game).version)
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == fresh(game).version and body["stopped"] is None
    assert [p["command"] for p in body["played"]] == ["end"]
    last = Action.objects.filter(game=game).latest("seq")
    assert (last.command, last.source, last.actor_id) == ("end", "api", seat.user_id)


@pytest.mark.parametrize("who, commands, version, status, code", [
    ("me", "move Z99 Z98", "now", 400, "illegal"),
    ("me", "end", "stale", 409, "moved_on"),
    ("other", "end", "now", 403, "not_your_turn"),
    ("stranger", "end", "now", 403, "not_your_seat"),
])
def test_a_refused_submission_says_why_and_changes_nothing(who, commands, version, status, code):
    game = started_game(players=2)
    user = {"me": active_seat(game).user, "other": other_seat(game).user, "stranger": UserFactory()}[who]
    before = (fresh(game).version, fresh(game).state, Action.objects.filter(game=game).count())
    v = fresh(game).version if version == "now" else fresh(game).version - 1

    response = Api(user).play(game, commands, v)

    assert response.status_code == status
    assert response.json()["message"] and (code is None or response.json()["code"] == code)
    assert "page" not in response.json()["message"]  # the API's words, not the web page's
    assert (fresh(game).version, fresh(game).state, Action.objects.filter(game=game).count()) == before


@pytest.mark.parametrize("body", [{"commands": "end", "expected_version": "abc"},
                                  {"commands": "end", "expected_version": 1.5},
                                  {"commands": ""}, {"expected_version": 3}, {"commands": "x" * 2001}])
def test_a_malformed_body_is_refused_before_anything_is_played(body):
    game = started_game(players=2)
    api = Api(active_seat(game).user)
    before = Action.objects.filter(game=game).count()
    response = api.post(f"/games/{game.pk}/commands", body)
    assert response.status_code == 422 and response.json()["code"] == "invalid"
    assert "expected_version" in response.json()["message"] or "commands" in response.json()["message"]
    assert response.json()["message"].endswith("nothing was changed.")
    assert Action.objects.filter(game=game).count() == before


# === Rate limits ===

def test_each_user_has_their_own_request_limit_and_a_refusal_says_when_to_come_back(settings):
    settings.API_RATE_LIMIT = "3/minute"
    busy, calm = Api(UserFactory()), Api(UserFactory())
    assert [busy.get("/me").status_code for _ in range(3)] == [200, 200, 200]
    refused = busy.get("/me")
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert 1 <= int(refused["Retry-After"]) <= 60 and "try again in" in refused.json()["message"]
    assert calm.get("/me").status_code == 200


def test_command_submissions_have_a_tighter_limit_of_their_own(settings):
    settings.API_COMMAND_RATE_LIMIT = "2/minute"
    game = started_game(players=2)
    api = Api(active_seat(game).user)
    assert [api.play(game, "move Z99 Z98").status_code for _ in range(2)] == [400, 400]
    assert api.play(game, "end").status_code == 429
    assert api.get(f"/games/{game.pk}").status_code == 200  # reading goes on


# === Whole games ===

def test_a_whole_race_is_played_to_its_end_through_the_api_by_a_script(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race"]
    game = started_game(players=2, kind="race", target=10)
    apis = seat_apis(game)
    for _ in range(200):
        data = apis[0].get(f"/games/{game.pk}").json()
        if data["status"] == "finished":
            break
        (seat,) = data["to_act"]
        legal = apis[seat].get(f"/games/{game.pk}/legal").json()
        command = "roll" if "roll" in legal["commands"] else legal["commands"][0]
        assert apis[seat].play(game, command, legal["version"]).status_code == 200
    final = apis[1].get(f"/games/{game.pk}").json()
    assert final["status"] == "finished" and final["result"]["winner"] in (0, 1)
    assert set(Action.objects.filter(game=game).values_list("source", flat=True)) == {"api"}


def test_a_metaltalon_game_is_played_through_the_api_from_the_deal_to_a_result():
    game = started_game(players=2, keep=False)
    apis = seat_apis(game)
    rng = random.Random(5)
    for api in apis.values():
        assert api.play(game, "keep").status_code == 200
    for _ in range(6):  # three rounds of legal moves chosen by the script, each turn ended
        data = apis[0].get(f"/games/{game.pk}").json()
        (seat,) = data["to_act"]
        legal = apis[seat].get(f"/games/{game.pk}/legal").json()
        moves = [c for c in legal["commands"] if c.split()[0] in ("move", "launch")]
        if moves:
            response = apis[seat].play(game, rng.choice(moves), legal["version"])
            assert response.status_code == 200, response.json()
        version = apis[seat].get(f"/games/{game.pk}").json()["version"]
        assert apis[seat].play(game, "end", version).status_code == 200
    seat = apis[0].get(f"/games/{game.pk}").json()["to_act"][0]
    assert apis[seat].play(game, "resign").status_code == 200
    final = apis[1 - seat].get(f"/games/{game.pk}").json()
    assert final["status"] == "finished" and final["result"]["winner"] == 1 - seat
    assert Action.objects.filter(game=game, source="api").count() >= 9
