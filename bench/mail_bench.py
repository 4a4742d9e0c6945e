"""Mail benchmark: mailed replies received end to end, and notices composed with their board picture.

    python bench/mail_bench.py              # `make bench` runs it; prints figures, asserts nothing
    python bench/mail_bench.py --profile    # cProfile's top items over 40 in-process mails instead

1. Inbound, in-process: mailed replies handed to games.mail.inbound.receive_mail, as every door does, one
   after the other: the parse, the robot, address, sender, Authentication-Results and rate checks, the
   commands played through games.actions as the seat's player, the InboundMail row, the answer's
   Notification row and, on commit, the real games.tasks.queue_notifications publishing its send task to
   Redis on a private queue that no worker consumes (emptied before and after). Each mail is what a mail
   client sends: multipart/alternative, the seat's player to the seat's signed address, in reply to the
   turn's notice (In-Reply-To names its turn), the notice quoted in both parts. The seat to act mails a
   launch or a move, then `end`, so a fresh 2-player game keeps going. mails/s, p50/p95 ms per mail.
2. Inbound through the SMTP listener (games.mail.doors.start_listener, on loopback in this process): the
   same mails sent by smtplib, one SMTP session each, as sending servers deliver them; time per mail from
   connect to the 250 (the listener answers after receive_mail is done). Then the door's own cost: a
   reply whose seat address was altered, dropped at the address check before any query.
   For both doors, the p50 per mail by command and by step (reading the text, playing with its rows and
   commit, the Celery hand-off: those functions timed by wrappers, the rest being the parse, the checks
   and, over SMTP, the session, the thread hop and the thread's fresh database connection).
3. Outbound: games.mail.outbound.compose on turn notices (a 2-player game; a 6-player game with about 300
   actions) and on the answer to a mailed reply, including the board PNG: cold (the worker's picture
   cache, games.mail.position._pictures, emptied before each compose; MetalTalon's ground, drawn once per
   process in games/kinds/metaltalon/mail_picture.py, is kept as a worker keeps it) and warm; then the
   MIME message serialised (`mail.message().as_bytes()`) and its size.

The rate limiter (Redis, moving window) stays in the inbound path; MAIL_RATE_LIMIT is raised to 1000000/hour
so it never throttles the bench. Games are seeded through games.actions (bench/web_seed.py): the outbound
ones once and reused on later runs, the inbound ones afresh each run.

`--profile` prints cProfile's view of 40 in-process mails instead (receive_mail only), and nothing else.

Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/metaltalon_mail_bench, created
if missing), BENCH_REDIS_URL (default redis://127.0.0.1:6379/4: cache, rate limiter and Celery broker),
BENCH_MAILS (300 in-process; 2/3 as many through SMTP, 1/3 forged), BENCH_RENDERS (30 composes per
figure), LOG_LEVEL (WARNING: the listener's line per mail is not printed).
Speed is reported, never asserted.
"""

from __future__ import annotations

import email.policy
import os
import random
import re
import smtplib
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import format_datetime, formatdate, make_msgid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import web_bench as wb  # noqa: E402 (the folder is put on the path just above)

DB_URL = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/metaltalon_mail_bench")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/4")
MAILS = int(os.environ.get("BENCH_MAILS", "300"))
RENDERS = int(os.environ.get("BENCH_RENDERS", "30"))
# The Celery queue the answers' send tasks are published to: no worker listens on it.
QUEUE = "metaltalon-mail-bench"
RATE_LIMIT = "1000000/hour"
OUTBOUND = ((2, 20), (6, 300))  # (players, logged actions) of the turn-notice games


def setup() -> None:
    """As web_bench.setup, on this bench's own database and Redis, with Redis as the Celery broker (the
    real publish on commit) and no collectstatic (mail needs no static files)."""
    wb.BENCH_ENV.update({"DATABASE_URL": DB_URL, "REDIS_URL": REDIS, "CELERY_BROKER_URL": REDIS,
                         "MAIL_RATE_LIMIT": RATE_LIMIT,
                         # The listener's and aiosmtpd's line per mail and per SMTP command: not printed.
                         "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING")})
    wb.DB_URL = DB_URL
    os.environ.update(wb.BENCH_ENV)
    wb.ensure_database()
    import django

    django.setup()
    from celery import current_app
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    current_app.conf.task_default_queue = QUEUE  # before the first publish builds the app's queues


