"""A new player's first hour on a MetalTalon game page: how to win is on the page, in figures for the
viewer (engine/goal.py), and the counts people read are rounds (every seat has had a turn)."""

from __future__ import annotations

import html as html_lib
import re

import pytest

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
