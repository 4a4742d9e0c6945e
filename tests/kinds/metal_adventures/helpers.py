"""What the Metal Adventures tests share: dice, a dealt game, and every seat's choice played."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.kinds.metal_adventures import cards, invariants, setup
from games.kinds.metal_adventures.state import GameState, Treasuries
from tests.kinds.seeded_dice import SeededDice as RecordedDice


class SeededDice(RecordedDice):
    """Seeded draws, recorded; no die may be rolled (setting up rolls no die)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, no_roll="setting up rolls no die")


class IdentityDice:
    """draw(n) gives n - 1: every Fisher-Yates step swaps a card with itself, so every shuffle leaves its
    pile in id order, and each base starship drawn is the last one left."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def roll(self, sides: int) -> int:
        raise AssertionError("setting up rolls no die")

    def draw(self, n: int) -> int:
        self.asked.append(n)
        return n - 1


def dealt(players: int = 4, seed: int = 0, **options: Any) -> GameState:
    """A new game, checked."""
    state = setup.new_state(options, players, SeededDice(seed))
    invariants.check(state)
    return state


def all_chosen(state: GameState, order: list[int] | None = None) -> GameState:
    """Every seat plays the clock's choice, in `order` (seat order by default), checked after each."""
    for seat in order if order is not None else range(state.players):
        state, _events = setup.choose(state, seat, setup.timeout_command(state, seat))
        invariants.check(state)
    return state


def playing(players: int = 3, seed: int = 0, **options: Any) -> GameState:
    """Seat 1's first turn, at its start: every seat chose with the clock's choice."""
    return all_chosen(dealt(players, seed, **options))


def with_credits(state: GameState, **by_seat: int) -> GameState:
    """Seats' credits set (`a=0, b=5`...), the bank making up the difference so the 72 hold."""
    for letter, credits in by_seat.items():
        i = "abcdef".index(letter)
        change = credits - state.seats[i].credits
        state = replace(state.with_seat(i, replace(state.seats[i], credits=credits)),
                        bank=state.bank - change)
    return state


def with_equipment(state: GameState, seat: int, *ids: str) -> GameState:
    """The seat holds these improvements, taken from the Improvement deck or the OCG row (a row spot taken
    is refilled from the deck's top)."""
    deck = list(state.improvement_deck)
    row = list(state.ocg_row)
    for card in ids:
        if card in deck:
            deck.remove(card)
        else:
            row[row.index(card)] = deck.pop(0)
    held = state.seats[seat].improvements + ids
    return replace(state.with_seat(seat, state.seats[seat].with_improvements(held)),
                   improvement_deck=tuple(deck), ocg_row=tuple(row))


def in_row(state: GameState, card: str) -> GameState:
    """`card` face up in the OCG row's first spot, the card it replaces put where `card` was in the deck."""
    if card in state.ocg_row:
        return state
    deck = list(state.improvement_deck)
    at = deck.index(card)
    first = state.ocg_row[0]
    assert first is not None
    deck[at] = first
    return replace(state, improvement_deck=tuple(deck), ocg_row=(card, *state.ocg_row[1:]))


def with_trophies(state: GameState, hands: dict[int, tuple[str, ...]],
                  top: tuple[str, ...] = ()) -> GameState:
    """Every seat's hand set (seats not named hold none), the Trophy deck `top` then the rest in id order."""
    seats = tuple(replace(seat, trophies=hands.get(i, ())) for i, seat in enumerate(state.seats))
    held = {t for hand in hands.values() for t in hand} | set(top)
    rest = tuple(t for t in sorted(cards.TROPHIES) if t not in held)
    return replace(state, seats=seats, trophy_deck=top + rest)


# === given(...): a position built card by card (the scenarios' harness) ===

A, B, C, D, E, F = range(6)


