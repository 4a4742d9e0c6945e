"""Every kind, move after move: each open page is pushed the moves in its own reader's words and no one
else's (games/push/news.py over games/narration.py). Readers: one page per seat and a spectator's, all open
while the seats play seeded legal moves through the actions; for every move each page's lines must be the
narration for its reader, and the run must hold moves whose narration differs between readers (so a page
told another reader's words would fail)."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import actions
from games.actions import Actor
from games.kinds import get_kind
from games.models import Action, Game
from games.narration import narrate, reading
from tests.push.conftest import WAIT, client_of, communicator, page_of, run
from tests.web.factories import UserFactory, full_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

MOVES = 12
LINE = re.compile(r'<span class="line">(.*?)</span>', re.S)
VERSION = re.compile(r'data-version="(\d+)"')


def next_move(game: Game, rng: random.Random) -> tuple[int, str] | None:
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    for seat in kind.to_act(state):
        choices = [c for c in kind.legal_commands(state, seat) if not c.startswith("resign")]
        if choices:
            return seat, rng.choice(sorted(choices))
    return None


@pytest.mark.parametrize("kind,players", [("metaltalon", 2), ("metal-adventures", 3), ("metabaloids", 2)])
def test_each_page_is_pushed_every_move_in_its_own_readers_words(kind: str, players: int) -> None:
    game = full_game(players, kind=kind)
    rng = random.Random(7)
    seats = {s.index: s.user for s in game.seats.all()}
    readers: dict[int | None, Any] = {i: client_of(u) for i, u in seats.items()}
    readers[None] = client_of(UserFactory())
    shown = {r: page_of(c, game.pk) for r, c in readers.items()}
    differing = 0

    async def scenario() -> None:
        nonlocal differing
        comms = {r: communicator(c, shown[r]["url"]) for r, c in readers.items()}
        for r, comm in comms.items():
            connected, _ = await comm.connect(timeout=WAIT)
            assert connected
            page = shown[r]
            await comm.send_json_to({"type": "hello", "version": page["version"], "chat": page["chat"]})
        for r, comm in comms.items():
            assert await comm.receive_nothing(timeout=0.3), r
        for _ in range(MOVES):
            fresh = await database_sync_to_async(Game.objects.get)(pk=game.pk)
            move = await database_sync_to_async(next_move)(fresh, rng)
            if move is None:
                break
            seat, command = move
            before = fresh.version
            await database_sync_to_async(actions.apply_command)(fresh, Actor.player(seats[seat]), command)
            expected = await database_sync_to_async(told_since)(game.pk, before, list(readers))
            if len({tuple(lines) for lines in expected.values()}) > 1:
                differing += 1
            for r, comm in comms.items():
                fragment = await comm.receive_from(timeout=WAIT)
                got = [html.unescape(line) for line in LINE.findall(fragment)]
                assert got == expected[r], (kind, command, r, got, expected[r])
        for comm in comms.values():
            await comm.disconnect()

    run(scenario)
    assert differing > 0, "no move was told differently to different readers: the test could not fail"


def told_since(game_id: int, since: int, readers: list[int | None]) -> dict[int | None, list[str]]:
    game = Game.objects.get(pk=game_id)
    kind, state, names = reading(game)
    rows = Action.objects.filter(game=game, version_after__gt=since, undone=False).order_by("seq")
    out: dict[int | None, list[str]] = {}
    for r in readers:
        lines: list[str] = []
        for a in rows:
            told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                           reader=r)
            lines.extend(told.lines or [told.command])
        out[r] = lines
    return out
