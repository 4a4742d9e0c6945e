"""Parley, the test kind with hidden hands and questions out of turn: every rule, with no database and no
other kind's code."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.kinds.parley import rules
from games.kinds.parley.kind import KIND as REGISTERED
from games.kinds.parley.kind import ParleyKind
from games.kinds.parley.rules import ParleyState, Question
from games.kinds.protocol import BadOptions, Kind, Refused

from .helpers import EVERY_COMMAND, KIND, NoDice, SeededDice, dealt, playouts, run, types

# === THE KIND AND ITS OPTIONS ===


def test_it_is_a_kind_named_parley_for_three_players_with_a_random_bot() -> None:
    kind: Kind = KIND
    assert (kind.name, kind.title, kind.player_counts) == ("parley", "Parley", (3,))
    assert kind.live_template == "games/kinds/parley/live.html" and kind.extras_template == ""
    assert kind.option_filters() == [] and kind.rules_document == ""
    assert kind.bot_levels == ("random",) and kind.bot("random", random.Random(1)).level == "random"
    with pytest.raises(KeyError):
        kind.bot("greedy", random.Random(1))
    assert kind.rating_pool(kind.default_options()) == ("parley", "Parley")
    assert isinstance(REGISTERED, ParleyKind)


def test_it_names_seats_seats_and_says_what_expelling_and_undo_mean_in_its_words() -> None:
    assert KIND.seat_label == "Seat"
    assert "as if they resigned" in KIND.expel_fate
    assert KIND.undo_since == "since the last command other than a standing order"


def test_it_has_no_django_import_in_its_rules() -> None:
    tree = ast.parse(Path(rules.__file__).read_text())
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imported  # the walk found the imports it judges
    assert not [name for name in imported if name.split(".")[0] in ("django", "games") and
                not name.startswith("games.kinds.protocol")]


def test_it_defaults_to_two_rounds_and_a_day_to_answer() -> None:
    assert KIND.default_options() == {"window_hours": 24, "rounds": 2}
    assert KIND.check_options({}, 3) == {"window_hours": 24, "rounds": 2}
    assert KIND.describe_options(KIND.default_options()) == "2 rounds, 24 h to answer"
    assert KIND.describe_options({"window_hours": 1, "rounds": 1}) == "1 round, 1 h to answer"


def test_it_accepts_1_to_72_hours_and_1_to_4_rounds() -> None:
    assert KIND.check_options({"window_hours": 1, "rounds": 1}, 3) == {"window_hours": 1, "rounds": 1}
    assert KIND.check_options({"window_hours": 72, "rounds": 4}, 3) == {"window_hours": 72, "rounds": 4}


@pytest.mark.parametrize("hours", [0, 73, -1, "24", 24.0, True, None])
def test_it_refuses_a_window_out_of_range_or_not_a_whole_number(hours: Any) -> None:
    with pytest.raises(BadOptions, match="window_hours must be a whole number from 1 to 72"):
        KIND.check_options({"window_hours": hours}, 3)


@pytest.mark.parametrize("rounds", [0, 5, "2", 2.5, False])
def test_it_refuses_rounds_out_of_range_or_not_a_whole_number(rounds: Any) -> None:
    with pytest.raises(BadOptions, match="rounds must be a whole number from 1 to 4"):
        KIND.check_options({"rounds": rounds}, 3)


def test_it_refuses_unknown_options_and_other_player_counts() -> None:
    with pytest.raises(BadOptions, match="no option target"):
        KIND.check_options({"target": 10}, 3)
    for players in (2, 4):
        with pytest.raises(BadOptions, match="3 players"):
            KIND.check_options({}, players)


def test_its_lobby_fields_are_the_two_options_with_their_bounds() -> None:
    fields = KIND.option_fields()
    assert list(fields) == ["window_hours", "rounds"]
    assert (fields["window_hours"].min_value, fields["window_hours"].max_value) == (1, 72)
    assert (fields["rounds"].min_value, fields["rounds"].max_value, fields["rounds"].initial) == (1, 4, 2)


# === THE DEAL ===

def test_it_deals_three_cards_a_seat_a_fourth_to_seat_1_and_leaves_five_in_the_deck() -> None:
    state = KIND.new_state({}, 3, SeededDice(7))
    assert [len(hand) for hand in state.hands] == [4, 3, 3] and len(state.deck) == 5
    assert sorted(sum(state.hands, ()) + state.deck) == list(range(1, 16))  # every card once
    assert all(list(hand) == sorted(hand) for hand in state.hands)
    assert KIND.phase(state) == "play" and KIND.turn(state) == 1 and KIND.to_act(state) == (0,)
    assert state.scores == (0, 0, 0) and state.played == ((), (), ()) and state.question is None


def test_it_shuffles_through_dice_draw_as_fisher_yates_and_deals_round_the_table() -> None:
    dice = SeededDice(3)
    state = KIND.new_state({}, 3, dice)
    assert dice.asked == list(range(15, 1, -1))  # one draw per step: 15, 14, ..., 2
    replay = random.Random(3)
    deck = list(range(1, 16))
    for i in range(14, 0, -1):
        j = replay.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert state.hands == (tuple(sorted([deck[0], deck[3], deck[6], deck[9]])),
                           tuple(sorted([deck[1], deck[4], deck[7]])),
                           tuple(sorted([deck[2], deck[5], deck[8]])))
    assert state.deck == tuple(deck[10:])


def test_its_deal_depends_on_the_dice_alone() -> None:
    deals = {KIND.new_state({}, 3, SeededDice(seed)).hands for seed in range(20)}
    assert len(deals) == 20
    assert KIND.new_state({}, 3, SeededDice(5)) == KIND.new_state({}, 3, SeededDice(5))


def test_it_refuses_a_draw_out_of_range() -> None:
    class Wild(SeededDice):
        def draw(self, n: int) -> int:
            return n

    with pytest.raises(ValueError, match="outside"):
        KIND.new_state({}, 3, Wild(0))


def test_it_round_trips_through_json_via_dump_and_load() -> None:
    state, _ = run(dealt(), (2, "order give lowest"), (0, "call"), (1, "yes"))
    assert state.question is not None and state.question.answers == ("yes", None)
    data = json.loads(json.dumps(KIND.dump(state)))
    assert KIND.load(data) == state
    assert KIND.dump(KIND.load(data)) == data


def test_it_refuses_to_load_a_state_with_another_number_of_seats_or_an_unknown_order() -> None:
    data = KIND.dump(dealt())
    with pytest.raises(ValueError, match="3 seats"):
        KIND.load({**data, "scores": [0, 0]})
    with pytest.raises(ValueError, match="standing order"):
        KIND.load({**data, "give_orders": ["all", "off", "off"]})


# === TURNS AND DRAWS ===

def test_seat_1_draws_nothing_on_the_first_turn_and_every_later_turn_starts_with_a_draw() -> None:
    state, events = run(dealt(), (0, "end"))
    assert events == [{"type": "pass", "seat": 0, "to": 1, "turn": 2},
                      {"type": "draw", "seat": 1, "card": 11}]
    assert state.hands[1] == (5, 6, 7, 11) and state.deck == (12, 13, 14, 15)
    assert state.hands[0] == (1, 2, 3, 4)
    assert KIND.to_act(state) == (1,) and KIND.turn(state) == 2
    state, events = run(state, (1, "play 5"))
    assert events[-1] == {"type": "draw", "seat": 2, "card": 12} and state.turn == 3


def test_nothing_is_drawn_once_the_deck_is_empty() -> None:
    state, events = run(dealt(deck=()), (0, "end"))
    assert types(events) == ["pass"] and state.hands[1] == (5, 6, 7)


def test_the_turn_counts_turns_not_decisions() -> None:
    state, _ = run(dealt(), (0, "ask 2"), (1, "refuse"), (0, "call"), (1, "yes"), (2, "no"), (0, "ask 3"),
                   (2, "give 8"))
    assert KIND.turn(state) == 1 and KIND.to_act(state) == (0,)
    state, _ = run(state, (0, "end"))
    assert KIND.turn(state) == 2


def test_playing_a_card_scores_its_value_lays_it_face_up_and_ends_the_turn() -> None:
    state, events = run(dealt(), (0, "play 4"))
    assert events[0] == {"type": "play", "seat": 0, "card": 4, "score": 4}
    assert state.hands[0] == (1, 2, 3) and state.played[0] == (4,) and state.scores == (4, 0, 0)
    assert state.active == 1 and state.turns_had == (1, 0, 0)


def test_it_refuses_to_play_a_card_not_held_and_says_which_are() -> None:
    with pytest.raises(Refused, match="You hold no 9: play one of 1, 2, 3, 4"):
        KIND.play(dealt(), 0, "play 9", NoDice())
    with pytest.raises(Refused, match="one card's value"):
        KIND.play(dealt(), 0, "play", NoDice())


def test_it_refuses_turn_commands_from_a_seat_whose_turn_it_is_not() -> None:
    for command in ("ask 3", "call", "play 5", "end"):
        with pytest.raises(Refused, match="It is Seat 1's turn"):
            KIND.play(dealt(), 1, command, NoDice())
    for command in ("give 5", "refuse", "yes", "no"):
        with pytest.raises(Refused, match="Nobody has asked you anything"):
            KIND.play(dealt(), 1, command, NoDice())


def test_it_reads_commands_case_insensitively_and_refuses_unknown_ones_listing_what_is_legal() -> None:
    state, _ = run(dealt(), (0, "  ASK 2 "), (1, "Give 6"))
    assert state.hands[0] == (1, 2, 3, 4, 6)
    with pytest.raises(Refused, match=r"Legal now: ask 2, ask 3, call, play 1, play 2, play 3, play 4, end, "
                                      r"resign, order give"):
        KIND.play(dealt(), 0, "jump", NoDice())
    with pytest.raises(Refused, match="takes nothing"):
        KIND.play(dealt(), 0, "end now", NoDice())
    with pytest.raises(Refused):
        KIND.play(dealt(), 3, "resign", NoDice())


# === ASKING FOR A CARD ===

def test_an_ask_waits_for_the_asked_seat_alone_until_it_gives_a_card_to_the_asker() -> None:
    state, events = run(dealt(), (0, "ask 3"))
    assert events == [{"type": "ask", "seat": 0, "to": 2, "number": 1}]
    assert KIND.to_act(state) == (2,) and state.question == Question("ask", 0, (2,), number=1)
    state, events = run(state, (2, "give 9"))
    assert events == [{"type": "give", "from": 2, "to": 0, "card": 9}]
    assert state.hands[0] == (1, 2, 3, 4, 9) and state.hands[2] == (8, 10)
    assert KIND.to_act(state) == (0,) and state.question is None and state.asked == (2,)


def test_an_asked_seat_may_refuse() -> None:
    state, events = run(dealt(), (0, "ask 2"), (1, "refuse"))
    assert events[-1] == {"type": "refuse", "seat": 1, "to": 0}
    assert state.hands == dealt().hands and KIND.to_act(state) == (0,)


def test_an_asked_seat_may_only_give_a_card_it_holds_refuse_resign_or_set_orders() -> None:
    state, _ = run(dealt(), (0, "ask 2"))
    with pytest.raises(Refused, match="You hold no 1: give one of 5, 6, 7, or refuse"):
        KIND.play(state, 1, "give 1", NoDice())
    for command in ("play 5", "end", "yes", "call"):
        with pytest.raises(Refused, match=r"Seat 1 asks you for a card: give <card> \(you hold 5, 6, 7\) or "
                                          r"refuse"):
            KIND.play(state, 1, command, NoDice())
    assert KIND.legal_commands(state, 1) == ["give 5", "give 6", "give 7", "refuse", "resign"]
    run(state, (1, "order give lowest"))


def test_the_asker_gives_no_command_while_its_question_is_open_and_is_told_whom_it_waits_for() -> None:
    state, _ = run(dealt(), (0, "ask 2"))
    for command in ("play 1", "end", "ask 3", "call"):
        with pytest.raises(Refused, match="Waiting for Seat 2 to answer your ask first"):
            KIND.play(state, 0, command, NoDice())
    with pytest.raises(Refused, match="Waiting for Seat 2 to answer Seat 1"):
        KIND.play(state, 2, "play 8", NoDice())
    assert KIND.legal_commands(state, 0) == ["resign"] and KIND.legal_commands(state, 2) == ["resign"]


def test_it_allows_at_most_two_asks_a_turn_never_of_the_same_seat_twice() -> None:
    state, _ = run(dealt(), (0, "ask 2"), (1, "refuse"))
    with pytest.raises(Refused, match="already asked Seat 2 this turn"):
        KIND.play(state, 0, "ask 2", NoDice())
    state, events = run(state, (0, "ask 3"))
    assert events[0]["number"] == 2
    state, _ = run(state, (2, "refuse"))
    for target in ("2", "3"):
        with pytest.raises(Refused, match="You have asked 2 times this turn, the most a turn allows"):
            KIND.play(state, 0, f"ask {target}", NoDice())
    assert not [c for c in KIND.legal_commands(state, 0) if c.startswith("ask")]
    # The limit is per turn: the next seat asks afresh.
    state, _ = run(state, (0, "end"), (1, "ask 1"))
    assert state.question == Question("ask", 1, (0,), number=1)


@pytest.mark.parametrize(("command", "message"), [
    ("ask 1", "Ask another seat"), ("ask 4", "Ask another seat"), ("ask 0", "Ask another seat"),
    ("ask", "takes a seat's number"), ("ask two", "takes a seat's number"),
    ("ask 2 3", "takes a seat's number"),
])
def test_it_refuses_an_ask_of_no_other_seat(command: str, message: str) -> None:
    with pytest.raises(Refused, match=message):
        KIND.play(dealt(), 0, command, NoDice())


def test_it_refuses_to_ask_a_seat_that_is_out_or_holds_no_card() -> None:
    with pytest.raises(Refused, match="Seat 2 holds no card"):
        KIND.play(dealt(hands=((1, 2, 3, 4), (), (8, 9, 10))), 0, "ask 2", NoDice())
    state, _ = run(dealt(), (1, "resign"))
    with pytest.raises(Refused, match="Seat 2 is out of the game"):
        KIND.play(state, 0, "ask 2", NoDice())


# === CALLING ===

def test_a_call_asks_every_other_seat_at_once_in_turn_order() -> None:
    state, events = run(dealt(active=1, turn=2), (1, "call"))
    assert events == [{"type": "call", "seat": 1, "to": [2, 0]}]
    assert KIND.to_act(state) == (2, 0) and state.called
    assert KIND.legal_commands(state, 2) == KIND.legal_commands(state, 0) == ["yes", "no", "resign"]


def test_a_call_keeps_each_answer_sealed_until_the_last_is_in_then_reveals_them_together() -> None:
    state, events = run(dealt(), (0, "call"), (2, "yes"))
    assert events[-1] == {"type": "answer", "seat": 2, "answer": "yes"}
    assert KIND.to_act(state) == (1,) and state.question is not None and state.scores == (0, 0, 0)
    with pytest.raises(Refused, match="You have answered Seat 1's call; the answers are revealed once Seat 2 "
                                      "has answered"):
        KIND.play(state, 2, "no", NoDice())
    state, events = run(state, (1, "yes"))
    assert types(events) == ["answer", "reveal", "score", "score"]
    assert events[1] == {"type": "reveal", "seat": 0, "answers": {"1": "yes", "2": "yes"}}
    assert state.question is None and KIND.to_act(state) == (0,)


def test_when_everyone_called_says_yes_each_gains_a_point_and_the_caller_none() -> None:
    state, events = run(dealt(), (0, "call"), (1, "yes"), (2, "yes"))
    assert state.scores == (0, 1, 1)
    assert [e for e in events if e["type"] == "score"] == [
        {"type": "score", "seat": 1, "points": 1, "score": 1},
        {"type": "score", "seat": 2, "points": 1, "score": 1}]


@pytest.mark.parametrize(("answers", "scores"), [(("yes", "no"), (1, 0, 0)), (("no", "no"), (2, 0, 0)),
                                                 (("no", "yes"), (1, 0, 0))])
def test_the_caller_gains_a_point_for_each_no_and_a_yes_gains_nothing_unless_all_said_yes(
        answers: tuple[str, str], scores: tuple[int, int, int]) -> None:
    state, _ = run(dealt(), (0, "call"), (1, answers[0]), (2, answers[1]))
    assert state.scores == scores


def test_a_seat_calls_once_a_turn() -> None:
    state, _ = run(dealt(), (0, "call"), (1, "no"), (2, "no"))
    with pytest.raises(Refused, match="already called this turn"):
        KIND.play(state, 0, "call", NoDice())
    assert "call" not in KIND.legal_commands(state, 0)
    state, _ = run(state, (0, "end"))
    assert "call" in KIND.legal_commands(state, 1)


def test_a_called_seat_answers_only_yes_or_no() -> None:
    state, _ = run(dealt(), (0, "call"))
    for command in ("give 5", "refuse", "play 5"):
        with pytest.raises(Refused, match="Seat 1 calls: answer yes or no"):
            KIND.play(state, 1, command, NoDice())


# === STANDING ORDERS ===

def test_an_order_to_give_the_lowest_card_answers_an_ask_inside_the_askers_command() -> None:
    state, events = run(dealt(), (1, "order give lowest"))
    assert events == [{"type": "order", "seat": 1}] and state.give_orders == ("off", "lowest", "off")
    state, events = run(state, (0, "ask 2"))
    assert events == [{"type": "ask", "seat": 0, "to": 1, "number": 1},
                      {"type": "give", "from": 1, "to": 0, "card": 5, "order": True}]
    assert state.question is None and KIND.to_act(state) == (0,) and state.hands[0] == (1, 2, 3, 4, 5)


def test_an_order_to_refuse_answers_an_ask_at_once() -> None:
    state, events = run(dealt(), (2, "order give refuse"), (0, "ask 3"))
    assert events[-1] == {"type": "refuse", "seat": 2, "to": 0, "order": True}
    assert state.question is None and state.hands == dealt().hands


def test_a_call_whose_seats_all_have_orders_closes_inside_the_callers_command() -> None:
    state, _ = run(dealt(), (1, "order call yes"), (2, "ORDER CALL YES"))
    state, events = run(state, (0, "call"))
    assert types(events) == ["call", "answer", "answer", "reveal", "score", "score"]
    assert events[1] == {"type": "answer", "seat": 1, "answer": "yes", "order": True}
    assert state.question is None and state.scores == (0, 1, 1) and KIND.to_act(state) == (0,)


def test_a_call_with_one_order_waits_only_for_the_seat_without() -> None:
    state, events = run(dealt(), (2, "order call no"), (0, "call"))
    assert types(events) == ["order", "call", "answer"] and KIND.to_act(state) == (1,)
    state, _ = run(state, (1, "yes"))
    assert state.scores == (1, 0, 0)


def test_an_order_off_lets_the_question_wait_and_an_order_never_answers_a_question_already_open() -> None:
    state, _ = run(dealt(), (1, "order give lowest"), (1, "order give off"), (0, "ask 2"))
    assert KIND.to_act(state) == (1,)
    state, events = run(state, (1, "order give refuse"))
    assert types(events) == ["order"] and KIND.to_act(state) == (1,)


def test_any_seat_still_in_sets_orders_at_any_time_and_a_bad_order_is_refused() -> None:
    state, _ = run(dealt(), (0, "ask 2"), (0, "order call no"), (2, "order give lowest"))
    assert state.call_orders == ("no", "off", "off") and state.give_orders == ("off", "off", "lowest")
    for command in ("order", "order give all", "order call maybe", "order give", "order call yes now"):
        with pytest.raises(Refused, match="A standing order reads order give lowest"):
            KIND.play(state, 1, command, NoDice())


# === RESIGNING ===

def test_a_seat_resigning_while_asked_refuses_by_default_and_the_asker_plays_on() -> None:
    state, events = run(dealt(), (0, "ask 2"), (1, "resign"))
    assert events[-2:] == [{"type": "resign", "seat": 1}, {"type": "refuse", "seat": 1, "to": 0}]
    assert state.question is None and KIND.to_act(state) == (0,) and state.out == (False, True, False)
    assert KIND.seat_outcome(state, 1).status == "resigned" and KIND.phase(state) == "play"


def test_a_seat_resigning_while_called_answers_no_and_the_reveal_comes_when_it_was_the_last() -> None:
    state, _ = run(dealt(), (0, "call"), (2, "yes"))
    state, events = run(state, (1, "resign"))
    assert types(events) == ["resign", "answer", "reveal", "score"]
    assert events[1] == {"type": "answer", "seat": 1, "answer": "no", "default": True}
    assert state.scores == (1, 0, 0) and state.question is None and KIND.to_act(state) == (0,)


def test_a_seat_resigning_while_called_but_not_last_leaves_the_call_open_for_the_other() -> None:
    state, events = run(dealt(), (0, "call"), (1, "resign"))
    assert types(events) == ["call", "resign", "answer"] and KIND.to_act(state) == (2,)
    state, _ = run(state, (2, "yes"))
    assert state.scores == (1, 0, 0)  # the resigned seat's default no


def test_a_seat_resigning_on_its_turn_withdraws_its_question_and_the_turn_passes_with_a_draw() -> None:
    state, events = run(dealt(), (1, "order call yes"), (0, "call"), (0, "resign"))
    assert types(events)[-4:] == ["resign", "withdraw", "pass", "draw"]
    assert state.question is None and KIND.to_act(state) == (1,) and state.turn == 2
    assert state.scores == (0, 0, 0)  # the sealed answer is never revealed
    state, events = run(dealt(), (0, "resign"))
    assert types(events) == ["resign", "pass", "draw"]


def test_resigned_seats_are_skipped_and_the_last_seat_left_wins_at_once() -> None:
    state, _ = run(dealt(), (1, "resign"), (0, "end"))
    assert state.active == 2 and state.turn == 2
    state, events = run(state, (0, "resign"))
    assert types(events) == ["resign", "win"] and events[-1]["seat"] == 2
    assert KIND.phase(state) == "over" and KIND.to_act(state) == ()
    # The seats out come last, by the same order: no points each, Seat 2 holds fewer cards than Seat 1.
    assert KIND.result(state, events) == {"winner": 2, "places": [2, 1, 0]}
    assert [KIND.seat_outcome(state, s).status for s in range(3)] == ["resigned", "resigned", "won"]


def test_the_active_seat_resigning_when_one_other_is_left_ends_the_game_at_once() -> None:
    state, events = run(dealt(), (1, "resign"), (0, "call"), (0, "resign"))
    assert types(events)[-3:] == ["resign", "withdraw", "win"] and events[-1]["seat"] == 2
    assert KIND.phase(state) == "over" and state.question is None and KIND.to_act(state) == ()


def test_a_seat_out_can_do_nothing_and_nobody_acts_once_the_game_is_over() -> None:
    state, _ = run(dealt(), (1, "resign"))
    assert KIND.legal_commands(state, 1) == []
    with pytest.raises(Refused, match="out of this game"):
        KIND.play(state, 1, "order give lowest", NoDice())
    over, _ = run(state, (2, "resign"))
    for seat in range(3):
        assert KIND.legal_commands(over, seat) == [] and KIND.timeout_commands(over, seat) == []
        with pytest.raises(Refused):
            KIND.play(over, seat, "resign", NoDice())


# === THE END ===

def test_the_game_ends_when_every_seat_has_had_its_rounds() -> None:
    state = dealt(rounds=1)
    state, events = run(state, (0, "play 4"), (1, "play 11"), (2, "end"))
    assert KIND.phase(state) == "over" and state.turns_had == (1, 1, 1)
    assert events[-1] == {"type": "win", "seat": 1, "score": 11}
    assert KIND.result(state, events) == {"winner": 1, "places": [1, 0, 2]}
    assert [KIND.seat_outcome(state, s).status for s in range(3)] == ["lost", "won", "lost"]


def test_each_seat_gets_rounds_turns() -> None:
    state = dealt(rounds=3)
    turns = 0
    while KIND.phase(state) == "play":
        state, _ = run(state, (state.active, "end"))
        turns += 1
    assert turns == 9 and state.turns_had == (3, 3, 3) and state.turn == 9


def test_a_tie_goes_to_fewer_cards_in_hand() -> None:
    state = dealt(rounds=1, hands=((4, 1), (4, 9, 10), (5, 6, 7)), deck=())
    state, events = run(state, (0, "play 4"), (1, "play 4"), (2, "end"))
    assert state.scores == (4, 4, 0) and [len(h) for h in state.hands] == [1, 2, 3]
    assert KIND.result(state, events) == {"winner": 0, "places": [0, 1, 2]}
    state = dealt(rounds=1, hands=((4, 1, 2), (4, 9), (5, 6, 7)), deck=())
    state, events = run(state, (0, "play 4"), (1, "play 4"), (2, "end"))
    assert KIND.result(state, events)["winner"] == 1


def test_a_tie_in_score_and_cards_goes_to_the_lower_seat() -> None:
    state = dealt(rounds=1, hands=((1, 2), (3, 9), (5, 6)), deck=())
    state, events = run(state, (0, "end"), (1, "end"), (2, "end"))
    assert KIND.result(state, events) == {"winner": 0, "places": [0, 1, 2]}
    state = dealt(rounds=1, hands=((1, 2, 3), (3, 9), (5, 6)), deck=())
    state, events = run(state, (0, "end"), (1, "end"), (2, "end"))
    assert KIND.result(state, events) == {"winner": 1, "places": [1, 2, 0]}


def test_a_game_in_play_has_no_result_yet() -> None:
    assert KIND.result(dealt(), []) == {"winner": None, "places": []}


# === SUBMISSIONS, ANYTIME, UNDO ===

def test_it_splits_a_submission_on_semicolons_and_new_lines() -> None:
    assert KIND.split("ask 2; call\nplay 3\r\n ;; end ") == ["ask 2", "call", "play 3", "end"]


def test_it_limits_a_submission_to_20_commands_and_1000_characters() -> None:
    assert len(KIND.split(";".join(["end"] * 20))) == 20
    with pytest.raises(Refused, match="at most 20 commands"):
        KIND.split(";".join(["end"] * 21))
    assert KIND.split("end" + " " * 997) == ["end"]
    with pytest.raises(Refused, match="at most 1000 characters"):
        KIND.split("end" + " " * 998)


@pytest.mark.parametrize("text", ["", "   ", ";\n;"])
def test_it_refuses_an_empty_submission(text: str) -> None:
    with pytest.raises(Refused, match="Nothing to do"):
        KIND.split(text)


def test_resign_and_orders_are_anytime_commands_and_the_rest_are_not() -> None:
    assert KIND.anytime("resign") and KIND.anytime("Resign") and KIND.anytime("order give lowest")
    assert not any(KIND.anytime(c) for c in ("ask 2", "call", "play 3", "end", "give 3", "refuse", "yes",
                                             "no", "", "orders"))


def test_it_tells_its_commands_from_other_words() -> None:
    for text in ("ask 2", "CALL", "play 9", "end", "give 4", "refuse", "yes", "No", "resign",
                 "order call yes"):
        assert KIND.is_command(text)
    for text in ("", "thanks", "asking nicely", "hello there", "ordered"):
        assert not KIND.is_command(text)


def test_every_command_but_an_order_is_an_undo_barrier() -> None:
    state, order_events = run(dealt(), (0, "order give lowest"))
    assert not KIND.undo_barrier("order give lowest", order_events)
    moves = [(dealt(), 0, "ask 2"), (run(dealt(), (0, "ask 2"))[0], 1, "give 5"),
             (run(dealt(), (0, "ask 2"))[0], 1, "refuse"), (dealt(), 0, "call"),
             (run(dealt(), (0, "call"))[0], 1, "yes"), (dealt(), 0, "play 1"), (dealt(), 0, "end"),
             (dealt(deck=()), 0, "end"), (dealt(), 2, "resign")]
    for before, seat, command in moves:
        _, events = KIND.play(before, seat, command, NoDice())
        assert KIND.undo_barrier(command, events), command
    assert KIND.undo_barrier("order give lowest", [{"type": "order", "seat": 0}, {"type": "give"}])


def test_it_never_mutates_its_input_and_a_refusal_changes_nothing() -> None:
    state = dealt()
    before = KIND.dump(state)
    after, _ = run(state, (0, "ask 2"), (1, "give 5"), (0, "call"), (1, "no"), (2, "no"), (0, "play 5"))
    assert KIND.dump(state) == before and after != state
    for seat, command in ((0, "play 9"), (1, "end"), (0, "give 1"), (2, "dance"), (0, "order x")):
        with pytest.raises(Refused):
            KIND.play(state, seat, command, NoDice())
        assert KIND.dump(state) == before


def test_the_clock_takes_a_seat_out_by_resigning() -> None:
    assert KIND.leave_commands(dealt(), 2) == ["resign"]


# === LEGAL COMMANDS AGREE WITH PLAY ===

def test_it_lists_canonical_commands_for_each_seat() -> None:
    assert KIND.legal_commands(dealt(), 0) == ["ask 2", "ask 3", "call", "play 1", "play 2", "play 3",
                                               "play 4", "end", "resign"]
    assert KIND.legal_commands(dealt(), 1) == ["resign"]


def test_legal_commands_are_exactly_what_play_accepts_on_random_playouts() -> None:
    checked = 0
    seen_verbs: set[str] = set()
    for before, _seat, _command, after, _events in playouts(range(16)):
        for state in (before, after):
            for seat in range(3):
                legal = KIND.legal_commands(state, seat)
                accepted = []
                for command in EVERY_COMMAND:
                    try:
                        KIND.play(state, seat, command, NoDice())
                    except Refused:
                        continue
                    accepted.append(command)
                assert set(accepted) == set(legal), (KIND.dump(state), seat)
                assert len(legal) == len(set(legal))
                seen_verbs |= {c.split()[0] for c in legal}
        checked += 1
    assert checked >= 300
    assert seen_verbs == {"ask", "give", "refuse", "call", "yes", "no", "play", "end", "resign"}


def test_the_random_playouts_reach_every_situation_the_rules_describe() -> None:
    """The property tests above and in test_parley_seen.py are only as good as the states they visit."""
    seen: set[str] = set()
    ends = 0
    for before, _seat, _command, after, events in playouts(range(12)):
        seen |= set(types(events))
        if before.question is not None and before.question.kind == "call":
            seen.add("call-open")
        ends += KIND.phase(after) == "over"
        seen |= {"order-answer"} if any(e.get("order") for e in events) else set()
    assert {"ask", "give", "refuse", "call", "answer", "reveal", "score", "play", "pass", "draw", "order",
            "win", "call-open", "order-answer"} <= seen
    assert ends >= 8


def test_playouts_round_trip_through_json_at_every_step() -> None:
    for _before, _seat, _command, after, events in playouts(range(4)):
        data = json.loads(json.dumps(KIND.dump(after)))
        assert KIND.load(data) == after
        json.dumps(events)


def test_the_state_is_a_frozen_value() -> None:
    with pytest.raises(AttributeError):
        dealt().turn = 3  # type: ignore[misc]
    assert isinstance(dealt(), ParleyState)
