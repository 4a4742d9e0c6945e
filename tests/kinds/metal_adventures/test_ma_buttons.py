"""The game page's buttons (page.py, buttons.py) as a newcomer reads them: every legal command labelled in
a player's words, never as typed, the command it posts unchanged; the turn's choices first and "End turn"
last; the starships in Space named on the buttons that attack them."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from games.kinds.metal_adventures import cards, commands, page
from games.kinds.protocol import PageInput

from .helpers import A, B, given, play, random_states

NAMES = ["Ann", "Bob", "Cy", "Di"]
# A card by its id (N05, DE2, T01, E11, S02, B4): a label names cards by name.
CARD_ID = re.compile(r"\b(?:[NDTES]\d{2}|[ND]E\d|B\d)\b")
# The first words of commands as typed: a label that starts with them reads like a command.
RAW_START = re.compile(r"^(?:(?:Tour|Mf|Ally|Attack space|Attack karokum|Pick|Arm|Trophy|Take card|Planet)\b"
                       r"|(?:Ready|Autopilot|End|Pass)$)")


def context(state, seat, names=NAMES):  # type: ignore[no-untyped-def]
    return page.page_context(PageInput(game=SimpleNamespace(pk=1, version=1), state=state, seat=seat,
                                       names=names[:state.players], query={}, undo_ok=False, recent=()))


def buttons(state, seat):  # type: ignore[no-untyped-def]
    return [b for row in context(state, seat)["groups"] for b in row["buttons"]]


@pytest.mark.random_games
@pytest.mark.parametrize("seed", range(3))
def test_no_button_of_a_random_game_reads_as_a_typed_command_or_names_a_card_by_its_id(seed: int) -> None:
    for state in random_states(700 + seed, players=3 + seed, steps=500):
        for reader in range(state.players):
            for button in buttons(state, reader):
                words = button["label"]
                assert not CARD_ID.search(words), (button, state.phase)
                assert not RAW_START.match(words), (button, state.phase)
                assert words.lower() != button["command"].lower() or button["command"] == "resign", button


@pytest.mark.parametrize(("command", "words"), [
    ("tour newcards", "Draw new cards for the OCG row (Tour)"),
    ("tour scrap N17 N01", "Scrap your wreck Rust Jackal for Sunskiff (Tour)"),
    ("tour trophies", "Draw two trophies, keep one (Tour)"),
    ("tour repair N01", "Repair 1 damage, paying wreck Sunskiff (Tour)"),
    ("tour overhaul N01 N17", "Repair all damage, paying wrecks Sunskiff and Rust Jackal (Tour)"),
    ("tour title N01 N04 N08", "Glory Title with wrecks Sunskiff, Corona Warden and Sundown Warrant (Tour)"),
    ("tour amnesty", "Amnesty: cancel 1 JP (Tour)"),
    ("tour splurge", "Extravagant Expenditure: 1 glory for 6₡ (Tour)"),
    ("tour splurge 5c N01", "Extravagant Expenditure: 1 glory for 5₡ and wreck Sunskiff (Tour)"),
    ("tour buy E11", f"Buy RHUM for {cards.IMPROVEMENTS['E11'].cost}₡ (Tour)"),
    ("tour smuggle S02",
     f"Smuggle Berserker Grog from the Bazaar pile for {cards.IMPROVEMENTS['S02'].cost + 1}₡ (Tour)"),
    ("buy E11", f"Buy RHUM for {cards.IMPROVEMENTS['E11'].cost + 1}₡"),
    ("mf yes", "Roll the Metal Faktor die"), ("mf no", "Do not roll the Metal Faktor die"),
    ("tribute", "Pay the tribute"), ("refuse", "Refuse the tribute (1 JP)"), ("rest", "Rest in Havana"),
    ("end", "End turn"), ("roll", "Roll the dice"), ("ally none", "Fight alone"),
    ("ally ask 2", "Ask Bob for help"), ("ally ask all", "Ask everyone you may for help"),
    ("ally accept 1", "Join Ann's side"), ("ally decline 1", "Decline Ann's ask"),
    ("ally take 3", "Take Cy's terms"), ("loyal", "Stay loyal"), ("betray", "Betray the attacker (1 JP)"),
    ("arm S04", "Hold Smoke Screen ready for after the roll"), ("play S06 2", "Play Saboteur on Bob"),
    ("take credits", "Take half the loser's credits"),
    ("trophy refuse", "Keep your trophies, refuse the new one"),
    ("attack planet exxalia", "Attack the planet Exxalia"),
    ("attack karokum N05", "Attack the DESTRIA NOVA via Karokum"),
    ("plead guilty", "Plead guilty (1 JP)"), ("vote C1 abstain", "Abstain in C1"),
    ("accept O2 trophy T01", "Accept offer O2, giving Trophy of the Hangman"),
])
def test_a_button_says_its_command_in_a_players_words(command: str, words: str) -> None:
    assert page.label(command, NAMES) == words


def test_a_button_posts_its_command_unchanged_under_its_words() -> None:
    state, _ = play(given(3, seats={A: {"credits": 9}}), A, "tribute")
    shown = {b["command"]: b["label"] for b in buttons(state, A)}
    assert set(shown) == set(commands.legal_commands(state, A))
    assert shown["attack space"] == "Attack in Space: draw the starships"


def test_the_attack_buttons_name_the_starship_face_up_in_each_space() -> None:
    state = given(3, space=("N17", "N01", "N05"))
    for command in ("tribute", "attack space"):
        state, _ = play(state, A, command)
    assert state.space_area == ("N17", "N01", "N05")
    shown = {b["command"]: b["label"] for b in buttons(state, A)}
    assert [shown[f"attack space {n}"] for n in (1, 2, 3)] == [
        "Attack the Rust Jackal (space 1)", "Attack the Sunskiff (space 2)",
        "Attack the DESTRIA NOVA (space 3)"]


def test_during_the_tour_the_turns_choices_come_first_and_end_turn_last_before_resigning() -> None:
    state = replace(given(3, seats={A: {"credits": 9, "trophies": ()}}), phase="turn.travel")
    state = replace(state, travel=replace(state.travel, battle_done=True))
    assert "end" in commands.legal_commands(state, A) and "tour newcards" in commands.legal_commands(state, A)
    rows = context(state, A)["groups"]
    labels = [b["label"] for row in rows for b in row["buttons"]]
    assert labels[-2:] == ["End turn", "Resign"]
    assert labels.index("Draw new cards for the OCG row (Tour)") < labels.index("End turn")
    assert [row["title"] for row in rows][-2:] == ["Finish", "Leave"]


def test_ready_says_what_it_ends_recruiting_or_declaring() -> None:
    state = given(3)
    for command in ("tribute", "challenge 2"):
        state, _ = play(state, A, command)
    assert {b["label"] for b in buttons(state, B) if b["command"] == "ready"} == {"Done recruiting"}
