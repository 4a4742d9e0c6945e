"""Seeding for many_games_bench.py: a database of `games` games cloned from a handful of real ones.

A few template games are played through games.actions (web_seed's players and bots, seeded dice): games in
play of every kind at several table sizes with a 72-hour clock, finished ones (played to their end by the
kinds' bots, or by MetalTalon's random mix and then resignations) and an open one. Their rows (game, seats,
log, first and last snapshots, clock rows, notices) are then copied across `games` games with PostgreSQL's
COPY: ids given by the seeder, every timestamp moved by the clone's own offset (finished over three years,
games in play moved within the last days), seats taken by PLAYERS players (2,000), no player in more than
IN_PLAY_MAX (50) games in play. Shares: 78% finished, 20% in play, 1% open (40 at least), 1% aborted;
one game in ten private. One player, the veteran (`many0`), sits in IN_PLAY_MAX games in play and in one
finished game in twenty: the bench's My games, archive search and digest look at them. A user
`many-seeded-<games>` marks a finished seeding (many_games_bench.py drops and seeds again a database
without it).
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import web_seed

PLAYERS = 2000
IN_PLAY_MAX = 50
VETERAN = "many0"
CLOCK = {"hours": 72}
SHARES = {"finished": 0.78, "active": 0.20, "open": 0.01, "aborted": 0.01}
OPEN_AT_LEAST = 40
TIMESTAMPS = {
    "games_game": ("turn_started_at", "created_at", "started_at", "finished_at", "paused_at"),
    "games_seat": ("joined_at", "awaited_since", "clock_since"),
    "games_action": ("created_at",),
    "games_snapshot": ("created_at",),
    "games_clockdue": ("due_at", "queued_until", "done_at", "created_at"),
    "games_notification": ("created_at", "due_at", "sent_at", "claimed_until"),
}
NAMES = ["Ada", "Bo", "Cyd", "Dara", "Eli", "Fen", "Gus", "Hal", "Ivo", "Jun", "Kit", "Lou", "Mo", "Nia",
         "Oz", "Pim", "Quin", "Rue", "Sol", "Tam", "Uma", "Vic", "Wren", "Xan", "Yul", "Zed"]
SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "da", "fi", "go"]


def marker(games: int) -> str:
    return f"many-seeded-{games}"


def is_seeded(games: int) -> bool:
    from accounts.models import User

    return User.objects.filter(username=marker(games)).exists()


@dataclass
class Template:
    status: str
    game: dict[str, Any]
    seats: list[dict[str, Any]]
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # table -> rows (not seats)
    anchor: datetime | None = None  # the moment cloned to the clone's own


def _rows(cur: Any, table: str, where: str, args: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Rows as dicts, JSON columns as their text (written back as is by COPY)."""
    cur.execute(f"SELECT * FROM {table} WHERE {where} LIMIT 0", args)  # noqa: S608 - the bench's own names
    cols = [d.name for d in cur.description]
    types = {d.name: d.type_code for d in cur.description}
    json_oids = {114, 3802}
    select = ", ".join(f'"{c}"::text AS "{c}"' if types[c] in json_oids else f'"{c}"' for c in cols)
    cur.execute(f"SELECT {select} FROM {table} WHERE {where} ORDER BY id", args)  # noqa: S608
    return [dict(zip(cols, r, strict=True)) for r in cur.fetchall()]


def _play_template(users: list[Any], kind: str, players: int, actions: int, seed: int,
                   finish: bool) -> int:
    """One game through games.actions: `actions` logged actions, or (finish) played to its end (MetalTalon:
    the others resign after `actions`)."""
    from games import actions as game_actions
    from games.actions import Actor
    from games.kinds import get_kind

    game = game_actions.create_game(Actor.player(users[0]), kind=kind, players=players, clock=CLOCK,
                                    options=web_seed.OPTIONS.get(kind, {}))
    with web_seed.seeded_dice(seed):
        for user in users[1:players]:
            game_actions.join_game(game, Actor.player(user), invite_code=game.invite_code)
    game.refresh_from_db()
    by_seat = {s.index: s.user for s in game.seats.select_related("user")}
    game = web_seed.play_actions(game, by_seat, 100000 if finish and kind != "metaltalon" else actions, seed)
    if finish and game.status == "active":
        k = get_kind(game.kind)
        with web_seed.seeded_dice(seed):
            for seat in sorted(by_seat)[1:]:
                game.refresh_from_db()
                if game.status != "active":
                    break
                if "resign" in k.legal_commands(k.load(game.state), seat):
                    game_actions.apply_command(game, Actor.player(by_seat[seat]), "resign")
        game.refresh_from_db()
    return int(game.pk)


