"""The only code that changes a game (DESIGN.md): lobby, commands, undo, chat.

Each public function checks first (raising a ServiceError whose message is shown to the player verbatim)
and only then writes, inside one transaction holding the game's row lock. Web, e-mail, bots, timeouts and
moderators all come through here; notifications leave through transaction.on_commit.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, F, Max, OuterRef
from django.utils import timezone

from games.engine import (
    EDITIONS,
    FACTIONS,
    PLAYER_COUNTS,
    VARIANTS,
    GameState,
    IllegalCommand,
    new_game,
    play,
)
from games.models import Action, ChatMessage, ChatReport, Game, Invitation, Notice, Seat, Snapshot

# === ERRORS ===


class ServiceError(Exception):
    """A refusal in words a player understands; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotAllowed(ServiceError):
    """The user may not do this (not their seat, not their game, not their turn)."""


class GameMovedOn(ServiceError):
    """The form was built for an older version of the game: refused, never applied twice."""


class IllegalMove(ServiceError):
    """The rules refuse the command (wraps engine.IllegalCommand)."""


class BadOptions(ServiceError):
    """Game options that the chosen edition does not allow."""


MOVED_ON = "The game has moved on since that page was loaded: here is the current board. Nothing was applied."

# Commands any seat still in may give at any time; everything else needs the seat to be in state.to_act.
ANYTIME_VERBS = ("order", "resign")
# An action whose events include one of these cannot be taken back: dice were rolled, a card was drawn,
# or a seat left the game.
UNDO_BARRIERS = frozenset({"roll", "pending", "clover", "murphy", "redraw", "out", "win", "invade",
                           "takeover", "spoils"})
# Sources that act for a seat named by the caller instead of the actor's own seat.
SEAT_SOURCES = ("timeout", "moderator", "bot", "system")


@dataclass
class Applied:
    game: Game
    actions: list[Action] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


# === VISIBILITY AND SEATS ===


def can_view(game: Game, user: Any) -> bool:
    """Public games: everyone. Private games: their players, invited users and staff."""
    if game.visibility == Game.Visibility.PUBLIC:
        return True
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or game.created_by_id == user.pk:
        return True
    return game.seats.filter(user=user).exists() or game.invitations.filter(user=user).exists()


def seat_of(game: Game, user: Any) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return game.seats.filter(user=user).first()


TURN_COUNT_SECONDS = 300


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


def forget_turn_counts(user_ids: Iterable[object]) -> None:
    """Drop the cached counts now and again once the transaction commits: a page read in between would
    otherwise cache the count from before the change."""
    keys = [turn_count_key(uid) for uid in set(user_ids) if uid is not None]
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys))


# === CREATING, JOINING, LEAVING, INVITING ===


def check_game_options(edition: str, players: int, variants: Sequence[str], faction_mode: str,
                       dice_mode: str, visibility: str, deadline_hours: int | None) -> None:
    ed = EDITIONS.get(edition)
    if ed is None:
        raise BadOptions(f"Unknown edition “{edition}”: choose token, metatalon or web2002.")
    if players == 5:
        raise BadOptions("Five-player games are not offered: no rule text covers them. Choose 2, 3, 4 or 6.")
    if players not in PLAYER_COUNTS:
        raise BadOptions("MetalTalon is played by 2, 3, 4 or 6 players.")
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise BadOptions(f"Unknown variant {unknown[0]!r}: Takeover or Spoils of War.")
    if variants and not ed.variants:
        raise BadOptions(f"The {edition} edition has no variants.")
    if len(set(variants)) > 1:
        raise BadOptions("Takeover and Spoils of War cannot be played together: choose one.")
    if faction_mode not in Game.FactionMode.values:
        raise BadOptions("Faction mode is “deal” (keep or redraw) or “fixed”.")
    if dice_mode not in Game.DiceMode.values:
        raise BadOptions("Dice are a six-sided die or a stopwatch.")
    if dice_mode == "stopwatch" and ed.stopwatch is None:
        raise BadOptions("The token edition rolls a six-sided die; stopwatch rolls are for coin editions.")
    if visibility not in Game.Visibility.values:
        raise BadOptions("A game is public or private.")
    if deadline_hours is not None and not 1 <= deadline_hours <= 24 * 30:
        raise BadOptions("The turn deadline is between 1 hour and 30 days (720 hours), or none.")


