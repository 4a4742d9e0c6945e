"""What the API shows of a game, built for one reader: the games they may see, and each game as their
seat sees it. Hidden information never leaves here: the state goes out only through the kind's
view(state, seat) for the reader's own seat (a spectator's view otherwise), and the log through
public_command while the game is in play, as on the web (games/history.py)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from games.kinds import get_kind
from games.models import Game, Seat
from games.queries import can_view


def visible_games(user: Any) -> QuerySet[Game]:
    """Public games, and private ones the user plays in, was invited to or created."""
    mine = Q(seats__user=user) | Q(invitations__user=user) | Q(created_by=user)
    ids = Game.objects.filter(mine).values("pk")
    return Game.objects.filter(Q(visibility=Game.Visibility.PUBLIC) | Q(pk__in=ids))


def game_for(user: Any, game_id: int) -> Game | None:
    """The game if the user may see it; None for one that does not exist and for one they may not see,
    alike (a private game's existence stays hidden)."""
    game = Game.objects.filter(pk=game_id).first()
    return game if game is not None and can_view(game, user) else None


def summary(game: Game, user: Any, seats: list[Seat] | None = None) -> dict[str, Any]:
    seats = seats if seats is not None else list(game.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    return {
        "id": game.pk, "kind": game.kind, "title": get_kind(game.kind).title, "options": game.options,
        "options_text": game.options_text, "players": game.players, "visibility": game.visibility,
        "rated": game.rated, "status": game.status, "version": game.version,
        "my_seat": mine.index if mine is not None else None,
        "my_turn": bool(mine is not None and mine.awaiting and game.is_active),
        "url": game.get_absolute_url(), "created_at": game.created_at, "finished_at": game.finished_at,
    }


def detail(game: Game, user: Any) -> dict[str, Any]:
    kind = get_kind(game.kind)
    seats = list(game.seats.select_related("user__profile").order_by("index", "joined_at"))
    out = summary(game, user, seats)
    state = kind.load(game.state) if game.state is not None else None
    out.update(
        seats=[{"index": s.index, "name": s.name, "player_id": s.user_id, "bot": s.bot or None,
                "label": s.faction, "status": s.status, "awaiting": s.awaiting} for s in seats],
        to_act=list(kind.to_act(state)) if state is not None else [],
        result=game.result,
        view=kind.view(state, out["my_seat"]) if state is not None else None,
    )
    return out


def log(game: Game, after: int) -> list[dict[str, Any]]:
    kind = get_kind(game.kind)
    rows = game.actions.filter(seq__gt=after).order_by("seq")[:500]
    return [{"seq": a.seq, "seat": a.seat,
             "command": a.command if game.is_over else kind.public_command(a.command), "turn": a.turn,
             "source": a.source, "undone": a.undone, "events": a.events, "at": a.created_at}
            for a in rows]
