"""Playing a mailed reply (docs/architecture.md, "Playing by e-mail"): the writer behind
games.mail.inbound, which has already checked the address, the sender and the mail itself.

The mail's row (InboundMail) is written first, in the same transaction as every command it plays, and
its key (the Message-ID) is unique: a message delivered twice, even at the same instant by two servers,
plays once; the second delivery finds the row and does nothing. The commands are played one at a time as
the seat's player on the e-mail channel and reading stops at the first refused one: what went before
stands, as the mail's answer says. The answer is a Notification of kind "reply", owed in the same
transaction and sent on commit like every other notice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction

from games import seats as seats_of
from games.actions.actor import Actor
from games.actions.commands import Applied, apply_command
from games.actions.common import kind_of
from games.actions.errands import do_errands
from games.actions.errors import ActionError
from games.actions.notify import notify_reply
from games.actions.rematch import rematch
from games.actions.undo import undo
from games.kinds import Kind, Refused, shown_turn, words
from games.models import Game, InboundMail, Seat
from games.narration import narrate
from games.prompts import NOT_ASKED, asked

UNDO = "undo"
GO_ON = "go on"  # a mail's word: a refused command is skipped, and the ones after it are tried
REMATCH = "rematch"  # a mail's word once the game is over: the same game again (games/actions/rematch.py)


@dataclass(frozen=True)
class Mailed:
    """What games.mail.inbound read from one mail: the commands in order (`undo` among them), the words
    that ask for something without playing (`help`, `board`), and the first line it did not read as a
    command."""

    key: str
    message_id: str = ""
    size: int = 0
    sender: str = ""  # the address it came from: the answer goes back there
    subject: str = ""
    # The prompt key of the mail of ours it answers, when it answers one that showed a position:
    # commands written against another question's board are not played (the mail's stale-form check).
    prompt: str | None = None
    commands: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    ignored: str = ""
    stop: str = ""  # why reading stopped at `ignored` (games/mail/reading.py)
    meant: str = ""  # the command `ignored` may have meant, when it reads as a typo of one
    # Why the mail itself is not played (too big, no text in it); "" when it is read.
    rejected: str = ""


def play_mail(seat: Seat, mailed: Mailed) -> InboundMail | None:
    """Play the mail for its seat and owe its answer; None when this message was already received."""
    assert seat.user is not None, "inbound checks that the seat has a player"
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint: the duplicate's IntegrityError leaves the rest usable
                row = InboundMail.objects.create(key=mailed.key, message_id=mailed.message_id[:300],
                                                 game_id=seat.game_id, seat=seat, user=seat.user,
                                                 size=mailed.size, outcome=InboundMail.Outcome.NOTHING)
        except IntegrityError:
            return None
        # Under the game's lock, as every writer: the stale-turn check and the plays see one state.
        game = Game.objects.select_for_update().get(pk=seat.game_id)
        report = _report(mailed)
        if REMATCH in mailed.asked:  # a game still in play is refused it, and the answer says why
            report["rematch"] = _rematch(game, seat.user)
        report["rejected"] = report["rejected"] or _not_playable(game, seat, mailed)
        if not report["rejected"]:
            names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
            _play(game, Actor.player(seat.user, channel="email"), seat.index, mailed.commands, names, report,
                  go_on=GO_ON in mailed.asked)
        if not mailed.rejected:  # a mail read: its errands are done even in a game over or a stale reply
            report["errands"] = do_errands(game, seat, mailed.asked)
        row.outcome = _outcome(report)
        row.report = report
        row.save(update_fields=["outcome", "report"])
        notify_reply(row)
    return row


def _report(mailed: Mailed) -> dict[str, Any]:
    return {"played": [], "refused": None, "not_tried": [], "asked": list(mailed.asked),
            "ignored": mailed.ignored, "stop": mailed.stop, "meant": mailed.meant,
            "rejected": mailed.rejected, "from": mailed.sender,
            "subject": mailed.subject, "message_id": mailed.message_id}


def _not_playable(game: Game, seat: Seat, mailed: Mailed) -> str:
    """Why the mail's commands cannot be played at all ("" when they can be tried). A mail that answers
    another question than the one its seat is asked now is stale, unless it gives only commands that hold
    whenever they are given (standing orders, resign: Kind.anytime)."""
    if REMATCH in mailed.asked and game.status == Game.Status.FINISHED and not mailed.commands:
        return ""  # nothing to play: the rematch is the answer
    if game.status not in (Game.Status.SETUP, Game.Status.ACTIVE) or game.state is None:
        return f"Game {game.pk} is not in play ({game.get_status_display().lower()})."
    if mailed.commands and mailed.prompt is not None:
        kind = kind_of(game)
        state = kind.load(game.state)
        now = asked(game, state).get(seat.index)  # in the players' names, as the mails word it
        if (now.key if now is not None else NOT_ASKED) != mailed.prompt and not all(
                kind.anytime(c) for c in mailed.commands):
            then = (f"the game has moved on since (to {words(game.kind).turn_unit} "
                    f"{shown_turn(kind, state)})")
            if now is None:
                return (f"Your mail answers an earlier mail of game {game.pk}, {then} and is not waiting for "
                        "you now, so its commands were not played (standing orders and resign would have "
                        "been). Here is the game as it stands; a mail will tell you when you are asked "
                        "something.")
            return (f"Your mail answers an earlier mail of game {game.pk}, and {then}, so its commands "
                    f"were not played. You are asked now: {now.text}. Here is the game as it stands: "
                    "reply to this mail with your commands.")
    return ""


def _play(game: Game, actor: Actor, seat: int | None, commands: list[str], names: list[str],
          report: dict[str, Any], *, go_on: bool = False) -> None:
    """The commands in order as the seat's player. A refusal stops the mail, unless the mail says `go on`
    (then it is skipped, and the answer says so); an answer to a roll when no roll waits (the kind's
    `roll_answers`: a pre-written `accept` after a roll that was never asked about) is passed over."""
    kind = kind_of(game)
    answers = kind.roll_answers
    for i, command in enumerate(commands):
        if _verb(command) in answers and not _roll_waits(game, kind, seat, answers):
            report.setdefault("passed_over", []).append(command)
            continue
        try:
            # The seat the mail was addressed to, pinned: the action refuses if the user no longer holds it.
            if command.lower() == UNDO:
                applied = undo(game, actor)
            elif kind.anytime(command) and _verb(command) not in getattr(kind, "queries", ()):
                applied = apply_command(game, actor, _if_it_changes(kind, command), seat=seat)
            else:
                applied = apply_command(game, actor, command, seat=seat)
        except ActionError as exc:
            if go_on:
                report.setdefault("skipped", []).append({"command": command, "why": exc.message})
                continue
            report["refused"] = {"command": command, "why": exc.message, "code": exc.code}
            report["not_tried"] = commands[i + 1:]
            return
        game = applied.game
        if not applied.actions:
            unchanged = report.setdefault("unchanged", [])
            if command not in unchanged:
                unchanged.append(command)
            continue
        report["played"].append({"command": command, "lines": _lines(game, applied, command, names)})


def _rematch(game: Game, user: Any) -> dict[str, Any]:
    """The rematch asked in a reply to a finished game's mail, as the answer tells it: the new game and
    the asker's seat in it (its address is written when the answer is), or why there is none."""
    try:
        made = rematch(game, Actor.player(user, channel="email"))
    except ActionError as exc:
        return {"refused": exc.message}
    return {"game": made.game.pk, "seat": made.seat.pk, "made": made.made,
            "started": made.game.status != Game.Status.OPEN,
            "waiting": made.game.players - made.game.seats.count()}