@transaction.atomic
def create_game(user: Any, *, edition: str = "token", players: int = 2, variants: Sequence[str] = (),
                faction_mode: str = "deal", dice_mode: str = "d6", visibility: str = "public",
                deadline_hours: int | None = None) -> Game:
    """A new open game with its creator in the first seat."""
    variants = sorted(set(variants))
    check_game_options(edition, players, variants, faction_mode, dice_mode, visibility, deadline_hours)
    game = Game.objects.create(
        created_by=user, edition=edition, players=players, variants=variants, faction_mode=faction_mode,
        dice_mode=dice_mode, visibility=visibility, deadline_hours=deadline_hours,
        seed=secrets.randbits(31),
    )
    Seat.objects.create(game=game, user=user)
    return game


def _locked(game: Game) -> Game:
    """Re-read the game holding its row lock until the transaction ends. SQLite ignores FOR UPDATE, so
    there a no-op write takes the database's write lock first (the embedded default runs web and worker
    side by side); later writers wait for it rather than read a state about to change."""
    if connection.vendor == "sqlite":
        Game.objects.filter(pk=game.pk).update(version=F("version"))
    return Game.objects.select_for_update().get(pk=game.pk)


def check_join(game: Game, user: Any, invite_code: str | None = None) -> None:
    if game.status != Game.Status.OPEN:
        raise NotAllowed("This game has already started; you can watch it instead.")
    if game.seats.filter(user=user).exists():
        raise NotAllowed("You already have a seat in this game.")
    if game.visibility == Game.Visibility.PRIVATE:
        invited = game.invitations.filter(user=user).exists()
        if not invited and not (invite_code and secrets.compare_digest(invite_code, game.invite_code)):
            raise NotAllowed("This is a private game: you need an invitation or its private link.")
    if game.seats.count() >= game.players:
        raise NotAllowed("This game is full.")


def join_game(game: Game, user: Any, invite_code: str | None = None) -> Seat:
    """Take a free seat. The last seat to fill starts the game at once (no waiting on the creator)."""
    with transaction.atomic():
        game = _locked(game)
        check_join(game, user, invite_code)
        seat = Seat.objects.create(game=game, user=user)
        game.invitations.filter(user=user, accepted_at__isnull=True).update(accepted_at=timezone.now())
        if game.seats.count() == game.players:
            _start(game)
    return seat


def leave_game(game: Game, user: Any) -> None:
    """Give up a seat before the start; a game left with nobody seated is aborted."""
    with transaction.atomic():
        game = _locked(game)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("The game has started: you can no longer leave it, only resign.")
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("You have no seat in this game.")
        seat.delete()
        if not game.seats.exists():
            game.status = Game.Status.ABORTED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])


def find_user(name: str) -> Any:
    """By user name, or the display name players see, case-insensitively."""
    users = get_user_model().objects.filter(is_active=True)
    name = name.strip()
    if not name:
        return None
    return (users.filter(username__iexact=name).first()
            or users.filter(profile__display_name__iexact=name).order_by("pk").first())


def invite_user(game: Game, by: Any, username: str) -> Invitation:
    """Players of an open game (and staff) invite others by name; the invitee gets a notice."""
    with transaction.atomic():
        game = _locked(game)
        if game.status != Game.Status.OPEN:
            raise NotAllowed("Invitations are for games still waiting for players.")
        if not (by.is_staff or game.seats.filter(user=by).exists()):
            raise NotAllowed("Only the game's players can invite others.")
        invitee = find_user(username)
        if invitee is None:
            raise ServiceError(f"There is no player called “{username.strip()}”.")
        if game.seats.filter(user=invitee).exists():
            raise ServiceError(f"{invitee.display_name} already has a seat in this game.")
        try:
            with transaction.atomic():
                invitation = Invitation.objects.create(game=game, user=invitee, invited_by=by)
        except IntegrityError:
            raise ServiceError(f"{invitee.display_name} is already invited.") from None
        Notice.objects.create(user=invitee, game=game, kind=Notice.Kind.INVITE,
                              text=f"{by.display_name} invites you to game {game.pk} ({game.edition}, "
                                   f"{game.players} players).")
    return invitation


