"""Games, seats, the append-only action log, turn snapshots, invitations, chat, in-site notices and the
e-mails owed (Notification).

Nothing here changes a game: the actions in games/actions/ are the writers (docs/architecture.md).
Models only describe rows and answer small questions about them.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone

from games.clock.rules import ClockRules
from games.seats import bot_title


def new_secret() -> str:
    """A URL-safe random token (private-game links, e-mail reply addresses)."""
    return secrets.token_urlsafe(12)


PLAYER_CHOICES = [(2, "2 players"), (3, "3 players"), (4, "4 players"), (6, "6 players")]


class NullsLastIndex(models.Index):
    """An index read in an order with NULLS LAST, which PostgreSQL needs in the index to read it in that
    order; SQLite (the embedded default) cannot say NULLS LAST in an index, so there it is built plainly
    (SQLite sorts a list of one machine's games itself in no time)."""

    def create_sql(self, model: Any, schema_editor: Any, using: str = "", **kwargs: Any) -> Any:
        if schema_editor.connection.vendor == "postgresql":
            return super().create_sql(model, schema_editor, using=using, **kwargs)
        plain = [models.OrderBy(e.expression, descending=e.descending) if isinstance(e, models.OrderBy) else e
                 for e in self.expressions]
        return models.Index(*plain, name=self.name, condition=self.condition).create_sql(
            model, schema_editor, using=using, **kwargs)


# A clock allows a turn at least this long (games/clock/rules.py checks every allowance is an hour or more).
SHORTEST_TURN = timedelta(hours=1)


class LateFrom(models.Func):
    """When an awaited seat can first count as stalled, give or take the dashboard's grace
    (games/dashboard.py): with its clock running, when that runs out (Seat.due_at); with none running
    (no clock, or paused), SHORTEST_TURN after it was first awaited, as no clock allows less. The
    dashboard reads its index (`seat_late_from`) for the seats past it, which are few whatever the number
    of games in play, where the longest waits are mostly turns still on time.

    PostgreSQL indexes only an immutable expression: the sum is taken in UTC without a time zone
    (timestamptz + interval depends on the session's zone) and given back one, so the column compares
    with any timestamptz. SQLite keeps UTC text, which datetime() adds to."""

    output_field = models.DateTimeField()

    def __init__(self) -> None:
        super().__init__(F("clock_since"), F("clock_left"), F("awaited_since"))

    def _sql(self, compiler: Any, connection: Any, template: str) -> tuple[str, list[Any]]:
        # Three columns (no parameters: a column has none), each named where the template says.
        since, left, awaited = (compiler.compile(e)[0] for e in self.get_source_expressions())
        return template.format(since=since, left=left, awaited=awaited,
                               shortest=int(SHORTEST_TURN.total_seconds())), []

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        return self._sql(compiler, connection, (
            "(CASE WHEN {since} IS NOT NULL AND {left} IS NOT NULL"
            " THEN datetime({since}, '+' || {left} || ' seconds')"
            " ELSE datetime({awaited}, '+{shortest} seconds') END)"))

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        return self._sql(compiler, connection, (
            "(CASE WHEN {since} IS NOT NULL AND {left} IS NOT NULL"
            " THEN timezone('UTC', timezone('UTC', {since}) + {left} * interval '1 second')"
            " ELSE timezone('UTC', timezone('UTC', {awaited}) + interval '{shortest} seconds') END)"))


class Game(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: listed in the lobby, anyone may watch"
        PRIVATE = "private", "Private: by invitation or link, only players may watch"

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        SETUP = "setup", "Choosing factions"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="games_created")
    # The rules package (games.kinds) and its options, validated by the kind (MetalTalon: edition,
    # variants, faction_mode, dice_mode).
    kind = models.CharField(max_length=32, default="metaltalon", db_index=True)
    options = models.JSONField(default=dict, blank=True)
    players = models.PositiveSmallIntegerField(default=2)
    visibility = models.CharField(max_length=8, choices=Visibility.choices, default=Visibility.PUBLIC)
    invite_code = models.CharField(max_length=32, unique=True, default=new_secret, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    # The kind's dump(state): opaque outside the kind; null until the game starts.
    state = models.JSONField(null=True, blank=True)
    # Bumped on every applied command or undo: forms carry it so a stale submission is refused.
    version = models.PositiveIntegerField(default=0)
    # games.clock.rules.ClockRules.to_dict(): no clock, a deadline per turn or a time bank, the reminders
    # and what a timeout does. Empty for a game without a clock.
    clock = models.JSONField(default=dict, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # {"winner": seat or None, "places": [seat, ...] best first, "ranks": [place, ...] (optional, parallel to
    # places: seats tied share a place)}
    result = models.JSONField(null=True, blank=True)
    # Paused by a moderator (games/actions/moderation.py): no moves and no clocks until resumed.
    paused_at = models.DateTimeField(null=True, blank=True)
    # A moderator's line is in the game's log (games/actions/audit.py): only then does the page look for them.
    moderated = models.BooleanField(default=False)
    # Counts for the players' ratings when it ends (docs/ratings.md): only its human players are rated.
    rated = models.BooleanField(default=True)

    class Meta:
        ordering = ["-created_at"]
        # The lists that must not read every game (bench/many_games_bench.py): the archive newest first,
        # the open games and the games to watch (the lobby, the home page), the games paused (the
        # moderators' dashboard); each partial, so it holds only the rows its list reads.
        indexes = [models.Index(fields=["status", "visibility"]),
                   models.Index(F("finished_at").desc(), F("id").desc(), name="game_archive",
                                condition=Q(status="finished", visibility="public")),
                   models.Index(F("created_at").desc(), name="game_open",
                                condition=Q(status="open", visibility="public")),
                   NullsLastIndex(F("turn_started_at").desc(nulls_last=True), name="game_to_watch",
                                condition=Q(status__in=["setup", "active"], visibility="public")),
                   models.Index(fields=["paused_at"], name="game_paused",
                                condition=Q(paused_at__isnull=False)),
                   # A player's every game, told apart live or over and ordered by its end from the index
                   # alone (queries.listed_games), never from the wide rows.
                   models.Index(fields=["id"], include=["status", "finished_at"], name="game_listed")]
        # The "moderator" group's own permission (games/migrations): staff without it moderate nothing.
        permissions = [("moderate_game", "Can act as a moderator")]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.kind}, {self.players} players, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("games:game", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def is_active(self) -> bool:
        return self.status in (self.Status.SETUP, self.Status.ACTIVE)

    @property
    def options_text(self) -> str:
        """The kind's own words for this game's options ("Token edition (000) · Takeover · Six-sided die"),
        and "Unrated" for a game whose result moves no rating (docs/ratings.md)."""
        from games.kinds import get_kind

        text = get_kind(self.kind).describe_options(self.options)
        return text if self.rated else f"{text} · Unrated"

    @property
    def clock_rules(self) -> ClockRules:
        return ClockRules.from_dict(self.clock)

    @property
    def clock_text(self) -> str:
        """"3 days per turn", "time bank: ...", "no deadline"."""
        return self.clock_rules.describe()

    def get_status_display(self) -> str:
        """The status in words; a game being set up says it in its kind's words ("Choosing factions").
        Django keeps a model's own get_<field>_display."""
        if self.status == self.Status.SETUP:
            from games.kinds import words

            return words(self.kind).setup_status
        return str(dict(self.Status.choices).get(self.status, self.status))

    @property
    def kind_title(self) -> str:
        from games.kinds import get_kind

        return get_kind(self.kind).title


class Seat(models.Model):
    class Status(models.TextChoices):
        JOINED = "joined", "Joined"
        PLAYING = "playing", "Playing"
        OUT = "out", "Out"
        WON = "won", "Won"
        RESIGNED = "resigned", "Resigned"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="seats")
    bot = models.CharField(max_length=40, null=True, blank=True)
    # Turn order, 0-based; null until the game starts (seats are shuffled then).
    index = models.PositiveSmallIntegerField(null=True, blank=True)
    faction = models.CharField(max_length=20, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.JOINED)
    # Denormalised from the kind's to_act by the actions on every save, so "your turn" is one indexed query.
    awaiting = models.BooleanField(default=False, db_index=True)
    # The key of what the seat is asked now (games/kinds/protocol.py, Prompt), "" when it is not awaited:
    # notices, the clock's stints, the stale check of mailed replies and webhooks key on it.
    prompt = models.CharField(max_length=40, blank=True, default="")
    # For e-mail replies (a later issue): the address carries it, so it must stay secret and unique.
    reply_token = models.CharField(max_length=32, unique=True, default=new_secret, editable=False)
    joined_at = models.DateTimeField(auto_now_add=True)
    # The newest chat message (pk) this player has read: later messages by others are "new" for them.
    # Moved forward only, by actions.mark_chat_read and when they post (docs/architecture.md, Chat).
    chat_read = models.PositiveBigIntegerField(default=0)
    # The seat's clock (games/actions/clock.py), kept by the actions whenever `awaiting` changes. Since
    # when the game has waited for this seat (the "next game" button takes the longest wait first).
    awaited_since = models.DateTimeField(null=True, blank=True)
    # The current stint: the prompt it answers (its reminders and timeout are keyed on it), whether that
    # is a question out of turn (its own window: no time bank, no vote to expel), the seconds allowed
    # then, and the seconds left as of `clock_since` (null while paused: vacation, or an own turn held
    # while other seats answer a question of it: games/actions/clock.py).
    clock_prompt = models.CharField(max_length=40, null=True, blank=True)
    clock_out_of_turn = models.BooleanField(default=False)
    clock_allowed = models.FloatField(null=True, blank=True)
    clock_left = models.FloatField(null=True, blank=True)
    clock_since = models.DateTimeField(null=True, blank=True)
    # A time bank's seconds between the player's turns (null: not a time-bank game, or not started).
    bank = models.FloatField(null=True, blank=True)
    # Timeouts in a row (reset when the player plays) and in all.
    timeouts = models.PositiveSmallIntegerField(default=0)
    timeouts_total = models.PositiveSmallIntegerField(default=0)
    # The player left this game by letting the clock run out: expelled by the others' vote, or still in a
    # run of timeouts when they lost (games/actions/expel.py); their public page counts it.
    abandoned = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "index", "joined_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
        ]
        # The archive's search by label (games/archive.py), the dashboard's longest waits and
        # its players with timeouts (games/dashboard.py): none of them a read of every seat.
        indexes = [models.Index(fields=["faction"], name="seat_faction"),
                   # A player's games, read from the index alone (queries.listed_games).
                   models.Index(fields=["user", "game"], name="seat_user_game"),
                   models.Index(fields=["awaited_since"], name="seat_awaited", condition=Q(awaiting=True)),
                   # The dashboard's stalled games: the awaited seats past their LateFrom, read from here.
                   models.Index(LateFrom(), name="seat_late_from", condition=Q(awaiting=True)),
                   models.Index(fields=["user"], name="seat_timed_out", condition=Q(timeouts_total__gt=0))]

    def __str__(self) -> str:
        who = self.user.display_name if self.user else (self.bot or "empty")
        return f"Seat {self.index} of game {self.game_id}: {who}"

    @property
    def due_at(self) -> Any:
        """When this seat's time runs out, or None (no clock, not awaited, or paused)."""
        if self.clock_since is None or self.clock_left is None:
            return None
        return self.clock_since + timedelta(seconds=self.clock_left)

    @property
    def paused(self) -> bool:
        return self.awaiting and self.clock_left is not None and self.clock_since is None

    @property
    def name(self) -> str:
        if self.user is not None:
            return self.user.display_name
        if self.bot:
            return bot_title(self.bot)
        return "empty seat"


class Action(models.Model):
    """One applied command. Append-only: undo only sets `undone`, the row stays and replay skips it."""

    class Source(models.TextChoices):
        WEB = "web", "Web"
        EMAIL = "email", "E-mail"
        API = "api", "API"
        BOT = "bot", "Bot"
        TIMEOUT = "timeout", "Timeout"
        MODERATOR = "moderator", "Moderator"
        SYSTEM = "system", "System"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    command = models.TextField()
    events = models.JSONField(default=list, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.WEB)
    # The engine's turn number when the command was given (0 during the faction deal).
    turn = models.PositiveIntegerField(default=0)
    version_after = models.PositiveIntegerField()
    undone = models.BooleanField(default=False)
    # Every random value the command drew, in order (games/dice.py): replay and undo read them back.
    # Null for actions logged before live dice (those replay from the state's own seed).
    dice = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="action_unique_seq")]
        # The few undone actions of a game, found without reading its log (games.history.at_step).
        indexes = [models.Index(fields=["game", "seq"], condition=models.Q(undone=True),
                                name="action_undone_seq")]

    def __str__(self) -> str:
        # Never the command: str() names the row wherever it is shown (the admin's inlines, titles and
        # history pages), and a command may hold a seat's hidden choice (games/admin/shown.py).
        return f"Action #{self.seq} of game {self.game_id}, seat {self.seat}"


