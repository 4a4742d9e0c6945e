"""What each reader may see (view.py): others' trophies, wrecks, orders and undeclared declarations, and
every deck's order, never leave the server in a view; a bot's state holds only what its seat knows, so
two games that differ only in what a seat cannot see give that seat's bot the same state."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.kinds.metal_adventures import commands
from games.kinds.metal_adventures.records import Travel
from games.kinds.metal_adventures.view import bot_state, view

from .helpers import A, B, C, given, play, random_states


def hidden_position():  # type: ignore[no-untyped-def]
    return given(3, seats={A: dict(trophies=("T01", "T09"), wrecks=("N05", "D14"),
                                   orders={"trophies": "manual"}),
                           B: dict(trophies=("T03",), wrecks=("N01",))})


def test_r55_a_view_shows_a_seat_its_own_cards_and_only_counts_of_the_others() -> None:
    state = hidden_position()
    mine = view(state, A)
    assert mine["seats"][A]["trophies"] == ["T01", "T09"] and mine["seats"][A]["wrecks"] == ["N05", "D14"]
    theirs = view(state, B)
    assert theirs["seats"][A]["trophies"] is None and theirs["seats"][A]["trophy_count"] == 2
    assert theirs["seats"][A]["wrecks"] is None and theirs["seats"][A]["wreck_count"] == 2
    assert theirs["seats"][A]["orders"] is None
    text = json.dumps(view(state, None))
    for secret in ("T01", "T09", "D14", "N05", "manual"):
        assert secret not in text


def test_a_view_gives_deck_counts_never_their_order() -> None:
    state = hidden_position()
    shown = view(state, None)
    assert shown["space_deck"] == {"blue": state.space_counts()[0], "red": state.space_counts()[1]}
    assert shown["trophy_deck"] == len(state.trophy_deck)
    assert shown["improvement_deck"] == len(state.improvement_deck)
    assert state.space_deck[0] not in json.dumps(shown)


def test_a_declaration_is_secret_until_its_step_closes() -> None:
    state = given(3, seats={B: dict(credits=3)}, karokum=("N05",))
    state, _ = play(state, A, "tribute")
    state, _ = play(state, A, "attack karokum N05")
    state, _ = play(state, A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "betray")
    assert view(state, B)["battle"]["declarations"][0]["loyal"] is False
    assert view(state, A)["battle"]["declarations"][0] == {"seat": B, "done": False, "hidden": True}
    assert bot_state(state, A).battle.declaration(B).loyal is None  # type: ignore[union-attr]
    state, _ = play(state, B, "mf no")
    assert view(state, A)["battle"]["declarations"][0]["loyal"] is False


def test_two_games_differing_only_in_hidden_cards_give_a_bot_the_same_state() -> None:
    state = hidden_position()
    # Swap A's trophy T01 with the Trophy deck's T11, and A's wreck D14 with a red card of the Space deck.
    deck = list(state.trophy_deck)
    deck[deck.index("T11")] = "T01"
    red = next(c for c in state.space_deck if c.startswith("D") and c[1:].isdigit())
    space = [("D14" if c == red else c) for c in state.space_deck]
    other = replace(state.with_seat(A, replace(state.seats[A], trophies=("T11", "T09"), wrecks=("N05", red))),
                    trophy_deck=tuple(deck), space_deck=tuple(space))
    assert bot_state(other, B) == bot_state(state, B)
    assert bot_state(other, A) != bot_state(state, A)


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(6))
def test_a_bot_state_gives_the_seat_exactly_its_legal_commands(seed: int) -> None:
    for state in random_states(seed, players=3 + seed % 4, steps=200)[::5]:
        for seat in range(state.players):
            assert commands.legal_commands(bot_state(state, seat), seat) == \
                commands.legal_commands(state, seat), (state.phase, seat)


@pytest.mark.random_games
def test_a_spectator_view_is_json_and_names_no_hidden_card_in_random_play() -> None:
    for state in random_states(7, players=4, steps=200)[::7]:
        for reader in (None, A, B, C):
            text = json.dumps(view(state, reader))
            for i, seat in enumerate(state.seats):
                if i == reader:
                    continue
                for card in (*seat.trophies, *seat.wrecks):
                    assert f'"{card}"' not in text or card in state.karokum_pile or card in state.out_of_game


def test_a_view_shows_a_trophy_an_offer_gives_to_its_sender_only_and_its_wrecks_to_both_parties() -> None:
    state = replace(given(3, phase="turn.travel", seats={A: dict(trophies=("T03",), wrecks=("N05",))}),
                    travel=Travel(battle_done=True))
    state, _ = play(state, A, "offer 2 give trophy T03 + wreck N05 get trophy")
    assert view(state, A)["offers"][0]["give"] == ["trophy T03", "wreck N05"]
    assert view(state, B)["offers"][0]["give"] == ["a trophy", "wreck N05"]
    assert view(state, C)["offers"][0]["give"] == ["a trophy", "a wreck"]
    assert view(state, B)["offers"][0]["get"] == ["trophy"]


def test_a_view_shows_a_promised_trophy_to_the_debtor_only() -> None:
    state = replace(given(3, phase="turn.travel", seats={A: dict(trophies=("T03",), wrecks=("N05",))}),
                    travel=Travel(battle_done=True))
    state, _ = play(state, A, "promise 2 trophy T03@next + wreck N05@next")
    assert view(state, A)["promises"][0]["items"] == ["trophy T03@next", "wreck N05@next"]
    assert view(state, B)["promises"][0]["items"] == ["a trophy@next", "wreck N05@next"]
    assert view(state, None)["promises"][0]["items"] == ["a trophy@next", "a wreck@next"]


def test_a_view_shows_an_asks_terms_trophies_to_the_principal_and_wrecks_to_the_seat_asked() -> None:
    state = given(3, seats={A: dict(trophies=("T03",), wrecks=("N05",))}, karokum=("N17",))
    for command in ("tribute", "attack karokum N17", "ally ask 2 for trophy T03 + wreck N05"):
        state, _ = play(state, A, command)
    assert view(state, A)["battle"]["asks"][0]["terms"] == ["trophy T03@win", "wreck N05@win"]
    assert view(state, B)["battle"]["asks"][0]["terms"] == ["a trophy@win", "wreck N05@win"]
    assert view(state, C)["battle"]["asks"][0]["terms"] == ["a trophy@win", "a wreck@win"]
