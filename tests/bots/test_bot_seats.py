"""Bots at the site's tables (docs/bots.md): seated from the lobby, playing through the actions as their own
Actor, woken after the commit that makes the game wait for them, standing in for a player whose time ran
out, and taking a seat a moderator hands them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.core.cache import cache

from games import actions
from games.actions import Actor
from games.actions.bots import bots_due, play_bots
from games.actions.clock import Fired, due_ids, fire_due
from games.kinds.metaltalon.engine import GameState
from games.models import Action, AuditEntry, Game, Seat
from games.tasks import bot_move
from tests.web.factories import (
    ModeratorFactory,
    UserFactory,
    active_seat,
    fresh,
    open_game,
    started_game,
    to_act,
)

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


@pytest.fixture
def woken(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The game ids handed to the bots' task on commit (no worker takes them here)."""
    ids: list[int] = []
    monkeypatch.setattr("games.tasks.queue_bots", ids.append)
    return ids


def human_vs_bot(level: str = "greedy", players: int = 2, **kw) -> tuple[Game, Seat]:
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), players=players, level=level, **kw)
    return game, game.seats.get(user=user)


def test_the_creator_seats_a_bot_and_the_last_seat_filled_starts_the_game(woken):
    game = open_game(players=3)
    creator = game.created_by
    seat = actions.add_bot(game, Actor.player(creator), "greedy")
    assert seat.bot == "greedy" and seat.user is None and seat.name == "Greedy bot"
    assert fresh(game).status == Game.Status.OPEN
    actions.add_bot(game, Actor.player(creator), "random")
    game = fresh(game)
    assert game.status == Game.Status.SETUP and game.seats.exclude(index=None).count() == 3


def test_a_rated_game_the_bots_filled_starts_unrated_and_one_with_two_players_stays_rated(woken):
    # One player among bots: nobody to be rated against (docs/ratings.md); the header says "Unrated".
    alone = open_game(players=2)
    assert alone.rated
    actions.add_bot(alone, Actor.player(alone.created_by), "beginner")
    alone = fresh(alone)
    assert alone.status == Game.Status.SETUP and not alone.rated and alone.options_text.endswith("· Unrated")
    two = open_game(players=3)
    actions.join_game(two, Actor.player(UserFactory()))
    actions.add_bot(two, Actor.player(two.created_by), "greedy")
    two = fresh(two)
    assert two.status == Game.Status.SETUP and two.rated


def test_only_the_creator_seats_a_bot_of_a_level_the_kind_offers_in_a_free_seat(woken):
    game = open_game(players=2)
    with pytest.raises(actions.NotAllowed):
        actions.add_bot(game, Actor.player(UserFactory()), "greedy")
    with pytest.raises(actions.Invalid) as refused:
        actions.add_bot(game, Actor.player(game.created_by), "grandmaster")
    assert "random, beginner, greedy, search" in refused.value.message
    race = open_game(kind="race")
    with pytest.raises(actions.Invalid):
        actions.add_bot(race, Actor.player(race.created_by), "greedy")  # race offers only random
    assert game.seats.count() == 1 and race.seats.count() == 1


def test_the_creator_takes_a_bot_out_of_a_waiting_game_again(woken):
    game = open_game(players=3)
    seat = actions.add_bot(game, Actor.player(game.created_by), "random")
    with pytest.raises(actions.Invalid):
        actions.remove_bot(game, Actor.player(game.created_by), game.seats.get(user=game.created_by).pk)
    actions.remove_bot(game, Actor.player(game.created_by), seat.pk)
    assert not game.seats.filter(pk=seat.pk).exists()


