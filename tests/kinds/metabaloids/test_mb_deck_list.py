"""A deck of one's own in the decks phase (lobby.py): `deck list <card>:<copies> … [as <name>]`, checked
against the deck limits, private until every seat has chosen, then public by its name only."""

from __future__ import annotations

import pytest

from games.kinds.metabaloids import api, lobby
from games.kinds.metabaloids.cards import CARDS, DECKS, deck_problems
from games.kinds.metabaloids.state import DECKS as DECKS_PHASE
from games.kinds.metabaloids.state import PLACE, GameState, code_of
from games.kinds.protocol import Refused
from tests.kinds.seeded_dice import SeededDice

# Deck A with two mites and an ant traded for a turtle, a mantis and an axolotl: 45 cards, 109 points.
OWN = {**DECKS["A"], "mite": 2, "ant": 2, "turtle": 1, "mantis": 1, "axolotl": 1}
OWN_LIST = lobby.list_command(OWN, "Mixed Bag")


def _new(players: int = 2) -> GameState:
    state: GameState = api.new_state({}, players, SeededDice(1))
    return state


def test_the_own_deck_is_legal_and_unlike_the_starters() -> None:
    assert deck_problems(OWN) == []
    assert OWN not in (dict(DECKS["A"]), dict(DECKS["B"]))


def test_a_listed_deck_is_the_seats_deck_once_the_game_begins() -> None:
    state, events = api.play(_new(), 0, OWN_LIST, SeededDice(2))
    assert state.phase == DECKS_PHASE and events == [
        {"type": "deck", "lobby": 0, "deck": "Mixed Bag", "custom": True}]
    state, _ = api.play(state, 1, "deck b", SeededDice(3))
    assert state.phase == PLACE
    mine = state.seat(state.label(0))
    cards = [code_of(c) for c in [*mine.draw, *mine.hand]]
    assert mine.deck == "Mixed Bag"
    assert {code: cards.count(code) for code in set(cards)} == {k: v for k, v in OWN.items() if v}
    assert mine.deck_codes == sorted(code for code, copies in OWN.items() if copies)
    assert state.seat(state.label(1)).deck == "B"
    assert state.lists == []


def test_a_listed_deck_without_a_name_is_called_custom() -> None:
    state, _ = api.play(_new(), 1, lobby.list_command(OWN), SeededDice(2))
    assert state.decks == ["", "custom"]


def test_cards_may_be_named_by_printed_name_and_a_bare_card_is_one_copy() -> None:
    words = [f"{code}:{copies}" for code, copies in OWN.items() if code not in ("queen", "mite")]
    text = "deck list " + " ".join(words) + " Hive-Queen mite mite"
    name, counts = lobby.read_list(text.split()[2:])
    assert (name, counts["queen"], counts["mite"]) == ("custom", 1, 2)


def _costly() -> dict[str, int]:
    """45 cards, 4 of each of the costliest names (and 1 of the next): far over 125 points."""
    counts: dict[str, int] = {}
    for code in sorted(CARDS, key=lambda c: -CARDS[c].cost):
        counts[code] = min(4, 45 - sum(counts.values()))
    return {code: copies for code, copies in counts.items() if copies}


@pytest.mark.parametrize(("counts", "words"), [
    ({**OWN, "mite": 3}, "46 cards (a deck has exactly 45)"),
    ({**OWN, "ant": 1}, "44 cards (a deck has exactly 45)"),
    ({**OWN, "queen": 5, "mite": 0, "axolotl": 0, "mantis": 0}, "more than 4 copies of Hive Queen (5)"),
    (_costly(), "points (at most 125)"),
])
def test_a_deck_breaking_a_limit_is_refused_with_the_limit(counts: dict[str, int], words: str) -> None:
    state = _new()
    with pytest.raises(Refused, match="breaks the deck limits") as refused:
        api.play(state, 0, lobby.list_command(counts), SeededDice(2))
    assert words in str(refused.value)
    assert state.decks == ["", ""]


