"""Past one machine (docs/deploy.md, "Two hosts"): two app hosts (web, push, worker) over one PostgreSQL and
one Redis, behind a proxy that spreads the players over both (tests/faults/hosts.py). One host is killed
with SIGKILL while players post moves and their pages follow the games over push, and after it:

- every move a player saw accepted is in the log exactly once (no move lost, none applied twice), the log
  has no gap and the state is what it replays to;
- every turn notice owed went out exactly once (each row sent or dropped as no longer due, and each player
  received exactly as many mails as their rows sent), the survivor's worker and sweep taking over what the
  dead host's worker held;
- the pages that were on the dead host opened their connection again, through the proxy, on the other
  host, and were told the moves made after the kill.

The time from the kill until every page was back is printed (bench/hosts_bench.py prints it beside the
5 s target); the test's bound is generous, a bound on behaviour, not a speed target.
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.db import connections
from django.test import Client
from django.utils import timezone

from games.models import Game, Notification
from tests.conftest import _database_url_for_worker
from tests.faults.conftest import replayed
from tests.faults.hosts import Player, Sink, Traffic, TwoHosts, free_port, missing_tools
from tests.web.factories import active_seat, started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services, pytest.mark.chaos]

GAMES = 4
TURNS = 10
# Past this bound a page counts as not back: three times docs/deploy.md's 5 s target, for a loaded machine.
BACK_BOUND = 15.0
# A notice a sender holds is taken again by the sweep after this (NOTICE_LEASE_SECONDS): short, for the test
# to wait it out once. The site keeps it above the send's time limit (metaltalon/settings.py) so that no
# sweep takes a notice still being sent; here the sweep runs on the survivor's one solo worker after the
# sends it queued, so none is.
LEASE_SECONDS = 4


@pytest.fixture
def sink() -> Iterator[Sink]:
    server = Sink(port=free_port())
    controller = Controller(server, hostname="127.0.0.1", port=server.port)
    controller.start()
    try:
        yield server
    finally:
        controller.stop()


@pytest.fixture
def two_hosts(transactional_db: None, sink: Sink, settings: Any, tmp_path: Path) -> Iterator[TwoHosts]:
    lacking = missing_tools()
    if lacking:
        if os.environ.get("CI"):
            pytest.fail(f"two hosts need {', '.join(lacking)}: make debs installs haproxy and socat")
        pytest.skip(f"two hosts need {', '.join(lacking)} (make debs installs haproxy and socat)")
    if not settings.REDIS_URL:
        pytest.skip("two hosts share one Redis: set REDIS_URL")
    env = {"DEBUG": "true", "SECRET_KEY": settings.SECRET_KEY, "NOTICE_DELAY_SECONDS": "0",
           "NOTICE_LEASE_SECONDS": str(LEASE_SECONDS), "COMMAND_RATE_LIMIT": "100000/minute",
           "GAME_COMMAND_RATE_LIMIT": "100000/minute", "CONN_MAX_AGE": "60"}
    hosts = TwoHosts(_database_url_for_worker(), settings.REDIS_URL, sink.port, env, tmp_path / "hosts")
    try:
        hosts.start()
        yield hosts
    finally:
        hosts.close()


def session_of(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def seat_and_version(game_id: int) -> tuple[int, int]:
    game = Game.objects.get(pk=game_id)
    return active_seat(game).user_id, game.version


def test_a_host_killed_mid_traffic_loses_no_move_or_notice_and_its_pages_come_back_on_the_other(
        two_hosts: TwoHosts, sink: Sink, queued: list[int]) -> None:
    games = [started_game(players=2) for _ in range(GAMES)]
    started = timezone.now()
    Notification.objects.filter(game__in=games).update(sent_at=started)  # the start's are long out
    before = {g.pk: g.actions.count() for g in games}
    players = {g.pk: [Player(s.user_id, session_of(s.user)) for s in g.seats.select_related("user")]
               for g in games}

    def final() -> dict[int, int]:
        return dict(Game.objects.filter(pk__in=players).values_list("pk", "version"))

    def settled(pages: list[Any]) -> bool:
        versions = final()
        return all(p.shown >= versions[p.game_id] for p in pages)

    outcome = Traffic(two_hosts, players, seat_and_version, connections.close_all).run(
        TURNS, kill="a", kill_after=GAMES * TURNS // 3, settle=settled)

    # Moves: each one a player saw accepted is in the log once, and only those.
    assert [m.refused for m in outcome.movers] == [[]] * GAMES
    for mover in outcome.movers:
        game = Game.objects.get(pk=mover.game_id)
        assert mover.accepted == TURNS
        assert len(set(mover.versions)) == TURNS, "a move posted twice against one version"
        assert game.actions.count() - before[game.pk] == TURNS, (game.pk, mover)
        seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1))
        assert replayed(game) == game.state

    # Pages: those on the dead host came back on the other one and were told every move since.
    dead = outcome.on_dead("a")
    assert dead, "no page was on the killed host: the test tested nothing"
    assert len(dead) < len(outcome.pages), "every page was on one host: the proxy spread nothing"
    back = [outcome.back_after(p) for p in dead]
    print(f"\n{len(dead)} of {len(outcome.pages)} pages were on the killed host; back after (s): "
          f"p50 {statistics.median([b for b in back if b is not None] or [0]):.2f}, "
          f"max {max((b for b in back if b is not None), default=0):.2f}; answers lost to the kill: "
          f"{sum(m.lost_answers for m in outcome.movers)}")
    assert all(b is not None and b <= BACK_BOUND for b in back), back
    for page in dead:
        assert page.dropped and page.hosts()[-1] == "b", page.opened
    versions = final()
    assert all(p.shown == versions[p.game_id] for p in outcome.pages)
    assert all(m.accepted > outcome.accepted_at_kill[m.game_id] for m in outcome.movers), "no move after"
    for page in dead:  # told the game's last version over the connection it opened after the kill
        reopened = outcome.kill_at + (outcome.back_after(page) or 0)
        assert any(at >= reopened and v == versions[page.game_id] for at, v in page.told), page.told

    # Notices: what the dead host's worker held is taken by the survivor's sweep once its lease is out.
    time.sleep(LEASE_SECONDS + 0.5)
    while two_hosts.send_task("games.tasks.sweep_notifications"):
        pass
    owed = Notification.objects.filter(game__in=games)
    keys = list(owed.values_list("user_id", "kind", "key"))
    assert len(keys) == len(set(keys)), "a notice owed twice"
    turn = owed.filter(kind=Notification.Kind.TURN)
    assert turn.count() >= GAMES * TURNS, "a move owed no turn notice"
    assert not owed.filter(sent_at__isnull=True).exists(), "a notice never sent"
    told = Counter(owed.filter(dropped=False, sent_at__gt=started).values_list("user__email", flat=True))
    mailed = Counter(str(m["To"]) for m in sink.whole())
    cut = [str(m["To"]) for m in sink.cut()]
    print(f"notices owed {turn.count()}, mailed {sum(mailed.values())}, dropped as no longer due "
          f"{owed.filter(dropped=True, sent_at__gt=started).count()}, mails whose sender died before QUIT "
          f"{len(cut)}")
    # Each row sent once: a player gets as many whole mails as their rows told. A mail the dead worker had
    # handed over but not marked (the gap docs/architecture.md names under Notices) is told apart by its
    # cut session: at most one, the solo worker's send in flight.
    assert mailed == told, (mailed, told)
    assert len(cut) <= 1, cut
    assert sum(mailed.values()) > 0, "no notice was mailed: the test tested nothing"