# === STARTING ===


def start_game(game: Game, by: Any = None) -> Game:
    """Start a full open game. join_game does this itself when the last seat fills; this entry point is
    for the creator or staff (a game filled another way, or a retry), and refuses a game not full."""
    with transaction.atomic():
        game = _locked(game)
        if by is not None and not (by.is_staff or by.pk == game.created_by_id):
            raise NotAllowed("Only the game's creator can start it.")
        if game.status != Game.Status.OPEN:
            raise NotAllowed("This game has already started.")
        taken = game.seats.count()
        if taken < game.players:
            raise NotAllowed(f"The game starts when all {game.players} seats are taken ({taken} so far).")
        _start(game)
    return game


def _deal_fixed(game: Game, rng: random.Random) -> list[str]:
    if EDITIONS[game.edition].unique_factions:
        return rng.sample(list(FACTIONS), game.players)
    return [rng.choice(FACTIONS) for _ in range(game.players)]


def _start(game: Game) -> None:
    """Shuffle the seats into turn order, set up the engine state and write the first snapshot."""
    rng = random.Random(game.seed)
    seats = list(game.seats.order_by("joined_at", "pk"))
    rng.shuffle(seats)
    for i, seat in enumerate(seats):
        seat.index = i
        seat.status = Seat.Status.PLAYING
    Seat.objects.bulk_update(seats, ["index", "status"])
    factions = _deal_fixed(game, rng) if game.faction_mode == Game.FactionMode.FIXED else None
    state = new_game(players=game.players, edition=game.edition, variants=tuple(game.variants),
                     factions=factions, seed=game.seed, dice_mode=game.dice_mode)
    now = timezone.now()
    game.started_at = game.turn_started_at = now
    game.version += 1
    _store_state(game, state, seats)
    game.save()
    Snapshot.objects.create(game=game, seq=0, turn=state.turn, state=state.to_dict())
    for seat in seats:
        if seat.user_id is not None:
            Notice.objects.create(user_id=seat.user_id, game=game, kind=Notice.Kind.STARTED,
                                  text=f"Game {game.pk} has started: you are seat {seat.index + 1}.")
    _notify_on_commit(game, set(state.to_act))


def _store_state(game: Game, state: GameState, seats: Iterable[Seat] | None = None) -> None:
    """Write the state into the game row (not saved) and its seats (saved): factions, status, awaiting."""
    game.state = state.to_dict()
    if state.phase == "setup":
        game.status = Game.Status.SETUP
    elif state.phase == "play":
        game.status = Game.Status.ACTIVE
    else:
        game.status = Game.Status.FINISHED
    to_act = set(state.to_act)
    rows = list(seats if seats is not None else game.seats.exclude(index=None))
    for seat in rows:
        s = state.seats[seat.index]
        seat.faction = s.faction or ""
        seat.awaiting = seat.index in to_act
        if s.out:
            seat.status = Seat.Status.RESIGNED if s.out_reason == "resigned" else Seat.Status.OUT
        elif state.phase == "over" and state.winner == seat.index:
            seat.status = Seat.Status.WON
        else:
            seat.status = Seat.Status.PLAYING
    Seat.objects.bulk_update(rows, ["faction", "awaiting", "status"])


# === COMMANDS ===


def split_commands(text: str) -> list[str]:
    """One command per line or separated by `;` (DESIGN.md); blank ones are dropped."""
    return [part.strip() for line in text.splitlines() for part in line.split(";") if part.strip()]


def _verb(command: str) -> str:
    return command.split(None, 1)[0].lower() if command.strip() else ""


