"""invariants.check names each broken invariant of Metal Adventures' state, and holds on every state
setting up reaches."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from games.kinds.metal_adventures import cards, invariants
from games.kinds.metal_adventures.records import GUILTY, PLEA, VOTE, Case, Choice
from games.kinds.metal_adventures.state import Battle, GameState, Options

from .helpers import all_chosen, dealt


def playing() -> GameState:
    """Four seats after setup, at seat 1's first turn."""
    return all_chosen(dealt(4, 9))


def seat(state: GameState, index: int, **changes: object) -> GameState:
    return state.with_seat(index, replace(state.seats[index], **changes))  # type: ignore[arg-type]


def from_deck_to_area(state: GameState, n: int = 3) -> GameState:
    """The first n starships of the Space deck face up in the Space area."""
    ships = tuple(c for c in state.space_deck if c in cards.STARSHIPS)[:n]
    return replace(state, space_deck=tuple(c for c in state.space_deck if c not in ships), space_area=ships)


def space_battle(state: GameState, allies: tuple[int, ...] = ()) -> GameState:
    state = from_deck_to_area(state, 1)
    return replace(state, phase="battle.allies",
                   battle=Battle(kind="space", attacker=0, target=state.space_area[0], allies=allies))


def with_support_from_row(state: GameState, index: int, count: int) -> GameState:
    """Seat `index` takes `count` cards of the Improvement deck (the row stays full)."""
    taken = state.improvement_deck[:count]
    state = replace(state, improvement_deck=state.improvement_deck[count:])
    held = state.seats[index].improvements + taken
    return state.with_seat(index, state.seats[index].with_improvements(held))


def unpowered_equipment(state: GameState, index: int) -> GameState:
    """Seat `index` takes the first equipment card of the Improvement deck, its power wheel left alone."""
    card = next(c for c in state.improvement_deck if cards.IMPROVEMENTS[c].equipment)
    state = replace(state, improvement_deck=tuple(c for c in state.improvement_deck if c != card))
    return seat(state, index, improvements=(card,))


def test_every_state_setting_up_reaches_keeps_every_invariant() -> None:
    for players in (3, 4, 5, 6):
        for seed in range(10):
            invariants.check(all_chosen(dealt(players, seed)))
    invariants.check(space_battle(playing(), allies=(2,)))
    invariants.check(with_support_from_row(playing(), 1, 4))


def equipment_to_bazaar(state: GameState) -> GameState:
    """The first equipment card of the Improvement deck on the Bazaar pile, where only support goes."""
    card = next(c for c in state.improvement_deck if cards.IMPROVEMENTS[c].equipment)
    return replace(state, improvement_deck=tuple(c for c in state.improvement_deck if c != card),
                   bazaar_pile=(card,))


def event_to_karokum(state: GameState) -> GameState:
    return replace(state, space_deck=tuple(c for c in state.space_deck if c != "NE2"), karokum_pile=("NE2",))


def red_over_blue(state: GameState) -> GameState:
    """The top blue card and the top red card change places."""
    deck = state.space_deck
    return replace(state, space_deck=(deck[34], *deck[1:34], deck[0], *deck[35:]))


def ally(attacker_jp: int, ally_jp: int, allies: tuple[int, ...] = (2,)) -> Callable[[GameState], GameState]:
    return lambda s: space_battle(seat(seat(s, 0, jp=attacker_jp), 2, jp=ally_jp), allies=allies)


def battle(**fields: object) -> Callable[[GameState], GameState]:
    return lambda s: replace(space_battle(s), battle=Battle(**fields))  # type: ignore[arg-type]


