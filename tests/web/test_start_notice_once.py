"""One "it is your turn" mail per seat and turn, even when the start mail goes out late: after a quick
setup (every seat chose before the start mails were sent) or after bots played the first turns. Sent
through the site's SMTP backend to a real server on loopback (tests/conftest.py, smtp_sink)."""

from __future__ import annotations

from typing import Any

import pytest

from games import actions
from games.actions import Actor
from games.actions.bots import play_bots
from games.tasks import sweep_notifications
from tests.web.factories import UserFactory, active_seat, full_game

pytestmark = pytest.mark.django_db(transaction=True)


def _your_turn_mails(sink: Any, address: str) -> list[str]:
    return [str(m["Subject"]) for m in sink.to(address) if "it is your turn" in str(m["Subject"])]


def test_a_quick_setup_mails_the_first_player_one_turn_notice(smtp_sink, queued):
    game = full_game(players=2)  # dealt factions: every seat keeps or redraws, then turn 1
    for seat in game.seats.order_by("index"):  # all choose before any start mail went out
        actions.apply_command(game, Actor.player(seat.user), "keep")
    first = active_seat(game)

    sweep_notifications()

    assert _your_turn_mails(smtp_sink, first.user.email) == [f"MetalTalon game {game.pk}: it is your turn"]


def test_a_game_against_bots_mails_the_player_one_turn_notice_when_the_bots_played_first(
        smtp_sink, queued, live_dice, monkeypatch):
    monkeypatch.setattr("games.tasks.queue_bots", lambda game_id: None)  # the bots play below
    live_dice.seed(3)
    user = UserFactory()
    game = actions.play_against_bots(Actor.player(user), players=3, level="random",
                                     options={"faction_mode": "fixed"})
    assert active_seat(game).user_id is None, "the seed seats a bot first"
    play_bots(game.pk)  # before the start mail went out
    assert active_seat(game).user_id == user.pk

    sweep_notifications()

    assert len(_your_turn_mails(smtp_sink, user.email)) == 1
