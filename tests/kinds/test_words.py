"""The platform's words that depend on the game come from the kind (games.kinds.Words: docs/architecture.md,
"Kinds"): a race game, which has no factions, ships or dice barrier, reads neutral words and none of
MetalTalon's; MetalTalon's pages and mails keep its own."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.mail.inbound import receive_mail
from games.models import ExpelVote, Game
from tests.mail.helpers import reply
from tests.web.factories import active_seat, finished_game, started_game

pytestmark = pytest.mark.django_db


def page(url: str) -> str:
    return Client().get(url).content.decode()


def test_the_archive_of_race_games_searches_by_role_not_faction(settings):
    settings.OFFERED_GAME_KINDS = ["race"]
    finished_game(kind="race", visibility="public")

    html = page(reverse("games:archive"))

    assert "Role" in html and "search by player, rules, role or" in html
    assert "Faction" not in html and "faction or" not in html  # the words; the query keeps its name


def test_the_archive_of_metaltalon_games_still_searches_by_faction(settings):
    settings.OFFERED_GAME_KINDS = ["metaltalon"]

    html = page(reverse("games:archive"))

    assert "search by player, rules, faction or" in html and ">Faction:<" in html


def test_a_players_page_names_a_race_seats_labels_roles_and_metaltalons_factions():
    race, _, loser = finished_game(kind="race", visibility="public")
    loser.faction = "runner"  # a label the race kind's seats would carry
    loser.save()
    metaltalon, _, _ = finished_game(users=[loser.user], visibility="public")
    assert metaltalon.kind == "metaltalon" and race.status == Game.Status.FINISHED
    label = metaltalon.seats.get(user=loser.user).faction

    html = page(reverse("player", args=[loser.user.pk]))

    assert "Roles played: Runner 1." in html
    assert f"Factions played: {label.capitalize()} 1." in html


def expel_question(game: Game) -> str:
    """The vote on an absent seat, as another player reads it on the game page."""
    absent, other = game.seats.order_by("index")
    absent.timeouts = 2
    absent.save()
    ExpelVote.objects.create(game=game, seat=absent)
    client = Client()
    client.force_login(other.user)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    return html[html.index('id="vote-title"'):html.index("Keep waiting")]


def test_the_vote_to_expel_a_race_player_says_they_leave_the_game_not_that_ships_go_to_the_bank():
    question = expel_question(started_game(players=2, kind="race"))

    assert "Expel them (they leave the game, as if eliminated), or keep waiting?" in question
    assert "ships" not in question and "bank" not in question


def test_the_vote_to_expel_a_metaltalon_player_still_sends_their_ships_to_the_bank():
    question = expel_question(started_game(players=2))

    assert "Expel them (their ships go to the bank, as if eliminated), or keep waiting?" in question


def test_undo_with_nothing_to_take_back_in_a_race_names_no_die_roll():
    game = started_game(players=2, kind="race")

    with pytest.raises(actions.NothingToUndo) as refused:
        actions.undo(game, Actor.player(active_seat(game).user))

    assert str(refused.value) == ("Nothing to take back: no move of yours this turn since the last move that "
                                  "cannot be taken back.")


def test_undo_with_nothing_to_take_back_in_metaltalon_still_names_the_die_roll():
    game = started_game(players=2)

    with pytest.raises(actions.NothingToUndo, match="this turn since the last die roll.$"):
        actions.undo(game, Actor.player(active_seat(game).user))


def help_answer(game: Game, mailoutbox: list[Any], on_commit: Any) -> str:
    """The answer to a mailed "help" from the seat to act, in plain text."""
    seat = active_seat(game)
    mailoutbox.clear()
    with on_commit(execute=True):
        receive_mail(reply(seat, "help"))
    (answer,) = [m for m in mailoutbox if seat.user.email in m.to]
    return str(answer.body)


@pytest.mark.usefixtures("celery_eager")
def test_the_mailed_help_of_a_race_says_undo_takes_back_moves_since_one_that_cannot_be(
        mailoutbox, django_capture_on_commit_callbacks):
    text = help_answer(started_game(players=2, kind="race"), mailoutbox, django_capture_on_commit_callbacks)

    assert "take back your moves of this turn since the last move that cannot be taken back" in text
    assert "since the last roll" not in text and "die roll" not in text


@pytest.mark.usefixtures("celery_eager")
def test_the_mailed_help_of_metaltalon_says_undo_takes_back_moves_since_the_die_roll(
        mailoutbox, django_capture_on_commit_callbacks):
    text = help_answer(started_game(players=2), mailoutbox, django_capture_on_commit_callbacks)

    assert "take back your moves of this turn since the last die roll" in text