# (kind, players, actions, finished?)
PLAYED = [("metaltalon", 2, 30, False), ("metaltalon", 4, 40, False), ("metaltalon", 6, 40, False),
          ("metal-adventures", 4, 60, False), ("metabaloids", 3, 40, False),
          ("metaltalon", 2, 30, True), ("metaltalon", 3, 40, True), ("metaltalon", 4, 50, True),
          ("metaltalon", 6, 30, True), ("metabaloids", 2, 0, True), ("metal-adventures", 3, 0, True)]


def make_templates() -> list[Template]:
    from django.db import connection

    from games import actions as game_actions
    from games.actions import Actor
    from games.models import Game

    users = web_seed.bench_users(6, "manytpl")
    ids: list[tuple[str, int]] = []
    for n, (kind, players, count, finish) in enumerate(PLAYED):
        pk = _play_template(users, kind, players, count, seed=100 + n, finish=finish)
        status = Game.objects.get(pk=pk).status
        if finish and status != "finished":
            raise RuntimeError(f"template {kind} {players} did not finish: {status}")
        ids.append(("finished" if finish else "active", pk))
    opened = game_actions.create_game(Actor.player(users[0]), players=4, clock=CLOCK)
    ids.append(("open", opened.pk))
    # An aborted game: a finished MetalTalon one as the aborted shape (its log, no result).
    templates = []
    with connection.cursor() as cursor:
        cur = cursor.cursor
        for status, pk in ids:
            game = _rows(cur, "games_game", "id = %s", (pk,))[0]
            t = Template(status, game, _rows(cur, "games_seat", "game_id = %s", (pk,)))
            t.rows["games_action"] = _rows(cur, "games_action", "game_id = %s", (pk,))
            snaps = _rows(cur, "games_snapshot", "game_id = %s", (pk,))
            t.rows["games_snapshot"] = snaps[:1] + snaps[-1:] if len(snaps) > 1 else snaps
            # The clock's pending rows (its done ones are history no page reads), the newest notices.
            t.rows["games_clockdue"] = _rows(cur, "games_clockdue", "game_id = %s AND done_at IS NULL", (pk,))
            t.rows["games_notification"] = _rows(cur, "games_notification", "game_id = %s", (pk,))[-4:]
            t.anchor = game["finished_at"] or game["turn_started_at"] or game["created_at"]
            templates.append(t)
    aborted = [t for t in templates if t.status == "finished" and t.game["kind"] == "metaltalon"][0]
    templates.append(Template("aborted", {**aborted.game, "status": "aborted", "result": None},
                              aborted.seats, aborted.rows, aborted.anchor))
    return templates


def _users(cur: Any, start: int) -> list[int]:
    """PLAYERS players (ids from `start`), each with a profile, one in five taking the daily digest."""
    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from accounts.names import name_key

    password = make_password("bench-pass-123")
    now = timezone.now()
    zones = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney"]
    rng = random.Random(7)
    users, profiles, keys = [], [], set()
    for i in range(PLAYERS):
        uid = start + i
        name = f"{NAMES[i % len(NAMES)]}{''.join(rng.choice(SYLLABLES) for _ in range(2)).title()}"
        base, n = name, 1
        while name_key(name) in keys or not name_key(name):
            n += 1
            name = f"{base}{'abcdefghjkmnpqrstuvwxyz'[n % 23]}{'ghkmnpqrstvwxz'[n // 23 % 14]}"
        keys.add(name_key(name))
        users.append((uid, password, None, False, f"many{i}", "", "", False, True, now,
                      f"many{i}@bench.invalid"))
        digest = i % 5 == 1
        profiles.append((uid, name, zones[i % len(zones)], digest, uid, name_key(name), "away", True, now,
                         30.0, None, None, 8, now + timedelta(hours=rng.uniform(0, 24)) if digest else None,
                         None))
    _copy(cur, "accounts_user", ["id", "password", "last_login", "is_superuser", "username", "first_name",
                                  "last_name", "is_staff", "is_active", "date_joined", "email"], users)
    _copy(cur, "accounts_profile", ["id", "display_name", "time_zone", "daily_digest", "user_id", "name_key",
                                     "turn_mail", "auto_vacation", "vacation_counted_at", "vacation_days",
                                     "vacation_ends_at", "vacation_since", "digest_hour", "digest_next_at",
                                     "suspended_until"], profiles)
    return [u[0] for u in users]


