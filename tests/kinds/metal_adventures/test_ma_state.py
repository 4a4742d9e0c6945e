"""Metal Adventures' state: JSON-safe, read back exactly, strict about what it reads, documented field by
field in state.md, with the astrolabe's derived values."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.kinds import metal_adventures
from games.kinds.metal_adventures import invariants
from games.kinds.metal_adventures.state import FIELDS, Battle, GameState, Options, Seat, Treasuries

from .helpers import all_chosen, dealt

PACKAGE = Path(metal_adventures.__file__).parent


def round_trip(state: GameState) -> GameState:
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def busy() -> GameState:
    """A state with something in every field: a space battle with an ally, cards everywhere."""
    state = all_chosen(dealt(4, 5, perks=True, hunter_shuffle="full", window_hours=6))
    deck = state.space_deck
    support = next(card for card in state.improvement_deck if card.startswith("S"))
    improvements = (support, *(card for card in state.improvement_deck if card != support))
    seat = state.seats[1].with_improvements(improvements[1:3])
    seat = replace(seat, damage=2, glory=-1, jp=3, mf=4, wrecks=deck[3:5], revealed_this_turn=True,
                   took_jp_this_turn=True, credits=1).with_order("ally", "accept min 2c")
    seat = seat.with_order("arm S01", "both").with_order("mf ally", "yes")
    state = state.with_seat(1, seat).with_seat(3, replace(state.seats[3], out=True))
    return replace(state, phase="battle.declare", space_deck=deck[5:], space_mixed=deck[5:7],
                   space_area=deck[:1], karokum_pile=deck[1:2], out_of_game=deck[2:3],
                   improvement_deck=improvements[3:], bazaar_pile=improvements[:1], pot=2,
                   treasuries=Treasuries(exxalia=1, bazaar=0, karokum=3), bank=state.bank - 4,
                   battle=Battle(kind="space", attacker=0, target=deck[0], allies=(1,)),
                   event_applied_this_turn=True, turn=7)


def test_a_state_reads_back_from_its_json_exactly() -> None:
    for state in (dealt(3, 1), all_chosen(dealt(6, 2)), busy()):
        assert round_trip(state) == state
        assert json.loads(json.dumps(state.to_dict())) == state.to_dict()  # nothing but JSON's types
    challenge = replace(busy(), battle=Battle(kind="challenge", attacker=0, challenged=2, allies=(1,)),
                        space_area=(), space_deck=busy().space_deck + busy().space_area)
    assert round_trip(challenge) == challenge


def test_the_busy_state_keeps_every_invariant_so_it_is_a_position_the_rules_could_reach() -> None:
    invariants.check(busy())


def test_a_state_needs_only_its_seats_and_takes_every_other_field_from_the_schemas_defaults() -> None:
    state = GameState.from_dict({"seats": [{"base": "B1"}, {"base": "B2"}, {"base": "B3"}]})
    assert state.phase == "setup.trophies" and state.turn == 0 and state.options == Options()
    assert state.seats[0] == Seat(base="B1") and state.seats[0].credits == 3 and state.seats[0].power == 8
    assert state.dealt == ((), (), ()) and state.chosen == (False, False, False)
    assert state.ocg_row == (None, None, None, None) and state.battle is None
    after = GameState.from_dict({"phase": "turn.start", "turn": 1, "seats": [{"base": "B1"}], "bank": 63})
    assert after.chosen == (True,)
    # A seat's power defaults to what its equipment makes it.
    armed = GameState.from_dict({"seats": [{"base": "B4", "improvements": ["E06", "S01", "E10"]}]})
    assert armed.seats[0].power == 15


@pytest.mark.parametrize(("change", "words"), [
    ({"colour": "red"}, "has no field colour"),
    ({"phase": "turn.middle"}, "phase is one of"),
    ({"space_deck": ["T01"]}, "the Space deck: 'T01' is not one of its cards"),
    ({"space_area": ["NE1"]}, "the Space area: 'NE1' is not one of its cards"),
    ({"karokum_pile": "N01"}, "the Karokum pile is a list of card ids"),
    ({"bazaar_pile": ["N01"]}, "the Bazaar pile"),
    ({"out_of_game": ["E01"]}, "out of the game"),
    ({"ocg_row": ["E01", None, None]}, "the OCG row has 4 spots"),
    ({"treasuries": {"ocg": 3}}, "treasuries has no field ocg"),
    ({"options": {"window_hours": 99}}, "window_hours is 1 to 72"),
    ({"options": {"hunter_shuffle": "wild"}}, "hunter_shuffle is layered or full"),
    ({"battle": {"kind": "duel", "attacker": 0}}, "a battle's kind is one of"),
    ({"dealt": [[]]}, "one entry per seat"),
    ({"pot": "3"}, "expected a whole number"),
    ({"chosen": [1, 0, 0]}, "expected true or false"),
    ({"seats": []}, "a list of seats"),
])
def test_a_field_it_lacks_or_of_the_wrong_shape_is_refused(change: dict[str, Any], words: str) -> None:
    data = {**dealt(3, 0).to_dict(), **change}
    with pytest.raises(ValueError, match=words):
        GameState.from_dict(data)


@pytest.mark.parametrize(("change", "words"), [
    ({"base": "B7"}, "base starship is one of"),
    ({"mf": 3}, "shows 0 \\(blank\\), 2, 4 or 6"),
    ({"orders": {"ally": "decline", "surrender": "yes"}}, "no standing order is called surrender"),
    ({"orders": {"arm E01": "both"}}, "no standing order is called arm E01"),
    ({"orders": {"ally": 3}}, "names to words"),
    ({"trophies": ["E01"]}, "a seat's trophies"),
    ({"wrecks": ["NE2"]}, "a seat's wrecks"),
    ({"hand": []}, "a seat has no field hand"),
])
def test_a_seat_of_the_wrong_shape_is_refused(change: dict[str, Any], words: str) -> None:
    data = dealt(3, 0).to_dict()
    data["seats"][1] = {**data["seats"][1], **change}
    with pytest.raises(ValueError, match=words):
        GameState.from_dict(data)


def test_state_md_documents_every_field_of_the_json_and_says_what_is_hidden() -> None:
    text = (PACKAGE / "state.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", text, flags=re.M))
    state = busy().to_dict()
    assert set(FIELDS) == set(state)
    for fields in (state, state["options"], state["seats"][0], state["battle"]):
        assert set(fields) <= documented
    hidden = {row.split("|")[1].strip(" `"): row for row in text.splitlines() if row.startswith("| `")}
    for owner_only in ("trophies", "wrecks", "orders", "dealt"):
        assert hidden[owner_only].rstrip(" |").endswith(("owner", "owner (the count is public)"))
    for nobody in ("space_deck", "trophy_deck", "improvement_deck"):
        assert "order: nobody" in hidden[nobody]


def test_the_example_position_of_state_md_reads() -> None:
    text = (PACKAGE / "state.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", text, flags=re.S)
    assert example is not None
    state = GameState.from_dict(json.loads(example.group(1)))
    assert state.phase == "turn.start" and state.players == 3


# === DERIVED VALUES ===


def test_rated_power_is_8_plus_the_equipment_and_the_wheel_turns_with_it() -> None:
    seat = Seat(base="B2").with_improvements(("E06", "E05", "S02"))
    assert seat.power == 8 + 4 + 3
    assert seat.with_improvements(("S02",)).power == 8


@pytest.mark.parametrize(("equipment", "damage", "rated", "main", "support"), [
    ((), 0, 8, 8, 4), ((), 4, 8, 4, 2), ((), 3, 8, 5, 2), (("E02",), 3, 10, 7, 3),
    (("E02", "E08"), 1, 12, 11, 5), (("E06", "E05", "E10", "E02"), 0, 20, 20, 10),
    (("E06", "E05", "E10", "E02"), 1, 20, 19, 9),
])
def test_r5_r6_main_power_is_r_less_damage_and_support_power_half_of_it_rounded_down(
        equipment: tuple[str, ...], damage: int, rated: int, main: int, support: int) -> None:
    seat = replace(Seat(base="B2").with_improvements(equipment), damage=damage)
    state = replace(dealt(3, 0), seats=(seat, *dealt(3, 0).seats[1:]))
    assert (state.rated_power(0), state.main_power(0), state.support_power(0)) == (rated, main, support)


def test_r7_the_black_albatross_adds_1_to_support_power_only_with_perks() -> None:
    seats = (Seat(base="B1"), Seat(base="B2"), Seat(base="B3"))
    plain = replace(dealt(3, 0), seats=seats)
    perks = replace(plain, options=Options(perks=True))
    assert (plain.support_power(0), perks.support_power(0)) == (4, 5)
    assert (plain.support_power(1), perks.support_power(1)) == (4, 4)


def test_standing_orders_are_set_unset_and_kept_sorted_by_name() -> None:
    seat = Seat(base="B1").with_order("vote", "abstain").with_order("ally", "decline")
    assert seat.orders == (("ally", "decline"), ("vote", "abstain"))
    assert seat.order("ally") == "decline" and seat.order("betray") is None
    assert seat.with_order("ally", None).orders == (("vote", "abstain"),)
    with pytest.raises(ValueError, match="no standing order is called"):
        seat.with_order("surrender", "yes")


def test_the_space_deck_counts_its_blue_and_red_cards() -> None:
    state = dealt(3, 0)
    assert state.space_counts() == (34, 34)
    assert replace(state, space_deck=state.space_deck[30:40]).space_counts() == (4, 6)


def test_treasuries_add_per_planet_and_the_ocg_keeps_none() -> None:
    treasuries = Treasuries().plus("karokum", 2).plus("exxalia", 5)
    assert (treasuries.of("karokum"), treasuries.of("exxalia"), treasuries.total()) == (2, 5, 7)
    with pytest.raises(KeyError):
        treasuries.of("ocg")


# === PURE PYTHON ===


@pytest.mark.reads_source
def test_the_rules_modules_import_nothing_but_the_standard_library_the_protocol_and_each_other() -> None:
    # The two modules that face Django: the app's config, and the Kind (its forms import Django lazily).
    site = ("apps.py", "kind.py")
    for module in sorted(p for p in PACKAGE.glob("*.py") if p.name not in site):
        tree = ast.parse(module.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module in ("__future__", "collections", "collections.abc", "dataclasses",
                                       "fractions", "functools", "html", "importlib", "itertools",
                                       "types", "typing",
                                       "games.kinds.protocol"), module.name
            elif isinstance(node, ast.Import):
                assert all(alias.name in ("json", "re", "textwrap") for alias in node.names), module.name


def test_a_state_with_open_choices_and_promises_reads_back_from_its_json_exactly() -> None:
    from games.kinds.metal_adventures import choices
    from games.kinds.metal_adventures.records import SUPPORT, Choice

    from .test_ma_promises import t20

    promised = t20()
    state = choices.push(promised, Choice(SUPPORT, 0, options=promised.bazaar_pile[:1], source="reward"))
    assert state.choices and len(state.promises) == 3
    assert round_trip(state) == state


def test_a_card_in_the_ocg_row_that_is_no_improvement_is_refused_naming_the_row() -> None:
    data = dealt(3, 0).to_dict()
    data["ocg_row"] = ["T01", *data["ocg_row"][1:]]
    with pytest.raises(ValueError) as refused:
        GameState.from_dict(data)
    assert str(refused.value) == "the OCG row: 'T01' is not one of its cards"


def test_a_card_in_the_improvement_deck_that_is_no_improvement_is_refused_naming_the_deck() -> None:
    data = dealt(3, 0).to_dict()
    data["improvement_deck"] = ["T01", *data["improvement_deck"][1:]]
    with pytest.raises(ValueError) as refused:
        GameState.from_dict(data)
    assert str(refused.value) == "the Improvement deck: 'T01' is not one of its cards"


def test_a_stored_power_wheel_is_read_as_stored_so_the_invariants_catch_one_that_disagrees() -> None:
    # Read back as it was saved, not recomputed from the equipment: a wrong wheel in a record is reported
    # (invariants.py, "R = 8 + equipment"), never silently repaired.
    data = dealt(3, 0).to_dict()
    data["seats"][1] = {**data["seats"][1], "improvements": [], "power": 9}
    state = GameState.from_dict(data)
    assert state.seats[1].power == 9
    with pytest.raises(AssertionError, match="R = 8 \\+ equipment"):
        invariants.check(state)
