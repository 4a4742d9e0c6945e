"""Replay and downloads of a long game: `?step=N` of a 60,000-action game, and its streamed downloads.

    python bench/replay_bench.py          # `make bench` runs it; prints figures beside the targets

1. Seeds (once, kept for later runs) a 2-player game of BENCH_REPLAY_ACTIONS (60,000) logged actions. A game
   that long is not played through the site here (2,000 actions take two minutes that way): the engine plays
   it with seeded dice, a random policy that never shoots or ends the game, and the log (each action with
   the draws it made) and a snapshot at every turn start are bulk-inserted as apply_command writes them;
   then the game is marked aborted, so its replay opens.
2. In-process, through Django's test client: the replay page at 40 random steps (p50, p95, queries), the
   first and the last step.
3. The downloads (record.json, log.txt): time to stream them whole, their size, and (in a second, traced
   run) the peak memory Python allocated meanwhile, beside building the same record at once, as before.

Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/metaltalon_replay_bench),
BENCH_REPLAY_ACTIONS (60000). Speed is reported, never asserted.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/metaltalon_replay_bench")
import web_bench  # noqa: E402  (its setup: the production-like environment, the database made if missing)

ACTIONS = int(os.environ.get("BENCH_REPLAY_ACTIONS", "60000"))
TARGET_STEP_MS = 50
SAMPLES = 40


class SeededDice:
    """Like games.dice.SecretDice, recording each draw, but from a seeded generator (reproducible)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.draws = rng, []

    def roll(self, sides: int) -> int:
        value = self.rng.randrange(sides) + 1
        self.draws.append(["roll", sides, value])
        return value

    def draw(self, n: int) -> int:
        value = self.rng.randrange(n)
        self.draws.append(["draw", n, value])
        return value


def seeded_long_game(actions: int) -> Any:
    from django.db import transaction
    from web_seed import seeded_game

    from games.kinds import get_kind
    from games.models import Action, Game, Snapshot

    prefix = f"replay{actions}x"
    found = Game.objects.filter(created_by__username=f"{prefix}0", status=Game.Status.ABORTED).first()
    if found is not None and found.actions.count() == actions:
        return found
    started = time.perf_counter()
    print(f"  seeding a 2-player game of {actions} actions (engine play, bulk insert) ...", flush=True)
    game = seeded_game(2, 2, seed=actions, prefix=prefix)  # created, joined and both factions kept, as a site
    kind = get_kind(game.kind)
    rng = random.Random(actions)
    state = kind.load(game.state)
    seq, version = game.actions.count(), game.version
    rows: list[Action] = []
    snapshots: list[Snapshot] = []
    moved = 0
    while seq < actions:
        seat = kind.to_act(state)[0]
        legal = [c for c in kind.legal_commands(state, seat)
                 if not c.startswith(("fire", "resign", "order", "split"))]
        command = _pick(rng, legal, moved)
        dice = SeededDice(rng)
        after, events = kind.play(state, seat, command, dice)
        if kind.phase(after) == "over":  # the bench game goes on: try another command
            continue
        moved = 0 if command == "end" else moved + 1
        seq, version = seq + 1, version + 1
        rows.append(Action(game=game, seq=seq, seat=seat, command=command, events=events, source="bot",
                           turn=kind.turn(state), version_after=version, dice=dice.draws))
        if kind.turn(after) != kind.turn(state):
            snapshots.append(Snapshot(game=game, seq=seq, turn=kind.turn(after), state=kind.dump(after)))
        state = after
        if seq % 10000 == 0:
            print(f"    {seq} actions, {time.perf_counter() - started:.0f} s", flush=True)
    with transaction.atomic():
        Action.objects.bulk_create(rows, batch_size=2000)
        Snapshot.objects.bulk_create(snapshots, batch_size=500)
        game.state, game.version, game.status = kind.dump(state), version, Game.Status.ABORTED
        game.save()
    print(f"  seeded game {game.pk}: {seq} actions, {game.snapshots.count()} snapshots, "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return game


def _pick(rng: random.Random, legal: list[str], moved: int) -> str:
    verbs: dict[str, list[str]] = {}
    for c in legal:
        verbs.setdefault(c.split()[0], []).append(c)
    for only in ("accept", "keep"):
        if only in verbs:
            return only
    weights = {"launch": 2, "move": 6 if moved < 6 else 0, "end": 2}
    choices = [v for v in weights if v in verbs and weights[v]]
    verb = rng.choices(choices, weights=[weights[v] for v in choices])[0] if choices else "end"
    return rng.choice(verbs.get(verb, ["end"]))


def replay_figures(game: Any) -> dict[str, Any]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    url = f"/games/{game.pk}/replay/"
    client.get(url)  # templates compiled
    last = game.actions.count()
    rng = random.Random(1)
    steps = [rng.randrange(1, last + 1) for _ in range(SAMPLES)]
    times, queries = [], []
    for step in steps:
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(f"{url}?step={step}")
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
        queries.append(len(captured))
    edges = {}
    for step in (0, last):
        started = time.perf_counter()
        client.get(f"{url}?step={step}")
        edges[step] = (time.perf_counter() - started) * 1000
    return {"p50": statistics.median(times), "p95": web_bench.pct(times, 0.95), "queries": max(queries),
            "first": edges[0], "last": edges[last], "steps": last}


def download_figures(game: Any) -> list[tuple[str, float, float, float]]:
    """Each download twice: timed, then under tracemalloc for its peak (tracing slows every allocation)."""
    from django.test import Client

    from games import history

    client = Client()

    def streamed(path: str) -> int:
        return sum(len(chunk) for chunk in client.get(f"/games/{game.pk}/{path}").streaming_content)

    def whole() -> int:
        return len(json.dumps(history.record(game), indent=1).encode())

    out = []
    for name, run in (("record.json, streamed", lambda: streamed("record.json")),
                      ("log.txt, streamed", lambda: streamed("log.txt")),
                      ("record.json built whole (before)", whole)):
        started = time.perf_counter()
        size = run()
        elapsed = time.perf_counter() - started
        tracemalloc.start()
        run()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        out.append((name, elapsed, size / 1e6, peak / 1e6))
    return out


def main() -> None:
    web_bench.setup()
    from django.db import connection

    print(f"Replay benchmark: {connection.vendor} {connection.settings_dict['NAME']}, {os.cpu_count()} "
          f"cores, load average {os.getloadavg()[0]:.1f} at the start")
    game = seeded_long_game(ACTIONS)
    r = replay_figures(game)
    print()
    print(f"Replay page ?step=N, {r['steps']} actions, {SAMPLES} random steps (Django test client, "
          "in-process)")
    print(f"  p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, at most {r['queries']} queries; step 0 "
          f"{r['first']:.1f} ms, last step {r['last']:.1f} ms   target: p50 <= {TARGET_STEP_MS} ms: "
          f"{'met' if r['p50'] <= TARGET_STEP_MS else 'missed'}")
    print()
    print("Downloads of the same game")
    print(f"  {'what':<34} {'seconds':>8} {'MB':>7} {'peak MB allocated':>18}")
    for name, seconds, mb, peak in download_figures(game):
        print(f"  {name:<34} {seconds:>8.2f} {mb:>7.1f} {peak:>18.1f}")


if __name__ == "__main__":
    main()
