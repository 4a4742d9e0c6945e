"""Live demo games for `make run` (demo_setup calls these): Alice and Bob at MetalTalon, started, a few
moves played; Alice at Metal Adventures against three bots, a round played and waiting for her; and Bob at
Metabaloids against two bots, waiting for him to pick his deck (the bots have picked theirs)."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings

from accounts.models import User
from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.kinds import Kind, get_kind
from games.models import Game

DEMO_PLAYERS = ("alice@metaltalon.localhost", "bob@metaltalon.localhost")
ADVENTURE = "metal-adventures"
ADVENTURE_PLAYERS = 4
ADVENTURE_BOTS = "greedy"
# Commands at most that the demo plays for Alice before it hands her the game (her trophy choice, her
# first turn and the questions she is asked meanwhile take a few dozen: under COMMAND_RATE_LIMIT's minute).
ADVENTURE_STEPS = 300
METABALOIDS = "metabaloids"
METABALOIDS_PLAYERS = 3


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


@contextmanager
def _quiet_bots() -> Iterator[None]:
    """The bots' every move is logged at INFO: not what `make run` should print between the logins."""
    bots_log = logging.getLogger("games.actions.bots")
    level = bots_log.level
    bots_log.setLevel(logging.WARNING)
    try:
        yield
    finally:
        bots_log.setLevel(level)


def _bot_game(write: Callable[[str], Any], email: str, kind_name: str, title: str,
              players: int) -> tuple[User | None, Game | None, bool]:
    """The demo player's unfinished game of `kind_name` against greedy bots, or a new one (created: True);
    (None, None, False) when the player or the kind is missing, said in `write`."""
    user = User.objects.filter(email=email).first()
    if user is None:
        write(f"{title} demo skipped: the demo players are missing.")
        return None, None, False
    try:
        get_kind(kind_name)
    except KeyError:
        write(f"{title} demo skipped: the site does not offer it (GAME_KINDS).")
        return None, None, False
    game = (Game.objects.filter(created_by=user, kind=kind_name, seats__bot__isnull=False,
                                status__in=(Game.Status.SETUP, Game.Status.ACTIVE)).order_by("-pk").first())
    if game is not None:
        return user, game, False
    return user, actions.play_against_bots(Actor.player(user), kind=kind_name, players=players,
                                           level=ADVENTURE_BOTS), True


def ensure_demo_adventure(write: Callable[[str], Any]) -> Game | None:
    """Idempotent: keeps Alice's unfinished Metal Adventures game against bots if there is one; else seats
    her with three greedy bots and plays every seat through the first round (hers by a greedy bot standing
    in for her), up to where the game waits for her again: her turn, or a question put to her."""
    alice, game, created = _bot_game(write, DEMO_PLAYERS[0], ADVENTURE, "Metal Adventures", ADVENTURE_PLAYERS)
    if alice is None or game is None:
        return None
    if created:
        seat = game.seats.get(user=alice).index

        def her_turn_again(kind: Kind, state: Any) -> bool:
            """Every seat has had a turn, and the game waits for her (her turn, or a question to her)."""
            return (kind.phase(state) == "play" and kind.turn(state) > ADVENTURE_PLAYERS
                    and seat in kind.to_act(state))

        with _quiet_bots():
            play_with_stand_in(game, alice, her_turn_again, ADVENTURE_STEPS)
    write(f"Demo game: {settings.SITE_URL}{game.get_absolute_url()} (Alice against {ADVENTURE_PLAYERS - 1} "
          f"bots at Metal Adventures, {game.actions.count()} actions so far, waiting for her)")
    return game


def ensure_demo_metabaloids(write: Callable[[str], Any]) -> Game | None:
    """Idempotent: keeps Bob's unfinished Metabaloids game against bots if there is one; else seats him with
    two greedy bots, which pick their decks, and leaves him the first choice a newcomer makes: his deck."""
    bob, game, created = _bot_game(write, DEMO_PLAYERS[1], METABALOIDS, "Metabaloids", METABALOIDS_PLAYERS)
    if bob is None or game is None:
        return None
    if created:
        with _quiet_bots():
            while play_bots(game.pk).more:
                pass
    write(f"Demo game: {settings.SITE_URL}{game.get_absolute_url()} (Bob against {METABALOIDS_PLAYERS - 1} "
          "bots at Metabaloids, waiting for him to pick a deck)")
    return game


def play_with_stand_in(game: Game, user: User, done: Callable[[Kind, Any], bool], steps: int) -> None:
    """Plays a game against bots on: the bots as the site's task plays them (play_bots), the user's seat by
    a bot of its own (greedy, else the kind's first level) reading the seat's bot state, through
    apply_command as the user, until `done(kind, state)` (checked whenever no bot is awaited)."""
    kind = get_kind(game.kind)
    seat = game.seats.get(user=user).index
    level = "greedy" if "greedy" in kind.bot_levels else kind.bot_levels[0]
    stand_in = kind.bot(level, random.Random())
    for _ in range(steps):
        while play_bots(game.pk).more:
            pass
        game.refresh_from_db()
        state = kind.load(game.state)
        if done(kind, state):
            return
        if seat not in kind.to_act(state):  # over, or a bot's command refused: play_bots logged why
            raise RuntimeError(f"game {game.pk}: the bots stopped without waiting for seat {seat}")
        assert seat is not None
        actions.apply_command(game, Actor.player(user), stand_in.choose(kind.bot_state(state, seat), seat))
    raise RuntimeError(f"game {game.pk}: not done within {steps} of the stand-in's commands")