class Snapshot(models.Model):
    """The engine state after action `seq` (0: the initial state), written when a turn starts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    turn = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="snapshot_unique_seq")]

    def __str__(self) -> str:
        return f"Snapshot of game {self.game_id} after #{self.seq}"


class Invitation(models.Model):
    """An invitation by name. `name` is the name as the inviter typed it; `user` the player who goes by it,
    or None when nobody does: such a row invites nobody, but is listed like the others, so that the game's
    page does not tell the inviter which names exist (games/actions/lobby.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations",
                             null=True, blank=True)
    name = models.CharField(max_length=150, blank=True)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    # The invitee said no (games.actions.decline_invitation): no longer listed as waiting for them; the
    # game's players see "declined" beside the name. Joining later all the same clears it.
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="invitation_once")]

    def __str__(self) -> str:
        return f"Invitation of {self.user or repr(self.name)} to game {self.game_id}"


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.TextField(max_length=1000)
    created_at = models.DateTimeField(auto_now_add=True)
    # Moderators hide rather than delete, so a report keeps its evidence.
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user}: {self.text[:40]}"


class Report(models.Model):
    """A player's report of a game, a chat message or a player, made from the game page
    (games/actions/reports.py): the moderators' queue in the admin."""

    class About(models.TextChoices):
        GAME = "game", "The game"
        CHAT = "chat", "A chat message"
        PLAYER = "player", "A player"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACTIONED = "actioned", "Actioned"
        DISMISSED = "dismissed", "Dismissed"

    about = models.CharField(max_length=8, choices=About.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reports")
    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, null=True, blank=True,
                                related_name="reports")
    # The player reported, or the chat message's author.
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
                                 related_name="reports_against")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # What is reported, as one key ("game:7", "chat:12", "player:3"): one open report per reporter and key.
    target = models.CharField(max_length=40, editable=False)
    reason = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    handled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["reporter", "target"],
                                               condition=models.Q(status="open"), name="report_open_once")]

    def __str__(self) -> str:
        return f"Report on {self.target} by {self.reporter_id}: {self.status}"


