"""Reads shared by the channels: who may see a game, whose seat is whose, the "your turn" count, lists.
Nothing here writes (the writers are games/actions/)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import (
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    prefetch_related_objects,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce

from games.models import Action, ChatMessage, Game, Invitation, Notice, Seat, Webhook
from games.moderators import is_moderator, moderates

TURN_COUNT_SECONDS = 300
CHAT_READ_SECONDS = 300
NO_SEAT = -1  # the cached "how far read" of a user without a seat (the cache cannot hold None apart)


# Written out: the same EXISTS built from Exists(), OuterRef() and Q() cost as much CPU to compile as the
# webhooks' own query it spares (bench/README.md, "A command over the connection, 2026-11-27").
_HOOKED = RawSQL(
    f"EXISTS (SELECT 1 FROM {Webhook._meta.db_table} hook WHERE hook.user_id = {Seat._meta.db_table}.user_id"
    f" AND (hook.game_id IS NULL OR hook.game_id = {Seat._meta.db_table}.game_id))", (),
    output_field=BooleanField())


def with_seats(game: Game, *, hooks: bool = False) -> Game:
    """The game with its seats (and their players' names) read once, in seat order: `game.seats.all()` is
    then that list, for every step of one request or one action that needs them (the command round trip
    read them five times; bench/README.md). Read again only if not yet read for this game object.

    `hooks`: each seat also says whether its player has a webhook for this game or all theirs (`hooked`),
    in the same read, so a move that asks a player something reads no webhooks when none has any
    (games/actions/webhooks.py owe_prompts; most players have none)."""
    seats = Seat.objects.select_related("user__profile").order_by("index", "joined_at")
    if hooks:
        seats = seats.annotate(hooked=_HOOKED)
    prefetch_related_objects([game], Prefetch("seats", queryset=seats))
    return game


def read_profiles(seats: Iterable[Seat]) -> dict[int, Any] | None:
    """The seated players' profiles (None for a player who has none) as with_seats read them with the
    seats, by user id; None when any of them was not read that way (the caller then asks the database)."""
    profiles: dict[int, Any] = {}
    for seat in seats:
        if seat.user_id is None:
            continue
        if not Seat.user.is_cached(seat) or not type(seat.user).profile.is_cached(seat.user):
            return None
        profiles[seat.user_id] = getattr(seat.user, "profile", None)
    return profiles


def seat_at(game: Game, index: int) -> Seat | None:
    """The seat at `index` in the turn order, from `game.seats.all()` (no query once read: with_seats)."""
    return next((s for s in game.seats.all() if s.index == index), None)


def can_view(game: Game, user: Any) -> bool:
    """Public games: everyone. Private games: their players, invited users and moderators."""
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    if user is None or not user.is_authenticated:
        return False
    if game.created_by_id == user.pk or is_moderator(user):
        return True
    return game.seats.filter(user=user).exists() or game.invitations.filter(user=user).exists()


def plays_in(game: Game, user: Any) -> bool:
    """Whether the user holds a place in the game's turn order (a seat with its index)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return game.seats.filter(user=user, index__isnull=False).exists()


def seat_of(game: Game, user: Any) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return game.seats.filter(user=user).first()


def turn_count_key(user_id: object) -> str:
    return f"your-turn:1:{user_id}"


def your_turn_count(user: Any) -> int:
    """How many games wait for the user: cached per user, dropped whenever one of their seats or games is
    saved (games.signals), so the navigation count never lags a move."""
    if user is None or not user.is_authenticated:
        return 0
    key = turn_count_key(user.pk)
    count = cache.get(key)
    if count is None:
        count = Seat.objects.filter(user=user, awaiting=True,
                                    game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE)).count()
        cache.set(key, count, TURN_COUNT_SECONDS)
    return int(count)


_COUNTS_HOLD = "_turn_counts_hold_for_status"


def turn_counts_hold(game: Game) -> None:
    """A writer that knows no seat's `awaiting` and not the game's status changed says so: the game's next
    save then leaves the players' cached counts alone (games.signals). Only for that save, and only while
    the status is still the one it saw."""
    game.__dict__[_COUNTS_HOLD] = game.status


def counts_held(game: Game) -> bool:
    return game.__dict__.pop(_COUNTS_HOLD, None) == game.status


def turn_count_keys(user_ids: Iterable[object]) -> list[str]:
    return [turn_count_key(uid) for uid in set(user_ids) if uid is not None]


def forget_turn_counts(user_ids: Iterable[object]) -> None:
    """Drop the cached counts now and again once the transaction commits: a page read in between would
    otherwise cache the count from before the change."""
    keys = turn_count_keys(user_ids)
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))


def visible_chat(game: Game) -> Any:
    return ChatMessage.objects.filter(game=game, hidden=False).select_related("user__profile")


