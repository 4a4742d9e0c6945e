"""Property tests: random legal play in every edition and player count keeps the DESIGN.md invariants,
legal_commands and play agree, games replay from seed and log, and bad text changes nothing."""

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds.metaltalon.engine import GameState, IllegalCommand, legal_commands, new_game, play
from games.kinds.metaltalon.engine.view import game_of
from tests.kinds.metaltalon.engine.agreement import canonical as legal_canonical

from .invariants import check_invariants

EDITIONS = ("token", "metatalon", "web2002")
GAMES = [(e, p) for e in EDITIONS for p in (2, 3, 4, 6)]
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options(edition: str, seed: int) -> dict:
    variants = () if edition == "metatalon" else (((), ("takeover",), ("spoils",))[seed % 3])
    dice_mode = "stopwatch" if edition != "token" and seed % 2 else "d6"
    return {"edition": edition, "variants": variants, "dice_mode": dice_mode, "seed": seed}


def choose(draw_int, listed: list[str], homes: frozenset[str] = frozenset(), board=None) -> str:
    """A random player biased to act: invades when it can, ends its turn now and then, fires often,
    rarely resigns or changes orders. Given enemy home bases and the board it also goes for them:
    fires at bases and moves towards them."""
    core = [c for c in listed if c != "resign" and not c.startswith("order")]
    invasions = [c for c in core if c.startswith("move") and c.split()[2] in homes]
    at_bases = [c for c in core if c.startswith("fire") and c.split()[2] in homes]
    roll = draw_int(0, 99)
    if invasions and roll < 80:
        return invasions[draw_int(0, len(invasions) - 1)]
    if at_bases and roll < 50:
        return at_bases[draw_int(0, len(at_bases) - 1)]
    if not core or roll >= 98:
        return listed[draw_int(0, len(listed) - 1)]
    if "end" in core and roll < 15:
        return "end"
    moves = [c for c in core if c.startswith("move")]
    if board is not None and homes and moves and roll < 40:
        return min(moves, key=lambda c: min(board.distance(c.split()[2], h) for h in homes))
    fires = [c for c in core if c.startswith("fire")]
    pool = fires if fires and roll < 55 else core
    return pool[draw_int(0, len(pool) - 1)]


def enemy_homes(state: GameState, seat: int) -> frozenset[str]:
    return frozenset(s.home for s in state.seats if not s.out and s.index != seat)


def poor(state: GameState, credits: int) -> GameState:
    """The same game with every reserve cut to `credits` (the bank keeps the total), so that seats run
    dry: invasions and wipe-outs come within a few hundred commands."""
    seats = tuple(replace(s, reserve=min(s.reserve, credits)) for s in state.seats)
    cut = sum(s.reserve for s in state.seats) - sum(s.reserve for s in seats)
    return replace(state, seats=seats, bank=state.bank + cut)


def canonical(state: GameState, seat: int, text: str) -> str:
    """As legal_commands spells it for `seat` now (a fire number naming the bare form's ship is dropped)."""
    return legal_canonical(state, seat, game_of(state.edition).parser.parse(text)[0])


def check_agreement(state: GameState) -> None:
    """Every listed command is accepted; eliminated seats have nothing and are refused."""
    for seat in range(state.players):
        listed = legal_commands(state, seat)
        if state.seats[seat].out or state.phase == "over":
            assert listed == []
            with pytest.raises(IllegalCommand):
                play(state, seat, "resign")
            continue
        assert len(listed) == len(set(listed)), "a command is listed twice"
        for cmd in listed:
            after, events = play(state, seat, cmd)
            check_invariants(after)
            assert isinstance(events, list)


def mutations(rng: random.Random, state: GameState, listed: list[str]) -> list[str]:
    """Texts near the legal ones: other cells, other counts, other verbs, odd spellings."""
    board = game_of(state.edition).board
    cells = board.cells
    out = []
    for cmd in rng.sample(listed, min(12, len(listed))):
        words = cmd.split()
        for i, w in enumerate(words):
            if board.normalize(w):
                near = board.neighbours(board.normalize(w) or w)
                for repl in (rng.choice(near), rng.choice(cells)):
                    out.append(" ".join(words[:i] + [repl] + words[i + 1 :]))
            elif w[:-1].isdigit():
                bumped = str(int(w[:-1]) + rng.choice((-1, 1, 5))) + w[-1]
                out.append(" ".join(words[:i] + [bumped] + words[i + 1 :]))
        out.append(cmd.upper())
        out.append(rng.choice(("move", "fire", "split", "launch", "order")) + " " + " ".join(words[1:]))
        out.append(cmd + " " + rng.choice(cells))
        if words[0] == "fire":  # ship numbers: shared spaces, own ships, numbers with no ship
            out.append(" ".join(words[:3]) + f" {rng.randint(1, 4)}")
    return out


