"""The words of a player's life on the site that a reply may hold besides the game's commands
(docs/architecture.md, "Playing by e-mail"), so a player who only uses mail can do what the web lets them:

    say <text>            post <text> to the game's chat (the rest of the line, as written)
    nudge                 remind the players the game waits for
    games                 the player's games: whose turn, deadlines
    rules                 the rules page and the sides of this game
    notify every|away|never   when turn mails come (the profile's choice; "every" undoes an unsubscribe)
    vacation [<days>]     go on vacation (for that many days, at most those in hand)
    back                  come back from vacation

Reading only: `errand(part)` says whether a part of a line is one, in its normal form; games/actions/
errands.py does them, through the same actions as the web."""

from __future__ import annotations

SAY = "say"
NUDGE = "nudge"
GAMES = "games"
RULES = "rules"
NOTIFY = "notify"
VACATION = "vacation"
BACK = "back"
# Every errand's first word: none is a first word of any kind's commands (tests/mail/test_errands.py).
WORDS = (SAY, NUDGE, GAMES, RULES, NOTIFY, VACATION, BACK)
# Put after a `say` whose line was longer than a mail's line is read (games/mail/replies.py, MAX_LINE):
# cut there, it is refused rather than posted in part.
CUT = " [cut]"
# Errands that ask for something in the answer and change nothing.
SHOWN = (GAMES, RULES)


def errand(part: str) -> str | None:
    """The part in its normal form ("notify every", "say Good luck!") when its first word is an errand's,
    else None. The text after `say` is kept as written; the other words are read in lower case."""
    first, _, rest = part.strip().partition(" ")
    word = first.lower().rstrip(":")
    if word not in WORDS:
        return None
    if word == SAY:
        return f"{SAY} {rest.strip()}".strip()
    return " ".join([word, *rest.lower().rstrip(".!").split()])


def first_word(line: str) -> str:
    return line.strip().partition(" ")[0].lower().rstrip(":")