BROKEN: list[tuple[str, Callable[[GameState], GameState]]] = [
    ("credits", lambda s: replace(s, bank=s.bank - 1)),
    ("credits", lambda s: replace(seat(s, 1, credits=s.seats[1].credits + 2), bank=s.bank - 1, pot=-1)),
    ("credits", lambda s: replace(s, treasuries=replace(s.treasuries, bazaar=1))),
    ("each Space card in one zone", lambda s: replace(s, space_deck=s.space_deck[1:])),
    ("each Space card in one zone", lambda s: replace(s, karokum_pile=s.space_deck[:1])),
    ("each Space card in one zone", lambda s: seat(replace(s, space_deck=s.space_deck[1:]), 2,
                                                   wrecks=(s.space_deck[0], s.space_deck[0]))),
    ("each Space card in one zone", lambda s: replace(s, space_deck=s.space_deck + ("T01",))),
    ("each Space card in one zone", event_to_karokum),
    ("each trophy in one zone", lambda s: replace(s, trophy_deck=s.trophy_deck[1:])),
    ("each trophy in one zone", lambda s: replace(s, trophy_deck=s.trophy_deck + s.seats[0].trophies[:1])),
    ("each trophy in one zone", lambda s: replace(s, trophy_deck=s.trophy_deck[1:],
                                                  out_of_game=s.out_of_game + s.trophy_deck[:1])),
    ("each improvement in one zone", lambda s: replace(s, improvement_deck=s.improvement_deck[1:])),
    ("each improvement in one zone", lambda s: replace(s, bazaar_pile=s.ocg_row[:1])),
    ("each improvement in one zone", equipment_to_bazaar),
    ("trophies in hand <= 2", lambda s: replace(seat(s, 0, trophies=s.seats[0].trophies + s.trophy_deck[:1]),
                                                trophy_deck=s.trophy_deck[1:])),
    ("improvements <= 4", lambda s: with_support_from_row(s, 1, 5)),
    ("0 <= damage <= 4", lambda s: seat(s, 2, damage=5)),
    ("0 <= damage <= 4", lambda s: seat(s, 2, damage=-1)),
    ("0 <= JP <= 4", lambda s: seat(s, 3, jp=5)),
    ("R = 8 + equipment", lambda s: seat(s, 1, power=9)),
    ("R = 8 + equipment", lambda s: unpowered_equipment(s, 1)),
    ("Metal Faktor face", lambda s: seat(s, 1, mf=3)),
    ("base starship", lambda s: seat(s, 1, base=s.seats[0].base)),
    ("blue above red", red_over_blue),
    ("Space area empty outside a space battle", lambda s: from_deck_to_area(s)),
    ("Space area empty outside a space battle", lambda s: replace(
        from_deck_to_area(s, 1), phase="battle.allies",
        battle=Battle(kind="planet", attacker=0, target="bazaar"))),
    ("battle", lambda s: replace(s, phase="battle.declare")),
    ("battle", lambda s: replace(space_battle(s), phase="turn.travel")),
    ("battle sides", battle(kind="space", attacker=1)),
    ("battle sides", battle(kind="space", attacker=0, allies=(0,))),
    ("battle sides", battle(kind="space", attacker=0, allies=(1, 2))),
    ("battle sides", battle(kind="space", attacker=0, challenged=1)),
    ("battle step", battle(kind="space", attacker=0, step="smoke")),
    ("battle step", lambda s: replace(s, phase="battle.spoils", battle=Battle(
        kind="planet", attacker=0, target="bazaar", step="react"))),
    ("4 JP never allied", ally(attacker_jp=0, ally_jp=4)),
    ("4 JP never allied", ally(attacker_jp=4, ally_jp=0)),
    ("4 JP never allied", lambda s: replace(seat(s, 1, jp=4), phase="challenge.recruit", battle=Battle(
        kind="challenge", attacker=0, challenged=1, defenders=(3,)))),
    ("OCG row", lambda s: replace(s, ocg_row=(None, *s.ocg_row[1:]),
                                  improvement_deck=s.improvement_deck + s.ocg_row[:1])),
    ("OCG row", lambda s: replace(s, ocg_row=s.ocg_row[:3],
                                  improvement_deck=(*s.improvement_deck, s.ocg_row[3]))),
    ("setup", lambda s: replace(s, chosen=(True, True, False, True))),
    ("setup", lambda s: replace(s, phase="setup.trophies", turn=0)),
    ("turn", lambda s: replace(s, turn=0)),
    ("active seat", lambda s: seat(s, 0, out=True)),
    ("active seat", lambda s: replace(s, active=4)),
    ("player count", lambda s: replace(s, seats=s.seats[:2], dealt=s.dealt[:2], chosen=s.chosen[:2],
                                       bank=s.bank + s.seats[2].credits + s.seats[3].credits)),
    ("phase", lambda s: replace(s, phase="turn.lunch")),
    ("cases", lambda s: with_cases(s, Case(1, 1, 1, "a promise", PLEA, 1))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a", PLEA, 1), Case(2, 1, 3, "b", PLEA, 1))),
    ("cases", lambda s: with_cases(s, Case(3, 1, 2, "a promise", PLEA, 1), last=2)),
    ("cases", lambda s: with_cases(s, Case(2, 1, 2, "a", PLEA, 1), Case(1, 3, 2, "b", PLEA, 1))),
    ("cases", lambda s: with_cases(seat(s, 2, out=True), Case(1, 1, 2, "a promise", PLEA, 1))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a promise", PLEA, 1, votes=((0, "guilty"),)))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a promise", VOTE, 1, votes=((2, "guilty"),),
                                           vote_turn=1))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a promise", VOTE, 1))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a promise", GUILTY, 1))),
    ("cases", lambda s: with_cases(s, Case(1, 1, 2, "a", VOTE, 1, votes=((0, "guilty"), (3, "abstain")),
                                           vote_turn=1))),
    ("cases", lambda s: with_cases(dealt(4, 9), Case(1, 1, 2, "a promise", PLEA, 0))),
    ("cases", lambda s: seat(s, 1, accusations=(1,))),
]


