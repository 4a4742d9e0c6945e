"""A new player's first hour on a MetalTalon game page: how to win is on the page, in figures for the
viewer (engine/goal.py), and the counts people read are rounds (every seat has had a turn)."""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from games.kinds import get_kind, shown_turn, words
from tests.kinds.metaltalon.engine.helpers import position
from tests.web.factories import put, started_game

pytestmark = pytest.mark.django_db


def text_of(content: bytes) -> str:
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", content.decode())))


def test_the_game_page_shows_the_goal_and_what_each_rival_still_has_to_lose(client):
    game = started_game(players=3)
    state = position(players=3, factions=("warriors", "rebels", "bankers"), reserves=(10, 0, 14),
                     ships=((0, "H9", (1, 0, 0)),))
    put(game, state)
    viewer = game.seats.get(index=0).user
    client.force_login(viewer)

    page = text_of(client.get(f"/games/{game.pk}/").content)

    assert "How to win" in page
    assert "Be the last player in." in page
    rebels, bankers = game.seats.get(index=1), game.seats.get(index=2)
    assert (f"{rebels.name} (Rebels): reserve empty: land 3 ships on {state.seats[1].home} to put them out."
            in page)
    assert (f"{bankers.name} (Bankers): reserve 14 credits to shoot away, then land 1 ship on "
            f"{state.seats[2].home}." in page)


def test_the_48th_turn_of_two_players_reads_round_24_in_the_title_banner_and_players_panel(client):
    game = started_game(players=2)
    state = position(players=2)
    put(game, replace(state, turn=48, active=1, rounds=tuple(range(1, 48, 2))))
    client.force_login(game.seats.get(index=0).user)

    html = client.get(f"/games/{game.pk}/").content.decode()

    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    assert f"Game {game.pk} · round 24 · MetalTalon" in title
    page = text_of(html.encode())
    assert "Round 24: " in page and "· round 24" in page
    assert "turn 48" not in page.lower()


def test_each_kind_says_the_unit_its_count_is_in():
    assert words("metaltalon").turn_unit == "round"
    assert words("metal-adventures").turn_unit == "turn"  # it counts its own turns
    race = get_kind("race")
    state = SimpleNamespace()
    assert shown_turn(race, state, 7) == 7  # a kind that says nothing: its turn number as it is
    assert shown_turn(get_kind("metaltalon"), replace(position(players=2), rounds=(1, 3, 5)), 4) == 2
