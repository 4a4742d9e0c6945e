"""`manage.py demo_setup` leaves a live two-player game between the demo players."""

from io import StringIO

import pytest
from django.core.management import call_command

from games import history
from games.kinds import get_kind
from games.kinds.metaltalon.engine import GameState
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
    # The log replays from the first snapshot with the dice each action recorded.
    kind = get_kind(game.kind)
    assert (game.kind, game.options["edition"]) == ("metaltalon", "token")
    assert all(a.dice is not None for a in history.log_actions(game))
    replayed = history.replay(kind, kind.load(game.snapshots.get(seq=0).state), history.log_actions(game))
    assert kind.dump(replayed) == game.state