def given(players: int = 3, *, seed: int = 0, phase: str = "turn.start", active: int = 0,
          seats: dict[int, dict[str, Any]] | None = None, space: tuple[str, ...] | None = None,
          karokum: tuple[str, ...] = (), bazaar: tuple[str, ...] = (), out: tuple[str, ...] = (),
          trophy_top: tuple[str, ...] = (), ocg_row: tuple[str | None, ...] | None = None,
          improvement_top: tuple[str, ...] = (), treasuries: dict[str, int] | None = None, pot: int = 0,
          **options: Any) -> GameState:
    """A game after setup at seat `active`'s turn `phase`, every card still in exactly one zone and the 72
    credits whole: start from a dealt game (every seat kept its clock choice) and move each card named to
    its place. `seats[i]` may set credits, damage, glory, jp, mf, improvements, trophies, wrecks, orders,
    base; `space` stacks the top of the Space deck (the rest keep their order below it, blue above red);
    `karokum` and `bazaar` are the piles (oldest first), `out` cards out of the game; `trophy_top` and
    `improvement_top` the tops of those decks; `ocg_row` the row; treasuries and Pot in credits, all taken
    from the bank."""
    state = all_chosen(dealt(players, seed, **options))
    seats = seats or {}
    # Trophies: hands as given (seats not named keep theirs unless another hand takes the card); every
    # other trophy in the deck, `trophy_top` first, then in the order they were.
    hands = {i: tuple(spec["trophies"]) for i, spec in seats.items() if "trophies" in spec}
    named = {t for hand in hands.values() for t in hand} | set(trophy_top)
    hands.update({i: tuple(t for t in seat.trophies if t not in named) for i, seat in enumerate(state.seats)
                  if i not in hands})
    held = {t for hand in hands.values() for t in hand}
    order = (*state.trophy_deck, *(t for seat in state.seats for t in seat.trophies))
    rest = tuple(t for t in order if t not in held and t not in trophy_top)
    state = replace(state,
                    seats=tuple(replace(s, trophies=hands.get(i, ())) for i, s in enumerate(state.seats)),
                    trophy_deck=tuple(trophy_top) + rest)
    # Space cards: wrecks, piles, out of the game, then the deck's top.
    wrecks = {i: tuple(spec.get("wrecks", ())) for i, spec in seats.items()}
    placed = {c for w in wrecks.values() for c in w} | set(karokum) | set(out) | set(space or ())
    deck = tuple(c for c in state.space_deck if c not in placed)
    if space is not None:
        deck = tuple(space) + deck
    state = replace(state, space_deck=deck, karokum_pile=tuple(karokum), out_of_game=tuple(out),
                    seats=tuple(replace(s, wrecks=wrecks.get(i, ())) for i, s in enumerate(state.seats)))
    # Improvements: hands, Bazaar pile, row, deck top; the rest in the row's holes, then the deck.
    hand_cards = {i: tuple(spec["improvements"]) for i, spec in seats.items() if "improvements" in spec}
    hand_cards.update({i: seat.improvements for i, seat in enumerate(state.seats) if i not in hand_cards})
    taken = {c for h in hand_cards.values() for c in h} | set(bazaar) | set(improvement_top)
    if ocg_row is not None:
        taken |= {c for c in ocg_row if c is not None}
    pool = [c for c in (*state.ocg_row, *state.improvement_deck) if c is not None and c not in taken]
    if ocg_row is None:
        row = tuple(c if c is not None and c not in taken else None for c in state.ocg_row)
        pool = [c for c in pool if c not in row]
        row = tuple(c if c is not None else (pool.pop(0) if pool else None) for c in row)
    else:
        row = tuple(ocg_row)
    state = replace(state, ocg_row=row, improvement_deck=tuple(improvement_top) + tuple(pool),
                    bazaar_pile=tuple(bazaar),
                    seats=tuple(s.with_improvements(hand_cards.get(i, ()))
                                for i, s in enumerate(state.seats)))
    # Figures; credits from or to the bank.
    for i, spec in seats.items():
        figures = {k: v for k, v in spec.items()
                   if k in ("damage", "glory", "jp", "mf", "base", "revealed_this_turn", "took_jp_this_turn")}
        seat = replace(state.seats[i], **figures)
        if "orders" in spec:
            for name, value in spec["orders"].items():
                seat = seat.with_order(name, value)
        state = state.with_seat(i, seat)
        if "credits" in spec:
            state = with_credits(state, **{"abcdef"[i]: spec["credits"]})
    treasury = treasuries or {}
    state = replace(state, treasuries=Treasuries(**treasury), pot=pot,
                    bank=state.bank - sum(treasury.values()) - pot)
    state = replace(state, phase=phase, active=active)
    invariants.check(state)
    return state


class ScriptedDice:
    """Dice that give the rolls a scenario names, in the rules' roll order, and fail the test when asked
    for one more roll than scripted (or any shuffle draw, unless `draws` are given)."""

    def __init__(self, *rolls: int, draws: tuple[int, ...] = ()) -> None:
        self.rolls = list(rolls)
        self.draws = list(draws)

    def roll(self, sides: int) -> int:
        assert self.rolls, f"an unscripted roll of a d{sides}"
        return self.rolls.pop(0)

    def draw(self, n: int) -> int:
        assert self.draws, f"an unscripted draw of 1 in {n}"
        return self.draws.pop(0)


