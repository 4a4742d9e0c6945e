"""What each awaited seat is asked, in words (games/kinds/protocol.py, Prompt): the mails, the API's
"awaiting" and the webhooks read the question here, with the seats' names."""

from __future__ import annotations

from typing import Any

from games import seats as seats_of
from games.kinds import get_kind
from games.kinds.protocol import Prompt
from games.models import Game

# The prompt key of a seat the game does not await, as a mail to it carries it (no kind's key: it starts
# with no letter or digit, games/kinds/protocol.py PROMPT_KEY): a reply to such a mail that gives more
# than standing orders is answered as stale once the seat is asked something (games/actions/mail.py).
NOT_ASKED = "-"


def asked(game: Game, state: Any = None) -> dict[int, Prompt]:
    """Each awaited seat's prompt, by seat index, worded with the players' names; {} for a game out of
    play. `state`: the game's state when the caller holds it loaded already."""
    if game.state is None or game.status not in (Game.Status.SETUP, Game.Status.ACTIVE):
        return {}
    kind = get_kind(game.kind)
    if state is None:
        state = kind.load(game.state)
    names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
    return {p.seat: p for p in kind.prompts(state, names)}