@pytest.mark.parametrize(("text", "words"), [
    ("deck list dragon:4", "no card is called 'dragon'"),
    ("deck list mite:x", "the copies of a card are a number"),
    ("deck list", "list your deck's cards"),
    ("deck list mite:4 as B", "another name"),
])
def test_a_list_that_cannot_be_read_is_refused(text: str, words: str) -> None:
    with pytest.raises(Refused, match=words):
        api.play(_new(), 0, text, SeededDice(2))


def test_a_seat_that_listed_its_deck_cannot_choose_again() -> None:
    state, _ = api.play(_new(3), 0, OWN_LIST, SeededDice(2))
    with pytest.raises(Refused, match="already"):
        api.play(state, 0, "deck a", SeededDice(2))


def test_the_list_command_keeps_the_name_from_ending_the_command() -> None:
    text = lobby.list_command({"mite": 4}, "Silk; deck a\nagain")
    assert text == "deck list mite:4 as Silk, deck a again"
    assert api.split(text) == [text]


def test_before_the_cut_seats_sharing_a_name_are_told_apart_by_their_seat_number() -> None:
    names = ["Greedy bot", "Ann", "Greedy bot"]
    state, first = api.play(_new(3), 0, "deck a", SeededDice(2))
    state, third = api.play(state, 2, "deck b", SeededDice(2))
    assert api.narrate(state, 0, "deck a", first, 1, names, you=1).lines == ["Greedy bot 1 chose a deck."]
    assert api.narrate(state, 2, "deck b", third, None, names).lines == ["Greedy bot 3 chose a deck."]
    mine = api.narrate(state, 2, "deck b", third, 2, names, you=2)
    assert mine.lines == ["You chose deck B (Shell & Slime)."]


def test_the_choice_is_the_seats_own_until_every_seat_has_chosen() -> None:
    names = ["Ann", "Ben"]
    state, events = api.play(_new(), 0, OWN_LIST, SeededDice(2))
    mine = api.narrate(state, 0, OWN_LIST, events, 0, names, you=0)
    theirs = api.narrate(state, 0, OWN_LIST, events, 1, names, you=1)
    watcher = api.narrate(state, 0, OWN_LIST, events, None, names)
    assert mine.command == OWN_LIST and mine.lines == ["You chose a deck of your own: Mixed Bag."]
    assert (theirs.command, theirs.lines) == ("deck", ["Ann chose a deck."])
    assert (watcher.command, watcher.lines) == ("deck", ["Ann chose a deck."])
    assert api.describe(events[0], state, names) == "Ann chose a deck."


def test_once_every_seat_has_chosen_the_name_is_public_and_the_list_is_not() -> None:
    names = ["Ann", "Ben"]
    state, first = api.play(_new(), 0, OWN_LIST, SeededDice(2))
    state, second = api.play(state, 1, "deck a", SeededDice(3))
    theirs = api.narrate(state, 0, OWN_LIST, first, 1, names, you=1)
    assert (theirs.command, theirs.lines) == ("deck", ["Ann chose a deck of their own: Mixed Bag."])
    ann_reads = api.narrate(state, 1, "deck a", second, 0, names, you=0)
    assert ann_reads.command == "deck a"  # a starter deck is public once all have chosen
    assert ann_reads.lines[0] == "Ben chose deck A (Silk & Sting)."
    assert all("mite" not in line for line in theirs.lines)


def test_the_command_alone_is_masked_without_a_state() -> None:
    """The log's download narrates commands with no state nor events (games/history.py)."""
    assert api.narrate(None, 0, OWN_LIST, (), 1, None, you=1).command == "deck"
    assert api.narrate(None, 0, OWN_LIST, (), 0, None, you=0).command == OWN_LIST


def test_every_seat_still_choosing_is_asked_for_its_deck() -> None:
    state, _ = api.play(_new(3), 1, OWN_LIST, SeededDice(2))
    asked = api.prompts(state, None)
    assert [(p.seat, p.key, p.default) for p in asked] == [(0, "deck", "deck a"), (2, "deck", "deck a")]
