"""Sentences word for word (narration.py; rules.md, "Reading the table by mail" and "Hidden information")
for the events of an attack's end and of abilities (lost cards recovered, a column made unsafe, a stopped
attack, questions asked, the battle's end), placements, a draw that could not be made, skipped orders and
the orders' list, each read by a spectator, by the seat it concerns and by the other seat; and who is who
when the platform gives no names or fewer names than seats, or a reader with no seat in the game."""

from __future__ import annotations

from typing import Any

import pytest

from games.kinds.metabaloids.narration import describe_for, narrate

from .helpers import play
from .test_mb_narration import NAMES, table

# (event, sentence for a spectator, for the seat the event names (p1 Ann / p2 Ben), for the other seat);
# None: that reader does not read the event at all (a private one).
SENTENCES: list[tuple[dict[str, Any], str | None, str | None, str | None]] = [
    ({"type": "recovered", "seat": 1, "cards": ["p1-wasp-1", "p1-queen-1"]},
     "Ann (p1) moved Wasp Drone, Hive Queen from the lost pile to the discard pile.",
     "You moved Wasp Drone, Hive Queen from the lost pile to the discard pile.",
     "Ann (p1) moved Wasp Drone, Hive Queen from the lost pile to the discard pile."),
    ({"type": "unsafe", "seat": 2, "col": 3},
     "Ben (p2)'s column 3 is no longer safe.",
     "Your column 3 is no longer safe.",
     "Ben (p2)'s column 3 is no longer safe."),
    # ending.py: a seat of the battle going out in the defender's window ends the attack unfought.
    ({"type": "battle_stopped", "seat": 1, "defender": 2, "why": "out"},
     "A player in the battle went out: no battle.",
     "A player in the battle went out: no battle.",
     "A player in the battle went out: no battle."),
    ({"type": "battle_stopped", "seat": 1, "defender": 2},
     "The attack was stopped: no battle.",
     "The attack was stopped: no battle.",
     "The attack was stopped: no battle."),
    ({"type": "asked", "seat": 2, "kind": "pay", "owed": 3},
     "Ben (p2) is asked for the damage payment.",
     "You are asked for the damage payment.",
     "Ben (p2) is asked for the damage payment."),
    ({"type": "asked", "seat": 2, "kind": "grid"},
     "Ben (p2) is asked for the grid.",
     "You are asked for the grid.",
     "Ben (p2) is asked for the grid."),
    ({"type": "asked", "seat": 1, "kind": "react", "owed": 0},
     "Ann (p1) is asked for the reaction to the attack.",
     "You are asked for the reaction to the attack.",
     "Ann (p1) is asked for the reaction to the attack."),
    ({"type": "battle_over", "seat": 1, "defender": 2},
     "The battle is over.", "The battle is over.", "The battle is over."),
    ({"type": "cannot_draw", "seat": 2},
     "Ben (p2) could not draw.", "You could not draw.", "Ben (p2) could not draw."),
    ({"type": "placed", "seat": 1, "card": "p1-wasp-1", "col": 2},
     "Ann (p1) placed Wasp Drone in column 2.",
     "You placed Wasp Drone in column 2.",
     "Ann (p1) placed Wasp Drone in column 2."),
    ({"type": "battle_declared", "seat": 1, "defender": 2, "card": "p1-wasp-1", "col": 1,
      "target": "p2-crab-1", "target_col": 1},
     "Ann (p1) attacked Ben (p2): Wasp Drone (column 1) against Hermit Crab (column 1).",
     "You attacked Ben (p2): Wasp Drone (column 1) against Hermit Crab (column 1).",
     "Ann (p1) attacked you: Wasp Drone (column 1) against Hermit Crab (column 1)."),
    # The winner is named at the start of its clause: "You won", not "you won".
    ({"type": "battle_won", "seat": 1, "loser": 2, "defender": 2,
      "at": 8, "dt": 3, "damage": 5, "overflow": 2, "stake": "p2-crab-1"},
     "Attack 8 against defense 3: Ann (p1) won by 5. Hermit Crab was lost; 2 more to pay.",
     "Attack 8 against defense 3: You won by 5. Hermit Crab was lost; 2 more to pay.",
     "Attack 8 against defense 3: Ann (p1) won by 5. Hermit Crab was lost; 2 more to pay."),
    ({"type": "battle_won", "seat": 1, "loser": 1, "defender": 2,
      "at": 3, "dt": 8, "damage": 5, "overflow": 0, "stake": "p1-spider-1"},
     "Attack 3 against defense 8: Ben (p2) won by 5. Thread Spider was lost.",
     "Attack 3 against defense 8: Ben (p2) won by 5. Thread Spider was lost.",
     "Attack 3 against defense 8: You won by 5. Thread Spider was lost."),
    # A skipped order is a private note to its seat (rules.md, "Hidden information").
    ({"type": "skipped", "seat": 2, "order": "use shell on defend", "cost": 1, "kept": False,
      "private": True},
     None, "Your standing order (use shell on defend) was skipped: your hand could not pay 1.", None),
    ({"type": "skipped", "seat": 2, "order": "use shell on defend", "cost": 1, "kept": True,
      "private": True},
     None,
     "Your standing order (use shell on defend) was skipped: your hand could not pay 1 without kept cards.",
     None),
    # Every drawing reason narration has no word for reads as a plain draw, as `draw` does.
    ({"type": "drew", "seat": 1, "cards": ["p1-wasp-2"], "n": 1, "why": "draw"},
     "Ann (p1) drew 1 card.", "You drew 1 card: Wasp Drone.", "Ann (p1) drew 1 card."),
    ({"type": "drew", "seat": 1, "cards": ["p1-wasp-2"], "n": 1, "why": "nest"},
     "Ann (p1) drew 1 card.", "You drew 1 card: Wasp Drone.", "Ann (p1) drew 1 card."),
    ({"type": "drew", "seat": 1, "cards": ["p1-wasp-2", "p1-ant-1"], "n": 2},
     "Ann (p1) drew 2 cards.", "You drew 2 cards: Wasp Drone, Sugar Ant.", "Ann (p1) drew 2 cards."),
    # A zone narration has no word for is named as the event gives it.
    ({"type": "paid", "seat": 2, "card": "p2-crab-1", "from": "hand", "points": 2},
     "Ben (p2) paid 2 with Hermit Crab from the hand.",
     "You paid 2 with Hermit Crab from the hand.",
     "Ben (p2) paid 2 with Hermit Crab from the hand."),
    ({"type": "paid", "seat": 2, "card": "p2-crab-1", "from": "grid", "points": 2},
     "Ben (p2) paid 2 with Hermit Crab from the grid.",
     "You paid 2 with Hermit Crab from the grid.",
     "Ben (p2) paid 2 with Hermit Crab from the grid."),
]


