"""Metal Adventures' promises (rules.md, "Trades and promises"): settled at their due points in id order,
kept whole or broken (R54), 1 JP per creditor at one settlement moment (R53) (scenario T20); `keep`,
`keep all`, `break`, `promise`, `discard`; the battle's settlement of `@win` terms; a promised card or
trophy over the receiver's limit (D15); a resigning seat's promises (R58). Every state reached keeps the
invariants."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.kinds.metal_adventures import commands, delivery, invariants, promises
from games.kinds.metal_adventures.battle_state import ATTACK, DEFEND, Battle
from games.kinds.metal_adventures.records import KEEP_TROPHY, Choice, Item, Travel
from games.kinds.metal_adventures.state import GameState
from games.kinds.protocol import Event, Refused

from .helpers import A, B, C, given, play, refusal, refused, with_credits


def checked(result: tuple[GameState, Any]) -> GameState:
    invariants.check(result[0])
    return result[0]


def owe(state: GameState, debtor: int, creditor: int, due: str, *things: Item, **flags: bool) -> GameState:
    after, _promise = promises.make(state, debtor, creditor, tuple(things), due, **flags)
    invariants.check(after)
    return after


def cr(amount: int, due: str = "next") -> Item:
    return Item("credits", amount=amount, due=due)


def card(card_id: str, due: str = "next") -> Item:
    return Item("card", card=card_id, due=due)


def trophy(card_id: str = "", due: str = "next") -> Item:
    return Item("trophy", card=card_id, due=due)


def travelling(players: int = 3, **kwargs: Any) -> GameState:
    """The active seat travelling, its battle fought (so `end` ends the turn)."""
    state = given(players, phase="turn.travel", **kwargs)
    return replace(state, travel=Travel(battle_done=True))


def jp_glory(state: GameState, seat: int) -> tuple[int, int]:
    return state.seats[seat].jp, state.seats[seat].glory


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


# === T20: PROMISES ===


def t20() -> GameState:
    """A: 2 credits at its own turn; P1 A->B 3c@next, P2 A->B 1c@next, P3 A->C 2c@next, made in A's
    previous turn (turn 1; now turn 4, A's again with three seats)."""
    state = replace(travelling(seats={A: {"credits": 2}}), turn=1)
    state = owe(state, A, B, "next", cr(3))
    state = owe(state, A, B, "next", cr(1))
    state = owe(state, A, C, "next", cr(2))
    state = replace(state, turn=4)
    invariants.check(state)
    return state


def test_t20_at_the_due_point_each_promise_in_id_order_is_kept_whole_or_broken_one_jp_per_creditor() -> None:
    state = t20()
    credits = [s.credits for s in state.seats]
    after, events = play(state, A, "end")
    assert [after.seats[i].credits - credits[i] for i in (A, B, C)] == [-1, 1, 0]
    assert jp_glory(after, A) == (2, -2)
    assert [(e["type"], e.get("promise")) for e in events if e["type"].startswith("promise")] == [
        ("promise_broken", 1), ("promise_kept", 2), ("promise_broken", 3)]
    assert [e["why"] for e in events if e["type"] == "jp"] == ["broke a promise to seat 2",
                                                                "broke a promise to seat 3"]
    assert after.promises == ()


def test_t20_breaking_before_the_due_point_costs_a_jp_at_once_and_frees_the_credit() -> None:
    state, events = play(t20(), A, "break P2")
    assert jp_glory(state, A) == (1, -1) and kinds(events) == ["promise_broken", "jp"]
    assert [p.name for p in state.promises] == ["P1", "P3"]
    credits_c = state.seats[C].credits
    after, _ = play(state, A, "end")
    assert after.seats[A].credits == 0 and after.seats[C].credits == credits_c + 2
    assert jp_glory(after, A) == (2, -2)


def test_t20_ally_terms_of_a_lost_battle_lapse_paying_nothing_and_costing_no_jp() -> None:
    state = owe(travelling(seats={A: {"credits": 5}}), A, B, "win", cr(2, "win"), ally_terms=True)
    before = [s.credits for s in state.seats]
    after = checked(promises.lapse(state, (1,), "side lost"))
    assert after.promises == () and [s.credits for s in after.seats] == before
    assert jp_glory(after, A) == (0, 0)


def test_t20_ally_terms_of_a_won_battle_are_paid_when_settled() -> None:
    state = owe(travelling(seats={A: {"credits": 5}}), A, B, "win", cr(2, "win"), ally_terms=True)
    after, events = promises.settle(state, (1,), "battle won")
    invariants.check(after)
    assert after.seats[A].credits == 3 and kinds(events) == ["promise_kept"]


def test_win_terms_are_not_settled_at_the_end_of_the_turn() -> None:
    state = owe(travelling(seats={A: {"credits": 0}}), A, B, "win", cr(2, "win"))
    after, _ = promises.at_end_of_turn(state)
    assert [p.name for p in after.promises] == ["P1"] and jp_glory(after, A) == (0, 0)


# === R53, R54: ONE SETTLEMENT MOMENT ===


def test_r53_several_promises_to_one_creditor_broken_at_once_cost_one_jp() -> None:
    state = owe(owe(travelling(seats={A: {"credits": 0}}), A, B, "end", cr(1, "end")), A, B, "end",
                card("E02", "end"))
    after, events = play(state, A, "end")
    assert kinds(events).count("promise_broken") == 2 and jp_glory(after, A) == (1, -1)


def test_r53_each_debtor_pays_for_its_own_broken_promises() -> None:
    state = travelling(seats={B: {"credits": 0}, C: {"credits": 0}})
    state = owe(owe(state, B, A, "end", cr(1, "end")), C, A, "end", cr(1, "end"))
    after, _ = play(state, A, "end")
    assert jp_glory(after, B) == (1, -1) and jp_glory(after, C) == (1, -1) and jp_glory(after, A) == (0, 0)


def test_r54_nothing_of_a_promise_is_delivered_in_part() -> None:
    state = owe(travelling(seats={A: {"credits": 5}}), A, B, "end", cr(1, "end"), card("E02", "end"))
    credits = state.seats[B].credits
    after, events = play(state, A, "end")
    assert after.seats[A].credits == 5 and after.seats[B].credits == credits
    assert [e["short"] for e in events if e["type"] == "promise_broken"] == [
        "you do not hold Plasma Cutlass (E02)"]


def test_a_promise_kept_whole_moves_every_item() -> None:
    state = travelling(seats={A: {"credits": 5, "improvements": ("E02",), "wrecks": ("N05",)}})
    state = owe(state, A, B, "end", cr(1, "end"), card("E02", "end"), Item("wreck", card="N05", due="end"))
    after, _ = play(state, A, "end")
    assert after.seats[A].credits == 4 and after.seats[A].improvements == () and after.seats[A].wrecks == ()
    assert after.seats[B].improvements == ("E02",) and after.seats[B].wrecks == ("N05",)
    assert after.seats[B].power == 10


# === DUE POINTS ===


def test_an_end_promise_falls_due_at_the_end_of_the_turn_it_was_made_in_whoever_made_it() -> None:
    state = owe(travelling(seats={B: {"credits": 4}}), B, C, "end", cr(3, "end"))
    after, _ = play(state, A, "end")
    assert after.seats[B].credits == 1 and after.promises == ()


def test_a_next_promise_waits_for_the_end_of_its_debtors_next_own_turn() -> None:
    state = owe(travelling(seats={A: {"credits": 4}, B: {"credits": 4}}), A, C, "next", cr(1))
    state = owe(state, B, C, "next", cr(2))
    state, _ = play(state, A, "end")  # turn 1 ends: neither is due yet
    assert [p.name for p in state.promises] == ["P1", "P2"]
    state = replace(state, phase="turn.travel", travel=Travel(battle_done=True))
    state, _ = play(state, B, "end")  # turn 2, B's: B's @next made in turn 1 is due
    assert [p.name for p in state.promises] == ["P1"] and state.seats[B].credits == 2
    state = replace(state, phase="turn.travel", travel=Travel(battle_done=True))
    state, _ = play(state, C, "end")
    assert [p.name for p in state.promises] == ["P1"]
    state = replace(state, phase="turn.travel", travel=Travel(battle_done=True))
    state, _ = play(state, A, "end")
    assert state.promises == () and state.seats[A].credits == 3


# === keep, keep all ===


def test_keep_delivers_a_promise_early_even_off_turn() -> None:
    state = owe(given(3, phase="turn.start", seats={B: {"credits": 4}}), B, C, "next", cr(3))
    credits_c = state.seats[C].credits
    after, events = play(state, B, "keep P1")
    assert after.seats[B].credits == 1 and after.seats[C].credits == credits_c + 3
    assert after.promises == () and kinds(events) == ["promise_kept"]


def test_keep_is_refused_when_the_promise_cannot_be_delivered_whole() -> None:
    state = owe(travelling(seats={A: {"credits": 2}}), A, B, "next", cr(3))
    refused(state, A, "keep P1", r"cannot deliver P1 in full now \(you have 2₡, not 3₡\)")


def test_keep_is_refused_for_another_seats_promise_or_a_closed_one() -> None:
    state = owe(travelling(), A, B, "next", cr(1))
    refused(state, B, "keep P1", "P1 is seat 1's promise, not yours")
    refused(state, A, "keep P7", "There is no open promise P7")
    refused(state, A, "keep", "Keep which promise")
    refused(state, A, "keep promise", "Name a promise by its id")
    refused(state, C, "keep all", "no open promise to keep")


def test_keep_all_delivers_every_promise_of_the_seat_at_once() -> None:
    state = owe(owe(travelling(seats={A: {"credits": 3}}), A, B, "next", cr(1)), A, C, "end", cr(2, "end"))
    after, events = play(state, A, "keep all")
    assert after.seats[A].credits == 0 and after.promises == ()
    assert [e["promise"] for e in events] == [1, 2]


def test_keep_all_is_refused_whole_when_one_promise_cannot_be_delivered() -> None:
    state = owe(owe(travelling(seats={A: {"credits": 2}}), A, B, "next", cr(1)), A, C, "end", cr(2, "end"))
    refused(state, A, "keep all", r"cannot keep all your promises at once \(you have 2₡, not 3₡\)")
    refused(state, A, "keep all now", "takes nothing after it")


def test_a_trophy_of_the_debtors_choice_is_named_with_keep_or_is_the_one_held_longest() -> None:
    state = owe(travelling(seats={A: {"trophies": ("T11", "T14")}, B: {"trophies": ()}}), A, B, "next",
                trophy())
    after, _ = play(state, A, "keep P1 trophy T14")
    assert after.seats[A].trophies == ("T11",) and after.seats[B].trophies == ("T14",)
    after, _ = play(state, A, "keep P1")
    assert after.seats[B].trophies == ("T11",)
    refused(state, A, "keep P1 trophy T05", "not one of your trophies")
    refused(state, A, "keep P1 trophy T11 trophy T14", "P1 leaves 1 trophy to your choice: name 1")


def test_the_default_trophy_spares_one_another_promise_names() -> None:
    state = travelling(seats={A: {"trophies": ("T11", "T14")}, B: {"trophies": ()}, C: {"trophies": ()}})
    state = owe(owe(state, A, B, "next", trophy()), A, C, "next", trophy("T11"))
    after, _ = play(state, A, "keep all")
    assert after.seats[B].trophies == ("T14",) and after.seats[C].trophies == ("T11",)


def test_naming_a_trophy_for_a_promise_that_leaves_none_to_choose_is_refused() -> None:
    state = owe(travelling(seats={A: {"credits": 3}}), A, B, "next", cr(1))
    refused(state, A, f"keep P1 trophy {state.seats[A].trophies[0]}", "leaves no trophy to your choice")


# === break ===


def test_break_is_refused_against_a_pirate_hunter_with_the_reason() -> None:
    state = owe(travelling(), A, B, "next", cr(1), hunter=True)
    refused(state, A, "break P1", "Pirate Hunter cannot be broken: the engine pays them")


def test_break_is_refused_for_another_seats_promise_and_needs_an_id() -> None:
    state = owe(travelling(), A, B, "next", cr(1))
    refused(state, B, "break P1", "seat 1's promise, not yours")
    refused(state, A, "break", "Break which promise")


def test_a_broken_promise_lets_the_creditor_off_and_sets_the_turns_jp_mark() -> None:
    state = owe(given(3, phase="turn.start"), B, C, "next", cr(1))
    after, _ = play(state, B, "break P1")
    assert after.seats[B].took_jp_this_turn and after.promises == ()


# === outside battles, no choice waiting ===


def in_battle(phase: str = "battle.allies", winner: str = "") -> GameState:
    """A's battle against the Bazaar, B its ally."""
    state = given(3, phase="turn.travel", seats={A: {"credits": 5, "improvements": ("E02",)}})
    state = replace(state, phase=phase, battle=Battle(kind="planet", attacker=A, target="bazaar",
                                                      allies=(B,), winner=winner))
    invariants.check(state)
    return state


def test_keep_break_and_discard_are_refused_during_a_battle() -> None:
    state = owe(in_battle(), A, B, "next", cr(1))
    state = owe(state, C, A, "next", cr(1))
    invariants.check(state)
    for seat, command in ((A, "keep P1"), (A, "break P1"), (A, "discard E02"), (C, "keep P2"),
                          (C, "keep all")):
        refused(state, seat, command, "Battle in progress")


def with_choice(state: GameState) -> GameState:
    """A's rest: it is looking at the top two trophies to keep one."""
    drawn = state.trophy_deck[:2]
    return replace(state, trophy_deck=state.trophy_deck[2:],
                   choices=(Choice(KEEP_TROPHY, A, cards=drawn, source="rest"),))


def test_keep_and_break_wait_while_a_choice_is_being_made() -> None:
    state = with_choice(owe(given(3, phase="turn.rest", seats={B: {"credits": 3}}), B, C, "next", cr(1)))
    invariants.check(state)
    refused(state, B, "keep P1", "Seat 1 has a choice to make first")
    refused(state, B, "break P1", "Seat 1 has a choice to make first")
    assert promises.legal(state, B) == []


# === THE BATTLE'S SETTLEMENT (B9) ===


def spoils(winner: str = ATTACK) -> GameState:
    state = in_battle("battle.spoils", winner)
    state = owe(state, A, B, "win", cr(2, "win"), ally_terms=True)
    state = owe(state, A, C, "win", cr(1, "win"))
    state = owe(state, A, B, "next", cr(1))
    invariants.check(state)
    return state


def test_b9_the_active_seat_keeps_its_win_terms_live() -> None:
    state = spoils()
    after, events = play(state, A, "keep P1")
    assert after.seats[A].credits == 3 and kinds(events) == ["promise_kept"]
    assert [p.name for p in promises.due_at_win(after)] == ["P2"]
    after, _ = play(after, A, "keep all")
    assert promises.due_at_win(after) == () and after.seats[A].credits == 2
    assert [p.name for p in after.promises] == ["P3"]  # the @next promise is not the battle's


def test_b9_break_costs_a_jp_and_hunter_terms_cannot_be_broken() -> None:
    state = spoils()
    after, _ = play(state, A, "break P2")
    assert jp_glory(after, A) == (1, -1)
    hunted = owe(in_battle("battle.spoils", ATTACK), A, B, "win", cr(2, "win"), hunter=True)
    refused(hunted, A, "break P1", "Pirate Hunter cannot be broken")
    assert promises.legal(hunted, A) == ["keep P1", "keep all"]


def test_b9_is_the_active_seats_alone_and_only_for_its_win_terms() -> None:
    state = spoils()
    refused(state, B, "keep all", "Battle in progress: seat 1 is settling its terms")
    refused(state, A, "keep P3", "P3 is not due at this battle's settlement")
    refused(state, A, "break P3", "P3 is not due at this battle's settlement")
    assert promises.legal(state, A) == ["keep P1", "keep P2", "keep all", "break P1", "break P2"]
    assert promises.legal(state, B) == []


def test_b9_keep_all_is_refused_when_the_terms_cannot_all_be_paid() -> None:
    state = spoils()
    state = state.with_seat(A, replace(state.seats[A], credits=2))
    state = replace(state, bank=state.bank + 3)
    invariants.check(state)
    refused(state, A, "keep all", "cannot keep all your promises at once")
    assert promises.legal(state, A) == ["keep P1", "keep P2", "break P1", "break P2"]


def test_b9_a_losing_side_owes_nothing_to_settle() -> None:
    state = spoils(DEFEND)
    refused(state, A, "keep P1", "You owe no terms at this battle's settlement")
    refused(state, B, "keep all", "Battle in progress: promises are kept or broken")
    assert promises.legal(state, A) == []


def test_settle_battle_is_what_keep_and_break_reach_at_the_settlement() -> None:
    state = spoils()
    direct, _ = promises.settle_battle(state, A, "keep", "P1")
    routed, _ = play(state, A, "keep P1")
    assert direct == routed  # P2 is still due: the battle goes on to its settlement


# === promise ===


def test_promise_records_a_one_sided_pledge_per_due_point() -> None:
    state = travelling(seats={A: {"credits": 4, "improvements": ("E02",)}})
    after, events = play(state, A, "promise 2 3c@next + card E02@end")
    assert [(p.name, p.debtor, p.creditor, p.due, p.turn) for p in after.promises] == [
        ("P1", A, B, "end", 1), ("P2", A, B, "next", 1)]
    assert after.promises[0].items == (card("E02", "end"),)
    assert kinds(events) == ["promise", "promise"] and after.numbers == (0, 2, 0)
    assert after.seats[A].credits == 4  # nothing moves before the due point


def test_promise_refusals_say_why() -> None:
    state = travelling()
    refused(state, A, "promise 2 3c", r"the due point is one of @end, @next here")
    refused(state, A, "promise 2 3c@win", r"the due point is one of @end, @next here")
    refused(state, A, "promise 2 3c@now", r"the due point is one of @end, @next here")
    refused(state, A, "promise 1 3c@end", "cannot promise anything to yourself")
    refused(state, A, "promise 9 3c@end", "Name a seat by its number, 1 to 3")
    refused(state, A, "promise 2", "Say what is given")
    with pytest.raises(Refused, match="Only the active seat makes a promise, while travelling"):
        promises.promise_command(state, B, "1 3c@end")
    with pytest.raises(Refused, match="Only the active seat makes a promise, while travelling"):
        promises.promise_command(replace(state, phase="turn.rest"), A, "2 3c@end")


def test_promise_to_a_seat_that_left_is_refused() -> None:
    state, _ = play(travelling(), C, "resign")
    refused(state, A, "promise 3 1c@end", "Seat 3 has left the game")


# === D15: A DELIVERY OVER A LIMIT ===


FOUR = ("E01", "E03", "E05", "E07")


def test_d15_a_promised_card_over_the_limit_is_discarded_by_default() -> None:
    state = travelling(seats={A: {"improvements": ("E02", "S05")}, B: {"improvements": FOUR}})
    state = owe(state, A, B, "end", card("E02", "end"), card("S05", "end"))
    after, events = play(state, A, "end")
    assert after.seats[B].improvements == FOUR and after.seats[A].improvements == ()
    assert after.improvement_deck[-1] == "E02" and after.bazaar_pile[-1] == "S05"
    assert [e["card"] for e in events if e["type"] == "overflow_discard"] == ["S05", "E02"]


def test_d15_order_overflow_names_an_own_card_to_let_go_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(delivery.orders, "overflow",
                        lambda state, seat: state.seats[seat].order("overflow") or "new")
    state = travelling(seats={A: {"improvements": ("E02",)},
                              B: {"improvements": FOUR, "orders": {"overflow": "E01"}}})
    state = owe(state, A, B, "end", card("E02", "end"))
    after, _ = play(state, A, "end")
    assert after.seats[B].improvements == ("E03", "E05", "E07", "E02") and after.seats[B].power == 8 + 8
    assert after.improvement_deck[-1] == "E01"


def test_d15_an_order_naming_a_card_not_held_lets_the_new_card_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(delivery.orders, "overflow", lambda state, seat: "E10")
    state = owe(travelling(seats={A: {"improvements": ("E02",)}, B: {"improvements": FOUR}}), A, B, "end",
                card("E02", "end"))
    after, _ = play(state, A, "end")
    assert after.seats[B].improvements == FOUR and after.improvement_deck[-1] == "E02"


def test_d15_a_promised_trophy_over_the_limit_goes_to_the_bottom_of_the_trophy_deck() -> None:
    state = travelling(seats={A: {"trophies": ("T11",)}, B: {"trophies": ("T15", "T02")}})
    state = owe(state, A, B, "end", trophy("T11", "end"))
    after, events = play(state, A, "end")
    assert after.seats[B].trophies == ("T15", "T02") and after.trophy_deck[-1] == "T11"
    assert [e["card"] for e in events if e["type"] == "overflow_discard"] == ["T11"]


# === discard ===


def test_discard_lets_an_improvement_go_any_seat_outside_battles() -> None:
    state = given(3, phase="turn.start", seats={B: {"improvements": ("E02", "S05")}})
    after, events = play(state, B, "discard plasma cutlass")
    assert after.seats[B].improvements == ("S05",) and after.seats[B].power == 8
    assert after.improvement_deck[-1] == "E02" and events == [{"type": "discard", "seat": B, "card": "E02"}]
    after, _ = play(after, B, "discard S05")
    assert after.bazaar_pile[-1] == "S05"


def test_discard_refusals_say_why() -> None:
    state = given(3, phase="turn.travel", seats={B: {"improvements": ("E02",)}})
    refused(state, A, "discard E02", "no improvement to discard")
    refused(state, B, "discard E05", "not one of your improvements")
    refused(state, B, "discard trophy", "None of your improvements is called")


def test_discard_keeps_a_card_locked_by_hunter_terms() -> None:
    # No battle runs outside the battle phases yet; the check stands for when `discard` reaches one.
    state = given(3, phase="turn.travel", seats={A: {"improvements": ("E02",)}})
    state = replace(state, battle=Battle(kind="space", attacker=A, target="N16", locked=("E02",)))
    with pytest.raises(Refused, match="named in terms against a Pirate Hunter"):
        promises.discard(state, A, "E02")


# === R58: LEAVING ===


def test_r58_a_resigning_seats_promises_to_it_and_from_it_lapse() -> None:
    state = owe(owe(owe(travelling(), B, A, "next", cr(1)), A, B, "next", cr(1)), A, C, "next", cr(1))
    after, events = play(state, B, "resign")
    assert [p.name for p in after.promises] == ["P3"]
    assert [(e["type"], e["promise"]) for e in events if e["type"] == "promise_lapsed"] == [
        ("promise_lapsed", 1), ("promise_lapsed", 2)]
    assert jp_glory(after, A) == (0, 0) and jp_glory(after, B) == (0, 0)


def test_r58_when_the_active_seat_resigns_the_other_seats_end_promises_still_fall_due() -> None:
    state = owe(owe(travelling(seats={B: {"credits": 4}}), B, C, "end", cr(3, "end")), A, C, "end",
                cr(1, "end"))
    credits_c = state.seats[C].credits
    after, events = play(state, A, "resign")
    assert after.promises == () and after.seats[B].credits == 1 and after.seats[C].credits == credits_c + 3
    assert kinds(events)[:3] == ["resign", "promise_lapsed", "promise_kept"]
    assert after.active == B and after.turn == 2


# === legal ===


def candidates(state: GameState, seat: int) -> list[str]:
    numbers = [p.number for p in state.promises] + [99]
    trophies = sorted({t for s in state.seats for t in s.trophies})
    found = ["keep all", "keep", "break"] + [f"{verb} P{n}" for verb in ("keep", "break") for n in numbers]
    found += [f"keep P{n} trophy {t}" for n in numbers for t in trophies]
    # Two trophies in the order of the seat's hand, the canonical one (the other order is the same choice).
    hand = state.seats[seat].trophies
    found += [f"keep P{n} trophy {t} trophy {u}" for n in numbers for i, t in enumerate(hand)
              for u in hand[i + 1:]]
    found += [f"discard {c}" for s in state.seats for c in s.improvements] + ["discard E06"]
    return found


def deal_verbs(legal: list[str]) -> set[str]:
    return {c for c in legal if c.split()[0] in ("keep", "break", "discard")}


def positions() -> list[GameState]:
    rich = travelling(seats={A: {"credits": 3, "improvements": ("E02", "S05"), "trophies": ("T11", "T14")},
                             B: {"credits": 0, "improvements": FOUR, "trophies": ("T15",)},
                             C: {"credits": 6, "trophies": ()}})
    rich = owe(rich, A, B, "next", cr(2))
    rich = owe(rich, A, C, "end", cr(2, "end"), trophy(due="end"))
    rich = owe(rich, A, C, "end", trophy("T14", "end"))
    rich = owe(rich, B, A, "next", cr(1))
    rich = owe(rich, C, B, "next", card("E02"))
    rich = owe(rich, C, A, "end", cr(5, "end"), hunter=True)
    start = replace(rich, phase="turn.start", active=B, travel=Travel())
    rest = replace(rich, phase="turn.rest", travel=Travel())
    able = owe(owe(travelling(seats={A: {"credits": 10}}), A, B, "next", cr(1)), A, C, "end", cr(2, "end"))
    return [rich, start, rest, with_choice(rest), owe(in_battle(), A, B, "next", cr(1)), spoils(),
            spoils(DEFEND), travelling(), able]


def test_the_positions_for_legal_list_keep_all_somewhere() -> None:
    assert "keep all" in promises.legal(positions()[-1], A)


@pytest.mark.parametrize("index", range(9))
def test_legal_lists_exactly_the_keep_break_and_discard_commands_play_accepts(index: int) -> None:
    state = positions()[index]
    invariants.check(state)
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
        assert deal_verbs(legal) == accepted, (index, seat)
        assert set(promises.legal(state, seat)) <= set(legal)


def test_a_promise_broken_on_purpose_names_its_creditor_and_why() -> None:
    _, events = play(t20(), A, "break P2")
    assert events[0] == {"type": "promise_broken", "promise": 2, "debtor": A, "creditor": B, "why": "break"}


def test_a_promise_kept_early_says_so_and_one_that_cannot_be_kept_whole_is_refused_word_for_word() -> None:
    _, events = play(t20(), A, "keep P2")
    assert events == [{"type": "promise_kept", "promise": 2, "debtor": A, "creditor": B,
                       "items": [{"kind": "credits", "amount": 1, "card": "", "due": "next"}], "why": "keep"}]
    assert refusal(with_credits(t20(), a=0), A, "keep P2") == (
        "You cannot deliver P2 in full now (you have 0₡, not 1₡): a promise is kept whole or not at all.")


def test_only_the_challenged_seat_breaks_its_win_terms_before_the_roll() -> None:
    # The attacker settles its own `@win` terms at the settlement (due_at_win): before the roll it may
    # not break them, as a challenged seat may (rules.md, "Keeping your word").
    state = owe(in_battle("battle.react"), A, B, "win", cr(2, "win"), ally_terms=True)
    assert promises.filed_early(state, A) == ()
    assert promises.legal(state, A) == []


def test_keeping_all_promises_short_of_what_they_give_is_refused_word_for_word() -> None:
    state = owe(with_credits(travelling(), a=1), A, B, "next", cr(1))
    state = owe(state, A, C, "next", cr(1))
    assert refusal(state, A, "keep all") == ("You cannot keep all your promises at once (you have 1₡, not "
                                             "2₡): keep them one by one with keep <P>.")


def test_a_promise_not_due_at_the_settlement_is_refused_word_for_word_there() -> None:
    assert refusal(spoils(), A, "keep P3") == (
        "P3 is not due at this battle's settlement: keep it once the battle is over.")


def test_a_promise_of_two_trophies_of_the_debtors_choice_from_a_hand_of_one_is_not_kept() -> None:
    state = owe(travelling(seats={A: {"trophies": ("T03",)}}), A, B, "next", trophy(), trophy())
    assert refusal(state, A, "keep P1") == (
        "You cannot deliver P1 in full now (you hold 1 trophy): a promise is kept whole or not at all.")
    assert "keep P1" not in promises.legal(state, A)


def test_d15_order_overflow_naming_a_held_trophy_lets_it_go_instead_of_the_promised_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(delivery.orders, "overflow", lambda state, seat: "T15")
    state = travelling(seats={A: {"trophies": ("T11",)}, B: {"trophies": ("T15", "T02")}})
    state = owe(state, A, B, "end", trophy("T11", "end"))
    after, events = play(state, A, "end")
    assert after.seats[B].trophies == ("T02", "T11") and after.trophy_deck[-1] == "T15"
    assert [e["card"] for e in events if e["type"] == "overflow_discard"] == ["T15"]
