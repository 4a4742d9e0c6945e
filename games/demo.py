"""A live demo game for `make run`: Alice and Bob, started, a few moves played (demo_setup calls this)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings

from accounts.models import User
from games import actions
from games.actions import Actor
from games.kinds import get_kind
from games.models import Game

DEMO_PLAYERS = ("alice@metaltalon.localhost", "bob@metaltalon.localhost")


def _pick(commands: list[str], verb: str) -> str | None:
    options = [c for c in commands if c.startswith(verb + " ")]
    if not options:
        return None
    # A mid-sized choice: launches and moves that show something on the board, deterministic.
    return options[len(options) // 2]


def _play_turn(game: Game, users: dict[int, Any]) -> None:
    kind = get_kind(game.kind)
    game.refresh_from_db()
    seat = kind.to_act(kind.load(game.state))[0]
    for verb in ("launch", "move", "move"):
        command = _pick(kind.legal_commands(kind.load(game.state), seat), verb)
        if command is not None:
            actions.apply_command(game, Actor.player(users[seat]), command)
            game.refresh_from_db()
    actions.apply_command(game, Actor.player(users[seat]), "end")


def ensure_demo_game(write: Callable[[str], Any]) -> Game | None:
    """Idempotent: keeps an unfinished demo game if there is one, else creates and plays a few turns."""
    players = [User.objects.filter(email=e).first() for e in DEMO_PLAYERS]
    alice, bob = players
    if alice is None or bob is None:
        write("Demo game skipped: the demo players are missing.")
        return None
    game = (Game.objects.filter(created_by=alice, seats__user=bob,
                                status__in=(Game.Status.SETUP, Game.Status.ACTIVE)).order_by("-pk").first())
    if game is None:
        game = actions.create_game(Actor.player(alice), kind="metaltalon", players=2,
                                   options={"edition": "token"}, visibility="public",
                                   clock={"mode": "deadline", "hours": 72})
        actions.join_game(game, Actor.player(bob))
        game.refresh_from_db()
        users = {seat.index: seat.user for seat in game.seats.select_related("user")}
        for index in sorted(users):
            actions.apply_command(game, Actor.player(users[index]), "keep")
        for _ in range(3):
            _play_turn(game, users)
        game.refresh_from_db()
    write(f"Demo game: {settings.SITE_URL}{game.get_absolute_url()} (Alice and Bob, {game.actions.count()} "
          f"actions so far)")
    return game