def with_cases(state: GameState, *cases: Case, last: int | None = None) -> GameState:
    return replace(state, cases=cases, numbers=(0, 0, max((c.number for c in cases), default=0)
                                                if last is None else last))


@pytest.mark.parametrize(("name", "breaking"), BROKEN, ids=[f"{n}-{i}" for i, (n, _) in enumerate(BROKEN)])
def test_check_names_the_invariant_a_state_breaks(name: str,
                                                  breaking: Callable[[GameState], GameState]) -> None:
    state = breaking(playing())
    with pytest.raises(AssertionError, match=re.escape(f"invariant '{name}' broken")):
        invariants.check(state)


def undealt(state: GameState) -> GameState:
    """Setting up, seat 1 has put a dealt trophy back on the deck before choosing."""
    state = dealt(4, 9)
    return replace(state, dealt=(state.dealt[0][1:], *state.dealt[1:]),
                   trophy_deck=(*state.trophy_deck, state.dealt[0][0]))


WORDS = [
    (battle(kind="space", attacker=0, allies=(1, 2)),
     "invariant 'battle sides' broken: a space battle has at most one ally and no defending side"),
    (battle(kind="space", attacker=0, challenged=1),
     "invariant 'battle sides' broken: a challenge, and only a challenge, has a challenged seat"),
    (lambda s: with_cases(s, Case(1, 1, 1, "a promise", PLEA, 1)),
     "invariant 'cases' broken: C1 between seats 2 and 2"),
    (lambda s: with_cases(s, Case(1, 1, 2, "a promise", VOTE, 1)),
     "invariant 'cases' broken: C1 at vote with vote_turn 0"),
    (lambda s: with_cases(dealt(4, 9), Case(1, 1, 2, "a promise", PLEA, 0)),
     "invariant 'cases' broken: a case while the trophies are being chosen"),
    (lambda s: replace(s, turn_done=("swap",)),
     "invariant 'turn_done' broken: rest steps swap recorded in phase turn.start"),
    (lambda s: replace(s, phase="turn.rest", turn_done=("swap", "swap")),
     "invariant 'turn_done' broken: a step recorded twice: swap, swap"),
    (undealt, "invariant 'setup' broken: seat 1 has 2 dealt and 0 kept before choosing"),
]


