"""Bots at the table (docs/bots.md): seats held by a bot, and the bot's moves.

- `add_bot` seats a bot in an open game (its creator, or a moderator); the last seat filled starts it.
- `play_against_bots` creates a game with the player and bots in every other seat, started at once.
- `play_bots` is the Celery task's body (games/tasks.py, `bot_move`): while the game awaits a seat held
  by a bot, that bot chooses from the kind's legal commands for the state as its seat may see it
  (`bot_state`: the kind's view) and plays one command at a time through
  apply_command as `Actor.bot(seat)`, so it sees each roll before its next choice. It thinks without the
  lock and plays with the version it read, so a move by anyone meanwhile only makes it think again.
- `wake_bots` (on commit, from common.store_state) queues that task when a state newly awaits a bot;
  `bots_due` is the beat's sweep for a wake-up that was lost.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from games.actions.actor import Actor
from games.actions.commands import apply_command
from games.actions.common import check_bot_level, kind_of, locked
from games.actions.errors import GameMovedOn, IllegalMove, Invalid, NotAllowed, NotInPlay
from games.actions.lobby import check_game_options, start_if_full
from games.models import Game, Seat
from games.moderators import is_moderator

logger = logging.getLogger(__name__)

# One task plays at most this many commands, then queues itself again (a worker is never held for long).
STEPS_PER_TASK = 200
# A task stops after this many seconds (well inside its time limit) and queues itself again.
TASK_SECONDS = 60.0
# Tries when the game moved on while the bot was thinking (someone's standing order, a resignation).
RETRIES = 5


def _creators_open_game(game: Game, user: Any, not_open: str, doing: str) -> Game:
    """The game, locked, if it still waits for players and `user` created it (or moderates)."""
    game = locked(game)
    if game.status != Game.Status.OPEN:
        raise NotInPlay(not_open)
    if not (user.pk == game.created_by_id or is_moderator(user)):
        raise NotAllowed(f"Only the game's creator can {doing}.")
    return game


def add_bot(game: Game, actor: Actor, level: str) -> Seat:
    """A bot takes a free seat of an open game. The game's creator (or a moderator) seats it; a game whose
    last seat it fills starts at once."""
    user = actor.require_player()
    with transaction.atomic():
        game = _creators_open_game(game, user, "Bots join games that are still waiting for players.",
                                   "add a bot")
        check_bot_level(kind_of(game), level)
        if game.seats.count() >= game.players:
            raise NotInPlay("This game is full.", code="full")
        seat = Seat.objects.create(game=game, bot=level)
        start_if_full(game)
    return seat


def remove_bot(game: Game, actor: Actor, seat_id: int) -> None:
    """The creator takes a bot out of an open game again."""
    user = actor.require_player()
    with transaction.atomic():
        game = _creators_open_game(game, user, "The game has started: its bots play on.", "remove a bot")
        deleted, _ = game.seats.filter(pk=seat_id, user=None).exclude(bot=None).delete()
        if not deleted:
            raise Invalid("That seat holds no bot.", code="no_such_seat")


def play_against_bots(actor: Actor, *, kind: str = "metaltalon", players: int = 2, level: str = "greedy",
                      options: Mapping[str, Any] | None = None, visibility: str = "private",
                      clock: Mapping[str, Any] | None = None) -> Game:
    """A game with the player in one seat and a bot of `level` in each other, started at once. Private
    and without a clock unless asked otherwise: nobody but bots waits on the player."""
    user = actor.require_player()
    _kind, checked, rules = check_game_options(kind, players, options or {}, visibility,
                                               clock or {"mode": "none"})
    check_bot_level(_kind, level)
    with transaction.atomic():
        # One human player: nobody to be rated against (docs/ratings.md), so the game says it is unrated.
        game = Game.objects.create(created_by=user, kind=kind, options=checked, players=players,
                                   visibility=visibility, clock=rules.to_dict(), rated=False)
        Seat.objects.create(game=game, user=user)
        for _ in range(players - 1):
            Seat.objects.create(game=game, bot=level)
        game = locked(game)
        start_if_full(game)
    return game


# === The bots' moves ===


def awaited_bots(game: Game) -> list[Seat]:
    return list(game.seats.filter(awaiting=True, user=None).exclude(bot=None).order_by("index"))


@dataclass
class Run:
    played: int = 0
    more: bool = False  # stopped on its budget with a bot still awaited: queue the task again


def _next_bot(game_id: int) -> tuple[Game, Seat] | None:
    """The game and the first seat held by a bot it awaits, if it is in play and not paused."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or not game.is_active or game.paused_at is not None or game.state is None:
        return None
    seats = awaited_bots(game)
    return (game, seats[0]) if seats else None


