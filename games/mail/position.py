"""Where a game stands for one seat, as a mail shows it: everything a player needs to decide their move
without opening the site (docs/architecture.md, Notices). Used by the turn and game-start mails, the
"you are out" mail and the answer to a mailed reply.

    pos = position(game, seat)              # seat: a games.models.Seat of the game (index set)
    ctx = {..., "position": pos}            # the partials need nothing else
    mail = ...render the mail's templates with ctx...
    attach_board(mail, pos)                 # the board picture the HTML partial shows (cid:)

The partials' context contract: `templates/games/mail/_position.txt` and `_position.html` read only
`position` (a Position). Include them where the position goes:

    {% include "games/mail/_position.txt" %}      (inside the mail's own {% autoescape off %})
    {% include "games/mail/_position.html" %}     (escaped as usual)

The HTML partial shows the board as <img src="cid:{{ position.board_cid }}">: a mail that includes it must
call attach_board(mail, position) (a games.mail.outbound.NoticeMail puts the picture with the HTML in a
multipart/related part). Both partials end with how to reply when the seat has commands to give.

What the seat may see, and only that: the kind's text board and picture for that seat
(`text_board(state, seat)`, `board_svg(state, seat)`), the log as the game page shows it (each command as
the kind narrates it for this seat while the game is in play, games/narration.py: a roll is there only
once it was made, with the action that made it), the seat's own legal commands.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection
from django.urls import reverse

from games import seats as seats_of
from games.deadlines import seat_deadline
from games.kinds import Kind, get_kind, shown_turn, words
from games.mail.asked_for import rules_url
from games.mail.chat_lines import ChatLine, new_chat, unread_chat_sql
from games.models import Action, Game, Seat
from games.narration import narrate
from games.pictures import flat_svg_image, svg_png
from games.prompts import NOT_ASKED
from games.rows import Columns, split

# How far back "what happened since your last turn" reads: more than a round of six seats takes. Older
# actions are left to the game's log, which the mail links to.
SINCE_LIMIT = 150
# The legal-command summary: at most this many examples of each verb, then "and N more".
EXAMPLES = 3
# The board picture's width in pixels: fits a mail reader's column; about 55 kB as a 256-colour PNG.
BOARD_WIDTH = 640
# Board pictures kept per worker, by (game id, version, seat): several mails of one state render once.
_CACHE_SIZE = 32
# The channels through which a seat's player acts themselves: an action of the seat by the clock (its
# default answer when the time ran out) is news to them, and is told with what happened since.
BY_THE_PLAYER = (Action.Source.WEB, Action.Source.EMAIL, Action.Source.API)


@dataclass(frozen=True)
class LogLine:
    """One action of the log as this seat may read it."""

    who: str  # "B Ann" (the seat's letter and player), or "" for an action of no seat
    command: str  # as the seat may read it (the kind's narration for it while the game is in play)
    sentences: list[str]  # the kind's sentences for its events, for this seat: moves, rolls, damage, turns


@dataclass(frozen=True)
class Verb:
    """The seat's legal commands of one verb: a few examples and how many more there are."""

    verb: str
    examples: list[str]
    more: int  # legal commands of this verb not shown

    @property
    def count(self) -> int:
        return len(self.examples) + self.more


