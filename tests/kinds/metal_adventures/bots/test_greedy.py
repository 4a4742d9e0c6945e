"""The greedy bot's decisions in built positions (games/kinds/metal_adventures/bots/greedy.py): the turn's
start, the battle it picks, the allies it asks and the asks it accepts, loyalty and betrayal, the Metal
Faktor die, support cards, the tour, the spoils and picks, its promises; and that it decides on its
seat's bot state alone, so that what the seat cannot see never changes its choice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import cards, commands, invariants
from games.kinds.metal_adventures.bots.greedy import GreedyBot
from games.kinds.metal_adventures.records import DISCARD, KEEP_TROPHY, Choice
from games.kinds.metal_adventures.state import GameState
from games.kinds.metal_adventures.view import bot_state

from ..helpers import MF, A, B, C, ScriptedDice, facing, given, play


def choose(state: GameState, seat: int) -> str:
    """The greedy bot's command, which `play` must accept."""
    command = GreedyBot().choose(state, seat)
    play(state, seat, command, ScriptedDice(3, 3, 3, 3, 3, 3, draws=(0,) * 80))
    return command


def travelling(**kwargs: object) -> GameState:
    return given(4, phase="turn.travel", **kwargs)  # type: ignore[arg-type]


# === THE TURN'S START ===


def test_it_pays_the_tribute_it_can_pay() -> None:
    assert choose(given(4, seats={A: dict(credits=3)}), A) == "tribute"


def test_it_refuses_the_tribute_only_when_it_can_neither_pay_nor_rest() -> None:
    assert choose(given(4, seats={A: dict(credits=0)}), A) == "refuse"
    assert choose(given(4, seats={A: dict(credits=0, damage=1)}), A) == "rest"


def test_it_rests_when_its_damage_is_past_what_it_can_repair() -> None:
    assert choose(given(4, seats={A: dict(credits=1, damage=3)}), A) == "rest"


def test_it_rests_to_wipe_a_metal_faktor_debt_that_would_sink_its_battle() -> None:
    assert choose(given(4, seats={A: dict(credits=3, damage=1, mf=6)}), A) == "rest"


def test_it_travels_when_the_battle_is_worth_more_than_a_rest() -> None:
    # B is wrecked (M 4) and rich: a challenge is worth far more than the rest's 2 credits.
    state = given(4, seats={A: dict(credits=3, damage=1), B: dict(damage=4, credits=10)}, pot=3)
    assert choose(state, A) == "tribute"


# === THE BATTLE IT PICKS ===


def test_it_challenges_a_wrecked_rich_seat() -> None:
    assert choose(travelling(seats={B: dict(damage=4, credits=10)}, pot=3), A) == "challenge 2"


def test_it_raids_a_rich_planet_it_can_take_alone() -> None:
    # M 16 against the Bazaar (12) holding 12 credits: a sure haul worth more than a duel's glory.
    state = travelling(seats={A: dict(improvements=("E06", "E05", "E10"), credits=1)},
                       treasuries={"bazaar": 12})
    assert until_battle(state)[-1] == "attack planet bazaar"


def test_it_picks_the_face_up_starship_worth_most() -> None:
    # Three face up: N09 TRIBUNE CUTTER (6: 1 credit), N29 QUARTERLY MARGIN (11: 4 credits) and N30
    # AUDITOR PRIME (13: 2 G). At M 14 it beats N29 and N30 most of the time: the glory is worth most.
    state = given(4, phase="turn.travel", seats={A: dict(improvements=("E06", "E08"))},
                  space=("N09", "N29", "N30"))
    state, _ = play(state, A, "attack space")
    assert state.space_area == ("N09", "N29", "N30")
    assert choose(state, A) == "attack space 3"


# === ALLIES ===


def test_it_asks_the_seat_that_makes_the_difference_with_terms_it_should_accept() -> None:
    # M 8 against N06 (11): alone 17%; B's support 6 makes it 83%.
    state = facing(given(4, seats={B: dict(improvements=("E02", "E08")), C: dict(improvements=("E01",))}),
                   "N06")
    command = choose(state, A)
    assert command.startswith("ally ask 2 for ") and command.endswith("c")
    assert 1 <= int(command.removeprefix("ally ask 2 for ").removesuffix("c")) <= 3 + 4  # its means


def test_it_fights_alone_when_it_needs_no_help() -> None:
    state = facing(given(4, seats={A: dict(improvements=("E06", "E05", "E10"))}), "N01")
    assert choose(state, A) == "ally none"


def test_it_accepts_an_ask_worth_its_risk() -> None:
    state = facing(given(4, seats={B: dict(improvements=("E02", "E08"))}), "N06")
    state, _ = play(state, A, "ally ask 2 for 3c")
    assert choose(state, B) == "ally accept"


