"""Property test: Metabaloids games played at random from the cut (2 to 6 seats, both lengths, elimination
on and off, decks A and B mixed, timed windows, `ask` orders and the stop, ink, shell and surge orders of
rules.md's examples) keep every invariant of invariants.py in every state; every command legal_commands
lists is accepted by play (all of them now and then, one sampled otherwise); commands it does not list
(near misses of listed ones and other words) are refused and leave the state as it was; each battle's
damage is paid in full and never a card beyond need. The seat the game waits for plays a random listed
command (attacks, deploys and restocks more often than moves, so that cards reach the lost piles and
games end); now and then the clock's `timeout` answers a timed window instead, a seat resigns, and seats
out of turn send turn commands, which must be refused."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds.metabaloids import commands, invariants, setup
from games.kinds.metabaloids.cards import DECKS, card
from games.kinds.metabaloids.state import OVER, GameState, Options, code_of
from games.kinds.protocol import Refused
from tests.kinds.seeded_dice import SeededDice

CAP = 1500  # commands per game
GAMES = 6  # seeded games in the fixed test (2 to 6 seats in turn)
FULL_EVERY = 40  # every so many states, every listed command is played (otherwise one sampled)
GARBAGE_PER_STATE = 2
RESIGN_RATE = 0.004  # a seat, in turn or not, resigns (the list never offers it)
# Orders from rules.md's examples, by the deck whose cards they name.
ORDERS = {
    "A": ("order use spores on draw", "order use spores on move", "order use spores on ability spores",
          "order use spores on attack against me", "order use spores on ability", "order use surge on "
          "attacking if behind", "order use surge on defend if behind 2", "order keep spores queen",
          "order pay hand discard draw", "order use weaver boost on attacking"),
    "B": ("order use ink on defend if behind 4", "order use ink on defend in 1",
          "order use shell on defend if behind", "order use shell on defend in 2 if behind 2",
          "order keep shell", "order pay play hand", "order use salamander boost on attacking",
          "order use turtle boost on defend ask"),
}
ASKS = ("order pay ask", "order grid ask", "order window ask")
WEIGHTS = {"attack": 6.0, "deploy": 4.0, "restock": 3.0, "place": 4.0, "use": 1.5, "pay": 1.0,
           "move": 0.3, "discard": 0.5, "pass": 1.0, "end": 1.0, "done": 0.3}


@dataclass
class Tally:
    commands: int = 0
    over: bool = False
    full_checks: int = 0
    garbage: int = 0
    battles: int = 0  # battles won and lost whose damage payment was checked
    why: str = ""  # how the game ended
    verbs: dict[str, int] = field(default_factory=dict)


def new_game(rng: random.Random, dice: SeededDice, players: int) -> GameState:
    options = Options(players=players, length=rng.choice(["reshuffle", "short"]),
                      elimination=rng.random() < 0.4,
                      window_minutes=rng.choice([0, 0, 5]), quick=False)
    choices = [rng.choice("AB") for _ in range(players)]
    state, _ = setup.new_state(options, setup.starter_decks(options, choices), choices, dice)
    for lobby in range(players):
        seat = state.seat(state.label(lobby))
        lines = rng.sample(ORDERS[seat.deck], k=rng.randint(0, 3))
        lines += [line for line in ASKS if rng.random() < 0.25]
        for line in lines:
            state, _ = commands.play(state, lobby, line, dice)
    return state


def sound(state: GameState) -> None:
    found = invariants.problems(state)
    assert found == [], found
    assert GameState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def weighted(listed: list[str], rng: random.Random) -> str:
    verbs = sorted({line.split()[0] for line in listed})
    verb = rng.choices(verbs, weights=[WEIGHTS.get(v, 1.0) for v in verbs])[0]
    return rng.choice([line for line in listed if line.split()[0] == verb])


def accepted(state: GameState, seat: int, line: str, dice: SeededDice, clock: bool = False,
             ledger: Ledger | None = None) -> GameState:
    before = state.to_dict()
    try:
        after, events = commands.play(state, seat, line, dice, clock=clock)
    except Refused as why:
        raise AssertionError(f"listed command {line!r} of lobby seat {seat} refused: {why}") from None
    assert state.to_dict() == before, f"{line!r} changed the state it was given"
    if ledger is not None:
        ledger.read(events)
    return after


@dataclass
class Ledger:
    """Follows each battle's damage through the events, across the commands of a decision: the loser pays
    its overflow in full unless the rest is waived (nothing left worth more than 0), and never a card more
    than needed: before its last card, something was still owed (rules.md, "Damage payment")."""

    loser: int = 0
    overflow: int = 0
    paid: list[int] = field(default_factory=list)
    waived: bool = False
    battles: int = 0

    def read(self, events: list[dict[str, object]]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "battle_won":
                self.loser, self.overflow = int(str(event["loser"])), int(str(event["overflow"]))
                self.paid, self.waived = [], False
            elif kind == "paid" and event["seat"] == self.loser:
                self.paid.append(int(str(event["points"])))
            elif kind == "waived" and event.get("why") == "damage" and event["seat"] == self.loser:
                self.waived = True
            elif kind == "out":
                self.loser = 0  # a seat out of the game pays no more (ending.py settle_battle)
            elif kind == "battle_over" and self.loser:
                total = sum(self.paid)
                assert total >= self.overflow or self.waived, (self.overflow, self.paid)
                assert not self.paid or total - self.paid[-1] < self.overflow, (self.overflow, self.paid)
                self.battles += 1
                self.loser = 0


def refused(state: GameState, seat: int, line: str, dice: SeededDice) -> None:
    before = state.to_dict()
    try:
        commands.play(state, seat, line, dice)
    except Refused:
        assert state.to_dict() == before, f"refused {line!r} changed the state"
        return
    raise AssertionError(f"unlisted {line!r} of lobby seat {seat} was accepted "
                         f"(listed: {commands.legal_commands(state, seat)})")


def unlisted(state: GameState, seat: int, rng: random.Random) -> str:
    """A command in the game's words that the seat's list does not hold: a near miss or garbage."""
    label = state.label(seat)
    mine = state.seat(label)
    others = [x for x in state.labels() if x != label]
    codes = sorted(DECKS[mine.deck])
    events = [c for c in codes if card(c).is_event]
    held = sorted({code_of(c) for c in mine.hand}) or codes
    addr = f"{rng.randint(1, 4)}:{rng.randint(1, 4)}"
    col = rng.randint(1, 4)
    options = [
        f"discard {rng.choice(codes)}", f"move {addr} {col}", f"deploy {rng.choice(codes)} {col}",
        f"attack {addr} p{rng.choice(others + [label])} {rng.randint(1, 3)}:{rng.randint(1, 3)}",
        f"restock {rng.choice(held)}", f"use {addr} {rng.choice(['boost', 'brood', 'regrow'])}",
        f"use {rng.choice(events)}", f"use {rng.choice(events)} {col}", "pass", "end", "deploy all",
        f"pay {rng.choice(['hand', 'reserve', 'play', 'draw', 'discard', 'auto'])} "
        f"{rng.choice([*codes, addr, '1', '2'])}", "pay auto", "pay discard", "pay draw 1",
        f"place {rng.choice(held)} {col}", "fly away", "attack", "move 1:1", "pay", "use",
        f"discard {rng.choice(codes)} {rng.choice(codes)}",
    ]
    return rng.choice(options)


def near_miss(state: GameState, seat: int, listed: list[str], rng: random.Random) -> str:
    """A listed command with one word changed: another address, seat, column or card."""
    codes = sorted(DECKS[state.seat(state.label(seat)).deck])
    words = rng.choice(listed).split()
    if len(words) < 2:
        return " ".join(words)
    i = rng.randrange(1, len(words))
    word = words[i]
    if ":" in word:
        words[i] = f"{rng.randint(1, 3)}:{rng.randint(1, 3)}"
    elif word.startswith("p") and word[1:].isdigit():
        words[i] = f"p{rng.randint(1, len(state.seats))}"
    elif word.isdigit():
        words[i] = str(rng.randint(1, 3))
    else:
        words[i] = rng.choice(codes)
    return " ".join(words)


def play_game(seed: int, players: int, tally: Tally | None = None) -> Tally:
    tally = tally or Tally()
    rng = random.Random(seed)
    dice = SeededDice(seed)
    state = new_game(rng, dice, players)
    ledger = Ledger()
    sound(state)
    for step in range(CAP):
        waiting = commands.to_act(state)
        if not waiting:
            tally.over = state.phase == OVER
            break
        seat = waiting[0]
        listed = commands.legal_commands(state, seat)
        assert listed, f"lobby seat {seat} is awaited with nothing to send"
        if step % FULL_EVERY == 0:
            tally.full_checks += 1
            for line in listed:
                accepted(state, seat, line, dice)
        for n in range(GARBAGE_PER_STATE):
            line = unlisted(state, seat, rng) if n % 2 else near_miss(state, seat, listed, rng)
            if line not in listed and not _equivalent(state, seat, line, listed):
                tally.garbage += 1
                refused(state, seat, line, dice)
        bystanders = [x for x in range(players)
                      if x not in waiting and state.seat(state.label(x)).status == "in"]
        if bystanders and state.phase != "place" and rng.random() < 0.2:
            other = rng.choice(bystanders)
            assert commands.legal_commands(state, other) == []
            refused(state, other, rng.choice(listed), dice)
        if rng.random() < RESIGN_RATE:
            quitter = rng.choice([x for x in range(players) if state.seat(state.label(x)).status == "in"])
            state = accepted(state, quitter, "resign", dice, ledger=ledger)
            tally.commands += 1
            sound(state)
            continue
        if state.decision is not None and state.decision.window and rng.random() < 0.3:
            line, clock = "timeout", True
        else:
            line, clock = weighted(listed, rng), False
        if len(listed) > 1:
            accepted(state, seat, rng.choice(listed), dice)
        state = accepted(state, seat, line, dice, clock=clock, ledger=ledger)
        tally.commands += 1
        tally.verbs[line.split()[0]] = tally.verbs.get(line.split()[0], 0) + 1
        sound(state)
    else:
        tally.over = state.phase == OVER
    tally.battles = ledger.battles
    tally.why = str(state.result["why"]) if state.result else ""
    return tally


def _equivalent(state: GameState, seat: int, line: str, listed: list[str]) -> bool:
    """Unlisted wordings that mean a listed command: a `place` sent ahead of a placement turn is queued,
    and `pay` lines the list gives in one canonical form."""
    words = line.split()
    if words[0] == "pay" and len(words) == 3 and words[1] in ("draw", "discard") and words[2].isdigit():
        return True  # `pay draw 2`, `pay discard 2`: legal answers the list gives only as one card
    if words[:2] == ["pay", "play"] and len(words) == 3 and ":" not in words[2]:
        return True  # a card in play may be named by its code when it is the only one (words.py)
    if words[0] == "use" and len(words) == 3 and words[2].isdigit():
        return f"use {words[1]}" in listed or any(x.startswith(f"use {words[1]} ") for x in listed)
    if words[0] == "use" and len(words) >= 2 and ":" not in words[1] and not card(words[1]).is_event:
        # a card in play named by its code when it is the only one: the listed `use <col:row> …`
        seat_ = state.seat(state.label(seat))
        spots = [f"{c}:{r}" for c, column in enumerate(seat_.columns, 1)
                 for r, x in enumerate(column.cards, 1) if code_of(x) == words[1]]
        return len(spots) == 1 and any(x.split()[:2] == ["use", spots[0]] for x in listed)
    if words[0] == "use" and len(words) == 2 and card(words[1]).ability(None) is not None:
        return any(x.startswith(f"use {words[1]}") for x in listed)
    return False


@pytest.mark.random_games
def test_random_games_keep_every_invariant_and_accept_every_listed_command() -> None:
    ended = battles = garbage = 0
    games = 0
    for seed in range(GAMES):
        players = 2 + seed % 5
        tally = play_game(seed, players)
        games += 1
        ended += tally.over
        battles += tally.battles
        garbage += tally.garbage
        assert tally.commands > 0
    assert battles > 0 and garbage > 0, "the games fought no battle or tried no unlisted command"
    # Most games end within the cap: cards reach the lost piles, piles run dry or the stall rule ends it.
    assert ended >= games * 3 // 4, f"{ended} of {games} games ended within {CAP} commands"


@pytest.mark.random_games
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_any_seeded_game_keeps_every_invariant(seed: int, players: int) -> None:
    tally = play_game(seed, players)
    assert tally.commands > 0