@pytest.mark.parametrize(("breaking", "words"), WORDS, ids=[w.split("broken: ")[1] for _, w in WORDS])
def test_check_says_what_is_broken_word_for_word(breaking: Callable[[GameState], GameState],
                                                 words: str) -> None:
    with pytest.raises(AssertionError) as broken:
        invariants.check(breaking(playing()))
    assert str(broken.value) == words


def test_check_names_a_card_in_two_zones_and_the_zones() -> None:
    state = playing()
    card = state.ocg_row[0]
    with pytest.raises(AssertionError) as broken:
        invariants.check(replace(state, bazaar_pile=(card,)))
    assert str(broken.value) == \
        f"invariant 'each improvement in one zone' broken: {card} in the OCG row, the Bazaar pile"


def test_the_states_that_break_an_invariant_keep_every_other_one_before_the_break() -> None:
    # Each breaking state differs from a good one by the break alone: the helpers build good states.
    invariants.check(space_battle(playing(), allies=(2,)))
    invariants.check(ally(attacker_jp=3, ally_jp=3)(playing()))
    invariants.check(replace(playing(), phase="battle.allies",
                             battle=Battle(kind="planet", attacker=0, target="bazaar", allies=(1,))))


def test_open_cases_at_their_plea_vote_or_decided_in_a_battle_keep_the_invariants() -> None:
    state = with_cases(seat(playing(), 1, accusations=(2, 3)), Case(1, 1, 2, "a promise", PLEA, 1),
                       Case(2, 3, 2, "another", VOTE, 1, votes=((0, "guilty"),), vote_turn=1))
    invariants.check(state)
    decided = with_cases(space_battle(playing()), Case(1, 1, 2, "a", GUILTY, 1),
                         Case(2, 3, 2, "b", VOTE, 1, votes=((0, "guilty"), (1, "innocent")), vote_turn=1))
    invariants.check(decided)


def test_a_hunter_shuffled_into_the_whole_deck_may_lie_among_the_red_cards() -> None:
    state = playing()
    blue_hunter = next(c for c in state.space_deck[:34] if c in cards.STARSHIPS and cards.STARSHIPS[c].hunter)
    rest = tuple(c for c in state.space_deck if c != blue_hunter)
    sunk = replace(state, space_deck=rest[:40] + (blue_hunter,) + rest[40:])
    with pytest.raises(AssertionError, match="blue above red"):
        invariants.check(sunk)
    invariants.check(replace(sunk, space_mixed=(blue_hunter,)))


def test_two_seats_keep_the_invariants_only_under_the_house_rule() -> None:
    state = all_chosen(dealt(2, 0, two_player_house_rule=True))
    invariants.check(state)
    with pytest.raises(AssertionError, match="invariant 'player count' broken"):
        invariants.check(replace(state, options=Options()))


def test_a_challenge_may_have_many_allies_per_side_none_of_them_infamous() -> None:
    state = replace(playing(), phase="battle.declare",
                    battle=Battle(kind="challenge", attacker=0, challenged=1, allies=(2,), defenders=(3,)))
    invariants.check(state)
    five = all_chosen(dealt(5, 0))
    invariants.check(replace(five, phase="battle.declare",
                             battle=Battle(kind="challenge", attacker=0, challenged=1, allies=(2, 4),
                                           defenders=(3,))))
    # An infamous seat fights, alone: challenged at 4 JP with no allies is fine.
    invariants.check(replace(seat(state, 1, jp=4), battle=Battle(kind="challenge", attacker=0, challenged=1)))


def test_the_credits_can_lie_anywhere_as_long_as_they_make_72() -> None:
    state = playing()
    moved = replace(seat(state, 0, credits=0), pot=1, treasuries=replace(state.treasuries, karokum=2))
    invariants.check(moved)
    assert sum(s.credits for s in moved.seats) + moved.pot + moved.treasuries.total() + moved.bank == 72


