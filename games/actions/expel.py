"""Expelling an absent player (docs/clock.md), in a game whose clock says "after N timeouts the others may
vote": after the seat's N-th timeout in a row a vote opens; each other player still in votes to expel or
keep waiting; a majority to expel takes the seat out as if eliminated (the kind's leave_commands, played by
the system with the reason), a half or more to wait closes the vote and starts a new count. The absent
player's own next command voids the vote.

A player who left a game this way, or lost it while still letting their clock run out, is recorded as
having abandoned it (Seat.abandoned; their public page counts it).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.actions.actor import Actor
from games.actions.errors import Invalid, NotAllowed, NotInPlay
from games.clock.rules import VOTE
from games.models import ExpelBallot, ExpelVote, Game, Notice, Seat
from games.queries import with_seats

IN = (Seat.Status.PLAYING,)


def voters(game: Game, absent: Seat) -> list[Seat]:
    """The players who vote on `absent`: every other seat still in, held by a person."""
    return list(game.seats.filter(status__in=IN, user__isnull=False).exclude(pk=absent.pk).order_by("index"))


def maybe_open_vote(game: Game, seat: Seat) -> ExpelVote | None:
    """After a timeout (under the game's row lock): open a vote if the clock says so and the run is long
    enough, unless one is open already. The voters get an in-site notice."""
    rules = game.clock_rules
    if rules.on_timeout != VOTE:
        return None
    seat.refresh_from_db(fields=["timeouts", "status"])
    if seat.timeouts < rules.expel_after or seat.status not in IN:
        return None
    if ExpelVote.objects.filter(seat=seat, closed_at=None).exists():
        return None
    electors = voters(game, seat)
    if not electors:
        return None
    vote = ExpelVote.objects.create(game=game, seat=seat)
    for voter in electors:
        Notice.objects.create(user_id=voter.user_id, game=game, kind=Notice.Kind.TURN,
                              text=f"{seat.name} has let the clock run out {seat.timeouts} times in a row in "
                                   f"game {game.pk}: vote on the game page to expel them or keep waiting.")
    return vote


def open_vote_for(game: Game, user_id: Any) -> ExpelVote | None:
    """The open vote this player may still cast a ballot in, if any (the game page asks)."""
    seats = list(with_seats(game).seats.all())
    mine = next((s for s in seats if s.user_id == user_id and s.status in IN), None)
    if mine is None:
        return None
    # A vote is opened on a seat's run of timeouts and closed by whatever ends the run (its player's own
    # command, a new player, the vote's outcome), so with no run among the others there is none to find.
    if not any(s.timeouts for s in seats if s.pk != mine.pk):
        return None
    vote = (ExpelVote.objects.filter(game=game, closed_at=None).exclude(seat=mine)
            .exclude(ballots__voter=mine).select_related("seat__user__profile").first())
    return vote


def cast_ballot(game: Game, actor: Actor, vote_id: int, expel: bool) -> ExpelVote:
    """One player's ballot; the vote closes as soon as its outcome is certain."""
    from games.actions.commands import apply_command
    from games.actions.common import check_not_paused, kind_of, locked

    user = actor.require_player()
    with transaction.atomic():
        game = locked(game)
        vote = (ExpelVote.objects.select_for_update().filter(pk=vote_id, game=game).select_related("seat")
                .first())
        if vote is None or vote.closed_at is not None:
            raise NotInPlay("This vote is over.", code="vote_over")
        if not game.is_active:
            raise NotInPlay("This game is not in play.")
        check_not_paused(game)
        absent = vote.seat
        electors = voters(game, absent)
        mine = next((s for s in electors if s.user_id == user.pk), None)
        if mine is None:
            raise NotAllowed("Only the other players still in the game vote.", code="not_a_voter")
        try:
            with transaction.atomic():
                ExpelBallot.objects.create(vote=vote, voter=mine, expel=expel)
        except IntegrityError:
            raise Invalid("You have voted already.", code="duplicate") from None
        ballots = list(vote.ballots.values_list("expel", flat=True))
        if 2 * ballots.count(True) > len(electors):
            _close(vote, ExpelVote.Outcome.EXPELLED)
            Seat.objects.filter(pk=absent.pk).update(abandoned=True)
            kind = kind_of(game)
            assert absent.index is not None
            leave = kind.leave_commands(kind.load(game.state), absent.index)
            reason = f"expelled by the other players' vote after {game.clock_rules.expel_after} timeouts"
            apply_command(game, Actor.system(reason), "\n".join(leave), seat=absent.index)
        elif 2 * ballots.count(False) >= len(electors):
            _close(vote, ExpelVote.Outcome.KEPT)
            Seat.objects.filter(pk=absent.pk).update(timeouts=0)  # a new run before another vote
    return vote


def _close(vote: ExpelVote, outcome: str) -> None:
    vote.closed_at, vote.outcome = timezone.now(), outcome
    vote.save(update_fields=["closed_at", "outcome"])


def void_votes(game: Game, seat_index: int | None = None) -> None:
    """The absent player came back (their own command), or the game ended: their open votes are void."""
    votes = ExpelVote.objects.filter(game=game, closed_at=None)
    if seat_index is not None:
        votes = votes.filter(seat__index=seat_index)
    votes.update(closed_at=timezone.now(), outcome=ExpelVote.Outcome.VOID)


def record_abandoned(game: Game) -> None:
    """At the game's end: a seat that lost while in a run of timeouts long enough for a vote abandoned it."""
    run = game.clock_rules.expel_after
    game.seats.filter(timeouts__gte=run).exclude(status=Seat.Status.WON).update(abandoned=True)
