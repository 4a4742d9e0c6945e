"""Ratings (docs/ratings.md): a rated game's human players are rated by openskill's Plackett-Luce model in
their order of finish, on the ladder of the game's edition at its player count and at every count; bots
and unrated games move nobody; the ratings always equal a recomputation from the record."""

from __future__ import annotations

import io
import math

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games import actions
from games.actions import Actor
from games.actions.ratings import recompute_all, settle
from games.models import Game, Ladder, Rating, RatingChange
from games.ratings import rate, score
from tests.web.factories import (
    ModeratorFactory,
    UserFactory,
    active_seat,
    finished_game,
    fresh,
    open_game,
    started_game,
)

pytestmark = pytest.mark.django_db


def ratings_of(players: int) -> dict[int, tuple[float, float, int]]:
    """{user id: (mu, sigma, games)} on the token edition's ladder at `players` (0: every count)."""
    ladder = Ladder.objects.get(kind="metaltalon", pool="token", players=players)
    return {r.user_id: (r.mu, r.sigma, r.games) for r in ladder.ratings.all()}


def resign_in_turn(game: Game, times: int) -> list[int]:
    """The seat to act resigns, `times` times: the users who resigned, first out first."""
    gone = []
    for _ in range(times):
        seat = active_seat(fresh(game))
        actions.apply_command(fresh(game), Actor.player(seat.user), "resign")
        gone.append(seat.user_id)
    return gone


def test_two_new_players_move_as_the_weng_lin_paper_says_the_winner_up_and_the_loser_down():
    # Plackett-Luce for two players on equal ratings (Weng and Lin 2011, Algorithm 4), worked by hand with
    # openskill's defaults: beta = 25/6, tau = 25/300 added to sigma first, gamma = sigma / c.
    sigma = math.sqrt((25 / 3) ** 2 + (25 / 300) ** 2)
    c = math.sqrt(2 * (sigma**2 + (25 / 6) ** 2))
    p = 0.5  # equal means: each wins with one half
    omega = sigma**2 / c * (1 - p)
    delta = (sigma / c) * sigma**2 / c**2 * p * (1 - p)
    (winner, loser) = rate([(25.0, 25 / 3), (25.0, 25 / 3)])
    assert winner[0] == pytest.approx(25 + omega) and loser[0] == pytest.approx(25 - omega)
    assert winner[1] == pytest.approx(sigma * math.sqrt(1 - delta)) == loser[1]
    assert score(*winner) > 0 > score(*loser)


def test_a_rated_two_player_game_rates_its_players_as_openskill_does_on_both_ladders():
    game, winner, loser = finished_game(turns=1)

    model = PlackettLuce()
    [[w], [lo]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    for players in (2, 0):
        got = ratings_of(players)
        assert got[winner.user_id] == (pytest.approx(w.mu), pytest.approx(w.sigma), 1)
        assert got[loser.user_id] == (pytest.approx(lo.mu), pytest.approx(lo.sigma), 1)
    change = RatingChange.objects.get(game=game, user=winner.user, ladder__players=2)
    assert (change.place, change.rated_players, change.score_before) == (1, 2, pytest.approx(0))
    assert change.score_after == pytest.approx(w.ordinal())
    assert Rating.objects.get(user=winner.user, ladder__players=0).wins == 1


def test_a_three_player_game_rates_the_winner_then_the_last_out_then_the_first_out():
    game = started_game(players=3)
    first_out, second_out = resign_in_turn(game, 2)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    winner = next(s.user_id for s in game.seats.all() if s.index == game.result["winner"])

    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 3])
    got = ratings_of(3)
    for user, [r] in zip((winner, second_out, first_out), expected, strict=True):
        assert got[user][:2] == (pytest.approx(r.mu), pytest.approx(r.sigma))
    assert set(ratings_of(0)) == {winner, second_out, first_out}


def test_players_a_result_ranks_together_are_rated_as_a_tie_not_in_the_order_they_are_listed():
    (first, second, third) = rate([(25.0, 25 / 3)] * 3, places=[1, 2, 2])
    assert second == pytest.approx(third) and first[0] > second[0]
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 2])
    assert [r[0] for r in (first, second, third)] == [pytest.approx(t[0].mu) for t in expected]
    with pytest.raises(ValueError, match="best first"):
        rate([(25.0, 25 / 3)] * 2, places=[2, 1])


def test_a_game_whose_result_shares_a_place_rates_the_tied_players_alike_and_gives_them_that_place():
    game = started_game(players=3)
    resign_in_turn(game, 2)
    game = fresh(game)
    game.result = {**game.result, "ranks": [1, 2, 2]}  # the two who left tie, as a tie-break may rule
    game.save(update_fields=["result"])
    recompute_all()
    winner, *tied = (next(s.user_id for s in game.seats.all() if s.index == i) for i in game.result["places"])
    got = ratings_of(3)
    assert got[tied[0]] == got[tied[1]] and got[winner][0] > got[tied[0]][0]
    places = dict(RatingChange.objects.filter(game=game, ladder__players=3).values_list("user_id", "place"))
    assert places == {winner: 1, tied[0]: 2, tied[1]: 2}


