"""Reading a game's past: replaying its log (with the dice each action recorded), the state after any
step, and the downloads. Nothing here writes.

What may leave the server depends on the game: while it is in play the downloads carry each seat's
view (the kind's view() for a spectator) and no recorded draws; once it is over they carry everything
(docs/architecture.md, "Fair dice").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.dice import ReplayDice
from games.kinds import Kind, get_kind
from games.models import Action, Game


def replay(kind: Kind, state: Any, actions: Iterable[Action]) -> Any:
    """Re-apply logged actions with the values they drew. An action logged before live dice (dice null)
    replays from the state's own generator, as it was played."""
    for action in actions:
        seat = action.seat if action.seat is not None else 0
        if action.dice is None:
            state, _events = kind.play(state, seat, action.command, None)
            continue
        dice = ReplayDice(action.dice)
        state, _events = kind.play(state, seat, action.command, dice)
        dice.check_spent()
    return state


def log_actions(game: Game) -> list[Action]:
    """The actions that count (undone ones are skipped), in order."""
    return list(game.actions.filter(undone=False).order_by("seq"))


def state_after(game: Game, actions: Sequence[Action], step: int) -> Any:
    """The state after the first `step` counted actions (0: the start), from the nearest snapshot."""
    if step < 0 or step > len(actions):
        raise ValueError(f"step must be between 0 and {len(actions)}")
    target_seq = actions[step - 1].seq if step else 0
    snapshot = game.snapshots.filter(seq__lte=target_seq).order_by("-seq").first()
    if snapshot is None:
        return None
    kind = get_kind(game.kind)
    todo = [a for a in actions[:step] if a.seq > snapshot.seq]
    return replay(kind, kind.load(snapshot.state), todo)


def record(game: Game) -> dict[str, Any]:
    """The full record of a game as JSON-safe data (the download). In play: the public view of each
    state and no dice; over: everything, so anyone can check the game replays from its log."""
    kind = get_kind(game.kind)
    over = game.is_over
    seats = game.seats.exclude(index=None).select_related("user__profile").order_by("index")
    initial = game.snapshots.filter(seq=0).values_list("state", flat=True).first()

    def shown(data: dict[str, Any] | None) -> dict[str, Any] | None:
        if data is None or over:
            return data
        return kind.view(kind.load(data), None)

    actions = []
    for a in game.actions.order_by("seq"):
        command = a.command if over else kind.public_command(a.command)
        row = {"seq": a.seq, "seat": a.seat, "command": command, "source": a.source, "turn": a.turn,
               "undone": a.undone, "events": a.events, "at": a.created_at.isoformat()}
        if over:
            row["dice"] = a.dice
        actions.append(row)
    return {
        "game": game.pk, "kind": game.kind, "options": game.options, "players": game.players,
        "status": game.status, "version": game.version, "result": game.result,
        "created_at": game.created_at.isoformat(),
        "started_at": game.started_at.isoformat() if game.started_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "seats": [{"index": s.index, "name": s.name, "label": s.faction, "status": s.status} for s in seats],
        "initial_state": shown(initial),
        "actions": actions,
        "final_state": shown(game.state),
        # The moderators' lines of the game's log (docs/moderation.md), each after action `after`.
        "moderation": [{"after": e.after_seq, "act": e.act, "summary": e.summary, "reason": e.reason,
                        "at": e.created_at.isoformat()}
                       for e in game.audit.filter(public=True).order_by("created_at", "pk")],
    }


def command_log(game: Game) -> str:
    """The counted commands as text, one per line: `seq seat command` (and, once the game is over, the
    values each one drew)."""
    kind = get_kind(game.kind)
    names = {s.index: s.name for s in game.seats.exclude(index=None).select_related("user__profile")}
    lines = [f"# {kind.title} game {game.pk}: {kind.describe_options(game.options)}, {game.players} players"]
    lines += [f"# seat {i + 1}: {names[i]}" for i in sorted(names)]
    for a in log_actions(game):
        command = a.command if game.is_over else kind.public_command(a.command)
        line = f"{a.seq}\t{a.seat + 1 if a.seat is not None else '-'}\t{command}"
        if game.is_over and a.dice:
            line += "\t# dice " + " ".join(str(d[2]) for d in a.dice)
        lines.append(line)
    return "\n".join(lines) + "\n"
