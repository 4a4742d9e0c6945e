"""The game's events in words for each reader (narration.py; rules.md, "Hidden information"): drawn cards
named to their owner alone, private commands masked to their verb, "You" for the reader, and a sentence
for every event the engine emits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.narration import describe, describe_for, narrate
from games.kinds.metabaloids.state import Options
from tests.kinds.metabaloids.helpers import play, position, seat_dict
from tests.kinds.metabaloids.random_games import SeededDice, random_game

NAMES = ["Ann", "Ben"]
ENGINE = Path(__file__).parents[3] / "games" / "kinds" / "metabaloids"


def table():  # type: ignore[no-untyped-def]
    return position(
        seat_dict(1, hand=["wasp"], grid=[["spider"]], draw=["queen", "beetle"], filler=20),
        seat_dict(2, "B", hand=["shell", "ink", "crab", "frog", "toad", "kelp"], grid=[["crab"]],
                  draw=["turtle"], filler=20),
        step="restock")


def test_the_drawn_cards_are_named_to_their_owner_and_counted_to_others() -> None:
    state, events = play(table(), 1, "end")  # p2's turn begins with its draw of one card
    drew = [e for e in events if e["type"] == "drew"]
    assert drew and drew[0]["seat"] == 2
    own = narrate(state, 0, "end", events, reader=1, names=NAMES).lines
    other = narrate(state, 0, "end", events, reader=0, names=NAMES).lines
    spectator = narrate(state, 0, "end", events, reader=None, names=NAMES).lines
    assert "Ben (p2) drew 1 card: Snapping Turtle." in own
    assert "Ben (p2) drew 1 card." in other
    assert "Ben (p2) drew 1 card." in spectator
    assert not any("Turtle" in line for line in other + spectator)


def test_the_starting_hand_is_named_to_its_owner_alone() -> None:
    state, events = lobby.new_game(Options(players=2, quick=True), SeededDice(3))
    deal = [e for e in events if e["type"] == "drew" and e["why"] == "deal"]
    assert len(deal) == 2
    for event in deal:
        owner = state.lobby_seat(int(event["seat"]))
        mine = describe_for(event, state, NAMES, int(event["seat"]), None) or ""
        other = describe_for(event, state, NAMES, 3 - int(event["seat"]), None) or ""
        assert mine.startswith(f"{NAMES[owner]} (p{event['seat']}) drew 7 cards as a starting hand: ")
        assert other == f"{NAMES[owner]} (p{event['seat']}) drew 7 cards as a starting hand."
        assert describe(event, state, NAMES) == other


def test_a_brood_draw_is_named_to_its_owner_alone() -> None:
    event = {"type": "drew", "seat": 1, "cards": ["p1-wasp-2"], "n": 1, "why": "brood"}
    state = table()
    assert describe_for(event, state, NAMES, 1, None) == "Ann (p1) drew 1 card (brood): Wasp Drone."
    assert describe_for(event, state, NAMES, 2, None) == "Ann (p1) drew 1 card (brood)."


def test_orders_are_invisible_to_others_and_their_command_is_masked() -> None:
    state, events = play(table(), 2, "order use ink on defend")
    for reader in (0, None):
        seen = narrate(state, 1, "order use ink on defend", events, reader=reader, names=NAMES)
        assert seen.command == "order"
        assert seen.lines == []
    own = narrate(state, 1, "order use ink on defend", events, reader=1, names=NAMES, you=1)
    assert own.command == "order use ink on defend"
    assert own.lines == ["You set a standing order: order use ink on defend."]


def test_without_the_state_a_command_that_may_be_secret_is_masked_to_its_verb_for_others() -> None:
    """The log's download and the admin narrate the command alone (no state, no events): a standing order,
    the orders' list, help and a placement (perhaps queued ahead) show their verb to others, in full to
    their seat; a public command shows in full to all."""
    for line in ("order use ink on defend if behind 4", "orders", "help", "place shell 2"):
        verb = line.split()[0]
        for reader in (0, None):
            assert narrate(None, 1, line, (), reader=reader, names=NAMES).command == verb
        assert narrate(None, 1, line, (), reader=1, names=NAMES).command == line
    for reader in (0, 1, None):
        assert narrate(None, 1, "discard ink", (), reader=reader, names=NAMES).command == "discard ink"


def test_the_order_list_and_help_reach_their_seat_alone() -> None:
    for line in ("orders", "help"):
        state, events = play(table(), 2, line)
        assert narrate(state, 1, line, events, reader=0, names=NAMES).lines == []
        own = narrate(state, 1, line, events, reader=1, names=NAMES, you=1).lines
        assert own and own[0] != line
    state, events = play(table(), 2, "orders")
    listing = narrate(state, 1, "orders", events, reader=1, names=NAMES, you=1).lines[0]
    assert listing.startswith("Your standing orders: 1 order pay")
    assert "turtle boost on defend" in listing


def test_a_queued_placement_is_invisible_to_others() -> None:
    state, _ = lobby.new_game(Options(players=2, quick=True), SeededDice(5))
    waiting = state.lobby_seat(2)
    events_ = ("spores", "surge", "molt")
    code = next(c.split("-")[1] for c in state.seat(2).hand if c.split("-")[1] not in events_)
    line = f"place {code} 1"
    after, events = commands.play(state, waiting, line, SeededDice(6))
    assert [e["type"] for e in events] == ["queued"]
    other = narrate(after, waiting, line, events, reader=1 - waiting, names=NAMES)
    assert other.command == "place" and other.lines == []
    own = narrate(after, waiting, line, events, reader=waiting, names=NAMES, you=waiting)
    assert own.command == line
    assert own.lines == [f"You queued {line} for the next placement turn."]


def test_you_gives_the_reader_its_own_sentences() -> None:
    state, events = play(table(), 1, "end")
    lines = narrate(state, 0, "end", events, reader=1, names=NAMES, you=1).lines
    assert "Turn 4: your turn." in lines
    assert "You drew 1 card: Snapping Turtle." in lines


def test_a_deck_choice_shows_as_chose_a_deck_to_others_until_all_have_chosen() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    after, events = commands.play(state, 1, "deck b", SeededDice(2))
    other = narrate(after, 1, "deck b", events, reader=0, names=NAMES)
    assert other.command == "deck"
    assert other.lines == ["Ben chose a deck."]
    assert narrate(after, 1, "deck b", events, reader=None, names=NAMES).lines == ["Ben chose a deck."]
    own = narrate(after, 1, "deck b", events, reader=1, names=NAMES, you=1)
    assert own.command == "deck b"
    assert own.lines == ["You chose deck B (Shell & Slime)."]


def test_the_last_deck_choice_opens_every_choice() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    state, _ = commands.play(state, 1, "deck b", SeededDice(2))
    after, events = commands.play(state, 0, "deck a", SeededDice(3))
    seen = narrate(after, 0, "deck a", events, reader=1, names=NAMES)
    assert seen.command == "deck a"
    assert "Ann chose deck A (Silk & Sting)." in seen.lines
    assert "The decks: Ann deck A, Ben deck B." in seen.lines


def test_the_cut_names_each_seat_as_the_rest_of_the_log_does() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    state, _ = commands.play(state, 1, "deck b", SeededDice(2))
    after, events = commands.play(state, 0, "deck a", SeededDice(3))
    seen = narrate(after, 0, "deck a", events, reader=1, names=NAMES, you=after.label(1))
    cuts = [line for line in seen.lines if " cut " in line]
    assert cuts and all(re.match(r"(Ann \(p\d\)|You) cut ", line) for line in cuts), cuts
    assert any(line.startswith("You cut ") for line in cuts)


def test_a_finished_deployment_counts_its_points_in_words() -> None:
    state = table()
    one = describe({"type": "placing_done", "seat": 1, "points": 1}, state, NAMES)
    seven = describe({"type": "placing_done", "seat": 1, "points": 7}, state, NAMES)
    assert one.endswith("finished the initial deployment (1 point).")
    assert seven.endswith("finished the initial deployment (7 points).")


def emitted_types() -> set[str]:
    text = "\n".join(p.read_text() for p in ENGINE.glob("*.py"))
    found = set(re.findall(r'"type": "([a-z_]+)"', text))
    return found | {"orders", "help"}  # commands.py emits these two under the verb's name


def collected_events() -> dict[str, dict[str, object]]:
    seen: dict[str, dict[str, object]] = {}
    for seed in range(24):
        for step in random_game(seed, players=2 + seed % 3, quick=seed % 2 == 0, limit=300):
            for event in step.events:
                seen.setdefault(str(event["type"]), {"event": event, "state": step.after})
    return seen


# Events rare in random play, in the shape the engine emits them.
RARE = [
    {"type": "draw_stopped", "seat": 1},
    {"type": "move_stopped", "seat": 1, "card": "p1-spider-1"},
    {"type": "battle_stopped", "seat": 1},
    {"type": "stopped", "seat": 2, "card": "p2-ink-1"},
    {"type": "unfinished", "seat": 1, "card": "p1-wasp-1"},
    {"type": "out", "seat": 2, "why": "cannot draw"},
    {"type": "stalled"},
    {"type": "waived", "seat": 1, "n": 2, "why": "no attack"},
    {"type": "queue_dropped", "seat": 1, "line": "place wasp 1"},
    {"type": "queued", "seat": 1, "line": "place wasp 1"},
    {"type": "help", "seat": 1},
]


@pytest.mark.random_games
@pytest.mark.reads_source
def test_every_event_type_the_engine_emits_has_a_sentence() -> None:
    seen = collected_events()
    state = table()
    for event in RARE:
        seen.setdefault(str(event["type"]), {"event": event, "state": state})
    missing = emitted_types() - set(seen)
    assert not missing, f"no event collected for {sorted(missing)}"
    for kind, found in seen.items():
        event, where = found["event"], found["state"]
        owner = event.get("seat") if isinstance(event, dict) else None  # type: ignore[union-attr]
        text = describe_for(event, where, NAMES, owner if isinstance(owner, int) else None,  # type: ignore[arg-type]
                            None, 0, None)
        assert text, kind
        assert text.strip() != kind and " " in text, (kind, text)
