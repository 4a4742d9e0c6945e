"""Metal Adventures' battles in Space (rules.md, "Attacking in Space"): `attack space` draws until three
starships lie face up (four with the Nav Computer), applying the turn's first event only and paying RHUM
for every event (scenario T4); a deck that runs out with no starship makes the battle void; `attack space
<n>` chooses the target, the others leaving at once, Pirate Hunters shuffled back by the layered rule
(scenario T5). Every state reached keeps the invariants.

The allies' step that follows the choice is alliance.py's: these tests stand it in with a function that
only moves the phase on, so that they test the draw and the choice alone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import alliance, cards, commands, invariants, space
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Dice, Event, Refused
from tests.kinds.seeded_dice import SeededDice

from .helpers import A, B, C, FixedDice, given, refusal


@pytest.fixture(autouse=True)
def allies_stand_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """alliance.open_battle moves the battle to its allies' step and does nothing else."""

    def open_battle(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
        return replace(state, phase="battle.allies"), events

    monkeypatch.setattr(alliance, "open_battle", open_battle)
    yield


def play(state: GameState, seat: int, command: str,
         dice: Dice | None = None) -> tuple[GameState, list[Event]]:
    """The command played, the state it was given left as it was, the new one checked."""
    before = state.to_dict()
    after, events = commands.play(state, seat, command, dice)
    assert state.to_dict() == before
    invariants.check(after)
    return after, events


def refused(state: GameState, seat: int, command: str, words: str, dice: Dice | None = None) -> None:
    with pytest.raises(Refused, match=words):
        commands.play(state, seat, command, dice)


def types(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def travelling(**kwargs: Any) -> GameState:
    """A position (given's arguments) with A travelling: A has paid its tribute."""
    state, _ = play(given(3, **kwargs), A, "tribute")
    return state


def only_in_deck(*space_cards: str) -> tuple[str, ...]:
    """Every Space card but these, for given's `out`: the deck then holds these alone."""
    return tuple(c for c in cards.SPACE_CARDS if c not in space_cards)


# === THE DRAW ===


def test_attack_space_commits_the_battle_and_draws_three_starships_face_up_in_spot_order() -> None:
    state = travelling(space=("N01", "N09", "N17", "N25"))
    deck = len(state.space_deck)
    after, events = play(state, A, "attack space")
    assert after.phase == "battle.draw" and after.battle is not None
    assert (after.battle.kind, after.battle.attacker, after.battle.target) == ("space", A, "")
    assert after.space_area == ("N01", "N09", "N17") and after.space_deck[0] == "N25"
    assert len(after.space_deck) == deck - 3
    assert events == [{"type": "attack", "seat": A, "kind": "space"},
                      {"type": "face_up", "card": "N01", "spot": 1},
                      {"type": "face_up", "card": "N09", "spot": 2},
                      {"type": "face_up", "card": "N17", "spot": 3}]
    assert commands.to_act(after) == (A,)
    assert space.legal(after, A) == ["attack space 1", "attack space 2", "attack space 3"]
    assert space.legal(after, B) == []


def test_e14_the_nav_computer_draws_until_four_starships_lie_face_up() -> None:
    state = travelling(seats={A: {"improvements": ("E14",)}}, space=("N01", "N09", "N17", "N25", "N10"))
    after, _ = play(state, A, "attack space")
    assert after.space_area == ("N01", "N09", "N17", "N25") and after.space_deck[0] == "N10"
    assert space.legal(after, A)[-1] == "attack space 4"
    # Another seat's Nav Computer draws nothing more for A.
    other = travelling(seats={B: {"improvements": ("E14",)}}, space=("N01", "N09", "N17", "N25"))
    after, _ = play(other, A, "attack space")
    assert after.space_area == ("N01", "N09", "N17")


def test_t4_first_event_only_rhum_and_golden_veins_tie() -> None:
    state = travelling(seats={B: {"improvements": ("E11",)}}, treasuries={"exxalia": 3},
                       space=("NE1", "N01", "NE3", "N09", "N17"))
    deck, b_credits, damage = len(state.space_deck), state.seats[B].credits, [s.damage for s in state.seats]
    state, events = play(state, A, "attack space")
    # GOLDEN VEIN: B's RHUM first, then Bazaar and Karokum tie at 0: the draw waits for A.
    assert types(events) == ["attack", "space_event", "rhum", "planet_choice"]
    assert state.seats[B].credits == b_credits + 1
    assert state.space_area == () and commands.to_act(state) == (A,)
    assert space.planet_legal(state, A) == ["planet bazaar", "planet karokum"]
    assert space.planet_legal(state, B) == [] and space.legal(state, A) == []
    refused(state, A, "planet exxalia", "not tied for the fewest")
    refused(state, A, "attack space 1", "choice")
    refused(state, B, "planet karokum", "Seat 1")
    state, events = play(state, A, "planet karokum")
    assert state.treasuries.karokum == 5 and state.treasuries.exxalia == 3 and state.treasuries.bazaar == 0
    # Then N01; ION STORM pays B's RHUM but, the turn's second event, does nothing more; N09, N17.
    assert types(events) == ["planet_chosen", "treasury", "face_up", "space_event", "rhum", "face_up",
                             "face_up"]
    assert events[3] == {"type": "space_event", "card": "NE3", "applied": False}
    assert [s.damage for s in state.seats] == damage
    assert state.space_area == ("N01", "N09", "N17") and state.phase == "battle.draw"
    assert state.out_of_game[-2:] == ("NE1", "NE3") and not {"NE1", "NE3"} & set(state.space_deck)
    assert len(state.space_deck) == deck - 5 and state.seats[B].credits == b_credits + 2


def test_r20_golden_vein_ties_only_exxalia_bazaar_and_karokum_named_by_id_or_name() -> None:
    state = travelling(space=("NE1", "N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    assert space.planet_legal(state, A) == ["planet exxalia", "planet bazaar", "planet karokum"]
    for command in space.planet_legal(state, A):
        play(state, A, command)
    refused(state, A, "planet ocg", "keeps no treasury")
    refused(state, A, "planet havana", "Name a planet")
    after, _ = play(state, A, "planet Bazaar")
    assert after.treasuries.bazaar == 5 and after.space_area == ("N01", "N09", "N17")


def test_r18_rhum_pays_for_an_event_drawn_after_the_turns_first_one_was_applied() -> None:
    state = replace(travelling(seats={A: {"improvements": ("E11",)}}, space=("NE2", "N01", "N09", "N17")),
                    event_applied_this_turn=True)
    credits = [s.credits for s in state.seats]
    after, events = play(state, A, "attack space")
    assert [s.credits for s in after.seats] == [credits[A] + 1, credits[B], credits[C]]
    assert [e for e in events if e["type"] in ("space_event", "rhum")] == [
        {"type": "space_event", "card": "NE2", "applied": False},
        {"type": "rhum", "seat": A, "credits": 1, "card": "NE2"}]
    assert after.out_of_game[-1] == "NE2"


def test_r18_rhum_is_paid_before_the_event_resolves_and_a_short_bank_pays_what_it_has() -> None:
    state = travelling(seats={B: {"improvements": ("E11",)}}, space=("NE2", "N01", "N09", "N17"))
    state = replace(state, bank=1, pot=state.pot + state.bank - 1)
    after, events = play(state, A, "attack space")
    # RHUM takes the bank's last credit; HAVANA CARNIVAL then finds it empty, for everyone.
    assert [s.credits for s in after.seats] == [state.seats[A].credits, state.seats[B].credits + 1,
                                                state.seats[C].credits]
    assert after.bank == 0
    assert [e for e in events if e["type"] in ("rhum", "gain")] == [
        {"type": "rhum", "seat": B, "credits": 1, "card": "NE2"},
        {"type": "gain", "seat": A, "credits": 0, "from": "bank", "card": "NE2", "short": 1},
        {"type": "gain", "seat": B, "credits": 0, "from": "bank", "card": "NE2", "short": 1},
        {"type": "gain", "seat": C, "credits": 0, "from": "bank", "card": "NE2", "short": 1}]
    again, events = play(replace(state, bank=0, pot=state.pot + 1), A, "attack space")
    assert {"type": "rhum", "seat": B, "credits": 0, "card": "NE2", "short": 1} in events
    assert again.seats[B].credits == state.seats[B].credits


def test_r17_the_first_event_counts_every_draw_of_the_turn_including_the_nav_computers_extra_ones() -> None:
    state = travelling(seats={A: {"improvements": ("E14",)}},
                       space=("N01", "NE2", "N09", "N17", "NE4", "N10"))
    credits = [s.credits for s in state.seats]
    after, events = play(state, A, "attack space")
    assert [e for e in events if e["type"] == "space_event"] == [
        {"type": "space_event", "card": "NE2", "applied": True},
        {"type": "space_event", "card": "NE4", "applied": False}]
    assert [s.credits for s in after.seats] == [c + 1 for c in credits]  # HAVANA CARNIVAL only
    assert after.event_applied_this_turn and after.space_area == ("N01", "N09", "N17", "N10")
    assert after.out_of_game[-2:] == ("NE2", "NE4")


# === R15: THE DECK RUNS OUT ===


def test_r15_a_deck_that_runs_out_with_no_starship_makes_the_battle_void_and_it_counts() -> None:
    state = travelling(space=("NE2", "NE3"), out=only_in_deck("NE2", "NE3"))
    after, events = play(state, A, "attack space")
    assert after.battle is None and after.phase == "turn.travel" and after.travel.battle_done
    assert after.space_deck == () and after.space_area == () and after.out_of_game[-2:] == ("NE2", "NE3")
    assert events[-1] == {"type": "space_void", "seat": A}
    assert [s.damage for s in after.seats] == [s.damage for s in state.seats]  # no reward, no damage
    assert "end" in commands.legal_commands(after, A)
    assert not [c for c in commands.legal_commands(after, A) if c.startswith("attack")]
    refused(after, A, "attack space", "one battle a turn")


def test_r15_a_deck_that_runs_out_with_fewer_starships_leaves_the_choice_among_them() -> None:
    state = travelling(space=("N01", "NE2"), out=only_in_deck("N01", "NE2"))
    after, _ = play(state, A, "attack space")
    assert after.space_area == ("N01",) and after.phase == "battle.draw"
    assert space.legal(after, A) == ["attack space 1"]
    after, _ = play(after, A, "attack space 1")
    assert after.battle is not None and after.battle.target == "N01"


def test_r15_golden_veins_tie_on_the_last_card_is_settled_before_the_battle_is_void() -> None:
    state = travelling(space=("NE1",), out=only_in_deck("NE1"))
    state, events = play(state, A, "attack space")
    assert state.phase == "battle.draw" and state.choices[0].kind == "planet" and state.space_deck == ()
    after, events = play(state, A, "planet karokum")
    assert after.treasuries.karokum == 5 and after.battle is None and after.travel.battle_done
    assert events[-1] == {"type": "space_void", "seat": A}


# === CHOOSING: THE OTHERS LEAVE ===


def test_r19_the_unchosen_starships_leave_at_once_onto_the_karokum_pile_in_spot_order() -> None:
    state = travelling(space=("N01", "N09", "N17"), karokum=("N20",))
    state, _ = play(state, A, "attack space")
    after, events = play(state, A, "attack space 1")
    assert after.battle is not None and after.battle.target == "N01"
    assert after.space_area == ("N01",)  # R19: no ship waits in the area for a later battle
    assert after.karokum_pile == ("N20", "N09", "N17")  # N17 on top
    assert events == [{"type": "target", "seat": A, "card": "N01", "spot": 1},
                      {"type": "to_karokum", "cards": ["N09", "N17"]}]
    assert after.phase == "battle.allies"


def test_choosing_is_the_attackers_by_a_spot_that_holds_a_starship() -> None:
    state = travelling(space=("N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    refused(state, B, "attack space 1", "Seat 1")
    with pytest.raises(Refused, match="Seat 1 is attacking"):
        space.choose(state, B, "space 1", None)
    refused(state, A, "attack space 4", "no starship in spot 4")
    refused(state, A, "attack space 0", "no starship in spot 0")
    refused(state, A, "attack space", "attack space <n>, n from 1 to 3")
    refused(state, A, "attack space sunskiff", "by its spot")
    refused(state, A, "attack karokum 1", "by its spot")
    for command in space.legal(state, A):
        play(state, A, command)


def test_choosing_without_a_hunter_to_return_needs_no_dice() -> None:
    state = travelling(space=("N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    after, _ = play(state, A, "attack space 2", None)
    assert after.space_deck == state.space_deck


def test_a_returning_hunter_needs_dice_for_its_shuffle() -> None:
    state = travelling(space=("N16", "N01", "N09"))
    state, _ = play(state, A, "attack space")
    with pytest.raises(ValueError, match="a shuffle needs dice"):
        commands.play(state, A, "attack space 2", None)


# === T5 AND R16: THE LAYERED SHUFFLE ===


def t5(**options: Any) -> GameState:
    """Space deck: N16 (Hunter), N01, N09, then 20 other blue cards, then 30 red (53); A has drawn the
    first three with `attack space`."""
    blue = [c for c in cards.BLUE if c not in ("N16", "N01", "N09")]
    state = travelling(space=("N16", "N01", "N09"), out=(*blue[20:], *cards.RED[30:]), **options)
    assert len(state.space_deck) == 53 and state.space_counts() == (23, 30)
    state, _ = play(state, A, "attack space")
    assert state.space_area == ("N16", "N01", "N09")
    return state


def test_t5_unchosen_ships_leave_and_the_hunter_is_shuffled_among_the_blue_cards_only() -> None:
    state = t5()
    pile = state.karokum_pile
    after, events = play(state, A, "attack space 3", SeededDice(5))
    assert after.karokum_pile == (*pile, "N01")
    deck = after.space_deck
    assert len(deck) == 51 and "N16" in deck and deck.index("N16") < 21
    assert all(cards.is_blue(c) for c in deck[:21]) and not any(cards.is_blue(c) for c in deck[21:])
    assert after.space_area == ("N09",) and after.space_mixed == ()
    assert events[-1] == {"type": "hunters_back", "cards": ["N16"], "deck": 51, "shuffle": "layered"}


def test_t5_over_200_seeds_the_hunter_lands_in_every_blue_place_and_never_below_a_red_card() -> None:
    state = t5()
    places = set()
    for seed in range(200):
        after, _ = space.choose(state, A, "space 3", SeededDice(seed))
        invariants.check(after)
        deck = after.space_deck
        places.add(deck.index("N16"))
        assert deck[21:] == state.space_deck[20:]  # the red block untouched, in its order
    assert places == set(range(21))


def test_t5_with_the_full_hunter_shuffle_the_hunter_may_land_below_red_cards() -> None:
    state = t5(hunter_shuffle="full")
    below_red = 0
    for seed in range(200):
        after, events = space.choose(state, A, "space 3", SeededDice(seed))
        invariants.check(after)
        assert set(after.space_mixed) == set(after.space_deck) and events[-1]["shuffle"] == "full"
        deck = after.space_deck
        below_red += any(not cards.is_blue(c) for c in deck[:deck.index("N16")])
    assert below_red > 0


def test_r16_a_red_hunter_is_shuffled_among_the_red_cards_below_every_blue_one() -> None:
    # D14 lies on top, exempt (as if shuffled into a deck of red cards once); blue cards follow it.
    base = travelling(space=("N01", "N09"))
    state = replace(base, space_deck=("D14", *(c for c in base.space_deck if c != "D14")),
                    space_mixed=("D14",))
    invariants.check(state)
    state, _ = play(state, A, "attack space")
    assert state.space_mixed == ()  # drawn: nothing in the deck is exempt any more
    blue = sum(1 for c in state.space_deck if cards.is_blue(c))
    for seed in range(50):
        after, events = space.choose(state, A, "space 2", SeededDice(seed))
        invariants.check(after)
        assert after.space_deck.index("D14") >= blue and after.space_deck[:blue] == state.space_deck[:blue]
        assert after.karokum_pile[-1] == "N09" and events[-1]["shuffle"] == "layered"


def test_r16_a_hunter_with_no_card_of_its_colour_left_goes_into_the_whole_deck_and_is_exempt() -> None:
    blue = [c for c in cards.BLUE if c not in ("N16", "N01", "N09")]
    state = travelling(space=("N16", "N01", "N09"), out=tuple(blue))
    state, _ = play(state, A, "attack space")
    assert state.space_counts() == (0, 34)
    below_red = 0
    for seed in range(50):
        after, events = space.choose(state, A, "space 2", SeededDice(seed))
        invariants.check(after)
        assert after.space_mixed == ("N16",) and events[-1]["whole"] == ["N16"]
        below_red += after.space_deck.index("N16") > 0
    assert below_red > 0
    # A later Hunter of its colour finds it there: the two make the blue block again, above the red one.
    after, _ = space.choose(state, A, "space 2", SeededDice(3))
    without_n08 = replace(after, out_of_game=tuple(c for c in after.out_of_game if c != "N08"))
    back, event = space.return_hunters(without_n08, ("N08",), SeededDice(4))
    invariants.check(back)
    assert set(back.space_deck[:2]) == {"N16", "N08"} and back.space_mixed == ()
    assert event["shuffle"] == "layered"


def test_r16_several_hunters_go_back_one_at_a_time_then_one_shuffle() -> None:
    state = travelling(seats={A: {"improvements": ("E14",)}}, space=("N16", "N01", "N08", "N24"))
    state, _ = play(state, A, "attack space")
    blue = sum(1 for c in state.space_deck if cards.is_blue(c))
    dice = SeededDice(11)
    after, events = play(state, A, "attack space 2", dice)
    # One Fisher-Yates over the blue block with the three Hunters in it: n, n-1, ..., 2.
    assert dice.asked == list(range(blue + 3, 1, -1))
    assert events[-1]["cards"] == ["N16", "N08", "N24"] and after.karokum_pile == state.karokum_pile
    assert all(cards.is_blue(c) for c in after.space_deck[:blue + 3])


def test_r17_events_are_never_shuffled_back_with_a_returning_hunter() -> None:
    state = travelling(space=("NE2", "N16", "N01", "N09"))
    state, _ = play(state, A, "attack space")
    after, _ = play(state, A, "attack space 3", SeededDice(2))
    assert "NE2" not in after.space_deck and after.out_of_game[-1] == "NE2"


# === REFUSALS AND EVENTS, WORD FOR WORD ===


def test_golden_veins_tie_is_refused_word_for_word_naming_the_planets_tied() -> None:
    state = travelling(treasuries={"exxalia": 3}, space=("NE1", "N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    assert [refusal(state, A, f"planet {p}") for p in ("exxalia", "ocg", "havana")] == [
        "Exxalia is not tied for the fewest credits: planet bazaar, planet karokum.",
        "OCG Trading Post keeps no treasury: planet bazaar, planet karokum.",
        "Name a planet tied for the fewest credits: planet bazaar, planet karokum."]
    # commands.py lets only the choosing seat through; the rule holds its own line all the same.
    with pytest.raises(Refused) as refused_here:
        space.planet(state, B, "karokum")
    assert str(refused_here.value) == "Seat 1 picks the planet, not you."
    settled, _ = play(state, A, "planet karokum")
    with pytest.raises(Refused) as refused_here:
        space.planet(settled, A, "karokum")
    assert str(refused_here.value) == "There is no tie to settle."


def test_a_planet_attack_is_refused_word_for_word_and_its_event_names_the_planet() -> None:
    state = travelling()
    assert [refusal(state, A, f"attack planet {p}") for p in ("ocg", "the trading post", "mars")] == [
        "The OCG Trading Post cannot be attacked.", "The OCG Trading Post cannot be attacked.",
        "Attack which planet? attack planet exxalia, bazaar or karokum."]
    assert refusal(state, A, "challenge 4") == "Name a seat by its number, 1 to 3."
    assert refusal(state, A, "attack space 2") == (
        "First `attack space` draws the starships; then `attack space <n>` chooses one.")
    _, events = play(state, A, "attack planet Karokum")
    assert events == [{"type": "attack", "seat": A, "kind": "planet", "target": "karokum"}]


def test_a_hunter_back_into_the_whole_deck_keeps_exempt_only_the_cards_still_in_it() -> None:
    state = given(3)
    state = replace(state, space_deck=("D01", "D02"), space_mixed=("D02", "N03"))  # N03 drawn since
    after, event = space.return_hunters(state, ("N16",), FixedDice())
    assert after.space_mixed == ("D02", "N16") and event["whole"] == ["N16"]


def test_golden_veins_tie_lists_its_planets_among_the_picking_seats_legal_commands() -> None:
    state = travelling(space=("NE1", "N01", "N09", "N17"))
    state, _ = play(state, A, "attack space")
    assert commands.legal_commands(state, A)[:3] == ["planet exxalia", "planet bazaar", "planet karokum"]
    assert space.planet_legal(given(3), A) == []


def test_with_no_space_battle_there_is_nothing_to_choose_and_no_spot_to_name() -> None:
    state = travelling()
    assert space.legal(state, A) == []
    with pytest.raises(Refused) as refused_here:
        space.choose(state, A, "space 1", None)
    assert str(refused_here.value) == "There are no starships face up to choose among."


def test_a_second_attack_in_space_in_one_turn_is_refused_word_for_word() -> None:
    state = travelling()
    state = replace(state, travel=replace(state.travel, battle_done=True))
    with pytest.raises(Refused) as refused_here:
        space.attack_space(state, A)
    assert str(refused_here.value) == "You have fought this turn's battle already: one battle a turn."


def test_a_red_hunter_back_into_a_deck_with_red_cards_is_shuffled_among_them_layered() -> None:
    state = replace(given(3), space_deck=("D01", "D02"), space_mixed=())
    after, event = space.return_hunters(state, ("D06",), FixedDice())
    assert event["shuffle"] == "layered" and after.space_mixed == ()
    alone = replace(given(3), space_deck=("N01", "N02"), space_mixed=())
    after, event = space.return_hunters(alone, ("D06",), FixedDice())
    assert event["shuffle"] == "whole" and after.space_mixed == ("D06",)
