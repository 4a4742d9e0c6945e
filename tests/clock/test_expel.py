"""The vote on an absent player (games/actions/expel.py, docs/clock.md): after N timeouts in a row the
others vote to expel them or keep waiting; a player who leaves a game this way is recorded as such."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.actions.clock import due_ids, fire_due
from games.actions.expel import cast_ballot
from games.models import ExpelVote, Game, Notice, Seat
from tests.web.factories import active_seat, started_game
from tests.web.helpers import messages_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_vacation_days")]

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
VOTE = {"hours": 1, "reminders": False, "on_timeout": "vote", "expel_after": 2}


def time_out(clock, game: Game) -> None:
    """The seat to act lets its hour run out."""
    clock.shift(timedelta(hours=1))
    for pk in due_ids(datetime.now(UTC), 500, 300):
        fire_due(pk)


def absent_in(clock, players: int = 3) -> tuple[Game, Seat, list[Seat]]:
    """A game whose first seat to act has timed out twice in a row (the others ending their turns)."""
    game = started_game(players=players, clock=VOTE)
    absent = active_seat(game)
    for _ in range(2):
        while active_seat(game).pk != absent.pk:
            actions.apply_command(game, Actor.player(active_seat(game).user), "end")
        time_out(clock, game)
    others = list(game.seats.exclude(pk=absent.pk).order_by("index"))
    return game, absent, others


def test_after_n_timeouts_in_a_row_a_vote_opens_and_the_others_are_told(clock, queued):
    game, absent, others = absent_in(clock)
    vote = ExpelVote.objects.get(game=game)
    assert vote.seat == absent and vote.closed_at is None
    for seat in others:
        assert Notice.objects.filter(user=seat.user, text__contains="vote on the game page").exists()


def test_a_majority_to_expel_takes_the_seat_out_as_if_eliminated_and_records_it(clock, queued, client):
    game, absent, (a, b) = absent_in(clock)
    vote = ExpelVote.objects.get(game=game)
    cast_ballot(game, Actor.player(a.user), vote.pk, expel=True)
    vote.refresh_from_db()
    assert vote.outcome == ""  # one of two: not yet a majority
    cast_ballot(game, Actor.player(b.user), vote.pk, expel=True)
    vote.refresh_from_db()
    absent.refresh_from_db()
    assert vote.outcome == "expelled" and absent.status == "resigned" and absent.abandoned
    out = game.actions.latest("seq")
    assert (out.command, out.source, out.seat) == ("resign", "system", absent.index)
    state = Game.objects.get(pk=game.pk).state
    assert not [s for s in state["ships"] if s["owner"] == absent.index]
    assert "Left 1 game by letting the clock run out" in client.get(
        reverse("player", args=[absent.user_id])).content.decode()


def test_half_or_more_to_wait_keeps_the_player_and_starts_a_new_count(clock, queued):
    game, absent, (a, b) = absent_in(clock)
    vote = ExpelVote.objects.get(game=game)
    cast_ballot(game, Actor.player(a.user), vote.pk, expel=False)  # one of two: expelling cannot win now
    vote.refresh_from_db()
    absent.refresh_from_db()
    assert vote.outcome == "kept" and absent.status == "playing" and absent.timeouts == 0


def test_a_player_votes_once_only_on_others_and_never_after_the_vote_is_over(clock, queued):
    game, absent, (a, b) = absent_in(clock)
    vote = ExpelVote.objects.get(game=game)
    cast_ballot(game, Actor.player(a.user), vote.pk, expel=True)
    with pytest.raises(actions.Invalid, match="voted already"):
        cast_ballot(game, Actor.player(a.user), vote.pk, expel=False)
    with pytest.raises(actions.NotAllowed, match="Only the other players"):
        cast_ballot(game, Actor.player(absent.user), vote.pk, expel=False)
    cast_ballot(game, Actor.player(b.user), vote.pk, expel=False)
    with pytest.raises(actions.NotInPlay, match="vote is over"):
        cast_ballot(game, Actor.player(b.user), vote.pk, expel=True)
    assert vote.ballots.count() == 2


def test_the_absent_players_own_move_voids_the_vote(clock, queued):
    game, absent, _ = absent_in(clock)
    while active_seat(game).pk != absent.pk:
        actions.apply_command(game, Actor.player(active_seat(game).user), "end")
    actions.apply_command(game, Actor.player(absent.user), "end")
    assert ExpelVote.objects.get(game=game).outcome == "void"


def test_a_game_that_only_ends_turns_opens_no_vote(clock, queued):
    game = started_game(players=2, clock={"hours": 1, "reminders": False})
    for _ in range(4):
        time_out(clock, game)
    assert not ExpelVote.objects.exists()


def test_a_player_who_loses_while_letting_the_clock_run_out_is_recorded_as_leaving(clock, queued):
    game, absent, (a, b) = absent_in(clock)
    actions.apply_command(game, Actor.player(a.user), "resign")
    actions.apply_command(game, Actor.player(b.user), "resign")  # the absent player "wins" by default...
    absent.refresh_from_db()
    game.refresh_from_db()
    assert game.status == "finished"
    assert absent.status == "won" and not absent.abandoned  # ...and a winner left nothing


def test_the_game_page_offers_the_vote_and_takes_a_ballot(clock, queued, client):
    game, absent, (a, b) = absent_in(clock)
    client.force_login(a.user)
    html = client.get(game.get_absolute_url()).content.decode()
    assert f"{absent.name} has let the clock run out 2 times in a row" in html
    vote = ExpelVote.objects.get(game=game)
    response = client.post(reverse("games:expel_vote", args=[game.pk]), {"vote": vote.pk, "choice": "expel"},
                           follow=True)
    assert messages_of(response) == ["Your vote is counted; the others have yet to vote."]
    assert "has let the clock run out" not in response.content.decode()


def test_no_ballot_is_cast_in_a_game_a_moderator_paused(clock, queued):
    from tests.web.factories import ModeratorFactory

    game, absent, (a, _b) = absent_in(clock)
    vote = ExpelVote.objects.get(seat=absent)
    actions.pause_game(game, Actor.moderator(ModeratorFactory(), "checking the timeouts"))
    with pytest.raises(actions.NotInPlay) as refused:
        cast_ballot(game, Actor.player(a.user), vote.pk, expel=True)
    assert refused.value.code == "paused" and not vote.ballots.exists()