class AuditEntry(models.Model):
    """One moderator action (games/actions/moderation.py): who, when, what, why. Written in the transaction
    that does it; never changed afterwards. An entry with a game is also a line of that game's log, placed
    after the action it followed (`after_seq`)."""

    class Act(models.TextChoices):
        PAUSE = "pause", "Paused a game"
        RESUME = "resume", "Resumed a game"
        ABORT = "abort", "Aborted a game"
        REPLACE = "replace", "Replaced a player"
        REMOVE = "remove", "Removed a player"
        ROLLBACK = "rollback", "Rolled a game back"
        EXTEND = "extend", "Extended a deadline"
        HIDE_CHAT = "hide", "Hid a chat message"
        SHOW_CHAT = "show", "Showed a chat message again"
        SUSPEND = "suspend", "Suspended a user"
        BAN = "ban", "Banned a user"
        REINSTATE = "reinstate", "Reinstated a user"
        REPORT = "report", "Handled a report"

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    act = models.CharField(max_length=10, choices=Act.choices)
    reason = models.TextField()
    # What the game's log and the notices say ("paused the game"), without the reason.
    summary = models.CharField(max_length=300)
    # Kept when a game is deleted: the record outlives what it is about.
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit")
    after_seq = models.PositiveIntegerField(default=0)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="audit_about")
    message = models.ForeignKey(ChatMessage, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+")
    report = models.ForeignKey(Report, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Shown in the game's log; a report handled is the moderators' business only.
    public = models.BooleanField(default=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["game", "after_seq"])]

    def __str__(self) -> str:
        return f"{self.moderator_id} {self.act} at {self.created_at:%Y-%m-%d %H:%M}: {self.summary}"


class Notice(models.Model):
    """An in-site notification (invitations, a game starting); e-mail comes from tasks."""

    class Kind(models.TextChoices):
        INVITE = "invite", "Invitation"
        STARTED = "started", "Game started"
        TURN = "turn", "Your turn"
        FINISHED = "finished", "Game over"
        CHAT = "chat", "Chat"
        VACATION = "vacation", "Vacation"
        MODERATION = "moderation", "Moderator"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="notices")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user}: {self.text[:40]}"


