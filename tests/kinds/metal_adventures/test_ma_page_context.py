"""The game page's context (page.py) for every reader on every state of random games: it is built
without error, names no card the reader may not see, and offers exactly the reader's legal commands as
buttons; and, position by position, the words the page puts beside them: buttons that say what an offer or
a promise number is, one button where two commands mean the same, the seats one may ask for help, deals
by the players' names, a battle's score term by term, and the last battle after it is over."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import pytest

from games.kinds.metal_adventures import cards, commands, page
from games.kinds.protocol import LoggedAction, PageInput

from .helpers import A, B, C, ScriptedDice, given, play, random_states

NAMES = ["Ann", "Bob", "Cy", "Di"]


def context(state, seat, names=None, recent=()):  # type: ignore[no-untyped-def]
    names = names or [f"P{i + 1}" for i in range(state.players)]
    return page.page_context(PageInput(game=SimpleNamespace(pk=1, version=1), state=state, seat=seat,
                                       names=names, query={}, undo_ok=False, recent=recent))


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(4))
def test_every_reader_gets_a_page_on_every_state_of_a_random_game(seed: int) -> None:
    for state in random_states(300 + seed, players=3 + seed, steps=600):
        for reader in (None, *range(state.players)):
            shown = context(state, reader)
            buttons = [b["command"] for row in shown["groups"] for b in row["buttons"]]
            legal = commands.legal_commands(state, reader) if reader is not None else []
            # One button per legal command, but `ally accept 2` where `ally accept` says the same.
            same = {c for c in legal if c.split()[:2] in (["ally", "accept"], ["ally", "decline"])
                    and len(c.split()) == 3 and " ".join(c.split()[:2]) in legal}
            assert sorted(buttons) == sorted(set(legal) - same)
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


@pytest.mark.parametrize(("command", "words"), [
    ("keep P16", "Keep promise P16"), ("break P2", "Break promise P2"), ("accept O3", "Accept offer O3"),
    ("decline O3", "Decline offer O3"), ("withdraw O1", "Withdraw offer O1"),
    ("challenge 2", "Challenge Bob"), ("buy E01", f"Buy {cards.NAMES['E01']} for 2₡"),
    ("attack planet exxalia", "Attack the planet Exxalia"),
    ("attack planet bazaar", "Attack the planet Bazaar"),
])
def test_a_button_says_what_its_command_names_in_words(command: str, words: str) -> None:
    assert page.label(command, NAMES) == words


def test_the_banner_waits_only_for_seats_other_than_the_one_playing() -> None:
    state = given(3)
    assert context(state, B, NAMES[:3])["awaited_others"] == []  # "Ann is playing.", not "waiting for Ann"
    for seat, command in ((A, "tribute"), (A, "challenge 2"), (A, "ally ask 3"), (A, "ready")):
        state, _ = play(state, seat, command)
    assert context(state, A, NAMES[:3])["awaited_others"] == [
        NAMES[i] for i in commands.to_act(state) if i != state.active]
    assert context(state, A, NAMES[:3])["awaited_others"]  # Bob or Cy is asked out of turn


def test_one_side_asking_shows_one_accept_button_though_both_forms_stay_legal() -> None:
    state = given(3, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally ask 2")):
        state, _ = play(state, seat, command)
    legal = commands.legal_commands(state, B)
    assert "ally accept" in legal and "ally accept 1" in legal
    buttons = [b["command"] for row in context(state, B, NAMES[:3])["groups"] for b in row["buttons"]]
    assert "ally accept" in buttons and "ally decline" in buttons
    assert "ally accept 1" not in buttons and "ally decline 1" not in buttons


def test_both_sides_asking_shows_a_button_per_side() -> None:
    state = given(3)
    for seat, command in ((A, "tribute"), (A, "challenge 2"), (A, "ally ask 3"), (A, "ready"),
                          (B, "ally ask 3")):
        state, _ = play(state, seat, command)
    buttons = [b["label"] for row in context(state, C, NAMES[:3])["groups"] for b in row["buttons"]]
    assert {"Join Ann's side", "Join Bob's side", "Decline Ann's ask", "Decline Bob's ask"} <= set(buttons)


def test_a_challenged_seat_may_ask_for_help_only_from_seats_outside_the_battle() -> None:
    state = given(4)
    for seat, command in ((A, "tribute"), (A, "challenge 2")):
        state, _ = play(state, seat, command)
    shown = context(state, B, NAMES)
    assert shown["ask_choices"] == [(3, "Cy"), (4, "Di")]
    assert (1, "Ann") in shown["seat_choices"]  # a trade may still go to the challenger


def test_offers_and_promises_read_with_the_players_names_and_amounts_in_credits() -> None:
    state, _ = play(given(3), A, "tribute")
    state, _ = play(state, A, "offer 2 give 2c get nothing")
    state, _ = play(state, A, "promise 3 1c@next")
    assert context(state, C, NAMES[:3])["deals"] == [
        "O1: Ann offers Bob 2₡ for nothing", "P1: Ann owes Cy 1₡, at the end of their next turn"]


def test_the_battle_panel_explains_each_sides_score_term_by_term() -> None:
    state = given(3, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05")):
        state, _ = play(state, seat, command)
    battle = context(state, A, NAMES[:3])["battle"]
    ship = cards.STARSHIPS["N05"]
    assert battle["attack_parts"] == f"Ann's main power {state.main_power(A)}"
    assert battle["defend_parts"] == f"{ship.name}'s power {ship.power}"
    assert (battle["attack"], battle["defend"]) == (state.main_power(A), ship.power)


def test_a_metal_faktor_debt_is_taken_off_in_the_score_words() -> None:
    state = given(3, karokum=("N05",), seats={A: {"mf": 4}})
    for seat, command in ((A, "tribute"), (A, "attack karokum N05")):
        state, _ = play(state, seat, command)
    battle = context(state, A, NAMES[:3])["battle"]
    assert battle["attack_parts"] == f"Ann's main power {state.main_power(A)} − Ann's Metal Faktor debt 4"
    assert battle["attack"] == state.main_power(A) - 4


def test_a_decided_battle_shows_each_sides_score_as_it_stood_before_the_losers_damage() -> None:
    state = replace(given(3, seats={A: dict(improvements=("E06",), trophies=())}), phase="turn.travel")
    bob_before = state.main_power(B)
    for seat, command in ((A, "challenge 2"), (A, "ready"), (B, "ready"), (A, "mf no"), (A, "roll")):
        state, _ = play(state, seat, command)
    state, events = play(state, B, "mf no", ScriptedDice(6, 1))
    [result] = [e for e in events if e["type"] == "result"]
    # Ann won: Bob took his damage, and the battle stays on the page while Ann chooses her spoils.
    assert state.main_power(B) == bob_before - 1 and state.battle is not None and state.choices
    battle = context(state, A, NAMES[:3])["battle"]
    assert (battle["attack"], battle["defend"]) == (result["attack"], result["defend"])
    assert battle["defend"] == bob_before + 1
    assert battle["defend_parts"] == f"Bob's main power {bob_before} + gray die 1"
    assert battle["attack_parts"] == f"Ann's main power {state.main_power(A)} + orange die 6"


def test_after_the_roll_the_last_battle_is_told_to_the_viewer_with_the_dice() -> None:
    state = given(3, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally none")):
        state, _ = play(state, seat, command)
    assert context(state, B, NAMES[:3])["last_battle"] is None
    after, events = play(state, A, "roll", ScriptedDice(6, 1))
    assert after.battle is None
    recent = [LoggedAction(seq=5, seat=A, turn=after.turn, command="roll", events=events)]
    last = context(after, B, NAMES[:3], recent)["last_battle"]
    attack = state.main_power(A) + 6
    defend = cards.STARSHIPS["N05"].power + 1
    assert last["turn"] == after.turn
    assert last["lines"][0].startswith(f"The dice roll: orange 6, gray 1: {attack} against {defend}")
    assert any("wins" in line for line in last["lines"])
    assert context(state, B, NAMES[:3], recent)["last_battle"] is None  # a battle in progress shows itself


def test_the_battle_panel_says_each_ask_is_waiting_accepted_or_declined() -> None:
    state = given(4, karokum=("N05",))
    for seat, command in ((A, "tribute"), (A, "attack karokum N05"), (A, "ally ask all"),
                          (C, "ally decline")):
        state, _ = play(state, seat, command)
    asks = context(state, A, NAMES)["battle"]["asks"]
    assert [(a["seat"], a["answer"]) for a in asks] == [("Bob", "waiting"), ("Cy", "declined"),
                                                        ("Di", "waiting")]
    state, _ = play(state, B, "ally accept")
    asks = context(state, A, NAMES)["battle"]["asks"]
    assert ("Bob", "accepted") in [(a["seat"], a["answer"]) for a in asks]