def _acting_seat(game: Game, actor: Any, source: str, seat: int | None) -> int:
    if source not in Action.Source.values:
        raise NotAllowed(f"Unknown command source {source!r}.")
    if source in SEAT_SOURCES:
        if source == "moderator" and not (actor is not None and actor.is_staff):
            raise NotAllowed("Only staff can act as moderators.")
        if seat is None or not 0 <= seat < game.players:
            raise NotAllowed("Say which seat to act for.")
        return seat
    own = seat_of(game, actor)
    if own is None or own.index is None:
        raise NotAllowed("You are not playing in this game: nobody acts for someone else.")
    if seat is not None and seat != own.index:
        raise NotAllowed("You can only give commands for your own seat.")
    return own.index


def _seat_name(game: Game, index: int) -> str:
    seat = game.seats.filter(index=index).select_related("user__profile").first()
    return seat.name if seat is not None else f"seat {index + 1}"


def apply_command(game: Game, actor: Any, text: str, source: str = "web",
                  expected_version: int | None = None, *, seat: int | None = None) -> Applied:
    """Apply a submission (one or several commands) for the actor's seat: all of it or nothing.

    One Action per command, numbered on from the log without gaps; a Snapshot whenever a turn starts;
    the players now to act are notified once the transaction commits.
    """
    with transaction.atomic():
        game = _locked(game)
        if expected_version is not None and int(expected_version) != game.version:
            raise GameMovedOn(MOVED_ON)
        if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE) or game.state is None:
            raise NotAllowed("This game is not in play.")
        index = _acting_seat(game, actor, source, seat)
        commands = split_commands(text)
        if not commands:
            raise IllegalMove("Type a command, for example “move D7 F8” or “end”.")
        state = GameState.from_dict(game.state)
        before_to_act = set(state.to_act)
        if index not in before_to_act and any(_verb(c) not in ANYTIME_VERBS for c in commands):
            waiting = ", ".join(_seat_name(game, i) for i in state.to_act) or "nobody"
            raise NotAllowed(f"It is not your turn: waiting for {waiting}.")
        steps = _play_all(state, index, commands)
        actions = _append_actions(game, actor, index, source, state, steps)
        state = steps[-1][2]
        _store_state(game, state)
        if any(before.turn != after.turn for before, _c, after, _e in steps):
            game.turn_started_at = timezone.now()
        if state.phase == "over":
            game.finished_at = timezone.now()
            game.result = _result(game, state)
        game.save()
        _notify_on_commit(game, set(state.to_act) - before_to_act)
    return Applied(game, actions, [e for a in actions for e in a.events])


Step = tuple[GameState, str, GameState, list[dict[str, Any]]]  # before, command, after, events


def _play_all(state: GameState, index: int, commands: list[str]) -> list[Step]:
    steps: list[Step] = []
    for i, command in enumerate(commands):
        try:
            outcome = play(state, index, command)
        except IllegalCommand as exc:
            if len(commands) == 1:
                raise IllegalMove(str(exc)) from None
            raise IllegalMove(f"Command {i + 1} ({command}): {exc}. Nothing was applied.") from None
        steps.append((state, command, outcome.state, outcome.events))
        state = outcome.state
    return steps


def _append_actions(game: Game, actor: Any, index: int, source: str, state: GameState,
                    steps: list[Step]) -> list[Action]:
    last = game.actions.aggregate(m=Max("seq"))["m"] or 0
    actions = []
    actor = actor if getattr(actor, "pk", None) else None
    for k, (before, command, _after, events) in enumerate(steps, start=1):
        game.version += 1
        action = Action(game=game, seq=last + k, seat=index, actor=actor,
                        command=command, events=events, source=source, turn=before.turn,
                        version_after=game.version)
        actions.append(action)
    Action.objects.bulk_create(actions)
    for action, (before, _command, after, _events) in zip(actions, steps, strict=True):
        if after.turn != before.turn:
            Snapshot.objects.create(game=game, seq=action.seq, turn=after.turn, state=after.to_dict())
    return actions


