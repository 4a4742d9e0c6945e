"""Metal Adventures' standing orders (rules.md, "Standing orders"): `order <name> <value>` read into its
canonical value for every order of the list, refused with a reason for what cannot be read, `order <name>
off` unsetting, `order` alone listing the seat's own; given by any seat at any time (battles and choices
included); and the questions the battle, the checkpoint and the cases ask of them. Every state reached is
checked against the invariants."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.kinds.metal_adventures import choices, commands, declare, invariants, orders
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.records import CARD, CREDITS, TROPHY, WIN, Item
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Refused

from .helpers import A, B, C, D, given, play, quiet, refusal


def ordered(state: GameState, seat: int, *texts: str) -> GameState:
    for text in texts:
        state, _ = play(state, seat, f"order {text}")
    return state


def four() -> GameState:
    return given(4, seats={A: {"improvements": ("S01", "S02", "E01")}, B: {"trophies": ("T03", "T05")}})


# === READING AN ORDER ===

ACCEPTED = [
    ("ally decline", "ally", "decline"),
    ("ALLY Decline", "ally", "decline"),
    ("ally accept", "ally", "accept"),
    ("ally accept min 2c", "ally", "accept min 2c"),
    ("ally accept min 2", "ally", "accept min 2c"),
    ("ally accept min 0c", "ally", "accept"),
    ("ally accept from 3,2", "ally", "accept from 2,3"),
    ("ally accept from 2, 3", "ally", "accept from 2,3"),
    ("ally accept from 2 3 min 1c", "ally", "accept min 1c from 2,3"),
    ("ally accept min 1c from all", "ally", "accept min 1c"),
    ("ally counter 2c", "ally", "counter 2c@win"),
    ("ally counter 1c@now + card rhum", "ally", "counter 1c@now + card E11@win"),
    ("defend none", "defend", "none"),
    ("defend ask all", "defend", "ask all"),
    ("defend ask 3,2", "defend", "ask 2,3"),
    ("defend ask 3 for 1c", "defend", "ask 3 for 1c@win"),
    ("defend ask all FOR 2c@now + trophy", "defend", "ask all for 2c@now + trophy@win"),
    ("betray no", "betray", "no"),
    ("betray 2", "betray", "2"),
    ("betray 4,2", "betray", "2,4"),
    ("betray all", "betray", "all"),
    ("mf ally yes", "mf ally", "yes"),
    ("mf ally no", "mf ally", "no"),
    ("mf defend yes", "mf defend", "yes"),
    ("MF Defend NO", "mf defend", "no"),
    ("arm jones both", "arm S01", "both"),
    ("arm captain jones ally", "arm S01", "ally"),
    ("arm S02 defend", "arm S02", "defend"),
    ("arm loaded-dice ally", "arm S03", "ally"),
    ("arm smoke defend", "arm S04", "defend"),
    ("trophies auto", "trophies", "auto"),
    ("trophies manual", "trophies", "manual"),
    ("plead innocent", "plead", "innocent"),
    ("plead guilty", "plead", "guilty"),
    ("vote abstain", "vote", "abstain"),
    ("vote guilty", "vote", "guilty"),
    ("vote innocent", "vote", "innocent"),
    ("overflow new", "overflow", "new"),
    ("overflow jones", "overflow", "S01"),
    ("overflow E01", "overflow", "E01"),
]


@pytest.mark.parametrize(("text", "name", "value"), ACCEPTED, ids=[t for t, _, _ in ACCEPTED])
def test_an_order_is_stored_in_its_canonical_form(text: str, name: str, value: str) -> None:
    state = four()
    after, events = play(state, A, f"order {text}")
    assert after.seats[A].order(name) == value
    assert events == [{"type": "order", "seat": A, "name": name, "value": value}]
    assert after.seats[B:] == state.seats[B:]
    assert orders.read(after, A, f"{name} {value}") == (name, value)  # the canonical form reads as itself


def test_every_order_of_the_list_is_tested() -> None:
    names = {name.split()[0] if name.startswith("arm") else name for _, name, _ in ACCEPTED}
    assert names == {*orders.USAGE}


REFUSED = [
    ("ally", "Say what the order is: order ally decline"),
    ("ally maybe", "Could not read 'maybe'"),
    ("ally decline 2", "Could not read"),
    ("ally accept min", "Could not read"),
    ("ally accept min lots", "`min` takes an amount"),
    ("ally accept from", "Could not read"),
    ("ally accept from 1", "not your own"),
    ("ally accept from 7", "no seat 7"),
    ("ally accept from two", "Name seats by number"),
    ("ally accept min 1c min 2c", "Could not read"),
    ("ally counter", "Say the terms"),
    ("ally counter 2 credits", "Could not read"),
    ("ally counter 2c@later", "due point"),
    ("defend", "Say what the order is"),
    ("defend ask", "Name the seats to ask"),
    ("defend ask for 2c", "Name the seats to ask"),
    ("defend ask 2 for", "Say the terms you offer"),
    ("defend ask 2 for nothing", "Could not read"),
    ("defend maybe", "order defend none"),
    ("defend none 2", "Could not read"),
    ("betray yes", "Name seats by number"),
    ("betray 1", "not your own"),
    ("mf", "order mf ally yes"),
    ("mf yes", "order mf ally yes"),
    ("mf ally", "Say what the order is: order mf ally yes"),
    ("mf ally maybe", "not a value of `order mf ally`"),
    ("arm", "Name the card and when"),
    ("arm jones", "Name the card and when"),
    ("arm jones always", "Name the card and when"),
    ("arm patch both", "cards that can be armed"),
    ("arm rhum ally", "cards that can be armed"),
    ("trophies", "Say what the order is"),
    ("trophies sometimes", "auto | manual"),
    ("plead maybe", "innocent | guilty"),
    ("vote yes", "abstain | guilty | innocent"),
    ("overflow T03", "not one of your improvements and trophies"),
    ("betrayal no", "no standing order called 'betrayal'"),
    ("unset ally", "no standing order called 'unset'"),
]


@pytest.mark.parametrize(("text", "words"), REFUSED, ids=[t for t, _ in REFUSED])
def test_an_order_that_cannot_be_read_is_refused_saying_how_to_write_it(text: str, words: str) -> None:
    with pytest.raises(Refused, match=words.replace("|", r"\|").replace("(", r"\(")):
        commands.play(four(), A, f"order {text}", None)


def test_an_order_naming_a_seat_that_left_is_refused() -> None:
    state = four()
    state = state.with_seat(C, replace(state.seats[C], out=True))
    with pytest.raises(Refused, match="Seat 3 has left the game"):
        commands.play(state, A, "order betray 3", None)


def test_overflow_with_nothing_held_is_refused() -> None:
    with pytest.raises(Refused, match="You hold no card"):
        commands.play(given(seats={A: {"trophies": ()}}), A, "order overflow rhum", None)


def test_off_unsets_an_order_and_is_harmless_when_it_is_unset() -> None:
    state = ordered(four(), A, "ally accept min 2c", "arm jones both", "mf ally yes")
    after, events = play(state, A, "order ally off")
    assert after.seats[A].order("ally") is None and events[0]["value"] is None
    after = ordered(after, A, "arm captain jones off", "MF ally OFF", "vote off")
    assert after.seats[A].orders == ()


def test_a_new_value_replaces_the_old_one() -> None:
    state = ordered(four(), A, "ally decline", "ally counter 3c")
    assert state.seats[A].orders == (("ally", "counter 3c@win"),)


def test_order_alone_lists_the_seats_own_orders_and_changes_nothing() -> None:
    state = ordered(four(), A, "ally decline", "arm jones both")
    state = ordered(state, B, "vote guilty")
    after, events = play(state, A, "order")
    assert after == state
    assert events == [{"type": "orders", "seat": A, "orders": {"ally": "decline", "arm S01": "both"}}]


def test_orders_survive_the_states_json() -> None:
    state = ordered(four(), A, "ally accept min 2c from 2,3", "arm jones both", "overflow E01")
    assert GameState.from_dict(state.to_dict()) == state
    assert state.to_dict()["seats"][A]["orders"] == {"ally": "accept min 2c from 2,3", "arm S01": "both",
                                                     "overflow": "E01"}


def test_any_seat_gives_orders_at_any_time_in_a_battle_or_while_a_choice_waits() -> None:
    state = four()
    battle = replace(state, phase="battle.declare", battle=Battle(kind="challenge", attacker=A, challenged=B))
    after = ordered(battle, C, "mf ally yes")
    assert after.seats[C].order("mf ally") == "yes"
    waiting, _ = choices.draw_trophies(replace(given(4, phase="turn.rest"), active=A), A, 2, "rest")
    after = ordered(waiting, D, "trophies manual")
    assert after.seats[D].order("trophies") == "manual" and after.choices == waiting.choices
    setting_up = replace(given(4), phase="setup.trophies")
    assert orders.command(setting_up, B, "vote abstain")[0].seats[B].order("vote") == "abstain"


def test_a_seat_that_left_gives_no_order() -> None:
    state = four()
    state = state.with_seat(C, replace(state.seats[C], out=True))
    with pytest.raises(Refused, match="left the game"):
        commands.play(state, C, "order vote abstain", None)


# === THE QUESTIONS ===


def two_c(due: str = WIN) -> tuple[Item, ...]:
    return (Item(CREDITS, amount=2, due=due),)


def test_ally_answer_unset_lets_the_window_run() -> None:
    assert orders.ally_answer(four(), B, A, two_c()) is None


def test_ally_decline_declines_every_ask() -> None:
    state = ordered(four(), B, "ally decline")
    assert orders.ally_answer(state, B, A, two_c()) == ("decline", ())


def test_ally_accept_reads_its_minimum_from_win_or_now_credits_and_its_seats() -> None:
    state = ordered(four(), B, "ally accept min 2c from 1,3")
    assert orders.ally_answer(state, B, A, two_c()) == ("accept", ())
    assert orders.ally_answer(state, B, A, two_c("now")) == ("accept", ())
    mixed = (Item(CREDITS, amount=1), Item(CREDITS, amount=1, due=WIN))
    assert orders.ally_answer(state, B, A, mixed) == ("accept", ())
    assert orders.ally_answer(state, B, A, two_c("end")) == ("decline", ())
    assert orders.ally_answer(state, B, A, (Item(CREDITS, amount=1, due=WIN),)) == ("decline", ())
    assert orders.ally_answer(state, B, D, two_c()) == ("decline", ())
    anyone = ordered(state, B, "ally accept")
    assert orders.ally_answer(anyone, B, D, ()) == ("accept", ())


def test_ally_counter_answers_its_terms_and_accepts_the_same_terms_offered() -> None:
    state = ordered(four(), B, "ally counter 2c + card rhum@now")
    counter = (Item(CREDITS, amount=2, due=WIN), Item(CARD, card="E11", due="now"))
    assert orders.ally_answer(state, B, A, two_c()) == ("counter", counter)
    assert orders.ally_answer(state, B, A, tuple(reversed(counter))) == ("accept", ())


def test_defend_gives_the_asks_of_seats_that_may_be_asked_now() -> None:
    state = four()
    assert orders.defend(state, B) is None
    assert orders.defend(ordered(state, B, "defend none"), B) == ()
    challenged = replace(state, phase="battle.declare",
                         battle=Battle(kind="challenge", attacker=A, challenged=B))
    everyone = ordered(challenged, B, "defend ask all for 1c")
    assert orders.defend(everyone, B) == (((C, D), (Item(CREDITS, amount=1, due=WIN),)),)
    listed = ordered(challenged, B, "defend ask 1,4")
    assert orders.defend(listed, B) == (((D,), ()),)
    infamous = listed.with_seat(D, replace(listed.seats[D], jp=4))
    assert orders.defend(infamous, B) == ()
    at_four = everyone.with_seat(B, replace(everyone.seats[B], jp=4))
    assert orders.defend(at_four, B) == ()


def test_betray_names_the_principals_betrayed_and_never_a_hunters() -> None:
    state = four()
    assert orders.betray(state, B, A) is None
    assert orders.betray(ordered(state, B, "betray no"), B, A) is False
    listed = ordered(state, B, "betray 1")
    assert orders.betray(listed, B, A) is True and orders.betray(listed, B, C) is False
    everyone = ordered(state, B, "betray all")
    assert orders.betray(everyone, B, C) is True
    hunter = replace(everyone, phase="battle.declare", battle=Battle(kind="space", attacker=A, target="N08"))
    assert orders.betray(hunter, B, A) is False
    plain = replace(everyone, phase="battle.declare", battle=Battle(kind="space", attacker=A, target="N01"))
    assert orders.betray(plain, B, A) is True


def test_mf_reads_the_role_asked() -> None:
    state = ordered(four(), B, "mf ally yes", "mf defend no")
    assert orders.mf(state, B, "ally") is True and orders.mf(state, B, "defend") is False
    assert orders.mf(state, C, "ally") is None
    with pytest.raises(ValueError):
        orders.mf(state, B, "attack")


def test_armed_gives_the_held_cards_whose_order_covers_the_role() -> None:
    state = ordered(four(), A, "arm jones ally", "arm grog both", "arm smoke defend")  # S04 not held
    assert orders.armed(state, A, "ally") == ("S01", "S02")
    assert orders.armed(state, A, "defend") == ("S02",)
    assert orders.armed(state, B, "ally") == ()
    with pytest.raises(ValueError):
        orders.armed(state, A, "both")


def test_trophies_mode_plead_and_vote() -> None:
    state = ordered(four(), B, "trophies manual", "plead guilty", "vote innocent")
    assert (orders.trophies_mode(state, B), orders.plead(state, B), orders.vote(state, B)) == (
        "manual", "guilty", "innocent")
    assert (orders.trophies_mode(state, C), orders.plead(state, C), orders.vote(state, C)) == (
        "auto", None, None)


def test_overflow_names_a_card_still_held_or_new() -> None:
    state = ordered(four(), B, "overflow T03")
    assert orders.overflow(state, B) == "T03" and orders.overflow(state, C) == "new"
    gone = state.with_seat(B, replace(state.seats[B], trophies=("T05",)))
    gone = replace(gone, trophy_deck=(*gone.trophy_deck, "T03"))
    invariants.check(gone)
    assert orders.overflow(gone, B) == "new"


def test_a_trophy_item_in_terms_reads_back() -> None:
    state = ordered(four(), B, "ally counter trophy")
    assert orders.ally_answer(state, B, A, ()) == ("counter", (Item(TROPHY, card="", due=WIN),))


# === ORDERS DECLARE FOR AN ALLY OUT OF TURN (declare.py) ===


def test_an_allys_arm_order_declares_its_cards_and_its_step_closes_at_once() -> None:
    """A challenger's ally whose die shows a face has only its cards to declare: its `arm` order declares
    them (its equipment holding no reaction) and the step closes without waiting for it."""
    orders = {"ally": "accept", "arm S04": "ally"}
    state = quiet(3, {C: {"improvements": ("E01", "S04"), "mf": 4, "orders": orders}}, phase="turn.travel")
    for seat, command in ((A, "challenge 2"), (A, "ally ask 3"), (A, "ready"), (B, "ready"), (A, "mf no")):
        state, _ = play(state, seat, command)
    state, events = play(state, A, "roll")
    assert events[-1] == {"type": "declared", "step": "challenger_allies", "declarations": [
        {"seat": C, "loyal": None, "mf": False, "play": [], "arm": ["S04"]}]}
    assert commands.to_act(state) == (B,)
    assert refusal(state, C, "mf yes") == "Your declaration is made: the dice are on their way."


def test_the_attacker_declares_only_once_its_allies_have_and_is_told_so_word_for_word() -> None:
    state = quiet(3, {}, phase="turn.travel")
    state, _ = play(state, A, "attack planet bazaar")
    state, _ = play(state, A, "ally ask 2")
    state, _ = play(state, B, "ally accept")
    assert refusal(state, A, "mf yes") == ("The battle is under way: your declaration comes in its turn, "
                                           "after your allies' (and before the challenged side's).")
    assert refusal(state, C, "mf yes") == ("You are not in this battle: a battle in progress leaves you only "
                                           "chat and orders.")


def test_allies_declare_in_seat_order_from_the_active_seat() -> None:
    state = quiet(4, {}, active=C)
    battle = Battle(kind="challenge", attacker=C, challenged=B, allies=(A, D), defenders=())
    assert declare.step_seats(state, battle, "challenger_allies") == (D, A)
    assert declare.step_seats(replace(state, active=A), replace(battle, attacker=A, allies=(C, D)),
                              "challenger_allies") == (C, D)