def test_ratings_carry_from_game_to_game_on_the_ladder_at_every_count():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    first = started_game(players=2, users=[alice, bob])
    resign_in_turn(first, 1)
    second = started_game(players=3, users=[alice, bob, carol])
    order = resign_in_turn(second, 2)

    before = {u: r[:2] for u, r in ratings_of(2).items()}
    new = (25.0, 25 / 3)
    finish = [next(u for u in (alice.pk, bob.pk, carol.pk) if u not in order), order[1], order[0]]
    expected = rate([before.get(u, new) for u in finish])
    got = ratings_of(0)
    for user, (mu, sigma) in zip(finish, expected, strict=True):
        assert got[user][:2] == (pytest.approx(mu), pytest.approx(sigma))
    assert got[alice.pk][2] == 2 and got[carol.pk][2] == 1
    assert ratings_of(2)[alice.pk][2] == 1  # the two-player ladder saw one game of hers


def test_an_unrated_game_rates_nobody():
    finished_game(rated=False)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_bots_are_not_rated_and_the_humans_are_rated_by_their_order_among_themselves(monkeypatch):
    monkeypatch.setattr("games.tasks.queue_bots", lambda game_id: None)
    alice, bob = UserFactory(), UserFactory()
    game = open_game(alice, players=3)
    actions.add_bot(game, Actor.player(alice), "random")
    actions.join_game(game, Actor.player(bob), invite_code=game.invite_code)
    assert fresh(game).rated and fresh(game).is_active
    for user in (alice, bob):  # resign is an anytime command: the bot is left, and wins
        actions.apply_command(fresh(game), Actor.player(user), "resign")
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.seats.get(index=game.result["winner"]).bot

    model = PlackettLuce()
    [[first], [second]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    got = ratings_of(3)
    assert set(got) == {alice.pk, bob.pk}  # no rating for the bot
    assert got[bob.pk][:2] == (pytest.approx(first.mu), pytest.approx(first.sigma))  # out last: ahead
    assert got[alice.pk][:2] == (pytest.approx(second.mu), pytest.approx(second.sigma))
    assert not Rating.objects.filter(wins__gt=0).exists()  # the bot won, no human did


def test_a_private_game_is_never_rated():
    game, _, _ = finished_game(visibility="private")
    assert not game.rated and not Rating.objects.exists()


def test_a_game_with_one_human_player_rates_nobody(monkeypatch):
    monkeypatch.setattr("games.tasks.queue_bots", lambda game_id: None)
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), players=2, level="random")
    seat = game.seats.get(user=user)
    actions.apply_command(fresh(game), Actor.player(user), "resign")
    assert fresh(game).status == Game.Status.FINISHED and fresh(seat).status == "resigned"
    assert not Rating.objects.exists()


def test_a_result_settled_after_a_later_one_rates_the_ladder_again_in_order_of_the_games_ends():
    alice, bob = UserFactory(), UserFactory()
    early = started_game(players=2, users=[alice, bob])
    resign_in_turn(early, 1)
    late = started_game(players=2, users=[alice, bob])
    resign_in_turn(late, 1)
    table = {players: ratings_of(players) for players in (2, 0)}
    # The early game's end reaches the ladders last, as when two games end in the same instant: the
    # ladders hold the late game alone, rated from fresh ratings.
    recompute_all()
    Game.objects.filter(pk=early.pk).update(status=Game.Status.ACTIVE)
    recompute_all()
    assert RatingChange.objects.filter(game=late, score_before=0).count() == 4
    Game.objects.filter(pk=early.pk).update(status=Game.Status.FINISHED)

    settle(fresh(early))

    assert {players: ratings_of(players) for players in (2, 0)} == table
    assert not RatingChange.objects.filter(game=late, score_before=0).exists()  # late now follows early
    assert list(RatingChange.objects.filter(ladder__players=0).values_list("game_id", flat=True)) == [
        early.pk, early.pk, late.pk, late.pk]


def test_recomputing_from_the_record_gives_the_same_table():
    users = [UserFactory() for _ in range(4)]
    for players, seated in ((2, users[:2]), (3, users[1:]), (2, users[2:]), (4, users)):
        resign_in_turn(started_game(players=players, users=seated), players - 1)
    finished_game(rated=False)
    table = {p: ratings_of(p) for p in (0, 2, 3, 4)}
    history = sorted(RatingChange.objects.values_list("ladder_id", "game_id", "user_id", "score_after"))

    out = io.StringIO()
    call_command("recompute_ratings", stdout=out)

    assert {p: ratings_of(p) for p in (0, 2, 3, 4)} == table
    after = sorted(RatingChange.objects.values_list("ladder_id", "game_id", "user_id", "score_after"))
    assert after == history
    assert "Token edition (000), every player count: 4 players rated, 4 games" in out.getvalue()


def test_a_finished_game_rolled_back_into_play_leaves_the_ladders_and_ending_again_rates_it_once():
    game, winner, loser = finished_game(turns=1)
    moderator = ModeratorFactory()
    before_resign = game.actions.order_by("-seq")[1].seq

    actions.rollback_game(game, Actor.moderator(moderator, "resigned by mistake"), before_resign)
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()

    actions.apply_command(fresh(game), Actor.player(winner.user), "resign")  # the other seat resigns now
    assert RatingChange.objects.filter(game=game).count() == 4
    assert Rating.objects.get(user=loser.user, ladder__players=2).wins == 1