def awaits_bot(game_id: int) -> bool:
    return _next_bot(game_id) is not None


def play_bots(game_id: int, *, steps: int = STEPS_PER_TASK, seconds: float | None = None,
              budget: float = TASK_SECONDS) -> Run:
    """Play for every bot the game awaits until it awaits none, or `steps` commands or `budget` seconds
    are spent (then `more`). Safe to run twice at once: each command carries the version its bot read,
    so a command is never applied to a state its bot did not see."""
    run = Run()
    stop = time.monotonic() + budget
    bots: dict[int, Any] = {}
    think = seconds if seconds is not None else settings.BOT_SEARCH_SECONDS
    retries = 0
    while True:
        if run.played >= steps or time.monotonic() > stop:
            run.more = awaits_bot(game_id)
            break
        found = _next_bot(game_id)
        if found is None:
            break
        game, seat = found
        assert seat.index is not None and seat.bot is not None
        kind = kind_of(game)
        bot = bots.get(seat.index)
        if bot is None:
            bot = bots[seat.index] = kind.bot(seat.bot, random.Random(), seconds=think)
        state = kind.load(game.state)
        if seat.index not in kind.to_act(state):
            break  # the seat's flag is about to be rewritten by a writer holding the lock
        started = time.monotonic()
        # A bot reads the game as its seat may (the kind's view, loaded back): never another seat's hidden
        # information (docs/architecture.md, "What each reader may read").
        command = bot.choose(kind.bot_state(state, seat.index), seat.index)
        try:
            apply_command(game, Actor.bot(seat.index), command, expected_version=game.version,
                          seat=seat.index)
        except GameMovedOn:
            retries += 1
            if retries > RETRIES:
                break
            continue
        except (IllegalMove, NotAllowed, NotInPlay) as exc:
            logger.error("game %s: bot %s of seat %s played %r: refused (%s)", game_id, seat.bot, seat.index,
                         command, exc.message)
            break
        retries = 0
        run.played += 1
        logger.info("game %s: %s (seat %s) played %r in %.0f ms", game_id, seat.bot, seat.index, command,
                    (time.monotonic() - started) * 1000)
    return run


def bots_due(now: Any, limit: int, idle_seconds: int) -> list[int]:
    """Games that have awaited a bot for more than `idle_seconds`: a wake-up lost on its way (the broker
    was down at the commit, a worker died mid-turn). The beat queues them again."""
    since = now - timedelta(seconds=idle_seconds)
    return list(Seat.objects.filter(awaiting=True, user=None, bot__isnull=False, awaited_since__lt=since,
                                    game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE),
                                    game__paused_at__isnull=True)
                .order_by("awaited_since").values_list("game_id", flat=True).distinct()[:limit])


def stand_in(game: Game, seat: Seat) -> bool:
    """The clock's bot plays a timed-out seat's turn (games/clock/rules.py, on_timeout "bot"): the
    kind's strongest quick level, leaving the player's standing orders alone, as the clock's Actor, in
    the caller's transaction (which holds the game's lock). False when no bot could play."""
    kind = kind_of(game)
    level = "greedy" if "greedy" in kind.bot_levels else kind.bot_levels[0]
    bot = kind.bot(level, random.Random(), orders=False)
    assert seat.index is not None
    played = 0
    while played < STEPS_PER_TASK:
        state = kind.load(game.state)
        if seat.index not in kind.to_act(state):
            break
        command = bot.choose(kind.bot_state(state, seat.index), seat.index)
        try:
            with transaction.atomic():
                applied = apply_command(game, Actor.clock(), command, seat=seat.index)
        except (IllegalMove, NotAllowed, NotInPlay) as exc:
            logger.error("game %s: the stand-in bot's %r for seat %s was refused: %s", game.pk, command,
                         seat.index, exc.message)
            break
        game = applied.game
        played += 1
    return played > 0