def _result(game: Game, state: GameState) -> dict[str, Any]:
    """The winner first, then the others from the last to go out to the first."""
    out_order = [e["seat"] for a in game.actions.filter(undone=False).order_by("seq")
                 for e in a.events if e.get("type") == "out"]
    places: list[int] = [] if state.winner is None else [state.winner]
    places += [s for s in reversed(out_order) if s not in places]
    places += [s.index for s in state.seats if s.index not in places]
    return {"winner": state.winner, "places": places}


def _notify_on_commit(game: Game, seats: set[int]) -> None:
    if not seats:
        return
    from games.tasks import notify_turn

    game_id, version = game.pk, game.version
    transaction.on_commit(lambda: notify_turn.delay(game_id, version))


# === UNDO ===


def undoable_actions(game: Game, seat: int) -> list[Action]:
    """The seat's actions of the current turn since the last die roll (or card draw, or elimination)."""
    snapshot = game.snapshots.order_by("-seq").first()
    if snapshot is None:
        return []
    turn = list(game.actions.filter(seq__gt=snapshot.seq, undone=False).order_by("seq"))
    for i in range(len(turn) - 1, -1, -1):
        if _verb(turn[i].command) in ("accept", "reroll") or any(
                e.get("type") in UNDO_BARRIERS for e in turn[i].events):
            turn = turn[i + 1:]
            break
    return [a for a in turn if a.seat == seat and _verb(a.command) not in ANYTIME_VERBS]


def undo(game: Game, actor: Any, expected_version: int | None = None) -> Applied:
    """Take back the active player's actions of this turn after the last die roll.

    Append-only: the rows are marked undone and the state is rebuilt by replaying the turn's snapshot
    with the actions that remain (other seats' standing orders included).
    """
    with transaction.atomic():
        game = _locked(game)
        if expected_version is not None and int(expected_version) != game.version:
            raise GameMovedOn(MOVED_ON)
        if game.status != Game.Status.ACTIVE or game.state is None:
            raise NotAllowed("Only a game in play has moves to take back.")
        own = seat_of(game, actor)
        state = GameState.from_dict(game.state)
        if own is None or own.index is None or own.index != state.active or state.pending is not None:
            raise NotAllowed("Only the player whose turn it is can take back moves.")
        takeback = undoable_actions(game, own.index)
        if not takeback:
            raise ServiceError("Nothing to take back: no move of yours this turn since the last die roll.")
        Action.objects.filter(pk__in=[a.pk for a in takeback]).update(undone=True)
        snapshot = game.snapshots.order_by("-seq").first()
        assert snapshot is not None
        state = replay(GameState.from_dict(snapshot.state),
                       game.actions.filter(seq__gt=snapshot.seq, undone=False).order_by("seq"))
        game.version += 1
        _store_state(game, state)
        game.save()
    for a in takeback:
        a.undone = True
    return Applied(game, takeback, [])


# === REPLAY ===


def replay(state: GameState, actions: Iterable[Action]) -> GameState:
    """Re-apply logged actions; the state's own seeded generator makes it exact."""
    for action in actions:
        state = play(state, action.seat if action.seat is not None else 0, action.command).state
    return state


def log_actions(game: Game) -> list[Action]:
    """The actions that count (undone ones are skipped), in order."""
    return list(game.actions.filter(undone=False).order_by("seq"))


def state_after(game: Game, actions: Sequence[Action], step: int) -> GameState | None:
    """The state after the first `step` counted actions (0: the start), from the nearest snapshot."""
    if step < 0 or step > len(actions):
        raise ValueError(f"step must be between 0 and {len(actions)}")
    target_seq = actions[step - 1].seq if step else 0
    snapshot = game.snapshots.filter(seq__lte=target_seq).order_by("-seq").first()
    if snapshot is None:
        return None
    todo = [a for a in actions[:step] if a.seq > snapshot.seq]
    return replay(GameState.from_dict(snapshot.state), todo)