def _copy(cur: Any, table: str, columns: list[str], rows: Any) -> int:
    n = 0
    cols = ", ".join(f'"{c}"' for c in columns)
    with cur.copy(f"COPY {table} ({cols}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
            n += 1
    return n


def _next_id(cur: Any, table: str) -> int:
    cur.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}")  # noqa: S608
    return int(cur.fetchone()[0])


def _reset_sequences(cur: Any, tables: list[str]) -> None:
    for table in tables:
        cur.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # noqa: S608
                    f"(SELECT COALESCE(MAX(id), 1) FROM {table}))")


class Clones:
    """Every row of the clones, written table by table with COPY (the games first: the others refer to
    them)."""

    def __init__(self, cur: Any, templates: list[Template], players: list[int], games: int) -> None:
        self.cur, self.players, self.games = cur, players, games
        self.by_status: dict[str, list[Template]] = {}
        for t in templates:
            self.by_status.setdefault(t.status, []).append(t)
        self.rng = random.Random(games)
        self.ids = {t: _next_id(cur, t) for t in ("games_game", "games_seat", *TIMESTAMPS)}
        self.out: dict[str, list[tuple[Any, ...]]] = {}
        self.columns: dict[str, list[str]] = {}
        self.in_play: dict[int, int] = {}
        self.seat_map: dict[int, int] = {}

    def plan(self) -> list[str]:
        counts = {s: int(self.games * share) for s, share in SHARES.items()}
        # A lobby's page of open games at the small size too (the lobby shows 25), so that the two sizes
        # draw as many rows and compare the lists' costs, not their lengths.
        counts["open"] = max(counts["open"], OPEN_AT_LEAST)
        counts["finished"] += self.games - sum(counts.values())
        statuses = [s for s, n in counts.items() for _ in range(n)]
        self.rng.shuffle(statuses)
        return statuses

    def _seat_users(self, status: str, n: int, veteran: bool) -> list[int]:
        chosen: list[int] = [self.players[0]] if veteran else []
        while len(chosen) < n:
            uid = self.players[self.rng.randrange(1, len(self.players))]
            if uid in chosen or (status == "active" and self.in_play.get(uid, 0) >= IN_PLAY_MAX):
                continue
            chosen.append(uid)
        if status == "active":
            for uid in chosen:
                self.in_play[uid] = self.in_play.get(uid, 0) + 1
        self.rng.shuffle(chosen)
        return chosen

    def _when(self, status: str, now: datetime) -> datetime:
        if status in ("finished", "aborted"):
            return now - timedelta(days=self.rng.uniform(0.05, 3 * 365))
        if status == "active":
            return now - timedelta(hours=self.rng.uniform(0.1, 60))
        return now - timedelta(hours=self.rng.uniform(0.1, 48))

    def _add(self, table: str, row: dict[str, Any]) -> None:
        if table not in self.columns:
            self.columns[table] = list(row)
        self.out.setdefault(table, []).append(tuple(row[c] for c in self.columns[table]))

    def build(self, statuses: list[str], now: datetime) -> None:
        from games.models import new_secret

        for status in statuses:
            t = self.rng.choice(self.by_status[status])
            gid = self.ids["games_game"]
            self.ids["games_game"] += 1
            veteran = (status == "active" and self.in_play.get(self.players[0], 0) < IN_PLAY_MAX) or (
                status == "finished" and self.rng.random() < 0.05)
            humans = [s for s in t.seats if s["user_id"] is not None]
            users = self._seat_users(status, len(humans), veteran)
            assert t.anchor is not None
            shift = self._when(status, now) - t.anchor
            game = dict(t.game)
            for c in TIMESTAMPS["games_game"]:
                if game[c] is not None:
                    game[c] += shift
            game.update(id=gid, invite_code=new_secret(), created_by_id=users[0],
                        visibility="private" if self.rng.random() < 0.1 else "public")
            self._add("games_game", game)
            user_of = dict(zip((s["user_id"] for s in humans), users, strict=True))
            self.seat_map = {}
            for s in t.seats:
                sid = self.ids["games_seat"]
                self.ids["games_seat"] += 1
                self.seat_map[s["id"]] = sid
                seat = dict(s)
                for c in TIMESTAMPS["games_seat"]:
                    if seat[c] is not None:
                        seat[c] += shift
                seat.update(id=sid, game_id=gid, user_id=user_of.get(s["user_id"]), reply_token=new_secret())
                self._add("games_seat", seat)
            for table, rows in t.rows.items():
                for r in rows:
                    row = dict(r)
                    for c in TIMESTAMPS[table]:
                        if row.get(c) is not None:
                            row[c] += shift
                    row["id"] = self.ids[table]
                    self.ids[table] += 1
                    row["game_id"] = gid
                    if "actor_id" in row:
                        row["actor_id"] = user_of.get(row["actor_id"])
                    if "user_id" in row:
                        row["user_id"] = user_of.get(row["user_id"], users[0])
                    if "seat_id" in row and row["seat_id"] is not None:
                        row["seat_id"] = self.seat_map[row["seat_id"]]
                    if table == "games_notification" and row["sent_at"] is None:
                        row["sent_at"] = row["created_at"]
                    self._add(table, row)

    def write(self) -> dict[str, int]:
        written = {}
        for table in ("games_game", "games_seat", "games_action", "games_snapshot", "games_clockdue",
                      "games_notification"):
            if table in self.out:
                written[table] = _copy(self.cur, table, self.columns[table], self.out.pop(table))
        return written


