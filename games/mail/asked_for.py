"""What a mailed reply's `games` and `rules` (games/mail/errands.py) put in its answer: the player's games
as My games lists them (games/listing.py: whose turn, time left, the address that plays each by mail),
and the link to the game's rules page with each seat's side, in the kind's words.

A side is what every player sees on the game page (a faction, a base starship): nothing hidden."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import reverse

from games import queries
from games import seats as seats_of
from games.kinds import get_kind, rules_document, words
from games.listing import game_rows
from games.mail.addresses import seat_address
from games.models import Game, Seat

# A player with more games than this gets the first ones (those awaiting them first) and the site's link.
MOST_GAMES = 30


@dataclass(frozen=True)
class GameLine:
    title: str  # "MetalTalon game 12"
    status: str  # "your turn", "waiting for B Ann", "over: Ann won"
    deadline: str  # "" without one
    url: str
    address: str  # the seat address that plays it by mail ("" once it is over)


def rules_url(game: Game) -> str:
    """The game's rules page, absolute ("" for a kind without one)."""
    if rules_document(game.kind) is None:
        return ""
    return f"{settings.SITE_URL}{reverse('games:kind_rules', args=[game.kind])}"


def my_games(user: Any) -> tuple[list[GameLine], int]:
    """The user's games in play or setting up, awaiting them first, and how many more there are."""
    games = list(queries.my_games(user).filter(status__in=(Game.Status.SETUP, Game.Status.ACTIVE))
                 [:MOST_GAMES + 1])
    zone = getattr(getattr(user, "profile", None), "time_zone", "UTC") or "UTC"
    seats = {s.game_id: s for s in Seat.objects.filter(user=user, game__in=games)}
    lines = []
    for row in game_rows(games[:MOST_GAMES], user):
        game = row.game
        if row.awaiting_me:
            status = "your turn"
        elif row.to_play:
            status = "waiting for " + ", ".join(row.to_play)
        else:
            status = game.get_status_display().lower()
        deadline = ""
        if row.deadline is not None:
            deadline = row.deadline.sentence(zone) or (row.deadline.text if row.deadline.due else "")
        seat = seats.get(game.pk)
        lines.append(GameLine(title=f"{game.kind_title} game {game.pk}", status=status, deadline=deadline,
                              url=f"{settings.SITE_URL}{game.get_absolute_url()}",
                              address=seat_address(seat) if seat is not None else ""))
    return lines, max(0, len(games) - MOST_GAMES)


def sides(game: Game, seat: Seat) -> list[str]:
    """Each seat's side in the game, the reader's first: the kind's own sentences where it has them
    (`side_lines`), else its seat label and each seat's label ("Base starship: Vulture")."""
    if game.state is None or seat.index is None:
        return []
    kind = get_kind(game.kind)
    state = kind.load(game.state)
    names = seats_of.names(list(game.seats.select_related("user__profile")), game.players)
    own = getattr(kind, "side_lines", None)
    if own is not None:
        return list(own(state, seat.index, names))
    label = words(game.kind).seat_label
    order = [seat.index, *(i for i in range(len(names)) if i != seat.index)]
    out = []
    for i in order:
        side = kind.seat_outcome(state, i).label
        who = "You" if i == seat.index else f"{seats_of.letter(i)} {names[i]}"
        out.append(f"{who}: {label.lower()} {side}" if side else f"{who}: no {label.lower()} yet")
    return out
