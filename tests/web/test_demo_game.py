"""`manage.py demo_setup` leaves a live two-player game between the demo players."""

from io import StringIO

import pytest
from django.core.management import call_command

from games import services
from games.engine import GameState, new_game
from games.models import Game


def run_demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_demo_setup_starts_a_game_between_alice_and_bob_with_moves_played_and_only_once():
    printed = run_demo_setup()
    run_demo_setup()

    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE
    assert sorted(s.user.email for s in game.seats.all()) == ["alice@metaltalon.localhost",
                                                               "bob@metaltalon.localhost"]
    assert game.actions.exclude(command__in=("keep", "end")).count() >= 3
    assert GameState.from_dict(game.state).ships  # ships on the board to look at
    assert f"/games/{game.pk}/" in printed
    replayed = services.replay(new_game(players=2, edition=game.edition, seed=game.seed),
                               services.log_actions(game))
    assert replayed.to_dict() == game.state
