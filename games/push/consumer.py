"""One open game page's push connection (docs/architecture.md, "Following a game live: push").

The page opens it with the ticket the page view signed (games/pulse.py), says which version and chat token
it shows ("hello"), and from then on is told, the moment a change is committed:

- the game moved: the new version with what happened since, narrated for this reader, and what their seat
  is asked now (games/push/news.py); the page then fetches its `live` region through the ordinary view;
- the chat changed: its new token; the page fetches the messages through the ordinary view;
- it may no longer see the game: the page reloads and shows the view's own answer.

A player may also send a typed command over it: it is played as the command form's POST plays it
(games.actions.apply_command, as the player, on the web channel) and answered with the outcome in words.
Messages to the page are HTML fragments swapped in by id (the htmx ws extension, static/vendor/); messages
from it are JSON.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string

from games import actions, page_cache, pulse
from games.push import access, ahead, news, publish, shared, watch
from games.push.play import Reply, play

# Longest message read (the form's textarea has no limit of its own; the rate limits and the kind's split
# refuse in words what is too long for them, and push.js posts a longer command as the form, not here).
MAX_MESSAGE = 20_000
DAMAGED = "This form is damaged (its command is not plain text), so nothing was applied."
TOO_LONG = (f"That is too long to send at once (at most {MAX_MESSAGE:,} characters), so nothing was "
            "applied: send fewer commands.")
SIGNED_OUT = "You are signed out (elsewhere, or your account is suspended), so nothing was played."


class GamePush(AsyncWebsocketConsumer):
    game_id: int
    user: Any
    shown: int | None  # the version the page shows (None until it says hello)
    chat: str
    visible: bool
    checked: float  # when access was last checked (monotonic)
    greeted: bool  # the page said hello
    noted: float  # when this connection last noted its reader present (monotonic)
    away: bool  # sent away ("gone"): the connection is closing

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        self.shown, self.chat, self.visible = None, "", True
        self.greeted, self.noted, self.away = False, float("-inf"), False
        query = parse_qs(self.scope.get("query_string", b"").decode("ascii", "replace"))
        ticket = (query.get("t") or [""])[0]
        if pulse.ticket_ok(ticket, self.game_id, self.reader):
            # The hour runs from when the page view checked, not from now: every reconnection of the page
            # reuses its address, ticket included, so counting from the connection would stretch it.
            allowed, self.checked = True, time.monotonic() - access.ticket_age(ticket)
        else:
            allowed, self.checked = await self._may_view(), time.monotonic()
        await self.accept()
        if not allowed:
            await self._gone()
            return
        await self.channel_layer.group_add(publish.group(self.game_id), self.channel_name)
        watch.follow(self)

    async def disconnect(self, code: int) -> None:
        watch.unfollow(self)
        await self.channel_layer.group_discard(publish.group(self.game_id), self.channel_name)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """As channels' own, less its hop to the sync thread to close stale database connections before every
        message: on a move, every page of the server made that hop, one after another in the one thread its
        readings also wait for (bench/push_bench.py). Every database read here goes through
        database_sync_to_async, which closes them itself, before and after."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    @property
    def reader(self) -> str:
        """As the pulse names its reader: the user's id, "0" for a visitor."""
        return str(self.user.pk) if self.user is not None else "0"

    # === FROM THE PAGE ===

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None and len(text_data) > MAX_MESSAGE:
            # Not read. Only a command can be this long (pasted by mistake): refused in words, as the
            # form's POST refuses it, where dropping it would leave the player waiting for an answer.
            await self._reply(Reply(False, TOO_LONG))
            return
        try:
            data = json.loads(text_data or "")
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        kind = data.get("type")
        if kind == "hello" and not self.greeted:
            # push.js says hello once per connection (a reconnection is a new one): a client looping hellos,
            # each from another version, would cost a reading of its own each time.
            self.greeted = True
            await self._hello(data)
        elif kind == "visible":
            self.visible = bool(data.get("visible"))
            if self.visible and self.user is not None and (
                    time.monotonic() - self.noted >= pulse.PRESENCE_WRITE_SECONDS):
                # Presence is kept to within PRESENCE_WRITE_SECONDS anyway (games/pulse.py): a client looping
                # "visible" writes the cache no more often than that.
                self.noted = time.monotonic()
                await database_sync_to_async(pulse.seen)(self.game_id, self.user.pk)
        elif kind == "command":
            await self._command(data)

    async def _hello(self, data: dict[str, Any]) -> None:
        """The page says what it shows: catch it up at once with whatever changed meanwhile (a page whose
        connection dropped, or that was drawn just before a move)."""
        self.shown = _whole(data.get("version"))
        self.chat = str(data.get("chat") or "")
        self.visible = data.get("visible") is not False
        if self.visible:
            self.noted = time.monotonic()  # pulse.read notes them, unless noted within PRESENCE_WRITE_SECONDS
        now = await database_sync_to_async(pulse.read)(self.game_id, self.reader if self.visible else "0")
        if now.version is None:
            await self._gone()
            return
        if self.shown is None or now.version != self.shown:
            await self._tell(now.version)
        if now.chat != self.chat and not self.away:  # _tell may have sent them away
            game_id = self.game_id
            head = await shared.read(("head", game_id, now.version), lambda: news.head(game_id))
            if await self._allowed(head):
                await self._chat(now.chat)

    async def _command(self, data: dict[str, Any]) -> None:
        text = data.get("command")
        if self.user is None:
            reply = Reply(False, "Sign in to play: nobody acts for someone else.")
        elif not isinstance(text, str) or "\x00" in text:
            # The form sends text: anything else is refused, never played as its Python spelling; a NUL as
            # the form's is (metaltalon/middleware.py RefuseNul: PostgreSQL refuses it in text).
            reply = Reply(False, DAMAGED)
        else:
            # Played as the user the session names now, as the form's POST loads its user on every request:
            # the one this connection loaded when it opened may have been suspended or signed out since.
            user = await database_sync_to_async(access.signed_in_user)(self._session_key(), self.user.pk)
            if user is None:
                await self._reply(Reply(False, SIGNED_OUT))
                await self._gone()  # the page reloads, as the form's POST would answer: signed out
                return
            reply = await database_sync_to_async(play)(self.game_id, user, text, data.get("expected_version"))
        await self._reply(reply)

    async def _reply(self, reply: Reply) -> None:
        await self.send(render_to_string("games/_push.html#reply", {"reply": reply}))

    # === FROM THE GAME (games/push/publish.py, games/push/watch.py) ===

    async def game_moved(self, event: dict[str, Any]) -> None:
        watch.saw(self.game_id, int(event["version"]))
        if self.shown is not None and int(event["version"]) > self.shown:
            await self._tell(int(event["version"]))

    async def chat_changed(self, event: dict[str, Any]) -> None:
        if self.shown is None:
            return
        game_id = self.game_id
        nonce = str(event.get("nonce"))
        token = await shared.read(("chat", game_id, nonce), lambda: page_cache.chat_generation(game_id))
        watch.saw_chat(game_id, token)
        if token != self.chat:
            # Even a token tells when someone wrote: asked again as a move is (_allowed), on the head read
            # afresh for this change (once for all this server's pages), so that a reader who lost the game
            # hears nothing more of it.
            head = await shared.read(("chat-head", game_id, nonce), lambda: news.head(game_id))
            if await self._allowed(head):
                await self._chat(token)

    # === TO THE PAGE ===

    async def _tell(self, version: int) -> None:
        game_id, since = self.game_id, self.shown if self.shown is not None else 0
        head = await shared.read(("head", game_id, version), lambda: news.head(game_id))
        if head is not None and head.version <= since:
            return
        if not await self._allowed(head):
            return
        assert head is not None
        seat = head.seat_of(self.user.pk if self.user is not None else None)
        # Read once for every page of this server that showed the same version (the game, the actions since,
        # the questions), then told and drawn once per seat, every seat's in one reading: all the pages are
        # then woken together, and each waits its turn (its rank, from _all_drawn) before it sends.
        story = await shared.read(("story", game_id, since, head.version), lambda: news.story(game_id, since),
                                  large=True)
        if story is None:
            await self._gone()
            return
        # Where the site asks for it (PUSH_DRAW_AHEAD, metaltalon/settings.py): the regions of this move drawn
        # ahead for the readers with a page open here, the seat asked first, while the news is told: their
        # polls then find them drawn, or being drawn (games/push/ahead.py).
        if settings.PUSH_DRAW_AHEAD:
            await ahead.start(game_id, head, story.prompts)
        # The seats with a page open on this process (this page's among them): the words of a seat with none
        # here are not drawn.
        present = watch.seats_open(game_id, head.version, head.seat_of)
        seats = tuple(sorted(present | {seat} if seat is not None else present))
        told = await shared.read(("news", game_id, since, head.version, seats),
                                 lambda: _all_drawn(story, seats))
        version, fragment, rank = told[seat if seat in told else None]
        # The seat now asked first, then the other seats, then everyone else: each page polls for its board as
        # soon as it is told, and the polls are served in the order they come (bench/README.md, "A move's
        # fetch storm"). The pages woken together run in one pass of the loop; a page that yields once goes
        # to the back of it, behind every page that does not.
        for _ in range(rank):
            await asyncio.sleep(0)
        self.shown = max(since, version)
        await self.send(fragment)

    async def _allowed(self, head: news.Head | None) -> bool:
        """Whether the reader may still be told of the game; if not, sends them away. Asked again once the
        ticket's hour is up, and at every change while the game is private and they hold no seat in it."""
        if head is None:
            await self._gone()
            return False
        seat = head.seat_of(self.user.pk if self.user is not None else None)
        if time.monotonic() - self.checked >= pulse.TICKET_SECONDS or (not head.public and seat is None):
            # The ticket's hour is up, or the game was made private since the page was drawn: ask again.
            if not await self._still_allowed():
                await self._gone()
                return False
            self.checked = time.monotonic()
        return True

    async def _chat(self, token: str) -> None:
        self.chat = token
        await self.send(render_to_string("games/_push.html#chat", {"token": token}))

    async def _gone(self) -> None:
        """Gone, or no longer theirs to see: the page reloads and shows the view's own answer."""
        self.shown, self.away = None, True  # nothing more is told on this connection (game_moved, _hello)
        await self.send(render_to_string("games/_push.html#gone", {}))
        await self.close(code=1000)

    async def _may_view(self) -> bool:
        return bool(await database_sync_to_async(access.may_view)(self.game_id, self.user))

    async def _still_allowed(self) -> bool:
        """The page's own checks again: the reader may see the game, and a signed-in reader's session
        still names them (a password changed, a sign-out elsewhere, an account closed end it)."""
        if self.user is not None and not await database_sync_to_async(access.still_signed_in)(
                self._session_key(), self.user.pk):
            return False
        return await self._may_view()

    def _session_key(self) -> str | None:
        return getattr(self.scope.get("session"), "session_key", None)


def _drawn(story: news.Story, seat: int | None) -> tuple[int, str]:
    told = news.told(story, seat)
    return told.version, render_to_string("games/_push.html#news", {"news": told})


# The order pages are told of a move in: a seat asked to act now, the other seats, everyone without a seat.
ASKED, SEATED, SPECTATOR = 0, 1, 2


def _all_drawn(story: news.Story, seats: tuple[int, ...]) -> dict[int | None, tuple[int, str, int]]:
    """Each seat's news and the spectators' (None), with the rank each is sent in (ASKED, SEATED,
    SPECTATOR)."""
    out: dict[int | None, tuple[int, str, int]] = {}
    for seat in (*seats, None):
        prompt = story.prompts.get(seat) if seat is not None else None
        rank = SPECTATOR if seat is None else ASKED if prompt is not None and prompt.own_turn else SEATED
        out[seat] = (*_drawn(story, seat), rank)
    return out


def _whole(value: object) -> int | None:
    """The version a page says it shows, read as a form's is; None for none or a damaged one."""
    try:
        return actions.read_version(value)
    except actions.ActionError:
        return None