@dataclass
class Position:
    game_id: int
    title: str  # "MetalTalon game 12"
    options: str  # the kind's words for the options
    url: str  # the game page, absolute
    log_url: str  # the command log as text, absolute
    seat: int  # the seat's index
    letter: str  # "B"
    name: str  # the seat's player
    phase: str  # the kind's "setup", "play" or "over"
    turn: int  # the number people read (games.kinds.shown_turn): MetalTalon's round
    turn_unit: str  # what that number counts: "turn", or MetalTalon's "round"
    awaited: bool  # the game waits for this seat now
    # What the seat is asked (games/kinds/protocol.py, Prompt): its key ("-" when the seat is not
    # awaited; a mail carries it in its Message-ID, so a reply is known to answer this question), the
    # question in words, whether it is the seat's own turn, and what the clock answers if time runs out.
    prompt: str
    question: str
    own_turn: bool
    default: str
    waiting_for: list[str]  # the seats the game waits for, "B Ann" (this seat's own included)
    status: str  # the seat's outcome: "playing", "out", "resigned", "won" or "lost"
    text_board: str  # the kind's text board for this seat
    since: list[LogLine]  # what happened since the seat's own last action, oldest first
    since_turn: int | None  # that action's number in turn_unit (its round); None: since the start
    earlier: bool  # older actions than SINCE_LIMIT were left out (the log has them)
    commands: list[Verb]  # the seat's legal commands now, grouped by verb
    legal: list[str]  # all of them, as the kind lists them (what `help` shows in full)
    command_count: int
    command_help: str  # the kind's command syntax
    command_example: str  # the kind's example
    undo_since: str  # what `undo` takes back, in the kind's words (Kind.undo_since)
    example: str  # the example to show now: the kind's if its first verb is legal, else a legal command
    deadline: str  # "" when the game has no deadline
    board_cid: str  # the Content-ID the HTML partial shows the board picture by
    # The chat lines other players wrote since the player's last mail of the game (games/mail/chat_lines.py)
    # and how many more the game page has.
    chat: list[ChatLine]
    chat_more: int
    rules_url: str  # the game's rules page ("" for a kind without one)
    # What the picture is drawn from (not for templates).
    _kind: Kind = field(repr=False)
    _state: Any = field(repr=False)
    _version: int = field(repr=False)

    @property
    def may_reply(self) -> bool:
        """The seat is awaited and has commands to give: a reply to this mail would be played. (A seat
        not awaited may still resign or set orders, but its next turn will bring a newer mail to answer:
        a reply to this one would then be refused as answering an older turn's mail.)"""
        return self.awaited and self.command_count > 0


def position(game: Game, seat: Seat, *, state: Any = None) -> Position:
    """Where `game` stands for `seat` now (its row as read; `state` spares loading it again)."""
    if game.state is None or seat.index is None:
        raise ValueError("a position needs a started game and a seat in its turn order")
    kind = get_kind(game.kind)
    if state is None:
        state = kind.load(game.state)
    index = seat.index
    seats = {s.index: s for s in _seats(game)}
    names = seats_of.names(list(seats.values()), game.players)
    to_act = set(kind.to_act(state))
    phase = kind.phase(state)
    over = game.is_over or phase == "over"
    asked = next((p for p in kind.prompts(state, names) if p.seat == index), None) if not over else None
    since, since_turn, earlier = _since(game, kind, state, index, names)
    legal = kind.legal_commands(state, index) if not over else []
    site = settings.SITE_URL
    user = seats[index].user if index in seats else None  # read with its profile above
    profile = getattr(user, "profile", None) if user is not None else None
    chat, chat_more = new_chat(game, seats[index]) if index in seats else ([], 0)
    return Position(
        game_id=game.pk, title=f"{kind.title} game {game.pk}", options=kind.describe_options(game.options),
        url=f"{site}{game.get_absolute_url()}", log_url=f"{site}{reverse('games:log_txt', args=[game.pk])}",
        seat=index, letter=seats_of.letter(index), name=names[index], phase=phase,
        turn=shown_turn(kind, state), turn_unit=words(game.kind).turn_unit,
        awaited=asked is not None, prompt=asked.key if asked is not None else NOT_ASKED,
        question=asked.text if asked is not None else "", own_turn=asked is None or asked.own_turn,
        default=asked.default if asked is not None else "",
        waiting_for=[_who(i, names) for i in sorted(to_act)] if not over else [],
        status=kind.seat_outcome(state, index).status,
        text_board=kind.text_board(state, index, names).rstrip("\n"),
        since=since, since_turn=since_turn, earlier=earlier,
        # A question out of turn has few answers: every one is listed, none left to "and N more".
        commands=summarise(legal, len(legal) if asked is not None and not asked.own_turn else EXAMPLES),
        legal=legal,
        command_count=len(legal), command_help=kind.command_help, command_example=kind.command_example,
        undo_since=words(game.kind).undo_since,
        example=_example(kind.command_example, legal),
        deadline=_deadline(game, seats.get(index), profile) if not over else "",
        board_cid=f"board.{game.pk}.{game.version}.{index}@{settings.MAIL_DOMAIN}",
        chat=chat, chat_more=chat_more,
        rules_url=rules_url(game),
        _kind=kind, _state=state, _version=game.version)