def record(game: Game) -> dict[str, Any]:
    """The full record of a game as JSON-safe data (the download)."""
    seats = game.seats.exclude(index=None).select_related("user__profile").order_by("index")
    return {
        "game": game.pk, "edition": game.edition, "players": game.players, "variants": game.variants,
        "faction_mode": game.faction_mode, "dice_mode": game.dice_mode, "seed": game.seed,
        "status": game.status, "version": game.version, "result": game.result,
        "created_at": game.created_at.isoformat(),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "seats": [{"index": s.index, "name": s.name, "faction": s.faction, "status": s.status}
                  for s in seats],
        "initial_state": (game.snapshots.filter(seq=0).values_list("state", flat=True).first()),
        "actions": [{"seq": a.seq, "seat": a.seat, "command": a.command, "source": a.source, "turn": a.turn,
                     "undone": a.undone, "events": a.events, "at": a.created_at.isoformat()}
                    for a in game.actions.order_by("seq")],
        "final_state": game.state,
    }


def command_log(game: Game) -> str:
    """The counted commands as text, one per line: `seq seat command`."""
    names = {s.index: s.name for s in game.seats.exclude(index=None).select_related("user__profile")}
    lines = [f"# MetalTalon game {game.pk}: {game.edition}, {game.players} players, seed {game.seed}"]
    lines += [f"# seat {i + 1}: {names[i]}" for i in sorted(names)]
    lines += [f"{a.seq}\t{a.seat + 1 if a.seat is not None else '-'}\t{a.command}" for a in log_actions(game)]
    return "\n".join(lines) + "\n"


# === CHAT ===

CHAT_MAX = 1000


def check_chat(game: Game, user: Any) -> None:
    if not user.is_authenticated:
        raise NotAllowed("Log in to chat.")
    if not (user.is_staff or game.seats.filter(user=user).exists()):
        raise NotAllowed("Only the game's players can chat here.")


def post_chat(game: Game, user: Any, text: str) -> ChatMessage:
    check_chat(game, user)
    text = text.strip()
    if not text:
        raise ServiceError("Write something first.")
    if len(text) > CHAT_MAX:
        raise ServiceError(f"Chat messages are at most {CHAT_MAX} characters ({len(text)} given).")
    return ChatMessage.objects.create(game=game, user=user, text=text)


def report_chat(message: ChatMessage, user: Any, reason: str = "") -> ChatReport:
    if not user.is_authenticated or not can_view(message.game, user):
        raise NotAllowed("You cannot see this message.")
    if message.user_id == user.pk:
        raise ServiceError("You cannot report your own message.")
    report, created = ChatReport.objects.get_or_create(message=message, reporter=user,
                                                       defaults={"reason": reason.strip()[:300]})
    if not created:
        raise ServiceError("You have already reported this message; moderators will look at it.")
    return report


def visible_chat(game: Game) -> Any:
    return game.chat.filter(hidden=False).select_related("user__profile")


def open_invitations(user: Any) -> list[Invitation]:
    """Invitations to games still waiting for players that the user has not answered by joining."""
    return list(Invitation.objects.filter(user=user, accepted_at__isnull=True, game__status=Game.Status.OPEN)
                .exclude(game__seats__user=user).select_related("game", "invited_by__profile"))


def take_unread_notices(user: Any, limit: int = 20) -> list[Notice]:
    """The newest unread notices, marked read now that they are shown."""
    notices = list(Notice.objects.filter(user=user, read_at__isnull=True).select_related("game")[:limit])
    if notices:
        Notice.objects.filter(pk__in=[n.pk for n in notices]).update(read_at=timezone.now())
    return notices


def my_games(user: Any) -> Any:
    """The user's games, those awaiting them first, then by most recent turn."""
    awaiting = Seat.objects.filter(game=OuterRef("pk"), user=user, awaiting=True,
                                   game__status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
    return (Game.objects.filter(seats__user=user).annotate(mine_awaiting=Exists(awaiting))
            .select_related("created_by")
            .order_by("-mine_awaiting", F("turn_started_at").desc(nulls_last=True), "-created_at"))