def _verb(command: str) -> str:
    return command.split(maxsplit=1)[0].lower() if command.strip() else ""


def _roll_waits(game: Game, kind: Kind, seat: int | None, answers: tuple[str, ...]) -> bool:
    """The seat may answer a roll now (one of `answers` is legal for it), as the game stands."""
    if seat is None or game.state is None:
        return True  # let the play say why not
    legal = kind.legal_commands(kind.load(game.state), seat)
    return any(_verb(c) in answers for c in legal)


def _if_it_changes(kind: Kind, command: str) -> Callable[[Any, int], str]:
    """A standing order (or any command a seat may give at any time) that would leave the game as it is,
    such as an order already standing, is not played: like the web's orders form, it logs nothing and
    tells the other players nothing. Read under the game's lock; a refusal is left for the play to say."""

    def meaning(state: Any, seat: int) -> str:
        try:
            after, _ = kind.play(state, seat, command, _NoDice())
        except (Refused, _WouldDraw):  # a refusal is said by the play; a draw changes the game
            return command
        return "" if kind.dump(after) == kind.dump(state) else command

    return meaning


class _WouldDraw(Exception):
    pass


class _NoDice:
    """Dice for a trial play whose outcome is thrown away: no roll or draw is ever made or spent."""

    def roll(self, sides: int) -> int:
        raise _WouldDraw

    def draw(self, n: int) -> int:
        raise _WouldDraw


def _lines(game: Game, applied: Applied, command: str, names: list[str]) -> list[str]:
    """What the command did, as the web page's message says it (the player's own view: their rolls)."""
    if command.lower() == UNDO:
        return ["Took back: " + "; ".join(a.command for a in applied.actions) + "."]
    kind = kind_of(game)
    state = kind.load(game.state) if game.state else None
    return [line for a in applied.actions
            for line in narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                                reader=a.seat).lines]


def _outcome(report: dict[str, Any]) -> str:
    if report["rejected"]:
        return InboundMail.Outcome.REJECTED
    if report["refused"]:
        return InboundMail.Outcome.REFUSED
    if report["played"]:
        return InboundMail.Outcome.PLAYED
    return InboundMail.Outcome.REFUSED if report.get("skipped") else InboundMail.Outcome.NOTHING
