"""The site's own address, `<MAIL_SITE_LOCAL_PART>@MAIL_DOMAIN` (play@...): a player who plays by mail alone
starts, joins and rematches games there (docs/architecture.md, "Playing by e-mail").

games/mail/inbound.py hands a mail here only after the checks every mail passes (not automatic, SPF/DKIM
where configured, the rate limit) and once its sender is a verified address of an active player; a
stranger's mail is dropped unanswered there, as at a seat's address. The mail is read as lines of
commands, up to MOST_COMMANDS, stopping at the first line that is none:

    new <game> [players N] [bots N] [level L] [public|private] [rated|unrated] [option=value ...]
    join <game id>
    rematch <game id>
    games
    help

`new` fills in the lobby's form (games/forms.py NewGameForm) as if the player had changed only what the
mail names, so the options are checked exactly as on the web, and creates the game through the same
actions as the lobby's view (games/actions/lobby.py, games/actions/bots.py). The answer says what was done
(the game's id and the seat address that plays it) or why not, in words; with one game entered and nothing
else, it replies to that seat's address and shows the position when the seat is asked something, so a
reply to the answer plays.

A message delivered twice (the same Message-ID) is done once: the cache remembers it for a week (with the
cache out of reach it is done again: a second game rather than a lost one). The answer is sent on commit
without a Notification row (none fits a mail about no game yet): a failed send is logged, not retried.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field
from email.utils import parseaddr
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.template.loader import render_to_string

from games import actions
from games.actions.actor import Actor
from games.actions.errors import ActionError
from games.actions.rematch import rematch
from games.forms import FIRST_GAME_BOT, PEOPLE, NewGameForm
from games.kinds import Kind, offered_kinds
from games.mail.addresses import notice_headers, seat_address, user_headers
from games.mail.message_ids import normal_message_id
from games.mail.outbound import NoticeMail
from games.mail.position import Position, attach_board, position
from games.mail.reading import is_greeting, unlisted
from games.models import Game, Seat

logger = logging.getLogger(__name__)

VERBS = ("new", "join", "rematch", "games", "help")
# More than a player writes to the site's address at once; the rest of the mail is not read.
MOST_COMMANDS = 5
# How many open games the answer to `games` lists (newest first).
GAMES_LISTED = 20
REMEMBER_SECONDS = 7 * 24 * 3600


def site_address() -> str:
    return f"{settings.MAIL_SITE_LOCAL_PART}@{settings.MAIL_DOMAIN}"


def is_site_address(address: str) -> bool:
    _, bare = parseaddr(address)
    return bare.lower() == site_address().lower()


def site_player(sender: str) -> Any:
    """The active player whose verified address the sender is, or None (a stranger, or an address two
    accounts share)."""
    if not sender:
        return None
    users = list(get_user_model().objects.filter(
        is_active=True, emailaddress__email__iexact=sender, emailaddress__verified=True).distinct()[:2])
    return users[0] if len(users) == 1 else None


@dataclass
class Done:
    """What one command did, for the answer: its line, what came of it in words, and the game it entered
    the player in (its seat), if any."""

    command: str
    lines: list[str] = field(default_factory=list)
    refused: bool = False
    seat: Seat | None = None


def receive_site_mail(user: Any, sender: str, message_id: str, subject: str, text: str,
                      rejected: str = "") -> str:
    """Do what the mail asks and send its answer (on commit); the status for the log: "played",
    "refused", "nothing" or "duplicate"."""
    identity = normal_message_id(message_id) or f"{sender}\n{subject}\n{text}"
    key = "site-mail:" + hashlib.sha256(f"{user.pk}\n{identity}".encode()).hexdigest()
    if not cache.add(key, 1, REMEMBER_SECONDS):
        return "duplicate"
    done: list[Done] = []
    ignored = ""
    try:
        with transaction.atomic():
            if not rejected:
                commands, ignored = read_site_commands(text)
                done = [_do(user, command) for command in commands]
            answer = _answer(user, sender, message_id, subject, done, ignored, rejected)
            transaction.on_commit(lambda: _send(answer))
    except BaseException:
        # Nothing was done (rolled back): the door asks the sender's server to try again, and the retry
        # must not be taken for a duplicate.
        cache.delete(key)
        raise
    if rejected or not done:
        return "rejected" if rejected else "nothing"
    return "refused" if all(d.refused for d in done) else "played"


def read_site_commands(text: str) -> tuple[list[str], str]:
    """The command lines at the top of the mail (a greeting line before them passed over, a list marker
    before each as at a seat's address), and the first line read as none ("" when every line was read)."""
    commands: list[str] = []
    for line in text.splitlines():
        line = unlisted(line).rstrip(".")
        if not line:
            continue
        verb = line.split()[0].lower()
        if verb not in VERBS:
            if not commands and is_greeting(line, _is_site_command):
                continue
            return commands, line[:200]
        if len(commands) >= MOST_COMMANDS:
            return commands, line[:200]
        commands.append(" ".join(line.split())[:300])
    return commands, ""


def _is_site_command(line: str) -> bool:
    words = line.split()
    return bool(words) and words[0].lower() in VERBS


# === The commands ===


def _do(user: Any, command: str) -> Done:
    verb, _, rest = command.partition(" ")
    verb = verb.lower()
    done = Done(command=command)
    try:
        # A savepoint each: a refused command leaves the ones before it done.
        with transaction.atomic():
            if verb == "new":
                _new(user, rest, done)
            elif verb == "join":
                _join(user, rest, done)
            elif verb == "rematch":
                _rematch(user, rest, done)
            elif verb == "games":
                _games(user, done)
            else:
                done.lines = help_lines()
    except ActionError as exc:
        done.refused = True
        done.lines = [exc.message]
    except _Refused as exc:
        done.refused = True
        done.lines = [str(exc)]
    return done


class _Refused(Exception):
    pass


def _kind_or_none(words: str) -> Kind | None:
    def bare(text: str) -> str:
        return re.sub(r"[^a-z0-9]", "", text.lower())

    return next((k for k in offered_kinds() if bare(words) in (bare(k.name), bare(k.title))), None)


def _kind_named(word: str) -> Kind:
    kind = _kind_or_none(word)
    if kind is not None:
        return kind
    raise _Refused(f"There is no game called “{word}” here. The games: "
                   + ", ".join(k.name for k in offered_kinds()) + ".")


def _new(user: Any, rest: str, done: Done) -> None:
    words = rest.split()
    if not words:
        raise _Refused("Say which game: " + " or ".join(f"“new {k.name}”" for k in offered_kinds()) + ".")
    # A title of two words ("Metal Adventures") or a name of one ("metal-adventures").
    two = _kind_or_none(" ".join(words[:2])) if len(words) > 1 else None
    kind = two or _kind_named(words[0])
    data, bots, level = _form_data(user, kind, words[2:] if two is not None else words[1:])
    form = NewGameForm(data, kind=kind.name)
    if not form.is_valid():
        raise _Refused(" ".join(_form_errors(form)))
    clean = form.cleaned_data
    players = clean["players"]
    if bots is not None and bots > players - 1:
        raise _Refused(f"A game of {players} players has room for {players - 1} "
                       f"bot{'s' if players > 2 else ''} at most.")
    actor = Actor.player(user, channel="email")
    if bots == players - 1:
        game = actions.play_against_bots(actor, kind=kind.name, players=players, level=level,
                                         options=form.options(), visibility=clean["visibility"],
                                         clock=form.clock())
    else:
        game = actions.create_game(actor, kind=kind.name, players=players, options=form.options(),
                                   visibility=clean["visibility"], clock=form.clock(), rated=clean["rated"])
        for _ in range(bots or 0):
            actions.add_bot(game, actor, level)
        game.refresh_from_db()
    _entered(done, game, user, f"Game {game.pk} is made: {game.kind_title}, {game.options_text}, "
                               f"{game.players} players.")


def _form_data(user: Any, kind: Kind, words: list[str]) -> tuple[dict[str, Any], int | None, str]:
    """The lobby form's data as the web page sends it untouched, with what the mail names changed."""
    blank = NewGameForm(kind=kind.name, first_game=not Seat.objects.filter(user=user).exists())
    data: dict[str, Any] = {}
    for name, form_field in blank.fields.items():
        initial = blank.get_initial_for_field(form_field, name)
        if isinstance(form_field, forms.BooleanField):
            if initial:
                data[name] = "on"
        elif isinstance(form_field, forms.MultipleChoiceField):
            data[name] = list(initial or [])
        elif initial is not None:
            data[name] = str(initial)
    data["kind"] = kind.name
    levels = kind.bot_levels
    level = FIRST_GAME_BOT if FIRST_GAME_BOT in levels and data.get("opponents") == FIRST_GAME_BOT else (
        "greedy" if "greedy" in levels else levels[0])
    bots: int | None = None
    option_fields = {name: blank.fields[name] for name in blank.option_names}
    i = 0
    while i < len(words):
        word = words[i].lower()
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in ("players", "bots", "level", "bot") and following:
            i += 2
            if word == "players":
                data["players"] = following
            elif word == "level" or (word == "bot" and not following.isdigit()):
                level = following.lower()
            elif following.isdigit():
                bots = int(following)
            else:
                raise _Refused(f"“{word} {following}”: write the number of bots, e.g. “bots 1”.")
            continue
        i += 1
        if word in ("public", "private"):
            data["visibility"] = word
        elif word in ("rated", "unrated"):
            data["rated"] = word
        elif "=" in word:
            name, _, value = words[i - 1].partition("=")
            name = name.lower().replace("-", "_")
            if name not in option_fields:
                raise _Refused(f"{kind.title} has no option “{name}”. "
                               + _options_sentence(kind, option_fields))
            data[name] = _value(option_fields[name], value)
        else:
            named = [name for name, f in option_fields.items()
                     if isinstance(f, forms.ChoiceField) and word in {str(v).lower() for v, _ in f.choices}]
            if len(named) != 1:
                raise _Refused(f"“{words[i - 1]}” is not an option of {kind.title}. "
                               + _options_sentence(kind, option_fields))
            several = isinstance(option_fields[named[0]], forms.MultipleChoiceField)
            data[named[0]] = [word] if several else word
    players = data.get("players", "")
    if players.isdigit() and int(players) not in kind.player_counts:
        # The kind's own words (MetalTalon says why five players are not offered), as the lobby's action.
        actions.check_game_options(kind.name, int(players), {}, Game.Visibility.PUBLIC)
    if level not in levels:
        raise _Refused(f"{kind.title} has no bot “{level}”: its bots are " + ", ".join(levels) + ".")
    all_bots = bots is not None and bots > 0 and bots == _players(data, kind) - 1
    data["opponents"] = level if all_bots else PEOPLE
    return data, bots, level


def _players(data: dict[str, Any], kind: Kind) -> int:
    try:
        return int(data.get("players") or kind.player_counts[0])
    except ValueError:
        return kind.player_counts[0]


def _value(form_field: forms.Field, value: str) -> Any:
    if isinstance(form_field, forms.BooleanField):
        return "on" if value.lower() in ("yes", "on", "true", "1") else ""
    if isinstance(form_field, forms.MultipleChoiceField):
        return [v for v in value.split(",") if v]
    return value


def _options_sentence(kind: Kind, option_fields: dict[str, forms.Field]) -> str:
    return f"Its options: {'; '.join(_option_help(name, f) for name, f in option_fields.items())}."


def _option_help(name: str, form_field: forms.Field) -> str:
    if isinstance(form_field, forms.ChoiceField):
        values = "|".join(str(v) for v, _ in form_field.choices)
        several = (" (several separated by commas)" if isinstance(form_field, forms.MultipleChoiceField)
                   else "")
        return f"{name}={values}{several}"
    if isinstance(form_field, forms.BooleanField):
        return f"{name}=yes|no"
    return f"{name}=<{str(form_field.label or name).lower()}>"


def _form_errors(form: NewGameForm) -> list[str]:
    out = []
    for name, errors in form.errors.items():
        label = "" if name == "__all__" else f"{form.fields[name].label or name.replace('_', ' ')}: "
        out.extend(f"{label}{error}" for error in errors)
    return out


def _open_to(user: Any, game: Game | None) -> bool:
    """The player may see this game by its id: public, or theirs, or private and they are invited. Any other
    id is answered as one that does not exist (a private game's existence is not told)."""
    if game is None:
        return False
    return (game.visibility == Game.Visibility.PUBLIC or game.seats.filter(user=user).exists()
            or game.invitations.filter(user=user).exists())


def _game_by_id(user: Any, rest: str, verb: str) -> Game:
    digits = rest.strip().lstrip("#")
    if not digits.isdigit():
        raise _Refused(f"Give the game's number: “{verb} 12”.")
    game = Game.objects.filter(pk=int(digits)).first()
    if not _open_to(user, game):
        raise _Refused(f"There is no game {digits} open to you.")
    assert game is not None
    return game


def _join(user: Any, rest: str, done: Done) -> None:
    game = _game_by_id(user, rest, "join")
    actions.join_game(game, Actor.player(user, channel="email"))
    game.refresh_from_db()
    _entered(done, game, user, f"You have taken a seat in game {game.pk}: {game.kind_title}, "
                               f"{game.options_text}, {game.players} players.")


def _rematch(user: Any, rest: str, done: Done) -> None:
    game = _game_by_id(user, rest, "rematch")
    made = rematch(game, Actor.player(user, channel="email"))
    what = (f"Game {made.game.pk} is the rematch of game {game.pk}, with the same players"
            + (" (the others are invited)." if made.made and made.game.players > 1 else ".")
            if made.made else f"You have your seat in game {made.game.pk}, the rematch of game {game.pk}.")
    made.game.refresh_from_db()
    _entered(done, made.game, user, what)


def _entered(done: Done, game: Game, user: Any, what: str) -> None:
    seat = game.seats.select_related("game").get(user=user)
    done.seat = seat
    taken = game.seats.count()
    if game.status == Game.Status.OPEN:
        free = game.players - taken
        state = (f"It starts when {free} more seat{'s are' if free > 1 else ' is'}"
                 f" taken; others join by writing “join {game.pk}” to {site_address()}, or on the site.")
    else:
        state = "It has started."
    done.lines = [what, state, f"Write your commands for this game to {seat_address(seat)}"]


def _games(user: Any, done: Done) -> None:
    games = list(Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
                 .exclude(seats__user=user).prefetch_related("seats__user__profile")
                 .order_by("-created_at")[:GAMES_LISTED])
    if not games:
        done.lines = ["No game is waiting for players now. Start one: “new metaltalon players 2”."]
        return
    done.lines = ["Games waiting for players (write “join <number>” to take a seat):"]
    for game in games:
        seats = list(game.seats.all())
        names = ", ".join(s.name for s in seats)
        done.lines.append(f"{game.pk}: {game.kind_title}, {game.options_text}, "
                          f"{len(seats)} of {game.players} seats taken ({names})")


def help_lines() -> list[str]:
    lines = [f"Write to {site_address()}, one command per line:",
             "  new <game> [players N] [bots N] [level L] [public|private] [rated|unrated]"
             " [option=value ...]",
             "      a new game; with bots in every other seat it starts at once",
             "  join <number>       take a seat in a game waiting for players",
             "  rematch <number>    the same game again, with the same players, once it is over",
             "  games               the games waiting for players",
             "  help                this"]
    for kind in offered_kinds():
        blank = NewGameForm(kind=kind.name)
        option_fields = {name: blank.fields[name] for name in blank.option_names}
        counts = ", ".join(map(str, kind.player_counts))
        lines.append(f"{kind.name} ({kind.title}): {counts} players; bots: {', '.join(kind.bot_levels)}. "
                     + _options_sentence(kind, option_fields))
    lines.append("For example: new metaltalon players 2 bots 1")
    return lines


# === The answer ===


@dataclass(frozen=True)
class _Answer:
    mail: NoticeMail


def _answer(user: Any, sender: str, message_id: str, subject: str, done: list[Done], ignored: str,
            rejected: str) -> _Answer:
    entered = [d.seat for d in done if d.seat is not None]
    single = entered[0] if len(entered) == 1 and len(done) == 1 else None
    pos: Position | None = None
    if single is not None and single.index is not None and single.game.state is not None:
        single.game.refresh_from_db()
        pos = position(single.game, single)
        if not pos.awaited:
            pos = None
    ctx = {"name": user.display_name, "done": done, "ignored": ignored, "rejected": rejected,
           "position": pos, "site_address": site_address(), "site": settings.SITE_URL,
           "help": help_lines() if not done and not rejected else []}
    theirs = " ".join(subject.split())[:150]
    title = (theirs if theirs.lower().startswith("re:") else f"Re: {theirs}") if theirs else "Your mail"
    if single is not None:
        headers = notice_headers(single.game, user.pk, prompt=pos.prompt if pos is not None else None,
                                 answering=message_id)
        reply_to = seat_address(single)
    else:
        headers = user_headers(user.pk)
        headers.pop("List-Unsubscribe", None)
        headers.pop("List-Unsubscribe-Post", None)
        if message_id:
            headers["In-Reply-To"] = headers["References"] = message_id
        reply_to = site_address()
    headers["Auto-Submitted"] = "auto-replied"
    mail = NoticeMail(subject=title, body=render_to_string("games/mail/site_answer.txt", ctx),
                                  to=[sender], headers=headers, reply_to=[reply_to])
    mail.attach_alternative(render_to_string("games/mail/site_answer.html", ctx), "text/html")
    if pos is not None:
        attach_board(mail, pos)
    return _Answer(mail)


def _send(answer: _Answer) -> None:
    try:
        answer.mail.send()
    except Exception:  # the command stands; its answer is lost, and the log says so
        logger.exception("the answer to a mail to the site's address could not be sent")
