"""What every writer shares: the game's row lock, writing a kind's state into the game and its seats, and
the game-over notices."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from games.actions import clock
from games.actions.actor import Actor
from games.actions.errors import MOVED_ON, PAUSED, ActionError, GameMovedOn, Invalid, NotInPlay
from games.actions.expel import record_abandoned, void_votes
from games.actions.notify import notify_eliminated, notify_finished
from games.actions.vacation import on_vacation
from games.kinds import Kind, get_kind
from games.models import Game, Seat
from games.queries import read_profiles, turn_counts_hold

SEAT_STATUS = {"playing": Seat.Status.PLAYING, "out": Seat.Status.OUT, "resigned": Seat.Status.RESIGNED,
               "won": Seat.Status.WON, "lost": Seat.Status.PLAYING}
OUT = (Seat.Status.OUT, Seat.Status.RESIGNED)
GAME_STATUS = {"setup": Game.Status.SETUP, "play": Game.Status.ACTIVE, "over": Game.Status.FINISHED}


def locked(game: Game) -> Game:
    """Re-read the game holding its row lock until the transaction ends. SQLite ignores FOR UPDATE, so
    there a no-op write takes the database's write lock first (the embedded default runs web and worker
    side by side); later writers wait for it rather than read a state about to change."""
    if connection.vendor == "sqlite":
        Game.objects.filter(pk=game.pk).update(version=F("version"))
    # NO KEY UPDATE: writers of one game still queue behind each other, but a row that merely refers to the
    # game (a rating change written while another game's end rates the ladder again) does not wait for it,
    # so the game lock and the ladder lock (games/actions/ratings.py) cannot deadlock.
    return Game.objects.select_for_update(no_key=True).get(pk=game.pk)


DAMAGED_VERSION = ("This form is damaged (its game version is not a number), so nothing was applied: here is "
                   "the current board.")


def read_version(raw: object) -> int | None:
    """The version a form was drawn for (the web's form, or the same form sent over the push connection):
    None when it has none; a value that is not a whole number is refused, never read as "none" (that would
    apply the move with no stale check). Past 18 digits it is no version of any game (and int() refuses
    strings of thousands of digits with an error where the player is owed words)."""
    if raw is None or raw == "":
        return None
    value = str(raw)
    if not value.isascii() or not value.isdigit() or len(value) > 18:
        raise Invalid(DAMAGED_VERSION, code="bad_version")
    return int(value)


def check_version(game: Game, expected_version: int | None) -> None:
    if expected_version is not None and int(expected_version) != game.version:
        raise GameMovedOn(MOVED_ON)


def check_not_paused(game: Game, actor: Actor | None = None) -> None:
    """A game a moderator paused takes nothing from players, bots or the clock (docs/moderation.md);
    a moderator, or the system, still acts in it."""
    if game.paused_at is not None and (actor is None or actor.role not in ("moderator", "system")):
        raise NotInPlay(PAUSED, code="paused")


def kind_of(game: Game) -> Kind:
    try:
        return get_kind(game.kind)
    except KeyError:
        raise ActionError(f"This site does not know the game kind “{game.kind}”.",
                          code="unknown_kind") from None


def check_bot_level(kind: Kind, level: str) -> None:
    """A bot level the kind offers (docs/bots.md), or Invalid naming them."""
    if level not in kind.bot_levels:
        raise Invalid(f"Choose a bot level: {', '.join(kind.bot_levels)}.", code="no_such_level")


def store_state(game: Game, kind: Kind, state: Any, seats: Iterable[Seat] | None = None) -> list[Seat]:
    """Write the state into the game row (not saved) and its seats (saved): label, status, what each is
    asked (awaiting, prompt), and the clocks of the seats whose prompt changed (games/actions/clock.py).
    A seat that goes out here while the game goes on is owed its "you are out" mail. Returns the seats
    asked something new: the callers owe them a notice (games/actions/notify.py, notify_turn)."""
    status_before = game.status
    game.state = kind.dump(state)
    game.status = GAME_STATUS[kind.phase(state)]
    prompts = {p.seat: p for p in kind.prompts(state, None)}
    # game.seats.all(): the seats read with the game if they were (games.queries.with_seats), else one read.
    rows = list(seats) if seats is not None else [s for s in game.seats.all() if s.index is not None]
    was_prompt = {seat.pk: seat.prompt for seat in rows}
    was_awaiting = {seat.pk: seat.awaiting for seat in rows}
    fields = ["faction", "awaiting", "prompt", "status", *clock.CLOCK_FIELDS]
    before = {seat.pk: [getattr(seat, f) for f in fields] for seat in rows}
    gone = []
    for seat in rows:
        outcome = kind.seat_outcome(state, seat.index)
        seat.faction = outcome.label
        asked = prompts.get(seat.index)
        seat.awaiting = asked is not None
        seat.prompt = asked.key if asked is not None else ""
        status = SEAT_STATUS[outcome.status]
        if status in OUT and seat.status not in OUT:
            gone.append(seat)
        seat.status = status
    clock.track(game, game.clock_rules, kind.turn(state), prompts, rows, was_prompt, timezone.now(),
                vacations_of(rows))
    asked_anew = [s for s in rows if s.prompt and s.prompt != was_prompt[s.pk]]
    wake_bots(game, asked_anew)
    # Only the seats that changed, and only what changed in each: most moves change none, and a turn's end
    # two (the one done, the one now asked). One plain UPDATE a seat: bulk_update's CASE statements cost
    # tens of milliseconds to build, more than the move's other writes together (bench/README.md, the
    # command round trip).
    changed = {seat: {f: getattr(seat, f) for f, was in zip(fields, before[seat.pk], strict=True)
                      if getattr(seat, f) != was} for seat in rows}
    if game.status == status_before and all(seat.awaiting == was_awaiting[seat.pk] for seat in rows):
        # Nobody's "your turn" count can have changed (most moves): the game's save keeps them cached.
        turn_counts_hold(game)
    update_seats({seat: values for seat, values in changed.items() if values})
    if kind.phase(state) != "over":  # out of a game that goes on; a game that ended mails its result
        notify_eliminated(game, gone)
    return asked_anew


def update_seats(changed: dict[Seat, dict[str, Any]]) -> None:
    """Write what changed in each seat. On PostgreSQL, two seats or more in one UPDATE from a list of
    values (a turn's end changes two: one round trip less, and one statement built instead of two): each
    row writes the union of the changed fields, a seat's unchanged ones as they are, which is what the
    database holds (the seats were read under the game's row lock, and no writer changes a seat's row
    without holding it). One seat, or another database: a plain UPDATE each."""
    if len(changed) < 2 or connection.vendor != "postgresql":
        for seat, values in changed.items():
            Seat.objects.filter(pk=seat.pk).update(**values)
        return
    names = sorted({name for values in changed.values() for name in values})
    fields = [Seat._meta.get_field(name) for name in names]
    quote = connection.ops.quote_name
    # Each value typed as its column is: a NULL or a string alone would be read as text.
    pk = Seat._meta.pk
    assert pk is not None
    casts = [f"%s::{pk.rel_db_type(connection)}", *(f"%s::{field.db_type(connection)}" for field in fields)]
    row = "(" + ", ".join(casts) + ")"
    params: list[Any] = []
    for seat in changed:
        params += [seat.pk, *(field.get_db_prep_save(getattr(seat, field.attname), connection)
                              for field in fields)]
    columns = [quote(field.column) for field in fields]
    table = quote(Seat._meta.db_table)
    sql = (f"UPDATE {table} SET " + ", ".join(f"{c} = v.{c}" for c in columns)
           + f" FROM (VALUES {', '.join([row] * len(changed))}) AS v(id, {', '.join(columns)})"
           + f" WHERE {table}.{quote(pk.column)} = v.id")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def vacations_of(seats: list[Seat]) -> Callable[[list[int]], set[int]]:
    """Which of these seats' players are on vacation: from their profiles when they were read with the
    seats under the game's lock (games.queries.with_seats), else asked of the database."""
    profiles = read_profiles(seats)
    if profiles is None:
        return on_vacation
    return lambda ids: {i for i in ids if getattr(profiles.get(i), "vacation_since", None) is not None}


def wake_bots(game: Game, seats: Iterable[Seat]) -> None:
    """After the commit, queue the bots' task (games/actions/bots.py) if one of these seats, asked
    something new, is held by a bot. A bot's own moves within its turn wake nothing: its task plays on."""
    if any(s.bot and s.user_id is None for s in seats):
        from games.tasks import queue_bots  # tasks import the actions: import when called

        game_id = game.pk
        transaction.on_commit(lambda: queue_bots(game_id))


def finish_if_over(game: Game, kind: Kind, state: Any) -> None:
    if kind.phase(state) == "over" and game.finished_at is None:
        from games.models import Action

        events = [e for a in Action.objects.filter(game=game, undone=False).order_by("seq") for e in a.events]
        game.finished_at = timezone.now()
        game.paused_at = None  # a game a moderator ended while paused is over, not paused
        game.result = kind.result(state, events)
        void_votes(game)
        record_abandoned(game)
        notify_finished(game)
