"""Metal Adventures' trade offers (rules.md, "Trades and promises"): `offer`, `accept`, `decline`,
`withdraw`; every trade involves the active seat (R56), moves its `@now` items at once, checked then, and
never leaves anybody above a limit (R57); later legs become promises; open offers expire at the end of the
turn. Scenarios T19 (its second case's trade) and T20 (its trade). Every state reached keeps the
invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import commands, invariants, offers
from games.kinds.metal_adventures.battle_state import Battle
from games.kinds.metal_adventures.records import KEEP_TROPHY, Choice, Item, Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Refused

from .helpers import A, B, C, given, play, refused


def travelling(players: int = 3, **kwargs: Any) -> GameState:
    state = given(players, phase="turn.travel", **kwargs)
    return replace(state, travel=Travel(battle_done=True))


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def credits(state: GameState) -> list[int]:
    return [s.credits for s in state.seats]


# === T19, T20: THE IMMEDIATE TRADE ===


def test_t19_a_card_for_credits_moves_both_ways_at_acceptance() -> None:
    state = travelling(seats={A: {"credits": 6, "glory": 8},
                              B: {"credits": 7, "glory": 8, "trophies": ("T09",), "improvements": ("E01",)}})
    state, events = play(state, A, "offer 2 give 5c get card E01")
    assert kinds(events) == ["offer"] and [o.name for o in state.offers] == ["O1"]
    assert credits(state)[:2] == [6, 7]  # nothing moves before the acceptance
    after, events = play(state, B, "accept O1")
    assert credits(after)[:2] == [1, 12]
    assert after.seats[A].improvements == ("E01",) and after.seats[B].improvements == ()
    assert after.seats[A].power == 9 and after.seats[B].power == 8
    # The checkpoint after the trade: B, at 12 credits, reveals the Trophy of the Hoarder (T09): G 9.
    assert after.offers == () and kinds(events) == ["trade", "reveal"] and after.seats[B].glory == 9


def test_t20_an_accepted_trade_cannot_be_withdrawn() -> None:
    state = travelling(seats={A: {"credits": 2}, B: {"improvements": ("E01",)}})
    state, _ = play(state, A, "offer 2 give 2c get card E01")
    after, _ = play(state, B, "accept O1")
    assert after.seats[A].credits == 0 and after.seats[A].improvements == ("E01",)
    refused(after, A, "withdraw O1", "There is no open offer O1: an offer is closed once accepted")


# === LATER LEGS BECOME PROMISES ===


def test_five_later_for_two_now_moves_the_two_and_records_the_five_as_a_promise() -> None:
    state = travelling(seats={A: {"credits": 1}, C: {"credits": 4}})
    state, _ = play(state, A, "offer 3 give 5c@next get 2c")
    after, events = play(state, C, "accept O1")
    assert credits(after)[A] == 3 and credits(after)[C] == 2
    (promise,) = after.promises
    assert (promise.name, promise.debtor, promise.creditor, promise.due) == ("P1", A, C, "next")
    assert promise.turn == 1
    assert promise.items == (Item("credits", amount=5, due="next"),)
    assert kinds(events) == ["trade", "promise"] and after.numbers == (1, 1, 0)


def test_both_sides_later_legs_become_promises_of_their_givers_one_per_due_point() -> None:
    state = travelling(seats={B: {"improvements": ("E02",)}})
    state, _ = play(state, A, "offer 2 give 1c@end + 2c@next get card E02@end")
    after, _ = play(state, B, "accept O1")
    assert [(p.name, p.debtor, p.creditor, p.due) for p in after.promises] == [
        ("P1", A, B, "end"), ("P2", A, B, "next"), ("P3", B, A, "end")]
    after, _ = play(after, A, "end")
    assert after.seats[A].improvements == ("E02",) and [p.name for p in after.promises] == ["P2"]


def test_a_trophy_given_later_may_be_left_to_the_givers_choice() -> None:
    state = travelling(seats={B: {"credits": 3}})
    state, _ = play(state, A, "offer 2 give trophy@next get 1c")
    after, _ = play(state, B, "accept O1")
    assert after.promises[0].items == (Item("trophy", due="next"),)


# === TROPHIES OF THE GIVER'S CHOICE ===


def test_the_accepter_names_the_trophy_the_offer_leaves_to_its_choice() -> None:
    state = travelling(seats={A: {"credits": 3, "trophies": ("T11",)}, B: {"trophies": ("T15", "T02")}})
    state, _ = play(state, A, "offer 2 give 2c get trophy")
    refused(state, B, "accept O1", "asks for 1 trophy of your choice: name it, accept O1 trophy <t>")
    refused(state, B, "accept O1 trophy T11", "not one of your trophies")
    after, _ = play(state, B, "accept O1 trophy T02")
    assert after.seats[A].trophies == ("T11", "T02") and after.seats[B].trophies == ("T15",)


def test_naming_a_trophy_when_the_offer_leaves_none_to_choose_is_refused() -> None:
    state = travelling(seats={B: {"trophies": ("T15",)}})
    state, _ = play(state, A, "offer 2 give 1c get 1c")
    refused(state, B, "accept O1 trophy T15", "leaves no trophy to your choice")
    refused(state, B, "accept O1 wreck N05", "An offer names its wrecks")


def test_the_offerer_names_a_trophy_it_gives_now() -> None:
    state = travelling(seats={A: {"trophies": ("T11",)}, B: {"credits": 3, "trophies": ()}})
    refused(state, A, "offer 2 give trophy get 2c", "Name the trophy you give now")
    state, _ = play(state, A, "offer 2 give trophy T11 get 2c")
    after, _ = play(state, B, "accept O1")
    assert after.seats[B].trophies == ("T11",) and after.seats[A].trophies == ()


def test_a_wreck_changes_hands_in_a_trade() -> None:
    state = travelling(seats={B: {"wrecks": ("N05",)}})
    state, _ = play(state, A, "offer 2 give 2c get wreck N05")
    after, _ = play(state, B, "accept O1")
    assert after.seats[A].wrecks == ("N05",) and after.seats[B].wrecks == ()


# === R56: WHO TRADES WITH WHOM, AND WHEN ===


def test_r56_a_waiting_seat_may_offer_to_the_active_seat_only() -> None:
    state = travelling(seats={B: {"improvements": ("E01",)}})
    refused(state, B, "offer 3 give card E01 get 1c", "you may offer only to seat 1")
    state, _ = play(state, B, "offer 1 give card E01 get 1c")
    refused(state, C, "accept O1", "O1 was made to seat 1, not you")
    refused(state, B, "accept O1", "You made O1: seat 1 accepts it, or you withdraw it")
    after, _ = play(state, A, "accept O1")
    assert after.seats[A].improvements == ("E01",)


def test_r56_no_trade_before_the_tribute_or_the_rest() -> None:
    state = given(3, phase="turn.start")
    refused(state, A, "offer 2 give 1c get 1c", "Trades open once seat 1 has paid or refused the tribute")
    refused(state, B, "offer 1 give 1c get 1c", "Trades open once seat 1 has paid or refused the tribute")


def test_a_resting_seat_may_trade() -> None:
    state = given(3, phase="turn.rest", seats={A: {"damage": 1}})
    state, _ = play(state, B, "offer 1 give 1c get nothing")
    after, _ = play(state, A, "accept O1")
    assert credits(after)[:2] == [4, 2]


def in_battle(state: GameState) -> GameState:
    state = replace(state, phase="battle.allies",
                    battle=Battle(kind="planet", attacker=A, target="bazaar"))
    invariants.check(state)
    return state


def test_r56_trades_are_refused_during_a_battle() -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get 1c")
    state = in_battle(state)
    for seat, command in ((A, "offer 2 give 1c get 1c"), (B, "accept O1"), (B, "decline O1"),
                          (A, "withdraw O1")):
        refused(state, seat, command, "Battle in progress: trades wait until it is over")
    assert offers.legal(state, B) == []


def test_trades_wait_for_a_choice_but_an_offer_may_still_be_closed() -> None:
    state, _ = play(given(3, phase="turn.rest", seats={A: {"damage": 1}}), B, "offer 1 give 1c get 1c")
    state, _ = play(state, B, "offer 1 give 2c get 1c")
    drawn = state.trophy_deck[:2]
    state = replace(state, trophy_deck=state.trophy_deck[2:],
                    choices=(Choice(KEEP_TROPHY, A, cards=drawn, source="rest"),))
    invariants.check(state)
    refused(state, A, "accept O1", "Seat 1 has a choice to make first")
    refused(state, C, "offer 1 give 1c get 1c", "Seat 1 has a choice to make first")
    assert offers.legal(state, A) == ["decline O1", "decline O2"]
    after, _ = play(state, B, "withdraw O1")
    after, _ = play(after, A, "decline O2")
    assert after.offers == ()


# === R57: LIMITS ===


def test_r57_a_trade_that_leaves_a_seat_above_its_trophy_limit_is_refused() -> None:
    state = travelling(seats={A: {"trophies": ("T11", "T14")}, B: {"trophies": ("T15",)}})
    state, _ = play(state, A, "offer 2 give 1c get trophy")
    refused(state, B, "accept O1 trophy T15", "After this trade seat 1 would hold 3 trophies")


def test_r57_a_trophy_for_a_trophy_at_the_limit_is_fine() -> None:
    state = travelling(seats={A: {"trophies": ("T11", "T14")}, B: {"trophies": ("T15", "T02")}})
    state, _ = play(state, A, "offer 2 give trophy T11 get trophy")
    after, _ = play(state, B, "accept O1 trophy T02")
    assert after.seats[A].trophies == ("T14", "T02") and after.seats[B].trophies == ("T15", "T11")


def test_r57_improvements_over_four_are_refused_unless_the_trade_brings_them_back() -> None:
    four = ("E01", "E03", "E05", "E07")
    state = travelling(seats={A: {"improvements": four}, B: {"improvements": ("E02", "S05")}})
    state, _ = play(state, A, "offer 2 give 1c get card E02")
    refused(state, B, "accept O1", "After this trade seat 1 would hold 5 improvements")
    state, _ = play(state, A, "offer 2 give card E01 get card E02")
    after, _ = play(state, B, "accept O2")
    assert after.seats[A].improvements == ("E03", "E05", "E07", "E02")
    assert after.seats[B].improvements == ("S05", "E01")


# === HOLDING WHAT IS GIVEN ===


def test_each_side_must_hold_what_it_gives_at_acceptance() -> None:
    state = travelling(seats={A: {"credits": 3}, B: {"credits": 1}})
    refused(state, A, "offer 2 give 4c get 1c", r"You cannot offer that: you have 3₡, not 4₡")
    state, _ = play(state, A, "offer 2 give 3c get 2c")
    refused(state, B, "accept O1", r"You cannot give what O1 asks for: you have 1₡, not 2₡")
    state, _ = play(state, A, "offer 2 give 3c get 1c")
    poorer = state.with_seat(A, replace(state.seats[A], credits=2))
    poorer = replace(poorer, bank=poorer.bank + 1)
    refused(poorer, B, "accept O2", "Seat 1 no longer holds what it offers in O2")


# === OFFER REFUSALS ===


@pytest.mark.parametrize(("command", "words"), [
    ("offer 2 give 1c", "Write an offer as offer <seat> give <items> get <items>"),
    ("offer 2 get 1c give 1c", "Write an offer as"),
    ("offer 1 give 1c get 1c", "You cannot trade with yourself"),
    ("offer 7 give 1c get 1c", "Name a seat by its number, 1 to 3"),
    ("offer 2 give 1c@win get 1c", "@win` belongs to an ally's terms"),
    ("offer 2 give 1c get card E02@win", "@win` belongs to an ally's terms"),
    ("offer 2 give nothing get nothing", "An offer gives or asks for something"),
    ("offer 2 give 2 goats get 1c", "Could not read '2 goats'"),
    ("offer 2 give card E02 get 1c", "You cannot offer that: you do not hold Plasma Cutlass"),
])
def test_an_offer_that_cannot_be_made_is_refused_saying_why(command: str, words: str) -> None:
    refused(travelling(), A, command, words)


def test_accept_decline_withdraw_name_an_open_offer_of_their_own_side() -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get 1c")
    refused(state, B, "accept", "Accept which offer")
    refused(state, B, "accept offer", "Name an offer by its id")
    refused(state, B, "decline O3", "There is no open offer O3")
    refused(state, C, "decline O1", "O1 was made to seat 2: only it may decline it")
    refused(state, A, "decline O1", r"only it may decline it \(you may withdraw it\)")
    refused(state, B, "withdraw O1", "O1 is seat 1's offer: only it may withdraw it")
    refused(state, B, "withdraw", "Withdraw which offer")
    after, events = play(state, B, "decline o1")
    assert after.offers == () and kinds(events) == ["offer_declined"]
    after, events = play(state, A, "withdraw 1")
    assert after.offers == () and kinds(events) == ["offer_withdrawn"]


# === EXPIRY, LEAVING ===


def test_every_open_offer_expires_at_the_end_of_the_turn() -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get 1c")
    state, _ = play(state, C, "offer 1 give 1c get 1c")
    after, events = play(state, A, "end")
    assert after.offers == ()
    assert [e["offer"] for e in events if e["type"] == "offer_expired"] == [1, 2]


def test_r58_a_resigning_seats_offers_close() -> None:
    state, _ = play(travelling(), A, "offer 2 give 1c get 1c")
    state, _ = play(state, C, "offer 1 give 1c get 1c")
    after, events = play(state, B, "resign")
    assert [o.name for o in after.offers] == ["O2"]
    assert [e["offer"] for e in events if e["type"] == "offer_expired"] == [1]


# === legal ===


def candidates(state: GameState, seat: int) -> list[str]:
    numbers = [o.number for o in state.offers] + [9]
    trophies = sorted({t for s in state.seats for t in s.trophies})
    found = [f"{verb} O{n}" for verb in ("accept", "decline", "withdraw") for n in numbers]
    found += [f"accept O{n} trophy {t}" for n in numbers for t in trophies]
    # Two trophies in the order of the seat's hand, the canonical one (the other order is the same choice).
    hand = state.seats[seat].trophies
    found += [f"accept O{n} trophy {t} trophy {u}" for n in numbers for i, t in enumerate(hand)
              for u in hand[i + 1:]]
    return found


def positions() -> list[GameState]:
    state = travelling(seats={A: {"credits": 3, "trophies": ("T11",), "improvements": ("E01",)},
                              B: {"credits": 1, "trophies": ("T15", "T02"), "improvements": ("E02",)},
                              C: {"credits": 5, "trophies": ()}})
    for seat, command in ((A, "offer 2 give 1c get trophy"),
                          (A, "offer 2 give 1c + trophy T11 get trophy + trophy"),
                          (A, "offer 2 give trophy T11 get trophy"), (A, "offer 3 give 3c get 6c"),
                          (A, "offer 3 give 3c get 5c"), (B, "offer 1 give card E02 get 2c"),
                          (C, "offer 1 give 1c@next get card E01"), (B, "offer 1 give 1c get nothing")):
        state, _ = play(state, seat, command)
    rest = replace(state, phase="turn.rest", travel=Travel())
    return [state, rest, in_battle(state), travelling()]


@pytest.mark.parametrize("index", range(4))
def test_legal_lists_exactly_the_accept_decline_and_withdraw_commands_play_accepts(index: int) -> None:
    state = positions()[index]
    for seat in range(state.players):
        accepted = set()
        for command in candidates(state, seat):
            try:
                after, _ = commands.play(state, seat, command, None)
            except Refused:
                continue
            invariants.check(after)
            accepted.add(command)
        legal = commands.legal_commands(state, seat)
        assert {c for c in legal if c.split()[0] in ("accept", "decline", "withdraw")} == accepted
        assert set(offers.legal(state, seat)) <= set(legal)


def test_the_first_position_lists_accepts_with_trophies_of_the_accepters_choice() -> None:
    legal = offers.legal(positions()[0], B)
    assert legal[:4] == ["accept O1 trophy T15", "accept O1 trophy T02", "decline O1",
                         "accept O2 trophy T15 trophy T02"]
    legal = offers.legal(positions()[0], C)
    assert "accept O4" not in legal and "accept O5" in legal  # C holds 5: it can give 5c, not 6c


def test_offer_refusals_word_for_word() -> None:
    from .helpers import refusal
    from .test_ma_narration import trading

    state = trading()
    assert refusal(state, A, "offer 2 give nothing get nothing") == "An offer gives or asks for something."
    assert refusal(state, A, "offer 2 give 1c@win get nothing") == \
        "What you give: `@win` belongs to an ally's terms; an offer's later leg is due `@end` or `@next`."
    one, _ = play(state, A, "offer 2 give 1c get trophy")
    assert refusal(one, B, "accept O1") == \
        "O1 asks for 1 trophy of your choice: name it, accept O1 trophy <t>."
    two, _ = play(state, A, "offer 2 give 1c get trophy + trophy")
    assert refusal(two, B, "accept O1") == \
        "O1 asks for 2 trophies of your choice: name them, accept O1 trophy <t>."


def test_legal_lists_giving_now_a_trophy_the_offer_also_asks_for_later() -> None:
    # The trophy of B's choice now may be the one it is asked to promise `@end`: play accepts it (the
    # promise will then be broken at the end of the turn, rules.md "Promises"), so legal lists it.
    state = travelling(seats={A: {"credits": 3, "trophies": ()}, B: {"trophies": ("T15", "T02")}})
    state, _ = play(state, A, "offer 2 give 1c get trophy T15@end + trophy")
    after, _ = play(state, B, "accept O1 trophy T15")
    assert after.seats[A].trophies == ("T15",)
    assert offers.legal(state, B) == ["accept O1 trophy T15", "accept O1 trophy T02", "decline O1"]


def test_naming_an_offer_that_is_not_open_is_refused_word_for_word() -> None:
    from .helpers import refusal

    assert refusal(travelling(), B, "decline O3") == (
        "There is no open offer O3: an offer is closed once accepted, declined, withdrawn or expired.")


def test_a_trophy_given_now_unnamed_is_refused_word_for_word() -> None:
    from .helpers import refusal

    state = travelling(seats={A: {"trophies": ("T11",)}})
    assert refusal(state, A, "offer 2 give trophy get 2c") == (
        "Name the trophy you give now (`trophy <t>`): the other seat sees only \"a trophy\" until it "
        "arrives.")
