"""What each reader may see (view.py): others' trophies, wrecks, orders and undeclared declarations, and
every deck's order, never leave the server in a view; a bot's state holds only what its seat knows, so
two games that differ only in what a seat cannot see give that seat's bot the same state."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.kinds.metal_adventures import cards, commands
from games.kinds.metal_adventures.battle_state import ALLY_STEP, ATTACKER_STEP, Battle, Declaration
from games.kinds.metal_adventures.records import Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.metal_adventures.view import bot_state, public_declaration, view

from .helpers import A, B, C, dealt, given, play, random_states


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


def test_a_view_names_every_public_figure_of_a_seat_and_of_the_table() -> None:
    state = given(3, seats={A: dict(credits=7, damage=2, glory=3, jp=1, mf=4, improvements=("E06",),
                                    trophies=("T01",), wrecks=("N05",), orders={"trophies": "manual"},
                                    revealed_this_turn=True, took_jp_this_turn=True)})
    state = state.with_seat(A, replace(state.seats[A], accusations=(C,), out=True, perk_used=True))
    seat = state.seats[A]
    shown = view(state, B)
    assert shown["seats"][A] == {
        "base": seat.base, "credits": 7, "power": seat.power, "damage": 2, "glory": 3, "jp": 1, "mf": 4,
        "improvements": ["E06"], "trophies": None, "trophy_count": 1, "wrecks": None, "wreck_count": 1,
        "orders": None, "revealed_this_turn": True, "took_jp_this_turn": True, "accusations": [C],
        "out": True, "perk_used": True}
    assert seat.power == 12  # 8 and E06's 4
    assert shown["bank"] == state.bank and shown["pot"] == state.pot


def test_a_view_shows_the_choices_waiting_hiding_the_cards_a_trophy_choice_holds_for_another_seat() -> None:
    state = given(3, seats={A: dict(damage=2, trophies=("T03", "T05"))}, trophy_top=("T09", "T12"))
    state, _ = play(state, A, "rest")
    state, _ = play(state, A, "swap T05")
    choice = state.choices[0]
    assert view(state, A)["choices"] == [choice.to_dict()] and choice.cards
    assert view(state, B)["choices"] == [{**choice.to_dict(), "cards": None}]


def test_a_declaration_done_stays_secret_while_another_seat_of_its_step_still_declares() -> None:
    ally_step = Battle(kind="space", attacker=A, target="N05", allies=(B, C), step=ALLY_STEP,
                       declarations=(Declaration(B, loyal=False, mf=True, done=True), Declaration(C)))
    assert not public_declaration(ally_step, ally_step.declarations[0], A)
    assert public_declaration(ally_step, ally_step.declarations[0], B)
    attacker_step = replace(ally_step, step=ATTACKER_STEP)
    assert public_declaration(attacker_step, attacker_step.declarations[0], A)


def test_a_bot_state_keeps_its_own_deal_as_dealt_and_puts_the_others_deals_in_id_order() -> None:
    state = dealt(3, seed=0)
    assert state.dealt[B] != tuple(sorted(state.dealt[B])) and state.dealt[C] != tuple(sorted(state.dealt[C]))
    known = bot_state(state, B)
    assert known.dealt[B] == state.dealt[B]
    assert known.dealt[C] == tuple(sorted(state.dealt[C])) and known.dealt[A] == tuple(sorted(state.dealt[A]))


def test_a_bot_state_keeps_the_space_decks_colours_and_deals_no_event_as_a_wreck() -> None:
    state = hidden_position()
    assert any(cards.is_blue(w) for w in state.seats[A].wrecks)
    assert any(not cards.is_blue(w) for w in state.seats[A].wrecks)
    for seat in (B, C):
        known = bot_state(state, seat)
        assert known.space_counts() == state.space_counts()
        assert [len(s.wrecks) for s in known.seats] == [len(s.wrecks) for s in state.seats]
        assert all(w in cards.STARSHIPS for s in known.seats for w in s.wrecks)
        assert {c for c in known.space_deck if c not in cards.STARSHIPS} == \
            {c for c in state.space_deck if c not in cards.STARSHIPS}


def test_a_bot_state_keeps_an_offers_hidden_items_for_its_parties_and_drops_them_for_the_others() -> None:
    state = replace(given(3, phase="turn.travel", seats={A: dict(trophies=("T03",), wrecks=("N05",))}),
                    travel=Travel(battle_done=True))
    state, _ = play(state, A, "offer 2 give trophy T03 + wreck N05 + 1c get trophy + 2c")
    offer = state.offers[0]
    for party in (A, B):
        assert bot_state(state, party).offers[0] == offer
    outside = bot_state(state, C).offers[0]
    assert [i.kind for i in outside.give] == ["credits"] and [i.kind for i in outside.get] == ["credits"]


def swapping() -> GameState:
    """Seat 1 rested and swapped T05: it keeps one of the two trophies drawn (T09, T12), a choice."""
    state = given(3, seats={A: dict(damage=2, trophies=("T03", "T05"))}, trophy_top=("T09", "T12"))
    state, _ = play(state, A, "rest")
    state, _ = play(state, A, "swap T05")
    assert state.choices[0].kind == "trophy" and state.choices[0].cards == ("T09", "T12")
    return state


def every_trophy(state: GameState) -> list[str]:
    return sorted([*state.trophy_deck, *(t for s in state.seats for t in s.trophies),
                   *(t for ch in state.choices if ch.kind == "trophy" for t in ch.cards)])


def test_a_bot_state_deals_the_trophies_another_seats_choice_holds_back_canonically_each_card_once() -> None:
    state = swapping()
    assert bot_state(state, A).choices == state.choices  # its own choice: the cards it looks at
    known = bot_state(state, B)
    assert every_trophy(known) == every_trophy(state) == sorted(cards.TROPHIES)
    assert len(known.choices[0].cards) == 2 and len(known.trophy_deck) == len(state.trophy_deck)
    # Had seat 1 drawn two other trophies, seat 2's bot would know the same.
    deck = list(state.trophy_deck)
    other_two = deck[-2:]
    deck[-2:] = ["T09", "T12"]
    other = replace(state, trophy_deck=tuple(deck),
                    choices=(replace(state.choices[0], cards=tuple(other_two)),))
    assert every_trophy(other) == every_trophy(state)
    assert bot_state(other, B) == known


def test_a_view_names_every_field_of_the_table() -> None:
    state = given(3, karokum=("N05", "N17"), bazaar=("S03",), out=("N01",), pot=2)
    shown = view(state, B)
    blue, red = state.space_counts()
    table = {key: value for key, value in shown.items()
             if key not in ("seats", "options", "treasuries", "travel", "dealt")}
    assert table == {
        "seat": B, "phase": "turn.start", "turn": 1, "active": A, "space_deck": {"blue": blue, "red": red},
        "space_area": [], "pot": 2, "trophy_deck": len(state.trophy_deck),
        "improvement_deck": len(state.improvement_deck), "ocg_row": list(state.ocg_row),
        "bazaar_pile": ["S03"], "karokum_pile": ["N05", "N17"], "out_of_game": ["N01"], "bank": state.bank,
        "chosen": [True, True, True], "battle": None, "event_applied_this_turn": False,
        "turn_done": list(state.turn_done), "choices": [], "deeds": [], "promises": [], "offers": [],
        "cases": []}
    assert shown["options"] == state.options.to_dict() and shown["travel"] == state.travel.to_dict()
    assert shown["treasuries"] == state.treasuries.to_dict() and len(shown["seats"]) == 3


@pytest.mark.parametrize("outside", [-1, 3, 7])
def test_a_seat_number_outside_the_table_sees_what_a_spectator_sees(outside: int) -> None:
    state = dealt(3, seed=0)  # at setup each seat is dealt three trophies, seen by that seat alone
    assert view(state, outside) == view(state, None)
    assert view(state, None)["seat"] is None and view(state, None)["dealt"] is None