def chat_lines(game: Game) -> Any:
    """The visible messages as the chat shows them: each knows whether its author is a moderator now
    (`by_moderator`, the badge beside the name), in the same query, so a player named like one is told
    apart from the real thing (accounts/names.py keeps such names for staff)."""
    return visible_chat(game).annotate(by_moderator=ExpressionWrapper(moderates("user_id"),
                                                                      output_field=BooleanField()))


def chat_read_key(game_id: object, user_id: object) -> str:
    return f"chat-read:1:{game_id}:{user_id}"


def chat_read(game_id: int, user: Any, cached: object = None) -> int | None:
    """How far the user has read the game's chat (Seat.chat_read, a message pk); None without a seat
    (spectators and staff: nothing is "new" for them). Cached per game and user, so a page served from the
    page cache needs no query for it; actions.mark_chat_read forgets it. `cached`: the value already read
    from the cache with others, if any."""
    if user is None or not user.is_authenticated:
        return None
    if cached is None:
        cached = cache.get(chat_read_key(game_id, user.pk))
    if cached is None:
        found = Seat.objects.filter(game_id=game_id, user=user).values_list("chat_read", flat=True).first()
        cached = NO_SEAT if found is None else found
        # A marker moved on between this read and the add is forgotten on commit, so at worst (the two
        # interleaved) the old one is shown for CHAT_READ_SECONDS: a message still lit as new, no more.
        cache.add(chat_read_key(game_id, user.pk), cached, CHAT_READ_SECONDS)
    return chat_read_value(cached)


def chat_read_value(cached: object) -> int | None:
    """The cached marker as chat_read answers it."""
    value = int(str(cached))
    return None if value == NO_SEAT else value


def forget_chat_read(game_id: object, user_id: object) -> None:
    """Drop the cached marker now and once the transaction commits (as forget_turn_counts)."""
    key = chat_read_key(game_id, user_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def _open_invitations(user: Any) -> Any:
    return (Invitation.objects.filter(user=user, accepted_at__isnull=True, declined_at__isnull=True,
                                      game__status=Game.Status.OPEN)
            .exclude(game__seats__user=user))


def open_invitations(user: Any) -> list[Invitation]:
    """Invitations to games still waiting for players that the user has answered neither by joining nor
    by declining."""
    return list(_open_invitations(user).select_related("game", "invited_by__profile"))


def invitation_count_key(user_id: object) -> str:
    return f"invitations:1:{user_id}"


def invitation_count(user: Any) -> int:
    """How many invitations wait for the user's answer, for the header's badge: cached per user, dropped
    when an invitation of theirs or a seat of theirs is saved (games.signals), and for every invitee of a
    game that starts or is aborted (forget_invitation_counts); TURN_COUNT_SECONDS at most otherwise."""
    if user is None or not user.is_authenticated:
        return 0
    key = invitation_count_key(user.pk)
    count = cache.get(key)
    if count is None:
        count = _open_invitations(user).count()
        cache.set(key, count, TURN_COUNT_SECONDS)
    return int(count)


def forget_invitation_counts(user_ids: Iterable[object]) -> None:
    """As forget_turn_counts, for the invitation badges."""
    keys = [invitation_count_key(uid) for uid in set(user_ids) if uid is not None]
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))


def forget_invitees(game: Game) -> None:
    """A game that leaves the open state takes its invitations off its invitees' badges."""
    forget_invitation_counts(game.invitations.exclude(user=None).values_list("user_id", flat=True))


def unread_notices(user: Any, limit: int = 20) -> list[Notice]:
    return list(Notice.objects.filter(user=user, read_at__isnull=True).select_related("game")[:limit])


