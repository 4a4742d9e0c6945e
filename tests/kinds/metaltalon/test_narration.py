"""Who reads a MetalTalon standing order while the game is in play (games/kinds/metaltalon/narration.py;
games/kinds/metaltalon/rules.md, "Rerolls: Murphys and Clovers"): its seat reads the order it gave, every
other reader the bare word `order` and no line, as Metal Adventures tells its orders. What an order does when
it fires (a Murphys' forced reroll) is play, and every reader reads it. A seat's view and a bot's state carry
no other seat's orders."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from games.kinds.metaltalon.engine import GameState, play
from games.kinds.metaltalon.kind import KIND
from games.kinds.protocol import Narration
from games.narration import narrate
from tests.kinds.metaltalon.engine.helpers import QueueDice, position

NAMES = ["Ann", "Bob"]


def murphys_and_bankers() -> GameState:
    """Ann's Murphys ship at I9, Bob's Bankers gunship at J9 next to it, Bob to play."""
    return position(factions=("murphys", "bankers"), ships=((0, "I9", (7, 0, 1)), (1, "J9", (1, 2, 0))),
                    reserves=(6, 5), active=1)


def test_a_standing_order_is_told_to_its_seat_only():
    after, events = play(murphys_and_bankers(), 0, "order murphy 3")
    own = KIND.narrate(after, 0, "order murphy 3", events, 0, NAMES)
    assert own.command == "order murphy 3"
    assert own.lines == [KIND.describe(events[0], after, NAMES)]
    assert "sets the standing order murphy to 3." in own.lines[0]
    for reader in (1, None):  # the rival, a spectator
        assert KIND.narrate(after, 0, "order murphy 3", events, reader, NAMES) == Narration("order", [])


def test_an_order_read_without_its_events_is_masked_for_every_other_reader():
    """log.txt and the page's recent actions read the command alone, without events or state."""
    for command in ("order murphy 3", "ORDER  damage wse", "Order clover off"):
        assert KIND.narrate(None, 0, command, (), 1, None) == Narration("order", [])
        assert KIND.narrate(None, 0, command, (), None, None) == Narration("order", [])
        assert KIND.narrate(None, 0, command, (), 0, None).command == command


def test_what_an_order_does_when_it_fires_is_told_to_everyone():
    state, _ = play(murphys_and_bankers(), 0, "order murphy 3")
    after, events = play(state, 1, "fire J9 I9", dice=QueueDice(4, 1))
    assert any(e["type"] == "murphy" for e in events)
    told = {reader: KIND.narrate(after, 1, "fire J9 I9", events, reader, NAMES) for reader in (0, 1, None)}
    for reader, narration in told.items():
        assert narration.command == "fire J9 I9"
        assert any("paid 2 to force" in line and "to reroll a 4" in line for line in narration.lines), reader
        assert narration == told[0]


def test_other_commands_read_as_typed_for_every_reader():
    state = murphys_and_bankers()
    after, events = play(state, 1, "move J9 K9")
    for reader in (0, 1, None):
        told = KIND.narrate(after, 1, "move J9 K9", events, reader, NAMES)
        assert told == Narration("move J9 K9", [KIND.describe(e, after, NAMES) for e in events])


def test_a_view_carries_the_readers_own_orders_and_no_other_seats():
    after, _ = play(murphys_and_bankers(), 0, "order murphy 3")
    ann = KIND.view(after, 0)
    assert ann["seats"][0]["orders"] == after.seats[0].orders.to_dict()
    assert ann["seats"][0]["orders"]["murphy"] == 3
    assert ann["seats"][1]["orders"] is None
    bob = KIND.view(after, 1)
    assert bob["seats"][0]["orders"] is None
    assert bob["seats"][1]["orders"] == after.seats[1].orders.to_dict()
    assert [s["orders"] for s in KIND.view(after, None)["seats"]] == [None, None]


def test_a_bot_plans_against_its_rivals_default_orders_not_their_real_ones():
    before = murphys_and_bankers()
    after, _ = play(before, 0, "order murphy 3")
    bobs = KIND.bot_state(after, 1)
    assert bobs.seats[0].orders == before.seats[0].orders  # the orders every seat starts with
    assert bobs.seats[0].orders.murphy == 5 and bobs.seats[1].orders == after.seats[1].orders
    assert KIND.bot_state(after, 0).seats[0].orders.murphy == 3


# -- said to the reader (games/narration.py passes `you`, the reader's seat) ----------------------------


def bob_fires_at_ann() -> tuple[GameState, list]:
    """Bob's Bankers gunship at J9 fires at Ann's Swarm ship at I9: a 6 stands, nobody may reroll it."""
    state = position(factions=("swarm", "bankers"), ships=((0, "I9", (7, 0, 1)), (1, "J9", (1, 2, 0))),
                      reserves=(6, 5), active=1)
    return play(state, 1, "fire J9 I9", dice=QueueDice(6))


def told(reader: int | None, over: bool = False) -> list[str]:
    after, events = bob_fires_at_ann()
    game: Any = SimpleNamespace(is_over=over)  # narrate reads no more of the game than whether it is over
    return narrate(game, KIND, after, NAMES, seat=1, command="fire J9 I9", events=events, reader=reader).lines


def test_the_seat_that_fired_reads_you_the_target_your_ship_a_spectator_names():
    bob, ann, spectator = told(1), told(0), told(None)
    assert bob[:2] == ["You rolled 6.", "Your ship at J9 fired at Ann's ship at I9: rolled 6, range 0, "
                       "shields 1: 5 points of damage."]
    assert ann[:2] == ["Bob rolled 6.", "Bob's ship at J9 fired at your ship at I9: rolled 6, range 0, "
                       "shields 1: 5 points of damage."]
    assert ann[2].startswith("Your ship at I9 lost ")
    assert spectator[:2] == ["Bob rolled 6.", "Bob's ship at J9 fired at Ann's ship at I9: rolled 6, "
                             "range 0, shields 1: 5 points of damage."]
    assert spectator == [KIND.describe(e, bob_fires_at_ann()[0], NAMES) for e in bob_fires_at_ann()[1]]


def test_once_over_each_reader_still_reads_you_for_its_own_seat_only():
    assert told(1, over=True) == told(1)
    assert told(0, over=True) == told(0)
    assert told(None, over=True) == told(None)


def test_a_standing_order_reads_you_set_for_its_seat_and_stays_hidden_from_the_others():
    after, events = play(murphys_and_bankers(), 0, "order murphy 3")
    assert KIND.narrate(after, 0, "order murphy 3", events, 0, NAMES, you=0).lines == [
        "You set the standing order murphy to 3."]
    assert KIND.narrate(after, 0, "order murphy 3", events, 1, NAMES, you=1) == Narration("order", [])
    game: Any = SimpleNamespace(is_over=True)  # once over, Bob reads it as Ann's seat did, named
    assert narrate(game, KIND, after, NAMES, seat=0, command="order murphy 3", events=events,
                   reader=1).lines == ["Ann sets the standing order murphy to 3."]
