"""The protocol every game kind implements (docs/architecture.md).

A kind is a rules package behind this small surface. The platform (actions, views, tasks, e-mail, bots,
the API) holds a kind's state only as an opaque value it got from `new_state`/`load`/`play` and stores
`dump(state)`; it never reads the JSON itself. Hidden information leaves the server only through
`view(state, seat)` and `narrate(...)` for one reader; raw events only once a game is over
(games/narration.py, docs/architecture.md "What each reader may read").
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.bots.base import Bot

Event = dict[str, Any]


class Refused(Exception):
    """The kind refuses a command, in words a player understands (what is wrong, what would be legal)."""


def split_submission(text: str, *, most: int, longest: int, examples: str) -> list[str]:
    """One submission of a rules kind into its commands: separated by `;` or new lines, at most `most`
    commands and `longest` characters; `examples` names a few commands for a submission with none."""
    if len(text) > longest:
        raise Refused(f"A submission holds at most {longest} characters, not {len(text)}.")
    found = [part.strip() for part in re.split(r"[;\r\n]", text) if part.strip()]
    if not found:
        raise Refused(f"Nothing to do: give a command, such as {examples}.")
    if len(found) > most:
        raise Refused(f"A submission holds at most {most} commands, not {len(found)}.")
    return found


# A kind's standing orders form sits outside the live region (its extras template), so nothing redraws it
# when an order is typed or mailed meanwhile. Beside each control it posts the value the page drew it with,
# in a hidden input named DRAWN + the control's name (templates/games/_drawn.html; static/js/game.js copies
# the saved values into them after an htmx save), and the kind plays only the controls changed in the form.
DRAWN = "drawn_"


def changed_in_form(data: Mapping[str, str], controls: Sequence[str]) -> bool:
    """Whether any of the controls (those setting one order) posts another value than the page drew it
    with; True when the post says nothing of how they were drawn (a form from before the drawn values,
    a hand-made post), which is then read against the seat's orders alone."""
    drawn = [(data.get(c) or "").strip() != (data.get(DRAWN + c) or "").strip()
             for c in controls if DRAWN + c in data]
    return not drawn or any(drawn)


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The player's name at lobby seat `seat`, with the seat's number when another seat has the same name
    (three "Random bot"s in one game: "Random bot 2" is seat 2, as the platform's lists write it,
    games/seats.py `told_apart`); "Seat n" when it has none."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        if list(names).count(names[seat]) > 1:
            return f"{names[seat]} {seat + 1}"
        return names[seat]
    return f"Seat {seat + 1}"


class BadOptions(Exception):
    """Game options the kind does not offer; the message says what to choose instead."""


class Dice(Protocol):
    """Every random draw of a kind goes through this object (shared/DESIGN.md, "Engine contract")."""

    def roll(self, sides: int) -> int:
        """A die: 1..sides (a MetalTalon stopwatch asks sides=10 and gets a digit 0-9)."""
        ...

    def draw(self, n: int) -> int:
        """A card or a shuffle step: 0..n-1."""
        ...


@dataclass(frozen=True)
class SeatOutcome:
    """What the platform records of one seat: its status and a short label (a faction, a role)."""

    status: str  # "playing", "out", "resigned", "won" or "lost"
    label: str = ""


# A prompt's key: letters, digits and dashes, short enough to travel in a mail's Message-ID (a reply names
# the question it answers: games/mail/addresses.py).
PROMPT_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]{0,39}")


@dataclass(frozen=True)
class Prompt:
    """What one awaited seat is asked now (docs/architecture.md, "Prompts"). The platform keys on it: one
    notice per prompt, one clock stint per prompt with its own time, the stale check of a mailed reply,
    the API's "awaiting" and the webhooks."""

    seat: int
    # Changes whenever the question to this seat changes, and never names another question of the same
    # game later (a notice is owed once per key). PROMPT_KEY's form.
    key: str
    # The question in words, for the seat asked: "it is your turn", "Ann asks you for a card: give <card>
    # or refuse". A mail's subject says it.
    text: str
    # The seat's own turn (or setup choice), or a question put to it during someone else's turn: a
    # question out of turn adds nothing to a time bank and never counts toward a vote to expel.
    own_turn: bool = True
    # A question out of turn: how long its answer may take, in seconds (a kind's option, such as a game's
    # window); None: the game's turn hours. An own turn always runs on the game's clock (docs/clock.md).
    seconds: int | None = None
    # What the clock plays when the time runs out, in the kind's words ("refuse"); "" for the game's own
    # timeout words (its setup_timeout, or playing on for the seat).
    default: str = ""


