"""The command language word for word (commands.py; rules.md, "Commands"): every refusal of a malformed or
misplaced line says why and the command's form as the "Every command" table writes it; the clock's
`timeout` plays the rest of a turn or says `done` in a placement turn, and only the clock may send it; a
finished game answers `orders` and `help` only; `;` splits a batch; and the lists of legal commands
(a damage payment's `pay` lines, the turn's lines, events with a safe column) are exact."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import commands, lobby
from games.kinds.metabaloids.state import GameState, Options
from games.kinds.protocol import Refused

from .helpers import FirstPick, play, position, refusal, seat_dict
from .random_games import SeededDice
from .test_mb_window import battle


def _main() -> GameState:
    """p1's Main step right after its draw: a Wasp Drone and a Hive Queen in column 1, a Trapdoor Spider in
    column 2, an empty reserve; p2 holds a Glucose Mite at 1:1."""
    return position(seat_dict(1, grid=[["wasp", "queen"], ["trapdoor"]],
                              hand=["ant", "molt", "mite", "scorpion"], filler=5, drew=True),
                    seat_dict(2, grid=[["mite"]], filler=5))



@pytest.mark.parametrize(("line", "words"), [
    ("", "an empty command"),
    ("zap", "'zap' is not a command here; send help for the list"),
    ("timeout", "the clock answers for you when your time runs out: send a command instead"),
    ("deck a", "deck is not used in a turn"),
    ("done", "done is not used in a turn"),
    ("place ant 1", "place is not used in a turn"),
    ("pay auto", "there is no damage to pay"),
    ("discard", "discard <card>"),
    ("discard queen", "no Hive Queen in your hand"),
    ("move 1:1", "move <col:row> <column> [paying <card>]"),
    ("deploy ant 1", "your reserve is empty"),
    ("attack 1:1 p2", "attack <col:row> <player> <col:row> [paying <card>] [+ <card> <ability> …]"),
    ("attack 1:1 p1 1:1", "you cannot attack yourself"),
    ("attack 1:1 p2 2:1", "p2's play area has no card at 2:1"),
    ("attack 1:1 p2 1:1 +", "+ <card> [<ability>] [paying <cards>]"),
    ("attack 1:1 p2 1:1 + 2:1 boost now", "+ 2:1 takes no more words than its ability"),
    ("attack 1:1 p2 1:1 + trapdoor boost now", "+ trapdoor takes no more words than its ability"),
    ("use", "use <card> [<ability>] [<column>] [paying <cards>]"),
    ("use 1:1", "Wasp Drone has no ability"),
    ("use 1:1 boost", "Wasp Drone has no ability 'boost'"),
    ("use 1:2 swarm", "Hive Queen has no ability 'swarm'"),
    ("use molt", "name one of your safe columns: use molt <column>"),
    ("use molt 1 2", "use molt takes no more words than its ability and a column"),
    ("use 1:2 brood 3", "use 1:2 takes no more words than its ability"),
    ("use queen brood 3", "use queen takes no more words than its ability"),
    ("order use shell on defend", "your deck has no shell"),
])
def test_a_malformed_or_misplaced_line_in_ones_turn_is_refused_saying_why(line: str, words: str) -> None:
    assert refusal(_main(), 1, line) == words


@pytest.mark.parametrize(("step", "reserve", "line", "words"), [
    ("main", (), "deploy mite 1", "your reserve is empty"),
    ("attack", ("mite",), "deploy mite 1", "deploying comes before attacks"),
    ("restock", ("mite",), "deploy mite 1", "deploying comes before attacks"),
    ("deploy", ("mite",), "deploy mite", "deploy <card> <column>, or deploy all"),
    ("deploy", ("mite",), "deploy ant 1", "no Sugar Ant in your reserve"),
    ("restock", (), "attack 1:1 p2 1:1", "attacks are over once you restock"),
    ("draw", (), "use 1:1 boost", "abilities are used from your draw to the end of your turn"),
])
def test_deploying_attacking_and_using_are_refused_outside_their_steps(
        step: str, reserve: tuple[str, ...], line: str, words: str) -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], reserve=list(reserve), filler=5),
                     seat_dict(2, grid=[["mite"]], filler=5), step=step)
    assert refusal(state, 1, line) == words


def test_a_seat_out_of_turn_is_told_whose_turn_it_is() -> None:
    assert refusal(_main(), 2, "pass") == "it is p1's turn"


def test_an_order_is_read_for_the_table_and_the_seat_that_writes_it() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], filler=5), seat_dict(2, "B", grid=[["crab"]], filler=5))
    # A two-seat table has no p3; the order's own refusal is the command's.
    assert refusal(state, 2, "order use shell on defend by p3") == (
        "`by` needs a seat: p1 to p2, or me; `p3` is none")
    # p2 naming itself is `me` (stored as 0, state.md).
    state, events = play(state, 2, "order use ink on attack against p2")
    assert events == [{"type": "order", "seat": 2, "text": "use ink on attack against p2", "private": True}]
    uses = state.seat(2).orders.to_dict()["uses"]
    written = [entry["order"] for entry in uses if entry["order"]["card"] == "ink"]
    assert [(o["trigger"], o["against"], o["by"]) for o in written] == [("attack", 0, None)]


def test_play_wants_dice() -> None:
    with pytest.raises(ValueError) as error:
        commands.play(_main(), 0, "pass", None)
    assert str(error.value) == "Metabaloids draws every card through dice: pass one"


def test_before_every_deck_is_picked_only_a_deck_line_is_read() -> None:
    state, _ = lobby.new_game(Options(players=2), SeededDice(1))
    with pytest.raises(Refused) as refused:
        commands.play(state, 0, "pass", SeededDice(2))
    assert str(refused.value) == ("the game begins once every player has picked a deck: deck a, deck b or "
                                  "deck list <card>:<copies> … [as <name>]")


def test_a_batch_splits_at_semicolons_and_line_ends_dropping_blank_lines() -> None:
    assert commands.split("pass; end\n deploy all ;\n\n") == ["pass", "end", "deploy all"]


# --- the initial deployment ---------------------------------------------------------------------------

def _placing() -> GameState:
    state = position(seat_dict(1, hand=["mite", "ant"], filler=5, placing_done=False),
                     seat_dict(2, hand=["beetle", "spider"], filler=5, placing_done=False), turn=0)
    state.phase = "place"
    return state


@pytest.mark.parametrize(("line", "words"), [
    ("place mite", "place <card> <column>"),
    ("use molt 1", "no abilities before the first turn begins"),
    ("pass", "the initial deployment is on: place <card> <column> or done"),
])
def test_a_placement_turn_reads_place_and_done_only(line: str, words: str) -> None:
    assert refusal(_placing(), 1, line) == words


def test_the_clock_says_done_for_a_seat_whose_placement_time_ran_out() -> None:
    by_clock, clock_events = commands.play(_placing(), 0, "timeout", FirstPick(), clock=True)
    by_hand, done_events = play(_placing(), 1, "done")
    assert clock_events == done_events and by_clock.to_dict() == by_hand.to_dict()
    assert by_clock.seat(1).placing_done is True


# --- the clock in a turn --------------------------------------------------------------------------------

def test_the_clock_deploys_the_reserve_and_ends_the_turn() -> None:
    state = position(seat_dict(1, grid=[["wasp"]], hand=["ant"], reserve=["mite"], filler=5),
                     seat_dict(2, grid=[["mite"]], filler=12), step="deploy")
    by_clock, clock_events = commands.play(state, 0, "timeout", FirstPick(), clock=True)
    by_hand, hand_events = play(state, 1, "deploy all", "end")
    assert clock_events == hand_events and by_clock.to_dict() == by_hand.to_dict()
    assert clock_events[0] == {"type": "deployed", "seat": 1, "card": "p1-mite-6", "col": 2}
    assert (by_clock.active, by_clock.seat(1).reserve) == (2, [])


# --- a finished game --------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["pass", "resign", "order keep none", "deploy all"])
def test_a_finished_game_refuses_every_command_but_orders_and_help(line: str) -> None:
    state = _main()
    state.phase = "over"
    assert refusal(state, 1, line) == "game over"


@pytest.mark.parametrize("verb", ["orders", "help"])
def test_orders_and_help_are_answered_privately_even_after_the_game(verb: str) -> None:
    for phase in ("turn", "over"):
        state = _main()
        state.phase = phase
        after, events = play(state, 2, verb)
        assert events == [{"type": verb, "seat": 2, "private": True}]
        assert after.to_dict() == state.to_dict()


# --- legal commands ------------------------------------------------------------------------------------

def _payment() -> GameState:
    """p2 lost a battle in a game with windows and asked to pay itself (state.md: `order pay ask`); its
    bonus card emptied its draw pile (the game reshuffles, so the discard pile still feeds it)."""
    state = position(
        seat_dict(1, grid=[["centipede", "wasp"]], hand=["ant"], draw=["mite"], filler=5),
        seat_dict(2, grid=[["mite", "beetle"], ["spider"]], hand=["scorpion", "ant", "scorpion"],
                  reserve=["canopy", "molt"], discard=["wasp"], draw=["spider"], orders=["order pay ask"]),
        step="attack", window_minutes=10)
    state, events = play(state, 1, "attack 1:1 p2 1:1")
    assert {k: events[-1][k] for k in ("type", "seat", "kind")} == {"type": "asked", "seat": 2, "kind": "pay"}
    assert state.seat(2).draw == [] and len(state.seat(2).discard) == 1
    return state


def test_a_damage_payment_lists_every_source_worth_a_point_and_only_for_the_payer() -> None:
    state = _payment()
    # Sugar Ant and Molt have no defense: they pay nothing, so no line names them (rules.md, "Paying
    # damage"); the scorpions make one line; the attacker has nothing to send while p2 pays.
    assert commands.legal_commands(state, 1) == [
        "pay auto", "pass", "pay discard", "pay draw 1", "pay hand scorpion", "pay reserve canopy",
        "pay play 1:1", "pay play 2:1"]
    assert commands.legal_commands(state, 0) == []


def test_without_a_draw_or_discard_pile_no_payment_takes_from_them() -> None:
    state = _payment()
    state.seat(2).discard = []
    assert commands.legal_commands(state, 1) == [
        "pay auto", "pass", "pay hand scorpion", "pay reserve canopy", "pay play 1:1", "pay play 2:1"]


def test_a_turns_lines_with_a_one_point_hand() -> None:
    state = position(seat_dict(1, grid=[["wasp"], ["spider"]], hand=["ant"], filler=5, drew=True),
                     seat_dict(2, grid=[["mite"]], filler=5))
    # One Sugar Ant pays a move or an attack (1 point) but no restock: it cannot pay for itself.
    assert commands.legal_commands(state, 0) == [
        "discard ant", "move 1:1 3", "move 2:1 3", "attack 1:1 p2 1:1", "attack 2:1 p2 1:1", "pass", "end"]


def test_a_turns_lines_with_molt_a_safe_third_column_and_a_queen_in_hand() -> None:
    state = position(seat_dict(1, grid=[["wasp"], [], ["spider"]], hand=["molt", "queen", "mite"], safe=[3],
                               filler=5, drew=True),
                     seat_dict(2, grid=[["mite"]], filler=5))
    # Molt names the safe column; the queen's brood is used from play, never from the hand.
    assert commands.legal_commands(state, 0) == [
        "discard mite", "discard molt", "discard queen", "move 1:1 2", "move 3:1 2", "attack 1:1 p2 1:1",
        "use molt 3", "restock mite", "pass", "end"]


# --- the defender's window ----------------------------------------------------------------------------------

def test_a_use_in_the_defenders_window_counts_as_a_firing_of_the_round() -> None:
    state, _ = play(battle(), 1, "attack 1:1 p2 1:1")
    assert state.battle is not None and state.battle.fired is False
    state, _ = play(state, 2, "use 1:1 boost paying mite")
    # state.md: `fired` says whether anything fired in this round, kept while the window is open so the
    # round goes on after it (rules.md, "The declaration moment": another round follows).
    assert state.battle is not None and state.battle.fired is True and state.battle.poll == [2, 1]
    assert state.decision is not None and state.decision.kind == "react"
