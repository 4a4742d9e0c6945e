"""Metal Adventures' log said to its reader through the site's one door for narration (games/narration.py):
the reader's own seat reads "You", every other reader the seat's name, while the game is in play and once
it is over, when every action is read as its seat saw it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from games.kinds import get_kind
from games.kinds.protocol import Event
from games.narration import narrate

KIND = get_kind("metal-adventures")
NAMES = ["Ann", "Bob", "Cy"]
CHALLENGE: list[Event] = [{"type": "challenge", "seat": 0, "challenged": 1}]
KEEP: list[Event] = [{"type": "keep_trophy", "seat": 0, "trophy": "T06"}]


def read(over: bool, command: str, events: list[Event]) -> dict[int | None, list[str]]:
    """The action Ann (seat 0) took, as each seat and a spectator read it."""
    game: Any = SimpleNamespace(is_over=over)  # narrate reads no more of the game than whether it is over
    return {reader: narrate(game, KIND, None, NAMES, seat=0, command=command, events=events,
                            reader=reader).lines for reader in (0, 1, 2, None)}


def test_in_play_the_seat_that_acted_reads_you_the_seat_named_after_the_verb_you_and_the_rest_names() -> None:
    assert read(False, "challenge 2", CHALLENGE) == {
        0: ["You challenge Bob."], 1: ["Ann challenges you."], 2: ["Ann challenges Bob."],
        None: ["Ann challenges Bob."]}


def test_once_over_the_log_shows_what_the_seat_saw_and_says_you_to_the_reader_only() -> None:
    assert read(True, "challenge 2", CHALLENGE) == {
        0: ["You challenge Bob."], 1: ["Ann challenges you."], 2: ["Ann challenges Bob."],
        None: ["Ann challenges Bob."]}
    kept = "Trophy of the Crownbreaker (T06)"
    assert read(True, "pick T06", KEEP) == {
        0: [f"You keep {kept}."], 1: [f"Ann keeps {kept}."], 2: [f"Ann keeps {kept}."],
        None: [f"Ann keeps {kept}."]}
    assert read(False, "pick T06", KEEP)[1] == ["Ann keeps one of the trophies drawn."]
