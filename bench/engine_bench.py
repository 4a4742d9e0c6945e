"""Rules speed figures (a benchmark, not a test): `python bench/engine_bench.py`.

MetalTalon's targets (bench/README.md): legal_commands p50 <= 5 ms and play p50 <= 0.5 ms for a move
and for a fire, in a 6-player mid-game position with about 24 ships; >= 5,000 commands applied per second
over a long random game.

Every kind's rules are then measured the same way in the same run, MetalTalon's figures the yardstick the
others are printed beside (the machine's speed moves them all): seeded games between random bots are
recorded, then replayed through the rules' `play` alone (commands/s), and `legal_commands` is timed for the
first awaited seat of every position those games passed through (p50, p95 over positions).
"""

import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import RandomBot, play_out  # noqa: E402
from games.kinds.metabaloids import commands as mb_commands  # noqa: E402
from games.kinds.metabaloids.bots import match as mb_match  # noqa: E402
from games.kinds.metabaloids.bots.rules import RULES as MB_RULES  # noqa: E402
from games.kinds.metal_adventures import commands as ma_commands  # noqa: E402
from games.kinds.metal_adventures.bots import match as ma_match  # noqa: E402
from games.kinds.metal_adventures.bots.rules import RULES as MA_RULES  # noqa: E402
from games.kinds.metaltalon.bots.rules import RULES, engine_play, engine_to_act  # noqa: E402
from games.kinds.metaltalon.engine import GameState, legal_commands, new_game, play  # noqa: E402
from games.kinds.metaltalon.engine.board import load_board  # noqa: E402
from games.kinds.metaltalon.engine.state import evolve  # noqa: E402

STEPS = 4000  # commands at most in one recorded game
POSITIONS = 3000  # positions at most whose legal_commands are timed, per kind


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


def metaltalon_position() -> None:
    """MetalTalon's target figures on one 6-player mid-game position."""
    state = midgame()
    seat = state.active
    listed = legal_commands(state, seat)
    board = load_board(state.board)
    # The longest move on offer: the path search is the costly part of a move.
    move = max((c for c in listed if c.startswith("move")), key=lambda c: board.distance(*c.split()[1:]))
    fire = next(c for c in listed if c.startswith("fire"))
    print(f"MetalTalon position: 6 players, {len(state.ships)} ships, turn {state.turn}, "
          f"{len(listed)} legal commands")
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


# === EVERY KIND, MEASURED ALIKE ===

Moves = Sequence[tuple[int, str]]


@dataclass(frozen=True)
class Rules:
    """A kind's pure rules as this bench drives them: its seeded random games, recorded and replayed."""

    title: str
    games: tuple[tuple[int, int], ...]  # (seed, players) of the recorded games
    record: Callable[[int, int], list[Any]]  # games.bots.loop.Step for each command of a seeded game
    replay: Callable[[int, int, Moves], Any]  # the game again from its start through `play` alone: its state
    legal_commands: Callable[[Any, int], list[str]]
    to_act: Callable[[Any], Sequence[int]]
    dump: Callable[[Any], Any]


def _mt_record(seed: int, players: int) -> list[Any]:
    bots = [RandomBot(RULES, random.Random(f"{seed}:{i}"), lively=True) for i in range(players)]
    return list(play_out(new_game(players, "token", seed=seed), bots, engine_play, engine_to_act, STEPS))


def _mt_replay(seed: int, players: int, moves: Moves) -> GameState:
    state = new_game(players, "token", seed=seed)
    for seat, command in moves:
        state = play(state, seat, command).state
    return state


def _ma_record(seed: int, players: int) -> list[Any]:
    """The site's random bot on every seat (it reads its seat's bot state); the game's seeded dice."""
    state, dice = ma_match.new_game(seed, players)
    bots = [RandomBot(MA_RULES, random.Random(f"{seed}:bot:{i}")) for i in range(players)]

    def step(before: Any, seat: int, command: str) -> tuple[Any, list[dict[str, Any]]]:
        return ma_commands.play(before, seat, command, dice)

    return list(play_out(state, bots, step, ma_commands.to_act, STEPS))


def _ma_replay(seed: int, players: int, moves: Moves) -> Any:
    state, dice = ma_match.new_game(seed, players)
    for seat, command in moves:
        state, _ = ma_commands.play(state, seat, command, dice)
    return state


def _mb_decks(seed: int, players: int) -> list[str]:
    """Both starter decks in every game, the first seat's changing with the seed."""
    return ["AB"[(seed + i) % 2] for i in range(players)]


def _mb_record(seed: int, players: int) -> list[Any]:
    """The site's random bot on every seat, on its seat's bot state (match.Masked, as the site runs it),
    the decks picked first (match.new_game); the game's seeded picks."""
    state, dice = mb_match.new_game(seed, _mb_decks(seed, players))
    bots = [mb_match.Masked(RandomBot(MB_RULES, random.Random(f"{seed}:bot:{i}"))) for i in range(players)]

    def step(before: Any, seat: int, command: str) -> tuple[Any, list[dict[str, Any]]]:
        return mb_commands.play(before, seat, command, dice)

    return list(play_out(state, bots, step, mb_commands.to_act, STEPS))


