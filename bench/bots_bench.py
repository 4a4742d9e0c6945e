"""The bots' thinking time (a benchmark, not a test): `python bench/bots_bench.py`.

Targets (issue 12): the greedy bot's decision p50 <= 50 ms; the search bot's decision at its budget (the
site caps it at BOT_SEARCH_SECONDS, 1.5 s by default; simulations use a fixed number of play-outs).
Decisions are timed over seeded games, greedy against greedy (2, 4 and 6 players) and search against
greedy (2 players), so the positions are the ones the bots really meet, from the first turn to the last.

Metal Adventures' greedy bot is timed the same way in the same run (greedy against greedy at 3, 4 and 6
players, its own seeded games: bots/match.py) and printed beside MetalTalon's greedy, the yardstick; so is
Metabaloids' greedy bot (greedy against greedy at 2, 4 and 6 players, both starter decks in every game), each
decision timed as the site makes it: the seat's bot state (view.bot_state) and the bot's choice on it.
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots import play_out  # noqa: E402
from games.kinds.metabaloids import commands as mb_commands  # noqa: E402
from games.kinds.metabaloids.bots import GreedyBot as MBGreedyBot  # noqa: E402
from games.kinds.metabaloids.bots import match as mb_match  # noqa: E402
from games.kinds.metal_adventures.bots import GreedyBot as MAGreedyBot  # noqa: E402
from games.kinds.metal_adventures.bots.match import TURN_CAP as MA_TURN_CAP  # noqa: E402
from games.kinds.metal_adventures.bots.match import play_game as ma_play_game  # noqa: E402
from games.kinds.metaltalon.bots import GreedyBot, SearchBot  # noqa: E402
from games.kinds.metaltalon.bots.match import play_game  # noqa: E402
from games.kinds.metaltalon.bots.search import ROLLOUTS  # noqa: E402

GAMES = int(os.environ.get("BENCH_BOT_GAMES", "4"))
SITE_SECONDS = 1.5  # the default of settings.BOT_SEARCH_SECONDS


class Timed:
    """A bot whose every decision is timed."""

    def __init__(self, bot, times: list[float]) -> None:
        self.bot, self.times, self.level = bot, times, bot.level

    def choose(self, state, seat):
        t0 = time.perf_counter()
        command = self.bot.choose(state, seat)
        self.times.append(time.perf_counter() - t0)
        return command


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(len(ordered) * 0.95)]


def figures(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"p50 {statistics.median(ms):7.1f} ms  p95 {p95(ms):7.1f} ms  max {max(ms):7.1f} ms  "
            f"({len(ms)} decisions)")


def metaltalon_game(seed: int, players: int, make, turn_cap: int) -> None:
    play_game(seed, players, "token", make, ("x",) * players, turn_cap=turn_cap)


def metal_adventures_game(seed: int, players: int, make, turn_cap: int) -> None:
    ma_play_game(seed, players, make, ("x",) * players, turn_cap=turn_cap)


def metabaloids_game(seed: int, players: int, make, turn_cap: int) -> None:
    """bots/match.py's game, but each bot masks the state itself (MBGreedy below), so that a timed decision
    includes the bot state's making, as the site's does (games/actions/bots.py)."""
    state, dice = mb_match.new_game(seed, ["AB"[(seed + i) % 2] for i in range(players)])
    bots = {i: make(i, random.Random(f"{seed}:bot:{i}")) for i in range(players)}

    def play(before, seat: int, command: str):
        return mb_commands.play(before, seat, command, dice)

    for step in play_out(state, bots, play, mb_commands.to_act, mb_match.STEP_CAP):
        if step.state.round > turn_cap:
            break


def MBGreedy(rng: random.Random) -> mb_match.Masked:  # noqa: N802 (made like the bots' classes)
    return mb_match.Masked(MBGreedyBot(rng))


def timed_games(players: int, make_first, label: str, turn_cap: int = 60, games: int = GAMES,
                play=metaltalon_game, others=GreedyBot) -> list[float]:
    """Seat 0's decisions timed over `games` seeded games of `play`'s kind, the other seats `others`."""
    times: list[float] = []

    def make(seat: int, rng: random.Random):
        return Timed(make_first(rng), times) if seat == 0 else others(rng)

    t0 = time.perf_counter()
    for g in range(games):
        play(100 + g, players, make, turn_cap)
    print(f"{label:<40} {figures(times)}  {time.perf_counter() - t0:4.0f} s, {games} games")
    return times


def p50s(by_players: dict[int, list[float]]) -> str:
    return ", ".join(f"{statistics.median(t) * 1000:.1f} ms at {n} players" for n, t in by_players.items())


def main() -> None:
    print(f"os.cpu_count() = {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    greedy = {n: timed_games(n, lambda rng: GreedyBot(rng), f"greedy, {n} players") for n in (2, 4, 6)}
    print("greedy decision p50: " + p50s(greedy) + "   (target <= 50 ms)")
    # Metal Adventures (3 to 6 players), its games to their end or its simulations' turn cap.
    adventures = {n: timed_games(n, lambda rng: MAGreedyBot(rng), f"Metal Adventures greedy, {n} players",
                                 turn_cap=MA_TURN_CAP, play=metal_adventures_game, others=MAGreedyBot)
                  for n in (3, 4, 6)}
    print("Metal Adventures greedy decision p50: " + p50s(adventures) + "   (MetalTalon's target: <= 50 ms)")
    for n in (4, 6):  # the player counts both games are played at, side by side
        ma, mt = adventures[n], greedy[n]
        print(f"  at {n} players, Metal Adventures / MetalTalon: p50 {statistics.median(ma) * 1000:.1f} / "
              f"{statistics.median(mt) * 1000:.1f} ms, p95 {p95(ma) * 1000:.1f} / {p95(mt) * 1000:.1f} ms")
    # Metabaloids (2 to 6 players), its games to their end (about ten rounds) or its simulations' turn cap.
    baloids = {n: timed_games(n, MBGreedy, f"Metabaloids greedy, {n} players", turn_cap=mb_match.TURN_CAP,
                              play=metabaloids_game, others=MBGreedy) for n in (2, 4, 6)}
    print("Metabaloids greedy decision p50: " + p50s(baloids) + "   (MetalTalon's target: <= 50 ms)")
    for n in (2, 4, 6):
        mb, mt = baloids[n], greedy[n]
        print(f"  at {n} players, Metabaloids / MetalTalon: p50 {statistics.median(mb) * 1000:.1f} / "
              f"{statistics.median(mt) * 1000:.1f} ms, p95 {p95(mb) * 1000:.1f} / {p95(mt) * 1000:.1f} ms")
    search = timed_games(2, lambda rng: SearchBot(rng, rollouts=ROLLOUTS), f"search, {ROLLOUTS} play-outs")
    # At the site's cap a decision thinks until the cap: the first rounds of one game show it.
    capped = timed_games(2, lambda rng: SearchBot(rng, rollouts=10_000, seconds=SITE_SECONDS),
                         f"search, site cap {SITE_SECONDS} s", turn_cap=6, games=1)
    print(f"search decision p50: {statistics.median(search) * 1000:.0f} ms at {ROLLOUTS} play-outs; "
          f"{statistics.median(capped) * 1000:.0f} ms (max {max(capped) * 1000:.0f} ms) at the site's "
          f"{SITE_SECONDS} s cap")


if __name__ == "__main__":
    main()