def test_play_against_bots_starts_a_private_game_without_a_clock_at_once(
        woken, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game, mine = human_vs_bot("search", players=3)
    assert game.status in (Game.Status.SETUP, Game.Status.ACTIVE) and game.visibility == "private"
    assert not game.clock_rules.runs
    assert sorted(s.bot or "" for s in game.seats.all()) == ["", "search", "search"]
    assert woken == [game.pk]  # every seat decides its faction at once: the bots are woken


def test_the_bots_play_through_the_actions_until_the_game_waits_for_the_player(woken):
    game, mine = human_vs_bot("greedy", players=3)
    run = play_bots(game.pk)
    assert run.played >= 2 and not run.more
    game = fresh(game)
    assert to_act(game) == (mine.index,)  # the bots kept or redrew; the player's choice is awaited
    actions.apply_command(game, Actor.player(mine.user), "keep")
    play_bots(game.pk)
    game = fresh(game)
    assert to_act(game) == (mine.index,) or game.status == Game.Status.FINISHED
    bot_rows = Action.objects.filter(game=game).exclude(seat=mine.index)
    assert bot_rows.exists()
    assert set(bot_rows.values_list("source", flat=True)) == {"bot"}
    assert not bot_rows.filter(actor__isnull=False).exists()


def test_a_players_move_that_hands_the_turn_to_a_bot_wakes_it_after_the_commit(
        woken, django_capture_on_commit_callbacks):
    game, mine = human_vs_bot("greedy")
    play_bots(game.pk)
    actions.apply_command(game, Actor.player(mine.user), "keep")
    play_bots(game.pk)
    woken.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.apply_command(fresh(game), Actor.player(mine.user), "end")
    assert woken == [game.pk]
    woken.clear()
    with django_capture_on_commit_callbacks(execute=True):
        run = play_bots(game.pk)
    assert run.played >= 1 and woken == []  # a bot's own moves wake no other task


def test_a_bot_plays_nothing_in_a_paused_game_and_the_task_leaves_a_game_another_task_holds(woken):
    game, mine = human_vs_bot("random")
    actions.pause_game(game, Actor.moderator(ModeratorFactory(), "checking"))
    assert play_bots(game.pk).played == 0
    actions.resume_game(game, Actor.moderator(ModeratorFactory(), "checked"))
    cache.add(f"bots:game:{game.pk}", 1, timeout=30)
    try:
        assert bot_move(game.pk) == 0
    finally:
        cache.delete(f"bots:game:{game.pk}")
    assert bot_move(game.pk) >= 1


def test_a_bot_that_lost_the_race_to_another_move_thinks_again_and_plays(woken, monkeypatch):
    """A standing order sent while the bot was thinking moves the game on: the bot's command, made for
    the older version, is not applied; the bot reads the game again and plays."""
    game, mine = human_vs_bot("random")
    from games.bots import RandomBot

    real = RandomBot.choose
    calls = []

    def meanwhile(self, state, seat):
        if not calls:
            actions.apply_command(fresh(game), Actor.player(mine.user), "order damage wse")
        calls.append(seat)
        return real(self, state, seat)

    monkeypatch.setattr(RandomBot, "choose", meanwhile)
    run = play_bots(game.pk)
    assert run.played >= 1 and len(calls) == run.played + 1


def test_the_sweep_finds_games_that_have_waited_for_a_bot_too_long(woken):
    game, mine = human_vs_bot("greedy")
    Seat.objects.filter(game=game, bot="greedy").update(awaited_since=T0 - timedelta(minutes=5))
    assert bots_due(T0, 100, 60) == [game.pk]
    assert bots_due(T0 - timedelta(minutes=5), 100, 60) == []
    actions.pause_game(game, Actor.moderator(ModeratorFactory(), "checking"))
    assert bots_due(T0, 100, 60) == []


def test_a_timed_out_turn_is_played_by_a_bot_when_the_game_says_so(clock, woken, queued, settings):
    settings.VACATION_START_DAYS = 0  # a timeout times out (no automatic vacation)
    game = started_game(players=2, clock={"hours": 1, "on_timeout": "bot"})
    seat = active_seat(game)
    orders_before = GameState.from_dict(fresh(game).state).seats[seat.index].orders
    clock.shift(timedelta(hours=1, seconds=1))
    outcomes = [fire_due(pk).value for pk in due_ids(datetime.now(UTC), 500, 300)]
    assert Fired.TIMED_OUT.value in outcomes
    game, seat = fresh(game), fresh(seat)
    assert seat.user is not None and seat.bot is None  # the player keeps the seat
    assert seat.timeouts == 1 and seat.index not in to_act(game)
    played = Action.objects.filter(game=game, seat=seat.index, source="timeout")
    assert played.filter(command="end").exists()
    state = GameState.from_dict(game.state)
    assert state.seats[seat.index].orders == orders_before  # the stand-in left the orders alone


def test_a_moderator_hands_a_seat_to_a_bot_which_plays_it_from_then_on(
        woken, django_capture_on_commit_callbacks):
    game = started_game(players=2)
    seat = active_seat(game)
    player = seat.user
    with django_capture_on_commit_callbacks(execute=True):
        entry = actions.replace_with_bot(game, Actor.moderator(ModeratorFactory(), "left the site"),
                                         seat.index, "greedy")
    seat = fresh(seat)
    assert seat.user is None and seat.bot == "greedy"
    assert entry.act == AuditEntry.Act.REPLACE and "Greedy bot" in entry.summary
    assert woken == [game.pk]
    assert play_bots(game.pk).played >= 1
    assert Action.objects.filter(game=game, seat=seat.index, source="bot").exists()
    with pytest.raises(actions.Invalid):
        actions.replace_with_bot(game, Actor.moderator(ModeratorFactory(), "x"), seat.index, "grandmaster")
    assert player is not None