def _mb_replay(seed: int, players: int, moves: Moves) -> Any:
    state, dice = mb_match.new_game(seed, _mb_decks(seed, players))
    for seat, command in moves:
        state, _ = mb_commands.play(state, seat, command, dice)
    return state


KINDS = (
    Rules("MetalTalon", ((1, 2), (2, 3), (3, 4), (4, 6), (5, 6)), _mt_record, _mt_replay, legal_commands,
          engine_to_act, lambda s: s.to_dict()),
    Rules("Metal Adventures", ((1, 3), (2, 4), (3, 5), (4, 6), (5, 6)), _ma_record, _ma_replay,
          ma_commands.legal_commands, ma_commands.to_act, lambda s: s.to_dict()),
    # A random game of Metabaloids is short (100-400 commands: its draw piles run out), so ten games.
    Rules("Metabaloids", tuple((seed, 2 + seed % 5) for seed in range(1, 11)), _mb_record, _mb_replay,
          mb_commands.legal_commands, mb_commands.to_act, lambda s: s.to_dict()),
)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(rules: Rules) -> dict[str, Any]:
    """commands/s replaying the recorded games through `play` alone, and legal_commands over their
    positions (each awaited position timed once, evenly sampled up to POSITIONS)."""
    recorded = [(seed, players, rules.record(seed, players)) for seed, players in rules.games]
    total = sum(len(steps) for _, _, steps in recorded)
    t0 = time.perf_counter()
    finals = [rules.replay(seed, players, [(s.seat, s.command) for s in steps])
              for seed, players, steps in recorded]
    elapsed = time.perf_counter() - t0
    for final, (_, _, steps) in zip(finals, recorded, strict=True):  # the replay played the same game
        assert rules.dump(final) == rules.dump(steps[-1].state), f"{rules.title}: the replay went astray"
    positions = [(s.state, rules.to_act(s.state)[0]) for _, _, steps in recorded for s in steps
                 if rules.to_act(s.state)]
    positions = positions[::max(1, len(positions) // POSITIONS)]
    times, listed = [], []
    for state, seat in positions:
        t1 = time.perf_counter()
        found = rules.legal_commands(state, seat)
        times.append((time.perf_counter() - t1) * 1000)
        listed.append(len(found))
    over = sum(1 for _, _, steps in recorded if not rules.to_act(steps[-1].state))
    return {"players": players_text([p for _, p in rules.games]), "commands": total, "over": over,
            "games": len(recorded), "rate": total / elapsed, "legal_p50": statistics.median(times),
            "legal_p95": pct(times, 0.95), "listed": statistics.median(listed), "positions": len(positions)}


def players_text(counts: list[int]) -> str:
    """`3,4,5,6,2,3,4,5,6,2` -> `2,3,4,5,6 x2`: each count once when every count has as many games."""
    games = Counter(counts)
    if len(counts) > 5 and len(set(games.values())) == 1:
        return ",".join(str(p) for p in sorted(games)) + f" x{len(counts) // len(games)}"
    return ",".join(str(p) for p in counts)


def print_kinds(figures: dict[str, dict[str, Any]]) -> None:
    titles = list(figures)
    print()
    print(f"Random games through the pure rules, every kind measured alike ({titles[0]} the yardstick):")
    print(f"  {'':<34}" + "".join(f"{t:>18}" for t in titles))
    rows = (("players in each game", "players", "{}"),
            ("games (over before the cap)", None, None),
            ("commands replayed", "commands", "{:,}"),
            ("commands/s, play alone", "rate", "{:,.0f}"),
            ("positions timed", "positions", "{:,}"),
            ("legal_commands p50 (ms)", "legal_p50", "{:.3f}"),
            ("legal_commands p95 (ms)", "legal_p95", "{:.3f}"),
            ("commands listed, median", "listed", "{:.0f}"))
    for label, key, form in rows:
        if key is None:
            cells = [f"{f['games']} ({f['over']})" for f in figures.values()]
        else:
            cells = [form.format(f[key]) for f in figures.values()]
        print(f"  {label:<34}" + "".join(f"{c:>18}" for c in cells))
    yardstick = figures[titles[0]]
    for title in titles[1:]:
        f = figures[title]
        print(f"  {title} beside {titles[0]}: {f['rate'] / yardstick['rate']:.2f}x the commands/s, "
              f"{f['legal_p50'] / yardstick['legal_p50']:.2f}x the legal_commands p50")
    print(f"  (MetalTalon's target: >= 5,000 commands/s; {STEPS} commands at most a game, lively random bots "
          "there, the site's random bot elsewhere)")


def main() -> None:
    print(f"os.cpu_count() = {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    metaltalon_position()
    print_kinds({rules.title: measure(rules) for rules in KINDS})


if __name__ == "__main__":
    main()
