"""Metal Adventures' allies (alliance.py; rules.md, "Allies"): the refusals word for word, a challenged
seat's `order defend` at the challenge's opening, the asks a recruiting principal is offered, and how a
sealing is told."""

from __future__ import annotations

from typing import Any

from games.kinds.metal_adventures import commands
from games.kinds.metal_adventures.records import items_text
from games.kinds.metal_adventures.state import GameState

from .helpers import A, B, C, play, quiet, refusal


def travelling(players: int = 4, seats: dict[int, dict[str, Any]] | None = None) -> GameState:
    return quiet(players, seats, phase="turn.travel")


def at_bazaar(players: int = 4, seats: dict[int, dict[str, Any]] | None = None) -> GameState:
    state, _ = play(travelling(players, seats), A, "attack planet bazaar")
    assert state.phase == "battle.allies"
    return state


def test_an_attacker_with_4_jp_asking_for_an_ally_is_told_it_fights_alone_word_for_word() -> None:
    state, events = play(travelling(4, {A: dict(jp=4)}), A, "attack planet bazaar")
    assert {"type": "alone", "seat": A, "why": "4 JP"} in events and state.phase == "battle.declare"
    assert refusal(state, A, "ally ask 2") == (
        "With 4 JP you can neither ask for nor have an ally: you fight alone.")
    assert refusal(state, B, "ally ask 3") == (
        "Allies are asked for right after the target is fixed; that time is over.")


def test_ally_none_from_another_seat_or_in_a_challenge_is_refused_word_for_word() -> None:
    words = ("Only the attacker of a starship or planet battle says `ally none`; a challenge's principals "
             "say `ready`.")
    assert refusal(at_bazaar(), B, "ally none") == words
    challenge, _ = play(travelling(), A, "challenge 2")
    assert refusal(challenge, A, "ally none") == words


def test_only_a_principal_still_recruiting_takes_a_counter_offer_word_for_word() -> None:
    state, _ = play(travelling(), A, "challenge 2")
    words = "Only a principal still recruiting takes a counter-offer."
    assert refusal(state, C, "ally take 1") == words
    ready, _ = play(state, A, "ready")
    assert refusal(ready, A, "ally take 3") == words


def test_a_challenged_seats_defend_order_asks_its_seats_and_is_ready_when_the_challenge_opens() -> None:
    state, _ = play(travelling(), B, "order defend ask 3 for 1c")
    state, events = play(state, A, "challenge 2")
    assert {"type": "ally_ask", "seat": B, "asked": [C], "terms": "1c@win", "round": 1} in events
    assert {"type": "ready", "seat": B, "why": "order defend"} in events
    assert state.battle is not None and state.battle.ready == (B,)
    assert [(a.principal, a.seat, a.answer) for a in state.battle.asks] == [(B, C, "")]


def test_a_recruiting_principal_is_not_offered_an_ask_to_a_seat_its_open_ask_waits_for() -> None:
    state, _ = play(travelling(), A, "challenge 2")
    state, _ = play(state, A, "ally ask 3")
    asks = [c for c in commands.legal_commands(state, A) if c.startswith("ally ask")]
    assert asks == ["ally ask 4", "ally ask all"]


def test_a_counter_offer_taken_is_sealed_by_the_principals_command_not_by_a_standing_order() -> None:
    state, _ = play(at_bazaar(), A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept 2c")
    state, events = play(state, A, "ally take 2")
    assert events[:2] == [
        {"type": "ally_sealed", "seat": B, "principal": A, "terms": "2c@win", "by_order": False},
        {"type": "promise", "promise": 1, "debtor": A, "creditor": B, "items": "2c@win", "due": "win"}]
    assert state.battle is not None and state.battle.allies == (B,) and state.phase == "battle.declare"
    # The ask records the terms sealed, the counter-offer's, not those first asked.
    assert [(a.answer, items_text(a.terms), items_text(a.counter)) for a in state.battle.asks] == [
        ("accept", "1c@win", "2c@win")]


def test_an_ask_accepted_as_asked_records_no_counter_offer() -> None:
    state, _ = play(at_bazaar(), A, "ally ask 2 for 1c")
    state, _ = play(state, B, "ally accept")
    assert state.battle is not None
    assert [(a.answer, items_text(a.terms), a.counter) for a in state.battle.asks] == [
        ("accept", "1c@win", ())]


def test_the_asks_of_an_attacker_and_a_ready_principal_refused_word_for_word() -> None:
    asked, _ = play(at_bazaar(), A, "ally ask 2")
    assert refusal(asked, A, "ally ask 3") == (
        "Your ask is still open: wait for the answers, or `ally none` to fight alone.")
    assert refusal(at_bazaar(), A, "ally ask 2 for") == "Say the terms after `for`."
    assert refusal(at_bazaar(), A, "ally ask 2 FOR") == "Say the terms after `for`."
    challenge, _ = play(travelling(), A, "challenge 2")
    assert refusal(challenge, A, "ready now") == "`ready` takes nothing after it."