@pytest.mark.parametrize(("event", "spectator", "own", "other"), SENTENCES)
def test_each_event_reads_as_its_sentence_for_each_reader(event: dict[str, Any], spectator: str | None,
                                                          own: str | None, other: str | None) -> None:
    state = table()  # type: ignore[no-untyped-call]
    seat = int(event["seat"])
    assert describe_for(event, state, NAMES, None, None) == spectator
    assert describe_for(event, state, NAMES, seat, seat) == own
    assert describe_for(event, state, NAMES, 3 - seat, 3 - seat) == other


def test_the_orders_list_is_one_line_with_the_orders_apart() -> None:
    state = table()  # type: ignore[no-untyped-call]
    assert describe_for({"type": "orders", "seat": 1}, state, NAMES, 1, 1) == (
        "Your standing orders: 1 order pay discard draw hand reserve | 2 order keep none | "
        "3 order grid auto | 4 order use trapdoor boost on defend.")
    assert describe_for({"type": "orders", "seat": 1}, state, NAMES, 2, 2) is None


@pytest.mark.parametrize(("names", "sentence"), [
    (None, "The decks: Seat 1 deck A, Seat 2 deck B."),
    (["Ann"], "The decks: Ann deck A, Seat 2 deck B."),
    (["Ann", "Ben"], "The decks: Ann deck A, Ben deck B."),
])
def test_a_seat_without_a_name_is_named_by_its_seat_number(names: list[str] | None, sentence: str) -> None:
    event = {"type": "decks", "decks": ["A", "B"]}
    assert describe_for(event, table(), names, None, None) == sentence  # type: ignore[no-untyped-call]


@pytest.mark.parametrize(("names", "sentence"), [
    (None, "p2 could not draw."),
    (["Ann"], "p2 could not draw."),
    (["Ann", "Ben"], "Ben (p2) could not draw."),
])
def test_a_player_without_a_name_is_named_by_its_label(names: list[str] | None, sentence: str) -> None:
    event = {"type": "cannot_draw", "seat": 2}
    assert describe_for(event, table(), names, None, None) == sentence  # type: ignore[no-untyped-call]


def test_a_command_narrated_without_a_state_has_no_lines() -> None:
    told = narrate(None, 0, "end", [], reader=1, names=NAMES)
    assert (told.command, told.lines) == ("end", [])
    masked = narrate(None, 0, "order keep none", [], reader=1, names=NAMES)
    assert (masked.command, masked.lines) == ("order", [])


def test_a_reader_with_no_seat_in_the_game_reads_as_a_spectator() -> None:
    state, events = play(table(), 1, "end")  # type: ignore[no-untyped-call]
    spectator = narrate(state, 0, "end", events, reader=None, names=NAMES)
    assert "Ben (p2) drew 1 card." in spectator.lines
    for reader, you in ((5, None), (None, 5), (5, 5)):
        told = narrate(state, 0, "end", events, reader=reader, names=NAMES, you=you)
        assert (told.command, told.lines) == (spectator.command, spectator.lines)