def queued() -> set[int]:
    """The notification ids of the send tasks waiting on the private queue (kombu's JSON envelope around
    Celery's [args, kwargs, embed] body)."""
    import base64
    import json

    import redis

    ids = set()
    for item in redis.Redis.from_url(REDIS).lrange(QUEUE, 0, -1):
        envelope = json.loads(item)
        body = json.loads(base64.b64decode(envelope["body"]))
        assert envelope["headers"]["task"] == "games.tasks.send_notification", envelope["headers"]["task"]
        ids.add(int(body[0][0]))
    return ids


def purge_queue() -> None:
    """Drop the private queue and kombu's binding of it: nothing is left for a worker to find."""
    import redis

    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(match=f"*{QUEUE}*"))
    if keys:
        client.delete(*keys)


# === GAMES ===


def settle(game: Any) -> Any:
    """Play on until a turn has just begun (the last action an `end`), so the seat to act has a fresh turn
    notice it has not acted since: the notice is composed, not dropped as "they were here"."""
    from web_seed import _choose, to_act

    from games import actions as game_actions
    from games.actions import Actor
    from games.kinds import get_kind

    kind = get_kind(game.kind)
    rng = random.Random(game.pk)
    for _ in range(40):
        game.refresh_from_db()
        last = game.actions.filter(undone=False).order_by("-seq").first()
        if kind.phase(kind.load(game.state)) == "play" and last is not None and last.command == "end":
            return game
        seat = game.seats.select_related("user").get(index=to_act(game)[0])
        legal = [c for c in kind.legal_commands(kind.load(game.state), seat.index)
                 if not c.startswith(("order", "resign", "fire"))]
        command = "end" if "end" in legal else _choose(rng, legal, 0)
        game_actions.apply_command(game, Actor.player(seat.user), command)
    raise RuntimeError(f"game {game.pk}: no turn began within 40 actions")


def seeded(players: int, actions: int) -> Any:
    """A game of `players` with about `actions` logged actions whose turn has just begun, seeded once and
    kept for later runs (composing a notice changes nothing)."""
    from web_seed import seeded_game

    from games.models import Game

    prefix = f"mail{players}p{actions}x"
    for game in Game.objects.filter(created_by__username=f"{prefix}0", players=players,
                                    status="active").order_by("-pk"):
        if actions <= game.actions.count() <= actions + 40:
            return settle(game)
    started = time.perf_counter()
    print(f"  seeding a {players}-player game with {actions} actions through the actions ...", flush=True)
    game = settle(seeded_game(players, actions, seed=actions, prefix=prefix))
    print(f"  seeded game {game.pk}: {game.actions.count()} actions, "
          f"{time.perf_counter() - started:.0f} s", flush=True)
    return game


def fresh_game() -> Any:
    """A new 2-player game just past the faction deal, for the inbound mails to play on."""
    from web_seed import seeded_game

    return settle(seeded_game(2, 4, seed=random.randrange(1 << 30), prefix="mailin"))


def turn_notice(game: Any, seat: Any) -> Any:
    """The seat's newest turn notice, read as the sender's claim reads it."""
    from games.models import Notification

    pk = (Notification.objects.filter(game=game, seat=seat, kind=Notification.Kind.TURN)
          .order_by("-pk").values_list("pk", flat=True).first())
    return Notification.objects.select_related("game", "seat", "user__profile").get(pk=pk)


# === INBOUND: the replies as a mail client writes them ===