@functools.cache
def _seats_reading() -> tuple[str, list[Columns]]:
    from accounts.models import Profile, User

    parts = [Columns(Seat, "s"), Columns(User, "u"), Columns(Profile, "p")]
    quote = connection.ops.quote_name
    profile_user = quote(Profile._meta.get_field("user").column)
    sql = (f"SELECT {', '.join(part.sql for part in parts)}, {unread_chat_sql('s')}"
           f" FROM {quote(Seat._meta.db_table)} AS s"
           f" LEFT JOIN {quote(User._meta.db_table)} AS u ON u.id = s.user_id"
           f" LEFT JOIN {quote(Profile._meta.db_table)} AS p ON p.{profile_user} = u.id"
           f' WHERE s.game_id = %s AND s."index" IS NOT NULL ORDER BY s."index", s.joined_at')
    return sql, parts


def _seats(game: Game) -> list[Seat]:
    """The game's seats in its turn order with their players and profiles, and whether the chat holds a line
    unread by each (`unread_chat`: games/mail/chat_lines.py unread_chat_sql), in SQL written once per
    process (Django compiling it as a queryset, select_related and an annotation, took about three times
    its answer's time: bench/README.md, "Notices")."""
    sql, parts = _seats_reading()
    with connection.cursor() as cursor:
        cursor.execute(sql, [game.pk])
        found = cursor.fetchall()
    seats = []
    for values in found:
        seat, user, profile = split(values[:-1], parts)
        seat.game = game
        if user is not None:
            seat.user = user
            if profile is not None:
                user.profile = profile
        seat.unread_chat = bool(values[-1])
        seats.append(seat)
    return seats


def _who(index: int | None, names: list[str]) -> str:
    if index is None or not 0 <= index < len(names):
        return ""
    return f"{seats_of.letter(index)} {names[index]}".strip()


def _since(game: Game, kind: Kind, state: Any, index: int,
           names: list[str]) -> tuple[list[LogLine], int | None, bool]:
    """The actions after the seat's player's own last one (not undone, not one the clock played for the
    seat, and not a command any seat may give at any time, such as a standing order: those do not end the
    seat's view of the turn), oldest first. One query of at most SINCE_LIMIT + 1 rows, newest first, read
    until that action."""
    # Tuples, not Action instances: the model objects were a quarter of this read's time (1.3 ms -> 1.0 ms
    # for about 40 actions, bench/README.md "Notices").
    rows = list(Action.objects.filter(game=game, undone=False).order_by("-seq")
                .values_list("seat", "command", "events", "turn", "source")[:SINCE_LIMIT + 1])
    taken: list[tuple[Any, ...]] = []
    since_turn = None
    for row in rows:
        seat, command, _events, turn, source = row
        if seat == index and source in BY_THE_PLAYER and not kind.anytime(command):
            since_turn = shown_turn(kind, state, turn)
            break
        taken.append(row)
    earlier = since_turn is None and len(rows) > SINCE_LIMIT
    taken = taken[:SINCE_LIMIT]
    lines = []
    for seat, command, events, _turn, source in reversed(taken):
        told = narrate(game, kind, state, names, seat=seat, command=command, events=events, reader=index)
        who = _who(seat, names)
        if source == Action.Source.TIMEOUT and who:
            who += " (played by the clock: time ran out)"
        lines.append(LogLine(who=who, command=told.command, sentences=told.lines))
    return lines, since_turn, earlier


def by_verb(legal: list[str]) -> dict[str, list[str]]:
    """The commands grouped by their first word, in the order the kind lists them."""
    groups: dict[str, list[str]] = {}
    for command in legal:
        words = command.split()
        if words:
            groups.setdefault(words[0].lower(), []).append(command)
    return groups