# What each broken state of BROKEN is told, after "invariant '<name>' broken: ", in the same order: the
# detail names the seat, the card or the figure at fault, so a check that reads the wrong field shows.
DETAILS = [
    "they sum to 71, not 72",
    "below 0: the Pot -1",
    "they sum to 73, not 72",
    "NE1 in no zone",
    "NE1 in the Space deck, the Karokum pile",
    "NE1 in seat 3's wrecks, seat 3's wrecks",
    "T01 in the Space deck, which do not hold such cards",
    "event NE2 where only starships go",
    "T08 in no zone",
    "T13 in the Trophy deck, seat 1's hand",
    "T08 in no zone",
    "E12 in no zone",
    "E14 in the OCG row, the Bazaar pile",
    "equipment E12 on the Bazaar pile",
    "seat 1 holds 3",
    "seat 2 holds 5",
    "seat 3 has 5",
    "seat 3 has -1",
    "seat 4 has 5",
    "seat 2's power wheel shows 9, its equipment makes 8",
    "seat 2's power wheel shows 8, its equipment makes 9",
    "seat 2's die shows 3",
    "two seats have the same base starship",
    "blue N28 lies below red D14",
    "it holds N28, N12, N24",
    "it holds N28",
    "phase battle.declare with no battle recorded",
    "phase turn.travel with a battle recorded",
    "the attacker is not the active seat",
    "a seat twice or no such seat among [1, 1]",
    "a space battle has at most one ally and no defending side",
    "a challenge, and only a challenge, has a challenged seat",
    "step 'smoke' open in phase battle.allies",
    "step 'react' open in phase battle.spoils",
    "seat 3 at 4 JP in an alliance",
    "seat 1 at 4 JP in an alliance",
    "seat 2 at 4 JP in an alliance",
    "an empty spot while the Improvement deck still has cards",
    "3 spots, not 4",
    "seat 3 still holds dealt trophies or has not chosen after setup",
    "seat 1 chose but holds 2 and put 0 aside",
    "turn 0 after setup",
    "seat 1 is out of the game",
    "seat index 4 of 4",
    "2 seats (3 to 6; 2 only with the house rule)",
    "'turn.lunch'",
    "C1 between seats 2 and 2",
    "an accuser with two open cases: [1, 1]",
    "numbers [3] out of order or above the last given, 2",
    "numbers [2, 1] out of order or above the last given, 2",
    "C1 between seats 2 and 3",
    "C1 has votes at its plea stage",
    "C1's votes: ((2, 'guilty'),)",
    "C1 at vote with vote_turn 0",
    "C1 is decided but still open outside a battle",
    "C1 is decided but still open outside a battle",
    "a case while the trophies are being chosen",
    "seat 2 accused [2] this round",
]


@pytest.mark.parametrize(("case", "detail"), list(zip(BROKEN, DETAILS, strict=True)),
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(BROKEN)])
def test_check_says_what_breaks_each_invariant_word_for_word(
        case: tuple[str, Callable[[GameState], GameState]], detail: str) -> None:
    name, breaking = case
    with pytest.raises(AssertionError) as broken:
        invariants.check(breaking(playing()))
    assert str(broken.value) == f"invariant '{name}' broken: {detail}"


def five_face_up(state: GameState) -> GameState:
    """A space battle with five starships face up in the Space area (four at most with the Nav Computer)."""
    state = space_battle(state)
    ships = tuple(c for c in state.space_deck if c in cards.STARSHIPS)[:4]
    return replace(state, space_deck=tuple(c for c in state.space_deck if c not in ships),
                   space_area=state.space_area + ships)