class Notification(models.Model):
    """One e-mail owed to one player (docs/architecture.md, Notices). Written by the action that causes it,
    in the same transaction, and sent after commit by games.tasks.send_notification or the periodic
    sweep; `sent_at` and the lease (`claimed_until`) make a send happen at most once per row."""

    class Kind(models.TextChoices):
        TURN = "turn", "Your turn"
        FINISHED = "finished", "Game over"
        INVITED = "invited", "Invitation"
        STARTED = "started", "Game started"
        ELIMINATED = "eliminated", "Out of the game"
        REPLY = "reply", "Answer to a mailed reply"
        REMINDER = "reminder", "Deadline reminder"
        DIGEST = "digest", "Daily digest"
        MODERATION = "moderation", "Moderator's notice"

    # Null for a mail about no one game (the daily digest).
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="notifications")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # What makes a notice of this kind unique in its game: the kind's turn number for a turn or game-start
    # notice (one mail per player per turn), the InboundMail's id for an answer, 0 for a once-per-game
    # mail, the ClockDue's id for a reminder, the local date (20261123) for a daily digest.
    key = models.PositiveIntegerField(default=0)
    # A turn or game-start notice: the key of the prompt it tells (one mail per player per prompt; "" for a
    # start mail to a seat not awaited). "" for the other kinds.
    prompt = models.CharField(max_length=40, blank=True, default="")
    # A turn notice: 0 for the first notice of its prompt to this player; 1, 2... each time the same prompt
    # comes back to a seat that was not awaited meanwhile (an own turn held while others answered its
    # questions out of turn: docs/clock.md). The player must hear that the game waits for them again.
    repeat = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # Not sent before then: a turn notice waits NOTICE_DELAY_SECONDS, so one to a player who is on the
    # page (or plays meanwhile) can be dropped unsent; other kinds are due at once.
    due_at = models.DateTimeField(default=timezone.now)
    # Null until the mail went out, or until the notice was dropped unsent (`dropped`: stale, opted out).
    sent_at = models.DateTimeField(null=True, blank=True)
    dropped = models.BooleanField(default=False)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    # A sender holds the row until then; after a failure it is also the earliest next try (back-off).
    # A worker killed mid-send leaves it to expire, and the sweep takes the row again.
    claimed_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [models.UniqueConstraint(fields=["game", "user", "kind", "key", "prompt", "repeat"],
                                               name="notification_once_per_prompt_asked"),
                       models.UniqueConstraint(fields=["user", "kind", "key"], condition=models.Q(game=None),
                                               name="notification_once_per_user_key")]
        # The sweep's question: what is still unsent and due? A partial index keeps it small.
        indexes = [models.Index(fields=["due_at"], condition=models.Q(sent_at__isnull=True),
                                name="notification_unsent")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.key} of game {self.game_id} for {self.user_id}"


