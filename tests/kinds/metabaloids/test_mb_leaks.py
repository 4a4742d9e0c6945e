"""No hidden card reaches a reader who may not see it (rules.md, "Hidden information"), over random
games: no view holds a card id or another seat's hand, and the narration of each action names the cards
a seat drew to that seat alone (view.py, narration.py)."""

from __future__ import annotations

import json
import re

import pytest

from games.kinds.metabaloids.cards import card
from games.kinds.metabaloids.narration import narrate
from games.kinds.metabaloids.state import OVER, code_of
from games.kinds.metabaloids.view import view
from tests.kinds.metabaloids.random_games import random_game

CARD_ID = re.compile(r"p\d+-[a-z]+-\d+")
NAMES = ["Ann", "Ben", "Cy", "Dee"]
SEEDS = range(8)


def games():  # type: ignore[no-untyped-def]
    for seed in SEEDS:
        yield from random_game(100 + seed, players=2 + seed % 3, quick=seed % 2 == 1, limit=250)


@pytest.mark.random_games
def test_no_view_holds_a_card_id_or_another_seats_hand() -> None:
    checked = 0
    for step in games():
        state = step.after
        if not state.seats:
            continue
        for reader in [*range(len(state.seats)), None]:
            data = view(state, reader)
            assert CARD_ID.search(json.dumps(data)) is None
            for seat in data["seats"]:
                mine = reader is not None and seat["lobby"] == reader
                if not mine and state.phase != OVER:
                    assert seat["hand"] is None and seat["orders"] is None and seat["queue"] is None
            checked += 1
    assert checked > 1000


@pytest.mark.random_games
def test_the_narration_names_drawn_cards_to_their_owner_alone() -> None:
    hidden_draws = 0
    for step in games():
        state = step.after
        if not state.seats or state.phase == OVER:
            continue
        for reader in [*range(len(state.seats)), None]:
            told = narrate(state, step.seat, step.command, step.events, reader, NAMES)
            text = "\n".join(told.lines)
            assert CARD_ID.search(text) is None
            label = state.label(reader) if reader is not None else None
            for event in step.events:
                if event["type"] != "drew" or event["seat"] == label:
                    continue
                hidden_draws += 1
                # The count form: the sentence stops before any card is named.
                lines = [line for line in told.lines
                         if f"(p{event['seat']}) drew " in line and "bonus card" not in line]
                assert lines and all(not line.rstrip(".").split("drew", 1)[1].count(":") for line in lines)
                for drawn in event["cards"]:
                    name = card(code_of(drawn)).name
                    assert all(name not in line for line in lines)
    assert hidden_draws > 100
