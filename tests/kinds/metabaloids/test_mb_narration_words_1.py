"""Sentences word for word (narration.py; rules.md, "Reading the table by mail") for the events of a turn's
actions: who won the cut, a discard, a stopped move, a deployment and the column it stands up, the penalty
for no attack (one card and several), an attack and the abilities used against it (with and without an
aim, a payment and an ability name), a bonus to a total and cards recovered from the lost pile. Each is read
by a spectator, by the seat it concerns and, where a sentence names a second seat, by that seat."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids.narration import describe_for, narrate

from .helpers import play, position, seat_dict
from .test_mb_narration import NAMES, table

# The shapes the engine emits (setup.py, turn.py, battle.py, chain.py) at test_mb_narration's table of
# Ann (p1, deck A) and Ben (p2, deck B).
SENTENCES: list[tuple[dict[str, Any], int | None, str]] = [
    ({"type": "first", "seat": 1, "lobby": 0}, None, "Ann (p1) won the cut: first to play."),
    ({"type": "first", "seat": 1, "lobby": 0}, 1, "You won the cut: first to play."),
    ({"type": "first", "seat": 1, "lobby": 0}, 2, "Ann (p1) won the cut: first to play."),
    ({"type": "discarded", "seat": 1, "card": "p1-wasp-1"}, None, "Ann (p1) discarded Wasp Drone."),
    ({"type": "discarded", "seat": 1, "card": "p1-wasp-1"}, 1, "You discarded Wasp Drone."),
    ({"type": "move_stopped", "seat": 1, "card": "p1-spider-1"}, None,
     "The move of Thread Spider was stopped."),
    ({"type": "move_stopped", "seat": 1, "card": "p1-spider-1"}, 1, "The move of Thread Spider was stopped."),
    ({"type": "deployed", "seat": 2, "card": "p2-crab-1", "col": 2}, None,
     "Ben (p2) deployed Hermit Crab to column 2."),
    ({"type": "deployed", "seat": 2, "card": "p2-crab-1", "col": 2}, 2,
     "You deployed Hermit Crab to column 2."),
    ({"type": "upright", "seat": 2, "col": 3}, None, "Ben (p2)'s column 3 stood up: no longer safe."),
    ({"type": "upright", "seat": 2, "col": 3}, 2, "Your column 3 stood up: no longer safe."),
    ({"type": "upright", "seat": 2, "col": 3}, 1, "Ben (p2)'s column 3 stood up: no longer safe."),
    ({"type": "no_attack", "seat": 1, "n": 1}, None,
     "Ann (p1) made no attack: 1 card of the draw pile to the lost pile."),
    ({"type": "no_attack", "seat": 1, "n": 2}, 1,
     "You made no attack: 2 cards of the draw pile to the lost pile."),
    # An ability's cost comes from the card data (cards.json); a free one pays nothing and says so by
    # saying nothing of a payment.
    ({"type": "activate", "seat": 1, "card": "p1-weaver-1", "ability": "boost", "paid": [], "col": 1}, None,
     "Ann (p1) used Venom Weaver boost."),
    ({"type": "activate", "seat": 1, "card": "p1-weaver-1", "ability": "boost", "paid": [], "col": 1}, 1,
     "You used Venom Weaver boost."),
    ({"type": "bonus", "seat": 2, "amount": 3, "card": "p2-shell-1", "side": "defense"}, 1,
     "+3 to Ben (p2)'s defense total (Shell Up)."),
    ({"type": "recovered", "seat": 2, "cards": ["p2-crab-1", "p2-frog-1"]}, None,
     "Ben (p2) moved Hermit Crab, Marsh Frog from the lost pile to the discard pile."),
    ({"type": "recovered", "seat": 2, "cards": ["p2-crab-1"]}, 2,
     "You moved Hermit Crab from the lost pile to the discard pile."),
]


@pytest.mark.parametrize(("event", "you", "sentence"), SENTENCES)
def test_each_turn_event_reads_as_its_sentence(event: dict[str, Any], you: int | None, sentence: str) -> None:
    assert describe_for(event, table(), NAMES, you, you) == sentence  # type: ignore[no-untyped-call]


def _stopped_attack() -> tuple[Any, list[dict[str, Any]]]:
    """Ann's Wasp Drone attacks Ben's Snapping Turtle; Ben's standing orders boost the turtle (rules.md:
    boost +2 to defense) and answer the attack with Ink Cloud, which stops it."""
    state = position(
        seat_dict(1, hand=["ant", "ant"], grid=[["wasp", "spider"]], filler=5),
        seat_dict(2, "B", hand=["ink", "frog", "crab"], grid=[["turtle"]], filler=5,
                  orders=["order use ink on attack"]))
    return play(state, 1, "attack 1:1 p2 1:1")


STOPPED_ATTACK = {
    None: [
        "Ann (p1) attacked Ben (p2): Wasp Drone (column 1) against Snapping Turtle (column 1), "
        "paying Sugar Ant.",
        "Ben (p2) used Snapping Turtle boost, paying Marsh Frog.",
        "+2 to Ben (p2)'s defense total (Snapping Turtle).",
        "Ben (p2) used Ink Cloud against Ann (p1)'s attack, paying Hermit Crab.",
        "Ink Cloud stopped it.",
        "The attack was stopped: no battle.",
    ],
    0: [
        "You attacked Ben (p2): Wasp Drone (column 1) against Snapping Turtle (column 1), paying Sugar Ant.",
        "Ben (p2) used Snapping Turtle boost, paying Marsh Frog.",
        "+2 to Ben (p2)'s defense total (Snapping Turtle).",
        "Ben (p2) used Ink Cloud against your attack, paying Hermit Crab.",
        "Ink Cloud stopped it.",
        "The attack was stopped: no battle.",
    ],
    1: [
        "Ann (p1) attacked you: Wasp Drone (column 1) against Snapping Turtle (column 1), paying Sugar Ant.",
        "You used Snapping Turtle boost, paying Marsh Frog.",
        "+2 to your defense total (Snapping Turtle).",
        "You used Ink Cloud against Ann (p1)'s attack, paying Hermit Crab.",
        "Ink Cloud stopped it.",
        "The attack was stopped: no battle.",
    ],
}


def test_a_stopped_attack_is_played_as_the_engine_emits_it() -> None:
    _, events = _stopped_attack()
    assert events == [
        {"type": "battle_declared", "seat": 1, "card": "p1-wasp-1", "col": 1, "defender": 2,
         "target": "p2-turtle-1", "target_col": 1, "paid": ["p1-ant-1"]},
        {"type": "activate", "seat": 2, "card": "p2-turtle-1", "ability": "boost", "paid": ["p2-frog-1"],
         "col": 0},
        {"type": "bonus", "seat": 2, "amount": 2, "card": "p2-turtle-1", "side": "defense"},
        {"type": "activate", "seat": 2, "card": "p2-ink-1", "ability": "ink", "paid": ["p2-crab-1"], "col": 0,
         "aim": "attack", "aim_seat": 1},
        {"type": "stopped", "seat": 2, "card": "p2-ink-1", "aim": "attack", "aim_seat": 1},
        {"type": "battle_stopped", "seat": 1, "defender": 2},
    ]


@pytest.mark.parametrize("reader", [None, 0, 1])
def test_a_stopped_attack_reads_whole_for_each_reader(reader: int | None) -> None:
    """Lobby seat 0 is Ann (p1), the attacker; lobby seat 1 is Ben (p2), the defender; None a spectator."""
    after, events = _stopped_attack()
    told = narrate(after, 0, "attack 1:1 p2 1:1", events, reader, NAMES, you=reader)
    assert told.command == "attack 1:1 p2 1:1"
    assert told.lines == STOPPED_ATTACK[reader]