def check_refusals(rng: random.Random, state: GameState) -> None:
    """Accepted texts are listed (in canonical form); refused ones change nothing."""
    before = state.to_dict()
    for seat in range(state.players):
        listed = set(legal_commands(state, seat))
        other = legal_commands(state, (seat + 1) % state.players)
        for text in mutations(rng, state, sorted(listed)) + other[:20]:
            try:
                play(state, seat, text)
            except IllegalCommand:
                continue
            assert canonical(state, seat, text) in listed, (
                f"seat {seat} could play {text!r}, which is not listed"
            )
    assert state.to_dict() == before


@pytest.mark.parametrize(("edition", "players"), GAMES)
@SETTINGS
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_legal_play_keeps_the_invariants_and_replays(edition, players, seed, data):
    opts = options(edition, seed)
    state = new_game(players, **opts)
    start = state
    log = []
    draw_int = lambda lo, hi: data.draw(st.integers(lo, hi))  # noqa: E731
    for step in range(80):
        if state.phase == "over":
            break
        seat = state.to_act[draw_int(0, len(state.to_act) - 1)]
        cmd = choose(draw_int, legal_commands(state, seat))
        state, _ = play(state, seat, cmd)
        check_invariants(state)
        assert GameState.from_dict(state.to_dict()) == state
        log.append((seat, cmd))
        if step % 20 == 5:
            check_agreement(state)
    replay = start
    for seat, cmd in log:
        replay, _ = play(replay, seat, cmd)
    assert replay.to_dict() == state.to_dict()
    check_refusals(random.Random(seed), state)


@pytest.mark.parametrize("credits", [None, 4])
@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_long_random_games_keep_the_invariants_to_the_end(edition, players, credits):
    """Seeded long games reach invasions, wipe-outs and big reserves that short examples miss."""
    rng = random.Random(f"{edition}{players}{credits}")
    seed = rng.randrange(10_000)
    state = new_game(players, factions=_deal(rng, edition, players), **options(edition, seed))
    if credits is not None:
        state = poor(state, credits)
    start, log = state, []
    board = game_of(edition).board
    for step in range(1000):
        if state.phase == "over":
            break
        seat = rng.choice(state.to_act)
        cmd = choose(rng.randint, legal_commands(state, seat), enemy_homes(state, seat), board)
        state, _ = play(state, seat, cmd)
        log.append((seat, cmd))
        check_invariants(state)
        if step % 400 == 150:
            check_agreement(state)
            check_refusals(rng, state)
    check_agreement(state)
    replay = start
    for seat, cmd in log:
        replay, _ = play(replay, seat, cmd)
    assert replay == state


def _deal(rng: random.Random, edition: str, players: int) -> tuple[str, ...]:
    """Fixed factions that always include the Rebels and the rare order-driven factions."""
    pool = ["rebels", "murphys", "clovers", "swarm", "vamps", "adapters", "anarchists", "zoomers", "warriors"]
    rng.shuffle(pool)
    return tuple(pool[:players]) if "rebels" in pool[:players] else ("rebels", *pool[: players - 1])


@SETTINGS
@given(text=st.text(max_size=200) | st.binary(max_size=50).map(lambda b: b.decode("latin-1")))
def test_random_text_is_refused_or_listed_and_never_changes_the_state(text):
    state = _midgame()
    before = state.to_dict()
    for seat in range(state.players):
        try:
            play(state, seat, text)
        except IllegalCommand:
            continue
        assert canonical(state, seat, text) in legal_commands(state, seat)
    assert state.to_dict() == before


@pytest.mark.parametrize("size", [10_000, 1_000_000])
def test_huge_text_is_refused(size):
    state = _midgame()
    with pytest.raises(IllegalCommand):
        play(state, state.active, "end " * (size // 4))


def test_other_seats_commands_are_refused_unless_orders_or_resign():
    state = _midgame()
    mine = legal_commands(state, state.active)
    for seat in range(state.players):
        if seat == state.active or state.seats[seat].out:
            continue
        for cmd in mine:
            if cmd == "resign" or cmd.startswith("order"):
                continue
            with pytest.raises(IllegalCommand):
                play(state, seat, cmd)


_CACHE: dict[str, GameState] = {}


def _midgame() -> GameState:
    """A 4-player token game some turns in, with ships on the board and no roll pending."""
    if "state" not in _CACHE:
        rng = random.Random(4)
        state = new_game(4, seed=4)
        while state.phase != "play" or len(state.ships) < 8 or state.pending is not None:
            seat = rng.choice(state.to_act)
            state, _ = play(state, seat, choose(rng.randint, legal_commands(state, seat)))
        _CACHE["state"] = state
    return _CACHE["state"]
