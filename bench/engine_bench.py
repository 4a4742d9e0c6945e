"""Engine speed figures (a benchmark, not a test): `python bench/engine_bench.py`.

Targets (issue 3): legal_commands p50 <= 5 ms and play p50 <= 0.5 ms for a move and for a fire, in a
6-player mid-game position with about 24 ships; >= 5,000 commands applied per second over a long
random game.
"""

import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import RandomBot, play_out  # noqa: E402
from games.kinds.metaltalon.bots.rules import RULES, engine_play, engine_to_act  # noqa: E402
from games.kinds.metaltalon.engine import GameState, legal_commands, new_game, play  # noqa: E402
from games.kinds.metaltalon.engine.board import load_board  # noqa: E402
from games.kinds.metaltalon.engine.state import evolve  # noqa: E402


def random_game(seed: int, players: int, steps: int, edition: str = "token") -> tuple[GameState, list]:
    """A seeded game between lively random bots (games/bots: they rarely end a turn early and shoot when
    they can), so a long game reaches fights: [(state after, seat, command), ...]."""
    state = new_game(players, edition, seed=seed)
    bots = [RandomBot(RULES, random.Random(f"{seed}:{i}"), lively=True) for i in range(players)]
    log = [(step.state, step.seat, step.command)
           for step in play_out(state, bots, engine_play, engine_to_act, steps)]
    return (log[-1][0] if log else state), log


def midgame() -> GameState:
    """The first state of a seeded 6-player game with 24 ships in play where the active seat may move,
    fire and launch."""
    for seed in range(100):
        _, log = random_game(seed, 6, 4000)
        for state, _, _ in log:
            if state.phase != "play" or state.pending is not None or len(state.ships) < 24:
                continue
            listed = legal_commands(state, state.active)
            if all(any(c.startswith(verb) for c in listed) for verb in ("fire", "move", "launch")):
                return state
    raise SystemExit("no mid-game position found")


def p50_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    print(f"os.cpu_count() = {os.cpu_count()}")
    state = midgame()
    seat = state.active
    listed = legal_commands(state, seat)
    board = load_board(state.board)
    # The longest move on offer: the path search is the costly part of a move.
    move = max((c for c in listed if c.startswith("move")), key=lambda c: board.distance(*c.split()[1:]))
    fire = next(c for c in listed if c.startswith("fire"))
    print(f"position: 6 players, {len(state.ships)} ships, turn {state.turn}, {len(listed)} legal commands")
    legal_ms = p50_ms(lambda: legal_commands(state, seat), 300)
    move_ms = p50_ms(lambda: play(state, seat, move), 2000)
    fire_ms = p50_ms(lambda: play(state, seat, fire), 2000)
    print(f"legal_commands p50: {legal_ms:7.3f} ms   (target <= 5 ms)")
    # The same position at the start of the turn with a 40-credit reserve: every ship may act and every
    # launch composition is listed too (if the home base is free).
    seats = tuple(replace(s, reserve=40) if s.index == seat else s for s in state.seats)
    rich = evolve(state, seats=seats, activation=None, used=(), launched=None, new_ship=None)
    rich_ms = p50_ms(lambda: legal_commands(rich, seat), 300)
    print(f"  with reserve 40:  {rich_ms:7.3f} ms   ({len(legal_commands(rich, seat))} legal commands)")
    print(f"play move p50:      {move_ms:7.3f} ms   (target <= 0.5 ms) {move}")
    print(f"play fire p50:      {fire_ms:7.3f} ms   (target <= 0.5 ms) {fire}")

    # Commands per second: replay recorded random games (2, 3, 4 and 6 players) through play() alone.
    logs = []
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 6), (5, 6)):
        _, log = random_game(seed, players, 4000)
        logs.append((seed, players, [(seat, cmd) for _, seat, cmd in log]))
    total = sum(len(log) for _, _, log in logs)
    t0 = time.perf_counter()
    for seed, players, log in logs:
        replay = new_game(players, "token", seed=seed)
        for seat, cmd in log:
            replay, _ = play(replay, seat, cmd)
    elapsed = time.perf_counter() - t0
    print(f"commands/s:         {total / elapsed:7.0f}      (target >= 5,000) over {total} commands")


if __name__ == "__main__":
    main()
