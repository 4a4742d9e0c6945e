"""The platform's words that depend on the game come from the kind (games.kinds.Words: docs/architecture.md,
"Kinds"): a race game, which has no factions, ships or dice barrier, reads neutral words and none of
MetalTalon's; MetalTalon's pages and mails keep its own."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.actions import Actor
from games.dice import new_dice
from games.kinds import get_kind
from games.kinds.protocol import turn_prompts
from games.kinds.race.kind import RaceKind
from games.mail.inbound import receive_mail
from games.mail.outbound import compose
from games.models import ExpelVote, Game, Notification
from tests.mail.helpers import reply
from tests.web.factories import UserFactory, active_seat, finished_game, started_game

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


def in_setup(game: Game) -> Game:
    """The game as it stands while its kind's setup phase runs (the race has none; a card game will)."""
    game.status = Game.Status.SETUP
    game.save()
    return game


def turn_mail_subject(game: Game) -> str:
    seat = active_seat(game)
    kind = get_kind(game.kind)
    row = Notification.objects.create(game=game, user=seat.user, seat=seat, kind=Notification.Kind.TURN,
                                      key=kind.turn(kind.load(game.state)), prompt=seat.prompt)
    mail = compose(row)
    assert mail is not None
    return str(mail.subject)


def test_a_race_game_being_set_up_is_setting_up_not_choosing_factions():
    game = in_setup(started_game(players=2, kind="race", visibility="public"))

    html = page(reverse("player", args=[active_seat(game).user.pk]))

    assert game.get_status_display() == "Setting up" and "<td>Setting up" in html
    assert "faction" not in html.lower()


def test_a_kind_without_setup_words_asks_its_seats_in_setup_for_their_choice_not_factions():
    class InSetup(RaceKind):  # the race has no setup phase: this one is in it, and declares no words
        def phase(self, state: Any) -> str:
            return "setup"

    kind = InSetup()
    state = kind.new_state(kind.default_options(), 2, new_dice())

    (prompt,) = turn_prompts(kind, state)

    assert prompt.text == "your choice before play starts" and prompt.own_turn
    assert prompt.key == str(kind.turn(state))


def test_a_metaltalon_game_being_set_up_is_still_choosing_factions():
    game = started_game(players=2, keep=False, visibility="public")
    assert game.status == Game.Status.SETUP

    html = page(reverse("player", args=[active_seat(game).user.pk]))

    assert game.get_status_display() == "Choosing factions" and "<td>Choosing factions" in html
    assert turn_mail_subject(game) == f"MetalTalon game {game.pk}: choose before play starts"


CARDS_MODULE = "kind_with_its_own_bot_words_made_by_a_test"


@pytest.fixture
def cards(settings, monkeypatch):
    """A kind in no file of the site (tests/kinds/test_registry.py), with a greedy bot of its own."""
    cls = type("CardsKind", (RaceKind,), {"name": "cards", "title": "Cards",
                                          "bot_levels": ("random", "greedy"),
                                          "bot_hints": {"greedy": "plays its highest card"}})
    module = types.ModuleType(CARDS_MODULE)
    module.KIND = cls()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, CARDS_MODULE, module)
    settings.GAME_KINDS = {**settings.GAME_KINDS, "cards": f"{CARDS_MODULE}.KIND"}
    settings.OFFERED_GAME_KINDS = ["metaltalon", "race", "cards"]


def new_game_page(kind: str) -> str:
    client = Client()
    client.force_login(UserFactory())
    return client.get(reverse("games:new"), {"kind": kind}).content.decode()


@pytest.mark.usefixtures("cards")
def test_a_kinds_bot_levels_are_offered_with_its_own_words_and_none_of_metaltalons():
    html = new_game_page("cards")

    assert "Bots: Greedy bot (plays its highest card)" in html
    assert "Bots: Random bot (any legal move)" in html
    assert "the best move it sees now" not in html and "looks ahead" not in html


@pytest.mark.usefixtures("cards")
def test_metaltalons_bot_levels_are_still_offered_with_its_words():
    html = new_game_page("metaltalon")

    assert "Bots: Greedy bot (the best move it sees now)" in html
    assert "Bots: Search bot (looks ahead over its turn and the replies: the strongest)" in html