class Player:
    """Writes the seat to act's replies: a launch or a move, then `end`, each quoting the seat's notice."""

    def __init__(self, game: Any) -> None:
        from games.kinds import get_kind

        self.game = game
        self.kind = get_kind(game.kind)
        self.rng = random.Random(game.pk)
        self.acted = False  # the seat to act has mailed a launch or move this turn
        self.verb = ""  # of the last mail's command
        self.quotes: dict[int, tuple[str, str, str]] = {}

    def next_mail(self) -> tuple[bytes, str, str]:
        """The next reply (as sent over SMTP: CRLF lines), its sender and the seat address it goes to."""
        from web_seed import _choose

        from games.mail.addresses import seat_address

        self.game.refresh_from_db()
        state = self.kind.load(self.game.state)
        index = self.kind.to_act(state)[0]
        seat = self.game.seats.select_related("user__profile").get(index=index)
        legal = self.kind.legal_commands(state, index)
        moves = [c for c in legal if c.split()[0] in ("launch", "move")]
        if self.acted or not moves:
            command, self.acted = "end", False
        else:
            command, self.acted = _choose(self.rng, moves, 0), True
        address = seat_address(seat)
        self.verb = command.split()[0]
        return self.reply(seat, command, self.kind.turn(state), address), seat.user.email, address

    def quote(self, seat: Any) -> tuple[str, str, str]:
        """The seat's turn notice as the client quotes it: subject, text and the HTML body's inside."""
        from games.mail.outbound import compose

        if seat.pk not in self.quotes:
            mail = compose(turn_notice(self.game, seat))
            assert mail is not None, "the seat to act has a current turn notice"
            html = str(mail.alternatives[0][0])
            inner = re.search(r"<body[^>]*>(.*)</body>", html, re.S)
            self.quotes[seat.pk] = (mail.subject, mail.body, inner[1] if inner else html)
        return self.quotes[seat.pk]

    def reply(self, seat: Any, command: str, turn: int, address: str) -> bytes:
        """Gmail's shape (tests/mail/fixtures/gmail_top_posted.eml): the command on top, then the notice
        quoted under an attribution line, in a text and an HTML part."""
        from games.mail.addresses import new_message_id, thread_root

        subject, text, html = self.quote(seat)
        user = seat.user
        notice = new_message_id(turn)  # the Message-ID our turn mail had: it names the turn it showed
        when = format_datetime(self.game.turn_started_at or self.game.created_at)
        attribution = f"On {when}, MetalTalon <{address}> wrote:"
        quoted = "\n".join(f"> {line}".rstrip() for line in text.splitlines())
        message = EmailMessage()
        message["MIME-Version"] = "1.0"
        message["References"] = f"{thread_root(self.game, user.pk)} {notice}"
        message["In-Reply-To"] = notice
        message["From"] = f"{user.display_name} <{user.email}>"
        message["Date"] = formatdate()
        message["Message-ID"] = make_msgid(domain="mail.gmail.example")
        message["Subject"] = f"Re: {subject}"
        message["To"] = f"MetalTalon <{address}>"
        message.set_content(f"{command}\n\n{attribution}\n\n{quoted}\n")
        message.add_alternative(
            f'<div dir="ltr"><div>{command}</div></div><br><div class="gmail_quote gmail_quote_container">'
            f'<div dir="ltr" class="gmail_attr">{attribution}<br></div><blockquote class="gmail_quote" '
            f'style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">'
            f"{html}</blockquote></div>\n", subtype="html")
        return message.as_bytes(policy=email.policy.SMTP)


def play_inbound(count: int, deliver: Callable[[bytes, str, str], None]) -> dict[str, Any]:
    """`count` replies on a fresh game (another when one ends), each timed around `deliver`: the times (ms)
    and each mail's verb, the ids of the answers they owe (Notification rows of kind reply), the last game."""
    from games.models import InboundMail, Notification

    times: list[float] = []
    verbs: list[str] = []
    inbound: list[int] = []
    player: Player | None = None
    while len(times) < count:
        if player is None or player.game.status != "active":
            player = Player(fresh_game())
        raw, sender, address = player.next_mail()
        started = time.perf_counter()
        deliver(raw, sender, address)
        times.append((time.perf_counter() - started) * 1000)
        verbs.append(player.verb)
        row = InboundMail.objects.filter(game=player.game).order_by("-pk").first()
        assert row is not None and row.outcome == "played", row and row.report
        inbound.append(row.pk)
        player.game.refresh_from_db()
    assert player is not None
    answers = set(Notification.objects.filter(kind=Notification.Kind.REPLY, key__in=inbound)
                  .values_list("pk", flat=True))
    return {"times": times, "verbs": verbs, "answers": answers, "game": player.game}