class InboundMail(models.Model):
    """A mail received for a seat's signed address from its player (games/actions/mail.py). The row is
    written in the transaction that plays the mail's commands, and its unique key makes a re-delivered
    message (the same Message-ID) a no-op. The answer is a Notification of kind "reply" keyed by its id;
    `report` holds what that answer says (played, refused, not tried)."""

    class Outcome(models.TextChoices):
        PLAYED = "played", "Commands played"
        REFUSED = "refused", "A command refused"
        NOTHING = "nothing", "Nothing to play"
        REJECTED = "rejected", "Mail not accepted"

    # SHA-256 of the seat and the Message-ID in its normal form (games/mail/message_ids.py), or, for a
    # message without one, of what identifies it (games/mail/inbound.py).
    key = models.CharField(max_length=64, unique=True)
    message_id = models.CharField(max_length=300, blank=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="inbound_mails")
    seat = models.ForeignKey(Seat, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="inbound_mails")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="inbound_mails")
    received_at = models.DateTimeField(auto_now_add=True)
    size = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    report = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"{self.outcome} mail from {self.user_id} to game {self.game_id}"


class ClockDue(models.Model):
    """One reminder or timeout owed to a seat for one stint of its clock (games/actions/clock.py): the
    index the beat's scan reads (games/tasks.py), never a scan over all games. Unique per seat, prompt and
    kind, so a stint's reminder or timeout happens at most once; `done_at` is set in the transaction that
    does it (or finds it no longer due), so a task run twice does nothing the second time."""

    class Kind(models.TextChoices):
        HALF = "half", "Reminder at half-time"
        LAST = "last", "Last-call reminder"
        TIMEOUT = "timeout", "Timeout"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="clock_dues")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="clock_dues")
    # The prompt of the stint (Seat.clock_prompt), and the turn it was asked in (a rollback forgets the
    # reminders of the turns it takes back: games/actions/moderation.py).
    prompt = models.CharField(max_length=40)
    turn = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    # Null while the seat's clock is paused (vacation): the scan does not see it then.
    due_at = models.DateTimeField(null=True, blank=True)
    # The scan queued a task for it: not queued again before then (a lost task is queued again after).
    queued_until = models.DateTimeField(null=True, blank=True)
    done_at = models.DateTimeField(null=True, blank=True)
    # What became of it: "reminded", "timed out", "vacation", "stale" (the seat played or the game moved
    # on first), "stuck" (the kind had no command for the clock to play).
    outcome = models.CharField(max_length=16, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_at"]
        constraints = [models.UniqueConstraint(fields=["seat", "prompt", "kind"],
                                               name="clockdue_once_per_prompt")]
        indexes = [models.Index(fields=["due_at"], condition=models.Q(done_at__isnull=True),
                                name="clockdue_pending")]

    def __str__(self) -> str:
        return f"{self.kind} for seat {self.seat_id} prompt {self.prompt} at {self.due_at}"


class ExpelVote(models.Model):
    """After `expel_after` timeouts in a row (a game whose clock says so), the other players still in vote
    to expel the absent player or keep waiting (games/actions/expel.py). One open vote per seat."""

    class Outcome(models.TextChoices):
        EXPELLED = "expelled", "Expelled"
        KEPT = "kept", "Kept waiting"
        VOID = "void", "Void: the player came back or the game ended"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="expel_votes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="expel_votes")
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True)

    class Meta:
        ordering = ["-opened_at"]
        constraints = [models.UniqueConstraint(fields=["seat"], condition=models.Q(closed_at=None),
                                               name="expelvote_one_open")]

    def __str__(self) -> str:
        return f"Vote on seat {self.seat_id} of game {self.game_id}: {self.outcome or 'open'}"