def turn_prompts(kind: Kind, state: Any, play_text: str = "it is your turn") -> list[Prompt]:
    """The prompts of a kind that asks nothing out of turn: every seat to act is asked its turn's (or, in
    its setup, its setup_prompt's) decision, keyed by the turn number."""
    key = str(kind.turn(state))
    text = getattr(kind, "setup_prompt", Kind.setup_prompt) if kind.phase(state) == "setup" else play_text
    return [Prompt(seat, key, text) for seat in kind.to_act(state)]


@dataclass(frozen=True)
class LoggedAction:
    """One action of the log for the page's viewer: a kind's page marks the latest ones (MetalTalon
    draws the last turn on its board). Never an undone action; `command` as narrate() gives it to the
    viewer; `events` raw, for the kind's own page to show only what the viewer may see."""

    seq: int
    seat: int | None
    turn: int  # the kind's turn number when the command was given
    command: str
    events: Sequence[Event]


@dataclass(frozen=True)
class Narration:
    """One action as one reader may read it while the game is in play."""

    command: str  # the command, its hidden choice masked unless the reader gave it
    lines: list[str]  # a sentence per event, saying only what the reader may know


def open_narration(kind: Kind, state: Any, seat: int | None, command: str, events: Sequence[Event],
                   reader: int | None, names: Sequence[str] | None) -> Narration:
    """`narrate` for a kind that hides nothing in its commands and events: every reader reads the
    command as typed and the kind's describe() of each event."""
    del seat, reader
    return Narration(command, [kind.describe(event, state, names) for event in events])


@dataclass
class PageInput:
    """What the game page gives a kind to draw its own part of the live region."""

    game: Any  # games.models.Game (read-only: the kind may read pk, version and its options)
    state: Any
    seat: int | None  # the viewer's seat index, or None for a spectator
    names: list[str]  # the seats' player names, by index
    query: Mapping[str, str]  # the page's GET parameters (a selection the kind understands)
    undo_ok: bool  # the undo action would take something back for this viewer now
    undo_text: str = ""  # the Undo button's words: what one click takes back ("Undo 2 actions: ...")
    # The actions still standing of the last `players` turns and the current one, oldest first: what the
    # log shows everyone, for a kind that marks recent play (empty while the game is set up).
    recent: Sequence[LoggedAction] = ()
    # The seats' public player pages, by index ("" for a bot or an empty seat).
    player_urls: Sequence[str] = ()
    extra: dict[str, Any] = field(default_factory=dict)


