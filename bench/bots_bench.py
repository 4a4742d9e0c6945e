"""The bots' thinking time (a benchmark, not a test): `python bench/bots_bench.py`.

Targets (issue 12): the greedy bot's decision p50 <= 50 ms; the search bot's decision at its budget (the
site caps it at BOT_SEARCH_SECONDS, 1.5 s by default; simulations use a fixed number of play-outs).
Decisions are timed over seeded games, greedy against greedy (2, 4 and 6 players) and search against
greedy (2 players), so the positions are the ones the bots really meet, from the first turn to the last.
"""

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def figures(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(len(ms) * 0.95)]
    return (f"p50 {statistics.median(ms):7.1f} ms  p95 {p95:7.1f} ms  max {ms[-1]:7.1f} ms  "
            f"({len(ms)} decisions)")


def timed_games(players: int, make_first, label: str, turn_cap: int = 60, games: int = GAMES) -> list[float]:
    times: list[float] = []

    def make(seat: int, rng: random.Random):
        return Timed(make_first(rng), times) if seat == 0 else GreedyBot(rng)

    t0 = time.perf_counter()
    for g in range(games):
        play_game(100 + g, players, "token", make, ("x",) * players, turn_cap=turn_cap)
    print(f"{label:<40} {figures(times)}  {time.perf_counter() - t0:4.0f} s, {games} games")
    return times


def main() -> None:
    print(f"os.cpu_count() = {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    greedy = {n: timed_games(n, lambda rng: GreedyBot(rng), f"greedy, {n} players") for n in (2, 4, 6)}
    print("greedy decision p50: " + ", ".join(f"{statistics.median(t) * 1000:.1f} ms at {n} players"
                                             for n, t in greedy.items()) + "   (target <= 50 ms)")
    search = timed_games(2, lambda rng: SearchBot(rng, rollouts=ROLLOUTS), f"search, {ROLLOUTS} play-outs")
    # At the site's cap a decision thinks until the cap: the first rounds of one game show it.
    capped = timed_games(2, lambda rng: SearchBot(rng, rollouts=10_000, seconds=SITE_SECONDS),
                         f"search, site cap {SITE_SECONDS} s", turn_cap=6, games=1)
    print(f"search decision p50: {statistics.median(search) * 1000:.0f} ms at {ROLLOUTS} play-outs; "
          f"{statistics.median(capped) * 1000:.0f} ms (max {max(capped) * 1000:.0f} ms) at the site's "
          f"{SITE_SECONDS} s cap")


if __name__ == "__main__":
    main()