class ExpelBallot(models.Model):
    vote = models.ForeignKey(ExpelVote, on_delete=models.CASCADE, related_name="ballots")
    voter = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    expel = models.BooleanField()
    cast_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["vote", "voter"], name="ballot_once")]

    def __str__(self) -> str:
        return f"{'expel' if self.expel else 'wait'} by seat {self.voter_id}"


class Ladder(models.Model):
    """The games rated together (docs/ratings.md): a kind's rating pool (MetalTalon: an edition) at one
    player count, or at every count (players 0). Its row is locked while a result is rated, and it keeps
    the last game it rated, so a result that arrives out of order rates the ladder again from the record."""

    kind = models.CharField(max_length=32)
    pool = models.CharField(max_length=32)
    label = models.CharField(max_length=80)  # the kind's words for the pool ("Token edition (000)")
    players = models.PositiveSmallIntegerField(default=0)
    last_finished_at = models.DateTimeField(null=True, blank=True)
    last_game_id = models.PositiveBigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "pool", "players"], name="ladder_once")]

    def __str__(self) -> str:
        count = f"{self.players} players" if self.players else "every player count"
        return f"{self.label}, {count}"


class Rating(models.Model):
    """A player's openskill rating on one ladder; `score` is its ordinal (mu - 3 sigma), what the
    leaderboard sorts by and shows."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="ratings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    score = models.FloatField(db_index=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ladder", "user"], name="rating_once")]
        # The leaderboard's order (games/leaderboard.py) read from an index, not sorted from the ladder's
        # every rating.
        indexes = [models.Index(F("ladder"), F("score").desc(), F("games").desc(), F("user"),
                                name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.ladder_id}: {self.score:.1f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating on one ladder: the rating history's rows."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    place = models.PositiveSmallIntegerField()  # among the game's rated players, 1 for the best
    rated_players = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    score_before = models.FloatField()
    score_after = models.FloatField()
    at = models.DateTimeField()  # the game's end

    class Meta:
        ordering = ["at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["ladder", "game", "user"], name="ratingchange_once")]

    def __str__(self) -> str:
        return f"{self.user_id} in game {self.game_id}: {self.score_before:.1f} -> {self.score_after:.1f}"


class Webhook(models.Model):
    """A URL that receives a JSON POST when it is its owner's turn (docs/api.md, "Webhooks"): in one game,
    or in every game of theirs when `game` is null. Signed with `secret` (HMAC-SHA256)."""

    class Format(models.TextChoices):
        JSON = "json", "JSON (the site's own fields)"
        DISCORD = "discord", "Discord (a message for a channel webhook)"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="webhooks")
    url = models.URLField(max_length=500)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # What the last delivery or test met, for the owner's list: "delivered" or "failed" (no network detail:
    # games/actions/webhooks.py, _outcome).
    last_outcome = models.CharField(max_length=200, blank=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.format} hook of {self.user_id} to {self.url}"


class WebhookDelivery(models.Model):
    """One POST owed to one webhook: unique per hook, game, prompt and repeat, so a question is announced
    once each time it is put, however often the action or the sweep runs; `sent_at` (or `failed`) ends
    it."""

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    turn = models.PositiveIntegerField()
    # The prompt announced (Seat.prompt of the hook's player): one POST per question put to them.
    prompt = models.CharField(max_length=40)
    # 0 for the first POST of its prompt; 1, 2... each time the same prompt comes back to a seat that was
    # not awaited meanwhile, as Notification.repeat counts a turn mail's.
    repeat = models.PositiveSmallIntegerField(default=0)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    failed = models.BooleanField(default=False)  # gave up after the last retry
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["webhook", "game", "prompt", "repeat"],
                                               name="webhook_once_a_prompt_asked")]
        indexes = [models.Index(fields=["next_try_at"], condition=models.Q(sent_at=None, failed=False),
                                name="webhook_pending")]

    def __str__(self) -> str:
        return f"hook {self.webhook_id}, game {self.game_id} prompt {self.prompt}"