def my_games(user: Any) -> Any:
    """The user's games, those awaiting them first, then by most recent turn; each with its seats (and
    their players), the time of its last logged action and how many chat messages are new to the user, for
    games.listing."""
    awaiting = Seat.objects.filter(game=OuterRef("pk"), user=user, awaiting=True,
                                   game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
    last = Action.objects.filter(game=OuterRef("pk")).order_by("-seq").values("created_at")[:1]
    read = Seat.objects.filter(game=OuterRef("pk"), user=user).values("chat_read")[:1]
    # Visible messages by others beyond the user's read marker: the game page's "new" count.
    unread = (ChatMessage.objects.filter(game=OuterRef("pk"), hidden=False, pk__gt=OuterRef("chat_read"))
              .exclude(user=user).order_by().values("game").annotate(n=Count("pk")).values("n"))
    # pk__in, not a join on seats: a join would leave only the user's own seat to count and prefetch.
    return (Game.objects.filter(pk__in=Seat.objects.filter(user=user).values("game"))
            .annotate(mine_awaiting=Exists(awaiting), last_move_at=Subquery(last), chat_read=Subquery(read))
            .annotate(chat_unread=Coalesce(Subquery(unread), 0))
            .select_related("created_by")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user__profile")))
            .order_by("-mine_awaiting", F("turn_started_at").desc(nulls_last=True), "-created_at"))


# My games lists every game of the player's not over, and only their newest games over: a player's
# finished games only grow (bench/many_games_bench.py: a veteran of thousands), so the page would too.
FINISHED_LISTED = 20

# The player's games are told apart and the newest over picked in the database: a veteran's 3,888 rows
# (id, status, end), each brought into Python with its time to be sorted there, took 11 ms of the home
# page at 100,000 games (1.3 ms at 1,000: bench/many_games_bench.py), of which the read itself 5. The
# newest are a subquery in FROM, not a parenthesised member, so that SQLite reads it too.
_LISTED_IDS = """
    WITH mine AS (SELECT id, status, finished_at FROM {game} WHERE id IN (
                      SELECT game_id FROM {seat} WHERE user_id = %s))
    SELECT id, 0 FROM mine WHERE status NOT IN (%s, %s)
    UNION ALL
    SELECT id, 1 FROM (SELECT id FROM mine WHERE status IN (%s, %s)
                       ORDER BY finished_at DESC NULLS LAST, id DESC LIMIT %s) AS newest"""


def _listed_ids(user_id: int, finished: int) -> list[tuple[int, int]]:
    """The user's games not over (pk, 0) in no order, then their `finished` newest over (pk, 1), the last
    to end first (an end unknown, which none should be, last)."""
    over = (Game.Status.FINISHED.value, Game.Status.ABORTED.value)
    sql = _LISTED_IDS.format(game=Game._meta.db_table, seat=Seat._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(sql, [user_id, *over, *over, finished])
        return [(int(pk), int(over_)) for pk, over_ in cursor.fetchall()]


def listed_games(user: Any, finished: int = FINISHED_LISTED) -> list[Game]:
    """my_games as the lists show it: every game not over (awaiting the user first), then the `finished`
    newest games over (finished or aborted), the last to end first. One narrow read of the user's games
    (id, status, end, from the indexes alone) picks them in SQL; only those are read whole, with my_games'
    annotations and seats (a veteran's thousands of games were read whole, twice: bench/README.md,
    many_games_bench.py)."""
    live: list[int] = []
    newest: list[int] = []
    for pk, over in _listed_ids(user.pk, finished):
        (newest if over else live).append(pk)
    games = list(my_games(user).filter(pk__in=live + newest))
    place = {pk: i for i, pk in enumerate(newest)}
    return ([g for g in games if g.pk not in place]
            + sorted((g for g in games if g.pk in place), key=lambda g: place[g.pk]))


def last_opponents(user: Any) -> str | None:
    """Who the player chose to play against in the last game they created, for the create form to tick
    again: the bots' level when bots hold every other seat (as games.actions.bots.play_against_bots seats
    them; a waiting game its creator filled with bots one seat at a time reads the same), else "people"
    (games.forms.PEOPLE). None: they never created a game."""
    game = Game.objects.filter(created_by=user).order_by("-created_at", "-pk").first()
    if game is None:
        return None
    others = set(game.seats.exclude(user=user).values_list("bot", flat=True))
    if len(others) == 1 and None not in others and "" not in others:
        return str(others.pop())
    return "people"


def open_games() -> Any:
    """Public games waiting for players, newest first, with how many seats are taken."""
    # The count per game, not a join grouped by game: grouped, every open game was joined to its seats
    # and counted before the newest few were picked (913 at 100,000 games: bench/many_games_bench.py, 8 ms
    # of the home page's 5); counted per game, the list reads the newest from `game_open` and stops.
    taken = Seat.objects.filter(game=OuterRef("pk")).order_by().values("game").annotate(n=Count("pk"))
    return (Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
            .select_related("created_by__profile").annotate(taken=Coalesce(Subquery(taken.values("n")), 0))
            .order_by("-created_at"))


def games_to_watch() -> Any:
    """Public games in play, the one that moved last first."""
    return (Game.objects.filter(status__in=(Game.Status.SETUP, Game.Status.ACTIVE),
                                visibility=Game.Visibility.PUBLIC)
            .order_by(F("turn_started_at").desc(nulls_last=True)))


def find_user(name: str) -> Any:
    """By the name players see, compared by its key (accounts/names.py): "bob", "BOB" and a look-alike
    spelling all find the one player whose name they could be taken for. Never by the account's user name,
    which nobody sees (allauth makes it from the e-mail address): looking it up would invite the wrong
    player and tell anyone which e-mail address goes with which name."""
    from django.contrib.auth import get_user_model

    from accounts.names import name_key

    key = name_key(name.strip())
    if not key:
        return None
    return get_user_model().objects.filter(is_active=True, profile__name_key=key).first()


def awaiting_seats(user_id: Any) -> QuerySet[Seat]:
    """The player's seats that games in play await, the longest wait first (the daily digest's list,
    and its first is where the "next game" button goes)."""
    return (Seat.objects.filter(user_id=user_id, awaiting=True,
                                game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
            .select_related("game").order_by(F("awaited_since").asc(nulls_first=True), "game_id"))


def longest_waiting(user: Any) -> int | None:
    """The id of the game in play that has waited longest for this player (the "next game" button)."""
    return awaiting_seats(user.pk).values_list("game_id", flat=True).first()
