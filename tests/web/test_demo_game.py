"""`manage.py demo_setup` leaves a live two-player game between the demo players, Alice's Metal
Adventures game against three bots waiting for her, and Bob's Metabaloids game against two bots waiting
for his deck."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games import history
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState
from games.models import Game


def run_demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


def replays_to_its_state(game: Game) -> bool:
    kind = get_kind(game.kind)
    replayed = history.replay(kind, kind.load(game.snapshots.get(seq=0).state), history.log_actions(game))
    return bool(kind.dump(replayed) == game.state)


@pytest.mark.django_db
def test_demo_setup_starts_a_game_between_alice_and_bob_with_moves_played_and_only_once():
    printed = run_demo_setup()
    run_demo_setup()

    game = Game.objects.get(kind="metaltalon")
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.user.email for s in game.seats.all()) == ["alice@metaltalon.localhost",
                                                               "bob@metaltalon.localhost"]
    assert game.actions.exclude(command__in=("keep", "end")).count() >= 3
    assert GameState.from_dict(game.state).ships  # ships on the board to look at
    assert f"/games/{game.pk}/" in printed
    # The log replays from the first snapshot with the dice each action recorded.
    assert (game.kind, game.options["edition"]) == ("metaltalon", "token")
    assert all(a.dice is not None for a in history.log_actions(game))
    assert replays_to_its_state(game)


@pytest.mark.django_db
def test_demo_setup_seats_alice_against_three_bots_at_metal_adventures_waiting_for_her_after_a_round_once():
    printed = run_demo_setup()
    run_demo_setup()

    game = Game.objects.get(kind="metal-adventures")
    seats = list(game.seats.order_by("index"))
    alice = next(s for s in seats if s.user is not None)
    assert alice.user.email == "alice@metaltalon.localhost"
    assert sorted(s.bot for s in seats if s is not alice) == ["greedy"] * 3
    assert game.status == Game.Status.ACTIVE and f"/games/{game.pk}/" in printed
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    assert kind.phase(state) == "play" and kind.turn(state) > 4  # every pirate has had a turn
    assert alice.index in kind.to_act(state)  # her turn, or a question put to her
    played = set(game.actions.values_list("seat", flat=True))
    assert played == {0, 1, 2, 3}
    assert set(game.actions.filter(seat=alice.index).values_list("actor", flat=True)) == {alice.user_id}
    assert replays_to_its_state(game)

    client = Client()
    client.force_login(alice.user)
    mine = client.get("/games/mine/").content.decode()
    row = next(r for r in mine.split("<tr")[1:] if f"/games/{game.pk}/" in r)
    assert "Your move" in row and "Metal Adventures" in mine


@pytest.mark.django_db
def test_demo_setup_seats_bob_against_two_bots_at_metabaloids_waiting_for_his_deck_once():
    printed = run_demo_setup()
    run_demo_setup()

    game = Game.objects.get(kind="metabaloids")
    seats = list(game.seats.order_by("index"))
    bob = next(s for s in seats if s.user is not None)
    assert bob.user.email == "bob@metaltalon.localhost"
    assert sorted(s.bot for s in seats if s is not bob) == ["greedy"] * 2
    assert f"/games/{game.pk}/" in printed
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    assert kind.to_act(state) == (bob.index,)  # the bots picked their decks; his pick is left
    assert "deck a" in kind.legal_commands(state, bob.index)

    client = Client()
    client.force_login(bob.user)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Silk &amp; Sting" in page and "Shell &amp; Slime" in page