class Kind(Protocol):
    name: str  # stored in Game.kind
    title: str  # "MetalTalon"
    # What the game is, in one sentence for someone who never played it: the visitor's home page shows it
    # beside the title (templates/home.html); the registry refuses a kind without one.
    summary: str
    # The lobby proposes the first count and lists them all in order; a kind may word some of them in an
    # optional `player_count_labels` mapping ({2: "2 players (house rule)"}: games/forms.py). A labelled
    # count is a house rule, not the game as printed: the home page says so (games.kinds.players_words).
    player_counts: tuple[int, ...]
    # The kind's templates: its part of the game page's live region, and what follows the region (may be
    # ""). The live template gets the page's own context plus page_context(); the extras template gets the
    # page's plain values (phase, turn, my_turn, seat) and `extras`: the dict page_context() returns under
    # that name (JSON-like values: it is cached with the region).
    live_template: str
    extras_template: str
    # The command box's help line and placeholder (the same language as e-mail).
    command_help: str
    command_example: str
    # The kind's own page script and styles: static paths (its app's static/<name>/..., e.g.
    # "metaltalon/board.js") that every page showing its board loads after the platform's, scripts
    # deferred (the CSP runs no inline script: docs/architecture.md, "Headers"). A kind without them
    # declares none (games.kinds.page_assets reads a missing one as empty).
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    # The kind's rules as the site plays them: a markdown file in its package (relative to it, e.g.
    # "rules.md", shipped as package data), shown at /rules/<name>/; "" for none (no rules page).
    rules_document: str = ""
    # The kind's own pages (a builder of what players keep between games: Metabaloids' decks): the import
    # path of a URL module in its package ("games.kinds.metabaloids.urls"), mounted at /<name>/ under the
    # URL namespace <name> (metaltalon/urls.py, through games.kinds.kind_urls); "" for none.
    urls_module: str = ""
    # Links the profile page offers to those pages: (words, URL name in that namespace), e.g.
    # ("Your Metabaloids decks", "decks"); games.kinds.profile_links resolves them. None by default.
    profile_links: tuple[tuple[str, str], ...] = ()

    # === WORDS ===
    # The platform's words that depend on the game, each with a neutral default a kind need not declare
    # (games.kinds.words reads a missing one as the default): what a seat's label is ("Faction").
    seat_label: str = "Role"
    # What expelling an absent player does to their part of the game (the vote's question).
    expel_fate: str = "they leave the game, as if eliminated"
    # Since when a player's moves can be taken back (undo_barrier's barrier, in words).
    undo_since: str = "since the last move that cannot be taken back"
    # A game in its setup phase: its status ("Choosing factions") and what a seat to act is asked to do
    # (a mail's subject: "choose before play starts").
    setup_status: str = "Setting up"
    setup_prompt: str = "your choice before play starts"
    # What the clock does for a seat whose setup choice's time runs out (a reminder mail says it).
    setup_timeout: str = "the clock makes your choice for you"
    # The unit the count people read is in (shown_turn): "turn" when every seat's turn counts one (Metal
    # Adventures, the race), "round" when a number counts every seat having had a turn (MetalTalon).
    turn_unit: str = "turn"

    # === MAIL ===
    # The verbs that answer a roll the game waits on (MetalTalon's accept and reroll): in a mail written
    # before the dice fell, one given when no roll waits is passed over rather than refused
    # (games/actions/mail.py). Every kind declares it, () when none of its commands answers a roll.
    roll_answers: tuple[str, ...] = ()
    # The verbs of the commands that change nothing and answer their own seat (Metabaloids' `orders`, the
    # list of the seat's standing orders): a mailed one is played, so that the answer carries the reply,
    # rather than passed over as an order already standing (games/actions/mail.py). () when none.
    queries: tuple[str, ...] = ()

    # === OPTIONS ===
    def default_options(self) -> dict[str, Any]: ...
    def check_options(self, options: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options, completed and normalised; BadOptions when not offered."""
        ...
    def describe_options(self, options: Mapping[str, Any]) -> str: ...
    def option_fields(self) -> dict[str, Any]:
        """The lobby's form fields for the options (Django form fields, by option name)."""
        ...
    def option_filters(self) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """(option name, label, choices) the lobby may filter open games by."""
        ...
    def rating_pool(self, options: Mapping[str, Any]) -> tuple[str, str]:
        """(key, label) of the games rated together with a game of these options: MetalTalon rates each
        edition apart (docs/ratings.md)."""
        ...

    # === STATE ===
    def new_state(self, options: Mapping[str, Any], players: int, dice: Dice) -> Any: ...
    def load(self, data: dict[str, Any]) -> Any: ...
    def dump(self, state: Any) -> dict[str, Any]: ...
    def phase(self, state: Any) -> str:
        """"setup", "play" or "over"."""
        ...
    def turn(self, state: Any) -> int:
        """The turn's number as people read it (the page's title, the log, "since your last turn", the
        game-over charts). What the platform keys on is the prompt (prompts())."""
        ...
    def shown_turn(self, state: Any, turn: int) -> int:
        """The number people read for the kind's turn `turn` (the current one or an earlier one of this
        game), in its `turn_unit`: the page's title, the mails, the summary. Optional: a kind without it is
        read by its turn number (games.kinds.shown_turn)."""
        ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def prompts(self, state: Any, names: Sequence[str] | None) -> list[Prompt]:
        """What each seat of to_act(state) is asked now, one Prompt per seat in to_act's order (`names`:
        the seats' player names for the question's words, None for "Seat 1"...). A kind that asks nothing
        out of turn returns turn_prompts(...)."""
        ...
    def seat_outcome(self, state: Any, seat: int) -> SeatOutcome: ...
    def result(self, state: Any, events: Sequence[Event]) -> dict[str, Any]:
        """{"winner": seat or None, "places": [seat, ...] best first}; `events` are every counted event."""
        ...
    def tallies(self, state: Any) -> dict[int, dict[str, int]]:
        """Public figures per seat that the game-over summary charts turn by turn, label to value
        ({0: {"Ships": 2, "Credits": 31}, ...}); the same labels for every seat. Never hidden information:
        every seat and spectator sees the chart."""
        ...

    # === COMMANDS ===
    def split(self, text: str) -> list[str]:
        """One submission into commands, with the kind's limits (Refused beyond them)."""
        ...
    def anytime(self, command: str) -> bool:
        """A command any seat still in may give whoever's turn it is (standing orders, resign)."""
        ...
    def is_command(self, text: str) -> bool:
        """The text reads as one of the kind's commands (its first word is a command word), legal or not:
        how a mailed reply tells the commands from the words a player writes around them."""
        ...
    def command_words(self) -> Sequence[str]:
        """Every word a command may start with: how a mailed reply's typo finds the command meant."""
        ...
    def legal_commands(self, state: Any, seat: int) -> list[str]: ...
    def play(self, state: Any, seat: int, command: str, dice: Dice | None) -> tuple[Any, list[Event]]:
        """One command; Refused leaves nothing changed. Never mutates `state`. Every random value comes
        from `dice`; None only replays actions logged before live dice, from the kind's own seed."""
        ...
    def timeout_commands(self, state: Any, seat: int) -> list[str]:
        """What the clock plays for an awaited seat whose time ran out: the least that ends what the
        game waits for (a setup choice's default, an answer to a roll, the end of the turn). Each must be
        legal now; [] when nothing would do."""
        ...
    def leave_commands(self, state: Any, seat: int) -> list[str]:
        """What takes a seat out of the game as if eliminated, whoever's turn it is (an absent player the
        others voted to expel: docs/clock.md)."""
        ...
    def undo_barrier(self, command: str, events: Sequence[Event]) -> bool:
        """True when this action cannot be taken back (a roll, a draw, an answer to a roll, a seat out)."""
        ...

    # === BOTS (docs/bots.md) ===
    # The bot levels the kind offers, easiest first: at least "random", which plays any kind.
    bot_levels: tuple[str, ...]
    # What each of its other levels does, in a few words for the lobby's choices ("greedy": "the best
    # move it sees now"); games.kinds.bot_hints reads a missing one as none (the level's title alone).
    bot_hints: Mapping[str, str] = {}

    def bot(self, level: str, rng: random.Random, *, seconds: float | None = None,
            orders: bool = True) -> Bot:
        """A bot of that level (KeyError for one the kind does not offer). `seconds`: how long a
        searching bot may think per decision; `orders`: False for a bot standing in for a player (the
        clock's), which leaves the player's standing orders as they are."""
        ...

    # === WHAT PEOPLE SEE ===
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The state as `seat` may see it (None: a spectator): JSON-safe, no hidden information."""
        ...
    def bot_state(self, state: Any, seat: int) -> Any:
        """What a bot of `seat` chooses from: `view(state, seat)` loaded back into a state the kind's
        bots and legal_commands read, so a bot never holds another seat's hidden information."""
        ...
    def describe(self, event: Event, state: Any, names: Sequence[str] | None) -> str:
        """One event in words for every reader (narrate() calls it for what every reader may know)."""
        ...
    def narrate(self, state: Any, seat: int | None, command: str, events: Sequence[Event],
                reader: int | None, names: Sequence[str] | None, you: int | None = None) -> Narration:
        """The action `seat` took (`command`, which made `events`) as `reader` may read it while the game
        is in play (None: a spectator, the admin): a hidden choice shown only to the seat that made it.
        `you`: the seat of the player the words are for, whom a kind may address as "you" (None: nobody,
        every seat by name); the reader's own while in play, still theirs once the game is over when
        games/narration.py reads every action as its seat did. Every channel reads actions in play only
        through this (games/narration.py); a kind that hides nothing returns open_narration(...)."""
        ...
    def text_board(self, state: Any, seat: int | None, names: Sequence[str] | None = None) -> str:
        """The position as plain text for `seat` (None: a spectator), as a mail shows it. `names`: the
        seats' player names, for a kind whose board names seats as its commands do ("Seat 2") to say who
        sits there; None leaves them out."""
        ...
    def board_svg(self, state: Any, seat: int | None) -> str: ...
    def board_png(self, state: Any, seat: int | None, width: int) -> bytes:
        """board_svg(state, seat) as a PNG `width` pixels wide in at most 256 colours, for the mails
        (games/mail/position.py). Optional: without it the mail renders board_svg through cairosvg, a
        quarter of a second and more for a big board; a kind whose pictures are mailed often draws its own
        faster (MetalTalon: games/kinds/metaltalon/mail_picture.py)."""
        ...
    def page_context(self, page: PageInput) -> dict[str, Any]: ...
    def command_from_form(self, data: Mapping[str, str], state: Any, seat: int | None,
                          user: Any = None) -> str:
        """The command text a posted form of the kind's templates means (a builder's fields, a button).
        `user`: who posted it (the game page passes the signed-in player), for a kind whose form names
        something the player saved (Metabaloids' decks); None when unknown."""
        ...
    def selection_after(self, commands: list[str], events: list[Event]) -> dict[str, str]:
        """What the page should keep selected after these commands were played (GET parameters)."""
        ...
