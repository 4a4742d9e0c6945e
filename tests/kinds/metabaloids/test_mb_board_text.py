"""The text board word for word (rules.md, "Reading the table by mail"; board.py): a whole table as its
owner reads it (counter lines with the reserve by name and an out seat, column headers with `(safe)`, rows
with empty cells, an empty play area, the hand by code and what each code is), the header in each phase
and step, the seat named when the lobby gives no name, the question a seat is asked in every kind, the
no-attack penalty both ways, and the picture of a table with no seats."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids.board import board_svg, text_board
from games.kinds.metabaloids.state import Battle, Decision, GameState, Options
from tests.kinds.metabaloids.helpers import position, seat_dict

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def four(step: str = "attack", **p1: object) -> GameState:
    """p1 to act with a guard in front, an empty middle column and a column bonus; p2 out with a safe
    column; p3 one card deep; p4 nothing in play."""
    state = position(
        seat_dict(1, hand=["wasp", "spores", "wasp"], grid=[["canopy", "spider"], [], ["mound"]],
                  discard=["mite", "spider"], lost=["mound"], reserve=["ant", "mite"], filler=18,
                  players=4, **p1),
        seat_dict(2, "B", hand=["crab"], grid=[["pool"], ["kelp", "mantis"]], safe=[1], filler=20,
                  status="out", players=4),
        seat_dict(3, grid=[["mite"]], filler=2, players=4),
        seat_dict(4, "B", filler=2, players=4),
        step=step, turn=14, active=1)
    state.marked.append("p1-spider-1")
    return state


TABLE = [
    "p1 Ana  deck A  hand 3  draw 18  discard 2 (top: Thread Spider)  lost 1  "
    "reserve: Sugar Ant, Glucose Mite",
    "    1                     2                     3",
    "  1 Silk Canopy 0/3 G                           Ant Mound 0/2 +2A",
    "  2 Thread Spider 2/2 *",
    "p2 Ben  deck B  hand 1  draw 20  discard 0  lost 0  reserve: - · out",
    "    1 (safe)              2                     3",
    "  1 Tide Pool 0/3 G ~     Kelp Bed 0/2 +2D",
    "  2                       Mantis Shrimp 5/2",
    "p3 Cy  deck A  hand 0  draw 2  discard 0  lost 0  reserve: -",
    "    1                     2                     3",
    "  1 Glucose Mite 1/1",
    "p4 Dee  deck B  hand 0  draw 2  discard 0  lost 0  reserve: -",
    "    1                     2                     3",
    "  (no card in play)",
]


def test_the_active_seat_reads_the_whole_table_its_hand_and_what_it_may_do() -> None:
    assert text_board(four(), 0, NAMES, ["end"]).splitlines() == [
        "Metabaloids · turn 14 · p1 Ana to act · step ATTACK (no attack yet)",
        *TABLE,
        'Your hand: spores, wasp, wasp               Your orders: 4 (reply "orders" to list)',
        "  spores: Torpor Spores, cost 2, event · wasp: Wasp Drone, cost 3, 4/1",
        "You may: end",
        "If you make no attack, one card of your draw pile goes to your lost pile.",
        "Reply with one command per line.",
    ]


def test_a_spectator_reads_the_table_alone() -> None:
    assert text_board(four(), None, NAMES).splitlines() == [
        "Metabaloids · turn 14 · p1 Ana to act · step ATTACK (no attack yet)", *TABLE]


def test_a_seat_the_lobby_gives_no_name_is_called_by_its_seat_number() -> None:
    lines = text_board(four(), None, NAMES[:1]).splitlines()
    assert lines[0] == "Metabaloids · turn 14 · p1 Ana to act · step ATTACK (no attack yet)"
    assert [line.split("  deck")[0] for line in lines if line.startswith("p")] == [
        "p1 Ana", "p2 Seat 2", "p3 Seat 3", "p4 Seat 4"]
    state = four()
    state.active = 2
    assert text_board(state, None, NAMES[:1]).splitlines()[0] == (
        "Metabaloids · turn 14 · p2 to act · step ATTACK (no attack yet)")


def test_with_no_names_the_header_names_the_label_alone_and_the_seats_their_numbers() -> None:
    lines = text_board(four(), None).splitlines()
    assert lines[0] == "Metabaloids · turn 14 · p1 to act · step ATTACK (no attack yet)"
    assert lines[1].startswith("p1 Seat 1  deck A  hand 3")
    assert [line.split("  deck")[0] for line in lines if line.startswith("p")] == [
        "p1 Seat 1", "p2 Seat 2", "p3 Seat 3", "p4 Seat 4"]


@pytest.mark.parametrize(("step", "attacks", "head"), [
    ("main", 0, "Metabaloids · turn 14 · p1 Ana to act · step MAIN"),
    ("deploy", 0, "Metabaloids · turn 14 · p1 Ana to act · step DEPLOY"),
    ("attack", 0, "Metabaloids · turn 14 · p1 Ana to act · step ATTACK (no attack yet)"),
    ("attack", 1, "Metabaloids · turn 14 · p1 Ana to act · step ATTACK"),
    ("end", 1, "Metabaloids · turn 14 · p1 Ana to act · step END"),
])
def test_the_header_says_no_attack_yet_only_in_the_attack_step_before_an_attack(
        step: str, attacks: int, head: str) -> None:
    assert text_board(four(step, attacks_made=attacks), None, NAMES).splitlines()[0] == head


def test_while_decks_are_picked_the_header_names_the_seats_waited_for_and_how_to_pick() -> None:
    state = GameState(options=Options(players=3), seats=[], order=[], phase="decks", decks=["A", "", ""])
    assert text_board(state, 0, NAMES) == (
        "Metabaloids · picking decks: waiting for seat 2, 3 (deck a, deck b or deck list <card>:<copies> …)")


def _asked(kind: str, owed: int = 0) -> GameState:
    state = four()
    state.battle = Battle(attacker=1, defender=2, card="p1-spider-1", col=1, target="p2-pool-1",
                          target_col=1, stage="paying" if kind == "pay" else "declared", loser=1, owed=owed)
    state.decision = Decision(label=1, kind=kind, window=False)
    return state


PAY_ANSWERS = ("name what pays, one card a line (a hand, reserve or play card pays its defense, a draw pile "
               "card 1, the discard pile's top its defense), or pay auto (or pass) for your standing orders "
               "to pay the rest.")


@pytest.mark.parametrize(("kind", "owed", "asked"), [
    ("pay", 1, f"You owe 1 more point of damage: {PAY_ANSWERS}"),
    ("pay", 2, f"You owe 2 more points of damage: {PAY_ANSWERS}"),
    ("pay", 5, f"You owe 5 more points of damage: {PAY_ANSWERS}"),
    ("grid", 0, "Your grid must be put back in shape: move <col:row> <col> lines (free) until it is legal, "
                "or pass for the default restoration."),
    ("react", 0, "The attack on you waits for your reaction: use lines (before the bonus cards are drawn), "
                 "or pass for your standing orders to answer."),
])
def test_the_seat_asked_reads_its_question_under_its_hand(kind: str, owed: int, asked: str) -> None:
    lines = text_board(_asked(kind, owed), 0, NAMES, ["pass"]).splitlines()
    assert lines[len(TABLE) + 3:] == [asked, "You may: pass", "Reply with one command per line."]
    assert asked not in text_board(_asked(kind, owed), 1, NAMES, ["pass"]).splitlines()


def test_a_seat_with_no_card_able_to_attack_reads_the_two_card_penalty() -> None:
    state = position(seat_dict(1, grid=[["canopy"], ["mound"]], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step="main")
    assert text_board(state, 0, NAMES, ["end"]).splitlines()[-3:] == [
        "You may: end",
        "No card of yours can attack: two cards of your draw pile go to your lost pile.",
        "Reply with one command per line."]


def test_the_picture_of_a_table_with_no_seats_is_its_frame_alone() -> None:
    state = GameState(options=Options(players=2), seats=[], order=[], phase="decks", decks=["", ""])
    assert board_svg(state, None) == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="720" height="10" viewBox="0 0 720 10" '
        'font-family="sans-serif"><rect width="100%" height="100%" fill="#f7f8fa"/></svg>')