def summarise(legal: list[str], examples: int = EXAMPLES) -> list[Verb]:
    """The legal commands grouped by their first word, with a few examples each (spread over different
    second words: one move of each ship before a second one)."""
    out = []
    for verb, commands in by_verb(legal).items():
        shown: list[str] = []
        seen: set[str] = set()
        for command in commands:  # first one per second word
            second = command.split()[1].lower() if len(command.split()) > 1 else ""
            if second not in seen and len(shown) < examples:
                seen.add(second)
                shown.append(command)
        for command in commands:  # then fill up in order
            if len(shown) >= examples:
                break
            if command not in shown:
                shown.append(command)
        shown.sort(key=commands.index)
        out.append(Verb(verb=verb, examples=shown, more=len(commands) - len(shown)))
    return out


def _example(example: str, legal: list[str]) -> str:
    """The kind's example reply when it fits the moment (its first verb is legal now), else the first legal
    command: a seat choosing its faction is shown `keep`, not a move."""
    verbs = {command.split()[0].lower() for command in legal if command.split()}
    first = example.split()[0].lower() if example.split() else ""
    if not legal or first in verbs:
        return example
    return legal[0]


def _deadline(game: Game, seat: Seat | None, profile: Any) -> str:
    """The seat's deadline in words, with the moment in the reader's own time zone (a mail is read
    later); "" when the game has no clock or does not await the seat."""
    if seat is None or not (game.clock_rules.runs or seat.clock_out_of_turn):
        return ""
    return seat_deadline(game, seat).sentence(profile.time_zone if profile is not None else "UTC")


# === The board picture ===

_pictures: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
_lock = threading.Lock()


def board_png(pos: Position) -> bytes:
    """The seat's board picture (the kind's board_svg for that seat, as the game page draws it) as a PNG
    BOARD_WIDTH pixels wide, drawn once per worker for each (game, version, seat): by the kind's own
    board_png when it has one (MetalTalon's draws only the ships and the legend over a ground rasterised
    once per process, a few milliseconds), else board_svg drawn straight with cairo when it is flat
    (Metal Adventures', Metabaloids': games/pictures.py, flat_svg_image), else through cairosvg."""
    key = (pos.game_id, pos._version, pos.seat)
    with _lock:
        png = _pictures.get(key)
        if png is not None:
            _pictures.move_to_end(key)
            return png
    draw = getattr(pos._kind, "board_png", None)  # a kind's own fast drawing (Kind.board_png), if any
    if draw is not None:
        png = draw(pos._state, pos.seat, BOARD_WIDTH)
    else:
        svg = pos._kind.board_svg(pos._state, pos.seat)
        image = flat_svg_image(svg, BOARD_WIDTH)
        png = _small(image) if image is not None else _small(_on_white(svg_png(svg, BOARD_WIDTH)))
    with _lock:
        _pictures[key] = png
        while len(_pictures) > _CACHE_SIZE:
            _pictures.popitem(last=False)
    return png


def _on_white(png: bytes) -> Any:
    """cairosvg's RGBA picture flattened on white, as an RGB PIL image."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    flat = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
    flat.alpha_composite(rgba)
    return flat.convert("RGB")


def _small(image: Any) -> bytes:
    """The RGB picture in at most 256 colours: about a third of cairo's RGBA PNG, and a board's flat
    colours survive within a level or two (fast octree, no dithering: a tenth of a median cut's time, for
    Metal Adventures' and Metabaloids' pictures no pixel more than 32 levels off)."""
    import io

    from PIL import Image

    small = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    # zlib's default level: optimize=True (level 9 and a search) saved about 4% of the bytes for four to nine
    # times the encoding's time (bench/README.md, "Notices").
    small.save(out, "PNG")
    return out.getvalue()


def attach_board(mail: Any, pos: Position) -> None:
    """Attach the board picture inline under `pos.board_cid`, for the HTML partial's <img src="cid:...">."""
    from email.message import MIMEPart

    part = MIMEPart()
    part.set_content(board_png(pos), maintype="image", subtype="png", disposition="inline",
                     filename=f"board-{pos.game_id}.png", cid=f"<{pos.board_cid}>")
    mail.attach(part)
