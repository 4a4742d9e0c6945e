"""Before the cut: each seat picks its deck, all at the same time: a starter deck (`deck a`, `deck b`) or
one of its own given as a list (`deck list mite:4 ant:3 … as Silk Raiders`, checked against the deck
limits of cards.py); the game begins when the last one has. With the `quick` option every seat plays deck
A and the game begins at once (rules.md, "Setting up"). A seat's choice, and its list, stay its own until
every seat has chosen; then the deck's name is public, its list never (narration.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kinds.protocol import Dice, Refused

from . import setup
from .cards import DECK_NAMES, DECKS, code_for, deck_problems
from .state import DECKS as DECKS_PHASE
from .state import GameState, Options

CHOICES = tuple(sorted(DECKS))
CUSTOM = "custom"  # the name of a listed deck given no name
MAX_NAME = 40  # characters of a listed deck's name
LIST_FORM = "deck list <card>:<copies> … [as <name>]"


def new_game(options: Options, dice: Dice) -> tuple[GameState, list[dict[str, Any]]]:
    if options.quick:
        return begin(options, ["A"] * options.players, dice, [])
    return GameState(options=options, seats=[], order=[], phase=DECKS_PHASE,
                     decks=[""] * options.players, lists=[{} for _ in range(options.players)]), []


def begin(options: Options, choices: list[str], dice: Dice, events: list[dict[str, Any]],
          lists: list[dict[str, int]] | None = None) -> tuple[GameState, list[dict[str, Any]]]:
    """The cut and the deal, each seat with its deck: its list when it gave one, else the starter deck."""
    given = lists or [{} for _ in choices]
    decks = [given[i] or DECKS[c] for i, c in enumerate(choices)]
    state, more = setup.new_state(options, decks, list(choices), dice)
    state.decks = list(choices)
    return state, [*events, *more]


def waiting(state: GameState) -> tuple[int, ...]:
    return tuple(i for i, choice in enumerate(state.decks) if not choice)


def choose(state: GameState, lobby: int, command: str,
           dice: Dice) -> tuple[GameState, list[dict[str, Any]]]:
    """`deck a` / `deck b` / `deck list …`: the seat's deck; the cut and the deal follow the last choice."""
    words = command.split()
    listed = len(words) > 1 and words[1].lower() == "list"
    if not listed and (len(words) != 2 or words[1].upper() not in CHOICES):
        names = ", ".join(f"deck {c.lower()} ({DECK_NAMES[c]})" for c in CHOICES)
        raise Refused(f"pick a deck: {names}, or your own: {LIST_FORM}")
    if state.decks[lobby]:
        raise Refused(f"you picked deck {state.decks[lobby]} already")
    after = state.copy()
    if not after.lists:  # a state saved before decks could be listed
        after.lists = [{} for _ in after.decks]
    if listed:
        name, counts = read_list(words[2:])
        after.decks[lobby], after.lists[lobby] = name, counts
    else:
        after.decks[lobby] = words[1].upper()
    choice: dict[str, Any] = {"type": "deck", "lobby": lobby, "deck": after.decks[lobby]}
    events = [{**choice, "custom": True} if listed else choice]
    if waiting(after):
        return after, events
    # The last choice opens every choice (narration.py names them from here on); a listed deck by its name.
    events.append({"type": "decks", "decks": list(after.decks)})
    return begin(after.options, after.decks, dice, events, after.lists)


def read_list(words: list[str]) -> tuple[str, dict[str, int]]:
    """A listed deck's name and counts (code -> copies), from the words after `deck list`: `<card>:<copies>`
    or a card alone for one copy, a card named twice counting both; `as <name>` ends the list. Refused,
    naming what is wrong, for an unknown card, a count that is not a number, or a deck that breaks a limit
    (cards.deck_problems' words)."""
    cut = next((i for i, w in enumerate(words) if w.lower() == "as"), len(words))
    name = " ".join(words[cut + 1:])[:MAX_NAME].strip() or CUSTOM
    if name.upper() in CHOICES:
        raise Refused(f"a deck of your own needs another name than {name!r}, a starter deck's letter")
    counts: dict[str, int] = {}
    for word in words[:cut]:
        card_word, _, copies = word.partition(":")
        code = code_for(card_word)
        if code is None:
            raise Refused(f"no card is called {card_word!r}; name cards by code or name: {LIST_FORM}")
        if copies and not copies.isdigit():
            raise Refused(f"{word!r}: the copies of a card are a number, as in {code}:3")
        counts[code] = counts.get(code, 0) + (int(copies) if copies else 1)
    if not counts:
        raise Refused(f"list your deck's cards: {LIST_FORM}")
    problems = deck_problems(counts)
    if problems:
        raise Refused(f"that deck breaks the deck limits: {'; '.join(problems)}")
    return name, counts


def list_command(counts: Mapping[str, int], name: str = "") -> str:
    """The `deck list` command that brings this deck (a saved deck's counts and name) to a game. The name
    loses what would end the command or its list early (`;`, new lines)."""
    cards = " ".join(f"{code}:{copies}" for code, copies in sorted(counts.items()) if copies)
    clean = " ".join(name.replace(";", ",").split())[:MAX_NAME]
    return f"deck list {cards}" + (f" as {clean}" if clean else "")


def legal(state: GameState, lobby: int) -> list[str]:
    return [f"deck {c.lower()}" for c in CHOICES] if lobby in waiting(state) else []
