"""Which of a reply's written lines are commands, as people write them in mail (docs/architecture.md, "Playing
by e-mail"): a greeting before the first command, a numbered or bulleted list, commands separated by commas
or by ";", a full stop after a command. Reading stops at the first line that is none of these, and the
reading says why it stopped (a line that is not a command, with the nearest command word when it looks
like a typo of one, or the most a mail may hold), so the answer can tell the player.

Game-agnostic: the kind says what reads as one of its commands (`Kind.is_command`) and which words its
commands start with (`Kind.command_words`)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from games.actions.mail import GO_ON, REMATCH, UNDO
from games.kinds import Kind
from games.mail import errands
from games.mail.replies import MAX_LINE

# Words a reply may hold besides the kind's commands: `help` and `board` ask, `go on` asks that a refused
# command not stop the mail (games/actions/mail.py), `rematch` asks for the same game again once it is over,
# `undo` is played in order; the errands (say, nudge, games, rules, notify, vacation, back:
# games/mail/errands.py) are read among the asks, in their normal form.
ASKS = ("help", "board", GO_ON, REMATCH)
# More lines than any turn needs: a reply that goes on is not read past this.
MAX_LINES = 60
# More commands than any turn needs (a line may hold several, separated by ;): the rest is not read.
MAX_COMMANDS = 40
# Why reading stopped (Reading.stop).
NOT_A_COMMAND = "not a command"
TOO_MANY = "too many commands"
TOO_LONG = "too many lines"

# "1. launch 1e 1s", "2) end", "- keep", "* end", "• end": the list's marker is not part of the command.
_LIST_MARKER = re.compile(r"^(?:\d{1,2}[.)]|[-*•–+·])\s+")
# Greetings people open a mail with, in the languages the reply parser reads (games/mail/replies.py).
_GREETINGS = frozenset({"hi", "hello", "hey", "hiya", "howdy", "dear", "greetings", "yo", "hallo", "moin",
                        "servus", "liebe", "lieber", "bonjour", "bonsoir", "salut", "coucou", "hola",
                        "buenos", "buenas", "hoi", "dag", "beste", "ciao"})
_DAYTIME = frozenset({"morning", "afternoon", "evening", "day", "morgen", "tag", "abend"})
_GREETING_WORDS = 6  # "Hi Ann and Bob," is a greeting; a sentence that starts "Hi" and goes on is not
# How close a word must be to a command word to be offered as the one meant ("kepe" -> "keep").
_TYPO_CUTOFF = 0.6


@dataclass(frozen=True)
class Reading:
    """The commands in order (`undo` among them), the asks, and where reading stopped: the first part not
    read (`ignored`, "" when all was read), why (`stop`), and the command the player may have meant."""

    commands: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    ignored: str = ""
    stop: str = ""
    meant: str = ""


def read_commands(text: str, kind: Kind) -> Reading:
    """A reply's written text (games/mail/replies.py) read as commands; see the module's docstring."""
    commands: list[str] = []
    asked: list[str] = []
    for n, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        if n >= MAX_LINES:
            return Reading(commands, asked, line.strip(), TOO_LONG)
        line = unlisted(line)
        if not commands and not asked and is_greeting(line, kind.is_command):
            continue
        if errands.first_word(line) == errands.SAY:  # a chat line is all text: no ";" or "," splits it
            # A line as long as replies.py reads was cut there: the chat must not get half of it.
            asked.append((errands.errand(line) or line) + (errands.CUT if len(line) >= MAX_LINE - 1 else ""))
            continue
        for part in _parts(line, kind):
            word = part.lower()
            if word in ASKS:
                asked.append(word)
            elif (said := errands.errand(part)) is not None:
                asked.append(said)
            elif len(commands) >= MAX_COMMANDS:
                return Reading(commands, asked, part, TOO_MANY)
            elif word == UNDO or kind.is_command(part):
                commands.append(part[:200])
            else:
                return Reading(commands, asked, part, NOT_A_COMMAND, _meant(part, kind))
    return Reading(commands, asked)


def unlisted(line: str) -> str:
    """The line without its list marker ("1. end", "- end": "end"), stripped: at a seat's address
    (read_commands) as at the site's (games/mail/site_address.py)."""
    return _LIST_MARKER.sub("", line.strip())


def _readable(part: str, kind: Kind) -> bool:
    return part.lower() in (*ASKS, UNDO) or errands.errand(part) is not None or kind.is_command(part)


def _parts(line: str, kind: Kind) -> list[str]:
    """The line's commands: split at ";", then at "," where every piece reads as a command (a comma
    inside one command is left alone), a full stop or "!" after a command dropped."""
    parts: list[str] = []
    for part in (p.strip() for p in line.split(";")):
        pieces = [p.strip() for p in part.split(",") if p.strip()]
        if len(pieces) > 1 and all(_readable(_unstopped(p, kind), kind) for p in pieces):
            parts.extend(_unstopped(p, kind) for p in pieces)
        elif part:
            parts.append(_unstopped(part, kind))
    return parts


def _unstopped(part: str, kind: Kind) -> str:
    """"end." as "end"; words that are no command keep their punctuation, as the answer quotes them."""
    bare = part.rstrip(".!")
    return bare if bare != part and bare and _readable(bare, kind) else part


def is_greeting(line: str, is_command: Callable[[str], bool]) -> bool:
    """The line opens a mail as people greet ("Hi Ann,", "Good morning all,", "Hallo zusammen,"), and is
    none of the commands `is_command` reads: passed over before the first command, at a seat's address
    (read_commands) as at the site's (games/mail/site_address.py)."""
    words = re.findall(r"[\w']+", line.lower())
    # A comma only at its end: "Hi Ann," greets, "Hi, I am moving now" is a sentence.
    if not words or len(words) > _GREETING_WORDS or "," in line.rstrip(" ,!.:") or is_command(line):
        return False
    return words[0] in _GREETINGS or (words[0] in ("good", "guten", "goede") and len(words) > 1
                                      and words[1] in _DAYTIME)


def _meant(part: str, kind: Kind) -> str:
    """The part with its first word replaced by the nearest command word, when one is close: "" if none."""
    first, _, rest = part.partition(" ")
    # One word against one.
    words = [w for w in (*kind.command_words(), *ASKS, UNDO, *errands.WORDS) if " " not in w]
    close = difflib.get_close_matches(first.lower(), words, n=1, cutoff=_TYPO_CUTOFF)
    if not close or close[0] == first.lower():
        return ""
    return f"{close[0]} {rest}".strip()
