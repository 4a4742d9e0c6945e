"""The game page's context (page.py) for every reader on every state of random games: it is built
without error, names no card the reader may not see, and offers exactly the reader's legal commands as
buttons."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from games.kinds.metal_adventures import commands, page
from games.kinds.protocol import PageInput

from .helpers import random_states


def context(state, seat):  # type: ignore[no-untyped-def]
    names = [f"P{i + 1}" for i in range(state.players)]
    return page.page_context(PageInput(game=SimpleNamespace(pk=1, version=1), state=state, seat=seat,
                                       names=names, query={}, undo_ok=False))


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(4))
def test_every_reader_gets_a_page_on_every_state_of_a_random_game(seed: int) -> None:
    for state in random_states(300 + seed, players=3 + seed, steps=600):
        for reader in (None, *range(state.players)):
            shown = context(state, reader)
            buttons = [b["command"] for row in shown["groups"] for b in row["buttons"]]
            assert sorted(buttons) == sorted(commands.legal_commands(state, reader) if reader is not None
                                             else [])
            text = json.dumps(shown, default=str)
            for other, seat in enumerate(state.seats):
                if other == reader:
                    continue
                for card in seat.trophies:
                    assert f'"{card}"' not in text, (state.phase, reader, card)


@pytest.mark.parametrize(("declared", "words"), [
    ({}, "nothing declared yet"),
    ({"mf": True}, "Metal Faktor die"),
    ({"loyal": True, "mf": False}, "loyal · no Metal Faktor die"),
    ({"loyal": False, "mf": True}, "betrays · Metal Faktor die"),
    ({"mf": False, "play": ["S02"], "arm": ["S01", "S04"]},
     "no Metal Faktor die · plays Berserker Grog · armed CAPTAIN JONES · armed Smoke Screen"),
])
def test_a_shown_declaration_reads_as_words_and_an_empty_one_says_so(declared: dict[str, object],
                                                                    words: str) -> None:
    assert page._declaration_words(declared) == words