# More broken states, each with its whole message: a treasury below 0 named, a trophy dealt and in a deck
# while setting up, a choice left open once the game is over, a rest step recorded twice, an accusation
# of a seat one past the last.
MORE_BROKEN: list[tuple[Callable[[GameState], GameState], str]] = [
    (lambda s: replace(s, treasuries=replace(s.treasuries, bazaar=-1), bank=s.bank + 1),
     "invariant 'credits' broken: below 0: Bazaar -1"),
    (lambda s: (lambda d: replace(d, trophy_deck=d.trophy_deck + d.dealt[1][:1]))(dealt(4, 9)),
     "invariant 'each trophy in one zone' broken: T07 in the Trophy deck, seat 2's dealt trophies"),
    (five_face_up, "invariant 'Space area' broken: 5 starships face up (at most 4)"),
    (lambda s: replace(s, phase="game.over", choices=(Choice("trophy", 1),)),
     "invariant 'choices' broken: a trophy choice of seat 2 in phase game.over"),
    (lambda s: replace(s, phase="turn.rest", turn_done=("swap", "swap")),
     "invariant 'turn_done' broken: a step recorded twice: swap, swap"),
    (lambda s: seat(s, 1, accusations=(4,)), "invariant 'cases' broken: seat 2 accused [5] this round"),
]


@pytest.mark.parametrize(("breaking", "words"), MORE_BROKEN, ids=[w.split("'")[1] for _, w in MORE_BROKEN])
def test_check_says_what_breaks_more_invariants_word_for_word(breaking: Callable[[GameState], GameState],
                                                             words: str) -> None:
    with pytest.raises(AssertionError) as broken:
        invariants.check(breaking(playing()))
    assert str(broken.value) == words


def test_an_ally_at_four_jp_is_fine_once_the_battle_is_being_settled() -> None:
    # Its betrayal's or its broken terms' JP may come at the settlement, after the alliance did its work.
    invariants.check(replace(ally(attacker_jp=0, ally_jp=4)(playing()), phase="battle.spoils"))


def _space_card_twice(state: GameState) -> GameState:
    ship = next(c for c in state.space_deck if c in cards.STARSHIPS)
    return replace(state, space_area=(ship,))


def _two_events_on_the_karokum_pile(state: GameState) -> GameState:
    events = tuple(c for c in state.space_deck if c in cards.EVENTS)[:2]
    return replace(state, space_deck=tuple(c for c in state.space_deck if c not in events),
                   karokum_pile=events)


def _negative_karokum(state: GameState) -> GameState:
    return replace(state, treasuries=replace(state.treasuries, karokum=-1), bank=state.bank + 1)


def _left_while_dealt(state: GameState) -> GameState:
    setting_up = dealt(3, 9)
    return replace(setting_up, seats=(replace(setting_up.seats[0], out=True), *setting_up.seats[1:]))


MORE_WORDS = [
    (_space_card_twice, "invariant 'each Space card in one zone' broken: {ship} in the Space deck, "
                        "the Space area"),
    (_two_events_on_the_karokum_pile, "invariant 'each Space card in one zone' broken: event {events} where "
                                      "only starships go"),
    (_negative_karokum, "invariant 'credits' broken: below 0: Karokum -1"),
    (_left_while_dealt,
     "invariant 'setup' broken: seat 1 left the game but still holds trophies of the setup"),
    (lambda s: replace(s, dealt=s.dealt[:-1]),
     "invariant 'setup' broken: dealt and chosen need one entry per seat"),
]


@pytest.mark.parametrize(("breaking", "words"), MORE_WORDS,
                         ids=[w.split("broken: ")[1] for _, w in MORE_WORDS])
def test_check_names_the_zone_the_holder_and_the_invariant_broken(breaking: Callable[[GameState], GameState],
                                                                   words: str) -> None:
    state = playing()
    broken_state = breaking(state)
    ship = broken_state.space_area[0] if broken_state.space_area else ""
    events = ", ".join(broken_state.karokum_pile)
    with pytest.raises(AssertionError) as broken:
        invariants.check(broken_state)
    assert str(broken.value) == words.format(ship=ship, events=events)