def _ratings(cur: Any, players: list[int], now: datetime) -> int:
    """A rating per player and ladder their finished clones rated them on (the templates' ladders, by
    kind and player count), games and wins counted from the clones."""
    cur.execute("""
        SELECT l.id, s.user_id, COUNT(*), SUM(CASE WHEN s.status = 'won' THEN 1 ELSE 0 END)
        FROM games_seat s JOIN games_game g ON g.id = s.game_id
        JOIN games_ladder l ON l.kind = g.kind AND (l.players = 0 OR l.players = g.players)
        WHERE g.status = 'finished' AND g.visibility = 'public' AND s.user_id IS NOT NULL
          AND s.user_id = ANY(%s)
        GROUP BY l.id, s.user_id""", (players,))
    found = cur.fetchall()
    rows = []
    rid = _next_id(cur, "games_rating")
    for ladder, user, games, wins in found:
        mu = 25 + 10 * (wins / games - 0.4) + min(games, 40) * 0.05
        sigma = max(1.5, 8.3 / (1 + games) ** 0.5)
        rows.append((rid, mu, sigma, mu - 3 * sigma, games, wins, now, ladder, user))
        rid += 1
    return _copy(cur, "games_rating", ["id", "mu", "sigma", "score", "games", "wins", "updated_at",
                                       "ladder_id", "user_id"], rows)


def seed(games: int, log: Any = print) -> dict[str, Any]:
    """Seed `games` games into the current (empty, migrated) database; returns what was written and how
    long each step took."""
    from django.db import connection, transaction
    from django.utils import timezone

    from accounts.models import User

    t0 = time.perf_counter()
    templates = make_templates()
    took = {"templates_s": time.perf_counter() - t0}
    log(f"  {len(templates)} template games played in {took['templates_s']:.0f} s")
    now = timezone.now()
    with transaction.atomic(), connection.cursor() as cursor:
        cur = cursor.cursor
        # Rows written consistent by construction: no foreign-key triggers (a minute of checks at the
        # commit for 100,000 games). This session only; the bench's own database.
        cur.execute("SET LOCAL session_replication_role = replica")
        t0 = time.perf_counter()
        players = _users(cur, _next_id(cur, "accounts_user"))
        clones = Clones(cur, templates, players, games)
        written: dict[str, int] = {}
        # In chunks, so the rows waiting for COPY stay a few hundred MB at most.
        chunk = 10000
        statuses = clones.plan()
        for start in range(0, games, chunk):
            clones.build(statuses[start:start + chunk], now)
            for table, n in clones.write().items():
                written[table] = written.get(table, 0) + n
            log(f"  {min(start + chunk, games)} games copied ({time.perf_counter() - t0:.0f} s)")
        written["games_rating"] = _ratings(cur, players, now)
        _reset_sequences(cur, ["accounts_user", "accounts_profile", "games_rating", *TIMESTAMPS])
        took["copy_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    with connection.cursor() as cursor:
        # VACUUM as autovacuum would soon: the visibility map lets the index-only reads skip the rows.
        cursor.execute("VACUUM ANALYZE")
    took["analyze_s"] = time.perf_counter() - t0
    User.objects.create_user(username=marker(games), email=f"{marker(games)}@bench.invalid",
                             password="x-bench-x", is_active=False)
    return {"written": written, **took}


def json_safe(data: Any) -> str:
    return json.dumps(data, default=str)