class FixedDice(ScriptedDice):
    """The scripted rolls; every shuffle leaves its pile as it was (draw(n) gives n - 1)."""

    def draw(self, n: int) -> int:
        return n - 1


MF = {0: 1, 2: 2, 4: 4, 6: 6}  # a die roll that gives each Metal Faktor face (faces: blank, 2, 2, 4, 4, 6)


def play(state: GameState, seat: int, command: str,
         dice: Any = None) -> tuple[GameState, list[dict[str, Any]]]:
    """The command played through commands.play, the state it was given left as it was, the new one
    checked against every invariant."""
    from games.kinds.metal_adventures import commands

    before = state.to_dict()
    after, events = commands.play(state, seat, command, dice)
    assert state.to_dict() == before
    invariants.check(after)
    return after, events


def refused(state: GameState, seat: int, command: str, words: str, dice: Any = None) -> None:
    """The command is refused with a message containing `words`, and the state it was given is unchanged."""
    import pytest

    from games.kinds.metal_adventures import commands
    from games.kinds.protocol import Refused

    before = state.to_dict()
    with pytest.raises(Refused, match=words):
        commands.play(state, seat, command, dice)
    assert state.to_dict() == before


def facing(state: GameState, ship: str) -> GameState:
    """A space battle whose attacker (the active seat) has just chosen `ship`: it lies face up alone in the
    Space area, taken from wherever it was, and the attacker may ask for an ally (battle.allies)."""
    from games.kinds.metal_adventures import alliance
    from games.kinds.metal_adventures.battle_state import Battle

    state = replace(state, space_deck=tuple(c for c in state.space_deck if c != ship),
                    karokum_pile=tuple(c for c in state.karokum_pile if c != ship),
                    out_of_game=tuple(c for c in state.out_of_game if c != ship), space_area=(ship,),
                    phase="turn.travel",
                    battle=Battle(kind="space", attacker=state.active, target=ship))
    state, _ = alliance.open_battle(state, [])
    invariants.check(state)
    return state


TALK = ("accuse {seat} promised me 2c in chat", "offer {seat} give 1c get nothing",
        "offer {seat} give nothing get 1c")


def random_states(seed: int, players: int = 4, steps: int = 300, leave: bool = False,
                  talk: float = 0.0) -> list[GameState]:
    """The states of one game played at random from its deal: an awaited seat picks a random legal command
    (never `resign` unless `leave`, and standing orders only as listed), the dice seeded; every state is
    checked against the invariants. `talk`: at each step, the chance that a random seat first tries a
    command of its own words (TALK: an accusation or a trade offer to a random other seat)."""
    import random

    from games.kinds.metal_adventures import commands
    from games.kinds.protocol import Refused

    rng = random.Random(seed)
    dice = RecordedDice(seed)
    state = dealt(players, seed)
    seen = [state]
    for _ in range(steps):
        if state.phase == "game.over":
            break
        if talk and rng.random() < talk:
            speaker, other = rng.sample(range(players), 2)
            try:
                state, _ = commands.play(state, speaker, rng.choice(TALK).format(seat=other + 1), dice)
            except Refused:
                pass
            else:
                invariants.check(state)
                seen.append(state)
                continue
        seat = rng.choice(commands.to_act(state))
        legal = [c for c in commands.legal_commands(state, seat) if leave or c != "resign"]
        if not legal:
            break
        state, _ = commands.play(state, seat, rng.choice(legal), dice)
        invariants.check(state)
        seen.append(state)
    return seen


def quiet(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, **kwargs: Any) -> GameState:
    """given(...) with no trophy in any hand unless named, so that no checkpoint reveals one unasked."""
    spec = {i: {"trophies": (), **(seats or {}).get(i, {})} for i in range(players)}
    return given(players, seats=spec, **kwargs)


def result(events: list[dict[str, Any]]) -> tuple[int, int, str]:
    """A battle's result among its events: (the attacking side's score, the defending side's, the winner)."""
    found = next(e for e in events if e["type"] == "result")
    return found["attack"], found["defend"], found["winner"]


def refusal(state: GameState, seat: int, command: str, dice: Any = None) -> str:
    """The words the rules refuse the command with, whole (the tests compare them word for word), without
    what commands.play adds (the legal commands, or "You have nothing to do now."); the state it was given
    is unchanged."""
    import pytest

    from games.kinds.metal_adventures import commands
    from games.kinds.protocol import Refused

    before = state.to_dict()
    with pytest.raises(Refused) as refused:
        commands.play(state, seat, command, dice)
    assert state.to_dict() == before
    words = str(refused.value).split(" Legal now: ")[0]
    return words.removesuffix(" You have nothing to do now.")
