"""Metal Adventures' options, a new game for 3 to 6 seats (2 with the house rule), and the setup's trophy
choice: every seat keeps two of three, all at once, and the last choice starts turn 1."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import Any

import pytest

from games.kinds.metal_adventures import cards, invariants, setup
from games.kinds.metal_adventures.state import GameState, Options
from games.kinds.protocol import BadOptions, Refused

from .helpers import IdentityDice, SeededDice, all_chosen, dealt

SEEDS = range(40)


# === OPTIONS ===


def test_the_options_default_to_a_day_layered_hunters_no_perks_and_no_house_rule() -> None:
    assert setup.default_options() == {"window_hours": 24, "hunter_shuffle": "layered", "perks": False,
                                       "two_player_house_rule": False}
    assert setup.check_options({}, 4) == Options()
    assert setup.describe_options(setup.default_options()) == (
        "24 h to answer a question out of turn, layered Hunter shuffle")


def test_the_options_take_1_to_72_hours_a_full_shuffle_and_perks() -> None:
    checked = setup.check_options({"window_hours": 72, "hunter_shuffle": "full", "perks": True}, 6)
    assert checked == Options(window_hours=72, hunter_shuffle="full", perks=True)
    assert setup.check_options({"window_hours": 1}, 3).window_hours == 1
    assert "base starship perks" in setup.describe_options(checked.to_dict())


@pytest.mark.parametrize(("options", "words"), [
    ({"window_hours": 0}, "window_hours must be a whole number from 1 to 72"),
    ({"window_hours": 73}, "window_hours must be a whole number from 1 to 72"),
    ({"window_hours": "24"}, "window_hours must be a whole number from 1 to 72"),
    ({"window_hours": True}, "window_hours must be a whole number from 1 to 72"),
    ({"hunter_shuffle": "random"}, "hunter_shuffle is layered"),
    ({"perks": "yes"}, "perks is on or off"),
    ({"rounds": 3}, "no option rounds"),
])
def test_options_not_offered_are_refused_saying_what_is(options: dict[str, Any], words: str) -> None:
    with pytest.raises(BadOptions, match=words):
        setup.check_options(options, 4)


def test_r1_two_players_need_the_house_rule_and_the_house_rule_needs_two_players() -> None:
    with pytest.raises(BadOptions, match="two players only with the two-player house rule"):
        setup.check_options({}, 2)
    assert setup.check_options({"two_player_house_rule": True}, 2).two_player_house_rule
    assert "two-player house rule" in setup.describe_options({"two_player_house_rule": True})
    with pytest.raises(BadOptions, match="The two-player house rule is for 2 players; this game has 4"):
        setup.check_options({"two_player_house_rule": True}, 4)


@pytest.mark.parametrize("players", [0, 1, 7])
def test_r1_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(BadOptions, match="for 3 to 6 players"):
        setup.new_state({}, players, SeededDice(0))


# === A NEW GAME ===


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_a_new_game_for_3_to_6_seats_is_set_up_as_the_rules_say_with_the_invariants(players: int) -> None:
    for seed in SEEDS:
        state = dealt(players, seed)
        assert state.players == players and state.phase == "setup.trophies" and state.turn == 0
        for seat in state.seats:
            assert (seat.credits, seat.power, seat.damage, seat.glory, seat.jp, seat.mf) == (3, 8, 0, 0, 0, 0)
            assert seat.improvements == seat.trophies == seat.wrecks == seat.orders == ()
        assert len({seat.base for seat in state.seats}) == players
        assert [len(hand) for hand in state.dealt] == [3] * players
        assert len(state.trophy_deck) == 18 - 3 * players
        assert len(state.space_deck) == 68 and state.space_area == () and state.space_mixed == ()
        assert len(state.ocg_row) == 4 and None not in state.ocg_row and len(state.improvement_deck) == 20
        assert state.bank == 72 - 3 * players
        assert state.pot == 0 and state.treasuries.total() == 0
        assert state.bazaar_pile == state.karokum_pile == state.out_of_game == ()


def test_two_seats_are_set_up_only_with_the_house_rule() -> None:
    state = dealt(2, 0, two_player_house_rule=True)
    assert state.bank == 66 and len(state.trophy_deck) == 12
    with pytest.raises(BadOptions):
        setup.new_state({}, 2, SeededDice(0))


def test_the_space_deck_is_the_shuffled_blue_block_on_top_of_the_shuffled_red_block() -> None:
    tops, bottoms = set(), set()
    for seed in SEEDS:
        deck = dealt(3, seed).space_deck
        assert set(deck[:34]) == set(cards.BLUE) and set(deck[34:]) == set(cards.RED)
        tops.add(deck[0])
        bottoms.add(deck[-1])
    assert len(tops) > 10 and len(bottoms) > 10  # shuffled, not in a fixed order


def test_each_seat_gets_a_random_base_starship_and_the_seats_keep_the_platforms_order() -> None:
    first_bases = {dealt(3, seed).seats[0].base for seed in SEEDS}
    assert first_bases == set(cards.BASES)
    for seed in range(5):
        state = all_chosen(dealt(5, seed))
        assert state.active == 0  # seat 1 plays first: the engine draws no seat order of its own


def test_with_dice_that_never_move_a_card_every_pile_is_in_id_order_and_dealt_from_the_top() -> None:
    dice = IdentityDice()
    state = setup.new_state({}, 3, dice)
    assert [seat.base for seat in state.seats] == ["B6", "B5", "B4"]  # each time the last base left
    assert state.dealt == (("T01", "T02", "T03"), ("T04", "T05", "T06"), ("T07", "T08", "T09"))
    assert state.trophy_deck == tuple(f"T{n:02}" for n in range(10, 19))
    assert state.space_deck == cards.BLUE + cards.RED
    assert state.ocg_row == ("E01", "E02", "E03", "E04")
    assert state.improvement_deck[0] == "E05" and state.improvement_deck[-1] == "S09"


def test_a_new_game_draws_bases_then_trophies_then_blue_then_red_then_improvements_and_nothing_else() -> None:
    dice = SeededDice(3)
    setup.new_state({}, 4, dice)
    shuffle = lambda n: list(range(n, 1, -1))  # noqa: E731  (Fisher-Yates asks n, n-1, ... 2)
    assert dice.asked == [6, 5, 4, 3] + shuffle(18) + shuffle(34) + shuffle(34) + shuffle(24)


def test_the_same_dice_make_the_same_game() -> None:
    assert setup.new_state({}, 5, SeededDice(7)) == setup.new_state({}, 5, SeededDice(7))
    assert setup.new_state({}, 5, SeededDice(7)) != setup.new_state({}, 5, SeededDice(8))


def test_dice_that_draw_outside_the_range_are_a_bug() -> None:
    class Broken(SeededDice):
        def draw(self, n: int) -> int:
            return n

    with pytest.raises(ValueError, match=r"dice.draw\(6\) gave 6"):
        setup.new_state({}, 3, Broken(0))


# === THE TROPHY CHOICE ===


def known() -> GameState:
    """Three seats dealt T01-T03, T04-T06, T07-T09 (IdentityDice); T10-T18 in the deck."""
    return setup.new_state({}, 3, IdentityDice())


def with_hand(hand: tuple[str, ...]) -> GameState:
    """known(), seat 1 dealt `hand`; the other trophies dealt and stacked in id order."""
    others = [t for t in cards.TROPHIES if t not in hand]
    return replace(known(), dealt=(hand, tuple(others[:3]), tuple(others[3:6])),
                   trophy_deck=tuple(others[6:]))


def test_every_seat_is_awaited_for_its_choice_and_may_choose_any_two_of_its_three() -> None:
    state = known()
    assert state.awaiting_choice() == (0, 1, 2)
    assert setup.choice_commands(state, 1) == ["choose T04 T05", "choose T04 T06", "choose T05 T06"]
    assert setup.setup_window_seconds(state) == 3 * 24 * 3600
    assert setup.setup_window_seconds(replace(state, options=Options(window_hours=5))) == 3 * 5 * 3600


@pytest.mark.parametrize("command", ["choose T01 T03", "Choose t3 t1", "choose hangman scrapyard",
                                     "choose trophy of the hangman trophy of the scrapyard king",
                                     "choose Scrapyard-King HANGMAN"])
def test_a_choice_names_two_trophies_by_id_or_name_in_any_order(command: str) -> None:
    state, events = setup.choose(known(), 0, command)
    assert state.seats[0].trophies == ("T01", "T03")  # in the order dealt
    assert state.dealt[0] == ("T02",) and state.chosen == (True, False, False)
    assert events == [{"type": "choose", "seat": 0, "kept": ["T01", "T03"], "aside": ["T02"]}]
    assert state.phase == "setup.trophies" and state.awaiting_choice() == (1, 2)
    assert setup.choice_commands(state, 0) == []
    invariants.check(state)


@pytest.mark.parametrize(("command", "words"), [
    ("keep T01 T02", "every player keeps two of their three trophies: choose <trophy> <trophy>"),
    ("choose", r"Name two trophies\. Keep two of your three trophies: choose T01 T02"),
    ("choose T01", "Name two trophies"),
    ("choose T01 T01", "Name two different trophies"),
    ("choose T01 T02 T03", "Could not read two of your trophies in 'T01 T02 T03'"),
    ("choose T01 T04", r"Trophy of the Four Flags \(T04\) is not one of your three trophies"),
    ("choose hangman zzz", "None of your three trophies is called 'zzz'"),
    ("choose trophy hangman", "'trophy' could be"),
])
def test_a_choice_that_is_not_two_of_the_seats_three_is_refused_saying_why(command: str, words: str) -> None:
    with pytest.raises(Refused, match=words):
        setup.choose(known(), 0, command)


def test_a_choice_of_several_words_is_split_where_both_halves_name_a_card() -> None:
    state = with_hand(("T05", "T06", "T07"))
    # "of" and "of the" fit all three: the split comes after "sunbreaker".
    after, _ = setup.choose(state, 0, "choose of the sunbreaker the dust king")
    assert after.seats[0].trophies == ("T05", "T07")
    with pytest.raises(Refused, match="'breaker' could be"):
        setup.choose(state, 0, "choose breaker dust")


def test_a_seat_chooses_once() -> None:
    state, _ = setup.choose(known(), 1, "choose T04 T05")
    with pytest.raises(Refused, match=r"You already kept Trophy of the Four Flags \(T04\) and .*T05"):
        setup.choose(state, 1, "choose T05 T06")


def test_no_choice_once_play_has_begun_and_none_for_a_seat_that_is_out() -> None:
    with pytest.raises(Refused, match="play has begun"):
        setup.choose(all_chosen(known()), 0, "choose T01 T02")
    state = known()
    out = state.with_seat(2, replace(state.seats[2], out=True))
    with pytest.raises(Refused, match="out of the game"):
        setup.choose(out, 2, "choose T07 T08")
    assert out.awaiting_choice() == (0, 1)


def test_r61_the_last_choice_puts_the_trophies_aside_to_the_bottom_in_deal_order_and_starts_turn_1() -> None:
    state, _ = setup.choose(known(), 2, "choose T07 T08")
    state, _ = setup.choose(state, 0, "choose T02 T03")
    state, events = setup.choose(state, 1, "choose T05 T06")
    assert events == [{"type": "choose", "seat": 1, "kept": ["T05", "T06"], "aside": ["T04"]},
                      {"type": "setup_done", "bottom": 3}, {"type": "turn", "seat": 0, "turn": 1}]
    assert state.trophy_deck == (*(f"T{n}" for n in range(10, 19)), "T01", "T04", "T09")
    assert len(state.trophy_deck) == 18 - 2 * 3
    assert (state.phase, state.turn, state.active) == ("turn.start", 1, 0)
    assert state.dealt == ((), (), ()) and state.chosen == (True, True, True)
    assert state.awaiting_choice() == ()
    invariants.check(state)


def test_the_seats_choose_in_any_order_and_the_game_is_the_same() -> None:
    start = dealt(4, 11)
    finals = {all_chosen(start, list(order)) for order in permutations(range(4))}
    assert len(finals) == 1


def test_a_seat_that_left_during_setup_is_not_waited_for_and_its_three_go_to_the_bottom() -> None:
    state = known()
    state = state.with_seat(1, replace(state.seats[1], out=True))
    state, _ = setup.choose(state, 0, "choose T01 T02")
    state, events = setup.choose(state, 2, "choose T07 T08")
    assert events[-1] == {"type": "turn", "seat": 0, "turn": 1}
    assert state.trophy_deck[-5:] == ("T03", "T04", "T05", "T06", "T09")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_game_chosen_by_the_clock_keeps_every_invariant(players: int) -> None:
    for seed in SEEDS:
        state = all_chosen(dealt(players, seed, two_player_house_rule=players == 2))
        assert state.phase == "turn.start" and all(len(seat.trophies) == 2 for seat in state.seats)
        assert len(state.trophy_deck) == 18 - 2 * players


# === THE CLOCK'S CHOICE (D1's default) ===


@pytest.mark.parametrize(("hand", "kept"), [
    (("T09", "T02", "T05"), ("T02", "T05")),  # 2 G first; T05 and T09 tie at 1 G: the lower id
    (("T13", "T11", "T03"), ("T11", "T03")),  # all 2 G: the two lower ids, in the order dealt
    (("T18", "T01", "T17"), ("T01", "T17")),
    (("T10", "T15", "T12"), ("T10", "T15")),
])
def test_the_clock_keeps_the_two_with_the_most_glory_ties_to_the_lower_id(hand: tuple[str, ...],
                                                                         kept: tuple[str, ...]) -> None:
    state = with_hand(hand)
    invariants.check(state)
    assert setup.default_choice(state, 0) == kept
    command = setup.timeout_command(state, 0)
    assert command == f"choose {kept[0]} {kept[1]}" and command in setup.choice_commands(state, 0)
    after, _ = setup.choose(state, 0, command)
    assert after.seats[0].trophies == kept


def test_a_choice_naming_one_trophy_is_refused_with_the_usage_and_the_hand_word_for_word() -> None:
    state = dealt(3, 0)
    with pytest.raises(Refused) as refused:
        setup.choose(state, 1, "choose T15")
    assert str(refused.value) == (
        "Name two trophies. Keep two of your three trophies: choose T15 T01 (yours: Trophy of the Iron Wall "
        "(T15); Trophy of the Hangman (T01); Trophy of the Headhunter (T02)).")
    assert state.phase == "setup.trophies" and state.turn == 0


def test_a_choice_naming_no_trophy_is_refused_word_for_word_listing_the_seats_three() -> None:
    with pytest.raises(Refused) as refused:
        setup.choose(known(), 0, "choose")
    assert str(refused.value) == (
        "Name two trophies. Keep two of your three trophies: choose T01 T02 (yours: Trophy of the Hangman "
        "(T01); Trophy of the Headhunter (T02); Trophy of the Scrapyard King (T03)).")


def test_choose_for_a_seat_past_the_last_or_once_play_has_begun_is_refused_word_for_word() -> None:
    from .helpers import refusal

    state = dealt(3, 0)
    with pytest.raises(Refused) as no_seat:
        setup.choose(state, 3, "choose T01 T02")
    assert str(no_seat.value) == "There is no seat 4 in this game."
    assert refusal(all_chosen(state), 0, "choose T01 T02") == (
        "The trophies were chosen at the start of the game: play has begun.")
