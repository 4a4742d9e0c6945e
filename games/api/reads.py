"""What the API shows of a game, built for one reader: the games they may see, and each game as their
seat sees it. Hidden information never leaves here: the state goes out only through the kind's
view(state, seat) for the reader's own seat (a spectator's view otherwise), and each action of the log
as the kind narrates it for that seat while the game is in play (games/narration.py); raw events only once
it is over."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from games.kinds import get_kind
from games.models import Game, Seat
from games.narration import narrate, raw_events, reader_of, reading
from games.prompts import asked
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
        awaiting=awaiting(game, seats, out["my_seat"], state),
        result=game.result,
        view=kind.view(state, out["my_seat"]) if state is not None else None,
    )
    return out


def awaiting(game: Game, seats: list[Seat], mine: int | None, state: Any) -> list[dict[str, Any]]:
    """The seats the game awaits, each with what it is asked and when its time runs out. The question in
    words goes to the seat asked only (it is addressed to them); every reader sees who is awaited, for
    their own turn or for a question out of turn, and until when."""
    questions = asked(game, state) if state is not None else {}
    due = {s.index: s.due_at for s in seats}
    return [{"seat": p.seat, "prompt": p.key, "own_turn": p.own_turn, "due": due.get(p.seat),
             "question": p.text if p.seat == mine else None,
             "default": p.default if p.seat == mine else None}
            for p in questions.values()]


def log(game: Game, after: int, user: Any) -> list[dict[str, Any]]:
    """The actions after seq `after`, each as the user's seat (or a spectator) may read it."""
    rows = list(game.actions.filter(seq__gt=after).order_by("seq")[:500])
    if not rows:
        return []
    kind, state, names = reading(game)
    reader = reader_of(game, user)
    out = []
    for a in rows:
        told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events,
                       reader=reader)
        out.append({"seq": a.seq, "seat": a.seat, "command": told.command, "turn": a.turn,
                    "source": a.source, "undone": a.undone, "lines": told.lines,
                    "events": raw_events(game, a.events), "at": a.created_at})
    return out


def played(game: Game, seat: int | None, applied: list[Any]) -> list[dict[str, Any]]:
    """The actions just played by `seat`, as that seat may read them."""
    kind, state, names = reading(game)
    out = []
    for a in applied:
        told = narrate(game, kind, state, names, seat=a.seat, command=a.command, events=a.events, reader=seat)
        out.append({"seq": a.seq, "command": told.command, "lines": told.lines,
                    "events": raw_events(game, a.events)})
    return out