def test_it_counters_an_ask_that_offers_nothing() -> None:
    state = facing(given(4, seats={B: dict(improvements=("E02", "E08"))}), "N06")
    state, _ = play(state, A, "ally ask 2")
    command = choose(state, B)
    assert command.startswith("ally accept ") and command.endswith("c")


def test_it_declines_a_hopeless_ask() -> None:
    # D04 PHOTON SOVEREIGN (17, 3 dots) against 8 + 4: 3 damage for a credit.
    state = facing(given(4), "D04")
    state, _ = play(state, A, "ally ask 2 for 1c")
    assert choose(state, B) == "ally decline"


# === LOYALTY AND BETRAYAL ===


def planet_ally(target: str = "exxalia", **b: object) -> GameState:
    state = given(4, phase="turn.travel", seats={B: dict(trophies=("T18",), **b)}, treasuries={target: 10})
    state, _ = play(state, A, f"attack planet {target}")
    state, _ = play(state, A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept")
    return state


def test_it_betrays_when_betrayal_pays() -> None:
    # Exxalia (16) against 8 + 4: the attacker has 8%; betrayed, the planet's 10 credits and the
    # Turncoat (T18: 1 G and 3 credits) are the traitor's most of the time, for 1 G of judgment.
    assert choose(planet_ally(), B) == "betray"


def test_it_stays_loyal_when_betrayal_does_not_pay() -> None:
    state = given(4, phase="turn.travel", treasuries={"bazaar": 0})
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2 for 2c")
    state, _ = play(state, B, "ally accept")
    assert choose(state, B) == "loyal"


def test_it_never_betrays_against_a_pirate_hunter() -> None:
    state = facing(given(4, seats={B: dict(trophies=("T18",))}), "N16")
    state, _ = play(state, A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept")
    assert "betray" not in commands.legal_commands(state, B)
    assert choose(state, B) == "loyal"


# === THE METAL FAKTOR DIE AND SUPPORT CARDS ===


def test_it_uses_its_metal_faktor_die_when_it_matters() -> None:
    # M 8 against N30 AUDITOR PRIME (13, 2 G): the die more than doubles the chance.
    state = facing(given(4), "N30")
    state, _ = play(state, A, "ally none")
    assert choose(state, A) == "mf yes"


def test_it_keeps_its_die_when_the_win_is_certain() -> None:
    state = facing(given(4, seats={A: dict(improvements=("E06", "E05", "E10"))}), "N01")
    state, _ = play(state, A, "ally none")
    assert choose(state, A) == "roll"


def test_it_cannot_use_its_die_in_debt_and_does_not_try() -> None:
    state = facing(given(4, seats={A: dict(mf=2)}), "N30")
    state, _ = play(state, A, "ally none")
    assert "mf yes" not in commands.legal_commands(state, A)
    assert choose(state, A) == "roll"


def test_it_plays_berserker_grog_when_the_three_points_count() -> None:
    state = facing(given(4, seats={A: dict(improvements=("S02",))}), "N06")
    state, _ = play(state, A, "ally none")
    assert choose(state, A) == "play S02"


def test_it_arms_a_reroll_card_as_an_ally() -> None:
    state = facing(given(4, seats={B: dict(improvements=("E02", "E08", "S03"))}), "N06")
    state, _ = play(state, A, "ally ask 2 for 3c")
    state, _ = play(state, B, "ally accept")
    assert choose(state, B) == "arm S03"


def test_it_rerolls_a_lost_battle_when_the_reroll_can_win_it() -> None:
    state = facing(given(4, seats={A: dict(improvements=("S03",))}), "N06")
    state, _ = play(state, A, "ally none")
    state, _ = play(state, A, "mf yes")
    state, _ = play(state, A, "roll", ScriptedDice(1, 3, MF[2]))
    assert state.phase == "battle.react"  # 8 + 1 + 2 = 11 against 14: a 4 or more would win
    assert choose(state, A) == "play S03"


# === THE TOUR ===


def until_battle(state: GameState) -> list[str]:
    """The bot's commands up to and including the one that starts its battle."""
    played = []
    for _ in range(12):
        command = choose(state, A)
        played.append(command)
        if command.startswith(("attack", "challenge")):
            return played
        state, _ = play(state, A, command, ScriptedDice(draws=(0,) * 80))
    raise AssertionError(f"no battle after {played}")


def test_it_repairs_before_the_battle() -> None:
    played = until_battle(travelling(seats={A: dict(credits=5, damage=1)}))
    assert "tour repair" in played[:-1]


def test_it_buys_power_it_can_afford_before_the_battle() -> None:
    played = until_battle(travelling(seats={A: dict(credits=8, trophies=())},
                                     ocg_row=("E05", "E07", "E13", "E12")))
    assert "tour buy E05" in played[:-1]


def test_it_tours_after_the_battle_when_the_tour_would_not_help_the_battle() -> None:
    # Amnesty waits: nothing on the tour mends or arms the ship (the row is beyond its credits).
    state = travelling(seats={A: dict(credits=3, jp=1, glory=1, trophies=())},
                       ocg_row=("E06", "E10", "E09", "E05"))
    played = until_battle(state)
    assert len(played) == 1
    state = replace(state, travel=replace(state.travel, battle_done=True))
    assert "tour amnesty" in rest_of_turn(state)[0]


def after_battle(**kwargs: object) -> GameState:
    state = travelling(**kwargs)
    return replace(state, travel=replace(state.travel, battle_done=True))


def rest_of_turn(state: GameState) -> tuple[list[str], GameState]:
    """The bot's commands to the end of its turn, and the state before its `end`."""
    played = []
    for _ in range(20):
        command = choose(state, A)
        played.append(command)
        if command == "end":
            return played, state
        state, _ = play(state, A, command, ScriptedDice(draws=(0,) * 80))
    raise AssertionError(f"no end after {played}")


def test_it_takes_the_glory_title_when_it_can() -> None:
    state = after_battle(seats={A: dict(credits=2, trophies=(), wrecks=("N01", "N04", "N05", "N25"))})
    played, last = rest_of_turn(state)
    assert "tour title N01 N04 N05" in played and last.seats[A].glory >= 1


def test_it_buys_amnesty_for_a_jp() -> None:
    played, last = rest_of_turn(after_battle(seats={A: dict(credits=3, jp=1, glory=1)}))
    assert "tour amnesty" in played and last.seats[A].jp == 0


def late(state: GameState) -> GameState:
    """The same game near its end: only ten cards left in the Space deck."""
    return replace(state, space_deck=state.space_deck[:10], out_of_game=state.space_deck[10:])


def test_it_turns_six_credits_into_glory_near_the_end() -> None:
    played, last = rest_of_turn(late(after_battle(seats={A: dict(credits=9)})))
    assert "tour splurge" in played and last.seats[A].glory == 1


def test_it_ends_its_turn_when_nothing_is_worth_doing() -> None:
    assert choose(after_battle(seats={A: dict(credits=1)}), A) == "end"


# === SPOILS, PICKS AND PROMISES ===


def won_challenge(loser: dict[str, object]) -> GameState:
    state = given(3, phase="turn.travel", seats={A: dict(improvements=("E06",), trophies=()), B: loser})
    state, _ = play(state, A, "challenge 2")
    state, _ = play(state, A, "ready")
    state, _ = play(state, B, "ready")
    state, _ = play(state, A, "mf no")
    state, _ = play(state, A, "roll")
    state, _ = play(state, B, "mf no", ScriptedDice(6, 1))
    assert state.choices[0].kind == "spoils"
    return state


def test_it_takes_half_the_credits_of_a_rich_loser() -> None:
    assert choose(won_challenge(dict(credits=10, improvements=("E01",))), A) == "take credits"


def test_it_takes_the_card_of_a_poor_loser() -> None:
    assert choose(won_challenge(dict(credits=1, improvements=("E05",))), A) == "take card E05"


def test_it_keeps_the_trophy_it_can_reveal() -> None:
    state = given(4, phase="turn.travel", seats={A: dict(credits=12, trophies=())})
    state = replace(state, trophy_deck=tuple(t for t in state.trophy_deck if t not in ("T09", "T13")),
                    choices=(Choice(KEEP_TROPHY, A, cards=("T13", "T09"), source="tour"),))
    assert choose(state, A) == "pick T09"


def test_it_reveals_its_best_met_trophy_when_it_reveals_by_hand() -> None:
    state = given(4, seats={A: dict(credits=12, trophies=("T09", "T12"), orders={"trophies": "manual"},
                                    improvements=("E01", "E02", "E07", "E08"))})
    assert set(commands.legal_commands(state, A)) >= {"reveal T09", "reveal T12"}
    assert choose(state, A) == "reveal T12"  # 1 G and 2 credits beat 1 G


def test_it_lets_its_least_worth_card_go_on_a_fifth() -> None:
    state = given(4, phase="turn.travel", seats={A: dict(improvements=("E06", "E05", "E10", "E08"))})
    state = replace(state, improvement_deck=tuple(c for c in state.improvement_deck if c != "E01"),
                    ocg_row=tuple(c if c != "E01" else None for c in state.ocg_row),
                    choices=(Choice(DISCARD, A, cards=("E01",), source="overflow"),))
    assert choose(state, A) == "discard E01"


def test_it_keeps_its_word_at_a_won_battle() -> None:
    state = facing(given(4, seats={A: dict(credits=3), B: dict(improvements=("E02", "E08"))}), "N06")
    state, _ = play(state, A, "ally ask 2 for 2c")
    state, _ = play(state, B, "ally accept")
    state, _ = play(state, B, "loyal")
    state, _ = play(state, B, "mf no")
    state, _ = play(state, A, "mf no")
    state, _ = play(state, A, "roll", ScriptedDice(6, 1))
    assert state.phase == "battle.spoils" and "break P1" in commands.legal_commands(state, A)
    assert choose(state, A) == "keep all"


# === WHAT IT CANNOT SEE ===


def hidden_twins() -> tuple[GameState, GameState]:
    """Two games that differ only in what seat A cannot see: B's trophies and wrecks, the decks' order."""
    state = given(4, phase="turn.travel",
                  seats={A: dict(credits=4), B: dict(trophies=("T01", "T09"), wrecks=("N05", "D14")),
                         C: dict(damage=2, credits=6)}, pot=2, karokum=("N20",))
    deck = list(state.trophy_deck)
    swapped = deck[0]
    deck[0] = "T01"
    blue = next(c for c in state.space_deck if c in cards.STARSHIPS and cards.is_blue(c))
    swapped_deck = [("N05" if c == blue else c) for c in state.space_deck]
    space = [*reversed([c for c in swapped_deck if cards.is_blue(c)]),
             *reversed([c for c in swapped_deck if not cards.is_blue(c)])]
    hidden = replace(state.seats[B], trophies=(swapped, "T09"), wrecks=(blue, "D14"))
    other = replace(state.with_seat(B, hidden),
                    trophy_deck=tuple(reversed(deck)), space_deck=tuple(space),
                    improvement_deck=tuple(reversed(state.improvement_deck)))
    return state, other


def test_its_choice_is_the_same_in_games_that_differ_only_in_what_it_cannot_see() -> None:
    state, other = hidden_twins()
    assert state != other and bot_state(state, A) == bot_state(other, A)
    assert GreedyBot().choose(state, A) == GreedyBot().choose(other, A)
    # Through the battle it picks, the same again at each step of the same line of play.
    for _ in range(6):
        command = GreedyBot().choose(state, A)
        assert GreedyBot().choose(other, A) == command
        if command.startswith(("attack space", "tour", "play", "end")):
            break
        state, _ = play(state, A, command, ScriptedDice(3, 3, draws=(0,) * 80))
        other, _ = play(other, A, command, ScriptedDice(3, 3, draws=(0,) * 80))


WEAK = ("D01", "D16", "D08")  # power 11-12, 4 credits each
STRONG = ("D13", "D05", "D12")  # power 18-20, 2 G each


def late_space(order: tuple[str, ...]) -> GameState:
    """Near the end: twelve red starships left in the Space deck, in this order on top; A at M 18."""
    state = given(4, phase="turn.travel", seats={A: dict(improvements=("E06", "E05", "E10"))})
    reds = [c for c in state.space_deck if c in cards.STARSHIPS and not cards.is_blue(c)
            and c not in WEAK + STRONG][:6]
    deck = (*order, *reds)
    state = replace(state, space_deck=deck, out_of_game=tuple(c for c in state.space_deck if c not in deck))
    invariants.check(state)
    return state


def test_it_does_not_know_the_order_of_the_space_deck() -> None:
    # A bot that read the deck would attack in Space only with the glorious ships on top (and challenge
    # otherwise); this one weighs the twelve ships it cannot place and decides the same either way.
    weak_first, strong_first = late_space(WEAK + STRONG), late_space(STRONG + WEAK)
    assert bot_state(weak_first, A) == bot_state(strong_first, A)
    assert GreedyBot().choose(weak_first, A) == GreedyBot().choose(strong_first, A) == "attack space"


@pytest.mark.parametrize("terms", ["", " for 1c", " for 3c"])
def test_an_asked_seat_answers_the_same_whatever_it_cannot_see(terms: str) -> None:
    state, other = hidden_twins()
    state, other = (facing(s, "N06") for s in (state, other))
    state, _ = play(state, A, f"ally ask 3{terms}")
    other, _ = play(other, A, f"ally ask 3{terms}")
    assert bot_state(state, C) == bot_state(other, C)
    assert GreedyBot().choose(state, C) == GreedyBot().choose(other, C)