@contextmanager
def steps() -> Iterator[dict[str, list[float]]]:
    """Meanwhile, the time (ms) of three steps of every receive_mail, one entry per mail: reading the
    reply's text and commands (inbound._read), playing it with its rows and commit (inbound.play_mail, the
    hand-off included) and the Celery hand-off on its commit (games.tasks.queue_notifications, counted
    inside play_mail only: seeding a game queues notices too). The module attributes are wrapped, and put
    back after."""
    import games.tasks
    from games.mail import inbound

    spent: dict[str, list[float]] = {"read": [], "play": [], "handoff": []}
    handoffs: list[float] = []
    real_read, real_play, real_queue = inbound._read, inbound.play_mail, games.tasks.queue_notifications

    def read(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return real_read(*args, **kwargs)
        finally:
            spent["read"].append((time.perf_counter() - started) * 1000)

    def play(*args: Any, **kwargs: Any) -> Any:
        handoffs.clear()
        started = time.perf_counter()
        try:
            return real_play(*args, **kwargs)
        finally:
            spent["play"].append((time.perf_counter() - started) * 1000)
            spent["handoff"].append(sum(handoffs))

    def queue(ids: list[int]) -> None:
        started = time.perf_counter()
        try:
            real_queue(ids)
        finally:
            handoffs.append((time.perf_counter() - started) * 1000)

    inbound._read, inbound.play_mail, games.tasks.queue_notifications = read, play, queue
    try:
        yield spent
    finally:
        inbound._read, inbound.play_mail, games.tasks.queue_notifications = real_read, real_play, real_queue


def direct(raw: bytes, sender: str, address: str) -> None:
    from games.mail.inbound import receive_mail

    received = receive_mail(raw, recipients=[address], envelope_from=sender)
    assert received.status == "played", received


def through_smtp(port: int) -> Callable[[bytes, str, str], None]:
    def send(raw: bytes, sender: str, address: str) -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as smtp:
            refused = smtp.sendmail(sender, [address], raw)
        assert not refused, refused

    return send


def inbound_figures(count: int, deliver: Callable[[bytes, str, str], None]) -> dict[str, Any]:
    play_inbound(6, deliver)  # imports, templates, connections, the limiter's scripts: not in the figures
    purge_queue()
    with steps() as spent:
        run = play_inbound(count, deliver)
    times = run["times"]
    by_verb = {verb: statistics.median(t for t, v in zip(times, run["verbs"], strict=True) if v == verb)
               for verb in sorted(set(run["verbs"]))}
    return {"n": len(times), "rate": len(times) / (sum(times) / 1000), "p50": statistics.median(times),
            "p95": wb.pct(times, 0.95), "queued": len(run["answers"] & queued()), "game": run["game"],
            "by_verb": by_verb, "read": statistics.median(spent["read"]),
            "handoff": statistics.median(spent["handoff"]),
            "play": statistics.median(p - h for p, h in zip(spent["play"], spent["handoff"], strict=True)),
            "rest": statistics.median(t - r - p for t, r, p in zip(times, spent["read"], spent["play"],
                                                                    strict=True))}


def forged_figures(port: int, count: int) -> dict[str, Any]:
    """A real reply with one digit of its seat address's MAC changed, sent `count` times through the SMTP
    listener: the door's own cost (session, thread hop), the mail dropped at the address check, before any
    query or the rate limiter."""
    player = Player(fresh_game())
    raw, sender, address = player.next_mail()
    local, _, domain = address.rpartition("@")
    forged = f"{local[:-1]}{'1' if local.endswith('0') else '0'}@{domain}"
    raw = raw.replace(address.encode(), forged.encode())
    send = through_smtp(port)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        send(raw, sender, forged)
        times.append((time.perf_counter() - started) * 1000)
    times = times[5:]  # the first sessions warm up
    return {"n": len(times), "rate": len(times) / (sum(times) / 1000), "p50": statistics.median(times),
            "p95": wb.pct(times, 0.95)}


def profile_inbound(count: int = 40) -> None:
    """cProfile around receive_mail alone (not the bench's writing of the mails), by cumulative time."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()
    play_inbound(4, direct)
    play_inbound(count, lambda *mail: profiler.runcall(direct, *mail))
    purge_queue()
    print(f"cProfile over {count} in-process mails, receive_mail only, by cumulative time:")
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(15)


# === OUTBOUND ===


def compose_figures(pk: int, cold: bool) -> dict[str, Any]:
    from games.mail import position
    from games.mail.outbound import compose
    from games.models import Notification

    composes, serialised, sizes = [], [], []
    for _ in range(RENDERS):
        if cold:
            position._pictures.clear()
        # What the sender's claim hands compose: the row with its game, seat and user read.
        row = Notification.objects.select_related("game", "seat", "user__profile").get(pk=pk)
        started = time.perf_counter()
        mail = compose(row)
        composed = time.perf_counter()
        assert mail is not None, f"notice {pk} ({row.kind}) is not due any more"
        data = mail.message().as_bytes()
        composes.append((composed - started) * 1000)
        serialised.append((time.perf_counter() - composed) * 1000)
        sizes.append(len(data) / 1024)
    return {"p50": statistics.median(composes), "p95": wb.pct(composes, 0.95),
            "bytes": statistics.median(serialised), "kb": statistics.median(sizes)}


def outbound_rows(reply_game: Any) -> list[tuple[str, int]]:
    """(label, notification id): each OUTBOUND game's turn notice, then the answer to the last mail the
    in-process inbound run played."""
    from web_seed import to_act

    from games.models import Notification

    rows = []
    for players, actions in OUTBOUND:
        game = seeded(players, actions)
        notice = turn_notice(game, game.seats.get(index=to_act(game)[0]))
        rows.append((f"turn, {players} players, {game.actions.count()} actions", notice.pk))
    answers = Notification.objects.filter(game=reply_game, kind=Notification.Kind.REPLY)
    rows.append((f"reply, 2 players, {reply_game.actions.count()} actions", answers.latest("pk").pk))
    return rows


# === REPORT ===


def inbound_report() -> Any:
    """Prints the inbound figures; returns the game the in-process run played (its answers are composed)."""
    from django.conf import settings

    from games.mail.doors import start_listener

    print("Inbound, end to end: replies from the seat's player to its signed address (multipart/alternative, "
          "the notice quoted), a launch or move then `end`, on fresh 2-player games; the rate limiter "
          f"(Redis) in the path, MAIL_RATE_LIMIT={settings.MAIL_RATE_LIMIT}; each answer's send task "
          f"published to Redis queue {QUEUE!r}, which nothing consumes")
    print(f"  {'door':<34} {'mails':>6} {'mails/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'queued':>7}")
    port = wb.free_port()
    controller = start_listener("127.0.0.1", port)
    try:
        runs = [("receive_mail, in-process", inbound_figures(MAILS, direct), "parse and checks"),
                ("SMTP listener, smtplib, loopback", inbound_figures(MAILS * 2 // 3, through_smtp(port)),
                 "parse, checks, SMTP session, thread hop, new database connection")]
        forged = forged_figures(port, MAILS // 3 + 5)
    finally:
        controller.stop()
        purge_queue()
    for label, f, _ in runs:
        print(f"  {label:<34} {f['n']:>6} {f['rate']:>8.1f} {f['p50']:>8.1f} {f['p95']:>8.1f} "
              f"{f['queued']:>7}")
    print(f"  {'SMTP, forged address (dropped)':<34} {forged['n']:>6} {forged['rate']:>8.1f} "
          f"{forged['p50']:>8.1f} {forged['p95']:>8.1f} {'-':>7}")
    print("  mails/s: one after the other, from the summed times; queued: the answers' send tasks found on "
          "the queue after the run (one per mail), then purged")
    for label, f, rest in runs:
        verbs = ", ".join(f"{verb} {ms:.1f}" for verb, ms in f["by_verb"].items())
        print(f"  {label}, p50 ms per mail by command: {verbs}; by step: {rest} {f['rest']:.1f}, "
              f"reading the text {f['read']:.1f}, playing + rows + commit {f['play']:.1f}, "
              f"Celery hand-off {f['handoff']:.1f}")
    return runs[0][1]["game"]


def outbound_report(reply_game: Any) -> None:
    rows = outbound_rows(reply_game)
    print(f"Outbound: compose() over {RENDERS} composes each, the board PNG included (cold: the worker's "
          "picture cache emptied before each); message() ms = mail.message().as_bytes(), KB its size")
    print(f"  {'notice':<34} {'cold p50':>9} {'cold p95':>9} {'warm p50':>9} {'warm p95':>9} "
          f"{'message()':>9} {'KB':>6}")
    for label, pk in rows:
        compose_figures(pk, cold=False)  # templates compiled, the picture cached
        cold = compose_figures(pk, cold=True)
        warm = compose_figures(pk, cold=False)
        print(f"  {label:<34} {cold['p50']:>9.1f} {cold['p95']:>9.1f} {warm['p50']:>9.1f} "
              f"{warm['p95']:>9.1f} {warm['bytes']:>9.2f} {warm['kb']:>6.1f}")
    purge_queue()  # a game seeded just now queued its start notices


def main() -> None:
    setup()
    from django.conf import settings
    from django.db import connection

    from games.mail.inbound import reset_rate_limits

    print(f"Mail benchmark: {connection.vendor} {settings.DATABASES['default']['NAME']}, Redis {REDIS} "
          f"(cache, rate limiter, Celery broker), {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f} at the start (other work on the machine skews the figures)")
    purge_queue()
    reset_rate_limits()
    if "--profile" in sys.argv:
        profile_inbound()
        purge_queue()
        return
    print()
    reply_game = inbound_report()
    print()
    outbound_report(reply_game)
    print(f"  load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
